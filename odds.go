package craps

import (
	"fmt"
	"math/big"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Analysis is the exact long-run figures of one bet under one Rules. Every
// field is a fresh *big.Rat that the caller owns.
//
// The figures follow one decision of the bet: a place bet that wins and
// stays up starts a new bet. The bet is assumed to work on every roll it
// stands (as published tables assume); rolls on which it is off change
// nothing and are not counted. Commission is at its exact rate, before
// any rounding to the table's unit or minimum.
type Analysis struct {
	Bet Bet
	// Note names a way of playing the bet other than leaving it to its
	// decision ("taken down at its point"); empty for the bet itself.
	Note string
	// Pays describes the payouts: "7:6", or "1:1, 2:1 on 2, 3:1 on 12".
	Pays string
	// Win, Lose and Push are the probabilities of each decision; they sum to 1.
	Win, Lose, Push *big.Rat
	// Return is the expected net result of a bet of one unit, commission
	// included: negative when the house has the edge.
	Return *big.Rat
	// Wagered is the expected amount put at risk per unit bet: 1, plus a
	// commission paid when the bet is made, even one given back if the
	// bet loses (CommissionUpfrontReturned), as the player puts it up with
	// the bet. That commission moves the same money as one taken from the
	// win only, whose edge is per the stake alone: buy 4 costs 1/63 of
	// the 21 put up, against 1/60 of the 20 bet.
	Wagered *big.Rat
	// Rolls is the expected number of rolls to the decision.
	Rolls *big.Rat
	// EdgePerBet is the house edge per amount wagered, -Return/Wagered.
	// EdgePerResolved leaves pushes out: EdgePerBet/(1-Push). EdgePerRoll is
	// EdgePerBet/Rolls. EdgePerResolved is nil for a bet that always pushes.
	EdgePerBet, EdgePerResolved, EdgePerRoll *big.Rat
	// Simulated is 0 when every figure is exact. Under card rules a bet
	// whose states and the deck's are too many to follow exactly (all,
	// tall and small, other bets on all of a set of totals, the
	// repeaters, the Hot Shooter, Different Doubles and Bonus Craps) is
	// simulated instead: Simulated is the number of
	// decisions played, the figures are their means (each a fraction of
	// counts), and EdgeStdErr is the standard error of EdgePerBet.
	Simulated  int64
	EdgeStdErr float64
}

// TrueOdds is the odds against the bet winning, pushes left out, as the
// exact fraction Lose/Win: 251/244 is 251 to 244 against, the pass line's;
// 35 (35/1) is 35 to 1 against. A payout at these odds makes the bet
// fair. It is nil for a bet that never wins (and for the zero Analysis).
// Odds are exact fractions throughout the package, like every other
// figure of the analysis; Ratio is a payout, the money a table pays.
func (a Analysis) TrueOdds() *big.Rat {
	if a.Win == nil || a.Lose == nil {
		return nil
	}
	return oddsOf(a.Lose, a.Win)
}

// oddsOf is the odds lose to win as a fraction, nil if win is zero.
func oddsOf(lose, win *big.Rat) *big.Rat {
	if win.Sign() == 0 {
		return nil
	}
	return new(big.Rat).Quo(lose, win)
}

// Analyze computes the exact figures of bet b under r by walking the
// states of its definition (the same one Table.Roll plays) over the 36
// throws and solving for the probabilities of each decision. In the
// private game every bet is figured at even money, the backer's edge;
// AnalyzeSide figures it at any agreed odds. Odds, put,
// place, buy and lay bets need their Number; a come or don't come bet
// without one is analysed from its own come-out. It returns an error
// wrapping ErrInvalidRules if r does not validate, ErrNotOffered or
// ErrSyntax if r does not take b.
//
// # Card rules
//
// Under card rules (r.Cards set) the figures are the cards', never the
// dice's: a throw's chances depend on the deck, and the deck on the game,
// so the analysis follows the bet, the shooter's point and the cards
// dealt since the last shuffle together, and a bet's figures depend on
// the moment it is made. Line bets, one-roll bets, the fire, all, tall
// and small bets and the private game's center bet and propositions are
// made on a come-out, from a full deck. Odds behind the line and the
// private game's point bet are made the moment the come-out sets their
// point, and every other bet (come, put, place, buy, lay, odds on come
// bets, big 6 and 8, hardways, number bets) the moment the come-out sets
// any point (each point as often as the come-out sets it), from the deck
// as it then stands: a full deck, or, under CardsPairKept, a full deck
// less the come-out pair. As with dice the bet then works on every throw
// until it is decided, while the deck follows the game: shuffled after
// every decision of the shooter's point and when it runs out, and under
// CardsPairReturned after every come-out. Every figure is exact, counted
// over the orders of the deck's ranks, except where a bet's states and the
// deck's are too many to follow (all, tall and small and the other bets on
// all of a set of totals, and the repeaters, whose state is the totals
// thrown, and the Hot Shooter, Different Doubles and Bonus Craps, whose
// state is their count): those are simulated, and Analysis.Simulated says
// so.
func (r Rules) Analyze(b Bet) (Analysis, error) {
	if err := r.Validate(); err != nil {
		return Analysis{}, err
	}
	if err := r.Offers(b); err != nil {
		return Analysis{}, err
	}
	if (b.Kind == PassOdds || b.Kind == DontPassOdds) && b.Number == 0 {
		return Analysis{}, fmt.Errorf("craps: analyze %v: odds need the point they are on: %w", b, ErrSyntax)
	}
	return r.analyze(b, false), nil
}

// analyze solves the chain of bet b. With downAtPoint the player takes a
// contract bet down (a push) the moment it moves to a point. Under card
// rules the deck's state enters the chain (analyzeCards).
func (r *Rules) analyze(b Bet, downAtPoint bool) Analysis {
	if b.Kind == AllHardways {
		return r.analyzeAllHardways()
	}
	a, rows := r.betSteps(b, downAtPoint)
	pays := describePays(r, b, a, rows)
	if r.Cards != NoCards {
		return r.analyzeCards(b, rows, pays, downAtPoint)
	}
	return r.figures(b, r.buildChain(rows).solve(), pays, downAtPoint)
}

// figures completes the analysis of bet b from the solved quantities v:
// the return with commission, and the edges.
func (r *Rules) figures(b Bet, v [nq]*big.Rat, pays string, downAtPoint bool) Analysis {
	a := Analysis{Bet: b, Pays: pays, Win: v[qWin], Lose: v[qLose], Push: v[qPush], Rolls: v[qRolls]}
	if downAtPoint {
		a.Note = "taken down at its point"
	}
	a.Return = new(big.Rat).Sub(v[qGross], a.Lose)
	a.Wagered = big.NewRat(1, 1)
	if com := r.commission(b.Kind); com != nil {
		rate := com.rate().Rat()
		// win is what one winning unit bet is paid: one fixed ratio for
		// buy and lay, read from the bet's definition (so that a bet the
		// dice never let win still pays its commission). per is the
		// commission on a unit bet, never more than that win.
		win := b.fixedPays(r).Rat()
		per := new(big.Rat).Set(rate)
		if com.Base == CommissionOnWin || (com.Base == CommissionStandardBase && b.Kind == Lay) {
			per.Mul(rate, win)
		}
		if per.Cmp(win) > 0 {
			per.Set(win)
		}
		charged := per // expected commission: kept whatever the decision
		if !com.Timing.keptOnLoss() {
			charged = new(big.Rat).Mul(per, a.Win)
		}
		a.Return.Sub(a.Return, charged)
		if com.Timing.upfront() {
			a.Wagered.Add(a.Wagered, per)
		}
	}
	a.setEdges()
	return a
}

// fixedPays is the payout of a bet that pays one ratio whatever wins it
// (buy and lay bets): the first throw that wins it, from its own state,
// as its definition pays it; 0:1 for a bet no throw wins.
func (b Bet) fixedPays(r *Rules) Ratio {
	for _, d := range AllDice() {
		if e := b.roll(r, b.start(), d); e.verdict == wins {
			return e.pays
		}
	}
	return Ratio{0, 1}
}

// setEdges fills in the edges from Return, Wagered, Push and Rolls.
func (a *Analysis) setEdges() {
	a.EdgePerBet = new(big.Rat).Quo(new(big.Rat).Neg(a.Return), a.Wagered)
	if resolved := new(big.Rat).Sub(big.NewRat(1, 1), a.Push); resolved.Sign() != 0 {
		a.EdgePerResolved = new(big.Rat).Quo(a.EdgePerBet, resolved)
	}
	a.EdgePerRoll = new(big.Rat).Quo(a.EdgePerBet, a.Rolls)
}

// analyzeAllHardways figures all the hardways, a quarter of the bet on each
// hardway, from the four hardway bets' own figures: each unit of it rides
// on one of them, so its chances, return and rolls to a decision are the
// average of theirs.
func (r *Rules) analyzeAllHardways() Analysis {
	a := Analysis{Bet: Bet{Kind: AllHardways}, Win: new(big.Rat), Lose: new(big.Rat), Push: new(big.Rat),
		Return: new(big.Rat), Rolls: new(big.Rat), Wagered: big.NewRat(1, 1)}
	quarter := big.NewRat(1, int64(len(hardways)))
	var pays []string
	on := map[string][]string{}
	for _, b := range hardways {
		h := r.analyze(b, false)
		for _, f := range []struct{ sum, part *big.Rat }{{a.Win, h.Win}, {a.Lose, h.Lose}, {a.Push, h.Push},
			{a.Return, h.Return}, {a.Rolls, h.Rolls}} {
			f.sum.Add(f.sum, new(big.Rat).Mul(quarter, f.part))
		}
		if on[h.Pays] == nil {
			pays = append(pays, h.Pays)
		}
		on[h.Pays] = append(on[h.Pays], strconv.Itoa(b.Number))
	}
	for i, p := range pays {
		pays[i] = p + " on " + strings.Join(on[p], ", ")
	}
	a.Pays = "a quarter each: " + strings.Join(pays, "; ")
	a.setEdges()
	return a
}

// The quantities solved for in each state of a bet's chain.
const (
	qWin   = iota // probability of winning
	qLose         // of losing
	qPush         // of a push
	qGross        // expected payout of wins, per unit bet
	qRolls        // expected rolls to the decision
	nq
)

// chain is the graph of a bet's states: from each, the weight of the ways
// to each other state, out of the weight of every way out of it.
type chain struct {
	// out[i] weighs the ways from state i to each other state; self[i]
	// those that leave it where it is; total[i] every way out of it (the
	// weights of the 36 throws of the dice, 36 for fair dice; under card
	// rules, the orders of a full deck); term[i] sums what the deciding
	// ways contribute, each weighted.
	out   []map[int]*big.Int
	self  []*big.Int
	total []*big.Int
	term  [][nq]*big.Rat
}

// betSteps compiles bet b under r and returns its automaton with the
// steps the analysis plays: a line bet taken down the moment it moves to a
// point pushes (downAtPoint), and the private game's bets pay even money.
func (r *Rules) betSteps(b Bet, downAtPoint bool) (*automaton, [][36]step) {
	a := compile(r, b)
	rows := make([][36]step, len(a.states))
	for i, s := range a.states {
		for x, st := range a.steps[i] {
			if downAtPoint && st.verdict == stays && s.point == 0 && a.states[st.next].point != 0 {
				st = step{verdict: pushes}
			}
			if r.Private && st.verdict == wins {
				st.pays = evenMoney // players bet at what they agree; AnalyzeSide takes any odds
			}
			rows[i][x] = st
		}
	}
	return a, rows
}

// buildChain reads a bet's steps, the same ones Table.Roll plays, into
// the chain the solver works on, each throw weighed by r's dice.
func (r *Rules) buildChain(rows [][36]step) *chain {
	num, den := r.throwWeights()
	return chainOf(rows, num, den)
}

// chainOf is the chain of a bet's steps with each throw x weighed num[x]
// of den.
func chainOf(rows [][36]step, num [36]int64, den int64) *chain {
	n := len(rows)
	c := &chain{out: make([]map[int]*big.Int, n), self: make([]*big.Int, n), total: make([]*big.Int, n),
		term: make([][nq]*big.Rat, n)}
	w := new(big.Rat)
	for i, row := range rows {
		out := map[int]int64{}
		self := int64(0)
		var term [nq]*big.Rat
		for q := range term {
			term[q] = new(big.Rat)
		}
		term[qRolls].SetInt64(den)
		for x, st := range row {
			if num[x] == 0 {
				continue
			}
			w.SetInt64(num[x])
			switch st.verdict {
			case stays:
				if int(st.next) == i {
					self += num[x]
				} else {
					out[int(st.next)] += num[x]
				}
			case wins:
				term[qWin].Add(term[qWin], w)
				term[qGross].Add(term[qGross], new(big.Rat).Mul(w, st.pays.Rat()))
			case loses:
				term[qLose].Add(term[qLose], w)
			case pushes:
				term[qPush].Add(term[qPush], w)
			}
		}
		c.out[i] = map[int]*big.Int{}
		for j, k := range out {
			c.out[i][j] = big.NewInt(k)
		}
		c.self[i], c.total[i], c.term[i] = big.NewInt(self), big.NewInt(den), term
	}
	return c
}

// solve returns the quantities of the start state. States are solved one
// strongly connected group at a time, groups that others lead into first
// (Tarjan's order), so each group's equations only involve its own states
// and already-solved ones. Most groups are a single state with throws that
// leave it unchanged; a fire bet's come-out and point states form small
// cycles, solved by elimination.
func (c *chain) solve() [nq]*big.Rat {
	n := len(c.total)
	val := make([][nq]*big.Rat, n)
	idx, low := make([]int, n), make([]int, n)
	onStack := make([]bool, n)
	for i := range idx {
		idx[i] = -1
	}
	var stack []int
	next := 0
	var visit func(v int)
	visit = func(v int) {
		idx[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for w := range c.out[v] {
			if idx[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], idx[w])
			}
		}
		if low[v] != idx[v] {
			return
		}
		var group []int
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			group = append(group, w)
			if w == v {
				break
			}
		}
		c.solveGroup(group, val)
	}
	visit(0)
	return val[0]
}

