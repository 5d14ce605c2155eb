package craps

import (
	"fmt"
	"math/big"
	"strings"
)

// Rules are a table's house rules. It is a plain comparable value: a Rules
// can key a map and %+v prints it. == compares the fields as written, so
// a zero field and the default it stands for (Bar 0 and Bar 12, the zero
// Odds and 3-4-5x) play alike but are not ==.
// Every field's zero value is the rule of the table of the posted casino
// rules and the croupier trainer (the posted rules are a shorter copy of
// the trainer's, which say they were checked against wizardofodds.com),
// so the zero Rules plays exactly that table; [Standard] names it.
// Validate reports rules that contradict themselves or hold values out of
// range.
type Rules struct {
	// Crapless: 2, 3, 11 and 12 are points too. Only 7 wins on the
	// come-out, nothing loses, and the don't bets are not offered.
	Crapless bool
	// HighPoint is High Point craps (HighPointCraps): on the come-out 2
	// and 3 decide nothing and are thrown again, 11 and 12 win, and any
	// other total, 7 included, is the point; the next throw decides it,
	// winning if it is higher than the point and losing if it is not.
	// The shooter's hand ends on a point lost. Don't pass is the mirror,
	// with no total barred.
	HighPoint bool
	// Bar is the come-out total on which don't pass and don't come push:
	// 12 (0 means 12, the posted casino rules and the croupier trainer), 2
	// (the second casino's rules), or NoBar, which only the private game
	// plays: at a casino it would give the don't bettor the edge.
	Bar int

	// ComeOutPush is the come-out totals, of 2, 3, 11 and 12, on which
	// the line bets (pass, don't pass, come, don't come) push instead of
	// winning or losing: Rock 'n Roll Dice's 11 and 12. Zero: none but
	// the don't bets' bar.
	ComeOutPush OutcomeSet
	// HardPointPays pays a pass line, come or put bet whose point of 4,
	// 6, 8 or 10 is made as a pair (the hard way): Rock 'n Roll Dice's
	// 6:5. Zero: even money, as any other point made.
	HardPointPays Ratio

	// Field is the field: the totals it holds and what each pays. The
	// zero FieldPaytable is the usual field, 2, 3, 4, 9, 10, 11 and 12,
	// paying 2:1 on 2, 3:1 on 12 and 1:1 on the rest.
	Field FieldPaytable
	// Hard4 pays hard 4 and hard 10 (zero: 7:1); Hard6 pays hard 6 and
	// hard 8 (zero: 9:1).
	Hard4, Hard6 Ratio
	// Any7 and AnyCraps pay the one-roll 7 and craps bets; zero means 4:1
	// and 7:1.
	Any7, AnyCraps Ratio
	// Two, Three, Eleven and Twelve pay the one-roll bets on aces,
	// ace-deuce, yo and boxcars; zero means 30:1, 15:1, 15:1 and 30:1.
	// Horn, horn high, C&E, world and three-way craps bets are paid as
	// these bets together.
	Two, Three, Eleven, Twelve Ratio
	// EasyHop and HardHop pay a hop on two different faces and on a pair;
	// zero means 15:1 and 30:1.
	EasyHop, HardHop Ratio
	// PropsFor1 prints the default payouts of 2, 3, 11, 12 and the hops
	// "for 1", which includes the stake: 30 for 1 pays 29:1, 15 for 1
	// pays 14:1 (the croupier trainer). It changes only the payouts left
	// at zero: a payout set in Two, Three, Eleven, Twelve, EasyHop or
	// HardHop is what the table pays (write Ratio.For, or "30 for 1" to
	// ParseRatio, for a payout printed "for"), so a "for" payout is never
	// converted twice. Any 7 and any craps are not affected: a "for 1"
	// layout prints them 5 for 1 and 8 for 1, the same money.
	PropsFor1 bool

	// Odds is the most odds a player may take behind a pass, come or put
	// bet, as a multiple of it by point; the zero OddsLimit is 3-4-5x.
	Odds OddsLimit
	// LayOdds is the most odds a player may lay behind a don't pass or
	// don't come bet, by point, read as Lay says; the zero OddsLimit
	// means Odds' multiples, so that the two sides follow one limit.
	LayOdds OddsLimit
	// Lay says whether the lay multiples are of what the laid odds win
	// (the zero LayToWinMultiple: on a 3-4-5x table, 6x the bet on every
	// point) or of the stake laid (LayStakeMultiple).
	Lay LayLimit

	// BuyCommission and LayCommission are the charges on buy and lay bets;
	// the zero Commission is 5% of the buy bet or of the lay's win, taken
	// when the bet is made. A commission is never more than the bet wins:
	// a larger charge (a minimum on a small bet, say) is cut to the win,
	// so a winning bet never costs the player money.
	BuyCommission, LayCommission Commission
	// BuyOn is the numbers the table buys, as whole totals (Totals(4,
	// 10)), each a point of the game; zero means every point.
	BuyOn OutcomeSet

	// Unit is the smallest chip the table pays, in money units; payouts
	// are rounded down to it and the remainder reported as breakage.
	// 0 means 1.
	Unit Amount
	// Minimum and Maximum limit the amount of each bet; 0 means no limit.
	// Odds are limited by Odds and LayOdds instead. Limits changes them
	// for some kinds of bet.
	Minimum, Maximum Amount
	// Limits sets the least and the most for some kinds of bet in place
	// of Minimum and Maximum (hardways and hops at most 100, buy and lay
	// at least 20), and a maximum in money for odds. Unused entries are
	// zero; a kind may be in one entry only.
	Limits [6]KindLimit

	// ComeOut says which bets work on a come-out roll.
	ComeOut ComeOutWorking
	// StayUp says which winning bets stay on the layout, their win paid,
	// and which come down with it.
	StayUp StayUpAfterWin
	// LineBetsRemovable lets a player reduce or take down a pass or come
	// bet after its point is set, as the second casino's rules say (the posted
	// casino rules and the croupier trainer forbid it). A player who always does so gains 1/9 of every pass
	// bet; EdgeTable shows the cost. Don't bets may always be reduced or
	// taken down, never raised.
	LineBetsRemovable bool
	// LatePassLine says whether a pass line bet may be made after the
	// point is set, on that point. By default it may where the table
	// takes put bets or lets pass bets be taken down; SwitchOff refuses it
	// even where put bets are taken, SwitchOn allows it always.
	LatePassLine Switch
	// NotOffered lists the kinds of bet the table does not take. The don't
	// bets and the fire bet are never offered in crapless craps, nor odds
	// behind a line bet the table does not take.
	NotOffered KindSet

	// Fire is the fire bet's paytable. FirePaysAtSixthPoint pays a fire
	// bet the moment the shooter makes his sixth different point, and the
	// bet ends; otherwise it is settled at the seven-out, as the fire
	// bet's rules say. The edge is the same; the bet is decided sooner.
	Fire                 FirePaytable
	FirePaysAtSixthPoint bool
	// ATS is all, tall and small's paytable: the "all of a set before a
	// 7" bets on 2 to 6 and 8 to 12, 8 to 12, and 2 to 6.
	ATS ATSPaytable
	// AllBets are the table's other "all of a set before a 7" bets, each
	// a set of totals and its paytable (6 and 8 before 7; every point
	// before 7); a bet is made as Bet{Kind: All, Set: set}. The sets of
	// all, tall and small are paid by ATS, not here, unless with a tier
	// for all but one (the Hot Hand). Unused entries are zero.
	AllBets [4]AllPaytable
	// Repeater is the repeater bets' paytable.
	Repeater RepeaterPaytable
	// RepeaterSets and RepeaterGroups are the table's other bets on the
	// repeaters' totals (Repeater Bets Plus): a Repeater bet on a set of
	// totals counted together, and a RepeaterAny bet paid when any of a
	// set's repeaters would win. RepeaterSurrender lets a repeater be
	// surrendered partway (Table.Surrender). Zero: none of them.
	RepeaterSets      [3]RepeaterSetPaytable
	RepeaterGroups    [5]RepeaterGroupPaytable
	RepeaterSurrender RepeaterSurrender
	// RideTheLine, HotShooter, DifferentDoubles and BonusCraps pay the
	// bets on a count of those names (HandPaytable); a zero paytable is
	// the bet's published one: Ride the Line's pay table 1
	// (RideTheLineTables), the Hot Shooter Jackpot's, the Beau Rivage's
	// Different Doubles, and the Bonus Craps progressive's fixed pays
	// without its jackpot.
	RideTheLine, HotShooter, DifferentDoubles, BonusCraps HandPaytable
	// Sequences pays the bets on a sequence of throws from the come-out:
	// Point-7, 7-Point, 7-Point-7 and Muggsy's Corner.
	Sequences SequencePaytable

	// Cards deals every throw from the card-craps rules' 48-card deck instead of
	// rolling dice, under one reading of those rules; the zero NoCards plays
	// with dice. A card table takes its throws from Table.Deal, a dice
	// table from Table.Roll. Under card rules Analyze, EdgeTable,
	// WithOdds and Hand give the cards' figures, and AnalyzeDeck the
	// deck's own.
	Cards CardReading
	// Shoe is what the cards are dealt from under card rules: how many
	// of each rank; the zero Shoe is the card-craps rules' 48-card deck,
	// eight of each. It is a rule of card tables only.
	Shoe Shoe
	// Private is the private game of the private-game rule book: no house banks anything.
	// The shooter's center bet is faded by the other players, and every
	// other bet is a side bet between two players at the odds they agree
	// (Table.Center, Table.Fade, Table.Side). The layout's bets are not
	// offered; the private game's own kinds (Center, PointBet, NumberBet,
	// Before, Within) are offered only here. The house's payouts, limits
	// and commissions do not apply, and Validate refuses them.
	Private bool
	// FadeClaim is the private-game rule book's optional rule for the center bet: a player
	// who faded the whole stake at the last come-out and lost may claim
	// the whole of the next one (Table.Claim). It is a rule of the
	// private game only.
	FadeClaim bool

	// Dice is the chance of each throw of the dice; the zero DiceLaw is
	// fair dice. Every exact figure follows it (Analyze, EdgeTable,
	// WithOdds, AnalyzeSide, Hand, ShooterHand, DiceLaw's true-odds
	// tables), and Simulate draws its throws from it, exactly. At the
	// casino and in the private game alike: loaded dice, or a dice
	// setter's claim (SRRDice). Card rules deal the throws from the deck
	// and take only fair dice here.
	Dice DiceLaw
}

