package operator

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/sealed"
	"github.com/palaro/palaro/internal/platform/secrets"
)

// boxSecret names the root secret of the TOTP seal in platform_secret.
const boxSecret = "operator_totp_box"

// sealBox returns the box that seals TOTP secrets, loading its key once.
func (s *Store) sealBox(ctx context.Context) (*sealed.Box, error) {
	s.boxMu.Lock()
	defer s.boxMu.Unlock()
	if s.box != nil {
		return s.box, nil
	}
	b, err := sealed.LoadBox(ctx, secrets.NewStore(s.db), boxSecret, time.Now())
	if err != nil {
		return nil, apperr.Internal(err, "operator secret box")
	}
	s.box = b
	return b, nil
}

func totpPurpose(operatorID int64) string {
	return "operator.totp:" + strconv.FormatInt(operatorID, 10)
}

// SealTOTP seals an operator's TOTP secret for storage.
func (s *Store) SealTOTP(ctx context.Context, operatorID int64, secret string) (string, error) {
	b, err := s.sealBox(ctx)
	if err != nil {
		return "", err
	}
	return b.Seal([]byte(secret), totpPurpose(operatorID)), nil
}

// OpenTOTP opens a sealed TOTP secret of the operator.
func (s *Store) OpenTOTP(ctx context.Context, operatorID int64, sealedSecret string) (string, error) {
	b, err := s.sealBox(ctx)
	if err != nil {
		return "", err
	}
	pt, err := b.Open(sealedSecret, totpPurpose(operatorID))
	if err != nil {
		return "", apperr.Internal(err, "open operator totp secret")
	}
	return string(pt), nil
}

// AcceptStep records a TOTP step as used; false when this step or a later
// one was accepted already (the code is a replay), atomically, so parallel
// requests with one code accept it once.
func (s *Store) AcceptStep(ctx context.Context, id, step int64) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_operator SET totp_last_step = ?
		WHERE id = ? AND totp_last_step < ? AND totp_secret <> ''`), step, id, step)
	if err != nil {
		return false, apperr.Internal(err, "accept totp step")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Enrolment is one operator_enrolment row.
type Enrolment struct {
	TokenHash  string
	OperatorID int64
	Secret     string // sealed
	CreatedAt  time.Time
	ExpiresAt  time.Time
	UsedAt     time.Time
}

// CreateEnrolment stores a pending enrolment.
func (s *Store) CreateEnrolment(ctx context.Context, e Enrolment) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO operator_enrolment (token_hash, operator_id, secret, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`), e.TokenHash, e.OperatorID, e.Secret, ms(e.CreatedAt), ms(e.ExpiresAt))
	if err != nil {
		return apperr.Internal(err, "insert operator enrolment")
	}
	return nil
}

// EnrolmentByHash reads a pending enrolment; unknown is ops.enrolment_invalid.
func (s *Store) EnrolmentByHash(ctx context.Context, tokenHash string) (Enrolment, error) {
	e := Enrolment{TokenHash: tokenHash}
	var created, expires, used int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT operator_id, secret, created_at, expires_at, used_at FROM operator_enrolment
		WHERE token_hash = ?`), tokenHash).Scan(&e.OperatorID, &e.Secret, &created, &expires, &used)
	if db.IsNoRows(err) {
		return e, apperr.Unauthorized("ops.enrolment_invalid")
	}
	if err != nil {
		return e, apperr.Internal(err, "select operator enrolment")
	}
	e.CreatedAt, e.ExpiresAt, e.UsedAt = fromMS(created), fromMS(expires), fromMS(used)
	return e, nil
}

// CompleteEnrolment uses the enrolment once and stores its secret as the
// operator's with the accepted step, in one transaction; false when the
// enrolment was used or expired meanwhile or the operator enrolled through
// another one.
func (s *Store) CompleteEnrolment(ctx context.Context, tokenHash string, operatorID int64, sealedSecret string, step int64, now time.Time) (bool, error) {
	done := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE operator_enrolment SET used_at = ? WHERE token_hash = ? AND used_at = 0
			AND expires_at > ?`), ms(now), tokenHash, ms(now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		res, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE account_operator SET totp_secret = ?, totp_last_step = ?, updated_at = ?
			WHERE id = ? AND totp_secret = ''`), sealedSecret, step, ms(now), operatorID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errEnrolled
		}
		done = true
		return nil
	})
	if err == errEnrolled {
		return false, nil
	}
	if err != nil {
		return false, apperr.Internal(err, "complete operator enrolment")
	}
	return done, nil
}

var errEnrolled = apperr.Conflict("ops.enrolment_invalid")

// ResetTOTP removes an operator's second factor and pending enrolments;
// false when the operator had none.
func (s *Store) ResetTOTP(ctx context.Context, id int64, at time.Time) (bool, error) {
	var had bool
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_operator SET totp_secret = '', totp_last_step = 0, updated_at = ?
			WHERE id = ? AND totp_secret <> ''`), ms(at), id)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		had = n == 1
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE operator_enrolment SET used_at = ? WHERE operator_id = ? AND used_at = 0`), ms(at), id)
		return err
	})
	if err != nil {
		return false, apperr.Internal(err, "reset operator totp")
	}
	return had, nil
}

// SetDemoTOTP gives an operator a known second factor (demo seed only).
func (s *Store) SetDemoTOTP(ctx context.Context, id int64, secret string, at time.Time) error {
	sealedSecret, err := s.SealTOTP(ctx, id, secret)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_operator SET totp_secret = ?, updated_at = ? WHERE id = ?`), sealedSecret, ms(at), id)
	if err != nil {
		return apperr.Internal(err, "set demo totp")
	}
	return nil
}

