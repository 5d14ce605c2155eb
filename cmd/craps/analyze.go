package main

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/crapslab/craps"
)

const analyzeSynopsis = `[-strategy NAME|TEXT | -strategy-file FILE]
       [-bankroll B [-target T] [-stop-loss S] [-max-rolls N]] [-bound P] [-json]
       [-rules NAME] [rule flags]

Prints a strategy's exact figures, solved from the automaton it compiles
to with the table (the same one craps sim plays), beside the exact edge of
each of its bets as craps edge figures it: in the long run with money
enough for every bet, the return per roll and per unit wagered, the
variance per roll, and the mean and variance of one shooter's hand; the
law of one hand's net result, followed until the chance of a longer hand
is below -bound; and with -bankroll, sessions as craps sim -sessions plays
them: the chance of reaching the target, of the stop-loss, of ruin and of
playing -max-rolls out, the expected rolls, and the law of the final
result (at the roll limit, the bets on the layout count as the player's),
exact for small sessions (up to 24 rolls with a roll limit) and otherwise
within a proved bound (far below 1e-12).

Examples:
  craps analyze -strategy pass-max-odds -bankroll 1000 -target 2000
  craps analyze -strategy iron-cross -bankroll 300 -target 600 -max-rolls 100
  craps analyze -strategy "pass 10; odds max; place 6 12-24 up on win; place 8 12" -json

A strategy is a betting system by name or actions in the strategy language:
"craps help strategy" has both.`

type analyzeJSON struct {
	header
	Strategy string            `json:"strategy"`
	Rules    string            `json:"rules"`
	States   int               `json:"states"`
	Parts    []int             `json:"parts,omitempty"`
	Figures  map[string]string `json:"figures"`
	Bets     []analyzeBetJSON  `json:"bets"`
	Hand     *handResultsJSON  `json:"hand,omitempty"`
	HandNote string            `json:"hand_note,omitempty"`
	Session  *sessionJSON      `json:"session,omitempty"`
	Seconds  float64           `json:"seconds"`
}

type analyzeBetJSON struct {
	Bet         string `json:"bet"`
	Pays        string `json:"pays"`
	EdgePerBet  string `json:"edge_per_bet"`
	EdgePerRoll string `json:"edge_per_roll"`
}

type netJSON struct {
	Net int64  `json:"net"`
	P   string `json:"p"`
}

type handResultsJSON struct {
	Throws    int       `json:"throws"`
	Remainder string    `json:"remainder"`
	Results   []netJSON `json:"results"`
}

type sessionJSON struct {
	Bankroll int64             `json:"bankroll"`
	Target   int64             `json:"target"`
	StopLoss int64             `json:"stop_loss"`
	MaxRolls int64             `json:"max_rolls"`
	States   int               `json:"states"`
	Exact    bool              `json:"exact"`
	Figures  map[string]string `json:"figures"`
	Bounds   map[string]string `json:"error_bounds,omitempty"`
	Results  []netJSON         `json:"results"`
}

