package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/crapslab/craps"
)

const simSynopsis = `[-strategy NAME|TEXT | -strategy-file FILE] [-player NAME=STRATEGY ...]
       [-rolls N | -shooters N | -sessions N] [-seed S] [-workers W]
       [-shard I/N | -shard auto [-shards N]] [-json] [-svg FILE] [-csv FILE] [figure flags]
       [-quiet] [-rules NAME] [rule flags]

Simulates a strategy from a seed and prints, for every bet it made, the
simulated return per unit staked with its standard error beside the exact
return (craps edge), and how many standard errors apart they are. Sessions
(-sessions) start from -bankroll and end at -target, after losing
-stop-loss, on ruin, after -max-rolls rolls or when the strategy stops;
shooters (-shooters) play until that many hands have sevened out. Both
print the distribution of their results, beside its exact law where
craps analyze has one. A strategy is a betting system by name or actions
in the strategy language: "craps help strategy" has both. The result
depends only on the rules, the strategy, the seed and the size of the
run; "craps merge" combines the -json outputs of its shards.

Examples:
  craps sim -strategy three-point-molly -rolls 1e9 -seed 7
  craps sim -strategy "pass 10; odds max; place 6 12" -sessions 1e5 -bankroll 500 -target 750
  craps sim -strategy iron-cross -shooters 1e6 -svg hands.svg
  craps sim -rules street -strategy "center 10" -player "ann=fade 10" -shooters 1e5`

// simStderr receives the progress indicator, if it is a terminal.
var simStderr io.Writer = os.Stderr

// isTerminal reports whether w is a character device: a terminal, where a
// progress line that rewrites itself reads well (or /dev/null, where it is
// lost anyway); in a file or a pipe it would be noise.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// simOutput is the JSON craps sim writes and craps merge reads: the exact
// sums, the rules' name, and a summary computed from them.
type simOutput struct {
	header
	Result    craps.SimResult `json:"result"`
	RulesName string          `json:"rules_name"`
	Summary   *simSummary     `json:"summary,omitempty"`
	Elapsed   float64         `json:"elapsed_seconds,omitempty"`
}

type simSummary struct {
	// Player and Strategy name a player besides the first, in Others.
	Player   string          `json:"player,omitempty"`
	Strategy string          `json:"strategy,omitempty"`
	Bets     []betSummary    `json:"bets"`
	Total    betSummary      `json:"total"`
	Outcomes *outcomeSummary `json:"outcomes,omitempty"`
	// Exact is the strategy's exact figures beside the simulated ones;
	// ExactNote says why there are none, or how they were solved.
	Exact     []exactRow   `json:"exact,omitempty"`
	ExactNote string       `json:"exact_note,omitempty"`
	Others    []simSummary `json:"others,omitempty"`
	ends      craps.SessionEnds
	// outcomes is the player's results, which the histogram draws, with
	// exactLaw, their exact law where there is one (the first player's).
	// sessionLaw is the exact law of a session's result from exactBeside.
	outcomes craps.Histogram
	exactLaw map[craps.Amount]float64
	// exactNote says why a histogram has no exact shares, where the
	// strategy has an exact analysis all the same.
	exactNote  string
	sessionLaw []craps.NetProbability
}

type betSummary struct {
	Bet         string   `json:"bet"`
	Decisions   int64    `json:"decisions"`
	Staked      *big.Int `json:"staked"`
	Net         *big.Int `json:"net"`
	Return      float64  `json:"return"`
	StdErr      float64  `json:"stderr"`
	Exact       string   `json:"exact"`
	ExactFloat  float64  `json:"exact_float"`
	StdErrsAway float64  `json:"z"`
	// ExactMix marks a total whose exact figure is the bets' exact
	// returns weighted by the stakes this run made on each, where the
	// strategy has no exact return per unit wagered to give.
	ExactMix bool `json:"exact_mix,omitempty"`
}

