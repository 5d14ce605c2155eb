package craps

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Sources of the published figures below:
//
//   - [WoO-ride]: Wizard of Odds, "Ride the Line" (June 2017): the seven
//     pay tables, and "Ride the Line Pay Probabilities", the chance of 0 to
//     10 and of 11 or more pass line wins before a seven-out, to 9 places.
//   - [WoO-hot]: Wizard of Odds, "Hot Shooter Jackpot" (2021), Table 1: the
//     chance of each range of throws in a hand, to 6 places, and the
//     return 0.900971 (for 1), a house edge of 9.90%.
//   - [WoO-doubles]: Wizard of Odds, "Different Doubles": the chance of 0
//     to 6 different doubles before a 7, to 6 places, and the return
//     -0.279221, a house edge of 27.92%.
//   - [WoO-bonus]: Wizard of Odds, "Bonus Craps Progressive" (2021),
//     "Return Table": the chance of 5 to 10 different totals before a 7 or a
//     repeat, to 6 places, each tier's part of the return per 5 bet, and
//     45.99% back before the jackpot.

// countChance is the chance, by the package's chain, that bet kind k ends
// with a count in [from, to) (to 0: from up): the win of a paytable that
// pays 1:1 there and loses elsewhere.
func countChance(t ttTB, r Rules, k BetKind, from, to int) *big.Rat {
	t.Helper()
	p := HandPaytable{}
	p.Tiers[0] = HandTier{From: from, Pays: Ratio{1, 1}}
	if to != 0 {
		p.Tiers[1] = HandTier{From: to}
	}
	r.setHandPaytable(k, p)
	return analyzed(t, r, Bet{Kind: k}).Win
}

// TestHandBetsPublished checks each bet on a count against the chances and
// returns its source prints, to the last printed digit.
func TestHandBetsPublished(t *testing.T) {
	std := Standard()
	// [WoO-ride] 0 to 10 wins, and 11 or more.
	ride := []string{"0.445454545", "0.247024793", "0.136986476", "0.075965228", "0.042126172", "0.023360877",
		"0.012954668", "0.007183952", "0.003983828", "0.002209214", "0.001225109", "0.001525136"}
	for n, want := range ride {
		to := n + 1
		if n == 11 {
			to = 0
		}
		if got := countChance(t, std, RideTheLine, n, to).FloatString(9); got != want {
			t.Errorf("[WoO-ride] %d wins: %s, want %s", n, got, want)
		}
	}
	// [WoO-hot] by throws in the hand, and the return for 1.
	hot := []struct {
		from, to int
		want     string
	}{{51, 0, "0.000743"}, {45, 51, "0.001062"}, {40, 45, "0.001976"}, {32, 40, "0.008566"},
		{24, 32, "0.027973"}, {16, 24, "0.091300"}, {8, 16, "0.297425"}, {0, 8, "0.570956"}}
	for _, c := range hot {
		if got := countChance(t, std, HotShooter, c.from, c.to).FloatString(6); got != c.want {
			t.Errorf("[WoO-hot] %d to %d throws: %s, want %s", c.from, c.to, got, c.want)
		}
	}
	a := analysisOf(t, std, Bet{Kind: HotShooter})
	if got := new(big.Rat).Add(a.Return, big.NewRat(1, 1)).FloatString(6); got != "0.900971" || a.EdgePerBet.FloatString(4) != "0.0990" {
		t.Errorf("[WoO-hot] return for 1 %s, edge %s; want 0.900971 and 9.90%%", got, a.EdgePerBet.FloatString(4))
	}
	// [WoO-doubles]
	for n, want := range []string{"0.500000", "0.272727", "0.136364", "0.060606", "0.022727", "0.006494", "0.001082"} {
		to := n + 1
		if n == 6 {
			to = 0
		}
		if got := countChance(t, std, DifferentDoubles, n, to).FloatString(6); got != want {
			t.Errorf("[WoO-doubles] %d doubles: %s, want %s", n, got, want)
		}
	}
	a = analysisOf(t, std, Bet{Kind: DifferentDoubles})
	if a.Return.FloatString(6) != "-0.279221" || a.Return.RatString() != "-43/154" {
		t.Errorf("[WoO-doubles] return %s (%s), want -0.279221", a.Return.FloatString(6), a.Return.RatString())
	}
	// [WoO-bonus] each tier's chance and part of the return per 5 bet.
	bonus := []struct {
		totals     int
		pays       int64 // for 5
		want, part string
	}{{10, 0, "0.000014", ""}, {9, 1500, "0.000221", "0.066202"}, {8, 250, "0.001610", "0.080491"},
		{7, 50, "0.007397", "0.073973"}, {6, 25, "0.024101", "0.120503"}, {5, 10, "0.059357", "0.118714"}}
	for _, c := range bonus {
		to := c.totals + 1
		if c.totals == 10 {
			to = 0
		}
		p := countChance(t, std, BonusCraps, c.totals, to)
		if got := p.FloatString(6); got != c.want {
			t.Errorf("[WoO-bonus] %d totals: %s, want %s", c.totals, got, c.want)
		}
		if part := new(big.Rat).Mul(p, big.NewRat(c.pays, 5)); c.part != "" && part.FloatString(6) != c.part {
			t.Errorf("[WoO-bonus] %d totals return %s, want %s", c.totals, part.FloatString(6), c.part)
		}
	}
	a = analysisOf(t, std, Bet{Kind: BonusCraps})
	if got := new(big.Rat).Add(a.Return, big.NewRat(1, 1)); got.FloatString(4) != "0.4599" {
		t.Errorf("[WoO-bonus] back before the jackpot %s, want 45.99%%", got.FloatString(6))
	}
}

