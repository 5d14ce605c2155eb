package craps

import (
	"math/big"
	"math/bits"
	"testing"
)

// handChainOf is the chain HandResults follows for s under r, and where
// its hands start.
func handChainOf(t testing.TB, r Rules, s Strategy) (*strategyChain, map[int]*big.Rat) {
	t.Helper()
	parts, err := r.strategyParts(s)
	if err != nil {
		t.Fatal(err)
	}
	j := parts[0]
	if len(parts) > 1 {
		if j = joinParts(parts, nil, false, maxJointStates, nil); !j.buildAll(nil) {
			t.Fatalf("%s: %s", s.Name, j.failed)
		}
	}
	c, err := newStrategyChain(j, &r, false)
	if err != nil {
		t.Fatal(err)
	}
	nu, err := c.handStart()
	if err != nil {
		t.Fatal(err)
	}
	return c, nu
}

// TestHandResultsExact follows hands of several strategies by a plain
// dynamic program, a big.Int numerator for each (state, net) a hand
// reaches over the denominator of its throws, and checks the law of
// HandResults against it number for number: its rows on their lattice,
// limbs laid out limb by limb, spans of limbs, the hands ended summed
// with their carries. Under fair dice, dice that throw fewer sevens and
// a loaded die the limbs leave spare bits, and under two dice of weights
// near a million (a throw's denominator past 2^40) they are 64 bits that
// carry as they add. The program's hands also check Wald's identity
// exactly: the results of the hands ended, and the net so far plus the
// expected rest for those going on, average to the long run's return per
// hand.
func TestHandResultsExact(t *testing.T) {
	srr, loaded := mustSRR(t, "7"), loadedSix(t)
	w := [6]int64{1000003, 999999, 1000001, 999997, 1000000, 1000002}
	heavy, err := FaceWeights(w, w)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"martingale", "dice-doctor", "iron-cross", "place-6-8-come"}
	throws := 12
	if testing.Short() {
		names = names[:3]
	}
	if exhaustiveSet() {
		names = append(names, "double-tap", "full", "field-martingale", "three-point-molly", "hammerlock")
		throws = 24
	}
	// A press whose seven-outs (136 states) outnumber the limbs a word
	// sums under fair dice (64), so that their sums are taken in several
	// batches (TestSevenOutSumsInBatches checks the batches' bound).
	// A hop bet on 3-4 while a point is on splits the seven-outs by
	// their nets, and so their weights (the hop's two ways of the seven's
	// six, and the other four).
	names = append(names, "place 6 6-12-18-24-30-36-42-48 up on win cycle; place 8 6-12-18-24-30-36-42-48 up on win cycle; take down place if point off",
		"place 6 12-24-36 up on win; hop 3-4 5 if point on")
	for _, law := range []DiceLaw{{}, srr, loaded, heavy} {
		r := Rules{Dice: law}
		for _, name := range names {
			s, err := NamedStrategy(name)
			if err != nil {
				if s, err = ParseStrategy(name); err != nil {
					t.Fatal(err)
				}
			}
			what := name + " under " + law.String()
			if law == heavy && name != "martingale" && (!exhaustiveSet() || name != "dice-doctor") {
				continue // seconds: numbers of many limbs
			}
			c, nu := handChainOf(t, r, s)
			if law == heavy && bits.Len64(uint64(c.den)) < 41 {
				t.Fatalf("%s: a throw's denominator of %d bits leaves limbs of 24 bits or more: no carries as they add", what, bits.Len64(uint64(c.den)))
			}
			got := c.handResults(nu, rat(0, 1), throws)
			if got.Throws != throws {
				t.Fatalf("%s: followed %d throws, want %d", what, got.Throws, throws)
			}
			// The program: the chance of each (state, net) over den.
			den := big.NewInt(1)
			for _, p := range nu {
				den.Mul(den, p.Denom()) // a multiple of every start's denominator
			}
			type cell struct {
				s   int
				net int64
			}
			alive := map[cell]*big.Int{}
			for st, p := range nu {
				alive[cell{st, 0}] = new(big.Int).Mul(p.Num(), new(big.Int).Quo(den, p.Denom()))
			}
			ended := map[int64]*big.Int{}
			dice := big.NewInt(c.den)
			for range throws {
				for _, v := range ended {
					v.Mul(v, dice)
				}
				next := map[cell]*big.Int{}
				for x, p := range alive {
					for _, m := range c.moves[x.s] {
						to, k := next, cell{m.next, x.net + m.net}
						add := new(big.Int).Mul(p, big.NewInt(m.weight))
						if m.sevenOut {
							if ended[k.net] == nil {
								ended[k.net] = new(big.Int)
							}
							ended[k.net].Add(ended[k.net], add)
							continue
						}
						if to[k] == nil {
							to[k] = new(big.Int)
						}
						to[k].Add(to[k], add)
					}
				}
				alive = next
				den.Mul(den, dice)
			}
			if len(got.Results) != len(ended) {
				t.Errorf("%s: %d results, want %d", what, len(got.Results), len(ended))
			}
			for i, x := range got.Results {
				if i > 0 && x.Net <= got.Results[i-1].Net {
					t.Errorf("%s: results out of order at %d", what, x.Net)
				}
				if want, ok := ended[int64(x.Net)]; !ok || x.P.Cmp(new(big.Rat).SetFrac(want, den)) != 0 {
					t.Errorf("%s: net %d: chance %v, want %v", what, x.Net, x.P, want)
				}
			}
			rest := new(big.Int)
			for _, p := range alive {
				rest.Add(rest, p)
			}
			ratsEqual(t, what+": remainder", got.Remainder, new(big.Rat).SetFrac(rest, den))
			// Wald: E[net of a hand] = the ended hands' nets + for each
			// going on, its net so far and its expected rest.
			h, err := c.hands()
			if err != nil {
				t.Fatal(err)
			}
			future, err := h.sums(netOf)
			if err != nil {
				t.Fatal(err)
			}
			mean := new(big.Rat)
			for _, x := range got.Results {
				mean.Add(mean, new(big.Rat).Mul(x.P, ratInt(int64(x.Net))))
			}
			for x, p := range alive {
				v := new(big.Rat).Add(ratInt(x.net), future.at(h.pos[x.s], 0))
				mean.Add(mean, v.Mul(v, new(big.Rat).SetFrac(p, den)))
			}
			a, err := r.AnalyzeStrategy(s)
			if err != nil {
				t.Fatal(err)
			}
			ratsEqual(t, what+": Wald's identity", mean, a.ReturnPerHand)
		}
	}
}

