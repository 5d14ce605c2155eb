package craps

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func TestParseRatio(t *testing.T) {
	tests := []struct {
		reason string
		in     string
		want   Ratio
	}{
		{"the usual colon form", "7:6", Ratio{7, 6}},
		{"spelled out with to", "7 to 6", Ratio{7, 6}},
		{"case does not matter", "7 TO 6", Ratio{7, 6}},
		{"30 for 1 counts the returned stake: it is 29 to 1", "30 for 1", Ratio{29, 1}},
		{"15 for 1 is 14 to 1", "15 for 1", Ratio{14, 1}},
		{"a fire bet's 250 for 1 is 249 to 1", "250 for 1", Ratio{249, 1}},
		{"a bare number is to 1", "2", Ratio{2, 1}},
		{"reduced to lowest terms", "10:4", Ratio{5, 2}},
		{"a for ratio is reduced too: 12 for 2 is 10:2 is 5:1", "12 for 2", Ratio{5, 1}},
		{"spaces around the terms are ignored", " 9 : 5 ", Ratio{9, 5}},
		{"a bet that pays nothing reduces to 0:1", "0:5", Ratio{0, 1}},
		{"1 for 1 gives back only the stake", "1 for 1", Ratio{0, 1}},
		{"a bare 0", "0", Ratio{0, 1}},
	}
	for _, tc := range tests {
		got, err := ParseRatio(tc.in)
		if err != nil {
			t.Errorf("ParseRatio(%q) (%s): %v", tc.in, tc.reason, err)
			continue
		}
		if got != tc.want {
			t.Errorf("ParseRatio(%q) (%s) = %v, want %v", tc.in, tc.reason, got, tc.want)
		}
	}
}

func TestParseRatioRejects(t *testing.T) {
	tests := []struct {
		reason string
		in     string
	}{
		{"empty", ""},
		{"a negative win", "-1:2"},
		{"a zero stake", "1:0"},
		{"a negative stake", "1:-2"},
		{"0 for 1 would pay less than nothing", "0 for 1"},
		{"1 for 2 would pay less than nothing", "1 for 2"},
		{"not numbers", "a:b"},
		{"three terms", "7:6:5"},
		{"a slash is not a separator", "7/6"},
		{"a for with no stake", "3 for"},
		{"a for with no win", "for 1"},
		{"a win that does not fit in int64", "9223372036854775808:1"},
		{"a decimal", "1.5:1"},
	}
	for _, tc := range tests {
		got, err := ParseRatio(tc.in)
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseRatio(%q) (%s) = %v, %v; want an error wrapping ErrSyntax", tc.in, tc.reason, got, err)
		}
	}
}

func TestRatioMethods(t *testing.T) {
	tests := []struct {
		reason string
		r      Ratio
		str    string
		rat    string
		isZero bool
		for1   Ratio
	}{
		{"place 6", Ratio{7, 6}, "7:6", "7/6", false, Ratio{1, 6}},
		{"30 for 1 read as printed", Ratio{30, 1}, "30:1", "30", false, Ratio{29, 1}},
		{"15 for 1", Ratio{15, 1}, "15:1", "15", false, Ratio{14, 1}},
		{"a 5 for 1 any 7 is the same money as 4 to 1", Ratio{5, 1}, "5:1", "5", false, Ratio{4, 1}},
		{"even money for 1 pays nothing", Ratio{1, 1}, "1:1", "1", false, Ratio{0, 1}},
		{"Rat reduces", Ratio{10, 4}, "10:4", "5/2", false, Ratio{6, 4}},
		{"0:1 is a set ratio that pays nothing", Ratio{0, 1}, "0:1", "0", false, Ratio{-1, 1}},
	}
	for _, tc := range tests {
		if got := tc.r.String(); got != tc.str {
			t.Errorf("%s: String() = %q, want %q", tc.reason, got, tc.str)
		}
		if got := tc.r.Rat().RatString(); got != tc.rat {
			t.Errorf("%s: Rat() = %s, want %s", tc.reason, got, tc.rat)
		}
		if got := tc.r.IsZero(); got != tc.isZero {
			t.Errorf("%s: IsZero() = %v, want %v", tc.reason, got, tc.isZero)
		}
		if got := tc.r.For(); got != tc.for1 {
			t.Errorf("%s: For() = %v, want %v", tc.reason, got, tc.for1)
		}
	}
	if !(Ratio{}).IsZero() {
		t.Error("the zero Ratio is not IsZero")
	}
	for _, r := range []Ratio{{}, {1, 0}, {-3, 0}} {
		if q := r.Rat(); q != nil {
			t.Errorf("%v.Rat() = %v, want nil: a zero stake is no fraction", r, q)
		}
	}
}

