package craps

import (
	"math/big"
	"math/bits"
	"sort"
)

// The law of one hand's net result (Rules.HandResults), followed throw by
// throw. After t throws every chance is an integer over one denominator,
// that of the hand's start times the dice's denominator t times, so each
// chance is kept as an integer of a fixed width: limbs of limbBits bits in
// 64-bit words, as many as that denominator needs, widened as the hands
// go on. A step of the law multiplies a chance by a throw's weight and
// adds it to another, limb by limb without carrying: the words' spare bits
// hold the sums of a throw (limbBits is chosen so that they do), and the
// carries are propagated once a throw. Rows of net results hold the
// chances of one state, a bit marking each result that has one, so that
// the many results a row spans but no hand reaches cost nothing.

// handResultsWork bounds the work of following hands: the additions of
// one chance to another. The law of a large layout spreads over many
// values, and it stops there with a larger remainder.
const handResultsWork = 40_000_000

// limbRow holds the chances of a state's net results from lo: the i-th
// number of v (width limbs, lowest first) is the numerator of the chance
// of result (lo+i) times the grid the results are on, where bit i of has
// is set; elsewhere v holds nothing.
type limbRow struct {
	lo  int64
	n   int
	v   []uint64
	has []uint64
}

// reset makes the row hold no chance, for the results lo to lo+n-1.
func (r *limbRow) reset(lo int64, n, width int) {
	r.lo, r.n = lo, n
	if cap(r.v) < n*width {
		r.v = make([]uint64, n*width)
	}
	r.v = r.v[:n*width]
	words := (n + 63) / 64
	if cap(r.has) < words {
		r.has = make([]uint64, words)
	}
	r.has = r.has[:words]
	clear(r.has)
}

// widen makes every number of the row width limbs, from old.
func (r *limbRow) widen(old, width int) {
	v := make([]uint64, r.n*width)
	for i := range r.n {
		copy(v[i*width:], r.v[i*old:(i+1)*old])
	}
	r.v = v
}

// cover grows the row to hold the results lo to hi (inclusive), keeping
// what it holds.
func (r *limbRow) cover(lo, hi int64, width int) {
	if r.n == 0 {
		r.reset(lo, int(hi-lo+1), width)
		return
	}
	newLo, newHi := min(lo, r.lo), max(hi, r.lo+int64(r.n)-1)
	if newLo == r.lo && newHi == r.lo+int64(r.n)-1 {
		return
	}
	var grown limbRow
	grown.reset(newLo, int(newHi-newLo+1), width)
	shift := int(r.lo - newLo)
	copy(grown.v[shift*width:], r.v)
	r.each(func(i int) { grown.has[(i+shift)/64] |= 1 << ((i + shift) % 64) })
	*r = grown
}

// each calls f with every result the row holds a chance of.
func (r *limbRow) each(f func(i int)) {
	for w, word := range r.has {
		for ; word != 0; word &= word - 1 {
			f(w*64 + bits.TrailingZeros64(word))
		}
	}
}

// add adds k times x to the row's i-th number, limb by limb; with
// carries, carrying from limb to limb as it goes (limbs of 64 bits).
func (r *limbRow) add(i, width int, x []uint64, k uint64, carries bool) {
	dst := r.v[i*width : (i+1)*width]
	if r.has[i/64]&(1<<(i%64)) == 0 {
		r.has[i/64] |= 1 << (i % 64)
		if !carries {
			for l := range dst {
				dst[l] = k * x[l]
			}
			return
		}
		clear(dst)
	}
	if !carries {
		for l := range dst {
			dst[l] += k * x[l]
		}
		return
	}
	var c uint64
	for l := range dst {
		hi, lo := bits.Mul64(x[l], k)
		lo, c1 := bits.Add64(lo, c, 0)
		var c2 uint64
		dst[l], c2 = bits.Add64(dst[l], lo, 0)
		c = hi + c1 + c2
	}
}

