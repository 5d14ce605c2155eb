package craps

import (
	"fmt"
	"maps"
	"slices"
	"sync/atomic"
)

// joint is a strategy compiled with the table into one automaton: the
// states the table and the strategy's memory can be in as the strategy
// plays, and for each state and throw the next state and what the roll
// did. It is built as it is played: a transition is compiled the first
// time a run takes it, by playing a Table (Table.Roll, then the strategy's
// actions) from its state, so the automaton holds no rule of its own and
// costs only what a run reaches. The exact analysis builds it whole
// (buildAll).
//
// State s's transitions are tr = 36*s + i, i the throw; next[tr] is 36
// times the state throw i leads to, or unbuilt. The exact analysis reads
// next, sevenOut, net, staked and the states; the fields past them serve
// the simulator. A joint is played by one goroutine at a time: each
// worker of a simulation builds its own.
type joint struct {
	next []uint32
	// moves[tr] is what transition tr's roll did (jointMove); for an
	// automaton that plays sessions (session), money[tr] what it did to
	// the player's money, and for one that is not made of parts, lists[tr]
	// what it did to each bet.
	moves   []jointMove
	money   []jointMoney
	lists   []jointLists
	session bool
	// slots is how many values the strategy's memory holds.
	slots int
	// deltas and downs hold the lists of jointLists.
	deltas runs[BetTally]
	downs  runs[paidBet]
	// startNeed is the most money the first placements need at once (a
	// bet raised and lowered again in one act needs the raise), startCost
	// and startEnd their cost and change of the player's money.
	startNeed, startCost, startEnd int64
	// onTable[s] is the stakes on the layout in state s.
	onTable []int64
	// For a strategy with a hook (hooked), seen holds what each
	// transition's roll did to the player's bets, as Table.Roll reports
	// it, sorted, and shown the rest of what the hook is shown, in one
	// record a transition. Transitions that show the same resolutions share
	// them, so that seen stays small enough for the cache (the full
	// layout's 4,320 transitions show 1,342 resolutions, 15,768 unshared).
	hooked bool
	seen   runs[Resolution]
	shown  []shownRoll
	// richCash is the most a session's bankroll may hold for the
	// automaton to play it: below it, no roll or placement brings any
	// state's table near MaxBalance, where Table.Roll and Table.Place
	// would play differently (see MaxBalance). It only falls as states
	// are added: the bound of the states so far holds for every roll
	// between them.
	richCash int64
	// onMost and exposureMost are the most any state so far has on the
	// layout and could pay out on one roll, of which richCash follows.
	onMost, exposureMost Amount
	// maxStates bounds the states; failed, once set, says why the
	// automaton cannot go on (too many states, sums too large for its
	// 64-bit counts) and no transition is built any more.
	maxStates int
	failed    string
	// budget, if not nil, is how many states the automata of one
	// simulation may still add, shared by its workers' clones and their
	// parts: each worker finds the states it reaches itself, and a bound
	// for each would grow the memory with the workers.
	budget *atomic.Int64
	// unbuilt counts the transitions not yet compiled: at 0 the automaton
	// is whole, and no run needs to look for one.
	unbuilt int
	// active[tr] is set when transition tr is built and does something
	// besides moving to its next state: decides, makes or takes down a
	// bet, moves money, ends a hand, or stops the strategy. A run that
	// steps this automaton beside others (steppedRun) reads and counts
	// only those.
	active []bool
	// The states themselves: each one's table, with the player's money
	// unlimited, and the strategy's memory in it, numbered by key. A state
	// keeps its table's state of play alone: every state plays the rules
	// of the builder's table (and of each run's), held there once.
	tables   []*tableState
	memories []memory
	index    map[string]uint32
	// builder plays transitions; keyBuf is its buffer.
	builder *player
	keyBuf  []byte
	// prod, for an automaton made of parts (factor.go), holds them; its
	// states have no table of their own, nor do its transitions list
	// what they did to each bet: the parts do.
	prod *partsOf
}

// jointMove is what one transition's roll does: its net result for the
// player, less the commission kept on the bets the placements after it
// take down, the stakes it decided, whether it ends a hand, and whether
// the strategy ends a session after it.
type jointMove struct {
	net, staked    int64
	sevenOut, stop bool
}

// jointMoney is what one transition does to the player's money, for
// sessions: credit is what the roll pays into the bankroll, cost what the
// placements after it take out of it, mid and end the change of the
// player's money on and off the layout after the roll and after the
// placements, need the most money the placements need at once.
type jointMoney struct {
	credit, cost, mid, end, need int64
}

