package craps

import (
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// DiceLaw is the chance of each of the 36 ordered throws of two dice: fair
// dice, a loaded die, dice thrown by a dice setter, or any other law. It
// is the Rules.Dice field, and every exact figure of the package and the
// simulator's throws follow it.
//
// The chances are exact fractions. Weights holds a weight for each throw
// in AllDice's order (1-1, 1-2, ... 1-6, 2-1, ... 6-6: the first die's
// face, then the second's), and each throw's chance is its weight over the sum of
// all 36: the weights are relative, so {2, 2, 2, ...} and {1, 1, 1, ...}
// are the same law, and the package reads every law in lowest terms. The
// zero DiceLaw, and any law of 36 equal weights, is fair dice: 1/36 each.
// The constructors (NewDiceLaw, FaceWeights, SRRDice, TotalWeights,
// ParseDiceLaw) return a law in lowest terms, and the zero DiceLaw for
// fair dice, so that two laws they make are == when their chances are
// equal; == compares a DiceLaw built by hand as written.
//
// Rules.Validate refuses a negative weight, weights that do not sum to
// more than 0 (other than the zero DiceLaw's), a sum in lowest terms
// above MaxDiceWeight, a law under which no 7 or no point can be thrown
// (a shooter's hand would never end, and bets on a point never be
// decided), and a law other than fair dice under card rules, where the
// deck deals the throws.
//
// A DiceLaw is written as text, in the form ParseDiceLaw reads and String
// writes: "fair", "srr=7", "faces=1,1,1,1,1,2", "totals=...",
// "throws=...".
type DiceLaw struct {
	Weights [36]int64
}

// MaxDiceWeight is the largest sum of a DiceLaw's weights in lowest terms,
// 2^58: the common denominator of its chances. It bounds the exact
// arithmetic on a law: a chance's numerator times the 36 throws times
// any sum of money the package keeps (MaxBalance, 2^62) is below 2^126,
// within a signed 128-bit integer, and 36 times it fits in 64 bits, as
// the simulator draws a throw.
const MaxDiceWeight = 1 << 58

// FairDice is the zero DiceLaw: 1/36 for each throw.
func FairDice() DiceLaw { return DiceLaw{} }

// Fair reports whether l is fair dice: its 36 weights are equal (the zero
// DiceLaw among them).
func (l DiceLaw) Fair() bool {
	for _, w := range l.Weights[1:] {
		if w != l.Weights[0] {
			return false
		}
	}
	return true
}

// reduced returns the law's weights in lowest terms and their sum, the
// common denominator of its chances: 1 each over 36 for fair dice. It
// says why the weights cannot be a law (negative, all zero, a sum in
// lowest terms above MaxDiceWeight), or "".
func (l *DiceLaw) reduced() (num [36]int64, den int64, why string) {
	if l.Fair() {
		for i := range num {
			num[i] = 1
		}
		return num, 36, ""
	}
	g := int64(0)
	for i, w := range l.Weights {
		if w < 0 {
			return num, 0, fmt.Sprintf("the throw %v has a negative weight, %d", AllDice()[i], w)
		}
		g = gcd(g, w)
	}
	var sum uint64
	for i, w := range l.Weights {
		num[i] = w / g
		if num[i] > MaxDiceWeight {
			return num, 0, diceWeightTooLarge
		}
		sum += uint64(num[i])
	}
	if sum > MaxDiceWeight {
		return num, 0, diceWeightTooLarge
	}
	return num, int64(sum), ""
}

var diceWeightTooLarge = fmt.Sprintf("the weights in lowest terms sum to more than %d", int64(MaxDiceWeight))

// throwWeights returns the chance of each of the 36 throws under r's dice,
// by Dice.index, as num[i]/den: non-negative numerators over one common
// denominator, the weights of r.Dice in lowest terms, with 1 <= den <=
// MaxDiceWeight (so num[i] <= den). Fair dice give 1 each over 36;
// fairDice tells them apart cheaply. r must validate. Under card rules the
// deck deals the throws and this is fair dice, the only law Validate
// takes there.
func (r *Rules) throwWeights() (num [36]int64, den int64) {
	num, den, _ = r.Dice.reduced()
	return num, den
}

// fairDice reports whether r's dice are fair, so that throwWeights is 1
// each over 36, in 36 comparisons.
func (r *Rules) fairDice() bool { return r.Dice.Fair() }

// checkDice checks the dice law: its weights, and that it lets the game
// end, a 7 and a point both having a chance.
func (r *Rules) checkDice() string {
	if r.Dice.Fair() {
		return ""
	}
	if r.Cards != NoCards {
		return "dice " + r.Dice.String() + " under card rules: the deck deals the throws, with its own law"
	}
	if _, _, why := r.Dice.reduced(); why != "" {
		return "dice: " + why
	}
	points := Totals(r.Points()...)
	switch {
	case !r.Dice.throws(Totals(7)):
		return "dice " + r.Dice.String() + " never throw a 7: a point would never be decided, nor a shooter's hand end"
	case !r.Dice.throws(points):
		return "dice " + r.Dice.String() + " never throw a point: a shooter's hand would never end"
	}
	return ""
}

// throws reports whether the law can throw one of the throws of s: one of
// them has a weight other than 0, or the dice are fair.
func (l *DiceLaw) throws(s OutcomeSet) bool {
	if l.Fair() {
		return s&AllOutcomes != 0
	}
	for i, w := range l.Weights {
		if w != 0 && s&(1<<i) != 0 {
			return true
		}
	}
	return false
}

// lawOf makes the law whose weights are w, exact fractions: scaled to
// whole numbers in lowest terms, the zero DiceLaw if they are equal. It
// refuses, with an error wrapping ErrInvalidRules, a negative weight,
// weights that are all zero and a law whose sum in lowest terms passes
// MaxDiceWeight.
func lawOf(w [36]*big.Rat) (DiceLaw, error) {
	bad := func(why string) (DiceLaw, error) {
		return DiceLaw{}, fmt.Errorf("craps: dice: %s: %w", why, ErrInvalidRules)
	}
	lcm, g := big.NewInt(1), new(big.Int)
	var tmp big.Int
	for i, x := range w {
		if x.Sign() < 0 {
			return bad(fmt.Sprintf("the throw %v has a negative weight, %s", AllDice()[i], x.RatString()))
		}
		lcm.Mul(lcm, tmp.Quo(x.Denom(), tmp.GCD(nil, nil, lcm, x.Denom())))
	}
	ints := make([]big.Int, 36)
	for i, x := range w {
		ints[i].Mul(x.Num(), tmp.Quo(lcm, x.Denom()))
		g.GCD(nil, nil, g, &ints[i])
	}
	if g.Sign() == 0 {
		return bad("every weight is zero")
	}
	var l DiceLaw
	sum := new(big.Int)
	for i := range ints {
		ints[i].Quo(&ints[i], g)
		sum.Add(sum, &ints[i])
		if sum.Cmp(big.NewInt(MaxDiceWeight)) > 0 {
			return bad(diceWeightTooLarge)
		}
		l.Weights[i] = ints[i].Int64()
	}
	if l.Fair() {
		return DiceLaw{}, nil
	}
	return l, nil
}

// ratsOf is ws as exact fractions.
func ratsOf(ws []int64) []*big.Rat {
	out := make([]*big.Rat, len(ws))
	for i, w := range ws {
		out[i] = big.NewRat(w, 1)
	}
	return out
}

// NewDiceLaw returns the law whose throws have the given weights, by
// Dice index (AllDice's order), in lowest terms: each throw's chance is
// its weight over their sum. It returns an error wrapping ErrInvalidRules
// for a negative weight, weights all zero, or a sum in lowest terms above
// MaxDiceWeight.
func NewDiceLaw(weights [36]int64) (DiceLaw, error) {
	var w [36]*big.Rat
	copy(w[:], ratsOf(weights[:]))
	return lawOf(w)
}

// FaceWeights returns the law of two dice thrown independently, each
// face of the first die with a chance of its weight in first over their
// sum, and each of the second die's by second: a loaded die beside a fair
// one is FaceWeights(loaded, [6]int64{1, 1, 1, 1, 1, 1}), two dice loaded
// alike FaceWeights(w, w). The first die is Dice.A. It returns an error
// wrapping ErrInvalidRules for a negative weight, a die whose weights are
// all zero, or a law whose weights pass MaxDiceWeight.
func FaceWeights(first, second [6]int64) (DiceLaw, error) {
	return facesLaw(ratsOf(first[:]), ratsOf(second[:]))
}

// facesLaw is FaceWeights for weights that are exact fractions.
func facesLaw(first, second []*big.Rat) (DiceLaw, error) {
	for k, die := range [][]*big.Rat{first, second} {
		name := [2]string{"first", "second"}[k]
		sum := new(big.Rat)
		for face, w := range die {
			if w.Sign() < 0 {
				return DiceLaw{}, fmt.Errorf("craps: dice: face %d of the %s die has a negative weight, %s: %w",
					face+1, name, w.RatString(), ErrInvalidRules)
			}
			sum.Add(sum, w)
		}
		if sum.Sign() == 0 {
			return DiceLaw{}, fmt.Errorf("craps: dice: the %s die's faces all have weight 0: %w", name, ErrInvalidRules)
		}
	}
	var w [36]*big.Rat
	for i := range w {
		w[i] = new(big.Rat).Mul(first[i/6], second[i%6])
	}
	return lawOf(w)
}

// SRRDice returns the law a dice setter claims: a 7 once in srr throws
// on average (the sevens-to-rolls ratio, SRR; fair dice have 6), every
// other total keeping its share of the throws that are not a 7, and every
// total's throws alike. It is the convention of the dice-control
// literature's tables of the edge at each SRR (see SOURCES.md): a 7 has
// the chance 1/srr, each of its six throws 1/(6 srr), and each of the 30
// other throws (1-1/srr)/30. It returns an error wrapping ErrInvalidRules
// for an srr that is not above 1 (at 1 nothing but a 7 is thrown, and no
// point is ever set), or one whose law passes MaxDiceWeight (an srr of
// more than about 9.6e15 in lowest terms).
func SRRDice(srr *big.Rat) (DiceLaw, error) {
	if srr == nil || srr.Cmp(big.NewRat(1, 1)) <= 0 {
		return DiceLaw{}, fmt.Errorf("craps: dice: an SRR of %v: the rolls per 7 are more than 1: %w", srr, ErrInvalidRules)
	}
	seven := new(big.Rat).Inv(srr)
	seven.Quo(seven, big.NewRat(6, 1))
	other := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Inv(srr))
	other.Quo(other, big.NewRat(30, 1))
	var w [36]*big.Rat
	for i, d := range AllDice() {
		w[i] = other
		if d.Total() == 7 {
			w[i] = seven
		}
	}
	return lawOf(w)
}