// carry propagates the carries of each number of the row, leaving every
// limb below 2^limbBits, and adds the numbers to sum, a number of limbs
// (their carries propagated every 2^spare additions, spare the bits
// above limbBits in a word); count counts the additions since. Limbs of
// 64 bits carry as they add: their row has none to propagate, and sum
// too adds with carries.
func (r *limbRow) carry(width int, limbBits uint, sum []uint64, count *int) {
	if limbBits == 64 {
		if sum != nil {
			for w, word := range r.has {
				for ; word != 0; word &= word - 1 {
					i := w*64 + bits.TrailingZeros64(word)
					addCarrying(sum, r.v[i*width:(i+1)*width])
				}
			}
		}
		return
	}
	mask := uint64(1)<<limbBits - 1
	spare := 1 << (63 - limbBits)
	for w, word := range r.has {
		for ; word != 0; word &= word - 1 {
			i := w*64 + bits.TrailingZeros64(word)
			x := r.v[i*width : (i+1)*width]
			c := uint64(0)
			for l := range x {
				v := x[l] + c
				x[l], c = v&mask, v>>limbBits
				if sum != nil {
					sum[l] += x[l]
				}
			}
			if *count++; *count >= spare {
				carryLimbs(sum, limbBits)
				*count = 0
			}
		}
	}
}

// addCarrying adds x to sum, 64-bit limbs, sum the longer.
func addCarrying(sum, x []uint64) {
	var c uint64
	for l := range sum {
		v := uint64(0)
		if l < len(x) {
			v = x[l]
		}
		sum[l], c = bits.Add64(sum[l], v, c)
	}
}

// carryLimbs propagates the carries of x, limbs of limbBits bits whose
// last has room for the carries into it (limbs of 64 bits have none).
func carryLimbs(x []uint64, limbBits uint) {
	if limbBits == 64 {
		return
	}
	mask := uint64(1)<<limbBits - 1
	c := uint64(0)
	for l := range x {
		v := x[l] + c
		x[l], c = v&mask, v>>limbBits
		if l == len(x)-1 {
			x[l] = v
		}
	}
}

// scale multiplies every number of the row by k, limb by limb; with
// carries, carrying as it goes.
func (r *limbRow) scale(width int, k uint64, carries bool) {
	for w, word := range r.has {
		for ; word != 0; word &= word - 1 {
			i := w*64 + bits.TrailingZeros64(word)
			x := r.v[i*width : (i+1)*width]
			var c uint64
			for l := range x {
				if !carries {
					x[l] *= k
					continue
				}
				hi, lo := bits.Mul64(x[l], k)
				var c1 uint64
				x[l], c1 = bits.Add64(lo, c, 0)
				c = hi + c1
			}
		}
	}
}

// limbsInt is x, limbs of limbBits bits, as a big.Int.
func limbsInt(x []uint64, limbBits uint) *big.Int {
	n, t := new(big.Int), new(big.Int)
	for l := len(x) - 1; l >= 0; l-- {
		n.Lsh(n, limbBits)
		n.Add(n, t.SetUint64(x[l]))
	}
	return n
}

// intLimbs writes the non-negative x into dst as limbs of limbBits bits.
func intLimbs(dst []uint64, x *big.Int, limbBits uint) {
	mask := new(big.Int).SetUint64(uint64(1)<<limbBits - 1)
	y, t := new(big.Int).Set(x), new(big.Int)
	for l := range dst {
		dst[l] = t.And(y, mask).Uint64()
		y.Rsh(y, limbBits)
	}
}

