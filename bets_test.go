package craps

import (
	"errors"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBetKindString(t *testing.T) {
	seen := map[string]BetKind{}
	for k := BetKind(1); k < numKinds; k++ {
		name := k.String()
		if name == "" {
			t.Errorf("BetKind(%d) has no name", k)
		}
		if other, dup := seen[name]; dup {
			t.Errorf("BetKind(%d) and BetKind(%d) are both named %q", other, k, name)
		}
		seen[name] = k
	}
	tests := []struct {
		reason string
		kind   BetKind
		want   string
	}{
		{"the zero kind", NoBet, "No Bet"},
		{"a kind past the last", numKinds, "BetKind(51)"},
		{"far out of range", BetKind(200), "BetKind(200)"},
		{"the dealer's name", DontPass, "Don't Pass"},
		{"C&E", CAndE, "C&E"},
		{"the fire bet", Fire, "Fire Bet"},
	}
	for _, tc := range tests {
		if got := tc.kind.String(); got != tc.want {
			t.Errorf("%s: BetKind(%d).String() = %q, want %q", tc.reason, tc.kind, got, tc.want)
		}
	}
}

func TestBetString(t *testing.T) {
	tests := []struct {
		reason string
		bet    Bet
		want   string
	}{
		{"no number", Bet{Kind: PassLine}, "Pass Line"},
		{"a box number", Bet{Kind: Place, Number: 6}, "Place 6"},
		{"a come bet that has moved", Bet{Kind: DontCome, Number: 4}, "Don't Come 4"},
		{"a hardway", Bet{Kind: Hardway, Number: 8}, "Hard 8"},
		{"horn high names its number", Bet{Kind: HornHigh, Number: 12}, "Horn High 12"},
		{"a hop names its combination", Bet{Kind: Hop, Hop: Dice{2, 5}}, "Hop 2-5"},
		{"the fire bet", Bet{Kind: Fire}, "Fire Bet"},
		{"place to lose", Bet{Kind: PlaceToLose, Number: 10}, "Place to Lose 10"},
	}
	for _, tc := range tests {
		if got := tc.bet.String(); got != tc.want {
			t.Errorf("%s: %#v.String() = %q, want %q", tc.reason, tc.bet, got, tc.want)
		}
	}
}

// TestParseBetRoundTrip reads back the name of every bet each preset
// offers, plus the bets a table makes that no catalogue lists (a come bet
// on its number), as ParseBet and as text.
func TestParseBetRoundTrip(t *testing.T) {
	var bets []Bet
	for _, name := range presetNames() {
		r, err := preset(name)
		if err != nil {
			t.Fatal(err)
		}
		bets = append(bets, r.Catalogue()...)
	}
	bets = append(bets, Bet{Kind: Come, Number: 4}, Bet{Kind: DontCome, Number: 10},
		Bet{Kind: PassOdds}, Bet{Kind: DontPassOdds}, Bet{Kind: Come, Number: 2})
	for _, b := range bets {
		got, err := ParseBet(b.String())
		if err != nil {
			t.Errorf("ParseBet(%q): %v", b.String(), err)
			continue
		}
		if got != b {
			t.Errorf("ParseBet(%q) = %#v, want %#v", b.String(), got, b)
		}
		text, err := b.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText: %v", b, err)
		}
		var back Bet
		if err := back.UnmarshalText(text); err != nil || back != b {
			t.Errorf("UnmarshalText(%q) = %#v, %v; want %#v", text, back, err, b)
		}
	}
	if len(Standard().Catalogue()) == 0 || len(Crapless().Catalogue()) == 0 {
		t.Fatal("an empty catalogue")
	}
}

func TestParseBetAliases(t *testing.T) {
	tests := []struct {
		in     string
		reason string
		want   Bet
	}{
		{"pass", "the short name", Bet{Kind: PassLine}},
		{"line", "another short name", Bet{Kind: PassLine}},
		{"PASS LINE", "case does not matter", Bet{Kind: PassLine}},
		{"  pass   line ", "extra spaces do not matter", Bet{Kind: PassLine}},
		{"dont pass", "without the apostrophe", Bet{Kind: DontPass}},
		{"Don’t Pass", "with a typographic apostrophe", Bet{Kind: DontPass}},
		{"don't pass bar", "as the layout prints it", Bet{Kind: DontPass}},
		{"come 9", "a come bet already on its number", Bet{Kind: Come, Number: 9}},
		{"odds", "odds alone stand behind the pass line", Bet{Kind: PassOdds}},
		{"take odds", "taking odds", Bet{Kind: PassOdds}},
		{"odds 6", "odds with a number stand behind the come bet on it", Bet{Kind: ComeOdds, Number: 6}},
		{"pass odds 6", "named pass odds, they stay pass odds", Bet{Kind: PassOdds, Number: 6}},
		{"lay odds", "laid odds alone stand behind don't pass", Bet{Kind: DontPassOdds}},
		{"lay odds 6", "laid odds with a number stand behind the don't come bet on it", Bet{Kind: DontComeOdds, Number: 6}},
		{"don't pass odds 4", "named don't pass odds, they stay so", Bet{Kind: DontPassOdds, Number: 4}},
		{"put odds 8", "odds behind a put bet", Bet{Kind: PutOdds, Number: 8}},
		{"place to win 6", "place to win is place", Bet{Kind: Place, Number: 6}},
		{"place to lose 4", "a four-word name with its number", Bet{Kind: PlaceToLose, Number: 4}},
		{"place 2", "place 2 exists in crapless craps", Bet{Kind: Place, Number: 2}},
		{"lay 10", "a lay bet", Bet{Kind: Lay, Number: 10}},
		{"big 6", "a name that holds a number", Bet{Kind: Big6}},
		{"hard 8", "a hardway", Bet{Kind: Hardway, Number: 8}},
		{"hard way 10", "hardway spelled in two words", Bet{Kind: Hardway, Number: 10}},
		{"any seven", "any 7 spelled out", Bet{Kind: Any7}},
		{"big red", "the dealer's name for any 7", Bet{Kind: Any7}},
		{"craps", "any craps", Bet{Kind: AnyCraps}},
		{"snake eyes", "the 2", Bet{Kind: Aces}},
		{"2", "the 2 by its total", Bet{Kind: Aces}},
		{"ace-deuce", "the 3", Bet{Kind: AceDeuce}},
		{"3", "the 3 by its total", Bet{Kind: AceDeuce}},
		{"yo", "the 11", Bet{Kind: Yo}},
		{"11", "the 11 by its total", Bet{Kind: Yo}},
		{"boxcars", "the 12", Bet{Kind: Boxcars}},
		{"midnight", "the 12's other name", Bet{Kind: Boxcars}},
		{"12", "the 12 by its total", Bet{Kind: Boxcars}},
		{"horn high 12", "horn high names its number", Bet{Kind: HornHigh, Number: 12}},
		{"c&e", "craps and eleven", Bet{Kind: CAndE}},
		{"C & E", "with spaces", Bet{Kind: CAndE}},
		{"whirl", "the world's other name", Bet{Kind: World}},
		{"hop 5-2", "a hop is stored smaller face first", Bet{Kind: Hop, Hop: Dice{2, 5}}},
		{"hop 3,3", "a hard hop, comma-separated", Bet{Kind: Hop, Hop: Dice{3, 3}}},
		{"Fire", "the fire bet, short", Bet{Kind: Fire}},
		{"fire bet", "the fire bet, long", Bet{Kind: Fire}},
		{"all", "all", Bet{Kind: All}},
		{"tall", "tall", Bet{Kind: Tall}},
		{"SMALL", "small, in capitals", Bet{Kind: Small}},
	}
	for _, tc := range tests {
		got, err := ParseBet(tc.in)
		if err != nil {
			t.Errorf("ParseBet(%q) (%s): %v", tc.in, tc.reason, err)
			continue
		}
		if got != tc.want {
			t.Errorf("ParseBet(%q) (%s) = %#v, want %#v", tc.in, tc.reason, got, tc.want)
		}
	}
}

