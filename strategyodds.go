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
// automaton (one with a Go hook or a stop action, or more than 16,384
// states), one whose chain, once states alike are merged, has more than
// 3,000 states (the exact solver's time grows as their cube; the named
// systems have at most 1,188), the private game, or a session with a
// roll limit or too many states.
var ErrNotAnalyzable = errors.New("strategy has no exact analysis")

// StrategyAnalysis is the exact long-run figures of a strategy, played
// roll after roll with money enough for every bet, as a simulation by
// rolls or by shooters plays it. Every field is a fresh *big.Rat the
// caller owns, in the table's units of money.
//
// A strategy without a hook is one finite automaton over the 36 throws
// (the table's state and the bets on the layout), and so a Markov chain:
// the figures come from the expected sums over the rest of a hand from
// each state, solved exactly (modulo a prime, lifted p-adically, and
// checked in integers), and from where hands start in the long run.
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
	// figure of a simulation's net over staked for all bets. It is nil
	// for a strategy that stakes nothing in the long run (WageredPerRoll 0).
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
	m := &j.moves[tr]
	return chainMove{next: int(j.next[tr] / 36), net: m.net, staked: m.staked, sevenOut: m.sevenOut, throws: 1}
}

// maxSolvedStates bounds the chains the exact analysis solves, counted
// after lumping (see lumped): the exact solver factors a chain modulo a
// prime, and a strategy's chain fills in as it is eliminated, so its cost
// grows as the cube of its states (double-tap's 1,188 take half a
// second, 2,592 four seconds, 5,616 forty-five).
const maxSolvedStates = 3000

// compiledStrategy compiles s under r for the exact analysis.
func (r Rules) compiledStrategy(s Strategy) (*joint, error) {
	switch {
	case r.Private:
		return nil, fmt.Errorf("craps: analyze strategy %q: the private game has no house to bank a layout: %w", s.label(), ErrNotAnalyzable)
	case r.Cards != NoCards:
		return nil, fmt.Errorf("craps: analyze strategy %q: card craps deals from a deck; the analysis throws dice: %w", s.label(), ErrRollSource)
	case !r.fairDice():
		return nil, fmt.Errorf("craps: analyze strategy %q: dice %v: the strategy analysis throws fair dice: %w", s.label(), r.Dice, ErrNotAnalyzable)
	}
	if err := s.Validate(r); err != nil {
		return nil, err
	}
	if s.NewHook != nil {
		return nil, fmt.Errorf("craps: analyze strategy %q: a Go hook has state the analysis cannot see: %w", s.label(), ErrNotAnalyzable)
	}
	if slices.ContainsFunc(s.Actions, func(a Action) bool { return a.Kind == ActionStop }) {
		return nil, fmt.Errorf("craps: analyze strategy %q: a strategy that stops a session ends where the analysis has no end: %w", s.label(), ErrNotAnalyzable)
	}
	j, why := wholeJoint(r, &s, nil)
	if j == nil {
		return nil, fmt.Errorf("craps: analyze strategy %q: it does not compile (%s): %w", s.label(), why, ErrNotAnalyzable)
	}
	return j, nil
}

