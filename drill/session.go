package drill

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
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

// MaxAnswerTime is the longest time Session.Add records for an answer: a
// day. A question left longer is no drill any more; the command craps
// drill records such an answer as taking MaxAnswerTime.
const MaxAnswerTime = 24 * time.Hour

// ErrAnswerTime is the error, wrapped, of a time no answer can take: below
// zero, or above MaxAnswerTime.
var ErrAnswerTime = errors.New("not a time an answer can take")

// checkTook refuses a time no answer can take.
func checkTook(took time.Duration) error {
	if took < 0 || took > MaxAnswerTime {
		return fmt.Errorf("drill: an answer that took %v (0 to %v): %w", took, MaxAnswerTime, ErrAnswerTime)
	}
	return nil
}

// Session is the record of a trainee's drill: the questions asked,
// the answers given, the time each took. It saves as JSON with its
// Score; a saved session reads back with encoding/json, which refuses a
// record whose time no answer can take (see UnmarshalJSON).
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
// and returns the mark. An answer Check refuses is not recorded, nor one
// that took a time below zero or above MaxAnswerTime, refused with an error
// wrapping ErrAnswerTime.
func (s *Session) Add(q Question, a Answer, took time.Duration) (Mark, error) {
	if err := checkTook(took); err != nil {
		return Mark{}, err
	}
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
// for none. A record's time counts as the nearest time an answer can take,
// 0 to MaxAnswerTime (Add records no other, but a caller may build
// Records by hand), and a sum of times that would pass the largest
// Duration, some 292 years, stops there: with times of at most a day, a
// session of more than 106,000 answers.
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
		t.Time = addTime(t.Time, took)
		if right {
			t.Right++
		}
	}
	for _, r := range s.Records {
		q := r.Question
		took := min(max(r.Took, 0), MaxAnswerTime)
		sc.Asked++
		sc.Time = addTime(sc.Time, took)
		if r.Mark.Right {
			sc.Right++
		}
		if q.Kind != KindLayout && len(q.Lines) > 0 {
			count(q.Kind, q.Lines[0].Bet.Kind, r.Mark.Right, took)
			continue
		}
		count(q.Kind, craps.NoBet, r.Mark.Right, took)
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

// addTime is a+b for times not below zero, or the largest Duration if the
// sum would pass it.
func addTime(a, b time.Duration) time.Duration {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
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

// UnmarshalJSON reads a session as MarshalJSON writes it (its score,
// which Score works out again, is left out), into s as into a zero
// Session. It refuses a record whose time no answer can take, below zero
// or above MaxAnswerTime, with an error wrapping ErrAnswerTime, and one
// whose question has no throw (which would not save again) with
// craps.ErrSyntax, and then leaves s as it was.
func (s *Session) UnmarshalJSON(data []byte) error {
	type plain Session // without this method
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	for i, r := range p.Records {
		if err := checkTook(r.Took); err != nil {
			return fmt.Errorf("drill: record %d: %w", i+1, err)
		}
		if d := r.Question.Dice; !d.Valid() { // it would not save again
			return fmt.Errorf("drill: record %d: dice %d-%d are not two faces from 1 to 6: %w", i+1, d.A, d.B, craps.ErrSyntax)
		}
	}
	*s = Session(p)
	return nil
}
