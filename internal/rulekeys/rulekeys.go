// Package rulekeys reads house rules by name, as the craps command's flags
// and roll tapes write them ("field12=2", "bar=2", "odds=3-4-5x"), and
// the library's presets by name. A flag takes its value as the shell gives
// it (-two "30 for 1"); a roll tape's rules line splits at spaces, so a
// value with spaces is quoted there (two="30 for 1") or written without
// them (two=29:1). It is the command's plumbing, not the
// library's API.
package rulekeys

import (
	"errors"
	"fmt"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/internal/suggest"
)

// ruleKey is one house rule by name: the placeholder its help shows for
// the value, what it sets with its default, and how to set it.
type ruleKey struct {
	name, value, usage string
	isBool             bool
	set                func(r *craps.Rules, value string) error
}

// topics is every key Set takes, grouped and ordered as "craps help rules"
// prints them. A new house rule is one entry in its topic's list: the
// command's flags, a roll tape's rules lines and the help all read it from
// here.
var topics = []struct {
	name string
	keys []ruleKey
}{
	{"The game", []ruleKey{
		{"crapless", "", "crapless craps: 2, 3, 11 and 12 are points, only 7 wins on the come-out", true,
			func(r *craps.Rules, v string) error { return setBool(&r.Crapless, v) }},
		{"high-point", "", "High Point craps: 2 and 3 thrown again on the come-out, 11 and 12 win, any other total " +
			"(7 too) is the point, won by a higher next throw", true,
			func(r *craps.Rules, v string) error { return setBool(&r.HighPoint, v) }},
		{"cards", "READING", `deal the throws from the card-craps rules' 48-card deck: "pair-returned" ` +
			`(the rules' own text: the come-out pair is shuffled back), "pair-kept" (it stays out until ` +
			`the decision), "reshuffle" (before every throw), or "dice" (default dice)`, false,
			func(r *craps.Rules, v string) error {
				c, err := craps.ParseCardReading(v)
				r.Cards = c
				return err
			}},
		{"shoe", "CARDS", `what the cards are dealt from under card rules: the cards of each rank, "16" ` +
			`(two card-craps decks), or six counts from the ace to the 6, "4,4,4,4,4,4" (default 8: the ` +
			`card-craps rules' 48-card deck)`, false,
			func(r *craps.Rules, v string) error {
				sh, err := craps.ParseShoe(v)
				r.Shoe = sh
				return err
			}},
		{"dice", "LAW", `the dice's law, every throw's chance: "fair"; "srr=7" (a dice setter's 7 once in ` +
			`7 throws, the other totals in their proportions); "faces=1,1,1,1,1,2" (both dice loaded alike, ` +
			`the 6 twice as likely), "faces=1,1,1,1,1,2;1,1,1,1,1,1" (the first die loaded); ` +
			`"totals=W2,...,W12"; "throws=W1-1,W1-2,...,W6-6" (36 weights); weights are relative ` +
			`(default fair)`, false,
			func(r *craps.Rules, v string) error {
				l, err := craps.ParseDiceLaw(v)
				r.Dice = l
				return err
			}},
		{"dice-file", "FILE", `the dice's law read from a file, written as -dice takes it, over ` +
			`lines if need be (# starts a comment): what craps dice -fit writes`, false,
			func(r *craps.Rules, v string) error {
				b, err := os.ReadFile(v)
				if err != nil {
					return err
				}
				l, err := craps.ParseDiceLaw(string(b))
				r.Dice = l
				return err
			}},
		{"private", "", "the private game: players fade the center bet and bet each other; no house", true,
			func(r *craps.Rules, v string) error { return setBool(&r.Private, v) }},
		{"fade-claim", "", "private game: who faded the whole center bet and lost may claim the next one", true,
			func(r *craps.Rules, v string) error { return setBool(&r.FadeClaim, v) }},
	}},
	{"Line bets and odds", []ruleKey{
		{"bar", "12|2|none", "the don't bets' push total on the come-out (default 12)", false,
			func(r *craps.Rules, v string) error {
				if v == "none" {
					r.Bar = craps.NoBar
					return nil
				}
				n, err := strconv.Atoi(v)
				if err != nil || (n != 2 && n != 12) {
					return syntaxError("bar (12, 2 or none)", v)
				}
				r.Bar = n
				if n == 12 {
					r.Bar = 0
				}
				return nil
			}},
		{"odds", "MULTIPLES", `odds taken, multiples of the line bet: "2x", "100x", "3-4-5x" (on 4/10, ` +
			`5/9, 6/8), "2-2-2.5x" (full double odds), "5-10-20x"; in crapless craps 2, 3, 11 and 12 ` +
			`take the 4's multiple, or write five: "3-4-5-3-3x" adds 3/11 and 2/12 (default 3-4-5x)`, false,
			func(r *craps.Rules, v string) error {
				o, err := craps.ParseOddsLimit(v)
				r.Odds = o
				return err
			}},
		{"lay-odds", "MULTIPLES", `odds laid behind don't bets, as -odds writes them, of the win or ` +
			`the bet as -lay says: "6x" lays up to 6 times the bet's win (default: the -odds multiples)`, false,
			func(r *craps.Rules, v string) error {
				o, err := craps.ParseOddsLimit(v)
				r.LayOdds = o
				return err
			}},
		{"lay", "win|stake", `what the lay multiples are of: "win" (lay what wins the multiple) or ` +
			`"stake" (lay the multiple) (default win)`, false,
			func(r *craps.Rules, v string) error {
				switch v {
				case "win":
					r.Lay = craps.LayToWinMultiple
				case "stake":
					r.Lay = craps.LayStakeMultiple
				default:
					return syntaxError("lay (win or stake)", v)
				}
				return nil
			}},
		{"removable", "", "pass and come bets may be reduced or taken down after their point, as " +
			"the second casino's rules allow", true,
			func(r *craps.Rules, v string) error { return setBool(&r.LineBetsRemovable, v) }},
		switchKey("late-pass", "a pass line bet may be made after the point (default: where put bets "+
			"are taken or pass bets removable)", func(r *craps.Rules) *craps.Switch { return &r.LatePassLine }),
		switchKey("comeout-come-odds", "odds behind come and put bets work on the come-out (default off)",
			func(r *craps.Rules) *craps.Switch { return &r.ComeOut.ComeOdds }),
		switchKey("comeout-dont-come-odds", "odds behind don't come bets work on the come-out (default on)",
			func(r *craps.Rules) *craps.Switch { return &r.ComeOut.DontComeOdds }),
		switchKey("comeout-put", "put bets work on the come-out, their odds with them (default on)",
			func(r *craps.Rules) *craps.Switch { return &r.ComeOut.Put }),
	}},
	{"Place, buy and lay bets, and commission", []ruleKey{
		{"commission", "RATE", `the buy and lay commission rate: "5%" or "1:20" (default 5%)`, false,
			func(r *craps.Rules, v string) error {
				rate, err := parseRate(v)
				r.BuyCommission.Rate, r.LayCommission.Rate = rate, rate
				return err
			}},
		timingKey("buy-timing", func(r *craps.Rules) *craps.Commission { return &r.BuyCommission }),
		timingKey("lay-timing", func(r *craps.Rules) *craps.Commission { return &r.LayCommission }),
		baseKey("buy-base", func(r *craps.Rules) *craps.Commission { return &r.BuyCommission }),
		baseKey("lay-base", func(r *craps.Rules) *craps.Commission { return &r.LayCommission }),
		{"commission-rounding", "down|nearest|up", "how a commission is rounded to the unit (default down)", false,
			func(r *craps.Rules, v string) error {
				m, ok := map[string]craps.Rounding{"down": craps.RoundDown, "nearest": craps.RoundNearest, "up": craps.RoundUp}[v]
				if !ok {
					return syntaxError("rounding (down, nearest or up)", v)
				}
				r.BuyCommission.Rounding, r.LayCommission.Rounding = m, m
				return nil
			}},
		amountKey("commission-min", "the least commission on a buy or lay bet, never more than the bet "+
			"wins (default none)", func(r *craps.Rules) []*craps.Amount {
			return []*craps.Amount{&r.BuyCommission.Minimum, &r.LayCommission.Minimum}
		}),
		{"buy-on", "TOTALS", `the numbers the table buys, comma-separated: "4,10" (default every point)`, false,
			func(r *craps.Rules, v string) error {
				set, err := craps.ParseOutcomeSet(v)
				r.BuyOn = set
				return err
			}},
		switchKey("comeout-place", "place and place to lose bets work on the come-out (default off)",
			func(r *craps.Rules) *craps.Switch { return &r.ComeOut.Place }),
		switchKey("comeout-buy", "buy bets work on the come-out (default off)",
			func(r *craps.Rules) *craps.Switch { return &r.ComeOut.Buy }),
		switchKey("comeout-lay", "lay bets work on the come-out (default on)",
			func(r *craps.Rules) *craps.Switch { return &r.ComeOut.Lay }),
		switchKey("stay-up-place", "winning place and place-to-lose bets stay up (default on)",
			func(r *craps.Rules) *craps.Switch { return &r.StayUp.Place }),
		switchKey("stay-up-buy", "winning buy bets stay up (default off)",
			func(r *craps.Rules) *craps.Switch { return &r.StayUp.Buy }),
		switchKey("stay-up-lay", "winning lay bets stay up (default off)",
			func(r *craps.Rules) *craps.Switch { return &r.StayUp.Lay }),
		switchKey("stay-up-big", "winning big 6 and big 8 bets stay up (default on)",
			func(r *craps.Rules) *craps.Switch { return &r.StayUp.Big6And8 }),
	}},
	{"Propositions and hardways", []ruleKey{
		ratioKey("hard4", "hard 4 and hard 10 (default 7:1)", func(r *craps.Rules) *craps.Ratio { return &r.Hard4 }),
		ratioKey("hard6", "hard 6 and hard 8 (default 9:1)", func(r *craps.Rules) *craps.Ratio { return &r.Hard6 }),
		switchKey("comeout-hardways", "hardways work on the come-out (default off)",
			func(r *craps.Rules) *craps.Switch { return &r.ComeOut.Hardways }),
		switchKey("stay-up-hardways", "winning hardway bets stay up (default on)",
			func(r *craps.Rules) *craps.Switch { return &r.StayUp.Hardways }),
		ratioKey("any7", "any 7 (default 4:1)", func(r *craps.Rules) *craps.Ratio { return &r.Any7 }),
		ratioKey("anycraps", "any craps (default 7:1)", func(r *craps.Rules) *craps.Ratio { return &r.AnyCraps }),
		ratioKey("two", "aces, the one-roll 2 (default 30:1)", func(r *craps.Rules) *craps.Ratio { return &r.Two }),
		ratioKey("three", "ace-deuce, the one-roll 3 (default 15:1)", func(r *craps.Rules) *craps.Ratio { return &r.Three }),
		ratioKey("eleven", "yo, the one-roll 11 (default 15:1)", func(r *craps.Rules) *craps.Ratio { return &r.Eleven }),
		ratioKey("twelve", "boxcars, the one-roll 12 (default 30:1)", func(r *craps.Rules) *craps.Ratio { return &r.Twelve }),
		ratioKey("hop-easy", "a hop on two different faces (default 15:1)", func(r *craps.Rules) *craps.Ratio { return &r.EasyHop }),
		ratioKey("hop-hard", "a hop on a pair (default 30:1)", func(r *craps.Rules) *craps.Ratio { return &r.HardHop }),
		{"props", "to1|for1", `how the default 2, 3, 11, 12 and hop payouts are read: "to1" (30:1 pays ` +
			`30) or "for1" (30 for 1 pays 29); a payout set by its own key is paid as written, so ` +
			`-two "30 for 1" pays 29 under either (default to1)`, false,
			func(r *craps.Rules, v string) error {
				switch v {
				case "to1", "to":
					r.PropsFor1 = false
				case "for1", "for":
					r.PropsFor1 = true
				default:
					return syntaxError("props (to1 or for1)", v)
				}
				return nil
			}},
		ratioKey("point-7", "Point-7: the come-out sets a point, the next throw a 7 (default 7:1)",
			func(r *craps.Rules) *craps.Ratio { return &r.Sequences.PointSeven }),
		ratioKey("7-point", "7-Point: a come-out 7, then a come-out that sets a point (default 7:1)",
			func(r *craps.Rules) *craps.Ratio { return &r.Sequences.SevenPoint }),
		ratioKey("7-point-7", "7-Point-7: a come-out 7, a point, then a 7 (default 50:1)",
			func(r *craps.Rules) *craps.Ratio { return &r.Sequences.SevenPointSeven }),
		ratioKey("muggsy-7", "Muggsy's Corner on a come-out 7; with -muggsy-point-7, the table offers the bet (default: not offered)",
			func(r *craps.Rules) *craps.Ratio { return &r.Sequences.MuggsysCorner.ComeOutSeven }),
		ratioKey("muggsy-point-7", "Muggsy's Corner on a point and then a 7 at once (default: not offered)",
			func(r *craps.Rules) *craps.Ratio { return &r.Sequences.MuggsysCorner.PointSeven }),
	}},
	{"The field", []ruleKey{
		{"field", "TOTALS", `the totals the field holds, comma-separated: "2,3,5,9,10,11,12" puts 5 in ` +
			`place of 4 (default 2,3,4,9,10,11,12)`, false,
			func(r *craps.Rules, v string) error {
				set, err := craps.ParseOutcomeSet(v)
				r.Field.Totals = set
				return err
			}},
		fieldKey(2, "default 2:1; some tables 3:1"), fieldKey(3, "default 1:1; some tables pay a bonus"),
		fieldKey(4, "default 1:1"), fieldKey(5, "where the field holds 5, default 1:1"),
		fieldKey(6, "where the field holds 6, default 1:1"), fieldKey(8, "where the field holds 8, default 1:1"),
		fieldKey(9, "default 1:1"), fieldKey(10, "default 1:1"), fieldKey(11, "default 1:1; some tables pay a bonus"),
		fieldKey(12, "default 3:1; some casinos 2:1"),
	}},
	{"Bets on the hand: fire and the other bets on a count, all / tall / small, repeaters", []ruleKey{
		ratioKey("fire-3", "the fire bet on three points (default: it loses)", func(r *craps.Rules) *craps.Ratio { return &r.Fire.Three }),
		ratioKey("fire-4", "the fire bet on four points (default 24:1)", func(r *craps.Rules) *craps.Ratio { return &r.Fire.Four }),
		ratioKey("fire-5", "the fire bet on five points (default 249:1)", func(r *craps.Rules) *craps.Ratio { return &r.Fire.Five }),
		ratioKey("fire-6", "the fire bet on six points (default 999:1)", func(r *craps.Rules) *craps.Ratio { return &r.Fire.Six }),
		{"fire-settle", "seven-out|sixth-point", `when the fire bet is paid: at the end of the hand, or at ` +
			`once when the sixth point is made, and the bet ends (default seven-out)`, false,
			func(r *craps.Rules, v string) error {
				switch v {
				case "seven-out":
					r.FirePaysAtSixthPoint = false
				case "sixth-point":
					r.FirePaysAtSixthPoint = true
				default:
					return syntaxError("fire-settle (seven-out or sixth-point)", v)
				}
				return nil
			}},
		handKey("ride-line", "Ride the Line, by pass line wins in the hand, naturals included",
			"table1, 2@push,3@1:1,4@2:1,5@4:1,6@6:1,7@8:1,8@15:1,9@20:1,10@25:1,11@50:1",
			func(r *craps.Rules) *craps.HandPaytable { return &r.RideTheLine }),
		handKey("hot-shooter", "the Hot Shooter, by throws in the hand, the seven-out included",
			"8@push,16@2:1,24@4:1,32@6:1,40@11:1,45@29:1,51@99:1", func(r *craps.Rules) *craps.HandPaytable { return &r.HotShooter }),
		handKey("different-doubles", "Different Doubles, by different doubles before a 7",
			"3@4:1,4@8:1,5@15:1,6@100:1", func(r *craps.Rules) *craps.HandPaytable { return &r.DifferentDoubles }),
		handKey("bonus-craps", `the Bonus Craps progressive, by different totals before a 7 or a total thrown again; `+
			`set 10 to the jackpot, "10@40000 for 5"`,
			"5@1:1,6@4:1,7@9:1,8@49:1,9@299:1,10@lose", func(r *craps.Rules) *craps.HandPaytable { return &r.BonusCraps }),
		ratioKey("ats-all", "the all bet (default 175:1)", func(r *craps.Rules) *craps.Ratio { return &r.ATS.All }),
		ratioKey("ats-tall", "the tall bet (default 34:1)", func(r *craps.Rules) *craps.Ratio { return &r.ATS.Tall }),
		ratioKey("ats-small", "the small bet (default 34:1)", func(r *craps.Rules) *craps.Ratio { return &r.ATS.Small }),
		{"all-bet", "SET@PAYS[@BUT1]", `adds an "all of a set before a 7" bet: "6,8@2:1", "points@12:1", ` +
			`"2,3,4,5,6,8,9,10,11,12@80:1@20:1" (the last pays all but one); once per bet, up to four; ` +
			`"none" clears (default none)`, false,
			func(r *craps.Rules, v string) error {
				if v == "none" {
					r.AllBets = [len(r.AllBets)]craps.AllPaytable{}
					return nil
				}
				return addAllBet(r, v)
			}},
		repeaterKey(2), repeaterKey(3), repeaterKey(4), repeaterKey(5), repeaterKey(6),
		{"repeater-set", "SET@TIMES@PAYS", `adds a repeater on a set of totals counted together: "2,12@1@3 for 1" ` +
			`(2 or 12 before a 7), "2,3,11,12@7@100 for 1"; up to three; "none" clears (default none)`, false,
			func(r *craps.Rules, v string) error {
				if v == "none" {
					r.RepeaterSets = [len(r.RepeaterSets)]craps.RepeaterSetPaytable{}
					return nil
				}
				parts := strings.Split(v, "@")
				var e craps.RepeaterSetPaytable
				var err error
				if len(parts) != 3 {
					return syntaxError(`repeater-set ("set@times@pays")`, v)
				}
				if e.Set, err = craps.ParseOutcomeSet(parts[0]); err != nil {
					return err
				}
				if e.Times, err = strconv.Atoi(parts[1]); err != nil {
					return syntaxError(`repeater-set ("set@times@pays")`, v)
				}
				if e.Pays, err = craps.ParseRatio(parts[2]); err != nil {
					return err
				}
				return addEntry(r.RepeaterSets[:], e, "repeater-set", v)
			}},
		{"repeater-group", "SET@PAYS", `adds a bet paid when any repeater on the set's totals would win: ` +
			`"2,3,4,5,6@15 for 1" (Updown); up to five; "none" clears (default none)`, false,
			func(r *craps.Rules, v string) error {
				if v == "none" {
					r.RepeaterGroups = [len(r.RepeaterGroups)]craps.RepeaterGroupPaytable{}
					return nil
				}
				set, pays, ok := strings.Cut(v, "@")
				var e craps.RepeaterGroupPaytable
				var err error
				if !ok {
					return syntaxError(`repeater-group ("set@pays")`, v)
				}
				if e.Set, err = craps.ParseOutcomeSet(set); err != nil {
					return err
				}
				if e.Pays, err = craps.ParseRatio(pays); err != nil {
					return err
				}
				return addEntry(r.RepeaterGroups[:], e, "repeater-group", v)
			}},
		{"repeater-surrender", "N@K@VALUE", `what the repeater on N may be surrendered for once N is thrown K ` +
			`times, the stake in it: "6@3@8 for 1" (or "6@3@8", or the payout "6@3@7:1"), comma-separated; ` +
			`"none" clears (default none)`, false,
			func(r *craps.Rules, v string) error {
				r.RepeaterSurrender = craps.RepeaterSurrender{}
				if v == "none" {
					return nil
				}
				for _, item := range strings.Split(v, ",") {
					parts := strings.Split(item, "@")
					if len(parts) != 3 {
						return syntaxError(`repeater-surrender ("n@k@value")`, item)
					}
					n, err1 := strconv.Atoi(parts[0])
					k, err2 := strconv.Atoi(parts[1])
					value, err := craps.ParseRatio(parts[2])
					need := min(n, 14-n) // the throws the repeater on n needs
					if err1 != nil || err2 != nil || n < 2 || n > 12 || n == 7 || k < 1 || k >= need {
						return syntaxError(`repeater-surrender (n from 2 to 12, not 7; k from 1 to one less than it needs)`, item)
					}
					if err != nil {
						return err
					}
					// Kept "for 1": "8 for 1" and "8" as written, a payout
					// "7:1" or "7 to 1" with its stake.
					if _, err := strconv.Atoi(strings.TrimSpace(parts[2])); err != nil {
						value = craps.Ratio{Win: value.Win + value.Stake, Stake: value.Stake}
					}
					r.RepeaterSurrender.Value[need-2][k-1] = value
				}
				return nil
			}},
	}},
	{"Limits and what the table offers", []ruleKey{
		amountKey("unit", "the smallest chip paid; payouts round down to it (default 1)",
			func(r *craps.Rules) []*craps.Amount { return []*craps.Amount{&r.Unit} }),
		amountKey("min", "the table minimum bet (default none)", func(r *craps.Rules) []*craps.Amount { return []*craps.Amount{&r.Minimum} }),
		amountKey("max", "the table maximum bet (default none)", func(r *craps.Rules) []*craps.Amount { return []*craps.Amount{&r.Maximum} }),
		limitKey("bet-min", `minimums for kinds of bet in place of -min: "buy:20,lay:20,props:1"; kinds `+
			`as -not-offered names them, or props, hardways, hops, odds, lay-odds; "none" clears `+
			`(default none)`, false),
		limitKey("bet-max", `maximums for kinds of bet in place of -max: "hardways:100,hops:25"; `+
			`"odds:5000" caps odds in money beside their multiples; "none" clears (default none)`, true),
		{"not-offered", "KINDS", `bets the table does not take, comma-separated kinds: ` +
			`"put,place-to-lose,fire", or "none" (default none)`, false,
			func(r *craps.Rules, v string) error {
				r.NotOffered = 0
				if v == "" || v == "none" {
					return nil
				}
				for _, name := range strings.Split(v, ",") {
					k, err := craps.ParseBetKind(name)
					if err != nil {
						return err
					}
					r.NotOffered |= craps.Kinds(k)
				}
				return nil
			}},
	}},
}

