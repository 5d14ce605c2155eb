package suggest

import (
	"slices"
	"testing"
)

func TestClosest(t *testing.T) {
	systems := []string{"iron-cross", "pass-max-odds", "place-6-8", "place-inside", "martingale", "hammerlock"}
	presets := []string{"100x", "bar2", "cards", "crapless", "standard", "street", "vegas"}
	tests := []struct {
		word   string
		names  []string
		want   []string
		reason string
	}{
		{"ironcross", systems, []string{"iron-cross"}, "a hyphen left out"},
		{"Iron Cross", systems, []string{"iron-cross"}, "case and a space for the hyphen"},
		{"pass-max-odd", systems, []string{"pass-max-odds"}, "a letter left off the end"},
		{"martingail", systems, []string{"martingale"}, "two letters changed"},
		{"hamerlock", systems, []string{"hammerlock"}, "a letter left out"},
		{"plcae-6-8", systems, []string{"place-6-8"}, "two letters swapped"},
		{"fibonacci", systems, nil, "nothing like it"},
		{"", systems, nil, "no word"},
		{"standrad", presets, []string{"standard"}, "two letters swapped"},
		{"bar3", presets, []string{"bar2"}, "one letter changed"},
		{"x", presets, nil, "too short to guess"},
		{"cards", presets, []string{"cards"}, "the name itself"},
	}
	for _, tc := range tests {
		if got := Closest(tc.word, tc.names); !slices.Equal(got, tc.want) {
			t.Errorf("Closest(%q) (%s) = %q, want %q", tc.word, tc.reason, got, tc.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	for _, tc := range []struct{ word, want string }{
		{"feild12", ` (did you mean "field12"?)`},
		{"fire-7", ` (did you mean "fire-3" or "fire-4"?)`},
		{"zzzzzz", ""},
	} {
		if got := DidYouMean(tc.word, []string{"field12", "field2", "fire-3", "fire-4", "fire-5"}); got != tc.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}
