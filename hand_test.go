package craps

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

func ratsEqual(t *testing.T, name string, got, want *big.Rat) {
	t.Helper()
	if got == nil || want == nil || got.Cmp(want) != 0 {
		t.Errorf("%s = %v, want %v", name, got, want)
	}
}

// TestShooterHandClosedForms checks the hand's laws against closed forms
// worked by hand from the standard table's throws (Ethier, "The Doctrine
// of Chances", ch. 15, for the means): a decision is a point made with
// chance 2(3/36·3/9 + 4/36·4/10 + 5/36·5/11) = 134/495 and a seven-out
// with chance 196/495, so the points made before the seven-out are
// geometric with ratio 134/330 = 67/165, and the decisions geometric with
// end chance 196/495.
func TestShooterHandClosedForms(t *testing.T) {
	h, err := Standard().ShooterHand()
	if err != nil {
		t.Fatal(err)
	}
	m := h.Means()
	for _, c := range []struct {
		name      string
		got, want *big.Rat
	}{
		{"throws per decision", m.ThrowsPerDecision, rat(557, 165)},
		{"seven-out", m.SevenOut, rat(196, 495)},
		{"decisions per hand", m.DecisionsPerHand, rat(495, 196)},
		{"throws per hand", m.ThrowsPerHand, rat(1671, 196)},
		{"points per hand (Wald: 134/495 a decision)", m.PointsPerHand, new(big.Rat).Mul(rat(134, 495), rat(495, 196))},
	} {
		ratsEqual(t, c.name, c.got, c.want)
	}
	made, decided := rat(67, 165), rat(196, 495)
	for k := range 8 {
		// P(points = k) = (1-a) a^k; P(decisions = k) = (1-d)^(k-1) d.
		want := new(big.Rat).Sub(rat(1, 1), made)
		want.Mul(want, ratPow(made, k))
		ratsEqual(t, "points made "+itoa(k), handLaw(t)(h.PointsMade(k)), want)
		want = new(big.Rat)
		if k > 0 {
			want.Mul(ratPow(new(big.Rat).Sub(rat(1, 1), decided), k-1), decided)
		}
		ratsEqual(t, "decisions "+itoa(k), handLaw(t)(h.Decisions(k)), want)
	}
	sum, mean := new(big.Rat), new(big.Rat)
	for k, p := range h.DifferentPoints() {
		sum.Add(sum, p)
		mean.Add(mean, new(big.Rat).Mul(rat(int64(k), 1), p))
	}
	ratsEqual(t, "different points, total", sum, rat(1, 1))
	ratsEqual(t, "different points, mean", mean, m.DifferentPointsPerHand)
	ratsEqual(t, "no point made", h.DifferentPoints()[0], handLaw(t)(h.PointsMade(0)))
	// The second moment of the length, E[L²] = Σ n² P(L = n): close to
	// the exact variance after 1000 throws, whose tail is below 1e-50.
	exactly, _, err := h.LengthTable(1000)
	if err != nil {
		t.Fatal(err)
	}
	second := new(big.Rat)
	for n, p := range exactly {
		second.Add(second, new(big.Rat).Mul(rat(int64((n+1)*(n+1)), 1), p))
	}
	variance := second.Sub(second, new(big.Rat).Mul(m.ThrowsPerHand, m.ThrowsPerHand))
	if d := variance.Sub(variance, m.ThrowsPerHandVariance); d.Abs(d).Cmp(rat(1, 1e15)) > 0 {
		t.Errorf("variance of the length %v, the sum over lengths differs by %v", m.ThrowsPerHandVariance.FloatString(12), d.FloatString(20))
	}
}

