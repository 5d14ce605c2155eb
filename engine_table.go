package craps

// paidBet is the commission a bet on the layout was charged when made.
type paidBet struct {
	bet  Bet
	paid Amount
}

// player plays a strategy on a Table, roll by roll: the general engine.
type player struct {
	cfg *SimConfig
	t   Table
	b   *bettor
	res []Resolution
	// paid is the commission paid on the bets up before a roll, for the
	// tallies of the bets it decides; commissions marks a strategy that
	// may pay any.
	paid        []paidBet
	commissions bool
	// quiet is set when the last roll changed nothing the strategy's
	// placements depend on, so that placing them again would do nothing.
	quiet bool
	rolls int64
	// tallies is the index plus one of each bet's tally, by autoKey, in
	// the Bets of the result it was last found in: a roll finds a tally
	// with one look-up, checked, as bets may share a key and results
	// differ.
	tallies [int(numKinds) * autoNumbers]int32
}

// newPlayer seats the strategy's player at a Table of the run's rules.
func newPlayer(cfg *SimConfig) *player {
	p := &player{cfg: cfg, t: Table{rules: cfg.Rules, seats: []seat{{name: "player"}}}}
	p.b = newBettor(&cfg.Rules, &cfg.Strategy, 0, "player")
	p.commissions = cfg.Strategy.NewHook != nil
	for _, a := range cfg.Strategy.Actions {
		if c := cfg.Rules.commission(a.Bet.Kind); c != nil && c.Timing != CommissionOnWinOnly {
			p.commissions = true
		}
	}
	return p
}

// again places the strategy's bets after a roll, unless the roll was
// quiet; it reports whether a bet was skipped for want of money, or short
// as it was.
func (p *player) again(short bool) bool {
	if p.quiet {
		return short
	}
	return p.b.act(&p.t)
}

// reset clears the table for a new block or session, with the player
// seated holding bankroll, and places the strategy's first bets.
func (p *player) reset(bankroll Amount) (short bool) {
	t := &p.t
	t.point, t.bets, t.house, t.shooter, t.handRolls, t.sinceSeven = 0, t.bets[:0], 0, 0, 0, 0
	t.seats[0].bankroll = bankroll
	p.rolls = 0
	p.b.reset(t)
	return p.b.act(t)
}

// roll plays throw i: resolves the bets, records them in out, lets the
// strategy see it, and reports the roll's net result and the stakes it
// decided.
func (p *player) roll(i uint, out *SimResult) (net, staked Amount) {
	t := &p.t
	if p.commissions {
		p.paid = p.paid[:0]
		for _, b := range t.bets {
			if b.paid != 0 {
				p.paid = append(p.paid, paidBet{b.bet, b.paid})
			}
		}
	}
	d := diceOf(i)
	before := t.point
	p.res, _ = t.Roll(d, p.res[:0])
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
		n, s := p.tally(out, res.Bet).record(res, paid)
		net += n
		staked += s
	}
	out.Rolls++
	if before != 0 && d.Total() == 7 {
		out.SevenOuts++
	}
	if net != 0 || staked != 0 { // most rolls decide nothing
		out.rollNetSq.add(product(int64(net), int64(net)))
		out.rollNetStaked.add(product(int64(net), int64(staked)))
		out.rollStakedSq.add(product(int64(staked), int64(staked)))
	}
	p.rolls++
	mem := p.b.mem
	p.b.observe(t, d, before, p.res, p.rolls, net)
	p.quiet = p.b.quiet(before, t.point, d.Total(), len(p.res), mem)
	return net, staked
}

// tally is out.tally(b), through the player's index.
func (p *player) tally(out *SimResult, b Bet) *BetTally {
	b = tallied(b)
	k := &p.tallies[autoKey(b)]
	if *k == 0 || int(*k) > len(out.Bets) || out.Bets[*k-1].Bet != b {
		*k = int32(out.tallyIndex(b) + 1)
	}
	return &out.Bets[*k-1]
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

// session plays one session from the bankroll to its end.
func (p *player) session(st *stream, out *SimResult) {
	short := p.reset(p.cfg.Session.Bankroll)
	p.sessionFrom(st, out, short, -1)
}

// sessionFrom plays a session on from the table as it stands, p.rolls
// rolls in; pending, if not negative, is a throw already drawn.
func (p *player) sessionFrom(st *stream, out *SimResult, short bool, pending int) {
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
		if end := endOf(lim, p.b.stop, t.seats[0].bankroll+onTable(t, 0), p.rolls, &out.Ends); end != nil {
			*end++
			break
		}
		short = p.again(short)
	}
	out.SessionRolls += p.rolls
	out.record(t.seats[0].bankroll + onTable(t, 0) - lim.Bankroll)
}

// endOf returns the counter in e of the way a session ends after a roll
// that leaves the player total on and off the layout, rolls into the
// session, or nil if it goes on; stop is the strategy's.
func endOf(lim *SessionLimits, stop bool, total Amount, rolls int64, e *SessionEnds) *int64 {
	switch {
	case stop:
		return &e.Strategy
	case lim.Target != 0 && total >= lim.Target:
		return &e.Target
	case lim.StopLoss != 0 && total <= lim.Bankroll-lim.StopLoss:
		return &e.StopLoss
	case lim.MaxRolls != 0 && rolls >= lim.MaxRolls:
		return &e.MaxRolls
	}
	return nil
}
