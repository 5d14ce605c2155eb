package craps

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The private game's actions are the private game's: a casino refuses
// them, and the private game refuses what makes no sense between players.
func TestPrivateStrategyValidate(t *testing.T) {
	claims := Street()
	claims.FadeClaim = true
	cases := []struct {
		why   string
		text  string
		rules Rules
		want  error
	}{
		{"a fade at a casino", "pass 10; fade 10", Standard(), ErrNotOffered},
		{"a side bet's odds at a casino", "pass 10 at 2:1", Standard(), ErrNotOffered},
		{"an opponent at a casino", "pass 10 with ann", Standard(), ErrNotOffered},
		{"a cover at a casino", "cover pass 10", Standard(), ErrNotOffered},
		{"a layout bet in the private game", "place 6 12", Street(), ErrNotOffered},
		{"odds in the private game", "right 10; odds 2x", Street(), ErrNotOffered},
		{"the center at odds", "center 10 at 2:1", Street(), ErrSyntax},
		{"the center with an opponent", "center 10 with ann", Street(), ErrSyntax},
		{"no bet on a side bet", "right 10 or no bet", Street(), ErrSyntax},
		{"no bet on a fade", "fade 10 or no bet", Street(), ErrSyntax},
		{"a claim on a side bet", "right 10 claim", Street(), ErrSyntax},
		{"a claim without the claim rule", "fade 10 claim", Street(), ErrNotOffered},
		{"a skip between players", "hard 6 10 skip point", Street(), ErrNotOffered},
		{"a stake not covered in whole units", "number 5 5 at 3:2", Street(), ErrUnit},
		{"a stake not covered in whole units of 5", "hard 6 10 at 7:4", Rules{Private: true, Unit: 5}, ErrUnit},
		{"a take-down the game does not allow", "hard 6 10; take down hard 6", Street(), ErrNotOffered},
		{"a center bet only on a point", "center 10 if point on", Street(), ErrNotNow},
		{"a side bet below the minimum", "hard 6 5 at 9:1", Rules{Private: true, Minimum: 10}, ErrTableLimit},
		{"odds past the largest term", "hard 6 10 at 2000000:1", Street(), ErrSyntax},
	}
	for _, c := range cases {
		s, err := ParseStrategy(c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.why, err)
		}
		if err := s.Validate(c.rules); !errors.Is(err, c.want) {
			t.Errorf("%s: %q: %v, want %v", c.why, c.text, err, c.want)
		}
	}
	for _, text := range []string{"center 10-20 up on loss or no bet", "fade 10 claim", "hard 6 10 at 9:1 with ann",
		"number 5 10 at 3:2", "cover hard 6 5 at 9:1", "come 10 if point on; take down come if point off",
		"cover point 10 if has center", "6,8 before 7 10 at 6:5; cover craps within 3 40 at 2:1"} {
		if err := mustParse(t, text).Validate(claims); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
	if err := withHook(mustParse(t, "center 10")).Validate(Street()); !errors.Is(err, ErrNotOffered) {
		t.Errorf("a hook in the private game: %v", err)
	}
	street, _ := NewTable(Street())
	_ = street.Join("dan", 100)
	if _, err := NewStrategyPlayer(street, "dan", mustParse(t, "center 10")); !errors.Is(err, ErrNotOffered) {
		t.Errorf("a strategy player in the private game: %v", err)
	}
}

