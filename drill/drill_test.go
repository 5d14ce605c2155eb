package drill_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/drill"
)

// exhaustive reports whether CRAPS_EXHAUSTIVE=1 asks for the long checks
// (see exhaustive_test.go): every preset, and many more questions.
func exhaustive() bool { return os.Getenv("CRAPS_EXHAUSTIVE") == "1" }

// thorough reports whether checks run at their full sizes: exhaustive and
// without -short.
func thorough() bool { return exhaustive() && !testing.Short() }

// layoutOf reads a layout written "player: bet amount, bet amount; player: ...".
func layoutOf(t testing.TB, text string) []drill.Wager {
	t.Helper()
	var out []drill.Wager
	for _, part := range strings.Split(text, ";") {
		player, bets, _ := strings.Cut(part, ":")
		for _, b := range strings.Split(bets, ",") {
			fields := strings.Fields(b)
			amount, err := strconv.Atoi(fields[len(fields)-1])
			if err != nil {
				t.Fatalf("layout %q: %v", text, err)
			}
			bet, err := craps.ParseBet(strings.Join(fields[:len(fields)-1], " "))
			if err != nil {
				t.Fatalf("layout %q: %v", text, err)
			}
			out = append(out, drill.Wager{Player: strings.TrimSpace(player), Bet: bet, Amount: craps.Amount(amount)})
		}
	}
	return out
}

