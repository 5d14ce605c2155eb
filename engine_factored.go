package craps

import "sync/atomic"

// The factored engine. A strategy whose groups of actions (components)
// make a product too large to keep in a processor's cache (six place
// bets pressed on their own wins: 32,769 states) plays its clusters side
// by side: each cluster of groups is an automaton small enough to stay in
// cache (clusterStates), and every roll steps each cluster on the same
// throw. The roll's net result and stakes are the clusters' summed; each
// cluster counts its transitions, whose sums (and the squares of each
// cluster's roll) fold as a compiled run's do, and the run adds the
// products of two clusters' results on the rolls where both decide
// something, which the squares of the roll's sum hold beside the
// clusters' own.

// wholeStates is the most states the product of a strategy's groups may
// have to be played as one automaton, about a megabyte: a larger one plays
// as clusters of at most clusterStates states, stepped side by side.
const (
	wholeStates   = 1024
	clusterStates = 256
)

// newAutomaton starts the automaton of s under r: for a strategy without
// a hook whose actions fall into several independent groups (components),
// the product of their parts, or, past wholeStates, clusters of them
// stepped side by side; else one automaton of all the actions. It looks
// at stop, if not nil, as it builds the parts, and leaves them unfinished
// once it is set.
func newAutomaton(r Rules, s *Strategy, maxStates int, session bool, stop *atomic.Bool) *joint {
	if s.NewHook != nil {
		return newJoint(r, s, maxStates, session)
	}
	groups := components(s.Actions)
	if len(groups) == 1 {
		return newJoint(r, s, maxStates, session)
	}
	clusters, whole := clustersOf(r, s, groups, maxStates, session, stop)
	if len(clusters) == 1 {
		return newProduct(r, s, groups, maxStates, session, stop)
	}
	j := &joint{session: session, slots: len(newMemoryLayout(s.Actions).slots), maxStates: maxStates}
	pr := &partsOf{stepped: true}
	j.prod = pr
	for _, cl := range clusters {
		var idx []int // the cluster's actions, in order
		for _, g := range cl {
			idx = append(idx, groups[g]...)
		}
		sortInts(idx)
		sub := Strategy{}
		local := make(map[int]int, len(idx))
		for k, i := range idx {
			sub.Actions = append(sub.Actions, s.Actions[i])
			local[i] = k
		}
		var part *joint
		switch {
		case len(cl) == 1 && whole[cl[0]] != nil:
			part = whole[cl[0]] // built for its size, and of these actions
		case len(cl) == 1:
			part = newJoint(r, &sub, maxStates, session)
		default:
			var subGroups [][]int
			for _, g := range cl {
				var lg []int
				for _, i := range groups[g] {
					lg = append(lg, local[i])
				}
				subGroups = append(subGroups, lg)
			}
			part = newProduct(r, &sub, subGroups, maxStates, session, stop)
		}
		pr.parts = append(pr.parts, part)
		pr.slotOf = append(pr.slotOf, slotMap(s.Actions, idx))
		j.startCost += part.startCost
		j.startEnd += part.startEnd
		j.startNeed += part.startNeed
		if part.failed != "" {
			j.fail(part.failed)
		}
	}
	j.richCash = pr.richCash()
	return j
}

// clustersOf groups the groups of actions (by index into groups) into
// clusters whose products have at most clusterStates states, in order,
// or one cluster of all if their product has at most wholeStates. It
// returns too each group's automaton, complete, or nil where that would
// take more than partBudget builds (or stop was set first).
func clustersOf(r Rules, s *Strategy, groups [][]int, maxStates int, session bool, stop *atomic.Bool) ([][]int, []*joint) {
	parts := make([]*joint, len(groups))
	for g, idx := range groups {
		sub := Strategy{}
		for _, i := range idx {
			sub.Actions = append(sub.Actions, s.Actions[i])
		}
		parts[g] = newJoint(r, &sub, maxStates, session)
		if !parts[g].complete(partBudget, stop) {
			parts[g] = nil // too large to tell: a cluster of its own
		}
	}
	all := make([]int, len(groups))
	for g := range all {
		all[g] = g
	}
	if productSize(parts, all, wholeStates) {
		return [][]int{all}, parts
	}
	var out [][]int
	var cur []int
	for g := range groups {
		if len(cur) > 0 && !productSize(parts, append(cur, g), clusterStates) {
			out = append(out, cur)
			cur = nil
		}
		cur = append(cur, g)
	}
	return append(out, cur), parts
}

