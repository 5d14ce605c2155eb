package craps

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestAnalyzeStrategyPassLine checks a lone pass line bet of 10 against
// closed forms. Per decision it returns -7/495 of its stake and lasts
// 557/165 throws, so -70/495 over 557/165 throws is -70/1671 a roll;
// 495/196 decisions make a hand, -70/196 = -5/14. A hand's net, in units
// of 10, is S-1: S sums the decisions before the seven-out, N of them,
// geometric with ratio c = 299/495 (a decision that is not the
// seven-out), each +1 with chance 244/299 and -1 with 55/299 (craps); so
// Var S = E[N] Var X + Var N E[X]², E[N] = c/(1-c), Var N = c/(1-c)².
func TestAnalyzeStrategyPassLine(t *testing.T) {
	a, err := Standard().AnalyzeStrategy(Strategy{Name: "pass", Actions: []Action{{Bet: Bet{Kind: PassLine}, Amounts: []Amount{10}}}})
	if err != nil {
		t.Fatal(err)
	}
	c := rat(299, 495)
	oneLess := new(big.Rat).Sub(rat(1, 1), c)
	meanN := new(big.Rat).Quo(c, oneLess)
	varN := new(big.Rat).Quo(meanN, oneLess)
	meanX := rat(244-55, 299)
	varX := new(big.Rat).Sub(rat(1, 1), new(big.Rat).Mul(meanX, meanX))
	handVar := new(big.Rat).Mul(meanN, varX)
	handVar.Add(handVar, new(big.Rat).Mul(varN, new(big.Rat).Mul(meanX, meanX)))
	handVar.Mul(handVar, rat(100, 1))
	for _, f := range []struct {
		name      string
		got, want *big.Rat
	}{
		{"return per wagered", a.ReturnPerWagered, rat(-7, 495)},
		{"return per roll", a.ReturnPerRoll, rat(-70, 1671)},
		{"wagered per roll", a.WageredPerRoll, rat(10*165, 557)},
		{"rolls per hand", a.RollsPerHand, rat(1671, 196)},
		{"return per hand", a.ReturnPerHand, rat(-5, 14)},
		{"hand variance", a.HandVariance, handVar},
	} {
		ratsEqual(t, f.name, f.got, f.want)
	}
}

// TestAnalyzeStrategyLineOdds checks line bets with full odds against
// WithOdds, which weighs each odds bet's own analysis by the chance of its
// point: the same figure by a different path.
func TestAnalyzeStrategyLineOdds(t *testing.T) {
	for _, c := range []struct {
		reason string
		line   BetKind
		odds   BetKind
		limit  OddsLimit
	}{
		{"pass with the table's 3-4-5x odds: 7/1870", PassLine, PassOdds, OddsLimit{}},
		{"pass with double odds", PassLine, PassOdds, FlatOdds(2)},
		{"pass with 100x odds", PassLine, PassOdds, FlatOdds(100)},
		{"don't pass laying the most", DontPass, DontPassOdds, OddsLimit{}},
		{"don't pass laying 10x", DontPass, DontPassOdds, FlatOdds(10)},
	} {
		r := Standard()
		r.Odds = c.limit
		s := Strategy{Name: c.reason, Actions: []Action{{Bet: Bet{Kind: c.line}, Amounts: []Amount{10}}, {Bet: Bet{Kind: c.odds}, Odds: OddsAtLimit}}}
		a, err := r.AnalyzeStrategy(s)
		if err != nil {
			t.Fatal(err)
		}
		lo, err := r.WithOdds(Bet{Kind: c.line}, c.limit)
		if err != nil {
			t.Fatal(err)
		}
		ratsEqual(t, c.reason, new(big.Rat).Neg(a.ReturnPerWagered), lo.EdgePerBet)
	}
}