// TestBonusCrapsBreakEven: the meter BreakEvenTop gives makes the bet
// exactly fair, and one unit less leaves the house an edge.
func TestBonusCrapsBreakEven(t *testing.T) {
	x, err := Standard().BreakEvenTop(Bet{Kind: BonusCraps})
	if err != nil {
		t.Fatal(err)
	}
	// The chance of all ten totals, 10! 14400/36^10, pays the meter.
	all := new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(3628800*14400), big.NewInt(1)), new(big.Int).Exp(big.NewInt(36), big.NewInt(10), nil))
	back := new(big.Rat).Add(analysisOf(t, Standard(), Bet{Kind: BonusCraps}).Return, big.NewRat(1, 1))
	// back + all*(x+1) = 1
	want := new(big.Rat).Quo(new(big.Rat).Sub(big.NewRat(1, 1), back), all)
	want.Sub(want, big.NewRat(1, 1))
	if x.Cmp(want) != 0 {
		t.Fatalf("break-even %s, want %s", x.RatString(), want.RatString())
	}
	meter := new(big.Rat).Mul(new(big.Rat).Add(x, big.NewRat(1, 1)), big.NewRat(5, 1))
	t.Logf("the Bonus Craps progressive breaks even at a meter of %s for its 5 bet", meter.FloatString(2))
	// The meter as a whole payout to 1 (the exact one's terms are past
	// what Rules holds): just below it the house keeps an edge, just above
	// the player has one.
	whole := new(big.Int).Quo(x.Num(), x.Denom()).Int64()
	for _, c := range []struct {
		pays int64
		sign int
	}{{whole, -1}, {whole + 1, 1}} {
		r := Standard()
		r.BonusCraps = bonusCrapsTable
		r.BonusCraps.Tiers[5].Pays = Ratio{c.pays, 1}
		if ret := analysisOf(t, r, Bet{Kind: BonusCraps}).Return; ret.Sign() != c.sign {
			t.Errorf("all ten totals at %d:1 (break-even %s): return %s", c.pays, x.FloatString(3), ret.FloatString(9))
		}
	}
	if _, err := Standard().BreakEvenTop(Bet{Kind: Field}); !errors.Is(err, ErrSyntax) {
		t.Errorf("BreakEvenTop(field): %v, want ErrSyntax", err)
	}
	if _, err := Crapless().BreakEvenTop(Bet{Kind: Fire}); !errors.Is(err, ErrNotOffered) {
		t.Errorf("BreakEvenTop(fire) in crapless: %v, want ErrNotOffered", err)
	}
}

