package craps

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// WholeStake agrees with Table.Place: a table where the bet can be made
// takes the stake it gives, and no smaller whole stake of at least least;
// where it refuses with ErrTableLimit, the table takes no whole stake of at
// least least either. Odds, which need a line bet under them, are left out.
func TestWholeStakeTakenByTable(t *testing.T) {
	presets := []Rules{Standard(), Bar2(), Vegas(), Crapless()}
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom(presets).Draw(t, "rules")
		if rapid.Bool().Draw(t, "limits") {
			u := Amount(rapid.SampledFrom([]int{1, 2, 5, 25}).Draw(t, "unit"))
			r.Unit = u
			r.Minimum = u * Amount(rapid.IntRange(0, 20).Draw(t, "minimum units"))
			if rapid.Bool().Draw(t, "maximum") {
				r.Maximum = r.Minimum + u*Amount(rapid.IntRange(0, 100).Draw(t, "maximum units"))
			}
			for i, kinds := range []KindSet{Kinds(Hardway), Kinds(Buy, Lay), Kinds(Place, Big6), Kinds(Hop, Any7)} {
				if !rapid.Bool().Draw(t, "limit") {
					continue
				}
				l := KindLimit{Kinds: kinds, Minimum: u * Amount(rapid.IntRange(0, 20).Draw(t, "limit minimum units"))}
				if rapid.Bool().Draw(t, "limit maximum") {
					l.Maximum = l.Minimum + u*Amount(rapid.IntRange(0, 100).Draw(t, "limit maximum units"))
				}
				r.Limits[i] = l
			}
		}
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		bets := slices.DeleteFunc(r.Catalogue(), func(b Bet) bool { return isOdds(b.Kind) })
		b := rapid.SampledFrom(bets).Draw(t, "bet")
		least := Amount(rapid.IntRange(0, 1000).Draw(t, "least"))

		// takes reports whether a fresh table, with a point on for the bets
		// made only then, takes stake s on b.
		takes := func(s Amount) error {
			tab, err := NewTable(r)
			if err != nil {
				t.Fatal(err)
			}
			if err := tab.Join("p", MaxAmount); err != nil {
				t.Fatal(err)
			}
			if b.Kind == Come || b.Kind == DontCome || b.Kind == Put {
				point := 6
				if b.Kind == Put {
					point = b.Number
				}
				d := Dice{A: 1, B: uint8(point - 1)} // a throw of total point
				if point > 7 {
					d = Dice{A: uint8(point - 6), B: 6}
				}
				if _, err := tab.Roll(d, nil); err != nil {
					t.Fatal(err)
				}
			}
			return tab.Place("p", b, s)
		}
		step, err := r.WholeStep(b)
		if err != nil {
			t.Fatalf("%v: no whole step: %v", b, err)
		}
		first := (max(least, 1) + Amount(step) - 1) / Amount(step) * Amount(step) // the first whole stake of at least least

		s, err := r.WholeStake(b, least)
		switch {
		case errors.Is(err, ErrTableLimit):
			for w := first; w < first+100*Amount(step); w += Amount(step) {
				if takes(w) == nil {
					t.Fatalf("WholeStake(%v, %d): %v, but the table takes %d", b, least, err, w)
				}
			}
		case err != nil:
			t.Fatalf("WholeStake(%v, %d): %v", b, least, err)
		case s < least || s%Amount(step) != 0:
			t.Fatalf("WholeStake(%v, %d) = %d, not a whole stake of at least %[2]d", b, least, s)
		default:
			if err := takes(s); err != nil {
				t.Fatalf("WholeStake(%v, %d) = %d, which the table refuses: %v", b, least, s, err)
			}
			for w := first; w < s; w += Amount(step) {
				if takes(w) == nil {
					t.Fatalf("WholeStake(%v, %d) = %d, but the table takes %d", b, least, s, w)
				}
			}
		}
	})
}

