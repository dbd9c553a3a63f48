package withdraw

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the withdrawal SQL for SQLite and PostgreSQL.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// memberState is a member's payment password row.
type memberState struct {
	Hash        string
	FailedTries int
	LockedUntil int64
}

// MemberState reads the payment password row (zero when there is none).
func (s *Store) MemberState(ctx context.Context, memberID int64) (memberState, error) {
	var st memberState
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT payment_password_hash, failed_tries, locked_until
		FROM withdraw_member WHERE member_id = ?`), memberID).Scan(&st.Hash, &st.FailedTries, &st.LockedUntil)
	if err != nil && !db.IsNoRows(err) {
		return st, apperr.Internal(err, "select withdraw member")
	}
	return st, nil
}

// ensureMember creates the member's row and, on PostgreSQL, locks it for
// the rest of the transaction (SQLite transactions already hold the write
// lock), so one member's requests run one at a time.
func ensureMember(ctx context.Context, tx *db.Tx, memberID int64, now int64) error {
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO withdraw_member (member_id, updated_at) VALUES (?, ?)
		ON CONFLICT (member_id) DO NOTHING`), memberID, now); err != nil {
		return apperr.Internal(err, "insert withdraw member")
	}
	if tx.Dialect() == db.Postgres {
		var id int64
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT member_id FROM withdraw_member WHERE member_id = ? FOR UPDATE`), memberID).Scan(&id); err != nil {
			return apperr.Internal(err, "lock withdraw member")
		}
	}
	return nil
}

// SetPaymentPassword stores a new hash (the caller checked the old one,
// expect, or that there was none: "") and clears the failure count. If the
// stored hash is no longer expect, a concurrent change won and this one is
// a conflict.
func (s *Store) SetPaymentPassword(ctx context.Context, memberID int64, expect, hash string, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := ensureMember(ctx, tx, memberID, ms(now)); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE withdraw_member SET payment_password_hash = ?, failed_tries = 0,
			locked_until = 0, updated_at = ? WHERE member_id = ? AND payment_password_hash = ?`), hash, ms(now), memberID, expect)
		if err != nil {
			return apperr.Internal(err, "update payment password")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.Conflict("withdraw.payment_password_changed")
		}
		return nil
	})
}

// ClaimTry takes one of max payment-password checks before the password
// is checked: failed_tries counts the checks claimed since the last right
// password or lock. It fails (ok false, with the lock's end when locked)
// while the member is locked or max checks are already claimed, so
// parallel requests never check more than max passwords.
func (s *Store) ClaimTry(ctx context.Context, memberID int64, max int, now time.Time) (tries int, ok bool, lockedUntil int64, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := ensureMember(ctx, tx, memberID, ms(now)); err != nil {
			return err
		}
		err := tx.QueryRowContext(ctx, tx.Rebind(`UPDATE withdraw_member SET failed_tries = failed_tries + 1, updated_at = ?
			WHERE member_id = ? AND locked_until <= ? AND failed_tries < ? RETURNING failed_tries`), ms(now), memberID, ms(now), max).Scan(&tries)
		if err == nil {
			ok = true
			return nil
		}
		if !db.IsNoRows(err) {
			return apperr.Internal(err, "claim payment password try")
		}
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT locked_until FROM withdraw_member WHERE member_id = ?`), memberID).Scan(&lockedUntil); err != nil {
			return apperr.Internal(err, "select payment password lock")
		}
		return nil
	})
	return tries, ok, lockedUntil, err
}

// UnclaimTry gives back a claimed check that never ran (busy hasher).
func (s *Store) UnclaimTry(ctx context.Context, memberID int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE withdraw_member SET failed_tries = failed_tries - 1
		WHERE member_id = ? AND failed_tries > 0`), memberID)
	if err != nil {
		return apperr.Internal(err, "unclaim payment password try")
	}
	return nil
}

// PasswordFailed records a wrong password whose check was claimed: once
// max checks are claimed and this one failed, the member is locked until
// lockUntil and the count starts again. It reports whether this failure locked.
func (s *Store) PasswordFailed(ctx context.Context, memberID int64, max int, lockUntil, now time.Time) (locked bool, err error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE withdraw_member SET failed_tries = 0, locked_until = ?, updated_at = ?
		WHERE member_id = ? AND failed_tries >= ?`), ms(lockUntil), ms(now), memberID, max)
	if err != nil {
		return false, apperr.Internal(err, "lock payment password")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// PasswordOK clears the failure count after a right password.
func (s *Store) PasswordOK(ctx context.Context, memberID int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE withdraw_member SET failed_tries = 0 WHERE member_id = ? AND failed_tries <> 0`), memberID)
	if err != nil {
		return apperr.Internal(err, "reset payment password failures")
	}
	return nil
}

