package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"slices"
	"text/tabwriter"

	"github.com/crapslab/craps"
)

// exactRow is a simulated figure beside the exact one: the simulated
// value, its standard error, and how many standard errors it is from the
// exact value.
type exactRow struct {
	Quantity  string  `json:"quantity"`
	Simulated float64 `json:"simulated"`
	StdErr    float64 `json:"stderr"`
	// Exact is the exact figure, "p/q", or "sqrt(p/q)" for a standard
	// deviation; ExactFloat its value.
	Exact       string  `json:"exact"`
	ExactFloat  float64 `json:"exact_float"`
	StdErrsAway float64 `json:"z"`
}

// returnPerWagered is the row of the strategy's exact return per unit
// wagered, which the total of the bets' table takes as its exact figure.
const returnPerWagered = "return per unit wagered"

// exactBeside computes, for what the run estimates, the strategy's exact
// figure (craps analyze's): per roll and per unit wagered in the long run
// for runs by rolls, per hand for runs by shooters, per session for runs
// by sessions. A strategy or session without an exact analysis gives no
// rows and a note saying why. With other players at the table the figures
// are the first player's; the session's length, which is the table's, is
// left out. For sessions it also gives the law of their
// result, which the histogram draws beside the simulated one.
func exactBeside(res *craps.SimResult) (rows []exactRow, note string, law []craps.NetProbability) {
	if res.Rules.Private {
		return nil, "", nil // no house: each bet's exact figure is its side's edge, in the table above
	}
	s, err := strategyOf(res.Strategy)
	if err != nil {
		return nil, "no exact strategy figures: " + err.Error(), nil
	}
	r := res.Rules
	add := func(what string, sim, se float64, exact *big.Rat) {
		x, _ := exact.Float64()
		z := (sim - x) / se
		if math.IsNaN(sim) { // a run too small for the figure; JSON has no NaN
			sim = 0
		}
		if math.IsNaN(z) || math.IsInf(z, 0) || math.IsNaN(se) {
			z, se = 0, 0
		}
		rows = append(rows, exactRow{what, sim, se, exact.String(), x, z})
	}
	// addSD adds a standard deviation, the root of an exact variance.
	addSD := func(what string, sim, se float64, variance *big.Rat) {
		add(what, sim, se, ratSqrt(variance))
		rows[len(rows)-1].Exact = "sqrt(" + variance.String() + ")"
	}
	if res.Mode == craps.BySessions {
		a, err := r.AnalyzeSession(s, res.Session)
		if err != nil {
			return nil, "no exact session figures: " + err.Error(), nil
		}
		h := res.Outcomes
		n := float64(h.Count())
		if n == 0 {
			return nil, "", nil
		}
		sd := math.Sqrt(ratFloat(a.Variance))
		add("net per session", h.Mean(), sd/math.Sqrt(n), a.Mean)
		addSD("standard deviation per session", h.StdDev(), sdStdErr(h, n), a.Variance)
		for _, e := range []struct {
			what  string
			count int64
			p     *big.Rat
		}{{"probability of reaching the target", res.Ends.Target, a.Target},
			{"probability of the stop-loss", res.Ends.StopLoss, a.StopLoss},
			{"probability of ruin", res.Ends.Ruin, a.Ruin},
			{"probability of playing the roll limit out", res.Ends.MaxRolls, a.MaxRolls}} {
			if e.p.Sign() == 0 && e.count == 0 {
				continue
			}
			p := ratFloat(e.p)
			add(e.what, float64(e.count)/n, math.Sqrt(p*(1-p)/n), e.p)
		}
		if len(res.Others) == 0 {
			add("rolls per session", float64(res.SessionRolls)/n, math.Sqrt(ratFloat(a.RollsVariance)/n), a.Rolls)
		}
		if !a.Exact {
			note = fmt.Sprintf("session figures solved to within %.2g (a proved bound)", ratFloat(a.ErrorBound))
		}
		if len(res.Others) > 0 {
			// SessionRolls counts the table's sessions, which run until
			// every player is done; the exact figure is the first player's
			// session played alone, so the two measure different things.
			note = joinNotes(note, "rolls per session left out: with other players a session is the table's, "+
				"until every player is done, not the first player's own")
		}
		return rows, note, a.Results
	}
	a, err := r.AnalyzeStrategy(s)
	if err != nil {
		return nil, "no exact strategy figures: " + err.Error(), nil
	}
	switch {
	case a.ReturnPerWagered == nil: // WageredPerRoll is 0
		note = "no return per unit wagered: the strategy stakes nothing in the long run"
	case res.Rolls > 0:
		mean, se := res.Return()
		add(returnPerWagered, mean, se, a.ReturnPerWagered)
	}
	if res.Rolls > 0 {
		net, _ := new(big.Float).SetInt(res.Total().Net()).Float64()
		n := float64(res.Rolls)
		add("net per roll", net/n, math.Sqrt(ratFloat(a.VariancePerRoll)/n), a.ReturnPerRoll)
	}
	hf, err := r.Hand()
	if err != nil {
		return rows, note, nil
	}
	lengthVar := ratFloat(hf.ThrowsPerHandVariance)
	if h := res.Outcomes; res.Mode == craps.ByShooters && h.Count() > 0 {
		n := float64(h.Count())
		add("net per hand", h.Mean(), math.Sqrt(ratFloat(a.HandVariance)/n), a.ReturnPerHand)
		addSD("standard deviation per hand", h.StdDev(), sdStdErr(h, n), a.HandVariance)
		add("rolls per hand", float64(res.Rolls)/n, math.Sqrt(lengthVar/n), a.RollsPerHand)
	} else if res.Mode == craps.ByRolls && res.SevenOuts > 0 {
		// Rolls over hands: by the renewal theorem its error is about
		// sqrt(μ σ²/rolls), μ and σ² the mean and variance of a hand's length.
		n := float64(res.Rolls)
		add("rolls per hand", n/float64(res.SevenOuts), math.Sqrt(ratFloat(a.RollsPerHand)*lengthVar/n), a.RollsPerHand)
	}
	return rows, note, nil
}

