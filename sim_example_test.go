package craps_test

import (
	"context"
	"fmt"

	"github.com/crapslab/craps"
)

// Simulate a named strategy from a seed and compare each bet with the
// exact return from the analysis. The sums are exact integers and depend
// only on the rules, the strategy, the seed and the number of rolls.
func ExampleSimulate() {
	s, err := craps.NamedStrategy("pass-max-odds")
	if err != nil {
		panic(err)
	}
	r, err := craps.Simulate(context.Background(), craps.SimConfig{Rules: craps.Standard(), Strategy: s, Seed: 1, N: 1_000_000})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Rolls, "rolls,", r.SevenOuts, "hands, engine", r.Engine)
	for _, t := range r.Bets[:3] {
		a, _ := craps.Standard().Analyze(t.Bet)
		fmt.Printf("%-12s %6d decisions, staked %8d, net %+6d (exact return %s)\n", t.Bet, t.Decisions, t.Staked(), t.Net(), a.Return.RatString())
	}
	// Output:
	// 1000000 rolls, 116978 hands, engine compiled
	// Pass Line    296478 decisions, staked  2964780, net -31420 (exact return -7/495)
	// Pass Odds 4   24587 decisions, staked   737610, net  -5280 (exact return 0)
	// Pass Odds 5   33008 decisions, staked  1320320, net +26280 (exact return 0)
}

// A run split into shards, each of which could run in another process or
// on another machine, merges into exactly the result of the whole run.
func ExampleMergeResults() {
	s, _ := craps.NamedStrategy("place-6-8")
	cfg := craps.SimConfig{Rules: craps.Standard(), Strategy: s, Seed: 7, Mode: craps.ByShooters, N: 10_000}
	whole, _ := craps.Simulate(context.Background(), cfg)

	cfg.Shards = 2
	var parts []craps.SimResult
	for i := range cfg.Shards {
		cfg.Shard = i
		part, _ := craps.Simulate(context.Background(), cfg)
		parts = append(parts, part)
	}
	merged, err := craps.MergeResults(parts...)
	if err != nil {
		panic(err)
	}
	fmt.Println(merged.Complete(), merged.Total().Net().Cmp(whole.Total().Net()) == 0, merged.Rolls == whole.Rolls)
	// Output:
	// true true true
}

// A progression is part of the strategy: the martingale doubles
// its pass line bet after each loss. Sessions end at a target, a
// stop-loss, on ruin or at a roll limit.
func ExampleSimulate_sessions() {
	s, _ := craps.NamedStrategy("martingale")
	r, err := craps.Simulate(context.Background(), craps.SimConfig{Rules: craps.Standard(), Strategy: s, Seed: 3,
		Mode: craps.BySessions, N: 1000, Session: craps.SessionLimits{Bankroll: 1000, Target: 1200}})
	if err != nil {
		panic(err)
	}
	fmt.Println("engine", r.Engine, "- sessions won", r.Ends.Target, "ruined", r.Ends.Ruin)
	fmt.Println("median", r.Outcomes.Quantile(0.5), "worst", r.Outcomes.Quantile(0))
	// Output:
	// engine compiled - sessions won 713 ruined 287
	// median 200 worst -630
}

// pressAndQuit keeps place 6 and 8 up, each pressed by one unit after
// each of its wins up to three units, and ends the session after the
// third win: a memory the strategy language has no words for.
type pressAndQuit struct {
	wins   int
	amount [2]craps.Amount // on 6 and on 8
}

func (h *pressAndQuit) Reset(r *craps.HookRoll) {
	h.wins, h.amount = 0, [2]craps.Amount{6, 6}
	r.Keep(craps.Bet{Kind: craps.Place, Number: 6}, 6)
	r.Keep(craps.Bet{Kind: craps.Place, Number: 8}, 6)
}

func (h *pressAndQuit) React(r *craps.HookRoll) {
	for _, res := range r.Resolved {
		if res.Bet.Kind != craps.Place || res.Outcome != craps.OutcomeWon {
			continue
		}
		h.wins++
		a := &h.amount[res.Bet.Number/8] // 6 is 0, 8 is 1
		*a = min(*a+6, 18)
		r.Keep(res.Bet, *a)
	}
	r.Stop = h.wins >= 3
}

// A hook presses bets after a win and ends a session after the third one.
func ExampleStrategyHook() {
	s := craps.Strategy{
		Name:    "press 6 and 8, quit after three wins",
		NewHook: func() craps.StrategyHook { return &pressAndQuit{} },
	}
	r, err := craps.Simulate(context.Background(), craps.SimConfig{Rules: craps.Standard(), Strategy: s, Seed: 1,
		Mode: craps.BySessions, N: 10_000, Session: craps.SessionLimits{Bankroll: 100, MaxRolls: 1000}})
	if err != nil {
		panic(err)
	}
	fmt.Println("quit after three wins:", r.Ends.Strategy, "ruined:", r.Ends.Ruin, "out of rolls:", r.Ends.MaxRolls)
	fmt.Println("place 6 staked", r.Bets[0].Staked(), "net", r.Bets[0].Net())
	// Output:
	// quit after three wins: 9657 ruined: 343 out of rolls: 0
	// place 6 staked 293406 net -4286
}

