package craps

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// [Brokopp]: J. G. Brokopp, "New Craps Bets Help Take the Sting Out of the
// 7", Casino City Times, 26 December 2007: Point-7 and 7-Point pay 7 to 1
// with a house edge of 11.1%, 7-Point-7 has one of 5.56%.

// sequenceByHand is a casino sequence bet's figures from its throws'
// chances: a 7 one throw in six, a point ways(points)/36, each throw of
// the sequence thrown only if the ones before it matched.
func sequenceByHand(r Rules, k BetKind) (win, lose, push, gross, rolls *big.Rat) {
	seven := big.NewRat(1, 6)
	point := big.NewRat(int64(Totals(boxNumbers(&r)...).Ways()), 36)
	mul := func(qs ...*big.Rat) *big.Rat {
		p := big.NewRat(1, 1)
		for _, q := range qs {
			p.Mul(p, q)
		}
		return p
	}
	add := func(qs ...*big.Rat) *big.Rat {
		p := new(big.Rat)
		for _, q := range qs {
			p.Add(p, q)
		}
		return p
	}
	one := big.NewRat(1, 1)
	pays := func(p Ratio, def Ratio) *big.Rat { return p.or(def).Rat() }
	s := r.Sequences
	switch k {
	case PointSeven:
		win, rolls = mul(point, seven), add(one, point)
		gross = mul(win, pays(s.PointSeven, Ratio{7, 1}))
	case SevenPoint:
		win, rolls = mul(seven, point), add(one, seven)
		gross = mul(win, pays(s.SevenPoint, Ratio{7, 1}))
	case SevenPointSeven:
		win, rolls = mul(seven, point, seven), add(one, seven, mul(seven, point))
		gross = mul(win, pays(s.SevenPointSeven, Ratio{50, 1}))
	case MuggsysCorner:
		win, rolls = add(seven, mul(point, seven)), add(one, point)
		gross = add(mul(seven, s.MuggsysCorner.ComeOutSeven.Rat()), mul(point, seven, s.MuggsysCorner.PointSeven.Rat()))
	}
	return win, new(big.Rat).Sub(one, win), new(big.Rat), gross, rolls
}

// TestSequenceBetsPublished: [Brokopp]'s edges, exactly 1/9, 1/9 and 1/18.
func TestSequenceBetsPublished(t *testing.T) {
	for _, c := range []struct {
		kind      BetKind
		edge, pct string
	}{{PointSeven, "1/9", "11.1"}, {SevenPoint, "1/9", "11.1"}, {SevenPointSeven, "1/18", "5.56"}} {
		a := analysisOf(t, Standard(), Bet{Kind: c.kind})
		pct := new(big.Rat).Mul(a.EdgePerBet, big.NewRat(100, 1))
		if a.EdgePerBet.RatString() != c.edge || pct.FloatString(len(c.pct)-strings.Index(c.pct, ".")-1) != c.pct {
			t.Errorf("[Brokopp] %v: edge %s (%s%%), want %s%%", c.kind, a.EdgePerBet.RatString(), pct.FloatString(2), c.pct)
		}
	}
	// Muggsy's Corner is offered once its pays are set, and then follows
	// them.
	if err := Standard().Offers(Bet{Kind: MuggsysCorner}); !errors.Is(err, ErrNotOffered) {
		t.Errorf("Muggsy's Corner without pays: %v, want ErrNotOffered", err)
	}
	r := Rules{Sequences: SequencePaytable{MuggsysCorner: MuggsyPaytable{Ratio{2, 1}, Ratio{3, 1}}}}
	if a := analysisOf(t, r, Bet{Kind: MuggsysCorner}); a.EdgePerBet.RatString() != "1/18" || a.Pays != "2:1 on a come-out 7, 3:1 on a point-7" {
		t.Errorf("Muggsy's Corner at 2:1 and 3:1: edge %s, pays %q", a.EdgePerBet.RatString(), a.Pays)
	}
	if err := (Rules{Sequences: SequencePaytable{MuggsysCorner: MuggsyPaytable{ComeOutSeven: Ratio{2, 1}}}}).Validate(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("Muggsy's Corner with one pay: %v, want ErrInvalidRules", err)
	}
}

