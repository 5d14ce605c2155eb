package main

import (
	"bufio"
	"encoding/json"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crapslab/craps"
	"github.com/google/go-cmp/cmp"
)

func init() { simStderr = io.Discard }

// Every named strategy prints its simulated return beside the exact one,
// within 4 standard errors for each bet.
func TestSimStrategies(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-strategy", "pass-max-odds", "-rolls", "2e6"}, "Pass Odds 6"},
		{[]string{"-strategy", "dont-pass-max-lay", "-rolls", "1_000_000"}, "Don't Pass Odds 4"},
		{[]string{"-strategy", "iron-cross", "-shooters", "20000"}, "Net result per hand"},
		{[]string{"-strategy", "three-point-molly", "-rolls", "1000000"}, "Come Odds 10"},
		{[]string{"-strategy", "place-6-8", "-rolls", "1000000", "-rules", "vegas"}, "Place 8"},
		{[]string{"-strategy", "martingale", "-sessions", "2000", "-bankroll", "500", "-target", "800"}, "probability of ruin"},
		{[]string{"-strategy", "full", "-rolls", "1000000", "-field12", "2"}, "Hard 8"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"sim", "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errOut)
		}
		var got simOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		for _, b := range append(got.Summary.Bets, got.Summary.Total) {
			if math.Abs(b.StdErrsAway) > 4 || b.Decisions == 0 {
				t.Errorf("%v: %s simulated %.5f ± %.5f, exact %s, %d decisions", c.args, b.Bet, b.Return, b.StdErr, b.Exact, b.Decisions)
			}
		}
		code, out, errOut = runCmd(t, "", append([]string{"sim"}, c.args...)...)
		if code != 0 || !strings.Contains(out, c.want) || !strings.Contains(out, "SIMULATED RETURN") {
			t.Errorf("%v: exit %d, output:\n%s%s", c.args, code, out, errOut)
		}
	}
}

// Shards written as JSON and merged by craps merge give the sums of the
// whole run, whatever the order of the files and the number of workers.
func TestSimShardsMerge(t *testing.T) {
	args := []string{"sim", "-json", "-strategy", "three-point-molly", "-shooters", "10000", "-seed", "5"}
	_, whole, _ := runCmd(t, "", append(args, "-workers", "1")...)
	files := writeShards(t, append(args, "-workers", "2"), "2/3", "0/3", "1/3")
	code, merged, errOut := runCmd(t, "", append([]string{"merge", "-json"}, files...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, errOut)
	}
	var w, m simOutput
	if err := json.Unmarshal([]byte(whole), &w); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(merged), &m); err != nil {
		t.Fatal(err)
	}
	if !m.Result.Complete() || m.Result.Shards != 3 {
		t.Errorf("merged parts %v of %d", m.Result.Parts, m.Result.Shards)
	}
	m.Result.Shards, m.Result.Parts, m.Elapsed, w.Elapsed = 1, []int{0}, 0, 0
	wantJSON, _ := json.MarshalIndent(w, "", " ")
	gotJSON, _ := json.MarshalIndent(m, "", " ")
	if diff := cmp.Diff(string(wantJSON), string(gotJSON)); diff != "" {
		t.Errorf("merged shards differ from the whole run (-whole +merged):\n%s", diff)
	}
	code, out, _ := runCmd(t, "", "merge", files[0], files[1])
	if code != 0 || !strings.Contains(out, "Partial: shards [0 2] of 3") {
		t.Errorf("two shards of three: exit %d:\n%s", code, out)
	}
	if code, _, errOut := runCmd(t, "", "merge", files[0], files[0]); code != 1 || !strings.Contains(errOut, "in two results") {
		t.Errorf("a shard twice: exit %d: %s", code, errOut)
	}
}

