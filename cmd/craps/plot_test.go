package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crapslab/craps"
	"github.com/google/go-cmp/cmp"
)

func TestBinResults(t *testing.T) {
	type bin struct {
		Lo, Hi craps.Amount
		Count  int64
	}
	for _, c := range []struct {
		why  string
		h    craps.Histogram
		want []bin
	}{
		{"one result: one bin of width 1", craps.Histogram{5: 3}, []bin{{5, 5, 3}}},
		{"a span of 19: bins of 1", craps.Histogram{-9: 1, 9: 2}, nil},
		{"ruin and target: bins of 100 from -1000", craps.Histogram{-1000: 4, -550: 1, 500: 5}, []bin{
			{-1000, -901, 4}, {-900, -801, 0}, {-800, -701, 0}, {-700, -601, 0}, {-600, -501, 1}, {-500, -401, 0},
			{-400, -301, 0}, {-300, -201, 0}, {-200, -101, 0}, {-100, -1, 0}, {0, 99, 0}, {100, 199, 0},
			{200, 299, 0}, {300, 399, 0}, {400, 499, 0}, {500, 599, 5}}},
		{"a span of 41: bins of 5, starting at multiples of 5", craps.Histogram{-7: 1, 33: 1}, []bin{
			{-10, -6, 1}, {-5, -1, 0}, {0, 4, 0}, {5, 9, 0}, {10, 14, 0}, {15, 19, 0}, {20, 24, 0}, {25, 29, 0}, {30, 34, 1}}},
	} {
		bins := binResults(c.h, nil)
		var got []bin
		total := int64(0)
		for _, b := range bins {
			got = append(got, bin{b.lo, b.hi, b.count})
			total += b.count
			if !math.IsNaN(b.exact) {
				t.Errorf("%s: an exact share %v where none was given", c.why, b.exact)
			}
		}
		if len(bins) > maxBins || total != c.h.Count() {
			t.Errorf("%s: %d bins holding %d of %d results", c.why, len(bins), total, c.h.Count())
		}
		if c.want == nil { // a span of 19 values: one bin each
			if len(got) != 19 || got[0].Lo != -9 || got[18].Hi != 9 {
				t.Errorf("%s: %v", c.why, got)
			}
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.why, diff)
		}
	}
	// An exact distribution widens the range to its own and is summed per bin.
	bins := binResults(craps.Histogram{0: 1}, map[craps.Amount]float64{-3: 0.25, 0: 0.5, 1: 0.25})
	var exact []float64
	for _, b := range bins {
		exact = append(exact, b.exact)
	}
	if diff := cmp.Diff([]float64{0.25, 0, 0, 0.5, 0.25}, exact); diff != "" || bins[0].lo != -3 {
		t.Errorf("exact shares per bin (-want +got):\n%s", diff)
	}
}

// The text histogram: one row per bin, the shares of its rows adding up
// to the whole, each quantile named on the row that holds it.
func TestWriteHistogram(t *testing.T) {
	h := craps.Histogram{-1000: 40, -520: 10, 500: 50}
	var buf bytes.Buffer
	writeHistogram(&buf, h, "session", nil)
	out := buf.String()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "Session results (each bar's full width: 50.00% of sessions)") {
		t.Fatalf("heading: %q", lines[0])
	}
	rows := lines[1:]
	if len(rows) != 16 {
		t.Fatalf("%d rows, want 16 bins of 100 from -1000 to 599:\n%s", len(rows), out)
	}
	sum := 0.0
	for _, r := range rows {
		f := strings.Fields(r)
		share, err := strconv.ParseFloat(strings.TrimSuffix(f[3], "%"), 64)
		if err != nil {
			t.Fatalf("row %q: %v", r, err)
		}
		sum += share
	}
	if math.Abs(sum-100) > 1e-9 {
		t.Errorf("the shares add up to %v%%", sum)
	}
	for _, want := range []struct {
		row  int
		text string
	}{
		{0, "-1000 to  -901  40.00%  ████████████████████████████████          min, 1%, 10%, 25%"},
		{4, "-600 to  -501  10.00%  ████████                                  median"}, // the 50th of 100
		{15, "500 to   599  50.00%  ████████████████████████████████████████  75%, 90%, 99%, max"},
	} {
		if got := strings.TrimSpace(rows[want.row]); got != want.text {
			t.Errorf("row %d: %q, want %q", want.row, got, want.text)
		}
	}
	buf.Reset()
	writeHistogram(&buf, h, "session", map[craps.Amount]float64{-1000: 0.4, 500: 0.6})
	if !strings.Contains(buf.String(), "exact  40.00%") || !strings.Contains(buf.String(), "exact  60.00%") {
		t.Errorf("no exact column:\n%s", buf.String())
	}
}

