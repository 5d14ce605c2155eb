package craps

import (
	"maps"
	"slices"
	"sync/atomic"
)

// Factoring a strategy. Most of a large strategy's states are a product:
// six place bets each pressed on its own wins are 4^6 memories, though
// each bet's play reads only its own hits and the puck. The actions split
// into groups that neither touch nor read one another's bets; each group
// plays as a strategy of its own, on the same throws, and the strategy's
// roll is the sum of the groups' rolls. Each group compiles into an
// automaton of its own (a part), and the strategy's automaton is their
// product, built from the parts' transitions without playing a Table:
// one state a tuple of the parts' states. The exact analysis reads the
// parts and their pairs apart (pairedAnalysis).

// components splits actions into the groups that play independently, by
// index, each group in the actions' order and the groups in the order of
// their first actions. Two actions are in one group when one makes, takes
// down or reads (a condition's has, bets, comes, won, lost or hits; a
// progression by hits; skipping a come bet; the winnings, which every bet
// adds to) a bet the other makes, an odds bet counting as its line bet.
// What every group may read alike (the puck, the last throw, the hand's
// rolls and points) ties nothing.
func components(actions []Action) [][]int {
	n := len(actions)
	group := make([]int, n)
	for i := range group {
		group[i] = i
	}
	find := func(i int) int {
		for group[i] != i {
			group[i] = group[group[i]]
			i = group[i]
		}
		return i
	}
	touched := make([][]Bet, n) // what each action makes, takes down or reads
	everything := make([]bool, n)
	for i := range actions {
		touched[i], everything[i] = touches(&actions[i])
	}
	for i := range actions {
		for k := range actions {
			if k == i || !makesBets(&actions[k]) {
				continue
			}
			tied := everything[i]
			for _, p := range touched[i] {
				tied = tied || overlaps(p, actions[k].Bet)
			}
			if tied {
				group[find(i)] = find(k)
			}
		}
	}
	var out [][]int
	at := map[int]int{}
	for i := range actions {
		g := find(i)
		k, ok := at[g]
		if !ok {
			k = len(out)
			at[g] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], i)
	}
	return out
}

// makesBets reports whether an action places bets.
func makesBets(a *Action) bool { return a.Kind == ActionBet }

// touches lists the bets an action makes, takes down or reads, as
// patterns (Number 0: every bet of the kind), and reports whether it reads
// something every bet changes (the winnings).
func touches(a *Action) (bets []Bet, everything bool) {
	if a.Kind != ActionStop {
		bets = append(bets, a.Bet)
	}
	if a.SkipCome {
		bets = append(bets, Bet{Kind: Come})
	}
	read := func(f Fact) {
		switch f.Kind {
		case FactHas, FactBets, FactWon, FactLost, FactHits:
			bets = append(bets, f.Bet)
		case FactComes:
			bets = append(bets, Bet{Kind: f.Bet.Kind})
		case FactWinnings:
			everything = true
		}
	}
	read(a.Progression.By)
	for _, clause := range a.If {
		for _, f := range clause {
			read(f)
		}
	}
	return bets, everything
}

// overlaps reports whether patterns p and q may stand for one bet, an
// odds bet counting as the line bet it stands behind and a come bet as
// made on any number it travels to.
func overlaps(p, q Bet) bool {
	p, q = lineOf(p), lineOf(q)
	if p.Kind != q.Kind {
		return false
	}
	kindOnly := func(b Bet) bool { return b.Number == 0 && b.Hop == (Dice{}) }
	return kindOnly(p) || kindOnly(q) || p == q
}

// lineOf is the bet that ties bet b to others: the line bet under odds,
// a come or don't come bet on any number, else b.
func lineOf(b Bet) Bet {
	if isOdds(b.Kind) {
		b = lineUnder(b)
	}
	if b.Kind == Come || b.Kind == DontCome {
		b.Number = 0
	}
	return b
}

