package craps

import (
	"errors"
	"maps"
	"pgregory.net/rapid"
	"slices"
	"testing"
)

func TestPresetsValidate(t *testing.T) {
	for _, name := range presetNames() {
		r, _ := preset(name)
		if err := r.Validate(); err != nil {
			t.Errorf("preset %q does not validate: %v", name, err)
		}
	}
	if Standard() != (Rules{}) {
		t.Errorf("Standard() = %+v, want the zero Rules", Standard())
	}
}

// presetsByName are the library's presets under the names the command
// gives them (internal/rulekeys checks that it gives them these names).
var presetsByName = map[string]func() Rules{
	"standard": Standard, "bar2": Bar2, "vegas": Vegas, "crapless": Crapless,
	"100x": Odds100x, "cards": CardCraps, "street": Street,
}

func presetNames() []string { return slices.Sorted(maps.Keys(presetsByName)) }

func preset(name string) (Rules, error) {
	f, ok := presetsByName[name]
	if !ok {
		return Rules{}, errors.New("no preset " + name)
	}
	return f(), nil
}

// TestRulesComparable uses Rules as a map key, as its documentation
// promises: equal rules are the same key, different rules are not.
func TestRulesComparable(t *testing.T) {
	seen := map[Rules]string{}
	for _, name := range presetNames() {
		r, _ := preset(name)
		if other, dup := seen[r]; dup {
			t.Errorf("presets %q and %q are the same rules", other, name)
		}
		seen[r] = name
	}
	if seen[Rules{}] != "standard" {
		t.Errorf("the zero Rules keys %q, want standard", seen[Rules{}])
	}
	r := Bar2()
	r.Field12 = Ratio{2, 1} // already so: still the same key
	if seen[r] != "bar2" {
		t.Errorf("a copy of Bar2 keys %q, want bar2", seen[r])
	}
	r.Unit = 5
	if _, ok := seen[r]; ok {
		t.Error("Bar2 with another unit finds a preset's key")
	}
}

func TestValidateRefuses(t *testing.T) {
	three2 := Rules{Three: Ratio{2, 1}}
	tests := []struct {
		reason string
		rules  Rules
	}{
		{"the bar is 12 or 2", Rules{Bar: 3}},
		{"crapless craps has no don't bets to bar", Rules{Crapless: true, Bar: 2}},
		{"a negative unit", Rules{Unit: -1}},
		{"a negative minimum", Rules{Minimum: -5}},
		{"a negative maximum", Rules{Maximum: -5}},
		{"minimum above maximum", Rules{Minimum: 100, Maximum: 50}},
		{"a minimum that is not whole units", Rules{Unit: 5, Minimum: 12}},
		{"a maximum that is not whole units", Rules{Unit: 5, Maximum: 1002}},
		{"a payout with a zero stake term", Rules{Field12: Ratio{3, 0}}},
		{"a payout with a negative win", Rules{Hard6: Ratio{-9, 1}}},
		{"a payout with a negative stake term", Rules{Any7: Ratio{4, -1}}},
		{"a payout term past the bound", Rules{Fire: FirePaytable{Six: Ratio{1_000_001, 1}}}},
		{"an all/tall/small payout term past the bound", Rules{ATS: ATSPaytable{Tall: Ratio{34, 1_000_001}}}},
		{"an odds multiple of -1", Rules{Odds: OddsLimit{On4: -1}}},
		{"an odds multiple past 10000", Rules{Odds: FlatOdds(10_001)}},
		{"a crapless odds multiple of -1", Rules{Odds: OddsLimit{On2: -1}}},
		{"a commission rate of 100%", Rules{BuyCommission: Commission{Rate: Ratio{1, 1}}}},
		{"a commission rate over 100%", Rules{LayCommission: Commission{Rate: Ratio{3, 2}}}},
		{"a commission rate with a zero stake term", Rules{LayCommission: Commission{Rate: Ratio{1, 0}}}},
		{"a negative commission rate", Rules{BuyCommission: Commission{Rate: Ratio{-1, 20}}}},
		{"an unknown commission base", Rules{BuyCommission: Commission{Base: CommissionOnWin + 1}}},
		{"an unknown commission timing", Rules{LayCommission: Commission{Timing: CommissionUpfrontReturned + 1}}},
		{"an unknown rounding", Rules{BuyCommission: Commission{Rounding: RoundUp + 1}}},
		{"a negative commission minimum", Rules{LayCommission: Commission{Minimum: -1}}},
		{"an unknown come-out switch", Rules{ComeOut: ComeOutWorking{Place: SwitchOff + 1}}},
		{"an unknown switch on hardways", Rules{ComeOut: ComeOutWorking{Hardways: 7}}},
		{"an unknown lay limit", Rules{Lay: LayStakeMultiple + 1}},
		{"NotOffered holding NoBet", Rules{NotOffered: Kinds(NoBet)}},
		{"NotOffered holding a kind past the last", Rules{NotOffered: 1 << numKinds}},
		{"the 3 at 2:1: a horn loses money when its 3 wins", three2},
		{"the 3 at 2:1, horn not offered: horn high still loses on a winning 3",
			Rules{Three: Ratio{2, 1}, NotOffered: Kinds(Horn)}},
		{"the 3 at 2:1, horn and horn high not offered: the world still loses on a winning 3",
			Rules{Three: Ratio{2, 1}, NotOffered: Kinds(Horn, HornHigh)}},
		{"any 7 at 3:1: the world loses on a 7 its any-7 part wins", Rules{Any7: Ratio{3, 1}}},
		{"the 11 at 1:2: C&E loses on an 11 its 11 part wins", Rules{Eleven: Ratio{1, 2}, NotOffered: Kinds(Horn, HornHigh, World)}},
		{"printed for 1, a 2 paying 1 for 2 pays less than nothing", Rules{PropsFor1: true, Two: Ratio{1, 2}, NotOffered: Kinds(Horn, HornHigh, World)}},
		{"printed for 1, a hop paying 0 for 1 pays less than nothing", Rules{PropsFor1: true, EasyHop: Ratio{0, 1}}},
	}
	for _, tc := range tests {
		if err := tc.rules.Validate(); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("%s: %+v.Validate() = %v, want an error wrapping ErrInvalidRules", tc.reason, tc.rules, err)
		}
	}
}

