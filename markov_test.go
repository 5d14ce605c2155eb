package craps

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// randomChain draws a chain of a few states over the 36 throws in which
// every state has at least one throw that ends it, so that its groups of
// states are of every shape but none is closed.
func randomChain(t *rapid.T) (*markov, [][]*big.Rat) { return randomChainOf(t, 1, 9) }

// randomChainOf draws a chain as randomChain does, of lo to hi states.
func randomChainOf(t *rapid.T, lo, hi int) (*markov, [][]*big.Rat) {
	n := rapid.IntRange(lo, hi).Draw(t, "states")
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

// solvedExactly factors and solves the chain m for the two columns of b,
// and checks the solution against the equations themselves: the exact
// solution leaves no residual at all.
func solvedExactly(t *rapid.T, m *markov, b [][]*big.Rat) [][]*big.Rat {
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
	return x
}

// TestMarkovSolvesExactly checks the sparse elimination on random chains
// against the equations themselves: the exact solution leaves no residual
// at all, and the 128-bit one a residual far below 1e-30.
func TestMarkovSolvesExactly(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, b := randomChain(t)
		x := solvedExactly(t, m, b)
		ff, _, _ := m.factorFloat(math.MaxInt)
		fb := make([][]*big.Float, len(b))
		for s := range b {
			fb[s] = []*big.Float{newFloat(b[s][0]), newFloat(b[s][1])}
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

// TestMarkovSolvesAsGaussJordan checks the exact solver, which factors
// modulo a prime and lifts, against Gauss-Jordan elimination in rationals
// on the same equations (I-P)x = b: the two agree exactly.
func TestMarkovSolvesAsGaussJordan(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, b := randomChain(t)
		x := solvedExactly(t, m, b)
		for s, want := range gaussJordan(m, b, 2) {
			for c := range 2 {
				if x[s][c].Cmp(want[c]) != 0 {
					t.Fatalf("state %d column %d: %v, Gauss-Jordan %v", s, c, x[s][c], want[c])
				}
			}
		}
	})
}

// gaussJordan solves (I-P)x = b for the first columns of b by
// Gauss-Jordan elimination in rationals (nil entries of b are zero):
// x[s][c].
func gaussJordan(m *markov, b [][]*big.Rat, columns int) [][]*big.Rat {
	n := len(m.arcs)
	a := make([][]*big.Rat, n) // I-P, then the columns of b
	for s := range n {
		a[s] = make([]*big.Rat, n+columns)
		for j := range a[s] {
			a[s][j] = new(big.Rat)
		}
		a[s][s].SetInt64(1)
		for _, arc := range m.arcs[s] {
			a[s][arc.to].Sub(a[s][arc.to], arc.p)
		}
		for c := range columns {
			if b[s] != nil && b[s][c] != nil {
				a[s][n+c].Set(b[s][c])
			}
		}
	}
	for c := range n { // every pivot is nonzero: I-P is a nonsingular M-matrix
		for r := range n {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[r][c], a[c][c])
			for k := c; k < n+columns; k++ {
				a[r][k].Sub(a[r][k], new(big.Rat).Mul(f, a[c][k]))
			}
		}
	}
	x := make([][]*big.Rat, n)
	for s := range n {
		x[s] = make([]*big.Rat, columns)
		for c := range columns {
			x[s][c] = new(big.Rat).Quo(a[s][n+c], a[s][s])
		}
	}
	return x
}

