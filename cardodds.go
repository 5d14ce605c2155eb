package craps

import (
	"errors"
	"math/big"
)

// The exact analysis of a bet under card rules.
//
// With dice every throw is alike, so a bet's chain is its own states. With
// cards a throw depends on the deck, and the deck on the game: the
// shooter's point (a come-out is dealt from a full deck, and the deck is
// shuffled after every decision) and the cards dealt since the last
// shuffle. The analysis follows the bet, the shooter's point and the deck
// together. Between two shuffles the deck only shrinks, so the counts of
// what happens from each deck are sums over smaller decks (a point
// family, family.go, or a recursion with a memo for states met at few
// decks); each shuffle starts a full deck again, and the chain over the
// states that meet a full deck (the bet's state and the shooter's point)
// is solved exactly as the dice chain is, its weights the orders of the
// full deck's ranks.

// cardExit is how play leaves a stretch between shuffles: the bet decided
// (verdict wins, loses or pushes, paid pays), or, with verdict stays, a
// whole deck shuffled with the bet in state and the shooter's point at
// point (0: a come-out).
type cardExit struct {
	verdict verdict
	pays    Ratio
	state   int
	point   int8
}

// waiting is the state of a bet to be made when a come-out sets a point:
// not yet on the layout.
const waiting = -1

func shuffled(state int, point int8) cardExit {
	return cardExit{verdict: stays, state: state, point: point}
}

// cardCounts is the orders of a deck's ranks by which a stretch ends by
// each exit, and the bet's throws summed over all the orders.
type cardCounts struct {
	exits map[cardExit]int128
	rolls int128
}

func (c *cardCounts) add(e cardExit, n int128) {
	if n == (int128{}) {
		return // an exit no order reaches leads nowhere to solve
	}
	if c.exits == nil {
		c.exits = map[cardExit]int128{}
	}
	v := c.exits[e]
	v.add(n)
	c.exits[e] = v
}

func (c *cardCounts) addAll(o cardCounts) {
	for e, n := range o.exits {
		c.add(e, n)
	}
	c.rolls.add(o.rolls)
}

// errNotExact: a bet whose card figures would take more states or decks
// than the analysis allows itself; it is simulated instead.
var errNotExact = errors.New("too many states to solve exactly")

// The analysis's limits. A family is solved over every deck, its figures
// for every state (at most maxFamilyFigures, about 4 MB each over the
// 48-card deck); states met at few decks are memoized (maxMemo).
const (
	maxFamilyFigures = 8
	maxMemo          = 1 << 16
)

// cardSolver solves one bet under card rules.
type cardSolver struct {
	r     *Rules
	space *deckSpace
	rows  [][36]step
	// atPoint: the bet is made when a come-out sets a point, onPoint if
	// not 0, any point if 0; else it is made on a come-out.
	atPoint bool
	onPoint int8
	uses    map[pointState]*familyUse
	looping map[pointState]bool
	memo    map[memoKey]cardCounts
}

type pointState struct {
	state int
	point int8
}

type memoKey struct {
	pointState
	deck int32
}

// cardMoment says when bet b is made for its figures under card rules,
// where the deck it is made from changes them: line bets, one-roll bets,
// the fire bet, the bets that run until a 7 (all, tall, small, the other
// all-of-a-set bets and the repeaters) and the private game's center bet
// and propositions on a come-out, from a full deck; odds behind the line
// and the private game's point bet when the come-out sets their point;
// every other bet (come, place, buy, lay, odds on come bets, big 6 and 8,
// hardways, number bets) when a come-out sets any point, from the deck as
// it then stands.
func (b Bet) cardMoment() (atPoint bool, point int8) {
	switch b.Kind {
	case PassLine, DontPass:
		return b.Number != 0, int8(b.Number)
	case PassOdds, DontPassOdds, PointBet:
		return true, int8(b.Number)
	case Come, DontCome, ComeOdds, DontComeOdds, Put, PutOdds, Place, PlaceToLose, Buy, Lay,
		Big6, Big8, Hardway, NumberBet:
		return true, 0
	}
	return false, 0
}

func (r *Rules) newCardSolver(b Bet, rows [][36]step, space *deckSpace) *cardSolver {
	s := &cardSolver{r: r, space: space, rows: rows,
		uses: map[pointState]*familyUse{}, looping: map[pointState]bool{}, memo: map[memoKey]cardCounts{}}
	s.atPoint, s.onPoint = b.cardMoment()
	return s
}

