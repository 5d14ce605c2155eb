package main

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/crapslab/craps"
)

// craps hand prints the record hand's exact chance and, as JSON, one
// object per length with fractions that agree with the library.
func TestHandCommand(t *testing.T) {
	h, err := craps.Standard().ShooterHand()
	if err != nil {
		t.Fatal(err)
	}
	_, record, err := h.Length(154)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "hand")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"1671/196", "at least 154 throws", record.RatString(), "different points", " or more"} {
		if !strings.Contains(out, want) {
			t.Errorf("craps hand does not print %q:\n%s", want, out)
		}
	}
	code, out, errOut = runCmd(t, "", "hand", "-json", "-rolls", "12", "-rules", "crapless")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got handJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	crapless, _ := craps.Crapless().ShooterHand()
	if len(got.Lengths) != 12 || got.Summary.ThrowsPerHand != crapless.Means().ThrowsPerHand.String() {
		t.Fatalf("lengths %d, summary %+v", len(got.Lengths), got.Summary)
	}
	for n, l := range got.Lengths {
		exactly, atLeast, err := crapless.Length(n + 1)
		if err != nil {
			t.Fatal(err)
		}
		if l.Rolls != n+1 || l.PExactly != exactly.String() || l.PAtLeast != atLeast.String() {
			t.Errorf("length %d: %+v, want %v and %v", n+1, l, exactly, atLeast)
		}
	}
	if len(got.Summary.DifferentPoints) != 11 {
		t.Errorf("crapless: %d tiers of different points, want 0 to 10", len(got.Summary.DifferentPoints))
	}
	for _, args := range [][]string{{"hand", "-rules", "cards"}, {"hand", "-rolls", "1e9"}, {"hand", "-rolls", "2001"}, {"hand", "extra"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// craps analyze prints the library's exact figures, the edge table's
// beside them, and sessions; its JSON carries every fraction.
func TestAnalyzeCommand(t *testing.T) {
	s, _ := craps.NamedStrategy("pass-max-odds")
	a, err := craps.Standard().AnalyzeStrategy(s)
	if err != nil {
		t.Fatal(err)
	}
	lim := craps.SessionLimits{Bankroll: 100, Target: 200}
	sa, err := craps.Standard().AnalyzeSession(s, lim)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "analyze", "-strategy", "pass-max-odds", "-bankroll", "100")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"-7/1870", "Pass Odds 10", "7/495 (1.4141%)", "edge 7/1870", "1671/196", "solved exactly", "ruin"} {
		if !strings.Contains(out, want) {
			t.Errorf("craps analyze does not print %q:\n%s", want, out)
		}
	}
	code, out, errOut = runCmd(t, "", "analyze", "-json", "-strategy", "pass-max-odds", "-bankroll", "100", "-bound", "1e-3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got analyzeJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"return_per_roll": a.ReturnPerRoll.String(), "variance_per_roll": a.VariancePerRoll.String(),
		"return_per_hand": a.ReturnPerHand.String(), "return_per_wagered": "-7/1870"} {
		if got.Figures[key] != want {
			t.Errorf("%s = %q, want %q", key, got.Figures[key], want)
		}
	}
	if got.Session == nil || !got.Session.Exact || got.Session.Figures["ruin"] != sa.Ruin.String() {
		t.Errorf("session %+v, want ruin %v", got.Session, sa.Ruin)
	}
	if len(got.Bets) != 7 || got.Hand.Remainder == "" || len(got.Hand.Results) == 0 {
		t.Errorf("bets %v, hand %+v", got.Bets, got.Hand)
	}
	// A roll limit: exact up to 24 rolls, bounded beyond.
	lim = craps.SessionLimits{Bankroll: 100, Target: 200, MaxRolls: 20}
	sa, err = craps.Standard().AnalyzeSession(s, lim)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCmd(t, "", "analyze", "-json", "-strategy", "pass-max-odds", "-bankroll", "100", "-max-rolls", "20", "-bound", "1e-3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got = analyzeJSON{}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if sj := got.Session; sj == nil || !sj.Exact || sj.MaxRolls != 20 || sj.Figures["max_rolls"] != sa.MaxRolls.String() || sj.Figures["mean"] != sa.Mean.String() {
		t.Errorf("session %+v, want the roll limit's chance %v, mean %v", got.Session, sa.MaxRolls, sa.Mean)
	}
	code, out, _ = runCmd(t, "", "analyze", "-strategy", "pass-max-odds", "-bankroll", "100", "-max-rolls", "1e3", "-bound", "1e-3")
	if code != 0 || !strings.Contains(out, "at most 1000 rolls") || !strings.Contains(out, "play the roll limit out") || !strings.Contains(out, "a proved bound") {
		t.Errorf("a roll limit of 1000: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "analyze", "-strategy", "place 6 12; place 8 12", "-bound", "0.01")
	if code != 0 || !strings.Contains(out, "Place 8") || !strings.Contains(out, "-1/66") {
		t.Errorf("a layout: exit %d\n%s", code, out)
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"analyze", "-bound", "0"}, 2},
		{[]string{"analyze", "-strategy", "nonesuch"}, 2},
		{[]string{"analyze", "-strategy", "pass ten"}, 2},
		{[]string{"analyze", "-strategy", "double-tap", "-bound", "0.5"}, 0},  // 1,188 states once merged
		{[]string{"analyze", "-strategy", tooManyStates, "-bound", "0.5"}, 0}, // 10,369 states, 6 groups
		{[]string{"analyze", "-strategy", "pass 10; stop if won 3"}, 0},       // a stop ends sessions only
		{[]string{"analyze", "-strategy", bigPress}, 0},                       // no hand law, a note in its place
		{[]string{"analyze", "-bankroll", "100", "-target", "50"}, 2},         // limits no session has: usage, as in craps sim
		{[]string{"analyze", "-bankroll", "-5"}, 2},
		{[]string{"analyze", "-bankroll", "100", "-stop-loss", "200"}, 2},
		{[]string{"analyze", "-target", "500"}, 2}, // session limits without a session
		{[]string{"analyze", "-max-rolls", "5"}, 2},
	} {
		if code, _, errOut := runCmd(t, "", c.args...); code != c.code {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, c.code, errOut)
		}
	}
}

