package craps

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNoSuchStrategy is wrapped by NamedStrategy for a name it does not know.
var ErrNoSuchStrategy = errors.New("no such strategy")

// Strategy is a way of betting, as data: a list of actions that a player
// takes before every roll, read the same way by live play
// (StrategyPlayer), the simulator's Table engine and its compiled engine.
// Its text form, which ParseStrategy reads and String writes, is
// described in the package documentation under "Strategies".
//
// Before each roll the actions run in order, each when its condition
// holds: an ActionBet brings its bet to its amount (placing, pressing or
// regressing it where the game allows), an ActionTakeDown takes bets
// down, an ActionStop ends a session. Line bets are made on the come-out,
// come and don't come bets while a point is on (one in the come box at a
// time), odds once the bet they stand behind has a number, the fire bet
// before a shooter's first roll, all, tall and small after a 7; every
// other bet whenever the table takes it. A bet the player cannot afford is
// skipped. A strategy's memory (its progressions and counters) is small
// and bounded, so that the simulator compiles it with the table into one
// automaton; NewHook is the escape hatch for Go code with a memory of its
// own. In the private game (Rules.Private) the actions make bets between
// players, which Simulate plays: the center bet, fades, and side bets
// backed and covered (Action.Against).
type Strategy struct {
	// Name names the strategy in results and merges.
	Name string
	// Doc says in one line what the strategy does.
	Doc string
	// Actions are what the player does before each roll, in order.
	Actions []Action
	// NewHook, if set, makes the hook of one player: the simulator makes
	// one for each worker and resets it at the start of every session,
	// shooter block or roll block. While the hook keeps no bets of its
	// own it is shown each roll from the compiled automaton; from the roll
	// after which it keeps one, the block plays on the Table engine. It
	// must not return nil.
	NewHook func() StrategyHook
}

// StrategyHook is Go code that takes part in a strategy: after every
// roll it sees what the roll did, and may keep bets of its own up or end
// a session. It is the escape hatch for a memory the strategy language
// cannot hold (a bankroll fraction, an unbounded progression). A hook
// must treat HookRoll.Resolved as read-only and not keep it after React
// returns (the simulator shares it between rolls and workers), nor
// allocate if the run is to stay free of allocations.
type StrategyHook interface {
	// Reset forgets everything before a new session or block, and may
	// keep the first bets through r, which holds the bankroll and no roll.
	Reset(r *HookRoll)
	// React is called after every roll, after the strategy's actions
	// have seen it and before they place its bets for the next.
	React(r *HookRoll)
}

// HookRoll is what a hook sees of one roll, and how it answers.
type HookRoll struct {
	// Rolls counts the rolls of the session (or block) so far, this one included.
	Rolls int64
	Dice  Dice
	// Point is the puck after the roll: 0 when the next roll is a come-out.
	Point int
	// Resolved is what the roll did to the player's bets, in the order of
	// the bets (BetKind, then number). It is read-only: the simulator
	// shares it between rolls and workers.
	Resolved []Resolution
	// Net is the roll's result for the player: wins paid less stakes lost
	// and commission kept, with the commission kept on the bets taken down
	// since the last roll (paid up front, not given back: bets never
	// decided), so that a session's Nets sum to the player's result but
	// for the commission paid on the bets still up.
	Net Amount
	// Bankroll is the player's money off the layout, OnTable on it.
	Bankroll, OnTable Amount
	// Stop ends the session after this roll (in session runs only).
	Stop bool

	kept *[]keptBet
}

// keptBet is a bet a hook keeps up, at an amount; checked is set once
// the bet and amount are found to be ones the table takes (refused when
// they are not); settled, on the Table engine, once the bet is up at its
// amount and nothing has changed it since.
type keptBet struct {
	bet    Bet
	amount Amount
	// betChecked is set once betRefused tells whether the table takes
	// the bet at all; checked once refused tells whether it takes it at
	// this amount; settled while it stands as kept, with nothing since
	// that could change it.
	betChecked, betRefused    bool
	checked, refused, settled bool
}

