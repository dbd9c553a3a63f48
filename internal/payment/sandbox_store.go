package payment

import (
	"context"
	"encoding/json"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// sandboxStore is the sandbox provider's own books (sandbox_payment,
// sandbox_payout): what a real provider keeps on its side.
type sandboxStore struct{ db *db.DB }

// Sandbox payment states.
const (
	sandboxOpen = "OPEN"
)

type sandboxPayment struct {
	Ref       string
	OrderNo   string
	Amount    int64
	Currency  string
	Decimals  int
	ReturnURL string
	NotifyURL string
	Status    string // OPEN, PAID, FAILED
	TokenHash string
}

// createPayment stores a payment once per order number and returns the stored one.
func (s *sandboxStore) createPayment(ctx context.Context, p sandboxPayment, now time.Time) (sandboxPayment, error) {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO sandbox_payment (ref, order_no, amount, currency, decimals,
		return_url, notify_url, status, token_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?)
		ON CONFLICT (order_no) DO NOTHING`), p.Ref, p.OrderNo, p.Amount, p.Currency, p.Decimals, p.ReturnURL, p.NotifyURL,
		sandboxOpen, now.UnixMilli(), now.UnixMilli()); err != nil {
		return p, apperr.Internal(err, "insert sandbox payment")
	}
	return s.payment(ctx, "order_no", p.OrderNo)
}

func (s *sandboxStore) payment(ctx context.Context, col, v string) (sandboxPayment, error) {
	var p sandboxPayment
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT ref, order_no, amount, currency, decimals, return_url, notify_url,
		status, token_hash FROM sandbox_payment WHERE `+col+` = ?`), v).
		Scan(&p.Ref, &p.OrderNo, &p.Amount, &p.Currency, &p.Decimals, &p.ReturnURL, &p.NotifyURL, &p.Status, &p.TokenHash)
	if db.IsNoRows(err) {
		return p, apperr.NotFound("sandbox.unknown_payment")
	}
	if err != nil {
		return p, apperr.Internal(err, "read sandbox payment")
	}
	return p, nil
}

// setToken replaces the page token of an open payment.
func (s *sandboxStore) setToken(ctx context.Context, ref, hash string, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE sandbox_payment SET token_hash = ?, updated_at = ?
		WHERE ref = ? AND status = ?`), hash, now.UnixMilli(), ref, sandboxOpen); err != nil {
		return apperr.Internal(err, "set sandbox token")
	}
	return nil
}

// decide moves an open payment whose token matches to status, spending the
// token; false when the token was spent or the payment decided already.
func (s *sandboxStore) decide(ctx context.Context, ref, hash, status string, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE sandbox_payment SET status = ?, token_hash = '', updated_at = ?
		WHERE ref = ? AND status = ? AND token_hash = ? AND token_hash <> ''`), status, now.UnixMilli(), ref, sandboxOpen, hash)
	if err != nil {
		return false, apperr.Internal(err, "decide sandbox payment")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

type sandboxPayout struct {
	OrderNo  string
	Ref      string
	Amount   int64
	Currency string
	Status   string
}

// createPayout stores a payout once per order number and returns the stored one.
func (s *sandboxStore) createPayout(ctx context.Context, p sandboxPayout, acct PayoutAccount, now time.Time) (sandboxPayout, error) {
	a, _ := json.Marshal(acct)
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO sandbox_payout (order_no, ref, amount, currency, account, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (order_no) DO NOTHING`), p.OrderNo, p.Ref, p.Amount, p.Currency, string(a), p.Status, now.UnixMilli()); err != nil {
		return p, apperr.Internal(err, "insert sandbox payout")
	}
	return s.payout(ctx, p.OrderNo)
}

func (s *sandboxStore) payout(ctx context.Context, orderNo string) (sandboxPayout, error) {
	var p sandboxPayout
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT order_no, ref, amount, currency, status FROM sandbox_payout WHERE order_no = ?`), orderNo).
		Scan(&p.OrderNo, &p.Ref, &p.Amount, &p.Currency, &p.Status)
	if db.IsNoRows(err) {
		return p, ErrUnknownPayout
	}
	if err != nil {
		return p, apperr.Internal(err, "read sandbox payout")
	}
	return p, nil
}