// jointLists is where one transition's lists are: deltas what the roll
// adds to each bet, downs the commission kept on each bet its placements
// take down (counted only where they are made, which the roll that ends a
// session is not). Transitions with the same list share it.
type jointLists struct {
	deltas, downs span
}

// unbuilt is next[tr] for a transition not yet compiled.
const unbuilt = ^uint32(0)

// span is where a transition's list is in a runs: all[lo:hi].
type span struct{ lo, hi int32 }

// runs holds lists of values, each distinct list once.
type runs[T comparable] struct {
	all []T
	// starts finds the lists already held, by their first value and length.
	starts map[runHead[T]][]int32
}

type runHead[T comparable] struct {
	first T
	n     int
}

// add returns where list is held, adding it if it is new.
func (r *runs[T]) add(list []T) span {
	if len(list) == 0 {
		return span{}
	}
	if r.starts == nil {
		r.starts = map[runHead[T]][]int32{}
	}
	h := runHead[T]{list[0], len(list)}
	for _, at := range r.starts[h] {
		if slices.Equal(r.all[at:at+int32(len(list))], list) {
			return span{at, at + int32(len(list))}
		}
	}
	at := int32(len(r.all))
	r.all = append(r.all, list...)
	r.starts[h] = append(r.starts[h], at)
	return span{at, at + int32(len(list))}
}

// of returns the list at sp.
func (r *runs[T]) of(sp span) []T { return r.all[sp.lo:sp.hi] }

// clone returns a copy that shares nothing it changes.
func (r runs[T]) clone() runs[T] {
	c := runs[T]{all: slices.Clone(r.all), starts: make(map[runHead[T]][]int32, len(r.starts))}
	for h, at := range r.starts {
		c.starts[h] = slices.Clone(at)
	}
	return c
}

// shownRoll is what a transition shows a hook, in one record so that a
// roll reads one: the next state, where the roll's resolutions are in
// seen, the puck after it, whether it ends a hand, its net (the roll's
// alone) and stakes, the commission kept on the bets the placements after
// it take down (down, shown with the next roll), what it pays into the
// bankroll and what the placements after it cost, and the stakes on the
// layout after it (before the placements).
type shownRoll struct {
	next              uint32
	seen              span
	point             int8
	sevenOut          bool
	net, down, staked int64
	credit, cost      int64
	on                int64
}

// maxJointStates bounds an automaton, and the states the workers of one
// simulation add to it, at about 3 KB a state, 4.4 KB in one that plays
// sessions (its table's state of play, without the rules, 36 transitions,
// and the lists they share; BenchmarkBuildAutomaton/heap measured 2,915
// and 4,355 bytes, 6,819 and 8,259 when each state kept a whole Table):
// some 1.1 GiB at the most, far beyond the named systems (double-tap's
// 5,833 states, the largest).
// At 2^20 states a simulation of Repeater Bets Plus, whose counts of the
// numbers rolled multiply, took 9 GiB on each worker.
const maxJointStates = 1 << 18

// newJoint starts the automaton of strategy s's actions under r, keeping
// what each roll shows a hook if s has one and what it does to the
// player's money if it is to play sessions: its first state, the table
// after the first placements, and no transition yet.
func newJoint(r Rules, s *Strategy, maxStates int, session bool) *joint {
	cfg := &SimConfig{Rules: r, Strategy: Strategy{Actions: s.Actions}}
	start := newPlayer(cfg)
	start.reset(false)
	startOn := onTable(&start.t, 0)
	sortBets(start.t.bets)
	j0 := int64(MaxAmount - start.t.seats[0].bankroll)
	start.t.setMoney(MaxAmount) // every state's money is unlimited
	j := &joint{startCost: j0, startEnd: int64(startOn) - j0, slots: len(start.first().prog.slots),
		startNeed: int64(MaxAmount - start.first().low), hooked: s.NewHook != nil, richCash: int64(MaxBalance),
		maxStates: maxStates, index: map[string]uint32{}, builder: newPlayer(cfg), session: session || s.NewHook != nil}
	j.addState(&start.t, start.first().mem)
	return j
}

