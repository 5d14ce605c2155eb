package craps

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// ttEveryBet is a standard table in the middle of a hand with a bet of
// every kind on the layout: line bets and their odds, come and don't come
// bets on a number with odds and in the box, a put bet with odds, place,
// place to lose, buy, lay, big 6 and 8, hardways, the field, every kind of
// proposition, fire bets with two points made, all, tall and small with
// totals in, and bets turned off and on.
func ttEveryBet(t testing.TB) *Table {
	t.Helper()
	tb, _ := NewTable(Standard())
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(tb.Join("ann", 1_000_000))
	must(tb.Join("bob", 1_000_000))
	place := func(who string, b Bet, a Amount) { t.Helper(); must(tb.Place(who, b, a)) }
	roll := func(a, b uint8) { t.Helper(); _, err := tb.Roll(Dice{a, b}, nil); must(err) }
	// Before the shooter's first roll.
	place("ann", ttK(Fire), 10)
	place("bob", ttK(Fire), 5)
	place("ann", ttK(All), 10)
	place("ann", ttK(Tall), 10)
	place("bob", ttK(Small), 10)
	place("ann", ttN(Repeater, 4), 10)
	place("bob", ttN(Repeater, 12), 10)
	// Points 4 and 8 made.
	place("ann", ttK(PassLine), 10)
	roll(1, 3)
	roll(3, 1)
	place("ann", ttK(PassLine), 10)
	roll(3, 5)
	roll(5, 3)
	// The point is 6.
	place("ann", ttK(PassLine), 60)
	place("ann", ttK(DontPass), 60)
	place("bob", ttK(PassLine), 10)
	roll(2, 4)
	place("ann", ttK(PassOdds), 300)
	place("ann", ttK(DontPassOdds), 360)
	place("bob", ttK(PassOdds), 50)
	place("ann", ttK(Come), 60)
	place("ann", ttK(DontCome), 60)
	roll(1, 4) // the come bets go to 5
	place("ann", ttN(ComeOdds, 5), 240)
	place("ann", ttN(DontComeOdds, 5), 90)
	must(tb.SetWorking("ann", ttN(ComeOdds, 5), true))
	place("ann", ttN(Put, 8), 60)
	place("ann", ttN(PutOdds, 8), 300)
	place("ann", ttN(Place, 9), 50)
	must(tb.SetWorking("ann", ttN(Place, 9), false))
	place("ann", ttN(Place, 4), 50)
	place("ann", ttN(PlaceToLose, 10), 110)
	place("ann", ttN(Buy, 10), 40)
	place("ann", ttN(Lay, 4), 40)
	place("ann", ttK(Big6), 10)
	place("ann", ttK(Big8), 10)
	for _, n := range []int{4, 6, 8, 10} {
		place("ann", ttN(Hardway, n), 10)
	}
	must(tb.SetWorking("ann", ttN(Hardway, 8), true))
	for _, k := range []BetKind{Field, Any7, AnyCraps, Aces, AceDeuce, Yo, Boxcars} {
		place("ann", ttK(k), 10)
	}
	place("ann", ttK(Horn), 4)
	place("ann", ttN(HornHigh, 12), 5)
	place("ann", ttK(CAndE), 2)
	place("ann", ttK(World), 5)
	place("ann", ttHop(2, 5), 10)
	place("ann", ttHop(3, 3), 10)
	place("ann", ttK(ThreeWay), 3)
	place("bob", ttK(Come), 20)
	place("bob", ttK(DontCome), 20)
	place("bob", ttN(Lay, 10), 40)
	must(tb.SetWorking("bob", ttN(Lay, 10), false))
	return tb
}

func TestSaveEveryBetTable(t *testing.T) {
	tb := ttEveryBet(t)
	kinds := map[BetKind]bool{}
	var fireMade, atsMade, off, on, inBox bool
	for _, p := range tb.bets {
		kinds[p.bet.Kind] = true
		fireMade = fireMade || p.bet.Kind == Fire && popcount(p.state.made) == 2
		atsMade = atsMade || p.bet.Kind == Tall && p.state.made != 0
		off = off || p.working == SwitchOff
		on = on || p.working == SwitchOn
		inBox = inBox || p.bet.Kind == Come && p.bet.Number == 0
	}
	// The private game's kinds are saved by TestSavePrivate; all the
	// hardways stand on the layout as four hardway bets.
	for k := PassLine; k < Center; k++ {
		if !kinds[k] && k != AllHardways {
			t.Errorf("no %v bet on the layout", k)
		}
	}
	if !fireMade || !atsMade || !off || !on || !inBox || tb.Point() != 6 {
		t.Errorf("fire with points made %v, tall with totals %v, a bet off %v, a bet on %v, a come bet in the box %v, point %d",
			fireMade, atsMade, off, on, inBox, tb.Point())
	}
}

// ttRestore restores a saved table into a new Table.
func ttRestore(t ttTB, data []byte) *Table {
	t.Helper()
	var tb Table
	if err := tb.UnmarshalJSON(data); err != nil {
		t.Fatalf("UnmarshalJSON: %v\n%s", err, data)
	}
	return &tb
}

// ttKeepBetting makes the same bets at any table: a pass line on the
// come-out, a come bet and odds while a point is on, a field bet and a
// hard 6 when they are down. It returns the refusals, as text.
func ttKeepBetting(tb *Table) []string {
	var errs []string
	try := func(err error) {
		if err != nil {
			errs = append(errs, err.Error())
		}
	}
	if tb.Point() == 0 {
		try(tb.Place("ann", ttK(PassLine), 10))
	} else {
		try(tb.Place("bob", ttK(Come), 10))
		try(tb.Place("ann", ttK(PassOdds), 10))
	}
	if tb.find(0, ttK(Field)) < 0 {
		try(tb.Place("ann", ttK(Field), 10))
	}
	if tb.find(1, ttN(Hardway, 6)) < 0 {
		try(tb.Place("bob", ttN(Hardway, 6), 10))
	}
	return errs
}

