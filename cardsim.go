package craps

import (
	"math"
	"math/big"
)

// analyzeCards analyses bet b, whose steps are rows, under card rules:
// exactly where the bet's states and the deck's can be followed, else by
// simulation. A shoe shuffled before every throw deals each throw from a
// full shoe, independent of the last: the bet's chain is the dice's, each
// throw weighed by the deals of it, exact for any shoe.
func (r *Rules) analyzeCards(b Bet, rows [][36]step, pays string, downAtPoint bool) Analysis {
	if r.Cards == CardsReshuffleEveryThrow {
		d := r.Shoe.deck()
		var num [36]int64
		for x := range num {
			a, b := x/6, x%6
			num[x] = int64(d[a]) * (int64(d[b]) - int64(boolInt(a == b)))
		}
		n := int64(d.size())
		return r.figures(b, chainOf(rows, num, n*(n-1)).solve(), pays, downAtPoint)
	}
	if space := r.cardSpace(); space != nil {
		if v, err := r.newCardSolver(b, rows, space).solve(); err == nil {
			return r.figures(b, v, pays, downAtPoint)
		}
	}
	return r.simulateCards(b, rows, pays, downAtPoint)
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cardSimDecisions is how many decisions simulateCards plays, and
// cardSimSeed the seed of its deck: the same figures on every run.
const (
	cardSimDecisions = 1 << 20
	cardSimSeed      = 13
)

// simulateCards estimates the figures of bet b, whose steps are rows, by
// playing cardSimDecisions decisions of it at a card table: each bet made
// at its moment (Bet.cardMoment), the shooter's point and the deck
// following the game as Table.Deal plays it. A new bet is made at the
// first moment after each decision; the deck is full at every come-out,
// so the decisions are independent and the standard error is the
// sample's.
func (r *Rules) simulateCards(b Bet, rows [][36]step, pays string, downAtPoint bool) Analysis {
	s := r.newCardSolver(b, rows, nil)
	deck := r.Shoe.NewDeck(cardSimSeed, 0)
	var won, lost, pushed, rolls int64
	gross := map[Ratio]int64{}
	var sum, sumSq float64 // of each decision's net result per unit
	var point int8
	state := waiting
	for decided := 0; decided < cardSimDecisions; {
		comeOut := point == 0
		if state == waiting && !s.atPoint && comeOut {
			state = 0 // made on this come-out
		}
		d := deck.deal(comeOut)
		x := int(d.index())
		next := r.rightLine(betState{point: point}, d.Total()).next.point // 0 after a decision
		switch {
		case state == waiting:
			if s.atPoint && comeOut && next != 0 && (s.onPoint == 0 || next == s.onPoint) {
				state = 0 // made when the point is set
			}
		default:
			st := rows[state][x]
			rolls++
			result := 0.0
			switch st.verdict {
			case stays:
				state = int(st.next)
			case wins:
				won++
				gross[st.pays]++
				result = float64(st.pays.Win) / float64(st.pays.Stake)
			case loses:
				lost++
				result = -1
			case pushes:
				pushed++
			}
			if st.verdict != stays {
				sum += result
				sumSq += result * result
				state = waiting
				decided++
			}
		}
		deck.settle(r.Cards, comeOut, int(next))
		point = next
	}
	n := float64(cardSimDecisions)
	frac := func(k int64) *big.Rat { return big.NewRat(k, cardSimDecisions) }
	v := [nq]*big.Rat{qWin: frac(won), qLose: frac(lost), qPush: frac(pushed), qRolls: frac(rolls), qGross: new(big.Rat)}
	for p, k := range gross {
		v[qGross].Add(v[qGross], new(big.Rat).Mul(frac(k), p.Rat()))
	}
	a := r.figures(b, v, pays, downAtPoint)
	a.Simulated = cardSimDecisions
	mean := sum / n
	sd := math.Sqrt((sumSq/n - mean*mean) * n / (n - 1))
	wagered, _ := a.Wagered.Float64()
	a.EdgeStdErr = sd / math.Sqrt(n) / wagered
	return a
}