// withoutStops is s without its stop actions, which only a session
// heeds: a simulation by rolls or shooters, and the long run, play the
// same without them, and the counts only they read need no memory.
func withoutStops(s Strategy) Strategy {
	s.Actions = slices.DeleteFunc(slices.Clone(s.Actions), func(a Action) bool { return a.Kind == ActionStop })
	return s
}

// partsOf is what an automaton made of parts holds: each state's tuple of
// the parts' states (k a state), numbered by the tuple, and for each part
// where its memory's slots are in the strategy's.
type partsOf struct {
	parts  []*joint
	tuples []uint32
	// index numbers the states by their tuples, as the number whose
	// digits in the mixed radix of the parts' sizes (stride) are the
	// tuple's, where the parts are whole and their sizes' product fits in
	// 64 bits; otherwise byKey does, by the tuple's bytes (keyBuf).
	index  map[uint64]uint32
	stride []uint64
	byKey  map[string]uint32
	keyBuf []byte
	// nextBuf holds a transition's next tuple while it is built (the
	// tuples may move as states are added).
	nextBuf []uint32
	slotOf  [][]int
	// stepped: the parts are not built into a product; runs step them side
	// by side (engine_factored.go), and the automaton has no state of its
	// own.
	stepped bool
	// A part's table is the strategy's with the other parts' bets left
	// out: the table in a state is theirs together (assemble).
}

// newProduct starts the automaton of strategy s under r made of the
// parts that play the groups of its actions; its first state is the
// tuple of their first states.
func newProduct(r Rules, s *Strategy, groups [][]int, maxStates int, session bool, stop *atomic.Bool) *joint {
	var parts []*joint
	var slotOf [][]int
	for _, g := range groups {
		sub := Strategy{}
		for _, i := range g {
			sub.Actions = append(sub.Actions, s.Actions[i])
		}
		parts = append(parts, newJoint(r, &sub, maxStates, session))
		slotOf = append(slotOf, slotMap(s.Actions, g))
	}
	j := joinParts(parts, slotOf, session, maxStates, stop)
	j.slots = len(newMemoryLayout(s.Actions).slots)
	return j
}

// joinParts starts the product of parts, whose memories' slots are at
// slotOf in the strategy's (nil where no table is assembled from it, as
// in the exact analysis).
func joinParts(parts []*joint, slotOf [][]int, session bool, maxStates int, stop *atomic.Bool) *joint {
	pr := &partsOf{parts: parts, slotOf: slotOf}
	j := &joint{prod: pr, maxStates: maxStates, richCash: int64(MaxBalance), session: session}
	for _, part := range parts {
		j.startCost += part.startCost
		j.startEnd += part.startEnd
		j.startNeed += part.startNeed
	}
	// Parts are small: each is built whole at once if it takes at most
	// partBudget transitions, and then a tuple's key is one number.
	radix := uint64(1)
	for _, part := range pr.parts {
		if radix != 0 && part.complete(partBudget, stop) && radix <= (1<<63)/uint64(part.states()) {
			pr.stride = append(pr.stride, radix)
			radix *= uint64(part.states())
		} else {
			radix = 0
		}
		if part.failed != "" {
			j.fail(part.failed)
			return j
		}
	}
	if radix == 0 {
		pr.stride, pr.byKey = nil, map[string]uint32{}
	} else {
		pr.index = map[uint64]uint32{}
	}
	j.addTuple(make([]uint32, len(pr.parts)))
	return j
}

