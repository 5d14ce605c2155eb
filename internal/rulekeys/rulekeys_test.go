package rulekeys

import (
	"errors"
	"math/big"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/crapslab/craps"
)

func TestPresets(t *testing.T) {
	names := PresetNames()
	if want := []string{"100x", "bar2", "cards", "crapless", "highpoint", "newyork", "repeaterplus", "rocknroll", "standard", "street", "vegas"}; !slices.Equal(names, want) {
		t.Errorf("PresetNames() = %q, want %q", names, want)
	}
	funcs := map[string]Rules{"standard": Standard(), "bar2": Bar2(), "vegas": Vegas(), "crapless": Crapless(), "100x": Odds100x(),
		"cards": CardCraps(), "street": Street(), "newyork": NewYork(), "rocknroll": RockNRollDice(), "repeaterplus": RepeaterBetsPlus(), "highpoint": HighPointCraps()}
	for _, name := range names {
		r, err := Preset(name)
		if err != nil {
			t.Errorf("Preset(%q): %v", name, err)
			continue
		}
		if r != funcs[name] {
			t.Errorf("Preset(%q) = %+v, want the library's preset %+v", name, r, funcs[name])
		}
	}
}

func TestPresetUnknown(t *testing.T) {
	tests := []struct {
		name   string
		reason string
	}{
		{"", "no name"},
		{"bar12", "not a preset"},
		{"atlantic", "not a preset"},
	}
	for _, tc := range tests {
		if r, err := Preset(tc.name); !errors.Is(err, ErrNoSuchPreset) || r != (Rules{}) {
			t.Errorf("Preset(%q) (%s) = %+v, %v; want the zero Rules and ErrNoSuchPreset", tc.name, tc.reason, r, err)
		}
	}
}

// Preset names are read in any case, and a near miss names the preset
// meant instead of listing them all.
func TestPresetAnyCaseAndSuggestion(t *testing.T) {
	for _, name := range []string{"Standard", "BAR2", " Crapless "} {
		if _, err := Preset(name); err != nil {
			t.Errorf("Preset(%q): %v", name, err)
		}
	}
	_, err := Preset("standrad")
	if want := `unknown preset "standrad" (did you mean "standard"?): no such preset`; err == nil || err.Error() != want {
		t.Errorf("Preset(standrad): %v, want %s", err, want)
	}
	for _, name := range PresetNames() {
		if PresetAbout(name) == "" {
			t.Errorf("preset %q has no line for the help", name)
		}
	}
}

// Every key is in one topic, once; the help's table has room for its
// value.
func TestTopics(t *testing.T) {
	seen := map[string]string{}
	for _, topic := range Topics() {
		if topic.Name == "" || len(topic.Keys) == 0 {
			t.Errorf("topic %q: a name and keys wanted", topic.Name)
		}
		for _, k := range topic.Keys {
			if other, ok := seen[k.Name]; ok {
				t.Errorf("key %q is in %q and %q", k.Name, other, topic.Name)
			}
			seen[k.Name] = topic.Name
			if k.Bool != (k.Value == "") {
				t.Errorf("key %q: value placeholder %q for a Bool=%v key", k.Name, k.Value, k.Bool)
			}
		}
	}
	if len(seen) != len(Keys()) {
		t.Errorf("%d keys in topics, Keys() has %d", len(seen), len(Keys()))
	}
}

func TestSetUnknownKeySuggests(t *testing.T) {
	var r Rules
	err := Set(&r, "feild12", "2")
	if want := `unknown rule "feild12" (did you mean "field12"?): invalid syntax`; err == nil || err.Error() != want {
		t.Errorf("Set(feild12): %v, want %s", err, want)
	}
}