func TestRatioTextRoundTrip(t *testing.T) {
	for _, r := range []Ratio{{7, 6}, {29, 1}, {0, 1}, {5, 11}, {}} {
		text, err := r.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText: %v", r, err)
		}
		back := Ratio{123, 4}
		if err := back.UnmarshalText(text); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", text, err)
		}
		if back != r {
			t.Errorf("%#v marshals to %q, which unmarshals to %#v", r, text, back)
		}
	}
	r := Ratio{7, 6}
	if err := r.UnmarshalText([]byte("7:0")); !errors.Is(err, ErrSyntax) {
		t.Errorf("UnmarshalText(7:0): err = %v, want ErrSyntax", err)
	}
	if r != (Ratio{7, 6}) {
		t.Errorf("a failed UnmarshalText changed the ratio to %v", r)
	}
}

func TestPay(t *testing.T) {
	tests := []struct {
		reason      string
		ratio       Ratio
		stake, unit Amount
		want        Payout
	}{
		{"place 6 for 6 pays 7", Ratio{7, 6}, 6, 1, Payout{Win: 7}},
		{"place 6 for 5 in whole chips: 35/6 is 5 and a fraction of a chip, which no currency pays", Ratio{7, 6}, 5, 1, Payout{Win: 5}},
		{"the same in cents with a one-dollar unit: 583 cents exact, 500 paid, 83 broken", Ratio{7, 6}, 500, 100, Payout{Win: 500, Breakage: 83}},
		{"a stake in multiples of 6 dollars pays whole dollars", Ratio{7, 6}, 600, 100, Payout{Win: 700}},
		{"unit 0 means 1", Ratio{7, 6}, 500, 0, Payout{Win: 583}},
		{"place 4 pays 9:5 (the croupier trainer: 10 wins 18)", Ratio{9, 5}, 10, 1, Payout{Win: 18}},
		{"odds on 5 pay 3:2 (the croupier trainer: 10 wins 15)", Ratio{3, 2}, 10, 1, Payout{Win: 15}},
		{"odds on 5 of 5: 7.5 in chips of 1 pays 7", Ratio{3, 2}, 5, 1, Payout{Win: 7}},
		{"odds on 5 of 5 in chips of 5: 7 exact, 5 paid, 2 broken", Ratio{3, 2}, 5, 5, Payout{Win: 5, Breakage: 2}},
		{"lay 1:2 on 11: 5.5 pays 5", Ratio{1, 2}, 11, 1, Payout{Win: 5}},
		{"the 2 at 30:1 (the croupier trainer: 5 wins 150)", Ratio{30, 1}, 5, 1, Payout{Win: 150}},
		{"a unit larger than the payout pays nothing and breaks it all", Ratio{7, 6}, 6, 25, Payout{Win: 0, Breakage: 7}},
		{"a zero stake wins nothing", Ratio{7, 6}, 0, 5, Payout{}},
		{"a 0:1 payout pays nothing", Ratio{0, 1}, 100, 1, Payout{}},
		{"the largest stake at even money fits exactly", Ratio{1, 1}, math.MaxInt64, 1, Payout{Win: math.MaxInt64}},
		{"huge terms that cancel fit exactly", Ratio{math.MaxInt64, math.MaxInt64}, math.MaxInt64, 1, Payout{Win: math.MaxInt64}},
		{"breakage on the largest payout", Ratio{1, 1}, math.MaxInt64, 10, Payout{Win: math.MaxInt64 - 7, Breakage: 7}},
	}
	for _, tc := range tests {
		got, err := tc.ratio.Pay(tc.stake, tc.unit)
		if err != nil {
			t.Errorf("%v.Pay(%d, %d) (%s): %v", tc.ratio, tc.stake, tc.unit, tc.reason, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%v.Pay(%d, %d) (%s): (-want +got)\n%s", tc.ratio, tc.stake, tc.unit, tc.reason, diff)
		}
	}
}

func TestPayErrors(t *testing.T) {
	tests := []struct {
		reason      string
		ratio       Ratio
		stake, unit Amount
		want        error
	}{
		{"a negative stake", Ratio{1, 1}, -1, 1, ErrSyntax},
		{"a negative unit", Ratio{1, 1}, 10, -1, ErrSyntax},
		{"a zero stake term", Ratio{1, 0}, 10, 1, ErrSyntax},
		{"a negative win term", Ratio{-1, 1}, 10, 1, ErrSyntax},
		{"the zero Ratio is not a payout", Ratio{}, 10, 1, ErrSyntax},
		{"twice the largest stake does not fit", Ratio{2, 1}, math.MaxInt64, 1, ErrOverflow},
		{"just above the largest amount: MaxInt64 * M/(M-1) is MaxInt64+1", Ratio{math.MaxInt64, math.MaxInt64 - 1}, math.MaxInt64, 1, ErrOverflow},
		{"the 128-bit product overflows the quotient", Ratio{math.MaxInt64, 1}, math.MaxInt64, 1, ErrOverflow},
	}
	for _, tc := range tests {
		got, err := tc.ratio.Pay(tc.stake, tc.unit)
		if !errors.Is(err, tc.want) {
			t.Errorf("%v.Pay(%d, %d) (%s) = %+v, %v; want an error wrapping %v", tc.ratio, tc.stake, tc.unit, tc.reason, got, err, tc.want)
		}
	}
}

// TestPayNeverBeatsTheRatio: whatever the ratio, stake and unit, what is
// paid plus what is broken is the exact payout rounded down to the money
// unit, the paid part is whole units, and breakage is less than one unit.
// Rounding never pays more than the ratio.
func TestPayNeverBeatsTheRatio(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := Ratio{rapid.Int64Range(0, 1000).Draw(t, "win"), rapid.Int64Range(1, 1000).Draw(t, "stake")}
		stake := Amount(rapid.Int64Range(0, 1e9).Draw(t, "amount"))
		unit := Amount(rapid.Int64Range(1, 100).Draw(t, "unit"))
		got, err := r.Pay(stake, unit)
		if err != nil {
			t.Fatalf("%v.Pay(%d, %d): %v", r, stake, unit, err)
		}
		exact := new(big.Int).Mul(big.NewInt(int64(stake)), big.NewInt(r.Win))
		exact.Quo(exact, big.NewInt(r.Stake))
		if sum := big.NewInt(int64(got.Win + got.Breakage)); sum.Cmp(exact) != 0 {
			t.Fatalf("%v.Pay(%d, %d) = %+v: Win+Breakage = %v, want floor(stake*win/stake) = %v", r, stake, unit, got, sum, exact)
		}
		if got.Win%unit != 0 {
			t.Fatalf("%v.Pay(%d, %d) = %+v: Win is not a whole number of units", r, stake, unit, got)
		}
		if big.NewInt(int64(got.Win)).Cmp(exact) > 0 {
			t.Fatalf("%v.Pay(%d, %d) = %+v pays more than the exact %v", r, stake, unit, got, exact)
		}
		if got.Breakage < 0 || got.Breakage >= unit {
			t.Fatalf("%v.Pay(%d, %d) = %+v: breakage outside [0, unit)", r, stake, unit, got)
		}
	})
}

