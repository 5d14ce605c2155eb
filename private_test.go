package craps

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"maps"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"
)

// Tests of the private game of the private-game rule book (Rules.Private, the Street
// preset): the center bet and its fades, the claim, side bets between
// players at agreed odds, carried come bets, seats and the passing of the
// dice, irregular throws and bars, saving, the exact figures of the bets
// between players, and a state machine over a whole game. Identifiers in
// this file start with "pv".

// pvRefused checks that call is refused with want and changes nothing.
func pvRefused(t ttTB, tb *Table, want error, call func() error) {
	t.Helper()
	before := ttSave(t, tb)
	err := call()
	if err == nil {
		t.Fatalf("call allowed, want a refusal wrapping %q", want)
	}
	ttCheckRefusal(t, err, want)
	if after := ttSave(t, tb); !bytes.Equal(before, after) {
		t.Fatalf("refused call (%v) changed the table:\n%s\n%s", err, before, after)
	}
}

func pvMust(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// pvNew is a table playing r with the players seated in order, 1000 each;
// the first holds the dice.
func pvNew(t testing.TB, r Rules, names ...string) *Table {
	t.Helper()
	tb, err := NewTable(r)
	pvMust(t, err)
	for _, n := range names {
		pvMust(t, tb.Join(n, 1000))
	}
	return tb
}

// pvRoll throws d, failing the test if it is refused.
func pvRoll(t testing.TB, tb *Table, ds ...Dice) []Resolution {
	t.Helper()
	var res []Resolution
	for _, d := range ds {
		var err error
		if res, err = tb.Roll(d, nil); err != nil {
			t.Fatalf("roll %v: %v", d, err)
		}
	}
	return res
}

// pvBankrolls is each player's bankroll, off the table.
func pvBankrolls(tb *Table) map[string]Amount {
	m := map[string]Amount{}
	for _, p := range tb.Players() {
		m[p.Name] = p.Bankroll
	}
	return m
}

// pvMoney is all the money at the table as the exported calls see it:
// every player's bankroll and stakes on the table, and the house's result
// (always 0 in the private game).
func pvMoney(tb *Table) Amount {
	m := tb.House()
	for _, p := range tb.Players() {
		m += p.Bankroll + p.OnTable
	}
	return m
}

func pvBet(t testing.TB, s string) Bet {
	t.Helper()
	b, err := ParseBet(s)
	pvMust(t, err)
	return b
}

// pvSide is the two reports of a bet between players, backer first.
func pvSide(backer, layer string, b Bet, stake, cover Amount, o Outcome) []Resolution {
	mine := Resolution{Player: backer, Opponent: layer, Bet: b, Stake: stake, Outcome: o}
	theirs := Resolution{Player: layer, Opponent: backer, Bet: b, Stake: cover, Against: true}
	switch o {
	case OutcomeWon:
		mine.Win, mine.Returned, theirs.Outcome = cover, stake, OutcomeLost
	case OutcomeLost:
		theirs.Outcome, theirs.Win, theirs.Returned = OutcomeWon, stake, cover
	case OutcomePushed:
		mine.Returned, theirs.Outcome, theirs.Returned = stake, OutcomePushed, cover
	}
	return []Resolution{mine, theirs}
}

// ---- The center bet ----

// TestPrivateCenterMustShow plays the center bet the rule book describes
// with figures of our own: the shooter shoots 100, faded 60 and 40 by two
// players.
func TestPrivateCenterMustShow(t *testing.T) {
	center := Bet{Kind: Center}
	for _, c := range []struct {
		name, reason string
		throws       []Dice
		want         []Resolution // the last throw's
		bankrolls    map[string]Amount
		shooter      string
	}{
		{"natural 7", "dice win on a come-out 7: the shooter takes the center, 60 from a and 40 from b",
			[]Dice{{3, 4}}, slices.Concat(pvSide("s", "a", center, 60, 60, OutcomeWon), pvSide("s", "b", center, 40, 40, OutcomeWon)),
			map[string]Amount{"s": 1100, "a": 940, "b": 960}, "s"},
		{"natural 11", "11 is a natural too",
			[]Dice{{5, 6}}, slices.Concat(pvSide("s", "a", center, 60, 60, OutcomeWon), pvSide("s", "b", center, 40, 40, OutcomeWon)),
			map[string]Amount{"s": 1100, "a": 940, "b": 960}, "s"},
		{"craps 12", "dice lose on craps, 12 included: the center bet has no bar; the shooter keeps the dice",
			[]Dice{{6, 6}}, slices.Concat(pvSide("s", "a", center, 60, 60, OutcomeLost), pvSide("s", "b", center, 40, 40, OutcomeLost)),
			map[string]Amount{"s": 900, "a": 1060, "b": 1040}, "s"},
		{"point made", "a point then the point again: dice win",
			[]Dice{{1, 3}, {2, 2}}, slices.Concat(pvSide("s", "a", center, 60, 60, OutcomeWon), pvSide("s", "b", center, 40, 40, OutcomeWon)),
			map[string]Amount{"s": 1100, "a": 940, "b": 960}, "s"},
		{"seven-out", "a point then a 7: dice lose, each fader gets his stake back and as much again, and the dice pass to a",
			[]Dice{{1, 3}, {5, 5}, {3, 4}}, slices.Concat(pvSide("s", "a", center, 60, 60, OutcomeLost), pvSide("s", "b", center, 40, 40, OutcomeLost)),
			map[string]Amount{"s": 900, "a": 1060, "b": 1040}, "a"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := pvNew(t, Street(), "s", "a", "b")
			pvMust(t, tb.Center(100))
			pvMust(t, tb.Fade("a", 60))
			pvMust(t, tb.Fade("b", 40))
			if got := tb.Players(); got[0].OnTable != 100 || got[1].OnTable != 60 || got[2].OnTable != 40 || got[0].Bankroll != 900 {
				t.Fatalf("after the fades: %+v", got)
			}
			bets, _ := tb.Bets("a")
			if want := []BetState{{Bet: center, Amount: 60, Working: true, Opponent: "s", Against: true}}; !cmp.Equal(want, bets) {
				t.Errorf("Bets(a) (-want +got):\n%s", cmp.Diff(want, bets))
			}
			got := pvRoll(t, tb, c.throws...)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s\nresolutions (-want +got):\n%s", c.reason, diff)
			}
			if diff := cmp.Diff(c.bankrolls, pvBankrolls(tb)); diff != "" {
				t.Errorf("%s\nbankrolls (-want +got):\n%s", c.reason, diff)
			}
			if tb.Shooter() != c.shooter || tb.House() != 0 || pvMoney(tb) != 3000 {
				t.Errorf("%s\nshooter %q (want %q), house %d, money %d", c.reason, tb.Shooter(), c.shooter, tb.House(), pvMoney(tb))
			}
		})
	}
}

// TestPrivateCenterAllows walks the calls around the center bet that
// succeed: stake, fades, raise and lowering, withdraw and no bet.
func TestPrivateCenterAllows(t *testing.T) {
	type op func(t *testing.T, tb *Table)
	center := func(a Amount) op { return func(t *testing.T, tb *Table) { t.Helper(); pvMust(t, tb.Center(a)) } }
	fade := func(p string, a Amount) op {
		return func(t *testing.T, tb *Table) { t.Helper(); pvMust(t, tb.Fade(p, a)) }
	}
	withdraw := func(t *testing.T, tb *Table) { t.Helper(); pvMust(t, tb.Withdraw()) }
	noBet := func(t *testing.T, tb *Table) { t.Helper(); pvMust(t, tb.CallOffCenter()) }
	for _, c := range []struct {
		name, reason string
		ops          []op
		unfaded      Amount            // the shooter's stake no one has faded
		fades        map[string]Amount // each fader's stake
		bankrolls    map[string]Amount
		throwable    bool
	}{
		{"stake", "the stake leaves the shooter's bankroll; nothing is faded yet and the dice cannot be thrown",
			[]op{center(100)}, 100, map[string]Amount{}, map[string]Amount{"s": 900, "a": 1000, "b": 1000}, false},
		{"fully faded", "60 and 40 cover 100: the dice may be thrown",
			[]op{center(100), fade("a", 60), fade("b", 40)}, 0, map[string]Amount{"a": 60, "b": 40},
			map[string]Amount{"s": 900, "a": 940, "b": 960}, true},
		{"fade twice", "a player fades more by fading again: one bet of 30+50",
			[]op{center(100), fade("a", 30), fade("a", 50)}, 20, map[string]Amount{"a": 80},
			map[string]Amount{"s": 900, "a": 920, "b": 1000}, false},
		{"withdraw", "the shooter takes back the 40 no one faded and shoots for 60",
			[]op{center(100), fade("a", 60), withdraw}, 0, map[string]Amount{"a": 60},
			map[string]Amount{"s": 940, "a": 940, "b": 1000}, true},
		{"withdraw all", "with no fades, withdrawing takes back the whole stake",
			[]op{center(100), withdraw}, 0, map[string]Amount{}, map[string]Amount{"s": 1000, "a": 1000, "b": 1000}, true},
		{"no bet", "no bet returns the shooter's stake and every fade",
			[]op{center(100), fade("a", 60), fade("b", 20), noBet}, 0, map[string]Amount{},
			map[string]Amount{"s": 1000, "a": 1000, "b": 1000}, true},
		{"raise", "a faded it all and wants more: the shooter raises to 150 and b fades the new 50",
			[]op{center(100), fade("a", 100), center(150), fade("b", 50)}, 0, map[string]Amount{"a": 100, "b": 50},
			map[string]Amount{"s": 850, "a": 900, "b": 950}, true},
		{"lower", "the shooter lowers his stake to what is faded, taking back the rest",
			[]op{center(100), fade("a", 60), center(60)}, 0, map[string]Amount{"a": 60},
			map[string]Amount{"s": 940, "a": 940, "b": 1000}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := pvNew(t, Street(), "s", "a", "b")
			for _, o := range c.ops {
				o(t, tb)
			}
			fades := map[string]Amount{}
			for _, p := range tb.Players() {
				bets, _ := tb.Bets(p.Name)
				for _, b := range bets {
					if b.Bet.Kind == Center && b.Against {
						fades[p.Name] += b.Amount
					}
				}
			}
			if diff := cmp.Diff(c.fades, fades); diff != "" {
				t.Errorf("%s\nfades (-want +got):\n%s", c.reason, diff)
			}
			if diff := cmp.Diff(c.bankrolls, pvBankrolls(tb)); diff != "" {
				t.Errorf("%s\nbankrolls (-want +got):\n%s", c.reason, diff)
			}
			if tb.center != c.unfaded || pvMoney(tb) != 3000 {
				t.Errorf("%s\nunfaded %d, want %d; money %d", c.reason, tb.center, c.unfaded, pvMoney(tb))
			}
			_, err := tb.Clone().Roll(Dice{3, 4}, nil)
			if (err == nil) != c.throwable {
				t.Errorf("%s\nroll: %v, want throwable %v", c.reason, err, c.throwable)
			}
		})
	}
}

// pvCall is a call on a table that may be refused.
type pvCall func(tb *Table) error

// pvRefuseCase is a call refused after a setup.
type pvRefuseCase struct {
	name, reason string
	rules        Rules
	setup        func(t *testing.T, tb *Table)
	call         pvCall
	want         error
}

// pvRunRefusals runs each case on a table of s (the shooter), a and b.
func pvRunRefusals(t *testing.T, cases []pvRefuseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.rules
			if r == (Rules{}) {
				r = Street()
			}
			tb := pvNew(t, r, "s", "a", "b")
			if c.setup != nil {
				c.setup(t, tb)
			}
			before := ttSave(t, tb)
			err := c.call(tb)
			if err == nil {
				t.Fatalf("%s\nallowed, want %v", c.reason, c.want)
			}
			if !errors.Is(err, c.want) {
				t.Errorf("%s\ngot %v, want %v", c.reason, err, c.want)
			}
			ttCheckRefusal(t, err, c.want)
			if after := ttSave(t, tb); !bytes.Equal(before, after) {
				t.Errorf("%s\nthe refused call changed the table:\n%s\n%s", c.reason, before, after)
			}
		})
	}
}

// pvSetup chains setup calls that must succeed.
func pvSetup(calls ...pvCall) func(t *testing.T, tb *Table) {
	return func(t *testing.T, tb *Table) {
		t.Helper()
		for i, c := range calls {
			if err := c(tb); err != nil {
				t.Fatalf("setup call %d: %v", i, err)
			}
		}
	}
}

func pvCenter(a Amount) pvCall         { return func(tb *Table) error { return tb.Center(a) } }
func pvFade(p string, a Amount) pvCall { return func(tb *Table) error { return tb.Fade(p, a) } }
func pvThrow(a, b uint8) pvCall {
	return func(tb *Table) error { _, err := tb.Roll(Dice{a, b}, nil); return err }
}
func pvSideCall(p, q string, b Bet, a Amount, o Ratio) pvCall {
	return func(tb *Table) error { return tb.Side(p, q, b, a, o) }
}

