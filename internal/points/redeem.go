package points

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// MaxQuantity bounds one redemption.
const MaxQuantity = 10

// Address is where physical goods go.
type Address struct {
	Name    string `json:"name"`
	Phone   string `json:"phone"`
	Address string `json:"address"`
}

var phonePattern = regexp.MustCompile(`^\+?[0-9]{7,15}$`)

func (a *Address) check() error {
	if a == nil {
		return apperr.Invalid("points.invalid_address").With("field", "name")
	}
	var ok bool
	if a.Name, ok = text(a.Name, 60, true); !ok || len([]rune(a.Name)) < 2 {
		return apperr.Invalid("points.invalid_address").With("field", "name")
	}
	a.Phone = strings.ReplaceAll(strings.TrimSpace(a.Phone), " ", "")
	if !phonePattern.MatchString(a.Phone) {
		return apperr.Invalid("points.invalid_address").With("field", "phone")
	}
	if a.Address, ok = text(a.Address, 200, true); !ok || len([]rune(a.Address)) < 5 {
		return apperr.Invalid("points.invalid_address").With("field", "address")
	}
	return nil
}

// RedeemRequest is a member's redemption of an item.
type RedeemRequest struct {
	ItemID          int64    `json:"itemId"`
	Quantity        int      `json:"quantity"`
	PaymentPassword string   `json:"paymentPassword"`
	Address         *Address `json:"address,omitempty"`
}

// ConvertRequest is a member's conversion of points to cash.
type ConvertRequest struct {
	Points          int64  `json:"points"`
	PaymentPassword string `json:"paymentPassword"`
}

// Redemption is one redemption or conversion.
type Redemption struct {
	ID         int64    `json:"id"`
	Ref        string   `json:"ref"`
	MemberID   int64    `json:"memberId"`
	ItemID     int64    `json:"itemId"`
	Kind       string   `json:"kind"`
	Name       string   `json:"name"`
	Quantity   int      `json:"quantity"`
	Points     int64    `json:"points"`
	Amount     int64    `json:"amount"`
	Status     string   `json:"status"`
	Address    *Address `json:"address"`
	Reason     string   `json:"reason"`
	ReviewedBy int64    `json:"reviewedBy"`
	ReviewedAt int64    `json:"reviewedAt"`
	CreatedAt  int64    `json:"createdAt"`
	// Replayed: the request's key had made it before; nothing new happened.
	Replayed bool `json:"replayed,omitempty"`
}

const redemptionCols = `id, ref, member_id, item_id, kind, name, quantity, points, amount, status, address, reason, reviewed_by, reviewed_at, created_at`

func scanRedemption(row interface{ Scan(...any) error }) (Redemption, error) {
	var r Redemption
	var addr string
	err := row.Scan(&r.ID, &r.Ref, &r.MemberID, &r.ItemID, &r.Kind, &r.Name, &r.Quantity, &r.Points, &r.Amount, &r.Status, &addr, &r.Reason,
		&r.ReviewedBy, &r.ReviewedAt, &r.CreatedAt)
	if err == nil && addr != "" {
		r.Address = &Address{}
		_ = json.Unmarshal([]byte(addr), r.Address)
	}
	return r, err
}

func (s *Service) redemptionBy(ctx context.Context, q db.Querier, where string, arg any) (Redemption, bool, error) {
	r, err := scanRedemption(q.QueryRowContext(ctx, s.db.Rebind(`SELECT `+redemptionCols+` FROM points_redemption WHERE `+where), arg))
	if db.IsNoRows(err) {
		return Redemption{}, false, nil
	}
	if err != nil {
		return Redemption{}, false, apperr.Internal(err, "read redemption")
	}
	return r, true, nil
}

// replay answers the redemption a request key made before.
func (s *Service) replay(ctx context.Context, member int64, key string) (Redemption, bool, error) {
	r, found, err := s.redemptionBy(ctx, s.db, `request_key = ?`, fmt.Sprintf("%d:%s", member, key))
	r.Replayed = found
	return r, found, err
}

