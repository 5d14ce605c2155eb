package craps

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// DiceLog is a record of throws: how many times each of the 36 ordered
// throws came, and whether the record tells the two dice apart. Its
// methods give what a record can say about the dice: the counts by total
// and by face, tests of a law (fair dice, or any other), the SRR with its
// interval, and the law fitted to it, under which Rules.FittedEdgeTable
// gives every bet's edge.
type DiceLog struct {
	// Counts holds the number of times each throw was recorded, in
	// AllDice's order (Dice.A the first face written).
	Counts [36]int64
	// Apart says that the record tells the dice apart: the first face
	// written is always the same die's (a red and a green die, say).
	// Without it the order of a throw's faces means nothing: 3-4 and 4-3
	// count together, as one combination of the 21, and the faces of
	// both dice are counted together.
	Apart bool
}

// Add records the throw d: an error wrapping ErrSyntax if d is not Valid.
func (l *DiceLog) Add(d Dice) error {
	if !d.Valid() {
		return fmt.Errorf("craps: record dice %d-%d: %w", d.A, d.B, ErrSyntax)
	}
	l.Counts[d.index()]++
	return nil
}

// Throws is the number of throws recorded.
func (l DiceLog) Throws() int64 {
	n := int64(0)
	for _, c := range l.Counts {
		n += c
	}
	return n
}

// ReadDiceLog reads a record of throws, one a line as ParseDice reads it
// ("3-4", "3 4"), blank lines and text after "#" left out; apart says
// whether the record tells the dice apart (DiceLog.Apart). A line that is
// not a throw is an error wrapping ErrSyntax that names it.
func ReadDiceLog(r io.Reader, apart bool) (DiceLog, error) {
	log := DiceLog{Apart: apart}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		d, err := ParseDice(text)
		if err != nil {
			return DiceLog{}, fmt.Errorf("craps: line %d: %w", line, err)
		}
		log.Counts[d.index()]++
	}
	if err := sc.Err(); err != nil {
		return DiceLog{}, fmt.Errorf("craps: read a record of throws: %w", err)
	}
	return log, nil
}

// cells are the classes of throws the record tells apart, each a set of
// throws: the 36 throws when the dice are told apart, else the 21
// combinations (a pair, or two faces in either order).
func (l DiceLog) cells() []OutcomeSet {
	var cells []OutcomeSet
	for _, d := range AllDice() {
		switch {
		case l.Apart:
			cells = append(cells, d.Set())
		case d.A <= d.B:
			cells = append(cells, Combination(int(d.A), int(d.B)))
		}
	}
	return cells
}

// count is the number of throws recorded in s.
func (l DiceLog) count(s OutcomeSet) int64 {
	n := int64(0)
	for i, c := range l.Counts {
		if s&(1<<i) != 0 {
			n += c
		}
	}
	return n
}

// Law is the law fitted to the record: each throw's chance is its share
// of the throws recorded (the maximum likelihood estimate), and without
// Apart each combination's share is split equally between its two
// orders. It returns an error wrapping ErrInvalidRules for a record of
// no throws, or of more than MaxDiceWeight/2.
func (l DiceLog) Law() (DiceLaw, error) {
	var w [36]*big.Rat
	for i, d := range AllDice() {
		w[i] = big.NewRat(l.Counts[i], 1)
		if !l.Apart {
			w[i].SetFrac64(l.count(Combination(int(d.A), int(d.B))), int64(Combination(int(d.A), int(d.B)).Ways()))
		}
	}
	if l.Throws() > MaxDiceWeight/2 {
		return DiceLaw{}, fmt.Errorf("craps: fit dice to %d throws: at most %d: %w", l.Throws(), int64(MaxDiceWeight/2), ErrInvalidRules)
	}
	return lawOf(w)
}

// DiceTest is one test of a record against a law: the chi-square
// statistic and Pearson's p-value, and the likelihood-ratio statistic G
// (the G-test) and its p-value, each against the chi-square law of DF
// degrees of freedom. The p-values are the chance, were the dice of the
// law, of a statistic at least as large. They are the usual large-sample
// approximations: MinExpected, the smallest count the law expects in a
// category, should be 5 or more for them to hold.
type DiceTest struct {
	// Name says what is tested: "totals", "throws", "combinations",
	// "faces" (of both dice together), "first die", "second die",
	// "dice independent" (the first die's face against the second's,
	// whatever the law), or "sevens" (a 7 or not: the SRR).
	Name        string
	Categories  int
	DF          int
	ChiSquare   float64
	ChiSquareP  float64
	G, GP       float64
	MinExpected float64
}