// addState adds the state of table t with memory mem, its transitions
// unbuilt, and returns its number; it fails the automaton, and returns
// false, if that is one state too many or t near MaxBalance.
func (j *joint) addState(t *Table, mem memory) (uint32, bool) {
	if why := j.noRoom(); why != "" {
		return 0, j.fail(why)
	}
	exposure, _, ok := t.exactExposure()
	if !ok {
		return 0, j.fail("a state could pay out more than an Amount holds")
	}
	j.onMost, j.exposureMost = max(j.onMost, t.players()-t.seats[0].bankroll), max(j.exposureMost, exposure)
	// From a state s, with the bankroll at c, the Table holds c plus the
	// stakes on the layout; a roll pays out at most the state's exposure;
	// the placements after it bring the layout to the next state's (at
	// most the largest) while a bet it tries may ask up to MaxAmount at
	// the largest payout Rules allow. Below richCash all of that stays
	// within MaxBalance, so no bet is refused for the bound and every bet
	// that stays up stays up, whatever the bankroll.
	need, ok := sumAmounts(j.onMost, j.exposureMost, j.exposureMost, j.exposureMost, maxRatioTerm*MaxAmount)
	if !ok || need > MaxBalance {
		return 0, j.fail("its tables come too near MaxBalance")
	}
	if j.richCash = int64(MaxBalance - need); j.richCash < int64(MaxAmount) {
		// The unlimited money of roll and shooter runs is too near the bound.
		return 0, j.fail("its tables come too near MaxBalance")
	}
	s := uint32(j.states())
	j.tables = append(j.tables, t.snapshot())
	j.memories = append(j.memories, mem)
	j.onTable = append(j.onTable, int64(onTable(t, 0)))
	j.index[j.stateKey(int(s))] = s
	j.extend()
	return s, true
}

// noRoom says why the automaton may not add a state, or is "" and takes
// the state from the run's budget: its own bound, or the run's budget
// spent by its workers, each of which finds the states it reaches itself
// (two workers reaching the same states spend twice as much).
func (j *joint) noRoom() string {
	switch {
	case j.states() >= j.maxStates:
		return j.tooMany()
	case j.budget != nil && j.budget.Add(-1) < 0:
		return fmt.Sprintf("the workers of the run, each adding the states it reached, held the %d states of one automaton between them", maxJointStates)
	}
	return ""
}

// share makes the automaton and its parts add states from budget.
func (j *joint) share(budget *atomic.Int64) {
	j.budget = budget
	if j.prod != nil {
		for _, part := range j.prod.parts {
			part.share(budget)
		}
	}
}

// tooMany is why an automaton stops at its bound.
func (j *joint) tooMany() string { return fmt.Sprintf("more than %d states", j.maxStates) }

// extend adds a state's 36 transitions, unbuilt.
func (j *joint) extend() {
	j.next = grow36(j.next)
	for tr := len(j.next) - 36; tr < len(j.next); tr++ {
		j.next[tr] = unbuilt
	}
	j.unbuilt += 36
	j.active = grow36(j.active)
	j.moves = grow36(j.moves)
	if j.session {
		j.money = grow36(j.money)
	}
	if j.prod == nil {
		j.lists = grow36(j.lists)
	}
	if j.hooked {
		j.shown = append(j.shown, make([]shownRoll, 36)...)
	}
}

// grow36 returns xs with 36 zero values more, its capacity doubled when
// it must grow, so that an automaton of n states is copied about once.
func grow36[T any](xs []T) []T {
	if n := len(xs) + 36; n > cap(xs) {
		grown := make([]T, len(xs), max(2*cap(xs), 36*64))
		copy(grown, xs)
		xs = grown
	}
	xs = xs[:len(xs)+36]
	clear(xs[len(xs)-36:])
	return xs
}

// fail stops the automaton for the reason given; it returns false.
func (j *joint) fail(why string) bool {
	if j.failed == "" {
		j.failed = why
	}
	return false
}

// states is how many states the automaton has so far.
func (j *joint) states() int { return len(j.onTable) }

// size is how many states the automaton and its parts have so far.
func (j *joint) size() int {
	n := j.states()
	if j.prod != nil {
		for _, part := range j.prod.parts {
			n += part.size()
		}
	}
	return n
}

// built reports whether transition tr is compiled, compiling it if not;
// false means the automaton has failed (see failed).
func (j *joint) built(tr uint32) bool {
	return j.next[tr] != unbuilt || j.build(int(tr))
}

