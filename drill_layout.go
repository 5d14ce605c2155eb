package craps

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// DrillBet is one bet on a drill's layout: whose it is, the spot, and the
// amount.
type DrillBet struct {
	Player string `json:"player"`
	Bet    Bet    `json:"bet"`
	Amount Amount `json:"amount"`
	// Working turns the bet on or off for a come-out throw, as
	// Table.SetWorking does; SwitchDefault follows the rules.
	Working Switch `json:"working,omitempty"`
}

// DrillLine is one bet of a drill question with what the throw does to it:
// the answer a dealer gives for that bet, and why.
type DrillLine struct {
	DrillBet
	// Off reports that the throw is a come-out and the bet is off for it,
	// so the throw cannot decide it.
	Off bool `json:"off,omitempty"`
	// Outcome is what the throw did to the bet; NoOutcome when it decided
	// nothing.
	Outcome Outcome `json:"outcome"`
	// Pays is the payout the bet's definition gives this throw, in "to 1"
	// terms (a 2 at "30 for 1" is 29:1); zero unless the bet won. For a
	// bet made of parts (horn, C&E, world, three-way craps) it is the net
	// payout of the whole bet.
	Pays Ratio `json:"pays,omitzero"`
	// Paid is what the dealer pays the player: the win, rounded down to
	// the table's unit, less any vig taken from it.
	Paid Amount `json:"paid"`
	// Commission is the vig the house keeps on a buy or lay bet: paid
	// when the bet was made, or taken from this win; 0 when the rules
	// give it back on a loss.
	Commission Amount `json:"commission,omitempty"`
	// Stays reports that the bet is still on the layout after the throw:
	// undecided, moved to its number, or a win that stays up (place,
	// hardways). To is the number a come or don't come bet travelled to.
	Stays bool `json:"stays,omitempty"`
	To    int  `json:"to,omitempty"`
	// Say is the dealer's explanation: "Place 6 for 30 pays 7 to 6: 35,
	// and stays up".
	Say string `json:"say"`
}

// drillBankroll is what each player of a drill's table brings: enough for
// any layout a Table takes.
const drillBankroll = MaxAmount

// drillRules are the rules a drill plays: r, except that a card table's
// throws are given as dice, since a question names its throw and a card
// game pays every throw as the dice do.
func drillRules(r Rules) (Rules, error) {
	if err := r.Validate(); err != nil {
		return r, err
	}
	if r.Private {
		return r, fmt.Errorf("craps: drill: the private game has no layout for a dealer to pay: %w", ErrNotOffered)
	}
	r.Cards = NoCards
	return r, nil
}

