package craps

import (
	"context"
	"errors"
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// sessionLaw is a session's chance of each end and each net result, and
// its mean rolls, counted as whole sequences of throws out of 36^limit.
type sessionLaw struct {
	ends  map[sessionEndKind]int64
	nets  map[Amount]int64
	rolls int64 // the sum of the rolls over every sequence
}

// passLineSessions plays every sequence of limit throws on a Table, a
// pass line bet of 10 made on every come-out the bankroll covers, and
// ends each session as the simulator does: after a roll, at the target,
// the stop-loss or the roll limit, in that order, counting the bet on the
// layout as the player's; before a roll, at ruin, with no bet up and none
// affordable.
func passLineSessions(t *testing.T, lim SessionLimits) sessionLaw {
	law := sessionLaw{ends: map[sessionEndKind]int64{}, nets: map[Amount]int64{}}
	tb, err := NewTable(Standard())
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Join("p", lim.Bankroll); err != nil {
		t.Fatal(err)
	}
	end := func(how sessionEndKind, total Amount, rolls, left int64) {
		w := powOf36(int(left))
		law.ends[how] += w
		law.nets[total-lim.Bankroll] += w
		law.rolls += w * rolls
	}
	var walk func(tb *Table, rolls int64)
	walk = func(tb *Table, rolls int64) {
		bets, _ := tb.Bets("p")
		if len(bets) == 0 {
			if tb.Players()[0].Bankroll < 10 {
				end(endRuin, tb.Players()[0].Bankroll, rolls, lim.MaxRolls-rolls)
				return
			}
			if err := tb.Place("p", Bet{Kind: PassLine}, 10); err != nil {
				t.Fatal(err)
			}
		}
		for a := uint8(1); a <= 6; a++ {
			for b := uint8(1); b <= 6; b++ {
				next := tb.Clone()
				if _, err := next.Roll(Dice{a, b}, nil); err != nil {
					t.Fatal(err)
				}
				ps := next.Players()[0]
				total := ps.Bankroll + ps.OnTable
				switch {
				case total >= lim.Target:
					end(endTarget, total, rolls+1, lim.MaxRolls-rolls-1)
				case lim.StopLoss != 0 && total <= lim.Bankroll-lim.StopLoss:
					end(endStopLoss, total, rolls+1, lim.MaxRolls-rolls-1)
				case rolls+1 == lim.MaxRolls:
					end(endMaxRolls, total, rolls+1, 0)
				default:
					walk(next, rolls+1)
				}
			}
		}
	}
	walk(tb, 0)
	return law
}

// TestAnalyzeSessionRollLimitBruteForce checks sessions with a roll limit
// of a lone pass line bet against every sequence of their throws played
// on the Table: the chance of each end and net result and the mean rolls,
// exactly.
func TestAnalyzeSessionRollLimitBruteForce(t *testing.T) {
	s, err := ParseStrategy("pass 10")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		reason string
		lim    SessionLimits
	}{
		{"ruin before the third roll after two craps", SessionLimits{Bankroll: 20, Target: 40, MaxRolls: 3}},
		{"a stop-loss first", SessionLimits{Bankroll: 30, Target: 50, StopLoss: 20, MaxRolls: 3}},
		{"one roll: the limit or the target", SessionLimits{Bankroll: 30, Target: 40, MaxRolls: 1}},
	} {
		a, err := Standard().AnalyzeSession(s, c.lim)
		if err != nil {
			t.Fatalf("%s: %v", c.reason, err)
		}
		if !a.Exact {
			t.Errorf("%s: not exact", c.reason)
		}
		want := passLineSessions(t, c.lim)
		all := powOf36(int(c.lim.MaxRolls))
		for how, got := range map[sessionEndKind]*big.Rat{endTarget: a.Target, endStopLoss: a.StopLoss, endRuin: a.Ruin, endMaxRolls: a.MaxRolls} {
			ratsEqual(t, c.reason+": end "+itoa(int(how)), got, rat(want.ends[how], all))
		}
		for _, r := range a.Results {
			ratsEqual(t, c.reason+": net "+itoa(int(r.Net)), r.P, rat(want.nets[r.Net], all))
			delete(want.nets, r.Net)
		}
		for net, w := range want.nets {
			t.Errorf("%s: net %d (%d sequences) missing", c.reason, net, w)
		}
		ratsEqual(t, c.reason+": rolls", a.Rolls, rat(want.rolls, all))
	}
}