// writeShards runs craps sim with args (-json among them) for each shard,
// and returns the files it wrote their outputs to.
func writeShards(t *testing.T, args []string, shards ...string) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i, shard := range shards {
		code, out, errOut := runCmd(t, "", append(args, "-shard", shard)...)
		if code != 0 {
			t.Fatalf("shard %s: exit %d: %s", shard, code, errOut)
		}
		name := filepath.Join(dir, string(rune('a'+i))+".json")
		if err := os.WriteFile(name, []byte(out), 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	return files
}

func TestSimUsage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		why  string
		args []string
		code int
		want string
	}{
		{"an unknown strategy", []string{"sim", "-strategy", "nope"}, 2, "no betting system"},
		{"two counts", []string{"sim", "-rolls", "10", "-shooters", "10"}, 2, "one of"},
		{"a shard out of range", []string{"sim", "-shard", "3/3"}, 2, "-shard"},
		{"a count that is not whole", []string{"sim", "-rolls", "1.5"}, 2, "whole count"},
		{"a session with no end", []string{"sim", "-sessions", "10", "-target", "0"}, 2, "target or a roll limit"},
		{"a strategy the rules do not offer", []string{"sim", "-strategy", "dont-pass-max-lay", "-rules", "crapless"}, 2, "not offered"},
		{"merge with no files", []string{"merge"}, 2, "no files"},
		{"merge of a file that is not JSON", []string{"merge", bad}, 1, "not the output"},
	} {
		code, _, errOut := runCmd(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d (want %d): %s", c.why, code, c.code, errOut)
		}
	}
	code, out, _ := runCmd(t, "", "sim", "-h")
	if code != 0 || !strings.Contains(out, "-shard") || !strings.Contains(out, `"craps help strategy"`) {
		t.Errorf("sim -h: exit %d:\n%s", code, out)
	}
}

// A strategy written in the language, on the command line or in a file,
// runs as a named one does; -show prints it, and mistakes are usage errors.
func TestSimStrategyText(t *testing.T) {
	code, out, errOut := runCmd(t, "", "sim", "-strategy", "place 6 12; place 8 12-24 up on win", "-rolls", "100000")
	if code != 0 || !strings.Contains(out, "Place 8") || !strings.Contains(out, "compiled engine") ||
		!strings.Contains(out, "Strategy place 6 12; place 8 12-24 up on win under") {
		t.Errorf("sim -strategy TEXT: exit %d:\n%s%s", code, out, errOut)
	}
	file := filepath.Join(t.TempDir(), "mine.txt")
	text := "# pass and odds\npass 10\nodds 2x  # double odds\n\nstop if winnings >= 50\n"
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCmd(t, "", "sim", "-strategy-file", file, "-sessions", "1000", "-bankroll", "100", "-target", "300")
	if code != 0 || !strings.Contains(out, "Pass Odds 6") || !strings.Contains(out, "by the strategy") {
		t.Errorf("sim -strategy-file: exit %d:\n%s%s", code, out, errOut)
	}
	code, out, _ = runCmd(t, "", "sim", "-strategy", "hammerlock", "-show")
	want := "# hammerlock\n# Pass line and don't pass"
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "place 6 24-12-0 by hits place if point on\n") {
		t.Errorf("sim -show: exit %d:\n%s", code, out)
	}
	for _, c := range []struct {
		why  string
		args []string
		code int
		want string
	}{
		{"a bet with no amount", []string{"sim", "-strategy", "place 6"}, 2, "no amount"},
		{"a word that is no option", []string{"sim", "-strategy", "place 6 12 sometimes"}, 2, "not an option"},
		{"a line of a file", []string{"sim", "-strategy-file", file + ".missing"}, 1, "no such file"},
		{"both", []string{"sim", "-strategy", "pass 10", "-strategy-file", file}, 2, "not both"},
		{"an amount below the minimum", []string{"sim", "-strategy", "field 5", "-min", "10"}, 2, "outside the table limits"},
	} {
		code, _, errOut := runCmd(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d (want %d): %s", c.why, code, c.code, errOut)
		}
	}
}

