package craps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// simLayouts are strategies beyond the named systems that the compiled
// engine must play exactly as the Table does: commissions paid when the
// bet is made (and returned, under bar2), odds on don't come bets, put
// bets, one-roll and multi-roll propositions, conditions on the last roll
// and counts.
var simLayouts = map[string]string{
	"buy-lay":     "buy 4 25; buy 9 30; lay 10 40; lay 5 33",
	"dont-come":   "don't pass 10; lay odds 25; don't come 10 if don't comes < 2; don't come odds max",
	"props":       "horn 4; world 5; c&e 2; hop 2-5 1; any 7 1; big 6 3; place to lose 8 5; field 7",
	"odd-amounts": "pass 7; odds 7; place 6 5; place 9 3", // payouts that break: 7:6 on 5, odds of 7 on 5
	"fire-small":  "fire 1; small 1",
	// The README's strategy example, and a press on all six numbers
	// (thousands of states, played as clusters stepped side by side).
	"readme": `pass 10
		odds 3-4-5x
		come 10 if comes < 2
		come odds max
		place 6 12-24-36 up on win skip point
		place 5 0-10-0 by hits place
		take down place if point off
		stop if winnings >= 200`,
	"press-all": `place 4 10-20-30-40 up on win; place 5 10-20-30-40 up on win; place 6 12-24-36-48 up on win
		place 8 12-24-36-48 up on win; place 9 10-20-30-40 up on win; place 10 10-20-30-40 up on win`,
	"reactive": `pass 10
		odds 2x if not rolled 2,3,12
		place 4 10 working on if won pass line or hits place >= 2
		take down place 4 if lost field
		field 5 if rolls < 3 or points >= 1
		hard 6 5-10 up on loss if point 6 or point 8`,
}

// simStrategies is every named strategy and every layout above, for rules
// r: those the rules do not offer are left out.
func simStrategies(t *testing.T, r Rules) []Strategy {
	var out []Strategy
	for _, s := range BettingSystems() {
		if s.Validate(r) == nil {
			out = append(out, s)
		}
	}
	for name, text := range simLayouts {
		s, err := ParseStrategy(text)
		if err != nil {
			t.Fatal(name, err)
		}
		s.Name = name
		if s.Validate(r) == nil {
			out = append(out, s)
		}
	}
	return out
}

// simPresets names the presets the simulator plays: the casino's, with
// dice.
func simPresets() []string {
	return slices.DeleteFunc(presetNames(), func(name string) bool {
		r, _ := preset(name)
		return r.Private || r.Cards != NoCards
	})
}

// representativePreset reports the presets every go test run checks where
// a check of every preset is exhaustive: the standard table, and crapless
// craps, whose come-out has no craps and whose points include 2, 3, 11
// and 12.
func representativePreset(name string) bool { return name == "standard" || name == "crapless" }

// craplessStrategies are the named strategies checked under crapless
// craps on every go test run, beside the layouts above: line bets with
// odds, whose points there include 2, 3, 11 and 12.
var craplessStrategies = []string{"pass-max-odds", "three-point-molly"}

// The compiled automaton is checked against the Table roll by roll: from
// the same throws, the Table's player and the automaton's transitions give
// the same net result and stakes decided on every roll, and the same sums
// over a run. Every go test run checks every strategy under the standard
// rules and some under crapless craps (craplessStrategies) over 20,000
// rolls; CRAPS_EXHAUSTIVE=1 every strategy under every preset over 200,000.
func TestCompiledMatchesTable(t *testing.T) {
	for _, name := range simPresets() {
		t.Run(name, func(t *testing.T) {
			rolls := 20_000
			if !representativePreset(name) {
				exhaustive(t)
			}
			if exhaustiveSet() {
				rolls = 200_000
			}
			compiledMatchesTable(t, name, rolls)
		})
	}
}

func compiledMatchesTable(t *testing.T, name string, rolls int) {
	r, _ := preset(name)
	for _, s := range simStrategies(t, r) {
		_, layout := simLayouts[s.Name]
		everyRun := name == "standard" || layout || slices.Contains(craplessStrategies, s.Name)
		if !everyRun && !exhaustiveSet() {
			continue
		}
		// The automaton of all the actions, and that made of the parts of
		// their independent groups (the one the simulator plays where
		// there are several: one product, or clusters stepped side by
		// side), built as the rolls reach them.
		for _, j := range []*joint{newJoint(r, &s, maxJointStates, true), newAutomaton(r, &s, maxJointStates, true, nil)} {
			cfg := &SimConfig{Rules: r, Strategy: s}
			p := newPlayer(cfg)
			p.reset(false)
			st := newStream(7, 0)
			auto := stepperOf(j, cfg)
			var got SimResult
			for k := 0; k < 2000; k++ {
				i := st.next()
				net, staked := p.roll(i, &got)
				p.first().act(&p.t)
				for _, d := range p.first().down {
					net -= d.paid // the commission kept on a bet taken down counts in the roll before
				}
				m, ok := auto.step(i)
				if !ok {
					t.Fatalf("%s/%s: the automaton fails: %s", name, s.Name, j.failed)
				}
				if m.net != int64(net) || m.staked != int64(staked) {
					t.Fatalf("%s/%s roll %d (%v, %s): table net %d staked %d, automaton %d %d",
						name, s.Name, k, diceOf(i), auto.kind(), net, staked, m.net, m.staked)
				}
				// The table and memory the automaton holds in the state it
				// moved to are the Table's after the roll and placements.
				at := newPlayer(cfg)
				auto.resume(at)
				want := slices.Clone(p.t.bets)
				sortBets(want)
				if !slices.EqualFunc(want, at.t.bets, func(a, b placed) bool {
					return a.bet == b.bet && a.amount == b.amount && a.state == b.state && a.paid == b.paid && a.working == b.working
				}) || at.first().mem != p.first().mem || at.t.point != p.t.point {
					t.Fatalf("%s/%s roll %d (%s): the automaton's state is not the Table's:\n%v %v\n%v %v",
						name, s.Name, k, auto.kind(), at.t.bets, at.first().mem, want, p.first().mem)
				}
			}
		}
		for k, mode := range []SimMode{ByRolls, ByShooters, BySessions, BySessions} {
			n := int64(rolls)
			c := SimConfig{Rules: r, Strategy: s, Seed: 3, Mode: mode, N: n, Workers: 1}
			switch mode {
			case ByShooters:
				c.N /= 8
			case BySessions:
				// Small bankrolls, so that many sessions run short and
				// go on on the Table.
				c.N /= 100
				c.Session = SessionLimits{Bankroll: 150, Target: 300, MaxRolls: 200}
				if k == 3 {
					c.Session = SessionLimits{Bankroll: 1000, Target: 1300, StopLoss: 400, MaxRolls: 100}
				}
			}
			slow, fast := bothEngines(t, name+"/"+s.Name, c)
			if diff := cmp.Diff(slow, fast, exactSums); diff != "" {
				t.Errorf("%s/%s by %v: compiled differs from the table (-table +compiled):\n%s", name, s.Name, mode, diff)
			}
		}
	}
}

