package craps

import (
	"cmp"
	"math"
	"math/big"
	"math/bits"
	"slices"
)

// The law of one hand's net result (Rules.HandResults), followed throw by
// throw. After t throws every chance is an integer over one denominator,
// that of the hand's start times the dice's denominator t times, so each
// chance is kept as an integer of a fixed width: limbs of limbBits bits in
// 64-bit words, as many as that denominator needs, widened as the hands
// go on. A step of the law multiplies a chance by a throw's weight and
// adds it to another, limb by limb without carrying: the words' spare bits
// hold the sums of a throw (limbBits is chosen so that they do), and the
// carries are propagated once a throw.
//
// The net results a state can hold lie on a lattice of their own: a hand
// at state s has a net of phase[s] modulo step, step the greatest common
// divisor of what the moves' nets add to the phases round every cycle of
// the chain (see netLattice), often several times the greatest common
// divisor of the nets themselves (double-tap's nets are even, but those of
// a state are 14 apart). Each state's row holds its results on that
// lattice, densely, from the lowest to the highest it can hold: nearly
// every number of a row is a chance some hand reaches. The limbs are laid
// out limb by limb (a plane of every state's rows for each limb), and a
// throw adds one plane at a time, one run of words from a row to a row a
// move, so that the words it adds to are few enough to stay in the
// processor's cache.

// handResultsWork bounds the work of following hands: the words added, a
// limb of a chance times a throw's weight to another. The law of a large
// layout spreads over many values and many words, and it stops there with
// a larger remainder.
const handResultsWork = 250_000_000

// handRows holds the chances of net results of the rows of several
// states: row s holds n[s] results, lo[s], lo[s]+step, ..., each a
// number of len(planes) limbs; limb l of result i of row s is word
// at[s]+i of planes[l], the numerator of the chance over the common
// denominator. The limbs l of row s are 0 outside spans[l][s]: the high
// limbs of the many results whose chances are small are never added.
type handRows struct {
	lo       []int64
	n, at    []int
	cells    int
	planes   [][]uint64
	spans    [][]handSpan
	mask     uint64
	limbBits uint
}

// handSpan is the results a to b-1 of a row, counted from its first.
type handSpan struct{ a, b int }

// place lays the rows out, n[s] results from lo[s] each, in numbers of
// width limbs, every span empty, and leaves the planes to the caller.
func (h *handRows) place(width int) {
	h.cells = 0
	for s, n := range h.n {
		h.at[s] = h.cells
		h.cells += n
	}
	for len(h.spans) < width {
		h.spans = append(h.spans, make([]handSpan, len(h.n)))
	}
	for l := range width {
		clear(h.spans[l])
	}
}

// layout makes the rows hold no chance, n[s] results from lo[s] each, in
// numbers of width limbs, every limb 0.
func (h *handRows) layout(width int) {
	h.place(width)
	for len(h.planes) < width {
		h.planes = append(h.planes, nil)
	}
	h.planes = h.planes[:width]
	for l, p := range h.planes {
		h.planes[l] = wordsFor(p, h.cells, true)
	}
}

// wordsFor returns p holding n words, all 0 if zero, or, if p has no
// room for them, n new words 0 with room for twice as many: the law's
// rows grow about linearly with the throws.
func wordsFor(p []uint64, n int, zero bool) []uint64 {
	if cap(p) < n {
		return make([]uint64, n, 2*n)
	}
	if p = p[:n]; zero {
		clear(p)
	}
	return p
}

// reach widens the span of limbs l of row s to hold a to b-1, and makes
// the limbs it gains 0.
func (h *handRows) reach(l, s, a, b int) {
	row, sp := h.planes[l][h.at[s]:h.at[s]+h.n[s]], &h.spans[l][s]
	switch {
	case sp.a == sp.b:
		clear(row[a:b])
		*sp = handSpan{a, b}
	case a < sp.a || b > sp.b:
		if a < sp.a {
			clear(row[a:sp.a])
			sp.a = a
		}
		if b > sp.b {
			clear(row[sp.b:b])
			sp.b = b
		}
	}
}