func ratioKey(name, usage string, field func(*craps.Rules) *craps.Ratio) ruleKey {
	return ruleKey{name, "PAYOUT", "the payout of " + usage, false,
		func(r *craps.Rules, v string) error {
			p, err := craps.ParseRatio(v)
			*field(r) = p
			return err
		}}
}

// handKey sets the paytable of a bet on a count, as
// craps.ParseHandPaytable reads it; "default" restores the published one.
func handKey(name, usage, def string, field func(*craps.Rules) *craps.HandPaytable) ruleKey {
	tables := ""
	if name == "ride-line" {
		tables = `; or "table1" to "table7", the seven published tables`
	}
	return ruleKey{name, "TIERS", "the paytable of " + usage + `: tiers "count@pays", comma-separated, each ` +
		`paying from its count to the next tier's, "push" or "lose" for a tier that pushes or loses, and a ` +
		`last ",top" to pay at once at the top tier` + tables + ` (default ` + def + ")", false,
		func(r *craps.Rules, v string) error {
			if v == "default" {
				*field(r) = craps.HandPaytable{}
				return nil
			}
			if n, ok := strings.CutPrefix(v, "table"); ok && name == "ride-line" {
				i, err := strconv.Atoi(n)
				tables := craps.RideTheLineTables()
				if err != nil || i < 1 || i > len(tables) {
					return syntaxError(`ride-line table ("table1" to "table7")`, v)
				}
				*field(r) = tables[i-1]
				return nil
			}
			p, err := craps.ParseHandPaytable(v)
			*field(r) = p
			return err
		}}
}