// Redeem spends points on an item, exactly once per request key: the shape
// is checked, then the payment password (the withdrawal's tries and lock; a
// wrong one changes nothing), then one transaction takes the points (never
// below zero), one of the stock (never below zero), checks the member's
// limit and writes the redemption and its history entry. Bonus cash and
// free spins are issued into the reward centre in that transaction and are
// APPROVED at once; goods wait IN_PROCESS for an operator.
func (s *Service) Redeem(ctx context.Context, member int64, key string, req RedeemRequest, lang string) (Redemption, error) {
	if req.Quantity == 0 {
		req.Quantity = 1
	}
	if req.Quantity < 1 || req.Quantity > MaxQuantity {
		return Redemption{}, apperr.Invalid("points.invalid_quantity").With("max", MaxQuantity)
	}
	it, err := s.item(ctx, s.db, req.ItemID)
	if err != nil {
		return Redemption{}, err
	}
	if it.Status != ItemActive {
		return Redemption{}, ErrItemPaused
	}
	var addr string
	if it.Kind == KindGoods {
		if err := req.Address.check(); err != nil {
			return Redemption{}, err
		}
		b, _ := json.Marshal(req.Address)
		addr = string(b)
	}
	if err := s.passwords.VerifyPaymentPassword(ctx, member, req.PaymentPassword); err != nil {
		return Redemption{}, err
	}
	if r, found, err := s.replay(ctx, member, key); err != nil || found {
		return r, err
	}
	b, err := s.brands.Current(ctx)
	if err != nil {
		return Redemption{}, err
	}
	now := s.clock.Now()
	cost := it.Points * int64(req.Quantity)
	value := it.Value() * int64(req.Quantity)
	status := StatusApproved
	if it.Kind == KindGoods {
		status = StatusInProcess
	}
	name := it.worded(lang).Name
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		id, err = insertRedemption(ctx, tx, member, key, it.ID, it.Kind, name, req.Quantity, cost, value, status, addr, now)
		if err != nil {
			return err
		}
		if _, _, err := appendTx(ctx, tx, member, entry{key: fmt.Sprintf("redeem:%d", id), ref: refOf(id), typ: TypeRedeem, name: it.NameEN,
			quantity: req.Quantity, pointsRequired: it.Points, amountRequired: value, redemption: id, change: -cost}, now.UnixMilli()); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE points_item SET stock = CASE WHEN stock = -1 THEN -1 ELSE stock - ? END
			WHERE id = ? AND status = 'ACTIVE' AND (stock = -1 OR stock >= ?)`), req.Quantity, it.ID, req.Quantity)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrOutOfStock
		}
		if it.MemberLimit > 0 {
			var held int
			if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COALESCE(SUM(quantity), 0) FROM points_redemption
				WHERE member_id = ? AND item_id = ? AND status <> 'REJECTED'`), member, it.ID).Scan(&held); err != nil {
				return err
			}
			if held > it.MemberLimit {
				return apperr.Conflict("points.limit_reached").With("limit", it.MemberLimit)
			}
		}
		if it.Kind == KindGoods {
			return nil
		}
		return rewards.IssueTx(ctx, tx, s.rewardOf(b.Currency.Code, b.Rewards.Points.PointsClaimDays(), b.Rewards.Welcome.Weights,
			b.Rewards.Welcome.MaxBet, id, member, it, value, req.Quantity), now)
	})
	if err != nil {
		if db.IsUniqueViolation(err) { // the same key, in parallel: the other made it
			if r, found, err2 := s.replay(ctx, member, key); err2 == nil && found {
				return r, nil
			}
		}
		return Redemption{}, wrap(err, "redeem")
	}
	r, _, err := s.redemptionBy(ctx, s.db, `id = ?`, id)
	return r, err
}

