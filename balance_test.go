package craps

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// MaxBalance in bets of MaxAmount: 2^22.
const bnMaxBets = int64(MaxBalance / MaxAmount)

// bnRichest is the Standard rules with every payout at the largest valid
// Rules allow (1,000,000 to 1), every bet working on the come-out and the
// most odds: the rules under which money grows fastest.
func bnRichest(crapless bool) Rules {
	top := Ratio{maxRatioTerm, 1}
	r := Rules{Crapless: crapless, Hard4: top, Hard6: top, Any7: top, AnyCraps: top,
		Two: top, Three: top, Eleven: top, Twelve: top, EasyHop: top, HardHop: top,
		Odds: FlatOdds(10_000), Fire: FirePaytable{Three: top, Four: top, Five: top, Six: top},
		ATS:      ATSPaytable{All: top, Tall: top, Small: top},
		AllBets:  [4]AllPaytable{{Set: Totals(6, 8), Pays: top}},
		Repeater: RepeaterPaytable{On2: top, On3: top, On4: top, On5: top, On6: top},
		ComeOut: ComeOutWorking{Place: SwitchOn, Buy: SwitchOn, Lay: SwitchOn, ComeOdds: SwitchOn,
			DontComeOdds: SwitchOn, Hardways: SwitchOn, Put: SwitchOn},
		BuyCommission: Commission{Timing: CommissionUpfrontReturned}, LayCommission: Commission{Base: CommissionOnBet}}
	for _, t := range []int{2, 3, 4, 9, 10, 11, 12} {
		r.Field.Pays[t] = top
	}
	return r
}

// bnNewTable is a table under r with players seated, each with bankroll.
func bnNewTable(t *testing.T, r Rules, bankroll Amount, players ...string) *Table {
	t.Helper()
	tb, err := NewTable(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		if err := tb.Join(p, bankroll); err != nil {
			t.Fatalf("join %s with %d: %v", p, bankroll, err)
		}
	}
	return tb
}

// bnRefusedChangesNothing checks that call is refused with ErrOverflow and
// leaves the table as it was.
func bnRefusedChangesNothing(t *testing.T, tb *Table, what string, call func() error) {
	t.Helper()
	before := tb.Clone()
	err := call()
	if !errors.Is(err, ErrOverflow) {
		t.Fatalf("%s: err = %v, want ErrOverflow", what, err)
	}
	ttCheckRefusal(t, err, ErrOverflow)
	if !ttSameTable(before, tb) {
		t.Fatalf("%s: the refusal changed the table", what)
	}
}

// bnInBounds checks every balance of the table against MaxBalance, and
// that its own save restores.
func bnInBounds(t ttTB, tb *Table) {
	t.Helper()
	players := new(big.Int)
	for _, p := range tb.Players() {
		if p.Bankroll < 0 || p.OnTable < 0 || p.Bankroll > MaxBalance {
			t.Fatalf("%s holds %d and %d on the table", p.Name, p.Bankroll, p.OnTable)
		}
		players.Add(players, big.NewInt(int64(p.Bankroll)))
		players.Add(players, big.NewInt(int64(p.OnTable)))
	}
	if players.Cmp(big.NewInt(int64(MaxBalance))) > 0 || tb.House() < -MaxBalance || tb.House() > MaxBalance {
		t.Fatalf("the players hold %v and the house's result is %d: past %d", players, tb.House(), MaxBalance)
	}
	var back Table
	if err := back.UnmarshalJSON(ttSave(t, tb)); err != nil {
		t.Fatalf("the table's own save does not restore: %v", err)
	}
}

