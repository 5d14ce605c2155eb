package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/drill"
)

const drillSynopsis = `[-level N] [-rules NAME] [rule flags] [-seed S] [-n N] [-breakage] [-record FILE] [-json]

A dealer's payout trainer. It asks, reads the answer from standard input,
says right or wrong with the worked answer in the dealer's words, and keeps
score and time (a day at most for an answer). Every answer is played on a
table under the rules: the bets made, the throw rolled, the payouts read.

Levels (-level, by number or name):
  1 place       what a place bet pays
  2 line        adds line and come bets, odds taken and laid, big 6 and 8,
                the field and place to lose
  3 center      adds the hardways, any 7, any craps, 2, 3, 11, 12, horn,
                horn high, C&E, world, three-way craps and the hops
  4 commission  buy and lay bets: the vig, and what a win pays
  5 hand        whole layouts like the croupier trainer's worked examples:
                several players' line, come and odds bets, place bets, the
                field, hardways and props, and one throw
  6 full        whole layouts with everything: buy, lay, put, big 6 and 8,
                place to lose, horn splits, three-way craps and hops too

Answer with an amount ("35"); for a layout, the total paid or each bet's
pay in the order shown ("100 120 900 0"). q quits.

Example: craps drill -level 5 -n 5
         craps drill -level center -props for1 -seed 7 -json`

// now is the clock the trainer times answers with.
var now = time.Now