// TotalWeights returns the law in which each total from 2 to 12 has the
// chance of its weight (weights indexed by the total) over their sum, shared equally by
// the throws that make it (a 6 is 1-5, 2-4, 3-3, 4-2 and 5-1). weights[0]
// and weights[1] must be 0. It returns an error wrapping ErrInvalidRules
// as NewDiceLaw does, or for weights on 0 or 1.
func TotalWeights(weights [13]int64) (DiceLaw, error) {
	if weights[0] != 0 || weights[1] != 0 {
		return DiceLaw{}, fmt.Errorf("craps: dice: weights on totals 0 and 1, which two dice never make: %w", ErrInvalidRules)
	}
	return totalsLaw(ratsOf(weights[2:]))
}

// totalsLaw is TotalWeights for the weights of 2 to 12 as exact fractions.
func totalsLaw(totals []*big.Rat) (DiceLaw, error) {
	var w [36]*big.Rat
	for i, d := range AllDice() {
		t := d.Total()
		w[i] = new(big.Rat).Quo(totals[t-2], big.NewRat(int64(Totals(t).Ways()), 1))
	}
	return lawOf(w)
}

// Chance is the exact chance of the throw d, 0 for a throw that is not
// Valid.
func (l DiceLaw) Chance(d Dice) *big.Rat { return l.Probability(d.Set()) }