// bothEngines runs cfg on the compiled engine and on the Table engine,
// checks that each ran where asked, and returns the two results with the
// engine's name, the one field that should differ, made equal.
func bothEngines(t *testing.T, name string, cfg SimConfig) (table, compiled SimResult) {
	t.Helper()
	compiled, err := Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.general = true
	table, err = Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if compiled.Engine != "compiled" || table.Engine != "table" {
		t.Fatalf("%s: engines %q and %q", name, compiled.Engine, table.Engine)
	}
	table.Engine, table.EngineNote = compiled.Engine, compiled.EngineNote
	return table, compiled
}

// idle is a hook that changes nothing.
type idle struct{ rolls int64 }

func (h *idle) Reset(*HookRoll)   { h.rolls = 0 }
func (h *idle) React(r *HookRoll) { h.rolls = r.Rolls }

// withHook is s with a hook that changes nothing, which puts it on the
// Table engine.
func withHook(s Strategy) Strategy {
	s.NewHook = func() StrategyHook { return &idle{} }
	return s
}

// watcher is a hook whose bets depend on everything it is shown: from
// roll from on, it keeps a field bet sized by a hash of every field of
// every roll so far, so that any difference in what two engines show it
// changes the sums.
type watcher struct {
	from int64
	hash uint64
}

func (h *watcher) Reset(*HookRoll) { h.hash = 0 }

func (h *watcher) React(r *HookRoll) {
	for _, v := range [...]int64{r.Rolls, int64(r.Dice.index()), int64(r.Point), int64(r.Net), int64(r.Bankroll), int64(r.OnTable)} {
		h.hash = mix(h.hash ^ uint64(v))
	}
	for _, res := range r.Resolved {
		for _, v := range [...]int64{int64(res.Bet.Kind), int64(res.Bet.Number), int64(res.Outcome), int64(res.Stake), int64(res.Win)} {
			h.hash = mix(h.hash ^ uint64(v))
		}
	}
	if h.from > 0 && r.Rolls >= h.from {
		r.Keep(Bet{Kind: Field}, Amount(5+5*(h.hash%3)))
	}
}

// betting is s with a hook that keeps a bet of its own, sized by all it
// has seen, from the first roll on.
func betting(s Strategy) Strategy {
	s.NewHook = func() StrategyHook { return &watcher{from: 1} }
	return s
}

// fibonacciBig6 is s with a hook keeping big 6 on a Fibonacci progression.
func fibonacciBig6(s Strategy) Strategy {
	s.NewHook = func() StrategyHook { return &fibonacciOn{bet: Bet{Kind: Big6}} }
	return s
}

// withNewHook is s with the hooks of newHook.
func withNewHook(s Strategy, newHook func() StrategyHook) Strategy {
	s.NewHook = newHook
	return s
}

// mixer keeps bets of kinds a press on 6 and 8 does not touch, a come bet
// that travels, a buy bet whose commission is paid up front and a hard 4
// raised after each loss, and after 3,000 rolls a place 6 as well, which
// the actions make: the Table engine must take over.
type mixer struct{ hard Amount }

func (h *mixer) Reset(r *HookRoll) {
	h.hard = 5
	r.Keep(Bet{Kind: Come}, 10)
	r.Keep(Bet{Kind: Buy, Number: 4}, 20)
	r.Keep(Bet{Kind: Hardway, Number: 4}, h.hard)
}

func (h *mixer) React(r *HookRoll) {
	for _, res := range r.Resolved {
		if res.Bet.Kind == Hardway && res.Outcome == OutcomeLost {
			h.hard = min(h.hard+5, 50)
		}
	}
	r.Keep(Bet{Kind: Hardway, Number: 4}, h.hard)
	if r.Rolls == 3_000 {
		r.Keep(Bet{Kind: Place, Number: 6}, 30)
	}
}

// fibonacciOn keeps a bet on an uncapped Fibonacci progression from 10:
// a step up after a loss, two down after a win. No action of the
// language can: its memory is unbounded.
type fibonacciOn struct {
	bet  Bet
	a, b Amount
}

func (h *fibonacciOn) Reset(r *HookRoll) {
	h.a, h.b = 10, 10
	r.Keep(h.bet, h.a)
}

func (h *fibonacciOn) React(r *HookRoll) {
	for i := range r.Resolved {
		// By pointer: a Resolution is 144 bytes, and the benchmark's
		// hook should cost what a careful hook costs.
		res := &r.Resolved[i]
		switch {
		case res.Bet != h.bet:
		case res.Outcome == OutcomeLost:
			h.a, h.b = h.b, h.a+h.b
		case res.Outcome == OutcomeWon:
			for range 2 {
				h.a, h.b = max(h.b-h.a, 10), max(h.a, 10)
			}
		}
	}
	r.Keep(h.bet, h.a)
}

// A hook is shown each roll from the automaton, while it keeps no bets,
// exactly what the Table engine shows it; from the roll after which it
// keeps one, the Table engine takes over, and every sum is the Table
// engine's.
func TestHookedStrategyMatchesTable(t *testing.T) {
	full, _ := NamedStrategy("full")
	martingale, _ := NamedStrategy("martingale")
	pressSixEight, _ := NamedStrategy("press-6-8")
	hooked := func(s Strategy, from int64) Strategy {
		s.NewHook = func() StrategyHook { return &watcher{from: from} }
		return s
	}
	cases := []struct {
		why  string
		s    Strategy
		mode SimMode
		n    int64
	}{
		{"a hook that watches", hooked(full, 0), ByRolls, 50_000},
		{"a hook that watches hands", hooked(martingale, 0), ByShooters, 5_000},
		{"a hook that bets after a while", hooked(full, 777), ByRolls, 50_000},
		{"a hook that bets after a while, by hands", hooked(martingale, 777), ByShooters, 5_000},
		{"a hook that bets from the first roll", betting(martingale), ByRolls, 20_000},
		{"a hook that bets apart from the first roll", fibonacciBig6(full), ByRolls, 50_000},
		{"a hook that bets apart, by hands", fibonacciBig6(martingale), ByShooters, 5_000},
		{"a hook that bets apart, then on the actions' kinds", withNewHook(pressSixEight, func() StrategyHook { return &mixer{} }), ByRolls, 50_000},
		{"a hook that bets apart, then on the actions' kinds, by hands", withNewHook(pressSixEight, func() StrategyHook { return &mixer{} }), ByShooters, 5_000},
	}
	for _, c := range cases {
		cfg := SimConfig{Rules: Standard(), Strategy: c.s, Seed: 9, Mode: c.mode, N: c.n, Workers: 1}
		slow, fast := bothEngines(t, c.why, cfg)
		if diff := cmp.Diff(slow, fast, exactSums); diff != "" {
			t.Errorf("%s: (-table +compiled):\n%s", c.why, diff)
		}
	}
	// A hook that does nothing leaves the sums of its strategy alone.
	plain, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: full, Seed: 9, N: 50_000})
	if err != nil {
		t.Fatal(err)
	}
	idle, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: withHook(full), Seed: 9, N: 50_000})
	if err != nil {
		t.Fatal(err)
	}
	if !idle.Hooked {
		t.Error("the result does not record the hook")
	}
	idle.Hooked = false
	if diff := cmp.Diff(plain, idle, exactSums); diff != "" {
		t.Errorf("(-without a hook +with one that does nothing):\n%s", diff)
	}
}

