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
	// sevenOut marks the transitions that end a hand; net is the roll's
	// net result for the player, less the commission kept on the bets the
	// placements after it take down (downAt), staked the stakes it decided.
	sevenOut []bool
	net      []int64
	staked   []int64
	// stop marks the transitions after which the strategy ends a session;
	// slots is how many values its memory holds.
	stop  []bool
	slots int
	// deltas[deltaAt[tr]] is what transition tr's roll adds to each bet,
	// and downs[downAt[tr]] the commission kept on each bet its placements
	// take down: counted only where they are made, which the roll that
	// ends a session is not. Transitions with the same list share it.
	deltaAt, downAt []span
	deltas          runs[BetTally]
	downs           runs[paidBet]
	// For sessions, where the player's money is counted: credit is what a
	// transition's roll pays into the bankroll, cost what the placements
	// after it take out of it, mid and end the change of the player's
	// money on and off the layout after the roll and after the placements.
	credit, cost, mid, end []int64
	// startNeed is the most money the first placements need at once (a
	// bet raised and lowered again in one act needs the raise), need the
	// same for each transition's.
	startNeed int64
	need      []int64
	// startCost and startEnd are the first placements' cost and change of
	// the player's money.
	startCost, startEnd int64
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
	// unbuilt counts the transitions not yet compiled: at 0 the automaton
	// is whole, and no run needs to look for one.
	unbuilt int
	// The states themselves: each one's table, with the player's money
	// unlimited, and the strategy's memory in it, numbered by key.
	tables   []*Table
	memories []memory
	index    map[string]uint32
	// builder plays transitions; keyBuf is its buffer.
	builder *player
	keyBuf  []byte
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

// maxJointStates bounds an automaton, at about 5 KB a state (its table,
// 36 transitions, and the lists they share): a few GiB at the most, far
// beyond the named systems (double-tap's 5,833 states, the largest).
const maxJointStates = 1 << 20

// newJoint starts the automaton of strategy s's actions under r, keeping
// what each roll shows a hook if s has one: its first state, the table
// after the first placements, and no transition yet.
func newJoint(r Rules, s *Strategy, maxStates int) *joint {
	cfg := &SimConfig{Rules: r, Strategy: Strategy{Actions: s.Actions}}
	start := newPlayer(cfg)
	start.reset(false)
	startOn := onTable(&start.t, 0)
	sortBets(start.t.bets)
	j0 := int64(MaxAmount - start.t.seats[0].bankroll)
	start.t.setMoney(MaxAmount) // every state's money is unlimited
	j := &joint{startCost: j0, startEnd: int64(startOn) - j0, slots: len(start.first().prog.slots),
		startNeed: int64(MaxAmount - start.first().low), hooked: s.NewHook != nil, richCash: int64(MaxBalance),
		maxStates: maxStates, index: map[string]uint32{}, builder: newPlayer(cfg)}
	j.addState(&start.t, start.first().mem)
	return j
}

// addState adds the state of table t with memory mem, its transitions
// unbuilt, and returns its number; it fails the automaton, and returns
// false, if that is one state too many or t near MaxBalance.
func (j *joint) addState(t *Table, mem memory) (uint32, bool) {
	if len(j.tables) >= j.maxStates {
		return 0, j.fail(fmt.Sprintf("more than %d states", j.maxStates))
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
	s := uint32(len(j.tables))
	j.tables = append(j.tables, copyTable(nil, t))
	j.memories = append(j.memories, mem)
	j.onTable = append(j.onTable, int64(onTable(t, 0)))
	j.index[j.stateKey(int(s))] = s
	for range 36 {
		j.next = append(j.next, unbuilt)
	}
	j.unbuilt += 36
	grow := func(xs []int64) []int64 { return append(xs, make([]int64, 36)...) }
	j.net, j.staked = grow(j.net), grow(j.staked)
	j.credit, j.cost, j.mid, j.end, j.need = grow(j.credit), grow(j.cost), grow(j.mid), grow(j.end), grow(j.need)
	j.sevenOut = append(j.sevenOut, make([]bool, 36)...)
	j.stop = append(j.stop, make([]bool, 36)...)
	j.deltaAt = append(j.deltaAt, make([]span, 36)...)
	j.downAt = append(j.downAt, make([]span, 36)...)
	if j.hooked {
		j.shown = append(j.shown, make([]shownRoll, 36)...)
	}
	return s, true
}

// fail stops the automaton for the reason given; it returns false.
func (j *joint) fail(why string) bool {
	if j.failed == "" {
		j.failed = why
	}
	return false
}

// states is how many states the automaton has so far.
func (j *joint) states() int { return len(j.tables) }

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
	s, i := tr/36, uint(tr%36)
	p := j.builder
	copyTable(&p.t, j.tables[s])
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
	j.credit[tr] = int64(cashMid - MaxAmount)
	j.cost[tr] = int64(cashMid - t.seats[0].bankroll)
	j.need[tr] = int64(cashMid - b.low)
	j.mid[tr] = int64(cashMid + onMid - MaxAmount - on0)
	j.end[tr] = int64(t.seats[0].bankroll + onTable(t, 0) - MaxAmount - on0)
	j.sevenOut[tr] = delta.SevenOuts > 0
	j.stop[tr] = b.stop
	j.net[tr] = int64(net)
	j.staked[tr] = int64(staked)
	j.deltaAt[tr] = j.deltas.add(delta.Bets)
	j.downAt[tr] = j.downs.add(b.down)
	var seen span
	if j.hooked {
		sortResolutions(p.res)
		seen = j.seen.add(p.res)
	}
	t.handRolls, t.sinceSeven = min(t.handRolls, 1), min(t.sinceSeven, 1)
	t.setMoney(MaxAmount)
	sortBets(t.bets)
	j.keyBuf = jointState(j.keyBuf[:0], t, &b.mem, j.slots)
	next, ok := j.index[string(j.keyBuf)]
	if !ok {
		if next, ok = j.addState(t, b.mem); !ok {
			return false
		}
	}
	if j.hooked {
		j.shown[tr] = shownRoll{next: next * 36, seen: seen, point: j.tables[next].point, sevenOut: j.sevenOut[tr],
			net: j.net[tr] + down, down: down, staked: j.staked[tr], credit: j.credit[tr], cost: j.cost[tr],
			on: j.onTable[s] + j.mid[tr] - j.credit[tr]}
	}
	j.next[tr] = next * 36
	j.unbuilt--
	return true
}