// Keep asks for the player's bet b to be kept at amount from now on, as
// an action keeps its bet (line bets on the come-out, come bets from the
// come box, odds behind their bet, cut to the limit), until the hook
// keeps it at another amount; 0 takes it down and forgets it. A bet or
// amount the table does not take (a come bet on a number, an amount below
// the minimum or below 0) is not made. Every Reset forgets them all.
func (r *HookRoll) Keep(b Bet, amount Amount) {
	kept := r.kept
	for i := range *kept {
		if k := &(*kept)[i]; k.bet.Kind == b.Kind && k.bet == b {
			if k.amount != amount {
				k.amount, k.checked, k.settled = amount, false, false
			}
			return
		}
	}
	*kept = append(*kept, keptBet{bet: b, amount: amount})
}

// ActionKind is what an Action does.
type ActionKind uint8

const (
	// ActionBet keeps Bet up at the action's amount.
	ActionBet ActionKind = iota
	// ActionTakeDown takes down the bets that Bet stands for, where the
	// game lets them come down (a pass line bet on its point stays); in
	// the private game it calls off the player's number bets, and come
	// bets carried over a point made (Table.CallOff).
	ActionTakeDown
	// ActionStop ends the session (in session runs; elsewhere it does
	// nothing).
	ActionStop
)

// Action is one step of a Strategy: make a bet, take bets down, or stop,
// when its condition holds.
type Action struct {
	Kind ActionKind
	// Bet is the bet made, or the bets taken down. Pass odds and don't
	// pass odds with Number 0 stand behind the line bet on whatever the
	// point is; come odds and don't come odds with Number 0 behind every
	// come or don't come bet on a number, and with a Number behind the one
	// on it; come and don't come bets are made in the come box (Number 0).
	// To take down, a kind with Number 0 stands for every bet of the kind.
	Bet Bet
	// Amounts is the stake: one amount, or the amounts of a progression,
	// of which Progression says which to bet; a 0 in a progression takes
	// the bet down. An odds bet sized by Odds has none.
	Amounts []Amount
	// InMinimums reads Amounts as multiples of the table minimum.
	InMinimums bool
	// Progression says which of several Amounts to bet.
	Progression Progression
	// Odds sizes an odds bet from the bet it stands behind, with Times.
	Odds OddsSizing
	// Times is the multiple of OddsByMultiple, by point number; the zero
	// OddsLimit is 3-4-5x, as the text writes it (the same multiples set
	// in full are written 3-4-5-3-3x).
	Times OddsLimit
	// SkipPoint takes the bet down, and does not make it, while the puck
	// is on its number; SkipCome while one of the player's come bets is on
	// it. Either holds whatever the condition says.
	SkipPoint, SkipCome bool
	// Working, if not SwitchDefault, turns the bet on or off for come-out
	// rolls when it is made (place, buy, lay, hardways, come odds).
	Working Switch
	// Against takes the other side of a bet between players, in the
	// private game (Rules.Private), where there is no house and every bet
	// is between two players. There an ActionBet on Center is the
	// shooter's stake at each of his come-outs, and with Against a fade of
	// up to the amount of another shooter's stake. Any other bet is a
	// side bet the player backs, staking the amount, at the Agreed odds,
	// with a player willing to cover it; with Against the player is
	// willing: he covers the side bets others make on Bet at the Agreed
	// odds, with up to the amount of his own money on them at once.
	Against bool
	// Agreed is the odds of a side bet: what its backer wins for what he
	// stakes; the zero Ratio is even money. A backer and a coverer agree
	// when their odds are equal.
	Agreed Ratio
	// Opponent, if not "", is the one player a side bet is made with, as
	// its backer or its coverer; "" is anyone willing.
	Opponent string
	// NoBetUnlessFaded calls the shooter's center bet off ("no bet") when
	// the others have not faded all of it; without it, the part not faded
	// is withdrawn, and the bet called off if what is left is under the
	// table minimum.
	NoBetUnlessFaded bool
	// Claim makes a fade claim the whole center bet whenever the claim
	// rule lets the player (Rules.FadeClaim, Table.Claim).
	Claim bool
	// If is when the action applies; the zero Condition always holds.
	If Condition
}

// OddsSizing is how an odds bet is sized.
type OddsSizing uint8

const (
	// OddsByAmount bets the action's Amounts.
	OddsByAmount OddsSizing = iota
	// OddsByMultiple bets Times the bet the odds stand behind (the stake
	// for odds laid), cut to the table's limit.
	OddsByMultiple
	// OddsAtLimit bets the most the table allows.
	OddsAtLimit
)