func runAnalyze(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("analyze", analyzeSynopsis, stdout)
	name := fs.String("strategy", "pass-max-odds", "a betting system by `NAME`, or actions in the strategy language separated by \";\" (craps help strategy)")
	file := fs.String("strategy-file", "", "read the strategy from this file, one action a line, at most 1 MiB and 1,000 actions")
	bankroll := fs.Int64("bankroll", 0, "analyze sessions from this bankroll (0: no sessions)")
	target := fs.Int64("target", 0, "sessions: quit when the money on and off the layout reaches this (default twice the bankroll)")
	stopLoss := fs.Int64("stop-loss", 0, "sessions: quit after losing this much (0: play to ruin)")
	var maxRolls count
	fs.Var(&maxRolls, "max-rolls", "sessions: quit after this many rolls (0: no limit)")
	bound := fs.Float64("bound", 1e-6, "follow one hand's net result until the chance of a longer hand is below this")
	asJSON := fs.Bool("json", false, "print every figure as JSON, exact fractions written \"p/q\" (schema/analyze.schema.json)")
	rf := addRuleFlags(fs)
	r, err := rf.parse(fs, args)
	if err != nil {
		return err
	}
	s, err := readStrategy(*name, *file)
	if err != nil {
		return err
	}
	if !(*bound > 0 && *bound < 1) {
		return fmt.Errorf("-bound %v: want a chance between 0 and 1: %w", *bound, errUsage)
	}
	if *bankroll == 0 && (*target != 0 || *stopLoss != 0 || maxRolls != 0) {
		return fmt.Errorf("-target, -stop-loss and -max-rolls limit sessions: give -bankroll too: %w", errUsage)
	}
	start := time.Now()
	a, err := r.AnalyzeStrategy(s)
	if err != nil {
		return err
	}
	solved := time.Since(start)
	// A strategy too large for the law of one hand still has its other
	// figures: the law is left out with a note.
	hand, err := r.HandResults(s, *bound)
	handNote := ""
	if errors.Is(err, craps.ErrNotAnalyzable) {
		handNote = strings.TrimPrefix(err.Error(), "craps: ")
	} else if err != nil {
		return err
	}
	// A session refused (too many states) still leaves the other figures
	// to print; the error comes after them.
	var session *craps.SessionAnalysis
	var sessionErr error
	if *bankroll != 0 {
		lim := craps.SessionLimits{Bankroll: craps.Amount(*bankroll), Target: craps.Amount(*target), StopLoss: craps.Amount(*stopLoss),
			MaxRolls: int64(maxRolls)}
		if lim.Target == 0 {
			lim.Target = 2 * lim.Bankroll
		}
		if n, err := r.SessionSize(s, lim); err == nil && n > bigSession && !*asJSON {
			fmt.Fprintf(simStderr, "craps analyze: sessions of up to %d states: the analysis takes about a microsecond a state to explore and several to solve\n", n)
		}
		sa, err := r.AnalyzeSession(s, lim)
		if errors.Is(err, craps.ErrSimulation) { // limits no session can have
			return fmt.Errorf("%v: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
		}
		if err != nil && (!errors.Is(err, craps.ErrNotAnalyzable) || *asJSON) {
			return err
		}
		session, sessionErr = &sa, err
		if err != nil {
			session = nil
		}
	}
	bets, err := layoutBets(r, s)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeAnalyzeJSON(stdout, rf.describe(), a, bets, hand, handNote, session, time.Since(start))
	}
	fmt.Fprintf(stdout, "Strategy %s under %s (odds %v): %s, its long-run figures solved exactly in %s\n",
		a.Strategy, rf.describe(), r.Odds, automatonText(a), solved.Round(time.Millisecond))
	if hasStops(s) {
		fmt.Fprintln(stdout, "(its stop actions end sessions only: the long run and one hand play without them)")
	}
	fmt.Fprintln(stdout, "\nIts bets, each alone, as craps edge figures them")
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "BET\tPAYS\tEDGE PER BET\tPER ROLL")
	for _, b := range bets {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", rowName(b), b.Pays, withPercent(b.EdgePerBet), withPercent(b.EdgePerRoll))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if lo, ok := lineWithOdds(r, s); ok {
		fmt.Fprintf(stdout, "%v with %v odds together (craps edge's line-with-odds table): edge %s per amount wagered\n",
			lo.Bet, lo.Limit, withPercent(lo.EdgePerBet))
	}
	fmt.Fprintln(stdout, "\nThe strategy, exactly, in the long run with money enough for every bet")
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, f := range strategyFigures(a) {
		fmt.Fprintf(tw, "  %s\t%s\n", f.name, f.text())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if handNote != "" {
		fmt.Fprintf(stdout, "\nOne hand's net result: not followed (%s)\n", handNote)
	} else {
		writeHandResults(stdout, hand, *bound)
	}
	if session != nil {
		writeSession(stdout, session)
	}
	return sessionErr
}

// layoutBets analyses each bet the strategy makes: odds and come bets on
// every number they can stand on.
func layoutBets(r craps.Rules, s craps.Strategy) ([]craps.Analysis, error) {
	var out []craps.Analysis
	seen := map[craps.Bet]bool{}
	for _, b := range r.Catalogue() {
		for _, a := range s.Actions {
			k, n := a.Bet.Kind, a.Bet.Number
			if a.Kind != craps.ActionBet || b.Kind != k || (n != 0 && b.Number != n) || seen[b] {
				continue
			}
			seen[b] = true
			an, err := r.Analyze(b)
			if err != nil {
				return nil, err
			}
			out = append(out, an)
		}
	}
	return out, nil
}

// lineWithOdds is the combined edge of a strategy that is a line bet, at
// one amount, and the most odds behind it.
func lineWithOdds(r craps.Rules, s craps.Strategy) (craps.LineOdds, bool) {
	a := s.Actions
	odds := map[craps.BetKind]craps.BetKind{craps.PassLine: craps.PassOdds, craps.DontPass: craps.DontPassOdds}
	if len(a) != 2 || len(a[0].Amounts) != 1 || len(a[0].If) != 0 || len(a[1].If) != 0 ||
		odds[a[0].Bet.Kind] != a[1].Bet.Kind || a[1].Bet.Number != 0 || a[1].Odds != craps.OddsAtLimit {
		return craps.LineOdds{}, false
	}
	lo, err := r.WithOdds(a[0].Bet, r.Odds)
	return lo, err == nil
}

