package craps

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// BetKind is a kind of bet on the layout. The zero BetKind, NoBet, is no bet.
type BetKind uint8

// The bet kinds. Where a kind needs a number (Place 6, Come 9, Hard 8, Horn
// High 12) it is in Bet.Number; a hop's combination is in Bet.Hop.
const (
	NoBet        BetKind = iota
	PassLine             // 7, 11 win and 2, 3, 12 lose on the come-out; then the point before a 7. Pays 1:1.
	DontPass             // the reverse of the pass line, one craps total (the bar) a push. Pays 1:1.
	Come                 // a pass line bet made while a point is on; Number is its own point once it has moved.
	DontCome             // a don't pass bet made while a point is on; Number is its own point once it has moved.
	PassOdds             // odds taken behind the pass line, at true odds; Number is the point.
	DontPassOdds         // odds laid behind don't pass, at true odds; Number is the point.
	ComeOdds             // odds taken behind a come bet on Number.
	DontComeOdds         // odds laid behind a don't come bet on Number.
	Put                  // a pass line bet made straight onto Number while the point is on.
	PutOdds              // odds taken behind a put bet on Number.
	Place                // Number before a 7, at the place payout (7:6, 7:5, 9:5); stays up after a win.
	PlaceToLose          // a 7 before Number, at the second casino's payout (4:5, 5:8, 5:11).
	Buy                  // Number before a 7 at true odds, less a commission.
	Lay                  // a 7 before Number at true odds, less a commission.
	Big6                 // a 6 before a 7, at 1:1.
	Big8                 // an 8 before a 7, at 1:1.
	Field                // one roll: 2, 3, 4, 9, 10, 11 or 12 wins; 2 and 12 pay more.
	Hardway              // Number (4, 6, 8 or 10) thrown as a pair before the easy way or a 7.
	Any7                 // one roll: a 7.
	AnyCraps             // one roll: 2, 3 or 12.
	Aces                 // one roll: 2 (snake eyes).
	AceDeuce             // one roll: 3.
	Yo                   // one roll: 11.
	Boxcars              // one roll: 12 (midnight).
	Horn                 // one roll: 2, 3, 11 or 12, a quarter of the bet on each.
	HornHigh             // a horn bet of five units with two on Number (2, 3, 11 or 12).
	CAndE                // one roll: craps or 11, half the bet on each.
	World                // one roll: a horn bet plus any 7, a fifth of the bet on each (the whirl).
	Hop                  // one roll: the exact combination Bet.Hop, either order.
	Fire                 // the shooter makes four, five or all six different points before sevening out.
	All                  // every total 2 to 6 and 8 to 12 rolled before a 7; with Bet.Set, every total in it.
	Tall                 // every total 8 to 12 rolled before a 7.
	Small                // every total 2 to 6 rolled before a 7.
	Repeater             // Number (2 to 12, not 7) rolled its number of times before a 7: 2 twice, ..., 6 six times, 12 twice.
	ThreeWay             // one roll: 2, 3 or 12, a third of the bet on each (three-way craps).
	AllHardways          // a quarter of the bet on each hardway, placed as four Hard bets ("all the hardways").

	// Bets between players in the private game (the private-game rule book), at the odds the
	// two players agree; the house banks none of them.

	Center    // the shooter's stake at the come-out, faded by the others: the dice win (as the pass line) or lose.
	PointBet  // after the come-out, that the shooter makes his point, Number.
	NumberBet // Number (2 to 12, not 7) thrown before a 7.
	Before    // a throw in Bet.Set before one in Bet.Against.
	Within    // a throw in Bet.Set within Bet.Throws throws.

	// Bets on a count, settled by a paytable of Rules (HandPaytable), as
	// the fire bet is.

	RideTheLine      // paid by the pass line wins in the shooter's hand, come-out naturals included, at the seven-out.
	HotShooter       // paid by the throws in the shooter's hand, the seven-out included, at the seven-out.
	DifferentDoubles // paid by the different doubles (1-1 to 6-6) thrown before a 7, at the 7.
	BonusCraps       // the Bonus Craps progressive: paid by the different totals thrown before a 7 or a total thrown again.

	// Bets on a sequence of throws from the come-out, at the house's pays
	// (Rules.Sequences).

	PointSeven      // Point-7: the come-out sets a point and the next throw is a 7.
	SevenPoint      // 7-Point: a come-out 7, then a come-out that sets a point.
	SevenPointSeven // 7-Point-7: a come-out 7, a point, then a 7.
	MuggsysCorner   // a come-out 7, or a point and then a 7 at once, each at its own pay.

	// Repeater Bets Plus' bets on the repeaters' totals (Rules.RepeaterGroups).

	RepeaterAny // any total of Bet.Set thrown its repeater's number of times before a 7 (Updown, Downtown, ...).
	numKinds
)

