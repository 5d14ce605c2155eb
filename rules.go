package craps

import (
	"fmt"
	"strconv"
	"strings"
)

// Rules are a table's house rules. It is a plain comparable value: == tells
// whether two tables play alike, a Rules can key a map and %+v prints it.
// Every field's zero value is the rule of the table of the posted casino rules and the croupier trainer
// (a croupier trainer's page, after wizardofodds.com), so the zero Rules
// plays exactly that table; Standard names it. Validate reports rules that
// contradict themselves or hold values out of range.
type Rules struct {
	// Crapless: 2, 3, 11 and 12 are points too. Only 7 wins on the
	// come-out, nothing loses, and the don't bets are not offered.
	Crapless bool
	// Bar is the come-out total on which don't pass and don't come push:
	// 12 (0 means 12, the posted casino rules and the croupier trainer), 2 (the second casino's rules), or NoBar.
	Bar int

	// Field2 and Field12 are the field's payouts on 2 and 12; zero means
	// 2:1 and 3:1. The field pays 1:1 on 3, 4, 9, 10 and 11.
	Field2, Field12 Ratio
	// Hard4 pays hard 4 and hard 10 (zero: 7:1); Hard6 pays hard 6 and
	// hard 8 (zero: 9:1).
	Hard4, Hard6 Ratio
	// Any7 and AnyCraps pay the one-roll 7 and craps bets; zero means 4:1
	// and 7:1.
	Any7, AnyCraps Ratio
	// Two, Three, Eleven and Twelve pay the one-roll bets on aces,
	// ace-deuce, yo and boxcars; zero means 30:1, 15:1, 15:1 and 30:1.
	// Horn, horn high, C&E and world bets are paid as these bets together.
	Two, Three, Eleven, Twelve Ratio
	// EasyHop and HardHop pay a hop on two different faces and on a pair;
	// zero means 15:1 and 30:1.
	EasyHop, HardHop Ratio
	// PropsFor1 reads the payouts of 2, 3, 11, 12 and the hops as printed
	// "for 1", which includes the stake: 30 for 1 pays 29:1, 15 for 1 pays
	// 14:1 (the croupier trainer). Any 7 and any craps are not affected: a "for 1"
	// layout prints them 5 for 1 and 8 for 1, the same money.
	PropsFor1 bool

	// Odds is the most odds a player may take behind a line bet, as a
	// multiple of it; the zero OddsLimit is 3-4-5x.
	Odds OddsLimit
	// Lay is how the same multiples limit the odds laid behind don't bets.
	Lay LayLimit

	// BuyCommission and LayCommission are the charges on buy and lay bets;
	// the zero Commission is 5% of the buy bet or of the lay's win, taken
	// when the bet is made.
	BuyCommission, LayCommission Commission

	// Unit is the smallest chip the table pays, in money units; payouts
	// are rounded down to it and the remainder reported as breakage.
	// 0 means 1.
	Unit Amount
	// Minimum and Maximum limit the amount of each bet; 0 means no limit.
	// Odds are limited by Odds and Lay instead.
	Minimum, Maximum Amount

	// ComeOut says which bets work on a come-out roll.
	ComeOut ComeOutWorking
	// LineBetsRemovable lets a player reduce or take down a pass or come
	// bet after its point is set, as the second casino's rules say (the posted
	// casino rules and the croupier trainer forbid it). A player who always does so gains 1/9 of every pass
	// bet; EdgeTable shows the cost. Don't bets may always be reduced or
	// taken down, never raised.
	LineBetsRemovable bool
	// NotOffered lists the kinds of bet the table does not take. The don't
	// bets and the fire bet are never offered in crapless craps.
	NotOffered KindSet

	// Fire is the fire bet's paytable; ATS is all, tall and small's.
	Fire FirePaytable
	ATS  ATSPaytable

	// Cards deals every throw from the card-craps rules' 48-card deck instead of
	// rolling dice, under one reading of those rules; the zero NoCards plays
	// with dice. A card table takes its throws from Table.Deal, a dice
	// table from Table.Roll. Under card rules Analyze, EdgeTable,
	// WithOdds and Hand give the cards' figures, and AnalyzeDeck the
	// deck's own.
	Cards CardReading
	// Private is the private game of the private-game rule book: no house banks anything.
	// The shooter's center bet is faded by the other players, and every
	// other bet is a side bet between two players at the odds they agree
	// (Table.Center, Table.Fade, Table.Side). The layout's bets are not
	// offered; the private game's own kinds (Center, Point, Number,
	// Before, Within) are offered only here.
	Private bool
	// FadeClaim is the private-game rule book's optional rule for the center bet: a player
	// who faded the whole stake at the last come-out and lost may claim
	// the whole of the next one (Table.Claim).
	FadeClaim bool
}

