package account

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the account SQL for SQLite and PostgreSQL. Times are stored as
// Unix milliseconds, 0 meaning "never".
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Session is one stored login. The token itself is never stored, only its SHA-256.
type Session struct {
	TokenHash  string
	MemberID   int64
	Remember   bool
	LoginType  string
	IP         string
	UserAgent  string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time // absolute limit
	RevokedAt  time.Time
}

// AuditEvent is one row of the auth audit log.
type AuditEvent struct {
	MemberID int64
	Account  string
	Event    string
	IP       string
	Detail   string
	At       time.Time
}

// Audit event names.
const (
	EventLoginOK        = "login_ok"
	EventLoginFail      = "login_fail"
	EventLogout         = "logout"
	EventRegister       = "register"
	EventPasswordChange = "password_change"
	EventLockout        = "lockout"
	EventFreeplay       = "freeplay"
)

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

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

const memberCols = `id, account, nickname, type, status, password_hash, default_password, password_changed_at,
	last_login_at, last_login_ip, email, mobile, country_dialing_code, payee_name, referral_code, affiliate_code,
	COALESCE(own_affiliate_code, ''), COALESCE(parent_id, 0), register_url, domain, register_method, register_ip, extra, avatar, created_at`

type scanner interface{ Scan(dest ...any) error }

func scanMember(row scanner) (Member, error) {
	var m Member
	var def int
	var pwdAt, lastAt, created int64
	err := row.Scan(&m.ID, &m.Account, &m.Nickname, &m.Type, &m.Status, &m.PasswordHash, &def, &pwdAt,
		&lastAt, &m.LastLoginIP, &m.Email, &m.Mobile, &m.CountryDialingCode, &m.PayeeName, &m.ReferralCode,
		&m.AffiliateCode, &m.OwnAffiliateCode, &m.ParentID, &m.RegisterURL, &m.Domain, &m.RegisterMethod,
		&m.RegisterIP, &m.Extra, &m.Avatar, &created)
	m.DefaultPassword = def != 0
	m.PasswordChangedAt, m.LastLoginAt, m.CreatedAt = fromMS(pwdAt), fromMS(lastAt), fromMS(created)
	return m, err
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullableID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// CreateMember inserts m and sets its ID. A taken username or mobile is a
// conflict with a stable code, also when two registrations race.
func (s *Store) CreateMember(ctx context.Context, m *Member) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error { return createMember(ctx, tx, m, registeredHow(m)) })
}

// registeredHow is a registration fact's Detail for a member made with a
// password (or none: a trial).
func registeredHow(m *Member) string {
	if m.Type == TypeTrial {
		return "trial"
	}
	return "password"
}

// createMember inserts m and, in the same transaction, its registration
// fact (activity.Registered, key member:<id>), how it registered in Detail.
func createMember(ctx context.Context, tx *db.Tx, m *Member, how string) error {
	if m.Extra == "" {
		m.Extra = "{}"
	}
	now := ms(m.CreatedAt)
	err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO account_member (account, account_lower, nickname, type, status,
		password_hash, default_password, password_changed_at, email, mobile, country_dialing_code, payee_name,
		referral_code, affiliate_code, own_affiliate_code, parent_id, register_url, domain, register_method,
		register_ip, extra, last_login_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		m.Account, strings.ToLower(m.Account), m.Nickname, m.Type, m.Status, m.PasswordHash, b2i(m.DefaultPassword),
		ms(m.PasswordChangedAt), m.Email, m.Mobile, m.CountryDialingCode, m.PayeeName, m.ReferralCode,
		m.AffiliateCode, nullable(m.OwnAffiliateCode), nullableID(m.ParentID), m.RegisterURL, m.Domain,
		m.RegisterMethod, m.RegisterIP, m.Extra, ms(m.LastLoginAt), now, now).Scan(&m.ID)
	if err != nil {
		msg := err.Error()
		switch {
		case strings.Contains(msg, "account_lower"):
			return apperr.Conflict("account.username_taken")
		case strings.Contains(msg, "mobile"):
			return apperr.Conflict("account.mobile_taken")
		case strings.Contains(msg, "own_affiliate"):
			return apperr.Conflict("account.affiliate_invalid")
		}
		return apperr.Internal(err, "insert member")
	}
	at := m.CreatedAt
	if at.IsZero() {
		at = time.Now()
	}
	if err := activity.Append(ctx, tx, activity.Fact{Key: "member:" + strconv.FormatInt(m.ID, 10), Kind: activity.Registered,
		MemberID: m.ID, Detail: how, Ref: idText(m.ParentID), At: at}); err != nil {
		return apperr.Internal(err, "registration fact")
	}
	if m.ReferrerID > 0 {
		if err := activity.Append(ctx, tx, activity.Fact{Key: "referred:" + strconv.FormatInt(m.ID, 10), Kind: activity.Referred,
			MemberID: m.ID, Ref: strconv.FormatInt(m.ReferrerID, 10), Detail: m.ReferralCode, At: at}); err != nil {
			return apperr.Internal(err, "referral fact")
		}
	}
	return nil
}

