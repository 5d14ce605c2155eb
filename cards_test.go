package craps

import (
	"errors"
	"math/big"
	"testing"
)

// The card-craps rules' deck: a pair of equal rank is 8*7 of 48*47
// ordered deals.
func TestCardComeOut(t *testing.T) {
	a, err := Rules{Cards: CardsReshuffleEveryThrow}.AnalyzeDeck()
	if err != nil {
		t.Fatal(err)
	}
	sum := new(big.Rat)
	for _, q := range a.ComeOut {
		sum.Add(sum, q)
	}
	for _, c := range []struct {
		reason string
		got    *big.Rat
		want   string
	}{
		{"aces: 8*7/(48*47)", a.ComeOut[2], "7/282"},
		{"7: six ordered rank pairs, 8*8 ways each", a.ComeOut[7], "8/47"},
		{"12 is as rare as 2", a.ComeOut[12], "7/282"},
		{"every deal has a total", sum, "1"},
		{"4 before 7 with the deck whole at every throw: 23/(23+48)", a.Made[4], "23/71"},
		{"6 before 7: 39/(39+48)", a.Made[6], "13/29"},
		{"a deck whole at every throw never runs out", a.RunOut[6], "0"},
		{"or during a decision", a.RunOutPerDecision, "0"},
	} {
		if c.got.RatString() != c.want {
			t.Errorf("%s: got %v, want %s", c.reason, c.got.RatString(), c.want)
		}
	}
}

// enumerateOrders deals every distinct order of the ranks of deck d (each
// equally likely) two cards a throw until the point, a 7 or the end of the
// deck, and returns the chances of the point and of running out, and the
// mean number of throws.
func enumerateOrders(d deck, point int) (made, out, throws *big.Rat) {
	var madeN, outN, throwsN, orders int64
	order := make([]int, 0, d.size())
	var deal func(d deck)
	deal = func(d deck) {
		if len(order) == cap(order) {
			orders++
			for i := 0; i+1 < len(order); i += 2 {
				throwsN++
				switch order[i] + order[i+1] + 2 {
				case point:
					madeN++
					return
				case 7:
					return
				}
			}
			outN++
			return
		}
		for r := range 6 {
			if d[r] > 0 {
				d[r]--
				order = append(order, r)
				deal(d)
				order = order[:len(order)-1]
				d[r]++
			}
		}
	}
	deal(d)
	return big.NewRat(madeN, orders), big.NewRat(outN, orders), big.NewRat(throwsN, orders)
}

// The counts of a point family agree exactly with dealing every order of
// small decks: the chance of the point, of running out, and the throws.
func TestCardFamilyBruteForce(t *testing.T) {
	decks := []deck{{1, 1, 1, 1, 1, 1}, {2, 2, 1, 1, 2, 2}, {2, 1, 2, 2, 1, 2}, {3, 0, 2, 1, 0, 2}}
	if exhaustiveSet() {
		decks = append(decks, deck{2, 2, 2, 2, 2, 2}) // 7.5 million orders
	}
	r := Rules{Cards: CardsPairReturned}
	line := Bet{Kind: PassLine}
	a, rows := r.betSteps(line, false)
	for _, d := range decks {
		space := newDeckSpace(d)
		s := r.newCardSolver(line, rows, space)
		all := space.orders[len(space.decks)-1].big()
		frac := func(n int128) *big.Rat { return new(big.Rat).SetFrac(n.big(), all) }
		for _, point := range []int{4, 5, 6, 8, 9, 10} {
			state, _ := a.state(betState{point: int8(point)})
			c, err := s.value(int(state), int8(point), d)
			if err != nil {
				t.Fatal(err)
			}
			made, out, throws := enumerateOrders(d, point)
			got := [3]*big.Rat{frac(c.exits[cardExit{verdict: wins, pays: evenMoney}]), frac(c.exits[shuffled(int(state), int8(point))]), frac(c.rolls)}
			if got[0].Cmp(made) != 0 || got[1].Cmp(out) != 0 || got[2].Cmp(throws) != 0 {
				t.Errorf("deck %v, point %d: counted made %v, out %v, throws %v; every order gives %v, %v, %v",
					d, point, got[0], got[1], got[2], made, out, throws)
			}
		}
	}
}