// TestAnalyzeStrategyIndependent checks the figures of every shipped
// strategy with few states (a dense solve of a hundred states in
// rationals takes seconds) against a second, dense computation: the
// stationary distribution π from the balance equations πP = π, the
// return per roll g = Σπ E[f], and the variance per roll from the
// fundamental matrix Z = (I - P + 1π)^-1 as Σ_s π_s E[(f-g)² + 2(f-g)
// (Z(r-g))(next)], r the expected net of a roll from each state.
func TestAnalyzeStrategyIndependent(t *testing.T) {
	for _, s := range BettingSystems() {
		name := s.Name
		j := wholeTestJoint(Standard(), &s)
		if j.stateCount() > 20 {
			continue
		}
		a, err := analyzeChain(j, &Rules{})
		if err != nil {
			t.Fatal(err)
		}
		n := j.stateCount()
		p := make([][]*big.Rat, n) // transition matrix
		r := make([]*big.Rat, n)   // expected net from each state
		for s := range n {
			p[s] = make([]*big.Rat, n)
			for t := range p[s] {
				p[s][t] = new(big.Rat)
			}
			r[s] = new(big.Rat)
			for i := range 36 {
				m := j.move(s, i)
				p[s][m.next].Add(p[s][m.next], rat(1, 36))
				r[s].Add(r[s], rat(m.net, 36))
			}
		}
		// πP = π, Σπ = 1: the equations of (P^T - I) with the last
		// replaced by the normalization.
		eq := make([][]*big.Rat, n)
		for s := range n {
			eq[s] = make([]*big.Rat, n+1)
			for t := range n {
				eq[s][t] = new(big.Rat).Set(p[t][s])
				if s == t {
					eq[s][t].Sub(eq[s][t], rat(1, 1))
				}
			}
			eq[s][n] = new(big.Rat)
		}
		for t := range n + 1 {
			eq[n-1][t] = rat(1, 1)
		}
		pi := denseSolve(eq)
		g, wagered, sq, sevenOuts := new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
		for s := range n {
			g.Add(g, new(big.Rat).Mul(pi[s], r[s]))
			for i := range 36 {
				m := j.move(s, i)
				w := new(big.Rat).Mul(pi[s], rat(1, 36))
				wagered.Add(wagered, new(big.Rat).Mul(w, ratInt(m.staked)))
				sq.Add(sq, new(big.Rat).Mul(w, ratInt(m.net*m.net)))
				if m.sevenOut {
					sevenOuts.Add(sevenOuts, w)
				}
			}
		}
		// Z(r - g): solve (I - P + 1π) y = r - g.
		for s := range n {
			for t := range n {
				eq[s][t] = new(big.Rat).Add(pi[t], new(big.Rat).Neg(p[s][t]))
				if s == t {
					eq[s][t].Add(eq[s][t], rat(1, 1))
				}
			}
			eq[s][n] = new(big.Rat).Sub(r[s], g)
		}
		y := denseSolve(eq)
		variance := new(big.Rat)
		for s := range n {
			for i := range 36 {
				m := j.move(s, i)
				d := new(big.Rat).Sub(ratInt(m.net), g)
				term := new(big.Rat).Add(d, new(big.Rat).Mul(rat(2, 1), y[m.next]))
				term.Mul(term, d)
				variance.Add(variance, term.Mul(term, new(big.Rat).Mul(pi[s], rat(1, 36))))
			}
		}
		rollVar := new(big.Rat).Sub(sq, new(big.Rat).Mul(g, g))
		for _, f := range []struct {
			name      string
			got, want *big.Rat
		}{
			{"return per roll", a.ReturnPerRoll, g},
			{"wagered per roll", a.WageredPerRoll, wagered},
			{"one roll's variance", a.RollVariance, rollVar},
			{"variance per roll", a.VariancePerRoll, variance},
			{"seven-outs per roll", a.SevenOutsPerRoll, sevenOuts},
			{"seven-outs per roll, every layout", a.SevenOutsPerRoll, rat(196, 1671)},
			{"return per hand, renewal", a.ReturnPerHand, new(big.Rat).Quo(g, sevenOuts)},
		} {
			ratsEqual(t, name+": "+f.name, f.got, f.want)
		}
	}
}

