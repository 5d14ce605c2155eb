package main

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/crapslab/craps"
)

// cardReadings says in words what each reading of the card-craps rules does with the
// come-out pair and the deck.
var cardReadings = map[craps.CardReading]string{
	craps.CardsPairReturned:        "the come-out pair is shuffled back, the point's cards stay out until the\ndecision (the rules' own text)",
	craps.CardsPairKept:            "the come-out pair stays out with the point's cards until the decision",
	craps.CardsReshuffleEveryThrow: "the whole deck is shuffled before every throw",
}

// deckFigures is the deck's own figures under the rules' reading beside
// the dice's: come-out totals, points made, how often the deck runs out,
// the shooter's chance and disadvantage, and the cards dealt per decision.
// They are the game's, whatever bets the table takes.
type deckFigures struct {
	deck craps.DeckAnalysis
	// diceMade is the dice's chance of making each point; dicePass the
	// dice's chance that the shooter wins a decision.
	diceMade map[int]*big.Rat
	dicePass *big.Rat
}

func newDeckFigures(r craps.Rules) (*deckFigures, error) {
	a, err := r.AnalyzeDeck()
	if err != nil {
		return nil, err
	}
	// The dice's figures for the same line, from the shooter's bets, at a
	// casino table: the private game's no-bar and fade claim, which the
	// shooter's line does not read, are not a casino's.
	dice := r
	dice.Cards, dice.Shoe, dice.NotOffered, dice.Private, dice.FadeClaim = craps.NoCards, craps.Shoe{}, 0, false, false
	if dice.Bar == craps.NoBar {
		dice.Bar = 0
	}
	diceWin := func(b craps.Bet) (*big.Rat, error) {
		an, err := dice.Analyze(b)
		return an.Win, err
	}
	d := &deckFigures{deck: a, diceMade: map[int]*big.Rat{}}
	for n := range a.Made {
		if d.diceMade[n], err = diceWin(craps.Bet{Kind: craps.PassOdds, Number: n}); err != nil {
			return nil, err
		}
	}
	if d.dicePass, err = diceWin(craps.Bet{Kind: craps.PassLine}); err != nil {
		return nil, err
	}
	return d, nil
}

// points are the points the deck's figures have, in order.
func (d *deckFigures) points() []int {
	var out []int
	for n := 2; n <= 12; n++ {
		if d.deck.Made[n] != nil {
			out = append(out, n)
		}
	}
	return out
}

// disadvantage is the shooter's disadvantage on an even-money center
// bet, 1 - 2 x pass.
func disadvantage(pass *big.Rat) *big.Rat {
	return new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Add(pass, pass))
}

// writeText prints the figures; the exact fractions that run to dozens of
// digits only with wide.
func (d *deckFigures) writeText(w io.Writer, wide bool) error {
	a := d.deck
	fmt.Fprintf(w, "\nCard craps (the card-craps rules): 48 cards, ace to 6, eight of each, dealt as %v:\n%s.\n", a.Reading, cardReadings[a.Reading])
	f := &fractions{limit: maxCell, shortOnly: !wide}
	fmt.Fprintln(w, "\nCome-out totals: one throw of two dice, one deal of two cards from a full deck")
	fmt.Fprintln(w)
	table := [][]string{{"TOTAL", "DICE", "CARDS"}}
	for n := 2; n <= 12; n++ {
		table = append(table, []string{fmt.Sprint(n), f.cell(craps.Totals(n).Probability(), decimal), f.cell(a.ComeOut[n], decimal)})
	}
	if err := writeTable(w, table); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nPoints made, the point before a 7 from the deck the come-out leaves, all the\n"+
		"cards shuffled if the deck runs out; and the chance that it runs out during the point")
	fmt.Fprintln(w)
	table = [][]string{{"POINT", "DICE", "CARDS", "DECK RUNS OUT"}}
	for _, n := range d.points() {
		table = append(table, []string{fmt.Sprint(n), f.cell(d.diceMade[n], decimal), f.cell(a.Made[n], decimal), f.cell(a.RunOut[n], decimal)})
	}
	if err := writeTable(w, table); err != nil {
		return err
	}
	// A figure on its own line: whole with wide, as a decimal otherwise.
	figure := func(q *big.Rat, approx func(*big.Rat) string, indent int) string {
		if wide || len(q.RatString()) <= textWidth-10 {
			return q.RatString() + "\n" + strings.Repeat(" ", indent) + "= " + approx(q)
		}
		f.shortened = true
		return approx(q)
	}
	ten := func(q *big.Rat) string { return q.FloatString(10) }
	fmt.Fprintln(w, "\nThe shooter wins a decision (the pass line, and the center bet's shooter):")
	fmt.Fprintf(w, "  dice   %s = %s\n", d.dicePass.RatString(), ten(d.dicePass))
	fmt.Fprintf(w, "  cards  %s\n", figure(a.Pass, ten, 9))
	fmt.Fprintln(w, "The shooter's disadvantage on an even-money center bet, 1 - 2 x pass:")
	fmt.Fprintf(w, "  dice   %s\n", figure(disadvantage(d.dicePass), percent, 9))
	fmt.Fprintf(w, "  cards  %s\n", figure(disadvantage(a.Pass), percent, 9))
	fmt.Fprintf(w, "The deck runs out during a decision with probability\n  %s\n", figure(a.RunOutPerDecision, ten, 2))
	fmt.Fprintf(w, "Cards dealt per decision:\n  %s\n", figure(a.CardsPerDecision, ten, 2))
	f.writeNotes(w)
	_, err := fmt.Fprintln(w, "\nOther readings of the card-craps rules: -cards pair-returned, pair-kept or reshuffle.")
	return err
}

