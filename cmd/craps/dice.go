package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/crapslab/craps"
)

const diceSynopsis = `[-apart] [-level P] [-srr LIST] [-bet NAMES] [-strategy NAME|TEXT | -strategy-file FILE] [-fit FILE] [-json] [-rules NAME] [rule flags] [FILE | -draw N [-seed S] [-write FILE]]

Reads a record of throws from FILE (or standard input) and prints what it
says about the dice: the counts by total and by face; tests of fairness
(Pearson's chi-square and the G-test, each with its p-value) of the
totals, the throws (or, as the record does not tell the dice apart, the
21 combinations), the faces (of each die, and whether the dice are
independent, with -apart) and the sevens, and whether the dice are fair at
the -level by Holm's procedure over all the tests; the SRR (throws per 7)
with its 95% interval, and the throws a record needs to tell an SRR from 6
at 95% with 80% power; and, under the law fitted to the record (each
throw's share of it), the edge of each bet with its 95% interval and the
SRR at which the bet breaks even (the edge crosses zero under a dice
setter's law, -dice srr=X, to within 10^-6), then the line bets with the
rules' full odds, and a strategy's (-strategy).

A record is one throw a line, "3-4" (or "3 4"), # starting a comment, or a
roll tape (craps help tapes): its roll lines are read and the rest left
out. -apart says the first face is always the same die's. -dice LAW tests
the record against that law instead of fair dice.

-draw N analyses N throws (at most 10^8) drawn from the rules' law in
place of a record read. There -dice and -dice-file name the law drawn
from (fair dice without them), not the law tested against: the record
drawn is tested against fair dice and its edges given under the other
rules, as craps dice reads back the file -write FILE writes (one "a-b" a
line, the first die's face first) to the same figures. Each throw is
drawn by DiceLaw.Throw from rand.NewPCG(S, 0), so the same -seed S (1
without it) draws the same throws.

-json prints all of it as one JSON object (schema/dice.schema.json).

Examples:
  craps dice throws.txt
  craps dice -draw 10000 -seed 1 -apart -dice "faces=5,5,5,5,5,6;1,1,1,1,1,1" -write loaded.txt
  craps dice -apart -bet "pass,place 6,place 8" throws.txt
  craps dice -strategy "pass 10; odds 3-4-5x" -fit fitted.dice session.tape`

// defaultDiceBets are the bets craps dice shows without -bet.
const defaultDiceBets = "pass,don't pass,come,don't come,place,field,hard,any 7,any craps,yo"

