package craps

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Sources of the published figures below. Each figure is checked as an
// exact fraction and, where the source prints a percentage, for rounding
// to that percentage.
//
//   - [WoO]: Wizard of Odds (M. Shackleford), "Craps", the table of house
//     edges per bet made, per bet resolved and per roll; "Craps Appendix 1"
//     derives the line bets, odds and place bets.
//   - [WoO-crapless]: Wizard of Odds, "Crapless Craps".
//   - [WoO-fire]: Wizard of Odds, "Fire Bet" (pay table 24, 249, 999 to 1).
//   - [WoO-ATS]: Wizard of Odds, "All Tall Small".
//   - [Ethier]: S. N. Ethier, "The Doctrine of Chances" (Springer, 2010),
//     ch. 15 (craps): 244/495, 7/495, 3/220 and 27/1925, 557/165 and
//     1671/196 rolls, and the distribution of the fire bet's points (quoted
//     to 12 places in D. Catlin, "The Fire Bet", Casino City Times, 2010).
//   - [Scarne]: J. Scarne, "Scarne's New Complete Guide to Gambling": pass
//     1.414%, don't pass (bar 12) 1.402% of the bets it settles (cut off,
//     not rounded: the exact figure is 1.4026%).

// parseFrac parses an exact fraction written "7/495".
func parseFrac(t testing.TB, s string) *big.Rat {
	t.Helper()
	q, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("test set-up: bad fraction %q", s)
	}
	return q
}

// fracString prints an exact figure, or <nil>.
func fracString(q *big.Rat) string {
	if q == nil {
		return "<nil>"
	}
	return q.RatString()
}

// percentAs rounds a fraction to a percentage with as many decimals as
// the published figure pub has: percentAs(7/495, "1.41") is "1.41",
// percentAs(7/495, "1.414") is "1.414".
func percentAs(q *big.Rat, pub string) string {
	places := 0
	if i := strings.IndexByte(pub, '.'); i >= 0 {
		places = len(pub) - i - 1
	}
	return new(big.Rat).Mul(q, big.NewRat(100, 1)).FloatString(places)
}

func analysisOf(t testing.TB, r Rules, b Bet) Analysis {
	t.Helper()
	a, err := r.Analyze(b)
	if err != nil {
		t.Fatalf("Analyze(%v): %v", b, err)
	}
	return a
}

// TestPublishedHouseEdges pins the house edge per bet made of every bet a
// published table lists, exactly, and checks that the exact figure rounds
// to the percentage the source prints.
func TestPublishedHouseEdges(t *testing.T) {
	buyWin := Rules{BuyCommission: Commission{Timing: CommissionOnWinOnly}}
	layWin := Rules{LayCommission: Commission{Timing: CommissionOnWinOnly}}
	for1 := Rules{PropsFor1: true}
	tests := []struct {
		source string
		rules  Rules
		bet    Bet
		want   string // exact
		pct    string // as published
		note   string // the EdgeTable row of a way of playing the bet
	}{
		{"[WoO] [Ethier] [Scarne] pass line", Standard(), Bet{Kind: PassLine}, "7/495", "1.41", ""},
		{"[WoO] come is the pass line's twin", Standard(), Bet{Kind: Come}, "7/495", "1.41", ""},
		{"[WoO] [Ethier] don't pass, bar 12, per bet made", Standard(), Bet{Kind: DontPass}, "3/220", "1.36", ""},
		{"[Ethier] don't pass, bar 2 (the second casino's rules): the same, as 2 and 12 are one way each", Bar2(), Bet{Kind: DontPass}, "3/220", "1.36", ""},
		{"[WoO] don't come", Standard(), Bet{Kind: DontCome}, "3/220", "1.36", ""},
		{"[WoO] odds are free", Standard(), Bet{Kind: PassOdds, Number: 4}, "0", "0.00", ""},
		{"[WoO] place 6", Standard(), Bet{Kind: Place, Number: 6}, "1/66", "1.52", ""},
		{"[WoO] place 8", Standard(), Bet{Kind: Place, Number: 8}, "1/66", "1.52", ""},
		{"[WoO] place 5", Standard(), Bet{Kind: Place, Number: 5}, "1/25", "4.00", ""},
		{"[WoO] place 4", Standard(), Bet{Kind: Place, Number: 4}, "1/15", "6.67", ""},
		{"[WoO] place to lose 4 at 5:11 (the second casino's rules)", Bar2(), Bet{Kind: PlaceToLose, Number: 4}, "1/33", "3.03", ""},
		{"[WoO] place to lose 10, offered at the standard table too", Standard(), Bet{Kind: PlaceToLose, Number: 10}, "1/33", "3.03", ""},
		{"[WoO] place to lose 5 at 5:8", Bar2(), Bet{Kind: PlaceToLose, Number: 5}, "1/40", "2.50", ""},
		{"[WoO] place to lose 6 at 4:5", Bar2(), Bet{Kind: PlaceToLose, Number: 6}, "1/55", "1.82", ""},
		{"[WoO] buy 4, 5% commission up front: 1/20 lost of 21/20 wagered", Standard(), Bet{Kind: Buy, Number: 4}, "1/21", "4.76", ""},
		{"[WoO] buy 6, commission up front", Standard(), Bet{Kind: Buy, Number: 6}, "1/21", "4.76", ""},
		{"[WoO] buy 4, commission only on a win", buyWin, Bet{Kind: Buy, Number: 4}, "1/60", "1.67", ""},
		{"[WoO] buy 4 at a Vegas table", Vegas(), Bet{Kind: Buy, Number: 10}, "1/60", "1.67", ""},
		{"[WoO] lay 4, 5% of the win up front", Standard(), Bet{Kind: Lay, Number: 4}, "1/41", "2.44", ""},
		{"[WoO] lay 5", Standard(), Bet{Kind: Lay, Number: 5}, "1/31", "3.23", ""},
		{"[WoO] lay 6", Standard(), Bet{Kind: Lay, Number: 6}, "1/25", "4.00", ""},
		{"[WoO] lay 4, commission only on a win", layWin, Bet{Kind: Lay, Number: 4}, "1/60", "1.67", ""},
		{"[WoO] big 6", Standard(), Bet{Kind: Big6}, "1/11", "9.09", ""},
		{"[WoO] field with the 12 at 3:1", Standard(), Bet{Kind: Field}, "1/36", "2.78", ""},
		{"[WoO] field with 2 and 12 at 2:1 (the second casino's rules)", Bar2(), Bet{Kind: Field}, "1/18", "5.56", ""},
		{"[WoO] hard 6 at 9:1", Standard(), Bet{Kind: Hardway, Number: 6}, "1/11", "9.09", ""},
		{"[WoO] hard 4 at 7:1", Standard(), Bet{Kind: Hardway, Number: 4}, "1/9", "11.11", ""},
		{"[WoO] any 7", Standard(), Bet{Kind: Any7}, "1/6", "16.67", ""},
		{"[WoO] any craps", Standard(), Bet{Kind: AnyCraps}, "1/9", "11.11", ""},
		{"[WoO] the 2 at 30:1", Standard(), Bet{Kind: Aces}, "5/36", "13.89", ""},
		{"[WoO] the 12 at 30:1", Standard(), Bet{Kind: Boxcars}, "5/36", "13.89", ""},
		{"[WoO] the 2 at 30 for 1", for1, Bet{Kind: Aces}, "1/6", "16.67", ""},
		{"[WoO] the 3 at 15:1", Standard(), Bet{Kind: AceDeuce}, "1/9", "11.11", ""},
		{"[WoO] the 11 at 15 for 1", for1, Bet{Kind: Yo}, "1/6", "16.67", ""},
		{"[WoO] horn", Standard(), Bet{Kind: Horn}, "1/8", "12.50", ""},
		{"[WoO] horn high 12", Standard(), Bet{Kind: HornHigh, Number: 12}, "23/180", "12.78", ""},
		{"[WoO] C&E", Standard(), Bet{Kind: CAndE}, "1/9", "11.11", ""},
		{"[WoO] world (whirl), per bet made", Standard(), Bet{Kind: World}, "2/15", "13.33", ""},
		{"[WoO] an easy hop at 15:1", Standard(), Bet{Kind: Hop, Hop: Dice{2, 5}}, "1/9", "11.11", ""},
		{"[WoO] a hard hop at 30:1", Standard(), Bet{Kind: Hop, Hop: Dice{4, 4}}, "5/36", "13.89", ""},
		{"[WoO] put 4", Standard(), Bet{Kind: Put, Number: 4}, "1/3", "33.33", ""},
		{"[WoO-crapless] crapless pass line", Crapless(), Bet{Kind: PassLine}, "373/6930", "5.38", ""},
		{"[WoO-crapless] crapless place 2 at 11:2", Crapless(), Bet{Kind: Place, Number: 2}, "1/14", "7.14", ""},
		{"[WoO-crapless] crapless place 11 at 11:4", Crapless(), Bet{Kind: Place, Number: 11}, "1/16", "6.25", ""},
		{"[WoO-ATS] tall at 34:1", Standard(), Bet{Kind: Tall}, "1687/21736", "7.76", ""},
		{"[WoO-ATS] small at 34:1", Standard(), Bet{Kind: Small}, "1687/21736", "7.76", ""},
		{"derived: a pass bet taken down at its point (the second casino's rules allows it) keeps only the come-out, 8 naturals against 4 craps",
			Bar2(), Bet{Kind: PassLine}, "-1/9", "-11.11", "taken down at its point"},
	}
	for _, tc := range tests {
		a := analysisOf(t, tc.rules, tc.bet)
		if tc.note != "" {
			rows, err := tc.rules.EdgeTable()
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(rows, func(a Analysis) bool { return a.Bet == tc.bet && a.Note == tc.note })
			if i < 0 {
				t.Fatalf("%s: no %v row %q in the EdgeTable", tc.source, tc.bet, tc.note)
			}
			a = rows[i]
		}
		if got := fracString(a.EdgePerBet); got != tc.want {
			t.Errorf("%s: %v edge per bet = %s, want %s", tc.source, tc.bet, got, tc.want)
		}
		if got := percentAs(parseFrac(t, tc.want), tc.pct); got != tc.pct {
			t.Errorf("%s: the exact %s is %s%%, but the source prints %s%%", tc.source, tc.want, got, tc.pct)
		}
	}
}

