package craps

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crapslab/craps/internal/suggest"
)

// bettingSystems are the named strategies, each written in the strategy
// language. Line bets are 10, so that full odds pay whole units at every
// point; place 6 and 8 are 12 (7:6 pays 14), place 5, 9, 4 and 10 are 10.
// What each system does is learned from the library of crapssim, the
// Python craps simulator (github.com/skent259/crapssim), and the craps
// literature, and written here in our own terms.
var bettingSystems = []struct{ name, doc, text string }{
	{"pass-max-odds", "The pass line, 10, with the most odds the table allows.",
		"pass 10; odds max"},
	{"dont-pass-max-lay", "Don't pass, 10, laying the most odds the table allows.",
		"don't pass 10; lay odds max"},
	{"knockout", "Pass line and don't pass, 10 each, on the come-out, with 3-4-5x odds behind the pass line.",
		"pass 10; don't pass 10; odds 3-4-5x"},
	{"pass-2-come", "The pass line and two come bets, 10 each, without odds.",
		"pass 10; come 10 if comes < 2"},
	{"three-point-molly", "The pass line and two come bets, 10 each, all with the most odds allowed.",
		"pass 10; odds max; come 10 if comes < 2; come odds max"},
	{"three-point-dolly", "Don't pass and two don't come bets, 10 each, all laying the most odds allowed.",
		"don't pass 10; lay odds max; don't come 10 if don't comes < 2; don't come odds max"},
	{"place-6-8", "Place 6 and place 8 at 6 each.",
		"place 6 6; place 8 6"},
	{"place-inside", "Place 5, 6, 8 and 9 at 10, 12, 12 and 10.",
		"place 5 10; place 6 12; place 8 12; place 9 10"},
	{"place-across", "Place every number: 4, 5, 9 and 10 at 10, 6 and 8 at 12.",
		"place 4 10; place 5 10; place 6 12; place 8 12; place 9 10; place 10 10"},
	{"pass-place-6-8", "The pass line, 10, and place 6 and 8 at 12 unless one is the point.",
		"pass 10; place 6 12 skip point; place 8 12 skip point"},
	{"place-6-8-move-5-9", "The pass line, 10, and place 6 and 8 at 12 while a point is on; the one on the point moves, the 6 to 5 and the 8 to 9 at 10, and back when the point is another.",
		`pass 10
		place 6 12 skip point if point on
		place 8 12 skip point if point on
		place 5 10 if point 6
		place 9 10 if point 8
		take down place 5 if point on and not point 6
		take down place 9 if point on and not point 8`},
	{"place-6-8-come", "The pass line and one come bet, 10 each, and place 6 and 8 at 12 while a point is on; the one a line bet covers moves, the 6 to 5 and the 8 to 9 at 10, and back once no line bet covers it.",
		`pass 10
		come 10 if comes < 1
		place 6 12 skip point skip come if point on
		place 8 12 skip point skip come if point on
		place 5 10 skip point skip come if point 6 or has come 6
		place 9 10 skip point skip come if point 8 or has come 8
		take down place 5 if point on and not point 6 and no come 6
		take down place 9 if point on and not point 8 and no come 8`},
	{"iron-cross", "The pass line, 10, place 5 at 10 and 6 and 8 at 12 off the point, and the field, 10, while a point is on: every total but 7 pays.",
		"pass 10; place 5 10 skip point; place 6 12 skip point; place 8 12 skip point; field 10 if point on"},
	{"hammerlock", "Pass line and don't pass, 10 each, laying 6x behind don't pass; place 6 and 8 at 24 until a place bet wins, then 5, 6, 8 and 9 at 10, 12, 12 and 10 until one wins again, then no place bets for the rest of the hand.",
		`pass 10
		don't pass 10
		lay odds 6x
		place 6 24-12-0 by hits place if point on
		place 8 24-12-0 by hits place if point on
		place 5 0-10-0 by hits place if point on
		place 9 0-10-0 by hits place if point on
		take down place if point off`},
	{"risk-12", "Pass line and field, 5 each, on the come-out; while a point is on, place 6 and 8 at 6 once the hand's bets have won 12 in all, place wins included (not the come-out's alone, as some tell it), or the one off the point once they have won 6.",
		`pass 5
		field 5 if point off
		place 6 6 skip point if point on and winnings >= 6
		place 8 6 skip point if point on and winnings >= 12 or point 6 and winnings >= 6
		take down place if point off`},
	{"squeeze-play", "Place 5, 6, 8 and 9 at 15, 18, 18 and 15; after the hand's first place win add 4 and 10 at 10, after the second press the inside to 20, 24, 24 and 20, after the third come down to 10 across (12 on 6 and 8); place bets down on the come-out.",
		`place 5 15-15-20-10 by hits place if point on
		place 6 18-18-24-12 by hits place if point on
		place 8 18-18-24-12 by hits place if point on
		place 9 15-15-20-10 by hits place if point on
		place 4 0-10-10-10 by hits place if point on
		place 10 0-10-10-10 by hits place if point on
		take down place if point off`},
	{"double-tap", "Place every number, 10 on 4, 5, 9 and 10 and 12 on 6 and 8, each doubled after its first and second win and back to the start after the third; back to the start after a seven-out.",
		`place 4 10-20-40 up on win cycle
		place 5 10-20-40 up on win cycle
		place 6 12-24-48 up on win cycle
		place 8 12-24-48 up on win cycle
		place 9 10-20-40 up on win cycle
		place 10 10-20-40 up on win cycle`},
	{"press-6-8", "Place 6 and 8 at 12, each pressed by 12 after each of its wins up to 48, and back to 12 after a seven-out.",
		"place 6 12-24-36-48 up on win; place 8 12-24-36-48 up on win"},
	{"place-6-8-press-regress", "Place 6 and 8 at 6, each pressed to 12 after a win and regressed to 6 after the next, and so on.",
		"place 6 6-12 up on win cycle; place 8 6-12 up on win cycle"},
	{"place-6-8-dont-come", "Place 6 and 8 at 12 and one don't come bet of 10 laying 2x.",
		"place 6 12; place 8 12; don't come 10 if bets don't come < 1; don't come odds 2x"},
	{"martingale", "The pass line from 10, doubled after each loss up to 640, back to 10 after a win.",
		"pass 10-20-40-80-160-320-640 up on loss"},
	{"dalembert", "The pass line from 10, up 10 after each loss and down 10 after each win, between 10 and 100.",
		"pass 10-20-30-40-50-60-70-80-90-100 up on loss down on win"},
	{"paroli", "The pass line from 10, doubled after each win, back to 10 after a loss or three wins in a row.",
		"pass 10-20-40 up on win cycle"},
	{"pass-1-3-2-6", "The pass line at 10, 30, 20, 60 through four wins in a row, back to 10 after a loss or the fourth win.",
		"pass 10-30-20-60 up on win cycle"},
	{"field-martingale", "The field from 10, doubled after each loss up to 320, back to 10 after a win.",
		"field 10-20-40-80-160-320 up on loss"},
	{"field-1-2-3-5", "The field at 10, 20, 30, 50 through wins in a row, staying at 50, back to 10 after a loss.",
		"field 10-20-30-50 up on win"},
	{"dice-doctor", "The field at 10, 20, 15, 30, 25, 50, 35, 70, 50, 100, 75, 150 through wins in a row, back to 10 after a loss.",
		"field 10-20-15-30-25-50-35-70-50-100-75-150 up on win"},
	{"buy-4-10", "Buy 4 and 10 at 20 each.",
		"buy 4 20; buy 10 20"},
	{"lay-5-9", "Lay 5 and 9 at 30 each.",
		"lay 5 30; lay 9 30"},
	{"put-6-odds", "A put bet of 10 on 6 while a point is on, with 2x odds.",
		"put 6 10; put odds 6 2x"},
	{"world-big-6-8", "A world bet of 5 every roll, and big 6 and big 8 at 10.",
		"world 5; big 6 10; big 8 10"},
	{"full", "The benchmark layout: the pass line and two come bets, 10 each with the most odds, place 6 and 8 at 12, the field, hard 6 and hard 8 at 5.",
		"pass 10; odds max; come 10 if comes < 2; come odds max; place 6 12; place 8 12; field 5; hard 6 5; hard 8 5"},
}

// BettingSystems returns the named strategies shipped with the package,
// sorted by name: the classic systems of craps literature and those of
// the library of crapssim, the Python craps simulator
// (github.com/skent259/crapssim), each with its Name, a Doc
// line saying what it does, and its Actions (String writes them in the
// strategy language).
func BettingSystems() []Strategy {
	out := make([]Strategy, 0, len(bettingSystems))
	for _, sys := range bettingSystems {
		s, err := ParseStrategy(sys.text)
		if err != nil {
			panic(fmt.Sprintf("craps: the betting system %s does not parse: %v", sys.name, err)) // tested
		}
		s.Name, s.Doc = sys.name, sys.doc
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Strategy) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// NamedStrategy returns the betting system of that name, from those
// BettingSystems lists; an unknown name is an error wrapping
// ErrNoSuchStrategy.
func NamedStrategy(name string) (Strategy, error) {
	var names []string
	for _, s := range BettingSystems() {
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	hint := suggest.DidYouMean(name, names)
	if hint == "" {
		hint = " (known: " + strings.Join(names, ", ") + ")"
	}
	return Strategy{}, fmt.Errorf("craps: strategy %q%s: %w", name, hint, ErrNoSuchStrategy)
}