// Progression says which of an action's amounts to bet. It starts at the
// first amount. Unless By is set, it moves after each roll that decides
// one of the action's bets: OnWin when the roll won one and lost none,
// OnLoss when it lost one and won none.
type Progression struct {
	// OnWin and OnLoss are the moves after a win and after a loss.
	OnWin, OnLoss Move
	// Cycle makes a move up from the last amount go back to the first;
	// otherwise the last amount is the cap and a move up stays there.
	Cycle bool
	// By, if it is a count (hits, points, rolls, winnings), picks the
	// amount by the count's value instead: the first amount at 0, the
	// last for every value from the last on. Op and N are unused.
	By Fact
}

// Move is how a progression moves after a win or a loss.
type Move uint8

const (
	MoveReset Move = iota // back to the first amount
	MoveUp                // to the next amount
	MoveDown              // to the one before, staying at the first
	MoveStay              // nowhere
)

// Condition is when an action applies: it holds when every fact of one of
// its clauses holds, so that "a and b or c" is {{a, b}, {c}}. The zero
// Condition always holds.
type Condition [][]Fact

// FactKind is what a Fact is about.
type FactKind uint8

const (
	// NoFact is the zero FactKind: no fact (a Progression not by a count).
	NoFact FactKind = iota
	// FactPoint: the puck is on, on N if N is not 0.
	FactPoint
	// FactHas: the player has a bet that Bet stands for (in the private
	// game, on either side).
	FactHas
	// FactBets: the number of the player's bets that Bet stands for (in
	// the private game, on either side).
	FactBets
	// FactComes: the number of the player's come bets (don't come bets,
	// with Bet.Kind DontCome) that have travelled to a number.
	FactComes
	// FactRolled: the last roll was one of Rolled.
	FactRolled
	// FactWon and FactLost: the last roll won, or lost, a bet of the
	// player's that Bet stands for.
	FactWon
	FactLost
	// The counts of the shooter's hand so far, from 0 when a shooter
	// starts: FactHits counts the wins of the player's bets that Bet
	// stands for, FactPoints the points made, FactRolls the rolls,
	// FactWinnings the money the player's bets won (paid, stakes aside).
	FactHits
	FactPoints
	FactRolls
	FactWinnings
	numFactKinds
)

// Fact is one thing a condition tests about the table, the player's bets
// or the last roll.
type Fact struct {
	Kind FactKind
	// Not negates the fact.
	Not bool
	// Bet is the bet, or with Number 0 every bet of its kind, of FactHas,
	// FactBets, FactWon, FactLost and FactHits.
	Bet Bet
	// Rolled is the throws of FactRolled.
	Rolled OutcomeSet
	// Op and N compare a number (FactBets, FactComes and the counts) with
	// N; N is also the point of FactPoint (0 for any).
	Op Comparison
	N  int
}

// Comparison compares a fact's number with its N.
type Comparison uint8

const (
	CompareEqual          Comparison = iota // =
	CompareNotEqual                         // !=
	CompareLess                             // <
	CompareLessOrEqual                      // <=
	CompareGreater                          // >
	CompareGreaterOrEqual                   // >=
	numComparisons
)

// MaxStrategyActions is the most actions a Strategy may hold: far more
// than any betting system has (the named ones have at most a dozen), and
// few enough that reading, checking and compiling one takes milliseconds.
// ParseStrategy refuses a text of more, and Validate a strategy, with an
// error wrapping ErrSyntax.
const MaxStrategyActions = 1000

// maxFactCount bounds the numbers a condition compares with and the
// amounts of a progression, so that a strategy's memory stays small.
const (
	maxFactCount       = 10_000
	maxProgressionSize = 100
	// maxStrategyMemory is how many progressions and counts a strategy
	// may keep.
	maxStrategyMemory = 16
)

// count reports whether a fact kind is a count of the hand.
func (k FactKind) count() bool {
	return k == FactHits || k == FactPoints || k == FactRolls || k == FactWinnings
}

// numbered reports whether a fact kind compares a number with N.
func (k FactKind) numbered() bool { return k == FactBets || k == FactComes || k.count() }