func TestPrivateCenterRefuses(t *testing.T) {
	unit5 := Street()
	unit5.Unit = 5
	limits := Street()
	limits.Minimum, limits.Maximum = 10, 500
	noCenter := Street()
	noCenter.NotOffered = Kinds(Center)
	cards := Street()
	cards.Cards = CardsPairReturned
	withdraw := func(tb *Table) error { return tb.Withdraw() }
	leave := func(p string) pvCall { return func(tb *Table) error { _, err := tb.Leave(p); return err } }
	pvRunRefusals(t, []pvRefuseCase{
		{"center not offered", "Rules.NotOffered holds for the center bet", noCenter, nil, pvCenter(10), ErrNotOffered},
		{"fade not offered", "Rules.NotOffered holds for the center bet", noCenter, nil, pvFade("a", 10), ErrNotOffered},
		{"claim not offered", "Rules.NotOffered holds for the center bet", noCenter, nil,
			func(tb *Table) error { return tb.Claim("a") }, ErrNotOffered},
		{"roll withdrawn below the minimum", "a withdrawal leaves 5 faded, under the minimum 10", limits,
			pvSetup(pvCenter(20), pvFade("a", 5), withdraw), pvThrow(3, 4), ErrTableLimit},
		{"void throw withdrawn below the minimum", "a void throw is refused as the throw would be", limits,
			pvSetup(pvCenter(20), pvFade("a", 5), withdraw),
			func(tb *Table) error { _, err := tb.RollFault(Dice{3, 4}, Cocked, nil); return err }, ErrTableLimit},
		{"roll after a fader left below the minimum", "b's 15 goes with him, leaving 5 faded", limits,
			pvSetup(pvCenter(20), pvFade("a", 5), pvFade("b", 15), leave("b")), pvThrow(3, 4), ErrTableLimit},
		{"void throw at a card table", "a card table deals its throws, void or not", cards, nil,
			func(tb *Table) error { _, err := tb.RollFault(Dice{3, 4}, OffBounds, nil); return err }, ErrRollSource},
		{"fade beyond the stake", "60 is faded: 50 more would cover 110 of a 100 stake", Rules{},
			pvSetup(pvCenter(100), pvFade("a", 60)), pvFade("b", 50), ErrFadeLimit},
		{"one fade beyond the stake", "no one fades more than the stake", Rules{},
			pvSetup(pvCenter(100)), pvFade("a", 101), ErrFadeLimit},
		{"fade a covered stake", "the stake is fully faded: nothing is left to fade", Rules{},
			pvSetup(pvCenter(100), pvFade("a", 100)), pvFade("b", 10), ErrFadeLimit},
		{"shooter fades himself", "the shooter cannot bet against his own center bet", Rules{},
			pvSetup(pvCenter(100)), pvFade("s", 10), ErrNotNow},
		{"fade nothing", "no center bet is staked", Rules{}, nil, pvFade("a", 10), ErrNotNow},
		{"fade at a point", "the center bet is faded at the come-out, not once the point is on", Rules{},
			pvSetup(pvCenter(100), pvFade("a", 50), pvCenter(50), pvThrow(1, 3)), pvFade("b", 10), ErrNotNow},
		{"fade zero", "an amount must be positive", Rules{}, pvSetup(pvCenter(100)), pvFade("a", 0), ErrAmount},
		{"fade past the rest", "500 of 1000 is faded: 501 more is too much", Rules{},
			pvSetup(pvCenter(1000), pvFade("a", 500)), pvFade("b", 501), ErrFadeLimit},
		{"fade without funds", "b has 50 left after a side bet of 950", Rules{},
			pvSetup(pvSideCall("b", "a", ttN(NumberBet, 6), 950, Ratio{}), pvCenter(100)), pvFade("b", 60), ErrFunds},
		{"fade a stranger", "only a seated player fades", Rules{}, pvSetup(pvCenter(100)), pvFade("zed", 10), ErrUnknownPlayer},
		{"fade off the unit", "fades are whole units", unit5, pvSetup(pvCenter(100)), pvFade("a", 12), ErrUnit},
		{"center off the unit", "stakes are whole units", unit5, nil, pvCenter(12), ErrUnit},
		{"center below the minimum", "the table's limits hold for the stake", limits, nil, pvCenter(5), ErrTableLimit},
		{"center above the maximum", "the table's limits hold for the stake", limits, nil, pvCenter(505), ErrTableLimit},
		{"center zero", "a stake is positive", Rules{}, nil, pvCenter(0), ErrAmount},
		{"center negative", "a stake is positive", Rules{}, nil, pvCenter(-5), ErrAmount},
		{"center huge", "at most MaxAmount", Rules{}, nil, pvCenter(MaxAmount + 1), ErrAmount},
		{"center beyond the bankroll", "the shooter has 1000", Rules{}, nil, pvCenter(1001), ErrFunds},
		{"center below the fades", "60 is faded: the stake cannot drop to 50", Rules{},
			pvSetup(pvCenter(100), pvFade("a", 60)), pvCenter(50), ErrAmount},
		{"center at a point", "the center bet is made at the come-out", Rules{},
			pvSetup(pvThrow(1, 3)), pvCenter(100), ErrNotNow},
		{"roll not faded", "the stake must be fully faded, withdrawn or called off before the throw", Rules{},
			pvSetup(pvCenter(100), pvFade("a", 60)), pvThrow(3, 4), ErrNotNow},
		{"void throw not faded", "a void throw is refused as the throw would be", Rules{},
			pvSetup(pvCenter(100)), func(tb *Table) error { _, err := tb.RollFault(Dice{3, 4}, OffBounds, nil); return err }, ErrNotNow},
		{"counted fault not faded", "a counted fault is a throw", Rules{},
			pvSetup(pvCenter(100)), func(tb *Table) error { _, err := tb.RollFault(Dice{3, 4}, ThrownAside, nil); return err }, ErrNotNow},
		{"withdraw nothing", "no unfaded stake", Rules{}, pvSetup(pvCenter(100), pvFade("a", 100)),
			func(tb *Table) error { return tb.Withdraw() }, ErrNoSuchBet},
		{"no bet with nothing", "no center bet before the throw", Rules{}, nil, func(tb *Table) error { return tb.CallOffCenter() }, ErrNoSuchBet},
		{"no bet at a point", "the center bet has been thrown for", Rules{}, pvSetup(pvCenter(100), pvFade("a", 100), pvThrow(1, 3)),
			func(tb *Table) error { return tb.CallOffCenter() }, ErrNoSuchBet},
		{"side center", "the center bet is made with Center and Fade", Rules{}, nil,
			pvSideCall("a", "b", Bet{Kind: Center}, 10, Ratio{}), ErrNotOffered},
		{"casino center", "a casino has no center bet", Vegas(), nil, pvCenter(100), ErrNotOffered},
		{"casino fade", "a casino has no center bet", Vegas(), nil, pvFade("a", 100), ErrNotOffered},
		{"casino withdraw", "a casino has no center bet", Vegas(), nil, func(tb *Table) error { return tb.Withdraw() }, ErrNotOffered},
		{"casino no bet", "a casino has no center bet", Vegas(), nil, func(tb *Table) error { return tb.CallOffCenter() }, ErrNotOffered},
		{"casino claim", "a casino has no center bet", Vegas(), nil, func(tb *Table) error { return tb.Claim("a") }, ErrNotOffered},
		{"casino side", "a casino banks its bets; no side bets", Vegas(), nil,
			pvSideCall("a", "b", Bet{Kind: PassLine}, 10, Ratio{}), ErrNotOffered},
		{"casino call off", "a casino has no side bets", Vegas(), nil,
			func(tb *Table) error { _, err := tb.CallOff("a", ttN(NumberBet, 6)); return err }, ErrNotOffered},
		{"private place", "no house banks a bet in the private game", Rules{}, nil,
			func(tb *Table) error { return tb.Place("a", ttK(PassLine), 10) }, ErrNotOffered},
		{"private take down", "a bet between players stands until decided or called off", Rules{},
			pvSetup(pvSideCall("a", "b", ttK(PassLine), 10, Ratio{})),
			func(tb *Table) error { _, err := tb.TakeDown("a", ttK(PassLine)); return err }, ErrContract},
		{"private reduce", "a bet between players stands until decided or called off", Rules{},
			pvSetup(pvSideCall("a", "b", ttN(NumberBet, 6), 10, Ratio{})),
			func(tb *Table) error { return tb.Reduce("a", ttN(NumberBet, 6), 5) }, ErrContract},
		{"private working", "bets between players always work", Rules{},
			pvSetup(pvSideCall("a", "b", ttN(Hardway, 6), 10, Ratio{})),
			func(tb *Table) error { return tb.SetWorking("a", ttN(Hardway, 6), false) }, ErrNotNow},
	})
	t.Run("empty table", func(t *testing.T) {
		tb := pvNew(t, Street())
		pvRefused(t, tb, ErrNotNow, func() error { return tb.Center(10) })
		pvRefused(t, tb, ErrNotNow, tb.PassDice)
	})
}

// TestPrivateClaim checks Rules.FadeClaim: the player who faded the whole
// center bet at the last come-out and lost may fade the whole of the next.
func TestPrivateClaim(t *testing.T) {
	claim := Street()
	claim.FadeClaim = true
	// lost: a faded all 100 and the dice won.
	lost := func(t *testing.T, r Rules) *Table {
		t.Helper()
		tb := pvNew(t, r, "s", "a", "b", "c")
		pvMust(t, tb.Center(100))
		pvMust(t, tb.Fade("a", 100))
		pvRoll(t, tb, Dice{3, 4})
		return tb
	}
	t.Run("claim", func(t *testing.T) {
		tb := lost(t, claim)
		if got := tb.ClaimedBy(); got != "a" {
			t.Fatalf("ClaimedBy %q after a faded it all and lost, want a", got)
		}
		pvMust(t, tb.Center(100))
		pvMust(t, tb.Fade("b", 60))
		pvMust(t, tb.Fade("c", 10))
		pvRefused(t, tb, ErrNotNow, func() error { return tb.Claim("b") }) // b did not fade the last one
		pvMust(t, tb.Claim("a"))
		want := map[string]Amount{"s": 1000, "a": 800, "b": 1000, "c": 1000}
		if diff := cmp.Diff(want, pvBankrolls(tb)); diff != "" {
			t.Errorf("the others' fades go back and a fades the whole 100, the 30 unfaded included (-want +got):\n%s", diff)
		}
		bets, _ := tb.Bets("a")
		if w := []BetState{{Bet: Bet{Kind: Center}, Amount: 100, Working: true, Opponent: "s", Against: true}}; !cmp.Equal(w, bets) {
			t.Errorf("Bets(a) (-want +got):\n%s", cmp.Diff(w, bets))
		}
		if tb.ClaimedBy() != "" || tb.center != 0 || pvMoney(tb) != 4000 {
			t.Errorf("after the claim: ClaimedBy %q, unfaded %d, money %d", tb.ClaimedBy(), tb.center, pvMoney(tb))
		}
		pvRefused(t, tb, ErrNotNow, func() error { return tb.Claim("a") }) // once
		pvRoll(t, tb, Dice{1, 1})                                          // dice lose: a wins
		if b := pvBankrolls(tb); b["a"] != 1000 || b["s"] != 1000 {
			t.Errorf("a claimed and won back: %v", b)
		}
	})
	t.Run("claim with a fade of his own", func(t *testing.T) {
		tb := lost(t, claim)
		pvMust(t, tb.Center(100))
		pvMust(t, tb.Fade("a", 30))
		pvMust(t, tb.Fade("b", 70))
		pvMust(t, tb.Claim("a"))
		if b := pvBankrolls(tb); b["a"] != 800 || b["b"] != 1000 || tb.center != 0 {
			t.Errorf("a's 30 stays and he covers b's 70: %v, unfaded %d", b, tb.center)
		}
		if bets, _ := tb.Bets("a"); len(bets) != 1 || bets[0].Amount != 100 {
			t.Errorf("one center bet of 100 for a: %+v", bets)
		}
	})
	t.Run("rule off", func(t *testing.T) {
		tb := lost(t, Street())
		pvMust(t, tb.Center(100))
		pvRefused(t, tb, ErrNotOffered, func() error { return tb.Claim("a") })
	})
	t.Run("two faders", func(t *testing.T) {
		tb := pvNew(t, claim, "s", "a", "b")
		pvMust(t, tb.Center(100))
		pvMust(t, tb.Fade("a", 50))
		pvMust(t, tb.Fade("b", 50))
		pvRoll(t, tb, Dice{3, 4})
		if tb.ClaimedBy() != "" {
			t.Errorf("no one faded the whole stake, yet %q may claim", tb.ClaimedBy())
		}
	})
	t.Run("fader won", func(t *testing.T) {
		tb := pvNew(t, claim, "s", "a", "b")
		pvMust(t, tb.Center(100))
		pvMust(t, tb.Fade("a", 100))
		pvRoll(t, tb, Dice{1, 2})
		if tb.ClaimedBy() != "" {
			t.Errorf("the fader won, yet %q may claim", tb.ClaimedBy())
		}
	})
	t.Run("point then made", func(t *testing.T) {
		tb := pvNew(t, claim, "s", "a", "b")
		pvMust(t, tb.Center(100))
		pvMust(t, tb.Fade("a", 100))
		pvRoll(t, tb, Dice{1, 3})
		if tb.ClaimedBy() != "" {
			t.Errorf("no decision yet, yet %q may claim", tb.ClaimedBy())
		}
		pvRoll(t, tb, Dice{2, 2})
		if tb.ClaimedBy() != "a" {
			t.Errorf("a lost on the point made: ClaimedBy %q", tb.ClaimedBy())
		}
	})
	t.Run("expires", func(t *testing.T) {
		tb := lost(t, claim)
		pvRoll(t, tb, Dice{5, 6}) // a decision with no center bet: that was the last come-out
		if tb.ClaimedBy() != "" {
			t.Errorf("the claim outlived the next come-out: %q", tb.ClaimedBy())
		}
	})
	t.Run("nothing to claim", func(t *testing.T) {
		tb := lost(t, claim)
		pvRefused(t, tb, ErrNotNow, func() error { return tb.Claim("a") })
	})
	t.Run("claim without funds", func(t *testing.T) {
		tb := lost(t, claim) // a has 900
		pvMust(t, tb.Center(950))
		pvRefused(t, tb, ErrFunds, func() error { return tb.Claim("a") })
	})
	t.Run("claimant shoots", func(t *testing.T) {
		// The dice won and the shooter passes them on: the claimant now
		// holds them and cannot fade his own bet, so none may claim.
		tb := lost(t, claim)
		pvMust(t, tb.PassDice())
		if tb.Shooter() != "a" || tb.ClaimedBy() != "" {
			t.Fatalf("shooter %q, claimant %q; want a, none", tb.Shooter(), tb.ClaimedBy())
		}
		pvMust(t, tb.Center(100))
		pvMust(t, tb.Fade("b", 100))
		pvRefused(t, tb, ErrNotNow, func() error { return tb.Claim("a") })
	})
	t.Run("claimant seats move", func(t *testing.T) {
		tb := lost(t, claim)
		pvMust(t, tb.JoinAt("x", 100, 0))
		if _, err := tb.Leave("b"); err != nil {
			t.Fatal(err)
		}
		if tb.ClaimedBy() != "a" {
			t.Errorf("the claim follows a to his new seat: %q", tb.ClaimedBy())
		}
		if _, err := tb.Leave("a"); err != nil {
			t.Fatal(err)
		}
		if tb.ClaimedBy() != "" {
			t.Errorf("a left: %q", tb.ClaimedBy())
		}
	})
}

// ---- Side bets ----

