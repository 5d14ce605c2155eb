package craps

// How the simulator's players bet each other in the private game: before
// each throw, their strategies' actions make the bets between them
// through the Table's own calls (Center, Fade, Claim, Withdraw,
// CallOffCenter, Side, CallOff), so that the one definition of each bet
// decides it, and the Table moves every stake from one player to another.

// betPrivate makes the bets of a throw of the private game as the
// strategies of the players still playing say, in the order of the game:
// each one's call-offs; at a come-out the shooter's center bet, the fades
// clockwise from his left, and the part no one faded withdrawn or the bet
// called off; then the side bets, each backer in turn from the shooter,
// each finding the players willing to cover his bet clockwise from his
// left. It marks short each player who could not afford a bet his
// strategy made.
func (p *player) betPrivate() {
	t := &p.t
	for k := range p.seats {
		p.seats[k].short = false
	}
	n := len(p.seats)
	for i := range n {
		if k := (t.shooter + i) % n; !p.seats[k].ended {
			p.callOff(k)
		}
	}
	if t.point == 0 && !t.centerUp() && !p.seats[t.shooter].ended {
		p.center()
	}
	for i := range n {
		if k := (t.shooter + i) % n; !p.seats[k].ended {
			p.backSideBets(k)
		}
	}
}

// holds reports whether action a of the player in seat k applies now.
func (p *player) holds(k int, a *programAction) bool {
	b := p.seats[k].b
	return b.prog.holds(a, strategySeat{t: &p.t, seat: k}, &b.mem, &b.seen)
}

// callOff calls off the bets the player in seat k takes down, where the
// game lets him: number bets, and come bets carried over a point made.
func (p *player) callOff(k int) {
	t := &p.t
	for i := range p.seats[k].b.prog.actions {
		a := &p.seats[k].b.prog.actions[i]
		if a.Kind != ActionTakeDown || !p.holds(k, a) {
			continue
		}
		for {
			j := -1
			for x := range t.bets {
				if q := &t.bets[x]; t.involves(q, k) && matches(a.Bet, q.bet) &&
					(q.bet.Kind == NumberBet || q.carried) {
					j = x
					break
				}
			}
			if j < 0 {
				break
			}
			if _, err := t.CallOff(t.seats[k].name, t.bets[j].bet); err != nil {
				break // a refusal calls nothing off: stop rather than find it again
			}
		}
	}
}

// center makes the shooter's center bet at a come-out, at the amount of
// the last of his center actions that applies, has the others fade it,
// and withdraws the part no one faded, or calls the bet off if that
// action says "or no bet".
func (p *player) center() {
	t := &p.t
	s := t.shooter
	var stake *programAction
	for i := range p.seats[s].b.prog.actions {
		a := &p.seats[s].b.prog.actions[i]
		if a.Kind == ActionBet && a.Bet.Kind == Center && !a.Against && p.holds(s, a) {
			stake = a
		}
	}
	if stake == nil {
		return
	}
	amount := stake.amount(&p.seats[s].b.mem)
	if amount == 0 {
		return
	}
	if t.seats[s].bankroll < amount {
		p.seats[s].short = true
		return
	}
	_ = t.Center(amount) // an amount Validate held to the table's limits
	if c := t.claimant - 1; c >= 0 && c != s && !p.seats[c].ended {
		p.claim(c) // before anyone fades
	}
	n := len(p.seats)
	for i := 1; i < n && t.center > 0; i++ {
		if k := (s + i) % n; !p.seats[k].ended {
			p.fade(k)
		}
	}
	switch {
	case t.center == 0:
	case stake.NoBetUnlessFaded:
		_ = t.CallOffCenter()
	default:
		_ = t.Withdraw()
	}
	if t.throwable() != nil { // what was faded is under the table minimum
		_ = t.CallOffCenter()
	}
}