func dice(t testing.TB, s string) craps.Dice {
	t.Helper()
	d, err := craps.ParseDice(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// lineResult is what a test checks of one line of a layout question.
type lineResult struct {
	Bet     string
	Outcome craps.Outcome
	Paid    craps.Amount
	Stays   bool
	To      int
}

func results(q drill.Question) []lineResult {
	var out []lineResult
	for _, l := range q.Lines {
		out = append(out, lineResult{l.Bet.String(), l.Outcome, l.Paid, l.Stays, l.To})
	}
	return out
}

// The croupier trainer's six worked examples (its pages in Arabic and
// Ukrainian, "Examples"; RULES.md section 3), each made a drill from its
// layout: every stake 100 unless the trainer states it (odds 100, lay odds
// 120, place 8 120), and, where the trainer names the bets that lose
// without stakes (example 5: place bets and hardways), place 6 for 120
// and hard 6 and hard 8 for 100. The answers are the trainer's totals:
// 1700, 4000, 0, 1120, 600 and 240.
func TestTrainerHands(t *testing.T) {
	won, lost := craps.OutcomeWon, craps.OutcomeLost
	for _, c := range []struct {
		name   string
		point  int
		layout string
		throw  string
		paid   craps.Amount
		after  int
		lines  []lineResult
	}{
		{"come-out 11", 0, "ann: pass 100, don't pass 100, field 100, yo 100", "5-6", 1700, 0, []lineResult{
			{"Pass Line", won, 100, false, 0}, {"Don't Pass", lost, 0, false, 0},
			{"Field", won, 100, false, 0}, {"Yo", won, 1500, false, 0}}},
		{"come-out 2", 0, "ann: pass 100, don't pass 100, any craps 100, 2 100, field 100", "1-1", 4000, 0, []lineResult{
			{"Pass Line", lost, 0, false, 0}, {"Don't Pass", won, 100, false, 0}, {"Any Craps", won, 700, false, 0},
			{"Aces", won, 3000, false, 0}, {"Field", won, 200, false, 0}}},
		{"come-out 6 sets the point", 0, "ann: pass 100, don't pass 100, field 100", "2-4", 0, 6, []lineResult{
			{"Pass Line", craps.NoOutcome, 0, true, 0}, {"Don't Pass", craps.NoOutcome, 0, true, 0},
			{"Field", lost, 0, false, 0}}},
		{"point 6, hard 6", 6, "ann: pass 100, odds 100, hard 6 100, place 8 120", "3-3", 1120, 0, []lineResult{
			{"Pass Line", won, 100, false, 0}, {"Pass Odds 6", won, 120, false, 0},
			{"Hard 6", won, 900, true, 0}, {"Place 8", craps.NoOutcome, 0, true, 0}}},
		{"point 6, seven-out", 6, "ann: pass 100, don't pass 100, odds 100, lay odds 120, place 6 120, hard 6 100, hard 8 100, any 7 100", "3-4", 600, 0, []lineResult{
			{"Pass Line", lost, 0, false, 0}, {"Don't Pass", won, 100, false, 0}, {"Pass Odds 6", lost, 0, false, 0},
			{"Don't Pass Odds 6", won, 100, false, 0}, {"Place 6", lost, 0, false, 0}, {"Hard 6", lost, 0, false, 0},
			{"Hard 8", lost, 0, false, 0}, {"Any 7", won, 400, false, 0}}},
		{"point 4, the come bet moves to 9", 4, "ann: pass 100, come 100, place 9 100, field 100", "4-5", 240, 4, []lineResult{
			{"Pass Line", craps.NoOutcome, 0, true, 0}, {"Come", craps.OutcomeMoved, 0, true, 9},
			{"Place 9", won, 140, true, 0}, {"Field", won, 100, false, 0}}},
	} {
		q, err := drill.NewLayout(craps.Standard(), c.point, layoutOf(t, c.layout), dice(t, c.throw))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if q.Answer != c.paid || q.PointAfter != c.after {
			t.Errorf("%s: paid %d with the puck at %d after, want %d and %d", c.name, q.Answer, q.PointAfter, c.paid, c.after)
		}
		if diff := cmp.Diff(c.lines, results(q)); diff != "" {
			t.Errorf("%s: lines (-want +got):\n%s", c.name, diff)
		}
		if m, err := q.Check(drill.Answer{c.paid}); err != nil || !m.Right {
			t.Errorf("%s: the trainer's total %d is not marked right: %v %v", c.name, c.paid, m, err)
		}
	}
}

// The worked answer of the trainer's fourth example, as the dealer says it.
func TestExplanation(t *testing.T) {
	q, err := drill.NewLayout(craps.Standard(), 6, layoutOf(t, "ann: pass 100, odds 100, hard 6 100, place 8 120"), dice(t, "3-3"))
	if err != nil {
		t.Fatal(err)
	}
	want := `Pass Line for 100 pays even money: 100.
Pass Odds 6 for 100 pays 6 to 5: 120.
Hard 6 for 100 pays 9 to 1: 900, and stays up.
Place 8 for 120: no decision.
Paid 1120 in all. The point is made: the puck comes off.
`
	if diff := cmp.Diff(want, q.Explanation()); diff != "" {
		t.Errorf("explanation (-want +got):\n%s", diff)
	}
}

// Each line's explanation says what a dealer says, derived from the same
// payout and commission the table used.
func TestSay(t *testing.T) {
	vegas := craps.Vegas()
	unit5 := craps.Standard()
	unit5.Unit = 5
	for _, c := range []struct {
		reason string
		rules  craps.Rules
		point  int
		layout string
		throw  string
		say    []string
	}{
		{"the trainer's own example of a place payout", craps.Standard(), 4, "a: place 6 30", "2-4",
			[]string{"Place 6 for 30 pays 7 to 6: 35, and stays up"}},
		{"a stake that is not a multiple of 6: the table rounds down", craps.Standard(), 4, "a: place 6 10", "2-4",
			[]string{"Place 6 for 10 pays 7 to 6: 11 2/3, rounded down to 11, and stays up"}},
		{"a table that pays in 5s", unit5, 4, "a: place 6 20", "2-4",
			[]string{"Place 6 for 20 pays 7 to 6: 23 1/3, rounded down to the table's unit of 5: 20, and stays up"}},
		{"for-1 propositions pay the printed figure less the stake", craps.Rules{PropsFor1: true}, 0, "a: yo 10, hop 1-1 5", "5-6",
			[]string{"Yo for 10 pays 15 for 1: 140", "Hop 1-1 for 5 loses: take it"}},
		{"a horn splits into four; its yo part pays and the rest loses", craps.Standard(), 0, "a: horn 20", "5-6",
			[]string{"Horn for 20 (5 on 2, 5 on 3, 5 on 11, 5 on 12): 5 on 11 pays 15 to 1: 75; the other 15 loses: 60"}},
		{"three-way craps on a 3: the 3 pays, the 2 and 12 lose", craps.Standard(), 0, "a: three-way 3", "1-2",
			[]string{"Three-Way Craps for 3 (1 on 2, 1 on 3, 1 on 12): 1 on 3 pays 15 to 1: 15; the other 2 loses: 13"}},
		{"a commission cut to what the bet wins", craps.Rules{BuyCommission: craps.Commission{Minimum: 5}}, 6, "a: buy 4 2", "1-3",
			[]string{"Buy 4 for 2 pays 2 to 1: 4 (the vig, 5% of 2 is 1/10, cut to what the bet wins: 4, was paid with the bet)"}},
		{"a world bet on a 7 is a push", craps.Standard(), 0, "a: world 10", "3-4",
			[]string{"World for 10 (2 on 2, 2 on 3, 2 on 11, 2 on 12, 2 on Any 7): 2 on Any 7 pays 4 to 1: 8; the other 8 loses: a push, nothing paid"}},
		{"a buy bet's vig is paid with the bet", craps.Standard(), 6, "a: buy 4 25", "1-3",
			[]string{"Buy 4 for 25 pays 2 to 1: 50 (the vig, 5% of 25 is 1 1/4, rounded down: 1, was paid with the bet)"}},
		{"the Vegas vig comes out of the win", vegas, 6, "a: lay 4 40", "3-4",
			[]string{"Lay 4 for 40 pays 1 to 2: 20, less the vig (5% of 20: 1): 19"}},
		{"the second casino gives the buy vig back when the bet loses", craps.Bar2(), 6, "a: buy 4 20", "3-4",
			[]string{"Buy 4 for 20 loses: take it, and give back the vig of 1 paid with it"}},
		{"bar 2: don't pass pushes on the 2", craps.Bar2(), 0, "a: don't pass 10", "1-1",
			[]string{"Don't Pass for 10: the 2 is barred, a push: nothing paid"}},
		{"come odds are off on the come-out: the come bet wins, its odds come back", craps.Standard(), 0, "a: come 9 10, odds 9 20, place 6 12", "4-5",
			[]string{"Come 9 for 10 pays even money: 10", "Come Odds 9 for 20 was off: its line bet is decided, so it comes back",
				"Place 6 for 12 is off on the come-out: no decision"}},
		{"a come bet travels to its number", craps.Standard(), 5, "a: come 10, don't come 10", "4-4",
			[]string{"Come for 10 travels to the 8", "Don't Come for 10 travels to the 8"}},
	} {
		q, err := drill.NewLayout(c.rules, c.point, layoutOf(t, c.layout), dice(t, c.throw))
		if err != nil {
			t.Fatalf("%s: %v", c.reason, err)
		}
		var got []string
		for _, l := range q.Lines {
			got = append(got, l.Say)
		}
		if diff := cmp.Diff(c.say, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.reason, diff)
		}
	}
}

// A layout the table would not take is refused with the table's own
// error, and so is anything that is no layout at all.
func TestNewLayoutRefusals(t *testing.T) {
	seven := craps.Dice{A: 3, B: 4}
	for _, c := range []struct {
		reason string
		rules  craps.Rules
		point  int
		layout string
		throw  craps.Dice
		want   error
	}{
		{"the same bet twice", craps.Standard(), 0, "a: pass 10, pass 10", seven, craps.ErrSyntax},
		{"7 is never the point", craps.Standard(), 7, "a: pass 10", seven, craps.ErrSyntax},
		{"the throw is no throw", craps.Standard(), 0, "a: pass 10", craps.Dice{A: 0, B: 7}, craps.ErrSyntax},
		{"odds need a point", craps.Standard(), 0, "a: pass 10, odds 10", seven, craps.ErrNotNow},
		{"a come bet cannot stand on the point", craps.Standard(), 6, "a: come 6 10", seven, craps.ErrNotNow},
		{"odds above the 3-4-5x limit", craps.Standard(), 4, "a: pass 10, odds 40", seven, craps.ErrOddsLimit},
		{"a stake below the table minimum", craps.Rules{Minimum: 10}, 4, "a: place 6 6", seven, craps.ErrTableLimit},
		{"crapless craps has no don't pass", craps.Crapless(), 0, "a: don't pass 10", seven, craps.ErrNotOffered},
		{"the fire bet depends on the hand so far", craps.Standard(), 0, "a: fire 5", seven, craps.ErrNotOffered},
		{"so does a repeater", craps.Standard(), 0, "a: repeater 4 5", seven, craps.ErrNotOffered},
		{"all the hardways is four Hard bets", craps.Standard(), 4, "a: all hardways 4", seven, craps.ErrNotOffered},
		{"the private game has no layout", craps.Street(), 0, "a: pass 10", seven, craps.ErrNotOffered},
		{"rules that contradict themselves", craps.Rules{Bar: 5}, 0, "a: pass 10", seven, craps.ErrInvalidRules},
		{"a player needs a name", craps.Standard(), 0, ": pass 10", seven, craps.ErrUnknownPlayer},
	} {
		_, err := drill.NewLayout(c.rules, c.point, layoutOf(t, c.layout), c.throw)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.reason, err, c.want)
		}
	}
	// A come bet on no number, which ParseBet would not read.
	come7 := []drill.Wager{{Player: "a", Bet: craps.Bet{Kind: craps.Come, Number: 7}, Amount: 10}}
	if _, err := drill.NewLayout(craps.Standard(), 4, come7, craps.Dice{A: 1, B: 1}); !errors.Is(err, craps.ErrSyntax) {
		t.Errorf("a come bet on 7: error %v, want ErrSyntax", err)
	}
	// A working switch that is none of the three.
	odd := []drill.Wager{{Player: "a", Bet: craps.Bet{Kind: craps.Hardway, Number: 6}, Amount: 10, Working: craps.SwitchOff + 5}}
	if _, err := drill.NewLayout(craps.Standard(), 0, odd, craps.Dice{A: 3, B: 3}); !errors.Is(err, craps.ErrSyntax) {
		t.Errorf("working switch %d: error %v, want ErrSyntax", odd[0].Working, err)
	}
}

