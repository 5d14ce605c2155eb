package craps

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// [WoO-plus]: Wizard of Odds, "Repeater Bets Plus" (the Linq, 2021), Table
// 1 (the bets and their pays, "for 1") and Table 2 (the surrender values,
// as far as the stored copy shows them).

// repeaterGroupByHand is the chance that some total of totals is thrown
// its repeater's number of times before a 7, by a recursion over the
// counts of every total, each kept apart: another path than the bet's
// packed state.
func repeaterGroupByHand(totals []int) *big.Rat {
	type counts [13]int
	// Only the throws that matter: a 7 (6 ways) or a total of the set.
	ways := int64(6)
	for _, t := range totals {
		ways += int64(Totals(t).Ways())
	}
	memo := map[counts]*big.Rat{}
	// value(c) is the chance of a win from counts c.
	var value func(c counts) *big.Rat
	value = func(c counts) *big.Rat {
		if v, ok := memo[c]; ok {
			return v
		}
		v := new(big.Rat)
		for _, t := range totals {
			q := big.NewRat(int64(Totals(t).Ways()), ways)
			if c[t]+1 >= min(t, 14-t) {
				v.Add(v, q)
				continue
			}
			next := c
			next[t]++
			v.Add(v, new(big.Rat).Mul(q, value(next)))
		}
		memo[c] = v
		return v
	}
	return value(counts{})
}

// TestRepeaterBetsPlus checks [WoO-plus]'s other bets by hand: 2 or 12
// before a 7 comes with chance 2/8, 3 or 11 with 4/10, any of 2, 3, 11
// and 12 seven times with (1/2)^7; the groups by a walk over the counts.
func TestRepeaterBetsPlus(t *testing.T) {
	r := RepeaterBetsPlus()
	for _, c := range []struct {
		bet  Bet
		win  *big.Rat
		pays int64 // for 1
	}{
		{Bet{Kind: Repeater, Set: Totals(2, 12)}, big.NewRat(1, 4), 3},
		{Bet{Kind: Repeater, Set: Totals(3, 11)}, big.NewRat(2, 5), 2},
		{Bet{Kind: Repeater, Set: Totals(2, 3, 11, 12)}, big.NewRat(1, 128), 100},
		{Bet{Kind: RepeaterAny, Set: Totals(2, 3, 4, 5, 6)}, repeaterGroupByHand([]int{2, 3, 4, 5, 6}), 15},
		{Bet{Kind: RepeaterAny, Set: Totals(8, 9, 10, 11, 12)}, repeaterGroupByHand([]int{8, 9, 10, 11, 12}), 15},
		{Bet{Kind: RepeaterAny, Set: Totals(2, 4, 6, 8, 10, 12)}, repeaterGroupByHand([]int{2, 4, 6, 8, 10, 12}), 12},
		{Bet{Kind: RepeaterAny, Set: Totals(3, 5, 9, 11)}, repeaterGroupByHand([]int{3, 5, 9, 11}), 18},
		{Bet{Kind: RepeaterAny, Set: Totals(2, 3, 11, 12)}, repeaterGroupByHand([]int{2, 3, 11, 12}), 12},
	} {
		a := analysisOf(t, r, c.bet)
		ret := new(big.Rat).Sub(new(big.Rat).Mul(c.win, big.NewRat(c.pays, 1)), big.NewRat(1, 1))
		if a.Win.Cmp(c.win) != 0 || a.Return.Cmp(ret) != 0 {
			t.Errorf("[WoO-plus] %v: win %s, return %s; by hand %s, %s", c.bet, a.Win.RatString(), a.Return.RatString(), c.win.RatString(), ret.RatString())
		}
		if back, err := ParseBet(c.bet.String()); err != nil || back != c.bet {
			t.Errorf("%v writes %q, which reads back as %v, %v", c.bet, c.bet.String(), back, err)
		}
	}
	for _, name := range []string{"updown", "Downtown", "repeater even", "repeater odd", "repeater horn", "repeater any 4,10"} {
		if b, err := ParseBet(name); err != nil || b.Kind != RepeaterAny {
			t.Errorf("ParseBet(%q) = %v, %v", name, b, err)
		}
	}
	for _, b := range []Bet{{Kind: PassLine}, {Kind: Field}, {Kind: Fire}, {Kind: RepeaterAny, Set: Totals(4, 10)}} {
		if err := r.Offers(b); !errors.Is(err, ErrNotOffered) {
			t.Errorf("Repeater Bets Plus offers %v: %v", b, err)
		}
	}
	// Every repeater together, Citywide, needs 22 bits of counts: refused.
	city := Rules{RepeaterGroups: [5]RepeaterGroupPaytable{{Set: Totals(2, 3, 4, 5, 6, 8, 9, 10, 11, 12), Pays: Ratio{8, 1}}}}
	if err := city.Validate(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("Citywide: Validate = %v, want ErrInvalidRules", err)
	}
	for _, bad := range []Rules{
		{RepeaterSets: [3]RepeaterSetPaytable{{Set: Totals(4), Times: 2, Pays: Ratio{5, 1}}}},                                        // one total: the repeater on 4
		{RepeaterSets: [3]RepeaterSetPaytable{{Set: Totals(2, 12), Pays: Ratio{5, 1}}}},                                              // no count
		{RepeaterSurrender: RepeaterSurrender{Value: [5][5]Ratio{4: {2: {100, 1}}}}},                                                 // more than the win
		{RepeaterSurrender: RepeaterSurrender{Value: [5][5]Ratio{0: {1: {3, 1}}}}},                                                   // 2 thrown twice has won
		{RepeaterSurrender: RepeaterSurrender{Value: [5][5]Ratio{4: {0: {1, 2}}}}},                                                   // less than the stake
		{RepeaterGroups: [5]RepeaterGroupPaytable{{Set: Totals(4, 10), Pays: Ratio{2, 1}}, {Set: Totals(4, 10), Pays: Ratio{3, 1}}}}, // twice
	} {
		if err := bad.Validate(); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%+v: Validate = %v, want ErrInvalidRules", bad, err)
		}
	}
}

