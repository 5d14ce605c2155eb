package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/crapslab/craps/internal/rulekeys"
)

// summary writes what one line of a tape did: "refused: <reason>", or each
// resolution as "<bet> <outcome> <win>+<returned>", or "nothing" for a
// roll that decided no bet.
func summary(l rollLine) string {
	if l.Error != "" {
		return "refused: " + l.Error
	}
	var parts []string
	for _, x := range l.Resolutions {
		parts = append(parts, fmt.Sprintf("%s %s %d+%d", x.Bet, x.Outcome, x.Win, x.Returned))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, "; ")
}

// Roll tapes of the house rules other engines and published tables play.
// Each case states, for the tape lines it checks, what the line did, and
// the player's bankroll and stake on the table after the tape.
func TestPlayHouseRules(t *testing.T) {
	// The shooter makes 4, 5, 6, 8 and 9, then sets 10.
	const fivePoints = "roll 2-2\nroll 1-3\nroll 1-4\nroll 2-3\nroll 3-3\nroll 2-4\nroll 4-4\nroll 2-6\nroll 4-5\nroll 3-6\nroll 5-5\n"
	for _, c := range []struct {
		name     string
		tape     string
		lines    map[int]string // tape line -> what it did
		bankroll int64
		onTable  int64
	}{
		{
			name: "the fire bet paid at the sixth point: 999:1 the moment 10 repeats, and the bet ends",
			tape: "rules standard fire-settle=sixth-point\nbet fire 10\n" + fivePoints + "roll 4-6\nroll 2-2\nroll 3-4\n",
			lines: map[int]string{
				13: "nothing",              // the point 10 set: no fire decision
				14: "Fire Bet won 9990+10", // the sixth point made: paid at once
				16: "nothing",              // the seven-out finds no fire bet
			},
			bankroll: 1000 + 9990, onTable: 0,
		},
		{
			name: "settled at the seven-out (the default), the same hand pays at the 7",
			tape: "bet fire 10\n" + fivePoints + "roll 4-6\nroll 2-2\nroll 3-4\n",
			lines: map[int]string{
				13: "nothing",              // six points made, the bet stands
				14: "nothing",              // the point 4 set
				15: "Fire Bet won 9990+10", // paid at the seven-out
			},
			bankroll: 1000 + 9990, onTable: 0,
		},
		{
			name: "a fire paytable paying on three points: 4, 5 and 6 made, then a seven-out",
			tape: "rules standard fire-3=6:1\nbet fire 10\nroll 2-2\nroll 1-3\nroll 1-4\nroll 2-3\nroll 3-3\nroll 2-4\nroll 4-4\nroll 3-4\n",
			lines: map[int]string{
				10: "Fire Bet won 60+10",
			},
			bankroll: 1060, onTable: 0,
		},
		{
			name: "without it, three points lose",
			tape: "bet fire 10\nroll 2-2\nroll 1-3\nroll 1-4\nroll 2-3\nroll 3-3\nroll 2-4\nroll 4-4\nroll 3-4\n",
			lines: map[int]string{
				9: "Fire Bet lost 0+0",
			},
			bankroll: 990, onTable: 0,
		},
		{
			name: "a field paying a bonus on 3: 2:1, and 3:1 on 2",
			tape: "rules standard field3=2:1 field2=3:1\nbet field 10\nroll 1-2\nbet field 10\nroll 1-1\nbet field 10\nroll 2-2\n",
			lines: map[int]string{
				3: "Field won 20+10",
				5: "Field won 30+10",
				7: "Field won 10+10",
			},
			bankroll: 1000 + 20 + 30 + 10, onTable: 0,
		},
		{
			name: "a field with 5 in place of 4: 5 wins, 4 loses",
			tape: "rules standard field=2,3,5,9,10,11,12\nbet field 10\nroll 1-4\nbet field 10\nroll 2-2\n",
			lines: map[int]string{
				3: "Field won 10+10",
				5: "Field lost 0+0",
			},
			bankroll: 1000, onTable: 0,
		},
		{
			name: "a put bet off on the come-out: the point repeated on the come-out leaves it untouched",
			tape: "rules standard comeout-put=off\nbet pass 10\nroll 2-4\nbet put 8 10\nroll 3-3\nroll 4-4\nroll 2-6\n",
			lines: map[int]string{
				5: "Pass Line won 10+10", // the point 6 made: the next roll is a come-out
				6: "nothing",             // a come-out 8: the put 8, off, stands
				7: "Put 8 won 10+10",     // the point 8, and the put bet works again
			},
			bankroll: 1020, onTable: 0,
		},
		{
			name: "by default a put bet works on the come-out, as a come bet does",
			tape: "bet pass 10\nroll 2-4\nbet put 8 10\nroll 3-3\nroll 4-4\n",
			lines: map[int]string{
				5: "Put 8 won 10+10",
			},
			bankroll: 1020, onTable: 0,
		},
		{
			name: "a put bet turned off for itself, and its odds with it",
			tape: "bet pass 10\nroll 2-4\nbet put 8 10\nbet put odds 8 20\nworking put 8 off\nworking put odds 8 on\nroll 3-3\nroll 4-4\n",
			lines: map[int]string{
				6: "refused: working Put Odds 8 for p1: the put bet under it is off on the come-out; odds follow their put bet: not allowed now",
				8: "nothing",
			},
			bankroll: 1000 - 40 + 20, onTable: 30,
		},
		{
			name: "big 6 taken down after a win by rule",
			tape: "rules standard stay-up-big=off\nbet big 6 10\nroll 3-3\nroll 2-4\n",
			lines: map[int]string{
				3: "Big 6 won 10+10",
				4: "nothing",
			},
			bankroll: 1010, onTable: 0,
		},
		{
			name: "by default big 6 stays up after a win",
			tape: "bet big 6 10\nroll 3-3\nroll 2-4\n",
			lines: map[int]string{
				2: "Big 6 won 10+0",
				3: "Big 6 won 10+0",
			},
			bankroll: 1010, onTable: 10,
		},
		{
			name: "a late pass line refused while put bets are taken",
			tape: "rules standard late-pass=off\nbet pass 10\nroll 2-4\nbet pass 10\nbet put 6 10\nroll 3-3\n",
			lines: map[int]string{
				4: "refused: place Pass Line for p1: the point is on and the table takes no pass line bet after it: not allowed now",
				6: "Pass Line won 10+10; Put 6 won 10+10",
			},
			bankroll: 1020, onTable: 0,
		},
		{
			name: "a repeater: 4 thrown four times before a 7 pays 64:1 (65 for 1)",
			tape: "bet repeater 4 10\nroll 1-3\nroll 2-2\nroll 3-4\n",
			lines: map[int]string{
				2: "nothing",
				4: "Repeater 4 lost 0+0", // a come-out 7 loses it too
			},
			bankroll: 990, onTable: 0,
		},
		{
			name: "the repeater on 2: twice before a 7",
			tape: "bet repeater 2 10\nroll 1-1\nroll 1-1\n",
			lines: map[int]string{
				3: "Repeater 2 won 390+10",
			},
			bankroll: 1390, onTable: 0,
		},
		{
			name: "6 and 8 before a 7, at a table that offers it",
			tape: "rules standard all-bet=6,8@2:1\nbet all 6,8 10\nroll 3-3\nroll 1-1\nroll 2-6\n",
			lines: map[int]string{
				3: "nothing",
				5: "All 6,8 won 20+10",
			},
			bankroll: 1020, onTable: 0,
		},
		{
			name: "three-way craps: 30:1 on its third on a 2, less the other two thirds",
			tape: "bet three-way 3\nroll 1-1\n",
			lines: map[int]string{
				2: "Three-Way Craps won 28+3",
			},
			bankroll: 1028, onTable: 0,
		},
		{
			name: "all the hardways: four hardway bets of a quarter each",
			tape: "bet hardways 20\nbet pass 10\nroll 2-4\nroll 3-3\n",
			lines: map[int]string{
				4: "Hard 6 won 45+0; Pass Line won 10+10",
			},
			bankroll: 1000 - 20 + 10 + 45, onTable: 20,
		},
		{
			name: "buy offered only on 4 and 10, at least 20",
			tape: "rules standard buy-on=4,10 bet-min=buy:20\nbet buy 6 20\nbet buy 4 10\nbet buy 4 20\nroll 1-1\n",
			lines: map[int]string{
				2: "refused: place Buy 6 for p1: Buy 6: the table buys only 4,10: bet not offered",
				3: "refused: place Buy 4 for p1: 10 is outside the table's limits for Buy: at least 20: outside the table limits",
			},
			bankroll: 1000 - 21, onTable: 20,
		},
		{
			name: "a commission returned when the bet is taken down, kept when it loses",
			tape: "rules standard buy-timing=takedown\nbet buy 4 20\ntake down buy 4\nroll 2-4\nbet buy 10 20\nroll 3-4\n",
			lines: map[int]string{
				6: "Buy 10 lost 0+0",
			},
			bankroll: 1000 - 21, onTable: 0,
		},
		{
			name: "odds at most 50 in money, whatever the multiple",
			tape: "rules standard odds=100x bet-max=odds:50\nbet pass 10\nroll 2-4\nbet odds 60\nbet odds 50\nroll 1-1\n",
			lines: map[int]string{
				4: "refused: place Pass Odds 6 for p1: 60 is outside the table's limits for Pass Odds: at most 50: outside the table limits",
			},
			bankroll: 940, onTable: 60,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			lines := playJSON(t, c.tape)
			got := map[int]string{}
			for _, l := range lines {
				if _, ok := c.lines[l.Line]; ok {
					got[l.Line] = summary(l)
				}
			}
			for n := range c.lines {
				if _, ok := got[n]; !ok {
					got[n] = "no output" // a command that did nothing to report
				}
			}
			if diff := cmp.Diff(c.lines, got); diff != "" {
				t.Errorf("tape lines (-want +got):\n%s\ntape:\n%s", diff, c.tape)
			}
			var last rollLine
			for _, l := range lines {
				if l.Error == "" {
					last = l
				}
			}
			if p := last.Players["p1"]; p.Bankroll != c.bankroll || p.OnTable != c.onTable {
				t.Errorf("after the tape: bankroll %d on the table %d, want %d and %d", p.Bankroll, p.OnTable, c.bankroll, c.onTable)
			}
		})
	}
}

