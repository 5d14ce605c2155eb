package craps

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseStrategy reads a strategy's text form: one action a line (or
// separated by semicolons), "#" starting a comment. The package
// documentation's "Strategies" section describes the language; in short:
//
//	pass 10                                   # a bet and its amount
//	odds 3-4-5x                               # odds by point, or 2x, max, or an amount
//	come 10 if comes < 2                      # a condition: "and" binds before "or"
//	field 5 if no c&e                         # "and" joins facts: not "c and e" here
//	come odds 2x
//	place 6 12 skip point                     # not on the point, taken down when it is
//	place 8 6-12-18-24 up on win              # a progression: up on win, reset on loss
//	field 10-20-30-50 up on win               # a win progression
//	pass 10-20-40-80 up on loss cycle         # a martingale: back to 10 after 80 loses
//	place 5 0-10-10 by hits place             # an amount for each count of the hand
//	take down place if point off
//	stop if winnings >= 100
//
// and in the private game (Rules.Private), bets between players:
//
//	center 10 or no bet                       # the shooter's stake; no bet unless all faded
//	fade 25                                   # up to 25 of another shooter's stake
//	hard 6 10 at 9:1 with ann                 # a side bet backed, with ann only
//	cover hard 6 90 at 9:1                    # covers others' at those odds, up to 90 at once
//
// "odds" alone stands behind the pass line, and "odds 6" behind the come
// bet on 6; in a strategy whose earlier actions make don't pass (or don't
// come) bets and no pass line (or come) bet, they are the odds laid behind
// those: "don't pass 10; odds max" lays the most odds.
//
// It returns the strategy with its Actions; a line it cannot read is an
// error wrapping ErrSyntax that names the line. The text says nothing of
// the rules: Strategy.Validate checks a strategy against them. Strategy's
// String writes the text back.
func ParseStrategy(text string) (Strategy, error) {
	var s Strategy
	n := 0
	for line := range strings.SplitSeq(text, "\n") {
		n++
		line, _, _ = strings.Cut(line, "#")
		for stmt := range strings.SplitSeq(line, ";") {
			if strings.TrimSpace(stmt) == "" {
				continue
			}
			if len(s.Actions) == MaxStrategyActions {
				return Strategy{}, fmt.Errorf("craps: strategy line %d: more than %d actions: %w", n, MaxStrategyActions, ErrSyntax)
			}
			a, err := ParseAction(stmt)
			if err != nil {
				return Strategy{}, fmt.Errorf("craps: strategy line %d: %w", n, err)
			}
			if w := strings.Fields(strings.ToLower(stmt)); w[0] == "odds" && a.Kind == ActionBet {
				a.Bet.Kind = oddsKindAfter(s.Actions, a.Bet.Kind)
			}
			s.Actions = append(s.Actions, a)
		}
	}
	return s, nil
}

// oddsKindAfter is the kind of odds "odds" reads after the actions made so
// far: PassOdds or ComeOdds, unless only the don't side of that line has
// been bet, whose odds are laid.
func oddsKindAfter(made []Action, odds BetKind) BetKind {
	right, wrong, laid := PassLine, DontPass, DontPassOdds
	if odds == ComeOdds {
		right, wrong, laid = Come, DontCome, DontComeOdds
	} else if odds != PassOdds {
		return odds
	}
	var hasRight, hasWrong bool
	for _, a := range made {
		if a.Kind == ActionBet && !a.Against {
			hasRight = hasRight || a.Bet.Kind == right
			hasWrong = hasWrong || a.Bet.Kind == wrong
		}
	}
	if hasWrong && !hasRight {
		return laid
	}
	return odds
}

// String writes the strategy's actions in the text form ParseStrategy
// reads, one a line. Its Name, Doc and hook are not part of it.
func (s Strategy) String() string {
	var b strings.Builder
	for i, a := range s.Actions {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(a.String())
	}
	return b.String()
}