// Every whole stake is paid whole on every throw it wins when played on
// a table, with no breakage and a whole vig, and no smaller stake of at
// least the same amount is: two paths, the bet's compiled payouts and the
// table's play, agree.
func TestWholeStakePlayed(t *testing.T) {
	rules := []craps.Rules{craps.Standard(), craps.Bar2(), {PropsFor1: true, Unit: 5}, craps.Vegas(), craps.Crapless(), {Unit: 2, Minimum: 6}}
	switch {
	case exhaustive():
	case !thorough():
		rules = rules[:1]
	default:
		rules = rules[:3]
	}
	for _, r := range rules {
		for _, b := range r.Catalogue() {
			switch b.Kind {
			case craps.Fire, craps.All, craps.Tall, craps.Small, craps.Repeater, // they need a hand before them
				craps.RideTheLine, craps.HotShooter, craps.DifferentDoubles, craps.BonusCraps,
				craps.AllHardways,                                                                        // four Hard bets
				craps.Come, craps.DontCome, craps.Put, craps.ComeOdds, craps.DontComeOdds, craps.PutOdds: // as pass and don't pass
				continue
			}
			s, err := r.WholeStake(b, 1)
			if err != nil {
				t.Fatalf("%v: %v: %v", r.Odds, b, err)
			}
			if s > max(r.Unit, 1) && wholeOnEveryWin(t, r, b, s-max(r.Unit, 1)) {
				t.Errorf("unit %d: %v: %d is whole too, below the whole stake %d", r.Unit, b, s-max(r.Unit, 1), s)
			}
			if !wholeOnEveryWin(t, r, b, s) {
				t.Errorf("unit %d: %v: the whole stake %d is not paid whole", r.Unit, b, s)
			}
		}
	}
}

