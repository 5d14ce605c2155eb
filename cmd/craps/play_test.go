package main

import (
	"bufio"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
)

// rollLine is the part of a roll's JSON line the tests read.
type rollLine struct {
	Line        int    `json:"line"`
	Error       string `json:"error"`
	Dice        string `json:"dice"`
	PointBefore int    `json:"point_before"`
	PointAfter  int    `json:"point_after"`
	Resolutions []struct {
		Player, Bet, Outcome string
		Win, Returned        int64
	} `json:"resolutions"`
	Players map[string]struct {
		Bankroll int64 `json:"bankroll"`
		OnTable  int64 `json:"on_table"`
	} `json:"players"`
}

func playJSON(t *testing.T, tape string) []rollLine {
	t.Helper()
	code, out, errOut := runCmd(t, tape, "play", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var lines []rollLine
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r rollLine
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		lines = append(lines, r)
	}
	return lines
}

func paid(r rollLine) int64 {
	var sum int64
	for _, x := range r.Resolutions {
		sum += x.Win
	}
	return sum
}

// The six worked examples of the croupier trainer as tapes: each bet 100 unless the
// trainer says otherwise; the totals paid are the trainer's.
func TestPlayTrainerExamples(t *testing.T) {
	for _, c := range []struct {
		name string
		tape string
		paid int64
	}{
		{"come-out 11", "bet pass 100\nbet don't pass 100\nbet field 100\nbet yo 100\nroll 5-6\n", 1700},
		{"come-out 2", "bet pass 100\nbet don't pass 100\nbet any craps 100\nbet 2 100\nbet field 100\nroll 1-1\n", 4000},
		{"come-out 6", "bet pass 100\nbet don't pass 100\nbet field 100\nroll 2-4\n", 0},
		{"point 6, 3-3", "player p1 5000\nbet pass 100\nroll 2-4\nbet odds 100\nbet hard 6 100\nbet place 8 120\nroll 3-3\n", 1120},
		{"point 6, seven-out", "player p1 5000\nbet pass 100\nbet don't pass 100\nroll 2-4\nbet odds 100\nbet lay odds 120\nbet place 6 120\nbet hard 6 100\nbet any 7 100\nroll 3-4\n", 600},
		{"point 4, come bet, 9", "bet pass 100\nroll 1-3\nbet come 100\nbet place 9 100\nbet field 100\nroll 4-5\n", 240},
	} {
		lines := playJSON(t, c.tape)
		last := lines[len(lines)-1]
		for _, l := range lines {
			if l.Error != "" {
				t.Errorf("%s: line %d refused: %s", c.name, l.Line, l.Error)
			}
		}
		if got := paid(last); got != c.paid {
			t.Errorf("%s: paid %d, want %d", c.name, got, c.paid)
		}
	}
}

func TestPlayRefusalsGoOn(t *testing.T) {
	lines := playJSON(t, "bet come 10\nroll 9-9\nfrobnicate\nbet pass 10\nroll 3-4\n")
	want := []int{1, 2, 3, 5}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d: %+v", len(lines), len(want), lines)
	}
	for i, l := range lines[:3] {
		if l.Line != want[i] || l.Error == "" {
			t.Errorf("line %d: want a refusal at line %d, got %+v", i, want[i], l)
		}
	}
	if p := lines[3].Players["p1"]; p.Bankroll != 1010 || p.OnTable != 0 {
		t.Errorf("after a natural on 10: %+v, want bankroll 1010", p)
	}
}

