package craps

import (
	"bytes"
	"errors"
	"flag"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// Identifiers in this file and save_test.go start with "tt" so that they
// cannot collide with the helpers of the package's other test files.

// ttSentinels is every sentinel a refused Table call may wrap; each refusal
// wraps exactly one of them.
var ttSentinels = []error{ErrNotNow, ErrNotOffered, ErrTableLimit, ErrUnit, ErrOddsLimit, ErrFunds,
	ErrContract, ErrAmount, ErrUnknownPlayer, ErrPlayerExists, ErrNoSuchBet, ErrSyntax, ErrFadeLimit, ErrNoSeat,
	ErrRollSource, ErrCut, ErrOverflow}

// ttTB is what the checks need of a *testing.T, a *testing.B or a *rapid.T.
type ttTB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// ttCmpTable compares whole tables, unexported state included.
var ttCmpTable = cmp.Options{cmp.AllowUnexported(Table{}, tableState{}, seat{}, placed{}, betState{}), cmpopts.EquateEmpty(),
	// The compiled definitions are caches: two tables in the same state
	// may have compiled different bets so far. The exposure kept is a
	// bound that a roll leaves high until it is counted again.
	// names is an index of seats.
	cmpopts.IgnoreFields(tableState{}, "autos", "props", "exposure", "names", "namesOf"), cmpopts.IgnoreFields(placed{}, "row", "quiet")}

// ttSameTable reports whether two tables are in the same state; faster
// than cmp.Equal, for the state machine's invariant.
func ttSameTable(a, b *Table) bool {
	// The compiled definitions (auto, st, quiet) are caches and do not count.
	sameBet := func(x, y placed) bool {
		return x.seat == y.seat && x.bet == y.bet && x.amount == y.amount && x.state == y.state &&
			x.paid == y.paid && x.working == y.working
	}
	return a.rules == b.rules && a.point == b.point && a.house == b.house && a.brought == b.brought && a.shooter == b.shooter &&
		a.handRolls == b.handRolls && a.sinceSeven == b.sinceSeven && a.thrown == b.thrown && slices.Equal(a.seats, b.seats) &&
		slices.EqualFunc(a.bets, b.bets, sameBet)
}

// ttSave is the table's saved form.
func ttSave(t ttTB, tb *Table) []byte {
	t.Helper()
	data, err := tb.MarshalJSON()
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	return data
}

// ttMoney is all the money at the table: bankrolls, the layout and the
// house's result. It never changes but by Join and Leave.
func ttMoney(tb *Table) Amount {
	m := tb.house
	for _, s := range tb.seats {
		m += s.bankroll
	}
	for _, p := range tb.bets {
		m += p.amount
	}
	return m
}

// ttCheckRefusal checks that err is a *TableError wrapping exactly one of
// the exported sentinels, and want if it is not nil.
func ttCheckRefusal(t ttTB, err, want error) {
	t.Helper()
	var te *TableError
	if !errors.As(err, &te) {
		t.Fatalf("refusal %v (%T) is not a *TableError", err, err)
	}
	n := 0
	for _, s := range ttSentinels {
		if errors.Is(err, s) {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("refusal %q wraps %d of the exported sentinels, want exactly 1", err, n)
	}
	if want != nil && !errors.Is(err, want) {
		t.Fatalf("refusal %q does not wrap %q", err, want)
	}
}

// Bets and throws, shortly.

func ttK(k BetKind) Bet        { return Bet{Kind: k} }
func ttN(k BetKind, n int) Bet { return Bet{Kind: k, Number: n} }
func ttHop(a, b uint8) Bet     { return Bet{Kind: Hop, Hop: Dice{a, b}} }
func ttHard(n int) Dice        { return Dice{uint8(n / 2), uint8(n / 2)} }
func ttDice(a, b uint8) Dice   { return Dice{a, b} }
func ttOps(ops ...ttOp) []ttOp { return ops }
func ttThen(ops []ttOp, more ...ttOp) []ttOp {
	return append(append([]ttOp(nil), ops...), more...)
}
func ttRes(rs ...Resolution) []Resolution { return rs }

// ttEasy is a throw of total n that is not a pair where n can be thrown
// otherwise, so that it never wins a hardway by accident.
func ttEasy(n int) Dice {
	return [13]Dice{2: {1, 1}, 3: {1, 2}, 4: {1, 3}, 5: {1, 4}, 6: {2, 4}, 7: {3, 4}, 8: {3, 5},
		9: {4, 5}, 10: {4, 6}, 11: {5, 6}, 12: {6, 6}}[n]
}

// A ttOp is one step of a scripted game; it fails the test if refused.
type ttOp func(t *testing.T, tb *Table)

func ttStakeFor(player string, b Bet, a Amount) ttOp {
	return func(t *testing.T, tb *Table) {
		t.Helper()
		if err := tb.Place(player, b, a); err != nil {
			t.Fatalf("setup: place %v %d for %s: %v", b, a, player, err)
		}
	}
}

// ttDo runs ops on tb.
func ttDo(t *testing.T, tb *Table, ops ...ttOp) {
	t.Helper()
	for _, op := range ops {
		op(t, tb)
	}
}

// ttStake places a bet for player p, the player every case looks at.
func ttStake(b Bet, a Amount) ttOp { return ttStakeFor("p", b, a) }

func ttThrow(d Dice) ttOp {
	return func(t *testing.T, tb *Table) {
		t.Helper()
		// roll is the path Roll and Deal share: scripted throws play at a
		// card table too.
		if _, err := tb.roll(d, nil); err != nil {
			t.Fatalf("setup: roll %v: %v", d, err)
		}
	}
}

// ttThrows throws easy totals in turn.
func ttThrows(totals ...int) ttOp {
	return func(t *testing.T, tb *Table) {
		t.Helper()
		for _, n := range totals {
			ttThrow(ttEasy(n))(t, tb)
		}
	}
}

func ttWork(b Bet, on bool) ttOp {
	return func(t *testing.T, tb *Table) {
		t.Helper()
		if err := tb.SetWorking("p", b, on); err != nil {
			t.Fatalf("setup: working %v %v: %v", b, on, err)
		}
	}
}

func ttJoin(name string, bankroll Amount) ttOp {
	return func(t *testing.T, tb *Table) {
		t.Helper()
		if err := tb.Join(name, bankroll); err != nil {
			t.Fatalf("setup: join %s: %v", name, err)
		}
	}
}

// ttNewTable is a table playing r with two players: q, who holds the dice,
// and p, whose bets each case looks at.
func ttNewTable(t *testing.T, r Rules, bankroll Amount) *Table {
	t.Helper()
	tb, err := NewTable(r)
	if err != nil {
		t.Fatalf("NewTable: %v", err)
	}
	for _, name := range []string{"q", "p"} {
		if err := tb.Join(name, bankroll); err != nil {
			t.Fatalf("join %s: %v", name, err)
		}
	}
	return tb
}

// Resolutions of player p's bets.

func ttWon(b Bet, stake, win Amount) Resolution {
	return Resolution{Player: "p", Bet: b, Outcome: OutcomeWon, Stake: stake, Win: win, Returned: stake}
}

// ttWonUp is a win paid to a bet that stays up.
func ttWonUp(b Bet, stake, win Amount) Resolution {
	return Resolution{Player: "p", Bet: b, Outcome: OutcomeWon, Stake: stake, Win: win, To: b}
}

func ttLost(b Bet, stake Amount) Resolution {
	return Resolution{Player: "p", Bet: b, Outcome: OutcomeLost, Stake: stake}
}

func ttPushed(b Bet, stake Amount) Resolution {
	return Resolution{Player: "p", Bet: b, Outcome: OutcomePushed, Stake: stake, Returned: stake}
}

func ttReturned(b Bet, stake Amount) Resolution {
	return Resolution{Player: "p", Bet: b, Outcome: OutcomeReturned, Stake: stake, Returned: stake}
}

func ttMoved(b Bet, stake Amount, to Bet) Resolution {
	return Resolution{Player: "p", Bet: b, Outcome: OutcomeMoved, Stake: stake, To: to}
}

type ttPlayCase struct {
	name   string
	reason string
	rules  Rules
	setup  []ttOp
	roll   Dice
	want   []Resolution // player p's
	point  int          // the puck after the roll
}

// ttRunPlay plays one case: the setup, then the roll, and checks p's
// resolutions, the puck, p's bankroll and the money at the table.
func ttRunPlay(t *testing.T, c ttPlayCase) {
	t.Helper()
	tb := ttNewTable(t, c.rules, 1_000_000)
	for _, op := range c.setup {
		op(t, tb)
	}
	money := ttMoney(tb)
	bank := tb.seats[1].bankroll
	res, err := tb.Roll(c.roll, nil)
	if err != nil {
		t.Fatalf("roll %v: %v", c.roll, err)
	}
	var got []Resolution
	var paid Amount
	for _, r := range res {
		if r.Player == "p" {
			got = append(got, r)
			paid += r.Win + r.Returned
		}
	}
	if diff := cmp.Diff(c.want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("%s\nroll %v: resolutions (-want +got):\n%s", c.reason, c.roll, diff)
	}
	if tb.Point() != c.point {
		t.Errorf("%s\nroll %v: point %d, want %d", c.reason, c.roll, tb.Point(), c.point)
	}
	if d := tb.seats[1].bankroll - bank; d != paid {
		t.Errorf("roll %v: p's bankroll rose by %d, the resolutions pay %d", c.roll, d, paid)
	}
	if m := ttMoney(tb); m != money {
		t.Errorf("roll %v: money at the table went from %d to %d", c.roll, money, m)
	}
}

func TestTableRoll(t *testing.T) {
	pass, dp, come, dc, field, fire := ttK(PassLine), ttK(DontPass), ttK(Come), ttK(DontCome), ttK(Field), ttK(Fire)
	passOdds := ttK(PassOdds)
	unit5 := Rules{Unit: 5}
	vegasUnit5 := Vegas()
	vegasUnit5.Unit = 5
	for1 := Rules{PropsFor1: true}
	// fourPoints is a fire bet whose shooter has made 4, 5, 6 and 8.
	fourPoints := ttOps(ttStake(fire, 10), ttThrows(4, 4, 5, 5, 6, 6, 8, 8))
	tests := []ttPlayCase{
		// The pass line (RULES §1, §2).
		{"pass/come-out 7", "a come-out 7 is a natural: the pass line wins 1:1", Standard(), ttOps(ttStake(pass, 100)), ttEasy(7), ttRes(ttWon(pass, 100, 100)), 0},
		{"pass/come-out 11", "a come-out 11 is a natural", Standard(), ttOps(ttStake(pass, 100)), ttEasy(11), ttRes(ttWon(pass, 100, 100)), 0},
		{"pass/come-out 2", "a come-out 2 is craps: the pass line loses", Standard(), ttOps(ttStake(pass, 100)), ttEasy(2), ttRes(ttLost(pass, 100)), 0},
		{"pass/come-out 3", "a come-out 3 is craps", Standard(), ttOps(ttStake(pass, 100)), ttEasy(3), ttRes(ttLost(pass, 100)), 0},
		{"pass/come-out 12", "a come-out 12 is craps", Standard(), ttOps(ttStake(pass, 100)), ttEasy(12), ttRes(ttLost(pass, 100)), 0},
		{"pass/come-out 6", "a come-out 6 sets the point; the pass line stands", Standard(), ttOps(ttStake(pass, 100)), ttEasy(6), nil, 6},
		{"pass/point made", "the point repeats before a 7: the pass line wins and the puck goes off", Standard(), ttOps(ttStake(pass, 100), ttThrows(6)), ttDice(1, 5), ttRes(ttWon(pass, 100, 100)), 0},
		{"pass/seven-out", "a 7 before the point: the pass line loses", Standard(), ttOps(ttStake(pass, 100), ttThrows(6)), ttEasy(7), ttRes(ttLost(pass, 100)), 0},
		{"pass/point on, 8", "other totals decide nothing once the point is on", Standard(), ttOps(ttStake(pass, 100), ttThrows(6)), ttEasy(8), nil, 6},
		{"pass/point on, 11", "11 is no natural once the point is on", Standard(), ttOps(ttStake(pass, 100), ttThrows(6)), ttEasy(11), nil, 6},
		{"pass/point on, 12", "12 is no craps once the point is on", Standard(), ttOps(ttStake(pass, 100), ttThrows(6)), ttEasy(12), nil, 6},

		// Crapless craps: 2, 3, 11 and 12 are points.
		{"crapless/come-out 11", "in crapless craps a come-out 11 is a point, not a natural", Crapless(), ttOps(ttStake(pass, 100)), ttEasy(11), nil, 11},
		{"crapless/come-out 2", "in crapless craps a come-out 2 is a point, not craps", Crapless(), ttOps(ttStake(pass, 100)), ttEasy(2), nil, 2},
		{"crapless/come-out 12", "in crapless craps 12 is a point", Crapless(), ttOps(ttStake(pass, 100)), ttEasy(12), nil, 12},
		{"crapless/point 11 made", "the 11 repeats before a 7", Crapless(), ttOps(ttStake(pass, 100), ttThrows(11)), ttDice(6, 5), ttRes(ttWon(pass, 100, 100)), 0},
		{"crapless/come-out 7", "7 is still a natural", Crapless(), ttOps(ttStake(pass, 100)), ttEasy(7), ttRes(ttWon(pass, 100, 100)), 0},
		{"crapless/place 2", "crapless place 2 pays 11:2 (Wizard of Odds)", Crapless(), ttOps(ttThrows(4), ttStake(ttN(Place, 2), 10)), ttEasy(2), ttRes(ttWonUp(ttN(Place, 2), 10, 55)), 4},
		{"crapless/place 12", "crapless place 12 pays 11:2", Crapless(), ttOps(ttThrows(4), ttStake(ttN(Place, 12), 10)), ttEasy(12), ttRes(ttWonUp(ttN(Place, 12), 10, 55)), 4},
		{"crapless/place 11", "crapless place 11 pays 11:4", Crapless(), ttOps(ttThrows(4), ttStake(ttN(Place, 11), 20)), ttEasy(11), ttRes(ttWonUp(ttN(Place, 11), 20, 55)), 4},
		{"crapless/place 3", "crapless place 3 pays 11:4", Crapless(), ttOps(ttThrows(4), ttStake(ttN(Place, 3), 4)), ttEasy(3), ttRes(ttWonUp(ttN(Place, 3), 4, 11)), 4},
		{"crapless/pass odds on 2", "true odds on 2 are 6:1", Crapless(), ttOps(ttStake(pass, 10), ttThrows(2), ttStake(passOdds, 30)), ttEasy(2), ttRes(ttWon(pass, 10, 10), ttWon(ttN(PassOdds, 2), 30, 180)), 0},

		// Don't pass, bar 12 (the posted casino rules and the croupier trainer).
		{"don't pass/come-out 2", "don't pass wins on come-out craps", Standard(), ttOps(ttStake(dp, 100)), ttEasy(2), ttRes(ttWon(dp, 100, 100)), 0},
		{"don't pass/come-out 3", "don't pass wins on a come-out 3", Standard(), ttOps(ttStake(dp, 100)), ttEasy(3), ttRes(ttWon(dp, 100, 100)), 0},
		{"don't pass/come-out 12", "12 is barred: a push", Standard(), ttOps(ttStake(dp, 100)), ttEasy(12), ttRes(ttPushed(dp, 100)), 0},
		{"don't pass/come-out 7", "don't pass loses to a natural", Standard(), ttOps(ttStake(dp, 100)), ttEasy(7), ttRes(ttLost(dp, 100)), 0},
		{"don't pass/come-out 11", "don't pass loses to a natural 11", Standard(), ttOps(ttStake(dp, 100)), ttEasy(11), ttRes(ttLost(dp, 100)), 0},
		{"don't pass/come-out 6", "the point is set; don't pass stands", Standard(), ttOps(ttStake(dp, 100)), ttEasy(6), nil, 6},
		{"don't pass/seven-out", "don't pass wins on the seven-out", Standard(), ttOps(ttStake(dp, 100), ttThrows(6)), ttEasy(7), ttRes(ttWon(dp, 100, 100)), 0},
		{"don't pass/point made", "don't pass loses when the point is made", Standard(), ttOps(ttStake(dp, 100), ttThrows(6)), ttDice(5, 1), ttRes(ttLost(dp, 100)), 0},

		// Bar 2 (the second casino's rules).
		{"bar 2/come-out 2", "the second casino's rules bars the 2: a push", Bar2(), ttOps(ttStake(dp, 100)), ttEasy(2), ttRes(ttPushed(dp, 100)), 0},
		{"bar 2/come-out 12", "with the 2 barred, 12 wins for don't pass", Bar2(), ttOps(ttStake(dp, 100)), ttEasy(12), ttRes(ttWon(dp, 100, 100)), 0},
		{"bar 2/come-out 3", "3 wins for don't pass under either bar", Bar2(), ttOps(ttStake(dp, 100)), ttEasy(3), ttRes(ttWon(dp, 100, 100)), 0},
		{"bar 2/don't come 2", "the don't come bar is the don't pass bar", Bar2(), ttOps(ttThrows(4), ttStake(dc, 100)), ttEasy(2), ttRes(ttPushed(dc, 100)), 4},
		{"bar 2/don't come 12", "12 wins for don't come under bar 2", Bar2(), ttOps(ttThrows(4), ttStake(dc, 100)), ttEasy(12), ttRes(ttWon(dc, 100, 100)), 4},

		// Come bets: the next roll is their own come-out.
		{"come/7", "a 7 is a natural for a come bet in the box, though it sevens out the shooter", Standard(), ttOps(ttThrows(4), ttStake(come, 100)), ttEasy(7), ttRes(ttWon(come, 100, 100)), 0},
		{"come/11", "11 is a natural for a come bet", Standard(), ttOps(ttThrows(4), ttStake(come, 100)), ttEasy(11), ttRes(ttWon(come, 100, 100)), 4},
		{"come/2", "2 is craps for a come bet", Standard(), ttOps(ttThrows(4), ttStake(come, 100)), ttEasy(2), ttRes(ttLost(come, 100)), 4},
		{"come/3", "3 is craps for a come bet", Standard(), ttOps(ttThrows(4), ttStake(come, 100)), ttEasy(3), ttRes(ttLost(come, 100)), 4},
		{"come/12", "12 is craps for a come bet", Standard(), ttOps(ttThrows(4), ttStake(come, 100)), ttEasy(12), ttRes(ttLost(come, 100)), 4},
		{"come/9", "a 9 moves the come bet to 9, unpaid (the croupier trainer, example 6)", Standard(), ttOps(ttThrows(4), ttStake(come, 100)), ttEasy(9), ttRes(ttMoved(come, 100, ttN(Come, 9))), 4},
		{"come/the point", "the shooter's point moves the come bet to that number", Standard(), ttOps(ttThrows(4), ttStake(come, 100)), ttDice(3, 1), ttRes(ttMoved(come, 100, ttN(Come, 4))), 0},
		{"come 9/9", "the come bet's own point repeats", Standard(), ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9)), ttDice(5, 4), ttRes(ttWon(ttN(Come, 9), 100, 100)), 4},
		{"come 9/seven-out", "a 7 before its number", Standard(), ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9)), ttEasy(7), ttRes(ttLost(ttN(Come, 9), 100)), 0},
		{"come 9/point made", "the shooter's point does not decide a come bet on another number", Standard(), ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9)), ttDice(3, 1), nil, 0},
		{"come 9/come-out 9", "a come bet works on the come-out", Standard(), ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9, 4)), ttEasy(9), ttRes(ttWon(ttN(Come, 9), 100, 100)), 9},

		// Odds behind come bets: off on the come-out unless turned on (the posted casino rules and the croupier trainer).
		{"come odds/9", "come odds pay true odds, 3:2 on 9", Standard(), ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9), ttStake(ttN(ComeOdds, 9), 40)), ttEasy(9),
			ttRes(ttWon(ttN(Come, 9), 100, 100), ttWon(ttN(ComeOdds, 9), 40, 60)), 4},
		{"come odds/seven-out", "come odds lose with their bet", Standard(), ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9), ttStake(ttN(ComeOdds, 9), 40)), ttEasy(7),
			ttRes(ttLost(ttN(Come, 9), 100), ttLost(ttN(ComeOdds, 9), 40)), 0},
		{"come odds off/come-out 9", "the come bet wins; its odds were off, so they come back", Standard(),
			ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9), ttStake(ttN(ComeOdds, 9), 40), ttThrows(4)), ttEasy(9),
			ttRes(ttWon(ttN(Come, 9), 100, 100), ttReturned(ttN(ComeOdds, 9), 40)), 9},
		{"come odds off/come-out 7", "the come bet loses; its odds were off, so they come back", Standard(),
			ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9), ttStake(ttN(ComeOdds, 9), 40), ttThrows(4)), ttEasy(7),
			ttRes(ttLost(ttN(Come, 9), 100), ttReturned(ttN(ComeOdds, 9), 40)), 0},
		{"come odds off/come-out 5", "nothing decides the come bet: both stand", Standard(),
			ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9), ttStake(ttN(ComeOdds, 9), 40), ttThrows(4)), ttEasy(5), nil, 5},
		{"come odds working/come-out 9", "odds turned on for the come-out are paid", Standard(),
			ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9), ttStake(ttN(ComeOdds, 9), 40), ttWork(ttN(ComeOdds, 9), true), ttThrows(4)), ttEasy(9),
			ttRes(ttWon(ttN(Come, 9), 100, 100), ttWon(ttN(ComeOdds, 9), 40, 60)), 9},
		{"come odds working/come-out 7", "odds turned on for the come-out are lost", Standard(),
			ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9), ttStake(ttN(ComeOdds, 9), 40), ttWork(ttN(ComeOdds, 9), true), ttThrows(4)), ttEasy(7),
			ttRes(ttLost(ttN(Come, 9), 100), ttLost(ttN(ComeOdds, 9), 40)), 0},
		{"come odds on by rule/come-out 9", "Rules.ComeOut.ComeOdds On makes every come odds work", Rules{ComeOut: ComeOutWorking{ComeOdds: SwitchOn}},
			ttOps(ttThrows(4), ttStake(come, 100), ttThrows(9), ttStake(ttN(ComeOdds, 9), 40), ttThrows(4)), ttEasy(9),
			ttRes(ttWon(ttN(Come, 9), 100, 100), ttWon(ttN(ComeOdds, 9), 40, 60)), 9},

		// Don't come.
		{"don't come/2", "2 wins for a don't come bet in the box", Standard(), ttOps(ttThrows(4), ttStake(dc, 100)), ttEasy(2), ttRes(ttWon(dc, 100, 100)), 4},
		{"don't come/3", "3 wins for don't come", Standard(), ttOps(ttThrows(4), ttStake(dc, 100)), ttEasy(3), ttRes(ttWon(dc, 100, 100)), 4},
		{"don't come/12", "12 is barred for don't come", Standard(), ttOps(ttThrows(4), ttStake(dc, 100)), ttEasy(12), ttRes(ttPushed(dc, 100)), 4},
		{"don't come/7", "7 loses a don't come bet in the box", Standard(), ttOps(ttThrows(4), ttStake(dc, 100)), ttEasy(7), ttRes(ttLost(dc, 100)), 0},
		{"don't come/11", "11 loses a don't come bet in the box", Standard(), ttOps(ttThrows(4), ttStake(dc, 100)), ttEasy(11), ttRes(ttLost(dc, 100)), 4},
		{"don't come/5", "a 5 moves the don't come bet behind the 5", Standard(), ttOps(ttThrows(4), ttStake(dc, 100)), ttEasy(5), ttRes(ttMoved(dc, 100, ttN(DontCome, 5))), 4},
		{"don't come 5/7", "a 7 before the 5 wins", Standard(), ttOps(ttThrows(4), ttStake(dc, 100), ttThrows(5)), ttEasy(7), ttRes(ttWon(ttN(DontCome, 5), 100, 100)), 0},
		{"don't come 5/5", "the 5 before a 7 loses", Standard(), ttOps(ttThrows(4), ttStake(dc, 100), ttThrows(5)), ttDice(2, 3), ttRes(ttLost(ttN(DontCome, 5), 100)), 4},
		{"don't come odds/come-out 7", "lay odds behind don't come work on the come-out: 2:3 on 5", Standard(),
			ttOps(ttThrows(4), ttStake(dc, 100), ttThrows(5), ttStake(ttN(DontComeOdds, 5), 60), ttThrows(4)), ttEasy(7),
			ttRes(ttWon(ttN(DontCome, 5), 100, 100), ttWon(ttN(DontComeOdds, 5), 60, 40)), 0},
		{"don't come odds/come-out 5", "working lay odds lose with their bet", Standard(),
			ttOps(ttThrows(4), ttStake(dc, 100), ttThrows(5), ttStake(ttN(DontComeOdds, 5), 60), ttThrows(4)), ttEasy(5),
			ttRes(ttLost(ttN(DontCome, 5), 100), ttLost(ttN(DontComeOdds, 5), 60)), 5},
		{"don't come odds off/come-out 7", "lay odds turned off come back when their bet is decided", Standard(),
			ttOps(ttThrows(4), ttStake(dc, 100), ttThrows(5), ttStake(ttN(DontComeOdds, 5), 60), ttWork(ttN(DontComeOdds, 5), false), ttThrows(4)), ttEasy(7),
			ttRes(ttWon(ttN(DontCome, 5), 100, 100), ttReturned(ttN(DontComeOdds, 5), 60)), 0},
		{"don't come odds off/come-out 5", "lay odds turned off come back when their bet loses", Standard(),
			ttOps(ttThrows(4), ttStake(dc, 100), ttThrows(5), ttStake(ttN(DontComeOdds, 5), 60), ttWork(ttN(DontComeOdds, 5), false), ttThrows(4)), ttEasy(5),
			ttRes(ttLost(ttN(DontCome, 5), 100), ttReturned(ttN(DontComeOdds, 5), 60)), 5},

		// Put bets.
		{"put/8", "a put bet is a pass bet on 8; its odds pay 6:5", Standard(), ttOps(ttThrows(6), ttStake(ttN(Put, 8), 100), ttStake(ttN(PutOdds, 8), 500)), ttEasy(8),
			ttRes(ttWon(ttN(Put, 8), 100, 100), ttWon(ttN(PutOdds, 8), 500, 600)), 6},
		{"put/seven-out", "put and odds lose to a 7", Standard(), ttOps(ttThrows(6), ttStake(ttN(Put, 8), 100), ttStake(ttN(PutOdds, 8), 500)), ttEasy(7),
			ttRes(ttLost(ttN(Put, 8), 100), ttLost(ttN(PutOdds, 8), 500)), 0},
		{"put odds off/come-out 8", "put odds are off on the come-out like come odds", Standard(),
			ttOps(ttThrows(6), ttStake(ttN(Put, 8), 100), ttStake(ttN(PutOdds, 8), 500), ttThrow(ttDice(1, 5))), ttEasy(8),
			ttRes(ttWon(ttN(Put, 8), 100, 100), ttReturned(ttN(PutOdds, 8), 500)), 8},
		{"put odds off/come-out 7", "put odds come back when their bet loses on the come-out", Standard(),
			ttOps(ttThrows(6), ttStake(ttN(Put, 8), 100), ttStake(ttN(PutOdds, 8), 500), ttThrow(ttDice(1, 5))), ttEasy(7),
			ttRes(ttLost(ttN(Put, 8), 100), ttReturned(ttN(PutOdds, 8), 500)), 0},

		// Odds behind the line, at true odds (RULES §2).
		{"pass odds/4", "odds on 4 pay 2:1", Standard(), ttOps(ttStake(pass, 10), ttThrows(4), ttStake(passOdds, 30)), ttDice(3, 1),
			ttRes(ttWon(pass, 10, 10), ttWon(ttN(PassOdds, 4), 30, 60)), 0},
		{"pass odds/5", "odds on 5 pay 3:2", Standard(), ttOps(ttStake(pass, 10), ttThrows(5), ttStake(passOdds, 40)), ttDice(3, 2),
			ttRes(ttWon(pass, 10, 10), ttWon(ttN(PassOdds, 5), 40, 60)), 0},
		{"pass odds/6", "odds on 6 pay 6:5 (the croupier trainer, example 4)", Standard(), ttOps(ttStake(pass, 10), ttThrows(6), ttStake(passOdds, 50)), ttDice(1, 5),
			ttRes(ttWon(pass, 10, 10), ttWon(ttN(PassOdds, 6), 50, 60)), 0},
		{"pass odds/9", "odds on 9 pay 3:2", Standard(), ttOps(ttStake(pass, 10), ttThrows(9), ttStake(passOdds, 40)), ttDice(6, 3),
			ttRes(ttWon(pass, 10, 10), ttWon(ttN(PassOdds, 9), 40, 60)), 0},
		{"pass odds/10 seven-out", "odds lose with the line", Standard(), ttOps(ttStake(pass, 10), ttThrows(10), ttStake(passOdds, 30)), ttEasy(7),
			ttRes(ttLost(pass, 10), ttLost(ttN(PassOdds, 10), 30)), 0},
		{"lay odds/4", "lay odds on 4 pay 1:2", Standard(), ttOps(ttStake(dp, 10), ttThrows(4), ttStake(ttK(DontPassOdds), 60)), ttEasy(7),
			ttRes(ttWon(dp, 10, 10), ttWon(ttN(DontPassOdds, 4), 60, 30)), 0},
		{"lay odds/5", "lay odds on 5 pay 2:3", Standard(), ttOps(ttStake(dp, 10), ttThrows(5), ttStake(ttK(DontPassOdds), 60)), ttEasy(7),
			ttRes(ttWon(dp, 10, 10), ttWon(ttN(DontPassOdds, 5), 60, 40)), 0},
		{"lay odds/6", "lay odds on 6 pay 5:6 (the croupier trainer, example 5: 120 wins 100)", Standard(), ttOps(ttStake(dp, 10), ttThrows(6), ttStake(ttK(DontPassOdds), 60)), ttEasy(7),
			ttRes(ttWon(dp, 10, 10), ttWon(ttN(DontPassOdds, 6), 60, 50)), 0},
		{"lay odds/9 made", "lay odds lose when the point is made", Standard(), ttOps(ttStake(dp, 10), ttThrows(9), ttStake(ttK(DontPassOdds), 60)), ttDice(3, 6),
			ttRes(ttLost(dp, 10), ttLost(ttN(DontPassOdds, 9), 60)), 0},

		// Place bets: stay up after a win, off on the come-out.
		{"place 6/6", "place 6 pays 7:6 and stays up", Standard(), ttOps(ttThrows(5), ttStake(ttN(Place, 6), 12)), ttEasy(6), ttRes(ttWonUp(ttN(Place, 6), 12, 14)), 5},
		{"place 6/again", "a place bet that won is still up and wins again", Standard(), ttOps(ttThrows(5), ttStake(ttN(Place, 6), 12), ttThrows(6)), ttDice(1, 5), ttRes(ttWonUp(ttN(Place, 6), 12, 14)), 5},
		{"place 8/seven-out", "place bets lose to a 7", Standard(), ttOps(ttThrows(5), ttStake(ttN(Place, 8), 12)), ttEasy(7), ttRes(ttLost(ttN(Place, 8), 12)), 0},
		{"place 5/5", "place 5 pays 7:5", Standard(), ttOps(ttThrows(4), ttStake(ttN(Place, 5), 10)), ttEasy(5), ttRes(ttWonUp(ttN(Place, 5), 10, 14)), 4},
		{"place 9/9", "place 9 pays 7:5", Standard(), ttOps(ttThrows(4), ttStake(ttN(Place, 9), 10)), ttEasy(9), ttRes(ttWonUp(ttN(Place, 9), 10, 14)), 4},
		{"place 4/4", "place 4 pays 9:5", Standard(), ttOps(ttThrows(5), ttStake(ttN(Place, 4), 10)), ttEasy(4), ttRes(ttWonUp(ttN(Place, 4), 10, 18)), 5},
		{"place 10/10", "place 10 pays 9:5", Standard(), ttOps(ttThrows(5), ttStake(ttN(Place, 10), 10)), ttEasy(10), ttRes(ttWonUp(ttN(Place, 10), 10, 18)), 5},
		{"place 10/8", "another number decides nothing", Standard(), ttOps(ttThrows(5), ttStake(ttN(Place, 10), 10)), ttEasy(8), nil, 5},
		{"place off/come-out 7", "place bets are off on the come-out: a 7 leaves them", Standard(), ttOps(ttStake(ttN(Place, 6), 12)), ttEasy(7), nil, 0},
		{"place off/come-out 6", "off on the come-out: their number does not pay", Standard(), ttOps(ttStake(ttN(Place, 6), 12)), ttEasy(6), nil, 6},
		{"place working/come-out 7", "a place bet turned on loses to a come-out 7", Standard(), ttOps(ttStake(ttN(Place, 6), 12), ttWork(ttN(Place, 6), true)), ttEasy(7),
			ttRes(ttLost(ttN(Place, 6), 12)), 0},
		{"place working/come-out 6", "a place bet turned on wins on the come-out", Standard(), ttOps(ttStake(ttN(Place, 6), 12), ttWork(ttN(Place, 6), true)), ttEasy(6),
			ttRes(ttWonUp(ttN(Place, 6), 12, 14)), 6},
		{"place turned off/point on", "turning a bet off changes only come-outs", Standard(), ttOps(ttThrows(5), ttStake(ttN(Place, 6), 12), ttWork(ttN(Place, 6), false)), ttEasy(6),
			ttRes(ttWonUp(ttN(Place, 6), 12, 14)), 5},

		// Place to lose (the second casino's rules).
		{"place to lose 6/7", "a 7 before the 6 pays 4:5; the bet stays up", Standard(), ttOps(ttThrows(5), ttStake(ttN(PlaceToLose, 6), 50)), ttEasy(7),
			ttRes(ttWonUp(ttN(PlaceToLose, 6), 50, 40)), 0},
		{"place to lose 4/7", "5:11 on 4, rounded down", Standard(), ttOps(ttThrows(5), ttStake(ttN(PlaceToLose, 4), 11)), ttEasy(7), ttRes(ttWonUp(ttN(PlaceToLose, 4), 11, 5)), 0},
		{"place to lose 5/7", "5:8 on 5", Standard(), ttOps(ttThrows(4), ttStake(ttN(PlaceToLose, 5), 8)), ttEasy(7), ttRes(ttWonUp(ttN(PlaceToLose, 5), 8, 5)), 0},
		{"place to lose 6/6", "the 6 before a 7 loses", Standard(), ttOps(ttThrows(5), ttStake(ttN(PlaceToLose, 6), 50)), ttEasy(6), ttRes(ttLost(ttN(PlaceToLose, 6), 50)), 5},
		{"place to lose off/come-out 7", "off on the come-out like place bets", Standard(), ttOps(ttStake(ttN(PlaceToLose, 6), 50)), ttEasy(7), nil, 0},

		// Buy: true odds less commission.
		{"buy 4/standard 4", "true odds 2:1; the commission was taken when the bet was made", Standard(), ttOps(ttThrows(5), ttStake(ttN(Buy, 4), 20)), ttEasy(4),
			ttRes(ttWon(ttN(Buy, 4), 20, 40)), 5},
		{"buy 4/standard 7", "the bet is lost; the commission taken up front is kept", Standard(), ttOps(ttThrows(5), ttStake(ttN(Buy, 4), 20)), ttEasy(7),
			ttRes(ttLost(ttN(Buy, 4), 20)), 0},
		{"buy 4/vegas 4", "commission on a win only: 5% of the 20 bet comes off the 40 win", Vegas(), ttOps(ttThrows(5), ttStake(ttN(Buy, 4), 20)), ttEasy(4),
			ttRes(Resolution{Player: "p", Bet: ttN(Buy, 4), Outcome: OutcomeWon, Stake: 20, Win: 39, Returned: 20, Commission: 1}), 5},
		{"buy 4/vegas 7", "no commission on a loss", Vegas(), ttOps(ttThrows(5), ttStake(ttN(Buy, 4), 20)), ttEasy(7), ttRes(ttLost(ttN(Buy, 4), 20)), 0},
		{"buy 4/bar 2 7", "the second casino's rules: the commission comes back when the buy bet loses", Bar2(), ttOps(ttThrows(5), ttStake(ttN(Buy, 4), 20)), ttEasy(7),
			ttRes(Resolution{Player: "p", Bet: ttN(Buy, 4), Outcome: OutcomeLost, Stake: 20, Returned: 1}), 0},
		{"buy 10/bar 2 10", "a winning buy bet keeps its commission paid", Bar2(), ttOps(ttThrows(5), ttStake(ttN(Buy, 10), 20)), ttEasy(10), ttRes(ttWon(ttN(Buy, 10), 20, 40)), 5},
		{"buy 6/standard 6", "true odds 6:5", Standard(), ttOps(ttThrows(5), ttStake(ttN(Buy, 6), 100)), ttEasy(6), ttRes(ttWon(ttN(Buy, 6), 100, 120)), 5},
		{"buy off/come-out 7", "buy bets are off on the come-out", Standard(), ttOps(ttStake(ttN(Buy, 4), 20)), ttEasy(7), nil, 0},

		// Lay: true odds less commission, working on the come-out.
		{"lay 4/standard 7", "1:2 on 4; 5% of the win was taken up front", Standard(), ttOps(ttThrows(5), ttStake(ttN(Lay, 4), 40)), ttEasy(7), ttRes(ttWon(ttN(Lay, 4), 40, 20)), 0},
		{"lay 4/standard 4", "the 4 before a 7 loses", Standard(), ttOps(ttThrows(5), ttStake(ttN(Lay, 4), 40)), ttEasy(4), ttRes(ttLost(ttN(Lay, 4), 40)), 5},
		{"lay 5/standard 7", "2:3 on 5", Standard(), ttOps(ttThrows(4), ttStake(ttN(Lay, 5), 60)), ttEasy(7), ttRes(ttWon(ttN(Lay, 5), 60, 40)), 0},
		{"lay 6/standard 7", "5:6 on 6", Standard(), ttOps(ttThrows(5), ttStake(ttN(Lay, 6), 60)), ttEasy(7), ttRes(ttWon(ttN(Lay, 6), 60, 50)), 0},
		{"lay 4/vegas 7", "commission on a win only: 5% of the 20 win", Vegas(), ttOps(ttThrows(5), ttStake(ttN(Lay, 4), 40)), ttEasy(7),
			ttRes(Resolution{Player: "p", Bet: ttN(Lay, 4), Outcome: OutcomeWon, Stake: 40, Win: 19, Returned: 40, Commission: 1}), 0},
		{"lay 4/bar 2 7", "the second casino's lay commission was taken up front", Bar2(), ttOps(ttThrows(5), ttStake(ttN(Lay, 4), 40)), ttEasy(7), ttRes(ttWon(ttN(Lay, 4), 40, 20)), 0},
		{"lay 4/bar 2 4", "the second casino's rules keeps the lay commission on a loss", Bar2(), ttOps(ttThrows(5), ttStake(ttN(Lay, 4), 40)), ttEasy(4), ttRes(ttLost(ttN(Lay, 4), 40)), 5},
		{"lay works/come-out 7", "lay bets work on the come-out (the second casino's rules)", Standard(), ttOps(ttStake(ttN(Lay, 4), 40)), ttEasy(7), ttRes(ttWon(ttN(Lay, 4), 40, 20)), 0},
		{"lay turned off/come-out 7", "a lay bet turned off is left alone by a come-out 7", Standard(), ttOps(ttStake(ttN(Lay, 4), 40), ttWork(ttN(Lay, 4), false)), ttEasy(7), nil, 0},

		// Breakage: payouts rounded down to the table's unit.
		{"unit 5/place 6 for 10", "7:6 of 10 is 11.67: 11 in money, 10 in units of 5, breakage 1", unit5, ttOps(ttThrows(5), ttStake(ttN(Place, 6), 10)), ttEasy(6),
			ttRes(Resolution{Player: "p", Bet: ttN(Place, 6), Outcome: OutcomeWon, Stake: 10, Win: 10, Breakage: 1, To: ttN(Place, 6)}), 5},
		{"unit 5/place 5 for 5", "7:5 of 5 is 7: 5 paid, breakage 2", unit5, ttOps(ttThrows(4), ttStake(ttN(Place, 5), 5)), ttEasy(5),
			ttRes(Resolution{Player: "p", Bet: ttN(Place, 5), Outcome: OutcomeWon, Stake: 5, Win: 5, Breakage: 2, To: ttN(Place, 5)}), 4},
		{"unit 5/place 6 for 30", "7:6 of 30 is 35, whole units: no breakage", unit5, ttOps(ttThrows(5), ttStake(ttN(Place, 6), 30)), ttEasy(6), ttRes(ttWonUp(ttN(Place, 6), 30, 35)), 5},
		{"unit 5/lay 4 for 5", "1:2 of 5 is 2.5: nothing paid in units of 5, breakage 2 (the half is below the money unit)", unit5, ttOps(ttStake(ttN(Lay, 4), 5)), ttEasy(7),
			ttRes(Resolution{Player: "p", Bet: ttN(Lay, 4), Outcome: OutcomeWon, Stake: 5, Win: 0, Breakage: 2, Returned: 5}), 0},
		{"unit 5/buy 4 on win only", "5% of 25 is 1.25, which rounds down to no commission in units of 5", vegasUnit5, ttOps(ttThrows(5), ttStake(ttN(Buy, 4), 25)), ttEasy(4),
			ttRes(ttWon(ttN(Buy, 4), 25, 50)), 5},
		{"unit 5/field on 2", "2:1 of 5 is whole", unit5, ttOps(ttStake(field, 5)), ttEasy(2), ttRes(ttWon(field, 5, 10)), 0},

		// Big 6 and 8.
		{"big 6/6", "a 6 before a 7 pays 1:1; the bet stays up", Standard(), ttOps(ttThrows(4), ttStake(ttK(Big6), 10)), ttEasy(6), ttRes(ttWonUp(ttK(Big6), 10, 10)), 4},
		{"big 8/8", "an 8 before a 7 pays 1:1", Standard(), ttOps(ttThrows(4), ttStake(ttK(Big8), 10)), ttEasy(8), ttRes(ttWonUp(ttK(Big8), 10, 10)), 4},
		{"big 6/seven-out", "a 7 first loses", Standard(), ttOps(ttThrows(4), ttStake(ttK(Big6), 10)), ttEasy(7), ttRes(ttLost(ttK(Big6), 10)), 0},
		{"big 6/come-out 7", "big 6 and 8 always work (Rules.ComeOut's comment), unlike place bets", Standard(), ttOps(ttStake(ttK(Big6), 10)), ttEasy(7), ttRes(ttLost(ttK(Big6), 10)), 0},
		{"big 8/come-out 8", "and win on the come-out", Standard(), ttOps(ttStake(ttK(Big8), 10)), ttEasy(8), ttRes(ttWonUp(ttK(Big8), 10, 10)), 8},
		{"big 6 turned off/come-out 7", "a player may still turn them off", Standard(), ttOps(ttStake(ttK(Big6), 10), ttWork(ttK(Big6), false)), ttEasy(7), nil, 0},

		// The field, one roll.
		{"field/2", "2 pays 2:1", Standard(), ttOps(ttStake(field, 10)), ttEasy(2), ttRes(ttWon(field, 10, 20)), 0},
		{"field/3", "3 pays 1:1", Standard(), ttOps(ttStake(field, 10)), ttEasy(3), ttRes(ttWon(field, 10, 10)), 0},
		{"field/4", "4 pays 1:1", Standard(), ttOps(ttStake(field, 10)), ttEasy(4), ttRes(ttWon(field, 10, 10)), 4},
		{"field/9", "9 pays 1:1 (the croupier trainer, example 6)", Standard(), ttOps(ttStake(field, 10)), ttEasy(9), ttRes(ttWon(field, 10, 10)), 9},
		{"field/10", "10 pays 1:1", Standard(), ttOps(ttStake(field, 10)), ttEasy(10), ttRes(ttWon(field, 10, 10)), 10},
		{"field/11", "11 pays 1:1", Standard(), ttOps(ttStake(field, 10)), ttEasy(11), ttRes(ttWon(field, 10, 10)), 0},
		{"field/12", "12 pays 3:1 at the standard table", Standard(), ttOps(ttStake(field, 10)), ttEasy(12), ttRes(ttWon(field, 10, 30)), 0},
		{"field/12 bar 2", "the second casino's field pays 2:1 on 12", Bar2(), ttOps(ttStake(field, 10)), ttEasy(12), ttRes(ttWon(field, 10, 20)), 0},
		{"field/5", "5 loses", Standard(), ttOps(ttStake(field, 10)), ttEasy(5), ttRes(ttLost(field, 10)), 5},
		{"field/6", "6 loses (the croupier trainer, example 3)", Standard(), ttOps(ttStake(field, 10)), ttEasy(6), ttRes(ttLost(field, 10)), 6},
		{"field/7", "7 loses", Standard(), ttOps(ttStake(field, 10)), ttEasy(7), ttRes(ttLost(field, 10)), 0},
		{"field/8", "8 loses", Standard(), ttOps(ttStake(field, 10)), ttEasy(8), ttRes(ttLost(field, 10)), 8},

		// Hardways.
		{"hard 6/3-3", "hard 6 pays 9:1 and stays up", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 6), 10)), ttHard(6), ttRes(ttWonUp(ttN(Hardway, 6), 10, 90)), 5},
		{"hard 6/2-4", "the easy way loses", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 6), 10)), ttDice(2, 4), ttRes(ttLost(ttN(Hardway, 6), 10)), 5},
		{"hard 6/1-5", "any easy 6 loses", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 6), 10)), ttDice(5, 1), ttRes(ttLost(ttN(Hardway, 6), 10)), 5},
		{"hard 6/7", "a 7 loses", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 6), 10)), ttEasy(7), ttRes(ttLost(ttN(Hardway, 6), 10)), 0},
		{"hard 6/8", "another total decides nothing", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 6), 10)), ttHard(8), nil, 5},
		{"hard 4/2-2", "hard 4 pays 7:1", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 4), 10)), ttHard(4), ttRes(ttWonUp(ttN(Hardway, 4), 10, 70)), 5},
		{"hard 10/5-5", "hard 10 pays 7:1", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 10), 10)), ttHard(10), ttRes(ttWonUp(ttN(Hardway, 10), 10, 70)), 5},
		{"hard 8/4-4", "hard 8 pays 9:1", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 8), 10)), ttHard(8), ttRes(ttWonUp(ttN(Hardway, 8), 10, 90)), 5},
		{"hard 4/1-3", "easy 4 loses", Standard(), ttOps(ttThrows(5), ttStake(ttN(Hardway, 4), 10)), ttDice(1, 3), ttRes(ttLost(ttN(Hardway, 4), 10)), 5},
		{"hard 6 off/come-out 7", "hardways are off on the come-out by default", Standard(), ttOps(ttStake(ttN(Hardway, 6), 10)), ttEasy(7), nil, 0},
		{"hard 6 off/come-out 3-3", "off: the hard 6 on the come-out does not pay", Standard(), ttOps(ttStake(ttN(Hardway, 6), 10)), ttHard(6), nil, 6},
		{"hard 6 working/come-out 7", "turned on, a come-out 7 loses it", Standard(), ttOps(ttStake(ttN(Hardway, 6), 10), ttWork(ttN(Hardway, 6), true)), ttEasy(7),
			ttRes(ttLost(ttN(Hardway, 6), 10)), 0},
		{"hard 6 working/come-out 3-3", "turned on, the hard 6 pays on the come-out", Standard(), ttOps(ttStake(ttN(Hardway, 6), 10), ttWork(ttN(Hardway, 6), true)), ttHard(6),
			ttRes(ttWonUp(ttN(Hardway, 6), 10, 90)), 6},

		// One-roll propositions.
		{"any 7/7", "any 7 pays 4:1", Standard(), ttOps(ttStake(ttK(Any7), 10)), ttEasy(7), ttRes(ttWon(ttK(Any7), 10, 40)), 0},
		{"any 7/6", "any other total loses", Standard(), ttOps(ttStake(ttK(Any7), 10)), ttEasy(6), ttRes(ttLost(ttK(Any7), 10)), 6},
		{"any craps/2", "any craps pays 7:1", Standard(), ttOps(ttStake(ttK(AnyCraps), 10)), ttEasy(2), ttRes(ttWon(ttK(AnyCraps), 10, 70)), 0},
		{"any craps/3", "3 is craps", Standard(), ttOps(ttStake(ttK(AnyCraps), 10)), ttEasy(3), ttRes(ttWon(ttK(AnyCraps), 10, 70)), 0},
		{"any craps/12", "12 is craps", Standard(), ttOps(ttStake(ttK(AnyCraps), 10)), ttEasy(12), ttRes(ttWon(ttK(AnyCraps), 10, 70)), 0},
		{"any craps/7", "7 loses", Standard(), ttOps(ttStake(ttK(AnyCraps), 10)), ttEasy(7), ttRes(ttLost(ttK(AnyCraps), 10)), 0},
		{"aces/2", "2 pays 30:1", Standard(), ttOps(ttStake(ttK(Aces), 10)), ttEasy(2), ttRes(ttWon(ttK(Aces), 10, 300)), 0},
		{"aces/3", "3 loses the 2 bet", Standard(), ttOps(ttStake(ttK(Aces), 10)), ttEasy(3), ttRes(ttLost(ttK(Aces), 10)), 0},
		{"ace-deuce/2-1", "3 pays 15:1 either way round", Standard(), ttOps(ttStake(ttK(AceDeuce), 10)), ttDice(2, 1), ttRes(ttWon(ttK(AceDeuce), 10, 150)), 0},
		{"yo/6-5", "11 pays 15:1", Standard(), ttOps(ttStake(ttK(Yo), 10)), ttDice(6, 5), ttRes(ttWon(ttK(Yo), 10, 150)), 0},
		{"boxcars/12", "12 pays 30:1", Standard(), ttOps(ttStake(ttK(Boxcars), 10)), ttEasy(12), ttRes(ttWon(ttK(Boxcars), 10, 300)), 0},
		{"for 1/aces", "30 for 1 is 29:1 (the croupier trainer)", for1, ttOps(ttStake(ttK(Aces), 10)), ttEasy(2), ttRes(ttWon(ttK(Aces), 10, 290)), 0},
		{"for 1/yo", "15 for 1 is 14:1", for1, ttOps(ttStake(ttK(Yo), 10)), ttEasy(11), ttRes(ttWon(ttK(Yo), 10, 140)), 0},
		{"for 1/hop 3-3", "a hard hop 30 for 1 is 29:1", for1, ttOps(ttStake(ttHop(3, 3), 10)), ttHard(6), ttRes(ttWon(ttHop(3, 3), 10, 290)), 6},
		{"for 1/hop 2-5", "an easy hop 15 for 1 is 14:1", for1, ttOps(ttStake(ttHop(2, 5), 10)), ttDice(5, 2), ttRes(ttWon(ttHop(2, 5), 10, 140)), 0},
		{"for 1/any 7", "any 7 is not changed by the for-1 printing", for1, ttOps(ttStake(ttK(Any7), 10)), ttEasy(7), ttRes(ttWon(ttK(Any7), 10, 40)), 0},
		{"horn/2", "a quarter on the 2 wins 30, three quarters lose: 27 net", Standard(), ttOps(ttStake(ttK(Horn), 4)), ttEasy(2), ttRes(ttWon(ttK(Horn), 4, 27)), 0},
		{"horn/3", "15 less three units", Standard(), ttOps(ttStake(ttK(Horn), 4)), ttEasy(3), ttRes(ttWon(ttK(Horn), 4, 12)), 0},
		{"horn/11", "15 less three units", Standard(), ttOps(ttStake(ttK(Horn), 4)), ttEasy(11), ttRes(ttWon(ttK(Horn), 4, 12)), 0},
		{"horn/12", "30 less three units", Standard(), ttOps(ttStake(ttK(Horn), 4)), ttEasy(12), ttRes(ttWon(ttK(Horn), 4, 27)), 0},
		{"horn/7", "no part wins", Standard(), ttOps(ttStake(ttK(Horn), 4)), ttEasy(7), ttRes(ttLost(ttK(Horn), 4)), 0},
		{"horn high 12/12", "two units on 12 win 60, three lose", Standard(), ttOps(ttStake(ttN(HornHigh, 12), 5)), ttEasy(12), ttRes(ttWon(ttN(HornHigh, 12), 5, 57)), 0},
		{"horn high 12/2", "one unit on 2 wins 30, four lose", Standard(), ttOps(ttStake(ttN(HornHigh, 12), 5)), ttEasy(2), ttRes(ttWon(ttN(HornHigh, 12), 5, 26)), 0},
		{"horn high 12/3", "one unit on 3 wins 15, four lose", Standard(), ttOps(ttStake(ttN(HornHigh, 12), 5)), ttEasy(3), ttRes(ttWon(ttN(HornHigh, 12), 5, 11)), 0},
		{"horn high 12/7", "no part wins", Standard(), ttOps(ttStake(ttN(HornHigh, 12), 5)), ttEasy(7), ttRes(ttLost(ttN(HornHigh, 12), 5)), 0},
		{"c&e/2", "any craps half wins 7, the 11 half loses 1", Standard(), ttOps(ttStake(ttK(CAndE), 2)), ttEasy(2), ttRes(ttWon(ttK(CAndE), 2, 6)), 0},
		{"c&e/12", "12 is craps", Standard(), ttOps(ttStake(ttK(CAndE), 2)), ttEasy(12), ttRes(ttWon(ttK(CAndE), 2, 6)), 0},
		{"c&e/11", "the 11 half wins 15, the craps half loses 1", Standard(), ttOps(ttStake(ttK(CAndE), 2)), ttEasy(11), ttRes(ttWon(ttK(CAndE), 2, 14)), 0},
		{"c&e/7", "neither half wins", Standard(), ttOps(ttStake(ttK(CAndE), 2)), ttEasy(7), ttRes(ttLost(ttK(CAndE), 2)), 0},
		{"world/7", "the any 7 fifth wins 4, the horn loses 4: a push", Standard(), ttOps(ttStake(ttK(World), 5)), ttEasy(7), ttRes(ttPushed(ttK(World), 5)), 0},
		{"world/2", "30 less four units", Standard(), ttOps(ttStake(ttK(World), 5)), ttEasy(2), ttRes(ttWon(ttK(World), 5, 26)), 0},
		{"world/11", "15 less four units", Standard(), ttOps(ttStake(ttK(World), 5)), ttEasy(11), ttRes(ttWon(ttK(World), 5, 11)), 0},
		{"world/6", "no part wins", Standard(), ttOps(ttStake(ttK(World), 5)), ttEasy(6), ttRes(ttLost(ttK(World), 5)), 6},
		{"hop 2-5/2-5", "an easy hop pays 15:1", Standard(), ttOps(ttStake(ttHop(2, 5), 10)), ttDice(2, 5), ttRes(ttWon(ttHop(2, 5), 10, 150)), 0},
		{"hop 2-5/5-2", "either order", Standard(), ttOps(ttStake(ttHop(2, 5), 10)), ttDice(5, 2), ttRes(ttWon(ttHop(2, 5), 10, 150)), 0},
		{"hop 2-5/3-4", "another 7 loses the hop", Standard(), ttOps(ttStake(ttHop(2, 5), 10)), ttEasy(7), ttRes(ttLost(ttHop(2, 5), 10)), 0},
		{"hop 3-3/3-3", "a hard hop pays 30:1", Standard(), ttOps(ttStake(ttHop(3, 3), 10)), ttHard(6), ttRes(ttWon(ttHop(3, 3), 10, 300)), 6},
		{"hop 3-3/2-4", "the easy 6 loses the hard hop", Standard(), ttOps(ttStake(ttHop(3, 3), 10)), ttDice(2, 4), ttRes(ttLost(ttHop(3, 3), 10)), 6},

		// The fire bet: settled at the seven-out only.
		{"fire/four points", "four different points made pay 24:1 at the seven-out", Standard(), ttThen(fourPoints, ttThrows(9)), ttEasy(7),
			ttRes(ttWon(fire, 10, 240)), 0},
		{"fire/fourth point made", "making a point pays nothing yet", Standard(), ttOps(ttStake(fire, 10), ttThrows(4, 4, 5, 5, 6, 6, 8)), ttDice(5, 3), nil, 0},
		{"fire/come-out 7", "a come-out 7 is no seven-out", Standard(), fourPoints, ttEasy(7), nil, 0},
		{"fire/come-out craps", "craps on the come-out keeps the hand going", Standard(), fourPoints, ttEasy(12), nil, 0},
		{"fire/five points", "five points pay 249:1", Standard(), ttThen(fourPoints, ttThrows(9, 9, 10)), ttEasy(7), ttRes(ttWon(fire, 10, 2490)), 0},
		{"fire/six points", "six points pay 999:1", Standard(), ttThen(fourPoints, ttThrows(9, 9, 10, 10, 4)), ttEasy(7), ttRes(ttWon(fire, 10, 9990)), 0},
		{"fire/three points", "fewer than four points lose", Standard(), ttOps(ttStake(fire, 10), ttThrows(4, 4, 5, 5, 6, 6, 8)), ttEasy(7), ttRes(ttLost(fire, 10)), 0},
		{"fire/repeated point", "a point made twice counts once", Standard(), ttOps(ttStake(fire, 10), ttThrows(4, 4, 4, 4, 5, 5, 6, 6, 8)), ttEasy(7), ttRes(ttLost(fire, 10)), 0},

		// All, tall and small: paid as soon as every total is in.
		{"small/complete", "2, 3, 4, 5 and 6 before a 7 pay 34:1 at once", Standard(), ttOps(ttStake(ttK(Small), 10), ttThrows(2, 3, 4, 5)), ttEasy(6),
			ttRes(ttWon(ttK(Small), 10, 340)), 4},
		{"small/7", "a 7 first loses", Standard(), ttOps(ttStake(ttK(Small), 10), ttThrows(2, 3, 4)), ttEasy(7), ttRes(ttLost(ttK(Small), 10)), 0},
		{"small/repeat", "a total already in changes nothing", Standard(), ttOps(ttStake(ttK(Small), 10), ttThrows(2, 3, 4)), ttEasy(3), nil, 4},
		{"tall/complete", "8, 9, 10, 11 and 12 before a 7 pay 34:1", Standard(), ttOps(ttStake(ttK(Tall), 10), ttThrows(12, 11, 10, 9)), ttEasy(8),
			ttRes(ttWon(ttK(Tall), 10, 340)), 10},
		{"all/complete", "every total but 7 before a 7 pays 175:1", Standard(), ttOps(ttStake(ttK(All), 10), ttThrows(2, 3, 11, 12, 4, 5, 6, 8, 9)), ttEasy(10),
			ttRes(ttWon(ttK(All), 10, 1750)), 4},
		{"all/come-out 7", "all loses to any 7, come-out or not", Standard(), ttOps(ttStake(ttK(All), 10), ttThrows(2)), ttEasy(7), ttRes(ttLost(ttK(All), 10)), 0},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) { ttRunPlay(t, c) })
	}
}

