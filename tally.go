package craps

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
)

// BetTally is the exact sums of one bet over a run. A place bet that wins
// and stays up starts a new bet, as in Analysis; a come bet is counted as
// made in the come box, whatever number it travels to. Counts are plain
// integers; the sums of money, which pass 2^63 in long runs, are kept in
// 128 bits and read as exact *big.Int values.
type BetTally struct {
	Bet Bet
	// Decisions counts the bets decided: Wins + Losses + Pushes.
	Decisions, Wins, Losses, Pushes int64
	// Returned counts odds that were off and came back when their line bet
	// was decided: not decisions, and not in Staked.
	Returned int64

	staked, won, lost, commission, breakage, net int128
	// netSq, netStaked and stakedSq sum net², net·stake and stake² over
	// the decisions, for the standard error of Net/Staked.
	netSq, netStaked, stakedSq int192
}

// Staked is the sum of the stakes of the bets decided.
func (t BetTally) Staked() *big.Int { return t.staked.big() }

// Won is the sum of the wins paid, commission deducted.
func (t BetTally) Won() *big.Int { return t.won.big() }

// Lost is the sum of the stakes lost.
func (t BetTally) Lost() *big.Int { return t.lost.big() }

// Commission is what the house kept in commission.
func (t BetTally) Commission() *big.Int { return t.commission.big() }

// Breakage is what rounding the payouts to the table's unit kept back.
func (t BetTally) Breakage() *big.Int { return t.breakage.big() }

// Net is the player's result: Won less Lost less the commission paid when
// a bet was made and kept.
func (t BetTally) Net() *big.Int { return t.net.big() }

// Return is the player's mean result per unit staked, Net/Staked, and its
// standard error (the ratio estimator's, from the sums of squares). The
// exact figure to compare it with is Analysis.Return.
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
	return json.Marshal(betTallyJSON{t.Bet, t.Decisions, t.Wins, t.Losses, t.Pushes, t.Returned,
		t.staked, t.won, t.lost, t.commission, t.breakage, t.net, t.netSq, t.netStaked, t.stakedSq})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (t *BetTally) UnmarshalJSON(b []byte) error {
	var j betTallyJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*t = BetTally{j.Bet, j.Decisions, j.Wins, j.Losses, j.Pushes, j.Returned,
		j.Staked, j.Won, j.Lost, j.Commission, j.Breakage, j.Net, j.NetSq, j.NetStaked, j.StakedSq}
	return nil
}

