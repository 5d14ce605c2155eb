package craps

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
)

// BreakEven is the sevens-to-rolls ratio at which a bet's, a line bet
// with odds', or a strategy's edge crosses zero under SRRDice: what a
// dice setter has to throw to play it even. The figure is solved to
// within 10^-6, its ends exact: the edge, an exact fraction
// at each end, is on one side of zero at Low and on the other at High (or
// zero at both, where Low = High is the exact crossing).
type BreakEven struct {
	// Found reports that the edge crosses zero at an SRR from 1.25 to
	// 1000; Low and High are nil if not.
	// Of several crossings it is the one nearest 6 (fair dice).
	Found     bool
	Low, High *big.Rat
	// FewerSevens reports that the house's edge falls as the SRR rises
	// through the crossing: the bet wants fewer sevens (a right bet);
	// false for one that wants more (the don't bets, any 7).
	FewerSevens bool
	// AtFair is the edge with fair dice, SRR 6.
	AtFair *big.Rat
}

// breakEvenPrecision is the width of BreakEven's brackets, 10^-6.
var breakEvenPrecision = big.NewRat(1, 1_000_000)

// breakEvenGrid is where the edge is first looked at, from 1.25 to 1000,
// the range BreakEven searches, 6 among them; the crossing is then
// bracketed between two neighbours.
var breakEvenGrid = []string{"5/4", "3/2", "2", "3", "4", "5", "11/2", "6", "13/2", "7", "8", "10", "15", "25", "50", "100", "1000"}

// BreakEvenSRR finds the SRR at which bet b breaks even: the house's edge
// per bet made (Analysis.EdgePerBet) crosses zero under SRRDice, r's other
// rules kept (its Dice replaced). Its errors are Analyze's.
func (r Rules) BreakEvenSRR(b Bet) (BreakEven, error) {
	return r.breakEven(func(r Rules) (*big.Rat, error) {
		a, err := r.Analyze(b)
		return a.EdgePerBet, err
	})
}

// BreakEvenSRRWithOdds finds the SRR at which line bet b with full odds
// at limit breaks even (LineOdds.EdgePerBet, as WithOdds figures it). Its
// errors are WithOdds'.
func (r Rules) BreakEvenSRRWithOdds(b Bet, limit OddsLimit) (BreakEven, error) {
	return r.breakEven(func(r Rules) (*big.Rat, error) {
		a, err := r.WithOdds(b, limit)
		return a.EdgePerBet, err
	})
}

// BreakEvenSRRStrategy finds the SRR at which strategy s breaks even: the
// house's edge per unit wagered, minus StrategyAnalysis.ReturnPerWagered,
// crosses zero. Its errors are AnalyzeStrategy's (which solves fair dice
// only, for now: ErrNotAnalyzable), and one wrapping ErrNotAnalyzable for
// a strategy that stakes nothing.
func (r Rules) BreakEvenSRRStrategy(s Strategy) (BreakEven, error) {
	return r.breakEven(func(r Rules) (*big.Rat, error) {
		a, err := r.AnalyzeStrategy(s)
		if err != nil {
			return nil, err
		}
		if a.ReturnPerWagered == nil {
			return nil, fmt.Errorf("craps: break-even SRR of %q: it stakes nothing: %w", s.label(), ErrNotAnalyzable)
		}
		return new(big.Rat).Neg(a.ReturnPerWagered), nil
	})
}

// breakEven brackets the crossing of edge, as a function of the SRR,
// nearest 6: the grid's signs first, then the false position of the
// Illinois method between the two grid points that bracket it, each
// point the shortest decimal near the secant's (so the laws stay small)
// and every value exact; bisection where the secant would land at an end.
func (r Rules) breakEven(edge func(Rules) (*big.Rat, error)) (BreakEven, error) {
	at := func(x *big.Rat) (*big.Rat, error) {
		l, err := SRRDice(x)
		if err != nil {
			return nil, err
		}
		q := r
		q.Dice = l
		return edge(q)
	}
	xs := make([]*big.Rat, len(breakEvenGrid))
	fs := make([]*big.Rat, len(breakEvenGrid))
	var out BreakEven
	for i, g := range breakEvenGrid {
		xs[i], _ = new(big.Rat).SetString(g)
		f, err := at(xs[i])
		if err != nil {
			return BreakEven{}, err
		}
		fs[i] = f
		if g == "6" {
			out.AtFair = new(big.Rat).Set(f)
		}
	}
	// The bracket nearest 6, by the distance of its nearer end.
	best, dist := -1, math.Inf(1)
	for i := range len(xs) - 1 {
		if fs[i].Sign()*fs[i+1].Sign() > 0 || fs[i].Sign() == 0 && fs[i+1].Sign() == 0 {
			continue
		}
		a, _ := xs[i].Float64()
		b, _ := xs[i+1].Float64()
		if d := min(math.Abs(math.Log(a/6)), math.Abs(math.Log(b/6))); d < dist {
			best, dist = i, d
		}
	}
	if best < 0 {
		return out, nil
	}
	out.Found = true
	lo, hi, flo, fhi := xs[best], xs[best+1], fs[best], fs[best+1]
	out.FewerSevens = fhi.Cmp(flo) < 0
	for _, z := range []struct{ x, f *big.Rat }{{lo, flo}, {hi, fhi}} {
		if z.f.Sign() == 0 {
			out.Low, out.High = new(big.Rat).Set(z.x), new(big.Rat).Set(z.x)
			return out, nil
		}
	}
	// Illinois: the end kept twice running has its value halved in the
	// secant, so that both ends move in.
	weightLo, weightHi := 1.0, 1.0
	side := 0
	for new(big.Rat).Sub(hi, lo).Cmp(breakEvenPrecision) > 0 {
		a, _ := lo.Float64()
		b, _ := hi.Float64()
		fa, _ := flo.Float64()
		fb, _ := fhi.Float64()
		fa, fb = fa*weightLo, fb*weightHi
		c := b - fb*(b-a)/(fb-fa)
		width := b - a
		if !(c > a+width/64 && c < b-width/64) {
			c = a + width/2
		}
		x := decimalNear(c, lo, hi)
		f, err := at(x)
		if err != nil {
			return BreakEven{}, err
		}
		switch {
		case f.Sign() == 0:
			out.Low, out.High = x, new(big.Rat).Set(x)
			return out, nil
		case f.Sign() == flo.Sign():
			lo, flo, weightLo = x, f, 1
			if side == -1 {
				weightHi /= 2
			}
			side = -1
		default:
			hi, fhi, weightHi = x, f, 1
			if side == 1 {
				weightLo /= 2
			}
			side = 1
		}
	}
	out.Low, out.High = lo, hi
	return out, nil
}

// decimalNear is c to the fewest significant digits (up to 15) that
// leave it strictly between lo and hi, or their exact midpoint if none
// does: short decimals keep the laws, and so the exact figures, small.
func decimalNear(c float64, lo, hi *big.Rat) *big.Rat {
	for digits := 2; digits <= 15; digits++ {
		x, ok := new(big.Rat).SetString(strconv.FormatFloat(c, 'g', digits, 64))
		if ok && x.Cmp(lo) > 0 && x.Cmp(hi) < 0 {
			return x
		}
	}
	x := new(big.Rat).Add(lo, hi)
	return x.Quo(x, big.NewRat(2, 1))
}
