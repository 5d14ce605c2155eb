package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// jsonSchema is a JSON Schema (draft 2020-12) as the files in schema/ use
// it: the keywords below and no others, which schemaKeywords checks, so
// that no keyword is silently left unchecked.
type jsonSchema map[string]any

var schemaKeywords = []string{
	"$schema", "$id", "title", "description", "$defs", "$ref", "type", "const", "enum", "properties",
	"required", "additionalProperties", "patternProperties", "propertyNames", "items", "oneOf",
	"pattern", "minimum", "maximum",
}

// loadSchema reads schema/<name>.schema.json.
func loadSchema(t *testing.T, name string) jsonSchema {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "schema", name+".schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s jsonSchema
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("schema %s: %v", name, err)
	}
	if id := s["$id"]; id != schemaID(name) {
		t.Errorf("schema %s: $id %v, want %s", name, id, schemaID(name))
	}
	checkKeywords(t, name, s)
	return s
}

func checkKeywords(t *testing.T, where string, s jsonSchema) {
	t.Helper()
	for k, v := range s {
		if !slices.Contains(schemaKeywords, k) {
			t.Errorf("%s: keyword %q, which this test does not check", where, k)
		}
		switch k {
		case "properties", "patternProperties", "$defs":
			for name, sub := range v.(map[string]any) {
				checkKeywords(t, where+"."+name, sub.(map[string]any))
			}
		case "items", "propertyNames":
			checkKeywords(t, where+"."+k, v.(map[string]any))
		case "additionalProperties":
			if sub, ok := v.(map[string]any); ok {
				checkKeywords(t, where+"."+k, sub)
			}
		case "oneOf":
			for i, sub := range v.([]any) {
				checkKeywords(t, fmt.Sprintf("%s.oneOf[%d]", where, i), sub.(map[string]any))
			}
		}
	}
}

