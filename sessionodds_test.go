package craps

import (
	"context"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"
)

// gamblersRuin is the chance that a walk of ±1 steps, up with chance p,
// reaches n before 0 from i, and the expected number of steps (Feller,
// "An Introduction to Probability Theory", vol. 1, XIV.2-3): with
// ρ = q/p, (1-ρ^i)/(1-ρ^n) and i/(q-p) - n/(q-p) (1-ρ^i)/(1-ρ^n).
func gamblersRuin(p *big.Rat, i, n int) (win, steps *big.Rat) {
	q := new(big.Rat).Sub(rat(1, 1), p)
	rho := new(big.Rat).Quo(q, p)
	one := rat(1, 1)
	win = new(big.Rat).Quo(new(big.Rat).Sub(one, ratPow(rho, i)), new(big.Rat).Sub(one, ratPow(rho, n)))
	qp := new(big.Rat).Sub(q, p)
	steps = new(big.Rat).Quo(rat(int64(i), 1), qp)
	steps.Sub(steps, new(big.Rat).Mul(new(big.Rat).Quo(rat(int64(n), 1), qp), win))
	return win, steps
}

// TestAnalyzeSessionGamblersRuin checks sessions of a lone pass line bet
// of 10, which move the player's money by ±10 a decision, against the
// gambler's ruin: the target reached with chance (1-ρ^i)/(1-ρ^n), ρ =
// 251/244, and, by Wald's identity, 557/165 rolls a decision.
func TestAnalyzeSessionGamblersRuin(t *testing.T) {
	s := Strategy{Name: "pass", Actions: []Action{{Bet: Bet{Kind: PassLine}, Amounts: []Amount{10}}}}
	for _, c := range []struct {
		reason string
		lim    SessionLimits
		i, n   int // in units of 10: from i, to n or 0
		end    func(a SessionAnalysis) *big.Rat
	}{
		{"ruin at 0", SessionLimits{Bankroll: 50, Target: 100}, 5, 10, func(a SessionAnalysis) *big.Rat { return a.Ruin }},
		{"a stop-loss at 20", SessionLimits{Bankroll: 50, Target: 100, StopLoss: 30}, 3, 8, func(a SessionAnalysis) *big.Rat { return a.StopLoss }},
		{"a target not on the grid: reached at 130", SessionLimits{Bankroll: 100, Target: 125}, 10, 13, func(a SessionAnalysis) *big.Rat { return a.Ruin }},
	} {
		a, err := Standard().AnalyzeSession(s, c.lim)
		if err != nil {
			t.Fatal(err)
		}
		win, decisions := gamblersRuin(rat(244, 495), c.i, c.n)
		ratsEqual(t, c.reason+": target", a.Target, win)
		ratsEqual(t, c.reason+": the other end", c.end(a), new(big.Rat).Sub(rat(1, 1), win))
		ratsEqual(t, c.reason+": rolls", a.Rolls, new(big.Rat).Mul(decisions, rat(557, 165)))
		mean := new(big.Rat).Mul(win, rat(int64(10*(c.n-c.i)), 1))
		mean.Sub(mean, new(big.Rat).Mul(new(big.Rat).Sub(rat(1, 1), win), rat(int64(10*c.i), 1)))
		ratsEqual(t, c.reason+": mean", a.Mean, mean)
		if !a.Exact || len(a.Results) != 2 {
			t.Errorf("%s: exact %v, results %v", c.reason, a.Exact, a.Results)
		}
	}
}

// TestAnalyzeSessionBounded solves sessions three ways, exactly, by
// elimination in floating point (in 128 bits, and in float64 within the
// profile of the states sorted by money) and by the two-grid iteration, each with
// a proved bound, and checks that every figure of the last two is within
// its bound of the exact one, and the bound below 1e-12.
func TestAnalyzeSessionBounded(t *testing.T) {
	for _, c := range []struct {
		name string
		lim  SessionLimits
	}{
		{"pass-max-odds", SessionLimits{Bankroll: 100, Target: 200}},
		{"iron-cross", SessionLimits{Bankroll: 40, Target: 60}},
		{"place-6-8", SessionLimits{Bankroll: 30, Target: 45}},
		{"dont-pass-max-lay", SessionLimits{Bankroll: 100, Target: 160, StopLoss: 60}},
	} {
		x := exploredSession(t, c.name, c.lim)
		m := newMarkov(len(x.nodes))
		for n, ms := range x.moves {
			for _, mv := range ms {
				if mv.to >= 0 {
					m.addThrows(n, mv.to, mv.weight)
				}
			}
		}
		var exact SessionAnalysis
		pe, err := x.solveExact(m, &exact)
		if err != nil {
			t.Fatal(err)
		}
		x.fill(&exact, pe)
		for _, solver := range []struct {
			how     string
			direct  int
			skyline int64
		}{{"elimination", directStates, maxSkyline}, {"skyline", 0, maxSkyline}, {"two-grid", 0, 0}} {
			x.direct, x.skyline = solver.direct, solver.skyline
			var bounded SessionAnalysis
			pb, err := x.solveBounded(m, &bounded)
			if err != nil {
				t.Fatal(err)
			}
			x.fill(&bounded, pb)
			how := solver.how
			if bounded.Exact || bounded.ErrorBound.Cmp(rat(1, 1e12)) >= 0 || bounded.ErrorBound.Sign() == 0 {
				t.Errorf("%s, %s: bound %v", c.name, how, bounded.ErrorBound.FloatString(30))
			}
			checkWithinBounds(t, c.name+", "+how, exact, bounded)
		}
	}
}