// MemberByAccount finds a member by username, case-insensitively.
func (s *Store) MemberByAccount(ctx context.Context, account string) (Member, error) {
	return s.member(ctx, `account_lower = ?`, strings.ToLower(account))
}

func (s *Store) MemberByID(ctx context.Context, id int64) (Member, error) {
	return s.member(ctx, `id = ?`, id)
}

// AgentByAffiliateCode finds an active agent by its invitation code (case-insensitive).
func (s *Store) AgentByAffiliateCode(ctx context.Context, code string) (Member, error) {
	return s.member(ctx, `UPPER(own_affiliate_code) = ? AND status = 0 AND type IN (1, 2, 41, 42)`, strings.ToUpper(code))
}

func (s *Store) member(ctx context.Context, where string, arg any) (Member, error) {
	m, err := scanMember(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+memberCols+` FROM account_member WHERE `+where), arg))
	if db.IsNoRows(err) {
		return m, apperr.NotFound("account.not_found")
	}
	if err != nil {
		return m, apperr.Internal(err, "select member")
	}
	return m, nil
}

// StartSession stores a new session and records the login on the member, in
// one transaction; it returns the previous login time.
func (s *Store) StartSession(ctx context.Context, sess Session) (prev time.Time, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var last int64
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT last_login_at FROM account_member WHERE id = ?`), sess.MemberID).Scan(&last); err != nil {
			return apperr.Internal(err, "read last login")
		}
		prev = fromMS(last)
		if err := insertSession(ctx, tx, sess); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET last_login_at = ?, last_login_ip = ?, updated_at = ? WHERE id = ?`),
			ms(sess.CreatedAt), sess.IP, ms(sess.CreatedAt), sess.MemberID); err != nil {
			return apperr.Internal(err, "record login")
		}
		return nil
	})
	return prev, err
}

// insertSession stores a new session and, in the same transaction, its
// login fact (activity.LoggedIn: the client IP in Detail, the login type in
// Ref; keyed by the session, whose token hash is not a credential).
func insertSession(ctx context.Context, tx *db.Tx, sess Session) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO account_session (token_hash, member_id, remember, login_type, ip,
		user_agent, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		sess.TokenHash, sess.MemberID, b2i(sess.Remember), sess.LoginType, sess.IP, sess.UserAgent,
		ms(sess.CreatedAt), ms(sess.LastSeenAt), ms(sess.ExpiresAt))
	if err != nil {
		return apperr.Internal(err, "insert session")
	}
	at := sess.CreatedAt
	if at.IsZero() {
		at = time.Now()
	}
	if err := activity.Append(ctx, tx, activity.Fact{Key: "login:" + sess.TokenHash, Kind: activity.LoggedIn,
		MemberID: sess.MemberID, Detail: sess.IP, Ref: sess.LoginType, At: at}); err != nil {
		return apperr.Internal(err, "login fact")
	}
	return nil
}

