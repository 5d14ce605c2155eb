package craps

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Bets on the whole hand, paid by a count: the fire bet (different points
// made), Ride the Line (pass line wins), the Hot Shooter (throws),
// Different Doubles (different doubles before a 7) and the Bonus Craps
// progressive (different totals before a 7 or a repeat). Each follows the
// game throw by throw, keeps its count in its state, and is settled by a
// HandPaytable when the count is final: at the bet's end, or at once when
// the count reaches the paytable's top tier if the paytable says so. One
// definition, handBet, plays them all.

// HandTier is one tier of a HandPaytable: what a final count of From, and
// of every count up to the next tier's From, pays. Pays is a payout "to
// 1" as everywhere in Rules (write Ratio.For, or "30 for 1" to
// ParseRatio, for a payout printed "for"); the zero Ratio loses, and Push
// gives the stake back (the Hot Shooter's "1 for 1"), Pays left zero.
type HandTier struct {
	From int
	Pays Ratio
	Push bool
}

// HandPaytable pays a bet on a count of the hand (Rules.RideTheLine,
// Rules.HotShooter, Rules.DifferentDoubles, Rules.BonusCraps): a count
// below the first tier loses, and every other count is paid by the last
// tier at or below it. The zero HandPaytable stands for the bet's usual
// published table (see each Rules field).
type HandPaytable struct {
	// Tiers are the tiers in order of From, each From above the one
	// before; unused entries at the end are zero.
	Tiers [10]HandTier
	// PaysAtTop settles the bet the moment its count reaches the last
	// tier's From, which no later throw can change, instead of at the
	// bet's end: the edge is the same, the bet is decided sooner.
	PaysAtTop bool
}

// handCount is what a bet on the hand counts, and so when its count is
// final.
type handCount uint8

const (
	noHandCount           handCount = iota
	countDifferentPoints            // different points made; final at the seven-out
	countPassWins                   // pass line wins, come-out naturals included; final at the seven-out
	countThrows                     // throws, the seven-out included; final at the seven-out
	countDifferentDoubles           // different doubles before a 7, come-out or not; final at the 7
	countDifferentTotals            // different totals before a 7 or a total thrown again; final then
)

// handCount is the count a bet of kind k is paid by, noHandCount for the
// bets that are not bets on a count.
func (k BetKind) handCount() handCount {
	switch k {
	case Fire:
		return countDifferentPoints
	case RideTheLine:
		return countPassWins
	case HotShooter:
		return countThrows
	case DifferentDoubles:
		return countDifferentDoubles
	case BonusCraps:
		return countDifferentTotals
	}
	return noHandCount
}

// most is the largest count c can reach, 0 for a count without bound
// (wins and throws, whose bets stop counting at their top tier).
func (c handCount) most() int {
	switch c {
	case countDifferentPoints, countDifferentDoubles:
		return 6
	case countDifferentTotals:
		return 10
	}
	return 0
}

// unit names what c counts, as a payout is labelled: "4 points".
func (c handCount) unit() string {
	return [...]string{"", "points", "wins", "throws", "doubles", "totals"}[c]
}

// bits reports whether c keeps a set of what it has seen in the bet's
// state (one bit each) rather than a number.
func (c handCount) bits() bool {
	return c == countDifferentPoints || c == countDifferentDoubles || c == countDifferentTotals
}

// of is the count a bet in state s has made.
func (c handCount) of(s betState) int {
	if c.bits() {
		return popcount(s.made)
	}
	return int(s.made)
}

// maxHandCount bounds the tiers of the counts without bound: a bet stops
// counting at its top tier, so its states are at most seven line states
// for each count up to it.
const maxHandCount = 200

// handBet is the one definition of every bet on a count: it follows the
// throw d as the count says (handStep), then settles the bet by its
// paytable when the bet ends, or when the count reaches the top tier of a
// paytable paid there.
func (r *Rules) handBet(b Bet, s betState, d Dice) effect {
	c := b.Kind.handCount()
	p := r.handPaytable(b.Kind)
	top := p.top().From
	next, end := r.handStep(c, top, s, d)
	if n := c.of(next); end || (p.PaysAtTop && n >= top) {
		return p.settle(n)
	}
	return effect{next: next}
}

// handStep is what throw d does to a bet on count c in state s that stops
// counting at top: its next state, holding the count with d's part in it,
// and whether d ends the bet. The counts of the hand follow the pass
// line's own rule, so that a point, a win and the seven-out are the ones
// the Table plays.
func (r *Rules) handStep(c handCount, top int, s betState, d Dice) (next betState, end bool) {
	t := d.Total()
	next = s
	switch c {
	case countDifferentPoints, countPassWins, countThrows:
		line := r.rightLine(betState{point: s.point}, t)
		next.point = line.next.point
		switch {
		case line.verdict == loses && s.point != 0: // the seven-out
			end = true
		case line.verdict == wins && c == countPassWins:
			next.made = uint16(min(int(s.made)+1, top))
		case line.verdict == wins && c == countDifferentPoints && s.point != 0:
			next.made |= 1 << s.point
		}
		if c == countThrows {
			next.made = uint16(min(int(s.made)+1, top))
		}
	case countDifferentDoubles:
		switch {
		case t == 7:
			end = true
		case d.Pair():
			next.made |= 1 << d.A
		}
	case countDifferentTotals:
		if t == 7 || s.made&(1<<t) != 0 {
			end = true
		} else {
			next.made |= 1 << t
		}
	}
	return next, end
}

// top is the paytable's last tier.
func (p HandPaytable) top() HandTier {
	top := p.Tiers[0]
	for _, t := range p.Tiers[1:] {
		if t != (HandTier{}) {
			top = t
		}
	}
	return top
}

// tierOf is the tier that pays a final count of n, and false for a count
// below the first tier.
func (p HandPaytable) tierOf(n int) (HandTier, bool) {
	var found HandTier
	ok := false
	for i, t := range p.Tiers {
		if i > 0 && t == (HandTier{}) {
			break
		}
		if t.From <= n {
			found, ok = t, true
		}
	}
	return found, ok
}

// settle is what a final count of n does to the bet: paid, pushed or
// lost as its tier says.
func (p HandPaytable) settle(n int) effect {
	t, ok := p.tierOf(n)
	switch {
	case ok && t.Push:
		return effect{verdict: pushes}
	case !ok || t.Pays.IsZero():
		return effect{verdict: loses}
	}
	return effect{verdict: wins, pays: t.Pays}
}

// handPaytable is the paytable a bet of kind k on a count plays under r:
// the fire bet's from Rules.Fire, the others from their field of r, or the
// usual published table where the field is zero.
func (r *Rules) handPaytable(k BetKind) HandPaytable {
	var p, def HandPaytable
	switch k {
	case Fire:
		var tiers []HandTier
		for n := 3; n <= 6; n++ {
			if pays, ok := r.firePays(n); ok {
				tiers = append(tiers, HandTier{From: n, Pays: pays})
			}
		}
		p.PaysAtTop = r.FirePaysAtSixthPoint
		copy(p.Tiers[:], tiers)
		return p
	case RideTheLine:
		p, def = r.RideTheLine, rideTheLineTables[0]
	case HotShooter:
		p, def = r.HotShooter, hotShooterTable
	case DifferentDoubles:
		p, def = r.DifferentDoubles, differentDoublesTable
	case BonusCraps:
		p, def = r.BonusCraps, bonusCrapsTable
	}
	if p == (HandPaytable{}) {
		return def
	}
	return p
}

// tiers makes a HandPaytable of triples of a count and its payout "to
// 1"; a payout 0:0 loses and 0:1 pushes.
func tiers(triples ...[3]int64) HandPaytable {
	var p HandPaytable
	for i, t := range triples {
		p.Tiers[i] = HandTier{From: int(t[0]), Pays: Ratio{t[1], t[2]}}
		if t[1] == 0 && t[2] == 1 {
			p.Tiers[i] = HandTier{From: int(t[0]), Push: true}
		}
	}
	return p
}

// rideTheLineGrid is Ride the Line's pay table as published: for 2 to 11
// pass line wins in the hand (11: 11 or more), what each of its seven
// tables pays "to 1", 0 a push and -1 a loss; fewer wins lose (Wizard of
// Odds, "Ride the Line", 2017, "Ride the Line Pay Table").
var rideTheLineGrid = [12][7]int64{
	2:  {0, -1, -1, -1, -1, -1, -1},
	3:  {1, 1, 1, 1, 1, 0, 0},
	4:  {2, 2, 2, 2, 2, 3, 2},
	5:  {4, 4, 3, 3, 5, 5, 4},
	6:  {6, 6, 6, 4, 8, 7, 7},
	7:  {8, 12, 10, 10, 10, 12, 10},
	8:  {15, 20, 20, 15, 20, 20, 15},
	9:  {20, 30, 30, 20, 30, 25, 25},
	10: {25, 40, 40, 30, 40, 30, 40},
	11: {50, 75, 100, 150, 50, 100, 150},
}

// rideTheLineTables are the grid's seven tables as paytables, a tier for
// each count from the first that does not lose; the first is the zero
// Rules.RideTheLine.
var rideTheLineTables = func() (tables [7]HandPaytable) {
	for i := range tables {
		var ts []HandTier
		for wins := 2; wins < len(rideTheLineGrid); wins++ {
			switch pays := rideTheLineGrid[wins][i]; {
			case pays == 0:
				ts = append(ts, HandTier{From: wins, Push: true})
			case pays > 0:
				ts = append(ts, HandTier{From: wins, Pays: Ratio{pays, 1}})
			}
		}
		copy(tables[i].Tiers[:], ts)
	}
	return tables
}()

// RideTheLineTables returns Ride the Line's seven published pay tables, in
// the order Wizard of Odds numbers them ("Ride the Line", 2017): pay
// table 1 is the zero Rules.RideTheLine.
func RideTheLineTables() [7]HandPaytable { return rideTheLineTables }

// hotShooterTable is the Hot Shooter Jackpot's pay table, by throws in the
// hand, the seven-out included, printed "for 1": 8 to 15 throws 1 for 1
// (a push), 16 to 23 3 for 1, 24 to 31 5, 32 to 39 7, 40 to 44 12, 45 to
// 50 30, 51 or more 100 for 1; 2 to 7 lose (Wizard of Odds, "Hot Shooter
// Jackpot", 2021).
var hotShooterTable = tiers([3]int64{8, 0, 1}, [3]int64{16, 2, 1}, [3]int64{24, 4, 1}, [3]int64{32, 6, 1},
	[3]int64{40, 11, 1}, [3]int64{45, 29, 1}, [3]int64{51, 99, 1})

// differentDoublesTable is Different Doubles' pay table, by different
// doubles thrown before a 7: 3 pay 4 to 1, 4 8 to 1, 5 15 to 1, all 6
// 100 to 1 (Wizard of Odds, "Different Doubles", the Beau Rivage's).
var differentDoublesTable = tiers([3]int64{3, 4, 1}, [3]int64{4, 8, 1}, [3]int64{5, 15, 1}, [3]int64{6, 100, 1})

// bonusCrapsTable is the Bonus Craps Progressive's fixed pays on its 5 bet,
// "for 1" in money, by the different totals thrown before a 7 or a total
// thrown again: 5 totals 10 for 5, 6 25, 7 50, 8 250, 9 1,500 (Wizard of
// Odds, "Bonus Craps Progressive", 2021). All ten pay the progressive
// jackpot, which this table leaves out as Wizard of Odds' return table
// does: set the tier for 10 to the meter, "J for 5" (BreakEvenTop gives
// the meter at which the bet is fair).
var bonusCrapsTable = tiers([3]int64{5, 1, 1}, [3]int64{6, 4, 1}, [3]int64{7, 9, 1}, [3]int64{8, 49, 1},
	[3]int64{9, 299, 1}, [3]int64{10, 0, 0})

// checkHandPaytable says why a paytable for the bet of kind k is out of
// range, or "".
func checkHandPaytable(k BetKind, p HandPaytable) string {
	if p == (HandPaytable{}) {
		return ""
	}
	c := k.handCount()
	most := c.most()
	if most == 0 {
		most = maxHandCount
	}
	used := 0
	for i, t := range p.Tiers {
		if i > 0 && t == (HandTier{}) {
			break
		}
		used++
		switch {
		case t.From < 0 || t.From > most:
			return fmt.Sprintf("the %v paytable's tier from %d %s: from 0 to %d", k, t.From, c.unit(), most)
		case i > 0 && t.From <= p.Tiers[i-1].From:
			return fmt.Sprintf("the %v paytable's tiers from %d and %d %s: each tier's count above the one before", k, p.Tiers[i-1].From, t.From, c.unit())
		case t.Push && !t.Pays.IsZero():
			return fmt.Sprintf("the %v paytable's tier from %d %s both pushes and pays %v", k, t.From, c.unit(), t.Pays)
		case !t.Pays.IsZero() && (!t.Pays.valid() || t.Pays.Win > maxRatioTerm || t.Pays.Stake > maxRatioTerm):
			return fmt.Sprintf("the %v paytable pays %v on %d %s: a payout needs a win of 0 to %d and a stake of 1 to %[5]d", k, t.Pays, t.From, c.unit(), maxRatioTerm)
		}
	}
	for _, t := range p.Tiers[used:] {
		if t != (HandTier{}) {
			return fmt.Sprintf("the %v paytable has a tier from %d %s after an unused one", k, t.From, c.unit())
		}
	}
	return ""
}

// String writes the paytable as ParseHandPaytable reads it: each tier
// "count@pays", comma-separated, "push" and "lose" for tiers that push and
// lose, and ",top" where it pays at its top tier: "3@4:1,4@8:1,5@15:1,6@100:1".
func (p HandPaytable) String() string {
	var parts []string
	for i, t := range p.Tiers {
		if i > 0 && t == (HandTier{}) {
			break
		}
		pays := t.Pays.String()
		switch {
		case t.Push:
			pays = "push"
		case t.Pays.IsZero():
			pays = "lose"
		}
		parts = append(parts, strconv.Itoa(t.From)+"@"+pays)
	}
	if p.PaysAtTop {
		parts = append(parts, "top")
	}
	return strings.Join(parts, ",")
}

// ParseHandPaytable reads a paytable as HandPaytable.String writes it:
// tiers "count@pays" in order of count, comma-separated, each payout as
// ParseRatio reads it ("2:1", "30 for 1"), "push" or "lose", and a last
// item "top" to pay at the top tier at once: "8@push,16@3 for 1,51@100
// for 1". Anything else, or more tiers than a
// paytable holds, is an error wrapping ErrSyntax; Rules.Validate checks
// the counts against the bet.
func ParseHandPaytable(s string) (HandPaytable, error) {
	var p HandPaytable
	items := strings.Split(strings.TrimSpace(s), ",")
	if last := strings.TrimSpace(items[len(items)-1]); strings.EqualFold(last, "top") {
		p.PaysAtTop, items = true, items[:len(items)-1]
	}
	if len(items) > len(p.Tiers) || len(items) == 0 {
		return HandPaytable{}, syntaxError("hand paytable", s)
	}
	for i, item := range items {
		count, pays, ok := strings.Cut(item, "@")
		n, err := strconv.Atoi(strings.TrimSpace(count))
		if !ok || err != nil {
			return HandPaytable{}, syntaxError("hand paytable", s)
		}
		t := HandTier{From: n}
		switch v := strings.ToLower(strings.TrimSpace(pays)); v {
		case "push":
			t.Push = true
		case "lose":
		default:
			if t.Pays, err = ParseRatio(v); err != nil {
				return HandPaytable{}, syntaxError("hand paytable", s)
			}
		}
		p.Tiers[i] = t
	}
	return p, nil
}

// handLabel names the tier a bet on a count is paid by, for describing
// its payouts: "4 points", "16-23 throws", "11+ wins".
func handLabel(c handCount, p HandPaytable, n int) string {
	t, _ := p.tierOf(n)
	last := c.most()
	for i, u := range p.Tiers {
		if u == t && i+1 < len(p.Tiers) && p.Tiers[i+1] != (HandTier{}) {
			last = p.Tiers[i+1].From - 1
		}
	}
	switch {
	case last == t.From:
		return strconv.Itoa(t.From) + " " + c.unit()
	case last == 0:
		return strconv.Itoa(t.From) + "+ " + c.unit()
	}
	return fmt.Sprintf("%d-%d %s", t.From, last, c.unit())
}

// BreakEvenTop returns the payout "to 1" on the top tier of bet b's
// paytable that makes the bet fair, its other tiers as r has them: for
// the Bonus Craps progressive, whose top tier is the jackpot, the meter
// at which the bet breaks even (a payout of x to 1 is a meter of 5(x+1)
// on its 5 bet). b is a bet on a count: the fire bet (whose top tier is
// six points), Ride the Line, the Hot Shooter, Different Doubles or Bonus
// Craps. It returns an error wrapping ErrInvalidRules, ErrNotOffered or
// ErrSyntax as Analyze does, ErrSyntax for any other bet, and
// ErrNotOffered for a top tier the bet never reaches.
func (r Rules) BreakEvenTop(b Bet) (*big.Rat, error) {
	if _, err := r.Analyze(b); err != nil {
		return nil, err
	}
	if b.Kind.handCount() == noHandCount {
		return nil, fmt.Errorf("craps: break-even of %v: not a bet on a count: %w", b, ErrSyntax)
	}
	// The return is linear in the top tier's payout: a win of nothing
	// there, and of one unit more, give the chance of reaching it.
	returnAt := func(pays Ratio) *big.Rat {
		s := r
		p := s.handPaytable(b.Kind)
		top := 0
		for i, t := range p.Tiers {
			if i == 0 || t != (HandTier{}) {
				top = i
			}
		}
		p.Tiers[top] = HandTier{From: p.Tiers[top].From, Pays: pays}
		s.setHandPaytable(b.Kind, p)
		return s.analyze(b, false).Return
	}
	nothing := returnAt(Ratio{0, 1})
	chance := new(big.Rat).Sub(returnAt(Ratio{1, 1}), nothing)
	if chance.Sign() == 0 {
		return nil, fmt.Errorf("craps: break-even of %v: its top tier is never reached: %w", b, ErrNotOffered)
	}
	return chance.Quo(nothing.Neg(nothing), chance), nil
}

// setHandPaytable makes p the paytable of the bet on a count of kind k:
// the fire bet's by its tiers from three to six points.
func (r *Rules) setHandPaytable(k BetKind, p HandPaytable) {
	switch k {
	case Fire:
		r.Fire, r.FirePaysAtSixthPoint = FirePaytable{}, p.PaysAtTop
		for _, t := range p.Tiers {
			switch t.From {
			case 3:
				r.Fire.Three = t.Pays
			case 4:
				r.Fire.Four = t.Pays
			case 5:
				r.Fire.Five = t.Pays
			case 6:
				r.Fire.Six = t.Pays
			}
		}
	case RideTheLine:
		r.RideTheLine = p
	case HotShooter:
		r.HotShooter = p
	case DifferentDoubles:
		r.DifferentDoubles = p
	case BonusCraps:
		r.BonusCraps = p
	}
}

// MarshalText writes the paytable as String does, so that Rules' JSON
// holds it as ParseHandPaytable reads it.
func (p HandPaytable) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a paytable as ParseHandPaytable does.
func (p *HandPaytable) UnmarshalText(text []byte) error {
	v, err := ParseHandPaytable(string(text))
	if err != nil {
		return err
	}
	*p = v
	return nil
}
