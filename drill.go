package craps

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// DrillLevel is how much of the game a drill asks about, from single place
// bets to whole layouts with the center's propositions. The payout levels
// add to one another; the commission level asks only about buy and lay;
// the hand levels pay whole layouts.
type DrillLevel int

// The drill levels.
const (
	// DrillLevelPlace asks what a place bet pays: place 4, 5, 6, 8, 9, 10, and
	// 2, 3, 11, 12 in crapless craps.
	DrillLevelPlace DrillLevel = iota + 1
	// DrillLevelLine adds the line and come bets, odds taken and laid, big 6
	// and 8, the field and place to lose.
	DrillLevelLine
	// DrillLevelCenter adds the hardways and the center's one-roll bets: any 7,
	// any craps, 2, 3, 11, 12, horn, horn high, C&E, world, three-way craps
	// and every hop.
	DrillLevelCenter
	// DrillLevelCommission asks about buy and lay bets: the vig, and what a win
	// pays.
	DrillLevelCommission
	// DrillLevelHand pays whole layouts, as the croupier trainer's worked
	// examples do: several players' line, come and don't come bets (moving
	// to their numbers), odds, place bets, the field, the hardways, any 7,
	// any craps and the single-number propositions, and one throw.
	DrillLevelHand
	// DrillLevelFull pays whole layouts with everything: it adds put bets,
	// buy, lay, big 6 and 8, place to lose, the horn splits, three-way
	// craps and hops.
	DrillLevelFull
)

var drillLevelNames = [...]string{"", "place", "line", "center", "commission", "hand", "full"}

// String is the level's name: "place", "line", "center", "commission",
// "hand" or "full".
func (l DrillLevel) String() string {
	if l >= DrillLevelPlace && l <= DrillLevelFull {
		return drillLevelNames[l]
	}
	return "DrillLevel(" + strconv.Itoa(int(l)) + ")"
}

// ParseDrillLevel reads a level by its number, 1 to 6, or its name, in any
// case. Anything else is an error wrapping ErrSyntax.
func ParseDrillLevel(s string) (DrillLevel, error) {
	text := strings.ToLower(strings.TrimSpace(s))
	for l := DrillLevelPlace; l <= DrillLevelFull; l++ {
		if text == l.String() || text == strconv.Itoa(int(l)) {
			return l, nil
		}
	}
	return 0, syntaxError("drill level (1 to 6, or place, line, center, commission, hand, full)", s)
}