// partStake finds the stakes of a split's parts in its explanation: "5 on 11".
var partStake = regexp.MustCompile(`(\d+) on `)

// wholeOnEveryWin plays stake s on bet b against every throw and reports
// whether each win is an exact payout in whole units, with a vig and split
// parts the explanation can give without rounding or fractions. A stake
// the table refuses is not whole.
func wholeOnEveryWin(t *testing.T, r craps.Rules, b craps.Bet, s craps.Amount) bool {
	unit := max(r.Unit, 1)
	point := 0
	layout := []drill.Wager{{Player: "p", Bet: b, Amount: s}}
	switch b.Kind {
	case craps.PassOdds, craps.DontPassOdds:
		point = b.Number
		line := craps.Bet{Kind: craps.PassLine}
		if b.Kind == craps.DontPassOdds {
			line.Kind = craps.DontPass
		}
		layout = append([]drill.Wager{{Player: "p", Bet: line, Amount: 1000 * unit}}, layout...)
	case craps.Place, craps.PlaceToLose, craps.Buy, craps.Lay, craps.Hardway:
		point = 4
		if b.Number == 4 || b.Number == 10 {
			point = 6
		}
	}
	if s%unit != 0 {
		return false
	}
	for _, d := range craps.AllDice() {
		q, err := drill.NewLayout(r, point, layout, d)
		if err != nil {
			return false
		}
		l := q.Lines[len(q.Lines)-1]
		if l.Outcome != craps.OutcomeWon {
			continue
		}
		if int64(s)*l.Pays.Win%l.Pays.Stake != 0 || (int64(s)*l.Pays.Win/l.Pays.Stake)%int64(unit) != 0 {
			return false
		}
		if strings.Contains(l.Say, "rounded") || strings.Contains(l.Say, "/") || strings.Contains(l.Say, "on the whole bet") {
			return false // the vig is not whole, or a split's parts
		}
		for _, m := range partStake.FindAllStringSubmatch(l.Say, -1) {
			if n, _ := strconv.Atoi(m[1]); craps.Amount(n)%unit != 0 {
				return false // a part of a split is not in the table's units
			}
		}
	}
	return true
}

// The figures of every generated question are the table's, and the
// explanation says the same figures: for each winning bet, Ratio.Pay on
// its stake, less a vig taken from the win, is what was paid, and the
// explanation ends with that amount; a layout's answer is the sum of its
// lines; a vig question's answer is the commission charged.
func TestQuestionsAgree(t *testing.T) {
	capped := craps.Standard()
	capped.Minimum, capped.Maximum = 10, 500
	rules := []craps.Rules{craps.Standard(), craps.Bar2(), {PropsFor1: true, Unit: 5}, craps.Vegas(), craps.Crapless(),
		capped, craps.CardCraps()}
	n := 40
	switch {
	case exhaustive():
	case !thorough():
		rules, n = rules[:3], 4
	default:
		rules, n = rules[:5], 8
	}
	for _, r := range rules {
		for l := drill.LevelPlace; l <= drill.LevelFull; l++ {
			d, err := drill.New(drill.Config{Rules: r, Level: l, Seed: 11, Breakage: true})
			if err != nil {
				t.Fatalf("%+v level %v: %v", r, l, err)
			}
			for range n {
				q, err := d.Next()
				if err != nil {
					t.Fatalf("%+v level %v: %v", r, l, err)
				}
				checkQuestion(t, r, q)
			}
		}
	}
}

var lastAmount = regexp.MustCompile(`(\d+)(, and stays up)?$`)

func checkQuestion(t *testing.T, r craps.Rules, q drill.Question) {
	t.Helper()
	unit := max(r.Unit, 1)
	var total craps.Amount
	for _, l := range q.Lines {
		total += l.Paid
		if l.Outcome != craps.OutcomeWon {
			continue
		}
		pay, err := l.Pays.Pay(l.Amount, unit)
		if err != nil {
			t.Fatalf("%s: %v", q.Ask, err)
		}
		want := pay.Win
		if c := vigFromWin(r, l.Bet.Kind); c {
			want -= l.Commission
		}
		if want != l.Paid {
			t.Errorf("%s: %v for %d at %v: Ratio.Pay gives %d, the table paid %d", q.Ask, l.Bet, l.Amount, l.Pays, want, l.Paid)
		}
		say := l.Say
		if i := strings.Index(say, " (the vig"); i >= 0 {
			say = say[:i]
		}
		if m := lastAmount.FindStringSubmatch(say); m == nil || m[1] != strconv.FormatInt(int64(l.Paid), 10) {
			t.Errorf("%s: the explanation %q does not end with the amount paid, %d", q.Ask, l.Say, l.Paid)
		}
	}
	switch q.Kind {
	case drill.KindLayout:
		if q.Answer != total {
			t.Errorf("%s: answer %d, the lines pay %d", q.Ask, q.Answer, total)
		}
	case drill.KindVig:
		if q.Answer != q.Lines[0].Commission {
			t.Errorf("%s: answer %d, the vig was %d", q.Ask, q.Answer, q.Lines[0].Commission)
		}
	case drill.KindPayout:
		if len(q.Lines) != 1 || q.Lines[0].Outcome != craps.OutcomeWon || q.Answer != q.Lines[0].Paid {
			t.Errorf("%s: a payout question on a bet that does not win, or answer %d for %+v", q.Ask, q.Answer, q.Lines)
		}
	}
	if m, err := q.Check(drill.Answer{q.Answer}); err != nil || !m.Right {
		t.Errorf("%s: its own answer %d is not right: %v", q.Ask, q.Answer, err)
	}
	if m, _ := q.Check(drill.Answer{q.Answer + 1}); m.Right {
		t.Errorf("%s: %d is marked right", q.Ask, q.Answer+1)
	}
}

