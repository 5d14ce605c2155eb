package craps

import (
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
)

// maxJointStates bounds the compiled automaton; a layout with more states
// plays on the general engine.
const maxJointStates = 1 << 14

// joint is a strategy compiled with the table into one automaton: every
// state the table and the strategy's memory can be in as the strategy
// plays, and for each state and throw the next state and what the roll
// did to each bet. It is built by playing a Table (Table.Roll, then the
// strategy's actions) from each state over the 36 throws, so it holds no
// rule of its own.
//
// State s is states[s] and memories[s]; transition tr = 36*s + i is throw
// i from state s. The exact analysis reads next, sevenOut, net, staked
// and the states; the fields past them serve the simulator.
type joint struct {
	// next[s*36+i] is 36 times the state that throw i leads to from s.
	next []uint32
	// sevenOut marks the transitions that end a hand; net is the roll's
	// net result for the player, less the commission kept on the bets the
	// placements after it take down (downs), staked the stakes it decided.
	sevenOut []bool
	net      []int64
	staked   []int64
	// states are the tables themselves, with the player's money
	// unlimited; memories the strategy's memory in each.
	states   []*Table
	memories []memory
	// stop marks the transitions after which the strategy ends a session;
	// slots is how many values its memory holds.
	stop  []bool
	slots int
	// deltas[from[k]:from[k+1]] is what transition k's roll adds to each
	// bet, and downs[downFrom[k]:downFrom[k+1]] the commission kept on
	// each bet its placements take down: counted only where they are
	// made, which the roll that ends a session is not.
	from     []int32
	deltas   []BetTally
	downFrom []int32
	downs    []paidBet
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
	// For a strategy with a hook (hooked), seen holds what each
	// transition's roll did to the player's bets, as Table.Roll reports
	// it (where, shown says), and onTable[s] the stakes on the layout in
	// state s: what the hook is shown. Transitions that show the same
	// resolutions share them, so that seen stays small enough for the
	// cache (the full layout's 4,320 transitions show 1,342 resolutions,
	// 15,768 unshared).
	hooked  bool
	seen    []Resolution
	onTable []int64
	shown   []shownRoll // the same, by transition, for the simulator
	// richCash is the most a session's bankroll may hold for the
	// automaton to play it: below it, no roll or placement brings any
	// state's table near MaxBalance, where Table.Roll and Table.Place
	// would play differently (see MaxBalance).
	richCash int64
}

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

