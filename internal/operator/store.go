package operator

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/sealed"
)

// Store holds the operator SQL for SQLite and PostgreSQL.
type Store struct {
	db *db.DB

	boxMu sync.Mutex
	box   *sealed.Box // seals TOTP secrets at rest; loaded on first use
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Operator is one row of account_operator.
type Operator struct {
	ID           int64
	Username     string
	PasswordHash string
	Role         Role
	Status       int // 0 active, anything else disabled
	FailedLogins int
	LockedUntil  time.Time
	CreatedAt    time.Time
	TOTPSecret   string // sealed; "" when not enrolled
	TOTPLastStep int64  // the last accepted 30-second step
	LastLoginAt  time.Time
}

// TOTPEnrolled tells whether the operator has a second factor.
func (o Operator) TOTPEnrolled() bool { return o.TOTPSecret != "" }

// Session is one operator_session row; the token itself is never stored.
type Session struct {
	TokenHash  string
	OperatorID int64
	IP         string
	UserAgent  string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	RevokedAt  time.Time
}

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v)
}

const operatorCols = `id, username, password_hash, role, status, failed_logins, locked_until, created_at, totp_secret, totp_last_step, last_login_at`

func scanOperator(row interface{ Scan(...any) error }) (Operator, error) {
	var o Operator
	var role string
	var locked, created, last int64
	err := row.Scan(&o.ID, &o.Username, &o.PasswordHash, &role, &o.Status, &o.FailedLogins, &locked, &created,
		&o.TOTPSecret, &o.TOTPLastStep, &last)
	o.Role, o.LockedUntil, o.CreatedAt, o.LastLoginAt = Role(role), fromMS(locked), fromMS(created), fromMS(last)
	return o, err
}

// CreateOperator adds an operator; a taken username (case-insensitive) is
// operator.username_taken.
func (s *Store) CreateOperator(ctx context.Context, username, hash string, role Role, at time.Time) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`INSERT INTO account_operator (username_lower, username, password_hash, role,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), strings.ToLower(username), username, hash, string(role), ms(at), ms(at)).Scan(&id)
	if err != nil {
		if m := err.Error(); strings.Contains(m, "username_lower") || strings.Contains(strings.ToUpper(m), "UNIQUE") {
			return 0, apperr.Conflict("operator.username_taken")
		}
		return 0, apperr.Internal(err, "insert operator")
	}
	return id, nil
}

// OperatorByUsername finds an operator case-insensitively.
func (s *Store) OperatorByUsername(ctx context.Context, username string) (Operator, error) {
	return s.operator(ctx, `username_lower = ?`, strings.ToLower(username))
}

// OperatorByID finds an operator by id.
func (s *Store) OperatorByID(ctx context.Context, id int64) (Operator, error) {
	return s.operator(ctx, `id = ?`, id)
}

func (s *Store) operator(ctx context.Context, where string, arg any) (Operator, error) {
	o, err := scanOperator(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+operatorCols+` FROM account_operator WHERE `+where), arg))
	if db.IsNoRows(err) {
		return o, apperr.NotFound("operator.not_found")
	}
	if err != nil {
		return o, apperr.Internal(err, "select operator")
	}
	return o, nil
}

// SetPassword replaces a password hash (rehash on login); the old hash must still be current.
func (s *Store) SetPassword(ctx context.Context, id int64, oldHash, newHash string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_operator SET password_hash = ?, updated_at = ? WHERE id = ? AND password_hash = ?`),
		newHash, ms(at), id, oldHash)
	return err
}

// ClaimLogin takes one of the limit password checks of an operator's
// lockout window before the password is checked: failed_logins counts the
// checks claimed since the last success or lock. It fails (false) while
// the operator is locked or limit checks are already claimed, so parallel
// logins never check more than limit passwords.
func (s *Store) ClaimLogin(ctx context.Context, id int64, limit int, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_operator SET failed_logins = failed_logins + 1
		WHERE id = ? AND locked_until <= ? AND failed_logins < ?`), id, ms(now), limit)
	if err != nil {
		return false, apperr.Internal(err, "claim operator login")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// UnclaimLogin gives back a claimed check that never ran (busy hasher).
func (s *Store) UnclaimLogin(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_operator SET failed_logins = failed_logins - 1
		WHERE id = ? AND failed_logins > 0`), id)
	if err != nil {
		return apperr.Internal(err, "unclaim operator login")
	}
	return nil
}