type outcomeSummary struct {
	Count     int64            `json:"count"`
	Mean      float64          `json:"mean"`
	StdDev    float64          `json:"stddev"`
	Quantiles map[string]int64 `json:"quantiles"`
	Ruin      float64          `json:"ruin_probability,omitempty"`
	RuinErr   float64          `json:"ruin_stderr,omitempty"`
	MeanRolls float64          `json:"mean_rolls"`
}

func runSim(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("sim", simSynopsis, stdout)
	strategy := fs.String("strategy", "pass-max-odds", "a betting system by `NAME`, or actions in the strategy language separated by \";\" (craps help strategy)")
	strategyFile := fs.String("strategy-file", "", "read the strategy from this file, one action a line (# starts a comment), at most 1 MiB and 1,000 actions")
	show := fs.Bool("show", false, "print the strategy's actions and exit")
	var others playersFlag
	fs.Var(&others, "player", "another player at the table, by his own strategy on the same dice: `NAME=STRATEGY`, "+
		"or NAME:BANKROLL=STRATEGY; repeat it for more")
	var rolls, shooters, sessions count
	fs.Var(&rolls, "rolls", "simulate this many rolls (1e9 allowed; default 1e7 when no count is given)")
	fs.Var(&shooters, "shooters", "simulate this many shooters' hands")
	fs.Var(&sessions, "sessions", "simulate this many sessions")
	bankroll := fs.Int64("bankroll", 1000, "sessions: the bankroll each session starts with")
	target := fs.Int64("target", 2000, "sessions: quit when the money on and off the layout reaches this (0: no target)")
	stopLoss := fs.Int64("stop-loss", 0, "sessions: quit after losing this much (0: play to ruin)")
	var maxRolls count
	fs.Var(&maxRolls, "max-rolls", "sessions: quit after this many rolls (0: no limit)")
	seed := fs.Uint64("seed", 1, "the seed")
	workers := fs.Int("workers", 0, "goroutines playing blocks (0: every core); the result does not depend on it")
	shard := fs.String("shard", "", "run one shard `I/N` (I from 0) of the run, or \"auto\": a Slurm job array's or a "+
		"Kubernetes Indexed Job's; craps merge combines them")
	shards := fs.Int("shards", 0, "with -shard auto: the `N` of shards, needed under Kubernetes (the Job's completions)")
	asJSON := fs.Bool("json", false, "print the exact sums and a summary as JSON for craps merge (schema/sim.schema.json)")
	quiet := fs.Bool("quiet", false, "no progress line on standard error (there is none unless it is a terminal)")
	plot := addPlotFlags(fs)
	rf := addRuleFlags(fs)
	if err := parse(fs, args, 0); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	r, err := rf.rules()
	if err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case given["strategy"] && given["strategy-file"]:
		return fmt.Errorf("give -strategy or -strategy-file, not both: %w", errUsage)
	case r.Private && !given["strategy"] && !given["strategy-file"]:
		return fmt.Errorf("the private game has no house, and no betting system for it: give the first player's strategy "+
			"(-strategy \"center 10\", say) and another's (-player \"ann=fade 10\"): %w", errUsage)
	}
	s, err := readStrategy(*strategy, *strategyFile)
	if err != nil {
		return err
	}
	if *show {
		fmt.Fprintf(stdout, "# %s\n", s.Name)
		if s.Doc != "" {
			fmt.Fprintf(stdout, "# %s\n", s.Doc)
		}
		fmt.Fprintln(stdout, s)
		return nil
	}
	cfg := craps.SimConfig{Rules: r, Strategy: s, Others: others, Seed: *seed, Workers: *workers,
		Session: craps.SessionLimits{Bankroll: craps.Amount(*bankroll), Target: craps.Amount(*target),
			StopLoss: craps.Amount(*stopLoss), MaxRolls: int64(maxRolls)}}
	counts := 0
	for _, c := range []struct {
		n    count
		mode craps.SimMode
	}{{rolls, craps.ByRolls}, {shooters, craps.ByShooters}, {sessions, craps.BySessions}} {
		if !set[c.mode.String()] {
			continue
		}
		if c.n == 0 {
			return fmt.Errorf("-%v 0: a run plays at least one: %w", c.mode, errUsage)
		}
		cfg.Mode, cfg.N = c.mode, int64(c.n)
		counts++
	}
	switch counts {
	case 0:
		cfg.N = 10_000_000
	case 1:
	default:
		return fmt.Errorf("give one of -rolls, -shooters and -sessions: %w", errUsage)
	}
	if cfg.Shard, cfg.Shards, err = shardOf(*shard, *shards, os.Getenv); err != nil {
		return err
	}
	if err := s.Validate(r); err != nil {
		return fmt.Errorf("%v: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
	}
	for _, o := range others {
		if err := o.Strategy.Validate(r); err != nil {
			return fmt.Errorf("-player %s: %v: %w", o.Name, strings.TrimPrefix(err.Error(), "craps: "), errUsage)
		}
	}
	if (plot.svg != "" || plot.csv != "") && cfg.Mode == craps.ByRolls {
		return fmt.Errorf("-svg and -csv draw the results of -sessions or -shooters: %w", errUsage)
	}
	start := time.Now()
	prog := newProgress(simStderr, start, *quiet)
	if prog != nil {
		cfg.Progress = prog.update
	}
	res, err := craps.Simulate(context.Background(), cfg)
	prog.done()
	if err != nil {
		if errors.Is(err, craps.ErrSimulation) {
			return fmt.Errorf("%v: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
		}
		return err
	}
	out := simOutput{Result: res, RulesName: rf.describe(), Elapsed: time.Since(start).Seconds()}
	return writeSim(stdout, out, *asJSON, *plot)
}

// The largest files the commands read: a strategy (-strategy-file), and
// a shard's output that craps merge reads. A roll tape is read a line at
// a time, each at most maxTapeLine.
const (
	maxStrategyFile = 1 << 20
	maxShardFile    = 64 << 20
)

// readLimited reads the file name, what the command expects, refusing it
// once it is found larger than limit: by its size, or else (a device such
// as /dev/zero, which never ends) before reading further.
func readLimited(name string, limit int64, what string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tooLarge := fmt.Errorf("%s: larger than %d MiB, the most %s may hold", name, limit>>20, what)
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > limit {
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	switch {
	case err != nil:
		return nil, err
	case int64(len(data)) > limit:
		return nil, tooLarge
	}
	return data, nil
}

// readStrategy reads the strategy of -strategy or -strategy-file: a
// betting system's name, or a strategy in the language. A strategy of
// one's own is named by its text, so that the shards of a run merge
// whatever file they were read from.
func readStrategy(spec, file string) (craps.Strategy, error) {
	if file != "" {
		data, err := readLimited(file, maxStrategyFile, "a strategy file")
		if err != nil {
			return craps.Strategy{}, err
		}
		s, err := craps.ParseStrategy(string(data))
		if err != nil {
			return craps.Strategy{}, fmt.Errorf("%s: %v: %w", file, strings.TrimPrefix(err.Error(), "craps: "), errUsage)
		}
		s.Name = strings.ReplaceAll(s.String(), "\n", "; ")
		return s, nil
	}
	if s, err := craps.NamedStrategy(spec); err == nil {
		return s, nil
	}
	s, err := craps.ParseStrategy(spec)
	if err != nil {
		if !strings.ContainsAny(strings.TrimSpace(spec), " ;") {
			var names []string
			for _, s := range craps.BettingSystems() {
				names = append(names, s.Name)
			}
			return craps.Strategy{}, fmt.Errorf("-strategy: no betting system %q%s (craps help strategy lists them): %w",
				spec, didYouMean(spec, names), errUsage)
		}
		return craps.Strategy{}, fmt.Errorf("-strategy: %v: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
	}
	s.Name = strings.ReplaceAll(s.String(), "\n", "; ")
	return s, nil
}

// playersFlag reads -player flags: "name=strategy" or
// "name:bankroll=strategy".
type playersFlag []craps.SimPlayer

func (p *playersFlag) String() string { return "" }

func (p *playersFlag) Set(v string) error {
	who, spec, ok := strings.Cut(v, "=")
	name, bankroll, hasBankroll := strings.Cut(strings.TrimSpace(who), ":")
	if !ok || name == "" {
		return errors.New(`want NAME=STRATEGY or NAME:BANKROLL=STRATEGY`)
	}
	player := craps.SimPlayer{Name: name}
	if hasBankroll {
		n, err := strconv.ParseInt(bankroll, 10, 64)
		if err != nil || n <= 0 {
			return fmt.Errorf("bankroll %q is not a whole amount", bankroll)
		}
		player.Bankroll = craps.Amount(n)
	}
	s, err := readStrategy(strings.TrimSpace(spec), "")
	if err != nil {
		return errors.New(strings.TrimSuffix(strings.TrimPrefix(err.Error(), "-strategy: "), ": "+errUsage.Error()))
	}
	player.Strategy = s
	*p = append(*p, player)
	return nil
}

// count is a flag holding a positive count, written 1000000, 1_000_000 or 1e6.
type count int64

func (c *count) String() string { return strconv.FormatInt(int64(*c), 10) }
func (c *count) Set(s string) error {
	if n, err := strconv.ParseInt(s, 0, 64); err == nil && n >= 0 {
		*c = count(n)
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1e18 || f != math.Trunc(f) {
		return fmt.Errorf("want a whole count such as 1000000 or 1e6")
	}
	*c = count(f)
	return nil
}

// progress prints how far a run has come on stderr, once it has taken
// more than a second, at most five times a second.
type progress struct {
	w       io.Writer
	start   time.Time
	last    time.Time
	printed bool
}

// newProgress is the progress line of a run started at start on w, or
// nil if w is no terminal or quiet is set.
func newProgress(w io.Writer, start time.Time, quiet bool) *progress {
	if quiet || !isTerminal(w) {
		return nil
	}
	return &progress{w: w, start: start}
}

func (p *progress) update(done, total int64) {
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last, p.printed = now, true
	eta := time.Duration(float64(now.Sub(p.start)) * float64(total-done) / float64(done))
	fmt.Fprintf(p.w, "\rsim: %3.0f%% (%d of %d blocks), %s left   ", 100*float64(done)/float64(total), done, total, eta.Round(time.Second))
}

func (p *progress) done() {
	if p != nil && p.printed {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", 60))
	}
}

func runMerge(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("merge", "[-json] [-svg FILE] [-csv FILE] [figure flags] FILE|FOLDER|PATTERN...\n\n"+
		"Combines the -json outputs of craps sim -shard i/n into the result of the\n"+
		"whole run, exactly, and prints it as craps sim does. Shards not given are\n"+
		"reported as missing. A folder stands for every .json file in it, a quoted\n"+
		"pattern such as 'out/shard-*.json' for the files it matches. A file larger\n"+
		"than 64 MiB is refused.", stdout)
	asJSON := fs.Bool("json", false, "print the merged sums and a summary as JSON, as craps sim does (schema/sim.schema.json)")
	plot := addPlotFlags(fs)
	if err := parse(fs, args, math.MaxInt); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("no files to merge (run %s -h): %w", fs.Name(), errUsage)
	}
	var all simOutput
	files, err := shardFiles(fs.Args())
	if err != nil {
		return err
	}
	var parts []craps.SimResult
	for _, name := range files {
		data, err := readLimited(name, maxShardFile, "the output of craps sim -json")
		if err != nil {
			return err
		}
		var part simOutput
		if err := json.Unmarshal(data, &part); err != nil {
			return fmt.Errorf("%s: not the output of craps sim -json: %v", name, err)
		}
		if _, err := craps.MergeResults(part.Result); err != nil {
			return fmt.Errorf("%s: %s", name, strings.TrimPrefix(err.Error(), "craps: merge: result 1 of 1: "))
		}
		if parts = append(parts, part.Result); len(parts) == 1 {
			all = part
		} else {
			all.Elapsed += part.Elapsed
		}
	}
	// Every file is checked, alone and then against the others, before
	// any figure is printed.
	if all.Result, err = craps.MergeResults(parts...); err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "craps: merge: "))
	}
	return writeSim(stdout, all, *asJSON, *plot)
}

