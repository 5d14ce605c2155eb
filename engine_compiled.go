package craps

import (
	"fmt"
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
	// net result for the player, staked the stakes it decided.
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
	// deltas[from[k]:from[k+1]] is what transition k adds to each bet.
	from   []int32
	deltas []BetTally
	// For sessions, where the player's money is counted: credit is what a
	// transition's roll pays into the bankroll, cost what the placements
	// after it take out of it, mid and end the change of the player's
	// money on and off the layout after the roll and after the placements.
	credit, cost, mid, end []int64
	// startCost and startEnd are the first placements' cost and change of
	// the player's money.
	startCost, startEnd int64
	// For a strategy with a hook, seen[seenFrom[tr]:seenFrom[tr+1]] is
	// what transition tr's roll did to the player's bets, as Table.Roll
	// reports it, and onTable[s] the stakes on the layout in state s: what
	// the hook is shown.
	seenFrom []int32
	seen     []Resolution
	onTable  []int64
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
// limit states or sums too large for the compiled engine.
func compileJoint(r Rules, s *Strategy, limit int) *joint {
	cfg := &SimConfig{Rules: r, Strategy: Strategy{Actions: s.Actions}}
	start := newPlayer(cfg)
	start.reset(false)
	slots := len(start.first().prog.slots)
	startOn := onTable(&start.t, 0)
	sortBets(start.t.bets)
	j0 := int64(MaxAmount - start.t.seats[0].bankroll)
	start.t.setMoney(MaxAmount) // every state's money is unlimited
	j := &joint{from: []int32{0}, startCost: j0, startEnd: int64(startOn) - j0, slots: slots}
	if s.NewHook != nil {
		j.seenFrom = []int32{0}
	}
	j.states, j.memories = []*Table{copyTable(nil, &start.t)}, []memory{start.first().mem}
	index := map[string]uint32{j.stateKey(0): 0}
	var key []byte
	p := newPlayer(cfg)
	for s := 0; s < len(j.states); s++ {
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
			j.credit = append(j.credit, int64(cashMid-MaxAmount))
			j.cost = append(j.cost, int64(cashMid-t.seats[0].bankroll))
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
			if j.seenFrom != nil {
				if i == 0 {
					j.onTable = append(j.onTable, int64(on0))
				}
				j.seen = append(j.seen, p.res...)
				sortResolutions(j.seen[j.seenFrom[len(j.seenFrom)-1]:])
				j.seenFrom = append(j.seenFrom, int32(len(j.seen)))
			}
		}
	}
	if j.richCash = richCash(j.states); j.richCash < int64(MaxAmount) {
		return nil // the unlimited money of roll and shooter runs is too near the bound
	}
	return j
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
		if betLess(a.bet, b.bet) {
			return -1
		}
		if betLess(b.bet, a.bet) {
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

func cachedJoint(r Rules, s *Strategy) *joint {
	k := jointKeyOf(r, s)
	if v, ok := jointCache.Load(k); ok {
		return v.(*joint)
	}
	j := compileJoint(r, s, maxJointStates)
	if jointEntries.Add(1) > 64 {
		jointCache.Clear()
		jointEntries.Store(1)
	}
	jointCache.Store(k, j)
	return j
}

// jointRun is one worker's play of a joint automaton: how many times each
// transition was taken, folded into the sums at the end.
type jointRun struct {
	j      *joint
	counts []uint64
	// p plays the sessions whose bankroll runs short on the Table.
	p *player
}

func (j *joint) newRun(cfg *SimConfig) *jointRun {
	r := &jointRun{j: j, counts: make([]uint64, len(j.next)), p: newPlayer(cfg)}
	r.p.settle()
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
	if int64(lim.Bankroll) < j.startCost {
		p.reset(true)
		p.sessionFrom(st, out, -1)
		return
	}
	cash, total := int64(lim.Bankroll)-j.startCost, int64(lim.Bankroll)+j.startEnd
	s, rolls := uint32(0), int64(0)
	for {
		i := st.next()
		tr := s + uint32(i)
		cashMid, mid := cash+j.credit[tr], total+j.mid[tr]
		end := p.seats[0].endOf(lim, j.stop[tr], Amount(mid), rolls+1, &out.Ends)
		if cash > j.richCash || (end == nil && cashMid < j.cost[tr]) {
			j.resume(p, int(s/36), Amount(cash))
			p.rolls = rolls
			p.sessionFrom(st, out, int(i))
			return
		}
		r.counts[tr]++
		rolls++
		if end != nil {
			*end++
			out.SessionRolls += rolls
			out.record(Amount(mid) - lim.Bankroll)
			return
		}
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
	b.mem, b.marks = j.memories[s], 0
	sp.short, sp.ended, sp.quiet = false, false, false
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
	if r.j.seenFrom != nil {
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
		p.reset(false)
		p.blockFrom(st, mode, n, out, 0)
		return
	}
	s, hand, rolls := uint32(0), int64(0), int64(0)
	h := &b.hookRoll
	for n > 0 {
		i := st.next()
		tr := s + uint32(i)
		r.counts[tr]++
		rolls++
		// The money is unlimited: MaxAmount off the layout before every
		// roll, as the Table engine plays rolls and shooters.
		on := j.onTable[s/36] + j.mid[tr] - j.credit[tr]
		s = j.next[tr]
		h.Rolls, h.Dice, h.Point, h.Resolved, h.Net, h.Stop = rolls, diceOf(i), int(j.states[s/36].point),
			j.seen[j.seenFrom[tr]:j.seenFrom[tr+1]], Amount(j.net[tr]), false
		h.Bankroll, h.OnTable = MaxAmount+Amount(j.credit[tr]), Amount(on)
		b.hook.React(h)
		h.Resolved = nil
		cash := int64(MaxAmount) + j.credit[tr] - j.cost[tr]
		done := mode == ByRolls
		if mode == ByShooters && j.sevenOut[tr] {
			out.record(Amount(hand + j.net[tr]))
			hand, done = 0, true
		} else {
			hand += j.net[tr]
		}
		if done {
			n--
		}
		if len(b.kept) > 0 && n > 0 {
			j.resume(p, int(s/36), Amount(cash))
			p.seats[0].hand, p.rolls = Amount(hand), rolls
			b.act(&p.t) // the hook's bets, after the actions'
			p.blockFrom(st, mode, n, out, rolls)
			return
		}
	}
}

// finish folds the transition counts into out.
func (r *jointRun) finish(out *SimResult) {
	j := r.j
	for tr, c := range r.counts {
		if c == 0 {
			continue
		}
		n := int64(c)
		out.Rolls += n
		if j.sevenOut[tr] {
			out.SevenOuts += n
		}
		net, staked := j.net[tr], j.staked[tr]
		out.roll.addTimes(n, net, staked)
		for k := j.from[tr]; k < j.from[tr+1]; k++ {
			d := &j.deltas[k]
			out.tally(d.Bet).scaled(d, n)
		}
		r.counts[tr] = 0
	}
	sortTallies(out.Bets)
}
