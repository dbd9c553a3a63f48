package wallet

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// transferStore holds the SQL of transfer wallets (wallet_transfer_request,
// wallet_transfer; migration 0011). Money itself is only in the ledger.
type transferStore struct{ db *db.DB }

const transferCols = `id, member_id, idempotency_key, direction, vendor, player, amount, currency, tx_id, ledger_key, status, failure_code, check_after, created_at, settled_at`

type scanner interface{ Scan(dest ...any) error }

func scanTransfer(row scanner) (Transfer, error) {
	var t Transfer
	var checkAfter int64
	err := row.Scan(&t.ID, &t.memberID, &t.key, &t.direction, &t.Vendor, &t.player, &t.Amount, &t.Currency, &t.txID, &t.ledgerKey,
		&t.Status, &t.FailureCode, &checkAfter, &t.CreatedAt, &t.SettledAt)
	t.checkAfter = time.UnixMilli(checkAfter)
	t.From, t.To = MainWallet, t.Vendor
	if t.direction == DirectionOut {
		t.From, t.To = t.Vendor, MainWallet
	}
	return t, err
}

// request reads the kind and body hash stored under a member's key.
func (s *transferStore) request(ctx context.Context, memberID int64, key string) (kind, hash string, found bool, err error) {
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT kind, request_hash FROM wallet_transfer_request WHERE member_id = ? AND idempotency_key = ?`),
		memberID, key).Scan(&kind, &hash)
	if db.IsNoRows(err) {
		return "", "", false, nil
	}
	if err != nil {
		return "", "", false, apperr.Internal(err, "select transfer request")
	}
	return kind, hash, true, nil
}

// create stores the request row and one transfer (ID and tx id filled in);
// false when the key was taken meanwhile (nothing stored).
// limit, when set, is asked in the same transaction with what the member's
// other transfers into vendors in flight add up to; its refusal is
// returned as it is and stores nothing.
func (s *transferStore) create(ctx context.Context, kind, hash string, now time.Time, tr *Transfer, limit func(context.Context, int64) error) (bool, error) {
	trs := []Transfer{*tr}
	ok, err := s.createAll(ctx, tr.memberID, tr.key, kind, hash, now, trs, limit)
	if ok {
		*tr = trs[0]
	}
	return ok, err
}

// transferLockSpace keeps the wallet's advisory locks apart from others'.
const transferLockSpace int64 = 0x7472616e << 32

// limitRefusal carries the limit check's refusal out of createAll.
type limitRefusal struct{ err error }

func (r limitRefusal) Error() string { return r.err.Error() }

// createAll stores the request row and its transfers in one transaction.
// With limit, one member's checked transfers run one at a time (an
// advisory lock on PostgreSQL; SQLite transactions hold the write lock),
// so parallel requests cannot pass a limit together.
func (s *transferStore) createAll(ctx context.Context, memberID int64, key, kind, hash string, now time.Time, trs []Transfer, limit func(context.Context, int64) error) (bool, error) {
	created := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if limit != nil && tx.Dialect() == db.Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, transferLockSpace|(memberID&0xffffffff)); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO wallet_transfer_request (member_id, idempotency_key, kind, request_hash, created_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (member_id, idempotency_key) DO NOTHING`), memberID, key, kind, hash, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		created = true
		for i := range trs {
			t := &trs[i]
			t.txID = newTxID()
			t.CreatedAt = now.UnixMilli()
			if err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO wallet_transfer (member_id, idempotency_key, direction, vendor, player, amount, currency,
				tx_id, ledger_key, status, check_after, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
				memberID, key, t.direction, t.Vendor, t.player, t.Amount, t.Currency, t.txID, t.ledgerKey, t.Status,
				t.checkAfter.UnixMilli(), now.UnixMilli(), now.UnixMilli()).Scan(&t.ID); err != nil {
				return err
			}
			if limit != nil {
				var pending int64
				if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COALESCE(SUM(amount), 0) FROM wallet_transfer
					WHERE member_id = ? AND direction = ? AND status = ? AND id <> ?`), memberID, DirectionIn, TransferPending, t.ID).Scan(&pending); err != nil {
					return err
				}
				if err := limit(ctx, pending); err != nil {
					return limitRefusal{err}
				}
			}
			t.From, t.To = MainWallet, t.Vendor
			if t.direction == DirectionOut {
				t.From, t.To = t.Vendor, MainWallet
			}
		}
		return nil
	})
	var refused limitRefusal
	if errors.As(err, &refused) {
		return false, refused.err
	}
	if err != nil {
		return false, apperr.Internal(err, "insert transfer")
	}
	return created, nil
}

func newTxID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "tr" + hex.EncodeToString(b[:])
}

// byKey lists the transfers of one request, in id order.
func (s *transferStore) byKey(ctx context.Context, memberID int64, key string) ([]Transfer, error) {
	return s.list(ctx, `SELECT `+transferCols+` FROM wallet_transfer WHERE member_id = ? AND idempotency_key = ? ORDER BY id`, memberID, key)
}

// due lists PENDING transfers whose check time has come, oldest check first.
func (s *transferStore) due(ctx context.Context, now time.Time, limit int) ([]Transfer, error) {
	return s.list(ctx, `SELECT `+transferCols+` FROM wallet_transfer WHERE status = ? AND check_after <= ? ORDER BY check_after, id LIMIT ?`,
		TransferPending, now.UnixMilli(), limit)
}

func (s *transferStore) list(ctx context.Context, q string, args ...any) ([]Transfer, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(q), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select transfers")
	}
	defer rows.Close()
	var out []Transfer
	for rows.Next() {
		t, err := scanTransfer(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan transfer")
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "select transfers")
	}
	return out, nil
}

// byID reads one of a member's transfers; another member's is not found.
func (s *transferStore) byID(ctx context.Context, memberID, id int64) (Transfer, error) {
	t, err := scanTransfer(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+transferCols+` FROM wallet_transfer WHERE id = ? AND member_id = ?`), id, memberID))
	if db.IsNoRows(err) {
		return t, errUnknownTransfer
	}
	if err != nil {
		return t, apperr.Internal(err, "select transfer")
	}
	return t, nil
}

// reschedule sets when a PENDING transfer may be checked next.
func (s *transferStore) reschedule(ctx context.Context, id int64, checkAfter, now time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE wallet_transfer SET check_after = ?, attempts = attempts + 1, updated_at = ? WHERE id = ? AND status = ?`),
		checkAfter.UnixMilli(), now.UnixMilli(), id, TransferPending)
	if err != nil {
		return apperr.Internal(err, "reschedule transfer")
	}
	return nil
}

// finish moves a PENDING transfer to its final state; false when it was no
// longer PENDING.
func (s *transferStore) finish(ctx context.Context, id int64, status, code string, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE wallet_transfer SET status = ?, failure_code = ?, settled_at = ?, updated_at = ? WHERE id = ? AND status = ?`),
		status, code, now.UnixMilli(), now.UnixMilli(), id, TransferPending)
	if err != nil {
		return false, apperr.Internal(err, "finish transfer")
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, apperr.Internal(err, "finish transfer")
	}
	return n == 1, nil
}

// vendorsFunded lists the vendors a member has ever moved money into.
func (s *transferStore) vendorsFunded(ctx context.Context, memberID int64) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT DISTINCT vendor FROM wallet_transfer WHERE member_id = ? AND direction = ? AND status = ?`),
		memberID, DirectionIn, TransferSuccess)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