func TestTableSevenOutPassesDice(t *testing.T) {
	tb, _ := NewTable(Standard())
	for _, name := range []string{"a", "b", "c"} {
		if err := tb.Join(name, 1000); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		roll    int
		shooter string
		reason  string
	}{
		{4, "a", "the first player to join holds the dice; a come-out 4 sets the point"},
		{7, "b", "a seven-out passes the dice to the next player"},
		{7, "b", "a come-out 7 is a natural: the shooter keeps the dice"},
		{2, "b", "come-out craps: the shooter keeps the dice"},
		{6, "b", "the point is set"},
		{6, "b", "the point is made: the shooter keeps the dice"},
		{5, "b", "a new point"},
		{7, "c", "seven-out: to the third player"},
		{10, "c", "a point"},
		{7, "a", "seven-out: the dice go round to the first player again"},
	}
	for i, s := range steps {
		if _, err := tb.Roll(ttEasy(s.roll), nil); err != nil {
			t.Fatal(err)
		}
		if got := tb.Shooter(); got != s.shooter {
			t.Errorf("roll %d (%d): shooter %q, want %q: %s", i, s.roll, got, s.shooter, s.reason)
		}
	}
	// A new shooter may make a fire bet before the first roll, not after.
	if err := tb.Place("c", ttK(Fire), 5); err != nil {
		t.Errorf("fire bet before the new shooter's first roll: %v", err)
	}
	if _, err := tb.Roll(ttEasy(3), nil); err != nil {
		t.Fatal(err)
	}
	if err := tb.Place("b", ttK(Fire), 5); !errors.Is(err, ErrNotNow) {
		t.Errorf("fire bet after the shooter's first roll: %v, want ErrNotNow", err)
	}
}