// LoginFailed records a wrong password whose check was claimed: once limit
// checks are claimed and this one failed, the operator is locked until
// lockUntil and the count starts again. It reports whether this failure
// locked the operator.
func (s *Store) LoginFailed(ctx context.Context, id int64, limit int, lockUntil time.Time) (locked bool, err error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_operator SET failed_logins = 0, locked_until = ?
		WHERE id = ? AND failed_logins >= ?`), ms(lockUntil), id, limit)
	if err != nil {
		return false, apperr.Internal(err, "count failed login")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// StartSession stores a session and clears the failure count, in one transaction.
func (s *Store) StartSession(ctx context.Context, sess Session) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO operator_session (token_hash, operator_id, ip, user_agent,
			created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`), sess.TokenHash, sess.OperatorID, sess.IP, sess.UserAgent,
			ms(sess.CreatedAt), ms(sess.LastSeenAt), ms(sess.ExpiresAt)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_operator SET failed_logins = 0, locked_until = 0, last_login_at = ?,
			updated_at = ? WHERE id = ?`), ms(sess.CreatedAt), ms(sess.CreatedAt), sess.OperatorID)
		return err
	})
	if err != nil {
		return apperr.Internal(err, "start operator session")
	}
	return nil
}

// SessionOperator reads a session and its operator; an unknown token hash
// is operator.session_expired.
func (s *Store) SessionOperator(ctx context.Context, tokenHash string) (Session, Operator, error) {
	var sess Session
	var created, seen, expires, revoked int64
	row := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT s.token_hash, s.operator_id, s.ip, s.user_agent, s.created_at, s.last_seen_at,
		s.expires_at, s.revoked_at, o.id, o.username, o.password_hash, o.role, o.status, o.failed_logins, o.locked_until, o.created_at,
		o.totp_secret, o.totp_last_step, o.last_login_at
		FROM operator_session s JOIN account_operator o ON o.id = s.operator_id WHERE s.token_hash = ?`), tokenHash)
	var o Operator
	var role string
	var locked, oCreated, last int64
	err := row.Scan(&sess.TokenHash, &sess.OperatorID, &sess.IP, &sess.UserAgent, &created, &seen, &expires, &revoked,
		&o.ID, &o.Username, &o.PasswordHash, &role, &o.Status, &o.FailedLogins, &locked, &oCreated, &o.TOTPSecret, &o.TOTPLastStep, &last)
	if db.IsNoRows(err) {
		return sess, o, apperr.Unauthorized("operator.session_expired")
	}
	if err != nil {
		return sess, o, apperr.Internal(err, "select operator session")
	}
	sess.CreatedAt, sess.LastSeenAt, sess.ExpiresAt, sess.RevokedAt = fromMS(created), fromMS(seen), fromMS(expires), fromMS(revoked)
	o.Role, o.LockedUntil, o.CreatedAt, o.LastLoginAt = Role(role), fromMS(locked), fromMS(oCreated), fromMS(last)
	return sess, o, nil
}

// TouchSession moves the idle clock of a live session.
func (s *Store) TouchSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE operator_session SET last_seen_at = ? WHERE token_hash = ? AND revoked_at = 0`), ms(at), tokenHash)
	return err
}

// RevokeSession ends a session.
func (s *Store) RevokeSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE operator_session SET revoked_at = ? WHERE token_hash = ? AND revoked_at = 0`), ms(at), tokenHash)
	if err != nil {
		return apperr.Internal(err, "revoke operator session")
	}
	return nil
}

