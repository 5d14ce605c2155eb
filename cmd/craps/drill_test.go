package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/drill"
)

// tick makes the trainer's clock advance by step at every reading, so
// that the times it reports are fixed.
func tick(t *testing.T, step time.Duration) {
	t.Helper()
	clock := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	now = func() time.Time {
		clock = clock.Add(step)
		return clock
	}
	t.Cleanup(func() { now = time.Now })
}

// questions are the first n questions of a drill, as the library asks them.
func questions(t *testing.T, c drill.Config, n int) []drill.Question {
	t.Helper()
	d, err := drill.New(c)
	if err != nil {
		t.Fatal(err)
	}
	var qs []drill.Question
	for range n {
		q, err := d.Next()
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	return qs
}

// A session as a trainee has it: a right answer, a wrong one, something
// that is no answer (asked again, not counted), then a right one; the
// score, and the record saved.
func TestDrillSessionCommand(t *testing.T) {
	tick(t, time.Second)
	qs := questions(t, drill.Config{Level: drill.LevelPlace, Seed: 5}, 3)
	record := filepath.Join(t.TempDir(), "session.json")
	stdin := fmt.Sprintf("%d\n%d\nthirty\n%d\n", qs[0].Answer, qs[1].Answer+1, qs[2].Answer)
	code, out, errOut := runCmd(t, stdin, "drill", "-seed", "5", "-n", "3", "-record", record)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"Dealer drill, level 1 (place), standard rules, seed 5, 3 questions. q quits.",
		"1/3  " + qs[0].Ask,
		"Right. (1.0 s)",
		fmt.Sprintf("Wrong: the answer is %d, not %d. (1.0 s)", qs[1].Answer, qs[1].Answer+1),
		"  " + qs[1].Lines[0].Say + ".",
		"Answer with an amount, such as 35; q quits.",
		"Score: 2 of 3 right (67%) in 3s, 1.0 s a question.",
		"  payout  Place            2 of 3",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	var s drill.Session
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Config.Seed != 5 || len(s.Records) != 3 || s.Records[1].Mark.Right || !s.Records[2].Mark.Right ||
		!cmp.Equal(s.Records[1].Answer, drill.Answer{qs[1].Answer + 1}) || s.Records[0].Took != time.Second {
		t.Errorf("the record: %+v", s)
	}
}

// A layout answered bet by bet, one bet wrong; then q ends the session.
func TestDrillLayoutCommand(t *testing.T) {
	tick(t, 2*time.Second)
	c := drill.Config{Level: drill.LevelHand, Seed: 21}
	qs := questions(t, c, 2)
	q := qs[0]
	var each []string
	for _, l := range q.Lines {
		each = append(each, fmt.Sprint(l.Paid))
	}
	each[len(each)-1] = fmt.Sprint(q.Lines[len(q.Lines)-1].Paid + 5)
	stdin := strings.Join(each, " ") + "\nq\n"
	code, out, errOut := runCmd(t, stdin, "drill", "-level", "hand", "-seed", "21")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	last := q.Lines[len(q.Lines)-1]
	for _, want := range []string{
		"Dealer drill, level 5 (hand), standard rules, seed 21, 10 questions.",
		q.Ask,
		fmt.Sprintf("  %d  %-4s ", len(q.Lines), last.Player),
		fmt.Sprintf("Answer the total paid, or each bet's pay in order (%d amounts).", len(q.Lines)),
		"Wrong. (2.0 s)",
		fmt.Sprintf("  Bet %d, %s's %v: it pays %d, not %d.", len(q.Lines), last.Player, last.Bet, last.Paid, last.Paid+5),
		fmt.Sprintf("  Paid %d in all.", q.Answer),
		"2/10  " + qs[1].Ask,
		"Score: 0 of 1 right (0%)",
		"  layout  whole layout     0 of 1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if len(q.Lines) < 2 {
		t.Fatalf("seed 21's first layout has %d bet; pick a seed with more", len(q.Lines))
	}
}

// -json prints the questions the library asks, answers and all.
func TestDrillJSONCommand(t *testing.T) {
	code, out, errOut := runCmd(t, "", "drill", "-json", "-level", "6", "-n", "4", "-seed", "9", "-props", "for1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got drillJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	c := drill.Config{Rules: craps.Rules{PropsFor1: true}, Level: drill.LevelFull, Seed: 9}
	want := drillJSON{header: newHeader("drill"), Config: c, Questions: questions(t, c, 4)}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(drillJSON{})); diff != "" {
		t.Errorf("-json (-library +command):\n%s", diff)
	}
}

func TestDrillCommandRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"drill", "-level", "7"}, 2},
		{[]string{"drill", "-json", "-n", "0"}, 2},
		{[]string{"drill", "-n", "-1"}, 2},
		{[]string{"drill", "-json", "-record", "x.json"}, 2},
		{[]string{"drill", "-rules", "street"}, 2},
		{[]string{"drill", "-level", "commission", "-not-offered", "buy,lay"}, 2},
	} {
		if code, _, errOut := runCmd(t, "", c.args...); code != c.code || errOut == "" {
			t.Errorf("%v: exit %d, %q; want %d with a message", c.args, code, errOut, c.code)
		}
	}
}