// summarize computes the report's figures from the exact sums.
func summarize(res *craps.SimResult) (*simSummary, error) {
	mean, se := res.Return()
	sum, err := summarizePlayer(res, res.Bets, mean, se, res.Outcomes, res.Ends)
	if err != nil {
		return nil, err
	}
	sum.Exact, sum.ExactNote, sum.sessionLaw = exactBeside(res) // the first player's strategy
	for _, row := range sum.Exact {
		// One exact figure for the whole return: the strategy's own, which
		// weighs its bets by what it stakes on each in the long run, not by
		// what this run happened to stake (-2.3143% for iron-cross, not
		// the mix's -2.3141% of a million shooters).
		if row.Quantity == returnPerWagered {
			t := &sum.Total
			t.Exact, t.ExactFloat, t.StdErrsAway, t.ExactMix = row.Exact, row.ExactFloat, row.StdErrsAway, false
		}
	}
	for i := range res.Others {
		o := &res.Others[i]
		mean, se := o.Return()
		other, err := summarizePlayer(res, o.Bets, mean, se, o.Outcomes, o.Ends)
		if err != nil {
			return nil, err
		}
		other.Player, other.Strategy = o.Name, o.Strategy
		sum.Others = append(sum.Others, *other)
	}
	return sum, nil
}

