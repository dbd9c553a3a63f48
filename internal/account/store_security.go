package account

import (
	"context"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// RetireSMSCodes ends the live codes of a target and purpose (a send failed).
func (s *Store) RetireSMSCodes(ctx context.Context, purpose, dial, mobile string, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_sms_code SET used_at = ? WHERE purpose = ?
		AND country_dialing_code = ? AND mobile = ? AND used_at = 0`), ms(now), purpose, dial, mobile); err != nil {
		return apperr.Internal(err, "retire sms codes")
	}
	return nil
}

// KnownIP reports whether a member has logged in from ip before.
func (s *Store) KnownIP(ctx context.Context, memberID int64, ip string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT 1 FROM account_known_ip WHERE member_id = ? AND ip = ?`), memberID, ip).Scan(&n)
	if db.IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Internal(err, "known ip")
	}
	return true, nil
}

// RememberIP records a login from ip.
func (s *Store) RememberIP(ctx context.Context, memberID int64, ip string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO account_known_ip (member_id, ip, first_seen_at, last_seen_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (member_id, ip) DO UPDATE SET last_seen_at = excluded.last_seen_at`),
		memberID, ip, ms(at), ms(at))
	if err != nil {
		return apperr.Internal(err, "remember ip")
	}
	return nil
}

// LoginTicket is a password login waiting for the new-IP code.
type LoginTicket struct {
	ID        int64
	MemberID  int64
	Method    string // sms or email
	Remember  bool
	LoginType string
	IP        string
	Tries     int
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    time.Time
}

// PutLoginTicket stores a ticket by the SHA-256 of its value and sets its ID.
func (s *Store) PutLoginTicket(ctx context.Context, hash string, t *LoginTicket) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM account_login_ticket WHERE expires_at < ?`), ms(t.CreatedAt)-int64(time.Hour/time.Millisecond)); err != nil {
			return apperr.Internal(err, "purge login tickets")
		}
		err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO account_login_ticket (ticket_hash, member_id, method, remember,
			login_type, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			hash, t.MemberID, t.Method, b2i(t.Remember), t.LoginType, t.IP, ms(t.CreatedAt), ms(t.ExpiresAt)).Scan(&t.ID)
		if err != nil {
			return apperr.Internal(err, "insert login ticket")
		}
		return nil
	})
}

// LoginTicketByHash reads a ticket (used, expired or dead ones included).
func (s *Store) LoginTicketByHash(ctx context.Context, hash string) (LoginTicket, bool, error) {
	var t LoginTicket
	var remember int
	var created, expires, used int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT id, member_id, method, remember, login_type, ip, tries, created_at,
		expires_at, used_at FROM account_login_ticket WHERE ticket_hash = ?`), hash).
		Scan(&t.ID, &t.MemberID, &t.Method, &remember, &t.LoginType, &t.IP, &t.Tries, &created, &expires, &used)
	if db.IsNoRows(err) {
		return t, false, nil
	}
	if err != nil {
		return t, false, apperr.Internal(err, "select login ticket")
	}
	t.Remember = remember != 0
	t.CreatedAt, t.ExpiresAt, t.UsedAt = fromMS(created), fromMS(expires), fromMS(used)
	return t, true, nil
}

// CountTicketTry adds one wrong code and returns the new count.
func (s *Store) CountTicketTry(ctx context.Context, id int64) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`UPDATE account_login_ticket SET tries = tries + 1 WHERE id = ? RETURNING tries`), id).Scan(&n)
	if err != nil {
		return 0, apperr.Internal(err, "count ticket try")
	}
	return n, nil
}

// UseLoginTicket marks a live ticket used; false when it was not live (raced, expired).
func (s *Store) UseLoginTicket(ctx context.Context, id int64, now time.Time, maxTries int) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_login_ticket SET used_at = ? WHERE id = ? AND used_at = 0
		AND expires_at > ? AND tries < ?`), ms(now), id, ms(now), maxTries)
	if err != nil {
		return false, apperr.Internal(err, "use login ticket")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// MemberByEmail finds a member by e-mail, case-insensitively (the lowest id when several share one).
func (s *Store) MemberByEmail(ctx context.Context, email string) (Member, error) {
	m, err := scanMember(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+memberCols+` FROM account_member
		WHERE LOWER(email) = ? ORDER BY id LIMIT 1`), strings.ToLower(email)))
	if db.IsNoRows(err) {
		return m, apperr.NotFound("account.not_found")
	}
	if err != nil {
		return m, apperr.Internal(err, "select member by email")
	}
	return m, nil
}

// BindMobile sets a member's mobile number; a number another member holds
// is account.mobile_taken (the unique index decides when two binds race).
func (s *Store) BindMobile(ctx context.Context, memberID int64, dial, mobile string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_member SET country_dialing_code = ?, mobile = ?, updated_at = ?
		WHERE id = ?`), dial, mobile, ms(at), memberID)
	if err != nil {
		if strings.Contains(err.Error(), "mobile") || strings.Contains(strings.ToUpper(err.Error()), "UNIQUE") {
			return apperr.Conflict("account.mobile_taken")
		}
		return apperr.Internal(err, "bind mobile")
	}
	return nil
}

// BindEmail sets a member's e-mail unless another member holds it
// (case-insensitively): account.email_taken.
func (s *Store) BindEmail(ctx context.Context, memberID int64, email string, at time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var other int64
		err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT id FROM account_member WHERE LOWER(email) = ? AND id <> ? LIMIT 1`),
			strings.ToLower(email), memberID).Scan(&other)
		switch {
		case err == nil:
			return apperr.Conflict("account.email_taken")
		case !db.IsNoRows(err):
			return apperr.Internal(err, "check email")
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET email = ?, updated_at = ? WHERE id = ?`),
			email, ms(at), memberID); err != nil {
			return apperr.Internal(err, "bind email")
		}
		return nil
	})
}

// PreviousLogin is the successful login before the latest one (zero when none).
func (s *Store) PreviousLogin(ctx context.Context, memberID int64) (at time.Time, ip string, err error) {
	var t int64
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT created_at, ip FROM account_audit WHERE member_id = ? AND event = ?
		ORDER BY id DESC LIMIT 1 OFFSET 1`), memberID, EventLoginOK).Scan(&t, &ip)
	if db.IsNoRows(err) {
		return time.Time{}, "", nil
	}
	if err != nil {
		return time.Time{}, "", apperr.Internal(err, "previous login")
	}
	return fromMS(t), ip, nil
}
