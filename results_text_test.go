package craps

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// Results print what a person reads, not their 128-bit sums; %+v adds
// every sum; a run of sessions with another player says how each ended.
func TestResultsPrintForPeople(t *testing.T) {
	s, _ := NamedStrategy("martingale")
	ann, _ := NamedStrategy("iron-cross")
	res, err := Simulate(context.Background(), SimConfig{Rules: Standard(), Strategy: s, Seed: 3, Mode: BySessions, N: 200,
		Session: SessionLimits{Bankroll: 300, Target: 600}, Others: []SimPlayer{{Name: "ann", Strategy: ann}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		verb string
		v    any
		want []string
	}{
		{"%v", res, []string{"martingale, seed 3: 200 sessions from 300 (target 600", "return -", "\n  Pass Line: ",
			"\nsessions: 200 results: mean", "\nended by target ", "\nann (iron-cross): return "}},
		{"%+v", res, []string{"; won ", ", breakage 0, returned 0"}},
		{"%v", res.Bets[0], []string{"Pass Line: ", " decisions (", " won, ", "staked ", ", net ", ", return "}},
		{"%s", res.Others[0], []string{"ann (iron-cross): return "}},
		{"%v", res.Ends, []string{"target ", ", ruin "}},
		{"%v", Histogram{}, []string{"no results"}},
		{"%d", res.Bets[0], []string{"%!d("}},
	} {
		got := fmt.Sprintf(tc.verb, tc.v)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s of %T lacks %q:\n%s", tc.verb, tc.v, w, got)
			}
		}
		if strings.Contains(got, "hi:") || strings.Contains(got, "lo:") {
			t.Errorf("%s of %T shows the 128-bit sums:\n%s", tc.verb, tc.v, got)
		}
	}
	if got := fmt.Sprint(BetTally{Bet: Bet{Kind: Field}}); !strings.Contains(got, "return n/a") {
		t.Errorf("an empty tally: %s", got)
	}
}
