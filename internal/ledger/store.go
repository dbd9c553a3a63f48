package ledger

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the ledger SQL for SQLite and PostgreSQL.
type Store struct {
	db    *db.DB
	clock clock.Clock
}

func NewStore(d *db.DB, clk clock.Clock) *Store {
	if clk == nil {
		clk = clock.System{}
	}
	return &Store{db: d, clock: clk}
}

// maxAttempts bounds the retries of a posting transaction that lost a race
// (PostgreSQL serialization failure or deadlock, SQLite busy, or a unique
// violation on the idempotency key, which the next attempt answers as a replay).
const maxAttempts = 8

const accountCols = `id, owner_type, owner_id, purpose, vendor, currency, allow_negative, balance, version, created_at, updated_at`

type scanner interface{ Scan(dest ...any) error }

func scanAccount(row scanner) (Account, error) {
	var a Account
	var neg int
	var created, updated int64
	err := row.Scan(&a.ID, &a.OwnerType, &a.OwnerID, &a.Purpose, &a.Vendor, &a.Currency, &neg, &a.Balance, &a.Version, &created, &updated)
	a.AllowNegative = neg != 0
	a.CreatedAt, a.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
	return a, err
}

// EnsureAccount returns the account for spec, creating it on first use.
// Concurrent calls for the same spec return the same account.
func (s *Store) EnsureAccount(ctx context.Context, spec AccountSpec) (Account, error) {
	if err := spec.Validate(); err != nil {
		return Account{}, err
	}
	now := s.clock.Now().UnixMilli()
	neg := 0
	if purposes[spec.Purpose].allowNegative {
		neg = 1
	}
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO ledger_account (owner_type, owner_id, purpose, vendor, currency, allow_negative, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (owner_type, owner_id, purpose, vendor, currency) DO NOTHING`),
		spec.OwnerType, spec.OwnerID, spec.Purpose, spec.Vendor, spec.Currency, neg, now, now)
	if err != nil {
		return Account{}, apperr.Internal(err, "insert ledger account")
	}
	return s.FindAccount(ctx, spec)
}

// FindAccount looks an account up by its spec.
func (s *Store) FindAccount(ctx context.Context, spec AccountSpec) (Account, error) {
	a, err := scanAccount(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+accountCols+` FROM ledger_account
		WHERE owner_type = ? AND owner_id = ? AND purpose = ? AND vendor = ? AND currency = ?`),
		spec.OwnerType, spec.OwnerID, spec.Purpose, spec.Vendor, spec.Currency))
	if db.IsNoRows(err) {
		return a, apperr.NotFound("ledger.unknown_account")
	}
	if err != nil {
		return a, apperr.Internal(err, "select ledger account")
	}
	return a, nil
}

// Account reads one account by id.
func (s *Store) Account(ctx context.Context, id int64) (Account, error) {
	a, err := scanAccount(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+accountCols+` FROM ledger_account WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return a, apperr.NotFound("ledger.unknown_account").With("id", id)
	}
	if err != nil {
		return a, apperr.Internal(err, "select ledger account")
	}
	return a, nil
}

// Balance is the cached balance of an account, in minor units.
func (s *Store) Balance(ctx context.Context, accountID int64) (int64, error) {
	a, err := s.Account(ctx, accountID)
	return a.Balance, err
}

// AccountsOf lists an owner's accounts in id order.
func (s *Store) AccountsOf(ctx context.Context, ownerType string, ownerID int64) ([]Account, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+accountCols+` FROM ledger_account WHERE owner_type = ? AND owner_id = ? ORDER BY id`), ownerType, ownerID)
	if err != nil {
		return nil, apperr.Internal(err, "select ledger accounts")
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan ledger account")
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "select ledger accounts")
	}
	return out, nil
}

// Post writes a balanced posting in one transaction. A key posted before
// with the same input returns the first posting with Replay set; with a
// different input it is refused with ledger.idempotency_mismatch.
func (s *Store) Post(ctx context.Context, req PostingRequest) (Posting, error) {
	lines, err := req.validate()
	if err != nil {
		return Posting{}, err
	}
	return s.post(ctx, req, lines, 0)
}