// validate returns what is wrong with doc under s, whose $defs root
// resolves references; none if it is valid.
func validate(root, s jsonSchema, doc any, path string) []string {
	if ref, ok := s["$ref"].(string); ok {
		name, ok := strings.CutPrefix(ref, "#/$defs/")
		def, found := root["$defs"].(map[string]any)[name]
		if !ok || !found {
			return []string{path + ": unknown $ref " + ref}
		}
		return validate(root, def.(map[string]any), doc, path)
	}
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }
	if want, ok := s["type"].(string); ok && !hasType(doc, want) {
		bad("%s, want a JSON %s", describe(doc), want)
		return errs
	}
	if c, ok := s["const"]; ok && doc != c {
		bad("%v, want %v", doc, c)
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, doc) {
		bad("%v is none of %v", doc, enum)
	}
	if p, ok := s["pattern"].(string); ok {
		if str, isStr := doc.(string); isStr && !regexp.MustCompile(p).MatchString(str) {
			bad("%q does not match %s", str, p)
		}
	}
	if n, ok := doc.(float64); ok {
		if m, ok := s["minimum"].(float64); ok && n < m {
			bad("%v is below %v", n, m)
		}
		if m, ok := s["maximum"].(float64); ok && n > m {
			bad("%v is above %v", n, m)
		}
	}
	if obj, ok := doc.(map[string]any); ok {
		for _, r := range asList(s["required"]) {
			if _, ok := obj[r.(string)]; !ok {
				bad("no %q", r)
			}
		}
		props, _ := s["properties"].(map[string]any)
		patterns, _ := s["patternProperties"].(map[string]any)
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, sub := obj[k], path+"."+k
			if names, ok := s["propertyNames"].(map[string]any); ok {
				errs = append(errs, validate(root, names, k, sub+" (key)")...)
			}
			matched := false
			if p, ok := props[k]; ok {
				matched = true
				errs = append(errs, validate(root, p.(map[string]any), v, sub)...)
			}
			for pat, p := range patterns {
				if regexp.MustCompile(pat).MatchString(k) {
					matched = true
					errs = append(errs, validate(root, p.(map[string]any), v, sub)...)
				}
			}
			if matched {
				continue
			}
			switch extra := s["additionalProperties"].(type) {
			case bool:
				if !extra {
					bad("key %q is not in the schema", k)
				}
			case map[string]any:
				errs = append(errs, validate(root, extra, v, sub)...)
			}
		}
	}
	if list, ok := doc.([]any); ok {
		if items, ok := s["items"].(map[string]any); ok {
			for i, v := range list {
				errs = append(errs, validate(root, items, v, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	if one, ok := s["oneOf"].([]any); ok {
		var passed int
		var why []string
		for i, sub := range one {
			e := validate(root, sub.(map[string]any), doc, path)
			if len(e) == 0 {
				passed++
			}
			why = append(why, fmt.Sprintf("[%d] %s", i, strings.Join(e, "; ")))
		}
		if passed != 1 {
			bad("%d of oneOf's schemas hold, want 1: %s", passed, strings.Join(why, " | "))
		}
	}
	return errs
}

func asList(v any) []any { l, _ := v.([]any); return l }

func hasType(doc any, t string) bool {
	switch t {
	case "object":
		_, ok := doc.(map[string]any)
		return ok
	case "array":
		_, ok := doc.([]any)
		return ok
	case "string":
		_, ok := doc.(string)
		return ok
	case "boolean":
		_, ok := doc.(bool)
		return ok
	case "number":
		_, ok := doc.(float64)
		return ok
	case "integer":
		n, ok := doc.(float64)
		return ok && n == math.Trunc(n)
	}
	return false
}

func describe(doc any) string {
	switch doc.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T %v", doc, doc)
}

// schemaRuns are real outputs of every command with -json, several
// shapes each, by the schema that documents them.
var schemaRuns = []struct {
	schema string
	args   []string
	stdin  string
}{
	{"sim", []string{"sim", "-json", "-strategy", "iron-cross", "-shooters", "2000"}, ""},
	{"sim", []string{"sim", "-json", "-strategy", "martingale", "-sessions", "300", "-bankroll", "300", "-target", "600",
		"-player", "ann=hammerlock", "-rules", "bar2", "-field12", "2", "-not-offered", "fire,put"}, ""},
	{"sim", []string{"sim", "-json", "-rolls", "20000", "-shard", "1/3"}, ""},
	{"sim", []string{"sim", "-json", "-rules", "street", "-strategy", "center 10; hard 6 10 at 9:1", "-player",
		"ann=fade 10; cover hard 6 100 at 9:1", "-shooters", "300"}, ""},
	{"edge", []string{"edge", "-json"}, ""},
	{"edge", []string{"edge", "-json", "-rules", "street"}, ""},
	{"edge", []string{"edge", "-json", "-rules", "cards", "-cards", "reshuffle"}, ""},
	{"hand", []string{"hand", "-json", "-rolls", "30"}, ""},
	{"analyze", []string{"analyze", "-json", "-strategy", "iron-cross", "-bankroll", "100", "-target", "200", "-max-rolls", "12"}, ""},
	{"analyze", []string{"analyze", "-json", "-strategy", "pass-max-odds", "-bankroll", "200", "-target", "400"}, ""},
	{"analyze", []string{"analyze", "-json", "-strategy", bigPress}, ""}, // no hand law: its note
	{"tables", []string{"tables", "-json"}, ""},
	{"tables", []string{"tables", "-json", "-dice", "srr=7"}, ""},
	{"dice", []string{"dice", "-json", "-strategy", "pass 10", "-bet", "pass,place 6"}, "3-4\n1-1\n6-5\n2-2\n4-3\n5-6\n1-6\n3-3\n2-4\n6-6\n1-2\n5-4\n"},
	{"dice", []string{"dice", "-json", "-apart", "-bet", "field", "-"}, "rules standard\nplayer ann 100\nroll 3-4\nroll 2 2\nvoid cocked\nroll 6-1 aside\nroll 1-3\nroll 5-5\nroll 2-1\nroll 4-4\nroll 6-5\n"},
	{"payouts", []string{"payouts", "-json", "-all", "-rules", "bar2"}, ""},
	{"drill", []string{"drill", "-json", "-level", "6", "-n", "20", "-seed", "3", "-breakage"}, ""},
	{"drill", []string{"drill", "-json", "-level", "commission", "-n", "20", "-seed", "4"}, ""},
	{"version", []string{"version", "-json"}, ""},
	{"play", []string{"play", "-json"}, "player ann 1000 strategy pass 10; odds 2x\nbet ann pas 10\nbet ann hard 6 10\n" +
		"roll 2-4\nroll 3-3\nvoid cocked\nroll 1-6\n"},
	{"play", []string{"play", "-json"}, "rules repeaterplus\nplayer ann 1000\nbet ann repeater 4 10\nroll 2-2\nroll 1-3\n" +
		"surrender ann repeater 4\nroll 3-4\n"},
}

// Every -json output is valid under the JSON Schema file that documents
// it (schema/*.schema.json), whose id its "schema" field names; the
// schemas themselves are checked by this test's own validator, which a
// document that breaks them makes fail.
func TestJSONOutputsMatchTheirSchemas(t *testing.T) {
	if !thorough() {
		schemaRuns = schemaRuns[:1]
	}
	schemas := map[string]jsonSchema{}
	for _, run := range schemaRuns {
		s, ok := schemas[run.schema]
		if !ok {
			s = loadSchema(t, run.schema)
			schemas[run.schema] = s
		}
		code, out, errOut := runCmd(t, run.stdin, run.args...)
		if code != 0 {
			t.Errorf("craps %q: exit %d: %s", run.args, code, errOut)
			continue
		}
		docs := []string{out}
		if run.schema == "play" {
			docs = strings.Split(strings.TrimSpace(out), "\n")
		}
		for _, text := range docs {
			var doc any
			if err := json.Unmarshal([]byte(text), &doc); err != nil {
				t.Errorf("craps %q: %v", run.args, err)
				continue
			}
			if errs := validate(s, s, doc, "$"); len(errs) > 0 {
				t.Errorf("craps %q does not match schema/%s.schema.json:\n%s", run.args, run.schema, strings.Join(errs, "\n"))
			}
			if id := doc.(map[string]any)["schema"]; id != schemaID(run.schema) {
				t.Errorf("craps %q: schema %v, want %s", run.args, id, schemaID(run.schema))
			}
		}
	}
}

// The validator refuses what the sim schema does not allow: it would
// otherwise pass anything.
func TestSchemaValidatorRefuses(t *testing.T) {
	s := loadSchema(t, "sim")
	_, out, _ := runCmd(t, "", "sim", "-json", "-rolls", "1000")
	for _, tc := range []struct {
		why  string
		edit func(doc map[string]any)
		want string
	}{
		{"a count as a string", func(d map[string]any) { d["result"].(map[string]any)["rolls"] = "1000" }, "$.result.rolls: string"},
		{"a required key left out", func(d map[string]any) { delete(d, "rules_name") }, `no "rules_name"`},
		{"a key not in the schema", func(d map[string]any) { d["Result"] = 1 }, `key "Result" is not in the schema`},
		{"a Go field name in the rules", func(d map[string]any) { d["result"].(map[string]any)["rules"] = map[string]any{"Bar": 2} }, `"Bar" does not match`},
		{"a fraction that is not p/q", func(d map[string]any) {
			d["summary"].(map[string]any)["total"].(map[string]any)["exact"] = "-0.0141"
		}, `"-0.0141" does not match`},
		{"a mode not known", func(d map[string]any) { d["result"].(map[string]any)["mode"] = "hands" }, "is none of"},
	} {
		var doc map[string]any
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		if errs := validate(s, s, doc, "$"); len(errs) > 0 {
			t.Fatalf("the output itself fails: %v", errs)
		}
		tc.edit(doc)
		errs := strings.Join(validate(s, s, doc, "$"), "\n")
		if !strings.Contains(errs, tc.want) {
			t.Errorf("%s: errors %q, want one with %q", tc.why, errs, tc.want)
		}
	}
}
