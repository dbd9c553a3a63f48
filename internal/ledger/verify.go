package ledger

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Problem kinds found by Verify.
const (
	ProblemBalance          = "balance"           // cached balance differs from the sum of lines
	ProblemUnbalanced       = "unbalanced"        // a posting does not sum to zero in a currency
	ProblemCurrency         = "currency"          // a line's currency differs from its account's
	ProblemNegative         = "negative"          // an account that may not go negative is below zero
	ProblemTooFewLines      = "too_few_lines"     // a posting with fewer than two lines
	ProblemReversalMismatch = "reversal_mismatch" // a reversal that is not the exact negation of its original
	ProblemBalanceAfter     = "balance_after"     // a line's balance_after is not the running sum of its account's lines
	ProblemOrphan           = "orphan_line"       // a line whose posting or account does not exist (PostgreSQL keeps no foreign keys on lines: migration 0022)
)

// Problem is one difference Verify found.
type Problem struct {
	Kind      string
	AccountID int64
	PostingID int64
	Currency  string
	Want      int64 // what the postings say
	Got       int64 // what is stored
}

func (p Problem) String() string {
	switch p.Kind {
	case ProblemBalance:
		return fmt.Sprintf("account %d: cached balance %d, lines sum to %d", p.AccountID, p.Got, p.Want)
	case ProblemUnbalanced:
		return fmt.Sprintf("posting %d: %s lines sum to %d, want 0", p.PostingID, p.Currency, p.Got)
	case ProblemCurrency:
		return fmt.Sprintf("posting %d: line on account %d is in %s, the account is not", p.PostingID, p.AccountID, p.Currency)
	case ProblemNegative:
		return fmt.Sprintf("account %d: balance %d below zero on an account that may not go negative", p.AccountID, p.Got)
	case ProblemTooFewLines:
		return fmt.Sprintf("posting %d: %d lines, want at least 2", p.PostingID, p.Got)
	case ProblemReversalMismatch:
		return fmt.Sprintf("posting %d: account %d in %s does not negate the original (sum %d)", p.PostingID, p.AccountID, p.Currency, p.Got)
	case ProblemBalanceAfter:
		return fmt.Sprintf("posting %d: line on account %d has balance_after %d (0 if missing), its account's lines sum to %d up to it", p.PostingID, p.AccountID, p.Got, p.Want)
	}
	return p.Kind
}

// Report is what Verify found: counts and every difference.
type Report struct {
	Accounts int
	Postings int
	Lines    int
	Problems []Problem
}

func (r Report) OK() bool { return len(r.Problems) == 0 }

// Verify recomputes every balance from the lines and checks every posting,
// on one consistent snapshot of the ledger.
func (s *Store) Verify(ctx context.Context) (Report, error) {
	var rep Report
	run := func(q db.Querier) error { return verify(ctx, q, s.db.Rebind, &rep) }
	var err error
	if s.db.Dialect == db.Postgres {
		// A repeatable-read snapshot: postings that land meanwhile are not half-seen.
		var tx *sql.Tx
		tx, err = s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
		if err != nil {
			return rep, apperr.Internal(err, "begin verify")
		}
		defer tx.Rollback()
		err = run(tx)
	} else if s.db.ReadOnly {
		// A read transaction: in WAL mode one snapshot from its first read.
		var tx *sql.Tx
		tx, err = s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return rep, apperr.Internal(err, "begin verify")
		}
		defer tx.Rollback()
		err = run(tx)
	} else {
		// SQLite transactions begin immediate: writers wait while we read.
		err = s.db.InTx(ctx, func(tx *db.Tx) error { return run(tx) })
	}
	if err != nil {
		return rep, apperr.Internal(err, "verify ledger")
	}
	return rep, nil
}

