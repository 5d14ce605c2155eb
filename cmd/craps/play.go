package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/internal/rulekeys"
)

const playSynopsis = `[-json] [-strict] [-seed S] [TAPE | -strategy NAME|TEXT [-rolls N] [-bankroll B]]

Replays a roll tape: a script of a craps session, at a casino or in the
private game, read from the file TAPE or from standard input, one command a
line (# starts a comment), and prints every payout as the dealer calls it.
"craps help tapes" lists the commands: rules, player, bet, roll and more.
With -strategy and no tape, it narrates a session: ann bets by the
strategy, the dice are thrown from -seed, and each throw is called and
paid as a dealer would.

The player may be left out when there is one player, or to mean the first.
A refused command is reported, with its line number, and the replay goes on;
under -strict the replay stops there. The exit status is 0 when the tape was
read to the end (under -strict, with nothing refused), 1 when it stopped: a
refused line under -strict, a line longer than 1 MiB, a tape that cannot be
read.

Examples:
  printf 'player ann 2000\nbet ann pass 100\nroll 2-4\nbet ann odds 100\nroll 3-3\n' | craps play
  craps play -strategy iron-cross -rolls 20 -seed 1`

func runPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlagSet("play", playSynopsis, stdout)
	asJSON := fs.Bool("json", false, "print one JSON object a line: a roll, a strategy's bets, a refused line (schema/play.schema.json)")
	seed := fs.Uint64("seed", 0, "the card deck's seed, as craps.NewDeck(seed, 0); a seed line on the tape overrides it")
	strict := fs.Bool("strict", false, "stop at the first refused line, and exit 1")
	strategy := fs.String("strategy", "", "narrate a session of this strategy (a `NAME` or actions) on dice thrown from -seed, no tape")
	rolls := fs.Int("rolls", 20, "with -strategy: the throws narrated")
	bankroll := fs.Int64("bankroll", 1000, "with -strategy: the player's bankroll")
	if err := parse(fs, args, 1); err != nil {
		return err
	}
	in := stdin
	if *strategy != "" {
		if fs.NArg() > 0 || *rolls < 1 || *bankroll < 1 {
			return fmt.Errorf("-strategy narrates a session of its own: no tape, and -rolls and -bankroll above 0: %w", errUsage)
		}
		in = narratedTape(*strategy, *bankroll, *rolls, *seed)
	} else if fs.NArg() == 1 {
		if name := fs.Arg(0); name != "-" {
			f, err := os.Open(name)
			if err != nil {
				return err
			}
			defer f.Close()
			in = f
		}
	}
	var out report = &textReport{w: stdout, narrated: *strategy != ""}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false) // "<" as itself, not \u003c
		out = &jsonReport{enc: enc}
	}
	return replaySeeded(in, out, *seed, *strict)
}

// report is where a replay writes what happened.
type report interface {
	roll(line int, d craps.Dice, fault craps.Fault, before int, t *craps.Table, res []craps.Resolution) error
	refused(line int, err error) error
	// strategy reports a player's bets after his strategy made them.
	strategy(line int, player string, bets []craps.BetState) error
	// surrender reports a player's repeater bet b of stake surrendered
	// for back, the stake included.
	surrender(line int, player string, b craps.Bet, stake, back craps.Amount, t *craps.Table) error
}

// session is the state of a replay.
type session struct {
	table   *craps.Table
	started bool // a player, bet or roll has been seen: rules are fixed
	// badRules is the line of a refused rules line that no later rules
	// line has replaced: until one does, every other line is refused,
	// rather than played under rules the tape did not give.
	badRules int
	seated   bool // a player has been seated: no default player from now on
	res      []craps.Resolution
	// Card craps: the deck, made from seed at the first card command,
	// and whether it has dealt.
	deck  *craps.Deck
	seed  uint64
	dealt bool
	// bettors are the players who bet by a strategy, in the order they
	// were seated.
	bettors []*craps.StrategyPlayer
	names   []string
}

// replay reads the tape line by line and plays it. It returns an error
// only when the tape cannot be read, or the report cannot be written.
func replay(in io.Reader, out report) error { return replaySeeded(in, out, 0, false) }

// maxTapeLine is the longest line a tape may have.
const maxTapeLine = 1 << 20