// AnalyzeStrategy computes the exact long-run figures of strategy s under
// r. It returns an error wrapping ErrNotAnalyzable for a strategy that
// does not compile into one automaton (a hook, a stop action, more than
// 16,384 states) or whose chain has more than 3,000 states once alike
// states are merged, and for the private game,
// ErrRollSource under card rules, or the error of Strategy.Validate.
func (r Rules) AnalyzeStrategy(s Strategy) (StrategyAnalysis, error) {
	j, err := r.compiledStrategy(s)
	if err != nil {
		return StrategyAnalysis{}, err
	}
	a, err := analyzeChain(j)
	if err != nil {
		return StrategyAnalysis{}, fmt.Errorf("craps: analyze strategy %q: %w", s.label(), err)
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

// handChain is a strategy's chain over its recurrent class with the
// seven-out ending it, factored: each hand is a path of it from the start
// the last seven-out left to the next seven-out. Where a hand starts
// decides the law of the hand and of where the next one starts, so the
// hands are a Markov renewal process on the starts, and every long-run
// figure is a figure of hands.
type handChain struct {
	*strategyChain
	fac *factored
	// pos is each state's position in the factored chain; starts lists
	// the starts in the order of their numbers.
	pos    map[int]int
	starts []int
}

// hands returns the chain cut at the seven-out, factored.
func (c *strategyChain) hands() (*handChain, error) {
	if n := len(c.class); n > maxSolvedStates {
		return nil, fmt.Errorf("its chain has %d states once alike states are merged, more than the %d the exact solver takes: %w",
			n, maxSolvedStates, ErrNotAnalyzable)
	}
	h := &handChain{strategyChain: c, pos: make(map[int]int, len(c.class)), starts: make([]int, len(c.starts))}
	for k, s := range c.class {
		h.pos[s] = k
	}
	for s, k := range c.starts {
		h.starts[k] = s
	}
	m := newMarkov(len(c.class))
	for k, s := range c.class {
		for _, mv := range c.moves[s] {
			if !mv.sevenOut {
				m.addThrows(k, h.pos[mv.next], mv.throws)
			}
		}
	}
	var ok bool
	if h.fac, ok = m.factor(); !ok {
		return nil, fmt.Errorf("the chain can go on forever without a seven-out: %w", ErrNotAnalyzable)
	}
	return h, nil
}

// sums returns, for each state at its position, the expected sum over
// the rest of the hand of each function of a move.
func (h *handChain) sums(fs ...func(m chainMove) *big.Rat) [][]*big.Rat {
	return h.fac.solve(h.perState(fs...), len(fs))
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

// startsOf returns the functions counting the seven-outs into each
// start, in the order of their numbers: summed over a hand, the chance
// that the next hand starts there.
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

// startChain is the chain of the starts of successive hands, cut where
// it comes back to start 0, factored: it gives where hands start in the
// long run and solves the Poisson equation of a reward per hand.
type startChain struct {
	fac *factored
	n   int
}

// newStartChain factors the chain of starts whose kernel is next: next[a][b]
// is the chance that a hand from start a leaves the next at start b. It
// is irreducible, the starts lying in one recurrent class, so cut at
// start 0 every start leads there.
func newStartChain(next [][]*big.Rat) startChain {
	m := newMarkov(len(next))
	for a, row := range next {
		for b, p := range row {
			if b != 0 && p.Sign() != 0 {
				m.add(a, b, p)
			}
		}
	}
	f, _ := m.factor() // every start leads to start 0
	return startChain{f, len(next)}
}

// share returns the long-run share of hands that start at each start:
// the expected number of hands from each over a cycle from start 0 back
// to it, over their sum.
func (c startChain) share() []*big.Rat {
	b := make([][]*big.Rat, c.n)
	for a := range b {
		b[a] = make([]*big.Rat, c.n)
		b[a][a] = big.NewRat(1, 1)
	}
	visits := c.fac.solve(b, c.n)[0]
	total := new(big.Rat)
	for _, v := range visits {
		total.Add(total, v)
	}
	for _, v := range visits {
		v.Quo(v, total)
	}
	return visits
}

// poisson returns the solution u of u = r + Ku with u at start 0 zero, K
// the kernel, for a reward r per hand whose long-run mean is zero: the
// expected sum of r over the hands from each start until one starts at
// start 0. u(b) sums the correlation of one hand's centred result with
// every later hand's, given that the next starts at b.
func (c startChain) poisson(r []*big.Rat) []*big.Rat {
	b := make([][]*big.Rat, c.n)
	for a := range b {
		b[a] = []*big.Rat{r[a]}
	}
	u := make([]*big.Rat, c.n)
	for a, x := range c.fac.solve(b, 1) {
		u[a] = x[0]
	}
	u[0] = new(big.Rat)
	return u
}

// handStart returns where hands start in the long run, and how often.
func (c *strategyChain) handStart() (map[int]*big.Rat, error) {
	if len(c.starts) == 1 {
		for s := range c.starts {
			return map[int]*big.Rat{s: big.NewRat(1, 1)}, nil
		}
	}
	h, err := c.hands()
	if err != nil {
		return nil, err
	}
	x := h.sums(c.startsOf()...)
	nu := map[int]*big.Rat{}
	for k, p := range newStartChain(h.kernel(x, 0)).share() {
		if p.Sign() != 0 {
			nu[h.starts[k]] = p
		}
	}
	return nu, nil
}

// kernel returns the chances that a hand from each start leaves the next
// at each start, from the sums x whose columns from col on count the
// seven-outs into each start.
func (h *handChain) kernel(x [][]*big.Rat, col int) [][]*big.Rat {
	k := make([][]*big.Rat, len(h.starts))
	for a, s := range h.starts {
		k[a] = x[h.pos[s]][col : col+len(h.starts)]
	}
	return k
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
		return HandResults{}, fmt.Errorf("craps: hand results of %q: bound %v: want one in (0, 1): %w", s.label(), bound, ErrSyntax)
	}
	j, err := r.compiledStrategy(s)
	if err != nil {
		return HandResults{}, err
	}
	c, err := newStrategyChain(j, false)
	if err != nil {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: %w", s.label(), err)
	}
	nu, err := c.handStart()
	if err != nil {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: %w", s.label(), err)
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

// analyzeChain computes the figures of a compiled strategy from its
// hands (see handChain): from each state, the expected rolls L, net F,
// stakes W and squared nets to the end of the hand, and the chance that
// the next hand starts at each start, each an expected sum solved
// exactly; where hands start in the long run, nu, from the chain of
// starts. Per roll, each figure is its mean over a hand from nu over L's
// (Markov renewal-reward). The variance per roll is that of the hands'
// centred results Y = F-gL, g the return per roll, with their
// correlation from one hand to the next, over L: (E[Y²] + 2E[Y u(next
// start)])/E[L], u the Poisson equation's solution for E[Y] on the chain
// of starts (zero when every hand starts alike).
func analyzeChain(cc compiledChain) (StrategyAnalysis, error) {
	c, err := newStrategyChain(cc, true)
	if err != nil {
		return StrategyAnalysis{}, err
	}
	h, err := c.hands()
	if err != nil {
		return StrategyAnalysis{}, err
	}
	const cRolls, cNet, cStaked, cNetSq, cStarts = 0, 1, 2, 3, 4
	one := func(chainMove) *big.Rat { return big.NewRat(1, 1) }
	x := h.sums(append([]func(chainMove) *big.Rat{one, netOf, stakedOf, netSqOf}, c.startsOf()...)...)
	starts := newStartChain(h.kernel(x, cStarts))
	nu := starts.share()
	// perHand is a column's mean over a hand in the long run.
	perHand := func(x [][]*big.Rat, col int) *big.Rat {
		sum := new(big.Rat)
		for k, s := range h.starts {
			sum.Add(sum, new(big.Rat).Mul(nu[k], x[h.pos[s]][col]))
		}
		return sum
	}
	L := perHand(x, cRolls)
	perRoll := func(q *big.Rat) *big.Rat { return new(big.Rat).Quo(q, L) }
	a := StrategyAnalysis{States: c.states, RollsPerHand: L, SevenOutsPerRoll: new(big.Rat).Inv(L),
		ReturnPerHand: perHand(x, cNet), WageredPerRoll: perRoll(perHand(x, cStaked))}
	g := perRoll(a.ReturnPerHand)
	a.ReturnPerRoll = g
	if a.WageredPerRoll.Sign() != 0 {
		a.ReturnPerWagered = new(big.Rat).Quo(g, a.WageredPerRoll)
	}
	a.RollVariance = perRoll(perHand(x, cNetSq))
	a.RollVariance.Sub(a.RollVariance, new(big.Rat).Mul(g, g))

	// centred is E[Y] from a state: F - gL.
	centred := func(xs []*big.Rat) *big.Rat { return new(big.Rat).Sub(xs[cNet], new(big.Rat).Mul(g, xs[cRolls])) }
	mean := make([]*big.Rat, len(h.starts))
	for k, s := range h.starts {
		mean[k] = centred(x[h.pos[s]])
	}
	u := starts.poisson(mean)
	// after returns, after move m, the expected centred result of the
	// rest of the hand, its expected net, and the expected u of the next
	// start.
	after := func(m chainMove) (rest, net, next *big.Rat) {
		if m.sevenOut {
			return new(big.Rat), new(big.Rat), u[c.starts[m.next]]
		}
		xs := x[h.pos[m.next]]
		next = new(big.Rat)
		for k := range h.starts {
			next.Add(next, new(big.Rat).Mul(xs[cStarts+k], u[k]))
		}
		return centred(xs), xs[cNet], next
	}
	// second holds, summed over the rest of a hand, E[Y² + 2Y u(next
	// start)] and E[F²]: a move's y adds y² + 2y(rest + next) and its net
	// f adds f² + 2f net.
	second := h.sums(func(m chainMove) *big.Rat {
		rest, _, next := after(m)
		y := new(big.Rat).Sub(ratInt(m.net), g)
		t := new(big.Rat).Add(rest, next)
		t.Mul(t, big.NewRat(2, 1))
		return t.Mul(t.Add(t, y), y)
	}, func(m chainMove) *big.Rat {
		_, net, _ := after(m)
		f := ratInt(m.net)
		t := new(big.Rat).Mul(net, big.NewRat(2, 1))
		return t.Mul(t.Add(t, f), f)
	})
	a.VariancePerRoll = perRoll(perHand(second, 0))
	a.HandVariance = perHand(second, 1)
	a.HandVariance.Sub(a.HandVariance, new(big.Rat).Mul(a.ReturnPerHand, a.ReturnPerHand))
	return a, nil
}

func ratInt(a int64) *big.Rat { return new(big.Rat).SetInt64(a) }
