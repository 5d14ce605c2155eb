package craps

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
)

// ErrNotAnalyzable is wrapped by an exact analysis of a strategy the
// package cannot make: a strategy that does not compile into one finite
// automaton (one with a Go hook or a stop action, or more states than the
// compiler keeps), one whose automaton has more states than the exact
// solver takes (1,000), the private game, or a session with a roll limit
// or too many states.
var ErrNotAnalyzable = errors.New("strategy has no exact analysis")

// StrategyAnalysis is the exact long-run figures of a strategy, played
// roll after roll with money enough for every bet, as a simulation by
// rolls or by shooters plays it. Every field is a fresh *big.Rat the
// caller owns, in the table's units of money.
//
// A strategy without a hook is one finite automaton over the 36 throws
// (the table's state and the bets on the layout), and so a Markov chain:
// the figures come from its stationary distribution and from the
// expected sums until it returns to a state or the hand ends, solved in
// exact rationals.
type StrategyAnalysis struct {
	Strategy string
	// States is how many states the strategy's automaton has.
	States int
	// ReturnPerRoll is the expected net result of one roll in the long
	// run; WageredPerRoll the expected stakes decided on it (what a
	// simulation sums as staked).
	ReturnPerRoll, WageredPerRoll *big.Rat
	// ReturnPerWagered is ReturnPerRoll/WageredPerRoll: the player's result
	// per unit wagered, negative when the house has the edge; the exact
	// figure of a simulation's net over staked for all bets.
	ReturnPerWagered *big.Rat
	// RollVariance is the variance of one roll's net result in the long
	// run. VariancePerRoll is the variance that the total of n rolls
	// grows by per roll, lim Var(total)/n: it counts how one roll's result
	// depends on the last (odds follow a line bet's point), and gives the
	// standard error of a long simulation.
	RollVariance, VariancePerRoll *big.Rat
	// RollsPerHand is the expected length of a shooter's hand in throws,
	// and SevenOutsPerRoll its inverse.
	RollsPerHand, SevenOutsPerRoll *big.Rat
	// ReturnPerHand is the expected net result of one shooter's hand,
	// from the first throw to the seven-out, and HandVariance its
	// variance. A hand starts in the state the last seven-out left, as it
	// does in a long run (for most layouts that is the empty come-out).
	ReturnPerHand, HandVariance *big.Rat
}

// compiledChain is what the exact analysis reads of a strategy compiled
// into one automaton: its states, 0 the start, and what each of the 36
// throws does from each. The joint automaton provides it; so will any
// strategy whose state is finite.
type compiledChain interface {
	stateCount() int
	move(s, throw int) chainMove
}

// chainMove is one throw from one state: the state it leads to, the
// roll's net result for the player and the stakes it decided, and
// whether it ended the shooter's hand.
type chainMove struct {
	next        int
	net, staked int64
	sevenOut    bool
	// throws is how many of the 36 throws make this move.
	throws int64
}

func (j *joint) stateCount() int { return len(j.next) / 36 }

func (j *joint) move(s, i int) chainMove {
	tr := s*36 + i
	return chainMove{next: int(j.next[tr] / 36), net: j.net[tr], staked: j.staked[tr], sevenOut: j.sevenOut[tr], throws: 1}
}

// maxAnalyzedStates bounds the automata the exact analysis solves: the
// solver eliminates in exact rationals, whose cost grows steeply with the
// states (649 states take about a second, 1,945 more than a minute).
const maxAnalyzedStates = 1000