// replaySeeded is replay with a seed for the card deck; strict stops it at
// the first refused line, with an error.
func replaySeeded(in io.Reader, out report, seed uint64, strict bool) error {
	s := &session{table: &craps.Table{}, seed: seed}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), maxTapeLine)
	line := 1
	for ; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if err := s.do(line, fields, out); err != nil {
			if werr := out.refused(line, err); werr != nil {
				return werr
			}
			if strict {
				return fmt.Errorf("line %d refused (-strict): %s", line, strings.TrimPrefix(err.Error(), "craps: "))
			}
		}
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return fmt.Errorf("line %d is longer than %d bytes: the replay stops there", line, maxTapeLine)
	case err != nil:
		return fmt.Errorf("reading the tape at line %d: %w", line, err)
	}
	return nil
}

// do carries out one command. A refused one changes nothing: neither
// the table nor whether the rules are fixed and the default player seated.
func (s *session) do(line int, f []string, out report) (err error) {
	started, seated := s.started, s.seated
	defer func() {
		if err == nil {
			return
		}
		if !seated && s.seated {
			_, _ = s.table.Leave("p1") // seated for this line alone
		}
		s.started, s.seated = started, seated
	}()
	cmd, args := strings.ToLower(f[0]), f[1:]
	for _, two := range []string{"take down", "no bet", "call off", "pass dice", "change dice"} {
		first, second, _ := strings.Cut(two, " ")
		if cmd == first && len(args) > 0 && strings.EqualFold(args[0], second) {
			cmd, args = two, args[1:]
		}
	}
	if s.badRules != 0 && cmd != "rules" {
		return fmt.Errorf("the rules on line %d were refused: nothing is played until a rules line is taken", s.badRules)
	}
	switch cmd {
	case "rules", "seed":
	case "player":
		s.started = true
	default:
		s.defaultPlayer()
	}
	switch cmd {
	case "rules":
		if err := s.rules(args); err != nil {
			if !s.started {
				s.badRules = line
			}
			return err
		}
		s.badRules = 0
		return nil
	case "player":
		return s.player(args)
	case "leave":
		if len(args) != 1 {
			return errors.New("usage: leave <player>")
		}
		if _, err := s.table.Leave(args[0]); err != nil {
			return err
		}
		s.dropStrategy(args[0])
		return nil
	case "bet", "reduce":
		if len(args) < 2 {
			return fmt.Errorf("usage: %s [<player>] <bet> <amount>", cmd)
		}
		n, err := strconv.ParseInt(args[len(args)-1], 10, 64)
		if err != nil {
			return fmt.Errorf("amount %q is not a whole number", args[len(args)-1])
		}
		player, b, err := s.playerAndBet(args[:len(args)-1])
		if err != nil {
			return err
		}
		if cmd == "reduce" {
			return s.table.Reduce(player, b, craps.Amount(n))
		}
		return s.table.Place(player, b, craps.Amount(n))
	case "take down":
		player, b, err := s.playerAndBet(args)
		if err != nil {
			return err
		}
		_, err = s.table.TakeDown(player, b)
		return err
	case "surrender":
		player, b, err := s.playerAndBet(args)
		if err != nil {
			return err
		}
		var stake craps.Amount
		bets, _ := s.table.Bets(player)
		for _, x := range bets {
			if x.Bet == b {
				stake = x.Amount
			}
		}
		back, err := s.table.Surrender(player, b)
		if err != nil {
			return err
		}
		return out.surrender(line, player, b, stake, back, s.table)
	case "working":
		if len(args) < 2 {
			return errors.New("usage: working [<player>] <bet> on|off")
		}
		on, ok := map[string]bool{"on": true, "off": false}[strings.ToLower(args[len(args)-1])]
		if !ok {
			return fmt.Errorf("working takes on or off, not %q", args[len(args)-1])
		}
		player, b, err := s.playerAndBet(args[:len(args)-1])
		if err != nil {
			return err
		}
		return s.table.SetWorking(player, b, on)
	case "roll", "void":
		return s.throw(line, cmd, args, out)
	case "bar":
		if len(args) != 1 {
			return errors.New("usage: bar <player>")
		}
		return s.table.BarShooter(args[0])
	case "pass dice":
		if len(args) != 0 {
			return errors.New("usage: pass dice")
		}
		return s.table.PassDice()
	case "change dice":
		if len(args) > 1 {
			return errors.New("usage: change dice [<player>]")
		}
		who := s.firstPlayer()
		if len(args) == 1 {
			who = args[0]
		}
		return s.table.ChangeDice(who)
	case "center", "withdraw", "no bet", "fade", "claim", "side", "call off":
		return s.private(cmd, args)
	case "deal", "seed", "cut", "new":
		return s.cards(line, cmd, args, out)
	}
	return fmt.Errorf("unknown command %q%s (craps help tapes lists them)", f[0], didYouMean(strings.ToLower(f[0]), tapeCommandNames))
}

