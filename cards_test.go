package craps

import (
	"errors"
	"math/big"
	"testing"
)

// The card-craps rules' deck: a pair of equal rank is 8*7 of 48*47 ordered deals.
func TestCardComeOut(t *testing.T) {
	p := cardComeOut()
	sum := new(big.Rat)
	for _, q := range p {
		sum.Add(sum, q)
	}
	for _, c := range []struct {
		reason string
		got    *big.Rat
		want   string
	}{
		{"aces: 8*7/(48*47)", p[2], "7/282"},
		{"7: six ordered rank pairs, 8*8 ways each", p[7], "8/47"},
		{"12 is as rare as 2", p[12], "7/282"},
		{"every deal has a total", sum, "1"},
	} {
		if c.got.RatString() != c.want {
			t.Errorf("%s: got %v, want %s", c.reason, c.got.RatString(), c.want)
		}
	}
}

// bruteForce deals every distinct order of deck d (each equally likely)
// until the point, a 7 or the end of the deck, and returns the chances of
// the point and of running out, the quantities pointSolver keeps.
func bruteForce(d deck, point int) (made, out *big.Rat) {
	var madeN, outN, orders int64
	order := make([]int, 0, d.size())
	var deal func(d deck)
	deal = func(d deck) {
		if len(order) == cap(order) {
			orders++
			for i := 0; i+1 < len(order); i += 2 {
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
	return big.NewRat(madeN, orders), big.NewRat(outN, orders)
}

// The memoized recursion agrees exactly with dealing every order of small
// decks.
func TestCardPointSolverBruteForce(t *testing.T) {
	decks := []deck{{1, 1, 1, 1, 1, 1}, {2, 2, 1, 1, 2, 2}, {2, 1, 2, 2, 1, 2}}
	if !testing.Short() {
		decks = append(decks, deck{2, 2, 2, 2, 2, 2})
	}
	for _, d := range decks {
		for _, point := range []int{4, 5, 6, 8, 9, 10} {
			s := newPointSolver(point)
			m, o := s.solve(d)
			n := s.factorials[d.size()]
			wantMade, wantOut := bruteForce(d, point)
			if ratio(m, n).Cmp(wantMade) != 0 || ratio(o, n).Cmp(wantOut) != 0 {
				t.Errorf("deck %v, point %d: recursion made %v out %v, brute force %v and %v",
					d, point, ratio(m, n), ratio(o, n), wantMade, wantOut)
			}
		}
	}
}

// The reshuffle when the deck runs out: from a tiny deck where that is
// common, q = made + out*q.
func TestCardPointReshuffle(t *testing.T) {
	d := deck{1, 1, 1, 1, 1, 1}
	made, out := bruteForce(d, 6)
	q := cardPointMade(d, 6, false)
	// q (1 - out) == made
	lhs := new(big.Rat).Mul(q, new(big.Rat).Sub(big.NewRat(1, 1), out))
	if lhs.Cmp(made) != 0 || q.Cmp(made) <= 0 {
		t.Errorf("q = %v, made %v, out %v: q(1-out) = %v", q, made, out, lhs)
	}
}

// The exact card-craps figures under each reading of the card-craps rules. Under the
// rules' own reading (the come-out pair shuffled back) the shooter wins about
// 0.49708 of decisions, a 0.584% disadvantage on the center bet.
func TestCardPass(t *testing.T) {
	if testing.Short() {
		t.Skip("the full-deck recursion takes seconds")
	}
	for _, c := range []struct {
		reading    CardReading
		pass, edge string // to 5 and 4 places
	}{
		{CardsPairReturned, "0.49708", "0.5843"},
		{CardsPairKept, "0.49157", "1.6862"},
		{CardsReshuffleEveryThrow, "0.49456", "1.0873"},
	} {
		p := cardPassExact()[c.reading]
		edge := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(big.NewRat(2, 1), p))
		edge.Mul(edge, big.NewRat(100, 1))
		if p.FloatString(5) != c.pass || edge.FloatString(4) != c.edge {
			t.Errorf("reading %d: pass %s, edge %s%%; want %s and %s%%", c.reading, p.FloatString(5), edge.FloatString(4), c.pass, c.edge)
		}
	}
	// The symmetry AnalyzeCards relies on: 10 is made as often as 4.
	four, _ := cardPoint(4, CardsPairReturned)
	ten, _ := cardPoint(10, CardsPairReturned)
	if four.Cmp(ten) != 0 {
		t.Errorf("point 4 %v, point 10 %v", four.FloatString(10), ten.FloatString(10))
	}
	// Under a reshuffle before every throw a point is p(n)/(p(n)+p(7)),
	// and the rest of the analysis adds up.
	a, err := AnalyzeCards(CardsReshuffleEveryThrow)
	if err != nil {
		t.Fatal(err)
	}
	// 4 is 23/282 and 7 is 48/282 of deals; 6 is 39/282.
	if a.Made[4].RatString() != "23/71" || a.Made[6].RatString() != "13/29" || a.Made[10].Cmp(a.Made[4]) != 0 {
		t.Errorf("reshuffle: 4 made %v, want 23/71; 6 made %v, want 13/29; 10 made %v", a.Made[4], a.Made[6], a.Made[10])
	}
	edge := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Add(a.Pass, a.Pass))
	if a.Disadvantage.Cmp(edge) != 0 || a.Pass.Cmp(cardPassExact()[CardsReshuffleEveryThrow]) != 0 {
		t.Errorf("reshuffle: pass %v, disadvantage %v", a.Pass, a.Disadvantage)
	}
}

func TestCardPointRefusals(t *testing.T) {
	if _, err := cardPoint(7, CardsPairReturned); err == nil {
		t.Error("7 is not a point")
	}
	for _, r := range []CardReading{NoCards, CardReading(9)} {
		if _, err := analyzeCardsPass(r); !errors.Is(err, ErrSyntax) {
			t.Errorf("CardPass(%v): %v", r, err)
		}
		if _, err := cardPoint(4, r); !errors.Is(err, ErrSyntax) {
			t.Errorf("CardPointMade(4, %v): %v", r, err)
		}
	}
	for _, c := range []struct {
		text string
		want CardReading
	}{{"dice", NoCards}, {"off", NoCards}, {"on", CardsPairReturned}, {"Pair-Kept", CardsPairKept}, {"reshuffle", CardsReshuffleEveryThrow}} {
		if got, err := ParseCardReading(c.text); got != c.want || err != nil {
			t.Errorf("ParseCardReading(%q) = %v, %v; want %v", c.text, got, err, c.want)
		}
		if c.text == c.want.String() {
			continue
		}
		if back, _ := ParseCardReading(c.want.String()); back != c.want {
			t.Errorf("%v does not read back", c.want)
		}
	}
	if _, err := ParseCardReading("shuffled"); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseCardReading(shuffled): %v", err)
	}
}

// BenchmarkCardPass times the exact card-craps pass probability under the
// rules' own reading: the memoized recursion over deck compositions.
func BenchmarkCardPass(b *testing.B) {
	for b.Loop() {
		if _, err := analyzeCardsPass(CardsPairReturned); err != nil {
			b.Fatal(err)
		}
	}
}

// analyzeCardsPass is AnalyzeCards' pass probability.
func analyzeCardsPass(r CardReading) (*big.Rat, error) {
	a, err := AnalyzeCards(r)
	return a.Pass, err
}