// compiledStrategy compiles s under r for the exact analysis.
func (r Rules) compiledStrategy(s Strategy) (*joint, error) {
	switch {
	case r.Private:
		return nil, fmt.Errorf("craps: analyze strategy %q: the private game has no house to bank a layout: %w", s.Name, ErrNotAnalyzable)
	case r.Cards != NoCards:
		return nil, fmt.Errorf("craps: analyze strategy %q: card craps deals from a deck; the analysis throws dice: %w", s.Name, ErrRollSource)
	}
	if err := s.Validate(r); err != nil {
		return nil, err
	}
	if s.NewHook != nil {
		return nil, fmt.Errorf("craps: analyze strategy %q: a Go hook has state the analysis cannot see: %w", s.Name, ErrNotAnalyzable)
	}
	if slices.ContainsFunc(s.Actions, func(a Action) bool { return a.Kind == ActionStop }) {
		return nil, fmt.Errorf("craps: analyze strategy %q: a strategy that stops a session ends where the analysis has no end: %w", s.Name, ErrNotAnalyzable)
	}
	j := cachedJoint(r, &s)
	if j == nil {
		return nil, fmt.Errorf("craps: analyze strategy %q: it does not compile (more than %d states, or sums too large): %w",
			s.Name, maxJointStates, ErrNotAnalyzable)
	}
	if n := j.stateCount(); n > maxAnalyzedStates {
		return nil, fmt.Errorf("craps: analyze strategy %q: its automaton has %d states, more than the %d the exact solver takes: %w",
			s.Name, n, maxAnalyzedStates, ErrNotAnalyzable)
	}
	return j, nil
}

// AnalyzeStrategy computes the exact long-run figures of strategy s under
// r. It returns an error wrapping ErrNotAnalyzable for a strategy that
// does not compile into one automaton (a hook, a stop action) or whose
// automaton has more than 1,000 states, and for the private game,
// ErrRollSource under card rules, or the error of Strategy.Validate.
func (r Rules) AnalyzeStrategy(s Strategy) (StrategyAnalysis, error) {
	j, err := r.compiledStrategy(s)
	if err != nil {
		return StrategyAnalysis{}, err
	}
	a, err := analyzeChain(j)
	if err != nil {
		return StrategyAnalysis{}, fmt.Errorf("craps: analyze strategy %q: %w", s.Name, err)
	}
	a.Strategy = s.Name
	return a, nil
}

// groupedMoves lists each state's moves with the throws that make the
// same move counted together.
func groupedMoves(c compiledChain) [][]chainMove {
	out := make([][]chainMove, c.stateCount())
	for s := range out {
		for i := range 36 {
			m := c.move(s, i)
			m.throws = 1
			out[s] = addChainMove(out[s], m)
		}
	}
	return out
}

// strategyChain is a compiled strategy read as a Markov chain: each
// state's moves, the states it visits forever (its recurrent class), and
// the states seven-outs lead to, where hands start.
type strategyChain struct {
	states int
	moves  [][]chainMove
	class  []int
	// starts numbers the states seven-outs lead to.
	starts map[int]int
}

// newStrategyChain reads a compiled strategy as a chain, its states
// lumped (see lumped); with stakes false the stakes are left out, and
// states that differ only in them are merged.
func newStrategyChain(c compiledChain, stakes bool) (*strategyChain, error) {
	sc := &strategyChain{states: c.stateCount(), moves: lumped(groupedMoves(c), stakes), starts: map[int]int{}}
	var err error
	if sc.class, err = recurrentClass(sc.moves); err != nil {
		return nil, err
	}
	for _, s := range sc.class {
		for _, m := range sc.moves[s] {
			if _, ok := sc.starts[m.next]; m.sevenOut && !ok {
				sc.starts[m.next] = len(sc.starts)
			}
		}
	}
	if len(sc.starts) == 0 {
		return nil, fmt.Errorf("no hand ever ends: %w", ErrNotAnalyzable)
	}
	return sc, nil
}