// craps help rules lists every rule key once, in at most 100 columns;
// the odds key says how crapless craps limits 2, 3, 11 and 12.
func TestHelpRulesListsEveryRuleKeyOnce(t *testing.T) {
	code, out, _ := runCmd(t, "", "help", "rules")
	if code != 0 {
		t.Fatalf("help rules exit %d", code)
	}
	for _, k := range rulekeys.Keys() {
		n := 0
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "  -"+k.Name+" ") || l == "  -"+k.Name {
				n++
			}
		}
		if n != 1 {
			t.Errorf("help rules lists -%s %d times, want once", k.Name, n)
		}
	}
	for _, name := range rulekeys.PresetNames() {
		if !strings.Contains(out, "\n  "+name+" ") {
			t.Errorf("help rules does not list the preset %s", name)
		}
	}
	for i, l := range strings.Split(out, "\n") {
		if len(l) > helpWidth {
			t.Errorf("help rules line %d is %d columns: %q", i+1, len(l), l)
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(out), " "), "in crapless craps 2, 3, 11 and 12 take the 4's multiple") {
		t.Errorf("help rules does not say how crapless odds limits apply:\n%s", out)
	}
}

// A payout written "30 for 1" is converted to 29:1 once, whichever comes
// first, the props key or the payout's own; a payout written "30" is paid
// as written; only the default is read "for 1".
func TestEdgeForOneConvertedOnce(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-props", "for1", "-two", "30 for 1"}, "29:1"},
		{[]string{"-two", "30 for 1", "-props", "for1"}, "29:1"},
		{[]string{"-two", "30 for 1"}, "29:1"},
		{[]string{"-props", "for1"}, "29:1"},
		{[]string{"-props", "for1", "-two", "30"}, "30:1"},
	} {
		for _, r := range edgeJSONRows(t, c.args...) {
			if r.Bet == "Aces" && r.Pays != c.want {
				t.Errorf("%v: aces pay %s, want %s", c.args, r.Pays, c.want)
			}
		}
	}
}

// Rules that do not apply to the game are refused, and say why, with
// values as users write them.
func TestPlayRefusesRulesOutOfPlace(t *testing.T) {
	for _, c := range []struct {
		tape, want string
	}{
		{"rules standard bar=none\n", "bar none at a casino table"},
		{"rules crapless bar=none\n", "bar none in crapless craps"},
		{"rules standard fade-claim=true\n", "the fade claim is a rule of the private game"},
		{"rules street field2=3 odds=2x\n", "the private game has no house: field payouts, odds limits do not apply"},
		{"rules street comeout-put=off\n", "come-out and stay-up rules do not apply"},
		{"rules standard comeout-put=off comeout-come-odds=on\n", "odds follow their put bet"},
		{"rules standard all-bet=6,7@2:1\n", "its set is one or more whole totals other than 7"},
		{"rules standard bet-max=hardways:100 bet-min=hardways:200\n", "minimum 200 above maximum 100"},
	} {
		lines := playJSON(t, c.tape)
		if len(lines) != 1 || !strings.Contains(lines[0].Error, c.want) {
			t.Errorf("%q: %+v, want a refusal saying %q", c.tape, lines, c.want)
		}
	}
}