// widen makes every number width limbs, the new ones 0.
func (h *handRows) widen(width int) {
	for len(h.spans) < width {
		h.spans = append(h.spans, make([]handSpan, len(h.n)))
	}
	for l := len(h.planes); l < width; l++ {
		clear(h.spans[l])
		h.planes = append(h.planes, wordsFor(nil, h.cells, true))
	}
}

// trim narrows the span of limbs l of row s to its first and last limb
// that is not 0.
func (h *handRows) trim(l, s int) {
	row, sp := h.planes[l][h.at[s]:h.at[s]+h.n[s]], &h.spans[l][s]
	for sp.a < sp.b && row[sp.a] == 0 {
		sp.a++
	}
	for sp.b > sp.a && row[sp.b-1] == 0 {
		sp.b--
	}
}

// carryRows propagates the carries of every number, span by span,
// leaving each limb below 2^limbBits (limbs of 64 bits carry as they add,
// and have none to propagate), and narrows the spans to the limbs that
// are not 0.
func (h *handRows) carryRows() {
	width := len(h.planes)
	for s, n := range h.n {
		if n == 0 {
			continue
		}
		for l := range width {
			h.trim(l, s)
			sp := h.spans[l][s]
			if h.limbBits == 64 || l == width-1 || sp.a == sp.b {
				continue
			}
			h.reach(l+1, s, sp.a, sp.b)
			at := h.at[s]
			carryInto(h.planes[l][at+sp.a:at+sp.b], h.planes[l+1][at+sp.a:at+sp.b], h.limbBits, h.mask)
		}
	}
}

// number returns the i-th number of the rows, counting every row's
// results in turn, as a big.Int.
func (h *handRows) number(i int) *big.Int {
	x, t := new(big.Int), new(big.Int)
	for l := len(h.planes) - 1; l >= 0; l-- {
		x.Lsh(x, h.limbBits)
		x.Add(x, t.SetUint64(h.planes[l][i]))
	}
	return x
}

// setNumber sets the i-th number to the non-negative x.
func (h *handRows) setNumber(i int, x *big.Int) {
	y, t := new(big.Int).Set(x), new(big.Int)
	mask := new(big.Int).SetUint64(h.mask)
	for _, p := range h.planes {
		p[i] = t.And(y, mask).Uint64()
		y.Rsh(y, h.limbBits)
	}
}

// cover grows the single row of h to hold the results lo to hi
// (inclusive, on the lattice of step), keeping what it holds.
func (h *handRows) cover(lo, hi, step int64) {
	width := len(h.planes)
	if h.n[0] == 0 {
		h.lo[0], h.n[0] = lo, int((hi-lo)/step+1)
		h.layout(width)
		return
	}
	newLo, newHi := min(lo, h.lo[0]), max(hi, h.lo[0]+int64(h.n[0]-1)*step)
	if newLo == h.lo[0] && newHi == h.lo[0]+int64(h.n[0]-1)*step {
		return
	}
	old, shift := h.planes, int((h.lo[0]-newLo)/step)
	h.lo, h.n, h.at = []int64{newLo}, []int{int((newHi-newLo)/step + 1)}, []int{0}
	h.planes = make([][]uint64, width)
	h.layout(width)
	for l, p := range old {
		copy(h.planes[l][shift:], p)
	}
}

