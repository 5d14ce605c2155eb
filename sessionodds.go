package craps

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"sort"
)

// SessionAnalysis is the law of a session played as a simulation by
// sessions plays it: from a bankroll to a target, a stop-loss, ruin or a
// roll limit, with the bets the bankroll cannot cover skipped. It is
// solved by dynamic programming over the pairs (state of the table, money
// off the layout) the session can reach. Without a roll limit: exactly,
// in rationals, when there are at most 400 of them; otherwise in floating
// point (elimination up to 4000 states, beyond them an iteration that
// corrects the slow drift of the money on the chain of money levels, and
// elimination again, within a few seconds' work, where the iteration does
// not settle), refined until its exact residual is tiny, with a bound on
// the error proved from that residual. With a roll limit, by carrying the
// chance of each pair forward roll by roll: exactly for limits up to 24 rolls,
// beyond in integers over 2^127 rounded down, with the mass the rounding
// loses counted exactly as the bound (far below 1e-12). A session that
// reaches the roll limit ends with its bets on the layout counted as the
// player's money, as the simulator counts them. Every field is a fresh
// value the caller owns.
type SessionAnalysis struct {
	Strategy string
	Limits   SessionLimits
	// States is how many (table state, bankroll) pairs the session can
	// be in before it ends.
	States int
	// Exact reports whether every figure is exact. When it is not,
	// ErrorBound bounds the error of each probability (it is far below
	// 1e-12), and the other bounds those of the figures they name; all
	// are zero when Exact.
	Exact                                                                                    bool
	ErrorBound, RollsErrorBound, RollsVarianceErrorBound, MeanErrorBound, VarianceErrorBound *big.Rat
	// Target, StopLoss, Ruin, MaxRolls and Stopped are the chances of each
	// way to end: MaxRolls that of playing the roll limit out (zero
	// without one), Stopped that of the strategy's stop (zero for a
	// strategy without a stop action).
	Target, StopLoss, Ruin, MaxRolls, Stopped *big.Rat
	// Rolls is the expected number of rolls of a session, RollsVariance
	// their variance.
	Rolls, RollsVariance *big.Rat
	// Mean and Variance are those of the session's net result: the
	// player's money at the end, on and off the layout, less the bankroll.
	Mean, Variance *big.Rat
	// Results is the law of the net result: each value a session can end
	// with, in increasing order, with its chance.
	Results []NetProbability
}

// NetProbability is one net result and its chance.
type NetProbability struct {
	Net Amount
	P   *big.Rat
}

// sessionExactStates is the largest session AnalyzeSession solves in
// exact rationals, in about half a second; larger ones are solved to
// within a proved bound.
const sessionExactStates = 400

// maxSessionStates bounds the sessions AnalyzeSession takes: the iron
// cross from 1000 to 2000 has 14,910 states and takes a few seconds, the
// pass line with the most odds from 100,000 to 200,000 has 179,986 and
// takes about fifteen.
const maxSessionStates = 1 << 20

// AnalyzeSession computes the law of a session of strategy s under r
// within limits lim, which must be valid for Simulate; a roll limit is
// followed roll by roll (see SessionAnalysis). The strategy's stop
// actions end sessions as in a simulation (SessionAnalysis.Stopped). It
// returns an error wrapping ErrNotAnalyzable for a strategy without an
// exact analysis (see AnalyzeStrategy) or whose automaton, every group
// of its actions together, passes 2^18 states, a session with more than
// 1,048,576 states (SessionSize estimates their number before anything
// is explored; a session estimated at 8 times that is refused at once),
// one with a roll limit whose states times rolls followed pass
// 2·10^8 (some seconds), or one that no solver within its bound solves;
// ErrSimulation for limits a simulation refuses.
func (r Rules) AnalyzeSession(s Strategy, lim SessionLimits) (SessionAnalysis, error) {
	if why := lim.invalid(); why != "" {
		return SessionAnalysis{}, fmt.Errorf("craps: analyze session: %s: %w", why, ErrSimulation)
	}
	j, err := r.compiledStrategy(s, lim)
	if err != nil {
		return SessionAnalysis{}, err
	}
	if n := sessionSize(j, lim); n > 8*maxSessionStates {
		return SessionAnalysis{}, fmt.Errorf("craps: analyze session of %q: about %d states (twice the automaton's %d times the levels of money), far more than the %d the analysis takes: %w",
			s.label(), n, j.states(), maxSessionStates, ErrNotAnalyzable)
	}
	x := newSessionChain(r, s, lim, j)
	if err := x.explore(); err != nil {
		return SessionAnalysis{}, fmt.Errorf("craps: analyze session of %q: %w", s.label(), err)
	}
	a, err := x.solve()
	if err != nil {
		return SessionAnalysis{}, fmt.Errorf("craps: analyze session of %q: %w", s.label(), err)
	}
	a.Strategy, a.Limits = s.Name, lim
	return a, nil
}