// NoBar is the Bar of a game whose don't bets never push: the private
// game's wrong bettors win on every craps (the private-game rule book), unless the players
// agree on a bar.
const NoBar = -1

// OddsLimit is the most odds a player may take behind a pass, come or put
// bet, as a multiple of that bet, by point. A zero field means the 3-4-5x
// table's multiple: 3x on 4 and 10, 4x on 5 and 9, 5x on 6 and 8, and, in
// crapless craps, 3x on 2, 3, 11 and 12.
type OddsLimit struct {
	On4, On5, On6 int // also 10, 9 and 8
	On3, On2      int // also 11 and 12, crapless craps only
}

// FlatOdds is a limit of n times the line bet on every point ("2x", "100x").
func FlatOdds(n int) OddsLimit { return OddsLimit{n, n, n, n, n} }

// Multiple is the odds multiple allowed on point n, 0 if n is not a point.
func (o OddsLimit) Multiple(n int) int {
	m, def := 0, 0
	switch n {
	case 4, 10:
		m, def = o.On4, 3
	case 5, 9:
		m, def = o.On5, 4
	case 6, 8:
		m, def = o.On6, 5
	case 3, 11:
		m, def = o.On3, 3
	case 2, 12:
		m, def = o.On2, 3
	}
	if m == 0 {
		return def
	}
	return m
}

// String prints the limit as "3-4-5x" (on 4/10, 5/9, 6/8), or "100x" when
// every point has the same multiple; the crapless multiples follow when
// they differ from the 4's.
func (o OddsLimit) String() string {
	a, b, c, d, e := o.Multiple(4), o.Multiple(5), o.Multiple(6), o.Multiple(3), o.Multiple(2)
	if a == b && b == c && c == d && d == e {
		return fmt.Sprintf("%dx", a)
	}
	if d == a && e == a {
		return fmt.Sprintf("%d-%d-%dx", a, b, c)
	}
	return fmt.Sprintf("%d-%d-%d-%d-%dx", a, b, c, d, e)
}

// LayLimit is how the odds multiples limit the odds laid behind don't
// pass and don't come bets.
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

// Switch turns a rule on or off, or leaves the casinos' usual default.
type Switch uint8

const (
	SwitchDefault Switch = iota // the usual rule, as each field's comment says
	SwitchOn
	SwitchOff
)

func (s Switch) or(def bool) bool {
	if s == SwitchDefault {
		return def
	}
	return s == SwitchOn
}

// ComeOutWorking says which bets work on a come-out roll. A bet that is
// off is not decided by the roll; a Table may also turn each bet on or
// off for itself. Bets not listed (line bets, one-roll bets, big 6 and 8,
// the field, fire, all/tall/small) always work.
type ComeOutWorking struct {
	Place        Switch // place and place to lose; off by default (the posted casino rules and the croupier trainer)
	Buy          Switch // off by default
	Lay          Switch // on by default (the second casino's rules: lay bets work on the come-out)
	ComeOdds     Switch // odds behind come and put bets; off by default (the posted casino rules and the croupier trainer)
	DontComeOdds Switch // on by default, the usual casino practice
	Hardways     Switch // off by default; "depends on the casino" (the posted casino rules and the croupier trainer)
}

// FirePaytable pays the fire bet by the number of different points the
// shooter makes; zero fields mean 24:1, 249:1 and 999:1, the most common
// table (Wizard of Odds, "Fire Bet", pay table A). Fewer than four lose.
type FirePaytable struct {
	Four, Five, Six Ratio
}

