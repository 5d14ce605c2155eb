package craps

import (
	"math"
	"math/big"
	"sort"
	"strconv"
)

// Histogram counts outcomes by amount: the net result of each session or
// shooter. Its sums are exact; Mean, StdDev and Quantile summarize it.
type Histogram map[Amount]int64

// Count is the number of outcomes, math.MaxInt64 if they are more. (A
// Histogram a run makes holds at most MaxSimN; one filled by hand may
// hold more, and Mean, StdDev and Quantile count them exactly.)
func (h Histogram) Count() int64 {
	n := h.count()
	switch {
	case n.IsInt64():
		return n.Int64()
	case n.Sign() > 0:
		return math.MaxInt64
	}
	return math.MinInt64
}

// count is the number of outcomes, exactly.
func (h Histogram) count() *big.Int {
	n, x := new(big.Int), new(big.Int)
	for _, c := range h {
		n.Add(n, x.SetInt64(c))
	}
	return n
}

// Sum is the exact sum of the outcomes.
func (h Histogram) Sum() *big.Int {
	s, x := new(big.Int), new(big.Int)
	for v, c := range h {
		s.Add(s, x.Mul(big.NewInt(int64(v)), big.NewInt(c)))
	}
	return s
}

// Mean is the mean outcome, NaN if there is none.
func (h Histogram) Mean() float64 {
	n := h.count()
	if n.Sign() == 0 {
		return math.NaN()
	}
	f, _ := new(big.Rat).SetFrac(h.Sum(), n).Float64()
	return f
}

// StdDev is the sample standard deviation of the outcomes, computed from
// exact sums so that it does not depend on the order of the outcomes.
func (h Histogram) StdDev() float64 {
	n := h.count()
	if n.Cmp(big.NewInt(2)) < 0 {
		return math.NaN()
	}
	sq, x := new(big.Int), new(big.Int)
	for v, c := range h {
		x.SetInt64(int64(v))
		sq.Add(sq, x.Mul(x.Mul(x, x), big.NewInt(c)))
	}
	// (n*sum(x^2) - sum(x)^2) / (n*(n-1))
	sum := h.Sum()
	num := new(big.Int).Sub(sq.Mul(sq, n), sum.Mul(sum, sum))
	v, _ := new(big.Rat).SetFrac(num, new(big.Int).Mul(n, new(big.Int).Sub(n, big.NewInt(1)))).Float64()
	return math.Sqrt(v)
}

// Quantile is the smallest outcome with at least a fraction p of the
// outcomes at or below it (p from 0 to 1): Quantile(0.5) is the median.
// The fraction is p as written in decimal: Quantile(0.07) of 100 outcomes
// is the 7th, though the float64 nearest 0.07 is a little above it. A p
// of 0 or less, or NaN, gives the least outcome, and 1 or more the
// greatest.
func (h Histogram) Quantile(p float64) Amount {
	keys := h.sorted()
	if len(keys) == 0 {
		return 0
	}
	need := quantileRank(p, h.count())
	run, c := new(big.Int), new(big.Int)
	for _, k := range keys {
		if run.Add(run, c.SetInt64(h[k])).Cmp(need) >= 0 {
			return k
		}
	}
	return keys[len(keys)-1]
}

// quantileRank is how many of n outcomes Quantile(p) needs at or below
// it: p·n rounded up, exactly, with p read as the shortest decimal that
// prints it.
func quantileRank(p float64, n *big.Int) *big.Int {
	switch {
	case !(p > 0):
		return new(big.Int)
	case p >= 1:
		return n
	}
	q, _ := new(big.Rat).SetString(strconv.FormatFloat(p, 'g', -1, 64))
	need, rest := new(big.Int).QuoRem(new(big.Int).Mul(q.Num(), n), q.Denom(), new(big.Int))
	if rest.Sign() > 0 {
		need.Add(need, big.NewInt(1))
	}
	return need
}

func (h Histogram) sorted() []Amount {
	keys := make([]Amount, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// checkedCount is the number of outcomes, and whether every count is
// positive and their sum fits in an int64.
func (h Histogram) checkedCount() (int64, bool) {
	n := int64(0)
	for _, c := range h {
		if c <= 0 || n > math.MaxInt64-c {
			return 0, false
		}
		n += c
	}
	return n, true
}