// strategyError is a piece of a strategy's text that cannot be read.
func strategyError(text, why string) error {
	return fmt.Errorf("%q: %s: %w", clip(strings.TrimSpace(text)), clip(why), ErrSyntax)
}

// The words of the language that end a bet's amount and options.
var (
	moveWords = map[string]Move{"reset": MoveReset, "up": MoveUp, "down": MoveDown, "stay": MoveStay}
	moveNames = [...]string{"reset", "up", "down", "stay"}
	opNames   = [...]string{"=", "!=", "<", "<=", ">", ">="}
)

// ParseAction reads one action of a strategy's text form, as
// ParseStrategy does.
func ParseAction(text string) (Action, error) {
	// orig keeps the case of a player's name, word for word with words.
	orig := strings.Fields(plainApostrophes(text))
	words := strings.Fields(strings.ToLower(strings.Join(orig, " ")))
	var a Action
	head := words
	for i, w := range words {
		if w == "if" {
			head = words[:i]
			c, err := parseCondition(words[i+1:])
			if err != nil {
				return Action{}, strategyError(text, err.Error())
			}
			a.If = c
			break
		}
	}
	switch {
	case len(head) == 1 && head[0] == "stop":
		if len(a.If) == 0 {
			return Action{}, strategyError(text, `"stop" needs a condition: stop if ...`)
		}
		a.Kind = ActionStop
		return a, nil
	case len(head) >= 2 && head[0] == "take" && head[1] == "down":
		b, err := parsePattern(head[2:])
		if err != nil {
			return Action{}, strategyError(text, "take down what?")
		}
		a.Kind, a.Bet = ActionTakeDown, b
		return a, nil
	case len(head) >= 1 && head[0] == "fade":
		a.Bet, a.Against = Bet{Kind: Center}, true
		if len(head) < 2 || !a.readAmount(head[1]) || a.Odds != OddsByAmount {
			return Action{}, strategyError(text, "fade how much? fade <amount>")
		}
		if err := a.readOptions(head[2:], orig[2:]); err != nil {
			return Action{}, strategyError(text, err.Error())
		}
		return a, nil
	case len(head) >= 1 && head[0] == "cover":
		head, orig, a.Against = head[1:], orig[1:], true
	}
	// The longest prefix that is a bet, followed by an amount.
	notAmount, kindOnly := "", Bet{}
	for i := len(head) - 1; i >= 1; i-- {
		b, err := parsePattern(head[:i])
		if err != nil {
			continue
		}
		if !madeAsIs(b) {
			if b.Kind == Before || b.Kind == Within || b.Kind == Hop { // a number after the others may be theirs: place 7
				kindOnly = b
			}
			continue
		}
		if !a.readAmount(head[i]) {
			if notAmount == "" {
				notAmount = head[i] // the word after the longest bet
			}
			continue
		}
		if a.Against && b.Kind == Center {
			return Action{}, strategyError(text, "the center bet is faded: fade <amount>")
		}
		a.Bet = b
		if err := a.readOptions(head[i+1:], orig[i+1:]); err != nil {
			return Action{}, strategyError(text, err.Error())
		}
		return a, nil
	}
	switch _, err := parsePattern(head); {
	case err == nil:
		return Action{}, strategyError(text, "no amount")
	case kindOnly.Kind != NoBet:
		return Action{}, strategyError(text, kindNotBet(kindOnly))
	case notAmount != "":
		return Action{}, strategyError(text, fmt.Sprintf("%q is not an amount: a whole number (10), a progression (10-20-40), or for odds 2x or max", notAmount))
	}
	return Action{}, strategyError(text, "not an action: a bet and its amount, take down, stop, fade or cover")
}

