package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// consoleCommand is one "$ craps ..." line of a ```console block of a
// page, and the output shown after it.
type consoleCommand struct {
	line int
	args []string
	want string
}

// consoleCommands reads the ```console blocks of the page at path.
func consoleCommands(t *testing.T, path string) []consoleCommand {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []consoleCommand
	in := false
	for i, l := range strings.Split(string(data), "\n") {
		switch {
		case !in && l == "```console":
			in = true
		case in && l == "```":
			in = false
		case in && strings.HasPrefix(l, "$ "):
			args := shellWords(strings.TrimPrefix(l, "$ "))
			if len(args) == 0 || args[0] != "craps" {
				t.Fatalf("%s:%d: a console block runs craps only: %q", path, i+1, l)
			}
			cmds = append(cmds, consoleCommand{line: i + 1, args: args[1:]})
		case in && len(cmds) > 0:
			cmds[len(cmds)-1].want += l + "\n"
		case in:
			t.Fatalf("%s:%d: output before any command", path, i+1)
		}
	}
	return cmds
}

// shellWords splits a command line as a shell does words in double quotes.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	quoted, any := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, any = !quoted, true
		case r == ' ' && !quoted:
			if any {
				words = append(words, w.String())
			}
			w.Reset()
			any = false
		default:
			w.WriteRune(r)
			any = true
		}
	}
	if any {
		words = append(words, w.String())
	}
	return words
}

// timing matches what a run's clock changes: its seconds and its speed.
var timing = regexp.MustCompile(`in [0-9.]+(ns|µs|ms|s)\b|\([0-9.e+]+ rolls/s\)`)

// Every command of the tutorial prints what the tutorial shows, but for
// the time it took; its figure is what the command it gives draws.
func TestTutorialCommands(t *testing.T) {
	const page = "../../docs/tutorial.md"
	cmds := consoleCommands(t, page)
	if len(cmds) < 6 {
		t.Fatalf("%s has %d commands", page, len(cmds))
	}
	for _, c := range cmds {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != 0 {
			t.Errorf("%s:%d: craps %q: exit %d: %s", page, c.line, c.args, code, errOut)
			continue
		}
		if got, want := timing.ReplaceAllString(out, "in T"), timing.ReplaceAllString(c.want, "in T"); got != want {
			t.Errorf("%s:%d: craps %q prints\n%s\nwant\n%s", page, c.line, c.args, out, c.want)
		}
	}
	if !thorough() {
		return
	}
	svg := filepath.Join(t.TempDir(), "hands.svg")
	code, _, errOut := runCmd(t, "", "sim", "-strategy", "iron-cross", "-shooters", "1e6", "-log", "-bins", "40",
		"-size", "1000x560", "-font", "16", "-title", "Iron cross, one million hands", "-svg", svg)
	got, _ := os.ReadFile(svg)
	want, err := os.ReadFile("../../docs/iron-cross.svg")
	if code != 0 || err != nil || !bytes.Equal(got, want) {
		t.Errorf("the tutorial's figure is not what its command draws (exit %d, %s, %v)", code, errOut, err)
	}
}
