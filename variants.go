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
