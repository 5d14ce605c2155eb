package craps

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The text form and the Go values are two faces of one definition: every
// betting system's text reads back as the same actions, and each reads
// the Go value its text describes.
func TestStrategyTextRoundTrip(t *testing.T) {
	for _, s := range BettingSystems() {
		back, err := ParseStrategy(s.String())
		if err != nil {
			t.Fatalf("%s: %v\n%s", s.Name, err, s)
		}
		if diff := cmp.Diff(s.Actions, back.Actions); diff != "" {
			t.Errorf("%s: (-system +read back):\n%s", s.Name, diff)
		}
		if err := s.Validate(Standard()); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
		if s.Doc == "" || strings.Contains(s.Doc, "\n") {
			t.Errorf("%s: a doc line %q", s.Name, s.Doc)
		}
	}
	place6 := Bet{Kind: Place, Number: 6}
	cases := []struct {
		why, text string
		want      Action
	}{
		{"a bet and an amount", "place 6 12", Action{Bet: place6, Amounts: []Amount{12}}},
		{"any case, any spacing, the dealer's names", "  Place   6  12 ", Action{Bet: place6, Amounts: []Amount{12}}},
		{"amounts in table minimums", "pass 2 min", Action{Bet: Bet{Kind: PassLine}, Amounts: []Amount{2}, InMinimums: true}},
		{"odds by point: 3-4-5x is the zero limit", "odds 3-4-5x", Action{Bet: Bet{Kind: PassOdds}, Odds: OddsByMultiple}},
		{"odds of 3-4-5x written out", "odds 3-4-5-3-3x", Action{Bet: Bet{Kind: PassOdds}, Odds: OddsByMultiple, Times: OddsLimit{Ratio{3, 1}, Ratio{4, 1}, Ratio{5, 1}, Ratio{3, 1}, Ratio{3, 1}}}},
		{"odds by point", "odds 2-4-5x", Action{Bet: Bet{Kind: PassOdds}, Odds: OddsByMultiple, Times: OddsLimit{Ratio{2, 1}, Ratio{4, 1}, Ratio{5, 1}, Ratio{2, 1}, Ratio{2, 1}}}},
		{"a side bet with a player whose name has an apostrophe", "hard 6 10 at 9:1 with O’Neil",
			Action{Bet: Bet{Kind: Hardway, Number: 6}, Amounts: []Amount{10}, Agreed: Ratio{9, 1}, Opponent: "O'Neil"}},
		{"odds at the limit behind every come bet", "come odds max", Action{Bet: Bet{Kind: ComeOdds}, Odds: OddsAtLimit}},
		{"odds behind one come bet", "odds 6 25", Action{Bet: Bet{Kind: ComeOdds, Number: 6}, Amounts: []Amount{25}}},
		{"fractional odds", "odds 2.5x", Action{Bet: Bet{Kind: PassOdds}, Odds: OddsByMultiple, Times: OddsLimit{Ratio{5, 2}, Ratio{5, 2}, Ratio{5, 2}, Ratio{5, 2}, Ratio{5, 2}}}},
		{"lay odds", "lay odds 2x", Action{Bet: Bet{Kind: DontPassOdds}, Odds: OddsByMultiple, Times: FlatOdds(2)}},
		{"a come bet of 10, not one on 10", "come 10", Action{Bet: Bet{Kind: Come}, Amounts: []Amount{10}}},
		{"a martingale with a cap", "pass 10-20-40 up on loss", Action{Bet: Bet{Kind: PassLine}, Amounts: []Amount{10, 20, 40},
			Progression: Progression{OnLoss: MoveUp}}},
		{"d'Alembert", "pass 10-20-30 up on loss down on win", Action{Bet: Bet{Kind: PassLine}, Amounts: []Amount{10, 20, 30},
			Progression: Progression{OnWin: MoveDown, OnLoss: MoveUp}}},
		{"a cycle that stays on a loss", "field 5-10 up on win stay on loss cycle", Action{Bet: Bet{Kind: Field}, Amounts: []Amount{5, 10},
			Progression: Progression{OnWin: MoveUp, OnLoss: MoveStay, Cycle: true}}},
		{"amounts by a count", "place 5 0-10 by hits place 6", Action{Bet: Bet{Kind: Place, Number: 5}, Amounts: []Amount{0, 10},
			Progression: Progression{By: Fact{Kind: FactHits, Bet: place6}}}},
		{"skips and a switch", "place 6 12 skip point skip come working on", Action{Bet: place6, Amounts: []Amount{12},
			SkipPoint: true, SkipCome: true, Working: SwitchOn}},
		{"take down every bet of a kind", "take down place if point off", Action{Kind: ActionTakeDown, Bet: Bet{Kind: Place},
			If: Condition{{{Kind: FactPoint, Not: true}}}}},
		{"stop", "stop if winnings >= 100", Action{Kind: ActionStop, If: Condition{{{Kind: FactWinnings, Op: CompareGreaterOrEqual, N: 100}}}}},
		{"and binds before or", "field 5 if point on and comes < 2 or rolled 7 and not won field",
			Action{Bet: Bet{Kind: Field}, Amounts: []Amount{5}, If: Condition{
				{{Kind: FactPoint}, {Kind: FactComes, Bet: Bet{Kind: Come}, Op: CompareLess, N: 2}},
				{{Kind: FactRolled, Rolled: Totals(7)}, {Kind: FactWon, Not: true, Bet: Bet{Kind: Field}}},
			}}},
		{"every fact", "field 5 if point 6 and has hard 6 and no come and bets place != 2 and don't comes <= 1 and " +
			"rolled 3-3,craps and lost pass line and hits hard >= 1 and points = 0 and rolls > 3",
			Action{Bet: Bet{Kind: Field}, Amounts: []Amount{5}, If: Condition{{
				{Kind: FactPoint, N: 6}, {Kind: FactHas, Bet: Bet{Kind: Hardway, Number: 6}},
				{Kind: FactHas, Not: true, Bet: Bet{Kind: Come}}, {Kind: FactBets, Bet: Bet{Kind: Place}, Op: CompareNotEqual, N: 2},
				{Kind: FactComes, Bet: Bet{Kind: DontCome}, Op: CompareLessOrEqual, N: 1},
				{Kind: FactRolled, Rolled: Combination(3, 3) | CrapsNumbers}, {Kind: FactLost, Bet: Bet{Kind: PassLine}},
				{Kind: FactHits, Bet: Bet{Kind: Hardway}, Op: CompareGreaterOrEqual, N: 1}, {Kind: FactPoints, N: 0},
				{Kind: FactRolls, Op: CompareGreater, N: 3},
			}}}},
		// The private game's words.
		{"the shooter's stake", "center 10", Action{Bet: Bet{Kind: Center}, Amounts: []Amount{10}}},
		{"no bet unless faded in whole, a martingale", "center 10-20-40 up on loss or no bet",
			Action{Bet: Bet{Kind: Center}, Amounts: []Amount{10, 20, 40}, Progression: Progression{OnLoss: MoveUp}, NoBetUnlessFaded: true}},
		{"a fade", "fade 25", Action{Bet: Bet{Kind: Center}, Against: true, Amounts: []Amount{25}}},
		{"a fade that claims", "fade 25 claim if point off", Action{Bet: Bet{Kind: Center}, Against: true, Amounts: []Amount{25},
			Claim: true, If: Condition{{{Kind: FactPoint, Not: true}}}}},
		{"a side bet at odds, with a player by name, his case kept", "Hard 6 10 at 9-1 with Ann",
			Action{Bet: Bet{Kind: Hardway, Number: 6}, Amounts: []Amount{10}, Agreed: Ratio{9, 1}, Opponent: "Ann"}},
		{"odds written with to, in lowest terms", "number 5 10 at 6 to 4", Action{Bet: Bet{Kind: NumberBet, Number: 5},
			Amounts: []Amount{10}, Agreed: Ratio{3, 2}}},
		{"with anyone is the default", "right 10 with any", Action{Bet: Bet{Kind: PassLine}, Amounts: []Amount{10}}},
		{"a cover", "cover hard 6 90 at 9:1", Action{Bet: Bet{Kind: Hardway, Number: 6}, Against: true, Amounts: []Amount{90}, Agreed: Ratio{9, 1}}},
		{"a cover of a point bet on any point", "cover point 50 with bob if point on", Action{Bet: Bet{Kind: PointBet},
			Against: true, Amounts: []Amount{50}, Opponent: "bob", If: Condition{{{Kind: FactPoint}}}}},
		{"a proposition", "cover 6,8 before 7 30 at 6:5", Action{Bet: Bet{Kind: Before, Set: Totals(6, 8), Against: Totals(7)},
			Against: true, Amounts: []Amount{30}, Agreed: Ratio{6, 5}}},
		{"a call-off", "take down number if rolled 6", Action{Kind: ActionTakeDown, Bet: Bet{Kind: NumberBet},
			If: Condition{{{Kind: FactRolled, Rolled: Totals(6)}}}}},
	}
	for _, c := range cases {
		got, err := ParseAction(c.text)
		if err != nil {
			t.Errorf("%s: %q: %v", c.why, c.text, err)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s: %q (-want +got):\n%s", c.why, c.text, diff)
		}
		back, err := ParseAction(got.String())
		if err != nil || !cmp.Equal(got, back) {
			t.Errorf("%s: %q written %q reads back %+v, %v", c.why, c.text, got.String(), back, err)
		}
	}
}

