package account

import (
	"context"
	"strconv"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// memberFacts are the stream's facts of kind for member, as "key detail ref".
func memberFacts(t testing.TB, d *db.DB, kind string, member int64) []string {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), d.Rebind(`SELECT fact_key, detail, ref FROM activity_event
		WHERE kind = ? AND member_id = ? ORDER BY id`), kind, member)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var key, detail, ref string
		if err := rows.Scan(&key, &detail, &ref); err != nil {
			t.Fatal(err)
		}
		out = append(out, key+" "+detail+" "+ref)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRegistrationAndLoginFacts checks that a new member's registration
// and each session's login are in the activity stream once, written with
// the member and the session: a registration raced by parallel duplicates
// leaves one member and one fact, a refused login none, and parallel logins
// one fact per session.
func TestRegistrationAndLoginFacts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()

		// The same username registered by several clients at once.
		const n = 6
		reqs := make([]RegisterRequest, n)
		for i := range reqs {
			reqs[i] = validRegister(e.captcha(t))
			reqs[i].Username = "Facts2026"
			reqs[i] = botRegister(t, e.svc, reqs[i])
		}
		results := make([]LoginResult, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range reqs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = e.svc.Register(ctx, reqs[i], Client{IP: "203.0.113." + strconv.Itoa(10+i)})
			}()
		}
		wg.Wait()
		var id int64
		for i, err := range errs {
			switch {
			case err == nil && id == 0:
				id = results[i].UserInfo.ID
			case codeOf(err) != "account.username_taken":
				t.Fatalf("registration %d: %v", i, err)
			}
		}
		if id == 0 {
			t.Fatal("no registration went through")
		}
		key := "member:" + strconv.FormatInt(id, 10)
		// Ref is the upline's id: none without an invitation code.
		if f := memberFacts(t, d, "member.registered", id); len(f) != 1 || f[0] != key+" password " {
			t.Fatalf("registered facts %q", f)
		}
		var all int
		if err := d.QueryRow(`SELECT COUNT(*) FROM activity_event WHERE kind = 'member.registered' AND member_id NOT IN (SELECT id FROM account_member)`).Scan(&all); err != nil || all != 0 {
			t.Fatalf("facts of members that do not exist: %d %v", all, err)
		}
		// The registration's session is a login.
		if f := memberFacts(t, d, "member.login", id); len(f) != 1 {
			t.Fatalf("login facts after registering %q", f)
		}

		// Parallel logins: one fact per session; a refused login none.
		demo, err := e.store.MemberByAccount(ctx, "demo01")
		if err != nil {
			t.Fatal(err)
		}
		// (no more than the captcha's threshold: a login's attempt is claimed
		// before its check, so parallel right passwords count until they end)
		logins := make([]LoginRequest, int(e.svc.cfg.CaptchaAfter))
		for i := range logins {
			logins[i] = botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: DemoPassword})
		}
		for i := range logins {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := e.svc.Login(ctx, logins[i], cl); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if _, err := e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: "wrong-pass1"}), cl); codeOf(err) != "auth.invalid_credentials" {
			t.Fatalf("wrong password: %v", err)
		}
		f := memberFacts(t, d, "member.login", demo.ID)
		var sessions int
		if err := d.QueryRow(d.Rebind(`SELECT COUNT(*) FROM account_session WHERE member_id = ?`), demo.ID).Scan(&sessions); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, x := range f {
			seen[x] = true
		}
		if want := len(logins); len(f) != want || sessions != want || len(seen) != want {
			t.Fatalf("%d sessions, login facts %q", sessions, f)
		}
		if want := " " + cl.IP + " username"; f[0][len(f[0])-len(want):] != want {
			t.Fatalf("login fact %q, want the IP and login type", f[0])
		}

		// A trial account says so.
		res, err := e.svc.Freeplay(ctx, cl)
		if err != nil {
			t.Fatal(err)
		}
		if f := memberFacts(t, d, "member.registered", res.UserInfo.ID); len(f) != 1 || f[0] != "member:"+strconv.FormatInt(res.UserInfo.ID, 10)+" trial " {
			t.Fatalf("trial facts %q", f)
		}
	})
}
