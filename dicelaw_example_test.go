package craps_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/crapslab/craps"
)

// A dice setter who throws a 7 once in 7 throws, beside fair dice: the
// edge of the pass line and of place 6 (negative: the player's).
func ExampleSRRDice() {
	for _, srr := range []int64{6, 7} {
		law, err := craps.SRRDice(big.NewRat(srr, 1))
		if err != nil {
			panic(err)
		}
		r := craps.Rules{Dice: law}
		pass, _ := r.Analyze(craps.Bet{Kind: craps.PassLine})
		place, _ := r.Analyze(craps.Bet{Kind: craps.Place, Number: 6})
		fmt.Printf("SRR %d (%v): pass %s, place 6 %s\n", srr, law, pass.EdgePerBet.RatString(), place.EdgePerBet.RatString())
	}
	// Output:
	// SRR 6 (fair): pass 7/495, place 6 1/66
	// SRR 7 (srr=7): pass -11/630, place 6 -1/12
}

// How much control does a pass line with 3-4-5x odds need to break even,
// and how many throws would prove it? The SRR at which its edge crosses
// zero, bracketed exactly, and the throws a record needs to tell that SRR
// from fair dice at 95% with 80% power.
func ExampleRules_BreakEvenSRRWithOdds() {
	r := craps.Standard()
	line, err := r.BreakEvenSRRWithOdds(craps.Bet{Kind: craps.PassLine}, r.Odds)
	if err != nil {
		panic(err)
	}
	alone, _ := r.BreakEvenSRR(craps.Bet{Kind: craps.PassLine})
	place, _ := r.BreakEvenSRR(craps.Bet{Kind: craps.Place, Number: 6})
	srr, _ := line.Low.Float64()
	throws, _ := craps.ThrowsToTellSRR(srr, 0.95, 0.8)
	fmt.Println("pass with 3-4-5x odds breaks even at SRR", line.Low.FloatString(6), "to", line.High.FloatString(6))
	fmt.Println("the pass line alone at", alone.Low.FloatString(4), "and place 6 at", place.Low.FloatString(4))
	fmt.Println("throws to tell SRR", line.Low.FloatString(4), "from 6:", throws)
	// Output:
	// pass with 3-4-5x odds breaks even at SRR 6.039924 to 6.039925
	// the pass line alone at 6.4582 and place 6 at 6.1429
	// throws to tell SRR 6.0399 from 6: 896769
}

// A record of 10,000 throws of a die whose 6 is a little heavy (1.2 to
// the other faces' 1), beside a fair one, tested for fair dice: the
// first die's faces give it away at the 1% level.
func ExampleDiceLog_Stats() {
	loaded, err := craps.ParseDiceLaw("faces=1,1,1,1,1,1.2;1,1,1,1,1,1")
	if err != nil {
		panic(err)
	}
	log := craps.DiceLog{Apart: true}
	src := rand.NewPCG(1, 2)
	for range 10_000 {
		_ = log.Add(loaded.Throw(src))
	}
	s, err := log.Stats(craps.FairDice())
	if err != nil {
		panic(err)
	}
	for _, t := range s.Tests {
		fmt.Printf("%-16s chi-square %6.2f on %2d df, p %.2g\n", t.Name, t.ChiSquare, t.DF, t.ChiSquareP)
	}
	fmt.Println("found unfair at 1% by:", len(s.Rejects(0.01)), "tests")
	fmt.Printf("SRR %.3f (95%%: %.3f to %.3f)\n", s.SRR.SRR, s.SRR.Low, s.SRR.High)
	// Output:
	// totals           chi-square  34.08 on 10 df, p 0.00018
	// throws           chi-square  77.24 on 35 df, p 5.1e-05
	// first die        chi-square  48.17 on  5 df, p 3.3e-09
	// second die       chi-square   1.27 on  5 df, p 0.94
	// dice independent chi-square  27.52 on 25 df, p 0.33
	// sevens           chi-square   0.00 on  1 df, p 0.99
	// found unfair at 1% by: 3 tests
	// SRR 6.002 (95%: 5.746 to 6.273)
}