// AuditRow is one operator_audit row, as GET /ops/v1/audit lists it.
type AuditRow struct {
	ID         int64           `json:"id"`
	CreatedAt  int64           `json:"at"`         // Unix ms
	OperatorID int64           `json:"operatorId"` // 0: unknown username (failed login)
	Operator   string          `json:"operatorUsername"`
	Action     string          `json:"action"`
	TargetType string          `json:"targetType"` // "member", "operator", "adjustment", ...
	TargetID   string          `json:"targetId"`
	Reason     string          `json:"reason"`
	Before     json.RawMessage `json:"before"` // JSON object or null
	After      json.RawMessage `json:"after"`  // JSON object or null
	IP         string          `json:"ip"`
	Target     string          `json:"-"` // "<type>:<id>" as Audit callers give it
	detailJSON string
	beforeJSON string
	afterJSON  string
}

// split fills the target's type and id and the row's after state and
// reason from what Audit callers give (a "<type>:<id>" target and a detail
// object), unless set already.
func (a *AuditRow) split() {
	if a.TargetType == "" && a.Target != "" {
		if i := strings.IndexByte(a.Target, ':'); i > 0 {
			a.TargetType, a.TargetID = a.Target[:i], a.Target[i+1:]
		} else {
			a.TargetType = a.Target
		}
	}
	if a.Target == "" && a.TargetType != "" {
		a.Target = a.TargetType + ":" + a.TargetID
	}
	if a.beforeJSON != "" || a.afterJSON != "" || a.detailJSON == "" || a.detailJSON == "{}" {
		return
	}
	var d map[string]json.RawMessage
	if json.Unmarshal([]byte(a.detailJSON), &d) != nil {
		return
	}
	if r, ok := d["reason"]; ok && a.Reason == "" {
		_ = json.Unmarshal(r, &a.Reason)
	}
	before, hasBefore := d["before"]
	after, hasAfter := d["after"]
	delete(d, "reason")
	delete(d, "before")
	delete(d, "after")
	if !hasBefore && !hasAfter {
		a.afterJSON = encodeObject(d)
		return
	}
	// The rest of the detail (type, amount, order number) is the context of
	// both states; a state that is not an object is its "value".
	state := func(raw json.RawMessage) string {
		m := map[string]json.RawMessage{}
		if json.Unmarshal(raw, &m) != nil || m == nil {
			m = map[string]json.RawMessage{"value": raw}
		}
		for k, v := range d {
			if _, ok := m[k]; !ok {
				m[k] = v
			}
		}
		return encodeObject(m)
	}
	if hasBefore {
		a.beforeJSON = state(before)
	}
	a.afterJSON = state(after)
	if !hasAfter {
		a.afterJSON = encodeObject(d)
	}
}

func encodeObject(m map[string]json.RawMessage) string {
	if len(m) == 0 {
		return ""
	}
	b, err := json.Marshal(m)
	if err != nil {
		return ""
	}
	return string(b)
}

func (a AuditRow) afterText() string {
	if a.afterJSON != "" || a.detailJSON == "{}" {
		return a.afterJSON
	}
	return a.detailJSON
}

// Adjustment is the stored first answer of a manual adjustment, or one
// waiting for approval (maker-checker).
type Adjustment struct {
	ID          int64
	Status      string // POSTED, PENDING_APPROVAL, APPROVING, REJECTED
	CheckerID   int64
	DecidedAt   time.Time
	Decision    string // the reject reason
	OperatorID  int64
	Key         string
	RequestHash string
	MemberID    int64
	Direction   string
	Amount      int64
	Currency    string
	Reason      string
	PostingID   int64
	Balance     int64
	CreatedAt   time.Time
}

