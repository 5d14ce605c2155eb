package craps

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// CardReading is a way to read the card-craps rules, which replace the
// dice with a 48-card deck: six ranks, ace (1) to 6, eight
// cards of each. The shooter deals two cards; their ranks are the roll.
// The zero CardReading, NoCards, is a game played with dice; as the
// Rules.Cards field it says where a Table's throws come from.
type CardReading uint8

const (
	// NoCards is the dice game: no deck.
	NoCards CardReading = iota
	// CardsPairReturned is the card-craps rules as written, as the package
	// reads them: every come-out is dealt from a full deck; after the
	// come-out the two cards are shuffled back; during a point the cards
	// dealt stay out until the decision, and if the deck runs out the whole
	// deck is shuffled and the point goes on.
	CardsPairReturned
	// CardsPairKept keeps the come-out pair out of the deck until the
	// decision, like the cards dealt during the point.
	CardsPairKept
	// CardsReshuffleEveryThrow shuffles the whole deck before every throw:
	// the two cards of a throw are dealt without replacement, but nothing
	// carries over from throw to throw.
	CardsReshuffleEveryThrow
)

var cardReadingNames = [...]string{"dice", "pair-returned", "pair-kept", "reshuffle"}

// String is the reading's name as the rule key "cards" takes it: "dice",
// "pair-returned", "pair-kept" or "reshuffle".
func (c CardReading) String() string {
	if int(c) < len(cardReadingNames) {
		return cardReadingNames[c]
	}
	return fmt.Sprintf("CardReading(%d)", c)
}

// ParseCardReading reads a reading by the name String gives it; "off" is
// NoCards and "on" the rules' own reading, CardsPairReturned. Anything else is
// an error wrapping ErrSyntax.
func ParseCardReading(s string) (CardReading, error) {
	switch s = strings.ToLower(strings.TrimSpace(s)); s {
	case "off":
		return NoCards, nil
	case "on":
		return CardsPairReturned, nil
	}
	for i, name := range cardReadingNames {
		if s == name {
			return CardReading(i), nil
		}
	}
	return NoCards, syntaxError("cards (dice, pair-returned, pair-kept or reshuffle)", s)
}