func fieldKey(total int, usage string) ruleKey {
	return ratioKey(fmt.Sprintf("field%d", total), fmt.Sprintf("the field on %d (%s)", total, usage),
		func(r *craps.Rules) *craps.Ratio { return &r.Field.Pays[total] })
}

func repeaterKey(n int) ruleKey {
	times := map[int]string{2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times"}[n]
	def := map[int]int{2: 39, 3: 49, 4: 64, 5: 79, 6: 89}[n]
	return ratioKey(fmt.Sprintf("repeater-%d", n), fmt.Sprintf("the repeater on %d or %d, thrown %s before a 7 (default %d:1, %d for 1)",
		n, 14-n, times, def, def+1),
		func(r *craps.Rules) *craps.Ratio {
			p := &r.Repeater
			return map[int]*craps.Ratio{2: &p.On2, 3: &p.On3, 4: &p.On4, 5: &p.On5, 6: &p.On6}[n]
		})
}

// addEntry puts e in the first unused entry of entries.
func addEntry[T comparable](entries []T, e T, key, v string) error {
	var zero T
	for i := range entries {
		if entries[i] == zero {
			entries[i] = e
			return nil
		}
	}
	return fmt.Errorf("%s %q: the table already has %d such bets, the most it takes", key, v, len(entries))
}

// addAllBet reads "set@pays[@all-but-one]" into the first unused entry of
// r.AllBets.
func addAllBet(r *craps.Rules, v string) error {
	parts := strings.Split(v, "@")
	if len(parts) < 2 || len(parts) > 3 {
		return syntaxError(`all-bet ("set@pays" or "set@pays@all-but-one")`, v)
	}
	var e craps.AllPaytable
	var err error
	if e.Set, err = craps.ParseOutcomeSet(parts[0]); err != nil {
		return err
	}
	if e.Pays, err = craps.ParseRatio(parts[1]); err != nil {
		return err
	}
	if len(parts) == 3 {
		if e.AllButOne, err = craps.ParseRatio(parts[2]); err != nil {
			return err
		}
	}
	for i := range r.AllBets {
		if r.AllBets[i] == (craps.AllPaytable{}) {
			r.AllBets[i] = e
			return nil
		}
	}
	return fmt.Errorf("all-bet %q: the table already has %d such bets, the most it takes", v, len(r.AllBets))
}

// kindGroups are the groups of kinds the limit keys take by name, beside
// the kinds themselves.
var kindGroups = map[string]craps.KindSet{
	"props": craps.Kinds(craps.Any7, craps.AnyCraps, craps.Aces, craps.AceDeuce, craps.Yo, craps.Boxcars,
		craps.Horn, craps.HornHigh, craps.CAndE, craps.World, craps.ThreeWay),
	"hardways": craps.Kinds(craps.Hardway),
	"hops":     craps.Kinds(craps.Hop),
	"odds":     craps.Kinds(craps.PassOdds, craps.ComeOdds, craps.PutOdds),
	"lay-odds": craps.Kinds(craps.DontPassOdds, craps.DontComeOdds),
}

// limitKey sets minimums (or, with most, maximums) for kinds of bet:
// "kind:amount,...". Each kind or group is one entry of Rules.Limits,
// shared with the other key's value for the same kinds.
func limitKey(name, usage string, most bool) ruleKey {
	return ruleKey{name, "KIND:N,...", usage, false, func(r *craps.Rules, v string) error {
		field := func(l *craps.KindLimit) *craps.Amount {
			if most {
				return &l.Maximum
			}
			return &l.Minimum
		}
		if v == "none" {
			for i := range r.Limits {
				*field(&r.Limits[i]) = 0
				if r.Limits[i].Minimum == 0 && r.Limits[i].Maximum == 0 {
					r.Limits[i] = craps.KindLimit{}
				}
			}
			return nil
		}
		for _, item := range strings.Split(v, ",") {
			kind, amount, ok := strings.Cut(item, ":")
			n, err := strconv.ParseInt(strings.TrimSpace(amount), 10, 64)
			if !ok || err != nil || n <= 0 {
				return syntaxError(name+` ("kind:amount", an amount above 0)`, item)
			}
			kinds, ok := kindGroups[strings.TrimSpace(kind)]
			if !ok {
				k, err := craps.ParseBetKind(kind)
				if err != nil {
					return err
				}
				kinds = craps.Kinds(k)
			}
			if err := setLimit(r, kinds, func(l *craps.KindLimit) { *field(l) = craps.Amount(n) }); err != nil {
				return fmt.Errorf("%s: %w", item, err)
			}
		}
		return nil
	}}
}

// setLimit changes the entry of r.Limits for exactly kinds, or the first
// unused one.
func setLimit(r *craps.Rules, kinds craps.KindSet, set func(*craps.KindLimit)) error {
	for _, same := range []bool{true, false} {
		for i := range r.Limits {
			if l := &r.Limits[i]; (same && l.Kinds == kinds) || (!same && *l == craps.KindLimit{}) {
				l.Kinds = kinds
				set(l)
				return nil
			}
		}
	}
	return fmt.Errorf("limits for %d groups of kinds already, the most the table takes", len(r.Limits))
}

func amountKey(name, usage string, fields func(*craps.Rules) []*craps.Amount) ruleKey {
	return ruleKey{name, "N", usage, false, func(r *craps.Rules, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return syntaxError(name+" (a whole amount, 0 or more)", v)
		}
		for _, f := range fields(r) {
			*f = craps.Amount(n)
		}
		return nil
	}}
}

