package craps

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
	// next is the index of the state a bet that stays moves to, and
	// state that state itself, kept here so a roll need not look it up.
	next  uint16
	state betState
	pays  Ratio
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
			if isBoxNumber(n, r.Crapless) {
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
