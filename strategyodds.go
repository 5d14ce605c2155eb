package craps

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
)

// ErrNotAnalyzable is wrapped by an exact analysis of a strategy the
// package cannot make: a strategy with a Go hook, whose state the
// analysis cannot see; one a group of whose actions (see Strategy)
// compiles to more than 2^18 states, or whose chain would take the exact
// solver more than about a minute (a hand that revisits thousands of
// states fills in as it is eliminated, and the exact sums of a chain of
// many thousands grow to thousands of digits); the private game; or a session
// with too many states, or a roll limit followed too far.
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
	// States is how many states the strategy's automaton has: where its
	// actions fall into groups that play independently, the states of
	// their product (0 past 2^24, which are not counted), and Parts the
	// states of each group's automaton, which the analysis reads apart;
	// Parts is empty for one group.
	States int
	Parts  []int
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
	// weight is the chance of the throws that make this move, over the
	// chain's denominator (36 for fair dice, one throw each).
	weight int64
}

func (j *joint) stateCount() int { return len(j.next) / 36 }

func (j *joint) move(s, i int) chainMove {
	tr := s*36 + i
	m := &j.moves[tr]
	return chainMove{next: int(j.next[tr] / 36), net: m.net, staked: m.staked, sevenOut: m.sevenOut}
}

// solverWork bounds the exact solver's work on a strategy's chain, about
// a minute: the elimination's multiplications modulo its prime, and what
// they leave the lifting of its sums (operations on words). A chain whose
// states lead only forward through a hand (counts of the hand, presses
// that only rise) is eliminated group of states by group of states,
// whatever its size, but one whose hand revisits thousands of states
// fills in, at a cost of up to the cube of their number. Either way the
// exact sums' common denominators grow with the chain (a count of the
// hand below N has sums over some 36^N), and lifting them costs about
// the square of its states: a count's 4,000 merged states about 5 s, a
// press's 5,832 about 5 s (BenchmarkAnalyzeStrategyCount, ...Growth).
const solverWork = 60_000_000_000

// analyzable refuses the strategies and rules no exact analysis takes:
// the private game, card craps, a hook, and what Validate refuses.
func (r Rules) analyzable(s *Strategy) error {
	switch {
	case r.Private:
		return fmt.Errorf("craps: analyze strategy %q: the private game has no house to bank a layout: %w", s.label(), ErrNotAnalyzable)
	case r.Cards != NoCards:
		return fmt.Errorf("craps: analyze strategy %q: card craps deals from a deck; the analysis throws dice: %w", s.label(), ErrRollSource)
	}
	if err := s.Validate(r); err != nil {
		return err
	}
	if s.NewHook != nil {
		return fmt.Errorf("craps: analyze strategy %q: a Go hook has state the analysis cannot see: %w", s.label(), ErrNotAnalyzable)
	}
	return nil
}

// compiledStrategy compiles s under r for the exact analysis of its
// sessions within lim: one automaton of all its actions, stops included,
// built whole. It stops building, and refuses s, once the automaton has
// more states than sessions within lim could have and stay within 8
// times maxSessionStates (a session has at least two states for each of
// the automaton's and each level of money from the bankroll to the
// target on the grid the bankroll and the first bets leave), so that a
// session far too large is refused in moments, not after building 2^20
// states for minutes.
func (r Rules) compiledStrategy(s Strategy, lim SessionLimits) (*joint, error) {
	if err := r.analyzable(&s); err != nil {
		return nil, err
	}
	// The money reaches the target at least, or the bankroll under a roll
	// limit, which may stop it short of the target.
	top := int64(lim.Bankroll)
	if lim.MaxRolls == 0 {
		top = max(top, int64(lim.Target))
	}
	start := newJoint(r, &s, maxJointStates, true)
	grid := max(gcd64(int64(lim.Bankroll), start.startCost), 1)
	most := int(max(8*maxSessionStates/(2*(top/grid+1)), 1))
	j, why := wholeJoint(r, &s, most, nil)
	switch {
	case j == nil && why == fmt.Sprintf("more than %d states", most):
		return nil, fmt.Errorf("craps: analyze session of %q: its automaton has more than %d states, so that its sessions would have far more than the %d the analysis takes: %w",
			s.label(), most, maxSessionStates, ErrNotAnalyzable)
	case j == nil:
		return nil, fmt.Errorf("craps: analyze session of %q: it does not compile (%s): %w", s.label(), why, ErrNotAnalyzable)
	}
	return j, nil
}