// MarshalText writes the level's name, and "" for the zero level (not
// set: DrillConfig reads it as DrillLevelPlace). A level out of range is
// an error wrapping ErrSyntax.
func (l DrillLevel) MarshalText() ([]byte, error) {
	switch {
	case l == 0:
		return []byte{}, nil
	case l < DrillLevelPlace || l > DrillLevelFull:
		return nil, fmt.Errorf("craps: write drill level %d: %w", int(l), ErrSyntax)
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads a level as ParseDrillLevel does, and "" as the zero
// level.
func (l *DrillLevel) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*l = 0
		return nil
	}
	v, err := ParseDrillLevel(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// DrillKind is what a drill question asks for.
type DrillKind uint8

// The kinds of drill question.
const (
	// DrillKindPayout asks what one winning bet pays.
	DrillKindPayout DrillKind = iota
	// DrillKindVig asks the vig on a buy or lay bet.
	DrillKindVig
	// DrillKindLayout asks what one throw pays on a whole layout: each bet,
	// and the total.
	DrillKindLayout
)

var drillKindNames = [...]string{"payout", "vig", "layout"}

// String is the kind's name: "payout", "vig" or "layout".
func (k DrillKind) String() string {
	if int(k) < len(drillKindNames) {
		return drillKindNames[k]
	}
	return "DrillKind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText writes the kind's name.
func (k DrillKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *DrillKind) UnmarshalText(b []byte) error {
	for i, name := range drillKindNames {
		if string(b) == name {
			*k = DrillKind(i)
			return nil
		}
	}
	return syntaxError("drill question kind", string(b))
}

// DrillQuestion is one question of a dealer drill, with its answer and the
// explanation in the dealer's terms. Every figure in it comes from playing
// the layout on a Table: the bets are placed, the throw rolled, and the
// Resolutions read.
type DrillQuestion struct {
	Kind DrillKind `json:"kind"`
	// Point is the puck before the throw: 0 on a come-out.
	Point int  `json:"point"`
	Dice  Dice `json:"dice"`
	// Setup are bets on the layout that a payout or vig question does not
	// ask about: the line bet under the odds.
	Setup []DrillBet `json:"setup,omitempty"`
	// Lines are the bets asked about, in the layout's order, each with its
	// answer and explanation. A payout or vig question has one.
	Lines []DrillLine `json:"lines"`
	// Ask is the question in words, as a trainer asks it.
	Ask string `json:"ask"`
	// Answer is the right answer: the payout, the vig, or the total paid
	// on the layout.
	Answer Amount `json:"answer"`
	// PointAfter is the puck after the throw.
	PointAfter int `json:"point_after"`
}

// Explanation is the worked answer: one line per bet, as the dealer says
// it, and for a layout the total paid and what the puck does.
func (q DrillQuestion) Explanation() string {
	var b strings.Builder
	for _, l := range q.Lines {
		b.WriteString(l.Say)
		b.WriteString(".\n")
	}
	if q.Kind == DrillKindLayout {
		fmt.Fprintf(&b, "Paid %d in all. %s.\n", q.Answer, puckText(q.Point, q.PointAfter, q.Dice))
	}
	return b.String()
}

// puckText says what a throw did to the puck.
func puckText(before, after int, d Dice) string {
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

// NewDrillLayout is the layout question of one throw d on a layout under r
// with the puck on point (0 for a come-out): what is paid on each bet,
// what is taken, what stays up or moves, and the total paid. The layout's
// bets are made on a Table as a game would make them (line bets before the
// point, come bets thrown to their numbers, then the rest; pass odds may
// be given without a number), so a layout the table would not take is
// refused with the table's error. The fire bet and all, tall and small,
// which depend on the hand before the layout, are refused with
// ErrNotOffered, as is the private game.
func NewDrillLayout(r Rules, point int, layout []DrillBet, d Dice) (DrillQuestion, error) {
	lines, after, err := playLayout(r, point, layout, d)
	if err != nil {
		return DrillQuestion{}, err
	}
	q := DrillQuestion{Kind: DrillKindLayout, Point: point, Dice: d, Lines: lines, PointAfter: after}
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

// WholeStake is the smallest stake of at least least that the rules take on
// bet b and that pays a whole number of the table's units on every throw it
// wins, with every part whole for a bet made of parts (horn, C&E, world,
// three-way craps, all the hardways) and an exact vig for a buy or lay bet:
// the amounts a dealer is drilled on, like the croupier trainer's "place 6
// for 12, 5 for 10". It is held to the limits Table.Place holds the bet to
// (Minimum and Maximum, or the kind's Limits; odds only to theirs), but not
// to what the layout allows, such as the odds behind a line bet. It returns
// an error wrapping ErrNotOffered for a bet the rules do not offer,
// ErrTableLimit if the stake would be above the most the table takes on
// the bet, and ErrOverflow if it does not fit in an Amount.
func (r Rules) WholeStake(b Bet, least Amount) (Amount, error) {
	if err := r.Validate(); err != nil {
		return 0, err
	}
	if err := r.Offers(b); err != nil {
		return 0, err
	}
	lo, most := r.stakeLimits(b)
	least = max(least, lo, 1)
	step, ok := r.wholeStep(b)
	if !ok || least > MaxAmount {
		return 0, fmt.Errorf("craps: whole stake on %v: %w", b, ErrOverflow)
	}
	s, fits := mul64((int64(least)+step-1)/step, step)
	switch {
	case !fits || s > int64(MaxAmount):
		return 0, fmt.Errorf("craps: whole stake on %v: %w", b, ErrOverflow)
	case most != 0 && Amount(s) > most:
		return 0, fmt.Errorf("craps: whole stake on %v: %d is above the table's most on it, %d: %w", b, s, most, ErrTableLimit)
	}
	return Amount(s), nil
}

// wholeStep is what every whole stake on bet b is a multiple of (see
// WholeStake), and whether it fits in an int64.
func (r *Rules) wholeStep(b Bet) (int64, bool) {
	unit := r.unit()
	// Each condition asks the stake to be a multiple of some modulus; the
	// stake is a multiple of their least common multiple, step.
	step, ok := int64(unit), true
	need := func(m int64) {
		if ok {
			step, ok = lcm(step, m)
		}
	}
	// A payout p on stake s is a whole number of units when s is a
	// multiple of whole(p).
	whole := func(p Ratio) int64 {
		g := gcd(p.Win, p.Stake)
		win, stake := p.Win/g, p.Stake/g
		m, fits := mul64(stake, int64(unit)/gcd(win, int64(unit)))
		ok = ok && fits
		return m
	}
	if isSplit(b.Kind) {
		// Each part's stake, the share times its weight, is a whole
		// number of units and pays one on every throw it wins.
		var total int64
		for _, p := range b.parts() {
			if p.weight == 0 {
				continue
			}
			total += p.weight
			for _, pays := range winningRatios(r, Bet{Kind: p.kind}) {
				m, fits := lcm(whole(pays), int64(unit))
				ok = ok && fits
				need(m / gcd(m, p.weight))
			}
		}
		if ok {
			step, ok = mul64(step, total)
		}
	} else if b.Kind == AllHardways {
		// Table.Place splits it into equal hardway bets, each whole.
		for _, h := range hardways {
			m, fits := r.wholeStep(h)
			ok = ok && fits
			need(m)
		}
		if ok {
			step, ok = mul64(step, int64(len(hardways)))
		}
	} else {
		for _, pays := range winningRatios(r, b) {
			need(whole(pays))
		}
	}
	if c := r.commission(b.Kind); c != nil {
		// The vig is a rate of the stake, or of the win.
		rate, base := c.rate(), Ratio{1, 1}
		if c.onWin(b.Kind) {
			base = b.pays()
		}
		if rate.Win != 0 {
			need(whole(Ratio{rate.Win * base.Win, rate.Stake * base.Stake}))
		}
	}
	return step, ok
}

// mul64 is a*b, and whether it fits in an int64, for a, b >= 0.
func mul64(a, b int64) (int64, bool) {
	p, ok := mulDiv(Amount(a), b, 1)
	return int64(p), ok
}

// lcm is the least common multiple of a and b (both positive), and
// whether it fits in an int64.
func lcm(a, b int64) (int64, bool) { return mul64(a/gcd(a, b), b) }

// winningRatios lists every payout bet b's definition makes under r, in any
// state the bet can reach.
func winningRatios(r *Rules, b Bet) []Ratio {
	var out []Ratio
	for _, row := range compile(r, b).steps {
		for _, s := range row {
			if s.verdict == wins && !slices.Contains(out, s.pays) {
				out = append(out, s.pays)
			}
		}
	}
	return out
}

// DrillConfig says what a drill asks.
type DrillConfig struct {
	// Rules are the table's; the zero Rules is the Standard table.
	Rules Rules `json:"rules"`
	// Level is what the questions cover; 0 means DrillLevelPlace.
	Level DrillLevel `json:"level"`
	// Seed fixes the questions: the same configuration asks the same
	// questions in the same order on every machine.
	Seed uint64 `json:"seed"`
	// Breakage asks, now and then, for a stake whose payout is not a whole
	// number of the table's units (place 6 for 10), which the table rounds
	// down.
	Breakage bool `json:"breakage,omitempty"`
}

// Drill is a seeded source of drill questions. It is for one goroutine at
// a time.
type Drill struct {
	cfg   DrillConfig
	rules Rules // cfg.Rules as a drill plays them (drillRules)
	src   *rand.PCG
	// kinds are the kinds of bet the level asks about that the rules
	// offer, and bets every bet the rules offer, by kind.
	kinds []BetKind
	bets  map[BetKind][]Bet
}

// The kinds each level asks about.
var (
	drillPlaceKinds  = []BetKind{Place}
	drillLineKinds   = []BetKind{PassLine, DontPass, Come, DontCome, PassOdds, DontPassOdds, Big6, Big8, Field, PlaceToLose}
	drillCenterKinds = []BetKind{Hardway, Any7, AnyCraps, Aces, AceDeuce, Yo, Boxcars, Horn, HornHigh, CAndE, World, ThreeWay, Hop}
	drillVigKinds    = []BetKind{Buy, Lay}
	drillHandKinds   = []BetKind{PassLine, DontPass, Come, DontCome, Place, Field, Hardway, Any7, AnyCraps, Aces, AceDeuce, Yo, Boxcars}
	drillFullKinds   = []BetKind{Put, Buy, Lay, Big6, Big8, PlaceToLose, Horn, HornHigh, CAndE, World, ThreeWay, Hop}
)

// levelKinds is the kinds of bet level l asks about.
func levelKinds(l DrillLevel) []BetKind {
	switch l {
	case DrillLevelPlace:
		return drillPlaceKinds
	case DrillLevelLine:
		return slices.Concat(drillPlaceKinds, drillLineKinds)
	case DrillLevelCenter:
		return slices.Concat(drillPlaceKinds, drillLineKinds, drillCenterKinds)
	case DrillLevelCommission:
		return drillVigKinds
	case DrillLevelHand:
		return drillHandKinds
	}
	return slices.Concat(drillHandKinds, drillFullKinds)
}

// NewDrill starts a drill. It returns an error wrapping ErrInvalidRules
// for rules that do not validate, ErrSyntax for an unknown level, and
// ErrNotOffered for the private game or rules that offer none of the
// level's bets.
func NewDrill(c DrillConfig) (*Drill, error) {
	if c.Level == 0 {
		c.Level = DrillLevelPlace
	}
	if c.Level < DrillLevelPlace || c.Level > DrillLevelFull {
		return nil, fmt.Errorf("craps: drill: level %d: %w", c.Level, ErrSyntax)
	}
	r, err := drillRules(c.Rules)
	if err != nil {
		return nil, err
	}
	d := &Drill{cfg: c, rules: r, src: rand.NewPCG(c.Seed, drillStream+uint64(c.Level)), bets: map[BetKind][]Bet{}}
	for _, b := range r.Catalogue() {
		d.bets[b.Kind] = append(d.bets[b.Kind], b)
	}
	for _, k := range levelKinds(c.Level) {
		if len(d.bets[k]) > 0 {
			d.kinds = append(d.kinds, k)
		}
	}
	if len(d.kinds) == 0 {
		return nil, fmt.Errorf("craps: drill: the rules offer none of the %v level's bets: %w", c.Level, ErrNotOffered)
	}
	return d, nil
}

// drillStream is the first PCG stream of a drill's draws, one for each
// level, fixed so that a seed always asks the same questions.
const drillStream = 0x64726931 // "dri1"

// Config returns the drill's configuration, with the level filled in.
func (d *Drill) Config() DrillConfig { return d.cfg }

// intn draws a number from 0 to n-1, each equally likely, from the
// drill's own stream.
func (d *Drill) intn(n int) int {
	for {
		if v, ok := below(d.src.Uint64(), uint64(n)); ok {
			return int(v)
		}
	}
}

// pick draws one element of xs.
func pick[T any](d *Drill, xs []T) T { return xs[d.intn(len(xs))] }

// Next returns the drill's next question. A question the rules make
// impossible (a stake above the table maximum, say) is drawn again; after
// many such draws Next gives up with an error wrapping ErrNotOffered.
func (d *Drill) Next() (DrillQuestion, error) {
	for range 200 {
		var q DrillQuestion
		var err error
		switch d.cfg.Level {
		case DrillLevelHand, DrillLevelFull:
			q, err = d.hand()
		default:
			q, err = d.single()
		}
		if err == nil {
			return q, nil
		}
	}
	return DrillQuestion{}, fmt.Errorf("craps: drill: no %v question fits these rules: %w", d.cfg.Level, ErrNotOffered)
}

// errNoQuestion makes a draw start again.
var errNoQuestion = fmt.Errorf("craps: drill: draw again: %w", ErrNotOffered)

// drillPlayers are the names of the players at a drill's table.
var drillPlayers = []string{"Ann", "Bob", "Cy"}

// single draws a payout or vig question on one bet.
func (d *Drill) single() (DrillQuestion, error) {
	r := d.rules
	b := pick(d, d.bets[pick(d, d.kinds)])
	points := boxNumbers(&r)
	point := 0
	if d.intn(4) > 0 || isOdds(b.Kind) {
		point = pick(d, points)
	}
	var setup []DrillBet
	player := drillPlayers[0]
	switch b.Kind {
	case PassOdds, DontPassOdds:
		point = b.Number
		line := DrillBet{Player: player, Bet: lineUnder(b)}
		var err error
		if line.Amount, err = d.stake(line.Bet); err != nil {
			return DrillQuestion{}, err
		}
		setup = append(setup, line)
	}
	asked := DrillBet{Player: player, Bet: b}
	var err error
	if isOdds(b.Kind) {
		asked.Amount, err = d.oddsStake(point, setup, b)
	} else {
		asked.Amount, err = d.stake(b)
	}
	if err != nil {
		return DrillQuestion{}, err
	}
	layout := append(slices.Clone(setup), asked)
	// The throw is one the bet wins, found by playing each of the 36.
	var winning []Dice
	for _, dice := range AllDice() {
		lines, _, err := playLayout(r, point, layout, dice)
		if err != nil {
			return DrillQuestion{}, err
		}
		if lines[len(lines)-1].Outcome == OutcomeWon {
			winning = append(winning, dice)
		}
	}
	if len(winning) == 0 {
		return DrillQuestion{}, errNoQuestion
	}
	dice := pick(d, winning)
	lines, after, err := playLayout(r, point, layout, dice)
	if err != nil {
		return DrillQuestion{}, err
	}
	line := lines[len(lines)-1]
	q := DrillQuestion{Kind: DrillKindPayout, Point: point, Dice: dice, Setup: setup,
		Lines: []DrillLine{line}, Answer: line.Paid, PointAfter: after}
	what := "What does it pay?"
	if d.cfg.Level == DrillLevelCommission && d.intn(2) == 0 {
		q.Kind, q.Answer, what = DrillKindVig, line.Commission, "What is the vig?"
		c := r.commission(b.Kind)
		q.Lines[0].Say = fmt.Sprintf("%v for %d: the vig is %s", b, asked.Amount,
			r.sayVig(c, b, asked.Amount, line.Commission)) + vigWhen(c.Timing) + ".\n" + line.Say
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
func vigWhen(t CommissionTiming) string {
	switch {
	case !t.upfront():
		return ", taken from the win"
	case !t.keptOnLoss():
		return ", paid with the bet and given back if it loses"
	}
	return ", paid with the bet"
}

// boxNumbers lists the points of the game.
func boxNumbers(r *Rules) []int {
	var out []int
	for n := 2; n <= 12; n++ {
		if isBoxNumber(n, r.Crapless) {
			out = append(out, n)
		}
	}
	return out
}

// drillMultiples are the multiples of a whole stake a drill bets: mostly
// one to six, sometimes ten or twenty.
var drillMultiples = []Amount{1, 1, 2, 2, 3, 4, 5, 6, 10, 20}

// stake draws an amount for bet b: a multiple of its whole stake, at least
// a table unit of 5 for bets on the layout and 1 for the center's, or now
// and then, when the drill asks for breakage, an amount that is not.
func (d *Drill) stake(b Bet) (Amount, error) {
	r := d.rules
	least := 5 * r.unit()
	if isCenter(b.Kind) {
		least = r.unit()
	}
	base, err := r.WholeStake(b, least)
	if err != nil {
		return 0, err
	}
	s := base * pick(d, drillMultiples)
	if d.cfg.Breakage && !isSplit(b.Kind) && d.intn(3) == 0 {
		// Any whole number of units short of the next whole stake
		// breaks, if the bet's payouts can break at all.
		if step, ok := r.wholeStep(b); ok && step > int64(r.unit()) && step < int64(MaxAmount) {
			s += r.unit() * Amount(1+d.intn(int(step/int64(r.unit()))-1))
		}
	}
	if _, most := r.stakeLimits(b); most != 0 && s > most {
		s = base
	}
	return s, nil
}

// isCenter reports whether a bet of kind k is in the center of the layout,
// where the stakes are small.
func isCenter(k BetKind) bool { return slices.Contains(drillCenterKinds, k) }

// oddsStake draws an amount of odds b behind the setup's line bet with
// the puck on point.
func (d *Drill) oddsStake(point int, setup []DrillBet, b Bet) (Amount, error) {
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
func (d *Drill) oddsOn(t *Table, player string, b Bet) (Amount, bool) {
	r := d.rules
	base, err := r.WholeStake(b, 5*r.unit())
	most := mostTaken(t, player, b)
	if err != nil || most < base {
		return 0, false
	}
	s := base * Amount(1+d.intn(int(min(most/base, 10))))
	if d.cfg.Breakage && s+r.unit() <= most && d.intn(3) == 0 {
		s += r.unit()
	}
	return s, true
}

// mostTaken is the largest whole number of units the table takes on bet b
// for player as the layout stands (the full odds behind a line bet), 0 if
// it takes none. The table's own limits decide, so it follows every odds
// rule the table plays.
func mostTaken(t *Table, player string, b Bet) Amount {
	unit := t.rules.unit()
	takes := func(n Amount) bool { return t.Clone().Place(player, b, n*unit) == nil }
	lo, hi := Amount(0), Amount(1)
	for takes(hi) {
		lo, hi = hi, 2*hi
		if hi*unit > MaxAmount {
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
	return lo * unit
}

// drillLeastBets is the fewest bets on a drawn layout.
const drillLeastBets = 3

// hand draws a layout question: one to three players, each with one or
// two bets the level covers (and odds behind some), three bets at least,
// the puck on or off, and a throw that pays or moves at least one of them.
func (d *Drill) hand() (DrillQuestion, error) {
	r := d.rules
	point := 0
	if d.intn(4) > 0 {
		point = pick(d, boxNumbers(&r))
	}
	var layout []DrillBet
	players := drillPlayers[:1+d.intn(len(drillPlayers))]
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
		if len(layout) >= drillLeastBets {
			break
		}
		add(pick(d, players))
	}
	if len(layout) < drillLeastBets {
		return DrillQuestion{}, errNoQuestion
	}
	for range 10 {
		q, err := NewDrillLayout(r, point, layout, Throw(d.src))
		if err != nil {
			return DrillQuestion{}, err
		}
		for _, l := range q.Lines {
			if l.Outcome == OutcomeWon || l.Outcome == OutcomeMoved {
				return q, nil
			}
		}
	}
	return DrillQuestion{}, errNoQuestion
}

// handBets draws one bet for player, with the odds behind it for a line or
// come bet now and then.
func (d *Drill) handBets(player string, point int, layout []DrillBet) []DrillBet {
	r := d.rules
	k := pick(d, d.kinds)
	b := pick(d, d.bets[k])
	switch k {
	case Come, DontCome:
		if point != 0 && d.intn(2) == 0 { // already on a number
			b.Number = pick(d, boxNumbers(&r))
		}
	case Put:
		if point == 0 {
			return nil
		}
	}
	amount, err := d.stake(b)
	if err != nil {
		return nil
	}
	out := []DrillBet{{Player: player, Bet: b, Amount: amount}}
	odds, ok := oddsBehind(b, int8(point))
	if !ok || d.intn(2) == 0 || r.Offers(odds) != nil {
		return out
	}
	t, _, err := setUpLayout(r, point, append(slices.Clone(layout), out...))
	if err != nil {
		return out
	}
	if amount, ok := d.oddsOn(t, player, odds); ok {
		out = append(out, DrillBet{Player: player, Bet: odds, Amount: amount})
	}
	return out
}
