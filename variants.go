package craps

import (
	"errors"
	"fmt"
	"sort"
)

// Standard is the table of seeds 001 and 004, a croupier trainer's page
// whose rules and payouts follow wizardofodds.com: don't bets bar 12, the
// field pays 2:1 on 2 and 3:1 on 12, 3-4-5x odds, one-roll propositions
// "to 1" (30:1 on 2 and 12, 15:1 on 3 and 11), hard 6 and 8 at 9:1 and hard
// 4 and 10 at 7:1, place bets and come odds off on the come-out, pass and
// come bets not removable after their point. It is the zero Rules.
var Standard = Rules{}

// Bar2 is the casino of seed 002: don't pass and don't come bar 2 (and win
// on 3 and 12); the field pays 2:1 on both 2 and 12; odds behind pass and
// come at most equal to the line bet (1x), and lay odds up to what would
// win as much; pass and come bets may be reduced or taken down after the
// point; place to lose at 4:5, 5:8 and 5:11; buy bets charged 5% when
// made, returned if the bet loses or is taken down; lay bets charged 5% of
// the bet when made (the seed says the 5% "is taken from it", the bet,
// not from its win) and working on the come-out.
var Bar2 = Rules{
	Bar:               2,
	Field12:           Ratio{2, 1},
	Odds:              FlatOdds(1),
	LineBetsRemovable: true,
	BuyCommission:     Commission{Timing: CommissionUpfrontReturned},
	LayCommission:     Commission{Base: CommissionOnBet},
	ComeOut:           ComeOutWorking{Lay: On},
}

// Vegas is a typical Las Vegas Strip table (Wizard of Odds, "Craps: rules
// and strategy" and its survey of Strip tables): 3-4-5x odds, the field at
// 2:1 on 2 and 3:1 on 12, and the 5% commission on buy and lay bets taken
// only when the bet wins. Place to lose is not offered.
var Vegas = Rules{
	BuyCommission: Commission{Timing: CommissionOnWinOnly},
	LayCommission: Commission{Timing: CommissionOnWinOnly},
	NotOffered:    Kinds(PlaceToLose),
}

// Crapless is crapless craps ("never ever craps", Wizard of Odds,
// "Crapless Craps"): 2, 3, 11 and 12 are points, only 7 wins on the
// come-out, and there are no don't bets. Place 2 and 12 pay 11:2, place 3
// and 11 pay 11:4, and odds are 3-4-5x with 3x on 2, 3, 11 and 12.
var Crapless = Rules{Crapless: true}

// Odds100x is the Standard table with odds up to 100 times the line bet on
// every point, as some casinos offer (seed 004: "odds from 1x to 100x").
var Odds100x = Rules{Odds: FlatOdds(100)}

// CardCraps is the Standard table dealing its throws from seed 003's
// 48-card deck, six ranks ace to 6, eight of each, under the seed's text
// (CardsPairReturned): the come-out pair is shuffled back, the cards
// dealt during a point stay out until the decision, and the whole deck is
// shuffled after every decision and whenever it runs out.
var CardCraps = Rules{Cards: CardsPairReturned}

// Street is the private game of seed 000, played without a house: the
// shooter's center bet faded by the other players, and side bets between
// players at agreed odds. The wrong bettors have no bar (the seed's game
// has none unless the players agree on one). The claim on the center bet
// is an optional rule the players may add (FadeClaim).
var Street = Rules{Private: true, Bar: NoBar}

// ErrNoSuchPreset is wrapped by Preset for a name it does not know.
var ErrNoSuchPreset = errors.New("no such preset")

var presets = map[string]Rules{
	"standard": Standard,
	"bar2":     Bar2,
	"vegas":    Vegas,
	"crapless": Crapless,
	"100x":     Odds100x,
	"cards":    CardCraps,
	"street":   Street,
}

// Preset returns the rules a name stands for: "standard", "bar2",
// "vegas", "crapless", "100x", "cards" or "street". An unknown name is an
// error wrapping ErrNoSuchPreset.
func Preset(name string) (Rules, error) {
	r, ok := presets[name]
	if !ok {
		return Rules{}, fmt.Errorf("craps: preset %q (known: %v): %w", name, PresetNames(), ErrNoSuchPreset)
	}
	return r, nil
}

// PresetNames lists the names Preset knows, sorted.
func PresetNames() []string {
	names := make([]string, 0, len(presets))
	for n := range presets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
