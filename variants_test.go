package craps

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// truncated writes q as a percentage cut off, not rounded, after digits
// places, as Scarne prints his figures ("4.761+%").
func truncated(q *big.Rat, digits int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	n := new(big.Int).Quo(new(big.Int).Mul(new(big.Int).Mul(q.Num(), big.NewInt(100)), scale), q.Denom())
	s := n.String()
	for len(s) <= digits {
		s = "0" + s
	}
	return s[:len(s)-digits] + "." + s[len(s)-digits:]
}

// TestNewYorkScarne: New York craps has no come bets and no place bets,
// and its box numbers cost what J. Scarne, "Scarne on Dice", prints (the
// box number bets to win 4.761% each; to lose 2.439% on 4 and 10, 3.225%
// on 5 and 9, 4.000% on 6 and 8).
func TestNewYorkScarne(t *testing.T) {
	r := NewYork()
	for _, b := range []Bet{{Kind: Come}, {Kind: DontCome}, {Kind: Place, Number: 6}, {Kind: PlaceToLose, Number: 4},
		{Kind: ComeOdds, Number: 5}, {Kind: DontComeOdds, Number: 8}} {
		if err := r.Offers(b); !errors.Is(err, ErrNotOffered) {
			t.Errorf("New York craps offers %v: %v", b, err)
		}
	}
	for _, c := range []struct {
		bet  Bet
		want string
	}{
		{Bet{Kind: Buy, Number: 4}, "4.761"}, {Bet{Kind: Buy, Number: 5}, "4.761"}, {Bet{Kind: Buy, Number: 6}, "4.761"},
		{Bet{Kind: Lay, Number: 4}, "2.439"}, {Bet{Kind: Lay, Number: 9}, "3.225"}, {Bet{Kind: Lay, Number: 8}, "4.000"},
	} {
		if got := truncated(analysisOf(t, r, c.bet).EdgePerBet, 3); got != c.want {
			t.Errorf("[Scarne] %v: %s%%, Scarne prints %s%%", c.bet, got, c.want)
		}
	}
}

// TestRockNRollDice plays the Players Circle, the Numbers and the Juke Box
// of Rock 'n Roll Dice (Wizard of Odds, "Rock 'n Roll Dice"; rnrdice.com,
// "How to Play") on a Table, and checks the figures the rules give.
func TestRockNRollDice(t *testing.T) {
	r := RockNRollDice()
	line := Bet{Kind: PassLine}
	for _, c := range []struct {
		reason string
		bet    Bet
		throws []Dice
		want   Resolution
	}{
		{"a come-out 11 pushes", line, []Dice{{5, 6}}, ttPushed(line, 10)},
		{"a come-out 12 pushes", line, []Dice{{6, 6}}, ttPushed(line, 10)},
		{"a come-out 3 loses", line, []Dice{{1, 2}}, ttLost(line, 10)},
		{"a come-out 7 wins even money", line, []Dice{{3, 4}}, ttWon(line, 10, 10)},
		{"the point 8 made 4-4, the hard way: 6:5", line, []Dice{{3, 5}, {4, 4}}, ttWon(line, 10, 12)},
		{"the point 8 made 3-5: even money", line, []Dice{{4, 4}, {3, 5}}, ttWon(line, 10, 10)},
		{"the point 5 made: even money (no hard way)", line, []Dice{{1, 4}, {2, 3}}, ttWon(line, 10, 10)},
		{"the Juke Box on 2: 3:1", Bet{Kind: Field}, []Dice{{1, 1}}, ttWon(Bet{Kind: Field}, 10, 30)},
		{"the Juke Box on 11: 2:1", Bet{Kind: Field}, []Dice{{5, 6}}, ttWon(Bet{Kind: Field}, 10, 20)},
		{"the Juke Box on 10: 3:2", Bet{Kind: Field}, []Dice{{4, 6}}, ttWon(Bet{Kind: Field}, 10, 15)},
		{"the Juke Box on 9 loses", Bet{Kind: Field}, []Dice{{4, 5}}, ttLost(Bet{Kind: Field}, 10)},
	} {
		tb := ttNewTable(t, r, 1000)
		ttDo(t, tb, ttStake(c.bet, 10))
		if diff := cmp.Diff(ttRes(c.want), ttDecidedAtEnd(t, c.reason, tb, c.throws)); diff != "" {
			t.Errorf("%s: (-want +got)\n%s", c.reason, diff)
		}
	}
	// The Numbers: 6 bought after the point, paid 6:5 with no commission.
	tb := ttNewTable(t, r, 1000)
	ttDo(t, tb, ttStake(line, 10), ttThrow(Dice{2, 2}), ttStake(Bet{Kind: Buy, Number: 6}, 10))
	if res := ttDecidedAtEnd(t, "the 6 bought", tb, []Dice{{1, 5}}); len(res) != 1 || res[0].Win != 12 || res[0].Commission != 0 {
		t.Errorf("the Number 6 for 10 on a 6: %+v, want 12 and no commission", res)
	}
	for _, b := range []Bet{{Kind: DontPass}, {Kind: Come}, {Kind: PassOdds, Number: 4}, {Kind: Place, Number: 6},
		{Kind: Buy, Number: 4}, {Kind: Any7}, {Kind: Fire}, {Kind: PointSeven}} {
		if err := r.Offers(b); !errors.Is(err, ErrNotOffered) {
			t.Errorf("Rock 'n Roll Dice offers %v: %v", b, err)
		}
	}
	// The Players Circle: wins 433/990 and pushes 1/12; the hard points,
	// made with chance 1/108 (4 and 10) and 5/396 (6 and 8) each, add a
	// fifth of a unit: the edge is 197/5940 per bet.
	pc := analysisOf(t, r, line)
	if pc.Win.RatString() != "433/990" || pc.Push.RatString() != "1/12" || pc.EdgePerBet.RatString() != "197/5940" {
		t.Errorf("the Players Circle: win %s, push %s, edge %s", pc.Win.RatString(), pc.Push.RatString(), pc.EdgePerBet.RatString())
	}
	if jb := analysisOf(t, r, Bet{Kind: Field}); jb.EdgePerBet.RatString() != "1/36" {
		t.Errorf("the Juke Box's edge %s, want 1/36: 23 units won in 36 throws against 24 lost", jb.EdgePerBet.RatString())
	}
	// The push rule applies to both sides of the line, and only to the
	// come-out totals that are not points.
	dont := Rules{ComeOutPush: Totals(11)}
	if a := analysisOf(t, dont, Bet{Kind: DontPass}); a.Push.RatString() != "1/12" {
		t.Errorf("don't pass pushing on 11 and its bar 12: push %s, want 3/36", a.Push.RatString())
	}
	for _, bad := range []Rules{{ComeOutPush: Totals(4)}, {Crapless: true, ComeOutPush: Totals(11)}, {ComeOutPush: Combination(3, 3)}} {
		if err := bad.Validate(); !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), "pushing") {
			t.Errorf("%+v: Validate = %v, want ErrInvalidRules", bad.ComeOutPush, err)
		}
	}
}
