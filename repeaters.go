package craps

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Repeater Bets Plus (Wizard of Odds, "Repeater Bets Plus", the Linq, 2021):
// beside the repeaters, bets on a set of totals thrown together a number
// of times before a 7 (a Repeater bet on Bet.Set), bets paid when any of
// the repeaters on a set's totals would win (RepeaterAny), and the
// surrender of a repeater partway.

// RepeaterSetPaytable is a bet on the totals of Set, counted together,
// thrown Times times before a 7, paying Pays: Repeater Bets Plus' "2 or 12
// before 7" (once, 3 for 1). Set holds two totals or more, so that the bet
// is no repeater on one number.
type RepeaterSetPaytable struct {
	Set   OutcomeSet
	Times int
	Pays  Ratio
}

// RepeaterGroupPaytable is a bet on the totals of Set that wins, paying
// Pays, the moment any of them is thrown the number of times its repeater
// needs (2 and 12 twice, ..., 6 and 8 six times) before a 7: Repeater Bets
// Plus' Updown, on 2 to 6, pays 15 for 1.
type RepeaterGroupPaytable struct {
	Set  OutcomeSet
	Pays Ratio
}

// RepeaterSurrender is what a repeater bet may be surrendered for, by
// Table.Surrender: for the repeater on a total needing n throws (2 for 2
// and 12, ..., 6 for 6 and 8) that has been thrown k times, Value[n-2][k-1]
// is what comes back for each unit bet, the stake with it, "for 1": Repeater
// Bets Plus' 8 for 1 on a 6 thrown three times is Ratio{8, 1}. A zero entry
// is no surrender.
type RepeaterSurrender struct {
	Value [5][5]Ratio
}

// repeaterGroupNames are the names Repeater Bets Plus gives its groups.
var repeaterGroupNames = []struct {
	name string
	set  OutcomeSet
}{
	{"Updown", Totals(2, 3, 4, 5, 6)}, {"Downtown", Totals(8, 9, 10, 11, 12)},
	{"Repeater Even", Totals(2, 4, 6, 8, 10, 12)}, {"Repeater Odd", Totals(3, 5, 9, 11)},
	{"Repeater Horn", Totals(2, 3, 11, 12)},
}

// repeaterGroupName is the published name of a group of repeaters, or "".
func repeaterGroupName(set OutcomeSet) string {
	for _, g := range repeaterGroupNames {
		if g.set == set {
			return g.name
		}
	}
	return ""
}

// parseRepeaterSet reads "repeater 2,12" (a set of two totals or more),
// "repeater any <set>" and the groups' names ("updown"); ok reports whether
// text is one of those shapes.
func parseRepeaterSet(text string) (Bet, bool) {
	for _, g := range repeaterGroupNames {
		if text == strings.ToLower(g.name) {
			return Bet{Kind: RepeaterAny, Set: g.set}, true
		}
	}
	if set, ok := strings.CutPrefix(text, "repeater any "); ok {
		s, _ := ParseOutcomeSet(set) // a set that does not read leaves the bet ill-formed
		return Bet{Kind: RepeaterAny, Set: s}, true
	}
	set, ok := strings.CutPrefix(text, "repeater ")
	if !ok {
		return Bet{}, false
	}
	if _, err := strconv.Atoi(set); err == nil {
		return Bet{}, false // the repeater on one number
	}
	s, _ := ParseOutcomeSet(set)
	return Bet{Kind: Repeater, Set: s}, true
}

// repeaterSet is a Repeater bet on a set of totals: every throw in the set
// counts, a 7 loses, and the Times-th throw wins.
func (r *Rules) repeaterSet(b Bet, s betState, t int) effect {
	p, _ := r.repeaterSetPaytable(b.Set)
	switch {
	case t == 7:
		return effect{verdict: loses}
	case b.Set&Totals(t) == 0:
		return effect{next: s}
	case int(s.made)+1 >= p.Times:
		return effect{verdict: wins, pays: p.Pays}
	}
	return effect{next: betState{made: s.made + 1}}
}

