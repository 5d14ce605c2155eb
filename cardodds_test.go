package craps

import (
	"math"
	"math/big"
	"testing"
)

// Bets played at a card table through Table.Deal, each made at the moment
// Analyze assumes and working on every throw, land within four standard
// errors of the exact card figures: the chance of a win and the return per
// unit, commission included. The table and the deck are the live game's;
// the analysis shares only the bets' definition with them. The come-out
// pair kept out is checked too with CRAPS_EXHAUSTIVE=1.
func TestCardAnalysisMatchesPlay(t *testing.T) {
	if !thorough() {
		t.Skip("a few hundred thousand card decisions")
	}
	const decisions = 60_000
	readings := []CardReading{CardsPairReturned}
	if exhaustiveSet() {
		readings = append(readings, CardsPairKept)
	}
	for i, reading := range readings {
		for j, c := range []struct {
			bet   Bet
			stake Amount
		}{
			{Bet{Kind: Place, Number: 6}, 6},
			{Bet{Kind: Hardway, Number: 8}, 1},
			{Bet{Kind: Come}, 1},
			{Bet{Kind: DontPass}, 1},
			{Bet{Kind: Field}, 1},
			{Bet{Kind: Lay, Number: 4}, 40},
			{Bet{Kind: Big6}, 1},
		} {
			r := Rules{Cards: reading}
			exact, err := r.Analyze(c.bet)
			if err != nil {
				t.Fatal(err)
			}
			tb := dkTable(t, reading)
			if err := tb.Join("ann", MaxAmount/2); err != nil {
				t.Fatal(err)
			}
			deck := NewDeck(uint64(i), uint64(j))
			atPoint, _ := c.bet.cardMoment()
			var won int
			var sum, sumSq float64
			var before Amount // ann's bankroll before the bet
			res := make([]Resolution, 0, 4)
			on, ready := false, !atPoint // the bet is on the layout; its moment has come
			for n := 0; n < decisions; {
				if !on && ready {
					before = tb.Players()[0].Bankroll
					if err := tb.Place("ann", c.bet, c.stake); err != nil {
						t.Fatal(err)
					}
					if c.bet.Kind == Place || c.bet.Kind == Hardway { // working on every throw, as analysed
						if err := tb.SetWorking("ann", c.bet, true); err != nil {
							t.Fatal(err)
						}
					}
					on = true
				}
				point := tb.Point()
				if _, res, err = tb.Deal(deck, res[:0]); err != nil {
					t.Fatal(err)
				}
				for _, rr := range res {
					if rr.Outcome == OutcomeMoved {
						continue
					}
					if rr.To != (Bet{}) { // a place bet stays up after a win: one decision is analysed
						if _, err := tb.TakeDown("ann", rr.To); err != nil {
							t.Fatal(err)
						}
					}
					if rr.Outcome == OutcomeWon {
						won++
					}
					net := float64(tb.Players()[0].Bankroll-before) / float64(c.stake)
					sum, sumSq = sum+net, sumSq+net*net
					on = false
					n++
				}
				if atPoint {
					ready = point == 0 && tb.Point() != 0
				} else {
					ready = tb.Point() == 0
				}
			}
			p, _ := exact.Win.Float64()
			ret, _ := exact.Return.Float64()
			mean := sum / decisions
			seWin := math.Sqrt(p * (1 - p) / decisions)
			seRet := math.Sqrt((sumSq/decisions - mean*mean) / decisions)
			zWin, zRet := (float64(won)/decisions-p)/seWin, (mean-ret)/seRet
			t.Logf("%v %v: won %.5f (exact %.5f, %+.1f SE), return %.5f (exact %.5f, %+.1f SE)", reading, c.bet,
				float64(won)/decisions, p, zWin, mean, ret, zRet)
			if math.Abs(zWin) > 4 || math.Abs(zRet) > 4 {
				t.Errorf("%v %v: won %.5f against %.5f exact (%.1f SE), returned %.5f against %.5f (%.1f SE)", reading, c.bet,
					float64(won)/decisions, p, zWin, mean, ret, zRet)
			}
		}
	}
}