// rewardOf is the reward an item's redemption issues (docs/rewards.md
// "Points mall"): bonus cash is CASH, or a BONUS with the welcome bonus's
// weights and maximum bet when the item sets a wager multiple; free spins
// are a BONUS of spins × bet that only in-house games wager (weight BGS
// 100 %), with bets up to the spin bet, valid 7 days.
func (s *Service) rewardOf(currency string, claimDays int, weights map[string]int64, maxBet int64, id, member int64, it Item, value int64, qty int) rewards.Issue {
	now := s.clock.Now()
	title := it.NameEN
	titleTY := it.NameTY
	if qty > 1 {
		title, titleTY = fmt.Sprintf("%s × %d", title, qty), fmt.Sprintf("%s × %d", titleTY, qty)
	}
	in := rewards.Issue{Key: fmt.Sprintf("points:redeem:%d", id), MemberID: member, Currency: currency, Source: SourcePoints,
		TitleEN: "Points mall: " + title, TitleTY: "Points mall: " + titleTY, Amount: value, Kind: rewards.KindCash,
		ClaimBy: now.Add(time.Duration(claimDays) * 24 * time.Hour)}
	switch {
	case it.Kind == KindFreeSpins:
		in.Kind, in.WagerMultiple, in.WagerRequired, in.MaxBet, in.ValidDays = rewards.KindBonus, it.WagerMultiple, value*it.WagerMultiple, it.Amount, 7
		in.Weights = map[string]int64{gamewallet.InhouseWeight: 10000}
	case it.WagerMultiple > 0:
		in.Kind, in.WagerMultiple, in.WagerRequired, in.MaxBet, in.ValidDays = rewards.KindBonus, it.WagerMultiple, value*it.WagerMultiple, maxBet, 30
		in.Weights = weights
	}
	return in
}

func refOf(id int64) string { return fmt.Sprintf("PM%08d", id) }

func insertRedemption(ctx context.Context, tx *db.Tx, member int64, key string, item int64, kind, name string, qty int, points, amount int64,
	status, addr string, now time.Time) (int64, error) {
	rk := fmt.Sprintf("%d:%s", member, key)
	var id int64
	if err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO points_redemption (ref, request_key, member_id, item_id, kind, name, quantity, points, amount,
		status, address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		"pending:"+rk, rk, member, item, kind, name, qty, points, amount, status, addr, now.UnixMilli()).Scan(&id); err != nil {
		return 0, err
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE points_redemption SET ref = ? WHERE id = ?`), refOf(id), id)
	return id, err
}

// wrap keeps coded errors and hides the rest.
func wrap(err error, what string) error {
	var e *apperr.Error
	if errors.As(err, &e) && e.Kind != apperr.KindInternal {
		return e
	}
	return apperr.Internal(err, "%s", what)
}

// Convert turns points into a CASH reward at the brand's rate: a whole
// number of Convert.Points, at least MinPoints; password-checked and once
// per request key as Redeem is.
func (s *Service) Convert(ctx context.Context, member int64, key string, req ConvertRequest) (Redemption, error) {
	b, err := s.brands.Current(ctx)
	if err != nil {
		return Redemption{}, err
	}
	c := b.Rewards.Points.Convert
	if c.Points <= 0 || c.Amount <= 0 {
		return Redemption{}, ErrConvertOff
	}
	if req.Points < max(c.MinPoints, c.Points) {
		return Redemption{}, apperr.Invalid("points.convert_min").With("min", max(c.MinPoints, c.Points))
	}
	if req.Points%c.Points != 0 || req.Points > MaxItemPoints {
		return Redemption{}, apperr.Invalid("points.convert_step").With("step", c.Points)
	}
	if err := s.passwords.VerifyPaymentPassword(ctx, member, req.PaymentPassword); err != nil {
		return Redemption{}, err
	}
	if r, found, err := s.replay(ctx, member, key); err != nil || found {
		return r, err
	}
	amount := req.Points / c.Points * c.Amount
	now := s.clock.Now()
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		id, err = insertRedemption(ctx, tx, member, key, 0, KindConvert, "Points to cash", 1, req.Points, amount, StatusApproved, "", now)
		if err != nil {
			return err
		}
		if _, _, err := appendTx(ctx, tx, member, entry{key: fmt.Sprintf("redeem:%d", id), ref: refOf(id), typ: TypeConvert, name: "Points to cash",
			quantity: 1, pointsRequired: req.Points, amountRequired: amount, redemption: id, change: -req.Points}, now.UnixMilli()); err != nil {
			return err
		}
		return rewards.IssueTx(ctx, tx, rewards.Issue{Key: fmt.Sprintf("points:convert:%d", id), MemberID: member, Currency: b.Currency.Code,
			Source: SourcePoints, TitleEN: fmt.Sprintf("Points to cash (%d points)", req.Points), TitleTY: fmt.Sprintf("Points ginawang cash (%d points)", req.Points),
			Amount: amount, Kind: rewards.KindCash, ClaimBy: now.Add(time.Duration(b.Rewards.Points.PointsClaimDays()) * 24 * time.Hour)}, now)
	})
	if err != nil {
		if db.IsUniqueViolation(err) {
			if r, found, err2 := s.replay(ctx, member, key); err2 == nil && found {
				return r, nil
			}
		}
		return Redemption{}, wrap(err, "convert points")
	}
	r, _, err := s.redemptionBy(ctx, s.db, `id = ?`, id)
	return r, err
}

// RedemptionPage is a page of redemptions, newest first.
type RedemptionPage struct {
	List  []Redemption `json:"list"`
	Total int          `json:"total"`
}

// Redemptions pages a member's redemptions (member > 0), or everyone's in
// a status for the console (member 0; status "" for all).
func (s *Service) Redemptions(ctx context.Context, member int64, status string, page, size int) (RedemptionPage, error) {
	where, args := `1 = 1`, []any{}
	if member > 0 {
		where, args = where+` AND member_id = ?`, append(args, member)
	}
	if status != "" {
		where, args = where+` AND status = ?`, append(args, status)
	}
	out := RedemptionPage{List: []Redemption{}}
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM points_redemption WHERE `+where), args...).Scan(&out.Total); err != nil {
		return out, apperr.Internal(err, "count redemptions")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+redemptionCols+` FROM points_redemption WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?`),
		append(args, size, (page-1)*size)...)
	if err != nil {
		return out, apperr.Internal(err, "select redemptions")
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanRedemption(rows)
		if err != nil {
			return out, apperr.Internal(err, "scan redemption")
		}
		out.List = append(out.List, r)
	}
	return out, rows.Err()
}

