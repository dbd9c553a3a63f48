package inhouse

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
)

type fixedBrand struct{}

func (fixedBrand) Current(context.Context) (*brand.Config, error) {
	c := brand.Demo()
	return &c, nil
}

// The request decoders never panic, accept only one JSON object of at most
// maxBody bytes, and a stake is either a positive int64 or inhouse.bad_amount.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{`{"amount":100,"target":5000,"over":true}`, `{"amount":1.5}`, `{"amount":"100"}`, `{"amount":-1}`,
		`{"roundId":12,"tile":3}`, `{"roundId":"x"}`, `{"clientSeed":"abc"}`, `[]`, `{}`, ``, `{"amount":1e3}`, `{"amount":99999999999999999999}`, `{} {}`} {
		f.Add([]byte(seed))
	}
	svc := NewService(Deps{Brand: fixedBrand{}}, Config{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var dice diceBody
		if err := decodeJSON(b, &dice); err != nil {
			if code := apperr.As(err).Code; code != "request.invalid_json" && code != "request.too_large" {
				t.Fatalf("decode error code %q", code)
			}
			return
		}
		amount, err := svc.parseAmount(context.Background(), GameDice, dice.Amount)
		if err != nil {
			if apperr.As(err).Code != "inhouse.bad_amount" {
				t.Fatalf("amount error %v", err)
			}
		} else if amount <= 0 || strconv.FormatInt(amount, 10) != dice.Amount.String() {
			t.Fatalf("amount %d from %q", amount, dice.Amount)
		}
		var rb roundBody
		if decodeJSON(b, &rb) == nil {
			if id, err := rb.id(); err == nil && id <= 0 {
				t.Fatalf("round id %d", id)
			}
		}
		var seeds struct {
			ClientSeed *string `json:"clientSeed"`
		}
		_ = decodeJSON(b, &seeds)
		var any map[string]json.RawMessage
		_ = decodeJSON(b, &any)
	})
}
