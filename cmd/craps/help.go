package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/internal/rulekeys"
)

// helpWidth is the most columns any help line takes.
const helpWidth = 100

// wrap breaks text into lines of at most width columns, between words.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(text) {
		switch k := utf8.RuneCountInString(word); {
		case i == 0:
			n = k
		case n+1+k > width:
			b.WriteByte('\n')
			n = k
		default:
			b.WriteByte(' ')
			n += 1 + k
		}
		b.WriteString(word)
	}
	return b.String()
}

// usageLine breaks a synopsis's first line, where it is wider than
// helpWidth, before a "[" into lines indented as "Usage: " is.
func usageLine(synopsis string) string {
	first, rest, _ := strings.Cut(synopsis, "\n")
	var lines []string
	for len(first) > helpWidth {
		i := strings.LastIndex(first[:helpWidth], " [")
		if i <= len("       ") {
			break
		}
		lines = append(lines, first[:i])
		first = "       " + first[i+1:]
	}
	lines = append(lines, first)
	if rest != "" {
		lines = append(lines, rest)
	}
	return strings.Join(lines, "\n")
}

// para writes text as a paragraph of at most helpWidth columns.
func para(w io.Writer, text string) { fmt.Fprintln(w, wrap(text, helpWidth)) }

// item writes one entry of a two-column list: name in a column of width
// nameWidth after two spaces, and text wrapped beside it (below it, if the
// name is wider).
func item(w io.Writer, nameWidth int, name, text string) {
	indent := 2 + nameWidth + 2
	lines := strings.Split(wrap(text, helpWidth-indent), "\n")
	fmt.Fprintf(w, "  %s", name)
	if 2+len(name)+2 > indent {
		fmt.Fprintln(w)
		fmt.Fprintf(w, "%*s", indent, "")
	} else {
		fmt.Fprintf(w, "%*s", indent-2-len(name), "")
	}
	fmt.Fprintln(w, strings.Join(lines, "\n"+strings.Repeat(" ", indent)))
}

// printFlags writes a command's own flags, each with what it takes, in
// at most helpWidth columns. The rule keys' flags, which every command
// with rules shares, are left to "craps help rules".
func printFlags(w io.Writer, fs *flag.FlagSet) {
	type entry struct{ name, usage string }
	var own []entry
	rules := false
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := f.Value.(ruleValue); ok {
			rules = true
			return
		}
		kind, usage := flag.UnquoteUsage(f)
		name := "-" + f.Name
		if kind != "" {
			name += " " + kind
		}
		if d := f.DefValue; d != "" && d != "0" && d != "false" && !strings.Contains(usage, "(default") {
			usage += fmt.Sprintf(" (default %s)", d)
		}
		own = append(own, entry{name, usage})
	})
	fmt.Fprintln(w, "Flags:")
	for _, e := range own {
		item(w, 18, e.name, e.usage)
	}
	if rules {
		fmt.Fprintln(w)
		para(w, `Rule flags: after -rules NAME, any house rule of "craps help rules" as a flag `+
			`changes the table, in the order given: -field12 2 -odds 10x -props for1.`)
	}
}

// helpTopics are the pages "craps help" prints beside the commands' own.
var helpTopics = []struct {
	name, summary string
	print         func(w io.Writer)
}{
	{"rules", "every house rule a command or a roll tape takes, by topic, and the presets", helpRules},
	{"strategy", "the strategy language of sim, analyze and tapes, and the betting systems", helpStrategy},
	{"tapes", "the commands of a roll tape, which craps play replays", helpTapes},
}

// runHelp prints the page args name: a topic, or a command's -h.
func runHelp(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		usage(stdout)
		return nil
	}
	if len(args) > 1 {
		return fmt.Errorf("help takes one topic or command, not %q: %w", strings.Join(args, " "), errUsage)
	}
	var names []string
	for _, t := range helpTopics {
		if t.name == args[0] {
			t.print(stdout)
			return nil
		}
		names = append(names, t.name)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run([]string{"-h"}, nil, stdout)
		}
		names = append(names, c.name)
	}
	return fmt.Errorf("no help topic or command %q%s (topics: %s): %w", args[0],
		didYouMean(args[0], names), topicNames(), errUsage)
}

func topicNames() string {
	var names []string
	for _, t := range helpTopics {
		names = append(names, t.name)
	}
	return strings.Join(names, ", ")
}

