package inhouse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the game server's SQL (SQLite and PostgreSQL alike).
type Store struct {
	db    *db.DB
	done  completions
	opens openings
	fast  fastInserts
}

func NewStore(d *db.DB) *Store {
	s := &Store{db: d, done: completions{gather: completionGather, hurry: make(chan struct{}, 1)}}
	s.fast.queue.Max, s.fast.queue.Handle = maxFastGroup, s.insertFastBatch
	return s
}

// seedRow is one seed pair.
type seedRow struct {
	ID         int64
	MemberID   int64
	ServerSeed string
	Hash       string
	ClientSeed string
	Nonce      int64 // the next nonce (rounds played so far)
	RevealedAt int64
}

// roundRow is a stored round with its seed pair's public part.
type roundRow struct {
	ID             int64
	MemberID       int64
	Game           string
	GameCode       string
	NodeID         int64
	Currency       string
	Amount         int64
	Win            int64
	Multiplier     int64
	State          string
	Params         string
	Outcome        string
	SeedID         int64
	Nonce          int64
	JPContribution int64
	JPHit          bool
	JPWin          int64
	Key            string
	RequestHash    string
	Balance        int64
	Version        int64
	CreatedAt      int64
	UpdatedAt      int64
	EndedAt        int64
	// from the seed pair
	SeedHash   string
	ClientSeed string
	ServerSeed string // "" unless revealed
}

// errReplay aborts a round's insert transaction: the member sent this
// Idempotency-Key before.
var errReplay = errors.New("inhouse: idempotency key seen")

// errNoSeed: the member has no active seed pair yet.
var errNoSeed = errors.New("inhouse: no active seed pair")

// --- seeds ---

// takeNonce reserves the next nonce of the member's active pair: one atomic
// UPDATE ... RETURNING, so concurrent rounds (on any instance) never share a
// nonce. It returns the pair with the nonce to use.
func (s *Store) takeNonce(ctx context.Context, tx *db.Tx, memberID int64) (seedRow, error) {
	var r seedRow
	err := s.txQueryRow(ctx, tx, `UPDATE inhouse_seed SET nonce = nonce + 1 WHERE active_member = ?
		RETURNING id, member_id, server_seed, server_seed_hash, client_seed, nonce - 1`, memberID).
		Scan(&r.ID, &r.MemberID, &r.ServerSeed, &r.Hash, &r.ClientSeed, &r.Nonce)
	if db.IsNoRows(err) {
		return r, errNoSeed
	}
	if err != nil {
		return r, apperr.Internal(err, "take nonce")
	}
	return r, nil
}

// returnNonce undoes takeNonce in the same transaction (the round was not inserted).
func (s *Store) returnNonce(ctx context.Context, tx *db.Tx, seedID int64) error {
	if _, err := s.txExec(ctx, tx, `UPDATE inhouse_seed SET nonce = nonce - 1 WHERE id = ?`, seedID); err != nil {
		return apperr.Internal(err, "return nonce")
	}
	return nil
}

// insertSeed makes a pair the member's active one unless one exists.
func (s *Store) insertSeed(ctx context.Context, q db.Querier, r seedRow, now int64) error {
	_, err := q.ExecContext(ctx, s.db.Rebind(`INSERT INTO inhouse_seed (member_id, server_seed, server_seed_hash, client_seed, nonce, active_member, created_at)
		VALUES (?, ?, ?, ?, 0, ?, ?) ON CONFLICT (active_member) DO NOTHING`), r.MemberID, r.ServerSeed, r.Hash, r.ClientSeed, r.MemberID, now)
	if err != nil {
		return apperr.Internal(err, "insert seed pair")
	}
	return nil
}

const seedCols = `id, member_id, server_seed, server_seed_hash, client_seed, nonce, revealed_at`

func scanSeed(row interface{ Scan(...any) error }) (seedRow, error) {
	var r seedRow
	err := row.Scan(&r.ID, &r.MemberID, &r.ServerSeed, &r.Hash, &r.ClientSeed, &r.Nonce, &r.RevealedAt)
	return r, err
}

// activeSeed is the member's active pair (errNoSeed when none).
func (s *Store) activeSeed(ctx context.Context, q db.Querier, memberID int64) (seedRow, error) {
	r, err := scanSeed(q.QueryRowContext(ctx, s.db.Rebind(`SELECT `+seedCols+` FROM inhouse_seed WHERE active_member = ?`), memberID))
	if db.IsNoRows(err) {
		return r, errNoSeed
	}
	if err != nil {
		return r, apperr.Internal(err, "read seed pair")
	}
	return r, nil
}