// Reverse posts the negated lines of a posting as a correction linked to it.
// A posting is reversed at most once; the reversal itself is idempotent by key.
func (s *Store) Reverse(ctx context.Context, postingID int64, key, reason string) (Posting, error) {
	orig, err := s.Posting(ctx, postingID)
	if err != nil {
		return Posting{}, err
	}
	req := PostingRequest{Key: key, Kind: KindCorrection, Metadata: map[string]string{"reason": reason}}
	for _, l := range orig.Lines {
		req.Lines = append(req.Lines, Line{AccountID: l.AccountID, Amount: -l.Amount, Currency: l.Currency})
	}
	lines, err := req.validate()
	if err != nil {
		return Posting{}, err
	}
	return s.post(ctx, req, lines, postingID)
}

func (s *Store) post(ctx context.Context, req PostingRequest, lines []Line, reverses int64) (Posting, error) {
	hash := inputHash(req.Kind, reverses, lines, req.Metadata)
	meta, err := json.Marshal(orEmpty(req.Metadata))
	if err != nil {
		return Posting{}, apperr.Internal(err, "encode metadata")
	}
	var out Posting
	for attempt := 1; ; attempt++ {
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			var err error
			out, err = postTx(ctx, tx, req, lines, reverses, hash, string(meta), s.clock.Now())
			return err
		})
		if err == nil || attempt >= maxAttempts || !retryable(err) {
			break
		}
		// Back off a little, with jitter, so the racers do not collide again.
		d := time.Duration(attempt*attempt) * time.Millisecond
		select {
		case <-time.After(d + rand.N(d+time.Millisecond)):
		case <-ctx.Done():
			return Posting{}, ctx.Err()
		}
	}
	if err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) {
			return Posting{}, err
		}
		return Posting{}, apperr.Internal(err, "post %s", req.Key)
	}
	return out, nil
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// postTx is one attempt: idempotency check, account locks in id order,
// balance checks, then the posting, its lines and the new cached balances.
func postTx(ctx context.Context, tx *db.Tx, req PostingRequest, lines []Line, reverses int64, hash, meta string, now time.Time) (Posting, error) {
	var id int64
	var storedHash string
	err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT id, input_hash FROM ledger_posting WHERE idempotency_key = ?`), req.Key).Scan(&id, &storedHash)
	switch {
	case err == nil:
		if storedHash != hash {
			return Posting{}, apperr.Conflict("ledger.idempotency_mismatch")
		}
		p, err := postingByID(ctx, tx, id)
		p.Replay = true
		return p, err
	case !db.IsNoRows(err):
		return Posting{}, err
	}
	if reverses != 0 {
		var n int
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*) FROM ledger_posting WHERE reverses_posting_id = ?`), reverses).Scan(&n); err != nil {
			return Posting{}, err
		}
		if n > 0 {
			return Posting{}, apperr.Conflict("ledger.already_reversed")
		}
	}

	// Lock every account of the posting in ascending id order (lines are
	// sorted), so two postings over the same accounts never wait on each
	// other in a cycle. On SQLite the transaction already holds the write
	// lock (BEGIN IMMEDIATE), so FOR UPDATE is neither needed nor valid.
	q := `SELECT id, currency, allow_negative, balance FROM ledger_account WHERE id IN (?` + strings.Repeat(`, ?`, len(lines)-1) + `) ORDER BY id`
	if tx.Dialect() == db.Postgres {
		q += ` FOR UPDATE`
	}
	args := make([]any, len(lines))
	for i, l := range lines {
		args[i] = l.AccountID
	}
	rows, err := tx.QueryContext(ctx, tx.Rebind(q), args...)
	if err != nil {
		return Posting{}, err
	}
	type locked struct {
		currency string
		neg      bool
		balance  int64
	}
	accts := make(map[int64]locked, len(lines))
	for rows.Next() {
		var id int64
		var a locked
		var neg int
		if err := rows.Scan(&id, &a.currency, &neg, &a.balance); err != nil {
			rows.Close()
			return Posting{}, err
		}
		a.neg = neg != 0
		accts[id] = a
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Posting{}, err
	}
	newBalance := make([]int64, len(lines))
	for i, l := range lines {
		a, ok := accts[l.AccountID]
		if !ok {
			return Posting{}, apperr.NotFound("ledger.unknown_account").With("id", l.AccountID)
		}
		if a.currency != l.Currency {
			return Posting{}, apperr.Invalid("ledger.currency_mismatch").With("id", l.AccountID)
		}
		nb := a.balance + l.Amount
		if (l.Amount > 0 && nb < a.balance) || (l.Amount < 0 && nb > a.balance) {
			return Posting{}, apperr.Invalid("ledger.invalid_posting").With("reason", "amount_range")
		}
		if nb < 0 && !a.neg {
			return Posting{}, apperr.Conflict("ledger.insufficient_funds").With("id", l.AccountID)
		}
		newBalance[i] = nb
	}

	var rev any
	if reverses != 0 {
		rev = reverses
	}
	at := now.UnixMilli()
	var postingID int64
	err = tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO ledger_posting (idempotency_key, input_hash, kind, reverses_posting_id, metadata, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), req.Key, hash, req.Kind, rev, meta, at).Scan(&postingID)
	if err != nil {
		return Posting{}, err // a unique violation is retried and then answered as a replay or already_reversed
	}
	// One statement for the lines and one for the balances: the hot accounts
	// (the house) stay locked for as few round trips as possible.
	lineArgs := make([]any, 0, 4*len(lines))
	caseArgs := make([]any, 0, 2*len(lines)+1+len(lines))
	for i, l := range lines {
		lineArgs = append(lineArgs, postingID, l.AccountID, l.Amount, l.Currency)
		caseArgs = append(caseArgs, l.AccountID, newBalance[i])
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO ledger_line (posting_id, account_id, amount, currency) VALUES (?, ?, ?, ?)`+
		strings.Repeat(`, (?, ?, ?, ?)`, len(lines)-1)), lineArgs...); err != nil {
		return Posting{}, err
	}
	caseArgs = append(append(caseArgs, at), args...)
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE ledger_account SET balance = CASE id`+strings.Repeat(` WHEN ? THEN CAST(? AS BIGINT)`, len(lines))+
		` END, version = version + 1, updated_at = ? WHERE id IN (?`+strings.Repeat(`, ?`, len(lines)-1)+`)`), caseArgs...); err != nil {
		return Posting{}, err
	}
	return Posting{
		ID: postingID, Key: req.Key, InputHash: hash, Kind: req.Kind, ReversesID: reverses,
		Metadata: orEmpty(req.Metadata), CreatedAt: time.UnixMilli(at), Lines: lines,
	}, nil
}

