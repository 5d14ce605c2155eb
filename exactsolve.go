package craps

import (
	"errors"
	"math"
	"math/big"
	"math/bits"
	"slices"
)

// The exact solver. Eliminating in rationals makes every entry's
// numerator and denominator grow with each step it takes part in, and a
// chain of a thousand states whose groups fill in (a progression on six
// numbers) takes hours that way. The solver instead factors I-P once
// modulo a prime below 2^31, where every entry is one machine word, and
// lifts the solution p-adically (Dixon's method): each step solves with
// that factorization for the next base-p digit of every unknown and
// updates a residual of small integers. Once the digits determine
// fractions with a common denominator, rational reconstruction recovers
// them, and the result is accepted only after the equations hold for it
// exactly in integers: the answer is proved, not trusted to the prime.

// solverPrimes are the primes the factorization is tried modulo, in
// turn: one fails only if it divides a pivot, which for primes this large
// hardly ever happens.
var solverPrimes = []uint64{2147483647, 2147483629, 2147483587}

// modPrime is arithmetic modulo a prime p below 2^31: the product of two
// residues fits in 62 bits and is reduced by Barrett's method, a
// multiplication in place of a division.
type modPrime struct {
	p, m uint64 // m = ⌊(2^64-1)/p⌋
	wrap uint64 // the largest multiple of p up to 2^63
}

func newModPrime(p uint64) modPrime { return modPrime{p, ^uint64(0) / p, (1 << 63) / p * p} }

func (f modPrime) mul(a, b uint64) uint64 { return f.reduce(a * b) }

// reduce returns x modulo p, for any x.
func (f modPrime) reduce(x uint64) uint64 {
	q, _ := bits.Mul64(x, f.m) // q is ⌊x/p⌋ or one less
	if r := x - q*f.p; r < f.p {
		return r
	} else {
		return r - f.p
	}
}

// lazy returns sum + x up to a multiple of p, for sum below f.wrap and x
// below 2^62 (a product of two residues): the result is below f.wrap
// again, so that sums of products are reduced once, at their end.
func (f modPrime) lazy(sum, x uint64) uint64 {
	if sum += x; sum >= f.wrap {
		return sum - f.wrap
	}
	return sum
}

func (f modPrime) sub(a, b uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + f.p - b
}

// inv returns 1/a by Fermat's little theorem; a must not be 0.
func (f modPrime) inv(a uint64) uint64 {
	r := uint64(1)
	for e := f.p - 2; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = f.mul(r, a)
		}
		a = f.mul(a, a)
	}
	return r
}

// of returns the residue of a.
func (f modPrime) of(a *big.Int) uint32 {
	var r big.Int
	return uint32(r.Mod(a, r.SetUint64(f.p)).Uint64())
}

// intTerm is an integer entry of I-P scaled by its row's denominator, at
// column at; modTerm is an entry modulo the prime.
type intTerm struct {
	at int
	v  *big.Int
}

type modTerm struct {
	at int32
	v  uint32
}

// factored is a markov chain's I-P, each row multiplied by the least
// common denominator of its probabilities so that it is the integer
// matrix A, factored modulo a prime for solving exactly: the strongly
// connected groups of states in an order where each group leads only to
// groups before it, each group eliminated in the order that keeps its
// factors sparse.
type factored struct {
	// rows are A's rows; scale[s] is what row s was multiplied by.
	// small[s] holds row s's values as int64s, in order, when they all
	// fit (always, for a chain over the 36 throws), for the residual's
	// inner loop.
	rows  [][]intTerm
	small [][]int64
	scale []*big.Int
	field modPrime
	// groups hold A's factors modulo the prime.
	groups []modGroup
	// liftWork is what is left of the work the solves may do (see lift),
	// in operations on words: a solve past it fails.
	liftWork int64
}

// modGroup is one strongly connected group of states, eliminated modulo
// the prime.
type modGroup struct {
	// states are the group's states in elimination order; pivotInv[k]
	// is the inverse of the k-th diagonal after elimination.
	states   []int
	pivotInv []uint32
	// lower[k] is what eliminating state k subtracts from later rows:
	// row at's right-hand side loses v times row k's. upper[k] is row
	// k's entries for states eliminated after it, at positions in the
	// elimination order. Both are empty from denseAt on, the states
	// eliminated as a dense matrix: dense holds their factors, row i
	// (position denseAt+i) with its multipliers before the diagonal and
	// its entries after it, a plain square that the solve reads without
	// positions, at half the memory.
	lower, upper [][]modTerm
	denseAt      int
	dense        []uint32
	// outside lists, for each state of the group, its entries at states
	// of groups solved before.
	outside [][]modTerm
}