func switchKey(name, usage string, field func(*craps.Rules) *craps.Switch) ruleKey {
	return ruleKey{name, "SWITCH", usage, false, func(r *craps.Rules, v string) error {
		s, ok := map[string]craps.Switch{"default": craps.SwitchDefault, "on": craps.SwitchOn, "off": craps.SwitchOff}[v]
		if !ok {
			return syntaxError(name+" (on, off or default)", v)
		}
		*field(r) = s
		return nil
	}}
}

func timingKey(name string, field func(*craps.Rules) *craps.Commission) ruleKey {
	bet, _, _ := strings.Cut(name, "-")
	return ruleKey{name, "upfront|takedown|returned|win", "when the " + bet + ` commission is taken: ` +
		`"upfront" (when the bet is made, and kept), "takedown" (when made, given back if the bet is ` +
		`taken down, kept if it loses), "returned" (when made, given back if the bet loses or is taken ` +
		`down, the second casino's rules) or "win" (only from a win) (default upfront)`, false,
		func(r *craps.Rules, v string) error {
			t, ok := map[string]craps.CommissionTiming{"upfront": craps.CommissionUpfront, "win": craps.CommissionOnWinOnly,
				"returned": craps.CommissionUpfrontReturned, "takedown": craps.CommissionUpfrontKeptOnLoss}[v]
			if !ok {
				return syntaxError(name+" (upfront, takedown, returned or win)", v)
			}
			field(r).Timing = t
			return nil
		}}
}