// TestPublishedFigures pins figures other than the edge per bet made.
func TestPublishedFigures(t *testing.T) {
	fig := map[string]func(Analysis) *big.Rat{
		"Win":             func(a Analysis) *big.Rat { return a.Win },
		"Lose":            func(a Analysis) *big.Rat { return a.Lose },
		"Push":            func(a Analysis) *big.Rat { return a.Push },
		"Rolls":           func(a Analysis) *big.Rat { return a.Rolls },
		"EdgePerResolved": func(a Analysis) *big.Rat { return a.EdgePerResolved },
		"EdgePerRoll":     func(a Analysis) *big.Rat { return a.EdgePerRoll },
		"Wagered":         func(a Analysis) *big.Rat { return a.Wagered },
	}
	tests := []struct {
		source string
		rules  Rules
		bet    Bet
		field  string
		want   string
		pct    string // as published, where a source prints a percentage
	}{
		{"[Ethier] [WoO] the pass line wins 244 times in 495", Standard(), Bet{Kind: PassLine}, "Win", "244/495", ""},
		{"[Ethier] the pass line loses 251 in 495", Standard(), Bet{Kind: PassLine}, "Lose", "251/495", ""},
		{"[Ethier] a pass decision takes 557/165 rolls on average", Standard(), Bet{Kind: PassLine}, "Rolls", "557/165", ""},
		{"[WoO] pass line, per roll: 0.42%", Standard(), Bet{Kind: PassLine}, "EdgePerRoll", "7/1671", "0.42"},
		{"[WoO] pass line, per bet resolved: no pushes, so 1.41% again", Standard(), Bet{Kind: PassLine}, "EdgePerResolved", "7/495", "1.41"},
		{"[Ethier] [Scarne] don't pass, bar 12, per bet resolved (Scarne's 1.402% cuts off 1.4026%)", Standard(), Bet{Kind: DontPass}, "EdgePerResolved", "27/1925", "1.40"},
		{"[Ethier] don't pass, bar 2, per bet resolved", Bar2(), Bet{Kind: DontPass}, "EdgePerResolved", "27/1925", "1.40"},
		{"don't pass pushes on the one way to throw the bar", Standard(), Bet{Kind: DontPass}, "Push", "1/36", ""},
		{"[Ethier] don't pass wins 949 in 1980", Standard(), Bet{Kind: DontPass}, "Win", "949/1980", ""},
		{"[WoO] don't pass, per roll: 0.40%", Standard(), Bet{Kind: DontPass}, "EdgePerRoll", "9/2228", "0.40"},
		{"derived: the world per bet resolved, 2/15 over the 5/6 of bets a 7 does not push", Standard(), Bet{Kind: World}, "EdgePerResolved", "4/25", ""},
		{"a one-roll bet is decided in one roll", Standard(), Bet{Kind: Horn}, "Rolls", "1", ""},
		{"place 6 is decided in 36/11 rolls", Standard(), Bet{Kind: Place, Number: 6}, "Rolls", "36/11", ""},
		{"[Ethier] the fire bet lasts a shooter's hand, 1671/196 rolls", Standard(), Bet{Kind: Fire}, "Rolls", "1671/196", ""},
		{"buy 4 up front: 21/20 wagered per unit bet", Standard(), Bet{Kind: Buy, Number: 4}, "Wagered", "21/20", ""},
		{"lay 4 up front: 5% of the win of 1/2 is 1/40", Standard(), Bet{Kind: Lay, Number: 4}, "Wagered", "41/40", ""},
		{"buy 4 on win only: nothing extra at risk", Vegas(), Bet{Kind: Buy, Number: 4}, "Wagered", "1", ""},
		{"the second casino's lay: 5% of the bet, up front: 1/20 of 21/20 for every number",
			Bar2(), Bet{Kind: Lay, Number: 6}, "Wagered", "21/20", ""},
	}
	for _, tc := range tests {
		a := analysisOf(t, tc.rules, tc.bet)
		if got := fracString(fig[tc.field](a)); got != tc.want {
			t.Errorf("%s: %v %s = %s, want %s", tc.source, tc.bet, tc.field, got, tc.want)
		}
		if got := percentAs(parseFrac(t, tc.want), tc.pct); tc.pct != "" && got != tc.pct {
			t.Errorf("%s: the exact %s is %s%%, but the source prints %s%%", tc.source, tc.want, got, tc.pct)
		}
	}
	// Derived by hand: the second casino's rules returns a buy bet's commission when it
	// loses, so it keeps 1/20 of a bet only on a win (1/3 of the time on
	// 4): 1/60 per unit bet, over 21/20 put down.
	if got := fracString(analysisOf(t, Bar2(), Bet{Kind: Buy, Number: 4}).EdgePerBet); got != "1/63" {
		t.Errorf("Bar2 buy 4, commission returned on a loss: edge %s, want 1/63", got)
	}
	// The second casino's rules charges the lay 5% of the bet: the same 1/21 as a buy.
	if got := fracString(analysisOf(t, Bar2(), Bet{Kind: Lay, Number: 4}).EdgePerBet); got != "1/21" {
		t.Errorf("Bar2 lay 4, 5%% of the bet up front: edge %s, want 1/21", got)
	}
}

// TestFireBetEdge: [WoO-fire] prints 20.76% for pay table 24/249/999.
func TestFireBetEdge(t *testing.T) {
	a := analysisOf(t, Standard(), Bet{Kind: Fire})
	if got := percentAs(a.EdgePerBet, "20.76"); got != "20.76" {
		t.Errorf("fire bet edge %s = %s%%, want 20.76%%", a.EdgePerBet.RatString(), got)
	}
	// To four decimals of a percent; TestFireBetAgainstEthier derives the
	// exact value independently.
	if got := percentAs(a.EdgePerBet, "20.7628"); got != "20.7628" {
		t.Errorf("fire bet edge %s%%, want 20.7628%%", got)
	}
	if got := a.Pays; got != "24:1 on 4 points, 249:1 on 5 points, 999:1 on 6 points" {
		t.Errorf("fire bet Pays = %q", got)
	}
}

// TestRuleBookCenterBetMisprint: the private-game rule book says the dice win "970 times out
// of 1980" and that the shooter's disadvantage is 1.414%. Only 976 agrees
// with 1.414%, and 976/1980 is exactly the pass probability 244/495: "970"
// is a misprint, and nothing in the package bends to it.
func TestRuleBookCenterBetMisprint(t *testing.T) {
	pass := analysisOf(t, Standard(), Bet{Kind: PassLine})
	if pass.Win.Cmp(parseFrac(t, "976/1980")) != 0 {
		t.Errorf("pass win %s != 976/1980", pass.Win.RatString())
	}
	if pass.Win.Cmp(parseFrac(t, "970/1980")) == 0 {
		t.Error("pass win equals the misprinted 970/1980")
	}
	// An even-money bet that wins with probability p has edge 1-2p.
	edge := func(p *big.Rat) *big.Rat {
		return new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(big.NewRat(2, 1), p))
	}
	if got := edge(parseFrac(t, "976/1980")); got.Cmp(parseFrac(t, "7/495")) != 0 || got.Cmp(pass.EdgePerBet) != 0 {
		t.Errorf("1-2*976/1980 = %s, want 7/495 = the pass edge %s", got.RatString(), pass.EdgePerBet.RatString())
	}
	if got := percentAs(edge(parseFrac(t, "976/1980")), "1.414"); got != "1.414" {
		t.Errorf("976 gives %s%%, want the rule book's 1.414%%", got)
	}
	wrong := edge(parseFrac(t, "970/1980"))
	if wrong.RatString() != "2/99" || percentAs(wrong, "1.414") == "1.414" {
		t.Errorf("970 would give an edge of %s, which should be 2/99 = 2.020%%, not the rule book's 1.414%%", wrong.RatString())
	} // The private game's center bet is that bet between the shooter and
	// his faders: the shooter's edge is -7/495, the faders' +7/495.
	center, err := Street().AnalyzeSide(Bet{Kind: Center}, Ratio{})
	if err != nil || center.Win.Cmp(parseFrac(t, "976/1980")) != 0 ||
		center.BackerEdge.Cmp(parseFrac(t, "-7/495")) != 0 || center.LayerEdge.Cmp(parseFrac(t, "7/495")) != 0 {
		t.Errorf("center bet: %+v, %v; want win 976/1980, edges -7/495 and 7/495", center, err)
	}
}

