package craps

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// Errors a Table returns, each wrapped in a *TableError that names the
// operation, the player and the bet. Test them with errors.Is.
var (
	// ErrNotNow: the bet or call is not allowed in the game's present state
	// (a come bet before a point, odds with no line bet under them, ...).
	ErrNotNow = errors.New("not allowed now")
	// ErrTableLimit: the bet is below the table minimum or above its maximum.
	ErrTableLimit = errors.New("outside the table limits")
	// ErrUnit: the amount is not a whole number of the table's unit.
	ErrUnit = errors.New("not a whole number of units")
	// ErrOddsLimit: odds taken or laid beyond what the rules allow behind
	// the line bet.
	ErrOddsLimit = errors.New("odds above the limit")
	// ErrFunds: more than the player has off the layout.
	ErrFunds = errors.New("not enough money")
	// ErrContract: a pass, come or put bet reduced or taken down after its
	// point where the rules forbid it, or a fire or all/tall/small bet
	// taken down once it has started.
	ErrContract = errors.New("contract bet")
	// ErrAmount: an amount that is zero, negative or too large.
	ErrAmount = errors.New("invalid amount")
	// ErrUnknownPlayer: no player of that name is at the table.
	ErrUnknownPlayer = errors.New("unknown player")
	// ErrPlayerExists: a player of that name is already at the table.
	ErrPlayerExists = errors.New("player already at the table")
	// ErrNoSuchBet: the player has no such bet on the layout.
	ErrNoSuchBet = errors.New("no such bet")
)

// MaxAmount is the largest bet or bankroll a Table takes, and the largest
// money-valued rule. It keeps every payout (at most a million to one
// under valid Rules) exact in an int64; MaxBalance bounds the sums that
// winning makes of them.
const MaxAmount Amount = 1 << 40

// TableError is the error of a refused Table call: which operation, for
// which player and bet, why, and the sentinel it wraps.
type TableError struct {
	Op     string // "place", "reduce", "take down", "working", "join", "leave", "roll", "deal", "cut", "side", "fade", ...
	Player string
	Bet    Bet
	Reason string
	Err    error // one of the sentinels
}

// Error says what was refused and why: "craps: place Come for ann: Come
// bets are made only while a point is on: not allowed now".
func (e *TableError) Error() string {
	s := "craps: " + e.Op
	if e.Bet.Kind != NoBet {
		s += " " + e.Bet.String()
	}
	if e.Player != "" {
		s += " for " + e.Player
	}
	return s + ": " + e.Reason + ": " + e.Err.Error()
}

// Unwrap returns the sentinel, for errors.Is.
func (e *TableError) Unwrap() error { return e.Err }

// Outcome is what a roll did to one bet.
type Outcome uint8

const (
	NoOutcome       Outcome = iota
	OutcomeWon              // paid; the stake returned, or left up for bets that stay up (place, hardways)
	OutcomeLost             // the stake went to the house
	OutcomePushed           // the stake returned, nothing paid
	OutcomeReturned         // an odds bet that was off: its line bet was decided, so its stake came back
	OutcomeMoved            // a come or don't come bet travelled to its number
)

var outcomeNames = [...]string{"none", "won", "lost", "push", "returned", "moved"}

// String is the outcome in a word: "won", "lost", "push", "returned", "moved".
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", o)
}

// MarshalText writes the outcome in a word, as String does.
func (o Outcome) MarshalText() ([]byte, error) {
	if int(o) >= len(outcomeNames) {
		return nil, fmt.Errorf("craps: %v: %w", o, ErrSyntax)
	}
	return []byte(o.String()), nil
}

// UnmarshalText reads an outcome written by MarshalText.
func (o *Outcome) UnmarshalText(text []byte) error {
	for i, name := range outcomeNames {
		if string(text) == name {
			*o = Outcome(i)
			return nil
		}
	}
	return syntaxError("outcome", string(text))
}

// Resolution reports what one roll did to one bet.
type Resolution struct {
	Player  string
	Bet     Bet // the bet as it stood before the roll
	Outcome Outcome
	// Against reports that Player took the other side of Bet: he faded
	// the center bet, or covered Opponent's side bet.
	Against bool
	Stake   Amount // the amount of the bet
	// Win is what the player was paid, commission deducted, rounded down to
	// the table's unit.
	Win Amount
	// Returned is what came back to the player's bankroll besides Win: the
	// stake of a bet that came down, and a commission given back.
	Returned Amount
	// Commission is what the house took from this win: a commission
	// charged on wins, or, for a buy or lay bet whose commission is taken
	// when the bet is made and which stays up after the win, the
	// commission of the bet that stays.
	Commission Amount
	// Breakage is what rounding the payout to the table's unit kept back.
	Breakage Amount
	// To is where a moved bet now stands, and the bet itself when it stays
	// up after a win; zero when the bet left the layout.
	To Bet
	// Opponent is, for a bet between players in the private game, the
	// player on its other side; "" when the house banks the bet. Each
	// such bet is reported twice, once for each player, with his own
	// stake and winnings.
	Opponent string
}

// seat is a player at the table.
type seat struct {
	name     string
	bankroll Amount // money off the layout
	// faults counts the counted irregular throws the player has made;
	// barred is set when the others bar him from shooting.
	faults [numFaults]uint16
	barred bool
}

// placed is one bet on the layout. Its small fields are kept together, so
// that a layout is copied and scanned quickly.
type placed struct {
	// quiet is the throws that leave the bet as it is in its state (its
	// automaton's quiet set), so that a roll skips it with one test; 0,
	// as in a bet just made, visits it on every throw until it is bound.
	quiet uint64
	// row is what each throw does to the bet in its state, the state's
	// steps in its compiled definition, kept so that a roll is one
	// look-up; nil until the bet first rolls.
	row     *[36]step
	state   betState
	working Switch // the player's choice for the come-out; Default follows the rules
	// carried marks, in the private game, a come bet on its number when
	// the shooter made his point, which may be called off until the next
	// throw.
	carried bool
	seat    int // index into Table.seats
	bet     Bet
	amount  Amount // 0 only inside Roll, for a bet leaving the layout
	paid    Amount // commission paid when the bet was made
	// In the private game, opponent is the seat of the player on the
	// bet's other side and cover his stake.
	opponent int
	cover    Amount
}

// Table is a craps game: players, their bets, the puck and the dice, under
// one Rules. At a casino table the house banks every bet on the layout.
// Under Rules.Private it is the private-game rule book's game: no house,
// the shooter's center bet faded by the others and side bets between two
// players. Under Rules.Cards it deals its throws from a 48-card [Deck].
// The zero Table is an empty casino table playing the Standard rules;
// NewTable sets others.
//
// Its methods, by game:
//
//   - Every game: [NewTable], [Table.Join], [Table.JoinAt], [Table.Leave],
//     [Table.Players], [Table.Bets], [Table.Point], [Table.Shooter],
//     [Table.Rules], [Table.Clone], and saving and restoring with
//     [Table.MarshalJSON] and [Table.UnmarshalJSON].
//   - The casino, where the house banks the layout: [Table.Place],
//     [Table.Reduce], [Table.TakeDown], [Table.Surrender],
//     [Table.SetWorking], [Table.Roll] and [Table.House].
//   - The private game (Rules.Private): the center bet with [Table.Center],
//     [Table.Fade], [Table.Withdraw], [Table.CallOffCenter], [Table.Claim]
//     and [Table.ClaimedBy]; bets between players with [Table.Side] and
//     [Table.CallOff]; the dice and the rules of throwing with
//     [Table.PassDice], [Table.ChangeDice], [Table.DiceChanges],
//     [Table.RollFault] and [Table.BarShooter].
//   - Card craps (Rules.Cards): [Table.Deal] instead of Roll, and the cut
//     with [Table.CutOrder], [Table.Cut] and [Table.DeclineCut].
//
// Seats are in clockwise order, the order the dice pass. A table seats
// up to MaxPlayers players, and finds each by name in constant time.
// Every refused call returns a *TableError and changes nothing. Money is conserved: the
// players' bankrolls, the stakes on the table and the house's result
// always add up to what the players brought.
//
// A Table is not safe for concurrent use; Clone copies it.
type Table struct {
	rules Rules
	// tableState is the rest, what play changes: an automaton of a
	// strategy (joint) keeps each of its states as one, with the rules
	// once for them all.
	tableState
}

