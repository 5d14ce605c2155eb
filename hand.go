package craps

import (
	"fmt"
	"math/big"
	"math/bits"
	"sort"
)

// HandFigures are the exact means of a shooter's turn with the dice.
// Every field is a fresh value the caller owns.
type HandFigures struct {
	// ThrowsPerDecision is the expected throws to decide one pass line or
	// center bet: 557/165 under the standard rules.
	ThrowsPerDecision *big.Rat
	// SevenOut is the chance that a decision ends the hand, a point set
	// and then a 7: 196/495.
	SevenOut *big.Rat
	// DecisionsPerHand is the expected decisions, and so center bets, in
	// one shooter's hand, the seven-out included: 495/196.
	DecisionsPerHand *big.Rat
	// ThrowsPerHand is the expected length of a hand in throws, 1671/196,
	// and ThrowsPerHandVariance its variance.
	ThrowsPerHand, ThrowsPerHandVariance *big.Rat
	// PointsPerHand is the expected number of points made (passes after a
	// point was set), DifferentPointsPerHand the expected number of
	// different ones (what a fire bet counts).
	PointsPerHand, DifferentPointsPerHand *big.Rat
}

// Hand computes the mean figures of a shooter's hand under r from the
// pass line's definition; ShooterHand gives their laws. Under card rules
// the figures are the cards' (every come-out is dealt from a full deck,
// so decisions are independent there too), and ThrowsPerHandVariance,
// which needs the hand throw by throw, is nil. It returns an error
// wrapping ErrInvalidRules if r does not validate.
func (r Rules) Hand() (HandFigures, error) {
	if err := r.Validate(); err != nil {
		return HandFigures{}, err
	}
	if r.Cards != NoCards {
		d := r.decisionLaw()
		return d.means(d.differentPoints()), nil
	}
	h, err := r.ShooterHand()
	if err != nil {
		return HandFigures{}, err
	}
	return h.Means(), nil
}

// decisionLaw is what one pass line decision does to the hand: the
// chance that it makes each point, that it is the seven-out, and its
// expected throws. Decisions are independent, each from a come-out, so
// these make the laws of the counts of a hand.
type decisionLaw struct {
	made     map[int]*big.Rat
	sevenOut *big.Rat
	throws   *big.Rat
}

// decisionLaw reads the law of a decision from the pass line's analysis
// (the cards' under card rules): for each come-out throw that sets a
// point, its chance times the chance that a pass line bet on that point
// wins (a point made) or loses (the seven-out). A come-out throw that
// decides nothing and sets no point (High Point craps' 2 and 3) is thrown
// again, so the chances are of the throws that do something.
func (r *Rules) decisionLaw() decisionLaw {
	line := Bet{Kind: PassLine}
	d := decisionLaw{made: map[int]*big.Rat{}, sevenOut: new(big.Rat), throws: r.analyze(line, false).Rolls}
	chances := r.throwChances()
	auto := compile(r, line)
	onPoint := map[int]Analysis{}
	again := new(big.Rat)
	for x, st := range auto.steps[0] {
		if st.verdict != stays {
			continue
		}
		n := int(auto.states[st.next].point)
		if n == 0 {
			again.Add(again, chances[x])
			continue
		}
		a, ok := onPoint[n]
		if !ok {
			a = r.analyze(Bet{Kind: PassLine, Number: n}, false)
			onPoint[n] = a
			d.made[n] = new(big.Rat)
		}
		d.made[n].Add(d.made[n], new(big.Rat).Mul(chances[x], a.Win))
		d.sevenOut.Add(d.sevenOut, new(big.Rat).Mul(chances[x], a.Lose))
	}
	if again.Sign() != 0 {
		done := new(big.Rat).Sub(big.NewRat(1, 1), again)
		for _, p := range d.made {
			p.Quo(p, done)
		}
		d.sevenOut.Quo(d.sevenOut, done)
	}
	return d
}

// madeAny is the chance that a decision makes a point.
func (d *decisionLaw) madeAny() *big.Rat {
	m := new(big.Rat)
	for _, p := range d.made {
		m.Add(m, p)
	}
	return m
}