// A session of three players with fixed dice, worked out by hand from
// the private-game rule book's rules: every player's bankroll after every
// throw (the bets for the next throw made), who holds the dice, and each
// player's tallies at the end. The money on the table is the rest of
// what they brought (2500).
//
//	player: center 100; hard 6 10 at 9:1; cover number 4 40 at 2:1
//	ann:    fade 60; cover hard 6 45 at 9:1; come 10 with bob if point on
//	bob:    fade 30; cover hard 6 90 at 9-1; cover come 30;
//	        number 4 20 at 2:1 if point 10 and not rolled 6; take down number if rolled 6
//
// Before the first throw the player stakes 100, ann fades 60, bob 30 and
// 10 is withdrawn; his hard 6 of 10 at 9 to 1 is covered 5 by ann (her 45
// at most) and 5 by bob. An easy 6 sets the point and loses the hard 6;
// ann's come bet with bob travels to 6 on the hard 6 that makes the point
// (the dice win the center, the hard 6 wins) and is carried into the
// come-out, where a 7 wins the center again and loses it. On point 10 bob
// backs number 4 for 20 at 2:1, the player covering 40; an easy 6 makes
// bob call it off (both stakes back) and carries ann's second come bet to
// 6; a 4 carries the third to 4; then a 7 sevens out: the faders win the
// center, the come bet in the box wins, those on 6 and 4 lose, and the
// number 4 bob backed again loses. The dice pass to ann, who stakes no
// center bet.
func TestPrivateScriptedSession(t *testing.T) {
	cfg := SimConfig{Rules: Street(), Mode: BySessions, N: 1, Session: SessionLimits{Bankroll: 1000, MaxRolls: 100},
		Strategy: mustParse(t, "center 100; hard 6 10 at 9:1; cover number 4 40 at 2:1"),
		Others: []SimPlayer{
			{Name: "ann", Strategy: mustParse(t, "fade 60; cover hard 6 45 at 9:1; come 10 with bob if point on")},
			{Name: "bob", Bankroll: 500, Strategy: mustParse(t, `fade 30; cover hard 6 90 at 9-1; cover come 30
				number 4 20 at 2:1 if point 10 and not rolled 6; take down number if rolled 6`)},
		}}
	steps := []scriptStep{
		{Dice{}, scriptState{[3]Amount{900, 895, 425}, "player"}}, // the bets before the first throw
		{Dice{4, 2}, scriptState{[3]Amount{890, 890, 420}, "player"}},
		{Dice{3, 3}, scriptState{[3]Amount{1070, 785, 345}, "player"}},
		{Dice{6, 1}, scriptState{[3]Amount{1150, 730, 340}, "player"}},
		{Dice{5, 5}, scriptState{[3]Amount{1110, 720, 310}, "player"}},
		{Dice{2, 4}, scriptState{[3]Amount{1140, 715, 325}, "player"}},
		{Dice{1, 3}, scriptState{[3]Amount{1100, 705, 295}, "player"}},
		{Dice{3, 4}, scriptState{[3]Amount{1150, 850, 400}, "ann"}},
		{Dice{6, 6}, scriptState{[3]Amount{1150, 850, 400}, "ann"}},
	}
	out := playScript(t, cfg, steps)
	type row struct {
		Bet       Bet
		Against   bool
		Odds      Ratio
		Decisions int64
		Staked    int64
		Net       int64
	}
	rows := func(bets []BetTally) []row {
		sortTallies(bets)
		var out []row
		for _, b := range bets {
			out = append(out, row{b.Bet, b.Against, b.Odds, b.Decisions, b.Staked().Int64(), b.Net().Int64()})
		}
		return out
	}
	center, hard6, come, number4 := Bet{Kind: Center}, Bet{Kind: Hardway, Number: 6}, Bet{Kind: Come}, Bet{Kind: NumberBet, Number: 4}
	want := [][]row{
		{ // the player: the center won twice from both faders and lost once; the hard 6 (5 a side) won once in five
			{hard6, false, Ratio{9, 1}, 10, 50, 50}, {center, false, evenMoney, 6, 270, 90}, {number4, true, Ratio{2, 1}, 1, 40, 20},
		},
		{ // ann
			{come, false, evenMoney, 4, 40, -20}, {hard6, true, Ratio{9, 1}, 5, 225, -25}, {center, true, evenMoney, 3, 180, -60},
		},
		{ // bob: the number 4 called off is not decided
			{come, true, evenMoney, 4, 40, 20}, {hard6, true, Ratio{9, 1}, 5, 225, -25}, {center, true, evenMoney, 3, 90, -30},
			{number4, false, Ratio{2, 1}, 1, 20, -20},
		},
	}
	got := [][]row{rows(out.Bets), rows(out.Others[0].Bets), rows(out.Others[1].Bets)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tallies (-want +got):\n%s", diff)
	}
}