// Text that is not a strategy is refused with ErrSyntax, naming the line.
func TestParseStrategyRejects(t *testing.T) {
	cases := []struct{ why, text, want string }{
		{"no amount", "place 6", "no amount"},
		{"a kind needing a number, as a bet", "place 12", "no amount"},
		{"no such bet", "pass line 10\nplace seven 10", "line 2"},
		{"an unknown option", "field 5 sometimes", "not an option"},
		{"a condition with nothing", "field 5 if", "missing a fact"},
		{"a fact missing", "field 5 if point on and", "missing a fact"},
		{"an unknown fact", "field 5 if the moon is full", "not a fact"},
		{"a comparison with no number", "field 5 if rolls >= many", "whole number"},
		{"an unknown comparison", "field 5 if rolls => 3", "compare with"},
		{"point on what", "field 5 if point up", "point on, point off"},
		{"has what", "field 5 if has", "which bet"},
		{"rolled what", "field 5 if rolled eleventy", "rolled which throws"},
		{"a stop without a condition", "stop", "needs a condition"},
		{"take down what", "take down", "take down what"},
		{"a move that is none", "field 5-10 sideways on win", "up, down, reset or stay"},
		{"by what", "place 6 6-12 by luck", "not a count"},
		{"hits of what", "place 6 6-12 by hits", "not a count"},
		{"a negative amount", "field -5", `"-5" is not an amount`},
		{"a word for an amount", "pass ten", `"ten" is not an amount`},
		{"counts of what", "field 5 if bets >= 2", "count which bets"},
		{"a fade of nothing", "fade", "fade how much"},
		{"a fade by a multiple", "fade 2x", "fade how much"},
		{"the center covered", "cover center 10", "fade <amount>"},
		{"odds that are none", "hard 6 10 at nine", "odds such as"},
		{"odds of nothing", "hard 6 10 at 0:1", "odds such as"},
		{"a cover of nothing", "cover", "not an action"},
		{"a proposition without its throws", "within 8", `"within" needs its throws`},
		{"a proposition covered without its throws", "cover within 100", `"within" needs its throws`},
		{"a proposition at the odds limit", "before max", `"before" needs its throws`},
		{"a kind as a bet", "hardway 20", "not an action"},
		{"a number the kind has not", "place 7 10", "not an action"},
		{"a hop without its dice", "hop 5", `"hop" needs its dice`},
		{"c and e in a condition, where and joins facts", "field 5 if has c and e", `write "c and e" as "c&e"`},
		{"c and e counted", "field 5 if point on and bets c and e < 1", `write "c and e" as "c&e"`},
	}
	for _, c := range cases {
		_, err := ParseStrategy(c.text)
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q: %v, want %q", c.why, c.text, err, c.want)
		}
	}
	// No hint where the bet's other name would not read either: "rolled"
	// takes throws, not bets.
	if _, err := ParseStrategy("field 5 if rolled c and e"); !errors.Is(err, ErrSyntax) || strings.Contains(err.Error(), "c&e") {
		t.Errorf("rolled c and e: %v, want ErrSyntax without a hint to write c&e", err)
	}
}

