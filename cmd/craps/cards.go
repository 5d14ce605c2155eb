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

// writeCardFigures prints the exact card-craps figures under the rules'
// reading beside the dice figures: come-out totals, points made, the pass
// line and the shooter's disadvantage on the center bet.
func writeCardFigures(w io.Writer, r craps.Rules) error {
	fmt.Fprintf(w, "\nCard craps (the card-craps rules): 48 cards, ace to 6, eight of each, dealt as %v:\n%s.\n", r.Cards, cardReadings[r.Cards])
	if r.Crapless {
		_, err := fmt.Fprintln(w, "The card figures are for the usual line (7 and 11 win, 2, 3 and 12 lose on the come-out), not crapless craps.")
		return err
	}
	a, err := craps.AnalyzeCards(r.Cards)
	if err != nil {
		return err
	}
	seven := craps.Totals(7).Probability()
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
	fmt.Fprintln(w, "\nPoints made: the point before a 7, the cards dealt as above, all 48 reshuffled\nif the deck runs out (10, 9 and 8 are made as often as 4, 5 and 6)")
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "POINT\tDICE\tCARDS")
	for _, n := range []int{4, 5, 6} {
		p := craps.Totals(n).Probability()
		dice := p.Quo(p, new(big.Rat).Add(p, seven))
		fmt.Fprintf(tw, "%d, %d\t%s\t%s\n", n, 14-n, notes.cell(dice, decimal), notes.cell(a.Made[n], decimal))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	pass, err := r.Analyze(craps.Bet{Kind: craps.PassLine})
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\nThe shooter wins a decision (the pass line, and the center bet's shooter):")
	fmt.Fprintf(w, "  dice   %s = %s\n", pass.Win.RatString(), pass.Win.FloatString(10))
	fmt.Fprintf(w, "  cards  %s\n         = %s\n", a.Pass.RatString(), a.Pass.FloatString(10))
	fmt.Fprintln(w, "The shooter's disadvantage on an even-money center bet, 1 - 2 x pass:")
	diceEdge := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Add(pass.Win, pass.Win))
	fmt.Fprintf(w, "  dice   %s = %s\n", diceEdge.RatString(), percent(diceEdge))
	fmt.Fprintf(w, "  cards  %s\n         = %s\n", a.Disadvantage.RatString(), percent(a.Disadvantage))
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
		player := s.table.Players()[0].Name
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