// A family and its mirror image (each rank r read as 7-r) have the same
// figures at mirror decks: what lets place 10 while the point is 4 be read
// from place 4 while the point is 10.
func TestCardFamilyMirror(t *testing.T) {
	space := newDeckSpace(deck{2, 3, 2, 2, 3, 2})
	r := Rules{Cards: CardsPairReturned}
	b := Bet{Kind: Hardway, Number: 10}
	_, rows := r.betSteps(b, false)
	s := r.newCardSolver(b, rows, space)
	move := func(state, x int) pointTarget { return s.pointMove(state, 4, x) }
	f, _, exits := buildShape(0, move, false)
	m, _, mexits := buildShape(0, move, true)
	direct, mirror := space.solveFamily(f), space.solveFamily(m)
	for k, fig := range direct {
		d := space.deckOf(k)
		mfig := mirror[space.key(d.mirror())]
		byExit := map[cardExit]int128{}
		for i, e := range exits {
			byExit[e] = fig[i]
		}
		for i, e := range mexits {
			if byExit[e] != mfig[i] {
				t.Fatalf("deck %v, exit %+v: %v directly, %v from the mirror", d, e, byExit[e], mfig[i])
			}
		}
		if fig[len(fig)-1] != mfig[len(mfig)-1] {
			t.Fatalf("deck %v: throws %v directly, %v from the mirror", d, fig[len(fig)-1], mfig[len(mfig)-1])
		}
	}
}

// pointSolverBig is the first exact card recursion, kept as an independent
// check: for a deck with n cards it keeps n! times the chance of the point
// before a 7 (made) and of running out (out), in big integers, over every
// deal of two cards.
type pointSolverBig struct {
	point      int
	made, out  map[deck]*big.Int
	factorials []*big.Int
}

func newPointSolverBig(point int) *pointSolverBig {
	s := &pointSolverBig{point: point, made: map[deck]*big.Int{}, out: map[deck]*big.Int{}}
	f := big.NewInt(1)
	for n := 0; n <= 48; n++ {
		if n > 0 {
			f = new(big.Int).Mul(f, big.NewInt(int64(n)))
		}
		s.factorials = append(s.factorials, f)
	}
	return s
}

func (s *pointSolverBig) solve(d deck) (made, out *big.Int) {
	if m := s.made[d]; m != nil {
		return m, s.out[d]
	}
	n := d.size()
	made, out = new(big.Int), new(big.Int)
	if n < 2 {
		out.Set(s.factorials[n])
	} else {
		for a := range 6 {
			for b := range 6 {
				first, second := int64(d[a]), int64(d[b])
				if a == b {
					second--
				}
				if first <= 0 || second <= 0 {
					continue
				}
				w := big.NewInt(first * second)
				switch a + b + 2 {
				case s.point:
					made.Add(made, new(big.Int).Mul(w, s.factorials[n-2]))
				case 7:
				default:
					next := d
					next[a]--
					next[b]--
					m, o := s.solve(next)
					made.Add(made, new(big.Int).Mul(w, m))
					out.Add(out, new(big.Int).Mul(w, o))
				}
			}
		}
	}
	s.made[d], s.out[d] = made, out
	return made, out
}

