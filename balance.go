package craps

// MaxBalance bounds the money at a Table, so that no balance, and no sum
// of two balances, ever wraps an int64. At every moment the players'
// money, their bankrolls and stakes on the layout together, is at most
// MaxBalance (and so is each bankroll), and the house's result is between
// -MaxBalance and MaxBalance. MaxAmount bounds one bet or bankroll as it
// comes to the table; MaxBalance bounds what winning can make of them.
//
// The exposure of a table is the most one roll could pay out of the
// house: every bet on the layout winning its largest payout at once, and
// every commission that comes back with a lost bet. A Table keeps to the
// bound by three refusals, each wrapping ErrOverflow and changing
// nothing, and one rule of play:
//
//   - Join refuses a bankroll that would take the players' money plus the
//     exposure, or the money brought to the table (what the players hold
//     plus what the house has won), past MaxBalance;
//   - Place refuses a bet that would take the players' money, or the
//     house's loss, plus the exposure past MaxBalance;
//   - UnmarshalJSON refuses a saved table that breaks any of these;
//   - a bet that stays up after a win (place, place to lose, big 6 and 8,
//     hardways) comes down with the win, its stake returned, on a roll
//     where the players' money (or the house's loss) plus the exposure
//     plus what the bets that stay up could win passes MaxBalance: left
//     up, it could win again on the next roll and pass the bound.
//
// At any table far from the bound the rule never applies: with the
// largest payout valid Rules allow (1,000,000 to 1) a bet of MaxAmount
// can win about 2^60, a quarter of MaxBalance; at 30 to 1 a player may
// win a bet of MaxAmount over 100,000 times before Place refuses the next.
const MaxBalance Amount = 1 << 62

// players is the players' money, on and off the layout: what they brought
// less what they took away and less what the house has won.
func (t *Table) players() Amount { return t.brought - t.house }

// mostPaid is the most one roll can pay a bet of kind b at amount out of
// the house: its largest payout, at most maxRatioTerm to 1, and the
// commission paid that comes back if it loses. It reports false if that
// does not fit in an Amount.
func (t *Table) mostPaid(b Bet, amount, paid Amount) (Amount, bool) {
	most := t.automatonOf(&b).most
	win, ok := mulDiv(amount, most.Win, most.Stake)
	if c := t.rules.commission(b.Kind); ok && c != nil && c.Timing.returnedOnTakeDown() {
		win, ok = addAmounts(win, paid)
	}
	return win, ok
}

// exactExposure is the most one roll can pay out of the house, counted
// bet by bet: every bet winning its largest payout at once; and the part
// of it that bets which stay up after a win could be paid.
func (t *Table) exactExposure() (all, staying Amount, ok bool) {
	for i := range t.bets {
		p := &t.bets[i]
		most, fits := t.mostPaid(p.bet, p.amount, p.paid)
		if all, ok = addAmounts(all, most); !ok || !fits {
			return 0, 0, false
		}
		if t.rules.staysUp(p.bet.Kind) {
			staying += most
		}
	}
	return all, staying, true
}

// withinBalance reports whether paying out need leaves the players' money,
// players, and the house's loss, what it has paid out beyond what it has
// taken, within MaxBalance.
func withinBalance(players, house, need Amount) bool {
	loss := max(-house, 0)
	return need >= 0 && need <= MaxBalance && players <= MaxBalance-need && loss <= MaxBalance-need
}

// exposureWith is the table's exposure once bet b, at index j of the
// layout (-1 for a new bet), holds amount with commission paid, if one roll
// paying it all out keeps players and house within MaxBalance; ok is false
// if it does not. grown bounds how much that adds to the count kept in
// t.exposure, which is tried first: it may count bets a roll has since
// decided, and is counted again exactly only if it is too large.
func (t *Table) exposureWith(players, house Amount, j int, b Bet, amount, paid, grown Amount) (Amount, bool) {
	if e, ok := addAmounts(t.exposure, grown); ok && withinBalance(players, house, e) {
		return e, true
	}
	e, _, ok := t.exactExposure()
	if ok && j >= 0 {
		before, _ := t.mostPaid(b, t.bets[j].amount, t.bets[j].paid)
		e -= before
	}
	if ok && amount > 0 {
		var after Amount
		if after, ok = t.mostPaid(b, amount, paid); ok {
			e, ok = addAmounts(e, after)
		}
	}
	return e, ok && withinBalance(players, house, e)
}

// roomToStayUp reports whether the bets that stay up after a win may stay
// up through the next roll. After this roll the players hold at most
// their money now plus the exposure, and the next roll can pay out at
// most what is left of the exposure plus what the bets that stayed up
// could win again; that sum must stay within MaxBalance (and the same for
// the house's loss). It is one comparison a roll, on the count kept in
// t.exposure, unless the table is near the bound.
func (t *Table) roomToStayUp() bool {
	if t.rules.Private {
		return true // money only changes hands between players
	}
	players := t.players()
	if twice, ok := addAmounts(t.exposure, t.exposure); ok && withinBalance(players, t.house, twice) {
		return true
	}
	all, staying, ok := t.exactExposure()
	if !ok {
		return false
	}
	t.exposure = all
	need, ok := addAmounts(all, staying)
	return ok && withinBalance(players, t.house, need)
}

// bringDownWinners takes down, after a roll, every bet the roll paid that
// would have stayed up (the Resolutions in res), returning its stake to
// the player: the table is too near MaxBalance to leave them up.
func (t *Table) bringDownWinners(res []Resolution) {
	for k := range res {
		x := &res[k]
		if x.Outcome != OutcomeWon || x.To.Kind == NoBet {
			continue
		}
		i, err := t.seatOf("roll", x.Player, x.To)
		if err != nil {
			continue
		}
		j := t.find(i, x.To)
		if j < 0 {
			continue
		}
		t.seats[i].bankroll += t.bets[j].amount
		x.Returned += t.bets[j].amount
		x.To = Bet{}
		t.bets = append(t.bets[:j], t.bets[j+1:]...)
	}
	if all, _, ok := t.exactExposure(); ok {
		t.exposure = all
	}
}

// setMoney gives each of the simulator's players bankroll and clears the
// house's result, keeping the count of the money brought in step.
func (t *Table) setMoney(bankroll Amount) {
	for k := range t.seats {
		t.brought += bankroll - t.seats[k].bankroll
		t.seats[k].bankroll = bankroll
	}
	t.brought -= t.house
	t.house = 0
}