// ATSPaytable pays all, tall and small; zero fields mean 175:1, 34:1 and
// 34:1 (Wizard of Odds, "All Small Tall", the usual table).
type ATSPaytable struct {
	All, Tall, Small Ratio
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

// bar is the don't bets' push total; NoBar matches no total.
func (r *Rules) bar() int {
	if r.Bar == 0 {
		return 12
	}
	return r.Bar
}

func (r *Rules) unit() Amount {
	if r.Unit == 0 {
		return 1
	}
	return r.Unit
}

func (r *Rules) fieldPays(t int) Ratio {
	switch t {
	case 2:
		return r.Field2.or(Ratio{2, 1})
	case 12:
		return r.Field12.or(Ratio{3, 1})
	}
	return evenMoney
}

func (r *Rules) hardPays(t int) Ratio {
	if t == 4 || t == 10 {
		return r.Hard4.or(Ratio{7, 1})
	}
	return r.Hard6.or(Ratio{9, 1})
}

// forOne applies PropsFor1 to a printed proposition payout.
func (r *Rules) forOne(p Ratio) Ratio {
	if r.PropsFor1 {
		return p.For()
	}
	return p
}

func (r *Rules) propPays(k BetKind) Ratio {
	switch k {
	case Aces:
		return r.forOne(r.Two.or(Ratio{30, 1}))
	case AceDeuce:
		return r.forOne(r.Three.or(Ratio{15, 1}))
	case Yo:
		return r.forOne(r.Eleven.or(Ratio{15, 1}))
	}
	return r.forOne(r.Twelve.or(Ratio{30, 1}))
}

func (r *Rules) hopPays(d Dice) Ratio {
	if d.Pair() {
		return r.forOne(r.HardHop.or(Ratio{30, 1}))
	}
	return r.forOne(r.EasyHop.or(Ratio{15, 1}))
}

// firePays is the fire bet's payout for made different points, and
// whether that many win at all.
func (r *Rules) firePays(made int) (Ratio, bool) {
	switch made {
	case 4:
		return r.Fire.Four.or(Ratio{24, 1}), true
	case 5:
		return r.Fire.Five.or(Ratio{249, 1}), true
	case 6:
		return r.Fire.Six.or(Ratio{999, 1}), true
	}
	return Ratio{}, false
}

func (r *Rules) atsPays(k BetKind) Ratio {
	switch k {
	case Tall:
		return r.ATS.Tall.or(Ratio{34, 1})
	case Small:
		return r.ATS.Small.or(Ratio{34, 1})
	}
	return r.ATS.All.or(Ratio{175, 1})
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

// commissionBase is the amount a commission on a bet of stake is a
// percentage of: the bet, or what it would win at pays.
func commissionBase(c *Commission, k BetKind, stake Amount, pays Ratio) Amount {
	onWin := c.Base == CommissionOnWin || (c.Base == CommissionStandardBase && k == Lay)
	if !onWin {
		return stake
	}
	win, _ := mulDiv(stake, pays.Win, pays.Stake)
	return win
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
	switch {
	case r.Private && !b.Kind.betweenPlayers():
		why = "no house banks it in the private game; bet with another player"
	case !r.Private && b.Kind >= Center:
		why = "it is a bet between players in the private game"
	case r.NotOffered.Has(b.Kind):
		why = "the table does not offer it"
	case r.Crapless && (b.Kind == DontPass || b.Kind == DontCome || b.Kind == DontPassOdds ||
		b.Kind == DontComeOdds || b.Kind == Fire):
		why = "not offered in crapless craps"
	case b.Number != 0 && b.Kind != Hardway && b.Kind != HornHigh && b.Kind != PlaceToLose &&
		b.Kind != NumberBet && !isBoxNumber(b.Number, r.Crapless):
		why = fmt.Sprintf("%d is not a point in this game", b.Number)
	}
	if why != "" {
		return fmt.Errorf("craps: %v: %s: %w", b, why, ErrNotOffered)
	}
	return nil
}

// maxRatioTerm bounds the terms of every payout in Rules, so that exact
// arithmetic on them (a horn's four parts, say) cannot overflow.
const maxRatioTerm = 1_000_000

// Validate reports the first contradiction or out-of-range value in r as
// an error wrapping ErrInvalidRules, or nil if r can be played.
func (r Rules) Validate() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("craps: rules: %s: %w", fmt.Sprintf(format, a...), ErrInvalidRules)
	}
	switch {
	case r.Bar != 0 && r.Bar != 2 && r.Bar != 12 && r.Bar != NoBar:
		return bad("bar %d: the don't bets bar 12 or 2, or nothing (NoBar)", r.Bar)
	case r.Crapless && r.bar() != 12:
		return bad("bar %d in crapless craps, which has no don't bets", r.Bar)
	case r.Unit < 0 || r.Minimum < 0 || r.Maximum < 0:
		return bad("negative unit, minimum or maximum")
	case r.Maximum != 0 && r.Minimum > r.Maximum:
		return bad("minimum %d above maximum %d", r.Minimum, r.Maximum)
	case r.Minimum%r.unit() != 0 || r.Maximum%r.unit() != 0:
		return bad("minimum %d or maximum %d is not a whole number of units of %d", r.Minimum, r.Maximum, r.unit())
	case r.Lay > LayStakeMultiple:
		return bad("lay limit %d", r.Lay)
	case r.NotOffered>>numKinds != 0 || r.NotOffered.Has(NoBet):
		return bad("not-offered set %#x holds no bet kinds", uint64(r.NotOffered))
	case r.Cards != NoCards && !r.Cards.valid():
		return bad("card reading %v", r.Cards)
	}
	for _, p := range []struct {
		name  string
		ratio Ratio
	}{
		{"field 2", r.Field2}, {"field 12", r.Field12}, {"hard 4", r.Hard4}, {"hard 6", r.Hard6},
		{"any 7", r.Any7}, {"any craps", r.AnyCraps}, {"2", r.Two}, {"3", r.Three},
		{"11", r.Eleven}, {"12", r.Twelve}, {"easy hop", r.EasyHop}, {"hard hop", r.HardHop},
		{"fire 4", r.Fire.Four}, {"fire 5", r.Fire.Five}, {"fire 6", r.Fire.Six},
		{"all", r.ATS.All}, {"tall", r.ATS.Tall}, {"small", r.ATS.Small},
	} {
		if !p.ratio.IsZero() && (!p.ratio.valid() || p.ratio.Win > maxRatioTerm || p.ratio.Stake > maxRatioTerm) {
			return bad("%s pays %v: a payout needs a win of 0 to %d and a stake of 1 to %[3]d", p.name, p.ratio, maxRatioTerm)
		}
	}
	if r.PropsFor1 {
		for _, k := range []BetKind{Aces, AceDeuce, Yo, Boxcars} {
			if r.propPays(k).Win < 0 {
				return bad("%v printed for 1 pays less than nothing", k)
			}
		}
		if r.hopPays(Dice{1, 2}).Win < 0 || r.hopPays(Dice{1, 1}).Win < 0 {
			return bad("a hop printed for 1 pays less than nothing")
		}
	}
	for _, o := range []int{r.Odds.On4, r.Odds.On5, r.Odds.On6, r.Odds.On3, r.Odds.On2} {
		if o < 0 || o > 10_000 {
			return bad("odds multiple %d: from 1 to 10000, or 0 for 3-4-5x", o)
		}
	}
	for _, c := range []struct {
		name string
		c    Commission
	}{{"buy", r.BuyCommission}, {"lay", r.LayCommission}} {
		rate := c.c.rate()
		switch {
		case !rate.valid() || rate.Win >= rate.Stake || rate.Stake > maxRatioTerm:
			return bad("%s commission rate %v: from 0 to under 100%%", c.name, rate)
		case c.c.Base > CommissionOnWin || c.c.Timing > CommissionUpfrontReturned || c.c.Rounding > RoundUp:
			return bad("%s commission has an unknown base, timing or rounding", c.name)
		case c.c.Minimum < 0:
			return bad("%s commission minimum %d is negative", c.name, c.c.Minimum)
		}
	}
	for _, s := range []Switch{r.ComeOut.Place, r.ComeOut.Buy, r.ComeOut.Lay, r.ComeOut.ComeOdds,
		r.ComeOut.DontComeOdds, r.ComeOut.Hardways} {
		if s > SwitchOff {
			return bad("come-out switch %d", s)
		}
	}
	// A horn, horn high, C&E or world bet must not lose money on a throw
	// that one of its parts wins: that part has to pay for the others.
	for _, b := range []Bet{{Kind: Horn}, {Kind: CAndE}, {Kind: World},
		{Kind: HornHigh, Number: 2}, {Kind: HornHigh, Number: 3},
		{Kind: HornHigh, Number: 11}, {Kind: HornHigh, Number: 12}} {
		if r.NotOffered.Has(b.Kind) {
			continue
		}
		for _, d := range AllDice() {
			if b.roll(&r, betState{}, d).verdict != loses {
				continue
			}
			for _, p := range b.parts() {
				if p.weight != 0 && (Bet{Kind: p.kind}).roll(&r, betState{}, d).verdict == wins {
					return bad("%v loses money on %v although its %v part wins: raise that payout or list %v in NotOffered", b, d, p.kind, b.Kind)
				}
			}
		}
	}
	return nil
}

// ParseOddsLimit reads an odds limit as OddsLimit.String writes it: "2x"
// or "100x" for the same multiple on every point, "3-4-5x" for 4 and 10,
// 5 and 9, 6 and 8 (crapless points get the 4's multiple), or
// "3-4-5-3-3x" adding 3 and 11, 2 and 12. The trailing x is optional.
// Anything else is an error wrapping ErrSyntax.
func ParseOddsLimit(s string) (OddsLimit, error) {
	parts := strings.Split(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "x"), "-")
	var m []int
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			return OddsLimit{}, syntaxError("odds limit", s)
		}
		m = append(m, n)
	}
	switch len(m) {
	case 1:
		return FlatOdds(m[0]), nil
	case 3:
		return OddsLimit{m[0], m[1], m[2], m[0], m[0]}, nil
	case 5:
		return OddsLimit{m[0], m[1], m[2], m[3], m[4]}, nil
	}
	return OddsLimit{}, syntaxError("odds limit", s)
}
