package craps

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// The private game of the private-game rule book (Rules.Private): no house, the shooter's
// center bet faded by the other players, side bets between two players at
// the odds they agree, and the rules of throwing that the players enforce
// on each other. The bets are ordinary placed bets with a second player
// on their other side, so the one definition of each bet (Bet.roll)
// decides them, as it decides the casino's.

var (
	// ErrFadeLimit: a fade beyond the part of the center bet not yet faded.
	ErrFadeLimit = errors.New("more than the center bet")
	// ErrNoSeat: a seat number outside the table, or a player past
	// MaxPlayers.
	ErrNoSeat = errors.New("no such seat")
)

// Fault is an irregular throw, by the private-game rule book's rules of throwing. The zero
// Fault is a regular throw.
type Fault uint8

const (
	NoFault Fault = iota
	// OffBounds: a die came to rest outside the boundaries the players
	// agreed. The throw is void.
	OffBounds
	// Cocked: a die is cocked or under an object, and the disinterested
	// player the others agreed on cannot read it. The throw is void. (A die
	// he reads is a regular throw of what he reads.)
	Cocked
	// NoBackboard: neither die hit the backboard. The throw is void.
	NoBackboard
	// OneDieMissed: one die hit the backboard and the other did not. The
	// throw counts, with a warning; after a repeat the other players may
	// hand the turn on and bar the shooter for the game (Table.BarShooter).
	OneDieMissed
	// ThrownAside: the shooter threw the dice aside and declared "no
	// throw". The throw counts as the dice lie; after a repeat he may be
	// barred.
	ThrownAside
	numFaults
)

var faultNames = [numFaults]string{"none", "off-bounds", "cocked", "no-backboard", "one-die-missed", "aside"}

// String is the fault's name as ParseFault reads it: "off-bounds",
// "cocked", "no-backboard", "one-die-missed", "aside".
func (f Fault) String() string {
	if f < numFaults {
		return faultNames[f]
	}
	return "Fault(" + strconv.Itoa(int(f)) + ")"
}

// Void reports whether a throw with this fault is void: nothing is
// decided and the shooter throws again.
func (f Fault) Void() bool { return f == OffBounds || f == Cocked || f == NoBackboard }

// faultAliases are the other words ParseFault takes for each fault.
var faultAliases = map[string]Fault{
	"regular": NoFault, "out-of-bounds": OffBounds, "off-table": OffBounds, "off": OffBounds,
	"outside": OffBounds, "cocked-die": Cocked, "unreadable": Cocked, "missed-backboard": NoBackboard,
	"neither-die-hit-the-backboard": NoBackboard, "one-die": OneDieMissed, "one-die-short": OneDieMissed,
	"thrown-aside": ThrownAside, "no-throw": ThrownAside,
}

// ParseFault reads a fault by its name, in any case, with words joined by
// spaces or hyphens ("one die missed"), or by another common word for it
// ("off-table", "cocked-die", "missed-backboard", "one-die", "thrown-aside",
// "no-throw"); anything else is an error wrapping ErrSyntax.
func ParseFault(s string) (Fault, error) {
	key := strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(s, "-", " "))), "-")
	for f, name := range faultNames {
		if key == name {
			return Fault(f), nil
		}
	}
	if f, ok := faultAliases[key]; ok {
		return f, nil
	}
	return NoFault, syntaxError("fault", s)
}

// RollFault records a throw that broke the rules of throwing. A void
// fault (OffBounds, Cocked, NoBackboard) decides nothing: d is ignored and
// the shooter throws again. OneDieMissed and ThrownAside count: the throw
// d is rolled as Roll rolls it, and the fault is held against the shooter
// who threw it, so that a repeat lets the others bar him (BarShooter).
// NoFault is Roll. A throw that could not be made now (a center bet not
// fully faded or under the table minimum, or any throw at a table that
// deals from a deck) is refused as Roll refuses it, and changes nothing.
func (t *Table) RollFault(d Dice, f Fault, dst []Resolution) ([]Resolution, error) {
	switch {
	case f >= numFaults:
		return dst, t.refuse("roll", t.Shooter(), Bet{}, ErrSyntax, "unknown fault %d", f)
	case f == NoFault:
		return t.Roll(d, dst)
	case f.Void():
		if err := t.diceRefused(); err != nil {
			return dst, err
		}
		return dst, t.throwable()
	}
	thrower := t.shooter
	dst, err := t.Roll(d, dst)
	if err == nil && len(t.seats) > 0 { // a throw at an empty table has no thrower
		// The count stops at its largest rather than wrap to none.
		if c := &t.seats[thrower].faults[f]; *c < math.MaxUint16 {
			*c++
		}
	}
	return dst, err
}