// countLaw is the chance of each final count of bet kind k under r, from
// 0 to top, the last entry top or more, computed without the chain: pass
// line wins are geometric in the decisions that matter, throws are the
// hand's length followed throw by throw, different doubles and
// totals follow from the relevant throws alone, and different points from
// fireDistribution.
func countLaw(t ttTB, r Rules, k BetKind, top int) []*big.Rat {
	t.Helper()
	law := make([]*big.Rat, top+1)
	for i := range law {
		law[i] = new(big.Rat)
	}
	add := func(n int, p *big.Rat) { law[min(n, top)].Add(law[min(n, top)], p) }
	switch k {
	case Fire:
		for n, p := range fireDistribution() {
			add(n, p)
		}
	case RideTheLine:
		// A decision is a pass line win (a natural, a point made), a
		// seven-out, or craps, which changes nothing.
		win, out := new(big.Rat), new(big.Rat)
		for n := 2; n <= 12; n++ {
			w := int64(Totals(n).Ways())
			switch {
			case n == 7 || (n == 11 && !r.Crapless):
				win.Add(win, big.NewRat(w, 36))
			case isBoxNumber(n, r.Crapless):
				win.Add(win, big.NewRat(w*w, 36*(w+6)))
				out.Add(out, big.NewRat(6*w, 36*(w+6)))
			}
		}
		a := new(big.Rat).Quo(win, new(big.Rat).Add(win, out))
		q := big.NewRat(1, 1)
		for n := 0; n < top; n++ {
			add(n, new(big.Rat).Mul(q, new(big.Rat).Sub(big.NewRat(1, 1), a)))
			q.Mul(q, a)
		}
		add(top, q)
	case HotShooter:
		// The hand throw by throw: the chance of being at the come-out or
		// on each point after n throws, and of the seven-out at the nth.
		at := map[int]*big.Rat{0: big.NewRat(1, 1)}
		for n := 1; n < top; n++ {
			next := map[int]*big.Rat{}
			move := func(to int, p *big.Rat) {
				if next[to] == nil {
					next[to] = new(big.Rat)
				}
				next[to].Add(next[to], p)
			}
			for point, p := range at {
				for total := 2; total <= 12; total++ {
					q := new(big.Rat).Mul(p, big.NewRat(int64(Totals(total).Ways()), 36))
					switch {
					case point == 0 && isBoxNumber(total, r.Crapless):
						move(total, q)
					case point == 0 || total == point:
						move(0, q)
					case total == 7:
						add(n, q)
					default:
						move(point, q)
					}
				}
			}
			at = next
		}
		for _, p := range at {
			add(top, p) // still throwing: the hand lasts top throws or more
		}
	case DifferentDoubles:
		// Of the throws that matter, a new double comes with chance
		// (6-j)/(12-j) after j, a 7 with 6/(12-j).
		q := big.NewRat(1, 1)
		for j := 0; j <= 6; j++ {
			add(j, new(big.Rat).Mul(q, big.NewRat(6, int64(12-j))))
			if j < 6 {
				q.Mul(q, big.NewRat(int64(6-j), int64(12-j)))
			}
		}
	case BonusCraps:
		// f(S): the chance of throwing the set S of totals, in some order,
		// each once; it ends there with the chance of a 7 or of a total in S.
		totals := []int{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}
		f := make([]*big.Rat, 1<<len(totals))
		f[0] = big.NewRat(1, 1)
		for s := 1; s < len(f); s++ {
			f[s] = new(big.Rat)
			for i, n := range totals {
				if s&(1<<i) != 0 {
					f[s].Add(f[s], new(big.Rat).Mul(f[s&^(1<<i)], big.NewRat(int64(Totals(n).Ways()), 36)))
				}
			}
		}
		for s, p := range f {
			end, size := int64(6), 0
			for i, n := range totals {
				if s&(1<<i) != 0 {
					end += int64(Totals(n).Ways())
					size++
				}
			}
			add(size, new(big.Rat).Mul(p, big.NewRat(end, 36)))
		}
	}
	return law
}