// setUpLayout brings a table under r to the layout: the puck on point (0
// for a come-out) and every bet placed, by playing the throws that put it
// there. Line bets are made on a come-out and the point thrown; come and
// don't come bets on a number are made in the come box and their numbers
// thrown; then the rest are made as the layout lists them. Every bet goes
// through Table.Place, so a bet the table would refuse is refused here, with
// its *TableError. It returns the layout with pass odds given without a
// number set on the point.
func setUpLayout(r Rules, point int, layout []DrillBet) (*Table, []DrillBet, error) {
	t, err := NewTable(r)
	if err != nil {
		return nil, nil, err
	}
	if point != 0 && !isBoxNumber(point, r.Crapless) {
		return nil, nil, fmt.Errorf("craps: drill: point %d is not a point in this game: %w", point, ErrSyntax)
	}
	layout = append([]DrillBet(nil), layout...)
	seen := map[DrillBet]bool{}
	var comeNumbers []int
	for i := range layout {
		b := &layout[i]
		if (b.Bet.Kind == PassOdds || b.Bet.Kind == DontPassOdds) && b.Bet.Number == 0 {
			b.Bet.Number = point
		}
		if err := r.Offers(b.Bet); err != nil {
			return nil, nil, err
		}
		key := DrillBet{Player: b.Player, Bet: b.Bet}
		if seen[key] {
			return nil, nil, fmt.Errorf("craps: drill: %s's %v is on the layout twice: %w", b.Player, b.Bet, ErrSyntax)
		}
		seen[key] = true
		switch k := b.Bet.Kind; {
		case b.Working > SwitchOff:
			return nil, nil, fmt.Errorf("craps: drill: %s's %v: working switch %d is none of default, on and off: %w", b.Player, b.Bet, b.Working, ErrSyntax)
		case k == Fire || madeAfterSeven(k):
			return nil, nil, fmt.Errorf("craps: drill: %v depends on the hand before the layout: %w", k, ErrNotOffered)
		case k == AllHardways:
			return nil, nil, fmt.Errorf("craps: drill: all the hardways is made as four Hard bets: put those on the layout: %w", ErrNotOffered)
		case k == Come || k == DontCome:
			if n := b.Bet.Number; n != 0 {
				if n == point {
					return nil, nil, t.refuse("place", b.Player, b.Bet, ErrNotNow,
						"a come bet cannot stand on the point: the throw that made it the point decided the bet")
				}
				if !slices.Contains(comeNumbers, n) {
					comeNumbers = append(comeNumbers, n)
				}
			}
		}
		if _, err := t.seatOf("join", b.Player, Bet{}); err != nil { // seated in the order they appear
			if err := t.Join(b.Player, drillBankroll); err != nil {
				return nil, nil, err
			}
		}
	}
	throw := func(n int) error {
		_, err := t.Roll(throwOf(n), nil)
		return err
	}
	place := func(keep func(Bet) bool) error {
		for _, b := range layout {
			if !keep(b.Bet) {
				continue
			}
			bet := b.Bet
			if bet.Kind == Come || bet.Kind == DontCome {
				bet.Number = 0 // made in the come box; its number is thrown
			}
			if err := t.Place(b.Player, bet, b.Amount); err != nil {
				return err
			}
		}
		return nil
	}
	isLine := func(b Bet) bool { return b.Kind == PassLine || b.Kind == DontPass }
	on := func(n int) func(Bet) bool {
		return func(b Bet) bool { return (b.Kind == Come || b.Kind == DontCome) && b.Number == n }
	}
	// Come bets on their numbers need a point on while they travel; on a
	// come-out layout, the point they travelled under is made afterwards.
	comePoint := point
	if point == 0 && len(comeNumbers) > 0 {
		for n := 4; n <= 10 && comePoint == 0; n++ {
			if isBoxNumber(n, r.Crapless) && !slices.Contains(comeNumbers, n) {
				comePoint = n
			}
		}
	}
	if point != 0 {
		if err := place(isLine); err != nil {
			return nil, nil, err
		}
	}
	if comePoint != 0 {
		if err := throw(comePoint); err != nil {
			return nil, nil, err
		}
	}
	for _, n := range comeNumbers {
		if err := place(on(n)); err != nil {
			return nil, nil, err
		}
		if err := throw(n); err != nil {
			return nil, nil, err
		}
	}
	if point == 0 && comePoint != 0 {
		if err := throw(comePoint); err != nil { // the point made: the puck comes off
			return nil, nil, err
		}
	}
	if point == 0 {
		if err := place(isLine); err != nil {
			return nil, nil, err
		}
	}
	// The rest, odds last so that each finds its line bet.
	for _, odds := range []bool{false, true} {
		err := place(func(b Bet) bool {
			return isOdds(b.Kind) == odds && !isLine(b) && !((b.Kind == Come || b.Kind == DontCome) && b.Number != 0)
		})
		if err != nil {
			return nil, nil, err
		}
	}
	for _, b := range layout {
		if b.Working != SwitchDefault {
			if err := t.SetWorking(b.Player, b.Bet, b.Working == SwitchOn); err != nil {
				return nil, nil, err
			}
		}
	}
	if len(t.bets) != len(layout) { // every bet is on the layout as given, and nothing else
		return nil, nil, fmt.Errorf("craps: drill: the layout cannot be set up as given: %w", ErrNotNow)
	}
	return t, layout, nil
}

// throwOf is a throw of total n to set up a layout with: the easy way
// where there is one, so that no hardway reads it as its own.
func throwOf(n int) Dice {
	pair := Dice{}
	for a := uint8(1); a <= 6; a++ {
		for b := a; b <= 6; b++ {
			if int(a+b) != n {
				continue
			}
			if a != b {
				return Dice{a, b}
			}
			pair = Dice{a, b}
		}
	}
	return pair
}

