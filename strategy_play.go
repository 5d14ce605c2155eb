package craps

import (
	"errors"
	"math/bits"
	"slices"
)

// How a Strategy plays: its actions compiled for one Rules into a
// program, and the program's memory, a small comparable value. The Table
// engine, the compiled engine and StrategyPlayer all play a strategy
// through observe (after a roll) and act (before the next), so that every
// engine reads one definition of it.

// memory is a strategy's state between rolls: one value for each
// progression and each count of the hand, each at most its slot's cap.
// It is comparable, so that the compiled engine keys its states by it.
type memory [maxStrategyMemory]uint16

// memorySlot is one value of a strategy's memory: the progression of an
// action (count NoFact), or a count of the hand.
type memorySlot struct {
	count FactKind
	bet   Bet // the bets FactHits counts
	// limit is the largest value the slot holds: the last amount of a
	// progression; for a count, one more than any number it is compared
	// with, so that saturating there changes no comparison.
	limit uint16
}

// memoryLayout assigns the slots of a strategy's memory.
type memoryLayout struct {
	slots []memorySlot
}

// newMemoryLayout gives each action with a progression that moves on wins
// and losses a slot, and each count the actions read a slot.
func newMemoryLayout(actions []Action) memoryLayout {
	var m memoryLayout
	for i := range actions {
		a := &actions[i]
		if len(a.Amounts) > 1 && a.Progression.By.Kind == NoFact {
			m.slots = append(m.slots, memorySlot{limit: uint16(len(a.Amounts) - 1)})
		}
	}
	for i := range actions {
		a := &actions[i]
		if by := a.Progression.By; by.Kind != NoFact {
			m.count(by, len(a.Amounts)-1)
		}
		for _, clause := range a.If {
			for _, f := range clause {
				if f.Kind.count() {
					m.count(f, f.N+1)
				}
			}
		}
	}
	return m
}

// count returns the slot of count f, adding it, and raises its limit to
// at least limit.
func (m *memoryLayout) count(f Fact, limit int) int {
	limit = min(limit, maxFactCount+1)
	bet := Bet{}
	if f.Kind == FactHits {
		bet = f.Bet
	}
	for k := range m.slots {
		if s := &m.slots[k]; s.count == f.Kind && s.bet == bet {
			s.limit = max(s.limit, uint16(limit))
			return k
		}
	}
	m.slots = append(m.slots, memorySlot{count: f.Kind, bet: bet, limit: uint16(limit)})
	return len(m.slots) - 1
}

// program is a strategy compiled for one Rules: amounts in money, and
// each progression and count given its slot in memory.
type program struct {
	actions []programAction
	slots   []memorySlot
	// settles is set when an action that has brought its bet to its
	// amount needs to run again only once something it reads changes: a
	// decision or move of a bet of a kind in watchers (a bit for each
	// action that reads the kind), the puck (onPuck), a 7 (onSeven), the
	// memory (onMemory). It holds for strategies without take-downs,
	// skips, facts about the last roll or the bets up, and two actions on
	// one bet.
	settles                   bool
	watchers                  [numKinds]uint64
	onPuck, onSeven, onMemory uint64
	// takesDown is set when an action takes bets down or skips.
	takesDown bool
}

// programAction is an action with its amounts in money and its slots.
type programAction struct {
	Action
	amounts []Amount
	// slot is the memory slot of the action's progression, or -1; by is
	// true when the slot is a count the progression goes by.
	slot int
	by   bool
	cond [][]programFact
}

// programFact is a fact with the memory slot of its count (-1 if none).
type programFact struct {
	Fact
	slot int
}

