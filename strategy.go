package craps

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// ErrNoSuchStrategy is wrapped by NamedStrategy for a name it does not know.
var ErrNoSuchStrategy = errors.New("no such strategy")

// Spot is one bet a strategy keeps on the layout: placed when the game
// allows it, and placed again after it is decided.
type Spot struct {
	// Bet is the spot. Pass Odds and Don't Pass Odds (Number 0) stand
	// behind the line bet on whatever the point is. Come Odds and Don't
	// Come Odds with Number 0 stand behind every come or don't come bet
	// that has moved to a number, with a Number only behind the one on it.
	// Come and Don't Come are made in the come box (Number 0).
	Bet Bet
	// Amount is the stake. For an odds bet, 0 means the most the rules
	// allow behind the line bet; a larger amount is cut to that limit.
	Amount Amount
	// Count is how many come or don't come bets to keep working at once,
	// one in the come box at a time; 0 means 1. Other bets ignore it.
	Count int
	// PointOnly makes the bet only while a point is on, as an iron cross
	// makes its field bet.
	PointOnly bool
}

// Strategy is a layout kept on the table roll after roll, and an optional
// hook that reacts to each roll by changing it.
//
// Line bets are made on the come-out, come and don't come bets while a
// point is on, odds as soon as the bet they stand behind has a number;
// every other bet whenever the table takes it. A bet that stays up after a
// win (place, hardways) is left up; one whose amount the layout raises is
// pressed, one whose amount it lowers is regressed where the rules allow.
type Strategy struct {
	// Name names the strategy in results and merges.
	Name string
	// Layout is the bets to keep up, in the order they are placed.
	Layout []Spot
	// NewHook, if set, makes the hook of one worker; the simulator resets
	// it at the start of every session, shooter block or roll block. A
	// strategy with a hook runs on the general engine (a Table played
	// roll by roll); one without is compiled into a single automaton.
	NewHook func() Hook
}

// Hook reacts to each roll: it reads what the roll did and may change the
// amounts of the layout (press, regress, a progression) or end a session.
// A hook must not keep Step.Resolved after React returns, nor allocate if
// the run is to stay free of allocations.
type Hook interface {
	// Reset forgets everything before a new session or block.
	Reset()
	// React is called after every roll, before the layout is placed again.
	React(s *Step)
}

// Step is what a hook sees of one roll, and how it answers.
type Step struct {
	// Rolls counts the rolls of the session (or block) so far, this one included.
	Rolls int64
	Dice  Dice
	// Point is the puck after the roll: 0 when the next roll is a come-out.
	Point int
	// Resolved is what the roll did to the player's bets.
	Resolved []Resolution
	// Net is the roll's result for the player: wins paid less stakes lost
	// and commission kept.
	Net Amount
	// Bankroll is the player's money off the layout, OnTable on it.
	Bankroll, OnTable Amount
	// Layout is the layout kept up from now on, the hook's to change in
	// place (amounts, counts; not its length): it starts each session,
	// and each block, as the strategy's.
	Layout []Spot
	// Stop ends the session after this roll (in session runs only).
	Stop bool
}

