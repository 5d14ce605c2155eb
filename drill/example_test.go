package drill_test

import (
	"fmt"
	"time"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/drill"
)

// The croupier trainer's fourth worked example as a drill: the puck on 6,
// a pass line bet with odds, a hard 6 and a place 8, and the shooter
// throws 3-3. The answer and its explanation come from playing the
// layout on a table.
func ExampleNewLayout() {
	bet := func(name string, amount craps.Amount) drill.Wager {
		b, _ := craps.ParseBet(name)
		return drill.Wager{Player: "ann", Bet: b, Amount: amount}
	}
	layout := []drill.Wager{bet("pass", 100), bet("odds", 100), bet("hard 6", 100), bet("place 8", 120)}
	q, err := drill.NewLayout(craps.Standard(), 6, layout, craps.Dice{A: 3, B: 3})
	if err != nil {
		panic(err)
	}
	fmt.Println(q.Ask)
	fmt.Println("answer:", q.Answer)
	fmt.Print(q.Explanation())
	// Output:
	// Point 6. The shooter throws 3-3, hard 6. Pay the layout: each bet, and the total.
	// answer: 1120
	// Pass Line for 100 pays even money: 100.
	// Pass Odds 6 for 100 pays 6 to 5: 120.
	// Hard 6 for 100 pays 9 to 1: 900, and stays up.
	// Place 8 for 120: no decision.
	// Paid 1120 in all. The point is made: the puck comes off.
}

// A seeded drill on the center's bets at a table that prints its
// propositions "for 1": questions, a trainee's answers checked, and the
// session's score.
func ExampleTrainer() {
	d, err := drill.New(drill.Config{Rules: craps.Rules{PropsFor1: true}, Level: drill.LevelCenter, Seed: 4})
	if err != nil {
		panic(err)
	}
	s := drill.Session{Config: d.Config()}
	for i := range 3 {
		q, err := d.Next()
		if err != nil {
			panic(err)
		}
		answer := q.Answer
		if i == 1 {
			answer = 100 // a wrong answer
		}
		m, err := s.Add(q, drill.Answer{answer}, 5*time.Second)
		if err != nil {
			panic(err)
		}
		fmt.Println(q.Ask)
		fmt.Println("  answered", answer, "- right:", m.Right)
		fmt.Print("  ", m.Explanation)
	}
	sc := s.Score()
	fmt.Printf("%d of %d right in %v\n", sc.Right, sc.Asked, sc.Time)
	// Output:
	// Come-out. Aces for 5. The shooter throws 1-1, aces. What does it pay?
	//   answered 145 - right: true
	//   Aces for 5 pays 30 for 1: 145.
	// Point 10. Don't Pass Odds 10 for 42 behind Don't Pass 20. The shooter throws 5-2, seven. What does it pay?
	//   answered 100 - right: false
	//   Don't Pass Odds 10 for 42 pays 1 to 2: 21.
	// Point 10. Come for 10. The shooter throws 6-1, seven. What does it pay?
	//   answered 10 - right: true
	//   Come for 10 pays even money: 10.
	// 2 of 3 right in 15s
}