// newProgram compiles the actions of a strategy that Validate accepts.
func newProgram(r *Rules, actions []Action) *program {
	m := newMemoryLayout(actions)
	pg := &program{}
	next := 0 // progressions take the first slots, in action order
	for _, a := range actions {
		pa := programAction{Action: a, slot: -1}
		for _, x := range a.Amounts {
			if a.InMinimums {
				x *= r.Minimum
			}
			pa.amounts = append(pa.amounts, x)
		}
		switch {
		case a.Progression.By.Kind != NoFact:
			pa.slot, pa.by = m.count(a.Progression.By, 0), true
		case len(a.Amounts) > 1:
			pa.slot = next
			next++
		}
		for _, clause := range a.If {
			var c []programFact
			for _, f := range clause {
				pf := programFact{Fact: f, slot: -1}
				if f.Kind.count() {
					pf.slot = m.count(f, 0)
				}
				c = append(c, pf)
			}
			pa.cond = append(pa.cond, c)
		}
		pg.actions = append(pg.actions, pa)
	}
	pg.slots = m.slots
	pg.settles = len(pg.actions) <= 64 && !pg.reads(FactRolled, FactWon, FactLost, FactHas, FactBets)
	for i := range pg.actions {
		a := &pg.actions[i]
		if a.Kind == ActionTakeDown || a.SkipPoint || a.SkipCome {
			pg.settles, pg.takesDown = false, true
		}
		if a.Kind != ActionBet {
			continue
		}
		for j := range i {
			if b := &pg.actions[j]; b.Kind == ActionBet && (matches(a.Bet, b.Bet) || matches(b.Bet, a.Bet)) {
				pg.settles = false
			}
		}
		if i >= 64 {
			continue
		}
		bit := uint64(1) << i
		pg.watchers[a.Bet.Kind] |= bit
		if isOdds(a.Bet.Kind) {
			pg.watchers[lineUnder(a.Bet).Kind] |= bit
		}
		switch {
		case madeOnPuck(a.Bet.Kind):
			pg.onPuck |= bit
		case madeAfterSeven(a.Bet.Kind):
			pg.onSeven |= bit
		}
		if a.slot >= 0 {
			pg.onMemory |= bit
		}
		for _, clause := range a.cond {
			for _, f := range clause {
				switch {
				case f.Kind == FactComes:
					pg.watchers[f.Bet.Kind] |= bit
				case f.Kind == FactPoint:
					pg.onPuck |= bit
				case f.Kind.count():
					pg.onMemory |= bit
				}
			}
		}
	}
	return pg
}

// matches reports whether bet b is one that pattern stands for: the same
// bet, or one of its kind if the pattern has no number or combination.
func matches(pattern, b Bet) bool {
	if pattern.Kind != b.Kind {
		return false
	}
	if pattern.Number == 0 && pattern.Hop == (Dice{}) {
		return true
	}
	return pattern == b
}

// rollSeen is what a player saw of the last roll, for the facts about it.
type rollSeen struct {
	rolled bool // false before the first roll
	dice   Dice
	// res is the roll's resolutions; the player's are those with his name.
	res  []Resolution
	name string
}

// observe updates the memory after a roll that the player saw, with the
// puck at before when the dice were thrown.
func (pg *program) observe(mem *memory, seen *rollSeen, before int8) {
	total := seen.dice.Total()
	for k := range pg.slots {
		s := &pg.slots[k]
		v := int(mem[k])
		switch s.count {
		case FactHits:
			for i := range seen.res {
				if x := &seen.res[i]; x.Player == seen.name && x.Outcome == OutcomeWon && matches(s.bet, x.Bet) {
					v++
				}
			}
		case FactPoints:
			if before != 0 && total == int(before) {
				v++
			}
		case FactRolls:
			v++
		case FactWinnings:
			for i := range seen.res {
				if x := &seen.res[i]; x.Player == seen.name {
					v += int(min(x.Win, MaxAmount>>20)) // any win past a large cap saturates alike
				}
			}
		}
		mem[k] = uint16(min(v, int(s.limit)))
	}
	for i := range pg.actions {
		a := &pg.actions[i]
		if a.slot < 0 || a.by {
			continue
		}
		won, lost := false, false
		for j := range seen.res {
			if x := &seen.res[j]; x.Player == seen.name && x.Against == a.Against && matches(a.Bet, x.Bet) {
				won = won || x.Outcome == OutcomeWon
				lost = lost || x.Outcome == OutcomeLost
			}
		}
		switch {
		case won && !lost:
			mem[a.slot] = a.Progression.move(a.Progression.OnWin, mem[a.slot], len(a.amounts))
		case lost && !won:
			mem[a.slot] = a.Progression.move(a.Progression.OnLoss, mem[a.slot], len(a.amounts))
		}
	}
	if before != 0 && total == 7 { // the hand is over
		pg.newHand(mem)
	}
}

// newHand starts the counts of the shooter's hand again.
func (pg *program) newHand(mem *memory) {
	for k := range pg.slots {
		if pg.slots[k].count != NoFact {
			mem[k] = 0
		}
	}
}

// move applies m to the index i of a progression over n amounts.
func (p Progression) move(m Move, i uint16, n int) uint16 {
	switch m {
	case MoveReset:
		return 0
	case MoveUp:
		switch {
		case int(i)+1 < n:
			return i + 1
		case p.Cycle:
			return 0
		}
		return i
	case MoveDown:
		if i > 0 {
			return i - 1
		}
	}
	return i
}