// TestPrivateSideBets plays each family of side bets to its decision at
// agreed odds between p (backer) and q (layer); s holds the dice.
func TestPrivateSideBets(t *testing.T) {
	barred12 := Rules{Private: true} // the wrong bettors bar 12, as a casino's
	bar2 := Rules{Private: true, Bar: 2}
	for _, c := range []struct {
		name, reason string
		rules        Rules
		setup        []Dice // throws before the bet
		bet          string
		amount       Amount
		odds         Ratio
		throws       []Dice // the bet is decided by the last
		outcome      Outcome
		point        int // after the last throw
	}{
		{"right 7", "a natural wins for the right bettor", Street(), nil, "right", 10, Ratio{}, []Dice{{3, 4}}, OutcomeWon, 0},
		{"right 11", "a natural wins", Street(), nil, "pass", 10, Ratio{}, []Dice{{5, 6}}, OutcomeWon, 0},
		{"right craps", "craps loses", Street(), nil, "right", 10, Ratio{}, []Dice{{1, 2}}, OutcomeLost, 0},
		{"right point made", "the point before a 7 wins", Street(), nil, "right", 10, Ratio{}, []Dice{{1, 3}, {2, 3}, {2, 2}}, OutcomeWon, 0},
		{"right seven-out", "a 7 before the point loses", Street(), nil, "right", 10, Ratio{}, []Dice{{1, 3}, {3, 4}}, OutcomeLost, 0},
		{"wrong 12 no bar", "Street has no bar: 12 on the come-out wins for the wrong bettor", Street(), nil, "wrong", 10, Ratio{}, []Dice{{6, 6}}, OutcomeWon, 0},
		{"wrong 2", "craps wins for the wrong bettor", Street(), nil, "don't pass", 10, Ratio{}, []Dice{{1, 1}}, OutcomeWon, 0},
		{"wrong 7", "a natural loses", Street(), nil, "wrong", 10, Ratio{}, []Dice{{2, 5}}, OutcomeLost, 0},
		{"wrong seven-out", "the 7 before the point wins", Street(), nil, "wrong", 10, Ratio{}, []Dice{{4, 6}, {1, 6}}, OutcomeWon, 0},
		{"wrong 12 barred", "players who agree on a bar of 12 push on it", barred12, nil, "wrong", 10, Ratio{}, []Dice{{6, 6}}, OutcomePushed, 0},
		{"wrong 2 barred", "a bar of 2 pushes on 2", bar2, nil, "wrong", 10, Ratio{}, []Dice{{1, 1}}, OutcomePushed, 0},
		{"come 7", "a 7 that sevens out the shooter is a natural for a pending come bet", Street(), []Dice{{1, 3}}, "come", 10, Ratio{}, []Dice{{3, 4}}, OutcomeWon, 0},
		{"come craps", "craps on its own come-out loses the come bet", Street(), []Dice{{1, 3}}, "come", 10, Ratio{}, []Dice{{1, 2}}, OutcomeLost, 4},
		{"come number", "the come bet moves to 6 and wins when 6 repeats", Street(), []Dice{{1, 3}}, "come", 10, Ratio{}, []Dice{{2, 4}, {3, 3}}, OutcomeWon, 4},
		{"come number seven", "a 7 before its number loses it", Street(), []Dice{{1, 3}}, "come", 10, Ratio{}, []Dice{{2, 4}, {3, 4}}, OutcomeLost, 0},
		{"don't come 12", "no bar: 12 wins the don't come", Street(), []Dice{{1, 3}}, "don't come", 10, Ratio{}, []Dice{{6, 6}}, OutcomeWon, 4},
		{"don't come seven", "the 7 after its number wins the don't come", Street(), []Dice{{1, 3}}, "don't come", 10, Ratio{}, []Dice{{4, 5}, {3, 4}}, OutcomeWon, 0},
		{"point at 2:1", "the point 4 at the true odds 2 to 1: 10 against 20", Street(), []Dice{{1, 3}}, "point", 10, Ratio{2, 1}, []Dice{{5, 5}, {2, 2}}, OutcomeWon, 0},
		{"point 4 loses", "a 7 first", Street(), []Dice{{1, 3}}, "point 4", 10, Ratio{2, 1}, []Dice{{3, 4}}, OutcomeLost, 0},
		{"hard 8", "4-4 before 8 easy or a 7, at 9:1", Street(), nil, "hard 8", 10, Ratio{9, 1}, []Dice{{1, 1}, {4, 4}}, OutcomeWon, 8},
		{"hard 8 easy", "8 the easy way loses", Street(), nil, "hard 8", 10, Ratio{9, 1}, []Dice{{3, 5}}, OutcomeLost, 8},
		{"hard 8 seven", "a 7 loses it, on the come-out too: bets between players always work", Street(), nil, "hard 8", 10, Ratio{9, 1}, []Dice{{3, 4}}, OutcomeLost, 0},
		{"number 5 at 3:2", "5 before 7 at its true odds", Street(), nil, "number 5", 10, Ratio{3, 2}, []Dice{{1, 1}, {2, 3}}, OutcomeWon, 5},
		{"number 5 seven", "7 first, on the come-out", Street(), nil, "number 5", 10, Ratio{3, 2}, []Dice{{3, 4}}, OutcomeLost, 0},
		{"number 2", "snake eyes before a 7 at 6:1", Street(), []Dice{{2, 4}}, "number 2", 10, Ratio{6, 1}, []Dice{{1, 1}}, OutcomeWon, 6},
		{"6,8 before 7", "a proposition on a group before 7, at its true odds 3:5 (6 ways of 7 against 10 of 6 or 8)", Street(), nil, "6,8 before 7", 10, Ratio{3, 5}, []Dice{{1, 4}, {2, 6}}, OutcomeWon, 5},
		{"6,8 before 7 loses", "7 first", Street(), nil, "6,8 before 7", 10, Ratio{3, 5}, []Dice{{1, 6}}, OutcomeLost, 0},
		{"12 before 4", "12 before 4 at its true odds 3 to 1", Street(), nil, "12 before 4", 10, Ratio{3, 1}, []Dice{{3, 4}, {6, 6}}, OutcomeWon, 0},
		{"12 before 4 loses", "4 first", Street(), nil, "12 before 4", 10, Ratio{3, 1}, []Dice{{2, 2}}, OutcomeLost, 4},
		{"3-3 within 3", "the hard 6 on the third throw, at 30:1", Street(), nil, "3-3 within 3", 10, Ratio{30, 1}, []Dice{{1, 2}, {2, 4}, {3, 3}}, OutcomeWon, 0},
		{"3-3 within 3 misses", "three throws without 3-3", Street(), nil, "3-3 within 3", 10, Ratio{30, 1}, []Dice{{1, 2}, {2, 4}, {4, 2}}, OutcomeLost, 0},
		{"craps within 1", "any craps in one roll at 8:1, at a point", Street(), []Dice{{2, 3}}, "craps within 1", 10, Ratio{8, 1}, []Dice{{6, 6}}, OutcomeWon, 5},
		{"6-5 within 1 misses", "a specific combination at 17:1", Street(), nil, "6-5 within 1", 10, Ratio{17, 1}, []Dice{{6, 6}}, OutcomeLost, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := pvNew(t, c.rules, "s", "p", "q")
			pvRoll(t, tb, c.setup...)
			b := pvBet(t, c.bet)
			if b.Kind == PointBet && b.Number == 0 {
				b.Number = tb.Point()
			}
			pvMust(t, tb.Side("p", "q", b, c.amount, c.odds))
			cover := c.amount
			if !c.odds.IsZero() {
				cover = c.amount * Amount(c.odds.Win) / Amount(c.odds.Stake)
			}
			if got := tb.Players(); got[1].OnTable != c.amount || got[2].OnTable != cover {
				t.Fatalf("stakes on the table %+v, want %d and %d", got, c.amount, cover)
			}
			bets, _ := tb.Bets("q")
			if w := []BetState{{Bet: b, Amount: cover, Working: true, Opponent: "p", Against: true}}; !cmp.Equal(w, bets) {
				t.Errorf("Bets(q) (-want +got):\n%s", cmp.Diff(w, bets))
			}
			var last []Resolution
			for i, d := range c.throws {
				res := pvRoll(t, tb, d)
				decided := slices.DeleteFunc(slices.Clone(res), func(r Resolution) bool { return r.Outcome == OutcomeMoved })
				for _, r := range res {
					if r.Outcome == OutcomeMoved && (r.Bet.Kind != Come && r.Bet.Kind != DontCome || r.Opponent == "") {
						t.Errorf("throw %v: %+v moved", d, r)
					}
				}
				if i < len(c.throws)-1 && len(decided) > 0 {
					t.Fatalf("%s\nthrow %v decided %+v early", c.reason, d, decided)
				}
				last = decided
			}
			from := b
			if len(tb.bets) == 0 && (b.Kind == Come || b.Kind == DontCome) && len(c.throws) > 1 {
				from.Number = int(c.throws[0].Total())
			}
			want := pvSide("p", "q", from, c.amount, cover, c.outcome)
			if diff := cmp.Diff(want, last); diff != "" {
				t.Errorf("%s\nresolutions (-want +got):\n%s", c.reason, diff)
			}
			delta := map[Outcome][2]Amount{OutcomeWon: {cover, -cover}, OutcomeLost: {-c.amount, c.amount}, OutcomePushed: {}}[c.outcome]
			if b := pvBankrolls(tb); b["p"] != 1000+delta[0] || b["q"] != 1000+delta[1] || b["s"] != 1000 {
				t.Errorf("%s\nbankrolls %v, want p %+d and q %+d", c.reason, b, delta[0], delta[1])
			}
			if tb.Point() != c.point || len(tb.bets) != 0 || tb.House() != 0 {
				t.Errorf("%s\npoint %d (want %d), bets left %+v, house %d", c.reason, tb.Point(), c.point, tb.bets, tb.House())
			}
		})
	}
}

func TestPrivateSideRefuses(t *testing.T) {
	unit5 := Street()
	unit5.Unit = 5
	limits := Street()
	limits.Minimum, limits.Maximum = 10, 100
	point4 := pvSetup(pvThrow(1, 3))
	even := Ratio{}
	pvRunRefusals(t, []pvRefuseCase{
		{"right at a point", "right and wrong bets are made on the come-out", Rules{}, point4, pvSideCall("a", "b", ttK(PassLine), 10, even), ErrNotNow},
		{"wrong at a point", "right and wrong bets are made on the come-out", Rules{}, point4, pvSideCall("a", "b", ttK(DontPass), 10, even), ErrNotNow},
		{"come on the come-out", "a come bet needs a point on", Rules{}, nil, pvSideCall("a", "b", ttK(Come), 10, even), ErrNotNow},
		{"don't come on the come-out", "a come bet needs a point on", Rules{}, nil, pvSideCall("a", "b", ttK(DontCome), 10, even), ErrNotNow},
		{"point on the come-out", "no point to bet on", Rules{}, nil, pvSideCall("a", "b", ttK(PointBet), 10, even), ErrNotNow},
		{"point 4 on the come-out", "no point to bet on", Rules{}, nil, pvSideCall("a", "b", ttN(PointBet, 4), 10, even), ErrNotNow},
		{"point 5 at 4", "the point is 4", Rules{}, point4, pvSideCall("a", "b", ttN(PointBet, 5), 10, even), ErrNotNow},
		{"come 6", "a come bet starts in its own come-out", Rules{}, point4, pvSideCall("a", "b", ttN(Come, 6), 10, even), ErrNotNow},
		{"with himself", "a side bet is between two players", Rules{}, nil, pvSideCall("a", "a", ttK(PassLine), 10, even), ErrNotNow},
		{"stranger", "both players are seated", Rules{}, nil, pvSideCall("a", "zed", ttK(PassLine), 10, even), ErrUnknownPlayer},
		{"stranger backs", "both players are seated", Rules{}, nil, pvSideCall("zed", "a", ttK(PassLine), 10, even), ErrUnknownPlayer},
		{"place", "a casino bet is not made between players", Rules{}, nil, pvSideCall("a", "b", ttN(Place, 6), 10, even), ErrNotOffered},
		{"field", "a casino bet is not made between players", Rules{}, nil, pvSideCall("a", "b", ttK(Field), 10, even), ErrNotOffered},
		{"hard 5", "no such bet", Rules{}, nil, pvSideCall("a", "b", ttN(Hardway, 5), 10, even), ErrSyntax},
		{"number 7", "no such bet", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 7), 10, even), ErrSyntax},
		{"odds 0:1", "the backer must win something", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 6), 10, Ratio{0, 1}), ErrSyntax},
		{"odds 1:0", "no stake of zero", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 6), 10, Ratio{1, 0}), ErrSyntax},
		{"odds negative", "no negative odds", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 6), 10, Ratio{-1, 2}), ErrSyntax},
		{"odds huge", "terms up to a million", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 6), 10, Ratio{2_000_000, 1}), ErrSyntax},
		{"amount 0", "a stake is positive", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 6), 0, even), ErrAmount},
		{"cover too large", "the other side above MaxAmount", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 6), MaxAmount, Ratio{2, 1}), ErrAmount},
		{"half a unit", "10 at 3:2 is covered by 15, but 5 at 3:2 by 7.5", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 5), 5, Ratio{3, 2}), ErrUnit},
		{"cover off the unit", "10 at 1:2 is 5, a unit; 10 at 1:4 is 2.5", unit5, nil, pvSideCall("a", "b", ttN(NumberBet, 4), 10, Ratio{1, 4}), ErrUnit},
		{"cover not a unit", "5 at 7:5 is 7, not a whole unit of 5", unit5, nil, pvSideCall("a", "b", ttN(NumberBet, 5), 5, Ratio{7, 5}), ErrUnit},
		{"amount off the unit", "stakes are whole units", unit5, nil, pvSideCall("a", "b", ttN(NumberBet, 5), 7, even), ErrUnit},
		{"below the minimum", "the table's limits hold for side bets", limits, nil, pvSideCall("a", "b", ttN(NumberBet, 5), 5, even), ErrTableLimit},
		{"above the maximum", "the table's limits hold for side bets", limits, nil, pvSideCall("a", "b", ttN(NumberBet, 5), 110, even), ErrTableLimit},
		{"backer short", "a has 1000", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 5), 1001, even), ErrFunds},
		{"layer short", "b would need 2000 to cover 1000 at 2:1", Rules{}, nil, pvSideCall("a", "b", ttN(NumberBet, 4), 1000, Ratio{2, 1}), ErrFunds},
		{"call off a line bet", "only number bets and carried come bets are called off", Rules{},
			pvSetup(pvSideCall("a", "b", ttK(PassLine), 10, even)),
			func(tb *Table) error { _, err := tb.CallOff("b", ttK(PassLine)); return err }, ErrContract},
		{"call off a hardway", "the private-game rule book gives the hardway no such right", Rules{},
			pvSetup(pvSideCall("a", "b", ttN(Hardway, 4), 10, even)),
			func(tb *Table) error { _, err := tb.CallOff("a", ttN(Hardway, 4)); return err }, ErrContract},
		{"call off a come bet on its number", "a come bet is called off only when carried over a point made", Rules{},
			pvSetup(pvThrow(1, 3), pvSideCall("a", "b", ttK(Come), 10, even), pvThrow(2, 4)),
			func(tb *Table) error { _, err := tb.CallOff("a", ttN(Come, 6)); return err }, ErrContract},
		{"call off someone else's", "only the two players of a bet call it off", Rules{},
			pvSetup(pvSideCall("a", "b", ttN(NumberBet, 6), 10, even)),
			func(tb *Table) error { _, err := tb.CallOff("s", ttN(NumberBet, 6)); return err }, ErrNoSuchBet},
		{"call off nothing", "no such bet", Rules{}, nil,
			func(tb *Table) error { _, err := tb.CallOff("a", ttN(NumberBet, 6)); return err }, ErrNoSuchBet},
		{"call off a stranger", "only a seated player", Rules{}, nil,
			func(tb *Table) error { _, err := tb.CallOff("zed", ttN(NumberBet, 6)); return err }, ErrUnknownPlayer},
	})
}