func TestSaveRoundTrip(t *testing.T) {
	orig := ttEveryBet(t)
	data := ttSave(t, orig)
	copied := ttRestore(t, data)
	if again := ttSave(t, copied); !bytes.Equal(again, data) {
		t.Fatalf("the restored table saves differently:\n%s\n%s", data, again)
	}
	if diff := cmp.Diff(orig, copied, ttCmpTable); diff != "" {
		t.Fatalf("restored table (-saved +restored):\n%s", diff)
	}
	for _, name := range []string{"ann", "bob"} {
		a, _ := orig.Bets(name)
		b, _ := copied.Bets(name)
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("Bets(%s) (-saved +restored):\n%s", name, diff)
		}
	}
	if diff := cmp.Diff(orig.Players(), copied.Players()); diff != "" {
		t.Errorf("Players (-saved +restored):\n%s", diff)
	}
	// Both tables play on alike.
	src := rand.NewPCG(7, 11)
	var a, b []Resolution
	decided := 0
	for i := range 200 {
		d := Throw(src)
		var errA, errB error
		a, errA = orig.Roll(d, a[:0])
		b, errB = copied.Roll(d, b[:0])
		if errA != nil || errB != nil {
			t.Fatalf("roll %d (%v): %v, %v", i, d, errA, errB)
		}
		if diff := cmp.Diff(a, b); diff != "" {
			t.Fatalf("roll %d (%v): resolutions (-original +restored):\n%s", i, d, diff)
		}
		decided += len(a)
		if diff := cmp.Diff(ttKeepBetting(orig), ttKeepBetting(copied)); diff != "" {
			t.Fatalf("after roll %d: refusals (-original +restored):\n%s", i, diff)
		}
		if i%50 == 49 { // save and restore again, mid-game
			copied = ttRestore(t, ttSave(t, copied))
		}
	}
	if decided < 200 {
		t.Errorf("only %d resolutions in 200 rolls", decided)
	}
	if got, want := ttSave(t, copied), ttSave(t, orig); !bytes.Equal(got, want) {
		t.Errorf("after 200 rolls the tables differ:\n%s\n%s", want, got)
	}
}

// Every preset saves and restores, with its own bets.
func TestSaveRoundTripPresets(t *testing.T) {
	for _, name := range ttCasinoPresets() {
		t.Run(name, func(t *testing.T) {
			r, _ := preset(name)
			r.Unit, r.Minimum, r.Maximum = 5, 10, 5000
			tb, err := NewTable(r)
			if err != nil {
				t.Fatal(err)
			}
			// The bets the preset offers of these (New York craps has no
			// come bets, Rock 'n Roll Dice no odds).
			stake := func(b Bet, a Amount) ttOp {
				if r.Offers(b) != nil {
					return func(*testing.T, *Table) {}
				}
				return ttStake(b, a)
			}
			for _, op := range ttOps(ttJoin("q", 10000), ttJoin("p", 10000), stake(ttK(PassLine), 10), ttThrows(4),
				stake(ttK(PassOdds), 10), stake(ttN(Buy, 10), 20), stake(ttN(Lay, 5), 60), stake(ttK(Come), 10), ttThrows(9)) {
				op(t, tb)
			}
			data := ttSave(t, tb)
			if again := ttSave(t, ttRestore(t, data)); !bytes.Equal(again, data) {
				t.Errorf("the restored table saves differently:\n%s\n%s", data, again)
			}
		})
	}
}

// ttSmall is a small saved table to tamper with: ann has a fire bet and a
// small bet made before the first roll, a pass line on the point 4 with
// 3x odds, a field bet and a come bet in the box; bob has a buy 4 that
// paid 1 commission.
func ttSmall(t *testing.T) tableJSON {
	t.Helper()
	tb, _ := NewTable(Standard())
	ttDo(t, tb, ttJoin("ann", 1000), ttJoin("bob", 1000), ttStakeFor("ann", ttK(Fire), 10), ttStakeFor("ann", ttK(Small), 10),
		ttStakeFor("ann", ttK(PassLine), 10), ttThrow(Dice{1, 3}), ttStakeFor("ann", ttK(PassOdds), 30),
		ttStakeFor("ann", ttK(Field), 10), ttStakeFor("ann", ttK(Come), 10), ttStakeFor("bob", ttN(Buy, 4), 20))
	var tj tableJSON
	if err := json.Unmarshal(ttSave(t, tb), &tj); err != nil {
		t.Fatal(err)
	}
	return tj
}

// ttBetIndex is the index in tj.Bets of the first bet of kind k.
func ttBetIndex(t *testing.T, tj *tableJSON, k BetKind) int {
	t.Helper()
	for i, b := range tj.Bets {
		if b.Bet.Kind == k {
			return i
		}
	}
	t.Fatalf("no %v in the saved table", k)
	return -1
}

// ttWithout removes the bet of kind k.
func ttWithout(t *testing.T, tj *tableJSON, k BetKind) {
	i := ttBetIndex(t, tj, k)
	tj.Bets = append(tj.Bets[:i], tj.Bets[i+1:]...)
}

// ttPuckOff moves the small table's puck off, with its pass line and fire
// bet, and takes the pass odds away.
func ttPuckOff(t *testing.T, tj *tableJSON) {
	tj.Point = 0
	tj.Bets[ttBetIndex(t, tj, PassLine)].Point = 0
	tj.Bets[ttBetIndex(t, tj, Fire)].Point = 0
	ttWithout(t, tj, PassOdds)
}