func runDice(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("dice", diceSynopsis, stdout)
	apart := fs.Bool("apart", false, "the record tells the dice apart: the first face is always the same die's")
	level := fs.Float64("level", 0.01, "the level of the tests of fairness (0.01: fair dice are found unfair once in 100)")
	srrs := fs.String("srr", "6.5,7", "SRRs to size a test for, separated by commas, beside the record's own")
	pick := fs.String("bet", defaultDiceBets, `the bets to show, separated by commas: a bet ("place 6"), a kind ("place"), or "all"`)
	name := fs.String("strategy", "", "a betting system by `NAME`, or actions in the strategy language separated by \";\": its break-even SRR")
	file := fs.String("strategy-file", "", "read the strategy from this file, one action a line")
	fit := fs.String("fit", "", "write the law fitted to the record to this `FILE`, for -dice-file")
	asJSON := fs.Bool("json", false, "print everything as one JSON object (schema/dice.schema.json)")
	draw := fs.Int64("draw", 0, "analyse `N` throws drawn from the rules' law instead of a FILE (at most 10^8)")
	seed := fs.Uint64("seed", 1, "draw -draw's throws from the seed `S`, as rand.NewPCG(S, 0): the same S draws the same throws")
	write := fs.String("write", "", "write -draw's throws to this `FILE`, one \"a-b\" a line, for craps dice FILE")
	rf := addRuleFlags(fs)
	if err := parse(fs, args, 1); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var drawn craps.DiceLaw
	if given["draw"] {
		switch {
		case fs.NArg() == 1:
			return fmt.Errorf("-draw and the record %q: the throws are drawn or read, not both: %w", fs.Arg(0), errUsage)
		case *draw < 1 || *draw > maxDraw:
			return fmt.Errorf("-draw %d: want from 1 to %d throws: %w", *draw, int64(maxDraw), errUsage)
		}
		all, err := rf.rules()
		if err != nil {
			return err
		}
		if all.Cards != craps.NoCards {
			return fmt.Errorf("-draw throws dice; card rules deal from a deck: %w", errUsage)
		}
		// The law drawn from is not the law tested against: the record is
		// analysed under the other rules, as the file -write writes is.
		drawn, rf = all.Dice, rf.without(diceKeys)
	} else {
		for _, name := range []string{"seed", "write"} {
			if given[name] {
				return fmt.Errorf("-%s without -draw: it seeds or writes drawn throws: %w", name, errUsage)
			}
		}
	}
	r, err := rf.rules()
	if err != nil {
		return err
	}
	if !(*level > 0 && *level < 1) {
		return fmt.Errorf("-level %v: want a chance between 0 and 1: %w", *level, errUsage)
	}
	var sizes []float64
	for _, f := range strings.Split(*srrs, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(x > 1) || x == 6 {
			return fmt.Errorf("-srr %q: SRRs above 1 other than 6, separated by commas: %w", *srrs, errUsage)
		}
		sizes = append(sizes, x)
	}
	var strategy *craps.Strategy
	if *name != "" || *file != "" {
		s, err := readStrategy(*name, *file)
		if err != nil {
			return err
		}
		strategy = &s
	}
	var log craps.DiceLog
	var source string
	if given["draw"] {
		if log, source, err = drawThrows(drawn, *draw, *seed, *apart, *write); err != nil {
			return err
		}
	} else {
		in := stdin
		source = "standard input"
		if fs.NArg() == 1 && fs.Arg(0) != "-" {
			f, err := os.Open(fs.Arg(0))
			if err != nil {
				return err
			}
			defer f.Close()
			in, source = f, fs.Arg(0)
		}
		if log, err = readThrows(in, *apart); err != nil {
			return fmt.Errorf("%s: %w", source, err)
		}
	}
	rep, err := newDiceReport(r, rf.describe(), log, source, *pick, *level, sizes, strategy)
	if err != nil {
		return err
	}
	if *fit != "" {
		text := fmt.Sprintf("# the law fitted to %d throws of %s by craps dice\n%s\n", log.Throws(), source, rep.fitted)
		if err := os.WriteFile(*fit, []byte(text), 0o644); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(stdout, rep.toJSON())
	}
	return rep.writeText(stdout)
}

// maxDraw is the most throws -draw takes, 10^8: the record holds only
// counts, but -write writes 4 bytes a throw, 400 MB at most.
const maxDraw = 1e8

// drawThrows draws n throws of law from rand.NewPCG(seed, 0) by
// DiceLaw.Throw into a record, and writes them to the file named write,
// if any, one "a-b" a line under a comment saying how they were drawn. It
// returns the record and its name in the report.
func drawThrows(law craps.DiceLaw, n int64, seed uint64, apart bool, write string) (craps.DiceLog, string, error) {
	name := "fair dice"
	if !law.Fair() {
		name = "dice " + law.String()
	}
	source := fmt.Sprintf("%s drawn from seed %d", name, seed)
	log := craps.DiceLog{Apart: apart}
	var f *os.File
	var w *bufio.Writer
	if write != "" {
		var err error
		if f, err = os.Create(write); err != nil {
			return log, "", err
		}
		defer f.Close()
		w = bufio.NewWriter(f)
		fmt.Fprintf(w, "# %d throws of %s (craps dice -draw), the first die's face first\n", n, source)
	}
	src := rand.NewPCG(seed, 0)
	for range n {
		d := law.Throw(src)
		_ = log.Add(d) // a law that validates throws valid dice
		if w != nil {
			w.WriteString(d.String())
			w.WriteByte('\n')
		}
	}
	if w != nil {
		if err := w.Flush(); err != nil {
			return log, "", err
		}
		if err := f.Close(); err != nil {
			return log, "", err
		}
	}
	return log, source, nil
}

