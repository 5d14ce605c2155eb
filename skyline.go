package craps

import "slices"

// skyline solves (I-Q)x = b in float64 by LU elimination in an order where
// the matrix keeps to a profile: sessions, whose states are (table state,
// money) pairs, sorted by their money, have every entry within a few
// money levels of the diagonal, as a roll moves the money a few levels at
// most. Elimination without pivoting (I-Q is an M-matrix: every pivot is
// positive) fills in only inside the profile: each row's entries left of
// the diagonal from its first, each column's above from its first. The
// cost is the profile's width squared a state, where a general
// elimination fills in the whole chain. The answer is approximate: the
// caller proves its error from the exact residual.
type skyline struct {
	n int
	// order[k] is the state in position k, pos[i] the position of state i.
	order, pos []int32
	// Row k of L (positions rowFirst[k] to k-1) is lower[rowAt[k]:], column
	// k of U above the diagonal (positions colFirst[k] to k-1) is
	// upper[colAt[k]:], and diag[k] is U's diagonal.
	rowFirst, colFirst []int32
	rowAt, colAt       []int64
	lower, upper, diag []float64
}

// maxSkyline bounds the profile's entries, half a gigabyte of float64.
const maxSkyline = 1 << 26

// newSkyline sorts the states of the chain whose state i moves to arcs[i]
// (a state and a weight over den, or an end) by level[i], and factors
// I-Q; it reports false if the profile would pass most entries.
func newSkyline(arcs [][]sessionMove, level []int32, den, most int64) (*skyline, bool) {
	n := len(arcs)
	s := &skyline{n: n, order: make([]int32, n), pos: make([]int32, n)}
	for i := range s.order {
		s.order[i] = int32(i)
	}
	slices.SortStableFunc(s.order, func(a, b int32) int { return int(level[a] - level[b]) })
	for k, i := range s.order {
		s.pos[i] = int32(k)
	}
	s.rowFirst, s.colFirst = make([]int32, n), make([]int32, n)
	for k := range n {
		s.rowFirst[k], s.colFirst[k] = int32(k), int32(k)
	}
	for i, ms := range arcs {
		r := s.pos[i]
		for _, mv := range ms {
			if mv.to < 0 {
				continue
			}
			c := s.pos[mv.to]
			s.rowFirst[r] = min(s.rowFirst[r], c)
			s.colFirst[c] = min(s.colFirst[c], r)
		}
	}
	s.rowAt, s.colAt = make([]int64, n+1), make([]int64, n+1)
	for k := range n {
		s.rowAt[k+1] = s.rowAt[k] + int64(int32(k)-s.rowFirst[k])
		s.colAt[k+1] = s.colAt[k] + int64(int32(k)-s.colFirst[k])
	}
	if s.rowAt[n]+s.colAt[n] > most {
		return nil, false
	}
	s.lower, s.upper, s.diag = make([]float64, s.rowAt[n]), make([]float64, s.colAt[n]), make([]float64, n)
	for i, ms := range arcs {
		r := s.pos[i]
		s.diag[r] += 1
		for _, mv := range ms {
			if mv.to < 0 {
				continue
			}
			c, q := s.pos[mv.to], float64(mv.weight)/float64(den)
			switch {
			case c == r:
				s.diag[r] -= q
			case c < r:
				s.lower[s.rowAt[r]+int64(c-s.rowFirst[r])] -= q
			default:
				s.upper[s.colAt[c]+int64(r-s.colFirst[c])] -= q
			}
		}
	}
	s.factor()
	return s, true
}

// row is L's row k from position from, col U's column k from position
// from (above the diagonal).
func (s *skyline) row(k, from int32) []float64 {
	return s.lower[s.rowAt[k]+int64(from-s.rowFirst[k]) : s.rowAt[k+1]]
}

func (s *skyline) col(k, from int32) []float64 {
	return s.upper[s.colAt[k]+int64(from-s.colFirst[k]) : s.colAt[k+1]]
}

// factor overwrites the profile with L (unit diagonal, below) and U (on
// and above the diagonal), position by position: row k of L, then column
// k of U, each entry less the dot product of the parts of its row and
// column already eliminated.
func (s *skyline) factor() {
	for k := range int32(s.n) {
		for j := s.rowFirst[k]; j < k; j++ {
			from := max(s.rowFirst[k], s.colFirst[j])
			v := &s.lower[s.rowAt[k]+int64(j-s.rowFirst[k])]
			*v = (*v - dot(s.row(k, from)[:j-from], s.col(j, from))) / s.diag[j]
		}
		for i := s.colFirst[k]; i < k; i++ {
			from := max(s.rowFirst[i], s.colFirst[k])
			v := &s.upper[s.colAt[k]+int64(i-s.colFirst[k])]
			*v -= dot(s.row(i, from), s.col(k, from)[:i-from])
		}
		from := max(s.rowFirst[k], s.colFirst[k])
		s.diag[k] -= dot(s.row(k, from), s.col(k, from))
	}
}

func dot(a, b []float64) float64 {
	sum := 0.0
	for i := range a {
		sum += a[i] * b[i]
	}
	return sum
}

// solve returns x for (I-Q)x = b, b and x holding cols values for each
// state (state i's at [i*cols:]).
func (s *skyline) solve(b []float64, cols int) []float64 {
	y := make([]float64, s.n)
	out := make([]float64, len(b))
	for c := range cols {
		for k := range int32(s.n) {
			y[k] = b[int(s.order[k])*cols+c] - dot(s.row(k, s.rowFirst[k]), y[s.rowFirst[k]:k])
		}
		// Back substitution by columns: U's columns are stored.
		for k := int32(s.n) - 1; k >= 0; k-- {
			y[k] /= s.diag[k]
			col, from := s.col(k, s.colFirst[k]), s.colFirst[k]
			for i, u := range col {
				y[from+int32(i)] -= u * y[k]
			}
		}
		for k, i := range s.order {
			out[int(i)*cols+c] = y[k]
		}
	}
	return out
}
