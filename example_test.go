package craps_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/crapslab/craps"
)

// House rules change the figures: the field paying 2:1 on 12 instead of
// 3:1 doubles its edge, and a buy bet whose commission is taken only from
// a win costs far less than one charged up front.
func ExampleRules_Analyze_houseRules() {
	r := craps.Standard()
	field, _ := r.Analyze(craps.Bet{Kind: craps.Field})
	buy, _ := r.Analyze(craps.Bet{Kind: craps.Buy, Number: 4})
	fmt.Println("field 12 at 3:1:", field.EdgePerBet, "  buy 4, commission up front:", buy.EdgePerBet)

	r.Field.Pays[12] = craps.Ratio{Win: 2, Stake: 1}
	r.BuyCommission.Timing = craps.CommissionOnWinOnly
	field, _ = r.Analyze(craps.Bet{Kind: craps.Field})
	buy, _ = r.Analyze(craps.Bet{Kind: craps.Buy, Number: 4})
	fmt.Println("field 12 at 2:1:", field.EdgePerBet, "  buy 4, commission on a win:  ", buy.EdgePerBet)
	// Output:
	// field 12 at 3:1: 1/36   buy 4, commission up front: 1/21
	// field 12 at 2:1: 1/18   buy 4, commission on a win:   1/60
}

// The pass line with full odds behind it at a 3-4-5x table and at full
// double odds (2x, and 2.5x on 6 and 8).
func ExampleRules_WithOdds() {
	for _, text := range []string{"3-4-5x", "2-2-2.5x"} {
		limit, err := craps.ParseOddsLimit(text)
		if err != nil {
			panic(err)
		}
		lo, err := craps.Standard().WithOdds(craps.Bet{Kind: craps.PassLine}, limit)
		if err != nil {
			panic(err)
		}
		fmt.Println(lo.Limit, "odds: edge", lo.EdgePerBet, "per amount wagered,", lo.Wagered, "wagered per unit line bet")
	}
	// Output:
	// 3-4-5x odds: edge 7/1870 per amount wagered, 34/9 wagered per unit line bet
	// 2-2-2.5x odds: edge 28/4895 per amount wagered, 89/36 wagered per unit line bet
}

// Rules are a plain struct: start from a preset and change the fields in
// which the table differs. Validate refuses rules that cannot be played.
func ExampleRules() {
	r := craps.Standard()
	r.Field.Pays[12] = craps.Ratio{Win: 2, Stake: 1} // the field pays 2:1 on 12
	r.PropsFor1 = true                               // the layout prints "30 for 1"
	fmt.Println(r.Field.Pays[12], r.PropsFor1, r.Validate())
	r.Bar = 7
	fmt.Println(r.Validate())
	// Output:
	// 2:1 true <nil>
	// craps: rules: bar 7: the don't bets bar 12 or 2, or nothing (none): invalid rules
}

