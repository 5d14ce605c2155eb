package craps

import (
	"math/bits"
	"sync/atomic"
)

// The factored engine. A strategy whose groups of actions (components)
// make a product too large to keep in a processor's cache (six place
// bets pressed on their own wins: 32,769 states) plays its clusters side
// by side: each cluster of groups is an automaton small enough to stay in
// cache (clusterStates), and every roll steps each cluster on the same
// throw. The roll's net result and stakes are the clusters' summed; each
// cluster counts its transitions, whose sums fold as a compiled run's do.
// Rolls and shooters are played on records of the clusters' transitions
// (stepTable), three clusters at a time through a word of throws, and
// the run adds the squares of each roll's sums; sessions are played roll
// by roll (step), each cluster counting the squares of its own part of
// the roll, and the run the products of two clusters' results on the
// rolls where both decide something, which the squares of the roll's sum
// hold beside the clusters' own.

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
		r.trs, r.acted = make([]uint32, len(r.parts)+2), make([]int32, 0, len(r.parts))
		r.idle.tab = new(stepTable)
		for i := range 36 {
			r.idle.tab.next[36+i] = 36 // state 0 to itself, doing nothing
		}
		r.fast = true
		r.parts[0].first = true
		for c := range r.parts {
			r.fast = r.parts[c].record(r.fastMost()) && r.fast
		}
		return r
	}
	r := j.newRun(cfg)
	r.p.stop = stop
	return r
}

// steppedRun plays the clusters of a factored automaton side by side.
//
// Rolls and shooters are played on each cluster's records (stepTable) a
// word of throws at a time, three clusters side by side through the word
// (walk): a roll counts one transition of each cluster, with no branch on
// what it did, and adds to the roll's sums its net result and stakes; the
// squares of the roll's sums are added up, and the counts fold into the
// tallies at the end. Sessions, whose money each roll must follow, are
// played by step, and so is the rest of a run whose transition does not
// fit a record.
type steppedRun struct {
	j     *joint
	parts []stepPart
	// p plays on the Table what the clusters cannot: sessions whose
	// bankroll runs short, blocks once one has failed.
	p *player
	// rolls and sevenOuts are counted here (the clusters count their own
	// transitions). cross holds, for the rolls step played, the products
	// of two clusters' nets and stakes where both decide (the squares of
	// the roll's sums less each cluster's own, which its counts hold), and
	// for those played on the records the squares of the roll's sums.
	rolls, sevenOuts int64
	cross            rollSums
	// trs is each cluster's transition on the last roll stepped, acted
	// the clusters whose transition did something (joint.active).
	trs   []uint32
	acted []int32
	// fast: the records hold the transitions; recorded is how many rolls
	// they have counted since their counts were last moved to the
	// clusters' (flush).
	fast     bool
	recorded int64
	// idle walks beside the last cluster of an odd number: one state,
	// whose transitions do nothing.
	idle stepPart
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
	// tab holds the cluster's records; first: the hand's end is recorded
	// here (stepSeven).
	tab   *stepTable
	first bool
	// all counts by transition the rolls played on the records, moved
	// from tab (flush).
	all []uint64
}

// stepTable is a cluster's records, by transition as the records number
// them: state s's are 36 after the automaton's (36*(s+1) + i for throw
// i), and the first 36 are those of a state that stands for a transition
// not recorded. For each, next is the records' number of its next state
// times 36 (0, that state, for a transition not recorded and for that
// state's own, so that a walk that met one ends there), sums its net
// result times 2^32 plus its stakes, and in the first cluster stepSeven
// if it ends the hand (below fastMost, the sums of every cluster's add up
// to the roll's, each part in its own bits), and counts how many rolls
// took it since the counts were last moved to the cluster's (flush). Its
// size bounds the states a cluster the records play may have (1,818),
// and lets the look-ups go unchecked.
type stepTable struct {
	next   [1<<16 + 36]uint16
	counts [1<<16 + 36]uint32
	sums   [1<<16 + 36]int64
}

