package account

import (
	"context"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// memberColsM is memberCols on the alias m.
const memberColsM = `m.id, m.account, m.nickname, m.type, m.status, m.password_hash, m.default_password, m.password_changed_at,
	m.last_login_at, m.last_login_ip, m.email, m.mobile, m.country_dialing_code, m.payee_name, m.referral_code, m.affiliate_code,
	COALESCE(m.own_affiliate_code, ''), COALESCE(m.parent_id, 0), m.register_url, m.domain, m.register_method, m.register_ip, m.extra,
	m.avatar, m.created_at`

// searchMembers counts and pages the members matching where (on alias m).
func (s *Store) searchMembers(ctx context.Context, where, order string, args []any, offset, limit int) ([]MemberSummary, int, error) {
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM (SELECT 1 FROM account_member m WHERE `+where+` LIMIT ?) c`),
		append(args, MaxSearchCount+1)...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count members")
	}
	out := []MemberSummary{}
	if total == 0 || offset >= total {
		return out, total, nil
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+memberColsM+`, COALESCE(p.account, '')
		FROM account_member m LEFT JOIN account_member p ON p.id = m.parent_id
		WHERE `+where+` ORDER BY `+order+` LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "search members")
	}
	defer rows.Close()
	for rows.Next() {
		var ms MemberSummary
		var agent string
		m, err := scanMember(scanPlus{rows, &agent})
		if err != nil {
			return nil, 0, apperr.Internal(err, "scan member")
		}
		ms.Member, ms.Agent = m, agent
		out = append(out, ms)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "search members")
	}
	return out, total, nil
}

// scanPlus scans a member row followed by extra columns.
type scanPlus struct {
	row   scanner
	extra *string
}

func (p scanPlus) Scan(dest ...any) error { return p.row.Scan(append(dest, p.extra)...) }

// membersByID reads members by id.
func (s *Store) membersByID(ctx context.Context, ids []int64) (map[int64]Member, error) {
	out := map[int64]Member{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+memberCols+` FROM account_member WHERE id IN (?`+
		strings.Repeat(`, ?`, len(ids)-1)+`)`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select members")
	}
	defer rows.Close()
	for rows.Next() {
		m, err := scanMember(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan member")
		}
		out[m.ID] = m
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "select members")
	}
	return out, nil
}

func (s *Store) logins(ctx context.Context, memberID int64, offset, limit int) ([]Login, int, error) {
	return s.loginsOrdered(ctx, memberID, offset, limit, "DESC", true)
}

// loginsOrdered pages a member's sessions by start time; count false skips the total.
func (s *Store) loginsOrdered(ctx context.Context, memberID int64, offset, limit int, dir string, count bool) ([]Login, int, error) {
	var total int
	if count {
		if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM account_session WHERE member_id = ?`), memberID).Scan(&total); err != nil {
			return nil, 0, apperr.Internal(err, "count logins")
		}
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT created_at, ip, user_agent, login_type, last_seen_at, expires_at, revoked_at
		FROM account_session WHERE member_id = ? ORDER BY created_at `+dir+` LIMIT ? OFFSET ?`), memberID, limit, offset)
	if err != nil {
		return nil, 0, apperr.Internal(err, "select logins")
	}
	defer rows.Close()
	out := []Login{}
	for rows.Next() {
		var l Login
		var at, seen, exp, rev int64
		if err := rows.Scan(&at, &l.IP, &l.UserAgent, &l.LoginType, &seen, &exp, &rev); err != nil {
			return nil, 0, apperr.Internal(err, "scan login")
		}
		l.At, l.LastSeenAt, l.ExpiresAt, l.RevokedAt = fromMS(at), fromMS(seen), fromMS(exp), fromMS(rev)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "select logins")
	}
	return out, total, nil
}

