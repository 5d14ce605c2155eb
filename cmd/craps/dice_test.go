package main

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crapslab/craps"
)

// craps edge -dice srr=X -bet "pass,place 6" beside the table of a
// dice-control writer: Jerry "Stickman", "The Effect of Odds For a
// Controlled Shooter", Casino City Times, 17 October 2009, the player's
// edge in percent (the house's with the sign turned). Every printed
// digit is the command's but place 6 at SRR 7.5, printed 12.66 there:
// the exact edge is 19/150, 12.6667%, which the table cut off instead of
// rounding (see TestPublishedSRRTable in the package).
func TestEdgeDiceSRRTable(t *testing.T) {
	for _, c := range []struct {
		srr          string
		pass, place6 string // the table's, as printed
		place6Exact  string // the command's four places, where the table is wrong
	}{
		{"6", "-1.41", "-1.52", ""},
		{"6.5", "+0.13", "+3.62", ""},
		{"7", "+1.75", "+8.33", ""},
		{"7.5", "+3.38", "+12.66", "-12.6667%"},
		{"8", "+5.02", "+16.67", ""},
	} {
		rows := edgeJSONRows(t, "-dice", "srr="+c.srr, "-bet", "pass,place 6")
		if len(rows) != 2 || rows[0].Bet != "Pass Line" || rows[1].Bet != "Place 6" {
			t.Fatalf("srr=%s: rows %+v", c.srr, rows)
		}
		for i, want := range []string{c.pass, c.place6} {
			edge, ok := new(big.Rat).SetString(rows[i].EdgePerBet)
			if !ok {
				t.Fatalf("srr=%s: %q", c.srr, rows[i].EdgePerBet)
			}
			player := new(big.Rat).Mul(edge, big.NewRat(-100, 1))
			got := player.FloatString(2)
			if player.Sign() >= 0 {
				got = "+" + got
			}
			if got != want && !(i == 1 && c.place6Exact != "") {
				t.Errorf("srr=%s %s: player's edge %s%%, the table prints %s", c.srr, rows[i].Bet, got, want)
			}
		}
		if c.place6Exact != "" {
			_, out, _ := runCmd(t, "", "edge", "-dice", "srr="+c.srr, "-bet", "place 6")
			if !strings.Contains(out, "("+c.place6Exact+")") {
				t.Errorf("srr=%s: place 6 not at %s:\n%s", c.srr, c.place6Exact, out)
			}
		}
	}
}

// The dice's law is a rule like any other: a flag of every command that
// takes rules, a file, and a key of a roll tape's rules line; a bad one
// is a usage error.
func TestDiceFlags(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "loaded.dice")
	if err := os.WriteFile(file, []byte("# a loaded die beside a fair one\nfaces=1 1 1 1 1 2\n      ;1 1 1 1 1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		want   string
		reason string
	}{
		{[]string{"edge", "-dice", "faces=1,1,1,1,1,2", "-bet", "any 7"}, "9/49", "two dice loaded alike: a 7 is 8/49, any 7 pays 4:1"},
		{[]string{"edge", "-dice-file", file, "-bet", "any 7"}, "1/6 (16.6667%)", "the first die loaded: a 7 is still 1/6, and any 7 at 4:1 gives the house 1/6"},
		{[]string{"hand", "-dice", "srr=7", "-rolls", "3"}, "917/95", "a hand at SRR 7 lasts 917/95 throws"},
		{[]string{"tables", "-dice", "srr=7"}, "6              5           1/7     6 to 1               1 to 1", "a 6 before a 7 at even money"},
		{[]string{"sim", "-dice", "srr=7", "-strategy", "pass 10", "-rolls", "20000"}, "compiled engine", "a loaded law simulates on the compiled engine"},
		{[]string{"payouts", "-dice", "srr=7"}, "Place 6", "payouts take the rules, law and all"},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%s: %v: exit %d, %s\n%s", c.reason, c.args, code, errOut, out)
		}
	}
	for _, args := range [][]string{
		{"edge", "-dice", "srr=1"}, {"edge", "-dice", "loaded"}, {"edge", "-dice-file", filepath.Join(dir, "none")},
		{"edge", "-rules", "cards", "-dice", "srr=7"}, {"tables", "-dice", "totals=1,1,1,1,1,0,1,1,1,1,1"},
	} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (usage)", args, code)
		}
	}
	tape := "rules standard dice=\"faces=1,1,1,1,1,2\"\nbet pass 10\nroll 6-1\n"
	if code, out, errOut := runCmd(t, tape, "play", "-strict"); code != 0 || !strings.Contains(out, "6-1") {
		t.Errorf("a tape's rules line with dice: exit %d, %s\n%s", code, errOut, out)
	}
	if code, _, _ := runCmd(t, "rules standard dice=srr=0\nroll 6-1\n", "play", "-strict"); code != 1 {
		t.Errorf("a tape's rules line with an SRR of 0: exit %d, want 1", code)
	}
}