// SessionSize estimates the states AnalyzeSession would explore for
// strategy s under r within limits lim, without exploring them: twice the
// states of the strategy's automaton (once with money enough for every
// bet, once short of it) times the levels the player's money can take,
// from nothing to the target (or to what the roll limit lets him win), on
// the grid of the amounts a roll and the placements move. A layout does
// not hold at every level of money, which makes fewer; one a short
// bankroll leaves incomplete is not the automaton's, which makes more:
// the named systems' sessions have from an eighth of the estimate to
// about as many.
// The analysis costs about a microsecond a state to explore, and a few
// more to solve. Its errors are AnalyzeSession's but for the number of
// states, except that a strategy whose automaton alone has more states
// than a session within 8 times the bound could hold is refused with
// ErrNotAnalyzable once its building passes them.
func (r Rules) SessionSize(s Strategy, lim SessionLimits) (int, error) {
	if why := lim.invalid(); why != "" {
		return 0, fmt.Errorf("craps: session size: %s: %w", why, ErrSimulation)
	}
	j, err := r.compiledStrategy(s, lim)
	if err != nil {
		return 0, err
	}
	return sessionSize(j, lim), nil
}

// sessionSize is SessionSize for the whole automaton j.
func sessionSize(j *joint, lim SessionLimits) int {
	grid := gcd64(int64(lim.Bankroll), j.startCost)
	most := int64(0) // the most one roll adds to the money
	for tr := range j.money {
		m := &j.money[tr]
		grid = gcd64(gcd64(grid, abs64(m.credit)), abs64(m.cost))
		most = max(most, m.credit)
	}
	grid = max(grid, 1)
	top := int64(lim.Target)
	if top == 0 || lim.MaxRolls != 0 && lim.MaxRolls < (top-int64(lim.Bankroll))/max(most, 1) {
		top = int64(lim.Bankroll) + lim.MaxRolls*most
	}
	levels := top/grid + 1
	if levels > math.MaxInt32 || int64(j.states()) > math.MaxInt32/2/levels {
		return math.MaxInt32
	}
	return 2 * int(levels) * j.states()
}

// sessionChain is a session as a Markov chain over (state, money). A
// state of the compiled automaton with money enough for every placement
// plays as the simulator's compiled engine does; one where the money
// falls short is played on the Table, as the simulator then plays it,
// and its key holds the whole table.
type sessionChain struct {
	j   *joint
	lim SessionLimits
	p   *player
	// auto numbers the automaton's states by their key; onTable is the
	// money on the layout in each.
	auto    map[string]int
	onTable []int64
	nodes   []sessionNode
	index   map[sessionKey]int
	// ends numbers the ways to end: how, and the net result.
	ends    map[sessionEnd]int
	endList []sessionEnd
	// moves[n] is where each throw leads from node n: a node, or -1-e for
	// end e; with a roll limit, last[n] where it leads as the last roll.
	moves, last [][]sessionMove
	// depth[n] is the fewest rolls that reach node n, expanding the
	// depth of the node explore expands.
	depth     []int64
	expanding int64
	start     int // a node, or -1-e if the session ends before a roll
	key       []byte
	res       SimResult
	// direct is the most states solved by elimination (directStates;
	// tests lower it to try the iteration), horizonWork the most states
	// times rolls followed under a roll limit (maxHorizonWork).
	direct      int
	horizonWork int64
	// skyline is the most entries of the profile solved by elimination
	// in float64 (maxSkyline; tests lower it to try the iteration).
	skyline int64
	// weight and den are the dice's law: throw i's chance is
	// weight[i]/den.
	weight [36]int64
	den    int64
}

type sessionNode struct {
	auto  int   // a state of the automaton, -1 for a Table state
	cash  int64 // the player's money off the layout
	total int64 // on and off
	table *tableState
	mem   memory // the strategy's, with table
	short bool
}

type sessionKey struct {
	auto  int
	cash  int64
	table string
	short bool
}