// NoBar is the Bar of a game whose don't bets never push: the private
// game's wrong bettors win on every craps (the private-game rule book), unless the players
// agree on a bar.
const NoBar = -1

// FieldPaytable is the field: the totals it holds and the payout on each.
// Tables differ: some pay 3:1 on 2, some put 5 in place of 4, some pay a
// bonus on 3, 4 or 11.
type FieldPaytable struct {
	// Totals is the throws the field wins on, a union of whole totals
	// other than 7 (Totals(2, 3, 5, 9, 10, 11, 12)); zero means
	// FieldNumbers: 2, 3, 4, 9, 10, 11 and 12.
	Totals OutcomeSet
	// Pays is the payout on each total the field holds, indexed by the
	// total: Pays[2] = Ratio{3, 1} pays 3:1 on 2. A zero entry pays 2:1
	// on 2, 3:1 on 12 and 1:1 on any other total.
	Pays [13]Ratio
}

// OddsLimit is the most odds a player may take behind a pass, come or put
// bet (or lay behind a don't bet, as Rules.LayOdds), as a multiple of
// that bet, by point. Each multiple is a fraction written as a Ratio:
// Ratio{5, 2} is 2.5 times the bet. A zero field means the 3-4-5x
// table's multiple: 3x on 4 and 10, 4x on 5 and 9, 5x on 6 and 8, and, in
// crapless craps, 3x on 2, 3, 11 and 12.
type OddsLimit struct {
	On4, On5, On6 Ratio // also 10, 9 and 8
	On3, On2      Ratio // also 11 and 12, crapless craps only
}

// FlatOdds is a limit of n times the line bet on every point ("2x", "100x").
func FlatOdds(n int) OddsLimit {
	m := Ratio{int64(n), 1}
	return OddsLimit{m, m, m, m, m}
}

// Multiple is the odds multiple allowed on point n, as a fraction
// Win/Stake; 0:1 if n is not a point.
func (o OddsLimit) Multiple(n int) Ratio {
	var m Ratio
	def := int64(3)
	switch n {
	case 4, 10:
		m = o.On4
	case 5, 9:
		m, def = o.On5, 4
	case 6, 8:
		m, def = o.On6, 5
	case 3, 11:
		m = o.On3
	case 2, 12:
		m = o.On2
	default:
		return Ratio{0, 1}
	}
	return m.or(Ratio{def, 1})
}

// String prints the limit as "3-4-5x" (on 4/10, 5/9, 6/8), "2-2-2.5x"
// (full double odds), or "100x" when every point has the same multiple;
// the crapless multiples follow when they differ from the 4's.
func (o OddsLimit) String() string {
	a, b, c, d, e := o.Multiple(4), o.Multiple(5), o.Multiple(6), o.Multiple(3), o.Multiple(2)
	m := func(r Ratio) string { return multipleText(r) }
	if a == b && b == c && c == d && d == e {
		return m(a) + "x"
	}
	if d == a && e == a {
		return m(a) + "-" + m(b) + "-" + m(c) + "x"
	}
	return strings.Join([]string{m(a), m(b), m(c), m(d), m(e)}, "-") + "x"
}