// A compiled session goes on on the Table once the bankroll cannot cover
// the most its next placements need at once, not only their net cost: a
// place bet raised and lowered again in one act ("place 6 60; field 10;
// place 6 12") needs the raise first, and the field bet after it is
// skipped.
func TestSessionHandOverAtThePeak(t *testing.T) {
	s, err := ParseStrategy("place 6 60\nfield 10\nplace 6 12")
	if err != nil {
		t.Fatal(err)
	}
	cfg := SimConfig{Strategy: s, Seed: 1, Mode: BySessions, N: 300, Workers: 1,
		Session: SessionLimits{Bankroll: 50, Target: 150, MaxRolls: 200}}
	table, compiled := bothEngines(t, "peak", cfg)
	if diff := cmp.Diff(table, compiled, exactSums); diff != "" {
		t.Errorf("(-Table engine +compiled):\n%s", diff)
	}
}

// layKeeper is a hook that keeps a lay 10 of 40 up.
type layKeeper struct{}

func (layKeeper) Reset(*HookRoll)   {}
func (layKeeper) React(r *HookRoll) { r.Keep(Bet{Kind: Lay, Number: 10}, 40) }

// When a hook keeps a bet of a kind the actions make, the compiled engine
// hands the block to the Table after the automaton has made the actions'
// bets: the Table then keeps the hook's alone, and does not make the
// actions' again (a lay taken down and made again paid its commission
// twice).
func TestHookHandOverActsOnce(t *testing.T) {
	s, err := ParseStrategy("lay 4 40\ntake down lay if point off")
	if err != nil {
		t.Fatal(err)
	}
	s.NewHook = func() StrategyHook { return layKeeper{} }
	for seed := range uint64(60) {
		cfg := SimConfig{Strategy: s, Seed: seed, Mode: ByRolls, N: 40, Workers: 1}
		table, compiled := bothEngines(t, "hand-over", cfg)
		if diff := cmp.Diff(table, compiled, exactSums); diff != "" {
			t.Fatalf("seed %d: (-Table engine +compiled):\n%s", seed, diff)
		}
	}
}

// A NewHook that makes no hook is refused, by Simulate and by
// NewStrategyPlayer, instead of crashing a worker.
func TestNilHookRefused(t *testing.T) {
	s, _ := NamedStrategy("martingale")
	s.NewHook = func() StrategyHook { return nil }
	if _, err := Simulate(context.Background(), SimConfig{Strategy: s, N: 100}); !errors.Is(err, ErrSyntax) {
		t.Errorf("Simulate: %v, want ErrSyntax", err)
	}
	tb, _ := NewTable(Standard())
	if err := tb.Join("p", 100); err != nil {
		t.Fatal(err)
	}
	if _, err := NewStrategyPlayer(tb, "p", s); !errors.Is(err, ErrSyntax) {
		t.Errorf("NewStrategyPlayer: %v, want ErrSyntax", err)
	}
}

// A strategy that takes a bet down and makes it again before every roll
// pays its commission each time on the Table engine too, which skips the
// actions after a roll that changed nothing only when the last act
// changed no bet; and so does the compiled engine's session once it
// hands a short bankroll to the Table.
func TestChurnedBetMatchesTable(t *testing.T) {
	s, err := ParseStrategy("buy 4 25; take down buy if rolls > 6")
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []SimConfig{
		{Strategy: s, Seed: 1, Mode: BySessions, N: 256, Session: SessionLimits{Bankroll: 150, Target: 300, MaxRolls: 200}},
		{Strategy: s, Seed: 1, Mode: ByShooters, N: 2_000},
	} {
		table, compiled := bothEngines(t, "churn", cfg)
		if diff := cmp.Diff(table, compiled, exactSums); diff != "" {
			t.Errorf("%v: (-Table engine +compiled):\n%s", cfg.Mode, diff)
		}
	}
}

// betGroups lay out every bet of the Standard catalogue in a few layouts
// small enough to compile: each bet is kept up and re-made after each
// decision.
func betGroups(r Rules) [][]Action {
	var line, place, props, hard, ats []Action
	for _, b := range r.Catalogue() {
		// 1320 makes every payout and every commission whole (11:4 and
		// 5:11, 5% of a lay's win of 5:6), since the analysis is exact
		// and the table rounds to the unit.
		a := Action{Bet: b, Amounts: []Amount{1320}}
		switch b.Kind {
		case PassLine, DontPass:
			line = append(line, a)
		case Come, DontCome:
			// one come bet at a time
			a.If = Condition{{{Kind: FactComes, Bet: Bet{Kind: b.Kind}, Op: CompareLess, N: 1}}}
			line = append(line, a)
		case PassOdds, DontPassOdds, ComeOdds, DontComeOdds:
			a.Amounts, a.Odds = nil, OddsAtLimit
			if b.Number == 4 { // one action stands behind every point
				a.Bet.Number = 0
				line = append(line, a)
			}
		case Put, PutOdds:
			// a put bet is a pass line bet on its number: the pass odds
			// stand for its odds, and puts are checked by their own test
		case Place, PlaceToLose, Buy, Lay, Big6, Big8:
			place = append(place, a)
		case Hardway:
			hard = append(hard, a)
		case Fire, All, Tall, Small, Repeater, RideTheLine, HotShooter, DifferentDoubles, BonusCraps:
			ats = append(ats, a)
		case AllHardways:
			// placed as four hardway bets, which the hardways group holds
		default:
			props = append(props, a)
		}
	}
	var groups [][]Action
	for _, g := range [][]Action{line, place, props, hard} {
		if len(g) > 0 {
			groups = append(groups, g)
		}
	}
	for _, a := range ats { // each alone: their states multiply
		groups = append(groups, []Action{a})
	}
	return groups
}

// For each bet, a seeded simulation lands within 4 standard errors of the
// exact return odds.go derives from the same definition: every bet of the
// standard rules on every run but -short, every bet of every preset with
// CRAPS_EXHAUSTIVE=1.
func TestSimulationAgreesWithAnalysis(t *testing.T) {
	if !thorough() {
		t.Skip("long simulation")
	}
	for _, name := range simPresets() {
		t.Run(name, func(t *testing.T) {
			if name != "standard" {
				exhaustive(t)
			}
			simulationAgreesWithAnalysis(t, name)
		})
	}
}

func simulationAgreesWithAnalysis(t *testing.T, name string) {
	r, _ := preset(name)
	seen := map[Bet]bool{}
	for gi, layout := range betGroups(r) {
		res, err := Simulate(context.Background(), SimConfig{Rules: r, Strategy: Strategy{Name: "group", Actions: layout},
			Seed: uint64(gi + 1), N: 1 << 24})
		if err != nil {
			t.Fatal(err)
		}
		if res.Engine != "compiled" {
			t.Errorf("%s group %d ran on the %s engine", name, gi, res.Engine)
		}
		for _, tally := range res.Bets {
			seen[tally.Bet] = true
			a, err := r.Analyze(tally.Bet)
			if err != nil {
				t.Fatal(err)
			}
			exact, _ := a.Return.Float64()
			mean, se := tally.Return()
			if tally.Decisions < 1000 || math.Abs(mean-exact) > 4*se {
				t.Errorf("%s %v: simulated %.5f ± %.5f over %d decisions, exact %.5f", name, tally.Bet, mean, se, tally.Decisions, exact)
			}
		}
	}
	for _, b := range r.Catalogue() {
		if !seen[b] && b.Kind != Put && b.Kind != PutOdds && b.Kind != AllHardways {
			t.Errorf("%s: %v was not simulated", name, b)
		}
	}
}

