package drill

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/crapslab/craps"
)

// Level is how much of the game a trainer asks about, from single place
// bets to whole layouts with the center's propositions. The payout levels
// add to one another; the commission level asks only about buy and lay;
// the hand levels pay whole layouts.
type Level int

// The levels.
const (
	// LevelPlace asks what a place bet pays: place 4, 5, 6, 8, 9, 10, and
	// 2, 3, 11, 12 in crapless craps.
	LevelPlace Level = iota + 1
	// LevelLine adds the line and come bets, odds taken and laid, big 6
	// and 8, the field and place to lose.
	LevelLine
	// LevelCenter adds the hardways and the center's one-roll bets: any 7,
	// any craps, 2, 3, 11, 12, horn, horn high, C&E, world, three-way craps
	// and every hop.
	LevelCenter
	// LevelCommission asks about buy and lay bets: the vig, and what a win
	// pays.
	LevelCommission
	// LevelHand pays whole layouts, as the croupier trainer's worked
	// examples do: several players' line, come and don't come bets (moving
	// to their numbers), odds, place bets, the field, the hardways, any 7,
	// any craps and the single-number propositions, and one throw.
	LevelHand
	// LevelFull pays whole layouts with everything: it adds put bets,
	// buy, lay, big 6 and 8, place to lose, the horn splits, three-way
	// craps and hops.
	LevelFull
)

var levelNames = [...]string{"", "place", "line", "center", "commission", "hand", "full"}

