package craps

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The simulator deals cards under card rules: the pass line's simulated
// win rate lands within four standard errors of the exact card figure
// under each reading, and under the rules' own reading it is far from the
// dice's 244/495, which a run that threw dice would match. With the odds
// behind it (pass-max-odds: the line on the come-out, the odds the moment
// the point is set, the moments the analysis assumes) every bet's return
// agrees with the card analysis too. The other readings are checked with
// CRAPS_EXHAUSTIVE=1.
func TestCardSimulationPassRate(t *testing.T) {
	rolls := int64(1 << 22)
	readings := []CardReading{CardsPairReturned, CardsPairKept, CardsReshuffleEveryThrow}
	switch {
	case !thorough():
		rolls, readings = 1<<19, readings[:1]
	case !exhaustiveSet():
		readings = readings[:1]
	}
	pass, _ := NamedStrategy("pass-max-odds")
	for i, reading := range readings {
		r := Rules{Cards: reading}
		res, err := Simulate(context.Background(), SimConfig{Rules: r, Strategy: pass, Seed: uint64(i + 1), N: rolls})
		if err != nil {
			t.Fatal(err)
		}
		if res.Engine != "table" {
			t.Errorf("%v: a card run on the %s engine", reading, res.Engine)
		}
		for _, tally := range res.Bets {
			a, err := r.Analyze(tally.Bet)
			if err != nil {
				t.Fatal(err)
			}
			exact, _ := a.Return.Float64()
			mean, se := tally.Return()
			if math.Abs(mean-exact) > 4*se {
				t.Errorf("%v %v: simulated return %.5f ± %.5f, exact %.5f", reading, tally.Bet, mean, se, exact)
			}
			if tally.Bet.Kind != PassLine {
				continue
			}
			p, _ := a.Win.Float64()
			n := float64(tally.Decisions)
			won := float64(tally.Wins) / n
			se = math.Sqrt(p * (1 - p) / n)
			dice := 244.0 / 495
			t.Logf("%v: the shooter won %.5f of %d decisions, exact %.5f (%+.1f SE), dice %.5f (%+.1f SE)",
				reading, won, tally.Decisions, p, (won-p)/se, dice, (won-dice)/se)
			if math.Abs(won-p) > 4*se {
				t.Errorf("%v: the shooter won %.5f of %d decisions, exact %.5f: %.1f standard errors off", reading, won, tally.Decisions, p, (won-p)/se)
			}
			if reading == CardsPairReturned && thorough() && math.Abs(won-dice) < 4*se {
				t.Errorf("%v: the shooter won %.5f, within 4 standard errors of the dice's %.5f", reading, won, dice)
			}
		}
	}
}

// A card run is reproducible and splits like a dice run: each block deals
// from its own deck seeded from the block's stream, so any number of
// workers, and every shard merged, give exactly the whole run, in every
// mode and with a hooked strategy.
func TestCardSimulationShards(t *testing.T) {
	molly, _ := NamedStrategy("three-point-molly")
	martingale, _ := NamedStrategy("martingale")
	for _, c := range []struct {
		why string
		cfg SimConfig
	}{
		{"roll blocks", SimConfig{Rules: CardCraps(), Strategy: molly, Mode: ByRolls, N: blockRolls/8 + 3}},
		{"shooter blocks, the come-out pair kept", SimConfig{Rules: Rules{Cards: CardsPairKept}, Strategy: molly, Mode: ByShooters, N: 2*blockShooters + 5}},
		{"sessions with a hook", SimConfig{Rules: CardCraps(), Strategy: martingale, Mode: BySessions, N: 3*blockSessions + 1,
			Session: SessionLimits{Bankroll: 1000, Target: 1500, MaxRolls: 300}}},
	} {
		cfg := c.cfg
		cfg.Seed, cfg.Workers = 9, 1
		whole, err := Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Workers = 3
		parallel, err := Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(whole, parallel, exactSums); diff != "" {
			t.Errorf("%s: 3 workers differ from 1 (-1 +3):\n%s", c.why, diff)
		}
		var shards []SimResult
		for i := range 3 {
			cfg.Shard, cfg.Shards = i, 3
			r, err := Simulate(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			shards = append(shards, roundTrip(t, r))
		}
		merged, err := MergeResults(shards[1], shards[2])
		if err == nil {
			merged, err = MergeResults(merged, shards[0])
		}
		if err != nil {
			t.Fatal(err)
		}
		merged.Shards, merged.Parts = 1, []int{0}
		if diff := cmp.Diff(whole, merged, exactSums); diff != "" {
			t.Errorf("%s: merged shards differ from the whole run (-whole +merged):\n%s", c.why, diff)
		}
		dice := cfg
		dice.Rules.Cards, dice.Shard, dice.Shards = NoCards, 0, 0
		diceRun, err := Simulate(context.Background(), dice)
		if err != nil {
			t.Fatal(err)
		}
		if diceRun.Total().Net().Cmp(whole.Total().Net()) == 0 {
			t.Errorf("%s: the card run's net is the dice run's", c.why)
		}
	}
	if _, err := Simulate(context.Background(), SimConfig{Rules: Rules{Cards: CardsPairReturned, Private: true}, Strategy: molly, N: 1}); !errors.Is(err, ErrSimulation) {
		t.Errorf("the private game dealing cards: %v", err)
	}
}