func TestRestoreRefuses(t *testing.T) {
	field := func(t *testing.T, tj *tableJSON) *betJSON { return &tj.Bets[ttBetIndex(t, tj, Field)] }
	tests := []struct {
		name   string
		reason string
		tamper func(t *testing.T, tj *tableJSON) // on the decoded small table
		raw    func(data []byte) []byte          // or on its bytes
		want   error
	}{
		{name: "unknown bet name", reason: "no bet is called Fiedl", want: ErrSyntax,
			raw: func(b []byte) []byte { return bytes.Replace(b, []byte(`"bet":"Field"`), []byte(`"bet":"Fiedl"`), 1) }},
		{name: "place 7", reason: "place 7 is no bet", want: ErrSyntax,
			raw: func(b []byte) []byte { return bytes.Replace(b, []byte(`"bet":"Field"`), []byte(`"bet":"Place 7"`), 1) }},
		{name: "unknown field", reason: "the saved form has no colour", want: ErrSyntax,
			raw: func(b []byte) []byte { return append([]byte(`{"colour":"red",`), b[1:]...) }},
		{name: "unknown field in a bet", reason: "nor does a bet", want: ErrSyntax,
			raw: func(b []byte) []byte {
				return bytes.Replace(b, []byte(`"bet":"Field"`), []byte(`"bet":"Field","colour":1`), 1)
			}},
		{name: "amount as text", reason: "an amount is a number", want: ErrSyntax,
			raw: func(b []byte) []byte {
				return bytes.Replace(b, []byte(`"bet":"Field","amount":10`), []byte(`"bet":"Field","amount":"10"`), 1)
			}},
		{name: "truncated", reason: "half a table", want: ErrSyntax, raw: func(b []byte) []byte { return b[:len(b)/2] }},
		{name: "trailing table", reason: "a second value after the table", want: ErrSyntax, raw: func(b []byte) []byte { return append(b, "{}"...) }},
		{name: "trailing garbage", reason: "text after the table", want: ErrSyntax, raw: func(b []byte) []byte { return append(b, " x"...) }},
		{name: "empty", reason: "no table at all", want: ErrSyntax, raw: func([]byte) []byte { return nil }},
		{name: "not an object", reason: "a list is not a table", want: ErrSyntax, raw: func([]byte) []byte { return []byte("[1,2]") }},
		{name: "negative amount", reason: "a bet of -10", want: ErrAmount, tamper: func(t *testing.T, tj *tableJSON) { field(t, tj).Amount = -10 }},
		{name: "zero amount", reason: "a bet of nothing", want: ErrAmount, tamper: func(t *testing.T, tj *tableJSON) { field(t, tj).Amount = 0 }},
		{name: "amount above MaxAmount", reason: "MaxAmount bounds every bet", want: ErrAmount, tamper: func(t *testing.T, tj *tableJSON) { field(t, tj).Amount = MaxAmount + 1 }},
		{name: "negative commission", reason: "commission paid is never negative", want: ErrAmount,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Buy)].Commission = -1 }},
		{name: "not whole units", reason: "12 at a table of 5 chips", want: ErrUnit,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Rules.Unit = 5; field(t, tj).Amount = 12 }},
		{name: "pass line off the puck", reason: "a pass line on 8 with the puck on 4", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, PassLine)].Point = 8 }},
		{name: "pass odds with the puck off", reason: "no point, no odds behind the line", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) {
				tj.Point = 0
				tj.Bets[ttBetIndex(t, tj, PassLine)].Point = 0
				tj.Bets[ttBetIndex(t, tj, Fire)].Point = 0
				ttWithout(t, tj, Come)
			}},
		{name: "pass odds on another number", reason: "odds on 5 with the point 4", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, PassOdds)].Bet.Number = 5 }},
		{name: "odds with no line bet", reason: "pass odds need the pass line", want: ErrOddsLimit, tamper: func(t *testing.T, tj *tableJSON) { ttWithout(t, tj, PassLine) }},
		{name: "odds above the limit", reason: "3x on 4: 40 behind 10 is too much", want: ErrOddsLimit,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, PassOdds)].Amount = 40 }},
		{name: "puck on 7", reason: "7 is never a point", want: ErrSyntax, tamper: func(_ *testing.T, tj *tableJSON) { tj.Point = 7 }},
		{name: "puck on 11", reason: "11 is a point only in crapless craps", want: ErrSyntax, tamper: func(_ *testing.T, tj *tableJSON) { tj.Point = 11 }},
		{name: "duplicate player", reason: "two players called ann", want: ErrPlayerExists,
			tamper: func(_ *testing.T, tj *tableJSON) {
				tj.Players = append(tj.Players, playerJSON{Name: "ann", Bankroll: 5})
			}},
		{name: "nameless player", reason: "a player needs a name", want: ErrUnknownPlayer,
			tamper: func(_ *testing.T, tj *tableJSON) { tj.Players = append(tj.Players, playerJSON{Name: "", Bankroll: 5}) }},
		{name: "negative bankroll", reason: "no player is in debt", want: ErrAmount, tamper: func(_ *testing.T, tj *tableJSON) { tj.Players[1].Bankroll = -1 }},
		{name: "unknown shooter", reason: "zed is not at the table", want: ErrUnknownPlayer, tamper: func(_ *testing.T, tj *tableJSON) { tj.Shooter = "zed" }},
		{name: "no shooter", reason: "someone holds the dice when anyone is seated", want: ErrUnknownPlayer, tamper: func(_ *testing.T, tj *tableJSON) { tj.Shooter = "" }},
		{name: "bet for a stranger", reason: "zed has no seat", want: ErrUnknownPlayer, tamper: func(t *testing.T, tj *tableJSON) { field(t, tj).Player = "zed" }},
		{name: "come bet in the box, puck off", reason: "a come bet is made while a point is on and moves on the next roll", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { ttPuckOff(t, tj) }},
		{name: "come bet on 9 in the box", reason: "a come bet on 9 plays the point 9", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Come)].Bet.Number = 9 }},
		{name: "small complete", reason: "a small bet with all its totals would have been paid", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Small)].Made = totalsBits(Under7) }},
		{name: "small with an 8", reason: "small records 2 to 6 only", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Small)].Made |= 1 << 8 }},
		{name: "small with a total before the last 7", reason: "the 7 that was the last roll would have lost it", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { ttPuckOff(t, tj); ttWithout(t, tj, Come); tj.SinceSeven = 0 }},
		{name: "fire made a 7", reason: "7 is not a point", want: ErrSyntax, tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Fire)].Made = 1 << 7 }},
		{name: "fire made a 2", reason: "2 is not a point here", want: ErrSyntax, tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Fire)].Made = 1 << 2 }},
		{name: "fire off the puck", reason: "a fire bet follows the shooter's point", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Fire)].Point = 0 }},
		{name: "rules that do not validate", reason: "no bar 7", want: ErrInvalidRules, tamper: func(_ *testing.T, tj *tableJSON) { tj.Rules.Bar = 7 }},
		{name: "bet not offered", reason: "the rules do not take field bets", want: ErrNotOffered, tamper: func(_ *testing.T, tj *tableJSON) { tj.Rules.NotOffered = Kinds(Field) }},
		{name: "negative roll count", reason: "rolls are counted from 0", want: ErrSyntax, tamper: func(_ *testing.T, tj *tableJSON) { tj.HandRolls = -1 }},
		{name: "duplicate bet", reason: "one field bet per player", want: ErrSyntax, tamper: func(t *testing.T, tj *tableJSON) { tj.Bets = append(tj.Bets, *field(t, tj)) }},
		{name: "working switch 3", reason: "a switch is default, on or off", want: ErrSyntax, tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Buy)].Working = 3 }},
		{name: "commission on a field bet", reason: "only buy and lay bets pay commission", want: ErrSyntax, tamper: func(t *testing.T, tj *tableJSON) { field(t, tj).Commission = 1 }},

		// Impossible tables that play cannot reach.
		{name: "pass line turned off", reason: "SetWorking refuses line bets, which always work", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, PassLine)].Working = SwitchOff },
		},
		{name: "field turned off", reason: "one-roll bets always work", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { field(t, tj).Working = SwitchOff }},
		{name: "below the minimum", reason: "Place and Reduce never leave a bet under the table minimum", want: ErrTableLimit,
			tamper: func(_ *testing.T, tj *tableJSON) { tj.Rules.Minimum = 15 }},
		{name: "above the maximum", reason: "Place never makes a bet over the table maximum", want: ErrTableLimit,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Rules.Maximum = 20; field(t, tj).Amount = 25 }},
		{name: "commission above the charge", reason: "buy 4 for 20 pays 1 commission, not 999 (the second casino's rules would give all 999 back)", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) {
				tj.Rules.BuyCommission.Timing = CommissionUpfrontReturned
				tj.Bets[ttBetIndex(t, tj, Buy)].Commission = 999
			}},
		{name: "commission on a win-only table", reason: "CommissionOnWinOnly takes nothing when the bet is made", want: ErrSyntax,
			tamper: func(_ *testing.T, tj *tableJSON) { tj.Rules.BuyCommission.Timing = CommissionOnWinOnly }},
		{name: "fire with points before the first roll", reason: "a point made means the shooter has rolled", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { tj.Bets[ttBetIndex(t, tj, Fire)].Made = 1 << 5; tj.HandRolls = 0 }},
		{name: "puck on with no roll since a 7", reason: "a point is set by a roll that is not a 7", want: ErrSyntax,
			tamper: func(t *testing.T, tj *tableJSON) { ttWithout(t, tj, Small); tj.SinceSeven = 0 }},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			tj := ttSmall(t)
			data, err := json.Marshal(&tj)
			if err != nil {
				t.Fatal(err)
			}
			if c.tamper != nil {
				c.tamper(t, &tj)
				if data, err = json.Marshal(&tj); err != nil {
					t.Fatal(err)
				}
			}
			if c.raw != nil {
				data = c.raw(data)
			}
			target := ttEveryBet(t) // restoring over a table in play
			before, clone := ttSave(t, target), target.Clone()
			err = target.UnmarshalJSON(data)
			if err == nil {
				t.Fatalf("%s: restored\n%s", c.reason, data)
			}
			if !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want %v", c.reason, err, c.want)
			}
			if c.want != ErrInvalidRules {
				ttCheckRefusal(t, err, c.want)
			}
			if after := ttSave(t, target); !bytes.Equal(after, before) {
				t.Errorf("%s: the refused restore changed the table", c.reason)
			}
			if diff := cmp.Diff(clone, target, ttCmpTable); diff != "" {
				t.Errorf("%s: the refused restore changed the table (-before +after):\n%s", c.reason, diff)
			}
		})
	}
}