// solveGroup solves the states of one strongly connected group:
// (total_i-self_i) q_i - sum_j n_ij q_j = term_i + sum_k n_ik q_k, j in
// the group, k already solved.
func (c *chain) solveGroup(group []int, val [][nq]*big.Rat) {
	if len(group) == 1 { // the common case, without a matrix
		s := group[0]
		k, sum := new(big.Rat), new(big.Rat)
		left := new(big.Rat).SetInt(new(big.Int).Sub(c.total[s], c.self[s]))
		for q := range val[s] {
			sum.Set(c.term[s][q])
			for t, count := range c.out[s] {
				sum.Add(sum, k.Mul(k.SetInt(count), val[t][q]))
			}
			val[s][q] = new(big.Rat).Quo(sum, left)
		}
		return
	}
	pos := map[int]int{}
	for i, s := range group {
		pos[s] = i
	}
	m := len(group)
	// a is the m x m system, rhs its m x nq right-hand sides.
	a := make([][]*big.Rat, m)
	rhs := make([][nq]*big.Rat, m)
	for i, s := range group {
		a[i] = make([]*big.Rat, m)
		for j := range a[i] {
			a[i][j] = new(big.Rat)
		}
		a[i][i].SetInt(new(big.Int).Sub(c.total[s], c.self[s]))
		for q := range rhs[i] {
			rhs[i][q] = new(big.Rat).Set(c.term[s][q])
		}
		for t, count := range c.out[s] {
			k := new(big.Rat).SetInt(count)
			if j, in := pos[t]; in {
				a[i][j].Sub(a[i][j], k)
				continue
			}
			for q := range rhs[i] {
				rhs[i][q].Add(rhs[i][q], new(big.Rat).Mul(k, val[t][q]))
			}
		}
	}
	// Gauss-Jordan elimination; the diagonal never vanishes, since every
	// state reaches a decision (a 7 decides or moves every bet).
	for col := 0; col < m; col++ {
		p := col
		for a[p][col].Sign() == 0 {
			p++
		}
		a[col], a[p] = a[p], a[col]
		rhs[col], rhs[p] = rhs[p], rhs[col]
		for row := 0; row < m; row++ {
			if row == col || a[row][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[row][col], a[col][col])
			for j := col; j < m; j++ {
				a[row][j].Sub(a[row][j], new(big.Rat).Mul(f, a[col][j]))
			}
			for q := range rhs[row] {
				rhs[row][q].Sub(rhs[row][q], new(big.Rat).Mul(f, rhs[col][q]))
			}
		}
	}
	for i, s := range group {
		for q := range rhs[i] {
			val[s][q] = rhs[i][q].Quo(rhs[i][q], a[i][i])
		}
	}
}