func TestParseBetRejects(t *testing.T) {
	tests := []struct {
		in     string
		reason string
	}{
		{"place 7", "7 is never a box number"},
		{"hard 5", "5 has no hard way"},
		{"hard 12", "12 is not a hardway bet"},
		{"horn high 6", "horn high takes 2, 3, 11 or 12"},
		{"horn high", "horn high needs its number"},
		{"hop 0-1", "no face is 0"},
		{"hop 1-7", "no face is 7"},
		{"hop", "a hop needs its combination"},
		{"pass 6", "the pass line takes no number"},
		{"field 4", "the field takes no number"},
		{"big 6 6", "big 6 already names its number"},
		{"place", "a place bet needs its number"},
		{"place six", "numbers are digits"},
		{"place to lose 2", "place to lose is on 4 to 10 only"},
		{"odds 7", "7 is not a point"},
		{"come 7", "7 is not a point"},
		{"", "empty"},
		{"banana", "not a bet"},
		{"7 within 0", "a proposition runs at least one throw"},
		{"7 within 101", "MaxThrows is 100"},
		{"7 within 257", "Throws is a byte: 257 must not wrap to 1"},
		{"7 within -1", "no negative throws"},
	}
	for _, tc := range tests {
		got, err := ParseBet(tc.in)
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseBet(%q) (%s) = %#v, %v; want an error wrapping ErrSyntax", tc.in, tc.reason, got, err)
		}
	}
	b := Bet{Kind: Field}
	if err := b.UnmarshalText([]byte("place 7")); !errors.Is(err, ErrSyntax) || b != (Bet{Kind: Field}) {
		t.Errorf("UnmarshalText(place 7) = %v and left %#v; want ErrSyntax and the bet unchanged", err, b)
	}
}

func FuzzParseBet(f *testing.F) {
	for _, s := range []string{"pass", "odds 6", "lay odds 6", "hop 5-2", "horn high 12", "place to lose 4",
		"Don’t Come 4", "place 7", "hard 5", "big 6", "c & e", " fire  bet ", "hop 3,3", "come 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBet(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("ParseBet(%q): error %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		if !b.wellFormed() {
			t.Fatalf("ParseBet(%q) = %#v, which is not well formed", s, b)
		}
		back, err := ParseBet(b.String())
		if err != nil || back != b {
			t.Fatalf("ParseBet(%q) = %#v, but its String %q parses to %#v, %v", s, b, b.String(), back, err)
		}
	})
}

// Effects used by the resolution tables.
var (
	rollLoses  = effect{verdict: loses}
	rollPushes = effect{verdict: pushes}
)

func rollWins(win, stake int64) effect { return effect{verdict: wins, pays: Ratio{win, stake}} }

func rollStays(s betState) effect { return effect{verdict: stays, next: s} }

// onPoint is the state of a bet playing point (or box number) n.
func onPoint(n int) betState { return betState{point: int8(n)} }

// rollCase is one throw of one bet in one state.
type rollCase struct {
	reason string
	rules  Rules
	bet    Bet
	state  betState
	dice   Dice
	want   effect
}

func checkRolls(t *testing.T, tests []rollCase) {
	t.Helper()
	for _, tc := range tests {
		r := tc.rules
		got := tc.bet.roll(&r, tc.state, tc.dice)
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(effect{}, betState{})); diff != "" {
			t.Errorf("%v in state %+v on %v (%s): (-want +got)\n%s", tc.bet, tc.state, tc.dice, tc.reason, diff)
		}
	}
}