// Put bets and their odds, and a progression on the general engine, also
// agree with the analysis.
func TestSimulationPutAndProgression(t *testing.T) {
	if !thorough() {
		t.Skip("long simulation")
	}
	put, _ := ParseStrategy("put 6 10; put odds 6 max")
	put.Name = "put"
	martingale, _ := NamedStrategy("martingale")
	for _, s := range []Strategy{put, withHook(martingale)} {
		res, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 11, N: 1 << 22})
		if err != nil {
			t.Fatal(err)
		}
		for _, tally := range res.Bets {
			a, _ := Standard().Analyze(tally.Bet)
			exact, _ := a.Return.Float64()
			mean, se := tally.Return()
			if math.Abs(mean-exact) > 4*se {
				t.Errorf("%s %v: simulated %.5f ± %.5f, exact %.5f", s.Name, tally.Bet, mean, se, exact)
			}
		}
	}
}

// Shards merged in any order, and any number of workers, give exactly the
// result of the whole run in one process.
func TestShardsMergeToTheWholeRun(t *testing.T) {
	pass, _ := NamedStrategy("pass-max-odds")
	molly, _ := NamedStrategy("three-point-molly")
	martingale, _ := NamedStrategy("martingale")
	cases := []struct {
		why string
		cfg SimConfig
	}{
		{"roll blocks on the compiled engine", SimConfig{Strategy: pass, Mode: ByRolls, N: 2*blockRolls + 12345}},
		{"shooter blocks on the compiled engine", SimConfig{Strategy: molly, Mode: ByShooters, N: 3*blockShooters + 7}},
		{"sessions on the table, with a hook", SimConfig{Strategy: withHook(martingale), Mode: BySessions, N: 3*blockSessions + 1,
			Session: SessionLimits{Bankroll: 1000, Target: 1500, MaxRolls: 500}}},
		{"sessions on the compiled engine, some handed to the table", SimConfig{Strategy: molly, Mode: BySessions, N: 4*blockSessions - 1,
			Session: SessionLimits{Bankroll: 300, Target: 600, MaxRolls: 300}}},
		{"the private game's hands", privateExactRun(ByShooters, 2*blockShooters+5)},
		{"the private game's sessions", privateExactRun(BySessions, 2*blockSessions+7)},
	}
	if !thorough() {
		cases[0].cfg.N = blockRolls/4 + 1
	}
	for _, c := range cases {
		cfg := c.cfg
		cfg.Seed, cfg.Workers = 42, 1
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
		merged, err := MergeResults(shards[2], shards[0])
		if err != nil {
			t.Fatal(err)
		}
		if merged.Complete() {
			t.Errorf("%s: two shards of three are complete", c.why)
		}
		if merged, err = MergeResults(merged, shards[1]); err != nil {
			t.Fatal(err)
		}
		if !merged.Complete() {
			t.Errorf("%s: every shard merged is not complete", c.why)
		}
		merged.Shards, merged.Parts = 1, []int{0}
		if diff := cmp.Diff(whole, merged, exactSums); diff != "" {
			t.Errorf("%s: merged shards differ from the whole run (-whole +merged):\n%s", c.why, diff)
		}
		if _, err := MergeResults(shards[0], shards[0]); !errors.Is(err, ErrSimulation) {
			t.Errorf("%s: a shard merged with itself: %v", c.why, err)
		}
	}
}

// roundTrip writes a result as JSON and reads it back.
func roundTrip(t *testing.T, r SimResult) SimResult {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back SimResult
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r, back, exactSums); diff != "" {
		t.Fatalf("JSON round trip (-before +after):\n%s", diff)
	}
	return back
}

// Sessions' outcomes sum to the tallies' Net but for the commission paid
// up front on bets still up when a session ends, as SimResult.Outcomes
// says.
func TestSessionOutcomesAndTallies(t *testing.T) {
	for _, c := range []struct {
		system string
		short  bool // commission paid up front, under the standard rules
	}{{"place-6-8", false}, {"iron-cross", false}, {"buy-4-10", true}, {"lay-5-9", true}} {
		s, err := NamedStrategy(c.system)
		if err != nil {
			t.Fatal(err)
		}
		cfg := SimConfig{Rules: Standard(), Strategy: s, Mode: BySessions, N: 300, Seed: 3,
			Session: SessionLimits{Bankroll: 300, Target: 500, MaxRolls: 50}}
		res, err := Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		net := new(big.Int)
		for _, b := range res.Bets {
			net.Add(net, b.Net())
		}
		switch cmp := res.Outcomes.Sum().Cmp(net); {
		case !c.short && cmp != 0, c.short && cmp >= 0:
			t.Errorf("%s: outcomes sum to %v, the tallies' Net to %v", c.system, res.Outcomes.Sum(), net)
		}
	}
}

// A result that does not decode is refused with ErrSyntax, naming the key
// at fault, for a whole result and for one player's. (json.Unmarshal
// itself refuses text that is not JSON before either is asked.)
func TestSimResultJSONRefusals(t *testing.T) {
	for _, tc := range []struct{ json, says string }{
		{`{"bets":"x"}`, `"bets" holds a JSON string`},
		{`{`, "unexpected end of JSON input"},
		{`[]`, "a JSON array, not an object"},
		{`{"bets":[{"bet":"nonsense"}]}`, `cannot read "nonsense" as bet`},
	} {
		for _, v := range []json.Unmarshaler{&SimResult{}, &PlayerResult{}} {
			err := v.UnmarshalJSON([]byte(tc.json))
			if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("%T from %s: %v, want ErrSyntax saying %s", v, tc.json, err, tc.says)
			}
		}
	}
}

// The stream of throws for a seed is fixed: these are the first throws of
// block 0 and block 1 of seed 1, and the sums of a short run, the same on
// every machine and every run. A change here changes every published
// simulation: bump it only on purpose.
func TestSimulationGolden(t *testing.T) {
	var got []string
	for block := uint64(0); block < 2; block++ {
		st := newStream(1, block)
		line := ""
		for range 12 {
			line += diceOf(st.next()).String() + " "
		}
		got = append(got, line)
	}
	want := []string{goldenThrows0, goldenThrows1}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("throws (-want +got):\n%s", diff)
	}
	pass, _ := NamedStrategy("pass-max-odds")
	r, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: pass, Seed: 1, N: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	tot := r.Total()
	sums := []int64{r.Rolls, r.SevenOuts, tot.Decisions, tot.Staked().Int64(), tot.Net().Int64(), r.Bets[0].Net().Int64()}
	if diff := cmp.Diff(goldenSums, sums); diff != "" {
		t.Errorf("rolls, seven-outs, decisions, staked, net, pass line net (-want +got):\n%s", diff)
	}
}