// passBig is the pass probability under reading from the first recursion:
// a come-out natural, or a point made, the chance q of making it from a
// whole deck solving q = made + out*q, and under CardsPairKept averaged
// over the come-out pairs that set the point. It also returns the chance
// of running out during each point.
func passBig(full deck, reading CardReading) (pass *big.Rat, runOut map[int]*big.Rat) {
	n := int64(full.size())
	deals := big.NewRat(1, n*(n-1))
	pass, runOut = new(big.Rat), map[int]*big.Rat{}
	for _, point := range []int{4, 5, 6, 8, 9, 10} {
		s := newPointSolverBig(point)
		m, o := s.solve(full)
		fact := s.factorials[full.size()]
		q := new(big.Rat).SetFrac(m, new(big.Int).Sub(fact, o))
		made, weight, out := new(big.Rat), new(big.Rat), new(big.Rat)
		for a := range 6 {
			for b := range 6 {
				second := int64(full[b])
				if a == b {
					second--
				}
				if a+b+2 != point || full[a] == 0 || second <= 0 {
					continue
				}
				w := new(big.Rat).Mul(big.NewRat(int64(full[a])*second, 1), deals)
				p, lost := new(big.Rat).Set(q), new(big.Rat).SetFrac(o, fact)
				if reading == CardsPairKept {
					d := full
					d[a]--
					d[b]--
					m, o := s.solve(d)
					f := s.factorials[d.size()]
					p.Add(new(big.Rat).SetFrac(m, f), new(big.Rat).Mul(new(big.Rat).SetFrac(o, f), q))
					lost.SetFrac(o, f)
				}
				made.Add(made, new(big.Rat).Mul(w, p))
				out.Add(out, new(big.Rat).Mul(w, lost))
				weight.Add(weight, w)
			}
		}
		pass.Add(pass, made)
		if weight.Sign() != 0 { // else a point the shoe never sets
			runOut[point] = out.Quo(out, weight)
		}
	}
	for a := range 6 { // the naturals: 7 and 11, never two equal ranks
		for b := range 6 {
			if t := a + b + 2; t == 7 || t == 11 {
				pass.Add(pass, new(big.Rat).Mul(big.NewRat(int64(full[a])*int64(full[b]), 1), deals))
			}
		}
	}
	return pass, runOut
}

// The whole analysis of the pass line, over small decks (and the full one
// with CRAPS_EXHAUSTIVE=1: the first recursion takes a minute there),
// agrees exactly with the first recursion under both readings that keep
// cards out, and so do the deck's run-out chances.
func TestCardPassTwoWays(t *testing.T) {
	decks := []deck{{2, 2, 2, 2, 2, 2}, {3, 2, 3, 3, 2, 3}}
	if exhaustiveSet() {
		decks = append(decks, Shoe{}.deck())
	}
	line := Bet{Kind: PassLine}
	for _, reading := range []CardReading{CardsPairReturned, CardsPairKept} {
		r := Rules{Cards: reading}
		a, rows := r.betSteps(line, false)
		for _, d := range decks {
			space := newDeckSpace(d)
			if d == (Shoe{}).deck() {
				space = (&Rules{}).cardSpace()
			}
			s := r.newCardSolver(line, rows, space)
			v, err := s.solve()
			if err != nil {
				t.Fatal(err)
			}
			want, runOut := passBig(d, reading)
			if v[qWin].Cmp(want) != 0 {
				t.Errorf("%v, deck %v: pass %s, the first recursion %s", reading, d, v[qWin].FloatString(12), want.FloatString(12))
			}
			for point, w := range runOut {
				state, _ := a.state(betState{point: int8(point)})
				if got, err := s.runOut(int(state), int8(point)); err != nil || got.Cmp(w) != 0 {
					t.Errorf("%v, deck %v: runs out during %d with chance %v (%v), the first recursion %v", reading, d, point, got, err, w)
				}
			}
		}
	}
}

