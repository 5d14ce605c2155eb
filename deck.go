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

// Deck is the card-craps rules' 48-card deck as a source of throws for a Table whose
// Rules.Cards is set: six ranks, ace (1) to 6, eight cards of each. The
// shooter deals two cards and their ranks are the throw, so Table.Deal
// returns them as Dice.
//
// Table.Deal plays the card-craps rules, under the table's reading of them
// (see CardReading). Every come-out is dealt from a full deck. After the
// come-out the two cards are shuffled back (CardsPairReturned) or stay
// out (CardsPairKept); during a point the cards dealt stay out until the
// decision; if fewer than two cards are left during a point, all 48 are
// shuffled together, the point's cards too, and the point goes on; after
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
// with the same seeds deals the same cards on every machine. The zero
// Deck is a deck seeded with 0 and 0, shuffled before its first deal. A
// Deck serves one Table at a time.
type Deck struct {
	// cards are card numbers 0 to 47 (rank card/8+1): cards[:drawn] in
	// dealing order, cards[:dealt] of them out of the deck, dealt since
	// the last shuffle. The rest are in no order: the shuffle draws each
	// card as it is dealt (Fisher and Yates, a card at a time), which
	// deals exactly as a whole shuffle done first and costs a draw a
	// card, not 47 a shuffle. A cut draws them all.
	cards        [deckSize]uint8
	dealt, drawn uint8
	// last is the pair dealt last, by card number.
	last [2]uint8
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

// NewDeck returns a shuffled deck whose random generator is seeded with
// seed1 and seed2, as rand.NewPCG seeds it.
func NewDeck(seed1, seed2 uint64) *Deck {
	d := &Deck{}
	d.rng.Seed(seed1, seed2)
	d.ensure()
	return d
}

// ensure makes the zero Deck a shuffled deck.
func (d *Deck) ensure() {
	if !d.ready {
		d.replace()
		d.decks = 0
	}
}

// replace puts a new deck in play, in its maker's order, and shuffles it.
func (d *Deck) replace() {
	for i := range d.cards {
		d.cards[i] = uint8(i)
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
	j := i + d.below(uint64(deckSize-i))
	d.cards[i], d.cards[j] = d.cards[j], d.cards[i]
	d.drawn++
}

// next deals the card on top.
func (d *Deck) next() uint8 {
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
		return deckSize
	}
	return deckSize - int(d.dealt)
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
	for d.drawn < deckSize {
		d.draw()
	}
	var top [deckSize]uint8
	copy(top[:], d.cards[:n])
	copy(d.cards[:], d.cards[n:])
	copy(d.cards[deckSize-n:], top[:n])
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
	return Dice{d.last[0]/8 + 1, d.last[1]/8 + 1}
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
	next := *deck
	d, dst, err := t.dealRoll(&next, dst)
	if err != nil {
		return Dice{}, dst, err
	}
	*deck = next
	return d, dst, nil
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
// ErrUnknownPlayer, and any cut at a dice table or of a nil deck with
// ErrRollSource. A refused cut changes nothing.
func (t *Table) Cut(deck *Deck, player string, n int) error {
	holder, err := t.cutHolder("cut", deck, player)
	if err != nil {
		return err
	}
	if why, sentinel := deck.cutRefusal(n); sentinel != nil {
		return t.refuse("cut", player, Bet{}, sentinel, "%s", why)
	}
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
	order := t.CutOrder()
	if int(deck.declined) >= len(order) {
		return "", nil // everyone declined, or players left since
	}
	return order[deck.declined], nil
}

// deckVersion starts a Deck's binary form. Version 2 held the count of
// declined cuts in a byte, which wrapped at a table of more than 255
// players; UnmarshalBinary reads it still.
const deckVersion = 3

// MarshalBinary saves the deck's whole state: the cards in order, what has
// been dealt, the cut in progress, a new deck asked for, and its random
// generator, so that a card game saved mid-point (with Table.MarshalJSON)
// goes on after UnmarshalBinary exactly as it would have.
func (d *Deck) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 1+deckSize+5+8+20)
	b = append(b, deckVersion)
	b = append(b, d.cards[:]...)
	var flags byte
	for i, f := range []bool{d.ready, d.point, d.cutOpen, d.newDeck} {
		if f {
			flags |= 1 << i
		}
	}
	b = append(b, d.dealt, d.last[0], d.last[1], flags, d.drawn)
	b = binary.BigEndian.AppendUint32(b, d.declined)
	b = binary.BigEndian.AppendUint32(b, d.decks)
	rng, err := d.rng.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return append(b, rng...), nil
}

// UnmarshalBinary restores a deck saved by MarshalBinary. Data that is
// truncated, corrupt or describes an impossible deck (a card missing or
// twice, an odd number dealt) is refused with an error wrapping ErrSyntax,
// and the deck is left as it was.
func (d *Deck) UnmarshalBinary(data []byte) error {
	bad := func(why string) error { return fmt.Errorf("craps: restore deck: %s: %w", why, ErrSyntax) }
	head := 1 + deckSize + 5 + 8 // version 3
	if len(data) > 0 && data[0] == 2 {
		head = 1 + deckSize + 6 + 4
	}
	if len(data) < head || data[0] != deckVersion && data[0] != 2 {
		return bad("not a saved deck")
	}
	var n Deck
	copy(n.cards[:], data[1:])
	rest := data[1+deckSize:]
	n.dealt, n.last, n.drawn = rest[0], [2]uint8{rest[1], rest[2]}, rest[4]
	flags := rest[3]
	n.ready, n.point, n.cutOpen, n.newDeck = flags&1 != 0, flags&2 != 0, flags&4 != 0, flags&8 != 0
	if data[0] == 2 {
		n.declined, n.drawn, n.decks = uint32(rest[4]), rest[5], binary.BigEndian.Uint32(rest[6:])
	} else {
		n.declined, n.decks = binary.BigEndian.Uint32(rest[5:]), binary.BigEndian.Uint32(rest[9:])
	}
	if err := n.rng.UnmarshalBinary(data[head:]); err != nil {
		return bad("its random generator: " + err.Error())
	}
	var seen [deckSize]bool
	for _, c := range n.cards {
		if n.ready && (c >= deckSize || seen[c]) {
			return bad("the cards are not the 48 of a deck")
		}
		if c < deckSize {
			seen[c] = true
		}
	}
	switch {
	case flags>>4 != 0:
		return bad("unknown flags")
	case !n.ready && n != (Deck{rng: n.rng}):
		return bad("an unshuffled deck with cards")
	case n.dealt > deckSize-2 || n.dealt%2 != 0 || n.last[0] >= deckSize || n.last[1] >= deckSize || n.drawn < n.dealt || n.drawn > deckSize:
		return bad("the cards dealt")
	case n.cutOpen && n.dealt != 0:
		return bad("a cut after a deal")
	case n.declined > MaxPlayers:
		return bad("more cuts declined than a table seats players")
	}
	*d = n
	return nil
}
