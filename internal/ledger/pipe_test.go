package ledger

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestTextParamsArrays sends the pipeline's own array literals to
// PostgreSQL and reads the arrays back: every element arrives unchanged,
// however it is spelt.
func TestTextParamsArrays(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	texts := []string{"", "plain", `a"quote`, `back\slash`, `\"`, "comma,brace{}", " spaces ", "NULL", "null", "ünïcödé ₱", `{"vendor":"PG","round":"r-1"}`, "line\nbreak\ttab"}
	ints := []int64{0, -1, 1, -9223372036854775808, 9223372036854775807}
	params, err := textParams([]any{texts, ints, []string{}, []int64{}})
	if err != nil {
		t.Fatal(err)
	}
	var gotTexts, gotInts, emptyTexts, emptyInts string
	err = d.QueryRowContext(context.Background(), `SELECT array_to_json(CAST($1::text AS text[]))::text, array_to_json(CAST($2::text AS bigint[]))::text,
		array_to_json(CAST($3::text AS text[]))::text, array_to_json(CAST($4::text AS bigint[]))::text`,
		string(params[0]), string(params[1]), string(params[2]), string(params[3])).Scan(&gotTexts, &gotInts, &emptyTexts, &emptyInts)
	if err != nil {
		t.Fatal(err)
	}
	var backTexts []string
	var backInts []int64
	if err := json.Unmarshal([]byte(gotTexts), &backTexts); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(gotInts), &backInts); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(backTexts, texts) {
		t.Errorf("texts: got %q, want %q", backTexts, texts)
	}
	if !slices.Equal(backInts, ints) {
		t.Errorf("ints: got %v, want %v", backInts, ints)
	}
	if emptyTexts != "[]" || emptyInts != "[]" {
		t.Errorf("empty arrays: %s %s", emptyTexts, emptyInts)
	}
	if _, err := textParams([]any{3.5}); err == nil {
		t.Error("a float argument was accepted")
	}
}
