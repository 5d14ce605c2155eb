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

// floatFactored is a markov chain's I-P factored in floating point, for
// chains too large to solve exactly: the strongly connected groups of
// states in an order where each group leads only to groups before it,
// each group eliminated in the order that keeps its matrix sparse.
type floatFactored struct {
	n      int
	groups []floatGroup
}

// floatGroup is one strongly connected group of states, eliminated.
type floatGroup struct {
	// states are the group's states in elimination order; pivot[k] is
	// the k-th diagonal after elimination.
	states []int
	pivot  []*big.Float
	// lower[k] is what eliminating state k subtracts from later rows:
	// row i's right-hand side loses f times row k's.
	lower [][]floatTerm
	// upper[k] is row k's entries for states eliminated after it.
	upper [][]floatTerm
	// outside lists, for each state of the group, its moves to states of
	// groups solved before.
	outside [][]floatTerm
}

// floatTerm is a coefficient at position at: a position in the group's
// elimination order, or a state outside the group.
type floatTerm struct {
	at int
	f  *big.Float
}

// newFloat returns x at the precision of the floating-point solver.
func newFloat(x *big.Rat) *big.Float { return new(big.Float).SetPrec(floatPrec).SetRat(x) }

// pivotScan is how many pivots are looked over in the time of one
// product of the elimination (a big.Float multiplication and subtraction).
const pivotScan = 64

// factorFloat factors I-P in floating point of floatPrec bits. Every
// state must lead to the chain's end with positive probability (no
// closed group of states); if one does not, it reports false. work
// bounds the elimination's products, a pivot looked over counting
// 1/pivotScan of one; past it, factorFloat gives up and reports tooLong.
func (m *markov) factorFloat(work int) (_ *floatFactored, ok, tooLong bool) {
	f := &floatFactored{n: len(m.arcs)}
	for _, g := range m.groups() {
		fg, ok, tooLong := eliminateFloat(m, g, &work)
		if !ok {
			return nil, false, tooLong
		}
		f.groups = append(f.groups, fg)
	}
	return f, true, false
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

// eliminateFloat factors the rows of one group as factored.eliminate does
// modulo a prime, in floating point: no pivot vanishes unless the group is
// closed.
func eliminateFloat(m *markov, g []int, work *int) (_ floatGroup, ok, tooLong bool) {
	local := make(map[int]int, len(g))
	for i, s := range g {
		local[s] = i
	}
	size := len(g)
	rows := make([]map[int]*big.Float, size)
	cols := make([]map[int]bool, size)
	for i := range cols {
		cols[i] = map[int]bool{}
	}
	fg := floatGroup{outside: make([][]floatTerm, size)}
	for i, s := range g {
		rows[i] = map[int]*big.Float{i: newFloat(big.NewRat(1, 1))}
		cols[i][i] = true
		for _, a := range m.arcs[s] {
			j, in := local[a.to]
			if !in {
				fg.outside[i] = append(fg.outside[i], floatTerm{a.to, newFloat(a.p)})
				continue
			}
			x, ok := rows[i][j]
			if !ok {
				x = new(big.Float).SetPrec(floatPrec)
				rows[i][j] = x
				cols[j][i] = true
			}
			x.Sub(x, newFloat(a.p))
		}
	}
	done := make([]bool, size)
	pos := make([]int, size) // position of each local state in elimination order
	order := make([]int, 0, size)
	tmp := new(big.Float).SetPrec(floatPrec)
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
		if *work -= size/pivotScan + best; *work < 0 {
			return floatGroup{}, false, true
		}
		piv := rows[p][p]
		if piv == nil || piv.Sign() == 0 {
			return floatGroup{}, false, false
		}
		done[p] = true
		pos[p] = len(order)
		order = append(order, p)
		var lower []floatTerm
		for i := range cols[p] {
			if i == p || done[i] {
				continue
			}
			f := new(big.Float).SetPrec(floatPrec).Quo(rows[i][p], piv)
			delete(rows[i], p)
			lower = append(lower, floatTerm{i, f})
			for j, a := range rows[p] {
				if j == p || done[j] {
					continue
				}
				tmp.Mul(f, a)
				x, ok := rows[i][j]
				if !ok {
					x = new(big.Float).SetPrec(floatPrec)
					rows[i][j] = x
					cols[j][i] = true
				}
				if x.Sub(x, tmp); x.Sign() == 0 {
					delete(rows[i], j)
					delete(cols[j], i)
				}
			}
		}
		var upper []floatTerm
		for j, a := range rows[p] {
			if j != p {
				upper = append(upper, floatTerm{j, a})
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
	outside := make([][]floatTerm, size)
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
	return fg, true, false
}

// solve returns x for each right-hand side: b[s][c] is column c's reward
// in state s (nil entries are zero). The result is x[s][c], fresh values.
func (f *floatFactored) solve(b [][]*big.Float, columns int) [][]*big.Float {
	x := make([][]*big.Float, f.n)
	tmp := new(big.Float).SetPrec(floatPrec)
	for _, g := range f.groups {
		rhs := make([][]*big.Float, len(g.states))
		for k, s := range g.states {
			r := make([]*big.Float, columns)
			for c := range r {
				r[c] = new(big.Float).SetPrec(floatPrec)
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