// TestSequencePropositionText: sequences read and write back, alone and
// with before and within, and what is no sequence is refused.
func TestSequencePropositionText(t *testing.T) {
	points, seven := PointNumbers, Totals(7)
	for _, c := range []struct {
		text, back string
		want       Bet
	}{
		{"points then 7", "4,5,6,8,9,10 then 7", Bet{Kind: Within, Set: points, Then: [2]OutcomeSet{seven}, Throws: 2}},
		{"7 then points then 7", "7 then 4,5,6,8,9,10 then 7", Bet{Kind: Within, Set: seven, Then: [2]OutcomeSet{points, seven}, Throws: 3}},
		{"points then 7 within 2", "4,5,6,8,9,10 then 7", Bet{Kind: Within, Set: points, Then: [2]OutcomeSet{seven}, Throws: 2}},
		{"6 then 6 within 10", "6 then 6 within 10", Bet{Kind: Within, Set: Totals(6), Then: [2]OutcomeSet{Totals(6)}, Throws: 10}},
		{"3-3 then 3-3 before 7", "3-3 then 3-3 before 7", Bet{Kind: Before, Set: Combination(3, 3), Then: [2]OutcomeSet{Combination(3, 3)}, Against: seven}},
		{"2,12 before 7", "2,12 before 7", Bet{Kind: Before, Set: Totals(2, 12), Against: seven}},
	} {
		b, err := ParseBet(c.text)
		if err != nil || b != c.want {
			t.Errorf("ParseBet(%q) = %+v, %v; want %+v", c.text, b, err, c.want)
			continue
		}
		if b.String() != c.back {
			t.Errorf("%q writes back as %q, want %q", c.text, b.String(), c.back)
		}
		if again, err := ParseBet(b.String()); err != nil || again != b {
			t.Errorf("%q: %q reads back as %+v, %v", c.text, b.String(), again, err)
		}
	}
	for _, bad := range []string{
		"7 then 7 then 7 then 7", // four throws: a sequence holds three
		"points then 7 within 1", // two throws cannot fit in one
		"7 then 6 before 7",      // a step the bet loses on
		"2,3,4,5,6,7,8,9,10,11,12 then 2,3,4,5,6,7,8,9,10,11,12", // always won
		"7 then", "then 7", "7 then 13",
	} {
		if _, err := ParseBet(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseBet(%q): %v, want ErrSyntax", bad, err)
		}
	}
}

// totalsSequence is a test's sequence of steps, each a union of totals.
type totalsSequence struct {
	steps   []OutcomeSet
	against OutcomeSet // 0 for a Within bet
	throws  int
}

// winByOracle is the chance a sequence proposition wins, following the
// last throws' totals themselves (not which beginnings of the sequence
// they match): a Within bet by a walk over the throws, a Before bet by
// solving the linear system of the windows of the last len-1 totals.
func winByOracle(q totalsSequence) *big.Rat {
	n := len(q.steps)
	// A window is the last n-1 totals, 0 for none yet (the start).
	type window [2]int
	matches := func(w window, t int) bool {
		seq := append(append([]int{}, w[:n-1]...), t)
		for i, x := range seq {
			if x == 0 || !q.steps[i].Has(ttEasy(x)) {
				return false
			}
		}
		return true
	}
	shift := func(w window, t int) window {
		if n == 1 {
			return window{}
		}
		var v window
		copy(v[:], append(append([]int{}, w[1:n-1]...), t))
		return v
	}
	chance := func(t int) *big.Rat { return big.NewRat(int64(Totals(t).Ways()), 36) }
	if q.against == 0 {
		at := map[window]*big.Rat{{}: big.NewRat(1, 1)}
		win := new(big.Rat)
		for range q.throws {
			next := map[window]*big.Rat{}
			for w, p := range at {
				for t := 2; t <= 12; t++ {
					pt := new(big.Rat).Mul(p, chance(t))
					if matches(w, t) {
						win.Add(win, pt)
						continue
					}
					v := shift(w, t)
					if next[v] == nil {
						next[v] = new(big.Rat)
					}
					next[v].Add(next[v], pt)
				}
			}
			at = next
		}
		return win
	}
	// Before: x(w) = sum over t of chance(t) [win, lose or x(shift(w,t))].
	var states []window
	index := map[window]int{}
	var visit func(w window)
	visit = func(w window) {
		if _, ok := index[w]; ok {
			return
		}
		index[w] = len(states)
		states = append(states, w)
		for t := 2; t <= 12; t++ {
			if !matches(w, t) && !q.against.Has(ttEasy(t)) {
				visit(shift(w, t))
			}
		}
	}
	visit(window{})
	m := len(states)
	a := make([][]*big.Rat, m)
	for i, w := range states {
		a[i] = make([]*big.Rat, m+1)
		for j := range a[i] {
			a[i][j] = new(big.Rat)
		}
		a[i][i].SetInt64(1)
		for t := 2; t <= 12; t++ {
			switch {
			case matches(w, t):
				a[i][m].Add(a[i][m], chance(t))
			case q.against.Has(ttEasy(t)):
			default:
				j := index[shift(w, t)]
				a[i][j].Sub(a[i][j], chance(t))
			}
		}
	}
	for c := range m { // Gauss-Jordan
		p := c
		for a[p][c].Sign() == 0 {
			p++
		}
		a[c], a[p] = a[p], a[c]
		for r := range m {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[r][c], a[c][c])
			for j := c; j <= m; j++ {
				a[r][j].Sub(a[r][j], new(big.Rat).Mul(f, a[c][j]))
			}
		}
	}
	return new(big.Rat).Quo(a[index[window{}]][m], a[index[window{}]][index[window{}]])
}

