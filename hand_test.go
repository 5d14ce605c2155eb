package craps

import (
	"errors"
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
		ratsEqual(t, "points made "+itoa(k), h.PointsMade(k), want)
		want = new(big.Rat)
		if k > 0 {
			want.Mul(ratPow(new(big.Rat).Sub(rat(1, 1), decided), k-1), decided)
		}
		ratsEqual(t, "decisions "+itoa(k), h.Decisions(k), want)
	}
	sum, mean := new(big.Rat), new(big.Rat)
	for k, p := range h.DifferentPoints() {
		sum.Add(sum, p)
		mean.Add(mean, new(big.Rat).Mul(rat(int64(k), 1), p))
	}
	ratsEqual(t, "different points, total", sum, rat(1, 1))
	ratsEqual(t, "different points, mean", mean, m.DifferentPointsPerHand)
	ratsEqual(t, "no point made", h.DifferentPoints()[0], h.PointsMade(0))
	// The second moment of the length, E[L²] = Σ n² P(L = n): close to
	// the exact variance after 1000 throws, whose tail is below 1e-50.
	exactly, _ := h.LengthTable(1000)
	second := new(big.Rat)
	for n, p := range exactly {
		second.Add(second, new(big.Rat).Mul(rat(int64((n+1)*(n+1)), 1), p))
	}
	variance := second.Sub(second, new(big.Rat).Mul(m.ThrowsPerHand, m.ThrowsPerHand))
	if d := variance.Sub(variance, m.ThrowsPerHandVariance); d.Abs(d).Cmp(rat(1, 1e15)) > 0 {
		t.Errorf("variance of the length %v, the sum over lengths differs by %v", m.ThrowsPerHandVariance.FloatString(12), d.FloatString(20))
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
	_, atLeast := h.Length(154)
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
		exactly, atLeast := h.LengthTable(depth + 1)
		left := powOf36(depth)
		for n := 1; n <= depth; n++ {
			ratsEqual(t, "P(length = "+itoa(n)+")", exactly[n-1], big.NewRat(ended[n], powOf36(depth)))
			left -= ended[n]
		}
		ratsEqual(t, "P(length >= 4)", atLeast[depth], big.NewRat(left, powOf36(depth)))
		e, a := h.Length(depth)
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