// madeAsIs reports whether a bet can be made as written: every bet, and
// of the kinds that need a number only odds behind the come bets, which
// stand behind each of them. A proposition needs its throws; a repeater
// its number or its set of totals.
func madeAsIs(b Bet) bool {
	if b.Kind == Before || b.Kind == Within || b.Kind == Repeater && b.Set != 0 {
		return b.Set != 0
	}
	_, required := b.Kind.numbered()
	return b.Number != 0 || b.Hop != (Dice{}) || b.Kind == ComeOdds || b.Kind == DontComeOdds ||
		!required && b.Kind != Hop
}

// kindNotBet is why an action cannot make b, a kind of bet standing for
// every number, as it is.
func kindNotBet(b Bet) string {
	name := strings.ToLower(b.Kind.String())
	switch b.Kind {
	case Before, Within:
		return fmt.Sprintf("%q needs its throws: 6,8 before 7, or 2,12 within 3", name)
	case Hop:
		return fmt.Sprintf("%q needs its dice: hop 2-5", name)
	}
	return fmt.Sprintf("%q needs its number: place 6, hard 8", name)
}

// parsePattern reads a bet, or a kind of bet standing for every number.
func parsePattern(words []string) (Bet, error) {
	text := strings.Join(words, " ")
	if text == "" {
		return Bet{}, syntaxError("bet", text)
	}
	if b, err := ParseBet(text); err == nil {
		return b, nil
	}
	k, err := ParseBetKind(text)
	if err != nil || k >= numKinds {
		return Bet{}, syntaxError("bet", text)
	}
	return Bet{Kind: k}, nil
}

// zeroTimes is how the text writes the zero Action.Times, and what it
// reads back as the zero.
var zeroTimes = OddsLimit{}.String()

// readAmount reads an amount ("10", "10-20-40"), an odds multiple ("2x",
// "3-4-5x") or "max" into a, reporting whether w is one.
func (a *Action) readAmount(w string) bool {
	switch {
	case w == "max":
		a.Odds = OddsAtLimit
		return true
	case strings.HasSuffix(w, "x"):
		o, err := ParseOddsLimit(w)
		if err != nil {
			return false
		}
		if w == zeroTimes {
			o = OddsLimit{}
		}
		a.Odds, a.Times = OddsByMultiple, o
		return true
	}
	var amounts []Amount
	for _, part := range strings.Split(w, "-") {
		n, err := strconv.ParseInt(part, 10, 64)
		if err != nil || n < 0 || part[0] == '+' {
			return false
		}
		amounts = append(amounts, Amount(n))
	}
	a.Amounts = amounts
	return true
}

// readOptions reads what follows an action's amount; orig is the same
// words as written, for the case of a player's name.
func (a *Action) readOptions(words, orig []string) error {
	for len(words) > 0 {
		w := words[0]
		n := len(words)
		switch {
		case w == "at" && len(words) >= 2:
			// "at 9:1", "at 9-1", "at 9 to 1", "at 9"
			odds, used := words[1], 2
			if len(words) >= 4 && words[2] == "to" {
				odds, used = words[1]+" to "+words[3], 4
			}
			o, err := ParseRatio(strings.Replace(odds, "-", ":", 1))
			if err != nil || o.Win == 0 {
				return fmt.Errorf("%q: odds such as 9:1, 9-1 or 6 to 5", "at "+odds)
			}
			a.Agreed, words = o, words[used:]
		case w == "with" && len(words) >= 2:
			if a.Opponent = orig[1]; words[1] == "any" {
				a.Opponent = ""
			}
			words = words[2:]
		case w == "or" && len(words) >= 3 && words[1] == "no" && words[2] == "bet":
			a.NoBetUnlessFaded, words = true, words[3:]
		case w == "claim":
			a.Claim, words = true, words[1:]
		case w == "min" && len(a.Amounts) > 0 && !a.InMinimums:
			a.InMinimums, words = true, words[1:]
		case w == "cycle":
			a.Progression.Cycle, words = true, words[1:]
		case len(words) >= 3 && words[1] == "on" && (words[2] == "win" || words[2] == "loss"):
			m, ok := moveWords[w]
			if !ok {
				return fmt.Errorf("%q: up, down, reset or stay", w)
			}
			if words[2] == "win" {
				a.Progression.OnWin = m
			} else {
				a.Progression.OnLoss = m
			}
			words = words[3:]
		case w == "skip" && len(words) >= 2 && words[1] == "point":
			a.SkipPoint, words = true, words[2:]
		case w == "skip" && len(words) >= 2 && words[1] == "come":
			a.SkipCome, words = true, words[2:]
		case w == "working" && len(words) >= 2 && (words[1] == "on" || words[1] == "off"):
			a.Working = SwitchOn
			if words[1] == "off" {
				a.Working = SwitchOff
			}
			words = words[2:]
		case w == "by" && len(words) >= 2:
			end := 2
			for end < len(words) && !optionWord(words[end]) {
				end++
			}
			f, err := parseCount(words[1:end])
			if err != nil {
				return err
			}
			a.Progression.By, words = f, words[end:]
		default:
			return fmt.Errorf("%q: not an option (min, up on win, down on loss, cycle, by, skip point, skip come, working on; "+
				"between players at, with, or no bet, claim)", strings.Join(words, " "))
		}
		orig = orig[n-len(words):]
	}
	return nil
}