// multipleText writes a multiple as a decimal where it has one ("2.5"),
// and as a fraction otherwise ("7/3"); one Validate refuses, as its
// ratio ("1:0").
func multipleText(r Ratio) string {
	if !r.valid() {
		return r.String()
	}
	return ratText(big.NewRat(r.Win, r.Stake))
}

// LayLimit says what the lay multiples of Rules.LayOdds (or Rules.Odds)
// are multiples of.
type LayLimit uint8

const (
	// LayToWinMultiple lets a player lay as much as wins the odds multiple
	// times the line bet: on a 3-4-5x table, 6x the bet on every point. It
	// is the second casino's rule: lay what would win as much as the pass line's
	// full odds.
	LayToWinMultiple LayLimit = iota
	// LayStakeMultiple lets a player lay at most the odds multiple times
	// the line bet.
	LayStakeMultiple
)

// String is "win" or "stake", as the lay rule key reads it.
func (l LayLimit) String() string {
	switch l {
	case LayToWinMultiple:
		return "win"
	case LayStakeMultiple:
		return "stake"
	}
	return fmt.Sprintf("LayLimit(%d)", uint8(l))
}

// Switch turns a rule on or off, or leaves the casinos' usual default.
type Switch uint8

const (
	SwitchDefault Switch = iota // the usual rule, as each field's comment says
	SwitchOn
	SwitchOff
)

// String is "default", "on" or "off".
func (s Switch) String() string {
	switch s {
	case SwitchDefault:
		return "default"
	case SwitchOn:
		return "on"
	case SwitchOff:
		return "off"
	}
	return fmt.Sprintf("Switch(%d)", uint8(s))
}

func (s Switch) or(def bool) bool {
	if s == SwitchDefault {
		return def
	}
	return s == SwitchOn
}

// ComeOutWorking says which bets work on a come-out roll. A bet that is
// off is not decided by the roll; a Table may also turn each bet on or
// off for itself (Table.SetWorking). Bets not listed work: big 6 and 8
// unless their player turns them off, and always the line and come bets,
// one-roll bets, the field, fire, all, tall, small and repeaters.
type ComeOutWorking struct {
	Place        Switch // place and place to lose; off by default (the posted casino rules and the croupier trainer)
	Buy          Switch // off by default
	Lay          Switch // on by default (the second casino's rules: lay bets work on the come-out)
	ComeOdds     Switch // odds behind come and put bets; off by default (the posted casino rules and the croupier trainer)
	DontComeOdds Switch // on by default, the usual casino practice
	Hardways     Switch // off by default; "depends on the casino" (the posted casino rules and the croupier trainer)
	// Put bets on their numbers: on by default, as come bets are. Odds
	// behind a put bet that is off are off too.
	Put Switch
}

// StayUpAfterWin says which winning bets stay on the layout, their win
// paid, and which come down with the stake. Casinos differ: the posted
// casino rules and the croupier trainer keep place bets up, and by the
// usual practice big 6 and 8 and the hardways too; crapssim, the Python
// craps simulator (github.com/skent259/crapssim), takes big 6 and 8, the
// hardways and buy bets down. Every other bet comes
// down with its win.
type StayUpAfterWin struct {
	Place    Switch // place and place to lose; up by default
	Buy      Switch // down by default
	Lay      Switch // down by default
	Big6And8 Switch // up by default
	Hardways Switch // up by default
}

// FirePaytable pays the fire bet by the number of different points the
// shooter makes; zero fields mean 24:1, 249:1 and 999:1 on four, five and
// six, the most common table (Wizard of Odds, "Fire Bet", pay table A),
// and nothing on three. Three pays three points where a table does;
// fewer than three, or than four with Three zero, lose.
type FirePaytable struct {
	Three, Four, Five, Six Ratio
}

// ATSPaytable pays all, tall and small; zero fields mean 175:1, 34:1 and
// 34:1 (Wizard of Odds, "All Small Tall", the usual table).
type ATSPaytable struct {
	All, Tall, Small Ratio
}

// AllPaytable is an "all of a set before a 7" bet and its paytable: every
// total in Set thrown at least once before any 7 (come-out or not). It is
// made only before the first roll after a 7 or of a new shooter, like all,
// tall and small (which are this bet on their sets).
type AllPaytable struct {
	// Set is the totals, a union of whole totals other than 7:
	// Totals(6, 8); PointNumbers for every point.
	Set OutcomeSet
	// Pays is paid the moment the last of them is thrown.
	Pays Ratio
	// AllButOne, if set, is paid at the 7 when all the totals but one
	// are in (the Hot Hand's 20 to 1 on 9 of its 10); zero: that loses.
	AllButOne Ratio
}

// RepeaterPaytable pays the repeater bets: a total thrown its number of
// times before a 7 (2 or 12 twice, 3 or 11 three times, 4 or 10 four
// times, 5 or 9 five times, 6 or 8 six times). Zero fields mean the common
// table, printed "for 1": 40, 50, 65, 80 and 90 for 1, that is 39:1, 49:1,
// 64:1, 79:1 and 89:1 (Wizard of Odds, "Repeater Bets Plus", Table 1).
type RepeaterPaytable struct {
	On2, On3, On4, On5, On6 Ratio // also 12, 11, 10, 9 and 8
}

// SequencePaytable pays the bets on a sequence of throws from the
// come-out. Zero fields mean the pays of their creator, Casino Gaming LLC
// (J. G. Brokopp, "New Craps Bets Help Take the Sting Out of the 7",
// Casino City Times, 2007): 7 to 1 on Point-7 and on 7-Point (a house
// edge of 11.1%), and on 7-Point-7 50 to 1, the payout that gives the
// article's 5.56% (its stored copy stops before the payout itself).
// Muggsy's Corner has no published pays the library has found: the table
// offers it only where both of its pays are set.
type SequencePaytable struct {
	PointSeven, SevenPoint, SevenPointSeven Ratio
	MuggsysCorner                           MuggsyPaytable
}

// MuggsyPaytable pays Muggsy's Corner: ComeOutSeven on a come-out 7,
// PointSeven on a point followed at once by a 7.
type MuggsyPaytable struct {
	ComeOutSeven, PointSeven Ratio
}

// KindLimit sets the least and the most a bet of the kinds in Kinds may
// be, in place of the table's Minimum and Maximum; a zero Minimum or
// Maximum keeps the table's. Odds, which the table's limits do not bind,
// are bound by a KindLimit that names them: a maximum in money beside the
// multiples of Rules.Odds and Rules.LayOdds.
type KindLimit struct {
	Kinds            KindSet
	Minimum, Maximum Amount
}

