package craps

import (
	"errors"
	"maps"
	"math"
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
	"100x": Odds100x, "cards": CardCraps, "street": Street, "newyork": NewYork, "rocknroll": RockNRollDice, "repeaterplus": RepeaterBetsPlus, "highpoint": HighPointCraps,
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
	r.Field.Pays[12] = Ratio{2, 1} // already so: still the same key
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
		{"a payout with a zero stake term", Rules{Field: FieldPaytable{Pays: [13]Ratio{12: {3, 0}}}}},
		{"a payout with a negative win", Rules{Hard6: Ratio{-9, 1}}},
		{"a payout with a negative stake term", Rules{Any7: Ratio{4, -1}}},
		{"a payout term past the bound", Rules{Fire: FirePaytable{Six: Ratio{1_000_001, 1}}}},
		{"an all/tall/small payout term past the bound", Rules{ATS: ATSPaytable{Tall: Ratio{34, 1_000_001}}}},
		{"an odds multiple of -1", Rules{Odds: OddsLimit{On4: Ratio{-1, 1}}}},
		{"an odds multiple past 10000", Rules{Odds: FlatOdds(10_001)}},
		{"a fractional odds multiple past 10000", Rules{Odds: OddsLimit{On6: Ratio{20_001, 2}}}},
		{"an odds multiple of 0: list the odds in NotOffered instead", Rules{Odds: OddsLimit{On6: Ratio{0, 1}}}},
		{"an odds multiple with a zero stake term", Rules{Odds: OddsLimit{On5: Ratio{5, 0}}}},
		{"a crapless odds multiple of -1", Rules{Odds: OddsLimit{On2: Ratio{-1, 1}}}},
		{"a lay odds multiple past 10000", Rules{LayOdds: FlatOdds(10_001)}},
		{"a commission rate of 100%", Rules{BuyCommission: Commission{Rate: Ratio{1, 1}}}},
		{"a commission rate over 100%", Rules{LayCommission: Commission{Rate: Ratio{3, 2}}}},
		{"a commission rate with a zero stake term", Rules{LayCommission: Commission{Rate: Ratio{1, 0}}}},
		{"a negative commission rate", Rules{BuyCommission: Commission{Rate: Ratio{-1, 20}}}},
		{"an unknown commission base", Rules{BuyCommission: Commission{Base: CommissionOnWin + 1}}},
		{"an unknown commission timing", Rules{LayCommission: Commission{Timing: CommissionUpfrontKeptOnLoss + 1}}},
		{"an unknown rounding", Rules{BuyCommission: Commission{Rounding: RoundUp + 1}}},
		{"a negative commission minimum", Rules{LayCommission: Commission{Minimum: -1}}},
		// Money-valued rules are bounded by MaxAmount and whole units, so
		// that a bet and its commission add up exactly (Table.Place).
		{"a commission minimum at the int64 limit", Rules{BuyCommission: Commission{Minimum: math.MaxInt64}}},
		{"a commission minimum a unit past MaxAmount", Rules{LayCommission: Commission{Minimum: MaxAmount + 1}}},
		{"a commission minimum that is not whole units", Rules{Unit: 5, BuyCommission: Commission{Minimum: 3}}},
		{"a unit past MaxAmount", Rules{Unit: MaxAmount * 2}},
		{"a minimum past MaxAmount", Rules{Minimum: MaxAmount + 1}},
		{"a maximum past MaxAmount", Rules{Maximum: math.MaxInt64}},
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
		{"the 2 at 1:2: three-way craps loses money when its 2 wins", Rules{Two: Ratio{1, 2}, NotOffered: Kinds(Horn, HornHigh, World)}},
		{"bar none at a casino table gives the don't bettor the edge", Rules{Bar: NoBar}},
		{"the fade claim is a rule of the private game", Rules{FadeClaim: true}},
		{"no house payouts in the private game", Rules{Private: true, Bar: NoBar, Hard4: Ratio{8, 1}}},
		{"no odds limits in the private game", Rules{Private: true, Odds: FlatOdds(2)}},
		{"no bet limits in the private game", Rules{Private: true, Limits: [6]KindLimit{{Kinds: Kinds(Hardway), Maximum: 100}}}},
		{"no commissions in the private game", Rules{Private: true, BuyCommission: Commission{Timing: CommissionOnWinOnly}}},
		{"no side-bet paytables in the private game", Rules{Private: true, FirePaysAtSixthPoint: true}},
		{"a field holding 7", Rules{Field: FieldPaytable{Totals: Totals(2, 7, 12)}}},
		{"a field holding part of a total", Rules{Field: FieldPaytable{Totals: Totals(2, 12) | Combination(1, 3)}}},
		{"a field payout on a total it does not hold", Rules{Field: FieldPaytable{Pays: [13]Ratio{5: {1, 1}}}}},
		{"a field payout on 7", Rules{Field: FieldPaytable{Pays: [13]Ratio{7: {1, 1}}}}},
		{"a field payout on index 1, no total", Rules{Field: FieldPaytable{Pays: [13]Ratio{1: {1, 1}}}}},
		{"an unknown stay-up switch", Rules{StayUp: StayUpAfterWin{Buy: SwitchOff + 1}}},
		{"an unknown late pass line switch", Rules{LatePassLine: 4}},
		{"put bets off on the come-out with their odds working", Rules{ComeOut: ComeOutWorking{Put: SwitchOff, ComeOdds: SwitchOn}}},
		{"a bet limit naming no kind", Rules{Limits: [6]KindLimit{{Maximum: 100}}}},
		{"a kind in two limits", Rules{Limits: [6]KindLimit{{Kinds: Kinds(Hardway, Hop), Maximum: 100}, {Kinds: Kinds(Hop), Maximum: 25}}}},
		{"a bet limit whose minimum is above its maximum", Rules{Limits: [6]KindLimit{{Kinds: Kinds(Buy), Minimum: 50, Maximum: 25}}}},
		{"a bet limit that is not whole units", Rules{Unit: 5, Limits: [6]KindLimit{{Kinds: Kinds(Buy), Minimum: 12}}}},
		{"a bet limit past MaxAmount", Rules{Limits: [6]KindLimit{{Kinds: Kinds(PassOdds), Maximum: MaxAmount + 1}}}},
		{"a negative bet limit", Rules{Limits: [6]KindLimit{{Kinds: Kinds(Lay), Minimum: -1}}}},
		{"a bet limit on a kind past the last", Rules{Limits: [6]KindLimit{{Kinds: 1 << numKinds, Maximum: 5}}}},
		{"a limit on all the hardways, which is four hardway bets", Rules{Limits: [6]KindLimit{{Kinds: Kinds(AllHardways), Maximum: 100}}}},
		{"an all-of-a-set bet without a payout", Rules{AllBets: [4]AllPaytable{{Set: Totals(6, 8)}}}},
		{"an all-of-a-set bet holding 7", Rules{AllBets: [4]AllPaytable{{Set: Totals(6, 7, 8), Pays: Ratio{2, 1}}}}},
		{"an all-of-a-set bet on part of a total", Rules{AllBets: [4]AllPaytable{{Set: Totals(6) | Combination(4, 4), Pays: Ratio{2, 1}}}}},
		{"an all-of-a-set bet with no set", Rules{AllBets: [4]AllPaytable{{Pays: Ratio{2, 1}}}}},
		{"an all-of-a-set bet listed twice", Rules{AllBets: [4]AllPaytable{{Set: Totals(6, 8), Pays: Ratio{2, 1}}, {Set: Totals(6, 8), Pays: Ratio{3, 1}}}}},
		{"all but one of a single total", Rules{AllBets: [4]AllPaytable{{Set: Totals(6), Pays: Ratio{2, 1}, AllButOne: Ratio{1, 1}}}}},
		{"an all-of-a-set payout past the bound", Rules{AllBets: [4]AllPaytable{{Set: Totals(6, 8), Pays: Ratio{1_000_001, 1}}}}},
		{"buying 7", Rules{BuyOn: Totals(4, 7)}},
		{"buying part of a total", Rules{BuyOn: Combination(2, 2)}},
		{"buying 2 and 12, which are not points but in crapless craps", Rules{BuyOn: Totals(2, 12)}},
		{"buying 4 and 11, which is not a point", Rules{BuyOn: Totals(4, 11)}},
		{"tall as an all-of-a-set bet, at another price than ATS's", Rules{AllBets: [4]AllPaytable{{Set: Over7, Pays: Ratio{50, 1}}}}},
		{"small as an all-of-a-set bet", Rules{AllBets: [4]AllPaytable{{Set: Under7, Pays: Ratio{34, 1}}}}},
		{"all as an all-of-a-set bet", Rules{AllBets: [4]AllPaytable{{Set: Totals(6, 8), Pays: Ratio{2, 1}}, {Set: Under7 | Over7, Pays: Ratio{150, 1}}}}},
		{"a repeater payout with a zero stake term", Rules{Repeater: RepeaterPaytable{On4: Ratio{65, 0}}}},
		{"a fire payout on three points with a negative win", Rules{Fire: FirePaytable{Three: Ratio{-6, 1}}}},
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
		{"a field paying nothing on 2 is a bad bet, not an invalid rule", Rules{Field: FieldPaytable{Pays: [13]Ratio{2: {0, 1}}}}},
		{"printed for 1, a payout set for a hop is paid as written", Rules{PropsFor1: true, EasyHop: Ratio{1, 1}}},
		{"the private game without a bar", Street()},
		{"the private game with its own rules only", Rules{Private: true, Bar: 2, Unit: 5, Minimum: 10, FadeClaim: true, Cards: CardsPairKept}},
		{"a field with 5 in place of 4 and a bonus on 3", Rules{Field: FieldPaytable{Totals: Totals(2, 3, 5, 9, 10, 11, 12), Pays: [13]Ratio{3: {2, 1}, 5: {1, 1}}}}},
		{"full double odds", Rules{Odds: OddsLimit{On4: Ratio{2, 1}, On5: Ratio{2, 1}, On6: Ratio{5, 2}, On3: Ratio{2, 1}, On2: Ratio{2, 1}}}},
		{"odds laid apart from odds taken", Rules{Odds: FlatOdds(100), LayOdds: FlatOdds(6), Lay: LayStakeMultiple}},
		{"limits for kinds of bet", Rules{Unit: 5, Minimum: 10, Limits: [6]KindLimit{{Kinds: Kinds(Hardway, Hop), Minimum: 5, Maximum: 100},
			{Kinds: Kinds(Buy, Lay), Minimum: 20}, {Kinds: Kinds(PassOdds, ComeOdds), Maximum: 5000}}}},
		{"every point before a 7 at 12:1, and the Hot Hand", Rules{AllBets: [4]AllPaytable{{Set: PointNumbers, Pays: Ratio{12, 1}},
			{Set: Under7 | Over7, Pays: Ratio{80, 1}, AllButOne: Ratio{20, 1}}}}},
		{"buying only the 4 and 10", Rules{BuyOn: Totals(4, 10)}},
		{"buying 2 and 12 in crapless craps", Rules{Crapless: true, BuyOn: Totals(2, 12)}},
		{"tall's set with a tier for all but one is another bet than tall", Rules{AllBets: [4]AllPaytable{{Set: Over7, Pays: Ratio{50, 1}, AllButOne: Ratio{5, 1}}}}},
		{"the fire bet paying three points, settled at the sixth", Rules{Fire: FirePaytable{Three: Ratio{6, 1}}, FirePaysAtSixthPoint: true}},
		{"put bets off and their odds with them", Rules{ComeOut: ComeOutWorking{Put: SwitchOff}}},
		{"no late pass line although put bets are taken", Rules{LatePassLine: SwitchOff}},
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
		{"a kind not listed", Rules{NotOffered: Kinds(Put, Fire)}, Bet{Kind: Hardway, Number: 6}, nil},
		{"no odds behind a put bet the table does not take", Rules{NotOffered: Kinds(Put, Fire)}, Bet{Kind: PutOdds, Number: 6}, ErrNotOffered},
		{"no odds behind a pass line the table does not take", Rules{NotOffered: Kinds(PassLine)}, Bet{Kind: PassOdds, Number: 6}, ErrNotOffered},
		{"no lay odds behind don't come if it is not taken", Rules{NotOffered: Kinds(DontCome)}, Bet{Kind: DontComeOdds, Number: 6}, ErrNotOffered},
		{"buy only on the numbers the table buys", Rules{BuyOn: Totals(4, 10)}, Bet{Kind: Buy, Number: 6}, ErrNotOffered},
		{"buy 10 where the table buys 4 and 10", Rules{BuyOn: Totals(4, 10)}, Bet{Kind: Buy, Number: 10}, nil},
		{"lay bets are not limited by BuyOn", Rules{BuyOn: Totals(4, 10)}, Bet{Kind: Lay, Number: 6}, nil},
		{"an all-of-a-set bet the table lists", Rules{AllBets: [4]AllPaytable{{Set: Totals(6, 8), Pays: Ratio{2, 1}}}}, Bet{Kind: All, Set: Totals(6, 8)}, nil},
		{"an all-of-a-set bet the table does not list", Standard(), Bet{Kind: All, Set: Totals(6, 8)}, ErrNotOffered},
		{"an all-of-a-set bet holding 7 is no bet", Standard(), Bet{Kind: All, Set: Totals(6, 7)}, ErrSyntax},
		{"a repeater on 12", Standard(), Bet{Kind: Repeater, Number: 12}, nil},
		{"no repeater on 7", Standard(), Bet{Kind: Repeater, Number: 7}, ErrSyntax},
		{"repeaters on 2 in crapless too", Crapless(), Bet{Kind: Repeater, Number: 2}, nil},
		{"three-way craps", Standard(), Bet{Kind: ThreeWay}, nil},
		{"all the hardways", Standard(), Bet{Kind: AllHardways}, nil},
		{"no hardways, so not all of them", Rules{NotOffered: Kinds(Hardway)}, Bet{Kind: AllHardways}, ErrNotOffered},
		{"the private game's kinds are not the casino's", Standard(), Bet{Kind: NumberBet, Number: 4}, ErrNotOffered},
		{"nor the new casino bets the private game's", Street(), Bet{Kind: Repeater, Number: 4}, ErrNotOffered},
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
	// 4 line bets, 6 numbers x 10 kinds, big 6/8 and field, 4 hardways and
	// all of them, 7 propositions, 4 horn highs, C&E, world, three-way
	// craps, 21 hops, three sequence bets (Muggsy's Corner has no pays
	// by default), fire and all/tall/small, the four other bets on a
	// count, 10 repeaters.
	if got, want := len(Standard().Catalogue()), 4+6*10+3+5+7+4+3+21+3+4+4+10; got != want {
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
	x := func(w, s int64) Ratio { return Ratio{w, s} }
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
		{"3-4-5x", "the common 3-4-5x; crapless points get the 4's multiple", OddsLimit{x(3, 1), x(4, 1), x(5, 1), x(3, 1), x(3, 1)}, "3-4-5x"},
		{"2-3-4x", "another three-part limit", OddsLimit{x(2, 1), x(3, 1), x(4, 1), x(2, 1), x(2, 1)}, "2-3-4x"},
		{"3-4-5-3-3x", "the crapless limit written out", OddsLimit{x(3, 1), x(4, 1), x(5, 1), x(3, 1), x(3, 1)}, "3-4-5x"},
		{"3-4-5-6-7x", "crapless multiples of their own", OddsLimit{x(3, 1), x(4, 1), x(5, 1), x(6, 1), x(7, 1)}, "3-4-5-6-7x"},
		{" 5x ", "spaces around", FlatOdds(5), "5x"},
		{"2-2-2.5x", "full double odds: 2.5x on 6 and 8", OddsLimit{x(2, 1), x(2, 1), x(5, 2), x(2, 1), x(2, 1)}, "2-2-2.5x"},
		{"5-10-20x", "5x-10x-20x", OddsLimit{x(5, 1), x(10, 1), x(20, 1), x(5, 1), x(5, 1)}, "5-10-20x"},
		{"1.5x", "a decimal multiple", OddsLimit{x(3, 2), x(3, 2), x(3, 2), x(3, 2), x(3, 2)}, "1.5x"},
		{"5/2x", "a fraction reads as its decimal", OddsLimit{x(5, 2), x(5, 2), x(5, 2), x(5, 2), x(5, 2)}, "2.5x"},
		{"7/3x", "a fraction with no decimal stays a fraction", OddsLimit{x(7, 3), x(7, 3), x(7, 3), x(7, 3), x(7, 3)}, "7/3x"},
		{"3x-4x-5x", "each part with its x", OddsLimit{x(3, 1), x(4, 1), x(5, 1), x(3, 1), x(3, 1)}, "3-4-5x"},
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
		{"1/0x", "a zero denominator"},
		{"0.0x", "zero written as a decimal"},
		{"1000001x", "a term past the bound"},
		{"1/1000001x", "a denominator past the bound"},
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
		want   map[int]string // point -> multiple
		str    string
	}{
		{"the zero limit is 3-4-5x, 3x on the crapless points",
			OddsLimit{}, map[int]string{2: "3", 3: "3", 4: "3", 5: "4", 6: "5", 7: "0", 8: "5", 9: "4", 10: "3", 11: "3", 12: "3"}, "3-4-5x"},
		{"a flat limit", FlatOdds(2), map[int]string{2: "2", 4: "2", 6: "2", 7: "0", 9: "2", 11: "2"}, "2x"},
		{"a zero field takes its 3-4-5x default",
			OddsLimit{On4: Ratio{2, 1}}, map[int]string{4: "2", 10: "2", 5: "4", 6: "5", 3: "3", 12: "3"}, "2-4-5-3-3x"},
		{"full double odds", OddsLimit{Ratio{2, 1}, Ratio{2, 1}, Ratio{5, 2}, Ratio{2, 1}, Ratio{2, 1}},
			map[int]string{4: "2", 5: "2", 6: "5/2", 8: "5/2", 9: "2"}, "2-2-2.5x"},
		{"1 is not a point", FlatOdds(9), map[int]string{1: "0", 13: "0", 0: "0"}, "9x"},
	}
	for _, tc := range tests {
		for n, want := range tc.want {
			if got := tc.limit.Multiple(n).Rat().RatString(); got != want {
				t.Errorf("%s: %+v.Multiple(%d) = %s, want %s", tc.reason, tc.limit, n, got, want)
			}
		}
		if got := tc.limit.String(); got != tc.str {
			t.Errorf("%s: %+v.String() = %q, want %q", tc.reason, tc.limit, got, tc.str)
		}
	}
}

