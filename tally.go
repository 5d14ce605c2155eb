package craps

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"
)

// BetTally is the exact sums of one bet over a run. A place bet that wins
// and stays up starts a new bet, as in Analysis; a come bet is counted as
// made in the come box, whatever number it travels to. Counts are plain
// integers; the sums of money, which pass 2^63 in long runs, are kept in
// 128 bits and read as exact *big.Int values.
type BetTally struct {
	Bet Bet
	// Against and Odds tell apart the sides and the odds of a bet between
	// players in the private game: Against is set for the player who faded
	// the center bet or covered another's side bet, and Odds is what the
	// bet's backer wins for what he stakes, in lowest terms (1:1 for the
	// center bet). Both are zero at a casino table.
	Against bool
	Odds    Ratio
	// Decisions counts the bets decided: Wins + Losses + Pushes.
	Decisions, Wins, Losses, Pushes int64
	// Returned counts odds that were off and came back when their line bet
	// was decided: not decisions, and not in Staked.
	Returned int64

	staked, won, lost, commission, breakage, net int128
	// netSq, netStaked and stakedSq sum net², net·stake and stake² over
	// the decisions and the bets taken down with their commission kept
	// (a stake of 0), for the standard error of Net/Staked.
	netSq, netStaked, stakedSq int192
}

// Staked is the sum of the stakes of the bets decided.
func (t BetTally) Staked() *big.Int { return t.staked.big() }

// Won is the sum of the wins paid, commission deducted. A buy or lay bet
// that stays up after a win pays its commission again from the win (see
// Resolution.Commission); that commission counts with the decision of the
// bet that stays, as one paid when a bet is made does.
func (t BetTally) Won() *big.Int { return t.won.big() }

// Lost is the sum of the stakes lost.
func (t BetTally) Lost() *big.Int { return t.lost.big() }

// Commission is what the house kept in commission: on the bets decided,
// and on the bets taken down, where a commission paid up front is not
// given back (CommissionUpfront; a reduced bet's part of it the rules
// keep counts when the bet is decided). A bet taken down is no decision
// and stakes nothing: its commission counts here and in Net only.
func (t BetTally) Commission() *big.Int { return t.commission.big() }

// Breakage is what rounding the payouts to the table's unit kept back.
func (t BetTally) Breakage() *big.Int { return t.breakage.big() }

// Net is the player's result: Won less Lost less the commission paid when
// a bet was made and kept, the bets taken down with their commission
// kept included.
func (t BetTally) Net() *big.Int { return t.net.big() }

// Return is the player's mean result per unit staked, Net/Staked, and its
// standard error (the ratio estimator's, from the sums of squares). The
// exact figure to compare it with is Analysis.Return, and for a bet
// between players the SideAnalysis of Rules.AnalyzeSide at Odds: its
// LayerEdge if Against, else its BackerEdge.
//
// The error takes the decisions as independent. Bets of one kind that
// are up together are not: come bets made on every roll travel to the
// same numbers and are decided by the same throws, and under a die that
// favours a few totals their error is about half the true one. For such
// bets, take the error from the spread of independent runs (different
// seeds) or compare with the exact figure.
func (t BetTally) Return() (mean, stderr float64) {
	return ratioStats(t.net, t.staked, t.netSq, t.netStaked, t.stakedSq)
}

func ratioStats(net, staked int128, nn, ns, ss int192) (mean, stderr float64) {
	s := staked.float64()
	if s == 0 {
		return math.NaN(), math.NaN()
	}
	mean = net.float64() / s
	// sum (net_i - mean*stake_i)^2
	v := nn.float64() - 2*mean*ns.float64() + mean*mean*ss.float64()
	return mean, math.Sqrt(max(v, 0)) / s
}

// betTallyJSON is a BetTally as JSON has it: every sum, so that results
// written by shards merge exactly.
type betTallyJSON struct {
	Bet        Bet    `json:"bet"`
	Against    bool   `json:"against,omitempty"`
	Odds       Ratio  `json:"odds,omitzero"`
	Decisions  int64  `json:"decisions"`
	Wins       int64  `json:"wins"`
	Losses     int64  `json:"losses"`
	Pushes     int64  `json:"pushes"`
	Returned   int64  `json:"returned"`
	Staked     int128 `json:"staked"`
	Won        int128 `json:"won"`
	Lost       int128 `json:"lost"`
	Commission int128 `json:"commission"`
	Breakage   int128 `json:"breakage"`
	Net        int128 `json:"net"`
	NetSq      int192 `json:"net_sq"`
	NetStaked  int192 `json:"net_staked"`
	StakedSq   int192 `json:"staked_sq"`
}

// MarshalJSON writes every count and sum of the tally, the sums as JSON
// numbers with all their digits.
func (t BetTally) MarshalJSON() ([]byte, error) {
	return json.Marshal(betTallyJSON{t.Bet, t.Against, t.Odds, t.Decisions, t.Wins, t.Losses, t.Pushes, t.Returned,
		t.staked, t.won, t.lost, t.commission, t.breakage, t.net, t.netSq, t.netStaked, t.stakedSq})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (t *BetTally) UnmarshalJSON(b []byte) error {
	var j betTallyJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return resultJSONError(err) // wrapping ErrSyntax, as every error of the package
	}
	*t = BetTally{j.Bet, j.Against, j.Odds, j.Decisions, j.Wins, j.Losses, j.Pushes, j.Returned,
		j.Staked, j.Won, j.Lost, j.Commission, j.Breakage, j.Net, j.NetSq, j.NetStaked, j.StakedSq}
	return nil
}