// helpRules prints every rule key once, by topic, and the presets.
func helpRules(w io.Writer) {
	fmt.Fprintln(w, "House rules: a preset, and the keys that change it")
	fmt.Fprintln(w)
	para(w, `The commands that take rules (edge, hand, analyze, sim, payouts, drill) start from `+
		`-rules NAME, a preset, and apply each key given as a flag, in order: `+
		`craps edge -rules bar2 -field12 2 -props for1. A roll tape's rules line takes the same keys `+
		`as key=value, a value with spaces quoted: rules bar2 two="30 for 1". A key that takes true `+
		`or false means true given alone as a flag (-crapless).`)
	fmt.Fprintln(w)
	para(w, `A PAYOUT is written 7:6, "7 to 6", 2 (2 to 1) or "30 for 1" (the stake included: `+
		`pays 29). A SWITCH is on, off or default (the preset's). `+
		`TOTALS are comma-separated: 4,10. N is a whole amount in the table's unit.`)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Presets (-rules NAME, in any case)")
	for _, name := range rulekeys.PresetNames() {
		item(w, 12, name, rulekeys.PresetAbout(name))
	}
	for _, topic := range rulekeys.Topics() {
		fmt.Fprintln(w)
		fmt.Fprintln(w, topic.Name)
		for _, k := range topic.Keys {
			name := "-" + k.Name
			if k.Value != "" {
				name += " " + k.Value
			}
			item(w, 24, name, k.Usage)
		}
	}
}

// strategyLanguage is the strategy language in brief; the package
// documentation has all of it.
const strategyLanguage = `A strategy is a betting system by name (below) or written in the strategy
language: one action a line in a file (-strategy-file, # starts a comment), or actions
separated by ";" on the command line. Before every throw each action that applies is played:

  pass 10; odds 3-4-5x             a bet and its amount; odds by point, 2x or max
  don't pass 10; odds 2x           odds behind a don't bet are laid odds
  come 10 if comes < 2             a condition: point on|off|<n>, has|no <bet>, comes,
                                   bets <bet>, rolled <throws>, won|lost <bet>, hits <bet>,
                                   points, rolls, winnings; and, or, not
  place 6 12 skip point            not made on the point, taken down when it is
  place 8 12-24-36 up on win       a progression: up|down|reset|stay on win|loss, cycle
  place 5 0-10-0 by hits place     an amount for each count of the hand (0: down)
  take down place if point off
  stop if winnings >= 100          ends a session (winnings: what the bets won this hand)

A strategy's memory (its progressions and counts) is finite, so it runs compiled with the
table (each group of actions that plays independently apart), and craps analyze solves it
exactly, unless one group passes 2^18 states or would take its exact solver more than about
a minute (it says so): a group's exact sums grow with its states, and their cost with about
the square of them (a field bet while rolls < 800 takes about 5 s, while rolls < 3000 is
refused). A run that plays on the Table instead says why under the engine's name. The
package documentation of github.com/crapslab/craps has the whole language.

In the private game (-rules street) there is no house: each player, seated with sim's
-player, bets by his own strategy against the others on the same dice:

  center 10 or no bet              as shooter, stake 10 at each come-out; the part not faded
                                   is withdrawn, or with "or no bet" all called off
  fade 25 claim                    fade up to 25 of another shooter's center bet; "claim"
                                   claims all of it under -fade-claim
  hard 6 10 at 9:1 with ann        back a side bet at the odds agreed (even money if none)
                                   with ann, or without "with" anyone willing: right, wrong,
                                   come, don't come, point, hard 6, number 4, 6,8 before 7
  cover hard 6 90 at 9:1           cover others' hard 6 at 9:1, up to 90 of one's own at once
  take down number                 call off number bets (and come bets carried over a point)

Sessions of the private game need -max-rolls.`

// helpStrategy prints the strategy language and the betting systems.
func helpStrategy(w io.Writer) {
	fmt.Fprintln(w, strategyLanguage)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Betting systems (-strategy NAME; craps sim -show -strategy NAME prints its actions)")
	for _, s := range craps.BettingSystems() {
		item(w, 24, s.Name, s.Doc)
	}
}

