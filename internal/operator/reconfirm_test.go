package operator

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestReconfirm: a signed-in operator's code again before a large
// decision, on the service's injected clock: no code asks for one and
// counts nothing; the sign-in's own code is a replay; the next step's code
// passes once (parallel requests with it pass once); wrong codes count
// like wrong passwords and lock; an operator without a second factor is
// refused with its own code.
func TestReconfirm(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		s.login("finance01")
		fin, err := s.store.OperatorByUsername(ctx, "finance01")
		if err != nil {
			t.Fatal(err)
		}
		c := Caller{ID: fin.ID, Username: fin.Username, Role: fin.Role, ip: "192.0.2.7"}
		code := func(err error) string {
			if err == nil {
				return ""
			}
			return apperr.As(err).Code
		}

		if got := code(s.svc.Reconfirm(ctx, c, " ")); got != "ops.otp_required" {
			t.Fatalf("no code: %q", got)
		}
		if got := code(s.svc.Reconfirm(ctx, c, s.code(DemoTOTPSecret))); got != "ops.otp_invalid" {
			t.Fatalf("the sign-in's code again: %q", got)
		}
		s.clk.Advance(totpPeriod * time.Second)
		now := s.code(DemoTOTPSecret)
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func(i int) { defer wg.Done(); errs[i] = s.svc.Reconfirm(ctx, c, now) }(i)
		}
		wg.Wait()
		passed := 0
		for _, e := range errs {
			switch code(e) {
			case "":
				passed++
			case "ops.otp_invalid":
			default:
				t.Fatalf("parallel: %v", e)
			}
		}
		if passed != 1 {
			t.Fatalf("one code passed %d times", passed)
		}
		if n := s.auditCount(ActionLoginFailed); n < 2 {
			t.Fatalf("failed re-confirmations audited: %d", n)
		}
		o, _ := s.store.OperatorByID(ctx, fin.ID)
		if o.FailedLogins != 4 { // the replay at sign-in's step and three parallel replays
			t.Fatalf("failures counted: %d", o.FailedLogins)
		}

		// One more wrong code reaches the lockout (5): locked, also for the right code.
		if got := code(s.svc.Reconfirm(ctx, c, "000000")); got != "operator.locked" {
			if got2 := code(s.svc.Reconfirm(ctx, c, "000001")); got2 != "operator.locked" {
				t.Fatalf("wrong codes: %q then %q", got, got2)
			}
		}
		s.clk.Advance(totpPeriod * time.Second)
		if got := code(s.svc.Reconfirm(ctx, c, s.code(DemoTOTPSecret))); got != "operator.locked" {
			t.Fatalf("while locked: %q", got)
		}
		s.clk.Advance(DefaultConfig.LockoutFor)
		if err := s.svc.Reconfirm(ctx, c, s.code(DemoTOTPSecret)); err != nil {
			t.Fatalf("after the lock: %v", err)
		}

		cas, err := s.store.OperatorByUsername(ctx, "cashier01")
		if err != nil {
			t.Fatal(err)
		}
		err = s.svc.Reconfirm(ctx, Caller{ID: cas.ID, Username: cas.Username, Role: cas.Role}, "123456")
		if e := apperr.As(err); e.Code != "ops.otp_not_enrolled" || e.Kind != apperr.KindForbidden {
			t.Fatalf("no second factor: %v", err)
		}
	})
}
