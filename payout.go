package craps

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Amount is money, in the smallest unit the caller counts (a chip, a dollar,
// a cent). Play and payouts use whole Amounts only: there are no floats
// anywhere a bet is paid.
type Amount int64

// Ratio is a payout, "Win to Stake": a winning bet of Stake pays Win on top
// of returning the stake, so Ratio{7, 6} is the 7:6 of a place 6. The zero
// Ratio means "not set"; in Rules it stands for the default payout.
type Ratio struct {
	Win, Stake int64
}

// String prints the ratio as "7:6".
func (r Ratio) String() string {
	return strconv.FormatInt(r.Win, 10) + ":" + strconv.FormatInt(r.Stake, 10)
}

// IsZero reports whether r is the zero Ratio, "not set".
func (r Ratio) IsZero() bool { return r == Ratio{} }

// valid reports whether r is a payout the package can work with: a positive
// stake and a win that is not negative.
func (r Ratio) valid() bool { return r.Stake > 0 && r.Win >= 0 }

// For reads r as a payout printed "Win for Stake", which counts the returned
// stake in the amount paid, and returns the same payout as "to": 30 for 1 is
// 29:1. It is the one place the package converts "for" to "to".
func (r Ratio) For() Ratio { return Ratio{r.Win - r.Stake, r.Stake} }

// Rat returns the ratio as an exact fraction, Win/Stake, or nil for a
// ratio with a zero Stake, which is no fraction (the zero Ratio, "not
// set", among them).
func (r Ratio) Rat() *big.Rat {
	if r.Stake == 0 {
		return nil
	}
	return big.NewRat(r.Win, r.Stake)
}

// or returns r, or def where r is not set.
func (r Ratio) or(def Ratio) Ratio {
	if r.IsZero() {
		return def
	}
	return r
}

// ParseRatio reads a payout written "7:6", "7 to 6", "30 for 1" (which is
// 29:1) or a bare "2" (2:1). The result is in lowest terms. Anything else,
// or a negative win or non-positive stake, is an error wrapping ErrSyntax.
func ParseRatio(s string) (Ratio, error) {
	text := strings.ToLower(strings.TrimSpace(s))
	sep, isFor := ":", false
	switch {
	case strings.Contains(text, " for "):
		sep, isFor = " for ", true
	case strings.Contains(text, " to "):
		sep = " to "
	case !strings.Contains(text, ":"):
		text += ":1"
	}
	a, b, _ := strings.Cut(text, sep)
	win, err1 := strconv.ParseInt(strings.TrimSpace(a), 10, 64)
	stake, err2 := strconv.ParseInt(strings.TrimSpace(b), 10, 64)
	r := Ratio{win, stake}
	if err1 != nil || err2 != nil || !r.valid() || (isFor && win < stake) {
		return Ratio{}, syntaxError("payout ratio", s)
	}
	if isFor {
		r = r.For()
	}
	if g := gcd(r.Win, r.Stake); g > 1 {
		r = Ratio{r.Win / g, r.Stake / g}
	}
	return r, nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// MarshalText writes the ratio as "7:6", and the zero Ratio as an empty
// text, which UnmarshalText reads back as the zero Ratio.
func (r Ratio) MarshalText() ([]byte, error) {
	if r.IsZero() {
		return nil, nil
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads a ratio as ParseRatio does; an empty text is the zero Ratio.
func (r *Ratio) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*r = Ratio{}
		return nil
	}
	v, err := ParseRatio(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Payout is what a winning bet is paid.
type Payout struct {
	// Win is paid to the player: the exact payout rounded down to a whole
	// number of the table's unit.
	Win Amount
	// Breakage is what rounding kept back: the exact payout, rounded down to
	// the smallest money unit, less Win. A fraction of the smallest unit
	// (7/6 of a chip, say) cannot be paid in any currency and is not counted.
	Breakage Amount
}

// Pay computes the payout of r on stake, rounded down to a whole number of
// unit (the table's smallest chip; 1 if unit is 0). A payout that is not a
// whole number of units is not lost silently: the remainder is reported as
// Breakage. It returns an error wrapping ErrOverflow if the payout does not
// fit in an Amount, and ErrSyntax for a negative stake or unit or an
// invalid ratio.
func (r Ratio) Pay(stake, unit Amount) (Payout, error) {
	if !r.valid() || stake < 0 || unit < 0 {
		return Payout{}, fmt.Errorf("craps: pay %v on %d in units of %d: %w", r, stake, unit, ErrSyntax)
	}
	exact, ok := mulDiv(stake, r.Win, r.Stake)
	if !ok {
		return Payout{}, fmt.Errorf("craps: pay %v on %d: %w", r, stake, ErrOverflow)
	}
	return breakage(exact, unit), nil
}

// breakage splits an exact payout into what is paid in whole units and what
// is kept back.
func breakage(exact, unit Amount) Payout {
	if unit <= 1 {
		return Payout{Win: exact}
	}
	paid := exact - exact%unit
	return Payout{Win: paid, Breakage: exact - paid}
}

// mulDiv returns floor(a*b/c) for a, b >= 0 and c > 0, and whether it fits
// in an Amount. It is exact for every int64 input (128-bit intermediate).
func mulDiv(a Amount, b, c int64) (Amount, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi == 0 && lo <= math.MaxInt64 {
		if c == 1 { // even money, 2:1, 30:1: no division on the hot path
			return Amount(lo), true
		}
		return Amount(lo / uint64(c)), true
	}
	if hi >= uint64(c) {
		return 0, false
	}
	q, _ := bits.Div64(hi, lo, uint64(c))
	return Amount(q), q <= math.MaxInt64
}

// addAmounts returns a+b and whether the sum fits in its type: amounts,
// or the counts of a simulation.
func addAmounts[T ~int64](a, b T) (T, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

// sumAmounts returns the sum of amounts and whether it, and every partial
// sum on the way, fits in an Amount.
func sumAmounts(amounts ...Amount) (Amount, bool) {
	sum := Amount(0)
	for _, a := range amounts {
		var ok bool
		if sum, ok = addAmounts(sum, a); !ok {
			return 0, false
		}
	}
	return sum, true
}

// less reports whether r pays less than o, exactly, for valid ratios.
func (r Ratio) less(o Ratio) bool {
	ahi, alo := bits.Mul64(uint64(r.Win), uint64(o.Stake))
	bhi, blo := bits.Mul64(uint64(o.Win), uint64(r.Stake))
	return ahi < bhi || (ahi == bhi && alo < blo)
}

// CommissionBase is what a commission is a percentage of.
type CommissionBase uint8

const (
	// CommissionStandardBase charges a buy bet on the amount bet and a lay
	// bet on the amount it would win: the casinos' usual "5% of the buy, 5%
	// of the lay's win".
	CommissionStandardBase CommissionBase = iota
	// CommissionOnBet charges on the amount bet, for buy and lay alike
	// (the second casino's lay: "5 percent is taken from it").
	CommissionOnBet
	// CommissionOnWin charges on the amount the bet would win.
	CommissionOnWin
)

// CommissionTiming is when a commission is taken, and whether it comes back.
type CommissionTiming uint8

const (
	// CommissionUpfront is taken when the bet is made and kept whatever
	// happens. It counts in the amount wagered, as published edges assume
	// (buy 4 at 4.76%).
	CommissionUpfront CommissionTiming = iota
	// CommissionOnWinOnly is taken only from a winning bet (buy 4 at 1.67%).
	CommissionOnWinOnly
	// CommissionUpfrontReturned is taken when the bet is made and given back
	// if the bet loses or is taken down, as the second casino's rules say of its buy bets.
	CommissionUpfrontReturned
	// CommissionUpfrontKeptOnLoss is taken when the bet is made, given
	// back if the bet is taken down, and kept if it loses.
	CommissionUpfrontKeptOnLoss
)

// upfront reports whether the commission is taken when the bet is made.
func (t CommissionTiming) upfront() bool { return t != CommissionOnWinOnly }

// keptOnLoss reports whether a commission taken up front stays with the
// house when the bet loses.
func (t CommissionTiming) keptOnLoss() bool {
	return t == CommissionUpfront || t == CommissionUpfrontKeptOnLoss
}

// returnedOnTakeDown reports whether a commission taken up front comes
// back, in proportion, when the bet is reduced or taken down.
func (t CommissionTiming) returnedOnTakeDown() bool {
	return t == CommissionUpfrontReturned || t == CommissionUpfrontKeptOnLoss
}

// Rounding is how a commission that is not a whole number of the table's
// unit is rounded.
type Rounding uint8

const (
	RoundDown    Rounding = iota // to the unit below: 5% of 30 is 1 in whole units
	RoundNearest                 // to the nearest unit, a half rounding up
	RoundUp                      // to the unit above: 5% of 30 is 2
)

// Commission is the house's charge on buy and lay bets. The zero Commission
// is 5%, on the standard base, taken up front, rounded down, with no minimum.
// A Table never charges more than the bet wins: a charge above the win (a
// minimum on a small bet, say) is cut to the win, whenever it is taken.
type Commission struct {
	// Rate is the charge as a fraction Win/Stake of the base: Ratio{1, 20}
	// is 5%. The zero Ratio means 5%; Ratio{0, 1} charges nothing.
	Rate     Ratio
	Base     CommissionBase
	Timing   CommissionTiming
	Rounding Rounding
	// Minimum is the least commission charged on a bet, in money units:
	// a whole number of the table's unit, at most MaxAmount; 0 is no
	// minimum.
	Minimum Amount
}

var fivePercent = Ratio{1, 20}

// rate is the commission rate with the default filled in.
func (c Commission) rate() Ratio { return c.Rate.or(fivePercent) }

// Charge is the commission on base (the bet or its win, as c.Base says)
// in a game whose smallest chip is unit: the exact rate, rounded to a whole
// number of units as c.Rounding says, and at least c.Minimum.
func (c Commission) Charge(base, unit Amount) (Amount, error) {
	rate := c.rate()
	if !rate.valid() || base < 0 || unit < 0 {
		return 0, fmt.Errorf("craps: commission %v on %d: %w", rate, base, ErrSyntax)
	}
	if unit == 0 {
		unit = 1
	}
	hi, lo := bits.Mul64(uint64(base), uint64(rate.Win))
	if hi >= uint64(rate.Stake) {
		return 0, fmt.Errorf("craps: commission %v on %d: %w", rate, base, ErrOverflow)
	}
	q, rem := bits.Div64(hi, lo, uint64(rate.Stake))
	u := uint64(unit)
	under := q % u // the exact charge is q + rem/Stake; under is its part below a unit
	q -= under
	up := false
	switch c.Rounding {
	case RoundUp:
		up = under > 0 || rem > 0
	case RoundNearest:
		// under + rem/Stake >= unit/2, without overflowing.
		up = 2*under >= u || (u-2*under == 1 && 2*rem >= uint64(rate.Stake))
	}
	if up {
		if q > math.MaxUint64-u {
			return 0, fmt.Errorf("craps: commission %v on %d: %w", rate, base, ErrOverflow)
		}
		q += u
	}
	if q > math.MaxInt64 {
		return 0, fmt.Errorf("craps: commission %v on %d: %w", rate, base, ErrOverflow)
	}
	return max(Amount(q), c.Minimum), nil
}

// WholeStake is the smallest stake of at least least that the rules take on
// bet b and that pays a whole number of the table's units on every throw it
// wins, with every part whole for a bet made of parts (horn, C&E, world,
// three-way craps, all the hardways) and an exact vig for a buy or lay bet:
// the amounts a dealer is drilled on, like the croupier trainer's "place 6
// for 12, 5 for 10". It is the smallest multiple of WholeStep held to the
// limits Table.Place holds the bet to (StakeLimits), but not to what the
// layout allows, such as the odds behind a line bet. It returns an error
// wrapping ErrInvalidRules for rules that do not validate, ErrNotOffered
// for a bet the rules do not offer, ErrTableLimit if the stake would be
// above the most the table takes on the bet, and ErrOverflow if it does not
// fit in an Amount.
func (r Rules) WholeStake(b Bet, least Amount) (Amount, error) {
	step, err := r.WholeStep(b)
	if err != nil {
		return 0, err
	}
	lo, most := r.stakeLimits(b)
	least = max(least, lo, 1)
	if least > MaxAmount {
		return 0, fmt.Errorf("craps: whole stake on %v: %w", b, ErrOverflow)
	}
	s, fits := mul64((int64(least)+int64(step)-1)/int64(step), int64(step))
	switch {
	case !fits || s > int64(MaxAmount):
		return 0, fmt.Errorf("craps: whole stake on %v: %w", b, ErrOverflow)
	case most != 0 && Amount(s) > most:
		return 0, fmt.Errorf("craps: whole stake on %v: %d is above the table's most on it, %d: %w", b, s, most, ErrTableLimit)
	}
	return Amount(s), nil
}

// WholeStep is what every stake on bet b that pays whole is a multiple of,
// as WholeStake defines paying whole: 6 for a place 6, 5 for a place 5, 40
// for a lay 4 (whose 5% vig is of what it wins), 4 for a horn (a quarter on
// each of its parts). The stakes that pay whole are its multiples, within
// the table's limits (StakeLimits); WholeStake gives the smallest of them
// at least some amount. It returns an error wrapping ErrInvalidRules for
// rules that do not validate, ErrNotOffered for a bet the rules do not
// offer, and ErrOverflow if it does not fit in an Amount.
func (r Rules) WholeStep(b Bet) (Amount, error) {
	if err := r.Validate(); err != nil {
		return 0, err
	}
	if err := r.Offers(b); err != nil {
		return 0, err
	}
	step, ok := r.wholeStep(b)
	if !ok || step > int64(MaxAmount) {
		return 0, fmt.Errorf("craps: whole stake on %v: %w", b, ErrOverflow)
	}
	return Amount(step), nil
}

// wholeStep is what every whole stake on bet b is a multiple of (see
// WholeStep), and whether it fits in an int64.
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