type sessionEnd struct {
	how sessionEndKind
	net int64
}

type sessionEndKind uint8

const (
	endTarget sessionEndKind = iota
	endStopLoss
	endRuin
	endMaxRolls
	endStrategy
)

// sessionMove is where the throws of weight (over the dice's
// denominator) lead from a node: a node, or -1-e for end e.
type sessionMove struct {
	to     int
	weight int64
}

func newSessionChain(r Rules, s Strategy, lim SessionLimits, j *joint) *sessionChain {
	cfg := &SimConfig{Rules: r, Strategy: s, Mode: BySessions, Session: lim}
	weight, den := r.throwWeights()
	x := &sessionChain{j: j, lim: lim, p: newPlayer(cfg), auto: map[string]int{}, weight: weight, den: den,
		index: map[sessionKey]int{}, ends: map[sessionEnd]int{}, direct: directStates, horizonWork: maxHorizonWork, skyline: maxSkyline}
	for k, t := range j.tables {
		x.auto[j.stateKey(k)] = k
		on := int64(0)
		for _, b := range t.bets {
			on += int64(b.amount)
		}
		x.onTable = append(x.onTable, on)
	}
	return x
}

// end numbers a way to end, as a move target.
func (x *sessionChain) end(how sessionEndKind, total int64) int {
	e := sessionEnd{how, total - int64(x.lim.Bankroll)}
	k, ok := x.ends[e]
	if !ok {
		k = len(x.endList)
		x.ends[e] = k
		x.endList = append(x.endList, e)
	}
	return -1 - k
}

// endAfterRoll is the end a roll leaves a session at, with total on and
// off the layout and the strategy's stop as given, as the simulator ends
// it (seatPlay.endOf), and whether it ends; last says the roll is the
// roll limit's last.
func (x *sessionChain) endAfterRoll(total int64, stop, last bool) (int, bool) {
	var e SessionEnds
	rolls := int64(0)
	if last {
		rolls = x.lim.MaxRolls
	}
	switch x.p.seats[0].endOf(&x.lim, stop, Amount(total), rolls, &e) {
	case &e.Strategy:
		return x.end(endStrategy, total), true
	case &e.Target:
		return x.end(endTarget, total), true
	case &e.StopLoss:
		return x.end(endStopLoss, total), true
	case &e.MaxRolls:
		return x.end(endMaxRolls, total), true
	}
	return 0, false
}

func (x *sessionChain) autoNode(s int, cash int64) int {
	return x.node(sessionKey{auto: s, cash: cash}, func() sessionNode {
		return sessionNode{auto: s, cash: cash, total: cash + x.onTable[s]}
	})
}

// tableNode is the node of the player's table as it stands, short if the
// last placements skipped a bet for want of money: ruin if nothing is
// left on the layout, the automaton's state if every bet is up.
func (x *sessionChain) tableNode(short bool) int {
	t, mem := &x.p.t, &x.p.first().mem
	cash := int64(t.seats[0].bankroll)
	total := cash + int64(onTable(t, 0))
	if short && len(t.bets) == 0 {
		return x.end(endRuin, total)
	}
	t.handRolls, t.sinceSeven = min(t.handRolls, 1), min(t.sinceSeven, 1)
	sortBets(t.bets)
	x.key = jointState(x.key[:0], &t.tableState, mem, x.j.slots)
	if s, ok := x.auto[string(x.key)]; ok && !short {
		return x.autoNode(s, cash)
	}
	return x.node(sessionKey{auto: -1, cash: cash, table: string(x.key), short: short}, func() sessionNode {
		return sessionNode{auto: -1, cash: cash, total: total, table: t.snapshot(), mem: *mem, short: short}
	})
}

func (x *sessionChain) node(k sessionKey, make func() sessionNode) int {
	if n, ok := x.index[k]; ok {
		return n
	}
	n := len(x.nodes)
	x.index[k] = n
	x.nodes = append(x.nodes, make())
	x.depth = append(x.depth, x.expanding+1)
	return n
}