var (
	goldenThrows0 = "3-5 3-3 6-4 1-4 3-2 5-6 3-1 5-5 1-3 3-6 1-2 5-3 "
	goldenThrows1 = "4-4 4-6 3-3 6-2 4-2 2-2 2-6 4-5 5-6 2-3 4-5 5-2 "
	goldenSums    = []int64{1000000, 116978, 493597, 11182410, -24580, -31420}
)

// The compiled loop and the general engine make no allocation per roll.
func TestSimulationAllocatesNothingPerRoll(t *testing.T) {
	full, _ := NamedStrategy("full")
	j := wholeTestJoint(Standard(), &full)
	run := j.newRun(&SimConfig{Rules: Standard(), Strategy: full})
	var out SimResult
	st := newStream(1, 0)
	if n := testing.AllocsPerRun(10, func() { run.play(&st, ByRolls, 100_000, &out) }); n != 0 {
		t.Errorf("compiled engine: %v allocations per 100000 rolls", n)
	}
	// Sessions on the automaton, handed to the Table when the bankroll runs
	// short: once every result has its place in the histogram, nothing.
	molly, _ := NamedStrategy("three-point-molly")
	scfg := &SimConfig{Rules: Standard(), Strategy: molly, Mode: BySessions,
		Session: SessionLimits{Bankroll: 300, Target: 600, StopLoss: 200, MaxRolls: 200}}
	srun := wholeTestJoint(Standard(), &molly).newRun(scfg)
	srun.play(&st, BySessions, 20_000, &out)
	if n := testing.AllocsPerRun(10, func() { srun.play(&st, BySessions, 100, &out) }); n != 0 {
		t.Errorf("compiled sessions: %v allocations per 100 sessions", n)
	}
	for _, name := range []string{"martingale", "full", "hammerlock"} {
		s, _ := NamedStrategy(name)
		cfg := &SimConfig{Rules: Standard(), Strategy: withHook(s), Mode: ByRolls}
		p := newPlayer(cfg)
		p.play(&st, 10_000, &out) // the tallies of its bets exist from now on
		if n := testing.AllocsPerRun(10, func() { p.play(&st, 10_000, &out) }); n != 0 {
			t.Errorf("table engine with a hook, %s: %v allocations per 10000 rolls", name, n)
		}
	}
}

// Bad configurations and strategies are errors with sentinels, never panics.
func TestSimulationErrors(t *testing.T) {
	pass, _ := NamedStrategy("pass-max-odds")
	dont, _ := NamedStrategy("dont-pass-max-lay")
	never := func(text string) Strategy {
		s, err := ParseStrategy(text)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	cases := []struct {
		why  string
		cfg  SimConfig
		want error
	}{
		{"no rolls", SimConfig{Strategy: pass}, ErrSimulation},
		{"the private game with one player", SimConfig{Rules: Street(), Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: Center}, Amounts: []Amount{5}}}}, N: 1}, ErrSimulation},
		{"negative shard", SimConfig{Strategy: pass, N: 1, Shard: -1, Shards: 2}, ErrSimulation},
		{"shard past the shards", SimConfig{Strategy: pass, N: 1, Shard: 2, Shards: 2}, ErrSimulation},
		{"unknown mode", SimConfig{Strategy: pass, N: 1, Mode: 9}, ErrSimulation},
		{"session without a bankroll", SimConfig{Strategy: pass, N: 1, Mode: BySessions, Session: SessionLimits{Target: 10}}, ErrSimulation},
		{"session without an end", SimConfig{Strategy: pass, N: 1, Mode: BySessions, Session: SessionLimits{Bankroll: 100}}, ErrSimulation},
		{"target below the bankroll", SimConfig{Strategy: pass, N: 1, Mode: BySessions, Session: SessionLimits{Bankroll: 100, Target: 50}}, ErrSimulation},
		{"don't pass in crapless craps", SimConfig{Rules: Crapless(), Strategy: dont, N: 1}, ErrNotOffered},
		{"invalid rules", SimConfig{Rules: Rules{Bar: 5}, Strategy: pass, N: 1}, ErrInvalidRules},
		{"no actions", SimConfig{N: 1}, ErrAmount},
		{"place 7", SimConfig{Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: Place, Number: 7}, Amounts: []Amount{5}}}}, N: 1}, ErrSyntax},
		{"a negative stake", SimConfig{Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{-5}}}}, N: 1}, ErrAmount},
		{"a stake off the unit", SimConfig{Rules: Rules{Unit: 5}, Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{7}}}}, N: 1}, ErrUnit},
		{"below the minimum", SimConfig{Rules: Rules{Minimum: 10}, Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{5}}}}, N: 1}, ErrTableLimit},
		{"a come bet on a number", SimConfig{Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: Come, Number: 6}, Amounts: []Amount{5}}}}, N: 1}, ErrNotNow},
		// Sessions without a roll limit that could never end.
		{"a session of a strategy that never bets", SimConfig{Strategy: never("field 5 if rolled 7 and rolled 11"), N: 1, Mode: BySessions,
			Session: SessionLimits{Bankroll: 100, Target: 200}}, ErrSimulation},
		{"a session of a strategy that never wins anything to bet", SimConfig{Strategy: never("place 6 12 if winnings > 100"), N: 1, Mode: BySessions,
			Session: SessionLimits{Bankroll: 100, Target: 200}}, ErrSimulation},
		{"a session with another player who never bets", SimConfig{Strategy: pass, N: 1, Mode: BySessions,
			Session: SessionLimits{Bankroll: 100, Target: 200}, Others: []SimPlayer{{Name: "ann", Strategy: never("field 5 if rolled 7 and rolled 11")}}}, ErrSimulation},
		{"at a card table", SimConfig{Rules: CardCraps(), Strategy: never("field 5 if rolled 7 and rolled 11"), N: 1, Mode: BySessions,
			Session: SessionLimits{Bankroll: 100, Target: 200}}, ErrSimulation},
	}
	for _, c := range cases {
		if _, err := Simulate(context.Background(), c.cfg); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.why, err, c.want)
		}
	}
	if _, err := NamedStrategy("nope"); !errors.Is(err, ErrNoSuchStrategy) {
		t.Errorf("unknown strategy: %v", err)
	}
	a, _ := Simulate(context.Background(), SimConfig{Strategy: pass, N: 10, Seed: 1})
	b, _ := Simulate(context.Background(), SimConfig{Strategy: pass, N: 10, Seed: 2})
	if _, err := MergeResults(a, b); !errors.Is(err, ErrSimulation) {
		t.Errorf("results of different seeds merged: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Simulate(ctx, SimConfig{Strategy: pass, N: 10}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
}

// idleHook keeps no bet: with no roll limit, its sessions never end.
type idleHook struct{}

func (idleHook) Reset(*HookRoll) {}
func (idleHook) React(*HookRoll) {}

// A run whose context is done before it starts returns the context's
// error without compiling its strategy, and leaves nothing half compiled
// behind: the next run compiles it and plays on the compiled engine.
func TestSimulateCancelledBeforeCompiling(t *testing.T) {
	s, err := ParseStrategy("pass 10; odds max; come 10 if comes < 2; place 6 6-12-18-24 up on win; field 5-10-15 up on loss")
	if err != nil {
		t.Fatal(err)
	}
	cfg := SimConfig{Strategy: s, Seed: 3, N: 1000}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Simulate(ctx, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, want context.Canceled", err)
	}
	if _, ok := jointCache.Load(jointKeyOf(cfg.Rules, &cfg.Strategy, false, cfg.Mode == BySessions)); ok {
		t.Error("a cancelled run cached its automaton")
	}
	r, err := Simulate(context.Background(), cfg)
	if err != nil || r.Engine != "compiled" {
		t.Errorf("the next run: engine %q, %v", r.Engine, err)
	}
}

// A run cancelled while a session that never ends is in play returns
// with the context's error, on both engines and in a block of rolls on
// the Table engine.
func TestSimulateCancelledInBlock(t *testing.T) {
	never := mustParse(t, "pass 10 if points >= 30") // no hand makes 30 points: no bet, no end
	idle := Strategy{Name: "idle", NewHook: func() StrategyHook { return idleHook{} }}
	for _, c := range []struct {
		why string
		cfg SimConfig
	}{
		{"compiled session", SimConfig{Strategy: never, Mode: BySessions, N: 1, Session: SessionLimits{Bankroll: 100, Target: 200}}},
		{"Table session", SimConfig{Strategy: idle, Mode: BySessions, N: 1, Session: SessionLimits{Bankroll: 100, Target: 200}}},
		{"Table rolls", SimConfig{Strategy: idle, Rules: CardCraps(), N: MaxSimN}},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		done := make(chan error, 1)
		go func() {
			_, err := Simulate(ctx, c.cfg)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s: %v, want context.Canceled", c.why, err)
			}
		case <-time.After(time.Minute): // a hang, not a slow machine
			t.Fatalf("%s: still running a minute after it was cancelled", c.why)
		}
		cancel()
	}
}