// A shooter who leaves hands the dice to the next player, who finishes the
// hand: the point, the fire bets' record and the hand's roll count go on.
// (An earlier Leave reset the roll count, which made running fire bets
// removable and let a new fire bet be made while a point was on.)
func TestTableShooterLeavesMidHand(t *testing.T) {
	t.Run("fire bet with points made stays a contract", func(t *testing.T) {
		tb := ttNewTable(t, Standard(), 1000)
		ttDo(t, tb, ttStake(ttK(Fire), 10), ttThrows(4, 4, 5, 5)) // p's fire bet has 4 and 5
		if _, err := tb.Leave("q"); err != nil {                  // the shooter goes; p takes the dice
			t.Fatal(err)
		}
		before := ttSave(t, tb)
		if _, err := tb.TakeDown("p", ttK(Fire)); !errors.Is(err, ErrContract) {
			t.Errorf("take down a fire bet with two points made: %v, want ErrContract", err)
		}
		if err := tb.Place("p", ttK(Fire), 10); !errors.Is(err, ErrNotNow) {
			t.Errorf("raise a fire bet with two points made: %v, want ErrNotNow", err)
		}
		if after := ttSave(t, tb); string(after) != string(before) {
			t.Errorf("refused calls changed the table")
		}
		// p finishes the hand: two more points and the seven-out.
		ttDo(t, tb, ttThrows(6, 6, 8, 8, 9))
		res, err := tb.Roll(ttEasy(7), nil)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(ttRes(ttWon(ttK(Fire), 10, 240)), res); diff != "" {
			t.Errorf("the fire bet over two shooters (-want +got):\n%s", diff)
		}
	})
	t.Run("no fire bet while a point is on", func(t *testing.T) {
		tb := ttNewTable(t, Standard(), 1000)
		ttThrows(6)(t, tb) // q sets the point 6
		if _, err := tb.Leave("q"); err != nil {
			t.Fatal(err)
		}
		before := ttSave(t, tb)
		if err := tb.Place("p", ttK(Fire), 10); !errors.Is(err, ErrNotNow) {
			// Accepted, the bet would be out of step with the puck: the
			// table would no longer restore, and a come-out natural would
			// lose the fire bet as if it were a seven-out.
			t.Errorf("fire bet while the point is on, after the shooter left: %v, want ErrNotNow", err)
		}
		if after := ttSave(t, tb); string(after) != string(before) {
			t.Errorf("the refused call changed the table")
		}
		if tb.Shooter() != "p" || tb.Point() != 6 {
			t.Errorf("shooter %q, point %d; want p to finish the hand on 6", tb.Shooter(), tb.Point())
		}
	})
}

// ttRefusal is a call that the table must refuse, leaving it unchanged.
type ttRefusal struct {
	name   string
	reason string
	rules  Rules
	setup  []ttOp
	call   func(tb *Table) error
	want   error
}

func ttPlaceCall(player string, b Bet, a Amount) func(*Table) error {
	return func(tb *Table) error { return tb.Place(player, b, a) }
}

func ttReduceCall(player string, b Bet, a Amount) func(*Table) error {
	return func(tb *Table) error { return tb.Reduce(player, b, a) }
}

func ttTakeDownCall(player string, b Bet) func(*Table) error {
	return func(tb *Table) error { _, err := tb.TakeDown(player, b); return err }
}