// tableState is a Table's state of play, all of it but the rules (a
// Rules is some 3.5 KB, this some 200 bytes): its fields are the Table's
// by promotion.
type tableState struct {
	point int8 // the puck: 0 off (next roll a come-out), else the point
	seats []seat
	bets  []placed
	// house is the house's result: stakes lost and commission taken,
	// less wins paid.
	house Amount
	// brought is what the players brought to the table less what they
	// took away: their money on and off the layout plus house. exposure
	// is at least the most one roll could pay out of the house (bets a
	// roll has decided may still be counted). Both serve MaxBalance.
	brought, exposure Amount
	// shooter is the seat holding the dice; handRolls counts their rolls,
	// sinceSeven the rolls since the last 7 (afterSevenOpen), each up to
	// math.MaxInt.
	shooter    int
	handRolls  int
	sinceSeven int
	// thrown is the totals thrown since the last 7 (Rules.RepeaterLate).
	thrown OutcomeSet
	// autos caches each bet's compiled definition under these rules,
	// indexed by autoKey; the automata are never changed, so clones share
	// them.
	autos []*automaton
	// props caches the compiled definitions of the propositions between
	// players (Before, Within) the table has seen; copies share none.
	props map[Bet]*automaton
	// The private game: center is the part of the shooter's center stake
	// no one has faded; claimant is 1 + the seat of the player who may
	// claim the next center bet, 0 for none.
	center   Amount
	claimant int
	// diceChanges counts the changes of dice made; diceChangeAsked is a
	// change waiting for the next come-out.
	diceChanges     int
	diceChangeAsked bool
	// names maps each seated player's name to his seat (seatIndex). It is
	// built by a lookup, and kept in step in place only by namesOf, the
	// table that built it: a copy made by assigning the struct (load)
	// trusts it only for a seat it checks, and builds its own to change it.
	names   map[string]int
	namesOf *Table
}

// MaxPlayers is the most players a Table seats: Join and JoinAt refuse
// one more, and UnmarshalJSON a save with more, with an error wrapping
// ErrNoSeat. The private game's calls that go round the table (fades,
// passing the dice, cuts) take time in the players seated.
const MaxPlayers = 1 << 16

// NewTable returns an empty table playing r, or an error wrapping
// ErrInvalidRules.
func NewTable(r Rules) (*Table, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &Table{rules: r}, nil
}

// Clone returns an independent copy of the table.
func (t *Table) Clone() *Table {
	c := *t
	c.names, c.namesOf = maps.Clone(t.names), &c
	c.seats = append([]seat(nil), t.seats...)
	c.bets = append([]placed(nil), t.bets...)
	c.autos = slices.Clone(t.autos)
	c.props = maps.Clone(t.props)
	return &c
}

// Rules returns the table's rules.
func (t *Table) Rules() Rules { return t.rules }

// Point is the puck: 0 when it is off and the next roll is a come-out,
// otherwise the point.
func (t *Table) Point() int { return int(t.point) }

// Shooter is the name of the player holding the dice, "" at an empty table.
func (t *Table) Shooter() string {
	if len(t.seats) == 0 {
		return ""
	}
	return t.seats[t.shooter].name
}

// House is the house's result so far: stakes lost and commission taken,
// less wins paid.
func (t *Table) House() Amount { return t.house }

// PlayerState is one player's money, and his record as a shooter.
type PlayerState struct {
	Name     string
	Bankroll Amount // off the table
	OnTable  Amount // the total of the player's stakes on the table
	// Missed and Aside count the player's counted throws with one die
	// short of the backboard and thrown aside, up to 65535 each, where
	// they stop; Barred is set once the other players bar him from
	// shooting (Table.BarShooter).
	Missed, Aside int
	Barred        bool
}

// Players lists the players in seat order, clockwise, the order the dice
// pass.
func (t *Table) Players() []PlayerState {
	out := make([]PlayerState, len(t.seats))
	for i, s := range t.seats {
		out[i] = PlayerState{Name: s.name, Bankroll: s.bankroll, Missed: int(s.faults[OneDieMissed]),
			Aside: int(s.faults[ThrownAside]), Barred: s.barred}
	}
	for _, p := range t.bets {
		out[p.seat].OnTable += p.amount
		if t.rules.Private {
			out[p.opponent].OnTable += p.cover
		}
	}
	if len(out) > 0 {
		out[t.shooter].OnTable += t.center
	}
	return out
}

// BetState is one bet on the table.
type BetState struct {
	Bet    Bet
	Amount Amount // the player's own stake
	// Working reports whether the bet would be decided by a come-out roll.
	Working bool
	// Commission is what was paid up front for it.
	Commission Amount
	// Opponent and Against are as in Resolution: for a bet between
	// players, who is on the other side, and whether this player took the
	// other side of Bet.
	Opponent string
	Against  bool
}

// Bets lists a player's bets, in the order they were made; in the private
// game, both those he backs and those he covers or fades.
func (t *Table) Bets(player string) ([]BetState, error) {
	i, err := t.seatOf("bets", player, Bet{})
	if err != nil {
		return nil, err
	}
	var out []BetState
	for _, p := range t.bets {
		b := BetState{Bet: p.bet, Amount: p.amount, Working: p.worksOnComeOut(&t.rules), Commission: p.paid}
		switch {
		case !t.rules.Private && p.seat == i:
		case t.rules.Private && p.seat == i:
			b.Opponent = t.seats[p.opponent].name
		case t.rules.Private && p.opponent == i:
			b.Opponent, b.Amount, b.Against = t.seats[p.seat].name, p.cover, true
		default:
			continue
		}
		out = append(out, b)
	}
	return out, nil
}

func (t *Table) refuse(op, player string, b Bet, sentinel error, format string, a ...any) error {
	return &TableError{Op: op, Player: player, Bet: b, Reason: fmt.Sprintf(format, a...), Err: sentinel}
}

func (t *Table) seatOf(op, player string, b Bet) (int, error) {
	if i, ok := t.seatIndex(player); ok {
		return i, nil
	}
	return -1, t.refuse(op, player, b, ErrUnknownPlayer, "no player %q at the table", player)
}

// seatIndex is player's seat, and whether he is seated, in constant time.
// A table reads its own index as it is, kept in step by Join, JoinAt and
// Leave (unless the seats changed beside them, as the simulator seats its
// players); another table's, held since a copy, only for a seat it
// checks, since that table may have changed it: on a miss it builds its
// own.
func (t *Table) seatIndex(player string) (int, bool) {
	i, ok := t.names[player]
	switch {
	case t.namesOf == t && t.names != nil && len(t.names) == len(t.seats):
		return i, ok
	case ok && i < len(t.seats) && t.seats[i].name == player:
		return i, true
	}
	t.names, t.namesOf = make(map[string]int, len(t.seats)), t
	for i := range t.seats {
		t.names[t.seats[i].name] = i
	}
	i, ok = t.names[player]
	return i, ok
}