// Every betting system runs and prints its simulated returns beside the
// exact figures, each bet within 4 standard errors; craps help strategy
// lists them all with their doc lines.
func TestSimEveryBettingSystem(t *testing.T) {
	n := "300000"
	if !thorough() {
		n = "30000"
	}
	_, help, _ := runCmd(t, "", "help", "strategy")
	for _, s := range craps.BettingSystems() {
		if !strings.Contains(help, "\n  "+s.Name+" ") || !strings.Contains(strings.Join(strings.Fields(help), " "), s.Doc) {
			t.Errorf("help strategy does not list %s with its doc line", s.Name)
		}
		code, out, errOut := runCmd(t, "", "sim", "-json", "-strategy", s.Name, "-rolls", n)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", s.Name, code, errOut)
			continue
		}
		var got simOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(s.Name, err)
		}
		if got.Result.Engine != "compiled" {
			t.Errorf("%s ran on the %s engine", s.Name, got.Result.Engine)
		}
		for _, b := range append(got.Summary.Bets, got.Summary.Total) {
			if math.Abs(b.StdErrsAway) > 4 || b.Decisions == 0 {
				t.Errorf("%s: %s simulated %.5f ± %.5f, exact %s, %d decisions", s.Name, b.Bet, b.Return, b.StdErr, b.Exact, b.Decisions)
			}
		}
	}
}

// Several players at one table: each has his own table of bets, in text
// and in JSON, and -player mistakes are usage errors.
func TestSimPlayers(t *testing.T) {
	args := []string{"sim", "-strategy", "pass-max-odds", "-player", "ann=hammerlock", "-player", "bob:500=place 6 12", "-shooters", "3000"}
	code, out, errOut := runCmd(t, "", args...)
	if code != 0 || !strings.Contains(out, "Player ann, strategy hammerlock:") || !strings.Contains(out, "Player bob, strategy place 6 12:") ||
		!strings.Contains(out, "table engine") {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	code, out, _ = runCmd(t, "", append(args, "-json")...)
	var got simOutput
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("exit %d: %v", code, err)
	}
	if len(got.Summary.Others) != 2 || got.Summary.Others[1].Player != "bob" || got.Summary.Others[1].Bets[0].Bet != "Place 6" ||
		len(got.Result.Others) != 2 || got.Result.Others[0].Bets[0].Decisions == 0 {
		t.Errorf("JSON summary of the others: %+v", got.Summary.Others)
	}
	for _, c := range []struct{ why, arg, want string }{
		{"no name", "=hammerlock", "NAME=STRATEGY"},
		{"a bankroll that is no number", "ann:lots=hammerlock", "not a whole amount"},
		{"no such system", "ann=molly", "no betting system"},
		{"the first player's name", "player=hammerlock", "a name of his own"},
	} {
		code, _, errOut := runCmd(t, "", "sim", "-player", c.arg, "-rolls", "1000")
		if code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d: %s", c.why, code, errOut)
		}
	}
}

