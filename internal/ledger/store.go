package ledger

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the ledger SQL for SQLite and PostgreSQL.
type Store struct {
	db    *db.DB
	clock clock.Clock

	// Group commit (commit.go): postings waiting for the writer.
	mu      sync.Mutex
	queue   []*pending
	writing bool          // a writer goroutine is draining the queue
	expect  int           // postings the writer waits for before its next batch
	arrived chan struct{} // wakes a gathering writer once expect postings are queued
	gather  time.Duration // gatherWindow, or gatherWindowPostgres
	stats   BatchStats

	stmtMu sync.Mutex
	stmts  map[string]*sql.Stmt // prepared one-row statements of the SQLite batch path (batchsql.go)
}

func NewStore(d *db.DB, clk clock.Clock) *Store {
	if clk == nil {
		clk = clock.System{}
	}
	gather := gatherWindow
	if d.Dialect == db.Postgres {
		gather = gatherWindowPostgres
	}
	return &Store{db: d, clock: clk, arrived: make(chan struct{}, 1), gather: gather}
}

// maxAttempts bounds the retries of a batch transaction that lost a race
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
	// Most accounts asked for exist: a read finds them without the insert,
	// which on SQLite takes the write lock even when it inserts nothing
	// (a settlement asks for two accounts per bill).
	if a, err := s.FindAccount(ctx, spec); err == nil || !errors.Is(err, ErrUnknownAccount) {
		return a, err
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
	a, err := scanAccount(s.queryRow(ctx, `SELECT `+accountCols+` FROM ledger_account
		WHERE owner_type = ? AND owner_id = ? AND purpose = ? AND vendor = ? AND currency = ?`,
		spec.OwnerType, spec.OwnerID, spec.Purpose, spec.Vendor, spec.Currency))
	if db.IsNoRows(err) {
		return a, ErrUnknownAccount
	}
	if err != nil {
		return a, apperr.Internal(err, "select ledger account")
	}
	return a, nil
}

// Account reads one account by id.
func (s *Store) Account(ctx context.Context, id int64) (Account, error) {
	a, err := scanAccount(s.queryRow(ctx, `SELECT `+accountCols+` FROM ledger_account WHERE id = ?`, id))
	if db.IsNoRows(err) {
		return a, ErrUnknownAccount.With("id", id)
	}
	if err != nil {
		return a, apperr.Internal(err, "select ledger account")
	}
	return a, nil
}

// Balances reads the balances of accounts in one statement (unknown ids are absent).
func (s *Store) Balances(ctx context.Context, ids ...int64) (map[int64]int64, error) {
	if len(ids) == 0 {
		return map[int64]int64{}, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, balance FROM ledger_account WHERE id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select ledger balances")
	}
	defer rows.Close()
	out := make(map[int64]int64, len(ids))
	for rows.Next() {
		var id, bal int64
		if err := rows.Scan(&id, &bal); err != nil {
			return nil, apperr.Internal(err, "scan ledger balance")
		}
		out[id] = bal
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "select ledger balances")
	}
	return out, nil
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

// AccountsOfOwners lists the accounts of many owners of one type (the
// agent reports read a team's account records), in id order.
func (s *Store) AccountsOfOwners(ctx context.Context, ownerType string, ownerIDs []int64) ([]Account, error) {
	var out []Account
	const chunk = 500 // bound the statement's parameters
	for start := 0; start < len(ownerIDs); start += chunk {
		ids := ownerIDs[start:min(start+chunk, len(ownerIDs))]
		args := make([]any, 0, len(ids)+1)
		args = append(args, ownerType)
		for _, id := range ids {
			args = append(args, id)
		}
		rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+accountCols+` FROM ledger_account WHERE owner_type = ? AND owner_id IN (`+
			strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")+`) ORDER BY id`), args...)
		if err != nil {
			return nil, apperr.Internal(err, "select ledger accounts")
		}
		for rows.Next() {
			a, err := scanAccount(rows)
			if err != nil {
				rows.Close()
				return nil, apperr.Internal(err, "scan ledger account")
			}
			out = append(out, a)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, apperr.Internal(err, "select ledger accounts")
		}
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

// PostChain writes reqs together, in order, in one transaction: all of
// them or none. A refusal of one (insufficient funds, say, checked against
// the balances the postings before it left) refuses the chain with that
// error. A chain posted before answers its postings with Replay set; a
// chain of which only some keys were posted before is refused with
// ledger.idempotency_mismatch. The keys must differ. A game round played
// in one call (a bet and its win) is a chain of two.
func (s *Store) PostChain(ctx context.Context, reqs []PostingRequest) ([]Posting, error) {
	if len(reqs) == 0 {
		return nil, ErrInvalidPosting.With("reason", "lines")
	}
	ps := make([]*pending, len(reqs))
	keys := make(map[string]bool, len(reqs))
	for i, req := range reqs {
		lines, err := req.validate()
		if err != nil {
			return nil, err
		}
		if keys[req.Key] {
			return nil, ErrInvalidPosting.With("reason", "key")
		}
		keys[req.Key] = true
		if ps[i], err = newPending(req, lines, 0); err != nil {
			return nil, err
		}
	}
	return s.enqueueAll(ctx, ps)
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
	p, err := newPending(req, lines, reverses)
	if err != nil {
		return Posting{}, err
	}
	return s.enqueue(ctx, p)
}

func newPending(req PostingRequest, lines []Line, reverses int64) (*pending, error) {
	meta, err := json.Marshal(orEmpty(req.Metadata))
	if err != nil {
		return nil, apperr.Internal(err, "encode metadata")
	}
	return &pending{req: req, lines: lines, reverses: reverses, hash: inputHash(req.Kind, reverses, lines, req.Metadata), meta: string(meta)}, nil
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
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
	rows, err := q.QueryContext(ctx, q.Rebind(`SELECT account_id, amount, currency, COALESCE(balance_after, 0) FROM ledger_line WHERE posting_id = ? ORDER BY account_id`), id)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var l Line
		var after int64
		if err := rows.Scan(&l.AccountID, &l.Amount, &l.Currency, &after); err != nil {
			return p, err
		}
		p.Lines = append(p.Lines, l)
		p.BalancesAfter = append(p.BalancesAfter, after)
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
