// Package tltest checks Tagalog (TY) texts against the glossary
// (docs/glossary-tl.json, explained in docs/glossary-tl.md), for tests: a TY
// text may equal its EN text only when it has no words or is a kept term, and
// must not contain an English term the glossary translates. The storefront's
// Vitest check (web/packages/i18n/src/tagalog.test.ts) applies the same rules.
package tltest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// Glossary is the parsed docs/glossary-tl.json.
type Glossary struct {
	keep      map[string]bool
	translate []rule
}

type rule struct {
	en, tl string
	forbid *regexp.Regexp
}

// placeholders are {name}, {{name}} and fmt verbs: nothing to translate.
var placeholders = regexp.MustCompile(`\{\{?\w+\}?\}|%[-+# 0-9.]*[a-zA-Z]`)

// Load reads the glossary from the repository's docs/.
func Load(t testing.TB) *Glossary {
	t.Helper()
	dir, _ := os.Getwd()
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found")
		}
		dir = parent
	}
	b, err := os.ReadFile(filepath.Join(dir, "docs", "glossary-tl.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Keep      []struct{ Term string }
		Translate []struct{ En, Tl, Forbid string }
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	g := &Glossary{keep: map[string]bool{}}
	for _, k := range raw.Keep {
		g.keep[strings.ToLower(k.Term)] = true
	}
	for _, r := range raw.Translate {
		g.translate = append(g.translate, rule{r.En, r.Tl, regexp.MustCompile("(?i)" + r.Forbid)})
	}
	return g
}

// Problems lists what is English in ty (EN's text en); none when it is Tagalog.
func (g *Glossary) Problems(en, ty string) []string {
	var out []string
	if ty == "" {
		return []string{"no TY text"}
	}
	if ty == en {
		bare := strings.TrimSpace(placeholders.ReplaceAllString(en, ""))
		hasWords := strings.IndexFunc(bare, unicode.IsLetter) >= 0
		if hasWords && !g.keep[strings.ToLower(bare)] {
			out = append(out, fmt.Sprintf("TY equals EN %q", en))
		}
	}
	for _, r := range g.translate {
		if r.forbid.MatchString(strings.TrimSpace(ty)) {
			out = append(out, fmt.Sprintf("%q has %q (use %q)", ty, r.en, r.tl))
		}
	}
	return out
}