// The parts of a roll's sums (stepTable.sums): the stakes in the low bits
// (below 2^29), the end of the hand, and the net result from bit 32.
const (
	stepStaked = 1<<30 - 1
	stepSeven  = 1 << 30
)

// refresh takes the run's slices again, after its automaton has grown.
func (pt *stepPart) refresh() {
	j := pt.run.j
	pt.next, pt.active, pt.moves, pt.money, pt.counts = j.next, j.active, j.moves, j.money, pt.run.counts
}

// fastMost is the most a transition's net result, and its stakes, may be
// in size for the records to play it: below it, a roll's net result and
// stakes over every cluster are below 2^29, and the sums of their
// products over a word of throws fit in 64 bits.
func (r *steppedRun) fastMost() int64 { return (1 << 29) / int64(len(r.parts)) }

// record records every transition the cluster's automaton has built, and
// reports whether each one fits a record, its sums below most in size.
func (pt *stepPart) record(most int64) bool {
	if pt.tab == nil {
		pt.tab = new(stepTable)
	}
	ok := true
	for tr := range pt.next {
		ok = pt.recordAt(uint32(tr), most) && ok
	}
	return ok
}

// recordAt records transition tr, if built, and reports whether it fits
// a record, its sums below most in size.
func (pt *stepPart) recordAt(tr uint32, most int64) bool {
	if pt.next[tr] == unbuilt {
		return true
	}
	m := &pt.moves[tr]
	if m.net <= -most || m.net >= most || m.staked >= most || max(tr, pt.next[tr])+2*36 > 1<<16 {
		return false
	}
	x := tr + 36
	pt.tab.next[x], pt.tab.sums[x] = uint16(pt.next[tr]+36), m.net<<32+m.staked
	if m.sevenOut && pt.first {
		pt.tab.sums[x] += stepSeven
	}
	return true
}

// flush moves the records' counts to the clusters' counts, and counts
// the seven-outs among them.
func (r *steppedRun) flush() {
	for c := range r.parts {
		pt := &r.parts[c]
		if len(pt.all) < len(pt.next) {
			pt.all = append(pt.all, make([]uint64, len(pt.next)-len(pt.all))...)
		}
		for tr := range min(len(pt.all), 1<<16) {
			n := pt.tab.counts[tr+36]
			if c == 0 && pt.moves[tr].sevenOut { // alike in every cluster
				r.sevenOuts += int64(n)
			}
			pt.all[tr] += uint64(n)
			pt.tab.counts[tr+36] = 0
		}
	}
	r.recorded = 0
}

// recorded past flushAt, the records' counts are moved before a word of
// throws more could pass 2^32.
const flushAt = 1<<32 - 1 - throwsPerWord

