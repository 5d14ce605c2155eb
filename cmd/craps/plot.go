package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/crapslab/craps"
)

// resultBin is one bar of a histogram of results: the outcomes from lo to
// hi, both included.
type resultBin struct {
	lo, hi craps.Amount
	count  int64
	// exact is the exact probability of a result in the bin, NaN where no
	// exact distribution is given.
	exact float64
}

// maxBins bounds the bars of a histogram: one screen's height.
const maxBins = 20

// exactVisible is the least exact chance that widens a histogram's range:
// a bar of less is not seen, and a long tail of such chances would leave
// the bars that matter too narrow.
const exactVisible = 1e-4

// binResults groups the outcomes of h, and the exact distribution if one
// is given (nil: none), into at most maxBins bins of one width: 1, 2 or 5
// times a power of ten, the bins starting at multiples of it, so that the
// edges read as round numbers. The bins span the outcomes and the exact
// values of a chance of at least exactVisible; the exact chances beyond
// them are left out.
func binResults(h craps.Histogram, exact map[craps.Amount]float64) []resultBin {
	lo, hi := craps.Amount(math.MaxInt64), craps.Amount(math.MinInt64)
	for v, c := range h {
		if c > 0 {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	for v, p := range exact {
		if p >= exactVisible {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo > hi {
		return nil
	}
	width := niceWidth(int64(hi)-int64(lo)+1, maxBins-1)
	first := floorDiv(int64(lo), width)
	bins := make([]resultBin, floorDiv(int64(hi), width)-first+1)
	for k := range bins {
		start := (first + int64(k)) * width
		bins[k] = resultBin{lo: craps.Amount(start), hi: craps.Amount(start + width - 1), exact: math.NaN()}
		if exact != nil {
			bins[k].exact = 0
		}
	}
	for v, c := range h {
		bins[floorDiv(int64(v), width)-first].count += c
	}
	for v, p := range exact {
		if k := floorDiv(int64(v), width) - first; k >= 0 && k < int64(len(bins)) {
			bins[k].exact += p
		}
	}
	return bins
}

// niceWidth is the smallest of 1, 2, 5, 10, 20, 50, ... that cuts a span
// of values into at most n bins whatever their alignment.
func niceWidth(span int64, n int64) int64 {
	for w := int64(1); ; w *= 10 {
		for _, m := range []int64{1, 2, 5} {
			if (span+m*w-1)/(m*w) <= n {
				return m * w
			}
		}
	}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// histQuantiles are the quantiles the report prints, with their names.
var histQuantiles = []struct {
	p    float64
	name string
}{{0, "min"}, {0.01, "1%"}, {0.1, "10%"}, {0.25, "25%"}, {0.5, "median"}, {0.75, "75%"}, {0.9, "90%"}, {0.99, "99%"}, {1, "max"}}

// writeHistogram prints the histogram of results beside the quantiles:
// one row per bin with its share of the outcomes as a bar, and the
// quantiles that fall in it; and the exact share, where the exact
// distribution is given.
func writeHistogram(w io.Writer, h craps.Histogram, what string, exact map[craps.Amount]float64) {
	bins := binResults(h, exact)
	n := h.Count()
	if len(bins) == 0 || n == 0 {
		return
	}
	top := int64(0)
	for _, b := range bins {
		top = max(top, b.count)
	}
	fmt.Fprintf(w, "\n%s results (each bar's full width: %s of %ss):\n", strings.ToUpper(what[:1])+what[1:], pct1(float64(top)/float64(n)), what)
	edges := make([]string, 0, 2*len(bins))
	for _, b := range bins {
		edges = append(edges, strconv.FormatInt(int64(b.lo), 10), strconv.FormatInt(int64(b.hi), 10))
	}
	ew := 0
	for _, e := range edges {
		ew = max(ew, len(e))
	}
	const barWidth = 40
	for _, b := range bins {
		var marks []string
		for _, q := range histQuantiles {
			if v := h.Quantile(q.p); b.lo <= v && v <= b.hi {
				marks = append(marks, q.name)
			}
		}
		span := fmt.Sprintf("%*d to %*d", ew, b.lo, ew, b.hi)
		if b.lo == b.hi {
			span = fmt.Sprintf("%*d    %*s", ew, b.lo, ew, "")
		}
		share := float64(b.count) / float64(n)
		line := fmt.Sprintf("  %s %7s  %-*s", span, pct1(share), barWidth, bar(float64(b.count)/float64(top), barWidth))
		if !math.IsNaN(b.exact) {
			line += fmt.Sprintf("  exact %7s", pct1(b.exact))
		}
		if len(marks) > 0 {
			line += "  " + strings.Join(marks, ", ")
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// bar draws a fraction f of width cells in eighths of a cell; a bin with
// any outcome shows at least a sliver.
func bar(f float64, width int) string {
	eighths := int(math.Round(f * float64(8*width)))
	if eighths == 0 && f > 0 {
		eighths = 1
	}
	return strings.Repeat("█", eighths/8) + []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}[eighths%8]
}

func pct1(f float64) string { return strconv.FormatFloat(100*f, 'f', 2, 64) + "%" }

// writeSVGFile writes the histogram of results as an SVG chart.
func writeSVGFile(name string, h craps.Histogram, title, what string, exact map[craps.Amount]float64) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := writeSVG(f, h, title, what, exact); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeSVG draws the histogram of results: a bar per bin, its height the
// share of the outcomes in it; and, where an exact distribution is given,
// the exact share of each bin as a line over the bars.
func writeSVG(w io.Writer, h craps.Histogram, title, what string, exact map[craps.Amount]float64) error {
	bins := binResults(h, exact)
	n := h.Count()
	if len(bins) == 0 || n == 0 {
		return fmt.Errorf("no %s results to draw", what)
	}
	const (
		width, height            = 800, 450
		left, right, top, bottom = 70, 20, 50, 60
		plotW, plotH             = width - left - right, height - top - bottom
	)
	ymax := 0.0
	for _, b := range bins {
		ymax = max(ymax, float64(b.count)/float64(n))
		if !math.IsNaN(b.exact) {
			ymax = max(ymax, b.exact)
		}
	}
	step := niceStep(ymax, 5)
	ymax = math.Ceil(ymax/step-1e-9) * step
	y := func(share float64) float64 { return top + plotH*(1-share/ymax) }
	bw := float64(plotW) / float64(len(bins))

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="%d" y="24" font-size="15" text-anchor="middle">%s</text>`+"\n", width/2, html.EscapeString(title))
	// The grid and the share axis.
	decimals := max(0, -int(math.Floor(math.Log10(100*step))))
	for k := 0; float64(k)*step <= ymax+step/2; k++ {
		s := float64(k) * step
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, left+plotW, y(s), y(s))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s%%</text>`+"\n", left-6, y(s), strconv.FormatFloat(100*s, 'f', decimals, 64))
	}
	fmt.Fprintf(&b, `<text transform="translate(16 %d) rotate(-90)" text-anchor="middle">share of %ss</text>`+"\n", top+plotH/2, what)
	// The bars, each with its range and count as a tooltip.
	for k, bin := range bins {
		share := float64(bin.count) / float64(n)
		fmt.Fprintf(&b, `<rect class="bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#4878a8"><title>%d to %d: %d %ss (%s)</title></rect>`+"\n",
			left+float64(k)*bw+1, y(share), bw-2, y(0)-y(share), bin.lo, bin.hi, bin.count, what, pct1(share))
	}
	// The result axis: every bin's lower edge, thinned to fit.
	every := (len(bins) + 9) / 10
	for k := 0; k <= len(bins); k += every {
		x := left + float64(k)*bw
		edge := int64(bins[0].lo) + int64(k)*(int64(bins[0].hi-bins[0].lo)+1)
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="black"/>`+"\n", x, x, top+plotH, top+plotH+5)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x, top+plotH+18, edge)
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="black"/>`+"\n", left, left+plotW, top+plotH, top+plotH)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">net result per %s</text>`+"\n", left+plotW/2, height-18, what)
	// The exact distribution, where one is given: its share of each bin
	// that has any, a level across the bin (a line from bin to bin would
	// cross the empty bins between the spikes of a session's law).
	if exact != nil {
		var d []string
		for k, bin := range bins {
			if bin.exact > 0 {
				d = append(d, fmt.Sprintf("M%.1f %.1fH%.1f", left+float64(k)*bw+1, y(bin.exact), left+float64(k+1)*bw-1))
			}
		}
		fmt.Fprintf(&b, `<path class="exact" d="%s" fill="none" stroke="#c0392b" stroke-width="3"/>`+"\n", strings.Join(d, ""))
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="40" y2="40" stroke="#c0392b" stroke-width="2"/><text x="%d" y="44">exact</text>`+"\n", width-right-90, width-right-66, width-right-60)
		fmt.Fprintf(&b, `<rect x="%d" y="54" width="24" height="10" fill="#4878a8"/><text x="%d" y="63">simulated</text>`+"\n", width-right-90, width-right-60)
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// niceStep is a round step (1, 2 or 5 times a power of ten) that cuts 0
// to top into at most n steps.
func niceStep(top float64, n int) float64 {
	if top <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(top/float64(n))))
	for _, m := range []float64{1, 2, 5, 10} {
		if top/(m*p) <= float64(n) {
			return m * p
		}
	}
	return 10 * p
}

// handLawBound is how far the exact law of one hand's result is followed
// for the histogram of a run by shooters: until the chance that a hand
// goes on is below it, a share no bar shows.
const handLawBound = 1e-4

// exactOutcomes is the exact law of a run's results, drawn beside the
// simulated histogram: the law of a session's result (sessionLaw, from the
// exact figures of the report), or of one hand's, followed to
// handLawBound. It is nil for a strategy without an exact analysis (the
// report says why).
func exactOutcomes(res *craps.SimResult, sessionLaw []craps.NetProbability) map[craps.Amount]float64 {
	law := sessionLaw
	if res.Mode == craps.ByShooters {
		s, err := strategyOf(res.Strategy)
		if err != nil {
			return nil
		}
		h, err := res.Rules.HandResults(s, handLawBound)
		if err != nil {
			return nil
		}
		law = h.Results
	}
	if len(law) == 0 {
		return nil
	}
	out := make(map[craps.Amount]float64, len(law))
	for _, v := range law {
		out[v.Net] = ratFloat(v.P)
	}
	return out
}

// outcomeWord names what a run's results are results of.
func outcomeWord(res *craps.SimResult) string {
	if res.Mode == craps.BySessions {
		return "session"
	}
	return "hand"
}

// writePlot writes the -svg chart of a run's results, and the exact law
// beside them if there is one, if a chart is asked for.
func writePlot(name string, out *simOutput, exact map[craps.Amount]float64) error {
	if name == "" {
		return nil
	}
	res := &out.Result
	if len(res.Outcomes) == 0 {
		return fmt.Errorf("-svg: the run has no results to draw (-sessions and -shooters do): %w", errUsage)
	}
	title := fmt.Sprintf("%s under %s, seed %d: %d %v", res.Strategy, out.RulesName, res.Seed, res.Outcomes.Count(), res.Mode)
	if res.Mode == craps.BySessions {
		title += fmt.Sprintf(" from a bankroll of %d", res.Session.Bankroll)
	}
	return writeSVGFile(name, res.Outcomes, title, outcomeWord(res), exact)
}