// complete builds every transition the automaton lacks, if that takes at
// most budget builds: it reports whether the automaton is whole.
func (j *joint) complete(budget int) bool {
	if j.unbuilt > budget {
		return false
	}
	for tr := 0; tr < len(j.next) && j.unbuilt > 0 && budget > 0; tr++ {
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
	c.next = slices.Clone(j.next)
	c.sevenOut, c.stop = slices.Clone(j.sevenOut), slices.Clone(j.stop)
	c.net, c.staked = slices.Clone(j.net), slices.Clone(j.staked)
	c.credit, c.cost, c.mid, c.end, c.need = slices.Clone(j.credit), slices.Clone(j.cost), slices.Clone(j.mid),
		slices.Clone(j.end), slices.Clone(j.need)
	c.deltaAt, c.downAt = slices.Clone(j.deltaAt), slices.Clone(j.downAt)
	c.deltas, c.downs, c.seen = j.deltas.clone(), j.downs.clone(), j.seen.clone()
	c.shown, c.onTable = slices.Clone(j.shown), slices.Clone(j.onTable)
	c.tables, c.memories = slices.Clone(j.tables), slices.Clone(j.memories)
	c.index = maps.Clone(j.index)
	c.builder, c.keyBuf = newPlayer(&SimConfig{Rules: cfg.Rules, Strategy: Strategy{Actions: cfg.Strategy.Actions}}), nil
	return &c
}

// down is the commission kept on the bets the placements after
// transition tr take down.
func (j *joint) down(tr int) int64 { return int64(paidOn(j.downs.of(j.downAt[tr]))) }

// jointState is the key of a table's state: everything a roll and the
// strategy's next placements depend on, the player's money aside.
func jointState(buf []byte, t *Table, mem *memory, slots int) []byte {
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
func (j *joint) key(t *Table, mem *memory) string {
	return string(jointState(nil, t, mem, j.slots))
}

// stateKey is the key of state s.
func (j *joint) stateKey(s int) string { return j.key(j.tables[s], &j.memories[s]) }

// resume sets player p at state s of the automaton, with cash off the
// layout, to play on from there on the Table: the table, the strategy's
// memory, and nothing it would skip as settled.
func (j *joint) resume(p *player, s int, cash Amount) {
	autos := p.t.autos
	copyTable(&p.t, j.tables[s])
	p.t.autos = autos
	p.t.setMoney(cash)
	b, sp := p.first(), &p.seats[0]
	// The automaton made the last act, which may have changed a bet: the
	// Table acts after the next roll, quiet or not.
	b.mem, b.marks, b.touched = j.memories[s], 0, true
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
	for tr := 0; tr < len(j.next); tr++ {
		if tr%36 == 0 && stop != nil && stop.Load() || !j.built(uint32(tr)) || j.cost[tr] != 0 {
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

// copyTable copies src into dst (a new Table if nil), reusing dst's
// slices; the compiled definitions are shared, as Clone shares them.
func copyTable(dst, src *Table) *Table {
	if dst == nil {
		dst = &Table{}
	}
	seats, bets := dst.seats, dst.bets
	*dst = *src
	dst.seats = append(seats[:0], src.seats...)
	dst.bets = append(bets[:0], src.bets...)
	dst.props = maps.Clone(src.props)
	return dst
}