func TestValidateAccepts(t *testing.T) {
	tests := []struct {
		reason string
		rules  Rules
	}{
		{"the 3 at 2:1 once every bet it would break is off the layout",
			Rules{Three: Ratio{2, 1}, NotOffered: Kinds(Horn, HornHigh, World)}},
		{"any 7 at 3:1 without the world", Rules{Any7: Ratio{3, 1}, NotOffered: Kinds(World)}},
		{"any 7 at 4:1 makes the world push on 7, which is allowed", Rules{Any7: Ratio{4, 1}}},
		{"bar 2", Rules{Bar: 2}},
		{"bar 12 written out", Rules{Bar: 12}},
		{"a unit with whole-unit limits", Rules{Unit: 5, Minimum: 10, Maximum: 5000}},
		{"a minimum with no maximum", Rules{Minimum: 25}},
		{"minimum equal to maximum", Rules{Minimum: 25, Maximum: 25}},
		{"a commission rate of 0", Rules{BuyCommission: Commission{Rate: Ratio{0, 1}}}},
		{"a 99% commission", Rules{LayCommission: Commission{Rate: Ratio{99, 100}}}},
		{"odds up to 10000x", Rules{Odds: FlatOdds(10_000)}},
		{"payout terms at the bound", Rules{Fire: FirePaytable{Six: Ratio{1_000_000, 1_000_000}}}},
		{"a field paying nothing on 2 is a bad bet, not an invalid rule", Rules{Field2: Ratio{0, 1}}},
		{"printed for 1, a hop paying 1 for 1 pays 0:1", Rules{PropsFor1: true, EasyHop: Ratio{1, 1}}},
		{"every kind but NoBet may be off the layout", Rules{NotOffered: Kinds(PassLine, Small)}},
	}
	for _, tc := range tests {
		if err := tc.rules.Validate(); err != nil {
			t.Errorf("%s: %+v.Validate() = %v, want nil", tc.reason, tc.rules, err)
		}
	}
}

