package craps

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"

	"pgregory.net/rapid"
)

// dkTable is a card table under reading with players seated in order.
func dkTable(t testing.TB, reading CardReading, players ...string) *Table {
	t.Helper()
	tb, err := NewTable(Rules{Cards: reading})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		if err := tb.Join(p, 1000); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// TestDealGolden pins the throws a seeded deck deals at a card table. A
// change here changes every seeded card game: make it only on purpose.
func TestDealGolden(t *testing.T) {
	want := "5-4 5-5 2-1 4-4 2-2 5-4 | 6-2 3-5 | 5-1 1-3 4-4 2-4 | 1-2 | 3-5 6-3 1-5 2-4 5-5 1-1 5-6 6-2 | 4-5 4-3 | 2-4 4-2 |"
	tb := dkTable(t, CardsPairReturned, "ann")
	deck := NewDeck(1, 2)
	var got []string
	for range 25 {
		d, _, err := tb.Deal(deck, nil)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, d.String())
		if tb.Point() == 0 {
			got = append(got, "|") // a decision: the deck is shuffled
		}
	}
	if s := strings.Join(got, " "); s != want {
		t.Errorf("NewDeck(1, 2) dealt\n%s\nwant\n%s", s, want)
	}
}

// dkModel is what the card-craps rules say is out of the deck: the cards dealt since
// the last shuffle that have not gone back.
type dkModel struct {
	out map[uint16]bool
}

// dkCheckDeck checks that the deck holds each of the 48 cards exactly
// once, and that the cards out of it are the model's.
func dkCheckDeck(t *rapid.T, d *Deck, m *dkModel) {
	if !d.ready { // the zero Deck: full, shuffled before its first use
		if d.Left() != deckSize || len(m.out) != 0 {
			t.Fatalf("the zero Deck has %d cards left; the model has %d out", d.Left(), len(m.out))
		}
		return
	}
	var seen [deckSize]int
	for _, c := range d.cards[:d.n] {
		if int(c) >= deckSize {
			t.Fatalf("card %d in the deck", c)
		}
		seen[c]++
	}
	for c, n := range seen {
		if n != 1 {
			t.Fatalf("card %d is in the deck %d times: %v", c, n, d.cards[:d.n])
		}
	}
	if d.Left() != deckSize-len(m.out) {
		t.Fatalf("%d cards left, the model has %d out", d.Left(), len(m.out))
	}
	for _, c := range d.cards[:d.dealt] {
		if !m.out[c] {
			t.Fatalf("card %d is out of the deck; the model says it went back", c)
		}
	}
}

