package main

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/crapslab/craps"
)

// cardReadings says in words what each reading of the card-craps rules does with the
// come-out pair and the deck.
var cardReadings = map[craps.CardReading]string{
	craps.CardsPairReturned:        "the come-out pair is shuffled back, the point's cards stay out until the decision (the rules' own text)",
	craps.CardsPairKept:            "the come-out pair stays out with the point's cards until the decision",
	craps.CardsReshuffleEveryThrow: "the whole deck is shuffled before every throw",
}

// writeCardFigures prints the deck's own figures under the rules'
// reading beside the dice's: come-out totals, points made, how often the
// deck runs out, the shooter's chance and disadvantage, and the cards
// dealt per decision. They are the game's, whatever bets the table takes.
func writeCardFigures(w io.Writer, r craps.Rules) error {
	fmt.Fprintf(w, "\nCard craps (the card-craps rules): 48 cards, ace to 6, eight of each, dealt as %v:\n%s.\n", r.Cards, cardReadings[r.Cards])
	a, err := r.AnalyzeDeck()
	if err != nil {
		return err
	}
	// The dice's figures for the same line, from the shooter's bets.
	dice := r
	dice.Cards, dice.NotOffered, dice.Private = craps.NoCards, 0, false
	diceBet := func(b craps.Bet) (*big.Rat, error) {
		an, err := dice.Analyze(b)
		return an.Win, err
	}
	var notes footnotes
	fmt.Fprintln(w, "\nCome-out totals: one throw of two dice, one deal of two cards from a full deck")
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TOTAL\tDICE\tCARDS")
	for n := 2; n <= 12; n++ {
		fmt.Fprintf(tw, "%d\t%s\t%s\n", n, notes.cell(craps.Totals(n).Probability(), decimal), notes.cell(a.ComeOut[n], decimal))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nPoints made, the point before a 7 from the deck the come-out leaves, all 48\n"+
		"shuffled if the deck runs out; and the chance that it runs out during the point")
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "POINT\tDICE\tCARDS\tDECK RUNS OUT")
	for n := 2; n <= 12; n++ {
		if a.Made[n] == nil {
			continue
		}
		made, err := diceBet(craps.Bet{Kind: craps.PassOdds, Number: n})
		if err != nil {
			return err
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", n, notes.cell(made, decimal), notes.cell(a.Made[n], decimal), notes.cell(a.RunOut[n], decimal))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	pass, err := diceBet(craps.Bet{Kind: craps.PassLine})
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\nThe shooter wins a decision (the pass line, and the center bet's shooter):")
	fmt.Fprintf(w, "  dice   %s = %s\n", pass.RatString(), pass.FloatString(10))
	fmt.Fprintf(w, "  cards  %s\n         = %s\n", a.Pass.RatString(), a.Pass.FloatString(10))
	fmt.Fprintln(w, "The shooter's disadvantage on an even-money center bet, 1 - 2 x pass:")
	for _, p := range []struct {
		name string
		pass *big.Rat
	}{{"dice ", pass}, {"cards", a.Pass}} {
		edge := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Add(p.pass, p.pass))
		fmt.Fprintf(w, "  %s  %s\n         = %s\n", p.name, edge.RatString(), percent(edge))
	}
	fmt.Fprintf(w, "The deck runs out during a decision with probability\n  %s\n  = %s\n",
		a.RunOutPerDecision.RatString(), a.RunOutPerDecision.FloatString(10))
	fmt.Fprintf(w, "Cards dealt per decision:\n  %s\n  = %s\n", a.CardsPerDecision.RatString(), a.CardsPerDecision.FloatString(10))
	if len(notes) > 0 {
		fmt.Fprintln(w, "\nExact values too long for the table:")
		for i, n := range notes {
			fmt.Fprintf(w, "[%d] %s\n", i+1, n)
		}
	}
	_, err = fmt.Fprintln(w, "\nOther readings of the card-craps rules: -cards pair-returned, pair-kept or reshuffle.")
	return err
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
		s.deck = craps.NewDeck(s.seed, 0)
	}
	return s.deck
}
