package main

import (
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"math"
	"math/big"
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
	return binRange(h, exact, maxBins, nil)
}

// binRange is binResults into at most n bins, over span ([lo, hi]) if it
// is given instead of the range of the results; the outcomes and chances
// outside it are left out.
func binRange(h craps.Histogram, exact map[craps.Amount]float64, n int, span *[2]craps.Amount) []resultBin {
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
	if span != nil {
		lo, hi = span[0], span[1]
	}
	if lo > hi {
		return nil
	}
	width := niceWidth(int64(hi)-int64(lo)+1, int64(max(n, 2))-1)
	first := floorDiv(int64(lo), width)
	bins := make([]resultBin, floorDiv(int64(hi), width)-first+1)
	for k := range bins {
		start := (first + int64(k)) * width
		bins[k] = resultBin{lo: craps.Amount(start), hi: craps.Amount(start + width - 1), exact: math.NaN()}
		if exact != nil {
			bins[k].exact = 0
		}
	}
	in := func(v craps.Amount) (int64, bool) {
		k := floorDiv(int64(v), width) - first
		return k, k >= 0 && k < int64(len(bins)) && (span == nil || span[0] <= v && v <= span[1])
	}
	for v, c := range h {
		if k, ok := in(v); ok {
			bins[k].count += c
		}
	}
	for v, p := range exact {
		if k, ok := in(v); ok {
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

// plotOptions are the figure flags of craps sim and craps merge.
type plotOptions struct {
	svg, csv      string // the files to write; "" for none
	width, height int    // the SVG's size in pixels
	font          float64
	bins          int              // at most this many bars
	span          *[2]craps.Amount // the results drawn, [lo, hi]; nil: all of them
	log           bool             // a logarithmic share axis
	title         string           // "" for one made from the run
}

// addPlotFlags registers the figure flags on fs.
func addPlotFlags(fs *flag.FlagSet) *plotOptions {
	o := &plotOptions{width: 800, height: 500, font: 14, bins: 30}
	fs.StringVar(&o.svg, "svg", "", "draw the results of sessions or hands, the exact law and standard errors, to `FILE`")
	fs.StringVar(&o.csv, "csv", "", "write the chart's bins to `FILE`: lo,hi,count,share,stderr,exact")
	fs.Func("size", "the chart's `WxH` in pixels (default 800x500)", func(v string) error {
		w, h, ok := strings.Cut(v, "x")
		wi, err1 := strconv.Atoi(w)
		hi, err2 := strconv.Atoi(h)
		if !ok || err1 != nil || err2 != nil || wi < 200 || hi < 150 || wi > 10000 || hi > 10000 {
			return errors.New("want WIDTHxHEIGHT in pixels, from 200x150 to 10000x10000")
		}
		o.width, o.height = wi, hi
		return nil
	})
	fs.Func("font", "the chart's font size in `PX` (default 14)", func(v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 6 || f > 72 {
			return errors.New("want a size from 6 to 72 pixels")
		}
		o.font = f
		return nil
	})
	fs.Func("bins", "at most `N` bars in the chart, of a round width (default 30)", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 || n > 1000 {
			return errors.New("want from 2 to 1000 bars")
		}
		o.bins = n
		return nil
	})
	fs.Func("range", "draw the results from `LO:HI` only, say -200:400 (default all)", func(v string) error {
		lo, hi, ok := strings.Cut(v, ":")
		l, err1 := strconv.ParseInt(lo, 10, 64)
		h, err2 := strconv.ParseInt(hi, 10, 64)
		if !ok || err1 != nil || err2 != nil || l >= h {
			return errors.New("want LO:HI, two whole results, LO below HI")
		}
		o.span = &[2]craps.Amount{craps.Amount(l), craps.Amount(h)}
		return nil
	})
	fs.BoolVar(&o.log, "log", false, "draw the share axis on a logarithmic scale, for a long tail")
	fs.StringVar(&o.title, "title", "", "the chart's `TITLE` (default: the strategy and the count of results)")
	return o
}

// chart is a histogram of results to draw.
type chart struct {
	h               craps.Histogram
	exact           map[craps.Amount]float64 // nil: no exact law
	what            string                   // "hand" or "session"
	title, subtitle string
	opt             plotOptions
}

// bins are the chart's bars, with the results the range leaves out.
func (c *chart) bins() (bins []resultBin, below, above int64) {
	bins = binRange(c.h, c.exact, c.opt.bins, c.opt.span)
	if s := c.opt.span; s != nil {
		for v, n := range c.h {
			switch {
			case v < s[0]:
				below += n
			case v > s[1]:
				above += n
			}
		}
	}
	return bins, below, above
}

// stderr is the standard error of a bin's share of n results.
func stderr(count, n int64) float64 {
	p := float64(count) / float64(n)
	return math.Sqrt(p * (1 - p) / float64(n))
}

// writeCSV writes the chart's bins: each bar's range, its count and share
// of the results, the standard error of the share, and the exact chance
// of a result in it ("" where there is no exact law).
func (c *chart) writeCSV(w io.Writer) error {
	bins, _, _ := c.bins()
	n := c.h.Count()
	if len(bins) == 0 || n == 0 {
		return fmt.Errorf("no %s results to write", c.what)
	}
	var b strings.Builder
	b.WriteString("lo,hi,count,share,stderr,exact\n")
	for _, bin := range bins {
		exact := ""
		if !math.IsNaN(bin.exact) {
			exact = strconv.FormatFloat(bin.exact, 'g', 10, 64)
		}
		fmt.Fprintf(&b, "%d,%d,%d,%s,%s,%s\n", bin.lo, bin.hi, bin.count,
			strconv.FormatFloat(float64(bin.count)/float64(n), 'g', 10, 64),
			strconv.FormatFloat(stderr(bin.count, n), 'g', 10, 64), exact)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSVG draws the histogram: a bar per bin, its height the share of
// the results in it, with a bar of two standard errors either way (about
// 95%); the exact chance of each bin, where an exact law is given, as a
// dark level with a dot, outlined in white so it shows on the bars and
// off them; the axes labelled with their units. Results outside the
// range are counted under the result axis.
func (c *chart) writeSVG(w io.Writer) error {
	bins, below, above := c.bins()
	n := c.h.Count()
	if len(bins) == 0 || n == 0 {
		return fmt.Errorf("no %s results to draw", c.what)
	}
	fs := c.opt.font
	width, height := float64(c.opt.width), float64(c.opt.height)
	left, right, top, bottom := 4.2*fs+8, fs, 3.6*fs, 3.8*fs
	plotW, plotH := width-left-right, height-top-bottom
	shares := make([]float64, len(bins))
	ymax, ymin := 0.0, math.Inf(1)
	for k, b := range bins {
		shares[k] = float64(b.count) / float64(n)
		hi := shares[k] + 2*stderr(b.count, n)
		ymax = max(ymax, hi)
		if shares[k] > 0 {
			ymin = min(ymin, shares[k])
		}
		if !math.IsNaN(b.exact) {
			ymax = max(ymax, b.exact)
			if b.exact > 0 {
				ymin = min(ymin, b.exact)
			}
		}
	}
	// The share axis: linear from 0 to a round top, or by decades.
	var y func(float64) float64
	var ticks []float64
	if c.opt.log {
		lo := math.Pow(10, math.Floor(math.Log10(min(ymin, 1/float64(n)))))
		hi := math.Pow(10, math.Ceil(math.Log10(ymax)))
		span := math.Log10(hi) - math.Log10(lo)
		y = func(s float64) float64 {
			s = max(s, lo)
			return top + plotH*(1-(math.Log10(s)-math.Log10(lo))/span)
		}
		for t := lo; t <= hi*1.0001; t *= 10 {
			ticks = append(ticks, t)
		}
	} else {
		step := niceStep(ymax, 5)
		ymax = math.Ceil(ymax/step-1e-9) * step
		y = func(s float64) float64 { return top + plotH*(1-s/ymax) }
		for k := 0; float64(k)*step <= ymax+step/2; k++ {
			ticks = append(ticks, float64(k)*step)
		}
	}
	bw := plotW / float64(len(bins))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="Helvetica, Arial, sans-serif" font-size="%g">`+"\n",
		width, height, width, height, fs)
	fmt.Fprintf(&b, `<rect width="%g" height="%g" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="%g" y="%.1f" font-size="%.1f" font-weight="bold" text-anchor="middle">%s</text>`+"\n",
		left+plotW/2, 1.3*fs, 1.2*fs, html.EscapeString(c.title))
	fmt.Fprintf(&b, `<text x="%g" y="%.1f" text-anchor="middle" fill="#444">%s</text>`+"\n", left+plotW/2, 2.5*fs, html.EscapeString(c.subtitle))
	for _, t := range ticks {
		fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, left+plotW, y(t), y(t))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", left-0.4*fs, y(t), shareLabel(t))
	}
	fmt.Fprintf(&b, `<text transform="translate(%.1f %.1f) rotate(-90)" text-anchor="middle">share of %ss (%%)</text>`+"\n",
		1.0*fs, top+plotH/2, c.what)
	floor := y(0)
	if c.opt.log {
		floor = top + plotH
	}
	for k, bin := range bins {
		x := left + float64(k)*bw
		gap := min(1, bw/8)
		fmt.Fprintf(&b, `<rect class="bar" x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#9ab7d3"><title>%d to %d: %d %ss (%s)</title></rect>`+"\n",
			x+gap, y(shares[k]), bw-2*gap, max(floor-y(shares[k]), 0), bin.lo, bin.hi, bin.count, c.what, pct1(shares[k]))
		if bin.count > 0 {
			se := stderr(bin.count, n)
			cx := x + bw/2
			fmt.Fprintf(&b, `<path class="stderr" d="M%.2f %.2fV%.2fM%.2f %.2fH%.2fM%.2f %.2fH%.2f" stroke="#1f3f5f" stroke-width="%.2f" fill="none"/>`+"\n",
				cx, y(shares[k]+2*se), y(max(shares[k]-2*se, 0)), cx-bw/5, y(shares[k]+2*se), cx+bw/5, cx-bw/5, y(max(shares[k]-2*se, 0)), cx+bw/5, max(fs/12, 1))
		}
	}
	if c.exact != nil {
		var levels, dots strings.Builder
		for k, bin := range bins {
			if bin.exact > 0 {
				x := left + float64(k)*bw
				fmt.Fprintf(&levels, "M%.2f %.2fH%.2f", x+bw*0.08, y(bin.exact), x+bw*0.92)
				fmt.Fprintf(&dots, `<circle cx="%.2f" cy="%.2f" r="%.2f"/>`, x+bw/2, y(bin.exact), max(fs/5, 2))
			}
		}
		sw := max(fs/6, 2)
		fmt.Fprintf(&b, `<path d="%s" stroke="white" stroke-width="%.2f" fill="none"/>`+"\n", levels.String(), sw+3)
		fmt.Fprintf(&b, `<path class="exact" d="%s" stroke="#b22222" stroke-width="%.2f" fill="none"/>`+"\n", levels.String(), sw)
		fmt.Fprintf(&b, `<g fill="#b22222" stroke="white" stroke-width="1.5">%s</g>`+"\n", dots.String())
	}
	// The result axis: bin edges, thinned to fit the labels.
	every := max(1, int(math.Ceil(float64(len(bins)+1)*4*fs/plotW)))
	for k := 0; k <= len(bins); k += every {
		x := left + float64(k)*bw
		edge := int64(bins[0].lo) + int64(k)*(int64(bins[0].hi-bins[0].lo)+1)
		fmt.Fprintf(&b, `<line x1="%.2f" x2="%.2f" y1="%.1f" y2="%.1f" stroke="black"/>`+"\n", x, x, top+plotH, top+plotH+0.4*fs)
		fmt.Fprintf(&b, `<text x="%.2f" y="%.1f" text-anchor="middle">%d</text>`+"\n", x, top+plotH+1.4*fs, edge)
	}
	fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%.1f" y2="%.1f" stroke="black"/>`+"\n", left, left+plotW, top+plotH, top+plotH)
	label := fmt.Sprintf("net result per %s, in units of the table (bars %d wide)", c.what, int64(bins[0].hi-bins[0].lo)+1)
	if below+above > 0 {
		label += fmt.Sprintf("; not drawn: %d below, %d above", below, above)
	}
	fmt.Fprintf(&b, `<text x="%g" y="%.1f" text-anchor="middle">%s</text>`+"\n", left+plotW/2, height-0.8*fs, html.EscapeString(label))
	// The legend, top right inside the plot.
	lx, ly := left+plotW-11*fs, top+0.8*fs
	fmt.Fprintf(&b, `<g class="legend"><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="white" fill-opacity="0.85" stroke="#ccc"/>`,
		lx-0.5*fs, ly-0.8*fs, 11.3*fs, 3.6*fs)
	fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#9ab7d3"/><path d="M%.1f %.1fV%.1f" stroke="#1f3f5f" stroke-width="%.2f"/><text x="%.1f" y="%.1f">simulated ± 2 s.e.</text>`,
		lx, ly-0.45*fs, 1.6*fs, 0.9*fs, lx+0.8*fs, ly-0.7*fs, ly+0.65*fs, max(fs/12, 1), lx+2.2*fs, ly+0.35*fs)
	if c.exact != nil {
		fmt.Fprintf(&b, `<path d="M%.1f %.1fH%.1f" stroke="#b22222" stroke-width="%.2f"/><circle cx="%.1f" cy="%.1f" r="%.2f" fill="#b22222"/><text x="%.1f" y="%.1f">exact law</text>`,
			lx, ly+1.6*fs, lx+1.6*fs, max(fs/6, 2), lx+0.8*fs, ly+1.6*fs, max(fs/5, 2), lx+2.2*fs, ly+1.95*fs)
	}
	b.WriteString("</g>\n</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// shareLabel writes a share as a percentage with the digits it needs.
func shareLabel(s float64) string {
	if s == 0 {
		return "0"
	}
	return strconv.FormatFloat(100*s, 'g', 3, 64)
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
// report says why), and, with a note saying so, for a hand's law that
// stops short of the bound (a large layout's spreads past the work
// HandResults does): the hands it leaves out are the long ones, whose
// results make the tail, and its bars there would fall short of the true
// shares by many standard errors.
func exactOutcomes(res *craps.SimResult, sessionLaw []craps.NetProbability) (map[craps.Amount]float64, string) {
	law := sessionLaw
	if res.Mode == craps.ByShooters {
		s, err := strategyOf(res.Strategy)
		if err != nil {
			return nil, ""
		}
		h, err := res.Rules.HandResults(s, handLawBound)
		if err != nil {
			return nil, ""
		}
		if h.Remainder.Cmp(new(big.Rat).SetFloat64(handLawBound)) > 0 {
			return nil, fmt.Sprintf("no exact shares: the exact law of one hand stops after %d throws, leaving out the %s of hands that last longer, whose results make the tail",
				h.Throws, pct1(ratFloat(h.Remainder)))
		}
		law = h.Results
	}
	if len(law) == 0 {
		return nil, ""
	}
	out := make(map[craps.Amount]float64, len(law))
	for _, v := range law {
		out[v.Net] = ratFloat(v.P)
	}
	return out, ""
}

// outcomeWord names what a run's results are results of.
func outcomeWord(res *craps.SimResult) string {
	if res.Mode == craps.BySessions {
		return "session"
	}
	return "hand"
}

// writePlot writes the -svg chart of a run's results, and the -csv file
// of its bins, with the exact law beside them if there is one, if either
// is asked for.
func writePlot(opt plotOptions, out *simOutput, exact map[craps.Amount]float64) error {
	if opt.svg == "" && opt.csv == "" {
		return nil
	}
	res := &out.Result
	if len(res.Outcomes) == 0 {
		return fmt.Errorf("-svg and -csv draw the results of -sessions and -shooters; this run has none: %w", errUsage)
	}
	what := outcomeWord(res)
	c := chart{h: res.Outcomes, exact: exact, what: what, opt: opt, title: opt.title}
	if c.title == "" {
		c.title = fmt.Sprintf("%s: %s %ss", strategyTitle(res.Strategy), thousands(res.Outcomes.Count()), what)
	}
	c.subtitle = fmt.Sprintf("%s, seed %d", out.RulesName, res.Seed)
	if res.Mode == craps.BySessions {
		s := res.Session
		c.subtitle += fmt.Sprintf("; from %d, target %d", s.Bankroll, s.Target)
		if s.StopLoss > 0 {
			c.subtitle += fmt.Sprintf(", stop-loss %d", s.StopLoss)
		}
		if s.MaxRolls > 0 {
			c.subtitle += fmt.Sprintf(", at most %d rolls", s.MaxRolls)
		}
	}
	if opt.svg != "" {
		if err := writeFile(opt.svg, c.writeSVG); err != nil {
			return err
		}
	}
	if opt.csv != "" {
		return writeFile(opt.csv, c.writeCSV)
	}
	return nil
}

// strategyTitle names a strategy in a chart's title: its name, or the
// start of its text.
func strategyTitle(name string) string {
	if r := []rune(name); len(r) > 40 {
		return string(r[:39]) + "…"
	}
	return name
}

// thousands writes n with commas between thousands: 1,000,000.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// writeFile writes a file with write, whole or not at all.
func writeFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(name)
		return err
	}
	return f.Close()
}