// byTiers is the win, push and loss chances and the expected net of a
// paytable over a law of final counts, tier by tier as HandPaytable's
// doc says, without the package's lookup.
func byTiers(p HandPaytable, law []*big.Rat) (win, push, lose, ret *big.Rat) {
	win, push, lose, ret = new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
	for n, q := range law {
		var tier *HandTier
		for i := range p.Tiers {
			if (i == 0 || p.Tiers[i] != HandTier{}) && p.Tiers[i].From <= n {
				tier = &p.Tiers[i]
			}
		}
		switch {
		case tier != nil && tier.Push:
			push.Add(push, q)
		case tier == nil || tier.Pays.IsZero():
			lose.Add(lose, q)
			ret.Sub(ret, q)
		default:
			win.Add(win, q)
			ret.Add(ret, new(big.Rat).Mul(q, tier.Pays.Rat()))
		}
	}
	return win, push, lose, ret
}

// checkCountByHand compares a bet on a count's analysis with its law by
// hand: its chances and return, and its length where it is paid at its
// end (a hand, or the throws to a 7, or to a 7 or a repeat).
func checkCountByHand(t ttTB, r Rules, a Analysis) {
	t.Helper()
	k := a.Bet.Kind
	p := r.handPaytable(k)
	law := countLaw(t, r, k, p.top().From)
	win, push, lose, ret := byTiers(p, law)
	for _, f := range []struct {
		name      string
		got, want *big.Rat
	}{{"Win", a.Win, win}, {"Push", a.Push, push}, {"Lose", a.Lose, lose}, {"Return", a.Return, ret}} {
		if f.got.Cmp(f.want) != 0 {
			t.Fatalf("%v paying %v: %s %s, by hand %s", k, p, f.name, f.got.RatString(), f.want.RatString())
		}
	}
	if p.PaysAtTop {
		return
	}
	var rolls *big.Rat
	switch k {
	case DifferentDoubles:
		rolls = big.NewRat(6, 1)
	case BonusCraps:
		rolls = new(big.Rat) // the count's throws and the one that ends it
		for n, q := range countLaw(t, r, k, 10) {
			rolls.Add(rolls, new(big.Rat).Mul(q, big.NewRat(int64(n+1), 1)))
		}
	default:
		// Wald's identity: the throws a decision over the chance that a
		// decision is the seven-out.
		_, _, _, _, perDecision := lineByHand(r, false)
		out := new(big.Rat)
		for n := 2; n <= 12; n++ {
			if w := int64(Totals(n).Ways()); isBoxNumber(n, r.Crapless) {
				out.Add(out, big.NewRat(6*w, 36*(w+6)))
			}
		}
		rolls = new(big.Rat).Quo(perDecision, out)
	}
	if a.Rolls.Cmp(rolls) != 0 {
		t.Fatalf("%v: Rolls %s, by hand %s", k, a.Rolls.RatString(), rolls.RatString())
	}
}

// TestHandBetsByHand checks every bet on a count under the presets, and
// with CRAPS_EXHAUSTIVE=1 under random paytables, against its law by hand
// (TestEdgeTableInvariants draws paytables with short counts on every run
// but -short).
func TestHandBetsByHand(t *testing.T) {
	for _, r := range []Rules{Standard(), Crapless(), Bar2()} {
		for _, k := range []BetKind{Fire, RideTheLine, HotShooter, DifferentDoubles, BonusCraps} {
			if r.Offers(Bet{Kind: k}) == nil {
				checkCountByHand(t, r, analysisOf(t, r, Bet{Kind: k}))
			}
		}
	}
	for _, p := range RideTheLineTables() {
		r := Rules{RideTheLine: p}
		checkCountByHand(t, r, analysisOf(t, r, Bet{Kind: RideTheLine}))
	}
	if !exhaustiveSet() {
		return
	}
	rapid.Check(t, func(t *rapid.T) {
		r := Rules{Crapless: rapid.Bool().Draw(t, "crapless")}
		k := rapid.SampledFrom([]BetKind{RideTheLine, HotShooter, DifferentDoubles, BonusCraps}).Draw(t, "kind")
		r.setHandPaytable(k, drawHandPaytable(t, k, 25))
		if err := r.Validate(); err != nil {
			t.Fatalf("drew invalid rules: %v", err)
		}
		checkCountByHand(t, r, analyzed(t, r, Bet{Kind: k}))
	})
}