// joinNotes joins two notes of exactBeside, each a line of its own.
func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

// strategyOf finds the strategy a result names: a betting system, or a
// strategy of one's own, which craps sim names by its text.
func strategyOf(name string) (craps.Strategy, error) {
	if s, err := craps.NamedStrategy(name); err == nil {
		return s, nil
	}
	return craps.ParseStrategy(name)
}

// sdStdErr is the standard error of a sample standard deviation, from the
// sample's fourth central moment: sqrt((m4 - m2²)/n) / (2 sd).
func sdStdErr(h craps.Histogram, n float64) float64 {
	mean := h.Mean()
	m2, m4 := 0.0, 0.0
	// In order of value, so that merged shards print the same digits.
	for _, v := range slices.Sorted(maps.Keys(h)) {
		d, c := float64(v)-mean, float64(h[v])
		m2 += c * d * d / n
		m4 += c * d * d * d * d / n
	}
	return math.Sqrt((m4-m2*m2)/n) / (2 * math.Sqrt(m2))
}

func ratFloat(q *big.Rat) float64 {
	f, _ := q.Float64()
	return f
}

// writeExactBeside prints the rows of exactBeside.
func writeExactBeside(w io.Writer, rows []exactRow, note string) error {
	if len(rows) > 0 {
		fmt.Fprintln(w, "\nThe strategy's exact figures (craps analyze) beside the simulated ones")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		width := len("QUANTITY")
		for _, r := range rows {
			width = max(width, len(r.Quantity))
		}
		fmt.Fprintf(tw, "%-*s\tSIMULATED\tEXACT\tSE AWAY\t\n", width, "QUANTITY")
		for _, r := range rows {
			fmt.Fprintf(tw, "%-*s\t%.6g ± %.2g\t%.8g\t%+.1f\t\n", width, r.Quantity, r.Simulated, r.StdErr, r.ExactFloat, r.StdErrsAway)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if note != "" {
		fmt.Fprintln(w, note)
	}
	return nil
}
