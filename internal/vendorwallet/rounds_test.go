package vendorwallet

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRoundValidate(t *testing.T) {
	good := VendorRound{RoundID: "r-1", Player: "m1", GameCode: "JDB_X", Currency: "PHP", Bet: 100, ValidBet: 80, Win: 0,
		Status: RoundCompleted, StartedAt: 1_700_000_000_000, EndedAt: 1_700_000_000_500}
	if err := good.Validate(); err != nil {
		t.Fatalf("good: %v", err)
	}
	for name, mutate := range map[string]func(*VendorRound){
		"RoundID":    func(r *VendorRound) { r.RoundID = "r 1" },
		"Player":     func(r *VendorRound) { r.Player = "" },
		"GameCode":   func(r *VendorRound) { r.GameCode = "a/b" },
		"Currency":   func(r *VendorRound) { r.Currency = "php" },
		"NegBet":     func(r *VendorRound) { r.Bet = -1 },
		"ValidAbove": func(r *VendorRound) { r.ValidBet = 101 },
		"NegWin":     func(r *VendorRound) { r.Win = -5 },
		"Status":     func(r *VendorRound) { r.Status = "OPEN" },
		"NoStart":    func(r *VendorRound) { r.StartedAt = 0 },
		"EndsBefore": func(r *VendorRound) { r.EndedAt = r.StartedAt - 1 },
	} {
		r := good
		mutate(&r)
		if err := r.Validate(); !errors.Is(err, ErrBadRound) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestClientRounds: a well-formed signed page is returned; a page that
// breaks the protocol is no answer (ErrUnknown); bad requests never leave.
func TestClientRounds(t *testing.T) {
	secret := []byte("rounds-secret")
	var answer string
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.URL.Path != "/v/rounds" || Verify(secret, r.Header.Get(SignatureHeader), b, time.Now()) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		got = string(b)
		w.Header().Set(SignatureHeader, Sign(secret, time.Now(), []byte(answer)))
		_, _ = io.WriteString(w, answer)
	}))
	defer srv.Close()
	c := NewClient(func() string { return srv.URL + "/v" }, secret, nil, nil)
	ctx := context.Background()
	round := `{"roundId":"r1","player":"m1","gameCode":"G","currency":"PHP","bet":1,"validBet":1,"win":0,"status":"COMPLETED","startedAt":1,"endedAt":1}`

	answer = `{"rounds":[` + round + `],"next":"c1","more":true}`
	a, err := c.Rounds(ctx, "c0", 2)
	if err != nil || len(a.Rounds) != 1 || a.Next != "c1" || !a.More || a.Rounds[0].RoundID != "r1" {
		t.Fatalf("good page %+v %v", a, err)
	}
	if got != `{"since":"c0","limit":2}` {
		t.Fatalf("request %s", got)
	}
	for name, body := range map[string]string{
		"TooMany":          `{"rounds":[` + round + `,` + round + `,` + round + `],"next":"c1"}`,
		"BadNext":          `{"rounds":[],"next":"c 1"}`,
		"MoreWithoutRound": `{"rounds":[],"next":"c0","more":true}`,
		"NotJSON":          `{"rounds":`,
		"TooLong":          `{"rounds":[],"next":"c0","pad":"` + strings.Repeat("x", maxRoundsAnswerBytes) + `"}`,
	} {
		answer = body
		if _, err := c.Rounds(ctx, "c0", 2); !errors.Is(err, ErrUnknown) {
			t.Errorf("%s: %v", name, err)
		}
	}
	got = ""
	for name, c2 := range map[string]struct {
		since string
		limit int
	}{"BadSince": {"a b", 1}, "ZeroLimit": {"", 0}, "HugeLimit": {"", MaxRoundsLimit + 1}} {
		if _, err := c.Rounds(ctx, c2.since, c2.limit); err == nil || errors.Is(err, ErrUnknown) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if got != "" {
		t.Fatalf("a bad request was sent: %s", got)
	}
}