// optionWord reports whether w starts an option, ending a "by" count.
func optionWord(w string) bool {
	_, move := moveWords[w]
	switch w {
	case "cycle", "skip", "working", "min", "at", "with", "or", "claim":
		return true
	}
	return move
}

// parseCount reads a count of the hand: "hits <bets>", "points", "rolls"
// or "winnings".
func parseCount(words []string) (Fact, error) {
	text := strings.Join(words, " ")
	switch {
	case text == "points":
		return Fact{Kind: FactPoints}, nil
	case text == "rolls":
		return Fact{Kind: FactRolls}, nil
	case text == "winnings":
		return Fact{Kind: FactWinnings}, nil
	case len(words) >= 2 && words[0] == "hits":
		b, err := parsePattern(words[1:])
		if err != nil {
			return Fact{}, fmt.Errorf("%q: hits of which bets?", text)
		}
		return Fact{Kind: FactHits, Bet: b}, nil
	}
	return Fact{}, fmt.Errorf("%q: not a count (hits <bets>, points, rolls, winnings)", text)
}

// parseCondition reads facts joined by "and" and "or", "and" first.
// Both always join: a bet whose name holds one ("c and e") is refused
// with a hint, not read, so that no fact's end depends on the next.
func parseCondition(words []string) (Condition, error) {
	var c Condition
	var clause []Fact
	start := 0
	for i := 0; i <= len(words); i++ {
		if i < len(words) && words[i] != "and" && words[i] != "or" {
			continue
		}
		f, err := parseFact(words[start:i])
		if err != nil {
			return nil, joinedBetName(words, err)
		}
		clause = append(clause, f)
		if i == len(words) || words[i] == "or" {
			c = append(c, clause)
			clause = nil
		}
		start = i + 1
	}
	return c, nil
}

// joinedBetName adds to err, about a condition, how to write a bet whose
// name the condition split at its "and" or "or", if the condition so
// written reads.
func joinedBetName(words []string, err error) error {
	text := " " + strings.Join(words, " ") + " "
	for name, k := range betAliases {
		if !strings.Contains(name, " and ") && !strings.Contains(name, " or ") || !strings.Contains(text, " "+name+" ") {
			continue
		}
		plain := betText(Bet{Kind: k})
		if _, rerr := parseCondition(strings.Fields(strings.Replace(text, " "+name+" ", " "+plain+" ", 1))); rerr == nil {
			return fmt.Errorf("%v (in a condition \"and\" and \"or\" join facts: write %q as %q)", err, name, plain)
		}
	}
	return err
}