// means returns the hand's means, but for the variance of its length:
// by Wald's identity, a count per hand is the count per decision times
// the decisions per hand, 1/sevenOut.
func (d *decisionLaw) means(different []*big.Rat) HandFigures {
	m := HandFigures{ThrowsPerDecision: new(big.Rat).Set(d.throws), SevenOut: new(big.Rat).Set(d.sevenOut),
		DecisionsPerHand: new(big.Rat).Inv(d.sevenOut), DifferentPointsPerHand: new(big.Rat)}
	m.ThrowsPerHand = new(big.Rat).Quo(d.throws, d.sevenOut)
	m.PointsPerHand = new(big.Rat).Quo(d.madeAny(), d.sevenOut)
	for k, p := range different {
		m.DifferentPointsPerHand.Add(m.DifferentPointsPerHand, new(big.Rat).Mul(big.NewRat(int64(k), 1), p))
	}
	return m
}

// pointsMade is the chance of exactly k points made, 0 <= k: the
// decisions that make a point or end the hand are a point made with
// chance a = m/(m+s), so the count is geometric, (1-a) a^k.
func (d *decisionLaw) pointsMade(k int) *big.Rat {
	m := d.madeAny()
	return geometric(new(big.Rat).Quo(m, new(big.Rat).Add(m, d.sevenOut)), k)
}

// decisions is the chance of exactly k decisions, 1 <= k: (1-s)^(k-1) s.
func (d *decisionLaw) decisions(k int) *big.Rat {
	return geometric(new(big.Rat).Sub(big.NewRat(1, 1), d.sevenOut), k-1)
}

// geometric is (1-a) a^k, for a = p/q in lowest terms with 0 < a < 1 and
// k >= 0: (q-p) p^k / q^(k+1), which is in lowest terms too (q-p and p
// are each prime to q), so it is built without the greatest common
// divisor big.Rat would take, most of the cost for large k.
func geometric(a *big.Rat, k int) *big.Rat {
	p, q := a.Num(), a.Denom()
	e := big.NewInt(int64(k))
	num := new(big.Int).Exp(p, e, nil)
	num.Mul(num, new(big.Int).Sub(q, p))
	den := new(big.Int).Exp(q, e.Add(e, big.NewInt(1)), nil)
	return ratInLowestTerms(num, den)
}

// ratInLowestTerms is num/den for num and den > 0 that have no common
// factor, set without the reduction SetFrac makes. (A Rat's Num and
// Denom are references to its own terms once it holds a fraction.)
func ratInLowestTerms(num, den *big.Int) *big.Rat {
	x := big.NewRat(1, 2)
	x.Num().Set(num)
	x.Denom().Set(den)
	return x
}

// differentPoints is the chance of each number of different points made,
// from 0 to the number of box numbers: a chain over the sets of points
// made, in which the decisions that matter make point n with chance
// made[n]/(m+s) and end the hand with chance s/(m+s). The sets only grow,
// so each group of the chain is one set.
func (d *decisionLaw) differentPoints() []*big.Rat {
	points := make([]int, 0, len(d.made))
	for n := range d.made {
		points = append(points, n)
	}
	sort.Ints(points)
	relevant := new(big.Rat).Add(d.madeAny(), d.sevenOut)
	end := new(big.Rat).Quo(d.sevenOut, relevant)
	sets := 1 << len(points)
	m := newMarkov(sets)
	b := make([][]*big.Rat, sets)
	for set := range sets {
		b[set] = make([]*big.Rat, len(points)+1)
		for k := range b[set] {
			b[set][k] = new(big.Rat)
		}
		b[set][bits.OnesCount(uint(set))].Set(end)
		for i, n := range points {
			m.add(set, set|1<<i, new(big.Rat).Quo(d.made[n], relevant))
		}
	}
	f, _ := m.factor() // every set ends with chance end > 0
	return f.solve(b, len(points)+1)[0]
}

// ShooterHand is the exact law of one shooter's hand with dice under one
// Rules: how many throws it lasts, how many points the shooter makes, how
// many different points and how many pass line decisions. It is built
// from the pass line's definition, the one Table.Roll plays: the hand goes
// from state to state of a pass line bet made again after each decision,
// and ends when the bet loses on a point (the seven-out). Its methods
// return fresh values; it is safe for concurrent use.
type ShooterHand struct {
	decision decisionLaw
	// moves[s] is what the throws do from the pass line's state s; state
	// 0 is the come-out.
	moves     [][]handMove
	different []*big.Rat
	means     HandFigures
	// den is the denominator of the throws' chances (36 for fair dice),
	// over which handMove.throws weighs them.
	den int64
}