// lineOddsByHand is the combined edge of a line bet with full odds: the
// line bet's own edge over the expected total wagered, 1 plus the chance
// of each point times the odds stake allowed on it.
func lineOddsByHand(lineEdge *big.Rat, stake func(point int) *big.Rat) *big.Rat {
	wagered := big.NewRat(1, 1)
	for _, p := range []int{4, 5, 6, 8, 9, 10} {
		w := new(big.Rat).Mul(Totals(p).Probability(), stake(p))
		wagered.Add(wagered, w)
	}
	return new(big.Rat).Quo(lineEdge, wagered)
}

func TestWithOdds(t *testing.T) {
	flat := func(m int64) func(int) *big.Rat { return func(int) *big.Rat { return big.NewRat(m, 1) } }
	byPoint := func(m4, m5, m6 *big.Rat) func(int) *big.Rat {
		return func(p int) *big.Rat {
			switch p {
			case 4, 10:
				return m4
			case 5, 9:
				return m5
			}
			return m6
		}
	}
	threeFourFive := byPoint(big.NewRat(3, 1), big.NewRat(4, 1), big.NewRat(5, 1))
	fullDouble := byPoint(big.NewRat(2, 1), big.NewRat(2, 1), big.NewRat(5, 2))
	// Laying to win a multiple m of the line bet takes a stake of m times
	// 6/ways(p): 3x at 1:2 on 4, 4x at 2:3 on 5, 5x at 5:6 on 6 are all 6x.
	layToWin := func(m func(int) *big.Rat) func(int) *big.Rat {
		return func(p int) *big.Rat { return new(big.Rat).Mul(m(p), big.NewRat(6, int64(Totals(p).Ways()))) }
	}
	// A put bet on its number with odds m: the line's -1/11 (on 6), -1/5
	// (on 5) or -1/3 (on 4), over 1+m wagered.
	put := func(n int, m *big.Rat) *big.Rat {
		w, l := int64(Totals(n).Ways()), int64(6)
		edge := big.NewRat(l-w, l+w)
		return edge.Quo(edge, new(big.Rat).Add(big.NewRat(1, 1), m))
	}
	pass, dont := parseFrac(t, "7/495"), parseFrac(t, "3/220")
	ratio := func(w, s int64) Ratio { return Ratio{w, s} }
	tests := []struct {
		source string
		rules  Rules
		bet    Bet
		limit  OddsLimit
		want   string
		pct    string // as published
		byHand *big.Rat
	}{
		{"[WoO] pass with 3-4-5x odds: 0.374%", Standard(), Bet{Kind: PassLine}, OddsLimit{}, "7/1870", "0.374", lineOddsByHand(pass, threeFourFive)},
		{"[WoO] come with 3-4-5x odds", Standard(), Bet{Kind: Come}, OddsLimit{}, "7/1870", "0.374", lineOddsByHand(pass, threeFourFive)},
		{"[WoO] don't pass with 3-4-5x (6x laid): 0.273%", Standard(), Bet{Kind: DontPass}, OddsLimit{}, "3/1100", "0.273", lineOddsByHand(dont, layToWin(threeFourFive))},
		{"[WoO] pass with single odds: 0.848%", Standard(), Bet{Kind: PassLine}, FlatOdds(1), "7/825", "0.848", lineOddsByHand(pass, flat(1))},
		{"[WoO] pass with 100x odds: 0.021%", Standard(), Bet{Kind: PassLine}, FlatOdds(100), "1/4785", "0.021", lineOddsByHand(pass, flat(100))},
		// Wizard of Odds, "Craps", the combined edge by odds allowed: full
		// double odds (2x, 2.5x on 6 and 8) 0.572%.
		{"[WoO] pass with full double odds: 0.572%", Standard(), Bet{Kind: PassLine},
			OddsLimit{ratio(2, 1), ratio(2, 1), ratio(5, 2), ratio(2, 1), ratio(2, 1)}, "28/4895", "0.572", lineOddsByHand(pass, fullDouble)},
		{"pass with 2x odds", Standard(), Bet{Kind: PassLine}, FlatOdds(2), "1/165", "", lineOddsByHand(pass, flat(2))},
		{"don't pass at the second casino's 1x, laying what wins 1x", Bar2(), Bet{Kind: DontPass}, FlatOdds(1), "3/440", "", lineOddsByHand(dont, layToWin(flat(1)))},
		{"don't pass, laying the multiple itself", Rules{Lay: LayStakeMultiple}, Bet{Kind: DontPass}, FlatOdds(2), "9/1540", "", lineOddsByHand(dont, flat(2))},
		{"don't pass laid at full double, whatever the taken odds", Rules{Odds: FlatOdds(100)}, Bet{Kind: DontPass},
			OddsLimit{ratio(2, 1), ratio(2, 1), ratio(5, 2), ratio(2, 1), ratio(2, 1)}, "", "", lineOddsByHand(dont, layToWin(fullDouble))},
		{"put 6 with 5x odds: its line edge 1/11 over 6 wagered", Standard(), Bet{Kind: Put, Number: 6}, OddsLimit{}, "1/66", "", put(6, big.NewRat(5, 1))},
		{"put 4 with 2x odds", Standard(), Bet{Kind: Put, Number: 4}, FlatOdds(2), "1/9", "", put(4, big.NewRat(2, 1))},
		{"put 5 with 100x odds", Standard(), Bet{Kind: Put, Number: 5}, FlatOdds(100), "1/505", "", put(5, big.NewRat(100, 1))},
		{"a come bet on its 6 is a put bet on it", Standard(), Bet{Kind: Come, Number: 6}, OddsLimit{}, "1/66", "", put(6, big.NewRat(5, 1))},
	}
	for _, tc := range tests {
		lo, err := tc.rules.WithOdds(tc.bet, tc.limit)
		if err != nil {
			t.Errorf("%s: %v", tc.source, err)
			continue
		}
		if got := fracString(lo.EdgePerBet); tc.want != "" && got != tc.want {
			t.Errorf("%s: edge %s, want %s", tc.source, got, tc.want)
		}
		if tc.pct != "" {
			if got := percentAs(parseFrac(t, tc.want), tc.pct); got != tc.pct {
				t.Errorf("%s: the exact %s is %s%%, but the source prints %s%%", tc.source, tc.want, got, tc.pct)
			}
		}
		if lo.EdgePerBet.Cmp(tc.byHand) != 0 {
			t.Errorf("%s: edge %s, but the line edge over the amount wagered is %s", tc.source, fracString(lo.EdgePerBet), tc.byHand.RatString())
		}
		line := analysisOf(t, tc.rules, tc.bet)
		if want := new(big.Rat).Quo(lo.EdgePerBet, line.Rolls); lo.EdgePerRoll.Cmp(want) != 0 {
			t.Errorf("%s: edge per roll %s, want %s", tc.source, fracString(lo.EdgePerRoll), want.RatString())
		}
		if lo.Limit != tc.limit || lo.Bet != tc.bet {
			t.Errorf("%s: result labelled %v %+v", tc.source, lo.Bet, lo.Limit)
		}
	}
	if got := fracString(withOddsOf(t, Standard(), PassLine, OddsLimit{}).Wagered); got != "34/9" {
		t.Errorf("3-4-5x wagered %s, want 34/9", got)
	}
	for _, tc := range []struct {
		reason string
		rules  Rules
		bet    Bet
		want   error
	}{
		{"the field has no odds", Standard(), Bet{Kind: Field}, ErrNotOffered},
		{"no don't pass in crapless craps", Crapless(), Bet{Kind: DontPass}, ErrNotOffered},
		{"invalid rules", Rules{Bar: 5}, Bet{Kind: PassLine}, ErrInvalidRules},
		{"a put bet needs its number", Standard(), Bet{Kind: Put}, ErrSyntax},
		{"no put bets at this table", Rules{NotOffered: Kinds(Put)}, Bet{Kind: Put, Number: 6}, ErrNotOffered},
	} {
		if _, err := tc.rules.WithOdds(tc.bet, OddsLimit{}); !errors.Is(err, tc.want) {
			t.Errorf("%s: WithOdds(%v) err = %v, want %v", tc.reason, tc.bet, err, tc.want)
		}
	}
	for _, limit := range []OddsLimit{{On4: Ratio{-1, 1}}, {On6: Ratio{0, 1}}, FlatOdds(10_001)} {
		if _, err := Standard().WithOdds(Bet{Kind: PassLine}, limit); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("WithOdds with the limit %+v: err = %v, want ErrInvalidRules", limit, err)
		}
	}
}

func withOddsOf(t *testing.T, r Rules, k BetKind, limit OddsLimit) LineOdds {
	t.Helper()
	lo, err := r.WithOdds(Bet{Kind: k}, limit)
	if err != nil {
		t.Fatal(err)
	}
	return lo
}