// factor factors I-P exactly. Every state must lead to the chain's end
// with positive probability (no closed group of states); if one does not,
// factor reports false.
func (m *markov) factor() (*factored, bool) {
	f, err := m.factorWithin(math.MaxInt64)
	return f, err == nil
}

// errTooLong is factorWithin's refusal of a chain whose elimination would
// pass its work.
var errTooLong = errors.New("the elimination would take too long")

// factorWithin factors I-P exactly, as factor does, within work
// multiplications of the elimination modulo the prime: errTooLong past
// them, errClosed for a chain with a closed group of states. What work
// the elimination leaves bounds the solves' lifting (liftWork).
func (m *markov) factorWithin(work int64) (*factored, error) {
	n := len(m.arcs)
	f := &factored{rows: make([][]intTerm, n), small: make([][]int64, n), scale: make([]*big.Int, n)}
	for s := range m.arcs {
		f.rows[s], f.scale[s] = m.integerRow(s)
		f.small[s] = make([]int64, len(f.rows[s]))
		for k, e := range f.rows[s] {
			if !e.v.IsInt64() {
				f.small[s] = nil
				break
			}
			f.small[s][k] = e.v.Int64()
		}
	}
	groups := m.groups()
	for _, g := range groups {
		if f.closed(g) {
			return nil, errClosed
		}
	}
	for _, p := range solverPrimes {
		ok, tooLong := f.factorModulo(groups, newModPrime(p), &work)
		if tooLong {
			return nil, errTooLong
		}
		if ok {
			f.liftWork = work
			return f, nil
		}
	}
	return nil, errors.New("every prime divides a pivot") // never seen
}

// errClosed is factorWithin's refusal of a chain with a closed group of
// states, whose sums to its end never end.
var errClosed = errors.New("a closed group of states")

// integerRow returns row s of I-P times the least common denominator d
// of its probabilities, and d.
func (m *markov) integerRow(s int) ([]intTerm, *big.Int) {
	d := big.NewInt(1)
	var g big.Int
	for _, a := range m.arcs[s] {
		q := a.p.Denom()
		d.Mul(d, g.Quo(q, g.GCD(nil, nil, d, q)))
	}
	row := []intTerm{{s, new(big.Int).Set(d)}}
	for _, a := range m.arcs[s] {
		v := new(big.Int).Mul(a.p.Num(), g.Quo(d, a.p.Denom()))
		if a.to == s {
			row[0].v.Sub(row[0].v, v)
			continue
		}
		row = append(row, intTerm{a.to, v.Neg(v)})
	}
	return row, d
}

// closed reports whether the chain never leaves group g: every row of A
// sums to zero over the group. A group that can be left has a nonsingular
// block (an irreducible substochastic matrix with a row summing to less
// than one has spectral radius below one).
func (f *factored) closed(g []int) bool {
	in := make(map[int]bool, len(g))
	for _, s := range g {
		in[s] = true
	}
	var sum big.Int
	for _, s := range g {
		sum.SetInt64(0)
		for _, t := range f.rows[s] {
			if in[t.at] {
				sum.Add(&sum, t.v)
			}
		}
		if sum.Sign() != 0 {
			return false
		}
	}
	return true
}

// factorModulo factors each group of A modulo the prime of field,
// reporting false if a pivot vanishes there, and tooLong once its
// multiplications pass work.
func (f *factored) factorModulo(groups [][]int, field modPrime, work *int64) (ok, tooLong bool) {
	f.field, f.groups = field, f.groups[:0]
	local := make([]int, len(f.rows))
	for i := range local {
		local[i] = -1
	}
	for _, g := range groups {
		for i, s := range g {
			local[s] = i
		}
		fg, ok := f.eliminate(g, local, work)
		if !ok {
			return false, *work < 0
		}
		f.groups = append(f.groups, fg)
	}
	return true, false
}

// denseFrom is when elimination turns dense: once the rows left, at
// least denseMin of them, hold a quarter of the entries a full square of
// them would, the rest is eliminated as a dense matrix, whose loops do in
// a nanosecond what the sparse ones do in ten.
const (
	denseMin     = 32
	denseQuarter = 4
)