// label names the strategy in an error: its Name, or its text if it has
// none (as a strategy ParseStrategy read), the first labelActions of its
// actions of a longer one.
func (s Strategy) label() string {
	if s.Name != "" || s.NewHook != nil && len(s.Actions) == 0 {
		return clip(s.Name)
	}
	if len(s.Actions) > labelActions {
		head := s
		head.Actions = s.Actions[:labelActions]
		return fmt.Sprintf("%s; ... (%d actions)", clip(oneLine(head.String())), len(s.Actions))
	}
	return clip(oneLine(s.String()))
}

// labelActions is the most actions label writes.
const labelActions = 8

// Validate reports an action the rules do not take, or an amount the
// table would refuse, as an error wrapping ErrNotOffered, ErrSyntax,
// ErrAmount, ErrUnit or ErrTableLimit, and a bet the strategy could never
// make as one wrapping ErrNotNow. A strategy with a hook may have no
// actions; one without needs at least one. The private game takes no hook.
// Validate calls NewHook once, and refuses a nil hook with ErrSyntax.
func (s Strategy) Validate(r Rules) error {
	if err := r.Validate(); err != nil {
		return err
	}
	if len(s.Actions) == 0 && s.NewHook == nil {
		return fmt.Errorf("craps: strategy %q: no actions: %w", s.label(), ErrAmount)
	}
	if len(s.Actions) > MaxStrategyActions {
		return fmt.Errorf("craps: strategy %q: %d actions, at most %d: %w", s.label(), len(s.Actions), MaxStrategyActions, ErrSyntax)
	}
	if r.Private && s.NewHook != nil {
		return fmt.Errorf("craps: strategy %q: a hook keeps bets with the house, and the private game has none: %w", s.label(), ErrNotOffered)
	}
	if s.NewHook != nil && s.NewHook() == nil {
		return fmt.Errorf("craps: strategy %q: NewHook made no hook (nil): %w", s.label(), ErrSyntax)
	}
	for i, a := range s.Actions {
		err := a.validate(r)
		if err == nil && a.Kind == ActionBet && s.NewHook == nil {
			err = s.neverMade(&a)
		}
		if err != nil {
			return inContext(fmt.Sprintf("strategy %q: action %d (%s)", s.label(), i+1, clip(a.String())), err)
		}
	}
	if n := len(newMemoryLayout(s.Actions).slots); n > maxStrategyMemory {
		return fmt.Errorf("craps: strategy %q: %d progressions and counts, at most %d: %w", s.label(), n, maxStrategyMemory, ErrAmount)
	}
	return nil
}

// betRefusal is why a strategy may not keep bet b at any amount under r,
// or nil.
func betRefusal(r *Rules, b Bet) error {
	if err := offeredPattern(*r, b); err != nil {
		return err
	}
	switch {
	case (b.Kind == Come || b.Kind == DontCome) && b.Number != 0:
		return fmt.Errorf("come bets are made in the come box: %w", ErrNotNow)
	case b.Kind == PutOdds && b.Number == 0:
		return fmt.Errorf("put odds stand behind the put bet on a number: %w", ErrSyntax)
	case b.Kind == AllHardways:
		return fmt.Errorf("it is placed as four hardway bets: keep Hard 4, 6, 8 and 10: %w", ErrNotOffered)
	}
	return nil
}

// amountFits reports whether a strategy may keep a bet of kind k at x
// under r: a whole number of units up to MaxAmount and, but for odds,
// within the table's limits.
func amountFits(r *Rules, k BetKind, x Amount) bool {
	return x > 0 && x <= MaxAmount && x%r.unit() == 0 && (isOdds(k) || withinLimits(r, k, x))
}

