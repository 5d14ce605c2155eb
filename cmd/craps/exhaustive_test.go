package main

import (
	"os"
	"testing"
)

// thorough reports whether the command's checks run at their full sizes:
// with CRAPS_EXHAUSTIVE=1 (which .ci/run sets) and without -short.
// Otherwise each runs a representative size, so that go test ./... stays
// under a minute on two cores.
func thorough() bool { return os.Getenv("CRAPS_EXHAUSTIVE") == "1" && !testing.Short() }
