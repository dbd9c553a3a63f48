package withdraw

import (
	"context"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// SharedPayoutTx lists the other members holding a payout account (bank and
// number, removed ones included) that memberID holds or held, read in tx (a
// stream consumer's transaction: the abuse flags of docs/rewards.md).
func SharedPayoutTx(ctx context.Context, tx *db.Tx, memberID int64, limit int) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT DISTINCT o.member_id
		FROM withdraw_account a JOIN withdraw_account o ON o.account_number = a.account_number AND o.bank_code = a.bank_code
		WHERE a.member_id = ? AND o.member_id <> ? ORDER BY o.member_id LIMIT ?`), memberID, memberID, limit)
	if err != nil {
		return nil, apperr.Internal(err, "select shared payout accounts")
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, apperr.Internal(err, "scan shared payout account")
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