// compileJoint compiles the actions of strategy s under r, keeping what
// each roll shows a hook if s has one, or returns nil if it has more than
// limit states or sums too large for the compiled engine, or once stop,
// if not nil, is set.
func compileJoint(r Rules, s *Strategy, limit int, stop *atomic.Bool) *joint {
	cfg := &SimConfig{Rules: r, Strategy: Strategy{Actions: s.Actions}}
	start := newPlayer(cfg)
	start.reset(false)
	slots := len(start.first().prog.slots)
	startOn := onTable(&start.t, 0)
	sortBets(start.t.bets)
	j0 := int64(MaxAmount - start.t.seats[0].bankroll)
	start.t.setMoney(MaxAmount) // every state's money is unlimited
	j := &joint{from: []int32{0}, downFrom: []int32{0}, startCost: j0, startEnd: int64(startOn) - j0, slots: slots,
		startNeed: int64(MaxAmount - start.first().low)}
	j.hooked = s.NewHook != nil
	// runs finds a run of resolutions already in seen, by its first one
	// and its length.
	type seenRun struct {
		first Resolution
		n     int
	}
	runs := map[seenRun][]int32{}
	var seenAt [][2]int32 // by transition
	j.states, j.memories = []*Table{copyTable(nil, &start.t)}, []memory{start.first().mem}
	index := map[string]uint32{j.stateKey(0): 0}
	var key []byte
	p := newPlayer(cfg)
	for s := 0; s < len(j.states); s++ {
		if stop != nil && stop.Load() {
			return nil
		}
		for i := uint(0); i < 36; i++ {
			copyTable(&p.t, j.states[s])
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
					return nil
				}
				down += int64(d.paid)
			}
			j.downs = append(j.downs, b.down...)
			j.downFrom = append(j.downFrom, int32(len(j.downs)))
			net -= Amount(down)
			j.credit = append(j.credit, int64(cashMid-MaxAmount))
			j.cost = append(j.cost, int64(cashMid-t.seats[0].bankroll))
			j.need = append(j.need, int64(cashMid-b.low))
			j.mid = append(j.mid, int64(cashMid+onMid-MaxAmount-on0))
			j.end = append(j.end, int64(t.seats[0].bankroll+onTable(t, 0)-MaxAmount-on0))
			t.handRolls, t.sinceSeven = min(t.handRolls, 1), min(t.sinceSeven, 1)
			t.setMoney(MaxAmount)
			sortBets(t.bets)
			key = jointState(key[:0], t, &b.mem, slots)
			next, ok := index[string(key)]
			if !ok {
				if len(j.states) >= limit {
					return nil
				}
				next = uint32(len(j.states))
				index[string(key)] = next
				j.states = append(j.states, copyTable(nil, t))
				j.memories = append(j.memories, b.mem)
			}
			j.next = append(j.next, next*36)
			j.sevenOut = append(j.sevenOut, delta.SevenOuts > 0)
			j.stop = append(j.stop, b.stop)
			j.net = append(j.net, int64(net))
			j.staked = append(j.staked, int64(staked))
			for _, d := range delta.Bets {
				if !d.fits64() ||
					!product(int64(net), int64(net)).fits64() || !product(int64(staked), int64(staked)).fits64() ||
					!product(int64(net), int64(staked)).fits64() {
					return nil
				}
				j.deltas = append(j.deltas, d)
			}
			j.from = append(j.from, int32(len(j.deltas)))
			if j.hooked {
				if i == 0 {
					j.onTable = append(j.onTable, int64(on0))
				}
				lo := int32(len(j.seen))
				j.seen = append(j.seen, p.res...)
				run := j.seen[lo:]
				sortResolutions(run)
				if len(run) > 0 {
					k := seenRun{run[0], len(run)}
					at := slices.IndexFunc(runs[k], func(at int32) bool { return slices.Equal(j.seen[at:at+int32(len(run))], run) })
					if at < 0 {
						runs[k] = append(runs[k], lo)
					} else {
						j.seen, lo = j.seen[:lo], runs[k][at]
					}
				}
				seenAt = append(seenAt, [2]int32{lo, lo + int32(len(run))})
			}
		}
	}
	if j.richCash = richCash(j.states); j.richCash < int64(MaxAmount) {
		return nil // the unlimited money of roll and shooter runs is too near the bound
	}
	if j.hooked {
		j.shown = make([]shownRoll, len(j.next))
		for tr := range j.shown {
			next := j.next[tr]
			j.shown[tr] = shownRoll{next: next, seenLo: seenAt[tr][0], seenHi: seenAt[tr][1],
				point: j.states[next/36].point, sevenOut: j.sevenOut[tr], net: j.net[tr] + j.down(tr), down: j.down(tr),
				staked: j.staked[tr], credit: j.credit[tr], cost: j.cost[tr], on: j.onTable[tr/36] + j.mid[tr] - j.credit[tr]}
		}
	}
	return j
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
	seenLo, seenHi    int32
	point             int8
	sevenOut          bool
	net, down, staked int64
	credit, cost      int64
	on                int64
}

// down is the commission kept on the bets the placements after
// transition tr take down.
func (j *joint) down(tr int) int64 {
	return int64(paidOn(j.downs[j.downFrom[tr]:j.downFrom[tr+1]]))
}

