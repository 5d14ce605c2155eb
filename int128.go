package craps

import (
	"math"
	"math/big"
	"math/bits"
)

// int128 is a signed 128-bit integer, hi*2^64+lo: the exact sums of money
// and of squares a simulation keeps, which pass 2^63 in long runs.
type int128 struct {
	hi int64
	lo uint64
}

// wide is a as an int128.
func wide(a int64) int128 { return int128{a >> 63, uint64(a)} }

func (w *int128) add(x int128) {
	var c uint64
	w.lo, c = bits.Add64(w.lo, x.lo, 0)
	w.hi += x.hi + int64(c)
}

func (w *int128) addInt(a int64) { w.add(wide(a)) }

// addChecked adds x and reports whether the sum fits in 128 bits; if it
// does not, w is left as it was.
func (w *int128) addChecked(x int128) bool {
	s := *w
	s.add(x)
	if (w.hi < 0) == (x.hi < 0) && (s.hi < 0) != (w.hi < 0) {
		return false
	}
	*w = s
	return true
}

// product is a*b exactly.
func product(a, b int64) int128 {
	neg := (a < 0) != (b < 0)
	ua, ub := uint64(a), uint64(b)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	hi, lo := bits.Mul64(ua, ub)
	w := int128{int64(hi), lo}
	if neg {
		w = int128{^w.hi, ^w.lo}
		w.add(int128{0, 1})
	}
	return w
}

// big returns the value as a new big.Int.
func (w int128) big() *big.Int {
	x := new(big.Int).SetInt64(w.hi)
	x.Lsh(x, 64)
	return x.Add(x, new(big.Int).SetUint64(w.lo))
}

// float64 is the value, rounded once. (Adding hi*2^64 and lo as floats
// would lose a small negative value: -5 is hi -1 and lo 2^64-5, both
// rounded near ±2^64.)
func (w int128) float64() float64 {
	f, _ := new(big.Float).SetInt(w.big()).Float64()
	return f
}

// fits64 reports whether the value fits in an int64, and int64 is then it.
func (w int128) fits64() bool {
	return (w.hi == 0 && w.lo <= math.MaxInt64) || (w.hi == -1 && w.lo > math.MaxInt64)
}

func (w int128) int64() int64 { return int64(w.lo) }

// MarshalJSON writes the value as a JSON number, all its digits.
func (w int128) MarshalJSON() ([]byte, error) { return []byte(w.big().String()), nil }

// UnmarshalJSON reads a JSON number (or a string of digits, as earlier
// versions wrote sums of squares) that fits in 128 bits.
func (w *int128) UnmarshalJSON(b []byte) error {
	x, ok := readBigInt(b)
	if !ok || x.BitLen() > 127 {
		return syntaxError("128-bit integer", string(b))
	}
	lo := new(big.Int).And(x, new(big.Int).SetUint64(math.MaxUint64))
	hi := new(big.Int).Rsh(x, 64)
	*w = int128{hi.Int64(), lo.Uint64()}
	return nil
}

// int192 is a signed 192-bit integer, hi*2^128+mid*2^64+lo: the sums of
// squares a simulation keeps. A roll can win or lose up to MaxBalance,
// 2^62, whose square is 2^124, so these sums pass 2^127 within a few
// rolls of such sizes; 192 bits hold the square of every roll of any run.
type int192 struct {
	hi      int64
	mid, lo uint64
}

// add adds x, sign-extended.
func (w *int192) add(x int128) {
	w.merge(int192{x.hi >> 63, uint64(x.hi), x.lo})
}

// addInt adds a.
func (w *int192) addInt(a int64) {
	var c uint64
	w.lo, c = bits.Add64(w.lo, uint64(a), 0)
	ext := uint64(a >> 63) // 0, or all ones for a negative a
	w.mid, c = bits.Add64(w.mid, ext, c)
	w.hi += int64(ext) + int64(c)
}

func (w *int192) merge(x int192) {
	var c uint64
	w.lo, c = bits.Add64(w.lo, x.lo, 0)
	w.mid, c = bits.Add64(w.mid, x.mid, c)
	w.hi += x.hi + int64(c)
}

// mergeChecked adds x and reports whether the sum fits in 192 bits; if
// it does not, w is left as it was.
func (w *int192) mergeChecked(x int192) bool {
	s := *w
	s.merge(x)
	if (w.hi < 0) == (x.hi < 0) && (s.hi < 0) != (w.hi < 0) {
		return false
	}
	*w = s
	return true
}

// fits64 reports whether the value fits in an int64, and int64 is then it.
func (w int192) fits64() bool {
	return (w.hi == 0 && w.mid == 0 && w.lo <= math.MaxInt64) ||
		(w.hi == -1 && w.mid == math.MaxUint64 && w.lo > math.MaxInt64)
}

func (w int192) int64() int64 { return int64(w.lo) }

// big returns the value as a new big.Int.
func (w int192) big() *big.Int {
	x := new(big.Int).SetInt64(w.hi)
	x.Lsh(x, 64)
	x.Add(x, new(big.Int).SetUint64(w.mid))
	x.Lsh(x, 64)
	return x.Add(x, new(big.Int).SetUint64(w.lo))
}

// float64 is the value, rounded once (see int128.float64).
func (w int192) float64() float64 {
	f, _ := new(big.Float).SetInt(w.big()).Float64()
	return f
}

// MarshalJSON writes the value as a JSON number, all its digits.
func (w int192) MarshalJSON() ([]byte, error) { return []byte(w.big().String()), nil }

// UnmarshalJSON reads a JSON number, or a string of digits, that fits in
// 192 bits.
func (w *int192) UnmarshalJSON(b []byte) error {
	x, ok := readBigInt(b)
	if !ok || x.BitLen() > 191 {
		return syntaxError("192-bit integer", string(b))
	}
	mask := new(big.Int).SetUint64(math.MaxUint64)
	lo := new(big.Int).And(x, mask)
	mid := new(big.Int).And(new(big.Int).Rsh(x, 64), mask)
	*w = int192{new(big.Int).Rsh(x, 128).Int64(), mid.Uint64(), lo.Uint64()}
	return nil
}

// readBigInt reads a JSON number or a string of digits as an integer.
func readBigInt(b []byte) (*big.Int, bool) {
	text := string(b)
	if len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"' {
		text = text[1 : len(text)-1]
	}
	return new(big.Int).SetString(text, 10)
}