// explore finds every node the session can reach and its moves; with a
// roll limit, every node it can reach before the limit, and where each
// throw leads if it is the last.
func (x *sessionChain) explore() error {
	j, p := x.j, x.p
	x.expanding = -1
	if int64(x.lim.Bankroll) < j.startNeed {
		p.reset(true)
		x.start = x.tableNode(p.seats[0].short)
	} else {
		x.start = x.autoNode(0, int64(x.lim.Bankroll)-j.startCost)
	}
	limited := x.lim.MaxRolls != 0
	for n := 0; n < len(x.nodes); n++ {
		if len(x.nodes) > maxSessionStates {
			return fmt.Errorf("more than %d states: %w", maxSessionStates, ErrNotAnalyzable)
		}
		nd := x.nodes[n] // a copy: the slice grows as nodes are found
		x.expanding = x.depth[n]
		// A node first reached at the limit's last roll only ends.
		next := !limited || x.expanding < x.lim.MaxRolls-1
		var moves, last []sessionMove
		for i := range 36 {
			w := x.weight[i]
			if w == 0 {
				continue // a throw the dice never make
			}
			to, end := x.throwFrom(&nd, i, next)
			if next {
				moves = addSessionMove(moves, to, w)
			}
			if limited {
				last = addSessionMove(last, end, w)
			}
		}
		x.moves = append(x.moves, moves)
		if limited {
			x.last = append(x.last, last)
		}
	}
	return nil
}

// throwFrom plays throw i from node nd, as the simulator would, and
// returns where it leads (if next) and, with a roll limit, where it leads
// as the limit's last roll: the same end, or the end at the roll limit.
func (x *sessionChain) throwFrom(nd *sessionNode, i int, next bool) (to, last int) {
	j, p := x.j, x.p
	if nd.auto >= 0 && nd.cash <= j.richCash {
		tr := nd.auto*36 + i
		m := &j.money[tr]
		cashMid, mid := nd.cash+m.credit, nd.total+m.mid
		if e, ok := x.endAfterRoll(mid, j.moves[tr].stop, false); ok {
			return e, e
		}
		if cashMid >= m.need {
			if next {
				to = x.autoNode(int(j.next[tr]/36), cashMid-m.cost)
			}
			return to, x.lastEnd(mid)
		}
	}
	if nd.auto >= 0 {
		j.resume(p, nd.auto, Amount(nd.cash))
	} else {
		p.t.load(nd.table)
		p.first().mem = nd.mem
	}
	return x.playTable(nd.short, i, next)
}

// playTable plays throw i on the player's table, as the simulator's
// Table engine plays a session, and returns where it leads (if next) and
// where it leads as the limit's last roll.
func (x *sessionChain) playTable(short bool, i int, next bool) (to, last int) {
	p := x.p
	p.seats[0].short = short
	p.roll(uint(i), &x.res)
	total := int64(p.t.seats[0].bankroll + onTable(&p.t, 0))
	if e, ok := x.endAfterRoll(total, p.first().stop, false); ok {
		return e, e
	}
	last = x.lastEnd(total)
	if next {
		p.again(nil)
		to = x.tableNode(p.seats[0].short)
	}
	return to, last
}

// lastEnd is the end at the roll limit with total on and off the layout
// after the last roll, or 0 (unused) without a limit.
func (x *sessionChain) lastEnd(total int64) int {
	if x.lim.MaxRolls == 0 {
		return 0
	}
	e, _ := x.endAfterRoll(total, false, true)
	return e
}

func addSessionMove(ms []sessionMove, to int, weight int64) []sessionMove {
	for k := range ms {
		if ms[k].to == to {
			ms[k].weight += weight
			return ms
		}
	}
	return append(ms, sessionMove{to, weight})
}

// solve solves the chain: the chance of each end, and the mean and
// second moment of the number of rolls, from the start.
func (x *sessionChain) solve() (SessionAnalysis, error) {
	a := SessionAnalysis{States: len(x.nodes)}
	if x.start < 0 { // ruined before the first roll
		probs := make([]*big.Rat, len(x.endList))
		for e := range probs {
			probs[e] = new(big.Rat)
		}
		probs[-1-x.start].SetInt64(1)
		a.Rolls, a.RollsVariance = new(big.Rat), new(big.Rat)
		x.exact(&a)
		x.fill(&a, probs)
		return a, nil
	}
	if x.lim.MaxRolls != 0 {
		probs, err := x.solveHorizon(&a)
		if err != nil {
			return SessionAnalysis{}, err
		}
		x.fill(&a, probs)
		return a, nil
	}
	m := x.markov()
	var probs []*big.Rat
	var err error
	if len(x.nodes) <= sessionExactStates {
		probs, err = x.solveExact(m, &a)
	} else {
		probs, err = x.solveBounded(m, &a)
	}
	if err != nil {
		return SessionAnalysis{}, err
	}
	x.fill(&a, probs)
	return a, nil
}

