package craps

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
			for _, op := range ttOps(ttJoin("q", 10000), ttJoin("p", 10000), ttStake(ttK(PassLine), 10), ttThrows(4),
				ttStake(ttK(PassOdds), 10), ttStake(ttN(Buy, 10), 20), ttStake(ttN(Lay, 5), 60), ttStake(ttK(Come), 10), ttThrows(9)) {
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