// CreateMemberWithSession registers a member and logs it in atomically.
func (s *Store) CreateMemberWithSession(ctx context.Context, m *Member, sess *Session) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := createMember(ctx, tx, m, registeredHow(m)); err != nil {
			return err
		}
		if sess == nil {
			return nil
		}
		sess.MemberID = m.ID
		if err := insertSession(ctx, tx, *sess); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET last_login_at = ?, last_login_ip = ? WHERE id = ?`),
			ms(sess.CreatedAt), sess.IP, m.ID)
		if err != nil {
			return apperr.Internal(err, "record login")
		}
		return nil
	})
}

// SessionCaller reads a session with its member in one query.
func (s *Store) SessionCaller(ctx context.Context, tokenHash string) (Session, Member, error) {
	var sess Session
	var remember int
	var created, seen, expires, revoked int64
	var m Member
	var def int
	var pwdAt, lastAt, mcreated int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT s.member_id, s.remember, s.login_type, s.created_at, s.last_seen_at,
		s.expires_at, s.revoked_at, m.account, m.nickname, m.type, m.status, m.default_password, m.password_changed_at,
		m.last_login_at, m.email, m.mobile, m.country_dialing_code, m.payee_name, COALESCE(m.own_affiliate_code, ''),
		m.avatar, m.created_at
		FROM account_session s JOIN account_member m ON m.id = s.member_id WHERE s.token_hash = ?`), tokenHash).
		Scan(&sess.MemberID, &remember, &sess.LoginType, &created, &seen, &expires, &revoked, &m.Account, &m.Nickname,
			&m.Type, &m.Status, &def, &pwdAt, &lastAt, &m.Email, &m.Mobile, &m.CountryDialingCode, &m.PayeeName,
			&m.OwnAffiliateCode, &m.Avatar, &mcreated)
	if db.IsNoRows(err) {
		return sess, m, apperr.Unauthorized("auth.session_expired")
	}
	if err != nil {
		return sess, m, apperr.Internal(err, "select session")
	}
	sess.TokenHash, sess.Remember = tokenHash, remember != 0
	sess.CreatedAt, sess.LastSeenAt, sess.ExpiresAt, sess.RevokedAt = fromMS(created), fromMS(seen), fromMS(expires), fromMS(revoked)
	m.ID = sess.MemberID
	m.DefaultPassword = def != 0
	m.PasswordChangedAt, m.LastLoginAt, m.CreatedAt = fromMS(pwdAt), fromMS(lastAt), fromMS(mcreated)
	return sess, m, nil
}

// TouchSession moves the idle clock forward.
func (s *Store) TouchSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_session SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?`),
		ms(at), tokenHash, ms(at))
	if err != nil {
		return apperr.Internal(err, "touch session")
	}
	return nil
}

// RevokeSession ends one session; it reports whether a live one was ended.
func (s *Store) RevokeSession(ctx context.Context, tokenHash string, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_session SET revoked_at = ? WHERE token_hash = ? AND revoked_at = 0`),
		ms(at), tokenHash)
	if err != nil {
		return false, apperr.Internal(err, "revoke session")
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// RevokeMemberSessions ends every live session of a member.
func (s *Store) RevokeMemberSessions(ctx context.Context, memberID int64, at time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_session SET revoked_at = ? WHERE member_id = ? AND revoked_at = 0`),
		ms(at), memberID); err != nil {
		return apperr.Internal(err, "revoke member sessions")
	}
	return nil
}

// ChangePassword stores a new hash, revokes every session of the member
// except keep (the caller's own, "" for none) and retires every live reset
// link, in one transaction.
func (s *Store) ChangePassword(ctx context.Context, memberID int64, hash string, at time.Time, keep string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET password_hash = ?, default_password = 0,
			password_changed_at = ?, updated_at = ? WHERE id = ?`), hash, ms(at), ms(at), memberID); err != nil {
			return apperr.Internal(err, "update password")
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_session SET revoked_at = ?
			WHERE member_id = ? AND revoked_at = 0 AND token_hash <> ?`), ms(at), memberID, keep); err != nil {
			return apperr.Internal(err, "revoke sessions")
		}
		return retireResetTokens(ctx, tx, memberID, at)
	})
}

// RehashPassword upgrades a stored hash to current parameters (same password).
func (s *Store) RehashPassword(ctx context.Context, memberID int64, oldHash, newHash string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_member SET password_hash = ? WHERE id = ? AND password_hash = ?`),
		newHash, memberID, oldHash)
	if err != nil {
		return apperr.Internal(err, "rehash")
	}
	return nil
}