// winLabel is what a payout depends on, for describing a bet's payouts:
// the tier of its count for a bet on a count ("4 points", "16-23
// throws"), all or all but one for an all-of-a-set bet, the total
// otherwise.
func winLabel(r *Rules, b Bet, s betState, d Dice) string {
	if c := b.Kind.handCount(); c != noHandCount {
		p := r.handPaytable(b.Kind)
		next, _ := r.handStep(c, p.top().From, s, d)
		return handLabel(c, p, c.of(next))
	}
	switch b.Kind {
	case All, Tall, Small:
		if d.Total() == 7 {
			return "all but one"
		}
		return "all"
	case MuggsysCorner:
		if s.point == 0 {
			return "a come-out 7"
		}
		return "a point-7"
	}
	return strconv.Itoa(d.Total())
}

// describePays prints the payouts of bet b's steps: the one payout, or
// the one on most (state, throw) pairs first and the others with what they
// are paid on.
func describePays(r *Rules, b Bet, a *automaton, rows [][36]step) string {
	if b.Kind.handCount() != noHandCount || b.Kind == MuggsysCorner {
		return describeTiers(r, b, a, rows)
	}
	byRatio := map[Ratio][]string{}
	count := map[Ratio]int{}
	dice := AllDice()
	for i, row := range rows {
		for x, st := range row {
			if st.verdict != wins {
				continue
			}
			label := winLabel(r, b, a.states[i], dice[x])
			if !containsString(byRatio[st.pays], label) {
				byRatio[st.pays] = append(byRatio[st.pays], label)
			}
			count[st.pays]++
		}
	}
	ratios := make([]Ratio, 0, len(byRatio))
	for p := range byRatio {
		ratios = append(ratios, p)
	}
	if len(ratios) == 0 {
		return "never pays"
	}
	sort.Slice(ratios, func(i, j int) bool {
		if count[ratios[i]] != count[ratios[j]] {
			return count[ratios[i]] > count[ratios[j]]
		}
		return ratios[i].Win*ratios[j].Stake < ratios[j].Win*ratios[i].Stake
	})
	parts := []string{ratios[0].String()}
	for _, p := range ratios[1:] {
		labels := byRatio[p]
		sort.Slice(labels, func(i, j int) bool { return labelLess(labels[i], labels[j]) })
		parts = append(parts, p.String()+" on "+strings.Join(labels, ", "))
	}
	if len(ratios) > 1 && (b.Kind == All || b.Kind == Tall || b.Kind == Small) {
		labels := byRatio[ratios[0]] // name the commonest tier too
		parts[0] += " on " + strings.Join(labels, ", ")
	}
	return strings.Join(parts, ", ")
}

