package craps

import (
	"os"
	"testing"
)

// exhaustiveEnv names the environment variable that turns on the
// exhaustive checks: CRAPS_EXHAUSTIVE=1 go test ./... runs them, and
// .ci/run sets it. Without it go test ./... runs a representative part of
// each (the standard and crapless presets, say) and stays under a minute
// on two cores.
const exhaustiveEnv = "CRAPS_EXHAUSTIVE"

// exhaustive skips t unless CRAPS_EXHAUSTIVE=1 is set. Call it at the top
// of a check too long for every go test run (every preset, every bet,
// simulations of millions of rolls), or of the subtests beyond the
// representative ones.
func exhaustive(t testing.TB) {
	t.Helper()
	if !exhaustiveSet() {
		t.Skip("exhaustive check: set " + exhaustiveEnv + "=1 to run it")
	}
}

// exhaustiveSet reports whether CRAPS_EXHAUSTIVE=1 is set, for a check that
// runs on every go test run and goes further when it is.
func exhaustiveSet() bool { return os.Getenv(exhaustiveEnv) == "1" }