// merge adds the counts and sums of x, and reports whether every sum
// fits in what holds it (if one does not, t is left part added).
func (t *BetTally) merge(x *BetTally) bool {
	ok := addCounts([]*int64{&t.Decisions, &t.Wins, &t.Losses, &t.Pushes, &t.Returned},
		x.Decisions, x.Wins, x.Losses, x.Pushes, x.Returned)
	for _, s := range []struct{ to, from *int128 }{
		{&t.staked, &x.staked}, {&t.won, &x.won}, {&t.lost, &x.lost}, {&t.commission, &x.commission},
		{&t.breakage, &x.breakage}, {&t.net, &x.net},
	} {
		ok = s.to.addChecked(*s.from) && ok
	}
	for _, s := range []struct{ to, from *int192 }{
		{&t.netSq, &x.netSq}, {&t.netStaked, &x.netStaked}, {&t.stakedSq, &x.stakedSq},
	} {
		ok = s.to.mergeChecked(*s.from) && ok
	}
	return ok
}

// addCounts adds each of counts to the count at the same index of to, and
// reports whether every sum fits in an int64 (a count that would not is
// left as it was).
func addCounts(to []*int64, counts ...int64) bool {
	ok := true
	for i, c := range counts {
		sum, fits := addAmounts(*to[i], c)
		if fits {
			*to[i] = sum
		}
		ok = ok && fits
	}
	return ok
}

// scaled adds x counted n times. A compiled transition decides each bet at
// most once, so its sums and squares fit in 64 bits (compileJoint checks).
func (t *BetTally) scaled(x *BetTally, n int64) {
	t.Decisions += n * x.Decisions
	t.Wins += n * x.Wins
	t.Losses += n * x.Losses
	t.Pushes += n * x.Pushes
	t.Returned += n * x.Returned
	for _, s := range []struct{ to, from *int128 }{
		{&t.staked, &x.staked}, {&t.won, &x.won}, {&t.lost, &x.lost}, {&t.commission, &x.commission},
		{&t.breakage, &x.breakage}, {&t.net, &x.net},
	} {
		s.to.add(product(n, s.from.int64()))
	}
	for _, s := range []struct{ to, from *int192 }{
		{&t.netSq, &x.netSq}, {&t.netStaked, &x.netStaked}, {&t.stakedSq, &x.stakedSq},
	} {
		s.to.add(product(n, s.from.int64()))
	}
}

// fits64 reports whether every sum of the tally fits in 64 bits.
func (t *BetTally) fits64() bool {
	for _, w := range []int128{t.staked, t.won, t.lost, t.commission, t.breakage, t.net} {
		if !w.fits64() {
			return false
		}
	}
	return t.netSq.fits64() && t.netStaked.fits64() && t.stakedSq.fits64()
}

// record adds one resolution with the commission paid on the bet when it
// was made; it returns the bet's net result and the stake decided.
func (t *BetTally) record(res *Resolution, paid Amount) (net, staked Amount) {
	net = resolutionNet(res, paid)
	switch res.Outcome {
	case OutcomeWon:
		t.Wins++
		t.won.addInt(int64(res.Win + stayingCommission(res, paid)))
		t.commission.addInt(int64(res.Commission - stayingCommission(res, paid) + paid))
		t.breakage.addInt(int64(res.Breakage))
	case OutcomeLost:
		t.Losses++
		t.lost.addInt(int64(res.Stake))
		t.commission.addInt(int64(paid - res.Returned))
	case OutcomePushed:
		t.Pushes++
		t.commission.addInt(int64(paid))
	case OutcomeReturned:
		t.Returned++
		return 0, 0
	default:
		return 0, 0
	}
	t.Decisions++
	t.staked.addInt(int64(res.Stake))
	t.net.addInt(int64(net))
	t.netSq.add(product(int64(net), int64(net)))
	t.netStaked.add(product(int64(net), int64(res.Stake)))
	t.stakedSq.add(product(int64(res.Stake), int64(res.Stake)))
	return net, res.Stake
}

// takenDown adds n bets taken down, each with commission kept by the
// house: no decision and no stake, the commission lost. Above 1, n
// comes from a compiled transition, whose kept² fits in 64 bits
// (compileJoint checks).
func (t *BetTally) takenDown(kept Amount, n int64) {
	t.commission.add(product(n, int64(kept)))
	t.net.add(product(-n, int64(kept)))
	if n == 1 {
		t.netSq.add(product(int64(kept), int64(kept)))
	} else {
		t.netSq.add(product(n, int64(kept)*int64(kept)))
	}
}

