package account

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// benchEnv is a test env whose clock moves with real time (session idle
// checks) and whose service uses the given config.
func benchEnv(b *testing.B, d db.Dialect, mod func(*Config)) *env {
	b.Helper()
	e := newEnvTB(b, dbtest.Open(b, d))
	cfg := testConfig
	if mod != nil {
		mod(&cfg)
	}
	e.svc = NewService(e.store, e.brand, e.limiter, e.clock, cfg)
	return e
}

// BenchmarkMemberInfo is authenticated GET /wps/member/info through the
// handler (no network), with the session cache (the default) and without
// (two queries per request, as before the cache).
func BenchmarkMemberInfo(b *testing.B) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		for _, cached := range []bool{true, false} {
			name := string(d) + "/cached"
			if !cached {
				name = string(d) + "/uncached"
			}
			b.Run(name, func(b *testing.B) {
				e := benchEnv(b, d, func(c *Config) {
					c.BotCheck = false
					if !cached {
						c.SessionCacheTTL = 0
					}
				})
				h := NewHandler(e.svc, nil)
				mux := httptestMux(h)
				res, err := e.svc.Login(context.Background(), LoginRequest{Username: "demo01", Password: DemoPassword}, cl)
				if err != nil {
					b.Fatal(err)
				}
				auth := "Bearer " + res.Token
				b.ReportAllocs()
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						req := httptest.NewRequest("GET", "/wps/member/info", nil)
						req.Header.Set("Authorization", auth)
						rec := httptest.NewRecorder()
						mux.ServeHTTP(rec, req)
						if rec.Code != 200 {
							b.Fatalf("%d %s", rec.Code, rec.Body.String())
						}
					}
				})
			})
		}
	}
}

// BenchmarkLogin is the username login path with the production argon2id
// cost (19 MiB, 2 passes, 1 lane): verify, session insert, audit. Run with
// -cpu 1 for logins per second per core (1e9 / ns/op). The bot check is
// measured apart (BenchmarkBotCheckVerify).
func BenchmarkLogin(b *testing.B) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		b.Run(string(d), func(b *testing.B) {
			e := benchEnv(b, d, func(c *Config) { c.BotCheck, c.Argon2, c.LockoutAfter = false, DefaultArgon2, 1<<40 })
			hash, err := HashPassword("Bench2026x", DefaultArgon2)
			if err != nil {
				b.Fatal(err)
			}
			m := Member{Account: "bench01", Nickname: "Bench", PasswordHash: hash, PasswordChangedAt: t0, CreatedAt: t0}
			if err := e.store.CreateMember(context.Background(), &m); err != nil {
				b.Fatal(err)
			}
			req := LoginRequest{Username: "bench01", Password: "Bench2026x"}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := e.svc.Login(context.Background(), req, cl); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "logins/s")
		})
	}
}

// BenchmarkBotCheckVerify is the server's share of a bot check (HMAC,
// one SHA-256, the single-use insert); BenchmarkBotCheckSolve the client's
// (maxnumber 100,000: 50,000 hashes on average).
func BenchmarkBotCheckVerify(b *testing.B) {
	e := benchEnv(b, db.SQLite, nil)
	payloads := make([]string, b.N)
	for i := range payloads {
		payloads[i] = solve(b, e.svc)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := e.svc.checkBot(context.Background(), payloads[i]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBotCheckSolve(b *testing.B) {
	e := benchEnv(b, db.SQLite, func(c *Config) { c.BotCheckMaxNumber = DefaultConfig.BotCheckMaxNumber })
	for i := 0; i < b.N; i++ {
		ch, _ := e.svc.BotChallenge(context.Background())
		if _, ok := SolveBotChallenge(ch); !ok {
			b.Fatal("unsolved")
		}
	}
}