// The trainer as a person uses it: the program in a terminal (tmux),
// questions answered by typing, the screen read back.
func TestDrillTerminal(t *testing.T) {
	if !thorough() {
		t.Skip("drives the program in a terminal; skipped with -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the terminal test needs it (apt-get install tmux)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "craps")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	socket := filepath.Join(dir, "tmux.sock")
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", append([]string{"-S", socket}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	record := filepath.Join(dir, "session.json")
	cmd := fmt.Sprintf("%s drill -level center -seed 3 -n 3 -record %s; echo drill exited $?; sleep 60", bin, record)
	tmux("new-session", "-d", "-s", "drill", "-x", "160", "-y", "60", cmd)
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", socket, "kill-server").Run() })
	screen := func() string { return tmux("capture-pane", "-p", "-t", "drill", "-S", "-200") }
	waitFor := func(text string) string {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			s := screen()
			if strings.Contains(s, text) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("%q never showed; the screen:\n%s", text, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	qs := questions(t, drill.Config{Level: drill.LevelCenter, Seed: 3}, 3)
	type_ := func(s string) { tmux("send-keys", "-t", "drill", s, "Enter") }

	waitFor("1/3  " + qs[0].Ask)
	type_(fmt.Sprint(qs[0].Answer))
	waitFor("2/3  " + qs[1].Ask)
	type_("a lot")
	waitFor("Answer with an amount, such as 35; q quits.")
	type_(fmt.Sprint(qs[1].Answer + 1))
	waitFor("3/3  " + qs[2].Ask)
	type_(fmt.Sprint(qs[2].Answer))
	s := waitFor("drill exited 0")
	for _, want := range []string{
		"> " + fmt.Sprint(qs[0].Answer), // the typed answer, echoed by the terminal
		"Right.",
		fmt.Sprintf("Wrong: the answer is %d, not %d.", qs[1].Answer, qs[1].Answer+1),
		qs[1].Lines[0].Say + ".",
		"Score: 2 of 3 right (67%)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q on the screen:\n%s", want, s)
		}
	}
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	var rec drill.Session
	if err := json.Unmarshal(data, &rec); err != nil || len(rec.Records) != 3 {
		t.Errorf("the record holds %d answers, %v; want 3", len(rec.Records), err)
	}
	if testing.Verbose() {
		t.Logf("the screen:\n%s", strings.TrimRight(s, "\n"))
	}
}

// failAfter is a writer that takes n bytes and then fails.
type failAfter struct{ n int }

func (w *failAfter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errors.New("the reader went away")
	}
	w.n -= len(p)
	return len(p), nil
}

// -json writes each question as it is asked: a run of a billion questions
// into a reader that stops after 100 kB ends at once with the write's
// error. Before, it asked them all, holding each in memory, before
// writing anything.
func TestDrillJSONStreams(t *testing.T) {
	done := make(chan error, 1)
	go func() {
		done <- runDrill([]string{"-json", "-n", "1000000000", "-seed", "3", "-level", "hand"}, strings.NewReader(""), &failAfter{n: 100 << 10})
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "the reader went away") {
			t.Errorf("error %v, want the writer's", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a billion questions into a reader that stopped: still asking after 30 s")
	}
}

// An answer given after longer than an answer can take (the trainee came
// back the next day) is recorded as taking drill.MaxAnswerTime. Before,
// it was recorded as it was, 48 hours, and the session's times summed
// without a bound.
func TestDrillAnswerTimeBound(t *testing.T) {
	tick(t, 48*time.Hour)
	qs := questions(t, drill.Config{Level: drill.LevelPlace, Seed: 5}, 1)
	record := filepath.Join(t.TempDir(), "session.json")
	code, out, errOut := runCmd(t, fmt.Sprintf("%d\n", qs[0].Answer), "drill", "-seed", "5", "-n", "1", "-record", record)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "Right. (86400.0 s)"; !strings.Contains(out, want) {
		t.Errorf("no %q in:\n%s", want, out)
	}
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	var s drill.Session
	if err := json.Unmarshal(data, &s); err != nil || len(s.Records) != 1 || s.Records[0].Took != drill.MaxAnswerTime {
		t.Errorf("the record: %v, %+v", err, s.Records)
	}
}