// validate checks one action under r.
func (a *Action) validate(r Rules) error {
	bad := func(sentinel error, format string, args ...any) error {
		return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), sentinel)
	}
	if err := a.If.validate(r); err != nil {
		return err
	}
	between := a.Against || !a.Agreed.IsZero() || a.Opponent != "" || a.NoBetUnlessFaded || a.Claim
	extras := len(a.Amounts) != 0 || a.InMinimums || a.Progression != (Progression{}) || a.Odds != OddsByAmount ||
		a.Times != (OddsLimit{}) || a.SkipPoint || a.SkipCome || a.Working != SwitchDefault || between
	switch a.Kind {
	case ActionStop:
		if extras || a.Bet != (Bet{}) {
			return bad(ErrSyntax, "a stop has a condition and nothing else")
		}
		return nil
	case ActionTakeDown:
		switch k := a.Bet.Kind; {
		case extras:
			return bad(ErrSyntax, "a take down has bets and a condition only")
		case r.Private && k != NumberBet && k != Come && k != DontCome:
			return bad(ErrNotOffered, "in the private game only number bets, and come bets carried over a point made, are called off")
		}
		return offeredPattern(r, a.Bet)
	case ActionBet:
	default:
		return bad(ErrSyntax, "unknown action kind %d", a.Kind)
	}
	b := a.Bet
	if !madeAsIs(b) {
		return bad(ErrSyntax, "%s", kindNotBet(b))
	}
	if err := betRefusal(&r, b); err != nil {
		return err
	}
	if err := a.validateBetween(r); err != nil {
		return err
	}
	switch {
	case a.Odds > OddsAtLimit:
		return bad(ErrSyntax, "unknown odds sizing %d", a.Odds)
	case a.Odds != OddsByAmount && !isOdds(b.Kind):
		return bad(ErrSyntax, "only odds are sized by the bet they stand behind")
	case a.Odds != OddsByMultiple && a.Times != OddsLimit{}:
		return bad(ErrSyntax, "a multiple for odds not sized by one")
	case a.Odds != OddsByAmount && (len(a.Amounts) != 0 || a.InMinimums || a.Progression != Progression{}):
		return bad(ErrSyntax, "odds sized by a multiple have no amounts")
	case a.Odds == OddsByAmount && len(a.Amounts) == 0:
		return bad(ErrAmount, "no amount")
	case len(a.Amounts) > maxProgressionSize:
		return bad(ErrAmount, "%d amounts, at most %d", len(a.Amounts), maxProgressionSize)
	case (a.SkipPoint || a.SkipCome) && !skippable(b):
		return bad(ErrSyntax, "only a bet on a number (place, buy, lay, big 6 and 8, hardways) skips the point")
	case a.Working > SwitchOff || (a.Working != SwitchDefault && !switchable(b.Kind)):
		return bad(ErrSyntax, "%v cannot be turned on or off", b.Kind)
	}
	if a.Odds == OddsByMultiple {
		if err := a.Times.validate(); err != nil {
			return err
		}
	}
	if err := a.Progression.validate(r, len(a.Amounts)); err != nil {
		return err
	}
	unit, some := r.unit(), false
	granule := unit // a side bet's stake is one its coverer can cover in whole units
	if r.Private && !a.Against && b.Kind != Center {
		if granule = sideGranule(a.Agreed.or(evenMoney), unit); granule == 0 {
			return bad(ErrUnit, "no stake at %v is covered by a whole number of units of %d", a.Agreed, unit)
		}
	}
	for _, x := range a.Amounts {
		if x < 0 || x > MaxAmount {
			return bad(ErrAmount, "amount %d", x)
		}
		if a.InMinimums {
			if r.Minimum == 0 {
				return bad(ErrTableLimit, "amounts in table minimums at a table without a minimum")
			}
			if x > MaxAmount/r.Minimum {
				return bad(ErrAmount, "%d minimums", x)
			}
			x *= r.Minimum
		}
		switch {
		case x == 0 && len(a.Amounts) == 1:
			return bad(ErrAmount, "an amount of 0: take the bet down instead")
		case x == 0:
			continue
		case x%unit != 0:
			return bad(ErrUnit, "%d is not a whole number of units of %d", x, unit)
		case !isOdds(b.Kind) && !a.Against && !withinLimits(&r, b.Kind, x):
			// A fade or a cover is any part of a bet; the bet is held to the limits.
			return bad(ErrTableLimit, "%d is outside the table limits (%s)", x, limitsText(&r, b.Kind))
		case x%granule != 0:
			return bad(ErrUnit, "at %v a stake of %d is not covered by a whole number of units of %d", a.Agreed.or(evenMoney), x, unit)
		}
		some = true
	}
	if len(a.Amounts) > 0 && !some {
		return bad(ErrAmount, "every amount is 0")
	}
	return nil
}

