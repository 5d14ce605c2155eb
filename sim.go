package craps

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
)

// SimMode is what a simulation counts: rolls, shooters or sessions.
type SimMode uint8

const (
	// ByRolls plays a number of rolls, in blocks of 2^22 rolls.
	ByRolls SimMode = iota
	// ByShooters plays until a number of shooters have sevened out, in
	// blocks of 4096 shooters.
	ByShooters
	// BySessions plays a number of sessions, each from a bankroll to a
	// target, a stop-loss, ruin or a roll limit, in blocks of 256 sessions.
	BySessions
)

var modeNames = [...]string{"rolls", "shooters", "sessions"}

// String is "rolls", "shooters" or "sessions".
func (m SimMode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// MarshalText writes the mode's name.
func (m SimMode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a mode's name.
func (m *SimMode) UnmarshalText(b []byte) error {
	for i, n := range modeNames {
		if n == string(b) {
			*m = SimMode(i)
			return nil
		}
	}
	return syntaxError("simulation mode", string(b))
}

// The block sizes. A run is cut into blocks of a fixed size, each played
// from a fresh table with its own stream of throws derived from the seed
// and the block's index; blocks are the unit of work of workers and
// shards, so how a run is split never changes its result. A block starts
// on a come-out with nothing on the layout; the bets still up when a roll
// block ends (a few in four million rolls) or a session ends are left
// undecided and not counted. Shooter blocks end at a seven-out, when every
// bet is decided.
const (
	blockRolls    = 1 << 22
	blockShooters = 1 << 12
	blockSessions = 1 << 8
)

// SessionLimits is how a session starts and ends.
type SessionLimits struct {
	// Bankroll is what the player brings.
	Bankroll Amount
	// Target ends the session once the player's money, on and off the
	// layout, reaches it; 0 is no target.
	Target Amount
	// StopLoss ends the session once the player has lost this much; 0 is
	// none. The player is ruined anyway when the bankroll cannot cover the
	// next bet and nothing is left on the layout.
	StopLoss Amount
	// MaxRolls ends the session after that many rolls; 0 is no limit.
	MaxRolls int64
}

// SimConfig is one simulation run.
type SimConfig struct {
	Rules    Rules
	Strategy Strategy
	Seed     uint64
	Mode     SimMode
	// N is how many rolls, shooters or sessions the whole run plays.
	N int64
	// Session is the limits of each session, for BySessions.
	Session SessionLimits
	// Workers is how many goroutines play blocks; 0 is runtime.GOMAXPROCS.
	// The result does not depend on it.
	Workers int
	// Shard and Shards run only the blocks whose index is Shard modulo
	// Shards; Shards 0 runs them all. Merging the results of every shard
	// gives exactly the result of the whole run.
	Shard, Shards int
	// Progress, if set, is called after each block with the blocks done
	// and the blocks of this shard, from one goroutine at a time.
	Progress func(done, total int64)

	// general forces the general engine (tests and benchmarks).
	general bool
}

// ErrSimulation is wrapped by Simulate for a configuration it cannot run
// and by MergeResults for results that are not parts of one run.
var ErrSimulation = errors.New("invalid simulation")

// Wide is a signed 128-bit integer, Hi*2^64+Lo: the exact sums of squares
// a result keeps for its standard errors.
type Wide struct {
	Hi int64
	Lo uint64
}

func (w *Wide) add(x Wide) {
	var c uint64
	w.Lo, c = bits.Add64(w.Lo, x.Lo, 0)
	w.Hi += x.Hi + int64(c)
}

// product is a*b exactly.
func product(a, b int64) Wide {
	neg := (a < 0) != (b < 0)
	ua, ub := uint64(a), uint64(b)
	if a < 0 {
		ua = -ua
	}
	if b < 0 {
		ub = -ub
	}
	hi, lo := bits.Mul64(ua, ub)
	w := Wide{int64(hi), lo}
	if neg {
		w = Wide{^w.Hi, ^w.Lo}
		w.add(Wide{0, 1})
	}
	return w
}

// Big returns the value as a big.Int.
func (w Wide) Big() *big.Int {
	x := new(big.Int).SetInt64(w.Hi)
	x.Lsh(x, 64)
	return x.Add(x, new(big.Int).SetUint64(w.Lo))
}

// Float64 is the value, rounded.
func (w Wide) Float64() float64 { return float64(w.Hi)*0x1p64 + float64(w.Lo) }

// String writes the value in decimal.
func (w Wide) String() string { return w.Big().String() }

// MarshalText writes the value in decimal.
func (w Wide) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// UnmarshalText reads a decimal value that fits in 128 bits.
func (w *Wide) UnmarshalText(b []byte) error {
	x, ok := new(big.Int).SetString(string(b), 10)
	if !ok || x.BitLen() > 127 {
		return syntaxError("128-bit integer", string(b))
	}
	lo := new(big.Int).And(x, new(big.Int).SetUint64(math.MaxUint64))
	hi := new(big.Int).Rsh(x, 64)
	*w = Wide{hi.Int64(), lo.Uint64()}
	return nil
}

// BetTally is the exact sums of one bet over a run. A place bet that wins
// and stays up starts a new bet, as in Analysis; a come bet is counted as
// made in the come box, whatever number it travels to.
type BetTally struct {
	Bet Bet `json:"bet"`
	// Decisions counts the bets decided: Wins + Losses + Pushes.
	Decisions int64 `json:"decisions"`
	Wins      int64 `json:"wins"`
	Losses    int64 `json:"losses"`
	Pushes    int64 `json:"pushes"`
	// Returned counts odds that were off and came back when their line bet
	// was decided: not decisions, and not in Staked.
	Returned int64 `json:"returned"`
	// Staked is the stakes of the bets decided; Won the wins paid,
	// commission deducted; Lost the stakes lost; Commission what the house
	// kept in commission; Breakage what rounding to the unit kept back.
	Staked     Amount `json:"staked"`
	Won        Amount `json:"won"`
	Lost       Amount `json:"lost"`
	Commission Amount `json:"commission"`
	Breakage   Amount `json:"breakage"`
	// Net is the player's result: Won less Lost less commission paid when
	// the bet was made and kept.
	Net Amount `json:"net"`
	// NetSq, NetStaked and StakedSq sum net², net·stake and stake² over
	// the decisions, for the standard error of Net/Staked.
	NetSq     Wide `json:"net_sq"`
	NetStaked Wide `json:"net_staked"`
	StakedSq  Wide `json:"staked_sq"`
}

// Return is the player's mean result per unit staked, Net/Staked, and its
// standard error (the ratio estimator's, from the sums of squares). The
// exact figure to compare it with is Analysis.Return.
func (t BetTally) Return() (mean, stderr float64) {
	return ratioStats(t.Net, t.Staked, t.NetSq, t.NetStaked, t.StakedSq)
}

func ratioStats(net, staked Amount, nn, ns, ss Wide) (mean, stderr float64) {
	if staked == 0 {
		return math.NaN(), math.NaN()
	}
	s := float64(staked)
	mean = float64(net) / s
	// sum (net_i - mean*stake_i)^2
	v := nn.Float64() - 2*mean*ns.Float64() + mean*mean*ss.Float64()
	return mean, math.Sqrt(max(v, 0)) / s
}

func (t *BetTally) merge(x *BetTally) {
	t.Decisions += x.Decisions
	t.Wins += x.Wins
	t.Losses += x.Losses
	t.Pushes += x.Pushes
	t.Returned += x.Returned
	t.Staked += x.Staked
	t.Won += x.Won
	t.Lost += x.Lost
	t.Commission += x.Commission
	t.Breakage += x.Breakage
	t.Net += x.Net
	t.NetSq.add(x.NetSq)
	t.NetStaked.add(x.NetStaked)
	t.StakedSq.add(x.StakedSq)
}

// scaled adds x counted n times.
func (t *BetTally) scaled(x *BetTally, n int64) {
	t.Decisions += n * x.Decisions
	t.Wins += n * x.Wins
	t.Losses += n * x.Losses
	t.Pushes += n * x.Pushes
	t.Returned += n * x.Returned
	t.Staked += Amount(n) * x.Staked
	t.Won += Amount(n) * x.Won
	t.Lost += Amount(n) * x.Lost
	t.Commission += Amount(n) * x.Commission
	t.Breakage += Amount(n) * x.Breakage
	t.Net += Amount(n) * x.Net
	// A compiled transition decides each bet at most once, so its squares
	// fit in 64 bits (compileJoint checks).
	t.NetSq.add(product(n, x.NetSq.int64()))
	t.NetStaked.add(product(n, x.NetStaked.int64()))
	t.StakedSq.add(product(n, x.StakedSq.int64()))
}

func (w Wide) int64() int64 { return int64(w.Lo) }

// fits64 reports whether the value fits in an int64.
func (w Wide) fits64() bool {
	return (w.Hi == 0 && w.Lo <= math.MaxInt64) || (w.Hi == -1 && w.Lo > math.MaxInt64)
}

// record adds one resolution with the commission paid on the bet when it
// was made; it returns the bet's net result and the stake decided.
func (t *BetTally) record(res *Resolution, paid Amount) (net, staked Amount) {
	switch res.Outcome {
	case OutcomeWon:
		t.Wins++
		net = res.Win - paid
		t.Won += res.Win
		t.Commission += res.Commission + paid
		t.Breakage += res.Breakage
	case OutcomeLost:
		t.Losses++
		net = res.Returned - res.Stake - paid
		t.Lost += res.Stake
		t.Commission += paid - res.Returned
	case OutcomePushed:
		t.Pushes++
		net = -paid
		t.Commission += paid
	case OutcomeReturned:
		t.Returned++
		return 0, 0
	default:
		return 0, 0
	}
	t.Decisions++
	t.Staked += res.Stake
	t.Net += net
	t.NetSq.add(product(int64(net), int64(net)))
	t.NetStaked.add(product(int64(net), int64(res.Stake)))
	t.StakedSq.add(product(int64(res.Stake), int64(res.Stake)))
	return net, res.Stake
}

// Histogram counts outcomes by amount: the net result of each session or
// shooter. Its sums are exact; Mean, StdDev and Quantile summarize it.
type Histogram map[Amount]int64

// Count is the number of outcomes.
func (h Histogram) Count() int64 {
	n := int64(0)
	for _, c := range h {
		n += c
	}
	return n
}

// Sum is the exact sum of the outcomes.
func (h Histogram) Sum() *big.Int {
	s, x := new(big.Int), new(big.Int)
	for v, c := range h {
		s.Add(s, x.Mul(big.NewInt(int64(v)), big.NewInt(c)))
	}
	return s
}

// Mean is the mean outcome, NaN if there is none.
func (h Histogram) Mean() float64 {
	n := h.Count()
	if n == 0 {
		return math.NaN()
	}
	f, _ := new(big.Rat).SetFrac(h.Sum(), big.NewInt(n)).Float64()
	return f
}

// StdDev is the sample standard deviation of the outcomes, computed from
// exact sums so that it does not depend on the order of the outcomes.
func (h Histogram) StdDev() float64 {
	n := h.Count()
	if n < 2 {
		return math.NaN()
	}
	sq, x := new(big.Int), new(big.Int)
	for v, c := range h {
		x.SetInt64(int64(v))
		sq.Add(sq, x.Mul(x.Mul(x, x), big.NewInt(c)))
	}
	// (n*sum(x^2) - sum(x)^2) / (n*(n-1))
	sum := h.Sum()
	num := new(big.Int).Sub(sq.Mul(sq, big.NewInt(n)), sum.Mul(sum, sum))
	v, _ := new(big.Rat).SetFrac(num, new(big.Int).Mul(big.NewInt(n), big.NewInt(n-1))).Float64()
	return math.Sqrt(v)
}

// Quantile is the smallest outcome with at least a fraction p of the
// outcomes at or below it (p from 0 to 1): Quantile(0.5) is the median.
func (h Histogram) Quantile(p float64) Amount {
	keys := h.sorted()
	if len(keys) == 0 {
		return 0
	}
	need := int64(math.Ceil(p * float64(h.Count())))
	run := int64(0)
	for _, k := range keys {
		run += h[k]
		if run >= need {
			return k
		}
	}
	return keys[len(keys)-1]
}

func (h Histogram) sorted() []Amount {
	keys := make([]Amount, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
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
	// RollNetSq, RollNetStaked and RollStakedSq sum, over the rolls, the
	// square of the roll's net result, its product with the stakes the
	// roll decided, and the square of those stakes: the standard error of
	// the whole layout's return.
	RollNetSq     Wide `json:"roll_net_sq"`
	RollNetStaked Wide `json:"roll_net_staked"`
	RollStakedSq  Wide `json:"roll_staked_sq"`
	// Outcomes is the net result of each shooter's hand (ByShooters) or of
	// each session (BySessions).
	Outcomes Histogram `json:"outcomes,omitempty"`
	// SessionRolls sums the rolls of the sessions; Ends says how they ended.
	SessionRolls int64       `json:"session_rolls,omitempty"`
	Ends         SessionEnds `json:"ends"`
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
	return ratioStats(t.Net, t.Staked, r.RollNetSq, r.RollNetStaked, r.RollStakedSq)
}

// Complete reports whether the result holds every shard of its run.
func (r *SimResult) Complete() bool { return len(r.Parts) == r.Shards }

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
	r.RollNetSq.add(x.RollNetSq)
	r.RollNetStaked.add(x.RollNetStaked)
	r.RollStakedSq.add(x.RollStakedSq)
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

// MergeResults combines the results of different shards of one run (same rules,
// strategy, seed, mode, size and number of shards) into a new result. The
// merge is exact, and merging every shard gives the result of the whole
// run. Results that are not disjoint parts of one run are an error
// wrapping ErrSimulation.
func MergeResults(a, b SimResult) (SimResult, error) {
	switch {
	case a.Rules != b.Rules || a.Strategy != b.Strategy || a.Seed != b.Seed || a.Mode != b.Mode ||
		a.N != b.N || a.Session != b.Session || a.Shards != b.Shards:
		return SimResult{}, fmt.Errorf("craps: merge: the results are not of one run (strategy, rules, seed, mode, size or shards differ): %w", ErrSimulation)
	}
	for _, p := range a.Parts {
		for _, q := range b.Parts {
			if p == q {
				return SimResult{}, fmt.Errorf("craps: merge: shard %d/%d is in both results: %w", p, a.Shards, ErrSimulation)
			}
		}
	}
	out := a
	out.Bets = append([]BetTally(nil), a.Bets...)
	out.Outcomes = nil
	if a.Outcomes != nil {
		out.Outcomes = Histogram{}
		for v, c := range a.Outcomes {
			out.Outcomes[v] = c
		}
	}
	out.Parts = append(append([]int(nil), a.Parts...), b.Parts...)
	sort.Ints(out.Parts)
	if a.Engine != b.Engine {
		out.Engine = "mixed"
	}
	out.add(&b)
	return out, nil
}

// stream is the throws of one block: a PCG generator seeded from the run's
// seed and the block's index, each 64-bit draw mapped by Lemire's
// multiply-and-reject method onto an exactly uniform number below 36^11,
// whose eleven base-36 digits are eleven throws. The digits are read from
// the lowest. The stream is the same on every machine.
type stream struct {
	pcg  rand.PCG
	word uint64
	left int
}

const (
	throwsPerWord = 11
	pow36         = 131621703842267136 // 36^11
	rejectBelow   = (1<<64 - pow36) % pow36
)

func newStream(seed, block uint64) stream {
	var s stream
	s.pcg.Seed(mix(seed^mix(block+0x9e3779b97f4a7c15)), mix(block))
	return s
}

// mix is SplitMix64's finalizer.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// draw returns a uniform number below 36^11.
func (s *stream) draw() uint64 {
	for {
		hi, lo := bits.Mul64(s.pcg.Uint64(), pow36)
		if lo >= rejectBelow {
			return hi
		}
	}
}

// next returns the index (Dice.index) of the next throw.
func (s *stream) next() uint {
	if s.left == 0 {
		s.word, s.left = s.draw(), throwsPerWord
	}
	t := s.word % 36
	s.word /= 36
	s.left--
	return uint(t)
}

// diceOf is the throw of index i.
func diceOf(i uint) Dice { return Dice{uint8(i/6 + 1), uint8(i%6 + 1)} }

// Simulate plays a strategy as cfg says and returns the exact sums. Each
// block of the run is played from a fresh table with its own stream of
// throws; workers take blocks as they come and their sums are merged, so
// the result is the same for any number of workers, and the merged
// results of every shard equal the whole run's. A strategy without a hook
// is compiled into one automaton derived from the Table playing its
// layout, and plays each roll with one table look-up (a session goes on on
// a Table from the roll after which its bankroll would not cover the
// layout); one with a hook plays a Table roll by roll. Both make no
// allocation per roll and give the same sums. It plays casino rules with
// dice; a configuration it cannot run (the private game, card craps, no
// rolls) is an error wrapping ErrSimulation, or the error of
// Strategy.Validate. It stops early with ctx's error if ctx is done.
func Simulate(ctx context.Context, cfg SimConfig) (SimResult, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("craps: simulate: %s: %w", fmt.Sprintf(format, a...), ErrSimulation)
	}
	switch {
	case cfg.Rules.Private:
		return SimResult{}, bad("the private game has no house to bank a strategy's layout")
	case cfg.Rules.Cards != NoCards:
		return SimResult{}, bad("card craps deals from a deck; the simulator throws dice")
	}
	if err := cfg.Strategy.Validate(cfg.Rules); err != nil {
		return SimResult{}, err
	}
	shards := max(cfg.Shards, 1)
	switch {
	case cfg.Mode > BySessions:
		return SimResult{}, bad("unknown mode %d", cfg.Mode)
	case cfg.N <= 0:
		return SimResult{}, bad("%d %v: at least one", cfg.N, cfg.Mode)
	case cfg.Shards < 0 || cfg.Shard < 0 || cfg.Shard >= shards:
		return SimResult{}, bad("shard %d of %d", cfg.Shard, cfg.Shards)
	case cfg.Workers < 0:
		return SimResult{}, bad("%d workers", cfg.Workers)
	}
	s := cfg.Session
	if cfg.Mode == BySessions {
		switch {
		case s.Bankroll <= 0 || s.Bankroll > MaxAmount:
			return SimResult{}, bad("a session needs a bankroll from 1 to %d", MaxAmount)
		case s.Target != 0 && s.Target <= s.Bankroll:
			return SimResult{}, bad("target %d is not above the bankroll %d", s.Target, s.Bankroll)
		case s.StopLoss < 0 || s.StopLoss > s.Bankroll || s.MaxRolls < 0:
			return SimResult{}, bad("stop-loss %d or roll limit %d", s.StopLoss, s.MaxRolls)
		case s.Target == 0 && s.MaxRolls == 0:
			return SimResult{}, bad("a session needs a target or a roll limit to end")
		}
	} else {
		cfg.Session = SessionLimits{}
	}
	size := int64(blockRolls)
	switch cfg.Mode {
	case ByShooters:
		size = blockShooters
	case BySessions:
		size = blockSessions
	}
	blocks := (cfg.N + size - 1) / size
	mine := (blocks - int64(cfg.Shard) + int64(shards) - 1) / int64(shards)
	out := SimResult{Strategy: cfg.Strategy.Name, Rules: cfg.Rules, Seed: cfg.Seed, Mode: cfg.Mode, N: cfg.N,
		Session: cfg.Session, Shards: shards, Parts: []int{cfg.Shard}, Engine: "table"}

	var auto *joint
	if cfg.Strategy.NewHook == nil && !cfg.general {
		auto = cachedJoint(cfg.Rules, cfg.Strategy.Layout)
	}
	if auto != nil {
		out.Engine = "compiled"
	}
	workers := cfg.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = int(min(int64(workers), max(mine, 1)))

	var (
		nextBlock atomic.Int64
		mu        sync.Mutex
		done      int64
		wg        sync.WaitGroup
	)
	parts := make([]SimResult, workers)
	for w := range parts {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			part := &parts[w]
			var gen *player
			var fast *jointRun
			if auto != nil {
				fast = auto.newRun(&cfg)
			} else {
				gen = newPlayer(&cfg)
			}
			for ctx.Err() == nil {
				k := nextBlock.Add(1) - 1
				if k >= mine {
					break
				}
				block := int64(cfg.Shard) + k*int64(shards)
				n := min(size, cfg.N-block*size)
				st := newStream(cfg.Seed, uint64(block))
				if fast != nil {
					fast.play(&st, cfg.Mode, n, part)
				} else {
					gen.play(&st, n, part)
				}
				part.Blocks++
				if cfg.Progress != nil {
					mu.Lock()
					done++
					cfg.Progress(done, mine)
					mu.Unlock()
				}
			}
			if fast != nil {
				fast.finish(part)
			}
		}(w)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return SimResult{}, err
	}
	for i := range parts {
		out.add(&parts[i])
	}
	return out, nil
}

// paidBet is the commission a bet on the layout was charged when made.
type paidBet struct {
	bet  Bet
	paid Amount
}

// player plays a strategy on a Table, roll by roll: the general engine.
type player struct {
	cfg    *SimConfig
	t      Table
	layout []Spot
	hook   Hook
	step   Step
	res    []Resolution
	paid   []paidBet
	// quiet is set when the last roll changed nothing the layout's
	// placements depend on, so that placing it again would do nothing.
	quiet bool
	prev  []Spot
}

// quietRoll reports whether a roll leaves keep nothing to do: no bet
// decided or moved, the puck where it was, and no 7 (after which all, tall
// and small may be made again, and a new shooter's fire bet). Bankrolls
// change only with a decision, so a bet skipped for want of money stays
// skipped. A hook that changes the layout makes the roll not quiet.
func quietRoll(before, after int8, total, resolved int) bool {
	return resolved == 0 && before == after && total != 7
}

// again places the layout after a roll, unless the roll was quiet; it
// reports whether a bet was skipped for want of money, or short as it was.
func (p *player) again(short bool) bool {
	if p.quiet {
		return short
	}
	return keep(&p.t, 0, p.layout)
}

func newPlayer(cfg *SimConfig) *player {
	p := &player{cfg: cfg, t: Table{rules: cfg.Rules}}
	if cfg.Strategy.NewHook != nil {
		p.hook = cfg.Strategy.NewHook()
	}
	return p
}

// reset clears the table for a new block or session, with the player
// seated holding bankroll, and places the layout.
func (p *player) reset(bankroll Amount) (short bool) {
	t := &p.t
	t.point, t.bets, t.house, t.shooter, t.handRolls, t.sinceSeven = 0, t.bets[:0], 0, 0, 0, 0
	if len(t.seats) == 0 {
		t.seats = []seat{{name: "player"}}
	}
	t.seats[0].bankroll = bankroll
	p.layout = append(p.layout[:0], p.cfg.Strategy.Layout...)
	if p.hook != nil {
		p.hook.Reset()
	}
	p.step = Step{Layout: p.layout}
	return keep(t, 0, p.layout)
}

// roll plays throw i: resolves the bets, records them in out, lets the
// hook react, and reports the roll's net result and the stakes it decided.
func (p *player) roll(i uint, out *SimResult) (net, staked Amount) {
	t := &p.t
	p.paid = p.paid[:0]
	for _, b := range t.bets {
		if b.paid != 0 {
			p.paid = append(p.paid, paidBet{b.bet, b.paid})
		}
	}
	comeOut := t.point == 0
	d := diceOf(i)
	before := t.point
	p.res, _ = t.Roll(d, p.res[:0])
	p.quiet = quietRoll(before, t.point, d.Total(), len(p.res))
	for k := range p.res {
		res := &p.res[k]
		if res.Outcome == OutcomeMoved {
			continue
		}
		paid := Amount(0)
		for _, x := range p.paid {
			if x.bet == res.Bet {
				paid = x.paid
			}
		}
		n, s := out.tally(res.Bet).record(res, paid)
		net += n
		staked += s
	}
	out.Rolls++
	if !comeOut && d.Total() == 7 {
		out.SevenOuts++
	}
	if net != 0 || staked != 0 { // most rolls decide nothing
		out.RollNetSq.add(product(int64(net), int64(net)))
		out.RollNetStaked.add(product(int64(net), int64(staked)))
		out.RollStakedSq.add(product(int64(staked), int64(staked)))
	}
	if p.hook != nil {
		s := &p.step
		s.Rolls++
		s.Dice, s.Point, s.Resolved, s.Net = d, int(t.point), p.res, net
		s.Bankroll, s.OnTable = t.seats[0].bankroll, p.onTable()
		p.prev = append(p.prev[:0], p.layout...)
		p.hook.React(s)
		if p.quiet && !slices.Equal(p.prev, p.layout) {
			p.quiet = false
		}
		s.Resolved = nil
	}
	return net, staked
}

func (p *player) onTable() Amount {
	sum := Amount(0)
	for _, b := range p.t.bets {
		sum += b.amount
	}
	return sum
}

// play plays one block of n rolls, shooters or sessions.
func (p *player) play(st *stream, n int64, out *SimResult) {
	switch p.cfg.Mode {
	case ByRolls:
		p.reset(MaxAmount)
		for range n {
			p.roll(st.next(), out)
			p.again(false)
		}
	case ByShooters:
		p.reset(MaxAmount)
		hand := Amount(0)
		for n > 0 {
			sevenOuts := out.SevenOuts
			net, _ := p.roll(st.next(), out)
			p.again(false)
			hand += net
			if out.SevenOuts != sevenOuts {
				out.record(hand)
				hand = 0
				n--
			}
		}
	case BySessions:
		for range n {
			p.session(st, out)
		}
	}
}

// record counts one outcome.
func (r *SimResult) record(v Amount) {
	if r.Outcomes == nil {
		r.Outcomes = Histogram{}
	}
	r.Outcomes[v]++
}

// session plays one session from the bankroll to its end.
func (p *player) session(st *stream, out *SimResult) {
	short := p.reset(p.cfg.Session.Bankroll)
	p.sessionFrom(st, out, short, 0, -1)
}

// sessionFrom plays a session on from the table as it stands, rolls
// rolls in; pending, if not negative, is a throw already drawn.
func (p *player) sessionFrom(st *stream, out *SimResult, short bool, rolls int64, pending int) {
	lim := &p.cfg.Session
	t := &p.t
	for {
		if short && len(t.bets) == 0 {
			out.Ends.Ruin++
			break
		}
		i := uint(pending)
		if pending < 0 {
			i = st.next()
		}
		pending = -1
		p.roll(i, out)
		rolls++
		if end := p.endOf(t.seats[0].bankroll+p.onTable(), rolls, &out.Ends); end != nil {
			*end++
			break
		}
		short = p.again(short)
	}
	out.SessionRolls += rolls
	out.record(t.seats[0].bankroll + p.onTable() - lim.Bankroll)
}

// endOf returns the counter in e of the way a session ends after a roll
// that leaves the player total on and off the layout, or nil if it goes on.
func (p *player) endOf(total Amount, rolls int64, e *SessionEnds) *int64 {
	lim := &p.cfg.Session
	switch {
	case p.step.Stop:
		return &e.Hook
	case lim.Target != 0 && total >= lim.Target:
		return &e.Target
	case lim.StopLoss != 0 && total <= lim.Bankroll-lim.StopLoss:
		return &e.StopLoss
	case lim.MaxRolls != 0 && rolls >= lim.MaxRolls:
		return &e.MaxRolls
	}
	return nil
}

// maxJointStates bounds the compiled automaton; a layout with more states
// plays on the general engine.
const maxJointStates = 1 << 14

// joint is a strategy's whole layout compiled into one automaton: every
// state the table can be in as the strategy plays it, and for each state
// and throw the next state and what the roll did to each bet. It is built
// by playing a Table (Table.Roll, then the strategy's placements) from
// each state over the 36 throws, so it holds no rule of its own.
type joint struct {
	// next[s*36+i] is 36 times the state that throw i leads to from s.
	next []uint32
	// sevenOut marks the transitions that end a hand; net is the roll's
	// net result for the player.
	sevenOut []bool
	net      []int64
	staked   []int64
	// deltas[from[k]:from[k+1]] is what transition k adds to each bet.
	from   []int32
	deltas []BetTally
	// For sessions, where the player's money is counted: credit is what a
	// transition's roll pays into the bankroll, cost what the placements
	// after it take out of it, mid and end the change of the player's
	// money on and off the layout after the roll and after the placements.
	credit, cost, mid, end []int64
	// states are the tables themselves, for a session handed to the Table
	// engine when the bankroll runs short; startCost and startEnd are the
	// first placements' cost and change of the player's money.
	states              []*Table
	startCost, startEnd int64
}

// jointState is the key of a table's state: everything a roll and the
// strategy's next placements depend on, the player's money aside.
func jointState(buf []byte, t *Table) []byte {
	buf = append(buf, byte(t.point), byte(min(t.handRolls, 1)), byte(min(t.sinceSeven, 1)))
	for _, p := range t.bets {
		buf = append(buf, byte(p.bet.Kind), byte(p.bet.Number), p.bet.Hop.A, p.bet.Hop.B,
			byte(p.state.point), byte(p.state.made), byte(p.state.made>>8), byte(p.working))
		for _, a := range []Amount{p.amount, p.paid} {
			for k := 0; k < 64; k += 8 {
				buf = append(buf, byte(a>>k))
			}
		}
	}
	return buf
}

// compileJoint compiles the layout under r, or returns nil if it has more
// than limit states or sums too large for the compiled engine.
func compileJoint(r Rules, layout []Spot, limit int) *joint {
	cfg := &SimConfig{Rules: r, Strategy: Strategy{Layout: layout}}
	start := newPlayer(cfg)
	start.reset(MaxAmount)
	startOn := start.onTable()
	sortBets(start.t.bets)
	j0 := int64(MaxAmount - start.t.seats[0].bankroll)
	start.t.seats[0].bankroll = MaxAmount // every state's money is unlimited
	states := []*Table{copyTable(nil, &start.t)}
	index := map[string]uint32{string(jointState(nil, states[0])): 0}
	j := &joint{from: []int32{0}, startCost: j0, startEnd: int64(startOn) - j0}
	var key []byte
	p := newPlayer(cfg)
	for s := 0; s < len(states); s++ {
		for i := uint(0); i < 36; i++ {
			copyTable(&p.t, states[s])
			t := &p.t
			on0 := p.onTable()
			var delta SimResult
			net, staked := p.roll(i, &delta)
			cashMid, onMid := t.seats[0].bankroll, p.onTable()
			keep(t, 0, layout)
			j.credit = append(j.credit, int64(cashMid-MaxAmount))
			j.cost = append(j.cost, int64(cashMid-t.seats[0].bankroll))
			j.mid = append(j.mid, int64(cashMid+onMid-MaxAmount-on0))
			j.end = append(j.end, int64(t.seats[0].bankroll+p.onTable()-MaxAmount-on0))
			t.handRolls, t.sinceSeven = min(t.handRolls, 1), min(t.sinceSeven, 1)
			t.seats[0].bankroll, t.house = MaxAmount, 0
			sortBets(t.bets)
			key = jointState(key[:0], t)
			next, ok := index[string(key)]
			if !ok {
				if len(states) >= limit {
					return nil
				}
				next = uint32(len(states))
				index[string(key)] = next
				states = append(states, copyTable(nil, t))
			}
			j.next = append(j.next, next*36)
			j.sevenOut = append(j.sevenOut, delta.SevenOuts > 0)
			j.net = append(j.net, int64(net))
			j.staked = append(j.staked, int64(staked))
			for _, d := range delta.Bets {
				if !d.NetSq.fits64() || !d.NetStaked.fits64() || !d.StakedSq.fits64() ||
					!product(int64(net), int64(net)).fits64() || !product(int64(staked), int64(staked)).fits64() ||
					!product(int64(net), int64(staked)).fits64() {
					return nil
				}
				j.deltas = append(j.deltas, d)
			}
			j.from = append(j.from, int32(len(j.deltas)))
		}
	}
	j.states = states
	return j
}

// sortBets puts the bets on a layout in one order. The order changes no
// money: Table.Roll decides each bet by itself, and keep places the
// layout in its own order (come odds by number).
func sortBets(bets []placed) {
	slices.SortFunc(bets, func(a, b placed) int {
		if betLess(a.bet, b.bet) {
			return -1
		}
		if betLess(b.bet, a.bet) {
			return 1
		}
		return 0
	})
}

// copyTable copies src into dst (a new Table if nil), reusing dst's
// slices; the compiled definitions are shared, as Clone shares them.
func copyTable(dst, src *Table) *Table {
	if dst == nil {
		dst = &Table{}
	}
	seats, bets := dst.seats, dst.bets
	*dst = *src
	dst.seats = append(seats[:0], src.seats...)
	dst.bets = append(bets[:0], src.bets...)
	return dst
}

// jointCache keeps the automata compiled lately, so that repeated runs of
// one layout (benchmarks, shards run in one process) compile it once.
var (
	jointCache   sync.Map // jointKey -> *joint, nil for a layout that does not compile
	jointEntries atomic.Int64
)

type jointKey struct {
	rules  Rules
	layout string
}

func cachedJoint(r Rules, layout []Spot) *joint {
	k := jointKey{r, fmt.Sprintf("%+v", layout)}
	if v, ok := jointCache.Load(k); ok {
		return v.(*joint)
	}
	j := compileJoint(r, layout, maxJointStates)
	if jointEntries.Add(1) > 64 {
		jointCache.Clear()
		jointEntries.Store(1)
	}
	jointCache.Store(k, j)
	return j
}

// jointRun is one worker's play of a joint automaton: how many times each
// transition was taken, folded into the sums at the end.
type jointRun struct {
	j      *joint
	counts []uint64
	// p plays the sessions whose bankroll runs short on the Table.
	p *player
}

func (j *joint) newRun(cfg *SimConfig) *jointRun {
	return &jointRun{j: j, counts: make([]uint64, len(j.next)), p: newPlayer(cfg)}
}

// session plays one session on the automaton while the bankroll covers
// every placement, and hands it to the Table engine, in the same state
// and with the same money, on the first roll after which it would not:
// the Table then skips the bets the player cannot afford, as it would
// have from the start.
func (r *jointRun) session(st *stream, out *SimResult) {
	j, p := r.j, r.p
	lim := &p.cfg.Session
	if int64(lim.Bankroll) < j.startCost {
		p.session(st, out)
		return
	}
	cash, total := int64(lim.Bankroll)-j.startCost, int64(lim.Bankroll)+j.startEnd
	s, rolls := uint32(0), int64(0)
	for {
		i := st.next()
		tr := s + uint32(i)
		cashMid, mid := cash+j.credit[tr], total+j.mid[tr]
		end := p.endOf(Amount(mid), rolls+1, &out.Ends)
		if end == nil && cashMid < j.cost[tr] {
			autos := p.t.autos
			copyTable(&p.t, j.states[s/36])
			p.t.autos = autos
			p.t.seats[0].bankroll = Amount(cash)
			p.layout = append(p.layout[:0], p.cfg.Strategy.Layout...)
			p.sessionFrom(st, out, false, rolls, int(i))
			return
		}
		r.counts[tr]++
		rolls++
		if end != nil {
			*end++
			out.SessionRolls += rolls
			out.record(Amount(mid) - lim.Bankroll)
			return
		}
		cash, total, s = cashMid-j.cost[tr], total+j.end[tr], j.next[tr]
	}
}

// play plays one block from the starting state.
func (r *jointRun) play(st *stream, mode SimMode, n int64, out *SimResult) {
	next, counts := r.j.next, r.counts
	if mode == BySessions {
		for range n {
			r.session(st, out)
		}
		return
	}
	if mode == ByRolls {
		s := uint32(0)
		for n > 0 {
			w := st.draw()
			k := min(n, throwsPerWord)
			n -= k
			for ; k > 0; k-- {
				tr := s + uint32(w%36)
				w /= 36
				counts[tr]++
				s = next[tr]
			}
		}
		return
	}
	s, hand := uint32(0), int64(0)
	sevenOut, net := r.j.sevenOut, r.j.net
	for n > 0 {
		tr := s + uint32(st.next())
		counts[tr]++
		s = next[tr]
		hand += net[tr]
		if sevenOut[tr] {
			out.record(Amount(hand))
			hand = 0
			n--
		}
	}
}

// finish folds the transition counts into out.
func (r *jointRun) finish(out *SimResult) {
	j := r.j
	for tr, c := range r.counts {
		if c == 0 {
			continue
		}
		n := int64(c)
		out.Rolls += n
		if j.sevenOut[tr] {
			out.SevenOuts += n
		}
		net, staked := j.net[tr], j.staked[tr]
		out.RollNetSq.add(product(n, net*net))
		out.RollNetStaked.add(product(n, net*staked))
		out.RollStakedSq.add(product(n, staked*staked))
		for k := j.from[tr]; k < j.from[tr+1]; k++ {
			d := &j.deltas[k]
			out.tally(d.Bet).scaled(d, n)
		}
		r.counts[tr] = 0
	}
	out.sortBets()
}
