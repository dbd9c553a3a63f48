package brand

import (
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"testing"
)

var updateVectors = flag.Bool("update", false, "write brand.Patterns into testdata/register-vectors.json")

// registerVectors is the file the browser's Vitest suite runs too
// (web/apps/player/src/app/modals/registerRules.test.ts).
type registerVectors struct {
	About    string            `json:"about"`
	Patterns map[string]string `json:"patterns"`
	Cases    []struct {
		Name string `json:"name"`
		Rule struct {
			PatternID string `json:"patternId"`
			MinLength int    `json:"minLength"`
			MaxLength int    `json:"maxLength"`
			Required  bool   `json:"required"`
		} `json:"rule"`
		Value string `json:"value"`
		Want  string `json:"want"`
	} `json:"cases"`
}

const vectorsFile = "testdata/register-vectors.json"

func TestRegisterVectors(t *testing.T) {
	raw, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatal(err)
	}
	var v registerVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if *updateVectors {
		v.Patterns = Patterns
		out, _ := json.MarshalIndent(v, "", " ")
		if err := os.WriteFile(vectorsFile, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(v.Patterns, Patterns) {
		t.Fatalf("%s patterns differ from brand.Patterns: run go test ./internal/brand -run TestRegisterVectors -update", vectorsFile)
	}
	kinds := map[string]bool{}
	for _, c := range v.Cases {
		pattern, ok := Patterns[c.Rule.PatternID]
		if !ok {
			t.Fatalf("%s: unknown patternId %s", c.Name, c.Rule.PatternID)
		}
		kinds[c.Rule.PatternID] = true
		rule := FieldRule{Field: "f", AcceptedPattern: pattern, PatternID: c.Rule.PatternID,
			MinLength: c.Rule.MinLength, MaxLength: c.Rule.MaxLength, Required: c.Rule.Required}
		if got := rule.Check(c.Value); got != c.Want {
			t.Errorf("%s: Check(%q) = %q, want %q", c.Name, c.Value, got, c.Want)
		}
	}
	for id := range Patterns {
		if !kinds[id] {
			t.Errorf("no vector exercises pattern %s", id)
		}
	}
}