// describeTiers prints the payouts of a bet on a count, tier by tier as
// its steps pay them, pushes included: "push on 2 wins, 1:1 on 3 wins,
// ..."; and Muggsy's Corner's by what it wins on.
func describeTiers(r *Rules, b Bet, a *automaton, rows [][36]step) string {
	type tier struct {
		label string
		text  string
	}
	var tiers []tier
	seen := map[string]bool{}
	dice := AllDice()
	for i, row := range rows {
		for x, st := range row {
			if st.verdict != wins && st.verdict != pushes {
				continue
			}
			if label := winLabel(r, b, a.states[i], dice[x]); !seen[label] {
				seen[label] = true
				text := "push on " + label
				if st.verdict == wins {
					text = st.pays.String() + " on " + label
				}
				tiers = append(tiers, tier{label, text})
			}
		}
	}
	if len(tiers) == 0 {
		return "never pays"
	}
	sort.Slice(tiers, func(i, j int) bool { return labelLess(tiers[i].label, tiers[j].label) })
	parts := make([]string, len(tiers))
	for i, t := range tiers {
		parts[i] = t.text
	}
	return strings.Join(parts, ", ")
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// labelLess orders labels that start with a number ("4 points", "16-23
// throws", "11+ wins") by that number, and others by name.
func labelLess(a, b string) bool {
	lead := func(s string) (int, error) { return strconv.Atoi(s[:len(s)-len(strings.TrimLeft(s, "0123456789"))]) }
	na, errA := lead(a)
	nb, errB := lead(b)
	if errA != nil || errB != nil {
		return a < b
	}
	return na < nb
}

// Catalogue lists every bet the rules offer, in the order of the layout:
// line bets, odds on each point, put, place, place to lose, buy, lay, big
// 6 and 8, field, hardways and all the hardways, one-roll propositions
// (three-way craps among them), every hop, the sequence bets (Point-7,
// 7-Point, 7-Point-7, Muggsy's Corner), the fire bet, Ride the Line and
// the Hot Shooter, all, tall and small, the rules' other all-of-a-set
// bets, Different Doubles, Bonus Craps, the repeaters on 2 to 12, and the
// rules' repeaters on sets and on groups of repeaters. In the
// private game it lists the center bet, right and
// wrong, come and don't come, the point on each number, the hardways,
// each number before a 7, and the propositions the private-game rule book quotes (a pair,
// two different faces and any craps in one roll, 12 before 4 and its
// reverse) with two more of each family.
func (r Rules) Catalogue() []Bet {
	var points []int
	for n := 2; n <= 12; n++ {
		if isBoxNumber(n, r.Crapless) {
			points = append(points, n)
		}
	}
	var all []Bet
	add := func(b Bet) {
		if r.Offers(b) == nil {
			all = append(all, b)
		}
	}
	for _, k := range []BetKind{PassLine, DontPass, Come, DontCome} {
		add(Bet{Kind: k})
	}
	for _, k := range []BetKind{PassOdds, DontPassOdds, ComeOdds, DontComeOdds, Put, PutOdds,
		Place, PlaceToLose, Buy, Lay} {
		for _, n := range points {
			add(Bet{Kind: k, Number: n})
		}
	}
	for _, k := range []BetKind{Big6, Big8, Field} {
		add(Bet{Kind: k})
	}
	for _, b := range hardways {
		add(b)
	}
	add(Bet{Kind: AllHardways})
	for _, k := range []BetKind{Any7, AnyCraps, Aces, AceDeuce, Yo, Boxcars, Horn} {
		add(Bet{Kind: k})
	}
	for _, n := range []int{2, 3, 11, 12} {
		add(Bet{Kind: HornHigh, Number: n})
	}
	for _, k := range []BetKind{CAndE, World, ThreeWay} {
		add(Bet{Kind: k})
	}
	for a := uint8(1); a <= 6; a++ {
		for b := a; b <= 6; b++ {
			add(Bet{Kind: Hop, Hop: Dice{a, b}})
		}
	}
	for _, k := range []BetKind{PointSeven, SevenPoint, SevenPointSeven, MuggsysCorner} {
		add(Bet{Kind: k})
	}
	for _, k := range []BetKind{Fire, RideTheLine, HotShooter, All, Tall, Small} {
		add(Bet{Kind: k})
	}
	for _, e := range r.AllBets {
		if e.Set != 0 {
			add(Bet{Kind: All, Set: e.Set})
		}
	}
	add(Bet{Kind: DifferentDoubles})
	add(Bet{Kind: BonusCraps})
	for n := 2; n <= 12; n++ {
		if n != 7 {
			add(Bet{Kind: Repeater, Number: n})
		}
	}
	for _, e := range r.RepeaterSets {
		if e.Set != 0 {
			add(Bet{Kind: Repeater, Set: e.Set})
		}
	}
	for _, e := range r.RepeaterGroups {
		if e.Set != 0 {
			add(Bet{Kind: RepeaterAny, Set: e.Set})
		}
	}
	add(Bet{Kind: Center})
	for _, n := range r.Points() { // the shooter's points, High Point's 7 among them
		add(Bet{Kind: PointBet, Number: n})
	}
	for n := 2; n <= 12; n++ {
		add(Bet{Kind: NumberBet, Number: n})
	}
	for _, b := range []Bet{
		{Kind: Within, Set: Combination(3, 3), Throws: 1}, {Kind: Within, Set: Combination(6, 5), Throws: 1},
		{Kind: Within, Set: CrapsNumbers, Throws: 1}, {Kind: Within, Set: Totals(7), Throws: 3},
		{Kind: Within, Set: PointNumbers, Throws: 2},
		{Kind: Before, Set: Totals(12), Against: Totals(4)}, {Kind: Before, Set: Totals(4), Against: Totals(12)},
		{Kind: Before, Set: Totals(6, 8), Against: Totals(7)}, {Kind: Before, Set: OddTotals &^ Totals(7), Against: Totals(7)},
	} {
		add(b)
	}
	return all
}

// EdgeTable analyses every bet in r.Catalogue, in its order. Where
// r.LineBetsRemovable lets players take pass and come bets down, it adds
// the rows of a player who does so as soon as the point is set, which show
// what the rule costs the house; where r.RepeaterSurrender gives a
// repeater a surrender value, the rows of a player who surrenders it as
// soon as he may (Analysis.Note says when). Under card rules the rows are the cards'
// (see Analyze), analysed on every processor: the first card table of a
// process takes a few seconds, and the point families it solves are kept
// for the next.
func (r Rules) EdgeTable() ([]Analysis, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	type row struct {
		bet         Bet
		downAtPoint bool
		surrenderAt int
	}
	var todo []row
	for _, b := range r.Catalogue() {
		todo = append(todo, row{b, false, 0})
		if r.LineBetsRemovable && (b.Kind == PassLine || b.Kind == Come) {
			todo = append(todo, row{b, true, 0})
		}
		for k := 1; b.Kind == Repeater && b.Set == 0 && k < repeats(b.Number); k++ {
			if _, ok := r.surrenderValue(b.Number, k); ok {
				todo = append(todo, row{b, false, k})
			}
		}
	}
	rows := make([]Analysis, len(todo))
	workers := 1
	if r.Cards != NoCards {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				if k := todo[i].surrenderAt; k > 0 {
					rows[i] = r.analyzeSurrendered(todo[i].bet, k)
					continue
				}
				rows[i] = r.analyze(todo[i].bet, todo[i].downAtPoint)
			}
		})
	}
	for i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	return rows, nil
}

