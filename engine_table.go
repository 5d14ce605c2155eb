package craps

import "sync/atomic"

// paidBet is the commission a player's bet on the layout was charged when
// made.
type paidBet struct {
	seat int
	bet  Bet
	paid Amount
}

// paidOn is the sum of the commissions of bets.
func paidOn(bets []paidBet) (sum Amount) {
	for _, b := range bets {
		sum += b.paid
	}
	return sum
}

// seatPlay is one player of the Table engine: his strategy, and where his
// session stands.
type seatPlay struct {
	b *bettor
	// bankroll is what he brings to a session; target and floor are the
	// totals on and off the layout that end it (0: none).
	bankroll, target, floor Amount
	// commissions marks a strategy that may pay one when a bet is made.
	commissions bool
	// quiet is set when the last roll changed nothing his placements
	// depend on, so that placing them again would do nothing.
	quiet bool
	// short is set when a bet was skipped for want of money; ended when
	// his session is over, and he bets no more.
	short, ended bool
	// own is his resolutions of the last roll, when several play, and
	// in the private game ownOdds the odds of each; hand his net result
	// in the hand so far.
	own     []Resolution
	ownOdds []Ratio
	hand    Amount
	// rollNet and rollStaked are his net result and stakes decided on the
	// last roll, counted in the roll's sums (and his hand) once his
	// placements after it are made (acted): the commission kept on a bet
	// they take down counts in that roll. kept is that commission, which
	// the hook's Net shows with the next roll.
	rollNet, rollStaked, kept Amount
	// tallies is the index plus one of each bet's tally, by autoKey, in
	// the Bets of the result it was last found in: a roll finds a tally
	// with one look-up, checked, as bets may share a key and results
	// differ.
	tallies [int(numKinds) * autoNumbers]int32
}

// player plays the run's strategies on a Table, roll by roll: the general
// engine. The first seat plays SimConfig.Strategy, the others
// SimConfig.Others. Under card rules it deals each throw from deck, which
// each block seeds from its own stream.
type player struct {
	cfg   *SimConfig
	t     Table
	deck  *Deck
	seats []seatPlay
	res   []Resolution
	// paid is the commission paid on the bets up before a roll, for the
	// tallies of the bets it decides.
	paid  []paidBet
	rolls int64
	// stop is set when the run is cancelled; the loops that may run long
	// (a session, a block on the Table engine) look at it every
	// cancelCheck+1 rolls. nil outside Simulate.
	stop *atomic.Bool
}

// cancelCheck masks the roll counts at which a long loop asks whether
// the run was cancelled (cancelled).
const cancelCheck = 1<<16 - 1

// cancelled reports whether the run p plays for was cancelled.
func (p *player) cancelled() bool { return p.stop != nil && p.stop.Load() }

// firstPlayer is the name of the first player at the simulator's table.
const firstPlayer = "player"

// newPlayer seats the run's players at a Table of its rules.
func newPlayer(cfg *SimConfig) *player {
	p := &player{cfg: cfg, t: Table{rules: cfg.Rules}}
	lim := &cfg.Session
	add := func(name string, s *Strategy, bankroll Amount) {
		if bankroll == 0 {
			bankroll = lim.Bankroll
		}
		// Every player's target and stop-loss are the first's, as gains
		// and losses from what he brings.
		sp := seatPlay{b: newBettor(&cfg.Rules, s, len(p.seats), name), bankroll: bankroll, commissions: s.NewHook != nil,
			target: bankroll + lim.Target - lim.Bankroll, floor: bankroll - lim.StopLoss}
		for _, a := range s.Actions {
			if c := cfg.Rules.commission(a.Bet.Kind); c != nil && c.Timing != CommissionOnWinOnly {
				sp.commissions = true
			}
		}
		p.t.seats = append(p.t.seats, seat{name: name})
		p.seats = append(p.seats, sp)
	}
	add(firstPlayer, &cfg.Strategy, 0)
	for i := range cfg.Others {
		o := &cfg.Others[i]
		add(o.Name, &o.Strategy, o.Bankroll)
	}
	return p
}

