package transfervendor

import (
	"context"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Transaction kinds in sandbox_vendor_tx.
const (
	kindDeposit  = "DEPOSIT"
	kindWithdraw = "WITHDRAW"
	kindClosed   = "CLOSED" // a status query for an id never seen
)

// Store is the sandbox vendor's own books (sandbox_vendor_wallet,
// sandbox_vendor_tx), apart from the platform's ledger.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// apply runs a deposit or withdrawal once per (vendor, txId): a repeated id
// answers the stored outcome; a repeated id with another player, kind or
// amount is refused (tx_mismatch) without being stored. decline refuses the
// transaction (stored as FAILED) instead of applying it.
func (s *Store) apply(ctx context.Context, vendor, kind string, req vendorwallet.TxRequest, decline bool, now time.Time) (vendorwallet.TxAnswer, error) {
	var out vendorwallet.TxAnswer
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		// The wallet row is locked first, so a concurrent request with the
		// same id waits here and then sees the first one's row.
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO sandbox_vendor_wallet (vendor, player, currency, balance, updated_at)
			VALUES (?, ?, ?, 0, ?) ON CONFLICT (vendor, player) DO NOTHING`), vendor, req.Player, req.Currency, now.UnixMilli()); err != nil {
			return err
		}
		q := `SELECT currency, balance FROM sandbox_vendor_wallet WHERE vendor = ? AND player = ?`
		if tx.Dialect() == db.Postgres {
			q += ` FOR UPDATE`
		}
		var cur string
		var bal int64
		if err := tx.QueryRowContext(ctx, tx.Rebind(q), vendor, req.Player).Scan(&cur, &bal); err != nil {
			return err
		}
		prev, found, err := findTx(ctx, tx, vendor, req.TxID)
		if err != nil {
			return err
		}
		if found {
			if prev.kind != kind || prev.player != req.Player || prev.amount != req.Amount {
				out = vendorwallet.TxAnswer{TxID: req.TxID, Status: vendorwallet.StatusFailed, Code: codeFor(prev)}
				return nil
			}
			out = prev.answer()
			return nil
		}
		status, code, after := vendorwallet.StatusSuccess, "", bal
		switch {
		case cur != req.Currency:
			status, code = vendorwallet.StatusFailed, "currency_mismatch"
		case decline:
			status, code = vendorwallet.StatusFailed, "declined"
		case kind == kindWithdraw && bal < req.Amount:
			status, code = vendorwallet.StatusFailed, vendorwallet.CodeInsufficientFunds
		case kind == kindWithdraw:
			after = bal - req.Amount
		default:
			after = bal + req.Amount
		}
		if after != bal {
			if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE sandbox_vendor_wallet SET balance = ?, updated_at = ? WHERE vendor = ? AND player = ?`),
				after, now.UnixMilli(), vendor, req.Player); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO sandbox_vendor_tx (vendor, tx_id, kind, player, amount, currency, status, code, balance_after, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`), vendor, req.TxID, kind, req.Player, req.Amount, req.Currency, string(status), code, after, now.UnixMilli()); err != nil {
			return err
		}
		out = vendorwallet.TxAnswer{TxID: req.TxID, Status: status, Code: code, Amount: req.Amount, Balance: after}
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("sandbox vendor %s %s: %w", vendor, kind, err)
	}
	return out, nil
}

// codeFor is the refusal of a reused id: a closed id stays closed.
func codeFor(prev storedTx) string {
	if prev.kind == kindClosed {
		return vendorwallet.CodeTxClosed
	}
	return vendorwallet.CodeTxMismatch
}

// status answers a status query. An id never seen is closed: recorded, so a
// request with it arriving later is refused, and answered NOT_FOUND.
func (s *Store) status(ctx context.Context, vendor, txID string, now time.Time) (vendorwallet.TxAnswer, error) {
	var out vendorwallet.TxAnswer
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO sandbox_vendor_tx (vendor, tx_id, kind, player, amount, currency, status, code, balance_after, created_at)
			VALUES (?, ?, ?, '', 0, '', ?, ?, 0, ?) ON CONFLICT (vendor, tx_id) DO NOTHING`),
			vendor, txID, kindClosed, string(vendorwallet.StatusFailed), vendorwallet.CodeTxClosed, now.UnixMilli()); err != nil {
			return err
		}
		prev, _, err := findTx(ctx, tx, vendor, txID)
		if err != nil {
			return err
		}
		out = prev.answer()
		if prev.kind == kindClosed {
			out = vendorwallet.TxAnswer{TxID: txID, Status: vendorwallet.StatusNotFound, Code: vendorwallet.CodeTxClosed}
		}
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("sandbox vendor %s status: %w", vendor, err)
	}
	return out, nil
}

// balance is a player's balance (0 for a player never seen).
func (s *Store) balance(ctx context.Context, vendor, player string) (int64, error) {
	var bal int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT balance FROM sandbox_vendor_wallet WHERE vendor = ? AND player = ?`), vendor, player).Scan(&bal)
	if db.IsNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("sandbox vendor %s balance: %w", vendor, err)
	}
	return bal, nil
}

type storedTx struct {
	txID, kind, player, status, code string
	amount, balanceAfter             int64
}

func (t storedTx) answer() vendorwallet.TxAnswer {
	return vendorwallet.TxAnswer{TxID: t.txID, Status: vendorwallet.Status(t.status), Code: t.code, Amount: t.amount, Balance: t.balanceAfter}
}

func findTx(ctx context.Context, tx *db.Tx, vendor, txID string) (storedTx, bool, error) {
	t := storedTx{txID: txID}
	err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT kind, player, amount, status, code, balance_after FROM sandbox_vendor_tx WHERE vendor = ? AND tx_id = ?`),
		vendor, txID).Scan(&t.kind, &t.player, &t.amount, &t.status, &t.code, &t.balanceAfter)
	if db.IsNoRows(err) {
		return t, false, nil
	}
	return t, err == nil, err
}
