package craps

import (
	"flag"
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

// thorough reports whether checks run at their full sizes: with
// CRAPS_EXHAUSTIVE=1 and without -short. Otherwise each runs a
// representative size (fewer rolls, presets or cases), so that go test
// ./... stays under a minute on two cores.
func thorough() bool { return exhaustiveSet() && !testing.Short() }

// TestMain runs each property test on 25 random cases in place of rapid's
// 100 unless the checks run thorough (or -rapid.checks is given): the
// suite's sixty-odd properties at 100 each took most of its minute.
func TestMain(m *testing.M) {
	flag.Parse()
	if fl := flag.Lookup("rapid.checks"); !thorough() && fl != nil && fl.Value.String() == "100" {
		if err := fl.Value.Set("25"); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