func TestAnalyzeErrors(t *testing.T) {
	tests := []struct {
		reason string
		rules  Rules
		bet    Bet
		want   error
	}{
		{"rules that do not validate", Rules{Bar: 3}, Bet{Kind: PassLine}, ErrInvalidRules},
		{"a bet the rules do not offer", Crapless(), Bet{Kind: DontPass}, ErrNotOffered},
		{"place 2 at a standard table", Standard(), Bet{Kind: Place, Number: 2}, ErrNotOffered},
		{"not a bet at all", Standard(), Bet{Kind: Place, Number: 7}, ErrSyntax},
		{"pass odds need their point", Standard(), Bet{Kind: PassOdds}, ErrSyntax},
		{"lay odds need their point", Standard(), Bet{Kind: DontPassOdds}, ErrSyntax},
	}
	for _, tc := range tests {
		if _, err := tc.rules.Analyze(tc.bet); !errors.Is(err, tc.want) {
			t.Errorf("%s: Analyze(%#v) err = %v, want %v", tc.reason, tc.bet, err, tc.want)
		}
	}
	if _, err := (Rules{Unit: -1}).EdgeTable(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("EdgeTable of invalid rules: err = %v, want ErrInvalidRules", err)
	}
}

func TestAnalyzeComeBetOnItsNumber(t *testing.T) {
	// A come bet that has moved to 4 is 4 before 7; a don't come bet on 4
	// is 7 before 4.
	if got := fracString(analysisOf(t, Standard(), Bet{Kind: Come, Number: 4}).Win); got != "1/3" {
		t.Errorf("come 4 wins %s, want 1/3", got)
	}
	if got := fracString(analysisOf(t, Standard(), Bet{Kind: DontCome, Number: 4}).Win); got != "2/3" {
		t.Errorf("don't come 4 wins %s, want 2/3", got)
	}
}

func TestAnalysisTrueOddsAndPays(t *testing.T) {
	tests := []struct {
		reason string
		rules  Rules
		bet    Bet
		odds   string
		pays   string
	}{
		{"the pass line: 251 losses to 244 wins", Standard(), Bet{Kind: PassLine}, "251 to 244", "1:1"},
		{"don't pass: pushes left out", Standard(), Bet{Kind: DontPass}, "976 to 949", "1:1"},
		{"place 6: 6 to 5 against", Standard(), Bet{Kind: Place, Number: 6}, "6 to 5", "7:6"},
		{"the world's 7 is a push, left out", Standard(), Bet{Kind: World}, "4 to 1", "11:5, 26:5 on 2, 12"},
		{"the field lists its special payouts", Standard(), Bet{Kind: Field}, "5 to 4", "1:1, 2:1 on 2, 3:1 on 12"},
		{"the horn", Standard(), Bet{Kind: Horn}, "5 to 1", "3:1, 27:4 on 2, 12"},
		{"lay 4 pays at the reverse of the true odds", Standard(), Bet{Kind: Lay, Number: 4}, "1 to 2", "1:2"},
	}
	for _, tc := range tests {
		a := analysisOf(t, tc.rules, tc.bet)
		if got := oddsText(a.TrueOdds()); got != tc.odds {
			t.Errorf("%s: %v TrueOdds = %q, want %q", tc.reason, tc.bet, got, tc.odds)
		}
		if a.Pays != tc.pays {
			t.Errorf("%s: %v Pays = %q, want %q", tc.reason, tc.bet, a.Pays, tc.pays)
		}
	}
	if got := oddsText((Analysis{}).TrueOdds()); got != "-" {
		t.Errorf("the zero Analysis's TrueOdds = %q, want -", got)
	}
}

func TestTrueOddsQuoted(t *testing.T) {
	row := map[string]TrueOddsRow{}
	for _, r := range TrueOddsTable() {
		row[r.Name] = r
	}
	hard6 := Combination(3, 3)
	tests := []struct {
		source string
		got    *big.Rat
		want   string
	}{
		{"the private-game rule book Table 1 (d): 12 before 4 is 3-1", OddsBefore(Totals(12), Totals(4)), "3 to 1"},
		{"the private-game rule book Table 1 (d): reversed, 4 before 12 is 1-3", OddsBefore(Totals(4), Totals(12)), "1 to 3"},
		{"the private-game rule book Table 1 (c): 6 before 7 is 6 to 5", row["6"].BeforeSeven, "6 to 5"},
		{"the point 4 before 7 is 2 to 1 (the posted casino rules and the croupier trainer: odds pay 2:1)", row["4"].BeforeSeven, "2 to 1"},
		{"the private-game rule book Table 1 (b): a 2 in one roll is 35 to 1", row["2"].OneRoll, "35 to 1"},
		{"the private-game rule book: a specific pair (3-3) is 35-1", OddsBefore(hard6, AllOutcomes&^hard6), "35 to 1"},
		{"the private-game rule book: a specific two-different combination (6-5) is 17-1", OddsBefore(Combination(6, 5), AllOutcomes&^Combination(6, 5)), "17 to 1"},
		{"the private-game rule book: any craps is 8-1", row["craps"].OneRoll, "8 to 1"},
		{"a 7 in one roll is 5 to 1", row["7"].OneRoll, "5 to 1"},
		{"a throw in both sets counts for the first: hard 6 against any 6 or 7 is 10 to 1", OddsBefore(hard6, Totals(6, 7)), "10 to 1"},
		{"a group before 7: the point numbers, 24 ways to 6", row["point numbers"].BeforeSeven, "1 to 4"},
		{"a group holding a 7 has no odds before a 7", row["odd totals"].BeforeSeven, "-"},
	}
	for _, tc := range tests {
		if got := oddsText(tc.got); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.source, got, tc.want)
		}
	}
}

// TestTrueOddsTable checks every row of the private-game rule book's Table 1 against the
// counts of throws, reduced by hand.
func TestTrueOddsTable(t *testing.T) {
	rows := TrueOddsTable()
	wantNames := []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12",
		"point numbers", "field numbers", "craps", "odd totals", "even totals", "under 7", "over 7", "doubles"}
	wantSets := []OutcomeSet{Totals(2), Totals(3), Totals(4), Totals(5), Totals(6), Totals(7), Totals(8),
		Totals(9), Totals(10), Totals(11), Totals(12), PointNumbers, FieldNumbers, CrapsNumbers, OddTotals,
		EvenTotals, Under7, Over7, Doubles}
	var names []string
	for _, r := range rows {
		names = append(names, r.Name)
	}
	if diff := cmp.Diff(wantNames, names); diff != "" {
		t.Fatalf("TrueOddsTable rows: (-want +got)\n%s", diff)
	}
	reduced := func(a, b int64) string {
		g := new(big.Int).GCD(nil, nil, big.NewInt(a), big.NewInt(b)).Int64()
		return big.NewInt(a/g).String() + " to " + big.NewInt(b/g).String()
	}
	for i, r := range rows {
		if r.Set != wantSets[i] {
			t.Errorf("row %q set %v, want %v", r.Name, r.Set, wantSets[i])
		}
		w := int64(wantSets[i].Ways())
		if int64(r.Ways) != w {
			t.Errorf("row %q ways %d, want %d", r.Name, r.Ways, w)
		}
		if got, want := oddsText(r.OneRoll), reduced(36-w, w); got != want {
			t.Errorf("row %q one roll %q, want %q", r.Name, got, want)
		}
		want := "-"
		if wantSets[i]&Totals(7) == 0 {
			want = reduced(6, w)
		}
		if got := oddsText(r.BeforeSeven); got != want {
			t.Errorf("row %q before 7 %q, want %q", r.Name, got, want)
		}
	}
}

func TestHardwayTable(t *testing.T) {
	want := []struct {
		reason                       string
		n, hard, easy, seven, losing int
		against                      string
	}{
		{"hard 4: 2-2 against 1-3, 3-1 and the six 7s", 4, 1, 2, 6, 8, "8 to 1"},
		{"the private-game rule book Table 2: hard 6, one way, 4 easy ways, 6 sevens, 10 losing", 6, 1, 4, 6, 10, "10 to 1"},
		{"hard 8 mirrors hard 6", 8, 1, 4, 6, 10, "10 to 1"},
		{"hard 10 mirrors hard 4", 10, 1, 2, 6, 8, "8 to 1"},
	}
	rows := HardwayTable()
	if len(rows) != len(want) {
		t.Fatalf("HardwayTable has %d rows, want %d", len(rows), len(want))
	}
	for i, w := range want {
		r := rows[i]
		got := []int{r.Number, r.Hard, r.Easy, r.Seven, r.Losing}
		if diff := cmp.Diff([]int{w.n, w.hard, w.easy, w.seven, w.losing}, got); diff != "" {
			t.Errorf("%s: row (number, hard, easy, seven, losing): (-want +got)\n%s", w.reason, diff)
		}
		if oddsText(r.Against) != w.against {
			t.Errorf("%s: against %q, want %q", w.reason, r.Against, w.against)
		}
	}
}