func TestRollLineBets(t *testing.T) {
	pass, dontPass := Bet{Kind: PassLine}, Bet{Kind: DontPass}
	come, dontCome := Bet{Kind: Come}, Bet{Kind: DontCome}
	checkRolls(t, []rollCase{
		// The pass line on the come-out (the posted casino rules and the croupier trainer).
		{"come-out 7 is a natural", Standard(), pass, betState{}, Dice{3, 4}, rollWins(1, 1)},
		{"come-out 11 is a natural", Standard(), pass, betState{}, Dice{5, 6}, rollWins(1, 1)},
		{"come-out 2 is craps", Standard(), pass, betState{}, Dice{1, 1}, rollLoses},
		{"come-out 3 is craps", Standard(), pass, betState{}, Dice{2, 1}, rollLoses},
		{"come-out 12 is craps", Standard(), pass, betState{}, Dice{6, 6}, rollLoses},
		{"come-out 12 is craps for the pass line under bar 2 too", Bar2(), pass, betState{}, Dice{6, 6}, rollLoses},
		{"come-out 4 sets the point", Standard(), pass, betState{}, Dice{1, 3}, rollStays(onPoint(4))},
		{"come-out 10 sets the point", Standard(), pass, betState{}, Dice{6, 4}, rollStays(onPoint(10))},
		// The pass line with a point on.
		{"the point made the hard way wins", Standard(), pass, onPoint(6), Dice{3, 3}, rollWins(1, 1)},
		{"the point made the easy way wins", Standard(), pass, onPoint(6), Dice{2, 4}, rollWins(1, 1)},
		{"seven-out", Standard(), pass, onPoint(6), Dice{3, 4}, rollLoses},
		{"11 does not decide a point", Standard(), pass, onPoint(6), Dice{5, 6}, rollStays(onPoint(6))},
		{"2 does not decide a point", Standard(), pass, onPoint(6), Dice{1, 1}, rollStays(onPoint(6))},
		{"12 does not decide a point", Standard(), pass, onPoint(6), Dice{6, 6}, rollStays(onPoint(6))},
		{"another point number does not decide it", Standard(), pass, onPoint(6), Dice{4, 4}, rollStays(onPoint(6))},
		// Crapless craps: 2, 3, 11 and 12 are points, only 7 wins on the come-out.
		{"crapless: 7 is the only natural", Crapless(), pass, betState{}, Dice{1, 6}, rollWins(1, 1)},
		{"crapless: 11 is a point", Crapless(), pass, betState{}, Dice{5, 6}, rollStays(onPoint(11))},
		{"crapless: 2 is a point", Crapless(), pass, betState{}, Dice{1, 1}, rollStays(onPoint(2))},
		{"crapless: 3 is a point", Crapless(), pass, betState{}, Dice{1, 2}, rollStays(onPoint(3))},
		{"crapless: 12 is a point", Crapless(), pass, betState{}, Dice{6, 6}, rollStays(onPoint(12))},
		{"crapless: point 11 made", Crapless(), pass, onPoint(11), Dice{6, 5}, rollWins(1, 1)},
		{"crapless: point 2 rollLoses to a 7", Crapless(), pass, onPoint(2), Dice{2, 5}, rollLoses},
		// Don't pass, bar 12 (the posted casino rules and the croupier trainer).
		{"don't pass loses on a come-out 7", Standard(), dontPass, betState{}, Dice{3, 4}, rollLoses},
		{"don't pass loses on a come-out 11", Standard(), dontPass, betState{}, Dice{5, 6}, rollLoses},
		{"don't pass wins on a come-out 2", Standard(), dontPass, betState{}, Dice{1, 1}, rollWins(1, 1)},
		{"don't pass wins on a come-out 3", Standard(), dontPass, betState{}, Dice{1, 2}, rollWins(1, 1)},
		{"bar 12: a come-out 12 pushes", Standard(), dontPass, betState{}, Dice{6, 6}, rollPushes},
		{"Bar: 12 written out is the default", Rules{Bar: 12}, dontPass, betState{}, Dice{6, 6}, rollPushes},
		{"don't pass follows the point", Standard(), dontPass, betState{}, Dice{2, 2}, rollStays(onPoint(4))},
		{"don't pass wins on the seven-out", Standard(), dontPass, onPoint(4), Dice{6, 1}, rollWins(1, 1)},
		{"don't pass loses when the point is made", Standard(), dontPass, onPoint(4), Dice{3, 1}, rollLoses},
		{"don't pass waits on other totals", Standard(), dontPass, onPoint(4), Dice{6, 6}, rollStays(onPoint(4))},
		// Don't pass, bar 2 (the second casino's rules).
		{"bar 2: a come-out 2 pushes", Bar2(), dontPass, betState{}, Dice{1, 1}, rollPushes},
		{"bar 2: a come-out 12 wins", Bar2(), dontPass, betState{}, Dice{6, 6}, rollWins(1, 1)},
		{"bar 2: a come-out 3 wins", Bar2(), dontPass, betState{}, Dice{2, 1}, rollWins(1, 1)},
		{"bar 2: a come-out 11 loses", Bar2(), dontPass, betState{}, Dice{6, 5}, rollLoses},
		// Come and don't come: their own come-out, then their own number.
		{"a come bet travels to its number", Standard(), come, betState{}, Dice{5, 4}, rollStays(onPoint(9))},
		{"a come bet wins on 11", Standard(), come, betState{}, Dice{6, 5}, rollWins(1, 1)},
		{"a come bet loses on 3", Standard(), come, betState{}, Dice{1, 2}, rollLoses},
		{"a come bet on 9 wins when 9 repeats", Standard(), come, onPoint(9), Dice{3, 6}, rollWins(1, 1)},
		{"a come bet on 9 loses on 7", Standard(), come, onPoint(9), Dice{3, 4}, rollLoses},
		{"a don't come bet travels to its number", Standard(), dontCome, betState{}, Dice{2, 3}, rollStays(onPoint(5))},
		{"a don't come bet pushes on 12 under bar 12", Standard(), dontCome, betState{}, Dice{6, 6}, rollPushes},
		{"a don't come bet wins on 12 under bar 2", Bar2(), dontCome, betState{}, Dice{6, 6}, rollWins(1, 1)},
		{"a don't come bet on 5 wins on 7", Standard(), dontCome, onPoint(5), Dice{5, 2}, rollWins(1, 1)},
		{"a don't come bet on 5 loses on 5", Standard(), dontCome, onPoint(5), Dice{1, 4}, rollLoses},
		// Put: a line bet made straight on a number.
		{"put 6 wins on 6", Standard(), Bet{Kind: Put, Number: 6}, onPoint(6), Dice{5, 1}, rollWins(1, 1)},
		{"put 6 loses on 7", Standard(), Bet{Kind: Put, Number: 6}, onPoint(6), Dice{5, 2}, rollLoses},
	})
}