// throwable reports why the dice may not be thrown now, or nil.
func (t *Table) throwable() error {
	if t.center > 0 {
		return t.refuse("roll", t.Shooter(), Bet{Kind: Center}, ErrNotNow,
			"%d of the center bet is not faded: the shooter withdraws it or calls no bet", t.center)
	}
	// What is faded is what is thrown for, and the table's limits hold for
	// it: a withdrawal or a fader who left may have cut it below them.
	if faded, _ := t.faded(-1); faded > 0 && faded < t.rules.Minimum {
		return t.refuse("roll", t.Shooter(), Bet{Kind: Center}, ErrTableLimit,
			"the center bet of %d is under the table minimum %d: the shooter raises it or calls no bet", faded, t.rules.Minimum)
	}
	return nil
}

// BarShooter bars a player from shooting for the rest of the game, as the private-game rule book
// lets the players do after a repeated fault: twice OneDieMissed, or twice
// ThrownAside. A barred shooter hands the dice to the next player who may
// shoot, who finishes the hand; a center bet not yet thrown for is called
// off. A barred player still bets. It is refused if the player has no
// repeated fault, is barred already, or is the only one left who may shoot.
func (t *Table) BarShooter(player string) error {
	const op = "bar"
	i, err := t.seatOf(op, player, Bet{})
	if err != nil {
		return err
	}
	s := &t.seats[i]
	switch {
	case s.barred:
		return t.refuse(op, player, Bet{}, ErrNotNow, "already barred")
	case s.faults[OneDieMissed] < 2 && s.faults[ThrownAside] < 2:
		return t.refuse(op, player, Bet{}, ErrNotNow, "a player is barred only after a repeated fault")
	case t.nextShooter(i) == i:
		return t.refuse(op, player, Bet{}, ErrNotNow, "no one else may shoot")
	}
	if i == t.shooter {
		if t.point == 0 {
			t.noBet()
		}
		t.shooter = t.nextShooter(i)
	}
	s.barred = true
	return nil
}

// nextShooter is the first player after seat i, clockwise, who is not
// barred; i itself if there is none.
func (t *Table) nextShooter(i int) int {
	for k := 1; k <= len(t.seats); k++ {
		if j := (i + k) % len(t.seats); !t.seats[j].barred {
			return j
		}
	}
	return i
}

// PassDice hands the dice to the next player clockwise who may shoot. The
// shooter may pass them before his first throw or right after a decision,
// never in the middle of a point (the private-game rule book); a center bet must be called
// off first, and in a casino a fire bet riding on the hand keeps them.
func (t *Table) PassDice() error {
	const op = "pass dice"
	shooter := t.Shooter()
	switch {
	case len(t.seats) == 0:
		return t.refuse(op, "", Bet{}, ErrNotNow, "no one holds the dice")
	case t.point != 0:
		return t.refuse(op, shooter, Bet{}, ErrNotNow, "the point %d is on: the dice pass only after a decision", t.point)
	case t.centerUp():
		return t.refuse(op, shooter, Bet{Kind: Center}, ErrNotNow, "the center bet is up: call no bet first")
	case t.nextShooter(t.shooter) == t.shooter:
		return t.refuse(op, shooter, Bet{}, ErrNotNow, "no one else may shoot")
	}
	if t.handRolls > 0 {
		for _, p := range t.bets {
			if ridesTheHand(p.bet.Kind) {
				return t.refuse(op, shooter, p.bet, ErrNotNow, "a bet rides on this shooter's hand")
			}
		}
	}
	t.shooter = t.nextShooter(t.shooter)
	t.handRolls = 0
	return nil
}

