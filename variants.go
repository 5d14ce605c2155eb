package craps

// The presets are functions, not variables, so that no caller can change
// a preset for every other caller.

// Standard is the table of the posted casino rules and the croupier
// trainer (the posted rules are a shorter copy of the trainer's, which say
// they were checked against wizardofodds.com): don't bets bar
// 12, the field pays 2:1 on 2 and 3:1 on 12, 3-4-5x odds, one-roll
// propositions "to 1" (30:1 on 2 and 12, 15:1 on 3 and 11), hard 6 and 8
// at 9:1 and hard 4 and 10 at 7:1, place bets and come odds off on the
// come-out, pass and come bets not removable after their point. It is the
// zero Rules.
func Standard() Rules { return Rules{} }

// Bar2 is the table of the second casino's rules: don't pass and don't
// come bar 2 (and win on 3 and 12); the field pays 2:1 on both 2 and 12;
// odds behind pass and come at most equal to the line bet (1x), and lay
// odds up to what would win as much; pass and come bets may be reduced or
// taken down after the point; place to lose at 4:5, 5:8 and 5:11; buy bets
// charged 5% when made, returned if the bet loses or is taken down; lay
// bets charged 5% of the bet when made (the rules say the 5% "is taken
// from it", the bet, not from its win) and working on the come-out.
func Bar2() Rules {
	return Rules{
		Bar:               2,
		Field:             FieldPaytable{Pays: [13]Ratio{12: {2, 1}}},
		Odds:              FlatOdds(1),
		LineBetsRemovable: true,
		BuyCommission:     Commission{Timing: CommissionUpfrontReturned},
		LayCommission:     Commission{Base: CommissionOnBet},
		ComeOut:           ComeOutWorking{Lay: SwitchOn},
	}
}

// Vegas is a typical Las Vegas Strip table (Wizard of Odds, "Craps: rules
// and strategy" and its survey of Strip tables): 3-4-5x odds, the field at
// 2:1 on 2 and 3:1 on 12, and the 5% commission on buy and lay bets taken
// only when the bet wins. Place to lose is not offered.
func Vegas() Rules {
	return Rules{
		BuyCommission: Commission{Timing: CommissionOnWinOnly},
		LayCommission: Commission{Timing: CommissionOnWinOnly},
		NotOffered:    Kinds(PlaceToLose),
	}
}

// Crapless is crapless craps ("never ever craps", Wizard of Odds,
// "Crapless Craps"): 2, 3, 11 and 12 are points, only 7 wins on the
// come-out, and there are no don't bets. Place 2 and 12 pay 11:2, place 3
// and 11 pay 11:4, and odds are 3-4-5x with 3x on 2, 3, 11 and 12.
func Crapless() Rules { return Rules{Crapless: true} }

// Odds100x is the Standard table with odds up to 100 times the line bet on
// every point, as some casinos offer (the croupier trainer: "odds from 1x
// to 100x").
func Odds100x() Rules { return Rules{Odds: FlatOdds(100)} }

// NewYork is New York craps, as J. Scarne describes it ("Scarne on Dice":
// the game of the illegal houses of the eastern United States and of the
// Bahamas and England): no come or don't come space and no place betting;
// the box numbers are bought or laid at true odds for a direct charge of
// 5% of the right money (5% of a buy bet, of what a lay bet wins), taken
// when the bet is made. Scarne's house percentages for the box numbers,
// 4.761% on every buy and 2.439%, 3.225% and 4.000% on the lays of 4
// and 10, 5 and 9, 6 and 8 (truncated, as Scarne prints figures), are
// these bets' edges: 1/21, 1/41, 1/31 and 1/25. The other house rules are
// the Standard table's.
func NewYork() Rules {
	return Rules{NotOffered: Kinds(Come, DontCome, ComeOdds, DontComeOdds, Place, PlaceToLose)}
}

// RockNRollDice is Rock 'n Roll Dice (Wizard of Odds, "Rock 'n Roll
// Dice", the Wynn, 2010; the game's own rules, rnrdice.com), craps at a
// blackjack-size table: the Players Circle is the pass line with 11 and
// 12 pushing on the come-out and a point of 4, 6, 8 or 10 made the hard
// way paying 6:5; the Numbers are 5, 6, 8 and 9 bought at true odds with
// no commission, off on the come-out; the Juke Box is a one-roll field on
// 2, 3, 4, 10, 11 and 12 paying 3:1 on 2 and 12, 2:1 on 3 and 11 and 3:2
// on 4 and 10. No other bet is offered. The game limits each Number to the
// player's Players Circle bet, which these rules do not hold (Limits
// bounds it in money).
func RockNRollDice() Rules {
	return Rules{
		ComeOutPush:   Totals(11, 12),
		HardPointPays: Ratio{6, 5},
		BuyOn:         Totals(5, 6, 8, 9),
		BuyCommission: Commission{Rate: Ratio{0, 1}},
		Field: FieldPaytable{Totals: Totals(2, 3, 4, 10, 11, 12),
			Pays: [13]Ratio{2: {3, 1}, 3: {2, 1}, 4: {3, 2}, 10: {3, 2}, 11: {2, 1}, 12: {3, 1}}},
		NotOffered: allKindsBut(PassLine, Buy, Field),
	}
}