// scriptStep is a throw of a scripted session (none for the bets before
// the first), and the three players' bankrolls and the shooter after it,
// once the bets for the next throw are made.
type scriptStep struct {
	dice Dice
	want scriptState
}

type scriptState struct {
	Bankrolls [3]Amount
	Shooter   string
}

// playScript plays a session of three players by the steps, checking each,
// and that no money is made or lost; it returns the tallies.
func playScript(t *testing.T, cfg SimConfig, steps []scriptStep) SimResult {
	t.Helper()
	p := newPlayer(&cfg)
	p.settle()
	var out SimResult
	brought := Amount(0)
	for i, step := range steps {
		if i == 0 {
			p.reset(true)
			for k := range p.seats {
				brought += p.seats[k].bankroll
			}
		} else {
			p.roll(step.dice.index(), &out)
			p.again(&out)
		}
		got := scriptState{Shooter: p.t.Shooter()}
		total := Amount(0)
		for k := range got.Bankrolls {
			got.Bankrolls[k] = p.t.seats[k].bankroll
			total += p.t.seats[k].bankroll + onTable(&p.t, k)
		}
		if diff := cmp.Diff(step.want, got); diff != "" {
			t.Fatalf("after throw %d (%v) (-want +got):\n%s", i, step.dice, diff)
		}
		if total != brought {
			t.Fatalf("after throw %d the players hold %d in all, not the %d they brought", i, total, brought)
		}
	}
	return out
}

// A second session by hand, under the claim rule, with the player, bob
// and ann seated in that order:
//
//	player: center 40 or no bet
//	bob:    fade 40 if rolls > 0; center 100 or no bet
//	ann:    fade 40 claim
//
// Before the first throw bob does not fade (no roll yet), so ann fades
// all 40. An 11 wins the center: ann, who faded it all and lost, claims
// the next one before bob, to her right, can fade it. A 12 loses it (no
// claim then), bob fades the next, and a 4 and a 7 lose it too. The dice
// pass to bob, whose 100 ann fades only 40 of: "or no bet" calls it off
// and both stakes go back.
func TestPrivateScriptedClaimAndNoBet(t *testing.T) {
	r := Street()
	r.FadeClaim = true
	cfg := SimConfig{Rules: r, Mode: BySessions, N: 1, Session: SessionLimits{Bankroll: 1000, MaxRolls: 100},
		Strategy: mustParse(t, "center 40 or no bet"),
		Others: []SimPlayer{
			{Name: "bob", Strategy: mustParse(t, "fade 40 if rolls > 0; center 100 or no bet")},
			{Name: "ann", Strategy: mustParse(t, "fade 40 claim")},
		}}
	out := playScript(t, cfg, []scriptStep{
		{Dice{}, scriptState{[3]Amount{960, 1000, 960}, "player"}},
		{Dice{5, 6}, scriptState{[3]Amount{1000, 1000, 920}, "player"}},
		{Dice{6, 6}, scriptState{[3]Amount{960, 960, 1000}, "player"}},
		{Dice{2, 2}, scriptState{[3]Amount{960, 960, 1000}, "player"}},
		{Dice{3, 4}, scriptState{[3]Amount{960, 1040, 1000}, "bob"}},
		{Dice{3, 3}, scriptState{[3]Amount{960, 1040, 1000}, "bob"}},
	})
	want := []BetTally{{Bet: Bet{Kind: Center}, Against: true, Odds: evenMoney, Decisions: 2, Wins: 1, Losses: 1}}
	if diff := cmp.Diff(want, out.Others[1].Bets, cmp.Comparer(func(a, b BetTally) bool {
		return a.Bet == b.Bet && a.Against == b.Against && a.Odds == b.Odds && a.Wins == b.Wins && a.Losses == b.Losses
	})); diff != "" {
		t.Errorf("ann's tallies (-want +got):\n%s", diff)
	}
}