func TestRollNumberBets(t *testing.T) {
	var cases []rollCase
	// Odds at true odds (the posted casino rules and the croupier trainer): 2:1, 3:2, 6:5; laid: 1:2, 2:3, 5:6.
	for _, c := range []struct {
		n         int
		hit       Dice
		take, lay Ratio
		reason    string
	}{
		{4, Dice{1, 3}, Ratio{2, 1}, Ratio{1, 2}, "4 and 10: six ways of 7 to three"},
		{5, Dice{1, 4}, Ratio{3, 2}, Ratio{2, 3}, "5 and 9: six ways to four"},
		{6, Dice{1, 5}, Ratio{6, 5}, Ratio{5, 6}, "6 and 8: six ways to five"},
		{8, Dice{2, 6}, Ratio{6, 5}, Ratio{5, 6}, "6 and 8: six ways to five"},
		{9, Dice{3, 6}, Ratio{3, 2}, Ratio{2, 3}, "5 and 9: six ways to four"},
		{10, Dice{4, 6}, Ratio{2, 1}, Ratio{1, 2}, "4 and 10: six ways to three"},
	} {
		for _, k := range []BetKind{PassOdds, ComeOdds, PutOdds, Buy} {
			b := Bet{Kind: k, Number: c.n}
			cases = append(cases,
				rollCase{"true odds (a buy bet too; its commission is charged apart), " + c.reason, Standard(), b, onPoint(c.n), c.hit, rollWins(c.take.Win, c.take.Stake)},
				rollCase{"odds taken lose on 7", Standard(), b, onPoint(c.n), Dice{6, 1}, rollLoses},
				rollCase{"odds taken wait on other totals", Standard(), b, onPoint(c.n), Dice{6, 6}, rollStays(onPoint(c.n))})
		}
		for _, k := range []BetKind{DontPassOdds, DontComeOdds, Lay} {
			b := Bet{Kind: k, Number: c.n}
			cases = append(cases,
				rollCase{"odds laid (and lay bets) win on 7 at the reverse of true odds, " + c.reason, Standard(), b, onPoint(c.n), Dice{4, 3}, rollWins(c.lay.Win, c.lay.Stake)},
				rollCase{"odds laid lose on the number", Standard(), b, onPoint(c.n), c.hit, rollLoses},
				rollCase{"odds laid wait on other totals", Standard(), b, onPoint(c.n), Dice{1, 1}, rollStays(onPoint(c.n))})
		}
	}
	cases = append(cases, []rollCase{
		{"crapless odds on 2: six ways to one", Crapless(), Bet{Kind: PassOdds, Number: 2}, onPoint(2), Dice{1, 1}, rollWins(6, 1)},
		{"crapless odds on 11: six ways to two", Crapless(), Bet{Kind: ComeOdds, Number: 11}, onPoint(11), Dice{5, 6}, rollWins(3, 1)},
		// Place to win (the posted casino rules, the second casino's rules and the croupier trainer) and crapless place (Wizard of Odds).
		{"place 4 pays 9:5", Standard(), Bet{Kind: Place, Number: 4}, onPoint(4), Dice{2, 2}, rollWins(9, 5)},
		{"place 10 pays 9:5", Standard(), Bet{Kind: Place, Number: 10}, onPoint(10), Dice{5, 5}, rollWins(9, 5)},
		{"place 5 pays 7:5", Standard(), Bet{Kind: Place, Number: 5}, onPoint(5), Dice{2, 3}, rollWins(7, 5)},
		{"place 9 pays 7:5", Standard(), Bet{Kind: Place, Number: 9}, onPoint(9), Dice{4, 5}, rollWins(7, 5)},
		{"place 6 pays 7:6", Standard(), Bet{Kind: Place, Number: 6}, onPoint(6), Dice{3, 3}, rollWins(7, 6)},
		{"place 8 pays 7:6", Standard(), Bet{Kind: Place, Number: 8}, onPoint(8), Dice{6, 2}, rollWins(7, 6)},
		{"place 6 loses on 7", Standard(), Bet{Kind: Place, Number: 6}, onPoint(6), Dice{2, 5}, rollLoses},
		{"place 6 waits on 8", Standard(), Bet{Kind: Place, Number: 6}, onPoint(6), Dice{4, 4}, rollStays(onPoint(6))},
		{"crapless place 2 pays 11:2", Crapless(), Bet{Kind: Place, Number: 2}, onPoint(2), Dice{1, 1}, rollWins(11, 2)},
		{"crapless place 12 pays 11:2", Crapless(), Bet{Kind: Place, Number: 12}, onPoint(12), Dice{6, 6}, rollWins(11, 2)},
		{"crapless place 3 pays 11:4", Crapless(), Bet{Kind: Place, Number: 3}, onPoint(3), Dice{1, 2}, rollWins(11, 4)},
		{"crapless place 11 pays 11:4", Crapless(), Bet{Kind: Place, Number: 11}, onPoint(11), Dice{6, 5}, rollWins(11, 4)},
		// Place to lose (the second casino's rules): 5:11, 5:8, 4:5.
		{"place to lose 4 pays 5:11 on a 7", Bar2(), Bet{Kind: PlaceToLose, Number: 4}, onPoint(4), Dice{1, 6}, rollWins(5, 11)},
		{"place to lose 10 pays 5:11", Bar2(), Bet{Kind: PlaceToLose, Number: 10}, onPoint(10), Dice{1, 6}, rollWins(5, 11)},
		{"place to lose 5 pays 5:8", Bar2(), Bet{Kind: PlaceToLose, Number: 5}, onPoint(5), Dice{2, 5}, rollWins(5, 8)},
		{"place to lose 9 pays 5:8", Bar2(), Bet{Kind: PlaceToLose, Number: 9}, onPoint(9), Dice{2, 5}, rollWins(5, 8)},
		{"place to lose 6 pays 4:5", Bar2(), Bet{Kind: PlaceToLose, Number: 6}, onPoint(6), Dice{3, 4}, rollWins(4, 5)},
		{"place to lose 8 pays 4:5", Bar2(), Bet{Kind: PlaceToLose, Number: 8}, onPoint(8), Dice{3, 4}, rollWins(4, 5)},
		{"place to lose 4 loses on 4", Bar2(), Bet{Kind: PlaceToLose, Number: 4}, onPoint(4), Dice{2, 2}, rollLoses},
		{"place to lose 4 waits on 5", Bar2(), Bet{Kind: PlaceToLose, Number: 4}, onPoint(4), Dice{2, 3}, rollStays(onPoint(4))},
		// Big 6 and big 8 at even money.
		{"big 6 wins on 6", Standard(), Bet{Kind: Big6}, betState{}, Dice{1, 5}, rollWins(1, 1)},
		{"big 6 loses on 7", Standard(), Bet{Kind: Big6}, betState{}, Dice{2, 5}, rollLoses},
		{"big 6 waits on 8", Standard(), Bet{Kind: Big6}, betState{}, Dice{2, 6}, rollStays(betState{})},
		{"big 8 wins on 8", Standard(), Bet{Kind: Big8}, betState{}, Dice{4, 4}, rollWins(1, 1)},
		{"big 8 loses on 7", Standard(), Bet{Kind: Big8}, betState{}, Dice{1, 6}, rollLoses},
	}...)
	checkRolls(t, cases)
}

func TestRollField(t *testing.T) {
	field := Bet{Kind: Field}
	var cases []rollCase
	for _, d := range AllDice() {
		var want effect
		switch d.Total() {
		case 2:
			want = rollWins(2, 1)
		case 12:
			want = rollWins(3, 1)
		case 3, 4, 9, 10, 11:
			want = rollWins(1, 1)
		default:
			want = rollLoses
		}
		cases = append(cases, rollCase{"the field (the posted casino rules and the croupier trainer): 2 pays 2:1, 12 pays 3:1, the rest of 2-3-4-9-10-11-12 even, 5-6-7-8 lose",
			Standard(), field, betState{}, d, want})
	}
	fiveForFour := Rules{Field: FieldPaytable{Totals: Totals(2, 3, 5, 9, 10, 11, 12)}}
	cases = append(cases, []rollCase{
		{"the second casino's rules: the field pays 2:1 on 12", Bar2(), field, betState{}, Dice{6, 6}, rollWins(2, 1)},
		{"the second casino's rules: and 2:1 on 2", Bar2(), field, betState{}, Dice{1, 1}, rollWins(2, 1)},
		{"a house rule on 2", Rules{Field: FieldPaytable{Pays: [13]Ratio{2: {3, 1}}}}, field, betState{}, Dice{1, 1}, rollWins(3, 1)},
		{"a field with 5 in place of 4 wins on 5", fiveForFour, field, betState{}, Dice{1, 4}, rollWins(1, 1)},
		{"and loses on 4", fiveForFour, field, betState{}, Dice{2, 2}, rollLoses},
		{"and still pays 2:1 on 2", fiveForFour, field, betState{}, Dice{1, 1}, rollWins(2, 1)},
		{"a bonus of 2:1 on 11", Rules{Field: FieldPaytable{Pays: [13]Ratio{11: {2, 1}}}}, field, betState{}, Dice{5, 6}, rollWins(2, 1)},
		{"a field paying 3:1 on 2 and 3 on 12", Rules{Field: FieldPaytable{Pays: [13]Ratio{2: {3, 1}}}}, field, betState{}, Dice{6, 6}, rollWins(3, 1)},
		{"the field is decided on the come-out too", Standard(), field, onPoint(6), Dice{1, 2}, rollWins(1, 1)},
	}...)
	checkRolls(t, cases)
}