// No figure of the card table is the dice's, under the card-craps rules'
// own reading. When the deck is whole before every throw, the bets on 5
// and 9 alone keep the dice's figures, and rightly: 5 and 9 come in 32 of
// 282 deals and 7 in 48, the dice's 4 to 6, so every chance of 5 or 9
// before 7 is the dice's; so do the repeaters on 3 and 11, never a pair
// either, for the same reason. (The come-out pair kept out: with
// CRAPS_EXHAUSTIVE=1.)
func TestCardFiguresNotDice(t *testing.T) {
	readings := []CardReading{CardsReshuffleEveryThrow}
	if thorough() {
		readings = append(readings, CardsPairReturned)
	}
	if exhaustiveSet() {
		readings = append(readings, CardsPairKept)
	}
	for _, reading := range readings {
		r := Rules{Cards: reading}
		cards, err := r.EdgeTable()
		if err != nil {
			t.Fatal(err)
		}
		dice, err := Standard().EdgeTable()
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range cards {
			d := dice[i]
			same := a.Win.Cmp(d.Win) == 0 || a.EdgePerBet.Cmp(d.EdgePerBet) == 0
			fiveNine := reading == CardsReshuffleEveryThrow && a.Bet.Kind != Hardway && (a.Bet.Number == 5 || a.Bet.Number == 9 ||
				a.Bet.Kind == Repeater && (a.Bet.Number == 3 || a.Bet.Number == 11))
			if same != fiveNine || a.Bet != d.Bet {
				t.Errorf("%v, %v: win %v, edge %v; dice %v, %v", reading, a.Bet,
					a.Win.FloatString(6), a.EdgePerBet.FloatString(6), d.Win.FloatString(6), d.EdgePerBet.FloatString(6))
			}
			// The bets that run until a 7, and the bets on a count of many
			// states, carry too many states with the deck's.
			simulated := madeAfterSeven(a.Bet.Kind) || a.Bet.Kind == HotShooter || a.Bet.Kind == BonusCraps
			if simulated != (a.Simulated != 0) && reading != CardsReshuffleEveryThrow {
				t.Errorf("%v, %v: simulated %d", reading, a.Bet, a.Simulated)
			}
		}
	}
}

// When the deck is shuffled before every throw, throws are independent
// and each bet's figures are closed forms in the come-out chances: 6 is 39
// of 282 deals, a pair of 3s 7 of them, 7 48, 4 23 and 2 7.
func TestCardReshuffleClosedForms(t *testing.T) {
	r := Rules{Cards: CardsReshuffleEveryThrow}
	for _, c := range []struct {
		reason string
		bet    Bet
		want   string
	}{
		{"6 before 7: 39/(39+48)", Bet{Kind: Place, Number: 6}, "13/29"},
		{"hard 6 before easy 6 or 7: 7/(39+48)", Bet{Kind: Hardway, Number: 6}, "7/87"},
		{"hard 4 before easy 4 or 7: 7/(23+48)", Bet{Kind: Hardway, Number: 4}, "7/71"},
		{"7 in one deal", Bet{Kind: Any7}, "8/47"},
		{"field: 2, 3, 4, 9, 10, 11, 12 in 7+16+23+32+23+16+7 of 282 deals", Bet{Kind: Field}, "62/141"},
		{"the pass line (the first recursion gave it)", Bet{Kind: PassLine}, "239302/483865"},
	} {
		a, err := r.Analyze(c.bet)
		if err != nil {
			t.Fatal(err)
		}
		if a.Win.RatString() != c.want {
			t.Errorf("%s: win %v, want %s", c.reason, a.Win.RatString(), c.want)
		}
	}
}