// eliminate factors group g modulo the prime, choosing at each step the
// pivot whose elimination creates the fewest new entries (Markowitz's
// rule) until what is left is dense. Every pivot is a diagonal entry: A
// restricted to a group that can be left is a nonsingular M-matrix, and
// so is what is left of it after each elimination, so no pivot vanishes
// in rationals; modulo the prime one may, and then eliminate reports
// false. local maps the group's states to their index in g (and others to
// -1 or to an index in a group eliminated before).
func (f *factored) eliminate(g []int, local []int, work *int64) (modGroup, bool) {
	field := f.field
	size := len(g)
	inGroup := func(s int) bool { i := local[s]; return i >= 0 && i < size && g[i] == s }
	e := &groupElimination{
		field:    field,
		rows:     make([][]modTerm, size),
		colRows:  make([][]int32, size),
		colCount: make([]int, size),
		done:     make([]bool, size),
		pos:      make([]int, size),
	}
	fg := modGroup{outside: make([][]modTerm, size)}
	for i, s := range g {
		for _, t := range f.rows[s] {
			if !inGroup(t.at) {
				fg.outside[i] = append(fg.outside[i], modTerm{int32(t.at), field.of(t.v)})
				continue
			}
			j := local[t.at]
			e.rows[i] = append(e.rows[i], modTerm{int32(j), field.of(t.v)})
			e.colRows[j] = append(e.colRows[j], int32(i))
			e.colCount[j]++
			e.active++
		}
	}
	for step := range size {
		if left := size - step; left >= denseMin && denseQuarter*e.active >= left*left {
			if *work -= int64(left) * int64(left) * int64(left) / 3; *work < 0 || !e.dense() {
				return modGroup{}, false
			}
			break
		}
		if !e.sparseStep(work) || *work < 0 {
			return modGroup{}, false
		}
	}
	// Renumber everything by elimination order.
	fg.lower, fg.upper, fg.pivotInv = e.lower, e.upper, e.pivotInv
	fg.denseAt, fg.dense = size-e.denseSize, e.denseLU
	fg.states = make([]int, size)
	outside := make([][]modTerm, size)
	for k, i := range e.order {
		fg.states[k] = g[i]
		outside[k] = fg.outside[i]
		for t := range fg.lower[k] {
			fg.lower[k][t].at = int32(e.pos[fg.lower[k][t].at])
		}
		for t := range fg.upper[k] {
			fg.upper[k][t].at = int32(e.pos[fg.upper[k][t].at])
		}
	}
	fg.outside = outside
	return fg, true
}

// groupElimination is the state of one group's elimination, in the
// group's local numbering of its states.
type groupElimination struct {
	field modPrime
	// rows[i] is the active part of row i; colRows[j] the rows that have
	// had an entry in column j; colCount[j] the active rows with one;
	// active the entries of the active rows.
	rows     [][]modTerm
	colRows  [][]int32
	colCount []int
	active   int
	// done marks the eliminated states, order lists them, pos is each
	// one's place in order.
	done  []bool
	order []int
	pos   []int
	// lower, upper, pivotInv and the dense factors are modGroup's, in
	// local numbering.
	lower, upper [][]modTerm
	pivotInv     []uint32
	denseLU      []uint32
	denseSize    int
	// mark[j] == stamp when the row being updated has column j, at
	// slot[j] of it.
	mark, slot []int
	stamp      int
}

// pivot records state p as the next eliminated, with its row's entries
// after it (upper) and the multiples of its row taken from later rows
// (lower).
func (e *groupElimination) pivot(p int, inv uint64, lower, upper []modTerm) {
	e.done[p] = true
	e.pos[p] = len(e.order)
	e.order = append(e.order, p)
	e.lower = append(e.lower, lower)
	e.upper = append(e.upper, upper)
	e.pivotInv = append(e.pivotInv, uint32(inv))
}

