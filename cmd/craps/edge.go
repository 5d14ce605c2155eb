package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"
	"text/tabwriter"

	"github.com/crapslab/craps"
)

func runEdge(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("edge", "[-rules NAME] [-json] [rule flags]\n\n"+
		"Prints the exact house edge of every bet the rules offer: the probabilities\n"+
		"of a win, a loss and a push, the edge per bet made, per bet resolved\n"+
		"(pushes left out) and per roll, and the expected rolls to a decision, as\n"+
		"exact fractions beside percentages. Commission paid when a bet is made\n"+
		"counts in the amount wagered. Then the combined edge of each line bet\n"+
		"with full odds, at the rules' limit and at common limits. Under card\n"+
		"rules (-rules cards, or -cards READING) every figure is the cards': exact,\n"+
		"except the all, tall and small bets, simulated with their standard error;\n"+
		"the deck's own figures follow (come-out totals, points made, how often the\n"+
		"deck runs out, cards dealt per decision). The first card table takes seconds.\n\n"+
		"Example: craps edge -rules standard -field12 2 -props for1", stdout)
	asJSON := fs.Bool("json", false, "print a JSON array, one object per bet, fractions written \"p/q\"")
	rf := addRuleFlags(fs)
	if err := parse(fs, args, 0); err != nil {
		return err
	}
	r, err := rf.rules()
	if err != nil {
		return err
	}
	rows, err := r.EdgeTable()
	if err != nil {
		return err
	}
	if *asJSON {
		return writeEdgeJSON(stdout, rows)
	}
	if r.Private {
		fmt.Fprintf(stdout, "Bets between players under %s, figured at even money: the edge is the\n"+
			"backer's disadvantage (negative: his advantage); the true odds are the fair price\n", rf.describe())
	} else {
		fmt.Fprintf(stdout, "House edge under %s (odds %v)\n", rf.describe(), r.Odds)
	}
	if r.Cards != craps.NoCards {
		fmt.Fprint(stdout, cardMoments)
	}
	fmt.Fprintln(stdout)
	var notes footnotes
	var simulated []string
	var decisions int64
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "BET\tPAYS\tWIN\tLOSE\tPUSH\tEDGE PER BET\tPER RESOLVED\tPER ROLL\tROLLS\tTRUE ODDS")
	for _, a := range rows {
		cell := notes.cell
		switch {
		case a.Simulated != 0:
			cell = estimate
			simulated, decisions = append(simulated, rowName(a)), a.Simulated
		case r.Cards != craps.NoCards:
			cell = approximate
		}
		cells := []string{rowName(a), a.Pays,
			cell(a.Win, percent), cell(a.Lose, percent), cell(a.Push, percent),
			cell(a.EdgePerBet, percent), cell(a.EdgePerResolved, percent),
			cell(a.EdgePerRoll, percent), cell(a.Rolls, decimal)}
		odds := against(a.TrueOdds())
		if r.Cards != craps.NoCards {
			odds = "-"
			if t := a.TrueOdds(); t != nil && a.Simulated == 0 {
				odds = t.FloatString(4) + " to 1"
			}
		}
		if a.Simulated != 0 {
			cells[5] = fmt.Sprintf("~%s ± %.4f%% (simulated)", percent(a.EdgePerBet), 100*a.EdgeStdErr)
			odds = "-"
		} else if len(odds) > maxCell {
			odds = notes.add(odds)
		}
		fmt.Fprintln(tw, strings.Join(append(cells, odds), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(simulated) > 0 {
		fmt.Fprintf(stdout, "\nNot exact: %s, whose state (the totals thrown) and the deck's are too many\n"+
			"to follow, are simulated: %d decisions each from a fixed seed, the edge's standard\n"+
			"error after the ±.\n", strings.Join(simulated, ", "), decisions)
	}
	if len(notes) > 0 {
		fmt.Fprintln(stdout, "\nExact values too long for the table:")
		for i, n := range notes {
			fmt.Fprintf(stdout, "[%d] %s\n", i+1, n)
		}
	}
	if r.Private {
		if err := writeHand(stdout, r); err != nil || r.Cards == craps.NoCards {
			return err
		}
		return writeCardFigures(stdout, r)
	}
	if err := writeLineOdds(stdout, r); err != nil || r.Cards == craps.NoCards {
		return err
	}
	return writeCardFigures(stdout, r)
}

// writeHand prints the length of a shooter's hand.
func writeHand(w io.Writer, r craps.Rules) error {
	h, err := r.Hand()
	if err != nil {
		return err
	}
	show := withDecimal
	if r.Cards != craps.NoCards { // the cards' exact fractions run to dozens of digits
		show = decimal
	}
	_, err = fmt.Fprintf(w, "\nA shooter's hand: %s throws a decision, %s decisions (one center bet each),\n"+
		"%s throws; a decision is a seven-out with probability %s\n",
		show(h.ThrowsPerDecision), show(h.DecisionsPerHand), show(h.ThrowsPerHand), show(h.SevenOut))
	return err
}

func withDecimal(q *big.Rat) string { return q.RatString() + " (" + decimal(q) + ")" }

// maxCell is the longest exact fraction printed in a table cell; longer
// ones (the fire bet's) are printed whole below the table.
const maxCell = 24

// footnotes holds the exact values printed below a table.
type footnotes []string

func (f *footnotes) add(s string) string {
	*f = append(*f, s)
	return fmt.Sprintf("[%d]", len(*f))
}

// cell writes an exact value and its approximation, "7/495 (1.4141%)",
// moving a long fraction to a footnote.
func (f *footnotes) cell(q *big.Rat, approx func(*big.Rat) string) string {
	if q == nil {
		return "-"
	}
	exact := q.RatString()
	if len(exact) > maxCell {
		exact = f.add(exact)
	}
	return exact + " (" + approx(q) + ")"
}

func decimal(q *big.Rat) string { return q.FloatString(4) }

// approximate writes an exact figure too long to print whole (a card
// table's): its approximation only.
func approximate(q *big.Rat, approx func(*big.Rat) string) string {
	if q == nil {
		return "-"
	}
	return approx(q)
}

// estimate writes a simulated figure: its approximation only, marked.
func estimate(q *big.Rat, approx func(*big.Rat) string) string {
	if q == nil {
		return "-"
	}
	return "~" + approx(q)
}

// cardMoments says when the bets of a card table's rows are made, which
// their figures depend on.
const cardMoments = "Card craps: every figure is the cards'. A bet's figures depend on the deck it\n" +
	"is made from: line, one-roll, fire, all, tall and small bets (and the center\n" +
	"bet and propositions) are made on a come-out, from a full deck; odds behind the\n" +
	"line (and the point bet) when the come-out sets their point; every other bet\n" +
	"when the come-out sets any point, from the deck as it then stands. Each then\n" +
	"works on every throw to its decision. The exact fractions run to dozens of\n" +
	"digits: craps edge -json prints them whole.\n"

// rowName is the bet's name, with how it is played if that is not the
// plain bet.
func rowName(a craps.Analysis) string {
	if a.Note != "" {
		return a.Bet.String() + " (" + a.Note + ")"
	}
	return a.Bet.String()
}

// withPercent writes an exact fraction and its value as a percentage to
// four places, "7/495 (1.4141%)".
func withPercent(q *big.Rat) string {
	if q == nil {
		return "-"
	}
	return q.RatString() + " (" + percent(q) + ")"
}

func percent(q *big.Rat) string {
	return new(big.Rat).Mul(q, big.NewRat(100, 1)).FloatString(4) + "%"
}

// frac writes q as "p/q", the form the JSON output promises.
func frac(q *big.Rat) string {
	if q == nil {
		return ""
	}
	return q.String()
}

type edgeJSON struct {
	Bet             string `json:"bet"`
	Pays            string `json:"pays"`
	Win             string `json:"win"`
	Lose            string `json:"lose"`
	Push            string `json:"push"`
	Return          string `json:"return"`
	Wagered         string `json:"wagered"`
	EdgePerBet      string `json:"edge_per_bet"`
	EdgePerResolved string `json:"edge_per_resolved"`
	EdgePerRoll     string `json:"edge_per_roll"`
	Rolls           string `json:"rolls"`
	TrueOdds        string `json:"true_odds"`
	EdgePercent     string `json:"edge_per_bet_percent"`
	// Figure is "exact", or "simulated" for a figure estimated from
	// Decisions decisions (its fractions are counts over them), with the
	// edge's standard error.
	Figure     string   `json:"figure"`
	Decisions  int64    `json:"decisions,omitempty"`
	EdgeStdErr *float64 `json:"edge_std_err,omitempty"`
}

func writeEdgeJSON(w io.Writer, rows []craps.Analysis) error {
	out := make([]edgeJSON, 0, len(rows))
	for _, a := range rows {
		out = append(out, edgeJSON{
			Bet: rowName(a), Pays: a.Pays, Win: frac(a.Win), Lose: frac(a.Lose), Push: frac(a.Push),
			Return: frac(a.Return), Wagered: frac(a.Wagered), EdgePerBet: frac(a.EdgePerBet),
			EdgePerResolved: frac(a.EdgePerResolved), EdgePerRoll: frac(a.EdgePerRoll),
			Rolls: frac(a.Rolls), TrueOdds: against(a.TrueOdds()), EdgePercent: percent(a.EdgePerBet),
			Figure: "exact",
		})
		if a.Simulated != 0 {
			e := &out[len(out)-1]
			e.Figure, e.Decisions, e.EdgeStdErr, e.TrueOdds = "simulated", a.Simulated, &a.EdgeStdErr, ""
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeLineOdds prints the combined edge of each line bet with full odds,
// at the rules' own limit and at the common ones, and of a put bet on each
// number with the odds the rules allow.
func writeLineOdds(w io.Writer, r craps.Rules) error {
	limits := []craps.OddsLimit{r.Odds, craps.FlatOdds(1), craps.FlatOdds(2), {}, craps.FlatOdds(5),
		craps.FlatOdds(10), craps.FlatOdds(20), craps.FlatOdds(100)}
	fmt.Fprintln(w, "\nLine bets with full odds (lay odds limited as the rules say)")
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "BET\tODDS\tWAGERED\tEDGE PER BET\tPER ROLL")
	// Under card rules the figures are the cards', whose fractions run long.
	show := withPercent
	if r.Cards != craps.NoCards {
		show = percent
	}
	row := func(b craps.Bet, limit craps.OddsLimit, name string) {
		lo, err := r.WithOdds(b, limit)
		if err != nil {
			return // not offered under these rules
		}
		fmt.Fprintf(tw, "%v\t%s\t%s\t%s\t%s\n", b, name, lo.Wagered.RatString(),
			show(lo.EdgePerBet), show(lo.EdgePerRoll))
	}
	for _, k := range []craps.BetKind{craps.PassLine, craps.DontPass} {
		own := r.Odds
		if k == craps.DontPass && r.LayOdds != (craps.OddsLimit{}) {
			own = r.LayOdds // the zero LayOdds follows Odds
		}
		row(craps.Bet{Kind: k}, own, own.String()+" (these rules)")
		for _, limit := range limits[1:] {
			if limit != own {
				row(craps.Bet{Kind: k}, limit, limit.String())
			}
		}
	}
	for n := 2; n <= 12; n++ {
		row(craps.Bet{Kind: craps.Put, Number: n}, r.Odds, r.Odds.String()+" (these rules)")
	}
	return tw.Flush()
}