// TestSequencePropositionsByOracle: random sequences of totals before a
// set or within some throws, analysed from the bet's definition, against
// the oracle that follows the throws themselves.
func TestSequencePropositionsByOracle(t *testing.T) {
	// Two published by hand first: a point then a 7, 1/9; 6 then 6
	// before a 7: from none, x = 5/36 y + 25/36 x; after a 6, y = 5/36 +
	// 25/36 x, so x = 25/271.
	for _, c := range []struct {
		text, win string
	}{{"points then 7", "1/9"}, {"7 then points then 7", "1/54"}, {"6 then 6 before 7", "25/271"}} {
		b, _ := ParseBet(c.text)
		if a := analysisOf(t, Street(), b); a.Win.RatString() != c.win {
			t.Errorf("%s wins %s, by hand %s", c.text, a.Win.RatString(), c.win)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		totals := rapid.SliceOfNDistinct(rapid.IntRange(2, 12), 1, 11, func(n int) int { return n })
		var q totalsSequence
		for i := range rapid.IntRange(1, 3).Draw(t, "steps") {
			q.steps = append(q.steps, Totals(totals.Draw(t, fmt.Sprintf("step %d", i))...))
		}
		var union OutcomeSet
		for _, s := range q.steps {
			union |= s
		}
		b := Bet{Kind: Within, Set: q.steps[0]}
		copy(b.Then[:], q.steps[1:])
		if rest := AllOutcomes &^ union; rest != 0 && rapid.Bool().Draw(t, "before") {
			q.against = Totals(rapid.SliceOfNDistinct(rapid.SampledFrom(totalsIn2(rest)), 1, 11, func(n int) int { return n }).Draw(t, "against")...)
			b.Kind, b.Against = Before, q.against
		} else {
			q.throws = rapid.IntRange(len(q.steps), 8).Draw(t, "throws")
			b.Throws = uint8(q.throws)
		}
		if !b.wellFormed() {
			t.Skip("a sequence that always wins")
		}
		back, err := ParseBet(b.String())
		if err != nil || back != b {
			t.Fatalf("%+v writes %q, which reads back as %+v, %v", b, b.String(), back, err)
		}
		a := analyzed(t, Street(), b)
		if want := winByOracle(q); a.Win.Cmp(want) != 0 {
			t.Fatalf("%v wins %s, the oracle says %s", b, a.Win.RatString(), want.RatString())
		}
	})
}

// totalsIn2 lists the whole totals a set holds.
func totalsIn2(s OutcomeSet) []int {
	var out []int
	for n := 2; n <= 12; n++ {
		if s&Totals(n) == Totals(n) {
			out = append(out, n)
		}
	}
	return out
}