// The private game: players bet each other by their strategies; each
// player's table shows his side of each bet at its odds beside its exact
// edge, and what one wins the other loses. Its shards merge to the whole
// run; mistakes are usage errors.
func TestSimPrivateGame(t *testing.T) {
	args := []string{"sim", "-rules", "street", "-strategy", "center 10; hard 6 10 at 9:1", "-player",
		"ann=fade 10; cover hard 6 100 at 9-1", "-shooters", "2000", "-seed", "3"}
	code, out, errOut := runCmd(t, "", args...)
	for _, want := range []string{"Center, shooting", "Hard 6 at 9:1 ", "-1.4141%", "-9.0909%", "Player ann, strategy fade 10; cover hard 6 100 at 9:1:",
		"Center, faded", "Hard 6 at 9:1, covered", "1.4141%", "1.0101%", "What one player wins another loses"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("exit %d, no %q:\n%s%s", code, want, out, errOut)
		}
	}
	_, whole, _ := runCmd(t, "", append(args, "-json", "-workers", "1")...)
	var w simOutput
	if err := json.Unmarshal([]byte(whole), &w); err != nil {
		t.Fatal(err)
	}
	first, other := w.Summary, w.Summary.Others[0]
	if first.Total.Net.Sign() == 0 || new(big.Int).Add(first.Total.Net, other.Total.Net).Sign() != 0 {
		t.Errorf("the players' nets %v and %v do not cancel", first.Total.Net, other.Total.Net)
	}
	files := writeShards(t, append(args, "-json"), "0/2", "1/2")
	code, merged, errOut := runCmd(t, "", append([]string{"merge", "-json"}, files...)...)
	var m simOutput
	if err := json.Unmarshal([]byte(merged), &m); code != 0 || err != nil {
		t.Fatalf("merge: exit %d: %v %s", code, err, errOut)
	}
	wantJSON, _ := json.MarshalIndent(w.Summary, "", " ")
	gotJSON, _ := json.MarshalIndent(m.Summary, "", " ")
	if diff := cmp.Diff(string(wantJSON), string(gotJSON)); diff != "" {
		t.Errorf("merged shards differ from the whole run (-whole +merged):\n%s", diff)
	}
	for _, c := range []struct {
		why  string
		args []string
		want string
	}{
		{"no strategy", []string{"sim", "-rules", "street", "-player", "ann=fade 10"}, "no betting system for it"},
		{"one player", []string{"sim", "-rules", "street", "-strategy", "center 10"}, "seat another"},
		{"a claim without the rule", []string{"sim", "-rules", "street", "-strategy", "center 10", "-player", "ann=fade 10 claim"}, "-player ann"},
		{"an opponent not seated", []string{"sim", "-rules", "street", "-strategy", "right 10 with bob", "-player", "ann=cover right 10"}, `"bob"`},
		{"sessions without a roll limit", []string{"sim", "-rules", "street", "-strategy", "center 10", "-player", "ann=fade 10", "-sessions", "10"}, "roll limit"},
	} {
		code, _, errOut := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d: %s", c.why, code, errOut)
		}
	}
	code, out, _ = runCmd(t, "", "help", "strategy")
	if code != 0 || !strings.Contains(out, "cover hard 6 90 at 9:1") || !strings.Contains(out, "-rules street") {
		t.Errorf("help strategy says nothing of the private game:\n%s", out)
	}
}

// A strategy that never stakes has no return per unit wagered: craps sim
// prints its run without that exact figure, and says why. Before, it
// panicked on the nil figure (the second strategy is a line of the
// README's own example).
func TestSimNeverStakes(t *testing.T) {
	for _, strategy := range []string{"field 10 if won field", "place 5 0-10-0 by hits place"} {
		for _, mode := range [][]string{{"-rolls", "1e5"}, {"-shooters", "2000"}} {
			args := append([]string{"sim", "-strategy", strategy}, mode...)
			code, out, errOut := runCmd(t, "", args...)
			if code != 0 || !strings.Contains(out, "no return per unit wagered: the strategy stakes nothing") ||
				strings.Contains(out, "\n  return per unit wagered") {
				t.Errorf("%q: exit %d, output:\n%s%s", args, code, out, errOut)
			}
			code, out, errOut = runCmd(t, "", append(args, "-json")...)
			if code != 0 || !json.Valid([]byte(out)) {
				t.Errorf("%q -json: exit %d, output:\n%s%s", args, code, out, errOut)
			}
		}
	}
}

