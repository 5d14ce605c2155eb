package craps

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
)

// Errors of card craps, besides the Table's own.
var (
	// ErrRollSource: dice rolled at a table that deals from a deck (its
	// Rules.Cards is set), or cards dealt at a dice table, or no deck.
	ErrRollSource = errors.New("wrong source of throws")
	// ErrCut: a cut at a position that leaves no card above or below it.
	ErrCut = errors.New("invalid cut")
)

// deckSize is the number of cards in the card-craps rules' deck: six ranks, ace to
// 6, two of each rank in each of four suits.
const deckSize = 48

// Deck is the cards of a shoe (Shoe: by default the card-craps rules'
// 48-card deck, six ranks, ace (1) to 6, eight cards of each) as a source
// of throws for a Table whose Rules.Cards is set. The shooter deals two
// cards and their ranks are the throw, so Table.Deal returns them as
// Dice.
//
// Table.Deal plays the card-craps rules, under the table's reading of them
// (see CardReading). Every come-out is dealt from a full deck. After the
// come-out the two cards are shuffled back (CardsPairReturned) or stay
// out (CardsPairKept); during a point the cards dealt stay out until the
// decision; if fewer than two cards are left during a point, all the
// cards are shuffled together, the point's too, and the point goes on; after
// every decision the whole deck is shuffled. Under
// CardsReshuffleEveryThrow the whole deck is shuffled after every throw.
// These are the rules Rules.Analyze and Rules.AnalyzeDeck compute card
// figures under.
//
// After each shuffle the deck may be cut, by Cut or, with the rules'
// rights of who cuts, by Table.Cut, until the next card is dealt. A new
// deck asked for with RequestNew comes in before the next come-out.
//
// A Deck is a value with no pointers: its cards, what has been dealt and
// the state of its own random generator (a math/rand/v2 PCG). Copying it
// clones it, MarshalBinary saves it mid-game, and a deck made by NewDeck
// (or Shoe.NewDeck) with the same seeds deals the same cards on every
// machine. The zero Deck is the card-craps rules' deck seeded with 0 and
// 0, shuffled before its first deal (and at a table of another shoe, that
// shoe's). A Deck serves one Table at a time.
type Deck struct {
	// shoe is the cards the deck holds, n of them: card numbers 0 to n-1,
	// the shoe's aces first, then its 2s, and so on (rank card/8+1 in
	// the card-craps rules' deck).
	shoe Shoe
	n    uint16
	// cards[:n] are the card numbers: cards[:drawn] in dealing order,
	// cards[:dealt] of them out of the deck, dealt since the last
	// shuffle. The rest are in no order: the shuffle draws each card as
	// it is dealt (Fisher and Yates, a card at a time), which deals
	// exactly as a whole shuffle done first and costs a draw a card, not
	// n-1 a shuffle. A cut draws them all.
	cards        [MaxShoeCards]uint16
	dealt, drawn uint16
	// last is the pair dealt last, by card number.
	last [2]uint16
	// ready: cards holds a shuffled deck (false in the zero Deck).
	ready bool
	// point: a point is on, so the cards dealt stay out.
	point bool
	// cutOpen: the deck was shuffled and nothing dealt since, and the
	// last cut is not yet made: it may be cut. declined counts the
	// players in Table.CutOrder who have passed the right to cut last on,
	// up to the players at the table (MaxPlayers).
	cutOpen  bool
	declined uint32
	// newDeck: a new deck was asked for during a point.
	newDeck bool
	// decks counts the new decks brought in.
	decks uint32
	rng   rand.PCG
}

// NewDeck returns the card-craps rules' deck shuffled, its random
// generator seeded with seed1 and seed2, as rand.NewPCG seeds it.
func NewDeck(seed1, seed2 uint64) *Deck { return Shoe{}.NewDeck(seed1, seed2) }

// NewDeck returns the cards of the shoe s shuffled, its random generator
// seeded with seed1 and seed2, as rand.NewPCG seeds it. s must be a shoe
// Rules.Validate takes.
func (s Shoe) NewDeck(seed1, seed2 uint64) *Deck {
	d := &Deck{shoe: s}
	d.rng.Seed(seed1, seed2)
	d.ensure()
	return d
}