// carry propagates the carries of every number, leaving each limb below
// 2^limbBits, and returns the sum of the numbers. Limbs of 64 bits carry
// as they add, and have none to propagate.
func (h *handRows) carry() *big.Int {
	if h.limbBits < 64 {
		for l := range len(h.planes) - 1 {
			p, q := h.planes[l], h.planes[l+1]
			q = q[:len(p)]
			for j, x := range p {
				q[j] += x >> h.limbBits
				p[j] = x & h.mask
			}
		}
	}
	sum, t := new(big.Int), new(big.Int)
	for l := len(h.planes) - 1; l >= 0; l-- {
		var lo, hi uint64
		for _, x := range h.planes[l] {
			var c uint64
			lo, c = bits.Add64(lo, x, 0)
			hi += c
		}
		sum.Lsh(sum, h.limbBits)
		sum.Add(sum, t.SetUint64(hi).Lsh(t, 64))
		sum.Add(sum, t.SetUint64(lo))
	}
	return sum
}

// addAt adds hi*2^64+lo times 2^(l*limbBits) to the i-th number,
// carrying from limb to limb as far as the carries go.
func (h *handRows) addAt(i, l int, lo, hi uint64) {
	for ; l < len(h.planes) && lo|hi != 0; l++ {
		x := &h.planes[l][i]
		var c uint64
		lo, c = bits.Add64(lo, *x, 0)
		hi += c
		*x = lo & h.mask
		lo, hi = lo>>h.limbBits|hi<<(64-h.limbBits), hi>>h.limbBits
	}
}

// scale multiplies every number by k; limbs of 64 bits carry as they go.
func (h *handRows) scale(k uint64) {
	if h.limbBits < 64 {
		for _, p := range h.planes {
			for i := range p {
				p[i] *= k
			}
		}
		return
	}
	for i := range h.cells {
		var c uint64
		for _, p := range h.planes {
			hi, lo := bits.Mul64(p[i], k)
			var c1 uint64
			p[i], c1 = bits.Add64(lo, c, 0)
			c = hi + c1
		}
	}
}

// addScaled adds k times src to dst, word by word, without carrying:
// eight words an instruction where the processor has vector instructions
// for them, otherwise eight words a step (the compiler neither unrolls
// nor vectorizes).
func addScaled(dst, src []uint64, k uint64) {
	dst = dst[:len(src)]
	i := addScaledVector(dst, src, k)
	for ; i+8 <= len(src); i += 8 {
		s, d := src[i:i+8:i+8], dst[i:i+8:i+8]
		d[0] += k * s[0]
		d[1] += k * s[1]
		d[2] += k * s[2]
		d[3] += k * s[3]
		d[4] += k * s[4]
		d[5] += k * s[5]
		d[6] += k * s[6]
		d[7] += k * s[7]
	}
	for ; i < len(src); i++ {
		dst[i] += k * src[i]
	}
}

// addStrided adds src to every stride-th word of dst from its word at.
func addStrided(dst []uint64, at, stride int, src []uint64) {
	if stride == 1 {
		addScaled(dst[at:], src, 1)
		return
	}
	for _, x := range src {
		dst[at] += x
		at += stride
	}
}

// carryInto moves what each word of p holds from bit b up into the word
// of q beside it: eight words an instruction where the processor has
// vector instructions for them, otherwise four words a step.
func carryInto(p, q []uint64, b uint, mask uint64) {
	q = q[:len(p)]
	b &= 63
	i := carryIntoVector(p, q, b, mask)
	for ; i+4 <= len(p); i += 4 {
		pp, qq := p[i:i+4:i+4], q[i:i+4:i+4]
		x0, x1, x2, x3 := pp[0], pp[1], pp[2], pp[3]
		qq[0] += x0 >> b
		qq[1] += x1 >> b
		qq[2] += x2 >> b
		qq[3] += x3 >> b
		pp[0], pp[1], pp[2], pp[3] = x0&mask, x1&mask, x2&mask, x3&mask
	}
	for ; i < len(p); i++ {
		x := p[i]
		q[i] += x >> b
		p[i] = x & mask
	}
}

