package craps

import "slices"

// paidBet is the commission a bet on the layout was charged when made.
type paidBet struct {
	bet  Bet
	paid Amount
}

// player plays a strategy on a Table, roll by roll: the general engine.
// Under card rules it deals each throw from deck, which each block seeds
// from its own stream.
type player struct {
	cfg    *SimConfig
	t      Table
	deck   *Deck
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
	t.point, t.bets, t.shooter, t.handRolls, t.sinceSeven = 0, t.bets[:0], 0, 0, 0
	if len(t.seats) == 0 {
		t.seats = []seat{{name: "player"}}
	}
	t.seats[0].bankroll, t.house, t.brought, t.exposure = bankroll, 0, bankroll, 0
	p.layout = append(p.layout[:0], p.cfg.Strategy.Layout...)
	if p.hook != nil {
		p.hook.Reset()
	}
	p.step = Step{Layout: p.layout}
	return keep(t, 0, p.layout)
}

// dealt is the throw index by which roll deals the throw from the deck.
const dealt = 36

// throw plays the block's next throw: the stream's, or at a card table the
// deck's next deal.
func (p *player) throw(st *stream, out *SimResult) (net, staked Amount) {
	if p.deck != nil {
		return p.roll(dealt, out)
	}
	return p.roll(st.next(), out)
}

// roll plays throw i (dealt: the deck's next deal): resolves the bets,
// records them in out, lets the hook react, and reports the roll's net
// result and the stakes it decided.
func (p *player) roll(i uint, out *SimResult) (net, staked Amount) {
	t := &p.t
	p.paid = p.paid[:0]
	for _, b := range t.bets {
		if b.paid != 0 {
			p.paid = append(p.paid, paidBet{b.bet, b.paid})
		}
	}
	comeOut := t.point == 0
	before := t.point
	var d Dice
	if i == dealt {
		d, p.res, _ = t.dealRoll(p.deck, p.res[:0])
	} else {
		d = diceOf(i)
		p.res, _ = t.Roll(d, p.res[:0])
	}
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
		out.rollNetSq.add(product(int64(net), int64(net)))
		out.rollNetStaked.add(product(int64(net), int64(staked)))
		out.rollStakedSq.add(product(int64(staked), int64(staked)))
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

// play plays one block of n rolls, shooters or sessions. A card table
// starts the block with a new deck seeded from the block's stream. Rolls
// and shooters are played with unlimited money, as the compiled engine
// plays them: the player holds MaxAmount before every roll.
func (p *player) play(st *stream, n int64, out *SimResult) {
	if p.cfg.Rules.Cards != NoCards {
		p.deck = NewDeck(st.pcg.Uint64(), st.pcg.Uint64())
	}
	switch p.cfg.Mode {
	case ByRolls:
		p.reset(MaxAmount)
		for range n {
			p.t.setMoney(MaxAmount)
			p.throw(st, out)
			p.again(false)
		}
	case ByShooters:
		p.reset(MaxAmount)
		hand := Amount(0)
		for n > 0 && !out.overflow {
			sevenOuts := out.SevenOuts
			p.t.setMoney(MaxAmount)
			net, _ := p.throw(st, out)
			p.again(false)
			var ok bool
			if hand, ok = addAmounts(hand, net); !ok {
				out.overflow = true
			}
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
		if pending < 0 {
			p.throw(st, out)
		} else {
			p.roll(uint(pending), out)
		}
		pending = -1
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