// Every file or standard input a command reads is refused, with a clear
// error, once it is found too large, before it is read whole: a strategy
// file over 1 MiB, a shard over 64 MiB, a tape line over 1 MiB, a drill
// answer over 64 KiB. Before, craps analyze -strategy-file, craps sim
// -strategy-file and craps merge read /dev/zero until the process ran out
// of memory.
func TestFilesTooLarge(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	data := []byte("pass 10\n" + strings.Repeat("#", maxStrategyFile))
	if err := os.WriteFile(big, data, 0o644); err != nil {
		t.Fatal(err)
	}
	shard := filepath.Join(dir, "shard.json") // sparse: nothing written
	if f, err := os.Create(shard); err != nil || f.Truncate(maxShardFile+1) != nil || f.Close() != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"sim", "-strategy-file", big, "-rolls", "1000"}, "", "big: larger than 1 MiB, the most a strategy file may hold"},
		{[]string{"analyze", "-strategy-file", big}, "", "big: larger than 1 MiB, the most a strategy file may hold"},
		{[]string{"merge", shard}, "", "shard.json: larger than 64 MiB, the most the output of craps sim -json may hold"},
		{[]string{"play"}, strings.Repeat("x", maxTapeLine+1), "line 1 is longer than 1048576 bytes"},
		{[]string{"drill", "-n", "1"}, strings.Repeat("x", bufio.MaxScanTokenSize+1), "an answer longer than 65536 bytes"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil { // a file that never ends
		cases = append(cases,
			struct {
				args  []string
				stdin string
				want  string
			}{[]string{"sim", "-strategy-file", "/dev/zero"}, "", "/dev/zero: larger than 1 MiB"},
			struct {
				args  []string
				stdin string
				want  string
			}{[]string{"play", "/dev/zero"}, "", "line 1 is longer than 1048576 bytes"})
	}
	for _, c := range cases {
		code, _, errOut := runCmd(t, c.stdin, c.args...)
		if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, %q; want exit 1 and %q", c.args, code, errOut, c.want)
		}
	}
	// At the bound, a strategy file is read.
	if err := os.WriteFile(big, data[:maxStrategyFile], 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCmd(t, "", "analyze", "-strategy-file", big); code != 0 {
		t.Errorf("a strategy file of 1 MiB: exit %d, %s", code, errOut)
	}
}

// A histogram by shooters draws no exact shares from a hand's law that
// stops short of its bound, and says so: the hands it leaves out make the
// tail (a six-number press's law stops after 40 throws, 0.33% left out;
// stopped after 42, 0.24% left out, its bars from 800 up fell short of
// the simulated shares by 20 standard errors).
func TestSimHistogramIncompleteLaw(t *testing.T) {
	press := "place 4 10-20-30-40 up on win; place 5 10-20-30-40 up on win; place 6 12-24-36-48 up on win; " +
		"place 8 12-24-36-48 up on win; place 9 10-20-30-40 up on win; place 10 10-20-30-40 up on win"
	code, out, errOut := runCmd(t, "", "sim", "-strategy", press, "-shooters", "2000")
	if code != 0 || !strings.Contains(out, "no exact shares: the exact law of one hand stops after") || strings.Contains(out, "  exact ") {
		t.Errorf("exit %d: %s\n%s", code, errOut, out)
	}
	code, out, _ = runCmd(t, "", "sim", "-strategy", "iron-cross", "-shooters", "2000")
	if code != 0 || !strings.Contains(out, "  exact ") || strings.Contains(out, "no exact shares") {
		t.Errorf("iron-cross, whose law is complete: exit %d\n%s", code, out)
	}
}

// Under dice of another law, the errors of come bets made while others
// are up understate theirs (BetTally.Return): craps sim says so below
// the table of such bets, and only there.
func TestSimComeErrorsUnderALaw(t *testing.T) {
	const note = "decided by the same throws"
	for _, c := range []struct {
		strategy, dice string
		want           bool
	}{
		{"pass 10; come 10; come odds 2x", "faces=3,1,1,1,1,2;1,1,1,1,1,1", true},
		{"don't pass 10; don't come 10", "srr=8", true},
		{"pass 10; come 10; come odds 2x", "fair", false},
		{"pass 10; odds 2x; place 6 12", "faces=3,1,1,1,1,2;1,1,1,1,1,1", false},
	} {
		code, out, errOut := runCmd(t, "", "sim", "-strategy", c.strategy, "-dice", c.dice, "-rolls", "20000")
		if code != 0 {
			t.Fatalf("%s under %s: exit %d: %s", c.strategy, c.dice, code, errOut)
		}
		if strings.Contains(out, note) != c.want {
			t.Errorf("%s under %s: the note on come bets' errors shown %v, want %v:\n%s", c.strategy, c.dice, !c.want, c.want, out)
		}
	}
}