// Bets are read by the names dealers and players say.
func ExampleParseBet() {
	for _, name := range []string{"pass", "odds 6", "lay odds", "yo", "horn high 12", "hop 5-2", "place 7"} {
		b, err := craps.ParseBet(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%q is %v\n", name, b)
	}
	// Output:
	// "pass" is Pass Line
	// "odds 6" is Come Odds 6
	// "lay odds" is Don't Pass Odds
	// "yo" is Yo
	// "horn high 12" is Horn High 12
	// "hop 5-2" is Hop 2-5
	// craps: cannot read "place 7" as bet
}

// Throwing dice from a seeded source gives the same throws on every run
// and every machine.
func ExampleThrow() {
	src := rand.NewPCG(1, 2)
	for range 6 {
		d := craps.Throw(src)
		fmt.Print(d, " (", d.Total(), ") ")
	}
	fmt.Println()
	// Output:
	// 5-4 (9) 4-5 (9) 5-5 (10) 5-5 (10) 2-3 (5) 1-2 (3)
}

// A payout that is not a whole number of the table's unit is rounded down,
// and the remainder is reported as breakage. Here money is in cents and
// the table pays in whole dollars: a $5 place 6 at 7:6 pays $5.
func ExampleRatio_Pay() {
	placeSix := craps.Ratio{Win: 7, Stake: 6}
	p, err := placeSix.Pay(500, 100)
	if err != nil {
		panic(err)
	}
	fmt.Println("paid", p.Win, "breakage", p.Breakage)
	// Output:
	// paid 500 breakage 83
}

// Commission at 5%, rounded to the table's unit as the house rule says.
func ExampleCommission_Charge() {
	for _, rounding := range []craps.Rounding{craps.RoundDown, craps.RoundNearest, craps.RoundUp} {
		c := craps.Commission{Rounding: rounding}
		charge, _ := c.Charge(30, 1)
		fmt.Print(charge, " ")
	}
	fmt.Println()
	// Output:
	// 1 2 2
}

// The private-game rule book's true odds: a total before another.
func ExampleOddsBefore() {
	// Odds are exact fractions, against/for: 3/1 is 3 to 1 against.
	against := func(q *big.Rat) string { return q.Num().String() + " to " + q.Denom().String() }
	fmt.Println("12 before 4:", against(craps.OddsBefore(craps.Totals(12), craps.Totals(4))))
	fmt.Println("4 before 12:", against(craps.OddsBefore(craps.Totals(4), craps.Totals(12))))
	fmt.Println("6 or 8 before 7:", against(craps.OddsBefore(craps.Totals(6, 8), craps.Totals(7))))
	fmt.Println("hard 6:", against(craps.OddsBefore(craps.Combination(3, 3), craps.Totals(6, 7))))
	// Output:
	// 12 before 4: 3 to 1
	// 4 before 12: 1 to 3
	// 6 or 8 before 7: 3 to 5
	// hard 6: 10 to 1
}

// newPlayer seats one player with a bankroll at a standard table.
func newPlayer(bankroll craps.Amount) *craps.Table {
	t := &craps.Table{} // the zero Table plays the standard rules
	if err := t.Join("p1", bankroll); err != nil {
		panic(err)
	}
	return t
}

// bet places bets named as a player says them, panicking on a refusal.
func bet(t *craps.Table, bets ...any) {
	for i := 0; i < len(bets); i += 2 {
		b, err := craps.ParseBet(bets[i].(string))
		if err != nil {
			panic(err)
		}
		if err := t.Place("p1", b, craps.Amount(bets[i+1].(int))); err != nil {
			panic(err)
		}
	}
}

// roll throws d and prints every decision and the total paid.
func roll(t *craps.Table, d craps.Dice) {
	res, err := t.Roll(d, nil)
	if err != nil {
		panic(err)
	}
	var paid craps.Amount
	for _, r := range res {
		fmt.Printf("  %-16v %-6v %d\n", r.Bet, r.Outcome, r.Win)
		paid += r.Win
	}
	fmt.Println("paid", paid, "- point", t.Point())
}

// The croupier trainer's first worked example: come-out 11, bets of 100.
func ExampleTable_Roll_comeOutEleven() {
	t := newPlayer(1000)
	bet(t, "pass", 100, "don't pass", 100, "field", 100, "yo", 100)
	roll(t, craps.Dice{A: 5, B: 6})
	// Output:
	//   Pass Line        won    100
	//   Don't Pass       lost   0
	//   Field            won    100
	//   Yo               won    1500
	// paid 1700 - point 0
}

// The croupier trainer's second worked example: come-out 2.
func ExampleTable_Roll_comeOutTwo() {
	t := newPlayer(1000)
	bet(t, "pass", 100, "don't pass", 100, "any craps", 100, "2", 100, "field", 100)
	roll(t, craps.Dice{A: 1, B: 1})
	// Output:
	//   Pass Line        lost   0
	//   Don't Pass       won    100
	//   Any Craps        won    700
	//   Aces             won    3000
	//   Field            won    200
	// paid 4000 - point 0
}

// The croupier trainer's third worked example: come-out 6 sets the point; the field
// loses and the line bets stand.
func ExampleTable_Roll_comeOutSix() {
	t := newPlayer(1000)
	bet(t, "pass", 100, "don't pass", 100, "field", 100)
	roll(t, craps.Dice{A: 2, B: 4})
	// Output:
	//   Field            lost   0
	// paid 0 - point 6
}

// The croupier trainer's fifth worked example: point 6, seven-out; the dice pass.
func ExampleTable_Roll_sevenOut() {
	t := newPlayer(2000)
	if err := t.Join("p2", 0); err != nil {
		panic(err)
	}
	bet(t, "pass", 100, "don't pass", 100)
	roll(t, craps.Dice{A: 2, B: 4}) // the point is 6
	bet(t, "odds", 100, "lay odds", 120, "place 6", 120, "hard 6", 100, "hard 8", 100, "any 7", 100)
	fmt.Println("shooter", t.Shooter())
	roll(t, craps.Dice{A: 3, B: 4})
	fmt.Println("shooter", t.Shooter())
	// Output:
	// paid 0 - point 6
	// shooter p1
	//   Pass Line        lost   0
	//   Don't Pass       won    100
	//   Pass Odds 6      lost   0
	//   Don't Pass Odds 6 won    100
	//   Place 6          lost   0
	//   Hard 6           lost   0
	//   Hard 8           lost   0
	//   Any 7            won    400
	// paid 600 - point 0
	// shooter p2
}

// The croupier trainer's sixth worked example: point 4, a come bet of 100, and a 9:
// the come bet moves to 9 unpaid, place 9 and the field win.
func ExampleTable_Roll_comeBetMoves() {
	t := newPlayer(1000)
	bet(t, "pass", 100)
	roll(t, craps.Dice{A: 1, B: 3}) // the point is 4
	bet(t, "come", 100, "place 9", 100, "field", 100)
	roll(t, craps.Dice{A: 4, B: 5})
	bets, _ := t.Bets("p1")
	for _, b := range bets {
		fmt.Println(b.Bet, b.Amount)
	}
	// Output:
	// paid 0 - point 4
	//   Come             moved  0
	//   Place 9          won    140
	//   Field            won    100
	// paid 240 - point 4
	// Pass Line 100
	// Come 9 100
	// Place 9 100
}

// A card-craps table (the card-craps rules) deals its throws from a seeded deck: the
// same seeds deal the same game on every machine.
func ExampleTable_Deal() {
	t, _ := craps.NewTable(craps.CardCraps())
	_ = t.Join("ann", 100)
	_ = t.Join("bob", 100)
	deck := craps.NewDeck(22, 2)
	fmt.Println("the last cut is offered to", t.CutOrder())
	_ = t.Cut(deck, "bob", 20) // bob, on ann's left, cuts last
	for range 8 {
		if t.Point() == 0 {
			_ = t.Place("ann", craps.Bet{Kind: craps.PassLine}, 10)
		}
		cards, res, err := t.Deal(deck, nil)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v (%d), puck %d, %d cards left", cards, cards.Total(), t.Point(), deck.Left())
		for _, r := range res {
			fmt.Printf(": %s %v %v", r.Player, r.Bet, r.Outcome)
		}
		fmt.Println()
	}
	// Output:
	// the last cut is offered to [bob ann]
	// 5-3 (8), puck 8, 48 cards left
	// 5-1 (6), puck 8, 46 cards left
	// 5-3 (8), puck 0, 48 cards left: ann Pass Line won
	// 6-2 (8), puck 8, 48 cards left
	// 3-4 (7), puck 0, 48 cards left: ann Pass Line lost
	// 4-2 (6), puck 6, 48 cards left
	// 3-5 (8), puck 6, 46 cards left
	// 4-5 (9), puck 6, 44 cards left
}

// The deck's own figures under the card-craps rules' own reading, and a
// bet's figures at a card table: the shooter's chance at the pass line is
// the deck's.
func ExampleRules_AnalyzeDeck() {
	r := craps.CardCraps()
	a, err := r.AnalyzeDeck()
	if err != nil {
		panic(err)
	}
	fmt.Println("a come-out 2:", a.ComeOut[2], " a 7:", a.ComeOut[7])
	fmt.Println("point 4 made:", a.Made[4].FloatString(6))
	fmt.Println("pass:", a.Pass.FloatString(10))
	fmt.Println("the deck runs out during a 4:", a.RunOut[4].FloatString(6))
	fmt.Println("cards dealt per decision:", a.CardsPerDecision.FloatString(4))
	pass, _ := r.Analyze(craps.Bet{Kind: craps.PassLine})
	fmt.Println("pass line edge:", pass.EdgePerBet.FloatString(6), "the same chance:", pass.Win.Cmp(a.Pass) == 0)
	// Output:
	// a come-out 2: 7/282  a 7: 8/47
	// point 4 made: 0.330173
	// pass: 0.4970783618
	// the deck runs out during a 4: 0.000800
	// cards dealt per decision: 6.6711
	// pass line edge: 0.005843 the same chance: true
}

// The private game's center bet (the private-game rule book): the shooter stakes 100, two
// players fade 60 and 40. Dice win on a come-out 7; at the next come-out
// the dice lose, a point of 4 and then a 7.
func ExampleTable_Center() {
	t, _ := craps.NewTable(craps.Street())
	for _, name := range []string{"sam", "ann", "bob"} {
		_ = t.Join(name, 1000)
	}
	hand := func(throws ...craps.Dice) {
		_ = t.Center(100)
		_ = t.Fade("ann", 60)
		_ = t.Fade("bob", 40)
		for _, d := range throws {
			if _, err := t.Roll(d, nil); err != nil {
				panic(err)
			}
		}
		for _, p := range t.Players() {
			fmt.Printf("%s %d  ", p.Name, p.Bankroll)
		}
		fmt.Println("- the dice go to", t.Shooter())
	}
	hand(craps.Dice{A: 3, B: 4})
	hand(craps.Dice{A: 2, B: 2}, craps.Dice{A: 5, B: 2})
	// Output:
	// sam 1100  ann 940  bob 960  - the dice go to sam
	// sam 1000  ann 1000  bob 1000  - the dice go to ann
}

// A proposition at odds that favour its proposer (the private-game rule book): 30 to 1 that
// the shooter throws 3-3 on the next roll, against true odds of 35 to 1.
func ExampleRules_AnalyzeSide() {
	b, _ := craps.ParseBet("3-3 within 1")
	a, _ := craps.Street().AnalyzeSide(b, craps.Ratio{Win: 30, Stake: 1})
	fmt.Println(a.Bet, "at", a.Odds, "- true odds", a.TrueOdds.Num(), "to", a.TrueOdds.Denom())
	fmt.Println("backer's edge", a.BackerEdge.RatString(), "per unit he stakes")
	fmt.Println("layer's edge ", a.LayerEdge.RatString(), "per unit he stakes")

	center, _ := craps.Street().AnalyzeSide(craps.Bet{Kind: craps.Center}, craps.Ratio{})
	fmt.Println("center bet: the shooter wins", center.Win.RatString(), "edge", center.BackerEdge.RatString(),
		"- the fader", center.LayerEdge.RatString())
	// Output:
	// 3-3 within 1 at 30:1 - true odds 35 to 1
	// backer's edge -5/36 per unit he stakes
	// layer's edge  1/216 per unit he stakes
	// center bet: the shooter wins 244/495 edge -7/495 - the fader 7/495
}

// How long a shooter's hand lasts, exactly.
func ExampleRules_Hand() {
	h, _ := craps.Standard().Hand()
	fmt.Println("throws per decision", h.ThrowsPerDecision.RatString())
	fmt.Println("decisions per hand ", h.DecisionsPerHand.RatString())
	fmt.Println("throws per hand    ", h.ThrowsPerHand.RatString(), "=", h.ThrowsPerHand.FloatString(3))
	// Output:
	// throws per decision 557/165
	// decisions per hand  495/196
	// throws per hand     1671/196 = 8.526
}

// The stakes a dealer is drilled on: the smallest that pay whole chips.
func ExampleRules_WholeStake() {
	r := craps.Standard()
	for _, name := range []string{"place 6", "place 5", "pass odds 5", "lay 4", "buy 10", "horn"} {
		b, _ := craps.ParseBet(name)
		step, _ := r.WholeStep(b)
		usual, _ := r.WholeStake(b, 10)
		fmt.Printf("%-11s in multiples of %d; at least 10: %d\n", b, step, usual)
	}
	// Output:
	// Place 6     in multiples of 6; at least 10: 12
	// Place 5     in multiples of 5; at least 10: 10
	// Pass Odds 5 in multiples of 2; at least 10: 10
	// Lay 4       in multiples of 40; at least 10: 40
	// Buy 10      in multiples of 20; at least 10: 20
	// Horn        in multiples of 4; at least 10: 12
}
