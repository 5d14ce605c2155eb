package craps

import (
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// brokenLink finds text that was meant as a doc link and is not one: a
// bracketed exported name that names nothing, or is glued to a word
// ("[Spot]s").
var brokenLink = regexp.MustCompile(`\[\*?[A-Za-z]\w*(\.\w+)?\]`)

// The package's documentation renders as written: every "# " line of a
// doc comment is a heading (it needs a blank line before and after), and
// every [Name] is a working link to a name the package or a package it
// imports declares.
func TestDocComments(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/crapslab/craps")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{"package craps": p.Doc}
	add := func(name, text string) {
		if text != "" {
			docs[name] = text
		}
	}
	for _, v := range append(p.Consts, p.Vars...) {
		add(strings.Join(v.Names, ", "), v.Doc)
	}
	for _, f := range p.Funcs {
		add(f.Name, f.Doc)
	}
	for _, ty := range p.Types {
		add(ty.Name, ty.Doc)
		for _, v := range append(ty.Consts, ty.Vars...) {
			add(strings.Join(v.Names, ", "), v.Doc)
		}
		for _, f := range append(ty.Funcs, ty.Methods...) {
			add(ty.Name+"."+f.Name, f.Doc)
		}
	}
	parse := p.Parser()
	headings := 0
	for name, text := range docs {
		d := parse.Parse(text)
		var walk func(blocks []comment.Block)
		walk = func(blocks []comment.Block) {
			for _, b := range blocks {
				switch b := b.(type) {
				case *comment.Heading:
					headings++
				case *comment.Paragraph:
					plain := plainText(b.Text)
					for _, line := range strings.Split(plain, "\n") {
						if strings.HasPrefix(line, "# ") {
							t.Errorf("%s: %q does not render as a heading: it needs a blank line before and after", name, line)
						}
					}
					for _, m := range brokenLink.FindAllString(plain, -1) {
						t.Errorf("%s: %s is not a doc link (a name the package does not declare, or glued to a word)", name, m)
					}
				case *comment.List:
					for _, item := range b.Items {
						walk(item.Content)
					}
				}
			}
		}
		walk(d.Content)
	}
	if headings < 5 {
		t.Errorf("the package documentation has %d headings", headings)
	}
}

// plainText is the text of a paragraph without its links: what a reader
// sees as plain words.
func plainText(texts []comment.Text) string {
	var b strings.Builder
	for _, t := range texts {
		switch t := t.(type) {
		case comment.Plain:
			b.WriteString(string(t))
		case comment.Italic:
			b.WriteString(string(t))
		case *comment.Link:
			b.WriteString(plainText(t.Text))
		case *comment.DocLink:
			b.WriteString("<link>")
		}
	}
	return b.String()
}