// productStates is how many states the product of whole parts has,
// explored by the parts' next states alone, or 0 past maxProductStates.
func productStates(parts []*joint) int {
	stride := make([]uint64, len(parts))
	radix := uint64(1)
	for c, part := range parts {
		if radix > (1<<63)/uint64(part.states()) {
			return 0
		}
		stride[c], radix = radix, radix*uint64(part.states())
	}
	seen := map[uint64]bool{0: true}
	for queue := []uint64{0}; len(queue) > 0; queue = queue[1:] {
		for i := range uint64(36) {
			next := uint64(0)
			for c, part := range parts {
				x := queue[0] / stride[c] % uint64(part.states())
				next += uint64(part.next[x*36+i]/36) * stride[c]
			}
			if !seen[next] {
				if len(seen) >= maxProductStates {
					return 0
				}
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	return len(seen)
}

// maxProductStates bounds the states productStates counts.
const maxProductStates = 1 << 24

// partBudget is the most transitions a part is built with at once, a
// fraction of a second's play of a Table.
const partBudget = 36 << 10

// find returns the state of tuple, if there is one.
func (pr *partsOf) find(tuple []uint32) (uint32, bool) {
	if pr.byKey != nil {
		s, ok := pr.byKey[string(pr.key(tuple))]
		return s, ok
	}
	s, ok := pr.index[pr.number(tuple)]
	return s, ok
}

// number is tuple's number in the radix of the parts' sizes.
func (pr *partsOf) number(tuple []uint32) uint64 {
	n := uint64(0)
	for c, x := range tuple {
		n += uint64(x) * pr.stride[c]
	}
	return n
}

// slotMap is, for each slot of the memory of the actions of group g, the
// slot of all the actions' memory that holds the same: a progression's
// the same action's, a count the same count.
func slotMap(actions []Action, g []int) []int {
	whole := newMemoryLayout(actions)
	var sub []Action
	for _, i := range g {
		sub = append(sub, actions[i])
	}
	part := newMemoryLayout(sub)
	// Progressions take the first slots, in the order of their actions.
	progressionSlot := func(as []Action, k int) int {
		n := 0
		for i := range k {
			if len(as[i].Amounts) > 1 && as[i].Progression.By.Kind == NoFact {
				n++
			}
		}
		return n
	}
	out := make([]int, len(part.slots))
	for k, sl := range part.slots {
		if sl.count == NoFact {
			// The k-th progression of the group is that of its k-th action with one.
			for gi, i := range g {
				if len(sub[gi].Amounts) > 1 && sub[gi].Progression.By.Kind == NoFact && progressionSlot(sub, gi) == k {
					out[k] = progressionSlot(actions, i)
				}
			}
			continue
		}
		out[k] = slices.IndexFunc(whole.slots, func(w memorySlot) bool { return w.count == sl.count && w.bet == sl.bet })
	}
	return out
}

// addTuple adds the state whose parts are in the states of tuple, and
// returns its number; it fails the automaton, returning false, if that is
// one state too many or the parts' tables together come near MaxBalance.
func (j *joint) addTuple(tuple []uint32) (uint32, bool) {
	pr := j.prod
	if why := j.noRoom(); why != "" {
		return 0, j.fail(why)
	}
	// The parts' tables together hold at most the sum of what each
	// holds, and could pay out at most the sum of what each could.
	on, exposure := Amount(0), Amount(0)
	for _, part := range pr.parts {
		on += part.onMost
		exposure += part.exposureMost
	}
	need, ok := sumAmounts(on, exposure, exposure, exposure, maxRatioTerm*MaxAmount)
	if !ok || need > MaxBalance || int64(MaxBalance-need) < int64(MaxAmount) {
		return 0, j.fail("its tables come too near MaxBalance")
	}
	j.richCash = int64(MaxBalance - need)
	s := uint32(j.states())
	pr.tuples = append(pr.tuples, tuple...)
	if pr.byKey != nil {
		pr.byKey[string(pr.key(tuple))] = s
	} else {
		pr.index[pr.number(tuple)] = s
	}
	stake := int64(0)
	for c, part := range pr.parts {
		stake += part.onTable[tuple[c]]
	}
	j.onTable = append(j.onTable, stake)
	j.extend()
	return s, true
}

// key is the key of a tuple, in keyBuf.
func (pr *partsOf) key(tuple []uint32) []byte {
	pr.keyBuf = pr.keyBuf[:0]
	for _, x := range tuple {
		pr.keyBuf = append(pr.keyBuf, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return pr.keyBuf
}

// tuple is state s's tuple.
func (pr *partsOf) tuple(s int) []uint32 {
	k := len(pr.parts)
	return pr.tuples[s*k : (s+1)*k]
}

// buildProduct compiles transition tr of a product from its parts'
// transitions on the same throw: the next state is the tuple of theirs,
// and what the roll did is what it did to each part, summed (the most
// money the placements need at once at most the sum of each part's).
func (j *joint) buildProduct(tr int) bool {
	pr := j.prod
	s, i := tr/36, tr%36
	tuple := pr.tuple(s)
	pr.nextBuf = append(pr.nextBuf[:0], tuple...)
	next := pr.nextBuf
	var m jointMove
	var mon jointMoney
	for c, part := range pr.parts {
		ptr := tuple[c]*36 + uint32(i)
		if !part.built(ptr) {
			return j.fail(part.failed)
		}
		next[c] = part.next[ptr] / 36
		pm := &part.moves[ptr]
		m.net += pm.net
		m.staked += pm.staked
		m.stop = m.stop || pm.stop
		m.sevenOut = pm.sevenOut // alike in every part: the dice end the hand
		if j.session {
			x := &part.money[ptr]
			mon.credit += x.credit
			mon.cost += x.cost
			mon.mid += x.mid
			mon.end += x.end
			mon.need += x.need
		}
	}
	if !product(m.net, m.net).fits64() || !product(m.staked, m.staked).fits64() || !product(m.net, m.staked).fits64() {
		return j.fail("a roll's sums too large for its 64-bit counts")
	}
	j.moves[tr] = m
	if j.session {
		j.money[tr] = mon
	}
	to, ok := pr.find(next)
	if !ok {
		if to, ok = j.addTuple(next); !ok {
			return false
		}
	}
	j.next[tr] = to * 36
	j.unbuilt--
	for c, part := range pr.parts {
		j.active[tr] = j.active[tr] || part.active[tuple[c]*36+uint32(i)]
	}
	return true
}

// assemble sets t to the table in state s of a product, the parts'
// tables together, and mem to the strategy's memory there.
func (pr *partsOf) assemble(t *tableState, mem *memory, s int) {
	tuple := pr.tuple(s)
	*mem = memory{}
	exposure := Amount(0)
	for c, part := range pr.parts {
		pt := part.tables[tuple[c]]
		if c == 0 {
			t.load(pt)
		} else {
			t.bets = append(t.bets, pt.bets...)
		}
		exposure += pt.exposure
		pm := &part.memories[tuple[c]]
		for k, w := range pr.slotOf[c] {
			mem[w] = max(mem[w], pm[k]) // a count read by several parts: each capped at its own limit
		}
	}
	sortBets(t.bets)
	t.exposure = exposure
}

// clone returns a copy of the product, its parts cloned.
func (pr *partsOf) clone(cfg *SimConfig) *partsOf {
	c := &partsOf{tuples: slices.Clone(pr.tuples), slotOf: pr.slotOf, stride: pr.stride, stepped: pr.stepped,
		index: maps.Clone(pr.index), byKey: maps.Clone(pr.byKey)}
	for _, part := range pr.parts {
		c.parts = append(c.parts, part.clone(cfg))
	}
	return c
}

// partCounts pushes counts of a product's transitions down to its parts:
// how often each part's transitions were taken.
func (pr *partsOf) partCounts(counts []uint64) [][]uint64 {
	out := make([][]uint64, len(pr.parts))
	for c, part := range pr.parts {
		out[c] = make([]uint64, len(part.next))
	}
	k := len(pr.parts)
	for tr, n := range counts {
		if n == 0 {
			continue
		}
		s, i := tr/36, uint32(tr%36)
		for c := range k {
			out[c][pr.tuples[s*k+c]*36+i] += n
		}
	}
	return out
}
