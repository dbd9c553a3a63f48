package gamewallet

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the game wallet's SQL for SQLite and PostgreSQL.
type Store struct {
	db *db.DB
}

// NewStore returns the store.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// session is a stored game session.
type session struct {
	MemberID  int64
	Vendor    string
	GameCode  string
	NodeID    int64
	Currency  string
	ExpiresAt int64
	LastSeen  int64
}

// txRow is a stored callback answer.
type txRow struct {
	Vendor, TxID, Kind string
	MemberID           int64
	RoundID            string
	Amount             int64
	RequestHash        string
	Status             string // OK, ERROR, ROLLED_BACK
	HTTPStatus         int
	Response           string
	PostingID          int64
	RolledBack         bool
	CreatedAt          int64
}

const (
	txOK         = "OK"
	txError      = "ERROR"
	txRolledBack = "ROLLED_BACK" // a bet rolled back before we saw it
)

func (s *Store) insertSession(ctx context.Context, hash string, ss session, now int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO game_session (token_hash, member_id, vendor, game_code, node_id, currency, created_at, expires_at, last_seen)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`), hash, ss.MemberID, ss.Vendor, ss.GameCode, ss.NodeID, ss.Currency, now, ss.ExpiresAt, now)
	if err != nil {
		return apperr.Internal(err, "insert game session")
	}
	return nil
}

func (s *Store) session(ctx context.Context, hash string) (session, bool, error) {
	var ss session
	err := s.queryRow(ctx, s.db, `SELECT member_id, vendor, game_code, node_id, currency, expires_at, last_seen FROM game_session WHERE token_hash = ?`, hash).
		Scan(&ss.MemberID, &ss.Vendor, &ss.GameCode, &ss.NodeID, &ss.Currency, &ss.ExpiresAt, &ss.LastSeen)
	if db.IsNoRows(err) {
		return ss, false, nil
	}
	if err != nil {
		return ss, false, apperr.Internal(err, "select game session")
	}
	return ss, true, nil
}

func (s *Store) touchSession(ctx context.Context, hash string, now int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE game_session SET last_seen = ? WHERE token_hash = ?`), now, hash)
	if err != nil {
		return apperr.Internal(err, "touch game session")
	}
	return nil
}