// summarizePlayer computes the figures of one player's bets, whose whole
// return is mean ± se.
func summarizePlayer(res *craps.SimResult, bets []craps.BetTally, mean, se float64, h craps.Histogram, ends craps.SessionEnds) (*simSummary, error) {
	sum := &simSummary{outcomes: h}
	var exactNet big.Rat
	var total craps.BetTally
	for _, t := range bets {
		exact, err := exactReturn(res.Rules, t)
		if err != nil {
			return nil, err
		}
		b := betRow(tallyName(t), t, exact)
		sum.Bets = append(sum.Bets, b)
		exactNet.Add(&exactNet, new(big.Rat).Mul(exact, new(big.Rat).SetInt(t.Staked())))
	}
	total = (&craps.PlayerResult{Bets: bets}).Total()
	exact := new(big.Rat)
	if total.Staked().Sign() != 0 {
		exact.Quo(&exactNet, new(big.Rat).SetInt(total.Staked()))
	}
	sum.Total = betRow("all bets", total, exact)
	sum.Total.ExactMix = true
	sum.Total.Return, sum.Total.StdErr = mean, se
	sum.Total.StdErrsAway = (sum.Total.Return - sum.Total.ExactFloat) / sum.Total.StdErr
	if len(h) > 0 {
		o := &outcomeSummary{Count: h.Count(), Mean: h.Mean(), StdDev: h.StdDev(), Quantiles: map[string]int64{}}
		for _, q := range []float64{0, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1} {
			o.Quantiles[strconv.FormatFloat(q, 'f', -1, 64)] = int64(h.Quantile(q))
		}
		if res.Mode == craps.BySessions {
			p := float64(ends.Ruin) / float64(o.Count)
			o.Ruin, o.RuinErr = p, math.Sqrt(p*(1-p)/float64(o.Count))
			o.MeanRolls = float64(res.SessionRolls) / float64(o.Count)
		} else {
			o.MeanRolls = float64(res.Rolls) / float64(max(res.SevenOuts, 1))
		}
		sum.Outcomes = o
	}
	sum.ends = ends
	return sum, nil
}

