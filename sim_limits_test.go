package craps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A run too large to count is refused: before, (N+size-1)/size wrapped
// for N near the int64 limit and the run played nothing and succeeded.
func TestSimulationSizeBounded(t *testing.T) {
	pass, _ := NamedStrategy("pass-max-odds")
	for _, mode := range []SimMode{ByRolls, ByShooters, BySessions} {
		for _, n := range []int64{math.MaxInt64, math.MaxInt64 - blockRolls + 2, MaxSimN + 1} {
			cfg := SimConfig{Strategy: pass, Mode: mode, N: n, Session: SessionLimits{Bankroll: 100, Target: 200}}
			if _, err := Simulate(context.Background(), cfg); !errors.Is(err, ErrSimulation) {
				t.Errorf("%d %v: err = %v, want ErrSimulation", n, mode, err)
			}
		}
	}
	// The largest run's blocks, counted without wrapping.
	for _, c := range []struct {
		n, size       int64
		shard, shards int
		want          int64
		reason        string
	}{
		{MaxSimN, blockRolls, 0, 1, MaxSimN / blockRolls, "whole blocks"},
		{MaxSimN + 1, blockRolls, 0, 1, MaxSimN/blockRolls + 1, "one roll over"},
		{5, blockShooters, 1, 2, 0, "a shard past the only block"},
		{3*blockSessions + 1, blockSessions, 0, 2, 2, "blocks 0 and 2 of 4"},
		{3*blockSessions + 1, blockSessions, 1, 2, 2, "blocks 1 and 3 of 4"},
	} {
		if got := blocksOf(c.n, c.size, c.shard, c.shards); got != c.want {
			t.Errorf("%s: blocksOf(%d, %d, %d, %d) = %d, want %d", c.reason, c.n, c.size, c.shard, c.shards, got, c.want)
		}
	}
}