// ChangeDice asks for a new pair of dice, as any player may at any time;
// the change is made before the next come-out (at once if the next roll
// is one). DiceChanges counts the changes made, up to math.MaxInt.
func (t *Table) ChangeDice(player string) error {
	if _, err := t.seatOf("change dice", player, Bet{}); err != nil {
		return err
	}
	if t.point == 0 {
		t.diceChanges += min(1, math.MaxInt-t.diceChanges)
		return nil
	}
	t.diceChangeAsked = true
	return nil
}

// DiceChanges is how many times the dice have been changed.
func (t *Table) DiceChanges() int { return t.diceChanges }

// centerUp reports whether a center bet is staked or faded and not yet
// thrown for.
func (t *Table) centerUp() bool {
	if t.center > 0 {
		return true
	}
	for _, p := range t.bets {
		if p.bet.Kind == Center && t.point == 0 {
			return true
		}
	}
	return false
}

// faded is the part of the center bet covered so far, and the bet a
// fader already has in it (-1 for none).
func (t *Table) faded(fader int) (total Amount, mine int) {
	mine = -1
	for j, p := range t.bets {
		if p.bet.Kind == Center {
			total += p.cover
			if p.opponent == fader {
				mine = j
			}
		}
	}
	return total, mine
}

// privateOnly refuses a call of the private game at a casino table.
func (t *Table) privateOnly(op, player string, b Bet) error {
	if !t.rules.Private {
		return t.refuse(op, player, b, ErrNotOffered, "a casino table has no bets between players")
	}
	return nil
}

// privateSeat is privateOnly, then the player's seat.
func (t *Table) privateSeat(op, player string, b Bet) (int, error) {
	if err := t.privateOnly(op, player, b); err != nil {
		return -1, err
	}
	return t.seatOf(op, player, b)
}

// stakeRefusal checks a stake between players: a whole number of units
// from 1 to MaxAmount and, where limits is set, within the table limits
// (a fade may be any part of the center bet, which alone is held to them).
func (t *Table) stakeRefusal(op, player string, b Bet, amount Amount, limits bool) error {
	r := &t.rules
	switch {
	case amount <= 0 || amount > MaxAmount:
		return t.refuse(op, player, b, ErrAmount, "amount %d is not between 1 and %d", amount, MaxAmount)
	case amount%r.unit() != 0:
		return t.refuse(op, player, b, ErrUnit, "%d is not a whole number of the unit %d", amount, r.unit())
	case limits && (amount < r.Minimum || (r.Maximum != 0 && amount > r.Maximum)):
		return t.refuse(op, player, b, ErrTableLimit, "%d is outside the limits %d to %d", amount, r.Minimum, r.Maximum)
	}
	return nil
}

// Center sets the shooter's stake in the center at the come-out ("I shoot
// amount"): a first stake, a raise when the faders want more, or less, down
// to what is already faded. The other players cover it with Fade; when
// the dice are thrown it must be fully faded (Withdraw takes back the
// rest, CallOffCenter calls it all off). Dice win, the shooter takes the
// center; dice lose, each fader gets his stake back and as much again.
func (t *Table) Center(amount Amount) error {
	const op = "center"
	b := Bet{Kind: Center}
	shooter := t.Shooter()
	if err := t.privateOnly(op, shooter, b); err != nil {
		return err
	}
	if err := t.offered(op, shooter, b); err != nil {
		return err
	}
	faded, _ := t.faded(-1)
	switch {
	case len(t.seats) == 0:
		return t.refuse(op, "", b, ErrNotNow, "no one holds the dice")
	case t.point != 0:
		return t.refuse(op, shooter, b, ErrNotNow, "the center bet is made at the come-out")
	}
	if err := t.stakeRefusal(op, shooter, b, amount, true); err != nil {
		return err
	}
	switch {
	case amount < faded:
		return t.refuse(op, shooter, b, ErrAmount, "%d is already faded", faded)
	}
	more := amount - faded - t.center
	if more > t.seats[t.shooter].bankroll {
		return t.refuse(op, shooter, b, ErrFunds, "the stake needs %d more and the shooter has %d", more, t.seats[t.shooter].bankroll)
	}
	t.seats[t.shooter].bankroll -= more
	t.center += more
	return nil
}

