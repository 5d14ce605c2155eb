package craps

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// systemRoll is one step of a betting system's hand-written script: the
// throw ("" for none: the bets before the first roll), and the layout the
// player has once the strategy has made its bets for the next roll.
type systemRoll struct {
	dice   string
	layout string
}

// systemScripts are, for each betting system, a sequence of throws at a
// standard table and the player's bets after each, worked out by hand
// from the system's description and the standard rules: place bets,
// hardways, buy bets and odds behind come bets are off on the come-out;
// lay bets and lay odds work; place, big 6/8 and hardways stay up after a
// win, every other bet comes down; full odds are 3-4-5x and lays win the
// same (60 behind a 10 don't bet on every point).
var systemScripts = map[string][]systemRoll{
	"pass-max-odds": {
		{"", "Pass Line 10"},
		{"3-3", "Pass Line 10, Pass Odds 6 50"},  // the point is 6: 5x
		{"2-2", "Pass Line 10, Pass Odds 6 50"},  // nothing
		{"4-2", "Pass Line 10"},                  // the point made: both win
		{"5-5", "Pass Line 10, Pass Odds 10 30"}, // the point is 10: 3x
		{"3-4", "Pass Line 10"},                  // seven out
	},
	"dont-pass-max-lay": {
		{"", "Don't Pass 10"},
		{"2-2", "Don't Pass 10, Don't Pass Odds 4 60"}, // lay 60 to win 30
		{"3-4", "Don't Pass 10"},                       // seven out: both win
		{"6-6", "Don't Pass 10"},                       // the bar: a push, made again
		{"1-1", "Don't Pass 10"},                       // won, made again
	},
	"knockout": {
		{"", "Pass Line 10, Don't Pass 10"},
		{"2-3", "Pass Line 10, Don't Pass 10, Pass Odds 5 40"},
		{"3-4", "Pass Line 10, Don't Pass 10"},
		{"5-6", "Pass Line 10, Don't Pass 10"},
	},
	"pass-2-come": {
		{"", "Pass Line 10"},
		{"4-4", "Pass Line 10, Come 10"},
		{"3-2", "Pass Line 10, Come 5 10, Come 10"},   // it travels to 5, a second comes
		{"6-3", "Pass Line 10, Come 5 10, Come 9 10"}, // two travelled: no third
		{"2-3", "Pass Line 10, Come 9 10, Come 10"},   // the 5 wins: another comes
		{"3-4", "Pass Line 10"},                       // seven out
	},
	"three-point-molly": {
		{"", "Pass Line 10"},
		{"4-4", "Pass Line 10, Pass Odds 8 50, Come 10"},
		{"3-2", "Pass Line 10, Pass Odds 8 50, Come 5 10, Come Odds 5 40, Come 10"},
		{"5-4", "Pass Line 10, Pass Odds 8 50, Come 5 10, Come Odds 5 40, Come 9 10, Come Odds 9 40"},
		// The point made: the come bets stay on their numbers, their odds
		// off on the come-out.
		{"4-4", "Pass Line 10, Come 5 10, Come Odds 5 40, Come 9 10, Come Odds 9 40"},
		{"3-4", "Pass Line 10"}, // a come-out 7: the come bets lose, their odds come back
	},
	"three-point-dolly": {
		{"", "Don't Pass 10"},
		{"2-2", "Don't Pass 10, Don't Pass Odds 4 60, Don't Come 10"},
		{"3-3", "Don't Pass 10, Don't Pass Odds 4 60, Don't Come 6 10, Don't Come Odds 6 60, Don't Come 10"},
		{"6-6", "Don't Pass 10, Don't Pass Odds 4 60, Don't Come 6 10, Don't Come Odds 6 60, Don't Come 10"}, // the bar
		{"3-4", "Don't Pass 10"}, // seven out: the box's don't come loses, the rest win
	},
	"place-6-8": {
		{"", "Place 6 6, Place 8 6"},
		{"3-3", "Place 6 6, Place 8 6"}, // off on the come-out
		{"4-4", "Place 6 6, Place 8 6"}, // 8 wins and stays up
		{"3-4", "Place 6 6, Place 8 6"}, // both lose, made again
	},
	"place-inside": {
		{"", "Place 5 10, Place 6 12, Place 8 12, Place 9 10"},
		{"2-2", "Place 5 10, Place 6 12, Place 8 12, Place 9 10"},
		{"4-5", "Place 5 10, Place 6 12, Place 8 12, Place 9 10"},
		{"3-4", "Place 5 10, Place 6 12, Place 8 12, Place 9 10"},
	},
	"place-across": {
		{"", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
		{"5-5", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
		{"2-2", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
	},
	"pass-place-6-8": {
		{"", "Pass Line 10, Place 6 12, Place 8 12"},
		{"3-3", "Pass Line 10, Place 8 12"},             // the point is 6: place 6 comes down
		{"4-2", "Pass Line 10, Place 6 12, Place 8 12"}, // made: back up
		{"5-3", "Pass Line 10, Place 6 12"},             // the point is 8
		{"3-4", "Pass Line 10, Place 6 12, Place 8 12"}, // seven out
		{"1-1", "Pass Line 10, Place 6 12, Place 8 12"}, // craps
	},
	"place-6-8-move-5-9": {
		{"", "Pass Line 10"},
		{"3-3", "Pass Line 10, Place 8 12, Place 5 10"}, // 6 is the point: 5 instead
		{"4-4", "Pass Line 10, Place 8 12, Place 5 10"}, // 8 wins
		{"3-3", "Pass Line 10, Place 8 12, Place 5 10"}, // made: the place bets stay, off
		{"2-2", "Pass Line 10, Place 6 12, Place 8 12"}, // 4: the 5 moves back to 6
		{"3-4", "Pass Line 10"},
		{"4-4", "Pass Line 10, Place 6 12, Place 9 10"}, // 8 is the point: 9 instead
	},
	"place-6-8-come": {
		{"", "Pass Line 10"},
		{"4-4", "Pass Line 10, Come 10, Place 6 12, Place 9 10"}, // 8 is the point: 9 instead
		// The come bet travels to 6: place 6 comes down, 5 goes up.
		{"3-3", "Pass Line 10, Come 6 10, Place 5 10, Place 9 10"},
		// The come bet on 6 wins: the 5 moves back to 6, and a new come bet.
		{"3-3", "Pass Line 10, Come 10, Place 6 12, Place 9 10"},
		{"3-4", "Pass Line 10"},
	},
	"iron-cross": {
		{"", "Pass Line 10, Place 5 10, Place 6 12, Place 8 12"},
		{"2-3", "Pass Line 10, Place 6 12, Place 8 12, Field 10"}, // 5 is the point
		{"2-2", "Pass Line 10, Place 6 12, Place 8 12, Field 10"}, // the field wins, made again
		{"3-4", "Pass Line 10, Place 5 10, Place 6 12, Place 8 12"},
	},
	"hammerlock": {
		{"", "Pass Line 10, Don't Pass 10"},
		{"3-3", "Pass Line 10, Don't Pass 10, Don't Pass Odds 6 60, Place 6 24, Place 8 24"},
		{"4-4", "Pass Line 10, Don't Pass 10, Don't Pass Odds 6 60, Place 5 10, Place 6 12, Place 8 12, Place 9 10"},
		{"4-5", "Pass Line 10, Don't Pass 10, Don't Pass Odds 6 60"}, // the second win: no place bets
		{"5-5", "Pass Line 10, Don't Pass 10, Don't Pass Odds 6 60"},
		{"3-4", "Pass Line 10, Don't Pass 10"},
		{"2-2", "Pass Line 10, Don't Pass 10, Don't Pass Odds 4 60, Place 6 24, Place 8 24"}, // a new hand
	},
	"risk-12": {
		{"", "Pass Line 5, Field 5"},
		{"5-6", "Pass Line 5, Field 5"},              // both win: 10 won
		{"2-2", "Pass Line 5, Place 6 6, Place 8 6"}, // the field wins 5: 15
		{"2-2", "Pass Line 5, Field 5"},              // made: the place bets come down
		{"3-4", "Pass Line 5, Field 5"},
		{"3-3", "Pass Line 5, Place 8 6"}, // the point is 6
		{"3-4", "Pass Line 5, Field 5"},   // seven out: the count starts again
		{"3-3", "Pass Line 5"},            // nothing won this hand
	},
	"squeeze-play": {
		{"", ""},
		{"3-3", "Place 5 15, Place 6 18, Place 8 18, Place 9 15"},
		{"4-4", "Place 4 10, Place 5 15, Place 6 18, Place 8 18, Place 9 15, Place 10 10"},
		{"4-1", "Place 4 10, Place 5 20, Place 6 24, Place 8 24, Place 9 20, Place 10 10"},
		{"2-2", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
		{"3-3", ""}, // made: down on the come-out
		{"2-3", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
		{"3-4", ""},
	},
	"double-tap": {
		{"", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
		{"3-3", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
		{"4-2", "Place 4 10, Place 5 10, Place 6 24, Place 8 12, Place 9 10, Place 10 10"},
		{"2-2", "Place 4 10, Place 5 10, Place 6 24, Place 8 12, Place 9 10, Place 10 10"}, // off
		{"1-5", "Place 4 10, Place 5 10, Place 6 48, Place 8 12, Place 9 10, Place 10 10"},
		{"5-1", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"}, // the third
		{"2-2", "Place 4 20, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
		{"3-4", "Place 4 20, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"}, // off
		{"4-1", "Place 4 20, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
		{"3-4", "Place 4 10, Place 5 10, Place 6 12, Place 8 12, Place 9 10, Place 10 10"},
	},
	"press-6-8": {
		{"", "Place 6 12, Place 8 12"},
		{"2-2", "Place 6 12, Place 8 12"},
		{"3-3", "Place 6 24, Place 8 12"},
		{"4-2", "Place 6 36, Place 8 12"},
		{"5-1", "Place 6 48, Place 8 12"},
		{"2-4", "Place 6 48, Place 8 12"}, // the cap
		{"4-4", "Place 6 48, Place 8 24"},
		{"3-4", "Place 6 12, Place 8 12"},
	},
	"place-6-8-press-regress": {
		{"", "Place 6 6, Place 8 6"},
		{"2-2", "Place 6 6, Place 8 6"},
		{"3-3", "Place 6 12, Place 8 6"},
		{"4-2", "Place 6 6, Place 8 6"},
		{"5-1", "Place 6 12, Place 8 6"},
		{"3-4", "Place 6 6, Place 8 6"},
	},
	"place-6-8-dont-come": {
		{"", "Place 6 12, Place 8 12"},
		{"2-2", "Don't Come 10, Place 6 12, Place 8 12"},
		{"4-5", "Don't Come 9 10, Don't Come Odds 9 20, Place 6 12, Place 8 12"},
		{"3-3", "Don't Come 9 10, Don't Come Odds 9 20, Place 6 12, Place 8 12"},
		{"3-4", "Place 6 12, Place 8 12"},
	},
	"martingale": {
		{"", "Pass Line 10"},
		{"1-1", "Pass Line 20"},
		{"1-2", "Pass Line 40"},
		{"5-6", "Pass Line 10"},
		{"3-3", "Pass Line 10"},
		{"3-4", "Pass Line 20"},
	},
	"dalembert": {
		{"", "Pass Line 10"},
		{"1-1", "Pass Line 20"},
		{"6-6", "Pass Line 30"},
		{"3-4", "Pass Line 20"},
		{"5-6", "Pass Line 10"},
		{"3-4", "Pass Line 10"},
	},
	"paroli": {
		{"", "Pass Line 10"},
		{"3-4", "Pass Line 20"},
		{"1-1", "Pass Line 10"},
		{"3-4", "Pass Line 20"},
		{"5-6", "Pass Line 40"},
		{"3-4", "Pass Line 10"},
	},
	"pass-1-3-2-6": {
		{"", "Pass Line 10"},
		{"3-4", "Pass Line 30"},
		{"5-6", "Pass Line 20"},
		{"3-4", "Pass Line 60"},
		{"3-4", "Pass Line 10"},
		{"5-6", "Pass Line 30"},
		{"6-6", "Pass Line 10"},
	},
	"field-martingale": {
		{"", "Field 10"},
		{"3-4", "Field 20"},
		{"3-3", "Field 40"},
		{"2-2", "Field 10"},
		{"3-5", "Field 20"},
	},
	"field-1-2-3-5": {
		{"", "Field 10"},
		{"2-2", "Field 20"},
		{"4-5", "Field 30"},
		{"5-5", "Field 50"},
		{"6-6", "Field 50"},
		{"3-4", "Field 10"},
	},
	"dice-doctor": {
		{"", "Field 10"},
		{"1-2", "Field 20"},
		{"5-6", "Field 15"},
		{"1-1", "Field 30"},
		{"2-4", "Field 10"},
	},
	"buy-4-10": {
		{"", "Buy 4 20, Buy 10 20"},
		{"2-2", "Buy 4 20, Buy 10 20"}, // off on the come-out
		{"1-3", "Buy 4 20, Buy 10 20"}, // wins, comes down, bought again
		{"3-4", "Buy 4 20, Buy 10 20"},
	},
	"lay-5-9": {
		{"", "Lay 5 30, Lay 9 30"},
		{"3-4", "Lay 5 30, Lay 9 30"}, // working on the come-out: both win
		{"2-3", "Lay 5 30, Lay 9 30"},
	},
	"put-6-odds": {
		{"", ""},
		{"2-2", "Put 6 10, Put Odds 6 20"},
		{"3-3", "Put 6 10, Put Odds 6 20"},
		{"3-4", ""},
	},
	"world-big-6-8": {
		{"", "World 5, Big 6 10, Big 8 10"},
		{"3-3", "World 5, Big 6 10, Big 8 10"},
		{"3-4", "World 5, Big 6 10, Big 8 10"},
	},
	"full": {
		{"", "Pass Line 10, Place 6 12, Place 8 12, Field 5, Hard 6 5, Hard 8 5"},
		{"2-3", "Pass Line 10, Pass Odds 5 40, Come 10, Place 6 12, Place 8 12, Field 5, Hard 6 5, Hard 8 5"},
		{"3-3", "Pass Line 10, Pass Odds 5 40, Come 6 10, Come Odds 6 50, Come 10, Place 6 12, Place 8 12, Field 5, Hard 6 5, Hard 8 5"},
		{"3-4", "Pass Line 10, Place 6 12, Place 8 12, Field 5, Hard 6 5, Hard 8 5"},
	},
}

// layoutOf lists a player's bets as "Bet amount", sorted.
func layoutOf(t *testing.T, tb *Table, player string) []string {
	t.Helper()
	bets, err := tb.Bets(player)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range bets {
		out = append(out, b.Bet.String()+" "+strconv.Itoa(int(b.Amount)))
	}
	slices.Sort(out)
	return out
}

// sortedLayout reads a hand-written layout.
func sortedLayout(s string) []string {
	var out []string
	for _, b := range strings.Split(s, ",") {
		if b = strings.TrimSpace(b); b != "" {
			out = append(out, b)
		}
	}
	slices.Sort(out)
	return out
}

// Every betting system, on a scripted sequence of throws at a standard
// table, places, presses and takes down exactly the bets its description
// says, worked out by hand.
func TestBettingSystemsByHand(t *testing.T) {
	for _, s := range BettingSystems() {
		script, ok := systemScripts[s.Name]
		if !ok {
			t.Errorf("%s has no script", s.Name)
			continue
		}
		tb, _ := NewTable(Standard())
		if err := tb.Join("p", 100_000); err != nil {
			t.Fatal(err)
		}
		p, err := NewStrategyPlayer(tb, "p", s)
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		var res []Resolution
		for k, step := range script {
			if step.dice != "" {
				d, err := ParseDice(step.dice)
				if err != nil {
					t.Fatal(err)
				}
				if res, err = tb.Roll(d, res[:0]); err != nil {
					t.Fatal(err)
				}
				if err := p.Observe(d, res); err != nil {
					t.Fatal(err)
				}
			}
			if err := p.Bet(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(sortedLayout(step.layout), layoutOf(t, tb, "p")); diff != "" {
				t.Errorf("%s, step %d (%s): layout (-want +got):\n%s", s.Name, k, step.dice, diff)
				break
			}
		}
	}
	for name := range systemScripts {
		if _, err := NamedStrategy(name); err != nil {
			t.Errorf("a script for %s, which is no system", name)
		}
	}
}