// resolutionNet is a decision's net result for the player, counting the
// commission paid when the bet was made: the win less that commission, or
// what came back less the stake and that commission.
func resolutionNet(res *Resolution, paid Amount) Amount {
	switch res.Outcome {
	case OutcomeWon:
		return res.Win + stayingCommission(res, paid) - paid
	case OutcomeLost:
		return res.Returned - res.Stake - paid
	case OutcomePushed:
		return -paid
	}
	return 0
}

// SessionEnds counts how sessions ended.
type SessionEnds struct {
	Target   int64 `json:"target"`    // reached the target
	StopLoss int64 `json:"stop_loss"` // lost the stop-loss
	Ruin     int64 `json:"ruin"`      // could not cover the next bet with nothing on the layout
	MaxRolls int64 `json:"max_rolls"` // played the roll limit
	Strategy int64 `json:"strategy"`  // stopped by the strategy
}

// SimResult is the exact sums of a run, or of the shards of one merged so far.
// Everything in it is an integer, so results merge exactly whatever order
// they are merged in. Summaries (means, standard errors, quantiles) are
// computed from it when asked.
type SimResult struct {
	// Strategy is the first player's Strategy.Name. StrategyText is what
	// it plays, its actions as Strategy.String writes them (which
	// ParseStrategy reads back), and Hooked reports that it also had a Go
	// hook (Strategy.NewHook), which no text shows. A result written by
	// v0.1.0 records neither: its StrategyText is "" and Hooked false.
	Strategy     string        `json:"strategy"`
	StrategyText string        `json:"strategy_text"`
	Hooked       bool          `json:"hooked,omitempty"`
	Rules        Rules         `json:"rules"`
	Seed         uint64        `json:"seed"`
	Mode         SimMode       `json:"mode"`
	N            int64         `json:"n"`
	Session      SessionLimits `json:"session"`
	// Shards is how many shards the run was cut into (1 for a whole run)
	// and Parts which of them this result holds.
	Shards int   `json:"shards"`
	Parts  []int `json:"parts"`
	// Engine is "compiled" or "table": how the strategy was played ("mixed"
	// for shards merged from both). It does not change a single number.
	Engine string `json:"engine"`
	// EngineNote says why a run did not play on the compiled engine
	// alone: why it played on the Table (other players, card craps, a Go
	// hook that reads the table each roll), or where the compiled engine
	// handed its rolls to the Table (an automaton of more than 2^18
	// states, or more states added by the run's workers together, which
	// can depend on Workers: the note then does, the sums never). It is
	// empty for a run the compiled engine played whole.
	EngineNote string `json:"engine_note,omitempty"`
	// Blocks counts the blocks played.
	Blocks int64 `json:"blocks"`
	// Rolls counts the rolls; SevenOuts the shooters whose hand ended.
	Rolls     int64 `json:"rolls"`
	SevenOuts int64 `json:"seven_outs"`
	// Bets holds one tally per bet the strategy made, in bet order.
	Bets []BetTally `json:"bets"`
	// Outcomes is the net result of each shooter's hand (ByShooters) or of
	// each session (BySessions). A session's result counts the bets it
	// leaves on the layout as the player's money, at their amounts, while
	// the tallies in Bets count decided bets only: the sum of Outcomes
	// falls short of the tallies' Net by the commission paid up front on
	// bets still up when a session ended, and equals it otherwise.
	Outcomes Histogram `json:"outcomes,omitempty"`
	// SessionRolls sums the rolls of the sessions; Ends says how they ended.
	SessionRolls int64       `json:"session_rolls,omitempty"`
	Ends         SessionEnds `json:"ends"`
	// Others holds the results of the players seated after the first
	// (SimConfig.Others), in seat order. The fields above are the first
	// player's, but for the counts of the table (blocks, rolls, seven-outs,
	// session rolls).
	Others []PlayerResult `json:"others,omitempty"`

	roll rollSums
	// overflow is set when a hand's net result passed what an Amount
	// holds: the run is refused.
	overflow bool
}

// PlayerResult is the exact sums of the bets of one player besides the
// first (SimConfig.Others): his tallies, the results of his hands or
// sessions, and how his sessions ended.
type PlayerResult struct {
	Name string `json:"name"`
	// Strategy, StrategyText and Hooked record his strategy as
	// SimResult's record the first player's.
	Strategy     string `json:"strategy"`
	StrategyText string `json:"strategy_text"`
	Hooked       bool   `json:"hooked,omitempty"`
	// Bankroll is what he brought to each session (BySessions): his
	// SimPlayer.Bankroll, or SimConfig.Session's Bankroll if that was 0.
	// It is 0 in runs of rolls or shooters, which it does not change, and
	// in a result written by v0.1.0, which did not record it.
	Bankroll Amount     `json:"bankroll,omitempty"`
	Bets     []BetTally `json:"bets"`
	// Outcomes is the net result of each of his hands or sessions, counted as
	// SimResult.Outcomes counts them.
	Outcomes Histogram   `json:"outcomes,omitempty"`
	Ends     SessionEnds `json:"ends"`

	roll rollSums
}

// rollSums sum, over the rolls, the square of a player's net result for
// the roll, its product with the stakes the roll decided, and the square
// of those stakes: the standard error of the whole layout's return.
type rollSums struct {
	netSq, netStaked, stakedSq int192
}

