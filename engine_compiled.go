package craps

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// The compiled engine: a worker plays its blocks on its own automaton
// (joint), built as the blocks reach its states, and counts how often
// each transition was taken, folded into the sums at the end. Where the
// automaton cannot play on (a session whose bankroll runs short, a hook
// that keeps bets, an automaton that failed), the block goes on on the
// Table engine from the same state.

// jointCache keeps the automata compiled lately, so that repeated runs of
// one layout (benchmarks, shards run in one process, analyses of one
// strategy) compile it once. An entry is never changed once stored: a
// simulation's workers play clones of it, and the largest of them takes
// its place after the run. It holds at most cacheStates states in all,
// and no automaton larger: a state takes some 3-4.4 KB (see
// maxJointStates; a program that simulated one layout after another kept
// 15 GB when the bound was 2^20 states, each state kept a whole Table,
// and the last automaton was kept whatever its size).
var (
	jointCache  sync.Map // jointKey -> *joint
	cacheMu     sync.Mutex
	cachedTotal int // states held, under cacheMu
)

// cacheStates is MaxHandResultsStates, so that the analyses of a
// strategy that craps analyze makes one after another share its
// automaton while it is that small.
const cacheStates = MaxHandResultsStates

type jointKey struct {
	rules    Rules
	strategy string
	// whole: every transition built, for the exact analysis; session:
	// what each does to the player's money kept, for sessions.
	whole, session bool
}

// jointKeyOf is the key the automaton of strategy s under r is cached by:
// its actions, and whether a hook will be shown its rolls.
func jointKeyOf(r Rules, s *Strategy, whole, session bool) jointKey {
	return jointKey{r, fmt.Sprintf("%v %+v", s.NewHook != nil, s.Actions), whole, session}
}

// cachedJoint returns the automaton of s under r as far as runs have
// built it, the key it is cached by, and the strategy it plays: outside
// sessions (session false), s without its stop actions, which a Table
// that takes over must play for its memory to be the automaton's. The
// caller clones the automaton to play it, unless stop was set meanwhile:
// then the automaton is unfinished.
func cachedJoint(r Rules, s *Strategy, session bool, stop *atomic.Bool) (*joint, jointKey, Strategy) {
	played := *s
	if !session {
		played = withoutStops(played)
	}
	k := jointKeyOf(r, &played, false, session)
	if v, ok := jointCache.Load(k); ok {
		return v.(*joint), k, played
	}
	return newAutomaton(r, &played, maxJointStates, session, stop), k, played
}

// wholeJoint returns the automaton of s under r with every transition
// built, or nil if it does not compile (see joint.failed, returned), has
// more than most states (if most is not 0) or stop is set first.
func wholeJoint(r Rules, s *Strategy, most int, stop *atomic.Bool) (*joint, string) {
	k := jointKeyOf(r, s, true, true)
	if v, ok := jointCache.Load(k); ok {
		if j := v.(*joint); most == 0 || j.states() <= most {
			return j, ""
		}
		return nil, fmt.Sprintf("more than %d states", most)
	}
	j := newJoint(r, s, maxJointStates, true)
	if most != 0 {
		j.maxStates = min(j.maxStates, most)
	}
	if !j.buildAll(stop) {
		return nil, j.failed
	}
	keepJoint(k, j)
	return j, ""
}

// keepJoint stores j in the cache under k, in place of a smaller one,
// unless it has more than cacheStates states.
func keepJoint(k jointKey, j *joint) {
	if j.size() > cacheStates {
		return
	}
	cacheMu.Lock()
	defer cacheMu.Unlock()
	old := 0
	if v, ok := jointCache.Load(k); ok {
		if old = v.(*joint).size(); old >= j.size() {
			return
		}
	}
	if cachedTotal+j.size()-old > cacheStates {
		jointCache.Clear()
		cachedTotal, old = 0, 0
	}
	jointCache.Store(k, j)
	cachedTotal += j.size() - old
}

// jointRun is one worker's play of a joint automaton: how many times each
// transition was taken, folded into the sums at the end.
type jointRun struct {
	j      *joint
	counts []uint64
	// p plays on the Table what the automaton cannot: sessions whose
	// bankroll runs short, blocks once a hook keeps bets or the automaton
	// has failed.
	p *player
	// For a strategy with a hook: side plays the bets the hook keeps,
	// while they are of kinds apart from the actions' (none in tied),
	// beside the automaton, which plays the actions' (under the run's rules,
	// the automaton's, set once: a state loads the rest); splitCounts counts
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
	r.side.rules = cfg.Rules
	r.p.settle()
	if j.hooked {
		r.tied = r.p.first().prog.tied()
	}
	return r
}

// built reports whether transition tr is compiled, compiling it if not,
// with the counts grown to the automaton's states; false means the
// automaton has failed, and the caller goes on on the Table.
func (r *jointRun) built(tr uint32) bool {
	if r.j.next[tr] != unbuilt {
		return true
	}
	ok := r.j.build(int(tr))
	r.grow()
	return ok
}