// LineOdds is the combined figure of a line bet with the full odds behind
// it at every point.
type LineOdds struct {
	Bet   Bet
	Limit OddsLimit
	// Wagered is the expected total bet per unit line bet: the line bet
	// and, when a point is set, the odds at the limit.
	Wagered *big.Rat
	// EdgePerBet is the house edge per amount wagered; EdgePerRoll is that
	// per roll to the decision.
	EdgePerBet, EdgePerRoll *big.Rat
}

// WithOdds computes the combined house edge of line bet b with full odds
// at limit behind it: b is a pass line, don't pass, come or don't come
// bet from its come-out, or a bet already on its point (a put bet, a come
// or don't come bet on its number). The figure is the line bet's own,
// plus the odds bets' (each analysed from its definition) weighted by the
// chance of each point, the odds sized by limit: the multiples taken, or
// for don't bets the multiples laid, read as r.Lay says. A maximum in
// money for odds (Rules.Limits) does not scale with the bet and is left
// out. Pass with 3-4-5x odds: 7/1870; with full double odds (2-2-2.5x):
// 28/4895. Under card rules the points come as a full deck deals them
// and the odds are the cards' (see Analyze), made when the point is set.
func (r Rules) WithOdds(b Bet, limit OddsLimit) (LineOdds, error) {
	oddsKind := map[BetKind]BetKind{PassLine: PassOdds, Come: ComeOdds, Put: PutOdds,
		DontPass: DontPassOdds, DontCome: DontComeOdds}[b.Kind]
	if oddsKind == NoBet {
		return LineOdds{}, fmt.Errorf("craps: odds behind %v: %w", b, ErrNotOffered)
	}
	r.Odds = limit
	if oddsKind == DontPassOdds || oddsKind == DontComeOdds {
		r.LayOdds = limit
	}
	line, err := r.Analyze(b)
	if err != nil {
		return LineOdds{}, err
	}
	ret, wagered := new(big.Rat).Set(line.Return), big.NewRat(1, 1)
	// The odds on point n, made with a chance of p.
	addOdds := func(n int, p *big.Rat) error {
		odds, err := r.Analyze(Bet{Kind: oddsKind, Number: n})
		if err != nil {
			return err
		}
		stake := r.oddsStakeMultiple(oddsKind, n).Rat()
		stake.Mul(stake, p)
		wagered.Add(wagered, stake)
		ret.Add(ret, new(big.Rat).Mul(stake, odds.Return))
		return nil
	}
	if n := int(b.start().point); n != 0 { // on its point already: odds always behind it
		err = addOdds(n, big.NewRat(1, 1))
	} else {
		chances := r.throwChances()
		for x, d := range AllDice() {
			// A point the dice or the shoe never set adds nothing: no
			// odds are made behind it.
			if e := b.roll(&r, betState{}, d); e.verdict == stays && err == nil && chances[x].Sign() != 0 {
				err = addOdds(int(e.next.point), chances[x])
			}
		}
	}
	if err != nil {
		return LineOdds{}, err
	}
	edge := new(big.Rat).Quo(new(big.Rat).Neg(ret), wagered)
	return LineOdds{Bet: b, Limit: limit, Wagered: wagered,
		EdgePerBet: edge, EdgePerRoll: new(big.Rat).Quo(edge, line.Rolls)}, nil
}

