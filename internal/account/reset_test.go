package account

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var resetLink = regexp.MustCompile(`resetToken=([A-Za-z0-9_-]{43})`)

// mailReset asks for a reset link over HTTP and returns the mailed token.
func (e *env) mailReset(t *testing.T) string {
	t.Helper()
	before := len(e.out.mails)
	r := e.do(t, "POST", "/wps/member/password/email", "", "username=demo01&email=demo01%40palaro.example",
		"Content-Type", "application/x-www-form-urlencoded")
	if r.status != 200 || len(e.out.mails) != before+1 {
		t.Fatalf("reset mail: %d %s, %d mails", r.status, r.env.Code, len(e.out.mails)-before)
	}
	m := resetLink.FindStringSubmatch(e.out.mails[before])
	if m == nil {
		t.Fatalf("no link in %q", e.out.mails[before])
	}
	e.clock.Advance(time.Minute)
	return m[1]
}

func (e *env) useReset(t *testing.T, token, password string) reply {
	t.Helper()
	return e.do(t, "POST", "/wps/member/password/reset", "",
		`{"resetToken":"`+token+`","newPassword":"`+password+`","confirmNewPassword":"`+password+`"}`)
}

// TestResetTokensDie: a reset link dies when a newer one is issued, when
// one is used, and when the password changes by any other path; parallel
// uses of one link change the password once.
func TestResetTokensDie(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		fresh := func() { _ = e.limiter.Reset(t.Context(), "reset:member:"+itoa(e.memberID(t, "demo01"))) }

		t.Run("NewerKillsOlder", func(t *testing.T) {
			fresh()
			older := e.mailReset(t)
			newer := e.mailReset(t)
			if r := e.useReset(t, older, "Bago2026a"); r.status != 400 || r.env.Code != "account.reset_invalid" {
				t.Fatalf("older link after a newer one: %d %s", r.status, r.env.Code)
			}
			if r := e.useReset(t, newer, "Bago2026b"); r.status != 200 {
				t.Fatalf("newer link: %d %s", r.status, r.env.Code)
			}
			e.login(t, "demo01", "Bago2026b")
		})
		t.Run("ChangePasswordKills", func(t *testing.T) {
			fresh()
			tok := e.mailReset(t)
			sess := e.login(t, "demo01", "Bago2026b")
			if r := e.do(t, "POST", "/wps/member/password", sess.Token,
				`{"oldPassword":"Bago2026b","newPassword":"Bago2026c","confirmNewPassword":"Bago2026c"}`); r.status != 200 {
				t.Fatalf("change password: %d %s", r.status, r.env.Code)
			}
			if r := e.useReset(t, tok, "Bago2026d"); r.status != 400 || r.env.Code != "account.reset_invalid" {
				t.Fatalf("link after a password change: %d %s", r.status, r.env.Code)
			}
			e.login(t, "demo01", "Bago2026c")
		})
		t.Run("ParallelUseOnce", func(t *testing.T) {
			fresh()
			tok := e.mailReset(t)
			const n = 20
			var wg sync.WaitGroup
			status := make([]int, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					body := `{"resetToken":"` + tok + `","newPassword":"Parallel2026` + string(rune('a'+i)) + `"}`
					req := httptest.NewRequest("POST", "/wps/member/password/reset", strings.NewReader(body))
					rec := httptest.NewRecorder()
					e.h.ServeHTTP(rec, req)
					status[i] = rec.Code
				}()
			}
			wg.Wait()
			won := -1
			for i, s := range status {
				switch {
				case s == http.StatusOK && won >= 0:
					t.Fatalf("link used twice: %d and %d", won, i)
				case s == http.StatusOK:
					won = i
				case s != http.StatusBadRequest:
					t.Fatalf("use %d: status %d", i, s)
				}
			}
			if won < 0 {
				t.Fatal("no use succeeded")
			}
			e.login(t, "demo01", "Parallel2026"+string(rune('a'+won)))
		})
	})
}

func (e *env) memberID(t *testing.T, account string) int64 {
	t.Helper()
	m, err := e.store.MemberByAccount(t.Context(), account)
	if err != nil {
		t.Fatal(err)
	}
	return m.ID
}
