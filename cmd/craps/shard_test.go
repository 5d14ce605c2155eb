package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestShardOf(t *testing.T) {
	slurm := func(id, count, lo, hi, step string) map[string]string {
		return map[string]string{slurmTaskID: id, slurmTaskCount: count, slurmTaskMin: lo, slurmTaskMax: hi, slurmTaskStep: step}
	}
	for _, c := range []struct {
		why    string
		spec   string
		shards int
		env    map[string]string
		i, n   int
		err    string // in the error; "" for none
	}{
		{why: "no -shard: the whole run"},
		{why: "a shard by hand", spec: "2/5", i: 2, n: 5},
		{why: "a shard past the count", spec: "5/5", err: "want 0 <= shard < count"},
		{why: "a shard that is no fraction", spec: "2", err: "want i/n"},
		{why: "-shards without auto", spec: "1/4", shards: 4, err: "-shards goes with -shard auto"},
		{why: "-shards alone", shards: 4, err: "-shards goes with -shard auto"},
		{why: "auto outside a scheduler", spec: "auto", err: "neither SLURM_ARRAY_TASK_ID"},
		{why: "a Slurm array 0-3, third task", spec: "auto", env: slurm("2", "4", "0", "3", "1"), i: 2, n: 4},
		{why: "a Slurm array 1-4 counts from its first task", spec: "auto", env: slurm("1", "4", "1", "4", "1"), i: 0, n: 4},
		{why: "a Slurm array 0-30:10, task 20", spec: "auto", env: slurm("20", "4", "0", "30", "10"), i: 2, n: 4},
		{why: "a Slurm array that is a list, not a range", spec: "auto", env: slurm("4", "3", "1", "5", "1"), err: "is not a range"},
		{why: "a Slurm rerun of shard 7 of 10 by -shards", spec: "auto", shards: 10, env: slurm("7", "2", "3", "7", "1"), i: 7, n: 10},
		{why: "a Slurm task id past -shards", spec: "auto", shards: 10, env: slurm("10", "1", "10", "10", "1"), err: "shard 10 of 10"},
		{why: "a Slurm array without its count", spec: "auto", env: map[string]string{slurmTaskID: "0"}, err: "SLURM_ARRAY_TASK_COUNT is not set"},
		{why: "a Slurm task id that is no number", spec: "auto", env: slurm("x", "4", "0", "3", "1"), err: `SLURM_ARRAY_TASK_ID="x"`},
		{why: "a Kubernetes Indexed Job", spec: "auto", shards: 8, env: map[string]string{k8sIndex: "7"}, i: 7, n: 8},
		{why: "a Kubernetes index without -shards", spec: "auto", env: map[string]string{k8sIndex: "0"}, err: "give the Job's completions as -shards N"},
		{why: "a Kubernetes index past -shards", spec: "auto", shards: 8, env: map[string]string{k8sIndex: "8"}, err: "shard 8 of 8"},
		{why: "both schedulers at once", spec: "auto", shards: 8, env: map[string]string{k8sIndex: "0", slurmTaskID: "0"}, err: "not both"},
	} {
		i, n, err := shardOf(c.spec, c.shards, func(k string) string { return c.env[k] })
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.why, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || !errors.Is(err, errUsage)):
			t.Errorf("%s: error %v, want a usage error with %q", c.why, err, c.err)
		case c.err == "" && (i != c.i || n != c.n):
			t.Errorf("%s: shard %d of %d, want %d of %d", c.why, i, n, c.i, c.n)
		}
	}
}

func TestShardFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"shard-0.json", "shard-1.json", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o700); err != nil {
		t.Fatal(err)
	}
	in := func(names ...string) []string {
		for i, n := range names {
			names[i] = filepath.Join(dir, n)
		}
		return names
	}
	for _, c := range []struct {
		why  string
		args []string
		want []string
		err  string
	}{
		{"a folder: its .json files", []string{dir}, in("shard-0.json", "shard-1.json"), ""},
		{"a pattern", in("shard-*.json"), in("shard-0.json", "shard-1.json"), ""},
		{"files, as given", in("shard-1.json", "notes.txt"), in("shard-1.json", "notes.txt"), ""},
		{"a missing file is left to the reader", in("gone.json"), in("gone.json"), ""},
		{"a pattern that matches nothing", in("part-*.json"), nil, "no file matches"},
		{"a folder with no .json files", []string{empty}, nil, "no .json files"},
	} {
		got, err := shardFiles(c.args)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.why, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.why, err)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.why, diff)
		}
	}
}

// craps sim -shard auto under a Slurm job array of 3 and a Kubernetes
// Indexed Job of 3, merged from a folder and from a pattern, gives the
// whole run.
func TestSimShardAuto(t *testing.T) {
	args := []string{"sim", "-json", "-strategy", "iron-cross", "-shooters", "3000", "-seed", "9", "-shard", "auto"}
	code, whole, errOut := runCmd(t, "", "sim", "-strategy", "iron-cross", "-shooters", "3000", "-seed", "9")
	if code != 0 {
		t.Fatalf("whole run: exit %d: %s", code, errOut)
	}
	for _, sched := range []struct {
		name  string
		env   func(i int) map[string]string
		extra []string
		merge func(dir string) string
	}{
		{"slurm", func(i int) map[string]string {
			return map[string]string{slurmTaskID: string(rune('1' + i)), slurmTaskCount: "3", slurmTaskMin: "1", slurmTaskMax: "3", slurmTaskStep: "1", k8sIndex: ""}
		}, nil, func(dir string) string { return dir }},
		{"kubernetes", func(i int) map[string]string {
			return map[string]string{k8sIndex: string(rune('0' + i)), slurmTaskID: ""}
		}, []string{"-shards", "3"}, func(dir string) string { return filepath.Join(dir, "*.json") }},
	} {
		dir := t.TempDir()
		for i := range 3 {
			for k, v := range sched.env(i) {
				t.Setenv(k, v)
			}
			code, out, errOut := runCmd(t, "", append(args, sched.extra...)...)
			if code != 0 {
				t.Fatalf("%s task %d: exit %d: %s", sched.name, i, code, errOut)
			}
			if err := os.WriteFile(filepath.Join(dir, "part"+string(rune('a'+i))+".json"), []byte(out), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		code, merged, errOut := runCmd(t, "", "merge", sched.merge(dir))
		if code != 0 {
			t.Fatalf("%s: merge: exit %d: %s", sched.name, code, errOut)
		}
		// Only the speed differs.
		if diff := cmp.Diff(withoutSpeed(whole), withoutSpeed(merged)); diff != "" {
			t.Errorf("%s: merged shards differ from the whole run (-whole +merged):\n%s", sched.name, diff)
		}
	}
}

// withoutSpeed drops the time and speed from craps sim's report.
func withoutSpeed(report string) string {
	lines := strings.Split(report, "\n")
	for i, l := range lines {
		if j := strings.Index(l, " engine in "); j >= 0 {
			lines[i] = l[:j+len(" engine")]
		}
	}
	return strings.Join(lines, "\n")
}
