package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/crapslab/craps"
)

// craps edge fits in 100 columns by default under every preset and with
// house rules that lengthen payouts; -wide prints every column.
func TestEdgeFitsWidth(t *testing.T) {
	cases := [][]string{
		{}, {"-rules", "bar2"}, {"-rules", "vegas"}, {"-rules", "crapless"}, {"-rules", "100x"}, {"-rules", "street"},
		{"-rules", "cards", "-cards", "reshuffle"}, {"-props", "for1", "-field12", "2", "-odds", "100x"},
		{"-rules", "bar2", "-fire-6", "1999:1", "-fire-5", "299:1"},
		{"-rules", "street", "-cards", "pair-kept"}, // the private game with cards: no bar, beside the dice's casino line
	}
	if thorough() { // the rules' own reading, with simulated rows, takes seconds
		cases = append(cases, []string{"-rules", "cards"})
	}
	for _, args := range cases {
		// The text and -wide are two views of one report, made once: a
		// card table takes seconds to figure.
		fs := flag.NewFlagSet("edge", flag.ContinueOnError)
		rf := addRuleFlags(fs)
		r, err := rf.parse(fs, args)
		if err != nil {
			t.Fatalf("edge %v: %v", args, err)
		}
		rep, err := newEdgeReport(r, rf.describe(), "")
		if err != nil {
			t.Fatalf("edge %v: %v", args, err)
		}
		var text, wide bytes.Buffer
		if err := rep.writeText(&text, false); err != nil {
			t.Fatal(err)
		}
		if err := rep.writeText(&wide, true); err != nil {
			t.Fatal(err)
		}
		out := text.String()
		if !strings.Contains(out, "\nBET ") || !strings.Contains(out, "  EDGE PER BET ") || strings.Contains(out, "  PER RESOLVED") {
			t.Errorf("edge %v: not the default table:\n%s", args, out)
		}
		for i, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > textWidth {
				t.Errorf("edge %v: line %d is %d columns wide: %q", args, i+1, n, line)
			}
		}
		// The private game's bets are figured at even money: the default
		// table shows their fair price, as its header says.
		if private := slices.Contains(args, "street"); private != strings.Contains(out, "  TRUE ODDS") {
			t.Errorf("edge %v: TRUE ODDS column shown %v, want %v:\n%.500s", args, !private, private, out)
		}
		out = wide.String()
		if !strings.Contains(out, "  PER RESOLVED  ") || !strings.Contains(out, "  TRUE ODDS") {
			t.Errorf("edge -wide %v: not every column:\n%.500s", args, out)
		}
	}
}

// textRows is the first column of the rows of the text table whose header
// starts with header.
func textRows(out, header string) []string {
	var rows []string
	in := false
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, header):
			in = true
		case in && line == "":
			return rows
		case in:
			rows = append(rows, line)
		}
	}
	return rows
}

// -bet picks bets by name or by kind, in the text and in the JSON; the
// line bets with odds follow the pick, and the hand's figures are left out.
func TestEdgeBet(t *testing.T) {
	for _, c := range []struct {
		why   string
		args  []string
		bets  []string
		lines int // rows of line bets with odds
	}{
		{"a bet and a kind", []string{"-bet", "place 6, field"}, []string{"Place 6", "Field"}, 0},
		{"a kind: every place bet", []string{"-bet", "place"}, []string{"Place 4", "Place 5", "Place 6", "Place 8", "Place 9", "Place 10"}, 0},
		{"the pass line, and its rows with odds", []string{"-bet", "pass"}, []string{"Pass Line"}, 7},
		{"a pass bet that may be taken down is the pass line too", []string{"-rules", "bar2", "-bet", "Pass Line"},
			[]string{"Pass Line", "Pass Line (taken down at its point)"}, 7},
		{"the private game's center bet, without the hand", []string{"-rules", "street", "-bet", "center"}, []string{"Center"}, 0},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"edge", "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.why, code, errOut)
		}
		var doc edgeReportJSON
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, b := range doc.Bets {
			got = append(got, b.Bet)
		}
		if diff := cmp.Diff(c.bets, got); diff != "" || len(doc.LineWithOdds) != c.lines || doc.Hand != nil {
			t.Errorf("%s: %d rows with odds (want %d), hand %v; bets (-want +got):\n%s", c.why, len(doc.LineWithOdds), c.lines, doc.Hand, diff)
		}
		_, text, _ := runCmd(t, "", append([]string{"edge"}, c.args...)...)
		rows := textRows(text, "BET ")
		if len(rows) != len(c.bets) || strings.Contains(text, "shooter's hand") {
			t.Errorf("%s: the text has %d rows, want %d:\n%s", c.why, len(rows), len(c.bets), text)
		}
	}
	for _, c := range []struct{ why, pick, want string }{
		{"no such bet", "pass, nothing", `cannot read "nothing" as bet`},
		{"a slip in a bet's name", "place6", `cannot read "place6" as bet (did you mean "place 6"?)`},
		{"a bet crapless craps does not offer", "don't pass", "no bet the rules offer"},
	} {
		code, _, errOut := runCmd(t, "", "edge", "-rules", "crapless", "-bet", c.pick)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d: %s", c.why, code, errOut)
		}
	}
}

