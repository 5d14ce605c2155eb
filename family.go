package craps

import (
	"encoding/binary"
	"sync"
)

// A point family is the part of a bet's life between two shuffles while
// the shooter's point is on: cards are dealt without replacement, the bet
// moves among some of its states, and the family ends when the bet is
// decided, the point is decided (the whole deck is then shuffled), or the
// deck runs out (shuffled too). Its shape says, for each state and each
// throw, which state the bet moves to or by which exit the family ends.
// The counts of the orders of every deck by which each exit is reached
// depend on nothing else, so a shape is solved once, over every deck,
// and its top decks are kept for every bet, rule set and reading that
// has it (place 6 while the point is 4 has the shape of buy 6, lay 6,
// don't come 6 and come odds 6 while the point is 4).
type familyShape struct {
	states int
	// exits counts the exits other than running out of cards.
	exits int
	// next[s][x] is where throw x (a Dice index) takes state s: a state
	// (>= 0) or the exit -1-next.
	next [][36]int16
}

// figures is how many counts a solved family keeps for one state and one
// deck: the orders reaching each exit (the exits of the shape, then, for
// each state, running out of cards in that state) but the last, then the
// throws dealt, summed over the orders. Every order reaches one exit, so
// the last exit's count is the deck's orders less the others'.
func (f *familyShape) figures() int { return f.exits + f.states }

func (f *familyShape) key() string {
	b := binary.AppendUvarint(nil, uint64(f.states))
	for _, row := range f.next {
		for _, n := range row {
			b = binary.AppendVarint(b, int64(n))
		}
	}
	return string(b)
}

// pointTarget is where a throw takes a bet within a point: state next,
// or out of the family by exit when next is negative.
type pointTarget struct {
	next int
	exit cardExit
}

// buildShape explores the family of state root: every state a bet can
// reach from it while the point stays on, numbering states and exits in
// the order they are met. With mirrored it reads throw x as the mirror
// throw (each face f as 7-f), giving the shape of the mirror family. It
// returns the shape, the bet's state for each state of the shape and the
// exit for each of its exits.
func buildShape(root int, move func(state, x int) pointTarget, mirrored bool) (*familyShape, []int, []cardExit) {
	f := &familyShape{}
	states := []int{root}
	stateAt := map[int]int16{root: 0}
	var exits []cardExit
	exitAt := map[cardExit]int16{}
	for i := 0; i < len(states); i++ {
		var row [36]int16
		for x := range row {
			y := x
			if mirrored {
				y = 35 - x // faces (a, b) read as (7-a, 7-b)
			}
			t := move(states[i], y)
			if t.next < 0 {
				n, ok := exitAt[t.exit]
				if !ok {
					n = int16(len(exits))
					exitAt[t.exit] = n
					exits = append(exits, t.exit)
				}
				row[x] = -1 - n
				continue
			}
			n, ok := stateAt[t.next]
			if !ok {
				n = int16(len(states))
				stateAt[t.next] = n
				states = append(states, t.next)
			}
			row[x] = n
		}
		f.next = append(f.next, row)
	}
	f.states, f.exits = len(states), len(exits)
	return f, states, exits
}

// topDecks is how many throws deep below a full deck a solved family's
// figures are kept: the analysis enters a family only at a full deck, or
// a throw or two below it (a come-out pair kept out, a come bet's own
// come-out).
const topDecks = 2

// solvedFamily is a family's figures at the decks within topDecks
// throws of a full one, by deck key: figures() counts for each state.
type solvedFamily map[int32][]int128

// familyCache keeps every shape solved over a space: a shape costs tens
// of milliseconds to solve and a few kilobytes to keep.
type familyCache struct {
	sync.Mutex
	m map[string]*familyEntry
}

type familyEntry struct {
	once   sync.Once
	solved solvedFamily
}

// isSolved reports whether shape f has been solved, or is being solved.
func (s *deckSpace) isSolved(f *familyShape) bool {
	s.families.Lock()
	defer s.families.Unlock()
	_, ok := s.families.m[f.key()]
	return ok
}

// solveShape returns the figures of shape f over space s, solving it the
// first time it is asked for.
func (s *deckSpace) solveShape(f *familyShape) solvedFamily {
	k := f.key()
	s.families.Lock()
	if s.families.m == nil {
		s.families.m = map[string]*familyEntry{}
	}
	e := s.families.m[k]
	if e == nil {
		e = &familyEntry{}
		s.families.m[k] = e
	}
	s.families.Unlock()
	e.once.Do(func() { e.solved = s.solveFamily(f) })
	return e.solved
}

// solveFamily counts, for every deck from the empty one up, every state of
// family f and every exit, the orders of the deck's ranks by which the
// family ends by that exit, and the throws dealt summed over all orders.
// An order of a deck that deals ranks a, b first continues as an order of
// the deck less a and b, so each count is a sum of counts of smaller
// decks: integers, added in 128 bits, never a fraction.
func (s *deckSpace) solveFamily(f *familyShape) solvedFamily {
	n, c := f.states, f.figures()
	stride := n * c
	vals := make([]int128, len(s.decks)*stride)
	for st := range n - 1 { // the empty deck: every state has run out (the last's count is not kept)
		vals[st*c+f.exits+st] = wide(1)
	}
	// moves[p] are the moves on rank pair p, state by state: one for both
	// orders of the pair where they go the same way, else one for each.
	type move struct {
		state int32
		ways  uint8
		next  int16
	}
	moves := make([][]move, len(s.pairs))
	for pi, p := range s.pairs {
		x, y := int(p.a)*6+int(p.b), int(p.b)*6+int(p.a)
		for st := range n {
			switch a, b := f.next[st][x], f.next[st][y]; {
			case p.a == p.b:
				moves[pi] = append(moves[pi], move{int32(st), 1, a})
			case a == b:
				moves[pi] = append(moves[pi], move{int32(st), 2, a})
			default:
				moves[pi] = append(moves[pi], move{int32(st), 1, a}, move{int32(st), 1, b})
			}
		}
	}
	rolls := c - 1
	for i := 1; i < len(s.decks); i++ {
		d, k := s.decks[i], s.keys[i]
		base := i * stride
		for st := range n {
			vals[base+st*c+rolls] = s.orders[i] // one throw for every order
		}
		for pi, p := range s.pairs {
			if d[p.a] == 0 || d[p.b] == 0 || (p.a == p.b && d[p.a] < 2) {
				continue
			}
			child := int(s.index[k-p.key])
			orders := s.orders[child]
			for _, m := range moves[pi] {
				row := vals[base+int(m.state)*c : base+int(m.state)*c+c]
				if m.next < 0 {
					row[-1-m.next].addTimes(orders, m.ways)
					continue
				}
				from := vals[child*stride+int(m.next)*c:]
				from = from[:len(row)]
				for j, v := range from {
					row[j].addTimes(v, m.ways)
				}
			}
		}
	}
	top := solvedFamily{}
	least := s.full.size() - 2*topDecks
	for i, d := range s.decks {
		if d.size() >= least {
			top[s.key(d)] = append([]int128(nil), vals[i*stride:(i+1)*stride]...)
		}
	}
	return top
}