// productSize reports whether the product of the whole parts at the
// indices given reaches at most most states, exploring it by the parts'
// next states alone.
func productSize(parts []*joint, at []int, most int) bool {
	k := len(at)
	for _, g := range at {
		if parts[g] == nil {
			return false
		}
	}
	seen := map[string]bool{}
	queue := [][]uint32{make([]uint32, k)}
	key := func(t []uint32) string {
		b := make([]byte, 0, 4*len(t))
		for _, x := range t {
			b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
		}
		return string(b)
	}
	seen[key(queue[0])] = true
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for i := range 36 {
			next := make([]uint32, k)
			for c, g := range at {
				next[c] = parts[g].next[t[c]*36+uint32(i)] / 36
			}
			if kk := key(next); !seen[kk] {
				if len(seen) >= most {
					return false
				}
				seen[kk] = true
				queue = append(queue, next)
			}
		}
	}
	return true
}

// sortInts sorts xs in place, a few numbers.
func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for k := i; k > 0 && xs[k] < xs[k-1]; k-- {
			xs[k], xs[k-1] = xs[k-1], xs[k]
		}
	}
}

// richCash is the most a session's bankroll may hold for the parts
// stepped side by side to play it (see joint.richCash): their tables
// together hold at most the sum of what each holds, and could pay out at
// most the sum of what each could.
func (pr *partsOf) richCash() int64 {
	on, exposure := Amount(0), Amount(0)
	for _, part := range pr.parts {
		on += part.onMost
		exposure += part.exposureMost
	}
	need, ok := sumAmounts(on, exposure, exposure, exposure, maxRatioTerm*MaxAmount)
	if !ok || need > MaxBalance {
		return -1
	}
	return int64(MaxBalance - need)
}

// runner is a worker's play of a compiled automaton: its blocks, then
// its counts folded into the result.
type runner interface {
	play(st *stream, mode SimMode, n int64, out *SimResult)
	finish(out *SimResult)
}

// newRunner is a worker's run of automaton j for cfg, stopping when stop
// is set.
func (j *joint) newRunner(cfg *SimConfig, stop *atomic.Bool) runner {
	if j.prod != nil && j.prod.stepped {
		r := &steppedRun{j: j, p: newPlayer(cfg)}
		r.p.settle()
		r.p.stop = stop
		for _, part := range j.prod.parts {
			pt := stepPart{run: part.newRun(cfg)}
			pt.refresh()
			r.parts = append(r.parts, pt)
		}
		r.trs, r.acted = make([]uint32, len(r.parts)), make([]int32, 0, len(r.parts))
		return r
	}
	r := j.newRun(cfg)
	r.p.stop = stop
	return r
}

// steppedRun plays the clusters of a factored automaton side by side.
type steppedRun struct {
	j     *joint
	parts []stepPart
	// p plays on the Table what the clusters cannot: sessions whose
	// bankroll runs short, blocks once one has failed.
	p *player
	// rolls and sevenOuts are counted here (the clusters count their own
	// transitions); cross is the sum of the products of two clusters'
	// nets and stakes on the rolls where both decide, which the squares
	// of the roll's sums hold beside each cluster's own.
	rolls, sevenOuts int64
	cross            rollSums
	// trs is each cluster's transition on the last roll stepped, acted
	// the clusters whose transition did something (joint.active).
	trs   []uint32
	acted []int32
}

// stepPart is one cluster of a stepped run: its run, and its state s (36
// times the state: its transitions' base), with the run's slices at hand.
type stepPart struct {
	s      uint32
	next   []uint32
	active []bool
	moves  []jointMove
	money  []jointMoney
	counts []uint64
	run    *jointRun
}

// refresh takes the run's slices again, after its automaton has grown.
func (pt *stepPart) refresh() {
	j := pt.run.j
	pt.next, pt.active, pt.moves, pt.money, pt.counts = j.next, j.active, j.moves, j.money, pt.run.counts
}