// oddsStakeMultiple is the most odds allowed behind a line bet of 1 on
// point n, as a fraction of the line bet: the Odds multiple for odds
// taken; for odds laid, the stake that wins the LayOdds multiple
// (LayToWinMultiple) or that multiple itself (LayStakeMultiple).
func (r *Rules) oddsStakeMultiple(k BetKind, n int) Ratio {
	if k != DontPassOdds && k != DontComeOdds {
		return r.Odds.Multiple(n)
	}
	m := r.layMultiple(n)
	if r.Lay == LayToWinMultiple {
		lay := layOdds(n)
		num, den := m.Win*lay.Stake, m.Stake*lay.Win
		g := gcd(num, den)
		return Ratio{num / g, den / g}
	}
	return m
}

// TrueOddsRow is a row of the private-game rule book's Table 1: the true odds of a total,
// or of a group of totals.
type TrueOddsRow struct {
	Name string
	Set  OutcomeSet
	// Ways is how many of the 36 throws are in the set, and Chance the
	// chance of one of them in a throw: Ways/36 with fair dice.
	Ways   int
	Chance *big.Rat
	// OneRoll is the odds against the set in one roll, (1-Chance)/Chance:
	// 35 (35 to 1) for a 2 with fair dice.
	OneRoll *big.Rat
	// BeforeSeven is the odds against the set before a 7, as a fraction:
	// 6/5 (6 to 5) for a 6 with fair dice; nil for a set holding a 7.
	BeforeSeven *big.Rat
}

