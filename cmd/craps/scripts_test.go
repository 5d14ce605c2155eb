package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// For scripts, every failure is one line on stderr with one "craps <cmd>: "
// prefix, exit 2 for a usage or rule error and 1 for a failure at run
// time. Each case says what it did before.
func TestExitCodesForScripts(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		reason string
		args   []string
		stdin  string
		code   int
		want   string // in the one line on stderr
	}{
		{"-rolls at the int64 limit (before: ran nothing, exit 0)", []string{"sim", "-rolls", "9223372036854775807"}, "", 2, "from 1 to"},
		{"-shooters at the int64 limit (before: ran nothing, exit 0)", []string{"sim", "-shooters", "9223372036854775807"}, "", 2, "from 1 to"},
		{"-sessions at the int64 limit (before: ran nothing, exit 0)", []string{"sim", "-sessions", "9223372036854775807"}, "", 2, "from 1 to"},
		{"-rolls 0 (before: ran the default 1e7, exit 0)", []string{"sim", "-rolls", "0"}, "", 2, "-rolls 0: a run plays at least one"},
		{"-sessions 0", []string{"sim", "-sessions", "0"}, "", 2, "-sessions 0"},
		{"a strategy that never places a bet (before: ran, counted nothing)", []string{"sim", "-strategy", "odds 5 10", "-rolls", "1000"}, "", 2, "never made"},
		{"an amount that is not a number (before: \"not a bet\")", []string{"sim", "-strategy", "pass ten"}, "", 2, `"ten" is not an amount`},
		{"a strategy off the unit (before: exit 1, \"craps sim: craps: strategy\")", []string{"sim", "-strategy", "pass 7", "-unit", "5"}, "", 2, `strategy "pass line 7": action 1 (pass line 7): 7 is not a whole number of units of 5`},
		{"a commission minimum at the int64 limit (before: accepted)", []string{"edge", "-commission-min", "9223372036854775807"}, "", 2, "from 0 to 1099511627776"},
		{"a commission rate whose denominator wraps (before: read as 1.19%)", []string{"edge", "-commission", "1/184467440737095517%"}, "", 2, "as commission rate: invalid syntax (run"},
		{"a tape that cannot be read", []string{"play", filepath.Join(dir, "none")}, "", 1, "no such file"},
		{"a refused line under -strict (before: no such flag, exit 2)", []string{"play", "-strict"}, "player ann 100\nbet ann pass 500\nroll 3-4\n", 1, "line 2 refused (-strict)"},
		{"a line past the reader's limit (before: exit 1 with \"token too long\")", []string{"play"},
			"player ann 100\n" + strings.Repeat("x", maxTapeLine+1) + "\nbet ann pass 10\n", 1, "line 2 is longer than 1048576 bytes"},
	}
	for _, tc := range tests {
		code, _, errOut := runCmd(t, tc.stdin, tc.args...)
		line := strings.TrimSuffix(errOut, "\n")
		cmd := "craps " + tc.args[0] + ": "
		switch {
		case code != tc.code:
			t.Errorf("%s: exit %d, want %d (%s)", tc.reason, code, tc.code, line)
		case strings.Contains(line, "\n") || !strings.HasPrefix(line, cmd) || strings.Contains(line[len(cmd):], "craps: "):
			t.Errorf("%s: want one line with one %q prefix, got %q", tc.reason, cmd, errOut)
		case !strings.Contains(line, tc.want):
			t.Errorf("%s: %q does not say %q", tc.reason, line, tc.want)
		}
	}
}

// The replay goes on past a refused line by default, and -strict stops it.
func TestPlayStrict(t *testing.T) {
	tape := "player ann 100\nbet ann pass 500\nbet ann pass 10\nroll 3-4\n"
	code, out, _ := runCmd(t, tape, "play")
	if code != 0 || !strings.Contains(out, "line 2: refused") || !strings.Contains(out, "line 4: roll") {
		t.Errorf("default: exit %d:\n%s", code, out)
	}
	code, out, _ = runCmd(t, tape, "play", "-strict", "-json")
	if code != 1 || !strings.Contains(out, `"line":2`) || strings.Contains(out, `"line":4`) {
		t.Errorf("-strict: exit %d, want 1 and nothing after line 2:\n%s", code, out)
	}
	code, _, errOut := runCmd(t, "player ann 100\nbet ann pass 10\nroll 3-4\n", "play", "-strict")
	if code != 0 {
		t.Errorf("-strict with nothing refused: exit %d: %s", code, errOut)
	}
}