func TestTableRefuses(t *testing.T) {
	pass, dp, come, field := ttK(PassLine), ttK(DontPass), ttK(Come), ttK(Field)
	passOdds, layOdds := ttK(PassOdds), ttK(DontPassOdds)
	min10 := Rules{Minimum: 10}
	max100 := Rules{Maximum: 100}
	unit5 := Rules{Unit: 5}
	noPut := Rules{NotOffered: Kinds(Put)}
	noField := Rules{NotOffered: Kinds(Field)}
	layStake := Rules{Lay: LayStakeMultiple}
	tests := []ttRefusal{
		// ErrNotNow.
		{"come before a point", "a come bet is made only while a point is on", Standard(), nil, ttPlaceCall("p", come, 10), ErrNotNow},
		{"don't come before a point", "likewise don't come", Standard(), nil, ttPlaceCall("p", ttK(DontCome), 10), ErrNotNow},
		{"put before a point", "a put bet is a line bet made after the point", Standard(), nil, ttPlaceCall("p", ttN(Put, 6), 10), ErrNotNow},
		{"come on a number", "a come bet is made in the box and moves itself", Standard(), ttOps(ttThrows(4)), ttPlaceCall("p", ttN(Come, 9), 10), ErrNotNow},
		{"odds with no line bet", "pass odds need a pass line bet under them", Standard(), ttOps(ttThrows(4)), ttPlaceCall("p", passOdds, 10), ErrNotNow},
		{"pass odds with the puck off", "no point, nothing to take odds on", Standard(), ttOps(ttStake(pass, 10)), ttPlaceCall("p", passOdds, 10), ErrNotNow},
		{"pass odds on another number", "pass odds stand on the point", Standard(), ttOps(ttStake(pass, 10), ttThrows(4)), ttPlaceCall("p", ttN(PassOdds, 5), 10), ErrNotNow},
		{"come odds with no come bet", "odds need the come bet on that number", Standard(), ttOps(ttThrows(4)), ttPlaceCall("p", ttN(ComeOdds, 9), 10), ErrNotNow},
		{"lay odds with no don't pass", "lay odds need a don't pass bet", Standard(), ttOps(ttStake(pass, 10), ttThrows(4)), ttPlaceCall("p", layOdds, 10), ErrNotNow},
		{"don't pass after the point", "don't pass is made on the come-out", Standard(), ttOps(ttThrows(4)), ttPlaceCall("p", dp, 10), ErrNotNow},
		{"don't pass raised after the point", "a don't bet on its point may be reduced, never raised", Standard(), ttOps(ttStake(dp, 10), ttThrows(4)), ttPlaceCall("p", dp, 10), ErrNotNow},
		{"pass after the point without put bets", "a table with no put bets takes no pass line bet after the point", noPut, ttOps(ttThrows(4)), ttPlaceCall("p", pass, 10), ErrNotNow},
		{"fire after the first roll", "the fire bet is made before the shooter's first roll", Standard(), ttOps(ttThrows(2)), ttPlaceCall("p", ttK(Fire), 10), ErrNotNow},
		{"all after a roll", "all/tall/small are made before the first roll after a 7", Standard(), ttOps(ttThrows(4)), ttPlaceCall("p", ttK(All), 10), ErrNotNow},
		{"tall after a roll", "likewise tall", Standard(), ttOps(ttThrows(2)), ttPlaceCall("p", ttK(Tall), 10), ErrNotNow},
		{"leave with bets up", "a player takes bets down before leaving", Standard(), ttOps(ttStake(field, 10)), func(tb *Table) error { _, err := tb.Leave("p"); return err }, ErrNotNow},
		{"pass line turned off", "line bets always work", Standard(), ttOps(ttStake(pass, 10)), func(tb *Table) error { return tb.SetWorking("p", pass, false) }, ErrNotNow},
		{"field turned off", "one-roll bets always work", Standard(), ttOps(ttStake(field, 10)), func(tb *Table) error { return tb.SetWorking("p", field, false) }, ErrNotNow},
		{"line down with odds behind", "the odds go down first, or with TakeDown", Bar2(), ttOps(ttStake(pass, 10), ttThrows(4), ttStake(passOdds, 10)), ttReduceCall("p", pass, 10), ErrNotNow},

		// ErrNotOffered.
		{"crapless don't pass", "crapless craps has no don't bets", Crapless(), nil, ttPlaceCall("p", dp, 10), ErrNotOffered},
		{"crapless fire", "nor a fire bet", Crapless(), nil, ttPlaceCall("p", ttK(Fire), 10), ErrNotOffered},
		{"vegas place to lose", "the Vegas preset does not offer place to lose", Vegas(), nil, ttPlaceCall("p", ttN(PlaceToLose, 6), 10), ErrNotOffered},
		{"place 2 at a standard table", "2 is not a point outside crapless craps", Standard(), ttOps(ttThrows(4)), ttPlaceCall("p", ttN(Place, 2), 10), ErrNotOffered},
		{"field not offered", "NotOffered lists the field", noField, nil, ttPlaceCall("p", field, 10), ErrNotOffered},

		// ErrSyntax.
		{"place 7", "place 7 is no bet at all", Standard(), nil, ttPlaceCall("p", ttN(Place, 7), 10), ErrSyntax},
		{"hard 5", "there is no hard 5", Standard(), nil, ttPlaceCall("p", ttN(Hardway, 5), 10), ErrSyntax},
		{"hop out of order", "a hop names its smaller face first", Standard(), nil, ttPlaceCall("p", ttHop(5, 2), 10), ErrSyntax},
		{"no bet", "the zero Bet is no bet", Standard(), nil, ttPlaceCall("p", Bet{}, 10), ErrSyntax},
		{"roll 0-3", "a face of 0", Standard(), ttOps(ttStake(field, 10)), func(tb *Table) error { _, err := tb.Roll(Dice{0, 3}, nil); return err }, ErrSyntax},
		{"roll 7-1", "a face of 7", Standard(), ttOps(ttStake(field, 10)), func(tb *Table) error { _, err := tb.Roll(Dice{7, 1}, nil); return err }, ErrSyntax},

		// ErrTableLimit.
		{"below the minimum", "a 5 bet at a 10 minimum", min10, nil, ttPlaceCall("p", field, 5), ErrTableLimit},
		{"one below the minimum", "9 at a 10 minimum", min10, nil, ttPlaceCall("p", field, 9), ErrTableLimit},
		{"one above the maximum", "101 at a 100 maximum", max100, nil, ttPlaceCall("p", field, 101), ErrTableLimit},
		{"above the maximum", "105 at a 100 maximum", max100, nil, ttPlaceCall("p", field, 105), ErrTableLimit},
		{"raised above the maximum", "the limit is on the whole bet", max100, ttOps(ttStake(field, 100)), ttPlaceCall("p", field, 5), ErrTableLimit},
		{"reduced below the minimum", "20 less 15 leaves 5 at a 10 minimum", min10, ttOps(ttStake(field, 20)), ttReduceCall("p", field, 15), ErrTableLimit},

		// ErrUnit.
		{"not whole units", "7 at a table of 5 chips", unit5, nil, ttPlaceCall("p", field, 7), ErrUnit},
		{"odds not whole units", "odds are in whole chips too", unit5, ttOps(ttStake(pass, 10), ttThrows(4)), ttPlaceCall("p", passOdds, 7), ErrUnit},
		{"reduced by part of a unit", "3 off a bet at a table of 5 chips", unit5, ttOps(ttStake(field, 10)), ttReduceCall("p", field, 3), ErrUnit},

		// ErrOddsLimit, 3-4-5x.
		{"odds 4x on 4", "3x on 4: pass 10 allows odds 30, not 40", Standard(), ttOps(ttStake(pass, 10), ttThrows(4)), ttPlaceCall("p", passOdds, 40), ErrOddsLimit},
		{"odds raised past 3x", "the limit is on the whole odds bet", Standard(), ttOps(ttStake(pass, 10), ttThrows(4), ttStake(passOdds, 30)), ttPlaceCall("p", passOdds, 5), ErrOddsLimit},
		{"odds past 4x on 5", "4x on 5", Standard(), ttOps(ttStake(pass, 10), ttThrows(5)), ttPlaceCall("p", passOdds, 41), ErrOddsLimit},
		{"odds past 5x on 6", "5x on 6", Standard(), ttOps(ttStake(pass, 10), ttThrows(6)), ttPlaceCall("p", passOdds, 51), ErrOddsLimit},
		{"come odds past 4x on 9", "the same limit behind a come bet", Standard(), ttOps(ttThrows(4), ttStake(come, 10), ttThrows(9)), ttPlaceCall("p", ttN(ComeOdds, 9), 41), ErrOddsLimit},
		{"lay odds past 6x on 4", "lay to win 3x: 60 on 4 behind 10, not 65", Standard(), ttOps(ttStake(dp, 10), ttThrows(4)), ttPlaceCall("p", layOdds, 65), ErrOddsLimit},
		{"lay odds past 6x on 6", "lay to win 5x: 60 on 6 behind 10", Standard(), ttOps(ttStake(dp, 10), ttThrows(6)), ttPlaceCall("p", layOdds, 61), ErrOddsLimit},
		{"lay stake multiple", "LayStakeMultiple: lay at most 3x on 4", layStake, ttOps(ttStake(dp, 10), ttThrows(4)), ttPlaceCall("p", layOdds, 31), ErrOddsLimit},
		{"bar 2 odds 1x", "the second casino's rules: odds at most the line bet", Bar2(), ttOps(ttStake(pass, 10), ttThrows(6)), ttPlaceCall("p", passOdds, 11), ErrOddsLimit},
		{"bar 2 lay odds", "the second casino's rules: lay what wins the line bet: 12 on 6 behind 10", Bar2(), ttOps(ttStake(dp, 10), ttThrows(6)), ttPlaceCall("p", layOdds, 13), ErrOddsLimit},
		{"line reduced under its odds", "odds 10 behind a pass reduced to 5 would be 2x at a 1x table", Bar2(), ttOps(ttStake(pass, 10), ttThrows(4), ttStake(passOdds, 10)), ttReduceCall("p", pass, 5), ErrOddsLimit},

		// ErrFunds.
		{"more than the bankroll", "1001 from 1000", Standard(), nil, ttPlaceCall("p", field, 1001), ErrFunds},
		{"commission counts", "buy 4 for 1000 costs 1050", Standard(), nil, ttPlaceCall("p", ttN(Buy, 4), 1000), ErrFunds},
		{"lay commission counts", "lay 4 for 1000 costs 1025 (5% of the 500 win)", Standard(), nil, ttPlaceCall("p", ttN(Lay, 4), 1000), ErrFunds},

		// ErrContract.
		{"pass reduced after the point", "the posted casino rules and the croupier trainer forbid taking a pass bet down after its point", Standard(), ttOps(ttStake(pass, 20), ttThrows(4)), ttReduceCall("p", pass, 10), ErrContract},
		{"pass taken down after the point", "a contract bet", Standard(), ttOps(ttStake(pass, 20), ttThrows(4)), ttTakeDownCall("p", pass), ErrContract},
		{"come taken down on its number", "a come bet on its number is a contract bet", Standard(), ttOps(ttThrows(4), ttStake(come, 10), ttThrows(9)), ttTakeDownCall("p", ttN(Come, 9)), ErrContract},
		{"come reduced on its number", "likewise reduced", Standard(), ttOps(ttThrows(4), ttStake(come, 20), ttThrows(9)), ttReduceCall("p", ttN(Come, 9), 10), ErrContract},
		{"put taken down", "a put bet stands on its number", Standard(), ttOps(ttThrows(4), ttStake(ttN(Put, 8), 10)), ttTakeDownCall("p", ttN(Put, 8)), ErrContract},
		{"fire taken down", "a fire bet stands once its shooter has rolled", Standard(), ttOps(ttStake(ttK(Fire), 10), ttThrows(3)), ttTakeDownCall("p", ttK(Fire)), ErrContract},
		{"small taken down", "all/tall/small stand once a total has counted", Standard(), ttOps(ttStake(ttK(Small), 10), ttThrows(3)), ttTakeDownCall("p", ttK(Small)), ErrContract},

		// ErrAmount.
		{"zero", "a bet of nothing", Standard(), nil, ttPlaceCall("p", field, 0), ErrAmount},
		{"negative", "a negative bet", Standard(), nil, ttPlaceCall("p", field, -5), ErrAmount},
		{"above MaxAmount", "MaxAmount bounds every bet", Standard(), nil, ttPlaceCall("p", field, MaxAmount+1), ErrAmount},
		{"raised above MaxAmount", "MaxAmount bounds the whole bet", Standard(), ttOps(ttJoin("rich", MaxAmount), ttStakeFor("rich", field, MaxAmount)), ttPlaceCall("rich", field, 1), ErrAmount},
		{"negative bankroll", "a player brings no debt", Standard(), nil, func(tb *Table) error { return tb.Join("r", -1) }, ErrAmount},
		{"bankroll above MaxAmount", "nor more than MaxAmount", Standard(), nil, func(tb *Table) error { return tb.Join("r", MaxAmount+1) }, ErrAmount},
		{"reduced by nothing", "reduce by 0", Standard(), ttOps(ttStake(field, 10)), ttReduceCall("p", field, 0), ErrAmount},
		{"reduced by more than the bet", "11 off 10", Standard(), ttOps(ttStake(field, 10)), ttReduceCall("p", field, 11), ErrAmount},

		// ErrUnknownPlayer.
		{"place for a stranger", "no player zed", Standard(), nil, ttPlaceCall("zed", field, 10), ErrUnknownPlayer},
		{"reduce for a stranger", "no player zed", Standard(), nil, ttReduceCall("zed", field, 10), ErrUnknownPlayer},
		{"take down for a stranger", "no player zed", Standard(), nil, ttTakeDownCall("zed", field), ErrUnknownPlayer},
		{"working for a stranger", "no player zed", Standard(), nil, func(tb *Table) error { return tb.SetWorking("zed", field, true) }, ErrUnknownPlayer},
		{"stranger leaves", "no player zed", Standard(), nil, func(tb *Table) error { _, err := tb.Leave("zed"); return err }, ErrUnknownPlayer},
		{"bets of a stranger", "no player zed", Standard(), nil, func(tb *Table) error { _, err := tb.Bets("zed"); return err }, ErrUnknownPlayer},
		{"nameless player", "a player needs a name", Standard(), nil, func(tb *Table) error { return tb.Join("", 10) }, ErrUnknownPlayer},

		// ErrNoSuchBet.
		{"reduce a bet not made", "p has no field bet", Standard(), nil, ttReduceCall("p", field, 10), ErrNoSuchBet},
		{"take down a bet not made", "p has no place 6", Standard(), nil, ttTakeDownCall("p", ttN(Place, 6)), ErrNoSuchBet},
		{"turn on a bet not made", "p has no place 6", Standard(), nil, func(tb *Table) error { return tb.SetWorking("p", ttN(Place, 6), true) }, ErrNoSuchBet},
		{"pass odds down with the puck off", "no point, no odds", Standard(), ttOps(ttStake(pass, 10)), ttTakeDownCall("p", passOdds), ErrNoSuchBet},
		{"another player's bet", "q's field is not p's", Standard(), ttOps(ttStakeFor("q", field, 10)), ttTakeDownCall("p", field), ErrNoSuchBet},

		// ErrPlayerExists.
		{"join twice", "the name is taken", Standard(), nil, func(tb *Table) error { return tb.Join("p", 10) }, ErrPlayerExists},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			tb := ttNewTable(t, c.rules, 1000)
			for _, op := range c.setup {
				op(t, tb)
			}
			before, clone := ttSave(t, tb), tb.Clone()
			err := c.call(tb)
			if err == nil {
				t.Fatalf("%s: accepted, want %v", c.reason, c.want)
			}
			ttCheckRefusal(t, err, c.want)
			if after := ttSave(t, tb); string(after) != string(before) {
				t.Errorf("%s: the refused call changed the table:\nbefore %s\nafter  %s", c.reason, before, after)
			}
			if diff := cmp.Diff(clone, tb, ttCmpTable); diff != "" {
				t.Errorf("%s: the refused call changed the table (-before +after):\n%s", c.reason, diff)
			}
		})
	}
}

// TestTableAllows holds the calls next to the refusals above that must
// succeed, with the money they move.
func TestTableAllows(t *testing.T) {
	pass, dp, come, field := ttK(PassLine), ttK(DontPass), ttK(Come), ttK(Field)
	passOdds, layOdds := ttK(PassOdds), ttK(DontPassOdds)
	tests := []struct {
		name   string
		reason string
		rules  Rules
		setup  []ttOp
		call   func(tb *Table) error
		change Amount // of p's bankroll
		left   []BetState
	}{
		{"odds 3x on 4", "3-4-5x: pass 10 allows odds 30 on 4", Standard(), ttOps(ttStake(pass, 10), ttThrows(4)), ttPlaceCall("p", passOdds, 30), -30,
			[]BetState{{Bet: pass, Amount: 10, Working: true}, {Bet: ttN(PassOdds, 4), Amount: 30, Working: true}}},
		{"lay odds 6x", "lay 60 on 4 behind 10 wins 30, the 3x", Standard(), ttOps(ttStake(dp, 10), ttThrows(4)), ttPlaceCall("p", layOdds, 60), -60,
			[]BetState{{Bet: dp, Amount: 10, Working: true}, {Bet: ttN(DontPassOdds, 4), Amount: 60, Working: true}}},
		{"bar 2 lay odds", "the second casino's rules: 12 on 6 behind 10 wins 10", Bar2(), ttOps(ttStake(dp, 10), ttThrows(6)), ttPlaceCall("p", layOdds, 12), -12,
			[]BetState{{Bet: dp, Amount: 10, Working: true}, {Bet: ttN(DontPassOdds, 6), Amount: 12, Working: true}}},
		{"bar 2 pass reduced", "the second casino's rules let pass bets be reduced after the point", Bar2(), ttOps(ttStake(pass, 20), ttThrows(4)), ttReduceCall("p", pass, 10), 10,
			[]BetState{{Bet: pass, Amount: 10, Working: true}}},
		{"bar 2 pass down with odds", "TakeDown brings the odds down with the line", Bar2(), ttOps(ttStake(pass, 20), ttThrows(4), ttStake(passOdds, 20)), ttTakeDownCall("p", pass), 40, nil},
		{"bar 2 come down with odds", "and the odds behind a come bet", Bar2(), ttOps(ttThrows(4), ttStake(come, 20), ttThrows(9), ttStake(ttN(ComeOdds, 9), 20)), ttTakeDownCall("p", ttN(Come, 9)), 40, nil},
		{"bar 2 pass raised", "the second casino's rules let pass bets be raised after the point", Bar2(), ttOps(ttStake(pass, 20), ttThrows(4)), ttPlaceCall("p", pass, 10), -10,
			[]BetState{{Bet: pass, Amount: 30, Working: true}}},
		{"don't pass down after the point", "don't bets may always come down, with their odds", Standard(), ttOps(ttStake(dp, 10), ttThrows(4), ttStake(layOdds, 60)), ttTakeDownCall("p", dp), 70, nil},
		{"don't pass reduced", "and be reduced", Standard(), ttOps(ttStake(dp, 20), ttThrows(4)), ttReduceCall("p", dp, 10), 10, []BetState{{Bet: dp, Amount: 10, Working: true}}},
		{"pass odds down", "odds are never contract bets", Standard(), ttOps(ttStake(pass, 10), ttThrows(4), ttStake(passOdds, 30)), ttTakeDownCall("p", passOdds), 30,
			[]BetState{{Bet: pass, Amount: 10, Working: true}}},
		{"pass odds reduced", "odds may be changed at any time", Standard(), ttOps(ttStake(pass, 10), ttThrows(4), ttStake(passOdds, 30)), ttReduceCall("p", passOdds, 10), 10,
			[]BetState{{Bet: pass, Amount: 10, Working: true}, {Bet: ttN(PassOdds, 4), Amount: 20, Working: true}}},
		{"pass after the point", "with put bets offered, a pass line bet after the point plays that point", Standard(), ttOps(ttThrows(4)), ttPlaceCall("p", pass, 10), -10,
			[]BetState{{Bet: pass, Amount: 10, Working: true}}},
		{"pass down on the come-out", "before its point a pass bet may come down", Standard(), ttOps(ttStake(pass, 10)), ttTakeDownCall("p", pass), 10, nil},
		{"put raised", "ErrContract is for bets reduced or taken down; more on a put bet is another put bet", Standard(), ttOps(ttThrows(4), ttStake(ttN(Put, 8), 10)), ttPlaceCall("p", ttN(Put, 8), 10), -10,
			[]BetState{{Bet: ttN(Put, 8), Amount: 20, Working: true}}},
		{"pass raised after the point", "likewise more on the pass line once the point is on", Standard(), ttOps(ttStake(pass, 10), ttThrows(4)), ttPlaceCall("p", pass, 10), -10,
			[]BetState{{Bet: pass, Amount: 20, Working: true}}},
		{"come in the box raised", "a come bet in the box is not yet a contract", Standard(), ttOps(ttThrows(4), ttStake(come, 10)), ttPlaceCall("p", come, 10), -10,
			[]BetState{{Bet: come, Amount: 20, Working: true}}},
		{"fire before the first roll", "the fire bet is made and may come down before the shooter's first roll", Standard(), ttOps(ttStake(ttK(Fire), 10)), ttTakeDownCall("p", ttK(Fire)), 10, nil},
		{"small after a 7", "all/tall/small may be made again after any 7", Standard(), ttOps(ttThrows(4, 7)), ttPlaceCall("p", ttK(Small), 10), -10,
			[]BetState{{Bet: ttK(Small), Amount: 10, Working: true}}},
		{"place 6 down", "place bets come down at any time", Standard(), ttOps(ttThrows(4), ttStake(ttN(Place, 6), 12)), ttTakeDownCall("p", ttN(Place, 6)), 12, nil},
		{"place turned on", "SetWorking records the player's choice", Standard(), ttOps(ttStake(ttN(Place, 6), 12)), func(tb *Table) error { return tb.SetWorking("p", ttN(Place, 6), true) }, 0,
			[]BetState{{Bet: ttN(Place, 6), Amount: 12, Working: true}}},
		{"standard buy commission", "buy 4 for 20 costs 21: 5% of the bet up front (zero Commission)", Standard(), nil, ttPlaceCall("p", ttN(Buy, 4), 20), -21,
			[]BetState{{Bet: ttN(Buy, 4), Amount: 20, Commission: 1}}},
		{"standard buy commission rounds down", "5% of 30 is 1.5: 1 (RoundDown)", Standard(), nil, ttPlaceCall("p", ttN(Buy, 4), 30), -31,
			[]BetState{{Bet: ttN(Buy, 4), Amount: 30, Commission: 1}}},
		{"buy commission rounds up", "RoundUp: 5% of 30 is 2", Rules{BuyCommission: Commission{Rounding: RoundUp}}, nil, ttPlaceCall("p", ttN(Buy, 4), 30), -32,
			[]BetState{{Bet: ttN(Buy, 4), Amount: 30, Commission: 2}}},
		{"buy commission minimum", "a minimum commission of 1 on a 10 buy", Rules{BuyCommission: Commission{Minimum: 1}}, nil, ttPlaceCall("p", ttN(Buy, 4), 10), -11,
			[]BetState{{Bet: ttN(Buy, 4), Amount: 10, Commission: 1}}},
		{"buy raised", "the commission is on the whole bet, less what was paid", Standard(), ttOps(ttStake(ttN(Buy, 4), 20)), ttPlaceCall("p", ttN(Buy, 4), 20), -21,
			[]BetState{{Bet: ttN(Buy, 4), Amount: 40, Commission: 2}}},
		{"vegas buy", "commission on a win only: nothing up front", Vegas(), nil, ttPlaceCall("p", ttN(Buy, 4), 20), -20, []BetState{{Bet: ttN(Buy, 4), Amount: 20}}},
		{"standard buy down", "the up-front commission is kept", Standard(), ttOps(ttStake(ttN(Buy, 4), 20)), ttTakeDownCall("p", ttN(Buy, 4)), 20, nil},
		{"bar 2 buy down", "the second casino's rules give the commission back when the bet is taken down", Bar2(), ttOps(ttStake(ttN(Buy, 4), 20)), ttTakeDownCall("p", ttN(Buy, 4)), 21, nil},
		{"bar 2 buy reduced", "half the bet down gives back the commission on that half", Bar2(), ttOps(ttStake(ttN(Buy, 4), 40)), ttReduceCall("p", ttN(Buy, 4), 20), 21,
			[]BetState{{Bet: ttN(Buy, 4), Amount: 20, Commission: 1}}},
		{"standard lay commission", "lay 4 for 40 costs 41: 5% of the 20 win", Standard(), nil, ttPlaceCall("p", ttN(Lay, 4), 40), -41,
			[]BetState{{Bet: ttN(Lay, 4), Amount: 40, Working: true, Commission: 1}}},
		{"vegas lay", "nothing up front", Vegas(), nil, ttPlaceCall("p", ttN(Lay, 4), 40), -40, []BetState{{Bet: ttN(Lay, 4), Amount: 40, Working: true}}},
		{"bar 2 lay commission", "the second casino's rules: 5% of the 40 bet", Bar2(), nil, ttPlaceCall("p", ttN(Lay, 4), 40), -42,
			[]BetState{{Bet: ttN(Lay, 4), Amount: 40, Working: true, Commission: 2}}},
		{"bar 2 lay down", "the second casino's rules keeps the lay commission", Bar2(), ttOps(ttStake(ttN(Lay, 4), 40)), ttTakeDownCall("p", ttN(Lay, 4)), 40, nil},
		{"field", "a plain bet", Standard(), nil, ttPlaceCall("p", field, 10), -10, []BetState{{Bet: field, Amount: 10, Working: true}}},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			tb := ttNewTable(t, c.rules, 1000)
			for _, op := range c.setup {
				op(t, tb)
			}
			money, bank := ttMoney(tb), tb.seats[1].bankroll
			if err := c.call(tb); err != nil {
				t.Fatalf("%s: %v", c.reason, err)
			}
			if d := tb.seats[1].bankroll - bank; d != c.change {
				t.Errorf("%s: bankroll changed by %d, want %d", c.reason, d, c.change)
			}
			got, err := tb.Bets("p")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.left, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s: bets (-want +got):\n%s", c.reason, diff)
			}
			if m := ttMoney(tb); m != money {
				t.Errorf("money at the table went from %d to %d", money, m)
			}
		})
	}
}