// handResults follows hands from nu throw by throw, until the chance that
// a hand goes on is below bound, for throws throws if that is not 0, or
// until handResultsWork is done. The chances are kept as integers over a
// common denominator, that of nu times the dice's a throw, in rows of
// consecutive net results (on the grid of the greatest common divisor of
// the rolls' results) reused from throw to throw.
func (c *strategyChain) handResults(nu map[int]*big.Rat, bound *big.Rat, throws int) HandResults {
	grid := int64(0)
	for _, ms := range c.moves {
		for _, m := range ms {
			grid = gcd64(grid, abs64(m.net))
		}
	}
	grid = max(grid, 1)
	den := big.NewInt(1)
	for _, p := range nu {
		den.Mul(den, new(big.Int).Quo(p.Denom(), new(big.Int).GCD(nil, nil, den, p.Denom())))
	}
	n := len(c.moves)
	// A throw adds to a number at most its state's weight in, times the
	// largest limb (the hands that end also multiply theirs by the dice's
	// denominator): limbs leave that many bits spare.
	in := make([]uint64, n+1) // the last: the hands that end
	in[n] = uint64(c.den)
	for _, ms := range c.moves {
		for _, m := range ms {
			to := &in[n]
			if !m.sevenOut {
				to = &in[m.next]
			}
			*to = min(*to+uint64(m.weight), 1<<62) // past 2^62, carries anyway
		}
	}
	most := uint64(1)
	for _, w := range in {
		most = max(most, w)
	}
	// Dice of a large denominator leave too few bits: limbs of 64 bits
	// carry as they add.
	limbBits := uint(63 - bits.Len64(most))
	carries := limbBits < 24
	if carries {
		limbBits = 64
	}
	limbsFor := func(d *big.Int) int { return d.BitLen()/int(limbBits) + 1 }
	width := limbsFor(den)
	mass, next := make([]limbRow, n), make([]limbRow, n)
	for s, p := range nu {
		mass[s].reset(0, 1, width)
		mass[s].has[0] = 1
		intLimbs(mass[s].v, new(big.Int).Mul(p.Num(), new(big.Int).Quo(den, p.Denom())), limbBits)
	}
	var ended limbRow
	var out HandResults
	alive := new(big.Int).Set(den)
	lo, hi := make([]int64, n), make([]int64, n)
	dieDen := big.NewInt(c.den)
	work := 0
	for new(big.Rat).SetFrac(alive, den).Cmp(bound) >= 0 && (throws == 0 || out.Throws < throws) && work < handResultsWork {
		out.Throws++
		den.Mul(den, dieDen)
		if w := limbsFor(den); w > width {
			for s := range mass {
				mass[s].widen(width, w)
			}
			ended.widen(width, w)
			width = w
		}
		ended.scale(width, uint64(c.den), carries)
		// The range of each state's row after this throw, and of the
		// results of the hands that end on it.
		endLo, endHi := int64(1<<62), int64(-1<<62)
		for t := range lo {
			lo[t], hi[t] = 1<<62, -1<<62
		}
		for s := range mass {
			if mass[s].n == 0 {
				continue
			}
			for _, m := range c.moves[s] {
				a, b := mass[s].lo+m.net/grid, mass[s].lo+int64(mass[s].n)-1+m.net/grid
				if m.sevenOut {
					endLo, endHi = min(endLo, a), max(endHi, b)
				} else {
					lo[m.next], hi[m.next] = min(lo[m.next], a), max(hi[m.next], b)
				}
			}
		}
		if endHi >= endLo {
			ended.cover(endLo, endHi, width)
		}
		for t := range next {
			size := 0
			if hi[t] >= lo[t] {
				size = int(hi[t] - lo[t] + 1)
			}
			next[t].reset(lo[t], size, width)
		}
		// Move by move, so that a move's results run along its row and
		// the row they add to.
		for s := range mass {
			row := &mass[s]
			if row.n == 0 {
				continue
			}
			for _, m := range c.moves[s] {
				to := &ended
				if !m.sevenOut {
					to = &next[m.next]
				}
				k, shift := uint64(m.weight), int(row.lo+m.net/grid-to.lo)
				for w, word := range row.has {
					for ; word != 0; word &= word - 1 {
						i := w*64 + bits.TrailingZeros64(word)
						work++
						to.add(i+shift, width, row.v[i*width:(i+1)*width], k, carries)
					}
				}
			}
		}
		mass, next = next, mass
		count := 0
		ended.carry(width, limbBits, nil, &count)
		sum := make([]uint64, width+1)
		count = 0
		for s := range mass {
			mass[s].carry(width, limbBits, sum, &count)
		}
		carryLimbs(sum, limbBits)
		alive = limbsInt(sum, limbBits)
	}
	ended.each(func(i int) {
		p := new(big.Rat).SetFrac(limbsInt(ended.v[i*width:(i+1)*width], limbBits), den)
		out.Results = append(out.Results, NetProbability{Amount((ended.lo + int64(i)) * grid), p})
	})
	sort.Slice(out.Results, func(i, k int) bool { return out.Results[i].Net < out.Results[k].Net })
	out.Remainder = new(big.Rat).SetFrac(alive, den)
	return out
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