// A tape that names no player plays p1 with 1000; one whose players have
// all left does not (before, p1 appeared with 1000). A bet for a player
// who is not seated names him (before: "cannot read "bob pass" as bet").
func TestPlayPlayers(t *testing.T) {
	tests := []tapeCase{
		{"no player line: p1", "bet pass 10\nroll 3-4\n", []string{"p1         bankroll 1010"}, nil},
		{"a player line refused seats no one: p1", "player ann -5\nbet pass 10\nroll 3-4\n", []string{"line 1: refused", "p1         bankroll 1010"}, nil},
		{"every player left: no p1", "player ann 100\nleave ann\nbet pass 10\nroll 3-4\n",
			[]string{"line 3: refused: no player at the table"}, []string{"p1"}},
		{"every player left, then a dice change: refused, no crash", "player ann 100\nleave ann\nchange dice\n",
			[]string{"line 3: refused: change dice"}, []string{"p1"}},
		{"a bet for a player not seated", "player ann 100\nbet bob pass 5\n",
			[]string{`line 2: refused: place Pass Line for bob: no player "bob" at the table`}, nil},
		{"a bet for a seated player, and the first player's bet", "player ann 100\nplayer bob 100\nbet bob pass 5\nbet field 5\nroll 3-4\n",
			[]string{"bob        Pass Line", "ann        Field"}, nil},
	}
	playTapes(t, tests)
}

// The progress line goes to a terminal only, never to a file or a pipe,
// and not at all under -quiet. Before, a run of over a second wrote it to
// whatever stderr was, and -quiet was no flag.
func TestSimProgressOnlyOnATerminal(t *testing.T) {
	dir := t.TempDir()
	file, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, out := range map[string]any{"a buffer": &bytes.Buffer{}, "a file": file, "a pipe": w} {
		if p := newProgress(out.(interface{ Write([]byte) (int, error) }), time.Now(), false); p != nil {
			t.Errorf("progress to %s", name)
		}
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if newProgress(tty, time.Now(), false) == nil {
			t.Error("no progress to a terminal")
		}
		if newProgress(tty, time.Now(), true) != nil {
			t.Error("progress to a terminal under -quiet")
		}
	}
	code, out, errOut := runCmd(t, "", "sim", "-quiet", "-json", "-rolls", "1000")
	var res simOutput
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || errOut != "" {
		t.Errorf("sim -quiet: exit %d, stderr %q", code, errOut)
	}
}

// craps merge trusts nothing it reads: a file claiming a shard it cannot
// hold, negative counts, or a shard twice is refused, and a merge is
// complete only with every shard once. Before, each of these merged.
func TestMergeRefusesTamperedFiles(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, shard := range []string{"0/2", "1/2"} {
		code, out, errOut := runCmd(t, "", "sim", "-json", "-shooters", "9000", "-shard", shard)
		if code != 0 {
			t.Fatalf("shard %s: %s", shard, errOut)
		}
		name := filepath.Join(dir, strings.Replace(shard, "/", "of", 1)+".json")
		if err := os.WriteFile(name, []byte(out), 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	tamper := func(name string, f func(result map[string]any)) string {
		var out map[string]any
		data, _ := os.ReadFile(files[0])
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatal(err)
		}
		f(out["result"].(map[string]any))
		data, _ = json.Marshal(out)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tests := []struct {
		reason string
		files  []string
		want   string
	}{
		{"parts [7] of 2", []string{tamper("seven.json", func(r map[string]any) { r["parts"] = []int{7} }), files[1]}, "shards [7] of 2"},
		{"negative rolls", []string{tamper("neg.json", func(r map[string]any) { r["rolls"] = -5 }), files[1]}, "not what shards"},
		{"the same part twice in a file", []string{tamper("dup.json", func(r map[string]any) { r["parts"] = []int{0, 0} }), files[1]}, "none twice"},
		{"one file claiming both parts", []string{tamper("both.json", func(r map[string]any) { r["parts"] = []int{0, 1} })}, "not what shards"},
		{"a file given twice", []string{files[0], files[0]}, "in two results"},
	}
	for _, tc := range tests {
		code, _, errOut := runCmd(t, "", append([]string{"merge"}, tc.files...)...)
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d (want 1): %s", tc.reason, code, errOut)
		}
	}
	code, out, errOut := runCmd(t, "", "merge", files[1], files[0])
	if code != 0 || strings.Contains(out, "Partial") {
		t.Errorf("both shards: exit %d: %s%s", code, out, errOut)
	}
}

// tapeCase is a tape played by craps play, with what its output must and
// must not hold.
type tapeCase struct {
	reason, tape string
	want, not    []string
}

// playTapes plays each tape and checks its output; every tape must play
// to its end (exit 0).
func playTapes(t *testing.T, tests []tapeCase) {
	t.Helper()
	for _, tc := range tests {
		code, out, errOut := runCmd(t, tc.tape, "play")
		if code != 0 {
			t.Errorf("%s: exit %d: %s", tc.reason, code, errOut)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", tc.reason, w, out)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(out, w) {
				t.Errorf("%s: %q in\n%s", tc.reason, w, out)
			}
		}
	}
}