// TestAnalyzeSessionRollLimitSimulated simulates sessions with a roll
// limit of named systems, past the exact horizon, and checks the mean
// result, its variance, the chance of each end and the mean rolls within
// 4 standard errors of the analysis.
func TestAnalyzeSessionRollLimitSimulated(t *testing.T) {
	if !thorough() {
		t.Skip("simulation")
	}
	for _, c := range []struct {
		name string
		lim  SessionLimits
	}{
		{"pass-max-odds", SessionLimits{Bankroll: 200, Target: 300, MaxRolls: 60}},
		{"iron-cross", SessionLimits{Bankroll: 100, StopLoss: 60, MaxRolls: 30}},
	} {
		s, _ := NamedStrategy(c.name)
		a, err := Standard().AnalyzeSession(s, c.lim)
		if err != nil {
			t.Fatal(err)
		}
		if a.Exact || a.ErrorBound.Cmp(rat(1, 1e12)) >= 0 {
			t.Fatalf("%s: exact %v, bound %v", c.name, a.Exact, a.ErrorBound)
		}
		const n = 10_000
		res, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 5, Mode: BySessions, N: n, Session: c.lim})
		if err != nil {
			t.Fatal(err)
		}
		within(t, c.name+": mean", res.Outcomes.Mean(), math.Sqrt(ratFloat(a.Variance)/n), a.Mean)
		within(t, c.name+": variance", res.Outcomes.StdDev()*res.Outcomes.StdDev(), varianceStdErr(res.Outcomes, n), a.Variance)
		for _, e := range []struct {
			what  string
			count int64
			p     *big.Rat
		}{{"ruin", res.Ends.Ruin, a.Ruin}, {"target", res.Ends.Target, a.Target},
			{"stop-loss", res.Ends.StopLoss, a.StopLoss}, {"roll limit", res.Ends.MaxRolls, a.MaxRolls}} {
			p := ratFloat(e.p)
			within(t, c.name+": "+e.what, float64(e.count)/n, math.Sqrt(p*(1-p)/n)+1e-9, e.p)
		}
		within(t, c.name+": rolls", float64(res.SessionRolls)/n, math.Sqrt(ratFloat(a.RollsVariance)/n)+1e-9, a.Rolls)
	}
}

// TestAnalyzeSessionRollLimitLaw checks, for random small sessions with a
// roll limit, that the chances of the ends sum to one less at most the
// bound (exactly one when exact), that the law of the result sums as the
// ends do and gives the mean, and that a longer limit than the session
// can use changes nothing.
func TestAnalyzeSessionRollLimitLaw(t *testing.T) {
	pass, _ := NamedStrategy("pass-max-odds")
	place, _ := ParseStrategy("place 6 12; place 8 12")
	rapid.Check(t, func(rt *rapid.T) {
		s := rapid.SampledFrom([]Strategy{pass, place}).Draw(rt, "strategy")
		bankroll := Amount(rapid.IntRange(5, 80).Draw(rt, "bankroll"))
		lim := SessionLimits{Bankroll: bankroll, Target: bankroll + Amount(rapid.IntRange(0, 60).Draw(rt, "above")),
			MaxRolls: int64(rapid.IntRange(1, 40).Draw(rt, "rolls"))}
		if lim.Target == bankroll {
			lim.Target = 0
		}
		a, err := Standard().AnalyzeSession(s, lim)
		if err != nil {
			rt.Fatal(err)
		}
		ends := new(big.Rat)
		for _, p := range []*big.Rat{a.Target, a.StopLoss, a.Ruin, a.MaxRolls} {
			ends.Add(ends, p)
		}
		law, mean := new(big.Rat), new(big.Rat)
		for _, r := range a.Results {
			law.Add(law, r.P)
			mean.Add(mean, new(big.Rat).Mul(r.P, ratInt(int64(r.Net))))
		}
		if law.Cmp(ends) != 0 || mean.Cmp(a.Mean) != 0 {
			rt.Fatalf("law sums to %v, ends to %v; its mean %v, Mean %v", law, ends, mean, a.Mean)
		}
		short := new(big.Rat).Sub(rat(1, 1), ends)
		if short.Sign() < 0 || short.Cmp(a.ErrorBound) > 0 || (a.Exact && short.Sign() != 0) {
			rt.Fatalf("ends short of 1 by %v, bound %v (exact %v)", short, a.ErrorBound, a.Exact)
		}
		if a.Rolls.Cmp(ratInt(lim.MaxRolls)) > 0 {
			rt.Fatalf("%v rolls, limit %d", a.Rolls, lim.MaxRolls)
		}
	})
}