// build compiles transition tr: plays throw tr%36 on the table of state
// tr/36, then the strategy's placements, and records what they did.
func (j *joint) build(tr int) bool {
	if j.failed != "" {
		return false
	}
	if j.prod != nil {
		return j.buildProduct(tr)
	}
	s, i := tr/36, uint(tr%36)
	p := j.builder
	p.t.load(j.tables[s])
	b := p.first()
	b.mem = j.memories[s]
	t := &p.t
	on0 := onTable(t, 0)
	var delta SimResult
	net, staked := p.roll(i, &delta)
	cashMid, onMid := t.seats[0].bankroll, onTable(t, 0)
	b.act(t)
	down := int64(0)
	for _, d := range b.down {
		if !product(int64(d.paid), int64(d.paid)).fits64() {
			return j.fail("a commission too large for its 64-bit sums")
		}
		down += int64(d.paid)
	}
	net -= Amount(down)
	for _, d := range delta.Bets {
		if !d.fits64() || !product(int64(net), int64(net)).fits64() || !product(int64(staked), int64(staked)).fits64() ||
			!product(int64(net), int64(staked)).fits64() {
			return j.fail("a roll's sums too large for its 64-bit counts")
		}
	}
	m := jointMove{net: int64(net), staked: int64(staked), sevenOut: delta.SevenOuts > 0, stop: b.stop}
	mon := jointMoney{credit: int64(cashMid - MaxAmount), cost: int64(cashMid - t.seats[0].bankroll),
		mid: int64(cashMid + onMid - MaxAmount - on0), end: int64(t.seats[0].bankroll + onTable(t, 0) - MaxAmount - on0),
		need: int64(cashMid - b.low)}
	j.moves[tr] = m
	if j.session {
		j.money[tr] = mon
	}
	j.lists[tr] = jointLists{j.deltas.add(delta.Bets), j.downs.add(b.down)}
	var seen span
	if j.hooked {
		sortResolutions(p.res)
		seen = j.seen.add(p.res)
	}
	t.handRolls, t.sinceSeven = min(t.handRolls, 1), min(t.sinceSeven, 1)
	t.setMoney(MaxAmount)
	sortBets(t.bets)
	j.keyBuf = jointState(j.keyBuf[:0], &t.tableState, &b.mem, j.slots)
	next, ok := j.index[string(j.keyBuf)]
	if !ok {
		if next, ok = j.addState(t, b.mem); !ok {
			return false
		}
	}
	if j.hooked {
		j.shown[tr] = shownRoll{next: next * 36, seen: seen, point: j.tables[next].point, sevenOut: m.sevenOut,
			net: m.net + down, down: down, staked: int64(staked), credit: mon.credit, cost: mon.cost,
			on: j.onTable[s] + mon.mid - mon.credit}
	}
	j.next[tr] = next * 36
	j.unbuilt--
	j.active[tr] = m != (jointMove{}) || j.lists[tr] != (jointLists{}) || mon != (jointMoney{})
	return true
}

// complete builds every transition the automaton lacks, if that takes at
// most budget builds and stop, if not nil, is not set meanwhile: it
// reports whether the automaton is whole.
func (j *joint) complete(budget int, stop *atomic.Bool) bool {
	if j.unbuilt > budget {
		return false
	}
	for tr := 0; tr < len(j.next) && j.unbuilt > 0 && budget > 0; tr++ {
		if tr%36 == 0 && stop != nil && stop.Load() {
			return false
		}
		if j.next[tr] == unbuilt {
			if !j.build(tr) {
				return false
			}
			budget--
		}
	}
	return j.unbuilt == 0
}

// buildAll compiles every transition of every state the strategy can
// reach, until stop, if not nil, is set; it reports whether it finished
// (false: stopped, or failed).
func (j *joint) buildAll(stop *atomic.Bool) bool {
	for tr := 0; tr < len(j.next); tr++ {
		if tr%36 == 0 && stop != nil && stop.Load() {
			return false
		}
		if !j.built(uint32(tr)) {
			return false
		}
	}
	return true
}

// clone returns a copy of the automaton that shares only what no one
// changes (the states' tables), with a builder of its own.
func (j *joint) clone(cfg *SimConfig) *joint {
	c := *j
	c.next, c.moves, c.money, c.lists = slices.Clone(j.next), slices.Clone(j.moves), slices.Clone(j.money), slices.Clone(j.lists)
	c.deltas, c.downs, c.seen = j.deltas.clone(), j.downs.clone(), j.seen.clone()
	c.shown, c.onTable, c.active = slices.Clone(j.shown), slices.Clone(j.onTable), slices.Clone(j.active)
	c.tables, c.memories = slices.Clone(j.tables), slices.Clone(j.memories)
	c.index = maps.Clone(j.index)
	c.keyBuf, c.budget = nil, nil
	if j.prod != nil {
		c.prod = j.prod.clone(cfg)
	} else {
		c.builder = newPlayer(&SimConfig{Rules: cfg.Rules, Strategy: Strategy{Actions: j.builder.cfg.Strategy.Actions}})
	}
	return &c
}