// player seats a player: "player <name> <bankroll> [seat <n>] [strategy <spec>]".
func (s *session) player(args []string) error {
	const usage = "usage: player <name> <bankroll> [seat <n>] [strategy <spec>]"
	var spec string
	for i, w := range args {
		if strings.EqualFold(w, "strategy") {
			spec = strings.Join(args[i+1:], " ")
			if spec == "" {
				return errors.New(usage)
			}
			args = args[:i]
			break
		}
	}
	if len(args) != 2 && (len(args) != 4 || !strings.EqualFold(args[2], "seat")) {
		return errors.New(usage)
	}
	n, err := strconv.ParseInt(args[1], 10, 64)
	if err != nil {
		return fmt.Errorf("bankroll %q is not a whole number", args[1])
	}
	at := len(s.table.Players())
	if len(args) == 4 {
		if at, err = strconv.Atoi(args[3]); err != nil {
			return fmt.Errorf("seat %q is not a number", args[3])
		}
	}
	var strategy craps.Strategy
	if spec != "" {
		if strategy, err = readStrategy(spec, ""); err != nil {
			return errors.New(strings.TrimSuffix(strings.TrimPrefix(err.Error(), "-strategy: "), ": "+errUsage.Error()))
		}
		if err := strategy.Validate(s.table.Rules()); err != nil {
			return err
		}
	}
	// NewStrategyPlayer needs the player seated, and may still refuse him
	// (in the private game): the table then goes back to what it was, in
	// place, since the other strategy players hold it, so that the refused
	// line seats no one.
	before := s.table.Clone()
	if err := s.table.JoinAt(args[0], craps.Amount(n), at); err != nil {
		return err
	}
	if spec != "" {
		p, err := craps.NewStrategyPlayer(s.table, args[0], strategy)
		if err != nil {
			*s.table = *before
			return err
		}
		s.bettors, s.names = append(s.bettors, p), append(s.names, args[0])
	}
	s.seated = true
	return nil
}

// dropStrategy ends the strategy of the player who has left: the
// bettors find players by name, and one seated again under it bets by his
// new player line, not by the old one.
func (s *session) dropStrategy(name string) {
	if i := slices.Index(s.names, name); i >= 0 {
		s.bettors = slices.Delete(s.bettors, i, i+1)
		s.names = slices.Delete(s.names, i, i+1)
	}
}

// strategiesBet has every player who bets by a strategy make his bets
// before a throw, and reports them; one whose strategy has stopped bets
// no more.
func (s *session) strategiesBet(line int, out report) error {
	for i := 0; i < len(s.bettors); i++ {
		p := s.bettors[i]
		if p.Stopped() || p.Bet() != nil {
			s.bettors = append(s.bettors[:i], s.bettors[i+1:]...)
			s.names = append(s.names[:i], s.names[i+1:]...)
			i--
			continue
		}
		bets, _ := s.table.Bets(s.names[i])
		if err := out.strategy(line, s.names[i], bets); err != nil {
			return err
		}
	}
	return nil
}

// strategiesSee shows every strategy the throw d and what it did.
func (s *session) strategiesSee(d craps.Dice, res []craps.Resolution) {
	for _, p := range s.bettors {
		_ = p.Observe(d, res) // every bettor is seated: leave drops his strategy
	}
}