// readThrows reads a record of throws: one a line, or a roll tape's roll
// lines (roll 3-4, roll 3 4, with a fault after them or not), the tape's
// other lines left out.
func readThrows(in io.Reader, apart bool) (craps.DiceLog, error) {
	log := craps.DiceLog{Apart: apart}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if d, err := craps.ParseDice(text); err == nil {
			_ = log.Add(d)
			continue
		}
		if f[0] != "roll" {
			if isTapeCommand(f[0]) {
				continue
			}
			return craps.DiceLog{}, fmt.Errorf("line %d: %q is neither a throw (3-4) nor a roll tape's line", line, strings.TrimSpace(text))
		}
		spec := ""
		switch {
		case len(f) >= 2 && strings.ContainsAny(f[1], "-,"):
			spec = f[1]
		case len(f) >= 3:
			spec = f[1] + " " + f[2]
		}
		d, err := craps.ParseDice(spec)
		if err != nil {
			return craps.DiceLog{}, fmt.Errorf("line %d: %q: the roll's dice cannot be read", line, strings.TrimSpace(text))
		}
		_ = log.Add(d)
	}
	if err := sc.Err(); err != nil {
		return craps.DiceLog{}, err
	}
	if log.Throws() == 0 {
		return craps.DiceLog{}, errors.New("no throws")
	}
	return log, nil
}

// isTapeCommand reports whether word opens a line of a roll tape other
// than a roll (craps help tapes).
func isTapeCommand(word string) bool {
	switch word {
	case "rules", "player", "bet", "reduce", "take", "working", "leave", "void", "bar", "pass", "change",
		"center", "fade", "withdraw", "no", "claim", "side", "call", "seed", "deal", "cut", "new":
		return true
	}
	return false
}

// diceReport is everything craps dice prints, computed once.
type diceReport struct {
	rules  craps.Rules
	name   string
	source string
	log    craps.DiceLog
	stats  craps.DiceStats
	level  float64
	reject []craps.DiceTest
	// sizes are the SRRs a test is sized for, the record's own first
	// (where it is not 6), and throws the throws each needs.
	sizes  []float64
	throws []int64
	fitted craps.DiceLaw
	edges  []craps.FittedEdge
	even   []craps.BreakEven
	line   []lineEven
	// strategy is -strategy's, if any: its break-even SRR, or why not.
	strategy     *craps.Strategy
	strategyEven craps.BreakEven
	strategyErr  error
}

// lineEven is a line bet with the rules' full odds: its edge under the
// fitted law, and its break-even SRR.
type lineEven struct {
	odds craps.LineOdds
	even craps.BreakEven
}