// bigPress is a press on all six numbers, five steps each: the product
// of its groups has more states than the law of one hand follows
// (craps.MaxHandResultsStates), and craps analyze gives its other
// figures with a note in place of the law.
const bigPress = "place 4 10-20-30-40-50 up on win; place 5 10-20-30-40-50 up on win; place 6 12-24-36-48-60 up on win; " +
	"place 8 12-24-36-48-60 up on win; place 9 10-20-30-40-50 up on win; place 10 10-20-30-40-50 up on win"

// tooManyStates is double-tap with a fourth step on the 4 and the 5: its
// chain has 5,616 states once merged, more than the exact solver took
// before it read the groups of a strategy's actions apart.
const tooManyStates = "place 4 10-20-40-80 up on win cycle; place 5 10-20-40-80 up on win cycle; " +
	"place 6 12-24-48 up on win cycle; place 8 12-24-48 up on win cycle; " +
	"place 9 10-20-40 up on win cycle; place 10 10-20-40 up on win cycle"

// craps sim prints the exact figure beside each quantity it estimates,
// within 4 standard errors, or says why there is none.
func TestSimExactBeside(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-strategy", "iron-cross", "-shooters", "20000"}, []string{"net per hand", "standard deviation per hand", "rolls per hand", "net per roll"}},
		{[]string{"-strategy", "pass-max-odds", "-rolls", "2e6"}, []string{"return per unit wagered", "net per roll", "rolls per hand"}},
		{[]string{"-strategy", "don't pass 10; lay odds max", "-rolls", "2e6"}, []string{"return per unit wagered"}},
		{[]string{"-strategy", "pass-max-odds", "-sessions", "4000", "-bankroll", "200", "-target", "300", "-stop-loss", "150"},
			[]string{"net per session", "standard deviation per session", "probability of reaching the target", "probability of the stop-loss", "rolls per session"}},
		{[]string{"-strategy", "iron-cross", "-sessions", "4000", "-bankroll", "300", "-target", "450", "-max-rolls", "60"},
			[]string{"net per session", "standard deviation per session", "probability of reaching the target", "probability of ruin",
				"probability of playing the roll limit out", "rolls per session"}},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"sim", "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errOut)
		}
		var got simOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		rows := map[string]exactRow{}
		for _, r := range got.Summary.Exact {
			rows[r.Quantity] = r
			if !(math.Abs(r.StdErrsAway) <= 4) {
				t.Errorf("%v: %s simulated %v ± %v, exact %v", c.args, r.Quantity, r.Simulated, r.StdErr, r.Exact)
			}
		}
		for _, q := range c.want {
			if _, ok := rows[q]; !ok {
				t.Errorf("%v: no exact figure for %s: %v (%s)", c.args, q, got.Summary.Exact, got.Summary.ExactNote)
			}
		}
	}
	// With other players a session is the table's, until every player is
	// done: its length is not compared with the first player's alone.
	// (pass-max-odds from 100 to 200, whose sessions solve in a tenth of a
	// second; three-point-molly's from 1000 to 2000 took seconds.)
	code, out, _ := runCmd(t, "", "sim", "-strategy", "pass-max-odds", "-bankroll", "100", "-target", "200",
		"-player", "ann=hammerlock", "-sessions", "200")
	if code != 0 || !strings.Contains(out, "net per session") || strings.Contains(out, "  rolls per session") ||
		!strings.Contains(out, "rolls per session left out") {
		t.Errorf("sessions with other players: exit %d\n%s", code, out)
	}
	// (From 500 to 100,000 the estimate refuses it at once; to 800 the
	// analysis explores 2^20 states first, seconds.)
	code, out, _ = runCmd(t, "", "sim", "-strategy", "double-tap", "-sessions", "500", "-bankroll", "500", "-target", "100000")
	if code != 0 || !strings.Contains(out, "no exact session figures") || !strings.Contains(out, "far more than") {
		t.Errorf("too many session states: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "sim", "-strategy", "pass-max-odds", "-sessions", "500", "-bankroll", "100", "-target", "200")
	if code != 0 || !strings.Contains(out, "probability of ruin") || !strings.Contains(out, "SE AWAY") {
		t.Errorf("sessions: exit %d\n%s", code, out)
	}
}

// The hand's tables of counts stop at 200 rows, the rest in their "or
// more" row: a law whose chances fall slowly (a geometric law of ratio
// 0.999 here, as a law of the dice with few 7s makes) would list
// thousands, each a longer fraction.
func TestHandCountsBounded(t *testing.T) {
	a := big.NewRat(999, 1000)
	law := func(k int) (*big.Rat, error) { // (1-a) a^k
		p := new(big.Rat).Sub(big.NewRat(1, 1), a)
		for range k {
			p.Mul(p, a)
		}
		return p, nil
	}
	got, err := counts(law)
	if err != nil || len(got) != maxCountRows {
		t.Errorf("%d rows, %v; want %d", len(got), err, maxCountRows)
	}
}