// TestMarkovSolvesColumnsTogether checks the lift of several columns at
// once, which settle after different numbers of steps and drop out of
// the lift one by one, with a column all zero, a row of nil entries and
// columns of large denominators: against Gauss-Jordan elimination in
// rationals on sparse chains of denseMin states or more and on a chain
// whose pivot the first prime divides, and against the equations
// themselves, exactly, on chains whose elimination turns dense.
func TestMarkovSolvesColumnsTogether(t *testing.T) {
	const columns = 5
	check := func(t interface {
		Fatal(...any)
		Fatalf(string, ...any)
	}, m *markov, b [][]*big.Rat, dense bool) {
		f, ok := m.factor()
		if !ok {
			t.Fatal("a chain where every state can end did not factor")
		}
		x := f.solve(b, columns)
		if dense { // Gauss-Jordan would take seconds: the equations themselves, exactly
			for s := range b {
				for c := range columns {
					r := new(big.Rat).Neg(x[s][c])
					if b[s] != nil && b[s][c] != nil {
						r.Add(r, b[s][c])
					}
					for _, a := range m.arcs[s] {
						r.Add(r, new(big.Rat).Mul(a.p, x[a.to][c]))
					}
					if r.Sign() != 0 {
						t.Fatalf("state %d column %d: residual %v", s, c, r)
					}
				}
			}
			return
		}
		for s, want := range gaussJordan(m, b, columns) {
			for c := range columns {
				if x[s][c].Cmp(want[c]) != 0 {
					t.Fatalf("state %d column %d: %v, Gauss-Jordan %v", s, c, x[s][c], want[c])
				}
			}
		}
	}
	t.Run("random", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			m, two := randomChainOf(t, denseMin, denseMin+4)
			dense := rapid.Bool().Draw(t, "dense")
			if dense { // each throw to a state of its own: the elimination turns dense
				m = newMarkov(len(two))
				for s := range two {
					for range 36 - rapid.IntRange(1, 4).Draw(t, "exit") {
						m.addThrows(s, rapid.IntRange(0, len(two)-1).Draw(t, "to"), 1)
					}
				}
			}
			b := make([][]*big.Rat, len(two))
			for s := range b {
				big1 := new(big.Rat).SetFrac(big.NewInt(rapid.Int64Range(-1e6, 1e6).Draw(t, "num")),
					new(big.Int).Lsh(big.NewInt(rapid.Int64Range(1, 1e6).Draw(t, "den")), 40))
				var sparse *big.Rat
				if rapid.IntRange(0, 9).Draw(t, "sparse") == 0 {
					sparse = big.NewRat(rapid.Int64Range(-9, 9).Draw(t, "sparse num"), 1)
				}
				b[s] = []*big.Rat{two[s][0], new(big.Rat), big1, two[s][1], sparse}
			}
			b[rapid.IntRange(0, len(b)-1).Draw(t, "nil row")] = nil
			check(t, m, b, dense)
		})
	})
	t.Run("first prime divides a pivot", func(t *testing.T) {
		m := newMarkov(3)
		m.add(0, 0, new(big.Rat).SetFrac64(1, 1<<31)) // 1-q = (2^31-1)/2^31
		m.add(1, 0, big.NewRat(1, 2))
		m.add(1, 2, big.NewRat(1, 3))
		m.add(2, 1, big.NewRat(1, 2))
		if f, _ := m.factor(); f.field.p == solverPrimes[0] {
			t.Fatal("the chain factored modulo the first prime, which divides its pivot")
		}
		b := make([][]*big.Rat, 3)
		for s := range b {
			b[s] = []*big.Rat{big.NewRat(int64(s)-7, 3), big.NewRat(1, 1), nil, big.NewRat(5, 1<<40), big.NewRat(int64(s*s), 11)}
		}
		check(t, m, b, false)
	})
}

// TestMarkovSolvesLargeChains checks the exact solver on chains large
// enough that elimination turns dense (at least denseMin states left),
// against the equations themselves.
func TestMarkovSolvesLargeChains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, b := randomChainOf(t, denseMin, 3*denseMin)
		solvedExactly(t, m, b)
	})
}

// TestMarkovPivotDividedByPrime checks the solver on chains whose pivot
// the first prime divides, so that it factors modulo the next, and on
// probabilities too large for the residual's 64-bit path: a state that
// stays with chance q has x = b/(1-q).
func TestMarkovPivotDividedByPrime(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 100)
	for _, c := range []struct {
		reason string
		stay   *big.Rat
	}{
		{"1-q = (2^31-1)/2^31, the first prime over 2^31", new(big.Rat).SetFrac64(1, 1<<31)},
		{"1-q = 2147483629/2147483647: the first prime is the denominator", big.NewRat(18, 2147483647)},
		{"a 100-bit denominator", new(big.Rat).SetFrac(big.NewInt(3), huge)},
		{"a 100-bit numerator and denominator", new(big.Rat).SetFrac(new(big.Int).Sub(huge, big.NewInt(5)), huge)},
	} {
		m := newMarkov(2)
		m.add(0, 0, c.stay)
		m.add(1, 0, big.NewRat(1, 2))
		f, ok := m.factor()
		if !ok {
			t.Errorf("%s: did not factor", c.reason)
			continue
		}
		b := [][]*big.Rat{{big.NewRat(-7, 3)}, {big.NewRat(1, 1)}}
		x := f.solve(b, 1)
		want := new(big.Rat).Quo(b[0][0], new(big.Rat).Sub(big.NewRat(1, 1), c.stay))
		ratsEqual(t, c.reason, x[0][0], want)
		ratsEqual(t, c.reason+": the state leading to it", x[1][0], new(big.Rat).Add(big.NewRat(1, 1), new(big.Rat).Quo(want, big.NewRat(2, 1))))
	}
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

