package main

import (
	"strings"
	"testing"
)

// craps edge -bet takes any bet the rules take, listed or not, a
// proposition's commas kept with it.
func TestEdgeAnyBet(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string // rows, by name and edge
	}{
		{[]string{"-rules", "street", "-bet", "2,12 before 7"}, []string{"2,12 before 7", "1/2 (50.0000%)"}},
		{[]string{"-rules", "street", "-bet", "points then 7;6 then 6 before 7,right"},
			[]string{"4,5,6,8,9,10 then 7", "7/9 (77.7778%)", "6 then 6 before 7", "221/271", "Pass Line"}},
		{[]string{"-bet", "point-7,7-point-7,field"}, []string{"Point-7", "1/9 (11.1111%)", "7-Point-7", "1/18 (5.5556%)", "Field"}},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"edge"}, c.args...)...)
		if code != 0 {
			t.Fatalf("edge %q: exit %d: %s", c.args, code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("edge %q: no %q in\n%s", c.args, w, out)
			}
		}
	}
	for _, args := range [][]string{
		{"-bet", "points then 7"},             // a bet between players, at a casino table
		{"-rules", "street", "-bet", "field"}, // the house's bet, in the private game
		{"-bet", "7 then 7 then 7 then 7"},
	} {
		if code, _, _ := runCmd(t, "", append([]string{"edge"}, args...)...); code != 2 {
			t.Errorf("edge %q: exit %d, want 2 (usage)", args, code)
		}
	}
}