func verify(ctx context.Context, q db.Querier, rebind func(string) string, rep *Report) error {
	if err := q.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM ledger_account), (SELECT COUNT(*) FROM ledger_posting), (SELECT COUNT(*) FROM ledger_line)`).
		Scan(&rep.Accounts, &rep.Postings, &rep.Lines); err != nil {
		return err
	}
	checks := []struct {
		kind string
		sql  string
		scan func(*Problem) []any
	}{
		{ProblemBalance, `SELECT a.id, CAST(COALESCE(SUM(l.amount), 0) AS BIGINT), a.balance FROM ledger_account a
			LEFT JOIN ledger_line l ON l.account_id = a.id
			GROUP BY a.id, a.balance HAVING COALESCE(SUM(l.amount), 0) <> a.balance ORDER BY a.id`,
			func(p *Problem) []any { return []any{&p.AccountID, &p.Want, &p.Got} }},
		{ProblemNegative, `SELECT id, balance FROM ledger_account WHERE allow_negative = 0 AND balance < 0 ORDER BY id`,
			func(p *Problem) []any { return []any{&p.AccountID, &p.Got} }},
		{ProblemUnbalanced, `SELECT posting_id, currency, CAST(SUM(amount) AS BIGINT) FROM ledger_line
			GROUP BY posting_id, currency HAVING SUM(amount) <> 0 ORDER BY posting_id, currency`,
			func(p *Problem) []any { return []any{&p.PostingID, &p.Currency, &p.Got} }},
		{ProblemCurrency, `SELECT l.posting_id, l.account_id, l.currency FROM ledger_line l
			JOIN ledger_account a ON a.id = l.account_id WHERE l.currency <> a.currency ORDER BY l.id`,
			func(p *Problem) []any { return []any{&p.PostingID, &p.AccountID, &p.Currency} }},
		{ProblemOrphan, `SELECT l.posting_id, l.account_id FROM ledger_line l
			LEFT JOIN ledger_posting p ON p.id = l.posting_id LEFT JOIN ledger_account a ON a.id = l.account_id
			WHERE p.id IS NULL OR a.id IS NULL ORDER BY l.id`,
			func(p *Problem) []any { return []any{&p.PostingID, &p.AccountID} }},
		{ProblemTooFewLines, `SELECT p.id, COUNT(l.id) FROM ledger_posting p LEFT JOIN ledger_line l ON l.posting_id = p.id
			GROUP BY p.id HAVING COUNT(l.id) < 2 ORDER BY p.id`,
			func(p *Problem) []any { return []any{&p.PostingID, &p.Got} }},
		// A reversal and its original must cancel out line by line.
		{ProblemReversalMismatch, `SELECT r.id, x.account_id, x.currency, CAST(SUM(x.amount) AS BIGINT) FROM ledger_posting r
			JOIN ledger_line x ON x.posting_id IN (r.id, r.reverses_posting_id)
			WHERE r.reverses_posting_id IS NOT NULL
			GROUP BY r.id, x.account_id, x.currency HAVING SUM(x.amount) <> 0 ORDER BY r.id, x.account_id`,
			func(p *Problem) []any { return []any{&p.PostingID, &p.AccountID, &p.Currency, &p.Got} }},
		// Each line's balance_after is the running sum of its account's lines in
		// posting order; with the balance check above, the last one is the balance.
		{ProblemBalanceAfter, `SELECT posting_id, account_id, want, COALESCE(balance_after, 0) FROM (
			SELECT posting_id, account_id, balance_after,
				CAST(SUM(amount) OVER (PARTITION BY account_id ORDER BY posting_id ROWS UNBOUNDED PRECEDING) AS BIGINT) AS want
			FROM ledger_line) x
			WHERE balance_after IS NULL OR balance_after <> want ORDER BY account_id, posting_id`,
			func(p *Problem) []any { return []any{&p.PostingID, &p.AccountID, &p.Want, &p.Got} }},
	}
	for _, c := range checks {
		rows, err := q.QueryContext(ctx, rebind(c.sql))
		if err != nil {
			return fmt.Errorf("%s check: %w", c.kind, err)
		}
		for rows.Next() {
			p := Problem{Kind: c.kind}
			if err := rows.Scan(c.scan(&p)...); err != nil {
				rows.Close()
				return fmt.Errorf("%s check: %w", c.kind, err)
			}
			rep.Problems = append(rep.Problems, p)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("%s check: %w", c.kind, err)
		}
	}
	return nil
}