// MarshalText writes the reading's name, so that saved Rules read "cards":
// "pair-returned".
func (c CardReading) MarshalText() ([]byte, error) {
	if c != NoCards && !c.valid() {
		return nil, fmt.Errorf("craps: marshal card reading %d: %w", uint8(c), ErrSyntax)
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a reading as ParseCardReading does.
func (c *CardReading) UnmarshalText(b []byte) error {
	v, err := ParseCardReading(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// valid reports whether c is one of the three readings of a card game.
func (c CardReading) valid() bool { return c >= CardsPairReturned && c <= CardsReshuffleEveryThrow }

// deck is a card-craps deck by rank: deck[r] cards of rank r+1.
type deck [6]uint8

// Shoe is what a card table deals from: how many cards of each rank, ace
// (1) to 6, the first entry the aces'. Card-craps tables differ: the
// card-craps rules' deck has eight of each, 48 cards; a shoe of two such
// decks has sixteen of each, and the ranks ace to 6 of one standard deck
// four of each. The zero Shoe is the card-craps rules' deck. A rank may
// have no cards, as long as the shoe can deal a 7 and a point of the game
// (Rules.Validate), and the shoe holds at most MaxShoeCards.
//
// The exact card analysis counts the orders of every deck the shoe can
// be dealt down to: for the 48-card deck some 265,000 decks and a few
// seconds' work the first time, for a shoe of 24 cards (four of each)
// 7,800 decks and milliseconds. A shoe whose decks are more than 9^6
// (the 48-card deck's: so no shoe of more than 48 cards of six ranks
// alike), whose orders pass what 128 bits count, or of an odd number of
// cards, is analysed exactly when the deck is shuffled before every
// throw (CardsReshuffleEveryThrow: each throw is then a deal from a full
// shoe, independent of the last, for any shoe), and under the other
// readings by simulation (Analysis.Simulated, a million decisions, with
// its standard error); AnalyzeDeck refuses it there.
type Shoe [6]uint8

// MaxShoeCards is the most cards a Shoe holds: eight decks of the
// card-craps rules.
const MaxShoeCards = 8 * deckSize

// deck is the shoe's cards by rank, eight of each for the zero Shoe.
func (s Shoe) deck() deck {
	if s == (Shoe{}) {
		return deck{8, 8, 8, 8, 8, 8}
	}
	return deck(s)
}

// String is the shoe as ParseShoe reads it: "8" for eight of each rank,
// "4,4,4,4,4,2" otherwise.
func (s Shoe) String() string {
	d := s.deck()
	if d == (deck{d[0], d[0], d[0], d[0], d[0], d[0]}) {
		return strconv.Itoa(int(d[0]))
	}
	parts := make([]string, 6)
	for i, n := range d {
		parts[i] = strconv.Itoa(int(n))
	}
	return strings.Join(parts, ",")
}

// ParseShoe reads a shoe as the cards of each rank, "16" (sixteen of
// each: two card-craps decks), or six counts from the ace to the 6
// separated by commas, "4,4,4,4,4,4". Anything else, and a shoe of no
// cards ("0": the zero Shoe is the card-craps rules' deck), is an error
// wrapping ErrSyntax; Rules.Validate checks what the shoe can deal.
func ParseShoe(text string) (Shoe, error) {
	parts := strings.Split(strings.TrimSpace(text), ",")
	if len(parts) != 1 && len(parts) != 6 {
		return Shoe{}, syntaxError("shoe (cards of each rank, or six counts)", text)
	}
	var s Shoe
	for i := range s {
		n, err := strconv.Atoi(strings.TrimSpace(parts[i%len(parts)]))
		if err != nil || n < 0 || n > math.MaxUint8 {
			return Shoe{}, syntaxError("shoe (cards of each rank, or six counts, from 0 to 255)", text)
		}
		s[i] = uint8(n)
	}
	switch {
	case s == Shoe{}:
		return Shoe{}, syntaxError("shoe (a shoe of no cards)", text)
	case s.deck() == (Shoe{}).deck():
		return Shoe{}, nil
	}
	return s, nil
}

// MarshalText writes the shoe as String does.
func (s Shoe) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a shoe as ParseShoe does.
func (s *Shoe) UnmarshalText(b []byte) error {
	v, err := ParseShoe(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// dealsItsPoint reports whether r's shoe can deal, on a come-out, the
// point a bet on one point is made at (odds behind the line, the point
// bet, a line bet at its point): a shoe with no 5s and no 4s, say, never
// sets a point of 9, and odds on 9 are then never made.
func (r *Rules) dealsItsPoint(b Bet) bool {
	atPoint, point := b.cardMoment()
	return !atPoint || point == 0 || r.Shoe.deck().deals(Totals(int(point)))
}

// checkShoe says why r's shoe cannot be played, or "": a shoe for dice,
// one too large, or one that cannot deal a 7 or a point.
func (r *Rules) checkShoe() string {
	if r.Shoe.deck() == (Shoe{}).deck() {
		return "" // the card-craps rules' deck, written out or not
	}
	d := r.Shoe.deck()
	switch {
	case r.Cards == NoCards:
		return "a shoe of " + r.Shoe.String() + " with dice: a shoe is dealt from under card rules (Cards)"
	case d.size() > MaxShoeCards:
		return fmt.Sprintf("a shoe of %d cards: at most %d", d.size(), MaxShoeCards)
	}
	switch {
	case !d.deals(Totals(7)):
		return "a shoe of " + r.Shoe.String() + " cannot deal a 7: no point would be decided, nor a shooter's hand end"
	case !d.deals(Totals(r.Points()...)):
		return "a shoe of " + r.Shoe.String() + " cannot deal a point: a shooter's hand would never end"
	}
	return ""
}

// deals reports whether deck d can deal one of the throws of s: two
// cards of their ranks, two of one rank for a pair.
func (d deck) deals(s OutcomeSet) bool {
	for x := range 36 {
		a, b := x/6, x%6
		if s&(1<<x) != 0 && d[a] > 0 && d[b] > 0 && (a != b || d[a] > 1) {
			return true
		}
	}
	return false
}

func (d deck) size() int {
	n := 0
	for _, c := range d {
		n += int(c)
	}
	return n
}

// throwChances is the chance of each throw (by Dice index) on a come-out:
// the dice's (1/36 for fair dice); under card rules one deal of two cards
// from a full shoe, where a pair of equal ranks is 8*7 of the 48*47 deals
// of the card-craps rules' deck.
func (r *Rules) throwChances() [36]*big.Rat {
	var p [36]*big.Rat
	d := r.Shoe.deck()
	n := int64(d.size())
	num, den := r.throwWeights()
	for x := range p {
		p[x] = big.NewRat(num[x], den)
		if r.Cards != NoCards {
			a, b := x/6, x%6
			second := int64(d[b])
			if a == b {
				second--
			}
			p[x].SetFrac64(int64(d[a])*second, n*(n-1))
		}
	}
	return p
}

// DeckAnalysis is the exact figures of the card deck itself under card
// rules: what the deck deals on a come-out, how often the shooter makes
// each point from the deck the come-out leaves, and how often the deck
// runs out. Every field is a fresh value the caller owns. The figures of
// the bets are Rules.Analyze's.
type DeckAnalysis struct {
	Reading CardReading
	// ComeOut is the chance of each total on a come-out, one deal of two
	// cards from a full deck: a 2 is 7/282 (pairs of equal rank are
	// rarer than with dice), a 7 is 8/47.
	ComeOut map[int]*big.Rat
	// Made is the chance that the shooter makes each point once a
	// come-out sets it, the deck as the come-out leaves it; a point the
	// shoe never deals on a come-out has no entry, here nor in RunOut.
	Made map[int]*big.Rat
	// Pass is the chance that the shooter wins a decision: a come-out
	// natural, or a point made. Under the rules' own reading it is about
	// 0.49708, where dice give 244/495.
	Pass *big.Rat
	// RunOut is, for each point, the chance that the deck runs out while
	// it is on (at least once): all the shoe's cards are then shuffled and the
	// point goes on. It is 0 under CardsReshuffleEveryThrow, where the
	// deck is whole before every throw.
	RunOut map[int]*big.Rat
	// RunOutPerDecision is the chance that the deck runs out during a
	// decision: RunOut weighted by the chance of each point on the
	// come-out.
	RunOutPerDecision *big.Rat
	// CardsPerDecision is the expected number of cards dealt to decide
	// the shooter's line bet, two a throw.
	CardsPerDecision *big.Rat
}

// AnalyzeDeck computes the deck's figures under r, whose Cards names a
// reading of the card-craps rules: the come-out totals, each point made,
// the shooter's chance of winning a decision, the chance that the deck
// runs out during each point and during a decision, and the cards dealt
// per decision. They depend on the reading, the shoe and the line
// (crapless craps has more points), not on the bets the table offers. It
// returns an error wrapping ErrInvalidRules if r does not validate, one
// wrapping ErrRollSource if r plays with dice, and one wrapping
// ErrOverflow for a shoe too large to count exactly (see Shoe) under a
// reading that deals a point from what the come-out left.
func (r Rules) AnalyzeDeck() (DeckAnalysis, error) {
	if err := r.Validate(); err != nil {
		return DeckAnalysis{}, err
	}
	if r.Cards == NoCards {
		return DeckAnalysis{}, fmt.Errorf("craps: analyze the deck: the rules play with dice: %w", ErrRollSource)
	}
	space := r.cardSpace()
	if space == nil && r.Cards != CardsReshuffleEveryThrow {
		return DeckAnalysis{}, fmt.Errorf("craps: analyze the deck: a shoe of %v has too many decks to count exactly: %w", r.Shoe, ErrOverflow)
	}
	line := Bet{Kind: PassLine}
	pass := r.analyze(line, false)
	two := big.NewRat(2, 1)
	a := DeckAnalysis{Reading: r.Cards, ComeOut: map[int]*big.Rat{}, Made: map[int]*big.Rat{},
		Pass: pass.Win, RunOut: map[int]*big.Rat{}, RunOutPerDecision: new(big.Rat),
		CardsPerDecision: two.Mul(two, pass.Rolls)}
	chances := r.throwChances()
	for x, d := range AllDice() {
		t := d.Total()
		if a.ComeOut[t] == nil {
			a.ComeOut[t] = new(big.Rat)
		}
		a.ComeOut[t].Add(a.ComeOut[t], chances[x])
	}
	auto, rows := r.betSteps(line, false)
	for _, n := range r.Points() {
		if !r.Shoe.deck().deals(Totals(n)) {
			continue // a point the shoe never sets
		}
		a.Made[n] = r.analyze(Bet{Kind: PassLine, Number: n}, false).Win
		out := new(big.Rat) // the deck is whole before every throw
		if r.Cards != CardsReshuffleEveryThrow {
			state, _ := auto.state(betState{point: int8(n)})
			var err error
			if out, err = r.newCardSolver(line, rows, space).runOut(int(state), int8(n)); err != nil {
				return DeckAnalysis{}, err
			}
		}
		a.RunOut[n] = out
		a.RunOutPerDecision.Add(a.RunOutPerDecision, new(big.Rat).Mul(a.ComeOut[n], out))
	}
	return a, nil
}