// TestAnalyzeStrategyRenewal checks every shipped strategy's return per
// roll, found from its hands (the chain cut at the seven-out), against the
// return per roll found from cycles: with the chain cut where it comes
// back to a recurrent state, the expected net over a cycle over its
// expected length (renewal-reward); and that its hands last 1671/196
// rolls, as every shooter's do.
func TestAnalyzeStrategyRenewal(t *testing.T) {
	for _, s := range BettingSystems() {
		name := s.Name
		a, err := Standard().AnalyzeStrategy(s)
		if err != nil {
			t.Fatal(err)
		}
		ratsEqual(t, name, a.ReturnPerRoll, cycleReturn(t, s))
		ratsEqual(t, name+": return per hand", a.ReturnPerHand, new(big.Rat).Mul(a.ReturnPerRoll, a.RollsPerHand))
		ratsEqual(t, name+": rolls per hand", a.RollsPerHand, rat(1671, 196))
	}
}

// cycleReturn is strategy s's return per roll from the cycles of its
// chain from its first recurrent state back to it.
func cycleReturn(t *testing.T, s Strategy) *big.Rat {
	t.Helper()
	c, err := newStrategyChain(wholeTestJoint(Standard(), &s), &Rules{}, true)
	if err != nil {
		t.Fatal(err)
	}
	z := c.class[0]
	pos := make(map[int]int, len(c.class))
	for k, s := range c.class {
		pos[s] = k
	}
	m := newMarkov(len(c.class))
	for k, s := range c.class {
		for _, mv := range c.moves[s] {
			if mv.next != z {
				m.addThrows(k, pos[mv.next], mv.weight)
			}
		}
	}
	f, ok := m.factor()
	if !ok {
		t.Fatalf("%s: a cycle can go on forever", s.Name)
	}
	one := func(chainMove) *big.Rat { return big.NewRat(1, 1) }
	cycle := f.solve(c.perState(one, netOf), 2)[pos[z]]
	return new(big.Rat).Quo(cycle[1], cycle[0])
}

// denseSolve solves the n x (n+1) augmented system by Gauss-Jordan
// elimination.
func denseSolve(a [][]*big.Rat) []*big.Rat {
	n := len(a)
	for c := range n {
		p := c
		for a[p][c].Sign() == 0 {
			p++
		}
		a[c], a[p] = a[p], a[c]
		for r := range n {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[r][c], a[c][c])
			for k := c; k <= n; k++ {
				a[r][k].Sub(a[r][k], new(big.Rat).Mul(f, a[c][k]))
			}
		}
	}
	x := make([]*big.Rat, n)
	for r := range n {
		x[r] = new(big.Rat).Quo(a[r][n], a[r][r])
	}
	return x
}

// TestHandResultsBruteForce plays every sequence of up to three throws
// (four with CRAPS_EXHAUSTIVE=1) on the Table engine, the strategy's
// layout placed after each roll, and checks the chance of each net result
// of the hands that end within them against the automaton's law followed
// as far.
func TestHandResultsBruteForce(t *testing.T) {
	depth := 3
	if exhaustiveSet() {
		depth = 4
	}
	for _, name := range []string{"pass-max-odds", "iron-cross", "place-6-8", "dont-pass-max-lay"} {
		s, _ := NamedStrategy(name)
		j := wholeTestJoint(Standard(), &s)
		c, err := newStrategyChain(j, &Rules{}, false)
		if err != nil {
			t.Fatal(err)
		}
		nu, err := c.handStart()
		if err != nil {
			t.Fatal(err)
		}
		if len(nu) != 1 || nu[0] == nil {
			t.Fatalf("%s: hands start at %v, not at the start", name, nu)
		}
		got := c.handResults(nu, rat(0, 1), depth)
		want := map[Amount]int64{}
		alive := int64(0)
		cfg := &SimConfig{Rules: Standard(), Strategy: s}
		players := make([]*player, depth+1) // one per depth, reused
		for k := range players {
			players[k] = newPlayer(cfg)
		}
		players[0].reset(false)
		var res SimResult
		var walk func(n int, net Amount)
		walk = func(n int, net Amount) {
			if n == depth {
				alive++
				return
			}
			for i := range uint(36) {
				q := players[n+1]
				copyTable(&q.t, &players[n].t)
				q.first().mem = players[n].first().mem
				sevenOuts := res.SevenOuts
				v, _ := q.roll(i, &res)
				q.again(nil)
				v -= q.seats[0].kept // commission kept on a bet taken down
				if res.SevenOuts > sevenOuts {
					want[net+v] += powOf36(depth - n - 1)
					continue
				}
				walk(n+1, net+v)
			}
		}
		walk(0, 0)
		if got.Throws != depth {
			t.Errorf("%s: followed %d throws, want %d", name, got.Throws, depth)
		}
		for _, r := range got.Results {
			ratsEqual(t, name+": net "+itoa(int(r.Net)), r.P, rat(want[r.Net], powOf36(depth)))
			delete(want, r.Net)
		}
		for v := range want {
			t.Errorf("%s: net %d missing", name, v)
		}
		ratsEqual(t, name+": remainder", got.Remainder, new(big.Rat).SetFrac(big.NewInt(alive), new(big.Int).Exp(big.NewInt(36), big.NewInt(int64(depth)), nil)))
	}
}

