package inhouse

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// BenchmarkSlotSpin: spins through the service (bet and win through the
// seamless callback entry, ledger, round writes), 16 players in parallel.
func BenchmarkSlotSpin(b *testing.B) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		b.Run(string(d), func(b *testing.B) {
			store := dbtest.Open(b, d)
			s := newSite(b, store, Config{})
			callers := []account.Caller{s.caller("demo01"), s.caller("agent01")}
			for _, c := range callers {
				s.fund(c.MemberID, 1_000_000_000)
			}
			var n atomic.Int64
			b.SetParallelism(8)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					i := n.Add(1)
					c := callers[i%2]
					p, err := s.svc.SlotSpin(context.Background(), c, "s"+strconv.FormatInt(i, 10), SlotRequest{Amount: 100})
					if err != nil {
						b.Error(err)
						return
					}
					if p.Round.Status == StatusOpen {
						if _, err := s.svc.advanceSlot(context.Background(), s.roundState(p.Round.ID), 0); err != nil {
							b.Error(err)
						}
					}
				}
			})
		})
	}
}

// BenchmarkSpinHTTP: spins over HTTP through the real handler (auth,
// Idempotency-Key, JSON), 32 players, on SQLite.
func BenchmarkSpinHTTP(b *testing.B) {
	s := newSite(b, dbtest.Open(b, db.SQLite), Config{})
	tokens := s.benchPlayers(32)
	var n atomic.Int64
	client := s.srv.Client()
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/wps/inhouse/slot/spin", strings.NewReader(`{"amount":100}`))
			req.Header.Set("Authorization", "Bearer "+tokens[int(i)%len(tokens)])
			req.Header.Set("Idempotency-Key", "h"+strconv.FormatInt(i, 10))
			res, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				b.Errorf("status %d", res.StatusCode)
				return
			}
		}
	})
}

// benchPlayers creates, funds and logs in n members.
func (s *site) benchPlayers(n int) []string {
	s.t.Helper()
	ctx := context.Background()
	hash, err := account.HashPassword(account.DemoPassword, testArgon2)
	if err != nil {
		s.t.Fatal(err)
	}
	out := make([]string, n)
	for i := range out {
		m := account.Member{Account: "bench" + strconv.Itoa(i), Nickname: "b", Type: account.TypeMember, PasswordHash: hash, RegisterMethod: "SEED"}
		if err := s.members.CreateMember(ctx, &m); err != nil {
			s.t.Fatal(err)
		}
		s.fund(m.ID, 1_000_000_000)
		out[i] = s.login(m.Account)
	}
	return out
}
