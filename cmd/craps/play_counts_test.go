package main

import "testing"

// Roll tapes of the bets on a count: a hand, roll by roll, and what the
// bet pays at its end; nothing is decided before it.
func TestPlayCountBets(t *testing.T) {
	for _, c := range []struct {
		name, tape string
		paid       int64
		outcome    string
	}{
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
	} {
		lines := playJSON(t, c.tape)
		for i, l := range lines {
			if l.Error != "" {
				t.Fatalf("%s: line %d refused: %s", c.name, l.Line, l.Error)
			}
			for _, r := range l.Resolutions {
				if r.Bet != "Pass Line" && i < len(lines)-1 {
					t.Errorf("%s: line %d decided %s %s", c.name, l.Line, r.Bet, r.Outcome)
				}
			}
		}
		last := lines[len(lines)-1]
		if len(last.Resolutions) != 1 || last.Resolutions[0].Outcome != c.outcome || paid(last) != c.paid {
			t.Errorf("%s: the last roll resolved %+v, want %s paying %d", c.name, last.Resolutions, c.outcome, c.paid)
		}
	}
}

func repeatLine(line string, n int) string {
	s := ""
	for range n {
		s += line
	}
	return s
}