// repeaterField is where the count of total t sits in a RepeaterAny
// bet's state on set: the totals in order, each in as many bits as its
// repeater's count needs.
func repeaterField(set OutcomeSet, t int) (shift, width uint) {
	for n := 2; n <= 12; n++ {
		if set&Totals(n) == 0 || n == 7 {
			continue
		}
		w := uint(bits.Len(uint(repeats(n) - 1)))
		if n == t {
			return shift, w
		}
		shift += w
	}
	return shift, 0
}

// repeaterAny is the RepeaterAny bet on a set: each total of the set is
// counted as its repeater counts it, a 7 loses, and the throw that
// completes any of them wins.
func (r *Rules) repeaterAny(b Bet, s betState, t int) effect {
	if t == 7 {
		return effect{verdict: loses}
	}
	shift, width := repeaterField(b.Set, t)
	if width == 0 {
		return effect{next: s}
	}
	if int(s.made>>shift&(1<<width-1))+1 >= repeats(t) {
		p, _ := r.repeaterGroupPaytable(b.Set)
		return effect{verdict: wins, pays: p.Pays}
	}
	return effect{next: betState{made: s.made + 1<<shift}}
}

// repeaterSetPaytable and repeaterGroupPaytable are the rules' entries for
// a set, and whether the table offers a bet on it.
func (r *Rules) repeaterSetPaytable(set OutcomeSet) (RepeaterSetPaytable, bool) {
	for _, e := range r.RepeaterSets {
		if e.Set == set && set != 0 {
			return e, true
		}
	}
	return RepeaterSetPaytable{}, false
}

func (r *Rules) repeaterGroupPaytable(set OutcomeSet) (RepeaterGroupPaytable, bool) {
	for _, e := range r.RepeaterGroups {
		if e.Set == set && set != 0 {
			return e, true
		}
	}
	return RepeaterGroupPaytable{}, false
}

// surrenderValue is what the repeater on n thrown k times may be
// surrendered for, per unit, and whether it may be.
func (r *Rules) surrenderValue(n, k int) (Ratio, bool) {
	i, j := repeats(n)-2, k-1
	if i < 0 || i >= 5 || j < 0 || j >= 5 {
		return Ratio{}, false
	}
	v := r.RepeaterSurrender.Value[i][j]
	return v, !v.IsZero()
}

// checkRepeaters says why the rules' repeater sets, groups or surrender
// values are out of range, or "".
func (r *Rules) checkRepeaters() string {
	for i, e := range r.RepeaterSets {
		switch {
		case e == RepeaterSetPaytable{}:
			continue
		case !wholeTotals(e.Set) || totalsIn(e.Set) < 2:
			return fmt.Sprintf("a repeater on %v: two whole totals or more other than 7", e.Set)
		case e.Times < 1 || e.Times > maxRepeaterTimes:
			return fmt.Sprintf("the repeater on %s thrown %d times: from 1 to %d", e.Set.text(), e.Times, maxRepeaterTimes)
		case e.Pays.IsZero():
			return fmt.Sprintf("the repeater on %s needs a payout", e.Set.text())
		}
		for _, f := range r.RepeaterSets[:i] {
			if f.Set == e.Set {
				return fmt.Sprintf("the repeater on %s is listed twice", e.Set.text())
			}
		}
	}
	for i, e := range r.RepeaterGroups {
		switch {
		case e == RepeaterGroupPaytable{}:
			continue
		case !wholeTotals(e.Set) || e.Set == 0:
			return fmt.Sprintf("a bet on the repeaters of %v: whole totals other than 7", e.Set)
		case e.Pays.IsZero():
			return fmt.Sprintf("the bet on the repeaters of %s needs a payout", e.Set.text())
		}
		if shift, width := repeaterField(e.Set, 12); shift+width > 16 {
			return fmt.Sprintf("the bet on the repeaters of %s counts %d throws' worth of bits, past the 16 a bet's state holds "+
				"(every repeater together, Citywide, is too many)", e.Set.text(), shift+width)
		}
		for _, f := range r.RepeaterGroups[:i] {
			if f.Set == e.Set {
				return fmt.Sprintf("the bet on the repeaters of %s is listed twice", e.Set.text())
			}
		}
	}
	for i, row := range r.RepeaterSurrender.Value {
		n := i + 2 // the throws the repeater needs, and the total it is on
		full := r.repeaterPays(n)
		for j, v := range row {
			switch {
			case v.IsZero():
			case j+1 >= n:
				return fmt.Sprintf("a surrender of the repeater needing %d throws after %d: it has won by then", n, j+1)
			case !v.valid() || v.Win < v.Stake || v.Win > maxRatioTerm || v.Stake > maxRatioTerm:
				return fmt.Sprintf("the repeater needing %d throws surrendered for %v: at least 1 for 1, in terms of at most %d", n, v, maxRatioTerm)
			case v.Win*full.Stake > (full.Win+full.Stake)*v.Stake:
				return fmt.Sprintf("the repeater needing %d throws surrendered for %v for 1, more than its win pays (%v)", n, v, full)
			}
		}
	}
	return ""
}

