package craps

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/bits"
)

// tableJSON is the saved form of a Table.
type tableJSON struct {
	Rules      Rules        `json:"rules"`
	Point      int          `json:"point"`
	Shooter    string       `json:"shooter"`
	HandRolls  int          `json:"hand_rolls"`
	SinceSeven int          `json:"since_seven"`
	House      Amount       `json:"house"`
	Players    savedPlayers `json:"players"`
	Bets       []betJSON    `json:"bets"`
	// The private game's center stake not yet faded, and who may claim
	// the next center bet: saved while he holds the dice too, when
	// Table.ClaimedBy hides the claim until he passes them on.
	Center   Amount `json:"center,omitempty"`
	Claimant string `json:"claimant,omitempty"`
	// Changes of dice made, and one asked for the next come-out.
	DiceChanges     int  `json:"dice_changes,omitempty"`
	DiceChangeAsked bool `json:"dice_change_asked,omitempty"`
}

// savedPlayers is the players of a saved table, refused past MaxPlayers
// as they are read, before the rest are.
type savedPlayers []playerJSON

func (ps *savedPlayers) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		*ps = nil
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return errors.New("the players are not a list")
	}
	var out savedPlayers
	for dec.More() {
		if len(out) == MaxPlayers {
			return ErrNoSeat // UnmarshalJSON says why
		}
		var p playerJSON
		if err := dec.Decode(&p); err != nil {
			return err
		}
		out = append(out, p)
	}
	*ps = out
	return nil
}

type playerJSON struct {
	Name     string `json:"name"`
	Bankroll Amount `json:"bankroll"`
	Missed   uint16 `json:"missed,omitempty"` // counted throws with one die short of the backboard
	Aside    uint16 `json:"aside,omitempty"`  // counted throws thrown aside
	Barred   bool   `json:"barred,omitempty"`
}

type betJSON struct {
	Player     string `json:"player"`
	Bet        Bet    `json:"bet"`
	Amount     Amount `json:"amount"`
	Point      int    `json:"point"`          // the bet's own point (see betState)
	Made       uint16 `json:"made,omitempty"` // fire: points made; all/tall/small: totals rolled, one bit each; a count (see betState)
	Commission Amount `json:"commission,omitempty"`
	Working    Switch `json:"working,omitempty"` // 0 the rules' default, 1 on, 2 off
	// A bet between players: who is on its other side, his stake, and
	// whether it is a come bet carried over a point made.
	Opponent string `json:"opponent,omitempty"`
	Cover    Amount `json:"cover,omitempty"`
	Carried  bool   `json:"carried,omitempty"`
}

// MarshalJSON saves the table's whole state: rules, puck, shooter, players
// and every bet on the layout with its progress. UnmarshalJSON restores it
// and play continues exactly as it would have.
func (t *Table) MarshalJSON() ([]byte, error) {
	out := tableJSON{Rules: t.rules, Point: int(t.point), Shooter: t.Shooter(), HandRolls: t.handRolls,
		SinceSeven: t.sinceSeven, House: t.house, Players: savedPlayers{}, Bets: []betJSON{},
		Center: t.center, DiceChanges: t.diceChanges, DiceChangeAsked: t.diceChangeAsked}
	if t.claimant != 0 {
		out.Claimant = t.seats[t.claimant-1].name
	}
	for _, s := range t.seats {
		out.Players = append(out.Players, playerJSON{Name: s.name, Bankroll: s.bankroll,
			Missed: s.faults[OneDieMissed], Aside: s.faults[ThrownAside], Barred: s.barred})
	}
	for _, p := range t.bets {
		b := betJSON{Player: t.seats[p.seat].name, Bet: p.bet, Amount: p.amount,
			Point: int(p.state.point), Made: p.state.made, Commission: p.paid, Working: p.working}
		if t.rules.Private {
			b.Opponent, b.Cover, b.Carried = t.seats[p.opponent].name, p.cover, p.carried
		}
		out.Bets = append(out.Bets, b)
	}
	return json.Marshal(out)
}