// lumped merges the states whose futures are alike: two states are one
// when they are in one class and, for each class, the same number of
// throws lead to it with the same roll (net result, stakes unless stakes
// is false, seven-out); classes are split until none splits further. The
// chain of classes is a Markov chain whose rolls have the same law as the
// automaton's (it is lumpable), so every figure is the same on it, and
// the full layout's 120 states make about half as many. The class of
// state 0 is 0.
func lumped(moves [][]chainMove, stakes bool) [][]chainMove {
	n := len(moves)
	class := make([]int, n)
	classes := 1
	type part struct {
		net, staked int64
		sevenOut    bool
		to          int
	}
	for {
		index := map[string]int{}
		next := make([]int, n)
		for s, ms := range moves {
			sum := map[part]int64{}
			for _, m := range ms {
				p := part{m.net, m.staked, m.sevenOut, class[m.next]}
				if !stakes {
					p.staked = 0
				}
				sum[p] += m.throws
			}
			keys := make([]string, 0, len(sum))
			for p, t := range sum {
				keys = append(keys, fmt.Sprint(p, t))
			}
			sort.Strings(keys)
			key := fmt.Sprint(class[s], keys)
			c, ok := index[key]
			if !ok {
				c = len(index)
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
	out := make([][]chainMove, classes)
	done := make([]bool, classes)
	for s, ms := range moves {
		c := class[s]
		if done[c] {
			continue
		}
		done[c] = true
		for _, m := range ms {
			m.next = class[m.next]
			if !stakes {
				m.staked = 0
			}
			out[c] = addChainMove(out[c], m)
		}
	}
	return out
}

// addChainMove adds m to ms, counting its throws with a move alike.
func addChainMove(ms []chainMove, m chainMove) []chainMove {
	for k := range ms {
		if x := &ms[k]; x.next == m.next && x.net == m.net && x.staked == m.staked && x.sevenOut == m.sevenOut {
			x.throws += m.throws
			return ms
		}
	}
	return append(ms, m)
}

// recurrentClass returns the states the chain visits forever from state
// 0: the one closed strongly connected group. A chain with more than one
// is refused: its long run would depend on chance early on.
func recurrentClass(moves [][]chainMove) ([]int, error) {
	full := newMarkov(len(moves))
	for s, ms := range moves {
		for _, m := range ms {
			full.arcs[s] = append(full.arcs[s], arc{to: m.next})
		}
	}
	var closed [][]int
	for _, g := range full.groups() {
		in := map[int]bool{}
		for _, s := range g {
			in[s] = true
		}
		isClosed := true
		for _, s := range g {
			for _, a := range full.arcs[s] {
				isClosed = isClosed && in[a.to]
			}
		}
		if isClosed {
			closed = append(closed, g)
		}
	}
	if len(closed) != 1 {
		return nil, fmt.Errorf("the automaton has %d recurrent classes, not one: %w", len(closed), ErrNotAnalyzable)
	}
	sort.Ints(closed[0])
	return closed[0], nil
}

// cut builds the chain over the recurrent class in which a move ends the
// chain if ends says so, and returns it factored, with each state's
// position in it.
func (c *strategyChain) cut(ends func(m chainMove) bool) (*factored[big.Rat, *big.Rat], map[int]int, error) {
	pos := make(map[int]int, len(c.class))
	for k, s := range c.class {
		pos[s] = k
	}
	m := newMarkov(len(c.class))
	for k, s := range c.class {
		for _, mv := range c.moves[s] {
			if !ends(mv) {
				m.addThrows(k, pos[mv.next], mv.throws)
			}
		}
	}
	f, ok := m.factor()
	if !ok {
		return nil, nil, fmt.Errorf("the chain can go on forever without ending a cycle or a hand: %w", ErrNotAnalyzable)
	}
	return f, pos, nil
}

// perState returns, for each state of the class, the expectation over
// one throw of each of the functions of a move.
func (c *strategyChain) perState(fs ...func(m chainMove) *big.Rat) [][]*big.Rat {
	b := make([][]*big.Rat, len(c.class))
	for k, s := range c.class {
		row := make([]*big.Rat, len(fs))
		for i := range row {
			row[i] = new(big.Rat)
		}
		for _, m := range c.moves[s] {
			p := big.NewRat(m.throws, 36)
			for i, f := range fs {
				if v := f(m); v != nil {
					row[i].Add(row[i], v.Mul(v, p))
				}
			}
		}
		b[k] = row
	}
	return b
}

// cycles solves the expected sums over one cycle, from a recurrent state
// z until the chain comes back to it, of what each function of a move
// gives; the first column is the cycle's length. It returns the solution
// for every state, with each state's position, and z's.
func (c *strategyChain) cycles(fs ...func(m chainMove) *big.Rat) (f *factored[big.Rat, *big.Rat], x [][]*big.Rat, pos map[int]int, z int, err error) {
	z = c.class[0] // state 0 if it recurs, as it does for every layout seen
	f, pos, err = c.cut(func(m chainMove) bool { return m.next == z })
	if err != nil {
		return nil, nil, nil, 0, err
	}
	fs = append([]func(chainMove) *big.Rat{func(chainMove) *big.Rat { return big.NewRat(1, 1) }}, fs...)
	return f, f.solve(c.perState(fs...), len(fs)), pos, z, nil
}

// startsOf returns the functions counting the seven-outs into each
// start, in the order of their numbers.
func (c *strategyChain) startsOf() []func(chainMove) *big.Rat {
	fs := make([]func(chainMove) *big.Rat, len(c.starts))
	for s, k := range c.starts {
		fs[k] = func(m chainMove) *big.Rat {
			if m.sevenOut && m.next == s {
				return big.NewRat(1, 1)
			}
			return nil
		}
	}
	return fs
}

// handStartOf turns the expected seven-outs into each start over a
// cycle into the chance that a hand starts there in the long run.
func (c *strategyChain) handStartOf(perStart []*big.Rat) map[int]*big.Rat {
	total := new(big.Rat)
	for _, q := range perStart {
		total.Add(total, q)
	}
	nu := make(map[int]*big.Rat, len(c.starts))
	for s, k := range c.starts {
		if perStart[k].Sign() != 0 {
			nu[s] = new(big.Rat).Quo(perStart[k], total)
		}
	}
	return nu
}

// handStart returns where hands start in the long run, and how often.
func (c *strategyChain) handStart() (map[int]*big.Rat, error) {
	if len(c.starts) == 1 {
		for s := range c.starts {
			return map[int]*big.Rat{s: big.NewRat(1, 1)}, nil
		}
	}
	_, x, pos, z, err := c.cycles(c.startsOf()...)
	if err != nil {
		return nil, err
	}
	return c.handStartOf(x[pos[z]][1:]), nil
}

func netOf(m chainMove) *big.Rat    { return ratInt(m.net) }
func stakedOf(m chainMove) *big.Rat { return ratInt(m.staked) }
func netSqOf(m chainMove) *big.Rat  { v := ratInt(m.net); return v.Mul(v, v) }

// HandResults is the law of one shooter's hand's net result under a
// strategy, followed throw by throw until the chance that the hand goes
// on falls below a bound. Every value is exact.
type HandResults struct {
	// Results holds each net result v with the chance that the hand ends
	// within Throws throws with the result v, in increasing order of v.
	Results []NetProbability
	// Throws is how far the hands were followed; Remainder is the chance
	// that a hand lasts longer, not in Results.
	Throws    int
	Remainder *big.Rat
}

// HandResults computes the law of one hand's net result under strategy
// s, the hand starting where seven-outs leave the strategy in the long
// run (as in StrategyAnalysis), until the chance of a longer hand is
// below bound, which must be in (0, 1). The law of a large layout
// spreads over thousands of values; it stops after some 40 million
// additions of chances (a few seconds), with a Remainder above bound:
// the full benchmark layout, after about 40 throws. Its errors are
// AnalyzeStrategy's, and one wrapping ErrSyntax for a bound out of range.
func (r Rules) HandResults(s Strategy, bound float64) (HandResults, error) {
	if !(bound > 0 && bound < 1) {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: bound %v: want one in (0, 1): %w", s.Name, bound, ErrSyntax)
	}
	j, err := r.compiledStrategy(s)
	if err != nil {
		return HandResults{}, err
	}
	c, err := newStrategyChain(j, false)
	if err != nil {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: %w", s.Name, err)
	}
	nu, err := c.handStart()
	if err != nil {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: %w", s.Name, err)
	}
	return c.handResults(nu, new(big.Rat).SetFloat64(bound), 0), nil
}

// handResultsWork bounds the work of following hands: the additions of
// one chance to another, about 50 ns each. The law of a large layout
// spreads over many values, and it stops there with a larger remainder.
const handResultsWork = 40_000_000

// massRow holds the chance of each net result in one state: v[i] is the
// numerator of the chance of (lo+i) times the grid the results are on.
type massRow struct {
	lo int64
	v  []big.Int
}

// handResults follows hands from nu throw by throw, until the chance that
// a hand goes on is below bound, for throws throws if that is not 0, or
// until handResultsWork is done. The chances are kept as integers over a
// common denominator, that of nu times 36 a throw, in rows of
// consecutive net results (on the grid of the greatest common divisor of
// the rolls' results) reused from throw to throw.
func (c *strategyChain) handResults(nu map[int]*big.Rat, bound *big.Rat, throws int) HandResults {
	grid := int64(0)
	for _, ms := range c.moves {
		for _, m := range ms {
			grid = gcd64(grid, abs64(m.net))
		}
	}
	grid = max(grid, 1)
	den := big.NewInt(1)
	for _, p := range nu {
		den.Mul(den, new(big.Int).Quo(p.Denom(), new(big.Int).GCD(nil, nil, den, p.Denom())))
	}
	n := len(c.moves)
	mass, next := make([]massRow, n), make([]massRow, n)
	for s, p := range nu {
		mass[s] = massRow{v: make([]big.Int, 1)}
		mass[s].v[0].Mul(p.Num(), new(big.Int).Quo(den, p.Denom()))
	}
	ended := map[int64]*big.Int{}
	var out HandResults
	alive := new(big.Int).Set(den)
	var tmp, k big.Int
	thirtySix := big.NewInt(36)
	work := 0
	for new(big.Rat).SetFrac(alive, den).Cmp(bound) >= 0 && (throws == 0 || out.Throws < throws) && work < handResultsWork {
		out.Throws++
		den.Mul(den, thirtySix)
		for _, x := range ended {
			x.Mul(x, thirtySix)
		}
		// The range of each state's row after this throw.
		lo, hi := make([]int64, n), make([]int64, n)
		for t := range lo {
			lo[t], hi[t] = 1<<62, -1<<62
		}
		for s := range mass {
			if len(mass[s].v) == 0 {
				continue
			}
			for _, m := range c.moves[s] {
				if !m.sevenOut {
					lo[m.next] = min(lo[m.next], mass[s].lo+m.net/grid)
					hi[m.next] = max(hi[m.next], mass[s].lo+int64(len(mass[s].v))-1+m.net/grid)
				}
			}
		}
		for t := range next {
			size := 0
			if hi[t] >= lo[t] {
				size = int(hi[t] - lo[t] + 1)
			}
			if cap(next[t].v) < size {
				next[t].v = make([]big.Int, size)
			}
			next[t].lo, next[t].v = lo[t], next[t].v[:size]
			for i := range next[t].v {
				next[t].v[i].SetInt64(0)
			}
		}
		alive.SetInt64(0)
		for s, row := range mass {
			for _, m := range c.moves[s] {
				k.SetInt64(m.throws)
				for i := range row.v {
					x := &row.v[i]
					if x.Sign() == 0 {
						continue
					}
					work++
					tmp.Mul(x, &k)
					w := row.lo + int64(i) + m.net/grid
					if m.sevenOut {
						if ended[w] == nil {
							ended[w] = new(big.Int)
						}
						ended[w].Add(ended[w], &tmp)
						continue
					}
					to := &next[m.next]
					to.v[w-to.lo].Add(&to.v[w-to.lo], &tmp)
					alive.Add(alive, &tmp)
				}
			}
		}
		mass, next = next, mass
	}
	for v, x := range ended {
		out.Results = append(out.Results, NetProbability{Amount(v * grid), new(big.Rat).SetFrac(x, den)})
	}
	sort.Slice(out.Results, func(i, k int) bool { return out.Results[i].Net < out.Results[k].Net })
	out.Remainder = new(big.Rat).SetFrac(alive, den)
	return out
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// analyzeChain computes the figures of a compiled strategy. The long run
// comes from cycles: from a recurrent state z back to z, the expected
// length T, net F, stakes W, squared net and seven-outs into each state,
// each an expected sum solved exactly; per roll, each is its cycle sum
// over T (renewal-reward). The variance per roll is E[(F-gT)²]/E[T] over
// one cycle, g the return per roll. A hand is the chain cut at the
// seven-out, started where seven-outs lead in the long run.
func analyzeChain(cc compiledChain) (StrategyAnalysis, error) {
	c, err := newStrategyChain(cc, true)
	if err != nil {
		return StrategyAnalysis{}, err
	}
	const cRolls, cNet, cStaked, cNetSq, cStarts = 0, 1, 2, 3, 4
	fac, x, pos, z, err := c.cycles(append([]func(chainMove) *big.Rat{netOf, stakedOf, netSqOf}, c.startsOf()...)...)
	if err != nil {
		return StrategyAnalysis{}, err
	}
	at := x[pos[z]]
	T := at[cRolls]
	perRoll := func(q *big.Rat) *big.Rat { return new(big.Rat).Quo(q, T) }
	a := StrategyAnalysis{States: c.states, ReturnPerRoll: perRoll(at[cNet]), WageredPerRoll: perRoll(at[cStaked])}
	if a.WageredPerRoll.Sign() != 0 {
		a.ReturnPerWagered = new(big.Rat).Quo(a.ReturnPerRoll, a.WageredPerRoll)
	}
	g := a.ReturnPerRoll
	a.RollVariance = perRoll(at[cNetSq])
	a.RollVariance.Sub(a.RollVariance, new(big.Rat).Mul(g, g))
	sevenOuts := new(big.Rat)
	for _, q := range at[cStarts:] {
		sevenOuts.Add(sevenOuts, q)
	}
	a.SevenOutsPerRoll = perRoll(sevenOuts)
	a.RollsPerHand = new(big.Rat).Inv(a.SevenOutsPerRoll)

	// The cycle's centred sum: h(t) = F(t) - g T(t) is its expected value
	// from t (0 at z, where the cycle ends), and its second moment D
	// solves D = E[(f-g)² + 2(f-g)h(next)] + Q D.
	h := func(t int) *big.Rat {
		if t == z {
			return new(big.Rat)
		}
		xt := x[pos[t]]
		return new(big.Rat).Sub(xt[cNet], new(big.Rat).Mul(g, xt[cRolls]))
	}
	second := c.perState(func(m chainMove) *big.Rat {
		y := new(big.Rat).Sub(ratInt(m.net), g)
		twice := new(big.Rat).Mul(big.NewRat(2, 1), h(m.next))
		return y.Mul(y, twice.Add(twice, y))
	})
	a.VariancePerRoll = perRoll(fac.solve(second, 1)[pos[z]][0])

	mean, sq, err := c.handMoments(c.handStartOf(at[cStarts:]))
	if err != nil {
		return StrategyAnalysis{}, err
	}
	a.ReturnPerHand = mean
	a.HandVariance = sq.Sub(sq, new(big.Rat).Mul(mean, mean))
	return a, nil
}

// handMoments returns the mean and second moment of a hand's net result,
// the hand starting in state s with probability nu[s]: with the chain cut
// at the seven-out, the mean m solves m = E[f] + Q m and the second
// moment E[f² + 2f m(next)] + Q v.
func (c *strategyChain) handMoments(nu map[int]*big.Rat) (mean, second *big.Rat, err error) {
	fac, pos, err := c.cut(func(m chainMove) bool { return m.sevenOut })
	if err != nil {
		return nil, nil, err
	}
	m1 := fac.solve(c.perState(netOf), 1)
	m2 := fac.solve(c.perState(func(m chainMove) *big.Rat {
		f := ratInt(m.net)
		sq := new(big.Rat).Mul(f, f)
		if !m.sevenOut {
			sq.Add(sq, f.Mul(f, new(big.Rat).Mul(big.NewRat(2, 1), m1[pos[m.next]][0])))
		}
		return sq
	}), 1)
	mean, second = new(big.Rat), new(big.Rat)
	for s, p := range nu {
		mean.Add(mean, new(big.Rat).Mul(p, m1[pos[s]][0]))
		second.Add(second, new(big.Rat).Mul(p, m2[pos[s]][0]))
	}
	return mean, second, nil
}

func ratInt(a int64) *big.Rat { return new(big.Rat).SetInt64(a) }