// rollsOn plays on the records the rolls of a block of n rolls or
// shooters, from the clusters' states, with the rolls and net result of
// the shooter's hand so far (ByShooters), a word of throws at a time,
// until the block ends or a transition cannot be built or recorded: then
// the word is taken back from every cluster, the stream left at its
// start, and the records are played no more (fast unset). It returns the
// rolls or shooters left.
func (r *steppedRun) rollsOn(st *stream, mode SimMode, n int64, out *SimResult, hand, rolls *int64) int64 {
	parts, from := r.parts, r.trs
	byRolls, most := mode == ByRolls, r.fastMost()
	h, hr, played := *hand, *rolls, int64(0)
	// sq sums the squares of the rolls' net results, their products with
	// the stakes and the squares of the stakes; sums holds each throw's
	// of a word, as stepTable.sums.
	var sq [3]int128
	var sums [throwsPerWord]int64
	w, left := st.word, st.left
words:
	for n > 0 {
		if r.recorded+played >= flushAt {
			r.recorded += played
			r.rolls += played
			played = 0
			r.flush()
		}
		if left == 0 {
			w, left = st.eleven(), throwsPerWord
		}
		take := left
		if byRolls {
			take = int(min(int64(left), n))
		}
		rest := w // the word after the throws taken
		sums = [throwsPerWord]int64{}
		// The squares of the rolls' sums over the word, from the last
		// three clusters' walk: each below 2^58 a roll, in 64 bits.
		var nn, ns, ss int64
		for c := 0; c < len(parts); c += 3 {
			three := [3]*stepPart{&parts[c], &r.idle, &r.idle}
			for d := 1; d < 3 && c+d < len(parts); d++ {
				three[d] = &parts[c+d]
			}
			a, b, e := three[0], three[1], three[2]
			from[c], from[c+1], from[c+2] = a.s, b.s, e.s
			var at int
			if rest, nn, ns, ss, at = walkBuilding(a, b, e, w, take, sums[:], most); at >= 0 {
				for d := range c {
					parts[d].unwalk(from[d], w, take, sums[:])
				}
				a.unwalk(from[c], w, at, sums[:])
				b.unwalk(from[c+1], w, at, sums[:])
				e.unwalk(from[c+2], w, at, sums[:])
				r.fast = false
				break words
			}
			if c > 0 || byRolls {
				continue
			}
			// The block's last shooter may end his hand in this word.
			ends, cut := int64(0), 0
			for k := range take {
				if ends += sums[k] >> 30 & 1; ends == n {
					cut = k + 1
					break
				}
			}
			if cut > 0 && cut < take {
				a.unwalk(from[c], w, take, sums[:])
				b.unwalk(from[c+1], w, take, sums[:])
				e.unwalk(from[c+2], w, take, sums[:])
				sums, take = [throwsPerWord]int64{}, cut
				rest, nn, ns, ss, _ = walkBuilding(a, b, e, w, take, sums[:], most) // recorded already
			}
		}
		w, left = rest, left-take
		played += int64(take)
		addSquare(&sq[0], nn)
		addSquare(&sq[1], ns)
		addSquare(&sq[2], ss)
		if byRolls {
			n -= int64(take)
			continue
		}
		for _, v := range sums[:take] {
			h += v >> 32
			hr++
			if v&stepSeven == 0 {
				continue
			}
			if hr >= 1<<31 {
				out.overflow = true
				break words
			}
			out.record(Amount(h))
			h, hr = 0, 0
			n--
		}
	}
	st.word, st.left = w, left
	*hand, *rolls = h, hr
	r.rolls += played
	r.recorded += played
	r.cross.netSq.add(sq[0])
	r.cross.netStaked.add(sq[1])
	r.cross.stakedSq.add(sq[2])
	return n
}

// addSquare adds x to w.
func addSquare(w *int128, x int64) {
	var c uint64
	w.lo, c = bits.Add64(w.lo, uint64(x), 0)
	w.hi += x>>63 + int64(c)
}

// walk plays the throws of word w (its base-36 digits, lowest first),
// one for each of sums, on the records ta, tb and tc of three clusters
// from their states a, b and c (stepTable's numbers), side by side (each
// roll's look-up waits on the last, and three chains of them go at once),
// counting each transition and adding the three's sums to sums[k] for
// throw k. It returns the states it reached, the word left, and the sums
// over the throws of the squares of sums[k]'s net result (nn), of its
// stakes (ss) and of their product (ns).
func walk(ta, tb, tc *stepTable, a, b, c uint16, w uint64, sums []int64) (_, _, _ uint16, _ uint64, nn, ns, ss int64) {
	sa, sb, sc := uint32(a), uint32(b), uint32(c)
	for k := range sums {
		i := uint32(w % 36)
		w /= 36
		tra, trb, trc := sa+i, sb+i, sc+i
		ta.counts[tra]++
		tb.counts[trb]++
		tc.counts[trc]++
		v := sums[k] + ta.sums[tra] + tb.sums[trb] + tc.sums[trc]
		sums[k] = v
		sa, sb, sc = uint32(ta.next[tra]), uint32(tb.next[trb]), uint32(tc.next[trc])
		net, staked := v>>32, v&stepStaked
		nn += net * net
		ns += net * staked
		ss += staked * staked
	}
	return uint16(sa), uint16(sb), uint16(sc), w, nn, ns, ss
}