// TestOddsLimitStringParses: String writes what ParseOddsLimit reads back
// to the same multiple on every point.
// A limit Validate refuses still prints, as its ratios.
func TestOddsLimitStringInvalid(t *testing.T) {
	o := OddsLimit{On4: Ratio{1, 0}, On5: Ratio{-2, 1}, On6: Ratio{5, 2}}
	if got, want := o.String(), "1:0--2:1-2.5-3-3x"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	r := Standard()
	r.Odds = o
	if err := r.Validate(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("Validate: %v, want ErrInvalidRules", err)
	}
}

func TestOddsLimitStringParses(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := func(label string) Ratio {
			w := rapid.Int64Range(0, 200).Draw(t, label)
			if w == 0 {
				return Ratio{}
			}
			return Ratio{w, rapid.Int64Range(1, 7).Draw(t, label+" stake")}
		}
		o := OddsLimit{m("on4"), m("on5"), m("on6"), m("on3"), m("on2")}
		back, err := ParseOddsLimit(o.String())
		if err != nil {
			t.Fatalf("ParseOddsLimit(%q): %v", o.String(), err)
		}
		for n := 2; n <= 12; n++ {
			if back.Multiple(n).Rat().Cmp(o.Multiple(n).Rat()) != 0 {
				t.Fatalf("%+v prints %q, which reads back as %+v: %vx on %d, want %vx", o, o.String(), back, back.Multiple(n), n, o.Multiple(n))
			}
		}
	})
}