// writeBatch inserts audit rows and adjustment records in one transaction
// (the group commit of audit.go). An adjustment already recorded under the
// same (operator, key) is left as it is.
func (s *Store) writeBatch(ctx context.Context, audits []AuditRow, adjs []Adjustment) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if len(adjs) > 0 {
			args := make([]any, 0, 11*len(adjs))
			for _, a := range adjs {
				args = append(args, a.OperatorID, a.Key, a.RequestHash, a.MemberID, a.Direction, a.Amount, a.Currency, a.Reason,
					a.PostingID, a.Balance, ms(a.CreatedAt))
			}
			if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO operator_adjustment (operator_id, idempotency_key, request_hash,
				member_id, direction, amount, currency, reason, posting_id, balance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`+
				strings.Repeat(`, (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, len(adjs)-1)+` ON CONFLICT (operator_id, idempotency_key) DO NOTHING`), args...); err != nil {
				return err
			}
		}
		if len(audits) > 0 {
			args := make([]any, 0, 11*len(audits))
			for _, a := range audits {
				var op any
				if a.OperatorID != 0 {
					op = a.OperatorID
				}
				a.split()
				detail := a.detailJSON
				if detail == "" {
					detail = "{}"
				}
				args = append(args, op, a.Action, a.Target, detail, a.IP, a.CreatedAt, a.TargetType, a.TargetID, a.Reason,
					a.beforeJSON, a.afterText())
			}
			if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO operator_audit (operator_id, action, target, detail, ip, created_at,
				target_type, target_id, reason, before_json, after_json)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`+strings.Repeat(`, (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, len(audits)-1)), args...); err != nil {
				return err
			}
		}
		return nil
	})
}

// AdjustmentByKey reads the record of (operator, key), or NotFound.
func (s *Store) AdjustmentByKey(ctx context.Context, operatorID int64, key string) (Adjustment, error) {
	a, err := scanAdjustment(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+adjustmentCols+` FROM operator_adjustment
		WHERE operator_id = ? AND idempotency_key = ?`), operatorID, key))
	if db.IsNoRows(err) {
		return a, apperr.NotFound("operator.adjustment_not_found")
	}
	if err != nil {
		return a, apperr.Internal(err, "select adjustment")
	}
	return a, nil
}

// AuditQuery filters the audit list.
type AuditQuery struct {
	Action     string
	OperatorID int64
	TargetType string
	TargetID   string
	From, To   int64 // Unix ms, inclusive; 0: open
	Offset     int
	Limit      int
}

// AuditRows lists audit rows newest first with the total matching.
func (s *Store) AuditRows(ctx context.Context, q AuditQuery) ([]AuditRow, int, error) {
	where, args := `1 = 1`, []any{}
	if q.Action != "" {
		where += ` AND a.action = ?`
		args = append(args, q.Action)
	}
	if q.OperatorID != 0 {
		where += ` AND a.operator_id = ?`
		args = append(args, q.OperatorID)
	}
	if q.TargetType != "" {
		where += ` AND a.target_type = ?`
		args = append(args, q.TargetType)
	}
	if q.TargetID != "" {
		where += ` AND a.target_id = ?`
		args = append(args, q.TargetID)
	}
	if q.From != 0 {
		where += ` AND a.created_at >= ?`
		args = append(args, q.From)
	}
	if q.To != 0 {
		where += ` AND a.created_at <= ?`
		args = append(args, q.To)
	}
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM operator_audit a WHERE `+where), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count audit")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT a.id, COALESCE(a.operator_id, 0), COALESCE(o.username, ''), a.action, a.target,
		a.detail, a.ip, a.created_at, a.target_type, a.target_id, a.reason, a.before_json, a.after_json
		FROM operator_audit a LEFT JOIN account_operator o ON o.id = a.operator_id
		WHERE `+where+` ORDER BY a.id DESC LIMIT ? OFFSET ?`), append(args, q.Limit, q.Offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "list audit")
	}
	defer rows.Close()
	out := []AuditRow{}
	for rows.Next() {
		var a AuditRow
		var before, after string
		if err := rows.Scan(&a.ID, &a.OperatorID, &a.Operator, &a.Action, &a.Target, &a.detailJSON, &a.IP, &a.CreatedAt,
			&a.TargetType, &a.TargetID, &a.Reason, &before, &after); err != nil {
			return nil, 0, apperr.Internal(err, "scan audit")
		}
		if before != "" {
			a.Before = json.RawMessage(before)
		}
		if after != "" {
			a.After = json.RawMessage(after)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "list audit")
	}
	return out, total, nil
}