// TestAnalyzeSessionLaw checks the law of the result: its chances sum to
// one, as do those of the ends, and a bankroll that cannot make the first
// bet is ruined before a roll.
func TestAnalyzeSessionLaw(t *testing.T) {
	// The iron cross with the place bets up on the point as well: a
	// session of few enough states to be solved exactly.
	s, _ := ParseStrategy("pass 10; place 5 10; place 6 12; place 8 12; field 10 if point on")
	a, err := Standard().AnalyzeSession(s, SessionLimits{Bankroll: 40, Target: 60})
	if err != nil {
		t.Fatal(err)
	}
	sum, mean := new(big.Rat), new(big.Rat)
	for k, r := range a.Results {
		sum.Add(sum, r.P)
		mean.Add(mean, new(big.Rat).Mul(r.P, ratInt(int64(r.Net))))
		if k > 0 && a.Results[k-1].Net >= r.Net {
			t.Errorf("results out of order at %d", r.Net)
		}
	}
	ratsEqual(t, "results", sum, rat(1, 1))
	ratsEqual(t, "ends", new(big.Rat).Add(a.Target, new(big.Rat).Add(a.StopLoss, a.Ruin)), rat(1, 1))
	ratsEqual(t, "mean", a.Mean, mean)

	pass, _ := NamedStrategy("pass-max-odds")
	a, err = Standard().AnalyzeSession(pass, SessionLimits{Bankroll: 5, Target: 100})
	if err != nil {
		t.Fatal(err)
	}
	ratsEqual(t, "ruined at once", a.Ruin, rat(1, 1))
	ratsEqual(t, "no roll", a.Rolls, rat(0, 1))
}

// TestAnalyzeSessionRefusals checks the sessions that are refused.
func TestAnalyzeSessionRefusals(t *testing.T) {
	pass, _ := NamedStrategy("pass-max-odds")
	martingale, _ := NamedStrategy("martingale")
	for _, c := range []struct {
		reason string
		s      Strategy
		lim    SessionLimits
		want   error
	}{
		{"a negative roll limit", pass, SessionLimits{Bankroll: 100, Target: 200, MaxRolls: -1}, ErrSimulation},
		{"no target", pass, SessionLimits{Bankroll: 100}, ErrSimulation},
		{"a target below the bankroll", pass, SessionLimits{Bankroll: 100, Target: 50}, ErrSimulation},
		{"no bankroll", pass, SessionLimits{Target: 50}, ErrSimulation},
		{"a hook", withHook(martingale), SessionLimits{Bankroll: 100, Target: 200}, ErrNotAnalyzable},
	} {
		if _, err := Standard().AnalyzeSession(c.s, c.lim); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.reason, err, c.want)
		}
	}
}