// lastRevealed is the member's most recently rotated pair (ok false: none).
func (s *Store) lastRevealed(ctx context.Context, memberID int64) (seedRow, bool, error) {
	r, err := scanSeed(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+seedCols+` FROM inhouse_seed
		WHERE member_id = ? AND active_member IS NULL ORDER BY id DESC LIMIT 1`), memberID))
	if db.IsNoRows(err) {
		return r, false, nil
	}
	if err != nil {
		return r, false, apperr.Internal(err, "read revealed seed pair")
	}
	return r, true, nil
}

// revealActive retires the member's active pair (it locks the row first on
// PostgreSQL, so a round starting at the same time is either before the
// rotation, and seen by openRounds, or after it, on the new pair).
func (s *Store) revealActive(ctx context.Context, tx *db.Tx, memberID, now int64) (bool, error) {
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE inhouse_seed SET active_member = NULL, revealed_at = ? WHERE active_member = ?`), now, memberID)
	if err != nil {
		return false, apperr.Internal(err, "reveal seed pair")
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// unfinished counts a member's unfinished rounds of some games.
func (s *Store) unfinished(ctx context.Context, q db.Querier, memberID int64, games ...string) (int, error) {
	args := []any{memberID}
	for _, g := range games {
		args = append(args, g)
	}
	var n int
	err := q.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM inhouse_round WHERE member_id = ? AND state IN ('PENDING', 'OPEN', 'SETTLING', 'REFUNDING')
		AND game IN (`+placeholders(len(games))+`)`), args...).Scan(&n)
	if err != nil {
		return 0, apperr.Internal(err, "count open rounds")
	}
	return n, nil
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// --- rounds ---

const roundCols = `r.id, r.member_id, r.game, r.game_code, r.node_id, r.currency, r.amount, r.win, r.multiplier, r.state, r.params, r.outcome,
	COALESCE(r.seed_id, 0), r.nonce, r.jp_contribution, r.jp_hit, r.jp_win, r.idem_key, r.request_hash, r.balance, r.version, r.created_at, r.updated_at, r.ended_at,
	COALESCE(s.server_seed_hash, ''), COALESCE(s.client_seed, ''), CASE WHEN s.active_member IS NULL THEN COALESCE(s.server_seed, '') ELSE '' END`

const roundFrom = ` FROM inhouse_round r LEFT JOIN inhouse_seed s ON s.id = r.seed_id`

func scanRound(row interface{ Scan(...any) error }) (roundRow, error) {
	var r roundRow
	var hit int
	err := row.Scan(&r.ID, &r.MemberID, &r.Game, &r.GameCode, &r.NodeID, &r.Currency, &r.Amount, &r.Win, &r.Multiplier, &r.State, &r.Params, &r.Outcome,
		&r.SeedID, &r.Nonce, &r.JPContribution, &hit, &r.JPWin, &r.Key, &r.RequestHash, &r.Balance, &r.Version, &r.CreatedAt, &r.UpdatedAt, &r.EndedAt,
		&r.SeedHash, &r.ClientSeed, &r.ServerSeed)
	r.JPHit = hit != 0
	return r, err
}

// insertRound adds a round unless the member used its key before
// (inserted false).
func (s *Store) insertRound(ctx context.Context, tx *db.Tx, r *roundRow) (bool, error) {
	var seed any
	if r.SeedID > 0 {
		seed = r.SeedID
	}
	err := s.txQueryRow(ctx, tx, `INSERT INTO inhouse_round (member_id, game, game_code, node_id, currency, amount, win, multiplier, state,
		params, outcome, seed_id, nonce, jp_contribution, jp_hit, jp_win, idem_key, request_hash, balance, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?)
		ON CONFLICT (member_id, idem_key) DO NOTHING RETURNING id`,
		r.MemberID, r.Game, r.GameCode, r.NodeID, r.Currency, r.Amount, r.Win, r.Multiplier, r.State,
		r.Params, r.Outcome, seed, r.Nonce, r.JPContribution, b2i(r.JPHit), r.JPWin, r.Key, r.RequestHash, r.CreatedAt, r.CreatedAt).Scan(&r.ID)
	if db.IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Internal(err, "insert round")
	}
	r.UpdatedAt = r.CreatedAt
	return true, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *Store) round(ctx context.Context, id int64) (roundRow, error) {
	r, err := scanRound(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+roundCols+roundFrom+` WHERE r.id = ?`), id))
	if db.IsNoRows(err) {
		return r, apperr.NotFound("inhouse.unknown_round")
	}
	if err != nil {
		return r, apperr.Internal(err, "read round")
	}
	return r, nil
}