// KindSet is a set of bet kinds, one bit each.
type KindSet uint64

// Kinds is the set holding ks.
func Kinds(ks ...BetKind) KindSet {
	var s KindSet
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

// Has reports whether k is in the set.
func (s KindSet) Has(k BetKind) bool { return k < 64 && s&(1<<k) != 0 }

// String lists the kinds by name, "{Put, Fire Bet}".
func (s KindSet) String() string {
	var names []string
	for k := BetKind(1); k < numKinds; k++ {
		if s.Has(k) {
			names = append(names, k.String())
		}
	}
	return "{" + strings.Join(names, ", ") + "}"
}

// betweenPlayers reports whether a bet of kind k can be made between two
// players in the private game: the line and come bets, the point, the
// hardways, numbers and propositions, and the center bet.
func (k BetKind) betweenPlayers() bool {
	switch k {
	case PassLine, DontPass, Come, DontCome, Hardway, Center, PointBet, NumberBet, Before, Within:
		return true
	}
	return false
}

// privateOnly reports whether k is a kind only the private game has.
func (k BetKind) privateOnly() bool {
	switch k {
	case Center, PointBet, NumberBet, Before, Within:
		return true
	}
	return false
}

// bar is the don't bets' push total; NoBar matches no total.
func (r *Rules) bar() int {
	if r.Bar == 0 {
		return 12
	}
	return r.Bar
}

// barText writes a bar as users write it: "12", "2" or "none".
func barText(bar int) string {
	if bar == NoBar {
		return "none"
	}
	return fmt.Sprint(bar)
}

func (r *Rules) unit() Amount {
	if r.Unit == 0 {
		return 1
	}
	return r.Unit
}

// fieldTotals is the throws the field wins on.
func (r *Rules) fieldTotals() OutcomeSet {
	if r.Field.Totals == 0 {
		return FieldNumbers
	}
	return r.Field.Totals
}

// fieldPays is the field's payout on total t, which it holds.
func (r *Rules) fieldPays(t int) Ratio {
	def := evenMoney
	switch t {
	case 2:
		def = Ratio{2, 1}
	case 12:
		def = Ratio{3, 1}
	}
	return r.Field.Pays[t].or(def)
}

func (r *Rules) hardPays(t int) Ratio {
	if t == 4 || t == 10 {
		return r.Hard4.or(Ratio{7, 1})
	}
	return r.Hard6.or(Ratio{9, 1})
}

// propDefault is a one-roll proposition's default payout, printed "for 1"
// under PropsFor1.
func (r *Rules) propDefault(printed Ratio) Ratio {
	if r.PropsFor1 {
		return printed.For()
	}
	return printed
}

func (r *Rules) propPays(k BetKind) Ratio {
	switch k {
	case Aces:
		return r.Two.or(r.propDefault(Ratio{30, 1}))
	case AceDeuce:
		return r.Three.or(r.propDefault(Ratio{15, 1}))
	case Yo:
		return r.Eleven.or(r.propDefault(Ratio{15, 1}))
	}
	return r.Twelve.or(r.propDefault(Ratio{30, 1}))
}

func (r *Rules) hopPays(d Dice) Ratio {
	if d.Pair() {
		return r.HardHop.or(r.propDefault(Ratio{30, 1}))
	}
	return r.EasyHop.or(r.propDefault(Ratio{15, 1}))
}

// firePays is the fire bet's payout for made different points, and
// whether that many win at all.
func (r *Rules) firePays(made int) (Ratio, bool) {
	switch made {
	case 3:
		return r.Fire.Three, !r.Fire.Three.IsZero()
	case 4:
		return r.Fire.Four.or(Ratio{24, 1}), true
	case 5:
		return r.Fire.Five.or(Ratio{249, 1}), true
	case 6:
		return r.Fire.Six.or(Ratio{999, 1}), true
	}
	return Ratio{}, false
}

// allPaytable is the paytable of an "all of a set before a 7" bet: all,
// tall and small on their sets, or the table's entry for b.Set. ok is
// false for a set the table does not offer.
func (r *Rules) allPaytable(b Bet) (p AllPaytable, ok bool) {
	switch {
	case b.Kind == Tall:
		return AllPaytable{Set: Over7, Pays: r.ATS.Tall.or(Ratio{34, 1})}, true
	case b.Kind == Small:
		return AllPaytable{Set: Under7, Pays: r.ATS.Small.or(Ratio{34, 1})}, true
	case b.Set == 0:
		return AllPaytable{Set: Under7 | Over7, Pays: r.ATS.All.or(Ratio{175, 1})}, true
	}
	for _, e := range r.AllBets {
		if e.Set == b.Set {
			return e, true
		}
	}
	return AllPaytable{}, false
}

// repeats is how many times a repeater bet on n needs its total: as many
// as the dice show ways to miss it, 2 for 2 and 12 up to 6 for 6 and 8.
func repeats(n int) int { return min(n, 14-n) }

func (r *Rules) repeaterPays(n int) Ratio {
	p := r.Repeater
	switch repeats(n) {
	case 2:
		return p.On2.or(Ratio{39, 1})
	case 3:
		return p.On3.or(Ratio{49, 1})
	case 4:
		return p.On4.or(Ratio{64, 1})
	case 5:
		return p.On5.or(Ratio{79, 1})
	}
	return p.On6.or(Ratio{89, 1})
}

// layMultiple is the lay multiple on point n: LayOdds', or Odds' if
// LayOdds is not set.
func (r *Rules) layMultiple(n int) Ratio {
	if r.LayOdds == (OddsLimit{}) {
		return r.Odds.Multiple(n)
	}
	return r.LayOdds.Multiple(n)
}

// staysUp reports whether a winning bet of kind k stays on the layout.
func (r *Rules) staysUp(k BetKind) bool {
	switch k {
	case Place, PlaceToLose:
		return r.StayUp.Place.or(true)
	case Buy:
		return r.StayUp.Buy.or(false)
	case Lay:
		return r.StayUp.Lay.or(false)
	case Big6, Big8:
		return r.StayUp.Big6And8.or(true)
	case Hardway:
		return r.StayUp.Hardways.or(true)
	}
	return false
}

// betLimits is the least and the most a bet of kind k may be: the
// table's Minimum and Maximum (none for odds), or a KindLimit's. A zero
// most is no limit.
func (r *Rules) betLimits(k BetKind) (least, most Amount) {
	if !isOdds(k) {
		least, most = r.Minimum, r.Maximum
	}
	for _, l := range r.Limits {
		if l.Kinds.Has(k) {
			if l.Minimum != 0 {
				least = l.Minimum
			}
			if l.Maximum != 0 {
				most = l.Maximum
			}
			break
		}
	}
	return least, most
}

// StakeLimits is the least and the most Table.Place takes on bet b under
// r, a zero most meaning no limit: Minimum and Maximum, or the entry of
// Limits for the bet's kind; for odds only a maximum in money from Limits
// (their multiple of the line bet is the Odds and LayOdds rules'); for all
// the hardways four times a hardway's, since it is placed as a quarter on
// each.
func (r Rules) StakeLimits(b Bet) (least, most Amount) { return r.stakeLimits(b) }

// stakeLimits is the least and the most Table.Place takes on bet b, as
// betLimits: all the hardways is held to four times a hardway's, since it
// is placed as one hardway bet of a quarter on each.
func (r *Rules) stakeLimits(b Bet) (least, most Amount) {
	if b.Kind != AllHardways {
		return r.betLimits(b.Kind)
	}
	least, most = r.betLimits(Hardway)
	n := Amount(len(hardways))
	return n * least, n * most
}

// latePassLine reports whether a pass line bet may be made after the point.
func (r *Rules) latePassLine() bool {
	return r.LatePassLine.or(r.LineBetsRemovable || !r.NotOffered.Has(Put))
}

// commission is the charge a bet owes, nil for all but buy and lay bets.
func (r *Rules) commission(k BetKind) *Commission {
	switch k {
	case Buy:
		return &r.BuyCommission
	case Lay:
		return &r.LayCommission
	}
	return nil
}

// CommissionOn is the commission the rules charge on bet b of stake: c is
// the Commission that applies (BuyCommission on a buy bet, LayCommission
// on a lay bet) with its Rate filled in (5% where it is zero), and base the
// amount the rate is of, as c.Base says: the bet, or what it wins at its
// true odds, rounded down (the 20 a lay 4 for 40 wins). The charge is
// c.Charge(base, unit), cut to what the bet wins, as BuyCommission says;
// c.Timing says when it is taken. ok is false for a bet that pays no
// commission. A stake below zero counts as zero.
func (r Rules) CommissionOn(b Bet, stake Amount) (c Commission, base Amount, ok bool) {
	p := r.commission(b.Kind)
	if p == nil {
		return Commission{}, 0, false
	}
	c = *p
	c.Rate = c.rate()
	return c, commissionBase(p, b.Kind, max(stake, 0), b.pays()), true
}

// commissionBase is the amount a commission on a bet of stake is a
// percentage of: the bet, or what it would win at pays.
func commissionBase(c *Commission, k BetKind, stake Amount, pays Ratio) Amount {
	if !c.onWin(k) {
		return stake
	}
	win, _ := mulDiv(stake, pays.Win, pays.Stake)
	return win
}

// upfrontCharge is the commission on a buy or lay bet of stake charged
// when the bet is made: the charge, cut to what the bet wins.
func (r *Rules) upfrontCharge(c *Commission, b Bet, stake Amount) (Amount, error) {
	pays := b.pays()
	charge, err := c.Charge(commissionBase(c, b.Kind, stake, pays), r.unit())
	if err != nil {
		return 0, err
	}
	return min(charge, payout(stake, pays, r.unit()).Win), nil
}

// onWin reports whether c on a bet of kind k is a percentage of what the
// bet would win rather than of the bet.
func (c *Commission) onWin(k BetKind) bool {
	return c.Base == CommissionOnWin || (c.Base == CommissionStandardBase && k == Lay)
}

// worksOnComeOut reports whether a bet is decided by a come-out roll
// under the rules, before any per-bet choice a Table allows. Bets between
// players always work.
func (b Bet) worksOnComeOut(r *Rules) bool {
	if r.Private {
		return true
	}
	switch b.Kind {
	case Place, PlaceToLose:
		return r.ComeOut.Place.or(false)
	case Buy:
		return r.ComeOut.Buy.or(false)
	case Lay:
		return r.ComeOut.Lay.or(true)
	case ComeOdds, PutOdds:
		return r.ComeOut.ComeOdds.or(false)
	case DontComeOdds:
		return r.ComeOut.DontComeOdds.or(true)
	case Hardway:
		return r.ComeOut.Hardways.or(false)
	case Put:
		return r.ComeOut.Put.or(true)
	}
	return true
}

// Offers reports whether the rules take bet b: nil if they do, an error
// wrapping ErrNotOffered if the table does not take it, or ErrSyntax if b
// is not a bet at all (place 7). A private game takes the bets players
// make between themselves; a casino takes the layout's.
func (r Rules) Offers(b Bet) error {
	if !b.wellFormed() {
		return fmt.Errorf("craps: %v: %w", b, ErrSyntax)
	}
	why := ""
	_, allOffered := r.allPaytable(b)
	switch {
	case r.Private && !b.Kind.betweenPlayers():
		why = "no house banks it in the private game; bet with another player"
	case !r.Private && b.Kind.privateOnly():
		why = "it is a bet between players in the private game"
	case r.NotOffered.Has(b.Kind):
		why = "the table does not offer it"
	case isOdds(b.Kind) && r.NotOffered.Has(lineUnder(b).Kind):
		why = fmt.Sprintf("the table does not offer the %v bet it stands behind", lineUnder(b).Kind)
	case b.Kind == AllHardways && r.NotOffered.Has(Hardway):
		why = "the table does not offer the hardway bets it is made of"
	case r.Crapless && (b.Kind == DontPass || b.Kind == DontCome || b.Kind == DontPassOdds ||
		b.Kind == DontComeOdds || b.Kind == Fire):
		why = "not offered in crapless craps"
	case r.HighPoint && (isOdds(b.Kind) || b.Kind == Fire || isSequence(b.Kind)):
		why = "not offered in High Point craps, whose point (7 among them) is decided by one throw"
	case b.Number != 0 && b.Kind != Hardway && b.Kind != HornHigh && b.Kind != PlaceToLose &&
		b.Kind != NumberBet && b.Kind != Repeater && !isBoxNumber(b.Number, r.Crapless) &&
		!(b.Kind == PointBet && r.isPoint(b.Number)):
		why = fmt.Sprintf("%d is not a point in this game", b.Number)
	case b.Kind == Buy && r.BuyOn != 0 && r.BuyOn&Totals(b.Number) == 0:
		why = fmt.Sprintf("the table buys only %s", r.BuyOn.text())
	case b.Kind == All && !allOffered:
		why = fmt.Sprintf("the table offers no bet on all of %s before a 7", b.Set.text())
	case b.Kind == Repeater && b.Set != 0 && !r.hasRepeaterSet(b.Set):
		why = fmt.Sprintf("the table offers no repeater on %s", b.Set.text())
	case b.Kind == RepeaterAny && !r.hasRepeaterGroup(b.Set):
		why = fmt.Sprintf("the table offers no bet on the repeaters of %s", b.Set.text())
	case b.Kind == MuggsysCorner && r.Sequences.MuggsysCorner == MuggsyPaytable{}:
		why = "the table sets no pays for it (Rules.Sequences.MuggsysCorner)"
	case b.Kind == Before && !r.Dice.throws(b.Against) && !b.sequenceThrown(&r.Dice):
		why = fmt.Sprintf("dice %v never throw %s or %s, so the bet would never be decided", r.Dice, b.sequenceText(), b.Against.text())
	case r.Cards != NoCards && !r.dealsItsPoint(b):
		why = fmt.Sprintf("a shoe of %v never deals a come-out %d, so the bet is never made", r.Shoe, b.Number)
	}
	if why != "" {
		return fmt.Errorf("craps: %v: %s: %w", b, why, ErrNotOffered)
	}
	return nil
}

// maxRatioTerm bounds the terms of every payout in Rules, so that exact
// arithmetic on them (a horn's four parts, say) cannot overflow.
const maxRatioTerm = 1_000_000

// maxOddsMultiple is the largest odds multiple Validate takes.
const maxOddsMultiple = 10_000

// Validate reports the first contradiction or out-of-range value in r as
// an error wrapping ErrInvalidRules, or nil if r can be played.
func (r Rules) Validate() error {
	for _, check := range []func(*Rules) string{
		(*Rules).checkGame, (*Rules).checkMoney, (*Rules).checkPayouts, (*Rules).checkOdds,
		(*Rules).checkCommissions, (*Rules).checkSwitches, (*Rules).checkSplitBets, (*Rules).checkRepeaters, (*Rules).checkDice,
		(*Rules).checkShoe,
	} {
		if why := check(&r); why != "" {
			return fmt.Errorf("craps: rules: %s: %w", why, ErrInvalidRules)
		}
	}
	return nil
}

// checkGame checks the game itself: bar, crapless, cards, the private
// game, and the set of kinds not offered.
func (r *Rules) checkGame() string {
	switch {
	case r.Bar != 0 && r.Bar != 2 && r.Bar != 12 && r.Bar != NoBar:
		return fmt.Sprintf("bar %d: the don't bets bar 12 or 2, or nothing (none)", r.Bar)
	case r.Crapless && r.bar() != 12:
		return fmt.Sprintf("bar %s in crapless craps, which has no don't bets", barText(r.Bar))
	case r.HighPoint && (r.Crapless || r.ComeOutPush != 0 || r.HardPointPays != Ratio{}):
		return "High Point craps with crapless craps, come-out pushes or a hard point's pay: " +
			"it sets its own come-out and point, which those rules rewrite"
	case r.HighPoint && r.Bar != 0 && r.Bar != NoBar:
		return fmt.Sprintf("bar %s in High Point craps, whose don't side is the shooter's reversed and bars nothing", barText(r.Bar))
	case r.HighPoint && r.Cards != NoCards:
		return "High Point craps under card rules: no source deals it, and the cards' analysis of the line takes the box numbers for its points"
	case r.Bar == NoBar && !r.Private:
		return "bar none at a casino table: don't pass winning on every craps is the pass line reversed, " +
			"7/495 (1.41%) to the player; only the private game plays without a bar"
	case r.NotOffered>>numKinds != 0 || r.NotOffered.Has(NoBet):
		return fmt.Sprintf("not-offered set %#x holds no bet kinds", uint64(r.NotOffered))
	case r.Cards != NoCards && !r.Cards.valid():
		return fmt.Sprintf("card reading %v", r.Cards)
	case r.FadeClaim && !r.Private:
		return "the fade claim is a rule of the private game's center bet; a casino table has no center bet"
	case !wholeTotals(r.ComeOutPush) || r.ComeOutPush&^Totals(2, 3, 11, 12) != 0 || (r.Crapless && r.ComeOutPush != 0):
		return fmt.Sprintf("line bets pushing on %s on the come-out: 2, 3, 11 or 12, which crapless craps makes points", r.ComeOutPush.text())
	}
	if r.Private {
		// What the house sets has no meaning without a house.
		casino := *r
		casino.Crapless, casino.HighPoint, casino.Bar, casino.Unit, casino.Minimum, casino.Maximum = false, false, 0, 0, 0, 0
		casino.NotOffered, casino.Cards, casino.Shoe, casino.Private, casino.FadeClaim = 0, NoCards, Shoe{}, false, false
		casino.Dice = DiceLaw{} // the players' dice, not a house rule
		if casino != (Rules{}) {
			return "the private game has no house: " + casinoRulesSet(&casino) +
				" do not apply, since players bet each other at the odds they agree"
		}
	}
	return ""
}

// casinoRulesSet names the house rules set in r, for the private game's
// refusal.
func casinoRulesSet(r *Rules) string {
	var set []string
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"field payouts", r.Field != FieldPaytable{}},
		{"proposition and hardway payouts", r.Hard4 != Ratio{} || r.Hard6 != Ratio{} || r.Any7 != Ratio{} ||
			r.AnyCraps != Ratio{} || r.Two != Ratio{} || r.Three != Ratio{} || r.Eleven != Ratio{} ||
			r.Twelve != Ratio{} || r.EasyHop != Ratio{} || r.HardHop != Ratio{} || r.PropsFor1},
		{"odds limits", r.Odds != OddsLimit{} || r.LayOdds != OddsLimit{} || r.Lay != LayToWinMultiple},
		{"commissions", r.BuyCommission != Commission{} || r.LayCommission != Commission{} || r.BuyOn != 0},
		{"bet limits", r.Limits != [len(r.Limits)]KindLimit{}},
		{"come-out and stay-up rules", r.ComeOut != ComeOutWorking{} || r.StayUp != StayUpAfterWin{} ||
			r.LineBetsRemovable || r.LatePassLine != SwitchDefault},
		{"line bet pushes and payouts", r.ComeOutPush != 0 || r.HardPointPays != Ratio{}},
		{"side-bet paytables", r.Fire != FirePaytable{} || r.FirePaysAtSixthPoint || r.ATS != ATSPaytable{} ||
			r.AllBets != [len(r.AllBets)]AllPaytable{} || r.Repeater != RepeaterPaytable{} ||
			r.RideTheLine != HandPaytable{} || r.HotShooter != HandPaytable{} ||
			r.DifferentDoubles != HandPaytable{} || r.BonusCraps != HandPaytable{} || r.Sequences != SequencePaytable{} ||
			r.RepeaterSets != [len(r.RepeaterSets)]RepeaterSetPaytable{} ||
			r.RepeaterGroups != [len(r.RepeaterGroups)]RepeaterGroupPaytable{} || r.RepeaterSurrender != RepeaterSurrender{}},
	} {
		if f.set {
			set = append(set, f.name)
		}
	}
	if len(set) == 0 {
		return "the house's rules"
	}
	return strings.Join(set, ", ")
}