// The private game: the first player shoots a center bet of 10 at each
// of his come-outs and backs the hard 6 at 9 to 1; ann fades him and
// covers his hard 6; each shoots in turn. Each player's tallies count his
// side of each bet at its odds, beside its exact edge; what one wins, the
// other loses.
func ExampleSimulate_privateGame() {
	shooter, _ := craps.ParseStrategy("center 10; hard 6 10 at 9:1")
	fader, _ := craps.ParseStrategy("fade 10; cover hard 6 100 at 9:1")
	r := craps.Street()
	res, err := craps.Simulate(context.Background(), craps.SimConfig{Rules: r, Strategy: shooter, Seed: 1,
		Mode: craps.ByShooters, N: 10_000, Others: []craps.SimPlayer{{Name: "ann", Strategy: fader}}})
	if err != nil {
		panic(err)
	}
	show := func(name string, bets []craps.BetTally) {
		for _, t := range bets {
			a, _ := r.AnalyzeSide(t.Bet, t.Odds)
			edge, side := a.BackerEdge, "backs "
			if t.Against {
				side, edge = "covers", a.LayerEdge
			}
			fmt.Printf("%-6s %s %-6s at %v: net %+6d (exact edge %s)\n", name, side, t.Bet, t.Odds, t.Net(), edge.RatString())
		}
	}
	show("player", res.Bets)
	show("ann", res.Others[0].Bets)
	// Output:
	// player backs  Hard 6 at 9:1: net -20290 (exact edge -1/11)
	// player backs  Center at 1:1: net  -2760 (exact edge -7/495)
	// ann    covers Hard 6 at 9:1: net +20290 (exact edge 1/99)
	// ann    covers Center at 1:1: net  +2760 (exact edge 7/495)
}

// Reading a simulation's figures in Go: Return for the whole layout's
// return per unit staked and its standard error, each bet's tally
// (Decisions, Staked, Net, its own Return), and Outcomes, the net result
// of each hand, summarized by Count, Mean, StdDev and Quantile. Printed
// with %v, a result and its tallies read as a person wants them.
func ExampleSimResult_String() {
	s, err := craps.NamedStrategy("iron-cross")
	if err != nil {
		panic(err)
	}
	res, err := craps.Simulate(context.Background(), craps.SimConfig{
		Rules: craps.Standard(), Strategy: s, Seed: 1, Mode: craps.ByShooters, N: 10_000})
	if err != nil {
		panic(err)
	}
	mean, se := res.Return()
	fmt.Printf("return per unit staked: %.2f%% ± %.2f%%\n", 100*mean, 100*se)
	field := res.Bets[len(res.Bets)-1]
	fieldMean, _ := field.Return()
	fmt.Printf("%v: %d decisions, net %v, %.2f%% of %v staked\n", field.Bet, field.Decisions, field.Net(), 100*fieldMean, field.Staked())
	h := res.Outcomes
	fmt.Printf("%d hands: mean %.2f, median %d, 90%% at most %d\n", h.Count(), h.Mean(), h.Quantile(0.5), h.Quantile(0.9))
	fmt.Println()
	fmt.Println(res)
	// Output:
	// return per unit staked: -2.32% ± 0.40%
	// Field: 60194 decisions, net -19170, -3.18% of 601940 staked
	// 10000 hands: mean -3.14, median -18, 90% at most 62
	//
	// iron-cross, seed 1: 10000 shooters, 85641 rolls (compiled engine)
	// return -2.323% ± 0.396% per unit staked: staked 1352464, net -31416
	//   Pass Line: 25447 decisions (12601 won, 12846 lost, 0 pushed), staked 254470, net -2450, return -0.963% ± 0.627%
	//   Place 5: 13759 decisions (5405 won, 8354 lost, 0 pushed), staked 137590, net -7870, return -5.720% ± 0.999%
	//   Place 6: 14939 decisions (6828 won, 8111 lost, 0 pushed), staked 179268, net -1740, return -0.971% ± 0.883%
	//   Place 8: 14933 decisions (6885 won, 8048 lost, 0 pushed), staked 179196, net -186, return -0.104% ± 0.884%
	//   Field: 60194 decisions (26733 won, 33461 lost, 0 pushed), staked 601940, net -19170, return -3.185% ± 0.463%
	// hands: 10000 results: mean -3.14, standard deviation 50.99, min -84, median -18, max 390
}
