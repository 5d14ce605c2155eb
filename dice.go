package craps

import (
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Dice is one throw of two six-sided dice. A and B are the faces, 1 to 6:
// A the first die's, B the second's. Dice{3, 4} and Dice{4, 3} are
// different outcomes of the 36 (equally likely with fair dice), with the
// same total. The zero Dice is not a valid throw.
type Dice struct {
	A, B uint8
}

// Valid reports whether both faces are between 1 and 6.
func (d Dice) Valid() bool {
	return d.A >= 1 && d.A <= 6 && d.B >= 1 && d.B <= 6
}

// Total is the sum of the two faces, 2 to 12 for a valid throw.
func (d Dice) Total() int { return int(d.A) + int(d.B) }

// Pair reports whether both faces are equal: the hard way to make an even
// total (2-2, 3-3, 4-4, 5-5), or 1-1 and 6-6.
func (d Dice) Pair() bool { return d.A == d.B }

// String prints the throw as a dealer writes it, "3-4".
func (d Dice) String() string {
	return strconv.Itoa(int(d.A)) + "-" + strconv.Itoa(int(d.B))
}

// index numbers the 36 ordered outcomes 0 to 35; it is the bit of the
// outcome in an OutcomeSet.
func (d Dice) index() uint { return uint(d.A-1)*6 + uint(d.B-1) }

// ParseDice reads a throw written "3-4", "3 4" or "3,4". It returns an error
// wrapping ErrSyntax for anything else, including faces outside 1 to 6.
func ParseDice(s string) (Dice, error) {
	// One face, one separator ("-", "," or spaces), one face.
	t := strings.TrimSpace(s)
	if len(t) < 3 {
		return Dice{}, syntaxError("dice", s)
	}
	sep := strings.TrimSpace(t[1 : len(t)-1])
	if sep != "-" && sep != "," && sep != "" {
		return Dice{}, syntaxError("dice", s)
	}
	d := Dice{t[0] - '0', t[len(t)-1] - '0'}
	if !d.Valid() {
		return Dice{}, syntaxError("dice", s)
	}
	return d, nil
}

// MarshalText writes the throw as "3-4".
func (d Dice) MarshalText() ([]byte, error) {
	if !d.Valid() {
		return nil, fmt.Errorf("craps: marshal invalid dice %d-%d: %w", d.A, d.B, ErrSyntax)
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads a throw written as ParseDice accepts.
func (d *Dice) UnmarshalText(b []byte) error {
	v, err := ParseDice(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// AllDice returns the 36 ordered outcomes of two dice, 1-1, 1-2, ... 6-6.
func AllDice() [36]Dice {
	var all [36]Dice
	for i := range all {
		all[i] = Dice{uint8(i/6 + 1), uint8(i%6 + 1)}
	}
	return all
}

// Throw throws fair dice once, drawing from src (DiceLaw.Throw throws any
// other law). Each of the 36 outcomes is
// exactly equally likely: one 64-bit draw is mapped onto them by Lemire's
// multiply-and-reject method, so the stream of throws for a seeded source is
// fixed (a golden test pins it) and no allocation is made. Throw(nil)
// returns the zero Dice, which are not Valid (Table.Roll refuses them).
func Throw(src rand.Source) Dice {
	if src == nil {
		return Dice{}
	}
	for {
		if v, ok := below(src.Uint64(), 36); ok {
			return Dice{uint8(v/6 + 1), uint8(v%6 + 1)}
		}
	}
}

// below maps a uniform 64-bit draw x onto 0 to n-1 by Lemire's
// multiply-and-reject method, reporting false for a draw that must be
// rejected: those whose low half falls below 2^64 mod n would favour some
// values, so a caller draws again and every value stays exactly equally
// likely.
func below(x, n uint64) (uint64, bool) {
	hi, lo := bits.Mul64(x, n)
	return hi, lo >= -n%n
}

// OutcomeSet is a set of the 36 ordered outcomes of two dice, one bit each.
// A total, a hard way, one exact combination (a hop) and groups such as the
// field numbers are all OutcomeSets, and the usual bit operators combine
// them: a|b is the union, a&b the intersection, a&^b the difference.
type OutcomeSet uint64

// Groups of outcomes named by the sources. Each is checked against its
// definition by a test.
const (
	AllOutcomes  OutcomeSet = 0xfffffffff // every throw
	CrapsNumbers OutcomeSet = 0x800000043 // 2, 3 and 12: "any craps"
	PointNumbers OutcomeSet = 0x39def7b9c // 4, 5, 6, 8, 9 and 10
	FieldNumbers OutcomeSet = 0xf38c210c7 // 2, 3, 4, 9, 10, 11 and 12
	OddTotals    OutcomeSet = 0x56a56a56a // 3, 5, 7, 9 and 11
	EvenTotals   OutcomeSet = 0xa95a95a95 // 2, 4, 6, 8, 10 and 12
	Under7       OutcomeSet = 0x0010c73df // 2 to 6
	Over7        OutcomeSet = 0xfbce30800 // 8 to 12
	Doubles      OutcomeSet = 0x810204081 // 1-1, 2-2, ... 6-6
)

// Totals is the set of throws whose total is one of ns. Totals outside 2 to
// 12 add nothing.
func Totals(ns ...int) OutcomeSet {
	var s OutcomeSet
	for _, d := range AllDice() {
		for _, n := range ns {
			if d.Total() == n {
				s |= d.Set()
			}
		}
	}
	return s
}

// Combination is the set of throws showing faces a and b in either order:
// the outcomes of a hop bet. Combination(3, 3) is the single throw 3-3 (hard
// 6); Combination(1, 5) is 1-5 and 5-1. Faces outside 1 to 6 give the empty set.
func Combination(a, b int) OutcomeSet {
	x, y := Dice{uint8(a), uint8(b)}, Dice{uint8(b), uint8(a)}
	if a < 1 || a > 6 || b < 1 || b > 6 {
		return 0
	}
	return x.Set() | y.Set()
}

// Set is the one-outcome set holding d, or the empty set if d is not valid.
func (d Dice) Set() OutcomeSet {
	if !d.Valid() {
		return 0
	}
	return 1 << d.index()
}

// Has reports whether the throw d is in the set.
func (s OutcomeSet) Has(d Dice) bool { return d.Valid() && s&(1<<d.index()) != 0 }

// Ways is the number of the 36 ordered outcomes in the set.
func (s OutcomeSet) Ways() int { return bits.OnesCount64(uint64(s & AllOutcomes)) }

// Probability is the exact chance that one throw of fair dice falls in
// the set, Ways/36; DiceLaw.Probability gives it under any law.
func (s OutcomeSet) Probability() *big.Rat { return big.NewRat(int64(s.Ways()), 36) }

// String lists the set by totals where it holds every way of making them
// ("{2,3,12}"), and by the throws themselves otherwise ("{1-5,5-1}").
func (s OutcomeSet) String() string { return "{" + s.describe(false) + "}" }

// text is the set as ParseOutcomeSet reads it: totals, then combinations
// once each ("6,8,1-5" for 6, 8 and both orders of 1-5). It is exact for
// the sets a proposition takes, which hold both orders of every throw.
func (s OutcomeSet) text() string { return s.describe(true) }

func (s OutcomeSet) describe(combinations bool) string {
	var parts []string
	rest := s & AllOutcomes
	for n := 2; n <= 12; n++ {
		if t := Totals(n); rest&t == t {
			parts = append(parts, strconv.Itoa(n))
			rest &^= t
		}
	}
	for _, d := range AllDice() {
		if !rest.Has(d) {
			continue
		}
		if c := Combination(int(d.A), int(d.B)); combinations && rest&c == c {
			rest &^= c
		}
		parts = append(parts, d.String())
	}
	return strings.Join(parts, ",")
}

// proposable reports whether a proposition can be on s: some throws, and
// with every throw the same faces in the other order, since players cannot
// tell one die from the other.
func (s OutcomeSet) proposable() bool {
	if s == 0 || s&^AllOutcomes != 0 {
		return false
	}
	for _, d := range AllDice() {
		if s.Has(d) && !s.Has(Dice{d.B, d.A}) {
			return false
		}
	}
	return true
}

// outcomeSetNames are the groups ParseOutcomeSet reads by name.
var outcomeSetNames = map[string]OutcomeSet{
	"craps": CrapsNumbers, "any craps": CrapsNumbers, "points": PointNumbers, "point numbers": PointNumbers,
	"field": FieldNumbers, "odd": OddTotals, "even": EvenTotals, "under 7": Under7, "low": Under7,
	"over 7": Over7, "high": Over7, "doubles": Doubles, "pairs": Doubles, "any 7": Totals(7),
}

// ParseOutcomeSet reads a set of throws as a list separated by commas of
// totals ("6,8"), combinations of two faces in either order ("3-3", "6-5",
// meaning 6-5 and 5-6) and groups by name: "craps", "points" (4, 5, 6, 8,
// 9, 10), "field", "odd", "even", "under 7" (or "low"), "over 7" ("high"),
// "doubles" ("pairs"), "any 7". A "+" separates items as a comma does
// ("6+8"), for lists that are themselves separated by commas. Anything
// else is an error wrapping ErrSyntax.
func ParseOutcomeSet(text string) (OutcomeSet, error) {
	var s OutcomeSet
	for _, item := range strings.Split(strings.ReplaceAll(strings.ToLower(text), "+", ","), ",") {
		item = strings.Join(strings.Fields(item), " ")
		if named, ok := outcomeSetNames[item]; ok {
			s |= named
			continue
		}
		if d, err := ParseDice(item); err == nil {
			s |= Combination(int(d.A), int(d.B))
			continue
		}
		n, err := strconv.Atoi(item)
		if err != nil || n < 2 || n > 12 {
			return 0, syntaxError("throws", text)
		}
		s |= Totals(n)
	}
	return s, nil
}

// MarshalText writes the set as ParseOutcomeSet reads it ("6,8", "3-3"),
// the empty set as an empty text, and a set holding a throw without the
// same faces in the other order, which ParseOutcomeSet cannot write, as
// its bits in hexadecimal ("0x1").
func (s OutcomeSet) MarshalText() ([]byte, error) {
	if s != 0 && !s.proposable() {
		return []byte("0x" + strconv.FormatUint(uint64(s), 16)), nil
	}
	return []byte(s.text()), nil
}

// UnmarshalText reads a set as MarshalText writes it.
func (s *OutcomeSet) UnmarshalText(b []byte) error {
	text := string(b)
	if hex, ok := strings.CutPrefix(text, "0x"); ok {
		v, err := strconv.ParseUint(hex, 16, 64)
		if err != nil || OutcomeSet(v)&^AllOutcomes != 0 {
			return syntaxError("throws", text)
		}
		*s = OutcomeSet(v)
		return nil
	}
	if text == "" {
		*s = 0
		return nil
	}
	v, err := ParseOutcomeSet(text)
	if err != nil {
		return err
	}
	*s = v
	return nil
}