// purgeSessions deletes sessions expired before cutoff.
func (s *Store) purgeSessions(ctx context.Context, cutoff int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM game_session WHERE expires_at < ?`), cutoff)
	if err != nil {
		return apperr.Internal(err, "purge game sessions")
	}
	return nil
}

const txCols = `vendor, tx_id, kind, member_id, round_id, amount, request_hash, status, http_status, response, posting_id, rolled_back, created_at`

func scanTx(row interface{ Scan(...any) error }) (txRow, error) {
	var t txRow
	var rb int
	err := row.Scan(&t.Vendor, &t.TxID, &t.Kind, &t.MemberID, &t.RoundID, &t.Amount, &t.RequestHash, &t.Status, &t.HTTPStatus, &t.Response, &t.PostingID, &rb, &t.CreatedAt)
	t.RolledBack = rb != 0
	return t, err
}

func (s *Store) tx(ctx context.Context, q db.Querier, vendor, txID string) (txRow, bool, error) {
	t, err := scanTx(s.queryRow(ctx, q, `SELECT `+txCols+` FROM seamless_tx WHERE vendor = ? AND tx_id = ?`, vendor, txID))
	if db.IsNoRows(err) {
		return t, false, nil
	}
	if err != nil {
		return t, false, apperr.Internal(err, "select seamless tx")
	}
	return t, true, nil
}

// insertTx stores an answer; false when the id was stored before (a
// concurrent duplicate won).
func (s *Store) insertTx(ctx context.Context, q db.Querier, t txRow) (bool, error) {
	rb := 0
	if t.RolledBack {
		rb = 1
	}
	res, err := s.exec(ctx, q, `INSERT INTO seamless_tx (`+txCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (vendor, tx_id) DO NOTHING`,
		t.Vendor, t.TxID, t.Kind, t.MemberID, t.RoundID, t.Amount, t.RequestHash, t.Status, t.HTTPStatus, t.Response, t.PostingID, rb, t.CreatedAt)
	if err != nil {
		return false, apperr.Internal(err, "insert seamless tx")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func (s *Store) markRolledBack(ctx context.Context, q db.Querier, vendor, txID string) error {
	_, err := q.ExecContext(ctx, s.db.Rebind(`UPDATE seamless_tx SET rolled_back = 1 WHERE vendor = ? AND tx_id = ?`), vendor, txID)
	if err != nil {
		return apperr.Internal(err, "mark seamless tx rolled back")
	}
	return nil
}

const roundCols = `id, vendor, round_id, member_id, node_id, game_code, game_type, currency, bet, valid_bet, win, jackpot, wins, status, started_at, updated_at, ended_at`

// roundRow is a round with what the rules need beyond Round.
type roundRow struct {
	Round
	Wins      int
	UpdatedAt int64
}

func scanRound(row interface{ Scan(...any) error }) (roundRow, error) {
	var r roundRow
	var jp int
	var started, updated, ended int64
	err := row.Scan(&r.ID, &r.Vendor, &r.RoundID, &r.MemberID, &r.NodeID, &r.GameCode, &r.GameType, &r.Currency, &r.Bet, &r.ValidBet, &r.Win, &jp, &r.Wins, &r.Status, &started, &updated, &ended)
	r.Jackpot = jp != 0
	r.StartedAt = time.UnixMilli(started)
	r.UpdatedAt = updated
	if ended > 0 {
		r.EndedAt = time.UnixMilli(ended)
	}
	return r, err
}

func (s *Store) round(ctx context.Context, q db.Querier, vendor, roundID string) (roundRow, bool, error) {
	r, err := scanRound(s.queryRow(ctx, q, `SELECT `+roundCols+` FROM game_round WHERE vendor = ? AND round_id = ?`, vendor, roundID))
	if db.IsNoRows(err) {
		return r, false, nil
	}
	if err != nil {
		return r, false, apperr.Internal(err, "select game round")
	}
	return r, true, nil
}

// lookupCols are the columns of lookup: whether the transaction id is
// stored and its row, then whether the round is and its row (zeros where
// there is none), so one statement answers both.
var lookupCols = `CASE WHEN t.tx_id IS NULL THEN 0 ELSE 1 END, ` + coalesced("t", txCols) +
	`, CASE WHEN r.id IS NULL THEN 0 ELSE 1 END, ` + coalesced("r", roundCols)

// coalesced lists cols of alias as COALESCE(alias.col, zero): the empty
// string for the text columns, else 0.
func coalesced(alias, cols string) string {
	var b strings.Builder
	for i, c := range strings.Split(cols, ", ") {
		if i > 0 {
			b.WriteString(", ")
		}
		zero := "0"
		if textCols[c] {
			zero = "''"
		}
		b.WriteString("COALESCE(" + alias + "." + c + ", " + zero + ")")
	}
	return b.String()
}

// textCols are the text columns of seamless_tx and game_round.
var textCols = map[string]bool{"vendor": true, "tx_id": true, "kind": true, "round_id": true, "request_hash": true, "status": true,
	"response": true, "game_code": true, "game_type": true, "currency": true}

// lookup reads a callback's transaction id and its round in one statement
// (one round trip on PostgreSQL): the first tells a replay, the second
// decides the rules.
func (s *Store) lookup(ctx context.Context, q db.Querier, vendor, txID, roundID string) (txRow, bool, roundRow, bool, error) {
	return scanLookup(s.queryRow(ctx, q, `SELECT `+lookupCols+` FROM (SELECT 1 AS one) o
		LEFT JOIN seamless_tx t ON t.vendor = ? AND t.tx_id = ?
		LEFT JOIN game_round r ON r.vendor = ? AND r.round_id = ?`, vendor, txID, vendor, roundID))
}

func scanLookup(row interface{ Scan(...any) error }) (t txRow, seen bool, r roundRow, exists bool, err error) {
	var hasTx, hasRound, rb, jp int
	var started, updated, ended int64
	err = row.Scan(&hasTx, &t.Vendor, &t.TxID, &t.Kind, &t.MemberID, &t.RoundID, &t.Amount, &t.RequestHash, &t.Status, &t.HTTPStatus, &t.Response, &t.PostingID, &rb, &t.CreatedAt,
		&hasRound, &r.ID, &r.Vendor, &r.RoundID, &r.MemberID, &r.NodeID, &r.GameCode, &r.GameType, &r.Currency, &r.Bet, &r.ValidBet, &r.Win, &jp, &r.Wins, &r.Status, &started, &updated, &ended)
	if err != nil {
		return t, false, r, false, apperr.Internal(err, "select seamless tx and round")
	}
	t.RolledBack = rb != 0
	r.Jackpot = jp != 0
	r.StartedAt, r.UpdatedAt = time.UnixMilli(started), updated
	if ended > 0 {
		r.EndedAt = time.UnixMilli(ended)
	}
	return t, hasTx == 1, r, hasRound == 1, nil
}

// addBet opens the round or adds a bet to it (it is OPEN: the caller checked
// under the round's lock).
func (s *Store) addBet(ctx context.Context, q db.Querier, r Round, amount, now int64) error {
	_, err := s.exec(ctx, q, `INSERT INTO game_round (vendor, round_id, member_id, node_id, game_code, game_type, currency, bet, valid_bet, status, started_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (vendor, round_id) DO UPDATE SET bet = game_round.bet + excluded.bet, valid_bet = game_round.valid_bet + excluded.valid_bet, updated_at = excluded.updated_at`,
		r.Vendor, r.RoundID, r.MemberID, r.NodeID, r.GameCode, r.GameType, r.Currency, amount, amount, StatusOpen, now, now)
	if err != nil {
		return apperr.Internal(err, "add bet to round")
	}
	return nil
}

// addBetWin opens a round played in one call, COMPLETED with its bet and
// win (or, when it exists after all, adds them to it and closes it); it
// returns the round as it now stands.
func (s *Store) addBetWin(ctx context.Context, q db.Querier, r Round, bet, win, now int64) (roundRow, error) {
	row, err := scanRound(s.queryRow(ctx, q, `INSERT INTO game_round (vendor, round_id, member_id, node_id, game_code, game_type, currency, bet, valid_bet, win, wins, status, started_at, updated_at, ended_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
		ON CONFLICT (vendor, round_id) DO UPDATE SET `+betWinConflict+` RETURNING `+roundCols,
		r.Vendor, r.RoundID, r.MemberID, r.NodeID, r.GameCode, r.GameType, r.Currency, bet, bet, win, StatusCompleted, now, now, now))
	if err != nil {
		return row, apperr.Internal(err, "open a round with its bet and win")
	}
	return row, nil
}

// addWin credits a win to a round and, when end, completes it; it returns
// the round as it now stands (the round-ended hooks get it without a read).
func (s *Store) addWin(ctx context.Context, q db.Querier, id, amount int64, jackpot, end bool, now int64) (roundRow, error) {
	jp := 0
	if jackpot {
		jp = 1
	}
	query := `UPDATE game_round SET win = win + ?, wins = wins + 1, jackpot = CASE WHEN ? = 1 THEN 1 ELSE jackpot END, updated_at = ? WHERE id = ? RETURNING ` + roundCols
	args := []any{amount, jp, now, id}
	if end {
		query = `UPDATE game_round SET win = win + ?, wins = wins + 1, jackpot = CASE WHEN ? = 1 THEN 1 ELSE jackpot END, updated_at = ?, status = ?, ended_at = ? WHERE id = ? RETURNING ` + roundCols
		args = []any{amount, jp, now, StatusCompleted, now, id}
	}
	r, err := scanRound(s.queryRow(ctx, q, query, args...))
	if err != nil {
		return r, apperr.Internal(err, "add win to round")
	}
	return r, nil
}

// cancelRound marks a round rolled back whole (a bet and win, settled
// when it was played): nothing bet counts and nothing is won. Its
// rollback fact is written in tx.
func (s *Store) cancelRound(ctx context.Context, tx *db.Tx, id, now int64) error {
	settled, err := scanRound(s.queryRow(ctx, tx, `SELECT `+roundCols+` FROM game_round WHERE id = ?`, id))
	if err != nil {
		return apperr.Internal(err, "read round to cancel")
	}
	r, err := scanRound(s.queryRow(ctx, tx, `UPDATE game_round SET valid_bet = 0, win = 0, status = ?, updated_at = ?, ended_at = ? WHERE id = ? RETURNING `+roundCols,
		StatusCancelled, now, now, id))
	if err != nil {
		return apperr.Internal(err, "cancel round")
	}
	return roundRolledBack(ctx, tx, r.Round, settled.Round)
}

func (s *Store) refund(ctx context.Context, q db.Querier, id, amount, now int64) error {
	_, err := q.ExecContext(ctx, s.db.Rebind(`UPDATE game_round SET valid_bet = valid_bet - ?, updated_at = ? WHERE id = ?`), amount, now, id)
	if err != nil {
		return apperr.Internal(err, "refund round")
	}
	return nil
}

// endRound closes an OPEN round (COMPLETED when anything was bet or won,
// else CANCELLED) and writes its fact, in one transaction; idleBefore > 0
// closes it only when it has been idle since before then. It reports
// whether this call closed it, and the round as it then stands.
func (s *Store) endRound(ctx context.Context, id, now, idleBefore int64) (roundRow, bool, error) {
	query := `UPDATE game_round SET status = CASE WHEN valid_bet > 0 OR win > 0 THEN ? ELSE ? END, ended_at = ?, updated_at = ? WHERE id = ? AND status = ?`
	args := []any{StatusCompleted, StatusCancelled, now, now, id, StatusOpen}
	if idleBefore > 0 {
		query += ` AND updated_at < ?`
		args = append(args, idleBefore)
	}
	var r roundRow
	closed := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		r, err = scanRound(tx.QueryRowContext(ctx, tx.Rebind(query+` RETURNING `+roundCols), args...))
		if db.IsNoRows(err) {
			closed = false
			return nil
		}
		if err != nil {
			return apperr.Internal(err, "end round")
		}
		closed = true
		return roundEnded(ctx, tx, r.Round)
	})
	return r, closed, err
}