// UnmarshalJSON restores a table saved by MarshalJSON. An encoding that is
// corrupt, truncated or describes an impossible table (an unknown bet, a
// negative amount, a puck or bet state that contradicts the others, odds
// above the limit, rules that do not validate, a house result in the
// private game, money past MaxBalance) is refused with an error wrapping ErrSyntax, ErrInvalidRules,
// ErrOverflow or another sentinel, and the table is left as it was; one
// with more than MaxPlayers players wraps ErrNoSeat, refused as the
// players past the bound are read. Its cost grows with the size of the
// table, not its square.
func (t *Table) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" { // as encoding/json does for null
		return nil
	}
	var in tableJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		if errors.Is(err, ErrNoSeat) {
			return t.refuse("restore", "", Bet{}, ErrNoSeat, "more than %d players", MaxPlayers)
		}
		return t.refuse("restore", "", Bet{}, ErrSyntax, "%v", err)
	}
	if dec.More() {
		return t.refuse("restore", "", Bet{}, ErrSyntax, "data after the table")
	}
	restored, err := restore(&in)
	if err != nil {
		return err
	}
	*t = *restored
	t.namesOf = t // restored's, which no one else holds
	return nil
}

// restore builds a table from its saved form, checking every invariant a
// table keeps.
func restore(in *tableJSON) (*Table, error) {
	t, err := NewTable(in.Rules)
	if err != nil {
		return nil, err
	}
	bad := func(sentinel error, format string, a ...any) (*Table, error) {
		return nil, t.refuse("restore", "", Bet{}, sentinel, format, a...)
	}
	r := &t.rules
	if in.Point != 0 && !r.isPoint(in.Point) {
		return bad(ErrSyntax, "point %d is not a point in this game", in.Point)
	}
	// Counts the game can reach: a point is set by a roll that is not a
	// 7 (in High Point craps the point 7 is set by the last roll, a 7).
	// The count since a 7 may exceed the hand's: dice passed without a 7
	// (PassDice) start a new hand and leave that count running.
	if in.HandRolls < 0 || in.SinceSeven < 0 || (in.Point != 0 && (in.SinceSeven == 0) != (in.Point == 7)) {
		return bad(ErrSyntax, "roll counts %d in the hand and %d since a 7 with the point %d", in.HandRolls, in.SinceSeven, in.Point)
	}
	if r.Private && in.House != 0 {
		return bad(ErrSyntax, "a house result of %d in the private game, which has no house", in.House)
	}
	t.point, t.handRolls, t.sinceSeven, t.house = int8(in.Point), in.HandRolls, in.SinceSeven, in.House
	seats := make(map[string]int, len(in.Players))
	seatOf := func(name string, b Bet) (int, error) {
		if i, ok := seats[name]; ok {
			return i, nil
		}
		return -1, t.refuse("restore", name, b, ErrUnknownPlayer, "no player %q at the table", name)
	}
	for _, p := range in.Players {
		if p.Name == "" {
			return bad(ErrUnknownPlayer, "a player needs a name")
		}
		if _, ok := seats[p.Name]; ok {
			return bad(ErrPlayerExists, "player %q is seated twice", p.Name)
		}
		if p.Bankroll < 0 {
			return bad(ErrAmount, "player %q has a negative bankroll", p.Name)
		}
		s := seat{name: p.Name, bankroll: p.Bankroll, barred: p.Barred}
		s.faults[OneDieMissed], s.faults[ThrownAside] = p.Missed, p.Aside
		seats[p.Name] = len(t.seats)
		t.seats = append(t.seats, s)
	}
	t.names, t.namesOf = seats, t
	if len(t.seats) > 0 || in.Shooter != "" {
		i, err := seatOf(in.Shooter, Bet{})
		if err != nil {
			return nil, err
		}
		if t.seats[i].barred {
			return bad(ErrSyntax, "the shooter %q is barred", in.Shooter)
		}
		t.shooter = i
	}
	if err := t.restorePrivate(in, seatOf); err != nil {
		return nil, err
	}
	unit := r.unit()
	type seatBet struct {
		seat int
		bet  Bet
	}
	made := make(map[seatBet]int, len(in.Bets)) // index in t.bets, at a casino table
	fading := make(map[int]bool)                // the players fading the center bet
	for _, b := range in.Bets {
		i, err := seatOf(b.Player, b.Bet)
		if err != nil {
			return nil, err
		}
		p := placed{seat: i, bet: b.Bet, amount: b.Amount, state: betState{point: int8(b.Point), made: b.Made},
			paid: b.Commission, working: b.Working, cover: b.Cover, carried: b.Carried}
		if err := r.Offers(b.Bet); err != nil {
			return bad(ErrNotOffered, "%s", errText(err))
		}
		if err := t.restoreBetween(&p, b.Opponent, seatOf, fading); err != nil {
			return nil, err
		}
		_, twice := made[seatBet{i, b.Bet}]
		switch {
		case b.Amount <= 0 || b.Amount > MaxAmount || b.Commission < 0:
			return bad(ErrAmount, "%v of %d (commission %d)", b.Bet, b.Amount, b.Commission)
		case b.Amount%unit != 0:
			return bad(ErrUnit, "%v of %d is not a whole number of units of %d", b.Bet, b.Amount, unit)
		case b.Working > SwitchOff || (b.Working != SwitchDefault && !switchable(b.Bet.Kind)):
			return bad(ErrSyntax, "%v cannot have working switch %v", b.Bet, b.Working)
		// A fade is any part of the center bet, which alone is held to the
		// limits (Table.Center).
		case b.Bet.Kind != Center && !withinLimits(r, b.Bet.Kind, b.Amount):
			return bad(ErrTableLimit, "%v of %d is outside the table's limits for it: %s", b.Bet, b.Amount, limitsText(r, b.Bet.Kind))
		case !r.Private && twice:
			return bad(ErrSyntax, "%v appears twice for %s", b.Bet, b.Player)
		case !t.consistent(&p) || !t.bind(&p):
			return bad(ErrSyntax, "%v for %s contradicts the point %d or its own state (point %d, made %#x)", b.Bet, b.Player, in.Point, b.Point, b.Made)
		}
		if !t.commissionConsistent(&p) {
			return bad(ErrSyntax, "%v of %d cannot have paid a commission of %d under these rules", b.Bet, b.Amount, b.Commission)
		}
		if !r.Private {
			made[seatBet{i, b.Bet}] = len(t.bets)
		}
		t.bets = append(t.bets, p)
	}
	// Odds need their line bet, within the limit; checked once every bet is in.
	for _, p := range t.bets {
		if !isOdds(p.bet.Kind) {
			continue
		}
		line, ok := made[seatBet{p.seat, lineUnder(p.bet)}]
		if !ok || !t.oddsWithin(p.bet, p.amount, t.bets[line].amount) {
			return bad(ErrOddsLimit, "%v for %s has no line bet under it or is above the limit", p.bet, t.seats[p.seat].name)
		}
	}
	if err := t.restoreMoney(); err != nil {
		return nil, err
	}
	return t, nil
}