// The small table itself restores, so each refusal above is the tamper's.
func TestRestoreSmall(t *testing.T) {
	tj := ttSmall(t)
	data, err := json.Marshal(&tj)
	if err != nil {
		t.Fatal(err)
	}
	if again := ttSave(t, ttRestore(t, data)); !bytes.Equal(again, data) {
		t.Errorf("the small table saves differently:\n%s\n%s", data, again)
	}
	// And so does it with the puck off and no come bet or odds.
	ttPuckOff(t, &tj)
	ttWithout(t, &tj, Come)
	if data, err = json.Marshal(&tj); err != nil {
		t.Fatal(err)
	}
	ttRestore(t, data)
}

// By the encoding/json convention, UnmarshalJSON of null does nothing.
func TestRestoreNull(t *testing.T) {
	tb := ttEveryBet(t)
	before := ttSave(t, tb)
	err := tb.UnmarshalJSON([]byte("null"))
	if after := ttSave(t, tb); !bytes.Equal(after, before) {
		t.Errorf("UnmarshalJSON(null) = %v and changed the table to\n%s", err, after)
	}
}

// FuzzRestore restores arbitrary bytes. It must never panic; a table it
// restores must save to bytes that restore to the same bytes, and play on:
// each of the 36 throws, on a copy, conserves the money at the table and
// leaves a table that still saves and restores.
func FuzzRestore(f *testing.F) {
	f.Add(ttSave(f, ttEveryBet(f)))
	f.Add(ttSave(f, ttLayoutTable(f)))
	for _, name := range ttCasinoPresets() {
		r, _ := preset(name)
		tb, _ := NewTable(r)
		_ = tb.Join("ann", 500)
		_ = tb.Join("bob", 500)
		_ = tb.Place("ann", ttK(PassLine), 10)
		_, _ = tb.Roll(Dice{1, 1}, nil)
		_, _ = tb.Roll(Dice{2, 2}, nil)
		_ = tb.Place("bob", ttK(PassOdds), 10)
		_ = tb.Place("ann", ttK(PassOdds), 10)
		_ = tb.Place("ann", ttK(Come), 10)
		_ = tb.Place("bob", ttN(Buy, 10), 20)
		f.Add(ttSave(f, tb))
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"point":4,"players":[{"name":"a","bankroll":1}],"shooter":"a","bets":[{"player":"a","bet":"Pass Line","amount":5,"point":4}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var tb Table
		if err := tb.UnmarshalJSON(data); err != nil {
			var te *TableError
			if !errors.As(err, &te) && !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("UnmarshalJSON: %v (%T) is neither a *TableError nor ErrInvalidRules", err, err)
			}
			return
		}
		saved := ttSave(t, &tb)
		if again := ttSave(t, ttRestore(t, saved)); !bytes.Equal(again, saved) {
			t.Fatalf("a restored table saves differently:\n%s\n%s", saved, again)
		}
		for _, d := range AllDice() {
			c := tb.Clone()
			money := ttMoney(c)
			if _, err := c.roll(d, nil); err != nil { // as Roll or Deal plays it
				t.Fatalf("roll %v: %v", d, err)
			}
			if m := ttMoney(c); m != money {
				t.Fatalf("roll %v: money at the table went from %d to %d", d, money, m)
			}
			var r Table
			if err := r.UnmarshalJSON(ttSave(t, c)); err != nil {
				t.Fatalf("after roll %v the table no longer restores: %v\nbefore the roll: %s", d, err, saved)
			}
		}
	})
}