// fireDistribution is the chance that a shooter's hand makes exactly k
// different points, k = 0 to 6, by a recursion over the set of points made
// that shares nothing with the package's chain solver. From a come-out the
// next roll that matters sets point p with chance ways(p)/24 (7, 11 and
// craps leave the come-out as it was); the point is then made with chance
// ways(p)/(ways(p)+6), or the hand ends.
var fireDistribution = sync.OnceValue(func() [7]*big.Rat {
	points := []int{4, 5, 6, 8, 9, 10}
	var dist [64][7]*big.Rat
	for m := 63; m >= 0; m-- {
		stay, sevenOut := new(big.Rat), new(big.Rat)
		var rhs [7]*big.Rat
		for k := range rhs {
			rhs[k] = new(big.Rat)
		}
		for i, p := range points {
			w := int64(Totals(p).Ways())
			set, hit := big.NewRat(w, 24), big.NewRat(w, w+6)
			madeIt := new(big.Rat).Mul(set, hit)
			sevenOut.Add(sevenOut, new(big.Rat).Sub(set, madeIt))
			if m&(1<<i) != 0 { // made before: back to this same come-out
				stay.Add(stay, madeIt)
				continue
			}
			for k := range rhs {
				rhs[k].Add(rhs[k], new(big.Rat).Mul(madeIt, dist[m|1<<i][k]))
			}
		}
		rhs[bits.OnesCount(uint(m))].Add(rhs[bits.OnesCount(uint(m))], sevenOut)
		leave := new(big.Rat).Sub(big.NewRat(1, 1), stay)
		for k := range rhs {
			rhs[k].Quo(rhs[k], leave)
		}
		dist[m] = rhs
	}
	return dist[0]
})

// TestFireBetAgainstEthier checks the independent recursion against
// [Ethier]'s distribution, then the package's fire bet against it.
func TestFireBetAgainstEthier(t *testing.T) {
	dist := fireDistribution()
	ethier := []string{"0.593939393939", "0.260750492004", "0.101275355549", "0.033434212179", "0.008798178440"}
	sum := new(big.Rat)
	for k, p := range dist {
		sum.Add(sum, p)
		if k < len(ethier) && p.FloatString(12) != ethier[k] {
			t.Errorf("P(%d points) = %s, Ethier prints %s", k, p.FloatString(12), ethier[k])
		}
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("the distribution sums to %s", sum.RatString())
	}
	a := analysisOf(t, Standard(), Bet{Kind: Fire})
	win := new(big.Rat).Add(dist[4], dist[5])
	win.Add(win, dist[6])
	if a.Win.Cmp(win) != 0 {
		t.Errorf("fire bet wins %s, the recursion says %s", a.Win.RatString(), win.RatString())
	}
	ret := fireReturnByHand(Standard().Fire)
	if a.Return.Cmp(ret) != 0 {
		t.Errorf("fire bet return %s, the recursion says %s", a.Return.RatString(), ret.RatString())
	}
	// A hand is a run of pass decisions ending at the first seven-out, so
	// by Wald's identity it lasts 557/165 rolls a decision over the chance
	// 196/495 that a decision is a seven-out.
	hand := new(big.Rat).Quo(parseFrac(t, "557/165"), parseFrac(t, "196/495"))
	if a.Rolls.Cmp(hand) != 0 || hand.RatString() != "1671/196" {
		t.Errorf("fire bet lasts %s rolls, Wald's identity gives %s", a.Rolls.RatString(), hand.RatString())
	}
}

// fireReturnByHand is the fire bet's expected net under a pay table,
// from fireDistribution.
func fireReturnByHand(p FirePaytable) *big.Rat {
	dist := fireDistribution()
	pays := []Ratio{p.Three, p.Four.or(Ratio{24, 1}), p.Five.or(Ratio{249, 1}), p.Six.or(Ratio{999, 1})}
	ret := new(big.Rat)
	for k, q := range dist {
		if k < 3 || k == 3 && p.Three.IsZero() {
			ret.Sub(ret, q)
			continue
		}
		ret.Add(ret, new(big.Rat).Mul(q, pays[k-3].Rat()))
	}
	return ret
}

// atsByHand computes all, tall or small by inclusion and exclusion over
// the totals it needs, T: it wins unless some total in T comes after the
// 7, so P(win) = sum over S in T of (-1)^|S| 6/(6+ways(S)); and it is
// decided at max over i in T of min(time of the 7, first time of i), whose
// mean is sum over nonempty S of (-1)^(|S|+1) 36/(6+ways(S)).
func atsByHand(totals []int) (win, rolls *big.Rat) {
	win, rolls = new(big.Rat), new(big.Rat)
	for s := range 1 << len(totals) {
		var set OutcomeSet
		for i, n := range totals {
			if s&(1<<i) != 0 {
				set |= Totals(n)
			}
		}
		w := int64(set.Ways())
		sign := int64(1 - 2*(bits.OnesCount(uint(s))%2))
		win.Add(win, big.NewRat(sign*6, 6+w))
		if s != 0 {
			rolls.Sub(rolls, big.NewRat(sign*36, 6+w))
		}
	}
	return win, rolls
}

func TestAllTallSmallByInclusionExclusion(t *testing.T) {
	for _, tc := range []struct {
		reason string
		kind   BetKind
		totals []int
	}{
		{"small: 2 to 6 before a 7", Small, []int{2, 3, 4, 5, 6}},
		{"tall: 8 to 12 before a 7", Tall, []int{8, 9, 10, 11, 12}},
		{"all: every total but 7 before a 7 (1024 chain states; skipped under -short)", All, []int{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}},
	} {
		if tc.kind == All && !thorough() {
			continue
		}
		a := analysisOf(t, Standard(), Bet{Kind: tc.kind})
		win, rolls := atsByHand(tc.totals)
		if a.Win.Cmp(win) != 0 {
			t.Errorf("%s: %v wins %s, inclusion-exclusion gives %s", tc.reason, tc.kind, a.Win.RatString(), win.RatString())
		}
		if a.Rolls.Cmp(rolls) != 0 {
			t.Errorf("%s: %v takes %s rolls, inclusion-exclusion gives %s", tc.reason, tc.kind, a.Rolls.RatString(), rolls.RatString())
		}
	}
}

func TestEdgeTableRows(t *testing.T) {
	for _, name := range []string{"standard", "bar2", "crapless"} {
		r, _ := preset(name)
		rows, err := r.EdgeTable()
		if err != nil {
			t.Fatal(err)
		}
		var want []Bet
		for _, b := range r.Catalogue() {
			want = append(want, b)
			if r.LineBetsRemovable && (b.Kind == PassLine || b.Kind == Come) {
				want = append(want, b)
			}
		}
		var got []Bet
		for _, a := range rows {
			got = append(got, a.Bet)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s EdgeTable bets: (-want +got)\n%s", name, diff)
		}
		for i, a := range rows {
			takenDown := i > 0 && rows[i-1].Bet == a.Bet
			wantNote := ""
			if takenDown {
				wantNote = "taken down at its point"
			}
			if a.Note != wantNote {
				t.Errorf("%s row %d %v note %q, want %q", name, i, a.Bet, a.Note, wantNote)
			}
			if takenDown || a.Bet.Kind == Fire || a.Bet.Kind == All {
				continue // the fire and all rows cost most; TestFireBetAgainstEthier and the hand checks cover them
			}
			b := analysisOf(t, r, a.Bet)
			if fracString(a.EdgePerBet) != fracString(b.EdgePerBet) || fracString(a.Rolls) != fracString(b.Rolls) {
				t.Errorf("%s row %v: EdgeTable and Analyze disagree", name, a.Bet)
			}
		}
	}
}