func TestRollHardways(t *testing.T) {
	hard := func(n int) Bet { return Bet{Kind: Hardway, Number: n} }
	checkRolls(t, []rollCase{
		{"hard 6 pays 9:1", Standard(), hard(6), betState{}, Dice{3, 3}, rollWins(9, 1)},
		{"hard 8 pays 9:1", Standard(), hard(8), betState{}, Dice{4, 4}, rollWins(9, 1)},
		{"hard 4 pays 7:1", Standard(), hard(4), betState{}, Dice{2, 2}, rollWins(7, 1)},
		{"hard 10 pays 7:1", Standard(), hard(10), betState{}, Dice{5, 5}, rollWins(7, 1)},
		{"easy 6 loses", Standard(), hard(6), betState{}, Dice{2, 4}, rollLoses},
		{"easy 6 the other way loses", Standard(), hard(6), betState{}, Dice{5, 1}, rollLoses},
		{"easy 4 loses", Standard(), hard(4), betState{}, Dice{1, 3}, rollLoses},
		{"easy 10 loses", Standard(), hard(10), betState{}, Dice{6, 4}, rollLoses},
		{"easy 8 loses", Standard(), hard(8), betState{}, Dice{6, 2}, rollLoses},
		{"7 loses", Standard(), hard(6), betState{}, Dice{3, 4}, rollLoses},
		{"another hard way does not decide it", Standard(), hard(6), betState{}, Dice{4, 4}, rollStays(betState{})},
		{"snake eyes is a pair but not this bet's", Standard(), hard(4), betState{}, Dice{1, 1}, rollStays(betState{})},
		{"other totals wait", Standard(), hard(10), betState{}, Dice{2, 3}, rollStays(betState{})},
		{"a house rule on hard 4", Rules{Hard4: Ratio{15, 2}}, hard(4), betState{}, Dice{2, 2}, rollWins(15, 2)},
		{"a house rule on hard 6 and 8", Rules{Hard6: Ratio{8, 1}}, hard(8), betState{}, Dice{4, 4}, rollWins(8, 1)},
	})
}

func TestRollPropositions(t *testing.T) {
	for1 := Rules{PropsFor1: true}
	checkRolls(t, []rollCase{
		{"any 7 pays 4:1", Standard(), Bet{Kind: Any7}, betState{}, Dice{2, 5}, rollWins(4, 1)},
		{"any 7 loses on anything else", Standard(), Bet{Kind: Any7}, betState{}, Dice{3, 3}, rollLoses},
		{"any craps pays 7:1 on 2", Standard(), Bet{Kind: AnyCraps}, betState{}, Dice{1, 1}, rollWins(7, 1)},
		{"any craps pays 7:1 on 3", Standard(), Bet{Kind: AnyCraps}, betState{}, Dice{2, 1}, rollWins(7, 1)},
		{"any craps pays 7:1 on 12", Standard(), Bet{Kind: AnyCraps}, betState{}, Dice{6, 6}, rollWins(7, 1)},
		{"any craps loses on 11", Standard(), Bet{Kind: AnyCraps}, betState{}, Dice{5, 6}, rollLoses},
		{"the 2 pays 30:1", Standard(), Bet{Kind: Aces}, betState{}, Dice{1, 1}, rollWins(30, 1)},
		{"the 3 pays 15:1", Standard(), Bet{Kind: AceDeuce}, betState{}, Dice{1, 2}, rollWins(15, 1)},
		{"the 11 pays 15:1", Standard(), Bet{Kind: Yo}, betState{}, Dice{6, 5}, rollWins(15, 1)},
		{"the 12 pays 30:1", Standard(), Bet{Kind: Boxcars}, betState{}, Dice{6, 6}, rollWins(30, 1)},
		{"the 2 loses on 12", Standard(), Bet{Kind: Aces}, betState{}, Dice{6, 6}, rollLoses},
		{"the 11 loses on 7", Standard(), Bet{Kind: Yo}, betState{}, Dice{5, 2}, rollLoses},
		{"printed for 1, 30 for 1 pays 29:1", for1, Bet{Kind: Aces}, betState{}, Dice{1, 1}, rollWins(29, 1)},
		{"printed for 1, 15 for 1 pays 14:1", for1, Bet{Kind: AceDeuce}, betState{}, Dice{1, 2}, rollWins(14, 1)},
		{"printed for 1, the 11 pays 14:1", for1, Bet{Kind: Yo}, betState{}, Dice{5, 6}, rollWins(14, 1)},
		{"printed for 1, the 12 pays 29:1", for1, Bet{Kind: Boxcars}, betState{}, Dice{6, 6}, rollWins(29, 1)},
		{"for 1 does not touch any 7 (5 for 1 is 4 to 1)", for1, Bet{Kind: Any7}, betState{}, Dice{1, 6}, rollWins(4, 1)},
		{"for 1 does not touch any craps (8 for 1 is 7 to 1)", for1, Bet{Kind: AnyCraps}, betState{}, Dice{1, 2}, rollWins(7, 1)},
		{"a house rule on the 12", Rules{Twelve: Ratio{31, 1}}, Bet{Kind: Boxcars}, betState{}, Dice{6, 6}, rollWins(31, 1)},
		{"a payout set under for 1 is paid as written, never converted twice", Rules{Three: Ratio{15, 1}, PropsFor1: true}, Bet{Kind: AceDeuce}, betState{}, Dice{2, 1}, rollWins(15, 1)},
		{"three-way craps on a 2: 30 less 2 over 3", Standard(), Bet{Kind: ThreeWay}, betState{}, Dice{1, 1}, rollWins(28, 3)},
		{"three-way craps on a 3: 15 less 2 over 3", Standard(), Bet{Kind: ThreeWay}, betState{}, Dice{1, 2}, rollWins(13, 3)},
		{"three-way craps on a 12", Standard(), Bet{Kind: ThreeWay}, betState{}, Dice{6, 6}, rollWins(28, 3)},
		{"three-way craps loses on 11", Standard(), Bet{Kind: ThreeWay}, betState{}, Dice{5, 6}, rollLoses},
		{"three-way craps printed for 1, on a 2: 29 less 2 over 3", for1, Bet{Kind: ThreeWay}, betState{}, Dice{1, 1}, rollWins(9, 1)},
		// Hops: one exact combination, either order.
		{"an easy hop pays 15:1", Standard(), Bet{Kind: Hop, Hop: Dice{2, 5}}, betState{}, Dice{2, 5}, rollWins(15, 1)},
		{"an easy hop wins either way round", Standard(), Bet{Kind: Hop, Hop: Dice{2, 5}}, betState{}, Dice{5, 2}, rollWins(15, 1)},
		{"the same total another way loses", Standard(), Bet{Kind: Hop, Hop: Dice{2, 5}}, betState{}, Dice{3, 4}, rollLoses},
		{"a hard hop pays 30:1", Standard(), Bet{Kind: Hop, Hop: Dice{3, 3}}, betState{}, Dice{3, 3}, rollWins(30, 1)},
		{"a hard hop loses on the easy way", Standard(), Bet{Kind: Hop, Hop: Dice{3, 3}}, betState{}, Dice{2, 4}, rollLoses},
		{"printed for 1, an easy hop pays 14:1", for1, Bet{Kind: Hop, Hop: Dice{1, 4}}, betState{}, Dice{4, 1}, rollWins(14, 1)},
		{"printed for 1, a hard hop pays 29:1", for1, Bet{Kind: Hop, Hop: Dice{5, 5}}, betState{}, Dice{5, 5}, rollWins(29, 1)},
		{"a house rule on easy hops", Rules{EasyHop: Ratio{16, 1}}, Bet{Kind: Hop, Hop: Dice{1, 2}}, betState{}, Dice{2, 1}, rollWins(16, 1)},
	})
}