// add counts one roll's net result and stakes decided.
func (s *rollSums) add(net, staked int64) {
	const small = 1 << 31 // products of two fit in 63 bits
	switch {
	case net == 0 && staked == 0: // most rolls decide nothing
	case -small < net && net < small && 0 <= staked && staked < small:
		s.netSq.addInt(net * net)
		s.netStaked.addInt(net * staked)
		s.stakedSq.addInt(staked * staked)
	default:
		s.netSq.add(product(net, net))
		s.netStaked.add(product(net, staked))
		s.stakedSq.add(product(staked, staked))
	}
}

// addTimes counts n rolls of one net result and stakes, whose products
// fit in 64 bits.
func (s *rollSums) addTimes(n, net, staked int64) {
	s.netSq.add(product(n, net*net))
	s.netStaked.add(product(n, net*staked))
	s.stakedSq.add(product(n, staked*staked))
}

// merge adds the sums of x, and reports whether each fits in 192 bits.
func (s *rollSums) merge(x *rollSums) bool {
	a, b, c := s.netSq.mergeChecked(x.netSq), s.netStaked.mergeChecked(x.netStaked), s.stakedSq.mergeChecked(x.stakedSq)
	return a && b && c
}

// returnOf is the return of bets whose rolls summed to s, and its
// standard error.
func (s *rollSums) returnOf(bets []BetTally) (mean, stderr float64) {
	t, _ := totalOf(bets)
	return ratioStats(t.net, t.staked, s.netSq, s.netStaked, s.stakedSq)
}

// totalOf sums tallies, and reports whether every sum fits in what
// holds it: it does for a result MergeResults accepts (ledger.check).
func totalOf(bets []BetTally) (BetTally, bool) {
	var t BetTally
	ok := true
	for i := range bets {
		ok = t.merge(&bets[i]) && ok
	}
	return t, ok
}

// rollSumsJSON is the sums of squares as JSON has them.
type rollSumsJSON struct {
	RollNetSq     int192 `json:"roll_net_sq"`
	RollNetStaked int192 `json:"roll_net_staked"`
	RollStakedSq  int192 `json:"roll_staked_sq"`
}

func (s rollSums) json() rollSumsJSON  { return rollSumsJSON{s.netSq, s.netStaked, s.stakedSq} }
func (j rollSumsJSON) sums() rollSums  { return rollSums{j.RollNetSq, j.RollNetStaked, j.RollStakedSq} }
func (r *SimResult) ledger() ledger    { return ledger{&r.Bets, &r.roll, &r.Outcomes, &r.Ends} }
func (p *PlayerResult) ledger() ledger { return ledger{&p.Bets, &p.roll, &p.Outcomes, &p.Ends} }

// Total sums the tallies of every bet of the player (see SimResult.Total).
func (p *PlayerResult) Total() BetTally {
	t, _ := totalOf(p.Bets)
	return t
}

// Return is the player's whole layout's result per unit staked and its
// standard error, counted roll by roll, as SimResult.Return counts the
// first player's.
func (p *PlayerResult) Return() (mean, stderr float64) { return p.roll.returnOf(p.Bets) }

// simResultJSON is a SimResult as JSON has it, its sums of squares too.
type simResultJSON struct {
	simResultFields
	rollSumsJSON
}

// simResultFields is SimResult without its methods, for JSON.
type simResultFields SimResult

// MarshalJSON writes every field and sum of the result, so that the
// results of shards written to files merge exactly.
func (r SimResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(simResultJSON{simResultFields(r), r.roll.json()})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *SimResult) UnmarshalJSON(b []byte) error {
	var j simResultJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return resultJSONError(err)
	}
	*r = SimResult(j.simResultFields)
	r.roll = j.rollSumsJSON.sums()
	return nil
}

// playerResultJSON is a PlayerResult as JSON has it.
type playerResultJSON struct {
	playerResultFields
	rollSumsJSON
}

type playerResultFields PlayerResult

// MarshalJSON writes every field and sum of the result.
func (p PlayerResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(playerResultJSON{playerResultFields(p), p.roll.json()})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (p *PlayerResult) UnmarshalJSON(b []byte) error {
	var j playerResultJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return resultJSONError(err)
	}
	*p = PlayerResult(j.playerResultFields)
	p.roll = j.rollSumsJSON.sums()
	return nil
}

// resultJSONError is err, met decoding a simulation result, as an error
// wrapping ErrSyntax that names the key holding a value of the wrong type.
func resultJSONError(err error) error {
	if errors.Is(err, ErrSyntax) { // a bet, ratio or rule that did not parse, or a player's result
		return err
	}
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te) && te.Field != "":
		key := te.Field[strings.LastIndex(te.Field, ".")+1:]
		return fmt.Errorf("craps: read simulation result: %q holds a JSON %s, not a %v: %w", key, te.Value, te.Type, ErrSyntax)
	case errors.As(err, &te):
		return fmt.Errorf("craps: read simulation result: a JSON %s, not an object: %w", te.Value, ErrSyntax)
	}
	return fmt.Errorf("craps: read simulation result: %v: %w", err, ErrSyntax)
}