// A strategy the rules would refuse, or that says something impossible,
// is refused by Validate with a sentinel.
func TestStrategyValidate(t *testing.T) {
	one := func(text string) Strategy {
		s, err := ParseStrategy(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		return s
	}
	cases := []struct {
		why   string
		s     Strategy
		rules Rules
		want  error
	}{
		{"no actions and no hook", Strategy{}, Standard(), ErrAmount},
		{"don't pass in crapless craps", one("don't pass 10"), Crapless(), ErrNotOffered},
		{"place 7", Strategy{Actions: []Action{{Bet: Bet{Kind: Place, Number: 7}, Amounts: []Amount{5}}}}, Standard(), ErrSyntax},
		{"a line bet on a number", Strategy{Actions: []Action{{Bet: Bet{Kind: PassLine, Number: 6}, Amounts: []Amount{5}}}}, Standard(), ErrSyntax},
		{"a come bet on a number", one("come 6 10"), Standard(), ErrNotNow},
		{"put odds behind no number", Strategy{Actions: []Action{{Bet: Bet{Kind: PutOdds}, Odds: OddsAtLimit}}}, Standard(), ErrSyntax},
		{"a multiple for a place bet", Strategy{Actions: []Action{{Bet: Bet{Kind: Place, Number: 6}, Odds: OddsByMultiple, Times: FlatOdds(2)}}}, Standard(), ErrSyntax},
		{"odds of 0x", Strategy{Actions: []Action{{Bet: Bet{Kind: PassOdds}, Odds: OddsByMultiple, Times: OddsLimit{On4: Ratio{-1, 1}}}}}, Standard(), ErrAmount},
		{"an amount below the minimum", one("field 5"), Rules{Minimum: 10}, ErrTableLimit},
		{"an amount above the maximum", one("field 500"), Rules{Maximum: 100}, ErrTableLimit},
		{"an amount off the unit", one("field 7"), Rules{Unit: 5}, ErrUnit},
		{"minimums at a table without one", one("field 2 min"), Standard(), ErrTableLimit},
		{"an amount of 0", Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{0}}}}, Standard(), ErrAmount},
		{"every amount 0", one("field 0-0 up on win"), Standard(), ErrAmount},
		{"amounts with no progression", one("field 5-10"), Standard(), ErrSyntax},
		{"a progression on one amount", one("field 5 up on win"), Standard(), ErrSyntax},
		{"a progression by a fact that is no count", Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{5, 10},
			Progression: Progression{By: Fact{Kind: FactHas}}}}}, Standard(), ErrSyntax},
		{"a count and moves", Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{5, 10},
			Progression: Progression{OnWin: MoveUp, By: Fact{Kind: FactRolls}}}}}, Standard(), ErrSyntax},
		{"a skip on a bet with no number", one("field 5 skip point"), Standard(), ErrSyntax},
		{"a switch on a bet that always works", one("field 5 working off"), Standard(), ErrSyntax},
		{"a point that is no point", one("field 5 if point 7"), Standard(), ErrSyntax},
		{"a count past the bound", one("field 5 if rolls < 20000"), Standard(), ErrSyntax},
		{"a take down with an amount", Strategy{Actions: []Action{{Kind: ActionTakeDown, Bet: Bet{Kind: Field}, Amounts: []Amount{5}}}}, Standard(), ErrSyntax},
		{"a stop with a bet", Strategy{Actions: []Action{{Kind: ActionStop, Bet: Bet{Kind: Field}}}}, Standard(), ErrSyntax},
		{"a bet between players at a casino", Strategy{Actions: []Action{{Bet: Bet{Kind: Center}, Amounts: []Amount{5}}}}, Standard(), ErrNotOffered},
		{"an empty clause", Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{5}, If: Condition{{}}}}}, Standard(), ErrSyntax},
		{"a fact with a stray bet", Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{5},
			If: Condition{{{Kind: FactRolls, Bet: Bet{Kind: Field}}}}}}}, Standard(), ErrSyntax},
		{"invalid rules", one("field 5"), Rules{Bar: 5}, ErrInvalidRules},
		{"a proposition without its throws", Strategy{Actions: []Action{{Bet: Bet{Kind: Within}, Amounts: []Amount{8}}}}, Street(), ErrSyntax},
		{"a kind as a bet", Strategy{Actions: []Action{{Bet: Bet{Kind: Place}, Amounts: []Amount{6}}}}, Standard(), ErrSyntax},
		// Sets as a player names them hold both orders: "rolled 1-2" is 1-2 and 2-1.
		{"a throw rolled in one order", Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{5},
			If: Condition{{{Kind: FactRolled, Rolled: Dice{1, 2}.Set()}}}}}}, Standard(), ErrSyntax},
		{"a proposition on one order, in a condition", Strategy{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{5},
			If: Condition{{{Kind: FactHas, Bet: Bet{Kind: Within, Set: Dice{1, 2}.Set(), Throws: 3}}}}}}}, Street(), ErrSyntax},
		{"a hop written larger face first", Strategy{Actions: []Action{{Bet: Bet{Kind: Hop, Hop: Dice{5, 2}}, Amounts: []Amount{5}}}}, Standard(), ErrSyntax},
		// The parser reads a typographic apostrophe as a plain one: a name
		// holding one would read back as another player's.
		{"an opponent the text would rename", Strategy{Actions: []Action{{Bet: Bet{Kind: Hardway, Number: 6}, Amounts: []Amount{10},
			Agreed: Ratio{9, 1}, Opponent: "o’neil"}}}, Street(), ErrSyntax},
	}
	var many []Action
	for n := range maxStrategyMemory + 1 {
		many = append(many, Action{Bet: Bet{Kind: Field}, Amounts: []Amount{5, 10}, Progression: Progression{OnWin: MoveUp},
			If: Condition{{{Kind: FactRolls, Op: CompareLess, N: n + 1}}}})
	}
	cases = append(cases, struct {
		why   string
		s     Strategy
		rules Rules
		want  error
	}{"too much to remember", Strategy{Actions: many}, Standard(), ErrAmount})
	for _, c := range cases {
		if err := c.s.Validate(c.rules); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.why, err, c.want)
		}
	}
}