// ruleSetCases gives, for every key Set takes, a value other than the
// default, what it does to the Standard rules, and a value Set refuses.
var ruleSetCases = []struct {
	key, value string
	reason     string
	apply      func(r *Rules)
	bad        string
}{
	{"crapless", "true", "crapless craps", func(r *Rules) { r.Crapless = true }, "maybe"},
	{"high-point", "true", "High Point craps", func(r *Rules) { r.HighPoint = true }, "high"},
	{"bar", "2", "the second casino's bar", func(r *Rules) { r.Bar = 2 }, "3"},
	{"field", "2,3,5,9,10,11,12", "5 in place of 4", func(r *Rules) { r.Field.Totals = Totals(2, 3, 5, 9, 10, 11, 12) }, "2,3,13"},
	{"field2", "3:1", "the field on 2", func(r *Rules) { r.Field.Pays[2] = Ratio{Win: 3, Stake: 1} }, "3:0"},
	{"field3", "2:1", "a bonus on 3", func(r *Rules) { r.Field.Pays[3] = Ratio{Win: 2, Stake: 1} }, "2:"},
	{"field4", "2:1", "a bonus on 4", func(r *Rules) { r.Field.Pays[4] = Ratio{Win: 2, Stake: 1} }, "four"},
	{"field5", "1:1", "5 at even money", func(r *Rules) { r.Field.Pays[5] = Ratio{Win: 1, Stake: 1} }, "-1"},
	{"field6", "1:1", "6 at even money", func(r *Rules) { r.Field.Pays[6] = Ratio{Win: 1, Stake: 1} }, "1:0"},
	{"field8", "1:1", "8 at even money", func(r *Rules) { r.Field.Pays[8] = Ratio{Win: 1, Stake: 1} }, "1::1"},
	{"field9", "3:2", "9 at 3:2", func(r *Rules) { r.Field.Pays[9] = Ratio{Win: 3, Stake: 2} }, "nine"},
	{"field10", "2", "10 at 2:1", func(r *Rules) { r.Field.Pays[10] = Ratio{Win: 2, Stake: 1} }, "ten"},
	{"field11", "2", "a bonus on 11", func(r *Rules) { r.Field.Pays[11] = Ratio{Win: 2, Stake: 1} }, "x2"},
	{"field12", "2", "the field on 12 at 2:1", func(r *Rules) { r.Field.Pays[12] = Ratio{Win: 2, Stake: 1} }, "two"},
	{"hard4", "15 to 2", "hard 4 and 10", func(r *Rules) { r.Hard4 = Ratio{Win: 15, Stake: 2} }, "-7:1"},
	{"hard6", "10 for 1", "hard 6 and 8 printed for 1", func(r *Rules) { r.Hard6 = Ratio{Win: 9, Stake: 1} }, "9 for 10"},
	{"any7", "5 for 1", "any 7 printed for 1", func(r *Rules) { r.Any7 = Ratio{Win: 4, Stake: 1} }, ""},
	{"anycraps", "8:1", "any craps", func(r *Rules) { r.AnyCraps = Ratio{Win: 8, Stake: 1} }, "8:1:1"},
	{"two", "30 for 1", "the 2", func(r *Rules) { r.Two = Ratio{Win: 29, Stake: 1} }, "x"},
	{"three", "16:1", "the 3", func(r *Rules) { r.Three = Ratio{Win: 16, Stake: 1} }, "16/1"},
	{"eleven", "14:1", "the 11", func(r *Rules) { r.Eleven = Ratio{Win: 14, Stake: 1} }, "14:-1"},
	{"twelve", "29", "the 12", func(r *Rules) { r.Twelve = Ratio{Win: 29, Stake: 1} }, "29:0"},
	{"hop-easy", "16:1", "easy hops", func(r *Rules) { r.EasyHop = Ratio{Win: 16, Stake: 1} }, "a lot"},
	{"hop-hard", "31:1", "hard hops", func(r *Rules) { r.HardHop = Ratio{Win: 31, Stake: 1} }, "1:"},
	{"props", "for1", "propositions printed for 1", func(r *Rules) { r.PropsFor1 = true }, "for2"},
	{"odds", "2x", "double odds", func(r *Rules) { r.Odds = FlatOdds(2) }, "0x"},
	{"lay-odds", "2-2-2.5x", "full double odds laid", func(r *Rules) {
		r.LayOdds = OddsLimit{On4: Ratio{Win: 2, Stake: 1}, On5: Ratio{Win: 2, Stake: 1}, On6: Ratio{Win: 5, Stake: 2},
			On3: Ratio{Win: 2, Stake: 1}, On2: Ratio{Win: 2, Stake: 1}}
	}, "2-2x"},
	{"lay", "stake", "lay the multiple", func(r *Rules) { r.Lay = LayStakeMultiple }, "more"},
	{"commission", "4%", "a 4% commission on buy and lay", func(r *Rules) {
		r.BuyCommission.Rate, r.LayCommission.Rate = Ratio{Win: 1, Stake: 25}, Ratio{Win: 1, Stake: 25}
	}, "-5%"},
	{"buy-timing", "win", "buy commission only on a win", func(r *Rules) { r.BuyCommission.Timing = CommissionOnWinOnly }, "later"},
	{"lay-timing", "returned", "lay commission returned on a loss", func(r *Rules) { r.LayCommission.Timing = CommissionUpfrontReturned }, "never"},
	{"buy-base", "win", "buy commission on the win", func(r *Rules) { r.BuyCommission.Base = CommissionOnWin }, "both"},
	{"lay-base", "bet", "lay commission on the bet (the second casino's rules)", func(r *Rules) { r.LayCommission.Base = CommissionOnBet }, "stake"},
	{"commission-rounding", "nearest", "commissions rounded to the nearest unit", func(r *Rules) {
		r.BuyCommission.Rounding, r.LayCommission.Rounding = RoundNearest, RoundNearest
	}, "sideways"},
	{"commission-min", "25", "a minimum commission on both", func(r *Rules) {
		r.BuyCommission.Minimum, r.LayCommission.Minimum = 25, 25
	}, "-1"},
	{"buy-on", "4,10", "buy only the 4 and 10", func(r *Rules) { r.BuyOn = Totals(4, 10) }, "4;10"},
	{"unit", "5", "a five-unit chip", func(r *Rules) { r.Unit = 5 }, "five"},
	{"min", "10", "a table minimum", func(r *Rules) { r.Minimum = 10 }, "-10"},
	{"max", "5000", "a table maximum", func(r *Rules) { r.Maximum = 5000 }, "1e3"},
	{"bet-min", "buy:20,lay:20", "buy and lay at least 20", func(r *Rules) {
		r.Limits[0] = KindLimit{Kinds: Kinds(Buy), Minimum: 20}
		r.Limits[1] = KindLimit{Kinds: Kinds(Lay), Minimum: 20}
	}, "buy"},
	{"bet-max", "hardways:100,odds:5000", "hardways at most 100, odds at most 5000 in money", func(r *Rules) {
		r.Limits[0] = KindLimit{Kinds: Kinds(Hardway), Maximum: 100}
		r.Limits[1] = KindLimit{Kinds: Kinds(PassOdds, ComeOdds, PutOdds), Maximum: 5000}
	}, "hops:0"},
	{"comeout-place", "on", "place bets working on the come-out", func(r *Rules) { r.ComeOut.Place = SwitchOn }, "yes"},
	{"comeout-buy", "on", "buy bets working", func(r *Rules) { r.ComeOut.Buy = SwitchOn }, "1"},
	{"comeout-lay", "off", "lay bets off", func(r *Rules) { r.ComeOut.Lay = SwitchOff }, "offf"},
	{"comeout-come-odds", "on", "come odds working", func(r *Rules) { r.ComeOut.ComeOdds = SwitchOn }, "ON!"},
	{"comeout-dont-come-odds", "off", "don't come odds off", func(r *Rules) { r.ComeOut.DontComeOdds = SwitchOff }, "no"},
	{"comeout-hardways", "on", "hardways working", func(r *Rules) { r.ComeOut.Hardways = SwitchOn }, "always"},
	{"comeout-put", "off", "put bets off on the come-out", func(r *Rules) { r.ComeOut.Put = SwitchOff }, "of"},
	{"stay-up-place", "off", "place bets down after a win", func(r *Rules) { r.StayUp.Place = SwitchOff }, "down"},
	{"stay-up-buy", "on", "buy bets up after a win", func(r *Rules) { r.StayUp.Buy = SwitchOn }, "up"},
	{"stay-up-lay", "on", "lay bets up after a win", func(r *Rules) { r.StayUp.Lay = SwitchOn }, "yes"},
	{"stay-up-big", "off", "big 6 and 8 down after a win", func(r *Rules) { r.StayUp.Big6And8 = SwitchOff }, "0"},
	{"stay-up-hardways", "off", "hardways down after a win", func(r *Rules) { r.StayUp.Hardways = SwitchOff }, "false"},
	{"removable", "true", "line bets removable (the second casino's rules)", func(r *Rules) { r.LineBetsRemovable = true }, "perhaps"},
	{"late-pass", "off", "no pass line bet after the point", func(r *Rules) { r.LatePassLine = SwitchOff }, "late"},
	{"not-offered", "put,place-to-lose,fire", "three kinds off the layout", func(r *Rules) {
		r.NotOffered = Kinds(Put, PlaceToLose, Fire)
	}, "put,banana"},
	{"fire-3", "6:1", "the fire bet on three points", func(r *Rules) { r.Fire.Three = Ratio{Win: 6, Stake: 1} }, "6:-1"},
	{"fire-4", "25 for 1", "the fire bet on four points", func(r *Rules) { r.Fire.Four = Ratio{Win: 24, Stake: 1} }, "0 for 1"},
	{"fire-5", "200:1", "on five", func(r *Rules) { r.Fire.Five = Ratio{Win: 200, Stake: 1} }, "200:0"},
	{"fire-6", "2000", "on six", func(r *Rules) { r.Fire.Six = Ratio{Win: 2000, Stake: 1} }, "lots"},
	{"fire-settle", "sixth-point", "the fire bet paid at the sixth point", func(r *Rules) { r.FirePaysAtSixthPoint = true }, "sixth"},
	{"ats-all", "150:1", "the all bet", func(r *Rules) { r.ATS.All = Ratio{Win: 150, Stake: 1} }, "150;1"},
	{"ats-tall", "30:1", "the tall bet", func(r *Rules) { r.ATS.Tall = Ratio{Win: 30, Stake: 1} }, ":"},
	{"ats-small", "31 for 1", "the small bet", func(r *Rules) { r.ATS.Small = Ratio{Win: 30, Stake: 1} }, "for"},
	{"all-bet", "points@12:1", "every point before a 7 at 12:1", func(r *Rules) {
		r.AllBets[0] = AllPaytable{Set: PointNumbers, Pays: Ratio{Win: 12, Stake: 1}}
	}, "points"},
	{"repeater-2", "33:1", "the repeater on 2 and 12", func(r *Rules) { r.Repeater.On2 = Ratio{Win: 33, Stake: 1} }, "many"},
	{"repeater-3", "50 for 1", "on 3 and 11", func(r *Rules) { r.Repeater.On3 = Ratio{Win: 49, Stake: 1} }, "50 for"},
	{"repeater-4", "65:1", "on 4 and 10", func(r *Rules) { r.Repeater.On4 = Ratio{Win: 65, Stake: 1} }, ":65"},
	{"repeater-5", "80:1", "on 5 and 9", func(r *Rules) { r.Repeater.On5 = Ratio{Win: 80, Stake: 1} }, "5%"},
	{"repeater-6", "90:1", "on 6 and 8", func(r *Rules) { r.Repeater.On6 = Ratio{Win: 90, Stake: 1} }, "90 to"},
	{"repeater-set", "2,12@1@3 for 1", "2 or 12 before a 7 at 3 for 1", func(r *Rules) {
		r.RepeaterSets[0] = RepeaterSetPaytable{Set: Totals(2, 12), Times: 1, Pays: Ratio{Win: 2, Stake: 1}}
	}, "2,12@3 for 1"},
	{"repeater-group", "2,3,4,5,6@15 for 1", "Updown", func(r *Rules) {
		r.RepeaterGroups[0] = RepeaterGroupPaytable{Set: Totals(2, 3, 4, 5, 6), Pays: Ratio{Win: 14, Stake: 1}}
	}, "2,3,4,5,6"},
	{"repeater-surrender", "6@3@8 for 1,5@4@30", "two surrender values", func(r *Rules) {
		r.RepeaterSurrender.Value[4][2], r.RepeaterSurrender.Value[3][3] = Ratio{Win: 8, Stake: 1}, Ratio{Win: 30, Stake: 1}
	}, "6@6@8"},
	{"ride-line", "table3", "Ride the Line's pay table 3", func(r *Rules) { r.RideTheLine = RideTheLineTables()[2] }, "table8"},
	{"hot-shooter", "8@push,16@3 for 1,51@100 for 1", "three tiers of the Hot Shooter", func(r *Rules) {
		r.HotShooter = HandPaytable{Tiers: [10]HandTier{{From: 8, Push: true}, {From: 16, Pays: Ratio{Win: 2, Stake: 1}}, {From: 51, Pays: Ratio{Win: 99, Stake: 1}}}}
	}, "8@push,16"},
	{"different-doubles", "3@4:1,4@8:1,5@15:1,6@100:1,top", "Different Doubles paid at six at once", func(r *Rules) {
		r.DifferentDoubles = HandPaytable{Tiers: [10]HandTier{{From: 3, Pays: Ratio{Win: 4, Stake: 1}}, {From: 4, Pays: Ratio{Win: 8, Stake: 1}},
			{From: 5, Pays: Ratio{Win: 15, Stake: 1}}, {From: 6, Pays: Ratio{Win: 100, Stake: 1}}}, PaysAtTop: true}
	}, "3@4:1,top,4@8:1"},
	{"bonus-craps", "9@299:1,10@40000 for 5", "the jackpot at 40000 for 5", func(r *Rules) {
		r.BonusCraps = HandPaytable{Tiers: [10]HandTier{{From: 9, Pays: Ratio{Win: 299, Stake: 1}}, {From: 10, Pays: Ratio{Win: 7999, Stake: 1}}}}
	}, "10@jackpot"},
	{"cards", "pair-kept", "the card-craps rules", func(r *Rules) { r.Cards = CardsPairKept }, "on-and-off"},
	{"shoe", "16", "two card-craps decks", func(r *Rules) { r.Shoe = Shoe{16, 16, 16, 16, 16, 16} }, "1,2"},
	{"dice", "srr=7", "a dice setter's 7 once in 7 throws", func(r *Rules) { r.Dice = srr7() }, "srr=1"},
	{"dice-file", "testdata/srr7.dice", "the same law from a file", func(r *Rules) { r.Dice = srr7() }, "testdata/none.dice"},
	{"private", "true", "the private game", func(r *Rules) { r.Private = true }, "house"},
	{"fade-claim", "true", "the claim on the center bet", func(r *Rules) { r.FadeClaim = true }, "claim"},
	{"point-7", "6:1", "Point-7 at 6 to 1", func(r *Rules) { r.Sequences.PointSeven = Ratio{Win: 6, Stake: 1} }, "seven"},
	{"7-point", "8 for 1", "7-Point at 8 for 1", func(r *Rules) { r.Sequences.SevenPoint = Ratio{Win: 7, Stake: 1} }, "8 fo 1"},
	{"7-point-7", "40:1", "7-Point-7 at 40 to 1", func(r *Rules) { r.Sequences.SevenPointSeven = Ratio{Win: 40, Stake: 1} }, "40:-1"},
	{"muggsy-7", "2:1", "Muggsy's Corner's come-out 7, its other pay unset (Validate refuses it alone)", func(r *Rules) {
		r.Sequences.MuggsysCorner.ComeOutSeven = Ratio{Win: 2, Stake: 1}
	}, "2:1:1"},
	{"muggsy-point-7", "3:1", "Muggsy's Corner's point-7", func(r *Rules) { r.Sequences.MuggsysCorner.PointSeven = Ratio{Win: 3, Stake: 1} }, "x"},
}

