package craps

import (
	"context"
	"errors"
	"math"
	"math/big"
	"testing"
)

// TestShoeText reads and writes shoes: eight of each rank is the zero
// Shoe, the card-craps rules' deck.
func TestShoeText(t *testing.T) {
	for _, c := range []struct {
		text, back string
		shoe       Shoe
	}{
		{"8", "8", Shoe{}}, {"8,8,8,8,8,8", "8", Shoe{}}, {"16", "16", Shoe{16, 16, 16, 16, 16, 16}},
		{" 4, 4,4,4,4,2 ", "4,4,4,4,4,2", Shoe{4, 4, 4, 4, 4, 2}},
	} {
		s, err := ParseShoe(c.text)
		if err != nil || s != c.shoe || s.String() != c.back {
			t.Errorf("ParseShoe(%q) = %v, %v (%s); want %v, %s", c.text, s, err, s, c.shoe, c.back)
		}
	}
	for _, bad := range []string{"", "x", "1,2", "256", "-1", "1,1,1,1,1,1,1", "0", "0,0,0,0,0,0"} {
		if _, err := ParseShoe(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseShoe(%q): %v, want ErrSyntax", bad, err)
		}
	}
	for _, c := range []struct {
		r      Rules
		reason string
	}{
		{Rules{Shoe: Shoe{4, 4, 4, 4, 4, 4}}, "a shoe with dice"},
		{Rules{Cards: CardsPairReturned, Shoe: Shoe{65, 65, 65, 65, 65, 65}}, "390 cards, past MaxShoeCards"},
		{Rules{Cards: CardsPairReturned, Shoe: Shoe{8, 8, 8, 0, 0, 0}}, "no 7: no ace with a 6, 2 with a 5, 3 with a 4"},
		{Rules{Cards: CardsPairReturned, Shoe: Shoe{1, 0, 0, 0, 0, 1}}, "only 7s: no point"},
	} {
		if err := c.r.Validate(); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%s: %v, want ErrInvalidRules", c.reason, err)
		}
	}
	if err := (Rules{Shoe: Shoe{8, 8, 8, 8, 8, 8}}).Validate(); err != nil {
		t.Errorf("the 48-card deck written out, at a dice table: %v", err)
	}
	if err := (Rules{Cards: CardsPairReturned, Shoe: Shoe{64, 64, 64, 64, 64, 64}}).Validate(); err != nil {
		t.Errorf("a shoe of eight decks: %v", err)
	}
}

// TestShoeAnalysisTwoWays: the exact card analysis of other shoes, through
// Rules.Shoe, agrees with the first recursion (passBig) under both
// readings that keep cards out, the pass line and the deck's run-outs.
func TestShoeAnalysisTwoWays(t *testing.T) {
	for _, shoe := range []Shoe{{2, 2, 2, 2, 2, 2}, {4, 4, 4, 4, 4, 4}, {1, 3, 2, 3, 2, 3}, {4, 4, 4, 4, 0, 0}} {
		for _, reading := range []CardReading{CardsPairReturned, CardsPairKept} {
			r := Rules{Cards: reading, Shoe: shoe}
			a, err := r.Analyze(Bet{Kind: PassLine})
			if err != nil {
				t.Fatal(err)
			}
			want, runOut := passBig(shoe.deck(), reading)
			if a.Win.Cmp(want) != 0 || a.Simulated != 0 {
				t.Errorf("%v, shoe %v: pass %s (simulated %d), the first recursion %s", reading, shoe, a.Win.FloatString(12), a.Simulated, want.FloatString(12))
			}
			d, err := r.AnalyzeDeck()
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Made) != len(runOut) || len(d.RunOut) != len(runOut) {
				t.Errorf("%v, shoe %v: %d points made, %d run out; the first recursion sets %d", reading, shoe, len(d.Made), len(d.RunOut), len(runOut))
			}
			for point, w := range runOut {
				if d.RunOut[point].Cmp(w) != 0 {
					t.Errorf("%v, shoe %v: runs out during %d with chance %v, the first recursion %v", reading, shoe, point, d.RunOut[point], w)
				}
			}
		}
	}
}

