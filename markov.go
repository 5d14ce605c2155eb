package craps

import (
	"math/big"
	"slices"
)

// markov is a Markov chain for exact analysis: from each state, the states
// it moves to with their probabilities. Probabilities may sum to less
// than one: the rest ends the chain (a seven-out, a return to the state
// that starts a cycle, a session's end). Solving it gives, for every
// state s, the expected sum x(s) of a reward b collected until the chain
// ends:
//
//	x(s) = b(s) + Σ p(s,t) x(t)
//
// that is (I-P)x = b, in exact rationals.
type markov struct {
	arcs [][]arc
}

// arc is a move to state to with probability p.
type arc struct {
	to int
	p  *big.Rat
}

func newMarkov(n int) *markov { return &markov{arcs: make([][]arc, n)} }

// add adds probability p to the move from s to t.
func (m *markov) add(s, t int, p *big.Rat) {
	for k := range m.arcs[s] {
		if m.arcs[s][k].to == t {
			m.arcs[s][k].p.Add(m.arcs[s][k].p, p)
			return
		}
	}
	m.arcs[s] = append(m.arcs[s], arc{t, new(big.Rat).Set(p)})
}

// addThrows adds n of the 36 throws to the move from s to t.
func (m *markov) addThrows(s, t int, n int64) { m.add(s, t, big.NewRat(n, 36)) }

// number is the arithmetic the solver runs in: *big.Rat for exact
// figures, *big.Float for chains too large to solve exactly.
type number[T any] interface {
	*T
	Add(x, y *T) *T
	Sub(x, y *T) *T
	Mul(x, y *T) *T
	Quo(x, y *T) *T
	Set(x *T) *T
	Sign() int
}

// factored is a markov chain's I-P factored for solving: the strongly
// connected groups of states in an order where each group leads only to
// groups before it, each group eliminated in the order that keeps its
// matrix sparse.
type factored[T any, P number[T]] struct {
	n      int
	groups []factorGroup[T, P]
}

// factorGroup is one strongly connected group of states, eliminated.
type factorGroup[T any, P number[T]] struct {
	// states are the group's states in elimination order; pivot[k] is
	// the k-th diagonal after elimination.
	states []int
	pivot  []P
	// lower[k] is what eliminating state k subtracts from later rows:
	// row i's right-hand side loses f times row k's.
	lower [][]term[T, P]
	// upper[k] is row k's entries for states eliminated after it.
	upper [][]term[T, P]
	// outside lists, for each state of the group, its moves to states of
	// groups solved before.
	outside [][]term[T, P]
}

// term is a coefficient at position at: a position in the group's
// elimination order, or a state outside the group.
type term[T any, P number[T]] struct {
	at int
	f  P
}

// factor factors I-P in exact rationals. Every state must lead to the
// chain's end with positive probability (no closed group of states); if
// one does not, factor reports false.
func (m *markov) factor() (*factored[big.Rat, *big.Rat], bool) {
	return factorIn(m, func(x *big.Rat) *big.Rat { return new(big.Rat).Set(x) })
}

// factorIn factors I-P in the arithmetic of P, converting each
// probability with conv.
func factorIn[T any, P number[T]](m *markov, conv func(*big.Rat) P) (*factored[T, P], bool) {
	f := &factored[T, P]{n: len(m.arcs)}
	for _, g := range m.groups() {
		fg, ok := eliminate(m, g, conv)
		if !ok {
			return nil, false
		}
		f.groups = append(f.groups, fg)
	}
	return f, true
}

