package craps

import (
	"context"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// buyCounter is a hook that counts what the house charges in commission
// on bet (1 each time under the standard rules: a buy 4 of 25, a lay 4 of
// 40), a bet made while a point is on and taken down when the puck goes
// off: one each time the bet is made (after a roll that leaves a point on
// and the bet down) and one each time it wins and stays up. With keep set
// it keeps the bet itself, at amount. up counts the bets still up when a
// session ended.
type buyCounter struct {
	bet                 Bet
	amount              Amount
	keep                bool
	from                int64 // with keep: from this roll of the block on
	charged, up, nets   *int64
	isUp, pending, left bool
}

func (h *buyCounter) Reset(*HookRoll) {
	if h.left { // the last roll of the last session left it up
		*h.up++
	}
	h.isUp, h.pending, h.left = false, false, false
}

func (h *buyCounter) React(r *HookRoll) {
	*h.nets += int64(r.Net)
	if r.Rolls < h.from {
		return
	}
	if h.pending { // made after the last roll, as another followed
		*h.charged++
	}
	for _, x := range r.Resolved {
		if x.Bet != h.bet {
			continue
		}
		if x.Outcome == OutcomeWon && x.To == h.bet {
			*h.charged++ // stays up, its commission due again
		} else {
			h.isUp = false
		}
	}
	h.left = h.isUp
	// The placements after the roll: taken down if the puck is off, made
	// if a point is on.
	h.isUp, h.pending = r.Point != 0, r.Point != 0 && !h.isUp
	if h.keep {
		amount := Amount(0)
		if r.Point != 0 {
			amount = h.amount
		}
		r.Keep(h.bet, amount)
	}
}

// The commission kept on a buy bet taken down counts in its tally, in
// Commission and Net: the sum of the sessions' results falls short of the
// tallies' Net only by the commission paid on the bets still up when
// they end, and Commission is what the house charged less that, on both
// engines (the reviewer's case).
func TestTakeDownCommissionSessions(t *testing.T) {
	s := mustParse(t, "buy 4 25 if point on; take down buy if point off")
	buy4 := Bet{Kind: Buy, Number: 4}
	var charged, up, nets int64
	cfg := SimConfig{Rules: Standard(), Strategy: s, Seed: 1, Mode: BySessions, N: 1000, Workers: 1,
		Session: SessionLimits{Bankroll: 1000, MaxRolls: 100, Target: 1 << 40}}
	counted := cfg
	last := &buyCounter{}
	counted.Strategy.NewHook = func() StrategyHook {
		last = &buyCounter{bet: buy4, amount: 25, charged: &charged, up: &up, nets: &nets}
		return last
	}
	table, err := Simulate(context.Background(), counted)
	if err != nil {
		t.Fatal(err)
	}
	last.Reset(nil) // the last session's bet, if still up
	compiled, err := Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if table.Engine != "table" || compiled.Engine != "compiled" {
		t.Fatalf("engines %q and %q", table.Engine, compiled.Engine)
	}
	for _, r := range []SimResult{table, compiled} {
		tot := r.Total()
		sum := r.Outcomes.Sum()
		gap := new(big.Int).Sub(tot.Net(), sum)
		if gap.Cmp(big.NewInt(up)) != 0 {
			t.Errorf("%s engine: sum of Outcomes %v, tallies' Net %v: short by %v, want the commission on the bets still up, %d",
				r.Engine, sum, tot.Net(), gap, up)
		}
		if want := big.NewInt(charged - up); tot.Commission().Cmp(want) != 0 {
			t.Errorf("%s engine: Commission %v (decisions %d), the house kept %v", r.Engine, tot.Commission(), tot.Decisions, want)
		}
		if tot.Decisions >= charged-up {
			t.Errorf("%s engine: %d decisions of %d bets charged: none taken down", r.Engine, tot.Decisions, charged-up)
		}
	}
	table.Engine, table.EngineNote, table.Hooked = compiled.Engine, compiled.EngineNote, compiled.Hooked
	if diff := cmp.Diff(table, compiled, exactSums); diff != "" {
		t.Errorf("compiled differs from the table (-table +compiled):\n%s", diff)
	}
	// A hook is shown the commission kept with the next roll's Net: the
	// sessions' Nets sum to the tallies'.
	if tot := table.Total(); tot.Net().Cmp(big.NewInt(nets)) != 0 {
		t.Errorf("the hook's Nets sum to %d, the tallies' Net %v", nets, tot.Net())
	}
}

// In hands, where every bet is played out, the commission kept on bets
// taken down counts in the hand it was taken down in: the hands' results
// sum to the tallies' Net, and Commission is what the house charged, on
// the compiled engine, with a hook shown the rolls, with a hook that buys
// and takes down a lay bet of its own beside the actions (split), and on the
// Table engine.
func TestTakeDownCommissionHands(t *testing.T) {
	s := mustParse(t, "buy 4 25 if point on; take down buy if point off; pass 10")
	buy4, lay4 := Bet{Kind: Buy, Number: 4}, Bet{Kind: Lay, Number: 4}
	buy10 := Bet{Kind: Buy, Number: 10}
	for _, keep := range []int{0, 1, 2} { // a bet apart from the actions' from the start; a buy 10, which they take down, too from roll 300
		var charged, charged10, charged3, up, nets int64
		cfg := SimConfig{Rules: Standard(), Strategy: s, Seed: 2, Mode: ByShooters, N: 20000, Workers: 1}
		cfg.Strategy.NewHook = func() StrategyHook {
			return &hookPair{
				a: &buyCounter{bet: buy4, amount: 25, charged: &charged, up: &up, nets: &nets},
				b: &buyCounter{bet: lay4, amount: 40, keep: keep > 0, charged: &charged10, up: new(int64), nets: new(int64)},
				c: &buyCounter{bet: buy10, amount: 25, keep: keep > 1, from: 300, charged: &charged3, up: new(int64), nets: new(int64)},
			}
		}
		table, compiled := bothEngines(t, "take down", cfg)
		want := map[Bet]int64{buy4: charged / 2, lay4: charged10 / 2, buy10: charged3 / 2} // both engines counted
		if keep < 1 {
			want[lay4] = 0
		}
		if keep < 2 {
			want[buy10] = 0
		}
		for _, r := range []SimResult{table, compiled} {
			var sum int64
			for v, c := range r.Outcomes {
				sum += int64(v) * c
			}
			tot := r.Total()
			if tot.Net().Cmp(big.NewInt(sum)) != 0 {
				t.Errorf("keep %d: hands sum to %d, the tallies' Net is %v", keep, sum, tot.Net())
			}
			for i := range r.Bets {
				b := &r.Bets[i]
				if w, ok := want[b.Bet]; ok && b.Commission().Cmp(big.NewInt(w)) != 0 {
					t.Errorf("keep %d: %v: Commission %v (%d decisions), the house kept %d", keep, b.Bet, b.Commission(), b.Decisions, w)
				}
			}
		}
		if diff := cmp.Diff(table, compiled, exactSums); diff != "" {
			t.Errorf("keep %d: compiled differs from the table (-table +compiled):\n%s", keep, diff)
		}
		if tot := table.Total(); new(big.Int).Mul(tot.Net(), big.NewInt(2)).Cmp(big.NewInt(nets)) != 0 {
			t.Errorf("keep %d: the hook's Nets (both runs) sum to %d, the tallies' Net %v", keep, nets, tot.Net())
		}
	}
}

// hookPair is three hooks as one.
type hookPair struct{ a, b, c StrategyHook }

func (h *hookPair) Reset(r *HookRoll) { h.a.Reset(r); h.b.Reset(r); h.c.Reset(r) }
func (h *hookPair) React(r *HookRoll) { h.a.React(r); h.b.React(r); h.c.React(r) }