// sparseStep eliminates the state of least Markowitz cost, reporting
// false if its pivot vanishes, and takes the multiplications it makes
// from work.
func (e *groupElimination) sparseStep(work *int64) bool {
	field := e.field
	size := len(e.rows)
	if e.mark == nil {
		e.mark, e.slot = make([]int, size), make([]int, size)
	}
	p, best := -1, 0
	for i := range size {
		if e.done[i] {
			continue
		}
		if cost := (len(e.rows[i]) - 1) * (e.colCount[i] - 1); p < 0 || cost < best {
			p, best = i, cost
		}
	}
	*work -= int64(size) + int64(len(e.rows[p]))*int64(len(e.colRows[p])) // the search for the pivot, and the updates
	var piv uint64
	var upper []modTerm
	for _, t := range e.rows[p] {
		e.colCount[t.at]--
		if int(t.at) == p {
			piv = uint64(t.v)
		} else {
			upper = append(upper, t)
		}
	}
	if piv == 0 {
		return false
	}
	inv := field.inv(piv)
	e.active -= len(e.rows[p])
	var lower []modTerm
	for _, i := range e.colRows[p] {
		if int(i) == p || e.done[i] {
			continue
		}
		e.stamp++
		row := e.rows[i]
		var factor uint64
		for k := 0; k < len(row); k++ {
			if int(row[k].at) == p {
				factor = field.mul(uint64(row[k].v), inv)
				row[k] = row[len(row)-1]
				row = row[:len(row)-1]
				k--
				continue
			}
			e.mark[row[k].at], e.slot[row[k].at] = e.stamp, k
		}
		e.active--
		lower = append(lower, modTerm{i, uint32(factor)})
		for _, t := range upper {
			d := field.mul(factor, uint64(t.v))
			if e.mark[t.at] == e.stamp {
				x := &row[e.slot[t.at]].v
				*x = uint32(field.sub(uint64(*x), d))
				continue
			}
			row = append(row, modTerm{t.at, uint32(field.sub(0, d))})
			e.colRows[t.at] = append(e.colRows[t.at], i)
			e.colCount[t.at]++
			e.active++
		}
		e.rows[i] = row
	}
	e.rows[p], e.colRows[p] = nil, nil
	e.pivot(p, inv, lower, upper)
	return true
}

// dense eliminates the states left in a dense matrix, in the order of
// their numbers, reporting false if a pivot vanishes; the matrix keeps
// their factors (see modGroup.dense).
func (e *groupElimination) dense() bool {
	field := e.field
	var left []int
	index := make([]int, len(e.rows)) // each state left's row in the matrix
	for i, done := range e.done {
		if !done {
			index[i] = len(left)
			left = append(left, i)
		}
	}
	m := len(left)
	a := make([]uint32, m*m)
	for r, i := range left {
		for _, t := range e.rows[i] {
			a[r*m+index[t.at]] = t.v
		}
		e.rows[i] = nil
	}
	var upperAt []int // the columns of row k's entries after k
	for k, p := range left {
		rowK := a[k*m : (k+1)*m]
		piv := uint64(rowK[k])
		if piv == 0 {
			return false
		}
		inv := field.inv(piv)
		upperAt = upperAt[:0]
		for j := k + 1; j < m; j++ {
			if rowK[j] != 0 {
				upperAt = append(upperAt, j)
			}
		}
		for r := k + 1; r < m; r++ {
			rowR := a[r*m : (r+1)*m]
			if rowR[k] == 0 {
				continue
			}
			factor := field.mul(uint64(rowR[k]), inv)
			rowR[k] = uint32(factor)
			minus := field.p - factor // row r - factor row k, one reduction an entry
			for _, j := range upperAt {
				rowR[j] = uint32(field.reduce(uint64(rowR[j]) + minus*uint64(rowK[j])))
			}
		}
		e.pivot(p, inv, nil, nil)
	}
	e.denseLU, e.denseSize = a, m
	return true
}

// solveModulo overwrites c, w right-hand sides side by side (c[s*w+j]
// is column j's entry for state s), with the solutions y of A y = c
// modulo the prime; work is scratch of 2w entries per state. Solving the
// columns together reads each entry of the factors once for all of them,
// and each sum of products is reduced modulo the prime once, not at every
// term (lazy).
func (f *factored) solveModulo(c []uint64, w int, work []uint64) {
	field := f.field
	sums := make([]uint64, w)
	for _, g := range f.groups {
		size := len(g.states)
		rhs, owed := work[:size*w], work[size*w:2*size*w]
		for k, s := range g.states {
			copy(rhs[k*w:(k+1)*w], c[s*w:(s+1)*w])
			owe := owed[k*w : (k+1)*w]
			clear(owe)
			for _, t := range g.outside[k] {
				v, from := uint64(t.v), c[int(t.at)*w:int(t.at+1)*w]
				for j, y := range from {
					owe[j] = field.lazy(owe[j], v*y)
				}
			}
		}
		k0, m := g.denseAt, size-g.denseAt
		for k, lower := range g.lower[:k0] {
			y := rhs[k*w : (k+1)*w]
			for j, o := range owed[k*w : (k+1)*w] {
				y[j] = field.sub(y[j], field.reduce(o))
			}
			for _, t := range lower {
				v, owe := uint64(t.v), owed[int(t.at)*w:int(t.at+1)*w]
				for j, yj := range y {
					owe[j] = field.lazy(owe[j], v*yj)
				}
			}
		}
		for i := range m {
			y := rhs[(k0+i)*w : (k0+i+1)*w]
			for j, o := range owed[(k0+i)*w : (k0+i+1)*w] {
				o = field.dot(o, g.dense[i*m:i*m+i], rhs[k0*w+j:], w)
				y[j] = field.sub(y[j], field.reduce(o))
			}
		}
		for k := size - 1; k >= 0; k-- {
			clear(sums)
			if i := k - k0; i >= 0 && i+1 < m {
				for j := range sums {
					sums[j] = field.dot(0, g.dense[i*m+i+1:(i+1)*m], rhs[(k+1)*w+j:], w)
				}
			}
			for _, t := range g.upper[k] {
				v, from := uint64(t.v), rhs[int(t.at)*w:int(t.at+1)*w]
				for j, y := range from {
					sums[j] = field.lazy(sums[j], v*y)
				}
			}
			y, inv, out := rhs[k*w:(k+1)*w], uint64(g.pivotInv[k]), c[g.states[k]*w:(g.states[k]+1)*w]
			for j := range y {
				y[j] = field.mul(field.sub(y[j], field.reduce(sums[j])), inv)
				out[j] = y[j]
			}
		}
	}
}