// solve returns the bet's quantities: the chain over the states that meet
// a full deck, solved.
func (s *cardSolver) solve() ([nq]*big.Rat, error) {
	index := map[pointState]int{}
	var list []pointState
	add := func(f pointState) int {
		i, ok := index[f]
		if !ok {
			i = len(list)
			index[f] = i
			list = append(list, f)
		}
		return i
	}
	if s.atPoint {
		add(pointState{waiting, 0})
	} else {
		add(pointState{0, 0}) // the bet's first state, on a come-out
	}
	total := s.space.orders[len(s.space.decks)-1].big() // the full deck, the largest
	c := &chain{}
	for i := 0; i < len(list); i++ {
		counts, err := s.stretch(list[i])
		if err != nil {
			return [nq]*big.Rat{}, err
		}
		out, self := map[int]*big.Int{}, new(big.Int)
		var term [nq]*big.Rat
		for q := range term {
			term[q] = new(big.Rat)
		}
		for e, n := range counts.exits {
			k := n.big()
			if e.verdict == stays {
				j := add(pointState{e.state, e.point})
				switch {
				case j == i:
					self.Add(self, k)
				case out[j] == nil:
					out[j] = k
				default:
					out[j].Add(out[j], k)
				}
				continue
			}
			q := map[verdict]int{wins: qWin, loses: qLose, pushes: qPush}[e.verdict]
			w := new(big.Rat).SetInt(k)
			term[q].Add(term[q], w)
			if e.verdict == wins {
				term[qGross].Add(term[qGross], w.Mul(w, e.pays.Rat()))
			}
		}
		term[qRolls].SetInt(counts.rolls.big())
		c.out, c.self, c.total, c.term = append(c.out, out), append(c.self, self), append(c.total, total), append(c.term, term)
	}
	return c.solve(), nil
}

// stretch counts the play from a full deck in state f to the next shuffle.
func (s *cardSolver) stretch(f pointState) (cardCounts, error) {
	if f.point != 0 {
		return s.value(f.state, f.point, s.space.full)
	}
	var c cardCounts
	var err error
	s.deal(s.space.full, func(x int, child int32) {
		if err == nil {
			err = s.comeOut(&c, f.state, x, child)
		}
	})
	return c, err
}

// deal calls f for each throw (a Dice index) deck d can deal, with the
// deck it leaves.
func (s *cardSolver) deal(d deck, f func(x int, child int32)) {
	s.space.deal(d, func(p rankPair, ways uint8, child int32) {
		f(int(p.a)*6+int(p.b), child)
		if ways == 2 {
			f(int(p.b)*6+int(p.a), child)
		}
	})
}

// comeOut adds to c the come-out throw x dealt from a full deck, leaving
// deck child, with the bet in state.
func (s *cardSolver) comeOut(c *cardCounts, state, x int, child int32) error {
	orders := s.space.orders[child]
	table := s.r.rightLine(betState{}, x/6+x%6+2)
	point := int8(0)
	if table.verdict == stays {
		point = table.next.point
	}
	if state == waiting {
		if point != 0 && (s.onPoint == 0 || point == s.onPoint) {
			return s.pointSet(c, 0, point, child)
		}
		c.add(shuffled(waiting, 0), orders)
		return nil
	}
	st := s.rows[state][x]
	c.rolls.add(orders)
	switch {
	case st.verdict != stays:
		c.add(cardExit{verdict: st.verdict, pays: st.pays}, orders)
	case point == 0:
		c.add(shuffled(int(st.next), 0), orders)
	default:
		return s.pointSet(c, int(st.next), point, child)
	}
	return nil
}

// pointSet adds to c the play from a come-out that has set point, with the
// bet in state and deck child left: the pair is shuffled back, or stays
// out under CardsPairKept.
func (s *cardSolver) pointSet(c *cardCounts, state int, point int8, child int32) error {
	if s.r.Cards != CardsPairKept {
		c.add(shuffled(state, point), s.space.orders[child])
		return nil
	}
	v, err := s.value(state, point, s.space.decks[child])
	c.addAll(v)
	return err
}

// pointMove is where throw x takes the bet in state while point is on.
func (s *cardSolver) pointMove(state int, point int8, x int) pointTarget {
	st := s.rows[state][x]
	if st.verdict != stays {
		return pointTarget{next: -1, exit: cardExit{verdict: st.verdict, pays: st.pays}}
	}
	if table := s.r.rightLine(betState{point: point}, x/6+x%6+2); table.verdict != stays {
		return pointTarget{next: -1, exit: shuffled(int(st.next), 0)} // the point decided
	}
	if s.r.Cards == CardsReshuffleEveryThrow {
		return pointTarget{next: -1, exit: shuffled(int(st.next), point)}
	}
	return pointTarget{next: int(st.next)}
}

// value counts the play from deck d, with the bet in state and point on,
// to the next shuffle.
func (s *cardSolver) value(state int, point int8, d deck) (cardCounts, error) {
	ps := pointState{state, point}
	if u := s.uses[ps]; u != nil {
		return u.counts(state, d)
	}
	loops, known := s.looping[ps]
	if !known {
		for x := range 36 {
			loops = loops || s.pointMove(state, point, x).next == state
		}
		s.looping[ps] = loops
	}
	if loops {
		u, err := s.family(ps)
		if err != nil {
			return cardCounts{}, err
		}
		return u.counts(state, d)
	}
	return s.transient(ps, d)
}