// exactReturn is the exact return of the bets a tally counts: the
// analysis's, and in the private game the edge of the player's side at
// the odds agreed.
func exactReturn(r craps.Rules, t craps.BetTally) (*big.Rat, error) {
	if !r.Private {
		a, err := r.Analyze(t.Bet)
		return a.Return, err
	}
	a, err := r.AnalyzeSide(t.Bet, t.Odds)
	if t.Against {
		return a.LayerEdge, err
	}
	return a.BackerEdge, err
}

// tallyName names the bets a tally counts: in the private game with the
// odds of a side bet, and the side the player took.
func tallyName(t craps.BetTally) string {
	name := t.Bet.String()
	if t.Odds.IsZero() {
		return name
	}
	switch {
	case t.Bet.Kind == craps.Center && t.Against:
		return name + ", faded"
	case t.Bet.Kind == craps.Center:
		return name + ", shooting"
	case t.Against:
		return name + " at " + t.Odds.String() + ", covered"
	}
	return name + " at " + t.Odds.String()
}

func betRow(name string, t craps.BetTally, exact *big.Rat) betSummary {
	mean, se := t.Return()
	x, _ := exact.Float64()
	return betSummary{Bet: name, Decisions: t.Decisions, Staked: t.Staked(), Net: t.Net(),
		Return: mean, StdErr: se, Exact: exact.String(), ExactFloat: x, StdErrsAway: (mean - x) / se}
}