// solveExact solves the chain in rationals.
func (x *sessionChain) solveExact(m *markov, a *SessionAnalysis) ([]*big.Rat, error) {
	f, ok := m.factor()
	if !ok {
		return nil, errForever
	}
	ends := len(x.endList)
	b := make([][]*big.Rat, len(x.nodes))
	for n, ms := range x.moves {
		row := make([]*big.Rat, ends+1)
		row[ends] = big.NewRat(1, 1)
		for _, mv := range ms {
			if mv.to < 0 {
				row[-1-mv.to] = big.NewRat(mv.weight, x.den)
			}
		}
		b[n] = row
	}
	sol := f.solve(b, ends+1)
	// The second moment of the rolls: T2 = 1 + Q(2T + T2).
	for n, ms := range x.moves {
		sum := big.NewRat(x.den, 1)
		for _, mv := range ms {
			if mv.to >= 0 {
				sum.Add(sum, new(big.Rat).Mul(big.NewRat(2*mv.weight, 1), sol[mv.to][ends]))
			}
		}
		b[n] = []*big.Rat{sum.Quo(sum, big.NewRat(x.den, 1))}
	}
	at := sol[x.start]
	a.Rolls = at[ends]
	a.RollsVariance = f.solve(b, 1)[x.start][0]
	a.RollsVariance.Sub(a.RollsVariance, new(big.Rat).Mul(a.Rolls, a.Rolls))
	x.exact(a)
	return at[:ends], nil
}

var errForever = fmt.Errorf("a session can go on forever: %w", ErrNotAnalyzable)

// exact marks the figures exact.
func (x *sessionChain) exact(a *SessionAnalysis) {
	a.Exact = true
	for _, q := range []**big.Rat{&a.ErrorBound, &a.RollsErrorBound, &a.RollsVarianceErrorBound, &a.MeanErrorBound, &a.VarianceErrorBound} {
		*q = new(big.Rat)
	}
}

// floatPrec is the precision of the direct solver for large sessions.
const floatPrec = 128

// fixedBits is the grid the floating-point solution is rounded to:
// every value becomes an integer over 2^fixedBits, so that its residual
// is computed exactly in integers.
const fixedBits = 160

// directStates is the largest session solved by elimination in floating
// point; a larger one is solved by the two-grid iteration (twoGrid),
// elimination's fill growing too fast.
const directStates = 4000

// approxSolver solves (I-Q)x = b in floating point, b and x holding cols
// values for each state (state i's at [i*cols:]).
type approxSolver func(b []float64, cols int) ([]float64, error)

// fallbackWork bounds the elimination tried on a session the two-grid
// iteration does not settle (factorFloat's work), a few seconds. A chain
// with little fill, such as flat pass-line bets over thousands of money
// levels, is solved this way; one with much fill stays refused.
const fallbackWork = 20_000_000

// approx returns the floating-point solver for the chain m: elimination
// in 128-bit floating point for a chain of at most directStates states;
// beyond, elimination in float64 within the profile of the states sorted
// by their money (skyline), where that profile holds at most maxSkyline
// entries; else the two-grid iteration on money levels, and elimination
// again, within fallbackWork, where the iteration does not settle.
func (x *sessionChain) approx(m *markov) (approxSolver, error) {
	if len(x.nodes) <= x.direct {
		f, ok, _ := m.factorFloat(math.MaxInt)
		if !ok {
			return nil, errForever
		}
		return floatSolver(f, len(x.nodes)), nil
	}
	totals := map[int64]bool{}
	for _, nd := range x.nodes {
		totals[nd.total] = true
	}
	sorted := slices.Sorted(maps.Keys(totals))
	levels := make([]int32, len(x.nodes))
	for i, nd := range x.nodes {
		k, _ := slices.BinarySearch(sorted, nd.total)
		levels[i] = int32(k)
	}
	if sky, ok := newSkyline(x.moves, levels, x.den, x.skyline); ok {
		return func(b []float64, cols int) ([]float64, error) { return sky.solve(b, cols), nil }, nil
	}
	g := newTwoGrid(x.moves, levels, len(sorted), x.den)
	var direct approxSolver // the fallback, once factored
	return func(b []float64, cols int) ([]float64, error) {
		if direct != nil {
			return direct(b, cols)
		}
		if out, ok := g.solve(b, cols); ok {
			return out, nil
		}
		n := len(x.nodes)
		if n*n/2/pivotScan <= fallbackWork { // what looking over the pivots alone costs
			if f, ok, _ := m.factorFloat(fallbackWork); ok {
				direct = floatSolver(f, n)
				return direct(b, cols)
			}
		}
		return nil, fmt.Errorf("the iteration on %d states did not settle: %w", n, ErrNotAnalyzable)
	}, nil
}