// reseat brings names in step once the players from seat from on have
// moved (JoinAt, Leave): in place if the table built it, else by
// dropping it for the next lookup to build.
func (t *Table) reseat(from int) {
	if t.namesOf != t {
		t.names = nil
		return
	}
	for i := from; i < len(t.seats); i++ {
		t.names[t.seats[i].name] = i
	}
}

// Join seats a player with a bankroll, after the players already seated
// (to the right of the shooter's first seat). The first player to join
// holds the dice.
func (t *Table) Join(player string, bankroll Amount) error {
	return t.JoinAt(player, bankroll, len(t.seats))
}

// JoinAt seats a player with a bankroll at seat (0 to the number of
// players), moving the players from that seat on one place clockwise; he
// shoots when the dice reach him. The seat after the shooter's is the next
// to shoot: the index in [Table.Players] of the player [Table.Shooter]
// names, plus 1.
// It may be done at any stage of the game. A bankroll that would take the
// money at the table past MaxBalance is refused with ErrOverflow.
func (t *Table) JoinAt(player string, bankroll Amount, seatAt int) error {
	switch {
	case player == "":
		return t.refuse("join", player, Bet{}, ErrUnknownPlayer, "a player needs a name")
	case bankroll < 0 || bankroll > MaxAmount:
		return t.refuse("join", player, Bet{}, ErrAmount, "bankroll %d is not between 0 and %d", bankroll, MaxAmount)
	case seatAt < 0 || seatAt > len(t.seats):
		return t.refuse("join", player, Bet{}, ErrNoSeat, "seat %d: the seats are 0 to %d", seatAt, len(t.seats))
	}
	if _, taken := t.seatIndex(player); taken {
		return t.refuse("join", player, Bet{}, ErrPlayerExists, "the name is taken")
	}
	if len(t.seats) >= MaxPlayers {
		return t.refuse("join", player, Bet{}, ErrNoSeat, "the table seats at most %d players", MaxPlayers)
	}
	players, ok := addAmounts(t.players(), bankroll)
	if _, covered := t.exposureWith(players, t.house, -1, Bet{}, 0, 0, 0); !ok || !covered || t.brought > MaxBalance-bankroll {
		return t.refuse("join", player, Bet{}, ErrOverflow, "a bankroll of %d would take the money at the table past %d", bankroll, MaxBalance)
	}
	t.brought += bankroll
	t.seats = slices.Insert(t.seats, seatAt, seat{name: player, bankroll: bankroll})
	t.reseat(seatAt)
	if seatAt < len(t.seats)-1 { // the players after him move on a seat
		t.renumber(func(i int) int {
			if i >= seatAt {
				return i + 1
			}
			return i
		})
	}
	if len(t.seats) > 1 && t.shooter >= seatAt {
		t.shooter++
	}
	return nil
}

// renumber applies a change of seat numbers to everything that holds one.
func (t *Table) renumber(f func(int) int) {
	for j := range t.bets {
		t.bets[j].seat = f(t.bets[j].seat)
		if t.rules.Private {
			t.bets[j].opponent = f(t.bets[j].opponent)
		}
	}
	if t.claimant != 0 {
		t.claimant = f(t.claimant-1) + 1
	}
}

// Leave takes a player away from the table with their bankroll, which it
// returns. At a casino table a player with bets on the layout must take
// them down (or see contract bets decided) first. In the private game a
// player may leave at any time: every bet between him and another player
// is called off and both stakes go back (the rule book lets players leave at
// any time and says nothing of their bets; calling them off needs no one
// else's money or consent), and so is a center bet he has staked. If the
// shooter leaves, the next player clockwise who may shoot takes the dice
// and finishes the hand.
func (t *Table) Leave(player string) (Amount, error) {
	i, err := t.seatOf("leave", player, Bet{})
	if err != nil {
		return 0, err
	}
	if t.rules.Private {
		t.callOffPlayer(i)
	} else {
		for _, p := range t.bets {
			if p.seat == i {
				return 0, t.refuse("leave", player, p.bet, ErrNotNow, "the player still has bets on the layout")
			}
		}
	}
	bankroll := t.seats[i].bankroll
	t.brought -= bankroll
	t.seats = append(t.seats[:i], t.seats[i+1:]...)
	if t.namesOf == t {
		delete(t.names, player)
	}
	t.reseat(i)
	t.renumber(func(j int) int {
		if j > i {
			return j - 1
		}
		return j
	})
	// A shooter who leaves hands the dice to the next player clockwise,
	// who finishes the hand: the puck, the fire bets and the roll counts
	// go on as they were.
	switch {
	case len(t.seats) == 0:
		t.shooter = 0
	case i < t.shooter:
		t.shooter--
	case i == t.shooter:
		// The seat after the leaver's, now numbered i, or the next who
		// may shoot after it; if no one may, that seat, and the bar ends.
		t.shooter = i % len(t.seats)
		if t.seats[t.shooter].barred {
			t.shooter = t.nextShooter(t.shooter)
		}
	}
	// A bar lasts while someone else may shoot.
	if len(t.seats) > 0 && t.seats[t.shooter].barred {
		for j := range t.seats {
			t.seats[j].barred = false
		}
	}
	return bankroll, nil
}

// find returns the index in t.bets of a player's bet at spot b, or -1.
func (t *Table) find(seat int, b Bet) int {
	for i := range t.bets {
		// kind and number first: comparing whole bets costs a call
		if p := &t.bets[i]; p.bet.Kind == b.Kind && p.bet.Number == b.Number && p.seat == seat && p.bet == b {
			return i
		}
	}
	return -1
}

// worksOnComeOut is whether a placed bet is decided by a come-out roll:
// the player's choice if made, else the rules'.
func (p *placed) worksOnComeOut(r *Rules) bool {
	if p.working != SwitchDefault {
		return p.working == SwitchOn
	}
	return p.bet.worksOnComeOut(r)
}

// isOdds reports whether k is an odds bet, which follows its line bet.
func isOdds(k BetKind) bool {
	switch k {
	case PassOdds, DontPassOdds, ComeOdds, DontComeOdds, PutOdds:
		return true
	}
	return false
}

// LineUnder is the line bet odds bet b stands behind: the pass line under
// pass odds, the don't pass under don't pass odds, and the come, don't come
// or put bet on the odds' number under come, don't come or put odds. ok is
// false if b is not an odds bet.
func (b Bet) LineUnder() (line Bet, ok bool) {
	if !isOdds(b.Kind) {
		return Bet{}, false
	}
	return lineUnder(b), true
}

// OddsBehind is the odds bet that may stand behind bet b with the puck on
// point (0 for a come-out): pass or don't pass odds on the point behind a
// pass line or don't pass bet, and come, don't come or put odds on the
// bet's own number behind a come, don't come or put bet there. ok is false
// for a bet that takes no odds then: a line bet on a come-out, a come bet
// still in the come box, any other kind, or a point outside 0 to 12.
// Whether the table offers the odds is Rules.Offers's to say.
func (b Bet) OddsBehind(point int) (odds Bet, ok bool) {
	if point < 0 || point > 12 {
		return Bet{}, false
	}
	return oddsBehind(b, int8(point))
}

// lineUnder is the line bet an odds bet stands behind.
func lineUnder(b Bet) Bet {
	switch b.Kind {
	case PassOdds:
		return Bet{Kind: PassLine}
	case DontPassOdds:
		return Bet{Kind: DontPass}
	case ComeOdds:
		return Bet{Kind: Come, Number: b.Number}
	case DontComeOdds:
		return Bet{Kind: DontCome, Number: b.Number}
	}
	return Bet{Kind: Put, Number: b.Number}
}