func (s *Store) roundByKey(ctx context.Context, memberID int64, key string) (roundRow, error) {
	r, err := scanRound(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+roundCols+roundFrom+` WHERE r.member_id = ? AND r.idem_key = ?`), memberID, key))
	if db.IsNoRows(err) {
		return r, apperr.NotFound("inhouse.unknown_round")
	}
	if err != nil {
		return r, apperr.Internal(err, "read round")
	}
	return r, nil
}

// change is a conditional update of a round: it applies only while the
// round is in one of the from states (and at Version when it is >= 0), and
// bumps the version. ok false: the round moved on meanwhile.
type change struct {
	ID         int64
	From       []string
	Version    int64 // -1: any
	State      string
	Win        *int64
	Multiplier *int64
	Outcome    *string
	JPWin      *int64
	Balance    *int64
	Ended      bool
	Now        int64
}

func (s *Store) apply(ctx context.Context, q db.Querier, c change) (bool, error) {
	set := []string{"state = ?", "version = version + 1", "updated_at = ?"}
	args := []any{c.State, c.Now}
	if c.State == stateCancelled {
		// The bet went back: nothing was won, whatever the draw decided.
		var zero int64
		c.Win, c.Multiplier = &zero, &zero
	}
	if c.Win != nil {
		set, args = append(set, "win = ?"), append(args, *c.Win)
	}
	if c.Multiplier != nil {
		set, args = append(set, "multiplier = ?"), append(args, *c.Multiplier)
	}
	if c.Outcome != nil {
		set, args = append(set, "outcome = ?"), append(args, *c.Outcome)
	}
	if c.JPWin != nil {
		set, args = append(set, "jp_win = ?"), append(args, *c.JPWin)
	}
	if c.Balance != nil {
		set, args = append(set, "balance = ?"), append(args, *c.Balance)
	}
	if c.Ended {
		set, args = append(set, "ended_at = ?"), append(args, c.Now)
	}
	where := " WHERE id = ? AND state IN (" + placeholders(len(c.From)) + ")"
	args = append(args, c.ID)
	for _, f := range c.From {
		args = append(args, f)
	}
	if c.Version >= 0 {
		where += " AND version = ?"
		args = append(args, c.Version)
	}
	res, err := q.ExecContext(ctx, s.db.Rebind(`UPDATE inhouse_round SET `+strings.Join(set, ", ")+where), args...)
	if err != nil {
		return false, apperr.Internal(err, "update round")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// deletePending removes a round whose bet was refused (nothing moved), so
// recall does not list it and its key may be sent again.
func (s *Store) deletePending(ctx context.Context, id int64) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM inhouse_round WHERE id = ? AND state = 'PENDING'`), id); err != nil {
		return apperr.Internal(err, "delete refused round")
	}
	return nil
}

// rounds lists a member's rounds, newest first, and counts them. PENDING
// rounds (a bet in flight) are left out.
func (s *Store) rounds(ctx context.Context, memberID int64, game string, offset, limit int) ([]roundRow, int, error) {
	where := ` WHERE r.member_id = ? AND r.state <> 'PENDING'`
	args := []any{memberID}
	if game != "" {
		where += ` AND r.game = ?`
		args = append(args, game)
	}
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM inhouse_round r`+where), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count rounds")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+roundCols+roundFrom+where+` ORDER BY r.id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "list rounds")
	}
	out, err := collect(rows)
	return out, total, err
}

func collect(rows *sql.Rows) ([]roundRow, error) {
	defer rows.Close()
	out := []roundRow{}
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan round")
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "list rounds")
	}
	return out, nil
}

// active lists a member's unfinished rounds (oldest first).
func (s *Store) active(ctx context.Context, memberID int64) ([]roundRow, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+roundCols+roundFrom+
		` WHERE r.member_id = ? AND r.state IN ('OPEN', 'SETTLING', 'REFUNDING') ORDER BY r.id`), memberID)
	if err != nil {
		return nil, apperr.Internal(err, "list active rounds")
	}
	return collect(rows)
}