// figure is one exact figure, with how to show it.
type figure struct {
	name, key string
	q         *big.Rat
	percent   bool
	// sd shows the square root beside a variance.
	sd bool
}

func (f figure) text() string {
	if f.q == nil {
		return "-"
	}
	approx := sci(f.q)
	if f.percent {
		approx = percent(f.q)
	}
	s := approx
	if frac := f.q.RatString(); len(frac) <= 2*maxCell {
		s = frac + " (" + approx + ")"
	}
	if f.sd {
		s += ", standard deviation " + sci(ratSqrt(f.q))
	}
	return s
}

func ratSqrt(q *big.Rat) *big.Rat {
	f, _ := new(big.Float).SetPrec(128).Sqrt(new(big.Float).SetPrec(128).SetRat(q)).Rat(nil)
	return f
}

func strategyFigures(a craps.StrategyAnalysis) []figure {
	return []figure{
		{name: "return per roll", key: "return_per_roll", q: a.ReturnPerRoll},
		{name: "wagered per roll (stakes decided)", key: "wagered_per_roll", q: a.WageredPerRoll},
		{name: "return per unit wagered", key: "return_per_wagered", q: a.ReturnPerWagered, percent: true},
		{name: "variance per roll (of the total, per roll)", key: "variance_per_roll", q: a.VariancePerRoll, sd: true},
		{name: "variance of one roll", key: "roll_variance", q: a.RollVariance, sd: true},
		{name: "rolls per hand", key: "rolls_per_hand", q: a.RollsPerHand},
		{name: "return per hand", key: "return_per_hand", q: a.ReturnPerHand},
		{name: "variance of a hand", key: "hand_variance", q: a.HandVariance, sd: true},
	}
}

// writeHandResults summarizes the law of a hand's net result.
func writeHandResults(w io.Writer, h craps.HandResults, bound float64) {
	fmt.Fprintf(w, "\nOne hand's net result, hands followed for %d throws (a longer hand, chance %s, is left out)\n",
		h.Throws, sci(h.Remainder))
	if f, _ := h.Remainder.Float64(); f >= bound {
		fmt.Fprintf(w, "  (stopped before -bound %g: the law spreads over too many values to follow further)\n", bound)
	}
	writeLaw(w, h.Results)
}

// writeLaw prints the chance of a loss, a push and a win, and quantiles,
// of a law of net results. The chances are summed as numerators over
// their least common denominator, in one pass: thousands of sums of
// fractions, each reduced, took a third of a second.
func writeLaw(w io.Writer, law []craps.NetProbability) {
	den := big.NewInt(1)
	t := new(big.Int)
	for _, r := range law {
		if d := r.P.Denom(); t.Rem(den, d).Sign() != 0 {
			den.Mul(den, t.Quo(d, t.GCD(nil, nil, den, d)))
		}
	}
	lose, push, win := new(big.Int), new(big.Int), new(big.Int)
	quantiles := []struct {
		name string
		p    *big.Rat
	}{{"1%", big.NewRat(1, 100)}, {"10%", big.NewRat(1, 10)}, {"25%", big.NewRat(1, 4)}, {"median", big.NewRat(1, 2)},
		{"75%", big.NewRat(3, 4)}, {"90%", big.NewRat(9, 10)}, {"99%", big.NewRat(99, 100)}}
	var parts []string
	sum, x, y := new(big.Int), new(big.Int), new(big.Int)
	for _, r := range law {
		x.Mul(r.P.Num(), t.Quo(den, r.P.Denom()))
		switch {
		case r.Net < 0:
			lose.Add(lose, x)
		case r.Net == 0:
			push.Add(push, x)
		default:
			win.Add(win, x)
		}
		sum.Add(sum, x)
		// sum/den >= p: sum times p's denominator against den times its numerator.
		for len(parts) < len(quantiles) && x.Mul(sum, quantiles[len(parts)].p.Denom()).Cmp(y.Mul(den, quantiles[len(parts)].p.Num())) >= 0 {
			parts = append(parts, fmt.Sprintf("%s %d", quantiles[len(parts)].name, r.Net))
		}
	}
	share := func(n *big.Int) *big.Rat { return new(big.Rat).SetFrac(n, den) }
	fmt.Fprintf(w, "  behind %s, even %s, ahead %s\n", sci(share(lose)), sci(share(push)), sci(share(win)))
	fmt.Fprintf(w, "  quantiles: %s\n", strings.Join(parts, ", "))
}