// A one-roll bet won again and again: before, aces at 30:1 for MaxAmount
// won 279,621 times and the bankroll wrapped negative (and the save then
// failed to restore); a 1,000,000:1 hard hop wrapped in nine wins.
func TestBalanceRepeatedWins(t *testing.T) {
	tests := []struct {
		reason string
		rules  Rules
		bet    Bet
		dice   Dice
		pays   int64
	}{
		{"aces at 30:1 (Standard)", Standard(), ttK(Aces), Dice{1, 1}, 30},
		{"hop 1-1 at 1,000,000:1, the issue's nine wins", Rules{HardHop: Ratio{1_000_000, 1}}, ttHop(1, 1), Dice{1, 1}, 1_000_000},
	}
	for _, tc := range tests {
		tb := bnNewTable(t, tc.rules, MaxAmount, "ann")
		wins := int64(0)
		for ; ; wins++ {
			if err := tb.Place("ann", tc.bet, MaxAmount); err != nil {
				bnRefusedChangesNothing(t, tb, tc.reason, func() error { return tb.Place("ann", tc.bet, MaxAmount) })
				break
			}
			if _, err := tb.Roll(tc.dice, nil); err != nil {
				t.Fatal(err)
			}
			if wins%10_000 == 0 {
				bnInBounds(t, tb)
			}
		}
		// The k-th bet (from 0) is placed while the player holds
		// (1 + k·pays)·MaxAmount and could win pays·MaxAmount more: the
		// last fits when 1 + (k+1)·pays <= 2^22 bets. That is 139,810
		// wins at 30:1 and 4 at 1,000,000:1.
		if want := (bnMaxBets - 1) / tc.pays; wins != want {
			t.Errorf("%s: %d wins before Place refused, want %d", tc.reason, wins, want)
		}
		bnInBounds(t, tb)
		if got, want := tb.Players()[0].Bankroll, MaxAmount*Amount(1+wins*tc.pays); got != want {
			t.Errorf("%s: bankroll %d, want %d", tc.reason, got, want)
		}
	}
}

// A bet that stays up and wins again and again (here a hard 6 paying
// 1,000,000:1, working on the come-out) comes down with its win once
// leaving it up could take the next roll past MaxBalance: on the fourth
// win, ann holding 3,000,001 bets of MaxAmount, 2^22 less twice the win.
// Before, it stayed up and the bankroll wrapped on the ninth win.
func TestBalanceStaysUpUntilTheBound(t *testing.T) {
	const pays = 1_000_000
	r := Rules{Hard6: Ratio{pays, 1}, ComeOut: ComeOutWorking{Hardways: SwitchOn}}
	tb := bnNewTable(t, r, MaxAmount, "ann")
	hard6 := ttN(Hardway, 6)
	if err := tb.Place("ann", hard6, MaxAmount); err != nil {
		t.Fatal(err)
	}
	// Before the k-th win (from 0) ann holds (1 + k·pays)·MaxAmount; the
	// bet stays up while that plus twice its win is within 2^22 bets.
	for k := int64(0); ; k++ {
		res, err := tb.Roll(Dice{3, 3}, nil)
		if err != nil {
			t.Fatal(err)
		}
		up := 1+(k+2)*pays <= bnMaxBets
		want := Resolution{Player: "ann", Bet: hard6, Outcome: OutcomeWon, Stake: MaxAmount, Win: pays * MaxAmount, To: hard6}
		if !up {
			want.To, want.Returned = Bet{}, MaxAmount
		}
		if len(res) != 1 || res[0] != want {
			t.Fatalf("win %d: %+v, want %+v", k, res, want)
		}
		bnInBounds(t, tb)
		if !up {
			if k != 3 {
				t.Errorf("the bet came down on win %d, want 3 (the fourth)", k)
			}
			if bets, _ := tb.Bets("ann"); len(bets) != 0 {
				t.Errorf("the layout still holds %+v", bets)
			}
			break
		}
	}
	// The money on hand now cannot cover another such bet.
	bnRefusedChangesNothing(t, tb, "place hard 6 again", func() error { return tb.Place("ann", hard6, MaxAmount) })
}