// staleSQL lists the rounds of an unfinished state (written in, see stale)
// not updated since a time, of nGames games when nGames > 0.
func staleSQL(state string, nGames int) string {
	// The IN term repeats the index's predicate: SQLite uses a partial index
	// only for a query whose WHERE holds its predicate's terms as written.
	where := ` WHERE r.state = '` + state + `' AND r.state IN ('PENDING', 'OPEN', 'SETTLING', 'REFUNDING') AND r.updated_at < ?`
	if nGames > 0 {
		where += ` AND r.game IN (` + placeholders(nGames) + `)`
	}
	return `SELECT ` + roundCols + roundFrom + where + ` ORDER BY r.updated_at LIMIT ?`
}

// stale lists up to limit rounds in a state not updated since before (oldest first).
//
// The state is written in the query, not bound: only then may the planners
// use the partial index of unfinished rounds (inhouse_round_unfinished,
// migration 0020). It is one of the unfinished states, never input.
func (s *Store) stale(ctx context.Context, state string, games []string, before int64, limit int) ([]roundRow, error) {
	switch state {
	case statePending, stateOpen, stateSettling, stateRefunding:
	default:
		return nil, apperr.Internal(fmt.Errorf("not an unfinished state %q", state), "stale rounds")
	}
	args := []any{before}
	for _, g := range games {
		args = append(args, g)
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(staleSQL(state, len(games))), append(args, limit)...)
	if err != nil {
		return nil, apperr.Internal(err, "list stale rounds")
	}
	return collect(rows)
}

// --- idempotent answers of actions on an existing round ---

type requestRow struct {
	Hash     string
	Response string // "" while the first request runs
}

// claimRequest records that the member's key is being used for a request
// with hash; claimed false returns what was stored under the key before.
func (s *Store) claimRequest(ctx context.Context, memberID int64, key, hash string, now int64) (bool, requestRow, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO inhouse_request (member_id, idem_key, request_hash, response, created_at)
		VALUES (?, ?, ?, '', ?) ON CONFLICT (member_id, idem_key) DO NOTHING`), memberID, key, hash, now)
	if err != nil {
		return false, requestRow{}, apperr.Internal(err, "claim request")
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, requestRow{}, nil
	}
	r, err := s.request(ctx, memberID, key)
	return false, r, err
}

func (s *Store) request(ctx context.Context, memberID int64, key string) (requestRow, error) {
	var r requestRow
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT request_hash, response FROM inhouse_request WHERE member_id = ? AND idem_key = ?`), memberID, key).
		Scan(&r.Hash, &r.Response)
	if err != nil {
		return r, apperr.Internal(err, "read request")
	}
	return r, nil
}

func (s *Store) finishRequest(ctx context.Context, memberID int64, key, response string) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE inhouse_request SET response = ? WHERE member_id = ? AND idem_key = ?`), response, memberID, key); err != nil {
		return apperr.Internal(err, "store answer")
	}
	return nil
}

// dropRequest frees a key whose request was refused (nothing happened).
func (s *Store) dropRequest(ctx context.Context, memberID int64, key string) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM inhouse_request WHERE member_id = ? AND idem_key = ? AND response = ''`), memberID, key); err != nil {
		return apperr.Internal(err, "drop request")
	}
	return nil
}

// setExternalOutcome replaces the outcome of a round without a seed pair.
func (s *Store) setExternalOutcome(ctx context.Context, id int64, outcome string) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE inhouse_round SET outcome = ? WHERE id = ? AND seed_id IS NULL`), outcome, id)
	if err != nil {
		return apperr.Internal(err, "set round outcome")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("inhouse.unknown_round")
	}
	return nil
}

// pruneRequests forgets the answers stored before a time.
func (s *Store) pruneRequests(ctx context.Context, before int64) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM inhouse_request WHERE created_at < ?`), before); err != nil {
		return apperr.Internal(err, "prune stored answers")
	}
	return nil
}

// --- games ---

// gameNames maps each engine slug to its catalogue game's name.
func (s *Store) gameNames(ctx context.Context) (map[string]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT slug, game_name FROM inhouse_game`)
	if err != nil {
		return nil, apperr.Internal(err, "read in-house games")
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var slug, name string
		if err := rows.Scan(&slug, &name); err != nil {
			return nil, apperr.Internal(err, "read in-house games")
		}
		out[slug] = name
	}
	return out, rows.Err()
}