// Posting reads one posting with its lines.
func (s *Store) Posting(ctx context.Context, id int64) (Posting, error) {
	p, err := postingByID(ctx, s.db, id)
	var ae *apperr.Error
	if err != nil && !errors.As(err, &ae) {
		return p, apperr.Internal(err, "select posting")
	}
	return p, err
}

type rebinder interface {
	db.Querier
	Rebind(string) string
}

func postingByID(ctx context.Context, q rebinder, id int64) (Posting, error) {
	var p Posting
	var rev *int64
	var meta string
	var at int64
	err := q.QueryRowContext(ctx, q.Rebind(`SELECT id, idempotency_key, input_hash, kind, reverses_posting_id, metadata, created_at
		FROM ledger_posting WHERE id = ?`), id).Scan(&p.ID, &p.Key, &p.InputHash, &p.Kind, &rev, &meta, &at)
	if db.IsNoRows(err) {
		return p, apperr.NotFound("ledger.unknown_posting").With("id", id)
	}
	if err != nil {
		return p, err
	}
	if rev != nil {
		p.ReversesID = *rev
	}
	p.CreatedAt = time.UnixMilli(at)
	if err := json.Unmarshal([]byte(meta), &p.Metadata); err != nil {
		return p, err
	}
	rows, err := q.QueryContext(ctx, q.Rebind(`SELECT account_id, amount, currency FROM ledger_line WHERE posting_id = ? ORDER BY account_id`), id)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var l Line
		if err := rows.Scan(&l.AccountID, &l.Amount, &l.Currency); err != nil {
			return p, err
		}
		p.Lines = append(p.Lines, l)
	}
	return p, rows.Err()
}

// retryable reports a transaction that lost a race and may succeed when run
// again from the start.
func retryable(err error) bool {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return false
	}
	var st interface{ SQLState() string }
	if errors.As(err, &st) {
		switch st.SQLState() {
		case "40001", "40P01", "23505": // serialization failure, deadlock, unique violation
			return true
		}
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint failed") || strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked")
}