func newDiceReport(r craps.Rules, name string, log craps.DiceLog, source, pick string, level float64, sizes []float64,
	strategy *craps.Strategy) (*diceReport, error) {
	if r.Cards != craps.NoCards {
		return nil, fmt.Errorf("craps dice reads throws of dice; card rules deal from a deck: %w", errUsage)
	}
	stats, err := log.Stats(r.Dice)
	if err != nil {
		return nil, fmt.Errorf("%v: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
	}
	rep := &diceReport{rules: r, name: name, source: source, log: log, stats: stats, level: level, reject: stats.Rejects(level), strategy: strategy}
	if s := stats.SRR.SRR; s > 1 && s != 6 && !math.IsInf(s, 0) {
		sizes = append([]float64{s}, sizes...)
	}
	for _, s := range sizes {
		n, err := craps.ThrowsToTellSRR(s, 0.95, 0.8)
		if err != nil {
			return nil, err
		}
		rep.sizes, rep.throws = append(rep.sizes, s), append(rep.throws, n)
	}
	if rep.fitted, err = log.Law(); err != nil {
		return nil, err
	}
	table := r
	table.Dice = rep.fitted
	if err := table.Validate(); err != nil {
		return nil, fmt.Errorf("the law fitted to the record: %v: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
	}
	bets, err := pickBets(r, pick)
	if err != nil {
		return nil, err
	}
	if rep.edges, err = r.FittedEdgeTable(log, bets...); err != nil {
		return nil, err
	}
	// The break-even SRRs, a bet on each processor at once.
	rep.even = make([]craps.BreakEven, len(bets))
	errs := make([]error, len(bets))
	var wg sync.WaitGroup
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, b := range bets {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			rep.even[i], errs[i] = r.BreakEvenSRR(b)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if !r.Private {
		for _, b := range []craps.Bet{{Kind: craps.PassLine}, {Kind: craps.DontPass}} {
			if r.Offers(b) != nil {
				continue
			}
			odds, err := table.WithOdds(b, r.Odds)
			if err != nil {
				continue // the table takes no odds behind it
			}
			even, err := r.BreakEvenSRRWithOdds(b, r.Odds)
			if err != nil {
				return nil, err
			}
			rep.line = append(rep.line, lineEven{odds, even})
		}
	}
	if strategy != nil {
		rep.strategyEven, rep.strategyErr = r.BreakEvenSRRStrategy(*strategy)
	}
	return rep, nil
}

// pickBets reads -bet as craps edge does, "all" for every bet, and lists
// the bets of the catalogue it names, then the other bets it names that
// the rules take.
func pickBets(r craps.Rules, pick string) ([]craps.Bet, error) {
	if strings.TrimSpace(pick) == "all" {
		pick = ""
	}
	keep, named, err := betPicker(pick)
	if err != nil {
		return nil, err
	}
	var bets []craps.Bet
	for _, b := range r.Catalogue() {
		if keep(b) && b.Kind != craps.AllHardways {
			bets = append(bets, b)
		}
	}
	for _, b := range named {
		if !slices.Contains(bets, b) && b.Kind != craps.AllHardways && r.Offers(b) == nil {
			bets = append(bets, b)
		}
	}
	if len(bets) == 0 {
		return nil, fmt.Errorf("-bet %q: no bet the rules offer: %w", pick, errUsage)
	}
	return bets, nil
}

func (rep *diceReport) writeText(w io.Writer) error {
	s := rep.stats
	told := "the dice not told apart (-apart: the first face is always the same die's)"
	if rep.log.Apart {
		told = "the dice told apart, the first face the first die's"
	}
	fmt.Fprintf(w, "%d throws from %s, %s\n\n", s.Throws, rep.source, told)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	law := "FAIR"
	if !s.Law.Fair() {
		law = strings.ToUpper(s.Law.String())
	}
	fmt.Fprintf(tw, "TOTAL\tCOUNT\tSHARE\tEXPECTED (%s)\t\n", law)
	for t := 2; t <= 12; t++ {
		e, _ := s.Law.Probability(craps.Totals(t)).Float64()
		fmt.Fprintf(tw, "%d\t%d\t%.4f\t%.1f\t\n", t, s.Totals[t], float64(s.Totals[t])/float64(s.Throws), e*float64(s.Throws))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	if rep.log.Apart {
		fmt.Fprint(tw, "FACE\tFIRST DIE\tSECOND DIE\t\n")
		for f := range 6 {
			fmt.Fprintf(tw, "%d\t%d\t%d\t\n", f+1, s.Faces[0][f], s.Faces[1][f])
		}
	} else {
		fmt.Fprint(tw, "FACE\tBOTH DICE\t\n")
		for f := range 6 {
			fmt.Fprintf(tw, "%d\t%d\t\n", f+1, s.Faces[0][f])
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	against := "fair dice"
	if !s.Law.Fair() {
		against = "dice " + s.Law.String()
	}
	fmt.Fprintf(w, "\nTests of %s\n\n", against)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "TEST\tCATEGORIES\tDF\tCHI-SQUARE\tP\tG\tP\tLEAST EXPECTED\n")
	for _, t := range s.Tests {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.2f\t%s\t%.2f\t%s\t%.1f\n", t.Name, t.Categories, t.DF, t.ChiSquare, pValue(t.ChiSquareP),
			t.G, pValue(t.GP), t.MinExpected)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	verdict := fmt.Sprintf("no test finds against %s", against)
	if len(rep.reject) > 0 {
		var names []string
		for _, t := range rep.reject {
			names = append(names, t.Name)
		}
		verdict = fmt.Sprintf("the record is not of %s\n(by %s)", against, strings.Join(names, ", "))
	}
	fmt.Fprintf(w, "At the %g level, by Holm's procedure over the %d tests: %s.\n", rep.level, len(s.Tests), verdict)

	e := s.SRR
	fmt.Fprintf(w, "\nSRR %s: %d sevens in %d throws; 95%% interval %s to %s\n", srrText(e.SRR), e.Sevens, e.Throws, srrText(e.Low), srrText(e.High))
	fmt.Fprintln(w, "\nThe throws a record needs to tell an SRR from 6 at 95% with 80% power")
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "SRR\tTHROWS\t\n")
	for i, x := range rep.sizes {
		fmt.Fprintf(tw, "%s\t%d\t\n", srrText(x), rep.throws[i])
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	fmt.Fprint(w, "\nEdges under the law fitted to the record (each throw its share; -fit writes it), and break-even SRRs\n\n")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "BET\tEDGE\t95% INTERVAL\tFAIR DICE\tBREAKS EVEN AT SRR\n")
	for i, a := range rep.edges {
		fmt.Fprintf(tw, "%s\t%s\t%s to %s\t%s\t%s\n", rowName(a.Analysis), percent(a.EdgePerBet), pct4(a.Low), pct4(a.High),
			percent(rep.even[i].AtFair), evenText(rep.even[i]))
	}
	for _, l := range rep.line {
		fmt.Fprintf(tw, "%s, %s odds\t%s\t\t%s\t%s\n", l.odds.Bet, l.odds.Limit, percent(l.odds.EdgePerBet), percent(l.even.AtFair), evenText(l.even))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nThe edge is the house's per bet made (negative: the player's), exact under the fitted law; its")
	fmt.Fprintln(w, "interval is ±1.96 standard errors by the delta method. A bet breaks even at the SRR at which its")
	fmt.Fprintln(w, "edge crosses zero, a 7 once in SRR throws and the other totals in their proportions: + for a bet")
	fmt.Fprintln(w, "that gains by fewer sevens, - by more.")
	if rep.strategy != nil {
		if rep.strategyErr != nil {
			fmt.Fprintf(w, "\nStrategy %s: no break-even SRR: %v\n", rep.strategy.Name, strings.TrimPrefix(rep.strategyErr.Error(), "craps: "))
		} else {
			fmt.Fprintf(w, "\nStrategy %s: %s at fair dice; breaks even at SRR %s\n", rep.strategy.Name, percent(rep.strategyEven.AtFair), evenText(rep.strategyEven))
		}
	}
	return nil
}

// pValue writes a p-value to three significant digits, "<1e-300" below
// what a float holds.
func pValue(p float64) string {
	if p < 1e-300 {
		return "<1e-300"
	}
	return strconv.FormatFloat(p, 'g', 3, 64)
}

// srrText writes an SRR to three places, "-" where it is infinite.
func srrText(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "-"
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// evenText writes a break-even SRR to six places, its bracket's low end,
// with + for a bet that gains by fewer sevens and - for one that gains by
// more; "none" where the edge does not cross zero from 1.25 to 1000.
func evenText(b craps.BreakEven) string {
	if !b.Found {
		return "none"
	}
	sign := "-"
	if b.FewerSevens {
		sign = "+"
	}
	return b.Low.FloatString(6) + " " + sign
}

// diceJSON is craps dice -json.
type diceJSON struct {
	header
	Source   string            `json:"source"`
	Rules    string            `json:"rules"`
	Apart    bool              `json:"apart"`
	Throws   int64             `json:"throws"`
	Counts   []int64           `json:"counts"`
	Totals   []totalCountJSON  `json:"totals"`
	Faces    [][]int64         `json:"faces"`
	Law      string            `json:"law"`
	Tests    []diceTestJSON    `json:"tests"`
	Level    float64           `json:"level"`
	Rejected []string          `json:"rejected"`
	SRR      srrJSON           `json:"srr"`
	Sizes    []sizeJSON        `json:"throws_to_tell"`
	Fitted   string            `json:"fitted_law"`
	Bets     []fittedJSON      `json:"bets"`
	LineOdds []lineEvenJSON    `json:"line_with_odds"`
	Strategy *strategyEvenJSON `json:"strategy,omitempty"`
}

type totalCountJSON struct {
	Total int   `json:"total"`
	Count int64 `json:"count"`
}

type diceTestJSON struct {
	Name        string  `json:"name"`
	Categories  int     `json:"categories"`
	DF          int     `json:"df"`
	ChiSquare   float64 `json:"chi_square"`
	ChiSquareP  float64 `json:"chi_square_p"`
	G           float64 `json:"g"`
	GP          float64 `json:"g_p"`
	MinExpected float64 `json:"min_expected"`
}

type srrJSON struct {
	Sevens int64    `json:"sevens"`
	SRR    *float64 `json:"srr,omitempty"`
	Low    float64  `json:"low"`
	High   *float64 `json:"high,omitempty"`
}

type sizeJSON struct {
	SRR    float64 `json:"srr"`
	Throws int64   `json:"throws"`
}

type breakEvenJSON struct {
	Found       bool   `json:"found"`
	Low         string `json:"low,omitempty"`
	High        string `json:"high,omitempty"`
	FewerSevens bool   `json:"fewer_sevens"`
	AtFair      string `json:"edge_fair"`
}

type fittedJSON struct {
	Bet       string        `json:"bet"`
	Edge      string        `json:"edge_per_bet"`
	StdErr    float64       `json:"std_err"`
	Low       float64       `json:"low"`
	High      float64       `json:"high"`
	BreakEven breakEvenJSON `json:"break_even"`
}

type lineEvenJSON struct {
	Bet       string        `json:"bet"`
	Odds      string        `json:"odds"`
	Edge      string        `json:"edge_per_bet"`
	BreakEven breakEvenJSON `json:"break_even"`
}

type strategyEvenJSON struct {
	Name      string         `json:"name"`
	BreakEven *breakEvenJSON `json:"break_even,omitempty"`
	Error     string         `json:"error,omitempty"`
}

func breakEvenOf(b craps.BreakEven) breakEvenJSON {
	return breakEvenJSON{Found: b.Found, Low: frac(b.Low), High: frac(b.High), FewerSevens: b.FewerSevens, AtFair: frac(b.AtFair)}
}

// finite is x, or nil where JSON cannot hold it.
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

func (rep *diceReport) toJSON() diceJSON {
	s := rep.stats
	out := diceJSON{header: newHeader("dice"), Source: rep.source, Rules: rep.name, Apart: rep.log.Apart,
		Throws: s.Throws, Counts: rep.log.Counts[:], Law: s.Law.String(), Level: rep.level,
		Rejected: []string{}, Fitted: rep.fitted.String(), Bets: []fittedJSON{}, LineOdds: []lineEvenJSON{}}
	for t := 2; t <= 12; t++ {
		out.Totals = append(out.Totals, totalCountJSON{t, s.Totals[t]})
	}
	out.Faces = [][]int64{s.Faces[0][:]}
	if rep.log.Apart {
		out.Faces = append(out.Faces, s.Faces[1][:])
	}
	for _, t := range s.Tests {
		out.Tests = append(out.Tests, diceTestJSON{t.Name, t.Categories, t.DF, t.ChiSquare, t.ChiSquareP, t.G, t.GP, t.MinExpected})
	}
	for _, t := range rep.reject {
		out.Rejected = append(out.Rejected, t.Name)
	}
	out.SRR = srrJSON{Sevens: s.SRR.Sevens, SRR: finite(s.SRR.SRR), Low: s.SRR.Low, High: finite(s.SRR.High)}
	for i, x := range rep.sizes {
		out.Sizes = append(out.Sizes, sizeJSON{x, rep.throws[i]})
	}
	for i, a := range rep.edges {
		out.Bets = append(out.Bets, fittedJSON{Bet: rowName(a.Analysis), Edge: frac(a.EdgePerBet), StdErr: a.StdErr,
			Low: a.Low, High: a.High, BreakEven: breakEvenOf(rep.even[i])})
	}
	for _, l := range rep.line {
		out.LineOdds = append(out.LineOdds, lineEvenJSON{l.odds.Bet.String(), l.odds.Limit.String(), frac(l.odds.EdgePerBet), breakEvenOf(l.even)})
	}
	if rep.strategy != nil {
		st := &strategyEvenJSON{Name: rep.strategy.Name}
		if rep.strategyErr != nil {
			st.Error = strings.TrimPrefix(rep.strategyErr.Error(), "craps: ")
		} else {
			b := breakEvenOf(rep.strategyEven)
			st.BreakEven = &b
		}
		out.Strategy = st
	}
	return out
}