// Probability is the exact chance that one throw falls in s: its
// throws' weights over the sum of all 36. Under fair dice it is
// s.Probability().
func (l DiceLaw) Probability(s OutcomeSet) *big.Rat {
	num, den, why := l.reduced()
	if why != "" {
		return nil
	}
	n := int64(0)
	for i := range num {
		if s&(1<<i) != 0 {
			n += num[i]
		}
	}
	return big.NewRat(n, den)
}

// SRR is the law's sevens-to-rolls ratio, the throws per 7 on average:
// 1 over the chance of a 7, 6 for fair dice. It is nil for a law that
// never throws a 7 (or one whose weights Validate refuses).
func (l DiceLaw) SRR() *big.Rat {
	p := l.Probability(Totals(7))
	if p == nil || p.Sign() == 0 {
		return nil
	}
	return p.Inv(p)
}

// OddsBefore is the odds against set a coming before set b under the
// law, other throws not counting: the chance of b's throws not in a over
// the chance of a's. A throw in both counts for a. It is nil when a
// cannot be thrown. OddsBefore (the package's function) is fair dice's.
func (l DiceLaw) OddsBefore(a, b OutcomeSet) *big.Rat {
	return oddsOf(l.Probability(b&^a), l.Probability(a))
}

// String writes the law as ParseDiceLaw reads it, in lowest terms and in
// the shortest of its forms that is exact: "fair"; "srr=7" for a law of
// SRRDice; "faces=1,1,1,1,1,2" for two dice loaded alike, or
// "faces=1,1,1,1,1,2;1,1,1,1,1,1" for two dice loaded apart, the first
// die first; "totals=..." for the weights of 2 to 12 where every total's
// throws are alike; and otherwise "throws=..." with the 36 weights in
// AllDice's order. Weights Validate refuses are written as they are,
// "throws=...".
func (l DiceLaw) String() string {
	num, _, why := l.reduced()
	if why != "" {
		num = l.Weights
	}
	list := func(ws []int64) string {
		parts := make([]string, len(ws))
		for i, w := range ws {
			parts[i] = fmt.Sprint(w)
		}
		return strings.Join(parts, ",")
	}
	switch {
	case l.Fair():
		return "fair"
	case why != "":
		return "throws=" + list(num[:])
	}
	if srr, ok := srrOf(num); ok {
		return "srr=" + ratText(srr)
	}
	if a, b, ok := facesOf(num); ok {
		if a == b {
			return "faces=" + list(a[:])
		}
		return "faces=" + list(a[:]) + ";" + list(b[:])
	}
	if t, ok := totalsOf(num); ok {
		return "totals=" + list(t[:])
	}
	return "throws=" + list(num[:])
}