// validateBetween checks what an ActionBet says of a bet between players:
// nothing at a casino table; in the private game, odds, an opponent and
// the center bet's options where they make sense.
func (a *Action) validateBetween(r Rules) error {
	bad := func(sentinel error, format string, args ...any) error {
		return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), sentinel)
	}
	center := a.Bet.Kind == Center
	o := a.Agreed
	switch {
	case !r.Private && (a.Against || !o.IsZero() || a.Opponent != "" || a.NoBetUnlessFaded || a.Claim):
		return bad(ErrNotOffered, "fades, side bets' odds, opponents and covers are the private game's (Rules.Private)")
	case !r.Private:
		return nil
	case a.SkipPoint || a.SkipCome || a.Working != SwitchDefault:
		return bad(ErrNotOffered, "a bet between players is neither skipped nor turned off")
	case !o.IsZero() && (o.Win < 1 || o.Stake < 1 || o.Win > maxRatioTerm || o.Stake > maxRatioTerm):
		return bad(ErrSyntax, "odds %v: both terms from 1 to %d", o, maxRatioTerm)
	case center && !o.IsZero() && o.Win != o.Stake:
		return bad(ErrSyntax, "the center bet is even money, not %v", o)
	case center && a.Opponent != "":
		return bad(ErrSyntax, "the center bet is faded by anyone: it names no opponent")
	case a.NoBetUnlessFaded && (!center || a.Against):
		return bad(ErrSyntax, `"or no bet" is the shooter's, on his center bet`)
	case a.Claim && (!center || !a.Against):
		return bad(ErrSyntax, "a claim is a fade's")
	case a.Claim && !r.FadeClaim:
		return bad(ErrNotOffered, "the players did not agree on the claim rule (Rules.FadeClaim)")
	case a.Opponent != "" && !opponentName(a.Opponent):
		return bad(ErrSyntax, "opponent %q: one word as the text reads it back (no #, ; or ’), not \"any\" or \"if\"", a.Opponent)
	}
	return nil
}

// opponentName reports whether a player's name can be written as a side
// bet's opponent and read back as itself: one word, none of # and ;, none
// that ParseAction rewrites, and not a word the language reads otherwise
// ("any", "if").
func opponentName(name string) bool {
	w := strings.ToLower(name)
	return len(strings.Fields(name)) == 1 && strings.TrimSpace(name) == name && !strings.ContainsAny(name, "#;") &&
		plainApostrophes(name) == name && w != "any" && w != "if"
}

// neverMade refuses, with ErrNotNow, a bet the strategy could never
// make: a bet made only at a come-out (madeWhen) whose every clause asks
// for the point to be on, one made only while a point is on whose every
// clause asks for it off, or odds with no action that can be made making
// the bet they stand behind.
func (s Strategy) neverMade(a *Action) error {
	b := a.Bet
	switch when := madeWhen(b.Kind); {
	case when == puckOff && a.If.requiresPoint(true):
		return fmt.Errorf("never made: %v is made at a come-out, and the condition asks for a point: %w", b.Kind, ErrNotNow)
	case when == puckOn && a.If.requiresPoint(false):
		return fmt.Errorf("never made: %v is made while a point is on, and the condition asks for none: %w", b.Kind, ErrNotNow)
	}
	if !isOdds(b.Kind) {
		return nil
	}
	line := lineUnder(b)
	for i := range s.Actions {
		x := &s.Actions[i]
		if x.Kind == ActionBet && x.Bet.Kind == line.Kind && (line.Kind != Put || x.Bet.Number == line.Number) && s.neverMade(x) == nil {
			return nil
		}
	}
	return fmt.Errorf("never made: no action makes a %v bet for the odds to stand behind: %w", line.Kind, ErrNotNow)
}

// requiresPoint reports whether every clause of the condition asks for
// the puck on (on) or off (!on); the zero Condition asks for nothing.
func (c Condition) requiresPoint(on bool) bool {
	for _, clause := range c {
		asks := false
		for _, f := range clause {
			// "point on" and "point 6" are on; "point off" (Not, N 0) is off.
			asks = asks || f.Kind == FactPoint && (on && !f.Not || !on && f.Not && f.N == 0)
		}
		if !asks {
			return false
		}
	}
	return len(c) > 0
}

// skippable reports whether a bet stands on a number a point or a come
// bet can cover.
func skippable(b Bet) bool {
	switch b.Kind {
	case Place, PlaceToLose, Buy, Lay, Hardway:
		return b.Number != 0
	case Big6, Big8:
		return true
	}
	return false
}

