// Package points is the points mall (issue 32 part 6, docs/rewards.md
// "Points mall"): points earned from valid bets and deposits by the brand's
// rules per category (the stream consumer "points.earn"), never expiring,
// spent on items (bonus cash and free spins issued into the reward centre,
// physical goods an operator reviews) or converted to cash. Points are not
// money: they live in this package's tables, in an append-only history with
// one row per source fact, and the balance never goes below zero.
package points

import (
	"context"
	"log/slog"
	"strconv"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Kinds of item, and CONVERT for a conversion to cash.
const (
	KindBonusCash = "BONUS_CASH"
	KindFreeSpins = "FREE_SPINS"
	KindGoods     = "GOODS"
	KindConvert   = "CONVERT"
)

// Statuses of a redemption (spec section 4: in process, rejected, approved).
const (
	StatusInProcess = "IN_PROCESS"
	StatusApproved  = "APPROVED"
	StatusRejected  = "REJECTED"
)

// Types of a history entry.
const (
	TypeEarnBet     = "EARN_BET"
	TypeEarnDeposit = "EARN_DEPOSIT"
	TypeRedeem      = "REDEEM"
	TypeConvert     = "CONVERT"
	TypeRefund      = "REFUND"
)

// Item statuses.
const (
	ItemActive = "ACTIVE"
	ItemPaused = "PAUSED"
)

// SourcePoints is the reward centre's source of what the mall issues.
const SourcePoints = "POINTS"

var (
	ErrItemNotFound       = apperr.NotFound("points.item_not_found")
	ErrItemPaused         = apperr.Conflict("points.item_paused")
	ErrOutOfStock         = apperr.Conflict("points.out_of_stock")
	ErrNotEnough          = apperr.Conflict("points.not_enough")
	ErrConvertOff         = apperr.Conflict("points.convert_off")
	ErrRedemptionNotFound = apperr.NotFound("points.redemption_not_found")
	ErrReviewed           = apperr.Conflict("points.already_reviewed")
	ErrRealOnly           = apperr.Forbidden("reward.real_only")
)

// Passwords checks a member's payment password with the withdrawal's tries
// and lock (withdraw.Service).
type Passwords interface {
	VerifyPaymentPassword(ctx context.Context, memberID int64, password string) error
}

// Brands is the brand configuration.
type Brands interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Service is the points mall.
type Service struct {
	db        *db.DB
	brands    Brands
	passwords Passwords
	clock     clock.Clock
	logger    *slog.Logger
}

// NewService wires the points mall.
func NewService(d *db.DB, brands Brands, passwords Passwords, clk clock.Clock, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{db: d, brands: brands, passwords: passwords, clock: clk, logger: logger}
}

// Summary is a member's points.
type Summary struct {
	Balance int64 `json:"balance"`
	Earned  int64 `json:"earned"`
	Spent   int64 `json:"spent"`
}

// Balance reads a member's points (zero before the first point).
func (s *Service) Balance(ctx context.Context, member int64) (Summary, error) {
	var out Summary
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT balance, earned, spent FROM points_balance WHERE member_id = ?`), member).
		Scan(&out.Balance, &out.Earned, &out.Spent)
	if err != nil && !db.IsNoRows(err) {
		return out, apperr.Internal(err, "read points balance")
	}
	return out, nil
}

// Entry is one row of the points history, with the spec's fields
// (section 3, "Points history").
type Entry struct {
	ID             int64  `json:"id"`
	Ref            string `json:"ref"` // transaction reference number
	AppliedAt      int64  `json:"applyTime"`
	Type           string `json:"type"`
	Name           string `json:"name"`
	Quantity       int    `json:"quantity"`
	PointsRequired int64  `json:"pointsRequirement"`
	AmountRequired int64  `json:"amountRequirement"`
	Status         string `json:"status"`
	Change         int64  `json:"changedPoints"`
	Balance        int64  `json:"pointsBalance"`
	Remark         string `json:"remark"`
}

// entry is a history row to append.
type entry struct {
	key, ref, typ, name string
	quantity            int
	pointsRequired      int64
	amountRequired      int64
	redemption          int64
	change              int64
	remark              string
}

// appendTx writes an entry and moves the balance by its change, in tx: a
// key written before adds nothing (false). A debit the balance cannot cover
// answers ErrNotEnough and writes nothing.
func appendTx(ctx context.Context, tx *db.Tx, member int64, e entry, now int64) (bool, int64, error) {
	var one int
	err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT 1 FROM points_entry WHERE entry_key = ?`), e.key).Scan(&one)
	if err == nil {
		return false, 0, nil
	}
	if !db.IsNoRows(err) {
		return false, 0, err
	}
	switch {
	case e.change < 0:
		// The conditional update is the guard: it holds the member's row until
		// commit (PostgreSQL), so parallel spends of one member queue here.
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE points_balance SET balance = balance - ?, spent = spent + ?, updated_at = ?
			WHERE member_id = ? AND balance >= ?`), -e.change, -e.change, now, member, -e.change)
		if err != nil {
			return false, 0, err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return false, 0, ErrNotEnough
		}
	case e.typ == TypeRefund:
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE points_balance SET balance = balance + ?, spent = spent - ?, updated_at = ? WHERE member_id = ?`),
			e.change, e.change, now, member); err != nil {
			return false, 0, err
		}
	default:
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO points_balance (member_id, balance, earned, spent, updated_at) VALUES (?, ?, ?, 0, ?)
			ON CONFLICT (member_id) DO UPDATE SET balance = points_balance.balance + excluded.balance,
			earned = points_balance.earned + excluded.earned, updated_at = excluded.updated_at`), member, e.change, e.change, now); err != nil {
			return false, 0, err
		}
	}
	var balance int64
	if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT balance FROM points_balance WHERE member_id = ?`), member).Scan(&balance); err != nil {
		return false, 0, err
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO points_entry (entry_key, member_id, ref, type, name, quantity, points_required, amount_required,
		redemption_id, delta, balance_after, remark, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		e.key, member, e.ref, e.typ, e.name, e.quantity, e.pointsRequired, e.amountRequired, e.redemption, e.change, balance, e.remark, now)
	if err != nil {
		return false, 0, err
	}
	return true, balance, nil
}