// srrOf reports whether the weights num are a law of SRRDice, and its SRR.
func srrOf(num [36]int64) (*big.Rat, bool) {
	var seven, other int64 = -1, -1
	for i, d := range AllDice() {
		p := &other
		if d.Total() == 7 {
			p = &seven
		}
		if *p >= 0 && *p != num[i] {
			return nil, false
		}
		*p = num[i]
	}
	if seven == 0 || other == 0 {
		return nil, false
	}
	return big.NewRat(6*seven+30*other, 6*seven), true // the sum over the weight of the sevens
}

// facesOf reports whether the weights num are two independent dice's,
// num[6i+j] proportional to a[i] b[j], and their faces' weights in lowest
// terms.
func facesOf(num [36]int64) (a, b [6]int64, ok bool) {
	var rows, cols [6]int64
	sum := int64(0)
	for i, w := range num {
		rows[i/6] += w
		cols[i%6] += w
		sum += w
	}
	for i, w := range num {
		hi, lo := bits.Mul64(uint64(w), uint64(sum))
		hi2, lo2 := bits.Mul64(uint64(rows[i/6]), uint64(cols[i%6]))
		if hi != hi2 || lo != lo2 {
			return a, b, false
		}
	}
	return lowest(rows), lowest(cols), true
}

// lowest divides ws by their greatest common divisor.
func lowest(ws [6]int64) [6]int64 {
	g := int64(0)
	for _, w := range ws {
		g = gcd(g, w)
	}
	for i := range ws {
		ws[i] /= g
	}
	return ws
}