// money says why a money-valued rule is out of range, or "": negative,
// above MaxAmount, or not a whole number of the table's unit. Every rule in
// money (limits, commission minimums) goes through it once the unit is
// checked, so that a bet, its commission and the limits add up exactly.
func (r *Rules) money(name string, a Amount) string {
	switch unit := r.unit(); {
	case a < 0 || a > MaxAmount:
		return fmt.Sprintf("%s %d: from 0 to %d", name, a, MaxAmount)
	case a%unit != 0:
		return fmt.Sprintf("%s %d is not a whole number of units of %d", name, a, unit)
	}
	return ""
}

// checkMoney checks the unit and every limit in money: not negative, at
// most MaxAmount, whole units, and each least below its most.
func (r *Rules) checkMoney() string {
	if r.Unit < 0 || r.Unit > MaxAmount {
		return fmt.Sprintf("unit %d: from 1 to %d, or 0 for 1", r.Unit, MaxAmount)
	}
	if why := r.money("minimum", r.Minimum) + r.money("maximum", r.Maximum); why != "" {
		return why
	}
	if r.Maximum != 0 && r.Minimum > r.Maximum {
		return fmt.Sprintf("minimum %d above maximum %d", r.Minimum, r.Maximum)
	}
	var seen KindSet
	for _, l := range r.Limits {
		name := "limits on " + l.Kinds.String()
		switch {
		case l == KindLimit{}:
			continue
		case l.Kinds == 0:
			return fmt.Sprintf("a bet limit of %d to %d names no kind of bet", l.Minimum, l.Maximum)
		case l.Kinds>>numKinds != 0 || l.Kinds.Has(NoBet):
			return fmt.Sprintf("bet limit set %#x holds no bet kinds", uint64(l.Kinds))
		case l.Kinds&seen != 0:
			return fmt.Sprintf("%v: a kind of bet may be in one limit only", l.Kinds&seen)
		case l.Kinds.Has(AllHardways):
			return "a limit on all the hardways: limit the hardway bets it is made of (Hard)"
		}
		if why := r.money(name+": minimum", l.Minimum) + r.money(name+": maximum", l.Maximum); why != "" {
			return why
		}
		if l.Maximum != 0 && l.Minimum > l.Maximum {
			return fmt.Sprintf("%s: minimum %d above maximum %d", name, l.Minimum, l.Maximum)
		}
		seen |= l.Kinds
	}
	return ""
}

