package seamless

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// FuzzDecodeRequest: any body either decodes to a request whose fields have
// the protocol's shape or is refused; it never panics.
func FuzzDecodeRequest(f *testing.F) {
	f.Add(OpBet, []byte(`{"sessionToken":"gs_ab","playerId":"m7","txId":"t1","roundId":"r1","gameCode":"PG_x","amount":100,"currency":"PHP"}`))
	f.Add(OpWin, []byte(`{"playerId":"m7","txId":"t2","roundId":"r1","gameCode":"PG_x","amount":0,"currency":"PHP","endRound":true,"jackpot":true}`))
	f.Add(OpBetWin, []byte(`{"sessionToken":"gs_ab","playerId":"m7","txId":"t4","roundId":"r2","gameCode":"PG_x","amount":100,"winAmount":250,"currency":"PHP"}`))
	f.Add(OpRollback, []byte(`{"playerId":"m7","txId":"t3","refTxId":"t1","roundId":"r1","gameCode":"PG_x"}`))
	f.Add(OpEndRound, []byte(`{"playerId":"m7","roundId":"r1","gameCode":"PG_x"}`))
	f.Add(OpBalance, []byte(`{"sessionToken":"gs_ab","playerId":"m7","currency":"PHP"}`))
	f.Add(OpBet, []byte(`{"amount":1e400}`))
	f.Add(OpBet, []byte(`{"amount":"100"} {}`))
	f.Add("x", []byte(`null`))
	f.Fuzz(func(t *testing.T, op string, body []byte) {
		r, err := DecodeRequest(op, body)
		if err != nil {
			return
		}
		if !playerRe.MatchString(r.PlayerID) || memberOf(r.PlayerID) <= 0 {
			t.Fatalf("accepted player %q", r.PlayerID)
		}
		switch op {
		case OpBet, OpWin, OpBetWin:
			if r.Amount == nil || *r.Amount < 0 || *r.Amount > MaxAmount || (op != OpWin && *r.Amount == 0) {
				t.Fatalf("accepted amount %v", r.Amount)
			}
			if (op == OpBetWin) != (r.WinAmount != nil) || (r.WinAmount != nil && (*r.WinAmount < 0 || *r.WinAmount > MaxAmount)) {
				t.Fatalf("accepted winAmount %v for %s", r.WinAmount, op)
			}
			if !idRe.MatchString(r.TxID) || !idRe.MatchString(r.RoundID) || !currencyRe.MatchString(r.Currency) {
				t.Fatalf("accepted %+v", r)
			}
		case OpRollback:
			if !idRe.MatchString(r.TxID) || !idRe.MatchString(r.RefTxID) {
				t.Fatalf("accepted %+v", r)
			}
		case OpBalance, OpEndRound:
		default:
			t.Fatalf("accepted op %q", op)
		}
		// The same request decodes the same again (its hash is the same).
		b, _ := json.Marshal(r)
		r2, err := DecodeRequest(op, b)
		if err != nil || !reflect.DeepEqual(r, r2) {
			t.Fatalf("re-decode %s: %v", b, err)
		}
	})
}

// TestResponseEncode: the answer's hand-written JSON is json.Marshal's.
func TestResponseEncode(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	text := func() string {
		parts := []string{"", "a", "Z", "9", " ", ":", "-", `"`, `\`, "\n", "\x00", "\x7f", "<", ">", "&", "é", "₱", "\u2028", "\xff"}
		var b strings.Builder
		for range rnd.IntN(6) {
			b.WriteString(parts[rnd.IntN(len(parts))])
		}
		return b.String()
	}
	for i := range 20000 {
		r := Response{Status: text(), Code: text(), Message: text(), Currency: text(), TxID: text(), PlatformTxID: text(), RoundStatus: text()}
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