func baseKey(name string, field func(*craps.Rules) *craps.Commission) ruleKey {
	bet, _, _ := strings.Cut(name, "-")
	return ruleKey{name, "standard|bet|win", "what the " + bet + ` commission is a percentage of: ` +
		`the bet, the win, or "standard": the bet for a buy, the win for a lay (default standard)`, false,
		func(r *craps.Rules, v string) error {
			b, ok := map[string]craps.CommissionBase{"standard": craps.CommissionStandardBase, "bet": craps.CommissionOnBet, "win": craps.CommissionOnWin}[v]
			if !ok {
				return syntaxError(name+" (standard, bet or win)", v)
			}
			field(r).Base = b
			return nil
		}}
}

func setBool(dst *bool, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return syntaxError("true or false", v)
	}
	*dst = b
	return nil
}

// parseRate reads a commission rate, "5%", "4.5%", "1/3%" or "1:20",
// exactly; one whose fraction does not fit in int64 terms is refused.
func parseRate(v string) (craps.Ratio, error) {
	if pct, ok := strings.CutSuffix(strings.TrimSpace(v), "%"); ok {
		q, ok := new(big.Rat).SetString(pct)
		if ok {
			q.Quo(q, big.NewRat(100, 1))
		}
		// Exactly, in lowest terms, or not at all: a term past int64
		// would wrap.
		if !ok || q.Sign() < 0 || !q.Num().IsInt64() || !q.Denom().IsInt64() {
			return craps.Ratio{}, syntaxError("commission rate", v)
		}
		if q.Sign() == 0 {
			return craps.Ratio{Win: 0, Stake: 1}, nil
		}
		return craps.Ratio{Win: q.Num().Int64(), Stake: q.Denom().Int64()}, nil
	}
	return craps.ParseRatio(v)
}