// TestRollSplitBets checks the bets made of several one-roll propositions:
// the net of the parts, in lowest terms, as a payout of the whole bet.
func TestRollSplitBets(t *testing.T) {
	horn, world, ce := Bet{Kind: Horn}, Bet{Kind: World}, Bet{Kind: CAndE}
	high := func(n int) Bet { return Bet{Kind: HornHigh, Number: n} }
	checkRolls(t, []rollCase{
		{"horn on 2: 30 won less 3 rollLoses, over 4 units, is 27:4", Standard(), horn, betState{}, Dice{1, 1}, rollWins(27, 4)},
		{"horn on 12: 27:4", Standard(), horn, betState{}, Dice{6, 6}, rollWins(27, 4)},
		{"horn on 3: 15 less 3 over 4 is 3:1", Standard(), horn, betState{}, Dice{1, 2}, rollWins(3, 1)},
		{"horn on 11: 3:1", Standard(), horn, betState{}, Dice{5, 6}, rollWins(3, 1)},
		{"horn loses on 7", Standard(), horn, betState{}, Dice{3, 4}, rollLoses},
		{"horn loses on 4", Standard(), horn, betState{}, Dice{2, 2}, rollLoses},
		{"horn printed for 1, on 2: 29 less 3 over 4 is 13:2", Rules{PropsFor1: true}, horn, betState{}, Dice{1, 1}, rollWins(13, 2)},
		{"horn high 12 on 12: 2*30 less 3, over 5 units, is 57:5", Standard(), high(12), betState{}, Dice{6, 6}, rollWins(57, 5)},
		{"horn high 12 on 2: 30 less 4 over 5 is 26:5", Standard(), high(12), betState{}, Dice{1, 1}, rollWins(26, 5)},
		{"horn high 12 on 3: 15 less 4 over 5 is 11:5", Standard(), high(12), betState{}, Dice{1, 2}, rollWins(11, 5)},
		{"horn high 3 on 3: 2*15 less 3 over 5 is 27:5", Standard(), high(3), betState{}, Dice{2, 1}, rollWins(27, 5)},
		{"horn high 12 loses on 7", Standard(), high(12), betState{}, Dice{1, 6}, rollLoses},
		{"C&E on 2: 7 less 1 over 2 is 3:1", Standard(), ce, betState{}, Dice{1, 1}, rollWins(3, 1)},
		{"C&E on 3", Standard(), ce, betState{}, Dice{1, 2}, rollWins(3, 1)},
		{"C&E on 12", Standard(), ce, betState{}, Dice{6, 6}, rollWins(3, 1)},
		{"C&E on 11: 15 less 1 over 2 is 7:1", Standard(), ce, betState{}, Dice{5, 6}, rollWins(7, 1)},
		{"C&E loses on 7", Standard(), ce, betState{}, Dice{4, 3}, rollLoses},
		{"world on 7: any 7's 4 against the horn's 4 is a push", Standard(), world, betState{}, Dice{3, 4}, rollPushes},
		{"world on 2: 30 less 4 over 5 is 26:5", Standard(), world, betState{}, Dice{1, 1}, rollWins(26, 5)},
		{"world on 3: 15 less 4 over 5 is 11:5", Standard(), world, betState{}, Dice{1, 2}, rollWins(11, 5)},
		{"world loses on 8", Standard(), world, betState{}, Dice{4, 4}, rollLoses},
		{"world on 7 with any 7 at 5:1 wins 1:5", Rules{Any7: Ratio{5, 1}}, world, betState{}, Dice{6, 1}, rollWins(1, 5)},
	})
}

// rollHand plays a scripted run of throws through one bet's definition,
// from the state it is made in. The bet must not be decided before the
// last throw; the result is the last throw's effect.
func rollHand(t *testing.T, r Rules, b Bet, throws ...string) effect {
	t.Helper()
	s := b.start()
	var e effect
	for i, text := range throws {
		d, err := ParseDice(text)
		if err != nil {
			t.Fatalf("script: %v", err)
		}
		e = b.roll(&r, s, d)
		if e.verdict != stays && i != len(throws)-1 {
			t.Fatalf("%v decided (%+v) on throw %d (%v) of %d", b, e, i+1, d, len(throws))
		}
		s = e.next
	}
	return e
}

// totalsMade is the fire bet's or all/tall/small's record of totals.
func totalsMade(totals ...int) uint16 {
	var m uint16
	for _, n := range totals {
		m |= 1 << n
	}
	return m
}

