package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// Roll tapes of the bets on a count: a hand, roll by roll, and what the
// bet pays at its end; nothing is decided before it.
func TestPlayCountBets(t *testing.T) {
	checkDecidedTapes(t, []decidedTape{
		{"Ride the Line, three pass line wins (a natural, 11, the 4 made): 1:1 under pay table 1",
			"bet ride the line 10\nroll 3-4\nroll 5-6\nroll 1-3\nroll 2-2\nroll 2-4\nroll 3-4\n", 10, "won"},
		{"Ride the Line under pay table 3: three wins still 1:1, five 3:1",
			"rules standard ride-line=table3\nbet ride the line 10\nroll 3-4\nroll 3-4\nroll 5-6\nroll 3-4\nroll 1-3\nroll 1-3\nroll 2-4\nroll 3-4\n", 30, "won"},
		{"Hot Shooter, 16 throws the seven-out included: 3 for 1",
			"bet hot shooter 10\nroll 1-3\n" + repeatLine("roll 2-3\n", 14) + "roll 3-4\n", 20, "won"},
		{"Hot Shooter, 8 throws: 1 for 1, a push",
			"bet hot shooter 10\nroll 1-3\n" + repeatLine("roll 2-3\n", 6) + "roll 3-4\n", 0, "push"},
		{"Different Doubles, 1-1, 2-2, 3-3 and 3-3 again, then a 7: three doubles at 4:1",
			"bet different doubles 10\nroll 1-1\nroll 2-2\nroll 3-3\nroll 3-3\nroll 3-4\n", 40, "won"},
		{"Bonus Craps, 2, 3, 4, 5, 6 then a 6 again: five totals, 10 for 5",
			"bet bonus craps 5\nroll 1-1\nroll 1-2\nroll 2-2\nroll 2-3\nroll 3-3\nroll 1-5\n", 5, "won"},
		{"Bonus Craps, every total but 7: the jackpot set at 40000 for 5",
			"rules standard bonus-craps=\"5@1:1,6@4:1,7@9:1,8@49:1,9@299:1,10@40000 for 5\"\nplayer p1 100\nbet bonus craps 5\n" +
				"roll 1-1\nroll 1-2\nroll 2-2\nroll 2-3\nroll 3-3\nroll 4-4\nroll 4-5\nroll 5-5\nroll 5-6\nroll 6-6\nroll 3-4\n", 39995, "won"},
		{"the fire bet, four different points, then the seven-out: 24:1",
			"bet fire 10\nroll 1-3\nroll 1-3\nroll 1-4\nroll 1-4\nroll 2-4\nroll 2-4\nroll 4-4\nroll 4-4\nroll 2-2\nroll 3-4\n", 240, "won"},
	})
}

// decidedTape is a roll tape whose bet is decided by its last roll alone,
// and what that roll pays it.
type decidedTape struct {
	name, tape string
	paid       int64
	outcome    string
}

// checkDecidedTapes plays each tape: a pass line or center bet may be
// decided before the last roll, nothing else; the last roll's first
// resolution, the backer's where a bet is between players, has the
// outcome and the win.
func checkDecidedTapes(t *testing.T, tapes []decidedTape) {
	t.Helper()
	for _, c := range tapes {
		checkDecidedAtEnd(t, c.name, c.tape, c.outcome, c.paid)
	}
}

func checkDecidedAtEnd(t *testing.T, name, tape, outcome string, win int64) {
	t.Helper()
	lines := playJSON(t, tape)
	for i, l := range lines {
		if l.Error != "" {
			t.Fatalf("%s: line %d refused: %s", name, l.Line, l.Error)
		}
		for _, r := range l.Resolutions {
			if i < len(lines)-1 && r.Bet != "Pass Line" && r.Bet != "Center" {
				t.Errorf("%s: line %d decided %s %s", name, l.Line, r.Bet, r.Outcome)
			}
		}
	}
	last := lines[len(lines)-1]
	if len(last.Resolutions) == 0 || last.Resolutions[0].Outcome != outcome || last.Resolutions[0].Win != win {
		t.Errorf("%s: the last roll resolved %+v, want %s paying %d", name, last.Resolutions, outcome, win)
	}
}