// Approve approves a redemption waiting for review (physical goods).
func (s *Service) Approve(ctx context.Context, id, operator int64) (Redemption, error) {
	now := s.clock.Now().UnixMilli()
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE points_redemption SET status = 'APPROVED', reviewed_by = ?, reviewed_at = ?
		WHERE id = ? AND status = 'IN_PROCESS'`), operator, now, id)
	if err != nil {
		return Redemption{}, apperr.Internal(err, "approve redemption")
	}
	return s.reviewed(ctx, res, id)
}

// Reject rejects a redemption waiting for review and gives its points and
// stock back, exactly once: the conditional move out of IN_PROCESS and the
// refund's entry key (refund:<id>) are in one transaction.
func (s *Service) Reject(ctx context.Context, id, operator int64, reason string) (Redemption, error) {
	now := s.clock.Now().UnixMilli()
	var res interface{ RowsAffected() (int64, error) }
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE points_redemption SET status = 'REJECTED', reason = ?, reviewed_by = ?, reviewed_at = ?
			WHERE id = ? AND status = 'IN_PROCESS'`), reason, operator, now, id)
		if err != nil {
			return err
		}
		res = r
		if n, _ := r.RowsAffected(); n != 1 {
			return nil
		}
		red, found, err := s.redemptionBy(ctx, tx, `id = ?`, id)
		if err != nil || !found {
			return errors.Join(err, ErrRedemptionNotFound)
		}
		if _, _, err := appendTx(ctx, tx, red.MemberID, entry{key: fmt.Sprintf("refund:%d", id), ref: red.Ref, typ: TypeRefund, name: red.Name,
			quantity: red.Quantity, redemption: id, change: red.Points, remark: reason}, now); err != nil {
			return err
		}
		if red.ItemID > 0 {
			_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE points_item SET stock = stock + ? WHERE id = ? AND stock >= 0`), red.Quantity, red.ItemID)
		}
		return err
	})
	if err != nil {
		return Redemption{}, wrap(err, "reject redemption")
	}
	return s.reviewed(ctx, res, id)
}

func (s *Service) reviewed(ctx context.Context, res interface{ RowsAffected() (int64, error) }, id int64) (Redemption, error) {
	r, found, err := s.redemptionBy(ctx, s.db, `id = ?`, id)
	if err != nil {
		return Redemption{}, err
	}
	if !found {
		return Redemption{}, ErrRedemptionNotFound
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return r, ErrReviewed
	}
	return r, nil
}