// Sessions end on the target, the stop-loss, ruin or the roll limit, and
// the histogram of their results summarizes them exactly.
func TestSessions(t *testing.T) {
	s, _ := NamedStrategy("pass-max-odds")
	r, err := Simulate(context.Background(), SimConfig{Strategy: s, Mode: BySessions, N: 2000, Seed: 5,
		Session: SessionLimits{Bankroll: 200, Target: 400, StopLoss: 150, MaxRolls: 300}})
	if err != nil {
		t.Fatal(err)
	}
	e := r.Ends
	if e.Target+e.StopLoss+e.Ruin+e.MaxRolls+e.Strategy != 2000 || r.Outcomes.Count() != 2000 {
		t.Errorf("ends %+v and %d outcomes for 2000 sessions", e, r.Outcomes.Count())
	}
	if e.Target == 0 || e.StopLoss == 0 || e.MaxRolls == 0 {
		t.Errorf("ends %+v: expected some of each", e)
	}
	if lo, hi := r.Outcomes.Quantile(0), r.Outcomes.Quantile(1); lo < -200 || hi < 200 {
		t.Errorf("outcomes from %d to %d", lo, hi)
	}
	// Without a stop-loss, a small bankroll is ruined.
	r, err = Simulate(context.Background(), SimConfig{Strategy: s, Mode: BySessions, N: 500, Seed: 5,
		Session: SessionLimits{Bankroll: 30, Target: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Ends.Ruin == 0 || r.Ends.Ruin+r.Ends.Target != 500 {
		t.Errorf("ends %+v", r.Ends)
	}
	h := Histogram{-10: 2, 0: 1, 30: 1}
	if h.Count() != 4 || h.Mean() != 2.5 || h.Quantile(0.5) != -10 || h.Quantile(0.75) != 0 || h.Quantile(1) != 30 {
		t.Errorf("histogram summaries: %d %v %d %d %d", h.Count(), h.Mean(), h.Quantile(0.5), h.Quantile(0.75), h.Quantile(1))
	}
	// A fraction as written in decimal: 0.07 of 1 to 100 is 7, though the
	// float64 nearest 0.07 is a little above 7/100.
	hundred := Histogram{}
	for v := range Amount(100) {
		hundred[v+1] = 1
	}
	for _, c := range []struct {
		p    float64
		want Amount
	}{{0.07, 7}, {0.14, 14}, {0.28, 28}, {0.55, 55}, {0.56, 56}, {0.071, 8}, {0, 1}, {-1, 1}, {math.NaN(), 1}, {1, 100}, {2, 100}} {
		if got := hundred.Quantile(c.p); got != c.want {
			t.Errorf("Quantile(%v) of 1 to 100: %d, want %d", c.p, got, c.want)
		}
	}
	if sd := h.StdDev(); math.Abs(sd-math.Sqrt(1075.0/3)) > 1e-12 {
		t.Errorf("standard deviation %v", sd)
	}
	// Counts that add up past an int64, as a histogram filled by hand may
	// hold: summarized exactly, the count saturated. Before, the count
	// wrapped to -2 and the mean was -2^63·2.
	huge := Histogram{1: math.MaxInt64, 3: math.MaxInt64}
	if huge.Count() != math.MaxInt64 || huge.Mean() != 2 || math.Abs(huge.StdDev()-1) > 1e-12 ||
		huge.Quantile(0.5) != 1 || huge.Quantile(0.5000001) != 3 || huge.Quantile(1) != 3 {
		t.Errorf("huge counts: %d, mean %v, sd %v, median %d", huge.Count(), huge.Mean(), huge.StdDev(), huge.Quantile(0.5))
	}
	if w := product(-3, 1<<62); w.big().String() != "-13835058055282163712" {
		t.Errorf("product: %v", w)
	}
}

// BenchmarkBuildAutomaton builds a large automaton: the line bets of
// Repeater Bets Plus (betGroups' first group), whose states multiply with
// the totals thrown since the last 7. "simulate" plays them for 2^18
// rolls on one worker, the cache emptied first so that each run builds
// its automaton from nothing (its CPU time too, which a shared machine's
// other jobs do not inflate); "heap" builds the automaton up to 2^16
// states, in order, with and without what each transition does to the
// player's money (kept for sessions), and reports the heap it keeps a
// state, read after a collection with the automaton held. Run it with -cpu 1 -benchtime 1x.
func BenchmarkBuildAutomaton(b *testing.B) {
	r := RepeaterBetsPlus()
	s := Strategy{Actions: betGroups(r)[0]}
	emptyCache := func() {
		cacheMu.Lock()
		jointCache.Clear()
		cachedTotal = 0
		cacheMu.Unlock()
	}
	b.Run("simulate", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			emptyCache()
			res, err := Simulate(context.Background(), SimConfig{Rules: r, Strategy: s, N: 1 << 18, Seed: 1, Workers: 1})
			if err != nil {
				b.Fatal(err)
			}
			if res.Rolls != 1<<18 {
				b.Fatalf("%d rolls", res.Rolls)
			}
		}
		cpu.report(b)
	})
	for _, session := range []bool{false, true} {
		b.Run(fmt.Sprintf("heap/session=%v", session), func(b *testing.B) {
			const states = 1 << 16
			var ms runtime.MemStats
			perState := 0.0
			for b.Loop() {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				before := ms.HeapAlloc
				j := newJoint(r, &s, states, session)
				if j.buildAll(nil) || j.states() != states {
					b.Fatalf("%d states, failed %q: the layout should reach more", j.states(), j.failed)
				}
				runtime.GC()
				runtime.ReadMemStats(&ms)
				perState = float64(ms.HeapAlloc-before) / states
				runtime.KeepAlive(j)
			}
			b.ReportMetric(perState, "heapB/state")
		})
	}
}

// BenchmarkSimulate plays strategies for b.N rolls on as many workers as
// GOMAXPROCS: run it with -cpu 1 for one core. "full" is the benchmark
// layout (pass line with 3-4-5x odds, two come bets with odds, place 6
// and 8, the field, hard 6 and 8): compiled; forced onto the Table
// engine; with a hook that watches (shown each roll from the automaton);
// and with a hook that keeps big 6 on a Fibonacci progression, a memory
// the language has not (its bet played on a table apart, beside the
// automaton). "martingale" (capped, on the pass line) and "press-6-8"
// (press on hit, capped) are compiled with their progressions, beside
// "fixed", the same bets at a fixed amount.
func BenchmarkSimulate(b *testing.B) {
	named := func(name string) Strategy {
		s, err := NamedStrategy(name)
		if err != nil {
			b.Fatal(err)
		}
		return s
	}
	fixed := func(text string) Strategy {
		s, err := ParseStrategy(text)
		if err != nil {
			b.Fatal(err)
		}
		s.Name = text
		return s
	}
	cases := []struct {
		name     string
		strategy Strategy
		general  bool
	}{
		{"full/compiled", named("full"), false},
		{"full/table", named("full"), true},
		{"full/hook", withHook(named("full")), false},
		{"full/hook-betting", fibonacciBig6(named("full")), false},
		{"martingale/compiled", named("martingale"), false},
		{"martingale/fixed", fixed("pass 10"), false},
		{"press-6-8/compiled", named("press-6-8"), false},
		{"press-6-8/fixed", fixed("place 6 12; place 8 12"), false},
		// A press on all six numbers, its clusters stepped side by side,
		// beside the same bets at fixed amounts; the README's strategy
		// example beside its bets without progressions.
		{"press-all/compiled", fixed(simLayouts["press-all"]), false},
		{"press-all/fixed", fixed("place 4 10; place 5 10; place 6 12; place 8 12; place 9 10; place 10 10"), false},
		{"readme/compiled", fixed(simLayouts["readme"]), false},
		{"readme/fixed", fixed("pass 10; odds 3-4-5x; come 10 if comes < 2; come odds max; place 6 12 skip point; place 5 10; take down place if point off"), false},
		{"double-tap/compiled", named("double-tap"), false},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			cfg := SimConfig{Rules: Standard(), Strategy: c.strategy, Seed: 1, general: c.general}
			// Compile what a run reaches once, outside the timer: an
			// automaton is built as runs reach its states.
			cfg.N = 1 << 22
			if _, err := Simulate(context.Background(), cfg); err != nil {
				b.Fatal(err)
			}
			cfg.N = int64(b.N)
			b.ReportAllocs()
			b.ResetTimer()
			cpu := startCPU()
			r, err := Simulate(context.Background(), cfg)
			if err != nil || r.Rolls != int64(b.N) {
				b.Fatal(err, r.Rolls)
			}
			cpu.report(b)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rolls/s")
		})
	}
}