// solve returns x for each right-hand side of (I-P)x = b: b[s][c] is
// column c's reward in state s (nil entries are zero). The result is
// x[s][c], fresh exact values. The columns are lifted together.
func (f *factored) solve(b [][]*big.Rat, columns int) [][]*big.Rat {
	sums, _ := f.solveColumns(ratColumns(b, columns)) // within the work of a chain factored without bound
	x := make([][]*big.Rat, len(f.rows))
	for s := range x {
		x[s] = make([]*big.Rat, columns)
		for col := range columns {
			x[s][col] = sums.at(s, col)
		}
	}
	return x
}

// exactColumns are vectors of exact values over the states, each column
// c as integer numerators num[c][s] over one denominator den[c] (num[c]
// may be nil for a column all zero, as solveColumns returns one): the
// form the solver works in, kept so that a value is made a normalized
// fraction only where it is read.
type exactColumns struct {
	num [][]big.Int
	den []*big.Int
}

// at returns column col's value at state s, a fresh fraction.
func (x exactColumns) at(s, col int) *big.Rat {
	if x.num[col] == nil {
		return new(big.Rat)
	}
	return new(big.Rat).SetFrac(new(big.Int).Set(&x.num[col][s]), x.den[col])
}

// ratColumns returns the columns of b (b[s][c], nil entries zero) with
// each column over the least common denominator of its entries.
func ratColumns(b [][]*big.Rat, columns int) exactColumns {
	x := exactColumns{num: make([][]big.Int, columns), den: make([]*big.Int, columns)}
	var g big.Int
	for col := range columns {
		den := big.NewInt(1)
		zero := true
		for s := range b {
			if v := ratEntry(b, s, col); v != nil {
				q := v.Denom()
				den.Mul(den, g.Quo(q, g.GCD(nil, nil, den, q)))
				zero = false
			}
		}
		x.den[col] = den
		if zero {
			continue
		}
		x.num[col] = make([]big.Int, len(b))
		for s := range b {
			if v := ratEntry(b, s, col); v != nil {
				x.num[col][s].Mul(v.Num(), g.Quo(den, v.Denom()))
			}
		}
	}
	return x
}

// ratEntry returns b[s][col], or nil where it is zero.
func ratEntry(b [][]*big.Rat, s, col int) *big.Rat {
	if b[s] == nil || b[s][col] == nil || b[s][col].Sign() == 0 {
		return nil
	}
	return b[s][col]
}

// solveColumns returns x for each right-hand side of (I-P)x = b, b and
// x as exact columns. A column b = num/den becomes the integer system A
// y = c, c each row's numerators times the row's scale, and x = y/den;
// the columns not all zero are lifted together. It fails with errTooLong
// once the lifting passes the work left (liftWork).
func (f *factored) solveColumns(b exactColumns) (exactColumns, error) {
	n := len(f.rows)
	x := exactColumns{num: make([][]big.Int, len(b.num)), den: make([]*big.Int, len(b.num))}
	var lifted []int
	var cs [][]big.Int
	for col, num := range b.num {
		x.den[col] = big.NewInt(1)
		zero := true
		for s := range num {
			if num[s].Sign() != 0 {
				zero = false
				break
			}
		}
		if zero {
			continue
		}
		c := make([]big.Int, n)
		for s := range c {
			c[s].Mul(&num[s], f.scale[s])
		}
		lifted, cs = append(lifted, col), append(cs, c)
	}
	if len(cs) == 0 {
		return x, nil
	}
	nums, ds, ok := f.lift(cs)
	if !ok {
		return exactColumns{}, errTooLong
	}
	for i, col := range lifted {
		x.num[col], x.den[col] = nums[i], ds[i].Mul(ds[i], b.den[col])
	}
	return x, nil
}

