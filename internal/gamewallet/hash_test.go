package gamewallet

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// fmtRequestHash is requestHash as it was written with fmt, whose text
// every stored request hash was made from.
func fmtRequestHash(op string, r call) string {
	var amount int64 = -1
	if r.Amount != nil {
		amount = *r.Amount
	}
	b := fmt.Appendf(nil, "seamless.v1\n%s\n%q\n%q\n%q\n%q\n%q\n%d\n%t\n%t", op, PlayerID(r.MemberID), r.Currency, r.RefTxID, r.RoundID, r.GameCode, amount, r.Jackpot, r.EndRound)
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
		r := call{MemberID: rnd.Int64N(1 << 62), Currency: text(), RefTxID: text(), RoundID: text(), GameCode: text(), Jackpot: rnd.IntN(2) == 0, EndRound: rnd.IntN(2) == 0}
		if i%3 != 0 {
			a := rnd.Int64() - rnd.Int64()
			r.Amount = &a
		}
		if i%4 == 0 {
			w := rnd.Int64()
			r.WinAmount = &w
		}
		op := []string{kindBet, kindWin, kindBetWin, kindRollback, text()}[rnd.IntN(5)]
		if got, want := requestHash(op, r), fmtRequestHash(op, r); got != want {
			t.Fatalf("requestHash(%q, %+v) = %s, fmt gave %s", op, r, got, want)
		}
	}
}

// TestBetWinHash: the hash of a bet is what it was before betwin existed;
// a bet and win's covers its win.
func TestBetWinHash(t *testing.T) {
	a, b := int64(5), int64(6)
	r := call{MemberID: 1, Currency: "PHP", RoundID: "r", GameCode: "G", Amount: &a}
	before := sha256.Sum256(fmt.Appendf(nil, "seamless.v1\n%s\n%q\n%q\n%q\n%q\n%q\n%d\n%t\n%t", kindBet, "m1", r.Currency, r.RefTxID, r.RoundID, r.GameCode, a, false, false))
	if got := requestHash(kindBet, r); got != hex.EncodeToString(before[:16]) {
		t.Fatalf("bet hash %q changed", got)
	}
	w1, w2 := r, r
	w1.WinAmount, w2.WinAmount = &a, &b
	if requestHash(kindBetWin, w1) == requestHash(kindBetWin, w2) {
		t.Fatal("betwin hash ignores the win")
	}
}

// TestReplyEncode: the stored answer's hand-written JSON is json.Marshal's.
func TestReplyEncode(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	text := func() string {
		parts := []string{"", "a", "Z", "9", " ", ":", "-", `"`, `\`, "\n", "\x00", "\x7f", "<", ">", "&", "é", "₱", "\u2028", "\xff"}
		var b strings.Builder
		for range rnd.IntN(6) {
			b.WriteString(parts[rnd.IntN(len(parts))])
		}
		return b.String()
	}
	for i := range 20000 {
		r := reply{Status: text(), Code: text(), Message: text(), Currency: text(), TxID: text(), PlatformTxID: text(), RoundStatus: text()}
		if i%2 == 0 {
			v := rnd.Int64() - rnd.Int64()
			r.Balance = &v
		}
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.encode(); string(got) != string(want) {
			t.Fatalf("encode %+v = %s, json.Marshal gave %s", r, got, want)
		}
	}
}