// oddsBehind is the odds bet that stands behind line bet b, if b takes one.
func oddsBehind(b Bet, point int8) (Bet, bool) {
	switch {
	case b.Kind == PassLine && point != 0:
		return Bet{Kind: PassOdds, Number: int(point)}, true
	case b.Kind == DontPass && point != 0:
		return Bet{Kind: DontPassOdds, Number: int(point)}, true
	case b.Kind == Come && b.Number != 0:
		return Bet{Kind: ComeOdds, Number: b.Number}, true
	case b.Kind == DontCome && b.Number != 0:
		return Bet{Kind: DontComeOdds, Number: b.Number}, true
	case b.Kind == Put:
		return Bet{Kind: PutOdds, Number: b.Number}, true
	}
	return Bet{}, false
}

// isContract reports whether a placed bet may no longer be taken down or
// reduced at will: a pass, come or put bet on its point (unless the rules
// make them removable), a bet on the shooter's hand once he has rolled, an
// all/tall/small, repeater or Different Doubles bet once a throw has
// counted (before a new shooter's first roll, one with totals made), a
// Bonus Craps bet with a total made.
func (t *Table) isContract(p *placed) bool {
	switch k := p.bet.Kind; {
	case k == PassLine || k == Come || k == Put:
		return p.state.point != 0 && !t.rules.LineBetsRemovable
	case ridesTheHand(k):
		return t.handRolls > 0
	case madeAfterSeven(k):
		return !t.afterSevenOpen() || p.state.made != 0
	case k == BonusCraps:
		return p.state.made != 0
	case isSequence(k):
		return p.state != p.bet.start()
	}
	return false
}

// afterSevenOpen reports whether the bets that run until a 7 (all, tall,
// small, the repeaters) may be made now: before the first roll after a 7
// or of a new shooter, who may also take the dice without one
// (PassDice).
func (t *Table) afterSevenOpen() bool {
	return t.sinceSeven == 0 || t.handRolls == 0
}

// lateRepeater reports whether b is a repeater on one total that the
// rules let be made now, later in the hand: its total not thrown since
// the last 7 (Rules.RepeaterLate).
func (t *Table) lateRepeater(b Bet) bool {
	return t.rules.RepeaterLate && b.Kind == Repeater && b.Set == 0 && t.thrown&Totals(b.Number) == 0
}

// madeAfterSeven reports whether bets of kind k are made only before the
// first roll after a 7 or of a new shooter: those that run until a 7 and
// count what it leaves on the layout (Bonus Craps, which also ends on a
// total thrown again, counts from whenever it is made).
func madeAfterSeven(k BetKind) bool {
	switch k {
	case All, Tall, Small, Repeater, DifferentDoubles, RepeaterAny:
		return true
	}
	return false
}

// ridesTheHand reports whether bets of kind k are made before a new
// shooter's first roll and follow his whole hand: the fire bet, Ride the
// Line and the Hot Shooter.
func ridesTheHand(k BetKind) bool {
	switch k {
	case Fire, RideTheLine, HotShooter:
		return true
	}
	return false
}

// puckWhen is at which position of the puck a kind of bet is made.
type puckWhen uint8

const (
	puckEither puckWhen = iota
	puckOff             // on a come-out only
	puckOn              // while a point is on only
)

// madeWhen says when bets of kind k are made, by the puck: on a come-out
// only the line bets, the bets on the shooter's hand (before his first
// roll), the bets that run until a 7 (before the first roll after one)
// and the private game's center bet; while a point is on only the come, don't come
// and put bets, the odds behind the line and the private game's point
// bet. Come and put odds stand behind bets that stay up over a come-out.
// (A table may take a pass line bet late: Rules.latePassLine.)
func madeWhen(k BetKind) puckWhen {
	switch {
	case k == PassLine || k == DontPass || ridesTheHand(k) || k == Center || madeAfterSeven(k) || isSequence(k):
		return puckOff
	case k == Come || k == DontCome || k == Put || k == PassOdds || k == DontPassOdds || k == PointBet:
		return puckOn
	}
	return puckEither
}

// withinLimits reports whether a bet of kind k may be amount under the
// table's limits for that kind.
func withinLimits(r *Rules, k BetKind, amount Amount) bool {
	least, most := r.betLimits(k)
	return amount >= least && (most == 0 || amount <= most)
}

// limitsText says the table's limits for kind k: "10 to 500", "at least
// 20", "at most 100".
func limitsText(r *Rules, k BetKind) string {
	least, most := r.betLimits(k)
	switch {
	case most == 0:
		return fmt.Sprintf("at least %d", least)
	case least == 0:
		return fmt.Sprintf("at most %d", most)
	}
	return fmt.Sprintf("%d to %d", least, most)
}

// normalize fills in the point of pass odds, and checks what the game's
// state allows for a new or increased bet.
func (t *Table) normalize(op, player string, b Bet) (Bet, error) {
	switch b.Kind {
	case PassOdds, DontPassOdds:
		if t.point == 0 {
			return b, t.refuse(op, player, b, ErrNotNow, "odds behind the line are taken only while a point is on")
		}
		if b.Number != 0 && b.Number != int(t.point) {
			return b, t.refuse(op, player, b, ErrNotNow, "the point is %d", t.point)
		}
		b.Number = int(t.point)
	case Come, DontCome:
		// This also keeps come and don't come bets on their numbers from
		// being raised: a don't bet never is, a come bet only as a new bet.
		if b.Number != 0 {
			return b, t.refuse(op, player, b, ErrNotNow, "a come bet is made in the come box and moves to its number itself")
		}
	}
	return b, nil
}

// Place puts amount on spot b for player: a new bet, or more on a bet the
// player already has there. "Odds" behind the pass line may be given as
// Bet{Kind: PassOdds} and are placed on the point. All the hardways
// (AllHardways) is placed as four hardway bets of a quarter each. A
// refused bet returns a *TableError wrapping one of the sentinels and
// changes nothing; a bet whose payouts could take the money at the table
// past MaxBalance wraps ErrOverflow.
func (t *Table) Place(player string, b Bet, amount Amount) error {
	const op = "place"
	i, err := t.seatOf(op, player, b)
	if err != nil {
		return err
	}
	if t.rules.Private {
		return t.refuse(op, player, b, ErrNotOffered, "no house banks bets in the private game: make a side bet")
	}
	if amount <= 0 || amount > MaxAmount {
		return t.refuse(op, player, b, ErrAmount, "amount %d is not between 1 and %d", amount, MaxAmount)
	}
	if err := t.offered(op, player, b); err != nil {
		return err
	}
	if b.Kind == AllHardways {
		return t.placeHardways(player, amount)
	}
	if b, err = t.normalize(op, player, b); err != nil {
		return err
	}
	return t.placeAt(i, t.find(i, b), b, amount)
}