// transient counts the play from a state met at few decks (it does not
// stay where it is on any throw), memoized by deck.
func (s *cardSolver) transient(ps pointState, d deck) (cardCounts, error) {
	key := memoKey{ps, s.space.key(d)}
	if c, ok := s.memo[key]; ok {
		return c, nil
	}
	if len(s.memo) >= maxMemo {
		return cardCounts{}, errNotExact
	}
	c := cardCounts{rolls: s.space.orders[s.space.index[key.deck]]}
	var err error
	s.deal(d, func(x int, child int32) {
		if err != nil {
			return
		}
		t := s.pointMove(ps.state, ps.point, x)
		switch {
		case t.next < 0:
			c.add(t.exit, s.space.orders[child])
		case s.space.decks[child].size() == 0:
			c.add(shuffled(t.next, ps.point), s.space.orders[child]) // the deck ran out
		default:
			var v cardCounts
			v, err = s.value(t.next, ps.point, s.space.decks[child])
			c.addAll(v)
		}
	})
	if err != nil {
		return cardCounts{}, err
	}
	s.memo[key] = c
	return c, nil
}

// familyUse is a solved family as one bet in one point sees it.
type familyUse struct {
	space  *deckSpace
	shape  *familyShape
	solved solvedFamily
	// mirrored: the solved shape is the mirror of this family's, so its
	// figures at the mirror deck are this family's.
	mirrored bool
	states   []int
	exits    []cardExit
	point    int8
}

// family solves the family of state ps, or finds it solved in its own
// shape or in the mirror one.
func (s *cardSolver) family(ps pointState) (*familyUse, error) {
	move := func(state, x int) pointTarget { return s.pointMove(state, ps.point, x) }
	f, states, exits := buildShape(ps.state, move, false)
	if f.states*f.figures() > maxFamilyFigures {
		return nil, errNotExact
	}
	u := &familyUse{space: s.space, shape: f, states: states, exits: exits, point: ps.point}
	if s.space.symmetric {
		if m, mstates, mexits := buildShape(ps.state, move, true); s.space.isSolved(m) {
			u = &familyUse{space: s.space, shape: m, solved: s.space.solveShape(m), mirrored: true,
				states: mstates, exits: mexits, point: ps.point}
		}
	}
	if u.solved == nil {
		u.solved = s.space.solveShape(f)
	}
	for _, st := range u.states {
		s.uses[pointState{st, ps.point}] = u
	}
	return u, nil
}

// counts reads the figures of the bet's state from the solved family.
func (u *familyUse) counts(state int, d deck) (cardCounts, error) {
	if u.mirrored {
		d = d.mirror()
	}
	k := 0
	for u.states[k] != state {
		k++
	}
	fig, ok := u.solved[u.space.key(d)]
	if !ok {
		return cardCounts{}, errNotExact // deeper than the family keeps
	}
	n := u.shape.figures()
	fig = fig[k*n : (k+1)*n]
	var c cardCounts
	rest := u.space.orders[u.space.index[u.space.key(d)]] // the orders not counted yet
	count := func(e cardExit, i int) {
		if i < n-1 {
			c.add(e, fig[i])
			rest.sub(fig[i])
		} else {
			c.add(e, rest) // the last exit, not kept
		}
	}
	for i, e := range u.exits {
		count(e, i)
	}
	for i, st := range u.states {
		count(shuffled(st, u.point), len(u.exits)+i)
	}
	c.rolls = fig[n-1]
	return c, nil
}

// runOut is the chance that the deck runs out while point is on, the bet
// in state (the line bet on point) staying where it is until the point is
// decided: the first stretch of the point, from the deck the come-out
// leaves, ended by running out of cards.
func (s *cardSolver) runOut(state int, point int8) (*big.Rat, error) {
	out, all := new(big.Int), new(big.Int)
	var err error
	s.deal(s.space.full, func(x int, child int32) {
		if x/6+x%6+2 != int(point) || err != nil || s.r.Cards == CardsReshuffleEveryThrow {
			return
		}
		d, orders := s.space.full, s.space.orders[len(s.space.decks)-1]
		if s.r.Cards == CardsPairKept {
			d, orders = s.space.decks[child], s.space.orders[child]
		}
		var c cardCounts
		c, err = s.value(state, point, d)
		out.Add(out, c.exits[shuffled(state, point)].big())
		all.Add(all, orders.big())
	})
	if err != nil || all.Sign() == 0 {
		return new(big.Rat), err
	}
	return new(big.Rat).SetFrac(out, all), nil
}
