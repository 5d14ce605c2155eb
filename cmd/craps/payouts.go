package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/drill"
)

func runPayouts(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("payouts", "[-rules NAME] [-all] [-json] [rule flags]\n\n"+
		"Prints the payout summary a dealer learns by heart: each bet, the usual stake\n"+
		"and what it wins, under the table's rules. The usual stake is the smallest\n"+
		"that pays whole chips, at least 10 on the layout and 5 in the center; bets\n"+
		"that pay alike share a line (Place 6 or 8). Every figure is played: the bet\n"+
		"is made on a table under the rules and the winning throw rolled. For the\n"+
		"standard table it is the croupier trainer's summary; -all adds every other\n"+
		"bet the rules offer: line bets, odds laid, full odds behind a line bet of 10,\n"+
		"the field, big 6 and 8, place to lose, buy and lay with their vig, hops and\n"+
		"the horn, horn high, C&E, world and three-way craps splits.\n\n"+
		"Example: craps payouts -props for1\n"+
		"         craps payouts -rules bar2 -all", stdout)
	all := fs.Bool("all", false, "add every other bet the rules offer")
	asJSON := fs.Bool("json", false, "print a JSON array, one object per line of the summary")
	rf := addRuleFlags(fs)
	r, err := rf.parse(fs, args)
	if err != nil {
		return err
	}
	if r.Private {
		return fmt.Errorf("the private game has no layout and no payouts to learn: every bet is at the odds the players agree: %w", errUsage)
	}
	rows, err := payoutRows(r, *all)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, struct {
			header
			Rules   string      `json:"rules"`
			Payouts []payoutRow `json:"payouts"`
		}{newHeader("payouts"), rf.describe(), rows})
	}
	fmt.Fprintf(stdout, "Payouts under %s\n\n", rf.describe())
	table := [][]string{{"BET", "STAKE", "PAYS", "WINS", "NOTE"}}
	for _, row := range rows {
		pays := "-"
		if !row.Pays.IsZero() {
			pays = row.Pays.String()
		}
		table = append(table, []string{row.Name, fmt.Sprint(row.Stake), pays, fmt.Sprint(row.Wins), row.Note})
	}
	writeColumns(stdout, table, *all)
	return nil
}

