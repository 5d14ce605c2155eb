package main

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/crapslab/craps"
)

const edgeSynopsis = `[-rules NAME] [-wide] [-bet NAMES] [-json] [rule flags]

Prints the exact house edge of every bet the rules offer. By default the
table fits in 100 columns: each bet, what it pays, and its edge per bet made
and per roll, exact fractions beside percentages (a fraction too long for
the column as its percentage alone); in the private game (-rules street),
whose bets between players are figured at even money, also the true odds,
the fair price. -wide adds the probabilities of a win, a loss and a push,
the edge per bet resolved (pushes left out), the expected rolls to a
decision and the true odds, every fraction whole.
Commission paid when a bet is made counts in the amount wagered. Then the
combined edge of each line bet with full odds, at the rules' limit and at
common limits; in the private game, the length of a shooter's hand. Under
card rules (-rules cards, or -cards READING) every figure is the cards':
exact, except the all, tall and small bets, simulated with their standard
error; the deck's own figures follow (come-out totals, points made, how
often the deck runs out, cards dealt per decision). The first card table
takes seconds. -bet picks rows: "place 6,field" or a kind, "place" (every
place bet), or any other bet the rules take, such as the private game's
propositions ("2,12 before 7", "points then 7"); the hand's and the
deck's figures are then left out.

-json prints all of it, every column, as one JSON object, every fraction
"p/q" whole; schema/edge.schema.json in the repository documents it.

Examples:
  craps edge -rules standard -field12 2 -props for1
  craps edge -wide -bet "pass,place"
  craps edge -json -rules crapless`

// textWidth is the width craps edge's default table fits in.
const textWidth = 100

func runEdge(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("edge", edgeSynopsis, stdout)
	asJSON := fs.Bool("json", false, "print everything, every column, as one JSON object (schema/edge.schema.json)")
	wide := fs.Bool("wide", false, "print every column (win, lose, push, per resolved, rolls, true odds) and every fraction whole")
	pick := fs.String("bet", "", `print only these bets, separated by commas (or semicolons): a bet ("place 6", "2,12 before 7") or a kind of bet ("place"); any bet the rules take, listed or not`)
	rf := addRuleFlags(fs)
	r, err := rf.parse(fs, args)
	if err != nil {
		return err
	}
	rep, err := newEdgeReport(r, rf.describe(), *pick)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, rep.toJSON())
	}
	return rep.writeText(stdout, *wide)
}

// edgeReport is everything craps edge prints, computed once: the text and
// the JSON are two views of it.
type edgeReport struct {
	rules craps.Rules
	name  string
	rows  []craps.Analysis
	// line is the line bets with full odds; own says which of them are at
	// the rules' own limit.
	line []craps.LineOdds
	own  []bool
	hand *craps.HandFigures
	deck *deckFigures
}

// newEdgeReport analyses the rules; pick, if not "", keeps only the bets
// it names, and leaves out the hand's and the deck's figures.
func newEdgeReport(r craps.Rules, name, pick string) (*edgeReport, error) {
	keep, named, err := betPicker(pick)
	if err != nil {
		return nil, err
	}
	rows, err := pickedRows(r, pick, keep)
	if err != nil {
		return nil, err
	}
	rep := &edgeReport{rules: r, name: name}
	seen := map[craps.Bet]bool{}
	for _, a := range rows {
		if keep(a.Bet) {
			rep.rows = append(rep.rows, a)
			seen[a.Bet] = true
		}
	}
	// A bet named that the table does not list (a proposition of the
	// private game's, a sequence) is analysed on its own.
	for _, b := range named {
		if seen[b] {
			continue
		}
		a, err := r.Analyze(b)
		if err != nil {
			return nil, fmt.Errorf("-bet %v: %v: %w", b, strings.TrimPrefix(err.Error(), "craps: "), errUsage)
		}
		rep.rows = append(rep.rows, a)
		seen[b] = true
	}
	if len(rep.rows) == 0 && pick != "" {
		return nil, fmt.Errorf("-bet %q: no bet the rules offer: %w", pick, errUsage)
	}
	if !r.Private {
		rep.line, rep.own = lineOdds(r, keep)
	}
	if pick != "" {
		return rep, nil
	}
	if r.Private {
		h, err := r.Hand()
		if err != nil {
			return nil, err
		}
		rep.hand = &h
	}
	if r.Cards != craps.NoCards {
		// A shoe too large to count exactly has no exact deck figures;
		// its bets' rows say they are simulated.
		if rep.deck, err = newDeckFigures(r); err != nil && !errors.Is(err, craps.ErrOverflow) {
			return nil, err
		}
	}
	return rep, nil
}