// vigFromWin reports whether the rules take the vig on kind k from a win.
func vigFromWin(r craps.Rules, k craps.BetKind) bool {
	switch k {
	case craps.Buy:
		return r.BuyCommission.Timing == craps.CommissionOnWinOnly
	case craps.Lay:
		return r.LayCommission.Timing == craps.CommissionOnWinOnly
	}
	return false
}

// The same configuration asks the same questions; another seed or level
// asks others. The first questions of seed 7 are pinned, so that a seed
// printed in a record replays on every machine.
func TestSeeded(t *testing.T) {
	ask := func(c drill.Config, n int) []drill.Question {
		d, err := drill.New(c)
		if err != nil {
			t.Fatal(err)
		}
		var qs []drill.Question
		for range n {
			q, err := d.Next()
			if err != nil {
				t.Fatal(err)
			}
			qs = append(qs, q)
		}
		return qs
	}
	c := drill.Config{Level: drill.LevelHand, Seed: 7}
	if diff := cmp.Diff(ask(c, 5), ask(c, 5)); diff != "" {
		t.Errorf("the same seed asks other questions:\n%s", diff)
	}
	if cmp.Equal(ask(c, 5), ask(drill.Config{Level: drill.LevelHand, Seed: 8}, 5)) {
		t.Error("seeds 7 and 8 ask the same questions")
	}
	var got []string
	for _, q := range ask(drill.Config{Seed: 7}, 3) {
		got = append(got, fmt.Sprintf("%s %d", q.Ask, q.Answer))
	}
	want := []string{
		"Point 8. Place 4 for 50. The shooter throws 3-1, easy 4. What does it pay? 90",
		"Point 5. Place 5 for 10. The shooter throws 4-1, 5. What does it pay? 14",
		"Point 4. Place 6 for 24. The shooter throws 2-4, easy 6. What does it pay? 28",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("seed 7, level 1 (-want +got):\n%s", diff)
	}
}

func TestNewRefusals(t *testing.T) {
	for _, c := range []struct {
		reason string
		config drill.Config
		want   error
	}{
		{"no level 7", drill.Config{Level: 7}, craps.ErrSyntax},
		{"the private game has no dealer", drill.Config{Rules: craps.Street()}, craps.ErrNotOffered},
		{"a table without place bets has no place drill", drill.Config{Rules: craps.Rules{NotOffered: craps.Kinds(craps.Place)}}, craps.ErrNotOffered},
		{"a table without buy and lay has no commission drill", drill.Config{Rules: craps.Rules{NotOffered: craps.Kinds(craps.Buy, craps.Lay)},
			Level: drill.LevelCommission}, craps.ErrNotOffered},
		{"rules that do not validate", drill.Config{Rules: craps.Rules{Minimum: 5, Maximum: 1}}, craps.ErrInvalidRules},
	} {
		if _, err := drill.New(c.config); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.reason, err, c.want)
		}
	}
	// A table whose maximum is below every whole stake has no question to ask.
	d, err := drill.New(drill.Config{Rules: craps.Rules{Maximum: 5}, Level: drill.LevelCommission})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Next(); !errors.Is(err, craps.ErrNotOffered) {
		t.Errorf("buy and lay at a table with a maximum of 5: %v, want ErrNotOffered", err)
	}
}

func TestCheck(t *testing.T) {
	q, err := drill.NewLayout(craps.Standard(), 6, layoutOf(t, "ann: pass 100, odds 100; bob: hard 6 100, place 8 120"), dice(t, "3-3"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		reason string
		answer string
		want   drill.Mark
		err    error
	}{
		{"the total", "1120", drill.Mark{Right: true}, nil},
		{"a wrong total", "1020", drill.Mark{}, nil},
		{"each bet", "100 120 900 0", drill.Mark{Right: true, Lines: []bool{true, true, true, true}}, nil},
		{"each bet, commas", "100, 120, 900, 0", drill.Mark{Right: true, Lines: []bool{true, true, true, true}}, nil},
		{"the place 8 paid by mistake", "100 120 900 140", drill.Mark{Lines: []bool{true, true, true, false}}, nil},
		{"the odds paid at even money", "100 100 900 0", drill.Mark{Lines: []bool{true, false, true, true}}, nil},
		{"three amounts for four bets", "100 120 900", drill.Mark{}, craps.ErrSyntax},
	} {
		a, err := drill.ParseAnswer(c.answer)
		if err != nil {
			t.Fatal(err)
		}
		m, err := q.Check(a)
		if !errors.Is(err, c.err) {
			t.Errorf("%s: error %v, want %v", c.reason, err, c.err)
		}
		if diff := cmp.Diff(c.want, m, cmpopts.IgnoreFields(drill.Mark{}, "Explanation")); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.reason, diff)
		}
		if err == nil && m.Explanation != q.Explanation() {
			t.Errorf("%s: the mark does not carry the explanation", c.reason)
		}
	}
	// A payout question takes one amount only.
	p, err := drill.NewLayout(craps.Standard(), 4, layoutOf(t, "a: place 6 12"), dice(t, "3-3"))
	if err != nil {
		t.Fatal(err)
	}
	if m, err := p.Check(drill.Answer{14}); err != nil || !m.Right {
		t.Errorf("place 6 for 12 on a 6 pays 14: %v %v", m, err)
	}
}

