package craps

import (
	"errors"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// [crapssim-86]: skent259/crapssim pull request 86, the comment of
// 2026-07-03 describing High Point craps: a come-out 11 or 12 wins, 2 and
// 3 decide nothing, any other total is the point, and 7 is not special
// once the point is set.

// highPointByHand is the shooter's chance to win a decision of High Point
// craps, counted over the 36 throws apart from the package: the come-outs
// that decide something or set a point (33 of 36), and for each point the
// throws above it.
func highPointByHand() *big.Rat {
	ways := func(n int) int64 { return int64(min(n-1, 13-n)) }
	above := func(p int) int64 {
		s := int64(0)
		for n := p + 1; n <= 12; n++ {
			s += ways(n)
		}
		return s
	}
	win := big.NewRat(ways(11)+ways(12), 33)
	for p := 4; p <= 10; p++ {
		win.Add(win, new(big.Rat).Mul(big.NewRat(ways(p), 33), big.NewRat(above(p), 36)))
	}
	return win
}

// TestHighPointExact: the pass line of High Point craps wins 145/297 of
// its decisions (the count by hand), an edge of 7/297; don't pass is its
// mirror; a decision takes 2 throws, and a hand ends on a point lost.
func TestHighPointExact(t *testing.T) {
	r := HighPointCraps()
	win := highPointByHand()
	if win.RatString() != "145/297" {
		t.Fatalf("by hand: %s", win.RatString())
	}
	pass := analysisOf(t, r, Bet{Kind: PassLine})
	edge := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(big.NewRat(2, 1), win))
	if pass.Win.Cmp(win) != 0 || pass.Return.Cmp(new(big.Rat).Neg(edge)) != 0 || pass.Rolls.Cmp(big.NewRat(2, 1)) != 0 {
		t.Errorf("pass line: win %s, return %s, rolls %s; want %s, -%s, 2", pass.Win.RatString(), pass.Return.RatString(),
			pass.Rolls.RatString(), win.RatString(), edge.RatString())
	}
	r.NotOffered = 0
	dont := analysisOf(t, r, Bet{Kind: DontPass})
	if dont.Win.Cmp(pass.Lose) != 0 || dont.Return.Cmp(edge) != 0 {
		t.Errorf("don't pass: win %s, return %s; want the pass line's loss %s and +%s", dont.Win.RatString(), dont.Return.RatString(),
			pass.Lose.RatString(), edge.RatString())
	}
	h, err := r.Hand()
	if err != nil {
		t.Fatal(err)
	}
	// Every loss is a point lost, the end of the hand: 152/297 a decision.
	if h.SevenOut.Cmp(pass.Lose) != 0 || h.ThrowsPerDecision.Cmp(big.NewRat(2, 1)) != 0 || h.ThrowsPerHand.RatString() != "297/76" {
		t.Errorf("hand: %+v", h)
	}
	if got := r.Points(); !cmp.Equal(got, []int{4, 5, 6, 7, 8, 9, 10}) {
		t.Errorf("points %v", got)
	}
	if p, err := r.Pays(Bet{Kind: PassLine}, 7, Dice{4, 4}); err != nil || p != evenMoney {
		t.Errorf("the point 7, then 8: pays %v, %v", p, err)
	}
	for _, b := range []Bet{{Kind: PassOdds, Number: 6}, {Kind: Fire}, {Kind: PointSeven}, {Kind: MuggsysCorner}} {
		if err := r.Offers(b); !errors.Is(err, ErrNotOffered) {
			t.Errorf("High Point offers %v: %v", b, err)
		}
	}
	// Between players, the point 7 is a bet on the next throw above 7:
	// 15/36 against 21/36; in craps 7 is no point.
	street := Street()
	street.HighPoint = true
	if a := analysisOf(t, street, Bet{Kind: PointBet, Number: 7}); a.Win.RatString() != "5/12" || a.Return.RatString() != "-1/6" {
		t.Errorf("the point 7 between players: win %s, return %s; want 5/12, -1/6", a.Win.RatString(), a.Return.RatString())
	}
	if err := Street().Offers(Bet{Kind: PointBet, Number: 7}); !errors.Is(err, ErrNotOffered) {
		t.Errorf("the point 7 in craps: %v", err)
	}
	for _, bad := range []Rules{{HighPoint: true, Crapless: true}, {HighPoint: true, ComeOutPush: Totals(11)},
		{HighPoint: true, HardPointPays: Ratio{6, 5}}, {HighPoint: true, Bar: 2}, {HighPoint: true, Cards: CardsPairReturned}} {
		if err := bad.Validate(); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%+v: Validate = %v, want ErrInvalidRules", bad, err)
		}
	}
}

// TestHighPointTable plays High Point on a Table: a 2 decides nothing,
// the point 7 is set and won by an 8, a point lost passes the dice, and
// a table saved on the point 7 restores.
func TestHighPointTable(t *testing.T) {
	tb := ttNewTable(t, HighPointCraps(), 1000)
	pass := Bet{Kind: PassLine}
	ttDo(t, tb, ttStake(pass, 10))
	if err := tb.Place("p", Bet{Kind: Field}, 10); !errors.Is(err, ErrNotOffered) {
		t.Errorf("the field at High Point: %v", err)
	}
	res := ttDecidedAtEnd(t, "2, then 7, then 8", tb, []Dice{{1, 1}, {3, 4}, {4, 4}})
	if diff := cmp.Diff(ttRes(ttWon(pass, 10, 10)), res); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	ttDo(t, tb, ttStake(pass, 10), ttThrow(Dice{3, 4}))
	if tb.Point() != 7 {
		t.Fatalf("the point %d, want 7", tb.Point())
	}
	restored := ttRestore(t, ttSave(t, tb))
	if !ttSameTable(tb, restored) {
		t.Error("the point 7 did not restore")
	}
	shooter := tb.Shooter()
	res = ttDecidedAtEnd(t, "a 7 on the point 7", tb, []Dice{{2, 5}})
	if diff := cmp.Diff(ttRes(ttLost(pass, 10)), res); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if tb.Shooter() == shooter {
		t.Error("a point lost kept the dice with the shooter")
	}
	ttDo(t, tb, ttStake(pass, 10))
	res = ttDecidedAtEnd(t, "a come-out 12", tb, []Dice{{6, 6}})
	if diff := cmp.Diff(ttRes(ttWon(pass, 10, 10)), res); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

// TestHighPointSimulated: a seeded simulation of High Point's line bets
// lands within 4 standard errors of the exact return. With
// CRAPS_EXHAUSTIVE=1 only.
func TestHighPointSimulated(t *testing.T) {
	exhaustive(t)
	rapid.Check(t, func(t *rapid.T) {
		r := Rules{HighPoint: true}
		b := Bet{Kind: rapid.SampledFrom([]BetKind{PassLine, DontPass}).Draw(t, "kind")}
		checkSimulatedReturn(t, r, b, 10)
	})
}