// TestPrivateCallOff: a number bet may be called off by either player at
// any time; a come bet on its own number when the shooter made his point
// may be called off until the next throw, else it is carried into the
// come-out.
func TestPrivateCallOff(t *testing.T) {
	t.Run("number", func(t *testing.T) {
		tb := pvNew(t, Street(), "s", "p", "q")
		pvMust(t, tb.Side("p", "q", ttN(NumberBet, 6), 10, Ratio{6, 5}))
		pvMust(t, tb.Side("q", "s", ttN(NumberBet, 6), 5, Ratio{6, 5}))
		pvRoll(t, tb, Dice{1, 4}, Dice{2, 2})
		n, err := tb.CallOff("q", ttN(NumberBet, 6))
		if err != nil || n != 2 {
			t.Fatalf("q calls off his two number 6 bets, one on each side: %d, %v", n, err)
		}
		if b := pvBankrolls(tb); b["p"] != 1000 || b["q"] != 1000 || b["s"] != 1000 || len(tb.bets) != 0 {
			t.Errorf("both stakes of both bets go back: %v, %+v", b, tb.bets)
		}
	})
	// carried: a come bet on 6 when the shooter makes his point 4.
	carried := func(t *testing.T) *Table {
		t.Helper()
		tb := pvNew(t, Street(), "s", "p", "q")
		pvRoll(t, tb, Dice{1, 3})
		pvMust(t, tb.Side("p", "q", ttK(Come), 10, Ratio{}))
		pvMust(t, tb.Side("q", "p", ttK(DontCome), 20, Ratio{}))
		pvRoll(t, tb, Dice{2, 4}, Dice{2, 2})
		return tb
	}
	t.Run("carried called off", func(t *testing.T) {
		tb := carried(t)
		n, err := tb.CallOff("p", ttN(Come, 6))
		if err != nil || n != 1 {
			t.Fatalf("call off the carried come 6: %d, %v", n, err)
		}
		if b := pvBankrolls(tb); b["p"] != 980 || b["q"] != 980 {
			t.Errorf("the come bet's stakes back, the don't come's still up: %v", b)
		}
		n, err = tb.CallOff("q", ttN(DontCome, 6))
		if err != nil || n != 1 || pvBankrolls(tb)["p"] != 1000 {
			t.Errorf("a carried don't come bet may be called off too: %d, %v", n, err)
		}
	})
	t.Run("carried into the come-out", func(t *testing.T) {
		tb := carried(t)
		pvMust(t, tb.Side("s", "p", ttK(PassLine), 10, Ratio{}))
		res := pvRoll(t, tb, Dice{3, 4})
		want := slices.Concat(pvSide("p", "q", ttN(Come, 6), 10, 10, OutcomeLost), pvSide("q", "p", ttN(DontCome, 6), 20, 20, OutcomeWon),
			pvSide("s", "p", ttK(PassLine), 10, 10, OutcomeWon))
		if diff := cmp.Diff(want, res); diff != "" {
			t.Errorf("the come-out 7 loses the carried come bet, wins its don't, and is a natural for the line (-want +got):\n%s", diff)
		}
	})
	t.Run("carried wins on its number", func(t *testing.T) {
		tb := carried(t)
		res := pvRoll(t, tb, Dice{1, 5})
		want := slices.Concat(pvSide("p", "q", ttN(Come, 6), 10, 10, OutcomeWon), pvSide("q", "p", ttN(DontCome, 6), 20, 20, OutcomeLost))
		if diff := cmp.Diff(want, res); diff != "" {
			t.Errorf("a 6 on the come-out (the new point) wins the carried come 6 (-want +got):\n%s", diff)
		}
		if tb.Point() != 6 {
			t.Errorf("point %d, want 6", tb.Point())
		}
	})
	t.Run("too late", func(t *testing.T) {
		tb := carried(t)
		pvRoll(t, tb, Dice{2, 3}) // the next throw: the come bet stays up, no longer callable
		pvRefused(t, tb, ErrContract, func() error { _, err := tb.CallOff("p", ttN(Come, 6)); return err })
	})
	t.Run("seven-out", func(t *testing.T) {
		tb := pvNew(t, Street(), "s", "p", "q")
		pvRoll(t, tb, Dice{1, 3})
		pvMust(t, tb.Side("p", "q", ttK(Come), 10, Ratio{}))
		pvRoll(t, tb, Dice{2, 4})
		res := pvRoll(t, tb, Dice{3, 4})
		if want := pvSide("p", "q", ttN(Come, 6), 10, 10, OutcomeLost); !cmp.Equal(want, res) {
			t.Errorf("a seven-out loses a come bet on its number (-want +got):\n%s", cmp.Diff(want, res))
		}
	})
}

// ---- Seats and the dice ----

func TestPrivatePassDice(t *testing.T) {
	for _, c := range []struct {
		name, reason string
		setup        []pvCall
		want         error  // nil: allowed
		shooter      string // after the call
	}{
		{"before the first throw", "the shooter may pass before throwing in his turn", nil, nil, "a"},
		{"after a natural", "right after a decision", []pvCall{pvThrow(3, 4)}, nil, "a"},
		{"after craps", "right after a decision", []pvCall{pvThrow(1, 1)}, nil, "a"},
		{"after the point made", "right after a decision", []pvCall{pvThrow(1, 3), pvThrow(2, 2)}, nil, "a"},
		{"mid-point", "never in the middle of a point", []pvCall{pvThrow(1, 3)}, ErrNotNow, "s"},
		{"center staked", "call no bet first", []pvCall{pvCenter(10)}, ErrNotNow, "s"},
		{"center faded", "call no bet first", []pvCall{pvCenter(10), pvFade("a", 10)}, ErrNotNow, "s"},
		{"seven-out", "after a seven-out the dice have passed already; a passes them on", []pvCall{pvThrow(1, 3), pvThrow(3, 4)}, nil, "b"},
		{"around", "b passes back to s", []pvCall{func(tb *Table) error { _ = tb.PassDice(); return tb.PassDice() }}, nil, "s"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := pvNew(t, Street(), "s", "a", "b")
			pvSetup(c.setup...)(t, tb)
			if c.want != nil {
				pvRefused(t, tb, c.want, tb.PassDice)
			} else {
				pvMust(t, tb.PassDice())
				if tb.handRolls != 0 {
					t.Errorf("a new hand: %d rolls", tb.handRolls)
				}
				pvRoundTrip(t, tb)
			}
			if tb.Shooter() != c.shooter {
				t.Errorf("%s\nshooter %q, want %q", c.reason, tb.Shooter(), c.shooter)
			}
		})
	}
	t.Run("alone", func(t *testing.T) {
		tb := pvNew(t, Street(), "s")
		pvRefused(t, tb, ErrNotNow, tb.PassDice)
	})
	t.Run("casino", func(t *testing.T) {
		// Passing the dice starts a new hand without a 7: the count of
		// rolls since a 7 runs on past the hand's, and the table still
		// restores.
		tb := pvNew(t, Standard(), "s", "a")
		pvMust(t, tb.Place("a", ttK(All), 10))
		pvRoll(t, tb, Dice{1, 1}, Dice{1, 2})
		pvMust(t, tb.PassDice())
		if tb.handRolls != 0 || tb.sinceSeven != 2 {
			t.Errorf("%d rolls in the hand, %d since a 7; want 0 and 2", tb.handRolls, tb.sinceSeven)
		}
		pvRoundTrip(t, tb)
		pvRefused(t, tb, ErrContract, func() error { _, err := tb.TakeDown("a", ttK(All)); return err })
	})
}

// pvBarred is a table of s, a, b, c where a has thrown two counted faults
// and been barred, and b holds the dice.
func pvBarred(t *testing.T) *Table {
	t.Helper()
	tb := pvNew(t, Street(), "s", "a", "b", "c")
	pvMust(t, tb.PassDice())
	for range 2 {
		if _, err := tb.RollFault(Dice{1, 2}, OneDieMissed, nil); err != nil {
			t.Fatal(err)
		}
	}
	pvMust(t, tb.BarShooter("a"))
	if tb.Shooter() != "b" || !tb.Players()[1].Barred {
		t.Fatalf("a barred: shooter %q, %+v", tb.Shooter(), tb.Players())
	}
	return tb
}

func TestPrivateSevenOutSkipsBarred(t *testing.T) {
	tb := pvBarred(t)
	pvRoll(t, tb, Dice{1, 3}, Dice{3, 4}) // b sevens out
	if tb.Shooter() != "c" {
		t.Fatalf("shooter %q, want c", tb.Shooter())
	}
	pvRoll(t, tb, Dice{1, 3}, Dice{3, 4}) // c sevens out
	if tb.Shooter() != "s" {
		t.Fatalf("shooter %q, want s", tb.Shooter())
	}
	pvRoll(t, tb, Dice{1, 3}, Dice{3, 4}) // s sevens out: a is barred, b shoots
	if tb.Shooter() != "b" {
		t.Fatalf("the dice skip the barred a: shooter %q, want b", tb.Shooter())
	}
	pvMust(t, tb.PassDice())
	pvMust(t, tb.PassDice())
	pvMust(t, tb.PassDice())
	if tb.Shooter() != "b" {
		t.Fatalf("passing round the table skips a: shooter %q", tb.Shooter())
	}
	// A barred player still bets.
	pvMust(t, tb.Side("a", "c", ttK(PassLine), 10, Ratio{}))
	pvMust(t, tb.Center(10))
	pvMust(t, tb.Fade("a", 10))
}

func TestPrivateJoinAt(t *testing.T) {
	tb := pvNew(t, Street(), "s", "a")
	pvMust(t, tb.Side("s", "a", ttN(NumberBet, 6), 10, Ratio{}))
	pvMust(t, tb.JoinAt("x", 100, 0)) // before the shooter
	if tb.Shooter() != "s" {
		t.Fatalf("a seat inserted before the shooter: shooter %q, want s", tb.Shooter())
	}
	pvMust(t, tb.JoinAt("y", 100, 2)) // Shooter+1
	names := func() []string {
		var n []string
		for _, p := range tb.Players() {
			n = append(n, p.Name)
		}
		return n
	}
	if diff := cmp.Diff([]string{"x", "s", "y", "a"}, names()); diff != "" {
		t.Fatalf("seats (-want +got):\n%s", diff)
	}
	bets, _ := tb.Bets("a")
	if w := []BetState{{Bet: ttN(NumberBet, 6), Amount: 10, Working: true, Opponent: "s", Against: true}}; !cmp.Equal(w, bets) {
		t.Errorf("the bet follows its players to their new seats (-want +got):\n%s", cmp.Diff(w, bets))
	}
	res := pvRoll(t, tb, Dice{1, 5})
	if w := pvSide("s", "a", ttN(NumberBet, 6), 10, 10, OutcomeWon); !cmp.Equal(w, res) {
		t.Errorf("resolutions after the seats moved (-want +got):\n%s", cmp.Diff(w, res))
	}
	pvRoll(t, tb, Dice{3, 4}) // seven-out: y, seated at Shooter+1, shoots next
	if tb.Shooter() != "y" {
		t.Errorf("shooter %q, want y", tb.Shooter())
	}
	pvRefused(t, tb, ErrNoSeat, func() error { return tb.JoinAt("z", 100, 5) })
	pvRefused(t, tb, ErrNoSeat, func() error { return tb.JoinAt("z", 100, -1) })
	pvRefused(t, tb, ErrPlayerExists, func() error { return tb.JoinAt("a", 100, 0) })
	pvRefused(t, tb, ErrUnknownPlayer, func() error { return tb.JoinAt("", 100, 0) })
	pvRefused(t, tb, ErrAmount, func() error { return tb.JoinAt("z", -1, 0) })
	pvMust(t, tb.JoinAt("z", 0, 4)) // the last seat
	if n := names(); n[4] != "z" || tb.Shooter() != "y" {
		t.Errorf("seats %v, shooter %q", n, tb.Shooter())
	}
}

func TestPrivateLeave(t *testing.T) {
	for _, c := range []struct {
		name, reason string
		setup        []pvCall
		leaver       string
		shooter      string
		point        int
		left         int // bets left between the others
	}{
		{"fader", "a fader leaves before the throw: his fade is called off, the shooter's stake for it returns",
			[]pvCall{pvCenter(100), pvFade("a", 60), pvFade("b", 40)}, "a", "s", 0, 1},
		{"shooter at the come-out", "the shooter leaves: his center bet and every fade are called off; a shoots",
			[]pvCall{pvCenter(100), pvFade("a", 60)}, "s", "a", 0, 0},
		{"shooter at a point", "the shooter leaves mid-hand: his bets are called off and a finishes the hand",
			[]pvCall{pvCenter(100), pvFade("a", 100), pvThrow(1, 3), pvSideCall("b", "a", ttK(PointBet), 10, Ratio{2, 1}),
				pvSideCall("s", "b", ttN(NumberBet, 8), 10, Ratio{})}, "s", "a", 4, 1},
		{"backer", "a side bet's backer leaves: both stakes go back",
			[]pvCall{pvThrow(1, 3), pvSideCall("b", "a", ttK(Come), 10, Ratio{}), pvThrow(2, 4), pvSideCall("s", "a", ttN(Hardway, 8), 10, Ratio{9, 1})}, "b", "s", 4, 1},
		{"layer", "a side bet's layer leaves: both stakes go back",
			[]pvCall{pvSideCall("b", "a", ttN(Hardway, 8), 10, Ratio{9, 1})}, "a", "s", 0, 0},
		{"last seat shooter", "the last seat's shooter leaves: the dice go round to the first seat",
			[]pvCall{pvThrow(1, 3), pvThrow(3, 4), pvThrow(1, 3), pvThrow(3, 4)}, "b", "s", 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := pvNew(t, Street(), "s", "a", "b")
			pvSetup(c.setup...)(t, tb)
			var own Amount
			for _, p := range tb.Players() {
				if p.Name == c.leaver {
					own = p.Bankroll + p.OnTable
				}
			}
			got, err := tb.Leave(c.leaver)
			if err != nil {
				t.Fatal(err)
			}
			if got != own || pvMoney(tb) != 3000-own || tb.House() != 0 {
				t.Errorf("%s\nleft with %d, had %d; %d stays at the table", c.reason, got, own, pvMoney(tb))
			}
			for _, p := range tb.bets {
				if p.seat == p.opponent {
					t.Errorf("%s\na bet with one player: %+v", c.reason, p)
				}
			}
			if tb.Shooter() != c.shooter || tb.Point() != c.point || len(tb.bets) != c.left {
				t.Errorf("%s\nshooter %q (want %q), point %d (want %d), %d bets (want %d)", c.reason, tb.Shooter(), c.shooter, tb.Point(), c.point, len(tb.bets), c.left)
			}
			if _, err := tb.Clone().Roll(Dice{3, 4}, nil); err != nil {
				t.Errorf("%s\nthe game goes on: %v", c.reason, err)
			}
			pvRoundTrip(t, tb)
		})
	}
}

// ---- Irregular throws ----