// ensure makes the zero Deck a shuffled deck.
func (d *Deck) ensure() {
	if !d.ready {
		d.n = uint16(d.shoe.deck().size())
		d.replace()
		d.decks = 0
	}
}

// rank is the rank of card c, 0 for the ace to 5 for the 6.
func (d *Deck) rank(c uint16) uint8 {
	left := int(c)
	for r, k := range d.shoe.deck() {
		if left < int(k) {
			return uint8(r)
		}
		left -= int(k)
	}
	return 5
}

// replace puts a new deck in play, in its maker's order, and shuffles it.
func (d *Deck) replace() {
	for i := range d.cards[:d.n] {
		d.cards[i] = uint16(i)
	}
	d.ready, d.newDeck = true, false
	d.decks++
	d.shuffle()
}

// shuffle gathers every card, those out of the deck too, to be drawn at
// random as they are dealt; the deck may then be cut.
func (d *Deck) shuffle() {
	d.dealt, d.drawn = 0, 0
	d.cutOpen, d.declined = true, 0
}

// draw puts a card drawn at random from those not yet drawn in place
// drawn, the next in dealing order.
func (d *Deck) draw() {
	i := int(d.drawn)
	j := i + d.below(uint64(int(d.n)-i))
	d.cards[i], d.cards[j] = d.cards[j], d.cards[i]
	d.drawn++
}

// next deals the card on top.
func (d *Deck) next() uint16 {
	if d.dealt == d.drawn {
		d.draw()
	}
	d.dealt++
	return d.cards[d.dealt-1]
}

// below draws a number from 0 to n-1 from the deck's generator.
func (d *Deck) below(n uint64) int {
	for {
		if v, ok := below(d.rng.Uint64(), n); ok {
			return int(v)
		}
	}
}

// Left is the number of cards left to deal before the deck runs out.
func (d *Deck) Left() int {
	if !d.ready {
		return d.shoe.deck().size()
	}
	return int(d.n) - int(d.dealt)
}

const notCuttable = "the deck is cut after a shuffle, before the next card is dealt, until the last cut"

// cutRefusal says why the deck cannot be cut n cards from the top now, and
// the sentinel to wrap; the sentinel is nil if it can.
func (d *Deck) cutRefusal(n int) (reason string, sentinel error) {
	switch {
	case !d.cuttable():
		return notCuttable, ErrNotNow
	case n < 1 || n >= d.Left():
		return fmt.Sprintf("a cut takes 1 to %d cards off the top", d.Left()-1), ErrCut
	}
	return "", nil
}

// cuttable reports whether the deck may be cut now; the zero Deck is as
// one just shuffled.
func (d *Deck) cuttable() bool { return d.cutOpen || !d.ready }

// Cut cuts the deck: the top n cards go to the bottom. A deck is cut
// after a shuffle and before the next card is dealt, as often as players
// wish until the last cut (see Table.Cut, which also says who may cut);
// a cut at another time is refused with an error wrapping ErrNotNow, and
// one that leaves no card above or below it with ErrCut. A refused cut
// changes nothing.
func (d *Deck) Cut(n int) error {
	if why, sentinel := d.cutRefusal(n); sentinel != nil {
		return fmt.Errorf("craps: cut %d cards: %s: %w", n, why, sentinel)
	}
	d.cut(n)
	return nil
}

// cut moves the top n cards to the bottom: a rotation of the whole deck,
// which is full when it is cut, so every card is drawn first.
func (d *Deck) cut(n int) {
	d.ensure()
	for d.drawn < d.n {
		d.draw()
	}
	var top [MaxShoeCards]uint16
	copy(top[:], d.cards[:n])
	copy(d.cards[:], d.cards[n:d.n])
	copy(d.cards[int(d.n)-n:], top[:n])
}

// RequestNew asks for a new deck, as any player may at any time. It comes
// into play before the next come-out: at once if no point is on, else
// when the point is decided, in place of the shuffle after the decision.
// The new deck is shuffled and may be cut.
func (d *Deck) RequestNew() {
	d.ensure()
	if d.point {
		d.newDeck = true
		return
	}
	d.replace()
}