// Fade covers amount of the shooter's center bet for player. The fades
// together never exceed the stake (ErrFadeLimit); a player fades more by
// fading again.
func (t *Table) Fade(player string, amount Amount) error {
	const op = "fade"
	b := Bet{Kind: Center}
	i, err := t.privateSeat(op, player, b)
	if err != nil {
		return err
	}
	if err := t.offered(op, player, b); err != nil {
		return err
	}
	faded, mine := t.faded(i)
	switch {
	case t.point != 0 || faded+t.center == 0:
		return t.refuse(op, player, b, ErrNotNow, "there is no center bet to fade")
	case i == t.shooter:
		return t.refuse(op, player, b, ErrNotNow, "the shooter cannot fade his own bet")
	}
	if err := t.stakeRefusal(op, player, b, amount, false); err != nil {
		return err
	}
	switch {
	case amount > t.center:
		return t.refuse(op, player, b, ErrFadeLimit, "only %d of the center is not faded", t.center)
	case amount > t.seats[i].bankroll:
		return t.refuse(op, player, b, ErrFunds, "the fade needs %d and the player has %d", amount, t.seats[i].bankroll)
	}
	t.fade(i, mine, amount)
	return nil
}

// fade moves amount of the shooter's open stake against fader, into the
// fader's bet mine (-1 for a new one).
func (t *Table) fade(fader, mine int, amount Amount) {
	t.seats[fader].bankroll -= amount
	t.center -= amount
	if mine >= 0 {
		t.bets[mine].amount += amount
		t.bets[mine].cover += amount
		return
	}
	b := Bet{Kind: Center}
	t.bets = append(t.bets, placed{seat: t.shooter, opponent: fader, bet: b, amount: amount, cover: amount, state: b.start()})
}

// Claim lets the player who faded the whole center bet at the last
// come-out and lost fade the whole of this one, under Rules.FadeClaim: the
// other faders' stakes go back to them. ClaimedBy names who may claim.
func (t *Table) Claim(player string) error {
	const op = "claim"
	b := Bet{Kind: Center}
	i, err := t.privateSeat(op, player, b)
	if err != nil {
		return err
	}
	if err := t.offered(op, player, b); err != nil {
		return err
	}
	faded, mine := t.faded(i)
	need := t.center + faded
	if mine >= 0 {
		need -= t.bets[mine].cover
	}
	switch {
	case !t.rules.FadeClaim:
		return t.refuse(op, player, b, ErrNotOffered, "the players did not agree on the claim rule")
	case t.claimant != i+1:
		return t.refuse(op, player, b, ErrNotNow, "only who faded the whole last center bet and lost may claim")
	case t.point != 0 || faded+t.center == 0:
		return t.refuse(op, player, b, ErrNotNow, "there is no center bet to claim")
	case i == t.shooter:
		return t.refuse(op, player, b, ErrNotNow, "the shooter cannot fade his own bet")
	case need > t.seats[i].bankroll:
		return t.refuse(op, player, b, ErrFunds, "the claim needs %d and the player has %d", need, t.seats[i].bankroll)
	}
	for j := 0; j < len(t.bets); j++ {
		if p := &t.bets[j]; p.bet.Kind == Center && p.opponent != i {
			t.seats[p.opponent].bankroll += p.cover
			t.center += p.amount
			t.bets = append(t.bets[:j], t.bets[j+1:]...)
			j--
		}
	}
	_, mine = t.faded(i)
	t.fade(i, mine, t.center)
	t.claimant = 0
	return nil
}