// richCash is the most a bankroll may hold for the automaton to play a
// session as a Table would. From a state s, with the bankroll at c, the
// Table holds c plus the stakes on the layout; a roll pays out at most the
// state's exposure E(s); the placements after it bring the layout to
// the next state's (at most the largest E) while a bet it tries may ask
// up to MaxAmount at the largest payout Rules allow. Below richCash all
// of that stays within MaxBalance, so no bet is refused for the bound
// and every bet that stays up stays up, whatever the bankroll; it is
// negative if no bankroll is.
func richCash(states []*Table) int64 {
	onTable, exposure := Amount(0), Amount(0)
	for _, t := range states {
		e, _, ok := t.exactExposure()
		if !ok {
			return -1
		}
		onTable, exposure = max(onTable, t.players()-t.seats[0].bankroll), max(exposure, e)
	}
	need, ok := sumAmounts(onTable, exposure, exposure, exposure, maxRatioTerm*MaxAmount)
	if !ok || need > MaxBalance {
		return -1
	}
	return int64(MaxBalance - need)
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

// jointCache keeps the automata compiled lately, so that repeated runs of
// one layout (benchmarks, shards run in one process) compile it once.
var (
	jointCache   sync.Map // jointKey -> *joint, nil for a layout that does not compile
	jointEntries atomic.Int64
)

type jointKey struct {
	rules    Rules
	strategy string
}

// jointKeyOf is the key the automaton of strategy s under r is cached by:
// its actions, and whether a hook will be shown its rolls.
func jointKeyOf(r Rules, s *Strategy) jointKey {
	return jointKey{r, fmt.Sprintf("%v %+v", s.NewHook != nil, s.Actions)}
}

func cachedJoint(r Rules, s *Strategy, stop *atomic.Bool) *joint {
	k := jointKeyOf(r, s)
	if v, ok := jointCache.Load(k); ok {
		return v.(*joint)
	}
	j := compileJoint(r, s, maxJointStates, stop)
	if stop != nil && stop.Load() {
		return nil // not compiled: nothing to keep
	}
	if jointEntries.Add(1) > 64 {
		jointCache.Clear()
		jointEntries.Store(1)
	}
	jointCache.Store(k, j)
	return j
}

// betsNothing reports whether the strategy never puts money on the layout,
// from any state it reaches.
func (j *joint) betsNothing() bool {
	return j.startCost == 0 && !slices.ContainsFunc(j.cost, func(c int64) bool { return c != 0 })
}

// jointRun is one worker's play of a joint automaton: how many times each
// transition was taken, folded into the sums at the end.
type jointRun struct {
	j      *joint
	counts []uint64
	// p plays the sessions whose bankroll runs short on the Table.
	p *player
	// For a strategy with a hook: side plays the bets the hook keeps,
	// while they are of kinds apart from the actions' (none in tied),
	// beside the automaton, which plays the actions'; splitCounts counts
	// the transitions taken meanwhile, whose roll sums are counted roll by
	// roll. sideRes, merged and sidePaid are buffers.
	side        Table
	tied        KindSet
	splitCounts []uint64
	// endCounts counts the transitions that ended a session: their
	// placements were not made.
	endCounts []uint64
	sideRes   []Resolution
	merged    []Resolution
	sidePaid  []paidBet
}

func (j *joint) newRun(cfg *SimConfig) *jointRun {
	r := &jointRun{j: j, counts: make([]uint64, len(j.next)), p: newPlayer(cfg)}
	r.p.settle()
	if j.hooked {
		r.tied = r.p.first().prog.tied()
	}
	return r
}

// session plays one session on the automaton while the bankroll covers
// every placement, and hands it to the Table engine, in the same state
// and with the same money, on the first roll after which it would not:
// the Table then skips the bets the player cannot afford, as it would
// have from the start. A bankroll above richCash is handed over before
// the roll, for the Table to keep to MaxBalance.
func (r *jointRun) session(st *stream, out *SimResult) {
	j, p := r.j, r.p
	lim := &p.cfg.Session
	if int64(lim.Bankroll) < j.startNeed {
		p.reset(true)
		p.sessionFrom(st, out, -1)
		return
	}
	cash, total := int64(lim.Bankroll)-j.startCost, int64(lim.Bankroll)+j.startEnd
	s, rolls := uint32(0), int64(0)
	for {
		if rolls&cancelCheck == 0 && p.cancelled() { // a session may never end
			return
		}
		i := st.next()
		tr := s + uint32(i)
		cashMid, mid := cash+j.credit[tr], total+j.mid[tr]
		end := p.seats[0].endOf(lim, j.stop[tr], Amount(mid), rolls+1, &out.Ends)
		if cash > j.richCash || (end == nil && cashMid < j.need[tr]) {
			j.resume(p, int(s/36), Amount(cash))
			p.rolls = rolls
			p.sessionFrom(st, out, int(i))
			return
		}
		rolls++
		if end != nil {
			if r.endCounts == nil {
				r.endCounts = make([]uint64, len(j.next))
			}
			r.endCounts[tr]++
			*end++
			out.SessionRolls += rolls
			out.record(Amount(mid) - lim.Bankroll)
			return
		}
		r.counts[tr]++
		cash, total, s = cashMid-j.cost[tr], total+j.end[tr], j.next[tr]
	}
}

// resume sets player p at state s of the automaton, with cash off the
// layout, to play on from there on the Table: the table, the strategy's
// memory, and nothing it would skip as settled.
func (j *joint) resume(p *player, s int, cash Amount) {
	autos := p.t.autos
	copyTable(&p.t, j.states[s])
	p.t.autos = autos
	p.t.setMoney(cash)
	b, sp := p.first(), &p.seats[0]
	// The automaton made the last act, which may have changed a bet: the
	// Table acts after the next roll, quiet or not.
	b.mem, b.marks, b.touched = j.memories[s], 0, true
	sp.short, sp.ended, sp.quiet = false, false, false
	sp.rollNet, sp.rollStaked, sp.kept = 0, 0, 0
}

// key is the key of a table in the state t and the strategy's memory mem
// as the automaton numbers its states (t's bets sorted, its roll counts
// capped at 1, the player's money aside): stateKey(s) for state s.
func (j *joint) key(t *Table, mem *memory) string {
	return string(jointState(nil, t, mem, j.slots))
}

// stateKey is the key of state s.
func (j *joint) stateKey(s int) string { return j.key(j.states[s], &j.memories[s]) }

// play plays one block from the starting state.
func (r *jointRun) play(st *stream, mode SimMode, n int64, out *SimResult) {
	next, counts := r.j.next, r.counts
	if r.j.hooked {
		r.hooked(st, mode, n, out)
		return
	}
	if mode == BySessions {
		for range n {
			r.session(st, out)
		}
		return
	}
	if mode == ByRolls {
		s := uint32(0)
		for n > 0 {
			w := st.draw()
			k := min(n, throwsPerWord)
			n -= k
			for ; k > 0; k-- {
				tr := s + uint32(w%36)
				w /= 36
				counts[tr]++
				s = next[tr]
			}
		}
		return
	}
	// A transition's net is below 2^32 (compileJoint), so a hand's sum
	// fits in 64 bits unless the hand lasts 2^31 rolls.
	s, hand, rolls := uint32(0), int64(0), int64(0)
	sevenOut, net := r.j.sevenOut, r.j.net
	for n > 0 {
		tr := s + uint32(st.next())
		counts[tr]++
		s = next[tr]
		hand += net[tr]
		rolls++
		if sevenOut[tr] {
			if rolls >= 1<<31 {
				out.overflow = true
				return
			}
			out.record(Amount(hand))
			hand, rolls = 0, 0
			n--
		}
	}
}

// hooked plays a block of rolls or shooters of a strategy with a hook: on
// the automaton, showing the hook after each roll what the Table engine
// would (the roll's resolutions, its net result, the player's money and
// the puck), while the hook keeps no bet of its own; once it keeps one,
// the block goes on on the Table engine, from the same state.
func (r *jointRun) hooked(st *stream, mode SimMode, n int64, out *SimResult) {
	j, p := r.j, r.p
	b := p.first()
	p.t.seats[0].bankroll = MaxAmount // as the Table engine's block starts
	b.reset(&p.t)                     // the hook's Reset
	if len(b.kept) > 0 {
		r.split(st, mode, n, out, 0, 0, 0, MaxAmount-Amount(j.startCost), 0)
		return
	}
	// kept is the commission kept on the bets taken down after the last
	// roll, which the hook's Net shows with the next.
	s, hand, rolls, kept := uint32(0), int64(0), int64(0), int64(0)
	h := &b.hookRoll
	for n > 0 {
		i := st.next()
		tr := s + uint32(i)
		r.counts[tr]++
		rolls++
		// The money is unlimited: MaxAmount off the layout before every
		// roll, as the Table engine plays rolls and shooters.
		x := &j.shown[tr]
		s = x.next
		h.Rolls, h.Dice, h.Point, h.Resolved, h.Net, h.Stop = rolls, diceOf(i), int(x.point),
			j.seen[x.seenLo:x.seenHi], Amount(x.net-kept), false
		h.Bankroll, h.OnTable = MaxAmount+Amount(x.credit), Amount(x.on)
		b.hook.React(h)
		h.Resolved = nil
		cash := int64(MaxAmount) + x.credit - x.cost
		done := mode == ByRolls
		net := x.net - x.down
		kept = x.down
		if mode == ByShooters && x.sevenOut {
			out.record(Amount(hand + net))
			hand, done = 0, true
		} else {
			hand += net
		}
		if done {
			n--
		}
		if len(b.kept) > 0 && n > 0 {
			r.split(st, mode, n, out, s, hand, rolls, Amount(cash), Amount(kept))
			return
		}
	}
}

// split plays on a block of n rolls or shooters of a strategy whose hook
// keeps bets, from transition base s (36 times a state), hand and rolls
// in, cash off the layout: the automaton plays the actions' bets, a table
// apart (side) the hook's, on the same throws. The two are independent
// while the hook's bets are of kinds the actions neither make nor read
// (tied), as the money is unlimited: each roll's resolutions, net and
// stakes are the two tables' together, and the hook is shown them as
// the Table engine shows them. Once the hook keeps a bet of a tied kind,
// or an amount near MaxAmount, the Table engine takes over the block,
// with the two tables' bets on one.
func (r *jointRun) split(st *stream, mode SimMode, n int64, out *SimResult, s uint32, hand, rolls int64, cash, kept Amount) {
	j, p := r.j, r.p
	b, side := p.first(), &r.side
	autos := side.autos // a worker's own compiled definitions
	copyTable(side, j.states[s/36])
	side.autos, side.bets, side.exposure = autos, side.bets[:0], 0
	side.setMoney(MaxAmount)
	if r.splitCounts == nil {
		r.splitCounts = make([]uint64, len(j.next))
	}
	l, h, sp := out.ledger(), &b.hookRoll, &p.seats[0]
	// The hook's bets, after the last roll's placements: with nothing yet
	// on the table apart, they take nothing down there.
	if !r.apart(b) {
		r.join(s, cash)
		sp.hand, p.rolls = Amount(hand), rolls
		b.keepKept(b.seatAt(&p.t)) // the hook's bets; the automaton made the actions'
		sp.kept = kept + p.acted(out, 0)
		p.blockFrom(st, mode, n, out, rolls)
		return
	}
	r.keepSide(out)
	for n > 0 {
		i := st.next()
		d, tr := diceOf(i), s+uint32(i)
		x := j.shown[tr]
		r.splitCounts[tr]++

		rolls++
		side.setMoney(MaxAmount)
		r.sidePaid = r.sidePaid[:0]
		for k := range side.bets {
			if q := &side.bets[k]; q.paid != 0 {
				r.sidePaid = append(r.sidePaid, paidBet{0, q.bet, q.paid})
			}
		}
		before := side.point
		r.sideRes, _ = side.roll(d, r.sideRes[:0])
		var sideNet, sideStaked Amount
		for k := range r.sideRes {
			res := &r.sideRes[k]
			if res.Outcome == OutcomeMoved {
				continue
			}
			paid := Amount(0)
			for _, y := range r.sidePaid {
				if y.bet == res.Bet {
					paid = y.paid
				}
			}
			dn, ds := (*l.bets)[sp.tally(side, l, res.Bet)].record(res, paid)
			sideNet += dn
			sideStaked += ds
		}
		net, staked := x.net+int64(sideNet), x.staked+int64(sideStaked)

		seen := j.seen[x.seenLo:x.seenHi]
		if b.settled != nil {
			b.unsettleKept(before != side.point, d.Total() == 7, r.sideRes)
		}
		if len(r.sideRes) > 0 {
			sortResolutions(r.sideRes)
			r.merged = mergeResolutions(r.merged[:0], seen, r.sideRes)
			seen = r.merged
		}
		sideCredit := side.seats[0].bankroll - MaxAmount
		s = x.next
		h.Rolls, h.Dice, h.Point, h.Resolved, h.Net, h.Stop = rolls, d, int(side.point), seen, Amount(net)-kept, false
		h.Bankroll, h.OnTable = MaxAmount+Amount(x.credit)+sideCredit, Amount(x.on)+onTable(side, 0)
		b.hook.React(h)
		h.Resolved = nil
		cash = MaxAmount + Amount(x.credit-x.cost) + sideCredit

		// The placements after the roll: the actions' (the automaton's,
		// down the commission they keep) and the hook's, on the table
		// apart or, once they may not be played apart, on the Table
		// engine, which takes over the block. The roll counts with the
		// commission kept on the bets they take down.
		if !r.apart(b) {
			r.join(s, cash)
			sp.hand, p.rolls = Amount(hand), rolls
			sp.rollNet, sp.rollStaked = Amount(net-x.down), Amount(staked)
			b.keepKept(b.seatAt(&p.t)) // the hook's bets; the automaton made the actions'
			sp.kept = Amount(x.down) + p.acted(out, 0)
			switch {
			case out.overflow:
				return
			case mode == ByRolls:
				n--
			case x.sevenOut:
				out.record(sp.hand)
				sp.hand = 0
				n--
			}
			p.blockFrom(st, mode, n, out, rolls)
			return
		}
		sideKept := r.keepSide(out)
		kept = Amount(x.down) + sideKept
		net -= int64(kept)
		l.roll.add(net, staked)
		if mode == ByRolls {
			n--
			continue
		}
		sum, fits := addAmounts(Amount(hand), Amount(net))
		if !fits {
			out.overflow = true // the hand's result is past what an Amount holds
			return
		}
		if hand = int64(sum); x.sevenOut {
			out.record(sum)
			hand = 0
			n--
		}
	}
}

// keepSide keeps the hook's bets on the table apart, as its placements
// after a roll, and counts in out the commission kept on the bets it
// takes down there, which it returns.
func (r *jointRun) keepSide(out *SimResult) (kept Amount) {
	b, sp, l := r.p.first(), &r.p.seats[0], out.ledger()
	b.keepKept(b.seatAt(&r.side))
	for _, d := range b.down {
		(*l.bets)[sp.tally(&r.side, l, d.bet)].takenDown(d.paid, 1)
		kept += d.paid
	}
	b.down = b.down[:0]
	return kept
}

// apart reports whether every bet the hook keeps may be played on the
// table apart: of a kind the actions do not tie, and all together far
// below MaxAmount, so that the money the actions' bets take could not
// have made the table skip one.
func (r *jointRun) apart(b *bettor) bool {
	sum := Amount(0)
	for i := range b.kept {
		k := &b.kept[i]
		if r.tied.Has(k.bet.Kind) || k.amount > MaxAmount/4 {
			return false
		}
		if sum += k.amount; sum > MaxAmount/4 {
			return false
		}
	}
	return true
}

// join sets the player's table at state s/36 of the automaton with the
// bets of the table apart beside the actions', and cash off the layout,
// for the Table engine to play on.
func (r *jointRun) join(s uint32, cash Amount) {
	t := &r.p.t
	r.j.resume(r.p, int(s/36), cash)
	for _, q := range r.side.bets {
		q.row, q.quiet = nil, 0 // bound again to the table's definitions
		t.bets = append(t.bets, q)
	}
	sortBets(t.bets)
	if e, _, ok := t.exactExposure(); ok {
		t.exposure = e
	}
}

// mergeResolutions appends to dst the resolutions of a and b, each sorted
// by bet, in one order by bet, as sortResolutions would sort them.
func mergeResolutions(dst, a, b []Resolution) []Resolution {
	for k := range b {
		n := 0 // a's resolutions before b[k], copied in one run
		for n < len(a) && !betLess(&b[k].Bet, &a[n].Bet) {
			n++
		}
		dst = append(dst, a[:n]...)
		dst = append(dst, b[k])
		a = a[n:]
	}
	return append(dst, a...)
}

// finish folds the transition counts into out: the roll sums too, but
// for those split counted roll by roll.
func (r *jointRun) finish(out *SimResult) {
	r.fold(out, r.counts, true, true)
	r.fold(out, r.splitCounts, false, true)
	if r.endCounts != nil {
		r.fold(out, r.endCounts, true, false)
	}
	sortTallies(out.Bets)
}

// fold folds counts of transitions into out, their roll sums if rollSums,
// and if acted what the placements after them took down (else their
// rolls ended sessions, and those placements were not made).
func (r *jointRun) fold(out *SimResult, counts []uint64, rollSums, acted bool) {
	j := r.j
	for tr, c := range counts {
		if c == 0 {
			continue
		}
		n := int64(c)
		out.Rolls += n
		if j.sevenOut[tr] {
			out.SevenOuts += n
		}
		if rollSums {
			net := j.net[tr]
			if !acted {
				net += j.down(tr)
			}
			out.roll.addTimes(n, net, j.staked[tr])
		}
		for k := j.from[tr]; k < j.from[tr+1]; k++ {
			d := &j.deltas[k]
			out.tally(d.Bet).scaled(d, n)
		}
		if acted {
			for _, d := range j.downs[j.downFrom[tr]:j.downFrom[tr+1]] {
				out.tally(d.bet).takenDown(d.paid, n)
			}
		}
		counts[tr] = 0
	}
}