// floatSolver solves with f, the chain of n states factored.
func floatSolver(f *floatFactored, n int) approxSolver {
	return func(b []float64, cols int) ([]float64, error) {
		fb := make([][]*big.Float, n)
		for i := range fb {
			fb[i] = make([]*big.Float, cols)
			for c := range cols {
				fb[i][c] = new(big.Float).SetPrec(floatPrec).SetFloat64(b[i*cols+c])
			}
		}
		out := make([]float64, len(b))
		for i, row := range f.solve(fb, cols) {
			for c, v := range row {
				out[i*cols+c], _ = v.Float64()
			}
		}
		return out, nil
	}
}

// solveBounded solves in floating point, refines each solution on a grid
// of 2^-fixedBits with its exact residual, and proves a bound on the
// error from that residual. Two systems are solved, whatever the number of
// ways to end: the expected rolls T from every state, (I-Q)T = 1, and
// the expected visits v to every state from the start, (I-Q)ᵀv = e_start,
// whose flows into the ends are the ends' chances (a column for each end
// took over ten minutes where a stop action ends sessions at hundreds of
// amounts). With N = (I-Q)^-1 and r a residual: T's error is N r, at
// most max|r| times the largest expected rolls from a state (tMax,
// bounded by T's own residual); an end's chance is off by
// Σ_m r_m P_m(end), at most |r|₁.
func (x *sessionChain) solveBounded(m *markov, a *SessionAnalysis) ([]*big.Rat, error) {
	solver, err := x.approx(m)
	if err != nil {
		return nil, err
	}
	n := len(x.nodes)
	unit := new(big.Int).Lsh(big.NewInt(x.den), fixedBits) // den * 2^fixedBits
	b := make([][]*big.Int, n)
	for i := range b {
		b[i] = []*big.Int{new(big.Int).Set(unit)}
	}
	rolls, res, low, err := x.fixedSolve(solver, b)
	if err != nil {
		return nil, err
	}
	if low[0].Sign() <= 0 {
		return nil, fmt.Errorf("the solution is too inexact to bound: %w", ErrNotAnalyzable)
	}
	// (I-Q) T >= low/unit at every state, so the expected rolls from any
	// state, N 1, are at most max T * unit/low.
	most := new(big.Int)
	for i := range rolls {
		if rolls[i][0].Cmp(most) > 0 {
			most.Set(rolls[i][0])
		}
	}
	tMax := new(big.Rat).SetFrac(new(big.Int).Mul(most, big.NewInt(x.den)), low[0])
	a.RollsErrorBound = new(big.Rat).Mul(new(big.Rat).SetFrac(res[0], unit), tMax)

	t := x.transposed()
	tsolver, err := t.approx(t.markov())
	if err != nil {
		return nil, err
	}
	for i := range b {
		b[i][0].SetInt64(0)
	}
	b[x.start][0].Set(unit)
	visits, vres, _, err := t.fixedSolve(tsolver, b)
	if err != nil {
		return nil, err
	}
	// |r|₁ <= n max|r|, in values: r/unit.
	a.ErrorBound = new(big.Rat).SetFrac(new(big.Int).Mul(vres[0], big.NewInt(int64(n))), unit)

	scale := new(big.Int).Lsh(big.NewInt(1), fixedBits)
	flow := make([]*big.Int, len(x.endList)) // den 2^fixedBits times each end's chance
	for e := range flow {
		flow[e] = new(big.Int)
	}
	// The second moment of the rolls, E[T²] at the start = Σ v (1 + 2QT),
	// here over 2^fixedBits * unit; and Σ|v| for its bound.
	second, sumVisits, g, tmp := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	for i, ms := range x.moves {
		v := visits[i][0]
		g.Set(unit)
		for _, mv := range ms {
			if mv.to < 0 {
				flow[-1-mv.to].Add(flow[-1-mv.to], tmp.Mul(v, big.NewInt(mv.weight)))
			} else {
				g.Add(g, tmp.Mul(big.NewInt(2*mv.weight), rolls[mv.to][0]))
			}
		}
		second.Add(second, tmp.Mul(v, g))
		sumVisits.Add(sumVisits, tmp.Abs(v))
	}
	probs := make([]*big.Rat, len(flow))
	for e := range flow {
		probs[e] = new(big.Rat).SetFrac(flow[e], unit)
	}
	a.Rolls = new(big.Rat).SetFrac(rolls[x.start][0], scale)
	e2 := new(big.Rat).SetFrac(second, new(big.Int).Mul(scale, unit))
	a.RollsVariance = new(big.Rat).Sub(e2, new(big.Rat).Mul(a.Rolls, a.Rolls))
	// E[T²]'s error: the visits' part is Σ_m r_m E_m[T²], E_m[T²] = (N(1 +
	// 2QT))_m at most tMax (1 + 2 tMax); the rolls' part, Σ v 2Q(T - T̂),
	// at most Σ|v| 2 RollsErrorBound.
	e2Bound := new(big.Rat).Mul(tMax, big.NewRat(2, 1))
	e2Bound.Add(e2Bound, big.NewRat(1, 1)).Mul(e2Bound, tMax).Mul(e2Bound, a.ErrorBound)
	rollsPart := new(big.Rat).SetFrac(sumVisits, scale)
	rollsPart.Mul(rollsPart, new(big.Rat).Mul(big.NewRat(2, 1), a.RollsErrorBound))
	a.RollsVarianceErrorBound = varianceBound(a.Rolls, a.RollsErrorBound, e2Bound.Add(e2Bound, rollsPart))

	// The chances are off by at most ErrorBound in all, so the net's mean
	// by top ErrorBound and its second moment by top² ErrorBound.
	top := int64(0)
	for _, e := range x.endList {
		top = max(top, abs64(e.net))
	}
	topRat := ratInt(top)
	a.MeanErrorBound = new(big.Rat).Mul(topRat, a.ErrorBound)
	a.VarianceErrorBound = varianceBound(topRat, a.MeanErrorBound, new(big.Rat).Mul(new(big.Rat).Mul(topRat, topRat), a.ErrorBound))
	return probs, nil
}