func TestStakeLimits(t *testing.T) {
	limited := Rules{Minimum: 10, Maximum: 500, Limits: [6]KindLimit{
		{Kinds: Kinds(Hardway), Maximum: 100},
		{Kinds: Kinds(Buy, Lay), Minimum: 20},
		{Kinds: Kinds(PassOdds), Maximum: 1000},
	}}
	for _, c := range []struct {
		reason      string
		bet         Bet
		least, most Amount
	}{
		{"the table's minimum and maximum", Bet{Kind: Place, Number: 6}, 10, 500},
		{"a kind's maximum, with the table's minimum", Bet{Kind: Hardway, Number: 6}, 10, 100},
		{"a kind's minimum, with the table's maximum", Bet{Kind: Buy, Number: 4}, 20, 500},
		{"odds have no minimum, and a maximum in money only from Limits", Bet{Kind: PassOdds, Number: 6}, 0, 1000},
		{"odds without a limit of their own", Bet{Kind: ComeOdds, Number: 6}, 0, 0},
		{"all the hardways: four times a hardway's", Bet{Kind: AllHardways}, 40, 400},
	} {
		least, most := limited.StakeLimits(c.bet)
		if least != c.least || most != c.most {
			t.Errorf("%s: StakeLimits(%v) = %d, %d; want %d, %d", c.reason, c.bet, least, most, c.least, c.most)
		}
	}
	if least, most := Standard().StakeLimits(Bet{Kind: Field}); least != 0 || most != 0 {
		t.Errorf("the standard table has no limits: %d, %d", least, most)
	}
}