// cpuClock measures a benchmark's CPU time, which the other jobs of a
// shared machine do not inflate as they do its elapsed time.
type cpuClock struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuClock {
	t, ok := cpuTime()
	return cpuClock{t, ok}
}

// report adds the CPU time per operation, "cpu-ns/op", where measured.
func (c cpuClock) report(b *testing.B) {
	if t, ok := cpuTime(); ok && c.ok {
		b.ReportMetric(float64(t-c.start)/float64(b.N), "cpu-ns/op")
	}
}

// exactSums lets cmp compare results by every sum they keep.
var exactSums = cmp.AllowUnexported(SimResult{}, PlayerResult{}, rollSums{}, BetTally{}, int128{}, int192{})

// Several players at one table share the dice: each one's tallies are
// exactly those of his strategy played alone on the same throws, in rolls
// and in hands; in sessions each one's own ends; shards merge as one run.
func TestSeveralPlayers(t *testing.T) {
	molly, _ := NamedStrategy("three-point-molly")
	hammer, _ := NamedStrategy("hammerlock")
	dolly, _ := NamedStrategy("three-point-dolly")
	for _, mode := range []SimMode{ByRolls, ByShooters} {
		n := int64(200_000)
		if mode == ByShooters {
			n = 20_000
		}
		cfg := SimConfig{Rules: Standard(), Strategy: molly, Seed: 5, Mode: mode, N: n,
			Others: []SimPlayer{{Name: "ann", Strategy: hammer}, {Name: "bob", Strategy: withHook(dolly)}}}
		all, err := Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if all.Engine != "table" || len(all.Others) != 2 || all.Others[0].Name != "ann" || all.Others[1].Strategy != "three-point-dolly" {
			t.Fatalf("%v: engine %s, others %d", mode, all.Engine, len(all.Others))
		}
		for i, s := range []Strategy{molly, hammer, dolly} {
			alone, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 5, Mode: mode, N: n})
			if err != nil {
				t.Fatal(err)
			}
			got := PlayerResult{Bets: all.Bets, Outcomes: all.Outcomes, roll: all.roll}
			if i > 0 {
				got = all.Others[i-1]
				got.Name, got.Strategy, got.StrategyText, got.Hooked = "", "", "", false
			}
			want := PlayerResult{Bets: alone.Bets, Outcomes: alone.Outcomes, roll: alone.roll}
			if diff := cmp.Diff(want, got, exactSums); diff != "" {
				t.Errorf("%v: %s at a table of three differs from %s alone (-alone +at the table):\n%s", mode, s.Name, s.Name, diff)
			}
		}
	}
	cfg := SimConfig{Rules: Standard(), Strategy: molly, Seed: 8, Mode: BySessions, N: 600, Workers: 1,
		Session: SessionLimits{Bankroll: 300, Target: 450, StopLoss: 200, MaxRolls: 300},
		Others:  []SimPlayer{{Name: "ann", Strategy: hammer, Bankroll: 1000}, {Name: "bob", Strategy: mustParse(t, "pass 10; stop if points >= 2")}}}
	whole, err := Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range []SessionEnds{whole.Ends, whole.Others[0].Ends, whole.Others[1].Ends} {
		if e.Target+e.StopLoss+e.Ruin+e.MaxRolls+e.Strategy != 600 {
			t.Errorf("player %d: ends %+v for 600 sessions", i, e)
		}
	}
	if e := whole.Others[1].Ends; e.Strategy == 0 {
		t.Errorf("bob never stopped: %+v", e)
	}
	if lo := whole.Others[0].Outcomes.Quantile(0); lo < -1000 {
		t.Errorf("ann lost %d of 1000", -lo)
	}
	cfg.Shards = 2
	var merged SimResult
	for i := range 2 {
		cfg.Shard = i
		part, err := Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		part = roundTrip(t, part)
		if i == 0 {
			merged = part
		} else if merged, err = MergeResults(merged, part); err != nil {
			t.Fatal(err)
		}
	}
	merged.Shards, merged.Parts = 1, []int{0}
	if diff := cmp.Diff(whole, merged, exactSums); diff != "" {
		t.Errorf("merged shards of several players (-whole +merged):\n%s", diff)
	}
	other := merged
	other.Others = other.Others[:1]
	if _, err := MergeResults(merged, other); !errors.Is(err, ErrSimulation) {
		t.Errorf("results with other players merged: %v", err)
	}
	for _, c := range []struct {
		why    string
		others []SimPlayer
		want   error
	}{
		{"a name twice", []SimPlayer{{Name: "ann", Strategy: molly}, {Name: "ann", Strategy: molly}}, ErrSimulation},
		{"the first player's name", []SimPlayer{{Name: "player", Strategy: molly}}, ErrSimulation},
		{"no name", []SimPlayer{{Strategy: molly}}, ErrSimulation},
		{"a bankroll below 0", []SimPlayer{{Name: "ann", Strategy: molly, Bankroll: -1}}, ErrSimulation},
		{"a strategy the rules refuse", []SimPlayer{{Name: "ann", Strategy: mustParse(t, "place 6 5")}}, ErrTableLimit},
	} {
		c2 := SimConfig{Rules: Rules{Minimum: 10}, Strategy: molly, N: 10, Others: c.others}
		if _, err := Simulate(context.Background(), c2); !errors.Is(err, c.want) {
			t.Errorf("%s: %v", c.why, err)
		}
	}
}