// TestHandResultsBound checks the truncation: the remainder is below the
// bound, and with the results it sums to one.
func TestHandResultsBound(t *testing.T) {
	s, _ := NamedStrategy("pass-max-odds")
	h, err := Standard().HandResults(s, 1e-4)
	if err != nil {
		t.Fatal(err)
	}
	sum := new(big.Rat).Set(h.Remainder)
	for _, r := range h.Results {
		sum.Add(sum, r.P)
	}
	ratsEqual(t, "total", sum, rat(1, 1))
	if h.Remainder.Cmp(rat(1, 10000)) >= 0 {
		t.Errorf("remainder %v is not below the bound", h.Remainder.FloatString(8))
	}
	hand, _ := Standard().ShooterHand()
	_, longer, err := hand.Length(h.Throws + 1)
	if err != nil {
		t.Fatal(err)
	}
	ratsEqual(t, "remainder is the chance of a longer hand", h.Remainder, longer)
	for _, bound := range []float64{0, 1, -1, math.NaN()} {
		if _, err := Standard().HandResults(s, bound); !errors.Is(err, ErrSyntax) {
			t.Errorf("bound %v: %v", bound, err)
		}
	}
}

// TestAnalyzeStrategyRefusals checks what has no exact analysis.
func TestAnalyzeStrategyRefusals(t *testing.T) {
	martingale, _ := NamedStrategy("martingale")
	pass, _ := NamedStrategy("pass-max-odds")
	for _, c := range []struct {
		reason string
		rules  Rules
		s      Strategy
		want   error
	}{
		{"a Go hook's state is hidden", Standard(), withHook(martingale), ErrNotAnalyzable},
		{"the private game banks no layout", Rules{Private: true}, pass, ErrNotAnalyzable},
		{"card craps deals cards", Rules{Cards: CardsPairReturned}, pass, ErrRollSource},
		{"an empty layout", Standard(), Strategy{}, ErrAmount},
		{"invalid rules", Rules{Bar: 7}, pass, ErrInvalidRules},
	} {
		if _, err := c.rules.AnalyzeStrategy(c.s); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.reason, err, c.want)
		}
		if _, err := c.rules.HandResults(c.s, 1e-3); !errors.Is(err, c.want) {
			t.Errorf("%s: hand results: %v, want %v", c.reason, err, c.want)
		}
	}
}

// A stop action ends a session and nothing else: the long run of a
// strategy that stops is that of its actions without the stops, and so
// is the law of one hand.
func TestAnalyzeStrategyIgnoresStops(t *testing.T) {
	stops := mustParse(t, "pass 10; odds 2x; place 6 12 if winnings < 30; stop if winnings >= 100 or rolls > 40")
	a, err := Standard().AnalyzeStrategy(stops)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Standard().AnalyzeStrategy(withoutStops(stops))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(b, a, cmp.Comparer(func(x, y *big.Rat) bool { return x.Cmp(y) == 0 })); diff != "" {
		t.Errorf("with its stops, the long run differs (-without +with):\n%s", diff)
	}
	h, err := Standard().HandResults(stops, 1e-3)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Standard().HandResults(withoutStops(stops), 1e-3)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(g, h, cmp.Comparer(func(x, y *big.Rat) bool { return x.Cmp(y) == 0 })); diff != "" {
		t.Errorf("with its stops, the hand's law differs (-without +with):\n%s", diff)
	}
}