// WholeStake gives the amounts a dealer is drilled on: the croupier
// trainer's usual stakes (its payout summary: place 6 for 12, 5 and 4
// for 10, odds for 10, the center for 5), the classic buy and lay
// amounts with a 1-unit vig, and the splits in whole parts.
func TestWholeStake(t *testing.T) {
	unit5 := Rules{Unit: 5}
	limit := func(k BetKind, least, most Amount) Rules {
		return Rules{Limits: [6]KindLimit{{Kinds: Kinds(k), Minimum: least, Maximum: most}}}
	}
	hard5, buy25, place5, odds4 := limit(Hardway, 0, 5), limit(Buy, 25, 0), limit(Place, 0, 5), limit(ComeOdds, 0, 4)
	for _, c := range []struct {
		reason string
		rules  Rules
		bet    string
		least  Amount
		want   Amount
		err    error
	}{
		{"the trainer: place 6 for 12", Standard(), "place 6", 10, 12, nil},
		{"the trainer: place 5 for 10", Standard(), "place 5", 10, 10, nil},
		{"the trainer: place 4 for 10", Standard(), "place 4", 10, 10, nil},
		{"the trainer: odds on 6 for 10", Standard(), "odds 6", 10, 10, nil},
		{"the trainer: odds on 5 for 10", Standard(), "odds 5", 10, 10, nil},
		{"the trainer: hard 8 for 5", Standard(), "hard 8", 5, 5, nil},
		{"place 6 in multiples of 6", Standard(), "place 6", 1, 6, nil},
		{"odds on 5 in multiples of 2", Standard(), "odds 5", 1, 2, nil},
		{"the field pays whole on every total", Standard(), "field", 1, 1, nil},
		{"buy 4 for 20 makes a vig of 1", Standard(), "buy 4", 1, 20, nil},
		{"lay 4 for 40 wins 20, vig 1", Standard(), "lay 4", 1, 40, nil},
		{"lay 6 for 24 wins 20, vig 1", Standard(), "lay 6", 1, 24, nil},
		{"lay 5 for 30 wins 20, vig 1", Standard(), "lay 5", 1, 30, nil},
		{"the second casino's lay vig is on the bet: 5% of a multiple of 6", Bar2(), "lay 6", 1, 60, nil},
		{"the Vegas lay vig from the win is still 5% of the win", Vegas(), "lay 4", 1, 40, nil},
		{"a horn is four whole parts", Standard(), "horn", 1, 4, nil},
		{"a horn high is five", Standard(), "horn high 12", 1, 5, nil},
		{"C&E is two", Standard(), "c&e", 1, 2, nil},
		{"a world is five", Standard(), "world", 1, 5, nil},
		{"three-way craps is three", Standard(), "three-way", 1, 3, nil},
		{"at a table of 5s place 6 pays 35 on 30", unit5, "place 6", 1, 30, nil},
		{"at a table of 5s place 5 pays 35 on 25", unit5, "place 5", 1, 25, nil},
		{"at a table of 5s even money is any 5", unit5, "pass", 1, 5, nil},
		{"crapless place 3 pays 11:4", Crapless(), "place 3", 10, 12, nil},
		{"the table minimum counts", Rules{Minimum: 15}, "place 6", 1, 18, nil},
		{"but not for odds", Rules{Minimum: 15}, "odds 6", 1, 5, nil},
		{"above the table maximum", Rules{Maximum: 10}, "place 6", 10, 0, ErrTableLimit},
		{"all the hardways is four whole hardway bets", Standard(), "all hardways", 1, 4, nil},
		{"at a table of 5s, four of 5", unit5, "all hardways", 1, 20, nil},
		{"all the hardways up to four times the hardways' maximum", hard5, "all hardways", 17, 20, nil},
		{"but no more", hard5, "all hardways", 21, 0, ErrTableLimit},
		{"a buy minimum counts, in whole vigs", buy25, "buy 4", 1, 40, nil},
		{"a place maximum counts", place5, "place 6", 1, 0, ErrTableLimit},
		{"a maximum in money for odds counts", odds4, "odds 6", 1, 0, ErrTableLimit},
		{"a bet the table does not offer", Vegas(), "place to lose 4", 1, 0, ErrNotOffered},
		{"rules that do not validate", Rules{Unit: -1}, "place 6", 1, 0, ErrInvalidRules},
	} {
		b, err := ParseBet(c.bet)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.rules.WholeStake(b, c.least)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("%s: WholeStake(%v, %d) = %d, %v; want %d, %v", c.reason, b, c.least, got, err, c.want, c.err)
		}
	}
}

// WholeStep is the step of the whole stakes, whatever the table's limits:
// WholeStake is its smallest multiple within them.
func TestWholeStep(t *testing.T) {
	for _, c := range []struct {
		reason string
		rules  Rules
		bet    Bet
		want   Amount
		err    error
	}{
		{"place 6 in 6s", Standard(), Bet{Kind: Place, Number: 6}, 6, nil},
		{"a table minimum does not change it", Rules{Minimum: 15}, Bet{Kind: Place, Number: 6}, 6, nil},
		{"nor a maximum below it", Rules{Maximum: 5}, Bet{Kind: Place, Number: 6}, 6, nil},
		{"lay 4: 40 wins 20, a vig of 1", Standard(), Bet{Kind: Lay, Number: 4}, 40, nil},
		{"a horn in 4s", Standard(), Bet{Kind: Horn}, 4, nil},
		{"at a table of 5s place 6 in 30s", Rules{Unit: 5}, Bet{Kind: Place, Number: 6}, 30, nil},
		{"a bet the table does not offer", Vegas(), Bet{Kind: PlaceToLose, Number: 4}, 0, ErrNotOffered},
		{"rules that do not validate", Rules{Unit: -1}, Bet{Kind: Place, Number: 6}, 0, ErrInvalidRules},
	} {
		got, err := c.rules.WholeStep(c.bet)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("%s: WholeStep(%v) = %d, %v; want %d, %v", c.reason, c.bet, got, err, c.want, c.err)
		}
	}
}