// srr7 is the law of SRR 7.
func srr7() DiceLaw {
	l, _ := SRRDice(big.NewRat(7, 1))
	return l
}

func TestKeysAllCovered(t *testing.T) {
	var keys, cases []string
	for _, k := range Keys() {
		keys = append(keys, k.Name)
		if k.Usage == "" {
			t.Errorf("rule key %q has no usage", k.Name)
		}
	}
	for _, c := range ruleSetCases {
		cases = append(cases, c.key)
	}
	slices.Sort(keys)
	slices.Sort(cases)
	if diff := cmp.Diff(keys, cases); diff != "" {
		t.Errorf("Keys() and this test's cases differ: (-keys +cases)\n%s", diff)
	}
	got := Keys()
	got[0].Name = "changed"
	if Keys()[0].Name == "changed" {
		t.Error("changing the slice RuleKeys returned changed the next call's")
	}
}

func TestRulesSet(t *testing.T) {
	for _, tc := range ruleSetCases {
		want := Standard()
		tc.apply(&want)
		got := Standard()
		if err := Set(&got, tc.key, tc.value); err != nil {
			t.Errorf("Set(%q, %q) (%s): %v", tc.key, tc.value, tc.reason, err)
			continue
		}
		if got == Standard() {
			t.Errorf("Set(%q, %q) (%s) left the rules unchanged", tc.key, tc.value, tc.reason)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Set(%q, %q) (%s): (-want +got)\n%s", tc.key, tc.value, tc.reason, diff)
		}

		before := Bar2()
		r := before
		if err := Set(&r, tc.key, tc.bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("Set(%q, %q): err = %v, want ErrSyntax", tc.key, tc.bad, err)
		}
		if diff := cmp.Diff(before, r); diff != "" {
			t.Errorf("a refused Set(%q, %q) changed the rules: (-before +after)\n%s", tc.key, tc.bad, diff)
		}
	}
}

