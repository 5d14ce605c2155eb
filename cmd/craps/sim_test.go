package main

import (
	"encoding/json"
	"io"
	"math"
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
	dir := t.TempDir()
	args := []string{"sim", "-json", "-strategy", "three-point-molly", "-shooters", "10000", "-seed", "5"}
	_, whole, _ := runCmd(t, "", append(args, "-workers", "1")...)
	var files []string
	for i, shard := range []string{"2/3", "0/3", "1/3"} {
		code, out, errOut := runCmd(t, "", append(args, "-shard", shard, "-workers", "2")...)
		if code != 0 {
			t.Fatalf("shard %s: exit %d: %s", shard, code, errOut)
		}
		name := filepath.Join(dir, string(rune('a'+i))+".json")
		if err := os.WriteFile(name, []byte(out), 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
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
		{"an unknown strategy", []string{"sim", "-strategy", "nope"}, 2, "unknown strategy"},
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
	if code != 0 || !strings.Contains(out, "-shard") || !strings.Contains(out, "three-point-molly") {
		t.Errorf("sim -h: exit %d:\n%s", code, out)
	}
}

func TestParseLayout(t *testing.T) {
	got, err := parseLayout("pass 10, odds, come 10 x2, come odds, place 6 12, field 5 point, odds 6 25, hop 2-5 1, lay odds, any 7 2")
	if err != nil {
		t.Fatal(err)
	}
	want := []craps.Spot{
		{Bet: craps.Bet{Kind: craps.PassLine}, Amount: 10},
		{Bet: craps.Bet{Kind: craps.PassOdds}},
		{Bet: craps.Bet{Kind: craps.Come}, Amount: 10, Count: 2},
		{Bet: craps.Bet{Kind: craps.ComeOdds}},
		{Bet: craps.Bet{Kind: craps.Place, Number: 6}, Amount: 12},
		{Bet: craps.Bet{Kind: craps.Field}, Amount: 5, PointOnly: true},
		{Bet: craps.Bet{Kind: craps.ComeOdds, Number: 6}, Amount: 25},
		{Bet: craps.Bet{Kind: craps.Hop, Hop: craps.Dice{A: 2, B: 5}}, Amount: 1},
		{Bet: craps.Bet{Kind: craps.DontPassOdds}},
		{Bet: craps.Bet{Kind: craps.Any7}, Amount: 2},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, bad := range []string{"place 7 10", "pass 10,, field 5", "nothing 5"} {
		if _, err := parseLayout(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	code, out, errOut := runCmd(t, "", "sim", "-layout", "place 6 12, place 8 12", "-rolls", "100000")
	if code != 0 || !strings.Contains(out, "Place 8") {
		t.Errorf("sim -layout: exit %d:\n%s%s", code, out, errOut)
	}
	if code, _, errOut := runCmd(t, "", "sim", "-layout", "place 6"); code != 2 || !strings.Contains(errOut, "amount 0") {
		t.Errorf("a bet with no amount: exit %d: %s", code, errOut)
	}
}