// rulesGen draws valid Rules field by field, from ranges that keep
// Validate happy: the horn, world and C&E parts pay enough that the whole
// bet never loses when one of them wins, printed "for 1" or not.
func rulesGen() *rapid.Generator[Rules] {
	return rapid.Custom(func(t *rapid.T) Rules {
		// ratio draws a payout of lo to hi per unit staked, or the default.
		ratio := func(label string, lo, hi int64) Ratio {
			if rapid.Bool().Draw(t, label+" default") {
				return Ratio{}
			}
			s := rapid.Int64Range(1, 3).Draw(t, label+" stake")
			return Ratio{rapid.Int64Range(lo*s, hi*s).Draw(t, label+" win"), s}
		}
		commission := func(label string, unit Amount) Commission {
			var c Commission
			if !rapid.Bool().Draw(t, label+" default rate") {
				s := rapid.Int64Range(1, 100).Draw(t, label+" rate stake")
				c.Rate = Ratio{rapid.Int64Range(0, s-1).Draw(t, label+" rate win"), s}
			}
			c.Base = CommissionBase(rapid.IntRange(0, 2).Draw(t, label+" base"))
			c.Timing = CommissionTiming(rapid.IntRange(0, 3).Draw(t, label+" timing"))
			c.Rounding = Rounding(rapid.IntRange(0, 2).Draw(t, label+" rounding"))
			c.Minimum = unit * Amount(rapid.IntRange(0, 10).Draw(t, label+" minimum units"))
			return c
		}
		sw := func(label string) Switch { return Switch(rapid.IntRange(0, 2).Draw(t, label)) }
		multiple := func(label string) Ratio {
			if rapid.Bool().Draw(t, label+" default") {
				return Ratio{}
			}
			s := rapid.Int64Range(1, 2).Draw(t, label+" stake")
			return Ratio{rapid.Int64Range(1, 100*s).Draw(t, label+" win"), s}
		}
		odds := func(label string) OddsLimit {
			return OddsLimit{multiple(label + " 4"), multiple(label + " 5"), multiple(label + " 6"), multiple(label + " 3"), multiple(label + " 2")}
		}
		totals := func(label string, from []int) OutcomeSet {
			return Totals(rapid.SliceOfNDistinct(rapid.SampledFrom(from), 1, len(from), func(n int) int { return n }).Draw(t, label)...)
		}
		notSeven := []int{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}

		var r Rules
		r.Crapless = rapid.Bool().Draw(t, "crapless")
		if !r.Crapless {
			r.Bar = rapid.SampledFrom([]int{0, 2, 12}).Draw(t, "bar")
		}
		if rapid.Bool().Draw(t, "field totals") {
			r.Field.Totals = totals("field", notSeven)
		}
		for _, n := range notSeven {
			if r.fieldTotals()&Totals(n) != 0 {
				r.Field.Pays[n] = ratio(fmt.Sprintf("field %d", n), 0, 4)
			}
		}
		r.Hard4, r.Hard6 = ratio("hard4", 0, 12), ratio("hard6", 0, 12)
		r.Any7 = ratio("any7", 4, 6)         // the world pushes or wins on a 7
		r.AnyCraps = ratio("anycraps", 1, 9) // C&E does not lose on craps
		r.PropsFor1 = rapid.Bool().Draw(t, "for1")
		// 5 or more per unit, enough to cover the four other units of a
		// world or horn high.
		r.Two, r.Three = ratio("two", 5, 35), ratio("three", 5, 20)
		r.Eleven, r.Twelve = ratio("eleven", 5, 20), ratio("twelve", 5, 35)
		r.EasyHop, r.HardHop = ratio("easy hop", 1, 20), ratio("hard hop", 1, 35)
		r.Odds = odds("odds")
		if rapid.Bool().Draw(t, "lay odds") {
			r.LayOdds = odds("lay odds")
		}
		r.Lay = LayLimit(rapid.IntRange(0, 1).Draw(t, "lay"))
		r.Unit = Amount(rapid.IntRange(0, 100).Draw(t, "unit"))
		u := max(r.Unit, 1)
		r.BuyCommission, r.LayCommission = commission("buy", u), commission("lay", u)
		if rapid.Bool().Draw(t, "buy on some") {
			r.BuyOn = totals("buy on", []int{4, 5, 6, 8, 9, 10})
		}
		r.Minimum = u * Amount(rapid.IntRange(0, 10).Draw(t, "minimum units"))
		if rapid.Bool().Draw(t, "has maximum") {
			r.Maximum = r.Minimum + u*Amount(rapid.IntRange(0, 1000).Draw(t, "maximum units"))
		}
		for i, kinds := range []KindSet{Kinds(Hardway), Kinds(Buy, Lay), Kinds(PassOdds, ComeOdds, PutOdds), Kinds(Hop, Any7)} {
			if rapid.Bool().Draw(t, fmt.Sprintf("limit %d", i)) {
				least := u * Amount(rapid.IntRange(0, 10).Draw(t, fmt.Sprintf("limit %d least", i)))
				r.Limits[i] = KindLimit{kinds, least, least + u*Amount(rapid.IntRange(1, 1000).Draw(t, fmt.Sprintf("limit %d most", i)))}
			}
		}
		r.ComeOut = ComeOutWorking{sw("place"), sw("buy"), sw("lay"), sw("come odds"), sw("dont come odds"), sw("hardways"), sw("put")}
		if r.ComeOut.Put == SwitchOff && r.ComeOut.ComeOdds == SwitchOn {
			r.ComeOut.ComeOdds = SwitchOff // odds follow their put bet
		}
		r.StayUp = StayUpAfterWin{sw("up place"), sw("up buy"), sw("up lay"), sw("up big"), sw("up hardways")}
		r.LineBetsRemovable = rapid.Bool().Draw(t, "removable")
		r.LatePassLine = sw("late pass")
		off := rapid.SliceOfDistinct(rapid.SampledFrom([]BetKind{Put, PutOdds, PlaceToLose, Big6, Big8, Hop,
			Horn, HornHigh, World, CAndE, Fire, All, Tall, Small, Repeater, ThreeWay, AllHardways,
			RideTheLine, HotShooter, DifferentDoubles, BonusCraps}), func(k BetKind) BetKind { return k }).Draw(t, "not offered")
		r.NotOffered = Kinds(off...)
		r.Fire = FirePaytable{ratio("fire 3", 0, 10), ratio("fire 4", 0, 40), ratio("fire 5", 0, 300), ratio("fire 6", 0, 1500)}
		r.FirePaysAtSixthPoint = rapid.Bool().Draw(t, "fire at six")
		r.ATS = ATSPaytable{ratio("all", 0, 250), ratio("tall", 0, 50), ratio("small", 0, 50)}
		for i := range rapid.IntRange(0, 2).Draw(t, "all bets") {
			// At most four totals, sixteen states: the edge tables stay quick.
			set := Totals(rapid.SliceOfNDistinct(rapid.SampledFrom(notSeven), 1, 4, func(n int) int { return n }).Draw(t, fmt.Sprintf("all bet %d", i))...)
			if i == 1 && set == r.AllBets[0].Set {
				continue
			}
			r.AllBets[i] = AllPaytable{Set: set, Pays: Ratio{rapid.Int64Range(1, 300).Draw(t, fmt.Sprintf("all bet %d pays", i)), 1}}
			if totalsIn(set) > 1 && rapid.Bool().Draw(t, fmt.Sprintf("all bet %d all but one", i)) {
				r.AllBets[i].AllButOne = Ratio{rapid.Int64Range(0, 50).Draw(t, fmt.Sprintf("all bet %d all but one pays", i)), 1}
			}
		}
		r.Repeater = RepeaterPaytable{ratio("repeater 2", 0, 50), ratio("repeater 3", 0, 60), ratio("repeater 4", 0, 80),
			ratio("repeater 5", 0, 100), ratio("repeater 6", 0, 120)}
		for _, k := range []BetKind{RideTheLine, HotShooter, DifferentDoubles, BonusCraps} {
			if rapid.Bool().Draw(t, k.String()+" paytable") {
				r.setHandPaytable(k, drawHandPaytable(t, k, 12))
			}
		}
		return r
	})
}

func drawValidRules(t *rapid.T) Rules {
	r := rulesGen().Draw(t, "rules")
	if err := r.Validate(); err != nil {
		t.Fatalf("the generator drew invalid rules %+v: %v", r, err)
	}
	return r
}

var oddsKinds = []BetKind{PassOdds, DontPassOdds, ComeOdds, DontComeOdds, PutOdds}

// TestEdgeTableInvariants checks every row of the edge table of random
// valid rules.
func TestEdgeTableInvariants(t *testing.T) {
	if !thorough() {
		t.Skip("analyses whole edge tables; skipped under -short")
	}
	one := big.NewRat(1, 1)
	rapid.Check(t, func(t *rapid.T) {
		r := drawValidRules(t)
		rows, err := r.EdgeTable()
		if err != nil {
			t.Fatalf("EdgeTable: %v", err)
		}
		want := len(r.Catalogue())
		if r.LineBetsRemovable {
			want += 2 // pass and come, taken down at their point
		}
		if len(rows) != want {
			t.Fatalf("%d rows, want %d", len(rows), want)
		}
		for _, a := range rows {
			name := a.Bet.String() + " " + a.Note
			sum := new(big.Rat).Add(a.Win, a.Lose)
			sum.Add(sum, a.Push)
			if sum.Cmp(one) != 0 {
				t.Fatalf("%s: Win+Lose+Push = %s", name, sum.RatString())
			}
			for _, p := range []*big.Rat{a.Win, a.Lose, a.Push} {
				if p.Sign() < 0 || p.Cmp(one) > 0 {
					t.Fatalf("%s: a probability %s outside [0, 1]", name, p.RatString())
				}
			}
			if slices.Contains(oddsKinds, a.Bet.Kind) && a.EdgePerBet.Sign() != 0 {
				t.Fatalf("%s: odds at true odds have edge %s", name, a.EdgePerBet.RatString())
			}
			if a.Rolls.Cmp(one) < 0 {
				t.Fatalf("%s: Rolls %s < 1", name, a.Rolls.RatString())
			}
			if want := new(big.Rat).Quo(a.EdgePerBet, a.Rolls); a.EdgePerRoll.Cmp(want) != 0 {
				t.Fatalf("%s: EdgePerRoll %s, want EdgePerBet/Rolls = %s", name, a.EdgePerRoll.RatString(), want.RatString())
			}
			if a.Push.Cmp(one) == 0 {
				if a.EdgePerResolved != nil {
					t.Fatalf("%s: always pushes, yet EdgePerResolved = %s", name, a.EdgePerResolved.RatString())
				}
			} else if want := new(big.Rat).Quo(a.EdgePerBet, new(big.Rat).Sub(one, a.Push)); a.EdgePerResolved == nil || a.EdgePerResolved.Cmp(want) != 0 {
				t.Fatalf("%s: EdgePerResolved %s, want EdgePerBet/(1-Push) = %s", name, fracString(a.EdgePerResolved), want.RatString())
			}
			if a.Wagered.Cmp(one) < 0 {
				t.Fatalf("%s: Wagered %s < 1", name, a.Wagered.RatString())
			}
			if want := new(big.Rat).Neg(new(big.Rat).Mul(a.EdgePerBet, a.Wagered)); a.Return.Cmp(want) != 0 {
				t.Fatalf("%s: Return %s, want -EdgePerBet*Wagered = %s", name, a.Return.RatString(), want.RatString())
			}
			if a.Note != "" {
				checkTakenDownByHand(t, r, a)
			} else {
				checkByHand(t, r, a)
			}
		}
	})
}

