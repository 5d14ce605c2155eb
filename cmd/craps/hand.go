package main

import (
	"fmt"
	"io"
	"math/big"
	"strconv"
	"text/tabwriter"

	"github.com/crapslab/craps"
)

// maxHandRolls is the longest table of hand lengths craps hand prints.
const maxHandRolls = 2000

const handSynopsis = `[-rules NAME] [rule flags] [-rolls N] [-json]

Prints the exact law of a shooter's hand, from the pass line's definition
under the rules: the chance that it lasts exactly n throws and at least n
throws (for n up to -rolls), the points made, the different points made
(the fire bet's tiers) and the pass line decisions, with their means, and
the chance of a hand as long as the longest recorded in a casino (154
throws). Probabilities are exact fractions; the text shows them as
decimals where they are long, and -json writes every one as "p/q".

Example: craps hand -rules crapless -rolls 40`

// recordHand is the longest hand recorded in a casino: 154 throws, by
// Patricia DeMauro in Atlantic City in 2009 (Ethier and Hoppe, "A world
// record in Atlantic City and the length of the shooter's hand at craps",
// The Mathematical Intelligencer, 2010).
const recordHand = 154

// handTail is where the counts' tables stop: once the chance of a larger
// count is below it, or after maxCountRows rows (a law of the dice with
// few 7s makes hands whose counts fall slowly).
var handTail = big.NewRat(1, 1_000_000)

const maxCountRows = 200

type handJSON struct {
	header
	Rules   string          `json:"rules"`
	Summary handSummaryJSON `json:"summary"`
	Lengths []handLength    `json:"lengths"`
}

type handLength struct {
	Rolls    int    `json:"rolls"`
	PExactly string `json:"p_exactly"`
	PAtLeast string `json:"p_at_least"`
}

type handSummaryJSON struct {
	ThrowsPerDecision      string `json:"throws_per_decision"`
	SevenOut               string `json:"seven_out"`
	DecisionsPerHand       string `json:"decisions_per_hand"`
	ThrowsPerHand          string `json:"throws_per_hand"`
	ThrowsPerHandVariance  string `json:"throws_per_hand_variance"`
	PointsPerHand          string `json:"points_per_hand"`
	DifferentPointsPerHand string `json:"different_points_per_hand"`
	// RecordAtLeast is the chance of a hand of at least 154 throws.
	RecordAtLeast string `json:"p_at_least_154"`
	// PointsMade[k], Decisions[k] and DifferentPoints[k] are the chances
	// of exactly k; the first two stop where the chance of more falls
	// below one in a million, or after 200.
	PointsMade      []string `json:"points_made"`
	DifferentPoints []string `json:"different_points"`
	Decisions       []string `json:"decisions"`
}