// ClaimedBy is the player who may claim the next center bet under
// Rules.FadeClaim, or "". While he holds the dice himself he has no bet to
// claim, and it is "" until he passes them on.
func (t *Table) ClaimedBy() string {
	if t.claimant == 0 || t.claimant-1 == t.shooter {
		return ""
	}
	return t.seats[t.claimant-1].name
}

// Withdraw takes back the part of the shooter's center bet that no one
// has faded; with no fades at all, that is the whole bet. What is left is
// thrown for only within the table's limits: below Rules.Minimum, Roll
// refuses the throw until the shooter raises it (Center) or calls no bet
// (CallOffCenter).
func (t *Table) Withdraw() error {
	const op = "withdraw"
	b := Bet{Kind: Center}
	if err := t.privateOnly(op, t.Shooter(), b); err != nil {
		return err
	}
	if t.center == 0 {
		return t.refuse(op, t.Shooter(), b, ErrNoSuchBet, "no unfaded part of a center bet")
	}
	t.seats[t.shooter].bankroll += t.center
	t.center = 0
	return nil
}

// CallOffCenter calls the center bet off before the throw ("no bet"): the shooter
// and every fader get their stakes back.
func (t *Table) CallOffCenter() error {
	const op = "no bet"
	b := Bet{Kind: Center}
	if err := t.privateOnly(op, t.Shooter(), b); err != nil {
		return err
	}
	if !t.centerUp() {
		return t.refuse(op, t.Shooter(), b, ErrNoSuchBet, "no center bet before the throw")
	}
	t.noBet()
	return nil
}

// noBet returns the center bet's stakes, if it has not been thrown for.
func (t *Table) noBet() {
	if len(t.seats) > 0 {
		t.seats[t.shooter].bankroll += t.center
	}
	t.center = 0
	if t.point != 0 {
		return
	}
	t.callOffWhere(func(p *placed) bool { return p.bet.Kind == Center })
}

// involves reports whether the player in seat i is on bet p: its backer,
// or in the private game the player on its other side.
func (t *Table) involves(p *placed, i int) bool {
	return p.seat == i || t.rules.Private && p.opponent == i
}

// callOffPlayer calls off every bet between the player in seat i and
// another, and his center bet if he is the shooter, returning the stakes,
// and ends his claim on the next center bet: what his leaving does.
func (t *Table) callOffPlayer(i int) {
	if i == t.shooter {
		t.noBet()
	}
	t.callOffWhere(func(p *placed) bool { return t.involves(p, i) })
	if t.claimant == i+1 {
		t.claimant = 0
	}
}

// callOffWhere returns both stakes of every bet between players that f
// picks, and takes the bets off.
func (t *Table) callOffWhere(f func(p *placed) bool) int {
	kept, n := 0, 0
	for i := range t.bets {
		p := &t.bets[i]
		if f(p) {
			t.seats[p.seat].bankroll += p.amount
			t.seats[p.opponent].bankroll += p.cover
			n++
			continue
		}
		t.bets[kept] = *p
		kept++
	}
	t.bets = t.bets[:kept]
	return n
}

