// Package drill is a dealer's payout trainer built on package craps
// (github.com/crapslab/craps): it asks what a bet or a whole layout is
// paid after one throw, checks the answer, explains it in the dealer's
// words and keeps the score.
//
// The croupier trainer (see the module's SOURCES.md) teaches dealers to pay
// a layout at a glance: a payout summary learnt by heart and six worked
// hands paid after one throw. This package turns every payout craps knows
// into such questions, under any [craps.Rules]. It writes no rule of the
// game itself: every figure comes from playing the layout on a
// [craps.Table] (the bets placed, the throw rolled, the Resolutions read),
// and the explanation reads the payout from [craps.Rules.Pays] and the vig
// from [craps.Rules.CommissionOn], so a question is always paid as the
// table pays it.
//
// # Questions
//
// [New] starts a [Trainer], a seeded source of questions, from a [Config]:
// the rules, a [Level] from single place bets ([LevelPlace]) to whole
// layouts with the horn splits and hops ([LevelFull]), a seed and whether
// to ask about stakes the table rounds down. [Trainer.Next] gives the next
// [Question], of one of three kinds ([Kind]): what one winning bet pays,
// the vig on a buy or lay bet, or what one throw pays on several players'
// layout. [NewLayout] makes the question of a layout of one's own, each
// bet a [Wager], such as the trainer's worked examples. A question carries
// its answer, and one [Line] for each bet with what the throw did to it
// and the dealer's sentence ("Place 6 for 30 pays 7 to 6: 35, and stays
// up"); [Question.Explanation] is the worked answer.
//
// # Answers and scores
//
// [ParseAnswer] reads an [Answer] as a trainee types it, a total or one
// amount per bet, and [Question.Check] gives its [Mark]. A [Session]
// records each question with its answer and the time it took ([Record]),
// and [Session.Score] tallies them in all and by kind of bet ([Score],
// [Tally]); a session saves as JSON with its score, and reads back.
//
// The stakes a trainer bets are the table's whole stakes
// ([craps.Rules.WholeStake]): the smallest that pay whole chips, like the
// trainer's "place 6 for 12, 5 for 10".
//
// # Errors
//
// Every error wraps one of package craps' sentinels ([craps.ErrSyntax],
// [craps.ErrInvalidRules], [craps.ErrNotOffered], and a table's own for a
// layout it would not take, as a [*craps.TableError]) or this package's
// [ErrAnswerTime], so callers test it with errors.Is. No argument makes
// the package panic; a method on a nil *Trainer or the zero Trainer, which
// only New makes, may. The zero Session is ready to use.
//
// # Bounds
//
// A layout holds at most [MaxLayout] bets (craps.ErrTableLimit past it),
// and an answer takes from 0 to [MaxAnswerTime], a day: [Session.Add]
// refuses any other time, and so does reading a saved session back. The
// sums of times in a [Score] stop at the largest time.Duration instead of
// wrapping.
//
// The command craps drill (github.com/crapslab/craps/cmd/craps) is this
// package in a terminal, and craps payouts prints the payout summary.
package drill