// throw plays "roll <a>-<b> [<fault>]" and "void <fault>".
func (s *session) throw(line int, cmd string, args []string, out report) error {
	var d craps.Dice
	fault := craps.NoFault
	if cmd == "void" {
		f, err := craps.ParseFault(strings.Join(args, " "))
		if err != nil || !f.Void() {
			return fmt.Errorf("usage: void off-bounds|cocked|no-backboard, not %q", strings.Join(args, " "))
		}
		fault = f
	} else {
		// The dice are the first word ("3-4") or two ("3 4"); a fault may follow.
		read := false
		for n := 1; n <= min(2, len(args)) && !read; n++ {
			var err error
			if d, err = craps.ParseDice(strings.Join(args[:n], " ")); err == nil {
				args, read = args[n:], true
			}
		}
		if !read {
			return errors.New("usage: roll <a>-<b> [one-die-missed|aside] with faces 1 to 6")
		}
		if len(args) > 0 {
			f, err := craps.ParseFault(strings.Join(args, " "))
			switch {
			case err != nil:
				return fmt.Errorf("usage: roll <a>-<b> [one-die-missed|aside], not %q", strings.Join(args, " "))
			case f.Void():
				return fmt.Errorf("a %v throw is void: use void %v", f, f)
			}
			fault = f
		}
	}
	// A refused line changes nothing, so the strategies bet only for a
	// throw the table takes: a clone tries it first (the strategy players
	// are bound to the table, so they cannot bet on a clone instead). Their
	// bets cannot change the answer: they bet at casino tables alone, which
	// refuse a throw for its source, never for the bets on the layout.
	if len(s.bettors) > 0 {
		if _, err := s.table.Clone().RollFault(d, fault, nil); err != nil {
			return err
		}
	}
	if err := s.strategiesBet(line, out); err != nil {
		return err
	}
	before := s.table.Point()
	var err error
	s.res, err = s.table.RollFault(d, fault, s.res[:0])
	if err != nil {
		return err
	}
	if !fault.Void() {
		s.strategiesSee(d, s.res)
	}
	return out.roll(line, d, fault, before, s.table, s.res)
}

// private plays the private game's commands.
func (s *session) private(cmd string, args []string) error {
	amount := func(text string) (craps.Amount, error) {
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("amount %q is not a whole number", text)
		}
		return craps.Amount(n), nil
	}
	switch {
	case cmd == "center" && len(args) == 1:
		n, err := amount(args[0])
		if err != nil {
			return err
		}
		return s.table.Center(n)
	case cmd == "withdraw" && len(args) == 0:
		return s.table.Withdraw()
	case cmd == "no bet" && len(args) == 0:
		return s.table.CallOffCenter()
	case cmd == "fade" && len(args) == 2:
		n, err := amount(args[1])
		if err != nil {
			return err
		}
		return s.table.Fade(args[0], n)
	case cmd == "claim" && len(args) == 1:
		return s.table.Claim(args[0])
	case cmd == "call off" && len(args) >= 2:
		b, err := craps.ParseBet(strings.Join(args[1:], " "))
		if err != nil {
			return err
		}
		_, err = s.table.CallOff(args[0], b)
		return err
	case cmd == "side" && len(args) >= 4:
		odds := craps.Ratio{}
		if k := slices.IndexFunc(args, func(w string) bool { return strings.EqualFold(w, "at") }); k >= 0 {
			// "at 2:1", "at 2 to 1", "at 2-1", "at 30 for 1"
			var err error
			text := oddsDash.ReplaceAllString(strings.Join(args[k+1:], " "), "$1:$2")
			if odds, err = craps.ParseRatio(text); err != nil {
				return err
			}
			args = args[:k]
		}
		if len(args) < 4 {
			break
		}
		n, err := amount(args[len(args)-1])
		if err != nil {
			return err
		}
		b, err := craps.ParseBet(strings.Join(args[2:len(args)-1], " "))
		if err != nil {
			return err
		}
		return s.table.Side(args[0], args[1], b, n, odds)
	}
	return fmt.Errorf("usage: %s", privateUsage[cmd])
}

// oddsDash reads odds written "2-1" as "2:1".
var oddsDash = regexp.MustCompile(`^(\d+)-(\d+)$`)

var privateUsage = map[string]string{
	"center": "center <amount>", "withdraw": "withdraw", "no bet": "no bet", "fade": "fade <player> <amount>",
	"claim": "claim <player>", "call off": "call off <player> <bet>",
	"side": "side <player> <opponent> <bet> <amount> [at <a>:<b>]",
}

// rules sets the table's rules, before anything else happens. A value
// with spaces is quoted: two="30 for 1".
func (s *session) rules(fields []string) error {
	if s.started {
		return errors.New("rules come before any player, bet or roll")
	}
	args, err := splitQuoted(strings.Join(fields, " "))
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return errors.New("usage: rules <preset> [key=value ...]")
	}
	r, err := rulekeys.Preset(args[0])
	if err != nil {
		return err
	}
	for _, kv := range args[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("rule %q is not key=value (quote a value with spaces: two=\"30 for 1\", or write it without: two=29:1)", kv)
		}
		if err := rulekeys.Set(&r, k, v); err != nil {
			return err
		}
	}
	t, err := craps.NewTable(r)
	if err != nil {
		return err
	}
	s.table = t
	return nil
}