func sessionFigures(a *craps.SessionAnalysis) []figure {
	return []figure{
		{name: "reach the target", key: "target", q: a.Target},
		{name: "lose the stop-loss", key: "stop_loss", q: a.StopLoss},
		{name: "ruin", key: "ruin", q: a.Ruin},
		{name: "play the roll limit out", key: "max_rolls", q: a.MaxRolls},
		{name: "stopped by the strategy", key: "stopped", q: a.Stopped},
		{name: "rolls", key: "rolls", q: a.Rolls},
		{name: "variance of the rolls", key: "rolls_variance", q: a.RollsVariance, sd: true},
		{name: "net result", key: "mean", q: a.Mean},
		{name: "variance of the net result", key: "variance", q: a.Variance, sd: true},
	}
}

func writeSession(w io.Writer, a *craps.SessionAnalysis) {
	l := a.Limits
	how := "exactly"
	if !a.Exact {
		f, _ := a.ErrorBound.Float64()
		how = fmt.Sprintf("in floating point, each probability within %.2g (a proved bound)", f)
		if l.MaxRolls != 0 {
			how = fmt.Sprintf("roll by roll in 128-bit units, each probability within %.2g (a proved bound)", f)
		}
	}
	limit := ""
	if l.MaxRolls != 0 {
		limit = fmt.Sprintf(", at most %d rolls", l.MaxRolls)
	}
	fmt.Fprintf(w, "\nSessions from a bankroll of %d to a target of %d (stop-loss %d%s): %d states, solved %s\n",
		l.Bankroll, l.Target, l.StopLoss, limit, a.States, how)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, f := range sessionFigures(a) {
		if (f.key != "stop_loss" || l.StopLoss != 0) && (f.key != "max_rolls" || l.MaxRolls != 0) && (f.key != "stopped" || a.Stopped.Sign() != 0) {
			fmt.Fprintf(tw, "  %s\t%s\n", f.name, f.text())
		}
	}
	_ = tw.Flush()
	fmt.Fprintln(w, "The final net result")
	writeLaw(w, a.Results)
}

func writeAnalyzeJSON(w io.Writer, rules string, a craps.StrategyAnalysis, bets []craps.Analysis, h craps.HandResults, handNote string,
	session *craps.SessionAnalysis, took time.Duration) error {
	out := analyzeJSON{header: newHeader("analyze"), Strategy: a.Strategy, Rules: rules, States: a.States, Parts: a.Parts, Figures: map[string]string{},
		HandNote: handNote, Seconds: took.Seconds()}
	if handNote == "" {
		out.Hand = &handResultsJSON{Throws: h.Throws, Remainder: frac(h.Remainder), Results: netsJSON(h.Results)}
	}
	for _, f := range strategyFigures(a) {
		out.Figures[f.key] = frac(f.q)
	}
	for _, b := range bets {
		out.Bets = append(out.Bets, analyzeBetJSON{rowName(b), b.Pays, frac(b.EdgePerBet), frac(b.EdgePerRoll)})
	}
	if session != nil {
		l := session.Limits
		sj := &sessionJSON{Bankroll: int64(l.Bankroll), Target: int64(l.Target), StopLoss: int64(l.StopLoss), MaxRolls: l.MaxRolls,
			States: session.States, Exact: session.Exact, Figures: map[string]string{}, Results: netsJSON(session.Results)}
		for _, f := range sessionFigures(session) {
			sj.Figures[f.key] = frac(f.q)
		}
		if !session.Exact {
			sj.Bounds = map[string]string{"probability": frac(session.ErrorBound), "rolls": frac(session.RollsErrorBound),
				"rolls_variance": frac(session.RollsVarianceErrorBound), "mean": frac(session.MeanErrorBound),
				"variance": frac(session.VarianceErrorBound)}
		}
		out.Session = sj
	}
	return writeJSON(w, out)
}

func netsJSON(law []craps.NetProbability) []netJSON {
	out := make([]netJSON, len(law))
	for i, r := range law {
		out[i] = netJSON{int64(r.Net), frac(r.P)}
	}
	return out
}

// bigSession is how many states of a session analysis make it worth
// saying, before it starts, what it costs.
const bigSession = 100_000

// automatonText says what the strategy's automaton is: its states, and
// the groups of its actions that play independently, which the analysis
// solves apart.
func automatonText(a craps.StrategyAnalysis) string {
	states := fmt.Sprintf("%d states", a.States)
	if a.States == 0 {
		states = "more than 16,777,216 states"
	}
	if len(a.Parts) == 0 {
		return "an automaton of " + states
	}
	sizes := make([]string, len(a.Parts))
	for i, n := range a.Parts {
		sizes[i] = strconv.Itoa(n)
	}
	return fmt.Sprintf("an automaton of %s, the product of %d groups of actions that play independently (%s states), solved group by group and pair by pair",
		states, len(a.Parts), strings.Join(sizes, ", "))
}

// hasStops reports whether the strategy has a stop action.
func hasStops(s craps.Strategy) bool {
	return slices.ContainsFunc(s.Actions, func(a craps.Action) bool { return a.Kind == craps.ActionStop })
}