// writeSim prints a run's report, as text or JSON, and draws the
// histogram of its results to the SVG file svg if it is not "".
func writeSim(w io.Writer, out simOutput, asJSON bool, plot plotOptions) error {
	sum, err := summarize(&out.Result)
	if err != nil {
		return err
	}
	if len(out.Result.Outcomes) > 0 && (!asJSON || plot.svg != "" || plot.csv != "") {
		sum.exactLaw, sum.exactNote = exactOutcomes(&out.Result, sum.sessionLaw)
	}
	if err := writePlot(plot, &out, sum.exactLaw); err != nil {
		return err
	}
	if asJSON {
		out.Summary = sum
		out.header = newHeader("sim")
		return writeJSON(w, jsonSafe(out))
	}
	res := &out.Result
	odds := fmt.Sprintf(" (odds %v)", res.Rules.Odds)
	if res.Rules.Private {
		odds = "" // no house, no odds bets
	}
	fmt.Fprintf(w, "Strategy %s under %s%s, seed %d: %d %v", res.Strategy, out.RulesName, odds, res.Seed, res.N, res.Mode)
	if res.Mode == craps.BySessions {
		s := res.Session
		fmt.Fprintf(w, " from a bankroll of %d (target %d, stop-loss %d, roll limit %d)", s.Bankroll, s.Target, s.StopLoss, s.MaxRolls)
	}
	fmt.Fprintln(w)
	if !res.Complete() {
		fmt.Fprintf(w, "Partial: shards %v of %d\n", res.Parts, res.Shards)
	}
	speed := ""
	if out.Elapsed > 0 {
		speed = fmt.Sprintf(" in %.2fs (%.3g rolls/s)", out.Elapsed, float64(res.Rolls)/out.Elapsed)
	}
	fmt.Fprintf(w, "%d rolls, %d hands, %s engine%s\n", res.Rolls, res.SevenOuts, res.Engine, speed)
	if res.EngineNote != "" {
		fmt.Fprintf(w, "(%s)\n", res.EngineNote)
	}
	fmt.Fprintln(w)
	if err := writePlayer(w, res, sum); err != nil {
		return err
	}
	for i := range sum.Others {
		o := &sum.Others[i]
		fmt.Fprintf(w, "\nPlayer %s, strategy %s:\n\n", o.Player, o.Strategy)
		if err := writePlayer(w, res, o); err != nil {
			return err
		}
	}
	return nil
}