// placeAt is Place for a bet known to be well formed and offered, with a
// positive amount, for the player in seat i, whose bet at b is t.bets[j]
// (j < 0 for none): what the game's state, the limits and the player's
// money allow. Strategies call it directly, having checked their bets
// once.
func (t *Table) placeAt(i, j int, b Bet, amount Amount) error {
	const op = "place"
	player := t.seats[i].name
	r := &t.rules
	total := amount
	if j >= 0 {
		total += t.bets[j].amount
	}
	if total > MaxAmount {
		return t.refuse(op, player, b, ErrAmount, "the bet would be %d, above %d", total, MaxAmount)
	}
	// What the state of the game allows.
	switch {
	case b.Kind == PassLine:
		if t.point != 0 && !r.latePassLine() {
			return t.refuse(op, player, b, ErrNotNow, "the point is on and the table takes no pass line bet after it")
		}
	case b.Kind == DontPass:
		if t.point != 0 {
			return t.refuse(op, player, b, ErrNotNow, "don't pass is made on the come-out; after the point it may only be reduced")
		}
	case madeWhen(b.Kind) == puckOn:
		if t.point == 0 {
			return t.refuse(op, player, b, ErrNotNow, "%s bets are made only while a point is on", b.Kind)
		}
	case ridesTheHand(b.Kind):
		if t.handRolls > 0 {
			return t.refuse(op, player, b, ErrNotNow, "%v is made before a new shooter's first roll", b.Kind)
		}
	case madeAfterSeven(b.Kind):
		if !t.afterSevenOpen() && !t.lateRepeater(b) {
			return t.refuse(op, player, b, ErrNotNow, "%v is made only before the first roll after a 7 or of a new shooter", b.Kind)
		}
	case isSequence(b.Kind):
		if t.point != 0 || (j >= 0 && t.isContract(&t.bets[j])) {
			return t.refuse(op, player, b, ErrNotNow, "%v is made on the come-out, before its sequence starts", b.Kind)
		}
	}
	unit := r.unit()
	if unit > 1 && amount%unit != 0 { // no division at a table of unit 1
		return t.refuse(op, player, b, ErrUnit, "%d is not a whole number of the table's unit %d", amount, unit)
	}
	if isOdds(b.Kind) {
		line := t.find(i, lineUnder(b))
		if line < 0 {
			return t.refuse(op, player, b, ErrNotNow, "no %v under it", lineUnder(b))
		}
		if !t.oddsWithin(b, total, t.bets[line].amount) {
			return t.refuse(op, player, b, ErrOddsLimit, "%d behind a line bet of %d is above the limit (%s)", total, t.bets[line].amount, t.oddsLimitText(b))
		}
	}
	if !withinLimits(r, b.Kind, total) {
		return t.refuse(op, player, b, ErrTableLimit, "%d is outside the table's limits for %v: %s", total, b.Kind, limitsText(r, b.Kind))
	}
	// Commission taken when the bet is made is on the whole bet; what was
	// already paid on it counts.
	due := Amount(0)
	if c := r.commission(b.Kind); c != nil && c.Timing.upfront() {
		paid := Amount(0)
		if j >= 0 {
			paid = t.bets[j].paid
		}
		charge, err := r.upfrontCharge(c, b, total)
		if err != nil {
			return t.refuse(op, player, b, ErrAmount, "%s", errText(err))
		}
		due = max(charge-paid, 0)
	}
	need, ok := addAmounts(amount, due)
	if !ok || need > t.seats[i].bankroll {
		return t.refuse(op, player, b, ErrFunds, "the bet needs %d (commission %d) and the player has %d", amount+due, due, t.seats[i].bankroll)
	}
	paid := due
	if j >= 0 {
		paid += t.bets[j].paid
	}
	// One roll pays at most maxRatioTerm to 1 on what the bet adds, and
	// the commission it adds may come back (mostPaid).
	grown := amount * maxRatioTerm
	if c := r.commission(b.Kind); c != nil && c.Timing.returnedOnTakeDown() {
		grown += due
	}
	exposure, covered := t.exposureWith(t.players()-due, t.house+due, j, b, total, paid, grown)
	if !covered {
		return t.refuse(op, player, b, ErrOverflow, "what the layout could pay on one roll would take the money at the table past %d", MaxBalance)
	}
	t.seats[i].bankroll -= need
	t.house += due
	t.exposure = exposure
	if j >= 0 {
		t.bets[j].amount = total
		t.bets[j].paid = paid
		return nil
	}
	state := b.start()
	if b.Kind == PassLine {
		state.point = t.point // a pass line bet made after the point plays that point
	}
	t.bets = append(t.bets, placed{seat: i, bet: b, amount: amount, state: state, paid: due})
	if b.Kind == PutOdds {
		// Odds follow their put bet: off on the come-out when it is.
		p := &t.bets[len(t.bets)-1]
		if put := t.find(i, lineUnder(b)); put >= 0 && !t.bets[put].worksOnComeOut(r) && p.worksOnComeOut(r) {
			p.working = SwitchOff
		}
	}
	return nil
}

// hardways are the bets all the hardways is made of, an equal share of
// it on each (Table.Place, Rules.WholeStep).
var hardways = []Bet{{Kind: Hardway, Number: 4}, {Kind: Hardway, Number: 6}, {Kind: Hardway, Number: 8}, {Kind: Hardway, Number: 10}}

// placeHardways places all the hardways: a quarter of amount on each of
// hard 4, 6, 8 and 10, each held to the hardways' limits. Either all four
// are placed or none.
func (t *Table) placeHardways(player string, amount Amount) error {
	b := Bet{Kind: AllHardways}
	unit, n := t.rules.unit(), Amount(len(hardways))
	if amount%(n*unit) != 0 {
		return t.refuse("place", player, b, ErrUnit, "%d does not split into four whole numbers of the table's unit %d", amount, unit)
	}
	trial := t.Clone()
	for _, h := range hardways {
		if err := trial.Place(player, h, amount/n); err != nil {
			var te *TableError
			if errors.As(err, &te) {
				return t.refuse("place", player, b, te.Err, "hard %d: %s", h.Number, te.Reason)
			}
			return err
		}
	}
	*t = *trial
	t.namesOf = t // trial's, which no one else holds
	return nil
}

// offered refuses a bet the rules do not take, with ErrNotOffered, or
// ErrSyntax for one that is no bet at all.
func (t *Table) offered(op, player string, b Bet) error {
	err := t.rules.Offers(b)
	if err == nil {
		return nil
	}
	sentinel := ErrNotOffered
	if errors.Is(err, ErrSyntax) {
		sentinel = ErrSyntax
	}
	return t.refuse(op, player, b, sentinel, "%s", strings.TrimSuffix(errText(err), ": "+sentinel.Error()))
}

// pays is the payout of a bet whose payout does not depend on the throw:
// buy and lay, which is what their commission is figured on.
func (b Bet) pays() Ratio {
	if b.Kind == Lay {
		return layOdds(b.Number)
	}
	return trueOdds(b.Number)
}

// oddsWithin reports whether odds of amount fit the rules' multiple of a
// line bet of line; a maximum in money for odds is a table limit, checked
// with the others.
func (t *Table) oddsWithin(odds Bet, amount, line Amount) bool {
	most := t.rules.oddsStakeMultiple(odds.Kind, odds.Number)
	// amount <= line * most.Win / most.Stake, exactly.
	limit, ok := mulDiv(line, most.Win, most.Stake)
	return !ok || amount <= limit
}

// oddsRoom is the most odds bet b may be behind a line bet of line: the
// rules' multiple of it, and no more than a maximum in money for odds.
func (t *Table) oddsRoom(odds Bet, line Amount) Amount {
	most := t.rules.oddsStakeMultiple(odds.Kind, odds.Number)
	limit, ok := mulDiv(line, most.Win, most.Stake)
	if !ok {
		limit = MaxAmount
	}
	if _, cap := t.rules.betLimits(odds.Kind); cap != 0 {
		limit = min(limit, cap)
	}
	return limit
}