// TestShoeReshuffleExact: a shoe shuffled before every throw deals each
// throw from a full shoe, so any shoe's figures are exact, even one too
// large to count the decks of: two card-craps decks, sixteen of each
// rank, where a 7 is 16·16·6 of the 96·95 deals (16/95), and the pass
// line's closed form is the come-out's naturals and each point against
// the 7.
func TestShoeReshuffleExact(t *testing.T) {
	shoe := Shoe{16, 16, 16, 16, 16, 16}
	r := Rules{Cards: CardsReshuffleEveryThrow, Shoe: shoe}
	a, err := r.Analyze(Bet{Kind: PassLine})
	if err != nil || a.Simulated != 0 {
		t.Fatalf("%v, simulated %d", err, a.Simulated)
	}
	deal := func(total int) *big.Rat {
		k := int64(0)
		for x := range 36 {
			i, j := x/6, x%6
			if i+j+2 == total {
				k += 16 * (16 - int64(boolInt(i == j)))
			}
		}
		return big.NewRat(k, 96*95)
	}
	if got := deal(7); got.Cmp(big.NewRat(16*16*6, 96*95)) != 0 {
		t.Fatalf("a 7 is %v", got)
	}
	pass := new(big.Rat).Add(deal(7), deal(11))
	for _, n := range []int{4, 5, 6, 8, 9, 10} {
		p := deal(n)
		made := new(big.Rat).Quo(p, new(big.Rat).Add(p, deal(7)))
		pass.Add(pass, made.Mul(made, p))
	}
	if a.Win.Cmp(pass) != 0 {
		t.Errorf("pass with two decks reshuffled: %s, by hand %s", a.Win.RatString(), pass.RatString())
	}
	if d, err := r.AnalyzeDeck(); err != nil || d.RunOutPerDecision.Sign() != 0 {
		t.Errorf("AnalyzeDeck: %v, run-out %v", err, d.RunOutPerDecision)
	}
}

// TestShoeTooLargeIsSimulated: under a reading that keeps cards out, a
// shoe of two decks has too many decks to count (17^6 of them), so its
// bets are simulated, with a standard error, and the simulated pass line
// agrees with Simulate's play of the same shoe; AnalyzeDeck refuses it.
func TestShoeTooLargeIsSimulated(t *testing.T) {
	if !thorough() {
		t.Skip("simulates a million decisions")
	}
	r := Rules{Cards: CardsPairReturned, Shoe: Shoe{16, 16, 16, 16, 16, 16}}
	a, err := r.Analyze(Bet{Kind: PassLine})
	if err != nil || a.Simulated == 0 || !(a.EdgeStdErr > 0) {
		t.Fatalf("%v: simulated %d, standard error %v", err, a.Simulated, a.EdgeStdErr)
	}
	if _, err := r.AnalyzeDeck(); !errors.Is(err, ErrOverflow) {
		t.Errorf("AnalyzeDeck of two decks: %v, want ErrOverflow", err)
	}
	res, err := Simulate(context.Background(), SimConfig{Rules: r, Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: PassLine}, Amounts: []Amount{10}}}},
		Seed: 5, N: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	mean, se := res.Bets[0].Return()
	exact, _ := a.Return.Float64()
	if d := math.Abs(mean - exact); d > 4*math.Hypot(se, a.EdgeStdErr) {
		t.Errorf("pass line with two decks: Simulate %.5f ± %.5f, the analysis %.5f ± %.5f", mean, se, exact, a.EdgeStdErr)
	}
}