// keptOnTakeDown reports whether a player of res made a buy or lay bet
// whose commission, paid up front, the house keeps when it is taken down.
func keptOnTakeDown(res *craps.SimResult) bool {
	kept := func(bets []craps.BetTally) bool {
		for _, b := range bets {
			switch b.Bet.Kind {
			case craps.Buy:
				if res.Rules.BuyCommission.Timing == craps.CommissionUpfront {
					return true
				}
			case craps.Lay:
				if res.Rules.LayCommission.Timing == craps.CommissionUpfront {
					return true
				}
			}
		}
		return false
	}
	found := kept(res.Bets)
	for i := range res.Others {
		found = found || kept(res.Others[i].Bets)
	}
	return found
}

// comeBets reports whether the tallies hold come or don't come bets,
// which are made while others are up and decided by the same throws:
// their errors, which take decisions as independent, understate theirs
// under dice that favour a few totals (see craps.BetTally.Return).
func comeBets(bets []craps.BetTally) bool {
	for _, b := range bets {
		switch b.Bet.Kind {
		case craps.Come, craps.DontCome, craps.ComeOdds, craps.DontComeOdds:
			return true
		}
	}
	return false
}

// writePlayer writes one player's table of bets and the distribution of
// his results.
func writePlayer(w io.Writer, res *craps.SimResult, sum *simSummary) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	rows := append(sum.Bets, sum.Total)
	width := len("BET")
	for _, b := range rows {
		width = max(width, len(b.Bet))
	}
	// Names are padded to one width so that they read left-aligned.
	fmt.Fprintf(tw, "%-*s\tDECISIONS\tSTAKED\tNET\tSIMULATED RETURN\tEXACT\tSE AWAY\t\n", width, "BET")
	for _, b := range rows {
		fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%s ± %s\t%s\t%+.1f\t\n", width, b.Bet, b.Decisions, b.Staked, b.Net,
			pct(b.Return), pct(b.StdErr), pct4(b.ExactFloat), b.StdErrsAway)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	switch {
	case sum.Player == "" && res.Rules.Private:
		fmt.Fprintln(w, "\nReturn is the player's net per unit he staked on bets decided, ± one standard error; exact is")
		fmt.Fprintln(w, "the edge of his side at the odds agreed (the shooter's center bet -7/495), for all bets weighted")
		fmt.Fprintln(w, "by the stakes simulated. What one player wins another loses.")
	case sum.Player == "":
		fmt.Fprintln(w, "\nReturn is the player's net per unit staked on bets decided (negative: the house's edge),")
		if sum.Total.ExactMix {
			fmt.Fprintln(w, "± one standard error; exact is craps edge's figure, for all bets weighted by the stakes simulated.")
		} else {
			fmt.Fprintln(w, "± one standard error; exact is craps edge's figure, for all bets the strategy's (craps analyze).")
		}
		fmt.Fprintln(w, "That figure is per unit, before the table rounds a payout or commission down to its unit: a")
		fmt.Fprintln(w, "stake paid a broken amount (a 20 lay on 6 wins 16, a 5% vig of 1.50 is 1) strays from it by more")
		fmt.Fprintln(w, "than chance. The strategy's exact figures (craps analyze) count the rounding.")
		if !res.Rules.Dice.Fair() && comeBets(res.Bets) {
			fmt.Fprintln(w, "Each error takes the decisions as independent. Come bets made while others are up are")
			fmt.Fprintln(w, "decided by the same throws, and under these dice their errors can be too small, by up to half:")
			fmt.Fprintln(w, "compare runs of other seeds.")
		}
		if keptOnTakeDown(res) {
			fmt.Fprintln(w, "Net also counts the commission kept on a buy or lay bet taken down, which is no decision and")
			fmt.Fprintln(w, "stakes nothing: a strategy that takes them down returns less than the exact figure, which is per")
			fmt.Fprintln(w, "decision.")
		}
		if res.Rules.Cards != craps.NoCards {
			fmt.Fprintln(w, "Cards are dealt from a deck seeded by each block. A card figure assumes its bet made at the moment")
			fmt.Fprintln(w, "craps edge names (the line on a come-out, odds when the point is set, other bets when a come-out")
			fmt.Fprintln(w, "sets a point) and working on every throw; a strategy that makes or turns off bets at other moments")
			fmt.Fprintln(w, "meets other decks, and may differ from it by more than chance.")
		}
		if res.Mode == craps.BySessions {
			fmt.Fprintln(w, "A session that ends leaves the bets still on the layout undecided; they are not counted, which")
			fmt.Fprintln(w, "favours bets decided quickly (line bets on 6 and 8 over 4 and 10): check per-bet returns with")
			fmt.Fprintln(w, "-rolls or -shooters, where every hand is played out.")
		}
	}
	if o := sum.Outcomes; o != nil {
		what := "hand"
		if res.Mode == craps.BySessions {
			what = "session"
		}
		rolls := "mean rolls"
		if len(res.Others) > 0 && res.Mode == craps.BySessions {
			rolls = "mean rolls of the table's sessions" // which last until every player's has ended
		}
		fmt.Fprintf(w, "\nNet result per %s over %d: mean %.2f, standard deviation %.2f, %s %.2f\n", what, o.Count, o.Mean, o.StdDev, rolls, o.MeanRolls)
		fmt.Fprintf(w, "quantiles: min %d, 1%% %d, 10%% %d, 25%% %d, median %d, 75%% %d, 90%% %d, 99%% %d, max %d\n",
			o.Quantiles["0"], o.Quantiles["0.01"], o.Quantiles["0.1"], o.Quantiles["0.25"], o.Quantiles["0.5"],
			o.Quantiles["0.75"], o.Quantiles["0.9"], o.Quantiles["0.99"], o.Quantiles["1"])
		if res.Mode == craps.BySessions {
			e := sum.ends
			fmt.Fprintf(w, "ended: target %d, stop-loss %d, ruin %d, roll limit %d, by the strategy %d; probability of ruin %s ± %s\n",
				e.Target, e.StopLoss, e.Ruin, e.MaxRolls, e.Strategy, pct(o.Ruin), pct(o.RuinErr))
		}
		writeHistogram(w, sum.outcomes, outcomeWord(res), sum.exactLaw)
		if sum.exactNote != "" {
			fmt.Fprintf(w, "(%s)\n", sum.exactNote)
		}
	}
	return writeExactBeside(w, sum.Exact, sum.ExactNote)
}

