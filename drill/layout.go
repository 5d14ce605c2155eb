package drill

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/crapslab/craps"
)

// Wager is one bet on a drill's layout: whose it is, the spot, and the
// amount.
type Wager struct {
	Player string       `json:"player"`
	Bet    craps.Bet    `json:"bet"`
	Amount craps.Amount `json:"amount"`
	// Working turns the bet on or off for a come-out throw, as
	// craps.Table.SetWorking does; craps.SwitchDefault follows the rules.
	Working craps.Switch `json:"working,omitempty"`
}

// Line is one bet of a question with what the throw does to it: the
// answer a dealer gives for that bet, and why.
type Line struct {
	Wager
	// Off reports that the throw is a come-out and the bet is off for it,
	// so the throw cannot decide it.
	Off bool `json:"off,omitempty"`
	// Outcome is what the throw did to the bet; craps.NoOutcome when it
	// decided nothing.
	Outcome craps.Outcome `json:"outcome"`
	// Pays is the payout the bet's definition gives this throw
	// (craps.Rules.Pays), in "to 1" terms (a 2 at "30 for 1" is 29:1);
	// zero unless the bet won. For a bet made of parts (horn, C&E, world,
	// three-way craps) it is the net payout of the whole bet.
	Pays craps.Ratio `json:"pays,omitzero"`
	// Paid is what the dealer pays the player: the win, rounded down to
	// the table's unit, less any vig taken from it.
	Paid craps.Amount `json:"paid"`
	// Commission is the vig the house keeps on a buy or lay bet: paid
	// when the bet was made, or taken from this win; 0 when the rules
	// give it back on a loss.
	Commission craps.Amount `json:"commission,omitempty"`
	// Stays reports that the bet is still on the layout after the throw:
	// undecided, moved to its number, or a win that stays up (place,
	// hardways). To is the number a come or don't come bet travelled to.
	Stays bool `json:"stays,omitempty"`
	To    int  `json:"to,omitempty"`
	// Say is the dealer's explanation: "Place 6 for 30 pays 7 to 6: 35,
	// and stays up".
	Say string `json:"say"`
}

// MaxLayout is the most bets a layout of a question may hold: a thousand,
// more than twenty players with every bet of the layout each. A larger one
// is refused with an error wrapping craps.ErrTableLimit before it is played
// (a table seats and places in time that grows faster than the layout).
const MaxLayout = 1000

// bankroll is what each player of a drill's table brings: enough for any
// layout a Table takes.
const bankroll = craps.MaxAmount

// drillRules are the rules a drill plays: r, except that a card table's
// throws are given as dice, since a question names its throw and a card
// game pays every throw as the dice do.
func drillRules(r craps.Rules) (craps.Rules, error) {
	if err := r.Validate(); err != nil {
		return r, err
	}
	if r.Private {
		return r, fmt.Errorf("drill: the private game has no layout for a dealer to pay: %w", craps.ErrNotOffered)
	}
	r.Cards = craps.NoCards
	return r, nil
}

// handBefore reports whether a bet of kind k depends on the hand before
// the layout (the points made, the totals thrown since the last 7), which
// a layout of one throw cannot show: the bets on the shooter's hand (the
// fire bet, Ride the Line, the Hot Shooter), all, tall and small,
// Different Doubles and the repeaters (on one total or on a group).
func handBefore(k craps.BetKind) bool {
	switch k {
	case craps.Fire, craps.RideTheLine, craps.HotShooter, craps.All, craps.Tall, craps.Small,
		craps.DifferentDoubles, craps.Repeater, craps.RepeaterAny:
		return true
	}
	return false
}

