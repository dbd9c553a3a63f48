package account

import (
	"context"
	"crypto/rand"
	"math/big"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// The back office's reads and actions on members (internal/players serves
// them under /ops/v1/players). Permissions are checked by the caller; these
// methods keep the account rules: a locked member cannot log in and every
// session ends at once, a reset password is a default one that forces a
// change at the next login.

// Search keys of SearchMembers.
const (
	ByUsername = "username" // prefix, case-insensitive
	ByMobile   = "mobile"   // the national number, with or without a dialing code or leading 0
	ByEmail    = "email"    // exact, case-insensitive
	ByID       = "id"
	ByIP       = "ip"    // registration IP or any login IP
	ByAgent    = "agent" // members whose upline agent has this username
)

// SearchKeys lists the keys in the order the console offers them.
var SearchKeys = []string{ByUsername, ByMobile, ByEmail, ByID, ByIP, ByAgent}

// MaxSearchText bounds q.
const MaxSearchText = 64

// MaxSearchCount bounds the counting of matches: a search counts at most
// MaxSearchCount+1 (a one-letter prefix on a million members would
// otherwise count a tenth of them on every page), and pages stop there.
const MaxSearchCount = 10000

// MemberSearch is one search: the key, the text, a page.
type MemberSearch struct {
	By     string
	Q      string
	Offset int
	Limit  int
}

// MemberSummary is a member as the back office lists and shows it.
type MemberSummary struct {
	Member
	Agent string // the upline agent's username, "" for none
}

// SearchMembers finds members by one key, newest first (by username: in
// username order). Each key is served by an index (migration 0031). The
// total is exact up to MaxSearchCount; more is answered MaxSearchCount+1.
func (s *Service) SearchMembers(ctx context.Context, q MemberSearch) ([]MemberSummary, int, error) {
	q.Q = strings.TrimSpace(q.Q)
	if q.Q == "" {
		return nil, 0, apperr.Invalid("players.query_required")
	}
	if !utf8.ValidString(q.Q) || utf8.RuneCountInString(q.Q) > MaxSearchText {
		return nil, 0, apperr.Invalid("players.query_too_long").With("max", MaxSearchText)
	}
	var where string
	var args []any
	order := `m.id DESC`
	switch q.By {
	case ByUsername:
		lo := strings.ToLower(q.Q)
		// A prefix is the range [p, p+U+10FFFF) in byte order: no LIKE, so
		// '%' and '_' are plain characters and the index serves it.
		col := `m.account_lower`
		if s.store.db.Dialect == db.Postgres {
			col = `m.account_lower COLLATE "C"`
		}
		where, args, order = col+` >= ? AND `+col+` < ?`, []any{lo, lo + "\U0010FFFF"}, col
	case ByMobile:
		where, args = mobileWhere(q.Q)
		if where == "" {
			return nil, 0, apperr.Invalid("players.invalid_query").With("by", q.By)
		}
	case ByEmail:
		where, args = `lower(m.email) = ?`, []any{strings.ToLower(q.Q)}
	case ByID:
		id, ok := parseID(q.Q)
		if !ok {
			return nil, 0, apperr.Invalid("players.invalid_query").With("by", q.By)
		}
		where, args = `m.id = ?`, []any{id}
	case ByIP:
		// A union, not an OR: each side is its own index lookup on both dialects.
		where, args = `m.id IN (SELECT id FROM account_member WHERE register_ip = ? UNION SELECT member_id FROM account_session WHERE ip = ?)`, []any{q.Q, q.Q}
	case ByAgent:
		where, args = `m.parent_id IN (SELECT id FROM account_member WHERE account_lower = ?)`, []any{strings.ToLower(q.Q)}
	default:
		return nil, 0, apperr.Invalid("players.invalid_by").With("allowed", strings.Join(SearchKeys, ","))
	}
	return s.store.searchMembers(ctx, where, order, args, q.Offset, q.Limit)
}

// mobileWhere matches a typed number against the stored national numbers:
// as typed, without a leading 0, and, with a dialing code of 1 to 3 digits
// in front, the rest under that code. Each alternative is an index lookup.
func mobileWhere(q string) (string, []any) {
	var d strings.Builder
	for _, r := range q {
		switch {
		case r >= '0' && r <= '9':
			d.WriteRune(r)
		case r == '+' || r == ' ' || r == '-' || r == '(' || r == ')' || r == '.':
		default:
			return "", nil
		}
	}
	num := d.String()
	if len(num) < 4 || len(num) > 18 {
		return "", nil
	}
	num = strings.TrimPrefix(num, "00")
	parts := []string{`m.mobile = ?`}
	args := []any{num}
	if t := strings.TrimLeft(num, "0"); t != num && t != "" {
		parts, args = append(parts, `m.mobile = ?`), append(args, t)
	}
	for k := 1; k <= 3 && len(num)-k >= 6; k++ {
		parts, args = append(parts, `(m.mobile = ? AND m.country_dialing_code = ?)`), append(args, num[k:], num[:k])
	}
	return `(` + strings.Join(parts, ` OR `) + `)`, args
}

func parseID(s string) (int64, bool) {
	if len(s) > 18 || !digits(s) {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		n = n*10 + int64(s[i]-'0')
	}
	return n, n > 0
}

// MemberDetail is one member with its upline agent's username.
func (s *Service) MemberDetail(ctx context.Context, id int64) (MemberSummary, error) {
	m, err := s.store.MemberByID(ctx, id)
	if err != nil {
		return MemberSummary{}, err
	}
	out := MemberSummary{Member: m}
	if m.ParentID != 0 {
		if p, err := s.store.MemberByID(ctx, m.ParentID); err == nil {
			out.Agent = p.Account
		}
	}
	return out, nil
}

// MembersByID reads members by id (unknown ids are left out).
func (s *Service) MembersByID(ctx context.Context, ids []int64) (map[int64]Member, error) {
	return s.store.membersByID(ctx, ids)
}

// DirectDownline lists the ids of the members whose upline is parentID
// (account_member_parent index), in id order.
func (s *Service) DirectDownline(ctx context.Context, parentID int64) ([]int64, error) {
	rows, err := s.store.db.QueryContext(ctx, s.store.db.Rebind(`SELECT id FROM account_member WHERE parent_id = ? ORDER BY id`), parentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Login is one login of a member (a session row).
type Login struct {
	At         time.Time
	IP         string
	UserAgent  string
	LoginType  string
	LastSeenAt time.Time
	ExpiresAt  time.Time
	RevokedAt  time.Time // zero: not revoked
}

// Logins pages a member's logins, newest first.
func (s *Service) Logins(ctx context.Context, memberID int64, offset, limit int) ([]Login, int, error) {
	return s.store.logins(ctx, memberID, offset, limit)
}

// FirstLogin is the member's first login (zero Login: none), the closest
// record of the device it registered on.
func (s *Service) FirstLogin(ctx context.Context, memberID int64) (Login, error) {
	l, _, err := s.store.loginsOrdered(ctx, memberID, 0, 1, "ASC", false)
	if err != nil || len(l) == 0 {
		return Login{}, err
	}
	return l[0], nil
}

// IPLink is another member seen at one of this member's IPs.
type IPLink struct {
	MemberID int64
	IP       string
}

// Limits of the IP links: the member's most recent distinct IPs looked at,
// and links answered.
const (
	maxLinkIPs = 50
	MaxLinks   = 100
)

// MembersSharingIP lists other real members who registered or logged in
// from an IP this member registered or logged in from (trial accounts are
// left out: they share devices by design).
func (s *Service) MembersSharingIP(ctx context.Context, memberID int64) ([]IPLink, error) {
	m, err := s.store.MemberByID(ctx, memberID)
	if err != nil {
		return nil, err
	}
	ips, err := s.store.recentIPs(ctx, memberID, maxLinkIPs)
	if err != nil {
		return nil, err
	}
	if m.RegisterIP != "" && !contains(ips, m.RegisterIP) {
		ips = append(ips, m.RegisterIP)
	}
	if len(ips) == 0 {
		return []IPLink{}, nil
	}
	return s.store.sharingIP(ctx, memberID, ips, MaxLinks)
}

// SharingIP tells, for each of the members, whether MembersSharingIP
// would list anyone: the same IPs looked at, for all of them (a page of
// withdrawal orders) in one statement on PostgreSQL (sharingIPSet), three
// on SQLite, instead of three per member.
func (s *Service) SharingIP(ctx context.Context, memberIDs []int64) (map[int64]bool, error) {
	out := make(map[int64]bool, len(memberIDs))
	if len(memberIDs) == 0 {
		return out, nil
	}
	if s.store.db.Dialect == db.Postgres {
		return s.store.sharingIPSet(ctx, memberIDs, maxLinkIPs)
	}
	members, err := s.store.MembersByID(ctx, memberIDs)
	if err != nil {
		return nil, err
	}
	recent, err := s.store.membersRecentIPs(ctx, memberIDs, maxLinkIPs)
	if err != nil {
		return nil, err
	}
	ips := map[int64][]string{}
	var all []string
	seen := map[string]bool{}
	for _, id := range memberIDs {
		m, ok := members[id]
		if !ok {
			return nil, apperr.NotFound("account.not_found")
		}
		list := recent[id]
		if m.RegisterIP != "" && !contains(list, m.RegisterIP) {
			list = append(list, m.RegisterIP)
		}
		ips[id] = list
		for _, ip := range list {
			if !seen[ip] {
				seen[ip] = true
				all = append(all, ip)
			}
		}
	}
	if len(all) == 0 {
		return out, nil
	}
	holders, err := s.store.ipHolders(ctx, all)
	if err != nil {
		return nil, err
	}
	for id, list := range ips {
		for _, ip := range list {
			if h, ok := holders[ip]; ok && (h[0] != id || h[1] != id) {
				out[id] = true
				break
			}
		}
	}
	return out, nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// StatusChange is what a lock or unlock found and left.
type StatusChange struct {
	Before, After int
}

// SetStatus locks (StatusDisabled) or unlocks (StatusActive) a member. The
// row is read and written in one transaction under its lock, so parallel
// locks and unlocks each see the state the previous one left; a lock also
// revokes every session in that transaction and then drops them from the
// caches here and on every instance, closing their sockets.
func (s *Service) SetStatus(ctx context.Context, memberID int64, status int) (StatusChange, error) {
	if status != StatusActive && status != StatusDisabled {
		return StatusChange{}, apperr.Invalid("players.invalid_status")
	}
	now := s.clock.Now()
	var ch StatusChange
	err := s.store.db.InTx(ctx, func(tx *db.Tx) error {
		lock := ""
		if tx.Dialect() == db.Postgres {
			lock = ` FOR UPDATE`
		}
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT status FROM account_member WHERE id = ?`+lock), memberID).Scan(&ch.Before); err != nil {
			if db.IsNoRows(err) {
				return apperr.NotFound("players.not_found").With("id", memberID)
			}
			return apperr.Internal(err, "read member status")
		}
		ch.After = status
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET status = ?, updated_at = ? WHERE id = ?`),
			status, ms(now), memberID); err != nil {
			return apperr.Internal(err, "set member status")
		}
		if status == StatusDisabled {
			if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_session SET revoked_at = ? WHERE member_id = ? AND revoked_at = 0`),
				ms(now), memberID); err != nil {
				return apperr.Internal(err, "revoke member sessions")
			}
		}
		return nil
	})
	if err != nil {
		return StatusChange{}, err
	}
	// Unlocking drops the cached sessions too: a cached entry holds the
	// member's old status.
	s.revoked(ctx, memberID, "", "")
	return ch, nil
}

// LogoutEverywhere ends every session of a member; it reports how many were live.
func (s *Service) LogoutEverywhere(ctx context.Context, memberID int64) (int, error) {
	if _, err := s.store.MemberByID(ctx, memberID); err != nil {
		return 0, err
	}
	now := s.clock.Now()
	var live int
	if err := s.store.db.QueryRowContext(ctx, s.store.db.Rebind(`SELECT COUNT(*) FROM account_session
		WHERE member_id = ? AND revoked_at = 0 AND expires_at > ?`), memberID, ms(now)).Scan(&live); err != nil {
		return 0, apperr.Internal(err, "count member sessions")
	}
	if err := s.store.RevokeMemberSessions(ctx, memberID, now); err != nil {
		return 0, err
	}
	s.revoked(ctx, memberID, "", "")
	return live, nil
}

// DefaultPasswordLen is the length of a generated default password.
const DefaultPasswordLen = 10

// ResetToDefault gives a member a new random default password, returned
// once: the member's logins answer passwordExpired and defaultPassword
// until it sets its own (the storefront's forced change). Every session
// and reset link ends.
func (s *Service) ResetToDefault(ctx context.Context, memberID int64) (string, error) {
	m, err := s.store.MemberByID(ctx, memberID)
	if err != nil {
		return "", err
	}
	if m.Type == TypeTrial {
		return "", apperr.Conflict("players.trial_account")
	}
	pw := newDefaultPassword(m.Account)
	hash, err := s.hasher.Hash(ctx, pw, s.cfg.Argon2)
	if err != nil {
		return "", err
	}
	now := s.clock.Now()
	err = s.store.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET password_hash = ?, default_password = 1,
			password_changed_at = ?, updated_at = ? WHERE id = ?`), hash, ms(now), ms(now), memberID); err != nil {
			return apperr.Internal(err, "reset password")
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_session SET revoked_at = ? WHERE member_id = ? AND revoked_at = 0`),
			ms(now), memberID); err != nil {
			return apperr.Internal(err, "revoke sessions")
		}
		return retireResetTokens(ctx, tx, memberID, now)
	})
	if err != nil {
		return "", err
	}
	s.revoked(ctx, memberID, "", "")
	s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventPasswordChange, Detail: "operator_reset"})
	return pw, nil
}

// newDefaultPassword is letters and digits (the demo brand's password
// rule), with at least one of each, unambiguous characters only, never
// the username nor a common password.
func newDefaultPassword(username string) string {
	const letters = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
	const digitsSet = "23456789"
	for {
		b := make([]byte, DefaultPasswordLen)
		for i := range b {
			set := letters + digitsSet
			switch i {
			case 0:
				set = letters
			case 1:
				set = digitsSet
			}
			n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(set))))
			b[i] = set[n.Int64()]
		}
		// Shuffle so the letter and digit are not always in front.
		for i := len(b) - 1; i > 0; i-- {
			j, _ := rand.Int(rand.Reader, big.NewInt(int64(i+1)))
			b[i], b[j.Int64()] = b[j.Int64()], b[i]
		}
		pw := string(b)
		if !strings.EqualFold(pw, username) && !IsCommonPassword(pw) {
			return pw
		}
	}
}