// A center bet whose faded part is under the table minimum is not thrown
// for: once the rest is withdrawn, the shooter calls no bet, and the
// throw decides nothing.
func TestPrivateScriptedFadedBelowMinimum(t *testing.T) {
	r := Street()
	r.Minimum = 10
	cfg := SimConfig{Rules: r, Mode: BySessions, N: 1, Session: SessionLimits{Bankroll: 1000, MaxRolls: 100},
		Strategy: mustParse(t, "center 20"),
		Others: []SimPlayer{
			{Name: "bob", Strategy: mustParse(t, "fade 5")},
			{Name: "ann", Strategy: mustParse(t, "center 20")},
		},
	}
	playScript(t, cfg, []scriptStep{
		{Dice{}, scriptState{[3]Amount{1000, 1000, 1000}, "player"}},
		{Dice{3, 4}, scriptState{[3]Amount{1000, 1000, 1000}, "player"}},
		{Dice{1, 1}, scriptState{[3]Amount{1000, 1000, 1000}, "player"}},
	})
}

// privateStrategyGen draws a private-game strategy for a player among
// names: center bets, fades that may claim, side bets backed and covered
// at odds (some with a named opponent), call-offs, progressions and
// conditions, each an action the rules r take. Amounts are small, so
// that bankrolls run short.
func privateStrategyGen(r Rules, names []string) *rapid.Generator[Strategy] {
	type side struct {
		bet  string
		odds Ratio
	}
	sides := []side{{"right", evenMoney}, {"wrong", evenMoney}, {"come", evenMoney}, {"don't come", evenMoney},
		{"point", evenMoney}, {"hard 6", Ratio{9, 1}}, {"hard 4", Ratio{7, 1}}, {"number 4", Ratio{2, 1}},
		{"number 6", Ratio{6, 5}}, {"6,8 before 7", Ratio{6, 5}}, {"craps within 3", Ratio{3, 2}}}
	conds := []string{"", " if point on", " if point off", " if not rolled 7", " if won center", " if has hard 6", " if rolls < 4"}
	return rapid.Custom(func(t *rapid.T) Strategy {
		var lines []string
		for len(lines) == 0 || len(lines) < rapid.IntRange(1, 5).Draw(t, "actions") {
			cond := rapid.SampledFrom(conds).Draw(t, "condition")
			amount := func(granule Amount) string {
				a := Amount(rapid.IntRange(1, 8).Draw(t, "units")) * granule
				if rapid.Bool().Draw(t, "progression") {
					return fmt.Sprintf("%d-%d up on loss", a, 2*a)
				}
				return fmt.Sprint(a)
			}
			switch rapid.IntRange(0, 4).Draw(t, "kind") {
			case 0:
				line := "center " + amount(5)
				if rapid.Bool().Draw(t, "no bet") {
					line += " or no bet"
				}
				lines = append(lines, line+cond)
			case 1:
				line := "fade " + amount(5)
				if rapid.Bool().Draw(t, "claim") {
					line += " claim"
				}
				lines = append(lines, line+cond)
			case 2, 3:
				s := rapid.SampledFrom(sides).Draw(t, "side")
				line := s.bet + " " + amount(sideGranule(s.odds, 1)) + " at " + s.odds.String()
				if rapid.Bool().Draw(t, "cover") {
					line = "cover " + s.bet + " " + amount(10) + " at " + s.odds.String()
				}
				if rapid.IntRange(0, 3).Draw(t, "named") == 0 {
					line += " with " + rapid.SampledFrom(names).Draw(t, "opponent")
				}
				lines = append(lines, line+cond)
			default:
				lines = append(lines, "take down "+rapid.SampledFrom([]string{"number", "come"}).Draw(t, "call off")+cond)
			}
			if one, err := ParseStrategy(lines[len(lines)-1]); err != nil || one.Validate(r) != nil {
				lines = lines[:len(lines)-1] // a center bet on a point, a claim without the rule
			}
		}
		s, err := ParseStrategy(strings.Join(lines, "\n"))
		if err != nil {
			t.Fatal(err)
		}
		s.Name = strings.Join(lines, "; ")
		return s
	})
}