// TestAnalyzeSessionRollLimitLong checks that a roll limit far past the
// session's likely end agrees with the session without one, within both
// bounds.
func TestAnalyzeSessionRollLimitLong(t *testing.T) {
	s, _ := NamedStrategy("pass-max-odds")
	lim := SessionLimits{Bankroll: 100, Target: 200}
	free, err := Standard().AnalyzeSession(s, lim)
	if err != nil {
		t.Fatal(err)
	}
	lim.MaxRolls = 200_000
	long, err := Standard().AnalyzeSession(s, lim)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what      string
		got, want *big.Rat
		bound     *big.Rat
	}{
		{"target", long.Target, free.Target, long.ErrorBound},
		{"ruin", long.Ruin, free.Ruin, long.ErrorBound},
		{"mean", long.Mean, free.Mean, long.MeanErrorBound},
		{"rolls", long.Rolls, free.Rolls, long.RollsErrorBound},
	} {
		d := new(big.Rat).Sub(c.got, c.want)
		if d.Abs(d).Cmp(new(big.Rat).Add(c.bound, rat(1, 1e15))) > 0 {
			t.Errorf("%s: %v with the limit, %v without", c.what, c.got.FloatString(20), c.want.FloatString(20))
		}
	}
	if long.MaxRolls.Cmp(rat(1, 1e15)) > 0 {
		t.Errorf("reaches the limit with chance %v", long.MaxRolls.FloatString(20))
	}
}

// TestAnalyzeSessionRollLimitBounded solves sessions with a roll limit
// past the exact horizon twice: carried in 128-bit units with the proved
// bound, and exactly, in rationals over 36^limit, from the same chain;
// every figure must be within its bound of the exact one, and the bound
// below 1e-12. A lowered bound on the work is refused.
func TestAnalyzeSessionRollLimitBounded(t *testing.T) {
	for _, c := range []struct {
		name string
		lim  SessionLimits
	}{
		{"pass-max-odds", SessionLimits{Bankroll: 100, Target: 200, MaxRolls: 40}},
		{"iron-cross", SessionLimits{Bankroll: 60, StopLoss: 30, MaxRolls: 30}},
	} {
		x := exploredSession(t, c.name, c.lim)
		var bounded SessionAnalysis
		pb, err := x.solveHorizon(&bounded)
		if err != nil {
			t.Fatal(err)
		}
		x.fill(&bounded, pb)
		if bounded.Exact || bounded.ErrorBound.Sign() == 0 || bounded.ErrorBound.Cmp(rat(1, 1e12)) >= 0 {
			t.Errorf("%s: exact %v, bound %v", c.name, bounded.Exact, bounded.ErrorBound)
		}
		exact := horizonExactly(x)
		checkWithinBounds(t, c.name, exact, bounded)
		x.horizonWork = int64(len(x.nodes)) * (c.lim.MaxRolls - 1)
		if _, err := x.solveHorizon(&SessionAnalysis{}); !errors.Is(err, ErrNotAnalyzable) {
			t.Errorf("%s: work bounded to %d: %v", c.name, x.horizonWork, err)
		}
	}
}

// horizonExactly carries the chance of each node of x forward in
// rationals, as a count of sequences of throws, and fills an analysis.
func horizonExactly(x *sessionChain) SessionAnalysis {
	limit := x.lim.MaxRolls
	cur := make([]*big.Int, len(x.nodes))
	cur[x.start] = big.NewInt(1)
	ends := make([]*big.Int, len(x.endList))
	for e := range ends {
		ends[e] = new(big.Int)
	}
	rolls, rolls2 := new(big.Int), new(big.Int)
	for k := range limit {
		next := make([]*big.Int, len(x.nodes))
		moves := x.moves
		if k == limit-1 {
			moves = x.last
		}
		rest := new(big.Int).Exp(big.NewInt(36), big.NewInt(limit-k), nil)
		for n, m := range cur {
			if m == nil {
				continue
			}
			// m sequences of k throws: m 36^(limit-k) of all limit throws.
			rolls.Add(rolls, new(big.Int).Mul(m, rest))
			rolls2.Add(rolls2, new(big.Int).Mul(big.NewInt(2*k+1), new(big.Int).Mul(m, rest)))
			for _, mv := range moves[n] {
				part := new(big.Int).Mul(m, big.NewInt(mv.weight))
				if mv.to < 0 {
					ends[-1-mv.to].Add(ends[-1-mv.to], part.Mul(part, new(big.Int).Div(rest, big.NewInt(36))))
				} else if next[mv.to] == nil {
					next[mv.to] = part
				} else {
					next[mv.to].Add(next[mv.to], part)
				}
			}
		}
		cur = next
	}
	all := new(big.Int).Exp(big.NewInt(36), big.NewInt(limit), nil)
	probs := make([]*big.Rat, len(ends))
	for e := range ends {
		probs[e] = new(big.Rat).SetFrac(ends[e], all)
	}
	var a SessionAnalysis
	a.Rolls = new(big.Rat).SetFrac(rolls, all)
	a.RollsVariance = new(big.Rat).SetFrac(rolls2, all)
	a.RollsVariance.Sub(a.RollsVariance, new(big.Rat).Mul(a.Rolls, a.Rolls))
	x.fill(&a, probs)
	return a
}