// TestBetsByHand compares Analyze with the closed forms of checkByHand
// for every bet of random rules except the slow all bets and bets on a
// count (which TestFireBetAgainstEthier, TestAllTallSmallByInclusionExclusion,
// TestHandBetsByHand and TestEdgeTableInvariants cover).
func TestBetsByHand(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawValidRules(t)
		for _, b := range r.Catalogue() {
			if b.Kind == All || b.Kind.handCount() != noHandCount {
				continue // TestHandBetsByHand and TestEdgeTableInvariants cover them
			}
			a, err := r.Analyze(b)
			if err != nil {
				t.Fatalf("Analyze(%v): %v", b, err)
			}
			checkByHand(t, r, a)
		}
	})
}

// checkByHand recomputes a bet's figures without the chain solver: one-roll
// bets by summing the bet's definition over the 36 throws; "X before 7"
// bets, line bets, hardways, fire and all/tall/small from closed forms in
// the counts of throws; commission from its documented rule.
func checkByHand(t *rapid.T, r Rules, a Analysis) {
	b := a.Bet
	var win, lose, push, gross, rolls *big.Rat
	switch b.Kind {
	case Field, Any7, AnyCraps, Aces, AceDeuce, Yo, Boxcars, Horn, HornHigh, CAndE, World, ThreeWay, Hop:
		win, lose, push, gross = new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
		for _, d := range AllDice() {
			e := b.roll(&r, b.start(), d)
			switch e.verdict {
			case wins:
				win.Add(win, big.NewRat(1, 36))
				gross.Add(gross, new(big.Rat).Mul(e.pays.Rat(), big.NewRat(1, 36)))
			case loses:
				lose.Add(lose, big.NewRat(1, 36))
			case pushes:
				push.Add(push, big.NewRat(1, 36))
			default:
				t.Fatalf("%v: one-roll bet not decided by %v", b, d)
			}
		}
		rolls = big.NewRat(1, 1)
	case PassOdds, ComeOdds, PutOdds, Buy, Place, Big6, Big8, Put, Come, DontCome, DontPassOdds, DontComeOdds, Lay, PlaceToLose:
		if (b.Kind == Come || b.Kind == DontCome) && b.Number == 0 {
			win, lose, push, gross, rolls = lineByHand(r, b.Kind == DontCome)
			break
		}
		n := b.Number
		switch b.Kind {
		case Big6:
			n = 6
		case Big8:
			n = 8
		}
		w := int64(Totals(n).Ways())
		numberFirst, sevenFirst := big.NewRat(w, w+6), big.NewRat(6, w+6)
		rolls, push = big.NewRat(36, w+6), new(big.Rat)
		switch b.Kind {
		case DontPassOdds, DontComeOdds, Lay, PlaceToLose, DontCome:
			win, lose = sevenFirst, numberFirst
		default:
			win, lose = numberFirst, sevenFirst
		}
		gross = new(big.Rat).Mul(win, publishedPays(b).Rat())
	case PassLine, DontPass:
		win, lose, push, gross, rolls = lineByHand(r, b.Kind == DontPass)
	case Hardway:
		w := int64(Totals(b.Number).Ways())
		win, lose, push, rolls = big.NewRat(1, w+6), big.NewRat(w+5, w+6), new(big.Rat), big.NewRat(36, w+6)
		pays := r.Hard6.or(Ratio{9, 1})
		if b.Number == 4 || b.Number == 10 {
			pays = r.Hard4.or(Ratio{7, 1})
		}
		gross = new(big.Rat).Mul(win, pays.Rat())
	case Repeater:
		// Each throw of the number or a 7 takes 36/(w+6) throws; the bet
		// needs k of the number, each before the 7 with chance w/(w+6).
		w, k := int64(Totals(b.Number).Ways()), min(b.Number, 14-b.Number)
		q := big.NewRat(w, w+6)
		win = big.NewRat(1, 1)
		events := new(big.Rat)
		for range k {
			events.Add(events, win)
			win = new(big.Rat).Mul(win, q)
		}
		lose, push = new(big.Rat).Sub(big.NewRat(1, 1), win), new(big.Rat)
		rolls = new(big.Rat).Mul(events, big.NewRat(36, w+6))
		gross = new(big.Rat).Mul(win, r.repeaterPays(b.Number).Rat())
	case AllHardways:
		// A quarter on each hardway: the average of their figures.
		win, lose, push, gross, rolls = new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
		for _, n := range []int{4, 6, 8, 10} {
			h, err := r.Analyze(Bet{Kind: Hardway, Number: n})
			if err != nil {
				t.Fatal(err)
			}
			quarter := big.NewRat(1, 4)
			win.Add(win, new(big.Rat).Mul(quarter, h.Win))
			lose.Add(lose, new(big.Rat).Mul(quarter, h.Lose))
			rolls.Add(rolls, new(big.Rat).Mul(quarter, h.Rolls))
			gross.Add(gross, new(big.Rat).Mul(quarter, new(big.Rat).Add(h.Return, h.Lose)))
		}
	case Tall, Small:
		totals := []int{2, 3, 4, 5, 6}
		pays := r.ATS.Small.or(Ratio{34, 1})
		if b.Kind == Tall {
			totals, pays = []int{8, 9, 10, 11, 12}, r.ATS.Tall.or(Ratio{34, 1})
		}
		win, rolls = atsByHand(totals)
		lose, push = new(big.Rat).Sub(big.NewRat(1, 1), win), new(big.Rat)
		gross = new(big.Rat).Mul(win, pays.Rat())
	case All:
		p, _ := r.allPaytable(b)
		var totals []int
		for n := 2; n <= 12; n++ {
			if p.Set&Totals(n) != 0 {
				totals = append(totals, n)
			}
		}
		win, rolls = atsByHand(totals)
		gross = new(big.Rat).Mul(win, p.Pays.Rat())
		if !p.AllButOne.IsZero() {
			// All but total i in at the 7: all of the others before it,
			// less all of them.
			short := new(big.Rat)
			for i := range totals {
				others, _ := atsByHand(slices.Delete(slices.Clone(totals), i, i+1))
				short.Add(short, others.Sub(others, win))
			}
			gross.Add(gross, new(big.Rat).Mul(short, p.AllButOne.Rat()))
			win = new(big.Rat).Add(win, short)
		}
		lose, push = new(big.Rat).Sub(big.NewRat(1, 1), win), new(big.Rat)
	case RideTheLine, HotShooter, DifferentDoubles, BonusCraps:
		checkCountByHand(t, r, a)
		return
	case PointSeven, SevenPoint, SevenPointSeven, MuggsysCorner:
		win, lose, push, gross, rolls = sequenceByHand(r, b.Kind)
	case Fire:
		ret := fireReturnByHand(r.Fire)
		if a.Return.Cmp(ret) != 0 {
			t.Fatalf("fire bet under %+v: Return %s, by hand %s", r.Fire, a.Return.RatString(), ret.RatString())
		}
		// Settled at the seven-out, the bet lasts the hand; paid at the
		// sixth point, a little less.
		if hand := big.NewRat(1671, 196); r.FirePaysAtSixthPoint && a.Rolls.Cmp(hand) >= 0 ||
			!r.FirePaysAtSixthPoint && a.Rolls.Cmp(hand) != 0 {
			t.Fatalf("fire bet Rolls %s settled at the sixth point %v; the hand lasts 1671/196", a.Rolls.RatString(), r.FirePaysAtSixthPoint)
		}
		return
	default:
		t.Fatalf("no hand check for %v", b)
	}
	ret := new(big.Rat).Sub(gross, lose)
	wagered := big.NewRat(1, 1)
	if b.Kind == Buy || b.Kind == Lay {
		c := r.BuyCommission
		if b.Kind == Lay {
			c = r.LayCommission
		}
		rate := c.Rate.or(Ratio{1, 20}).Rat()
		// The commission on one unit bet: on the bet, or on what it wins
		// (a lay's win by default).
		per := rate
		if c.Base == CommissionOnWin || c.Base == CommissionStandardBase && b.Kind == Lay {
			per = new(big.Rat).Mul(rate, publishedPays(b).Rat())
		}
		if w := publishedPays(b).Rat(); per.Cmp(w) > 0 {
			per = w // never more than the bet wins
		}
		switch c.Timing {
		case CommissionUpfront, CommissionUpfrontKeptOnLoss: // kept on a win and a loss, and part of the wager
			ret.Sub(ret, per)
			wagered.Add(wagered, per)
		case CommissionOnWinOnly: // taken from wins only
			ret.Sub(ret, new(big.Rat).Mul(per, win))
		case CommissionUpfrontReturned: // put down with the bet, kept only on a win
			ret.Sub(ret, new(big.Rat).Mul(per, win))
			wagered.Add(wagered, per)
		}
	}
	for _, f := range []struct {
		name      string
		got, want *big.Rat
	}{{"Win", a.Win, win}, {"Lose", a.Lose, lose}, {"Push", a.Push, push}, {"Rolls", a.Rolls, rolls},
		{"Return", a.Return, ret}, {"Wagered", a.Wagered, wagered}} {
		if f.got.Cmp(f.want) != 0 {
			t.Fatalf("%v under %+v: %s = %s, by hand %s", b, r, f.name, f.got.RatString(), f.want.RatString())
		}
	}
}