// first is the first player's strategy: the only one of a compiled run.
func (p *player) first() *bettor { return p.seats[0].b }

// settle lets every player's strategy skip the actions nothing has
// changed for: for the Table engine, which alone plays them (the private
// game's bets, made between players, are made afresh before each roll).
func (p *player) settle() {
	if p.cfg.Rules.Private {
		return
	}
	for k := range p.seats {
		p.seats[k].b.settle()
	}
}

// ledger is where the player in seat k is counted in out.
func (p *player) ledger(out *SimResult, k int) ledger {
	if k == 0 {
		return out.ledger()
	}
	for len(out.Others) < len(p.seats)-1 {
		out.Others = append(out.Others, p.cfg.otherResult(len(out.Others)))
	}
	return out.Others[k-1].ledger()
}

// again places the strategies' bets after a roll, but for a player whose
// roll was quiet or whose session is over, and counts the roll in out
// (if not nil) with the commission kept on the bets the placements took
// down (acted).
func (p *player) again(out *SimResult) {
	if p.cfg.Rules.Private {
		p.betPrivate()
	} else {
		for k := range p.seats {
			if s := &p.seats[k]; !s.quiet && !s.ended {
				s.short = s.b.act(&p.t)
			}
		}
	}
	for k := range p.seats {
		p.acted(out, k)
	}
}

// acted counts in out (if not nil) the last roll of the player in seat k,
// after his placements: the commission kept on each bet they took down
// in its tally, and the roll's net result, that commission deducted, in
// the roll's sums and his hand. It returns that commission.
func (p *player) acted(out *SimResult, k int) (kept Amount) {
	s := &p.seats[k]
	kept = paidOn(s.b.down)
	net := s.rollNet - kept
	if out != nil {
		l := p.ledger(out, k)
		for _, d := range s.b.down {
			(*l.bets)[s.tally(&p.t, l, d.bet)].takenDown(d.paid, 1)
		}
		l.roll.add(int64(net), int64(s.rollStaked))
		if p.cfg.Mode == ByShooters {
			var fits bool
			if s.hand, fits = addAmounts(s.hand, net); !fits {
				out.overflow = true // the hand's result is past what an Amount holds
			}
		}
	}
	s.b.down = s.b.down[:0]
	s.rollNet, s.rollStaked, s.kept = 0, 0, kept
	return kept
}

// reset clears the table for a new block or session, each player seated
// holding his bankroll in a session and all the money a table takes
// otherwise, and places the strategies' first bets.
func (p *player) reset(session bool) {
	t := &p.t
	t.point, t.bets, t.house, t.shooter, t.handRolls, t.sinceSeven = 0, t.bets[:0], 0, 0, 0, 0
	t.brought, t.exposure, t.center, t.claimant = 0, 0, 0, 0
	p.rolls = 0
	for k := range p.seats {
		s := &p.seats[k]
		t.seats[k].barred = false
		t.seats[k].bankroll = MaxAmount
		if session {
			t.seats[k].bankroll = s.bankroll
		}
		t.brought += t.seats[k].bankroll
		s.ended, s.hand, s.quiet = false, 0, false
		s.rollNet, s.rollStaked, s.kept = 0, 0, 0
		s.b.reset(t)
	}
	p.again(nil) // nothing to take down yet
}

// dealt is the throw index by which roll deals the throw from the deck.
const dealt = 36

// nextThrow plays the throw *pending if it is not negative, and then
// forgets it, or else the block's next throw.
func (p *player) nextThrow(st *stream, out *SimResult, pending *int) {
	if *pending >= 0 {
		p.roll(uint(*pending), out)
		*pending = -1
		return
	}
	p.throw(st, out)
}