// Total sums the tallies of every bet of the first player. The sums of
// every result Simulate returns and MergeResults accepts fit; one given
// no check may have tallies whose sums wrap.
func (r *SimResult) Total() BetTally {
	t, _ := totalOf(r.Bets)
	return t
}

// Return is the first player's whole layout's result per unit staked and
// its standard error, counted roll by roll so that bets decided together
// (a line bet and its odds) are not taken as independent. Rolls are taken
// as independent, which bets made before and decided later make them not
// (see BetTally.Return). PlayerResult's Total and Return are the same
// for the others.
func (r *SimResult) Return() (mean, stderr float64) { return r.roll.returnOf(r.Bets) }

// ledger is where one player's bets are counted: his tallies, the sums of
// his rolls, the results of his hands or sessions and how they ended.
type ledger struct {
	bets     *[]BetTally
	roll     *rollSums
	outcomes *Histogram
	ends     *SessionEnds
}

// tallyIndex is the index in the ledger's bets of the tally of bet b (as
// tallied counts it) on the side and at the odds given (BetTally's Against
// and Odds), added if new.
func (l ledger) tallyIndex(b Bet, against bool, odds Ratio) int {
	bets := *l.bets
	for i := range bets {
		if t := &bets[i]; t.Bet == b && t.Against == against && t.Odds == odds {
			return i
		}
	}
	*l.bets = append(bets, BetTally{Bet: b, Against: against, Odds: odds})
	return len(bets)
}

// record counts one outcome.
func (l ledger) record(v Amount) {
	if *l.outcomes == nil {
		*l.outcomes = Histogram{}
	}
	(*l.outcomes)[v]++
}

// Complete reports whether the result holds every shard of its run, each
// exactly once.
func (r *SimResult) Complete() bool {
	return r.Shards >= 1 && len(r.Parts) == r.Shards && partsValid(r.Parts, r.Shards)
}

// partsValid reports whether parts are shards of a run of shards, none twice.
func partsValid(parts []int, shards int) bool {
	seen := make(map[int]bool, len(parts))
	for _, p := range parts {
		if p < 0 || p >= shards || seen[p] {
			return false
		}
		seen[p] = true
	}
	return true
}

// tally finds the tally of the first player's bet b, adding it if new.
func (r *SimResult) tally(b Bet) *BetTally {
	return &r.Bets[r.ledger().tallyIndex(tallied(b), false, Ratio{})]
}

// tallied is the bet a tally counts b under: a come bet as made in the
// come box, whatever number it travelled to.
func tallied(b Bet) Bet {
	if b.Kind == Come || b.Kind == DontCome {
		b.Number = 0
	}
	return b
}

// sortTallies puts tallies in a fixed order: by bet, the backer's side
// first, then by odds.
func sortTallies(bets []BetTally) {
	sort.Slice(bets, func(i, j int) bool {
		a, b := &bets[i], &bets[j]
		switch {
		case a.Bet != b.Bet:
			return betLess(&a.Bet, &b.Bet)
		case a.Against != b.Against:
			return b.Against
		}
		return a.Odds.less(b.Odds)
	})
}

func betLess(a, b *Bet) bool {
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Number != b.Number {
		return a.Number < b.Number
	}
	return a.Hop.index() < b.Hop.index()
}

// add merges the sums of x into r, and reports whether every count and
// sum fits in what holds it (if one does not, r is left part merged).
func (r *SimResult) add(x *SimResult) bool {
	ok := addCounts([]*int64{&r.Blocks, &r.Rolls, &r.SevenOuts, &r.SessionRolls}, x.Blocks, x.Rolls, x.SevenOuts, x.SessionRolls)
	r.overflow = r.overflow || x.overflow
	ok = r.ledger().add(x.ledger()) && ok
	for len(r.Others) < len(x.Others) { // a result before its first block
		o := &x.Others[len(r.Others)]
		r.Others = append(r.Others, PlayerResult{Name: o.Name, Strategy: o.Strategy, StrategyText: o.StrategyText,
			Hooked: o.Hooked, Bankroll: o.Bankroll})
	}
	for i := range x.Others {
		ok = r.Others[i].ledger().add(x.Others[i].ledger()) && ok
	}
	return ok
}

// add merges the sums of ledger x into l, sorts its tallies, and reports
// whether every count and sum fits in what holds it.
func (l ledger) add(x ledger) bool {
	ok := true
	for i := range *x.bets {
		b := &(*x.bets)[i]
		ok = (*l.bets)[l.tallyIndex(b.Bet, b.Against, b.Odds)].merge(b) && ok
	}
	ok = l.roll.merge(x.roll) && ok
	if len(*x.outcomes) > 0 && *l.outcomes == nil {
		*l.outcomes = Histogram{}
	}
	for v, c := range *x.outcomes {
		n := (*l.outcomes)[v]
		ok = addCounts([]*int64{&n}, c) && ok
		(*l.outcomes)[v] = n
	}
	e, f := l.ends, x.ends
	ok = addCounts([]*int64{&e.Target, &e.StopLoss, &e.Ruin, &e.MaxRolls, &e.Strategy},
		f.Target, f.StopLoss, f.Ruin, f.MaxRolls, f.Strategy) && ok
	sortTallies(*l.bets)
	return ok
}

