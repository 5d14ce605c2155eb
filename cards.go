package craps

import (
	"fmt"
	"math/big"
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

func fullDeck() deck { return deck{8, 8, 8, 8, 8, 8} }

func (d deck) size() int {
	n := 0
	for _, c := range d {
		n += int(c)
	}
	return n
}

// throwChances is the chance of each throw (by Dice index) on a come-out:
// the dice's (1/36 for fair dice); under card rules one deal of two cards
// from a full deck, where a pair of equal ranks is 8*7 of the 48*47 deals.
func (r *Rules) throwChances() [36]*big.Rat {
	var p [36]*big.Rat
	d := fullDeck()
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
	// come-out sets it, the deck as the come-out leaves it.
	Made map[int]*big.Rat
	// Pass is the chance that the shooter wins a decision: a come-out
	// natural, or a point made. Under the rules' own reading it is about
	// 0.49708, where dice give 244/495.
	Pass *big.Rat
	// RunOut is, for each point, the chance that the deck runs out while
	// it is on (at least once): all 48 cards are then shuffled and the
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
// per decision. They depend on the reading and on the line (crapless
// craps has more points), not on the bets the table offers. It returns an
// error wrapping ErrInvalidRules if r does not validate, and one wrapping
// ErrRollSource if r plays with dice.
func (r Rules) AnalyzeDeck() (DeckAnalysis, error) {
	if err := r.Validate(); err != nil {
		return DeckAnalysis{}, err
	}
	if r.Cards == NoCards {
		return DeckAnalysis{}, fmt.Errorf("craps: analyze the deck: the rules play with dice: %w", ErrRollSource)
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
	s := r.newCardSolver(line, rows, fullSpace())
	for n := 2; n <= 12; n++ {
		if !isBoxNumber(n, r.Crapless) {
			continue
		}
		a.Made[n] = r.analyze(Bet{Kind: PassLine, Number: n}, false).Win
		state, _ := auto.state(betState{point: int8(n)})
		out, err := s.runOut(int(state), int8(n))
		if err != nil {
			return DeckAnalysis{}, err
		}
		a.RunOut[n] = out
		a.RunOutPerDecision.Add(a.RunOutPerDecision, new(big.Rat).Mul(a.ComeOut[n], out))
	}
	return a, nil
}