func TestParseAnswer(t *testing.T) {
	for _, c := range []struct {
		in   string
		want drill.Answer
		ok   bool
	}{
		{"35", drill.Answer{35}, true},
		{" 100 120\t900 0 ", drill.Answer{100, 120, 900, 0}, true},
		{"100,120", drill.Answer{100, 120}, true},
		{"", nil, false},
		{"thirty", nil, false},
		{"-5", nil, false},
		{"1.5", nil, false},
		{"99999999999999999999", nil, false},
	} {
		got, err := drill.ParseAnswer(c.in)
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, craps.ErrSyntax)) {
			t.Errorf("%q: error %v", c.in, err)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", c.in, diff)
		}
	}
}

func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"35", "100 120 900 0", "1,2", "", "-1", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := drill.ParseAnswer(s)
		if err != nil {
			if !errors.Is(err, craps.ErrSyntax) {
				t.Fatalf("%q: %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		var parts []string
		for _, x := range a {
			if x < 0 || x > craps.MaxAmount {
				t.Fatalf("%q: amount %d out of range", s, x)
			}
			parts = append(parts, strconv.FormatInt(int64(x), 10))
		}
		b, err := drill.ParseAnswer(strings.Join(parts, " "))
		if err != nil || !cmp.Equal(a, b) {
			t.Fatalf("%q: %v reads back as %v, %v", s, a, b, err)
		}
	})
}