// MergeResults combines the results of different shards of one run (same
// rules, strategy, seed, mode, size and number of shards, and the same
// other players, each with the same name, strategy and, in sessions,
// bankroll) into a new result. The merge is exact, and merging every shard
// gives the result of the whole run. It trusts nothing it is given: a
// result that no run could have produced (a shard it cannot hold, a shard
// twice, a negative or inconsistent count, a block count or number of
// rolls, shooters or sessions other than its shards hold, a sum too large
// for the run), and results that are not disjoint parts of one run, are
// errors wrapping ErrSimulation. So are results whose counts or sums add
// up past what holds them (an int64 count, a 128-bit sum), and a result
// whose tallies do (its Total would wrap): those errors wrap ErrOverflow
// too. Given one result, it checks it and returns a copy.
//
// Strategies are the same if their names, their texts (StrategyText: the
// actions they play) and whether they had a hook are. A hook's play is
// recorded nowhere, so the results of a strategy with a hook and no name
// are not merged (an error): a name must tell it apart, and the caller
// must give each hook a name of its own.
//
// A result written by v0.1.0 records neither the strategies' texts nor,
// in sessions, the other players' bankrolls (StrategyText is "" and
// PlayerResult.Bankroll 0). It merges with another such result as v0.1.0
// merged them, by the strategies' names alone, and with a result that
// records them is an error.
func MergeResults(results ...SimResult) (SimResult, error) {
	if len(results) == 0 {
		return SimResult{}, fmt.Errorf("craps: merge: no results: %w", ErrSimulation)
	}
	for i := range results {
		if err := results[i].check(); err != nil {
			return SimResult{}, fmt.Errorf("craps: merge: result %d of %d: %w", i+1, len(results), err)
		}
	}
	first := &results[0]
	out := SimResult{Strategy: first.Strategy, StrategyText: first.StrategyText, Hooked: first.Hooked, Rules: first.Rules,
		Seed: first.Seed, Mode: first.Mode, N: first.N, Session: first.Session, Shards: first.Shards, Engine: first.Engine}
	if len(results) > 1 {
		if why := first.strategyRecord().unnamedHook(firstPlayer); why != "" {
			return SimResult{}, fmt.Errorf("craps: merge: %s: %w", why, ErrSimulation)
		}
		for k := range first.Others {
			if why := first.Others[k].strategyRecord().unnamedHook(first.Others[k].Name); why != "" {
				return SimResult{}, fmt.Errorf("craps: merge: %s: %w", why, ErrSimulation)
			}
		}
	}
	merged := map[int]bool{} // the shards in out.Parts
	for i := range results {
		b := &results[i]
		if out.Rules != b.Rules || out.Seed != b.Seed || out.Mode != b.Mode ||
			out.N != b.N || out.Session != b.Session || out.Shards != b.Shards || len(b.Others) != len(first.Others) {
			return SimResult{}, fmt.Errorf("craps: merge: result %d is not of the same run (players, rules, seed, mode, size or shards differ): %w", i+1, ErrSimulation)
		}
		why := first.strategyRecord().differs(firstPlayer, b.strategyRecord())
		for k := 0; why == "" && k < len(b.Others); k++ {
			why = first.Others[k].differs(&b.Others[k])
		}
		if why != "" {
			return SimResult{}, fmt.Errorf("craps: merge: result %d is not of the same run as result 1: %s: %w", i+1, why, ErrSimulation)
		}
		for _, p := range b.Parts {
			if merged[p] {
				return SimResult{}, fmt.Errorf("craps: merge: shard %d/%d is in two results: %w", p, out.Shards, ErrSimulation)
			}
			merged[p] = true
		}
		out.Parts = append(out.Parts, b.Parts...)
		if out.Engine != b.Engine {
			out.Engine = "mixed"
		}
		if out.EngineNote == "" {
			out.EngineNote = b.EngineNote
		}
		if !out.add(b) {
			return SimResult{}, fmt.Errorf("craps: merge: adding result %d, a count or sum passes what it can hold (%w): %w", i+1, ErrOverflow, ErrSimulation)
		}
	}
	sort.Ints(out.Parts)
	if err := out.check(); err != nil {
		return SimResult{}, fmt.Errorf("craps: merge: the merged result: %w", err)
	}
	return out, nil
}

// differs says how the player of one result, p, and the player in his seat
// in another, q, are not the same part of one run, or "".
func (p *PlayerResult) differs(q *PlayerResult) string {
	switch {
	case p.Name != q.Name:
		return fmt.Sprintf("player %q in one, %q in the other", p.Name, q.Name)
	case p.strategyRecord() != q.strategyRecord():
		return p.strategyRecord().differs(p.Name, q.strategyRecord())
	case p.Bankroll != q.Bankroll && (p.Bankroll == 0 || q.Bankroll == 0):
		return fmt.Sprintf("player %q's bankroll is recorded in one only (the other was written by an earlier version, such as v0.1.0)", p.Name)
	case p.Bankroll != q.Bankroll:
		return fmt.Sprintf("player %q brings %d to each session in one, %d in the other", p.Name, p.Bankroll, q.Bankroll)
	}
	return ""
}