// maxRepeaterTimes bounds the throws a repeater on a set may need.
const maxRepeaterTimes = 100

func (r *Rules) hasRepeaterSet(set OutcomeSet) bool { _, ok := r.repeaterSetPaytable(set); return ok }
func (r *Rules) hasRepeaterGroup(set OutcomeSet) bool {
	_, ok := r.repeaterGroupPaytable(set)
	return ok
}

// Surrender ends player's repeater bet b (Bet{Kind: Repeater, Number: n})
// for what Rules.RepeaterSurrender gives for the throws of its number
// made so far: the stake back with the rest of the value as a win, paid
// as a win is (rounded down to the table's unit). It returns the money
// that came back, the stake included. A bet the rules give no surrender
// value at its count is refused with ErrNotNow, a bet of another kind
// (a repeater on a set among them) with ErrNotOffered, a bet the player
// has not with ErrNoSuchBet, a bet between players (the private game)
// with ErrContract.
func (t *Table) Surrender(player string, b Bet) (Amount, error) {
	const op = "surrender"
	i, err := t.seatOf(op, player, b)
	if err != nil {
		return 0, err
	}
	if err := t.standsBetween(op, player, b); err != nil {
		return 0, err
	}
	if b.Kind != Repeater || b.Set != 0 {
		return 0, t.refuse(op, player, b, ErrNotOffered, "only a repeater on one total may be surrendered")
	}
	j := t.find(i, b)
	if j < 0 {
		return 0, t.refuse(op, player, b, ErrNoSuchBet, "the player has no such bet")
	}
	p := &t.bets[j]
	v, ok := t.rules.surrenderValue(b.Number, int(p.state.made))
	if !ok {
		return 0, t.refuse(op, player, b, ErrNotNow, "the rules give no surrender value for %v thrown %d times", b, p.state.made)
	}
	win := payout(p.amount, surrenderPays(v), t.rules.unit()).Win
	back := p.amount + win
	before, _ := t.mostPaid(p.bet, p.amount, p.paid)
	t.seats[i].bankroll += back
	t.house -= win
	t.exposure -= before
	t.bets = append(t.bets[:j], t.bets[j+1:]...)
	return back, nil
}

// surrenderPays is a surrender value "for 1" as the win it pays on top of
// the stake: 8 for 1 is 7:1.
func surrenderPays(v Ratio) Ratio { return Ratio{v.Win - v.Stake, v.Stake} }

// analyzeSurrendered figures the repeater b played by a player who
// surrenders it the moment its number has been thrown k times: that throw
// settles it at the surrender value, a win of what the value pays beyond
// the stake (a push at 1 for 1).
func (r *Rules) analyzeSurrendered(b Bet, k int) Analysis {
	v, _ := r.surrenderValue(b.Number, k)
	pays := surrenderPays(v)
	a, rows := r.betSteps(b, false)
	for i := range rows {
		for x := range rows[i] {
			if st := &rows[i][x]; st.verdict == stays && int(a.states[st.next].made) == k {
				*st = step{verdict: wins, pays: pays}
				if pays.Win == 0 {
					*st = step{verdict: pushes}
				}
			}
		}
	}
	desc := describePays(r, b, a, rows)
	var an Analysis
	if r.Cards != NoCards {
		an = r.analyzeCards(b, rows, desc, false)
	} else {
		an = r.figures(b, r.buildChain(rows).solve(), desc, false)
	}
	an.Note = fmt.Sprintf("surrendered at %d throws, %d for %d", k, v.Win, v.Stake)
	return an
}