// payoutAccount is a stored payout account.
type payoutAccount struct {
	ID            int64
	MemberID      int64
	Type          string
	BankCode      string
	AccountName   string
	AccountNumber string
	CreatedAt     int64
}

const accountCols = `id, member_id, type, bank_code, account_name, account_number, created_at`

func scanAccount(row interface{ Scan(...any) error }) (payoutAccount, error) {
	var a payoutAccount
	err := row.Scan(&a.ID, &a.MemberID, &a.Type, &a.BankCode, &a.AccountName, &a.AccountNumber, &a.CreatedAt)
	return a, err
}

// Accounts lists a member's live payout accounts, oldest first.
func (s *Store) Accounts(ctx context.Context, memberID int64) ([]payoutAccount, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+accountCols+` FROM withdraw_account
		WHERE member_id = ? AND deleted_at = 0 ORDER BY id`), memberID)
	if err != nil {
		return nil, apperr.Internal(err, "select payout accounts")
	}
	defer rows.Close()
	out := []payoutAccount{}
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan payout account")
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "select payout accounts")
	}
	return out, nil
}

// Account finds one of the member's live payout accounts; another member's
// or a removed one is withdraw.payout_account_not_found.
func (s *Store) Account(ctx context.Context, memberID, id int64) (payoutAccount, error) {
	a, err := scanAccount(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+accountCols+` FROM withdraw_account
		WHERE id = ? AND member_id = ? AND deleted_at = 0`), id, memberID))
	if db.IsNoRows(err) {
		return a, apperr.NotFound("withdraw.payout_account_not_found")
	}
	if err != nil {
		return a, apperr.Internal(err, "select payout account")
	}
	return a, nil
}

// AddAccount inserts a payout account unless the member has max live ones
// or the same bank and number already.
func (s *Store) AddAccount(ctx context.Context, a *payoutAccount, max int) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := ensureMember(ctx, tx, a.MemberID, a.CreatedAt); err != nil {
			return err
		}
		var n, same int
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*), COALESCE(SUM(CASE WHEN bank_code = ? AND account_number = ? THEN 1 ELSE 0 END), 0)
			FROM withdraw_account WHERE member_id = ? AND deleted_at = 0`), a.BankCode, a.AccountNumber, a.MemberID).Scan(&n, &same); err != nil {
			return apperr.Internal(err, "count payout accounts")
		}
		if same > 0 {
			return apperr.Conflict("withdraw.payout_account_exists")
		}
		if n >= max {
			return apperr.Conflict("withdraw.payout_account_limit").With("max", max)
		}
		err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO withdraw_account (member_id, type, bank_code, account_name, account_number, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), a.MemberID, a.Type, a.BankCode, a.AccountName, a.AccountNumber, a.CreatedAt).Scan(&a.ID)
		if err != nil {
			return apperr.Internal(err, "insert payout account")
		}
		return nil
	})
}

// DeleteAccount removes one of the member's live payout accounts.
func (s *Store) DeleteAccount(ctx context.Context, memberID, id int64, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE withdraw_account SET deleted_at = ? WHERE id = ? AND member_id = ? AND deleted_at = 0`),
		ms(now), id, memberID)
	if err != nil {
		return apperr.Internal(err, "delete payout account")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("withdraw.payout_account_not_found")
	}
	return nil
}

// SharedAccounts lists other members with a payout account of the same
// bank and number as any of the member's, removed ones included.
func (s *Store) SharedAccounts(ctx context.Context, memberID int64, limit int) ([]SharedPayout, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT DISTINCT o.member_id, o.bank_code, o.account_number
		FROM withdraw_account a JOIN withdraw_account o ON o.account_number = a.account_number AND o.bank_code = a.bank_code
		WHERE a.member_id = ? AND o.member_id <> ? ORDER BY o.member_id DESC LIMIT ?`), memberID, memberID, limit)
	if err != nil {
		return nil, apperr.Internal(err, "select shared payout accounts")
	}
	defer rows.Close()
	out := []SharedPayout{}
	for rows.Next() {
		var p SharedPayout
		if err := rows.Scan(&p.MemberID, &p.BankCode, &p.AccountNumber); err != nil {
			return nil, apperr.Internal(err, "scan shared payout account")
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
