package craps

import (
	"fmt"
	"math"
	"strings"
)

// String is the tally as a person reads it: "Pass Line: 2508 decisions
// (1210 won, 1298 lost, 0 pushed), staked 25080, net -880, return
// -3.509% ± 1.996%", the return per unit staked and its standard error.
// %+v adds the money won, lost, kept
// in commission and broken, and the odds returned; Won, Lost, Net and the
// other methods give each sum exactly.
func (t BetTally) String() string {
	name := t.Bet.String()
	if t.Odds != (Ratio{}) {
		name += " at " + t.Odds.String()
	}
	if t.Against {
		name += ", against"
	}
	mean, se := t.Return()
	return fmt.Sprintf("%s: %d decisions (%d won, %d lost, %d pushed), staked %v, net %v, return %s",
		name, t.Decisions, t.Wins, t.Losses, t.Pushes, t.Staked(), t.Net(), percentPM(mean, se))
}

// Format writes the tally as String does for %v and %s, and with every
// sum for %+v.
func (t BetTally) Format(f fmt.State, verb rune) {
	formatResult(f, verb, t.String(), t.String()+"; "+t.sums())
}

// String is the result as a person reads it, a line for the run, its
// return, each bet and each other player, and the results of its hands
// or sessions:
//
//	iron-cross, seed 1: 1000 shooters, 8473 rolls (compiled engine)
//	return -3.146% ± 1.262% per unit staked: staked 134414, net -4228
//	  Pass Line: 2508 decisions (1210 won, 1298 lost, 0 pushed), staked 25080, net -880, ...
//	hands: 1000, mean -4.23, standard deviation 51.42, min -80, median -20, max 364
//
// A result that holds only some shards says which. %+v gives each
// tally's sums too.
func (r SimResult) String() string { return r.text(false) }

// Format writes the result as String does for %v and %s, and with every
// tally's sums for %+v.
func (r SimResult) Format(f fmt.State, verb rune) {
	formatResult(f, verb, r.text(false), r.text(true))
}

func (r SimResult) text(sums bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, seed %d: %d %v", strategyLabel(r.Strategy, r.StrategyText), r.Seed, r.N, r.Mode)
	if r.Mode == BySessions {
		s := r.Session
		fmt.Fprintf(&b, " from %d (target %d, stop-loss %d, roll limit %d)", s.Bankroll, s.Target, s.StopLoss, s.MaxRolls)
	}
	fmt.Fprintf(&b, ", %d rolls", r.Rolls)
	if r.Engine != "" {
		fmt.Fprintf(&b, " (%s engine", r.Engine)
		if r.EngineNote != "" {
			fmt.Fprintf(&b, ": %s", r.EngineNote)
		}
		b.WriteString(")")
	}
	if !r.Complete() {
		fmt.Fprintf(&b, ", shards %v of %d", r.Parts, r.Shards)
	}
	mean, se := r.Return()
	t := r.Total()
	fmt.Fprintf(&b, "\nreturn %s per unit staked: staked %v, net %v", percentPM(mean, se), t.Staked(), t.Net())
	writeTallies(&b, r.Bets, sums)
	label := map[SimMode]string{ByRolls: "results", ByShooters: "hands", BySessions: "sessions"}[r.Mode]
	writeOutcomes(&b, label, r.Outcomes, r.Ends)
	for _, o := range r.Others {
		b.WriteString("\n" + o.text(sums, label))
	}
	return b.String()
}

// String is the player's result as SimResult's String writes the first
// player's: his name and strategy, his return, each bet, his results.
func (p PlayerResult) String() string { return p.text(false, "results") }

// Format writes the result as String does for %v and %s, and with every
// tally's sums for %+v.
func (p PlayerResult) Format(f fmt.State, verb rune) {
	formatResult(f, verb, p.String(), p.text(true, "results"))
}

func (p PlayerResult) text(sums bool, label string) string {
	var b strings.Builder
	mean, se := p.Return()
	t := p.Total()
	fmt.Fprintf(&b, "%s (%s): return %s per unit staked: staked %v, net %v",
		p.Name, strategyLabel(p.Strategy, p.StrategyText), percentPM(mean, se), t.Staked(), t.Net())
	writeTallies(&b, p.Bets, sums)
	writeOutcomes(&b, label, p.Outcomes, p.Ends)
	return b.String()
}

// String is the ends counted: "target 412, stop-loss 0, ruin 588, roll
// limit 0, strategy 0".
func (e SessionEnds) String() string {
	return fmt.Sprintf("target %d, stop-loss %d, ruin %d, roll limit %d, strategy %d",
		e.Target, e.StopLoss, e.Ruin, e.MaxRolls, e.Strategy)
}

// String summarizes the outcomes: "1000 results: mean -4.23, standard
// deviation 51.42, min -80, median -20, max 364"; every count is in the
// map.
func (h Histogram) String() string {
	n := h.Count()
	if n == 0 {
		return "no results"
	}
	return fmt.Sprintf("%d results: mean %.2f, standard deviation %.2f, min %d, median %d, max %d",
		n, h.Mean(), h.StdDev(), h.Quantile(0), h.Quantile(0.5), h.Quantile(1))
}

func writeTallies(b *strings.Builder, bets []BetTally, sums bool) {
	for _, t := range bets {
		b.WriteString("\n  " + t.String())
		if sums {
			b.WriteString("; " + t.sums())
		}
	}
}

// writeOutcomes writes the results of the hands or sessions, as label
// names them, and how sessions ended.
func writeOutcomes(b *strings.Builder, label string, h Histogram, ends SessionEnds) {
	if len(h) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s: %v", label, h)
	if label == "sessions" {
		fmt.Fprintf(b, "\nended by %v", ends)
	}
}

// sums writes the tally's sums String leaves out.
func (t BetTally) sums() string {
	return fmt.Sprintf("won %v, lost %v, commission %v, breakage %v, returned %d",
		t.Won(), t.Lost(), t.Commission(), t.Breakage(), t.Returned)
}

// strategyLabel names a strategy by its name, or by its text if it has
// none.
func strategyLabel(name, text string) string {
	if name != "" {
		return name
	}
	if text != "" {
		return `"` + strings.ReplaceAll(text, "\n", "; ") + `"`
	}
	return "a strategy without a name"
}

// percentPM writes a return and its standard error as percentages, "n/a"
// where nothing was staked.
func percentPM(mean, se float64) string {
	if math.IsNaN(mean) {
		return "n/a"
	}
	return fmt.Sprintf("%.3f%% ± %.3f%%", 100*mean, 100*se)
}

// formatResult writes text for %v and %s, and full for %+v; another verb
// is reported as fmt reports a bad one.
func formatResult(f fmt.State, verb rune, text, full string) {
	switch {
	case verb == 'v' && f.Flag('+'):
		fmt.Fprint(f, full)
	case verb == 'v' || verb == 's':
		fmt.Fprint(f, text)
	default:
		fmt.Fprintf(f, "%%!%c(%T=%s)", verb, text, text)
	}
}