// pickedRows is the rules' edge table, or where -bet picks bets (and no
// row of a line bet taken down is wanted) those of the table's bets alone,
// so that a card table of a large shoe simulates only what is asked.
func pickedRows(r craps.Rules, pick string, keep func(craps.Bet) bool) ([]craps.Analysis, error) {
	if pick == "" || r.LineBetsRemovable {
		return r.EdgeTable()
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	var rows []craps.Analysis
	for _, b := range r.Catalogue() {
		if !keep(b) {
			continue
		}
		a, err := r.Analyze(b)
		if err != nil {
			return nil, err
		}
		rows = append(rows, a)
	}
	return rows, nil
}

// betPicker reads -bet: bets or kinds of bets separated by commas, a
// proposition's sets keeping theirs ("2,12 before 7,field" is two bets:
// the longest run of items that reads as a bet is one), or by semicolons,
// which always separate ("points then 7;3-3 within 3"). A name that is a
// kind ("place", "pass") keeps every bet of the kind; otherwise it must
// be a bet ("place 6"), returned in named.
func betPicker(pick string) (keep func(craps.Bet) bool, named []craps.Bet, err error) {
	if pick == "" {
		return func(craps.Bet) bool { return true }, nil, nil
	}
	kinds := map[craps.BetKind]bool{}
	bets := map[craps.Bet]bool{}
	for _, part := range strings.Split(pick, ";") {
		if err := pickItems(strings.Split(part, ","), kinds, bets, &named); err != nil {
			return nil, nil, err
		}
	}
	return func(b craps.Bet) bool { return kinds[b.Kind] || bets[b] }, named, nil
}

// pickItems reads the bets and kinds of a list of items separated by
// commas, each bet the longest run of items that reads as one.
func pickItems(items []string, kinds map[craps.BetKind]bool, bets map[craps.Bet]bool, named *[]craps.Bet) error {
	for i := 0; i < len(items); {
		j := len(items)
		var b craps.Bet
		var err error
		for ; j > i+1; j-- { // a bet whose sets hold commas first
			if b, err = craps.ParseBet(strings.TrimSpace(strings.Join(items[i:j], ","))); err == nil {
				break
			}
		}
		if j == i+1 {
			if k, err := craps.ParseBetKind(items[i]); err == nil {
				kinds[k] = true
				i++
				continue
			}
			if b, err = craps.ParseBet(strings.TrimSpace(items[i])); err != nil {
				return fmt.Errorf("-bet: %v: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
			}
		}
		bets[b] = true
		*named = append(*named, b)
		i = j
	}
	return nil
}

// lineOdds is the combined edge of each line bet with full odds that keep
// lets through, at the rules' own limit and at the common ones, and of a
// put bet on each number with the odds the rules allow; own says which
// rows are at the rules' limit.
func lineOdds(r craps.Rules, keep func(craps.Bet) bool) (rows []craps.LineOdds, own []bool) {
	limits := []craps.OddsLimit{r.Odds, craps.FlatOdds(1), craps.FlatOdds(2), {}, craps.FlatOdds(5),
		craps.FlatOdds(10), craps.FlatOdds(20), craps.FlatOdds(100)}
	row := func(b craps.Bet, limit craps.OddsLimit, theirs bool) {
		if !keep(b) {
			return
		}
		if lo, err := r.WithOdds(b, limit); err == nil { // else not offered under these rules
			rows, own = append(rows, lo), append(own, theirs)
		}
	}
	for _, k := range []craps.BetKind{craps.PassLine, craps.DontPass} {
		limit := r.Odds
		if k == craps.DontPass && r.LayOdds != (craps.OddsLimit{}) {
			limit = r.LayOdds // the zero LayOdds follows Odds
		}
		row(craps.Bet{Kind: k}, limit, true)
		for _, l := range limits[1:] {
			if l != limit {
				row(craps.Bet{Kind: k}, l, false)
			}
		}
	}
	for n := 2; n <= 12; n++ {
		row(craps.Bet{Kind: craps.Put, Number: n}, r.Odds, true)
	}
	return rows, own
}

// writeText prints the report: the default table in textWidth columns,
// or with -wide every column and every fraction whole.
func (rep *edgeReport) writeText(w io.Writer, wide bool) error {
	r := rep.rules
	if r.Private {
		fmt.Fprintf(w, "Bets between players under %s, figured at even money: the edge is the\n"+
			"backer's disadvantage (negative: his advantage); the true odds are the fair price\n", rep.name)
	} else {
		fmt.Fprintf(w, "House edge under %s (odds %v)\n", rep.name, r.Odds)
	}
	if r.Cards != craps.NoCards {
		fmt.Fprint(w, cardMoments)
	}
	fmt.Fprintln(w)
	f := &fractions{limit: maxCell}
	var table [][]string
	if wide {
		table = rep.wideTable(f)
	} else {
		// The longest fractions and payouts give way until the table fits.
		for _, limit := range []int{12, 8, 0} {
			f = &fractions{limit: limit, shortOnly: true}
			table = rep.narrowTable(f, 2*limit)
			if tableWidth(table) <= textWidth {
				break
			}
		}
	}
	if err := writeTable(w, table); err != nil {
		return err
	}
	var simulated []string
	var decisions int64
	why := "whose state (the totals thrown) and the deck's are too many to follow"
	for _, a := range rep.rows {
		if a.Simulated != 0 {
			simulated, decisions = append(simulated, rowName(a)), a.Simulated
			switch a.Bet.Kind {
			case craps.All, craps.Tall, craps.Small, craps.Repeater:
			default: // any other bet is exact but for a shoe too large
				why = "dealt from a shoe of more decks than the exact analysis counts (see -shoe)"
			}
		}
	}
	if len(simulated) > 0 {
		fmt.Fprintf(w, "\n%s\n", wrap(fmt.Sprintf("Not exact: %s, %s, are simulated: %d decisions each from a fixed seed, "+
			"the edge's standard error after the ±.", strings.Join(simulated, ", "), why, decisions), 80))
	}
	f.writeNotes(w)
	if len(rep.line) > 0 {
		if err := rep.writeLineOdds(w, wide); err != nil {
			return err
		}
	}
	if rep.hand != nil {
		if err := writeHand(w, r, rep.hand); err != nil {
			return err
		}
	}
	if rep.deck != nil {
		return rep.deck.writeText(w, wide)
	}
	return nil
}

// wideTable is every column of every row, every fraction whole (the
// longest in footnotes).
func (rep *edgeReport) wideTable(f *fractions) [][]string {
	table := [][]string{{"BET", "PAYS", "WIN", "LOSE", "PUSH", "EDGE PER BET", "PER RESOLVED", "PER ROLL", "ROLLS", "TRUE ODDS"}}
	for _, a := range rep.rows {
		cell := rep.cellFor(a, f)
		cells := []string{rowName(a), a.Pays,
			cell(a.Win, percent), cell(a.Lose, percent), cell(a.Push, percent),
			edgeCell(a, cell), cell(a.EdgePerResolved, percent),
			cell(a.EdgePerRoll, percent), cell(a.Rolls, decimal)}
		table = append(table, append(cells, rep.trueOdds(a, f)))
	}
	return table
}

// narrowTable is the default table: the bet, what it pays (a payout
// longer than maxPays in a footnote), and its edge per bet and per roll;
// in the private game, whose bets between players are figured at even
// money, also the true odds, the fair price the table is there to show.
func (rep *edgeReport) narrowTable(f *fractions, maxPays int) [][]string {
	header := []string{"BET", "PAYS", "EDGE PER BET", "PER ROLL"}
	if rep.rules.Private {
		header = append(header, "TRUE ODDS")
	}
	table := [][]string{header}
	for i := 0; i < len(rep.rows); i++ {
		a := rep.rows[i]
		if n := freeOdds(rep.rows[i:]); n > 1 {
			// The odds behind a line bet cost nothing: one row for all of
			// them, not one a point.
			var pays []string // "2:1 on 4, 10", in the order of the first number
			on := map[string][]string{}
			for _, o := range rep.rows[i : i+n] {
				if on[o.Pays] == nil {
					pays = append(pays, o.Pays)
				}
				on[o.Pays] = append(on[o.Pays], strconv.Itoa(o.Bet.Number))
			}
			for k, p := range pays {
				pays[k] = p + " on " + strings.Join(on[p], ", ")
			}
			name := fmt.Sprintf("%v %d-%d", a.Bet.Kind, a.Bet.Number, rep.rows[i+n-1].Bet.Number)
			row := []string{name, f.note(a.Bet.Kind.String() + " pays " + strings.Join(pays, "; ")),
				"0 (no edge)", "0"}
			if rep.rules.Private {
				row = append(row, "")
			}
			table = append(table, row)
			i += n - 1
			continue
		}
		cell := rep.cellFor(a, f)
		pays := a.Pays
		if utf8.RuneCountInString(pays) > max(maxPays, len("PAYS")) {
			pays = f.note(rowName(a) + " pays " + pays)
		}
		row := []string{rowName(a), pays, edgeCell(a, cell), cell(a.EdgePerRoll, percent)}
		if rep.rules.Private {
			row = append(row, rep.shortTrueOdds(a, f))
		}
		table = append(table, row)
	}
	return table
}

// freeOdds is how many rows, from the first, are odds of one kind behind
// a line or come bet at no edge, exactly; 0 if the first is not.
func freeOdds(rows []craps.Analysis) int {
	n := 0
	for _, a := range rows {
		switch a.Bet.Kind {
		case craps.PassOdds, craps.DontPassOdds, craps.ComeOdds, craps.DontComeOdds, craps.PutOdds:
		default:
			return n
		}
		if a.Bet.Kind != rows[0].Bet.Kind || a.Simulated != 0 || a.EdgePerBet.Sign() != 0 || a.EdgePerRoll.Sign() != 0 {
			return n
		}
		n++
	}
	return n
}

// shortTrueOdds is a row's true odds in the default table: "a to b" when
// it fits the column's limit, otherwise its approximation, "x to 1".
func (rep *edgeReport) shortTrueOdds(a craps.Analysis, f *fractions) string {
	odds := rep.trueOdds(a, &fractions{limit: maxCell})
	if len(odds) <= max(f.limit, len("TRUE ODDS")) || a.TrueOdds() == nil {
		return odds
	}
	f.shortened = true
	return a.TrueOdds().FloatString(4) + " to 1"
}

// cellFor is how a row writes its figures: exact fractions, a card
// table's approximations (their fractions run to dozens of digits), or a
// simulated row's estimates.
func (rep *edgeReport) cellFor(a craps.Analysis, f *fractions) func(*big.Rat, func(*big.Rat) string) string {
	switch {
	case a.Simulated != 0:
		return estimate
	case rep.rules.Cards != craps.NoCards:
		return approximate
	}
	return f.cell
}

// edgeCell is the edge per bet, or a simulated row's estimate with its
// standard error.
func edgeCell(a craps.Analysis, cell func(*big.Rat, func(*big.Rat) string) string) string {
	if a.Simulated != 0 {
		return fmt.Sprintf("~%s ± %.4f%% (simulated)", percent(a.EdgePerBet), 100*a.EdgeStdErr)
	}
	return cell(a.EdgePerBet, percent)
}

func (rep *edgeReport) trueOdds(a craps.Analysis, f *fractions) string {
	switch {
	case a.Simulated != 0:
		return "-"
	case rep.rules.Cards != craps.NoCards:
		if t := a.TrueOdds(); t != nil {
			return t.FloatString(4) + " to 1"
		}
		return "-"
	}
	odds := against(a.TrueOdds())
	if len(odds) > f.limit {
		return f.note(odds)
	}
	return odds
}

// writeLineOdds prints the combined edge of each line bet with full odds.
func (rep *edgeReport) writeLineOdds(w io.Writer, wide bool) error {
	fmt.Fprintln(w, "\nLine bets with full odds (lay odds limited as the rules say)")
	fmt.Fprintln(w)
	f := &fractions{limit: maxCell, shortOnly: !wide}
	cell := f.cell
	if rep.rules.Cards != craps.NoCards {
		cell = approximate
	}
	table := [][]string{{"BET", "ODDS", "WAGERED", "EDGE PER BET", "PER ROLL"}}
	for i, lo := range rep.line {
		name := lo.Limit.String()
		if rep.own[i] {
			name += " (these rules)"
		}
		table = append(table, []string{lo.Bet.String(), name, lo.Wagered.RatString(),
			cell(lo.EdgePerBet, percent), cell(lo.EdgePerRoll, percent)})
	}
	if err := writeTable(w, table); err != nil {
		return err
	}
	f.writeNotes(w)
	return nil
}

// writeHand prints the length of a shooter's hand.
func writeHand(w io.Writer, r craps.Rules, h *craps.HandFigures) error {
	show := withDecimal
	if r.Cards != craps.NoCards { // the cards' exact fractions run to dozens of digits
		show = decimal
	}
	_, err := fmt.Fprintf(w, "\nA shooter's hand: %s throws a decision, %s decisions\n"+
		"(one center bet each), %s throws; a decision is a seven-out with\nprobability %s\n",
		show(h.ThrowsPerDecision), show(h.DecisionsPerHand), show(h.ThrowsPerHand), show(h.SevenOut))
	return err
}

func withDecimal(q *big.Rat) string { return q.RatString() + " (" + decimal(q) + ")" }

// writeTable prints rows of cells in columns two spaces apart.
func writeTable(w io.Writer, table [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, row := range table {
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	return tw.Flush()
}

// tableWidth is the width writeTable gives table.
func tableWidth(table [][]string) int {
	var widths []int
	for _, row := range table {
		for i, c := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	total := 0
	for _, n := range widths {
		total += n + 2
	}
	return total - 2
}

// maxCell is the longest exact fraction -wide prints in a table cell;
// longer ones (the fire bet's) are printed whole below the table.
const maxCell = 24

// fractions writes the exact figures of a table's cells and keeps the
// notes printed below it.
type fractions struct {
	// limit is the longest fraction a cell holds. A longer one goes to a
	// footnote or, with shortOnly, is left to its approximation (the
	// default table points to -wide and -json for it).
	limit     int
	shortOnly bool
	notes     []string
	shortened bool
}

// note moves text to a footnote and returns its mark.
func (f *fractions) note(text string) string {
	f.notes = append(f.notes, text)
	return fmt.Sprintf("[%d]", len(f.notes))
}

// cell writes an exact value and its approximation, "7/495 (1.4141%)".
func (f *fractions) cell(q *big.Rat, approx func(*big.Rat) string) string {
	if q == nil {
		return "-"
	}
	exact := q.RatString()
	switch {
	case len(exact) <= f.limit:
	case f.shortOnly:
		f.shortened = true
		return approx(q)
	default:
		exact = f.note(exact)
	}
	return exact + " (" + approx(q) + ")"
}

// writeNotes prints the footnotes, and where fractions were left out.
func (f *fractions) writeNotes(w io.Writer) {
	if len(f.notes) > 0 {
		fmt.Fprintln(w, "\nToo long for the table:")
		for i, n := range f.notes {
			// A long payout wraps under its mark; a fraction has no spaces.
			mark := fmt.Sprintf("[%d] ", i+1)
			indent := "\n" + strings.Repeat(" ", len(mark))
			fmt.Fprintln(w, mark+strings.ReplaceAll(wrap(n, textWidth-len(mark)), "\n", indent))
		}
	}
	if f.shortened {
		fmt.Fprintln(w, "\nA figure alone is a fraction too long for the column: craps edge -wide or -json prints it.")
	}
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

// edgeReportJSON is the JSON craps edge -json prints; edgeSynopsis
// documents it.
type edgeReportJSON struct {
	header
	Rules        string           `json:"rules"`
	Odds         string           `json:"odds"`
	Private      bool             `json:"private"`
	Cards        string           `json:"cards"`
	Bets         []edgeJSON       `json:"bets"`
	LineWithOdds []lineOddsJSON   `json:"line_with_odds,omitempty"`
	Hand         *handFiguresJSON `json:"hand,omitempty"`
	Deck         *deckJSON        `json:"deck,omitempty"`
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

type lineOddsJSON struct {
	Bet         string `json:"bet"`
	Odds        string `json:"odds"`
	TheseRules  bool   `json:"these_rules"`
	Wagered     string `json:"wagered"`
	EdgePerBet  string `json:"edge_per_bet"`
	EdgePerRoll string `json:"edge_per_roll"`
}

type handFiguresJSON struct {
	ThrowsPerDecision string `json:"throws_per_decision"`
	DecisionsPerHand  string `json:"decisions_per_hand"`
	ThrowsPerHand     string `json:"throws_per_hand"`
	SevenOut          string `json:"seven_out"`
}

func (rep *edgeReport) toJSON() edgeReportJSON {
	r := rep.rules
	out := edgeReportJSON{header: newHeader("edge"), Rules: rep.name, Odds: r.Odds.String(), Private: r.Private, Bets: []edgeJSON{}}
	out.Cards = r.Cards.String() // "dice" for no cards
	for _, a := range rep.rows {
		e := edgeJSON{
			Bet: rowName(a), Pays: a.Pays, Win: frac(a.Win), Lose: frac(a.Lose), Push: frac(a.Push),
			Return: frac(a.Return), Wagered: frac(a.Wagered), EdgePerBet: frac(a.EdgePerBet),
			EdgePerResolved: frac(a.EdgePerResolved), EdgePerRoll: frac(a.EdgePerRoll),
			Rolls: frac(a.Rolls), TrueOdds: against(a.TrueOdds()), EdgePercent: percent(a.EdgePerBet),
			Figure: "exact",
		}
		if a.Simulated != 0 {
			stdErr := a.EdgeStdErr
			e.Figure, e.Decisions, e.EdgeStdErr, e.TrueOdds = "simulated", a.Simulated, &stdErr, ""
		}
		out.Bets = append(out.Bets, e)
	}
	for i, lo := range rep.line {
		out.LineWithOdds = append(out.LineWithOdds, lineOddsJSON{Bet: lo.Bet.String(), Odds: lo.Limit.String(),
			TheseRules: rep.own[i], Wagered: frac(lo.Wagered), EdgePerBet: frac(lo.EdgePerBet), EdgePerRoll: frac(lo.EdgePerRoll)})
	}
	if h := rep.hand; h != nil {
		out.Hand = &handFiguresJSON{ThrowsPerDecision: frac(h.ThrowsPerDecision), DecisionsPerHand: frac(h.DecisionsPerHand),
			ThrowsPerHand: frac(h.ThrowsPerHand), SevenOut: frac(h.SevenOut)}
	}
	if rep.deck != nil {
		out.Deck = rep.deck.toJSON()
	}
	return out
}