// addCarrying adds k times the n numbers of src from its number from,
// to the numbers of dst from to, every stride-th: 64-bit limbs, carrying
// from limb to limb, a limb of every number at a time (each plane read in
// order), the carries kept in carry, which has room for n.
func addCarrying(dst, src *handRows, to, stride, from, n int, k uint64, carry []uint64) {
	carry = carry[:n]
	clear(carry)
	for l, p := range dst.planes {
		for i, x := range src.planes[l][from : from+n] {
			hi, lo := bits.Mul64(x, k)
			lo, c1 := bits.Add64(lo, carry[i], 0)
			y := &p[to+i*stride]
			var c2 uint64
			*y, c2 = bits.Add64(*y, lo, 0)
			carry[i] = hi + c1 + c2
		}
	}
}

// batchRoom is how many limbs below 2^limbBits a word holds the sum of,
// 2^(64-limbBits), or the most an int counts to.
func batchRoom(limbBits uint) int {
	return int(min(uint64(1)<<(64-limbBits), math.MaxInt))
}

// sumSevenOuts adds the hands that end on a throw with the seven-outs
// from src, a limb of every number (its spans from), to the 128-bit sums
// of their results, sumLo and sumHi: the moves' spans of limbs are summed
// first in the words of batch, room at most at a time and of one weight
// k (sevens is in order of k), each batch multiplied by its k once. It
// returns the limbs added; batch is 0 on return, as it must be on entry.
func sumSevenOuts(sumLo, sumHi, batch, src []uint64, from []handSpan, sevens []handTransfer, room int) (work int) {
	inBatch, a, b := 0, len(batch), 0
	for i, m := range sevens {
		if sp := from[m.s]; sp.a < sp.b {
			j := m.to + sp.a*m.stride
			addStrided(batch, j, m.stride, src[m.from+sp.a:m.from+sp.b])
			work += sp.b - sp.a
			inBatch, a, b = inBatch+1, min(a, j), max(b, j+(sp.b-sp.a-1)*m.stride+1)
		}
		if inBatch > 0 && (inBatch == room || i == len(sevens)-1 || sevens[i+1].k != m.k) {
			for j, x := range batch[a:b] {
				hi, lo := bits.Mul64(x, m.k)
				var c uint64
				sumLo[a+j], c = bits.Add64(sumLo[a+j], lo, 0)
				sumHi[a+j] += hi + c
			}
			clear(batch[a:b])
			inBatch, a, b = 0, len(batch), 0
		}
	}
	return work
}

// netLattice returns the lattice of the net results of hands from the
// states of nu, where they start with a net of 0: a hand at a state s it
// reaches has a net of phase[s] modulo step, and a hand that has ended
// one of end modulo endStep, step a multiple of endStep. The phases are
// the nets of paths of a spanning tree of the states reached; step is
// the greatest common divisor of what every other move adds to them (0
// if none does: each state's net is its phase), and endStep that of step
// and the differences of the nets the hands end with (0 likewise).
func (c *strategyChain) netLattice(nu map[int]*big.Rat) (phase []int64, step, end, endStep int64) {
	phase = make([]int64, len(c.moves))
	seen := make([]bool, len(c.moves))
	var queue []int
	for s := range nu {
		seen[s] = true
		queue = append(queue, s)
	}
	ends := false
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, m := range c.moves[s] {
			v := phase[s] + m.net
			switch {
			case m.sevenOut && !ends:
				end, ends = v, true
			case m.sevenOut:
				endStep = gcd64(endStep, abs64(v-end))
			case !seen[m.next]:
				seen[m.next], phase[m.next] = true, v
				queue = append(queue, m.next)
			default:
				step = gcd64(step, abs64(v-phase[m.next]))
			}
		}
	}
	return phase, step, end, gcd64(endStep, step)
}

// handTransfer is one move's addition of the row of state s, from its
// number from, to the numbers of another (of state t) from to, every
// stride-th, times k.
type handTransfer struct {
	s, t, from, to, stride int
	k                      uint64
}

