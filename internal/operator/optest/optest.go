// Package optest signs operators in for the tests of the domains whose
// /ops/ routes use operator.Guard: through the real login, with the TOTP
// code of the demo secret or an enrolment when the operator needs one.
package optest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
)

type key struct {
	svc  *operator.Service
	user string
}

var (
	mu      sync.Mutex
	secrets = map[key]string{} // secrets of the enrolments this package completed
	tokens  = map[key]string{}
)

// Login returns a session token of user. A TOTP code is good once per
// 30-second step, so the session is reused per service and user; now is the
// service's clock.
func Login(tb testing.TB, svc *operator.Service, user, password string, now func() time.Time) string {
	tb.Helper()
	mu.Lock()
	defer mu.Unlock()
	k := key{svc, user}
	if t, ok := tokens[k]; ok {
		if _, err := svc.Authenticate(context.Background(), t); err == nil {
			return t
		}
	}
	cl := operator.Client{IP: "192.0.2.9", UserAgent: "optest"}
	ctx := context.Background()
	req := operator.LoginRequest{Username: user, Password: password}
	res, err := svc.Login(ctx, req, cl)
	if apperr.As(err).Code == "ops.otp_required" {
		secret, ok := secrets[k]
		if !ok {
			secret = operator.DemoTOTPSecret
		}
		req.OTP = code(tb, secret, now())
		res, err = svc.Login(ctx, req, cl)
		if apperr.As(err).Code == "ops.otp_invalid" { // this step's code was used: the next one is within the drift window
			req.OTP = code(tb, secret, now().Add(30*time.Second))
			res, err = svc.Login(ctx, req, cl)
		}
	}
	if err != nil {
		tb.Fatalf("operator login %s: %v", user, err)
	}
	if res.Enrolment != nil {
		secrets[k] = res.Enrolment.Secret
		res, err = svc.Enrol(ctx, operator.EnrolRequest{Token: res.Enrolment.Token, OTP: code(tb, res.Enrolment.Secret, now())}, cl)
		if err != nil {
			tb.Fatalf("operator enrol %s: %v", user, err)
		}
	}
	tokens[k] = res.Token
	return res.Token
}

func code(tb testing.TB, secret string, at time.Time) string {
	tb.Helper()
	c, err := operator.TOTPCode(secret, at)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}
