package craps

import (
	"math/big"
	"math/bits"
	"sync"
)

// The exact card analysis counts orders of a deck's ranks in int128s: the
// 48-card deck has 48!/(8!)^6 orders, about 2.9e33 (under 2^112), so every
// count it keeps fits, with room for the throws it sums (at most 24 an
// order); cardSpace refuses a shoe whose counts would not.

// addTimes adds x to w n times, n 1 or 2: one order of a pair of ranks,
// or both.
func (w *int128) addTimes(x int128, n uint8) {
	if n == 2 {
		x = int128{x.hi<<1 | int64(x.lo>>63), x.lo << 1}
	}
	w.add(x)
}

func (w *int128) sub(x int128) {
	var borrow uint64
	w.lo, borrow = bits.Sub64(w.lo, x.lo, 0)
	w.hi -= x.hi + int64(borrow)
}

// rankPair is two ranks (0 for the ace to 5 for the 6), smaller first,
// that a throw can deal, and the change in a deck's key when they are
// dealt.
type rankPair struct {
	a, b uint8
	key  int32
}

// deckSpace is every deck that dealing whole throws from a full deck
// can leave: the compositions no larger than full with an even number of
// cards. It numbers them densely, smaller decks first, so every deck
// comes after each deck it deals down to, and it knows how many orders
// of its ranks each has.
type deckSpace struct {
	full deck
	// place is each rank's place value in a deck's key.
	place [6]int32
	// index gives a deck's dense number by key, -1 for an odd one.
	index []int32
	// decks lists the decks by dense number, keys their keys.
	decks []deck
	keys  []int32
	// orders counts the orders of each deck's ranks: n!/(c1!...c6!).
	orders []int128
	// pairs are the 21 pairs of ranks, in the order of Dice.
	pairs []rankPair
	// symmetric: the full deck has as many of rank r as of rank 7-r, so
	// mirroring ranks maps the space onto itself.
	symmetric bool
	families  familyCache
}

// maxSpaceKeys bounds the decks a space numbers, by their keys: 9^6, the
// card-craps rules' deck's, some 265,000 decks of an even size.
const maxSpaceKeys = 531_441

// spaces holds each shoe's space once made, or nil for a shoe too large
// to count exactly; a space made once serves every later analysis, as
// its solved families do.
var spaces sync.Map // Shoe -> func() *deckSpace

// cardSpace is the space of r's shoe, or nil if its decks are more than
// maxSpaceKeys, the orders of its cards pass what an int128 counts with
// room for the throws it sums (a deal of the whole shoe's orders times
// its cards, below 2^126), or it holds an odd number of cards (whose last
// card is never dealt, which the space's counts do not follow).
func (r *Rules) cardSpace() *deckSpace {
	build, _ := spaces.LoadOrStore(Shoe(r.Shoe.deck()), sync.OnceValue(func() *deckSpace {
		full := r.Shoe.deck()
		if full.size()%2 != 0 {
			return nil
		}
		keys := 1
		for _, n := range full {
			keys *= int(n) + 1
		}
		if keys > maxSpaceKeys {
			return nil
		}
		// n!/(c1!...c6!) orders, times the n/2 throws summed over them.
		orders, left := big.NewInt(1), 0
		for _, c := range full {
			for k := 1; k <= int(c); k++ {
				left++
				orders.Mul(orders, big.NewInt(int64(left)))
				orders.Quo(orders, big.NewInt(int64(k)))
			}
		}
		if orders.Mul(orders, big.NewInt(int64(full.size()))).BitLen() > 125 {
			return nil
		}
		return newDeckSpace(full)
	}))
	return build.(func() *deckSpace)()
}

func newDeckSpace(full deck) *deckSpace {
	s := &deckSpace{full: full, symmetric: true}
	keys := int32(1)
	for r := 5; r >= 0; r-- {
		s.place[r] = keys
		keys *= int32(full[r]) + 1
		s.symmetric = s.symmetric && full[r] == full[5-r]
	}
	for a := range 6 {
		for b := a; b < 6; b++ {
			s.pairs = append(s.pairs, rankPair{uint8(a), uint8(b), s.place[a] + s.place[b]})
		}
	}
	// Number the decks by size, then key: a deck's children, one throw
	// smaller, then lie together, which keeps the solving loops in cache.
	s.index = make([]int32, keys)
	bySize := make([][]int32, full.size()+1)
	for k := range s.index {
		s.index[k] = -1
		if n := s.deckOf(int32(k)).size(); n%2 == 0 {
			bySize[n] = append(bySize[n], int32(k))
		}
	}
	for _, level := range bySize {
		for _, k := range level {
			s.index[k] = int32(len(s.decks))
			s.decks, s.keys = append(s.decks, s.deckOf(k)), append(s.keys, k)
		}
	}
	s.orders = make([]int128, len(s.decks))
	s.orders[0] = wide(1) // the empty deck: one order
	for i := 1; i < len(s.decks); i++ {
		var n int128
		s.deal(s.decks[i], func(p rankPair, ways uint8, child int32) {
			n.addTimes(s.orders[child], ways)
		})
		s.orders[i] = n
	}
	return s
}

func (s *deckSpace) deckOf(key int32) deck {
	var d deck
	for r := range d {
		d[r] = uint8(key / s.place[r] % (int32(s.full[r]) + 1))
	}
	return d
}

func (s *deckSpace) key(d deck) int32 {
	k := int32(0)
	for r, c := range d {
		k += int32(c) * s.place[r]
	}
	return k
}

// deal calls f for each pair of ranks deck d can deal, with the number
// of orders in which it can come (1 for a pair of equal ranks, 2 for
// two ranks) and the dense number of the deck it leaves.
func (s *deckSpace) deal(d deck, f func(p rankPair, ways uint8, child int32)) {
	k := s.key(d)
	for _, p := range s.pairs {
		if d[p.a] == 0 || d[p.b] == 0 || (p.a == p.b && d[p.a] < 2) {
			continue
		}
		ways := uint8(2)
		if p.a == p.b {
			ways = 1
		}
		f(p, ways, s.index[k-p.key])
	}
}

// mirror maps rank r to rank 7-r (ace and 6, 2 and 5, 3 and 4), which
// maps every total t to 14-t and keeps 7.
func (d deck) mirror() deck { return deck{d[5], d[4], d[3], d[2], d[1], d[0]} }