// privateConfig draws a run of the private game: two to four players
// with their strategies and bankrolls, perhaps the claim rule.
func privateConfig(t *rapid.T, mode SimMode) SimConfig {
	names := []string{firstPlayer, "ann", "bob", "cy"}[:rapid.IntRange(2, 4).Draw(t, "players")]
	r := Street()
	r.FadeClaim = rapid.Bool().Draw(t, "claim rule")
	strategyOf := func(name string) Strategy {
		var others []string
		for _, n := range names {
			if n != name {
				others = append(others, n)
			}
		}
		return privateStrategyGen(r, others).Draw(t, name)
	}
	cfg := SimConfig{Rules: r, Strategy: strategyOf(firstPlayer), Mode: mode, N: 3, Seed: rapid.Uint64().Draw(t, "seed"),
		Session: SessionLimits{Bankroll: Amount(rapid.IntRange(1, 40).Draw(t, "bankroll") * 10), MaxRolls: 60}}
	for _, n := range names[1:] {
		cfg.Others = append(cfg.Others, SimPlayer{Name: n, Strategy: strategyOf(n),
			Bankroll: Amount(rapid.IntRange(0, 40).Draw(t, "bankroll") * 10)})
	}
	if mode != BySessions {
		cfg.Session = SessionLimits{}
	}
	return cfg
}

// No money is made or lost between players: after every throw, and the
// bets made for the next, each player's money on and off the table less
// what he brought is the net of his tallies, and the tallies of all the
// players sum to nothing; players whose sessions end (their bets called
// off) keep what they have. Over whole runs, the players' results of each
// hand and of each session sum to nothing.
func TestPrivateMoneyConserved(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := privateConfig(t, BySessions)
		p := newPlayer(&cfg)
		p.settle()
		p.reset(true)
		var out SimResult
		brought := make([]Amount, len(p.seats))
		for k := range p.seats {
			brought[k] = p.t.seats[k].bankroll + onTable(&p.t, k) // some of it staked already
		}
		var ends int64
		for i := range rapid.IntRange(1, 80).Draw(t, "throws") {
			p.roll(rapid.UintRange(0, 35).Draw(t, "throw"), &out)
			if k := rapid.IntRange(-8, len(p.seats)-1).Draw(t, "ends"); k >= 0 && !p.seats[k].ended {
				p.end(&out, k, &ends)
			}
			p.again(&out)
			sum := new(big.Int)
			for k := range p.seats {
				l := p.ledger(&out, k)
				total, _ := totalOf(*l.bets)
				net := total.Net()
				sum.Add(sum, net)
				have := p.t.seats[k].bankroll + onTable(&p.t, k) - brought[k]
				if net.Cmp(big.NewInt(int64(have))) != 0 {
					t.Fatalf("throw %d: player %d has %d more than he brought, his tallies net %v", i, k, have, net)
				}
				if p.seats[k].ended && onTable(&p.t, k) != 0 {
					t.Fatalf("throw %d: player %d left with %d on the table", i, k, onTable(&p.t, k))
				}
			}
			if sum.Sign() != 0 || p.t.center != 0 {
				t.Fatalf("throw %d: the tallies net %v in all, %d of a center bet unfaded", i, sum, p.t.center)
			}
		}
		for _, mode := range []SimMode{ByShooters, BySessions} {
			run := cfg
			if run.Mode = mode; mode == ByShooters {
				run.Session = SessionLimits{}
			}
			res, err := Simulate(context.Background(), run)
			if err != nil {
				t.Fatal(err)
			}
			outcomes := []Histogram{res.Outcomes}
			for _, o := range res.Others {
				outcomes = append(outcomes, o.Outcomes)
			}
			sum := new(big.Int)
			for _, h := range outcomes {
				sum.Add(sum, h.Sum())
			}
			if sum.Sign() != 0 || len(res.Others) != len(cfg.Others) {
				t.Fatalf("%v: the players' results sum to %v", mode, sum)
			}
		}
	})
}