func repeatLine(line string, n int) string {
	s := ""
	for range n {
		s += line
	}
	return s
}

// Roll tapes of the sequence bets: a come-out and the throws after it,
// and what the bet pays at its end.
func TestPlaySequenceBets(t *testing.T) {
	checkDecidedTapes(t, []decidedTape{
		{"Point-7: the point 5, then the seven-out, 7:1", "bet point-7 10\nroll 1-4\nroll 2-5\n", 70, "won"},
		{"Point-7: the point 5, then a 6: lost", "bet point-7 10\nroll 1-4\nroll 1-5\n", 0, "lost"},
		{"7-Point: a 7, then the point 10, 7:1", "bet 7-point 10\nroll 3-4\nroll 4-6\n", 70, "won"},
		{"7-Point-7: a 7, the point 8, then the seven-out, 50:1", "bet 7-point-7 10\nroll 1-6\nroll 3-5\nroll 2-5\n", 500, "won"},
		{"7-Point-7 at 40:1 by the rules line", "rules standard 7-point-7=40:1\nbet 7-point-7 10\nroll 1-6\nroll 3-5\nroll 2-5\n", 400, "won"},
		{"Muggsy's Corner at 2:1 and 3:1: the point 9, then a 7", "rules standard muggsy-7=2:1 muggsy-point-7=3:1\nbet muggsy's corner 10\nroll 4-5\nroll 3-4\n", 30, "won"},
		{"between players: ann backs a point then a 7 at 7:1 against bob",
			"rules street\nplayer sam 1000\nplayer ann 1000\nplayer bob 1000\nside ann bob points then 7 10 at 7:1\nroll 2-4\nroll 1-6\n", 70, "won"},
		{"between players: 6 then 6 before 7, lost on the 7",
			"rules street\nplayer sam 1000\nplayer ann 1000\nplayer bob 1000\nside ann bob 6 then 6 before 7 10\nroll 2-4\nroll 1-2\nroll 2-4\nroll 3-4\n", 0, "lost"},
	})
}