// The pass line and the deck's figures under each reading of the
// card-craps rules. Under the rules' own reading the shooter wins about
// 0.49708 of decisions, a 0.584% disadvantage on the center bet.
func TestCardPass(t *testing.T) {
	if !thorough() {
		t.Skip("the card analysis takes a second")
	}
	for _, c := range []struct {
		reading        CardReading
		pass, edge     string // to 5 and 4 places
		cards, runOut4 string // cards per decision, run-out during a 4, to 4 places
	}{
		{CardsPairReturned, "0.49708", "0.5843", "6.6711", "0.0008"},
		{CardsPairKept, "0.49157", "1.6862", "6.7387", "0.0013"},
		{CardsReshuffleEveryThrow, "0.49456", "1.0873", "6.6889", "0.0000"},
	} {
		r := Rules{Cards: c.reading}
		a, err := r.AnalyzeDeck()
		if err != nil {
			t.Fatal(err)
		}
		line, err := r.Analyze(Bet{Kind: PassLine})
		if err != nil {
			t.Fatal(err)
		}
		edge := new(big.Rat).Mul(line.EdgePerBet, big.NewRat(100, 1))
		cards := new(big.Rat).Mul(line.Rolls, big.NewRat(2, 1))
		if a.Pass.FloatString(5) != c.pass || edge.FloatString(4) != c.edge || line.Win.Cmp(a.Pass) != 0 ||
			a.CardsPerDecision.Cmp(cards) != 0 || cards.FloatString(4) != c.cards || a.RunOut[4].FloatString(4) != c.runOut4 {
			t.Errorf("%v: pass %s, edge %s%%, cards %s, runs out during a 4 %s; want %s, %s%%, %s, %s",
				c.reading, a.Pass.FloatString(5), edge.FloatString(4), a.CardsPerDecision.FloatString(4), a.RunOut[4].FloatString(4),
				c.pass, c.edge, c.cards, c.runOut4)
		}
		// The full deck is symmetric under ranks r <-> 7-r: 10 is made as
		// often as 4, and the deck runs out during a 10 as often.
		if a.Made[4].Cmp(a.Made[10]) != 0 || a.RunOut[4].Cmp(a.RunOut[10]) != 0 {
			t.Errorf("%v: 4 made %v, 10 %v; runs out %v and %v", c.reading, a.Made[4], a.Made[10], a.RunOut[4], a.RunOut[10])
		}
	}
}

func TestAnalyzeDeckRefusals(t *testing.T) {
	for _, c := range []struct {
		reason string
		rules  Rules
		want   error
	}{
		{"dice have no deck", Standard(), ErrRollSource},
		{"a reading that is none of the three", Rules{Cards: 9}, ErrInvalidRules},
	} {
		if _, err := c.rules.AnalyzeDeck(); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.reason, err, c.want)
		}
	}
}

func TestCardReadingParse(t *testing.T) {
	for _, c := range []struct {
		text string
		want CardReading
	}{{"dice", NoCards}, {"off", NoCards}, {"on", CardsPairReturned}, {"Pair-Kept", CardsPairKept}, {"reshuffle", CardsReshuffleEveryThrow}} {
		if got, err := ParseCardReading(c.text); got != c.want || err != nil {
			t.Errorf("ParseCardReading(%q) = %v, %v; want %v", c.text, got, err, c.want)
		}
		if back, _ := ParseCardReading(c.want.String()); back != c.want {
			t.Errorf("%v does not read back", c.want)
		}
	}
	if _, err := ParseCardReading("shuffled"); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseCardReading(shuffled): %v", err)
	}
}

// BenchmarkCardPass times the exact card-craps pass line under the rules'
// own reading from nothing: the space of decks, the point families (the
// mirror ones read from 4, 5 and 6) and the chain over full decks.
func BenchmarkCardPass(b *testing.B) {
	r := CardCraps()
	line := Bet{Kind: PassLine}
	_, rows := r.betSteps(line, false)
	for b.Loop() {
		if _, err := r.newCardSolver(line, rows, newDeckSpace(Shoe{}.deck())).solve(); err != nil {
			b.Fatal(err)
		}
	}
}

// analyzeCardsPass is the pass line's chance under a reading.
func analyzeCardsPass(r CardReading) (*big.Rat, error) {
	a, err := Rules{Cards: r}.Analyze(Bet{Kind: PassLine})
	return a.Win, err
}