// actionGen draws an action of every shape, valid or not, made of the
// parts the language writes.
func actionGen() *rapid.Generator[Action] {
	bets := []Bet{{Kind: PassLine}, {Kind: Come}, {Kind: PassOdds}, {Kind: ComeOdds}, {Kind: ComeOdds, Number: 6},
		{Kind: DontComeOdds}, {Kind: Place, Number: 8}, {Kind: Place}, {Kind: Field}, {Kind: Hardway, Number: 4},
		{Kind: Hop, Hop: Dice{2, 5}}, {Kind: HornHigh, Number: 12}, {Kind: Big6}, {Kind: Fire}, {Kind: PutOdds, Number: 6},
		{Kind: Hop}, {Kind: Before}, {Kind: Within}, {Kind: All}, {Kind: Repeater}, {Kind: HornHigh}, {Kind: NumberBet}}
	fact := rapid.Custom(func(t *rapid.T) Fact {
		f := Fact{Kind: FactKind(rapid.IntRange(1, int(numFactKinds)-1).Draw(t, "kind")), Not: rapid.Bool().Draw(t, "not")}
		switch {
		case f.Kind == FactPoint:
			f.N = rapid.SampledFrom([]int{0, 4, 6, 10}).Draw(t, "point")
		case f.Kind == FactRolled:
			f.Rolled = rapid.SampledFrom([]OutcomeSet{Totals(7), CrapsNumbers, Combination(3, 3) | Totals(11)}).Draw(t, "rolled")
		case f.Kind == FactComes:
			f.Bet = rapid.SampledFrom([]Bet{{Kind: Come}, {Kind: DontCome}}).Draw(t, "comes")
		}
		if f.Kind == FactHas || f.Kind == FactBets || f.Kind == FactWon || f.Kind == FactLost || f.Kind == FactHits {
			f.Bet = rapid.SampledFrom(bets).Draw(t, "bet")
		}
		if f.Kind.numbered() {
			f.Op, f.N = Comparison(rapid.IntRange(0, int(numComparisons)-1).Draw(t, "op")), rapid.IntRange(0, 50).Draw(t, "n")
		}
		if f.Kind == FactPoint && f.N == 0 && f.Not {
			f.Not = true // "point off"
		}
		return f
	})
	return rapid.Custom(func(t *rapid.T) Action {
		a := Action{Kind: ActionKind(rapid.IntRange(0, 2).Draw(t, "action"))}
		for range rapid.IntRange(0, 2).Draw(t, "clauses") {
			a.If = append(a.If, rapid.SliceOfN(fact, 1, 3).Draw(t, "clause"))
		}
		switch a.Kind {
		case ActionStop:
			if len(a.If) == 0 {
				a.If = Condition{{{Kind: FactPoint}}}
			}
			return a
		case ActionTakeDown:
			a.Bet = rapid.SampledFrom(bets).Draw(t, "bet")
			return a
		}
		a.Bet = rapid.SampledFrom(bets).Draw(t, "bet")
		if !madeAsIs(a.Bet) {
			a.Bet = Bet{Kind: Field}
		}
		switch sizing := rapid.IntRange(0, 2).Draw(t, "sizing"); {
		case sizing == 1:
			a.Odds = OddsAtLimit
		case sizing == 2:
			m := func(name string) Ratio { // halves, in lowest terms, as ParseOddsLimit reads them
				n := int64(rapid.IntRange(1, 20).Draw(t, name))
				if n%2 == 0 {
					return Ratio{n / 2, 1}
				}
				return Ratio{n, 2}
			}
			a.Odds, a.Times = OddsByMultiple, OddsLimit{On4: m("m4"), On5: m("m5"), On6: m("m6")}
			a.Times.On3, a.Times.On2 = a.Times.On4, a.Times.On4
		default:
			a.Amounts = rapid.SliceOfN(rapid.Custom(func(t *rapid.T) Amount { return Amount(rapid.IntRange(0, 500).Draw(t, "amount")) }), 1, 5).Draw(t, "amounts")
			a.InMinimums = rapid.Bool().Draw(t, "min")
			if len(a.Amounts) > 1 {
				if rapid.Bool().Draw(t, "by") {
					a.Progression.By = Fact{Kind: rapid.SampledFrom([]FactKind{FactHits, FactPoints, FactRolls, FactWinnings}).Draw(t, "count")}
					if a.Progression.By.Kind == FactHits {
						a.Progression.By.Bet = rapid.SampledFrom(bets).Draw(t, "hits")
					}
				} else {
					a.Progression.OnWin = Move(rapid.IntRange(0, 3).Draw(t, "win"))
					a.Progression.OnLoss = Move(rapid.IntRange(0, 3).Draw(t, "loss"))
					a.Progression.Cycle = rapid.Bool().Draw(t, "cycle")
				}
			}
		}
		a.SkipPoint, a.SkipCome = rapid.Bool().Draw(t, "skip point"), rapid.Bool().Draw(t, "skip come")
		a.Working = Switch(rapid.IntRange(0, 2).Draw(t, "working"))
		if rapid.Bool().Draw(t, "between players") {
			// The private game's words: the center bet faded, a side bet's
			// odds (in lowest terms, as they are read), its opponent.
			if rapid.Bool().Draw(t, "center") {
				a.Bet = Bet{Kind: Center}
			}
			a.Against = rapid.Bool().Draw(t, "against")
			if a.Against && a.Bet.Kind == Center && a.Odds != OddsByAmount { // a fade is an amount
				a.Odds, a.Times, a.Amounts = OddsByAmount, OddsLimit{}, []Amount{25}
			}
			w, st := int64(rapid.IntRange(1, 40).Draw(t, "win")), int64(rapid.IntRange(1, 40).Draw(t, "stake"))
			if rapid.Bool().Draw(t, "odds") {
				a.Agreed = Ratio{w / gcd(w, st), st / gcd(w, st)}
			}
			a.Opponent = rapid.SampledFrom([]string{"", "Ann", "bob_2"}).Draw(t, "opponent")
			a.NoBetUnlessFaded, a.Claim = rapid.Bool().Draw(t, "no bet"), rapid.Bool().Draw(t, "claim")
		}
		return a
	})
}