// groups returns the strongly connected groups of the chain's graph,
// each group after every group it leads to (Tarjan's order), found
// without recursion so that long chains do not grow the stack.
func (m *markov) groups() [][]int {
	n := len(m.arcs)
	index, low := make([]int, n), make([]int, n)
	for i := range index {
		index[i] = -1
	}
	onStack := make([]bool, n)
	var out [][]int
	var comp []int
	next := 0
	type frame struct{ v, k int }
	for root := range n {
		if index[root] >= 0 {
			continue
		}
		calls := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		comp = append(comp, root)
		onStack[root] = true
		for len(calls) > 0 {
			fr := &calls[len(calls)-1]
			v := fr.v
			if fr.k < len(m.arcs[v]) {
				w := m.arcs[v][fr.k].to
				fr.k++
				switch {
				case index[w] < 0:
					index[w], low[w] = next, next
					next++
					comp = append(comp, w)
					onStack[w] = true
					calls = append(calls, frame{w, 0})
				case onStack[w]:
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				k := len(comp) - 1
				for comp[k] != v {
					k--
				}
				g := slices.Clone(comp[k:])
				for _, w := range g {
					onStack[w] = false
				}
				comp = comp[:k]
				out = append(out, g)
			}
		}
	}
	return out
}

// eliminate factors the rows of one group, choosing at each step the
// pivot whose elimination creates the fewest new entries (Markowitz's
// rule). Every pivot is a diagonal entry: I-P restricted to states that
// all lead out is a nonsingular M-matrix, and so is what is left of it
// after each elimination, so no pivot vanishes unless the group is
// closed.
func eliminate[T any, P number[T]](m *markov, g []int, conv func(*big.Rat) P) (factorGroup[T, P], bool) {
	local := make(map[int]int, len(g))
	for i, s := range g {
		local[s] = i
	}
	size := len(g)
	rows := make([]map[int]P, size)
	cols := make([]map[int]bool, size)
	for i := range cols {
		cols[i] = map[int]bool{}
	}
	fg := factorGroup[T, P]{outside: make([][]term[T, P], size)}
	for i, s := range g {
		rows[i] = map[int]P{i: conv(big.NewRat(1, 1))}
		cols[i][i] = true
		for _, a := range m.arcs[s] {
			j, in := local[a.to]
			if !in {
				fg.outside[i] = append(fg.outside[i], term[T, P]{a.to, conv(a.p)})
				continue
			}
			x, ok := rows[i][j]
			if !ok {
				x = P(new(T))
				rows[i][j] = x
				cols[j][i] = true
			}
			x.Sub(x, conv(a.p))
		}
	}
	done := make([]bool, size)
	pos := make([]int, size) // position of each local state in elimination order
	order := make([]int, 0, size)
	tmp := P(new(T))
	for range size {
		p, best := -1, 0
		for i := range size {
			if done[i] {
				continue
			}
			cost := (len(rows[i]) - 1) * (len(cols[i]) - 1)
			if p < 0 || cost < best {
				p, best = i, cost
			}
		}
		piv := rows[p][p]
		if piv == nil || piv.Sign() == 0 {
			return factorGroup[T, P]{}, false
		}
		done[p] = true
		pos[p] = len(order)
		order = append(order, p)
		var lower []term[T, P]
		for i := range cols[p] {
			if i == p || done[i] {
				continue
			}
			f := P(new(T)).Quo(rows[i][p], piv)
			delete(rows[i], p)
			lower = append(lower, term[T, P]{i, f})
			for j, a := range rows[p] {
				if j == p || done[j] {
					continue
				}
				tmp.Mul(f, a)
				x, ok := rows[i][j]
				if !ok {
					x = P(new(T))
					rows[i][j] = x
					cols[j][i] = true
				}
				if x.Sub(x, tmp); x.Sign() == 0 {
					delete(rows[i], j)
					delete(cols[j], i)
				}
			}
		}
		var upper []term[T, P]
		for j, a := range rows[p] {
			if j != p {
				upper = append(upper, term[T, P]{j, a})
				delete(cols[j], p)
			}
		}
		fg.lower = append(fg.lower, lower)
		fg.upper = append(fg.upper, upper)
		fg.pivot = append(fg.pivot, piv)
		rows[p] = nil
	}
	// Renumber everything by elimination order.
	fg.states = make([]int, size)
	outside := make([][]term[T, P], size)
	for k, i := range order {
		fg.states[k] = g[i]
		outside[k] = fg.outside[i]
		for t := range fg.lower[k] {
			fg.lower[k][t].at = pos[fg.lower[k][t].at]
		}
		for t := range fg.upper[k] {
			fg.upper[k][t].at = pos[fg.upper[k][t].at]
		}
	}
	fg.outside = outside
	return fg, true
}

// solve returns x for each right-hand side: b[s][c] is column c's reward
// in state s (nil entries are zero). The result is x[s][c], fresh values.
func (f *factored[T, P]) solve(b [][]P, columns int) [][]P {
	x := make([][]P, f.n)
	tmp := P(new(T))
	for _, g := range f.groups {
		rhs := make([][]P, len(g.states))
		for k, s := range g.states {
			r := make([]P, columns)
			for c := range r {
				r[c] = P(new(T))
				if b[s] != nil && b[s][c] != nil {
					r[c].Set(b[s][c])
				}
			}
			for _, a := range g.outside[k] {
				for c := range r {
					r[c].Add(r[c], tmp.Mul(a.f, x[a.at][c]))
				}
			}
			rhs[k] = r
		}
		for k := range g.states {
			for _, l := range g.lower[k] {
				for c := range rhs[l.at] {
					if rhs[k][c].Sign() != 0 {
						rhs[l.at][c].Sub(rhs[l.at][c], tmp.Mul(l.f, rhs[k][c]))
					}
				}
			}
		}
		for k := len(g.states) - 1; k >= 0; k-- {
			r := rhs[k]
			for _, u := range g.upper[k] {
				for c := range r {
					r[c].Sub(r[c], tmp.Mul(u.f, rhs[u.at][c]))
				}
			}
			for c := range r {
				r[c].Quo(r[c], g.pivot[k])
			}
			x[g.states[k]] = r
		}
	}
	return x
}