func TestPrivateFaults(t *testing.T) {
	t.Run("void", func(t *testing.T) {
		for _, f := range []Fault{OffBounds, Cocked, NoBackboard} {
			tb := pvNew(t, Street(), "s", "a")
			pvMust(t, tb.Center(10))
			pvMust(t, tb.Fade("a", 10))
			pvRoll(t, tb, Dice{1, 3})
			pvMust(t, tb.Side("a", "s", ttN(NumberBet, 5), 10, Ratio{}))
			before := ttSave(t, tb)
			for _, d := range []Dice{{3, 4}, {2, 2}, {1, 4}, {0, 9}} {
				res, err := tb.RollFault(d, f, nil)
				if err != nil || len(res) != 0 {
					t.Fatalf("%v throw of %v: %+v, %v", f, d, res, err)
				}
			}
			if after := ttSave(t, tb); !bytes.Equal(before, after) {
				t.Errorf("a %v throw is void and changes nothing:\n%s\n%s", f, before, after)
			}
		}
	})
	t.Run("counted", func(t *testing.T) {
		tb := pvNew(t, Street(), "s", "a")
		pvMust(t, tb.Center(10))
		pvMust(t, tb.Fade("a", 10))
		other := tb.Clone()
		res, err := tb.RollFault(Dice{1, 3}, OneDieMissed, nil)
		want, _ := other.Roll(Dice{1, 3}, nil)
		if err != nil || !cmp.Equal(want, res, cmpopts.EquateEmpty()) {
			t.Fatalf("a counted fault rolls as Roll: %+v, %v", res, err)
		}
		res, err = tb.RollFault(Dice{3, 4}, ThrownAside, nil) // seven-out: s threw it, a shoots next
		if err != nil || !cmp.Equal(pvSide("s", "a", Bet{Kind: Center}, 10, 10, OutcomeLost), res) {
			t.Fatalf("aside seven-out: %+v, %v", res, err)
		}
		p := tb.Players()
		if p[0].Missed != 1 || p[0].Aside != 1 || p[1].Missed+p[1].Aside != 0 || tb.Shooter() != "a" {
			t.Errorf("the faults count against s, who threw: %+v, shooter %q", p, tb.Shooter())
		}
		res, err = tb.RollFault(Dice{1, 1}, NoFault, nil)
		if err != nil || len(res) != 0 || tb.Players()[1].Missed != 0 {
			t.Errorf("NoFault is Roll: %+v, %v", res, err)
		}
		pvRefused(t, tb, ErrSyntax, func() error { _, err := tb.RollFault(Dice{1, 1}, numFaults, nil); return err })
		pvRefused(t, tb, ErrSyntax, func() error { _, err := tb.RollFault(Dice{0, 1}, OneDieMissed, nil); return err })
	})
	t.Run("bar", func(t *testing.T) {
		tb := pvNew(t, Street(), "s", "a", "b")
		if _, err := tb.RollFault(Dice{1, 2}, OneDieMissed, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := tb.RollFault(Dice{1, 2}, ThrownAside, nil); err != nil {
			t.Fatal(err)
		}
		pvRefused(t, tb, ErrNotNow, func() error { return tb.BarShooter("s") }) // one of each is no repeat
		pvRefused(t, tb, ErrNotNow, func() error { return tb.BarShooter("a") }) // no fault at all
		pvRefused(t, tb, ErrUnknownPlayer, func() error { return tb.BarShooter("zed") })
		if _, err := tb.RollFault(Dice{1, 2}, ThrownAside, nil); err != nil {
			t.Fatal(err)
		}
		pvMust(t, tb.Center(50))
		pvMust(t, tb.Fade("a", 20))
		pvMust(t, tb.BarShooter("s"))
		if tb.Shooter() != "a" || !tb.Players()[0].Barred || len(tb.bets) != 0 || tb.center != 0 {
			t.Errorf("barring the shooter calls his center bet off and passes the dice: shooter %q, %+v, %+v", tb.Shooter(), tb.Players(), tb.bets)
		}
		if b := pvBankrolls(tb); b["s"] != 1000 || b["a"] != 1000 {
			t.Errorf("stakes back: %v", b)
		}
		pvRefused(t, tb, ErrNotNow, func() error { return tb.BarShooter("s") }) // already
	})
	t.Run("bar the last shooter", func(t *testing.T) {
		tb := pvBarred(t) // a barred, b shoots
		pvMust(t, tb.PassDice())
		pvMust(t, tb.PassDice()) // s
		for range 2 {
			if _, err := tb.RollFault(Dice{1, 2}, ThrownAside, nil); err != nil {
				t.Fatal(err)
			}
		}
		pvMust(t, tb.BarShooter("s"))
		if tb.Shooter() != "b" {
			t.Fatalf("shooter %q", tb.Shooter())
		}
		for range 2 {
			if _, err := tb.RollFault(Dice{1, 2}, ThrownAside, nil); err != nil {
				t.Fatal(err)
			}
		}
		pvMust(t, tb.BarShooter("b"))
		if tb.Shooter() != "c" {
			t.Fatalf("shooter %q", tb.Shooter())
		}
		for range 2 {
			if _, err := tb.RollFault(Dice{1, 2}, OneDieMissed, nil); err != nil {
				t.Fatal(err)
			}
		}
		pvRefused(t, tb, ErrNotNow, func() error { return tb.BarShooter("c") }) // no one else may shoot
		// The bar lasts while someone else may shoot: c leaves, and the
		// barred players shoot again.
		if _, err := tb.Leave("c"); err != nil {
			t.Fatal(err)
		}
		for _, p := range tb.Players() {
			if p.Barred {
				t.Errorf("%s still barred with no one else to shoot", p.Name)
			}
		}
		if tb.Shooter() != "s" {
			t.Errorf("shooter %q, want s", tb.Shooter())
		}
	})
	t.Run("bar mid-point", func(t *testing.T) {
		// The barred shooter's center bet stands; the next player finishes
		// the hand.
		tb := pvNew(t, Street(), "s", "a", "b")
		pvMust(t, tb.Center(50))
		pvMust(t, tb.Fade("a", 50))
		pvRoll(t, tb, Dice{1, 3})
		for range 2 {
			if _, err := tb.RollFault(Dice{1, 2}, OneDieMissed, nil); err != nil {
				t.Fatal(err)
			}
		}
		pvMust(t, tb.BarShooter("s"))
		if tb.Shooter() != "a" || tb.Point() != 4 || len(tb.bets) != 1 {
			t.Fatalf("shooter %q, point %d, bets %+v", tb.Shooter(), tb.Point(), tb.bets)
		}
		pvRoundTrip(t, tb)
		res := pvRoll(t, tb, Dice{2, 2})
		if w := pvSide("s", "a", Bet{Kind: Center}, 50, 50, OutcomeWon); !cmp.Equal(w, res) {
			t.Errorf("a makes the point for s's center bet (-want +got):\n%s", cmp.Diff(w, res))
		}
	})
}

// TestPrivateEmptyTable: a throw at a table with no one seated decides
// nothing and is held against no one.
func TestPrivateEmptyTable(t *testing.T) {
	tb := pvNew(t, Street())
	for f := NoFault; f < numFaults; f++ {
		if res, err := tb.RollFault(Dice{1, 3}, f, nil); err != nil || len(res) != 0 {
			t.Errorf("%v at an empty table: %+v, %v", f, res, err)
		}
	}
	pvRoundTrip(t, tb)
}

// TestPrivateFadeBelowMinimum: the table's limits hold for the shooter's
// stake, not for each fade, which may be any part of it.
func TestPrivateFadeBelowMinimum(t *testing.T) {
	r := Street()
	r.Minimum, r.Maximum = 10, 100
	tb := pvNew(t, r, "s", "a", "b")
	pvMust(t, tb.Center(100))
	pvMust(t, tb.Fade("a", 5))
	pvMust(t, tb.Fade("b", 95))
	back := pvRoundTrip(t, tb)
	if diff := cmp.Diff(pvRoll(t, tb, Dice{1, 1}), pvRoll(t, back, Dice{1, 1})); diff != "" {
		t.Errorf("the restored table plays differently (-want +got):\n%s", diff)
	}
}

func TestPrivateParseFault(t *testing.T) {
	for f := NoFault; f < numFaults; f++ {
		got, err := ParseFault(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFault(%q) = %v, %v; want %v", f.String(), got, err, f)
		}
	}
	for _, c := range []struct {
		in   string
		want Fault
	}{{" Aside ", ThrownAside}, {"OFF-BOUNDS", OffBounds}, {"one-die-missed", OneDieMissed}, {"cocked", Cocked}, {"no-backboard", NoBackboard}} {
		if got, err := ParseFault(c.in); err != nil || got != c.want {
			t.Errorf("ParseFault(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "void", "Fault(9)", "aside!"} {
		if _, err := ParseFault(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseFault(%q): %v, want ErrSyntax", bad, err)
		}
	}
	if s := Fault(9).String(); s != "Fault(9)" {
		t.Errorf("Fault(9) prints %q", s)
	}
	for f, void := range map[Fault]bool{NoFault: false, OffBounds: true, Cocked: true, NoBackboard: true, OneDieMissed: false, ThrownAside: false} {
		if f.Void() != void {
			t.Errorf("%v.Void() = %v", f, f.Void())
		}
	}
}

func TestPrivateChangeDice(t *testing.T) {
	tb := pvNew(t, Street(), "s", "a")
	pvMust(t, tb.ChangeDice("a"))
	if tb.DiceChanges() != 1 {
		t.Errorf("at the come-out the dice change at once: %d", tb.DiceChanges())
	}
	pvRoll(t, tb, Dice{1, 3})
	pvMust(t, tb.ChangeDice("s"))
	pvMust(t, tb.ChangeDice("a"))
	pvRoll(t, tb, Dice{1, 5})
	if tb.DiceChanges() != 1 {
		t.Errorf("mid-point the change waits for the come-out: %d", tb.DiceChanges())
	}
	pvRoundTrip(t, tb)
	pvRoll(t, tb, Dice{3, 4})
	if tb.DiceChanges() != 2 {
		t.Errorf("changed before the next come-out, once: %d", tb.DiceChanges())
	}
	pvRefused(t, tb, ErrUnknownPlayer, func() error { return tb.ChangeDice("zed") })
}

// ---- Saving ----

// pvRoundTrip saves tb, restores it, saves again byte for byte, and
// returns the restored table.
func pvRoundTrip(t ttTB, tb *Table) *Table {
	t.Helper()
	data := ttSave(t, tb)
	var back Table
	if err := back.UnmarshalJSON(data); err != nil {
		t.Fatalf("the table does not restore: %v\n%s", err, data)
	}
	if again := ttSave(t, &back); !bytes.Equal(data, again) {
		t.Fatalf("restored table saves differently:\n%s\n%s", data, again)
	}
	return &back
}

// pvComeOut is a private game at a come-out with everything the private
// game keeps: a barred player with faults, a claimant, a carried come
// bet, side bets of every family in progress, a center stake partly faded
// and a change of dice made.
func pvComeOut(t testing.TB) *Table {
	t.Helper()
	r := Street()
	r.FadeClaim = true
	r.Unit = 5
	tb := pvNew(t, r, "s", "a", "b", "c")
	for range 2 {
		if _, err := tb.RollFault(Dice{1, 2}, OneDieMissed, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tb.RollFault(Dice{1, 1}, ThrownAside, nil); err != nil {
		t.Fatal(err)
	}
	pvMust(t, tb.BarShooter("s"))
	pvMust(t, tb.Center(100))
	pvMust(t, tb.Fade("b", 100))
	pvRoll(t, tb, Dice{1, 3})
	pvMust(t, tb.Side("s", "c", ttK(Come), 20, Ratio{}))
	pvRoll(t, tb, Dice{2, 4})
	pvMust(t, tb.Side("c", "a", ttN(NumberBet, 5), 10, Ratio{3, 2}))
	pvMust(t, tb.Side("b", "s", ttN(Hardway, 8), 10, Ratio{9, 1}))
	pvMust(t, tb.Side("a", "c", pvBet(t, "2 within 10"), 10, Ratio{}))
	pvMust(t, tb.Side("a", "b", pvBet(t, "11 before 7"), 10, Ratio{1, 2}))
	pvMust(t, tb.ChangeDice("c"))
	pvRoll(t, tb, Dice{2, 2}) // a makes his point: b lost the whole center; the come bet on 6 is carried
	pvMust(t, tb.Center(100))
	pvMust(t, tb.Fade("c", 30))
	if tb.ClaimedBy() != "b" || tb.center != 70 || tb.DiceChanges() != 1 {
		t.Fatalf("claimant %q, unfaded %d, dice changes %d", tb.ClaimedBy(), tb.center, tb.DiceChanges())
	}
	return tb
}

// pvAtPoint is a private game with the point on: a center bet faded by
// two, a wrong bet, a point bet, a pending don't come bet and a change of
// dice asked for.
func pvAtPoint(t testing.TB) *Table {
	t.Helper()
	tb := pvNew(t, Street(), "s", "a", "b", "c")
	pvMust(t, tb.Center(50))
	pvMust(t, tb.Fade("a", 30))
	pvMust(t, tb.Fade("b", 20))
	pvMust(t, tb.Side("a", "b", ttK(DontPass), 10, Ratio{}))
	pvRoll(t, tb, Dice{1, 3})
	pvMust(t, tb.Side("b", "c", ttK(PointBet), 10, Ratio{2, 1}))
	pvMust(t, tb.Side("c", "a", ttK(DontCome), 10, Ratio{}))
	if _, err := tb.RollFault(Dice{1, 4}, ThrownAside, nil); err != nil {
		t.Fatal(err)
	}
	pvMust(t, tb.Side("s", "a", ttK(Come), 10, Ratio{}))
	pvMust(t, tb.ChangeDice("b"))
	return tb
}

func TestSavePrivate(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func(testing.TB) *Table
		play  func(t *testing.T, tb *Table) []Resolution
	}{
		{"come-out", pvComeOut, func(t *testing.T, tb *Table) []Resolution {
			pvMust(t, tb.Claim("b"))
			return pvRoll(t, tb, Dice{1, 5}, Dice{2, 3}, Dice{4, 4}, Dice{5, 6}, Dice{3, 4})
		}},
		{"point", pvAtPoint, func(t *testing.T, tb *Table) []Resolution {
			return pvRoll(t, tb, Dice{1, 5}, Dice{3, 3}, Dice{2, 2}, Dice{1, 1}, Dice{3, 4})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := c.build(t)
			back := pvRoundTrip(t, tb)
			if diff := cmp.Diff(tb, back, ttCmpTable); diff != "" {
				t.Fatalf("restored table differs (-saved +restored):\n%s", diff)
			}
			want := c.play(t, tb)
			got := c.play(t, back)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("the restored table plays differently (-want +got):\n%s", diff)
			}
			if a, b := ttSave(t, tb), ttSave(t, back); !bytes.Equal(a, b) {
				t.Errorf("the two tables end apart:\n%s\n%s", a, b)
			}
		})
	}
}

func TestSavePrivateRefuses(t *testing.T) {
	// betOf finds the saved bet of kind k.
	betOf := func(in *tableJSON, k BetKind) *betJSON {
		for i := range in.Bets {
			if in.Bets[i].Bet.Kind == k {
				return &in.Bets[i]
			}
		}
		panic("no such bet")
	}
	for _, c := range []struct {
		name, reason string
		build        func(testing.TB) *Table
		tamper       func(in *tableJSON)
		want         error
	}{
		{"opponent self", "a bet between players needs two", pvComeOut,
			func(in *tableJSON) { b := betOf(in, NumberBet); b.Opponent = b.Player }, ErrSyntax},
		{"opponent unknown", "the other side is seated", pvComeOut,
			func(in *tableJSON) { betOf(in, NumberBet).Opponent = "zed" }, ErrUnknownPlayer},
		{"no opponent", "a private bet has another side", pvComeOut,
			func(in *tableJSON) { betOf(in, NumberBet).Opponent = "" }, ErrUnknownPlayer},
		{"cover 0", "the other side stakes something", pvComeOut,
			func(in *tableJSON) { betOf(in, NumberBet).Cover = 0 }, ErrAmount},
		{"cover off the unit", "stakes are whole units", pvComeOut,
			func(in *tableJSON) { betOf(in, NumberBet).Cover = 12 }, ErrAmount},
		{"carried number", "only a come bet is carried", pvComeOut,
			func(in *tableJSON) { betOf(in, NumberBet).Carried = true }, ErrSyntax},
		{"carried at a point", "a come bet is carried only into the come-out", pvAtPoint,
			func(in *tableJSON) {
				in.Bets = append(in.Bets, betJSON{Player: "s", Opponent: "a", Bet: ttN(Come, 6), Amount: 10, Cover: 10, Point: 6, Carried: true})
			}, ErrSyntax},
		{"carried in the box", "a come bet not on its number is not carried", pvAtPoint,
			func(in *tableJSON) { betOf(in, Come).Carried = true }, ErrSyntax},
		{"center stake at a point", "an unfaded stake is held only at the come-out", pvAtPoint,
			func(in *tableJSON) { in.Center = 10 }, ErrSyntax},
		{"negative center", "a stake is not negative", pvComeOut, func(in *tableJSON) { in.Center = -5 }, ErrAmount},
		{"center off the unit", "stakes are whole units", pvComeOut, func(in *tableJSON) { in.Center = 72 }, ErrUnit},
		{"center at a casino", "no center bet at a casino", pvComeOut, func(in *tableJSON) {
			in.Rules = Standard()
			in.Bets = nil
		}, ErrSyntax},
		{"casino bet with an opponent", "a casino bet has no other side", pvComeOut, func(in *tableJSON) {
			in.Rules, in.Center, in.Claimant = Standard(), 0, ""
			in.Bets = []betJSON{{Player: "a", Bet: ttK(PassLine), Amount: 10, Opponent: "b"}}
		}, ErrSyntax},
		{"private bet at a casino", "a casino takes no bets between players", pvComeOut, func(in *tableJSON) {
			in.Rules, in.Center, in.Claimant = Standard(), 0, ""
			in.Bets = []betJSON{{Player: "a", Bet: ttN(NumberBet, 6), Amount: 10}}
		}, ErrNotOffered},
		{"casino bet in private", "no house banks a place bet", pvComeOut,
			func(in *tableJSON) { b := betOf(in, NumberBet); b.Bet = ttN(Place, 5) }, ErrNotOffered},
		{"claimant unknown", "the claimant is seated", pvComeOut, func(in *tableJSON) { in.Claimant = "zed" }, ErrUnknownPlayer},
		{"shooter barred", "a barred player does not shoot", pvComeOut, func(in *tableJSON) { in.Shooter = "s" }, ErrSyntax},
		{"center not even", "the center bet is faded at even money", pvComeOut,
			func(in *tableJSON) { betOf(in, Center).Cover = 35 }, ErrSyntax},
		{"center not the shooter's", "at the come-out the center bet is the shooter's", pvComeOut,
			func(in *tableJSON) { b := betOf(in, Center); b.Player, b.Opponent = "b", "c" }, ErrSyntax},
		{"faded twice", "one fade per player", pvAtPoint, func(in *tableJSON) {
			in.Bets = append(in.Bets, *betOf(in, Center))
		}, ErrSyntax},
		{"center state", "the center bet follows the puck", pvAtPoint,
			func(in *tableJSON) { betOf(in, Center).Point = 5 }, ErrSyntax},
		{"dice change at the come-out", "a change asked at the come-out is made at once", pvComeOut,
			func(in *tableJSON) { in.DiceChangeAsked = true }, ErrSyntax},
		{"negative dice changes", "a count", pvComeOut, func(in *tableJSON) { in.DiceChanges = -1 }, ErrSyntax},
		{"commission", "a bet between players pays no commission", pvComeOut,
			func(in *tableJSON) { betOf(in, NumberBet).Commission = 5 }, ErrSyntax},
		{"working", "a bet between players always works", pvComeOut,
			func(in *tableJSON) { betOf(in, Hardway).Working = SwitchOff }, ErrSyntax},
		{"within spent", "a Within bet is decided by its last throw", pvComeOut,
			func(in *tableJSON) { betOf(in, Within).Made = 10 }, ErrSyntax},
	} {
		t.Run(c.name, func(t *testing.T) {
			var in tableJSON
			if err := json.Unmarshal(ttSave(t, c.build(t)), &in); err != nil {
				t.Fatal(err)
			}
			c.tamper(&in)
			data, err := json.Marshal(in)
			pvMust(t, err)
			tb := pvNew(t, Street(), "x")
			before := ttSave(t, tb)
			err = tb.UnmarshalJSON(data)
			if !errors.Is(err, c.want) {
				t.Fatalf("%s\nrestore: %v, want %v\n%s", c.reason, err, c.want, data)
			}
			if after := ttSave(t, tb); !bytes.Equal(before, after) {
				t.Errorf("a refused restore changed the table")
			}
		})
	}
}

// ---- Exact figures ----

// pvPuck is the puck that goes with a private bet's state: the right and
// wrong bets and the center follow the shooter's point; a point bet
// stands on it.
func pvPuck(s ttChainState) int8 {
	switch s.bet.Kind {
	case PassLine, DontPass, Center, PointBet:
		return s.state.point
	}
	return 0
}

// pvTableChain plays bet b between two players at even money through
// Table.Roll from every state it reaches over the 36 throws, as
// ttTableChain plays a casino bet, checking both reports of every
// decision and the money of both players.
func pvTableChain(t *testing.T, r Rules, b Bet, stake Amount) *ttChain {
	t.Helper()
	c := &ttChain{index: map[ttChainState]int{}}
	c.add(ttChainState{b, b.start()})
	var autos []*automaton
	for i := 0; i < len(c.states); i++ {
		st := c.states[i]
		for _, d := range AllDice() {
			tb := &Table{rules: r, tableState: tableState{point: pvPuck(st), seats: []seat{{name: "p"}, {name: "q"}}, autos: autos,
				bets: []placed{{seat: 0, opponent: 1, bet: st.bet, amount: stake, cover: stake, state: st.state}}}}
			res, err := tb.Roll(d, nil)
			autos = tb.autos
			if err != nil {
				t.Fatalf("%v in %+v, roll %v: %v", b, st, d, err)
			}
			if m := pvMoney(tb); m != 2*stake {
				t.Fatalf("%v in %+v, roll %v: money %d, want %d", b, st, d, m, 2*stake)
			}
			e := st.bet.roll(&r, st.state, d)
			if e.verdict == stays {
				moved := len(res) == 2 && res[0].Outcome == OutcomeMoved
				if len(tb.bets) != 1 || tb.bets[0].state != e.next || (len(res) != 0 && !moved) {
					t.Fatalf("%v in %+v, roll %v: Bet.roll leaves it in %+v; the table gives %+v and leaves %+v", b, st, d, e.next, res, tb.bets)
				}
				next := ttChainState{tb.bets[0].bet, e.next}
				if moved {
					w := pvSide("p", "q", st.bet, stake, stake, OutcomeMoved)
					w[0].To, w[1].To = next.bet, next.bet
					w[1].Outcome = OutcomeMoved
					if !cmp.Equal(w, res) {
						t.Fatalf("%v in %+v, roll %v: moved (-want +got):\n%s", b, st, d, cmp.Diff(w, res))
					}
				}
				if next == st {
					c.self[i]++
				} else {
					c.out[i][c.add(next)]++
				}
				c.counts[i][3]++
				continue
			}
			o := map[verdict]Outcome{wins: OutcomeWon, loses: OutcomeLost, pushes: OutcomePushed}[e.verdict]
			if w := pvSide("p", "q", st.bet, stake, stake, o); !cmp.Equal(w, res) || len(tb.bets) != 0 {
				t.Fatalf("%v in %+v, roll %v: (-want +got):\n%s", b, st, d, cmp.Diff(w, res))
			}
			q := map[Outcome]int{OutcomeWon: ttWin, OutcomeLost: ttLose, OutcomePushed: ttPush}[o]
			c.term[i][q].Add(c.term[i][q], big.NewRat(1, 1))
			c.term[i][ttNet].Add(c.term[i][ttNet], big.NewRat(int64(tb.seats[0].bankroll-stake), int64(stake)))
			c.counts[i][q]++
		}
	}
	return c
}

// TestPrivateMatchesAnalysis plays every bet of the private game (the
// center bet too, as the shooter's bet faded by one player) at even money
// through Table.Roll, solves the table's own chain, and compares it with
// Analyze and AnalyzeSide exactly.
func TestPrivateMatchesAnalysis(t *testing.T) {
	for _, r := range []Rules{Street(), {Private: true}, {Private: true, Bar: 2}} {
		for _, b := range r.Catalogue() {
			a, err := r.Analyze(b)
			if err != nil {
				t.Fatalf("Analyze(%v): %v", b, err)
			}
			s, err := r.AnalyzeSide(b, Ratio{})
			if err != nil {
				t.Fatalf("AnalyzeSide(%v): %v", b, err)
			}
			c := pvTableChain(t, r, b, 100)
			v := c.solve()
			edge := new(big.Rat).Sub(s.Win, s.Lose)
			for _, f := range []struct {
				name          string
				table, an, sd *big.Rat
			}{{"win", v[ttWin], a.Win, s.Win}, {"lose", v[ttLose], a.Lose, s.Lose}, {"push", v[ttPush], a.Push, s.Push},
				{"return", v[ttNet], a.Return, s.BackerEdge}, {"rolls", v[ttRolls], a.Rolls, s.Rolls},
				{"edge", edge, a.Return, new(big.Rat).Neg(s.LayerEdge)}} {
				if f.table.Cmp(f.an) != 0 || f.table.Cmp(f.sd) != 0 {
					t.Errorf("bar %d, %v: %s %v through Table.Roll (%d states), %v by Analyze, %v by AnalyzeSide", r.Bar, b, f.name, f.table, len(c.states), f.an, f.sd)
				}
			}
			// One-step bets against counts anyone can make.
			counts := c.counts[0]
			var win, lose int
			switch {
			case b.Kind == NumberBet:
				win, lose = Totals(b.Number).Ways(), 6
			case b.Kind == Hardway:
				win, lose = 1, Totals(b.Number).Ways()-1+6
			case b.Kind == Before:
				win, lose = b.Set.Ways(), b.Against.Ways()
			case b.Kind == Within && b.Throws == 1:
				win, lose = b.Set.Ways(), 36-b.Set.Ways()
			case b.Kind == PointBet:
				win, lose = Totals(b.Number).Ways(), 6
			default:
				continue
			}
			if counts[0] != win || counts[1] != lose || counts[2] != 0 || counts[3] != 36-win-lose {
				t.Errorf("%v: the table wins on %d throws, loses on %d, pushes on %d, leaves %d; want %d, %d, 0, %d",
					b, counts[0], counts[1], counts[2], counts[3], win, lose, 36-win-lose)
			}
		}
	}
}

func pvRat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad fraction %q", s)
	}
	return r
}

func TestPrivateAnalyzeSide(t *testing.T) {
	for _, c := range []struct {
		name, reason    string
		rules           Rules
		bet             string
		odds            Ratio
		win, lose, push string
		backer, layer   string
		trueOdds        string
		rolls           string
	}{
		// The pass line wins 244/495 = 976/1980 (the rule book's "970 times out
		// of 1980" is a misprint for 976): at even money the shooter
		// expects 244/495 - 251/495 = -7/495 (1.414%) and each fader +7/495.
		{"center", "the shooter's disadvantage, 7/495", Street(), "center", Ratio{}, "244/495", "251/495", "0", "-7/495", "7/495", "251 to 244", "557/165"},
		{"right", "the right bettor is the shooter's side", Street(), "right", Ratio{}, "244/495", "251/495", "0", "-7/495", "7/495", "251 to 244", "557/165"},
		{"wrong no bar", "with no bar the wrong bettor has the shooter's disadvantage the other way", Street(), "wrong", Ratio{}, "251/495", "244/495", "0", "7/495", "-7/495", "244 to 251", "557/165"},
		// Barring 12: the 1/36 = 55/1980 of come-out 12s push; don't
		// wins 1 - 976/1980 - 55/1980 = 949/1980: edge (949-976)/1980 = -3/220.
		{"wrong bar 12", "the casino's bar, agreed between players", Rules{Private: true}, "wrong", Ratio{}, "949/1980", "244/495", "1/36", "-3/220", "3/220", "976 to 949", "557/165"},
		// 4 before 7: 3 ways against 6, win 1/3; at 2:1, 2/3 - 2/3 = 0.
		{"number 4 at 2:1", "true odds 2 to 1: fair", Street(), "number 4", Ratio{2, 1}, "1/3", "2/3", "0", "0", "0", "2 to 1", "4"},
		// At even money: 1/3 - 2/3 = -1/3 for the backer; +1/3 for the layer.
		{"number 4 even", "even money on 2 to 1 against", Street(), "number 4", Ratio{}, "1/3", "2/3", "0", "-1/3", "1/3", "2 to 1", "4"},
		// 6 before 7: 5 ways against 6; at 6:5, 5/11*6/5 - 6/11 = 0.
		{"point 6 at 6:5", "true odds", Street(), "point 6", Ratio{6, 5}, "5/11", "6/11", "0", "0", "0", "6 to 5", "36/11"},
		// 3-3 in one roll: 1 way in 36. At 30:1 the backer expects
		// 30/36 - 35/36 = -5/36; the layer stakes 30 per 1 and gains 5/36,
		// 5/36/30 = 1/216 per unit he stakes.
		{"3-3 within 1 at 30:1", "the rule book's 35-1 true odds, paid 30:1", Street(), "3-3 within 1", Ratio{30, 1}, "1/36", "35/36", "0", "-5/36", "1/216", "35 to 1", "1"},
		// 6-5 in one roll: 2 ways, 17 to 1 against: fair at 17:1.
		{"6-5 within 1 at 17:1", "the rule book's 17-1", Street(), "6-5 within 1", Ratio{17, 1}, "1/18", "17/18", "0", "0", "0", "17 to 1", "1"},
		// Any craps: 4 ways, 8 to 1 against: fair at 8:1.
		{"craps within 1 at 8:1", "the rule book's 8-1", Street(), "craps within 1", Ratio{8, 1}, "1/9", "8/9", "0", "0", "0", "8 to 1", "1"},
		// Hard 8: 1 way against 4 easy and 6 sevens, 10 to 1; at 9:1,
		// 9/11 - 10/11 = -1/11, and the layer 1/11/9 = 1/99.
		{"hard 8 at 9:1", "the casino's 9:1 between players", Street(), "hard 8", Ratio{9, 1}, "1/11", "10/11", "0", "-1/11", "1/99", "10 to 1", "36/11"},
		// 12 before 4: 1 way against 3; fair at 3:1. Reversed at 1:3.
		{"12 before 4 at 3:1", "Table 1's column (d)", Street(), "12 before 4", Ratio{3, 1}, "1/4", "3/4", "0", "0", "0", "3 to 1", "9"},
		{"4 before 12 at 1:3", "reversed, 1 to 3", Street(), "4 before 12", Ratio{1, 3}, "3/4", "1/4", "0", "0", "0", "1 to 3", "9"},
		// 3-3 within 3: misses (35/36)^3 = 42875/46656, wins 3781/46656;
		// rolls 1 + 35/36 + (35/36)^2 = 3781/1296.
		{"3-3 within 3 even", "a three-roll proposition", Street(), "3-3 within 3", Ratio{}, "3781/46656", "42875/46656", "0", "-39094/46656", "39094/46656", "42875 to 3781", "3781/1296"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := c.rules.AnalyzeSide(pvBet(t, c.bet), c.odds)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []struct {
				name string
				got  *big.Rat
				want string
			}{{"win", s.Win, c.win}, {"lose", s.Lose, c.lose}, {"push", s.Push, c.push}, {"backer edge", s.BackerEdge, c.backer},
				{"layer edge", s.LayerEdge, c.layer}, {"rolls", s.Rolls, c.rolls}} {
				if f.got.Cmp(pvRat(t, f.want)) != 0 {
					t.Errorf("%s\n%s %v, want %s", c.reason, f.name, f.got, f.want)
				}
			}
			if oddsText(s.TrueOdds) != c.trueOdds {
				t.Errorf("%s\ntrue odds %v, want %s", c.reason, s.TrueOdds, c.trueOdds)
			}
			odds := c.odds
			if odds.IsZero() {
				odds = Ratio{1, 1}
			}
			if s.Odds != odds {
				t.Errorf("odds %v, want %v", s.Odds, odds)
			}
		})
	}
	if _, err := Street().AnalyzeSide(ttK(PointBet), Ratio{}); !errors.Is(err, ErrSyntax) {
		t.Errorf("a point bet needs its point: %v", err)
	}
	if _, err := Street().AnalyzeSide(ttN(Place, 6), Ratio{}); !errors.Is(err, ErrNotOffered) {
		t.Errorf("place 6 between players: %v", err)
	}
	for _, o := range []Ratio{{0, 1}, {1, 0}, {-1, 1}} {
		if _, err := Street().AnalyzeSide(ttN(NumberBet, 6), o); !errors.Is(err, ErrSyntax) {
			t.Errorf("odds %v: %v", o, err)
		}
	}
	if _, err := (Rules{Bar: 7}).AnalyzeSide(ttK(Center), Ratio{}); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("invalid rules: %v", err)
	}
	// A casino's rules analyse the bets between players as a private game
	// under the same bar.
	if s, err := Standard().AnalyzeSide(ttK(Center), Ratio{}); err != nil || s.BackerEdge.Cmp(big.NewRat(-7, 495)) != 0 {
		t.Errorf("Standard.AnalyzeSide(center): %v, %v", s.BackerEdge, err)
	}
}