// fadeActions calls f with each fade action of the player in seat k that
// applies now.
func (p *player) fadeActions(k int, f func(a *programAction)) {
	for i := range p.seats[k].b.prog.actions {
		if a := &p.seats[k].b.prog.actions[i]; a.Kind == ActionBet && a.Bet.Kind == Center && a.Against && p.holds(k, a) {
			f(a)
		}
	}
}

// claim has the player in seat k, who may claim the center bet under
// Rules.FadeClaim, claim the whole of it if a fade action of his says so.
func (p *player) claim(k int) {
	t := &p.t
	p.fadeActions(k, func(a *programAction) {
		if !a.Claim || t.claimant != k+1 {
			return
		}
		faded, _ := t.faded(-1) // no one has faded yet
		if t.seats[k].bankroll < t.center+faded {
			p.seats[k].short = true
			return
		}
		_ = t.Claim(t.seats[k].name)
	})
}

// fade has the player in seat k fade the center bet as his fade actions
// say: each brings his part to its amount, as far as the stake not yet
// faded allows.
func (p *player) fade(k int) {
	t := &p.t
	p.fadeActions(k, func(a *programAction) {
		have := Amount(0)
		if _, mine := t.faded(k); mine >= 0 {
			have = t.bets[mine].cover
		}
		more := min(a.amount(&p.seats[k].b.mem)-have, t.center)
		switch {
		case more <= 0:
		case t.seats[k].bankroll < more:
			p.seats[k].short = true
		default:
			_ = t.Fade(t.seats[k].name, more)
		}
	})
}

// backSideBets makes the side bets the player in seat k backs: each
// action that applies brings his stake on its bet, at its odds (and with
// its opponent, if it names one), to its amount, in as many bets as it
// takes with the players willing to cover it.
func (p *player) backSideBets(k int) {
	t := &p.t
	for i := range p.seats[k].b.prog.actions {
		a := &p.seats[k].b.prog.actions[i]
		if a.Kind != ActionBet || a.Bet.Kind == Center || a.Against || !p.holds(k, a) {
			continue
		}
		b, ok := sideBetNow(t, a.Bet)
		if !ok {
			continue
		}
		odds := a.Agreed.or(evenMoney)
		need := a.amount(&p.seats[k].b.mem)
		for j := range t.bets {
			if q := &t.bets[j]; q.seat == k && q.bet == b && sameOdds(q.amount, q.cover, odds) &&
				(a.Opponent == "" || t.seats[q.opponent].name == a.Opponent) {
				need -= q.amount
			}
		}
		if need <= 0 {
			continue
		}
		if t.seats[k].bankroll < need {
			p.seats[k].short = true
			continue
		}
		n := len(p.seats)
		for x := 1; x < n && need > 0; x++ {
			if j := (k + x) % n; !p.seats[j].ended && (a.Opponent == "" || t.seats[j].name == a.Opponent) {
				need = p.coverSideBet(j, k, b, odds, need)
			}
		}
	}
}

// sideBetNow is the side bet an action on b makes now, with a point bet on
// the point that is on, and whether one can be made: right and wrong on
// the come-out, come, don't come and point bets while a point is on
// (one on its own point only then), the others at any time.
func sideBetNow(t *Table, b Bet) (Bet, bool) {
	switch b.Kind {
	case PassLine, DontPass:
		return b, t.point == 0
	case Come, DontCome:
		return b, t.point != 0
	case PointBet:
		if b.Number == 0 {
			b.Number = int(t.point)
		}
		return b, t.point != 0 && b.Number == int(t.point)
	}
	return b, true
}