func TestOffers(t *testing.T) {
	tests := []struct {
		reason string
		rules  Rules
		bet    Bet
		want   error
	}{
		{"the pass line is always offered", Standard(), Bet{Kind: PassLine}, nil},
		{"place 6", Standard(), Bet{Kind: Place, Number: 6}, nil},
		{"no place 2 in standard craps", Standard(), Bet{Kind: Place, Number: 2}, ErrNotOffered},
		{"place 2 in crapless craps", Crapless(), Bet{Kind: Place, Number: 2}, nil},
		{"buy 12 in crapless craps", Crapless(), Bet{Kind: Buy, Number: 12}, nil},
		{"odds on 3 only where 3 is a point", Standard(), Bet{Kind: ComeOdds, Number: 3}, ErrNotOffered},
		{"odds on 3 in crapless", Crapless(), Bet{Kind: ComeOdds, Number: 3}, nil},
		{"don't pass is not offered in crapless", Crapless(), Bet{Kind: DontPass}, ErrNotOffered},
		{"don't come is not offered in crapless", Crapless(), Bet{Kind: DontCome}, ErrNotOffered},
		{"lay odds are not offered in crapless", Crapless(), Bet{Kind: DontPassOdds, Number: 4}, ErrNotOffered},
		{"the fire bet is not offered in crapless", Crapless(), Bet{Kind: Fire}, ErrNotOffered},
		{"place to lose is offered at the standard table", Standard(), Bet{Kind: PlaceToLose, Number: 4}, nil},
		{"Vegas does not offer place to lose", Vegas(), Bet{Kind: PlaceToLose, Number: 4}, ErrNotOffered},
		{"a kind listed in NotOffered", Rules{NotOffered: Kinds(Put, Fire)}, Bet{Kind: Put, Number: 6}, ErrNotOffered},
		{"the other listed kind", Rules{NotOffered: Kinds(Put, Fire)}, Bet{Kind: Fire}, ErrNotOffered},
		{"a kind not listed", Rules{NotOffered: Kinds(Put, Fire)}, Bet{Kind: PutOdds, Number: 6}, nil},
		{"hard 10 is always a hardway", Crapless(), Bet{Kind: Hardway, Number: 10}, nil},
		{"horn high 2 is not a point bet", Standard(), Bet{Kind: HornHigh, Number: 2}, nil},
		{"a hop", Standard(), Bet{Kind: Hop, Hop: Dice{1, 6}}, nil},
		{"place 7 is not a bet at all", Standard(), Bet{Kind: Place, Number: 7}, ErrSyntax},
		{"nor is a hop written larger face first", Standard(), Bet{Kind: Hop, Hop: Dice{6, 1}}, ErrSyntax},
		{"nor NoBet", Standard(), Bet{}, ErrSyntax},
		{"nor a field bet with a number", Standard(), Bet{Kind: Field, Number: 4}, ErrSyntax},
	}
	for _, tc := range tests {
		err := tc.rules.Offers(tc.bet)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: Offers(%#v) = %v, want %v", tc.reason, tc.bet, err, tc.want)
		}
	}
}

func TestCatalogue(t *testing.T) {
	for _, name := range presetNames() {
		r, _ := preset(name)
		seen := map[Bet]bool{}
		for _, b := range r.Catalogue() {
			if err := r.Offers(b); err != nil {
				t.Errorf("%s catalogue lists %v, which it does not offer: %v", name, b, err)
			}
			if seen[b] {
				t.Errorf("%s catalogue lists %v twice", name, b)
			}
			seen[b] = true
		}
	}
	has := func(r Rules, b Bet) bool { return slices.Contains(r.Catalogue(), b) }
	tests := []struct {
		reason string
		rules  Rules
		bet    Bet
		want   bool
	}{
		{"standard has place 4", Standard(), Bet{Kind: Place, Number: 4}, true},
		{"standard has no place 2", Standard(), Bet{Kind: Place, Number: 2}, false},
		{"crapless has place 2", Crapless(), Bet{Kind: Place, Number: 2}, true},
		{"crapless has no don't pass", Crapless(), Bet{Kind: DontPass}, false},
		{"crapless has no fire bet", Crapless(), Bet{Kind: Fire}, false},
		{"every hop: 1-1", Standard(), Bet{Kind: Hop, Hop: Dice{1, 1}}, true},
		{"every hop: 5-6", Standard(), Bet{Kind: Hop, Hop: Dice{5, 6}}, true},
		{"Vegas has no place to lose", Vegas(), Bet{Kind: PlaceToLose, Number: 6}, false},
		{"bar 2 has place to lose", Bar2(), Bet{Kind: PlaceToLose, Number: 6}, true},
	}
	for _, tc := range tests {
		if got := has(tc.rules, tc.bet); got != tc.want {
			t.Errorf("%s: catalogue has %v = %v, want %v", tc.reason, tc.bet, got, tc.want)
		}
	}
	// 4 line bets, 6 numbers x 10 kinds, big 6/8 and field, 4 hardways, 7
	// propositions, 4 horn highs, C&E, world, 21 hops, fire and all/tall/small.
	if got, want := len(Standard().Catalogue()), 4+6*10+3+4+7+4+2+21+4; got != want {
		t.Errorf("the standard catalogue has %d bets, want %d", got, want)
	}
}

func TestKindSet(t *testing.T) {
	s := Kinds(Put, Fire, Put)
	tests := []struct {
		reason string
		kind   BetKind
		want   bool
	}{
		{"listed", Put, true},
		{"listed too", Fire, true},
		{"not listed", PassLine, false},
		{"NoBet is not in it", NoBet, false},
		{"a kind past 63 is never in a set", BetKind(64), false},
		{"far past", BetKind(255), false},
	}
	for _, tc := range tests {
		if got := s.Has(tc.kind); got != tc.want {
			t.Errorf("%s: Has(%v) = %v, want %v", tc.reason, tc.kind, got, tc.want)
		}
	}
	if got, want := s.String(), "{Put, Fire Bet}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := KindSet(0).String(); got != "{}" {
		t.Errorf("empty String() = %q", got)
	}
}

