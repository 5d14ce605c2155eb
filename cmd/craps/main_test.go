package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/crapslab/craps"
)

// runCmd runs the command line and returns its exit status and output.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestEdgeJSON(t *testing.T) {
	code, out, errOut := runCmd(t, "", "edge", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Bets []map[string]any `json:"bets"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("output is not a JSON object with bets: %v", err)
	}
	var rows []map[string]string
	for _, b := range doc.Bets {
		r := map[string]string{}
		for k, v := range b {
			r[k], _ = v.(string)
		}
		rows = append(rows, r)
	}
	byBet := map[string]map[string]string{}
	for _, r := range rows {
		for _, f := range []string{"bet", "pays", "win", "lose", "push", "edge_per_bet", "edge_per_resolved", "edge_per_roll", "rolls"} {
			if _, ok := r[f]; !ok {
				t.Errorf("row %v has no field %q", r["bet"], f)
			}
		}
		byBet[r["bet"]] = r
	}
	// Published figures (Wizard of Odds, "Craps", house edge table).
	for _, c := range []struct{ bet, field, want string }{
		{"Pass Line", "edge_per_bet", "7/495"},
		{"Pass Line", "edge_per_roll", "7/1671"},
		{"Pass Line", "win", "244/495"},
		{"Pass Line", "rolls", "557/165"},
		{"Pass Line", "push", "0/1"},
		{"Don't Pass", "edge_per_bet", "3/220"},
		{"Place 6", "edge_per_bet", "1/66"},
		{"Field", "edge_per_bet", "1/36"},
		{"Hard 8", "edge_per_bet", "1/11"},
		{"Aces", "edge_per_bet", "5/36"},
		{"Horn", "edge_per_bet", "1/8"},
		{"Buy 4", "edge_per_bet", "1/21"},
	} {
		if got := byBet[c.bet][c.field]; got != c.want {
			t.Errorf("%s %s = %q, want %q", c.bet, c.field, got, c.want)
		}
	}
}

func TestEdgeRuleFlags(t *testing.T) {
	for _, c := range []struct {
		reason string
		args   []string
		bet    string
		want   string
	}{
		{"field 12 at 2:1 doubles the field's edge", []string{"-field12", "2"}, "Field", "1/18"},
		{"30 for 1 on the 2 is 29:1", []string{"-props", "for1"}, "Aces", "1/6"},
		{"commission only on a win", []string{"-buy-timing", "win"}, "Buy 4", "1/60"},
		{"crapless pass line", []string{"-rules", "crapless"}, "Pass Line", "373/6930"},
		{"bar 2 keeps the don't pass edge", []string{"-rules", "bar2"}, "Don't Pass", "3/220"},
		{"the second casino's rules place to lose 4", []string{"-rules", "bar2"}, "Place to Lose 4", "1/33"},
		{"a pass bet taken down at the point gains 1/9", []string{"-rules", "bar2"}, "Pass Line (taken down at its point)", "-1/9"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"edge", "-json"}, c.args...)...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", c.reason, code, errOut)
			continue
		}
		var doc edgeReportJSON
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, r := range doc.Bets {
			if r.Bet == c.bet {
				got = r.EdgePerBet
			}
		}
		if got != c.want {
			t.Errorf("%s: %s edge = %q, want %q", c.reason, c.bet, got, c.want)
		}
	}
}

func TestEdgeText(t *testing.T) {
	code, out, _ := runCmd(t, "", "edge")
	if code != 0 || !strings.Contains(out, "7/495 (1.4141%)") || !strings.Contains(out, "7/1870 (0.3743%)") {
		t.Errorf("exit %d; the table lacks the pass line's 7/495 or the 3-4-5x line's 7/1870:\n%s", code, out)
	}
}

func TestBadInvocations(t *testing.T) {
	for _, c := range []struct {
		reason string
		args   []string
		code   int
	}{
		{"no command", nil, 2},
		{"unknown command", []string{"shuffle"}, 2},
		{"unknown flag", []string{"edge", "-bogus"}, 2},
		{"bad ratio", []string{"edge", "-field12", "3:0"}, 2},
		{"unknown preset", []string{"edge", "-rules", "atlantis"}, 2},
		{"contradictory rules", []string{"edge", "-rules", "crapless", "-bar", "2"}, 2},
		{"stray argument", []string{"edge", "extra"}, 2},
		{"missing tape", []string{"play", "/nonexistent/tape"}, 1},
	} {
		code, _, errOut := runCmd(t, "", c.args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d", c.reason, code, c.code)
		}
		if lines := strings.Count(strings.TrimSpace(errOut), "\n"); c.args != nil && (errOut == "" || lines > 0) {
			t.Errorf("%s: want a one-line reason on stderr, got %q", c.reason, errOut)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"edge", "-h"}, {"tables", "-h"}, {"play", "-h"}} {
		code, out, _ := runCmd(t, "", args...)
		if code != 0 || !strings.Contains(out, "Usage") {
			t.Errorf("%v: exit %d, output %q", args, code, out)
		}
	}
	_, out, _ := runCmd(t, "", "edge", "-h")
	for _, flag := range []string{"-rules", "-json", "-wide", "-bet", `"craps help rules"`} {
		if !strings.Contains(out, flag) {
			t.Errorf("edge -h does not document %s", flag)
		}
	}
}

// Each command's -h lists its own flags and points to craps help rules
// for the rule keys: about a screen, in at most 100 columns.
func TestHelpFitsAScreen(t *testing.T) {
	for _, c := range commands() {
		code, out, _ := runCmd(t, "", c.name, "-h")
		if code != 0 {
			t.Errorf("%s -h: exit %d", c.name, code)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) > 65 {
			t.Errorf("%s -h is %d lines, want at most 65", c.name, len(lines))
		}
		for i, l := range lines {
			if len(l) > helpWidth {
				t.Errorf("%s -h line %d is %d columns: %q", c.name, i+1, len(l), l)
			}
		}
		if strings.Contains(out, "\n  -field12 ") {
			t.Errorf("%s -h lists the rule keys, which craps help rules lists", c.name)
		}
	}
}

// A misspelt command, flag, help topic or preset is answered with the
// name meant.
func TestDidYouMean(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"egde"}, `craps: unknown command "egde" (did you mean edge?) (run craps -h)`},
		{[]string{"edge", "-rulse", "bar2"}, `craps edge: no flag -rulse (did you mean -rules?) (run craps edge -h)`},
		{[]string{"edge", "-feild12", "2"}, `craps edge: no flag -feild12 (did you mean -field12?) (run craps edge -h)`},
		{[]string{"edge", "-rules", "standrad"}, `craps edge: -rules: unknown preset "standrad" (did you mean "standard"?): no such preset`},
		{[]string{"help", "rule"}, `craps help: no help topic or command "rule" (did you mean rules?) (topics: rules, strategy, tapes)`},
	} {
		code, _, errOut := runCmd(t, "", tc.args...)
		if code != 2 || strings.TrimSpace(errOut) != tc.want {
			t.Errorf("craps %q: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
	if code, _, errOut := runCmd(t, "", "edge", "-rules", "Bar2", "-bet", "pass"); code != 0 {
		t.Errorf("-rules Bar2: exit %d, %s; want the preset in any case", code, errOut)
	}
}

func TestTables(t *testing.T) {
	code, out, _ := runCmd(t, "", "tables", "-json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var tables struct {
		Before []struct {
			Total, Before int
			Against       string
		} `json:"higher_before_lower"`
		Table2 []struct {
			Number  int
			Against string
		} `json:"table2"`
	}
	if err := json.Unmarshal([]byte(out), &tables); err != nil {
		t.Fatal(err)
	}
	// The private-game rule book: "12 before 4 is 3-1"; hard 6 and 8 are 10 to 1.
	found := false
	for _, b := range tables.Before {
		if b.Total == 12 && b.Before == 4 {
			found = b.Against == "3 to 1"
		}
	}
	if !found || len(tables.Table2) != 4 || tables.Table2[1].Against != "10 to 1" {
		t.Errorf("tables: 12 before 4 found as 3 to 1: %v; table 2: %+v", found, tables.Table2)
	}
}

// Under card rules craps edge prints the cards' figures in every row and
// the deck's own beside the dice's. The rules' own reading takes seconds,
// so -short checks the reshuffle reading, whose figures are closed forms:
// 4 is made 23/71 of the time. A table that does not offer the pass line
// still prints the whole table and the deck's figures.
func TestEdgeCards(t *testing.T) {
	args, want := []string{"edge", "-wide", "-rules", "cards", "-cards", "reshuffle", "-not-offered", "pass"},
		[]string{"7/282 (0.0248)", "23/71 (0.3239)", "239302/483865", "1.0873%", "244/495", "1.4141%", "Cards dealt per decision",
			"when the come-out sets any point", "Place 6             7:6 ", "Small "}
	if thorough() {
		args, want = []string{"edge", "-wide", "-rules", "cards"}, []string{"7/282 (0.0248)", "8/47 (0.1702)", "= 0.4970783618", "= 0.5843%",
			"244/495", "1.4141%", "49.7078%", "50.2922%", "(simulated)", "Not exact: Hot Shooter, All, Tall, Small, Different Doubles, Bonus Craps",
			"] (0.0008)", "= 6.6710703084"}
	}
	code, out, errOut := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("%v does not print %q:\n%s", args, w, out)
		}
	}
	if _, out, _ := runCmd(t, "", "edge"); strings.Contains(out, "Card craps") {
		t.Error("the dice table prints card figures")
	}
}

// craps edge -json under card rules: the pass line's win is the exact
// card fraction, every row says whether it is exact or simulated, and no
// row carries the dice's figure (under the rules' own reading none is the
// same).
func TestEdgeCardsJSON(t *testing.T) {
	reading := "reshuffle"
	if thorough() {
		reading = "pair-returned"
	}
	rows := edgeJSONRows(t, "-rules", "cards", "-cards", reading)
	dice := edgeJSONRows(t)
	r := craps.Rules{}
	r.Cards, _ = craps.ParseCardReading(reading)
	deck, err := r.AnalyzeDeck()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(dice) || rows[0].Bet != "Pass Line" || rows[0].Win != deck.Pass.String() || rows[0].Figure != "exact" {
		t.Fatalf("%d rows (dice %d); first %+v; the deck's pass chance %v", len(rows), len(dice), rows[0], deck.Pass)
	}
	for i, row := range rows {
		// The bets that run until a 7, and the bets on the hand's count of
		// throws, doubles or totals: their states with the deck's are too many.
		simulated := row.Bet == "All" || row.Bet == "Tall" || row.Bet == "Small" || strings.HasPrefix(row.Bet, "Repeater ") ||
			row.Bet == "Hot Shooter" || row.Bet == "Different Doubles" || row.Bet == "Bonus Craps"
		if reading == "reshuffle" {
			simulated = false // throws are independent: every bet is exact
		}
		switch {
		case row.Bet != dice[i].Bet:
			t.Errorf("row %d: %s, dice %s", i, row.Bet, dice[i].Bet)
		case simulated && (row.Figure != "simulated" || row.Decisions == 0 || row.EdgeStdErr == nil || *row.EdgeStdErr <= 0):
			t.Errorf("%s: %+v, want a simulated row with its standard error", row.Bet, row)
		case !simulated && (row.Figure != "exact" || row.Decisions != 0 || row.EdgeStdErr != nil):
			t.Errorf("%s: %+v, want an exact row", row.Bet, row)
		case reading == "pair-returned" && (row.Win == dice[i].Win || row.EdgePerBet == dice[i].EdgePerBet):
			t.Errorf("%s: the dice's figure, win %s, edge %s", row.Bet, row.Win, row.EdgePerBet)
		}
	}
}

func edgeJSONRows(t *testing.T, args ...string) []edgeJSON {
	t.Helper()
	code, out, errOut := runCmd(t, "", append([]string{"edge", "-json"}, args...)...)
	if code != 0 {
		t.Fatalf("edge %v: exit %d: %s", args, code, errOut)
	}
	var doc edgeReportJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Bets
}

// The private game's figures: the center bet's 7/495 against the shooter
// (the private-game rule book, after correcting its misprint), a hardway at even money, and
// the length of a hand (Ethier, ch. 15: 1671/196 throws).
func TestEdgeStreet(t *testing.T) {
	code, out, errOut := runCmd(t, "", "edge", "-wide", "-rules", "street")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Center ", "7/495 (1.4141%)", "Hard 6                 1:1   1/11", "1671/196 (8.5255) throws", "Number 4 "} {
		if !strings.Contains(out, want) {
			t.Errorf("craps edge -rules street lacks %q:\n%s", want, out)
		}
	}
}

// The package doc's Usage lists every subcommand, in the order craps -h
// prints them, each with the flags its -h shows.
func TestPackageDocUsage(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, _, _ := strings.Cut(string(src), "package main")
	var lines []string
	for _, l := range strings.Split(doc, "\n") {
		if rest, ok := strings.CutPrefix(l, "//\tcraps "); ok {
			lines = append(lines, rest)
		}
	}
	cmds := commands()
	if len(lines) != len(cmds) {
		t.Fatalf("the package doc has %d usage lines, craps has %d commands", len(lines), len(cmds))
	}
	for i, c := range cmds {
		_, out, _ := runCmd(t, "", c.name, "-h")
		// The help's synopsis, its continuation lines joined.
		var syn []string
		for _, l := range strings.Split(strings.TrimPrefix(out, "Usage: craps "), "\n") {
			if l == "" {
				break
			}
			syn = append(syn, strings.TrimSpace(l))
		}
		if want := strings.Join(syn, " "); lines[i] != want {
			t.Errorf("usage line %d: %q, want %q (craps %s -h)", i+1, lines[i], want, c.name)
		}
	}
}

// craps version prints the build's version in a line, and as JSON with
// its schema; a test binary has no module version, so it is "(devel)".
func TestVersion(t *testing.T) {
	code, out, _ := runCmd(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "craps (devel)") || strings.Count(out, "\n") != 1 {
		t.Errorf("craps version: exit %d, %q", code, out)
	}
	code, out, _ = runCmd(t, "", "version", "-json")
	var v struct{ Schema, Version, Go string }
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.Schema != schemaID("version") || v.Version != "(devel)" || v.Go == "" {
		t.Errorf("craps version -json: exit %d, %v: %s", code, err, out)
	}
	b := buildInfo{Version: "(devel)", Revision: "0d6d1a50613ea46437aebbdfa6c0a2f4b6e56cce", Time: "2026-12-01T09:28:39Z", Modified: true}
	if got, want := b.String(), "(devel) 0d6d1a50613e (2026-12-01T09:28:39Z, modified)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := (buildInfo{Version: "v0.2.0"}).String(); got != "v0.2.0" {
		t.Errorf("a release's String() = %q", got)
	}
}