// handMove is a move of the hand on some of the 36 throws: to a state of
// the pass line, or the seven-out (-1). throws is their weight, the sum
// of their chances' numerators over ShooterHand.den.
type handMove struct {
	to     int
	throws int64
}

// ShooterHand builds the law of a shooter's hand under r. It returns an
// error wrapping ErrInvalidRules if r does not validate, and one wrapping
// ErrRollSource under card rules, where a throw's chances depend on the
// cards dealt before it (Hand gives the cards' means).
func (r Rules) ShooterHand() (*ShooterHand, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if r.Cards != NoCards {
		return nil, fmt.Errorf("craps: the shooter's hand throw by throw: the rules deal cards: %w", ErrRollSource)
	}
	a := compile(&r, Bet{Kind: PassLine})
	num, den := r.throwWeights()
	h := &ShooterHand{decision: r.decisionLaw(), moves: make([][]handMove, len(a.states)), den: den}
	for s, st := range a.states {
		for x, step := range a.steps[s] {
			if num[x] == 0 {
				continue
			}
			m := handMove{to: 0, throws: num[x]} // a decision starts a new bet on the come-out
			switch {
			case step.verdict == stays:
				m.to = int(step.next)
			case step.verdict == loses && st.point != 0:
				m.to = -1
			}
			h.moves[s] = addHandMove(h.moves[s], m)
		}
	}
	h.different = h.decision.differentPoints()
	h.means = h.decision.means(h.different)
	_, h.means.ThrowsPerHandVariance = h.lengthMoments()
	return h, nil
}

func addHandMove(ms []handMove, m handMove) []handMove {
	for k := range ms {
		if ms[k].to == m.to {
			ms[k].throws += m.throws
			return ms
		}
	}
	return append(ms, m)
}

// Means returns the hand's mean figures.
func (h *ShooterHand) Means() HandFigures {
	m := h.means
	for _, q := range []**big.Rat{&m.ThrowsPerDecision, &m.SevenOut, &m.DecisionsPerHand, &m.ThrowsPerHand,
		&m.ThrowsPerHandVariance, &m.PointsPerHand, &m.DifferentPointsPerHand} {
		*q = new(big.Rat).Set(*q)
	}
	return m
}

// lengthMoments returns the mean and variance of a hand's length, from
// the hand throw by throw with the seven-out ending it: the mean L
// solves L = 1 + QL, the second moment L2 = 1 + Q(2L + L2).
func (h *ShooterHand) lengthMoments() (mean, variance *big.Rat) {
	m := newMarkov(len(h.moves))
	for s, ms := range h.moves {
		for _, mv := range ms {
			if mv.to >= 0 {
				m.add(s, mv.to, big.NewRat(mv.throws, h.den))
			}
		}
	}
	f, _ := m.factor() // every state reaches the seven-out
	b := make([][]*big.Rat, len(h.moves))
	for s := range b {
		b[s] = []*big.Rat{big.NewRat(1, 1)}
	}
	l := f.solve(b, 1)
	for s, ms := range h.moves {
		sum := big.NewRat(1, 1)
		for _, mv := range ms {
			if mv.to >= 0 {
				sum.Add(sum, new(big.Rat).Mul(big.NewRat(2*mv.throws, h.den), l[mv.to][0]))
			}
		}
		b[s] = []*big.Rat{sum}
	}
	mean = l[0][0]
	variance = f.solve(b, 1)[0][0]
	return mean, variance.Sub(variance, new(big.Rat).Mul(mean, mean))
}

