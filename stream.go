package craps

import (
	"math/bits"
	"math/rand/v2"
)

// stream is the throws of one block: a PCG generator seeded from the run's
// seed and the block's index, each 64-bit draw mapped by Lemire's
// multiply-and-reject method onto an exactly uniform number below 36^11,
// whose eleven base-36 digits are eleven throws of fair dice. The digits
// are read from the lowest. Under another law of the dice (law set), next
// reads eleven throws drawn from the law at a time, exactly, as the same
// digits (draw stays fair dice's). The stream is the same on every machine.
type stream struct {
	pcg  rand.PCG
	word uint64
	left int
	law  *throwSampler // nil: fair dice
}

const (
	throwsPerWord = 11
	pow36         = 131621703842267136 // 36^11
	rejectBelow   = (1<<64 - pow36) % pow36
)

func newStream(seed, block uint64) stream {
	var s stream
	s.pcg.Seed(mix(seed^mix(block+0x9e3779b97f4a7c15)), mix(block))
	return s
}

// mix is SplitMix64's finalizer.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// draw returns a uniform number below 36^11: eleven throws of fair dice.
func (s *stream) draw() uint64 {
	for {
		hi, lo := bits.Mul64(s.pcg.Uint64(), pow36)
		if lo >= rejectBelow {
			return hi
		}
	}
}

// next returns the index (Dice.index) of the next throw.
func (s *stream) next() uint {
	if s.left == 0 {
		s.fill()
	}
	t := s.word % 36
	s.word /= 36
	s.left--
	return uint(t)
}

// fill draws the next eleven throws: fair dice's, or the law's.
func (s *stream) fill() {
	s.left = throwsPerWord
	s.word = s.eleven()
}

// eleven returns the next eleven throws as the base-36 digits of a
// number, lowest first: fair dice's, or the law's. The compiled engine
// reads a run of rolls by it.
func (s *stream) eleven() uint64 {
	if s.law != nil {
		return s.law.word(&s.pcg)
	}
	return s.draw()
}

// diceOf is the throw of index i.
func diceOf(i uint) Dice { return Dice{uint8(i/6 + 1), uint8(i%6 + 1)} }