// Side makes a side bet between two players (the private-game rule book): player backs b,
// opponent takes the other side. Player stakes amount; opponent stakes
// what it wins at the agreed odds (the zero Ratio is even money): at 2:1
// a stake of 10 is covered by 20. The winner takes both stakes.
//
// The bets are [PassLine] ("right") and [DontPass] ("wrong") on the
// come-out; while a point is on, [Come], [DontCome] and [PointBet] (a
// Bet.Number of 0 means the point that is on); and at any time [Hardway],
// [NumberBet] (a total before a 7) and the propositions [Before] and
// [Within]. The other's stake must be a
// whole number of units; players must have the money.
func (t *Table) Side(player, opponent string, b Bet, amount Amount, odds Ratio) error {
	const op = "side"
	i, err := t.privateSeat(op, player, b)
	if err != nil {
		return err
	}
	j, err := t.seatOf(op, opponent, b)
	if err != nil {
		return err
	}
	r := &t.rules
	if b.Kind == PointBet && b.Number == 0 {
		b.Number = int(t.point)
	}
	if err := t.offered(op, player, b); err != nil {
		return err
	}
	if odds.IsZero() {
		odds = evenMoney
	}
	switch {
	case i == j:
		return t.refuse(op, player, b, ErrNotNow, "a side bet is between two players")
	case b.Kind == Center:
		return t.refuse(op, player, b, ErrNotOffered, "the center bet is made with center and fade")
	case (b.Kind == PassLine || b.Kind == DontPass) && t.point != 0:
		return t.refuse(op, player, b, ErrNotNow, "right and wrong bets are made on the come-out; the point is on: bet the point")
	case (b.Kind == Come || b.Kind == DontCome || b.Kind == PointBet) && t.point == 0:
		return t.refuse(op, player, b, ErrNotNow, "%v bets are made while a point is on", b.Kind)
	case (b.Kind == Come || b.Kind == DontCome) && b.Number != 0:
		return t.refuse(op, player, b, ErrNotNow, "a come bet starts on its own come-out")
	case b.Kind == PointBet && b.Number != int(t.point):
		return t.refuse(op, player, b, ErrNotNow, "the point is %d", t.point)
	case !odds.valid() || odds.Win == 0 || odds.Win > maxRatioTerm || odds.Stake > maxRatioTerm:
		return t.refuse(op, player, b, ErrSyntax, "odds %v: both terms from 1 to %d", odds, maxRatioTerm)
	}
	if err := t.stakeRefusal(op, player, b, amount, true); err != nil {
		return err
	}
	cover, ok := mulDiv(amount, odds.Win, odds.Stake)
	switch {
	case !ok || cover > MaxAmount:
		return t.refuse(op, opponent, b, ErrAmount, "at %v the other side of %d would be above %d", odds, amount, MaxAmount)
	case !exactCover(amount, cover, odds) || cover%r.unit() != 0:
		return t.refuse(op, opponent, b, ErrUnit, "at %v a stake of %d is not covered by a whole number of units", odds, amount)
	case amount > t.seats[i].bankroll:
		return t.refuse(op, player, b, ErrFunds, "the bet needs %d and the player has %d", amount, t.seats[i].bankroll)
	case cover > t.seats[j].bankroll:
		return t.refuse(op, opponent, b, ErrFunds, "the other side needs %d and the player has %d", cover, t.seats[j].bankroll)
	}
	t.seats[i].bankroll -= amount
	t.seats[j].bankroll -= cover
	state := b.start()
	if b.Kind == PassLine || b.Kind == DontPass {
		state.point = t.point
	}
	t.bets = append(t.bets, placed{seat: i, opponent: j, bet: b, amount: amount, cover: cover, state: state})
	return nil
}

// exactCover reports whether cover is exactly amount at odds, not
// rounded down: mulDiv rounds down, so going back recovers amount only
// if nothing was lost.
func exactCover(amount, cover Amount, odds Ratio) bool {
	back, ok := mulDiv(cover, odds.Stake, odds.Win)
	return ok && back == amount
}

// CallOff calls off a player's side bets on b, on either side, returning
// both stakes: a [NumberBet] at any time before its deciding throw, and a
// come or don't come bet that stood on its own number when the shooter
// made his point, until the next throw (otherwise it is carried into the
// next come-out). The private-game rule book gives no other bet that right. It returns how
// many bets were called off.
func (t *Table) CallOff(player string, b Bet) (int, error) {
	const op = "call off"
	i, err := t.privateSeat(op, player, b)
	if err != nil {
		return 0, err
	}
	mine := func(p *placed) bool { return p.bet == b && (p.seat == i || p.opponent == i) }
	callable := func(p *placed) bool { return mine(p) && (p.bet.Kind == NumberBet || p.carried) }
	found := false
	for k := range t.bets {
		found = found || mine(&t.bets[k])
	}
	if !found {
		return 0, t.refuse(op, player, b, ErrNoSuchBet, "the player has no such side bet")
	}
	if n := t.callOffWhere(callable); n > 0 {
		return n, nil
	}
	return 0, t.refuse(op, player, b, ErrContract, "only number bets, and come bets carried over a point made, may be called off")
}