// transposed is the chain with its moves between states reversed, whose
// fundamental matrix is N's transpose: solving it gives the visits to
// each state from one start. Its ends are dropped: only b reaches them.
func (x *sessionChain) transposed() *sessionChain {
	t := *x
	t.moves = make([][]sessionMove, len(x.moves))
	for i, ms := range x.moves {
		for _, mv := range ms {
			if mv.to >= 0 {
				t.moves[mv.to] = append(t.moves[mv.to], sessionMove{to: i, weight: mv.weight})
			}
		}
	}
	return &t
}

// markov is the chain's moves between states as a markov chain.
func (x *sessionChain) markov() *markov {
	m := newMarkov(len(x.nodes))
	for n, ms := range x.moves {
		for _, mv := range ms {
			if mv.to >= 0 {
				m.add(n, mv.to, big.NewRat(mv.weight, x.den))
			}
		}
	}
	return m
}

// refineRounds bounds the rounds of refinement: each solves for the
// error left by the last in floating point, and gains some 13 digits.
const refineRounds = 4

// fixedSolve solves (I-Q)x = b/unit, b given as integers (unit = den *
// 2^fixedBits) and x kept as integers over 2^fixedBits: solve in floating
// point, then solve again for the error its exact residual shows, until
// the residual is below 2^-80 or refineRounds are done. It returns x, the
// largest |b - unit (I-Q) x| of each column (unit times the residual),
// and the smallest unit (I-Q) x.
func (x *sessionChain) fixedSolve(solve approxSolver, b [][]*big.Int) (sol [][]*big.Int, res, low []*big.Int, err error) {
	n, cols := len(b), len(b[0])
	sol = make([][]*big.Int, n)
	r := make([][]*big.Int, n)
	for i := range sol {
		sol[i], r[i] = make([]*big.Int, cols), make([]*big.Int, cols)
		for c := range cols {
			sol[i][c], r[i][c] = new(big.Int), new(big.Int).Set(b[i][c])
		}
	}
	enough := new(big.Int).Lsh(big.NewInt(x.den), fixedBits-80)
	rf := make([]float64, n*cols)
	for range refineRounds {
		// Scale each column's residual to at most 1 for the solver.
		top := make([]*big.Int, cols)
		done := true
		for c := range cols {
			top[c] = new(big.Int)
			for i := range n {
				if v := new(big.Int).Abs(r[i][c]); v.Cmp(top[c]) > 0 {
					top[c] = v
				}
			}
			done = done && top[c].Cmp(enough) <= 0
		}
		if done {
			break
		}
		for c := range cols {
			for i := range n {
				rf[i*cols+c] = 0
				if top[c].Sign() != 0 {
					rf[i*cols+c], _ = new(big.Float).Quo(new(big.Float).SetInt(r[i][c]), new(big.Float).SetInt(top[c])).Float64()
				}
			}
		}
		e, err := solve(rf, cols)
		if err != nil {
			return nil, nil, nil, err
		}
		// x += e × top/unit in values, e × top/36 on the grid.
		for c := range cols {
			f := new(big.Float).SetPrec(256).SetInt(top[c])
			f.Quo(f, new(big.Float).SetInt64(x.den))
			for i := range n {
				v := new(big.Float).SetPrec(256).SetFloat64(e[i*cols+c])
				v.Mul(v, f)
				d, _ := v.Int(nil) // toward zero: a grid step at most
				sol[i][c].Add(sol[i][c], d)
			}
		}
		res, low = x.residual(b, sol, r)
	}
	if res == nil {
		res, low = x.residual(b, sol, r)
	}
	return sol, res, low, nil
}