// Any action the language can write reads back as itself.
func TestActionTextProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := actionGen().Draw(t, "action")
		text := a.String()
		back, err := ParseAction(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if diff := cmp.Diff(a, back); diff != "" {
			t.Fatalf("%q reads back (-written +read):\n%s", text, diff)
		}
	})
}

// Whatever text is read as a strategy is written back as text that reads
// as the same strategy; nothing panics.
func FuzzParseStrategy(f *testing.F) {
	for _, s := range BettingSystems() {
		f.Add(s.String())
	}
	for _, text := range []string{"field 5 if rolled 7,11 or not point off", "take down come odds if lost pass line; stop if rolls >= 3",
		"place 6 0-6 by winnings skip come working off", "hop 2-5 1", "pass 1-2 min up on win down on loss cycle", "# only a comment",
		"center 10-20 up on loss or no bet; fade 5 claim if not rolled 7", "hard 6 10 at 9-1 with Ann; cover 6,8 before 7 30 at 6 to 5",
		"take down hop if won hop or bets within < 2; field 5-10 by hits before"} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseStrategy(text)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("%q: %v does not wrap ErrSyntax", text, err)
			}
			return
		}
		back, err := ParseStrategy(s.String())
		if err != nil {
			t.Fatalf("%q written as %q: %v", text, s.String(), err)
		}
		if diff := cmp.Diff(s.Actions, back.Actions); diff != "" {
			t.Fatalf("%q written as %q (-read +read back):\n%s", text, s.String(), diff)
		}
		_ = s.Validate(Standard()) // a refusal, never a panic
	})
}

