package craps

import "math/bits"

// automaton is one bet's definition compiled for one Rules: every state
// the bet can reach from where it is made, and for each state what each of
// the 36 throws does. Playing a bet is then one table look-up a roll. It
// is built from Bet.roll and nothing else, so it cannot disagree with the
// definition; once built it is never changed, and tables may share it.
type automaton struct {
	states []betState
	steps  [][36]step
	// quiet[s] has bit i set when throw i leaves a bet in state s as it
	// is: no decision, no move, no change of state. A roll visits only
	// the bets its throw is not quiet for.
	quiet []uint64
	// most is the largest payout any throw pays in any state, for the
	// table's bound on what one roll can pay (MaxBalance).
	most Ratio
}

// step is the compiled effect of one throw on one state.
type step struct {
	verdict verdict
	// moved is set when a come or don't come bet travels to its number;
	// up when a win leaves the bet on the layout (Rules.StayUp), decided
	// here so that a roll need not ask.
	moved, up bool
	// plain marks a decision a casino table settles on Table.Roll's fast
	// path (see payPlain): a win, loss or push of a bet that pays no
	// commission. outcome is its Outcome, and back whether the stake comes
	// back: a push, or a win that comes down.
	plain, back bool
	outcome     Outcome
	// next is the index of the state a bet that stays moves to, and
	// state that state itself; row and quiet are that state's steps and
	// quiet set, kept here so that a roll need not look them up.
	next  uint16
	state betState
	row   *[36]step
	quiet uint64
	pays  Ratio
	// gain is what a plain step pays per unit of stake before division:
	// pays.Win for a win, 0 otherwise; recip is ceil(2^64 / pays.Stake),
	// or 0 when pays.Stake is 1, so that a roll divides by multiplying
	// (payPlain).
	gain  uint64
	recip uint64
}

// payPlain is the exact win of plain step s on stake, before breakage:
// floor(stake × pays.Win / pays.Stake), as mulDiv computes it, with the
// division replaced by a multiplication by recip, worked out when the bet
// was compiled. That is exact for a product below 2^32 and a divisor
// below 2^32 (Lemire, Kaser and Kurz, "Faster remainder by direct
// computation", Software: Practice and Experience, 2019: a 64-bit
// reciprocal divides every 32-bit numerator by a 32-bit divisor). It
// reports false for a larger product, which mulDiv must divide.
func (s *step) payPlain(stake Amount) (exact Amount, ok bool) {
	hi, x := bits.Mul64(uint64(stake), s.gain)
	q, _ := bits.Mul64(x, s.recip)
	if s.recip == 0 {
		q = x
	}
	return Amount(q), hi == 0 && x < 1<<32
}

// setGain sets a winning step's gain and recip from what it pays.
func (s *step) setGain(pays Ratio) {
	s.gain, s.recip = uint64(pays.Win), 0
	if pays.Stake > 1 {
		s.recip = ^uint64(0)/uint64(pays.Stake) + 1 // ceil(2^64 / Stake)
	}
}

// compile explores every state of bet b reachable from its starting
// states under r. A pass line or don't pass bet may also start on any
// point (a bet made after the point, or restored mid-hand), so those
// states are included.
func compile(r *Rules, b Bet) *automaton {
	a := &automaton{most: Ratio{0, 1}}
	index := map[betState]uint16{}
	add := func(s betState) uint16 {
		if i, ok := index[s]; ok {
			return i
		}
		i := uint16(len(a.states))
		index[s] = i
		a.states = append(a.states, s)
		return i
	}
	add(b.start())
	if b.Kind == PassLine || b.Kind == DontPass {
		for n := 2; n <= 12; n++ {
			if r.isPoint(n) {
				add(betState{point: int8(n)})
			}
		}
	}
	dice := AllDice()
	for i := 0; i < len(a.states); i++ {
		s := a.states[i]
		var row [36]step
		quiet := uint64(0)
		for _, d := range dice {
			e := b.roll(r, s, d)
			st := step{verdict: e.verdict, pays: e.pays, up: e.verdict == wins && r.staysUp(b.Kind)}
			if e.verdict == wins && a.most.less(e.pays) {
				a.most = e.pays
			}
			st.plain = e.verdict != stays && r.commission(b.Kind) == nil && e.pays.Stake < 1<<32
			switch e.verdict {
			case wins:
				st.outcome, st.back = OutcomeWon, !st.up
				st.setGain(e.pays)
			case loses:
				st.outcome = OutcomeLost
			case pushes:
				st.outcome, st.back = OutcomePushed, true
			}
			if e.verdict == stays {
				st.next, st.state = add(e.next), e.next
				st.moved = e.next.point != s.point && (b.Kind == Come || b.Kind == DontCome)
				if e.next == s {
					quiet |= 1 << d.index()
				}
			}
			row[d.index()] = st
		}
		a.steps = append(a.steps, row)
		a.quiet = append(a.quiet, quiet)
	}
	for i := range a.steps {
		for k := range a.steps[i] {
			if st := &a.steps[i][k]; st.verdict == stays {
				st.row, st.quiet = &a.steps[st.next], a.quiet[st.next]
			}
		}
	}
	return a
}

// state returns the index of state s, and whether the bet can reach it.
func (a *automaton) state(s betState) (uint16, bool) {
	for i, x := range a.states {
		if x == s {
			return uint16(i), true
		}
	}
	return 0, false
}