// The saved form names bets as a dealer does, so that it reads well.
func TestSaveNamesBets(t *testing.T) {
	data := string(ttSave(t, ttEveryBet(t)))
	for _, name := range []string{`"Pass Line"`, `"Don't Pass Odds 6"`, `"Come Odds 5"`, `"Don't Come 5"`, `"Put Odds 8"`,
		`"Place to Lose 10"`, `"Hard 8"`, `"Horn High 12"`, `"Hop 2-5"`, `"Fire Bet"`, `"C\u0026E"`} {
		if !strings.Contains(data, name) {
			t.Errorf("the saved table has no %s:\n%s", name, data)
		}
	}
}

// What a switched-off pass line does once restored: it ignores the
// come-out that sets the point, then takes the seven-out for a natural.
func TestRestoreSwitchedOffPassLine(t *testing.T) {
	data := []byte(`{"point":0,"shooter":"a","players":[{"name":"a","bankroll":100}],` +
		`"bets":[{"player":"a","bet":"Pass Line","amount":10,"point":0,"working":2}]}`)
	var tb Table
	if err := tb.UnmarshalJSON(data); err != nil {
		return // refused: what it should do
	}
	if _, err := tb.Roll(Dice{2, 4}, nil); err != nil { // the point is 6
		t.Fatal(err)
	}
	res, err := tb.Roll(Dice{3, 4}, nil) // seven-out
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Resolution{{Player: "a", Bet: ttK(PassLine), Outcome: OutcomeLost, Stake: 10}}, res); diff != "" {
		t.Errorf("the seven-out (-want +got):\n%s", diff)
	}
}

// ---- A saved table plays on as the table itself ----

// ttCall is one exported call on a table (and on its deck, at a card
// table), with what it returned written out, so that the answers of two
// tables compare.
type ttCall struct {
	name string
	do   func(tb *Table, deck *Deck) string
}

// ttCallOf makes a ttCall of a call that returns a value and an error.
func ttCallOf[V any](name string, f func(tb *Table, deck *Deck) (V, error)) ttCall {
	return ttCall{name, func(tb *Table, deck *Deck) string {
		v, err := f(tb, deck)
		return fmt.Sprintf("%+v, %v", v, err)
	}}
}

// ttCallErr makes a ttCall of a call that returns an error alone.
func ttCallErr(name string, f func(tb *Table, deck *Deck) error) ttCall {
	return ttCallOf(name, func(tb *Table, deck *Deck) (struct{}, error) { return struct{}{}, f(tb, deck) })
}