// The TakeDown of a line bet reports what came back, odds included.
func TestTableTakeDownReturns(t *testing.T) {
	tb := ttNewTable(t, Bar2(), 1000)
	ttDo(t, tb, ttStake(ttK(PassLine), 20), ttThrows(4), ttStake(ttK(PassOdds), 20))
	got, err := tb.TakeDown("p", ttK(PassLine))
	if err != nil || got != 40 {
		t.Errorf("TakeDown(pass line with odds 20) = %d, %v; want 40, nil", got, err)
	}
}

// ---- The Table against the analysis ----

// ttExactStake divides into every payout of the presets exactly: 7:6,
// 7:5, 9:5, 11:2, 11:4, 6:5, 3:2, 5:6, 2:3, 1:6, 1:3, 5:11, 5:8, 4:5, the
// horn's quarters and the world's fifths, and 5% commission on the bet or
// on the win of any buy or lay. So nothing is lost to breakage or rounding.
const ttExactStake Amount = 6600

// ttChainState is a bet and what it remembers between rolls.
type ttChainState struct {
	bet   Bet
	state betState
}

// ttQuantities solved for: the chances of a win, a loss and a push, the
// expected net result per unit staked (before commission paid up front)
// and the expected rolls to the decision.
const (
	ttWin = iota
	ttLose
	ttPush
	ttNet
	ttRolls
	ttNQ
)

// ttChain is a bet's states as the Table plays them: for each state, where
// each of the 36 throws takes the bet.
type ttChain struct {
	states []ttChainState
	index  map[ttChainState]int
	self   []int64
	out    []map[int]int64
	term   [][ttNQ]*big.Rat
	counts [][4]int // won, lost, pushed, not decided
}

func (c *ttChain) add(s ttChainState) int {
	if i, ok := c.index[s]; ok {
		return i
	}
	c.index[s] = len(c.states)
	c.states = append(c.states, s)
	c.self = append(c.self, 0)
	c.out = append(c.out, map[int]int64{})
	var term [ttNQ]*big.Rat
	for q := range term {
		term[q] = new(big.Rat)
	}
	term[ttRolls].SetInt64(36)
	c.term = append(c.term, term)
	c.counts = append(c.counts, [4]int{})
	return len(c.states) - 1
}

// ttPuck is the puck that goes with a bet's state: the pass line's and the
// fire bet's point is the shooter's; odds behind the line stand on it.
func ttPuck(s ttChainState) int8 {
	switch s.bet.Kind {
	case PassLine, DontPass, Fire:
		return s.state.point
	case PassOdds, DontPassOdds:
		return int8(s.bet.Number)
	}
	return 0
}

// ttTableChain plays bet b of stake, with commission paid up front, through
// Table.Roll from every state it reaches over the 36 throws, and checks each
// step against the bet's definition, Bet.roll.
func ttTableChain(t *testing.T, r Rules, b Bet, stake, paid Amount) *ttChain {
	t.Helper()
	c := &ttChain{index: map[ttChainState]int{}}
	c.add(ttChainState{b, b.start()})
	com := r.commission(b.Kind)
	hasCom := com != nil
	var autos []*automaton // each fresh table shares the compiled bets
	for i := 0; i < len(c.states); i++ {
		st := c.states[i]
		for _, d := range AllDice() {
			// The bet is working, as the analysis assumes.
			tb := &Table{rules: r, tableState: tableState{point: ttPuck(st), seats: []seat{{name: "p"}}, autos: autos,
				bets: []placed{{bet: st.bet, amount: stake, state: st.state, paid: paid, working: SwitchOn}}}}
			res, err := tb.roll(d, nil) // as Roll, or Deal at a card table, plays it
			autos = tb.autos
			if err != nil {
				t.Fatalf("%v in %+v, roll %v: %v", b, st, d, err)
			}
			if m := ttMoney(tb); m != stake {
				t.Fatalf("%v in %+v, roll %v: money %d, want %d", b, st, d, m, stake)
			}
			if len(res) > 1 {
				t.Fatalf("%v in %+v, roll %v: %d resolutions for one bet", b, st, d, len(res))
			}
			e := st.bet.roll(&r, st.state, d)
			var rr Resolution
			if len(res) == 1 {
				rr = res[0]
				if rr.Stake != stake || rr.Bet != st.bet || rr.Breakage != 0 || tb.seats[0].bankroll != rr.Win+rr.Returned {
					t.Fatalf("%v in %+v, roll %v: resolution %+v, bankroll %d", b, st, d, rr, tb.seats[0].bankroll)
				}
			}
			moves := (st.bet.Kind == Come || st.bet.Kind == DontCome) && e.verdict == stays && e.next.point != st.state.point
			switch {
			case moves:
				to := Bet{Kind: st.bet.Kind, Number: int(e.next.point)}
				if len(res) != 1 || rr.Outcome != OutcomeMoved || rr.To != to || len(tb.bets) != 1 || tb.bets[0].bet != to || tb.bets[0].state != e.next {
					t.Fatalf("%v in %+v, roll %v: Bet.roll moves it to %v; the table gives %+v and leaves %+v", b, st, d, to, res, tb.bets)
				}
				c.out[i][c.add(ttChainState{to, e.next})]++
				c.counts[i][3]++
			case e.verdict == stays:
				if len(res) != 0 || len(tb.bets) != 1 || tb.bets[0].state != e.next || tb.bets[0].bet != st.bet {
					t.Fatalf("%v in %+v, roll %v: Bet.roll leaves it in %+v; the table gives %+v and leaves %+v", b, st, d, e.next, res, tb.bets)
				}
				if next := (ttChainState{st.bet, e.next}); next == st {
					c.self[i]++
				} else {
					c.out[i][c.add(next)]++
				}
				c.counts[i][3]++
			case e.verdict == wins:
				want, ok := mulDiv(stake, e.pays.Win, e.pays.Stake)
				exact := new(big.Rat).Mul(big.NewRat(int64(stake), 1), e.pays.Rat())
				if len(res) != 1 || rr.Outcome != OutcomeWon || !ok || !exact.IsInt() || rr.Win+rr.Commission != want {
					t.Fatalf("%v in %+v, roll %v: Bet.roll pays %v on %d; the table gives %+v", b, st, d, e.pays, stake, res)
				}
				// A commission taken up front is due again from a win that
				// stays up: it is the next decision's, and this one's net
				// is the win before it.
				net := rr.Win
				switch {
				case hasCom && com.Timing.upfront() && r.staysUp(b.Kind):
					if rr.Commission != paid {
						t.Fatalf("%v: commission %d taken from a win that stays up, want %d again", b, rr.Commission, paid)
					}
					net += rr.Commission
				case rr.Commission != 0 && (!hasCom || com.Timing != CommissionOnWinOnly):
					t.Fatalf("%v: commission %d taken from a win under %+v", b, rr.Commission, com)
				}
				if r.staysUp(b.Kind) {
					if rr.Returned != 0 || rr.To != st.bet || len(tb.bets) != 1 {
						t.Fatalf("%v in %+v, roll %v: a bet that stays up after a win: %+v, layout %+v", b, st, d, rr, tb.bets)
					}
				} else if rr.Returned != stake || rr.To != (Bet{}) || len(tb.bets) != 0 {
					t.Fatalf("%v in %+v, roll %v: a winning bet that comes down: %+v, layout %+v", b, st, d, rr, tb.bets)
				}
				c.term[i][ttWin].Add(c.term[i][ttWin], big.NewRat(1, 1))
				c.term[i][ttNet].Add(c.term[i][ttNet], big.NewRat(int64(net), int64(stake)))
				c.counts[i][0]++
			case e.verdict == loses:
				back := Amount(0)
				if hasCom && com.Timing == CommissionUpfrontReturned {
					back = paid
				}
				if len(res) != 1 || rr.Outcome != OutcomeLost || rr.Win != 0 || rr.Returned != back || len(tb.bets) != 0 {
					t.Fatalf("%v in %+v, roll %v: Bet.roll loses; the table gives %+v", b, st, d, res)
				}
				c.term[i][ttLose].Add(c.term[i][ttLose], big.NewRat(1, 1))
				c.term[i][ttNet].Add(c.term[i][ttNet], big.NewRat(int64(rr.Returned-stake), int64(stake)))
				c.counts[i][1]++
			case e.verdict == pushes:
				if len(res) != 1 || rr.Outcome != OutcomePushed || rr.Win != 0 || rr.Returned != stake || len(tb.bets) != 0 {
					t.Fatalf("%v in %+v, roll %v: Bet.roll pushes; the table gives %+v", b, st, d, res)
				}
				c.term[i][ttPush].Add(c.term[i][ttPush], big.NewRat(1, 1))
				c.counts[i][2]++
			}
		}
	}
	return c
}

// solve returns the quantities of the start state with the analysis's own
// linear solver: what is checked is the chain, built here from what
// Table.Roll does, not the algebra. The quantities line up column for
// column with the solver's (win, lose, push, a money column, rolls).
func (c *ttChain) solve() [ttNQ]*big.Rat {
	ch := &chain{term: c.term}
	for i, out := range c.out {
		weights := map[int]*big.Int{}
		for j, n := range out {
			weights[j] = big.NewInt(n)
		}
		ch.out = append(ch.out, weights)
		ch.self = append(ch.self, big.NewInt(c.self[i]))
		ch.total = append(ch.total, big.NewInt(36))
	}
	return ch.solve()
}

// ttUpfront is the commission a Table takes when bet b of stake is made
// (buy and lay only), checked against the rate: 5% of the bet, or of a
// lay's win.
func ttUpfront(t *testing.T, r Rules, b Bet, stake Amount) Amount {
	t.Helper()
	if b.Kind != Buy && b.Kind != Lay {
		return 0
	}
	tb, _ := NewTable(r)
	const bank = 1 << 30
	if err := tb.Join("p", bank); err != nil {
		t.Fatal(err)
	}
	if err := tb.Place("p", b, stake); err != nil {
		t.Fatalf("place %v %d: %v", b, stake, err)
	}
	paid := bank - tb.seats[0].bankroll - stake
	if paid != tb.house {
		t.Fatalf("%v: the player paid %d commission and the house took %d", b, paid, tb.house)
	}
	c := r.commission(b.Kind)
	want := new(big.Rat)
	if c.Timing != CommissionOnWinOnly {
		base := big.NewRat(int64(stake), 1)
		if b.Kind == Lay && c.Base != CommissionOnBet || c.Base == CommissionOnWin {
			base.Mul(base, b.pays().Rat())
		}
		want.Mul(base, c.rate().Rat())
		if win := new(big.Rat).Mul(big.NewRat(int64(stake), 1), b.pays().Rat()); want.Cmp(win) > 0 {
			want = win // never more than the bet wins
		}
	}
	if want.Cmp(big.NewRat(int64(paid), 1)) != 0 {
		t.Fatalf("%v for %d under %+v: commission %d up front, want %v", b, stake, c, paid, want)
	}
	return paid
}

// TestTableMatchesAnalysis plays every bet of every preset through
// Table.Roll over the 36 throws from every state the bet can reach, checks
// each step against Bet.roll, solves the Table's own chain for the chances
// of each decision, the expected net result and the rolls to a decision,
// and compares them with Rules.Analyze exactly. The two paths share only
// the bet's definition.
func TestTableMatchesAnalysis(t *testing.T) {
	type named struct {
		name  string
		rules Rules
	}
	var rules []named
	for _, name := range ttCasinoPresets() { // the private game's: TestPrivateMatchesAnalysis
		r, _ := preset(name)
		rules = append(rules, named{name, r})
	}
	rules = append(rules,
		named{"for 1 and field 12 at 2:1", Rules{PropsFor1: true, Field: FieldPaytable{Pays: [13]Ratio{12: {2, 1}}}}},
		named{"lay on the bet, on a win", Rules{LayCommission: Commission{Base: CommissionOnBet, Timing: CommissionOnWinOnly}, BuyCommission: Commission{Base: CommissionOnWin}}},
		named{"commission returned", Rules{LayCommission: Commission{Timing: CommissionUpfrontReturned}, BuyCommission: Commission{Timing: CommissionUpfrontReturned}}},
		named{"other engines' and tables' house rules", otherHouseRules()},
	)
	for _, nr := range rules {
		r := nr.rules
		if !thorough() && nr.name != "standard" && nr.name != "crapless" {
			continue
		}
		t.Run(nr.name, func(t *testing.T) {
			// A card table plays a throw as a dice table does; the chain
			// below weighs the 36 throws as dice do, so it is the dice's
			// analysis it meets (the deck's figures are checked against
			// play through Table.Deal in TestCardAnalysisMatchesPlay).
			dice := r
			dice.Cards = NoCards
			for _, b := range r.Catalogue() {
				a, err := dice.Analyze(b)
				if err != nil {
					t.Fatalf("Analyze(%v): %v", b, err)
				}
				if b.Kind == AllHardways {
					ttCheckAllHardways(t, dice, a)
					continue
				}
				paid := ttUpfront(t, r, b, ttExactStake)
				c := ttTableChain(t, r, b, ttExactStake, paid)
				v := c.solve()
				ret := new(big.Rat).Sub(v[ttNet], big.NewRat(int64(paid), int64(ttExactStake)))
				for _, f := range []struct {
					name      string
					table, an *big.Rat
				}{{"win", v[ttWin], a.Win}, {"lose", v[ttLose], a.Lose}, {"push", v[ttPush], a.Push},
					{"return", ret, a.Return}, {"rolls", v[ttRolls], a.Rolls}} {
					if f.table.Cmp(f.an) != 0 {
						t.Errorf("%v: %s %v through Table.Roll (%d states), %v by Analyze", b, f.name, f.table, len(c.states), f.an)
					}
				}
				ttCheckOneStep(t, r, b, c, a)
			}
		})
	}
}

// otherHouseRules gathers the house rules other engines and published
// tables play that the presets do not: a field with 5 in place of 4 and
// bonuses, a fire bet paying three points and settled at the sixth, every
// winning bet's stay-up rule reversed, put bets off on the come-out, full
// double odds with lay limits of their own, commissions kept on a loss
// and one capped at the win, buy on 4 and 10 only, all-of-a-set bets
// (6 and 8, every point, the Hot Hand with its 9-of-10 tier) and another
// repeater paytable.
func otherHouseRules() Rules {
	return Rules{
		Field: FieldPaytable{Totals: Totals(2, 3, 5, 9, 10, 11, 12), Pays: [13]Ratio{2: {3, 1}, 3: {2, 1}}},
		Fire:  FirePaytable{Three: Ratio{6, 1}}, FirePaysAtSixthPoint: true,
		StayUp:  StayUpAfterWin{Place: SwitchOff, Buy: SwitchOn, Lay: SwitchOn, Big6And8: SwitchOff, Hardways: SwitchOff},
		ComeOut: ComeOutWorking{Put: SwitchOff},
		Odds:    OddsLimit{Ratio{2, 1}, Ratio{2, 1}, Ratio{5, 2}, Ratio{2, 1}, Ratio{2, 1}},
		LayOdds: FlatOdds(3), Lay: LayStakeMultiple,
		BuyCommission: Commission{Timing: CommissionUpfrontKeptOnLoss},
		// 60% of a lay bet is more than lay 4, 5 or 6 wins: cut to the win.
		LayCommission: Commission{Timing: CommissionUpfrontKeptOnLoss, Base: CommissionOnBet, Rate: Ratio{3, 5}},
		BuyOn:         Totals(4, 10),
		AllBets: [4]AllPaytable{{Set: Totals(6, 8), Pays: Ratio{2, 1}}, {Set: PointNumbers, Pays: Ratio{12, 1}},
			{Set: Under7 | Over7, Pays: Ratio{80, 1}, AllButOne: Ratio{20, 1}}},
		Repeater: RepeaterPaytable{On2: Ratio{33, 1}, On6: Ratio{100, 1}},
	}
}

// ttCheckAllHardways checks all the hardways through the table: placed, it
// is four hardway bets of a quarter each, and its analysis is the average
// of theirs (each checked against play on its own).
func ttCheckAllHardways(t *testing.T, r Rules, a Analysis) {
	t.Helper()
	tb, _ := NewTable(r)
	if err := tb.Join("p", 1<<30); err != nil {
		t.Fatal(err)
	}
	if err := tb.Place("p", Bet{Kind: AllHardways}, 4*ttExactStake); err != nil {
		t.Fatalf("place all the hardways: %v", err)
	}
	bets, _ := tb.Bets("p")
	var got []Bet
	mean := new(big.Rat)
	for _, bs := range bets {
		got = append(got, bs.Bet)
		if bs.Amount != ttExactStake {
			t.Errorf("all the hardways placed %v at %d, want %d", bs.Bet, bs.Amount, ttExactStake)
		}
		h, _ := r.Analyze(bs.Bet)
		mean.Add(mean, new(big.Rat).Quo(h.Return, big.NewRat(4, 1)))
	}
	want := []Bet{{Kind: Hardway, Number: 4}, {Kind: Hardway, Number: 6}, {Kind: Hardway, Number: 8}, {Kind: Hardway, Number: 10}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("all the hardways on the layout: (-want +got)\n%s", diff)
	}
	if a.Return.Cmp(mean) != 0 || tb.seats[0].bankroll != 1<<30-4*ttExactStake {
		t.Errorf("all the hardways: Analyze's return %v, the four bets' %v; bankroll %d", a.Return, mean, tb.seats[0].bankroll)
	}
}

// ttCheckOneStep checks the bets decided in one roll, and those of the
// form "N before 7", against counts of the throws that anyone can make.
func ttCheckOneStep(t *testing.T, r Rules, b Bet, c *ttChain, a Analysis) {
	t.Helper()
	counts := c.counts[0]
	ways := func(n int) int { return Totals(n).Ways() }
	var win, lose int // the ways to win and to lose from the start
	switch b.Kind {
	case Field, Any7, AnyCraps, Aces, AceDeuce, Yo, Boxcars, Horn, HornHigh, CAndE, World, Hop:
		// One roll: every throw decides; the Table's net over the 36 is the return.
		if len(c.states) != 1 || counts[3] != 0 {
			t.Errorf("%v: a one-roll bet left undecided by %d throws", b, counts[3])
		}
		sum := new(big.Rat).Quo(c.term[0][ttNet], big.NewRat(36, 1))
		if sum.Cmp(a.Return) != 0 {
			t.Errorf("%v: the table's mean net result over the 36 throws is %v, Analyze's return %v", b, sum, a.Return)
		}
		return
	case Place, Buy, PassOdds, ComeOdds, PutOdds, Put:
		win, lose = ways(b.Number), 6
	case Big6:
		win, lose = ways(6), 6
	case Big8:
		win, lose = ways(8), 6
	case PlaceToLose, Lay, DontPassOdds, DontComeOdds:
		win, lose = 6, ways(b.Number)
	case Hardway:
		win, lose = 1, ways(b.Number)-1+6
	default:
		return
	}
	if counts[0] != win || counts[1] != lose || counts[2] != 0 || counts[3] != 36-win-lose || len(c.states) != 1 {
		t.Errorf("%v: the table wins on %d throws, loses on %d, pushes on %d, leaves %d (%d states); want %d, %d, 0, %d",
			b, counts[0], counts[1], counts[2], counts[3], len(c.states), win, lose, 36-win-lose)
	}
	if want := big.NewRat(int64(win), int64(win+lose)); a.Win.Cmp(want) != 0 {
		t.Errorf("%v: Analyze's win %v, the table's own counts give %v", b, a.Win, want)
	}
}

// ttCasinoPresets names every preset whose house banks the layout, for
// the tests of the layout's bets; the private game has its own tests.
func ttCasinoPresets() []string {
	return slices.DeleteFunc(presetNames(), func(name string) bool {
		r, _ := preset(name)
		return r.Private
	})
}

// ---- The state machine ----

// ttKey names a bet on the layout by player and spot.
type ttKey struct {
	player string
	bet    Bet
}

// ttDriver plays a Table through its exported calls and checks every call
// against a model of what it must do: who is seated, the puck, who holds
// the dice, and the money each party has.
type ttDriver struct {
	tb         *Table
	brought    Amount   // what the players brought by Join, less what Leave gave back
	names      []string // the players in seat order
	point      int
	shooter    string
	handRolls  int        // the shooter's rolls
	sinceSeven int        // rolls since the last 7
	thrown     OutcomeSet // totals thrown since the last 7
	buf        []Resolution
}