// lift solves A y = c in integers for each column c of cs, none all
// zero: it returns each y as numerators over one common denominator, or
// reports false once its work passes what is left of f.liftWork.
// Each step finds the next base-p digit of every y modulo the prime, all
// columns in one pass over the factors, from the residual r = (c - A
// y_k)/p^k of the digits so far; every few steps it tries to reconstruct
// fractions from each column's digits and returns a column once they
// satisfy its equations exactly, lifting the others on.
//
// The residual is kept as c's digits not yet reached, which only shift,
// and a small part of A's making: r = q + s, q c's quotient by p^k
// truncated toward zero (c's digits have its sign) and s = (c - q p^k -
// A y_k)/p^k, which is at most one more than A's largest row sum of
// absolute values: an int64 where A's entries are (a chain over the 36
// throws), a big number where they are large (the chain of starts,
// whose chances are exact sums). Each step adds c's next digit to s, and
// c's digits are taken liftBlock at a time (one division by
// p^liftBlock), so that a column of large integers (the second moments'
// sums, thousands of bits each) costs one pass over its words a block,
// not two a digit over a residual as long as c; a column of int64s is
// its own residual from the start, and takes no digits. The digits found
// are likewise added to the solution so far a block at a time.
func (f *factored) lift(cs [][]big.Int) (_ [][]big.Int, _ []*big.Int, ok bool) {
	n := len(f.rows)
	// A step's work: each column's pass over the factors and A's rows,
	// and over its solution so far (a block's digits added to each
	// number, its reconstruction now and then), in words, counted twice:
	// an operation on big numbers' words costs about two multiplications
	// modulo the prime.
	entries := int64(len(f.rows))
	for _, row := range f.rows {
		entries += int64(len(row))
	}
	for _, g := range f.groups {
		entries += int64(len(g.dense))
		for k := range g.states {
			entries += int64(len(g.lower[k]) + len(g.upper[k]) + len(g.outside[k]))
		}
	}
	field := f.field
	p := new(big.Int).SetUint64(field.p)
	nums, dens := make([][]big.Int, len(cs)), make([]*big.Int, len(cs))
	r, acc := make([][]big.Int, len(cs)), make([][]big.Int, len(cs))   // acc: the digits so far, as integers below M
	high, pend := make([][]big.Int, len(cs)), make([][]int64, len(cs)) // c's digits not reached; those of the block taken
	active := make([]int, len(cs))                                     // the columns not yet settled
	for i, c := range cs {
		active[i] = i
		r[i], acc[i] = make([]big.Int, n), make([]big.Int, n)
		if !slices.ContainsFunc(c, func(x big.Int) bool { return !x.IsInt64() }) {
			// A column of int64s is its own small residual: no digits
			// to take, and no room for them (each start of a hand has a
			// column, and a chain may have hundreds).
			for s := range c {
				r[i][s].Set(&c[s])
			}
			continue
		}
		high[i], pend[i] = make([]big.Int, n), make([]int64, n*liftBlock)
		for s := range c {
			high[i][s].Set(&c[s])
		}
	}
	p2 := new(big.Int).Mul(p, p)
	pBlock := new(big.Int).Exp(p, big.NewInt(liftBlock), nil)
	// The digits of a block of steps are held, and added to acc at its end.
	held, inHeld, blockM := make([][]uint32, len(cs)), 0, big.NewInt(1)
	for i := range held {
		held[i] = make([]uint32, n*liftBlock)
	}
	bound := make([]int, len(cs)) // Hadamard's bound, found once the digits could pass it (0: not yet)
	digits, work := make([]uint64, n*len(cs)), make([]uint64, 2*n*len(cs))
	M := big.NewInt(1)
	var t, q big.Int
	for step, next := 1, 2; len(active) > 0; step++ {
		w := len(active)
		for j, i := range active {
			for s := range r[i] {
				// c's digit k, from a block of them taken at its first.
				if pend[i] != nil {
					block := pend[i][s*liftBlock : (s+1)*liftBlock]
					if (step-1)%liftBlock == 0 {
						takeDigits(&high[i][s], block, pBlock, p2, int64(field.p), &t, &q)
					}
					if d := block[(step-1)%liftBlock]; d != 0 {
						addInt64(&r[i][s], d, &t)
					}
				}
				digits[s*w+j] = field.residue(&r[i][s], p, &t)
			}
		}
		if f.liftWork -= 2 * int64(w) * (entries + int64(n)*int64(M.BitLen()/64)); f.liftWork < 0 {
			return nil, nil, false
		}
		f.solveModulo(digits[:n*w], w, work)
		for j, i := range active {
			for s := range r[i] {
				f.subtractDigits(s, &r[i][s], digits, w, j, p, &t, &q)
				held[i][s*liftBlock+inHeld] = uint32(digits[s*w+j])
			}
		}
		inHeld++
		M.Mul(M, p)
		attempt := step >= next
		if inHeld == liftBlock || attempt {
			// acc += M at the block's start times the block's digits,
			// as one number: a pass over acc a block, not two a digit.
			for _, i := range active {
				for s := range acc[i] {
					block := held[i][s*liftBlock : s*liftBlock+inHeld]
					t.SetInt64(0)
					for k := len(block) - 1; k >= 0; k-- {
						t.Mul(&t, p)
						t.Add(&t, q.SetUint64(uint64(block[k])))
					}
					if t.Sign() != 0 {
						acc[i][s].Add(&acc[i][s], t.Mul(&t, blockM))
					}
				}
			}
			inHeld = 0
			blockM.Set(M)
		}
		if !attempt {
			continue
		}
		next = step + max(step/4, 1)
		unsettled := active[:0]
		for _, i := range active {
			if num, den, ok := reconstruct(acc[i], M); ok && f.satisfies(num, den, cs[i]) {
				nums[i], dens[i] = num, den
				continue
			}
			// Past Hadamard's bound the digits determine y: only a defect
			// of the solver could leave it unsettled, and lifting on would
			// never end. Every row adds a bit to the bound, so it is
			// worth finding only past 2n bits.
			if bound[i] == 0 && M.BitLen() > 2*n+64 {
				bound[i] = f.hadamardBits(cs[i])
			}
			if bound[i] > 0 && M.BitLen() > 2*bound[i]+64 {
				panic("craps: the exact solver's lifting did not settle within Hadamard's bound (a defect)")
			}
			unsettled = append(unsettled, i)
		}
		active = unsettled
	}
	return nums, dens, true
}