// TestPrivateHand checks the length of a shooter's hand against Ethier, "The
// Doctrine of Chances", ch. 15: 557/165 throws per decision, a seven-out
// ending 196/495 of decisions, so 495/196 decisions and 557/165 * 495/196
// = 1671/196 throws per hand.
func TestPrivateHand(t *testing.T) {
	for _, r := range []Rules{Street(), Standard(), {Private: true}} {
		h, err := r.Hand()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []struct {
			name string
			got  *big.Rat
			want *big.Rat
		}{{"throws per decision", h.ThrowsPerDecision, big.NewRat(557, 165)}, {"seven-out", h.SevenOut, big.NewRat(196, 495)},
			{"decisions per hand", h.DecisionsPerHand, big.NewRat(495, 196)}, {"throws per hand", h.ThrowsPerHand, big.NewRat(1671, 196)}} {
			if f.got.Cmp(f.want) != 0 {
				t.Errorf("bar %d: %s %v, want %v", r.Bar, f.name, f.got, f.want)
			}
		}
	}
	if _, err := (Rules{Bar: 7}).Hand(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("invalid rules: %v", err)
	}
}

// ---- The state machine ----

// pvOp is one call on a private table, as the state machine and the
// fuzzer draw it.
type pvOp struct {
	kind     int // which call: pvJoin...
	who      string
	other    string
	seat     int
	amount   Amount
	bet      Bet
	odds     Ratio
	dice     Dice
	fault    Fault
	bankroll Amount
}