func runDrill(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("drill", drillSynopsis, stdout)
	level := fs.String("level", "1", "what the questions cover: 1 to 6, or place, line, center, commission, hand, full")
	seed := fs.Uint64("seed", 0, "the questions' seed: the same seed asks the same questions (0: from the clock)")
	n := fs.Int("n", 10, "how many questions (0: until q or the end of the input; not with -json)")
	breakage := fs.Bool("breakage", false, "now and then, a stake whose payout the table rounds down (place 6 for 10)")
	record := fs.String("record", "", "save the session, with the score by bet, as JSON to this file")
	asJSON := fs.Bool("json", false, "print the questions with their answers as JSON, without asking")
	rf := addRuleFlags(fs)
	r, err := rf.parse(fs, args)
	if err != nil {
		return err
	}
	lvl, err := drill.ParseLevel(*level)
	if err != nil {
		return fmt.Errorf("-level: %s: %w", strings.TrimPrefix(err.Error(), "drill: "), errUsage)
	}
	switch {
	case *n < 0:
		return fmt.Errorf("-n %d: give a number of questions, or 0 for no limit: %w", *n, errUsage)
	case *asJSON && *n == 0:
		return fmt.Errorf("-json needs a number of questions (-n): %w", errUsage)
	case *asJSON && *record != "":
		return fmt.Errorf("-record saves an interactive session; -json asks nothing: %w", errUsage)
	}
	if *seed == 0 {
		*seed = uint64(now().UnixNano())
	}
	cfg := drill.Config{Rules: r, Level: lvl, Seed: *seed, Breakage: *breakage}
	trainer, err := drill.New(cfg)
	if err != nil { // rules or a level the drill cannot ask from
		return fmt.Errorf("%s: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
	}
	if *asJSON {
		return writeDrillJSON(stdout, trainer, *n)
	}
	s := &drill.Session{Config: trainer.Config(), Started: now()}
	err = askDrill(trainer, s, *n, bufio.NewScanner(stdin), stdout, rf.describe())
	if *record != "" && err == nil {
		err = saveSession(*record, s)
	}
	return err
}

// drillJSON is the output of craps drill -json, which writeDrillJSON
// writes piece by piece.
type drillJSON struct {
	header
	Config    drill.Config     `json:"config"`
	Questions []drill.Question `json:"questions"`
}

// writeDrillJSON writes n questions as drillJSON, the bytes writeJSON
// would write, one question at a time as it is asked, so that a run of any
// length holds one question in memory and stops at the first write that
// fails. A first question that cannot be asked writes nothing; a later
// one ends the output where it is, with the error.
func writeDrillJSON(w io.Writer, d *drill.Trainer, n int) error {
	q, err := d.Next()
	if err != nil {
		return err
	}
	h := newHeader("drill")
	out := bufio.NewWriter(w)
	out.WriteString("{\n")
	for _, f := range []struct {
		key   string
		value any
	}{{"schema", h.Schema}, {"version", h.Version}, {"config", d.Config()}} {
		data, err := indentedJSON(f.value, "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "  %q: %s,\n", f.key, data)
	}
	out.WriteString("  \"questions\": [\n")
	for i := range n {
		if i > 0 {
			if q, err = d.Next(); err != nil {
				out.Flush()
				return err
			}
			out.WriteString(",\n")
		}
		data, err := indentedJSON(q, "    ")
		if err != nil {
			return err
		}
		out.WriteString("    ")
		if _, err := out.Write(data); err != nil {
			return err
		}
	}
	out.WriteString("\n  ]\n}\n")
	return out.Flush()
}

// indentedJSON is v as writeJSON writes it, nested under prefix (every line
// but the first begins with it), without the final newline.
func indentedJSON(v any, prefix string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// askDrill runs the interactive session: n questions (0: no limit), each
// asked until it gets an answer it can check.
func askDrill(d *drill.Trainer, s *drill.Session, n int, in *bufio.Scanner, w io.Writer, rules string) error {
	c := s.Config
	fmt.Fprintf(w, "Dealer drill, level %d (%v), %s rules, seed %d", c.Level, c.Level, rules, c.Seed)
	if n > 0 {
		fmt.Fprintf(w, ", %d questions", n)
	}
	fmt.Fprintln(w, ". q quits.")
	defer writeScore(w, s)
	for i := 1; n == 0 || i <= n; i++ {
		q, err := d.Next()
		if err != nil {
			return err
		}
		fmt.Fprintln(w)
		if n > 0 {
			fmt.Fprintf(w, "%d/%d  ", i, n)
		}
		writeQuestion(w, q)
		asked := now()
		for {
			fmt.Fprint(w, "> ")
			if !in.Scan() {
				fmt.Fprintln(w)
				if errors.Is(in.Err(), bufio.ErrTooLong) {
					return fmt.Errorf("an answer longer than %d bytes: the drill stops there", bufio.MaxScanTokenSize)
				}
				return in.Err()
			}
			text := strings.TrimSpace(in.Text())
			if text == "q" || text == "quit" {
				return nil
			}
			a, err := drill.ParseAnswer(text)
			var m drill.Mark
			if err == nil {
				// A question left for longer than an answer can take
				// counts as taking that long.
				m, err = s.Add(q, a, min(max(now().Sub(asked), 0), drill.MaxAnswerTime))
			}
			if err != nil {
				fmt.Fprintln(w, answerHint(q))
				continue
			}
			writeMark(w, q, a, m, s.Records[len(s.Records)-1].Took)
			break
		}
	}
	return nil
}

// writeQuestion prints the question, and a layout's bets numbered.
func writeQuestion(w io.Writer, q drill.Question) {
	fmt.Fprintln(w, q.Ask)
	if q.Kind != drill.KindLayout {
		return
	}
	width := 0
	for _, l := range q.Lines {
		width = max(width, len(l.Bet.String()))
	}
	for i, l := range q.Lines {
		off := ""
		if l.Off {
			off = "  (off)"
		}
		fmt.Fprintf(w, "  %d  %-4s %-*s %6d%s\n", i+1, l.Player, width, l.Bet, l.Amount, off)
	}
	if len(q.Lines) > 1 {
		fmt.Fprintf(w, "Answer the total paid, or each bet's pay in order (%d amounts).\n", len(q.Lines))
	}
}

// answerHint says what answers the question takes.
func answerHint(q drill.Question) string {
	if q.Kind == drill.KindLayout && len(q.Lines) > 1 {
		return fmt.Sprintf("Answer with the total paid, or %d amounts, one per bet in order (0 for a bet not paid); q quits.", len(q.Lines))
	}
	return "Answer with an amount, such as 35; q quits."
}

// writeMark says right or wrong, with the worked answer.
func writeMark(w io.Writer, q drill.Question, a drill.Answer, m drill.Mark, took time.Duration) {
	secs := fmt.Sprintf("(%.1f s)", took.Seconds())
	switch {
	case m.Right:
		fmt.Fprintln(w, "Right.", secs)
	case m.Lines != nil:
		fmt.Fprintln(w, "Wrong.", secs)
		for i, right := range m.Lines {
			if l := q.Lines[i]; !right {
				fmt.Fprintf(w, "  Bet %d, %s's %v: it pays %d, not %d.\n", i+1, l.Player, l.Bet, l.Paid, a[i])
			}
		}
	default:
		fmt.Fprintf(w, "Wrong: the answer is %d, not %d. %s\n", q.Answer, a[0], secs)
	}
	for _, line := range strings.Split(strings.TrimSuffix(m.Explanation, "\n"), "\n") {
		fmt.Fprintln(w, "  "+line)
	}
}

// writeScore prints the session's score, in all and by kind of bet.
func writeScore(w io.Writer, s *drill.Session) {
	sc := s.Score()
	if sc.Asked == 0 {
		return
	}
	fmt.Fprintf(w, "\nScore: %d of %d right (%d%%) in %s, %.1f s a question.\n",
		sc.Right, sc.Asked, (200*sc.Right+sc.Asked)/(2*sc.Asked), sc.Time.Round(time.Second/10), sc.Time.Seconds()/float64(sc.Asked))
	for _, t := range sc.ByBet {
		what := t.Bet.String()
		if t.Bet == craps.NoBet {
			what = "whole layout"
		}
		fmt.Fprintf(w, "  %-7v %-16s %d of %d\n", t.Kind, what, t.Right, t.Asked)
	}
}

// saveSession writes the session record as JSON.
func saveSession(name string, s *drill.Session) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(name, append(data, '\n'), 0o644)
}
