package promotions

import (
	"context"
	"encoding/json"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

type dbRow = interface{ Scan(...any) error }

const promoCols = `id, article_id, type, title_en, title_ty, join_required, percent, rates, amount, cap, min_deposit, frequency,
	new_within_days, agent_id, vip_min_level, starts_at, ends_at, budget, spent, reward_kind, wager_multiple, max_bet, valid_days,
	claim_days, paused, winners, seed, seed_hash, drawn_at, created_at, updated_at`

func scanPromotion(row dbRow) (Promotion, error) {
	var p Promotion
	var rates string
	var join, paused int
	err := row.Scan(&p.ID, &p.ArticleID, &p.Type, &p.TitleEN, &p.TitleTY, &join, &p.Percent, &rates, &p.Amount, &p.Cap, &p.MinDeposit,
		&p.Frequency, &p.NewWithinDays, &p.AgentID, &p.VIPMinLevel, &p.StartsAt, &p.EndsAt, &p.Budget, &p.Spent, &p.RewardKind,
		&p.WagerMultiple, &p.MaxBet, &p.ValidDays, &p.ClaimDays, &paused, &p.Winners, &p.seed, &p.SeedHash, &p.DrawnAt,
		&p.CreatedAt, &p.UpdatedAt)
	if err != nil {
		return p, err
	}
	p.JoinRequired, p.Paused = join != 0, paused != 0
	if p.DrawnAt > 0 {
		p.Seed = p.seed
	}
	p.Rates = map[string]int64{}
	_ = json.Unmarshal([]byte(rates), &p.Rates)
	return p, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// listPromotions reads the promotions, newest first; of one type when typ
// is not "".
func listPromotions(ctx context.Context, d *db.DB, typ string) ([]Promotion, error) {
	q, args := `SELECT `+promoCols+` FROM promotion ORDER BY id DESC`, []any{}
	if typ != "" {
		q, args = `SELECT `+promoCols+` FROM promotion WHERE type = ? ORDER BY id DESC`, []any{typ}
	}
	rows, err := d.QueryContext(ctx, d.Rebind(q), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select promotions")
	}
	defer rows.Close()
	out := []Promotion{}
	for rows.Next() {
		p, err := scanPromotion(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan promotion")
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// listPromotionsTx is listPromotions inside a consumer's transaction.
func listPromotionsTx(ctx context.Context, tx *db.Tx, typ string) ([]Promotion, error) {
	rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT `+promoCols+` FROM promotion WHERE type = ? ORDER BY id`), typ)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Promotion
	for rows.Next() {
		p, err := scanPromotion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func getPromotion(ctx context.Context, d *db.DB, id int64) (Promotion, error) {
	p, err := scanPromotion(d.QueryRowContext(ctx, d.Rebind(`SELECT `+promoCols+` FROM promotion WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return p, ErrNotFound
	}
	if err != nil {
		return p, apperr.Internal(err, "select promotion")
	}
	return p, nil
}

func getPromotionTx(ctx context.Context, tx *db.Tx, id int64) (Promotion, error) {
	p, err := scanPromotion(tx.QueryRowContext(ctx, tx.Rebind(`SELECT `+promoCols+` FROM promotion WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return p, ErrNotFound
	}
	return p, err
}

// insertPromotion stores a new promotion and tells its id; a raffle gets
// its secret draw seed and the seed's commitment now, before it starts.
func insertPromotion(ctx context.Context, tx *db.Tx, d Draft, now int64) (int64, error) {
	var seed, hash string
	if d.Type == TypeRaffle {
		var err error
		if seed, hash, err = newSeed(); err != nil {
			return 0, err
		}
	}
	var id int64
	err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO promotion (article_id, type, title_en, title_ty, join_required, percent, rates, amount, cap,
		min_deposit, frequency, new_within_days, agent_id, vip_min_level, starts_at, ends_at, budget, spent, reward_kind, wager_multiple, max_bet,
		valid_days, claim_days, paused, winners, seed, seed_hash, drawn_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, 0, ?, ?, ?, 0, ?, ?) RETURNING id`),
		d.ArticleID, d.Type, d.TitleEN, d.TitleTY, b2i(d.JoinRequired), d.Percent, ratesJSON(d.Rates), d.Amount, d.Cap, d.MinDeposit, d.Frequency,
		d.NewWithinDays, d.AgentID, d.VIPMinLevel, d.StartsAt, d.EndsAt, d.Budget, d.RewardKind, d.WagerMultiple, d.MaxBet, d.ValidDays, d.ClaimDays,
		d.Winners, seed, hash, now, now).Scan(&id)
	return id, err
}

// updatePromotion rewrites an existing promotion's terms (its type, spent
// and pause stay).
func updatePromotion(ctx context.Context, tx *db.Tx, id int64, d Draft, now int64) error {
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE promotion SET article_id = ?, title_en = ?, title_ty = ?, join_required = ?, percent = ?, rates = ?,
		amount = ?, cap = ?, min_deposit = ?, frequency = ?, new_within_days = ?, agent_id = ?, vip_min_level = ?, starts_at = ?, ends_at = ?, budget = ?,
		reward_kind = ?, wager_multiple = ?, max_bet = ?, valid_days = ?, claim_days = ?, winners = ?, updated_at = ? WHERE id = ?`),
		d.ArticleID, d.TitleEN, d.TitleTY, b2i(d.JoinRequired), d.Percent, ratesJSON(d.Rates), d.Amount, d.Cap, d.MinDeposit, d.Frequency,
		d.NewWithinDays, d.AgentID, d.VIPMinLevel, d.StartsAt, d.EndsAt, d.Budget, d.RewardKind, d.WagerMultiple, d.MaxBet, d.ValidDays, d.ClaimDays,
		d.Winners, now, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrNotFound
	}
	return nil
}
