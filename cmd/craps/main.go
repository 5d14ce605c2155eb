// Command craps runs the main jobs of package craps for people who do not
// write Go: the exact house edge of every bet under a table's rules, the
// private-game rule book's true-odds tables, the exact law of a shooter's
// hand and of a strategy, and simulations beside the exact figures; it also
// replays roll tapes with every payout, prints the dealer's payout summary
// and drills dealers on payouts.
//
// Usage:
//
//	craps edge [-rules NAME] [-wide] [-bet NAMES] [-json] [rule flags]
//	craps play [-json] [-strict] [-seed S] [TAPE | -strategy NAME|TEXT [-rolls N] [-bankroll B]]
//	craps hand [-rules NAME] [rule flags] [-rolls N] [-json]
//	craps analyze [-strategy NAME|TEXT | -strategy-file FILE] [-bankroll B [-target T] [-stop-loss S] [-max-rolls N]] [-bound P] [-json] [-rules NAME] [rule flags]
//	craps sim [-strategy NAME|TEXT | -strategy-file FILE] [-player NAME=STRATEGY ...] [-rolls N | -shooters N | -sessions N] [-seed S] [-workers W] [-shard I/N | -shard auto [-shards N]] [-json] [-svg FILE] [-csv FILE] [figure flags] [-quiet] [-rules NAME] [rule flags]
//	craps merge [-json] [-svg FILE] [-csv FILE] [figure flags] FILE|FOLDER|PATTERN...
//	craps payouts [-rules NAME] [-all] [-json] [rule flags]
//	craps drill [-level N] [-rules NAME] [rule flags] [-seed S] [-n N] [-breakage] [-record FILE] [-json]
//	craps tables [-json] [-dice LAW | -dice-file FILE]
//	craps dice [-apart] [-level P] [-srr LIST] [-bet NAMES] [-strategy NAME|TEXT | -strategy-file FILE] [-fit FILE] [-json] [-rules NAME] [rule flags] [FILE | -draw N [-seed S] [-write FILE]]
//	craps version [-json]
//
// The commands are listed in the order "craps -h" prints them. Run
// "craps -h" for a summary of each, "craps <command> -h" (for example
// "craps edge -h") for its flags, and "craps help rules" for the rule
// flags, which every command with [rule flags] takes: a house rule each,
// by topic, and the presets. "craps help strategy" has the strategy
// language and the betting systems, "craps help tapes" the commands of a
// roll tape.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/crapslab/craps/internal/suggest"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand of craps.
type command struct {
	name, summary string
	run           func(args []string, stdin io.Reader, stdout io.Writer) error
}

func commands() []command {
	return []command{
		{"edge", "print the exact house edge of every bet under a table's rules", runEdge},
		{"play", "replay a roll tape: a scripted session of bets and rolls, with every payout", runPlay},
		{"hand", "print the exact law of a shooter's hand: its length, points made, decisions", runHand},
		{"analyze", "print a strategy's exact figures: per roll, per hand, and sessions to a target or ruin", runAnalyze},
		{"sim", "simulate a strategy from a seed, beside the exact figures; -shard i/n runs one part", runSim},
		{"merge", "combine the -json outputs of craps sim shards into the result of the whole run", runMerge},
		{"payouts", "print the dealer's payout summary under a table's rules: each bet, the usual stake, what it wins", runPayouts},
		{"drill", "a dealer's payout trainer: questions on payouts, vig and whole layouts, checked and scored", runDrill},
		{"tables", "print the private-game rule book's true-odds tables (Table 1: totals and groups; Table 2: hardways)", runTables},
		{"dice", "test a record of throws for fair dice: its SRR, the edges under its law, the SRR each bet breaks even at", runDice},
		{"version", "print the module version and VCS revision craps was built from", runVersion},
	}
}

// errUsage marks an error in how the command was called: a bad flag or
// argument, rules that do not validate, a strategy or run the rules do not
// allow. run prints it in one line and exits 2.
var errUsage = errors.New("usage")

// run runs the command line args, reading a tape from stdin where one is
// not named, and returns the exit status, for scripts: 0 done, 1 failed
// while running (a file that cannot be read or merged, a tape line refused
// under -strict, a result too large), 2 bad usage or rules. Every error is
// one line on stderr, "craps <command>: " and the reason.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	if args[0] == "help" {
		if err := runHelp(args[1:], stdout); err != nil && !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "craps help: %s\n", strings.TrimSuffix(err.Error(), ": "+errUsage.Error()))
			return 2
		}
		return 0
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:], stdin, stdout)
		if err == nil || errors.Is(err, flag.ErrHelp) {
			return 0
		}
		// The package's errors carry their own "craps: ", and a usage
		// error its marker: the line says each once.
		msg := strings.TrimPrefix(strings.TrimSuffix(err.Error(), ": "+errUsage.Error()), "craps: ")
		fmt.Fprintf(stderr, "craps %s: %s\n", c.name, msg)
		if errors.Is(err, errUsage) {
			return 2
		}
		return 1
	}
	fmt.Fprintf(stderr, "craps: unknown command %q%s (run craps -h)\n", args[0], didYouMean(args[0], names))
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: craps <command> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Help topics (craps help TOPIC):")
	for _, t := range helpTopics {
		fmt.Fprintf(w, "  %-8s %s\n", t.name, t.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "craps <command> -h" for a command's flags.`)
}

// newFlagSet makes a subcommand's flag set: its usage goes to stdout on
// -h, and a bad flag becomes a one-line error.
func newFlagSet(name, synopsis string, stdout io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("craps "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {} // parse prints the usage for -h, and one line for an error
	help[fs] = func() {
		fs.SetOutput(stdout)
		fmt.Fprintf(stdout, "%s\n\n", usageLine("Usage: craps "+name+" "+synopsis))
		printFlags(stdout, fs)
		fs.SetOutput(io.Discard)
	}
	return fs
}

// help prints each flag set's usage.
var help = map[*flag.FlagSet]func(){}

// parse parses args, turning a bad flag into a usage error and refusing
// more than maxArgs arguments after the flags.
func parse(fs *flag.FlagSet, args []string, maxArgs int) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			help[fs]()
			return err
		}
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
			var names []string
			fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
			msg = "no flag -" + name + didYouMean(name, names, "-")
		}
		return fmt.Errorf("%v (run %s -h): %w", msg, fs.Name(), errUsage)
	}
	if fs.NArg() > maxArgs {
		return fmt.Errorf("unexpected argument %q (run %s -h): %w", fs.Arg(maxArgs), fs.Name(), errUsage)
	}
	return nil
}

// didYouMean is suggest.DidYouMean, each name written with prefix (the
// "-" of a flag).
func didYouMean(word string, names []string, prefix ...string) string {
	p := strings.Join(prefix, "")
	c := suggest.Closest(word, names)
	switch len(c) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" (did you mean %s%s?)", p, c[0])
	default:
		return fmt.Sprintf(" (did you mean %s%s or %s%s?)", p, c[0], p, c[1])
	}
}