func (s *Store) roundByID(ctx context.Context, id int64) (roundRow, error) {
	r, err := scanRound(s.queryRow(ctx, s.db, `SELECT `+roundCols+` FROM game_round WHERE id = ?`, id))
	if err != nil {
		return r, apperr.Internal(err, "select game round")
	}
	return r, nil
}

// idleRounds lists OPEN rounds without a callback since before cutoff. The
// status is written in the query, not bound: only then may the planners use
// the partial index of the OPEN rounds (game_round_open, migration 0020).
const idleRoundsSQL = `SELECT ` + roundCols + ` FROM game_round WHERE status = '` + StatusOpen + `' AND updated_at < ? ORDER BY updated_at LIMIT ?`

func (s *Store) idleRounds(ctx context.Context, cutoff int64, limit int) ([]roundRow, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(idleRoundsSQL), cutoff, limit)
	if err != nil {
		return nil, apperr.Internal(err, "select idle rounds")
	}
	defer rows.Close()
	var out []roundRow
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan idle round")
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// where builds the filter of a member's rounds.
func roundWhere(q RoundQuery) (string, []any) {
	var b strings.Builder
	var args []any
	if len(q.MemberIDs) > 0 {
		b.WriteString(` WHERE member_id IN (` + strings.TrimSuffix(strings.Repeat("?, ", len(q.MemberIDs)), ", ") + `)`)
		for _, id := range q.MemberIDs {
			args = append(args, id)
		}
	} else {
		b.WriteString(` WHERE member_id = ?`)
		args = append(args, q.MemberID)
	}
	b.WriteString(` AND started_at >= ? AND started_at < ?`)
	args = append(args, q.From.UnixMilli(), q.To.UnixMilli())
	if q.GameType != "" {
		b.WriteString(` AND game_type = ?`)
		args = append(args, q.GameType)
	}
	if q.Vendor != "" {
		b.WriteString(` AND vendor = ?`)
		args = append(args, q.Vendor)
	}
	if q.Status != "" {
		b.WriteString(` AND status = ?`)
		args = append(args, q.Status)
	}
	return b.String(), args
}