// Roll tapes of the variants' bets: Rock 'n Roll Dice's Players Circle
// pushing on 11 and paid 6:5 on a point made the hard way, its Juke Box,
// and New York craps' box numbers.
func TestPlayVariants(t *testing.T) {
	checkDecidedTapes(t, []decidedTape{
		{"the Players Circle: 11 pushes, then the point 6 made 3-3, 6:5", "rules rocknroll\nbet pass 10\nroll 5-6\nbet pass 10\nroll 1-5\nroll 2-3\nroll 3-3\n", 12, "won"},
		{"the Juke Box on 12: 3:1", "rules rocknroll\nbet field 10\nroll 6-6\n", 30, "won"},
		{"New York craps: buy 4 for 20 and 1 vig, the 4 thrown: 40", "rules newyork\nbet pass 10\nroll 2-4\nbet buy 4 20\nroll 2-2\n", 40, "won"},
		{"New York craps: lay 4 for 20 (1 vig on its win of 10), the 7 thrown: 10", "rules newyork\nroll 2-4\nbet lay 4 20\nroll 3-4\n", 10, "won"},
		{"Rock 'n Roll Dice: the Numbers, 5 at 3:2 with no commission", "rules rocknroll\nroll 2-4\nbet buy 5 10\nroll 1-4\n", 15, "won"},
		{"Repeater Bets Plus: Updown, the 2 thrown twice, 15 for 1", "rules repeaterplus\nbet updown 10\nroll 1-1\nroll 4-5\nroll 1-1\n", 140, "won"},
		{"Repeater Bets Plus: 2 or 12 before a 7, 3 for 1", "rules repeaterplus\nbet repeater 2,12 10\nroll 4-5\nroll 6-6\n", 20, "won"},
		{"Repeater Bets Plus: 3 or 11 before a 7, 2 for 1", "rules repeaterplus\nbet repeater 3,11 10\nroll 4-4\nroll 5-6\n", 10, "won"},
		{"Repeater Bets Plus: any 2, 3, 11 or 12 seven times, 100 for 1", "rules repeaterplus\nbet repeater 2,3,11,12 10\n" +
			"roll 1-1\nroll 1-2\nroll 5-6\nroll 4-4\nroll 6-6\nroll 1-1\nroll 2-1\nroll 6-5\n", 990, "won"},
		{"Repeater Bets Plus: Downtown, the 10 thrown four times, 15 for 1", "rules repeaterplus\nbet downtown 10\n" +
			"roll 4-6\nroll 5-5\nroll 2-3\nroll 6-4\nroll 5-5\n", 140, "won"},
		{"Repeater Bets Plus: Even, the 12 twice, 12 for 1", "rules repeaterplus\nbet repeater even 10\nroll 6-6\nroll 2-2\nroll 6-6\n", 110, "won"},
		{"Repeater Bets Plus: Odd, the 3 three times, 18 for 1", "rules repeaterplus\nbet repeater odd 10\nroll 1-2\nroll 2-1\nroll 4-5\nroll 1-2\n", 170, "won"},
		{"Repeater Bets Plus: Horn, 11 three times, 12 for 1", "rules repeaterplus\nbet repeater horn 10\nroll 5-6\nroll 1-1\nroll 6-5\nroll 5-6\n", 110, "won"},
		{"Repeater Bets Plus: a repeater on 2 made after a 4 and a 5, then 2 twice: 40 for 1", "rules repeaterplus\nroll 2-2\nroll 2-3\nbet repeater 2 10\nroll 1-1\nroll 1-1\n", 390, "won"},
		{"Repeater Bets Plus: Updown lost on the 7", "rules repeaterplus\nbet updown 10\nroll 1-1\nroll 3-4\n", 0, "lost"},
		{"High Point: a 2 is thrown again, the point 7, then an 8 wins", "rules highpoint\nbet pass 10\nroll 1-1\nroll 3-4\nroll 4-4\n", 10, "won"},
		{"High Point: the point 6, then a 6 loses", "rules highpoint\nbet pass 10\nroll 2-4\nroll 3-3\n", 0, "lost"},
		{"High Point: a come-out 11 wins", "rules highpoint\nbet pass 10\nroll 5-6\n", 10, "won"},
		{"High Point by its key: the point 10, then 11 wins", "rules standard high-point=true\nbet pass 10\nroll 4-6\nroll 5-6\n", 10, "won"},
	})
	// A surrender: the 6 thrown three times, 8 for 1 back.
	lines := playJSON(t, "rules repeaterplus\nbet repeater 6 10\nroll 3-3\nroll 2-4\nroll 1-5\nsurrender repeater 6\nroll 3-4\n")
	if last := lines[len(lines)-1]; last.Error != "" || last.Players["p1"].Bankroll != 1070 || last.Players["p1"].OnTable != 0 {
		t.Errorf("a repeater 6 of 10 surrendered at three 6s: %+v, want the bankroll 1070", last)
	}
	for _, tape := range []string{"rules newyork\nbet pass 10\nroll 2-4\nbet come 10\n", "rules newyork\nbet place 6 12\n", "rules rocknroll\nbet don't pass 10\n", "rules highpoint\nbet field 10\n",
		"rules highpoint\nbet pass 10\nroll 2-4\nbet odds 10\n"} {
		if lines := playJSON(t, tape); lines[len(lines)-1].Error == "" {
			t.Errorf("%q: the last bet was taken", tape)
		}
	}
}

