package craps

import (
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The house rules other engines and published tables play: their exact
// figures against published ones and closed forms, and their play at a
// Table. TestTableMatchesAnalysis plays every bet under otherHouseRules
// through Table.Roll against the analysis.

// hrTable is a table under r with one player, p, holding bankroll.
func hrTable(t *testing.T, r Rules, bankroll Amount) *Table {
	t.Helper()
	tb, err := NewTable(r)
	if err != nil {
		t.Fatalf("NewTable(%+v): %v", r, err)
	}
	if err := tb.Join("p", bankroll); err != nil {
		t.Fatal(err)
	}
	return tb
}

// hrRoll throws each of the dice written "a-b" and returns what the last
// roll resolved.
func hrRoll(t *testing.T, tb *Table, throws ...string) []Resolution {
	t.Helper()
	var res []Resolution
	for _, s := range throws {
		d, err := ParseDice(s)
		if err != nil {
			t.Fatal(err)
		}
		if res, err = tb.Roll(d, res[:0]); err != nil {
			t.Fatalf("roll %s: %v", s, err)
		}
	}
	return res
}

func hrMust(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// The fire bet settled at the seven-out and paid at the sixth point: the
// same payouts on the same chances, so the same edge; the bet paid at the
// sixth point is decided sooner. At the seven-out it lasts the hand,
// 1671/196 throws (S. N. Ethier, The Doctrine of Chances, ch. 15).
func TestFireSettlements(t *testing.T) {
	atSeven := analysisOf(t, Standard(), Bet{Kind: Fire})
	atSix := analysisOf(t, Rules{FirePaysAtSixthPoint: true}, Bet{Kind: Fire})
	for _, f := range []struct {
		name       string
		seven, six *big.Rat
	}{{"win", atSeven.Win, atSix.Win}, {"lose", atSeven.Lose, atSix.Lose}, {"return", atSeven.Return, atSix.Return},
		{"edge", atSeven.EdgePerBet, atSix.EdgePerBet}} {
		if f.seven.Cmp(f.six) != 0 {
			t.Errorf("fire %s: %v settled at the seven-out, %v at the sixth point; want the same", f.name, f.seven, f.six)
		}
	}
	if got := atSeven.Rolls.RatString(); got != "1671/196" {
		t.Errorf("fire bet settled at the seven-out lasts %s throws, want the hand's 1671/196", got)
	}
	const sixth = "1812411430047906383008275074367503120787919877/212621395445003244039537720489806989098501552"
	if got := atSix.Rolls.RatString(); got != sixth {
		t.Errorf("fire bet paid at the sixth point lasts %s throws, want %s", got, sixth)
	}
	if got := atSix.Rolls.FloatString(6); got != "8.524125" {
		t.Errorf("fire bet paid at the sixth point lasts %s throws, want about 8.524125", got)
	}
	// A paytable paying three points too: by hand from Ethier's
	// distribution of the points made.
	r := Rules{Fire: FirePaytable{Three: Ratio{6, 1}}}
	if got, want := analysisOf(t, r, Bet{Kind: Fire}).Return, fireReturnByHand(r.Fire); got.Cmp(want) != 0 {
		t.Errorf("fire paying 6:1 on three points: return %v, by hand %v", got, want)
	}
}

// All of a set before a 7, at the paytables of Wizard of Odds, "Hard
// Rockin' Dice" (the Hot Hand side bets of Hard Rock Cincinnati): Flaming
// Four, 2, 3, 11 and 12, 70 to 1, winning 0.011472, edge 18.55%; Sizzling
// Six, every point, 12 to 1, winning 0.062168, edge 19.18%; Hot Hand, every
// total but 7, 80 to 1 and 20 to 1 on nine of the ten, edge 18.02%.
// And 6 and 8 both before a 7: 10/16 that one of them comes first, then
// 5/11 that the other beats the 7, 25/88.
func TestAllOfASetFigures(t *testing.T) {
	r := Rules{AllBets: [4]AllPaytable{
		{Set: Totals(2, 3, 11, 12), Pays: Ratio{70, 1}},
		{Set: PointNumbers, Pays: Ratio{12, 1}},
		{Set: Under7 | Over7, Pays: Ratio{80, 1}, AllButOne: Ratio{20, 1}},
		{Set: Totals(6, 8), Pays: Ratio{2, 1}},
	}}
	for _, c := range []struct {
		source          string
		set             OutcomeSet
		win, edge       string // exact
		winPub, edgePub string // as published
	}{
		{"[WoO Hard Rockin' Dice] Flaming Four", Totals(2, 3, 11, 12), "53/4620", "857/4620", "0.011472", "18.55"},
		{"[WoO Hard Rockin' Dice] Sizzling Six", PointNumbers, "832156379/13385572200", "197503021/1029659400", "0.062168", "19.18"},
		{"[WoO Hard Rockin' Dice] Hot Hand: all ten or nine of them", Under7 | Over7, "578002937623/24067258815600", "1445628536659/8022419605200", "", "18.02"},
		{"6 and 8 before a 7 at 2 to 1", Totals(6, 8), "25/88", "13/88", "", ""},
	} {
		a := analysisOf(t, r, Bet{Kind: All, Set: c.set})
		if got := a.Win.RatString(); got != c.win {
			t.Errorf("%s: win %s, want %s", c.source, got, c.win)
		}
		if got := a.EdgePerBet.RatString(); got != c.edge {
			t.Errorf("%s: edge %s, want %s", c.source, got, c.edge)
		}
		if c.winPub != "" && a.Win.FloatString(6) != c.winPub {
			t.Errorf("%s: win %s, published %s", c.source, a.Win.FloatString(6), c.winPub)
		}
		if got := percentAs(a.EdgePerBet, c.edgePub); c.edgePub != "" && got != c.edgePub {
			t.Errorf("%s: edge %s%%, published %s%%", c.source, got, c.edgePub)
		}
	}
	// The Hot Hand's 80 to 1 tier alone wins as the all bet does.
	hot, all := analysisOf(t, r, Bet{Kind: All, Set: Under7 | Over7}), analysisOf(t, r, Bet{Kind: All})
	if got := hot.Pays; got != "20:1 on all but one, 80:1 on all" {
		t.Errorf("Hot Hand pays %q", got)
	}
	if got := percentAs(all.Win, "0.5258"); got != "0.5258" {
		t.Errorf("all ten totals before a 7: %s%%, the Hot Hand's top tier 0.005258", got)
	}
	if six8 := parseFrac(t, "25/88"); six8.Cmp(new(big.Rat).Mul(big.NewRat(10, 16), big.NewRat(5, 11))) != 0 {
		t.Errorf("25/88 is not 10/16 times 5/11")
	}
}

// All, tall and small are "all of a set before a 7" on their sets: the
// general bet at their paytables gives their figures exactly. Validate
// refuses such rules, which offer each bet twice, so the general bets are
// analysed without it.
func TestAllTallSmallArePresets(t *testing.T) {
	r := Rules{AllBets: [4]AllPaytable{
		{Set: Under7 | Over7, Pays: Ratio{175, 1}}, {Set: Over7, Pays: Ratio{34, 1}}, {Set: Under7, Pays: Ratio{34, 1}},
	}}
	for _, c := range []struct {
		preset BetKind
		set    OutcomeSet
	}{{All, Under7 | Over7}, {Tall, Over7}, {Small, Under7}} {
		preset, general := analysisOf(t, Rules{}, Bet{Kind: c.preset}), r.analyze(Bet{Kind: All, Set: c.set}, false)
		general.Bet = preset.Bet
		if diff := cmp.Diff(preset, general, cmp.Comparer(func(a, b *big.Rat) bool { return a.Cmp(b) == 0 })); diff != "" {
			t.Errorf("%v and all of %s before a 7 differ: (-preset +general)\n%s", c.preset, c.set.text(), diff)
		}
	}
}

// Repeater bets at the table of Wizard of Odds, "Repeater Bets Plus",
// Table 1: 40, 50, 65, 80 and 90 for 1 on 2 (or 12) twice, 3 (11) three
// times, 4 (10) four times, 5 (9) five times and 6 (8) six times before a
// 7. A repeater on n wins with (w/(w+6))^k, w the ways to throw n.
func TestRepeaterFigures(t *testing.T) {
	for _, c := range []struct {
		n         int
		win, edge string
		pct       string
	}{
		{2, "1/49", "9/49", "18.37"}, {3, "1/64", "7/32", "21.88"}, {4, "1/81", "16/81", "19.75"},
		{5, "32/3125", "113/625", "18.08"}, {6, "15625/1771561", "365311/1771561", "20.62"},
		{8, "15625/1771561", "365311/1771561", "20.62"}, {12, "1/49", "9/49", "18.37"},
	} {
		a := analysisOf(t, Standard(), Bet{Kind: Repeater, Number: c.n})
		w := int64(Totals(c.n).Ways())
		byHand := big.NewRat(1, 1)
		for range min(c.n, 14-c.n) {
			byHand.Mul(byHand, big.NewRat(w, w+6))
		}
		if a.Win.RatString() != c.win || a.Win.Cmp(byHand) != 0 {
			t.Errorf("repeater %d: win %v, want %s (by hand %v)", c.n, a.Win, c.win, byHand)
		}
		if got := a.EdgePerBet.RatString(); got != c.edge || percentAs(a.EdgePerBet, c.pct) != c.pct {
			t.Errorf("repeater %d: edge %s (%s%%), want %s (%s%%)", c.n, got, percentAs(a.EdgePerBet, c.pct), c.edge, c.pct)
		}
	}
}

// Three-way craps is a third on each of 2, 3 and 12: 7/54; all the
// hardways is a quarter on each: the average of 1/9 and 1/11, 10/99.
func TestSplitBetFigures(t *testing.T) {
	for _, c := range []struct {
		bet  Bet
		edge string
	}{{Bet{Kind: ThreeWay}, "7/54"}, {Bet{Kind: AllHardways}, "10/99"}} {
		if got := analysisOf(t, Standard(), c.bet).EdgePerBet.RatString(); got != c.edge {
			t.Errorf("%v: edge %s, want %s", c.bet, got, c.edge)
		}
	}
}

// The four commission practices on a buy 4 of 20 at 5%: the analysis (buy
// 4 at 1/21 charged up front and kept, 1/63 given back on a loss, 1/60
// taken from wins; Wizard of Odds, "Craps": 4.76%, 1.67%), and at the
// table what a take-down and a loss give back.
func TestCommissionPractices(t *testing.T) {
	for _, c := range []struct {
		timing              CommissionTiming
		edge                string
		upfront             Amount // charged when made
		takenDown, lostBack Amount // given back with a take-down, and on a loss
	}{
		{CommissionUpfront, "1/21", 1, 20, 0},
		{CommissionUpfrontKeptOnLoss, "1/21", 1, 21, 0},
		{CommissionUpfrontReturned, "1/63", 1, 21, 1},
		{CommissionOnWinOnly, "1/60", 0, 20, 0},
	} {
		r := Rules{BuyCommission: Commission{Timing: c.timing}}
		if got := analysisOf(t, r, Bet{Kind: Buy, Number: 4}).EdgePerBet.RatString(); got != c.edge {
			t.Errorf("timing %d: buy 4 edge %s, want %s", c.timing, got, c.edge)
		}
		tb := hrTable(t, r, 1000)
		hrMust(t, tb.Place("p", Bet{Kind: Buy, Number: 4}, 20))
		if got := 1000 - tb.Players()[0].Bankroll; got != 20+c.upfront {
			t.Errorf("timing %d: placing buy 4 of 20 cost %d, want %d", c.timing, got, 20+c.upfront)
		}
		back, err := tb.TakeDown("p", Bet{Kind: Buy, Number: 4})
		if err != nil || back != c.takenDown {
			t.Errorf("timing %d: taken down, %d back (%v), want %d", c.timing, back, err, c.takenDown)
		}
		hrMust(t, tb.Place("p", Bet{Kind: PassLine}, 10))
		hrRoll(t, tb, "2-4")
		hrMust(t, tb.Place("p", Bet{Kind: Buy, Number: 4}, 20))
		res := hrRoll(t, tb, "3-4")
		if len(res) != 2 || res[1].Bet.Kind != Buy || res[1].Outcome != OutcomeLost || res[1].Returned != c.lostBack {
			t.Errorf("timing %d: a losing buy 4: %+v, want %d back", c.timing, res, c.lostBack)
		}
	}
}

// A commission is never more than the bet wins: 60% of a lay bet is more
// than lay 4 wins (half the bet), so it is cut to the win, at the table and
// in the analysis.
func TestCommissionNeverExceedsTheWin(t *testing.T) {
	r := Rules{LayCommission: Commission{Base: CommissionOnBet, Rate: Ratio{3, 5}}}
	tb := hrTable(t, r, 1000)
	hrMust(t, tb.Place("p", Bet{Kind: Lay, Number: 4}, 20))
	if got := 1000 - tb.Players()[0].Bankroll; got != 30 {
		t.Errorf("lay 4 of 20 cost %d, want 20 and a commission of 10, its win", got)
	}
	// Per unit: the win 1/2 with 2/3, the loss 1 with 1/3, the commission
	// 1/2 kept: -1/2 on 3/2 wagered.
	if got := analysisOf(t, r, Bet{Kind: Lay, Number: 4}).EdgePerBet.RatString(); got != "1/3" {
		t.Errorf("lay 4 edge %s, want 1/3", got)
	}
	// A minimum above the win, taken from the win only: the win, no more.
	r = Rules{LayCommission: Commission{Timing: CommissionOnWinOnly, Minimum: 25}}
	tb = hrTable(t, r, 1000)
	hrMust(t, tb.Place("p", Bet{Kind: Lay, Number: 4}, 20))
	res := hrRoll(t, tb, "3-4")
	if len(res) != 1 || res[0].Win != 0 || res[0].Commission != 10 || tb.Players()[0].Bankroll != 1000 {
		t.Errorf("lay 4 of 20 wins 10 less a minimum commission of 25: %+v, bankroll %d", res, tb.Players()[0].Bankroll)
	}
}

// Which winning bets stay up, per kind, against the defaults.
func TestStayUpAfterWin(t *testing.T) {
	allDown := StayUpAfterWin{Place: SwitchOff, Buy: SwitchOff, Lay: SwitchOff, Big6And8: SwitchOff, Hardways: SwitchOff}
	allUp := StayUpAfterWin{Place: SwitchOn, Buy: SwitchOn, Lay: SwitchOn, Big6And8: SwitchOn, Hardways: SwitchOn}
	for _, c := range []struct {
		bet   Bet
		throw string // wins it with the point on 4
		up    bool   // by default
	}{
		{Bet{Kind: Place, Number: 6}, "3-3", true}, {Bet{Kind: PlaceToLose, Number: 6}, "3-4", true},
		{Bet{Kind: Buy, Number: 6}, "3-3", false}, {Bet{Kind: Lay, Number: 6}, "3-4", false},
		{Bet{Kind: Big6}, "3-3", true}, {Bet{Kind: Big8}, "4-4", true}, {Bet{Kind: Hardway, Number: 6}, "3-3", true},
		{Bet{Kind: Field}, "1-2", false},
	} {
		for _, s := range []struct {
			name string
			rule StayUpAfterWin
			up   bool
		}{{"default", StayUpAfterWin{}, c.up}, {"all down", allDown, false}, {"all up", allUp, c.bet.Kind != Field}} {
			tb := hrTable(t, Rules{StayUp: s.rule}, 10000)
			hrMust(t, tb.Place("p", Bet{Kind: PassLine}, 10))
			hrRoll(t, tb, "1-3")
			hrMust(t, tb.Place("p", c.bet, 60))
			var won Resolution
			for _, x := range hrRoll(t, tb, c.throw) {
				if x.Bet == c.bet {
					won = x
				}
			}
			bets, _ := tb.Bets("p")
			stands := slices.ContainsFunc(bets, func(b BetState) bool { return b.Bet == c.bet })
			if won.Outcome != OutcomeWon || stands != s.up || (won.To == c.bet) != s.up || (won.Returned == 60) == s.up {
				t.Errorf("%v under %s: %+v, still up %v; want up %v", c.bet, s.name, won, stands, s.up)
			}
		}
	}
}

// All, tall and small and the repeaters are made before a new shooter's
// first roll when the dice pass without a 7 too (Table.PassDice), as
// before the first roll after one; a bet made earlier with totals made
// rides on and stays a contract bet.
func TestAfterSevenBetsForANewShooter(t *testing.T) {
	tb := hrTable(t, Rules{}, 1000)
	if err := tb.Join("q", 1000); err != nil {
		t.Fatal(err)
	}
	hrMust(t, tb.Place("p", Bet{Kind: Tall}, 10))
	hrRoll(t, tb, "4-4", "4-4") // point 8, made: tall has the 8
	if err := tb.Place("p", Bet{Kind: Small}, 10); err == nil {
		t.Fatal("small made after a roll, before a 7")
	}
	hrMust(t, tb.PassDice())
	hrMust(t, tb.Place("q", Bet{Kind: All}, 10))
	hrMust(t, tb.Place("q", Bet{Kind: Repeater, Number: 2}, 10))
	if _, err := tb.TakeDown("p", Bet{Kind: Tall}); !errors.Is(err, ErrContract) {
		t.Errorf("tall with the 8 made taken down for a new shooter: %v, want ErrContract", err)
	}
	if _, err := tb.TakeDown("q", Bet{Kind: Repeater, Number: 2}); err != nil {
		t.Errorf("a repeater made for the new shooter, before his first roll: %v", err)
	}
	hrRoll(t, tb, "1-2")
	if err := tb.Place("q", Bet{Kind: Small}, 10); !errors.Is(err, ErrNotNow) {
		t.Errorf("small after the new shooter's first roll: %v, want ErrNotNow", err)
	}
}

// A buy or lay bet whose commission is taken when it is made, and which
// stays up after a win, is a new bet: it pays its commission again, out
// of the win, once a win, as Analyze counts one commission a decision.
func TestStayUpPaysCommissionAgain(t *testing.T) {
	up := StayUpAfterWin{Buy: SwitchOn, Lay: SwitchOn}
	for _, c := range []struct {
		name   string
		rules  Rules
		bet    Bet
		throw  string // wins it with the point on 5
		stake  Amount
		win    Amount // what stake wins before commission
		charge Amount // the commission on stake
	}{
		{"buy, 5% of the bet kept", Rules{StayUp: up}, Bet{Kind: Buy, Number: 4}, "1-3", 20, 40, 1},
		{"buy, 5% given back on a loss", Rules{StayUp: up, BuyCommission: Commission{Timing: CommissionUpfrontReturned}},
			Bet{Kind: Buy, Number: 4}, "1-3", 20, 40, 1},
		{"lay, 5% of the win kept", Rules{StayUp: up, LayCommission: Commission{Timing: CommissionUpfront}},
			Bet{Kind: Lay, Number: 4}, "3-4", 40, 20, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := hrTable(t, c.rules, 1000)
			hrRoll(t, tb, "2-3")
			hrMust(t, tb.Place("p", c.bet, c.stake))
			for i := range 3 {
				res := hrRoll(t, tb, c.throw)
				if c.bet.Kind == Lay {
					hrRoll(t, tb, "2-3") // a new point after the seven
				}
				want := Resolution{Player: "p", Bet: c.bet, Outcome: OutcomeWon, Stake: c.stake, Win: c.win - c.charge, Commission: c.charge, To: c.bet}
				if len(res) != 1 || res[0] != want {
					t.Fatalf("win %d: %+v, want %+v", i+1, res, want)
				}
			}
			bets, _ := tb.Bets("p")
			if got, want := tb.Players()[0].Bankroll, 1000-c.stake-c.charge+3*(c.win-c.charge); got != want || len(bets) != 1 || bets[0].Commission != c.charge {
				t.Errorf("bankroll %d, want %d; bets %+v", got, want, bets)
			}
		})
	}
}

// Odds taken and laid under limits of their own, with fractional
// multiples, and a maximum in money.
func TestOddsLimitsAtTheTable(t *testing.T) {
	fullDouble := OddsLimit{Ratio{2, 1}, Ratio{2, 1}, Ratio{5, 2}, Ratio{2, 1}, Ratio{2, 1}}
	for _, c := range []struct {
		reason string
		rules  Rules
		line   Bet
		point  string
		odds   Bet
		most   Amount // behind a line bet of 10
	}{
		{"full double odds: 2.5x on 6", Rules{Odds: fullDouble}, Bet{Kind: PassLine}, "3-3", Bet{Kind: PassOdds}, 25},
		{"full double odds: 2x on 4", Rules{Odds: fullDouble}, Bet{Kind: PassLine}, "2-2", Bet{Kind: PassOdds}, 20},
		{"5-10-20x on 8", Rules{Odds: OddsLimit{Ratio{5, 1}, Ratio{10, 1}, Ratio{20, 1}, Ratio{5, 1}, Ratio{5, 1}}}, Bet{Kind: PassLine}, "4-4", Bet{Kind: PassOdds}, 200},
		{"laid apart from taken: 3x the bet on 4", Rules{Odds: FlatOdds(100), LayOdds: FlatOdds(3), Lay: LayStakeMultiple},
			Bet{Kind: DontPass}, "2-2", Bet{Kind: DontPassOdds}, 30},
		{"laid to win 3x on 4: a stake of 6x", Rules{Odds: FlatOdds(100), LayOdds: FlatOdds(3)}, Bet{Kind: DontPass}, "2-2", Bet{Kind: DontPassOdds}, 60},
		{"100x with odds at most 150 in money", Rules{Odds: FlatOdds(100), Limits: [6]KindLimit{{Kinds: Kinds(PassOdds), Maximum: 150}}},
			Bet{Kind: PassLine}, "2-2", Bet{Kind: PassOdds}, 150},
	} {
		tb := hrTable(t, c.rules, 10000)
		hrMust(t, tb.Place("p", c.line, 10))
		hrRoll(t, tb, c.point)
		if err := tb.Place("p", c.odds, c.most+1); !errors.Is(err, ErrOddsLimit) && !errors.Is(err, ErrTableLimit) {
			t.Errorf("%s: odds of %d taken: %v", c.reason, c.most+1, err)
		}
		if err := tb.Place("p", c.odds, c.most); err != nil {
			t.Errorf("%s: odds of %d refused: %v", c.reason, c.most, err)
		}
	}
}

// Put bets take odds as come bets do, off with their put bet on the
// come-out; a late pass line is its own rule.
func TestPutAndLatePassLine(t *testing.T) {
	tb := hrTable(t, Rules{ComeOut: ComeOutWorking{Put: SwitchOff}, LatePassLine: SwitchOff}, 1000)
	hrMust(t, tb.Place("p", Bet{Kind: PassLine}, 10))
	hrRoll(t, tb, "2-4")
	if err := tb.Place("p", Bet{Kind: PassLine}, 10); !errors.Is(err, ErrNotNow) {
		t.Errorf("a late pass line under late-pass off: %v, want ErrNotNow", err)
	}
	hrMust(t, tb.Place("p", Bet{Kind: Put, Number: 6}, 10))
	hrMust(t, tb.Place("p", Bet{Kind: PutOdds, Number: 6}, 50))
	if err := tb.Place("p", Bet{Kind: PutOdds, Number: 6}, 1); !errors.Is(err, ErrOddsLimit) {
		t.Errorf("put odds beyond 5x: %v, want ErrOddsLimit", err)
	}
	if res := hrRoll(t, tb, "3-3"); len(res) != 3 { // the point made: pass, put 6 and its odds win
		t.Fatalf("the point made: %+v", res)
	}
	// The put bet is paid and down; a new one on 8, off, stands through a
	// come-out 2, 7 and 8, and wins when the 8 repeats on the point.
	tb = hrTable(t, Rules{ComeOut: ComeOutWorking{Put: SwitchOff}}, 1000)
	hrMust(t, tb.Place("p", Bet{Kind: PassLine}, 10))
	hrRoll(t, tb, "2-4")
	hrMust(t, tb.Place("p", Bet{Kind: Put, Number: 8}, 10))
	hrRoll(t, tb, "3-3")
	for _, throw := range []string{"1-1", "3-4", "4-4"} {
		if res := hrRoll(t, tb, throw); len(res) != 0 {
			t.Errorf("come-out %s decided %+v; the put bet is off", throw, res)
		}
	}
	if res := hrRoll(t, tb, "2-6"); len(res) != 1 || res[0].Bet.Kind != Put || res[0].Outcome != OutcomeWon || tb.Point() != 0 {
		t.Errorf("the point 8 repeated: %+v, puck %d", res, tb.Point())
	}
}

// Limits for kinds of bet in place of the table's.
func TestKindLimits(t *testing.T) {
	r := Rules{Minimum: 10, Maximum: 1000, Limits: [6]KindLimit{
		{Kinds: Kinds(Hardway, Hop), Minimum: 1, Maximum: 100}, {Kinds: Kinds(Buy, Lay), Minimum: 20}}}
	for _, c := range []struct {
		bet    Bet
		amount Amount
		want   error
	}{
		{Bet{Kind: Hardway, Number: 6}, 1, nil}, {Bet{Kind: Hardway, Number: 6}, 101, ErrTableLimit},
		{Bet{Kind: Hop, Hop: Dice{1, 2}}, 100, nil}, {Bet{Kind: Field}, 5, ErrTableLimit},
		{Bet{Kind: Buy, Number: 4}, 19, ErrTableLimit}, {Bet{Kind: Buy, Number: 4}, 1000, nil},
		{Bet{Kind: Buy, Number: 4}, 1001, ErrTableLimit}, {Bet{Kind: Lay, Number: 4}, 20, nil},
	} {
		tb := hrTable(t, r, 10000)
		if err := tb.Place("p", c.bet, c.amount); c.want == nil && err != nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%v of %d: %v, want %v", c.bet, c.amount, err, c.want)
		}
	}
	// All the hardways splits into four bets, each held to the limits.
	tb := hrTable(t, r, 10000)
	if err := tb.Place("p", Bet{Kind: AllHardways}, 404); !errors.Is(err, ErrTableLimit) {
		t.Errorf("all the hardways of 404, 101 each: %v, want ErrTableLimit", err)
	}
	if bets, _ := tb.Bets("p"); len(bets) != 0 || tb.Players()[0].Bankroll != 10000 {
		t.Errorf("a refused all-the-hardways left %v", bets)
	}
	if err := tb.Place("p", Bet{Kind: AllHardways}, 6); !errors.Is(err, ErrUnit) {
		t.Errorf("all the hardways of 6: %v, want ErrUnit", err)
	}
}

