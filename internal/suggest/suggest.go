// Package suggest finds the name a user most likely meant when he wrote
// one that is not known: a misspelt bet, betting system, preset, flag or
// tape command. It is the library's and the command's plumbing, not an
// API.
package suggest

import (
	"fmt"
	"strings"
)

// Closest returns the names nearest to word, at most two, or none when
// none is near enough to be a slip: the distance counts letters inserted,
// deleted, changed or swapped, after case, spaces, hyphens and
// underscores are set aside ("ironcross" is "iron-cross", "Place6" is
// "place 6"), and may be at most a third of the word's length (one for a
// short word). A name that begins with the whole word ("pass-max-odd" in
// "pass-max-odds") counts as near.
func Closest(word string, names []string) []string {
	w := fold(word)
	if w == "" {
		return nil
	}
	limit := max(1, len([]rune(w))/3)
	best := limit + 1
	var out []string
	for _, n := range names {
		f := fold(n)
		d := distance(w, f)
		if d > limit && len(w) >= 4 && strings.HasPrefix(f, w) {
			d = limit
		}
		switch {
		case d < best:
			best, out = d, []string{n}
		case d == best && len(out) < 2 && !contains(out, n):
			out = append(out, n)
		}
	}
	if best > limit {
		return nil
	}
	return out
}

// DidYouMean returns ` (did you mean "x"?)` for the names Closest finds,
// ready to be put after the error's subject, or "" if it finds none.
func DidYouMean(word string, names []string) string {
	c := Closest(word, names)
	switch len(c) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf(" (did you mean %q?)", c[0])
	default:
		return fmt.Sprintf(" (did you mean %q or %q?)", c[0], c[1])
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// fold drops case and the separators people leave out or add.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '\'', '\u2019':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(s)))
}

// distance is the optimal-string-alignment distance between a and b:
// the fewest insertions, deletions, substitutions and swaps of two
// neighbouring letters that turn one into the other.
func distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// d[i][j] is the distance between x[:i] and y[:j].
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