// Validate reports a spot the rules do not take, or an amount the table
// would refuse, as an error wrapping ErrNotOffered, ErrSyntax, ErrAmount,
// ErrUnit or ErrTableLimit, and a spot the layout could never place (odds
// with no line bet under them, a come-out bet kept to the point) as one
// wrapping ErrNotNow.
func (s Strategy) Validate(r Rules) error {
	if err := r.Validate(); err != nil {
		return err
	}
	bad := func(sp Spot, sentinel error, format string, a ...any) error {
		return fmt.Errorf("craps: strategy %q: %v: %s: %w", s.Name, sp.Bet, fmt.Sprintf(format, a...), sentinel)
	}
	if len(s.Layout) == 0 {
		return fmt.Errorf("craps: strategy %q: an empty layout: %w", s.Name, ErrAmount)
	}
	for _, sp := range s.Layout {
		b := sp.Bet
		if (isOdds(b.Kind) && b.Kind != PutOdds && b.Number == 0) || ((b.Kind == Come || b.Kind == DontCome) && b.Number == 0) {
			b.Number = 6 // check the kind only
			if b.Kind == Come || b.Kind == DontCome {
				b.Number = 0
			}
		}
		if err := r.Offers(b); err != nil {
			return inContext(fmt.Sprintf("strategy %q", s.Name), err)
		}
		switch {
		case sp.Bet.Kind == Come || sp.Bet.Kind == DontCome:
			if sp.Bet.Number != 0 {
				return bad(sp, ErrNotNow, "come bets are made in the come box")
			}
		case sp.Bet.Kind == AllHardways:
			return bad(sp, ErrNotOffered, "it is placed as four hardway bets: lay out Hard 4, 6, 8 and 10")
		}
		if sp.Amount < 0 || sp.Amount > MaxAmount || (sp.Amount == 0 && !isOdds(sp.Bet.Kind)) {
			return bad(sp, ErrAmount, "amount %d", sp.Amount)
		}
		if sp.Amount%r.unit() != 0 {
			return bad(sp, ErrUnit, "%d is not a whole number of units of %d", sp.Amount, r.unit())
		}
		if !isOdds(sp.Bet.Kind) && !withinLimits(&r, sp.Bet.Kind, sp.Amount) {
			return bad(sp, ErrTableLimit, "%d is outside the table limits", sp.Amount)
		}
		if sp.Count < 0 || sp.Count > 6 {
			return bad(sp, ErrAmount, "count %d: from 1 to 6, or 0 for 1", sp.Count)
		}
		if why := s.neverPlaced(sp); why != "" {
			return bad(sp, ErrNotNow, "never placed: %s", why)
		}
	}
	return nil
}

// neverPlaced says why the layout could never place spot sp, or "" if it
// can: odds with no line bet in the layout to stand behind, or a bet made
// only at a come-out (line bets, fire, all/tall/small) kept to the point.
func (s Strategy) neverPlaced(sp Spot) string {
	b := sp.Bet
	comeOutOnly := b.Kind == PassLine || b.Kind == DontPass || b.Kind == Fire || b.Kind == All || b.Kind == Tall || b.Kind == Small
	if comeOutOnly && sp.PointOnly {
		return fmt.Sprintf("%v is made at a come-out, and point keeps it to while a point is on", b.Kind)
	}
	if !isOdds(b.Kind) {
		return ""
	}
	line := lineUnder(b)
	for _, x := range s.Layout {
		if x.Bet.Kind == line.Kind && (line.Kind != Put || x.Bet.Number == line.Number) && s.neverPlaced(x) == "" {
			return ""
		}
	}
	if line.Kind == Put {
		return fmt.Sprintf("the layout has no %v to stand behind", line)
	}
	return fmt.Sprintf("the layout has no %v bet to stand behind", line.Kind)
}

