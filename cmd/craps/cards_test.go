package main

import (
	"strings"
	"testing"
)

// craps sim deals cards under card rules, beside the cards' exact figures,
// and the same seed deals the same run.
func TestSimCards(t *testing.T) {
	args := []string{"sim", "-rules", "cards", "-strategy", "pass-max-odds", "-shooters", "2000", "-seed", "3"}
	code, out, errOut := runCmd(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"under cards", "table engine", "-0.5843%", "Cards are dealt from a deck"} {
		if !strings.Contains(out, want) {
			t.Errorf("%v does not print %q:\n%s", args, want, out)
		}
	}
	_, again, _ := runCmd(t, "", args...)
	strip := func(s string) string { // the elapsed time aside
		_, rest, _ := strings.Cut(s, "engine")
		_, rest, _ = strings.Cut(rest, "\n")
		return rest
	}
	if strip(out) != strip(again) {
		t.Errorf("the same seed dealt another run:\n%s\n%s", out, again)
	}
}