func TestParseOddsLimit(t *testing.T) {
	tests := []struct {
		in     string
		reason string
		want   OddsLimit
		str    string
	}{
		{"2x", "double odds on every point", FlatOdds(2), "2x"},
		{"100x", "100x odds", FlatOdds(100), "100x"},
		{"1", "the x is optional", FlatOdds(1), "1x"},
		{"10X", "case does not matter", FlatOdds(10), "10x"},
		{"3-4-5x", "the common 3-4-5x; crapless points get the 4's multiple", OddsLimit{3, 4, 5, 3, 3}, "3-4-5x"},
		{"2-3-4x", "another three-part limit", OddsLimit{2, 3, 4, 2, 2}, "2-3-4x"},
		{"3-4-5-3-3x", "the crapless limit written out", OddsLimit{3, 4, 5, 3, 3}, "3-4-5x"},
		{"3-4-5-6-7x", "crapless multiples of their own", OddsLimit{3, 4, 5, 6, 7}, "3-4-5-6-7x"},
		{" 5x ", "spaces around", FlatOdds(5), "5x"},
	}
	for _, tc := range tests {
		got, err := ParseOddsLimit(tc.in)
		if err != nil {
			t.Errorf("ParseOddsLimit(%q) (%s): %v", tc.in, tc.reason, err)
			continue
		}
		if got != tc.want {
			t.Errorf("ParseOddsLimit(%q) (%s) = %+v, want %+v", tc.in, tc.reason, got, tc.want)
		}
		if s := got.String(); s != tc.str {
			t.Errorf("ParseOddsLimit(%q) (%s).String() = %q, want %q", tc.in, tc.reason, s, tc.str)
		}
	}
	rejects := []struct {
		in     string
		reason string
	}{
		{"", "empty"},
		{"x", "no multiple"},
		{"0x", "no odds is not a limit"},
		{"-1x", "a negative multiple"},
		{"2-3x", "two parts"},
		{"1-2-3-4x", "four parts"},
		{"1-2-3-4-5-6x", "six parts"},
		{"2y", "not an x"},
		{"2xx", "one x only"},
		{"3-0-5x", "a zero part"},
		{"a-b-cx", "not numbers"},
		{"1.5x", "a fraction"},
	}
	for _, tc := range rejects {
		if got, err := ParseOddsLimit(tc.in); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseOddsLimit(%q) (%s) = %+v, %v; want ErrSyntax", tc.in, tc.reason, got, err)
		}
	}
}

func TestOddsLimitMultipleAndString(t *testing.T) {
	tests := []struct {
		reason string
		limit  OddsLimit
		want   map[int]int // point -> multiple
		str    string
	}{
		{"the zero limit is 3-4-5x, 3x on the crapless points",
			OddsLimit{}, map[int]int{2: 3, 3: 3, 4: 3, 5: 4, 6: 5, 7: 0, 8: 5, 9: 4, 10: 3, 11: 3, 12: 3}, "3-4-5x"},
		{"a flat limit", FlatOdds(2), map[int]int{2: 2, 4: 2, 6: 2, 7: 0, 9: 2, 11: 2}, "2x"},
		{"a zero field takes its 3-4-5x default",
			OddsLimit{On4: 2}, map[int]int{4: 2, 10: 2, 5: 4, 6: 5, 3: 3, 12: 3}, "2-4-5-3-3x"},
		{"1 is not a point", FlatOdds(9), map[int]int{1: 0, 13: 0, 0: 0}, "9x"},
	}
	for _, tc := range tests {
		for n, want := range tc.want {
			if got := tc.limit.Multiple(n); got != want {
				t.Errorf("%s: %+v.Multiple(%d) = %d, want %d", tc.reason, tc.limit, n, got, want)
			}
		}
		if got := tc.limit.String(); got != tc.str {
			t.Errorf("%s: %+v.String() = %q, want %q", tc.reason, tc.limit, got, tc.str)
		}
	}
}

// TestOddsLimitStringParses: String writes what ParseOddsLimit reads back
// to the same multiple on every point.
func TestOddsLimitStringParses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.IntRange(0, 200)
		o := OddsLimit{m.Draw(t, "on4"), m.Draw(t, "on5"), m.Draw(t, "on6"), m.Draw(t, "on3"), m.Draw(t, "on2")}
		back, err := ParseOddsLimit(o.String())
		if err != nil {
			t.Fatalf("ParseOddsLimit(%q): %v", o.String(), err)
		}
		for n := 2; n <= 12; n++ {
			if back.Multiple(n) != o.Multiple(n) {
				t.Fatalf("%+v prints %q, which reads back as %+v: %dx on %d, want %dx", o, o.String(), back, back.Multiple(n), n, o.Multiple(n))
			}
		}
	})
}