// ttTwins are the copies of a table and its deck that must play on as
// they do: a Clone, and the table restored from its saved form.
func ttTwins(t ttTB, tb *Table, deck *Deck) map[string]func() (*Table, *Deck) {
	t.Helper()
	saved := ttSave(t, tb)
	savedDeck, err := deck.MarshalBinary()
	if err != nil {
		t.Fatalf("Deck.MarshalBinary: %v", err)
	}
	return map[string]func() (*Table, *Deck){
		"clone": func() (*Table, *Deck) { d := *deck; return tb.Clone(), &d },
		"restored": func() (*Table, *Deck) {
			var twin Table
			if err := twin.UnmarshalJSON(saved); err != nil {
				t.Fatalf("the table does not restore: %v\n%s", err, saved)
			}
			var d Deck
			if err := d.UnmarshalBinary(savedDeck); err != nil {
				t.Fatalf("the deck does not restore: %v", err)
			}
			return &twin, &d
		},
	}
}

// ttSameState reports whether two tables are in the same state, every
// field compared but those ttCmpTable ignores; as cmp.Equal with it, only
// faster.
func ttSameState(a, b *Table) bool {
	state := func(t *Table) Table {
		s := *t
		s.autos, s.props, s.exposure, s.names, s.namesOf = nil, nil, 0, nil, nil
		s.seats = slices.Clip(s.seats)
		if len(s.seats) == 0 {
			s.seats = nil
		}
		s.bets = nil
		for _, p := range t.bets {
			p.row, p.quiet = nil, 0
			s.bets = append(s.bets, p)
		}
		return s
	}
	return reflect.DeepEqual(state(a), state(b))
}

// ttSameNext makes call c on tb, once, and on each of its twins
// (ttTwins), and checks that they answer the same and are left the same
// table, saved; with deep, that they are the same table, unexported
// state and all, before the call and after it. It returns the table's
// answer.
func ttSameNext(t ttTB, tb *Table, deck *Deck, c ttCall, deep bool) string {
	t.Helper()
	type twin struct {
		name   string
		tb     *Table
		deck   *Deck
		before string // how it differed from tb before the call
	}
	var twins []twin
	for name, f := range ttTwins(t, tb, deck) {
		tw, twDeck := f()
		var before string
		if deep && !ttSameState(tb, tw) {
			before = cmp.Diff(tb, tw, ttCmpTable)
		}
		twins = append(twins, twin{name, tw, twDeck, before})
	}
	answer := c.do(tb, deck)
	want := []string{answer, string(ttSave(t, tb)), fmt.Sprint(*deck)}
	for _, tw := range twins {
		got := []string{c.do(tw.tb, tw.deck), string(ttSave(t, tw.tb)), fmt.Sprint(*tw.deck)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s: the %s table plays differently (-table +%s: answer, saved table, deck):\n%s", c.name, tw.name, tw.name, diff)
		}
		if !deep {
			continue
		}
		if tw.before != "" {
			t.Fatalf("before %s, the %s table differs (-table +%s):\n%s", c.name, tw.name, tw.name, tw.before)
		}
		if !ttSameState(tb, tw.tb) {
			t.Fatalf("after %s, the %s table differs (-table +%s):\n%s", c.name, tw.name, tw.name, cmp.Diff(tb, tw.tb, ttCmpTable))
		}
	}
	return answer
}

// The claim on the next center bet, held by the player who has the dice,
// survives a save (it was saved as no claim): at every point of a private
// game with the claim rule, every call a player could make next answers
// the same on the table, its clone and the table restored from its save.
func TestRestoreKeepsClaim(t *testing.T) {
	r := Street()
	r.FadeClaim = true
	tb, err := NewTable(r)
	if err != nil {
		t.Fatal(err)
	}
	var deck Deck
	players := []string{"ann", "bob", "cat"}
	var menu []ttCall
	for _, p := range players {
		menu = append(menu,
			ttCallErr("claim "+p, func(tb *Table, _ *Deck) error { return tb.Claim(p) }),
			ttCallErr("fade 20 "+p, func(tb *Table, _ *Deck) error { return tb.Fade(p, 20) }),
			ttCallErr("bar "+p, func(tb *Table, _ *Deck) error { return tb.BarShooter(p) }),
			ttCallOf("leave "+p, func(tb *Table, _ *Deck) (Amount, error) { return tb.Leave(p) }),
			ttCallErr("side "+p, func(tb *Table, _ *Deck) error { return tb.Side(p, "ann", ttK(PassLine), 10, Ratio{}) }))
	}
	menu = append(menu,
		ttCallErr("center 20", func(tb *Table, _ *Deck) error { return tb.Center(20) }),
		ttCallErr("withdraw", func(tb *Table, _ *Deck) error { return tb.Withdraw() }),
		ttCallErr("no bet", func(tb *Table, _ *Deck) error { return tb.CallOffCenter() }),
		ttCallErr("pass dice", func(tb *Table, _ *Deck) error { return tb.PassDice() }),
		ttCallOf("roll 7", func(tb *Table, _ *Deck) ([]Resolution, error) { return tb.Roll(Dice{3, 4}, nil) }),
		ttCallOf("roll 4", func(tb *Table, _ *Deck) ([]Resolution, error) { return tb.Roll(Dice{1, 3}, nil) }),
		ttCallErr("join dan", func(tb *Table, _ *Deck) error { return tb.JoinAt("dan", 100, 1) }))
	script := []ttCall{
		ttCallErr("join ann", func(tb *Table, _ *Deck) error { return tb.Join("ann", 1000) }),
		ttCallErr("join bob", func(tb *Table, _ *Deck) error { return tb.Join("bob", 1000) }),
		ttCallErr("join cat", func(tb *Table, _ *Deck) error { return tb.Join("cat", 1000) }),
		// ann stakes 20, bob fades it all and loses: bob may claim the next.
		ttCallErr("center", func(tb *Table, _ *Deck) error { return tb.Center(20) }),
		ttCallErr("fade", func(tb *Table, _ *Deck) error { return tb.Fade("bob", 20) }),
		ttCallOf("natural", func(tb *Table, _ *Deck) ([]Resolution, error) { return tb.Roll(Dice{3, 4}, nil) }),
		// The dice pass to bob, who holds the claim, then on to cat.
		ttCallErr("pass to bob", func(tb *Table, _ *Deck) error { return tb.PassDice() }),
		ttCallErr("pass to cat", func(tb *Table, _ *Deck) error { return tb.PassDice() }),
		ttCallErr("cat's center", func(tb *Table, _ *Deck) error { return tb.Center(30) }),
		ttCallErr("bob claims", func(tb *Table, _ *Deck) error { return tb.Claim("bob") }),
		ttCallOf("point 4", func(tb *Table, _ *Deck) ([]Resolution, error) { return tb.Roll(Dice{1, 3}, nil) }),
		ttCallOf("seven-out", func(tb *Table, _ *Deck) ([]Resolution, error) { return tb.Roll(Dice{3, 4}, nil) }),
	}
	for i, step := range script {
		for _, c := range menu {
			d := deck
			ttSameNext(t, tb.Clone(), &d, c, false)
		}
		if answer := ttSameNext(t, tb, &deck, step, true); !strings.HasSuffix(answer, "<nil>") {
			t.Fatalf("step %d, %s: %s", i, step.name, answer)
		}
	}
}

