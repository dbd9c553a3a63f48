package account

import (
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// claimEnv is the account routes with only the lockout claims between a
// guess and the password check: captchas never asked (thresholds out of
// reach), every argon2id run counted by the service's own hasher.
func claimEnv(t *testing.T, d *db.DB, cfg Config, h *Hasher) (*env, http.Handler) {
	t.Helper()
	e := newEnv(t, d)
	svc := NewService(e.store, e.brand, e.limiter, e.clock, cfg)
	svc.UseHasher(h)
	mux := http.NewServeMux()
	NewHandler(svc, func(r *http.Request) string {
		if v := r.Header.Get("X-Test-IP"); v != "" {
			return v
		}
		return "192.0.2.1"
	}).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	e.svc = svc
	return e, mux
}

type loginReply struct {
	status int
	code   string
	msg    string
}

// postLogin sends POST /wps/session/login with a solved bot check.
func postLogin(t *testing.T, e *env, h http.Handler, user, pass, ip, lang string) loginReply {
	body, _ := json.Marshal(map[string]string{"username": user, "password": pass, "botcheck": solve(t, e.svc)})
	req := httptest.NewRequest("POST", "/wps/session/login", strings.NewReader(string(body)))
	req.Header.Set("X-Test-IP", ip)
	req.Header.Set("X-Lang", lang)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var env httpx.Envelope
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	return loginReply{status: rec.Code, code: env.Code, msg: env.Message}
}

func noCaptcha() Config {
	cfg := testConfig
	cfg.CaptchaAfter, cfg.CaptchaAfterIP = 1<<30, 1<<30
	return cfg
}

// TestLoginParallelGuesses: 200 parallel wrong passwords check at most the
// lockout's number, per account and per IP, and the right password sent
// once those are spent does not log in.
func TestLoginParallelGuesses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		t.Run("OneAccountManyIPs", func(t *testing.T) {
			cfg := noCaptcha()
			h := NewHasher(cfg.Argon2, 64, time.Minute)
			e, mux := claimEnv(t, d, cfg, h)
			const n = 200
			var wg sync.WaitGroup
			got := make([]loginReply, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ip := "198.51.100." + strconv.Itoa(i%250+1)
					pass := "wrong" + strconv.Itoa(i) + "x"
					if i == 190 {
						for h.Stats().Runs < cfg.LockoutAfter { // the budget is spent (or being spent) by wrong guesses
							time.Sleep(time.Millisecond)
						}
						pass = DemoPassword
					}
					got[i] = postLogin(t, e, mux, "demo01", pass, ip, "EN")
				}()
			}
			wg.Wait()
			if runs := h.Stats().Runs; runs > cfg.LockoutAfter {
				t.Fatalf("%d passwords checked, limit %d", runs, cfg.LockoutAfter)
			}
			if got[190].status == 200 {
				t.Fatal("the right password logged in after the lockout's budget was spent")
			}
			for i, r := range got {
				if r.status == 200 || r.status == 500 {
					t.Fatalf("request %d: %d %s", i, r.status, r.code)
				}
			}
		})
		t.Run("OneIPManyAccounts", func(t *testing.T) {
			cfg := noCaptcha()
			h := NewHasher(cfg.Argon2, 64, time.Minute)
			e, mux := claimEnv(t, d, cfg, h)
			const n = 200
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := postLogin(t, e, mux, "ghost"+strconv.Itoa(i), "wrong123", "203.0.113.9", "EN")
					if r.status != 401 && r.status != 429 {
						t.Errorf("request %d: %d %s", i, r.status, r.code)
					}
				}()
			}
			wg.Wait()
			if runs := h.Stats().Runs; runs > cfg.LockoutAfterIP {
				t.Fatalf("%d passwords checked from one IP, limit %d", runs, cfg.LockoutAfterIP)
			}
		})
	})
}