// throw plays the block's next throw: the stream's, or at a card table the
// deck's next deal.
func (p *player) throw(st *stream, out *SimResult) {
	if p.deck != nil {
		p.roll(dealt, out)
		return
	}
	p.roll(st.next(), out)
}

// roll plays throw i (dealt: the deck's next deal): resolves the bets,
// records them in out, lets the strategies see it, and reports the first
// player's net result and the stakes the roll decided for him. The roll's
// sums and the players' hands count it once they have placed their bets
// after it (again, acted).
func (p *player) roll(i uint, out *SimResult) (net, staked Amount) {
	t := &p.t
	p.paid = p.paid[:0]
	for k := range t.bets {
		if b := &t.bets[k]; b.paid != 0 && p.seats[b.seat].commissions {
			p.paid = append(p.paid, paidBet{b.seat, b.bet, b.paid})
		}
	}
	before := t.point
	var d Dice
	if i == dealt {
		d, p.res, _ = t.dealRoll(p.deck, p.res[:0])
	} else {
		d = diceOf(i)
		p.res, _ = t.Roll(d, p.res[:0])
	}
	out.Rolls++
	if before != 0 && d.Total() == 7 {
		out.SevenOuts++
	}
	p.rolls++
	several, private := len(p.seats) > 1, t.rules.Private
	for k := range p.seats {
		s := &p.seats[k]
		if s.ended {
			continue
		}
		res, name := p.res, t.seats[k].name
		if several {
			s.own, s.ownOdds = s.own[:0], s.ownOdds[:0]
			for j := range p.res {
				if p.res[j].Player == name {
					s.own = append(s.own, p.res[j])
					if private {
						s.ownOdds = append(s.ownOdds, sideOdds(p.res, j))
					}
				}
			}
			res = s.own
		}
		l := p.ledger(out, k)
		var n, st Amount
		for j := range res {
			x := &res[j]
			if x.Outcome == OutcomeMoved {
				continue
			}
			paid := Amount(0)
			for _, y := range p.paid {
				if y.seat == k && y.bet == x.Bet {
					paid = y.paid
				}
			}
			var tally int
			if private {
				tally = l.tallyIndex(tallied(x.Bet), x.Against, s.ownOdds[j])
			} else {
				tally = s.tally(t, l, x.Bet)
			}
			dn, ds := (*l.bets)[tally].record(x, paid)
			n += dn
			st += ds
		}
		s.rollNet, s.rollStaked = n, st
		mem := s.b.mem
		s.b.observe(t, d, before, res, p.rolls, n-s.kept)
		s.kept = 0
		s.quiet = s.b.quiet(before, t.point, d.Total(), len(res), mem)
		if k == 0 {
			net, staked = n, st
		}
	}
	return net, staked
}

// tally is the index of bet b's tally in l, through the player's index.
func (s *seatPlay) tally(t *Table, l ledger, b Bet) int {
	b = tallied(b)
	k := &s.tallies[t.autoKey(&b)]
	if *k == 0 || int(*k) > len(*l.bets) || (*l.bets)[*k-1].Bet != b {
		*k = int32(l.tallyIndex(b, false, Ratio{}) + 1)
	}
	return int(*k - 1)
}

// play plays one block of n rolls, shooters or sessions. A card table
// starts the block with a new deck seeded from the block's stream. Rolls
// and shooters are played with unlimited money, as the compiled engine
// plays them: the player holds MaxAmount before every roll.
func (p *player) play(st *stream, n int64, out *SimResult) {
	if p.cfg.Rules.Cards != NoCards {
		p.deck = p.cfg.Rules.Shoe.NewDeck(st.pcg.Uint64(), st.pcg.Uint64())
	}
	switch p.cfg.Mode {
	case ByRolls, ByShooters:
		p.reset(false)
		p.blockFrom(st, p.cfg.Mode, n, out, 0, -1)
	case BySessions:
		for range n {
			p.reset(true)
			p.sessionFrom(st, out, -1)
		}
	}
}