// analyzed is analysisOf for a rapid check.
func analyzed(t ttTB, r Rules, b Bet) Analysis {
	t.Helper()
	a, err := r.Analyze(b)
	if err != nil {
		t.Fatalf("Analyze(%v): %v", b, err)
	}
	return a
}

// drawHandPaytable draws a valid paytable for bet kind k, its counts at
// most most where the count has no bound of its own.
func drawHandPaytable(t *rapid.T, k BetKind, most int) HandPaytable {
	if m := k.handCount().most(); m != 0 {
		most = m
	}
	var p HandPaytable
	from := 0
	for i := range rapid.IntRange(1, len(p.Tiers)).Draw(t, "tiers") {
		from += rapid.IntRange(0, 3).Draw(t, fmt.Sprintf("tier %d step", i))
		if i > 0 {
			from++
		}
		if from > most {
			break
		}
		tier := HandTier{From: from}
		switch rapid.IntRange(0, 5).Draw(t, fmt.Sprintf("tier %d kind", i)) {
		case 0:
			tier.Push = true
		case 1: // loses
		default:
			tier.Pays = Ratio{rapid.Int64Range(0, 200).Draw(t, fmt.Sprintf("tier %d win", i)), rapid.Int64Range(1, 5).Draw(t, fmt.Sprintf("tier %d stake", i))}
		}
		if tier == (HandTier{}) {
			tier.Pays = Ratio{1, 1} // a loss from 0 is no tier at all
		}
		p.Tiers[i] = tier
	}
	p.PaysAtTop = rapid.Bool().Draw(t, "at top")
	return p
}

// TestHandPaytableText: String and ParseHandPaytable round-trip, and bad
// text is refused.
func TestHandPaytableText(t *testing.T) {
	tables := RideTheLineTables()
	for _, p := range append(tables[:], hotShooterTable, differentDoublesTable, bonusCrapsTable,
		HandPaytable{Tiers: [10]HandTier{{From: 4, Pays: Ratio{24, 1}}, {From: 5, Pays: Ratio{249, 1}}, {From: 6, Pays: Ratio{999, 1}}}, PaysAtTop: true}) {
		back, err := ParseHandPaytable(p.String())
		if err != nil || back != p {
			t.Errorf("%v read back as %v, %v", p, back, err)
		}
	}
	got, err := ParseHandPaytable("8@push, 16@3 for 1, 51@100 for 1")
	want := HandPaytable{Tiers: [10]HandTier{{From: 8, Push: true}, {From: 16, Pays: Ratio{2, 1}}, {From: 51, Pays: Ratio{99, 1}}}}
	if err != nil || got != want {
		t.Errorf("the Hot Shooter's tiers read %v, %v; want %v", got, err, want)
	}
	for _, bad := range []string{"", "top", "3", "3@", "@2:1", "x@1:1", "3@1:0", "3@win", "1@1,2@1,3@1,4@1,5@1,6@1,7@1,8@1,9@1,10@1,11@1"} {
		if _, err := ParseHandPaytable(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseHandPaytable(%q): %v, want ErrSyntax", bad, err)
		}
	}
}