// setUpLayout brings a table under r to the layout: the puck on point (0
// for a come-out) and every bet placed, by playing the throws that put it
// there. Line bets are made on a come-out and the point thrown; come and
// don't come bets on a number are made in the come box and their numbers
// thrown; then the rest are made as the layout lists them. Every bet goes
// through Table.Place, so a bet the table would refuse is refused here,
// with its *craps.TableError. It returns the layout with pass odds given
// without a number set on the point.
func setUpLayout(r craps.Rules, point int, layout []Wager) (*craps.Table, []Wager, error) {
	if len(layout) > MaxLayout {
		return nil, nil, fmt.Errorf("drill: a layout of %d bets (at most %d): %w", len(layout), MaxLayout, craps.ErrTableLimit)
	}
	t, err := craps.NewTable(r)
	if err != nil {
		return nil, nil, err
	}
	points := r.Points()
	if point != 0 && !slices.Contains(points, point) {
		return nil, nil, fmt.Errorf("drill: point %d is not a point in this game: %w", point, craps.ErrSyntax)
	}
	layout = append([]Wager(nil), layout...)
	seen := map[Wager]bool{}
	seated := map[string]bool{}
	var comeNumbers []int
	for i := range layout {
		b := &layout[i]
		if (b.Bet.Kind == craps.PassOdds || b.Bet.Kind == craps.DontPassOdds) && b.Bet.Number == 0 {
			b.Bet.Number = point
		}
		if err := r.Offers(b.Bet); err != nil {
			return nil, nil, err
		}
		key := Wager{Player: b.Player, Bet: b.Bet}
		if seen[key] {
			return nil, nil, fmt.Errorf("drill: %s's %v is on the layout twice: %w", b.Player, b.Bet, craps.ErrSyntax)
		}
		seen[key] = true
		switch k := b.Bet.Kind; {
		case b.Working > craps.SwitchOff:
			return nil, nil, fmt.Errorf("drill: %s's %v: working switch %d is none of default, on and off: %w", b.Player, b.Bet, b.Working, craps.ErrSyntax)
		case handBefore(k):
			return nil, nil, fmt.Errorf("drill: %v depends on the hand before the layout: %w", k, craps.ErrNotOffered)
		case k == craps.AllHardways:
			return nil, nil, fmt.Errorf("drill: all the hardways is made as four Hard bets: put those on the layout: %w", craps.ErrNotOffered)
		case k == craps.Come || k == craps.DontCome:
			if n := b.Bet.Number; n != 0 {
				if n == point {
					return nil, nil, &craps.TableError{Op: "place", Player: b.Player, Bet: b.Bet, Err: craps.ErrNotNow,
						Reason: "a come bet cannot stand on the point: the throw that made it the point decided the bet"}
				}
				if !slices.Contains(comeNumbers, n) {
					comeNumbers = append(comeNumbers, n)
				}
			}
		}
		if !seated[b.Player] { // seated in the order they appear
			if err := t.Join(b.Player, bankroll); err != nil {
				return nil, nil, err
			}
			seated[b.Player] = true
		}
	}
	throw := func(n int) error {
		_, err := t.Roll(throwOf(n), nil)
		return err
	}
	place := func(keep func(craps.Bet) bool) error {
		for _, b := range layout {
			if !keep(b.Bet) {
				continue
			}
			bet := b.Bet
			if bet.Kind == craps.Come || bet.Kind == craps.DontCome {
				bet.Number = 0 // made in the come box; its number is thrown
			}
			if err := t.Place(b.Player, bet, b.Amount); err != nil {
				return err
			}
		}
		return nil
	}
	isLine := func(b craps.Bet) bool { return b.Kind == craps.PassLine || b.Kind == craps.DontPass }
	isOdds := func(b craps.Bet) bool { _, ok := b.LineUnder(); return ok }
	on := func(n int) func(craps.Bet) bool {
		return func(b craps.Bet) bool { return (b.Kind == craps.Come || b.Kind == craps.DontCome) && b.Number == n }
	}
	// Come bets on their numbers need a point on while they travel; on a
	// come-out layout, the point they travelled under is made afterwards:
	// the first of 4 to 10 that none of them stands on.
	comePoint := point
	if point == 0 && len(comeNumbers) > 0 {
		for _, n := range points {
			if n >= 4 && n <= 10 && !slices.Contains(comeNumbers, n) {
				comePoint = n
				break
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
		err := place(func(b craps.Bet) bool {
			return isOdds(b) == odds && !isLine(b) && !((b.Kind == craps.Come || b.Kind == craps.DontCome) && b.Number != 0)
		})
		if err != nil {
			return nil, nil, err
		}
	}
	for _, b := range layout {
		if b.Working != craps.SwitchDefault {
			if err := t.SetWorking(b.Player, b.Bet, b.Working == craps.SwitchOn); err != nil {
				return nil, nil, err
			}
		}
	}
	if n, err := betsOn(t); err != nil || n != len(layout) { // every bet is on the layout as given, and nothing else
		return nil, nil, fmt.Errorf("drill: the layout cannot be set up as given: %w", craps.ErrNotNow)
	}
	return t, layout, nil
}

// betsOn counts the bets on table t.
func betsOn(t *craps.Table) (int, error) {
	n := 0
	for _, p := range t.Players() {
		bets, err := t.Bets(p.Name)
		if err != nil {
			return 0, err
		}
		n += len(bets)
	}
	return n, nil
}

// throwOf is a throw of total n to set up a layout with: the easy way
// where there is one, so that no hardway reads it as its own.
func throwOf(n int) craps.Dice {
	pair := craps.Dice{}
	for a := uint8(1); a <= 6; a++ {
		for b := a; b <= 6; b++ {
			if int(a+b) != n {
				continue
			}
			if a != b {
				return craps.Dice{A: a, B: b}
			}
			pair = craps.Dice{A: a, B: b}
		}
	}
	return pair
}

// playLayout sets up the layout, throws d, and reports what the throw did
// to every bet, in the layout's order, with the dealer's explanation, and
// the puck after the throw. Every figure is the Table's: its Resolutions,
// its bets' working and commission, and, for the explanation, the payout
// the bet's own definition gives the throw (craps.Rules.Pays).
func playLayout(r craps.Rules, point int, layout []Wager, d craps.Dice) ([]Line, int, error) {
	r, err := drillRules(r)
	if err != nil {
		return nil, 0, err
	}
	if !d.Valid() {
		return nil, 0, fmt.Errorf("drill: dice %d-%d are not two faces from 1 to 6: %w", d.A, d.B, craps.ErrSyntax)
	}
	t, layout, err := setUpLayout(r, point, layout)
	if err != nil {
		return nil, 0, err
	}
	lines := make([]Line, len(layout))
	index := map[Wager]int{}
	for i, b := range layout {
		lines[i].Wager = b
		index[Wager{Player: b.Player, Bet: b.Bet}] = i
	}
	for _, p := range t.Players() {
		bets, err := t.Bets(p.Name)
		if err != nil {
			return nil, 0, err
		}
		for _, b := range bets {
			l := &lines[index[Wager{Player: p.Name, Bet: b.Bet}]]
			l.Off = point == 0 && !b.Working
			l.Commission = b.Commission
			l.Stays = true
		}
	}
	res, err := t.Roll(d, nil)
	if err != nil {
		return nil, 0, err
	}
	vigBack := make([]craps.Amount, len(lines))
	for _, x := range res {
		i := index[Wager{Player: x.Player, Bet: x.Bet}]
		l := &lines[i]
		l.Outcome = x.Outcome
		l.Paid = x.Win
		l.Commission += x.Commission
		l.Stays = x.To != craps.Bet{}
		if x.Outcome == craps.OutcomeMoved {
			l.To = x.To.Number
		}
		if x.Outcome == craps.OutcomeLost && x.Returned > 0 {
			vigBack[i] = x.Returned // the rules give the vig back on a loss
			l.Commission -= x.Returned
		}
		if x.Outcome == craps.OutcomeWon {
			if l.Pays, err = r.Pays(x.Bet, point, d); err != nil {
				return nil, 0, err
			}
		}
	}
	for i := range lines {
		l := &lines[i]
		s, err := sayLine(r, l, d, vigBack[i])
		if err != nil {
			return nil, 0, err
		}
		l.Say = s
	}
	return lines, t.Point(), nil
}

// sayLine explains what the throw d did to one line, in the dealer's
// words; vigBack is a commission the rules return on a loss.
func sayLine(r craps.Rules, l *Line, d craps.Dice, vigBack craps.Amount) (string, error) {
	name := l.Bet.String() + " for " + amountText(l.Amount)
	switch l.Outcome {
	case craps.OutcomeWon:
		win, err := sayWin(r, l, d)
		if err != nil {
			return "", err
		}
		s := name + " " + win
		if l.Stays {
			s += ", and stays up"
		}
		return s, nil
	case craps.OutcomeLost:
		if vigBack > 0 {
			return name + " loses: take it, and give back the vig of " + amountText(vigBack) + " paid with it", nil
		}
		return name + " loses: take it", nil
	case craps.OutcomePushed:
		if _, whole := splitShares(l.Bet, l.Amount); whole {
			s, err := saySplit(r, l, d)
			return name + " " + s, err
		}
		if k := l.Bet.Kind; k == craps.DontPass || k == craps.DontCome {
			// The one throw a don't bet pushes on is the bar.
			return name + ": the " + strconv.Itoa(d.Total()) + " is barred, a push: nothing paid", nil
		}
		return name + ": a push, nothing paid", nil
	case craps.OutcomeReturned:
		return name + " was off: its line bet is decided, so it comes back", nil
	case craps.OutcomeMoved:
		return name + " travels to the " + strconv.Itoa(l.To), nil
	}
	if l.Off {
		return name + " is off on the come-out: no decision", nil
	}
	return name + ": no decision", nil
}

// sayWin explains a win: the payout, exact and as paid, and the vig.
func sayWin(r craps.Rules, l *Line, d craps.Dice) (string, error) {
	b := l.Bet
	if b.Parts() != nil {
		return saySplit(r, l, d)
	}
	gross := l.Paid
	c, _, vig := r.CommissionOn(b, l.Amount)
	onWin := vig && c.Timing == craps.CommissionOnWinOnly
	if onWin {
		gross += l.Commission
	}
	s := "pays " + sayRatio(r, b.Kind, l.Pays) + ": " + sayPayout(l.Amount, l.Pays, gross, unit(r))
	switch {
	case !vig || c.Rate.Win == 0:
	case onWin:
		s += ", less the vig (" + sayVig(r, b, l.Amount, l.Commission) + "): " + amountText(l.Paid)
	default:
		s += " (the vig, " + sayVig(r, b, l.Amount, l.Commission) + ", was paid with the bet)"
	}
	return s, nil
}

// saidFor1 are the bets a layout prints "for 1" under Rules.PropsFor1:
// 2, 3, 11, 12 and the hops.
var saidFor1 = []craps.BetKind{craps.Aces, craps.AceDeuce, craps.Yo, craps.Boxcars, craps.Hop}

// sayRatio names a payout as the layout prints it: "even money", "7 to 6",
// or "30 for 1" where the rules print the propositions so.
func sayRatio(r craps.Rules, k craps.BetKind, p craps.Ratio) string {
	switch {
	case p == craps.Ratio{Win: 1, Stake: 1}:
		return "even money"
	case r.PropsFor1 && slices.Contains(saidFor1, k):
		return fmt.Sprintf("%d for %d", p.Win+p.Stake, p.Stake)
	}
	return fmt.Sprintf("%d to %d", p.Win, p.Stake)
}

// sayPayout is the payout of p on stake: the exact amount, and what the
// table pays if rounding to its unit changes it.
func sayPayout(stake craps.Amount, p craps.Ratio, paid, unit craps.Amount) string {
	exact := fractionText(exactPay(stake, p))
	if exact == amountText(paid) {
		return exact
	}
	if unit <= 1 {
		return exact + ", rounded down to " + amountText(paid)
	}
	return exact + ", rounded down to the table's unit of " + amountText(unit) + ": " + amountText(paid)
}

// exactPay is what ratio p pays on a, exactly; 0 for a ratio without a stake.
func exactPay(a craps.Amount, p craps.Ratio) *big.Rat {
	if p.Stake == 0 {
		return new(big.Rat)
	}
	return new(big.Rat).Mul(big.NewRat(int64(a), 1), p.Rat())
}

// sayVig explains the commission charged on bet b of stake: "5% of 20: 1",
// with the rounding and the minimum where they change it.
func sayVig(r craps.Rules, b craps.Bet, stake, charged craps.Amount) string {
	c, base, _ := r.CommissionOn(b, stake)
	exact := fractionText(exactPay(base, c.Rate))
	s := percentText(c.Rate) + " of " + amountText(base)
	rounded, err := c.Charge(base, unit(r))
	switch {
	case exact == amountText(charged):
		return s + ": " + exact
	case err == nil && charged < rounded:
		return s + " is " + exact + ", cut to what the bet wins: " + amountText(charged)
	case charged == c.Minimum && charged > 0:
		return s + " is " + exact + ", under the minimum: " + amountText(charged)
	}
	way := map[craps.Rounding]string{craps.RoundDown: "down", craps.RoundNearest: "to the nearest unit", craps.RoundUp: "up"}[c.Rounding]
	return s + " is " + exact + ", rounded " + way + ": " + amountText(charged)
}

// splitShares is how a bet made of parts (craps.Bet.Parts) of stake falls
// on its parts: the stake of one share, and whether the stake splits into
// whole shares at all; false for a bet not made of parts.
func splitShares(b craps.Bet, stake craps.Amount) (craps.Amount, bool) {
	n := craps.Amount(len(b.Parts()))
	if n == 0 {
		return 0, false
	}
	return stake / n, stake%n == 0
}

// propNames are the names a dealer calls the single-number propositions
// by when he splits a bet over them: "5 on 2".
var propNames = map[craps.BetKind]string{craps.Aces: "2", craps.AceDeuce: "3", craps.Yo: "11", craps.Boxcars: "12"}

// saySplit explains a bet made of parts that won or pushed, part by part:
// what its winning part pays and what the others lose, and the net as the
// table pays it. A winning stake that does not split into whole shares is
// explained by the whole bet's net payout.
func saySplit(r craps.Rules, l *Line, d craps.Dice) (string, error) {
	share, ok := splitShares(l.Bet, l.Amount)
	if !ok {
		return "pays " + sayRatio(r, l.Bet.Kind, l.Pays) + " on the whole bet: " + sayPayout(l.Amount, l.Pays, l.Paid, unit(r)), nil
	}
	// The parts, each with its weight: equal shares of one kind in a row.
	type part struct {
		bet    craps.Bet
		weight craps.Amount
	}
	var parts []part
	// Each part is paid by its own definition, whether or not the table
	// offers it as a bet of its own.
	alone := r
	alone.NotOffered = 0
	for _, p := range l.Bet.Parts() {
		if n := len(parts); n > 0 && parts[n-1].bet == p {
			parts[n-1].weight++
		} else {
			parts = append(parts, part{p, 1})
		}
	}
	var on, won []string
	lost := craps.Amount(0)
	for _, p := range parts {
		stake := share * p.weight
		what := p.bet.String()
		if n, ok := propNames[p.bet.Kind]; ok {
			what = n
		}
		on = append(on, amountText(stake)+" on "+what)
		pays, err := alone.Pays(p.bet, 0, d)
		if err != nil {
			return "", err
		}
		if pays.IsZero() {
			lost += stake
			continue
		}
		won = append(won, amountText(stake)+" on "+what+" pays "+sayRatio(r, p.bet.Kind, pays)+": "+
			fractionText(exactPay(stake, pays)))
	}
	s := "(" + strings.Join(on, ", ") + "): " + strings.Join(won, "; ")
	if lost > 0 {
		s += "; the other " + amountText(lost) + " loses"
	}
	if l.Outcome == craps.OutcomePushed {
		return s + ": a push, nothing paid", nil
	}
	return s + ": " + sayPayout(l.Amount, l.Pays, l.Paid, unit(r)), nil
}

// callThrow is the stickman's call of a throw: "hard 6", "easy 4", "yo",
// "aces".
func callThrow(d craps.Dice) string {
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

func amountText(a craps.Amount) string { return strconv.FormatInt(int64(a), 10) }

// fractionText writes a fraction that is not negative as a whole number
// and a fraction in lowest terms: "35", "11 2/3", "1/4".
func fractionText(x *big.Rat) string {
	whole, rem := new(big.Int).QuoRem(x.Num(), x.Denom(), new(big.Int))
	if rem.Sign() == 0 {
		return whole.String()
	}
	frac := rem.String() + "/" + x.Denom().String() // x is in lowest terms, so is rem/den
	if whole.Sign() == 0 {
		return frac
	}
	return whole.String() + " " + frac
}

// percentText writes a rate as a percentage, "5%", or as "2 1/2%".
func percentText(rate craps.Ratio) string {
	return fractionText(new(big.Rat).Mul(big.NewRat(100, 1), rate.Rat())) + "%"
}