// Bets winning together on one throw count together: each player's hop
// 1-1 at 1,000,000:1 adds 2^40·10^6 to what one roll could pay, and Place
// refuses the first that takes that past MaxBalance, though the player
// can afford it; one player's bets that all win on 1-1 count the same way.
func TestBalanceBetsWinningTogether(t *testing.T) {
	r := Rules{HardHop: Ratio{1_000_000, 1}}
	players := []string{"a", "b", "c", "d", "e"}
	tb := bnNewTable(t, r, MaxAmount, players...)
	for i, p := range players {
		// 5 players' money plus (i+1)·10^6 bets must fit in 2^22 bets.
		if fits := 5+int64(i+1)*1_000_000 <= bnMaxBets; !fits {
			bnRefusedChangesNothing(t, tb, "place hop for "+p, func() error { return tb.Place(p, ttHop(1, 1), MaxAmount) })
			if i != 4 {
				t.Errorf("refused the bet of player %d, want the 5th", i+1)
			}
			break
		}
		if err := tb.Place(p, ttHop(1, 1), MaxAmount); err != nil {
			t.Fatalf("player %d: %v", i+1, err)
		}
	}
	if _, err := tb.Roll(Dice{1, 1}, nil); err != nil {
		t.Fatal(err)
	}
	bnInBounds(t, tb)

	// One player made rich by a first win places every bet that 1-1
	// wins, at the richest rules: the bound stops him though he can pay.
	tb = bnNewTable(t, bnRichest(false), MaxAmount, "ann")
	if err := tb.Place("ann", ttHop(1, 1), MaxAmount); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Roll(Dice{1, 1}, nil); err != nil {
		t.Fatal(err)
	}
	placed, refused := 0, 0
	for _, b := range []Bet{ttK(Aces), ttHop(1, 1), ttK(AnyCraps), ttK(Horn), ttK(CAndE), ttK(World), ttK(Field)} {
		err := tb.Place("ann", b, MaxAmount)
		switch {
		case err == nil:
			placed++
		case errors.Is(err, ErrOverflow):
			ttCheckRefusal(t, err, ErrOverflow)
			refused++
		default:
			t.Fatalf("place %v: %v", b, err)
		}
	}
	if placed == 0 || refused == 0 {
		t.Errorf("%d of the 7 bets placed and %d refused: want the bound to stop some, not all", placed, refused)
	}
	if _, err := tb.Roll(Dice{1, 1}, nil); err != nil {
		t.Fatal(err)
	}
	bnInBounds(t, tb)
}

// Join refuses a bankroll that would take the money at the table past
// MaxBalance, counting what the house has won (players who lost and left)
// and what one roll could pay.
func TestBalanceJoin(t *testing.T) {
	tb := &Table{}
	if err := tb.UnmarshalJSON([]byte(fmt.Sprintf(`{"rules":{},"point":0,"shooter":"a","hand_rolls":0,"since_seven":0,
		"house":%d,"players":[{"name":"a","bankroll":0}],"bets":[]}`, MaxBalance-MaxAmount/2))); err != nil {
		t.Fatal(err)
	}
	bnRefusedChangesNothing(t, tb, "join past the house's winnings", func() error { return tb.Join("b", MaxAmount) })
	if err := tb.Join("b", MaxAmount/2); err != nil {
		t.Errorf("join up to the bound: %v", err)
	}

	// a holds MaxBalance - MaxAmount/2, counting what one roll could pay
	// his hop 1-1 of MaxAmount at 1,000,000:1.
	tb = &Table{}
	if err := tb.UnmarshalJSON([]byte(fmt.Sprintf(`{"rules":{"HardHop":"1000000:1"},"point":0,"shooter":"a","hand_rolls":0,
		"since_seven":0,"house":0,"players":[{"name":"a","bankroll":%d}],"bets":[{"player":"a","bet":"Hop 1-1","amount":%d,"point":0}]}`,
		MaxBalance-1_000_000*MaxAmount-MaxAmount-MaxAmount/2, MaxAmount))); err != nil {
		t.Fatal(err)
	}
	bnRefusedChangesNothing(t, tb, "join beside the exposure", func() error { return tb.Join("b", MaxAmount) })
	if err := tb.Join("b", MaxAmount/2); err != nil {
		t.Errorf("join up to the bound beside the exposure: %v", err)
	}
}