func (s *Store) rounds(ctx context.Context, q RoundQuery) ([]Round, int, error) {
	where, args := roundWhere(q)
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM game_round`+where), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count rounds")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+roundCols+` FROM game_round`+where+` ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`), append(args, q.Limit, q.Offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "select rounds")
	}
	defer rows.Close()
	out := []Round{}
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			return nil, 0, apperr.Internal(err, "scan round")
		}
		out = append(out, r.Round)
	}
	return out, total, rows.Err()
}

func (s *Store) totals(ctx context.Context, q RoundQuery) (Totals, error) {
	where, args := roundWhere(q)
	var t Totals
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*), COALESCE(SUM(bet), 0), COALESCE(SUM(valid_bet), 0), COALESCE(SUM(win), 0) FROM game_round`+where), args...).
		Scan(&t.Rounds, &t.Bet, &t.ValidBet, &t.Win)
	if err != nil {
		return t, apperr.Internal(err, "sum rounds")
	}
	t.Profit = t.Win - t.ValidBet
	return t, nil
}

// profitByDay groups COMPLETED rounds by day (started_at shifted by
// offsetMs, cut at UTC midnight) and category.
func (s *Store) profitByDay(ctx context.Context, memberID, from, to, offsetMs int64) ([]DayProfit, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT d, game_type, COUNT(*), SUM(bet), SUM(valid_bet), SUM(win) FROM (
		SELECT (started_at + ?) / 86400000 AS d, game_type, bet, valid_bet, win
		FROM game_round WHERE member_id = ? AND started_at >= ? AND started_at < ? AND status = ?) x
		GROUP BY d, game_type ORDER BY d DESC, game_type`), offsetMs, memberID, from, to, StatusCompleted)
	if err != nil {
		return nil, apperr.Internal(err, "profit by day")
	}
	defer rows.Close()
	out := []DayProfit{}
	for rows.Next() {
		var day int64
		var p DayProfit
		if err := rows.Scan(&day, &p.GameType, &p.Rounds, &p.Bet, &p.ValidBet, &p.Win); err != nil {
			return nil, apperr.Internal(err, "scan profit by day")
		}
		p.Day = time.UnixMilli(day * 86400000).UTC().Format(time.DateOnly)
		p.Profit = p.Win - p.ValidBet
		out = append(out, p)
	}
	return out, rows.Err()
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// validBets sums ValidBet over a member's COMPLETED rounds in a currency
// ended at or after since (Service.ValidBets holds the rule).
func (s *Store) validBets(ctx context.Context, memberID int64, currency string, since int64) (int64, error) {
	var sum int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COALESCE(SUM(valid_bet), 0) FROM game_round
		WHERE member_id = ? AND status = ? AND currency = ? AND ended_at >= ?`), memberID, StatusCompleted, currency, since).Scan(&sum)
	if err != nil {
		return 0, apperr.Internal(err, "sum valid bets")
	}
	return sum, nil
}
