package craps

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
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

// SessionLimits is how a session starts and ends. After each roll a
// session ends by the first that holds of: the strategy's stop, the
// target, the stop-loss, the roll limit. Ruin is found only when the
// player comes to make his next bets, so the last roll the limit allows
// never ends in ruin, even one that leaves him unable to cover another
// bet: that session ends by the roll limit. Simulate and
// Rules.AnalyzeSession count the ends alike.
type SessionLimits struct {
	// Bankroll is what the player brings.
	Bankroll Amount `json:"bankroll"`
	// Target ends the session once the player's money, on and off the
	// layout, reaches it; 0 is no target. It is at most MaxBalance.
	Target Amount `json:"target"`
	// StopLoss ends the session once the player has lost this much; 0 is
	// none. The player is ruined anyway when the bankroll cannot cover the
	// next bet and nothing is left on the layout.
	StopLoss Amount `json:"stop_loss"`
	// MaxRolls ends the session after that many rolls; 0 is no limit.
	MaxRolls int64 `json:"max_rolls"`
}

// otherResult is the result of other player i before any roll: who he is,
// his strategy and, in sessions, the bankroll he brings (in other modes a
// bankroll changes nothing).
func (cfg *SimConfig) otherResult(i int) PlayerResult {
	o := &cfg.Others[i]
	p := PlayerResult{Name: o.Name, Strategy: o.Strategy.Name, StrategyText: o.Strategy.String(), Hooked: o.Strategy.NewHook != nil}
	if cfg.Mode == BySessions {
		p.Bankroll = cmp.Or(o.Bankroll, cfg.Session.Bankroll)
	}
	return p
}

// neverEnds says which player's sessions, played without a roll limit,
// could never end, or "": one whose strategy never makes a bet, and so
// can neither win to a target nor lose. It knows that of a strategy
// without a hook whose automaton compiles (until stop is set); the
// table's session lasts until every player's has ended.
func (cfg *SimConfig) neverEnds(stop *atomic.Bool) string {
	players := append([]SimPlayer{{Name: firstPlayer, Strategy: cfg.Strategy}}, cfg.Others...)
	for _, o := range players {
		if o.Strategy.NewHook != nil {
			continue
		}
		dice := cfg.Rules
		dice.Cards = NoCards // the deck changes the throws, not which bets are made
		if betsNothingAt(dice, &o.Strategy, stop) {
			return fmt.Sprintf("player %q: the strategy never makes a bet, so a session without a roll limit would never end", o.Name)
		}
	}
	return ""
}

// invalid says what is wrong with the limits of a session, or "".
func (s SessionLimits) invalid() string {
	switch {
	case s.Bankroll <= 0 || s.Bankroll > MaxAmount:
		return fmt.Sprintf("a session needs a bankroll from 1 to %d", MaxAmount)
	case s.Target != 0 && (s.Target <= s.Bankroll || s.Target > MaxBalance):
		return fmt.Sprintf("target %d is not above the bankroll %d and at most %d", s.Target, s.Bankroll, MaxBalance)
	case s.StopLoss < 0 || s.StopLoss > s.Bankroll || s.MaxRolls < 0:
		return fmt.Sprintf("stop-loss %d or roll limit %d", s.StopLoss, s.MaxRolls)
	case s.Target == 0 && s.MaxRolls == 0:
		return "a session needs a target or a roll limit to end"
	}
	return ""
}