// hadamardBits bounds in bits, by Hadamard's inequality, the determinant
// of A and of A with any one column replaced by c: Cramer's rule writes
// y = A⁻¹c with both as numerators and denominator, so that the digits
// modulo any M above 2^(2·bits+1) reconstruct it.
func (f *factored) hadamardBits(c []big.Int) int {
	bits := 0
	var norm, t big.Int
	for s, row := range f.rows {
		norm.Abs(&c[s])
		for _, e := range row {
			norm.Add(&norm, t.Abs(e.v))
		}
		bits += norm.BitLen()
	}
	return bits
}

// liftBlock is how many digits the lift takes off a right-hand side at a
// time, and holds before adding them to the solution so far; it is even
// (takeDigits takes them in pairs).
const liftBlock = 16

// takeDigits takes c's next liftBlock base-p digits off high, its digits
// not yet reached, into block: one division by p^liftBlock, then by p²
// within the remainder of a few words. The digits have high's sign
// (truncated division), as c = Σ digit·p^k needs. t and q are scratch.
func takeDigits(high *big.Int, block []int64, pBlock, p2 *big.Int, p int64, t, q *big.Int) {
	clear(block)
	if high.Sign() == 0 {
		return
	}
	high.QuoRem(high, pBlock, t)
	for k := 0; k < len(block) && t.Sign() != 0; k += 2 {
		t.QuoRem(t, p2, q)
		two := q.Int64()
		block[k], block[k+1] = two%p, two/p
	}
}

// addInt64 adds d to r; t is scratch.
func addInt64(r *big.Int, d int64, t *big.Int) {
	if r.IsInt64() {
		if a := r.Int64(); (d > 0 && a <= math.MaxInt64-d) || (d < 0 && a >= math.MinInt64-d) {
			r.SetInt64(a + d)
			return
		}
	}
	r.Add(r, t.SetInt64(d))
}