// strategySeat is the seat a program bets for at table t; changed, if
// not nil, collects the kinds of the bets its placements change,
// touched, if not nil, is set by any change, low, if not nil, holds the
// least the player's bankroll came to, and down, if not nil, collects the
// commission kept on each bet it takes down (paid up front and not given
// back: a bet that is never decided).
type strategySeat struct {
	t       *Table
	seat    int
	changed *KindSet
	touched *bool
	low     *Amount
	down    *[]paidBet
}

// change records that a bet of kind k was placed, raised, lowered or
// taken down.
func (at *strategySeat) change(k BetKind) {
	if at.changed != nil {
		*at.changed |= Kinds(k)
	}
	if at.touched != nil {
		*at.touched = true
	}
	if at.low != nil {
		*at.low = min(*at.low, at.t.seats[at.seat].bankroll)
	}
}

// holds evaluates the action's condition.
func (pg *program) holds(a *programAction, at strategySeat, mem *memory, seen *rollSeen) bool {
	if len(a.cond) == 0 {
		return true
	}
	for _, clause := range a.cond {
		all := true
		for k := range clause {
			if !clause[k].holds(at, mem, seen) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// holds evaluates one fact.
func (f *programFact) holds(at strategySeat, mem *memory, seen *rollSeen) bool {
	t := at.t
	var ok bool
	switch f.Kind {
	case FactPoint:
		ok = t.point != 0 && (f.N == 0 || int(t.point) == f.N)
	case FactHas:
		for i := range t.bets {
			if p := &t.bets[i]; t.involves(p, at.seat) && matches(f.Bet, p.bet) {
				ok = true
				break
			}
		}
	case FactBets, FactComes:
		n := 0
		for i := range t.bets {
			p := &t.bets[i]
			if !t.involves(p, at.seat) {
				continue
			}
			if f.Kind == FactBets && matches(f.Bet, p.bet) || f.Kind == FactComes && p.bet.Kind == f.Bet.Kind && p.bet.Number != 0 {
				n++
			}
		}
		ok = f.Op.compare(n, f.N)
	case FactRolled:
		ok = seen.rolled && f.Rolled.Has(seen.dice)
	case FactWon, FactLost:
		want := OutcomeWon
		if f.Kind == FactLost {
			want = OutcomeLost
		}
		for i := range seen.res {
			if x := &seen.res[i]; x.Player == seen.name && x.Outcome == want && matches(f.Bet, x.Bet) {
				ok = true
				break
			}
		}
	default: // a count
		ok = f.Op.compare(int(mem[f.slot]), f.N)
	}
	return ok != f.Not
}

// compare applies the comparison to a and b.
func (c Comparison) compare(a, b int) bool {
	switch c {
	case CompareEqual:
		return a == b
	case CompareNotEqual:
		return a != b
	case CompareLess:
		return a < b
	case CompareLessOrEqual:
		return a <= b
	case CompareGreater:
		return a > b
	}
	return a >= b
}

// stops reports whether a stop action's condition holds.
func (pg *program) stops(at strategySeat, mem *memory, seen *rollSeen) bool {
	for i := range pg.actions {
		if a := &pg.actions[i]; a.Kind == ActionStop && pg.holds(a, at, mem, seen) {
			return true
		}
	}
	return false
}

// act takes the actions before the next roll: first every take-down
// whose condition holds (an ActionTakeDown, a bet skipping the point or a
// come bet), then the bets, in order. It reports whether a bet was
// skipped for want of money. It never asks the table for what it would
// refuse in the ordinary course, so it makes no allocation. If settled
// is not nil (a program that settles; at.changed is then set), the
// actions it marks are skipped, it marks those that have brought their
// bets to their amounts, and all collects the kinds of bet they changed.
func (pg *program) act(at strategySeat, mem *memory, seen *rollSeen, settled *uint64, all *KindSet) (short bool) {
	for i := range pg.actions {
		if !pg.takesDown {
			break
		}
		a := &pg.actions[i]
		switch {
		case a.Kind == ActionTakeDown && pg.holds(a, at, mem, seen):
			at.takeDown(a.Bet)
		case a.Kind == ActionBet && a.skips(at):
			at.takeDown(a.Bet)
		}
	}
	for i := range pg.actions {
		a := &pg.actions[i]
		if settled != nil && *settled&(1<<i) != 0 || a.Kind != ActionBet || a.skips(at) || !pg.holds(a, at, mem, seen) {
			continue
		}
		amount := a.amount(mem)
		if settled == nil {
			short = at.keep(&a.Action, amount) || short
			continue
		}
		*at.changed = 0
		s := at.keep(&a.Action, amount)
		pg.changedKinds(settled, *at.changed)
		*all |= *at.changed
		if s {
			short = true
		} else {
			*settled |= 1 << i
		}
	}
	return short
}

// amount is what the action bets now: its amount, or its progression's
// where the memory has it; 0 for odds sized by a multiple.
func (a *programAction) amount(mem *memory) Amount {
	if len(a.amounts) == 0 {
		return 0
	}
	k := 0
	if a.slot >= 0 {
		k = min(int(mem[a.slot]), len(a.amounts)-1)
	}
	return a.amounts[k]
}

// changedKinds marks for running again the actions watching the kinds an
// action's placements changed: those later in the list this time, the
// others before the next roll.
func (pg *program) changedKinds(settled *uint64, changed KindSet) {
	for ; changed != 0; changed &= changed - 1 {
		*settled &^= pg.watchers[bits.TrailingZeros64(uint64(changed))]
	}
}

// unsettle marks for running again the actions a roll may have changed
// something for: those that read the puck if it moved, a 7 if it was
// one, the memory if it changed, and those watching the kinds of the
// player's bets it decided or moved.
func (pg *program) unsettle(settled *uint64, before, after int8, total int, memChanged bool, seen *rollSeen) {
	if before != after {
		*settled &^= pg.onPuck
	}
	if total == 7 {
		*settled &^= pg.onSeven
	}
	if memChanged {
		*settled &^= pg.onMemory
	}
	for i := range seen.res {
		if x := &seen.res[i]; x.Player == seen.name {
			*settled &^= pg.watchers[x.Bet.Kind]
		}
	}
}

// skips reports whether the action's bet is skipped: its number is the
// point, or one of the player's come bets is on it.
func (a *programAction) skips(at strategySeat) bool {
	n := betNumber(a.Bet)
	return a.SkipPoint && at.t.point != 0 && int(at.t.point) == n || a.SkipCome && at.comeOn(n)
}

// reads reports whether a condition of the program has a fact of one of
// the kinds.
func (pg *program) reads(kinds ...FactKind) bool {
	for i := range pg.actions {
		for _, clause := range pg.actions[i].cond {
			for _, f := range clause {
				if slices.Contains(kinds, f.Kind) {
					return true
				}
			}
		}
	}
	return false
}

// tied is the kinds of bet the program makes, takes down, or whose
// presence or results it reads, each with its line bet or odds: a bet of
// another kind, a hook's, neither changes what the program does nor is
// changed by it, and may be played on a table apart.
func (pg *program) tied() KindSet {
	var s KindSet
	add := func(k BetKind) {
		s |= Kinds(k)
		for _, pair := range [...][2]BetKind{{PassLine, PassOdds}, {DontPass, DontPassOdds}, {Come, ComeOdds},
			{DontCome, DontComeOdds}, {Put, PutOdds}} {
			if k == pair[0] || k == pair[1] {
				s |= Kinds(pair[0], pair[1])
			}
		}
	}
	for i := range pg.actions {
		a := &pg.actions[i]
		add(a.Bet.Kind)
		if a.SkipCome {
			add(Come)
		}
		for _, clause := range a.cond {
			for _, f := range clause {
				switch f.Kind {
				case FactHas, FactBets, FactComes, FactWon, FactLost, FactHits:
					add(f.Bet.Kind)
				}
			}
		}
	}
	for _, sl := range pg.slots {
		switch sl.count {
		case FactHits:
			add(sl.bet.Kind)
		case FactWinnings:
			return ^KindSet(0) // every bet's winnings count
		}
	}
	return s
}

// betNumber is the number a bet stands on, 6 and 8 for big 6 and big 8.
func betNumber(b Bet) int {
	switch b.Kind {
	case Big6:
		return 6
	case Big8:
		return 8
	}
	return b.Number
}

// comeOn reports whether one of the player's come bets is on number n.
func (at *strategySeat) comeOn(n int) bool {
	for i := range at.t.bets {
		if p := &at.t.bets[i]; p.seat == at.seat && p.bet.Kind == Come && p.bet.Number == n {
			return true
		}
	}
	return false
}

// takeDown takes down the player's bets that pattern stands for, where
// the game lets them come down.
func (at *strategySeat) takeDown(pattern Bet) {
	t := at.t
	for {
		j := -1
		for i := range t.bets {
			if p := &t.bets[i]; p.seat == at.seat && matches(pattern, p.bet) && !t.isContract(p) {
				j = i
				break
			}
		}
		n := len(t.bets)
		if j < 0 {
			return
		}
		if at.bringTo(j, 0); len(t.bets) == n {
			return // refused: nothing else will come down either
		}
	}
}

// bringTo takes t.bets[j] down to amount, and its odds with it if it is
// a line bet taken down, where the game allows.
func (at *strategySeat) bringTo(j int, amount Amount) {
	t := at.t
	p := &t.bets[j]
	at.change(p.bet.Kind)
	if amount == 0 {
		if odds, ok := oddsBehind(p.bet, t.point); ok {
			if k := t.find(at.seat, odds); k >= 0 && t.reduceAt("take down", k, t.bets[k].amount) == nil && k < j {
				j--
			}
		}
		p = &t.bets[j]
	}
	b, paid, stake, cash := p.bet, p.paid, p.amount, t.seats[at.seat].bankroll
	if t.reduceAt("take down", j, p.amount-amount) == nil && amount == 0 && paid > 0 && at.down != nil {
		// What came back beyond the stake is the commission given back.
		if kept := paid - (t.seats[at.seat].bankroll - cash - stake); kept > 0 {
			*at.down = append(*at.down, paidBet{at.seat, b, kept})
		}
	}
}

// keep brings the player's bet b to amount, as an ActionBet: at its time
// in the game, one come bet in the box at a time, odds behind each come
// bet. It reports whether the player could not afford it.
func (at *strategySeat) keep(a *Action, amount Amount) (short bool) {
	t, b := at.t, &a.Bet
	switch b.Kind {
	case PassLine, DontPass:
		if t.point != 0 {
			return false // line bets are made on the come-out
		}
	case Come, DontCome, Put:
		if t.point == 0 {
			return false
		}
	case Fire:
		if t.handRolls > 0 {
			return false
		}
	default:
		if madeAfterSeven(b.Kind) && !t.afterSevenOpen() {
			return false
		}
	}
	switch b.Kind {
	case PassOdds, DontPassOdds:
		if t.point == 0 || (b.Number != 0 && b.Number != int(t.point)) {
			return false
		}
		odds := *b
		odds.Number = int(t.point)
		return at.keepOdds(odds, amount, a)
	case ComeOdds, DontComeOdds:
		line := Come
		if b.Kind == DontComeOdds {
			line = DontCome
		}
		// Behind each come bet in the order of their numbers, not of the
		// layout, so that a short bankroll backs the same ones whatever
		// order the bets were made in.
		var numbers uint16
		for i := range t.bets {
			if p := &t.bets[i]; p.seat == at.seat && p.bet.Kind == line && p.bet.Number != 0 && (b.Number == 0 || b.Number == p.bet.Number) {
				numbers |= 1 << p.bet.Number
			}
		}
		for n := 2; n <= 12; n++ {
			if numbers&(1<<n) != 0 {
				short = at.keepOdds(Bet{Kind: b.Kind, Number: n}, amount, a) || short
			}
		}
		return short
	case PutOdds:
		return at.keepOdds(*b, amount, a)
	case Come, DontCome:
		for i := range t.bets {
			if p := &t.bets[i]; p.seat == at.seat && p.bet.Kind == b.Kind && p.bet.Number == 0 {
				return false // one in the come box at a time
			}
		}
	}
	return at.keepAt(b, amount, a.Working)
}

// keepOdds keeps odds bet b behind its line bet, sized as the action
// says and cut to the most the rules allow.
func (at *strategySeat) keepOdds(b Bet, amount Amount, a *Action) bool {
	t := at.t
	line := t.find(at.seat, lineUnder(b))
	if line < 0 {
		return false
	}
	stake := t.bets[line].amount
	limit := t.oddsRoom(b, stake)
	switch a.Odds {
	case OddsAtLimit:
		amount = limit
	case OddsByMultiple:
		m := a.Times.Multiple(b.Number)
		times, ok := mulDiv(stake, m.Win, m.Stake)
		if !ok {
			times = MaxAmount
		}
		amount = min(times, limit)
	default:
		amount = min(amount, limit)
	}
	if unit := t.rules.unit(); unit > 1 {
		amount -= amount % unit
	}
	return at.keepAt(&b, amount, a.Working)
}

// keepAt brings the player's bet b to amount (0 takes it down): placing
// what is missing, or taking off what is over where the bet may be
// reduced. It reports whether the player could not afford it.
func (at *strategySeat) keepAt(b *Bet, amount Amount, working Switch) (short bool) {
	t := at.t
	have := Amount(0)
	j := t.find(at.seat, *b)
	if j >= 0 {
		have = t.bets[j].amount
	}
	switch {
	case amount > have:
		if t.seats[at.seat].bankroll < amount-have {
			return true
		}
		if err := t.placeAt(at.seat, j, *b, amount-have); err != nil {
			// short: the money the player has, or the table may hold
			return errors.Is(err, ErrFunds) || errors.Is(err, ErrOverflow)
		}
		at.change(b.Kind)
		if j < 0 {
			j = len(t.bets) - 1
		}
	case amount < have && !t.isContract(&t.bets[j]):
		at.bringTo(j, amount)
		if amount == 0 {
			return false
		}
	}
	if working != SwitchDefault && j >= 0 && t.bets[j].working != working {
		t.bets[j].working = working
	}
	return false
}

// bettor is one player's strategy at a table: its program, its memory,
// and its hook with the bets the hook keeps.
type bettor struct {
	seat int
	prog *program
	mem  memory
	seen rollSeen
	stop bool
	hook StrategyHook
	// hookRoll is what the hook sees of each roll; kept is what it keeps
	// up, and keptBefore, its length and amounts before the hook reacted,
	// tell whether it changed anything.
	hookRoll   HookRoll
	kept       []keptBet
	keptBefore []keptBet
	// restless is set when acting twice in a row may differ from acting
	// once: a fact reads the throw itself, or the player's bets. Such a
	// strategy acts after every roll, quiet or not.
	restless bool
	// touched is set when the last act changed a bet: acting again may
	// change it again (a bet taken down and made again pays its
	// commission again), so the next roll is not quiet. low is the least
	// the bankroll came to during it: what it needed at its most.
	touched bool
	low     Amount
	// settled marks the actions that need not run before the next roll,
	// for a program that settles (the Table engine's; nil elsewhere).
	settled *uint64
	marks   uint64
	// changes collects the kinds of bet a placement changed, actions those
	// the actions changed before the hook's bets are kept.
	changes, actions KindSet
	// keeping is the action that keeps a bet of the hook's: its bet alone.
	keeping Action
	// down is the commission kept on each bet the last placements took
	// down, for the engine to count (see strategySeat).
	down []paidBet
}

// unsettleKept marks for keeping again the hook's bets a roll may have
// changed, as unsettle does the actions: those of the kinds it decided or
// moved, those made only at some positions of the puck if it moved the
// puck (puckMoved), and those made only after a 7 if it threw one.
func (b *bettor) unsettleKept(puckMoved, seven bool, res []Resolution) {
	for i := range b.kept {
		k := &b.kept[i]
		if !k.settled {
			continue
		}
		if puckMoved && madeOnPuck(k.bet.Kind) || seven && madeAfterSeven(k.bet.Kind) {
			k.settled = false
			continue
		}
		for j := range res {
			if res[j].Bet.Kind == k.bet.Kind && res[j].Player == b.seen.name {
				k.settled = false
				break
			}
		}
	}
}

// madeOnPuck reports whether bets of kind k are made only at some
// positions of the puck (madeWhen), but for those made after a 7, which
// a 7 and not the puck lets be made again.
func madeOnPuck(k BetKind) bool {
	return madeWhen(k) != puckEither && !madeAfterSeven(k)
}

func newBettor(r *Rules, s *Strategy, seat int, name string) *bettor {
	b := &bettor{seat: seat, prog: newProgram(r, s.Actions)}
	if s.NewHook != nil {
		b.hook = s.NewHook()
	}
	b.hookRoll.kept = &b.kept
	b.seen.name = name
	b.restless = b.prog.reads(FactRolled, FactHas, FactBets)
	return b
}

// settle lets the bettor skip the actions nothing has changed for, if its
// program settles: for the Table engine, which alone plays the strategy.
func (b *bettor) settle() {
	if b.prog.settles {
		b.settled = &b.marks
	}
}

// reset forgets the memory, the hook's too, before a session or block.
func (b *bettor) reset(t *Table) {
	b.mem, b.stop, b.seen.rolled, b.seen.res, b.marks = memory{}, false, false, nil, 0
	b.kept = b.kept[:0]
	if b.hook != nil {
		b.hookRoll = HookRoll{Bankroll: t.seats[b.seat].bankroll, kept: &b.kept}
		b.hook.Reset(&b.hookRoll)
	}
}

// observe lets the strategy see a roll that found the puck at before and
// left the resolutions res; rolls is the session's count, net the roll's
// result for the player.
func (b *bettor) observe(t *Table, d Dice, before int8, res []Resolution, rolls int64, net Amount) {
	b.seen.rolled, b.seen.dice, b.seen.res = true, d, res
	at := strategySeat{t: t, seat: b.seat}
	mem := b.mem
	b.prog.observe(&b.mem, &b.seen, before)
	if b.settled != nil {
		b.prog.unsettle(b.settled, before, t.point, d.Total(), mem != b.mem, &b.seen)
	}
	b.stop = b.prog.stops(at, &b.mem, &b.seen)
	if b.hook != nil {
		if b.settled != nil {
			b.unsettleKept(before != t.point, d.Total() == 7, res)
		}
		sortResolutions(res)
		h := &b.hookRoll
		h.Rolls, h.Dice, h.Point, h.Resolved, h.Net, h.Stop = rolls, d, int(t.point), res, net, false
		h.Bankroll, h.OnTable = t.seats[b.seat].bankroll, onTable(t, b.seat)
		b.keptBefore = append(b.keptBefore[:0], b.kept...)
		b.hook.React(h)
		h.Resolved = nil
		b.stop = b.stop || h.Stop
	}
}

// act places the strategy's bets for the next roll; it reports whether a
// bet was skipped for want of money.
func (b *bettor) act(t *Table) (short bool) {
	at := b.seatAt(t)
	short = b.prog.act(at, &b.mem, &b.seen, b.settled, &b.actions)
	if b.hook == nil {
		return short
	}
	return b.keepKept(at) || short
}

// seatAt is the bettor's seat at t for placements whose changes, the
// least bankroll they leave, and the commission kept on what they take
// down, are counted afresh.
func (b *bettor) seatAt(t *Table) strategySeat {
	b.down, b.actions, b.touched, b.low = b.down[:0], 0, false, t.seats[b.seat].bankroll
	return strategySeat{t: t, seat: b.seat, changed: &b.changes, touched: &b.touched, low: &b.low, down: &b.down}
}

// keepKept keeps the hook's bets at the seat at, after the actions'; it
// reports whether one was skipped for want of money.
func (b *bettor) keepKept(at strategySeat) (short bool) {
	for i := 0; i < len(b.kept); i++ {
		k := &b.kept[i]
		if !k.checked {
			r := &at.t.rules
			if !k.betChecked {
				k.betChecked, k.betRefused = true, !madeAsIs(k.bet) || betRefusal(r, k.bet) != nil
			}
			k.checked, k.refused = true, k.betRefused || (k.amount != 0 && !amountFits(r, k.bet.Kind, k.amount)) // 0 takes it down
		}
		if !k.refused && !(k.settled && !b.actions.Has(k.bet.Kind)) { // else the table does not take it, or it is up
			b.changes = 0
			b.keeping.Bet = k.bet
			s := at.keep(&b.keeping, k.amount)
			short = short || s
			if b.settled != nil {
				b.prog.changedKinds(b.settled, b.changes)
				k.settled = !s && !isOdds(k.bet.Kind)
			}
		}
		if k.amount == 0 {
			b.kept = append(b.kept[:i], b.kept[i+1:]...)
			i--
		}
	}
	return short
}

// quiet reports whether the last roll left the strategy nothing to do:
// nothing decided or moved, the puck where it was, no 7 (after which
// all, tall and small may be made again, and a new shooter's fire bet),
// its memory as it was, and its hook's bets too, and the last act changed
// no bet. Bankrolls then change only with a decision, so a bet skipped
// for want of money stays skipped.
func (b *bettor) quiet(before, after int8, total, resolved int, mem memory) bool {
	if resolved != 0 || before != after || total == 7 || b.mem != mem || b.restless || b.touched {
		return false
	}
	if b.hook != nil {
		if len(b.kept) != len(b.keptBefore) {
			return false
		}
		for i := range b.kept {
			if b.kept[i] != b.keptBefore[i] {
				return false
			}
		}
	}
	return true
}

// onTable is the total of a player's stakes on the layout; in the
// private game, with those he put against other players' bets and the
// part of his center bet not yet faded.
func onTable(t *Table, seat int) Amount {
	sum := Amount(0)
	for i := range t.bets {
		p := &t.bets[i]
		switch {
		case p.seat == seat:
			sum += p.amount
		case t.rules.Private && p.opponent == seat:
			sum += p.cover
		}
	}
	if t.rules.Private && seat == t.shooter {
		sum += t.center
	}
	return sum
}

// StrategyPlayer bets for one player at a Table by a Strategy, as the
// simulator does: Bet before each roll makes the strategy's bets, and
// Observe after the roll lets the strategy see what it did. A table may
// have several, one for each player who bets by a strategy.
type StrategyPlayer struct {
	t    *Table
	name string
	b    *bettor
	// point is the puck before the roll Observe sees; paid the
	// commissions paid on the player's bets then, for the hook's Net.
	point int8
	paid  []paidBet
	rolls int64
	// kept is the commission kept on the bets Bet took down before the
	// roll, which the hook's Net counts.
	kept Amount
	// handRolls is the table's count of the hand's rolls when the player
	// last saw it: fewer now, and a new shooter has started a hand.
	handRolls int
	// own is the player's resolutions of the last roll, which the
	// strategy reads until the next.
	own []Resolution
}

// NewStrategyPlayer makes player, seated at t, bet by s. It returns an
// error wrapping ErrUnknownPlayer if no such player is seated (t nil, no
// table, among them), or the error of s.Validate under the table's
// rules. In the private game a player's bets need the others'
// strategies, which Simulate plays together: a StrategyPlayer there is
// refused with ErrNotOffered.
func NewStrategyPlayer(t *Table, player string, s Strategy) (*StrategyPlayer, error) {
	if t == nil {
		return nil, &TableError{Op: "strategy", Player: player, Reason: "no table (nil *Table)", Err: ErrUnknownPlayer}
	}
	i, err := t.seatOf("strategy", player, Bet{})
	if err != nil {
		return nil, err
	}
	if t.rules.Private {
		return nil, t.refuse("strategy", player, Bet{}, ErrNotOffered,
			"in the private game the players' strategies bet with one another: Simulate plays them together")
	}
	if err := s.Validate(t.rules); err != nil {
		return nil, err
	}
	p := &StrategyPlayer{t: t, name: player, b: newBettor(&t.rules, &s, i, player), point: t.point}
	p.b.reset(t)
	return p, nil
}

// seat finds the player's seat, which others joining or leaving move.
func (p *StrategyPlayer) seat(op string) error {
	i, err := p.t.seatOf(op, p.name, Bet{})
	p.b.seat = i
	return err
}

// Bet makes the strategy's bets for the next roll, as its actions (and
// hook) say, where the game and the player's money allow: a bet the table
// would refuse is not made. It returns an error wrapping ErrUnknownPlayer
// if the player has left the table.
func (p *StrategyPlayer) Bet() error {
	if err := p.seat("strategy"); err != nil {
		return err
	}
	// The dice passed without a seven-out (Table.PassDice): the new
	// shooter's hand counts from 0, as after one.
	if p.t.handRolls < p.handRolls {
		p.b.prog.newHand(&p.b.mem)
	}
	p.handRolls = p.t.handRolls
	p.b.act(p.t)
	p.kept += paidOn(p.b.down)
	p.b.down = p.b.down[:0]
	p.point, p.paid = p.t.point, p.paid[:0]
	for _, x := range p.t.bets {
		if x.seat == p.b.seat && x.paid != 0 {
			p.paid = append(p.paid, paidBet{x.seat, x.bet, x.paid})
		}
	}
	return nil
}

// Observe lets the strategy see the throw d that the table has just
// played and the resolutions it reported (Table.Roll's or Table.Deal's,
// every player's): its progressions move and its counts count. Call it
// once after every roll, whether or not Bet was called before it.
func (p *StrategyPlayer) Observe(d Dice, res []Resolution) error {
	if err := p.seat("strategy"); err != nil {
		return err
	}
	net := -p.kept
	p.own = p.own[:0]
	for k := range res {
		if x := &res[k]; x.Player == p.name {
			paid := Amount(0)
			for _, y := range p.paid {
				if y.bet == x.Bet {
					paid = y.paid
				}
			}
			net += resolutionNet(x, paid)
			p.own = append(p.own, *x)
		}
	}
	p.rolls++
	p.b.observe(p.t, d, p.point, p.own, p.rolls, net)
	p.point, p.paid, p.handRolls, p.kept = p.t.point, p.paid[:0], p.t.handRolls, 0
	return nil
}

// Stopped reports whether the strategy has ended its session: a stop
// action's condition held after the last roll, or its hook stopped.
func (p *StrategyPlayer) Stopped() bool { return p.b.stop }

// sortResolutions puts a roll's resolutions in the order of their bets,
// as a hook sees them, whatever order the bets were made in.
func sortResolutions(res []Resolution) {
	for i := 1; i < len(res); i++ {
		if !betLess(&res[i].Bet, &res[i-1].Bet) {
			continue // most are in order: only the others move
		}
		x := res[i]
		j := i
		for ; j > 0 && betLess(&x.Bet, &res[j-1].Bet); j-- {
			res[j] = res[j-1]
		}
		res[j] = x
	}
}
