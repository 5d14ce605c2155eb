// Package craps is a rules engine and exact calculator for the dice game
// craps: every casino bet and house-rule variant of its sources, and the
// exact odds of each bet under any rules, as fractions a researcher can
// cite.
//
// New to it? The getting-started tutorial, docs/tutorial.md in the
// repository (https://github.com/crapslab/craps/blob/main/docs/tutorial.md),
// goes from a first exact edge to a live hand, a strategy, a simulation
// beside the exact figures, a session to a target and a figure.
//
// # Exact odds
//
// [Rules.Analyze] derives the exact figures of a bet from its definition by
// walking the states of the game over the 36 throws and solving for the
// probability of each decision with math/big: win, lose and push, the
// expected rolls to a decision, and the house edge per bet made, per bet
// resolved and per roll, each a fresh [*big.Rat]. [Rules.EdgeTable] does
// so for every bet the rules offer, [Rules.WithOdds] for a line bet with
// full odds, and [TrueOddsTable], [HardwayTable] and [OddsBefore] give the
// true-odds tables of the private-game rule book. [Rules.AnalyzeSide]
// gives a bet between players at any agreed odds, with each side's edge,
// and [Rules.Hand] the length of a shooter's hand. The pass line wins with
// probability 244/495 = 976/1980; the rule book's "970 times out of 1980"
// is a misprint, as its own 1.414% shows. Under card rules every one of
// these gives the cards' figures, exactly, where cards dealt without
// replacement change every probability (about 0.49708 for the pass line
// under the card-craps rules' own reading), and [Rules.AnalyzeDeck] the
// deck's own: how often it runs out during a point, and the cards dealt
// per decision.
//
// # Exact analysis of hands and strategies
//
// A layout compiled into one automaton and driven by the dice is a
// Markov chain, so its figures are exact too. [Rules.ShooterHand] gives
// the law of a shooter's hand: the chance that it lasts exactly n throws
// or at least n (a hand of 154 throws or more, the longest recorded in a
// casino, has a chance of about 1 in 5.59 billion), and the laws of the
// points made, the different points made (the fire bet's tiers) and the
// decisions, for hands of up to [MaxHandThrows] (65,536) throws, points
// or decisions, whose chances are fractions of about 1.6 digits a throw
// ([ShooterHand.LengthTable] up to [MaxHandTable] rows; fewer under a
// loaded law of the dice, [ShooterHand.Bounds]); past them it refuses
// with [ErrOverflow]. [Rules.AnalyzeStrategy] gives a strategy's
// long-run return per roll and per unit wagered, its variance per roll
// and the mean and variance of one hand, from the chain's hands solved
// exactly; [Rules.HandResults] the law of one hand's net result,
// followed until the chance of a longer hand is below a bound;
// [Rules.AnalyzeSession] the chance of reaching a target before a
// stop-loss, ruin or a roll limit, the expected rolls and the law of the
// final result, by dynamic programming over the pairs (state, bankroll),
// carried roll by roll under a roll limit: exactly for small sessions,
// within a proved bound far below 1e-12 for large ones, up to 2^20 pairs
// ([Rules.SessionSize] estimates them first). A strategy's stop actions
// end its sessions; its long run and one hand play without them. Where
// a strategy's actions fall into groups that neither make, take down nor
// read one another's bets (six place bets each pressed on its own wins),
// the long run solves each group and each pair of groups apart, so that
// a strategy of millions of states is exact in a fraction of a second;
// the chain of one group is solved group of states by group of states,
// within about a minute's work. A strategy with a Go hook has state the
// analysis cannot see: [ErrNotAnalyzable]. Under dice of another law
// ([Rules.Dice]) every figure is that law's.
//
// # Dice
//
// [Dice] is one throw of two dice, printed and parsed as "3-4". An
// [OutcomeSet] is a set of the 36 ordered throws, one bit each, so a total
// ([Totals]), an exact combination ([Combination]) and groups such as
// [FieldNumbers] or [PointNumbers] are all sets that combine with | and &.
// [Throw] draws a throw of fair dice from a math/rand/v2 Source; the same
// seed gives the same throws on every machine.
//
// Fair dice make the 36 throws equally likely; [Rules.Dice] may hold any
// other law, a [DiceLaw] of exact weights: a loaded die or two
// ([FaceWeights]), a dice setter's claim of fewer sevens ([SRRDice], a 7
// once in SRR throws), weights per total ([TotalWeights]) or per throw
// ([NewDiceLaw]), or the text [ParseDiceLaw] reads ("srr=7",
// "faces=1,1,1,1,1,2"). Every exact figure of the bets and of a shooter's
// hand follows it, and so do the simulator's throws and [DiceLaw.Throw],
// drawn from it exactly. [Rules.BreakEvenSRR] finds the SRR at which a
// bet breaks even ([Rules.BreakEvenSRRWithOdds] a line bet with odds,
// [Rules.BreakEvenSRRStrategy] a strategy): a pass line with 3-4-5x odds
// needs an SRR of 6.039924, and [ThrowsToTellSRR] says a record needs
// 896,769 throws to tell that from fair dice at 95% with 80% power. A
// [DiceLog] is a record of throws: [DiceLog.Stats] tests it against any
// law (chi-square and G-tests of the totals, throws, faces and sevens,
// Holm's procedure over them) and gives its SRR with an interval, and
// [Rules.FittedEdgeTable] every bet's edge under the law fitted to it.
//
// # Bets
//
// A [Bet] is a spot on the layout: a [BetKind] and the number or
// combination it is on (Place 6, Come 9, Hard 8, Hop 2-5). [Bet.String]
// prints the name a dealer says and [ParseBet] reads it back, along with
// the names players use ("yo", "c&e", "odds 6"). The catalogue covers the
// line bets and their odds (taken and laid), come and don't come, put,
// place, place to lose, buy, lay, big 6 and 8, the field, the hardways
// (and all of them as one bet), every one-roll proposition (any 7, any
// craps, 2, 3, 11, 12, horn, horn high, C&E, world, three-way craps, every
// hop), all, tall and small and any other set of totals before a 7 ("all
// 6,8"), the repeaters (a total thrown its number of times before a 7),
// Repeater Bets Plus' repeaters on a set of totals and [RepeaterAny] bets
// on a group of repeaters (which a player may surrender,
// [Table.Surrender]), and the bets paid by a count, each by a
// [HandPaytable] of Rules: the fire bet (different points made), Ride the
// Line (pass line wins in the hand), the Hot Shooter (throws in the hand),
// Different Doubles (doubles before a 7) and the Bonus Craps progressive
// (different totals before a 7 or a repeat; [Rules.BreakEvenTop] gives
// its break-even jackpot).
// The casino's sequence bets are made on the come-out and decided in a
// few throws: Point-7, 7-Point, 7-Point-7 and Muggsy's Corner.
// The private game adds its own: the center bet, the point, a number
// before a 7, and propositions on any set of throws, or on a sequence of
// up to three throws in a row, Before other throws or Within a number of
// throws ("6,8 before 7", "3-3 within 3", "points then 7", "6 then 6
// before 7").
//
// Each bet is defined once, in one function that says what a throw does to
// the bet in each state of the game (come-out, a point, a come bet's own
// point, the points a fire bet has seen). Everything else reads that
// definition: exact analysis, live play and simulation never carry a second
// copy of which throws win or what they pay.
//
// # Rules
//
// [Rules] holds every house rule as a field: the don't bets' bar, the
// field's totals and payouts, odds limits taken and laid per point (in
// fractional multiples, and in money), "to 1" or "for 1" propositions, the
// commission on buy and lay bets and the numbers the table buys, the
// table's unit, minimum and maximum and limits per kind of bet, which bets
// work on the come-out and which stay up after a win, whether pass and
// come bets may be taken down or made after the point, crapless craps and
// High Point craps, and
// the side bets' paytables (fire, all of a set before a 7, repeaters, the
// other bets on a count). It is a
// plain comparable struct whose zero value ([Standard]) is the table of
// the posted casino rules and the croupier trainer (the posted rules are a
// shorter copy of the trainer's, which say they were checked against
// wizardofodds.com); [Bar2], [Vegas], [Crapless], [Odds100x], [NewYork],
// [RockNRollDice], [RepeaterBetsPlus], [HighPointCraps] and the
// private game [Street] are the other presets, each documented with its
// source. The sources the docs name (the private-game rule book, the
// posted casino rules, the second casino's rules, the card-craps rules and
// the croupier trainer) are described in SOURCES.md in the repository,
// with every place the package departs from them and why. The presets are functions, so no caller can change
// one for another; [Rules.Validate] refuses contradictory or out-of-range
// rules.
//
// # Playing a hand
//
// A [Table] is a live casino game under one Rules: players [Table.Join]
// with bankrolls (up to [MaxPlayers], 65,536, each found by name in
// constant time), [Table.Place] bets (or add to them), [Table.Reduce] and
// [Table.TakeDown] them within the rules, and turn bets on or off for the
// come-out with [Table.SetWorking]. [Table.Roll] takes the dice as an
// argument, so tests script them and one throw can serve many tables; it
// resolves everything on the layout in one step (wins with their payouts,
// breakage and commission, losses, pushes, come bets travelling to their
// numbers, odds that were off coming back), moves the puck and passes the
// dice after a seven-out. It appends one [Resolution] per decided bet to
// a caller's slice, so a loop that reuses the slice makes no allocation.
//
//	t := &craps.Table{} // the zero Table plays the Standard rules
//	_ = t.Join("ann", 1000)
//	_ = t.Place("ann", craps.Bet{Kind: craps.PassLine}, 10)
//	res, _ := t.Roll(craps.Dice{A: 3, B: 4}, nil) // a natural: ann wins 10
//
// Every unit of money is accounted for: the players' bankrolls, the bets
// on the layout and [Table.House] always add up to what the players
// brought. No sum of money wraps: the players' money and the house's
// result stay within [MaxBalance], which Join and Place keep to by refusing
// what one roll's payouts could take past it. A table's whole state, mid-hand, saves to JSON and restores
// (MarshalJSON, UnmarshalJSON); an encoding that describes an impossible
// table is refused.
//
// # Card craps
//
// The card-craps rules replace the dice with a 48-card deck, six ranks ace
// to 6, eight of each; [Rules.Shoe] deals from another shoe (several
// decks, or fewer cards of each rank). Under Rules whose Cards field names a reading of
// them ([CardCraps] is the Standard table with their own), a
// [Table] takes its throws from a [Deck] through [Table.Deal] instead of
// [Table.Roll]: the deck deals two cards, their ranks are the throw, and
// every bet plays as it does with dice. The deck follows the rules: each
// come-out from a full deck, the point's cards kept out until the
// decision, a reshuffle when it runs out and after every decision, cuts
// by the players with the right to cut last ([Table.Cut],
// [Table.CutOrder]) and new decks on request. A Deck is seeded and
// copyable, so a card game replays exactly.
//
// # The private game
//
// Under [Rules.Private] ([Street]) a Table is the private-game rule book's
// game without a house: players bet each other. The shooter stakes a center
// bet at each come-out ([Table.Center]) and the others fade it
// ([Table.Fade]), never beyond the stake; what is not faded is withdrawn
// ([Table.Withdraw]) or the bet called off ([Table.CallOffCenter]) before
// the throw; an optional rule lets the last full fader who lost claim the
// next one ([Table.Claim]). [Table.Side] makes a side bet between two
// players at the odds they agree (right and wrong, come and don't come with
// the rule book's carry-over, point, hardway, number, and propositions);
// [Table.CallOff] calls off the bets the rule book lets players call off.
// The dice pass clockwise in seat order ([Table.JoinAt] seats a player
// anywhere, [Table.PassDice] hands them on when the rules allow), and
// [Table.RollFault] and [Table.BarShooter] carry out the rules of throwing:
// void throws, warnings and barring a shooter. Each bet between players is
// reported twice, once for each player; the winner takes both stakes.
//
// # Money and rounding
//
// Money is an integer [Amount]; there are no floats anywhere a bet is paid.
// A payout [Ratio] is "Win to Stake" ("7:6"); [ParseRatio] also reads
// "30 for 1", which it converts to 29:1. [Ratio.Pay] rounds a payout down
// to the table's unit and reports the remainder as breakage. [Commission]
// charges buy and lay bets at a rate (5% by default) on the bet or on the
// win: taken up front and kept; up front, given back with a take-down and
// kept on a loss; up front and given back on a loss or a take-down (the
// second casino's rules); or only from a win. It is rounded down, to the
// nearest unit or up, with an optional minimum, and never more than the
// bet wins. One bet, bankroll or money-valued rule is at most [MaxAmount]
// (2^40); what the players at a table hold together, and the house's
// result, at most [MaxBalance] (2^62), so that no balance and no sum of
// two balances wraps an int64.
//
// # Strategies
//
// A [Strategy] is a way of betting written as data: a list of actions
// ([Action]) a player takes before every roll, each when its [Condition]
// holds. Its text form, which [ParseStrategy] reads and [Strategy.String]
// writes back, has one action a line (or separated by ";"), "#" starting a
// comment, and words in any case; a strategy holds at most
// [MaxStrategyActions] (1,000) actions:
//
//	<bet> <amount> [options] [if <condition>]   keep the bet up at the amount
//	take down <bets> [if <condition>]           take bets down where the game allows
//	stop if <condition>                         end the session
//
// A bet is any name [ParseBet] reads ("pass", "don't pass", "come",
// "place 6", "field", "hard 8", "hop 2-5", "odds" behind the pass line,
// "lay odds" behind don't pass, "come odds" and "don't come odds" behind
// every come bet, "odds 6" behind the one on 6; after don't pass and no
// pass line bet, "odds" is laid behind don't pass, and so after don't come
// "odds 6"); to take down, or in a
// condition, a kind alone ("place", "hard") stands for every number. The
// amount is money ("12"), a progression ("10-20-40", a 0 in it taking the
// bet down), or for odds a multiple of the bet they stand behind ("2x",
// "2.5x", "3-4-5x" on 4 and 10, 5 and 9, 6 and 8, as [ParseOddsLimit]
// reads them; laid odds count the stake) or "max", the table's limit;
// odds are cut to the limit. The options:
//
//	min                    the amounts are multiples of the table minimum
//	up|down|reset|stay on win|loss
//	                       how the progression moves after a roll that won
//	                       (lost) one of the action's bets and lost (won) none;
//	                       with one of them given the other resets
//	cycle                  up from the last amount goes back to the first (else it stays)
//	by <count>             the amount for each value of a count of the hand
//	skip point, skip come  take the bet down, and do not make it, while the
//	                       puck or one of the player's come bets is on its number
//	working on|off         the bet's come-out switch (Table.SetWorking)
//
// A condition is facts joined by "and" and "or" ("and" first), each one
// perhaps after "not": "point on", "point off", "point 6"; "has <bets>"
// and "no <bets>"; "rolled <throws>" (the last roll: "7", "craps", "6,8",
// "3-3", "doubles", as [ParseOutcomeSet] reads them); "won <bets>" and
// "lost <bets>" (on the last roll); and numbers compared with =, !=, <,
// <=, > or >=: "comes" and "don't comes" (come bets travelled to a
// number), "bets <bets>" (the player's bets up), and the counts of the
// shooter's hand, from 0 when a shooter starts: "hits <bets>" (wins),
// "points" (made), "rolls", "winnings" (money won). Since "and" joins
// facts, C&E is written "c&e" or "ce" in a condition, not "c and e".
// For example:
//
//	pass 10
//	odds max
//	come 10 if comes < 2                  # two come bets working
//	come odds max
//	place 6 12-24-36 up on win skip point # press after each hit, up to 36
//	field 10 if point on and rolls < 5
//	stop if winnings >= 200
//
// The actions run in order, all take-downs first (those of "take down",
// and bets skipping the point); a bet is made when the game takes it:
// line bets on the come-out, come bets while a point is on and one in the
// come box at a time, odds behind each bet with a number. A bet the player
// cannot afford is skipped. [BettingSystems] lists the named systems of
// craps literature written in the language, and [NamedStrategy] gives
// one. A strategy's memory (progressions, counts) is small and bounded,
// so the simulator compiles it with the table into one automaton. Go code
// with a memory of its own takes part through a [StrategyHook]. At a live
// Table, a [StrategyPlayer] bets for a player by a strategy.
//
// In the private game ([Rules.Private]) every bet is between two players,
// and a strategy says what its player stakes, fades, backs and covers
// ([Action.Against], [Action.Agreed], [Action.Opponent]):
//
//	center <amount> [or no bet]   as shooter, stake the amount in the center at each
//	                              come-out; the part no one fades is withdrawn, or with
//	                              "or no bet" the whole bet called off
//	fade <amount> [claim]         fade up to the amount of another shooter's center bet;
//	                              "claim" claims the whole of it when Rules.FadeClaim lets him
//	<bet> <amount> [at <odds>] [with <player>]
//	                              back a side bet ("right", "wrong", "come", "don't come",
//	                              "point", "hard 6", "number 4", "6,8 before 7", "craps
//	                              within 3") at the odds agreed ("9:1", "9-1", "9 to 1";
//	                              even money if none), with that player only, or anyone willing
//	cover <bet> <amount> [at <odds>] [with <player>]
//	                              be willing: cover the side bets others back on the bet
//	                              ("point" on any point) at those odds, with up to the
//	                              amount of one's own money on them at once
//	take down number|come         call off number bets, and come bets carried over a point made
//
// For example, a shooter who stakes 20 and a fader who covers the hard 6
// at 9 to 1:
//
//	center 20 or no bet
//	hard 6 10 at 9:1 if point on
//
//	fade 20
//	cover hard 6 100 at 9:1
//
// Before each throw the simulator makes the bets in the game's order,
// each through the Table's own call: at a come-out the shooter's center
// bet, the fades clockwise from his left, the part not faded withdrawn or
// the bet called off; then each player in turn from the shooter backs his
// side bets, each covered by the willing players clockwise from his left,
// in as many bets as it takes. A backer's amount is his stake on the bet
// at those odds; a coverer's is the most of his own money on such bets at
// once. Progressions move on the results of the player's bets on their
// side; "has" and "bets" count his bets on either side.
//
// # Simulation
//
// [Simulate] plays a Strategy from a seed for N rolls, shooters or
// sessions. A strategy without a hook is compiled, with its memory, into
// automata built by playing a Table from every state a run reaches, so it
// uses the same bet definitions and plays a roll with one table look-up
// for each group of its actions that plays independently of the others
// (groups are compiled apart and stepped side by side on the same throw;
// an automaton holds up to 2^18 states, past which the Table plays on,
// as [SimResult.EngineNote] says). A hook is shown each roll from it; the bets the hook keeps are
// played on a Table apart while the actions neither make nor read bets of
// their kinds, and one Table plays all the bets, roll by roll, once they
// do (and in sessions, where money ties the bets). Results are exact
// integer sums that [MergeResults] combines across shards: a run is cut
// into fixed blocks, each with its own stream of throws, so the number of
// workers, processes or machines never changes the answer. Under card rules
// each block deals from its own [Deck], seeded from its stream.
//
// # Dealer drills
//
// The dealer trainer is a package of its own beside this one,
// github.com/crapslab/craps/drill: seeded payout questions under any
// Rules, from single place bets to whole layouts, each played on a Table
// and explained in the dealer's words, checked and scored. What it reads
// from this package any caller may read too: [Rules.Pays] (what a throw
// pays a bet), [Bet.Parts] (the parts of a horn, C&E, world or three-way
// craps), [Rules.CommissionOn] (the vig and what it is a percentage of),
// [Rules.StakeLimits], [Rules.Points], [Bet.LineUnder] and
// [Bet.OddsBehind], and [Rules.WholeStake] and [Rules.WholeStep], the
// stakes that pay whole chips, like the croupier trainer's "place 6 for
// 12, 5 for 10".
//
// # Errors and panics
//
// Every error wraps an exported sentinel ([ErrSyntax], [ErrInvalidRules],
// [ErrNotOffered], [ErrOverflow], and for a Table [ErrNotNow],
// [ErrTableLimit], [ErrUnit], [ErrOddsLimit], [ErrFunds], [ErrContract],
// [ErrAmount], [ErrUnknownPlayer], [ErrPlayerExists], [ErrNoSuchBet],
// [ErrFadeLimit], [ErrNoSeat], and for card craps [ErrRollSource] and
// [ErrCut]; for a simulation [ErrSimulation] and [ErrNoSuchStrategy]; for
// the analysis of a strategy [ErrNotAnalyzable]), so callers test it with
// errors.Is, with one exception: [Simulate] stopped by its context returns
// the context's own error (context.Canceled or
// context.DeadlineExceeded). A Table's refusals are a [*TableError] naming
// the operation, player, bet and reason. A refused call changes nothing.
//
// No argument a caller passes makes the package panic: a nil pointer or
// context among the arguments ([NewStrategyPlayer]'s *Table, a nil *Deck
// given to [Table.Deal], a nil ctx given to [Simulate]) is refused with an
// error like any other bad value. The exception is the receiver: a method
// called on a nil pointer, or on the zero value of a type that only a
// constructor or the package makes ([StrategyPlayer], [ShooterHand],
// [HookRoll]), may panic, as in most Go packages. The zero [Table] and
// [Deck] are ready to use.
//
// # Concurrency
//
// Rules, Bet, Dice, Ratio and the other value types are safe to share; the
// analysis functions keep no state between calls and may run concurrently.
// Every *big.Rat they return is new and belongs to the caller. A Table and
// a Deck are for one goroutine at a time; [Table.Clone] copies a table and
// a Deck is copied as a value. Simulate runs its own goroutines (one per
// core unless told otherwise) and may itself be called concurrently.
package craps