// dot returns sum plus the products of row's entries with every
// stride-th entry of y from its first, lazily (see lazy), in two sums
// that do not wait on each other.
func (f modPrime) dot(sum uint64, row []uint32, y []uint64, stride int) uint64 {
	var odd uint64
	k := 0
	for ; k+1 < len(row); k += 2 {
		sum = f.lazy(sum, uint64(row[k])*y[k*stride])
		odd = f.lazy(odd, uint64(row[k+1])*y[(k+1)*stride])
	}
	if k < len(row) {
		sum = f.lazy(sum, uint64(row[k])*y[k*stride])
	}
	return f.lazy(sum, odd) // below 2 wrap, so below wrap once reduced
}

// residue returns a modulo the prime p; t is scratch.
func (f modPrime) residue(a, p, t *big.Int) uint64 {
	if a.IsInt64() {
		v := a.Int64() % int64(f.p)
		if v < 0 {
			v += int64(f.p)
		}
		return uint64(v)
	}
	return t.Mod(a, p).Uint64()
}

// subtractDigits sets r, the residual of state s, to (r - A_s y)/p, where
// y is column j of the digits (w columns side by side): exact, as A y ≡ r
// modulo p. It works in 128 bits where r and row s fit; t and q are
// scratch.
func (f *factored) subtractDigits(s int, r *big.Int, digits []uint64, w, j int, p, t, q *big.Int) {
	row := f.rows[s]
	if small := f.small[s]; small != nil {
		var sum int128
		for k, e := range row {
			sum.add(product(small[k], int64(digits[e.at*w+j])))
		}
		if const62 := int64(1) << 62; sum.fits64() && r.IsInt64() {
			a, b := r.Int64(), sum.int64()
			if -const62 < a && a < const62 && -const62 < b && b < const62 {
				r.SetInt64((a - b) / int64(f.field.p))
				return
			}
		}
		if sum.fits64() {
			r.Sub(r, t.SetInt64(sum.int64()))
		} else {
			r.Sub(r, sum.big())
		}
	} else {
		for _, e := range row {
			r.Sub(r, t.Mul(e.v, q.SetUint64(digits[e.at*w+j])))
		}
	}
	r.Quo(r, p)
}

// reconstruct finds fractions num[s]/den congruent to acc[s] modulo M,
// with numerators and common denominator below √(M/2) in size, if there
// are.
func reconstruct(acc []big.Int, M *big.Int) ([]big.Int, *big.Int, bool) {
	half := new(big.Int).Rsh(M, 1)
	bound := new(big.Int).Sqrt(half)
	den := big.NewInt(1)
	num := make([]big.Int, len(acc))
	var v big.Int
	symmetric := func(z *big.Int) *big.Int {
		if z.Mod(z, M).Cmp(half) > 0 {
			z.Sub(z, M)
		}
		return z
	}
	for s := range acc {
		if symmetric(v.Mul(&acc[s], den)).CmpAbs(bound) <= 0 {
			continue
		}
		d, ok := ratReconstruct(v.Mod(&v, M), M, bound)
		if !ok {
			return nil, nil, false
		}
		if den.Mul(den, d).Cmp(bound) > 0 {
			return nil, nil, false
		}
	}
	for s := range acc {
		if symmetric(num[s].Mul(&acc[s], den)).CmpAbs(bound) > 0 {
			return nil, nil, false
		}
	}
	return num, den, true
}

// ratReconstruct returns the denominator b of the fraction a/b ≡ u
// modulo M with |a| and 0 < b at most bound, found by the extended
// Euclidean algorithm, if there is one.
func ratReconstruct(u, M, bound *big.Int) (*big.Int, bool) {
	r0, r1 := new(big.Int).Set(M), new(big.Int).Set(u)
	t0, t1 := new(big.Int), big.NewInt(1)
	q, tmp := new(big.Int), new(big.Int)
	for r1.CmpAbs(bound) > 0 {
		q.QuoRem(r0, r1, tmp)
		r0, r1, tmp = r1, tmp, r0
		tmp.Mul(q, t1)
		t0.Sub(t0, tmp)
		t0, t1 = t1, t0
	}
	if t1.Sign() == 0 || t1.CmpAbs(bound) > 0 {
		return nil, false
	}
	return t1.Abs(t1), true
}

// satisfies reports whether A num = den c exactly.
func (f *factored) satisfies(num []big.Int, den *big.Int, c []big.Int) bool {
	var sum, t big.Int
	for s, row := range f.rows {
		sum.Mul(den, &c[s])
		for _, e := range row {
			sum.Sub(&sum, t.Mul(&num[e.at], e.v))
		}
		if sum.Sign() != 0 {
			return false
		}
	}
	return true
}