// TestAnalyzeSessionSimulated simulates sessions of shipped strategies
// and checks the mean result, its variance, the chance of each end and
// the mean rolls within 4 standard errors of the exact figures: two
// strategies, every one that compiles with CRAPS_EXHAUSTIVE=1.
func TestAnalyzeSessionSimulated(t *testing.T) {
	if !thorough() {
		t.Skip("simulation")
	}
	lim := SessionLimits{Bankroll: 100, Target: 150, StopLoss: 80}
	names := []string{"pass-max-odds", "iron-cross"}
	if exhaustiveSet() {
		names = nil
		for _, s := range BettingSystems() {
			names = append(names, s.Name)
		}
	}
	for _, name := range names {
		s, _ := NamedStrategy(name)
		a, err := Standard().AnalyzeSession(s, lim)
		if errors.Is(err, ErrNotAnalyzable) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		const n = 10_000
		res, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 9, Mode: BySessions, N: n, Session: lim})
		if err != nil {
			t.Fatal(err)
		}
		sd := math.Sqrt(ratFloat(a.Variance))
		within(t, name+": mean", res.Outcomes.Mean(), sd/math.Sqrt(n), a.Mean)
		within(t, name+": variance", res.Outcomes.StdDev()*res.Outcomes.StdDev(), varianceStdErr(res.Outcomes, n), a.Variance)
		for _, e := range []struct {
			what  string
			count int64
			p     *big.Rat
		}{{"ruin", res.Ends.Ruin, a.Ruin}, {"target", res.Ends.Target, a.Target}, {"stop-loss", res.Ends.StopLoss, a.StopLoss}} {
			p := ratFloat(e.p)
			within(t, name+": "+e.what, float64(e.count)/n, math.Sqrt(p*(1-p)/n)+1e-9, e.p)
		}
		within(t, name+": rolls", float64(res.SessionRolls)/n, math.Sqrt(ratFloat(a.RollsVariance)/n), a.Rolls)
	}
}

// TestAnalyzeSessionLarge checks a session solved by the two-grid
// iteration (the iron cross from 1000 to 2000, 14,910 states) against
// simulation, with CRAPS_EXHAUSTIVE=1.
func TestAnalyzeSessionLarge(t *testing.T) {
	exhaustive(t)
	s, _ := NamedStrategy("iron-cross")
	lim := SessionLimits{Bankroll: 1000, Target: 2000}
	a, err := Standard().AnalyzeSession(s, lim)
	if err != nil {
		t.Fatal(err)
	}
	if a.States <= directStates || a.ErrorBound.Cmp(rat(1, 1e12)) >= 0 {
		t.Fatalf("%d states, bound %v", a.States, a.ErrorBound.FloatString(30))
	}
	const n = 40_000
	res, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 3, Mode: BySessions, N: n, Session: lim})
	if err != nil {
		t.Fatal(err)
	}
	within(t, "mean", res.Outcomes.Mean(), math.Sqrt(ratFloat(a.Variance)/n), a.Mean)
	p := ratFloat(a.Ruin)
	within(t, "ruin", float64(res.Ends.Ruin)/n, math.Sqrt(p*(1-p)/n), a.Ruin)
	within(t, "rolls", float64(res.SessionRolls)/n, math.Sqrt(ratFloat(a.RollsVariance)/n), a.Rolls)
}

// TestAnalyzeSessionMartingale checks a pass line martingale against its
// closed form. From 70 it bets 10, 20 and 40 and cannot afford the 80
// after three losses in a row: a series wins 10 unless it loses three
// decisions running, chance q³ with q = 251/495; from 70 + 10i (i < 8)
// the same, so the target 70 + 10m is reached with chance (1 - q³)^m.
func TestAnalyzeSessionMartingale(t *testing.T) {
	s, _ := NamedStrategy("martingale")
	q3 := ratPow(rat(251, 495), 3)
	for m := 1; m <= 3; m++ {
		a, err := Standard().AnalyzeSession(s, SessionLimits{Bankroll: 70, Target: Amount(70 + 10*m)})
		if err != nil {
			t.Fatal(err)
		}
		ratsEqual(t, "reach "+itoa(70+10*m), a.Target, ratPow(new(big.Rat).Sub(rat(1, 1), q3), m))
	}
}

// checkWithinBounds checks that every figure of bounded lies within its
// stated error bound of the same figure solved exactly.
func checkWithinBounds(t *testing.T, name string, exact, bounded SessionAnalysis) {
	t.Helper()
	for _, f := range []struct {
		what            string
		exact, got, err *big.Rat
	}{
		{"target", exact.Target, bounded.Target, bounded.ErrorBound},
		{"stop-loss", exact.StopLoss, bounded.StopLoss, bounded.ErrorBound},
		{"ruin", exact.Ruin, bounded.Ruin, bounded.ErrorBound},
		{"roll limit", exact.MaxRolls, bounded.MaxRolls, bounded.ErrorBound},
		{"rolls", exact.Rolls, bounded.Rolls, bounded.RollsErrorBound},
		{"variance of the rolls", exact.RollsVariance, bounded.RollsVariance, bounded.RollsVarianceErrorBound},
		{"mean", exact.Mean, bounded.Mean, bounded.MeanErrorBound},
		{"variance", exact.Variance, bounded.Variance, bounded.VarianceErrorBound},
	} {
		if d := new(big.Rat).Sub(f.exact, f.got); d.Abs(d).Cmp(f.err) > 0 {
			t.Errorf("%s: %s %v, exact %v: off by %v, bound %v", name, f.what, f.got.FloatString(20),
				f.exact.FloatString(20), d.FloatString(40), f.err.FloatString(40))
		}
	}
}