// Key is one house rule that Set takes by name.
type Key struct {
	Name  string // "field12"
	Value string // what the value is, as help shows it: "PAYOUT", "on|off|default"; "" for a Bool key
	Usage string // what the key sets, and its default
	// Bool is set for a key that takes true or false, so that a command
	// line may give it alone ("-crapless") to mean true.
	Bool bool
}

// Topic is a group of keys, as "craps help rules" prints them.
type Topic struct {
	Name string
	Keys []Key
}

// Topics lists every key Set takes, by topic, in the order of the
// command's help.
func Topics() []Topic {
	out := make([]Topic, len(topics))
	for i, t := range topics {
		out[i].Name = t.name
		for _, k := range t.keys {
			out[i].Keys = append(out[i].Keys, Key{Name: k.name, Value: k.value, Usage: k.usage, Bool: k.isBool})
		}
	}
	return out
}

// Keys lists the keys Set takes, in the order of the command's help.
func Keys() []Key {
	var keys []Key
	for _, t := range Topics() {
		keys = append(keys, t.Keys...)
	}
	return keys
}

// lookup returns the key named name.
func lookup(name string) (ruleKey, bool) {
	for _, t := range topics {
		for _, k := range t.keys {
			if k.name == name {
				return k, true
			}
		}
	}
	return ruleKey{}, false
}