// splitQuoted splits text into words at spaces, except within double
// quotes, which are removed: `two="30 for 1" bar=2` is two=30 for 1 and
// bar=2. A quote left open is an error.
func splitQuoted(text string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord, quoted := false, false
	for _, c := range text {
		switch {
		case c == '"':
			quoted, inWord = !quoted, true
		case !quoted && (c == ' ' || c == '\t'):
			if inWord {
				words = append(words, word.String())
				word.Reset()
			}
			inWord = false
		default:
			word.WriteRune(c)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("a quote is left open in %q", text)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// defaultPlayer seats p1 with 1000 when the tape has seated no one: not
// when the players it seated have all left.
func (s *session) defaultPlayer() {
	s.started = true
	if !s.seated {
		s.seated = true
		_ = s.table.Join("p1", 1000) // cannot fail at an empty table
	}
}

// firstPlayer is the player a command means when it names none: the
// first seated, or "" (whom the table refuses) when all have left.
func (s *session) firstPlayer() string {
	if players := s.table.Players(); len(players) > 0 {
		return players[0].Name
	}
	return ""
}

// playerAndBet reads "[<player>] <bet>": the first word is a player if a
// player of that name is seated and the rest is a bet; otherwise the whole
// is a bet for the first player. A first word that is no bet before one
// names a player, seated or not, whom the table then refuses if need be.
func (s *session) playerAndBet(words []string) (string, craps.Bet, error) {
	s.defaultPlayer()
	players := s.table.Players()
	if len(words) == 0 {
		return "", craps.Bet{}, errors.New("which bet?")
	}
	rest, restErr := craps.ParseBet(strings.Join(words[1:], " "))
	if len(words) > 1 && slices.ContainsFunc(players, func(p craps.PlayerState) bool { return p.Name == words[0] }) {
		// A seated player's name, then his bet: a bet that cannot be
		// read is reported as he wrote it, without his name.
		if _, err := craps.ParseBet(strings.Join(words, " ")); restErr == nil || err != nil {
			return words[0], rest, restErr
		}
	}
	b, err := craps.ParseBet(strings.Join(words, " "))
	switch {
	case err != nil && len(words) > 1 && restErr == nil:
		return words[0], rest, nil
	case err != nil:
		return "", b, err
	case len(players) == 0:
		return "", b, errors.New("no player at the table: seat one with player <name> <bankroll>")
	}
	return players[0].Name, b, nil
}

// textReport writes a dealer's log; narrated, of a session without a
// tape, it numbers the throws rather than the tape's lines.
type textReport struct {
	w        io.Writer
	narrated bool
}

// at is where a line of the log happened: "line 3", or "throw 2" of a
// narrated session, whose tape seats the player on its first line.
func (r *textReport) at(line int) string {
	if r.narrated {
		return fmt.Sprintf("throw %d", line-1)
	}
	return fmt.Sprintf("line %d", line)
}

func (r *textReport) roll(line int, d craps.Dice, fault craps.Fault, before int, t *craps.Table, res []craps.Resolution) error {
	if fault.Void() {
		fmt.Fprintf(r.w, "%s: void throw (%v): no decision, throw again\n", r.at(line), fault)
		r.players(t)
		return nil
	}
	call := fmt.Sprintf("%d", d.Total())
	switch after := t.Point(); {
	case before == 0 && after != 0:
		call += fmt.Sprintf(", the point is %d", after)
	case t.Rules().HighPoint:
		call += highPointCall(t.Rules(), before, d)
	case before != 0 && after == 0 && d.Total() == 7:
		call += ", seven out"
	case before != 0 && after == 0:
		call += ", winner, the point is made"
	case before == 0 && after == 0:
		call += ", come-out roll"
	}
	if fault != craps.NoFault {
		call += fmt.Sprintf(" (%v: counts, the shooter is warned)", fault)
	}
	verb := "roll"
	if t.Rules().Cards != craps.NoCards {
		verb = "deal" // the two cards' ranks
	}
	fmt.Fprintf(r.w, "%s: %s %v: %s\n", r.at(line), verb, d, call)
	for _, x := range res {
		bet := x.Bet.String()
		switch {
		case x.Against:
			bet += " (against " + x.Opponent + ")"
		case x.Opponent != "":
			bet += " (with " + x.Opponent + ")"
		}
		fmt.Fprintf(r.w, "  %-10s %-28s %-8v stake %d", x.Player, bet, x.Outcome, x.Stake)
		if x.Win != 0 {
			fmt.Fprintf(r.w, ", paid %d", x.Win)
		}
		if x.Commission != 0 {
			fmt.Fprintf(r.w, ", commission %d", x.Commission)
		}
		if x.Breakage != 0 {
			fmt.Fprintf(r.w, ", breakage %d", x.Breakage)
		}
		if x.Returned != 0 {
			fmt.Fprintf(r.w, ", returned %d", x.Returned)
		}
		if x.To.Kind != craps.NoBet && x.To != x.Bet {
			fmt.Fprintf(r.w, ", now %v", x.To)
		}
		fmt.Fprintln(r.w)
	}
	return r.players(t)
}

// highPointCall is the call of throw d of High Point craps (rules r) that
// sets no point, with the puck on before: the pass line's own verdict
// (Rules.Pays) says whether the shooter won. Nothing on the come-out loses
// for him, and the throw after the point decides it. Rules that do not
// offer the pass line have no call beyond the total.
func highPointCall(r craps.Rules, before int, d craps.Dice) string {
	won, err := r.Pays(craps.Bet{Kind: craps.PassLine}, before, d)
	switch {
	case err != nil:
		return ""
	case before == 0 && won.IsZero():
		return ", come-out roll, no decision: throw again"
	case before == 0:
		return ", come-out roll, winner"
	case won.IsZero():
		return fmt.Sprintf(", loser: higher than the point %d wins", before)
	}
	return fmt.Sprintf(", winner: higher than the point %d", before)
}

func (r *textReport) surrender(line int, player string, b craps.Bet, stake, back craps.Amount, t *craps.Table) error {
	fmt.Fprintf(r.w, "%s: %s surrenders %v\n", r.at(line), player, b)
	fmt.Fprintf(r.w, "  %-10s %-28v %-8s stake %d", player, b, "surrendered", stake)
	if back > stake {
		fmt.Fprintf(r.w, ", paid %d", back-stake)
	}
	fmt.Fprintf(r.w, ", returned %d\n", stake)
	return r.players(t)
}

// players writes each player's money, the shooter and the puck.
func (r *textReport) players(t *craps.Table) error {
	for _, p := range t.Players() {
		fmt.Fprintf(r.w, "  %-10s bankroll %d, on the table %d\n", p.Name, p.Bankroll, p.OnTable)
	}
	_, err := fmt.Fprintf(r.w, "  shooter %s, puck %s\n", t.Shooter(), puck(t.Point()))
	return err
}

func puck(point int) string {
	if point == 0 {
		return "off"
	}
	return "on " + strconv.Itoa(point)
}

func (r *textReport) strategy(line int, player string, bets []craps.BetState) error {
	var b strings.Builder
	for i, x := range bets {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%v %d", x.Bet, x.Amount)
	}
	if len(bets) == 0 {
		b.WriteString("no bets")
	}
	_, err := fmt.Fprintf(r.w, "%s: %s bets by strategy: %s\n", r.at(line), player, b.String())
	return err
}

func (r *textReport) refused(line int, err error) error {
	_, werr := fmt.Fprintf(r.w, "%s: refused: %s\n", r.at(line), strings.TrimPrefix(err.Error(), "craps: "))
	return werr
}

// jsonReport writes one JSON object a line.
type jsonReport struct{ enc *json.Encoder }

type rollJSON struct {
	header
	Line        int                   `json:"line"`
	Dice        string                `json:"dice,omitempty"` // none for a void throw
	Total       int                   `json:"total,omitempty"`
	Fault       string                `json:"fault,omitempty"` // an irregular throw
	PointBefore int                   `json:"point_before"`
	PointAfter  int                   `json:"point_after"`
	Shooter     string                `json:"shooter"`
	Resolutions []resolutionJSON      `json:"resolutions"`
	Players     map[string]playerJSON `json:"players"`
}

type resolutionJSON struct {
	Player     string `json:"player"`
	Bet        string `json:"bet"`
	Outcome    string `json:"outcome"`
	Stake      int64  `json:"stake"`
	Win        int64  `json:"win"`
	Returned   int64  `json:"returned"`
	Commission int64  `json:"commission"`
	Breakage   int64  `json:"breakage"`
	To         string `json:"to,omitempty"`
	Opponent   string `json:"opponent,omitempty"` // the other player of a bet between players
	Against    bool   `json:"against,omitempty"`  // the player took the other side of bet
}

type playerJSON struct {
	Bankroll int64 `json:"bankroll"`
	OnTable  int64 `json:"on_table"`
}

// playersJSON is every player's money, by name.
func playersJSON(t *craps.Table) map[string]playerJSON {
	out := map[string]playerJSON{}
	for _, p := range t.Players() {
		out[p.Name] = playerJSON{int64(p.Bankroll), int64(p.OnTable)}
	}
	return out
}

func (r *jsonReport) roll(line int, d craps.Dice, fault craps.Fault, before int, t *craps.Table, res []craps.Resolution) error {
	out := rollJSON{header: newHeader("play"), Line: line, PointBefore: before, PointAfter: t.Point(),
		Shooter: t.Shooter(), Resolutions: []resolutionJSON{}, Players: playersJSON(t)}
	if !fault.Void() {
		out.Dice, out.Total = d.String(), d.Total()
	}
	if fault != craps.NoFault {
		out.Fault = fault.String()
	}
	for _, x := range res {
		rj := resolutionJSON{Player: x.Player, Bet: x.Bet.String(), Outcome: x.Outcome.String(), Stake: int64(x.Stake),
			Win: int64(x.Win), Returned: int64(x.Returned), Commission: int64(x.Commission), Breakage: int64(x.Breakage),
			Opponent: x.Opponent, Against: x.Against}
		if x.To.Kind != craps.NoBet {
			rj.To = x.To.String()
		}
		out.Resolutions = append(out.Resolutions, rj)
	}
	return r.enc.Encode(out)
}

func (r *jsonReport) strategy(line int, player string, bets []craps.BetState) error {
	type betJSON struct {
		Bet    string `json:"bet"`
		Amount int64  `json:"amount"`
	}
	out := struct {
		header
		Line     int       `json:"line"`
		Player   string    `json:"player"`
		Strategy []betJSON `json:"strategy_bets"`
	}{newHeader("play"), line, player, []betJSON{}}
	for _, x := range bets {
		out.Strategy = append(out.Strategy, betJSON{x.Bet.String(), int64(x.Amount)})
	}
	return r.enc.Encode(out)
}

func (r *jsonReport) surrender(line int, player string, b craps.Bet, stake, back craps.Amount, t *craps.Table) error {
	type surrenderJSON struct {
		Player   string `json:"player"`
		Bet      string `json:"bet"`
		Stake    int64  `json:"stake"`
		Win      int64  `json:"win"`
		Returned int64  `json:"returned"`
	}
	out := struct {
		header
		Line      int                   `json:"line"`
		Surrender surrenderJSON         `json:"surrender"`
		Players   map[string]playerJSON `json:"players"`
	}{newHeader("play"), line, surrenderJSON{player, b.String(), int64(stake), int64(back - stake), int64(stake)}, playersJSON(t)}
	return r.enc.Encode(out)
}

func (r *jsonReport) refused(line int, err error) error {
	return r.enc.Encode(struct {
		header
		Line  int    `json:"line"`
		Error string `json:"error"`
	}{newHeader("play"), line, strings.TrimPrefix(err.Error(), "craps: ")})
}

// narratedTape is the tape of a session a player plays by a strategy:
// seated with bankroll, then rolls throws of dice from seed, each line
// made as it is read, so that a long session takes no memory.
func narratedTape(strategy string, bankroll int64, rolls int, seed uint64) io.Reader {
	seat := fmt.Sprintf("player ann %d strategy %s\n", bankroll, strings.ReplaceAll(strategy, "\n", "; "))
	return io.MultiReader(strings.NewReader(seat), &throwLines{src: rand.NewPCG(seed, 0), left: rolls})
}

// throwLines reads as the roll lines of left throws from src.
type throwLines struct {
	src  rand.Source
	left int
	line []byte // the rest of the line being read
}

func (t *throwLines) Read(p []byte) (int, error) {
	if len(t.line) == 0 {
		if t.left <= 0 {
			return 0, io.EOF
		}
		t.left--
		t.line = fmt.Appendf(t.line[:0], "roll %v\n", craps.Throw(t.src))
	}
	n := copy(p, t.line)
	t.line = t.line[n:]
	return n, nil
}
