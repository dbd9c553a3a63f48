package affiliate

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store keeps affiliate_application.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

const columns = `id, COALESCE(member_id, 0), account, contact_name, country_dialing_code, mobile, email, channel, channel_url,
	audience, message, language, ip, user_agent, status, agent_type, COALESCE(upline_id, 0), COALESCE(agent_id, 0),
	agent_account, invitation_code, delivered, reason, decided_by_name, decided_at, created_at`

type scanner interface{ Scan(...any) error }

func scan(r scanner) (Application, error) {
	var a Application
	var decided, created int64
	var extra string
	err := r.Scan(&a.ID, &a.MemberID, &a.Account, &a.ContactName, &a.CountryDialingCode, &a.Mobile, &a.Email, &a.Channel,
		&a.ChannelURL, &a.Audience, &extra, &a.Language, &a.IP, &a.UserAgent, &a.Status, &a.AgentType, &a.UplineID, &a.AgentID,
		&a.AgentAccount, &a.InvitationCode, &a.Delivered, &a.Reason, &a.DecidedByName, &decided, &created)
	if err != nil {
		return a, err
	}
	// message holds the applicant's message and, for a visitor, the
	// wished username: {"m": ..., "u": ...}.
	var body struct{ M, U string }
	if json.Unmarshal([]byte(extra), &body) == nil {
		a.Message, a.Username = body.M, body.U
	}
	if decided != 0 {
		a.DecidedAt = time.UnixMilli(decided)
	}
	a.CreatedAt = time.UnixMilli(created)
	a.fill()
	return a, nil
}

// Insert stores a pending application; a pending one of the same
// applicant (member, mobile or e-mail) answers ErrAlreadyPending, also
// when both arrive at once (the unique pending keys).
func (s *Store) Insert(ctx context.Context, a *Application) error {
	k1, k2 := a.pendingKeys()
	body, _ := json.Marshal(struct {
		M string `json:"m"`
		U string `json:"u,omitempty"`
	}{a.Message, a.Username})
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`INSERT INTO affiliate_application (member_id, account, contact_name,
		country_dialing_code, mobile, email, channel, channel_url, audience, message, language, ip, user_agent, status,
		pending_key, pending_email, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id`),
		nullableID(a.MemberID), a.Account, a.ContactName, a.CountryDialingCode, a.Mobile, a.Email, a.Channel, a.ChannelURL,
		a.Audience, string(body), a.Language, a.IP, a.UserAgent, k1, k2, a.CreatedAt.UnixMilli()).Scan(&a.ID)
	if err != nil {
		if strings.Contains(err.Error(), "pending") || strings.Contains(strings.ToLower(err.Error()), "unique") {
			return ErrAlreadyPending
		}
		return apperr.Internal(err, "insert affiliate application")
	}
	a.Status = StatusPending
	a.fill()
	return nil
}

func nullableID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// Get reads one application.
func (s *Store) Get(ctx context.Context, id int64) (Application, error) {
	a, err := scan(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+columns+` FROM affiliate_application WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return a, ErrNotFound
	}
	if err != nil {
		return a, apperr.Internal(err, "read affiliate application")
	}
	return a, nil
}

// Latest is a member's newest application (ok false: none).
func (s *Store) Latest(ctx context.Context, memberID int64) (Application, bool, error) {
	a, err := scan(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+columns+` FROM affiliate_application WHERE member_id = ?
		ORDER BY id DESC LIMIT 1`), memberID))
	if db.IsNoRows(err) {
		return a, false, nil
	}
	if err != nil {
		return a, false, apperr.Internal(err, "read affiliate application")
	}
	return a, true, nil
}

// Filter is a console list query.
type Filter struct {
	Status  int // -1: any
	Channel string
	Q       string // contact name, username, mobile or e-mail, contains (case-insensitive)
	Offset  int
	Limit   int
}

// List pages applications, newest first, with the total.
func (s *Store) List(ctx context.Context, f Filter) ([]Application, int, error) {
	var where []string
	var args []any
	if f.Status >= 0 {
		where, args = append(where, `status = ?`), append(args, f.Status)
	}
	if f.Channel != "" {
		where, args = append(where, `channel = ?`), append(args, f.Channel)
	}
	if f.Q != "" {
		like := "%" + escapeLike(strings.ToLower(f.Q)) + "%"
		where = append(where, `(lower(contact_name) LIKE ? ESCAPE '\' OR lower(account) LIKE ? ESCAPE '\' OR mobile LIKE ? ESCAPE '\'
			OR lower(email) LIKE ? ESCAPE '\' OR lower(agent_account) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like, like, like)
	}
	cond := ""
	if len(where) > 0 {
		cond = ` WHERE ` + strings.Join(where, ` AND `)
	}
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM affiliate_application`+cond), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count affiliate applications")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+columns+` FROM affiliate_application`+cond+` ORDER BY id DESC LIMIT ? OFFSET ?`),
		append(args, f.Limit, f.Offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "list affiliate applications")
	}
	defer rows.Close()
	out := []Application{}
	for rows.Next() {
		a, err := scan(rows)
		if err != nil {
			return nil, 0, apperr.Internal(err, "scan affiliate application")
		}
		out = append(out, a)
	}
	return out, total, rows.Err()
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// Decision is what an operator decided.
type Decision struct {
	Status    int
	AgentType int
	UplineID  int64
	Reason    string
	By        int64
	ByName    string
	At        time.Time
}

// Claim moves a pending application to its decision; false when it was
// not pending any more (another operator decided first). The pending keys
// are released with it.
func (s *Store) Claim(ctx context.Context, id int64, d Decision) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE affiliate_application SET status = ?, agent_type = ?, upline_id = ?,
		reason = ?, decided_by = ?, decided_by_name = ?, decided_at = ?, pending_key = NULL, pending_email = NULL
		WHERE id = ? AND status = 0`), d.Status, d.AgentType, nullableID(d.UplineID), d.Reason, d.By, d.ByName, d.At.UnixMilli(), id)
	if err != nil {
		return false, apperr.Internal(err, "decide affiliate application")
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, apperr.Internal(err, "decide affiliate application")
	}
	return n == 1, nil
}

// Unclaim puts an approval whose account change failed back to pending,
// with its keys (a when it was read before the claim).
func (s *Store) Unclaim(ctx context.Context, a Application) error {
	k1, k2 := a.pendingKeys()
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE affiliate_application SET status = 0, agent_type = 0, upline_id = NULL,
		reason = '', decided_by = NULL, decided_by_name = '', decided_at = 0, pending_key = ?, pending_email = ?
		WHERE id = ? AND status = 1 AND agent_id IS NULL`), k1, k2, a.ID)
	if err != nil {
		return apperr.Internal(err, "undo affiliate decision")
	}
	return nil
}

// SetAgent records the agent an approval made.
func (s *Store) SetAgent(ctx context.Context, id, agentID int64, agentAccount, code string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE affiliate_application SET agent_id = ?, agent_account = ?, invitation_code = ?
		WHERE id = ?`), agentID, agentAccount, code, id)
	if err != nil {
		return apperr.Internal(err, "record affiliate agent")
	}
	return nil
}

// SetDelivered records where a new account's sign-in details went.
func (s *Store) SetDelivered(ctx context.Context, id int64, channels []string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE affiliate_application SET delivered = ? WHERE id = ?`),
		strings.Join(channels, ","), id)
	if err != nil {
		return apperr.Internal(err, "record affiliate delivery")
	}
	return nil
}
