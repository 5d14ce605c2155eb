package craps_test

import (
	"fmt"

	"github.com/crapslab/craps"
)

// The law of a shooter's hand: how long it lasts, and the chance of a
// hand as long as the longest recorded in a casino, 154 throws.
func ExampleRules_ShooterHand() {
	h, err := craps.Standard().ShooterHand()
	if err != nil {
		panic(err)
	}
	exactly, atLeast, err := h.Length(2)
	if err != nil {
		panic(err)
	}
	fmt.Println("a hand of exactly 2 throws:", exactly, "of at least 2:", atLeast)
	_, record, err := h.Length(154)
	if err != nil {
		panic(err)
	}
	odds, _ := record.Inv(record).Float64()
	fmt.Printf("at least 154 throws: 1 in %.4g\n", odds)
	none, err := h.PointsMade(0)
	if err != nil {
		panic(err)
	}
	fmt.Println("no point made:", none, "- all six:", h.DifferentPoints()[6].FloatString(8))
	fmt.Println("points made per hand:", h.Means().PointsPerHand)
	// Output:
	// a hand of exactly 2 throws: 1/9 of at least 2: 1/1
	// at least 154 throws: 1 in 5.59e+09
	// no point made: 98/165 - all six: 0.00016243
	// points made per hand: 67/98
}

// A strategy's exact figures: the pass line with 3-4-5x odds behind it.
func ExampleRules_AnalyzeStrategy() {
	s, _ := craps.NamedStrategy("pass-max-odds")
	a, err := craps.Standard().AnalyzeStrategy(s)
	if err != nil {
		panic(err)
	}
	fmt.Println("return per unit wagered:", a.ReturnPerWagered)
	fmt.Println("return per roll:", a.ReturnPerRoll)
	fmt.Println("return per hand:", a.ReturnPerHand, "over", a.RollsPerHand, "rolls")
	fmt.Println("variance per roll:", a.VariancePerRoll.FloatString(4))
	// Output:
	// return per unit wagered: -7/1870
	// return per roll: -70/1671
	// return per hand: -5/14 over 1671/196 rolls
	// variance per roll: 715.6907
}

// The chance of doubling a bankroll of 100 with the pass line and full
// odds before losing it, exactly.
func ExampleRules_AnalyzeSession() {
	s, _ := craps.NamedStrategy("pass-max-odds")
	a, err := craps.Standard().AnalyzeSession(s, craps.SessionLimits{Bankroll: 100, Target: 200})
	if err != nil {
		panic(err)
	}
	fmt.Println("exact:", a.Exact, "states:", a.States)
	fmt.Println("target:", a.Target.FloatString(10), "ruin:", a.Ruin.FloatString(10))
	fmt.Println("rolls:", a.Rolls.FloatString(4), "mean result:", a.Mean.FloatString(4))
	// Output:
	// exact: true states: 166
	// target: 0.4368469251 ruin: 0.5631530749
	// rolls: 28.3826 mean result: -1.1890
}

// The same sessions cut off after 20 rolls, exactly: a session still
// going ends there, its bets on the layout counted as the player's (at
// their stake, which favours a pass line bet caught with a point on).
func ExampleRules_AnalyzeSession_rollLimit() {
	s, _ := craps.NamedStrategy("pass-max-odds")
	a, err := craps.Standard().AnalyzeSession(s, craps.SessionLimits{Bankroll: 100, Target: 200, MaxRolls: 20})
	if err != nil {
		panic(err)
	}
	fmt.Println("exact:", a.Exact)
	fmt.Println("target:", a.Target.FloatString(10), "ruin:", a.Ruin.FloatString(10), "roll limit:", a.MaxRolls.FloatString(10))
	fmt.Println("rolls:", a.Rolls.FloatString(4), "mean result:", a.Mean.FloatString(4))
	// Output:
	// exact: true
	// target: 0.2806655429 ruin: 0.2010587634 roll limit: 0.5182756937
	// rolls: 16.0021 mean result: 0.0090
}
