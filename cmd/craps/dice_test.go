package main

import (
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		{[]string{"sim", "-dice", "srr=7", "-strategy", "pass 10", "-rolls", "20000"}, "table engine", "a loaded law simulates on the Table engine"},
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