// PutCaptcha stores a captcha answer and drops expired ones.
func (s *Store) PutCaptcha(ctx context.Context, key, answer string, expires, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM account_captcha WHERE expires_at < ?`), ms(now)); err != nil {
			return apperr.Internal(err, "purge captchas")
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO account_captcha (captcha_key, answer, expires_at) VALUES (?, ?, ?)`),
			key, answer, ms(expires)); err != nil {
			return apperr.Internal(err, "insert captcha")
		}
		return nil
	})
}

// TakeCaptcha removes a captcha and returns its answer: each key is usable once.
func (s *Store) TakeCaptcha(ctx context.Context, key string) (answer string, expires time.Time, found bool, err error) {
	var exp int64
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`DELETE FROM account_captcha WHERE captcha_key = ? RETURNING answer, expires_at`), key).
		Scan(&answer, &exp)
	if db.IsNoRows(err) {
		return "", time.Time{}, false, nil
	}
	if err != nil {
		return "", time.Time{}, false, apperr.Internal(err, "take captcha")
	}
	return answer, fromMS(exp), true, nil
}

// Audit appends one auth event.
func (s *Store) Audit(ctx context.Context, e AuditEvent) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO account_audit (member_id, account, event, ip, detail, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`), nullableID(e.MemberID), e.Account, e.Event, e.IP, e.Detail, ms(e.At))
	if err != nil {
		return apperr.Internal(err, "audit")
	}
	return nil
}

// AuditEvents lists the events of an account name, newest first (tests, back office).
func (s *Store) AuditEvents(ctx context.Context, account string, limit int) ([]AuditEvent, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT COALESCE(member_id, 0), account, event, ip, detail, created_at
		FROM account_audit WHERE account = ? ORDER BY id DESC LIMIT ?`), strings.ToLower(account), limit)
	if err != nil {
		return nil, apperr.Internal(err, "audit list")
	}
	defer rows.Close()
	var out []AuditEvent
	for rows.Next() {
		var e AuditEvent
		var at int64
		if err := rows.Scan(&e.MemberID, &e.Account, &e.Event, &e.IP, &e.Detail, &at); err != nil {
			return nil, apperr.Internal(err, "audit scan")
		}
		e.At = fromMS(at)
		out = append(out, e)
	}
	return out, rows.Err()
}

// CreateOperator adds a back-office operator (no /wps login; the back office comes later).
func (s *Store) CreateOperator(ctx context.Context, username, hash, role string, at time.Time) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`INSERT INTO account_operator (username_lower, username, password_hash, role,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`), strings.ToLower(username), username, hash, role, ms(at), ms(at)).Scan(&id)
	if err != nil {
		if strings.Contains(err.Error(), "username_lower") || strings.Contains(err.Error(), "UNIQUE") {
			return 0, apperr.Conflict("account.username_taken")
		}
		return 0, apperr.Internal(err, "insert operator")
	}
	return id, nil
}

// MemberByMobile finds a member by dialling code and national number.
func (s *Store) MemberByMobile(ctx context.Context, dial, mobile string) (Member, error) {
	m, err := scanMember(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+memberCols+` FROM account_member
		WHERE country_dialing_code = ? AND mobile = ?`), dial, mobile))
	if db.IsNoRows(err) {
		return m, apperr.NotFound("account.not_found")
	}
	if err != nil {
		return m, apperr.Internal(err, "select member by mobile")
	}
	return m, nil
}