// CommissionOn gives the vig's rate and base, and c.Charge on that base,
// cut to the win, is what a Table charges.
func TestCommissionOn(t *testing.T) {
	for _, c := range []struct {
		reason string
		rules  Rules
		bet    Bet
		stake  Amount
		rate   Ratio
		base   Amount
		timing CommissionTiming
		ok     bool
	}{
		{"buy 4: 5% of the bet, with the bet", Standard(), Bet{Kind: Buy, Number: 4}, 20, Ratio{1, 20}, 20, CommissionUpfront, true},
		{"lay 4: 5% of what it wins, 20 on 40", Standard(), Bet{Kind: Lay, Number: 4}, 40, Ratio{1, 20}, 20, CommissionUpfront, true},
		{"lay 5: what it wins is rounded down, 20 on 31", Standard(), Bet{Kind: Lay, Number: 5}, 31, Ratio{1, 20}, 20, CommissionUpfront, true},
		{"Vegas: from the win", Vegas(), Bet{Kind: Buy, Number: 10}, 20, Ratio{1, 20}, 20, CommissionOnWinOnly, true},
		{"a rate of its own", Rules{BuyCommission: Commission{Rate: Ratio{1, 40}}}, Bet{Kind: Buy, Number: 4}, 40, Ratio{1, 40}, 40, CommissionUpfront, true},
		{"a lay on the bet", Rules{LayCommission: Commission{Base: CommissionOnBet}}, Bet{Kind: Lay, Number: 4}, 40, Ratio{1, 20}, 40, CommissionUpfront, true},
		{"a stake below zero counts as zero", Standard(), Bet{Kind: Buy, Number: 4}, -5, Ratio{1, 20}, 0, CommissionUpfront, true},
		{"a place bet pays none", Standard(), Bet{Kind: Place, Number: 6}, 12, Ratio{}, 0, 0, false},
	} {
		com, base, ok := c.rules.CommissionOn(c.bet, c.stake)
		if ok != c.ok || base != c.base || com.Rate != c.rate || com.Timing != c.timing {
			t.Errorf("%s: CommissionOn(%v, %d) = %+v, %d, %v; want rate %v on %d, %v, %v",
				c.reason, c.bet, c.stake, com, base, ok, c.rate, c.base, c.timing, c.ok)
		}
	}
	// The charge on the base is the table's.
	for _, r := range []Rules{Standard(), Vegas(), Bar2(), {LayCommission: Commission{Rounding: RoundUp, Minimum: 2}}} {
		for _, b := range []Bet{{Kind: Buy, Number: 4}, {Kind: Lay, Number: 4}, {Kind: Lay, Number: 9}, {Kind: Buy, Number: 6}} {
			tb, err := NewTable(r)
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.Join("p", 10000); err != nil {
				t.Fatal(err)
			}
			if err := tb.Place("p", b, 77); err != nil {
				t.Fatal(err)
			}
			bets, err := tb.Bets("p")
			if err != nil {
				t.Fatal(err)
			}
			com, base, _ := r.CommissionOn(b, 77)
			charge, err := com.Charge(base, r.Unit)
			if err != nil {
				t.Fatal(err)
			}
			paidNow := com.Timing != CommissionOnWinOnly
			if want := bets[0].Commission; paidNow && charge != want {
				t.Errorf("%v for 77: Charge(%d) = %d, the table took %d", b, base, charge, want)
			}
		}
	}
}
