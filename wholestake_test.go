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
				if _, err := tab.Roll(throwOf(point), nil); err != nil {
					t.Fatal(err)
				}
			}
			return tab.Place("p", b, s)
		}
		step, ok := r.wholeStep(b)
		if !ok {
			t.Fatalf("%v: no whole step", b)
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