// publishedPays is the payout of the bets whose payout no rule changes:
// true odds, place (the posted casino rules, the second casino's rules and the croupier trainer; crapless from [WoO-crapless]),
// place to lose (the second casino's rules), even money.
func publishedPays(b Bet) Ratio {
	trueOdds := map[int]Ratio{2: {6, 1}, 3: {3, 1}, 4: {2, 1}, 5: {3, 2}, 6: {6, 5}, 8: {6, 5}, 9: {3, 2}, 10: {2, 1}, 11: {3, 1}, 12: {6, 1}}
	switch b.Kind {
	case PassOdds, ComeOdds, PutOdds, Buy:
		return trueOdds[b.Number]
	case DontPassOdds, DontComeOdds, Lay:
		t := trueOdds[b.Number]
		return Ratio{t.Stake, t.Win}
	case Place:
		return map[int]Ratio{2: {11, 2}, 3: {11, 4}, 4: {9, 5}, 5: {7, 5}, 6: {7, 6}, 8: {7, 6}, 9: {7, 5}, 10: {9, 5}, 11: {11, 4}, 12: {11, 2}}[b.Number]
	case PlaceToLose:
		return map[int]Ratio{4: {5, 11}, 5: {5, 8}, 6: {4, 5}, 8: {4, 5}, 9: {5, 8}, 10: {5, 11}}[b.Number]
	}
	return Ratio{1, 1}
}

// lineByHand is the pass line (or don't pass) from its come-out: the
// chance of each come-out total, then each point's chance of repeating
// before a 7.
func lineByHand(r Rules, dont bool) (win, lose, push, gross, rolls *big.Rat) {
	naturals, craps := Totals(7, 11), Totals(2, 3, 12)
	if r.Crapless {
		naturals, craps = Totals(7), 0
	}
	bar := Totals(12)
	if r.Bar == 2 {
		bar = Totals(2)
	}
	points := AllOutcomes &^ naturals &^ craps
	win, push, rolls = new(big.Rat), new(big.Rat), big.NewRat(1, 1)
	if dont {
		win.Add(win, (craps &^ bar).Probability())
		push.Add(push, bar.Probability())
	} else {
		win.Add(win, naturals.Probability())
	}
	for n := 2; n <= 12; n++ {
		if Totals(n)&points == 0 {
			continue
		}
		w := int64(Totals(n).Ways())
		p := Totals(n).Probability()
		made := big.NewRat(w, w+6)
		if dont {
			made = big.NewRat(6, w+6)
		}
		win.Add(win, new(big.Rat).Mul(p, made))
		rolls.Add(rolls, new(big.Rat).Mul(p, big.NewRat(36, w+6)))
	}
	lose = new(big.Rat).Sub(big.NewRat(1, 1), win)
	lose.Sub(lose, push)
	return win, lose, push, new(big.Rat).Set(win), rolls
}

// checkTakenDownByHand: a pass or come bet taken down the moment it has a
// point wins on a natural, loses on craps and is given back otherwise.
func checkTakenDownByHand(t *rapid.T, r Rules, a Analysis) {
	naturals, craps := Totals(7, 11), Totals(2, 3, 12)
	if r.Crapless {
		naturals, craps = Totals(7), 0
	}
	want := []string{naturals.Probability().RatString(), craps.Probability().RatString(),
		(AllOutcomes &^ naturals &^ craps).Probability().RatString(), "1"}
	got := []string{a.Win.RatString(), a.Lose.RatString(), a.Push.RatString(), a.Rolls.RatString()}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("%v taken down at its point (win, lose, push, rolls): (-want +got)\n%s", a.Bet, diff)
	}
}

// TestPropsFor1NeverHelps: reading the default propositions "for 1" takes
// one unit off every winning 2, 3, 11, 12 and hop left at its default
// payout, so it makes every bet built on them strictly worse for the
// player; a payout set in the rules is paid as written either way, and
// nothing else changes.
func TestPropsFor1NeverHelps(t *testing.T) {
	split := []BetKind{Horn, HornHigh, CAndE, World, ThreeWay}
	rapid.Check(t, func(t *rapid.T) {
		r := drawValidRules(t)
		to, for1 := r, r
		to.PropsFor1, for1.PropsFor1 = false, true
		if for1.Validate() != nil || to.Validate() != nil {
			t.Skip("a proposition bet loses although its part wins at one of the two")
		}
		for _, b := range r.Catalogue() {
			switch b.Kind {
			case Field, Any7, AnyCraps, Hardway, Aces, AceDeuce, Yo, Boxcars, Hop, Horn, HornHigh, CAndE, World, ThreeWay:
			default:
				continue // the other bets do not read the proposition payouts
			}
			x, err := to.Analyze(b)
			if err != nil {
				t.Fatalf("to 1: Analyze(%v): %v", b, err)
			}
			y, err := for1.Analyze(b)
			if err != nil {
				t.Fatalf("for 1: Analyze(%v): %v", b, err)
			}
			// Does a part of the bet win some throw at a default payout?
			parts := [5]share{{b.Kind, 1}}
			if slices.Contains(split, b.Kind) {
				parts = b.parts()
			}
			defaulted := false
			for _, d := range AllDice() {
				for _, p := range parts {
					won := p.weight != 0 && (Bet{Kind: p.kind, Hop: b.Hop}).roll(&to, betState{}, d).verdict == wins
					switch {
					case !won:
					case p.kind == Aces && r.Two.IsZero(), p.kind == AceDeuce && r.Three.IsZero(),
						p.kind == Yo && r.Eleven.IsZero(), p.kind == Boxcars && r.Twelve.IsZero(),
						p.kind == Hop && (d.Pair() && r.HardHop.IsZero() || !d.Pair() && r.EasyHop.IsZero()):
						defaulted = true
					}
				}
			}
			c := y.Return.Cmp(x.Return)
			switch {
			case defaulted && c >= 0:
				t.Fatalf("%v: return %s printed for 1, %s printed to 1: for 1 should be worse", b, y.Return.RatString(), x.Return.RatString())
			case !defaulted && c != 0:
				t.Fatalf("%v: return %s printed for 1, %s printed to 1: should not change", b, y.Return.RatString(), x.Return.RatString())
			}
		}
	})
}

// TestAnalysisFreshPointers: every *big.Rat an Analysis holds is its own,
// so changing one changes neither another field nor a later analysis.
func TestAnalysisFreshPointers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawValidRules(t)
		bets := slices.DeleteFunc(r.Catalogue(), func(b Bet) bool { return b.Kind == Fire || b.Kind == All })
		b := rapid.SampledFrom(bets).Draw(t, "bet")
		first, err := r.Analyze(b)
		if err != nil {
			t.Fatal(err)
		}
		fields := func(a Analysis) []*big.Rat {
			return []*big.Rat{a.Win, a.Lose, a.Push, a.Return, a.Wagered, a.Rolls, a.EdgePerBet, a.EdgePerResolved, a.EdgePerRoll}
		}
		before := make([]string, 0, 9)
		for _, q := range fields(first) {
			before = append(before, fracString(q))
		}
		seen := map[*big.Rat]bool{}
		for i, q := range fields(first) {
			if q == nil {
				continue
			}
			if seen[q] {
				t.Fatalf("%v: field %d shares its *big.Rat with another field", b, i)
			}
			seen[q] = true
		}
		for _, q := range fields(first) {
			if q != nil {
				q.SetInt64(-12345)
			}
		}
		second, err := r.Analyze(b)
		if err != nil {
			t.Fatal(err)
		}
		var after []string
		for _, q := range fields(second) {
			after = append(after, fracString(q))
		}
		if diff := cmp.Diff(before, after); diff != "" {
			t.Fatalf("%v: a second Analyze changed after the first's results were overwritten: (-before +after)\n%s", b, diff)
		}
	})
}

func BenchmarkEdgeTable(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Standard().EdgeTable(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEdgeTableCrapless(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Crapless().EdgeTable(); err != nil {
			b.Fatal(err)
		}
	}
}

// oddsText prints odds against as a fraction reads: 35 is "35 to 1", 1/3
// "1 to 3", nil "-".
func oddsText(q *big.Rat) string {
	if q == nil {
		return "-"
	}
	return q.Num().String() + " to " + q.Denom().String()
}
