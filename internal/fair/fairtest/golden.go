package fairtest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated sections of docs/games/*.md")

// RepoFile is the path of a file given relative to the repository root.
func RepoFile(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, rel)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("go.mod not found above the test directory")
		}
		dir = parent
	}
}

// DocSection checks that the document at rel (from the repository root)
// holds content between "<!-- generated:name -->" and
// "<!-- /generated:name -->", so the figures in the docs are the ones the
// code computes. With -update it rewrites the section instead.
func DocSection(t testing.TB, rel, name, content string) {
	t.Helper()
	path := RepoFile(t, rel)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	open, closing := "<!-- generated:"+name+" -->\n", "<!-- /generated:"+name+" -->"
	i := strings.Index(doc, open)
	j := strings.Index(doc, closing)
	if i < 0 || j < i {
		t.Fatalf("%s: section %q markers missing", rel, name)
	}
	got := doc[i+len(open) : j]
	if got == content {
		return
	}
	if *update {
		doc = doc[:i+len(open)] + content + doc[j:]
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: section %q rewritten", rel, name)
		return
	}
	t.Errorf("%s: section %q differs from the computed one; run the test with -update and review the diff", rel, name)
}

// Updating reports whether the test binary runs with -update.
func Updating() bool { return *update }