// String is the level's name: "place", "line", "center", "commission",
// "hand" or "full".
func (l Level) String() string {
	if l >= LevelPlace && l <= LevelFull {
		return levelNames[l]
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// ParseLevel reads a level by its number, 1 to 6, or its name, in any
// case. Anything else is an error wrapping craps.ErrSyntax.
func ParseLevel(s string) (Level, error) {
	text := strings.ToLower(strings.TrimSpace(s))
	for l := LevelPlace; l <= LevelFull; l++ {
		if text == l.String() || text == strconv.Itoa(int(l)) {
			return l, nil
		}
	}
	return 0, syntaxError("drill level (1 to 6, or place, line, center, commission, hand, full)", s)
}

// syntaxError reports that text could not be read as what.
func syntaxError(what, text string) error { return &parseError{what: what, text: text} }

// parseError is the error of text that cannot be read; it wraps
// craps.ErrSyntax without repeating its words.
type parseError struct{ what, text string }

func (e *parseError) Error() string {
	return "drill: cannot read " + strconv.Quote(e.text) + " as " + e.what
}

func (e *parseError) Unwrap() error { return craps.ErrSyntax }

// MarshalText writes the level's name, and "" for the zero level (not
// set: Config reads it as LevelPlace). A level out of range is an error
// wrapping craps.ErrSyntax.
func (l Level) MarshalText() ([]byte, error) {
	switch {
	case l == 0:
		return []byte{}, nil
	case l < LevelPlace || l > LevelFull:
		return nil, fmt.Errorf("drill: write level %d: %w", int(l), craps.ErrSyntax)
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads a level as ParseLevel does, and "" as the zero
// level.
func (l *Level) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*l = 0
		return nil
	}
	v, err := ParseLevel(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// Kind is what a question asks for.
type Kind uint8

// The kinds of question.
const (
	// KindPayout asks what one winning bet pays.
	KindPayout Kind = iota
	// KindVig asks the vig on a buy or lay bet.
	KindVig
	// KindLayout asks what one throw pays on a whole layout: each bet,
	// and the total.
	KindLayout
)

var kindNames = [...]string{"payout", "vig", "layout"}

// String is the kind's name: "payout", "vig" or "layout".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText writes the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name; anything else is an error wrapping
// craps.ErrSyntax.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, name := range kindNames {
		if string(b) == name {
			*k = Kind(i)
			return nil
		}
	}
	return syntaxError("drill question kind", string(b))
}

// Question is one question of a dealer drill, with its answer and the
// explanation in the dealer's terms. Every figure in it comes from playing
// the layout on a craps.Table: the bets are placed, the throw rolled, and
// the Resolutions read.
type Question struct {
	Kind Kind `json:"kind"`
	// Point is the puck before the throw: 0 on a come-out.
	Point int        `json:"point"`
	Dice  craps.Dice `json:"dice"`
	// Setup are bets on the layout that a payout or vig question does not
	// ask about: the line bet under the odds.
	Setup []Wager `json:"setup,omitempty"`
	// Lines are the bets asked about, in the layout's order, each with its
	// answer and explanation. A payout or vig question has one.
	Lines []Line `json:"lines"`
	// Ask is the question in words, as a trainer asks it.
	Ask string `json:"ask"`
	// Answer is the right answer: the payout, the vig, or the total paid
	// on the layout.
	Answer craps.Amount `json:"answer"`
	// PointAfter is the puck after the throw.
	PointAfter int `json:"point_after"`
}

// Explanation is the worked answer: one line per bet, as the dealer says
// it, and for a layout the total paid and what the puck does.
func (q Question) Explanation() string {
	var b strings.Builder
	for _, l := range q.Lines {
		b.WriteString(l.Say)
		b.WriteString(".\n")
	}
	if q.Kind == KindLayout {
		fmt.Fprintf(&b, "Paid %d in all. %s.\n", q.Answer, puckText(q.Point, q.PointAfter, q.Dice))
	}
	return b.String()
}

// puckText says what a throw did to the puck.
func puckText(before, after int, d craps.Dice) string {
	switch {
	case before == 0 && after != 0:
		return fmt.Sprintf("The puck goes on at %d", after)
	case before == 0:
		return "The puck stays off: the next throw is a come-out"
	case after != 0:
		return fmt.Sprintf("The point stays %d", before)
	case d.Total() == before:
		return "The point is made: the puck comes off"
	}
	return "Seven-out: the puck comes off and the dice pass to the next shooter"
}

// NewLayout is the layout question of one throw d on a layout under r
// with the puck on point (0 for a come-out): what is paid on each bet,
// what is taken, what stays up or moves, and the total paid. The layout's
// bets are made on a craps.Table as a game would make them (line bets
// before the point, come bets thrown to their numbers, then the rest; pass
// odds may be given without a number), so a layout the table would not
// take is refused with the table's error, and one of more than MaxLayout
// bets with craps.ErrTableLimit. The fire bet and all, tall and small and
// the repeaters, which depend on the hand before the layout, are refused
// with craps.ErrNotOffered, as is the private game.
func NewLayout(r craps.Rules, point int, layout []Wager, d craps.Dice) (Question, error) {
	lines, after, err := playLayout(r, point, layout, d)
	if err != nil {
		return Question{}, err
	}
	q := Question{Kind: KindLayout, Point: point, Dice: d, Lines: lines, PointAfter: after}
	for _, l := range lines {
		q.Answer += l.Paid
	}
	q.Ask = fmt.Sprintf("%s. The shooter throws %v, %s. Pay the layout: each bet, and the total.",
		phaseText(point), d, callThrow(d))
	return q, nil
}

// phaseText names the puck: "Come-out" or "Point 6".
func phaseText(point int) string {
	if point == 0 {
		return "Come-out"
	}
	return "Point " + strconv.Itoa(point)
}

// Config says what a trainer asks.
type Config struct {
	// Rules are the table's; the zero Rules is the standard table.
	Rules craps.Rules `json:"rules"`
	// Level is what the questions cover; 0 means LevelPlace.
	Level Level `json:"level"`
	// Seed fixes the questions: the same configuration asks the same
	// questions in the same order on every machine.
	Seed uint64 `json:"seed"`
	// Breakage asks, now and then, for a stake whose payout is not a whole
	// number of the table's units (place 6 for 10), which the table rounds
	// down.
	Breakage bool `json:"breakage,omitempty"`
}

// Trainer is a seeded source of questions. It is for one goroutine at a
// time.
type Trainer struct {
	cfg    Config
	rules  craps.Rules // cfg.Rules as a drill plays them (drillRules)
	src    *rand.PCG
	points []int // the game's points
	// kinds are the kinds of bet the level asks about that the rules
	// offer, and bets every bet the rules offer, by kind.
	kinds []craps.BetKind
	bets  map[craps.BetKind][]craps.Bet
}

// The kinds each level asks about.
var (
	placeKinds  = []craps.BetKind{craps.Place}
	lineKinds   = []craps.BetKind{craps.PassLine, craps.DontPass, craps.Come, craps.DontCome, craps.PassOdds, craps.DontPassOdds, craps.Big6, craps.Big8, craps.Field, craps.PlaceToLose}
	centerKinds = []craps.BetKind{craps.Hardway, craps.Any7, craps.AnyCraps, craps.Aces, craps.AceDeuce, craps.Yo, craps.Boxcars, craps.Horn, craps.HornHigh, craps.CAndE, craps.World, craps.ThreeWay, craps.Hop}
	vigKinds    = []craps.BetKind{craps.Buy, craps.Lay}
	handKinds   = []craps.BetKind{craps.PassLine, craps.DontPass, craps.Come, craps.DontCome, craps.Place, craps.Field, craps.Hardway, craps.Any7, craps.AnyCraps, craps.Aces, craps.AceDeuce, craps.Yo, craps.Boxcars}
	fullKinds   = []craps.BetKind{craps.Put, craps.Buy, craps.Lay, craps.Big6, craps.Big8, craps.PlaceToLose, craps.Horn, craps.HornHigh, craps.CAndE, craps.World, craps.ThreeWay, craps.Hop}
)

// levelKinds is the kinds of bet level l asks about.
func levelKinds(l Level) []craps.BetKind {
	switch l {
	case LevelPlace:
		return placeKinds
	case LevelLine:
		return slices.Concat(placeKinds, lineKinds)
	case LevelCenter:
		return slices.Concat(placeKinds, lineKinds, centerKinds)
	case LevelCommission:
		return vigKinds
	case LevelHand:
		return handKinds
	}
	return slices.Concat(handKinds, fullKinds)
}

// New starts a trainer. It returns an error wrapping
// craps.ErrInvalidRules for rules that do not validate, craps.ErrSyntax
// for an unknown level, and craps.ErrNotOffered for the private game or
// rules that offer none of the level's bets.
func New(c Config) (*Trainer, error) {
	if c.Level == 0 {
		c.Level = LevelPlace
	}
	if c.Level < LevelPlace || c.Level > LevelFull {
		return nil, fmt.Errorf("drill: level %d: %w", c.Level, craps.ErrSyntax)
	}
	r, err := drillRules(c.Rules)
	if err != nil {
		return nil, err
	}
	d := &Trainer{cfg: c, rules: r, src: rand.NewPCG(c.Seed, stream+uint64(c.Level)),
		points: r.Points(), bets: map[craps.BetKind][]craps.Bet{}}
	for _, b := range r.Catalogue() {
		d.bets[b.Kind] = append(d.bets[b.Kind], b)
	}
	for _, k := range levelKinds(c.Level) {
		if len(d.bets[k]) > 0 {
			d.kinds = append(d.kinds, k)
		}
	}
	if len(d.kinds) == 0 {
		return nil, fmt.Errorf("drill: the rules offer none of the %v level's bets: %w", c.Level, craps.ErrNotOffered)
	}
	return d, nil
}

// stream is the first PCG stream of a trainer's draws, one for each
// level, fixed so that a seed always asks the same questions.
const stream = 0x64726931 // "dri1"

// Config returns the trainer's configuration, with the level filled in.
func (d *Trainer) Config() Config { return d.cfg }

// intn draws a number from 0 to n-1, each equally likely, from the
// trainer's own stream, by Lemire's multiply-and-reject method (the one
// craps.Throw draws by, so that the stream of a seed stays as it was when
// the trainer was part of package craps).
func (d *Trainer) intn(n int) int {
	for {
		hi, lo := bits.Mul64(d.src.Uint64(), uint64(n))
		if lo >= -uint64(n)%uint64(n) {
			return int(hi)
		}
	}
}

// pick draws one element of xs.
func pick[T any](d *Trainer, xs []T) T { return xs[d.intn(len(xs))] }

// Next returns the trainer's next question. A question the rules make
// impossible (a stake above the table maximum, say) is drawn again; after
// many such draws Next gives up with an error wrapping craps.ErrNotOffered.
func (d *Trainer) Next() (Question, error) {
	for range 200 {
		var q Question
		var err error
		switch d.cfg.Level {
		case LevelHand, LevelFull:
			q, err = d.hand()
		default:
			q, err = d.single()
		}
		if err == nil {
			return q, nil
		}
	}
	return Question{}, fmt.Errorf("drill: no %v question fits these rules: %w", d.cfg.Level, craps.ErrNotOffered)
}

// errNoQuestion makes a draw start again.
var errNoQuestion = fmt.Errorf("drill: draw again: %w", craps.ErrNotOffered)

// playerNames are the names of the players at a trainer's table.
var playerNames = []string{"Ann", "Bob", "Cy"}

// single draws a payout or vig question on one bet.
func (d *Trainer) single() (Question, error) {
	r := d.rules
	b := pick(d, d.bets[pick(d, d.kinds)])
	_, isOdds := b.LineUnder()
	point := 0
	if d.intn(4) > 0 || isOdds {
		point = pick(d, d.points)
	}
	var setup []Wager
	player := playerNames[0]
	switch b.Kind {
	case craps.PassOdds, craps.DontPassOdds:
		point = b.Number
		line := Wager{Player: player}
		line.Bet, _ = b.LineUnder()
		var err error
		if line.Amount, err = d.stake(line.Bet); err != nil {
			return Question{}, err
		}
		setup = append(setup, line)
	}
	asked := Wager{Player: player, Bet: b}
	var err error
	if isOdds {
		asked.Amount, err = d.oddsStake(point, setup, b)
	} else {
		asked.Amount, err = d.stake(b)
	}
	if err != nil {
		return Question{}, err
	}
	layout := append(slices.Clone(setup), asked)
	// The throw is one the bet wins, found by playing each of the 36.
	var winning []craps.Dice
	for _, dice := range craps.AllDice() {
		lines, _, err := playLayout(r, point, layout, dice)
		if err != nil {
			return Question{}, err
		}
		if lines[len(lines)-1].Outcome == craps.OutcomeWon {
			winning = append(winning, dice)
		}
	}
	if len(winning) == 0 {
		return Question{}, errNoQuestion
	}
	dice := pick(d, winning)
	lines, after, err := playLayout(r, point, layout, dice)
	if err != nil {
		return Question{}, err
	}
	line := lines[len(lines)-1]
	q := Question{Kind: KindPayout, Point: point, Dice: dice, Setup: setup,
		Lines: []Line{line}, Answer: line.Paid, PointAfter: after}
	what := "What does it pay?"
	if d.cfg.Level == LevelCommission && d.intn(2) == 0 {
		q.Kind, q.Answer, what = KindVig, line.Commission, "What is the vig?"
		c, _, _ := r.CommissionOn(b, asked.Amount)
		q.Lines[0].Say = fmt.Sprintf("%v for %d: the vig is %s", b, asked.Amount,
			sayVig(r, b, asked.Amount, line.Commission)) + vigWhen(c.Timing) + ".\n" + line.Say
	}
	behind := ""
	if len(setup) > 0 {
		behind = fmt.Sprintf(" behind %v %d", setup[0].Bet, setup[0].Amount)
	}
	q.Ask = fmt.Sprintf("%s. %v for %d%s. The shooter throws %v, %s. %s",
		phaseText(point), b, asked.Amount, behind, dice, callThrow(dice), what)
	return q, nil
}

// vigWhen says when a commission is taken.
func vigWhen(t craps.CommissionTiming) string {
	switch t {
	case craps.CommissionOnWinOnly:
		return ", taken from the win"
	case craps.CommissionUpfrontReturned:
		return ", paid with the bet and given back if it loses"
	}
	return ", paid with the bet"
}

// multiples are the multiples of a whole stake a trainer bets: mostly
// one to six, sometimes ten or twenty.
var multiples = []craps.Amount{1, 1, 2, 2, 3, 4, 5, 6, 10, 20}

// stake draws an amount for bet b: a multiple of its whole stake, at least
// a table unit of 5 for bets on the layout and 1 for the center's, or now
// and then, when the trainer asks for breakage, an amount that is not.
func (d *Trainer) stake(b craps.Bet) (craps.Amount, error) {
	r := d.rules
	u := unit(r)
	least := 5 * u
	if isCenter(b.Kind) {
		least = u
	}
	base, err := r.WholeStake(b, least)
	if err != nil {
		return 0, err
	}
	s := base * pick(d, multiples)
	if d.cfg.Breakage && b.Parts() == nil && d.intn(3) == 0 {
		// Any whole number of units short of the next whole stake
		// breaks, if the bet's payouts can break at all.
		if step, err := r.WholeStep(b); err == nil && step > u && step < craps.MaxAmount {
			s += u * craps.Amount(1+d.intn(int(step/u)-1))
		}
	}
	if _, most := r.StakeLimits(b); most != 0 && s > most {
		s = base
	}
	return s, nil
}

// unit is the table's smallest chip: Rules.Unit, whose 0 means 1.
func unit(r craps.Rules) craps.Amount { return max(r.Unit, 1) }

// isCenter reports whether a bet of kind k is in the center of the layout,
// where the stakes are small.
func isCenter(k craps.BetKind) bool { return slices.Contains(centerKinds, k) }

// oddsStake draws an amount of odds b behind the setup's line bet with
// the puck on point.
func (d *Trainer) oddsStake(point int, setup []Wager, b craps.Bet) (craps.Amount, error) {
	t, _, err := setUpLayout(d.rules, point, setup)
	if err != nil {
		return 0, err
	}
	if s, ok := d.oddsOn(t, setup[len(setup)-1].Player, b); ok {
		return s, nil
	}
	return 0, errNoQuestion
}

// oddsOn draws an amount of odds b for player at table t: a multiple of
// the odds' whole stake of at least 5 units, up to the most the table
// takes behind the line bet; ok is false if that is less.
func (d *Trainer) oddsOn(t *craps.Table, player string, b craps.Bet) (craps.Amount, bool) {
	r := d.rules
	u := unit(r)
	base, err := r.WholeStake(b, 5*u)
	most := mostTaken(t, u, player, b)
	if err != nil || most < base {
		return 0, false
	}
	s := base * craps.Amount(1+d.intn(int(min(most/base, 10))))
	if d.cfg.Breakage && s+u <= most && d.intn(3) == 0 {
		s += u
	}
	return s, true
}

// mostTaken is the largest whole number of units u the table takes on bet
// b for player as the layout stands (the full odds behind a line bet), 0 if
// it takes none. The table's own limits decide, so it follows every odds
// rule the table plays.
func mostTaken(t *craps.Table, u craps.Amount, player string, b craps.Bet) craps.Amount {
	takes := func(n craps.Amount) bool { return t.Clone().Place(player, b, n*u) == nil }
	lo, hi := craps.Amount(0), craps.Amount(1)
	for takes(hi) {
		lo, hi = hi, 2*hi
		if hi*u > craps.MaxAmount {
			break
		}
	}
	for hi-lo > 1 {
		if mid := lo + (hi-lo)/2; takes(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo * u
}

// leastBets is the fewest bets on a drawn layout.
const leastBets = 3

// hand draws a layout question: one to three players, each with one or
// two bets the level covers (and odds behind some), three bets at least,
// the puck on or off, and a throw that pays or moves at least one of them.
func (d *Trainer) hand() (Question, error) {
	r := d.rules
	point := 0
	if d.intn(4) > 0 {
		point = pick(d, d.points)
	}
	var layout []Wager
	players := playerNames[:1+d.intn(len(playerNames))]
	add := func(p string) {
		for _, b := range d.handBets(p, point, layout) {
			grown := append(slices.Clone(layout), b)
			if _, _, err := setUpLayout(r, point, grown); err == nil {
				layout = grown
			}
		}
	}
	for _, p := range players {
		for range 1 + d.intn(2) {
			add(p)
		}
	}
	for range 20 { // a layout of at least three bets, as the trainer's examples are
		if len(layout) >= leastBets {
			break
		}
		add(pick(d, players))
	}
	if len(layout) < leastBets {
		return Question{}, errNoQuestion
	}
	for range 10 {
		q, err := NewLayout(r, point, layout, craps.Throw(d.src))
		if err != nil {
			return Question{}, err
		}
		for _, l := range q.Lines {
			if l.Outcome == craps.OutcomeWon || l.Outcome == craps.OutcomeMoved {
				return q, nil
			}
		}
	}
	return Question{}, errNoQuestion
}

// handBets draws one bet for player, with the odds behind it for a line or
// come bet now and then.
func (d *Trainer) handBets(player string, point int, layout []Wager) []Wager {
	r := d.rules
	k := pick(d, d.kinds)
	b := pick(d, d.bets[k])
	switch k {
	case craps.Come, craps.DontCome:
		if point != 0 && d.intn(2) == 0 { // already on a number
			b.Number = pick(d, d.points)
		}
	case craps.Put:
		if point == 0 {
			return nil
		}
	}
	amount, err := d.stake(b)
	if err != nil {
		return nil
	}
	out := []Wager{{Player: player, Bet: b, Amount: amount}}
	odds, ok := b.OddsBehind(point)
	if !ok || d.intn(2) == 0 || r.Offers(odds) != nil {
		return out
	}
	t, _, err := setUpLayout(r, point, append(slices.Clone(layout), out...))
	if err != nil {
		return out
	}
	if amount, ok := d.oddsOn(t, player, odds); ok {
		out = append(out, Wager{Player: player, Bet: odds, Amount: amount})
	}
	return out
}
