package craps

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestWideFloat checks that the sums of a simulation read as floats are
// their values rounded once, small negative ones too: a net of -5 and a
// sum of net times stake of -4810 were read as 0 or thousands off.
func TestWideFloat(t *testing.T) {
	for _, c := range []struct {
		reason string
		v      int64
	}{
		{"a small negative sum", -5},
		{"a negative sum of thousands", -4810},
		{"the most negative int64", math.MinInt64},
		{"a positive sum", 1 << 62},
		{"zero", 0},
	} {
		if got := wide(c.v).float64(); got != float64(c.v) {
			t.Errorf("%s: int128 %d reads %v", c.reason, c.v, got)
		}
		var w int192
		w.add(wide(c.v))
		if got := w.float64(); got != float64(c.v) {
			t.Errorf("%s: int192 %d reads %v", c.reason, c.v, got)
		}
	}
	big := product(-(1 << 62), 1<<62) // -2^124
	var w int192
	w.add(big)
	w.add(big)
	if got, want := w.float64(), -0x1p125; got != want {
		t.Errorf("-2^125 reads %v", got)
	}
}

// int192.addInt adds as add does, across the carries of every word.
func TestInt192AddInt(t *testing.T) {
	src := rand.New(rand.NewPCG(3, 4))
	edges := []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 1 << 62, -(1 << 62)}
	for range 10_000 {
		var a, b int192
		for range 8 {
			x := src.Int64() >> src.IntN(64)
			if src.IntN(2) == 0 {
				x = -x
			}
			if src.IntN(4) == 0 {
				x = edges[src.IntN(len(edges))]
			}
			a.addInt(x)
			b.add(wide(x))
			if a != b {
				t.Fatalf("addInt(%d): %+v, add: %+v", x, a, b)
			}
		}
	}
}