// blockFrom plays on a block of n rolls or shooters from the table as it
// stands, rolls rolls in, with unlimited money, as the compiled engine
// plays them: every player holds MaxAmount before every roll. pending,
// if not negative, is a throw already drawn, the block's next.
func (p *player) blockFrom(st *stream, mode SimMode, n int64, out *SimResult, rolls int64, pending int) {
	p.rolls = rolls
	switch mode {
	case ByRolls:
		for i := range n {
			if i&cancelCheck == 0 && p.cancelled() {
				return
			}
			p.t.setMoney(MaxAmount)
			p.nextThrow(st, out, &pending)
			p.again(out)
		}
	case ByShooters:
		for n > 0 && !out.overflow {
			if p.rolls&cancelCheck == 0 && p.cancelled() {
				return
			}
			p.t.setMoney(MaxAmount)
			sevenOuts := out.SevenOuts
			p.nextThrow(st, out, &pending)
			p.again(out)
			if out.SevenOuts != sevenOuts {
				for k := range p.seats {
					p.ledger(out, k).record(p.seats[k].hand)
					p.seats[k].hand = 0
				}
				n--
			}
		}
	}
}

// sessionFrom plays a session on from the table as it stands, p.rolls
// rolls in; pending, if not negative, is a throw already drawn. Each
// player's session ends by itself; the table's when every one has.
func (p *player) sessionFrom(st *stream, out *SimResult, pending int) {
	t := &p.t
	for {
		playing := false
		for k := range p.seats {
			if s := &p.seats[k]; !s.ended && s.short && !hasBets(t, k) {
				p.end(out, k, &p.ledger(out, k).ends.Ruin)
			}
			playing = playing || !p.seats[k].ended
		}
		if !playing {
			break
		}
		if p.rolls&cancelCheck == 0 && p.cancelled() { // a session may never end
			return
		}
		if pending < 0 {
			p.throw(st, out)
		} else {
			p.roll(uint(pending), out)
		}
		pending = -1
		for k := range p.seats {
			s := &p.seats[k]
			if s.ended {
				continue
			}
			if end := s.endOf(&p.cfg.Session, s.b.stop, t.seats[k].bankroll+onTable(t, k), p.rolls, p.ledger(out, k).ends); end != nil {
				p.end(out, k, end)
			}
		}
		p.again(out)
	}
	out.SessionRolls += p.rolls
}

// end ends the session of the player in seat k, counted in end: his
// result is his money on and off the layout less what he brought, and
// the bets he leaves on the layout are not decided.
func (p *player) end(out *SimResult, k int, end *int64) {
	t, s := &p.t, &p.seats[k]
	*end++
	p.ledger(out, k).record(t.seats[k].bankroll + onTable(t, k) - s.bankroll)
	s.ended = true
	if t.rules.Private {
		p.sitOut(k)
		return
	}
	if len(p.seats) > 1 { // alone, he leaves the table as it is
		kept := t.bets[:0]
		for _, b := range t.bets {
			if b.seat != k {
				kept = append(kept, b)
			}
		}
		t.bets = kept
	}
}

// hasBets reports whether the player in seat k has a bet on the layout,
// or in the private game one he took the other side of.
func hasBets(t *Table, k int) bool {
	for i := range t.bets {
		if t.involves(&t.bets[i], k) {
			return true
		}
	}
	return false
}

// endOf returns the counter in e of the way the player's session ends
// after a roll that leaves him total on and off the layout, rolls into
// the session, with his strategy's stop as given, or nil if it goes on.
func (s *seatPlay) endOf(lim *SessionLimits, stop bool, total Amount, rolls int64, e *SessionEnds) *int64 {
	switch {
	case stop:
		return &e.Strategy
	case lim.Target != 0 && total >= s.target:
		return &e.Target
	case lim.StopLoss != 0 && total <= s.floor:
		return &e.StopLoss
	case lim.MaxRolls != 0 && rolls >= lim.MaxRolls:
		return &e.MaxRolls
	}
	return nil
}