// grow grows the counts to the automaton's transitions, 36 a state, their
// capacity doubled as the automaton's is (grow36), so that a run that
// builds n states copies its counts about once.
func (r *jointRun) grow() {
	n := len(r.j.next)
	for len(r.counts) < n {
		r.counts = grow36(r.counts)
	}
	for r.splitCounts != nil && len(r.splitCounts) < n {
		r.splitCounts = grow36(r.splitCounts)
	}
	for r.endCounts != nil && len(r.endCounts) < n {
		r.endCounts = grow36(r.endCounts)
	}
}

// session plays one session on the automaton while the bankroll covers
// every placement, and hands it to the Table engine, in the same state
// and with the same money, on the first roll after which it would not:
// the Table then skips the bets the player cannot afford, as it would
// have from the start. A bankroll above richCash is handed over before
// the roll, for the Table to keep to MaxBalance, and so is every roll
// once the automaton has failed.
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
		if !r.built(tr) || cash > j.richCash {
			r.sessionOnTable(st, out, s, cash, rolls, i)
			return
		}
		m := &j.money[tr]
		cashMid, mid := cash+m.credit, total+m.mid
		end := p.seats[0].endOf(lim, j.moves[tr].stop, Amount(mid), rolls+1, &out.Ends)
		if end == nil && cashMid < m.need {
			r.sessionOnTable(st, out, s, cash, rolls, i)
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
		cash, total, s = cashMid-m.cost, total+m.end, j.next[tr]
	}
}

// sessionOnTable plays a session on from transition base s (36 times a
// state) on the Table, with cash off the layout, rolls in, throw i drawn.
func (r *jointRun) sessionOnTable(st *stream, out *SimResult, s uint32, cash, rolls int64, i uint) {
	r.j.resume(r.p, int(s/36), Amount(cash))
	r.p.rolls = rolls
	r.p.sessionFrom(st, out, int(i))
}

