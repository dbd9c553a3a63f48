package promotions

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/content"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// The console's side (docs/rewards.md "Promotions engine", console): the
// promotions with their spending, create, edit, pause and resume, and the
// applications' review queue.

// ChangeAuditor writes one operator audit row (operator.Service).
type ChangeAuditor interface {
	AuditChange(ctx context.Context, c operator.Caller, action, targetType, targetID, reason string, before, after any) error
}

// Ops is the console's promotions service.
type Ops struct {
	s       *Service
	auditor ChangeAuditor
	costs   Costs
}

// NewOps wires the console's promotions service.
func NewOps(s *Service, auditor ChangeAuditor) *Ops { return &Ops{s: s, auditor: auditor} }

// OpsList is the console's list: the promotions and the brand's currency.
type OpsList struct {
	Items      []Promotion `json:"items"`
	Pending    int         `json:"pending"` // applications waiting for review
	Currency   string      `json:"currency"`
	Decimals   int         `json:"decimals"`
	Categories []string    `json:"categories"`
	VIP        bool        `json:"vip"` // the VIP hook is wired: a promotion may ask for a level
}

// List reads every promotion, newest first.
func (o *Ops) List(ctx context.Context) (OpsList, error) {
	ps, err := listPromotions(ctx, o.s.db, "")
	if err != nil {
		return OpsList{}, err
	}
	b, err := o.s.brands.Current(ctx)
	if err != nil {
		return OpsList{}, err
	}
	out := OpsList{Items: ps, Currency: b.Currency.Code, Decimals: b.Currency.Decimals, Categories: Categories, VIP: o.s.vip != nil}
	if err := o.s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM promotion_application WHERE status = 'PENDING'`).Scan(&out.Pending); err != nil {
		return out, apperr.Internal(err, "count applications")
	}
	return out, nil
}

// checkArticle refuses a link to an article that is not a promotion.
func (o *Ops) checkArticle(ctx context.Context, id int64) error {
	if id == 0 || o.s.articles == nil {
		return nil
	}
	a, ok, err := o.s.articles.Promotion(ctx, id)
	if err != nil {
		return err
	}
	if !ok || a.Type != content.TypePromotion {
		return ErrArticleNotFound.With("id", id)
	}
	return nil
}

// Create stores a new promotion.
func (o *Ops) Create(ctx context.Context, op operator.Caller, d Draft) (Promotion, error) {
	d.Normalize()
	if err := d.Validate(o.s.vip != nil); err != nil {
		return Promotion{}, err
	}
	if err := o.checkArticle(ctx, d.ArticleID); err != nil {
		return Promotion{}, err
	}
	var id int64
	err := o.s.inTx(ctx, "create promotion", func(tx *db.Tx) error {
		var err error
		id, err = insertPromotion(ctx, tx, d, o.s.clock.Now().UnixMilli())
		return err
	})
	if err != nil {
		return Promotion{}, err
	}
	p, err := getPromotion(ctx, o.s.db, id)
	if err != nil {
		return p, err
	}
	return p, o.auditor.AuditChange(ctx, op, "promotion.create", "promotion", strconv.FormatInt(id, 10), "", nil, p)
}

// Update rewrites a promotion's terms; its type cannot change.
func (o *Ops) Update(ctx context.Context, op operator.Caller, id int64, d Draft) (Promotion, error) {
	before, err := getPromotion(ctx, o.s.db, id)
	if err != nil {
		return before, err
	}
	d.Normalize()
	if d.Type != before.Type {
		return before, invalid("type")
	}
	if before.DrawnAt > 0 {
		return before, ErrDrawn
	}
	if err := d.Validate(o.s.vip != nil); err != nil {
		return before, err
	}
	if d.Budget > 0 && d.Budget < before.Spent {
		return before, invalid("budget")
	}
	if err := o.checkArticle(ctx, d.ArticleID); err != nil {
		return before, err
	}
	err = o.s.inTx(ctx, "update promotion", func(tx *db.Tx) error { return updatePromotion(ctx, tx, id, d, o.s.clock.Now().UnixMilli()) })
	if err != nil {
		return before, err
	}
	after, err := getPromotion(ctx, o.s.db, id)
	if err != nil {
		return after, err
	}
	return after, o.auditor.AuditChange(ctx, op, "promotion.update", "promotion", strconv.FormatInt(id, 10), "", before, after)
}

// SetPaused pauses or resumes a promotion: paused, it takes no joins,
// applications or deposits, and pays no cashback.
func (o *Ops) SetPaused(ctx context.Context, op operator.Caller, id int64, paused bool) (Promotion, error) {
	before, err := getPromotion(ctx, o.s.db, id)
	if err != nil {
		return before, err
	}
	if _, err := o.s.db.ExecContext(ctx, o.s.db.Rebind(`UPDATE promotion SET paused = ?, updated_at = ? WHERE id = ?`),
		b2i(paused), o.s.clock.Now().UnixMilli(), id); err != nil {
		return before, apperr.Internal(err, "pause promotion")
	}
	after, err := getPromotion(ctx, o.s.db, id)
	if err != nil {
		return after, err
	}
	action := "promotion.resume"
	if paused {
		action = "promotion.pause"
	}
	return after, o.auditor.AuditChange(ctx, op, action, "promotion", strconv.FormatInt(id, 10), "", before.Paused, after.Paused)
}

// ApplicationPage is a page of the review queue.
type ApplicationPage struct {
	Items    []Application `json:"items"`
	Total    int           `json:"total"`
	Currency string        `json:"currency"`
	Decimals int           `json:"decimals"`
}

const appCols = `a.id, a.promotion_id, p.title_en, a.member_id, a.period_key, a.remark, a.status, a.amount, a.reason, a.images, p.cap, a.created_at, a.decided_at, a.operator_id`

func scanApplication(row dbRow) (Application, error) {
	var a Application
	err := row.Scan(&a.ID, &a.PromotionID, &a.Promotion, &a.MemberID, &a.Period, &a.Remark, &a.Status, &a.Amount, &a.Reason, &a.Images, &a.Cap,
		&a.CreatedAt, &a.DecidedAt, &a.OperatorID)
	return a, err
}

// Applications pages the applications of one status (PENDING first come
// first served; decided ones newest first).
func (o *Ops) Applications(ctx context.Context, status string, page, size int) (ApplicationPage, error) {
	b, err := o.s.brands.Current(ctx)
	if err != nil {
		return ApplicationPage{}, err
	}
	out := ApplicationPage{Items: []Application{}, Currency: b.Currency.Code, Decimals: b.Currency.Decimals}
	if err := o.s.db.QueryRowContext(ctx, o.s.db.Rebind(`SELECT COUNT(*) FROM promotion_application WHERE status = ?`), status).Scan(&out.Total); err != nil {
		return out, apperr.Internal(err, "count applications")
	}
	order := "a.id DESC"
	if status == AppPending {
		order = "a.id"
	}
	rows, err := o.s.db.QueryContext(ctx, o.s.db.Rebind(`SELECT `+appCols+` FROM promotion_application a JOIN promotion p ON p.id = a.promotion_id
		WHERE a.status = ? ORDER BY `+order+` LIMIT ? OFFSET ?`), status, size, (page-1)*size)
	if err != nil {
		return out, apperr.Internal(err, "select applications")
	}
	defer rows.Close()
	ids := []int64{}
	for rows.Next() {
		a, err := scanApplication(rows)
		if err != nil {
			return out, apperr.Internal(err, "scan application")
		}
		out.Items = append(out.Items, a)
		ids = append(ids, a.MemberID)
	}
	if err := rows.Err(); err != nil {
		return out, apperr.Internal(err, "read applications")
	}
	ms, err := o.s.members.MembersByID(ctx, ids)
	if err != nil {
		return out, apperr.Internal(err, "read members")
	}
	for i := range out.Items {
		out.Items[i].Account = ms[out.Items[i].MemberID].Account
	}
	return out, nil
}

func (o *Ops) application(ctx context.Context, id int64) (Application, error) {
	a, err := scanApplication(o.s.db.QueryRowContext(ctx, o.s.db.Rebind(`SELECT `+appCols+` FROM promotion_application a JOIN promotion p ON p.id = a.promotion_id
		WHERE a.id = ?`), id))
	if db.IsNoRows(err) {
		return a, ErrAppNotFound
	}
	if err != nil {
		return a, apperr.Internal(err, "select application")
	}
	return a, nil
}

// Approve approves a pending application with amount (1 to the
// promotion's cap) and issues it, exactly once: the application moves
// PENDING -> APPROVED by one conditional update in the same transaction as
// the grant (a concurrent approval finds it decided; a budget that cannot
// cover it undoes both).
func (o *Ops) Approve(ctx context.Context, op operator.Caller, id, amount int64) (Application, error) {
	a, err := o.application(ctx, id)
	if err != nil {
		return a, err
	}
	if a.Status != AppPending {
		return a, ErrDecided
	}
	if amount < 1 || amount > a.Cap {
		return a, ErrInvalidAmount.With("max", a.Cap)
	}
	_, b, err := o.s.zone(ctx)
	if err != nil {
		return a, err
	}
	now := o.s.clock.Now()
	err = o.s.inTx(ctx, "approve application", func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE promotion_application SET status = 'APPROVED', amount = ?, operator_id = ?, decided_at = ?
			WHERE id = ? AND status = 'PENDING'`), amount, op.ID, now.UnixMilli(), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrDecided
		}
		p, err := getPromotionTx(ctx, tx, a.PromotionID)
		if err != nil {
			return err
		}
		return o.s.grantTx(ctx, tx, p, a.MemberID, a.Period, amount, b, now)
	})
	if err != nil {
		return a, err
	}
	after, err := o.application(ctx, id)
	if err != nil {
		return after, err
	}
	return after, o.auditor.AuditChange(ctx, op, "promotion.application.approve", "promotion_application", strconv.FormatInt(id, 10), "", a, after)
}

// Reject rejects a pending application with a reason the player sees.
func (o *Ops) Reject(ctx context.Context, op operator.Caller, id int64, reason string) (Application, error) {
	reason = strings.TrimSpace(reason)
	if n := utf8.RuneCountInString(reason); n < MinReason || n > MaxReason {
		return Application{}, ErrInvalidReason
	}
	a, err := o.application(ctx, id)
	if err != nil {
		return a, err
	}
	res, err := o.s.db.ExecContext(ctx, o.s.db.Rebind(`UPDATE promotion_application SET status = 'REJECTED', reason = ?, operator_id = ?, decided_at = ?
		WHERE id = ? AND status = 'PENDING'`), reason, op.ID, o.s.clock.Now().UnixMilli(), id)
	if err != nil {
		return a, apperr.Internal(err, "reject application")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return a, ErrDecided
	}
	after, err := o.application(ctx, id)
	if err != nil {
		return after, err
	}
	return after, o.auditor.AuditChange(ctx, op, "promotion.application.reject", "promotion_application", strconv.FormatInt(id, 10), reason, a, after)
}