// parseFact reads one fact of a condition.
func parseFact(words []string) (Fact, error) {
	text := strings.Join(words, " ")
	not := false
	if len(words) > 0 && words[0] == "not" {
		not, words = true, words[1:]
	}
	f, err := parsePositiveFact(words)
	if err != nil {
		if text == "" {
			return Fact{}, fmt.Errorf("a condition is missing a fact")
		}
		return Fact{}, fmt.Errorf("%q: %v", text, err)
	}
	f.Not = f.Not != not
	return f, nil
}

func parsePositiveFact(words []string) (Fact, error) {
	if len(words) == 0 {
		return Fact{}, fmt.Errorf("no fact")
	}
	rest := words[1:]
	switch words[0] {
	case "point":
		switch {
		case len(rest) == 1 && rest[0] == "on":
			return Fact{Kind: FactPoint}, nil
		case len(rest) == 1 && rest[0] == "off":
			return Fact{Kind: FactPoint, Not: true}, nil
		case len(rest) == 1:
			n, err := strconv.Atoi(rest[0])
			if err == nil && n > 0 {
				return Fact{Kind: FactPoint, N: n}, nil
			}
		}
		return Fact{}, fmt.Errorf("point on, point off or point <number>")
	case "has", "no", "won", "lost":
		b, err := parsePattern(rest)
		if err != nil {
			return Fact{}, fmt.Errorf("which bet?")
		}
		kind := map[string]FactKind{"has": FactHas, "no": FactHas, "won": FactWon, "lost": FactLost}[words[0]]
		return Fact{Kind: kind, Bet: b, Not: words[0] == "no"}, nil
	case "rolled":
		set, err := ParseOutcomeSet(strings.Join(rest, " "))
		if err != nil || len(rest) == 0 {
			return Fact{}, fmt.Errorf("rolled which throws (7, craps, 6,8, 3-3, doubles)?")
		}
		return Fact{Kind: FactRolled, Rolled: set}, nil
	}
	// A number compared: "<what> <op> <n>".
	notAFact := fmt.Errorf("not a fact: point, has, no, rolled, won, lost, or a number compared")
	if len(words) < 3 {
		return Fact{}, notAFact
	}
	n, nErr := strconv.Atoi(words[len(words)-1])
	op := Comparison(0)
	for ; op < numComparisons && opNames[op] != words[len(words)-2]; op++ {
	}
	if words[len(words)-2] == "==" {
		op = CompareEqual
	}
	switch {
	case op == numComparisons && nErr != nil:
		return Fact{}, notAFact
	case op == numComparisons:
		return Fact{}, fmt.Errorf("compare with =, !=, <, <=, > or >=")
	case nErr != nil || n < 0:
		return Fact{}, fmt.Errorf("compare with a whole number")
	}
	what := words[:len(words)-2]
	var f Fact
	switch text := strings.Join(what, " "); {
	case text == "comes":
		f = Fact{Kind: FactComes, Bet: Bet{Kind: Come}}
	case text == "don't comes" || text == "dont comes":
		f = Fact{Kind: FactComes, Bet: Bet{Kind: DontCome}}
	case what[0] == "bets":
		b, err := parsePattern(what[1:])
		if err != nil {
			return Fact{}, fmt.Errorf("count which bets?")
		}
		f = Fact{Kind: FactBets, Bet: b}
	default:
		var err error
		if f, err = parseCount(what); err != nil {
			return Fact{}, err
		}
	}
	f.Op, f.N = op, n
	return f, nil
}

// betText is a bet as the language writes it: its name in lower case.
func betText(b Bet) string { return strings.ToLower(b.String()) }