// OddsBefore is the odds against set a coming before set b with fair
// dice, other throws not counting, as the fraction (ways of b)/(ways of
// a). A throw in both sets counts for a, so OddsBefore(Combination(3, 3),
// Totals(6, 7)) is hard 6 against any other 6 or a 7: 10, that is 10 to
// 1. OddsBefore(Totals(12), Totals(4)) is 3 (3 to 1); reversed, 1/3 (1 to
// 3). It is nil when a is empty. DiceLaw.OddsBefore gives the odds under
// any law of the dice.
func OddsBefore(a, b OutcomeSet) *big.Rat { return FairDice().OddsBefore(a, b) }

// TrueOddsTable is the private-game rule book's Table 1, with fair dice:
// for each total 2 to 12 and then for the groups the rule book names
// (point numbers, field numbers, craps, odd, even, under 7, over 7,
// doubles), the ways out of 36, the odds against in one roll and the odds
// against before a 7. OddsBefore gives the odds of any total or group
// before any other. DiceLaw.TrueOddsTable gives the table under any law.
func TrueOddsTable() []TrueOddsRow { return FairDice().TrueOddsTable() }

// TrueOddsTable is the private-game rule book's Table 1 under the law l:
// each row's chance and odds are l's (the ways stay the count of throws).
func (l DiceLaw) TrueOddsTable() []TrueOddsRow {
	var rows []TrueOddsRow
	row := func(name string, s OutcomeSet) {
		t := TrueOddsRow{Name: name, Set: s, Ways: s.Ways(), Chance: l.Probability(s), OneRoll: l.OddsBefore(s, AllOutcomes&^s)}
		if s&Totals(7) == 0 {
			t.BeforeSeven = l.OddsBefore(s, Totals(7))
		}
		rows = append(rows, t)
	}
	for n := 2; n <= 12; n++ {
		row(strconv.Itoa(n), Totals(n))
	}
	for _, g := range []struct {
		name string
		set  OutcomeSet
	}{
		{"point numbers", PointNumbers}, {"field numbers", FieldNumbers}, {"craps", CrapsNumbers},
		{"odd totals", OddTotals}, {"even totals", EvenTotals}, {"under 7", Under7},
		{"over 7", Over7}, {"doubles", Doubles},
	} {
		row(g.name, g.set)
	}
	return rows
}