// strategyParts compiles s under r for the exact analysis of its long
// run: the automata, built whole, of the groups of its actions that play
// independently (components), its stop actions, which only end sessions,
// left out; one automaton when the actions make one group.
func (r Rules) strategyParts(s Strategy) ([]*joint, error) {
	if err := r.analyzable(&s); err != nil {
		return nil, err
	}
	played := withoutStops(s)
	var parts []*joint
	for _, g := range components(played.Actions) {
		sub := Strategy{Name: s.Name}
		for _, i := range g {
			sub.Actions = append(sub.Actions, played.Actions[i])
		}
		j, why := wholeJoint(r, &sub, 0, nil)
		if j == nil {
			return nil, fmt.Errorf("craps: analyze strategy %q: it does not compile (%s): %w", s.label(), why, ErrNotAnalyzable)
		}
		parts = append(parts, j)
	}
	return parts, nil
}

// AnalyzeStrategy computes the exact long-run figures of strategy s under
// r, played roll after roll with money enough for every bet: its stop
// actions, which only end sessions, change nothing there. Where its
// actions fall into groups that play independently (see Strategy), the
// groups' figures are solved apart and added, and the variances take the
// pairs of groups apart, so that a strategy of millions of states whose
// groups are small is exact in a fraction of a second. It returns an
// error wrapping ErrNotAnalyzable for a strategy that does not compile (a
// hook; a group of more than 2^18 states) or one of whose groups' chains
// (or two groups' together) the exact solver would take more than about
// a minute to solve, and for the private game, ErrRollSource under card
// rules, or the error of Strategy.Validate. Under dice of another law
// (Rules.Dice) every figure is that law's.
func (r Rules) AnalyzeStrategy(s Strategy) (StrategyAnalysis, error) {
	parts, err := r.strategyParts(s)
	if err != nil {
		return StrategyAnalysis{}, err
	}
	var a StrategyAnalysis
	if len(parts) == 1 {
		a, err = analyzeChain(parts[0], &r)
	} else {
		a, err = pairedAnalysis(parts, &r)
	}
	if err != nil {
		return StrategyAnalysis{}, fmt.Errorf("craps: analyze strategy %q: %w", s.label(), err)
	}
	a.Strategy = s.Name
	return a, nil
}