// handResults follows hands from nu throw by throw, until the chance that
// a hand goes on is below bound, for throws throws if that is not 0, or
// until handResultsWork is done. The chances are kept as integers over a
// common denominator, that of nu times the dice's a throw, in rows of
// consecutive net results on their lattice (see netLattice).
func (c *strategyChain) handResults(nu map[int]*big.Rat, bound *big.Rat, throws int) HandResults {
	_, step, _, endStep := c.netLattice(nu)
	endStep = max(endStep, 1)
	if step == 0 { // every row holds one result
		step = endStep
	}
	stride := int(step / endStep) // a row's results apart in the row of hands ended
	den := big.NewInt(1)
	for _, p := range nu {
		den.Mul(den, new(big.Int).Quo(p.Denom(), new(big.Int).GCD(nil, nil, den, p.Denom())))
	}
	n := len(c.moves)
	// A throw adds to a number at most its state's weight in times the
	// largest limb, and the hands ended are multiplied by the dice's
	// denominator (the sums of the hands that end on a throw are added to
	// them with carries): limbs leave that many bits spare.
	in := make([]uint64, n)
	for _, ms := range c.moves {
		for _, m := range ms {
			if !m.sevenOut {
				in[m.next] = min(in[m.next]+uint64(m.weight), 1<<62) // past 2^62, carries anyway
			}
		}
	}
	most := max(slices.Max(in), uint64(c.den))
	// Dice of a large denominator leave too few bits: limbs of 64 bits
	// carry as they add.
	limbBits := uint(64 - bits.Len64(most))
	carries := limbBits < 24
	if carries {
		limbBits = 64
	}
	limbsFor := func(d *big.Int) int { return d.BitLen()/int(limbBits) + 1 }
	rows := func(states int) *handRows {
		return &handRows{lo: make([]int64, states), n: make([]int, states), at: make([]int, states),
			limbBits: limbBits, mask: uint64(1)<<limbBits - 1}
	}
	mass, next, ended := rows(n), rows(n), rows(1)
	for s := range nu {
		mass.n[s] = 1
	}
	mass.layout(limbsFor(den))
	ended.layout(len(mass.planes))
	for s, p := range nu {
		mass.setNumber(mass.at[s], new(big.Int).Mul(p.Num(), new(big.Int).Quo(den, p.Denom())))
		for l := range mass.planes {
			mass.spans[l][s] = handSpan{0, 1}
		}
	}
	mass.carryRows()
	var out HandResults
	alive := new(big.Int).Set(den)
	dieDen := big.NewInt(c.den)
	var moves, sevens []handTransfer
	var sumLo, sumHi, batch []uint64 // the hands that end on a throw, by result, in 128 bits and in words
	var spare []uint64               // a plane no row holds
	var carry []uint64               // a row's carries, limb to limb
	hi := make([]int64, n)
	work := 0
	for new(big.Rat).SetFrac(alive, den).Cmp(bound) >= 0 && (throws == 0 || out.Throws < throws) && work < handResultsWork {
		out.Throws++
		den.Mul(den, dieDen)
		if w := limbsFor(den); w > len(mass.planes) {
			mass.widen(w)
			ended.widen(w)
		}
		width := len(mass.planes)
		// The range of each state's row after this throw, and of the
		// results of the hands that end on it.
		endLo, endHi := int64(1<<62), int64(-1<<62)
		for t := range hi {
			next.lo[t], hi[t] = 1<<62, -1<<62
		}
		for s, size := range mass.n {
			if size == 0 {
				continue
			}
			for _, m := range c.moves[s] {
				a, b := mass.lo[s]+m.net, mass.lo[s]+int64(size-1)*step+m.net
				if m.sevenOut {
					endLo, endHi = min(endLo, a), max(endHi, b)
				} else {
					next.lo[m.next], hi[m.next] = min(next.lo[m.next], a), max(hi[m.next], b)
				}
			}
		}
		for t := range hi {
			next.n[t] = 0
			if hi[t] >= next.lo[t] {
				next.n[t] = int((hi[t]-next.lo[t])/step + 1)
			}
		}
		if carries {
			next.layout(width)
		} else {
			next.place(width) // its planes are made limb by limb, below
		}
		if endHi >= endLo {
			ended.cover(endLo, endHi, endStep)
		}
		// Each move's addition, row to row.
		moves, sevens = moves[:0], sevens[:0]
		for s, size := range mass.n {
			if size == 0 {
				continue
			}
			for _, m := range c.moves[s] {
				if m.sevenOut {
					at := int((mass.lo[s] + m.net - ended.lo[0]) / endStep)
					sevens = append(sevens, handTransfer{s, 0, mass.at[s], at, stride, uint64(m.weight)})
				} else {
					at := next.at[m.next] + int((mass.lo[s]+m.net-next.lo[m.next])/step)
					moves = append(moves, handTransfer{s, m.next, mass.at[s], at, 1, uint64(m.weight)})
				}
			}
		}
		ended.scale(uint64(c.den))
		if carries {
			carry = wordsFor(carry, slices.Max(mass.n), true)
			for _, m := range moves {
				addCarrying(next, mass, m.to, 1, m.from, mass.n[m.s], m.k, carry)
				work += mass.n[m.s] * width
			}
			for l := range width {
				for t, size := range next.n {
					next.spans[l][t] = handSpan{0, size}
				}
			}
			for _, m := range sevens {
				addCarrying(ended, mass, m.to, m.stride, m.from, mass.n[m.s], m.k, carry)
				work += mass.n[m.s] * width
			}
		} else {
			// A limb of the next rows depends on the same limb of these
			// alone: each limb of them is made in the plane that one of
			// these has left, and the rows hold width planes and a spare
			// one rather than twice width.
			//
			// Hands from every state end on the same results: their sums
			// are taken a limb at a time (sumSevenOuts) and added to the
			// hands ended with their carries.
			sumLo, sumHi = wordsFor(sumLo, ended.cells, true), wordsFor(sumHi, ended.cells, true)
			batch = wordsFor(batch, ended.cells, true)
			slices.SortFunc(sevens, func(a, b handTransfer) int { return cmp.Compare(a.k, b.k) })
			next.planes = next.planes[:0]
			for l := range width {
				next.planes = append(next.planes, wordsFor(spare, next.cells, false))
				src, dst, from := mass.planes[l], next.planes[l], mass.spans[l]
				for _, m := range moves {
					sp := from[m.s]
					if sp.a == sp.b {
						continue
					}
					at := m.to - next.at[m.t]
					next.reach(l, m.t, sp.a+at, sp.b+at)
					addScaled(dst[m.to+sp.a:], src[m.from+sp.a:m.from+sp.b], m.k)
					work += sp.b - sp.a
				}
				work += sumSevenOuts(sumLo, sumHi, batch, src, from, sevens, batchRoom(limbBits))
				for j, lo := range sumLo {
					if lo|sumHi[j] != 0 {
						ended.addAt(j, l, lo, sumHi[j])
						sumLo[j], sumHi[j] = 0, 0
					}
				}
				spare, mass.planes[l] = src, nil
			}
		}
		mass, next = next, mass
		mass.carryRows()
		// Every state's moves take all the dice's weight: the hands that
		// have not ended hold the rest of it.
		alive.Sub(den, ended.carry())
	}
	for i := range ended.cells {
		if x := ended.number(i); x.Sign() != 0 {
			out.Results = append(out.Results, NetProbability{Amount(ended.lo[0] + int64(i)*endStep), new(big.Rat).SetFrac(x, den)})
		}
	}
	out.Remainder = new(big.Rat).SetFrac(alive, den)
	return out
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
