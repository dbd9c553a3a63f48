package main

import (
	"sort"
	"testing"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/tltest"
)

// Every server message (the apperr catalogue of every package this binary
// links) has a Tagalog text that is Tagalog, per docs/glossary-tl.md.
func TestTagalogCatalogue(t *testing.T) {
	t.Parallel()
	g := tltest.Load(t)
	codes := apperr.Codes()
	if len(codes) < 100 {
		t.Fatalf("only %d codes registered: is every domain linked?", len(codes))
	}
	keys := make([]string, 0, len(codes))
	for c := range codes {
		keys = append(keys, c)
	}
	sort.Strings(keys)
	for _, c := range keys {
		for _, p := range g.Problems(codes[c]["EN"], codes[c]["TY"]) {
			t.Errorf("%s: %s", c, p)
		}
	}
}