func TestCommissionCharge(t *testing.T) {
	tests := []struct {
		reason     string
		c          Commission
		base, unit Amount
		want       Amount
	}{
		{"the zero Commission is 5%: 5% of 20 is 1", Commission{}, 20, 1, 1},
		{"5% of 30 is 1.5: rounded down", Commission{Rounding: RoundDown}, 30, 1, 1},
		{"5% of 30 is 1.5: a half rounds up to nearest", Commission{Rounding: RoundNearest}, 30, 1, 2},
		{"5% of 30 is 1.5: rounded up", Commission{Rounding: RoundUp}, 30, 1, 2},
		{"5% of 25 is 1.25: nearest is 1", Commission{Rounding: RoundNearest}, 25, 1, 1},
		{"5% of 25 is 1.25: up is 2", Commission{Rounding: RoundUp}, 25, 1, 2},
		{"5% of 10 is 0.5: nearest rounds the half up", Commission{Rounding: RoundNearest}, 10, 1, 1},
		{"5% of 9 is 0.45: nearest is 0", Commission{Rounding: RoundNearest}, 9, 1, 0},
		{"5% of 9 is 0.45: up is 1", Commission{Rounding: RoundUp}, 9, 1, 1},
		{"5% of 100 is exact whatever the rounding", Commission{Rounding: RoundUp}, 100, 1, 5},
		{"unit 0 means 1", Commission{}, 20, 0, 1},
		{"cents, one-dollar unit: 125 cents rounds down to 100", Commission{}, 2500, 100, 100},
		{"cents: 125 is nearer 100 than 200", Commission{Rounding: RoundNearest}, 2500, 100, 100},
		{"cents: 125 rounds up to 200", Commission{Rounding: RoundUp}, 2500, 100, 200},
		{"cents: 150 is half a unit over, nearest goes up", Commission{Rounding: RoundNearest}, 3000, 100, 200},
		{"cents: 149.5 is just under half, nearest goes down", Commission{Rounding: RoundNearest}, 2990, 100, 100},
		{"cents: exactly 100 stays 100 rounded up", Commission{Rounding: RoundUp}, 2000, 100, 100},
		{"cents: 99.95 rounds up to 100", Commission{Rounding: RoundUp}, 1999, 100, 100},
		{"an odd unit: 1.5 is exactly half of 3, nearest goes up", Commission{Rounding: RoundNearest}, 30, 3, 3},
		{"an odd unit: 1.45 is under half of 3, nearest goes down", Commission{Rounding: RoundNearest}, 29, 3, 0},
		{"a 4% rate", Commission{Rate: Ratio{1, 25}}, 100, 1, 4},
		{"a 4.5% rate on 200 is 9", Commission{Rate: Ratio{9, 200}}, 200, 1, 9},
		{"Ratio{0, 1} charges nothing, even rounded up", Commission{Rate: Ratio{0, 1}, Rounding: RoundUp}, 1000, 1, 0},
		{"the minimum applies when the charge is less", Commission{Minimum: 5}, 20, 1, 5},
		{"the minimum applies to a zero charge", Commission{Minimum: 1}, 0, 1, 1},
		{"the minimum does not lower a larger charge", Commission{Minimum: 5}, 1000, 1, 50},
		{"the minimum applies after rounding", Commission{Rounding: RoundUp, Minimum: 3}, 30, 1, 3},
		{"zero base, zero charge", Commission{Rounding: RoundUp}, 0, 1, 0},
		{"a unit of the largest amount rounds up to it", Commission{Rounding: RoundUp}, math.MaxInt64, math.MaxInt64, math.MaxInt64},
	}
	for _, tc := range tests {
		got, err := tc.c.Charge(tc.base, tc.unit)
		if err != nil {
			t.Errorf("%+v.Charge(%d, %d) (%s): %v", tc.c, tc.base, tc.unit, tc.reason, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%+v.Charge(%d, %d) (%s) = %d, want %d", tc.c, tc.base, tc.unit, tc.reason, got, tc.want)
		}
	}
}

func TestCommissionChargeErrors(t *testing.T) {
	tests := []struct {
		reason     string
		c          Commission
		base, unit Amount
		want       error
	}{
		{"a negative base", Commission{}, -20, 1, ErrSyntax},
		{"a negative unit", Commission{}, 20, -1, ErrSyntax},
		{"a rate with a zero stake term", Commission{Rate: Ratio{1, 0}}, 20, 1, ErrSyntax},
		{"a negative rate", Commission{Rate: Ratio{-1, 20}}, 20, 1, ErrSyntax},
		{"95% of the largest amount, rounded up to 2^62, is 2^63", Commission{Rate: Ratio{19, 20}, Rounding: RoundUp}, math.MaxInt64, 1 << 62, ErrOverflow},
		{"300% of the largest amount", Commission{Rate: Ratio{3, 1}}, math.MaxInt64, 1, ErrOverflow},
	}
	for _, tc := range tests {
		got, err := tc.c.Charge(tc.base, tc.unit)
		if !errors.Is(err, tc.want) {
			t.Errorf("%+v.Charge(%d, %d) (%s) = %d, %v; want an error wrapping %v", tc.c, tc.base, tc.unit, tc.reason, got, err, tc.want)
		}
	}
}

// TestCommissionChargeRoundUpWraps: a rate of 100% or more (which Charge
// accepts; only Rules.Validate refuses it) whose exact charge fits in 64
// bits, rounded up to a large unit, passes 2^64 and wraps around to a tiny
// charge instead of reporting ErrOverflow.
func TestCommissionChargeRoundUpWraps(t *testing.T) {
	c := Commission{Rate: Ratio{2, 1}, Rounding: RoundUp}
	// Exact: 2^64-2; rounded up to a multiple of 2^62+1: 4*(2^62+1) = 2^64+4.
	got, err := c.Charge(math.MaxInt64, 1<<62+1)
	if !errors.Is(err, ErrOverflow) {
		t.Errorf("Charge(MaxInt64, 2^62+1) at 200%% rounded up = %d, %v; want ErrOverflow", got, err)
	}
}

// chargeModel is Commission.Charge computed with big.Rat: the exact rate
// times base, in units, rounded, at least the minimum.
func chargeModel(c Commission, base, unit Amount) *big.Int {
	rate := c.Rate
	if rate.IsZero() {
		rate = Ratio{1, 20}
	}
	u := int64(max(unit, 1))
	units := new(big.Rat).SetFrac(big.NewInt(int64(base)), big.NewInt(u))
	units.Mul(units, big.NewRat(rate.Win, rate.Stake))
	switch c.Rounding {
	case RoundNearest:
		units.Add(units, big.NewRat(1, 2))
	case RoundUp:
		// ceil(x) = -floor(-x)
		units.Neg(units)
	}
	q := new(big.Int).Div(units.Num(), units.Denom()) // Euclidean: floor for a positive denominator
	if c.Rounding == RoundUp {
		q.Neg(q)
	}
	q.Mul(q, big.NewInt(u))
	if m := big.NewInt(int64(c.Minimum)); q.Cmp(m) < 0 {
		q = m
	}
	return q
}

// TestChargeMatchesExactRounding compares Charge with chargeModel for the
// rates Rules.Validate accepts (under 100%).
func TestChargeMatchesExactRounding(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var c Commission
		if rapid.Bool().Draw(t, "setRate") {
			s := rapid.Int64Range(1, 1000).Draw(t, "rateStake")
			c.Rate = Ratio{rapid.Int64Range(0, s-1).Draw(t, "rateWin"), s}
		}
		c.Rounding = Rounding(rapid.IntRange(0, 2).Draw(t, "rounding"))
		c.Minimum = Amount(rapid.Int64Range(0, 100).Draw(t, "minimum"))
		base := Amount(rapid.Int64Range(0, 1e12).Draw(t, "base"))
		unit := Amount(rapid.Int64Range(0, 1000).Draw(t, "unit"))
		got, err := c.Charge(base, unit)
		if err != nil {
			t.Fatalf("%+v.Charge(%d, %d): %v", c, base, unit, err)
		}
		if want := chargeModel(c, base, unit); big.NewInt(int64(got)).Cmp(want) != 0 {
			t.Fatalf("%+v.Charge(%d, %d) = %d, want %v", c, base, unit, got, want)
		}
	})
}