func TestRulesSetMore(t *testing.T) {
	tests := []struct {
		reason     string
		from       Rules
		key, value string
		apply      func(r *Rules)
	}{
		{"bar 12 is stored as the zero value", Bar2(), "bar", "12", func(r *Rules) { r.Bar = 0 }},
		{"the value is trimmed", Standard(), "bar", " 2 ", func(r *Rules) { r.Bar = 2 }},
		{"props back to 'to 1'", Rules{PropsFor1: true}, "props", "to1", func(r *Rules) { r.PropsFor1 = false }},
		{"a decimal percentage", Standard(), "commission", "4.5%", func(r *Rules) {
			r.BuyCommission.Rate, r.LayCommission.Rate = Ratio{Win: 9, Stake: 200}, Ratio{Win: 9, Stake: 200}
		}},
		{"a zero commission is the explicit Ratio{Win: 0, Stake: 1}, not the 5% default", Standard(), "commission", "0%", func(r *Rules) {
			r.BuyCommission.Rate, r.LayCommission.Rate = Ratio{Win: 0, Stake: 1}, Ratio{Win: 0, Stake: 1}
		}},
		{"a rate written as a ratio", Standard(), "commission", "1:25", func(r *Rules) {
			r.BuyCommission.Rate, r.LayCommission.Rate = Ratio{Win: 1, Stake: 25}, Ratio{Win: 1, Stake: 25}
		}},
		{"not-offered replaces the set", Vegas(), "not-offered", "fire", func(r *Rules) { r.NotOffered = Kinds(Fire) }},
		{"not-offered takes kind names as String prints them", Standard(), "not-offered", "Place to Lose, Big 6", func(r *Rules) {
			r.NotOffered = Kinds(PlaceToLose, Big6)
		}},
		{"a switch back to default", Bar2(), "comeout-lay", "default", func(r *Rules) { r.ComeOut.Lay = SwitchDefault }},
		{"odds written 3-4-5x", Bar2(), "odds", "3-4-5x", func(r *Rules) {
			r.Odds = OddsLimit{On4: Ratio{Win: 3, Stake: 1}, On5: Ratio{Win: 4, Stake: 1}, On6: Ratio{Win: 5, Stake: 1},
				On3: Ratio{Win: 3, Stake: 1}, On2: Ratio{Win: 3, Stake: 1}}
		}},
		{"the takedown timing", Standard(), "buy-timing", "takedown", func(r *Rules) { r.BuyCommission.Timing = CommissionUpfrontKeptOnLoss }},
		{"bet-min and bet-max share the entry of the same kinds", Rules{Limits: [6]KindLimit{{Kinds: Kinds(Hardway), Maximum: 100}}},
			"bet-min", "hardways:1", func(r *Rules) { r.Limits[0].Minimum = 1 }},
		{"bet-max none clears the maxima and the entries left empty", Rules{Limits: [6]KindLimit{
			{Kinds: Kinds(Hardway), Maximum: 100}, {Kinds: Kinds(Buy), Minimum: 20, Maximum: 500}}},
			"bet-max", "none", func(r *Rules) { r.Limits = [6]KindLimit{1: {Kinds: Kinds(Buy), Minimum: 20}} }},
		{"a second all-bet goes in the next entry", Rules{AllBets: [4]AllPaytable{{Set: Totals(6, 8), Pays: Ratio{Win: 2, Stake: 1}}}},
			"all-bet", "2,3,4,5,6,8,9,10,11,12@80:1@20:1", func(r *Rules) {
				r.AllBets[1] = AllPaytable{Set: Totals(2, 3, 4, 5, 6, 8, 9, 10, 11, 12), Pays: Ratio{Win: 80, Stake: 1}, AllButOne: Ratio{Win: 20, Stake: 1}}
			}},
		{"all-bet none clears them", Rules{AllBets: [4]AllPaytable{{Set: Totals(6, 8), Pays: Ratio{Win: 2, Stake: 1}}}},
			"all-bet", "none", func(r *Rules) { r.AllBets = [4]AllPaytable{} }},
		{"a boolean written 1", Standard(), "removable", "1", func(r *Rules) { r.LineBetsRemovable = true }},
	}
	for _, tc := range tests {
		want := tc.from
		tc.apply(&want)
		got := tc.from
		if err := Set(&got, tc.key, tc.value); err != nil {
			t.Errorf("Set(%q, %q) (%s): %v", tc.key, tc.value, tc.reason, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Set(%q, %q) (%s): (-want +got)\n%s", tc.key, tc.value, tc.reason, diff)
		}
	}
}

func TestRulesSetUnknownKey(t *testing.T) {
	r := Bar2()
	tests := []struct {
		key    string
		reason string
	}{
		{"", "no key"},
		{"no-such-rule", "not a key"},
		{"Crapless", "keys are lower case"},
		{"field 12", "keys have no spaces"},
	}
	for _, tc := range tests {
		if err := Set(&r, tc.key, "true"); !errors.Is(err, ErrSyntax) {
			t.Errorf("Set(%q, true) (%s): err = %v, want ErrSyntax", tc.key, tc.reason, err)
		}
	}
	if r != Bar2() {
		t.Errorf("Set with unknown keys changed the rules to %+v", r)
	}
}

func TestIsBool(t *testing.T) {
	tests := []struct {
		key    string
		reason string
		want   bool
	}{
		{"crapless", "true or false", true},
		{"removable", "true or false", true},
		{"bar", "a number", false},
		{"props", "to1 or for1", false},
		{"no-such-rule", "an unknown key is not a boolean one", false},
	}
	for _, tc := range tests {
		if got := IsBool(tc.key); got != tc.want {
			t.Errorf("IsBool(%q) (%s) = %v, want %v", tc.key, tc.reason, got, tc.want)
		}
	}
}

// A commission rate is read exactly or refused: a percentage whose
// fraction has a term past int64 once divided by 100 used to wrap
// (1/184467440737095517% read as 1.19%).
func TestRulesSetRateExactly(t *testing.T) {
	refused := []struct{ value, reason string }{
		{"1/184467440737095517%", "the denominator times 100 passes int64"},
		{"99999999999999999999%", "the numerator is past int64"},
		{"1/0%", "no fraction"},
		{"-1%", "a negative rate"},
	}
	for _, tc := range refused {
		r := Standard()
		if err := Set(&r, "commission", tc.value); !errors.Is(err, ErrSyntax) {
			t.Errorf("Set(commission, %q) (%s): err = %v, want ErrSyntax", tc.value, tc.reason, err)
		}
	}
	r := Standard()
	if err := Set(&r, "commission", "1/3%"); err != nil || r.BuyCommission.Rate != (Ratio{Win: 1, Stake: 300}) {
		t.Errorf("Set(commission, 1/3%%): rate %v, err %v; want 1:300", r.BuyCommission.Rate, err)
	}
}
