package craps

import (
	"math/big"
	"math/bits"
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
// pass line's definition; ShooterHand gives their distributions. It
// returns an error wrapping ErrInvalidRules if r does not validate.
func (r Rules) Hand() (HandFigures, error) {
	h, err := r.ShooterHand()
	if err != nil {
		return HandFigures{}, err
	}
	return h.Means(), nil
}

// ShooterHand is the exact law of one shooter's hand under one Rules: how
// many throws it lasts, how many points the shooter makes, how many
// different points and how many pass line decisions. It is built from the
// pass line's definition, the one Table.Roll plays: the hand goes from
// state to state of a pass line bet made again after each decision, and
// ends when the bet loses on a point (the seven-out). Its methods return
// fresh values; it is safe for concurrent use.
type ShooterHand struct {
	rules Rules
	// moves[s] is what the throws do from the pass line's state s; state
	// 0 is the come-out.
	moves  [][]handMove
	points []int // the box numbers, in order
	means  HandFigures
	// pointsMade and decisions are the laws of those counts.
	pointsMade, decisions countLaw
	different             []*big.Rat
}

// handMove is a move of the hand: to a state (-1 for the seven-out) on
// some of the 36 throws, deciding a pass line bet or making a point.
type handMove struct {
	to       int
	throws   int64
	decision bool
	made     int8 // the point made, 0 for none
}

// ShooterHand builds the law of a shooter's hand under r. It returns an
// error wrapping ErrInvalidRules if r does not validate.
func (r Rules) ShooterHand() (*ShooterHand, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	line := Bet{Kind: PassLine}
	a := compile(&r, line)
	h := &ShooterHand{rules: r, moves: make([][]handMove, len(a.states))}
	for n := 2; n <= 12; n++ {
		if isBoxNumber(n, r.Crapless) {
			h.points = append(h.points, n)
		}
	}
	for s, st := range a.states {
		for _, step := range a.steps[s] {
			m := handMove{to: 0, throws: 1, decision: step.verdict != stays}
			switch {
			case step.verdict == stays:
				m.to = int(step.next)
			case step.verdict == loses && st.point != 0:
				m.to = -1
			case step.verdict == wins && st.point != 0:
				m.made = st.point
			}
			h.moves[s] = addHandMove(h.moves[s], m)
		}
	}
	h.pointsMade = h.countLaw(func(m handMove) bool { return m.made != 0 })
	h.decisions = h.countLaw(func(m handMove) bool { return m.decision })
	h.different = h.differentPoints()
	throws, variance := h.lengthMoments()
	h.means = HandFigures{
		ThrowsPerDecision:     r.analyze(line, false).Rolls,
		DecisionsPerHand:      h.decisions.mean,
		ThrowsPerHand:         throws,
		ThrowsPerHandVariance: variance,
		PointsPerHand:         h.pointsMade.mean,
	}
	h.means.SevenOut = new(big.Rat).Inv(h.means.DecisionsPerHand)
	h.means.DifferentPointsPerHand = new(big.Rat)
	for k, p := range h.different {
		h.means.DifferentPointsPerHand.Add(h.means.DifferentPointsPerHand, new(big.Rat).Mul(big.NewRat(int64(k), 1), p))
	}
	return h, nil
}

func addHandMove(ms []handMove, m handMove) []handMove {
	for k := range ms {
		if x := &ms[k]; x.to == m.to && x.decision == m.decision && x.made == m.made {
			x.throws += m.throws
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

// chain returns the hand as a chain that the seven-out ends.
func (h *ShooterHand) chain() *factored[big.Rat, *big.Rat] {
	m := newMarkov(len(h.moves))
	for s, ms := range h.moves {
		for _, mv := range ms {
			if mv.to >= 0 {
				m.addThrows(s, mv.to, mv.throws)
			}
		}
	}
	f, _ := m.factor() // every state reaches the seven-out
	return f
}

// expected returns the expected number of moves that count makes in a
// hand, from the come-out.
func (h *ShooterHand) expected(count func(handMove) bool) *big.Rat {
	b := make([][]*big.Rat, len(h.moves))
	for s, ms := range h.moves {
		sum := new(big.Rat)
		for _, mv := range ms {
			if count(mv) {
				sum.Add(sum, big.NewRat(mv.throws, 36))
			}
		}
		b[s] = []*big.Rat{sum}
	}
	return h.chain().solve(b, 1)[0][0]
}

// lengthMoments returns the mean and variance of a hand's length: the
// mean L solves L = 1 + QL, the second moment L2 = 1 + Q(2L + L2).
func (h *ShooterHand) lengthMoments() (mean, variance *big.Rat) {
	f := h.chain()
	b := make([][]*big.Rat, len(h.moves))
	for s := range b {
		b[s] = []*big.Rat{big.NewRat(1, 1)}
	}
	l := f.solve(b, 1)
	for s, ms := range h.moves {
		sum := big.NewRat(1, 1)
		for _, mv := range ms {
			if mv.to >= 0 {
				sum.Add(sum, new(big.Rat).Mul(big.NewRat(2*mv.throws, 36), l[mv.to][0]))
			}
		}
		b[s] = []*big.Rat{sum}
	}
	mean = l[0][0]
	variance = f.solve(b, 1)[0][0]
	return mean, variance.Sub(variance, new(big.Rat).Mul(mean, mean))
}

// countLaw is the law of how many marked moves a hand makes: from each
// state, the chance that the next marked move leads to each state and the
// hand goes on (next), or ends the hand (last), or that the hand ends with
// no marked move (none).
type countLaw struct {
	next       [][]*big.Rat
	last, none []*big.Rat
	mean       *big.Rat
}

// countLaw solves the law of the number of moves marked by mark.
func (h *ShooterHand) countLaw(mark func(handMove) bool) countLaw {
	n := len(h.moves)
	m := newMarkov(n)
	cols := n + 2 // a marked move to each state, the last, none
	b := make([][]*big.Rat, n)
	for s, ms := range h.moves {
		b[s] = make([]*big.Rat, cols)
		for c := range b[s] {
			b[s][c] = new(big.Rat)
		}
		for _, mv := range ms {
			p := big.NewRat(mv.throws, 36)
			switch c := mv.to; {
			case mark(mv) && mv.to < 0:
				b[s][n].Add(b[s][n], p)
			case mark(mv):
				b[s][c].Add(b[s][c], p)
			case mv.to < 0:
				b[s][n+1].Add(b[s][n+1], p)
			default:
				m.add(s, mv.to, p)
			}
		}
	}
	f, _ := m.factor()
	x := f.solve(b, cols)
	law := countLaw{next: make([][]*big.Rat, n), last: make([]*big.Rat, n), none: make([]*big.Rat, n)}
	for s := range x {
		law.next[s], law.last[s], law.none[s] = x[s][:n], x[s][n], x[s][n+1]
	}
	law.mean = h.expected(mark)
	return law
}

// prob is the chance of exactly k marked moves from the come-out.
func (c *countLaw) prob(k int) *big.Rat {
	switch {
	case k < 0:
		return new(big.Rat)
	case k == 0:
		return new(big.Rat).Set(c.none[0])
	}
	// v is the chance of being in each state after the i-th marked move.
	n := len(c.next)
	v := make([]*big.Rat, n)
	for s := range v {
		v[s] = new(big.Rat)
	}
	v[0].SetInt64(1)
	var tmp big.Rat
	for range k - 1 {
		w := make([]*big.Rat, n)
		for t := range w {
			w[t] = new(big.Rat)
		}
		for s, p := range v {
			if p.Sign() != 0 {
				for t, q := range c.next[s] {
					w[t].Add(w[t], tmp.Mul(p, q))
				}
			}
		}
		v = w
	}
	out := new(big.Rat)
	for s, p := range v {
		out.Add(out, tmp.Mul(p, c.last[s]))
		for t, q := range c.next[s] {
			out.Add(out, new(big.Rat).Mul(p, new(big.Rat).Mul(q, c.none[t])))
		}
	}
	return out
}

// PointsMade is the chance that the shooter makes exactly k points (wins
// k pass line bets on a point) before sevening out.
func (h *ShooterHand) PointsMade(k int) *big.Rat { return h.pointsMade.prob(k) }

// Decisions is the chance that the hand decides exactly k pass line
// bets, the seven-out included (so at least one).
func (h *ShooterHand) Decisions(k int) *big.Rat { return h.decisions.prob(k) }

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

// differentPoints solves the hand with the set of points made as part
// of its state: the sets only grow, so the chain's groups are the pass
// line's states for each set.
func (h *ShooterHand) differentPoints() []*big.Rat {
	type key struct {
		s    int
		made uint16
	}
	index := map[key]int{{0, 0}: 0}
	keys := []key{{0, 0}}
	m := newMarkov(1)
	cols := len(h.points) + 1
	var b [][]*big.Rat
	for i := 0; i < len(keys); i++ {
		k := keys[i]
		row := make([]*big.Rat, cols)
		for c := range row {
			row[c] = new(big.Rat)
		}
		for _, mv := range h.moves[k.s] {
			p := big.NewRat(mv.throws, 36)
			if mv.to < 0 {
				c := bits.OnesCount16(k.made)
				row[c].Add(row[c], p)
				continue
			}
			next := key{mv.to, k.made}
			if mv.made != 0 {
				next.made |= 1 << mv.made
			}
			j, ok := index[next]
			if !ok {
				j = len(keys)
				index[next] = j
				keys = append(keys, next)
				m.arcs = append(m.arcs, nil)
			}
			m.add(i, j, p)
		}
		b = append(b, row)
	}
	f, _ := m.factor()
	return f.solve(b, cols)[0]
}

// Length returns the chance that a hand lasts exactly n throws and at
// least n throws, for n from 1. It raises the matrix of the hand's
// throws to the power n-1 by squaring, so any n is exact; the fractions
// have about 1.6n digits.
func (h *ShooterHand) Length(n int) (exactly, atLeast *big.Rat) {
	if n < 1 {
		return new(big.Rat), big.NewRat(1, 1)
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
	return h.lengthOf(n, v, out)
}

// LengthTable returns Length for each n from 1 to max: exactly[n-1] and
// atLeast[n-1].
func (h *ShooterHand) LengthTable(max int) (exactly, atLeast []*big.Rat) {
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
	return exactly, atLeast
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
	den := new(big.Int).Exp(big.NewInt(36), big.NewInt(int64(n-1)), nil)
	atLeast = new(big.Rat).SetFrac(alive, den)
	exactly = new(big.Rat).SetFrac(ends, den.Mul(den, big.NewInt(36)))
	return exactly, atLeast
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