func FuzzParseRatio(f *testing.F) {
	for _, s := range []string{"7:6", "7 to 6", "30 for 1", "2", "10:4", "", "-1:2", "1:0", "0 for 1", "a:b",
		"9223372036854775807 for 1", "9223372036854775807:9223372036854775806", " 5 TO 11 ", "+3:+2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRatio(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("ParseRatio(%q): error %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		if !r.valid() {
			t.Fatalf("ParseRatio(%q) = %v, not a valid payout", s, r)
		}
		if g := new(big.Int).GCD(nil, nil, big.NewInt(r.Win), big.NewInt(r.Stake)); r.Win != 0 && g.Int64() != 1 || r.Win == 0 && r.Stake != 1 {
			t.Fatalf("ParseRatio(%q) = %v, not in lowest terms", s, r)
		}
		back, err := ParseRatio(r.String())
		if err != nil || back != r {
			t.Fatalf("ParseRatio(%q) = %v, but its String %q parses to %v, %v", s, r, r.String(), back, err)
		}
	})
}

// FuzzPay checks Pay's 64-bit arithmetic against the same computation in
// big.Int, on any inputs, including the overflow boundary.
func FuzzPay(f *testing.F) {
	const maxI = math.MaxInt64
	seeds := []struct{ stake, win, rstake, unit int64 }{
		{6, 7, 6, 1},
		{500, 7, 6, 100},
		{maxI, 1, 1, 1},                         // fits exactly
		{maxI, 2, 1, 1},                         // just over
		{maxI, maxI, maxI, 1},                   // huge terms, fits
		{maxI, maxI, maxI - 1, 1},               // MaxInt64+1: over
		{maxI / 2, 2, 1, 3},                     // MaxInt64-1: fits
		{maxI/2 + 1, 2, 1, 1},                   // MaxInt64+1: over
		{1 << 62, 3, 2, 7},                      // 1.5 * 2^62: fits
		{1 << 62, 2, 1, 1},                      // 2^63: over by one
		{maxI, maxI - 1, maxI, 1},               // just under MaxInt64
		{-1, 1, 1, 1},                           // negative stake
		{1, -1, 1, 1},                           // negative win
		{1, 1, 0, 1},                            // zero stake term
		{1, 1, 1, -5},                           // negative unit
		{12345, 0, 9, 0},                        // pays nothing, unit 0
		{maxI, 5, 11, maxI},                     // unit larger than the payout
		{3_000_000_000, 3_000_000_000, 7, 1000}, // a product past 2^63
	}
	for _, s := range seeds {
		f.Add(s.stake, s.win, s.rstake, s.unit)
	}
	f.Fuzz(func(t *testing.T, stake, win, rstake, unit int64) {
		r := Ratio{win, rstake}
		got, err := r.Pay(Amount(stake), Amount(unit))
		if stake < 0 || win < 0 || rstake <= 0 || unit < 0 {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("%v.Pay(%d, %d) = %+v, %v; want ErrSyntax", r, stake, unit, got, err)
			}
			return
		}
		exact := new(big.Int).Mul(big.NewInt(stake), big.NewInt(win))
		exact.Quo(exact, big.NewInt(rstake))
		if !exact.IsInt64() {
			if !errors.Is(err, ErrOverflow) {
				t.Fatalf("%v.Pay(%d, %d) = %+v, %v; exact payout %v does not fit, want ErrOverflow", r, stake, unit, got, err, exact)
			}
			return
		}
		if err != nil {
			t.Fatalf("%v.Pay(%d, %d): %v; exact payout is %v", r, stake, unit, err, exact)
		}
		u := max(unit, 1)
		e := exact.Int64()
		want := Payout{Win: Amount(e - e%u), Breakage: Amount(e % u)}
		if got != want {
			t.Fatalf("%v.Pay(%d, %d) = %+v, want %+v", r, stake, unit, got, want)
		}
	})
}