func ttNewDriver(t ttTB, r Rules) *ttDriver {
	t.Helper()
	tb, err := NewTable(r)
	if err != nil {
		t.Fatalf("NewTable(%+v): %v", r, err)
	}
	return &ttDriver{tb: tb}
}

func (d *ttDriver) seated(name string) bool {
	for _, n := range d.names {
		if n == name {
			return true
		}
	}
	return false
}

func (d *ttDriver) bankroll(name string) Amount {
	for _, s := range d.tb.seats {
		if s.name == name {
			return s.bankroll
		}
	}
	return 0
}

// layout is the bets on the table by player and spot (with no seat index,
// which Leave changes).
func (d *ttDriver) layout(t ttTB) map[ttKey]placed {
	t.Helper()
	m := make(map[ttKey]placed, len(d.tb.bets))
	for _, p := range d.tb.bets {
		k := ttKey{d.tb.seats[p.seat].name, p.bet}
		if _, dup := m[k]; dup {
			t.Fatalf("%s has two %v bets on the layout", k.player, k.bet)
		}
		p.seat = 0
		m[k] = p
	}
	return m
}

// mustStand reports whether a bet on the layout is a contract that only a
// decision may take away: a pass, come or put bet on its point where the
// rules do not make them removable, a fire bet that has seen a point, an
// all/tall/small bet with a total in.
func (d *ttDriver) mustStand(p placed) bool {
	switch p.bet.Kind {
	case PassLine, Come, Put:
		return p.state.point != 0 && !d.tb.rules.LineBetsRemovable
	case Fire:
		return p.state != betState{}
	case All, Tall, Small, Repeater:
		return p.state.made != 0
	}
	return false
}

// keyOf is the spot a call on b means for player: odds behind the line are
// on the point.
func (d *ttDriver) keyOf(player string, b Bet) ttKey {
	if (b.Kind == PassOdds || b.Kind == DontPassOdds) && b.Number == 0 && d.point != 0 {
		b.Number = d.point
	}
	return ttKey{player, b}
}

// refused checks a refused call: a *TableError wrapping one exported
// sentinel (want, if not nil), and the table as it was.
func (d *ttDriver) refused(t ttTB, what string, err, want error, before []byte) {
	t.Helper()
	ttCheckRefusal(t, err, want)
	if after := ttSave(t, d.tb); string(after) != string(before) {
		t.Fatalf("%s: refused (%v) but the table changed:\nbefore %s\nafter  %s", what, err, before, after)
	}
}

// same checks that nothing on the layout but the spots in keys changed.
func (d *ttDriver) same(t ttTB, what string, before, after map[ttKey]placed, keys ...ttKey) {
	t.Helper()
	b, a := make(map[ttKey]placed, len(before)), make(map[ttKey]placed, len(after))
	for k, p := range before {
		b[k] = p
	}
	for k, p := range after {
		a[k] = p
	}
	for _, k := range keys {
		delete(b, k)
		delete(a, k)
	}
	if !cmp.Equal(b, a, ttCmpTable) {
		t.Fatalf("%s changed other bets (-before +after):\n%s", what, cmp.Diff(b, a, ttCmpTable))
	}
}

func (d *ttDriver) join(t ttTB, name string, bankroll Amount) {
	t.Helper()
	before := ttSave(t, d.tb)
	var want error
	switch {
	case name == "":
		want = ErrUnknownPlayer
	case bankroll < 0 || bankroll > MaxAmount:
		want = ErrAmount
	case d.seated(name):
		want = ErrPlayerExists
	}
	if err := d.tb.Join(name, bankroll); err != nil {
		d.refused(t, "join", err, want, before)
		return
	}
	if want != nil {
		t.Fatalf("join %q with %d accepted; want %v", name, bankroll, want)
	}
	d.brought += bankroll
	d.names = append(d.names, name)
	if len(d.names) == 1 { // the hand, if one is going on, is theirs to finish
		d.shooter = name
	}
}

// leave takes a player away; a shooter who leaves hands the dice to the
// next player, who finishes the hand.
func (d *ttDriver) leave(t ttTB, name string) {
	t.Helper()
	before := ttSave(t, d.tb)
	var want error
	switch {
	case !d.seated(name):
		want = ErrUnknownPlayer
	default:
		for k := range d.layout(t) {
			if k.player == name {
				want = ErrNotNow
			}
		}
	}
	bank := d.bankroll(name)
	got, err := d.tb.Leave(name)
	if err != nil {
		d.refused(t, "leave", err, want, before)
		return
	}
	if want != nil {
		t.Fatalf("leave %q accepted; want %v", name, want)
	}
	if got != bank {
		t.Fatalf("leave %q gave back %d; the bankroll was %d", name, got, bank)
	}
	d.brought -= got
	i := 0
	for d.names[i] != name {
		i++
	}
	d.names = append(d.names[:i:i], d.names[i+1:]...)
	if name == d.shooter {
		d.shooter = ""
		if len(d.names) > 0 {
			d.shooter = d.names[i%len(d.names)]
		}
	}
}

func (d *ttDriver) place(t ttTB, name string, b Bet, a Amount) {
	t.Helper()
	tb := d.tb
	before, lay := ttSave(t, tb), d.layout(t)
	bank, house := d.bankroll(name), tb.house
	key := d.keyOf(name, b)
	old, had := lay[key]
	// What must be refused, and with which sentinel where the order of
	// the checks leaves no doubt.
	var want error
	must := false
	switch {
	case !d.seated(name):
		want = ErrUnknownPlayer
	case a <= 0 || a > MaxAmount:
		want = ErrAmount
	case tb.rules.Offers(b) != nil:
		must = true
	}
	must = must || want != nil || a%tb.rules.unit() != 0 || a > bank
	switch b.Kind {
	case PassLine:
		must = must || d.point != 0 && !tb.rules.latePassLine()
	case Come, DontCome, Put:
		must = must || d.point == 0
	case DontPass:
		must = must || d.point != 0
	case Fire:
		must = must || d.handRolls > 0
	case All, Tall, Small:
		must = must || d.sinceSeven > 0
	case Repeater: // later on a total not thrown since the 7, where the rules say so
		must = must || d.sinceSeven > 0 && !(tb.rules.RepeaterLate && b.Set == 0 && d.thrown&Totals(b.Number) == 0)
	case AllHardways:
		d.placeHardways(t, name, a, must)
		return
	}
	if total, least, most := old.amount+a, Amount(0), Amount(0); a > 0 {
		least, most = tb.rules.betLimits(b.Kind)
		must = must || total < least || most != 0 && total > most
	}
	if isOdds(b.Kind) {
		_, line := lay[ttKey{name, lineUnder(key.bet)}]
		must = must || !line || (b.Kind == PassOdds || b.Kind == DontPassOdds) && (d.point == 0 || key.bet.Number != d.point)
	}
	if err := tb.Place(name, b, a); err != nil {
		d.refused(t, "place", err, want, before)
		return
	}
	if must {
		t.Fatalf("place %v %d for %q accepted at point %d; it must be refused", b, a, name, d.point)
	}
	after := d.layout(t)
	got, ok := after[key]
	if !ok || got.amount != old.amount+a {
		t.Fatalf("place %v %d for %q: the bet is %d (on the layout: %v), want %d", b, a, name, got.amount, ok, old.amount+a)
	}
	com := bank - d.bankroll(name) - a
	if com < 0 || tb.house-house != com || got.paid != old.paid+com {
		t.Fatalf("place %v %d for %q: the bankroll fell by %d, the house rose by %d, commission recorded %d", b, a, name, bank-d.bankroll(name), tb.house-house, got.paid-old.paid)
	}
	if c := tb.rules.commission(b.Kind); com != 0 && (c == nil || c.Timing == CommissionOnWinOnly) {
		t.Fatalf("place %v: commission %d taken up front", b, com)
	}
	if !had && (got.state != key.bet.start() && b.Kind != PassLine || got.working != SwitchDefault) {
		t.Fatalf("place %v: a new bet starts in state %+v, working %v", b, got.state, got.working)
	}
	d.same(t, "place", lay, after, key)
}

// placeHardways places all the hardways, which must be refused when must
// is set: four hardway bets of a quarter each, or nothing.
func (d *ttDriver) placeHardways(t ttTB, name string, a Amount, must bool) {
	t.Helper()
	tb := d.tb
	before, lay := ttSave(t, tb), d.layout(t)
	bank := d.bankroll(name)
	var keys []ttKey
	for _, n := range []int{4, 6, 8, 10} {
		k := ttKey{name, Bet{Kind: Hardway, Number: n}}
		keys = append(keys, k)
		if least, most := tb.rules.betLimits(Hardway); a > 0 && (lay[k].amount+a/4 < least || most != 0 && lay[k].amount+a/4 > most) {
			must = true
		}
	}
	if err := tb.Place(name, Bet{Kind: AllHardways}, a); err != nil {
		d.refused(t, "place", err, nil, before)
		return
	}
	if must || a%(4*tb.rules.unit()) != 0 {
		t.Fatalf("all the hardways of %d for %q accepted; it must be refused", a, name)
	}
	after := d.layout(t)
	for _, k := range keys {
		if after[k].amount != lay[k].amount+a/4 {
			t.Fatalf("all the hardways of %d: %v is %d, was %d", a, k.bet, after[k].amount, lay[k].amount)
		}
	}
	if bank-d.bankroll(name) != a {
		t.Fatalf("all the hardways of %d cost %d", a, bank-d.bankroll(name))
	}
	d.same(t, "place", lay, after, keys...)
}

func (d *ttDriver) reduce(t ttTB, name string, b Bet, a Amount) {
	t.Helper()
	tb := d.tb
	before, lay := ttSave(t, tb), d.layout(t)
	bank, house := d.bankroll(name), tb.house
	key := d.keyOf(name, b)
	p, has := lay[key]
	var want error
	switch {
	case !d.seated(name):
		want = ErrUnknownPlayer
	case !has:
		want = ErrNoSuchBet
	case a <= 0 || a > p.amount:
		want = ErrAmount
	case d.mustStand(p):
		want = ErrContract
	}
	if err := tb.Reduce(name, b, a); err != nil {
		d.refused(t, "reduce", err, want, before)
		return
	}
	if least, _ := tb.rules.betLimits(b.Kind); want != nil || a%tb.rules.unit() != 0 || p.amount-a > 0 && p.amount-a < least {
		t.Fatalf("reduce %v %d by %d for %q accepted; want %v", b, p.amount, a, name, want)
	}
	after := d.layout(t)
	q, ok := after[key]
	if left := p.amount - a; left == 0 && ok || left > 0 && (!ok || q.amount != left) {
		t.Fatalf("reduce %v %d by %d: left %+v (on the layout: %v)", b, p.amount, a, q, ok)
	}
	refund := d.bankroll(name) - bank - a
	c := tb.rules.commission(b.Kind)
	if refund < 0 || refund > p.paid || house-tb.house != refund || refund > 0 && !c.Timing.returnedOnTakeDown() {
		t.Fatalf("reduce %v by %d: commission %d given back of %d paid; the house gave %d", b, a, refund, p.paid, house-tb.house)
	}
	d.same(t, "reduce", lay, after, key)
}

func (d *ttDriver) takeDown(t ttTB, name string, b Bet) {
	t.Helper()
	tb := d.tb
	before, lay := ttSave(t, tb), d.layout(t)
	bank := d.bankroll(name)
	key := d.keyOf(name, b)
	p, has := lay[key]
	var want error
	switch {
	case !d.seated(name):
		want = ErrUnknownPlayer
	case !has:
		want = ErrNoSuchBet
	case d.mustStand(p):
		want = ErrContract
	}
	got, err := tb.TakeDown(name, b)
	if err != nil {
		d.refused(t, "take down", err, want, before)
		return
	}
	if want != nil {
		t.Fatalf("take down %v for %q accepted; want %v", b, name, want)
	}
	keys := []ttKey{key}
	stakes, paid := p.amount, p.paid
	if odds, ok := oddsBehind(key.bet, int8(d.point)); ok {
		k := ttKey{name, odds}
		keys = append(keys, k)
		stakes += lay[k].amount
		paid += lay[k].paid
	}
	after := d.layout(t)
	for _, k := range keys {
		if _, ok := after[k]; ok {
			t.Fatalf("take down %v: %v is still up", b, k.bet)
		}
	}
	if got != d.bankroll(name)-bank || got < stakes || got > stakes+paid {
		t.Fatalf("take down %v: returned %d, the bankroll rose by %d; the stakes were %d and commission %d", b, got, d.bankroll(name)-bank, stakes, paid)
	}
	d.same(t, "take down", lay, after, keys...)
}

func (d *ttDriver) working(t ttTB, name string, b Bet, on bool) {
	t.Helper()
	tb := d.tb
	before, lay := ttSave(t, tb), d.layout(t)
	key := ttKey{name, b}
	_, has := lay[key]
	var want error
	switch {
	case !d.seated(name):
		want = ErrUnknownPlayer
	case !has:
		want = ErrNoSuchBet
	}
	switch b.Kind {
	case Place, PlaceToLose, Big6, Big8, Buy, Lay, Hardway, Put, ComeOdds, PutOdds, DontComeOdds:
	default:
		if want == nil {
			want = ErrNotNow
		}
	}
	// Odds follow their put bet: they cannot work while it is off, and
	// turning it off turns them off.
	put, odds := ttKey{name, lineUnder(b)}, ttKey{name, Bet{Kind: PutOdds, Number: b.Number}}
	if p, ok := lay[put]; b.Kind == PutOdds && on && ok && !p.worksOnComeOut(&tb.rules) && want == nil {
		want = ErrNotNow
	}
	if err := tb.SetWorking(name, b, on); err != nil {
		d.refused(t, "working", err, want, before)
		return
	}
	if want != nil {
		t.Fatalf("working %v %v for %q accepted; want %v", b, on, name, want)
	}
	after := d.layout(t)
	if w := after[key].working; w != map[bool]Switch{true: SwitchOn, false: SwitchOff}[on] {
		t.Fatalf("working %v %v: switch %v", b, on, w)
	}
	if ttMoney(tb) != d.brought {
		t.Fatalf("working moved money")
	}
	if _, ok := after[odds]; b.Kind == Put && !on && ok {
		if after[odds].working != SwitchOff {
			t.Fatalf("working %v off left its odds %v", b, after[odds].working)
		}
		d.same(t, "working", lay, after, key, odds)
		return
	}
	d.same(t, "working", lay, after, key)
}

// roll throws dice and checks every bet against its definition, the money
// each player is paid, the puck and who holds the dice.
func (d *ttDriver) roll(t ttTB, dice Dice) {
	t.Helper()
	tb := d.tb
	before, lay := ttSave(t, tb), d.layout(t)
	banks := map[string]Amount{}
	for _, n := range d.names {
		banks[n] = d.bankroll(n)
	}
	if tb.rules.Cards != NoCards {
		// A card table refuses dice; play them through the path Deal takes.
		_, err := tb.Roll(dice, nil)
		d.refused(t, "roll at a card table", err, ErrRollSource, before)
	}
	res, err := tb.roll(dice, d.buf[:0])
	d.buf = res
	if !dice.Valid() {
		if err == nil {
			t.Fatalf("roll %v accepted", dice)
		}
		d.refused(t, "roll", err, ErrSyntax, before)
		return
	}
	if err != nil {
		t.Fatalf("roll %v: %v", dice, err)
	}
	r := &tb.rules
	unit := r.unit()
	total := dice.Total()
	comeOut := d.point == 0
	// Every resolution against the bet's definition.
	byKey := map[ttKey]Resolution{}
	paid := map[string]Amount{}
	for _, rr := range res {
		k := ttKey{rr.Player, rr.Bet}
		p, ok := lay[k]
		if !ok {
			t.Fatalf("roll %v: a resolution for a bet that was not up: %+v", dice, rr)
		}
		if _, dup := byKey[k]; dup {
			t.Fatalf("roll %v: two resolutions for %v of %s", dice, k.bet, k.player)
		}
		byKey[k] = rr
		paid[rr.Player] += rr.Win + rr.Returned
		if rr.Stake != p.amount || rr.Win < 0 || rr.Commission < 0 || rr.Breakage < 0 || rr.Breakage >= unit && unit > 1 || rr.Breakage > 0 && unit == 1 {
			t.Fatalf("roll %v: %+v for a bet of %d", dice, rr, p.amount)
		}
	}
	// Every bet that was up: decided as its definition says, or left as it
	// says, or left alone when it is off on the come-out.
	want := map[ttKey]placed{}
	for k, p := range lay {
		e := p.bet.roll(r, p.state, dice)
		rr, decided := byKey[k]
		moves := (p.bet.Kind == Come || p.bet.Kind == DontCome) && e.verdict == stays && e.next.point != p.state.point
		off := comeOut && !p.worksOnComeOut(r)
		// Odds are decided with their line bet, which works on the
		// come-out unless it is a put bet turned off.
		if put, ok := lay[ttKey{k.player, lineUnder(p.bet)}]; comeOut && p.bet.Kind == PutOdds && ok && !put.worksOnComeOut(r) {
			e = effect{next: p.state}
		}
		switch {
		case off && isOdds(p.bet.Kind) && e.verdict != stays:
			if !decided || rr.Outcome != OutcomeReturned || rr.Returned != p.amount || rr.Win != 0 {
				t.Fatalf("roll %v: odds %v of %s off on the come-out, line decided: %+v", dice, p.bet, k.player, rr)
			}
		case off:
			if decided {
				t.Fatalf("roll %v: %v of %s is off on the come-out but got %+v", dice, p.bet, k.player, rr)
			}
			want[k] = p
		case moves:
			to := Bet{Kind: p.bet.Kind, Number: total}
			if !decided || rr.Outcome != OutcomeMoved || rr.To != to || rr.Win != 0 || rr.Returned != 0 {
				t.Fatalf("roll %v: %v of %s should move to %v: %+v", dice, p.bet, k.player, to, rr)
			}
			p.bet, p.state = to, e.next
			want[ttKey{k.player, to}] = p
		case e.verdict == stays:
			if decided {
				t.Fatalf("roll %v: %v of %s is not decided but got %+v", dice, p.bet, k.player, rr)
			}
			p.state = e.next
			want[k] = p
		case e.verdict == wins:
			exact, _ := mulDiv(p.amount, e.pays.Win, e.pays.Stake)
			if !decided || rr.Outcome != OutcomeWon || rr.Win+rr.Commission+rr.Breakage != exact {
				t.Fatalf("roll %v: %v of %s wins %v on %d = %d: %+v", dice, p.bet, k.player, e.pays, p.amount, exact, rr)
			}
			com := Amount(0) // the croupier trainer's variant: 5% taken from the win only
			if c := r.commission(p.bet.Kind); c != nil && c.Timing == CommissionOnWinOnly {
				charge, err := c.Charge(commissionBase(c, p.bet.Kind, p.amount, e.pays), unit)
				if err != nil {
					t.Fatalf("roll %v: commission on %+v: %v", dice, rr, err)
				}
				com = min(charge, rr.Win+rr.Commission)
			} else if c != nil && r.staysUp(p.bet.Kind) {
				// One taken up front is due again on the bet that stays.
				charge, err := r.upfrontCharge(c, p.bet, p.amount)
				if err != nil {
					t.Fatalf("roll %v: commission on %+v: %v", dice, rr, err)
				}
				com, p.paid = charge, charge
			}
			if rr.Commission != com {
				t.Fatalf("roll %v: commission %d taken from %+v, want %d", dice, rr.Commission, rr, com)
			}
			if r.staysUp(p.bet.Kind) {
				if rr.To != p.bet || rr.Returned != 0 {
					t.Fatalf("roll %v: %v stays up after a win: %+v", dice, p.bet, rr)
				}
				want[k] = p
			} else if rr.To != (Bet{}) || rr.Returned != p.amount {
				t.Fatalf("roll %v: %v comes down with its win: %+v", dice, p.bet, rr)
			}
		case e.verdict == loses:
			back := Amount(0)
			if c := r.commission(p.bet.Kind); c != nil && c.Timing == CommissionUpfrontReturned {
				back = p.paid
			}
			if !decided || rr.Outcome != OutcomeLost || rr.Win != 0 || rr.Returned != back {
				t.Fatalf("roll %v: %v of %s loses: %+v", dice, p.bet, k.player, rr)
			}
		case e.verdict == pushes:
			if !decided || rr.Outcome != OutcomePushed || rr.Win != 0 || rr.Returned != p.amount {
				t.Fatalf("roll %v: %v of %s pushes: %+v", dice, p.bet, k.player, rr)
			}
		}
	}
	if got := d.layout(t); !cmp.Equal(want, got, ttCmpTable) {
		t.Fatalf("roll %v: the layout after the roll (-want +got):\n%s", dice, cmp.Diff(want, got, ttCmpTable))
	}
	for _, n := range d.names {
		if got := d.bankroll(n) - banks[n]; got != paid[n] {
			t.Fatalf("roll %v: %s's bankroll rose by %d; the resolutions pay %d", dice, n, got, paid[n])
		}
	}
	// The puck and the dice, by the rules of the game (RULES §1; in High
	// Point craps the next throw decides the point, 4 to 10, lost unless
	// higher).
	sevenOut := d.point != 0 && total == 7
	switch {
	case r.HighPoint:
		sevenOut = d.point != 0 && total <= d.point
		if d.point != 0 {
			d.point = 0
		} else if total >= 4 && total <= 10 {
			d.point = total
		}
	case d.point == 0 && isBoxNumber(total, r.Crapless):
		d.point = total
	case d.point != 0 && (total == d.point || total == 7):
		d.point = 0
	}
	d.handRolls++
	d.sinceSeven++
	d.thrown |= Totals(total)
	if total == 7 {
		d.sinceSeven, d.thrown = 0, 0
	}
	if sevenOut {
		d.handRolls = 0
		for i, n := range d.names {
			if n == d.shooter {
				d.shooter = d.names[(i+1)%len(d.names)]
				break
			}
		}
	}
}