// deal takes the next two cards off the top for a throw: a come-out one
// if comeOut. A come-out is always dealt from a full deck and a new deck
// asked for comes in first; a deck left with fewer than two cards is
// shuffled. Table.Deal's settling after each throw leaves neither to do,
// so this only matters for a deck that has served another table.
func (d *Deck) deal(comeOut bool) Dice {
	d.ensure()
	switch {
	case comeOut && d.newDeck:
		d.replace()
	case comeOut && d.dealt != 0, d.Left() < 2:
		d.shuffle()
	}
	d.last[0] = d.next()
	d.last[1] = d.next()
	d.cutOpen = false
	return Dice{d.rank(d.last[0]) + 1, d.rank(d.last[1]) + 1}
}

// settle does what the card-craps rules say after a throw under reading, which was a
// come-out throw if comeOut and left the table's puck on point (0: off).
func (d *Deck) settle(reading CardReading, comeOut bool, point int) {
	d.point = point != 0
	switch {
	case !d.point && d.newDeck: // a decision, and a new deck was asked for
		d.replace()
	case !d.point, // a decision
		reading == CardsReshuffleEveryThrow,
		comeOut && reading == CardsPairReturned, // the come-out pair goes back
		d.Left() < 2:                            // the deck ran out during the point
		d.shuffle()
	}
}

// Deal deals the next throw from deck and plays it as Roll plays dice: it
// resolves every bet, moves the puck and passes the cards after a
// seven-out, appending a Resolution for every bet decided or moved to
// dst. Then the deck is settled as the table's Rules.Cards reading says
// (see Deck): the come-out pair shuffled back, the point's cards kept out,
// the whole deck shuffled after a decision or when it runs out. It returns
// the two cards' ranks as Dice. A dice table (Rules.Cards is NoCards) or a
// nil deck is refused with an error wrapping ErrRollSource; a refused
// deal changes neither the table nor the deck.
func (t *Table) Deal(deck *Deck, dst []Resolution) (Dice, []Resolution, error) {
	reading := t.rules.Cards
	switch {
	case deck == nil:
		return Dice{}, dst, t.refuse("deal", "", Bet{}, ErrRollSource, "no deck")
	case reading == NoCards:
		return Dice{}, dst, t.refuse("deal", "", Bet{}, ErrRollSource, "the table plays with dice (Roll)")
	}
	if err := deck.serves(t, "deal"); err != nil {
		return Dice{}, dst, err
	}
	next := *deck
	next.adopt(t)
	d, dst, err := t.dealRoll(&next, dst)
	if err != nil {
		return Dice{}, dst, err
	}
	*deck = next
	return d, dst, nil
}

// serves refuses, for operation op, a deck of another shoe than table
// t's with an error wrapping ErrRollSource; the zero Deck serves any.
func (d *Deck) serves(t *Table, op string) error {
	if d.ready && d.shoe.deck() != t.rules.Shoe.deck() {
		return t.refuse(op, "", Bet{}, ErrRollSource, "the deck is a shoe of %v; the table deals from a shoe of %v", d.shoe, t.rules.Shoe)
	}
	return nil
}

// adopt gives the zero Deck table t's shoe, before it is shuffled.
func (d *Deck) adopt(t *Table) {
	if !d.ready {
		d.shoe = t.rules.Shoe
	}
}

// dealRoll is Deal's play, with no check and on the deck itself: the
// simulator's card tables deal through it.
func (t *Table) dealRoll(deck *Deck, dst []Resolution) (Dice, []Resolution, error) {
	comeOut := t.point == 0
	d := deck.deal(comeOut)
	dst, err := t.roll(d, dst)
	if err != nil {
		return Dice{}, dst, err
	}
	deck.settle(t.rules.Cards, comeOut, int(t.point))
	return d, dst, nil
}

// CutOrder lists the players in the order the right to cut last passes
// among them (the card-craps rules): the player on the shooter's left (the next seat
// in Players' order, where the dice and cards pass) first, then clockwise
// round the table, the shooter last. Any player may cut the deck after a
// shuffle; the last cut belongs to the first in this list who has not
// declined it. It is empty at an empty table.
func (t *Table) CutOrder() []string {
	n := len(t.seats)
	order := make([]string, n)
	for i := range order {
		order[i] = t.seats[(t.shooter+1+i)%n].name
	}
	return order
}