// deckProperty drives a card table and its deck at random: deals, cuts by
// anyone, declined cuts and new decks, under a random reading. After every
// step the 48 cards are all accounted for, and no card is dealt twice
// between the shuffles the card-craps rules call for; every come-out is dealt from a
// full deck; every refusal wraps its sentinel and changes nothing.
func deckProperty(t *rapid.T) {
	reading := rapid.SampledFrom([]CardReading{CardsPairReturned, CardsPairKept, CardsReshuffleEveryThrow}).Draw(t, "reading")
	players := ttPool[:rapid.IntRange(1, 4).Draw(t, "players")]
	tb, err := NewTable(Rules{Cards: reading})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		_ = tb.Join(p, 1000)
	}
	deck := &Deck{}
	if rapid.Bool().Draw(t, "seeded") {
		deck = NewDeck(rapid.Uint64().Draw(t, "seed1"), rapid.Uint64().Draw(t, "seed2"))
	}
	m := &dkModel{out: map[uint16]bool{}}
	refused := func(what string, err, want error, before Deck) {
		if !errors.Is(err, want) {
			t.Fatalf("%s: %v, want %v", what, err, want)
		}
		if *deck != before {
			t.Fatalf("%s was refused but the deck changed", what)
		}
	}
	t.Repeat(map[string]func(*rapid.T){
		"": func(t *rapid.T) { dkCheckDeck(t, deck, m) },
		"deal": func(t *rapid.T) {
			comeOut := tb.Point() == 0
			if comeOut && (deck.Left() != deckSize || len(m.out) != 0) {
				t.Fatalf("a come-out with %d cards left", deck.Left())
			}
			d, _, err := tb.Deal(deck, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range deck.last {
				if m.out[c] {
					t.Fatalf("card %d dealt twice between shuffles", c)
				}
				m.out[c] = true
			}
			if d != (Dice{uint8(deck.last[0]/8 + 1), uint8(deck.last[1]/8 + 1)}) {
				t.Fatalf("dealt %v, the cards were %v", d, deck.last)
			}
			// What goes back into the deck, as the rules read.
			if tb.Point() == 0 || reading == CardsReshuffleEveryThrow ||
				comeOut && reading == CardsPairReturned || len(m.out) > deckSize-2 {
				clear(m.out)
			}
		},
		"cut": func(t *rapid.T) {
			n := rapid.IntRange(-1, deckSize+1).Draw(t, "n")
			player := rapid.SampledFrom(ttPool).Draw(t, "cutter")
			before := *deck
			err := tb.Cut(deck, player, n)
			switch {
			case !slices.Contains(players, player):
				refused("cut by a stranger", err, ErrUnknownPlayer, before)
			case !before.cuttable():
				refused("cut after the last cut or a deal", err, ErrNotNow, before)
			case n < 1 || n >= deckSize:
				refused(fmt.Sprintf("cut at %d", n), err, ErrCut, before)
			case err != nil:
				t.Fatalf("cut %d by %s: %v", n, player, err)
			default:
				before.ensure() // the zero Deck is shuffled first
				for before.drawn < deckSize {
					before.draw() // a cut draws every card
				}
				want := append(before.cards[n:deckSize], before.cards[:n]...)
				if !slices.Equal(deck.cards[:deckSize], want) {
					t.Fatalf("cut %d: %v became %v", n, before.cards[:deckSize], deck.cards[:deckSize])
				}
			}
		},
		"decline": func(t *rapid.T) {
			player := rapid.SampledFrom(players).Draw(t, "decliner")
			before := *deck
			err := tb.DeclineCut(deck, player)
			if holder := tb.CutOrder()[before.declined%uint32(len(players))]; !before.cuttable() || player != holder {
				refused("decline by "+player, err, ErrNotNow, before)
			} else if err != nil {
				t.Fatal(err)
			}
		},
		"save": func(t *rapid.T) {
			data, err := deck.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var back Deck
			if err := back.UnmarshalBinary(data); err != nil {
				t.Fatalf("restore: %v", err)
			}
			if back != *deck {
				t.Fatalf("the restored deck differs:\n%+v\n%+v", back, *deck)
			}
		},
		"new deck": func(t *rapid.T) {
			pointOn := tb.Point() != 0
			deck.RequestNew()
			if !pointOn {
				clear(m.out) // a new deck at once
			}
		},
	})
}

func TestDeckProperties(t *testing.T) { rapid.Check(t, deckProperty) }

func FuzzDeck(f *testing.F) { f.Fuzz(rapid.MakeFuzz(deckProperty)) }

func TestDealRefusals(t *testing.T) {
	dice, _ := NewTable(Standard())
	if _, _, err := dice.Deal(NewDeck(1, 1), nil); !errors.Is(err, ErrRollSource) {
		t.Errorf("a deal at a dice table: %v", err)
	}
	cards := dkTable(t, CardsPairReturned, "ann")
	if _, _, err := cards.Deal(nil, nil); !errors.Is(err, ErrRollSource) {
		t.Errorf("a deal with no deck: %v", err)
	}
	if _, err := cards.Roll(Dice{3, 4}, nil); !errors.Is(err, ErrRollSource) {
		t.Errorf("dice at a card table: %v", err)
	}
	if err := cards.Cut(nil, "ann", 5); !errors.Is(err, ErrRollSource) {
		t.Errorf("a cut with no deck: %v", err)
	}
	if err := dice.Cut(NewDeck(1, 1), "ann", 5); !errors.Is(err, ErrRollSource) {
		t.Errorf("a cut at a dice table: %v", err)
	}
	if err := NewDeck(1, 1).Cut(48); !errors.Is(err, ErrCut) {
		t.Errorf("a cut of the whole deck: %v", err)
	}
	var zero Deck
	if err := zero.Cut(47); err != nil {
		t.Errorf("a cut of the zero Deck: %v", err)
	}
	if _, err := preset("cards"); err != nil {
		t.Error(err)
	}
	if err := (Rules{Cards: 9}).Validate(); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("reading 9: %v", err)
	}
}

