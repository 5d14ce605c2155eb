package craps

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestWordLoops checks the hand law's word loops, on vector instructions
// where the processor has them (the purego build tag turns them off),
// against the plain sums they stand for, over lengths that are and are
// not multiples of the vector's eight words and words of every size.
func TestWordLoops(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 70).Draw(t, "n")
		words := rapid.SliceOfN(rapid.Uint64(), n, n)
		src, dst := words.Draw(t, "src"), words.Draw(t, "dst")
		k := rapid.Uint64().Draw(t, "k")
		got, want := slices.Clone(dst), slices.Clone(dst)
		addScaled(got, src, k)
		for i := range want {
			want[i] += k * src[i]
		}
		if !slices.Equal(got, want) {
			t.Fatalf("addScaled(%v, %v, %d) = %v, want %v", dst, src, k, got, want)
		}
		b := uint(rapid.IntRange(1, 63).Draw(t, "b"))
		mask := uint64(1)<<b - 1
		p, q := slices.Clone(src), slices.Clone(dst)
		carryInto(p, q, b, mask)
		for i, x := range src {
			if p[i] != x&mask || q[i] != dst[i]+x>>b {
				t.Fatalf("carryInto at %d of %d: %d, %d, want %d, %d", i, n, p[i], q[i], x&mask, dst[i]+x>>b)
			}
		}
		at, stride := rapid.IntRange(0, 3).Draw(t, "at"), rapid.IntRange(1, 4).Draw(t, "stride")
		wide := make([]uint64, at+stride*n)
		want = slices.Clone(wide)
		addStrided(wide, at, stride, src)
		for i, x := range src {
			want[at+i*stride] += x
		}
		if !slices.Equal(wide, want) {
			t.Fatalf("addStrided(%d, %d) = %v, want %v", at, stride, wide, want)
		}
	})
}