// totalsOf reports whether every total's throws have the same weight in
// num, and the weights of 2 to 12 in lowest terms.
func totalsOf(num [36]int64) ([11]int64, bool) {
	var each [11]int64
	for k := range each {
		each[k] = -1
	}
	for i, d := range AllDice() {
		k := d.Total() - 2
		if each[k] >= 0 && each[k] != num[i] {
			return [11]int64{}, false
		}
		each[k] = num[i]
	}
	var t [11]int64
	g := int64(0)
	for k := range t {
		t[k] = each[k] * int64(Totals(k+2).Ways())
		g = gcd(g, t[k])
	}
	for k := range t {
		t[k] /= g
	}
	return t, true
}

// ParseDiceLaw reads a law of the dice as String writes it, in any case,
// the weights in each list separated by commas or spaces, each a whole
// number, a decimal or a fraction ("1/6", "0.15"); text after "#" to the
// end of a line is a comment, so a file of lines may hold a law:
//
//	fair                           fair dice
//	srr=7                          a 7 once in 7 throws, other totals in their
//	                               proportions (SRRDice); "srr=6.5", "srr=13/2"
//	faces=1,1,1,1,1,2              both dice loaded alike: the 6 twice as likely
//	faces=1,1,1,1,1,2;1,1,1,1,1,1  the first die loaded, the second fair (FaceWeights)
//	totals=1,2,3,4,5,6,5,4,3,2,1   the weights of 2 to 12 (TotalWeights)
//	throws=w1,...,w36              the 36 throws' weights, 1-1, 1-2, ... 6-6 (NewDiceLaw)
//
// Weights are relative and need not sum to 1 (see DiceLaw). A text that
// cannot be read is an error wrapping ErrSyntax; weights that are no law
// (negative, all zero, too large), or an srr not above 1, one wrapping
// ErrInvalidRules.
func ParseDiceLaw(text string) (DiceLaw, error) {
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		lines = append(lines, line)
	}
	s := strings.ToLower(strings.Join(strings.Fields(strings.Join(lines, " ")), " "))
	if s == "fair" {
		return DiceLaw{}, nil
	}
	bad := func() (DiceLaw, error) {
		return DiceLaw{}, syntaxError(`dice ("fair", "srr=7", "faces=1,1,1,1,1,2", "totals=..." or "throws=...")`, text)
	}
	key, value, ok := strings.Cut(s, "=")
	if !ok {
		return bad()
	}
	key = strings.TrimSpace(key)
	lists := strings.Split(value, ";")
	var ws [][]*big.Rat
	for _, l := range lists {
		var list []*big.Rat
		for _, f := range strings.FieldsFunc(l, func(c rune) bool { return c == ',' || c == ' ' }) {
			x, ok := new(big.Rat).SetString(f)
			if !ok || strings.ContainsAny(f, "eE") {
				return bad()
			}
			list = append(list, x)
		}
		ws = append(ws, list)
	}
	count := func(n int) bool {
		for _, l := range ws {
			if len(l) != n {
				return false
			}
		}
		return true
	}
	switch {
	case key == "srr" && len(ws) == 1 && count(1):
		return SRRDice(ws[0][0])
	case key == "faces" && len(ws) == 1 && count(6):
		return facesLaw(ws[0], ws[0])
	case key == "faces" && len(ws) == 2 && count(6):
		return facesLaw(ws[0], ws[1])
	case key == "totals" && len(ws) == 1 && count(11):
		return totalsLaw(ws[0])
	case key == "throws" && len(ws) == 1 && count(36):
		var w [36]*big.Rat
		copy(w[:], ws[0])
		return lawOf(w)
	}
	return bad()
}

