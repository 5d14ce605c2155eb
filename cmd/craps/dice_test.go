package main

import (
	"encoding/json"
	"math/big"
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

// A 10,000-throw record drawn by craps dice -draw from a loaded die (its 6
// weighing 1.2, beside a fair die) is found unfair at the 1% level, told
// apart or not; a fair record of the same size and seed is not. The
// verdict is Holm's procedure over every test, which holds the chance of
// finding a fair record unfair to 1%.
func TestDiceDetectsALoadedDie(t *testing.T) {
	const loaded = "faces=5,5,5,5,5,6;1,1,1,1,1,1"
	for _, apart := range [][]string{{"-apart"}, nil} {
		args := append([]string{"-draw", "10000", "-seed", "1", "-level", "0.01", "-bet", "pass"}, apart...)
		doc := diceDoc(t, "", append(args, "-dice", loaded)...)
		if len(doc.Rejected) == 0 || doc.Throws != 10_000 || doc.Law != "fair" || doc.Rules != "standard" {
			t.Errorf("loaded die %v: %d throws tested against %s under %s, rejected by %v", apart, doc.Throws, doc.Law, doc.Rules, doc.Rejected)
		}
		if doc := diceDoc(t, "", args...); len(doc.Rejected) != 0 || doc.Throws != 10_000 {
			t.Errorf("fair dice %v: %d throws, rejected by %v", apart, doc.Throws, doc.Rejected)
		}
	}
	// The figures the README quotes.
	_, out, _ := runCmd(t, "", "dice", "-draw", "10000", "-seed", "1", "-apart", "-bet", "pass", "-dice", loaded)
	for _, want := range []string{"10000 throws from dice " + loaded + " drawn from seed 1,",
		"first die         6           5   60.04       1.19e-11", "the record is not of fair dice\n(by first die, throws)."} {
		if !strings.Contains(out, want) {
			t.Errorf("the loaded draw: no %q in\n%s", want, out)
		}
	}
	_, out, _ = runCmd(t, "", "dice", "-draw", "10000", "-seed", "1", "-apart", "-bet", "pass")
	for _, want := range []string{"10000 throws from fair dice drawn from seed 1,",
		"second die        6           5   6.78        0.238  6.83   0.234", "no test finds against fair dice."} {
		if !strings.Contains(out, want) {
			t.Errorf("the fair draw: no %q in\n%s", want, out)
		}
	}
}

// craps dice -draw -write writes the throws it draws, which craps dice
// reads back to the same report (but the record's name); the same seed
// draws the same throws and another seed others.
func TestDiceDrawWrite(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "loaded.txt")
	args := []string{"dice", "-apart", "-bet", "pass,place 6", "-strategy", "pass 10; odds 2x"}
	draw := []string{"-draw", "3000", "-seed", "9", "-dice", "faces=1,1,1,1,1,2"}
	code, drawn, errOut := runCmd(t, "", append(append(args, draw...), "-write", file)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, read, _ := runCmd(t, "", append(args, file)...)
	first, rest, _ := strings.Cut(drawn, "\n")
	readFirst, readRest, _ := strings.Cut(read, "\n")
	if rest != readRest || !strings.HasPrefix(first, "3000 throws from dice faces=1,1,1,1,1,2 drawn from seed 9,") ||
		!strings.HasPrefix(readFirst, "3000 throws from "+file+",") {
		t.Errorf("drawn:\n%s\nread back:\n%s", drawn, read)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if len(lines) != 3001 || !strings.HasPrefix(lines[0], "# 3000 throws of dice faces=1,1,1,1,1,2 drawn from seed 9") {
		t.Fatalf("%d lines, the first %q", len(lines), lines[0])
	}
	sixes := 0
	for _, l := range lines[1:] {
		d, err := craps.ParseDice(l)
		if err != nil || d.String() != l {
			t.Fatalf("line %q is not a throw a-b", l)
		}
		sixes += strings.Count(l, "6")
	}
	// Both dice's 6 weigh 2 of 7: 6000 faces, some 1714 sixes, 38 a
	// standard deviation; fair dice would give 1000.
	if sixes < 1500 || sixes > 1930 {
		t.Errorf("%d sixes in 6000 faces of dice whose 6 is 2/7", sixes)
	}
	if _, again, _ := runCmd(t, "", append(args, draw...)...); again != drawn {
		t.Error("the same seed drew another record")
	}
	other := append(append(args, draw...), "-seed", "10")
	if _, out, _ := runCmd(t, "", other...); out == drawn {
		t.Error("seeds 9 and 10 drew the same record")
	}
}

// -draw refuses what it cannot do as a usage error, and draws nothing.
func TestDiceDrawRefusals(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "throws.txt")
	if err := os.WriteFile(file, []byte("3-4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	written := filepath.Join(dir, "written.txt")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-draw", "100", "-write", written, file}, "drawn or read, not both"},
		{[]string{"-draw", "0", "-write", written}, "want from 1 to 100000000 throws"},
		{[]string{"-draw", "-3", "-write", written}, "want from 1 to 100000000 throws"},
		{[]string{"-draw", "100000001", "-write", written}, "want from 1 to 100000000 throws"},
		{[]string{"-draw", "100", "-rules", "cards", "-write", written}, "card rules deal from a deck"},
		{[]string{"-draw", "100", "-rules", "cards", "-dice", "srr=7", "-write", written}, "under card rules"},
		{[]string{"-draw", "100", "-dice", "srr=1", "-write", written}, "srr"},
		{[]string{"-seed", "3", file}, "-seed without -draw"},
		{[]string{"-write", written, file}, "-write without -draw"},
	} {
		code, _, errOut := runCmd(t, "", append([]string{"dice"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("dice %v: exit %d, %q, want 2 and %q", c.args, code, errOut, c.want)
		}
		if _, err := os.Stat(written); err == nil {
			t.Fatalf("dice %v wrote %s", c.args, written)
		}
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
	_, out, errOut := runCmd(t, "", "dice", "-draw", "600", "-seed", "2", "-srr", "6.039924,6.458153", "-bet", "pass")
	for _, want := range []string{"6.040  896769\n", "6.458    7662\n", "Pass Line, 3-4-5x odds", "6.039924 +\n", "6.458153 +\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("craps dice -srr 6.039924,6.458153: no %q in\n%s%s", want, out, errOut)
		}
	}
}
