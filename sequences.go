package craps

import (
	"math/bits"
	"strings"
)

// Bets on a sequence of throws: the private game's propositions on one
// throw or on several in a row (Before and Within, with Bet.Then), and the
// casino's sequence bets made on the come-out, Point-7, 7-Point, 7-Point-7
// and Muggsy's Corner, which are those propositions at the house's pays.

// sequenceLen is how many throws the sequence of a proposition holds:
// Set, and each of Then in use.
func (b Bet) sequenceLen() int {
	n := 1
	for _, s := range b.Then {
		if s != 0 {
			n++
		}
	}
	return n
}

// step is the set the i-th throw of the sequence must be in.
func (b Bet) step(i int) OutcomeSet {
	if i == 0 {
		return b.Set
	}
	return b.Then[i-1]
}

// sequenceUnion is every throw of the sequence's steps.
func (b Bet) sequenceUnion() OutcomeSet { return b.Set | b.Then[0] | b.Then[1] }

// sequenceWellFormed reports whether the sequence is one players can bet
// on: each step a proposable set, the steps in use first, and not every
// step every throw (a bet that always wins).
func (b Bet) sequenceWellFormed() bool {
	all := true
	for i := range b.sequenceLen() {
		s := b.step(i)
		if !s.proposable() {
			return false
		}
		all = all && s&AllOutcomes == AllOutcomes
	}
	return !all && (b.Then[0] != 0 || b.Then[1] == 0)
}

// sequenceThrown reports whether dice l throw every step of the sequence,
// so that it can be thrown at all.
func (b Bet) sequenceThrown(l *DiceLaw) bool {
	for i := range b.sequenceLen() {
		if !l.throws(b.step(i)) {
			return false
		}
	}
	return true
}

// sequenceText writes the sequence as ParseBet reads it: "points then 7".
func (b Bet) sequenceText() string {
	parts := make([]string, b.sequenceLen())
	for i := range parts {
		parts[i] = b.step(i).text()
	}
	return strings.Join(parts, " then ")
}

// proposition is the one definition of the propositions on a sequence of
// throws (one throw alone is a sequence of one): it wins at even money,
// the figure Analyze reports bets between players at, the moment the last
// throws are the sequence's steps in turn; a Before bet loses on a throw
// in Against, a Within bet once the throws it has left cannot finish the
// sequence (all its Throws thrown, for a single throw). Its state holds
// the throws made so far in its low byte (Within), and above them a bit
// for each length j of the sequence's beginning that the last j throws
// match, so that overlapping steps ("6 then 6") are followed exactly.
func (b Bet) proposition(s betState, d Dice) effect {
	n := b.sequenceLen()
	matched, next := s.made>>8, uint16(0)
	for j := range n {
		if (j == 0 || matched&(1<<j) != 0) && b.step(j).Has(d) {
			next |= 1 << (j + 1)
		}
	}
	switch {
	case next&(1<<n) != 0:
		return effect{verdict: wins, pays: evenMoney}
	case b.Kind == Before && b.Against.Has(d):
		return effect{verdict: loses}
	case b.Kind == Before:
		return effect{next: betState{made: next << 8}}
	}
	count := s.made&0xff + 1
	// The longest beginning matched so far needs the rest of the steps.
	if matched := bits.Len16(next) - 1; n-max(matched, 0) > int(b.Throws)-int(count) {
		return effect{verdict: loses}
	}
	return effect{next: betState{made: next<<8 | count}}
}

// sequenceOf is the proposition a casino sequence bet of kind k is, from
// the come-out, under r: Point-7 a point and then a 7, 7-Point a 7 and
// then a point, 7-Point-7 a 7, a point and a 7, each throw right after
// the one before. A point is a total the game makes the point (every
// total but 7 in crapless craps); after a come-out 7 the next throw is a
// come-out again.
func (r *Rules) sequenceOf(k BetKind) Bet {
	points, seven := Totals(boxNumbers(r)...), Totals(7)
	b := Bet{Kind: Within}
	switch k {
	case PointSeven:
		b.Set, b.Then[0] = points, seven
	case SevenPoint:
		b.Set, b.Then[0] = seven, points
	case SevenPointSeven:
		b.Set, b.Then = seven, [2]OutcomeSet{points, seven}
	}
	b.Throws = uint8(b.sequenceLen())
	return b
}

// sequencePays is what a casino sequence bet of kind k pays under r.
func (r *Rules) sequencePays(k BetKind) Ratio {
	p := r.Sequences
	switch k {
	case PointSeven:
		return p.PointSeven.or(Ratio{7, 1})
	case SevenPoint:
		return p.SevenPoint.or(Ratio{7, 1})
	}
	return p.SevenPointSeven.or(Ratio{50, 1})
}

// muggsysCorner is Muggsy's Corner: a come-out 7 wins at once, a
// come-out that sets a point leaves the bet on the next throw, which wins
// if it is a 7; anything else loses.
func (r *Rules) muggsysCorner(s betState, d Dice) effect {
	t := d.Total()
	switch {
	case s.point == 0 && t == 7:
		return effect{verdict: wins, pays: r.Sequences.MuggsysCorner.ComeOutSeven}
	case s.point == 0 && isBoxNumber(t, r.Crapless):
		return effect{next: betState{point: int8(t)}}
	case s.point != 0 && t == 7:
		return effect{verdict: wins, pays: r.Sequences.MuggsysCorner.PointSeven}
	}
	return effect{verdict: loses}
}

// isSequence reports whether k is a casino bet on a sequence of throws
// from the come-out.
func isSequence(k BetKind) bool {
	switch k {
	case PointSeven, SevenPoint, SevenPointSeven, MuggsysCorner:
		return true
	}
	return false
}