// restoreMoney counts a restored table's money, and refuses it past
// MaxBalance (see there).
func (t *Table) restoreMoney() error {
	money := make([]Amount, 0, len(t.seats)+2*len(t.bets)+1)
	for _, s := range t.seats {
		money = append(money, s.bankroll)
	}
	for _, p := range t.bets {
		money = append(money, p.amount, p.cover)
	}
	players, ok := sumAmounts(append(money, t.center)...)
	if !ok || players > MaxBalance || t.house < -MaxBalance || t.house > MaxBalance-players {
		return t.refuse("restore", "", Bet{}, ErrOverflow, "the players' money and the house's result %d are not within %d", t.house, MaxBalance)
	}
	t.brought = players + t.house
	if t.rules.Private {
		return nil // no house pays out
	}
	exposure, _, ok := t.exactExposure()
	if !ok || !withinBalance(players, t.house, exposure) {
		return t.refuse("restore", "", Bet{}, ErrOverflow, "one roll could take the money at the table past %d", MaxBalance)
	}
	t.exposure = exposure
	return nil
}

// commissionConsistent reports whether the commission a bet has paid is
// one play can leave: none where nothing is charged up front; exactly the
// charge where it comes back with the bet when taken down (the second
// casino's rules); at least the charge where it is kept (a bet reduced
// since keeps what it paid).
func (t *Table) commissionConsistent(p *placed) bool {
	c := t.rules.commission(p.bet.Kind)
	if c == nil || !c.Timing.upfront() {
		return p.paid == 0
	}
	charge, err := t.rules.upfrontCharge(c, p.bet, p.amount)
	if err != nil {
		return false
	}
	if c.Timing.returnedOnTakeDown() {
		return p.paid == charge
	}
	return p.paid >= charge
}