type deckJSON struct {
	Reading            string          `json:"reading"`
	ComeOut            []totalJSON     `json:"come_out"`
	Points             []pointJSON     `json:"points"`
	Pass               diceOrCardsJSON `json:"pass"`
	Disadvantage       diceOrCardsJSON `json:"disadvantage"`
	RunsOutPerDecision string          `json:"runs_out_per_decision"`
	CardsPerDecision   string          `json:"cards_per_decision"`
}

type totalJSON struct {
	Total int    `json:"total"`
	Dice  string `json:"dice"`
	Cards string `json:"cards"`
}

type pointJSON struct {
	Point   int    `json:"point"`
	Dice    string `json:"dice"`
	Cards   string `json:"cards"`
	RunsOut string `json:"runs_out"`
}

type diceOrCardsJSON struct {
	Dice  string `json:"dice"`
	Cards string `json:"cards"`
}

func (d *deckFigures) toJSON() *deckJSON {
	a := d.deck
	out := &deckJSON{Reading: a.Reading.String(),
		Pass:               diceOrCardsJSON{frac(d.dicePass), frac(a.Pass)},
		Disadvantage:       diceOrCardsJSON{frac(disadvantage(d.dicePass)), frac(disadvantage(a.Pass))},
		RunsOutPerDecision: frac(a.RunOutPerDecision), CardsPerDecision: frac(a.CardsPerDecision)}
	for n := 2; n <= 12; n++ {
		out.ComeOut = append(out.ComeOut, totalJSON{n, frac(craps.Totals(n).Probability()), frac(a.ComeOut[n])})
	}
	for _, n := range d.points() {
		out.Points = append(out.Points, pointJSON{n, frac(d.diceMade[n]), frac(a.Made[n]), frac(a.RunOut[n])})
	}
	return out
}

// cards carries out the tape commands of card craps: deal, seed, cut and
// new deck.
func (s *session) cards(line int, cmd string, args []string, out report) error {
	switch cmd {
	case "seed":
		if len(args) != 1 {
			return errors.New("usage: seed <n>")
		}
		n, err := strconv.ParseUint(args[0], 10, 64)
		if err != nil {
			return fmt.Errorf("seed %q is not a whole number from 0", args[0])
		}
		if s.dealt {
			return errors.New("the deck's seed comes before the first deal")
		}
		s.seed, s.deck = n, nil
		return nil
	case "deal":
		if len(args) != 0 {
			return errors.New("usage: deal")
		}
		s.defaultPlayer()
		if len(s.bettors) > 0 { // a refused deal bets nothing: see throw
			deck := *s.theDeck()
			if _, _, err := s.table.Clone().Deal(&deck, nil); err != nil {
				return err
			}
		}
		if err := s.strategiesBet(line, out); err != nil {
			return err
		}
		before := s.table.Point()
		d, res, err := s.table.Deal(s.theDeck(), s.res[:0])
		s.res = res
		if err != nil {
			return err
		}
		s.dealt = true
		s.strategiesSee(d, res)
		return out.roll(line, d, craps.NoFault, before, s.table, res)
	case "cut":
		// cut [<player>] <n>, or cut [<player>] pass
		s.defaultPlayer()
		if len(args) == 0 || len(args) > 2 {
			return errors.New("usage: cut [<player>] <n> or cut [<player>] pass")
		}
		player := s.firstPlayer()
		if len(args) == 2 {
			player = args[0]
		}
		what := args[len(args)-1]
		if strings.EqualFold(what, "pass") {
			return s.table.DeclineCut(s.theDeck(), player)
		}
		n, err := strconv.Atoi(what)
		if err != nil {
			return fmt.Errorf("cut %q: a number of cards, or pass", what)
		}
		return s.table.Cut(s.theDeck(), player, n)
	case "new":
		if len(args) != 1 || !strings.EqualFold(args[0], "deck") {
			return errors.New("usage: new deck")
		}
		if s.table.Rules().Cards == craps.NoCards {
			return errors.New("new deck: the table plays with dice")
		}
		s.theDeck().RequestNew()
		return nil
	}
	return fmt.Errorf("unknown command %q", cmd)
}

// theDeck is the tape's deck, made from its seed when first needed.
func (s *session) theDeck() *craps.Deck {
	if s.deck == nil {
		s.deck = s.table.Rules().Shoe.NewDeck(s.seed, 0)
	}
	return s.deck
}