// stepper steps a compiled automaton roll by roll, for tests: one
// automaton, or clusters stepped side by side.
type stepper interface {
	step(i uint) (jointMove, bool)
	// resume sets p's table and memory at the automaton's state.
	resume(p *player)
	kind() string
}

func stepperOf(j *joint, cfg *SimConfig) stepper {
	if j.prod != nil && j.prod.stepped {
		return &steppedStepper{j.newRunner(cfg, nil).(*steppedRun)}
	}
	return &jointStepper{j: j}
}

type jointStepper struct {
	j *joint
	s uint32
}

func (x *jointStepper) step(i uint) (jointMove, bool) {
	tr := x.s + uint32(i)
	if !x.j.built(tr) {
		return jointMove{}, false
	}
	x.s = x.j.next[tr]
	return x.j.moves[tr], true
}

func (x *jointStepper) resume(p *player) { x.j.resume(p, int(x.s/36), MaxAmount) }

func (x *jointStepper) kind() string {
	if x.j.prod != nil {
		return fmt.Sprintf("a product of %d parts", len(x.j.prod.parts))
	}
	return "one automaton"
}

type steppedStepper struct{ r *steppedRun }

func (x *steppedStepper) step(i uint) (jointMove, bool) {
	m, _, ok := x.r.step(i)
	return m, ok
}

func (x *steppedStepper) resume(p *player) {
	x.r.p = p
	x.r.onTable(int64(MaxAmount))
}

func (x *steppedStepper) kind() string {
	return fmt.Sprintf("%d clusters stepped", len(x.r.parts))
}

// The stepped engine plays rolls and shooters on its clusters' records a
// word of throws at a time, three clusters side by side; every sum it
// gives is the Table engine's: for the press on six numbers (three
// clusters) and one with hardways and the field besides (five, in two
// threes), under a law of the dice (whose throws the records read as the
// Table reads them), from a cold automaton built as the words reach it,
// with every length of run up to 40 rolls and 20 shooters (a block ending
// inside a word, a shooter's hand across words), over several blocks and
// workers, in sessions, where a press grows past what a record holds (the
// rest of the run is stepped), and where a cluster passes its bound of
// states (the Table plays on, and the run says why).
func TestSteppedRecordsMatchTable(t *testing.T) {
	loaded, err := FaceWeights([6]int64{1, 1, 1, 1, 1, 1}, [6]int64{3, 1, 1, 1, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	wide := simLayouts["press-all"] + "; hard 6 5-10-20-40 up on loss; hard 8 5-10-20-40 up on loss; field 5-10-20 up on loss"
	check := func(name string, cfg SimConfig) SimResult {
		t.Helper()
		slow, fast := bothEngines(t, name, cfg)
		if diff := cmp.Diff(slow, fast, exactSums); diff != "" {
			t.Fatalf("%s: the stepped engine differs from the Table (-table +stepped):\n%s", name, diff)
		}
		return fast
	}
	law := Rules{Dice: loaded}
	for k, text := range []string{simLayouts["press-all"], wide} {
		s := mustParse(t, text)
		jointCache.Delete(jointKeyOf(law, &s, false, false))
		if j, _, _ := cachedJoint(law, &s, false, nil); j.prod == nil || !j.prod.stepped || len(j.prod.parts) != 3+2*k {
			t.Fatalf("layout %d is not played as %d clusters stepped side by side", k, 3+2*k)
		}
		check(fmt.Sprintf("layout %d cold, by rolls", k), SimConfig{Rules: law, Strategy: s, Seed: 4, N: 30_000, Workers: 1})
		for n := int64(1); n <= 40; n++ {
			check(fmt.Sprintf("layout %d, %d rolls", k, n), SimConfig{Rules: law, Strategy: s, Seed: uint64(n), N: n})
			if n <= 20 {
				check(fmt.Sprintf("layout %d, %d shooters", k, n), SimConfig{Rules: law, Strategy: s, Seed: uint64(n), Mode: ByShooters, N: n})
			}
		}
		check(fmt.Sprintf("layout %d, blocks of shooters on two workers", k), SimConfig{Rules: law, Strategy: s, Seed: 6,
			Mode: ByShooters, N: 2*blockShooters + 100, Workers: 2})
		check(fmt.Sprintf("layout %d, sessions", k), SimConfig{Rules: law, Strategy: s, Seed: 7, Mode: BySessions, N: 300,
			Session: SessionLimits{Bankroll: 300, Target: 500, MaxRolls: 150}})
	}
	// A win of 360,000,000 at the top of a press in the fourth cluster.
	huge := mustParse(t, strings.Replace(wide, "hard 8 5-10-20-40", "hard 8 5-10-20-40000000", 1))
	for _, mode := range []SimMode{ByRolls, ByShooters} {
		cfg := SimConfig{Strategy: huge, Seed: 8, Mode: mode, N: 60_000, Workers: 1}
		if mode == ByShooters {
			cfg.N = 6_000
		}
		r := check(fmt.Sprintf("a press past the records by %v", mode), cfg)
		if won := r.tally(Bet{Kind: Hardway, Number: 8}).Won(); won.Cmp(big.NewInt(360_000_000)) < 0 {
			t.Errorf("by %v: the press never won at its top (won %v on hard 8)", mode, won)
		}
	}
	// Clusters of at most 60 states: the press-all's reach 129.
	press := mustParse(t, simLayouts["press-all"])
	bounded := SimConfig{Strategy: press, Seed: 9, Mode: ByShooters, N: 2_000, Workers: 1}
	key := jointKeyOf(bounded.Rules, &press, false, false)
	jointCache.Store(key, newAutomaton(bounded.Rules, &press, 60, false, nil))
	defer jointCache.Delete(key)
	if r := check("clusters past their bound", bounded); !strings.Contains(r.EngineNote, "more than 60 states") {
		t.Errorf("clusters past their bound: note %q", r.EngineNote)
	}
}