// oddsLimitText says what limits odds bet b: "5x on 6", "3x of the win on 4".
func (t *Table) oddsLimitText(b Bet) string {
	r := &t.rules
	if b.Kind == DontPassOdds || b.Kind == DontComeOdds {
		of := "the bet"
		if r.Lay == LayToWinMultiple {
			of = "the win"
		}
		return fmt.Sprintf("%sx of %s on %d", multipleText(r.layMultiple(b.Number)), of, b.Number)
	}
	return fmt.Sprintf("%sx on %d", multipleText(r.Odds.Multiple(b.Number)), b.Number)
}

// errText is an error's message without the package prefix, to quote it
// inside a TableError's reason.
func errText(err error) string {
	var te *TableError
	if errors.As(err, &te) {
		return te.Reason
	}
	return strings.TrimPrefix(err.Error(), "craps: ")
}

// Reduce takes amount off a player's bet and returns it to the bankroll,
// with any commission the rules give back. Reducing a bet to nothing takes
// it down, but for a line bet with odds behind it, which is refused with
// ErrNotNow: TakeDown takes the two down together.
func (t *Table) Reduce(player string, b Bet, amount Amount) error {
	return t.reduce("reduce", player, b, amount)
}

// TakeDown takes a player's bet off the layout and returns it to the
// bankroll, with the odds behind it if it is a line bet, and any
// commission the rules give back. It returns the amount returned.
func (t *Table) TakeDown(player string, b Bet) (Amount, error) {
	const op = "take down"
	i, err := t.seatOf(op, player, b)
	if err != nil {
		return 0, err
	}
	if err := t.standsBetween(op, player, b); err != nil {
		return 0, err
	}
	if b, err = t.normalizeOwned(op, player, b); err != nil {
		return 0, err
	}
	j := t.find(i, b)
	if j < 0 {
		return 0, t.refuse(op, player, b, ErrNoSuchBet, "the player has no such bet")
	}
	if t.isContract(&t.bets[j]) {
		return 0, t.refuse(op, player, b, ErrContract, "the bet stands until it is decided")
	}
	// Neither reduction below can be refused now: odds are never contract
	// bets, whole bets leave no remainder to check against the minimum,
	// and a line bet taken down takes its odds with it.
	before := t.seats[i].bankroll
	if odds, ok := oddsBehind(b, t.point); ok {
		if k := t.find(i, odds); k >= 0 {
			_ = t.reduce(op, player, odds, t.bets[k].amount)
		}
	}
	_ = t.reduce(op, player, b, t.bets[t.find(i, b)].amount)
	return t.seats[i].bankroll - before, nil
}

// standsBetween refuses to reduce or take down a bet between players: it
// stands until it is decided or called off.
func (t *Table) standsBetween(op, player string, b Bet) error {
	if t.rules.Private {
		return t.refuse(op, player, b, ErrContract, "a bet between players stands until it is decided or called off")
	}
	return nil
}

// normalizeOwned fills in the point of pass odds for a bet being changed.
func (t *Table) normalizeOwned(op, player string, b Bet) (Bet, error) {
	if (b.Kind == PassOdds || b.Kind == DontPassOdds) && b.Number == 0 {
		if t.point == 0 {
			return b, t.refuse(op, player, b, ErrNoSuchBet, "no point, so no odds behind the line")
		}
		b.Number = int(t.point)
	}
	return b, nil
}

func (t *Table) reduce(op, player string, b Bet, amount Amount) error {
	i, err := t.seatOf(op, player, b)
	if err != nil {
		return err
	}
	if err := t.standsBetween(op, player, b); err != nil {
		return err
	}
	if b, err = t.normalizeOwned(op, player, b); err != nil {
		return err
	}
	j := t.find(i, b)
	if j < 0 {
		return t.refuse(op, player, b, ErrNoSuchBet, "the player has no such bet")
	}
	return t.reduceAt(op, j, amount)
}

// reduceAt is reduce for the casino bet t.bets[j], found by its owner:
// what the game allows to come off it.
func (t *Table) reduceAt(op string, j int, amount Amount) error {
	p := &t.bets[j]
	player, b, i := t.seats[p.seat].name, p.bet, p.seat
	if amount <= 0 || amount > p.amount {
		return t.refuse(op, player, b, ErrAmount, "cannot take %d off a bet of %d", amount, p.amount)
	}
	if t.isContract(p) {
		return t.refuse(op, player, b, ErrContract, "the bet stands until it is decided")
	}
	r := &t.rules
	left := p.amount - amount
	if amount%r.unit() != 0 {
		return t.refuse(op, player, b, ErrUnit, "%d is not a whole number of the table's unit %d", amount, r.unit())
	}
	if least, _ := r.betLimits(b.Kind); left > 0 && left < least {
		return t.refuse(op, player, b, ErrTableLimit, "%d left is below the table's minimum %d for %v", left, least, b.Kind)
	}
	if odds, ok := oddsBehind(b, t.point); ok && left > 0 {
		if k := t.find(i, odds); k >= 0 && !t.oddsWithin(odds, t.bets[k].amount, left) {
			return t.refuse(op, player, b, ErrOddsLimit, "the odds behind it would be above the limit; reduce them first")
		}
	} else if ok && left == 0 && op != "take down" {
		if k := t.find(i, odds); k >= 0 {
			return t.refuse(op, player, b, ErrNotNow, "take the odds down first, or take the bet down with them")
		}
	}
	// A commission that comes back when the bet is taken down (the second casino's rules)
	// comes back in proportion; one kept when the bet is made stays kept.
	refund := Amount(0)
	if c := r.commission(b.Kind); c != nil && c.Timing.returnedOnTakeDown() && p.paid > 0 {
		refund = p.paid
		if left > 0 {
			keep, err := r.upfrontCharge(c, b, left)
			if err == nil && keep < p.paid {
				refund = p.paid - keep
			} else {
				refund = 0
			}
		}
	}
	before, _ := t.mostPaid(p.bet, p.amount, p.paid)
	t.seats[p.seat].bankroll += amount + refund
	t.house -= refund
	p.paid -= refund
	p.amount = left
	after, _ := t.mostPaid(p.bet, p.amount, p.paid)
	t.exposure -= before - after
	if left == 0 {
		t.bets = append(t.bets[:j], t.bets[j+1:]...)
	}
	return nil
}

// SetWorking turns a player's bet on or off for come-out rolls, overriding
// the rules' default for that bet. Only bets that can be off take it:
// place, place to lose, big 6 and 8, buy, lay, hardways, put bets and
// odds behind come, put and don't come bets. Odds follow their put bet:
// turning a put bet off turns its odds off, and its odds cannot work
// while it is off.
func (t *Table) SetWorking(player string, b Bet, on bool) error {
	const op = "working"
	i, err := t.seatOf(op, player, b)
	if err != nil {
		return err
	}
	if t.rules.Private {
		return t.refuse(op, player, b, ErrNotNow, "bets between players always work")
	}
	j := t.find(i, b)
	if j < 0 {
		return t.refuse(op, player, b, ErrNoSuchBet, "the player has no such bet")
	}
	if !switchable(b.Kind) {
		return t.refuse(op, player, b, ErrNotNow, "%v always works", b.Kind)
	}
	odds, put := -1, -1
	switch b.Kind {
	case Put:
		odds = t.find(i, Bet{Kind: PutOdds, Number: b.Number})
	case PutOdds:
		put = t.find(i, lineUnder(b))
	}
	if on && put >= 0 && !t.bets[put].worksOnComeOut(&t.rules) {
		return t.refuse(op, player, b, ErrNotNow, "the put bet under it is off on the come-out; odds follow their put bet")
	}
	t.bets[j].working = SwitchOff
	if on {
		t.bets[j].working = SwitchOn
	}
	if odds >= 0 && !on {
		t.bets[odds].working = SwitchOff
	}
	return nil
}