// handLaw is a law's chance, failing t if it was refused.
func handLaw(t *testing.T) func(p *big.Rat, err error) *big.Rat {
	return func(p *big.Rat, err error) *big.Rat {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
}

func ratPow(q *big.Rat, k int) *big.Rat {
	out := rat(1, 1)
	for range k {
		out.Mul(out, q)
	}
	return out
}

func itoa(k int) string { return big.NewInt(int64(k)).String() }

// TestShooterHandEthierHoppe checks the longest recorded casino hand: 154
// throws, by Patricia DeMauro in Atlantic City in 2009. Ethier and Hoppe,
// "A world record in Atlantic City and the length of the shooter's hand at
// craps" (The Mathematical Intelligencer, 2010), give the chance of a hand
// of at least 154 throws as about 1 in 5.59 billion (1.789e-10).
func TestShooterHandEthierHoppe(t *testing.T) {
	h, err := Standard().ShooterHand()
	if err != nil {
		t.Fatal(err)
	}
	_, atLeast, err := h.Length(154)
	if err != nil {
		t.Fatal(err)
	}
	odds, _ := new(big.Rat).Inv(atLeast).Float64()
	if odds < 5.585e9 || odds > 5.595e9 {
		t.Errorf("a hand of at least 154 throws: 1 in %.4g, want about 1 in 5.59 billion", odds)
	}
	if d := atLeast.Denom(); d.Cmp(new(big.Int).Exp(big.NewInt(36), big.NewInt(153), nil)) > 0 {
		t.Errorf("denominator %v is not a divisor of 36^153", d)
	}
}

// TestShooterHandBruteForce plays every sequence of up to three throws
// (four with CRAPS_EXHAUSTIVE=1) on a Table with a pass line bet made at
// each come-out, and counts the hands that end at each throw: a 7 thrown
// while a point is on.
func TestShooterHandBruteForce(t *testing.T) {
	depth := 3
	if exhaustiveSet() {
		depth = 4
	}
	for _, r := range []Rules{Standard(), Crapless()} {
		h, err := r.ShooterHand()
		if err != nil {
			t.Fatal(err)
		}
		ended := make([]int64, depth+1)  // ended[n]: sequences whose hand ends at throw n
		tables := make([]Table, depth+1) // one per depth, reused
		var walk func(n int)
		walk = func(n int) {
			if n == depth {
				return
			}
			for _, d := range AllDice() {
				c := copyTable(&tables[n+1], &tables[n])
				if c.Point() == 0 {
					if err := c.Place("p", Bet{Kind: PassLine}, 10); err != nil {
						t.Fatal(err)
					}
				}
				sevenOut := c.Point() != 0 && d.Total() == 7
				if _, err := c.Roll(d, nil); err != nil {
					t.Fatal(err)
				}
				if sevenOut {
					ended[n+1] += powOf36(depth - n - 1)
					continue
				}
				walk(n + 1)
			}
		}
		tb, _ := NewTable(r)
		if err := tb.Join("p", MaxAmount); err != nil {
			t.Fatal(err)
		}
		copyTable(&tables[0], tb)
		walk(0)
		exactly, atLeast, err := h.LengthTable(depth + 1)
		if err != nil {
			t.Fatal(err)
		}
		left := powOf36(depth)
		for n := 1; n <= depth; n++ {
			ratsEqual(t, "P(length = "+itoa(n)+")", exactly[n-1], big.NewRat(ended[n], powOf36(depth)))
			left -= ended[n]
		}
		ratsEqual(t, "P(length >= 4)", atLeast[depth], big.NewRat(left, powOf36(depth)))
		e, a, err := h.Length(depth)
		if err != nil {
			t.Fatal(err)
		}
		ratsEqual(t, "Length(3) exactly", e, exactly[depth-1])
		ratsEqual(t, "Length(3) at least", a, atLeast[depth-1])
	}
}

func powOf36(n int) int64 {
	p := int64(1)
	for range n {
		p *= 36
	}
	return p
}

// TestShooterHandFire checks the different points made against the fire
// bet, an independent path through the bet's own definition: the bet wins
// with the chance of four points or more and pays each tier its ratio.
func TestShooterHandFire(t *testing.T) {
	r := Standard()
	h, err := r.ShooterHand()
	if err != nil {
		t.Fatal(err)
	}
	fire, err := r.Analyze(Bet{Kind: Fire})
	if err != nil {
		t.Fatal(err)
	}
	win, gross := new(big.Rat), new(big.Rat)
	for k, p := range h.DifferentPoints() {
		if pays, ok := r.firePays(k); ok {
			win.Add(win, p)
			gross.Add(gross, new(big.Rat).Mul(p, pays.Rat()))
		}
	}
	ratsEqual(t, "fire bet wins", win, fire.Win)
	ratsEqual(t, "fire bet's expected payout", gross, new(big.Rat).Add(fire.Return, fire.Lose))
}

// TestShooterHandRules checks the mean length under other rules two
// ways: throw by throw, the hand's own chain, and by Wald's identity, the
// throws per decision times the decisions per hand.
func TestShooterHandRules(t *testing.T) {
	for _, r := range []Rules{Standard(), Crapless(), Street(), {Private: true}, Bar2()} {
		h, err := r.ShooterHand()
		if err != nil {
			t.Fatal(err)
		}
		m := h.Means()
		throws, _ := h.lengthMoments()
		ratsEqual(t, "throws per hand", throws, new(big.Rat).Mul(m.ThrowsPerDecision, m.DecisionsPerHand))
		points := len(h.DifferentPoints()) - 1
		if want := map[bool]int{false: 6, true: 10}[r.Crapless]; points != want {
			t.Errorf("crapless %v: %d points, want %d", r.Crapless, points, want)
		}
	}
	if _, err := CardCraps().ShooterHand(); !errors.Is(err, ErrRollSource) {
		t.Errorf("card rules: %v", err)
	}
	if h, err := CardCraps().Hand(); err != nil || h.ThrowsPerHandVariance != nil || h.DifferentPointsPerHand.Sign() <= 0 {
		t.Errorf("card rules: %+v, %v", h, err)
	}
	if _, err := (Rules{Bar: 7}).ShooterHand(); err == nil {
		t.Error("invalid rules accepted")
	}
	h, _ := Crapless().ShooterHand()
	// In crapless craps every total but 7 is a point: the come-out
	// decides only on a 7, so a decision is a seven-out with chance
	// 1 - 6/36 - P(point made).
	got := h.Means().SevenOut
	made := new(big.Rat)
	for n := 2; n <= 12; n++ {
		if n != 7 {
			w := int64(Totals(n).Ways())
			made.Add(made, big.NewRat(w*w, 36*(w+6)))
		}
	}
	want := new(big.Rat).Sub(rat(30, 36), made)
	if diff := cmp.Diff(want.RatString(), got.RatString()); diff != "" {
		t.Errorf("crapless seven-out (-want +got):\n%s", diff)
	}
}

// ShooterHand's laws refuse a count past their bounds (ErrOverflow), and
// answer at the bound. Before, PointsMade(1<<20) took minutes, and
// PointsMade(math.MaxInt), Decisions(1<<40) and LengthTable(1e6) could
// only end in an out-of-memory crash.
func TestShooterHandBounded(t *testing.T) {
	h, err := Standard().ShooterHand()
	if err != nil {
		t.Fatal(err)
	}
	law := func(p *big.Rat, err error) error { return err }
	length := func(_, _ *big.Rat, err error) error { return err }
	table := func(_, _ []*big.Rat, err error) error { return err }
	for _, c := range []struct {
		call string
		err  error
	}{
		{"PointsMade(MaxHandThrows+1)", law(h.PointsMade(MaxHandThrows + 1))},
		{"PointsMade(math.MaxInt)", law(h.PointsMade(math.MaxInt))},
		{"Decisions(MaxHandThrows+1)", law(h.Decisions(MaxHandThrows + 1))},
		{"Decisions(math.MaxInt)", law(h.Decisions(math.MaxInt))},
		{"Length(MaxHandThrows+1)", length(h.Length(MaxHandThrows + 1))},
		{"Length(math.MaxInt)", length(h.Length(math.MaxInt))},
		{"LengthTable(MaxHandTable+1)", table(h.LengthTable(MaxHandTable + 1))},
		{"LengthTable(1e6)", table(h.LengthTable(1e6))},
	} {
		if !errors.Is(c.err, ErrOverflow) {
			t.Errorf("%s: %v, want ErrOverflow", c.call, c.err)
		}
	}
	// At the bound: 98·67^k/165^(k+1) points made, 196·299^(k-1)/495^k
	// decisions (TestShooterHandClosedForms).
	k := big.NewInt(MaxHandThrows)
	pow := func(a int64, e *big.Int) *big.Int { return new(big.Int).Exp(big.NewInt(a), e, nil) }
	points, err := h.PointsMade(MaxHandThrows)
	if err != nil || points.Num().Cmp(pow(67, k).Mul(pow(67, k), big.NewInt(98))) != 0 ||
		points.Denom().Cmp(pow(165, new(big.Int).Add(k, big.NewInt(1)))) != 0 {
		t.Errorf("PointsMade(MaxHandThrows): %d bits over %d, %v", points.Num().BitLen(), points.Denom().BitLen(), err)
	}
	km1 := new(big.Int).Sub(k, big.NewInt(1))
	decisions, err := h.Decisions(MaxHandThrows)
	if err != nil || decisions.Num().Cmp(pow(299, km1).Mul(pow(299, km1), big.NewInt(196))) != 0 ||
		decisions.Denom().Cmp(pow(495, k)) != 0 {
		t.Errorf("Decisions(MaxHandThrows): %d bits over %d, %v", decisions.Num().BitLen(), decisions.Denom().BitLen(), err)
	}
}

// Under a loaded law of the dice, whose chances have a 46-bit
// denominator (35999952000016), the fractions grow 7.7 times as fast as with fair dice,
// and the bounds are cut as much (Bounds): Length(65536) would take
// minutes, LengthTable(4096) more.
func TestShooterHandBoundedLoaded(t *testing.T) {
	law, err := ParseDiceLaw("faces=1000003,999983,999979,1000033,1000037,999961")
	if err != nil {
		t.Fatal(err)
	}
	r := Standard()
	r.Dice = law
	h, err := r.ShooterHand()
	if err != nil {
		t.Fatal(err)
	}
	count, table := h.Bounds()
	if count != 8548 || table != 534 {
		t.Fatalf("Bounds() = %d, %d; want %d, %d", count, table, 8548, 534)
	}
	if _, _, err := h.Length(count + 1); !errors.Is(err, ErrOverflow) {
		t.Errorf("Length(%d): %v, want ErrOverflow", count+1, err)
	}
	if _, err := h.PointsMade(count + 1); !errors.Is(err, ErrOverflow) {
		t.Errorf("PointsMade(%d): %v, want ErrOverflow", count+1, err)
	}
	if _, _, err := h.LengthTable(table + 1); !errors.Is(err, ErrOverflow) {
		t.Errorf("LengthTable(%d): %v, want ErrOverflow", table+1, err)
	}
	exactly, _, err := h.LengthTable(table)
	if err != nil || len(exactly) != table {
		t.Fatalf("LengthTable(%d): %d rows, %v", table, len(exactly), err)
	}
	if e, _, err := h.Length(table); err != nil || e.Cmp(exactly[table-1]) != 0 {
		t.Errorf("Length(%d) = %v, the table's last row %v", table, err, exactly[table-1].FloatString(5))
	}
	if c, tb := mustShooterHand(t, Standard()).Bounds(); c != MaxHandThrows || tb != MaxHandTable {
		t.Errorf("fair dice: Bounds() = %d, %d", c, tb)
	}
}

func mustShooterHand(t *testing.T, r Rules) *ShooterHand {
	t.Helper()
	h, err := r.ShooterHand()
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// The hand's length at MaxHandThrows, and its table at MaxHandTable,
// answer (seconds of work): P(at least n) = P(at least n-1) - P(exactly
// n-1), in integers over 36^(n-1).
func TestShooterHandAtBound(t *testing.T) {
	exhaustive(t)
	h, err := Standard().ShooterHand()
	if err != nil {
		t.Fatal(err)
	}
	n := MaxHandThrows
	_, atLeast, err := h.Length(n)
	if err != nil {
		t.Fatal(err)
	}
	exactlyBefore, atLeastBefore, err := h.Length(n - 1)
	if err != nil {
		t.Fatal(err)
	}
	over := new(big.Int).Exp(big.NewInt(36), big.NewInt(int64(n-1)), nil)
	ways := func(q *big.Rat) *big.Int { // q·36^(n-1), a whole number
		w, rest := new(big.Int).QuoRem(over, q.Denom(), new(big.Int))
		if rest.Sign() != 0 {
			t.Fatalf("a denominator that does not divide 36^%d", n-1)
		}
		return w.Mul(w, q.Num())
	}
	if left := ways(atLeastBefore); left.Sub(left, ways(exactlyBefore)).Cmp(ways(atLeast)) != 0 {
		t.Errorf("Length(%d) does not follow from Length(%d)", n, n-1)
	}
	rows, _, err := h.LengthTable(MaxHandTable)
	if err != nil || len(rows) != MaxHandTable {
		t.Errorf("LengthTable(MaxHandTable): %d rows, %v", len(rows), err)
	}
}

// Every law's fraction is in lowest terms, as big.Rat's own arithmetic
// leaves it, though built without its reduction: checked against SetFrac
// for the first lengths and counts under the standard and crapless
// rules, and for fractions over powers of 36 that share many 2s and 3s.
func TestShooterHandLowestTerms(t *testing.T) {
	for _, r := range []Rules{Standard(), Crapless()} {
		h, err := r.ShooterHand()
		if err != nil {
			t.Fatal(err)
		}
		exactly, atLeast, err := h.LengthTable(300)
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Rat)
		for n := 1; n <= 300; n++ {
			e, a := exactly[n-1], atLeast[n-1]
			if one := new(big.Rat).Add(sum, a); one.Cmp(rat(1, 1)) != 0 {
				t.Fatalf("n %d: P(length < n) + P(length >= n) = %v", n, one)
			}
			sum.Add(sum, e)
			for _, q := range []*big.Rat{e, a, handLaw(t)(h.PointsMade(n)), handLaw(t)(h.Decisions(n))} {
				if want := new(big.Rat).SetFrac(q.Num(), q.Denom()); want.Num().Cmp(q.Num()) != 0 {
					t.Fatalf("n %d: %v is not in lowest terms (%v)", n, q, want)
				}
			}
		}
	}
	for _, c := range []struct {
		x string
		m int
	}{{"0", 3}, {"1", 0}, {"6", 1}, {"36", 1}, {"1296", 1}, {"5", 4}, {"3486784401", 15}, {"10460353203", 10}} {
		x, _ := new(big.Int).SetString(c.x, 10)
		got := overPowerOf36(x, c.m)
		want := new(big.Rat).SetFrac(x, new(big.Int).Exp(big.NewInt(36), big.NewInt(int64(c.m)), nil))
		if got.String() != want.String() {
			t.Errorf("%s/36^%d = %v, want %v", c.x, c.m, got, want)
		}
	}
	for e3 := range 70 {
		x := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(e3)), nil)
		x.Lsh(x.Mul(x, big.NewInt(35)), uint(e3%9))
		got := overPowerOf36(x, 25)
		want := new(big.Rat).SetFrac(x, new(big.Int).Exp(big.NewInt(36), big.NewInt(25), nil))
		if got.String() != want.String() {
			t.Errorf("35·3^%d·2^%d / 36^25 = %v, want %v", e3, e3%9, got, want)
		}
	}
}

// BenchmarkShooterHandLaws computes each law of the hand at its bound,
// with fair dice.
func BenchmarkShooterHandLaws(b *testing.B) {
	h, err := Standard().ShooterHand()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		law  func() error
	}{
		{"PointsMade", func() error { _, err := h.PointsMade(MaxHandThrows); return err }},
		{"Decisions", func() error { _, err := h.Decisions(MaxHandThrows); return err }},
		{"Length", func() error { _, _, err := h.Length(MaxHandThrows); return err }},
		{"LengthTable", func() error { _, _, err := h.LengthTable(MaxHandTable); return err }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := c.law(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