// TestMarkovSolvesLargeRightHandSides checks the lift on rewards of
// thousands of bits, of either sign (as the second moments' sums are),
// whose digits the residual takes sixteen at a time: against Gauss-Jordan
// elimination in rationals.
func TestMarkovSolvesLargeRightHandSides(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m, b := randomChain(t)
		for s := range b {
			bits := rapid.IntRange(0, 3000).Draw(t, "bits")
			num := new(big.Int).Lsh(big.NewInt(rapid.Int64Range(-1e6, 1e6).Draw(t, "top")), uint(bits))
			num.Add(num, big.NewInt(rapid.Int64Range(-1e9, 1e9).Draw(t, "low")))
			b[s][1] = new(big.Rat).SetFrac(num, big.NewInt(rapid.Int64Range(1, 1e6).Draw(t, "den")))
		}
		x := solvedExactly(t, m, b)
		for s, want := range gaussJordan(m, b, 2) {
			if x[s][1].Cmp(want[1]) != 0 {
				t.Fatalf("state %d: %v, Gauss-Jordan %v", s, x[s][1], want[1])
			}
		}
	})
}

// TestLiftEndsOnWrongFactors checks that the lift, given factors that
// are not A's (the defect that once made it run forever), stops past
// Hadamard's bound with a panic rather than lifting on.
func TestLiftEndsOnWrongFactors(t *testing.T) {
	m := newMarkov(2)
	m.addThrows(0, 1, 20)
	m.addThrows(1, 0, 30)
	f, ok := m.factor()
	if !ok {
		t.Fatal("did not factor")
	}
	f.groups[0].pivotInv[0]++ // no longer the pivot's inverse
	defer func() {
		if r, _ := recover().(string); !strings.Contains(r, "Hadamard") {
			t.Errorf("the lift on wrong factors ended with %q, not the panic of Hadamard's bound", r)
		}
	}()
	f.solve([][]*big.Rat{{big.NewRat(1, 1)}, {big.NewRat(2, 1)}}, 1)
	t.Error("the lift on wrong factors returned")
}

// TestLiftWithinWork checks that a solve refuses, with errTooLong, once
// its lifting would pass the work its factorization left it, and solves
// within enough.
func TestLiftWithinWork(t *testing.T) {
	m := newMarkov(3)
	m.addThrows(0, 1, 20)
	m.addThrows(1, 2, 30)
	m.addThrows(2, 0, 35)
	b := ratColumns([][]*big.Rat{{big.NewRat(1, 7)}, {big.NewRat(-2, 3)}, {big.NewRat(5, 1)}}, 1)
	f, err := m.factorWithin(1000)
	if err != nil {
		t.Fatal(err)
	}
	if f.liftWork >= 1000 || f.liftWork <= 0 {
		t.Errorf("the elimination left %d of 1000 to lift", f.liftWork)
	}
	f.liftWork = 10
	if _, err := f.solveColumns(b); !errors.Is(err, errTooLong) {
		t.Errorf("a lift past its work: %v, want errTooLong", err)
	}
	f.liftWork = 1 << 40
	x, err := f.solveColumns(b)
	if err != nil {
		t.Fatal(err)
	}
	ratsEqual(t, "state 2", x.at(2, 0), gaussJordan(m, [][]*big.Rat{{big.NewRat(1, 7)}, {big.NewRat(-2, 3)}, {big.NewRat(5, 1)}}, 1)[2][0])
}