// ttTwinCalls are the calls the twin state machine draws, by name, for a
// game under r: every exported call on a Table (and on its Deck, under
// card rules) the game has, with players, bets and amounts mostly sound.
func ttTwinCalls(tb *Table) map[string]func(rt *rapid.T) ttCall {
	r := tb.Rules()
	unit := r.unit()
	pool := ttPool[:4]
	name := func(rt *rapid.T, label string) string {
		if ps := tb.Players(); len(ps) > 0 && rapid.IntRange(0, 9).Draw(rt, label+" stranger") < 9 {
			return ps[rapid.IntRange(0, len(ps)-1).Draw(rt, label)].Name
		}
		return rapid.SampledFrom(pool).Draw(rt, label+" anyone")
	}
	dice := func(rt *rapid.T) Dice {
		return Dice{uint8(rapid.IntRange(1, 6).Draw(rt, "a")), uint8(rapid.IntRange(1, 6).Draw(rt, "b"))}
	}
	amount := func(rt *rapid.T, label string) Amount { return ttDrawAmount(rt, unit, label) }
	bets := append(r.Catalogue(), Bet{Kind: PassOdds}, Bet{Kind: DontPassOdds})
	if r.Private {
		bets = pvSideBets
	}
	// bet is mostly one on the layout, else any.
	bet := func(rt *rapid.T) Bet {
		if len(tb.bets) > 0 && rapid.Bool().Draw(rt, "own") {
			return tb.bets[rapid.IntRange(0, len(tb.bets)-1).Draw(rt, "on the layout")].bet
		}
		return rapid.SampledFrom(bets).Draw(rt, "bet")
	}
	calls := map[string]func(rt *rapid.T) ttCall{
		"join": func(rt *rapid.T) ttCall {
			p, seat := rapid.SampledFrom(pool).Draw(rt, "name"), rapid.IntRange(-2, len(tb.seats)+1).Draw(rt, "seat")
			bankroll := unit * Amount(rapid.Int64Range(0, 2000).Draw(rt, "bankroll"))
			if rapid.IntRange(0, 9).Draw(rt, "rich") == 0 { // near MaxBalance after a few
				bankroll = MaxAmount - MaxAmount%unit
			}
			if seat < 0 {
				return ttCallErr("join", func(tb *Table, _ *Deck) error { return tb.Join(p, bankroll) })
			}
			return ttCallErr("join at", func(tb *Table, _ *Deck) error { return tb.JoinAt(p, bankroll, seat) })
		},
		"leave": func(rt *rapid.T) ttCall {
			p := name(rt, "who")
			return ttCallOf("leave", func(tb *Table, _ *Deck) (Amount, error) { return tb.Leave(p) })
		},
	}
	if r.Cards == NoCards {
		calls["roll"] = func(rt *rapid.T) ttCall {
			d := dice(rt)
			return ttCallOf("roll", func(tb *Table, _ *Deck) ([]Resolution, error) { return tb.Roll(d, nil) })
		}
	} else {
		deal := ttCallOf("deal", func(tb *Table, deck *Deck) (string, error) {
			d, res, err := tb.Deal(deck, nil)
			return fmt.Sprintf("%v %+v", d, res), err
		})
		calls["deal"] = func(*rapid.T) ttCall { return deal }
		calls["cut"] = func(rt *rapid.T) ttCall {
			p, n := name(rt, "who"), rapid.IntRange(-1, deckSize+1).Draw(rt, "cut at")
			return ttCallErr("cut", func(tb *Table, deck *Deck) error { return tb.Cut(deck, p, n) })
		}
		calls["decline cut"] = func(rt *rapid.T) ttCall {
			p := name(rt, "who")
			return ttCallErr("decline cut", func(tb *Table, deck *Deck) error { return tb.DeclineCut(deck, p) })
		}
		calls["new deck"] = func(*rapid.T) ttCall {
			return ttCallErr("new deck", func(_ *Table, deck *Deck) error { deck.RequestNew(); return nil })
		}
	}
	if !r.Private {
		calls["place"] = func(rt *rapid.T) ttCall {
			p, b, a := name(rt, "who"), bet(rt), amount(rt, "amount")
			return ttCallErr("place", func(tb *Table, _ *Deck) error { return tb.Place(p, b, a) })
		}
		calls["reduce"] = func(rt *rapid.T) ttCall {
			p, b, a := name(rt, "who"), bet(rt), amount(rt, "amount")
			return ttCallErr("reduce", func(tb *Table, _ *Deck) error { return tb.Reduce(p, b, a) })
		}
		calls["take down"] = func(rt *rapid.T) ttCall {
			p, b := name(rt, "who"), bet(rt)
			return ttCallOf("take down", func(tb *Table, _ *Deck) (Amount, error) { return tb.TakeDown(p, b) })
		}
		calls["working"] = func(rt *rapid.T) ttCall {
			p, b, on := name(rt, "who"), bet(rt), rapid.Bool().Draw(rt, "on")
			return ttCallErr("working", func(tb *Table, _ *Deck) error { return tb.SetWorking(p, b, on) })
		}
		return calls
	}
	calls["center"] = func(rt *rapid.T) ttCall {
		a := amount(rt, "stake")
		return ttCallErr("center", func(tb *Table, _ *Deck) error { return tb.Center(a) })
	}
	calls["fade"] = func(rt *rapid.T) ttCall {
		p, a := name(rt, "fader"), amount(rt, "fade")
		if rapid.Bool().Draw(rt, "the rest") {
			a = max(tb.center, unit)
		}
		return ttCallErr("fade", func(tb *Table, _ *Deck) error { return tb.Fade(p, a) })
	}
	// A come-out's center bet staked and faded in full by one player,
	// which the claim rule is about.
	calls["center round"] = func(rt *rapid.T) ttCall {
		p, a := name(rt, "fader"), unit*Amount(rapid.Int64Range(1, 50).Draw(rt, "stake"))
		return ttCallErr("center round", func(tb *Table, _ *Deck) error {
			return errors.Join(tb.Center(a), tb.Fade(p, a))
		})
	}
	calls["claim"] = func(rt *rapid.T) ttCall {
		p := name(rt, "who")
		return ttCallErr("claim", func(tb *Table, _ *Deck) error { return tb.Claim(p) })
	}
	calls["withdraw"] = func(*rapid.T) ttCall {
		return ttCallErr("withdraw", func(tb *Table, _ *Deck) error { return tb.Withdraw() })
	}
	calls["no bet"] = func(*rapid.T) ttCall {
		return ttCallErr("no bet", func(tb *Table, _ *Deck) error { return tb.CallOffCenter() })
	}
	calls["side"] = func(rt *rapid.T) ttCall {
		p, o, b, a := name(rt, "backer"), name(rt, "layer"), bet(rt), amount(rt, "amount")
		odds := rapid.SampledFrom([]Ratio{{}, {1, 1}, {6, 5}, {9, 1}, {1, 2}}).Draw(rt, "odds")
		return ttCallErr("side", func(tb *Table, _ *Deck) error { return tb.Side(p, o, b, a, odds) })
	}
	calls["call off"] = func(rt *rapid.T) ttCall {
		p, b := name(rt, "who"), bet(rt)
		return ttCallOf("call off", func(tb *Table, _ *Deck) (int, error) { return tb.CallOff(p, b) })
	}
	calls["pass dice"] = func(*rapid.T) ttCall {
		return ttCallErr("pass dice", func(tb *Table, _ *Deck) error { return tb.PassDice() })
	}
	calls["fault"] = func(rt *rapid.T) ttCall {
		d, f := dice(rt), Fault(rapid.IntRange(0, int(numFaults)).Draw(rt, "fault"))
		return ttCallOf("fault", func(tb *Table, _ *Deck) ([]Resolution, error) { return tb.RollFault(d, f, nil) })
	}
	calls["bar"] = func(rt *rapid.T) ttCall {
		p := name(rt, "who")
		return ttCallErr("bar", func(tb *Table, _ *Deck) error { return tb.BarShooter(p) })
	}
	calls["change dice"] = func(rt *rapid.T) ttCall {
		p := name(rt, "who")
		return ttCallErr("change dice", func(tb *Table, _ *Deck) error { return tb.ChangeDice(p) })
	}
	return calls
}