// step plays throw i on every cluster: what it did, in all, to the
// player (the roll's net result and stakes), whether it ended a hand and
// whether the strategy stops, and, for sessions, to his money; false if a
// cluster has failed, and then no cluster has moved. A cluster whose
// transition only moves it to its next state is neither read nor counted
// (joint.active): its part of the roll is nothing.
func (r *steppedRun) step(i uint) (m jointMove, mon jointMoney, ok bool) {
	decided := 0
	r.acted = r.acted[:0]
	for c := range r.parts {
		pt := &r.parts[c]
		tr := pt.s + uint32(i)
		next := pt.next[tr]
		if next == unbuilt {
			ok := pt.run.built(tr)
			pt.refresh()
			if !ok {
				r.back(c, i)
				return m, mon, false
			}
			next = pt.next[tr]
		}
		r.trs[c] = tr
		if pt.active[tr] {
			r.acted = append(r.acted, int32(c))
			pt.counts[tr]++
			x := &pt.moves[tr]
			m.net += x.net
			m.staked += x.staked
			if x.net|x.staked != 0 {
				decided++
			}
			m.stop = m.stop || x.stop
			m.sevenOut = m.sevenOut || x.sevenOut
			if pt.money != nil {
				y := &pt.money[tr]
				mon.credit += y.credit
				mon.cost += y.cost
				mon.mid += y.mid
				mon.end += y.end
				mon.need += y.need
			}
		}
		pt.s = next
	}
	if decided > 1 {
		r.crossTerms(nil)
	}
	return m, mon, true
}

// back takes back the roll of throw i from the first n clusters.
func (r *steppedRun) back(n int, i uint) {
	for _, c := range r.acted {
		if int(c) < n {
			r.parts[c].counts[r.trs[c]]--
		}
	}
	for c := range n {
		r.parts[c].s = r.trs[c] - uint32(i)
	}
}

// crossTerms counts the products of two clusters' nets and stakes on the
// roll just stepped (trs), with each cluster's net plus extra[c] if extra
// is not nil: the squares of the roll's sums less the sums of each
// cluster's squares, in 64 bits where every value is below 2^28 (so that
// eight clusters' squares and their sums' squares fit), else pair by pair.
func (r *steppedRun) crossTerms(extra []int64) {
	const small = 1 << 28
	var n, s, nn, ns, ss int64
	fits := len(r.acted) <= 8
	for _, c := range r.acted {
		x := &r.parts[c].moves[r.trs[c]]
		net := x.net
		if extra != nil {
			net += extra[c]
		}
		fits = fits && -small < net && net < small && x.staked < small
		n, s = n+net, s+x.staked
		nn, ns, ss = nn+net*net, ns+net*x.staked, ss+x.staked*x.staked
	}
	if fits {
		r.cross.netSq.addInt(n*n - nn)
		r.cross.netStaked.addInt(n*s - ns)
		r.cross.stakedSq.addInt(s*s - ss)
		return
	}
	for k, a := range r.acted {
		ma := &r.parts[a].moves[r.trs[a]]
		na, sa := ma.net, ma.staked
		if extra != nil {
			na += extra[a]
		}
		for _, b := range r.acted[k+1:] {
			mb := &r.parts[b].moves[r.trs[b]]
			nb, sb := mb.net, mb.staked
			if extra != nil {
				nb += extra[b]
			}
			r.cross.netSq.add(product(2*na, nb))
			r.cross.netStaked.add(product(na, sb))
			r.cross.netStaked.add(product(nb, sa))
			r.cross.stakedSq.add(product(2*sa, sb))
		}
	}
}