// SessionID is the public id of a session: the first 16 hex digits of its
// token hash (the hash of a secret token, so it tells nothing of the token).
func SessionID(tokenHash string) string {
	if len(tokenHash) < 16 {
		return tokenHash
	}
	return tokenHash[:16]
}

// LiveSessions lists an operator's sessions neither revoked nor expired
// (absolute or idle) at now, newest first.
func (s *Store) LiveSessions(ctx context.Context, operatorID int64, now time.Time, idle time.Duration) ([]Session, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT token_hash, ip, user_agent, created_at, last_seen_at, expires_at
		FROM operator_session WHERE operator_id = ? AND revoked_at = 0 AND expires_at > ? AND last_seen_at > ?
		ORDER BY created_at DESC, token_hash LIMIT 200`), operatorID, ms(now), ms(now.Add(-idle)))
	if err != nil {
		return nil, apperr.Internal(err, "list operator sessions")
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		x := Session{OperatorID: operatorID}
		var created, seen, expires int64
		if err := rows.Scan(&x.TokenHash, &x.IP, &x.UserAgent, &created, &seen, &expires); err != nil {
			return nil, apperr.Internal(err, "scan operator session")
		}
		x.CreatedAt, x.LastSeenAt, x.ExpiresAt = fromMS(created), fromMS(seen), fromMS(expires)
		out = append(out, x)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "list operator sessions")
	}
	return out, nil
}

// RevokeSessionByID ends one live session of the operator by its public id
// and returns its token hash; operator.session_not_found when there is none.
func (s *Store) RevokeSessionByID(ctx context.Context, operatorID int64, id string, at time.Time) (string, error) {
	var hash string
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT token_hash FROM operator_session WHERE operator_id = ? AND revoked_at = 0
		AND token_hash >= ? AND token_hash < ? LIMIT 1`), operatorID, id, id+"g").Scan(&hash)
	if db.IsNoRows(err) {
		return "", apperr.NotFound("operator.session_not_found")
	}
	if err != nil {
		return "", apperr.Internal(err, "find operator session")
	}
	if err := s.RevokeSession(ctx, hash, at); err != nil {
		return "", err
	}
	return hash, nil
}

// RevokeAllSessions ends every session of the operator and returns their
// token hashes.
func (s *Store) RevokeAllSessions(ctx context.Context, operatorID int64, at time.Time) ([]string, error) {
	var hashes []string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT token_hash FROM operator_session WHERE operator_id = ? AND revoked_at = 0`), operatorID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var h string
			if err := rows.Scan(&h); err != nil {
				rows.Close()
				return err
			}
			hashes = append(hashes, h)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE operator_session SET revoked_at = ? WHERE operator_id = ? AND revoked_at = 0`), ms(at), operatorID)
		return err
	})
	if err != nil {
		return nil, apperr.Internal(err, "revoke operator sessions")
	}
	return hashes, nil
}

// ListOperators lists operators by id with the total; q matches a part of
// the username.
func (s *Store) ListOperators(ctx context.Context, q string, offset, limit int) ([]Operator, int, error) {
	where, args := `1 = 1`, []any{}
	if q != "" {
		where += ` AND username_lower LIKE ? ESCAPE '\'`
		r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
		args = append(args, "%"+r.Replace(strings.ToLower(q))+"%")
	}
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM account_operator WHERE `+where), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count operators")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+operatorCols+` FROM account_operator WHERE `+where+`
		ORDER BY id LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "list operators")
	}
	defer rows.Close()
	out := []Operator{}
	for rows.Next() {
		o, err := scanOperator(rows)
		if err != nil {
			return nil, 0, apperr.Internal(err, "scan operator")
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "list operators")
	}
	return out, total, nil
}

// UpdateOperator sets an operator's role and status unless that leaves no
// active ADMIN (operator.last_admin). The active ADMIN rows are locked first
// on PostgreSQL (SQLite writes take turns), so two parallel demotions of
// the last two admins cannot both pass.
func (s *Store) UpdateOperator(ctx context.Context, id int64, role Role, status int, at time.Time) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if tx.Dialect() == db.Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT id FROM account_operator WHERE role = 'ADMIN' AND status = 0 FOR UPDATE`); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_operator SET role = ?, status = ?, updated_at = ? WHERE id = ?
			AND ((? = 'ADMIN' AND ? = 0) OR (SELECT COUNT(*) FROM account_operator a WHERE a.role = 'ADMIN' AND a.status = 0 AND a.id <> ?) > 0)`),
			string(role), status, ms(at), id, string(role), status, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return apperr.Conflict("operator.last_admin")
		}
		return nil
	})
	if apperr.As(err).Code == "operator.last_admin" {
		return err
	}
	if err != nil {
		return apperr.Internal(err, "update operator")
	}
	return nil
}