// throwsText is n throws of the law from a seeded source, one a line.
func throwsText(t *testing.T, law string, n int, seed uint64) string {
	t.Helper()
	l, err := craps.ParseDiceLaw(law)
	if err != nil {
		t.Fatal(err)
	}
	src := rand.NewPCG(seed, 7)
	var b strings.Builder
	for range n {
		b.WriteString(l.Throw(src).String() + "\n")
	}
	return b.String()
}

// diceDoc runs craps dice -json on stdin.
func diceDoc(t *testing.T, stdin string, args ...string) diceJSON {
	t.Helper()
	code, out, errOut := runCmd(t, stdin, append([]string{"dice", "-json"}, args...)...)
	if code != 0 {
		t.Fatalf("dice %v: exit %d: %s", args, code, errOut)
	}
	var doc diceJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// A 10,000-throw record of a simulated loaded die (its 6 weighing 1.2,
// beside a fair die) is found unfair by craps dice at the 1% level, told
// apart or not; a fair record of the same size is not. The verdict is
// Holm's procedure over every test, which holds the chance of finding a
// fair record unfair to 1%.
func TestDiceDetectsALoadedDie(t *testing.T) {
	loaded := throwsText(t, "faces=5,5,5,5,5,6;1,1,1,1,1,1", 10_000, 1)
	fair := throwsText(t, "fair", 10_000, 1)
	for _, apart := range [][]string{{"-apart"}, nil} {
		args := append([]string{"-level", "0.01", "-bet", "pass"}, apart...)
		if doc := diceDoc(t, loaded, args...); len(doc.Rejected) == 0 || doc.Throws != 10_000 {
			t.Errorf("loaded die %v: %d throws, rejected by %v", apart, doc.Throws, doc.Rejected)
		}
		if doc := diceDoc(t, fair, args...); len(doc.Rejected) != 0 {
			t.Errorf("fair dice %v: rejected by %v", apart, doc.Rejected)
		}
	}
	_, out, _ := runCmd(t, loaded, "dice", "-apart", "-bet", "pass")
	if !strings.Contains(out, "the record is not of fair dice\n(by first die") {
		t.Errorf("the text's verdict:\n%s", out)
	}
}

// craps dice reads a roll tape's rolls, -fit writes the law -dice-file
// reads, and -dice tests against another law: a record in SRR 7's
// proportions passes the test of SRR 7.
func TestDiceTapeFitAndLaw(t *testing.T) {
	tape := "rules standard\nplayer ann 100\nbet pass 10\nroll 3-4\nroll 2 2\nvoid cocked\nroll 6-1 aside\nroll 1-3 # four\n"
	if doc := diceDoc(t, tape, "-bet", "pass"); doc.Throws != 4 || doc.Totals[2].Count != 2 || doc.Totals[5].Count != 2 {
		t.Errorf("the tape's rolls: %d throws, totals %+v", doc.Throws, doc.Totals)
	}
	if code, _, errOut := runCmd(t, "3-4\nbet pass 10\nroll\n", "dice"); code != 1 || !strings.Contains(errOut, "line 3") {
		t.Errorf("a roll without dice: exit %d, %s", code, errOut)
	}
	if code, _, errOut := runCmd(t, "3-4\nbanana\n", "dice"); code != 1 || !strings.Contains(errOut, "line 2") {
		t.Errorf("a line that is no throw: exit %d, %s", code, errOut)
	}
	if code, _, _ := runCmd(t, "", "dice"); code != 1 {
		t.Errorf("no throws: exit %d, want 1", code)
	}
	// 210 throws in SRR 7's proportions: 5 of each 7, 6 of each other
	// throw.
	var b strings.Builder
	for _, d := range craps.AllDice() {
		k := 6
		if d.Total() == 7 {
			k = 5
		}
		for range k {
			b.WriteString(d.String() + "\n")
		}
	}
	fit := filepath.Join(t.TempDir(), "fit.dice")
	doc := diceDoc(t, b.String(), "-apart", "-dice", "srr=7", "-fit", fit, "-bet", "place 6")
	if len(doc.Rejected) != 0 || doc.Law != "srr=7" || doc.Fitted != "srr=7" {
		t.Errorf("SRR 7's proportions against SRR 7: law %s, fitted %s, rejected by %v", doc.Law, doc.Fitted, doc.Rejected)
	}
	for _, x := range doc.Tests {
		// SRR 7's dice are not independent (fewer 7s than the faces
		// make), so that test alone finds something.
		if x.ChiSquare != 0 && x.Name != "dice independent" {
			t.Errorf("%s: chi-square %v, want 0 for counts in the law's proportions", x.Name, x.ChiSquare)
		}
	}
	if rows := edgeJSONRows(t, "-dice-file", fit, "-bet", "place 6"); len(rows) != 1 || rows[0].EdgePerBet != "-1/12" {
		t.Errorf("-dice-file of the fitted law: %+v, want place 6 at -1/12", rows)
	}
	if doc.Bets[0].Edge != "-1/12" || !doc.Bets[0].BreakEven.Found || doc.Bets[0].BreakEven.AtFair != "1/66" {
		t.Errorf("place 6 under the fitted law: %+v", doc.Bets[0])
	}
}

// The shoe is a rule key: craps edge under a shoe of four of each rank
// gives that shoe's exact figures (the pass line's edge turns to the
// player's, -0.2557%, where so few cards are dealt without replacement),
// and a roll tape's card table deals from it.
func TestEdgeShoe(t *testing.T) {
	_, out, errOut := runCmd(t, "", "edge", "-rules", "cards", "-shoe", "4", "-bet", "pass")
	if !strings.Contains(out, "Pass Line  1:1   -0.2557%") {
		t.Errorf("craps edge -shoe 4: %s\n%s", errOut, out)
	}
	// The same seed deals other throws from 24 cards than from 48.
	tape := "seed 3\nbet pass 10\ndeal\ndeal\ndeal\ndeal\n"
	code, small, errOut := runCmd(t, "rules cards shoe=4\n"+tape, "play", "-strict")
	_, full, _ := runCmd(t, "rules cards\n"+tape, "play", "-strict")
	if code != 0 || strings.Count(small, ": deal ") != 4 || small == full {
		t.Errorf("a tape at a card table of 24 cards: exit %d, %s\n%s", code, errOut, small)
	}
	if code, _, _ := runCmd(t, "", "edge", "-shoe", "4"); code != 2 {
		t.Errorf("a shoe with dice: exit %d, want 2", code)
	}
}

// The README's worked example through the command: a pass line with
// 3-4-5x odds breaks even at SRR 6.039924, and a record needs 896,769
// throws to tell that SRR from 6 at 95% with 80% power (the pass line
// alone: 6.458153 and 7,662), whatever record is read.
func TestDiceWorkedExample(t *testing.T) {
	_, out, errOut := runCmd(t, throwsText(t, "fair", 600, 2), "dice", "-srr", "6.039924,6.458153", "-bet", "pass")
	for _, want := range []string{"6.040  896769\n", "6.458    7662\n", "Pass Line, 3-4-5x odds", "6.039924 +\n", "6.458153 +\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("craps dice -srr 6.039924,6.458153: no %q in\n%s%s", want, out, errOut)
		}
	}
}
