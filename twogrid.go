package craps

// twoGrid solves (I-Q)x = b in float64 for a chain too large to
// eliminate, Q substochastic with every state leading out: sessions of a
// large layout, whose states are (table state, money) pairs. Money moves
// slowly, over hundreds of rolls, and the table's state quickly, over a
// few: Gauss-Seidel sweeps settle the fast part, and a correction on the
// chain of money levels (the states of one level added together, an
// aggregation multigrid's coarse grid) the slow one. The coarse matrix is
// banded, as a roll moves the money a few levels at most, and is solved
// by banded elimination. The answer is approximate: the caller proves its
// error from the exact residual.
type twoGrid struct {
	// Q in rows: state i moves to to[start[i]:start[i+1]] with the
	// chances p; diag is 1 - Q[i][i].
	start []int32
	to    []int32
	p     []float64
	diag  []float64
	// level[i] is state i's money level; the states are swept in order.
	level  []int32
	levels int
	// band is the coarse matrix eliminated: row r holds columns r-kl to
	// r+ku, the multipliers of L below the diagonal.
	band   []float64
	kl, ku int
}

// twoGridSweeps bounds the iterations of a solve.
const twoGridSweeps = 500

// newTwoGrid builds the solver for the chain whose state i moves to
// arcs[i] (each a state and a weight of throws over den), at money level
// level[i] of levels.
func newTwoGrid(arcs [][]sessionMove, level []int32, levels int, den int64) *twoGrid {
	n := len(arcs)
	g := &twoGrid{start: make([]int32, n+1), diag: make([]float64, n), level: level, levels: levels}
	for i, ms := range arcs {
		g.diag[i] = 1
		for _, mv := range ms {
			if mv.to < 0 {
				continue
			}
			q := float64(mv.weight) / float64(den)
			if mv.to == i {
				g.diag[i] -= q
				continue
			}
			g.to = append(g.to, int32(mv.to))
			g.p = append(g.p, q)
			d := int(level[mv.to] - level[i])
			g.kl, g.ku = max(g.kl, -d), max(g.ku, d)
		}
		g.start[i+1] = int32(len(g.to))
	}
	// The coarse matrix: A_c[L][M] = Σ over i in L, j in M of (I-Q)[i][j].
	w := g.kl + g.ku + 1
	g.band = make([]float64, levels*w)
	at := func(r, c int) *float64 { return &g.band[r*w+c-r+g.kl] }
	for i := range n {
		r := int(level[i])
		*at(r, r) += g.diag[i]
		for k := g.start[i]; k < g.start[i+1]; k++ {
			*at(r, int(level[g.to[k]])) -= g.p[k]
		}
	}
	// Banded elimination without pivoting: the coarse matrix is an
	// M-matrix, like I-Q, so every pivot is positive.
	for k := range levels {
		piv := *at(k, k)
		for r := k + 1; r <= min(k+g.kl, levels-1); r++ {
			f := *at(r, k) / piv
			*at(r, k) = f
			if f == 0 {
				continue
			}
			for c := k + 1; c <= min(k+g.ku, levels-1); c++ {
				*at(r, c) -= f * *at(k, c)
			}
		}
	}
	return g
}

// coarse solves the coarse system for e in place.
func (g *twoGrid) coarse(e []float64) {
	w := g.kl + g.ku + 1
	at := func(r, c int) float64 { return g.band[r*w+c-r+g.kl] }
	for r := range g.levels {
		for c := max(0, r-g.kl); c < r; c++ {
			e[r] -= at(r, c) * e[c]
		}
	}
	for r := g.levels - 1; r >= 0; r-- {
		for c := r + 1; c <= min(r+g.ku, g.levels-1); c++ {
			e[r] -= at(r, c) * e[c]
		}
		e[r] /= at(r, r)
	}
}

// sweep is one Gauss-Seidel sweep over the states, forward or backward,
// for the columns of x (state i's at x[i*cols:]).
func (g *twoGrid) sweep(x, b []float64, cols int, forward bool) {
	n := len(g.diag)
	for k := range n {
		i := k
		if !forward {
			i = n - 1 - k
		}
		xi, bi := x[i*cols:(i+1)*cols], b[i*cols:(i+1)*cols]
		for c := range cols {
			sum := bi[c]
			for a := g.start[i]; a < g.start[i+1]; a++ {
				sum += g.p[a] * x[int(g.to[a])*cols+c]
			}
			xi[c] = sum / g.diag[i]
		}
	}
}

// residual writes b - (I-Q)x into r and returns its largest size.
func (g *twoGrid) residual(r, x, b []float64, cols int) float64 {
	most := 0.0
	for i := range g.diag {
		for c := range cols {
			v := b[i*cols+c] - g.diag[i]*x[i*cols+c]
			for a := g.start[i]; a < g.start[i+1]; a++ {
				v += g.p[a] * x[int(g.to[a])*cols+c]
			}
			r[i*cols+c] = v
			most = max(most, abs(v))
		}
	}
	return most
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// solve returns x with (I-Q)x close to b, for cols columns (state i's at
// b[i*cols:]), and whether the iteration settled.
func (g *twoGrid) solve(b []float64, cols int) ([]float64, bool) {
	n := len(g.diag)
	x, r := make([]float64, n*cols), make([]float64, n*cols)
	e := make([]float64, g.levels)
	size := 0.0
	for _, v := range b {
		size = max(size, abs(v))
	}
	if size == 0 {
		return x, true
	}
	// The residual can fall to the rounding of the largest values, b's or
	// x's: it stops there, or where it no longer halves in three sweeps.
	last, slow := 0.0, 0
	for range twoGridSweeps {
		g.sweep(x, b, cols, true)
		res := g.residual(r, x, b, cols)
		scale := size
		for _, v := range x {
			scale = max(scale, abs(v))
		}
		if last != 0 && res > last/2 {
			slow++
		} else {
			slow = 0
		}
		if res <= 1e-14*scale || slow >= 3 && res <= 1e-10*scale {
			return x, true
		}
		last = res
		for c := range cols {
			clear(e)
			for i := range n {
				e[g.level[i]] += r[i*cols+c]
			}
			g.coarse(e)
			for i := range n {
				x[i*cols+c] += e[g.level[i]]
			}
		}
		g.sweep(x, b, cols, false)
	}
	return x, false
}