// PutSMSCode stores a new code for a number and purpose, retiring older ones.
func (s *Store) PutSMSCode(ctx context.Context, purpose, dial, mobile, codeHash string, now, expires time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_sms_code SET used_at = ? WHERE purpose = ?
			AND country_dialing_code = ? AND mobile = ? AND used_at = 0`), ms(now), purpose, dial, mobile); err != nil {
			return apperr.Internal(err, "retire sms codes")
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO account_sms_code (purpose, country_dialing_code, mobile,
			code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`), purpose, dial, mobile, codeHash, ms(now), ms(expires)); err != nil {
			return apperr.Internal(err, "insert sms code")
		}
		return nil
	})
}

// SMS code outcomes.
const (
	SMSCodeOK = iota
	SMSCodeWrong
	SMSCodeExpired
)

// UseSMSCode checks the live code of a number: a match marks it used, a
// miss counts a try (a code dies after maxTries misses).
func (s *Store) UseSMSCode(ctx context.Context, purpose, dial, mobile, codeHash string, now time.Time, maxTries int) (int, error) {
	outcome := SMSCodeWrong
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		q := `SELECT id, code_hash, tries, expires_at FROM account_sms_code WHERE purpose = ? AND country_dialing_code = ?
			AND mobile = ? AND used_at = 0 ORDER BY id DESC LIMIT 1`
		if tx.Dialect() == db.Postgres {
			q += ` FOR UPDATE`
		}
		var id, expires int64
		var hash string
		var tries int
		err := tx.QueryRowContext(ctx, tx.Rebind(q), purpose, dial, mobile).Scan(&id, &hash, &tries, &expires)
		if db.IsNoRows(err) {
			return nil
		}
		if err != nil {
			return apperr.Internal(err, "select sms code")
		}
		switch {
		case ms(now) >= expires:
			outcome = SMSCodeExpired
		case tries >= maxTries:
		case hash == codeHash:
			outcome = SMSCodeOK
			_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE account_sms_code SET used_at = ? WHERE id = ?`), ms(now), id)
		default:
			_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE account_sms_code SET tries = tries + 1 WHERE id = ?`), id)
		}
		if err != nil {
			return apperr.Internal(err, "update sms code")
		}
		return nil
	})
	return outcome, err
}

// PutResetToken stores an e-mailed reset link's token hash and retires
// every older link of the member: only the newest one works.
func (s *Store) PutResetToken(ctx context.Context, hash string, memberID int64, now, expires time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := retireResetTokens(ctx, tx, memberID, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO account_reset_token (token_hash, member_id, created_at, expires_at)
			VALUES (?, ?, ?, ?)`), hash, memberID, ms(now), ms(expires)); err != nil {
			return apperr.Internal(err, "insert reset token")
		}
		return nil
	})
}

// retireResetTokens marks every live reset link of a member used.
func retireResetTokens(ctx context.Context, tx *db.Tx, memberID int64, now time.Time) error {
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_reset_token SET used_at = ? WHERE member_id = ? AND used_at = 0`),
		ms(now), memberID); err != nil {
		return apperr.Internal(err, "retire reset tokens")
	}
	return nil
}

// UseResetToken marks a live reset token used, with every other live link
// of its member, and returns the member (0 when the token is not live).
// The conditional UPDATE lets only one of parallel uses through.
func (s *Store) UseResetToken(ctx context.Context, hash string, now time.Time) (int64, error) {
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		err := tx.QueryRowContext(ctx, tx.Rebind(`UPDATE account_reset_token SET used_at = ? WHERE token_hash = ?
			AND used_at = 0 AND expires_at > ? RETURNING member_id`), ms(now), hash, ms(now)).Scan(&id)
		if db.IsNoRows(err) {
			id = 0
			return nil
		}
		if err != nil {
			return apperr.Internal(err, "use reset token")
		}
		return retireResetTokens(ctx, tx, id, now)
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// ResetTokenMember returns the member of a live reset token (0 when none) without using it.
func (s *Store) ResetTokenMember(ctx context.Context, hash string, now time.Time) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT member_id FROM account_reset_token WHERE token_hash = ?
		AND used_at = 0 AND expires_at > ?`), hash, ms(now)).Scan(&id)
	if db.IsNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, apperr.Internal(err, "read reset token")
	}
	return id, nil
}