const (
	pvJoin = iota
	pvLeave
	pvCenterOp
	pvFadeOp
	pvFadeRest
	pvWithdraw
	pvNoBet
	pvClaim
	pvSideOp
	pvCallOff
	pvPass
	pvFault
	pvRollOp
	pvBar
	pvChange
	pvNumOps
)

var pvOpNames = [pvNumOps]string{"join", "leave", "center", "fade", "fade rest", "withdraw", "no bet", "claim", "side",
	"call off", "pass dice", "fault", "roll", "bar", "change dice"}

var pvPool = []string{"ann", "bob", "cat", "dan", "eve", "fay"}

// pvSideBets are the side bets the machine draws from: every family, some
// the rules refuse.
var pvSideBets = func() []Bet {
	bs := []Bet{{Kind: PassLine}, {Kind: DontPass}, {Kind: Come}, {Kind: DontCome}, {Kind: PointBet}, {Kind: PointBet, Number: 6},
		{Kind: Hardway, Number: 4}, {Kind: Hardway, Number: 8}, {Kind: NumberBet, Number: 2}, {Kind: NumberBet, Number: 5},
		{Kind: NumberBet, Number: 9}, {Kind: Center}, {Kind: Place, Number: 6}, {Kind: Come, Number: 5}}
	for _, s := range []string{"6,8 before 7", "12 before 4", "craps before 7", "3-3 within 1", "7 within 3", "points within 2", "doubles within 4"} {
		b, err := ParseBet(s)
		if err != nil {
			panic(err)
		}
		bs = append(bs, b)
	}
	return bs
}()

// pvDriver plays a private table through its exported calls and checks
// each call against what the rules of the private-game rule book allow.
type pvDriver struct {
	tb      *Table
	brought Amount // what the players brought, less what they took away
	stake   Amount // the center stake declared at this come-out
	buf     []Resolution
}

func pvNewDriver(t ttTB, r Rules) *pvDriver {
	t.Helper()
	tb, err := NewTable(r)
	if err != nil {
		t.Fatalf("NewTable: %v", err)
	}
	return &pvDriver{tb: tb}
}

// centerFades is each fader's stake in the center bet, by name.
func (d *pvDriver) centerFades() (map[string]Amount, Amount) {
	m, total := map[string]Amount{}, Amount(0)
	for _, p := range d.tb.bets {
		if p.bet.Kind == Center {
			m[d.tb.seats[p.opponent].name] += p.cover
			total += p.cover
		}
	}
	return m, total
}

// nextFree is the first player after seat i, clockwise, not barred in ps.
func pvNextFree(ps []PlayerState, i int) int {
	for k := 1; k <= len(ps); k++ {
		if j := (i + k) % len(ps); !ps[j].Barred {
			return j
		}
	}
	return i
}

func pvIndex(ps []PlayerState, name string) int {
	return slices.IndexFunc(ps, func(p PlayerState) bool { return p.Name == name })
}

// do makes the call and checks it.
func (d *pvDriver) do(t ttTB, op pvOp) {
	t.Helper()
	tb := d.tb
	before := ttSave(t, tb)
	ps := tb.Players()
	point, shooter := tb.Point(), tb.Shooter()
	shooterAt := pvIndex(ps, shooter)
	fades, _ := d.centerFades()
	var err error
	var left Amount
	var res []Resolution
	switch op.kind {
	case pvJoin:
		err = tb.JoinAt(op.who, op.bankroll, op.seat)
	case pvLeave:
		left, err = tb.Leave(op.who)
	case pvCenterOp:
		err = tb.Center(op.amount)
	case pvFadeOp:
		err = tb.Fade(op.who, op.amount)
	case pvFadeRest:
		err = tb.Fade(op.who, max(tb.center, 1))
	case pvWithdraw:
		err = tb.Withdraw()
	case pvNoBet:
		err = tb.CallOffCenter()
	case pvClaim:
		err = tb.Claim(op.who)
	case pvSideOp:
		err = tb.Side(op.who, op.other, op.bet, op.amount, op.odds)
	case pvCallOff:
		_, err = tb.CallOff(op.who, op.bet)
	case pvPass:
		err = tb.PassDice()
	case pvFault:
		res, err = tb.RollFault(op.dice, op.fault, d.buf[:0])
	case pvRollOp:
		res, err = tb.Roll(op.dice, d.buf[:0])
	case pvBar:
		err = tb.BarShooter(op.who)
	case pvChange:
		err = tb.ChangeDice(op.who)
	}
	d.buf = res
	if err != nil {
		ttCheckRefusal(t, err, nil)
		if after := ttSave(t, tb); !bytes.Equal(before, after) {
			t.Fatalf("refused %s (%v) changed the table:\n%s\n%s", pvOpNames[op.kind], err, before, after)
		}
		return
	}
	after := tb.Players()
	wantShooter := shooter
	rolled := op.kind == pvRollOp || op.kind == pvFault && !op.fault.Void()
	switch {
	case op.kind == pvJoin:
		d.brought += op.bankroll
		if shooter == "" {
			wantShooter = op.who
		}
	case op.kind == pvLeave:
		d.brought -= left
		i := pvIndex(ps, op.who)
		if left != ps[i].Bankroll+ps[i].OnTable {
			t.Fatalf("%s left with %d, had %d and %d on the table", op.who, left, ps[i].Bankroll, ps[i].OnTable)
		}
		if point == 0 {
			d.stake -= fades[op.who]
		}
		if op.who == shooter {
			d.stake = 0
		}
		rest := slices.Delete(slices.Clone(ps), i, i+1)
		switch {
		case len(rest) == 0:
			wantShooter = ""
		case op.who == shooter:
			// The seat after his, or the next who may shoot after it.
			j := i % len(rest)
			if rest[j].Barred {
				j = pvNextFree(rest, j)
			}
			wantShooter = rest[j].Name
		}
	case op.kind == pvCenterOp:
		d.stake = op.amount
	case op.kind == pvWithdraw:
		_, d.stake = d.centerFades()
	case op.kind == pvNoBet:
		d.stake = 0
	case op.kind == pvClaim:
		if f, total := d.centerFades(); len(f) != 1 || f[op.who] != d.stake || total != d.stake || tb.center != 0 || tb.ClaimedBy() != "" {
			t.Fatalf("after %s's claim: fades %v, stake %d, unfaded %d", op.who, f, d.stake, tb.center)
		}
	case op.kind == pvSideOp:
		cover := op.amount
		if !op.odds.IsZero() {
			cover = op.amount * Amount(op.odds.Win) / Amount(op.odds.Stake)
		}
		i, j := pvIndex(ps, op.who), pvIndex(ps, op.other)
		if after[i].Bankroll != ps[i].Bankroll-op.amount || after[j].Bankroll != ps[j].Bankroll-cover {
			t.Fatalf("side %v %d at %v: bankrolls %d, %d became %d, %d", op.bet, op.amount, op.odds, ps[i].Bankroll, ps[j].Bankroll, after[i].Bankroll, after[j].Bankroll)
		}
		if op.bet.Kind == PassLine || op.bet.Kind == DontPass {
			if point != 0 {
				t.Fatalf("%v made with the point %d", op.bet, point)
			}
		}
		if (op.bet.Kind == Come || op.bet.Kind == DontCome || op.bet.Kind == PointBet) && point == 0 {
			t.Fatalf("%v made on the come-out", op.bet)
		}
	case op.kind == pvPass:
		if point != 0 {
			t.Fatalf("the dice passed mid-point")
		}
		wantShooter = ps[pvNextFree(ps, shooterAt)].Name
	case op.kind == pvBar:
		i := pvIndex(ps, op.who)
		if ps[i].Missed < 2 && ps[i].Aside < 2 {
			t.Fatalf("%s barred without a repeated fault: %+v", op.who, ps[i])
		}
		if op.who == shooter {
			if point == 0 {
				d.stake = 0
			}
			wantShooter = ps[pvNextFree(ps, shooterAt)].Name
		}
	case op.kind == pvFault && op.fault.Void():
		if len(res) != 0 || !bytes.Equal(before, ttSave(t, tb)) {
			t.Fatalf("a void throw changed the table or resolved %+v", res)
		}
	case rolled:
		d.checkRoll(t, op, ps, after, res, point)
		d.stake = 0
		if shooterAt < 0 {
			break // a throw at an empty table
		}
		if point != 0 && op.dice.Total() == 7 {
			wantShooter = ps[pvNextFree(ps, shooterAt)].Name
		}
		if op.kind == pvFault && (op.fault == OneDieMissed || op.fault == ThrownAside) {
			n := map[Fault]int{OneDieMissed: after[shooterAt].Missed - ps[shooterAt].Missed, ThrownAside: after[shooterAt].Aside - ps[shooterAt].Aside}
			if n[op.fault] != 1 {
				t.Fatalf("%v not held against the thrower %s: %+v then %+v", op.fault, shooter, ps[shooterAt], after[shooterAt])
			}
		}
	}
	if tb.Shooter() != wantShooter {
		t.Fatalf("after %s: shooter %q, want %q", pvOpNames[op.kind], tb.Shooter(), wantShooter)
	}
	if !rolled && tb.Point() != point {
		t.Fatalf("%s moved the puck from %d to %d", pvOpNames[op.kind], point, tb.Point())
	}
}