// String writes the action in the text form ParseAction reads.
func (a Action) String() string {
	var w []string
	switch a.Kind {
	case ActionStop:
		w = append(w, "stop")
	case ActionTakeDown:
		w = append(w, "take down", betText(a.Bet))
	default:
		switch {
		case a.Against && a.Bet.Kind == Center:
			w = append(w, "fade")
		case a.Against:
			w = append(w, "cover", betText(a.Bet))
		default:
			w = append(w, betText(a.Bet))
		}
		switch a.Odds {
		case OddsAtLimit:
			w = append(w, "max")
		case OddsByMultiple:
			times := a.Times.String()
			if times == zeroTimes && a.Times != (OddsLimit{}) {
				times = "3-4-5-3-3x" // the zero's multiples, set: not read back as the zero
			}
			w = append(w, times)
		default:
			amounts := make([]string, len(a.Amounts))
			for i, x := range a.Amounts {
				amounts[i] = strconv.FormatInt(int64(x), 10)
			}
			w = append(w, strings.Join(amounts, "-"))
			if a.InMinimums {
				w = append(w, "min")
			}
		}
		p := a.Progression
		if p.OnWin != MoveReset {
			w = append(w, moveName(p.OnWin)+" on win")
		}
		if p.OnLoss != MoveReset {
			w = append(w, moveName(p.OnLoss)+" on loss")
		}
		if p.Cycle {
			w = append(w, "cycle")
		}
		if p.By.Kind != NoFact {
			w = append(w, "by "+p.By.what())
		}
		if a.SkipPoint {
			w = append(w, "skip point")
		}
		if a.SkipCome {
			w = append(w, "skip come")
		}
		switch a.Working {
		case SwitchOn:
			w = append(w, "working on")
		case SwitchOff:
			w = append(w, "working off")
		}
		if !a.Agreed.IsZero() {
			w = append(w, "at "+a.Agreed.String())
		}
		if a.Opponent != "" {
			w = append(w, "with "+a.Opponent)
		}
		if a.NoBetUnlessFaded {
			w = append(w, "or no bet")
		}
		if a.Claim {
			w = append(w, "claim")
		}
	}
	if len(a.If) > 0 {
		w = append(w, "if", a.If.String())
	}
	return strings.Join(w, " ")
}

func moveName(m Move) string {
	if int(m) < len(moveNames) {
		return moveNames[m]
	}
	return "Move(" + strconv.Itoa(int(m)) + ")"
}

// String writes the condition as the text form has it: "point on and
// comes < 2 or rolled 7".
func (c Condition) String() string {
	clauses := make([]string, len(c))
	for i, clause := range c {
		facts := make([]string, len(clause))
		for j, f := range clause {
			facts[j] = f.String()
		}
		clauses[i] = strings.Join(facts, " and ")
	}
	return strings.Join(clauses, " or ")
}

// String writes the fact as the text form has it: "point off", "has
// place 6", "hits place >= 2".
func (f Fact) String() string {
	not := ""
	if f.Not {
		not = "not "
	}
	switch f.Kind {
	case FactPoint:
		switch {
		case f.N != 0:
			return not + "point " + strconv.Itoa(f.N)
		case f.Not:
			return "point off"
		}
		return "point on"
	case FactHas:
		if f.Not {
			return "no " + betText(f.Bet)
		}
		return "has " + betText(f.Bet)
	case FactRolled:
		return not + "rolled " + f.Rolled.text()
	case FactWon:
		return not + "won " + betText(f.Bet)
	case FactLost:
		return not + "lost " + betText(f.Bet)
	}
	op := "?"
	if int(f.Op) < len(opNames) {
		op = opNames[f.Op]
	}
	return not + f.what() + " " + op + " " + strconv.Itoa(f.N)
}

// what is the number a numbered fact compares.
func (f Fact) what() string {
	switch f.Kind {
	case FactComes:
		if f.Bet.Kind == DontCome {
			return "don't comes"
		}
		return "comes"
	case FactBets:
		return "bets " + betText(f.Bet)
	case FactHits:
		return "hits " + betText(f.Bet)
	case FactPoints:
		return "points"
	case FactRolls:
		return "rolls"
	case FactWinnings:
		return "winnings"
	}
	return "FactKind(" + strconv.Itoa(int(f.Kind)) + ")"
}