func runHand(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("hand", handSynopsis, stdout)
	var rolls count
	fs.Var(&rolls, "rolls", fmt.Sprintf("list the hand's length from 1 to this many throws, at most %d (default 30)", maxHandRolls))
	asJSON := fs.Bool("json", false, `print one JSON object: the summary, and the chance of each length (schema/hand.schema.json)`)
	rf := addRuleFlags(fs)
	r, err := rf.parse(fs, args)
	if err != nil {
		return err
	}
	if r.Cards != craps.NoCards {
		return fmt.Errorf("the hand is figured with dice; card rules deal from a deck: %w", errUsage)
	}
	n := int(rolls)
	if n == 0 {
		n = 30
	}
	// Each length's chance is an exact fraction of about 1.6 digits a
	// throw: 2,000 lengths take half a second, 10,000 take 25 seconds
	// and 450 MB, and a hand that long has a chance near 1e-140 anyway.
	if n > maxHandRolls {
		return fmt.Errorf("-rolls %d: at most %d: %w", n, maxHandRolls, errUsage)
	}
	h, err := r.ShooterHand()
	if err != nil {
		return err
	}
	exactly, atLeast, err := h.LengthTable(n)
	if err != nil {
		return err
	}
	_, record, err := h.Length(recordHand)
	if err != nil {
		return err
	}
	points, err := counts(h.PointsMade)
	if err != nil {
		return err
	}
	decisions, err := counts(h.Decisions)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeHandJSON(stdout, rf.describe(), h, exactly, atLeast, record, points, decisions)
	}
	m := h.Means()
	fmt.Fprintf(stdout, "The shooter's hand under %s, from the pass line's definition\n\n", rf.describe())
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	sd := new(big.Float).Sqrt(new(big.Float).SetRat(m.ThrowsPerHandVariance))
	for _, row := range [][2]string{
		{"throws per decision", withDecimal(m.ThrowsPerDecision)},
		{"a decision is a seven-out", withDecimal(m.SevenOut)},
		{"decisions per hand", withDecimal(m.DecisionsPerHand)},
		{"throws per hand", withDecimal(m.ThrowsPerHand) + ", standard deviation " + sd.Text('f', 4)},
		{"points made per hand", withDecimal(m.PointsPerHand)},
		{"different points per hand", short(m.DifferentPointsPerHand)},
	} {
		fmt.Fprintf(tw, "  %s\t%s\n", row[0], row[1])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	odds := new(big.Float).SetRat(new(big.Rat).Inv(record))
	published := " (Ethier and Hoppe, 2010: about 1 in 5.59 billion)" // with fair dice
	if !r.Dice.Fair() {
		published = " with dice " + r.Dice.String()
	}
	fmt.Fprintf(stdout, "\nA hand of at least %d throws, the longest recorded in a casino (Atlantic City, 2009):\n"+
		"probability %s, 1 in %s%s; exactly\n%s\n",
		recordHand, sci(record), odds.Text('f', 0), published, record.RatString())

	fmt.Fprintln(stdout, "\nLength of the hand in throws")
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "THROWS\tEXACTLY\tAT LEAST\t")
	for k := range exactly {
		fmt.Fprintf(tw, "%d\t%s\t%s\t\n", k+1, short(exactly[k]), short(atLeast[k]))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, t := range []struct {
		title, what string
		law         []*big.Rat
	}{
		{"Points made (pass line bets won on a point)", "POINTS", points},
		{"Different points made (the fire bet's tiers)", "POINTS", h.DifferentPoints()},
		{"Pass line decisions, the seven-out included", "DECISIONS", decisions},
	} {
		fmt.Fprintf(stdout, "\n%s\n", t.title)
		tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%s\tPROBABILITY\t\n", t.what)
		rest := big.NewRat(1, 1)
		for k, p := range t.law {
			if k > 0 || p.Sign() != 0 { // a hand decides at least once
				fmt.Fprintf(tw, "%d\t%s\t\n", k, short(p))
			}
			rest.Sub(rest, p)
		}
		if rest.Sign() > 0 {
			fmt.Fprintf(tw, "%d or more\t%s\t\n", len(t.law), short(rest))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintln(stdout, "\nEvery probability is exact; craps hand -json writes each as a fraction.")
	return nil
}

// counts lists a law of counts from 0 until the chance of more is below
// handTail, at most maxCountRows of them.
func counts(law func(int) (*big.Rat, error)) ([]*big.Rat, error) {
	var out []*big.Rat
	rest := big.NewRat(1, 1)
	for k := 0; k < maxCountRows && rest.Cmp(handTail) >= 0; k++ {
		p, err := law(k)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
		rest.Sub(rest, p)
	}
	return out, nil
}

// short writes an exact fraction if it is short, otherwise its decimal
// value to twelve significant digits.
func short(q *big.Rat) string {
	if s := q.RatString(); len(s) <= maxCell {
		if q.IsInt() {
			return s
		}
		return s + " (" + sci(q) + ")"
	}
	return sci(q)
}

// sci writes q to twelve significant digits.
func sci(q *big.Rat) string {
	f, _ := q.Float64()
	return strconv.FormatFloat(f, 'g', 12, 64)
}

func fracs(qs []*big.Rat) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = frac(q)
	}
	return out
}

func writeHandJSON(w io.Writer, rules string, h *craps.ShooterHand, exactly, atLeast []*big.Rat, record *big.Rat, points, decisions []*big.Rat) error {
	m := h.Means()
	out := handJSON{header: newHeader("hand"), Rules: rules, Summary: handSummaryJSON{
		ThrowsPerDecision: frac(m.ThrowsPerDecision), SevenOut: frac(m.SevenOut),
		DecisionsPerHand: frac(m.DecisionsPerHand), ThrowsPerHand: frac(m.ThrowsPerHand),
		ThrowsPerHandVariance: frac(m.ThrowsPerHandVariance), PointsPerHand: frac(m.PointsPerHand),
		DifferentPointsPerHand: frac(m.DifferentPointsPerHand), RecordAtLeast: frac(record),
		PointsMade: fracs(points), DifferentPoints: fracs(h.DifferentPoints()), Decisions: fracs(decisions),
	}}
	for k := range exactly {
		out.Lengths = append(out.Lengths, handLength{k + 1, frac(exactly[k]), frac(atLeast[k])})
	}
	return writeJSON(w, out)
}
