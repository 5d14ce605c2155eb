package craps

import (
	"context"
	"errors"
	"testing"
)

// No argument makes the package panic (doc.go, "Errors and panics"): a
// nil *Table, *Deck or context is an error wrapping a sentinel, and a
// cancelled Simulate returns ctx's error, as its doc says.
func TestNilArguments(t *testing.T) {
	s, err := NamedStrategy("pass-max-odds")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewStrategyPlayer(nil, "ann", s)
	var te *TableError
	if p != nil || !errors.Is(err, ErrUnknownPlayer) || !errors.As(err, &te) || te.Op != "strategy" || te.Player != "ann" {
		t.Errorf("NewStrategyPlayer(nil, ...) = %v, %v; want an error wrapping ErrUnknownPlayer", p, err)
	}

	tb, err := NewTable(CardCraps())
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Join("ann", 100); err != nil {
		t.Fatal(err)
	}
	if _, _, err := tb.Deal(nil, nil); !errors.Is(err, ErrRollSource) {
		t.Errorf("Deal(nil): %v", err)
	}
	if err := tb.Cut(nil, "ann", 3); !errors.Is(err, ErrRollSource) {
		t.Errorf("Cut(nil): %v", err)
	}
	if err := tb.DeclineCut(nil, "ann"); !errors.Is(err, ErrRollSource) {
		t.Errorf("DeclineCut(nil): %v", err)
	}

	var noCtx context.Context
	if _, err := Simulate(noCtx, SimConfig{Strategy: s, N: 10}); !errors.Is(err, ErrSimulation) {
		t.Errorf("Simulate(nil ctx): %v, want an error wrapping ErrSimulation", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Simulate(ctx, SimConfig{Strategy: s, N: 1000}); err != context.Canceled {
		t.Errorf("Simulate(cancelled): %v, want ctx's error, context.Canceled", err)
	}
	// Every other error wraps a sentinel, a tally's decoding error too.
	var bt BetTally
	if err := bt.UnmarshalJSON([]byte("{")); !errors.Is(err, ErrSyntax) {
		t.Errorf("BetTally.UnmarshalJSON of a broken object: %v, want an error wrapping ErrSyntax", err)
	}
}

// A bet or betting system that is a slip of a known name is refused
// with the name meant; one that is not is refused without a guess.
func TestDidYouMeanBetsAndSystems(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"place6", `craps: cannot read "place6" as bet (did you mean "place 6"?)`},
		{"plcae 8", `craps: cannot read "plcae 8" as bet (did you mean "place 8"?)`},
		{"pas", `craps: cannot read "pas" as bet (did you mean "pass"?)`},
		{"feild", `craps: cannot read "feild" as bet (did you mean "field"?)`},
		{"place 7", `craps: cannot read "place 7" as bet`},
		{"xyzzy", `craps: cannot read "xyzzy" as bet`},
	} {
		_, err := ParseBet(tc.text)
		if !errors.Is(err, ErrSyntax) || err.Error() != tc.want {
			t.Errorf("ParseBet(%q): %v, want %s", tc.text, err, tc.want)
		}
	}
	_, err := NamedStrategy("ironcross")
	if want := `craps: strategy "ironcross" (did you mean "iron-cross"?): no such strategy`; !errors.Is(err, ErrNoSuchStrategy) || err.Error() != want {
		t.Errorf("NamedStrategy(ironcross): %v, want %s", err, want)
	}
}

// "odds" after don't pass, in a strategy with no pass line bet, is laid
// behind don't pass (it was pass odds, and then refused as never made);
// beside a pass line bet it is still the pass line's, as knockout has it.
func TestOddsBehindDontPassAreLaid(t *testing.T) {
	for _, tc := range []struct {
		text string
		want BetKind
	}{
		{"don't pass 10; odds max", DontPassOdds},
		{"pass 10; odds max", PassOdds},
		{"pass 10; don't pass 10; odds 3-4-5x", PassOdds},
		{"don't come 10; odds 6 2x", DontComeOdds},
		{"come 10; don't come 10; odds 6 2x", ComeOdds},
	} {
		s, err := ParseStrategy(tc.text)
		if err != nil {
			t.Fatalf("%q: %v", tc.text, err)
		}
		last := s.Actions[len(s.Actions)-1]
		if last.Bet.Kind != tc.want {
			t.Errorf("%q: the odds are %v, want %v", tc.text, last.Bet.Kind, tc.want)
		}
		if err := s.Validate(Standard()); err != nil {
			t.Errorf("%q: %v", tc.text, err)
		}
		back, err := ParseStrategy(s.String())
		if err != nil || back.Actions[len(back.Actions)-1].Bet.Kind != tc.want {
			t.Errorf("%q written back as %q reads otherwise: %v", tc.text, s.String(), err)
		}
	}
}
