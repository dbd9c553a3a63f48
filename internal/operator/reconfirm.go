package operator

import (
	"context"
	"strings"
)

// reasonReconfirm marks a wrong re-confirmation code in the failed-login
// audit row ("reconfirm_otp", "reconfirm_otp_replay").
const reasonReconfirm = "reconfirm"

// Reconfirmer asks a signed-in operator for their authenticator code again
// before a large money decision (the cashier queues, above the brand's
// ops.cashierConfirmAbove).
type Reconfirmer interface {
	Reconfirm(ctx context.Context, c Caller, code string) error
}

// Reconfirm checks a signed-in operator's current TOTP code, with the
// login's rules: each 30-second step once (a code used to sign in or for an
// earlier decision is a replay), a wrong or replayed code counted like a
// wrong password (five in a row lock the operator's logins and
// re-confirmations for LockoutFor: 429 operator.locked). No code is 401
// ops.otp_required (nothing counted); a wrong one 401 ops.otp_invalid; an
// operator without a second factor 403 ops.otp_not_enrolled.
func (s *Service) Reconfirm(ctx context.Context, c Caller, code string) error {
	o, err := s.store.OperatorByID(ctx, c.ID)
	if err != nil {
		return err
	}
	if !o.TOTPEnrolled() {
		return errNotEnrolled
	}
	now := s.clock.Now()
	if now.Before(o.LockedUntil) {
		return locked(o.LockedUntil, now)
	}
	code = strings.TrimSpace(code)
	if code == "" {
		return errOTPRequired
	}
	release, err := s.gates.Enter(ctx, o.ID, claimWait)
	if err != nil {
		return err
	}
	defer release()
	if err := s.claimLogin(ctx, o.ID); err != nil {
		return err
	}
	cl := Client{IP: c.ipOr(ctx)}
	if err := s.checkCodeFor(ctx, o, o.TOTPSecret, code, now, cl, reasonReconfirm); err != nil {
		return err
	}
	return s.store.UnclaimLogin(ctx, o.ID) // the right code: the claimed check is given back
}