// The counts of the shooter's hand start from 0 when a new shooter takes
// the dice, whether after a seven-out or by Table.PassDice.
func TestStrategyPlayerPassedDice(t *testing.T) {
	tb, _ := NewTable(Standard())
	for _, n := range []string{"p", "q"} {
		if err := tb.Join(n, 1000); err != nil {
			t.Fatal(err)
		}
	}
	s, err := ParseStrategy("pass 10\nfield 5 if rolls = 0")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewStrategyPlayer(tb, "p", s)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []Dice{{2, 2}, {1, 3}} { // point 4, made
		if err := p.Bet(); err != nil {
			t.Fatal(err)
		}
		res, err := tb.Roll(d, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Observe(d, res); err != nil {
			t.Fatal(err)
		}
	}
	if err := tb.PassDice(); err != nil {
		t.Fatal(err)
	}
	if err := p.Bet(); err != nil {
		t.Fatal(err)
	}
	if bets, _ := tb.Bets("p"); len(bets) != 2 || bets[1].Bet.Kind != Field {
		t.Errorf("%s shoots his first roll: bets %+v, want the pass line and the field", tb.Shooter(), bets)
	}
}

// Two players bet by their strategies at one table, on the same dice; a
// stop holds after the roll that meets it; a player who leaves is refused.
func TestStrategyPlayers(t *testing.T) {
	tb, _ := NewTable(Standard())
	for _, name := range []string{"ann", "bob"} {
		if err := tb.Join(name, 1000); err != nil {
			t.Fatal(err)
		}
	}
	ann, err := NewStrategyPlayer(tb, "ann", mustParse(t, "pass 10; odds 2x; stop if points >= 1"))
	if err != nil {
		t.Fatal(err)
	}
	martingale, _ := NamedStrategy("martingale")
	bob, err := NewStrategyPlayer(tb, "bob", martingale)
	if err != nil {
		t.Fatal(err)
	}
	var res []Resolution
	for _, d := range []Dice{{1, 1}, {3, 3}, {2, 4}} {
		for _, p := range []*StrategyPlayer{ann, bob} {
			if err := p.Bet(); err != nil {
				t.Fatal(err)
			}
		}
		if res, err = tb.Roll(d, res[:0]); err != nil {
			t.Fatal(err)
		}
		for _, p := range []*StrategyPlayer{ann, bob} {
			if err := p.Observe(d, res); err != nil {
				t.Fatal(err)
			}
		}
	}
	// ann: lost 10 on the 2, then won 10 and 20 of odds at 6:5 (24): 1024.
	// bob: lost 10, then bet 20 and won it: 1010.
	got := tb.Players()
	if got[0].Bankroll != 1024 || got[1].Bankroll != 1010 || !ann.Stopped() || bob.Stopped() {
		t.Errorf("players %+v, ann stopped %v, bob stopped %v", got, ann.Stopped(), bob.Stopped())
	}
	if _, err := tb.Leave("ann"); err != nil {
		t.Fatal(err)
	}
	if err := ann.Bet(); !errors.Is(err, ErrUnknownPlayer) {
		t.Errorf("a player who left: %v", err)
	}
	if err := bob.Bet(); err != nil || len(layoutOf(t, tb, "bob")) != 1 {
		t.Errorf("bob's seat moved: %v, %v", err, layoutOf(t, tb, "bob"))
	}
	if _, err := NewStrategyPlayer(tb, "cy", martingale); !errors.Is(err, ErrUnknownPlayer) {
		t.Errorf("no such player: %v", err)
	}
	street, _ := NewTable(Street())
	_ = street.Join("dan", 100)
	if _, err := NewStrategyPlayer(street, "dan", martingale); !errors.Is(err, ErrNotOffered) {
		t.Errorf("the private game: %v", err)
	}
}

func mustParse(t *testing.T, text string) Strategy {
	t.Helper()
	s, err := ParseStrategy(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fibonacci is a hook with a memory the language cannot hold: the pass
// line on an uncapped Fibonacci progression, one step up after a loss,
// two down after a win.
type fibonacci struct{ a, b Amount }

func (h *fibonacci) Reset(r *HookRoll) {
	h.a, h.b = 10, 10
	r.Keep(Bet{Kind: PassLine}, h.a)
}

func (h *fibonacci) React(r *HookRoll) {
	for _, res := range r.Resolved {
		switch {
		case res.Bet.Kind != PassLine:
		case res.Outcome == OutcomeLost:
			h.a, h.b = h.b, h.a+h.b
		case res.Outcome == OutcomeWon:
			for range 2 {
				h.a, h.b = max(h.b-h.a, 10), max(h.a, 10)
			}
		}
	}
	r.Keep(Bet{Kind: PassLine}, h.a)
	r.Keep(Bet{Kind: Field}, 0)              // never up: taking down nothing is nothing
	r.Keep(Bet{Kind: Come, Number: 6}, 10)   // refused: come bets are made in the come box
	r.Keep(Bet{Kind: Hardway, Number: 6}, 0) // not up: forgotten
}

// A hook keeps its own bets, alongside the strategy's actions.
func TestHookKeeps(t *testing.T) {
	tb, _ := NewTable(Standard())
	_ = tb.Join("p", 10_000)
	s := mustParse(t, "place 6 12")
	s.NewHook = func() StrategyHook { return &fibonacci{} }
	p, err := NewStrategyPlayer(tb, "p", s)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"Pass Line 10", "Place 6 12"},
		{"Pass Line 10", "Place 6 12"}, // 1-1 loses: a=10, b=20; a is still 10
		{"Pass Line 20", "Place 6 12"}, // 1-2 loses: 20, 30
		{"Pass Line 30", "Place 6 12"}, // 6-6 loses: 30, 50
		{"Pass Line 10", "Place 6 12"}, // 7 wins: two down to 10, 20
	}
	var res []Resolution
	for k, d := range []Dice{{}, {1, 1}, {1, 2}, {6, 6}, {3, 4}} {
		if k > 0 {
			if res, err = tb.Roll(d, res[:0]); err != nil {
				t.Fatal(err)
			}
			_ = p.Observe(d, res)
		}
		_ = p.Bet()
		if diff := cmp.Diff(want[k], layoutOf(t, tb, "p")); diff != "" {
			t.Errorf("after %v (-want +got):\n%s", d, diff)
		}
	}
}

// negativeKeeper keeps bets at amounts no table takes.
type negativeKeeper struct{}

func (negativeKeeper) Reset(r *HookRoll) { negativeKeeper{}.React(r) }
func (negativeKeeper) React(r *HookRoll) {
	r.Keep(Bet{Kind: PassLine}, -10)
	r.Keep(Bet{Kind: Place, Number: 6}, math.MinInt64)
}

// A bet kept at a negative amount is not made, on either engine: the
// Table takes no such amount.
func TestHookKeepsNegativeAmounts(t *testing.T) {
	s := Strategy{Name: "negative", NewHook: func() StrategyHook { return negativeKeeper{} }}
	tb, _ := NewTable(Standard())
	_ = tb.Join("p", 1000)
	p, err := NewStrategyPlayer(tb, "p", s)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Bet(); err != nil || len(layoutOf(t, tb, "p")) != 0 {
		t.Errorf("Bet: %v, layout %v; want neither bet made", err, layoutOf(t, tb, "p"))
	}
	for _, mode := range []SimMode{ByRolls, BySessions} {
		cfg := SimConfig{Rules: Standard(), Strategy: s, Mode: mode, N: 50, Session: SessionLimits{Bankroll: 100, MaxRolls: 20}}
		res, err := Simulate(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%v: %v", mode, err)
		}
		if res.Rolls == 0 || len(res.Bets) != 0 {
			t.Errorf("%v: %d rolls, bets %v; want rolls and no bet", mode, res.Rolls, res.Bets)
		}
	}
}

// scriptedKeeper keeps the same bets at amounts read from a script, one
// row a roll, cycled: bets kept, changed, taken down and kept again.
type scriptedKeeper struct {
	bets    []Bet
	amounts [][]Amount // [roll][bet]
	roll    int
}

func (h *scriptedKeeper) Reset(r *HookRoll) { h.roll = 0; h.keep(r) }
func (h *scriptedKeeper) React(r *HookRoll) { h.roll++; h.keep(r) }

func (h *scriptedKeeper) keep(r *HookRoll) {
	row := h.amounts[h.roll%len(h.amounts)]
	for i, b := range h.bets {
		r.Keep(b, row[i])
	}
}

// A hook's kept bets are kept on the Table engine as if every one were
// kept again before every roll: skipping those a roll cannot have changed
// (settled: not decided or moved, the puck not moved for a bet made only
// at some positions of it, no 7 for one made only after a 7) changes
// nothing. Two players play the same throws, one settling and one not,
// and must hold the same bets and money after every roll.
func TestKeptBetsSettleAsKeptAgain(t *testing.T) {
	kinds := []Bet{
		{Kind: PassLine}, {Kind: DontPass}, {Kind: Come}, {Kind: DontCome},
		{Kind: PassOdds}, {Kind: DontPassOdds}, {Kind: ComeOdds}, {Kind: Put, Number: 8},
		{Kind: PutOdds, Number: 8}, {Kind: Place, Number: 6}, {Kind: Big6}, {Kind: Field},
		{Kind: Hardway, Number: 8}, {Kind: Buy, Number: 4}, {Kind: Lay, Number: 10},
		{Kind: All}, {Kind: Tall}, {Kind: Fire}, {Kind: Any7}, {Kind: Repeater, Number: 6},
	}
	rapid.Check(t, func(t *rapid.T) {
		var h scriptedKeeper
		for _, i := range rapid.SliceOfNDistinct(rapid.IntRange(0, len(kinds)-1), 1, 6, rapid.ID).Draw(t, "bets") {
			h.bets = append(h.bets, kinds[i])
		}
		amount := rapid.SampledFrom([]Amount{-10, 0, 5, 10, 30, 60})
		for range rapid.IntRange(1, 4).Draw(t, "rows") {
			h.amounts = append(h.amounts, rapid.SliceOfN(amount, len(h.bets), len(h.bets)).Draw(t, "amounts"))
		}
		cfg := SimConfig{Rules: Standard(), Session: SessionLimits{Bankroll: rapid.SampledFrom([]Amount{40, 300, 10_000}).Draw(t, "bankroll")}}
		cfg.Strategy.NewHook = func() StrategyHook { k := h; return &k }
		settled, fresh := newPlayer(&cfg), newPlayer(&cfg)
		settled.settle()
		var out SimResult
		settled.reset(true)
		fresh.reset(true)
		for i, throw := range rapid.SliceOfN(rapid.UintRange(0, 35), 1, 60).Draw(t, "throws") {
			settled.roll(throw, &out)
			fresh.roll(throw, &out)
			settled.again(nil)
			fresh.again(nil)
			if diff := cmp.Diff(tableView(&fresh.t), tableView(&settled.t)); diff != "" {
				t.Fatalf("after throw %d (%v), settling (-kept again +settled):\n%s", i, diceOf(throw), diff)
			}
		}
	})
}

// heldView is what the first player holds at a table: his money, and
// his bets with their amounts, in the order made.
type heldView struct {
	Bankroll Amount
	Bets     []heldBet
}

type heldBet struct {
	Bet     Bet
	Amount  Amount
	Working Switch
}

func tableView(t *Table) heldView {
	v := heldView{Bankroll: t.seats[0].bankroll}
	for i := range t.bets {
		p := &t.bets[i]
		v.Bets = append(v.Bets, heldBet{p.bet, p.amount, p.working})
	}
	return v
}

// A kind alone stands for every bet of the kind, to take down and in a
// condition: for every kind, each place a pattern is written reads back
// as itself (hop once came back "hop 0-0", which reads as nothing).
func TestKindPatternRoundTrip(t *testing.T) {
	forms := []string{"take down %s", "field 5 if has %s", "field 5 if no %s", "field 5 if won %s", "field 5 if not lost %s",
		"field 5 if bets %s < 2", "field 5 if hits %s >= 1", "field 5-10 by hits %s"}
	for k := BetKind(1); k < numKinds; k++ {
		for _, form := range forms {
			text := fmt.Sprintf(form, strings.ToLower(k.String()))
			s, err := ParseStrategy(text)
			if err != nil {
				t.Errorf("%v: %q: %v", k, text, err)
				continue
			}
			if s.String() != text {
				t.Errorf("%v: %q is written %q", k, text, s.String())
			}
			back, err := ParseStrategy(s.String())
			if err != nil || !cmp.Equal(s.Actions, back.Actions) {
				t.Errorf("%v: %q is written %q, which reads back as %+v, %v", k, text, s.String(), back.Actions, err)
			}
		}
	}
	// Validate names the pattern as the text writes it.
	s, _ := ParseStrategy("field 5 if has hop and rolls > 20000")
	if err := s.Validate(Standard()); err == nil || !strings.Contains(err.Error(), "(field 5 if has hop and") {
		t.Errorf("a count past the bound: %v", err)
	}
}

// Strategies built in Go that Validate accepts are written as text that
// reads back as themselves.
func TestGoBuiltStrategyRoundTrip(t *testing.T) {
	for _, s := range []Strategy{
		{Actions: []Action{{Bet: Bet{Kind: Field}, Amounts: []Amount{5}, If: Condition{{{Kind: FactRolled, Rolled: Combination(1, 2)}}}}}},
		{Actions: []Action{{Bet: Bet{Kind: PassLine}, Amounts: []Amount{10}}, {Bet: Bet{Kind: PassOdds}, Odds: OddsByMultiple}}},
		{Actions: []Action{{Bet: Bet{Kind: PassLine}, Amounts: []Amount{10}}, {Bet: Bet{Kind: PassOdds}, Odds: OddsByMultiple,
			Times: OddsLimit{Ratio{3, 1}, Ratio{4, 1}, Ratio{5, 1}, Ratio{3, 1}, Ratio{3, 1}}}}},
		{Actions: []Action{{Bet: Bet{Kind: Hardway, Number: 6}, Amounts: []Amount{10}, Agreed: Ratio{9, 1}, Opponent: "o'neil"}}},
	} {
		rules := Standard()
		if s.Actions[0].Opponent != "" {
			rules = Street()
		}
		if err := s.Validate(rules); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		back, err := ParseStrategy(s.String())
		if err != nil || !cmp.Equal(s.Actions, back.Actions) {
			t.Errorf("%q reads back as %+v, %v", s, back.Actions, err)
		}
	}
}

// A strategy holds at most MaxStrategyActions actions: ParseStrategy stops
// reading a text of more, and Validate refuses a strategy of more, each
// promptly and naming the bound (before, 32,000 actions took seconds to
// compile after the deadline of the run, and a million were accepted).
func TestStrategySizeBounded(t *testing.T) {
	line := "place 6 12 if rolls < 5\n"
	text := strings.Repeat(line, MaxStrategyActions)
	s, err := ParseStrategy(text)
	if err != nil || len(s.Actions) != MaxStrategyActions {
		t.Fatalf("%d actions: %d read, %v", MaxStrategyActions, len(s.Actions), err)
	}
	if err := s.Validate(Standard()); err != nil {
		t.Errorf("%d actions: %v", MaxStrategyActions, err)
	}
	_, err = ParseStrategy(strings.Repeat(line, 1_000_000))
	if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "line 1001: more than 1000 actions") {
		t.Errorf("a million actions: %v, want ErrSyntax at line 1001 naming the bound", err)
	}
	// Compiling looks at the run's deadline: a strategy of the most actions,
	// each group of them a part of its own, builds no transition once the
	// run is stopped (it built them all first, seconds after a deadline).
	var text2 strings.Builder
	for k := range MaxStrategyActions {
		fmt.Fprintf(&text2, "place %d 12 if rolls == %d\n", []int{4, 5, 6, 8, 9, 10}[k%6], k%5)
	}
	big, err := ParseStrategy(text2.String())
	if err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	stop.Store(true)
	j := newAutomaton(Standard(), &big, maxJointStates, false, &stop)
	if j.prod == nil {
		t.Fatal("the strategy of 1000 place bets compiled as one part; the test wants parts")
	}
	for _, part := range j.prod.parts {
		if built := len(part.next) - part.unbuilt; built != 0 {
			t.Errorf("a part built %d transitions after the run stopped", built)
		}
	}
	s.Actions = append(s.Actions, s.Actions[0])
	err = s.Validate(Standard())
	if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "at most 1000") || len(err.Error()) > 1000 {
		t.Errorf("%d actions in Go: %v, want ErrSyntax naming the bound, in a short message", len(s.Actions), err)
	}
}

// A refusal quotes at most 200 bytes of the caller's text, and a text far
// longer than any bet's name gets no "did you mean" (its distance to each
// name took seconds): a 150,000-amount progression's error was 1.1 MB.
func TestErrorsClipTheText(t *testing.T) {
	long := "place 6 " + strings.Repeat("6-", 150_000) + "6 up on win"
	s, err := ParseStrategy(long)
	if err == nil {
		err = s.Validate(Standard())
	}
	if err == nil || len(err.Error()) > 1000 {
		t.Errorf("a 300 KB action: error of %d bytes, want a short one", len(fmt.Sprint(err)))
	}
	_, err = ParseBet("plac" + strings.Repeat("e", 100_000))
	if !errors.Is(err, ErrSyntax) || len(err.Error()) > 300 || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("a 100 KB bet name: %d bytes: %.300v", len(err.Error()), err)
	}
	if _, err := ParseBet("plcae 6"); err == nil || !strings.Contains(err.Error(), `did you mean "place 6"`) {
		t.Errorf("a slip: %v, want its hint", err)
	}
}