// switchable reports whether a player may turn a bet of kind k on or off
// for the come-out; every other bet always works.
func switchable(k BetKind) bool {
	switch k {
	case Place, PlaceToLose, Big6, Big8, Buy, Lay, Hardway, Put, ComeOdds, PutOdds, DontComeOdds:
		return true
	}
	return false
}

// Roll resolves the throw d for every bet on the table in one step, moves
// the puck, and passes the dice after a seven-out. It appends a Resolution
// for every bet the throw decided or moved to dst and returns the extended
// slice; a caller that reuses dst makes no allocation. Invalid dice are
// refused with an error wrapping ErrSyntax, and in the private game a
// throw with a center bet not fully faded with ErrNotNow, and one with a
// center bet under the table minimum with ErrTableLimit; a refused roll
// changes nothing. A table that deals from a deck (Rules.Cards) takes no
// dice: Deal plays its throws, and Roll is refused with an error wrapping
// ErrRollSource. Near MaxBalance, a bet that stays up after a win comes
// down with it instead (see MaxBalance). A table with no one seated rolls
// too, moving the puck with no shooter: the first to sit down joins the
// game where it stands, a point perhaps on.
func (t *Table) Roll(d Dice, dst []Resolution) ([]Resolution, error) {
	if err := t.diceRefused(); err != nil {
		return dst, err
	}
	return t.roll(d, dst)
}

// diceRefused refuses thrown dice at a table that deals its throws from a
// deck.
func (t *Table) diceRefused() error {
	if t.rules.Cards != NoCards {
		return t.refuse("roll", "", Bet{}, ErrRollSource, "a card table deals its throws from a deck (Deal)")
	}
	return nil
}

// roll is Roll for dice from any source: thrown, or dealt by Deal.
func (t *Table) roll(d Dice, dst []Resolution) ([]Resolution, error) {
	if !d.Valid() {
		return dst, t.refuse("roll", "", Bet{}, ErrSyntax, "dice %d-%d are not two faces from 1 to 6", d.A, d.B)
	}
	r := &t.rules
	if r.Private {
		if err := t.throwable(); err != nil {
			return dst, err
		}
	}
	comeOut := t.point == 0
	keepUp, decided := t.roomToStayUp(), len(dst)
	var center centerResult
	unit := r.unit()
	throw := d.index()
	bit := uint64(1) << throw
	// The bets that stay are moved up over those that leave as the roll
	// goes, so that the layout is scanned once. A bet that left keeps its
	// record, amount 0, until a later one is moved over it: what putOff
	// reads of the layout is then as it was.
	kept := 0
	for i := range t.bets {
		p := &t.bets[i]
		if p.quiet&bit != 0 { // most bets: the throw does nothing to them
			if kept != i {
				t.bets[kept] = *p
			}
			kept++
			continue
		}
		if p.row == nil {
			t.bind(p)
		}
		step := &p.row[throw]
		if !step.plain || r.Private || comeOut && !p.worksOnComeOut(r) {
			var left bool
			if dst, left = t.rollBet(p, i, step, comeOut, &center, dst); !left {
				if kept != i {
					t.bets[kept] = *p
				}
				kept++
			}
			continue
		}
		// The fast path, most decisions: a casino bet that works, without
		// commission, paid as compiled, its Resolution written field by
		// field (a Resolution built whole and copied in costs more than
		// the rest of the roll).
		amount := p.amount
		exact, ok := step.payPlain(amount)
		if !ok {
			exact, _ = mulDiv(amount, step.pays.Win, step.pays.Stake)
		}
		pay := breakage(exact, unit)
		back, lost := Amount(0), Amount(0)
		if step.back {
			back = amount
		}
		if step.verdict == loses {
			lost = amount
		}
		t.house += lost - pay.Win
		s := &t.seats[p.seat]
		s.bankroll += pay.Win + back
		dst = grow(dst)
		res := &dst[len(dst)-1]
		res.Player = s.name
		res.Bet = p.bet
		res.Outcome, res.Against = step.outcome, false
		res.Stake, res.Win, res.Returned, res.Commission, res.Breakage = amount, pay.Win, back, 0, pay.Breakage
		res.Opponent = ""
		if step.up {
			res.To = p.bet
			if kept != i {
				t.bets[kept] = *p
			}
			kept++
		} else {
			res.To = Bet{}
			p.amount = 0
		}
	}
	t.bets = t.bets[:kept]
	if !keepUp {
		t.bringDownWinners(dst[decided:])
	}
	t.advance(d.Total(), center)
	return dst, nil
}

// rollBet is Roll's general path for bet p, at index i, which the throw
// changes: a bet that moves or changes state, one that is off on the
// come-out, a bet between players, one that pays commission. It appends
// what it reports to dst, and reports whether the bet left the layout
// (its amount is then 0 until the roll ends).
func (t *Table) rollBet(p *placed, i int, step *step, comeOut bool, center *centerResult, dst []Resolution) (_ []Resolution, left bool) {
	r := &t.rules
	v := step.verdict
	off := comeOut && !p.worksOnComeOut(r)
	if off {
		// A bet that is off stands untouched, except odds whose line
		// bet this roll decides: they come back. Odds are decided by
		// the throws that decide their line bet, which works unless it
		// is a put bet that is off too.
		if v == stays || !isOdds(p.bet.Kind) || p.bet.Kind == PutOdds && t.putOff(p, i) {
			return dst, false
		}
		v = pushes
	}
	if v == stays {
		p.row, p.quiet, p.state = step.row, step.quiet, step.state
		if step.moved {
			res := Resolution{Player: t.seats[p.seat].name, Bet: p.bet, Stake: p.amount, Outcome: OutcomeMoved}
			p.bet.Number = int(p.state.point)
			res.To = p.bet
			dst = t.report(p, res, dst)
		}
		return dst, false
	}
	if r.Private {
		dst = t.settleBetween(p, v, dst)
		center.record(p, v)
		p.amount = 0 // a bet between players is over once decided
		return dst, true
	}
	var (
		outcome                       Outcome
		win, back, commission, broken Amount
		to                            Bet
	)
	stay := false
	switch v {
	case wins:
		pays := step.pays
		pay := payout(p.amount, pays, r.unit())
		stay = step.up
		if c := r.commission(p.bet.Kind); c != nil {
			switch {
			case !c.Timing.upfront():
				commission, _ = c.Charge(commissionBase(c, p.bet.Kind, p.amount, pays), r.unit())
				commission = min(commission, pay.Win)
			case stay:
				// A bet that stays up after a win is a new bet: its
				// commission is due again, and the dealer takes it out
				// of the win.
				commission, _ = r.upfrontCharge(c, p.bet, p.amount)
				p.paid = commission
			}
		}
		outcome, win, broken = OutcomeWon, pay.Win-commission, pay.Breakage
		t.house -= win
		if stay {
			to = p.bet
		} else {
			back = p.amount
		}
	case loses:
		outcome = OutcomeLost
		t.house += p.amount
		if c := r.commission(p.bet.Kind); c != nil && c.Timing == CommissionUpfrontReturned {
			back = p.paid
			t.house -= p.paid
		}
	case pushes:
		outcome, back = OutcomePushed, p.amount
		if off {
			outcome = OutcomeReturned
		}
	}
	s := &t.seats[p.seat]
	s.bankroll += win + back
	dst = grow(dst)
	res := &dst[len(dst)-1]
	res.Player = s.name
	res.Bet = p.bet
	res.To = to
	res.Outcome, res.Against = outcome, false
	res.Stake, res.Win, res.Returned, res.Commission, res.Breakage = p.amount, win, back, commission, broken
	res.Opponent = ""
	if !stay {
		p.amount = 0
	}
	return dst, !stay
}

