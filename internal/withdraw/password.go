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
		if err := s.checkClaimed(ctx, c.MemberID, req.Password, m.PasswordHash, "withdraw.wrong_login_password"); err != nil {
			return err
		}
	} else {
		if req.OldPaymentPassword == "" {
			return apperr.Invalid("withdraw.payment_password_required")
		}
		if req.OldPaymentPassword == req.NewPaymentPassword {
			return apperr.Invalid("withdraw.same_payment_password")
		}
		if err := s.checkClaimed(ctx, c.MemberID, req.OldPaymentPassword, st.Hash, "withdraw.wrong_payment_password"); err != nil {
			return err
		}
	}
	hash, err := s.hasher.Hash(ctx, req.NewPaymentPassword, s.cfg.Argon2)
	if err != nil {
		if account.IsBusy(err) {
			return err
		}
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
	return s.lockedError(st.LockedUntil)
}

// lockedError is the lock's answer while until is ahead (nil otherwise).
func (s *Service) lockedError(until int64) error {
	if now := s.clock.Now().UnixMilli(); until > now {
		mins := (until - now + 59_999) / 60_000
		return apperr.New(apperr.KindTooMany, "withdraw.payment_password_locked").With("minutes", mins)
	}
	return nil
}

// checkClaimed claims one try, then checks password against hash under the
// process-wide hashing bound: parallel requests check at most PasswordTries
// passwords before the lock. A wrong password answers code with the tries
// left (or the lock when it was the last), a right one clears the count,
// a busy hasher gives the try back.
func (s *Service) checkClaimed(ctx context.Context, memberID int64, password, hash, code string) error {
	release, err := s.gates.Enter(ctx, memberID, claimWait)
	if err != nil {
		return err
	}
	defer release()
	tries, err := s.claimTry(ctx, memberID)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	right, _, verr := s.hasher.Verify(ctx, password, hash, s.cfg.Argon2)
	if account.IsBusy(verr) {
		_ = s.store.UnclaimTry(ctx, memberID)
		return verr
	}
	if verr != nil || !right {
		locked, err := s.store.PasswordFailed(ctx, memberID, s.cfg.PasswordTries, now.Add(s.cfg.LockFor), now)
		if err != nil {
			return err
		}
		if locked {
			return apperr.New(apperr.KindTooMany, "withdraw.payment_password_locked").With("minutes", int64(s.cfg.LockFor/time.Minute))
		}
		return apperr.Invalid(code).With("remaining", max(s.cfg.PasswordTries-tries, 0))
	}
	return s.store.PasswordOK(ctx, memberID)
}

// claimWait bounds how long a check waits for a try while every try of the
// budget is being checked by other requests (a few parallel withdrawals
// with the right password: the first ones clear the count). In one process
// they wait in the member's gate; the database is polled only for checks
// running on other instances.
const claimWait = 2 * time.Second

// claimTry claims a try: the lock's answer while locked, auth.busy when
// the budget stays in use by running checks for claimWait.
func (s *Service) claimTry(ctx context.Context, memberID int64) (int, error) {
	deadline := time.Now().Add(claimWait)
	for {
		tries, ok, until, err := s.store.ClaimTry(ctx, memberID, s.cfg.PasswordTries, s.clock.Now())
		if err != nil || ok {
			return tries, err
		}
		if err := s.lockedError(until); err != nil {
			return 0, err
		}
		if time.Now().After(deadline) {
			return 0, account.ErrHashBusy
		}
		select {
		case <-ctx.Done():
			return 0, account.ErrHashBusy
		case <-time.After(claimPoll):
		}
		// Wait on a read until the running checks end (count cleared or lock set).
		for time.Now().Before(deadline) {
			st, err := s.store.MemberState(ctx, memberID)
			if err != nil {
				return 0, err
			}
			if st.FailedTries < s.cfg.PasswordTries || st.LockedUntil > s.clock.Now().UnixMilli() {
				break
			}
			select {
			case <-ctx.Done():
				return 0, account.ErrHashBusy
			case <-time.After(claimPoll):
			}
		}
	}
}

const claimPoll = 100 * time.Millisecond

// VerifyPaymentPassword checks a member's payment password for another
// domain's money action (agent transfers), with the same tries and lock as
// withdrawals.
func (s *Service) VerifyPaymentPassword(ctx context.Context, memberID int64, password string) error {
	return s.verifyPayment(ctx, memberID, password)
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
	return s.checkClaimed(ctx, memberID, password, st.Hash, "withdraw.wrong_payment_password")
}