// The SVG chart is well-formed XML with a bar per bin, each as tall as its
// share; an exact distribution is a level across every bin it reaches.
func TestWriteSVG(t *testing.T) {
	h := craps.Histogram{-100: 25, 0: 50, 100: 25}
	exact := map[craps.Amount]float64{-100: 0.25, 0: 0.5, 100: 0.25}
	var buf bytes.Buffer
	c := chart{h: h, exact: exact, what: "session", title: "a <title> & more", opt: plotOptions{width: 800, height: 500, font: 14, bins: 20}}
	if err := c.writeSVG(&buf); err != nil {
		t.Fatal(err)
	}
	var heights []float64
	var exactPoints int
	dec := xml.NewDecoder(&buf)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range el.Attr {
			attr[a.Name.Local] = a.Value
		}
		switch {
		case el.Name.Local == "rect" && attr["class"] == "bar":
			f, _ := strconv.ParseFloat(attr["height"], 64)
			heights = append(heights, f)
		case el.Name.Local == "path" && attr["class"] == "exact":
			exactPoints = strings.Count(attr["d"], "M")
		}
	}
	bins := len(binResults(h, exact))
	if len(heights) != bins || exactPoints != len(exact) {
		t.Fatalf("%d bars for %d bins, %d exact levels for %d exact values", len(heights), bins, exactPoints, len(exact))
	}
	if heights[0] <= 0 || math.Abs(heights[len(heights)-1]-heights[0]) > 0.1 || math.Abs(heights[bins/2]-2*heights[0]) > 0.2 {
		t.Errorf("bar heights %v: want the middle twice the ends", heights)
	}
	if err := (&chart{what: "session", opt: c.opt}).writeSVG(io.Discard); err == nil {
		t.Error("an empty histogram drawn")
	}
}

func TestSimSVG(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "sessions.svg")
	code, out, errOut := runCmd(t, "", "sim", "-strategy", "martingale", "-sessions", "500", "-bankroll", "500", "-target", "800", "-svg", svg)
	if code != 0 || !strings.Contains(out, "Session results") {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	data, err := os.ReadFile(svg)
	if err != nil || !bytes.HasPrefix(data, []byte("<svg")) || !bytes.Contains(data, []byte("martingale: 500 sessions")) ||
		!bytes.Contains(data, []byte("from 500, target 800")) || !bytes.Contains(data, []byte("net result per session, in units of the table")) {
		t.Errorf("the SVG file: %v\n%.300s", err, data)
	}
	if code, _, errOut := runCmd(t, "", "sim", "-rolls", "1000", "-svg", svg); code != 2 || !strings.Contains(errOut, "-svg and -csv draw") {
		t.Errorf("-svg with -rolls: exit %d: %s", code, errOut)
	}
	shard := filepath.Join(dir, "hands.json")
	_, js, _ := runCmd(t, "", "sim", "-json", "-strategy", "iron-cross", "-shooters", "300")
	if err := os.WriteFile(shard, []byte(js), 0o600); err != nil {
		t.Fatal(err)
	}
	hands := filepath.Join(dir, "hands.svg")
	if code, out, errOut := runCmd(t, "", "merge", "-svg", hands, shard); code != 0 || !strings.Contains(out, "Hand results") {
		t.Errorf("merge -svg: exit %d: %s\n%s", code, errOut, out)
	}
	if _, err := os.Stat(hands); err != nil {
		t.Error(err)
	}
}