// privateExactRun is a run of n hands or sessions of two players who
// each shoot in turn, stake a center bet and fade the other's, one of
// whom backs side bets at odds of each kind (one roll and many, at even
// money and not, with a push under a bar) that the other covers.
func privateExactRun(mode SimMode, n int64) SimConfig {
	r := Street()
	r.Bar = 12 // wrong bettors push on 12
	var lim SessionLimits
	if mode == BySessions {
		lim = SessionLimits{Bankroll: 200, Target: 300, MaxRolls: 40}
	}
	return SimConfig{Rules: r, Mode: mode, N: n, Seed: 11, Session: lim,
		Strategy: Strategy{Name: "backer", Actions: mustParseActions(`center 10; fade 10
			hard 6 10 at 9:1; number 4 10 at 2:1; 6,8 before 7 10 at 6:5; craps within 3 10 at 3:1
			come 10 if point on; wrong 10; point 10 at 6:5 if point 6 or point 8`)},
		Others: []SimPlayer{{Name: "ann", Strategy: Strategy{Name: "coverer", Actions: mustParseActions(`center 10; fade 10
			cover hard 6 100 at 9:1; cover number 4 100 at 2:1; cover 6,8 before 7 100 at 6:5; cover craps within 3 100 at 3:1
			cover come 100; cover wrong 100; cover point 100 at 6:5`)}}}}
}

func mustParseActions(text string) []Action {
	s, err := ParseStrategy(text)
	if err != nil {
		panic(err)
	}
	return s.Actions
}