// TestRepeaterSurrender: a surrender pays what Table 2 gives at the count
// the bet has, a repeater with no value there is refused, and the edge
// table's surrendered row is the surrender at that count by hand.
func TestRepeaterSurrender(t *testing.T) {
	r := RepeaterBetsPlus()
	six := Bet{Kind: Repeater, Number: 6}
	tb := ttNewTable(t, r, 1000)
	ttDo(t, tb, ttStake(six, 10), ttStake(Bet{Kind: Repeater, Number: 4}, 10), ttThrow(Dice{3, 3}), ttThrow(Dice{2, 4}))
	if _, err := tb.Surrender("p", six); !errors.Is(err, ErrNotNow) {
		t.Errorf("the 6 thrown twice: surrender = %v, want ErrNotNow (Table 2 starts at three)", err)
	}
	ttDo(t, tb, ttThrow(Dice{1, 5}))
	back, err := tb.Surrender("p", six)
	if err != nil || back != 80 {
		t.Errorf("the 6 thrown three times: surrender = %d, %v; want 80 (8 for 1)", back, err)
	}
	if _, err := tb.Surrender("p", six); !errors.Is(err, ErrNoSuchBet) {
		t.Errorf("surrendered twice: %v, want ErrNoSuchBet", err)
	}
	if _, err := tb.Surrender("p", Bet{Kind: Repeater, Set: Totals(2, 12)}); !errors.Is(err, ErrNotOffered) {
		t.Errorf("a repeater on a set surrendered: %v, want ErrNotOffered", err)
	}
	if got := tb.Players()[1]; got.Bankroll != 1000-20+80 || got.OnTable != 10 {
		t.Errorf("after the surrender: %+v", got)
	}
	if tb.House() != -70 {
		t.Errorf("the house paid %d, want 70 beyond the stake", -tb.House())
	}
	// The rows: surrendered at k, the bet wins V-1 for 1 with chance q^k.
	rows, err := r.EdgeTable()
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, a := range rows {
		if a.Note == "" || a.Bet.Kind != Repeater {
			continue
		}
		found++
		var k int
		var v, w int64
		for k = 1; k < repeats(a.Bet.Number); k++ {
			if x, ok := r.surrenderValue(a.Bet.Number, k); ok && a.Note == fmt.Sprintf("surrendered at %d throws, %d for %d", k, x.Win, x.Stake) {
				v, w = x.Win, x.Stake
				break
			}
		}
		ways := int64(Totals(a.Bet.Number).Ways())
		reach := new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(ways), big.NewInt(int64(k)), nil),
			new(big.Int).Exp(big.NewInt(ways+6), big.NewInt(int64(k)), nil))
		ret := new(big.Rat).Sub(new(big.Rat).Mul(reach, big.NewRat(v, w)), big.NewRat(1, 1))
		if a.Return.Cmp(ret) != 0 {
			t.Errorf("%v %s: return %s, by hand %s", a.Bet, a.Note, a.Return.RatString(), ret.RatString())
		}
	}
	if found != 2*(3+2+2) {
		t.Errorf("%d surrendered rows, want 14: 6 and 8 at 3, 4, 5; 5 and 9 at 3, 4; 4 and 10 at 2, 3", found)
	}
	// A group bet and a set bet saved mid-count restore.
	tb = ttNewTable(t, r, 1000)
	ttDo(t, tb, ttStake(Bet{Kind: RepeaterAny, Set: Totals(2, 3, 4, 5, 6)}, 10), ttStake(Bet{Kind: Repeater, Set: Totals(2, 3, 11, 12)}, 10),
		ttThrow(Dice{1, 1}), ttThrow(Dice{2, 2}), ttThrow(Dice{5, 6}))
	var restored Table
	if err := restored.UnmarshalJSON(ttSave(t, tb)); err != nil || !ttSameTable(tb, &restored) {
		t.Errorf("restore mid-count: %v", err)
	}
	// Updown on the second 2: the repeater on 2 would win.
	res := ttDecidedAtEnd(t, "Updown", tb, []Dice{{1, 1}})
	if diff := cmp.Diff(ttRes(ttWon(Bet{Kind: RepeaterAny, Set: Totals(2, 3, 4, 5, 6)}, 10, 140)), res); diff != "" {
		t.Errorf("Updown on the second 2: (-want +got)\n%s", diff)
	}
}

// TestRepeaterBetsPlusSimulated: a seeded simulation of each of Repeater
// Bets Plus' bets lands within 4 standard errors of its exact return.
// With CRAPS_EXHAUSTIVE=1 only.
func TestRepeaterBetsPlusSimulated(t *testing.T) {
	exhaustive(t)
	r := RepeaterBetsPlus()
	bets := r.Catalogue()
	rapid.Check(t, func(t *rapid.T) {
		b := rapid.SampledFrom(bets).Draw(t, "bet")
		checkSimulatedReturn(t, r, b, 10)
	})
}

// TestRepeaterSetInStrategy: a strategy makes a repeater on a set and a
// bet on a group as it makes any other bet (a repeater on a set was read
// as a repeater wanting its number, and refused).
func TestRepeaterSetInStrategy(t *testing.T) {
	for _, text := range []string{"repeater 2,12 10", "updown 10", "repeater any 4,10 10"} {
		s, err := ParseStrategy(text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		r := RepeaterBetsPlus()
		r.RepeaterGroups[1] = RepeaterGroupPaytable{Set: Totals(4, 10), Pays: Ratio{20, 1}}
		if _, err := Simulate(context.Background(), SimConfig{Rules: r, Strategy: s, Seed: 1, N: 1000}); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
}