// MarshalText writes the law as String does.
func (l DiceLaw) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a law as ParseDiceLaw does.
func (l *DiceLaw) UnmarshalText(b []byte) error {
	v, err := ParseDiceLaw(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Throw throws dice of the law l once, drawing from src: each throw comes
// with exactly its chance. Fair dice throw as the package's Throw does,
// the same throws from the same source; any other law draws a column of
// its alias table (Walker's method, built in whole numbers, so exact) and
// a number below its denominator, two draws of src a throw, rejecting
// the few draws that would favour some values, as Throw does. Throw(nil)
// returns the zero Dice, which are not Valid. l must validate.
func (l DiceLaw) Throw(src rand.Source) Dice {
	if l.Fair() || src == nil {
		return Throw(src)
	}
	s := newThrowSampler(&l)
	column := Throw(src).index() // a column drawn as fair dice are thrown
	var u uint64
	for ok := false; !ok; {
		u, ok = below(src.Uint64(), s.den)
	}
	return diceOf(s.pick(uint64(column), u))
}

// throwSampler draws throws from a law that is not fair dice, exactly, by
// Walker's alias method in whole numbers: 36 columns of den units each,
// column c giving throw c on its first keep[c] units and alias[c] on the
// rest. A throw is a column drawn uniformly and a unit drawn below den,
// so throw i comes with the units it holds, 36 num[i] of 36 den.
type throwSampler struct {
	den   uint64
	keep  [36]uint64
	alias [36]uint8
}

// newThrowSampler builds l's alias table: each throw starts with 36 times
// its weight in units, and a column short of den is filled from one with
// more, which then holds less, until every column holds den (the
// weights sum to den, so 36 columns of den hold them all).
func newThrowSampler(l *DiceLaw) throwSampler {
	num, den := (&Rules{Dice: *l}).throwWeights()
	s := throwSampler{den: uint64(den)}
	var mass [36]uint64
	var small, large [36]uint8
	ns, nl := 0, 0
	for i, w := range num {
		mass[i] = 36 * uint64(w)
		s.keep[i], s.alias[i] = s.den, uint8(i)
		if mass[i] < s.den {
			small[ns], ns = uint8(i), ns+1
		} else if mass[i] > s.den {
			large[nl], nl = uint8(i), nl+1
		}
	}
	for ns > 0 && nl > 0 {
		c, g := small[ns-1], large[nl-1]
		ns--
		s.keep[c], s.alias[c] = mass[c], g
		mass[g] -= s.den - mass[c]
		switch {
		case mass[g] < s.den:
			nl--
			small[ns], ns = g, ns+1
		case mass[g] == s.den:
			nl--
		}
	}
	return s
}

// throw draws one throw's index with the draws of src: a column, then a
// unit below den, each by Lemire's multiply-and-reject method.
func (s *throwSampler) throw(src *rand.PCG) uint {
	var c, u uint64
	for ok := false; !ok; {
		c, ok = below(src.Uint64(), 36)
	}
	for ok := false; !ok; {
		u, ok = below(src.Uint64(), s.den)
	}
	return s.pick(c, u)
}

// pick is the throw of unit u of column c.
func (s *throwSampler) pick(c, u uint64) uint {
	if u < s.keep[c] {
		return uint(c)
	}
	return uint(s.alias[c])
}

// word draws eleven throws as the digits of a number below 36^11, the
// first drawn the lowest: the form the stream's draws take.
func (s *throwSampler) word(src *rand.PCG) uint64 {
	w, place := uint64(0), uint64(1)
	for range throwsPerWord {
		w += place * uint64(s.throw(src))
		place *= 36
	}
	return w
}

// ratText writes q as a decimal where it has one of at most six places
// ("6.5"), and as a fraction otherwise ("20/3").
func ratText(q *big.Rat) string {
	for digits := 0; digits <= 6; digits++ {
		s := q.FloatString(digits)
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(q) == 0 {
			return s
		}
	}
	return q.RatString()
}