// MaxHandThrows bounds the laws of a ShooterHand with fair dice: the
// length of a hand in throws (Length), and the points made and decisions
// in it (PointsMade, Decisions), are at most 65,536. Their exact chances
// are fractions of about 1.6 digits a throw (2.2 a point made, 2.7 a
// decision), up to some 180,000 digits at the bound, and chances below
// 10^-4000 by then; past it a law is refused with an error wrapping
// ErrOverflow. MaxHandTable bounds LengthTable: its rows hold about 1.6n²
// digits in all, 27 million at 4,096 rows. Under another law of the dice
// (Rules.Dice) a throw's chance has a denominator of b bits, not the 6
// of 36, and the fractions grow b/6 times as fast: both bounds are cut to
// 6/b of themselves (a law whose denominator has 45 bits answers up to
// 8,738 throws and tables of 546 rows). ShooterHand.Bounds gives them.
const (
	MaxHandThrows = 1 << 16
	MaxHandTable  = 1 << 12
)

// Bounds returns the largest count (points made, decisions, throws) the
// hand's laws answer, and the longest table of lengths: MaxHandThrows
// and MaxHandTable with fair dice, less under a law of the dice whose
// denominator is longer than 36's.
func (h *ShooterHand) Bounds() (count, table int) {
	b := bits.Len64(uint64(h.den))
	if b <= 6 {
		return MaxHandThrows, MaxHandTable
	}
	return MaxHandThrows * 6 / b, MaxHandTable * 6 / b
}

// handCountError refuses a count of a hand past bound.
func handCountError(what string, n, bound int) error {
	return fmt.Errorf("craps: the shooter's hand: %s %d: past %d, the most whose exact chances it computes (MaxHandThrows, MaxHandTable): %w",
		what, n, bound, ErrOverflow)
}

// PointsMade is the chance that the shooter makes exactly k points (wins
// k pass line bets on a point) before sevening out; 0 for k < 0. A k past
// MaxHandThrows (see Bounds) is refused with an error wrapping
// ErrOverflow.
func (h *ShooterHand) PointsMade(k int) (*big.Rat, error) {
	switch bound, _ := h.Bounds(); {
	case k < 0:
		return new(big.Rat), nil
	case k > bound:
		return nil, handCountError("points made", k, bound)
	}
	return h.decision.pointsMade(k), nil
}

// Decisions is the chance that the hand decides exactly k pass line
// bets, the seven-out included (so 0 for k < 1). A k past MaxHandThrows
// (see Bounds) is refused with an error wrapping ErrOverflow.
func (h *ShooterHand) Decisions(k int) (*big.Rat, error) {
	switch bound, _ := h.Bounds(); {
	case k < 1:
		return new(big.Rat), nil
	case k > bound:
		return nil, handCountError("decisions", k, bound)
	}
	return h.decision.decisions(k), nil
}

// DifferentPoints returns, for each k from 0 to the number of box numbers
// (6, or 10 in crapless craps), the chance that the shooter makes exactly
// k different points before sevening out: the fire bet's tiers.
func (h *ShooterHand) DifferentPoints() []*big.Rat {
	out := make([]*big.Rat, len(h.different))
	for k, p := range h.different {
		out[k] = new(big.Rat).Set(p)
	}
	return out
}

// Length returns the chance that a hand lasts exactly n throws and at
// least n throws: 0 and 1 for n < 1. It raises the matrix of the hand's
// throws to the power n-1 by squaring; the fractions have about 1.6n
// digits with fair dice, and the digits of the dice's denominator a throw
// under another law. An n past MaxHandThrows (see Bounds) is refused
// with an error wrapping ErrOverflow.
func (h *ShooterHand) Length(n int) (exactly, atLeast *big.Rat, err error) {
	switch bound, _ := h.Bounds(); {
	case n < 1:
		return new(big.Rat), big.NewRat(1, 1), nil
	case n > bound:
		return nil, nil, handCountError("a length of", n, bound)
	}
	c, out := h.throwCounts()
	// v = row 0 of c^(n-1): the ways to be in each state after n-1 throws.
	size := len(c)
	v := make([]*big.Int, size)
	for s := range v {
		v[s] = new(big.Int)
	}
	v[0].SetInt64(1)
	p := c
	for e := n - 1; e > 0; e >>= 1 {
		if e&1 == 1 {
			v = vecMat(v, p)
		}
		if e > 1 {
			p = matMat(p, p)
		}
	}
	exactly, atLeast = h.lengthOf(n, v, out)
	return exactly, atLeast, nil
}