// HistoryPage is a page of the history, newest first.
type HistoryPage struct {
	List  []Entry `json:"list"`
	Total int     `json:"total"`
}

// History pages a member's points history. An entry of a redemption (and
// the refund of a rejected one) shows the redemption's status; earned
// points are APPROVED.
func (s *Service) History(ctx context.Context, member int64, page, size int) (HistoryPage, error) {
	out := HistoryPage{List: []Entry{}}
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM points_entry WHERE member_id = ?`), member).Scan(&out.Total); err != nil {
		return out, apperr.Internal(err, "count points history")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT e.id, e.ref, e.created_at, e.type, e.name, e.quantity, e.points_required, e.amount_required,
		COALESCE(r.status, 'APPROVED'), e.delta, e.balance_after, e.remark
		FROM points_entry e LEFT JOIN points_redemption r ON r.id = e.redemption_id AND e.redemption_id > 0
		WHERE e.member_id = ? ORDER BY e.id DESC LIMIT ? OFFSET ?`), member, size, (page-1)*size)
	if err != nil {
		return out, apperr.Internal(err, "select points history")
	}
	defer rows.Close()
	for rows.Next() {
		var e Entry
		if err := rows.Scan(&e.ID, &e.Ref, &e.AppliedAt, &e.Type, &e.Name, &e.Quantity, &e.PointsRequired, &e.AmountRequired,
			&e.Status, &e.Change, &e.Balance, &e.Remark); err != nil {
			return out, apperr.Internal(err, "scan points history")
		}
		out.List = append(out.List, e)
	}
	return out, rows.Err()
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// messages are the server-side EN/TY texts of the points codes; the web has
// its own under errors.* in every language.
var messages = map[string][2]string{
	"points.item_not_found":       {"This item does not exist.", "Walang ganitong item."},
	"points.item_paused":          {"This item is not available right now.", "Hindi available ang item na ito ngayon."},
	"points.out_of_stock":         {"This item is out of stock.", "Ubos na ang stock ng item na ito."},
	"points.not_enough":           {"You do not have enough points.", "Kulang ang iyong points."},
	"points.limit_reached":        {"You have redeemed this item as many times as allowed ({limit}).", "Naabot mo na ang limitasyon ng pagpapalit sa item na ito ({limit})."},
	"points.invalid_quantity":     {"Choose a quantity from 1 to {max}.", "Pumili ng dami mula 1 hanggang {max}."},
	"points.invalid_address":      {"Enter the delivery {field} correctly.", "Ilagay nang tama ang {field} para sa delivery."},
	"points.convert_off":          {"Converting points to cash is not available.", "Hindi available ang pag-convert ng points sa cash."},
	"points.convert_min":          {"Convert at least {min} points.", "Mag-convert ng hindi bababa sa {min} points."},
	"points.convert_step":         {"Convert points in steps of {step}.", "Mag-convert ng points nang paisa-isang {step}."},
	"points.redemption_not_found": {"This redemption does not exist.", "Walang ganitong redemption."},
	"points.already_reviewed":     {"This redemption has been reviewed already.", "Na-review na ang redemption na ito."},
	"points.invalid_item":         {"Check the item's {field}.", "Suriin ang {field} ng item."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