// pairedAnalysis computes the figures of a strategy made of the groups
// whose automata are parts, each playing as it would alone on the same
// throws. A roll's net result, stakes and rolls are sums over the groups,
// so every mean is the sum of the groups' means. A variance is a
// quadratic form: the variance of a sum is the sum of the groups'
// variances and of twice each pair's covariance, and the covariance of
// two groups, 2Cov(i, j) = Var(i+j) - Var(i) - Var(j), is read off the
// product of the two alone, which is a Markov chain by itself (each group
// moves by its own state and the throw). That holds alike for the
// variance of one roll, of a hand, and of the total per roll, each a
// functional of the pair's law alone.
func pairedAnalysis(parts []*joint, r *Rules) (StrategyAnalysis, error) {
	single := make([]StrategyAnalysis, len(parts))
	for i, p := range parts {
		var err error
		if single[i], err = analyzeChain(p, r); err != nil {
			return StrategyAnalysis{}, err
		}
	}
	a := StrategyAnalysis{RollsPerHand: single[0].RollsPerHand, SevenOutsPerRoll: single[0].SevenOutsPerRoll}
	sum := func(field func(*StrategyAnalysis) *big.Rat) *big.Rat {
		t := new(big.Rat)
		for i := range single {
			t.Add(t, field(&single[i]))
		}
		return t
	}
	a.ReturnPerRoll = sum(func(x *StrategyAnalysis) *big.Rat { return x.ReturnPerRoll })
	a.WageredPerRoll = sum(func(x *StrategyAnalysis) *big.Rat { return x.WageredPerRoll })
	a.ReturnPerHand = sum(func(x *StrategyAnalysis) *big.Rat { return x.ReturnPerHand })
	a.RollVariance = sum(func(x *StrategyAnalysis) *big.Rat { return x.RollVariance })
	a.VariancePerRoll = sum(func(x *StrategyAnalysis) *big.Rat { return x.VariancePerRoll })
	a.HandVariance = sum(func(x *StrategyAnalysis) *big.Rat { return x.HandVariance })
	for i := range parts {
		if single[i].RollsPerHand.Cmp(a.RollsPerHand) != 0 {
			// The dice end every group's hand alike.
			return StrategyAnalysis{}, fmt.Errorf("its groups' hands differ in length (%v and %v): %w",
				a.RollsPerHand, single[i].RollsPerHand, ErrNotAnalyzable)
		}
		for k := i + 1; k < len(parts); k++ {
			pair := joinParts([]*joint{parts[i], parts[k]}, nil, false, maxJointStates, nil)
			if !pair.buildAll(nil) {
				return StrategyAnalysis{}, fmt.Errorf("two of its groups together do not compile (%s): %w", pair.failed, ErrNotAnalyzable)
			}
			both, err := analyzeChain(pair, r)
			if err != nil {
				return StrategyAnalysis{}, err
			}
			for _, v := range []struct{ total, pair, a, b *big.Rat }{
				{a.RollVariance, both.RollVariance, single[i].RollVariance, single[k].RollVariance},
				{a.VariancePerRoll, both.VariancePerRoll, single[i].VariancePerRoll, single[k].VariancePerRoll},
				{a.HandVariance, both.HandVariance, single[i].HandVariance, single[k].HandVariance},
			} {
				v.total.Add(v.total, v.pair)
				v.total.Sub(v.total, v.a)
				v.total.Sub(v.total, v.b)
			}
		}
	}
	if a.WageredPerRoll.Sign() != 0 {
		a.ReturnPerWagered = new(big.Rat).Quo(a.ReturnPerRoll, a.WageredPerRoll)
	}
	for _, p := range parts {
		a.Parts = append(a.Parts, p.states())
	}
	a.States = productStates(parts)
	return a, nil
}