// strategyRecord is what a result records of one player's strategy: its
// name, its text and whether it had a hook.
type strategyRecord struct {
	name, text string
	hooked     bool
}

func (r *SimResult) strategyRecord() strategyRecord {
	return strategyRecord{r.Strategy, r.StrategyText, r.Hooked}
}

func (p *PlayerResult) strategyRecord() strategyRecord {
	return strategyRecord{p.Strategy, p.StrategyText, p.Hooked}
}

// recorded reports whether the record holds what the strategy plays: a
// strategy has actions or a hook, and a result written by v0.1.0 records
// neither.
func (s strategyRecord) recorded() bool { return s.text != "" || s.hooked }

// differs says how the strategy of player who in one result, s, and in
// another, t, differ, or "".
func (s strategyRecord) differs(who string, t strategyRecord) string {
	switch {
	case s.recorded() != t.recorded():
		return fmt.Sprintf("player %q's strategy's actions are recorded in one only (the other was written by an earlier version, such as v0.1.0)", who)
	case s.name != t.name:
		return fmt.Sprintf("player %q plays strategy %q in one, %q in the other", who, s.name, t.name)
	case s.text != t.text:
		return fmt.Sprintf("player %q plays %q in one, %q in the other", who, oneLine(s.text), oneLine(t.text))
	case s.hooked != t.hooked:
		return fmt.Sprintf("player %q's strategy has a hook in one only", who)
	}
	return ""
}

// unnamedHook says why the results of player who, whose strategy is s,
// cannot be merged, or "": a hook's play is not in the result, and only
// a name the caller gives it can tell two hooks apart.
func (s strategyRecord) unnamedHook(who string) string {
	if s.hooked && s.name == "" {
		return fmt.Sprintf("player %q's strategy has a hook and no name, which the results would need to tell whether it played the same in each", who)
	}
	return ""
}

// oneLine is a strategy's text on one line, its actions parted by "; ".
func oneLine(text string) string { return strings.ReplaceAll(text, "\n", "; ") }

// Bounds on the sums of a result: a run's sums of money stay below
// 2^125 (2^63 decisions of at most MaxBalance) and its sums of squares
// below 2^187, so any two that pass these checks add without wrapping.
const (
	maxSumBits    = 126
	maxSquareBits = 189
)

// check reports a result no run could have produced: one Simulate could
// not have been asked for, a shard out of range or twice, a negative or
// inconsistent count, blocks and rolls, shooters or sessions other than
// its shards hold, or a sum past what a run can reach.
func (r *SimResult) check() error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%s: %w", fmt.Sprintf(format, a...), ErrSimulation)
	}
	switch {
	case r.Mode > BySessions || r.N <= 0 || r.N > MaxSimN:
		return bad("%d %v is no run", r.N, r.Mode)
	case r.Shards < 1 || len(r.Parts) == 0 || !partsValid(r.Parts, r.Shards):
		return bad("shards %v of %d: each from 0 to %d, none twice", r.Parts, r.Shards, r.Shards-1)
	case r.Engine != "compiled" && r.Engine != "table" && r.Engine != "mixed":
		return bad("engine %q", r.Engine)
	}
	if err := r.Rules.Validate(); err != nil {
		return bad("%v", err)
	}
	if why := r.Session.invalid(); r.Mode == BySessions && why != "" {
		return bad("%s", why)
	} else if r.Mode != BySessions && r.Session != (SessionLimits{}) {
		return bad("session limits in a run of %v", r.Mode)
	}
	size := blockSize(r.Mode)
	blocks, items := int64(0), int64(0)
	last := (r.N - 1) / size // the last block, which may be short
	for _, p := range r.Parts {
		n := blocksOf(r.N, size, p, r.Shards)
		blocks += n
		items += n * size
		if last%int64(r.Shards) == int64(p) {
			items -= (last+1)*size - r.N
		}
	}
	ok := r.Blocks == blocks && r.SevenOuts >= 0 && r.Rolls >= r.SevenOuts
	switch r.Mode {
	case ByShooters:
		ok = ok && r.SevenOuts == items && r.SessionRolls == 0
	case BySessions:
		ok = ok && r.SessionRolls == r.Rolls
	default:
		ok = ok && r.Rolls == items && r.SessionRolls == 0
	}
	if !ok {
		return bad("%d blocks, %d rolls and %d hands are not what shards %v of %d %v hold",
			r.Blocks, r.Rolls, r.SevenOuts, r.Parts, r.N, r.Mode)
	}
	if len(r.Others) >= MaxPlayers {
		return bad("%d players: a table seats at most %d", len(r.Others)+1, MaxPlayers)
	}
	names := map[string]bool{firstPlayer: true}
	ledgers := []ledger{r.ledger()}
	for i := range r.Others {
		o := &r.Others[i]
		if o.Name == "" || names[o.Name] {
			return bad("player %q: every player has a name of his own", o.Name)
		}
		if o.Bankroll < 0 || o.Bankroll > MaxAmount || o.Bankroll != 0 && r.Mode != BySessions {
			return bad("player %q: a bankroll of %d in a run of %v", o.Name, o.Bankroll, r.Mode)
		}
		names[o.Name] = true
		ledgers = append(ledgers, o.ledger())
	}
	for k, l := range ledgers {
		if err := l.check(r.Mode, items, &r.Rules); err != nil {
			return fmt.Errorf("player %d: %w: %w", k+1, err, ErrSimulation)
		}
	}
	return nil
}