// A saved table is refused when its values would wrap on the next roll or
// cannot be held; before, each of these restored.
func TestRestoreRefusesWhatCouldWrap(t *testing.T) {
	save := func(rules, house string, handRolls int64, players, bets string) string {
		return fmt.Sprintf(`{"rules":%s,"point":0,"shooter":"a","hand_rolls":%d,"since_seven":1,"house":%s,"players":[%s],"bets":[%s]}`,
			rules, handRolls, house, players, bets)
	}
	a := `{"name":"a","bankroll":100}`
	tests := []struct {
		reason string
		json   string
		want   error
	}{
		{"a bankroll at the int64 limit", save("{}", "0", 0, `{"name":"a","bankroll":9223372036854775807}`, ""), ErrOverflow},
		{"a bankroll a unit past MaxBalance", save("{}", "0", 0, fmt.Sprintf(`{"name":"a","bankroll":%d}`, MaxBalance+1), ""), ErrOverflow},
		{"a house at the int64 limit", save("{}", "-9223372036854775808", 0, a, ""), ErrOverflow},
		{"a house won past MaxBalance", save("{}", fmt.Sprint(MaxBalance+1), 0, a, ""), ErrOverflow},
		{"bankrolls that add past int64", save("{}", "0", 0, fmt.Sprintf(`{"name":"a","bankroll":%d},{"name":"b","bankroll":%[1]d},{"name":"c","bankroll":%[1]d}`, MaxBalance), ""), ErrOverflow},
		{"a bet that one roll could pay past MaxBalance", save(`{"HardHop":"1000000:1"}`, "0", 0,
			fmt.Sprintf(`{"name":"a","bankroll":%d}`, MaxBalance-MaxAmount), fmt.Sprintf(`{"player":"a","bet":"Hop 1-1","amount":%d,"point":0}`, MaxAmount)), ErrOverflow},
		{"a house result in the private game", save(`{"Private":true}`, "500", 0, a+`,{"name":"b","bankroll":1}`, ""), ErrSyntax},
	}
	for _, tc := range tests {
		var tb Table
		err := tb.UnmarshalJSON([]byte(tc.json))
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.reason, err, tc.want)
			continue
		}
		ttCheckRefusal(t, err, tc.want)
	}
}