// groupedMoves lists each state's moves with the chances of the throws
// that make the same move, weight[i] each, added together; a throw of
// weight 0 makes none.
func groupedMoves(c compiledChain, weight *[36]int64) [][]chainMove {
	out := make([][]chainMove, c.stateCount())
	for s := range out {
		for i := range 36 {
			if weight[i] == 0 {
				continue
			}
			m := c.move(s, i)
			m.weight = weight[i]
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
	// den is the denominator of the moves' weights: the dice's law's.
	den int64
}

// newStrategyChain reads a compiled strategy as a chain under the dice of
// r, its states lumped (see lumped); with stakes false the stakes are left
// out, and states that differ only in them are merged.
func newStrategyChain(c compiledChain, r *Rules, stakes bool) (*strategyChain, error) {
	weight, den := r.throwWeights()
	sc := &strategyChain{states: c.stateCount(), moves: lumped(groupedMoves(c, &weight), stakes), starts: map[int]int{}, den: den}
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
	l := lumpSigner{moves: moves, stakes: stakes}
	class, classes := l.partition()
	return classMoves(moves, class, classes, stakes)
}

// partition returns the class of each state of l's chain in the
// coarsest partition that lumped merges by, the classes numbered in the
// order of their first states, and their number.
//
// Each class keeps the signature its states share (their weight into
// each class with each roll); when states change class, only the states
// with a move into one of them can have a new signature, so each round
// signs those alone. A class some of whose states have a new signature
// splits by signature, and its largest part keeps the class, whether
// that is the states that kept the class's signature or those of one new
// signature: the other parts, each at most half of the class, change
// class. So a state changes class at most log2 n times, and is signed
// once at the start and again at most log2 n times for each of its
// moves, however many rounds there are (a count of the hand takes a
// round for each step of its count).
func (l *lumpSigner) partition() ([]int32, int) {
	moves := l.moves
	n := len(moves)
	into := make([][]int32, n) // the states with a move to each
	for s, ms := range moves {
		for _, m := range ms {
			into[m.next] = append(into[m.next], int32(s))
		}
	}
	// The states, each class's together: class c's are
	// elems[first[c]:end[c]], state s at elems[where[s]]. Every state
	// starts in class 0, to be signed: the first round splits it by
	// signature.
	class, elems, where := make([]int32, n), make([]int32, n), make([]int32, n)
	for s := range elems {
		elems[s], where[s] = int32(s), int32(s)
	}
	first, end := []int32{0}, []int32{int32(n)}
	shared := []string{""} // each class's signature; class 0's is none yet
	// split moves the states of part, all of class c, to a new class of
	// signature sig, at the end of c's elems.
	split := func(c int32, part []int32, sig string) {
		top := end[c]
		for _, s := range part {
			end[c]--
			at, t := where[s], elems[end[c]]
			elems[at], elems[end[c]], where[t], where[s] = t, s, at, end[c]
		}
		to := int32(len(shared))
		shared, first, end = append(shared, sig), append(first, end[c]), append(end, top)
		for _, s := range elems[end[c]:top] {
			class[s] = to
		}
	}
	look := slices.Clone(elems)
	seen := make([]int, n) // seen[s] == round once s is to be signed
	type leaving struct {
		from int32
		sig  string
	}
	for round := 1; len(look) > 0; round++ {
		// The states whose signature is no longer their class's leave
		// it, grouped by signature, in the order they are met.
		index := map[leaving]int{}
		var groups [][]int32
		var keys []leaving
		var from []int32           // the classes left, in the order they are met
		parts := map[int32][]int{} // the groups leaving each
		for _, s := range look {
			c, sig := class[s], l.of(s, class)
			if sig == shared[c] && round > 1 {
				continue
			}
			k := leaving{c, sig}
			g, ok := index[k]
			if !ok {
				g = len(groups)
				index[k] = g
				groups, keys = append(groups, nil), append(keys, k)
				if parts[c] == nil {
					from = append(from, c)
				}
				parts[c] = append(parts[c], g)
			}
			groups[g] = append(groups[g], s)
		}
		var moved []int32
		for _, c := range from {
			stay := int(end[c] - first[c]) // the states keeping c's signature
			best := -1                     // the group keeping c, or none
			for _, g := range parts[c] {
				stay -= len(groups[g])
			}
			for _, g := range parts[c] {
				if len(groups[g]) > stay && (best < 0 || len(groups[g]) > len(groups[best])) {
					best = g
				}
			}
			for _, g := range parts[c] {
				if g != best {
					split(c, groups[g], keys[g].sig)
					moved = append(moved, groups[g]...)
				}
			}
			if best >= 0 {
				// The group keeps c: the states that stayed, if any,
				// move to a new class under c's old signature.
				if stay > 0 {
					split(c, groups[best], keys[best].sig)
					last := int32(len(shared) - 1)
					first[c], end[c], first[last], end[last] = first[last], end[last], first[c], first[last]
					shared[c], shared[last] = shared[last], shared[c]
					for _, s := range elems[first[c]:end[c]] {
						class[s] = c
					}
					for _, s := range elems[first[last]:end[last]] {
						class[s] = last
					}
					moved = append(moved, elems[first[last]:end[last]]...)
				} else {
					shared[c] = keys[best].sig
				}
			}
		}
		look = look[:0]
		for _, t := range moved {
			for _, s := range into[t] {
				if seen[s] != round {
					seen[s] = round
					look = append(look, s)
				}
			}
		}
	}
	// Number the classes in the order of their first states.
	number := make([]int32, len(shared))
	for i := range number {
		number[i] = -1
	}
	classes := int32(0)
	for s := range class {
		if number[class[s]] < 0 {
			number[class[s]] = classes
			classes++
		}
		class[s] = number[class[s]]
	}
	return class, int(classes)
}

// classMoves returns the moves of the chain of classes, each class of the
// partition class (numbered 0 to classes-1) moving as its first state.
func classMoves(moves [][]chainMove, class []int32, classes int, stakes bool) [][]chainMove {
	out := make([][]chainMove, classes)
	done := make([]bool, classes)
	for s, ms := range moves {
		c := class[s]
		if done[c] {
			continue
		}
		done[c] = true
		for _, m := range ms {
			m.next = int(class[m.next])
			if !stakes {
				m.staked = 0
			}
			out[c] = addChainMove(out[c], m)
		}
	}
	return out
}

// lumpSigner writes a state's signature under a partition: its weight
// into each class with each roll, in one order. signed counts the
// signatures written (the refinement's work, which the tests bound).
type lumpSigner struct {
	moves  [][]chainMove
	stakes bool
	parts  []lumpPart
	key    []byte
	signed int
}

type lumpPart struct {
	net, staked int64
	sevenOut    bool
	to          int32
	weight      int64
}

func (l *lumpSigner) of(s int32, class []int32) string {
	l.signed++
	l.parts = l.parts[:0]
	for _, m := range l.moves[s] {
		p := lumpPart{m.net, m.staked, m.sevenOut, class[m.next], m.weight}
		if !l.stakes {
			p.staked = 0
		}
		k := slices.IndexFunc(l.parts, func(x lumpPart) bool {
			return x.net == p.net && x.staked == p.staked && x.sevenOut == p.sevenOut && x.to == p.to
		})
		if k < 0 {
			l.parts = append(l.parts, p)
		} else {
			l.parts[k].weight += p.weight
		}
	}
	slices.SortFunc(l.parts, func(a, b lumpPart) int {
		return cmp.Or(cmp.Compare(a.net, b.net), cmp.Compare(a.staked, b.staked), cmp.Compare(a.to, b.to),
			cmp.Compare(a.weight, b.weight), boolCompare(a.sevenOut, b.sevenOut))
	})
	l.key = l.key[:0]
	for _, p := range l.parts {
		l.key = binary.AppendVarint(l.key, p.net)
		l.key = binary.AppendVarint(l.key, p.staked)
		l.key = binary.AppendVarint(l.key, int64(p.to))
		l.key = binary.AppendVarint(l.key, p.weight)
		if p.sevenOut {
			l.key = append(l.key, 1)
		} else {
			l.key = append(l.key, 0)
		}
	}
	return string(l.key)
}

// boolCompare orders false before true.
func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// addChainMove adds m to ms, counting its throws with a move alike.
func addChainMove(ms []chainMove, m chainMove) []chainMove {
	for k := range ms {
		if x := &ms[k]; x.next == m.next && x.net == m.net && x.staked == m.staked && x.sevenOut == m.sevenOut {
			x.weight += m.weight
			return ms
		}
	}
	return append(ms, m)
}

// recurrentClass returns the states the chain visits forever from state
// 0: the one closed strongly connected group it reaches. A chain that
// reaches more than one is refused: its long run would depend on chance
// early on. (States the automaton holds that the dice's law never
// reaches, through throws of no chance, are left out.)
func recurrentClass(moves [][]chainMove) ([]int, error) {
	full := newMarkov(len(moves))
	reached := make([]bool, len(moves))
	reached[0] = true
	for queue := []int{0}; len(queue) > 0; queue = queue[1:] {
		for _, m := range moves[queue[0]] {
			if !reached[m.next] {
				reached[m.next] = true
				queue = append(queue, m.next)
			}
		}
	}
	for s, ms := range moves {
		for _, m := range ms {
			if reached[s] {
				full.arcs[s] = append(full.arcs[s], arc{to: m.next})
			}
		}
	}
	var closed [][]int
	for _, g := range full.groups() {
		if !reached[g[0]] {
			continue
		}
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
				m.add(k, h.pos[mv.next], big.NewRat(mv.weight, c.den))
			}
		}
	}
	var err error
	switch h.fac, err = m.factorWithin(solverWork); err {
	case nil:
		return h, nil
	case errTooLong:
		return nil, fmt.Errorf("its chain, of %d states once alike states are merged, would take the exact solver more than %d multiplications (about a minute): %w",
			len(c.class), int64(solverWork), ErrNotAnalyzable)
	case errClosed:
		return nil, fmt.Errorf("the chain can go on forever without a seven-out: %w", ErrNotAnalyzable)
	}
	return nil, fmt.Errorf("%v: %w", err, ErrNotAnalyzable)
}

