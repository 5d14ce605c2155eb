package craps

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// richRules sets a value in every kind of field Rules has: switches,
// choices, payouts, sets, kinds, limits and all-bets.
func richRules() Rules {
	r := Bar2()
	r.Field.Pays[5] = Ratio{Win: 2, Stake: 1}
	r.Field.Totals = Totals(2, 3, 5, 9, 10, 11, 12)
	r.Hard6 = Ratio{Win: 7, Stake: 1}
	r.PropsFor1 = true
	r.Lay = LayStakeMultiple
	r.BuyCommission.Rounding = RoundNearest
	r.LayCommission.Timing = CommissionOnWinOnly
	r.BuyOn = Totals(4, 10)
	r.Unit, r.Minimum, r.Maximum = 1, 5, 5000
	r.Limits[1] = KindLimit{Kinds: Kinds(Hardway, Hop), Maximum: 100}
	r.StayUp.Big6And8 = SwitchOff
	r.LatePassLine = SwitchOn
	r.NotOffered = Kinds(Put, Fire)
	r.AllBets[0] = AllPaytable{Set: Totals(6, 8), Pays: Ratio{Win: 2, Stake: 1}}
	r.Repeater.On4 = Ratio{Win: 65, Stake: 1}
	r.Cards = CardsPairKept
	return r
}

// The rules' JSON is snake_case, leaves the defaults out and reads back
// equal, for every preset and a table that sets every kind of field.
func TestRulesJSONRoundTrip(t *testing.T) {
	loaded := Standard()
	var err error
	if loaded.Dice, err = FaceWeights([6]int64{1, 1, 1, 1, 1, 2}, [6]int64{1, 1, 1, 1, 1, 1}); err != nil {
		t.Fatal(err)
	}
	for _, r := range []Rules{Standard(), Bar2(), Vegas(), Crapless(), Odds100x(), CardCraps(), Street(), richRules(), loaded} {
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("Marshal(%+v): %v", r, err)
		}
		var back Rules
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", data, err)
		}
		if diff := cmp.Diff(r, back); diff != "" {
			t.Errorf("%s read back otherwise: (-want +got)\n%s", data, diff)
		}
		if strings.Contains(string(data), `""`) {
			t.Errorf("an empty string in %s", data)
		}
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		for _, k := range jsonKeys(doc) {
			if k != snakeCase(k) {
				t.Errorf("key %q of %s is not snake_case", k, data)
			}
		}
	}
	if data, _ := json.Marshal(Standard()); string(data) != "{}" {
		t.Errorf("the standard table is %s, want {}", data)
	}
	data, _ := json.Marshal(richRules())
	want := `{"bar":2,"field":{"totals":"2,3,5,9,10,11,12","pays":{"5":"2:1","12":"2:1"}},"hard6":"7:1",` +
		`"props_for1":true,"odds":{"on4":"1:1","on5":"1:1","on6":"1:1","on3":"1:1","on2":"1:1"},"lay":"stake",` +
		`"buy_commission":{"timing":"returned","rounding":"nearest"},"lay_commission":{"base":"bet","timing":"win"},` +
		`"buy_on":"4,10","unit":1,"minimum":5,"maximum":5000,"limits":[{},{"kinds":["Hard","Hop"],"maximum":100}],` +
		`"come_out":{"lay":"on"},"stay_up":{"big6_and8":"off"},"line_bets_removable":true,"late_pass_line":"on",` +
		`"not_offered":["Put","Fire Bet"],"all_bets":[{"set":"6,8","pays":"2:1"}],"repeater":{"on4":"65:1"},"cards":"pair-kept"}`
	if string(data) != want {
		t.Errorf("richRules() is\n%s\nwant\n%s", data, want)
	}
}

// Tables and results saved by v0.1.0 wrote the rules with Go's field
// names, every field, and the choices as numbers: they still read.
func TestRulesJSONReadsTheOldForm(t *testing.T) {
	type plain Rules // Rules without its MarshalJSON: the old form
	for _, r := range []Rules{Standard(), Bar2(), Street(), richRules()} {
		old, err := json.Marshal(plain(r))
		if err != nil {
			t.Fatal(err)
		}
		var back Rules
		if err := json.Unmarshal(old, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", old, err)
		}
		if diff := cmp.Diff(r, back); diff != "" {
			t.Errorf("the old form %s read back otherwise: (-want +got)\n%s", old, diff)
		}
	}
}

func TestRulesJSONRefuses(t *testing.T) {
	for _, tc := range []struct{ data, why string }{
		{`{"feild": {}}`, "an unknown key"},
		{`{"come_out": {"place": "maybe"}}`, "a switch that is none of its names"},
		{`{"come_out": {"place": 7}}`, "a switch number out of range"},
		{`{"not_offered": ["Place 6 and a half"]}`, "a kind that is none"},
		{`{"field": {"pays": {"13": "2:1"}}}`, "a total past 12"},
		{`{"hard6": "seven"}`, "a payout that cannot be read"},
		{`{"limits": [{},{},{},{},{},{},{}]}`, "more limits than the table holds"},
		{`[]`, "not an object"},
	} {
		r := Bar2()
		if err := json.Unmarshal([]byte(tc.data), &r); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s (%s): err = %v, want ErrSyntax", tc.data, tc.why, err)
		}
	}
}

// jsonKeys lists every key of the objects in doc, at any depth.
func jsonKeys(doc any) []string {
	var keys []string
	switch d := doc.(type) {
	case map[string]any:
		for k, v := range d {
			keys = append(keys, k)
			keys = append(keys, jsonKeys(v)...)
		}
	case []any:
		for _, v := range d {
			keys = append(keys, jsonKeys(v)...)
		}
	}
	return keys
}