// consistent reports whether a bet's state is one the game can reach with
// the puck where it is.
func (t *Table) consistent(p *placed) bool {
	b, s := p.bet, p.state
	switch b.Kind {
	case PassLine, DontPass:
		return s.point == t.point && s.made == 0
	case PassOdds, DontPassOdds:
		return t.point != 0 && b.Number == int(t.point) && s == b.start()
	case Come, DontCome:
		return s == b.start() && (b.Number != 0 || t.point != 0)
	case Fire:
		// Points made, or the point on, mean the shooter has rolled.
		const points = 1<<4 | 1<<5 | 1<<6 | 1<<8 | 1<<9 | 1<<10
		return s.point == t.point && s.made&^points == 0 && (s == betState{} || t.handRolls > 0)
	case RideTheLine, HotShooter, DifferentDoubles, BonusCraps:
		return t.consistentCount(p)
	case PointSeven, SevenPoint, SevenPointSeven, MuggsysCorner:
		return t.consistentSequence(p)
	case All, Tall, Small:
		// Some of the totals the bet needs, not all (it would have been
		// paid), and none before the last 7.
		p, _ := t.rules.allPaytable(b)
		need := totalsBits(p.Set)
		return s.point == 0 && s.made&^need == 0 && s.made != need && (s.made == 0 || t.sinceSeven > 0)
	case Repeater, RepeaterAny:
		// Fewer throws of its number than win it (a state its definition
		// reaches, for a bet on a set), none before the last 7.
		if b.Set != 0 {
			_, ok := t.automatonOf(&b).state(s)
			return ok && s.point == 0 && (s.made == 0 || t.sinceSeven > 0)
		}
		return s.point == int8(b.Number) && int(s.made) < repeats(b.Number) && (s.made == 0 || t.sinceSeven > 0)
	case Center:
		return s.point == t.point && s.made == 0
	case Within, Before:
		// Fewer throws than it runs, and a beginning of its sequence the
		// definition can be matching.
		_, ok := t.automatonOf(&b).state(s)
		return s.point == 0 && (b.Kind == Before || int(s.made&0xff) < int(b.Throws)) && ok
	}
	return s == b.start()
}

// consistentCount reports whether the state of a bet on a count is one
// its definition reaches, and one the game so far can have left: a bet on
// the hand follows the puck and has counted no more than the shooter's
// throws (the Hot Shooter exactly those, up to its top tier), Different
// Doubles no more doubles than throws since the last 7.
func (t *Table) consistentCount(p *placed) bool {
	s := p.state
	if _, ok := t.automatonOf(&p.bet).state(s); !ok {
		return false
	}
	n := p.bet.Kind.handCount().of(s)
	switch p.bet.Kind {
	case RideTheLine:
		return s.point == t.point && n <= t.handRolls && (s.point == 0 || t.handRolls > 0)
	case HotShooter:
		top := t.rules.handPaytable(HotShooter).top().From
		return s.point == t.point && n == min(t.handRolls, top)
	case DifferentDoubles:
		return n <= t.sinceSeven
	}
	return true
}