// SimConfig is one simulation run.
type SimConfig struct {
	Rules Rules
	// Strategy is the first player's. His results are the SimResult's.
	Strategy Strategy
	// Others are more players at the same table, seated after the first,
	// each betting by his own strategy on the same dice, with his own
	// tallies in SimResult.Others. A run with others plays on the Table
	// engine. With the first, they are at most MaxPlayers.
	Others []SimPlayer
	Seed   uint64
	Mode   SimMode
	// N is how many rolls, shooters or sessions the whole run plays,
	// from 1 to MaxSimN.
	N int64
	// Session is the limits of each session, for BySessions.
	Session SessionLimits
	// Workers is how many goroutines play blocks, at most 4,096; 0 is
	// runtime.GOMAXPROCS. The result's sums do not depend on it (its
	// EngineNote may: see SimResult).
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

// SimPlayer is a player at the simulator's table besides the first.
type SimPlayer struct {
	// Name names him at the table and in results; the first player is
	// "player".
	Name     string
	Strategy Strategy
	// Bankroll is what he brings to each session; 0 is
	// SimConfig.Session's Bankroll. His target and stop-loss are the
	// first player's, as gains and losses from what he brings.
	Bankroll Amount `json:"bankroll"`
}

// maxWorkers bounds SimConfig.Workers: each holds a result of its own.
const maxWorkers = 1 << 12

// ErrSimulation is wrapped by Simulate for a configuration it cannot run
// and by MergeResults for results that are not parts of one run.
var ErrSimulation = errors.New("invalid simulation")

// MaxSimN is the largest N a simulation takes: 2^56 rolls, shooters or
// sessions, far beyond what any cluster plays, which keeps every count
// of a run, and of the shards of one, exact in an int64.
const MaxSimN = 1 << 56

// Simulate plays a strategy as cfg says and returns the exact sums. Each
// block of the run is played from a fresh table with its own stream of
// throws; workers take blocks as they come and their sums are merged, so
// the result is the same for any number of workers, and the merged
// results of every shard equal the whole run's. A strategy is compiled,
// with its memory, into automata derived from the Table playing its
// actions (one for each group of actions that plays independently, see
// Strategy), and plays each roll with a table look-up for each (a
// session goes on on a Table from the roll after which its bankroll would
// not cover its bets). The automata compiled are kept for later runs of
// the same strategy under the same rules, up to 65,536 states in all
// (some 250 MB), for as long as the process lives. A hook is shown each
// roll from the automaton while it keeps no bets of its own, and the run
// goes on on a Table, roll by roll, from the
// roll after which it keeps one (a hook's sessions, and several players,
// play a Table throughout). Both engines make no allocation per roll and
// give the same sums. It plays casino rules, with dice or cards: under
// card rules (Rules.Cards) each block deals from its own Deck, seeded
// from the block's stream, on the Table engine, as Table.Deal plays it
// (the compiled automaton's loop throws independent dice). Under a law of
// the dice other than fair (Rules.Dice) every throw is drawn from it,
// exactly, on either engine. It plays the
// private game (Rules.Private) on the Table engine, with two players at
// least: before each throw their strategies make the center bet, the
// fades and the side bets between them through the Table's own calls (see
// Action), and each player's tallies count his side of each bet at its
// odds (BetTally's Against and Odds); the dice pass clockwise at each
// seven-out, the first player shooting first in each block and session.
// A configuration it cannot run (no rolls, more than MaxSimN, the private
// game with one player or with cards, a side bet's opponent not at the
// table, sessions of the private game without a roll limit, sessions
// without a roll limit of a player whose strategy never makes a bet) is
// an error wrapping ErrSimulation, or the error of Strategy.Validate. (A
// session without a roll limit that a hook, or a strategy that stops
// betting, leaves with nothing to decide runs until ctx is done.) Every
// sum is exact: money in 128 bits, its squares in 192; a hand
// (ByShooters) whose net result would not fit in an Amount, which the
// Outcomes histogram counts by, stops the run with an error wrapping
// ErrOverflow. It stops early with ctx's error if ctx is done: that error
// is ctx.Err() itself (context.Canceled or context.DeadlineExceeded),
// which wraps none of the package's sentinels. A nil ctx is an error
// wrapping ErrSimulation.
func Simulate(ctx context.Context, cfg SimConfig) (SimResult, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("craps: simulate: %s: %w", fmt.Sprintf(format, a...), ErrSimulation)
	}
	if ctx == nil {
		return SimResult{}, bad("nil context")
	}
	if cfg.Rules.Private && cfg.Rules.Cards != NoCards {
		return SimResult{}, bad("the private game is played with dice")
	}
	if len(cfg.Others) >= MaxPlayers {
		return SimResult{}, bad("%d players: a table seats at most %d", len(cfg.Others)+1, MaxPlayers)
	}
	if err := cfg.Strategy.Validate(cfg.Rules); err != nil {
		return SimResult{}, err
	}
	names := map[string]bool{firstPlayer: true}
	for _, o := range cfg.Others {
		switch {
		case names[o.Name] || o.Name == "":
			return SimResult{}, bad("player %q: every player needs a name of his own", o.Name)
		case o.Bankroll < 0 || o.Bankroll > MaxAmount:
			return SimResult{}, bad("player %q: a bankroll from 0 to %d", o.Name, MaxAmount)
		}
		names[o.Name] = true
		if err := o.Strategy.Validate(cfg.Rules); err != nil {
			return SimResult{}, fmt.Errorf("craps: simulate: player %q: %w", o.Name, err)
		}
	}
	if cfg.Rules.Private {
		if err := cfg.privateGame(names); err != nil {
			return SimResult{}, err
		}
	}
	shards := max(cfg.Shards, 1)
	switch {
	case cfg.Mode > BySessions:
		return SimResult{}, bad("unknown mode %d", cfg.Mode)
	case cfg.N <= 0 || cfg.N > MaxSimN:
		return SimResult{}, bad("%d %v: from 1 to %d", cfg.N, cfg.Mode, int64(MaxSimN))
	case cfg.Shards < 0 || cfg.Shard < 0 || cfg.Shard >= shards:
		return SimResult{}, bad("shard %d of %d", cfg.Shard, cfg.Shards)
	case cfg.Workers < 0 || cfg.Workers > maxWorkers:
		return SimResult{}, bad("%d workers: from 0 to %d", cfg.Workers, maxWorkers)
	}
	if cfg.Mode == BySessions {
		if why := cfg.Session.invalid(); why != "" {
			return SimResult{}, bad("%s", why)
		}
	} else {
		cfg.Session = SessionLimits{}
	}
	size := blockSize(cfg.Mode)
	mine := blocksOf(cfg.N, size, cfg.Shard, shards)
	out := SimResult{Strategy: cfg.Strategy.Name, StrategyText: cfg.Strategy.String(), Hooked: cfg.Strategy.NewHook != nil,
		Rules: cfg.Rules, Seed: cfg.Seed, Mode: cfg.Mode, N: cfg.N,
		Session: cfg.Session, Shards: shards, Parts: []int{cfg.Shard}, Engine: "table"}
	for i := range cfg.Others { // named even in a shard that plays no block
		out.Others = append(out.Others, cfg.otherResult(i))
	}

	var stop atomic.Bool // ctx is done: the compiling and a block in play stop too
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	if cfg.Mode == BySessions && cfg.Session.MaxRolls == 0 {
		if why := cfg.neverEnds(&stop); why != "" {
			return SimResult{}, bad("%s", why)
		}
	}
	var auto *joint
	var autoKey jointKey
	run := cfg // what the compiled engine's Table plays where it takes over
	played := &run.Strategy
	// A hook is shown each roll from the automaton while it keeps no bets
	// (but in sessions, and for a strategy whose actions could do more if
	// run twice, as happens when the Table engine takes over).
	hookFree := cfg.Strategy.NewHook == nil ||
		cfg.Mode != BySessions && !newProgram(&cfg.Rules, cfg.Strategy.Actions).reads(FactRolled, FactHas, FactBets)
	switch {
	case !hookFree:
		out.EngineNote = "the strategy's Go hook reads the table before every roll"
	case len(cfg.Others) != 0:
		out.EngineNote = "other players share the table"
	case cfg.Rules.Cards != NoCards:
		out.EngineNote = "card craps: each draw depends on the cards dealt"
	case !cfg.general:
		auto, autoKey, *played = cachedJoint(cfg.Rules, &cfg.Strategy, cfg.Mode == BySessions, &stop)
	}
	if stop.Load() {
		return SimResult{}, ctx.Err()
	}
	if auto != nil {
		out.Engine = "compiled"
	}
	workers := cfg.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = int(min(int64(workers), max(mine, 1)))

	var law *throwSampler
	if !cfg.Rules.fairDice() {
		s := newThrowSampler(&cfg.Rules.Dice)
		law = &s
	}
	var (
		nextBlock atomic.Int64
		mu        sync.Mutex
		done      int64
		wg        sync.WaitGroup
	)
	parts := make([]SimResult, workers)
	workerJoints := make([]*joint, workers) // each worker's automaton, as far as it built it
	var budget atomic.Int64                 // the states the workers may add, together
	if auto != nil {
		budget.Store(int64(maxJointStates - auto.size()))
	}
	for w := range parts {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			part := &parts[w]
			var gen *player
			var fast runner
			if auto != nil {
				workerJoints[w] = auto.clone(&run)
				workerJoints[w].share(&budget)
				fast = workerJoints[w].newRunner(&run, &stop)
			} else {
				gen = newPlayer(&cfg)
				gen.settle()
				gen.stop = &stop
			}
			for ctx.Err() == nil && !part.overflow {
				k := nextBlock.Add(1) - 1
				if k >= mine {
					break
				}
				block := int64(cfg.Shard) + k*int64(shards)
				n := min(size, cfg.N-block*size)
				st := newStream(cfg.Seed, uint64(block))
				st.law = law
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
	for _, j := range workerJoints {
		switch {
		case j == nil:
		case j.failed == "":
			keepJoint(autoKey, j)
		case out.EngineNote == "":
			out.EngineNote = fmt.Sprintf("the Table played on where the compiled engine could not (%s)", j.failed)
		}
	}
	summed := true
	for i := range parts {
		summed = out.add(&parts[i]) && summed
	}
	switch {
	case out.overflow:
		return SimResult{}, fmt.Errorf("craps: simulate: a hand's net result passed %d: %w", int64(math.MaxInt64), ErrOverflow)
	case !summed:
		return SimResult{}, fmt.Errorf("craps: simulate: a count or sum of the run passed what it can hold: %w", ErrOverflow)
	}
	return out, nil
}

// privateGame checks a run of the private game, whose players are names:
// two at least, as every bet is between two, each opponent a strategy
// names another player at the table, and sessions with a roll limit, as
// a player's bets need another's, who may have left, or never bet.
func (cfg *SimConfig) privateGame(names map[string]bool) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("craps: simulate: %s: %w", fmt.Sprintf(format, a...), ErrSimulation)
	}
	switch {
	case len(cfg.Others) == 0:
		return bad("the private game's bets are between players: seat another (Others)")
	case cfg.Mode == BySessions && cfg.Session.MaxRolls == 0:
		return bad("sessions of the private game need a roll limit: a player's bets need another player, who may have left")
	}
	check := func(who string, s *Strategy) error {
		for _, a := range s.Actions {
			if a.Opponent != "" && (!names[a.Opponent] || a.Opponent == who) {
				return bad("player %q bets with %q, who is not another player at the table", who, a.Opponent)
			}
		}
		return nil
	}
	if err := check(firstPlayer, &cfg.Strategy); err != nil {
		return err
	}
	for i := range cfg.Others {
		if err := check(cfg.Others[i].Name, &cfg.Others[i].Strategy); err != nil {
			return err
		}
	}
	return nil
}

// blockSize is the number of rolls, shooters or sessions in a block.
func blockSize(m SimMode) int64 {
	switch m {
	case ByShooters:
		return blockShooters
	case BySessions:
		return blockSessions
	}
	return blockRolls
}

// blocksOf is the number of blocks of size a run of n has whose index is
// shard modulo shards.
func blocksOf(n, size int64, shard, shards int) int64 {
	blocks := n / size
	if n%size != 0 {
		blocks++
	}
	if int64(shard) >= blocks {
		return 0
	}
	return (blocks-int64(shard)-1)/int64(shards) + 1
}