// TestAnalyzeStrategySimulated simulates every shipped strategy that
// compiles and checks each simulated figure within 4 standard errors of
// the exact one: the return per unit wagered (the simulator's standard
// error), the net per roll (standard error from the exact variance per
// roll), and by shooters the mean and variance of a hand's net.
func TestAnalyzeStrategySimulated(t *testing.T) {
	if !thorough() {
		t.Skip("simulation")
	}
	for _, s := range BettingSystems() {
		name := s.Name
		a, err := Standard().AnalyzeStrategy(s)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 5, N: 1 << 24})
		if err != nil {
			t.Fatal(err)
		}
		mean, se := res.Return()
		within(t, name+": return per wagered", mean, se, a.ReturnPerWagered)
		net, _ := new(big.Float).SetInt(res.Total().Net()).Float64()
		within(t, name+": net per roll", net/float64(res.Rolls), math.Sqrt(ratFloat(a.VariancePerRoll)/float64(res.Rolls)), a.ReturnPerRoll)

		res, err = Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 6, Mode: ByShooters, N: 200_000})
		if err != nil {
			t.Fatal(err)
		}
		h := res.Outcomes
		n := float64(h.Count())
		within(t, name+": net per hand", h.Mean(), math.Sqrt(ratFloat(a.HandVariance)/n), a.ReturnPerHand)
		within(t, name+": rolls per hand", float64(res.Rolls)/float64(res.SevenOuts), math.Sqrt(lengthVar()/n), a.RollsPerHand)
		v := h.StdDev() * h.StdDev()
		within(t, name+": variance of a hand", v, varianceStdErr(h, n), a.HandVariance)
	}
}

// lengthVar is the variance of a hand's length.
func lengthVar() float64 {
	h, _ := Standard().Hand()
	return ratFloat(h.ThrowsPerHandVariance)
}

// varianceStdErr is the standard error of a sample variance,
// sqrt((m4 - s^4)/n), from the sample's own fourth central moment.
func varianceStdErr(h Histogram, n float64) float64 {
	mean := h.Mean()
	m2, m4 := 0.0, 0.0
	for v, c := range h {
		d := float64(v) - mean
		m2 += float64(c) * d * d / n
		m4 += float64(c) * d * d * d * d / n
	}
	return math.Sqrt((m4 - m2*m2) / n)
}

func ratFloat(q *big.Rat) float64 {
	f, _ := q.Float64()
	return f
}

// within checks that a simulated figure lies within 4 standard errors of
// the exact one.
func within(t *testing.T, what string, got, se float64, exact *big.Rat) {
	t.Helper()
	x := ratFloat(exact)
	if z := (got - x) / se; !(math.Abs(z) <= 4) {
		t.Errorf("%s: simulated %.6g ± %.2g, exact %.6g: %.1f standard errors", what, got, se, x, z)
	}
}