// exploredSession is the session chain of the named system under the
// standard rules within lim, explored but not solved.
func exploredSession(t *testing.T, name string, lim SessionLimits) *sessionChain {
	t.Helper()
	s, err := NamedStrategy(name)
	if err != nil {
		t.Fatal(err)
	}
	r := Standard()
	j, err := r.compiledStrategy(s, lim)
	if err != nil {
		t.Fatal(err)
	}
	x := newSessionChain(r, s, lim, j)
	if err := x.explore(); err != nil {
		t.Fatal(err)
	}
	return x
}

// Flat pass-line bets of one unit from 250 to 500 make a chain of 4,489
// states that the two-grid iteration does not settle; the elimination it
// falls back on solves it, and the chance of the target is gambler's
// ruin's, (1-r^250)/(1-r^500) with r = 251/244 the odds against a
// decision, within the proved bound.
func TestAnalyzeSessionIterationFallback(t *testing.T) {
	s := mustParse(t, "pass 1")
	a, err := Standard().AnalyzeSession(s, SessionLimits{Bankroll: 250, Target: 500})
	if err != nil {
		t.Fatal(err)
	}
	r := big.NewRat(251, 244)
	pow := func(n int64) *big.Rat {
		return new(big.Rat).SetFrac(new(big.Int).Exp(r.Num(), big.NewInt(n), nil), new(big.Int).Exp(r.Denom(), big.NewInt(n), nil))
	}
	one := big.NewRat(1, 1)
	want := new(big.Rat).Quo(new(big.Rat).Sub(one, pow(250)), new(big.Rat).Sub(one, pow(500)))
	if diff := new(big.Rat).Sub(a.Target, want); diff.Abs(diff).Cmp(a.ErrorBound) > 0 || a.ErrorBound.Cmp(big.NewRat(1, 1e18)) > 0 {
		t.Errorf("target %s, want %s within the bound %s", a.Target.FloatString(20), want.FloatString(20), a.ErrorBound.FloatString(30))
	}
}

// A strategy's stop ends its sessions in the analysis as in a
// simulation: the chance of each end, the stop's among them, the mean
// result and rolls agree within 4 standard errors.
func TestAnalyzeSessionStops(t *testing.T) {
	s := mustParse(t, "pass 10; odds 2x; stop if winnings >= 30 or rolls >= 12")
	lim := SessionLimits{Bankroll: 200, Target: 400}
	a, err := Standard().AnalyzeSession(s, lim)
	if err != nil {
		t.Fatal(err)
	}
	if a.Stopped.Sign() == 0 || a.Stopped.Cmp(rat(1, 1)) >= 0 {
		t.Fatalf("stopped by the strategy %v", a.Stopped)
	}
	sum := new(big.Rat).Add(a.Target, a.Ruin)
	sum.Add(sum, a.StopLoss).Add(sum, a.MaxRolls).Add(sum, a.Stopped)
	if diff := sum.Sub(sum, rat(1, 1)); diff.Abs(diff).Cmp(new(big.Rat).Mul(a.ErrorBound, rat(5, 1))) > 0 {
		t.Errorf("the ends' chances sum to 1 + %v, beyond their bounds %v", diff.FloatString(30), a.ErrorBound.FloatString(30))
	}
	const n = 20_000
	res, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 4, Mode: BySessions, N: n, Session: lim})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []struct {
		what  string
		count int64
		p     *big.Rat
	}{{"stopped", res.Ends.Strategy, a.Stopped}, {"ruin", res.Ends.Ruin, a.Ruin}, {"target", res.Ends.Target, a.Target}} {
		p := ratFloat(e.p)
		within(t, e.what, float64(e.count)/n, math.Sqrt(p*(1-p)/n)+1e-9, e.p)
	}
	within(t, "mean", res.Outcomes.Mean(), math.Sqrt(ratFloat(a.Variance)/n), a.Mean)
	within(t, "rolls", float64(res.SessionRolls)/n, math.Sqrt(ratFloat(a.RollsVariance)/n), a.Rolls)
}