// coverSideBet has the player in seat j cover as much of need, the stake
// backer wants on side bet b at odds, as his cover actions that apply are
// willing to, each up to its amount of his money on such bets at once;
// it returns what is still to cover.
func (p *player) coverSideBet(j, backer int, b Bet, odds Ratio, need Amount) Amount {
	t := &p.t
	granule := sideGranule(odds, t.rules.unit())
	for i := range p.seats[j].b.prog.actions {
		a := &p.seats[j].b.prog.actions[i]
		if a.Kind != ActionBet || !a.Against || a.Bet.Kind == Center || !matches(a.Bet, b) ||
			!sameRatio(a.Agreed.or(evenMoney), odds) || (a.Opponent != "" && a.Opponent != t.seats[backer].name) ||
			!p.holds(j, a) {
			continue
		}
		room := a.amount(&p.seats[j].b.mem)
		for x := range t.bets {
			if q := &t.bets[x]; q.opponent == j && q.bet.Kind != Center && matches(a.Bet, q.bet) &&
				sameOdds(q.amount, q.cover, odds) && (a.Opponent == "" || t.seats[q.seat].name == a.Opponent) {
				room -= q.cover
			}
		}
		if bankroll := t.seats[j].bankroll; bankroll < min(room, coverOf(need, odds)) {
			p.seats[j].short = true // he would cover more if he had it
			room = bankroll
		}
		stake, _ := mulDiv(max(room, 0), odds.Stake, odds.Win) // the most whose cover is within room
		stake = min(stake, need)
		if stake -= stake % granule; stake == 0 {
			continue
		}
		if t.Side(t.seats[backer].name, t.seats[j].name, b, stake, odds) == nil {
			if need -= stake; need == 0 {
				break
			}
		}
	}
	return need
}

// coverOf is what covers a stake at odds, for a stake sideGranule allows.
func coverOf(stake Amount, odds Ratio) Amount { return stake * Amount(odds.Win) / Amount(odds.Stake) }

// sameOdds reports whether a bet of amount covered by cover is at odds.
// Amounts are at most MaxAmount and the terms at most maxRatioTerm, so the
// products fit.
func sameOdds(amount, cover Amount, odds Ratio) bool {
	return int64(cover)*odds.Stake == int64(amount)*odds.Win
}

// sameRatio reports whether two odds are the same, in any terms.
func sameRatio(a, b Ratio) bool { return a.Win*b.Stake == b.Win*a.Stake }

// sideGranule is the smallest stake at odds (terms from 1 to maxRatioTerm)
// that it and its cover are whole numbers of unit, every other such stake
// being a multiple of it; 0 if it is past MaxAmount.
func sideGranule(odds Ratio, unit Amount) Amount {
	g := gcd(odds.Win, odds.Stake)
	w, s := odds.Win/g, odds.Stake/g
	// The stake is s·q for the cover w·q to be whole, and both are whole
	// units when q is a multiple of unit/gcd(unit, w) and of unit/gcd(unit, s).
	a, b := int64(unit)/gcd(int64(unit), w), int64(unit)/gcd(int64(unit), s)
	q := a / gcd(a, b) * b
	if q > int64(MaxAmount)/s {
		return 0
	}
	return Amount(s * q)
}

// sideOdds is the odds of the bet between players that res[j] reports, in
// lowest terms: Table.Roll reports each such bet as two resolutions in a
// row, its backer's and then the other player's, each with his own stake.
func sideOdds(res []Resolution, j int) Ratio {
	backer, other := &res[j], &res[j]
	if res[j].Against {
		backer = &res[j-1]
	} else {
		other = &res[j+1]
	}
	g := gcd(int64(other.Stake), int64(backer.Stake))
	return Ratio{int64(other.Stake) / g, int64(backer.Stake) / g}
}

// sitOut takes the player in seat k out of the game at the end of his
// session, as Leave would without emptying his seat: every bet between
// him and another player is called off, both stakes going back, and he
// shoots no more (a shooter hands the dice on to finish the hand).
func (p *player) sitOut(k int) {
	t := &p.t
	t.callOffPlayer(k)
	t.seats[k].barred = true
	if t.shooter == k {
		t.shooter = t.nextShooter(k)
	}
}
