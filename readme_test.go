package craps_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// codeBlock is a fenced block of a page (README.md, docs/tutorial.md): ```go, ```text, ```sh...
type codeBlock struct {
	lang, text string
	line       int
}

func readmeBlocks(t *testing.T, page string) []codeBlock {
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []codeBlock
	var open *codeBlock
	var body []string
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case open == nil && strings.HasPrefix(line, "```"):
			open = &codeBlock{lang: strings.TrimPrefix(line, "```"), line: i + 1}
			body = nil
		case open != nil && line == "```":
			open.text = strings.Join(body, "\n")
			blocks = append(blocks, *open)
			open = nil
		case open != nil:
			body = append(body, line)
		}
	}
	if open != nil {
		t.Fatalf("%s:%d: a code block is never closed", page, open.line)
	}
	return blocks
}

// funcBody is the source of a function's body as a README shows it: the
// statements without the braces, one tab less indented, and without an
// Example's output comment.
func funcBody(src []byte, fset *token.FileSet, body *ast.BlockStmt) string {
	text := string(src[fset.Position(body.Lbrace).Offset+1 : fset.Position(body.Rbrace).Offset])
	if i := strings.Index(text, "\n\t// Output:"); i >= 0 {
		text = text[:i]
	}
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "\t")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), " \t\n")
}

// exampleBodies maps the body of every Example function of the package's
// tests, and of the dealer trainer's (package drill), to the Example.
func exampleBodies(t *testing.T) map[string]*doc.Example {
	names, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	drill, err := filepath.Glob(filepath.Join("drill", "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	names = append(names, drill...)
	out := map[string]*doc.Example{}
	fset := token.NewFileSet()
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range doc.Examples(f) {
			if body, ok := ex.Code.(*ast.BlockStmt); ok {
				out[funcBody(src, fset, body)] = ex
			}
		}
	}
	return out
}

// Every Go snippet in README.md and docs/tutorial.md is the body of an
// Example function, which go test compiles and runs, and the ```text
// block after it is that Example's output; a whole program's main is the
// body of one, and the program is also built and run (not under -short),
// which checks its imports. So no snippet of either page can go stale.
func TestReadmeSnippets(t *testing.T) {
	examples := exampleBodies(t)
	for _, page := range []string{"README.md", "docs/tutorial.md"} {
		testSnippets(t, page, examples)
	}
}

func testSnippets(t *testing.T, page string, examples map[string]*doc.Example) {
	blocks := readmeBlocks(t, page)
	snippets := 0
	for k, b := range blocks {
		if b.lang != "go" {
			continue
		}
		snippets++
		body := b.text
		program := strings.HasPrefix(b.text, "package main\n")
		if program {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, page, b.text, 0)
			if err != nil {
				t.Errorf("%s:%d: %v", page, b.line, err)
				continue
			}
			for _, d := range f.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "main" {
					body = funcBody([]byte(b.text), fset, fn.Body)
				}
			}
		}
		ex, ok := examples[body]
		if !ok {
			t.Errorf("%s:%d: this Go snippet is the body of no Example function: make it one, or copy the Example's body here:\n%s", page, b.line, body)
			continue
		}
		if k+1 == len(blocks) || blocks[k+1].lang != "text" {
			t.Errorf("%s:%d: the snippet (Example%s) is not followed by a ```text block of its output", page, b.line, ex.Name)
			continue
		}
		want := strings.TrimRight(ex.Output, "\n")
		if got := blocks[k+1].text; got != want {
			t.Errorf("%s:%d: the output shown is not Example%s's:\n%s\nwant:\n%s", page, blocks[k+1].line, ex.Name, got, want)
		}
		if program {
			runProgram(t, page, b, want)
		}
	}
	if snippets == 0 {
		t.Errorf("%s has no Go snippet", page)
	}
}

// thorough is the package's thorough for this external test package: the
// full sizes with CRAPS_EXHAUSTIVE=1 and without -short.
func thorough() bool { return os.Getenv("CRAPS_EXHAUSTIVE") == "1" && !testing.Short() }

// runProgram builds and runs a whole program of the README with go run,
// from this module, and compares its output.
func runProgram(t *testing.T, page string, b codeBlock, want string) {
	t.Helper()
	if !thorough() {
		return
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Logf("%s:%d: not run: no go command", page, b.line)
		return
	}
	file := filepath.Join(t.TempDir(), "main.go")
	if err := os.WriteFile(file, []byte(b.text+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(goCmd, "run", file).CombinedOutput()
	if err != nil {
		t.Errorf("%s:%d: go run: %v\n%s", page, b.line, err, out)
		return
	}
	if got := strings.TrimRight(string(out), "\n"); got != want {
		t.Errorf("%s:%d: the program prints\n%s\nwant:\n%s", page, b.line, got, want)
	}
}