// checkPayouts checks every payout: terms in range, the field's totals and
// the all-of-a-set bets' sets.
func (r *Rules) checkPayouts() string {
	type named struct {
		name  string
		ratio Ratio
	}
	payouts := []named{
		{"hard 4", r.Hard4}, {"hard 6", r.Hard6}, {"a point made the hard way", r.HardPointPays},
		{"any 7", r.Any7}, {"any craps", r.AnyCraps}, {"2", r.Two}, {"3", r.Three},
		{"11", r.Eleven}, {"12", r.Twelve}, {"easy hop", r.EasyHop}, {"hard hop", r.HardHop},
		{"fire 3", r.Fire.Three}, {"fire 4", r.Fire.Four}, {"fire 5", r.Fire.Five}, {"fire 6", r.Fire.Six},
		{"all", r.ATS.All}, {"tall", r.ATS.Tall}, {"small", r.ATS.Small},
		{"repeater 2", r.Repeater.On2}, {"repeater 3", r.Repeater.On3}, {"repeater 4", r.Repeater.On4},
		{"repeater 5", r.Repeater.On5}, {"repeater 6", r.Repeater.On6},
		{"point-7", r.Sequences.PointSeven}, {"7-point", r.Sequences.SevenPoint}, {"7-point-7", r.Sequences.SevenPointSeven},
		{"muggsy's corner on a come-out 7", r.Sequences.MuggsysCorner.ComeOutSeven},
		{"muggsy's corner on a point-7", r.Sequences.MuggsysCorner.PointSeven},
	}
	for t, p := range r.Field.Pays {
		payouts = append(payouts, named{fmt.Sprintf("field %d", t), p})
	}
	for _, e := range r.AllBets {
		payouts = append(payouts, named{"all of " + e.Set.text(), e.Pays}, named{"all but one of " + e.Set.text(), e.AllButOne})
	}
	for _, p := range payouts {
		if !p.ratio.IsZero() && (!p.ratio.valid() || p.ratio.Win > maxRatioTerm || p.ratio.Stake > maxRatioTerm) {
			return fmt.Sprintf("%s pays %v: a payout needs a win of 0 to %d and a stake of 1 to %[3]d", p.name, p.ratio, maxRatioTerm)
		}
	}
	for _, h := range []struct {
		kind BetKind
		p    HandPaytable
	}{{RideTheLine, r.RideTheLine}, {HotShooter, r.HotShooter}, {DifferentDoubles, r.DifferentDoubles}, {BonusCraps, r.BonusCraps}} {
		if why := checkHandPaytable(h.kind, h.p); why != "" {
			return why
		}
	}
	if m := r.Sequences.MuggsysCorner; m.ComeOutSeven.IsZero() != m.PointSeven.IsZero() {
		return "Muggsy's Corner pays on a come-out 7 and on a point-7: set both or neither"
	}
	if !wholeTotals(r.Field.Totals) {
		return fmt.Sprintf("the field on %v: a field holds whole totals other than 7", r.Field.Totals)
	}
	for t, p := range r.Field.Pays {
		if !p.IsZero() && r.fieldTotals()&Totals(t) == 0 {
			return fmt.Sprintf("the field pays %v on %d, which it does not hold", p, t)
		}
	}
	var sets []OutcomeSet
	for _, e := range r.AllBets {
		switch {
		case e == AllPaytable{}:
			continue
		case e.Set == 0 || !wholeTotals(e.Set):
			return fmt.Sprintf("an all-before-7 bet on %v: its set is one or more whole totals other than 7", e.Set)
		case e.Pays.IsZero():
			return fmt.Sprintf("the bet on all of %s before a 7 needs a payout", e.Set.text())
		case !e.AllButOne.IsZero() && totalsIn(e.Set) < 2:
			return fmt.Sprintf("the bet on all of %s before a 7 pays all but one of a single total", e.Set.text())
		}
		for _, s := range sets {
			if s == e.Set {
				return fmt.Sprintf("the bet on all of %s before a 7 is listed twice", e.Set.text())
			}
		}
		sets = append(sets, e.Set)
		// All, tall and small are paid by ATS: the same bet here would be
		// offered twice, at two prices. A tier for all but one (the Hot
		// Hand) makes it another bet.
		for _, k := range []BetKind{All, Tall, Small} {
			if ats, _ := r.allPaytable(Bet{Kind: k}); e.Set == ats.Set && e.AllButOne.IsZero() {
				return fmt.Sprintf("the bet on all of %s before a 7 is %v, whose paytable is ATS", e.Set.text(), k)
			}
		}
	}
	// Buy bets stand on the game's points; a total that is none could
	// never be bought.
	if !wholeTotals(r.BuyOn) || r.BuyOn&^Totals(boxNumbers(r)...) != 0 {
		return fmt.Sprintf("buy bets on %v: the table buys points, %s in this game", r.BuyOn, Totals(boxNumbers(r)...).text())
	}
	return ""
}

