package craps

import (
	"errors"
	"strconv"
	"strings"
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
	// bankroll that could take the money at a Table past MaxBalance, or a
	// simulation result that would pass what an Amount holds.
	ErrOverflow = errors.New("amount overflows")
)

// syntaxError reports that text could not be read as what.
func syntaxError(what, text string) error {
	return &parseError{what: what, text: text}
}

type parseError struct{ what, text string }

func (e *parseError) Error() string {
	return "craps: cannot read " + strconv.Quote(e.text) + " as " + e.what
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