// grow extends dst by one Resolution, whose fields the caller sets.
func grow(dst []Resolution) []Resolution {
	if len(dst) < cap(dst) {
		return dst[:len(dst)+1]
	}
	return append(dst, Resolution{})
}

// putOff reports whether the put bet under put odds p, the bet at index i
// of a roll in progress, is off on the come-out. A put bet this roll has
// decided (its amount 0 until the roll ends) worked.
func (t *Table) putOff(p *placed, i int) bool {
	put := lineUnder(p.bet)
	for j := range t.bets {
		if b := &t.bets[j]; j != i && b.seat == p.seat && b.bet == put {
			return b.amount != 0 && !b.worksOnComeOut(&t.rules)
		}
	}
	return false
}

// report appends a bet's resolution; a bet between players is reported
// for its other player too, from his side.
func (t *Table) report(p *placed, res Resolution, dst []Resolution) []Resolution {
	if !t.rules.Private {
		return append(dst, res)
	}
	res.Opponent = t.seats[p.opponent].name
	other := res
	other.Player, other.Opponent, other.Stake, other.Against = res.Opponent, res.Player, p.cover, true
	return append(dst, res, other)
}

// settleBetween pays a decided bet between two players: the winner takes
// both stakes; a push returns each his own.
func (t *Table) settleBetween(p *placed, v verdict, dst []Resolution) []Resolution {
	backer, layer := &t.seats[p.seat], &t.seats[p.opponent]
	mine := Resolution{Player: backer.name, Opponent: layer.name, Bet: p.bet, Stake: p.amount}
	theirs := Resolution{Player: layer.name, Opponent: backer.name, Bet: p.bet, Stake: p.cover, Against: true}
	switch v {
	case wins:
		mine.Outcome, mine.Win, mine.Returned = OutcomeWon, p.cover, p.amount
		theirs.Outcome = OutcomeLost
	case loses:
		mine.Outcome = OutcomeLost
		theirs.Outcome, theirs.Win, theirs.Returned = OutcomeWon, p.amount, p.cover
	default:
		mine.Outcome, mine.Returned = OutcomePushed, p.amount
		theirs.Outcome, theirs.Returned = OutcomePushed, p.cover
	}
	backer.bankroll += mine.Win + mine.Returned
	layer.bankroll += theirs.Win + theirs.Returned
	return append(dst, mine, theirs)
}

// centerResult is what a roll did to the center bet, for the claim rule:
// how many faders it had, the last of them, and whether the dice won.
type centerResult struct {
	faders  int
	fader   int
	diceWon bool
}

func (c *centerResult) record(p *placed, v verdict) {
	if p.bet.Kind == Center {
		c.faders++
		c.fader = p.opponent
		c.diceWon = v == wins
	}
}

// bind attaches a bet's compiled definition, and reports whether the
// bet's state is one the definition reaches (a restored table's may not
// be).
func (t *Table) bind(p *placed) bool {
	a := t.automatonOf(&p.bet)
	st, ok := a.state(p.state)
	p.row, p.quiet = &a.steps[st], a.quiet[st]
	return ok
}

// automatonOf returns the compiled definition of bet b, compiling it the
// first time. A come or don't come bet shares one automaton from the come
// box on, so it keeps it as it moves.
func (t *Table) automatonOf(b *Bet) *automaton {
	if b.Kind == Before || b.Kind == Within {
		// Too many to index by kind and number: the table keeps the first
		// maxPropositions it compiles, and compiles any other anew.
		a := t.props[*b]
		if a == nil {
			a = compile(&t.rules, *b)
			if len(t.props) < maxPropositions {
				if t.props == nil {
					t.props = map[Bet]*automaton{}
				}
				t.props[*b] = a
			}
		}
		return a
	}
	if t.autos == nil {
		t.autos = make([]*automaton, int(numKinds)*autoNumbers)
	}
	k := t.autoKey(b)
	if t.autos[k] == nil {
		key := *b
		if key.Kind == Come || key.Kind == DontCome {
			key.Number = 0
		}
		t.autos[k] = compile(&t.rules, key)
	}
	return t.autos[k]
}

// maxPropositions bounds the propositions a Table keeps compiled.
const maxPropositions = 256

// autoNumbers is how many numbers or hop combinations a kind can have in
// autoKey: totals 0 to 12, or the 36 ordered dice.
const autoNumbers = 36

// autoKey numbers a bet for Table.autos: its kind, and its number, hop,
// or the place of its set among the rules' all-of-a-set bets; a come or
// don't come bet is numbered as in the come box, wherever it stands.
func (t *Table) autoKey(b *Bet) int {
	switch {
	case b.Kind == Hop:
		return int(b.Kind)*autoNumbers + int(b.Hop.index())
	case b.Kind == All && b.Set != 0:
		for i, e := range t.rules.AllBets {
			if e.Set == b.Set {
				return int(b.Kind)*autoNumbers + 1 + i
			}
		}
	case b.Kind == Repeater && b.Set != 0: // after the totals 2 to 12
		for i, e := range t.rules.RepeaterSets {
			if e.Set == b.Set {
				return int(b.Kind)*autoNumbers + 13 + i
			}
		}
	case b.Kind == RepeaterAny:
		for i, e := range t.rules.RepeaterGroups {
			if e.Set == b.Set {
				return int(b.Kind)*autoNumbers + 1 + i
			}
		}
	case b.Kind == Come || b.Kind == DontCome:
		return int(b.Kind) * autoNumbers
	}
	return int(b.Kind)*autoNumbers + b.Number
}

// payout is Ratio.Pay for amounts a Table has already checked.
func payout(stake Amount, pays Ratio, unit Amount) Payout {
	exact, _ := mulDiv(stake, pays.Win, pays.Stake)
	return breakage(exact, unit)
}

// advance moves the puck by the pass line's own rule, passes the dice
// after a seven-out, and keeps the private game's records: the claim on
// the next center bet, come bets carried over a point made, a change of
// dice waiting for the come-out.
func (t *Table) advance(total int, center centerResult) {
	e := t.rules.rightLine(betState{point: t.point}, total)
	sevenOut := t.point != 0 && e.verdict == loses
	pointMade := t.point != 0 && e.verdict == wins
	t.point = e.next.point // 0 after any decision
	// The counts stop at their largest, which no hand reaches; they are
	// read as zero or not.
	t.handRolls += min(1, math.MaxInt-t.handRolls)
	t.sinceSeven += min(1, math.MaxInt-t.sinceSeven)
	t.thrown |= Totals(total)
	if total == 7 {
		t.sinceSeven, t.thrown = 0, 0
	}
	if e.verdict != stays {
		t.claimant = 0
		if center.faders == 1 && center.diceWon && t.rules.FadeClaim {
			t.claimant = center.fader + 1 // he faded it all, and lost
		}
	}
	if t.rules.Private {
		// A come bet left on its own number by a point made may be called
		// off until the next throw, and not after.
		for i := range t.bets {
			p := &t.bets[i]
			p.carried = pointMade && (p.bet.Kind == Come || p.bet.Kind == DontCome) && p.state.point != 0
		}
	}
	if t.point == 0 && t.diceChangeAsked {
		t.diceChanges += min(1, math.MaxInt-t.diceChanges)
		t.diceChangeAsked = false
	}
	if sevenOut {
		t.handRolls = 0
		if len(t.seats) > 0 {
			t.shooter = t.nextShooter(t.shooter)
		}
	}
}