// wholeTotals reports whether s is a union of whole totals other than 7.
func wholeTotals(s OutcomeSet) bool {
	for n := 2; n <= 12; n++ {
		if part := s & Totals(n); part != 0 && (n == 7 || part != Totals(n)) {
			return false
		}
	}
	return s&^AllOutcomes == 0
}

// totalsIn counts the totals in a union of whole totals.
func totalsIn(s OutcomeSet) int {
	n := 0
	for t := 2; t <= 12; t++ {
		if s&Totals(t) != 0 {
			n++
		}
	}
	return n
}

// checkOdds checks the odds multiples taken and laid.
func (r *Rules) checkOdds() string {
	for _, l := range []struct {
		name  string
		limit OddsLimit
	}{{"odds", r.Odds}, {"lay odds", r.LayOdds}} {
		for _, m := range []Ratio{l.limit.On4, l.limit.On5, l.limit.On6, l.limit.On3, l.limit.On2} {
			if m.IsZero() {
				continue
			}
			if !m.valid() || m.Win == 0 || m.Win > maxRatioTerm || m.Stake > maxRatioTerm || m.Win > maxOddsMultiple*m.Stake {
				return fmt.Sprintf("%s multiple %v: above 0 and at most %dx, in terms of at most %d (list the odds in NotOffered for none)",
					l.name, m, maxOddsMultiple, maxRatioTerm)
			}
		}
	}
	if r.Lay > LayStakeMultiple {
		return fmt.Sprintf("lay limit %v: win or stake", r.Lay)
	}
	return ""
}