// check is the invariant that holds between any two calls.
func (d *ttDriver) check(t ttTB) {
	t.Helper()
	tb := d.tb
	if m := ttMoney(tb); m != d.brought {
		t.Fatalf("money: bankrolls, layout and house add up to %d; the players brought %d", m, d.brought)
	}
	if tb.Point() != d.point || d.point != 0 && !tb.rules.isPoint(d.point) {
		t.Fatalf("the puck is %d, want %d", tb.Point(), d.point)
	}
	if tb.Shooter() != d.shooter || tb.handRolls != d.handRolls || tb.sinceSeven != d.sinceSeven {
		t.Fatalf("shooter %q after %d rolls, %d since a 7; want %q, %d, %d", tb.Shooter(), tb.handRolls, tb.sinceSeven, d.shooter, d.handRolls, d.sinceSeven)
	}
	players := tb.Players()
	if len(players) != len(d.names) {
		t.Fatalf("%d players, want %d", len(players), len(d.names))
	}
	lay := d.layout(t)
	onTable := map[string]Amount{}
	unit := tb.rules.unit()
	for k, p := range lay {
		onTable[k.player] += p.amount
		switch {
		case p.amount <= 0 || p.amount%unit != 0 || p.paid < 0:
			t.Fatalf("%v of %s: amount %d, commission %d", k.bet, k.player, p.amount, p.paid)
		case (p.bet.Kind == PassLine || p.bet.Kind == DontPass || p.bet.Kind == Fire) && int(p.state.point) != d.point:
			t.Fatalf("%v of %s plays point %d with the puck on %d", k.bet, k.player, p.state.point, d.point)
		case (p.bet.Kind == PassOdds || p.bet.Kind == DontPassOdds) && (d.point == 0 || p.bet.Number != d.point):
			t.Fatalf("%v of %s with the puck on %d", k.bet, k.player, d.point)
		}
		if isOdds(p.bet.Kind) {
			line, ok := lay[ttKey{k.player, lineUnder(p.bet)}]
			if !ok || !tb.oddsWithin(p.bet, p.amount, line.amount) {
				t.Fatalf("%v of %s (%d): the line bet under it is %d (up: %v)", k.bet, k.player, p.amount, line.amount, ok)
			}
		}
	}
	for i, ps := range players {
		if ps.Name != d.names[i] || ps.Bankroll < 0 || ps.OnTable != onTable[ps.Name] {
			t.Fatalf("player %d: %+v; want %s with %d on the table", i, ps, d.names[i], onTable[ps.Name])
		}
		if j, ok := tb.seatIndex(ps.Name); !ok || j != i {
			t.Fatalf("player %s, in seat %d, is found in seat %d (%v)", ps.Name, i, j, ok)
		}
		bets, err := tb.Bets(ps.Name)
		if err != nil {
			t.Fatalf("Bets(%s): %v", ps.Name, err)
		}
		for _, b := range bets {
			if p := lay[ttKey{ps.Name, b.Bet}]; b.Amount != p.amount || b.Commission != p.paid || b.Working != p.worksOnComeOut(&tb.rules) {
				t.Fatalf("Bets(%s) reports %+v; the layout holds %+v", ps.Name, b, p)
			}
		}
	}
	// A saved table restores to the same table: a deep check that every
	// bet's state is one the game can reach.
	data := ttSave(t, tb)
	var restored Table
	if err := restored.UnmarshalJSON(data); err != nil {
		t.Fatalf("the table does not restore: %v\n%s", err, data)
	}
	if again := ttSave(t, &restored); string(again) != string(data) {
		t.Fatalf("restored table saves differently:\n%s\n%s", data, again)
	}
	if !ttSameTable(tb, &restored) {
		t.Fatalf("restored table differs (-saved +restored):\n%s", cmp.Diff(tb, &restored, ttCmpTable))
	}
}

// ttRapidFlags makes rapid deterministic, unless -rapid.seed is given,
// and plays longer games than its default of 30 calls (100, or 50 but
// thorough), unless -rapid.steps is given.
func ttRapidFlags(t *testing.T) {
	steps := "100"
	if !thorough() {
		steps = "50"
	}
	for _, f := range []struct{ name, dflt, value string }{{"rapid.seed", "0", "20260601"}, {"rapid.steps", "30", steps}} {
		fl := flag.Lookup(f.name)
		if fl == nil || fl.Value.String() != f.dflt {
			continue
		}
		if err := fl.Value.Set(f.value); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = fl.Value.Set(f.dflt) })
	}
}

// ttDrawRules is a preset with a few random house rules changed.
func ttDrawRules(t *rapid.T) Rules {
	r, err := preset(rapid.SampledFrom(ttCasinoPresets()).Draw(t, "preset"))
	if err != nil {
		t.Fatalf("Preset: %v", err)
	}
	r.Unit = rapid.SampledFrom([]Amount{1, 5}).Draw(t, "unit")
	r.Minimum = r.Unit * rapid.SampledFrom([]Amount{0, 1, 2, 5}).Draw(t, "minimum")
	if rapid.Bool().Draw(t, "maximum") {
		r.Maximum = r.Unit * Amount(rapid.IntRange(10, 400).Draw(t, "max units"))
	}
	if rapid.Bool().Draw(t, "flat odds") {
		r.Odds = FlatOdds(rapid.IntRange(1, 10).Draw(t, "odds"))
	}
	r.LineBetsRemovable = rapid.Bool().Draw(t, "removable")
	r.BuyCommission.Timing = CommissionTiming(rapid.IntRange(0, 3).Draw(t, "buy timing"))
	r.LayCommission.Timing = CommissionTiming(rapid.IntRange(0, 3).Draw(t, "lay timing"))
	// The house rules of other engines, now and then.
	if rapid.IntRange(0, 3).Draw(t, "house rules") == 0 {
		sw := func(label string) Switch { return Switch(rapid.IntRange(0, 2).Draw(t, label)) }
		r.ComeOut.Put = sw("put on the come-out")
		if r.ComeOut.Put == SwitchOff {
			r.ComeOut.ComeOdds = SwitchOff
		}
		r.StayUp = StayUpAfterWin{sw("up place"), sw("up buy"), sw("up lay"), sw("up big"), sw("up hardways")}
		r.LatePassLine = sw("late pass")
		r.FirePaysAtSixthPoint = rapid.Bool().Draw(t, "fire at six")
		if rapid.Bool().Draw(t, "full double") {
			r.Odds = OddsLimit{Ratio{2, 1}, Ratio{2, 1}, Ratio{5, 2}, Ratio{2, 1}, Ratio{2, 1}}
			r.LayOdds, r.Lay = FlatOdds(3), LayLimit(rapid.IntRange(0, 1).Draw(t, "lay"))
		}
		if rapid.Bool().Draw(t, "limits") {
			r.Limits[0] = KindLimit{Kinds: Kinds(Hardway, Hop), Maximum: r.Unit * 20}
			r.Limits[1] = KindLimit{Kinds: Kinds(PassOdds, ComeOdds, DontPassOdds), Maximum: r.Unit * 50}
			r.BuyOn = Totals(4, 10)
		}
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("drawn rules do not validate: %v", err)
	}
	return r
}

// ttDrawAmount is mostly a whole number of units, sometimes not, zero,
// negative or too large.
func ttDrawAmount(t *rapid.T, unit Amount, label string) Amount {
	// rapid draws small numbers most often: the usual case is 0.
	switch rapid.IntRange(0, 9).Draw(t, label+" kind") {
	case 8:
		return Amount(rapid.Int64Range(-2*int64(unit), 3*int64(unit)).Draw(t, label))
	case 9:
		return MaxAmount + Amount(rapid.Int64Range(0, 1).Draw(t, label))
	}
	return unit * Amount(rapid.Int64Range(1, 40).Draw(t, label))
}

var ttPool = []string{"ann", "bob", "cat", "dan", "eve"}

func TestTableStateMachine(t *testing.T) {
	ttRapidFlags(t)
	rapid.Check(t, func(rt *rapid.T) {
		r := ttDrawRules(rt)
		d := ttNewDriver(rt, r)
		unit := r.unit()
		bets := append(r.Catalogue(), Bet{Kind: PassOdds}, Bet{Kind: DontPassOdds})
		bankroll := func(rt *rapid.T) Amount {
			return unit * Amount(rapid.Int64Range(0, 20000).Draw(rt, "bankroll")+rapid.SampledFrom([]int64{0, 1000}).Draw(rt, "rich"))
		}
		for i := range rapid.IntRange(1, 4).Draw(rt, "players") {
			d.join(rt, ttPool[i], bankroll(rt))
		}
		// name is mostly a seated player, sometimes anyone.
		name := func(rt *rapid.T) string {
			if len(d.names) > 0 && rapid.IntRange(0, 9).Draw(rt, "stranger") < 9 {
				return rapid.SampledFrom(d.names).Draw(rt, "player")
			}
			return rapid.SampledFrom(ttPool).Draw(rt, "anyone")
		}
		// ownBet is mostly one of the player's bets, else any bet.
		ownBet := func(rt *rapid.T, player string) Bet {
			var own []Bet
			for _, p := range d.tb.bets {
				if d.tb.seats[p.seat].name == player {
					own = append(own, p.bet)
				}
			}
			if len(own) > 0 && rapid.IntRange(0, 4).Draw(rt, "own") < 4 {
				return rapid.SampledFrom(own).Draw(rt, "bet")
			}
			return rapid.SampledFrom(bets).Draw(rt, "bet")
		}
		var common []Bet // bets that can be made at any time
		for _, b := range bets {
			switch b.Kind {
			case Place, PlaceToLose, Buy, Lay, Big6, Big8, Field, Hardway, Any7, AnyCraps, Horn, CAndE, Hop:
				common = append(common, b)
			}
		}
		lines := []Bet{{Kind: PassLine}, {Kind: DontPass}, {Kind: Come}, {Kind: DontCome}, {Kind: Fire}, {Kind: All}, {Kind: Tall}, {Kind: Small}}
		for _, b := range bets {
			if b.Kind == Put {
				lines = append(lines, b)
			}
		}
		rt.Repeat(map[string]func(*rapid.T){
			"": func(rt *rapid.T) { d.check(rt) },
			"join": func(rt *rapid.T) {
				money := bankroll(rt)
				switch rapid.IntRange(0, 9).Draw(rt, "odd bankroll") {
				case 8:
					money = Amount(rapid.Int64Range(-1, 1).Draw(rt, "small"))
				case 9:
					money = MaxAmount + Amount(rapid.Int64Range(0, 1).Draw(rt, "huge"))
				}
				d.join(rt, rapid.SampledFrom(append(ttPool, "")).Draw(rt, "name"), money)
			},
			"leave": func(rt *rapid.T) { d.leave(rt, name(rt)) },
			"place": func(rt *rapid.T) {
				d.place(rt, name(rt), rapid.SampledFrom(bets).Draw(rt, "bet"), ttDrawAmount(rt, unit, "amount"))
			},
			"place line": func(rt *rapid.T) {
				d.place(rt, name(rt), rapid.SampledFrom(lines).Draw(rt, "bet"), ttDrawAmount(rt, unit, "amount"))
			},
			"place common": func(rt *rapid.T) {
				if len(common) == 0 { // the rules offer none (High Point craps)
					rt.Skip()
				}
				d.place(rt, name(rt), rapid.SampledFrom(common).Draw(rt, "bet"), ttDrawAmount(rt, unit, "amount"))
			},
			"odds": func(rt *rapid.T) {
				// Odds behind a line bet that has a point, up to a unit past the limit.
				var lines []ttKey
				for k, p := range d.layout(rt) {
					if odds, ok := oddsBehind(p.bet, int8(d.point)); ok && (k.bet.Kind != PassLine && k.bet.Kind != DontPass || d.point != 0) {
						lines = append(lines, ttKey{k.player, odds})
					}
				}
				if len(lines) == 0 {
					rt.Skip("no line bet with a point")
				}
				ttSortKeys(lines)
				k := rapid.SampledFrom(lines).Draw(rt, "odds")
				line := d.layout(rt)[ttKey{k.player, lineUnder(k.bet)}]
				limit, _ := mulDiv(line.amount, r.oddsStakeMultiple(k.bet.Kind, k.bet.Number).Win, r.oddsStakeMultiple(k.bet.Kind, k.bet.Number).Stake)
				a := unit * Amount(rapid.Int64Range(1, int64(limit/unit)+1).Draw(rt, "units"))
				d.place(rt, k.player, k.bet, a)
			},
			"reduce": func(rt *rapid.T) {
				p := name(rt)
				d.reduce(rt, p, ownBet(rt, p), ttDrawAmount(rt, unit, "amount"))
			},
			"take down": func(rt *rapid.T) {
				p := name(rt)
				d.takeDown(rt, p, ownBet(rt, p))
			},
			"working": func(rt *rapid.T) {
				p := name(rt)
				d.working(rt, p, ownBet(rt, p), rapid.Bool().Draw(rt, "on"))
			},
			"roll": func(rt *rapid.T) {
				dice := Dice{uint8(rapid.IntRange(1, 6).Draw(rt, "a")), uint8(rapid.IntRange(1, 6).Draw(rt, "b"))}
				if rapid.IntRange(0, 19).Draw(rt, "bad dice") == 19 {
					dice = Dice{uint8(rapid.IntRange(0, 7).Draw(rt, "bad a")), 7}
				}
				d.roll(rt, dice)
			},
			"roll again": func(rt *rapid.T) {
				d.roll(rt, Dice{uint8(rapid.IntRange(1, 6).Draw(rt, "a")), uint8(rapid.IntRange(1, 6).Draw(rt, "b"))})
			},
		})
	})
}