func TestRollFireBet(t *testing.T) {
	fire := Bet{Kind: Fire}
	tests := []struct {
		reason string
		rules  Rules
		throws []string
		want   effect
	}{
		{"four different points, then the seven-out: 24:1",
			Standard(), []string{"1-3", "2-2", "2-3", "1-4", "1-5", "2-4", "2-6", "3-5", "3-6", "3-4"}, rollWins(24, 1)},
		{"three points, then the seven-out: rollLoses",
			Standard(), []string{"1-3", "2-2", "2-3", "1-4", "1-5", "2-4", "3-6", "3-4"}, rollLoses},
		{"a point made twice counts once: 4, 4, 5, 6 is three points",
			Standard(), []string{"1-3", "2-2", "3-1", "2-2", "2-3", "1-4", "1-5", "2-4", "3-6", "3-4"}, rollLoses},
		{"come-out 7, 11 and craps neither end the bet nor count",
			Standard(), []string{"3-4", "5-6", "1-1", "6-6", "1-2", "1-3", "2-2", "2-3", "1-4", "6-1",
				"1-5", "2-4", "2-6", "3-5", "4-6", "5-2"}, rollWins(24, 1)},
		{"five points: 249:1",
			Standard(), []string{"1-3", "2-2", "2-3", "1-4", "1-5", "2-4", "2-6", "3-5", "3-6", "4-5", "4-6", "1-6"}, rollWins(249, 1)},
		{"all six points, then the seven-out: 999:1",
			Standard(), []string{"1-3", "2-2", "2-3", "1-4", "1-5", "2-4", "2-6", "3-5", "3-6", "4-5", "4-6", "5-5", "1-3", "2-5"}, rollWins(999, 1)},
		{"a house pay table for four points",
			Rules{Fire: FirePaytable{Four: Ratio{20, 1}}}, []string{"1-3", "2-2", "2-3", "1-4", "1-5", "2-4", "2-6", "3-5", "3-6", "3-4"}, rollWins(20, 1)},
		{"a seven-out with no point made loses",
			Standard(), []string{"4-4", "1-6"}, rollLoses},
		{"a hand in progress: the point on, one point made",
			Standard(), []string{"1-3", "2-2", "2-3", "6-6"}, rollStays(betState{point: 5, made: totalsMade(4)})},
		{"a point made returns to the come-out with it recorded",
			Standard(), []string{"1-3", "2-2", "2-3", "3-2"}, rollStays(betState{made: totalsMade(4, 5)})},
	}
	for _, tc := range tests {
		got := rollHand(t, tc.rules, fire, tc.throws...)
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(effect{}, betState{})); diff != "" {
			t.Errorf("fire bet, %s: (-want +got)\n%s", tc.reason, diff)
		}
	}
}

func TestRollAllTallSmall(t *testing.T) {
	tests := []struct {
		reason string
		rules  Rules
		kind   BetKind
		throws []string
		want   effect
	}{
		{"small completes on its last total and pays 34:1 at once",
			Standard(), Small, []string{"1-1", "1-2", "2-2", "2-3", "3-3"}, rollWins(34, 1)},
		{"small in any order, with repeats and tall totals between",
			Standard(), Small, []string{"3-3", "1-2", "3-3", "6-6", "2-2", "1-4", "4-4", "1-1"}, rollWins(34, 1)},
		{"tall pays 34:1",
			Standard(), Tall, []string{"4-4", "4-5", "5-5", "5-6", "6-6"}, rollWins(34, 1)},
		{"all needs all ten totals and pays 175:1",
			Standard(), All, []string{"1-1", "1-2", "2-2", "2-3", "3-3", "4-4", "4-5", "5-5", "5-6", "6-6"}, rollWins(175, 1)},
		{"a 7 on the very first roll, a come-out, loses",
			Standard(), Small, []string{"3-4"}, rollLoses},
		{"a 7 loses all, on the come-out too", Standard(), All, []string{"6-1"}, rollLoses},
		{"a 7 after some totals loses",
			Standard(), Tall, []string{"4-4", "4-5", "2-5"}, rollLoses},
		{"small ignores tall totals",
			Standard(), Small, []string{"1-1", "6-6", "5-5"}, rollStays(betState{made: totalsMade(2)})},
		{"all records both halves",
			Standard(), All, []string{"1-1", "6-6", "1-1"}, rollStays(betState{made: totalsMade(2, 12)})},
		{"a house pay table for small",
			Rules{ATS: ATSPaytable{Small: Ratio{30, 1}}}, Small, []string{"1-1", "1-2", "2-2", "2-3", "3-3"}, rollWins(30, 1)},
	}
	for _, tc := range tests {
		got := rollHand(t, tc.rules, Bet{Kind: tc.kind}, tc.throws...)
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(effect{}, betState{})); diff != "" {
			t.Errorf("%v, %s: (-want +got)\n%s", tc.kind, tc.reason, diff)
		}
	}
}

func TestRollNoBetPushes(t *testing.T) {
	r := Standard()
	for _, d := range AllDice() {
		if got := (Bet{}).roll(&r, betState{}, d); got != rollPushes {
			t.Errorf("NoBet on %v = %+v, want a push (the stake given back)", d, got)
		}
	}
}

// Rules.Pays agrees with Table.Roll, two paths to one definition: on
// tables with the puck off and on each point, every bet the table takes
// then is rolled on every throw, and Pays gives a payout exactly when the
// table pays the bet (its win and any vig taken from it are the payout of
// Pays on the stake), and the zero Ratio when the table decides anything
// else or nothing. Bets that are off on the come-out are turned on.
func TestPaysAgreesWithRoll(t *testing.T) {
	names := []string{"standard", "bar2", "vegas", "crapless", "for-1 props in 5s"}
	rules := []Rules{Standard(), Bar2(), Vegas(), Crapless(), {PropsFor1: true, Unit: 5}}
	switch {
	case exhaustiveSet():
	case !thorough():
		names, rules = names[2:4], rules[2:4] // commission from the win, and the points of crapless craps
	default:
		names, rules = names[1:4], rules[1:4]
	}
	for i, r := range rules {
		for _, point := range append([]int{0}, r.Points()...) {
			switch {
			case exhaustiveSet(), point == 0, point == r.Points()[0]: // the first point: 4, or crapless craps' 2
			case point == 6 && thorough(): // the hardways' and big 6's
			default:
				continue
			}
			for _, b := range r.Catalogue() {
				switch b.Kind {
				case Fire, All, Tall, Small, Repeater: // decided by the hand before: see TestPaysAsJustMade
					continue
				}
				tb, err := NewTable(r)
				if err != nil {
					t.Fatal(err)
				}
				if err := tb.Join("p", MaxAmount); err != nil {
					t.Fatal(err)
				}
				stake := 60 * max(r.Unit, 1)
				// A line bet, alone or under odds, is made on the come-out and
				// plays the point thrown after it.
				line, odds := b.LineUnder()
				if !odds {
					line = b
				}
				early := line.Kind == PassLine || line.Kind == DontPass
				if early && tb.Place("p", line, stake) != nil {
					continue
				}
				if point != 0 {
					if _, err := tb.Roll(ttEasy(point), nil); err != nil || tb.Point() != point {
						t.Fatalf("%s: no point %d: %v", names[i], point, err)
					}
				}
				if (odds || !early) && tb.Place("p", b, stake) != nil {
					continue // not made with the puck there, or not behind a line bet
				}
				_ = tb.SetWorking("p", b, true)
				for _, d := range AllDice() {
					pays, err := r.Pays(b, point, d)
					if err != nil {
						t.Fatalf("%v, point %d, %v: %v", b, point, d, err)
					}
					res, err := tb.Clone().Roll(d, nil)
					if err != nil {
						t.Fatal(err)
					}
					var got *Resolution
					for i := range res {
						if res[i].Bet == b {
							got = &res[i]
						}
					}
					switch {
					case got != nil && got.Outcome == OutcomeWon:
						pay, err := pays.Pay(stake, r.Unit)
						if err != nil || pay.Win != got.Win+got.Commission {
							t.Errorf("%s: %v for %d, point %d, %v: the table pays %d (vig %d), Pays says %v: %v %v",
								names[i], b, stake, point, d, got.Win, got.Commission, pays, pay, err)
						}
					case !pays.IsZero():
						t.Errorf("%s: %v, point %d, %v: the table does not pay it (%+v), Pays says %v", names[i], b, point, d, got, pays)
					}
				}
			}
		}
	}
}