// LengthTable returns Length for each n from 1 to max: exactly[n-1] and
// atLeast[n-1] (none for max < 1). A max past MaxHandTable (see Bounds)
// is refused with an error wrapping ErrOverflow.
func (h *ShooterHand) LengthTable(max int) (exactly, atLeast []*big.Rat, err error) {
	if _, bound := h.Bounds(); max > bound {
		return nil, nil, handCountError("a table of lengths to", max, bound)
	}
	c, out := h.throwCounts()
	v := make([]*big.Int, len(c))
	for s := range v {
		v[s] = new(big.Int)
	}
	v[0].SetInt64(1)
	for n := 1; n <= max; n++ {
		e, a := h.lengthOf(n, v, out)
		exactly, atLeast = append(exactly, e), append(atLeast, a)
		v = vecMat(v, c)
	}
	return exactly, atLeast, nil
}

// lengthOf turns v, the ways to be in each state after n-1 throws, into
// the chances of lasting exactly and at least n throws.
func (h *ShooterHand) lengthOf(n int, v []*big.Int, out []int64) (exactly, atLeast *big.Rat) {
	alive, ends := new(big.Int), new(big.Int)
	var tmp big.Int
	for s, x := range v {
		alive.Add(alive, x)
		ends.Add(ends, tmp.Mul(x, big.NewInt(out[s])))
	}
	if h.den == 36 {
		return overPowerOf36(ends, n), overPowerOf36(alive, n-1)
	}
	den := new(big.Int).Exp(big.NewInt(h.den), big.NewInt(int64(n-1)), nil)
	atLeast = new(big.Rat).SetFrac(alive, den)
	return new(big.Rat).SetFrac(ends, den.Mul(den, big.NewInt(h.den))), atLeast
}

// overPowerOf36 is x/36^m, x >= 0, in lowest terms. The only factors x
// can share with 36^m = 2^2m 3^2m are 2s and 3s, which it divides out directly: the
// greatest common divisor SetFrac takes costs the square of the digits.
func overPowerOf36(x *big.Int, m int) *big.Rat {
	if x.Sign() == 0 {
		return new(big.Rat)
	}
	twos := min(int(x.TrailingZeroBits()), 2*m)
	num := new(big.Int).Rsh(x, uint(twos))
	// The 3s, up to 20 a division (3^20 fits in a word): num is r modulo
	// 3^k, so a nonzero r holds as many 3s as num.
	threes := 0
	for threes < 2*m {
		k := min(20, 2*m-threes)
		d := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(k)), nil)
		q, r := new(big.Int).QuoRem(num, d, new(big.Int))
		if r.Sign() == 0 {
			num, threes = q, threes+k
			continue
		}
		t, d := 0, big.NewInt(1)
		for x := r.Uint64(); x%3 == 0; x /= 3 {
			t++
			d.Mul(d, big.NewInt(3))
		}
		num, threes = num.Quo(num, d), threes+t
		break
	}
	den := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(2*m-threes)), nil)
	return ratInLowestTerms(num, den.Lsh(den, uint(2*m-twos)))
}

// throwCounts returns the hand's moves as integers: c[s][t] throws lead
// from s to t, out[s] end the hand.
func (h *ShooterHand) throwCounts() (c [][]*big.Int, out []int64) {
	n := len(h.moves)
	c = make([][]*big.Int, n)
	out = make([]int64, n)
	for s, ms := range h.moves {
		c[s] = make([]*big.Int, n)
		for t := range c[s] {
			c[s][t] = new(big.Int)
		}
		for _, mv := range ms {
			if mv.to < 0 {
				out[s] += mv.throws
			} else {
				c[s][mv.to].Add(c[s][mv.to], big.NewInt(mv.throws))
			}
		}
	}
	return c, out
}

func vecMat(v []*big.Int, m [][]*big.Int) []*big.Int {
	w := make([]*big.Int, len(v))
	var tmp big.Int
	for t := range w {
		w[t] = new(big.Int)
		for s, x := range v {
			if x.Sign() != 0 && m[s][t].Sign() != 0 {
				w[t].Add(w[t], tmp.Mul(x, m[s][t]))
			}
		}
	}
	return w
}

func matMat(a, b [][]*big.Int) [][]*big.Int {
	out := make([][]*big.Int, len(a))
	for i := range a {
		out[i] = vecMat(a[i], b)
	}
	return out
}
