package withdraw

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// The payment password: six digits, argon2id, a lock after wrong tries.

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// PasswordState tells whether the member has a payment password.
func (s *Service) PasswordState(ctx context.Context, c account.Caller) (PasswordState, error) {
	if err := requireReal(c); err != nil {
		return PasswordState{}, err
	}
	st, err := s.memberState(ctx, c.MemberID)
	if err != nil {
		return PasswordState{}, err
	}
	out := PasswordState{Set: st.Hash != ""}
	if st.LockedUntil > s.clock.Now().UnixMilli() {
		out.LockedUntil = st.LockedUntil
	}
	return out, nil
}

// SetPassword sets the payment password the first time (proved by the
// login password) or changes it (proved by the old payment password).
// Wrong proofs count towards the same lock as wrong payment passwords.
func (s *Service) SetPassword(ctx context.Context, c account.Caller, req SetPasswordRequest) error {
	if err := requireReal(c); err != nil {
		return err
	}
	if !sixDigits.MatchString(req.NewPaymentPassword) {
		return apperr.Invalid("withdraw.payment_password_format")
	}
	if req.ConfirmPaymentPassword != req.NewPaymentPassword {
		return apperr.Invalid("withdraw.payment_password_mismatch")
	}
	st, err := s.memberState(ctx, c.MemberID)
	if err != nil {
		return err
	}
	if err := s.checkLock(st); err != nil {
		return err
	}
	if st.Hash == "" {
		if req.Password == "" {
			return apperr.Invalid("withdraw.login_password_required")
		}
		m, err := s.members.MemberByID(ctx, c.MemberID)
		if err != nil {
			return err
		}
		if ok, _, err := account.VerifyPassword(req.Password, m.PasswordHash, s.cfg.Argon2); err != nil || !ok {
			return s.failed(ctx, c.MemberID, "withdraw.wrong_login_password")
		}
	} else {
		if req.OldPaymentPassword == "" {
			return apperr.Invalid("withdraw.payment_password_required")
		}
		if ok, _, err := account.VerifyPassword(req.OldPaymentPassword, st.Hash, s.cfg.Argon2); err != nil || !ok {
			return s.failed(ctx, c.MemberID, "withdraw.wrong_payment_password")
		}
		if req.OldPaymentPassword == req.NewPaymentPassword {
			return apperr.Invalid("withdraw.same_payment_password")
		}
	}
	hash, err := account.HashPassword(req.NewPaymentPassword, s.cfg.Argon2)
	if err != nil {
		return apperr.Internal(err, "hash payment password")
	}
	return s.store.SetPaymentPassword(ctx, c.MemberID, st.Hash, hash, s.clock.Now())
}

// memberState reads the payment password row. A member who chose a
// payment password at registration (the optional register field, kept by
// the account domain as a hash in the member's extra fields) has it adopted
// here on first use.
func (s *Service) memberState(ctx context.Context, memberID int64) (memberState, error) {
	st, err := s.store.MemberState(ctx, memberID)
	if err != nil || st.Hash != "" {
		return st, err
	}
	m, err := s.members.MemberByID(ctx, memberID)
	if err != nil {
		return st, err
	}
	var extra map[string]any
	if json.Unmarshal([]byte(m.Extra), &extra) != nil {
		return st, nil
	}
	h, _ := extra["paymentPasswordHash"].(string)
	if !strings.HasPrefix(h, "$argon2id$") {
		return st, nil
	}
	err = s.store.SetPaymentPassword(ctx, memberID, "", h, s.clock.Now())
	if err != nil && apperr.As(err).Code != "withdraw.payment_password_changed" { // a concurrent first use adopted it
		return st, err
	}
	return s.store.MemberState(ctx, memberID)
}

func (s *Service) checkLock(st memberState) error {
	if until := st.LockedUntil; until > s.clock.Now().UnixMilli() {
		mins := (until - s.clock.Now().UnixMilli() + 59_999) / 60_000
		return apperr.New(apperr.KindTooMany, "withdraw.payment_password_locked").With("minutes", mins)
	}
	return nil
}

// failed counts a wrong password and answers with code (and the tries
// left), or with the lock when this was the last try.
func (s *Service) failed(ctx context.Context, memberID int64, code string) error {
	now := s.clock.Now()
	left, locked, err := s.store.PasswordFailed(ctx, memberID, s.cfg.PasswordTries, now.Add(s.cfg.LockFor), now)
	if err != nil {
		return err
	}
	if locked {
		return apperr.New(apperr.KindTooMany, "withdraw.payment_password_locked").With("minutes", int64(s.cfg.LockFor/time.Minute))
	}
	return apperr.Invalid(code).With("remaining", left)
}

// verifyPayment checks the payment password for an action that needs it.
func (s *Service) verifyPayment(ctx context.Context, memberID int64, password string) error {
	st, err := s.memberState(ctx, memberID)
	if err != nil {
		return err
	}
	if st.Hash == "" {
		return apperr.Invalid("withdraw.payment_password_not_set")
	}
	if err := s.checkLock(st); err != nil {
		return err
	}
	if password == "" {
		return apperr.Invalid("withdraw.payment_password_required")
	}
	if ok, _, err := account.VerifyPassword(password, st.Hash, s.cfg.Argon2); err != nil || !ok {
		return s.failed(ctx, memberID, "withdraw.wrong_payment_password")
	}
	if st.FailedTries > 0 {
		return s.store.PasswordOK(ctx, memberID)
	}
	return nil
}