// BenchmarkAnalyzeStrategy times the exact figures from scratch,
// compiling the automaton by playing a Table and solving the chain, of
// the full benchmark layout (pass with 3-4-5x odds, two come bets with
// odds, place 6 and 8, field, hard 6 and 8) and of the largest named
// system, double-tap (5,833 states, 1,188 once merged).
func BenchmarkAnalyzeStrategy(b *testing.B) {
	for _, name := range []string{"full", "double-tap"} {
		s, _ := NamedStrategy(name)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				j := wholeTestJoint(Standard(), &s)
				if _, err := analyzeChain(j, &Rules{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAnalyzeStrategyGrowth times AnalyzeStrategy on one group of
// growing size: place 6 and 8 each pressed through k amounts on its wins
// (cycling back), both taken down when the point is off, which ties them
// into one chain of (k^2 + ...) merged states that no factoring splits.
// It reports the automaton's states and the merged states of its chain,
// so that the cost's growth with them can be fitted:
// go test -run XXX -bench AnalyzeStrategyGrowth -cpu 1 .
func BenchmarkAnalyzeStrategyGrowth(b *testing.B) {
	for _, k := range []int{4, 8, 12, 16, 24, 32, 48} {
		var steps []string
		for i := 1; i <= k; i++ {
			steps = append(steps, fmt.Sprint(6*i))
		}
		press := strings.Join(steps, "-")
		s, err := ParseStrategy(fmt.Sprintf("place 6 %s up on win cycle; place 8 %s up on win cycle; take down place if point off", press, press))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("steps=%d", k), func(b *testing.B) {
			benchmarkAnalysis(b, s)
		})
	}
}

// benchmarkAnalysis times AnalyzeStrategy of s, a strategy of one group,
// and reports its automaton's states and the merged states of its chain.
func benchmarkAnalysis(b *testing.B, s Strategy) {
	var a StrategyAnalysis
	for b.Loop() {
		var err error
		if a, err = Standard().AnalyzeStrategy(s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(a.States), "states")
	r := Standard()
	parts, _ := r.strategyParts(s)
	c, err := newStrategyChain(parts[0], &r, true)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(c.class)), "merged")
}

// BenchmarkAnalyzeStrategyCount times AnalyzeStrategy on a chain that
// leads forward: a field bet made while a count of the hand is below N,
// whose chain is N steps long (5N merged states, a group each) and whose
// exact sums have denominators of some 36^N:
// go test -run XXX -bench AnalyzeStrategyCount -cpu 1 .
func BenchmarkAnalyzeStrategyCount(b *testing.B) {
	for _, n := range []int{50, 100, 200, 400, 800} {
		s, err := ParseStrategy(fmt.Sprintf("field 5 if rolls < %d", n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("rolls=%d", n), func(b *testing.B) {
			benchmarkAnalysis(b, s)
		})
	}
}

// The analysis of a strategy whose actions fall into independent groups
// reads the groups and their pairs apart (pairedAnalysis); it equals, to
// the last digit, the analysis of the whole chain of all its actions
// together, for every named system and layout of several groups whose
// whole chain the solver takes. Double-tap's whole chain (5,833 states)
// takes seconds: it is checked under CRAPS_EXHAUSTIVE=1.
func TestPairedAnalysisIsTheWholeChain(t *testing.T) {
	exact := cmp.Comparer(func(x, y *big.Rat) bool { return x.Cmp(y) == 0 })
	tested := 0
	for _, s := range simStrategies(t, Standard()) {
		if (s.Name == "double-tap" || s.Name == "press-all") && !thorough() { // seconds to build whole
			continue
		}
		parts, err := Standard().strategyParts(s)
		if err != nil {
			t.Fatal(s.Name, err)
		}
		if len(parts) == 1 {
			continue
		}
		whole := wholeTestJoint(Standard(), ptr(withoutStops(s)))
		if whole == nil || whole.states() > 6000 {
			continue
		}
		want, err := analyzeChain(whole, &Rules{})
		if errors.Is(err, ErrNotAnalyzable) {
			continue // beyond the whole chain's solver
		}
		if err != nil {
			t.Fatal(s.Name, err)
		}
		got, err := pairedAnalysis(parts, &Rules{})
		if err != nil {
			t.Fatal(s.Name, err)
		}
		if len(got.Parts) != len(parts) {
			t.Errorf("%s: parts %v, want %d", s.Name, got.Parts, len(parts))
		}
		got.Parts = nil
		if diff := cmp.Diff(want, got, exact); diff != "" {
			t.Errorf("%s: the groups apart differ from the whole chain (-whole +groups):\n%s", s.Name, diff)
		}
		tested++
	}
	if tested < 10 {
		t.Errorf("only %d strategies of several groups compared", tested)
	}
}

func ptr[T any](x T) *T { return &x }

// Under dice of another law the strategy analyses follow the law: a
// sum of strategies' figures under dice that throw fewer sevens (an SRR
// of 7), and under a loaded die, agree with simulation on the compiled
// engine within 4 standard errors, which gives the same sums as the Table
// engine; the hand's law sums to one, and the fair law's figures differ.
func TestStrategyAnalysisUnderLaw(t *testing.T) {
	srr, loaded := mustSRR(t, "7"), loadedSix(t)
	for _, law := range []DiceLaw{srr, loaded} {
		r := Rules{Dice: law}
		for _, name := range []string{"iron-cross", "press-6-8", "three-point-molly"} {
			s, _ := NamedStrategy(name)
			a, err := r.AnalyzeStrategy(s)
			if err != nil {
				t.Fatal(name, err)
			}
			fair, _ := Standard().AnalyzeStrategy(s)
			if a.ReturnPerRoll.Cmp(fair.ReturnPerRoll) == 0 {
				t.Errorf("%s under %v: the fair dice's return per roll", name, law)
			}
			cfg := SimConfig{Rules: r, Strategy: s, Seed: 11, Mode: ByRolls, N: 400_000}
			if !exhaustiveSet() {
				cfg.N = 100_000
			}
			slow, fast := bothEngines(t, name, cfg)
			if diff := cmp.Diff(slow, fast, exactSums); diff != "" {
				t.Errorf("%s under %v: the engines differ (-table +compiled):\n%s", name, law, diff)
			}
			tot := fast.Total()
			mean := float64(tot.Net().Int64()) / float64(fast.Rolls)
			within(t, name+" return per roll", mean, math.Sqrt(ratFloat(a.VariancePerRoll)/float64(fast.Rolls)), a.ReturnPerRoll)
			h, err := r.HandResults(s, 1e-3)
			if err != nil {
				t.Fatal(err)
			}
			sum := new(big.Rat).Set(h.Remainder)
			for _, x := range h.Results {
				sum.Add(sum, x.P)
			}
			ratsEqual(t, name+": the hand's law and its remainder", sum, rat(1, 1))
		}
		s, _ := NamedStrategy("pass-max-odds")
		lim := SessionLimits{Bankroll: 100, Target: 200}
		a, err := r.AnalyzeSession(s, lim)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Simulate(context.Background(), SimConfig{Rules: r, Strategy: s, Seed: 2, Mode: BySessions, N: 20_000, Session: lim})
		if err != nil {
			t.Fatal(err)
		}
		p := ratFloat(a.Target)
		within(t, "session target", float64(res.Ends.Target)/20_000, math.Sqrt(p*(1-p)/20_000), a.Target)
	}
}

// HandResults refuses a strategy whose automaton passes
// MaxHandResultsStates (the law of a hand needs its groups together, some
// 26 KB a state: a six-number press of seven steps each, 941,193 states,
// took 4.3 GB), promptly and with ErrNotAnalyzable, while AnalyzeStrategy
// still solves it group by group.
func TestHandResultsBounded(t *testing.T) {
	var text []string
	for _, n := range []int{4, 5, 6, 8, 9, 10} {
		unit := 10
		if n == 6 || n == 8 {
			unit = 12
		}
		var steps []string
		for i := 1; i <= 5; i++ {
			steps = append(steps, fmt.Sprint(unit*i))
		}
		text = append(text, fmt.Sprintf("place %d %s up on win", n, strings.Join(steps, "-")))
	}
	s, err := ParseStrategy(strings.Join(text, "; "))
	if err != nil {
		t.Fatal(err)
	}
	parts, err := Standard().strategyParts(s)
	if err != nil {
		t.Fatal(err)
	}
	if n := productStates(parts); n <= MaxHandResultsStates {
		t.Fatalf("the press has %d states: the test wants more than %d", n, MaxHandResultsStates)
	}
	if _, err := Standard().HandResults(s, 1e-6); !errors.Is(err, ErrNotAnalyzable) || !strings.Contains(err.Error(), "more than 65536 states") {
		t.Errorf("HandResults of the press: %v, want ErrNotAnalyzable naming the bound", err)
	}
}

// TestLumpedIsCoarsestRefinement checks lumped, which looks each round
// only at the states moving into those that changed class, against
// refinement by every state's signature round after round until nothing
// splits, on random chains (with rolls alike, nets, stakes and seven-outs
// drawn from few values so that states merge) and on a count through
// a thousand states.
func TestLumpedIsCoarsestRefinement(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(t, "states")
		moves := make([][]chainMove, n)
		for s := range moves {
			for range rapid.IntRange(1, 4).Draw(t, "moves") {
				moves[s] = append(moves[s], chainMove{next: rapid.IntRange(0, n-1).Draw(t, "next"),
					net: rapid.Int64Range(-1, 1).Draw(t, "net"), staked: rapid.Int64Range(0, 1).Draw(t, "staked"),
					sevenOut: rapid.Bool().Draw(t, "seven"), weight: rapid.Int64Range(1, 2).Draw(t, "weight")})
			}
		}
		stakes := rapid.Bool().Draw(t, "stakes")
		if diff := cmp.Diff(refinedByRounds(moves, stakes), lumped(moves, stakes), cmp.AllowUnexported(chainMove{})); diff != "" {
			t.Fatalf("lumped differs from refinement by rounds (-rounds +lumped):\n%s", diff)
		}
	})
	count := make([][]chainMove, 1000) // state i moves to i+1, the last one to itself
	for s := range count {
		count[s] = []chainMove{{next: min(s+1, len(count)-1), net: int64(s % 3), weight: 35}, {next: 0, sevenOut: true, weight: 1}}
	}
	if diff := cmp.Diff(refinedByRounds(count, true), lumped(count, true), cmp.AllowUnexported(chainMove{})); diff != "" {
		t.Fatalf("lumped differs on a count (-rounds +lumped):\n%s", diff)
	}
}

// TestLumpedSignsFewStates checks that lumped's work grows as n log n,
// not n² (a round for each step of a count, each signing the count's
// states), on a count that its first round leaves as the smaller part:
// states 0 to k-1 of no net, each moving on to the next and the last into
// a cycle of 2k states of net 1, the seven-outs all into the cycle. The
// count loses a state from its end a round, for k rounds; unless the
// larger part keeps the class, the rest of the count changes class each
// round and is signed again (4.5 million signatures for k = 3000).
func TestLumpedSignsFewStates(t *testing.T) {
	count := func(k int) [][]chainMove {
		moves := make([][]chainMove, 3*k)
		for s := range moves {
			next, net := s+1, int64(0)
			if s >= k {
				next, net = k+(s+1-k)%(2*k), 1
			}
			moves[s] = []chainMove{{next: next, net: net, weight: 35}, {next: k, sevenOut: true, weight: 1}}
		}
		return moves
	}
	if diff := cmp.Diff(refinedByRounds(count(100), true), lumped(count(100), true), cmp.AllowUnexported(chainMove{})); diff != "" {
		t.Fatalf("lumped differs on the count (-rounds +lumped):\n%s", diff)
	}
	moves := count(3000)
	l := lumpSigner{moves: moves, stakes: true}
	if _, classes := l.partition(); classes != 3000+1 {
		t.Errorf("%d classes, want the count's 3000 and the cycle", classes)
	}
	// Each state is signed in the first round, and again once for each
	// move into a state that changed class, which each does at most
	// log2 n times.
	n := len(moves)
	if bound := n + 2*n*bits.Len(uint(n)); l.signed > bound {
		t.Errorf("%d signatures of %d states, more than %d (n + moves log2 n)", l.signed, n, bound)
	}
}

// refinedByRounds lumps states as lumped does, by the plain method: each
// round splits every class by its states' signatures, until none splits.
func refinedByRounds(moves [][]chainMove, stakes bool) [][]chainMove {
	class := make([]int32, len(moves))
	sign := lumpSigner{moves: moves, stakes: stakes}
	for classes := 1; ; {
		index := map[string]int32{}
		next := make([]int32, len(moves))
		for s := range moves {
			key := fmt.Sprint(class[s], sign.of(int32(s), class))
			c, ok := index[key]
			if !ok {
				c = int32(len(index))
				index[key] = c
			}
			next[s] = c
		}
		class = next
		if len(index) == classes {
			break
		}
		classes = len(index)
	}
	return classMoves(moves, class, int(slices.Max(class))+1, stakes)
}