// keep places the layout on table t for the player in seat: every spot the
// game allows now that is not up at its amount is placed, pressed or
// regressed. It reports whether a bet was skipped for want of money. It
// never asks the table for what it would refuse in the ordinary course, so
// it makes no allocation.
func keep(t *Table, seat int, layout []Spot) (short bool) {
	for _, sp := range layout {
		b := sp.Bet
		switch b.Kind {
		case PassLine, DontPass:
			if t.point != 0 {
				continue // line bets are made on the come-out
			}
		case Come, DontCome, Put:
			if t.point == 0 {
				continue
			}
		case Fire:
			if t.handRolls > 0 {
				continue
			}
		case All, Tall, Small, Repeater:
			if t.sinceSeven > 0 {
				continue
			}
		}
		if sp.PointOnly && t.point == 0 {
			continue
		}
		switch b.Kind {
		case PassOdds, DontPassOdds:
			if t.point == 0 {
				continue
			}
			b.Number = int(t.point)
			short = t.keepOdds(seat, b, sp.Amount) || short
		case ComeOdds, DontComeOdds:
			line := Come
			if b.Kind == DontComeOdds {
				line = DontCome
			}
			// Behind each come bet in the order of their numbers, not of
			// the layout, so that a short bankroll backs the same ones
			// whatever order the bets were made in.
			var numbers uint16
			for _, p := range t.bets {
				if p.seat == seat && p.bet.Kind == line && p.bet.Number != 0 && (b.Number == 0 || b.Number == p.bet.Number) {
					numbers |= 1 << p.bet.Number
				}
			}
			for n := 2; n <= 12; n++ {
				if numbers&(1<<n) != 0 {
					short = t.keepOdds(seat, Bet{Kind: b.Kind, Number: n}, sp.Amount) || short
				}
			}
		case PutOdds:
			short = t.keepOdds(seat, b, sp.Amount) || short
		case Come, DontCome:
			n, inBox := 0, false
			for _, p := range t.bets {
				if p.seat == seat && p.bet.Kind == b.Kind {
					n++
					inBox = inBox || p.bet.Number == 0
				}
			}
			if !inBox && n < max(sp.Count, 1) {
				short = t.keepAt(seat, b, sp.Amount) || short
			}
		default:
			short = t.keepAt(seat, b, sp.Amount) || short
		}
	}
	return short
}

// keepOdds keeps odds bet b at amount behind its line bet, or at the most
// the rules allow if amount is 0 or above it.
func (t *Table) keepOdds(seat int, b Bet, amount Amount) bool {
	line := t.find(seat, lineUnder(b))
	if line < 0 {
		return false
	}
	limit := t.oddsRoom(b, t.bets[line].amount)
	limit -= limit % t.rules.unit()
	if amount == 0 || amount > limit {
		amount = limit
	}
	if amount == 0 {
		return false
	}
	return t.keepAt(seat, b, amount)
}

// keepAt brings the player's bet b to amount: placing what is missing, or
// taking off what is over where the bet may be reduced. It reports whether
// the player could not afford it, or the table could not take it without
// passing MaxBalance.
func (t *Table) keepAt(seat int, b Bet, amount Amount) (short bool) {
	have := Amount(0)
	j := t.find(seat, b)
	if j >= 0 {
		have = t.bets[j].amount
	}
	switch {
	case amount > have:
		if t.seats[seat].bankroll < amount-have {
			return true
		}
		if err := t.Place(t.seats[seat].name, b, amount-have); errors.Is(err, ErrFunds) || errors.Is(err, ErrOverflow) {
			return true
		}
	case amount < have && !t.isContract(&t.bets[j]):
		_ = t.reduce("reduce", t.seats[seat].name, b, have-amount)
	}
	return false
}

// Named strategies. Line bets are 10 units, so that full odds pay whole
// units at every point; place 6 and 8 are 6 units (7:6 pays 7).
var strategies = map[string]func() Strategy{
	"pass-max-odds": func() Strategy {
		return Strategy{Layout: []Spot{{Bet: Bet{Kind: PassLine}, Amount: 10}, {Bet: Bet{Kind: PassOdds}}}}
	},
	"dont-pass-max-lay": func() Strategy {
		return Strategy{Layout: []Spot{{Bet: Bet{Kind: DontPass}, Amount: 10}, {Bet: Bet{Kind: DontPassOdds}}}}
	},
	"iron-cross": func() Strategy {
		return Strategy{Layout: []Spot{
			{Bet: Bet{Kind: PassLine}, Amount: 10},
			{Bet: Bet{Kind: Place, Number: 5}, Amount: 10},
			{Bet: Bet{Kind: Place, Number: 6}, Amount: 12},
			{Bet: Bet{Kind: Place, Number: 8}, Amount: 12},
			{Bet: Bet{Kind: Field}, Amount: 10, PointOnly: true},
		}}
	},
	"three-point-molly": func() Strategy {
		return Strategy{Layout: []Spot{
			{Bet: Bet{Kind: PassLine}, Amount: 10}, {Bet: Bet{Kind: PassOdds}},
			{Bet: Bet{Kind: Come}, Amount: 10, Count: 2}, {Bet: Bet{Kind: ComeOdds}},
		}}
	},
	"place-6-8": func() Strategy {
		return Strategy{Layout: []Spot{
			{Bet: Bet{Kind: Place, Number: 6}, Amount: 6}, {Bet: Bet{Kind: Place, Number: 8}, Amount: 6},
		}}
	},
	"martingale": func() Strategy {
		return Strategy{Layout: []Spot{{Bet: Bet{Kind: PassLine}, Amount: 10}},
			NewHook: func() Hook { return &Martingale{Base: 10, Limit: 6} }}
	},
	"full": func() Strategy {
		return Strategy{Layout: FullLayout()}
	},
}

