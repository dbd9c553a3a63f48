package transfervendor

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// The sandbox vendor's bet history (docs/vendor-transfer.md, "Rounds"):
// every round Play settles is kept in sandbox_vendor_round with a sequence
// number per vendor, and the rounds call serves them after a cursor, which
// here is that sequence number in decimal ("" = before the first round).

// errBadCursor is a cursor this vendor never handed out.
var errBadCursor = errors.New("transfervendor: bad cursor")

// recordRound adds a settled round to the vendor's history inside the
// round's transaction. The sequence number comes from the vendor's counter
// row, updated (so locked) until the transaction commits: the next round
// gets its number only after this one is visible, so rounds become visible
// in sequence order and a reader's cursor never passes a round still to
// commit.
func recordRound(ctx context.Context, tx *db.Tx, vendor string, r vendorwallet.VendorRound) error {
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO sandbox_vendor_round_seq (vendor, seq) VALUES (?, 0) ON CONFLICT (vendor) DO NOTHING`), vendor); err != nil {
		return err
	}
	var seq int64
	if err := tx.QueryRowContext(ctx, tx.Rebind(`UPDATE sandbox_vendor_round_seq SET seq = seq + 1 WHERE vendor = ? RETURNING seq`), vendor).Scan(&seq); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO sandbox_vendor_round (vendor, seq, round_id, player, game_code, currency, bet, valid_bet, win, status, started_at, ended_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`), vendor, seq, r.RoundID, r.Player, r.GameCode, r.Currency, r.Bet, r.ValidBet, r.Win, r.Status, r.StartedAt, r.EndedAt)
	return err
}

// rounds answers the rounds call: at most limit rounds after the cursor
// since, oldest first.
func (s *Store) rounds(ctx context.Context, vendor, since string, limit int) (vendorwallet.RoundsAnswer, error) {
	var after int64
	if since != "" {
		n, err := strconv.ParseInt(since, 10, 64)
		if err != nil || n < 0 || strconv.FormatInt(n, 10) != since {
			return vendorwallet.RoundsAnswer{}, errBadCursor
		}
		after = n
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT seq, round_id, player, game_code, currency, bet, valid_bet, win, status, started_at, ended_at
		FROM sandbox_vendor_round WHERE vendor = ? AND seq > ? ORDER BY seq LIMIT ?`), vendor, after, limit+1)
	if err != nil {
		return vendorwallet.RoundsAnswer{}, fmt.Errorf("sandbox vendor %s rounds: %w", vendor, err)
	}
	defer rows.Close()
	out := vendorwallet.RoundsAnswer{Rounds: []vendorwallet.VendorRound{}, Next: since}
	for rows.Next() {
		var seq int64
		var r vendorwallet.VendorRound
		if err := rows.Scan(&seq, &r.RoundID, &r.Player, &r.GameCode, &r.Currency, &r.Bet, &r.ValidBet, &r.Win, &r.Status, &r.StartedAt, &r.EndedAt); err != nil {
			return vendorwallet.RoundsAnswer{}, fmt.Errorf("sandbox vendor %s rounds: %w", vendor, err)
		}
		if len(out.Rounds) == limit {
			out.More = true
			break
		}
		out.Rounds = append(out.Rounds, r)
		out.Next = strconv.FormatInt(seq, 10)
	}
	if err := rows.Err(); err != nil {
		return vendorwallet.RoundsAnswer{}, fmt.Errorf("sandbox vendor %s rounds: %w", vendor, err)
	}
	return out, nil
}