// checkRoll checks a throw's resolutions: two reports of each decided
// bet, the winner taking both stakes, and the puck moving by the pass
// line's rule.
func (d *pvDriver) checkRoll(t ttTB, op pvOp, ps, after []PlayerState, res []Resolution, point int) {
	t.Helper()
	if len(res)%2 != 0 {
		t.Fatalf("an odd number of reports: %+v", res)
	}
	paid := map[string]Amount{}
	for k := 0; k < len(res); k += 2 {
		m, o := res[k], res[k+1]
		if m.Against || !o.Against || m.Opponent != o.Player || o.Opponent != m.Player || m.Bet != o.Bet || m.Player == o.Player {
			t.Fatalf("reports %+v and %+v are not the two sides of one bet", m, o)
		}
		ok := false
		switch m.Outcome {
		case OutcomeWon:
			ok = o.Outcome == OutcomeLost && m.Win == o.Stake && m.Returned == m.Stake && o.Win+o.Returned == 0
		case OutcomeLost:
			ok = o.Outcome == OutcomeWon && o.Win == m.Stake && o.Returned == o.Stake && m.Win+m.Returned == 0
		case OutcomePushed:
			ok = o.Outcome == OutcomePushed && m.Returned == m.Stake && o.Returned == o.Stake && m.Win+o.Win == 0
		case OutcomeMoved:
			ok = o.Outcome == OutcomeMoved && m.To == o.To && m.To.Kind == m.Bet.Kind && (m.Bet.Kind == Come || m.Bet.Kind == DontCome)
		}
		if !ok || m.Commission+o.Commission+m.Breakage+o.Breakage != 0 {
			t.Fatalf("reports %+v and %+v do not settle one bet", m, o)
		}
		paid[m.Player] += m.Win + m.Returned
		paid[o.Player] += o.Win + o.Returned
	}
	for i, p := range after {
		if p.Bankroll-ps[i].Bankroll != paid[p.Name] {
			t.Fatalf("%s's bankroll went from %d to %d; the reports pay %d", p.Name, ps[i].Bankroll, p.Bankroll, paid[p.Name])
		}
	}
	n := op.dice.Total()
	want := point
	switch {
	case point == 0 && isBoxNumber(n, false):
		want = n
	case point != 0 && (n == point || n == 7):
		want = 0
	}
	if d.tb.Point() != want {
		t.Fatalf("throw %v with the point %d: point %d, want %d", op.dice, point, d.tb.Point(), want)
	}
}

// check is the invariant that holds between any two calls.
func (d *pvDriver) check(t ttTB) {
	t.Helper()
	tb := d.tb
	ps := tb.Players()
	if m := pvMoney(tb); m != d.brought || tb.House() != 0 {
		t.Fatalf("money: the players hold %d (house %d); they brought %d", m, tb.House(), d.brought)
	}
	for i, p := range ps {
		if j, ok := tb.seatIndex(p.Name); !ok || j != i {
			t.Fatalf("player %s, in seat %d, is found in seat %d (%v)", p.Name, i, j, ok)
		}
	}
	if len(ps) > 0 {
		i := pvIndex(ps, tb.Shooter())
		if ps[i].Barred {
			t.Fatalf("the shooter %s is barred: %+v", tb.Shooter(), ps)
		}
	}
	_, faded := d.centerFades()
	switch {
	case tb.center < 0 || faded+tb.center > d.stake && tb.Point() == 0:
		t.Fatalf("fades %d and unfaded %d; the stake is %d", faded, tb.center, d.stake)
	case tb.Point() == 0 && faded+tb.center != d.stake:
		t.Fatalf("fades %d and unfaded %d; the stake is %d", faded, tb.center, d.stake)
	case tb.Point() != 0 && tb.center != 0:
		t.Fatalf("an unfaded stake %d with the point on", tb.center)
	}
	for _, p := range tb.bets {
		switch {
		case p.seat == p.opponent:
			t.Fatalf("a bet with one player: %+v", p)
		case p.bet.Kind == Center && (p.amount != p.cover || tb.Point() == 0 && p.seat != tb.shooter):
			t.Fatalf("center bet %+v with shooter %d", p, tb.shooter)
		case p.carried && tb.Point() != 0:
			t.Fatalf("a carried bet with the point on: %+v", p)
		case (p.bet.Kind == PassLine || p.bet.Kind == DontPass || p.bet.Kind == Center) && int(p.state.point) != tb.Point():
			t.Fatalf("%+v plays a point other than %d", p, tb.Point())
		}
	}
	if c := tb.ClaimedBy(); c != "" && !slices.ContainsFunc(ps, func(p PlayerState) bool { return p.Name == c }) {
		t.Fatalf("the claimant %q is not seated", c)
	}
	// The saved form holds the whole state: restoring it and saving
	// again gives the same bytes.
	pvRoundTrip(t, tb)
}

// pvDrawOp draws one call; names come mostly from the seated players.
func pvDrawOp(rt *rapid.T, d *pvDriver, kind int) pvOp {
	var names []string
	for _, p := range d.tb.Players() {
		names = append(names, p.Name)
	}
	name := func(label string) string {
		if len(names) > 0 && rapid.IntRange(0, 9).Draw(rt, label+" stranger") < 9 {
			return rapid.SampledFrom(names).Draw(rt, label)
		}
		return rapid.SampledFrom(pvPool).Draw(rt, label+" anyone")
	}
	unit := d.tb.rules.unit()
	amount := func(label string) Amount {
		if rapid.IntRange(0, 9).Draw(rt, label+" odd") == 9 {
			return Amount(rapid.Int64Range(-2, 7).Draw(rt, label+" small"))
		}
		return unit * Amount(rapid.Int64Range(1, 60).Draw(rt, label))
	}
	op := pvOp{kind: kind}
	switch op.kind {
	case pvJoin:
		op.who = rapid.SampledFrom(pvPool).Draw(rt, "name")
		op.seat = rapid.IntRange(-1, len(names)+1).Draw(rt, "seat")
		op.bankroll = unit * Amount(rapid.Int64Range(0, 400).Draw(rt, "bankroll"))
	case pvLeave, pvClaim, pvBar, pvChange, pvFadeRest:
		op.who = name("who")
	case pvCenterOp:
		op.amount = amount("stake")
	case pvFadeOp:
		op.who, op.amount = name("fader"), amount("fade")
		if c := d.tb.center / unit; c > 0 && rapid.Bool().Draw(rt, "part") {
			op.amount = unit * Amount(rapid.Int64Range(1, int64(c)).Draw(rt, "part units"))
		}
	case pvSideOp:
		op.who, op.other = name("backer"), name("layer")
		if others := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == op.who }); len(others) > 0 &&
			rapid.IntRange(0, 9).Draw(rt, "same") < 9 {
			op.other = rapid.SampledFrom(others).Draw(rt, "other layer")
		}
		op.bet = rapid.SampledFrom(pvSideBets).Draw(rt, "bet")
		op.amount = amount("amount")
		// Mostly odds players quote, in stakes they cover in whole units.
		switch rapid.IntRange(0, 3).Draw(rt, "odds kind") {
		case 0:
		case 1:
			op.odds = Ratio{rapid.Int64Range(0, 12).Draw(rt, "win"), rapid.Int64Range(0, 6).Draw(rt, "stake")}
		default:
			op.odds = rapid.SampledFrom([]Ratio{{1, 1}, {2, 1}, {3, 2}, {6, 5}, {9, 1}, {30, 1}, {1, 2}, {5, 6}, {3, 5}}).Draw(rt, "odds")
			op.amount = unit * rapid.SampledFrom([]Amount{5, 10, 30, 60}).Draw(rt, "units")
		}
	case pvCallOff:
		op.who = name("who")
		var own []Bet
		for _, p := range d.tb.bets {
			if n := d.tb.seats[p.seat].name; n == op.who || d.tb.seats[p.opponent].name == op.who {
				own = append(own, p.bet)
			}
		}
		op.bet = rapid.SampledFrom(append(own, ttN(NumberBet, 5), ttK(PassLine))).Draw(rt, "bet")
	case pvFault, pvRollOp:
		op.dice = Dice{uint8(rapid.IntRange(1, 6).Draw(rt, "a")), uint8(rapid.IntRange(1, 6).Draw(rt, "b"))}
		if op.kind == pvFault {
			op.fault = Fault(rapid.IntRange(0, int(numFaults)).Draw(rt, "fault"))
		} else if rapid.IntRange(0, 29).Draw(rt, "bad dice") == 0 {
			op.dice.B = 7
		}
	}
	return op
}

// pvRapidSteps plays longer games than rapid's default of 30 calls (300,
// or 100 but thorough), unless -rapid.steps is given; the seed stays
// rapid's own.
func pvRapidSteps(t *testing.T) {
	fl := flag.Lookup("rapid.steps")
	if fl == nil || fl.Value.String() != "30" {
		return
	}
	steps := "300"
	if !thorough() {
		steps = "100"
	}
	if err := fl.Value.Set(steps); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = fl.Value.Set("30") })
}

// pvDrawRules is the street game with some of what players agree changed.
func pvDrawRules(rt *rapid.T) Rules {
	r := Street()
	r.FadeClaim = rapid.Bool().Draw(rt, "claim")
	r.Bar = rapid.SampledFrom([]int{NoBar, 0, 2}).Draw(rt, "bar")
	r.Unit = rapid.SampledFrom([]Amount{1, 5}).Draw(rt, "unit")
	if rapid.IntRange(0, 3).Draw(rt, "limits") == 0 {
		r.Minimum, r.Maximum = 2*r.Unit, 100*r.Unit
	}
	return r
}

// TestPrivateStateMachine plays random private games: seats taken and
// left, center bets staked, faded, raised, withdrawn, called off and
// claimed, side bets of every family at random odds, call-offs, the dice
// passed, void and counted faults, bars and throws; the driver checks
// every call and the invariants after each.
func TestPrivateStateMachine(t *testing.T) {
	pvRapidSteps(t)
	rapid.Check(t, func(rt *rapid.T) {
		d := pvNewDriver(rt, pvDrawRules(rt))
		for i := range rapid.IntRange(2, 4).Draw(rt, "players") {
			d.do(rt, pvOp{kind: pvJoin, who: pvPool[i], seat: i, bankroll: 1000 * d.tb.rules.unit()})
		}
		actions := map[string]func(*rapid.T){"": func(rt *rapid.T) { d.check(rt) }}
		for kind, name := range pvOpNames {
			actions[name] = func(rt *rapid.T) { d.do(rt, pvDrawOp(rt, d, kind)) }
		}
		maps.Copy(actions, map[string]func(*rapid.T){
			// Throws and full fades are what moves a game on.
			"roll": func(rt *rapid.T) {
				if d.tb.center > 0 && len(d.tb.seats) > 1 {
					i := (d.tb.shooter + 1) % len(d.tb.seats)
					d.do(rt, pvOp{kind: pvFadeRest, who: d.tb.seats[i].name})
				}
				d.do(rt, pvOp{kind: pvRollOp, dice: Dice{uint8(rapid.IntRange(1, 6).Draw(rt, "a")), uint8(rapid.IntRange(1, 6).Draw(rt, "b"))}})
			},
			"side bet": func(rt *rapid.T) { d.do(rt, pvDrawOp(rt, d, pvSideOp)) },
			// A come-out's center bet: staked, then claimed or faded.
			"center round": func(rt *rapid.T) {
				if len(d.tb.seats) < 2 {
					rt.Skip("no one to fade")
				}
				d.do(rt, pvDrawOp(rt, d, pvCenterOp))
				if c := d.tb.ClaimedBy(); c != "" {
					d.do(rt, pvOp{kind: pvClaim, who: c})
				}
				i := (d.tb.shooter + rapid.IntRange(1, len(d.tb.seats)-1).Draw(rt, "fader seat")) % len(d.tb.seats)
				d.do(rt, pvOp{kind: pvFadeRest, who: d.tb.seats[i].name})
			},
			"repeat fault": func(rt *rapid.T) {
				f := rapid.SampledFrom([]Fault{OneDieMissed, ThrownAside}).Draw(rt, "fault")
				d.do(rt, pvOp{kind: pvFault, fault: f, dice: Dice{1, uint8(rapid.IntRange(1, 2).Draw(rt, "b"))}})
				d.do(rt, pvOp{kind: pvBar, who: d.tb.Shooter()})
			},
		})
		rt.Repeat(actions)
	})
}

// FuzzPrivate plays the state machine's calls from bytes, six a call.
func FuzzPrivate(f *testing.F) {
	// A game with the claim rule: ann shoots 20, bob fades it all; ann
	// sets 4, cat bets the point against ann and ann a come bet against
	// bob; the come bet goes to 6, ann makes 4 and bob may claim the next
	// center bet, which he does; a come-out 7; two missed throws, a bar
	// and the dice passed.
	seed := []byte{1}
	for _, op := range [][6]byte{
		{pvJoin, 0, 1, 100}, {pvJoin, 1, 2, 100}, {pvJoin, 2, 3, 100},
		{pvCenterOp, 0, 0, 20}, {pvFadeOp, 1, 0, 20}, {pvRollOp, 0, 0, 0, 0, 12},
		{pvSideOp, 2, 0, 10, 4}, {pvSideOp, 0, 1, 10, 2}, {pvRollOp, 0, 0, 0, 0, 19}, {pvRollOp, 0, 0, 0, 0, 12},
		{pvCenterOp, 0, 0, 20}, {pvClaim, 1}, {pvRollOp, 0, 0, 0, 0, 20},
		{pvFault, 0, 0, 0, 4, 1}, {pvFault, 0, 0, 0, 4, 1}, {pvBar, 0}, {pvPass},
	} {
		seed = append(seed, op[:]...)
	}
	f.Add(seed)
	src := rand.New(rand.NewPCG(3, 4))
	for range 4 {
		data := make([]byte, 6*80)
		for i := range data {
			data[i] = byte(src.IntN(256))
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		r := Street()
		r.FadeClaim = data[0]&1 != 0
		r.Bar = []int{NoBar, 0, 2, NoBar}[data[0]>>1&3]
		if data[0]&8 != 0 {
			r.Unit = 5
		}
		d := pvNewDriver(t, r)
		unit := r.unit()
		for data = data[1:]; len(data) >= 6; data = data[6:] {
			k, w, o, a, b, x := data[0], data[1], data[2], data[3], data[4], data[5]
			op := pvOp{kind: int(k) % pvNumOps, who: pvPool[int(w)%len(pvPool)], other: pvPool[int(o)%len(pvPool)],
				seat: int(o)%6 - 1, amount: unit * Amount(a&0x7f), bankroll: unit * Amount(a) * 10,
				bet: pvSideBets[int(b)%len(pvSideBets)], dice: Dice{x%6 + 1, x/6%6 + 1}, fault: Fault(b % 7)}
			if a&0x80 != 0 {
				op.amount = Amount(int8(a))
			}
			if x >= 216 {
				op.odds = Ratio{int64(x % 8), int64(b%5) + 1}
			}
			d.do(t, op)
			d.check(t)
		}
	})
}

// ParseFault takes the words players use as well as the names String
// prints, in any case, spaced or hyphenated.
func TestPrivateParseFaultAliases(t *testing.T) {
	for _, c := range []struct {
		text string
		want Fault
	}{
		{"Off Table", OffBounds}, {"out of bounds", OffBounds}, {"cocked die", Cocked},
		{"missed backboard", NoBackboard}, {"one die missed", OneDieMissed}, {"one-die", OneDieMissed},
		{"thrown aside", ThrownAside}, {"no throw", ThrownAside}, {"NO-BACKBOARD", NoBackboard},
	} {
		if got, err := ParseFault(c.text); err != nil || got != c.want {
			t.Errorf("ParseFault(%q) = %v, %v; want %v", c.text, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "sideways", "one", "off bounds table"} {
		if _, err := ParseFault(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseFault(%q) = %v, want ErrSyntax", bad, err)
		}
	}
}