// Beside a strategy's simulated results the histogram draws their exact
// law: the shares of a session's law add up to the whole, and the exact
// share of each bar is near the simulated one.
func TestSimHistogramExact(t *testing.T) {
	for _, args := range [][]string{
		{"-strategy", "pass-max-odds", "-sessions", "4000", "-bankroll", "100", "-target", "200"},
		{"-strategy", "iron-cross", "-shooters", "4000"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"sim"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		rows := 0
		total := 0.0
		for _, line := range strings.Split(out, "\n") {
			f := strings.Fields(line)
			i := slices.Index(f, "exact")
			if i < 0 || i+1 >= len(f) || !strings.HasSuffix(f[i+1], "%") {
				continue
			}
			rows++
			sim, _ := strconv.ParseFloat(strings.TrimSuffix(f[3], "%"), 64)
			ex, _ := strconv.ParseFloat(strings.TrimSuffix(f[i+1], "%"), 64)
			total += ex
			// 4 standard errors of a share of 4000 outcomes
			if se := 100 * math.Sqrt(ex/100*(1-ex/100)/4000); math.Abs(sim-ex) > 4*se+0.01 {
				t.Errorf("%v: %q: simulated %.2f%%, exact %.2f%%", args, line, sim, ex)
			}
		}
		// A session's law is whole; a hand's is followed until less than
		// handLawBound is left, and bars too far out to see are left out.
		if rows == 0 || math.Abs(total-100) > 0.1 {
			t.Errorf("%v: %d rows with an exact share, adding up to %.3f%%:\n%s", args, rows, total, out)
		}
	}
}

// The figure flags: size, font, bins, range, log scale and title reach
// the SVG, and -csv writes the same bins with their standard errors and
// exact chances.
func TestSimFigureOptions(t *testing.T) {
	dir := t.TempDir()
	svg, csv := filepath.Join(dir, "h.svg"), filepath.Join(dir, "h.csv")
	code, _, errOut := runCmd(t, "", "sim", "-strategy", "iron-cross", "-shooters", "3000", "-svg", svg, "-csv", csv,
		"-size", "1000x600", "-font", "18", "-bins", "10", "-range", "-100:199", "-log", "-title", "Iron <cross>")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(svg)
	for _, want := range []string{`width="1000" height="600"`, `font-size="18"`, "Iron &lt;cross&gt;", "not drawn: ", ">0.01<", ">100<"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the SVG lacks %q", want)
		}
	}
	if n := bytes.Count(data, []byte(`class="bar"`)); n != 6 {
		t.Errorf("%d bars, want at most 10 of a round width over -100 to 199: 6 of 50", n)
	}
	text, _ := os.ReadFile(csv)
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if lines[0] != "lo,hi,count,share,stderr,exact" || len(lines) != 7 || !strings.HasPrefix(lines[1], "-100,-51,") {
		t.Errorf("the CSV:\n%s", text)
	}
	sum := 0.0
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		ex, err := strconv.ParseFloat(f[5], 64)
		if len(f) != 6 || err != nil {
			t.Fatalf("CSV line %q", l)
		}
		sum += ex
	}
	if sum < 0.9 || sum > 1 {
		t.Errorf("the exact chances in the range add up to %v", sum)
	}
	for _, bad := range [][]string{{"-size", "10x10"}, {"-font", "0"}, {"-bins", "1"}, {"-range", "5:1"}} {
		if code, _, _ := runCmd(t, "", append([]string{"sim", "-shooters", "10", "-svg", svg}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}