// TestHandPaytableValidate: Validate refuses a paytable a bet could not
// be paid by.
func TestHandPaytableValidate(t *testing.T) {
	for _, c := range []struct {
		reason string
		r      Rules
	}{
		{"tiers out of order", Rules{RideTheLine: HandPaytable{Tiers: [10]HandTier{{From: 4, Pays: Ratio{2, 1}}, {From: 3, Pays: Ratio{1, 1}}}}}},
		{"two tiers on one count", Rules{HotShooter: HandPaytable{Tiers: [10]HandTier{{From: 8, Push: true}, {From: 8, Pays: Ratio{2, 1}}}}}},
		{"seven doubles", Rules{DifferentDoubles: HandPaytable{Tiers: [10]HandTier{{From: 7, Pays: Ratio{2, 1}}}}}},
		{"eleven different totals", Rules{BonusCraps: HandPaytable{Tiers: [10]HandTier{{From: 11, Pays: Ratio{2, 1}}}}}},
		{"a tier past the bound on counts", Rules{HotShooter: HandPaytable{Tiers: [10]HandTier{{From: maxHandCount + 1, Pays: Ratio{2, 1}}}}}},
		{"a negative count", Rules{RideTheLine: HandPaytable{Tiers: [10]HandTier{{From: -1, Pays: Ratio{2, 1}}}}}},
		{"a push that pays", Rules{RideTheLine: HandPaytable{Tiers: [10]HandTier{{From: 3, Pays: Ratio{2, 1}, Push: true}}}}},
		{"a payout past the bound", Rules{RideTheLine: HandPaytable{Tiers: [10]HandTier{{From: 3, Pays: Ratio{maxRatioTerm + 1, 1}}}}}},
		{"a tier after an unused one", Rules{RideTheLine: HandPaytable{Tiers: [10]HandTier{{From: 3, Pays: Ratio{2, 1}}, {}, {From: 5, Pays: Ratio{4, 1}}}}}},
		{"a paytable in the private game", Rules{Private: true, Bar: NoBar, RideTheLine: rideTheLineTables[2]}},
	} {
		if err := c.r.Validate(); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%s: Validate = %v, want ErrInvalidRules", c.reason, err)
		}
	}
	ok := Rules{RideTheLine: rideTheLineTables[6], HotShooter: HandPaytable{Tiers: [10]HandTier{{From: maxHandCount, Pays: Ratio{1000, 1}}}, PaysAtTop: true}}
	if err := ok.Validate(); err != nil {
		t.Errorf("valid paytables refused: %v", err)
	}
}