// The law followed to its bound has the long run's mean within what the
// hands left out can carry: each throw moves the net by at most the
// largest net of a move, and a hand longer than Throws has on average at
// most Throws plus the longest expected rest of a hand throws (Markov's
// bound on the rest: here well within it).
func TestHandResultsMean(t *testing.T) {
	for _, name := range []string{"place-6-8-come", "iron-cross"} {
		s, _ := NamedStrategy(name)
		h, err := Standard().HandResults(s, 1e-8)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Standard().AnalyzeStrategy(s)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := handChainOf(t, Standard(), s)
		most := int64(0)
		for _, ms := range c.moves {
			for _, m := range ms {
				most = max(most, abs64(m.net))
			}
		}
		mean := 0.0
		for _, x := range h.Results {
			mean += float64(x.Net) * ratFloat(x.P)
		}
		// A hand from any state lasts on average under 10 more throws.
		slack := float64(most) * float64(h.Throws+10) * ratFloat(h.Remainder)
		if d := mean - ratFloat(a.ReturnPerHand); !(d*d <= slack*slack+1e-18) {
			t.Errorf("%s: the law's mean %v, the long run's %v (left out %v, at most %v)", name, mean, ratFloat(a.ReturnPerHand), h.Remainder.FloatString(12), slack)
		}
	}
}

// BenchmarkHandResults times the law of one hand (Rules.HandResults,
// bound 1e-6, automaton and start included) of the largest named system,
// double-tap (1,188 merged states, stopped by its work), and of
// martingale (57 states, whose law spreads over thousands of nets):
// go test -run XXX -bench HandResults -cpu 1 -count 5 .
func BenchmarkHandResults(b *testing.B) {
	for _, name := range []string{"double-tap", "martingale"} {
		s, _ := NamedStrategy(name)
		b.Run(name, func(b *testing.B) {
			var h HandResults
			for b.Loop() {
				var err error
				if h, err = Standard().HandResults(s, 1e-6); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(h.Throws), "throws")
		})
	}
}

// The seven-outs' sums take limbs in batches no larger than a word holds:
// here every limb is the largest one below 2^limbBits, so that a batch
// of one more would overflow, and as many moves as several batches, of
// two weights, end on the same results (every other one, stride 2).
func TestSevenOutSumsInBatches(t *testing.T) {
	const limbBits, width = 58, 3
	room := batchRoom(limbBits)
	for _, count := range []int{1, room - 1, room, room + 1, 3*room + 5} {
		src := make([]uint64, 2*count*width)
		for i := range src {
			src[i] = 1<<limbBits - 1
		}
		from := make([]handSpan, 2*count)
		var sevens []handTransfer
		for s := range 2 * count {
			from[s] = handSpan{0, width}
			k := uint64(5)
			if s >= count {
				k = 36
			}
			sevens = append(sevens, handTransfer{s: s, from: s * width, to: 1, stride: 2, k: k})
		}
		batch, sumLo, sumHi := make([]uint64, 2*width+1), make([]uint64, 2*width+1), make([]uint64, 2*width+1)
		if work := sumSevenOuts(sumLo, sumHi, batch, src, from, sevens, room); work != 2*count*width {
			t.Errorf("%d moves of each weight: %d limbs added, want %d", count, work, 2*count*width)
		}
		want := new(big.Int).Mul(big.NewInt(int64(count)*(5+36)), new(big.Int).SetUint64(1<<limbBits-1))
		for j := range sumLo {
			got := new(big.Int).Lsh(new(big.Int).SetUint64(sumHi[j]), 64)
			got.Add(got, new(big.Int).SetUint64(sumLo[j]))
			if j%2 == 0 {
				if got.Sign() != 0 {
					t.Errorf("%d moves of each weight: result %d, which no move ends on, holds %v", count, j, got)
				}
			} else if got.Cmp(want) != 0 {
				t.Errorf("%d moves of each weight: result %d holds %v, want %v", count, j, got, want)
			}
			if batch[j] != 0 {
				t.Errorf("%d moves of each weight: batch word %d left %d", count, j, batch[j])
			}
		}
	}
}