// jsonSafe replaces the NaN and infinite figures of an empty run, which
// JSON cannot carry, with 0, and its missing bets with none.
func jsonSafe(out simOutput) simOutput {
	// A shard with no block has no bets: an empty list, not null.
	if out.Result.Bets == nil {
		out.Result.Bets = []craps.BetTally{}
	}
	if out.Summary.Bets == nil {
		out.Summary.Bets = []betSummary{}
	}
	fix := func(b *betSummary) {
		for _, f := range []*float64{&b.Return, &b.StdErr, &b.StdErrsAway} {
			if math.IsNaN(*f) || math.IsInf(*f, 0) {
				*f = 0
			}
		}
	}
	sums := []*simSummary{out.Summary}
	for i := range out.Summary.Others {
		sums = append(sums, &out.Summary.Others[i])
	}
	for _, sum := range sums {
		for i := range sum.Bets {
			fix(&sum.Bets[i])
		}
		fix(&sum.Total)
		if o := sum.Outcomes; o != nil {
			for _, f := range []*float64{&o.Mean, &o.StdDev} {
				if math.IsNaN(*f) {
					*f = 0
				}
			}
		}
	}
	return out
}

func pct(f float64) string  { return strconv.FormatFloat(100*f, 'f', 3, 64) + "%" }
func pct4(f float64) string { return strconv.FormatFloat(100*f, 'f', 4, 64) + "%" }
