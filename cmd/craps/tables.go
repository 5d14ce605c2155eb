package main

import (
	"fmt"
	"io"
	"math/big"
	"text/tabwriter"

	"github.com/crapslab/craps"
)

func runTables(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("tables", "[-json] [-dice LAW | -dice-file FILE]\n\n"+
		"Prints the private-game rule book's true-odds tables. Table 1: for each total and for groups\n"+
		"of totals, the ways out of 36, the odds against in one roll and the odds\n"+
		"against before a 7; then the odds against each higher total before each\n"+
		"lower one. Table 2: for each hardway, the ways hard, the other ways, the\n"+
		"ways of 7, the losing ways and the odds against. With -dice the odds (and\n"+
		"each row's chance) are those of the dice's law; the ways stay counts of throws.", stdout)
	asJSON := fs.Bool("json", false, "print one JSON object with the tables (schema/tables.schema.json)")
	rf := addDiceFlags(fs)
	r, err := rf.parse(fs, args)
	if err != nil {
		return err
	}
	law := r.Dice
	rows, hard := law.TrueOddsTable(), law.HardwayTable()
	if *asJSON {
		return writeTablesJSON(stdout, law, rows, hard)
	}
	title, chance := "", ""
	if !law.Fair() {
		title, chance = ", dice "+law.String(), "\tCHANCE"
	}
	fmt.Fprintf(stdout, "Table 1. True odds of each total and group of totals%s\n", title)
	fmt.Fprintln(stdout)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "TOTAL\tWAYS IN 36%s\tAGAINST IN ONE ROLL\tAGAINST BEFORE A 7\n", chance)
	for _, r := range rows {
		c := ""
		if !law.Fair() {
			c = "\t" + r.Chance.RatString()
		}
		fmt.Fprintf(tw, "%s\t%d%s\t%s\t%s\n", r.Name, r.Ways, c, against(r.OneRoll), against(r.BeforeSeven))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nOdds against the row's total before the column's (a lower total)")
	fmt.Fprintln(stdout)
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "BEFORE\t")
	lows := totalsExcept7()
	for _, lo := range lows[:len(lows)-1] {
		fmt.Fprintf(tw, "%d\t", lo)
	}
	fmt.Fprintln(tw)
	for _, hi := range lows[1:] {
		fmt.Fprintf(tw, "%d\t", hi)
		for _, lo := range lows[:len(lows)-1] {
			cell := ""
			if lo < hi {
				cell = against(law.OddsBefore(craps.Totals(hi), craps.Totals(lo)))
			}
			fmt.Fprintf(tw, "%s\t", cell)
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nTable 2. Hardways")
	fmt.Fprintln(stdout)
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "HARDWAY\tWAYS HARD\tOTHER WAYS\tWAYS OF 7\tLOSING WAYS\tODDS AGAINST")
	for _, h := range hard {
		fmt.Fprintf(tw, "hard %d\t%d\t%d\t%d\t%d\t%s\n", h.Number, h.Hard, h.Easy, h.Seven, h.Losing, against(h.Against))
	}
	return tw.Flush()
}

func totalsExcept7() []int {
	return []int{2, 3, 4, 5, 6, 8, 9, 10, 11, 12}
}

func writeTablesJSON(w io.Writer, law craps.DiceLaw, rows []craps.TrueOddsRow, hard []craps.HardwayRow) error {
	type row struct {
		Name        string `json:"name"`
		Set         string `json:"set"`
		Ways        int    `json:"ways"`
		Chance      string `json:"chance"`
		OneRoll     string `json:"against_one_roll"`
		BeforeSeven string `json:"against_before_7,omitempty"`
	}
	type before struct {
		Total  int    `json:"total"`
		Before int    `json:"before"`
		Odds   string `json:"against"`
	}
	type hardway struct {
		Number int    `json:"number"`
		Hard   int    `json:"ways_hard"`
		Easy   int    `json:"other_ways"`
		Seven  int    `json:"ways_of_7"`
		Losing int    `json:"losing_ways"`
		Odds   string `json:"against"`
	}
	var out struct {
		header
		Dice     string    `json:"dice"`
		Table1   []row     `json:"table1"`
		Before   []before  `json:"higher_before_lower"`
		Hardways []hardway `json:"table2"`
	}
	for _, r := range rows {
		x := row{Name: r.Name, Set: r.Set.String(), Ways: r.Ways, Chance: r.Chance.RatString(), OneRoll: against(r.OneRoll)}
		if r.BeforeSeven != nil {
			x.BeforeSeven = against(r.BeforeSeven)
		}
		out.Table1 = append(out.Table1, x)
	}
	ts := totalsExcept7()
	for _, hi := range ts {
		for _, lo := range ts {
			if lo < hi {
				out.Before = append(out.Before, before{hi, lo, against(law.OddsBefore(craps.Totals(hi), craps.Totals(lo)))})
			}
		}
	}
	for _, h := range hard {
		out.Hardways = append(out.Hardways, hardway{h.Number, h.Hard, h.Easy, h.Seven, h.Losing, against(h.Against)})
	}
	out.header, out.Dice = newHeader("tables"), law.String()
	return writeJSON(w, out)
}

// against prints odds against, an exact fraction against/for, as players
// say them: "35 to 1", "1 to 3"; "-" where there are none.
func against(q *big.Rat) string {
	if q == nil {
		return "-"
	}
	return q.Num().String() + " to " + q.Denom().String()
}