// ttSortKeys puts keys in a fixed order, so that drawing from them is
// reproducible.
func ttSortKeys(ks []ttKey) {
	less := func(a, b ttKey) bool {
		if a.player != b.player {
			return a.player < b.player
		}
		if a.bet.Kind != b.bet.Kind {
			return a.bet.Kind < b.bet.Kind
		}
		return a.bet.Number < b.bet.Number
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && less(ks[j], ks[j-1]); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
}

// FuzzTable drives a table with operations decoded from the input: the
// first byte picks the rules, then every five bytes are one call (op,
// player, bet, amount, dice). Each call is checked as in the state machine.
func FuzzTable(f *testing.F) {
	f.Add(ttEncode(0, []ttFuzzOp{{5, 0, 0, 100, 0}, {5, 1, 0, 100, 0}, {0, 0, 0, 2, 0}, {0, 1, 1, 2, 0}, {7, 0, 0, 0, 3},
		{0, 0, 4, 6, 0}, {0, 1, 2, 2, 0}, {0, 0, 40, 1, 0}, {7, 0, 0, 0, 20}, {2, 0, 4, 1, 0}, {3, 1, 1, 0, 0}, {7, 0, 0, 0, 13}}))
	f.Add(ttEncode(1, []ttFuzzOp{{5, 0, 0, 50, 0}, {0, 0, 0, 4, 0}, {7, 0, 0, 0, 5}, {0, 0, 4, 4, 0}, {2, 0, 0, 1, 0}, {3, 0, 0, 0, 0},
		{6, 0, 0, 0, 0}, {0, 0, 50, 3, 0}, {4, 0, 50, 1, 0}, {7, 0, 0, 0, 9}}))
	f.Add(ttEncode(2, []ttFuzzOp{{5, 2, 0, 80, 0}, {0, 2, 0, 4, 0}, {7, 2, 0, 0, 0}, {7, 2, 0, 0, 35}, {0, 2, 60, 2, 0}, {7, 2, 0, 0, 8}}))
	src := rand.New(rand.NewPCG(1, 2))
	for range 4 {
		data := make([]byte, 1+5*60)
		for i := range data {
			data[i] = byte(src.IntN(256))
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		names := ttCasinoPresets()
		r, _ := preset(names[int(data[0]&7)%len(names)])
		if data[0]&8 != 0 {
			r.Unit = 5
		}
		r.LineBetsRemovable = data[0]&16 != 0
		r.BuyCommission.Timing = CommissionTiming(data[0] >> 5 % 3)
		if data[0]&128 != 0 {
			r.Minimum, r.Maximum = 2*r.unit(), 500*r.unit()
		}
		d := ttNewDriver(t, r)
		unit := r.unit()
		bets := append(r.Catalogue(), Bet{Kind: PassOdds}, Bet{Kind: DontPassOdds})
		for data = data[1:]; len(data) >= 5; data = data[5:] {
			op, who, which, amt, dice := data[0], data[1], data[2], data[3], data[4]
			name := ttPool[int(who)%len(ttPool)]
			b := bets[int(which)%len(bets)]
			a := unit * Amount(amt&0x7f)
			if amt&0x80 != 0 {
				a = Amount(int8(amt))
			}
			switch op % 8 {
			case 0, 1:
				d.place(t, name, b, a)
			case 2:
				d.reduce(t, name, b, a)
			case 3:
				d.takeDown(t, name, b)
			case 4:
				d.working(t, name, b, dice&1 == 0)
			case 5:
				d.join(t, name, a*100)
			case 6:
				d.leave(t, name)
			case 7:
				dd := Dice{dice%6 + 1, dice/6%6 + 1}
				if dice >= 216 {
					dd = Dice{dice % 8, 0}
				}
				d.roll(t, dd)
			}
			d.check(t)
		}
	})
}

// ttFuzzOp is one call of FuzzTable's input.
type ttFuzzOp struct{ op, who, bet, amount, dice byte }

// ttEncode writes a FuzzTable input; dice is an index into AllDice.
func ttEncode(rules byte, ops []ttFuzzOp) []byte {
	out := []byte{rules}
	for _, o := range ops {
		out = append(out, o.op, o.who, o.bet, o.amount, o.dice)
	}
	return out
}

// ---- Allocations and speed ----

// ttLayoutTable is one player at a standard table with a bet on nearly
// every spot, the point on 6 and bets both off and working.
func ttLayoutTable(t testing.TB) *Table {
	t.Helper()
	tb, _ := NewTable(Standard())
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(tb.Join("p", MaxAmount))
	place := func(b Bet, a Amount) { t.Helper(); must(tb.Place("p", b, a)) }
	roll := func(d Dice) { t.Helper(); _, err := tb.Roll(d, nil); must(err) }
	place(ttK(Fire), 10)
	place(ttK(All), 10)
	place(ttK(Tall), 10)
	place(ttK(Small), 10)
	place(ttK(PassLine), 10)
	place(ttK(DontPass), 10)
	roll(ttEasy(6))
	place(ttK(PassOdds), 50)
	place(ttK(DontPassOdds), 60)
	place(ttK(Come), 10)
	place(ttK(DontCome), 10)
	roll(ttEasy(5))
	place(ttN(ComeOdds, 5), 40)
	place(ttN(DontComeOdds, 5), 60)
	place(ttK(Come), 10)
	place(ttN(Put, 8), 10)
	place(ttN(PutOdds, 8), 50)
	for _, n := range []int{4, 5, 6, 8, 9, 10} {
		place(ttN(Place, n), 30)
		place(ttN(PlaceToLose, n), 40)
		place(ttN(Buy, n), 20)
		place(ttN(Lay, n), 40)
	}
	place(ttK(Big6), 10)
	place(ttK(Big8), 10)
	for _, n := range []int{4, 6, 8, 10} {
		place(ttN(Hardway, n), 10)
	}
	for _, k := range []BetKind{Field, Any7, AnyCraps, Aces, AceDeuce, Yo, Boxcars} {
		place(ttK(k), 10)
	}
	place(ttHop(2, 5), 10)
	place(ttHop(3, 3), 10)
	place(ttK(Horn), 4)
	place(ttN(HornHigh, 12), 5)
	place(ttK(CAndE), 2)
	place(ttK(World), 5)
	must(tb.SetWorking("p", ttN(Place, 6), false))
	must(tb.SetWorking("p", ttN(ComeOdds, 5), true))
	return tb
}

// ttRollAllocs is the allocations per Table.Roll with a reused slice over
// base's layout, each of the 36 throws in turn, from the point on and from
// a come-out with come bets and their odds up.
func ttRollAllocs(t *testing.T, base *Table) float64 {
	t.Helper()
	comeOut := base.Clone()
	if _, err := comeOut.Roll(ttHard(6), nil); err != nil { // the point is made
		t.Fatal(err)
	}
	if comeOut.Point() != 0 {
		t.Fatal("the point was not made")
	}
	work := new(Table)
	bets := make([]placed, 0, 2*len(base.bets))
	seats := make([]seat, 0, len(base.seats))
	dst := make([]Resolution, 0, 2*len(base.bets))
	all := AllDice()
	i := 0
	return testing.AllocsPerRun(144, func() {
		from := base
		if i%72 >= 36 {
			from = comeOut
		}
		*work = *from
		work.bets = append(bets[:0], from.bets...)
		work.seats = append(seats[:0], from.seats...)
		dst, _ = work.Roll(all[i%36], dst[:0])
		i++
	})
}

func TestTableRollAllocs(t *testing.T) {
	// The horn, horn high, C&E and world bets once allocated their parts
	// on every roll.
	if n := ttRollAllocs(t, ttLayoutTable(t)); n != 0 {
		t.Errorf("Table.Roll with a reused slice: %v allocations per roll, want 0", n)
	}
}

// Bets the benchmark keeps on the layout; package variables, so that
// refilling them allocates nothing.
var (
	ttBenchPass   = Bet{Kind: PassLine}
	ttBenchCome   = Bet{Kind: Come}
	ttBenchAlways = [...]struct {
		bet    Bet
		amount Amount
	}{
		{Bet{Kind: Place, Number: 6}, 12}, {Bet{Kind: Place, Number: 8}, 12}, {Bet{Kind: Field}, 10},
		{Bet{Kind: Hardway, Number: 6}, 10}, {Bet{Kind: Hardway, Number: 8}, 10}, {Bet{Kind: Any7}, 10},
	}
)

// ttBenchRefill puts back whatever the benchmark's layout is missing:
// the pass line when the puck is off, full 3-4-5x odds behind the pass
// and come bets with a point, come bets while fewer than two are up and a
// point is on, and place 6 and 8, the field, hard 6 and 8 and any 7.
func ttBenchRefill(b ttTB, tb *Table) {
	const line = 10
	check := func(err error) {
		if err != nil {
			b.Fatalf("refill: %v", err)
		}
	}
	if tb.point == 0 && tb.find(0, ttBenchPass) < 0 {
		check(tb.Place("p", ttBenchPass, line))
	}
	comes := 0
	for i := 0; i < len(tb.bets); i++ {
		p := tb.bets[i]
		var odds Bet
		switch {
		case p.bet.Kind == PassLine && tb.point != 0:
			odds = Bet{Kind: PassOdds, Number: int(tb.point)}
		case p.bet.Kind == Come:
			comes++
			if p.bet.Number == 0 {
				continue
			}
			odds = Bet{Kind: ComeOdds, Number: p.bet.Number}
		default:
			continue
		}
		m := tb.rules.Odds.Multiple(odds.Number)
		full := p.amount * Amount(m.Win) / Amount(m.Stake)
		have := Amount(0)
		if k := tb.find(0, odds); k >= 0 {
			have = tb.bets[k].amount
		}
		if have < full {
			check(tb.Place("p", odds, full-have))
		}
	}
	if tb.point != 0 && comes < 2 && tb.find(0, ttBenchCome) < 0 {
		check(tb.Place("p", ttBenchCome, line))
	}
	for _, a := range ttBenchAlways {
		if tb.find(0, a.bet) < 0 {
			check(tb.Place("p", a.bet, a.amount))
		}
	}
}

// ttBenchTable is the benchmark's table: one player with a big bankroll
// at a standard table, room on the layout for every bet it makes.
func ttBenchTable(t ttTB) *Table {
	tb, _ := NewTable(Standard())
	if err := tb.Join("p", MaxAmount); err != nil {
		t.Fatalf("join: %v", err)
	}
	tb.bets = make([]placed, 0, 32)
	ttBenchRefill(t, tb)
	return tb
}

// The benchmark measures what it says: the layout stays full, and a roll
// with its refill allocates nothing.
func TestTableBenchLayout(t *testing.T) {
	tb := ttBenchTable(t)
	src := rand.NewPCG(1, 1)
	dst := make([]Resolution, 0, 32)
	comeBets := 0
	for range 2000 {
		dst, _ = tb.Roll(Throw(src), dst[:0])
		ttBenchRefill(t, tb)
		lay := map[Bet]Amount{}
		comes := 0
		for _, p := range tb.bets {
			lay[p.bet] = p.amount
			if p.bet.Kind == Come {
				comes++
			}
		}
		comeBets += comes
		for _, a := range ttBenchAlways {
			if lay[a.bet] != a.amount {
				t.Fatalf("%v is %d, want %d", a.bet, lay[a.bet], a.amount)
			}
		}
		if n := tb.Point(); n != 0 {
			if lay[ttBenchPass] != 10 || lay[Bet{Kind: PassOdds, Number: n}] != Amount(Standard().Odds.Multiple(n).Win)*10 {
				t.Fatalf("point %d: pass line %d, odds %d", n, lay[ttBenchPass], lay[Bet{Kind: PassOdds, Number: n}])
			}
			if comes == 0 || comes > 2 {
				t.Fatalf("point %d: %d come bets", n, comes)
			}
		}
		for b, a := range lay {
			if b.Kind == Come && b.Number != 0 && lay[Bet{Kind: ComeOdds, Number: b.Number}] != Amount(Standard().Odds.Multiple(b.Number).Win)*a {
				t.Fatalf("%v has odds %d", b, lay[Bet{Kind: ComeOdds, Number: b.Number}])
			}
		}
	}
	if comeBets < 1000 {
		t.Errorf("only %d come bets seen in 2000 rolls", comeBets)
	}
	if n := testing.AllocsPerRun(1000, func() {
		dst, _ = tb.Roll(Throw(src), dst[:0])
		ttBenchRefill(t, tb)
	}); n != 0 {
		t.Errorf("a roll and its refill: %v allocations, want 0", n)
	}
}

// BenchmarkTableRoll throws seeded random dice, drawn before it starts,
// at a full layout under the standard rules: pass line with 3-4-5x odds,
// two come bets with odds, place 6 and 8, field, hard 6 and 8, any 7.
// The layout is put back after every roll by copying it, so that each
// roll resolves the same layout: ns/op is Table.Roll plus that copy,
// which BenchmarkTableRollParts/restore times alone.
func BenchmarkTableRoll(b *testing.B) {
	tb, layout := ttBenchLayout(b)
	tape := ttThrowTape(1 << 16)
	dst := make([]Resolution, 0, 32)
	b.ReportAllocs()
	cpu := startCPU()
	for i := 0; b.Loop(); i++ {
		ttBenchRestore(tb, layout)
		var err error
		if dst, err = tb.Roll(tape[i&(len(tape)-1)], dst[:0]); err != nil {
			b.Fatal(err)
		}
	}
	cpu.report(b)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rolls/s")
}

// BenchmarkTableRollParts times parts of BenchmarkTableRoll apart:
//
//   - restore is the copy that puts the layout back, which
//     BenchmarkTableRoll makes before every roll;
//   - least-work is the settling Roll's fast path does and nothing else:
//     for each bet, whether the throw decides it; for each bet it
//     decides, its payout from the compiled step, the player's bankroll
//     and the house's takings, and its Resolution written in full (the
//     same Resolutions as Roll's, TestLeastWorkReportsAsRoll checks). It
//     leaves out what Roll must also do: take the decided bets off the
//     layout, check the come-out and the bets that are off, and move the
//     puck;
//   - least-work-unreported is least-work without writing the
//     Resolutions, to tell what reporting costs;
//   - memoized is BenchmarkTableRoll with every roll worked out in
//     advance, one for each of the 36 throws (ttRollMemo): the restore,
//     then the roll's Resolutions copied in, the bets that stay moved
//     down, the money and the puck set. It decides, pays and checks
//     nothing, and holds for this one layout only, so it is no way to
//     play; it is a floor under BenchmarkTableRoll, since any Roll must
//     at least report and move what this one does.
//
// All throw the dice BenchmarkTableRoll throws.
func BenchmarkTableRollParts(b *testing.B) {
	tb, layout := ttBenchLayout(b)
	tape := ttThrowTape(1 << 16)
	memo := ttRollMemos(b, tb, layout)
	b.Run("memoized", func(b *testing.B) {
		dst := make([]Resolution, 0, 32)
		for i := 0; b.Loop(); i++ {
			ttBenchRestore(tb, layout)
			dst = memo[tape[i&(len(tape)-1)].index()].apply(tb, dst[:0])
		}
	})
	b.Run("restore", func(b *testing.B) {
		var sum uint
		for i := 0; b.Loop(); i++ {
			ttBenchRestore(tb, layout)
			sum += tape[i&(len(tape)-1)].index()
		}
		if sum == 0 {
			b.Fatal("no throw")
		}
	})
	for _, report := range []bool{true, false} {
		name := "least-work"
		if !report {
			name += "-unreported"
		}
		b.Run(name, func(b *testing.B) {
			ttBenchRestore(tb, layout)
			dst := make([]Resolution, 0, 32)
			for i := 0; b.Loop(); i++ {
				dst = ttLeastWork(tb, tape[i&(len(tape)-1)].index(), report, dst[:0])
			}
		})
	}
}

// The least work reports what Roll reports, for every throw at the
// benchmark layout, so that BenchmarkTableRollParts times the same work.
func TestLeastWorkReportsAsRoll(t *testing.T) {
	tb, layout := ttBenchLayout(t)
	for _, d := range AllDice() {
		ttBenchRestore(tb, layout)
		want, err := tb.Roll(d, nil)
		if err != nil {
			t.Fatal(err)
		}
		ttBenchRestore(tb, layout)
		if diff := cmp.Diff(want, ttLeastWork(tb, d.index(), true, nil)); diff != "" {
			t.Errorf("%v: least work reports otherwise (-Roll +least work):\n%s", d, diff)
		}
	}
}

// A memoized roll leaves the table as Roll does, for every throw at the
// benchmark layout, so that BenchmarkTableRollParts/memoized does all of
// a roll's work on the layout, the money and the puck.
func TestRollMemoIsRoll(t *testing.T) {
	tb, layout := ttBenchLayout(t)
	memo := ttRollMemos(t, tb, layout)
	for _, d := range AllDice() {
		ttBenchRestore(tb, layout)
		house := tb.house
		res, err := tb.Roll(d, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := tb.Clone()
		ttBenchRestore(tb, layout)
		tb.house = house
		got := memo[d.index()].apply(tb, nil)
		if diff := cmp.Diff(res, got); diff != "" {
			t.Errorf("%v: the memo reports otherwise (-Roll +memo):\n%s", d, diff)
		}
		if diff := cmp.Diff(want.bets, tb.bets, ttCmpTable); diff != "" {
			t.Errorf("%v: the memo leaves another layout (-Roll +memo):\n%s", d, diff)
		}
		if tb.seats[0].bankroll != want.seats[0].bankroll || tb.house != want.house || tb.point != want.point {
			t.Errorf("%v: the memo leaves bankroll %v, house %v, point %d; Roll %v, %v, %d", d,
				tb.seats[0].bankroll, tb.house, tb.point, want.seats[0].bankroll, want.house, want.point)
		}
	}
}

// ttRollMemo is what a roll of the benchmark layout does for one throw,
// worked out by Roll: the Resolutions it reports, the indexes of the
// bets that stay, in order, the player's bankroll and the puck after it,
// and what it adds to the house's result.
type ttRollMemo struct {
	res             []Resolution
	stay            []int
	bankroll, house Amount
	point           int8
}

// ttRollMemos works out a roll of the layout for each throw, by index.
func ttRollMemos(b ttTB, tb, layout *Table) (memo [36]ttRollMemo) {
	b.Helper()
	for _, d := range AllDice() {
		ttBenchRestore(tb, layout)
		house := tb.house
		res, err := tb.Roll(d, nil)
		if err != nil {
			b.Fatalf("roll %v: %v", d, err)
		}
		m := &memo[d.index()]
		m.res = res
		for i := range layout.bets {
			for j := range tb.bets {
				if tb.bets[j].bet == layout.bets[i].bet && tb.bets[j].seat == layout.bets[i].seat {
					m.stay = append(m.stay, i)
				}
			}
		}
		m.bankroll, m.house, m.point = tb.seats[0].bankroll, tb.house-house, tb.point
	}
	ttBenchRestore(tb, layout)
	return memo
}

// apply does to tb, the benchmark layout restored, what the memo's roll
// does, and appends its Resolutions to dst.
func (m *ttRollMemo) apply(tb *Table, dst []Resolution) []Resolution {
	dst = append(dst, m.res...)
	for k, i := range m.stay {
		if k != i {
			tb.bets[k] = tb.bets[i]
		}
	}
	tb.bets = tb.bets[:len(m.stay)]
	tb.seats[0].bankroll, tb.point = m.bankroll, m.point
	tb.house += m.house
	return dst
}

// ttLeastWork settles the bets throw decides as Roll's fast path does,
// leaving the layout as it is, and appends their Resolutions to dst if
// report is set; see BenchmarkTableRollParts.
//
//go:noinline
func ttLeastWork(tb *Table, throw uint, report bool, dst []Resolution) []Resolution {
	bit := uint64(1) << throw
	var house Amount
	for i := range tb.bets {
		p := &tb.bets[i]
		if p.quiet&bit != 0 {
			continue
		}
		step := &p.row[throw]
		exact, _ := step.payPlain(p.amount)
		back, lost := Amount(0), Amount(0)
		if step.back {
			back = p.amount
		}
		if step.verdict == loses {
			lost = p.amount
		}
		house += lost - exact
		s := &tb.seats[p.seat]
		s.bankroll += exact + back
		if !report {
			continue
		}
		dst = grow(dst)
		res := &dst[len(dst)-1]
		res.Player = s.name
		res.Bet = p.bet
		res.Outcome, res.Against = step.outcome, false
		res.Stake, res.Win, res.Returned, res.Commission, res.Breakage = p.amount, exact, back, 0, 0
		res.Opponent = ""
		res.To = Bet{}
		if step.up {
			res.To = p.bet
		}
	}
	tb.house += house
	return dst
}

// ttBenchLayout is the table BenchmarkTableRoll rolls, every bet bound to
// its compiled automaton, and a copy of its layout to restore.
func ttBenchLayout(b ttTB) (tb, layout *Table) {
	b.Helper()
	tb = ttBenchTable(b)
	// Set a point with two come bets on their numbers, all with odds.
	for _, d := range []Dice{{2, 4}, {4, 5}, {1, 4}} {
		if _, err := tb.Roll(d, nil); err != nil {
			b.Fatalf("roll %v: %v", d, err)
		}
		ttBenchRefill(b, tb)
	}
	for i := range tb.bets {
		tb.bind(&tb.bets[i])
	}
	layout = tb.Clone()
	if n := len(layout.bets); n != 12 {
		b.Fatalf("the layout has %d bets, want 12", n)
	}
	return tb, layout
}

// ttBenchRestore puts back what a roll of the benchmark layout changes:
// the bets, the puck and the player's bankroll.
func ttBenchRestore(tb, layout *Table) {
	tb.bets = append(tb.bets[:0], layout.bets...)
	tb.point, tb.seats[0].bankroll = layout.point, layout.seats[0].bankroll
}

// ttThrowTape is n seeded random throws, n a power of 2, drawn before a
// benchmark starts so that it times the table and not the random source.
func ttThrowTape(n int) []Dice {
	src := rand.NewPCG(2026, 6)
	tape := make([]Dice, n)
	for i := range tape {
		tape[i] = Throw(src)
	}
	return tape
}

// BenchmarkTableSession plays a session on the same layout: each roll is
// followed by re-placing whatever the layout lost (the pass line on a
// come-out, odds at the limit, come bets, the one-roll bets), so ns/op is
// a roll plus the Place calls a simple strategy makes.
func BenchmarkTableSession(b *testing.B) {
	tb := ttBenchTable(b)
	src := rand.NewPCG(2026, 6)
	dst := make([]Resolution, 0, 32)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		dst, err = tb.Roll(Throw(src), dst[:0])
		if err != nil {
			b.Fatal(err)
		}
		ttBenchRefill(b, tb)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rolls/s")
}

// LineUnder and OddsBehind are one relation read both ways, for every
// odds bet a table offers.
func TestLineUnderOddsBehind(t *testing.T) {
	for _, c := range []struct {
		reason string
		odds   Bet
		line   Bet
		point  int
	}{
		{"pass odds behind the pass line, on the point", ttN(PassOdds, 6), ttK(PassLine), 6},
		{"don't pass odds behind the don't pass", ttN(DontPassOdds, 4), ttK(DontPass), 4},
		{"come odds behind the come bet on its number", ttN(ComeOdds, 9), ttN(Come, 9), 5},
		{"don't come odds the same", ttN(DontComeOdds, 10), ttN(DontCome, 10), 5},
		{"put odds behind the put bet", ttN(PutOdds, 8), ttN(Put, 8), 5},
	} {
		if got, ok := c.odds.LineUnder(); !ok || got != c.line {
			t.Errorf("%s: %v.LineUnder() = %v, %v; want %v", c.reason, c.odds, got, ok, c.line)
		}
		if got, ok := c.line.OddsBehind(c.point); !ok || got != c.odds {
			t.Errorf("%s: %v.OddsBehind(%d) = %v, %v; want %v", c.reason, c.line, c.point, got, ok, c.odds)
		}
	}
	for _, c := range []struct {
		reason string
		bet    Bet
		point  int
	}{
		{"a pass line on the come-out takes no odds yet", ttK(PassLine), 0},
		{"a come bet in the come box neither", ttK(Come), 6},
		{"a place bet takes none", ttN(Place, 6), 6},
		{"a point that is no total", ttK(PassLine), 300},
		{"a point below zero", ttK(PassLine), -4},
	} {
		if got, ok := c.bet.OddsBehind(c.point); ok {
			t.Errorf("%s: %v.OddsBehind(%d) = %v", c.reason, c.bet, c.point, got)
		}
	}
	for _, b := range []Bet{ttN(Place, 6), ttK(PassLine), ttK(Field)} {
		if got, ok := b.LineUnder(); ok {
			t.Errorf("%v is no odds bet, but LineUnder gives %v", b, got)
		}
	}
	// Every odds bet of the catalogue, behind its line bet on a table.
	for _, r := range []Rules{Standard(), Crapless()} {
		for _, odds := range r.Catalogue() {
			line, ok := odds.LineUnder()
			if !ok {
				continue
			}
			if back, ok := line.OddsBehind(odds.Number); !ok || back != odds {
				t.Errorf("%v stands behind %v, whose odds are %v, %v", odds, line, back, ok)
			}
		}
	}
}

// BenchmarkTableSeat seats n players at a table, each making a pass line
// bet ("bet") or not ("join"): the cost of a player grows with the
// players seated and the bets made before him only if seating or finding
// a player, or his bet, is linear.
func BenchmarkTableSeat(b *testing.B) {
	for _, n := range []int{1000, 10_000, 40_000} {
		names := make([]string, n)
		for i := range names {
			names[i] = "player " + itoa(i)
		}
		for _, bet := range []bool{false, true} {
			name := "join"
			if bet {
				name = "bet"
			}
			b.Run(name+"/"+itoa(n), func(b *testing.B) {
				for b.Loop() {
					var tb Table
					for _, p := range names {
						if err := tb.Join(p, 100); err != nil {
							b.Fatal(err)
						}
						if bet {
							if err := tb.Place(p, Bet{Kind: PassLine}, 10); err != nil {
								b.Fatal(err)
							}
						}
					}
				}
			})
		}
	}
}

// A table seats MaxPlayers players and refuses one more (ErrNoSeat), at
// any seat, and so does a restored save holding more; a player who
// leaves frees a seat. Before, any number was seated, in time that grew
// with the players already seated, and a save of a million players was
// restored.
func TestTableMaxPlayers(t *testing.T) {
	var tb Table
	for i := range MaxPlayers {
		if err := tb.Join("p"+itoa(i), 10); err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
	}
	ttCheckRefusal(t, tb.Join("one more", 10), ErrNoSeat)
	ttCheckRefusal(t, tb.JoinAt("one more", 10, 5), ErrNoSeat)
	ttCheckRefusal(t, tb.Join("p7", 10), ErrPlayerExists) // the name first, as before
	full := ttSave(t, &tb)
	restored := ttRestore(t, full)
	if n := len(restored.Players()); n != MaxPlayers {
		t.Fatalf("the full table restores with %d players", n)
	}
	// The restored table finds every player at his seat.
	for _, i := range []int{0, 1, MaxPlayers / 2, MaxPlayers - 1} {
		if err := restored.Place("p"+itoa(i), Bet{Kind: Field}, 10); err != nil {
			t.Fatalf("p%d: %v", i, err)
		}
		if bets, err := restored.Bets("p" + itoa(i)); err != nil || len(bets) != 1 {
			t.Fatalf("p%d's bets: %v, %v", i, bets, err)
		}
	}
	over := bytes.Replace(full, []byte(`"players":[`), []byte(`"players":[{"name":"one more","bankroll":1},`), 1)
	var tooMany Table
	ttCheckRefusal(t, tooMany.UnmarshalJSON(over), ErrNoSeat)
	if _, err := tb.Leave("p100"); err != nil {
		t.Fatal(err)
	}
	if err := tb.JoinAt("one more", 10, 100); err != nil {
		t.Fatalf("a seat freed: %v", err)
	}
	if ps := tb.Players(); ps[100].Name != "one more" || ps[101].Name != "p101" {
		t.Errorf("seats 100 and 101: %s, %s", ps[100].Name, ps[101].Name)
	}
}

// copyTable copies src into dst, or into a new Table if dst is nil, rules
// and all, as the simulator copies a state of play: a new one by
// snapshot, into a table played by load.
func copyTable(dst, src *Table) *Table {
	if dst == nil {
		return &Table{rules: src.rules, tableState: *src.snapshot()}
	}
	dst.rules = src.rules
	dst.load(&src.tableState)
	return dst
}

// The index of names stays in step with the seats through Join, JoinAt,
// Leave, Clone, restore and copies that share it (copyTable, as the
// simulator makes them): each table finds every player at his own seat,
// and a change to one changes no other.
func TestTableNamesInStep(t *testing.T) {
	check := func(what string, tb *Table, want ...string) {
		t.Helper()
		var got []string
		for _, p := range tb.Players() {
			got = append(got, p.Name)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: seats %v, want %v", what, got, want)
		}
		for i, name := range want {
			if j, ok := tb.seatIndex(name); !ok || j != i {
				t.Fatalf("%s: %s found at %d (%v), seated at %d", what, name, j, ok, i)
			}
		}
		for _, name := range []string{"nobody", "gone"} {
			if _, ok := tb.seatIndex(name); ok && !slices.Contains(want, name) {
				t.Fatalf("%s: %s found, not seated", what, name)
			}
		}
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	var a Table
	must(a.Join("ann", 10))
	must(a.Join("bob", 10))
	must(a.JoinAt("cat", 10, 0))
	check("joined", &a, "cat", "ann", "bob")
	// A copy that shares a's index while a changes it in place, keeping
	// its length: a player gone, another come.
	stale := copyTable(nil, &a)
	_, err := a.Leave("ann")
	must(err)
	must(a.Join("ann", 10))
	check("a, ann back at the end", &a, "cat", "bob", "ann")
	check("copy of a before", stale, "cat", "ann", "bob")
	must(stale.Join("zed", 10))
	check("copy of a before", stale, "cat", "ann", "bob", "zed")
	_, err = a.Leave("ann")
	must(err)
	must(a.JoinAt("ann", 10, 1))
	shared := copyTable(nil, &a) // reads a's index
	check("copy", shared, "cat", "ann", "bob")
	must(shared.Join("dan", 10)) // builds its own first
	must(a.Join("gone", 10))
	check("a", &a, "cat", "ann", "bob", "gone")
	check("copy", shared, "cat", "ann", "bob", "dan")
	_, err = a.Leave("ann")
	must(err)
	check("a after a leave", &a, "cat", "bob", "gone")
	check("copy after a's leave", shared, "cat", "ann", "bob", "dan")
	c := a.Clone()
	must(c.JoinAt("eve", 10, 1))
	_, err = a.Leave("gone")
	must(err)
	check("clone", c, "cat", "eve", "bob", "gone")
	check("a", &a, "cat", "bob")
	r := ttRestore(t, ttSave(t, c))
	must(r.Join("fay", 10))
	_, err = r.Leave("cat")
	must(err)
	check("restored", r, "eve", "bob", "gone", "fay")
	check("clone", c, "cat", "eve", "bob", "gone")
}