// TestHashBound: parallel logins never run more argon2id checks at once
// than the hasher's slots; those that find no room within the wait get
// 503 auth.busy in the caller's language and count nothing.
func TestHashBound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		cfg := noCaptcha()
		cfg.Argon2 = Argon2Params{MemoryKiB: 2048, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32} // a few ms per check
		cfg.LockoutAfterIP = 1 << 30
		const slots = 2
		h := NewHasher(cfg.Argon2, slots, 5*time.Millisecond)
		e, mux := claimEnv(t, d, cfg, h)
		const n = 120
		var wg sync.WaitGroup
		got := make([]loginReply, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				lang := []string{"EN", "TY"}[i%2]
				got[i] = postLogin(t, e, mux, "ghost"+strconv.Itoa(i), "wrong123", "198.51.100."+strconv.Itoa(i%250+1), lang)
			}()
		}
		wg.Wait()
		st := h.Stats()
		if st.Peak > slots || st.Peak < 1 {
			t.Fatalf("peak %d concurrent hashes, bound %d", st.Peak, slots)
		}
		busy := 0
		for i, r := range got {
			switch {
			case r.status == 401 && r.code == "auth.invalid_credentials":
			case r.status == 503 && r.code == "auth.busy":
				busy++
				want := map[string]string{"EN": "try again in a few seconds", "TY": "Pakisubukang muli"}[[]string{"EN", "TY"}[i%2]]
				if !strings.Contains(r.msg, want) {
					t.Fatalf("busy message %q", r.msg)
				}
			default:
				t.Fatalf("request %d: %d %s", i, r.status, r.code)
			}
		}
		if busy == 0 || int64(busy) != st.Busy || st.Runs != int64(n-busy) {
			t.Fatalf("busy answers %d, hasher %+v", busy, st)
		}
		// A busy answer counted nothing: the accounts' budgets are whole.
		for i, r := range got {
			if r.status == 503 {
				if c, _ := e.limiter.Count(t.Context(), "login:acct:ghost"+strconv.Itoa(i)); c != 0 {
					t.Fatalf("busy login %d left a count of %d", i, c)
				}
			}
		}
	})
}

func TestHashSlots(t *testing.T) {
	for _, c := range []struct {
		limit int64
		procs int
		want  int
	}{
		{1 << 30, 2, 1}, {1 << 30, 1, 1}, {1 << 30, 64, 13}, {256 << 20, 64, 3}, {math.MaxInt64, 8, 7}, {10 << 20, 8, 1},
	} {
		if got := HashSlots(c.limit, DefaultArgon2, c.procs); got != c.want {
			t.Errorf("HashSlots(%d, %d procs) = %d, want %d", c.limit, c.procs, got, c.want)
		}
	}
}

// TestChangePasswordParallelGuesses: 200 parallel wrong old passwords on
// POST /wps/member/password check at most PasswordTriesPerID of them.
func TestChangePasswordParallelGuesses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		cfg := noCaptcha()
		h := NewHasher(cfg.Argon2, 64, time.Minute)
		e, mux := claimEnv(t, d, cfg, h)
		tok := e.login(t, "demo01", DemoPassword).Token
		// A slower stored hash, so that parallel checks overlap.
		slow, err := HashPassword(DemoPassword, Argon2Params{MemoryKiB: 4096, Time: 3, Threads: 1, SaltLen: 16, KeyLen: 32})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := e.store.MemberByAccount(t.Context(), "demo01")
		if err := e.store.RehashPassword(t.Context(), m.ID, m.PasswordHash, slow); err != nil {
			t.Fatal(err)
		}
		before := h.Stats().Runs
		var wg sync.WaitGroup
		for i := range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body := `{"oldPassword":"wrong` + strconv.Itoa(i) + `x","newPassword":"Bago2026z","confirmNewPassword":"Bago2026z"}`
				req := httptest.NewRequest("POST", "/wps/member/password", strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+tok)
				rec := httptest.NewRecorder()
				mux.ServeHTTP(rec, req)
				if rec.Code != 400 && rec.Code != 429 {
					t.Errorf("request %d: %d %s", i, rec.Code, rec.Body.String())
				}
			}()
		}
		wg.Wait()
		if runs := h.Stats().Runs - before; runs > cfg.PasswordTriesPerID {
			t.Fatalf("%d old passwords checked, limit %d", runs, cfg.PasswordTriesPerID)
		}
	})
}