// Cut has player cut deck n cards from the top (the top n go to the
// bottom), after a shuffle and before the next deal. Any player at the
// table may cut, any number of times, until the player who holds the
// right to cut last (see CutOrder) cuts; no cut is taken after that. A
// cut at another time is refused with ErrNotNow, one at a position
// outside the deck with ErrCut, one by a player not at the table with
// ErrUnknownPlayer, and any cut at a dice table, of a nil deck or of a
// deck of another shoe than the table's with ErrRollSource. A refused
// cut changes nothing.
func (t *Table) Cut(deck *Deck, player string, n int) error {
	holder, err := t.cutHolder("cut", deck, player)
	if err != nil {
		return err
	}
	probe := *deck // the zero Deck counts the table's shoe
	probe.adopt(t)
	if why, sentinel := probe.cutRefusal(n); sentinel != nil {
		return t.refuse("cut", player, Bet{}, sentinel, "%s", why)
	}
	deck.adopt(t)
	deck.cut(n)
	if player == holder {
		deck.cutOpen = false
	}
	return nil
}

// DeclineCut has player, who holds the right to cut last (see CutOrder),
// decline it: the right passes to the next player clockwise. When the
// shooter, last in the order, declines too, the deck is dealt as it is.
// It is refused with ErrNotNow if player does not hold the right or the
// deck cannot be cut now, and as Cut is for the other reasons.
func (t *Table) DeclineCut(deck *Deck, player string) error {
	holder, err := t.cutHolder("decline cut", deck, player)
	if err != nil {
		return err
	}
	switch {
	case !deck.cuttable():
		return t.refuse("decline cut", player, Bet{}, ErrNotNow, notCuttable)
	case player != holder:
		return t.refuse("decline cut", player, Bet{}, ErrNotNow, "the right to cut last is %s's", holder)
	}
	deck.adopt(t)
	deck.ensure()
	deck.declined++
	if int(deck.declined) >= len(t.seats) {
		deck.cutOpen = false
	}
	return nil
}

// cutHolder checks a cut or a declined cut by player and returns who holds
// the right to cut last.
func (t *Table) cutHolder(op string, deck *Deck, player string) (string, error) {
	switch {
	case deck == nil:
		return "", t.refuse(op, player, Bet{}, ErrRollSource, "no deck")
	case t.rules.Cards == NoCards:
		return "", t.refuse(op, player, Bet{}, ErrRollSource, "the table plays with dice")
	}
	if _, err := t.seatOf(op, player, Bet{}); err != nil {
		return "", err
	}
	if err := deck.serves(t, op); err != nil {
		return "", err
	}
	order := t.CutOrder()
	if int(deck.declined) >= len(order) {
		return "", nil // everyone declined, or players left since
	}
	return order[deck.declined], nil
}

// deckVersion starts a Deck's binary form. Version 3 held the 48 cards
// of the card-craps rules' deck as bytes, and version 2 also the count of
// declined cuts in a byte, which wrapped at a table of more than 255
// players; UnmarshalBinary reads both still.
const deckVersion = 4

// MarshalBinary saves the deck's whole state: its shoe, the cards in
// order, what has been dealt, the cut in progress, a new deck asked for,
// and its random generator, so that a card game saved mid-point (with
// Table.MarshalJSON) goes on after UnmarshalBinary exactly as it would
// have.
func (d *Deck) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 1+6+2+2*int(d.n)+9+8+20)
	b = append(b, deckVersion)
	b = append(b, d.shoe[:]...)
	b = binary.BigEndian.AppendUint16(b, d.n)
	for _, c := range d.cards[:d.n] {
		b = binary.BigEndian.AppendUint16(b, c)
	}
	for _, x := range []uint16{d.dealt, d.drawn, d.last[0], d.last[1]} {
		b = binary.BigEndian.AppendUint16(b, x)
	}
	var flags byte
	for i, f := range []bool{d.ready, d.point, d.cutOpen, d.newDeck} {
		if f {
			flags |= 1 << i
		}
	}
	b = append(b, flags)
	b = binary.BigEndian.AppendUint32(b, d.declined)
	b = binary.BigEndian.AppendUint32(b, d.decks)
	rng, err := d.rng.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return append(b, rng...), nil
}

