//go:build amd64 && !purego

package craps

import "golang.org/x/sys/cpu"

// hasAVX512 reports whether the processor and the system run AVX-512's
// 64-bit lanes (F) and their products (DQ): the hand law's word loops
// then add and carry eight words an instruction.
var hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ

// addScaledVector adds k times src to dst over the longest prefix of a
// multiple of eight words it can, and returns that prefix's length.
func addScaledVector(dst, src []uint64, k uint64) int {
	if !hasAVX512 || len(src) < 8 {
		return 0
	}
	n := len(src) &^ 7
	addScaledAVX512(dst[:n], src[:n], k)
	return n
}

// carryIntoVector is carryInto over the longest prefix of a multiple of
// eight words it can; it returns that prefix's length.
func carryIntoVector(p, q []uint64, b uint, mask uint64) int {
	if !hasAVX512 || len(p) < 8 {
		return 0
	}
	n := len(p) &^ 7
	carryIntoAVX512(p[:n], q[:n], uint64(b), mask)
	return n
}

// addScaledAVX512 adds k times src to dst; len(src) is a multiple of 8
// and at most len(dst).
//
//go:noescape
func addScaledAVX512(dst, src []uint64, k uint64)

// carryIntoAVX512 adds each word of p shifted right by b to the word of q
// beside it and masks the word of p; len(p) is a multiple of 8 and at
// most len(q).
//
//go:noescape
func carryIntoAVX512(p, q []uint64, b, mask uint64)
