package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// buildInfo is what the binary knows of its own build: the module's
// version ("v0.2.0", or "(devel)" built from a clone), the VCS revision
// and its time, whether the tree had changes not committed, and the Go
// version.
type buildInfo struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
}

// readBuildInfo reads the binary's build information (runtime/debug); a
// binary without it (a test, say) reports "(devel)".
func readBuildInfo() buildInfo {
	b := buildInfo{Version: "(devel)", Go: runtime.Version()}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if v := info.Main.Version; v != "" {
		b.Version = v
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// String is the version as one line: "v0.2.0", or "(devel) 0d6d1a5e9f12
// (2025-01-02T03:04:05Z, modified)".
func (b buildInfo) String() string {
	s := b.Version
	if b.Revision != "" {
		rev := b.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		s += " " + rev
		if b.Time != "" || b.Modified {
			s += " ("
			if b.Time != "" {
				s += b.Time
			}
			if b.Modified {
				if b.Time != "" {
					s += ", "
				}
				s += "modified"
			}
			s += ")"
		}
	}
	return s
}

const versionSynopsis = `[-json]

Prints the version of github.com/crapslab/craps this craps was built from:
the module version (a release tag, or "(devel)" when built in a clone), the
VCS revision and its time, "modified" if the tree had changes not
committed, and the Go version. Every -json output carries the same
version in its "version" field.`

func runVersion(args []string, _ io.Reader, stdout io.Writer) error {
	fs := newFlagSet("version", versionSynopsis, stdout)
	asJSON := fs.Bool("json", false, "print it as a JSON object")
	if err := parse(fs, args, 0); err != nil {
		return err
	}
	b := readBuildInfo()
	if *asJSON {
		return writeJSON(stdout, struct {
			Schema string `json:"schema"`
			buildInfo
		}{schemaID("version"), b}) // its version is the whole buildInfo
	}
	_, err := fmt.Fprintf(stdout, "craps %s, %s %s/%s\n", b, b.Go, runtime.GOOS, runtime.GOARCH)
	return err
}
