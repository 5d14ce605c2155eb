package drill

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crapslab/craps"
)

// Answer is a trainee's answer to a drill question: one amount (the
// payout, the vig, or a layout's total paid), or, for a layout, one amount
// per bet in the order of the question's Lines, 0 for a bet that is not
// paid.
type Answer []craps.Amount

// ParseAnswer reads an answer as a trainee types it: "35", or the
// amounts paid on each bet of a layout, "100 120 900 0" (commas may
// separate them too). Anything else is an error wrapping craps.ErrSyntax.
func ParseAnswer(s string) (Answer, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(fields) == 0 {
		return nil, syntaxError("answer (an amount, or one amount per bet)", s)
	}
	var a Answer
	for _, f := range fields {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil || n < 0 || craps.Amount(n) > craps.MaxAmount {
			return nil, syntaxError("answer (an amount, or one amount per bet)", s)
		}
		a = append(a, craps.Amount(n))
	}
	return a, nil
}

// Mark is a checked answer.
type Mark struct {
	Right bool `json:"right"`
	// Lines marks each bet of a layout answered bet by bet; nil for an
	// answer given as one amount.
	Lines []bool `json:"lines,omitempty"`
	// Explanation is the question's worked answer, to show the trainee.
	Explanation string `json:"-"`
}

// Check marks answer a to the question: one amount is checked against
// Answer; a layout's answer with one amount per line is checked bet by
// bet and is right only if every bet is. Any other number of amounts is
// an error wrapping craps.ErrSyntax.
func (q Question) Check(a Answer) (Mark, error) {
	m := Mark{Explanation: q.Explanation()}
	switch {
	case len(a) == 1:
		m.Right = a[0] == q.Answer
	case q.Kind == KindLayout && len(a) == len(q.Lines):
		m.Right = true
		for i, l := range q.Lines {
			right := a[i] == l.Paid
			m.Lines = append(m.Lines, right)
			m.Right = m.Right && right
		}
	default:
		return Mark{}, fmt.Errorf("drill: %d amounts to answer a question on %d bets: give one amount, or one per bet: %w",
			len(a), len(q.Lines), craps.ErrSyntax)
	}
	return m, nil
}

// Session is the record of a trainee's drill: the questions asked,
// the answers given, the time each took. It saves as JSON with its
// Score; a saved session reads back with encoding/json.
type Session struct {
	Config  Config    `json:"config"`
	Started time.Time `json:"started"`
	Records []Record  `json:"records"`
}

// Record is one question of a session, answered.
type Record struct {
	Question Question `json:"question"`
	Answer   Answer   `json:"answer"`
	Mark     Mark     `json:"mark"`
	// Took is the time from the question to the answer, in nanoseconds
	// in JSON.
	Took time.Duration `json:"took"`
}

// Add checks answer a to q, records both with the time the answer took,
// and returns the mark. An answer Check refuses is not recorded.
func (s *Session) Add(q Question, a Answer, took time.Duration) (Mark, error) {
	m, err := q.Check(a)
	if err != nil {
		return m, err
	}
	s.Records = append(s.Records, Record{Question: q, Answer: slices.Clone(a), Mark: m, Took: took})
	return m, nil
}

// Score is a session's score: in all, and by kind of question and
// kind of bet.
type Score struct {
	Asked int           `json:"asked"`
	Right int           `json:"right"`
	Time  time.Duration `json:"time"`
	// ByBet breaks the score down by kind of question and of bet: a payout
	// or vig question counts for its bet, a layout for the layout as a
	// whole (Bet craps.NoBet), and a layout answered bet by bet also for each
	// of its bets (those tallies carry no time).
	ByBet []Tally `json:"by_bet"`
}

// Tally is the score on one kind of question about one kind of bet.
type Tally struct {
	Kind  Kind          `json:"kind"`
	Bet   craps.BetKind `json:"bet,omitzero"`
	Asked int           `json:"asked"`
	Right int           `json:"right"`
	Time  time.Duration `json:"time,omitzero"`
}

// Score tallies the session. A layout's marks count for the bets of its
// question's lines, in order; a mark beyond its question's lines counts
// for none.
func (s *Session) Score() Score {
	var sc Score
	tallies := map[[2]int]*Tally{}
	count := func(k Kind, b craps.BetKind, right bool, took time.Duration) {
		key := [2]int{int(k), int(b)}
		t := tallies[key]
		if t == nil {
			t = &Tally{Kind: k, Bet: b}
			tallies[key] = t
		}
		t.Asked++
		t.Time += took
		if right {
			t.Right++
		}
	}
	for _, r := range s.Records {
		q := r.Question
		sc.Asked++
		sc.Time += r.Took
		if r.Mark.Right {
			sc.Right++
		}
		if q.Kind != KindLayout && len(q.Lines) > 0 {
			count(q.Kind, q.Lines[0].Bet.Kind, r.Mark.Right, r.Took)
			continue
		}
		count(q.Kind, craps.NoBet, r.Mark.Right, r.Took)
		// A record built or edited by hand may mark more lines than its
		// question has; those have no bet to count for.
		for i, right := range r.Mark.Lines[:min(len(r.Mark.Lines), len(q.Lines))] {
			count(q.Kind, q.Lines[i].Bet.Kind, right, 0)
		}
	}
	for _, t := range tallies {
		sc.ByBet = append(sc.ByBet, *t)
	}
	slices.SortFunc(sc.ByBet, func(a, b Tally) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Bet, b.Bet))
	})
	return sc
}

// MarshalJSON writes the session with its Score, so that a saved record
// holds the accuracy by kind of bet.
func (s Session) MarshalJSON() ([]byte, error) {
	type plain Session // without this method
	return json.Marshal(struct {
		plain
		Score Score `json:"score"`
	}{plain(s), s.Score()})
}
