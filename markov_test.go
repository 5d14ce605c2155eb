package craps

import (
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// randomChain draws a chain of a few states over the 36 throws in which
// every state has at least one throw that ends it, so that its groups of
// states are of every shape but none is closed.
func randomChain(t *rapid.T) (*markov, [][]*big.Rat) {
	n := rapid.IntRange(1, 9).Draw(t, "states")
	m := newMarkov(n)
	b := make([][]*big.Rat, n)
	for s := range n {
		left := 36 - rapid.IntRange(1, 36).Draw(t, "exit")
		for left > 0 {
			k := rapid.IntRange(1, left).Draw(t, "throws")
			m.addThrows(s, rapid.IntRange(0, n-1).Draw(t, "to"), int64(k))
			left -= k
		}
		b[s] = []*big.Rat{big.NewRat(rapid.Int64Range(-50, 50).Draw(t, "b0"), rapid.Int64Range(1, 7).Draw(t, "d")),
			big.NewRat(1, 1)}
	}
	return m, b
}

// residual returns b + Px - x for column c at state s, exactly.
func residual(m *markov, b, x [][]*big.Rat, s, c int) *big.Rat {
	r := new(big.Rat).Sub(b[s][c], x[s][c])
	for _, a := range m.arcs[s] {
		r.Add(r, new(big.Rat).Mul(a.p, x[a.to][c]))
	}
	return r
}

// TestMarkovSolvesExactly checks the sparse elimination on random chains
// against the equations themselves: the exact solution leaves no residual
// at all, and the 128-bit one a residual far below 1e-30.
func TestMarkovSolvesExactly(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, b := randomChain(t)
		f, ok := m.factor()
		if !ok {
			t.Fatal("a chain where every state can end did not factor")
		}
		x := f.solve(b, 2)
		for s := range b {
			for c := range 2 {
				if r := residual(m, b, x, s, c); r.Sign() != 0 {
					t.Fatalf("state %d column %d: residual %v", s, c, r)
				}
			}
		}
		conv := func(q *big.Rat) *big.Float { return new(big.Float).SetPrec(floatPrec).SetRat(q) }
		ff, _ := factorIn(m, conv)
		fb := make([][]*big.Float, len(b))
		for s := range b {
			fb[s] = []*big.Float{conv(b[s][0]), conv(b[s][1])}
		}
		fx := ff.solve(fb, 2)
		for s := range b {
			for c := range 2 {
				got, _ := fx[s][c].Rat(nil)
				d := new(big.Rat).Sub(got, x[s][c])
				if d.Abs(d).Cmp(big.NewRat(1, 1e15)) > 0 && d.Quo(d, new(big.Rat).Abs(x[s][c])).Cmp(big.NewRat(1, 1e15)) > 0 {
					t.Fatalf("state %d column %d: 128-bit %v, exact %v", s, c, fx[s][c], x[s][c].FloatString(40))
				}
			}
		}
	})
}

// TestMarkovClosedGroup checks that a group of states the chain never
// leaves is reported, not solved.
func TestMarkovClosedGroup(t *testing.T) {
	m := newMarkov(3)
	m.addThrows(0, 1, 30) // 0 can end; 1 and 2 only pass the dice between them
	m.addThrows(1, 2, 36)
	m.addThrows(2, 1, 36)
	if _, ok := m.factor(); ok {
		t.Error("a closed group factored")
	}
}

// TestMarkovGroups checks the strongly connected groups of a small graph
// and that each comes after the groups it leads to.
func TestMarkovGroups(t *testing.T) {
	m := newMarkov(6)
	for _, e := range [][2]int{{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 3}, {5, 5}, {5, 0}} {
		m.addThrows(e[0], e[1], 1)
	}
	group := map[int]int{}
	for g, states := range m.groups() {
		for _, s := range states {
			group[s] = g
		}
	}
	for _, same := range [][]int{{0, 1, 2}, {3, 4}} {
		for _, s := range same {
			if group[s] != group[same[0]] {
				t.Errorf("states %v are not one group: %v", same, group)
			}
		}
	}
	for s, arcs := range m.arcs {
		for _, a := range arcs {
			if group[a.to] > group[s] {
				t.Errorf("group of %d comes before the group of %d it leads to", s, a.to)
			}
		}
	}
	if len(m.groups()) != 3 {
		t.Errorf("%d groups, want 3", len(m.groups()))
	}
}