// Each player's return on each side of each bet between players, at the
// odds agreed, is within 4 standard errors of its exact edge
// (Rules.AnalyzeSide): the shooter's center bet -7/495, the fader's
// +7/495, and each side bet's backer and coverer at their odds.
func TestPrivateSimulationAgreesWithExact(t *testing.T) {
	if !thorough() {
		t.Skip("a run of 100,000 hands")
	}
	cfg := privateExactRun(ByShooters, 100_000)
	res, err := Simulate(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[bool]int{}
	for _, bets := range [][]BetTally{res.Bets, res.Others[0].Bets} {
		for _, b := range bets {
			a, err := cfg.Rules.AnalyzeSide(b.Bet, b.Odds)
			if err != nil {
				t.Fatal(err)
			}
			edge := a.BackerEdge
			if b.Against {
				edge = a.LayerEdge
			}
			if b.Bet.Kind == Center && edge.Cmp(big.NewRat(map[bool]int64{false: -7, true: 7}[b.Against], 495)) != 0 {
				t.Errorf("the center bet's exact edge %v, against %v", edge, b.Against)
			}
			mean, se := b.Return()
			x, _ := edge.Float64()
			if z := (mean - x) / se; z > 4 || z < -4 || b.Decisions < 5_000 {
				t.Errorf("%v at %v (against %v): %.5f ± %.5f over %d decisions, exact %.5f (z %.1f)", b.Bet, b.Odds, b.Against, mean, se, b.Decisions, x, z)
			}
			seen[b.Against]++
		}
	}
	// The center bet shot and faded by each player, and eight side bets
	// (a point bet on 6 and one on 8) backed by one and covered by the other.
	if seen[false] != 10 || seen[true] != 10 {
		t.Errorf("tallies on each side: %v", seen)
	}
}

// A private game's run the simulator cannot play is refused with
// ErrSimulation; so is a merge of tallies no private game could make.
func TestPrivateSimulationErrors(t *testing.T) {
	center := mustParse(t, "center 10")
	fade := SimPlayer{Name: "ann", Strategy: mustParse(t, "fade 10")}
	cases := []struct {
		why string
		cfg SimConfig
	}{
		{"one player", SimConfig{Rules: Street(), Strategy: center, N: 10}},
		{"an opponent not at the table", SimConfig{Rules: Street(), Strategy: mustParse(t, "right 10 with bob"), Others: []SimPlayer{fade}, N: 10}},
		{"himself as opponent", SimConfig{Rules: Street(), Strategy: center, Others: []SimPlayer{{Name: "ann", Strategy: mustParse(t, "right 10 with ann")}}, N: 10}},
		{"sessions without a roll limit", SimConfig{Rules: Street(), Strategy: center, Others: []SimPlayer{fade}, N: 10, Mode: BySessions,
			Session: SessionLimits{Bankroll: 100, Target: 200}}},
		{"cards", SimConfig{Rules: Rules{Private: true, Cards: CardsPairReturned}, Strategy: center, Others: []SimPlayer{fade}, N: 10}},
	}
	for _, c := range cases {
		if _, err := Simulate(context.Background(), c.cfg); !errors.Is(err, ErrSimulation) {
			t.Errorf("%s: %v", c.why, err)
		}
	}
	res, err := Simulate(context.Background(), SimConfig{Rules: Street(), Strategy: center, Others: []SimPlayer{fade}, N: 100})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		why  string
		edit func(*SimResult)
	}{
		{"a casino's tallies with odds", func(r *SimResult) {
			r.Rules = Standard()
			r.Bets = nil
			r.Others[0].Bets = []BetTally{{Bet: Bet{Kind: PassLine}, Odds: Ratio{1, 1}}}
		}},
		{"a bet between players without odds", func(r *SimResult) { r.Bets[0].Odds = Ratio{} }},
		{"the center bet at 2:1", func(r *SimResult) { r.Bets[0].Odds = Ratio{2, 1} }},
		{"odds not in lowest terms", func(r *SimResult) { r.Bets[0].Odds = Ratio{2, 2} }},
		{"one tally twice", func(r *SimResult) { r.Bets = append(r.Bets, r.Bets[0]) }},
	} {
		bad := res
		bad.Bets = append([]BetTally(nil), res.Bets...)
		bad.Others = []PlayerResult{res.Others[0]}
		bad.Others[0].Bets = append([]BetTally(nil), res.Others[0].Bets...)
		c.edit(&bad)
		if _, err := MergeResults(bad); !errors.Is(err, ErrSimulation) {
			t.Errorf("%s: %v", c.why, err)
		}
	}
	if _, err := MergeResults(res); err != nil {
		t.Errorf("the run itself: %v", err)
	}
}

// A side bet's stakes at odds are the multiples of sideGranule: those
// that, with what covers them, are whole numbers of the unit, checked
// stake by stake; and none past MaxAmount.
func TestSideGranule(t *testing.T) {
	for _, unit := range []Amount{1, 2, 5, 10, 25} {
		for _, odds := range []Ratio{{1, 1}, {9, 1}, {6, 5}, {3, 2}, {7, 4}, {1, 2}, {2, 1}, {35, 1}, {4, 6}} {
			g := sideGranule(odds, unit)
			for stake := Amount(1); stake <= 400; stake++ {
				cover, _ := mulDiv(stake, odds.Win, odds.Stake)
				whole := stake%unit == 0 && exactCover(stake, cover, odds) && cover%unit == 0
				if whole != (stake%g == 0) {
					t.Fatalf("%v at unit %d: granule %d, yet a stake of %d is covered in whole units: %v", odds, unit, g, stake, whole)
				}
			}
		}
	}
	if g := sideGranule(Ratio{1, maxRatioTerm}, MaxAmount/2); g != 0 {
		t.Errorf("a granule past MaxAmount: %d", g)
	}
}