// SRREstimate is the record's sevens-to-rolls ratio: Throws over
// Sevens, with its 95% confidence interval, from Wilson's score interval
// for the chance of a 7 (E. B. Wilson, "Probable inference, the law of
// succession, and statistical inference", JASA 22 (1927), 209-212)
// turned over. High is +Inf for a record without a 7.
type SRREstimate struct {
	Sevens, Throws int64
	SRR, Low, High float64
}

// DiceStats is what a record says about the dice: its counts, the tests
// of a law, and the SRR.
type DiceStats struct {
	Throws int64
	// Totals counts the throws of each total, by total (2 to 12).
	Totals [13]int64
	// Faces counts each face of the first die in Faces[0] and of the
	// second in Faces[1] when the dice are told apart; otherwise Faces[0]
	// counts the faces of both dice together, two a throw, and Faces[1]
	// is zero.
	Faces [2][6]int64
	// Law is the law tested against, Tests the tests: totals, throws (or
	// the 21 combinations), faces (or each die, and their independence,
	// when the dice are told apart) and sevens.
	Law   DiceLaw
	Tests []DiceTest
	SRR   SRREstimate
}

// Stats counts the record and tests it against the law h0 (the zero
// DiceLaw: fair dice). A category h0 never throws is left out of a test,
// and a record of a throw h0 never makes has a p-value of 0. It returns
// an error wrapping ErrInvalidRules if h0 is no law (see DiceLaw), and
// one wrapping ErrSyntax for a record of no throws.
func (l DiceLog) Stats(h0 DiceLaw) (DiceStats, error) {
	n := l.Throws()
	if n == 0 {
		return DiceStats{}, fmt.Errorf("craps: dice statistics of no throws: %w", ErrSyntax)
	}
	num, den, why := h0.reduced()
	if why != "" {
		return DiceStats{}, fmt.Errorf("craps: dice statistics against %v: %s: %w", h0, why, ErrInvalidRules)
	}
	s := DiceStats{Throws: n, Law: h0}
	for i, d := range AllDice() {
		s.Totals[d.Total()] += l.Counts[i]
		if l.Apart {
			s.Faces[0][d.A-1] += l.Counts[i]
			s.Faces[1][d.B-1] += l.Counts[i]
		} else {
			s.Faces[0][d.A-1] += l.Counts[i]
			s.Faces[0][d.B-1] += l.Counts[i]
		}
	}
	chance := func(set OutcomeSet) float64 {
		w := int64(0)
		for i := range num {
			if set&(1<<i) != 0 {
				w += num[i]
			}
		}
		return float64(w) / float64(den)
	}
	// test compares the counts of sets of throws with what h0 expects of
	// trials of them.
	test := func(name string, sets []OutcomeSet, counts func(OutcomeSet) int64, trials int64, p func(OutcomeSet) float64) DiceTest {
		obs, exp := make([]float64, len(sets)), make([]float64, len(sets))
		for k, set := range sets {
			obs[k], exp[k] = float64(counts(set)), float64(trials)*p(set)
		}
		return goodnessOfFit(name, obs, exp)
	}
	var totals, first, second []OutcomeSet
	for t := 2; t <= 12; t++ {
		totals = append(totals, Totals(t))
	}
	for f := 1; f <= 6; f++ {
		var a, b OutcomeSet
		for g := 1; g <= 6; g++ {
			a |= Dice{uint8(f), uint8(g)}.Set()
			b |= Dice{uint8(g), uint8(f)}.Set()
		}
		first, second = append(first, a), append(second, b)
	}
	s.Tests = append(s.Tests, test("totals", totals, l.count, n, chance))
	cellName := "combinations"
	if l.Apart {
		cellName = "throws"
	}
	s.Tests = append(s.Tests, test(cellName, l.cells(), l.count, n, chance))
	if l.Apart {
		s.Tests = append(s.Tests, test("first die", first, l.count, n, chance), test("second die", second, l.count, n, chance))
		s.Tests = append(s.Tests, l.independence())
	} else {
		// Each face of both dice together: two faces a throw (a pair
		// counts its face twice), and h0's chance of a face the mean of
		// its chances on either die.
		obs, exp := make([]float64, 6), make([]float64, 6)
		for f := range 6 {
			obs[f] = float64(s.Faces[0][f])
			exp[f] = float64(2*n) * (chance(first[f]) + chance(second[f])) / 2
		}
		s.Tests = append(s.Tests, goodnessOfFit("faces", obs, exp))
	}
	seven := Totals(7)
	s.Tests = append(s.Tests, test("sevens", []OutcomeSet{seven, AllOutcomes &^ seven}, l.count, n, chance))
	s.SRR = srrEstimate(l.count(seven), n)
	return s, nil
}