// A session records each answer with its time, scores by bet, and saves
// and reads back as JSON.
func TestSession(t *testing.T) {
	d, err := drill.New(drill.Config{Level: drill.LevelCenter, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := drill.Session{Config: d.Config(), Started: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	for i := range 6 {
		q, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		answer := q.Answer
		if i%3 == 2 {
			answer++
		}
		if _, err := s.Add(q, drill.Answer{answer}, time.Duration(i+1)*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	h, err := drill.NewLayout(craps.Standard(), 6, layoutOf(t, "ann: pass 100, odds 100; bob: hard 6 100, place 8 120"), dice(t, "3-3"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Add(h, drill.Answer{100, 120, 900, 140}, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Add(h, drill.Answer{1, 2}, time.Second); !errors.Is(err, craps.ErrSyntax) || len(s.Records) != 7 {
		t.Errorf("an answer Check refuses: %v, and %d records, want 7", err, len(s.Records))
	}
	sc := s.Score()
	if sc.Asked != 7 || sc.Right != 4 || sc.Time != 31*time.Second {
		t.Errorf("score %d of %d in %v, want 4 of 7 in 31s", sc.Right, sc.Asked, sc.Time)
	}
	var layout []drill.Tally
	asked := 0
	for _, x := range sc.ByBet {
		if x.Kind == drill.KindLayout {
			layout = append(layout, x)
		} else {
			asked += x.Asked
		}
	}
	want := []drill.Tally{
		{Kind: drill.KindLayout, Asked: 1, Time: 10 * time.Second},
		{Kind: drill.KindLayout, Bet: craps.PassLine, Asked: 1, Right: 1},
		{Kind: drill.KindLayout, Bet: craps.PassOdds, Asked: 1, Right: 1},
		{Kind: drill.KindLayout, Bet: craps.Place, Asked: 1},
		{Kind: drill.KindLayout, Bet: craps.Hardway, Asked: 1, Right: 1},
	}
	if diff := cmp.Diff(want, layout); diff != "" || asked != 6 {
		t.Errorf("the layout answered bet by bet (-want +got):\n%s\nand %d payout questions, want 6", diff, asked)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back drill.Session
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s, back, cmpopts.IgnoreFields(drill.Mark{}, "Explanation")); diff != "" {
		t.Errorf("the session read back (-saved +read):\n%s", diff)
	}
	var saved struct {
		Score drill.Score `json:"score"`
	}
	if err := json.Unmarshal(data, &saved); err != nil || !cmp.Equal(saved.Score, sc) {
		t.Errorf("the saved score %+v, %v; want %+v", saved.Score, err, sc)
	}
}

// A session read back from an edited file may mark more lines than its
// question has: Score and saving count the lines there are, and do not
// panic.
func TestSessionMarksBeyondLines(t *testing.T) {
	data := `{"records":[{"question":{"kind":"layout","dice":"1-1","lines":[],"answer":0},"answer":[0,0],"mark":{"lines":[true,false]}}]}`
	var s drill.Session
	if err := json.Unmarshal([]byte(data), &s); err != nil {
		t.Fatal(err)
	}
	want := []drill.Tally{{Kind: drill.KindLayout, Asked: 1}}
	if sc := s.Score(); sc.Asked != 1 || sc.Right != 0 || !cmp.Equal(sc.ByBet, want) {
		t.Errorf("score %+v, want 0 of 1 by %+v", sc, want)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Errorf("saving: %v", err)
	}
}

// A level saves by name, and the zero level (not set) as "", so that the
// zero Session reads back; a level out of range does not save.
func TestLevelText(t *testing.T) {
	for l := drill.Level(0); l <= drill.LevelFull; l++ {
		data, err := json.Marshal(drill.Session{Config: drill.Config{Level: l}})
		if err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		var back drill.Session
		if err := json.Unmarshal(data, &back); err != nil || back.Config.Level != l {
			t.Errorf("%v saved as %s reads back as %v, %v", l, data, back.Config.Level, err)
		}
	}
	for _, l := range []drill.Level{-1, drill.LevelFull + 1} {
		if _, err := l.MarshalText(); !errors.Is(err, craps.ErrSyntax) {
			t.Errorf("%v: MarshalText error %v, want ErrSyntax", l, err)
		}
	}
}

// Whatever the configuration, a drill asks questions whose own answer is
// right, and a layout answered bet by bet with its lines' pays is right.
func TestProperties(t *testing.T) {
	presets := []craps.Rules{craps.Standard(), craps.Bar2(), craps.Vegas(), craps.Crapless(), craps.Odds100x(),
		{PropsFor1: true}, {Unit: 5, Minimum: 10}}
	rapid.Check(t, func(t *rapid.T) {
		c := drill.Config{
			Rules:    rapid.SampledFrom(presets).Draw(t, "rules"),
			Level:    drill.Level(rapid.IntRange(1, 6).Draw(t, "level")),
			Seed:     rapid.Uint64().Draw(t, "seed"),
			Breakage: rapid.Bool().Draw(t, "breakage"),
		}
		d, err := drill.New(c)
		if err != nil {
			t.Fatal(err)
		}
		q, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		var each drill.Answer
		for _, l := range q.Lines {
			each = append(each, l.Paid)
		}
		answers := []drill.Answer{{q.Answer}}
		if q.Kind == drill.KindLayout {
			answers = append(answers, each)
		}
		for _, a := range answers {
			if m, err := q.Check(a); err != nil || !m.Right {
				t.Fatalf("%s: %v is not right: %v", q.Ask, a, err)
			}
		}
		data, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		var back drill.Question
		if err := json.Unmarshal(data, &back); err != nil || !cmp.Equal(q, back) {
			t.Fatalf("the question does not read back from %s: %v", data, err)
		}
	})
}

// Session.Add records only a time an answer can take, 0 to MaxAnswerTime,
// and refuses any other with ErrAnswerTime, recording nothing. Before, it
// recorded -1 ns and math.MaxInt64, and two answers of math.MaxInt64 made
// Score's Time -2 ns.
func TestAddRefusesTimes(t *testing.T) {
	q, err := drill.NewLayout(craps.Standard(), 4, layoutOf(t, "a: place 6 12"), dice(t, "3-3"))
	if err != nil {
		t.Fatal(err)
	}
	var s drill.Session
	for _, took := range []time.Duration{-1, -time.Hour, math.MinInt64, drill.MaxAnswerTime + 1, math.MaxInt64} {
		if _, err := s.Add(q, drill.Answer{14}, took); !errors.Is(err, drill.ErrAnswerTime) {
			t.Errorf("an answer that took %v: error %v, want ErrAnswerTime", took, err)
		}
	}
	if len(s.Records) != 0 {
		t.Fatalf("%d refused answers were recorded", len(s.Records))
	}
	for _, took := range []time.Duration{0, drill.MaxAnswerTime, drill.MaxAnswerTime} {
		if m, err := s.Add(q, drill.Answer{14}, took); err != nil || !m.Right {
			t.Errorf("an answer that took %v: %v, %v", took, m, err)
		}
	}
	if sc := s.Score(); sc.Asked != 3 || sc.Time != 2*drill.MaxAnswerTime || sc.ByBet[0].Time != 2*drill.MaxAnswerTime {
		t.Errorf("score %+v, want 3 asked in %v", sc, 2*drill.MaxAnswerTime)
	}
}

// Records a caller builds without Add may hold any time: Score counts each
// as the nearest time an answer can take (a time below zero as none), and
// its sums stop at the largest Duration instead of wrapping.
func TestScoreTimeSaturates(t *testing.T) {
	q, err := drill.NewLayout(craps.Standard(), 4, layoutOf(t, "a: place 6 12"), dice(t, "3-3"))
	if err != nil {
		t.Fatal(err)
	}
	record := func(took time.Duration) drill.Record {
		return drill.Record{Question: q, Answer: drill.Answer{14}, Mark: drill.Mark{Right: true}, Took: took}
	}
	s := drill.Session{Records: []drill.Record{record(math.MaxInt64), record(math.MaxInt64), record(-time.Hour)}}
	if sc := s.Score(); sc.Time != 2*drill.MaxAnswerTime || sc.ByBet[0].Time != 2*drill.MaxAnswerTime {
		t.Errorf("two records of math.MaxInt64 and one of -1h: %v (by bet %v), want %v", sc.Time, sc.ByBet[0].Time, 2*drill.MaxAnswerTime)
	}
	// More answers of a day each than a Duration holds.
	n := int(math.MaxInt64/int64(drill.MaxAnswerTime)) + 2
	s.Records = slices.Repeat([]drill.Record{record(drill.MaxAnswerTime)}, n)
	if sc := s.Score(); sc.Time != math.MaxInt64 || sc.ByBet[0].Time != math.MaxInt64 || sc.Asked != n {
		t.Errorf("%d records of %v: %v (by bet %v) in %d, want the largest Duration", n, drill.MaxAnswerTime, sc.Time, sc.ByBet[0].Time, sc.Asked)
	}
}

// A saved session read back holds only what Add records: a record whose
// time no answer can take (edited, or from another program) is refused
// with ErrAnswerTime, and the session is left as it was. Before, it read
// -5 ns and math.MaxInt64 as they were.
func TestUnmarshalRefusesTimes(t *testing.T) {
	const record = `{"question":{"kind":"payout","dice":"3-3","lines":[],"answer":14},"answer":[14],"mark":{"right":true},"took":%s}`
	for _, took := range []string{"-5", "9223372036854775807", fmt.Sprint(int64(drill.MaxAnswerTime) + 1)} {
		data := `{"config":{"level":"place"},"records":[` + fmt.Sprintf(record, "1000") + "," + fmt.Sprintf(record, took) + `]}`
		s := drill.Session{Config: drill.Config{Seed: 99}}
		if err := json.Unmarshal([]byte(data), &s); !errors.Is(err, drill.ErrAnswerTime) {
			t.Errorf("a record of %s ns: error %v, want ErrAnswerTime", took, err)
		}
		if s.Config.Seed != 99 || len(s.Records) != 0 {
			t.Errorf("a record of %s ns: the refused session changed it: seed %d, %d records", took, s.Config.Seed, len(s.Records))
		}
	}
	// A question without its throw would not save again.
	noThrow := `{"records":[{"question":{"kind":"payout","lines":[],"answer":14},"answer":[14],"took":5}]}`
	if err := json.Unmarshal([]byte(noThrow), new(drill.Session)); !errors.Is(err, craps.ErrSyntax) {
		t.Errorf("a question without dice: error %v, want ErrSyntax", err)
	}
	data := `{"records":[` + fmt.Sprintf(record, "0") + "," + fmt.Sprintf(record, fmt.Sprint(int64(drill.MaxAnswerTime))) + `]}`
	var s drill.Session
	if err := json.Unmarshal([]byte(data), &s); err != nil || len(s.Records) != 2 || s.Score().Time != drill.MaxAnswerTime {
		t.Errorf("records of 0 and MaxAnswerTime: %v, %d records", err, len(s.Records))
	}
}

// A layout holds at most MaxLayout bets: more is refused at once, before
// a table plays them (seating and placing grow faster than the layout:
// 20,000 bets took 29 s).
func TestNewLayoutBound(t *testing.T) {
	layout := func(n int) []drill.Wager {
		var out []drill.Wager
		for i := range n {
			out = append(out, drill.Wager{Player: fmt.Sprint("p", i), Bet: craps.Bet{Kind: craps.Field}, Amount: 5})
		}
		return out
	}
	big, throw := layout(100*drill.MaxLayout), dice(t, "1-1")
	refused := make(chan error, 1)
	go func() {
		_, err := drill.NewLayout(craps.Standard(), 0, big, throw)
		refused <- err
	}()
	select {
	case err := <-refused:
		if !errors.Is(err, craps.ErrTableLimit) {
			t.Errorf("%d bets: error %v, want ErrTableLimit", len(big), err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%d bets: no answer after 10 s", len(big))
	}
	if !thorough() {
		return
	}
	q, err := drill.NewLayout(craps.Standard(), 0, layout(drill.MaxLayout), dice(t, "1-1"))
	if err != nil || q.Answer != 2*5*craps.Amount(drill.MaxLayout) {
		t.Errorf("%d field bets on a 2: paid %d, %v", drill.MaxLayout, q.Answer, err)
	}
}

// Whatever a saved session holds, reading it back either refuses it or
// gives a session whose score has times of 0 to MaxAnswerTime an answer,
// counts no more than its records and lines, and saves again.
func FuzzSessionJSON(f *testing.F) {
	for _, s := range []string{
		`{"records":[{"question":{"kind":"layout","dice":"1-1","lines":[],"answer":0},"answer":[0,0],"mark":{"lines":[true,false]},"took":5}]}`,
		`{"config":{"level":"hand","seed":3},"records":[{"question":{"kind":"payout","dice":"3-3","lines":[{"bet":"Place 6","paid":14}]},"took":86400000000000}]}`,
		`{"records":[{"took":-1}]}`, `{"records":[{"took":9223372036854775807}]}`, `null`, `{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s drill.Session
		if err := json.Unmarshal(data, &s); err != nil {
			return
		}
		sc := s.Score()
		lines := 0
		for _, r := range s.Records {
			lines += len(r.Question.Lines)
		}
		if sc.Time < 0 || sc.Time > time.Duration(len(s.Records))*drill.MaxAnswerTime || sc.Asked != len(s.Records) || sc.Right > sc.Asked {
			t.Fatalf("score %+v of %d records", sc, len(s.Records))
		}
		for _, x := range sc.ByBet {
			if x.Time < 0 || x.Time > sc.Time || x.Asked > len(s.Records)+lines || x.Right > x.Asked {
				t.Fatalf("tally %+v of score %+v", x, sc)
			}
		}
		if _, err := json.Marshal(s); err != nil {
			t.Fatalf("the session read does not save: %v", err)
		}
	})
}