// TestSequenceBetsOnTheTable plays the casino sequence bets through
// Table.Roll, and a sequence between players through Table.Side.
func TestSequenceBetsOnTheTable(t *testing.T) {
	muggsy := Rules{Sequences: SequencePaytable{MuggsysCorner: MuggsyPaytable{Ratio{2, 1}, Ratio{3, 1}}}}
	for _, c := range []struct {
		reason string
		rules  Rules
		bet    Bet
		throws []Dice
		want   Resolution
	}{
		{"Point-7: the point 6, then the seven-out, 7:1", Standard(), ttK(PointSeven), []Dice{{2, 4}, {3, 4}}, ttWon(ttK(PointSeven), 10, 70)},
		{"Point-7: the point 6, then a 5: lost", Standard(), ttK(PointSeven), []Dice{{2, 4}, {1, 4}}, ttLost(ttK(PointSeven), 10)},
		{"Point-7: a come-out 11 loses", Standard(), ttK(PointSeven), []Dice{{5, 6}}, ttLost(ttK(PointSeven), 10)},
		{"7-Point: a 7, then the point 9, 7:1", Standard(), ttK(SevenPoint), []Dice{{3, 4}, {4, 5}}, ttWon(ttK(SevenPoint), 10, 70)},
		{"7-Point-7: 7, the point 4, and the seven-out, 50:1", Standard(), ttK(SevenPointSeven), []Dice{{3, 4}, {1, 3}, {2, 5}}, ttWon(ttK(SevenPointSeven), 10, 500)},
		{"7-Point-7: 7, the point 4, then the 4 made: lost", Standard(), ttK(SevenPointSeven), []Dice{{3, 4}, {1, 3}, {2, 2}}, ttLost(ttK(SevenPointSeven), 10)},
		{"7-Point-7 in crapless: a come-out 12 is a point there", Crapless(), ttK(SevenPointSeven), []Dice{{3, 4}, {6, 6}, {2, 5}}, ttWon(ttK(SevenPointSeven), 10, 500)},
		{"Muggsy's Corner: a come-out 7 at 2:1", muggsy, ttK(MuggsysCorner), []Dice{{3, 4}}, ttWon(ttK(MuggsysCorner), 10, 20)},
		{"Muggsy's Corner: the point 8, then a 7, at 3:1", muggsy, ttK(MuggsysCorner), []Dice{{4, 4}, {1, 6}}, ttWon(ttK(MuggsysCorner), 10, 30)},
		{"Muggsy's Corner: a come-out 2 loses", muggsy, ttK(MuggsysCorner), []Dice{{1, 1}}, ttLost(ttK(MuggsysCorner), 10)},
	} {
		tb := ttNewTable(t, c.rules, 1000)
		ttDo(t, tb, ttStake(c.bet, 10))
		if diff := cmp.Diff(ttRes(c.want), ttDecidedAtEnd(t, c.reason, tb, c.throws)); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", c.reason, diff)
		}
	}
	// Made on the come-out, and a contract once its first throw counts.
	tb := ttNewTable(t, Standard(), 1000)
	ttDo(t, tb, ttStake(ttK(PointSeven), 10), ttStake(ttK(SevenPointSeven), 10), ttThrow(Dice{3, 4}))
	ttCheckRefusal(t, tb.Place("p", ttK(SevenPointSeven), 10), ErrNotNow)
	_, err := tb.TakeDown("p", ttK(SevenPointSeven))
	ttCheckRefusal(t, err, ErrContract)
	ttDo(t, tb, ttThrow(Dice{2, 4}))
	ttCheckRefusal(t, tb.Place("p", ttK(PointSeven), 10), ErrNotNow)
	// Saved between its throws, it restores; a state off the puck does not.
	data := ttSave(t, tb)
	var back Table
	if err := back.UnmarshalJSON(data); err != nil || !ttSameTable(tb, &back) {
		t.Fatalf("restore: %v\n%s", err, data)
	}
	bad := tb.Clone()
	bad.point = 0
	for i := range bad.bets {
		bad.bets[i].state = betState{}
	}
	bad.bets[0].state = betState{made: 1<<10 | 2} // 7 then a point matched, with the puck off
	if err := back.UnmarshalJSON(ttSave(t, bad)); !errors.Is(err, ErrSyntax) {
		t.Errorf("7-Point-7 between its point and its 7 with the puck off: restore = %v, want ErrSyntax", err)
	}
	// Between players: bob backs a point then a 7 at 8:1 against ann.
	st, err := NewTable(Street())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sam", "ann", "bob"} {
		if err := st.Join(name, 1000); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := ParseBet("points then 7")
	if err := st.Side("bob", "ann", b, 10, Ratio{8, 1}); err != nil {
		t.Fatal(err)
	}
	if res, err := st.Roll(Dice{2, 4}, nil); err != nil || len(res) != 0 {
		t.Fatalf("the point 6: %+v, %v", res, err)
	}
	res, err := st.Roll(Dice{3, 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Players(); got[2].Bankroll != 1080 || got[1].Bankroll != 920 {
		t.Errorf("bob backed points then 7 at 8:1 and won: %+v (%+v)", got, res)
	}
}