// play plays one block from the starting state.
func (r *steppedRun) play(st *stream, mode SimMode, n int64, out *SimResult) {
	if mode == BySessions {
		for range n {
			r.session(st, out)
		}
		return
	}
	r.start()
	hand, rolls := int64(0), int64(0)
	for n > 0 {
		i := st.next()
		m, _, ok := r.step(i)
		if !ok {
			r.blockOnTable(st, mode, n, out, i, hand, rolls)
			return
		}
		r.rolls++
		if mode == ByRolls {
			if m.sevenOut {
				r.sevenOuts++
			}
			n--
			continue
		}
		hand += m.net
		rolls++
		if m.sevenOut {
			r.sevenOuts++
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

// start puts every cluster in its first state.
func (r *steppedRun) start() {
	for c := range r.parts {
		r.parts[c].s = 0
	}
}

// session plays one session on the clusters while the bankroll covers
// every placement, and hands it to the Table engine as a compiled session
// does (jointRun.session).
func (r *steppedRun) session(st *stream, out *SimResult) {
	j, p := r.j, r.p
	lim := &p.cfg.Session
	r.start()
	if int64(lim.Bankroll) < j.startNeed {
		p.reset(true)
		p.sessionFrom(st, out, -1)
		return
	}
	cash, total := int64(lim.Bankroll)-j.startCost, int64(lim.Bankroll)+j.startEnd
	rolls := int64(0)
	for {
		if rolls&cancelCheck == 0 && p.cancelled() { // a session may never end
			return
		}
		i := st.next()
		if cash > j.richCash {
			r.toTable(st, out, cash, rolls, i)
			return
		}
		cross := r.cross
		m, mon, ok := r.step(i)
		if !ok {
			r.toTable(st, out, cash, rolls, i)
			return
		}
		cashMid, mid := cash+mon.credit, total+mon.mid
		end := p.seats[0].endOf(lim, m.stop, Amount(mid), rolls+1, &out.Ends)
		if end == nil && cashMid < mon.need {
			r.back(len(r.parts), i)
			r.cross = cross
			r.toTable(st, out, cash, rolls, i)
			return
		}
		rolls++
		r.rolls++
		if m.sevenOut {
			r.sevenOuts++
		}
		if end != nil {
			// The placements after the roll are not made: each cluster
			// counts it as a session's last, and so do the cross terms,
			// with the commission those would have kept given back.
			r.cross = cross
			extra := make([]int64, len(r.parts))
			for _, c := range r.acted {
				pt := &r.parts[c]
				tr := r.trs[c]
				pt.counts[tr]--
				if pt.run.endCounts == nil {
					pt.run.endCounts = make([]uint64, len(pt.next))
				}
				pt.run.endCounts[tr]++
				extra[c] = pt.run.j.down(int(tr))
			}
			r.crossTerms(extra)
			*end++
			out.SessionRolls += rolls
			out.record(Amount(mid) - lim.Bankroll)
			return
		}
		cash, total = cashMid-mon.cost, total+mon.end
	}
}

// toTable plays a session on on the Table from the clusters' states, with
// cash off the layout, rolls in, throw i drawn.
func (r *steppedRun) toTable(st *stream, out *SimResult, cash, rolls int64, i uint) {
	r.onTable(cash)
	r.p.rolls = rolls
	r.p.sessionFrom(st, out, int(i))
}

// onTable sets the player's table at the clusters' states, cash off the
// layout, for the Table engine to play on.
func (r *steppedRun) onTable(cash int64) {
	p := r.p
	autos := p.t.autos
	b, sp := p.first(), &p.seats[0]
	r.j.prod.assembleStepped(&p.t, &b.mem, r.parts)
	p.t.autos = autos
	p.t.setMoney(Amount(cash))
	b.marks, b.touched = 0, true
	sp.short, sp.ended, sp.quiet = false, false, false
	sp.rollNet, sp.rollStaked, sp.kept = 0, 0, 0
}

// blockOnTable plays on a block of n rolls or shooters on the Table, from
// the clusters' states with throw i drawn: a cluster has failed.
func (r *steppedRun) blockOnTable(st *stream, mode SimMode, n int64, out *SimResult, i uint, hand, rolls int64) {
	r.onTable(int64(MaxAmount))
	r.p.seats[0].hand = Amount(hand)
	r.p.blockFrom(st, mode, n, out, rolls, int(i))
}

// finish folds the clusters' counts into out, with the rolls and
// seven-outs counted here and the cross terms.
func (r *steppedRun) finish(out *SimResult) {
	out.Rolls += r.rolls
	out.SevenOuts += r.sevenOuts
	out.roll.merge(&r.cross)
	r.rolls, r.sevenOuts, r.cross = 0, 0, rollSums{}
	for c := range r.parts {
		pr := r.parts[c].run
		var part SimResult
		pr.finish(&part)
		// The clusters' own rolls and seven-outs leave out those that did
		// nothing there: the run's are counted above.
		out.ledger().add(part.ledger())
	}
}

// assembleStepped sets t to the table of the clusters in their states,
// and mem to the strategy's memory there.
func (pr *partsOf) assembleStepped(t *Table, mem *memory, parts []stepPart) {
	*mem = memory{}
	exposure := Amount(0)
	var pm memory
	var pt Table
	for c, part := range pr.parts {
		s := int(parts[c].s / 36)
		if part.prod != nil {
			part.prod.assemble(&pt, &pm, s)
		} else {
			copyTable(&pt, part.tables[s])
			pm = part.memories[s]
		}
		if c == 0 {
			copyTable(t, &pt)
		} else {
			t.bets = append(t.bets, pt.bets...)
		}
		exposure += pt.exposure
		for k, w := range pr.slotOf[c] {
			mem[w] = max(mem[w], pm[k])
		}
	}
	sortBets(t.bets)
	t.exposure = exposure
}
