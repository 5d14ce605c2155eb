//go:build !amd64 || purego

package craps

// addScaledVector adds k times src to dst over the words it can add
// several an instruction, and returns how many: none without vector
// instructions (another processor, or the purego build tag).
func addScaledVector(dst, src []uint64, k uint64) int { return 0 }

// carryIntoVector is carryInto over the words it can carry several an
// instruction, and returns how many: none without vector instructions.
func carryIntoVector(p, q []uint64, b uint, mask uint64) int { return 0 }