// The right to cut last starts on the shooter's left and passes clockwise
// as players decline it; the holder's cut is the last.
func TestCutRights(t *testing.T) {
	tb := dkTable(t, CardsPairReturned, "ann", "bob", "cat")
	if got := tb.CutOrder(); !slices.Equal(got, []string{"bob", "cat", "ann"}) {
		t.Fatalf("CutOrder = %q with ann shooting", got)
	}
	deck := NewDeck(3, 4)
	steps := []struct {
		reason string
		do     func() error
		want   error
	}{
		{"anyone may cut before the last cut", func() error { return tb.Cut(deck, "cat", 10) }, nil},
		{"the shooter too", func() error { return tb.Cut(deck, "ann", 20) }, nil},
		{"only the holder declines", func() error { return tb.DeclineCut(deck, "cat") }, ErrNotNow},
		{"bob, on the shooter's left, declines", func() error { return tb.DeclineCut(deck, "bob") }, nil},
		{"bob may still cut, not last", func() error { return tb.Cut(deck, "bob", 5) }, nil},
		{"cat now cuts last", func() error { return tb.Cut(deck, "cat", 7) }, nil},
		{"no cut after the last", func() error { return tb.Cut(deck, "ann", 3) }, ErrNotNow},
		{"nor a decline", func() error { return tb.DeclineCut(deck, "ann") }, ErrNotNow},
	}
	for _, s := range steps {
		if err := s.do(); !errors.Is(err, s.want) || (s.want == nil) != (err == nil) {
			t.Errorf("%s: %v, want %v", s.reason, err, s.want)
		}
	}
	// Everyone declines: the deck is dealt as it is, and cut no more.
	deck = NewDeck(3, 4)
	for _, p := range tb.CutOrder() {
		if err := tb.DeclineCut(deck, p); err != nil {
			t.Fatalf("%s declines: %v", p, err)
		}
	}
	if err := tb.Cut(deck, "ann", 3); !errors.Is(err, ErrNotNow) {
		t.Errorf("a cut after everyone declined: %v", err)
	}
	// A come-out deal closes the cutting, and the shuffle after it (the
	// pair goes back, or a decision) opens it again; a point's deal that
	// decides nothing leaves it closed.
	deck = NewDeck(3, 4)
	for tb.Point() == 0 {
		if _, _, err := tb.Deal(deck, nil); err != nil {
			t.Fatal(err)
		}
		if err := tb.Cut(deck, "cat", 3); err != nil {
			t.Fatalf("a cut after the come-out's shuffle: %v", err)
		}
	}
	for tb.Point() != 0 {
		cards, _, err := tb.Deal(deck, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Cut(deck, "cat", 3); tb.Point() != 0 && deck.Left() < deckSize && !errors.Is(err, ErrNotNow) {
			t.Fatalf("a cut in the middle of a point, after %v: %v", cards, err)
		}
	}
}

// A new deck asked for during a point comes in at the decision; the
// point's cards stay out until then.
func TestRequestNew(t *testing.T) {
	tb := dkTable(t, CardsPairKept, "ann")
	deck := NewDeck(5, 6)
	for tb.Point() == 0 {
		if _, _, err := tb.Deal(deck, nil); err != nil {
			t.Fatal(err)
		}
	}
	deck.RequestNew()
	if deck.decks != 0 || deck.Left() != deckSize-2 {
		t.Fatalf("a new deck came in during the point (%d decks, %d left)", deck.decks, deck.Left())
	}
	for tb.Point() != 0 {
		if _, _, err := tb.Deal(deck, nil); err != nil {
			t.Fatal(err)
		}
		if tb.Point() != 0 && deck.decks != 0 {
			t.Fatal("a new deck came in during the point")
		}
	}
	if deck.decks != 1 || deck.Left() != deckSize {
		t.Errorf("after the decision: %d new decks, %d cards left", deck.decks, deck.Left())
	}
	deck.RequestNew()
	if deck.decks != 2 {
		t.Errorf("with no point on, a new deck comes in at once: %d", deck.decks)
	}
}

// cardPassExact is CardPass under each reading, computed once for the
// tests that need it.
var cardPassExact = sync.OnceValue(func() map[CardReading]*big.Rat {
	out := map[CardReading]*big.Rat{}
	for _, r := range []CardReading{CardsPairReturned, CardsPairKept, CardsReshuffleEveryThrow} {
		out[r], _ = analyzeCardsPass(r)
	}
	return out
})

// A seeded simulation of many decisions through Table.Deal lands within
// four standard errors of the exact pass probability, under each
// reading; under the rules' own, it also tells cards from dice.
func TestDealSimulation(t *testing.T) {
	if !thorough() {
		t.Skip("a million decisions and the exact recursion take seconds")
	}
	const decisions = 400_000
	exact := cardPassExact()
	for i, reading := range []CardReading{CardsPairReturned, CardsPairKept, CardsReshuffleEveryThrow} {
		tb := dkTable(t, reading)
		_ = tb.Join("ann", MaxAmount)
		deck := NewDeck(2026, uint64(i))
		res := make([]Resolution, 0, 4)
		won := 0
		for range decisions {
			if err := tb.Place("ann", Bet{Kind: PassLine}, 1); err != nil {
				t.Fatal(err)
			}
			for done := false; !done; {
				var err error
				if _, res, err = tb.Deal(deck, res[:0]); err != nil {
					t.Fatal(err)
				}
				for _, r := range res {
					done = true
					if r.Outcome == OutcomeWon {
						won++
					}
				}
			}
		}
		p, _ := exact[reading].Float64()
		got := float64(won) / decisions
		se := math.Sqrt(p * (1 - p) / decisions)
		t.Logf("%v: %d of %d decisions won (%.5f), exact %.5f, %+.1f standard errors", reading, won, decisions, got, p, (got-p)/se)
		if z := (got - p) / se; math.Abs(z) > 4 {
			t.Errorf("%v: the shooter won %d of %d decisions (%.5f), exact %.5f: %.1f standard errors off", reading, won, decisions, got, p, z)
		}
		if dice := 244.0 / 495; reading == CardsPairReturned && (got-dice)/se < 3 {
			t.Errorf("%v: %.5f is not told from the dice's %.5f", reading, got, dice)
		}
	}
}

// Dealing a throw makes no allocation when the caller reuses the slice.
func TestDealAllocs(t *testing.T) {
	tb := dkTable(t, CardsPairReturned)
	_ = tb.Join("ann", MaxAmount)
	deck := NewDeck(1, 2)
	res := make([]Resolution, 0, 4)
	allocs := testing.AllocsPerRun(1000, func() {
		if tb.Point() == 0 {
			_ = tb.Place("ann", Bet{Kind: PassLine}, 1)
		}
		_, res, _ = tb.Deal(deck, res[:0])
	})
	if allocs != 0 {
		t.Errorf("%v allocations a deal", allocs)
	}
}

// BenchmarkDeal deals throws at a card table with a pass line bet up,
// reporting throws a second.
func BenchmarkDeal(b *testing.B) {
	tb := dkTable(b, CardsPairReturned)
	_ = tb.Join("ann", MaxAmount)
	deck := NewDeck(1, 2)
	res := make([]Resolution, 0, 4)
	for b.Loop() {
		if tb.Point() == 0 {
			_ = tb.Place("ann", Bet{Kind: PassLine}, 1)
		}
		var err error
		if _, res, err = tb.Deal(deck, res[:0]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "throws/s")
}

// FuzzDeckRestore restores arbitrary data: it never panics, and a deck it
// accepts saves back to the same data, or, saved by an older version of
// the form, to data of this version that restores to the same deck.
func FuzzDeckRestore(f *testing.F) {
	for _, d := range []*Deck{{}, NewDeck(1, 2)} {
		data, _ := d.MarshalBinary()
		f.Add(data)
	}
	f.Add([]byte{1})
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Deck
		if err := d.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrSyntax) || d != (Deck{}) {
				t.Fatalf("refused with %v, the deck now %+v", err, d)
			}
			return
		}
		again, err := d.MarshalBinary()
		if err != nil || data[0] == deckVersion && string(again) != string(data) {
			t.Fatalf("restored %x, saves as %x (%v)", data, again, err)
		}
		if data[0] != deckVersion {
			var d2 Deck
			if err := d2.UnmarshalBinary(again); err != nil || d2 != d {
				t.Fatalf("restored %x of version %d, saves as %x, which restores to another deck (%v)", data, data[0], again, err)
			}
		}
		tb := dkTable(t, CardsPairKept, "ann")
		for range 30 {
			if _, _, err := tb.Deal(&d, nil); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestDeckRestoreRefusals(t *testing.T) {
	good, _ := NewDeck(1, 2).MarshalBinary()
	// Version 4: the shoe (6 bytes), the cards' count and the cards (2
	// bytes each), dealt, drawn and the last pair (2 each), the flags,
	// the cuts declined and the decks (4 each), the generator.
	const cards = 1 + 6 + 2
	const dealt = cards + 2*deckSize
	const drawn, flags, declined = dealt + 2, dealt + 8, dealt + 9
	for _, c := range []struct {
		reason string
		edit   func(b []byte) []byte
	}{
		{"empty", func([]byte) []byte { return nil }},
		{"another version", func(b []byte) []byte { b[0] = deckVersion + 1; return b }},
		{"a card twice", func(b []byte) []byte { b[cards+2], b[cards+3] = b[cards], b[cards+1]; return b }},
		{"a card 48", func(b []byte) []byte { b[cards], b[cards+1] = 0, 48; return b }},
		{"an odd number dealt", func(b []byte) []byte { b[dealt+1] = 3; return b }},
		{"unknown flags", func(b []byte) []byte { b[flags] |= 0x80; return b }},
		{"fewer cards drawn than dealt", func(b []byte) []byte { b[dealt+1] = 2; b[drawn+1] = 0; return b }},
		{"more cards drawn than the deck has", func(b []byte) []byte { b[drawn+1] = deckSize + 1; return b }},
		{"more cuts declined than a table seats", func(b []byte) []byte { b[declined] = 1; return b }},
		{"no generator", func(b []byte) []byte { return b[:declined+8] }},
		{"a shoe that deals no 7", func(b []byte) []byte { copy(b[1:7], []byte{16, 16, 16, 0, 0, 0}); return b }},
		{"a shoe of other cards than the deck's", func(b []byte) []byte { copy(b[1:7], []byte{9, 8, 8, 8, 8, 8}); return b }},
		{"more cards than a shoe holds", func(b []byte) []byte { b[7], b[8] = 0xff, 0xff; return b }},
	} {
		data := c.edit(append([]byte(nil), good...))
		d := *NewDeck(5, 5)
		before := d
		if err := d.UnmarshalBinary(data); !errors.Is(err, ErrSyntax) || d != before {
			t.Errorf("%s: %v", c.reason, err)
		}
	}
	// A card table saves its reading by name.
	tb := dkTable(t, CardsPairKept, "ann")
	data, _ := tb.MarshalJSON()
	if !strings.Contains(string(data), `"cards":"pair-kept"`) {
		t.Errorf("saved rules: %s", data)
	}
	var back Table
	if err := back.UnmarshalJSON(data); err != nil || back.Rules().Cards != CardsPairKept {
		t.Errorf("restored %v: %v", back.Rules().Cards, err)
	}
}

// At a card table of more players than a byte counts, the right to cut
// last passes on to the 257th player in the cut order and on to the last,
// and a deck saved on the way restores. Before, the count of declined
// cuts was a byte: the 256th decline gave the right back to the first.
func TestDeckDeclinedByManyPlayers(t *testing.T) {
	tb, err := NewTable(CardCraps())
	if err != nil {
		t.Fatal(err)
	}
	const n = 300
	for i := range n {
		if err := tb.Join("p"+itoa(i), 100); err != nil {
			t.Fatal(err)
		}
	}
	deck := NewDeck(3, 4)
	order := tb.CutOrder()
	for k, p := range order {
		if k == 280 { // saved and restored halfway
			data, err := deck.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			deck = new(Deck)
			if err := deck.UnmarshalBinary(data); err != nil {
				t.Fatal(err)
			}
		}
		if err := tb.DeclineCut(deck, order[(k+1)%n]); !errors.Is(err, ErrNotNow) {
			t.Fatalf("decline %d by %s, who does not hold the right: %v", k+1, order[(k+1)%n], err)
		}
		if err := tb.DeclineCut(deck, p); err != nil {
			t.Fatalf("decline %d by %s: %v", k+1, p, err)
		}
	}
	if err := tb.Cut(deck, order[0], 10); !errors.Is(err, ErrNotNow) {
		t.Errorf("a cut after everyone declined: %v", err)
	}
}

// version3 is the binary form of a deck of the card-craps rules' 48
// cards as version 3 wrote it: a byte a card, dealt, the last pair,
// flags and drawn a byte each, declined and decks 4 bytes, the generator.
func version3(t *testing.T, d *Deck) []byte {
	t.Helper()
	b := []byte{3}
	for _, c := range d.cards[:deckSize] {
		b = append(b, byte(c))
	}
	var flags byte
	for i, f := range []bool{d.ready, d.point, d.cutOpen, d.newDeck} {
		if f {
			flags |= 1 << i
		}
	}
	b = append(b, byte(d.dealt), byte(d.last[0]), byte(d.last[1]), flags, byte(d.drawn))
	b = binary.BigEndian.AppendUint32(b, d.declined)
	b = binary.BigEndian.AppendUint32(b, d.decks)
	rng, _ := d.rng.MarshalBinary()
	return append(b, rng...)
}

// A deck saved by the previous versions of the binary form, version 3 (a
// byte a card) and version 2 (its count of declined cuts a byte too),
// restores to the same deck.
func TestDeckRestoresVersion2(t *testing.T) {
	d := NewDeck(9, 9)
	if _, _, err := (&Table{rules: CardCraps()}).Deal(d, nil); err != nil {
		t.Fatal(err)
	}
	d.declined = 3
	v3 := version3(t, d)
	var got Deck
	if err := got.UnmarshalBinary(v3); err != nil || got != *d {
		t.Errorf("version 3: %v, %+v, want %+v", err, got, *d)
	}
	// Version 2: ..., flags, declined (a byte), drawn, decks, generator.
	rest := v3[1+deckSize:]
	v2 := append([]byte{2}, v3[1:1+deckSize]...)
	v2 = append(v2, rest[0], rest[1], rest[2], rest[3], byte(d.declined), rest[4])
	v2 = append(v2, rest[9:]...)
	got = Deck{}
	if err := got.UnmarshalBinary(v2); err != nil || got != *d {
		t.Errorf("version 2: %v, %+v, want %+v", err, got, *d)
	}
	var zero Deck
	if err := got.UnmarshalBinary(version3(t, &zero)); err != nil || got != zero {
		t.Errorf("the zero Deck in version 3: %v", err)
	}
}
