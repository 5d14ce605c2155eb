package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/crapslab/craps"
	"github.com/crapslab/craps/internal/rulekeys"
)

// ruleFlags collects a preset name and the rule flags given after it, and
// builds the Rules they describe.
type ruleFlags struct {
	preset string
	set    []setting // in command-line order
}

type setting struct{ key, value string }

// ruleValue is the flag.Value of one rule key.
type ruleValue struct {
	key   string
	flags *ruleFlags
}

func (v ruleValue) String() string { return "" }
func (v ruleValue) Set(s string) error {
	// Check the value now, so a bad one is reported as a bad flag.
	var r craps.Rules
	if err := rulekeys.Set(&r, v.key, s); err != nil {
		return err
	}
	v.flags.set = append(v.flags.set, setting{v.key, s})
	return nil
}
func (v ruleValue) IsBoolFlag() bool { return rulekeys.IsBool(v.key) }

// addRuleFlags registers -rules and one flag per rule key.
func addRuleFlags(fs *flag.FlagSet) *ruleFlags {
	rf := &ruleFlags{}
	fs.StringVar(&rf.preset, "rules", "standard",
		"the table's rules: a preset `NAME`, "+strings.Join(rulekeys.PresetNames(), ", ")+
			"; the rule flags change it")
	for _, k := range rulekeys.Keys() {
		fs.Var(ruleValue{k.Name, rf}, k.Name, k.Usage)
	}
	return rf
}

// diceKeys are the rule keys of the dice's law, which the commands
// without a table's rules (tables, dice) take alone.
var diceKeys = []string{"dice", "dice-file"}

// addDiceFlags registers the dice's law's flags alone, over the standard
// rules.
func addDiceFlags(fs *flag.FlagSet) *ruleFlags {
	rf := &ruleFlags{preset: "standard"}
	for _, k := range rulekeys.Keys() {
		if slices.Contains(diceKeys, k.Name) {
			fs.Var(ruleValue{k.Name, rf}, k.Name, k.Usage)
		}
	}
	return rf
}

// parse parses a command's flags, which take no argument, and returns
// the rules they name.
func (rf *ruleFlags) parse(fs *flag.FlagSet, args []string) (craps.Rules, error) {
	if err := parse(fs, args, 0); err != nil {
		return craps.Rules{}, err
	}
	return rf.rules()
}

// rules builds and validates the rules.
func (rf *ruleFlags) rules() (craps.Rules, error) {
	r, err := rulekeys.Preset(rf.preset)
	if err != nil {
		return r, fmt.Errorf("-rules: %v: %w", err, errUsage)
	}
	for _, s := range rf.set {
		if err := rulekeys.Set(&r, s.key, s.value); err != nil {
			return r, fmt.Errorf("%v: %w", err, errUsage)
		}
	}
	if err := r.Validate(); err != nil {
		return r, fmt.Errorf("%v: %w", strings.TrimPrefix(err.Error(), "craps: "), errUsage)
	}
	return r, nil
}

// without is the flags with the rule keys keys left out.
func (rf *ruleFlags) without(keys []string) *ruleFlags {
	out := &ruleFlags{preset: rf.preset}
	for _, s := range rf.set {
		if !slices.Contains(keys, s.key) {
			out.set = append(out.set, s)
		}
	}
	return out
}

// describe names the rules in one line: the preset and the flags that
// changed it.
func (rf *ruleFlags) describe() string {
	s := rf.preset
	for _, x := range rf.set {
		s += fmt.Sprintf(" %s=%s", x.key, x.value)
	}
	return s
}