// play plays one block from the starting state.
func (r *jointRun) play(st *stream, mode SimMode, n int64, out *SimResult) {
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
	if mode == ByRolls && r.complete() {
		r.rolls(st, n)
		return
	}
	next, counts := r.j.next, r.counts
	if mode == ByRolls {
		s := uint32(0)
		for n > 0 {
			w := st.eleven()
			k := min(n, throwsPerWord)
			n -= k
			for ; k > 0; k-- {
				i := w % 36
				w /= 36
				tr := s + uint32(i)
				if next[tr] == unbuilt {
					if !r.built(tr) {
						st.word, st.left = w, int(k-1) // the rest of the word for the Table
						r.blockOnTable(st, mode, n+k, out, s, uint(i), 0, 0)
						return
					}
					next, counts = r.j.next, r.counts
				}
				counts[tr]++
				s = next[tr]
			}
		}
		return
	}
	// A transition's net is below 2^32 (build), so a hand's sum fits in
	// 64 bits unless the hand lasts 2^31 rolls.
	s, hand, rolls := uint32(0), int64(0), int64(0)
	moves := r.j.moves
	for n > 0 {
		i := st.next()
		tr := s + uint32(i)
		if next[tr] == unbuilt {
			if !r.built(tr) {
				r.blockOnTable(st, mode, n, out, s, i, hand, rolls)
				return
			}
			next, counts, moves = r.j.next, r.counts, r.j.moves
		}
		counts[tr]++
		s = next[tr]
		m := &moves[tr]
		hand += m.net
		rolls++
		if m.sevenOut {
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

// completeBudget is how many transitions a run compiles at once to make
// its automaton whole, a few milliseconds' work, for the loop that need
// not look for unbuilt ones.
const completeBudget = 1024

// complete reports whether the run's automaton is whole, making it so if
// little is missing.
func (r *jointRun) complete() bool {
	if r.j.unbuilt != 0 && r.j.unbuilt <= completeBudget {
		r.j.complete(completeBudget, nil)
		r.grow()
	}
	return r.j.unbuilt == 0
}

// rolls plays a block of n rolls on a whole automaton: a look-up and a
// count a roll.
func (r *jointRun) rolls(st *stream, n int64) {
	next, counts := r.j.next, r.counts
	s := uint32(0)
	for n > 0 {
		w := st.eleven()
		k := min(n, throwsPerWord)
		n -= k
		for ; k > 0; k-- {
			tr := s + uint32(w%36)
			w /= 36
			counts[tr]++
			s = next[tr]
		}
	}
}

// blockOnTable plays on a block of n rolls or shooters of a strategy
// without a hook on the Table, from transition base s with throw i
// drawn, hand and rolls into the shooter's hand: the automaton has failed.
func (r *jointRun) blockOnTable(st *stream, mode SimMode, n int64, out *SimResult, s uint32, i uint, hand, rolls int64) {
	p := r.p
	r.j.resume(p, int(s/36), MaxAmount)
	p.seats[0].hand, p.rolls = Amount(hand), rolls
	p.blockFrom(st, mode, n, out, rolls, int(i))
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
		r.split(st, mode, n, out, 0, 0, 0, MaxAmount-Amount(j.startCost), 0, -1)
		return
	}
	// kept is the commission kept on the bets taken down after the last
	// roll, which the hook's Net shows with the next.
	s, hand, rolls, kept := uint32(0), int64(0), int64(0), int64(0)
	cash := int64(MaxAmount) - j.startCost
	h := &b.hookRoll
	for n > 0 {
		i := st.next()
		tr := s + uint32(i)
		if !r.built(tr) {
			r.split(st, mode, n, out, s, hand, rolls, Amount(cash), Amount(kept), int(i))
			return
		}
		r.counts[tr]++
		rolls++
		// The money is unlimited: MaxAmount off the layout before every
		// roll, as the Table engine plays rolls and shooters.
		x := &j.shown[tr]
		s = x.next
		h.Rolls, h.Dice, h.Point, h.Resolved, h.Net, h.Stop = rolls, diceOf(i), int(x.point),
			j.seen.of(x.seen), Amount(x.net-kept), false
		h.Bankroll, h.OnTable = MaxAmount+Amount(x.credit), Amount(x.on)
		b.hook.React(h)
		h.Resolved = nil
		cash = int64(MaxAmount) + x.credit - x.cost
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
			r.split(st, mode, n, out, s, hand, rolls, Amount(cash), Amount(kept), -1)
			return
		}
	}
}

// split plays on a block of n rolls or shooters of a strategy whose hook
// keeps bets, from transition base s (36 times a state), hand and rolls
// in, cash off the layout, and pending, if not negative, a throw drawn
// already: the automaton plays the actions' bets, a table apart (side)
// the hook's, on the same throws. The two are independent while the
// hook's bets are of kinds the actions neither make nor read (tied), as
// the money is unlimited: each roll's resolutions, net and stakes are the
// two tables' together, and the hook is shown them as the Table engine
// shows them. Once the hook keeps a bet of a tied kind, or an amount near
// MaxAmount, or the automaton fails, the Table engine takes over the
// block, with the two tables' bets on one.
func (r *jointRun) split(st *stream, mode SimMode, n int64, out *SimResult, s uint32, hand, rolls int64, cash, kept Amount, pending int) {
	j, p := r.j, r.p
	b, side := p.first(), &r.side
	side.load(j.tables[s/36])
	side.bets, side.exposure = side.bets[:0], 0
	side.setMoney(MaxAmount)
	if r.splitCounts == nil {
		r.splitCounts = make([]uint64, len(j.next))
	}
	l, h, sp := out.ledger(), &b.hookRoll, &p.seats[0]
	// The hook's bets, after the last roll's placements: with nothing yet
	// on the table apart, they take nothing down there.
	if !r.apart(b) || pending >= 0 {
		r.join(s, cash)
		sp.hand, p.rolls = Amount(hand), rolls
		b.keepKept(b.seatAt(&p.t)) // the hook's bets; the automaton made the actions'
		sp.kept = kept + p.acted(out, 0)
		p.blockFrom(st, mode, n, out, rolls, pending)
		return
	}
	r.keepSide(out)
	for n > 0 {
		i := st.next()
		d, tr := diceOf(i), s+uint32(i)
		if !r.built(tr) {
			r.join(s, cash)
			sp.hand, p.rolls = Amount(hand), rolls
			sp.kept = kept
			p.blockFrom(st, mode, n, out, rolls, int(i))
			return
		}
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

		seen := j.seen.of(x.seen)
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
			p.blockFrom(st, mode, n, out, rolls, -1)
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
		n, m := int64(c), &j.moves[tr]
		out.Rolls += n
		if m.sevenOut {
			out.SevenOuts += n
		}
		if rollSums {
			net := m.net
			if !acted {
				net += j.down(tr)
			}
			out.roll.addTimes(n, net, m.staked)
		}
	}
	j.foldBets(out, counts, acted)
	clear(counts)
}

// foldBets folds into out's tallies what counts of transitions did to
// each bet, and if acted what the placements after them took down.
func (j *joint) foldBets(out *SimResult, counts []uint64, acted bool) {
	if j.prod != nil {
		for c, pc := range j.prod.partCounts(counts) {
			j.prod.parts[c].foldBets(out, pc, acted)
		}
		return
	}
	for tr, c := range counts {
		if c == 0 {
			continue
		}
		n := int64(c)
		for _, d := range j.deltas.of(j.lists[tr].deltas) {
			out.tally(d.Bet).scaled(&d, n)
		}
		if acted {
			for _, d := range j.downs.of(j.lists[tr].downs) {
				out.tally(d.bet).takenDown(d.paid, n)
			}
		}
	}
}

// betsNothingAt reports whether strategy s never puts money on the layout
// under r, as far as its automaton can tell before stop is set.
func betsNothingAt(r Rules, s *Strategy, stop *atomic.Bool) bool {
	j, _, _ := cachedJoint(r, s, true, nil)
	return j.clone(&SimConfig{Rules: r, Strategy: *s}).betsNothing(stop)
}