// A refused line names what was wrong in the tape's words: the bet as
// written after the player's name, the command meant.
func TestPlayRefusalsInTheTapesWords(t *testing.T) {
	_, out, _ := runCmd(t, "player ann 100\nbet ann pas 10\nbett ann pass 10\nbet place6 12\n", "play")
	for _, want := range []string{
		`line 2: refused: cannot read "pas" as bet (did you mean "pass"?)`,
		`line 3: refused: unknown command "bett" (did you mean bet?)`,
		`line 4: refused: cannot read "place6" as bet (did you mean "place 6"?)`,
	} {
		if !strings.Contains(out, want+"") {
			t.Errorf("the log lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayRulesAndPlayers(t *testing.T) {
	tape := `rules bar2 field12=2
player ann 300
player bob 300
bet bob don't pass 100   # bar 2: the 2 pushes
bet ann field 100
roll 1-1
`
	lines := playJSON(t, tape)
	last := lines[len(lines)-1]
	if ann, bob := last.Players["ann"], last.Players["bob"]; ann.Bankroll != 500 || bob.Bankroll != 300 {
		t.Errorf("ann %+v (field pays 2:1 on 2), bob %+v (push on bar 2)", ann, bob)
	}
	lines = playJSON(t, "player a 10\nrules vegas\n")
	if len(lines) != 1 || lines[0].Error == "" {
		t.Errorf("rules after a player should be refused: %+v", lines)
	}
}

// A rules line takes a value with spaces in quotes, or written without
// them; a rules line refused leaves every later line refused until one is
// taken, rather than played under the standard rules.
func TestPlayRulesValues(t *testing.T) {
	for _, rules := range []string{`rules standard two="30 for 1"`, `rules standard "two=30 for 1"`, "rules standard two=29:1"} {
		lines := playJSON(t, rules+"\nbet aces 10\nroll 1-1\n")
		if len(lines) != 1 || lines[0].Error != "" || paid(lines[0]) != 290 {
			t.Errorf("%s: %+v, want aces paid 290", rules, lines)
		}
	}
	for _, rules := range []string{"rules standard two=30 for 1", `rules standard two="30 for 1`, "rules standard two=thirty"} {
		lines := playJSON(t, rules+"\nbet aces 10\nroll 1-1\n")
		if len(lines) != 3 || lines[0].Error == "" || !strings.Contains(lines[1].Error, "rules on line 1 were refused") ||
			!strings.Contains(lines[2].Error, "rules on line 1 were refused") {
			t.Errorf("%s: %+v, want every line refused", rules, lines)
		}
		lines = playJSON(t, rules+"\nrules standard two=29:1\nbet aces 10\nroll 1-1\n")
		if len(lines) != 2 || lines[0].Error == "" || paid(lines[1]) != 290 {
			t.Errorf("%s, then rules taken: %+v, want aces paid 290", rules, lines)
		}
	}
	if code, _, errOut := runCmd(t, "rules standard two=30 for 1\nbet aces 10\nroll 1-1\n", "play", "-strict"); code != 1 || !strings.Contains(errOut, "line 1 refused") {
		t.Errorf("-strict: exit %d, %s", code, errOut)
	}
}

// FuzzTape feeds arbitrary tapes to the reader: it never panics and reads
// every tape to the end.
func FuzzTape(f *testing.F) {
	f.Add("bet pass 100\nroll 2-4\nbet odds 100\nroll 3-3\n")
	f.Add("rules bar2 odds=2x removable=true\nplayer a 100\nplayer b 50\nbet b don't come 10\nroll 1 1\ntake down a pass\nworking a place 6 on\n")
	f.Add("rules crapless\nbet come 5\nbet hop 1-2 1\nroll 5-6\nleave p1\nreduce p1 pass 1\n# comment\n")
	f.Add("rules standard comeout-put=off late-pass=off odds=2-2-2.5x all-bet=6,8@2:1 bet-max=hardways:100 fire-settle=sixth-point\n" +
		"bet all 6,8 10\nbet repeater 4 5\nbet hardways 8\nbet pass 10\nroll 3-3\nbet put 8 10\nbet put odds 8 25\nworking put 8 off\nroll 3-3\nroll 4-4\n")
	f.Add("rules cards cards=pair-kept\nseed 3\nbet pass 10\ncut 5\ncut pass\ndeal\nnew deck\ndeal\nroll 1-1\ncut p1 47\n")
	f.Fuzz(func(t *testing.T, tape string) {
		var out strings.Builder
		if err := replay(strings.NewReader(tape), &jsonReport{enc: json.NewEncoder(&out)}); err != nil && !strings.Contains(err.Error(), "too long") {
			t.Fatalf("replay: %v", err)
		}
	})
}

// A card tape: the deck deals from its seed, rolls are refused, cuts and
// new decks are taken, and the same seed deals the same game.
func TestPlayCards(t *testing.T) {
	tape := `rules cards
seed 7
player ann 1000
player bob 1000
bet ann pass 10
roll 3-4          # refused: the deck deals
cut ann 12
cut bob pass      # bob, on ann's left, declines the last cut
cut ann 5         # ann, the last in turn, cuts last
cut bob 3         # refused: the last cut is made
deal
deal
deal
new deck
deal
deal
`
	lines := playJSON(t, tape)
	var refused []int
	deals := 0
	for _, l := range lines {
		if l.Error != "" {
			refused = append(refused, l.Line)
			continue
		}
		deals++
		if len(l.Dice) != 3 || l.Dice[1] != '-' {
			t.Errorf("line %d: cards shown as %q", l.Line, l.Dice)
		}
	}
	if want := []int{6, 10}; !slices.Equal(refused, want) {
		t.Errorf("refused lines %v, want %v: %+v", refused, want, lines)
	}
	if deals != 5 {
		t.Errorf("%d deals, want 5", deals)
	}
	// The same seed, by flag, deals the same cards; another seed others.
	again := strings.Replace(tape, "seed 7\n", "# no seed line\n", 1)
	_, first, _ := runCmd(t, tape, "play")
	_, byFlag, _ := runCmd(t, again, "play", "-seed", "7")
	_, other, _ := runCmd(t, again, "play", "-seed", "8")
	if first != byFlag || first == other {
		t.Errorf("seed 7 on the tape and -seed 7 differ, or seed 8 deals the same:\n%s\n%s", first, byFlag)
	}
	if !strings.Contains(first, ": deal ") {
		t.Errorf("the text report does not say deal:\n%s", first)
	}
	// Deals at a dice table, and a seed after the first deal, are refused.
	lines = playJSON(t, "deal\nnew deck\n")
	if len(lines) != 2 || !strings.Contains(lines[0].Error, "wrong source") || !strings.Contains(lines[1].Error, "dice") {
		t.Errorf("a deal at a dice table: %+v", lines)
	}
	lines = playJSON(t, "rules cards\ndeal\nseed 3\ncut 99\nnew card\n")
	for i, l := range lines[1:] {
		if l.Error == "" {
			t.Errorf("line %d accepted: %+v", i+3, l)
		}
	}
}

// The private game's center bet: 100 faded 60 and 40. Dice win on a
// come-out 7, the shooter takes the center; then dice lose on a seven-out,
// each fader gets his stake back and as much again (the private-game rule book).
func TestPlayStreetCenterBet(t *testing.T) {
	const setup = "rules street\nplayer shooter 1000\nplayer ann 1000\nplayer bob 1000\ncenter 100\nfade ann 60\nfade bob 40\n"
	for _, c := range []struct {
		name, throws string
		want         map[string]int64
	}{
		{"dice win on a come-out 7", "roll 3-4\n", map[string]int64{"shooter": 1100, "ann": 940, "bob": 960}},
		{"dice lose on a seven-out", "roll 2-2\nroll 4-3\n", map[string]int64{"shooter": 900, "ann": 1060, "bob": 1040}},
	} {
		t.Run(c.name, func(t *testing.T) {
			lines := playJSON(t, setup+c.throws)
			last := lines[len(lines)-1]
			if last.Error != "" {
				t.Fatalf("refused: %+v", last)
			}
			for name, want := range c.want {
				if p := last.Players[name]; p.Bankroll != want || p.OnTable != 0 {
					t.Errorf("%s: bankroll %d, on the table %d; want %d and 0", name, p.Bankroll, p.OnTable, want)
				}
			}
			if len(last.Resolutions) != 4 {
				t.Errorf("resolutions %+v, want one for each side of each fade", last.Resolutions)
			}
		})
	}
}

// Every private-game command plays, or is refused with its line number.
func TestPlayStreetCommands(t *testing.T) {
	tape := `rules street fade-claim=true
player sam 1000
player ann 1000
player bob 1000 seat 1    # the seats are sam, bob, ann
center 50
fade ann 30
roll 3-3                  # refused: 20 of the center is not faded
withdraw
side bob ann number 4 10 at 2:1
side ann bob 3-3 within 1 1 at 30:1
side ann bob 6,8 before 7 10
roll 3-3
void cocked
roll 5-5 one-die-missed
side ann bob point 10
side bob ann come 10
roll 2-2
roll 3-3                  # the point made: the come bet on 4 is carried over
call off bob come 4
call off ann number 4     # refused: it was decided
roll 1-1 aside
pass dice
roll 4-6
pass dice                 # refused: the point is on
change dice ann
no bet                    # refused: no center bet
`
	lines := playJSON(t, tape)
	var errs []int
	for _, l := range lines {
		if l.Error != "" {
			errs = append(errs, l.Line)
		}
	}
	if want := []int{7, 20, 24, 26}; !slices.Equal(errs, want) {
		t.Errorf("refused lines %v, want %v\n%+v", errs, want, lines)
	}
	last := lines[len(lines)-1]
	for _, l := range lines {
		if l.Error == "" {
			last = l
		}
	}
	// sam won 30 of the center from ann; ann won 30 on 3-3, 10 on 6,8
	// and 10 on the point; bob won 20 on the number.
	want := map[string]int64{"sam": 1030, "ann": 1000 - 30 + 30 + 10 + 10 - 20, "bob": 1000 - 30 - 10 - 10 + 20}
	for name, w := range want {
		if p := last.Players[name]; p.Bankroll+p.OnTable != w {
			t.Errorf("%s holds %d, want %d", name, p.Bankroll+p.OnTable, w)
		}
	}
}

// Odds and faults as players write them: "at 3-1", "at 6 to 5", "roll 3 3
// thrown aside", "void off table".
func TestPlayStreetWording(t *testing.T) {
	tape := "rules street\nplayer a 100\nplayer b 100\nside a b 12 before 4 10 at 3-1\nside b a number 6 5 at 6 to 5\n" +
		"roll 3 3 thrown aside\nvoid off table\nroll 6 6\n"
	lines := playJSON(t, tape)
	for _, l := range lines {
		if l.Error != "" {
			t.Fatalf("line %d refused: %s", l.Line, l.Error)
		}
	}
	last := lines[len(lines)-1]
	// a won 30 at 3 to 1 and lost 6 on b's number at 6 to 5.
	if a, b := last.Players["a"], last.Players["b"]; a.Bankroll != 124 || b.Bankroll != 76 {
		t.Errorf("bankrolls a %d, b %d; want 124 and 76", a.Bankroll, b.Bankroll)
	}
}

// Players who bet by a strategy make their bets before every throw, on
// the tape's dice, and the log shows them; a strategy that stops bets no
// more, and mistakes are refused by line.
func TestPlayStrategies(t *testing.T) {
	tape := `player ann 1000 strategy pass 10; odds 2x; stop if points >= 1
player bob 500 strategy martingale
player cy 300 strategy place 6 12 if point on
roll 1-1
roll 3-3
roll 2-4
roll 6-6
leave cy
roll 5-5
player dan 100 strategy place 7 10
player eve 100 strategy place 6 5 min
player fay 100 strategy molly
`
	code, out, errOut := runCmd(t, tape, "play")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"line 4: ann bets by strategy: Pass Line 10\n",
		"line 4: bob bets by strategy: Pass Line 10\n",
		"line 4: cy bets by strategy: no bets\n",       // no point yet
		"line 5: bob bets by strategy: Pass Line 20\n", // lost on the 2: doubled
		"line 6: ann bets by strategy: Pass Line 10, Pass Odds 6 20\n",
		"line 6: cy bets by strategy: Place 6 12\n",
		"  ann        bankroll 1024, on the table 0\n", // won 10 and 24
		"line 7: bob bets by strategy: Pass Line 10\n", // won: back to 10
		"line 8: refused: leave Place 6 for cy: the player still has bets on the layout",
		"line 9: bob bets by strategy: Pass Line 20\n", // the 12 lost
		"line 10: refused: strategy line 1: \"place 7 10\": not an action",
		"line 11: refused: strategy \"place 6 5 min\": action 1 (place 6 5 min): amounts in table minimums at a table without a minimum",
		"line 12: refused: no betting system \"molly\"",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "line 7: ann bets") || strings.Contains(out, "line 9: ann bets") {
		t.Errorf("ann's strategy stopped once the point was made, yet she bets:\n%s", out)
	}
	lines := playJSON(t, "player ann 1000 strategy pass-max-odds\nroll 2-2\n")
	if len(lines) != 2 || lines[1].Players["ann"].OnTable != 10 {
		t.Errorf("JSON: %+v", lines)
	}
}

// A player's strategy ends when he leaves: seated again under the same
// name, he bets by the strategy of his new player line, or by none
// (before, he went on betting by the old one).
func TestPlayStrategyEndsWithTheSeat(t *testing.T) {
	tests := []tapeCase{
		{"seated again without a strategy", "player ann 1000 strategy pass 10\nroll 3-4\nleave ann\nplayer ann 500\nroll 3-4\nroll 2-2\n",
			[]string{"line 2: ann bets by strategy: Pass Line 10\n", "  ann        bankroll 500, on the table 0\n  shooter ann, puck on 4\n"},
			[]string{"line 5: ann bets", "line 6: ann bets"}},
		{"seated again with another strategy", "player ann 1000 strategy pass 10\nroll 3-4\nleave ann\nplayer ann 500 strategy don't pass 5\nroll 2-2\n",
			[]string{"line 5: ann bets by strategy: Don't Pass 5\n"}, []string{"line 5: ann bets by strategy: Pass Line"}},
		{"another player's strategy goes on", "player ann 1000 strategy pass 10\nplayer bob 100 strategy field 5\nleave ann\nplayer ann 500\nroll 2-2\n",
			[]string{"line 5: bob bets by strategy: Field 5\n"}, []string{"line 5: ann bets"}},
	}
	playTapes(t, tests)
}

// A player line refused for its strategy seats no one (before, the player
// sat with the bankroll, and the next line for the name was refused).
func TestPlayRefusedStrategySeatsNoOne(t *testing.T) {
	tests := []tapeCase{
		{"the name is free", "rules street\nplayer ann 1000 strategy center 10\nplayer ann 50\nplayer bob 50\ncenter 10\nfade bob 10\nroll 3-4\n",
			[]string{"line 2: refused: strategy for ann", "  ann        bankroll 60, on the table 0\n"}, []string{"line 3: refused"}},
		{"the seats are as they were", "rules street\nplayer bob 100\nplayer ann 1000 seat 0 strategy center 10\nplayer cy 100\ncenter 10\nfade cy 10\nroll 3-4\n",
			[]string{"line 3: refused", "  shooter bob, puck off\n"}, []string{"ann        bankroll"}},
		{"no one seated: p1", "rules street\nplayer ann 1000 strategy center 10\nroll 3-4\n",
			[]string{"line 2: refused", "  p1         bankroll 1000, on the table 0\n  shooter p1, puck off\n"}, []string{"ann "}},
	}
	playTapes(t, tests)
}

// A refused line fixes neither the rules nor the default player: the
// rules may still be set, and a player line still seats the only player.
func TestPlayRefusedLineStartsNothing(t *testing.T) {
	for _, tc := range []struct {
		reason, tape, want, not string
	}{
		{"rules after a refused roll", "roll 9-9\nrules street\nplayer ann 100\nplayer bob 100\ncenter 10\nfade bob 10\nroll 3-4\n",
			"ann        Center (with bob)            won", "line 2: refused"},
		{"a player after a refused roll", "rules cards\nroll 3-4\nplayer ann 100\nbet pass 10\ndeal\n",
			"ann        Pass Line                    won", "p1"},
	} {
		code, out, errOut := runCmd(t, tc.tape, "play")
		if code != 0 || !strings.Contains(out, tc.want) || strings.Contains(out, tc.not) {
			t.Errorf("%s: exit %d, %s; want %q and no %q in\n%s", tc.reason, code, errOut, tc.want, tc.not, out)
		}
	}
}

// A throw refused for its source (a roll at a card table, a deal at a
// dice table) is refused before the strategies bet: it leaves no bets
// (before, they stayed up, and the player could not leave).
func TestPlayRefusedThrowBetsNothing(t *testing.T) {
	tests := []tapeCase{
		{"a roll at a card table", "rules cards\nplayer ann 1000 strategy pass 10\nroll 3-4\nleave ann\n",
			[]string{"line 3: refused: roll"}, []string{"line 3: ann bets", "line 4: refused"}},
		{"a void throw at a card table", "rules cards\nplayer ann 1000 strategy pass 10\nvoid cocked\nleave ann\n",
			[]string{"line 3: refused: roll"}, []string{"line 3: ann bets", "line 4: refused"}},
		{"a deal at a dice table", "player ann 1000 strategy pass 10\ndeal\nleave ann\n",
			[]string{"line 2: refused: deal"}, []string{"line 2: ann bets", "line 3: refused"}},
		{"the next deal bets once", "rules cards\nplayer ann 1000 strategy pass 10\nroll 3-4\ndeal\n",
			[]string{"line 4: ann bets by strategy: Pass Line 10\n"}, []string{"line 3: ann bets"}},
		{"the next roll bets once", "player ann 1000 strategy pass 10\ndeal\nroll 2-2\n",
			[]string{"line 3: ann bets by strategy: Pass Line 10\n", "  ann        bankroll 990, on the table 10\n"}, []string{"line 2: ann bets"}},
	}
	playTapes(t, tests)
}

// craps play -strategy narrates a session without a tape: the same
// throws for the same seed, each called and paid, ann betting by the
// strategy.
func TestPlayNarrated(t *testing.T) {
	code, out, errOut := runCmd(t, "", "play", "-strategy", "iron-cross", "-rolls", "20", "-seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.HasPrefix(out, "throw 1: ann bets by strategy: Pass Line 10, Place 5 10, Place 6 12, Place 8 12\n"+
		"throw 1: roll 4-4: 8, the point is 8\n") || strings.Count(out, ": roll ") != 20 || strings.Contains(out, "refused") {
		t.Errorf("the narration:\n%s", out)
	}
	if _, again, _ := runCmd(t, "", "play", "-strategy", "iron-cross", "-rolls", "20", "-seed", "1"); again != out {
		t.Error("the same seed narrated another session")
	}
	if code, _, _ := runCmd(t, "", "play", "-strategy", "iron-cross", "tape.txt"); code != 2 {
		t.Errorf("-strategy with a tape: exit %d, want 2", code)
	}
}

// A narrated session's tape is made as it is read: the first lines of a
// session of 2^40 throws come at once, with the throws of a short one.
// Before, the whole tape was written first, 2^40 lines in memory.
func TestPlayNarratedTapeStreams(t *testing.T) {
	sc := bufio.NewScanner(narratedTape("pass 10\nodds max", 100, min(1<<40, math.MaxInt), 7))
	var lines []string
	for len(lines) < 4 && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	short, err := io.ReadAll(narratedTape("pass 10\nodds max", 100, 3, 7))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(lines, "\n") + "\n"; !strings.HasPrefix(got, "player ann 100 strategy pass 10; odds max\nroll ") ||
		!strings.HasPrefix(got, string(short)) || strings.Count(string(short), "\nroll ") != 3 {
		t.Errorf("the long tape begins\n%s\nthe short one is\n%s", got, short)
	}
}