// RepeaterBetsPlus is Repeater Bets Plus (Wizard of Odds, "Repeater Bets
// Plus", a field trial at the Linq, Las Vegas, from July 2021), a table
// game of the repeaters alone, every payout "for 1" as Table 1 prints it:
// the repeaters at the default 40 to 90 for 1; 2 or 12 before a 7 at 3
// for 1, 3 or 11 at 2 for 1, and any 2, 3, 11 or 12 thrown seven times at
// 100 for 1 (RepeaterSets); Updown (a win of the repeater on 2, 3, 4, 5 or
// 6) and Downtown (8 to 12) at 15 for 1, Even at 12, Odd at 18 and Horn
// at 12 (RepeaterGroups); and the surrender values of Table 2 as far as
// its stored copy shows them: 6 or 8 thrown 3, 4 or 5 times for 8, 18 or
// 40 for 1, 5 or 9 3 or 4 times for 12 or 30, 4 or 10 2 or 3 times for 7
// or 21 (the values of 3, 11, 2 and 12 are past where the copy stops).
// Citywide, a win of any of the ten repeaters at 9 for 1, counts more
// throws together than a bet's state holds and is not offered. The game
// also takes a repeater later in the hand on a total not yet thrown since
// the 7, which a Table does not: it takes repeaters before the first roll
// after a 7, as at craps.
func RepeaterBetsPlus() Rules {
	forOne := func(v int64) Ratio { return Ratio{v, 1}.For() }
	r := Rules{
		RepeaterSets: [3]RepeaterSetPaytable{
			{Set: Totals(2, 12), Times: 1, Pays: forOne(3)},
			{Set: Totals(3, 11), Times: 1, Pays: forOne(2)},
			{Set: Totals(2, 3, 11, 12), Times: 7, Pays: forOne(100)},
		},
		RepeaterGroups: [5]RepeaterGroupPaytable{
			{Set: Totals(2, 3, 4, 5, 6), Pays: forOne(15)}, {Set: Totals(8, 9, 10, 11, 12), Pays: forOne(15)},
			{Set: Totals(2, 4, 6, 8, 10, 12), Pays: forOne(12)}, {Set: Totals(3, 5, 9, 11), Pays: forOne(18)},
			{Set: Totals(2, 3, 11, 12), Pays: forOne(12)},
		},
		NotOffered: allKindsBut(Repeater, RepeaterAny),
	}
	v := &r.RepeaterSurrender.Value // [throws needed - 2][thrown - 1]
	v[4][2], v[4][3], v[4][4] = Ratio{8, 1}, Ratio{18, 1}, Ratio{40, 1}
	v[3][2], v[3][3] = Ratio{12, 1}, Ratio{30, 1}
	v[2][1], v[2][2] = Ratio{7, 1}, Ratio{21, 1}
	return r
}

// allKindsBut is the set of every kind of bet but ks.
func allKindsBut(ks ...BetKind) KindSet {
	return (KindSet(1)<<numKinds - 1) &^ Kinds(NoBet) &^ Kinds(ks...)
}

// CardCraps is the Standard table dealing its throws from the card-craps
// rules' 48-card deck, six ranks ace to 6, eight of each, under the rules'
// own text (CardsPairReturned): the come-out pair is shuffled back, the
// cards dealt during a point stay out until the decision, and the whole
// deck is shuffled after every decision and whenever it runs out.
func CardCraps() Rules { return Rules{Cards: CardsPairReturned} }

// Street is the private game of the private-game rule book, played without
// a house: the shooter's center bet faded by the other players, and side
// bets between players at agreed odds. The wrong bettors have no bar (the
// rule book's game has none unless the players agree on one). The claim on
// the center bet is an optional rule the players may add (FadeClaim).
func Street() Rules { return Rules{Private: true, Bar: NoBar} }

// HighPointCraps is High Point craps, a historical banking game (the
// crapssim discussion of it, skent259/crapssim pull request 86, and
// SOURCES.md for the reading of its point): the
// shooter's side wins at once on a come-out 11 or 12; a 2 or 3 is thrown
// again; any other total, 7 among them, is the point, and the next throw
// wins if it is higher than the point and loses if it is not
// (Rules.HighPoint). The house books the shooter's side at even money,
// the pass line, the only bet offered: it wins 145/297 of its decisions
// and loses 152/297, an edge of 7/297 (2.357%), a decision every 2
// throws. Don't pass, the other side, which a private game may fade, is
// not offered. The shooter keeps the dice until a point is lost.
func HighPointCraps() Rules {
	return Rules{HighPoint: true, NotOffered: allKindsBut(PassLine)}
}
