package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The environment variables -shard auto reads: a Slurm job array's
// (https://slurm.schedmd.com/job_array.html) and a Kubernetes Indexed
// Job's (https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode).
const (
	slurmTaskID    = "SLURM_ARRAY_TASK_ID"
	slurmTaskCount = "SLURM_ARRAY_TASK_COUNT"
	slurmTaskMin   = "SLURM_ARRAY_TASK_MIN"
	slurmTaskMax   = "SLURM_ARRAY_TASK_MAX"
	slurmTaskStep  = "SLURM_ARRAY_TASK_STEP"
	k8sIndex       = "JOB_COMPLETION_INDEX"
)

// shardOf reads the -shard and -shards flags: "" runs the whole run
// (0, 0); "i/n" shard i of n; "auto" takes the shard from the scheduler's
// environment, read with getenv:
//
//   - a Slurm job array: the tasks of the array are the shards, in order
//     (--array=0-99 or 1-100: 100 shards), unless -shards N is given: then
//     SLURM_ARRAY_TASK_ID is the shard's number itself, so that
//     --array=3,7 reruns shards 3 and 7 of N;
//   - a Kubernetes Indexed Job: JOB_COMPLETION_INDEX is the shard, and
//     -shards N, the Job's completions, is needed.
func shardOf(spec string, shards int, getenv func(string) string) (i, n int, err error) {
	switch spec {
	case "":
		if shards != 0 {
			return 0, 0, fmt.Errorf("-shards goes with -shard auto: %w", errUsage)
		}
		return 0, 0, nil
	case "auto":
		i, n, err = shardFromEnv(shards, getenv)
		if err != nil {
			return 0, 0, fmt.Errorf("-shard auto: %v: %w", err, errUsage)
		}
	default:
		if shards != 0 {
			return 0, 0, fmt.Errorf("-shards goes with -shard auto; -shard %s names the count: %w", spec, errUsage)
		}
		a, b, ok := strings.Cut(spec, "/")
		i, err1 := strconv.Atoi(a)
		n, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return 0, 0, fmt.Errorf("-shard %q: want i/n with 0 <= i < n, or auto: %w", spec, errUsage)
		}
		if err := checkShard(i, n); err != nil {
			return 0, 0, fmt.Errorf("-shard %q: %v: %w", spec, err, errUsage)
		}
		return i, n, nil
	}
	return i, n, nil
}

func shardFromEnv(shards int, getenv func(string) string) (i, n int, err error) {
	if shards < 0 {
		return 0, 0, fmt.Errorf("-shards %d: want a count of shards", shards)
	}
	slurm, k8s := getenv(slurmTaskID), getenv(k8sIndex)
	switch {
	case slurm != "" && k8s != "":
		return 0, 0, fmt.Errorf("both %s and %s are set: a Slurm job array or a Kubernetes Indexed Job, not both", slurmTaskID, k8sIndex)
	case slurm != "":
		id, err := envInt(slurmTaskID, slurm)
		if err != nil {
			return 0, 0, err
		}
		if shards > 0 {
			i, n = id, shards
			break
		}
		count, err := envInt(slurmTaskCount, getenv(slurmTaskCount))
		if err != nil {
			return 0, 0, fmt.Errorf("%v (or give -shards N, with the array's task ids the shards' numbers)", err)
		}
		// The array's tasks are the shards in order: a range from MIN to
		// MAX by STEP. A list such as --array=1,4,5 is no range.
		lo, hi, step := envOr(getenv, slurmTaskMin, 0), envOr(getenv, slurmTaskMax, -1), envOr(getenv, slurmTaskStep, 1)
		if hi < 0 {
			hi = lo + (count-1)*step
		}
		if step < 1 || count < 1 || hi-lo != (count-1)*step || (id-lo)%step != 0 {
			return 0, 0, fmt.Errorf("the job array (%s=%d from %d to %d by %d) is not a range: submit --array=0-%d, or give -shards N with the array's task ids the shards' numbers",
				slurmTaskCount, count, lo, hi, step, count-1)
		}
		i, n = (id-lo)/step, count
	case k8s != "":
		if i, err = envInt(k8sIndex, k8s); err != nil {
			return 0, 0, err
		}
		if shards == 0 {
			return 0, 0, fmt.Errorf("%s is set (a Kubernetes Indexed Job): give the Job's completions as -shards N", k8sIndex)
		}
		n = shards
	default:
		return 0, 0, fmt.Errorf("neither %s (a Slurm job array) nor %s (a Kubernetes Indexed Job) is set", slurmTaskID, k8sIndex)
	}
	if err := checkShard(i, n); err != nil {
		return 0, 0, err
	}
	return i, n, nil
}

func checkShard(i, n int) error {
	if n < 1 || i < 0 || i >= n {
		return fmt.Errorf("shard %d of %d: want 0 <= shard < count", i, n)
	}
	return nil
}

// envInt reads the whole number the environment variable name holds.
func envInt(name, value string) (int, error) {
	if value == "" {
		return 0, fmt.Errorf("%s is not set", name)
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s=%q: want a whole number", name, value)
	}
	return n, nil
}

// envOr reads a whole number from the environment variable name, or
// returns def if it is not set or not a whole number.
func envOr(getenv func(string) string, name string, def int) int {
	if n, err := envInt(name, getenv(name)); err == nil {
		return n
	}
	return def
}

// shardFiles lists the files craps merge reads: each argument is a file,
// a folder (every .json file in it) or a glob pattern such as
// "out/shard-*.json" (quoted, or the shell expands it first).
func shardFiles(args []string) ([]string, error) {
	var files []string
	for _, arg := range args {
		info, err := os.Stat(arg)
		switch {
		case err == nil && info.IsDir():
			names, _ := filepath.Glob(filepath.Join(arg, "*.json"))
			if len(names) == 0 {
				return nil, fmt.Errorf("%s: a folder with no .json files", arg)
			}
			files = append(files, names...)
		case err != nil && strings.ContainsAny(arg, "*?["):
			names, err := filepath.Glob(arg)
			if err != nil {
				return nil, fmt.Errorf("%q: %v", arg, err)
			}
			if len(names) == 0 {
				return nil, fmt.Errorf("%q: no file matches", arg)
			}
			files = append(files, names...)
		default:
			files = append(files, arg) // reading it reports any error
		}
	}
	return files, nil
}
