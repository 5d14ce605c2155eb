package main

import (
	"encoding/json"
	"io"
)

// schemaID names the JSON Schema of an output: the file
// schema/<name>.schema.json of the repository, which documents its shape.
// Every -json output carries it in its "schema" field, and the version of
// craps that wrote it in "version".
func schemaID(name string) string {
	return "github.com/crapslab/craps/schema/" + name + ".schema.json"
}

// header opens every JSON output: its schema and the version of craps
// that wrote it. Each output's type embeds it first.
type header struct {
	Schema  string `json:"schema"`
	Version string `json:"version"`
}

// newHeader is the header of the output whose schema is name.
func newHeader(name string) header { return header{schemaID(name), readBuildInfo().String()} }

// writeJSON writes v as indented JSON, with <, > and & as themselves.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