// The bets the analysis simulates under card rules: the figures are a
// fixed seed's (the same on every call), their probabilities add up, and
// where the deck is whole before every throw, so that all, tall and small
// can be solved exactly, the simulation of the same bets lands within four
// of its standard errors of the exact figures (tall; all and small too
// with CRAPS_EXHAUSTIVE=1).
func TestCardSimulatedBets(t *testing.T) {
	if !thorough() {
		t.Skip("a million decisions a bet")
	}
	r := Rules{Cards: CardsReshuffleEveryThrow}
	bets := []Bet{{Kind: Tall}}
	if exhaustiveSet() {
		bets = append(bets, Bet{Kind: All}, Bet{Kind: Small})
	}
	for _, b := range bets {
		exact, err := r.Analyze(b)
		if err != nil || exact.Simulated != 0 {
			t.Fatalf("%v: %v, simulated %d", b, err, exact.Simulated)
		}
		a, rows := r.betSteps(b, false)
		sim := r.simulateCards(b, rows, describePays(&r, b, a, rows), false)
		again := r.simulateCards(b, rows, describePays(&r, b, a, rows), false)
		sum := new(big.Rat).Add(sim.Win, sim.Lose)
		sum.Add(sum, sim.Push)
		if sim.Simulated != cardSimDecisions || sim.EdgeStdErr <= 0 || sum.Cmp(big.NewRat(1, 1)) != 0 ||
			sim.EdgePerBet.Cmp(again.EdgePerBet) != 0 || sim.Pays != exact.Pays {
			t.Errorf("%v: simulated %d, standard error %v, probabilities summing to %v, %v then %v, pays %q",
				b, sim.Simulated, sim.EdgeStdErr, sum, sim.EdgePerBet, again.EdgePerBet, sim.Pays)
		}
		e, _ := exact.EdgePerBet.Float64()
		s, _ := sim.EdgePerBet.Float64()
		t.Logf("%v: exact %.5f, simulated %.5f ± %.5f (%+.1f SE)", b, e, s, sim.EdgeStdErr, (s-e)/sim.EdgeStdErr)
		if math.Abs(s-e) > 4*sim.EdgeStdErr {
			t.Errorf("%v: simulated edge %.5f ± %.5f, exact %.5f", b, s, sim.EdgeStdErr, e)
		}
	}
}

// Under card rules the line bet with odds weights each point by the
// deck's come-out chance and takes the card odds, and the hand's figures
// follow from the card pass line: the same sums done here by hand.
func TestCardWithOddsAndHand(t *testing.T) {
	r := Rules{Cards: CardsReshuffleEveryThrow}
	line, err := r.Analyze(Bet{Kind: PassLine})
	if err != nil {
		t.Fatal(err)
	}
	deck, err := r.AnalyzeDeck()
	if err != nil {
		t.Fatal(err)
	}
	ret, wagered := new(big.Rat).Set(line.Return), big.NewRat(1, 1)
	sevenOut := new(big.Rat)
	for _, n := range []int{4, 5, 6, 8, 9, 10} {
		odds, err := r.Analyze(Bet{Kind: PassOdds, Number: n})
		if err != nil {
			t.Fatal(err)
		}
		stake := new(big.Rat).Mul(r.Odds.Multiple(n).Rat(), deck.ComeOut[n])
		wagered.Add(wagered, stake)
		ret.Add(ret, stake.Mul(stake, odds.Return))
		sevenOut.Add(sevenOut, new(big.Rat).Mul(deck.ComeOut[n], odds.Lose))
	}
	want := new(big.Rat).Quo(ret.Neg(ret), wagered)
	lo, err := r.WithOdds(Bet{Kind: PassLine}, OddsLimit{})
	if err != nil {
		t.Fatal(err)
	}
	if lo.EdgePerBet.Cmp(want) != 0 || lo.Wagered.Cmp(wagered) != 0 {
		t.Errorf("pass with 3-4-5x odds: edge %v wagered %v, want %v and %v", lo.EdgePerBet, lo.Wagered, want, wagered)
	}
	h, err := r.Hand()
	if err != nil {
		t.Fatal(err)
	}
	if h.SevenOut.Cmp(sevenOut) != 0 || h.ThrowsPerDecision.Cmp(line.Rolls) != 0 ||
		h.ThrowsPerHand.Cmp(new(big.Rat).Quo(line.Rolls, sevenOut)) != 0 {
		t.Errorf("hand: seven-out %v, throws %v a decision, %v a hand; want %v, %v, %v", h.SevenOut, h.ThrowsPerDecision, h.ThrowsPerHand,
			sevenOut, line.Rolls, new(big.Rat).Quo(line.Rolls, sevenOut))
	}
}