// The dealer's call of each High Point throw says what the pass line's
// decision was: the throw after the point wins if higher, loses if equal
// or lower (no "point made" or "seven out" of the usual game), and on the
// come-out 2 and 3 are thrown again, 11 and 12 win.
func TestPlayHighPointCalls(t *testing.T) {
	tape := "rules highpoint\nplayer ann 1000\nbet ann pass 10\nroll 2-2\nroll 1-3\nbet ann pass 10\nroll 3-3\nroll 1-1\n" +
		"bet ann pass 10\nroll 1-1\nroll 5-6\nbet ann pass 10\nroll 3-3\nroll 3-4\nbet ann pass 10\nroll 4-4\nroll 3-4\n"
	code, out, errOut := runCmd(t, tape, "play")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"line 4: roll 2-2: 4, the point is 4\n",
		"line 5: roll 1-3: 4, loser: higher than the point 4 wins\n  ann        Pass Line                    lost ",
		"line 8: roll 1-1: 2, loser: higher than the point 6 wins\n  ann        Pass Line                    lost ",
		"line 10: roll 1-1: 2, come-out roll, no decision: throw again\n",
		"line 11: roll 5-6: 11, come-out roll, winner\n  ann        Pass Line                    won ",
		"line 14: roll 3-4: 7, winner: higher than the point 6\n  ann        Pass Line                    won ",
		"line 17: roll 3-4: 7, loser: higher than the point 8 wins\n  ann        Pass Line                    lost ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the High Point tape's log has no %q:\n%s", want, out)
		}
	}
	for _, wrong := range []string{"the point is made", "seven out"} {
		if strings.Contains(out, wrong) {
			t.Errorf("the High Point tape's log calls %q:\n%s", wrong, out)
		}
	}
	// The usual game's calls stand.
	_, out, _ = runCmd(t, "player ann 1000\nbet ann pass 10\nroll 2-2\nroll 1-3\nbet ann pass 10\nroll 3-3\nroll 3-4\n", "play")
	for _, want := range []string{"roll 1-3: 4, winner, the point is made\n", "roll 3-4: 7, seven out\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the standard tape's log has no %q:\n%s", want, out)
		}
	}
}

// A surrender has its line in the log and its object in -json: the bet,
// its stake and what it paid, and the money after it, so that the
// bankroll's rise is explained.
func TestPlaySurrenderReported(t *testing.T) {
	tape := "rules repeaterplus\nplayer ann 1000\nbet ann repeater 4 10\nroll 2-2\nroll 1-3\nsurrender ann repeater 4\nroll 3-4\n"
	_, out, _ := runCmd(t, tape, "play")
	want := "line 6: ann surrenders Repeater 4\n" +
		"  ann        Repeater 4                   surrendered stake 10, paid 60, returned 10\n" +
		"  ann        bankroll 1060, on the table 0\n"
	if !strings.Contains(out, want) {
		t.Errorf("the log has no %q:\n%s", want, out)
	}
	code, out, errOut := runCmd(t, tape, "play", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	type surrenderLine struct {
		Line      int `json:"line"`
		Surrender *struct {
			Player, Bet          string
			Stake, Win, Returned int64
		} `json:"surrender"`
		Players map[string]struct {
			Bankroll int64 `json:"bankroll"`
			OnTable  int64 `json:"on_table"`
		} `json:"players"`
	}
	var found bool
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var s surrenderLine
		if err := json.Unmarshal([]byte(l), &s); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if s.Surrender == nil {
			continue
		}
		found = true
		if x := *s.Surrender; s.Line != 6 || x.Player != "ann" || x.Bet != "Repeater 4" || x.Stake != 10 || x.Win != 60 || x.Returned != 10 ||
			s.Players["ann"].Bankroll != 1060 || s.Players["ann"].OnTable != 0 {
			t.Errorf("the surrender's object: %s, want line 6, ann's Repeater 4 of 10 paid 60, bankroll 1060", l)
		}
	}
	if !found {
		t.Errorf("-json has no surrender object:\n%s", out)
	}
}