// playLayout sets up the layout, throws d, and reports what the throw did
// to every bet, in the layout's order, with the dealer's explanation, and
// the puck after the throw. Every figure is the Table's: its Resolutions,
// its commission, and, for the explanation, the payout the bet's own
// definition gives the throw in the state the table holds the bet in.
func playLayout(r Rules, point int, layout []DrillBet, d Dice) ([]DrillLine, int, error) {
	r, err := drillRules(r)
	if err != nil {
		return nil, 0, err
	}
	if !d.Valid() {
		return nil, 0, fmt.Errorf("craps: drill: dice %d-%d are not two faces from 1 to 6: %w", d.A, d.B, ErrSyntax)
	}
	t, layout, err := setUpLayout(r, point, layout)
	if err != nil {
		return nil, 0, err
	}
	lines := make([]DrillLine, len(layout))
	index := map[DrillBet]int{}
	for i, b := range layout {
		lines[i].DrillBet = b
		index[DrillBet{Player: b.Player, Bet: b.Bet}] = i
	}
	for _, p := range t.bets {
		i := index[DrillBet{Player: t.seats[p.seat].name, Bet: p.bet}]
		l := &lines[i]
		l.Off = point == 0 && !p.worksOnComeOut(&t.rules)
		l.Commission = p.paid
		l.Stays = true
		if e := p.bet.roll(&t.rules, p.state, d); e.verdict == wins {
			l.Pays = e.pays
		}
	}
	res, err := t.Roll(d, nil)
	if err != nil {
		return nil, 0, err
	}
	vigBack := make([]Amount, len(lines))
	for _, x := range res {
		i := index[DrillBet{Player: x.Player, Bet: x.Bet}]
		l := &lines[i]
		l.Outcome = x.Outcome
		l.Paid = x.Win
		l.Commission += x.Commission
		l.Stays = x.To != Bet{}
		if x.Outcome == OutcomeMoved {
			l.To = x.To.Number
		}
		if x.Outcome == OutcomeLost && x.Returned > 0 {
			vigBack[i] = x.Returned // the rules give the vig back on a loss
			l.Commission -= x.Returned
		}
	}
	for i := range lines {
		l := &lines[i]
		if l.Outcome != OutcomeWon {
			l.Pays = Ratio{}
		}
		l.Say = t.rules.sayLine(l, d, vigBack[i])
	}
	return lines, t.Point(), nil
}

// sayLine explains what the throw d did to one line, in the dealer's
// words; vigBack is a commission the rules return on a loss.
func (r *Rules) sayLine(l *DrillLine, d Dice, vigBack Amount) string {
	name := l.Bet.String() + " for " + strconv.FormatInt(int64(l.Amount), 10)
	switch l.Outcome {
	case OutcomeWon:
		s := name + " " + r.sayWin(l, d)
		if l.Stays {
			s += ", and stays up"
		}
		return s
	case OutcomeLost:
		if vigBack > 0 {
			return name + " loses: take it, and give back the vig of " + amountText(vigBack) + " paid with it"
		}
		return name + " loses: take it"
	case OutcomePushed:
		if _, whole := splitShares(l.Bet, l.Amount); isSplit(l.Bet.Kind) && whole {
			return name + " " + r.saySplit(l, d)
		}
		if (l.Bet.Kind == DontPass || l.Bet.Kind == DontCome) && d.Total() == r.bar() {
			return name + ": the " + strconv.Itoa(d.Total()) + " is barred, a push: nothing paid"
		}
		return name + ": a push, nothing paid"
	case OutcomeReturned:
		return name + " was off: its line bet is decided, so it comes back"
	case OutcomeMoved:
		return name + " travels to the " + strconv.Itoa(l.To)
	}
	if l.Off {
		return name + " is off on the come-out: no decision"
	}
	return name + ": no decision"
}

// sayWin explains a win: the payout, exact and as paid, and the vig.
func (r *Rules) sayWin(l *DrillLine, d Dice) string {
	if isSplit(l.Bet.Kind) {
		return r.saySplit(l, d)
	}
	gross := l.Paid
	c := r.commission(l.Bet.Kind)
	onWin := c != nil && !c.Timing.upfront()
	if onWin {
		gross += l.Commission
	}
	s := "pays " + r.sayRatio(l.Bet.Kind, l.Pays) + ": " + sayPayout(l.Amount, l.Pays, gross, r.unit())
	switch {
	case c == nil || c.rate().Win == 0:
	case onWin:
		s += ", less the vig (" + r.sayVig(c, l.Bet, l.Amount, l.Commission) + "): " + amountText(l.Paid)
	default:
		s += " (the vig, " + r.sayVig(c, l.Bet, l.Amount, l.Commission) + ", was paid with the bet)"
	}
	return s
}

// sayRatio names a payout as the layout prints it: "even money", "7 to 6",
// or "30 for 1" where the rules print the propositions so.
func (r *Rules) sayRatio(k BetKind, p Ratio) string {
	switch {
	case p == evenMoney:
		return "even money"
	case r.PropsFor1 && (k.propTotal() != 0 || k == Hop):
		return fmt.Sprintf("%d for %d", p.Win+p.Stake, p.Stake)
	}
	return fmt.Sprintf("%d to %d", p.Win, p.Stake)
}

// sayPayout is the payout of p on stake: the exact amount, and what the
// table pays if rounding to its unit changes it.
func sayPayout(stake Amount, p Ratio, paid, unit Amount) string {
	exact := fractionText(int64(stake)*p.Win, p.Stake)
	if exact == amountText(paid) {
		return exact
	}
	if unit <= 1 {
		return exact + ", rounded down to " + amountText(paid)
	}
	return exact + ", rounded down to the table's unit of " + amountText(unit) + ": " + amountText(paid)
}

