package craps

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/crapslab/craps/internal/suggest"
)

// Sentinel errors: these four and the others the package declares beside
// what they concern (ErrNotNow and the Table's, ErrRollSource and ErrCut,
// ErrSimulation, ErrNoSuchStrategy, ErrNotAnalyzable; the package overview
// lists them all). Every error the package returns wraps one of them, so
// a caller can test the kind of failure with errors.Is and read the
// details from the message; the one exception is Simulate stopped by its
// context, which returns the context's error.
var (
	// ErrSyntax: a bet name, payout ratio, throw or rule value that cannot be read.
	ErrSyntax = errors.New("invalid syntax")
	// ErrInvalidRules: rules that contradict themselves or hold a value out of range.
	ErrInvalidRules = errors.New("invalid rules")
	// ErrNotOffered: a bet the rules do not offer (don't pass in crapless craps, say).
	ErrNotOffered = errors.New("bet not offered")
	// ErrOverflow: an amount too large to compute with exactly, a bet or
	// bankroll that could take the money at a Table past MaxBalance, a
	// simulation result that would pass what an Amount holds, results
	// whose merged counts would pass what holds them, or a count of a
	// shooter's hand past MaxHandThrows, whose exact chance is too large
	// a fraction.
	ErrOverflow = errors.New("amount overflows")
)

// syntaxError reports that text could not be read as what; a bet or a
// kind of bet that is a slip of a known name says which, once its message
// is asked for (parsers try readings that fail on the way to one that
// reads, and a hint costs a look over every name).
func syntaxError(what, text string) error {
	return &parseError{what: what, text: text}
}

// clipped is the most of a caller's text an error quotes: a strategy or
// tape line may run to a megabyte.
const clipped = 200

// clip is text cut to clipped bytes, at a rune, with "..." for the rest.
func clip(text string) string {
	if len(text) <= clipped {
		return text
	}
	cut := clipped
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "..."
}

// betHint names the bet text most likely means, " (did you mean
// "place 6"?)", or is "": a slip in a name ParseBet takes, with a number
// after it or run into it ("plcae 6", "place6"). A text longer than any
// name by far has none (its distance to each would cost its length
// times the name's).
func betHint(text string) string {
	if len(text) > 64 {
		return ""
	}
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	name, num := t, ""
	if i := strings.LastIndexByte(t, ' '); i > 0 && strings.ContainsAny(t[i+1:], "0123456789") {
		name, num = t[:i], t[i:]
	} else if n := strings.TrimRight(t, "0123456789"); n != "" && n != t {
		name, num = n, " "+t[len(n):]
	}
	var names []string
	for alias := range betAliases {
		names = append(names, alias)
	}
	slices.Sort(names)
	c := suggest.Closest(name, names)
	if len(c) == 0 || c[0]+num == t {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", c[0]+num)
}

type parseError struct{ what, text string }

func (e *parseError) Error() string {
	hint := ""
	if e.what == "bet" || e.what == "kind of bet" {
		hint = betHint(e.text)
	}
	return "craps: cannot read " + strconv.Quote(clip(e.text)) + " as " + e.what + hint
}

func (e *parseError) Unwrap() error { return ErrSyntax }

// inContext wraps err, one of the package's errors, with what it happened
// in: "craps: <context>: <err>", saying "craps: " once.
func inContext(context string, err error) error { return &contextError{context, err} }

type contextError struct {
	context string
	err     error
}

func (e *contextError) Error() string {
	return "craps: " + e.context + ": " + strings.TrimPrefix(e.err.Error(), "craps: ")
}

func (e *contextError) Unwrap() error { return e.err }
