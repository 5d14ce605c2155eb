//go:build !unix

package craps

import "time"

// cpuTime is not measured where the system does not say.
func cpuTime() (time.Duration, bool) { return 0, false }