// A plain step's win, worked out by multiplying by its reciprocal, is
// mulDiv's floor(stake × Win / Stake) wherever payPlain reports it exact,
// and payPlain reports it exact for every product below 2^32: checked on
// random ratios and stakes, the products either side of 2^32 and every
// winning step the casino presets compile.
func TestPayPlainMatchesMulDiv(t *testing.T) {
	check := func(t ttTB, pays Ratio, stake Amount) {
		var s step
		s.setGain(pays)
		got, ok := s.payPlain(stake)
		want, _ := mulDiv(stake, pays.Win, pays.Stake)
		product := new(big.Int).Mul(big.NewInt(int64(stake)), big.NewInt(pays.Win))
		if exact := product.Cmp(big.NewInt(1<<32)) < 0; ok != exact {
			t.Fatalf("%d at %v: payPlain reports exact %v, want %v", stake, pays, ok, exact)
		}
		if ok && got != want {
			t.Fatalf("%d at %v: payPlain pays %d, mulDiv %d", stake, pays, got, want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		pays := Ratio{rapid.Int64Range(0, 1<<32).Draw(t, "win"), rapid.Int64Range(1, 1<<32-1).Draw(t, "stake")}
		check(t, pays, Amount(rapid.Int64Range(0, 1<<40).Draw(t, "amount")))
		if pays.Win > 0 {
			edge := Amount((1<<32 - 1) / pays.Win) // the largest exact stake
			check(t, pays, edge)
			check(t, pays, edge+1)
		}
	})
	for _, name := range ttCasinoPresets() {
		r, err := preset(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range r.Catalogue() {
			for _, row := range compile(&r, b).steps {
				for _, s := range row {
					if !s.plain || s.verdict != wins {
						continue
					}
					edge := Amount((1<<32 - 1) / s.pays.Win)
					for _, stake := range []Amount{1, 5, 999, edge, edge + 1} {
						check(t, s.pays, stake)
					}
				}
			}
		}
	}
}