// -json carries everything the text prints: a row per bet of the table,
// the line bets with odds, the hand's figures in the private game and the
// deck's under card rules, each the same exact figure.
func TestEdgeJSONCarriesTheText(t *testing.T) {
	for _, args := range [][]string{{}, {"-rules", "street"}, {"-rules", "cards", "-cards", "reshuffle"}} {
		_, text, _ := runCmd(t, "", append([]string{"edge", "-wide"}, args...)...)
		_, out, _ := runCmd(t, "", append([]string{"edge", "-json"}, args...)...)
		var doc edgeReportJSON
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		rows := textRows(text, "BET  ")
		if len(rows) != len(doc.Bets) {
			t.Errorf("%v: %d rows in the text, %d bets in the JSON", args, len(rows), len(doc.Bets))
		}
		for i, b := range doc.Bets {
			if i < len(rows) && !strings.HasPrefix(rows[i], b.Bet+"  ") {
				t.Errorf("%v: row %d is %q in the text, %q in the JSON", args, i, rows[i], b.Bet)
			}
		}
		lines := textRows(text[strings.Index(text, "Line bets with full odds")+1:], "BET  ")
		if !strings.Contains(text, "Line bets with full odds") {
			lines = nil
		}
		if len(lines) != len(doc.LineWithOdds) {
			t.Errorf("%v: %d line bets with odds in the text, %d in the JSON", args, len(lines), len(doc.LineWithOdds))
		}
		for i, lo := range doc.LineWithOdds {
			if i < len(lines) && doc.Cards == "" && !strings.Contains(lines[i], " "+lo.EdgePerBet+" (") {
				t.Errorf("%v: line row %q, JSON edge %s", args, lines[i], lo.EdgePerBet)
			}
		}
		private := slices.Contains(args, "street")
		if (doc.Hand != nil) != private || (doc.Hand != nil && doc.Hand.ThrowsPerHand != "1671/196") {
			t.Errorf("%v: hand %+v", args, doc.Hand)
		}
		cards := slices.Contains(args, "cards")
		if (doc.Deck != nil) != cards {
			t.Fatalf("%v: deck %+v", args, doc.Deck)
		}
		if cards {
			d := doc.Deck
			// Under a reshuffle before every throw a 4 is made 23/71 of the
			// time and the pass line wins 239302/483865 (TestCardPass).
			if d.Reading != "reshuffle" || len(d.ComeOut) != 11 || d.ComeOut[5].Cards != "8/47" || len(d.Points) != 6 ||
				d.Points[0].Cards != "23/71" || d.Pass.Cards != "239302/483865" || d.Pass.Dice != "244/495" || d.CardsPerDecision == "" {
				t.Errorf("%v: deck %+v", args, d)
			}
			if !strings.Contains(text, "239302/483865") || !strings.Contains(text, "23/71 (0.3239)") {
				t.Errorf("%v: the text lacks the deck's figures:\n%s", args, text)
			}
		}
	}
}

// The README's excerpt of craps edge is what craps edge prints, line for
// line.
func TestReadmeEdgeExcerpt(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const intro = "An excerpt of `craps edge`:\n\n```\n"
	i := strings.Index(string(data), intro)
	if i < 0 {
		t.Fatal("README.md has no excerpt of craps edge")
	}
	excerpt, _, _ := strings.Cut(string(data[i+len(intro):]), "```")
	_, out, _ := runCmd(t, "", "edge")
	printed := strings.Split(out, "\n")
	for _, line := range strings.Split(strings.TrimSpace(excerpt), "\n") {
		if !slices.Contains(printed, line) {
			t.Errorf("README.md shows a line craps edge does not print:\n%s", line)
		}
	}
}

// The default table gives the odds behind each line and come bet, at no
// edge, one row a kind instead of one a point (it opened with 30 rows of
// 0%); -wide and -json keep every point.
func TestEdgeFreeOddsOneRow(t *testing.T) {
	_, out, _ := runCmd(t, "", "edge")
	for _, want := range []string{"\nPass Odds 4-10 ", "\nDon't Come Odds 4-10 ", "Pass Odds pays 2:1 on 4, 10; 3:2 on 5, 9; 6:5 on 6, 8"} {
		if !strings.Contains(out, want) {
			t.Errorf("craps edge lacks %q", want)
		}
	}
	if strings.Contains(out, "\nPass Odds 6 ") || strings.Count(out, "0 (0.0000%)") > 0 {
		t.Errorf("craps edge still gives the odds a row a point:\n%s", out)
	}
	if _, wide, _ := runCmd(t, "", "edge", "-wide"); !strings.Contains(wide, "\nPass Odds 6 ") {
		t.Error("craps edge -wide lost the odds' rows by point")
	}
	// Odds with an edge (under card rules, say) keep their rows.
	zero, edge := new(big.Rat), big.NewRat(1, 1000)
	odds := func(n int, e *big.Rat) craps.Analysis {
		return craps.Analysis{Bet: craps.Bet{Kind: craps.PassOdds, Number: n}, EdgePerBet: e, EdgePerRoll: e}
	}
	if n := freeOdds([]craps.Analysis{odds(4, zero), odds(5, edge), odds(6, zero)}); n != 1 {
		t.Errorf("freeOdds counts %d rows, want 1: the second has an edge", n)
	}
}