// A fault count at its largest stays there: before, one more counted
// fault wrapped it to 0 and the players lost the right to bar him.
func TestFaultCountStops(t *testing.T) {
	var tb Table
	if err := tb.UnmarshalJSON([]byte(`{"rules":{"Private":true},"point":0,"shooter":"a","hand_rolls":0,"since_seven":0,
		"house":0,"players":[{"name":"a","bankroll":1,"missed":65535},{"name":"b","bankroll":1}],"bets":[]}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.RollFault(Dice{1, 2}, OneDieMissed, nil); err != nil {
		t.Fatal(err)
	}
	if got := tb.Players()[0].Missed; got != math.MaxUint16 {
		t.Errorf("missed = %d after one more fault, want %d", got, math.MaxUint16)
	}
	if err := tb.BarShooter("a"); err != nil {
		t.Errorf("bar after 65535 faults: %v", err)
	}
}

// Restoring checks names and bets by map: its cost grows with the table,
// not its square. 40,000 players took 2.3 s (13.5 s on a slower machine)
// before; BenchmarkRestorePlayers shows the scaling. Here: the players
// all restore, and a name seated twice among them is still refused.
func TestRestoreManyPlayers(t *testing.T) {
	n := 4_000
	if exhaustiveSet() {
		n = 40_000
	}
	data := bnManyPlayers(n)
	var tb Table
	if err := tb.UnmarshalJSON(data); err != nil {
		t.Fatal(err)
	}
	if got := len(tb.Players()); got != n {
		t.Errorf("%d players restored, want %d", got, n)
	}
	dup := strings.Replace(string(data), fmt.Sprintf(`"name":"p%d"`, n-1), `"name":"p0"`, 1)
	if err := tb.UnmarshalJSON([]byte(dup)); !errors.Is(err, ErrPlayerExists) {
		t.Errorf("a name seated twice among %d: err = %v, want ErrPlayerExists", n, err)
	}
}

func bnManyPlayers(n int) []byte {
	var sb strings.Builder
	sb.WriteString(`{"rules":{},"point":0,"shooter":"p0","hand_rolls":0,"since_seven":0,"house":0,"players":[`)
	for i := range n {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `{"name":"p%d","bankroll":100}`, i)
	}
	sb.WriteString(`],"bets":[`)
	for i := range n {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `{"player":"p%d","bet":"Field","amount":5,"point":0}`, i)
	}
	sb.WriteString(`]}`)
	return []byte(sb.String())
}

func BenchmarkRestorePlayers(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 40_000} {
		data := bnManyPlayers(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				var tb Table
				if err := tb.UnmarshalJSON(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The money property: random bets at amounts up to MaxAmount under the
// richest valid rules, joins, leaves, reductions and many rolls. Every
// balance stays within MaxBalance, every refusal changes nothing, and no
// money is created or lost: the players' money and the house's result
// always add up to what the players brought less what they took away.
func TestBalanceProperty(t *testing.T) {
	ttRapidFlags(t)
	rapid.Check(t, func(rt *rapid.T) {
		r := bnRichest(rapid.Bool().Draw(rt, "crapless"))
		tb, err := NewTable(r)
		if err != nil {
			rt.Fatal(err)
		}
		bets := append(r.Catalogue(), Bet{Kind: PassOdds})
		brought := new(big.Int)
		names := []string{"a", "b", "c"}
		for _, name := range names[:2] {
			if err := tb.Join(name, MaxAmount); err != nil {
				rt.Fatal(err)
			}
			brought.Add(brought, big.NewInt(int64(MaxAmount)))
		}
		amount := func(rt *rapid.T, label string) Amount {
			return rapid.OneOf(rapid.Just(MaxAmount), rapid.Just(MaxAmount/2),
				rapid.Custom(func(t *rapid.T) Amount { return Amount(rapid.Int64Range(1, int64(MaxAmount)).Draw(t, "any")) }),
			).Draw(rt, label)
		}
		// refusedOrDone checks that a refused call changed nothing.
		refusedOrDone := func(rt *rapid.T, call func() error) error {
			before := tb.Clone()
			err := call()
			if err != nil && !ttSameTable(before, tb) {
				rt.Fatalf("the refusal %v changed the table", err)
			}
			return err
		}
		rt.Repeat(map[string]func(*rapid.T){
			"": func(rt *rapid.T) {
				bnInBounds(rt, tb)
				money := new(big.Int).SetInt64(int64(tb.House()))
				for _, p := range tb.Players() {
					money.Add(money, big.NewInt(int64(p.Bankroll)+int64(p.OnTable)))
				}
				if money.Cmp(brought) != 0 {
					rt.Fatalf("the players hold and the house has won %v; the players brought %v", money, brought)
				}
			},
			"join": func(rt *rapid.T) {
				name, money := rapid.SampledFrom(names).Draw(rt, "name"), amount(rt, "bankroll")
				if refusedOrDone(rt, func() error { return tb.Join(name, money) }) == nil {
					brought.Add(brought, big.NewInt(int64(money)))
				}
			},
			"leave": func(rt *rapid.T) {
				name := rapid.SampledFrom(names).Draw(rt, "name")
				var left Amount
				if refusedOrDone(rt, func() (err error) { left, err = tb.Leave(name); return err }) == nil {
					brought.Sub(brought, big.NewInt(int64(left)))
				}
			},
			"place": func(rt *rapid.T) {
				name, b := rapid.SampledFrom(names).Draw(rt, "name"), rapid.SampledFrom(bets).Draw(rt, "bet")
				a := amount(rt, "amount")
				_ = refusedOrDone(rt, func() error { return tb.Place(name, b, a) })
			},
			"place long shots": func(rt *rapid.T) {
				// Bets that pay 1,000,000:1 on a pair, some staying up,
				// made by the richest player, who can afford most.
				players := tb.Players()
				if len(players) == 0 {
					rt.Skip("no one at the table")
				}
				rich := players[0]
				for _, p := range players {
					if p.Bankroll > rich.Bankroll {
						rich = p
					}
				}
				for range rapid.IntRange(1, 6).Draw(rt, "how many") {
					b := rapid.SampledFrom([]Bet{ttHop(1, 1), ttHop(3, 3), ttK(Aces), ttK(Boxcars), ttK(Horn), ttK(AnyCraps),
						ttK(Field), ttN(Hardway, 6), ttN(Hardway, 4), ttK(World)}).Draw(rt, "long shot")
					_ = refusedOrDone(rt, func() error { return tb.Place(rich.Name, b, MaxAmount) })
				}
			},
			"roll a pair": func(rt *rapid.T) {
				n := uint8(rapid.IntRange(1, 6).Draw(rt, "pair"))
				_ = refusedOrDone(rt, func() error { _, err := tb.Roll(Dice{n, n}, nil); return err })
			},
			"take down": func(rt *rapid.T) {
				name, b := rapid.SampledFrom(names).Draw(rt, "name"), rapid.SampledFrom(bets).Draw(rt, "bet")
				_ = refusedOrDone(rt, func() error { _, err := tb.TakeDown(name, b); return err })
			},
			"roll": func(rt *rapid.T) {
				d := Dice{uint8(rapid.IntRange(1, 6).Draw(rt, "a")), uint8(rapid.IntRange(1, 6).Draw(rt, "b"))}
				_ = refusedOrDone(rt, func() error { _, err := tb.Roll(d, nil); return err })
			},
			"roll many": func(rt *rapid.T) {
				for range rapid.IntRange(1, 50).Draw(rt, "rolls") {
					d := Dice{uint8(rapid.IntRange(1, 6).Draw(rt, "a")), uint8(rapid.IntRange(1, 6).Draw(rt, "b"))}
					if _, err := tb.Roll(d, nil); err != nil {
						rt.Fatal(err)
					}
				}
			},
		})
	})
}

// Place counts what a bet adds to the exposure as at most maxRatioTerm to
// 1 on its amount: every bet of the catalogue, in every state, pays no
// more than that under the richest valid rules.
func TestMostPayoutBounded(t *testing.T) {
	for _, crapless := range []bool{false, true} {
		r := bnRichest(crapless)
		tb, err := NewTable(r)
		if err != nil {
			t.Fatal(err)
		}
		top := Ratio{0, 1}
		for _, b := range append(r.Catalogue(), Bet{Kind: PassOdds, Number: 4}, Bet{Kind: DontPassOdds, Number: 4}) {
			most := tb.automatonOf(&b).most
			if (Ratio{maxRatioTerm, 1}).less(most) {
				t.Errorf("crapless %v: %v pays up to %v, more than %d:1", crapless, b, most, maxRatioTerm)
			}
			if top.less(most) {
				top = most
			}
		}
		if top != (Ratio{maxRatioTerm, 1}) {
			t.Errorf("crapless %v: the most any bet pays is %v, want the rules' %d:1", crapless, top, maxRatioTerm)
		}
	}
}

// The counts a table keeps (the shooter's rolls, the rolls since a 7, the
// changes of dice) stop at math.MaxInt: a table restored one short of it
// plays on, and every table it becomes saves and restores. Before, one
// roll took a count to MaxInt, whose save was refused, and the next
// wrapped it negative; a change of dice did the same.
func TestTableCountsSaturate(t *testing.T) {
	data := fmt.Sprintf(`{"rules":{"Private":true},"point":0,"shooter":"a","hand_rolls":%d,"since_seven":%[1]d,"house":0,`+
		`"players":[{"name":"a","bankroll":100},{"name":"b","bankroll":100}],"bets":[],"dice_changes":%[1]d}`, math.MaxInt-1)
	var tb Table
	if err := tb.UnmarshalJSON([]byte(data)); err != nil {
		t.Fatal(err)
	}
	for _, step := range []func() error{
		func() error { _, err := tb.Roll(Dice{1, 2}, nil); return err }, // craps on the come-out: the hand goes on
		func() error { _, err := tb.Roll(Dice{6, 6}, nil); return err },
		func() error { return tb.ChangeDice("b") },
		func() error { return tb.ChangeDice("a") },
		func() error { _, err := tb.Roll(Dice{2, 2}, nil); return err }, // the point is 4
		func() error { return tb.ChangeDice("b") },                      // made at the next come-out
		func() error { _, err := tb.Roll(Dice{1, 3}, nil); return err }, // the point made
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
		if tb.handRolls < 0 || tb.sinceSeven < 0 || tb.DiceChanges() < 0 {
			t.Fatalf("counts wrapped: %d rolls, %d since a 7, %d changes of dice", tb.handRolls, tb.sinceSeven, tb.DiceChanges())
		}
		var again Table
		if err := again.UnmarshalJSON(ttSave(t, &tb)); err != nil {
			t.Fatalf("the table no longer restores: %v", err)
		}
	}
	if tb.handRolls != math.MaxInt || tb.sinceSeven != math.MaxInt || tb.DiceChanges() != math.MaxInt {
		t.Errorf("counts %d, %d, %d, want each math.MaxInt", tb.handRolls, tb.sinceSeven, tb.DiceChanges())
	}
}
