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

// joint is a strategy's whole layout compiled into one automaton: every
// state the table can be in as the strategy plays it, and for each state
// and throw the next state and what the roll did to each bet. It is built
// by playing a Table (Table.Roll, then the strategy's placements) from
// each state over the 36 throws, so it holds no rule of its own.
type joint struct {
	// next[s*36+i] is 36 times the state that throw i leads to from s.
	next []uint32
	// sevenOut marks the transitions that end a hand; net is the roll's
	// net result for the player.
	sevenOut []bool
	net      []int64
	staked   []int64
	// deltas[from[k]:from[k+1]] is what transition k adds to each bet.
	from   []int32
	deltas []BetTally
	// For sessions, where the player's money is counted: credit is what a
	// transition's roll pays into the bankroll, cost what the placements
	// after it take out of it, mid and end the change of the player's
	// money on and off the layout after the roll and after the placements.
	credit, cost, mid, end []int64
	// states are the tables themselves, for a session handed to the Table
	// engine when the bankroll runs short; startCost and startEnd are the
	// first placements' cost and change of the player's money.
	states              []*Table
	startCost, startEnd int64
	// richCash is the most a session's bankroll may hold for the
	// automaton to play it: below it, no roll or placement brings any
	// state's table near MaxBalance, where Table.Roll and Table.Place
	// would play differently (see MaxBalance).
	richCash int64
}

// jointState is the key of a table's state: everything a roll and the
// strategy's next placements depend on, the player's money aside.
func jointState(buf []byte, t *Table) []byte {
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
	return buf
}

// compileJoint compiles the layout under r, or returns nil if it has more
// than limit states or sums too large for the compiled engine.
func compileJoint(r Rules, layout []Spot, limit int) *joint {
	cfg := &SimConfig{Rules: r, Strategy: Strategy{Layout: layout}}
	start := newPlayer(cfg)
	start.reset(MaxAmount)
	startOn := start.onTable()
	sortBets(start.t.bets)
	j0 := int64(MaxAmount - start.t.seats[0].bankroll)
	start.t.setMoney(MaxAmount) // every state's money is unlimited
	states := []*Table{copyTable(nil, &start.t)}
	index := map[string]uint32{string(jointState(nil, states[0])): 0}
	j := &joint{from: []int32{0}, startCost: j0, startEnd: int64(startOn) - j0}
	var key []byte
	p := newPlayer(cfg)
	for s := 0; s < len(states); s++ {
		for i := uint(0); i < 36; i++ {
			copyTable(&p.t, states[s])
			t := &p.t
			on0 := p.onTable()
			var delta SimResult
			net, staked := p.roll(i, &delta)
			cashMid, onMid := t.seats[0].bankroll, p.onTable()
			keep(t, 0, layout)
			j.credit = append(j.credit, int64(cashMid-MaxAmount))
			j.cost = append(j.cost, int64(cashMid-t.seats[0].bankroll))
			j.mid = append(j.mid, int64(cashMid+onMid-MaxAmount-on0))
			j.end = append(j.end, int64(t.seats[0].bankroll+p.onTable()-MaxAmount-on0))
			t.handRolls, t.sinceSeven = min(t.handRolls, 1), min(t.sinceSeven, 1)
			t.setMoney(MaxAmount)
			sortBets(t.bets)
			key = jointState(key[:0], t)
			next, ok := index[string(key)]
			if !ok {
				if len(states) >= limit {
					return nil
				}
				next = uint32(len(states))
				index[string(key)] = next
				states = append(states, copyTable(nil, t))
			}
			j.next = append(j.next, next*36)
			j.sevenOut = append(j.sevenOut, delta.SevenOuts > 0)
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
		}
	}
	j.states = states
	if j.richCash = richCash(states); j.richCash < int64(MaxAmount) {
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
	rules  Rules
	layout string
}

func cachedJoint(r Rules, layout []Spot) *joint {
	k := jointKey{r, fmt.Sprintf("%+v", layout)}
	if v, ok := jointCache.Load(k); ok {
		return v.(*joint)
	}
	j := compileJoint(r, layout, maxJointStates)
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
	return &jointRun{j: j, counts: make([]uint64, len(j.next)), p: newPlayer(cfg)}
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
		p.session(st, out)
		return
	}
	cash, total := int64(lim.Bankroll)-j.startCost, int64(lim.Bankroll)+j.startEnd
	s, rolls := uint32(0), int64(0)
	for {
		i := st.next()
		tr := s + uint32(i)
		cashMid, mid := cash+j.credit[tr], total+j.mid[tr]
		end := p.endOf(Amount(mid), rolls+1, &out.Ends)
		if cash > j.richCash || (end == nil && cashMid < j.cost[tr]) {
			j.resume(p, int(s/36), Amount(cash))
			p.sessionFrom(st, out, false, rolls, int(i))
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
// layout, to play on from there on the Table.
func (j *joint) resume(p *player, s int, cash Amount) {
	autos := p.t.autos
	copyTable(&p.t, j.states[s])
	p.t.autos = autos
	p.t.setMoney(cash)
	p.layout = append(p.layout[:0], p.cfg.Strategy.Layout...)
}

// play plays one block from the starting state.
func (r *jointRun) play(st *stream, mode SimMode, n int64, out *SimResult) {
	next, counts := r.j.next, r.counts
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
		out.rollNetSq.add(product(n, net*net))
		out.rollNetStaked.add(product(n, net*staked))
		out.rollStakedSq.add(product(n, staked*staked))
		for k := j.from[tr]; k < j.from[tr+1]; k++ {
			d := &j.deltas[k]
			out.tally(d.Bet).scaled(d, n)
		}
		r.counts[tr] = 0
	}
	out.sortBets()
}
