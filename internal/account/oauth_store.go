package account

import (
	"context"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// OAuthLink is a provider account linked to a member (permanent).
type OAuthLink struct {
	Provider  string
	Subject   string
	MemberID  int64
	Email     string
	Name      string
	CreatedAt time.Time
}

// oauthTicket is a single-use ticket after a provider login (stored as SHA-256).
type oauthTicket struct {
	Kind      string // ticketLogin or ticketLink
	Provider  string
	Subject   string
	MemberID  int64
	Email     string
	Name      string
	CreatedAt time.Time
	ExpiresAt time.Time
}

const (
	ticketLogin = "login"
	ticketLink  = "link"
)

// LinkedMember finds the member linked to a provider account.
func (s *Store) LinkedMember(ctx context.Context, provider, subject string) (Member, error) {
	m, err := scanMember(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+memberCols+` FROM account_member
		WHERE id = (SELECT member_id FROM account_oauth_link WHERE provider = ? AND subject = ?)`), provider, subject))
	if db.IsNoRows(err) {
		return m, apperr.NotFound("account.not_found")
	}
	if err != nil {
		return m, apperr.Internal(err, "select linked member")
	}
	return m, nil
}

// OAuthLinks lists a member's links.
func (s *Store) OAuthLinks(ctx context.Context, memberID int64) ([]OAuthLink, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT provider, subject, member_id, email, name, created_at
		FROM account_oauth_link WHERE member_id = ? ORDER BY provider`), memberID)
	if err != nil {
		return nil, apperr.Internal(err, "select links")
	}
	defer rows.Close()
	var out []OAuthLink
	for rows.Next() {
		var l OAuthLink
		var at int64
		if err := rows.Scan(&l.Provider, &l.Subject, &l.MemberID, &l.Email, &l.Name, &at); err != nil {
			return nil, apperr.Internal(err, "scan link")
		}
		l.CreatedAt = fromMS(at)
		out = append(out, l)
	}
	return out, rows.Err()
}

func insertLink(ctx context.Context, tx *db.Tx, l OAuthLink) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO account_oauth_link (provider, subject, member_id, email, name, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`), l.Provider, l.Subject, l.MemberID, l.Email, l.Name, ms(l.CreatedAt))
	if err != nil {
		msg := strings.ToLower(err.Error())
		if strings.Contains(msg, "unique") || strings.Contains(msg, "duplicate") || strings.Contains(msg, "primary") {
			return apperr.Conflict("oauth.already_linked")
		}
		return apperr.Internal(err, "insert link")
	}
	return nil
}

// PutOAuthTicket stores a ticket under its hash and purges expired ones.
func (s *Store) PutOAuthTicket(ctx context.Context, hash string, t oauthTicket) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM account_oauth_ticket WHERE expires_at < ?`), ms(t.CreatedAt)); err != nil {
		return apperr.Internal(err, "purge tickets")
	}
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO account_oauth_ticket (ticket_hash, kind, provider, subject, member_id,
		email, name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		hash, t.Kind, t.Provider, t.Subject, t.MemberID, t.Email, t.Name, ms(t.CreatedAt), ms(t.ExpiresAt))
	if err != nil {
		return apperr.Internal(err, "insert ticket")
	}
	return nil
}

// PeekOAuthTicket reads a live ticket of a kind without spending it.
func (s *Store) PeekOAuthTicket(ctx context.Context, hash, kind string, now time.Time) (oauthTicket, error) {
	return scanTicket(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT kind, provider, subject, member_id, email, name, created_at, expires_at
		FROM account_oauth_ticket WHERE ticket_hash = ? AND kind = ? AND expires_at > ?`), hash, kind, ms(now)))
}

// takeTicket spends a live ticket inside tx: of several concurrent callers
// exactly one gets it (the DELETE decides).
func takeTicket(ctx context.Context, tx *db.Tx, hash, kind string, now time.Time) (oauthTicket, error) {
	t, err := scanTicket(tx.QueryRowContext(ctx, tx.Rebind(`SELECT kind, provider, subject, member_id, email, name, created_at, expires_at
		FROM account_oauth_ticket WHERE ticket_hash = ? AND kind = ? AND expires_at > ?`), hash, kind, ms(now)))
	if err != nil {
		return t, err
	}
	res, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM account_oauth_ticket WHERE ticket_hash = ?`), hash)
	if err != nil {
		return t, apperr.Internal(err, "spend ticket")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return t, apperr.Invalid("oauth.ticket_invalid")
	}
	return t, nil
}

func scanTicket(row scanner) (oauthTicket, error) {
	var t oauthTicket
	var created, expires int64
	err := row.Scan(&t.Kind, &t.Provider, &t.Subject, &t.MemberID, &t.Email, &t.Name, &created, &expires)
	if db.IsNoRows(err) {
		return t, apperr.Invalid("oauth.ticket_invalid")
	}
	if err != nil {
		return t, apperr.Internal(err, "select ticket")
	}
	t.CreatedAt, t.ExpiresAt = fromMS(created), fromMS(expires)
	return t, nil
}

// TakeOAuthTicket spends a ticket on its own.
func (s *Store) TakeOAuthTicket(ctx context.Context, hash, kind string, now time.Time) (t oauthTicket, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err = takeTicket(ctx, tx, hash, kind, now)
		return err
	})
	return t, err
}

// LinkWithTicket spends a link ticket and links its provider account to
// memberID, atomically.
func (s *Store) LinkWithTicket(ctx context.Context, hash string, memberID int64, now time.Time) (OAuthLink, error) {
	var l OAuthLink
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := takeTicket(ctx, tx, hash, ticketLink, now)
		if err != nil {
			return err
		}
		l = OAuthLink{Provider: t.Provider, Subject: t.Subject, MemberID: memberID, Email: t.Email, Name: t.Name, CreatedAt: now}
		return insertLink(ctx, tx, l)
	})
	return l, err
}

// CreateLinkedMember spends a link ticket, creates m linked to the ticket's
// provider account and starts sess, atomically. A taken username rolls
// everything back (the caller retries with another name and a new ticket
// read).
func (s *Store) CreateLinkedMember(ctx context.Context, hash string, m *Member, sess *Session, now time.Time) (OAuthLink, error) {
	var l OAuthLink
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := takeTicket(ctx, tx, hash, ticketLink, now)
		if err != nil {
			return err
		}
		if err := createMember(ctx, tx, m, "oauth:"+t.Provider); err != nil {
			return err
		}
		l = OAuthLink{Provider: t.Provider, Subject: t.Subject, MemberID: m.ID, Email: t.Email, Name: t.Name, CreatedAt: now}
		if err := insertLink(ctx, tx, l); err != nil {
			return err
		}
		sess.MemberID = m.ID
		if err := insertSession(ctx, tx, *sess); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET last_login_at = ?, last_login_ip = ? WHERE id = ?`),
			ms(sess.CreatedAt), sess.IP, m.ID)
		if err != nil {
			return apperr.Internal(err, "record login")
		}
		return nil
	})
	return l, err
}