// sums returns, for each state at its position, the expected sum over
// the rest of the hand of each function of a move.
func (h *handChain) sums(fs ...func(m chainMove) *big.Rat) (exactColumns, error) {
	return h.solved(ratColumns(h.perState(fs...), len(fs)))
}

// solved returns, for each state at its position, the expected sum over
// the rest of the hand of a reward per throw whose expectation from each
// state is b; it refuses a solve past the solver's work. The exact sums
// grow with the chain: the lifting's modulus, above twice their
// numerators times their denominator, took 9,083 bits for the first
// sums of the benchmark's press of 5,832 merged states and 7,285 for a
// count of 3,000, three to four times as many for the second moments,
// and the lifting's cost grows with about the square of the states.
func (h *handChain) solved(b exactColumns) (exactColumns, error) {
	x, err := h.fac.solveColumns(b)
	if err != nil {
		return exactColumns{}, h.tooLong()
	}
	return x, nil
}

// tooLong is the refusal of sums past the solver's work.
func (h *handChain) tooLong() error {
	return fmt.Errorf("its exact sums, over a chain of %d states once alike states are merged, would take the exact solver more than %d operations (about a minute): %w",
		len(h.class), int64(solverWork), ErrNotAnalyzable)
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
			p := big.NewRat(m.weight, c.den)
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
	x, err := h.sums(c.startsOf()...)
	if err != nil {
		return nil, err
	}
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
func (h *handChain) kernel(x exactColumns, col int) [][]*big.Rat {
	k := make([][]*big.Rat, len(h.starts))
	for a, s := range h.starts {
		k[a] = make([]*big.Rat, len(h.starts))
		for b := range k[a] {
			k[a][b] = x.at(h.pos[s], col+b)
		}
	}
	return k
}

func netOf(m chainMove) *big.Rat    { return ratInt(m.net) }
func stakedOf(m chainMove) *big.Rat { return ratInt(m.staked) }
func netSqOf(m chainMove) *big.Rat  { v := ratInt(m.net); return v.Mul(v, v) }

// MaxHandResultsStates is the most states of a strategy's automaton whose
// law of one hand HandResults follows: a press on all six numbers, four
// steps each (32,769 states), takes about 270 MB of heap.
const MaxHandResultsStates = 1 << 16

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
// spreads over thousands of values; it stops after some 250 million
// words of its exact chances added (a few tenths of a second), with a
// Remainder above bound: the full benchmark layout after 55 throws,
// double-tap after 77 and dice-doctor after 76 (every other named system
// reaches a bound of 1e-6, after 95). A strategy whose automaton (its
// groups' product, for one of several groups) has more than
// MaxHandResultsStates states is refused with ErrNotAnalyzable: the law
// needs the groups together, and takes some 7 KB a state. Its other
// errors are AnalyzeStrategy's, and one wrapping ErrSyntax for a bound out
// of range.
func (r Rules) HandResults(s Strategy, bound float64) (HandResults, error) {
	if !(bound > 0 && bound < 1) {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: bound %v: want one in (0, 1): %w", s.label(), bound, ErrSyntax)
	}
	parts, err := r.strategyParts(s)
	if err != nil {
		return HandResults{}, err
	}
	states := parts[0].states()
	if len(parts) > 1 {
		states = productStates(parts)
	}
	if states == 0 || states > MaxHandResultsStates {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: its automaton has more than %d states: %w", s.label(), MaxHandResultsStates, ErrNotAnalyzable)
	}
	j := parts[0]
	if len(parts) > 1 {
		// The law of a sum needs the groups together: their product.
		if j = joinParts(parts, nil, false, maxJointStates, nil); !j.buildAll(nil) {
			return HandResults{}, fmt.Errorf("craps: hand results of %q: its groups together do not compile (%s): %w", s.label(), j.failed, ErrNotAnalyzable)
		}
	}
	c, err := newStrategyChain(j, &r, false)
	if err != nil {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: %w", s.label(), err)
	}
	nu, err := c.handStart()
	if err != nil {
		return HandResults{}, fmt.Errorf("craps: hand results of %q: %w", s.label(), err)
	}
	return c.handResults(nu, new(big.Rat).SetFloat64(bound), 0), nil
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
func analyzeChain(cc compiledChain, r *Rules) (StrategyAnalysis, error) {
	c, err := newStrategyChain(cc, r, true)
	if err != nil {
		return StrategyAnalysis{}, err
	}
	h, err := c.hands()
	if err != nil {
		return StrategyAnalysis{}, err
	}
	const cRolls, cNet, cStaked, cNetSq, cStarts = 0, 1, 2, 3, 4
	one := func(chainMove) *big.Rat { return big.NewRat(1, 1) }
	left := h.fac.liftWork
	x, err := h.sums(append([]func(chainMove) *big.Rat{one, netOf, stakedOf, netSqOf}, c.startsOf()...)...)
	if err != nil {
		return StrategyAnalysis{}, err
	}
	if used := left - h.fac.liftWork; h.fac.liftWork < 2*used {
		// The second moments' sums take about twice the work of the
		// first ones or more (their digits are twice as many or more):
		// refused now, not after most of it.
		return StrategyAnalysis{}, h.tooLong()
	}
	starts := newStartChain(h.kernel(x, cStarts))
	nu := starts.share()
	// perHand is a column's mean over a hand in the long run.
	perHand := func(x exactColumns, col int) *big.Rat {
		sum := new(big.Rat)
		for k, s := range h.starts {
			v := x.at(h.pos[s], col)
			sum.Add(sum, v.Mul(v, nu[k]))
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

	// mean[k] is E[Y] from start k: F - gL.
	mean := make([]*big.Rat, len(h.starts))
	for k, s := range h.starts {
		mean[k] = new(big.Rat).Sub(x.at(h.pos[s], cNet), new(big.Rat).Mul(g, x.at(h.pos[s], cRolls)))
	}
	second, err := h.solved(h.secondMoments(x, g, starts.poisson(mean), cRolls, cNet, cStarts))
	if err != nil {
		return StrategyAnalysis{}, err
	}
	a.VariancePerRoll = perRoll(perHand(second, 0))
	a.HandVariance = perHand(second, 1)
	a.HandVariance.Sub(a.HandVariance, new(big.Rat).Mul(a.ReturnPerHand, a.ReturnPerHand))
	return a, nil
}

// secondMoments returns, for each state, the expectation over one throw
// of what a move adds to the second moments of the rest of the hand, in
// two columns: E[Y² + 2Y u(next start)], Y = F-gL the hand's centred
// result, and E[F²]. After a move m of net f, the rest of the hand has
// expected centred result rest and net net, and the next hand's start an
// expected u of next: m adds y² + 2y(rest + next), y = f-g, to the first
// and f² + 2f·net to the second. x holds the expected sums from each
// state of rolls, net and the seven-outs into each start (at columns
// cRolls, cNet, cStarts on); u solves the Poisson equation of the starts.
//
// The sums are exact fractions whose common denominator grows with the
// chain (thousands of bits for thousands of states), so the columns are
// formed in integers over one denominator each, from x's numerators,
// with no fraction reduced: reducing one a state, as fractions are, is
// where the time went.
func (h *handChain) secondMoments(x exactColumns, g *big.Rat, u []*big.Rat, cRolls, cNet, cStarts int) exactColumns {
	c, n := h.strategyChain, len(h.class)
	one := big.NewInt(1)
	col := func(i int) (*big.Int, func(s int) *big.Int) {
		if x.num[i] == nil {
			return one, func(int) *big.Int { return new(big.Int) }
		}
		return x.den[i], func(s int) *big.Int { return &x.num[i][s] }
	}
	dL, nL := col(cRolls)
	dF, nF := col(cNet)
	gn, gd := g.Num(), g.Denom()
	// rest + next at each state over one denominator dT: rest = F - gL
	// over dR = lcm(dF, dL)·gd, next = Σ S_k u_k over dN, the least
	// common multiple of each start column's denominator times u_k's, and
	// dT = lcm(dR, dN). Least common multiples, not products: the
	// columns' denominators share most of their factors, and the size of
	// what is solved next is the solver's cost.
	var q big.Int
	lcm := func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, q.Quo(b, q.GCD(nil, nil, a, b))) }
	dR := lcm(dF, dL)
	// rest's numerator is F's times fCoef less L's times lCoef.
	fCoef, lCoef := new(big.Int).Quo(dR, dF), new(big.Int).Quo(dR, dL)
	fCoef.Mul(fCoef, gd)
	lCoef.Mul(lCoef, gn)
	dR.Mul(dR, gd)
	dN := big.NewInt(1)
	for k := range u {
		if u[k].Sign() != 0 {
			d, _ := col(cStarts + k)
			dN = lcm(dN, new(big.Int).Mul(d, u[k].Denom()))
		}
	}
	dT := lcm(dR, dN)
	restScale, nextScale := new(big.Int).Quo(dT, dR), new(big.Int).Quo(dT, dN)
	uScale := make([]*big.Int, len(u)) // u_k's numerator times dN over its column's and u_k's denominators
	for k := range u {
		if u[k].Sign() != 0 {
			d, _ := col(cStarts + k)
			uScale[k] = new(big.Int).Quo(dN, new(big.Int).Mul(d, u[k].Denom()))
			uScale[k].Mul(uScale[k], u[k].Num())
		}
	}
	T := make([]big.Int, n)
	var t1, t2 big.Int
	for s := range T {
		t1.Mul(nF(s), fCoef)
		t1.Sub(&t1, t2.Mul(nL(s), lCoef))
		T[s].Mul(&t1, restScale)
		t1.SetInt64(0)
		for k, us := range uScale {
			if us != nil {
				_, nS := col(cStarts + k)
				t1.Add(&t1, t2.Mul(nS(s), us))
			}
		}
		T[s].Add(&T[s], t1.Mul(&t1, nextScale))
	}
	// A seven-out into start k leaves next = u_k over dT.
	sevenT := make([]*big.Int, len(u))
	for k := range u {
		sevenT[k] = new(big.Int).Quo(dT, u[k].Denom())
		sevenT[k].Mul(sevenT[k], u[k].Num())
	}
	// Column 0 over den·gd²·dT: y(y + 2T) = yn(yn·dT + 2gd·nT)/(gd²dT),
	// yn = f·gd - gn; column 1 over den·dF: f(f·dF + 2nF)/dF.
	out := exactColumns{num: [][]big.Int{make([]big.Int, n), make([]big.Int, n)}}
	d0 := new(big.Int).Mul(gd, gd)
	d0.Mul(d0, dT)
	out.den = []*big.Int{d0.Mul(d0, big.NewInt(c.den)), new(big.Int).Mul(dF, big.NewInt(c.den))}
	twoGd := new(big.Int).Lsh(gd, 1)
	var yn, f, v, w big.Int
	for k, s := range c.class {
		for _, m := range c.moves[s] {
			f.SetInt64(m.net)
			w.SetInt64(m.weight)
			nextT, nextF := sevenT[c.starts[m.next]], new(big.Int)
			if !m.sevenOut {
				t := h.pos[m.next]
				nextT, nextF = &T[t], nF(t)
			}
			yn.Mul(&f, gd)
			yn.Sub(&yn, gn)
			v.Mul(&yn, dT)
			v.Add(&v, t1.Mul(twoGd, nextT))
			v.Mul(&v, &yn)
			out.num[0][k].Add(&out.num[0][k], v.Mul(&v, &w))
			if m.net != 0 {
				v.Mul(&f, dF)
				v.Add(&v, t1.Lsh(nextF, 1))
				v.Mul(&v, &f)
				out.num[1][k].Add(&out.num[1][k], v.Mul(&v, &w))
			}
		}
	}
	return out
}

func ratInt(a int64) *big.Rat { return new(big.Rat).SetInt64(a) }