// check reports a player's sums that no run of mode with items rolls,
// hands or sessions could have produced: his outcomes and session ends
// not one an item, a sum of squares out of range, a tally no run holds.
func (l ledger) check(mode SimMode, items int64, r *Rules) error {
	var ends int64
	for _, e := range []int64{l.ends.Target, l.ends.StopLoss, l.ends.Ruin, l.ends.MaxRolls, l.ends.Strategy} {
		if e < 0 || ends > math.MaxInt64-e {
			return fmt.Errorf("session ends %+v", *l.ends)
		}
		ends += e
	}
	outcomes, ok := l.outcomes.checkedCount()
	switch mode {
	case ByShooters:
		ok = ok && outcomes == items && ends == 0
	case BySessions:
		ok = ok && ends == items && outcomes == items
	default:
		ok = ok && len(*l.outcomes) == 0 && ends == 0
	}
	if !ok {
		return fmt.Errorf("%d outcomes and %d session ends in a run of %d %v", outcomes, ends, items, mode)
	}
	for _, w := range []int192{l.roll.netSq, l.roll.netStaked, l.roll.stakedSq} {
		if w.big().BitLen() > maxSquareBits {
			return fmt.Errorf("a sum of squares past 2^%d", maxSquareBits)
		}
	}
	if l.roll.netSq.hi < 0 || l.roll.stakedSq.hi < 0 {
		return fmt.Errorf("a negative sum of squares")
	}
	type key struct {
		bet     Bet
		against bool
		odds    Ratio
	}
	seen := make(map[key]bool, len(*l.bets))
	for i := range *l.bets {
		t := &(*l.bets)[i]
		k := key{t.Bet, t.Against, t.Odds}
		if err := t.check(r); err != nil || seen[k] {
			return fmt.Errorf("%v: %v", t.Bet, err)
		}
		seen[k] = true
	}
	if _, ok := totalOf(*l.bets); !ok {
		return fmt.Errorf("the tallies' counts or sums add up past what they can hold: %w", ErrOverflow)
	}
	return nil
}

// check reports a tally no run could have produced.
func (t *BetTally) check(r *Rules) error {
	if err := r.Offers(t.Bet); err != nil {
		return err
	}
	o := t.Odds
	switch {
	case !r.Private && (t.Against || !o.IsZero()):
		return fmt.Errorf("a side or odds of a bet between players at a casino table")
	case r.Private && (o.Win < 1 || o.Stake < 1 || o.Win > maxRatioTerm || o.Stake > maxRatioTerm || gcd(o.Win, o.Stake) != 1):
		return fmt.Errorf("odds %v: both terms from 1 to %d, in lowest terms", o, maxRatioTerm)
	case t.Bet.Kind == Center && o != evenMoney:
		return fmt.Errorf("the center bet at %v: it is even money", o)
	}
	d, w, l, p := t.Decisions, t.Wins, t.Losses, t.Pushes
	if w < 0 || l < 0 || p < 0 || t.Returned < 0 || w > d || l > d-w || p != d-w-l {
		return fmt.Errorf("%d decisions are not %d wins, %d losses and %d pushes", d, w, l, p)
	}
	for _, x := range []int128{t.staked, t.won, t.lost, t.commission, t.breakage, t.net} {
		if x.big().BitLen() > maxSumBits {
			return fmt.Errorf("a sum past 2^%d", maxSumBits)
		}
	}
	for _, x := range []int192{t.netSq, t.netStaked, t.stakedSq} {
		if x.big().BitLen() > maxSquareBits {
			return fmt.Errorf("a sum of squares past 2^%d", maxSquareBits)
		}
	}
	if t.staked.hi < 0 || t.won.hi < 0 || t.lost.hi < 0 || t.commission.hi < 0 || t.breakage.hi < 0 || t.netSq.hi < 0 || t.stakedSq.hi < 0 {
		return fmt.Errorf("a negative sum of stakes, wins, losses, commission, breakage or squares")
	}
	return nil
}

// record counts one outcome.
func (r *SimResult) record(v Amount) {
	if r.Outcomes == nil {
		r.Outcomes = Histogram{}
	}
	r.Outcomes[v]++
}

// stayingCommission is the part of a won bet's Commission that is the
// commission of the bet that stays up after the win, which counts for
// that bet's decision and not this one. Only a bet whose commission was
// taken when it was made (paid) has one, and then all of it is.
func stayingCommission(res *Resolution, paid Amount) Amount {
	if paid == 0 {
		return 0
	}
	return res.Commission
}