// A strategy that could never make a bet, or an action it never takes,
// is refused with the reason; before, "odds 5" alone ran and counted
// nothing.
func TestStrategyNeverPlaced(t *testing.T) {
	tests := []struct {
		reason string
		text   string
		ok     bool
	}{
		{"odds with no pass line (-strategy \"odds 5 10\")", "odds 5 10", false},
		{"lay odds with only a pass line", "pass 10; lay odds max", false},
		{"come odds with no come bet", "pass 10; come odds max", false},
		{"put odds on 6 behind a put on 8", "put 8 10; put odds 6 10", false},
		{"a pass line kept to the point", "pass 10 if point on", false},
		{"a fire bet kept to the point", "field 5; fire 5 if point on", false},
		{"odds behind a pass line that is never placed", "pass 10 if point on; odds max", false},
		{"pass line and odds", "pass 10; odds max", true},
		{"come and come odds", "come 10; come odds max", true},
		{"don't come and its odds on 4", "don't come 10; don't come odds 4 20", true},
		{"put 6 with odds", "put 6 10; put odds 6 20", true},
		{"the field kept to the point (iron cross)", "field 5 if point on", true},
		{"a pass line on the point or after a 7", "pass 10 if point on or rolled 7", true},
		// The mirror: bets made only while a point is on, kept to the come-out.
		{"a come bet kept to the come-out", "come 10 if point off", false},
		{"a don't come bet kept to the come-out", "don't come 10 if point off", false},
		{"a put bet kept to the come-out", "put 6 10 if point off", false},
		{"odds behind the line kept to the come-out", "pass 10; odds 2x if point off", false},
		{"lay odds behind the line kept to the come-out", "don't pass 10; lay odds max if point off and rolls > 1", false},
		{"come odds behind a come bet never made", "pass 10; come 10 if point off; come odds 2x", false},
		{"a come bet on the come-out or after a 7", "come 10 if point off or rolled 7", true},
		{"a come bet not on the 6", "come 10 if not point 6", true},
		// Come bets carried over a point made take odds on the come-out.
		{"come odds on the come-out", "come 10; come odds 2x if point off", true},
		{"put odds on the come-out", "put 6 10; put odds 6 20 if point off", true},
	}
	for _, tc := range tests {
		s, err := ParseStrategy(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		err = s.Validate(Standard())
		if tc.ok != (err == nil) || (!tc.ok && !errors.Is(err, ErrNotNow)) {
			t.Errorf("%s: Validate = %v, want ok %v (else ErrNotNow)", tc.reason, err, tc.ok)
		}
	}
	// In the private game too: a point bet is made while a point is on.
	s, _ := ParseStrategy("cover point 50 if point off")
	if err := s.Validate(Street()); !errors.Is(err, ErrNotNow) {
		t.Errorf("a point bet covered on the come-out: %v, want ErrNotNow", err)
	}
}

// In roll and shooter runs the player's money is unlimited, as the
// compiled engine has it: before, the general engine let the bankroll run
// dry and skipped bets (-strategy "field 3000000000" -rolls 3.2e9 decided
// 10,141,516 of 3.2 billion field bets). And the sums of squares pass
// 2^127: a run with every stake 2^20 times larger has squares 2^40 times
// larger, exactly, which 128 bits could not hold.
func TestSimulationLargeStakes(t *testing.T) {
	r := Rules{Field: FieldPaytable{Pays: [13]Ratio{2: {1_000_000, 1}, 12: {1_000_000, 1}}}}
	run := func(amount Amount) SimResult {
		t.Helper()
		res, err := Simulate(context.Background(), SimConfig{Rules: r, N: 200_000, Seed: 3,
			Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{amount}}}}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	small, large := run(1<<20), run(MaxAmount)
	f := large.Bets[0]
	if f.Decisions != large.Rolls || f.Staked().Cmp(new(big.Int).Mul(big.NewInt(large.Rolls), big.NewInt(int64(MaxAmount)))) != 0 {
		t.Errorf("%d field bets decided of %d rolls, staked %v: want one a roll at %d", f.Decisions, large.Rolls, f.Staked(), MaxAmount)
	}
	if large.roll.netSq.big().BitLen() <= 127 {
		t.Fatalf("the sum of squares %v is not past 2^127: the case tests nothing", large.roll.netSq.big())
	}
	scale := func(w int192, by uint) *big.Int { return new(big.Int).Lsh(w.big(), by) }
	for _, c := range []struct {
		name         string
		small, large int192
	}{
		{"roll net²", small.roll.netSq, large.roll.netSq}, {"roll net·staked", small.roll.netStaked, large.roll.netStaked},
		{"roll staked²", small.roll.stakedSq, large.roll.stakedSq}, {"field net²", small.Bets[0].netSq, large.Bets[0].netSq},
		{"field net·staked", small.Bets[0].netStaked, large.Bets[0].netStaked}, {"field staked²", small.Bets[0].stakedSq, large.Bets[0].stakedSq},
	} {
		if want := scale(c.small, 40); want.Cmp(c.large.big()) != 0 {
			t.Errorf("%s: %v at stakes of 2^40, want 2^40 times %v", c.name, c.large.big(), c.small.big())
		}
	}
	m1, s1 := small.Return()
	m2, s2 := large.Return()
	if math.Abs(m1-m2) > 1e-12 || math.Abs(s1-s2) > 1e-12 || !(s2 > 0) {
		t.Errorf("return %v ± %v at 2^40, %v ± %v at 2^20: want the same", m2, s2, m1, s1)
	}
	// The squares survive JSON and merging.
	if back := roundTrip(t, large); back.roll != large.roll {
		t.Error("the squares changed in JSON")
	}
}

// A hand whose net result would not fit in an Amount, which the outcomes
// histogram counts by, stops the run with ErrOverflow. Nine come-out 7s
// with any 7 paying 1,000,000:1 on a bet of MaxAmount win 9·2^40·10^6,
// past 2^63; before, the hand's sum wrapped and a negative result was
// counted.
func TestSimulationHandOverflows(t *testing.T) {
	cfg := &SimConfig{Rules: Rules{Any7: Ratio{1_000_000, 1}}, Mode: ByShooters, N: 1,
		Strategy: Strategy{Actions: []Action{{Bet: Bet{Kind: Any7}, Amounts: []Amount{MaxAmount}}}}}
	seven := Dice{3, 4}.index()
	var st stream
	for range throwsPerWord {
		st.word = st.word*36 + uint64(seven)
	}
	st.left = throwsPerWord
	var out SimResult
	newPlayer(cfg).play(&st, 1, &out)
	if !out.overflow {
		t.Errorf("nine come-out 7s at 2^40·10^6 each: no overflow; outcomes %v", out.Outcomes)
	}
	if out.Rolls != 9 || len(out.Outcomes) != 0 {
		t.Errorf("%d rolls and outcomes %v: want the hand stopped at the 9th roll, uncounted", out.Rolls, out.Outcomes)
	}
}

// A compiled session that grows rich is handed to the Table engine, which
// keeps to MaxBalance, and plays on exactly as the Table would: here the
// bound for the hand-over is lowered so that ordinary sessions cross it.
func TestCompiledHandsOverRichSessions(t *testing.T) {
	s, _ := NamedStrategy("three-point-molly")
	cfg := SimConfig{Strategy: s, Mode: BySessions, N: 600, Seed: 9, Workers: 1,
		Session: SessionLimits{Bankroll: 500, Target: 1500, MaxRolls: 400}}
	j := wholeTestJoint(cfg.Rules, &s)
	if j == nil {
		t.Fatal("the layout does not compile")
	}
	lowered := *j
	lowered.richCash = 700
	key := jointKeyOf(cfg.Rules, &s, false, true)
	jointCache.Store(key, &lowered)
	defer jointCache.Delete(key)
	slow, fast := bothEngines(t, "handed over when rich", cfg)
	if diff := cmp.Diff(slow, fast, exactSums); diff != "" {
		t.Errorf("sessions handed over when rich differ from the table's (-table +compiled):\n%s", diff)
	}
	if fast.Ends.Target == 0 {
		t.Error("no session reached the target: the hand-over was not tested")
	}
}

// MergeResults trusts nothing: a result no run could have produced is
// refused, alone or with others, and a result is complete only with every
// shard exactly once. Before, each of these merged (parts [7] of 2 made a
// "complete" result; -5 rolls were added in).
func TestMergeTrustsNothing(t *testing.T) {
	s, _ := NamedStrategy("three-point-molly")
	cfg := SimConfig{Strategy: s, Mode: ByShooters, N: 2*blockShooters + 5, Seed: 4, Shards: 3}
	var shards []SimResult
	for i := range 3 {
		cfg.Shard = i
		r, err := Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, r)
	}
	whole, err := MergeResults(shards...)
	if err != nil || !whole.Complete() {
		t.Fatalf("the three shards: complete %v, %v", whole.Complete(), err)
	}
	tamper := func(f func(r *SimResult)) SimResult {
		r := shards[0]
		r.Bets = append([]BetTally(nil), r.Bets...)
		r.Parts = append([]int(nil), r.Parts...)
		r.Outcomes = Histogram{}
		for v, c := range shards[0].Outcomes {
			r.Outcomes[v] = c
		}
		f(&r)
		return r
	}
	tests := []struct {
		reason string
		result SimResult
	}{
		{"a shard it cannot hold: parts [7] of 3", tamper(func(r *SimResult) { r.Parts = []int{7} })},
		{"a negative shard", tamper(func(r *SimResult) { r.Parts = []int{-1} })},
		{"the same shard twice in one result", tamper(func(r *SimResult) { r.Parts = []int{0, 0} })},
		{"no shard", tamper(func(r *SimResult) { r.Parts = nil })},
		{"no shards in the run", tamper(func(r *SimResult) { r.Shards = 0 })},
		{"negative rolls", tamper(func(r *SimResult) { r.Rolls = -5 })},
		{"more hands than rolls", tamper(func(r *SimResult) { r.Rolls = r.SevenOuts - 1 })},
		{"a block more than its shard holds", tamper(func(r *SimResult) { r.Blocks++ })},
		{"a hand more than its shard holds", tamper(func(r *SimResult) { r.SevenOuts++ })},
		{"an outcome count of zero", tamper(func(r *SimResult) { r.Outcomes[123456] = 0 })},
		{"a negative outcome count", tamper(func(r *SimResult) { r.Outcomes[-10] = -1 })},
		{"negative decisions", tamper(func(r *SimResult) { r.Bets[0].Decisions, r.Bets[0].Wins = -1, 0 })},
		{"wins past the decisions", tamper(func(r *SimResult) { r.Bets[0].Wins = r.Bets[0].Decisions + 1 })},
		{"a stake sum past any run", tamper(func(r *SimResult) { r.Bets[0].staked = int128{1 << 62, 0} })},
		{"a negative sum of squares", tamper(func(r *SimResult) { r.roll.netSq = int192{hi: -1} })},
		{"the same bet twice", tamper(func(r *SimResult) { r.Bets = append(r.Bets, r.Bets[0]) })},
		{"a bet the rules do not offer", tamper(func(r *SimResult) { r.Bets[0].Bet = Bet{Kind: Place, Number: 7} })},
		{"an unknown engine", tamper(func(r *SimResult) { r.Engine = "abacus" })},
		{"a run past MaxSimN", tamper(func(r *SimResult) { r.N = MaxSimN + 1 })},
		{"a run of no rolls", tamper(func(r *SimResult) { r.N = 0 })},
		{"session limits in a run of shooters", tamper(func(r *SimResult) { r.Session.Bankroll = 5 })},
		{"invalid rules", tamper(func(r *SimResult) { r.Rules.Bar = 5 })},
	}
	for _, tc := range tests {
		if _, err := MergeResults(tc.result); !errors.Is(err, ErrSimulation) {
			t.Errorf("%s, alone: err = %v, want ErrSimulation", tc.reason, err)
		}
		if _, err := MergeResults(shards[1], tc.result, shards[2]); !errors.Is(err, ErrSimulation) {
			t.Errorf("%s, with the others: err = %v, want ErrSimulation", tc.reason, err)
		}
	}
	if _, err := MergeResults(shards[0], shards[1], shards[0]); !errors.Is(err, ErrSimulation) {
		t.Errorf("a shard given twice: %v", err)
	}
	if _, err := MergeResults(); !errors.Is(err, ErrSimulation) {
		t.Errorf("nothing to merge: %v", err)
	}
	twice := shards[0]
	twice.Parts = []int{0, 0, 1}
	if twice.Complete() {
		t.Error("parts [0 0 1] of 3 are complete")
	}
}