// TestShoeDeck deals a shoe of four of each rank: every card once before
// it runs out; a table of that shoe takes the zero Deck and refuses the
// card-craps rules' deck; a deck of the shoe saves and restores.
func TestShoeDeck(t *testing.T) {
	shoe := Shoe{4, 4, 4, 4, 4, 4}
	d := shoe.NewDeck(3, 4)
	var ranks [6]int
	for range 12 {
		x := d.deal(false)
		ranks[x.A-1]++
		ranks[x.B-1]++
	}
	if ranks != [6]int{4, 4, 4, 4, 4, 4} || d.Left() != 0 {
		t.Errorf("24 cards dealt by rank %v, %d left", ranks, d.Left())
	}
	tb, err := NewTable(Rules{Cards: CardsPairReturned, Shoe: shoe})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := tb.Deal(NewDeck(1, 1), nil); !errors.Is(err, ErrRollSource) {
		t.Errorf("a 48-card deck at a table of 24: %v, want ErrRollSource", err)
	}
	var zero Deck
	if _, _, err := tb.Deal(&zero, nil); err != nil || zero.shoe != shoe || zero.Left() > 24 {
		t.Errorf("the zero Deck at a table of 24: %v, shoe %v, %d left", err, zero.shoe, zero.Left())
	}
	data, _ := zero.MarshalBinary()
	var back Deck
	if err := back.UnmarshalBinary(data); err != nil || back != zero {
		t.Errorf("a 24-card deck restored: %v", err)
	}
}

// TestShoeFewerRanks: a shoe of the ace to 4 alone deals a 7 only as a 3
// and a 4, and never a 9 or a 10, so no come-out sets those points: odds
// on them are not offered (ErrNotOffered, out of the catalogue and the
// edge table), the line bet's odds are figured over the points it can
// set; a shoe of an odd number of cards, whose bets are simulated, never
// simulates a bet waiting for a point that never comes.
func TestShoeFewerRanks(t *testing.T) {
	for _, shoe := range []Shoe{{4, 4, 4, 4, 0, 0}, {1, 4, 4, 4, 0, 0}} {
		r := Rules{Cards: CardsPairReturned, Shoe: shoe}
		for _, b := range []Bet{{Kind: PassOdds, Number: 9}, {Kind: DontPassOdds, Number: 10}, {Kind: PointBet, Number: 10}} {
			if err := r.Offers(b); !errors.Is(err, ErrNotOffered) {
				t.Errorf("shoe %v: %v: %v, want ErrNotOffered", shoe, b, err)
			}
			if _, err := r.Analyze(b); !errors.Is(err, ErrNotOffered) {
				t.Errorf("shoe %v: Analyze(%v): %v, want ErrNotOffered", shoe, b, err)
			}
		}
		for _, b := range r.Catalogue() {
			if atPoint, p := b.cardMoment(); atPoint && (p == 9 || p == 10) {
				t.Errorf("shoe %v: the catalogue offers %v", shoe, b)
			}
		}
		if err := r.Offers(Bet{Kind: PassOdds, Number: 8}); err != nil {
			t.Errorf("shoe %v: odds on 8 (a 4 and a 4): %v", shoe, err)
		}
		if shoe[0]%2 != 0 {
			continue // simulated: seconds a bet
		}
		lo, err := r.WithOdds(Bet{Kind: PassLine}, r.Odds)
		if err != nil {
			t.Fatalf("shoe %v: pass with odds: %v", shoe, err)
		}
		// The odds wagered: 1 + the points' chances on the come-out times
		// their multiples, 3 on the 4, 4 on the 5, 5 on the 6 and 8.
		chances := r.throwChances()
		want := big.NewRat(1, 1)
		for x, d := range AllDice() {
			if m := map[int]int64{4: 3, 5: 4, 6: 5, 8: 5}[d.Total()]; m != 0 {
				want.Add(want, new(big.Rat).Mul(chances[x], big.NewRat(m, 1)))
			}
		}
		if lo.Wagered.Cmp(want) != 0 {
			t.Errorf("shoe %v: pass with 3-4-5x odds wagers %v, want %v", shoe, lo.Wagered, want)
		}
	}
}