// sayVig explains a commission on bet b of stake: "5% of 20: 1", with the
// rounding and the minimum where they change it.
func (r *Rules) sayVig(c *Commission, b Bet, stake, charged Amount) string {
	base := commissionBase(c, b.Kind, stake, b.pays())
	rate := c.rate()
	exact := fractionText(int64(base)*rate.Win, rate.Stake)
	s := percentText(rate) + " of " + amountText(base)
	rounded, err := c.Charge(base, r.unit())
	switch {
	case exact == amountText(charged):
		return s + ": " + exact
	case err == nil && charged < rounded:
		return s + " is " + exact + ", cut to what the bet wins: " + amountText(charged)
	case charged == c.Minimum && charged > 0:
		return s + " is " + exact + ", under the minimum: " + amountText(charged)
	}
	way := map[Rounding]string{RoundDown: "down", RoundNearest: "to the nearest unit", RoundUp: "up"}[c.Rounding]
	return s + " is " + exact + ", rounded " + way + ": " + amountText(charged)
}

// splitShares is how a bet made of parts (isSplit) of stake falls on its
// parts: the stake of one share, and whether the stake splits into whole
// shares at all.
func splitShares(b Bet, stake Amount) (Amount, bool) {
	total := Amount(0)
	for _, p := range b.parts() {
		total += Amount(p.weight)
	}
	return stake / total, stake%total == 0
}

// saySplit explains a bet made of parts (isSplit) that won or pushed, part
// by part: what its winning part pays and what the others lose, and the
// net as the table pays it. A winning stake that does not split into
// whole shares is explained by the whole bet's net payout.
func (r *Rules) saySplit(l *DrillLine, d Dice) string {
	share, ok := splitShares(l.Bet, l.Amount)
	if !ok {
		return "pays " + r.sayRatio(l.Bet.Kind, l.Pays) + " on the whole bet: " + sayPayout(l.Amount, l.Pays, l.Paid, r.unit())
	}
	var on, won []string
	lost := Amount(0)
	for _, p := range l.Bet.parts() {
		if p.weight == 0 {
			continue
		}
		stake := share * Amount(p.weight)
		name := p.kind.String()
		if n := p.kind.propTotal(); n != 0 {
			name = strconv.Itoa(n)
		}
		on = append(on, amountText(stake)+" on "+name)
		if e := (Bet{Kind: p.kind}).roll(r, betState{}, d); e.verdict == wins {
			won = append(won, amountText(stake)+" on "+name+" pays "+r.sayRatio(p.kind, e.pays)+": "+
				fractionText(int64(stake)*e.pays.Win, e.pays.Stake))
		} else {
			lost += stake
		}
	}
	s := "(" + strings.Join(on, ", ") + "): " + strings.Join(won, "; ")
	if lost > 0 {
		s += "; the other " + amountText(lost) + " loses"
	}
	if l.Outcome == OutcomePushed {
		return s + ": a push, nothing paid"
	}
	return s + ": " + sayPayout(l.Amount, l.Pays, l.Paid, r.unit())
}

// callThrow is the stickman's call of a throw: "hard 6", "easy 4", "yo",
// "aces".
func callThrow(d Dice) string {
	t := d.Total()
	switch t {
	case 2:
		return "aces"
	case 3:
		return "ace-deuce"
	case 7:
		return "seven"
	case 11:
		return "yo"
	case 12:
		return "boxcars"
	case 4, 6, 8, 10:
		if d.Pair() {
			return "hard " + strconv.Itoa(t)
		}
		return "easy " + strconv.Itoa(t)
	}
	return strconv.Itoa(t)
}

func amountText(a Amount) string { return strconv.FormatInt(int64(a), 10) }

// fractionText writes num/den as a whole number and a fraction in lowest
// terms: "35", "11 2/3", "1/4". num and den are not negative.
func fractionText(num, den int64) string {
	whole, rem := num/den, num%den
	if rem == 0 {
		return strconv.FormatInt(whole, 10)
	}
	g := gcd(rem, den)
	frac := strconv.FormatInt(rem/g, 10) + "/" + strconv.FormatInt(den/g, 10)
	if whole == 0 {
		return frac
	}
	return strconv.FormatInt(whole, 10) + " " + frac
}

// percentText writes a rate as a percentage, "5%", or as "2 1/2%".
func percentText(rate Ratio) string {
	return fractionText(100*rate.Win, rate.Stake) + "%"
}