// writeColumns prints the summary's cells in columns: the bet's name
// left-aligned, the figures right-aligned, and the notes if asked.
func writeColumns(w io.Writer, table [][]string, notes bool) {
	width := make([]int, len(table[0]))
	for _, row := range table {
		for i, c := range row {
			width[i] = max(width[i], len(c))
		}
	}
	for _, row := range table {
		line := fmt.Sprintf("%-*s  %*s  %*s  %*s", width[0], row[0], width[1], row[1], width[2], row[2], width[3], row[3])
		if notes {
			line += "  " + row[4]
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// payoutRow is one line of the payout summary.
type payoutRow struct {
	Name  string       `json:"bet"`
	Bets  []craps.Bet  `json:"bets"`
	Stake craps.Amount `json:"stake"`
	// Behind is the line bet that odds stand behind.
	Behind craps.Amount `json:"behind,omitempty"`
	Pays   craps.Ratio  `json:"pays,omitzero"`
	Wins   craps.Amount `json:"wins"`
	Vig    craps.Amount `json:"vig,omitempty"`
	Note   string       `json:"note,omitempty"`
	// Say is the dealer's sentence for the first bet of the line.
	Say string `json:"say"`
}

// payoutItem is one bet of the summary: how it is made and the throw that
// pays it, and the name it has on a line of its own.
type payoutItem struct {
	label string
	bet   craps.Bet
	point int
	throw craps.Dice // zero: the first throw, in the order of craps.AllDice, that the bet wins
}

// payoutGroup is a family of bets of the summary: the bets that pay alike
// share a line, named by the prefix and their labels ("Place " "6 or 8").
type payoutGroup struct {
	prefix string
	items  []payoutItem
	least  craps.Amount // the usual stake is at least this
	// full stakes the most odds the table takes behind a line bet of
	// least, instead of the usual stake.
	full bool
	// lose asks the throw that loses, for a line of what a push or loss
	// leaves (a world bet on a 7).
	lose bool
	// split marks a bet made of parts (horn, C&E, world), which wins the
	// winning part's pay less the parts that lose.
	split bool
}

// numbered makes one item per number n of ns, a bet of kind k with the
// puck on n for bets that need one.
func numbered(k craps.BetKind, ns ...int) []payoutItem {
	var items []payoutItem
	for _, n := range ns {
		items = append(items, payoutItem{label: fmt.Sprint(n), bet: craps.Bet{Kind: k, Number: n}, point: n})
	}
	return items
}

// onThrows makes one item per throw of bet b, named by the throw's total.
func onThrows(b craps.Bet, throws ...craps.Dice) []payoutItem {
	var items []payoutItem
	for _, d := range throws {
		items = append(items, payoutItem{label: fmt.Sprint(d.Total()), bet: b, throw: d})
	}
	return items
}

func single(k craps.BetKind) []payoutItem { return []payoutItem{{bet: craps.Bet{Kind: k}}} }

// The croupier trainer's summary, in its order; boxes is every box number,
// the trainer's pairs first and crapless craps' after.
var boxes = []int{6, 8, 5, 9, 4, 10, 3, 11, 2, 12}

func trainerGroups() []payoutGroup {
	return []payoutGroup{
		{prefix: "Place ", items: numbered(craps.Place, boxes...), least: 10},
		{prefix: "Odds on ", items: numbered(craps.PassOdds, boxes...), least: 10},
		{prefix: "Hard ", items: numbered(craps.Hardway, 6, 8, 4, 10), least: 5},
		{prefix: "Any 7", items: single(craps.Any7), least: 5},
		{prefix: "Any craps", items: single(craps.AnyCraps), least: 5},
		{items: []payoutItem{{label: "2", bet: craps.Bet{Kind: craps.Aces}}, {label: "12", bet: craps.Bet{Kind: craps.Boxcars}},
			{label: "3", bet: craps.Bet{Kind: craps.AceDeuce}}, {label: "11", bet: craps.Bet{Kind: craps.Yo}}}, least: 5},
	}
}

// allGroups are the rest of the bets the rules may offer.
func allGroups() []payoutGroup {
	d := func(a, b uint8) craps.Dice { return craps.Dice{A: a, B: b} }
	field := onThrows(craps.Bet{Kind: craps.Field}, d(1, 2), d(1, 3), d(3, 6), d(4, 6), d(5, 6), d(1, 1), d(6, 6), d(1, 4), d(2, 4), d(2, 6))
	return []payoutGroup{
		{prefix: "Pass line", items: single(craps.PassLine), least: 10},
		{prefix: "Come", items: []payoutItem{{bet: craps.Bet{Kind: craps.Come}, point: 4}}, least: 10},
		{prefix: "Don't pass", items: []payoutItem{{bet: craps.Bet{Kind: craps.DontPass}, point: 4}}, least: 10},
		{prefix: "Don't pass, come-out ", items: onThrows(craps.Bet{Kind: craps.DontPass}, d(1, 1), d(1, 2), d(6, 6)), least: 10, lose: true},
		{prefix: "Full odds on ", items: numbered(craps.PassOdds, boxes...), least: 10, full: true},
		{prefix: "Lay odds on ", items: numbered(craps.DontPassOdds, boxes...), least: 10},
		{prefix: "Full lay odds on ", items: numbered(craps.DontPassOdds, boxes...), least: 10, full: true},
		{prefix: "Field on ", items: field, least: 5},
		{prefix: "Big ", items: []payoutItem{{label: "6", bet: craps.Bet{Kind: craps.Big6}, point: 6},
			{label: "8", bet: craps.Bet{Kind: craps.Big8}, point: 8}}, least: 10},
		{prefix: "Place to lose ", items: numbered(craps.PlaceToLose, boxes...), least: 10},
		{prefix: "Buy ", items: numbered(craps.Buy, boxes...), least: 10},
		{prefix: "Lay ", items: numbered(craps.Lay, boxes...), least: 10},
		{prefix: "Hop ", items: []payoutItem{{label: "1-2 (two faces)", bet: craps.Bet{Kind: craps.Hop, Hop: d(1, 2)}},
			{label: "1-1 (a pair)", bet: craps.Bet{Kind: craps.Hop, Hop: d(1, 1)}}}, least: 5},
		{prefix: "Horn on ", split: true, items: onThrows(craps.Bet{Kind: craps.Horn}, d(1, 1), d(6, 6), d(1, 2), d(5, 6)), least: 4},
		{prefix: "Horn high 12 on ", split: true, items: onThrows(craps.Bet{Kind: craps.HornHigh, Number: 12}, d(6, 6), d(1, 1), d(1, 2), d(5, 6)), least: 5},
		{prefix: "C&E on ", split: true, items: onThrows(craps.Bet{Kind: craps.CAndE}, d(1, 1), d(1, 2), d(6, 6), d(5, 6)), least: 2},
		{prefix: "World on ", items: onThrows(craps.Bet{Kind: craps.World}, d(1, 1), d(6, 6), d(1, 2), d(5, 6), d(3, 4)), least: 5, lose: true, split: true},
		{prefix: "Three-way craps on ", items: onThrows(craps.Bet{Kind: craps.ThreeWay}, d(1, 1), d(6, 6), d(1, 2)), least: 3, split: true},
	}
}

// payoutRows plays every bet of the summary under r and groups those that
// pay alike.
func payoutRows(r craps.Rules, all bool) ([]payoutRow, error) {
	groups := trainerGroups()
	if all {
		groups = append(groups, allGroups()...)
	}
	var rows []payoutRow
	for _, g := range groups {
		var lines []payoutRow
		var labels [][]string
		for _, it := range g.items {
			row, ok, err := playItem(r, g, it)
			if err != nil {
				return nil, fmt.Errorf("%v: %w", it.bet, err)
			}
			if !ok {
				continue
			}
			same := -1
			for i, l := range lines {
				if l.Stake == row.Stake && l.Behind == row.Behind && l.Wins == row.Wins && l.Pays == row.Pays && l.Vig == row.Vig && l.Note == row.Note {
					same = i
				}
			}
			if same < 0 {
				lines = append(lines, row)
				labels = append(labels, nil)
				same = len(lines) - 1
			} else {
				lines[same].Bets = append(lines[same].Bets, it.bet)
			}
			if it.label != "" {
				labels[same] = append(labels[same], it.label)
			}
		}
		for i, l := range lines {
			l.Name = g.prefix + orList(labels[i])
			rows = append(rows, l)
		}
	}
	return rows, nil
}

// orList joins labels as "6 or 8" and "3, 4, 9, 10 or 11".
func orList(labels []string) string {
	if len(labels) < 2 {
		return strings.Join(labels, "")
	}
	return strings.Join(labels[:len(labels)-1], ", ") + " or " + labels[len(labels)-1]
}

// player is the one player of the summary's table.
const player = "dealer's player"

// playItem plays one item of the summary: the usual stake (or the full
// odds), made on a table as the item says, and its throw. ok is false for
// a bet the rules do not offer, one whose usual stake is above the table
// maximum, or one the throw does not pay.
func playItem(r craps.Rules, g payoutGroup, it payoutItem) (payoutRow, bool, error) {
	if r.Offers(it.bet) != nil {
		return payoutRow{}, false, nil
	}
	var setup []drill.Wager
	var behind craps.Amount
	if line, ok := it.bet.LineUnder(); ok {
		if r.Offers(line) != nil {
			return payoutRow{}, false, nil
		}
		var err error
		if behind, err = r.WholeStake(line, g.least); err != nil {
			return payoutRow{}, false, aboveMaximum(err)
		}
		setup = append(setup, drill.Wager{Player: player, Bet: line, Amount: behind})
	}
	stake, err := r.WholeStake(it.bet, g.least)
	if err != nil {
		return payoutRow{}, false, aboveMaximum(err)
	}
	if g.full {
		if stake, err = mostOdds(r, it, setup); err != nil || stake == 0 {
			return payoutRow{}, false, err
		}
	}
	layout := append(setup, drill.Wager{Player: player, Bet: it.bet, Amount: stake})
	throws := []craps.Dice{it.throw}
	if it.throw == (craps.Dice{}) {
		all := craps.AllDice()
		throws = all[:]
	}
	for _, d := range throws {
		q, err := drill.NewLayout(r, it.point, layout, d)
		if errors.Is(err, craps.ErrOddsLimit) && len(setup) > 0 {
			return payoutRow{}, false, nil // the usual stake is above the odds limit
		}
		if err != nil {
			return payoutRow{}, false, err
		}
		l := q.Lines[len(q.Lines)-1]
		if l.Outcome != craps.OutcomeWon && !(g.lose && l.Outcome != craps.NoOutcome) {
			continue
		}
		row := payoutRow{Bets: []craps.Bet{it.bet}, Stake: stake, Pays: l.Pays, Wins: l.Paid, Vig: l.Commission, Say: l.Say}
		if g.full {
			row.Behind = behind
			limit := r.LayOdds
			if limit == (craps.OddsLimit{}) {
				limit = r.Odds
			}
			row.Note = fmt.Sprintf("the most laid behind a line bet of %d (%v of the %v)", behind, limit, r.Lay)
			if it.bet.Kind == craps.PassOdds {
				row.Note = fmt.Sprintf("the most behind a line bet of %d (%v)", behind, r.Odds)
			}
		}
		switch {
		case l.Outcome == craps.OutcomePushed:
			row.Note = "a push"
		case g.split:
			row.Note = "net of the parts that lose"
		case l.Outcome == craps.OutcomeLost:
			row.Note = "loses"
		case l.Commission > 0:
			row.Note = fmt.Sprintf("vig %d", l.Commission)
		}
		return row, true, nil
	}
	return payoutRow{}, false, nil
}

// aboveMaximum drops a line whose usual stake is above the table maximum,
// and keeps any other error.
func aboveMaximum(err error) error {
	if errors.Is(err, craps.ErrTableLimit) {
		return nil
	}
	return err
}

// mostOdds is the most odds the table takes behind the setup's line bet,
// a whole number of units: found by making the bet, so that it follows
// whatever odds rules the table plays.
func mostOdds(r craps.Rules, it payoutItem, setup []drill.Wager) (craps.Amount, error) {
	unit := max(r.Unit, 1)
	takes := func(n craps.Amount) (bool, error) {
		layout := append(setup[:len(setup):len(setup)], drill.Wager{Player: player, Bet: it.bet, Amount: n * unit})
		_, err := drill.NewLayout(r, it.point, layout, craps.Dice{A: 3, B: 4})
		if errors.Is(err, craps.ErrOddsLimit) {
			return false, nil
		}
		return err == nil, err
	}
	lo, hi := craps.Amount(0), craps.Amount(1)
	for hi*unit <= craps.MaxAmount {
		ok, err := takes(hi)
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		lo, hi = hi, 2*hi
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		ok, err := takes(mid)
		if err != nil {
			return 0, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo * unit, nil
}