// FullLayout is the benchmark layout: a pass line bet of 10 with full
// odds, two come bets of 10 with full odds, place 6 and 8 at 12, the field
// at 5, and hard 6 and hard 8 at 5.
func FullLayout() []Spot {
	return []Spot{
		{Bet: Bet{Kind: PassLine}, Amount: 10}, {Bet: Bet{Kind: PassOdds}},
		{Bet: Bet{Kind: Come}, Amount: 10, Count: 2}, {Bet: Bet{Kind: ComeOdds}},
		{Bet: Bet{Kind: Place, Number: 6}, Amount: 12}, {Bet: Bet{Kind: Place, Number: 8}, Amount: 12},
		{Bet: Bet{Kind: Field}, Amount: 5},
		{Bet: Bet{Kind: Hardway, Number: 6}, Amount: 5}, {Bet: Bet{Kind: Hardway, Number: 8}, Amount: 5},
	}
}

// StrategyNames lists the strategies NamedStrategy knows, sorted.
func StrategyNames() []string {
	return slices.Sorted(maps.Keys(strategies))
}

// NamedStrategy returns one of the strategies shipped as examples:
//
//   - "pass-max-odds": the pass line, 10, with the most odds the table allows;
//   - "dont-pass-max-lay": don't pass, 10, laying the most odds allowed;
//   - "iron-cross": pass line 10, place 5 at 10, place 6 and 8 at 12, and
//     the field at 10 while a point is on, so that every total but 7 pays;
//   - "three-point-molly": pass line and two come bets, 10 each, all with
//     full odds;
//   - "place-6-8": place 6 and place 8 at 6 each;
//   - "martingale": a progression on the pass line, doubling after each
//     loss up to 2^6 times the base of 10, back to the base after a win;
//   - "full": FullLayout, the benchmark layout.
//
// An unknown name is an error wrapping ErrNoSuchStrategy.
func NamedStrategy(name string) (Strategy, error) {
	f, ok := strategies[name]
	if !ok {
		return Strategy{}, fmt.Errorf("craps: strategy %q (known: %v): %w", name, StrategyNames(), ErrNoSuchStrategy)
	}
	s := f()
	s.Name = name
	return s, nil
}

// Martingale is a progression hook on the first spot of the layout: after
// each loss of that bet its amount doubles, up to Base<<Limit; after a win
// it goes back to Base.
type Martingale struct {
	Base  Amount // the first bet, and the bet after a win
	Limit int    // the most doublings in a row
	level int
}

// Reset goes back to the base bet.
func (m *Martingale) Reset() { m.level = 0 }

// React doubles the first spot after a loss and resets it after a win.
func (m *Martingale) React(s *Step) {
	if len(s.Layout) == 0 {
		return
	}
	for _, r := range s.Resolved {
		if r.Bet.Kind != s.Layout[0].Bet.Kind {
			continue
		}
		switch r.Outcome {
		case OutcomeLost:
			m.level = min(m.level+1, m.Limit)
		case OutcomeWon:
			m.level = 0
		}
	}
	s.Layout[0].Amount = m.Base << m.level
}