func (t *BetTally) merge(x *BetTally) {
	t.Decisions += x.Decisions
	t.Wins += x.Wins
	t.Losses += x.Losses
	t.Pushes += x.Pushes
	t.Returned += x.Returned
	t.staked.add(x.staked)
	t.won.add(x.won)
	t.lost.add(x.lost)
	t.commission.add(x.commission)
	t.breakage.add(x.breakage)
	t.net.add(x.net)
	t.netSq.merge(x.netSq)
	t.netStaked.merge(x.netStaked)
	t.stakedSq.merge(x.stakedSq)
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
	switch res.Outcome {
	case OutcomeWon:
		t.Wins++
		net = res.Win - paid
		t.won.addInt(int64(res.Win))
		t.commission.addInt(int64(res.Commission + paid))
		t.breakage.addInt(int64(res.Breakage))
	case OutcomeLost:
		t.Losses++
		net = res.Returned - res.Stake - paid
		t.lost.addInt(int64(res.Stake))
		t.commission.addInt(int64(paid - res.Returned))
	case OutcomePushed:
		t.Pushes++
		net = -paid
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

// SessionEnds counts how sessions ended.
type SessionEnds struct {
	Target   int64 `json:"target"`    // reached the target
	StopLoss int64 `json:"stop_loss"` // lost the stop-loss
	Ruin     int64 `json:"ruin"`      // could not cover the next bet with nothing on the layout
	MaxRolls int64 `json:"max_rolls"` // played the roll limit
	Hook     int64 `json:"hook"`      // stopped by the strategy's hook
}

// SimResult is the exact sums of a run, or of the shards of one merged so far.
// Everything in it is an integer, so results merge exactly whatever order
// they are merged in. Summaries (means, standard errors, quantiles) are
// computed from it when asked.
type SimResult struct {
	Strategy string        `json:"strategy"`
	Rules    Rules         `json:"rules"`
	Seed     uint64        `json:"seed"`
	Mode     SimMode       `json:"mode"`
	N        int64         `json:"n"`
	Session  SessionLimits `json:"session"`
	// Shards is how many shards the run was cut into (1 for a whole run)
	// and Parts which of them this result holds.
	Shards int   `json:"shards"`
	Parts  []int `json:"parts"`
	// Engine is "compiled" or "table": how the strategy was played. It
	// does not change a single number.
	Engine string `json:"engine"`
	// Blocks counts the blocks played.
	Blocks int64 `json:"blocks"`
	// Rolls counts the rolls; SevenOuts the shooters whose hand ended.
	Rolls     int64 `json:"rolls"`
	SevenOuts int64 `json:"seven_outs"`
	// Bets holds one tally per bet the strategy made, in bet order.
	Bets []BetTally `json:"bets"`
	// Outcomes is the net result of each shooter's hand (ByShooters) or of
	// each session (BySessions).
	Outcomes Histogram `json:"outcomes,omitempty"`
	// SessionRolls sums the rolls of the sessions; Ends says how they ended.
	SessionRolls int64       `json:"session_rolls,omitempty"`
	Ends         SessionEnds `json:"ends"`

	// rollNetSq, rollNetStaked and rollStakedSq sum, over the rolls, the
	// square of the roll's net result, its product with the stakes the
	// roll decided, and the square of those stakes: the standard error of
	// the whole layout's return.
	rollNetSq, rollNetStaked, rollStakedSq int192
	// overflow is set when a hand's net result passed what an Amount
	// holds: the run is refused.
	overflow bool
}

// simResultJSON is a SimResult as JSON has it, its sums of squares too.
type simResultJSON struct {
	simResultFields
	RollNetSq     int192 `json:"roll_net_sq"`
	RollNetStaked int192 `json:"roll_net_staked"`
	RollStakedSq  int192 `json:"roll_staked_sq"`
}

// simResultFields is SimResult without its methods, for JSON.
type simResultFields SimResult

// MarshalJSON writes every field and sum of the result, so that the
// results of shards written to files merge exactly.
func (r SimResult) MarshalJSON() ([]byte, error) {
	return json.Marshal(simResultJSON{simResultFields(r), r.rollNetSq, r.rollNetStaked, r.rollStakedSq})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *SimResult) UnmarshalJSON(b []byte) error {
	var j simResultJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*r = SimResult(j.simResultFields)
	r.rollNetSq, r.rollNetStaked, r.rollStakedSq = j.RollNetSq, j.RollNetStaked, j.RollStakedSq
	return nil
}

// Total sums the tallies of every bet.
func (r *SimResult) Total() BetTally {
	var t BetTally
	for i := range r.Bets {
		t.merge(&r.Bets[i])
	}
	return t
}

// Return is the whole layout's result per unit staked and its standard
// error, counted roll by roll so that bets decided together (a line bet
// and its odds) are not taken as independent.
func (r *SimResult) Return() (mean, stderr float64) {
	t := r.Total()
	return ratioStats(t.net, t.staked, r.rollNetSq, r.rollNetStaked, r.rollStakedSq)
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

// tally finds the tally of bet b, adding it if new.
func (r *SimResult) tally(b Bet) *BetTally {
	if b.Kind == Come || b.Kind == DontCome {
		b.Number = 0
	}
	for i := range r.Bets {
		if r.Bets[i].Bet == b {
			return &r.Bets[i]
		}
	}
	r.Bets = append(r.Bets, BetTally{Bet: b})
	return &r.Bets[len(r.Bets)-1]
}

// sortBets puts the tallies in a fixed order.
func (r *SimResult) sortBets() {
	sort.Slice(r.Bets, func(i, j int) bool { return betLess(r.Bets[i].Bet, r.Bets[j].Bet) })
}

func betLess(a, b Bet) bool {
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Number != b.Number {
		return a.Number < b.Number
	}
	return a.Hop.index() < b.Hop.index()
}

// add merges the sums of x into r.
func (r *SimResult) add(x *SimResult) {
	r.Blocks += x.Blocks
	r.Rolls += x.Rolls
	r.SevenOuts += x.SevenOuts
	for i := range x.Bets {
		r.tally(x.Bets[i].Bet).merge(&x.Bets[i])
	}
	r.rollNetSq.merge(x.rollNetSq)
	r.rollNetStaked.merge(x.rollNetStaked)
	r.rollStakedSq.merge(x.rollStakedSq)
	r.overflow = r.overflow || x.overflow
	if len(x.Outcomes) > 0 && r.Outcomes == nil {
		r.Outcomes = Histogram{}
	}
	for v, c := range x.Outcomes {
		r.Outcomes[v] += c
	}
	r.SessionRolls += x.SessionRolls
	r.Ends.Target += x.Ends.Target
	r.Ends.StopLoss += x.Ends.StopLoss
	r.Ends.Ruin += x.Ends.Ruin
	r.Ends.MaxRolls += x.Ends.MaxRolls
	r.Ends.Hook += x.Ends.Hook
	r.sortBets()
}

// MergeResults combines the results of different shards of one run (same
// rules, strategy, seed, mode, size and number of shards) into a new
// result. The merge is exact, and merging every shard gives the result of
// the whole run. It trusts nothing it is given: a result that no run
// could have produced (a shard it cannot hold, a shard twice, a negative
// or inconsistent count, a block count or number of rolls, shooters or
// sessions other than its shards hold, a sum too large for the run), and
// results that are not disjoint parts of one run, are errors wrapping
// ErrSimulation. Given one result, it checks it and returns a copy.
func MergeResults(results ...SimResult) (SimResult, error) {
	if len(results) == 0 {
		return SimResult{}, fmt.Errorf("craps: merge: no results: %w", ErrSimulation)
	}
	for i := range results {
		if err := results[i].check(); err != nil {
			return SimResult{}, fmt.Errorf("craps: merge: result %d of %d: %w", i+1, len(results), err)
		}
	}
	out := results[0]
	out.Bets = append([]BetTally(nil), out.Bets...)
	out.Parts = append([]int(nil), out.Parts...)
	if h := out.Outcomes; h != nil {
		out.Outcomes = make(Histogram, len(h))
		for v, c := range h {
			out.Outcomes[v] = c
		}
	}
	for i := 1; i < len(results); i++ {
		b := &results[i]
		if out.Rules != b.Rules || out.Strategy != b.Strategy || out.Seed != b.Seed || out.Mode != b.Mode ||
			out.N != b.N || out.Session != b.Session || out.Shards != b.Shards {
			return SimResult{}, fmt.Errorf("craps: merge: result %d is not of the same run (strategy, rules, seed, mode, size or shards differ): %w", i+1, ErrSimulation)
		}
		for _, p := range b.Parts {
			if slices.Contains(out.Parts, p) {
				return SimResult{}, fmt.Errorf("craps: merge: shard %d/%d is in two results: %w", p, out.Shards, ErrSimulation)
			}
		}
		out.Parts = append(out.Parts, b.Parts...)
		if out.Engine != b.Engine {
			out.Engine = "mixed"
		}
		out.add(b)
	}
	sort.Ints(out.Parts)
	if err := out.check(); err != nil {
		return SimResult{}, fmt.Errorf("craps: merge: the merged result: %w", err)
	}
	return out, nil
}

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
	var ends int64
	for _, e := range []int64{r.Ends.Target, r.Ends.StopLoss, r.Ends.Ruin, r.Ends.MaxRolls, r.Ends.Hook} {
		if e < 0 || ends > math.MaxInt64-e {
			return bad("session ends %+v", r.Ends)
		}
		ends += e
	}
	outcomes, ok := r.Outcomes.checkedCount()
	switch r.Mode {
	case ByShooters:
		ok = ok && r.SevenOuts == items && outcomes == items && ends == 0 && r.SessionRolls == 0
	case BySessions:
		ok = ok && ends == items && outcomes == items && r.SessionRolls == r.Rolls
	default:
		ok = ok && r.Rolls == items && len(r.Outcomes) == 0 && ends == 0 && r.SessionRolls == 0
	}
	if !ok || r.Blocks != blocks || r.SevenOuts < 0 || r.Rolls < r.SevenOuts {
		return bad("%d blocks, %d rolls, %d hands, %d outcomes and %d session ends are not what shards %v of %d %v hold",
			r.Blocks, r.Rolls, r.SevenOuts, outcomes, ends, r.Parts, r.N, r.Mode)
	}
	for _, w := range []int192{r.rollNetSq, r.rollNetStaked, r.rollStakedSq} {
		if w.big().BitLen() > maxSquareBits {
			return bad("a sum of squares past 2^%d", maxSquareBits)
		}
	}
	if r.rollNetSq.hi < 0 || r.rollStakedSq.hi < 0 {
		return bad("a negative sum of squares")
	}
	seen := make(map[Bet]bool, len(r.Bets))
	for i := range r.Bets {
		t := &r.Bets[i]
		if err := t.check(&r.Rules); err != nil || seen[t.Bet] {
			return bad("%v: %v", t.Bet, err)
		}
		seen[t.Bet] = true
	}
	return nil
}

// check reports a tally no run could have produced.
func (t *BetTally) check(r *Rules) error {
	if err := r.Offers(t.Bet); err != nil {
		return err
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