// TestHandBetsOnTheTable plays each bet on a count through Table.Roll:
// when it may be made, when it is a contract, and that it pays what its
// paytable says at its end.
func TestHandBetsOnTheTable(t *testing.T) {
	for _, c := range []struct {
		reason string
		bet    Bet
		throws []Dice
		want   Resolution
	}{
		{"Ride the Line: a natural, 11, a point made, then the seven-out: three wins pay 1:1", ttK(RideTheLine),
			[]Dice{{3, 4}, {5, 6}, {1, 3}, {2, 2}, {2, 4}, {3, 4}}, ttWon(ttK(RideTheLine), 10, 10)},
		{"Ride the Line: two wins push under pay table 1", ttK(RideTheLine),
			[]Dice{{3, 4}, {1, 3}, {1, 3}, {2, 4}, {1, 1}, {3, 4}}, Resolution{Player: "p", Bet: ttK(RideTheLine), Outcome: OutcomePushed, Stake: 10, Returned: 10}},
		{"Hot Shooter: 16 throws, the seven-out the 16th, pay 3 for 1", ttK(HotShooter),
			append(append([]Dice{{1, 3}}, repeatDice(Dice{2, 3}, 14)...), Dice{3, 4}), ttWon(ttK(HotShooter), 10, 20)},
		{"Hot Shooter: 7 throws lose", ttK(HotShooter),
			append(append([]Dice{{1, 3}}, repeatDice(Dice{2, 3}, 5)...), Dice{3, 4}), Resolution{Player: "p", Bet: ttK(HotShooter), Outcome: OutcomeLost, Stake: 10}},
		{"Different Doubles: 1-1, 2-2 and 3-3 (twice), then a 7: three doubles pay 4:1", ttK(DifferentDoubles),
			[]Dice{{1, 1}, {2, 2}, {3, 3}, {3, 3}, {3, 4}}, ttWon(ttK(DifferentDoubles), 10, 40)},
		{"Bonus Craps: 2, 3, 4, 5, 6 and a 6 again: five totals pay 10 for 5", ttK(BonusCraps),
			[]Dice{{1, 1}, {1, 2}, {2, 2}, {2, 3}, {3, 3}, {1, 5}}, ttWon(ttK(BonusCraps), 10, 10)},
		{"Bonus Craps: a come-out 7 at once", ttK(BonusCraps),
			[]Dice{{3, 4}}, Resolution{Player: "p", Bet: ttK(BonusCraps), Outcome: OutcomeLost, Stake: 10}},
	} {
		tb := ttNewTable(t, Standard(), 1000)
		ttDo(t, tb, ttStake(c.bet, 10))
		if diff := cmp.Diff(ttRes(c.want), ttDecidedAtEnd(t, c.reason, tb, c.throws)); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", c.reason, diff)
		}
	}
	// When they are made.
	tb := ttNewTable(t, Standard(), 1000)
	ttDo(t, tb, ttStake(ttK(RideTheLine), 10), ttStake(ttK(HotShooter), 10), ttStake(ttK(DifferentDoubles), 10), ttThrows(4))
	for _, b := range []Bet{ttK(RideTheLine), ttK(HotShooter), ttK(DifferentDoubles)} {
		ttCheckRefusal(t, tb.Place("p", b, 10), ErrNotNow)
		_, err := tb.TakeDown("p", b)
		ttCheckRefusal(t, err, ErrContract)
	}
	ttDo(t, tb, ttStake(ttK(BonusCraps), 10)) // any time
	if _, err := tb.TakeDown("p", ttK(BonusCraps)); err != nil {
		t.Errorf("Bonus Craps with no total yet: take down: %v", err)
	}
	ttDo(t, tb, ttStake(ttK(BonusCraps), 10), ttThrows(5))
	_, err := tb.TakeDown("p", ttK(BonusCraps))
	ttCheckRefusal(t, err, ErrContract)
	ttDo(t, tb, ttThrows(7)) // the seven-out: a new shooter
	for _, b := range []Bet{ttK(RideTheLine), ttK(HotShooter), ttK(DifferentDoubles)} {
		ttDo(t, tb, ttStake(b, 10))
	}
}

// ttDecidedAtEnd rolls throws on tb, failing t if one before the last
// decides a bet, and returns what the last decides.
func ttDecidedAtEnd(t *testing.T, reason string, tb *Table, throws []Dice) []Resolution {
	t.Helper()
	var last []Resolution
	for i, d := range throws {
		res, err := tb.Roll(d, nil)
		if err != nil {
			t.Fatalf("%s: roll %v: %v", reason, d, err)
		}
		if i < len(throws)-1 && len(res) != 0 {
			t.Fatalf("%s: decided at throw %d, %v: %+v", reason, i+1, d, res)
		}
		last = res
	}
	return last
}

func repeatDice(d Dice, n int) []Dice {
	out := make([]Dice, n)
	for i := range out {
		out[i] = d
	}
	return out
}

// TestHandBetsSaveAndRestore: a table saved in the middle of each bet's
// count restores to the same table, and one whose count the game could
// not have left is refused.
func TestHandBetsSaveAndRestore(t *testing.T) {
	tb := ttNewTable(t, Standard(), 1000)
	// 11 (a win), 2-2 (the point 4), 3-3, 9 and 3: a win, five throws, two
	// doubles, five totals.
	ttDo(t, tb, ttStake(ttK(RideTheLine), 10), ttStake(ttK(HotShooter), 10), ttStake(ttK(DifferentDoubles), 10),
		ttStake(ttK(BonusCraps), 10), ttThrow(Dice{5, 6}), ttThrow(Dice{2, 2}), ttThrow(Dice{3, 3}), ttThrow(Dice{4, 5}), ttThrow(Dice{1, 2}))
	data := ttSave(t, tb)
	var back Table
	if err := back.UnmarshalJSON(data); err != nil {
		t.Fatalf("restore: %v\n%s", err, data)
	}
	if !ttSameTable(tb, &back) {
		t.Fatalf("restored table differs:\n%s\n%s", data, ttSave(t, &back))
	}
	for _, c := range []struct {
		reason string
		bet    Bet
		state  betState
	}{
		{"the Hot Shooter counting other than the hand's throws", ttK(HotShooter), betState{point: 4, made: 3}},
		{"Ride the Line off the puck", ttK(RideTheLine), betState{point: 0, made: 1}},
		{"Ride the Line with more wins than throws", ttK(RideTheLine), betState{point: 4, made: 9}},
		{"Different Doubles with a double it cannot hold", ttK(DifferentDoubles), betState{made: 1 << 7}},
		{"Bonus Craps holding a 7", ttK(BonusCraps), betState{made: 1<<7 | 1<<4}},
	} {
		bad := tb.Clone()
		for i := range bad.bets {
			if bad.bets[i].bet == c.bet {
				bad.bets[i].state = c.state
			}
		}
		var r Table
		if err := r.UnmarshalJSON(ttSave(t, bad)); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: restore = %v, want ErrSyntax", c.reason, err)
		}
	}
}