// A table holding the new bets mid-way, saved and restored, plays on as it
// would have; impossible states are refused.
func TestSaveHouseRules(t *testing.T) {
	r := otherHouseRules()
	tb := hrTable(t, r, 100_000)
	for _, b := range []Bet{{Kind: Repeater, Number: 4}, {Kind: All, Set: Totals(6, 8)}, {Kind: All, Set: PointNumbers},
		{Kind: Fire}, {Kind: PassLine}} {
		hrMust(t, tb.Place("p", b, 10))
	}
	hrRoll(t, tb, "2-2", "1-3", "3-3")
	hrMust(t, tb.Place("p", Bet{Kind: Put, Number: 8}, 10))
	hrMust(t, tb.Place("p", Bet{Kind: Buy, Number: 10}, 20))
	hrMust(t, tb.SetWorking("p", Bet{Kind: Put, Number: 8}, false))
	data, err := json.Marshal(tb)
	if err != nil {
		t.Fatal(err)
	}
	var back Table
	hrMust(t, json.Unmarshal(data, &back))
	for _, throws := range [][]string{{"2-2"}, {"4-4", "5-5", "4-6", "3-4"}, {"3-4", "2-2", "2-2", "3-4"}} {
		a, b := tb.Clone(), back.Clone()
		for _, s := range throws {
			ra, rb := hrRoll(t, a, s), hrRoll(t, b, s)
			if diff := cmp.Diff(ra, rb); diff != "" {
				t.Fatalf("throw %s after a restore: (-original +restored)\n%s", s, diff)
			}
		}
	}
	var tj tableJSON
	hrMust(t, json.Unmarshal(data, &tj))
	at := func(tj *tableJSON, b Bet) *betJSON {
		for i := range tj.Bets {
			if tj.Bets[i].Bet == b {
				return &tj.Bets[i]
			}
		}
		t.Fatalf("no %v saved", b)
		return nil
	}
	six8, put, buy := Bet{Kind: All, Set: Totals(6, 8)}, Bet{Kind: Put, Number: 8}, Bet{Kind: Buy, Number: 10}
	for _, c := range []struct {
		reason string
		tamper func(*tableJSON)
		want   error
	}{
		{"a repeater on 4 with its four 4s would have been paid", func(tj *tableJSON) { at(tj, Bet{Kind: Repeater, Number: 4}).Made = 4 }, ErrSyntax},
		{"6 and 8 before a 7 with a 5 in it", func(tj *tableJSON) { at(tj, six8).Made |= 1 << 5 }, ErrSyntax},
		{"6 and 8 before a 7 with both in would have been paid", func(tj *tableJSON) { at(tj, six8).Made = 1<<6 | 1<<8 }, ErrSyntax},
		{"an all-of-a-set bet the rules do not list", func(tj *tableJSON) { at(tj, six8).Bet.Set = Totals(6, 9) }, ErrNotOffered},
		{"a buy commission that a take-down would not leave", func(tj *tableJSON) { at(tj, buy).Commission = 2 }, ErrSyntax},
		{"a put bet switched to an unknown value", func(tj *tableJSON) { at(tj, put).Working = 3 }, ErrSyntax},
		{"a fire bet with six points made, which paid at the sixth", func(tj *tableJSON) {
			at(tj, Bet{Kind: Fire}).Made = 1<<4 | 1<<5 | 1<<6 | 1<<8 | 1<<9 | 1<<10
		}, ErrSyntax},
		{"a buy bet above its kind's maximum", func(tj *tableJSON) { tj.Rules.Limits[0] = KindLimit{Kinds: Kinds(Buy), Maximum: 10} }, ErrTableLimit},
	} {
		if data, err := json.Marshal(tj); err != nil || json.Unmarshal(data, new(Table)) != nil {
			t.Fatalf("the untampered save does not restore: %v", err)
		}
		tampered := tj
		tampered.Rules = tj.Rules
		tampered.Bets = append([]betJSON(nil), tj.Bets...)
		c.tamper(&tampered)
		data, _ := json.Marshal(tampered)
		var got Table
		if err := json.Unmarshal(data, &got); !errors.Is(err, c.want) {
			t.Errorf("%s: restore %v, want %v", c.reason, err, c.want)
		}
	}
}