// down is the commission kept on the bets the placements after
// transition tr take down.
func (j *joint) down(tr int) int64 {
	if pr := j.prod; pr != nil {
		sum, s, i := int64(0), tr/36, uint32(tr%36)
		for c, part := range pr.parts {
			sum += part.down(int(pr.tuple(s)[c]*36 + i))
		}
		return sum
	}
	return int64(paidOn(j.downs.of(j.lists[tr].downs)))
}

// jointState is the key of a table's state: everything a roll and the
// strategy's next placements depend on, the player's money aside.
func jointState(buf []byte, t *tableState, mem *memory, slots int) []byte {
	buf = append(buf, byte(t.point), byte(min(t.handRolls, 1)), byte(min(t.sinceSeven, 1)))
	for _, p := range t.bets {
		buf = append(buf, byte(p.bet.Kind), byte(p.bet.Number), p.bet.Hop.A, p.bet.Hop.B,
			byte(p.state.point), byte(p.state.made), byte(p.state.made>>8), byte(p.working))
		for _, a := range []Amount{p.amount, p.paid} {
			for k := 0; k < 64; k += 8 {
				buf = append(buf, byte(a>>k))
			}
		}
	}
	for _, v := range mem[:slots] {
		buf = append(buf, byte(v), byte(v>>8))
	}
	return buf
}

// key is the key of a table in the state t and the strategy's memory mem
// as the automaton numbers its states (t's bets sorted, its roll counts
// capped at 1, the player's money aside): stateKey(s) for state s.
func (j *joint) key(t *tableState, mem *memory) string {
	return string(jointState(nil, t, mem, j.slots))
}

// stateKey is the key of state s.
func (j *joint) stateKey(s int) string { return j.key(j.tables[s], &j.memories[s]) }

// resume sets player p at state s of the automaton, with cash off the
// layout, to play on from there on the Table: the table, the strategy's
// memory, and nothing it would skip as settled.
func (j *joint) resume(p *player, s int, cash Amount) {
	b, sp := p.first(), &p.seats[0]
	if j.prod != nil {
		j.prod.assemble(&p.t.tableState, &b.mem, s)
	} else {
		p.t.load(j.tables[s])
		b.mem = j.memories[s]
	}
	p.t.setMoney(cash)
	// The automaton made the last act, which may have changed a bet: the
	// Table acts after the next roll, quiet or not.
	b.marks, b.touched = 0, true
	sp.short, sp.ended, sp.quiet = false, false, false
	sp.rollNet, sp.rollStaked, sp.kept = 0, 0, 0
}

// betsNothing reports whether the strategy never puts money on the layout
// from any state it reaches, exploring them (until stop, if not nil, is
// set, or the automaton fails: then it reports false, not knowing).
func (j *joint) betsNothing(stop *atomic.Bool) bool {
	if j.startCost != 0 {
		return false
	}
	if j.prod != nil {
		// Each part plays as it would alone, and reaches every state it can.
		for _, part := range j.prod.parts {
			if !part.betsNothing(stop) {
				return false
			}
		}
		return true
	}
	for tr := 0; tr < len(j.next); tr++ {
		if tr%36 == 0 && stop != nil && stop.Load() || !j.built(uint32(tr)) || j.money[tr].cost != 0 {
			return false
		}
	}
	return true
}

// sortBets puts the bets on a layout in one order. The order changes no
// money: Table.Roll decides each bet by itself, and keep places the
// layout in its own order (come odds by number).
func sortBets(bets []placed) {
	slices.SortFunc(bets, func(a, b placed) int {
		if betLess(&a.bet, &b.bet) {
			return -1
		}
		if betLess(&b.bet, &a.bet) {
			return 1
		}
		return 0
	})
}

// load sets the state of play to src's, reusing st's slices and keeping
// its compiled definitions: each worker fills its own table's lazily, and
// a copy that took src's would write into them while another goroutine
// reads them. The rules are not part of it: a Table keeps its own, which
// are src's wherever it is loaded (an automaton's states and its runs
// play the rules it was built for).
func (st *tableState) load(src *tableState) {
	seats, bets, autos, props := st.seats, st.bets, st.autos, st.props
	*st = *src
	st.seats = append(seats[:0], src.seats...)
	st.bets = append(bets[:0], src.bets...)
	st.autos, st.props = autos, props
}

// snapshot returns a copy of the state of play that is loaded from and
// never played: it shares st's compiled definitions.
func (st *tableState) snapshot() *tableState {
	c := *st
	c.seats, c.bets = slices.Clone(st.seats), slices.Clone(st.bets)
	return &c
}