// MergeResults refuses results of different runs, naming what differs.
// Before, the other players' bankrolls were not recorded, and shards of
// a 50-unit and a 5000-unit player merged as one complete run; strategies
// were compared by name alone, and shards of "pass 10" and "don't pass
// 10", both unnamed as ParseStrategy leaves them, merged as one. A result
// written by v0.1.0 (asV010) merges with another such as before, and not
// with one that records what it does not.
func TestMergeRefusesOtherRuns(t *testing.T) {
	pass := mustParse(t, "pass 10")
	dont := mustParse(t, "don't pass 10")
	mart, _ := NamedStrategy("martingale")
	named := func(name string, s Strategy) Strategy {
		s.Name = name
		return s
	}
	first := func(c SimConfig, s Strategy) SimConfig {
		c.Strategy = s
		return c
	}
	sessions := SimConfig{Strategy: pass, Seed: 1, Mode: BySessions, N: 2 * blockSessions, Shards: 2,
		Session: SessionLimits{Bankroll: 100, Target: 200, MaxRolls: 300}}
	shooters := SimConfig{Strategy: pass, Seed: 1, Mode: ByShooters, N: 2 * blockShooters, Shards: 2}
	with := func(c SimConfig, others ...SimPlayer) SimConfig {
		c.Others = others
		return c
	}
	ann := func(bankroll Amount) SimPlayer { return SimPlayer{Name: "ann", Strategy: mart, Bankroll: bankroll} }
	tests := []struct {
		why        string
		a, b       SimConfig
		oldA, oldB bool
		want       string // in the error; "" merges
	}{
		{"sessions, the same bankroll", with(sessions, ann(50)), with(sessions, ann(50)), false, false, ""},
		{"sessions, different bankrolls", with(sessions, ann(50)), with(sessions, ann(5000)), false, false, `"ann" brings 50`},
		{"sessions, the session's bankroll given or not", with(sessions, ann(0)), with(sessions, ann(100)), false, false, ""},
		{"sessions, the session's bankroll or another", with(sessions, ann(0)), with(sessions, ann(101)), false, false, `"ann"`},
		{"shooters, whom a bankroll does not change", with(shooters, ann(50)), with(shooters, ann(5000)), false, false, ""},
		{"sessions, both of v0.1.0", with(sessions, ann(50)), with(sessions, ann(50)), true, true, ""},
		{"sessions, one of v0.1.0", with(sessions, ann(50)), with(sessions, ann(50)), true, false, "recorded in one only"},
		{"sessions, the other of v0.1.0", with(sessions, ann(50)), with(sessions, ann(50)), false, true, "recorded in one only"},

		{"unnamed, the same text", shooters, shooters, false, false, ""},
		{"unnamed, pass and don't pass", shooters, first(shooters, dont), false, false, `"player" plays "pass line 10" in one, "don't pass 10"`},
		{"one name, pass and don't pass", first(shooters, named("x", pass)), first(shooters, named("x", dont)), false, false, `"player" plays "pass line 10"`},
		{"one text, two names", first(shooters, named("x", pass)), first(shooters, named("y", pass)), false, false, `strategy "x" in one, "y"`},
		{"the other player's strategy", with(shooters, SimPlayer{Name: "ann", Strategy: pass}), with(shooters, SimPlayer{Name: "ann", Strategy: dont}), false, false, `"ann" plays "pass line 10"`},
		{"a named hook", first(shooters, named("x", withHook(pass))), first(shooters, named("x", withHook(pass))), false, false, ""},
		{"an unnamed hook", first(shooters, withHook(pass)), first(shooters, withHook(pass)), false, false, `"player"'s strategy has a hook and no name`},
		{"the other player's unnamed hook", with(shooters, SimPlayer{Name: "ann", Strategy: withHook(pass)}), with(shooters, SimPlayer{Name: "ann", Strategy: withHook(pass)}), false, false, `"ann"'s strategy has a hook and no name`},
		{"a hook in one only", first(shooters, named("x", withHook(pass))), first(shooters, named("x", pass)), false, false, "hook in one only"},
		{"shooters, both of v0.1.0", first(shooters, named("x", pass)), first(shooters, named("x", pass)), true, true, ""},
		{"shooters, one of v0.1.0", first(shooters, named("x", pass)), first(shooters, named("x", pass)), true, false, `"player"'s strategy's actions are recorded in one only`},
	}
	for _, tc := range tests {
		a, b := tc.a, tc.b
		b.Shard = 1
		ra, err := Simulate(context.Background(), a)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := Simulate(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if tc.oldA {
			ra = asV010(t, ra)
		}
		if tc.oldB {
			rb = asV010(t, rb)
		}
		m, err := MergeResults(ra, rb)
		switch {
		case tc.want == "" && (err != nil || !m.Complete()):
			t.Errorf("%s: complete %v, %v", tc.why, m.Complete(), err)
		case tc.want != "" && (!errors.Is(err, ErrSimulation) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: err = %v, want ErrSimulation saying %s", tc.why, err, tc.want)
		}
	}
	r, err := Simulate(context.Background(), with(sessions, ann(50)))
	if err != nil {
		t.Fatal(err)
	}
	for _, bankroll := range []Amount{-1, MaxAmount + 1} {
		r.Others[0].Bankroll = bankroll
		if _, err := MergeResults(r); !errors.Is(err, ErrSimulation) {
			t.Errorf("a bankroll of %d: %v", bankroll, err)
		}
	}
	if r, err = Simulate(context.Background(), with(shooters, ann(50))); err != nil || r.Others[0].Bankroll != 0 {
		t.Fatalf("shooters: bankroll %d recorded, %v", r.Others[0].Bankroll, err)
	}
	r.Others[0].Bankroll = 50
	if _, err := MergeResults(r); !errors.Is(err, ErrSimulation) {
		t.Errorf("a bankroll in a run of shooters: %v", err)
	}
}

// asV010 is r as v0.1.0 wrote it to JSON and this version reads it back:
// without the strategies' texts and hooks, nor the other players'
// bankrolls.
func asV010(t *testing.T, r SimResult) SimResult {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var j map[string]any
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	delete(j, "strategy_text")
	delete(j, "hooked")
	others, _ := j["others"].([]any)
	for _, o := range others {
		for _, key := range []string{"strategy_text", "hooked", "bankroll"} {
			delete(o.(map[string]any), key)
		}
	}
	if data, err = json.Marshal(j); err != nil {
		t.Fatal(err)
	}
	var back SimResult
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	return back
}

// MergeResults refuses a merge whose counts or sums pass what they hold,
// and a result whose tallies add up past it. Before, shards edited to
// claim 2^63-1 rolls each wrapped back to a plausible total (the rolls of
// the third shard) and merged as a complete run.
func TestMergeRefusesOverflow(t *testing.T) {
	cfg := SimConfig{Strategy: mustParse(t, "pass 10\nplace 6 12"), Mode: BySessions, N: 5 * blockSessions, Seed: 2, Shards: 5,
		Session: SessionLimits{Bankroll: 100, Target: 200, MaxRolls: 50}}
	var shards []SimResult
	for i := range 5 {
		cfg.Shard = i
		r, err := Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Bets) != 2 {
			t.Fatalf("shard %d: tallies %+v, want the pass line's and place 6's", i, r.Bets)
		}
		shards = append(shards, r)
	}
	if _, err := MergeResults(shards...); err != nil {
		t.Fatal(err)
	}
	// edited is the shards with f applied to each: five sums of the
	// most one result may hold wrap the widest of them, 192 bits.
	edited := func(f func(r *SimResult)) []SimResult {
		out := make([]SimResult, len(shards))
		for i, r := range shards {
			r.Bets = append([]BetTally(nil), r.Bets...)
			f(&r)
			out[i] = r
		}
		return out
	}
	const huge = math.MaxInt64
	most128 := int128{1<<62 - 1, math.MaxUint64}                 // 2^126 - 1, the most a sum may hold
	most192 := int192{1<<61 - 1, math.MaxUint64, math.MaxUint64} // 2^189 - 1, the most a sum of squares may hold
	tests := []struct {
		reason  string
		results []SimResult
	}{
		{"rolls", edited(func(r *SimResult) { r.Rolls, r.SessionRolls = huge, huge })},
		{"hands", edited(func(r *SimResult) { r.SevenOuts, r.Rolls, r.SessionRolls = huge, huge, huge })},
		{"decisions", edited(func(r *SimResult) {
			b := &r.Bets[0]
			b.Decisions, b.Wins, b.Losses, b.Pushes = huge, huge, 0, 0
		})},
		{"odds returned", edited(func(r *SimResult) { r.Bets[0].Returned = huge })},
		{"stakes", edited(func(r *SimResult) { r.Bets[0].staked = most128 })},
		{"sums of squares", edited(func(r *SimResult) { r.roll.netSq = most192 })},
	}
	for _, tc := range tests {
		if m, err := MergeResults(tc.results...); !errors.Is(err, ErrSimulation) || !errors.Is(err, ErrOverflow) {
			t.Errorf("%s: err = %v (rolls %d, complete %v), want ErrSimulation and ErrOverflow", tc.reason, err, m.Rolls, m.Complete())
		}
	}
	// One result whose tallies add up past 2^63 decisions: its Total would wrap.
	one := shards[0]
	one.Bets = append([]BetTally(nil), one.Bets...)
	for i := range one.Bets {
		b := &one.Bets[i]
		b.Decisions, b.Wins, b.Losses, b.Pushes = huge, huge, 0, 0
	}
	if _, err := MergeResults(one); !errors.Is(err, ErrSimulation) || !errors.Is(err, ErrOverflow) {
		t.Errorf("tallies of 2^63-1 decisions each: err = %v (total %d), want ErrSimulation and ErrOverflow", err, one.Total().Decisions)
	}
}

// wholeTestJoint is the automaton of s under r with every transition
// built, fresh: nil if it does not compile.
func wholeTestJoint(r Rules, s *Strategy) *joint {
	j := newJoint(r, s, maxJointStates, true)
	if !j.buildAll(nil) {
		return nil
	}
	return j
}

// A run's sums do not depend on how much of the automaton earlier runs
// built: a run from a cold cache, one after a short run left a part of
// the automaton cached, and one on the Table engine agree sum for sum,
// for every named system, by rolls and by shooters.
func TestLazyAutomatonIndependentOfHistory(t *testing.T) {
	for _, s := range BettingSystems() {
		for _, mode := range []SimMode{ByRolls, ByShooters} {
			cfg := SimConfig{Strategy: s, Mode: mode, N: 3000, Seed: 5}
			key := jointKeyOf(cfg.Rules, &cfg.Strategy, false, cfg.Mode == BySessions)
			jointCache.Delete(key)
			cold, err := Simulate(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			jointCache.Delete(key)
			short := cfg
			short.N = 7
			if _, err := Simulate(context.Background(), short); err != nil {
				t.Fatal(err)
			}
			warm, err := Simulate(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			table := cfg
			table.general = true
			slow, err := Simulate(context.Background(), table)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name string
				got  SimResult
			}{{"after a short run", warm}, {"on the Table engine", slow}} {
				if diff := cmp.Diff(cold, c.got, exactSums, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Engine" }, cmp.Ignore())); diff != "" {
					t.Errorf("%s by %v: a cold run and one %s differ (-cold +other):\n%s", s.Name, mode, c.name, diff)
				}
			}
		}
	}
}

// A run seats its players at one Table, so Simulate refuses more than
// MaxPlayers of them, and MergeResults a result that holds more.
func TestSimulationMaxPlayers(t *testing.T) {
	pass := mustParse(t, "pass 10")
	cfg := SimConfig{Strategy: pass, Mode: ByRolls, N: 10, Others: make([]SimPlayer, MaxPlayers)}
	for i := range cfg.Others {
		cfg.Others[i] = SimPlayer{Name: "p" + itoa(i), Strategy: pass}
	}
	if _, err := Simulate(context.Background(), cfg); !errors.Is(err, ErrSimulation) {
		t.Errorf("%d players: %v, want ErrSimulation", MaxPlayers+1, err)
	}
	cfg.Others = cfg.Others[:1]
	r, err := Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for len(r.Others) < MaxPlayers {
		o := r.Others[0]
		o.Name = "q" + itoa(len(r.Others))
		r.Others = append(r.Others, o)
	}
	if _, err := MergeResults(r); !errors.Is(err, ErrSimulation) {
		t.Errorf("a result of %d players: %v, want ErrSimulation", MaxPlayers+1, err)
	}
}

// Simulate refuses more workers than it holds results for (each worker
// sums its own): before, a run of MaxSimN rolls with 2^40 workers asked
// for 2^34 results at once and the process ran out of memory.
func TestSimulationWorkersBounded(t *testing.T) {
	pass := mustParse(t, "pass 10")
	for _, w := range []int{-1, maxWorkers + 1, math.MaxInt} {
		cfg := SimConfig{Strategy: pass, N: MaxSimN, Workers: w}
		if _, err := Simulate(context.Background(), cfg); !errors.Is(err, ErrSimulation) {
			t.Errorf("%d workers: %v, want ErrSimulation", w, err)
		}
	}
	if _, err := Simulate(context.Background(), SimConfig{Strategy: pass, N: 100, Workers: maxWorkers}); err != nil {
		t.Errorf("%d workers: %v", maxWorkers, err)
	}
}

// mergeHalves is two results of a one-roll run cut into shards, each
// holding half of them.
func mergeHalves(t testing.TB, shards int) (a, b SimResult) {
	t.Helper()
	pass, err := ParseStrategy("pass 10")
	if err != nil {
		t.Fatal(err)
	}
	cfg := SimConfig{Strategy: pass, N: 1, Shards: shards}
	if a, err = Simulate(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.Shard = shards / 2
	if b, err = Simulate(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	a.Parts, b.Parts = nil, nil
	for i := range shards / 2 {
		a.Parts, b.Parts = append(a.Parts, i), append(b.Parts, shards/2+i)
	}
	return a, b
}

// MergeResults merges results of many shards each, and finds a shard
// given twice among them (in time that grows with the shards, not their
// square: BenchmarkMergeShards; two results of 100,000 shards each took
// 7 s to merge).
func TestMergeManyShards(t *testing.T) {
	a, b := mergeHalves(t, 1<<17)
	m, err := MergeResults(a, b)
	if err != nil || !m.Complete() {
		t.Fatalf("complete %v, %v", m.Complete(), err)
	}
	b.Parts[len(b.Parts)-1] = 0
	if _, err := MergeResults(a, b); !errors.Is(err, ErrSimulation) {
		t.Errorf("shard 0 twice: %v", err)
	}
}

// BenchmarkMergeShards merges two results of n/2 shards each.
func BenchmarkMergeShards(b *testing.B) {
	for _, n := range []int{1 << 12, 1 << 15, 1 << 18} {
		x, y := mergeHalves(b, n)
		b.Run(itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := MergeResults(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A run the compiled engine does not play whole says why (SimResult.
// EngineNote), and the why changes no number: a Go hook that reads the
// table, other players, card craps, and an automaton past its bound of
// states (lowered here to 5), which hands the rolls to the Table.
func TestEngineNote(t *testing.T) {
	pass := mustParse(t, "pass 10; odds 2x")
	reads := withHook(mustParse(t, "place 6 12 if rolled 7"))
	for _, c := range []struct {
		name, engine, note string
		cfg                SimConfig
	}{
		{"compiled", "compiled", "", SimConfig{Strategy: pass}},
		{"a hook", "table", "Go hook", SimConfig{Strategy: reads}},
		{"two players", "table", "other players", SimConfig{Strategy: pass, Others: []SimPlayer{{Name: "ann", Strategy: pass}}}},
		{"cards", "table", "card craps", SimConfig{Rules: Rules{Cards: CardsReshuffleEveryThrow}, Strategy: pass}},
	} {
		c.cfg.Mode, c.cfg.N, c.cfg.Seed = ByShooters, 50, 3
		got, err := Simulate(context.Background(), c.cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got.Engine != c.engine || c.note == "" && got.EngineNote != "" || !strings.Contains(got.EngineNote, c.note) {
			t.Errorf("%s: engine %q, note %q; want %q and a note with %q", c.name, got.Engine, got.EngineNote, c.engine, c.note)
		}
	}
	s, _ := NamedStrategy("three-point-molly")
	cfg := SimConfig{Strategy: s, Mode: ByShooters, N: 300, Seed: 9, Workers: 1}
	key := jointKeyOf(cfg.Rules, &s, false, false)
	jointCache.Store(key, newJoint(cfg.Rules, &s, 5, false))
	defer jointCache.Delete(key)
	slow, fast := bothEngines(t, "past 5 states", cfg)
	if !strings.Contains(fast.EngineNote, "more than 5 states") {
		t.Errorf("an automaton past its bound: note %q, want the bound named", fast.EngineNote)
	}
	if diff := cmp.Diff(slow, fast, exactSums); diff != "" {
		t.Errorf("the Table's hand-over changed the sums (-table +compiled):\n%s", diff)
	}
}

// The cache of automata holds at most cacheStates states, and never one
// automaton larger: each state takes some 3-4.4 KB, and a program
// simulating layout after layout kept 15 GB when the last automaton was
// kept whatever its size.
func TestJointCacheBounded(t *testing.T) {
	key := func(i int) jointKey { return jointKey{strategy: fmt.Sprintf("cache test %d", i)} }
	large := &joint{onTable: make([]int64, cacheStates+1)}
	keepJoint(key(0), large)
	if _, ok := jointCache.Load(key(0)); ok {
		t.Errorf("an automaton of %d states was cached", large.states())
	}
	for i := 1; i <= 5; i++ {
		keepJoint(key(i), &joint{onTable: make([]int64, cacheStates/3)})
	}
	held := 0
	jointCache.Range(func(_, v any) bool { held += v.(*joint).size(); return true })
	if held > cacheStates {
		t.Errorf("the cache holds %d states, over its bound of %d", held, cacheStates)
	}
	cacheMu.Lock()
	jointCache.Clear()
	cachedTotal = 0
	cacheMu.Unlock()
}

// The workers of one simulation add states to their clones of the
// automaton from one budget: together they hold no more than one
// automaton may, however many workers there are.
func TestWorkersShareTheStateBudget(t *testing.T) {
	s := mustParse(t, "place 6 6-12-18-24-30-36 up on win; place 8 6-12-18-24-30-36 up on win; field 5-10-15-20 up on loss")
	cfg := &SimConfig{Strategy: s}
	base := newJoint(cfg.Rules, &s, maxJointStates, false)
	const budget = 40
	var left atomic.Int64
	left.Store(budget)
	var clones []*joint
	for w := range 3 {
		c := base.clone(cfg)
		c.share(&left)
		clones = append(clones, c)
		var out SimResult
		st := newStream(uint64(w+1), 0)
		c.newRun(cfg).play(&st, ByRolls, 5000, &out)
	}
	added := 0
	for _, c := range clones {
		added += c.states() - base.states()
		if c.failed == "" {
			t.Errorf("a clone of %d states did not reach the shared bound", c.states())
		}
		// The note of the run names the budget the workers spent, not a
		// bound of states the clone is far below.
		if !strings.Contains(c.failed, "workers") {
			t.Errorf("a clone of %d states that spent the run's budget says %q", c.states(), c.failed)
		}
	}
	if added > budget {
		t.Errorf("the clones added %d states from a budget of %d", added, budget)
	}
	if again := base.clone(cfg); again.budget != nil {
		t.Error("a clone keeps the budget of another run")
	}
}