// checkCommissions checks the buy and lay commissions.
func (r *Rules) checkCommissions() string {
	for _, c := range []struct {
		name string
		c    Commission
	}{{"buy", r.BuyCommission}, {"lay", r.LayCommission}} {
		rate := c.c.rate()
		switch {
		case !rate.valid() || rate.Win >= rate.Stake || rate.Stake > maxRatioTerm:
			return fmt.Sprintf("%s commission rate %v: from 0 to under 100%%", c.name, rate)
		case c.c.Base > CommissionOnWin || c.c.Timing > CommissionUpfrontKeptOnLoss || c.c.Rounding > RoundUp:
			return fmt.Sprintf("%s commission has an unknown base, timing or rounding", c.name)
		}
		if why := r.money(c.name+" commission minimum", c.c.Minimum); why != "" {
			return why
		}
	}
	return ""
}

// checkSwitches checks the come-out and stay-up switches.
func (r *Rules) checkSwitches() string {
	c, s := r.ComeOut, r.StayUp
	for _, sw := range []Switch{c.Place, c.Buy, c.Lay, c.ComeOdds, c.DontComeOdds, c.Hardways, c.Put,
		s.Place, s.Buy, s.Lay, s.Big6And8, s.Hardways, r.LatePassLine} {
		if sw > SwitchOff {
			return fmt.Sprintf("switch %v: on, off or default", sw)
		}
	}
	if !(Bet{Kind: Put}).worksOnComeOut(r) && (Bet{Kind: PutOdds}).worksOnComeOut(r) {
		return "put bets off on the come-out with the odds behind them on: odds follow their put bet"
	}
	return ""
}

// checkSplitBets checks that a horn, horn high, C&E, world or three-way
// craps bet does not lose money on a throw that one of its parts wins:
// that part has to pay for the others.
func (r *Rules) checkSplitBets() string {
	for _, b := range []Bet{{Kind: Horn}, {Kind: CAndE}, {Kind: World}, {Kind: ThreeWay},
		{Kind: HornHigh, Number: 2}, {Kind: HornHigh, Number: 3},
		{Kind: HornHigh, Number: 11}, {Kind: HornHigh, Number: 12}} {
		if r.NotOffered.Has(b.Kind) {
			continue
		}
		for _, d := range AllDice() {
			if b.roll(r, betState{}, d).verdict != loses {
				continue
			}
			for _, p := range b.parts() {
				if p.weight != 0 && (Bet{Kind: p.kind}).roll(r, betState{}, d).verdict == wins {
					return fmt.Sprintf("%v loses money on %v although its %v part wins: raise that payout or list %v in NotOffered", b, d, p.kind, b.Kind)
				}
			}
		}
	}
	return ""
}

// ParseOddsLimit reads an odds limit as OddsLimit.String writes it: "2x"
// or "100x" for the same multiple on every point, "3-4-5x" for 4 and 10,
// 5 and 9, 6 and 8 (crapless points 2, 3, 11 and 12 get the 4's
// multiple), or "3-4-5-3-3x" adding 3 and 11, 2 and 12. A multiple may be
// a decimal or a fraction: "2-2-2.5x" is full double odds, 2.5x on 6 and
// 8. The trailing x is optional. Anything else is an error wrapping
// ErrSyntax.
func ParseOddsLimit(s string) (OddsLimit, error) {
	parts := strings.Split(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "x"), "-")
	var m []Ratio
	for i, p := range parts {
		if i < len(parts)-1 {
			p = strings.TrimSuffix(p, "x") // "3x-4x-5x"
		}
		q, ok := new(big.Rat).SetString(p)
		if !ok || q.Sign() <= 0 || !q.Num().IsInt64() || !q.Denom().IsInt64() ||
			q.Num().Int64() > maxRatioTerm || q.Denom().Int64() > maxRatioTerm {
			return OddsLimit{}, syntaxError("odds limit", s)
		}
		m = append(m, Ratio{q.Num().Int64(), q.Denom().Int64()})
	}
	switch len(m) {
	case 1:
		return OddsLimit{m[0], m[0], m[0], m[0], m[0]}, nil
	case 3:
		return OddsLimit{m[0], m[1], m[2], m[0], m[0]}, nil
	case 5:
		return OddsLimit{m[0], m[1], m[2], m[3], m[4]}, nil
	}
	return OddsLimit{}, syntaxError("odds limit", s)
}