// The bets that count the throws before are taken as just made: a fire bet
// made now pays nothing on any throw, as no point is made yet.
func TestPaysAsJustMade(t *testing.T) {
	for _, point := range []int{0, 4, 6} {
		for _, d := range AllDice() {
			if pays, err := Standard().Pays(Bet{Kind: Fire}, point, d); err != nil || !pays.IsZero() {
				t.Errorf("fire bet, point %d, %v: %v, %v; want nothing", point, d, pays, err)
			}
		}
	}
}

func TestPays(t *testing.T) {
	for _, c := range []struct {
		reason string
		rules  Rules
		bet    Bet
		point  int
		dice   Dice
		want   Ratio
		err    error
	}{
		{"place 6 on a 6", Standard(), ttN(Place, 6), 4, ttEasy(6), Ratio{7, 6}, nil},
		{"place 6 on a 7 loses", Standard(), ttN(Place, 6), 4, ttDice(3, 4), Ratio{}, nil},
		{"the field pays double on a 2", Standard(), ttK(Field), 0, ttDice(1, 1), Ratio{2, 1}, nil},
		{"pass line on a come-out 7", Standard(), ttK(PassLine), 0, ttDice(3, 4), evenMoney, nil},
		{"pass line on its point", Standard(), ttK(PassLine), 6, ttHard(6), evenMoney, nil},
		{"pass line on a 7 with the point on loses", Standard(), ttK(PassLine), 6, ttDice(3, 4), Ratio{}, nil},
		{"don't pass on the bar pushes", Standard(), ttK(DontPass), 0, ttDice(6, 6), Ratio{}, nil},
		{"a come bet in the box on a 7", Standard(), ttK(Come), 6, ttDice(3, 4), evenMoney, nil},
		{"a come bet on its 9 on a 9", Standard(), ttN(Come, 9), 6, ttDice(4, 5), evenMoney, nil},
		{"odds on 4", Standard(), ttN(PassOdds, 4), 4, ttDice(1, 3), Ratio{2, 1}, nil},
		{"lay 4", Standard(), ttN(Lay, 4), 6, ttDice(3, 4), Ratio{1, 2}, nil},
		{"hard 6", Standard(), ttN(Hardway, 6), 0, ttHard(6), Ratio{9, 1}, nil},
		{"a 2 at 30 for 1", Rules{PropsFor1: true}, ttK(Aces), 0, ttDice(1, 1), Ratio{29, 1}, nil},
		{"a horn on an 11: 15 on a quarter, less the other three", Standard(), ttK(Horn), 0, ttDice(5, 6), Ratio{3, 1}, nil},
		{"a world on a 7 is a push", Standard(), ttK(World), 0, ttDice(3, 4), Ratio{}, nil},
		{"crapless: the 2 is a point", Crapless(), ttK(PassLine), 2, ttDice(1, 1), evenMoney, nil},
		{"7 is never the point", Standard(), ttK(PassLine), 7, ttDice(3, 4), Ratio{}, ErrSyntax},
		{"2 is no point at a standard table", Standard(), ttK(PassLine), 2, ttDice(1, 1), Ratio{}, ErrSyntax},
		{"dice that are no throw", Standard(), ttK(Field), 0, Dice{0, 7}, Ratio{}, ErrSyntax},
		{"a bet the table does not offer", Crapless(), ttK(DontPass), 0, ttDice(1, 1), Ratio{}, ErrNotOffered},
		{"the private game pays at the players' odds", Street(), ttK(Center), 0, ttDice(3, 4), Ratio{}, ErrNotOffered},
		{"rules that do not validate", Rules{Unit: -1}, ttK(Field), 0, ttDice(1, 1), Ratio{}, ErrInvalidRules},
	} {
		got, err := c.rules.Pays(c.bet, c.point, c.dice)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("%s: Pays(%v, %d, %v) = %v, %v; want %v, %v", c.reason, c.bet, c.point, c.dice, got, err, c.want, c.err)
		}
	}
}

// Parts lists a split's one-roll bets, one per equal share, and the net of
// its parts, each paid by Pays, is what Pays gives the whole bet.
func TestParts(t *testing.T) {
	for _, c := range []struct {
		bet  Bet
		want []BetKind
	}{
		{ttK(Horn), []BetKind{Aces, AceDeuce, Yo, Boxcars}},
		{ttN(HornHigh, 12), []BetKind{Aces, AceDeuce, Yo, Boxcars, Boxcars}},
		{ttN(HornHigh, 2), []BetKind{Aces, Aces, AceDeuce, Yo, Boxcars}},
		{ttK(CAndE), []BetKind{AnyCraps, Yo}},
		{ttK(World), []BetKind{Aces, AceDeuce, Yo, Boxcars, Any7}},
		{ttK(ThreeWay), []BetKind{Aces, AceDeuce, Boxcars}},
		{ttN(Place, 6), nil},
		{ttK(AllHardways), nil}, // four bets of their own, not parts of one
	} {
		var got []BetKind
		for _, p := range c.bet.Parts() {
			got = append(got, p.Kind)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", c.bet, diff)
		}
		r := Standard()
		for _, d := range AllDice() {
			parts := c.bet.Parts()
			if parts == nil {
				break
			}
			net := new(big.Rat)
			for _, p := range parts {
				pays, err := r.Pays(p, 0, d)
				if err != nil {
					t.Fatal(err)
				}
				if pays.IsZero() {
					net.Sub(net, big.NewRat(1, 1))
				} else {
					net.Add(net, pays.Rat())
				}
			}
			net.Quo(net, big.NewRat(int64(len(parts)), 1))
			whole, err := r.Pays(c.bet, 0, d)
			if err != nil {
				t.Fatal(err)
			}
			if want := whole.Rat(); (want == nil && net.Sign() > 0) || (want != nil && net.Cmp(want) != 0) {
				t.Errorf("%v on %v: the parts net %v, Pays gives the whole %v", c.bet, d, net, whole)
			}
		}
	}
}

func TestPoints(t *testing.T) {
	if diff := cmp.Diff([]int{4, 5, 6, 8, 9, 10}, Standard().Points()); diff != "" {
		t.Errorf("standard (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}, Crapless().Points()); diff != "" {
		t.Errorf("crapless (-want +got):\n%s", diff)
	}
	r := Standard()
	r.Points()[0] = 7 // the caller owns the slice
	if r.Points()[0] != 4 {
		t.Error("Points hands out a shared slice")
	}
}