// residual writes b - unit (I-Q) x into r, exactly, and returns its
// largest size in each column and the smallest unit (I-Q) x.
func (x *sessionChain) residual(b, sol, r [][]*big.Int) (res, low []*big.Int) {
	cols := len(b[0])
	res, low = make([]*big.Int, cols), make([]*big.Int, cols)
	for c := range res {
		res[c] = new(big.Int)
	}
	sum, tmp := new(big.Int), new(big.Int)
	for n, ms := range x.moves {
		for c := range cols {
			// unit (I-Q) x = 36 x - Σ throws x(next), over 2^fixedBits.
			sum.Mul(big.NewInt(x.den), sol[n][c])
			for _, mv := range ms {
				if mv.to >= 0 {
					sum.Sub(sum, tmp.Mul(big.NewInt(mv.weight), sol[mv.to][c]))
				}
			}
			if low[c] == nil || sum.Cmp(low[c]) < 0 {
				low[c] = new(big.Int).Set(sum)
			}
			r[n][c].Sub(b[n][c], sum)
			if tmp.Abs(r[n][c]).Cmp(res[c]) > 0 {
				res[c].Set(tmp)
			}
		}
	}
	return res, low
}

// varianceBound bounds the error of a variance E[X²] - E[X]² from those
// of its two moments, e and e2, and size, at least |E[X]|: it is at most
// e2 + (2 size + e) e.
func varianceBound(size, e, e2 *big.Rat) *big.Rat {
	b := new(big.Rat).Add(new(big.Rat).Mul(big.NewRat(2, 1), size), e)
	b.Mul(b, e)
	return b.Add(b, e2)
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// fill sets the figures that follow from the chance of each end.
func (x *sessionChain) fill(a *SessionAnalysis, probs []*big.Rat) {
	a.Target, a.StopLoss, a.Ruin, a.MaxRolls, a.Stopped = new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
	byNet := map[int64]*big.Rat{}
	a.Mean, a.Variance = new(big.Rat), new(big.Rat)
	for e, end := range x.endList {
		p := probs[e]
		switch end.how {
		case endTarget:
			a.Target.Add(a.Target, p)
		case endStopLoss:
			a.StopLoss.Add(a.StopLoss, p)
		case endRuin:
			a.Ruin.Add(a.Ruin, p)
		case endMaxRolls:
			a.MaxRolls.Add(a.MaxRolls, p)
		case endStrategy:
			a.Stopped.Add(a.Stopped, p)
		}
		if byNet[end.net] == nil {
			byNet[end.net] = new(big.Rat)
		}
		byNet[end.net].Add(byNet[end.net], p)
		v := ratInt(end.net)
		a.Mean.Add(a.Mean, new(big.Rat).Mul(p, v))
		a.Variance.Add(a.Variance, new(big.Rat).Mul(p, v.Mul(v, v)))
	}
	a.Variance.Sub(a.Variance, new(big.Rat).Mul(a.Mean, a.Mean))
	for net, p := range byNet {
		a.Results = append(a.Results, NetProbability{Amount(net), p})
	}
	sort.Slice(a.Results, func(i, k int) bool { return a.Results[i].Net < a.Results[k].Net })
}
