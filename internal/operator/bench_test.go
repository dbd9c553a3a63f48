package operator

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// BenchmarkAdjust drives POST /ops/v1/adjustments through the handler (no
// network) with 32 parallel clients, each request a new key, credits
// spread over a few members: the hot path the ledger benchmark measures.
//
//	go test ./internal/operator -run '^$' -bench Adjust -benchtime 5s
func BenchmarkAdjust(b *testing.B) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		b.Run(string(d), func(b *testing.B) {
			store := dbtest.Open(b, d)
			s := newSite(b, store)
			tok := s.login("finance01")
			members := []int64{s.memberID("demo01"), s.memberID("agent01"), s.memberID("newbie01")}
			mux := http.NewServeMux()
			NewHandler(s.svc).Routes(mux)
			var n atomic.Int64
			b.SetParallelism(32)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					i := n.Add(1)
					body := fmt.Sprintf(`{"memberId":%d,"direction":"CREDIT","amount":"1.00","reason":"bench"}`, members[i%3])
					req := httptest.NewRequest("POST", "/ops/v1/adjustments", bytes.NewReader([]byte(body)))
					req.Header.Set("Authorization", "Bearer "+tok)
					req.Header.Set("Idempotency-Key", fmt.Sprintf("b-%d", i))
					rec := httptest.NewRecorder()
					mux.ServeHTTP(rec, req)
					if rec.Code != 200 {
						b.Errorf("status %d %s", rec.Code, rec.Body.String())
						return
					}
				}
			})
			b.StopTimer()
			if commits, rows := s.svc.AuditStats(); commits > 0 {
				b.ReportMetric(float64(rows)/float64(commits), "rows/audit-commit")
			}
		})
	}
}