// HardwayRow is a row of the private-game rule book's Table 2.
type HardwayRow struct {
	Number int
	// Hard is the ways to throw the number as a pair (one); Easy the other
	// ways; Seven the ways to throw 7; Losing is Easy+Seven.
	Hard, Easy, Seven, Losing int
	// Against is the odds against the hard way, the chance of the losing
	// ways over the hard way's: Losing/Hard, 10 (10 to 1) for hard 6,
	// with fair dice.
	Against *big.Rat
}

// HardwayTable is the private-game rule book's Table 2, for 4, 6, 8 and
// 10, with fair dice; DiceLaw.HardwayTable gives it under any law.
func HardwayTable() []HardwayRow { return FairDice().HardwayTable() }

// HardwayTable is the private-game rule book's Table 2 under the law l:
// the ways are the count of throws, the odds against l's.
func (l DiceLaw) HardwayTable() []HardwayRow {
	var rows []HardwayRow
	for _, b := range hardways {
		n := b.Number
		hard := Combination(n/2, n/2)
		easy := Totals(n) &^ hard
		lose := easy | Totals(7)
		rows = append(rows, HardwayRow{Number: n, Hard: hard.Ways(), Easy: easy.Ways(),
			Seven: Totals(7).Ways(), Losing: lose.Ways(), Against: l.OddsBefore(hard, lose)})
	}
	return rows
}

// SideAnalysis is the exact figures of a bet between two players at the
// odds they agree (the private-game rule book): whom the bet favours, and by how much. Every
// field is a fresh value the caller owns.
type SideAnalysis struct {
	Bet Bet
	// Odds is what the backer wins for what he stakes.
	Odds Ratio
	// Win, Lose and Push are the backer's chances; they sum to 1.
	Win, Lose, Push *big.Rat
	// TrueOdds is the odds against the backer, pushes left out, as the
	// fraction Lose/Win (Analysis.TrueOdds): the odds at which the bet is
	// fair; nil for a bet that never wins.
	TrueOdds *big.Rat
	// BackerEdge and LayerEdge are each side's expected gain per unit it
	// stakes: positive for the side the odds favour, negative for the
	// other, both zero at the true odds. The layer stakes Odds times as
	// much as the backer.
	BackerEdge, LayerEdge *big.Rat
	// Rolls is the expected number of throws to the decision.
	Rolls *big.Rat
}

// AnalyzeSide computes bet b between two players at the agreed odds (the
// zero Ratio is even money), from the same definition a Table plays. Any
// bet [Table.Side] takes can be analysed, and the center bet; a [PointBet]
// needs its point in Bet.Number. The rules matter for the bar and crapless craps. It
// returns an error wrapping ErrInvalidRules, ErrNotOffered or ErrSyntax.
func (r Rules) AnalyzeSide(b Bet, odds Ratio) (SideAnalysis, error) {
	if err := r.Validate(); err != nil {
		return SideAnalysis{}, err
	}
	private := r
	private.Private = true
	if err := private.Offers(b); err != nil {
		return SideAnalysis{}, err
	}
	if odds.IsZero() {
		odds = evenMoney
	}
	switch {
	case b.Kind == PointBet && b.Number == 0:
		return SideAnalysis{}, fmt.Errorf("craps: analyze %v: a point bet needs its point: %w", b, ErrSyntax)
	case !odds.valid() || odds.Win == 0:
		return SideAnalysis{}, fmt.Errorf("craps: analyze %v at %v: odds need two positive terms: %w", b, odds, ErrSyntax)
	}
	a := private.analyze(b, false)
	w := odds.Rat()
	backer := new(big.Rat).Mul(a.Win, w)
	backer.Sub(backer, a.Lose)
	return SideAnalysis{Bet: b, Odds: odds, Win: a.Win, Lose: a.Lose, Push: a.Push, TrueOdds: a.TrueOdds(),
		BackerEdge: backer, LayerEdge: new(big.Rat).Quo(new(big.Rat).Neg(backer), w), Rolls: a.Rolls}, nil
}