// validate checks a progression over n amounts.
func (p Progression) validate(r Rules, n int) error {
	switch {
	case p.OnWin > MoveStay || p.OnLoss > MoveStay:
		return fmt.Errorf("unknown move: %w", ErrSyntax)
	case p.By.Kind != NoFact && (!p.By.Kind.count() || p.By.Not || p.By.Op != 0 || p.By.N != 0 || p.By.Rolled != 0):
		return fmt.Errorf("a progression goes by a count of the hand (hits, points, rolls, winnings): %w", ErrSyntax)
	case p.By.Kind != NoFact && (p.OnWin != MoveReset || p.OnLoss != MoveReset || p.Cycle):
		return fmt.Errorf("a progression by a count does not move on wins and losses: %w", ErrSyntax)
	case n <= 1 && p != Progression{}:
		return fmt.Errorf("a progression needs several amounts: %w", ErrSyntax)
	case n > 1 && p.By.Kind == NoFact && p.OnWin == MoveReset && p.OnLoss == MoveReset:
		return fmt.Errorf("several amounts need a progression (up on win, up on loss, or by a count): %w", ErrSyntax)
	}
	if p.By.Kind == FactHits {
		return offeredPattern(r, p.By.Bet)
	}
	return nil
}

// validate checks that a limit's multiples are positive, and at most
// 1000x.
func (o OddsLimit) validate() error {
	for _, n := range []int{2, 3, 4, 5, 6} {
		if m := o.Multiple(n); !m.valid() || m.Win == 0 || m.Win > 1000*m.Stake {
			return fmt.Errorf("odds of %vx: %w", m, ErrAmount)
		}
	}
	return nil
}

// validate checks every fact of the condition.
func (c Condition) validate(r Rules) error {
	for _, clause := range c {
		if len(clause) == 0 {
			return fmt.Errorf("an empty clause: %w", ErrSyntax)
		}
		for _, f := range clause {
			if err := f.validate(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// validate checks one fact.
func (f Fact) validate(r Rules) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), ErrSyntax)
	}
	usesBet := f.Kind == FactHas || f.Kind == FactBets || f.Kind == FactWon || f.Kind == FactLost || f.Kind == FactHits
	switch {
	case f.Kind == NoFact || f.Kind >= numFactKinds:
		return bad("unknown fact kind %d", f.Kind)
	case f.Op >= numComparisons:
		return bad("unknown comparison %d", f.Op)
	case !f.Kind.numbered() && f.Op != 0:
		return bad("nothing to compare")
	case f.Kind.numbered() && (f.N < 0 || f.N > maxFactCount):
		return bad("%d: compare with 0 to %d", f.N, maxFactCount)
	case f.Kind == FactPoint && f.N != 0 && !r.isPoint(f.N):
		return bad("%d is not a point", f.N)
	case f.Kind != FactPoint && !f.Kind.numbered() && f.N != 0:
		return bad("a number for a fact that has none")
	case (f.Kind == FactRolled) != (f.Rolled != 0) || f.Rolled&^AllOutcomes != 0:
		return bad("throws only for a roll")
	case f.Kind == FactRolled && !f.Rolled.proposable():
		// The text names a throw by its faces, which stand for both orders.
		return bad("rolled %v: a throw in one order only, which the text cannot say (1-2 is 1-2 and 2-1)", f.Rolled)
	case f.Kind == FactComes && f.Bet != Bet{Kind: Come} && f.Bet != Bet{Kind: DontCome}:
		return bad("come bets travelled are counted for come or don't come")
	case !usesBet && f.Kind != FactComes && f.Bet != Bet{}:
		return bad("a bet for a fact that has none")
	case usesBet:
		return offeredPattern(r, f.Bet)
	}
	return nil
}

// offeredPattern checks that the rules offer the bet, or, for a kind
// that needs a number given with none, the kind (a repeater on a set of
// totals is a bet as it is).
func offeredPattern(r Rules, b Bet) error {
	_, required := b.Kind.numbered()
	if b.Number != 0 || b.Hop != (Dice{}) || b.Set != 0 || (!required && b.Kind != Hop) {
		return r.Offers(b)
	}
	probe := b
	switch b.Kind {
	case Hop:
		probe.Hop = Dice{1, 2}
	case HornHigh:
		probe.Number = 12
	default:
		probe.Number = 6
	}
	return r.Offers(probe)
}
