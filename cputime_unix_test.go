//go:build unix

package craps

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, user and system: on a
// shared machine a benchmark's time per operation counts the waits for a
// core, its CPU time per operation does not.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
