package gamewallet

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// fmtRequestHash is requestHash as it was written with fmt, whose text
// every stored request hash was made from.
func fmtRequestHash(op string, r Request) string {
	var amount int64 = -1
	if r.Amount != nil {
		amount = *r.Amount
	}
	b := fmt.Appendf(nil, "seamless.v1\n%s\n%q\n%q\n%q\n%q\n%q\n%d\n%t\n%t", op, r.PlayerID, r.Currency, r.RefTxID, r.RoundID, r.GameCode, amount, r.Jackpot, r.EndRound)
	if r.WinAmount != nil {
		b = fmt.Appendf(b, "\nwin=%d", *r.WinAmount)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// TestRequestHashText: requestHash gives the hash fmt's text gave, for any
// request (quotes, control bytes, multi-byte and invalid UTF-8 included).
func TestRequestHashText(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	text := func() string {
		parts := []string{"a", "Z", "9", "-", `"`, `\`, "\n", "\x00", "\x7f", "é", "₱", "🎰", "\xff", "\xc3"}
		var b strings.Builder
		for range rnd.IntN(10) {
			b.WriteString(parts[rnd.IntN(len(parts))])
		}
		return b.String()
	}
	for i := range 20000 {
		r := Request{PlayerID: text(), Currency: text(), RefTxID: text(), RoundID: text(), GameCode: text(), Jackpot: rnd.IntN(2) == 0, EndRound: rnd.IntN(2) == 0}
		if i%3 != 0 {
			a := rnd.Int64() - rnd.Int64()
			r.Amount = &a
		}
		if i%4 == 0 {
			w := rnd.Int64()
			r.WinAmount = &w
		}
		op := []string{OpBet, OpWin, OpBetWin, OpRollback, text()}[rnd.IntN(5)]
		if got, want := requestHash(op, r), fmtRequestHash(op, r); got != want {
			t.Fatalf("requestHash(%q, %+v) = %s, fmt gave %s", op, r, got, want)
		}
	}
}