// independence tests whether the first die's face is independent of the
// second's, the 6 by 6 table of the throws against the products of its
// margins: (6-1)(6-1) = 25 degrees of freedom, faces never thrown left
// out.
func (l DiceLog) independence() DiceTest {
	var rows, cols [6]float64
	n := float64(l.Throws())
	for i, c := range l.Counts {
		rows[i/6] += float64(c)
		cols[i%6] += float64(c)
	}
	var obs, exp []float64
	r, c := 0, 0
	for k := range 6 {
		if rows[k] > 0 {
			r++
		}
		if cols[k] > 0 {
			c++
		}
	}
	for i, count := range l.Counts {
		if rows[i/6] > 0 && cols[i%6] > 0 {
			obs, exp = append(obs, float64(count)), append(exp, rows[i/6]*cols[i%6]/n)
		}
	}
	t := goodnessOfFit("dice independent", obs, exp)
	t.DF = max((r-1)*(c-1), 0)
	t.ChiSquareP, t.GP = chiSquareAbove(t.ChiSquare, t.DF), chiSquareAbove(t.G, t.DF)
	return t
}

// goodnessOfFit compares observed counts with expected ones: Pearson's
// chi-square, Σ (O-E)²/E, and the G statistic, 2 Σ O ln(O/E), over the
// categories expected at all, with one degree of freedom fewer than
// them. A count where none is expected makes both infinite.
func goodnessOfFit(name string, obs, exp []float64) DiceTest {
	t := DiceTest{Name: name, MinExpected: math.Inf(1)}
	for k := range obs {
		switch {
		case exp[k] == 0 && obs[k] > 0:
			t.ChiSquare, t.G = math.Inf(1), math.Inf(1)
			continue
		case exp[k] == 0:
			continue
		}
		t.Categories++
		t.MinExpected = min(t.MinExpected, exp[k])
		d := obs[k] - exp[k]
		t.ChiSquare += d * d / exp[k]
		if obs[k] > 0 {
			t.G += 2 * obs[k] * math.Log(obs[k]/exp[k])
		}
	}
	t.G = max(t.G, 0) // rounding can leave a tiny negative sum
	t.DF = t.Categories - 1
	t.ChiSquareP, t.GP = chiSquareAbove(t.ChiSquare, t.DF), chiSquareAbove(t.G, t.DF)
	return t
}

// chiSquareAbove is the chance that a chi-square variable of df degrees
// of freedom is at least x: Q(df/2, x/2), the regularized upper
// incomplete gamma function, by its series below a+1 and its continued
// fraction (Lentz's method) above, as in W. H. Press et al., Numerical
// Recipes, 3rd ed. (2007), §6.2. It is 1 for x <= 0 and for df < 1.
func chiSquareAbove(x float64, df int) float64 {
	if df < 1 || x <= 0 {
		return 1
	}
	if math.IsInf(x, 1) {
		return 0
	}
	a, z := float64(df)/2, x/2
	lg, _ := math.Lgamma(a)
	front := math.Exp(-z + a*math.Log(z) - lg)
	if z < a+1 {
		// P(a, z) = e^-z z^a / Γ(a) Σ z^k / (a (a+1) ... (a+k)).
		sum, term := 1/a, 1/a
		for k := 1; k < 100_000; k++ {
			term *= z / (a + float64(k))
			sum += term
			if term < sum*1e-16 {
				break
			}
		}
		return max(0, 1-front*sum)
	}
	// Q(a, z) = e^-z z^a / Γ(a) · 1/(z+1-a- 1(1-a)/(z+3-a- 2(2-a)/(z+5-a- ...))).
	const tiny = 1e-300
	b := z + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1; i < 100_000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		delta := d * c
		h *= delta
		if math.Abs(delta-1) < 1e-16 {
			break
		}
	}
	return min(1, front*h)
}