// tapeCommandNames are the first words of a roll tape's commands, for
// the name meant by one misspelt.
var tapeCommandNames = []string{"rules", "player", "bet", "reduce", "take", "surrender", "working", "leave", "roll", "void",
	"bar", "pass", "change", "center", "fade", "withdraw", "no", "claim", "side", "call", "seed", "deal", "cut", "new"}

// tapeCommands are the commands of a roll tape.
const tapeCommands = `A roll tape scripts a session for craps play: one command a line, # starts a comment.

  rules <preset> [key=value ...]   the table's rules (before any player or bet);
                                   presets and keys as craps help rules lists them;
                                   "rules street" is the private game. Quote a
                                   value with spaces, two="30 for 1", or write
                                   it without: two=29:1 (30 for 1 is 29 to 1),
                                   hard6=7:1. While a refused rules line is not
                                   replaced by one taken, every other line is
                                   refused
  player <name> <bankroll> [seat <n>] [strategy <spec>]
                                   seats a player, after the others or at seat n
                                   (0 is the first); the first seated shoots first.
                                   A tape that seats no one plays one player p1
                                   with 1000. With a strategy (a betting
                                   system's name, or actions separated by ";"
                                   as craps sim reads them), the player bets by
                                   it before every throw, and the tape shows
                                   his bets then
  bet [<player>] <bet> <amount>    places a bet, or adds to one: pass, don't pass,
                                   come, don't come, odds, odds <n>, lay odds,
                                   lay odds <n>, put <n>, place <n>, place to lose <n>,
                                   buy <n>, lay <n>, big 6, big 8, field, hard <n>,
                                   any 7, any craps, aces, ace-deuce, yo, boxcars
                                   (or 2, 3, 11, 12), horn, horn high <n>, c&e,
                                   world, hop <a>-<b>, fire, all, tall, small
  reduce [<player>] <bet> <amount> takes part of a bet down
  take down [<player>] <bet>       takes a bet down (with the odds behind it)
  surrender [<player>] <bet>       surrenders a repeater for its value (rules repeaterplus)
  working [<player>] <bet> on|off  turns a bet on or off for come-out rolls
  leave <player>                   the player leaves with the bankroll
  roll <a>-<b> [<fault>]           the shooter throws (also: roll <a> <b>); a fault
                                   that counts: one-die-missed (one die short of
                                   the backboard) or aside (thrown aside)
  void <fault>                     a void throw, thrown again: off-bounds, cocked
                                   or no-backboard
  bar <player>                     bars a player from shooting after a repeated fault
  pass dice                        the shooter hands the dice on
  change dice [<player>]           a new pair before the next come-out

The private game (rules street) has no house; players bet each other:
  center <amount>                  the shooter's center bet (again, to raise it)
  fade <player> <amount>           the player covers part of the center bet
  withdraw                         the shooter takes back the part not faded
  no bet                           the center bet is called off
  claim <player>                   the claim on the whole center (fade-claim=true)
  side <player> <opponent> <bet> <amount> [at <a>:<b>]
                                   a side bet: the player backs <bet> and stakes
                                   <amount>; the opponent takes the other side and
                                   covers it at the odds (default 1:1; also written
                                   2-1, 2 to 1 or 30 for 1). Bets: pass
                                   (right), don't pass (wrong), come, don't come,
                                   point, hard <n>, number <n>, and propositions
                                   "<throws> before <throws>" or "<throws> within <n>",
                                   throws being totals, combinations and groups
                                   separated by commas: 6,8 before 7; 3-3 within 3;
                                   craps within 1; points, field, odd, even, under 7,
                                   over 7, doubles; the first throws may be a sequence
                                   of up to three in a row, alone or before or within:
                                   points then 7; 6 then 6 before 7
  call off <player> <bet>          calls off a number bet, or a come bet carried
                                   over a point made

Card craps (rules cards, or any rules with cards=pair-returned|pair-kept|reshuffle):
the deck deals every throw, so roll lines are refused.
  seed <n>                         the deck's seed, before the first deal (default -seed)
  deal                             the shooter deals the next throw from the deck
  cut [<player>] <n>               a player cuts n cards after a shuffle; the
                                   player on the shooter's left cuts last
  cut [<player>] pass              the player holding the last cut declines it;
                                   it passes clockwise
  new deck                         a new deck, brought in before the next come-out`

// helpTapes prints the commands of a roll tape.
func helpTapes(w io.Writer) { fmt.Fprintln(w, tapeCommands) }