// SessionSize estimates the states AnalyzeSession explores, before it
// explores them: from half to ten times as many.
func TestSessionSizeBounds(t *testing.T) {
	for _, c := range []struct {
		name string
		lim  SessionLimits
	}{
		{"pass-max-odds", SessionLimits{Bankroll: 100, Target: 200}},
		{"iron-cross", SessionLimits{Bankroll: 40, Target: 60}},
		{"martingale", SessionLimits{Bankroll: 300, Target: 600, StopLoss: 200}},
		{"pass-max-odds", SessionLimits{Bankroll: 100, MaxRolls: 30}},
		{"three-point-molly", SessionLimits{Bankroll: 300, Target: 500, MaxRolls: 50}},
	} {
		s, _ := NamedStrategy(c.name)
		n, err := Standard().SessionSize(s, c.lim)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Standard().AnalyzeSession(s, c.lim)
		if err != nil {
			t.Fatal(err)
		}
		if n < a.States/2 || n > 10*a.States {
			t.Errorf("%s %+v: size %d, not from half to ten times the %d states explored", c.name, c.lim, n, a.States)
		}
	}
	s, _ := NamedStrategy("pass-max-odds")
	if _, err := Standard().SessionSize(s, SessionLimits{Bankroll: 100}); !errors.Is(err, ErrSimulation) {
		t.Errorf("a session without an end: %v, want ErrSimulation", err)
	}
	// Far past the bound, refused before anything is explored.
	huge := SessionLimits{Bankroll: 1, Target: MaxBalance}
	if _, err := Standard().AnalyzeSession(mustParse(t, "pass 1"), huge); !errors.Is(err, ErrNotAnalyzable) || !strings.Contains(err.Error(), "states") {
		t.Errorf("a session of 2^62 levels of money: %v, want ErrNotAnalyzable naming its states", err)
	}
}

// Sessions at scale: the pass line with the most odds from 1,000 to
// 100,000 has 89,986 states, which the two-grid iteration did not settle;
// solved in float64 within the profile of its states sorted by money, and
// refined, its chance of the target is within its proved bound of
// gambler's ruin's on the money levels, far below 1e-18. It takes about
// six seconds: CRAPS_EXHAUSTIVE=1.
func TestAnalyzeSessionAtScale(t *testing.T) {
	exhaustive(t)
	s, _ := NamedStrategy("pass-max-odds")
	a, err := Standard().AnalyzeSession(s, SessionLimits{Bankroll: 1000, Target: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	if a.States != 89986 || a.Exact || a.ErrorBound.Cmp(new(big.Rat).SetFrac64(1, 1e18)) >= 0 {
		t.Fatalf("%d states, exact %v, bound %v", a.States, a.Exact, a.ErrorBound.FloatString(40))
	}
	sum := new(big.Rat).Add(a.Target, a.Ruin)
	if diff := sum.Sub(sum, rat(1, 1)); diff.Abs(diff).Cmp(new(big.Rat).Mul(a.ErrorBound, rat(2, 1))) > 0 {
		t.Errorf("target and ruin sum to 1 + %v, beyond twice the bound %v", diff.FloatString(40), a.ErrorBound.FloatString(40))
	}
	// The drift of the money per roll over its variance gives the
	// chance of the target to within a few per cent (a Brownian motion's).
	if p := ratFloat(a.Target); p < 0.9e-6 || p > 1.2e-6 {
		t.Errorf("target %g, want about 1.03e-6", p)
	}
}

// A session far past the bound is refused once the automaton alone shows
// it, not after building all 2^20 of its states (a ten-group press with a
// stop, from 500 to 2000, built for minutes before the estimate ran).
func TestSessionRefusedBeforeTheWholeBuild(t *testing.T) {
	s, err := ParseStrategy("place 4 5-10-15-20 up on win; place 5 5-10-15-20 up on win; place 6 6-12-18-24 up on win; " +
		"place 8 6-12-18-24 up on win; place 9 5-10-15-20 up on win; place 10 5-10-15-20 up on win; hard 4 1-2-3-4 up on win; " +
		"hard 10 1-2-3-4 up on win; hard 6 1-2-3-4 up on win; hard 8 1-2-3-4 up on win; stop if winnings >= 5000")
	if err != nil {
		t.Fatal(err)
	}
	lim := SessionLimits{Bankroll: 500, Target: 2000}
	for _, f := range []func() error{
		func() error { _, err := Standard().SessionSize(s, lim); return err },
		func() error { _, err := Standard().AnalyzeSession(s, lim); return err },
	} {
		if err := f(); !errors.Is(err, ErrNotAnalyzable) || !strings.Contains(err.Error(), "its automaton has more than") {
			t.Errorf("%v, want ErrNotAnalyzable once the automaton passes what the session could hold", err)
		}
	}
}