// TestHandBetsSimulated: a seeded simulation of each bet on a count, under
// a random paytable, in standard, crapless or High Point craps, lands
// within 4 standard errors of its exact return. Each check plays a
// million rolls; with CRAPS_EXHAUSTIVE=1 only.
func TestHandBetsSimulated(t *testing.T) {
	exhaustive(t)
	rapid.Check(t, func(t *rapid.T) {
		var r Rules
		switch rapid.IntRange(0, 2).Draw(t, "game") {
		case 1:
			r.Crapless = true
		case 2:
			r.HighPoint = true
		}
		k := rapid.SampledFrom([]BetKind{RideTheLine, HotShooter, DifferentDoubles, BonusCraps}).Draw(t, "kind")
		r.setHandPaytable(k, drawHandPaytable(t, k, 40))
		checkSimulatedReturn(t, r, Bet{Kind: k}, 60)
	})
}

// checkSimulatedReturn plays b alone, amount a time, for a million rolls
// of a seed rapid draws under r, and fails t unless the simulated return
// is within 4 standard errors of the exact one.
func checkSimulatedReturn(t *rapid.T, r Rules, b Bet, amount Amount) {
	res, err := Simulate(context.Background(), SimConfig{Rules: r, Strategy: Strategy{Name: "one bet",
		Actions: []Action{{Bet: b, Amounts: []Amount{amount}}}}, Seed: rapid.Uint64().Draw(t, "seed"), N: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	exact, _ := analyzed(t, r, b).Return.Float64()
	for _, tally := range res.Bets {
		if mean, se := tally.Return(); math.Abs(mean-exact) > 4*se {
			t.Fatalf("%v: simulated %.5f ± %.5f over %d decisions, exact %.5f (the rules drawn above)", b, mean, se, tally.Decisions, exact)
		}
	}
}

// TestHandPaytablesJSON: the rules' JSON holds each paytable as its text
// and reads it back equal.
func TestHandPaytablesJSON(t *testing.T) {
	r := Rules{RideTheLine: rideTheLineTables[2], HotShooter: HandPaytable{Tiers: [10]HandTier{{From: 8, Push: true}, {From: 20, Pays: Ratio{5, 1}}}, PaysAtTop: true},
		BonusCraps: bonusCrapsTable}
	data, err := r.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"ride_the_line":"3@1:1,4@2:1,5@3:1,6@6:1,7@10:1,8@20:1,9@30:1,10@40:1,11@100:1","hot_shooter":"8@push,20@5:1,top",` +
		`"bonus_craps":"5@1:1,6@4:1,7@9:1,8@49:1,9@299:1,10@lose"}`
	if string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
	var back Rules
	if err := back.UnmarshalJSON(data); err != nil || back != r {
		t.Errorf("read back %+v, %v", back, err)
	}
	if err := back.UnmarshalJSON([]byte(`{"hot_shooter":"8@push,16"}`)); !errors.Is(err, ErrSyntax) {
		t.Errorf("a paytable without its payout: %v, want ErrSyntax", err)
	}
}