var kindNames = [numKinds]string{
	"", "Pass Line", "Don't Pass", "Come", "Don't Come", "Pass Odds", "Don't Pass Odds",
	"Come Odds", "Don't Come Odds", "Put", "Put Odds", "Place", "Place to Lose", "Buy", "Lay",
	"Big 6", "Big 8", "Field", "Hard", "Any 7", "Any Craps", "Aces", "Ace-Deuce", "Yo",
	"Boxcars", "Horn", "Horn High", "C&E", "World", "Hop", "Fire Bet", "All", "Tall", "Small",
	"Repeater", "Three-Way Craps", "All Hardways",
	"Center", "Point", "Number", "Before", "Within",
	"Ride the Line", "Hot Shooter", "Different Doubles", "Bonus Craps",
	"Point-7", "7-Point", "7-Point-7", "Muggsy's Corner",
	"Repeater Any",
}

// String is the name a dealer says for the kind ("Place", "Hard", "C&E").
func (k BetKind) String() string {
	if k < numKinds && k != NoBet {
		return kindNames[k]
	}
	if k == NoBet {
		return "No Bet"
	}
	return "BetKind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText writes the kind's name, as String does.
func (k BetKind) MarshalText() ([]byte, error) {
	if k >= numKinds {
		return nil, fmt.Errorf("craps: %v is no kind of bet: %w", k, ErrSyntax)
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name as ParseBetKind does, and "No Bet".
func (k *BetKind) UnmarshalText(text []byte) error {
	if string(text) == NoBet.String() {
		*k = NoBet
		return nil
	}
	v, err := ParseBetKind(string(text))
	if err == nil {
		*k = v
	}
	return err
}

// numbered reports how a kind uses Bet.Number: not at all, optionally (a
// come bet before it moves, pass odds before the table fills in the point),
// or always.
func (k BetKind) numbered() (optional, required bool) {
	switch k {
	case Come, DontCome, PassOdds, DontPassOdds, PointBet:
		return true, false
	case ComeOdds, DontComeOdds, Put, PutOdds, Place, PlaceToLose, Buy, Lay, Hardway, HornHigh, NumberBet, Repeater:
		return false, true
	}
	return false, false
}

// Bet is one spot on the layout, or one wager between players: a kind,
// and the number, combination or throws it is on. It is a small comparable
// value: == compares bets and a Bet can key a map. Amounts are kept apart
// from the spot.
type Bet struct {
	Kind BetKind
	// Hop is the combination of a Hop bet, smaller face first; zero otherwise.
	Hop Dice
	// Throws is the number of throws a Within proposition runs, 1 to
	// MaxThrows (see Set), and 0 for every other kind. A byte, it shares
	// a word with Kind and Hop, so that a Bet is quick to compare and
	// copy.
	Throws uint8
	// Number is the point or box number of the bet where its kind needs one
	// (Place 6, Come 9, Hard 8, Horn High 12, Number 4), and 0 otherwise.
	Number int
	// Set, Against and Throws define a proposition between players: a
	// Before bet wins on a throw in Set before one in Against; a Within
	// bet wins on a throw in Set within Throws throws. Each set holds
	// both orders of every combination in it (the dice are alike). An
	// All bet with a Set is on every total in it before a 7, at the
	// paytable Rules.AllBets gives that set. They are zero for every
	// other kind.
	Set, Against OutcomeSet
	// Then makes a Before or Within proposition one on a sequence: a
	// throw in Set, then at once one in Then[0], then one in Then[1]
	// (unused entries zero, the first before the second), on consecutive
	// throws, before a throw in Against or within Throws throws. A
	// sequence from the very next throw is a Within bet whose Throws are
	// its length ("points then 7", a point and then a 7). Zero for every
	// other bet.
	Then [2]OutcomeSet
}

// MaxThrows is the most throws a Within proposition may run.
const MaxThrows = 100

// String is the name a dealer says for the bet: "Pass Line", "Place 6",
// "Don't Come 4", "Hard 8", "Horn High 12", "Hop 2-5", "All 6,8".
// ParseBet reads it back. A kind alone, which stands for every bet of the
// kind in a strategy, is its kind's name ("Place", "Hop", "Before"), as
// ParseBetKind reads it.
func (b Bet) String() string {
	name := b.Kind.String()
	switch {
	case b == Bet{Kind: b.Kind}:
		return name // not "Hop 0-0" nor " before ": those read as nothing
	case b.Kind == Hop:
		return name + " " + b.Hop.String()
	case b.Kind == RepeaterAny && repeaterGroupName(b.Set) != "":
		return repeaterGroupName(b.Set)
	case (b.Kind == All || b.Kind == Repeater || b.Kind == RepeaterAny) && b.Set != 0:
		return name + " " + b.Set.text()
	case b.Kind == Before:
		return b.sequenceText() + " before " + b.Against.text()
	case b.Kind == Within && int(b.Throws) == b.sequenceLen() && b.Then[0] != 0:
		return b.sequenceText()
	case b.Kind == Within:
		return b.sequenceText() + " within " + strconv.Itoa(int(b.Throws))
	case b.Number != 0:
		return name + " " + strconv.Itoa(b.Number)
	}
	return name
}

// MarshalText writes the bet's name.
func (b Bet) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText reads a bet's name as ParseBet does.
func (b *Bet) UnmarshalText(text []byte) error {
	v, err := ParseBet(string(text))
	if err != nil {
		return err
	}
	*b = v
	return nil
}

// betAliases maps the names players and dealers say, lower case, to a kind.
// A trailing number or combination is read separately.
var betAliases = map[string]BetKind{
	"pass": PassLine, "pass line": PassLine, "line": PassLine,
	"don't pass": DontPass, "dont pass": DontPass, "don't pass bar": DontPass, "don't": DontPass,
	"come": Come, "don't come": DontCome, "dont come": DontCome,
	"odds": PassOdds, "pass odds": PassOdds, "take odds": PassOdds,
	"lay odds": DontPassOdds, "don't pass odds": DontPassOdds, "dont pass odds": DontPassOdds,
	"come odds": ComeOdds, "don't come odds": DontComeOdds, "dont come odds": DontComeOdds,
	"put": Put, "put odds": PutOdds,
	"place": Place, "place to win": Place, "place to lose": PlaceToLose,
	"buy": Buy, "lay": Lay, "big 6": Big6, "big 8": Big8, "field": Field,
	"hard": Hardway, "hardway": Hardway, "hard way": Hardway,
	"any 7": Any7, "any seven": Any7, "big red": Any7,
	"any craps": AnyCraps, "craps": AnyCraps,
	"aces": Aces, "snake eyes": Aces, "2": Aces, "two": Aces,
	"ace-deuce": AceDeuce, "ace deuce": AceDeuce, "3": AceDeuce, "three": AceDeuce,
	"yo": Yo, "yo-leven": Yo, "11": Yo, "eleven": Yo,
	"boxcars": Boxcars, "midnight": Boxcars, "12": Boxcars, "twelve": Boxcars,
	"horn": Horn, "horn high": HornHigh, "c&e": CAndE, "c & e": CAndE, "ce": CAndE, "c and e": CAndE,
	"world": World, "whirl": World, "hop": Hop, "fire": Fire, "fire bet": Fire,
	"all": All, "tall": Tall, "small": Small, "repeater": Repeater, "repeat": Repeater,
	"three-way": ThreeWay, "three way": ThreeWay, "three-way craps": ThreeWay, "three way craps": ThreeWay,
	"3-way": ThreeWay, "3 way": ThreeWay, "3-way craps": ThreeWay,
	"all hardways": AllHardways, "all the hardways": AllHardways, "hardways": AllHardways,
	"center": Center, "center bet": Center, "right": PassLine, "wrong": DontPass,
	"point": PointBet, "number": NumberBet,
	"ride the line": RideTheLine, "ride line": RideTheLine, "hot shooter": HotShooter,
	"hot shooter jackpot": HotShooter, "different doubles": DifferentDoubles,
	"bonus craps": BonusCraps, "bonus craps progressive": BonusCraps,
	"point-7": PointSeven, "point-seven": PointSeven, "7-point": SevenPoint, "seven-point": SevenPoint,
	"7-point-7": SevenPointSeven, "seven-point-seven": SevenPointSeven,
	"muggsy's corner": MuggsysCorner, "muggsys corner": MuggsysCorner, "muggsy": MuggsysCorner,
	"repeater any": RepeaterAny,
}

// ParseBet reads a bet by the names a dealer or player says, in any case:
// "Pass Line" or "pass", "don't pass", "come", "odds" (behind the pass line),
// "odds 6" (behind the come bet on 6), "lay odds", "lay odds 6", "put 6",
// "place 6", "place to lose 4", "buy 4", "lay 10", "big 6", "field",
// "hard 8", "any 7", "any craps", "aces" (or "2"), "ace-deuce" ("3"),
// "yo" ("11"), "boxcars" ("12"), "horn", "horn high 12", "c&e", "world"
// (or "whirl"), "hop 2-5", "fire", "all", "tall", "small", "all 6,8" or
// "all of points" (every total in a set before a 7, the set as
// ParseOutcomeSet reads it), "repeater 4", "three-way craps", "all
// hardways", "ride the line", "hot shooter", "different doubles", "bonus
// craps", "point-7", "7-point", "7-point-7", "muggsy's corner", and every
// name Bet.String prints. The private game's wagers read "center",
// "right" (the pass line), "wrong" (don't pass), "point 6" (or "point",
// on the point that is on), "number 4", and propositions "<throws> before
// <throws>" and "<throws> within <n>", throws as ParseOutcomeSet reads
// them: "6,8 before 7", "3-3 within 3", "craps within 1"; the first
// throws may be a sequence of up to three, one right after the other,
// "<throws> then <throws>[ then <throws>]", and a sequence alone is one
// from the next throw: "points then 7", "6 then 6 before 7", "7 then
// points then 7". It returns an error wrapping ErrSyntax for anything
// else, including a number the kind does not take (place 7, hard 5).
func ParseBet(s string) (Bet, error) {
	text := strings.Join(strings.Fields(strings.ToLower(plainApostrophes(s))), " ")
	if b, ok, err := parseProposition(text); ok {
		if err != nil || !b.wellFormed() {
			return Bet{}, syntaxError("bet", s)
		}
		return b, nil
	}
	if set, ok := strings.CutPrefix(text, "all "); ok && betAliases[text] == NoBet {
		// "all 6,8", "all of points": every total in a set before a 7.
		b := Bet{Kind: All}
		var err error
		if b.Set, err = ParseOutcomeSet(strings.TrimPrefix(set, "of ")); err != nil || !b.wellFormed() {
			return Bet{}, syntaxError("bet", s)
		}
		return b, nil
	}
	if b, ok := parseRepeaterSet(text); ok {
		if !b.wellFormed() {
			return Bet{}, syntaxError("bet", s)
		}
		return b, nil
	}
	name, arg := text, ""
	if i := strings.LastIndexByte(text, ' '); i > 0 {
		if _, ok := betAliases[text]; !ok {
			name, arg = text[:i], text[i+1:]
		}
	}
	if strings.HasPrefix(text, "hop ") { // "hop 2-5", "hop 2 5"
		name, arg = "hop", text[len("hop "):]
	}
	kind, ok := betAliases[name]
	if !ok {
		return Bet{}, syntaxError("bet", s)
	}
	// "odds 6" and "lay odds 6" stand behind a come bet, not the pass line.
	if arg != "" && kind == PassOdds && name != "pass odds" {
		kind = ComeOdds
	}
	if arg != "" && kind == DontPassOdds && name == "lay odds" {
		kind = DontComeOdds
	}
	b := Bet{Kind: kind}
	if kind == Hop {
		d, err := ParseDice(arg)
		if err != nil {
			return Bet{}, syntaxError("bet", s)
		}
		b.Hop = Dice{min(d.A, d.B), max(d.A, d.B)}
	} else if arg != "" {
		n, err := strconv.Atoi(arg)
		if err != nil {
			return Bet{}, syntaxError("bet", s)
		}
		b.Number = n
	}
	if !b.wellFormed() {
		return Bet{}, syntaxError("bet", s)
	}
	return b, nil
}

// plainApostrophes writes a typographic apostrophe as the plain one, as
// bets and strategies are read: "don’t pass" is "don't pass".
func plainApostrophes(s string) string { return strings.ReplaceAll(s, "’", "'") }

// wellFormed reports whether the bet's number or combination is one its
// kind can take under some rules (place 2 exists in crapless craps; place 7
// nowhere).
func (b Bet) wellFormed() bool {
	optional, required := b.Kind.numbered()
	switch {
	case b.Kind == NoBet || b.Kind >= numKinds:
		return false
	case b.Kind == Hop:
		return b.Hop.Valid() && b.Hop.A <= b.Hop.B && b.Number == 0 && b.Set|b.Against == 0 && b.Throws == 0 &&
			b.Then == [2]OutcomeSet{}
	case b.Kind == Before:
		return b.Number == 0 && b.Hop == Dice{} && b.Throws == 0 && b.sequenceWellFormed() &&
			b.Against.proposable() && b.sequenceUnion()&b.Against == 0
	case b.Kind == Within:
		return b.Number == 0 && b.Hop == Dice{} && b.Against == 0 && b.sequenceWellFormed() &&
			b.Throws >= 1 && int(b.Throws) >= b.sequenceLen() && b.Throws <= MaxThrows
	case b.Kind == All && b.Set != 0 || b.Kind == Repeater && b.Set != 0 || b.Kind == RepeaterAny:
		return b.Number == 0 && b.Hop == Dice{} && b.Against == 0 && b.Throws == 0 && b.Set != 0 && wholeTotals(b.Set) &&
			b.Then == [2]OutcomeSet{}
	case b.Hop != Dice{} || b.Set|b.Against != 0 || b.Throws != 0 || b.Then != [2]OutcomeSet{}:
		return false
	case b.Number == 0:
		return !required
	case !optional && !required:
		return false
	case b.Kind == Hardway:
		return b.Number == 4 || b.Number == 6 || b.Number == 8 || b.Number == 10
	case b.Kind == HornHigh:
		return b.Number == 2 || b.Number == 3 || b.Number == 11 || b.Number == 12
	case b.Kind == PlaceToLose:
		return isBoxNumber(b.Number, false)
	case b.Kind == PointBet && b.Number == 7: // High Point craps' point
		return true
	}
	return isBoxNumber(b.Number, true)
}

// Points lists the totals that can be the point under r, smallest first:
// 4, 5, 6, 8, 9 and 10, in crapless craps 2, 3, 11 and 12 too, and in
// High Point craps 7.
func (r Rules) Points() []int {
	var out []int
	for n := 2; n <= 12; n++ {
		if r.isPoint(n) {
			out = append(out, n)
		}
	}
	return out
}

// boxNumbers lists the points of the game, smallest first.
func boxNumbers(r *Rules) []int {
	var out []int
	for n := 2; n <= 12; n++ {
		if isBoxNumber(n, r.Crapless) {
			out = append(out, n)
		}
	}
	return out
}

// isBoxNumber reports whether n can be a point: 4, 5, 6, 8, 9, 10, and in
// crapless craps 2, 3, 11 and 12 too.
func isBoxNumber(n int, crapless bool) bool {
	switch n {
	case 4, 5, 6, 8, 9, 10:
		return true
	case 2, 3, 11, 12:
		return crapless
	}
	return false
}

// verdict is what one roll decides for a bet.
type verdict uint8

const (
	stays  verdict = iota // no decision; the bet's state may have changed (a come bet moving)
	wins                  // paid at effect.pays, stake returned
	loses                 // the stake goes to the house (or the fader)
	pushes                // the stake is returned, nothing paid
)

// betState is what a bet remembers between rolls.
type betState struct {
	// point is the point the bet is playing: its own for a come bet, the
	// shooter's for pass, fire and the other bets on the hand, Number for
	// a place bet; 0 while the bet waits for its come-out.
	point int8
	// made holds one bit per total: for a fire bet the points made, for
	// all/tall/small and Bonus Craps the totals rolled, for Different
	// Doubles the faces of the doubles; or a count: a repeater's throws of
	// its number, Ride the Line's wins, the Hot Shooter's throws.
	made uint16
}

// effect is what one roll does to a bet: its verdict, the payout of a win,
// and the state a bet that stays moves to.
type effect struct {
	verdict verdict
	pays    Ratio
	next    betState
}

// start is the state of a bet when it is made.
func (b Bet) start() betState { return betState{point: int8(b.Number)} }

var evenMoney = Ratio{1, 1}

// Pays is the payout throw d wins bet b at under r with the puck on point
// (0 for a come-out), as the bet's definition gives it: 7:6 for a place 6
// on a 6, 2:1 for the field on a 2, even money for a pass line bet on a
// come-out 7 or on its point; for a bet made of Parts, the net of the whole
// bet (a horn pays 3:1 on an 11 at the standard 15:1, its other three
// quarters lost). It is the zero Ratio if d does not win the bet then: it
// loses, pushes or decides nothing. The bet is taken as it stands with the
// puck there: a line bet on the point, a come bet on its Number (in the
// come box without one), and a bet that counts the throws before it (the
// fire bet, all, tall and small, the repeaters) as just made, nothing
// counted yet. Whether the bet works on a come-out is not Pays's concern
// (Table.SetWorking). It returns an error wrapping ErrInvalidRules for
// rules that do not validate, ErrNotOffered for a bet the rules do not
// offer and for the private game, whose bets are paid at the odds the
// players agree, and ErrSyntax for a point that is not a point of the game
// or dice that are not a throw.
func (r Rules) Pays(b Bet, point int, d Dice) (Ratio, error) {
	if err := r.Validate(); err != nil {
		return Ratio{}, err
	}
	if r.Private {
		return Ratio{}, fmt.Errorf("craps: pays: %v: the private game pays every bet at the odds the players agree: %w", b, ErrNotOffered)
	}
	if err := r.Offers(b); err != nil {
		return Ratio{}, err
	}
	if point != 0 && !r.isPoint(point) {
		return Ratio{}, fmt.Errorf("craps: pays: %v: %d is not a point of the game: %w", b, point, ErrSyntax)
	}
	if !d.Valid() {
		return Ratio{}, fmt.Errorf("craps: pays: %v: dice %d-%d are not two faces from 1 to 6: %w", b, d.A, d.B, ErrSyntax)
	}
	s := b.start()
	switch b.Kind {
	case PassLine, DontPass, Fire: // they play the shooter's point
		s.point = int8(point)
	}
	if e := b.roll(&r, s, d); e.verdict == wins {
		return e.pays, nil
	}
	return Ratio{}, nil
}

// roll is the one definition of every bet: what the throw d does to bet b
// in state s under rules r. Live play (Table.Roll), exact analysis and
// simulation all read it; nothing else in the package knows which throws
// win. It assumes the bet is working; whether it works on a come-out is
// worksOnComeOut's concern.
func (b Bet) roll(r *Rules, s betState, d Dice) effect {
	if isSplit(b.Kind) {
		return r.split(d, b.parts())
	}
	t := d.Total()
	n := int(s.point)
	switch b.Kind {
	case PassLine, Come, Put:
		e := r.rightLine(s, t)
		if e.verdict == wins && s.point != 0 && d.Pair() && t >= 4 && t <= 10 && !r.HardPointPays.IsZero() {
			e.pays = r.HardPointPays // the point made the hard way
		}
		return e
	case DontPass, DontCome:
		return r.wrongLine(s, t)
	case PassOdds, ComeOdds, PutOdds, Buy:
		return before(t, n, 7, trueOdds(n), s)
	case DontPassOdds, DontComeOdds, Lay:
		return before(t, 7, n, layOdds(n), s)
	case Place:
		return before(t, n, 7, placePays(n), s)
	case PlaceToLose:
		return before(t, 7, n, placeToLosePays(n), s)
	case Big6:
		return before(t, 6, 7, evenMoney, s)
	case Big8:
		return before(t, 8, 7, evenMoney, s)
	case Hardway:
		switch {
		case t == b.Number && d.Pair():
			return effect{verdict: wins, pays: r.hardPays(t)}
		case t == b.Number || t == 7:
			return effect{verdict: loses}
		}
		return effect{next: s}
	case Field:
		return oneRoll(r.fieldTotals().Has(d), r.fieldPays(t))
	case Any7:
		return oneRoll(t == 7, r.Any7.or(Ratio{4, 1}))
	case AnyCraps:
		return oneRoll(CrapsNumbers.Has(d), r.AnyCraps.or(Ratio{7, 1}))
	case Aces, AceDeuce, Yo, Boxcars:
		return oneRoll(t == b.Kind.propTotal(), r.propPays(b.Kind))
	case Hop:
		return oneRoll(Combination(int(b.Hop.A), int(b.Hop.B)).Has(d), r.hopPays(b.Hop))
	case Fire, RideTheLine, HotShooter, DifferentDoubles, BonusCraps:
		return r.handBet(b, s, d)
	case All, Tall, Small:
		return r.allOf(b, s, t)
	case Repeater:
		if b.Set != 0 {
			return r.repeaterSet(b, s, t)
		}
		switch t {
		case 7:
			return effect{verdict: loses}
		case b.Number:
			if int(s.made)+1 >= repeats(b.Number) {
				return effect{verdict: wins, pays: r.repeaterPays(b.Number)}
			}
			s.made++
		}
		return effect{next: s}
	case RepeaterAny:
		return r.repeaterAny(b, s, t)
	case Center, PointBet:
		return r.rightLine(s, t)
	case NumberBet:
		return before(t, b.Number, 7, evenMoney, s)
	case Before, Within:
		return b.proposition(s, d)
	case PointSeven, SevenPoint, SevenPointSeven:
		e := r.sequenceOf(b.Kind).proposition(s, d)
		if e.verdict == wins {
			e.pays = r.sequencePays(b.Kind)
		}
		return e
	case MuggsysCorner:
		return r.muggsysCorner(s, d)
	}
	// AllHardways is not a bet that stands: a Table places it as four
	// hardway bets, and the analysis figures it from theirs.
	return effect{verdict: pushes} // not a bet: give the stake back
}

// propTotal is the total a single-number proposition is on.
func (k BetKind) propTotal() int {
	switch k {
	case Aces:
		return 2
	case AceDeuce:
		return 3
	case Yo:
		return 11
	case Boxcars:
		return 12
	}
	return 0
}

// before is a bet that wins when win is thrown before lose.
func before(t, win, lose int, pays Ratio, s betState) effect {
	switch t {
	case win:
		return effect{verdict: wins, pays: pays}
	case lose:
		return effect{verdict: loses}
	}
	return effect{next: s}
}

// parseProposition reads "<throws> before <throws>" and "<throws> within
// <n>", the first throws perhaps a sequence, "<throws> then <throws>[
// then <throws>]", and a sequence alone, from the next throw. ok reports
// whether text has one of those shapes at all.
func parseProposition(text string) (b Bet, ok bool, err error) {
	seq, rest := text, ""
	switch {
	case strings.Contains(text, " before "):
		b.Kind = Before
		seq, rest, _ = strings.Cut(text, " before ")
		b.Against, err = ParseOutcomeSet(rest)
	case strings.Contains(text, " within "):
		b.Kind = Within
		seq, rest, _ = strings.Cut(text, " within ")
		var throws int
		throws, err = strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(rest, " throws"), " throw"))
		if err == nil && (throws < 0 || throws > MaxThrows) {
			err = strconv.ErrRange
		}
		b.Throws = uint8(throws)
	case strings.Contains(text, " then "):
		b.Kind = Within
	default:
		return Bet{}, false, nil
	}
	steps := strings.Split(seq, " then ")
	if len(steps) > 1+len(b.Then) {
		return b, true, syntaxError("sequence", seq)
	}
	for i, step := range steps {
		set, e := ParseOutcomeSet(step)
		if err == nil {
			err = e
		}
		if i == 0 {
			b.Set = set
		} else {
			b.Then[i-1] = set
		}
	}
	if b.Kind == Within && rest == "" {
		b.Throws = uint8(len(steps))
	}
	return b, true, err
}

// oneRoll is a bet decided by the next throw.
func oneRoll(won bool, pays Ratio) effect {
	if won {
		return effect{verdict: wins, pays: pays}
	}
	return effect{verdict: loses}
}

// isNatural and isCraps classify a come-out total: in crapless craps only 7
// is a natural and nothing is craps, since 2, 3, 11 and 12 are points.
func (r *Rules) isNatural(t int) bool { return t == 7 || (t == 11 && !r.Crapless) }
func (r *Rules) isCraps(t int) bool {
	return !r.Crapless && (t == 2 || t == 3 || t == 12)
}

// comeOutPush reports whether come-out total t pushes the line bets
// (Rules.ComeOutPush).
func (r *Rules) comeOutPush(t int) bool {
	return r.ComeOutPush != 0 && r.ComeOutPush&Totals(t) != 0
}

// rightLine is the pass line: a come-out natural wins and craps loses, any
// other total becomes the point, which must repeat before a 7; a come-out
// total of Rules.ComeOutPush pushes.
func (r *Rules) rightLine(s betState, t int) effect {
	switch {
	case r.HighPoint:
		return highPoint(s, t, true)
	case s.point != 0:
		return before(t, int(s.point), 7, evenMoney, s)
	case r.comeOutPush(t):
		return effect{verdict: pushes}
	case r.isNatural(t):
		return effect{verdict: wins, pays: evenMoney}
	case r.isCraps(t):
		return effect{verdict: loses}
	}
	return effect{next: betState{point: int8(t)}}
}

// wrongLine is don't pass: the mirror of the pass line, except that the bar
// total pushes on the come-out, as the totals of Rules.ComeOutPush do.
func (r *Rules) wrongLine(s betState, t int) effect {
	switch {
	case r.HighPoint:
		return highPoint(s, t, false)
	case s.point != 0:
		return before(t, 7, int(s.point), evenMoney, s)
	case r.comeOutPush(t):
		return effect{verdict: pushes}
	case r.isNatural(t):
		return effect{verdict: loses}
	case t == r.bar():
		return effect{verdict: pushes}
	case r.isCraps(t):
		return effect{verdict: wins, pays: evenMoney}
	}
	return effect{next: betState{point: int8(t)}}
}

// highPoint is the line bet of High Point craps (Rules.HighPoint), the
// shooter's side when right and the other side when not: on the
// come-out 2 and 3 are thrown again, 11 and 12 win for the shooter, and
// any other total is the point, which the next throw decides, for the
// shooter if it is higher.
func highPoint(s betState, t int, right bool) effect {
	shooter := false
	switch {
	case s.point != 0:
		shooter = t > int(s.point)
	case t == 2 || t == 3:
		return effect{next: s}
	case t == 11 || t == 12:
		shooter = true
	default:
		return effect{next: betState{point: int8(t)}}
	}
	if shooter == right {
		return effect{verdict: wins, pays: evenMoney}
	}
	return effect{verdict: loses}
}

// isPoint reports whether n can be the shooter's point under r: a box
// number, and 7 in High Point craps.
func (r *Rules) isPoint(n int) bool { return isBoxNumber(n, r.Crapless) || (r.HighPoint && n == 7) }

// trueOdds is the fair payout on n before 7: the ways to throw 7 against
// the ways to throw n (2:1 on 4, 3:2 on 5, 6:5 on 6). layOdds is its reverse.
func trueOdds(n int) Ratio {
	if n < 2 || n > 12 || n == 7 {
		return Ratio{}
	}
	return trueOddsOf[n]
}

// trueOddsOf holds trueOdds for each total, in lowest terms, counted once
// from the throws themselves so that the hot path of a roll does no
// division.
var trueOddsOf = func() (odds [13]Ratio) {
	seven := int64(Totals(7).Ways())
	for n := 2; n <= 12; n++ {
		ways := int64(Totals(n).Ways())
		g := gcd(seven, ways)
		odds[n] = Ratio{seven / g, ways / g}
	}
	return odds
}()

func layOdds(n int) Ratio {
	t := trueOdds(n)
	return Ratio{t.Stake, t.Win}
}

// placePays is the place payout: 9:5 on 4 and 10, 7:5 on 5 and 9, 7:6 on
// 6 and 8 (the posted casino rules, the second casino's rules and the croupier trainer); crapless craps adds 11:2 on 2 and 12 and
// 11:4 on 3 and 11 (Wizard of Odds, "Crapless Craps").
func placePays(n int) Ratio {
	switch n {
	case 4, 10:
		return Ratio{9, 5}
	case 5, 9:
		return Ratio{7, 5}
	case 6, 8:
		return Ratio{7, 6}
	case 2, 12:
		return Ratio{11, 2}
	}
	return Ratio{11, 4}
}

// placeToLosePays is the second casino's payout against the number: 5:11 on 4 and
// 10, 5:8 on 5 and 9, 4:5 on 6 and 8.
func placeToLosePays(n int) Ratio {
	switch n {
	case 4, 10:
		return Ratio{5, 11}
	case 5, 9:
		return Ratio{5, 8}
	}
	return Ratio{4, 5}
}

// Parts lists the one-roll bets that a horn, horn high, C&E, world or
// three-way craps bet is made of, one entry for each equal share of its
// stake: a horn is Aces, Ace-Deuce, Yo and Boxcars, a quarter each; a horn
// high 12 lists Boxcars twice, for two of its five shares; a world adds
// Any 7 to the horn's four, a fifth each; C&E is Any Craps and Yo, half
// each; three-way craps is Aces, Ace-Deuce and Boxcars. A Table decides
// each part by its own definition and pays the net (Rules.Pays). Parts is
// nil for a bet of any other kind.
func (b Bet) Parts() []Bet {
	if !isSplit(b.Kind) {
		return nil
	}
	var out []Bet
	for _, p := range b.parts() {
		for range p.weight {
			out = append(out, Bet{Kind: p.kind})
		}
	}
	return out
}

// parts is how a horn, horn high, C&E, world or three-way craps bet is
// split over one-roll propositions: a horn is a quarter on each of 2, 3,
// 11 and 12; a horn high has two of its five units on its Number; C&E is
// half any craps, half 11; a world is a horn plus a fifth on any 7;
// three-way craps is a third on each of 2, 3 and 12. Unused parts have weight 0. It
// is an array, not a slice, so that resolving these bets allocates nothing.
func (b Bet) parts() [5]share {
	horn := [5]share{{Aces, 1}, {AceDeuce, 1}, {Yo, 1}, {Boxcars, 1}}
	switch b.Kind {
	case HornHigh:
		for i := range horn {
			if horn[i].kind.propTotal() == b.Number {
				horn[i].weight = 2
			}
		}
	case CAndE:
		return [5]share{{AnyCraps, 1}, {Yo, 1}}
	case ThreeWay:
		return [5]share{{Aces, 1}, {AceDeuce, 1}, {Boxcars, 1}}
	case World:
		horn[4] = share{Any7, 1}
	}
	return horn
}

// isSplit reports whether a bet of kind k is made of parts, each a
// one-roll bet of its own (parts): horn, horn high, C&E, world and
// three-way craps.
func isSplit(k BetKind) bool {
	switch k {
	case Horn, HornHigh, CAndE, World, ThreeWay:
		return true
	}
	return false
}

// share is one part of a bet split over several propositions, weight units
// of the whole.
type share struct {
	kind   BetKind
	weight int64
}

// split resolves a bet made of several one-roll propositions (horn, horn
// high, C&E, world, three-way craps): each part is decided by its own definition, and the
// bet's net is the sum of the parts' nets. A net of zero is a push, as the
// world bet on a 7. Validate refuses rules under which a part that wins
// would still leave the whole bet losing money.
func (r *Rules) split(d Dice, parts [5]share) effect {
	// The net per unit of the whole bet is num/(den*total).
	num, den, total := int64(0), int64(1), int64(0)
	for _, p := range parts {
		if p.weight == 0 {
			continue
		}
		total += p.weight
		if e := (Bet{Kind: p.kind}).roll(r, betState{}, d); e.verdict == wins {
			num = num*e.pays.Stake + p.weight*e.pays.Win*den
			den *= e.pays.Stake
		} else {
			num -= p.weight * den
		}
	}
	switch {
	case num > 0:
		den *= total
		g := gcd(num, den)
		return effect{verdict: wins, pays: Ratio{num / g, den / g}}
	case num == 0:
		return effect{verdict: pushes}
	}
	return effect{verdict: loses}
}

// allOf is an "all of a set before a 7" bet (all, tall, small, or All on
// a Set): it records every total thrown that the bet needs, wins as soon
// as they are all in, and loses on any 7, come-out or not, unless the
// paytable pays all but one of them then.
func (r *Rules) allOf(b Bet, s betState, t int) effect {
	p, _ := r.allPaytable(b)
	need := totalsBits(p.Set)
	if t == 7 {
		if !p.AllButOne.IsZero() && popcount(need&^s.made) == 1 {
			return effect{verdict: wins, pays: p.AllButOne}
		}
		return effect{verdict: loses}
	}
	made := s.made | 1<<t&need
	if made == need {
		return effect{verdict: wins, pays: p.Pays}
	}
	return effect{next: betState{made: made}}
}

// totalsBits is the totals a union of whole totals holds, one bit each.
func totalsBits(s OutcomeSet) uint16 {
	var bits uint16
	for n := 2; n <= 12; n++ {
		if s.Has(Dice{uint8(max(1, n-6)), uint8(n - max(1, n-6))}) {
			bits |= 1 << n
		}
	}
	return bits
}

// popcount is the number of totals a bet state records.
func popcount(made uint16) int { return bits.OnesCount16(made) }

// ParseBetKind reads the name of a kind of bet, without a number, in any
// case: every name BetKind.String prints ("Place to Lose", "Fire Bet"),
// the names ParseBet takes ("place", "fire", "c&e"), and either with
// hyphens for spaces ("place-to-lose"). Anything else is an error
// wrapping ErrSyntax.
func ParseBetKind(name string) (BetKind, error) {
	text := strings.ToLower(strings.TrimSpace(name))
	for _, s := range []string{text, strings.ReplaceAll(text, "-", " ")} {
		if k, ok := betAliases[s]; ok {
			return k, nil
		}
		for k := BetKind(1); k < numKinds; k++ {
			if strings.EqualFold(k.String(), s) {
				return k, nil
			}
		}
	}
	return NoBet, syntaxError("kind of bet", name)
}