// walkBuilding walks the n throws of word w on clusters a, b and c (walk),
// adding to sums[:n], building and recording the transitions they meet
// not yet recorded. It returns the word left and walk's sums of squares,
// and -1, or the index of the first throw whose transition could not be
// built or recorded, with the clusters in their states before it.
func walkBuilding(a, b, c *stepPart, w uint64, n int, sums []int64, most int64) (_ uint64, nn, ns, ss int64, at int) {
	sa, sb, sc, rest, nn, ns, ss := walk(a.tab, b.tab, c.tab, uint16(a.s+36), uint16(b.s+36), uint16(c.s+36), w, sums[:n])
	if sa != 0 && sb != 0 && sc != 0 {
		a.s, b.s, c.s = uint32(sa)-36, uint32(sb)-36, uint32(sc)-36
		return rest, nn, ns, ss, -1
	}
	// A transition not recorded: the word again, a throw at a time.
	three := [...]*stepPart{a, b, c}
	for _, pt := range three {
		pt.unwalk(pt.s, w, n, sums)
	}
	nn, ns, ss = 0, 0, 0
	for k := range n {
		for _, pt := range three {
			if tr := pt.s + uint32(w%36); pt.tab.next[tr+36] == 0 && !pt.build(tr, most) {
				return w, nn, ns, ss, k
			}
		}
		var x, y, z int64
		sa, sb, sc, w, x, y, z = walk(a.tab, b.tab, c.tab, uint16(a.s+36), uint16(b.s+36), uint16(c.s+36), w, sums[k:k+1])
		a.s, b.s, c.s = uint32(sa)-36, uint32(sb)-36, uint32(sc)-36
		nn, ns, ss = nn+x, ns+y, ss+z
	}
	return w, nn, ns, ss, -1
}

// unwalk takes back the n throws of word w played on the cluster's
// records from state from (walk), their counts and sums, and puts it back
// there.
func (pt *stepPart) unwalk(from uint32, w uint64, n int, sums []int64) {
	s := from + 36
	for k := range n {
		tr := s + uint32(w%36)
		w /= 36
		pt.tab.counts[tr]--
		sums[k] -= pt.tab.sums[tr]
		s = uint32(pt.tab.next[tr])
	}
	pt.s = from
}

// build builds transition tr of the cluster and records it, and reports
// whether both could be done.
func (pt *stepPart) build(tr uint32, most int64) bool {
	ok := pt.run.built(tr)
	pt.refresh()
	return ok && pt.recordAt(tr, most) && pt.tab.next[tr+36] != 0
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
				r.j.fail(pt.run.j.failed) // for the run's note
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

// play plays one block from the starting state: rolls and shooters on
// the records, and, once a transition does not fit one (or a cluster has
// failed), on step.
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
		if r.fast {
			if n = r.rollsOn(st, mode, n, out, &hand, &rolls); n == 0 || out.overflow {
				return
			}
		}
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
	r.j.prod.assembleStepped(&p.t.tableState, &b.mem, r.parts)
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
	r.flush()
	out.Rolls += r.rolls
	out.SevenOuts += r.sevenOuts
	out.roll.merge(&r.cross)
	r.rolls, r.sevenOuts, r.cross = 0, 0, rollSums{}
	for c := range r.parts {
		pr := r.parts[c].run
		var part SimResult
		pr.finish(&part)
		pr.fold(&part, r.parts[c].all, false, true) // their squares are the whole rolls', in cross
		// The clusters' own rolls and seven-outs leave out those that did
		// nothing there: the run's are counted above.
		out.ledger().add(part.ledger())
	}
}

// assembleStepped sets t to the table of the clusters in their states,
// and mem to the strategy's memory there.
func (pr *partsOf) assembleStepped(t *tableState, mem *memory, parts []stepPart) {
	*mem = memory{}
	exposure := Amount(0)
	var pm memory
	var pt tableState
	for c, part := range pr.parts {
		s := int(parts[c].s / 36)
		if part.prod != nil {
			part.prod.assemble(&pt, &pm, s)
		} else {
			pt.load(part.tables[s])
			pm = part.memories[s]
		}
		if c == 0 {
			t.load(&pt)
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