// recentIPs is the member's distinct login IPs, most recent first, at most n.
func (s *Store) recentIPs(ctx context.Context, memberID int64, n int) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT ip FROM account_session WHERE member_id = ? AND ip <> ''
		GROUP BY ip ORDER BY MAX(created_at) DESC LIMIT ?`), memberID, n)
	if err != nil {
		return nil, apperr.Internal(err, "select member ips")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var ip string
		if err := rows.Scan(&ip); err != nil {
			return nil, apperr.Internal(err, "scan member ip")
		}
		out = append(out, ip)
	}
	return out, rows.Err()
}

// sharingIP lists other non-trial members registered or seen at any of ips.
func (s *Store) sharingIP(ctx context.Context, memberID int64, ips []string, limit int) ([]IPLink, error) {
	in := `(?` + strings.Repeat(`, ?`, len(ips)-1) + `)`
	args := make([]any, 0, 2*len(ips)+4)
	for _, ip := range ips {
		args = append(args, ip)
	}
	args = append(args, memberID)
	for _, ip := range ips {
		args = append(args, ip)
	}
	args = append(args, memberID, TypeTrial, limit)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT l.member_id, MIN(l.ip) FROM (
			SELECT member_id, ip FROM account_session WHERE ip IN `+in+` AND member_id <> ?
			UNION SELECT id, register_ip FROM account_member WHERE register_ip IN `+in+` AND id <> ?
		) l JOIN account_member m ON m.id = l.member_id WHERE m.type <> ?
		GROUP BY l.member_id ORDER BY l.member_id DESC LIMIT ?`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select ip links")
	}
	defer rows.Close()
	out := []IPLink{}
	for rows.Next() {
		var l IPLink
		if err := rows.Scan(&l.MemberID, &l.IP); err != nil {
			return nil, apperr.Internal(err, "scan ip link")
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// sqlSharingIPSet answers SharingIP in one statement (PostgreSQL, a Fixed
// session: the members travel as an array, so it is planned once per
// connection, with index lookups). Per member: its latest distinct login
// IPs (account_session_member_created) and its registration IP; per IP,
// whether another non-trial member registered or logged in there, a walk
// of the IP's index entries (account_session_ip, account_member_register_ip)
// that stops at the first such member, so the trial check reads a member
// or two per IP instead of every holder of every IP.
const sqlSharingIPSet = `SELECT k.id, m.id IS NOT NULL, EXISTS (
    SELECT 1 FROM (
      (SELECT ip FROM account_session WHERE member_id = k.id AND ip <> '' GROUP BY ip ORDER BY MAX(created_at) DESC, ip LIMIT $2)
      UNION SELECT m.register_ip WHERE m.register_ip <> ''
    ) i
    WHERE EXISTS (SELECT 1 FROM account_session s JOIN account_member o ON o.id = s.member_id
        WHERE s.ip = i.ip AND s.member_id <> k.id AND o.type <> $3)
      OR EXISTS (SELECT 1 FROM account_member o WHERE o.register_ip = i.ip AND o.id <> k.id AND o.type <> $3)
  )
  FROM unnest($1::bigint[]) AS k(id) LEFT JOIN account_member m ON m.id = k.id`

// sharingIPSet is SharingIP on PostgreSQL (sqlSharingIPSet); an unknown
// member is not found.
func (s *Store) sharingIPSet(ctx context.Context, ids []int64, n int) (map[int64]bool, error) {
	rows, err := s.db.Fixed().QueryContext(ctx, sqlSharingIPSet, ids, n, TypeTrial)
	if err != nil {
		return nil, apperr.Internal(err, "select shared ips")
	}
	defer rows.Close()
	out := make(map[int64]bool, len(ids))
	for rows.Next() {
		var id int64
		var found, shared bool
		if err := rows.Scan(&id, &found, &shared); err != nil {
			return nil, apperr.Internal(err, "scan shared ips")
		}
		if !found {
			return nil, apperr.NotFound("account.not_found")
		}
		if shared {
			out[id] = true
		}
	}
	return out, rows.Err()
}

// inList is "(?, ?, …)" for n values and the values as arguments.
func inList[T any](values []T) (string, []any) {
	args := make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	return `(?` + strings.Repeat(`, ?`, len(values)-1) + `)`, args
}

// MembersByID reads several members in one statement (absent: not found).
func (s *Store) MembersByID(ctx context.Context, ids []int64) (map[int64]Member, error) {
	out := make(map[int64]Member, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	in, args := inList(ids)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+memberCols+` FROM account_member WHERE id IN `+in), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select members")
	}
	defer rows.Close()
	for rows.Next() {
		m, err := scanMember(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan member")
		}
		out[m.ID] = m
	}
	return out, rows.Err()
}

// membersRecentIPs is recentIPs of several members in one statement: each
// member's IPs with their latest use, newest first.
func (s *Store) membersRecentIPs(ctx context.Context, ids []int64, n int) (map[int64][]string, error) {
	in, args := inList(ids)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT member_id, ip, MAX(created_at) FROM account_session
		WHERE member_id IN `+in+` AND ip <> '' GROUP BY member_id, ip ORDER BY member_id, MAX(created_at) DESC, ip`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select members' ips")
	}
	defer rows.Close()
	out := map[int64][]string{}
	for rows.Next() {
		var id, at int64
		var ip string
		if err := rows.Scan(&id, &ip, &at); err != nil {
			return nil, apperr.Internal(err, "scan member ip")
		}
		if len(out[id]) < n {
			out[id] = append(out[id], ip)
		}
	}
	return out, rows.Err()
}

// ipHolders is, for each of ips that any non-trial member registered or
// logged in from, the least and the greatest of those members' ids: a
// member shares an IP when either is not the member.
func (s *Store) ipHolders(ctx context.Context, ips []string) (map[string][2]int64, error) {
	in, ipArgs := inList(ips)
	args := append(append(append([]any{}, ipArgs...), ipArgs...), TypeTrial)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT l.ip, MIN(l.member_id), MAX(l.member_id) FROM (
			SELECT member_id, ip FROM account_session WHERE ip IN `+in+`
			UNION SELECT id, register_ip FROM account_member WHERE register_ip IN `+in+`
		) l JOIN account_member m ON m.id = l.member_id WHERE m.type <> ? GROUP BY l.ip`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select ip holders")
	}
	defer rows.Close()
	out := map[string][2]int64{}
	for rows.Next() {
		var ip string
		var lo, hi int64
		if err := rows.Scan(&ip, &lo, &hi); err != nil {
			return nil, apperr.Internal(err, "scan ip holders")
		}
		out[ip] = [2]int64{lo, hi}
	}
	return out, rows.Err()
}