// srrEstimate is the SRR of sevens in n throws with Wilson's 95% score
// interval for the chance of a 7, turned over.
func srrEstimate(sevens, n int64) SRREstimate {
	e := SRREstimate{Sevens: sevens, Throws: n, SRR: math.Inf(1), High: math.Inf(1)}
	z := normalQuantile(0.975)
	p, nf := float64(sevens)/float64(n), float64(n)
	center := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	lo, hi := center-half, center+half
	e.Low = 1 / hi
	if sevens > 0 {
		e.SRR = 1 / p
	}
	if lo > 0 {
		e.High = 1 / lo
	}
	return e
}

// normalQuantile is the standard normal law's p-quantile, √2 erf⁻¹(2p-1).
func normalQuantile(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// ThrowsToTellSRR is the number of throws a record needs to tell dice of
// the given SRR from fair dice (SRR 6) by the two-sided test of the
// chance of a 7 at the level (0.95: a fair record is taken for another
// one time in 20) with the power asked (0.8: a record of that SRR is
// told from fair dice four times in five): the normal approximation to
// the binomial test, n = ((z₁₋α/₂ √(p₀q₀) + z_power √(p₁q₁)) / (p₁-p₀))²,
// p₀ = 1/6 and p₁ = 1/srr, rounded up (J. L. Fleiss, Statistical Methods
// for Rates and Proportions, 3rd ed. (2003), §2.5). It returns an error
// wrapping ErrSyntax for an srr not above 1 or equal to 6, or a level or
// power outside (0, 1).
func ThrowsToTellSRR(srr, level, power float64) (int64, error) {
	switch {
	case !(srr > 1) || srr == 6 || math.IsInf(srr, 0):
		return 0, fmt.Errorf("craps: throws to tell SRR %v from 6: an SRR above 1, other than 6: %w", srr, ErrSyntax)
	case !(level > 0 && level < 1) || !(power > 0 && power < 1):
		return 0, fmt.Errorf("craps: throws to tell SRR %v from 6 at level %v with power %v: both in (0, 1): %w", srr, level, power, ErrSyntax)
	}
	p0, p1 := 1.0/6, 1/srr
	za, zb := normalQuantile(1-(1-level)/2), normalQuantile(power)
	root := (za*math.Sqrt(p0*(1-p0)) + zb*math.Sqrt(p1*(1-p1))) / (p1 - p0)
	n := math.Ceil(root * root)
	if n > math.MaxInt64/2 {
		return 0, fmt.Errorf("craps: throws to tell SRR %v from 6: more than %d: %w", srr, int64(math.MaxInt64/2), ErrOverflow)
	}
	return int64(n), nil
}

// FittedEdge is a bet's exact figures under the law fitted to a record of
// throws, with the uncertainty the record leaves in its edge.
type FittedEdge struct {
	Analysis
	// StdErr is the standard error of EdgePerBet by the delta method:
	// the edge's derivative toward each class of throws the record tells
	// apart (each throw, or each combination), taken at a step of 2^-20,
	// weighed by the multinomial law of the counts, √(Σ q d² / n). Low
	// and High are EdgePerBet ± 1.96 StdErr, its 95% interval. They are
	// approximations that want many throws: a class never thrown counts
	// for nothing.
	StdErr, Low, High float64
}

// FittedEdgeTable is EdgeTable under the law fitted to the record
// (DiceLog.Law), in place of r.Dice, each edge with its standard error and
// 95% interval: every bet of the catalogue, or the bets given. It solves
// them once under the fitted law and once more for each class of throws
// recorded (36 at most), so the whole table takes some 30 times as long
// as EdgeTable. It returns an error wrapping ErrInvalidRules for rules
// that do not validate with the fitted law (a record without a 7, say,
// or card rules), ErrSyntax for a record of no throws, and Analyze's
// errors for a bet given.
func (r Rules) FittedEdgeTable(l DiceLog, bets ...Bet) ([]FittedEdge, error) {
	n := l.Throws()
	if n == 0 {
		return nil, fmt.Errorf("craps: edges fitted to no throws: %w", ErrSyntax)
	}
	law, err := l.Law()
	if err != nil {
		return nil, err
	}
	fitted := r
	fitted.Dice = law
	table := func(r Rules) ([]Analysis, error) {
		if len(bets) == 0 {
			return r.EdgeTable()
		}
		rows := make([]Analysis, len(bets))
		for i, b := range bets {
			a, err := r.Analyze(b)
			if err != nil {
				return nil, err
			}
			rows[i] = a
		}
		return rows, nil
	}
	base, err := table(fitted)
	if err != nil {
		return nil, err
	}
	type key struct {
		bet  Bet
		note string
	}
	p := lawChances(law)
	// The step h toward a class: 2^-20, less where the fitted law's
	// denominator would pass MaxDiceWeight.
	_, den := fitted.throwWeights()
	h := big.NewRat(1, 1<<20)
	for h.Denom().Int64() > 1 && new(big.Int).Mul(big.NewInt(2*den), h.Denom()).Cmp(big.NewInt(MaxDiceWeight)) > 0 {
		h.Mul(h, big.NewRat(2, 1))
	}
	hf, _ := h.Float64()
	// Each class's step is solved on its own goroutine, as many at once
	// as there are processors; slope[c][i] is the derivative of row i's
	// edge toward class c, summed in the classes' order after.
	cells := l.cells()
	slope := make([][]float64, len(cells))
	errs := make([]error, len(cells))
	var wg sync.WaitGroup
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	for c, cell := range cells {
		if l.count(cell) == 0 {
			continue
		}
		var w [36]*big.Rat
		share := big.NewRat(1, int64(cell.Ways()))
		for i := range w {
			w[i] = new(big.Rat).Mul(p[i], new(big.Rat).Sub(big.NewRat(1, 1), h))
			if cell&(1<<i) != 0 {
				w[i].Add(w[i], new(big.Rat).Mul(h, share))
			}
		}
		moved, err := lawOf(w)
		if err != nil {
			return nil, err
		}
		step := r
		step.Dice = moved
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			rows, err := table(step)
			if err != nil {
				errs[c] = err
				return
			}
			edges := make(map[key]*big.Rat, len(rows))
			for _, a := range rows {
				edges[key{a.Bet, a.Note}] = a.EdgePerBet
			}
			slope[c] = make([]float64, len(base))
			for i, a := range base {
				if e, ok := edges[key{a.Bet, a.Note}]; ok {
					d, _ := new(big.Rat).Sub(e, a.EdgePerBet).Float64()
					slope[c][i] = d / hf
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	variance := make([]float64, len(base))
	for c, cell := range cells {
		q := float64(l.count(cell)) / float64(n)
		for i, d := range slope[c] {
			variance[i] += q * d * d
		}
	}
	out := make([]FittedEdge, len(base))
	for i, a := range base {
		se := math.Sqrt(variance[i] / float64(n))
		e, _ := a.EdgePerBet.Float64()
		out[i] = FittedEdge{Analysis: a, StdErr: se, Low: e - 1.959964*se, High: e + 1.959964*se}
	}
	return out, nil
}

// lawChances is each throw's chance under l, by Dice index.
func lawChances(l DiceLaw) [36]*big.Rat {
	num, den, _ := l.reduced()
	var p [36]*big.Rat
	for i := range p {
		p[i] = big.NewRat(num[i], den)
	}
	return p
}

// Rejects returns the tests that reject the law at the level (0.01: a
// record of dice of the law is wrongly found against it once in 100) by
// Holm's step-down procedure over all of them on their chi-square
// p-values (S. Holm, "A simple sequentially rejective multiple test
// procedure", Scandinavian Journal of Statistics 6 (1979), 65-70): the
// smallest p-value is held to level/k for k tests, the next to
// level/(k-1), and so on until one is not below its bound. The law is
// found against, at that level for the whole family of tests, when any is
// returned.
func (s DiceStats) Rejects(level float64) []DiceTest {
	order := make([]int, len(s.Tests))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(s.Tests[a].ChiSquareP, s.Tests[b].ChiSquareP) })
	var out []DiceTest
	for rank, i := range order {
		if s.Tests[i].ChiSquareP >= level/float64(len(order)-rank) {
			break
		}
		out = append(out, s.Tests[i])
	}
	return out
}
