package craps_test

import (
	"fmt"
	"log"

	"github.com/crapslab/craps"
)

// The exact figures of the pass line at the standard table: fractions, not
// estimates.
func Example() {
	a, err := craps.Standard().Analyze(craps.Bet{Kind: craps.PassLine})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("win:", a.Win)
	fmt.Println("edge per bet:", a.EdgePerBet, "=", a.EdgePerBet.FloatString(5))
	fmt.Println("edge per roll:", a.EdgePerRoll)
	fmt.Println("rolls to a decision:", a.Rolls)
	fmt.Println("true odds:", a.TrueOdds().Num(), "to", a.TrueOdds().Denom())
	// Output:
	// win: 244/495
	// edge per bet: 7/495 = 0.01414
	// edge per roll: 7/1671
	// rolls to a decision: 557/165
	// true odds: 251 to 244
}

// The croupier trainer's fourth worked example, live: point 6, the shooter
// throws 3-3. The table takes the dice as an argument and resolves the
// whole layout in one step.
func ExampleTable_Roll() {
	must := func(err error) {
		if err != nil {
			log.Fatal(err)
		}
	}
	t := &craps.Table{} // the zero Table plays the standard rules
	must(t.Join("ann", 2000))
	must(t.Place("ann", craps.Bet{Kind: craps.PassLine}, 100))
	_, err := t.Roll(craps.Dice{A: 2, B: 4}, nil) // the point is 6
	must(err)
	must(t.Place("ann", craps.Bet{Kind: craps.PassOdds}, 100))
	must(t.Place("ann", craps.Bet{Kind: craps.Hardway, Number: 6}, 100))
	must(t.Place("ann", craps.Bet{Kind: craps.Place, Number: 8}, 120))
	res, err := t.Roll(craps.Dice{A: 3, B: 3}, nil)
	must(err)
	for _, r := range res {
		fmt.Println(r.Bet, r.Outcome, r.Win)
	}
	bets, err := t.Bets("ann")
	must(err)
	fmt.Println("ann has", t.Players()[0].Bankroll, "and on the layout:", bets[0].Bet, bets[0].Amount, "and", bets[1].Bet, bets[1].Amount)
	// Output:
	// Pass Line won 100
	// Pass Odds 6 won 120
	// Hard 6 won 900
	// ann has 2900 and on the layout: Hard 6 100 and Place 8 120
}

// The private game: the shooter's center bet of 100, faded 60 and 40, and
// a side bet between two of the faders at even money that a 6 or an 8
// comes before a 7.
func ExampleTable_Side() {
	must := func(err error) {
		if err != nil {
			log.Fatal(err)
		}
	}
	t, err := craps.NewTable(craps.Street())
	must(err)
	must(t.Join("sam", 1000)) // sam shoots first
	must(t.Join("ann", 1000))
	must(t.Join("bob", 1000))
	must(t.Center(100))
	must(t.Fade("ann", 60))
	must(t.Fade("bob", 40))
	b, err := craps.ParseBet("6,8 before 7")
	must(err)
	must(t.Side("bob", "ann", b, 30, craps.Ratio{Win: 1, Stake: 1})) // bob backs it, ann lays it
	res, err := t.Roll(craps.Dice{A: 3, B: 4}, nil)                  // a natural
	must(err)
	for _, r := range res {
		fmt.Println(r.Player, r.Bet, r.Outcome, "against", r.Opponent)
	}
	for _, p := range t.Players() {
		fmt.Println(p.Name, p.Bankroll)
	}
	// Output:
	// sam Center won against ann
	// ann Center lost against sam
	// sam Center won against bob
	// bob Center lost against sam
	// bob 6,8 before 7 lost against ann
	// ann 6,8 before 7 won against bob
	// sam 1100
	// ann 970
	// bob 930
}

// Card craps: the standard table dealing from a 48-card deck. The deck is
// seeded, so the same game is dealt on every machine; during a point the
// cards dealt stay out, and the point is made from a shrinking deck.
func ExampleCardCraps() {
	must := func(err error) {
		if err != nil {
			log.Fatal(err)
		}
	}
	t, err := craps.NewTable(craps.CardCraps())
	must(err)
	must(t.Join("ann", 100))
	must(t.Place("ann", craps.Bet{Kind: craps.PassLine}, 10))
	deck := craps.NewDeck(1, 2)
	var res []craps.Resolution
	for len(res) == 0 { // deal until the pass line is decided
		cards, decided, err := t.Deal(deck, nil) // Roll is refused at a card table
		must(err)
		fmt.Println("dealt", cards, "- total", cards.Total(), "- point", t.Point(), "-", deck.Left(), "cards left")
		res = decided
	}
	fmt.Println(res[0].Player, res[0].Bet, res[0].Outcome, res[0].Win)
	// Output:
	// dealt 5-4 - total 9 - point 9 - 48 cards left
	// dealt 5-5 - total 10 - point 9 - 46 cards left
	// dealt 2-1 - total 3 - point 9 - 44 cards left
	// dealt 4-4 - total 8 - point 9 - 42 cards left
	// dealt 2-2 - total 4 - point 9 - 40 cards left
	// dealt 5-4 - total 9 - point 0 - 48 cards left
	// ann Pass Line won 10
}
