package craps

import (
	"fmt"
	"math/big"
	"math/bits"
)

// exactHorizon reports whether a roll limit is solved exactly: whether
// den^limit < 2^127 (fair dice: up to 24 rolls), so that the chance of
// every sequence of throws is a whole number of units of a 128-bit mass.
func exactHorizon(limit, den int64) bool {
	whole := new(big.Int).Exp(big.NewInt(den), big.NewInt(limit), nil)
	return limit <= 127 && whole.BitLen() <= 127
}

// maxHorizonWork bounds the work of a session with a roll limit: the
// (state, bankroll) pairs it can be in, times the rolls it is followed
// for (until the chance of still playing is negligible, if that comes
// first). At about 13 ns a pair and roll, some three seconds.
const maxHorizonWork = 200_000_000

// horizonMass is a chance as an unsigned 128-bit number of units: the
// chance of every sequence of throws is whole, den^limit units (den the
// dice's denominator), for an exact horizon; 2^127 otherwise.
type horizonMass struct{ hi, lo uint64 }

func (m horizonMass) zero() bool { return m.hi|m.lo == 0 }

func (m *horizonMass) add(a horizonMass) {
	var c uint64
	m.lo, c = bits.Add64(m.lo, a.lo, 0)
	m.hi += a.hi + c
}

// sub subtracts a, at most m.
func (m *horizonMass) sub(a horizonMass) {
	var b uint64
	m.lo, b = bits.Sub64(m.lo, a.lo, 0)
	m.hi -= a.hi + b
}

// split divides m into den equal whole shares, and returns a share and
// what is left over (below den units).
func (m horizonMass) split(den uint64) (share horizonMass, left uint64) {
	share.hi = m.hi / den
	share.lo, left = bits.Div64(m.hi%den, m.lo, den)
	return share, left
}

// times is m times k; the product fits, m·k being a part of the whole.
func (m horizonMass) times(k uint64) horizonMass {
	hi, lo := bits.Mul64(m.lo, k)
	return horizonMass{m.hi*k + hi, lo}
}

func (m horizonMass) float64() float64 { return float64(m.hi)*(1<<64) + float64(m.lo) }

func (m horizonMass) big() *big.Int {
	b := new(big.Int).SetUint64(m.hi)
	return b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(m.lo))
}

// solveHorizon solves a session with a roll limit by carrying the chance
// of each node forward a roll at a time, the limit's last roll by the
// last moves, and returns the chance of each end.
//
// Each node's mass is split in den whole shares, den the dice's
// denominator (36 for fair dice), a throw of weight w taking w of them,
// the units left over (below den) dropped; and once the mass still in play
// times the square of the rolls left is below 2^-64, it is dropped too,
// as the rest of the session cannot move any figure by more. Every figure is then exact but for the mass
// dropped, which is counted exactly: as the carrying is linear with
// nonnegative weights, each end's computed chance is at most its true
// chance, and as the true chances sum to 1, short of it by at most the
// mass dropped, which is therefore the bound on every probability. The
// chance of still playing before each roll is short by at most the mass
// dropped before it, which bounds the rolls' moments; from the
// probabilities' bound L and the largest |net| v, the mean's error is at
// most v L and the variance's at most v² L + (2v + v L) v L. With a limit
// short enough that den^limit < 2^127 (exactHorizon) nothing is dropped:
// the whole is den^limit units and every share is whole.
func (x *sessionChain) solveHorizon(a *SessionAnalysis) ([]*big.Rat, error) {
	limit := x.lim.MaxRolls
	whole := horizonMass{hi: 1 << 63}
	exact := exactHorizon(limit, x.den)
	if exact {
		whole = horizonMass{lo: 1}
		for range limit {
			whole = whole.times(uint64(x.den))
		}
	}
	cur, next := make([]horizonMass, len(x.nodes)), make([]horizonMass, len(x.nodes))
	ends := make([]horizonMass, len(x.endList))
	cur[x.start] = whole
	alive := whole
	var dropped horizonMass
	// rolls and rolls2 sum, over the rolls, the mass in play before each,
	// and the same weighted 2k+1 before roll k+1: whole times the mean
	// and second moment of the rolls; short by at most shortRolls and
	// shortRolls2.
	rolls, rolls2, shortRolls, shortRolls2 := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	k, work := int64(0), int64(0)
	for ; k < limit && !alive.zero(); k++ {
		if rest := float64(limit - k); !exact && alive.float64()*rest*rest < 1<<63 {
			dropped.add(alive)
			break
		}
		if work += int64(len(x.nodes)); work > x.horizonWork {
			return nil, fmt.Errorf("%d states followed over %d rolls of the limit of %d: more than %d states times rolls: %w",
				len(x.nodes), k, limit, x.horizonWork, ErrNotAnalyzable)
		}
		weight := big.NewInt(2*k + 1)
		rolls.Add(rolls, alive.big())
		rolls2.Add(rolls2, new(big.Int).Mul(weight, alive.big()))
		shortRolls.Add(shortRolls, dropped.big())
		shortRolls2.Add(shortRolls2, new(big.Int).Mul(weight, dropped.big()))
		moves := x.moves
		if k == limit-1 {
			moves = x.last
		}
		for n, m := range cur {
			if m.zero() {
				continue
			}
			cur[n] = horizonMass{}
			share, left := m.split(uint64(x.den))
			dropped.add(horizonMass{lo: left})
			for _, mv := range moves[n] {
				part := share.times(uint64(mv.weight))
				if mv.to >= 0 {
					next[mv.to].add(part)
				} else {
					ends[-1-mv.to].add(part)
					alive.sub(part)
				}
			}
			alive.sub(horizonMass{lo: left})
		}
		cur, next = next, cur
	}
	// The rolls not followed: the mass in play before each is at most
	// what was dropped.
	rest := new(big.Int).Sub(big.NewInt(limit), big.NewInt(k))
	shortRolls.Add(shortRolls, new(big.Int).Mul(rest, dropped.big()))
	rest.Sub(new(big.Int).Mul(big.NewInt(limit), big.NewInt(limit)), big.NewInt(k*k)) // Σ 2i+1 for i from k to limit-1
	shortRolls2.Add(shortRolls2, rest.Mul(rest, dropped.big()))

	unit := whole.big()
	probs := make([]*big.Rat, len(ends))
	for e := range ends {
		probs[e] = new(big.Rat).SetFrac(ends[e].big(), unit)
	}
	a.Rolls = new(big.Rat).SetFrac(rolls, unit)
	a.RollsVariance = new(big.Rat).SetFrac(rolls2, unit)
	a.RollsVariance.Sub(a.RollsVariance, new(big.Rat).Mul(a.Rolls, a.Rolls))
	if dropped.zero() {
		x.exact(a)
		return probs, nil
	}
	a.ErrorBound = new(big.Rat).SetFrac(dropped.big(), unit)
	a.RollsErrorBound = new(big.Rat).SetFrac(shortRolls, unit)
	a.RollsVarianceErrorBound = varianceBound(a.Rolls, a.RollsErrorBound, new(big.Rat).SetFrac(shortRolls2, unit))
	top := int64(0)
	for _, e := range x.endList {
		top = max(top, abs64(e.net))
	}
	v := ratInt(top)
	a.MeanErrorBound = new(big.Rat).Mul(v, a.ErrorBound)
	a.VarianceErrorBound = varianceBound(v, a.MeanErrorBound, new(big.Rat).Mul(new(big.Rat).Mul(v, v), a.ErrorBound))
	return probs, nil
}