// UnmarshalBinary restores a deck saved by MarshalBinary. Data that is
// truncated, corrupt or describes an impossible deck (a shoe Validate
// refuses, a card missing or twice, an odd number dealt) is refused with
// an error wrapping ErrSyntax, and the deck is left as it was.
func (d *Deck) UnmarshalBinary(data []byte) error {
	bad := func(why string) error { return fmt.Errorf("craps: restore deck: %s: %w", why, ErrSyntax) }
	var n Deck
	var flags byte
	var rest []byte
	switch {
	case len(data) > 0 && (data[0] == 2 || data[0] == 3):
		// The card-craps rules' deck, a byte a card.
		head := 1 + deckSize + 5 + 8
		if data[0] == 2 {
			head = 1 + deckSize + 6 + 4
		}
		if len(data) < head {
			return bad("not a saved deck")
		}
		if data[1+deckSize+3]&1 != 0 { // ready: the 48 cards
			n.n = deckSize
		}
		for i, c := range data[1 : 1+deckSize] {
			n.cards[i] = uint16(c)
		}
		r := data[1+deckSize:]
		n.dealt, n.last, n.drawn, flags = uint16(r[0]), [2]uint16{uint16(r[1]), uint16(r[2])}, uint16(r[4]), r[3]
		if data[0] == 2 {
			n.declined, n.drawn, n.decks = uint32(r[4]), uint16(r[5]), binary.BigEndian.Uint32(r[6:])
		} else {
			n.declined, n.decks = binary.BigEndian.Uint32(r[5:]), binary.BigEndian.Uint32(r[9:])
		}
		rest = data[head:]
	case len(data) >= 1+6+2 && data[0] == deckVersion:
		copy(n.shoe[:], data[1:7])
		n.n = binary.BigEndian.Uint16(data[7:])
		head := 9 + 2*int(n.n) + 8 + 1 + 8
		if n.n > MaxShoeCards || len(data) < head {
			return bad("not a saved deck")
		}
		for i := range n.cards[:n.n] {
			n.cards[i] = binary.BigEndian.Uint16(data[9+2*i:])
		}
		r := data[9+2*int(n.n):]
		u := func(i int) uint16 { return binary.BigEndian.Uint16(r[2*i:]) }
		n.dealt, n.drawn, n.last = u(0), u(1), [2]uint16{u(2), u(3)}
		flags = r[8]
		n.declined, n.decks = binary.BigEndian.Uint32(r[9:]), binary.BigEndian.Uint32(r[13:])
		rest = data[head:]
	default:
		return bad("not a saved deck")
	}
	n.ready, n.point, n.cutOpen, n.newDeck = flags&1 != 0, flags&2 != 0, flags&4 != 0, flags&8 != 0
	if err := n.rng.UnmarshalBinary(rest); err != nil {
		return bad("its random generator: " + err.Error())
	}
	if why := (&Rules{Cards: CardsPairReturned, Shoe: n.shoe}).checkShoe(); why != "" {
		return bad(why)
	}
	var seen [MaxShoeCards]bool
	for _, c := range n.cards[:n.n] {
		if n.ready && (c >= n.n || seen[c]) {
			return bad(fmt.Sprintf("the cards are not the %d of the shoe", n.n))
		}
		if c < n.n {
			seen[c] = true
		}
	}
	switch {
	case flags>>4 != 0:
		return bad("unknown flags")
	case n.ready && int(n.n) != n.shoe.deck().size():
		return bad("a deck of another size than its shoe")
	case !n.ready && n != (Deck{shoe: n.shoe, rng: n.rng}):
		return bad("an unshuffled deck with cards")
	case n.dealt+2 > n.n && n.ready || n.dealt%2 != 0 || n.drawn < n.dealt || n.drawn > n.n ||
		n.ready && (n.last[0] >= n.n || n.last[1] >= n.n):
		return bad("the cards dealt")
	case n.cutOpen && n.dealt != 0:
		return bad("a cut after a deal")
	case n.declined > MaxPlayers:
		return bad("more cuts declined than a table seats players")
	}
	*d = n
	return nil
}