// IsBool reports whether key takes true or false.
func IsBool(key string) bool {
	k, _ := lookup(key)
	return k.isBool
}

// Set changes the one house rule named key (see Keys) to the value
// written in text: Set(&r, "field12", "2") pays the field 2:1 on 12. An
// unknown key or a value that cannot be read is an error wrapping
// craps.ErrSyntax, and r is left as it was. Set checks the value alone;
// call Validate once all keys are set, since some rules only contradict
// others.
func Set(r *craps.Rules, key, value string) error {
	k, ok := lookup(key)
	if !ok {
		names := make([]string, 0, 100)
		for _, k := range Keys() {
			names = append(names, k.Name)
		}
		return fmt.Errorf("unknown rule %q%s: %w", key, suggest.DidYouMean(key, names), craps.ErrSyntax)
	}
	tmp := *r
	if err := k.set(&tmp, strings.TrimSpace(value)); err != nil {
		msg := strings.TrimSuffix(strings.TrimPrefix(err.Error(), "craps: "), ": "+craps.ErrSyntax.Error())
		return fmt.Errorf("rule %s: %s: %w", key, msg, craps.ErrSyntax)
	}
	*r = tmp
	return nil
}

// syntaxError reports that text could not be read as what.
func syntaxError(what, text string) error {
	return fmt.Errorf("cannot read %q as %s: %w", text, what, craps.ErrSyntax)
}