// consistentSequence reports whether a casino sequence bet's state is one
// its definition reaches with the puck where it is: after a point, on a
// point; after a 7, on a come-out.
func (t *Table) consistentSequence(p *placed) bool {
	s := p.state
	if _, ok := t.automatonOf(&p.bet).state(s); !ok {
		return false
	}
	if p.bet.Kind == MuggsysCorner {
		return s.point == t.point
	}
	matched := s.made >> 8 // the sequence's beginning the last throws match
	if matched == 0 {
		return true
	}
	last := t.rules.sequenceOf(p.bet.Kind).step(bits.Len16(matched) - 2)
	return (last == Totals(7)) == (t.point == 0) && t.handRolls > 0
}

// restorePrivate checks and restores the private game's records.
func (t *Table) restorePrivate(in *tableJSON, seatOf func(string, Bet) (int, error)) error {
	bad := func(format string, a ...any) error {
		return t.refuse("restore", "", Bet{}, ErrSyntax, format, a...)
	}
	switch {
	case in.Center < 0 || in.Center > MaxAmount:
		return t.refuse("restore", "", Bet{Kind: Center}, ErrAmount, "center stake %d", in.Center)
	case in.Center > 0 && (!t.rules.Private || t.point != 0 || len(t.seats) == 0):
		return bad("an unfaded center stake is held only at a private game's come-out")
	case in.Center%t.rules.unit() != 0:
		return t.refuse("restore", "", Bet{Kind: Center}, ErrUnit, "center stake %d", in.Center)
	case in.DiceChanges < 0 || (in.DiceChangeAsked && t.point == 0):
		return bad("dice changes %d, one asked %v with the point %d", in.DiceChanges, in.DiceChangeAsked, t.point)
	}
	t.center, t.diceChanges, t.diceChangeAsked = in.Center, in.DiceChanges, in.DiceChangeAsked
	if in.Claimant != "" {
		if !t.rules.FadeClaim {
			return bad("a claim on the center bet without the claim rule")
		}
		i, err := seatOf(in.Claimant, Bet{})
		if err != nil {
			return err
		}
		t.claimant = i + 1
	}
	return nil
}

// restoreBetween checks the other side of a restored bet: a player other
// than its backer in the private game, nobody at a casino table. fading
// holds the players fading the center bet so far.
func (t *Table) restoreBetween(p *placed, opponent string, seatOf func(string, Bet) (int, error), fading map[int]bool) error {
	bad := func(format string, a ...any) error {
		return t.refuse("restore", t.seats[p.seat].name, p.bet, ErrSyntax, format, a...)
	}
	if !t.rules.Private {
		if opponent != "" || p.cover != 0 || p.carried {
			return bad("a casino bet has no opponent, cover or carry-over")
		}
		return nil
	}
	j, err := seatOf(opponent, p.bet)
	if err != nil {
		return err
	}
	p.opponent = j
	moved := (p.bet.Kind == Come || p.bet.Kind == DontCome) && p.state.point != 0
	switch {
	case j == p.seat:
		return bad("a bet between players needs two")
	case p.cover <= 0 || p.cover > MaxAmount || p.cover%t.rules.unit() != 0:
		return t.refuse("restore", opponent, p.bet, ErrAmount, "cover %d", p.cover)
	case p.paid != 0 || p.working != SwitchDefault:
		return bad("a bet between players pays no commission and always works")
	case p.carried && (!moved || t.point != 0):
		return bad("only a come bet on its number after a point made is carried")
	// At a point the center bet may be a barred shooter's: the player
	// who took the dice from him finishes the hand (Table.BarShooter).
	case p.bet.Kind == Center && ((t.point == 0 && p.seat != t.shooter) || p.amount != p.cover):
		return bad("the center bet is the shooter's, faded at even money")
	}
	if p.bet.Kind == Center {
		if fading[j] {
			return bad("%s fades the center twice", opponent)
		}
		fading[j] = true
	}
	return nil
}