// TestRestoreStateMachine plays random casino, private and card games
// and, before every call, saves the table and restores a twin of it (and
// clones it): the call must answer the same on each and leave them the
// same table. Every state that changes what a later call may do must
// survive a save.
func TestRestoreStateMachine(t *testing.T) {
	ttRapidFlags(t)
	rapid.Check(t, func(rt *rapid.T) {
		var r Rules
		game := rapid.IntRange(0, 2).Draw(rt, "game")
		switch game {
		case 0:
			r = ttDrawRules(rt)
		case 1:
			r = pvDrawRules(rt)
			r.FadeClaim = rapid.IntRange(0, 3).Draw(rt, "no claim rule") > 0
		}
		if game == 2 || rapid.IntRange(0, 3).Draw(rt, "cards") == 0 {
			r.Cards = CardReading(rapid.IntRange(1, 3).Draw(rt, "reading"))
		}
		tb, err := NewTable(r)
		if err != nil {
			rt.Fatalf("NewTable: %v", err)
		}
		deck := NewDeck(rapid.Uint64().Draw(rt, "seed"), 0)
		for i := range rapid.IntRange(1, 4).Draw(rt, "players") {
			if err := tb.Join(ttPool[i], 1000*r.unit()); err != nil {
				rt.Fatalf("Join: %v", err)
			}
		}
		calls := ttTwinCalls(tb)
		actions := map[string]func(*rapid.T){}
		for name, draw := range calls {
			actions[name] = func(rt *rapid.T) { ttSameNext(rt, tb, deck, draw(rt), true) }
		}
		rt.Repeat(actions)
	})
}