// ErrNoSuchPreset is wrapped by Preset for a name it does not know.
var ErrNoSuchPreset = errors.New("no such preset")

// presets are the library's presets by the names the command takes,
// with what each is, as "craps help rules" says it.
var presets = []struct {
	name, about string
	rules       func() craps.Rules
}{
	{"standard", "the zero Rules: the posted casino rules and the croupier trainer's table", craps.Standard},
	{"bar2", "the second casino's rules: bar 2, 1x odds, removable line bets, buy vig returned", craps.Bar2},
	{"vegas", "a Las Vegas Strip table: 3-4-5x odds, vig on a win only, no place to lose", craps.Vegas},
	{"crapless", "crapless craps: 2, 3, 11 and 12 are points", craps.Crapless},
	{"highpoint", "High Point craps: the point, 7 among them, is won by a higher next throw; the pass line only", craps.HighPointCraps},
	{"100x", "the standard table with 100x odds", craps.Odds100x},
	{"street", "the private game of the private-game rule book: no house, no bar", craps.Street},
	{"cards", "card craps: the card-craps rules' 48-card deck in place of the dice", craps.CardCraps},
	{"newyork", "New York craps (Scarne): no come bets or place bets, the box numbers bought or laid for 5%", craps.NewYork},
	{"rocknroll", "Rock 'n Roll Dice: the Players Circle (11 and 12 push, hard points 6:5), the Numbers, the Juke Box", craps.RockNRollDice},
	{"repeaterplus", "Repeater Bets Plus: the repeaters, the bets on sets and groups of them, and their surrender", craps.RepeaterBetsPlus},
}

// Preset returns the rules a preset's name stands for, in any case
// ("Standard", "BAR2"); an unknown name is an error wrapping
// ErrNoSuchPreset that lists the known ones, or the one meant.
func Preset(name string) (craps.Rules, error) {
	for _, p := range presets {
		if strings.EqualFold(p.name, strings.TrimSpace(name)) {
			return p.rules(), nil
		}
	}
	hint := suggest.DidYouMean(strings.ToLower(name), PresetNames())
	if hint == "" {
		hint = " (known: " + strings.Join(PresetNames(), ", ") + ")"
	}
	return craps.Rules{}, fmt.Errorf("unknown preset %q%s: %w", name, hint, ErrNoSuchPreset)
}

// PresetNames lists the names Preset knows, sorted.
func PresetNames() []string {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.name
	}
	slices.Sort(names)
	return names
}

// PresetAbout says what the preset name is, in a line; "" for a name
// Preset does not know.
func PresetAbout(name string) string {
	for _, p := range presets {
		if p.name == name {
			return p.about
		}
	}
	return ""
}
