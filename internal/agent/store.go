package agent

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the agent tree's closure table and the invitation links.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Node is one member of a team as the closure table knows it.
type Node struct {
	MemberID int64
	Depth    int // below the ancestor asked about
}

// addMember puts a new member in the tree under parent (0: none): its own
// row and one row per ancestor of parent. A parent the table does not know
// (registered before the tree existed) becomes a root.
func addMember(ctx context.Context, tx *db.Tx, member, parent int64) error {
	conflict := ` ON CONFLICT (ancestor_id, member_id) DO NOTHING`
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO agent_closure (ancestor_id, member_id, depth) VALUES (?, ?, 0)`+conflict), member, member); err != nil {
		return err
	}
	if parent == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO agent_closure (ancestor_id, member_id, depth) VALUES (?, ?, 0)`+conflict), parent, parent); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO agent_closure (ancestor_id, member_id, depth)
		SELECT ancestor_id, ?, depth + 1 FROM agent_closure WHERE member_id = ?`+conflict), member, parent)
	return err
}

// moveMember moves member's whole subtree under parent (0: none): the rows
// linking the subtree to its old ancestors go, rows linking it to parent's
// chain come. A parent inside the subtree (which the account domain
// refuses) is ignored, so the table never holds a cycle.
func moveMember(ctx context.Context, tx *db.Tx, member, parent int64) error {
	if err := addMember(ctx, tx, member, 0); err != nil {
		return err
	}
	if parent != 0 {
		var n int
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*) FROM agent_closure WHERE ancestor_id = ? AND member_id = ?`), member, parent).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM agent_closure
		WHERE member_id IN (SELECT member_id FROM agent_closure WHERE ancestor_id = ?)
		AND ancestor_id IN (SELECT ancestor_id FROM agent_closure WHERE member_id = ? AND depth > 0)`), member, member); err != nil {
		return err
	}
	if parent == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO agent_closure (ancestor_id, member_id, depth) VALUES (?, ?, 0)
		ON CONFLICT (ancestor_id, member_id) DO NOTHING`), parent, parent); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO agent_closure (ancestor_id, member_id, depth)
		SELECT a.ancestor_id, s.member_id, a.depth + s.depth + 1
		FROM agent_closure a, agent_closure s WHERE a.member_id = ? AND s.ancestor_id = ?
		ON CONFLICT (ancestor_id, member_id) DO NOTHING`), parent, member)
	return err
}

// InTeam tells whether member is ancestor itself or under it, and how deep.
func (s *Store) InTeam(ctx context.Context, ancestor, member int64) (depth int, ok bool, err error) {
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT depth FROM agent_closure WHERE ancestor_id = ? AND member_id = ?`), ancestor, member).Scan(&depth)
	if db.IsNoRows(err) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, apperr.Internal(err, "agent team")
	}
	return depth, true, nil
}

// Ancestors is member's upline chain, nearest first (depth 1 = its upline).
func (s *Store) Ancestors(ctx context.Context, member int64) ([]Node, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT ancestor_id, depth FROM agent_closure
		WHERE member_id = ? AND depth > 0 ORDER BY depth`), member)
	if err != nil {
		return nil, apperr.Internal(err, "agent ancestors")
	}
	return scanNodes(rows)
}

// Uplines is each member's upline chain, every level (members without
// one are left out): the settlements' attribution of play to teams. One
// query per 500 members, each an index range per member.
func (s *Store) Uplines(ctx context.Context, members []int64) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	const chunk = 500
	for start := 0; start < len(members); start += chunk {
		part := members[start:min(start+chunk, len(members))]
		args := make([]any, len(part))
		for i, m := range part {
			args[i] = m
		}
		rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT member_id, ancestor_id FROM agent_closure
		WHERE member_id IN (?`+strings.Repeat(", ?", len(part)-1)+`) AND depth > 0`), args...)
		if err != nil {
			return nil, apperr.Internal(err, "agent uplines")
		}
		for rows.Next() {
			var m, a int64
			if err := rows.Scan(&m, &a); err != nil {
				rows.Close()
				return nil, apperr.Internal(err, "scan agent uplines")
			}
			out[m] = append(out[m], a)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, apperr.Internal(err, "agent uplines")
		}
	}
	return out, nil
}

// TeamPage reads members under ancestor, newest (highest id) first: its
// direct downline or every level, optionally only the one member only.
func (s *Store) TeamPage(ctx context.Context, ancestor int64, direct bool, only int64, offset, limit int) ([]Node, int, error) {
	where := ` WHERE ancestor_id = ? AND depth > 0`
	args := []any{ancestor}
	if direct {
		where = ` WHERE ancestor_id = ? AND depth = 1`
	}
	if only != 0 {
		where += ` AND member_id = ?`
		args = append(args, only)
	}
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM agent_closure`+where), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "agent team count")
	}
	if total == 0 || offset >= total {
		return nil, total, nil
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT member_id, depth FROM agent_closure`+where+
		` ORDER BY member_id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "agent team")
	}
	nodes, err := scanNodes(rows)
	return nodes, total, err
}

// Counts is a member's direct downline and whole team size.
type Counts struct{ Direct, Team int }

// CountsOf counts the direct downline and the team of each member.
func (s *Store) CountsOf(ctx context.Context, ids []int64) (map[int64]Counts, error) {
	out := make(map[int64]Counts, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT ancestor_id, SUM(CASE WHEN depth = 1 THEN 1 ELSE 0 END), COUNT(*)
		FROM agent_closure WHERE ancestor_id IN (?`+strings.Repeat(`, ?`, len(ids)-1)+`) AND depth > 0 GROUP BY ancestor_id`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "agent team counts")
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var c Counts
		if err := rows.Scan(&id, &c.Direct, &c.Team); err != nil {
			return nil, apperr.Internal(err, "agent team counts")
		}
		out[id] = c
	}
	return out, rows.Err()
}

type rowsScanner interface {
	Next() bool
	Scan(...any) error
	Close() error
	Err() error
}

func scanNodes(rows rowsScanner) ([]Node, error) {
	defer rows.Close()
	var out []Node
	for rows.Next() {
		var n Node
		if err := rows.Scan(&n.MemberID, &n.Depth); err != nil {
			return nil, apperr.Internal(err, "agent nodes")
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "agent nodes")
	}
	return out, nil
}

// Link is an agent's invitation link.
type Link struct {
	ID         int64
	AgentID    int64
	Code       string
	MemberType int
	Label      string
	Status     int // 0 active, 1 disabled
	CreatedAt  int64
}

const linkCols = `id, agent_id, code, member_type, label, status, created_at`

func scanLink(sc interface{ Scan(...any) error }) (Link, error) {
	var l Link
	err := sc.Scan(&l.ID, &l.AgentID, &l.Code, &l.MemberType, &l.Label, &l.Status, &l.CreatedAt)
	return l, err
}

// Links lists an agent's links, newest first.
func (s *Store) Links(ctx context.Context, agentID int64) ([]Link, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+linkCols+` FROM agent_link WHERE agent_id = ? ORDER BY id DESC`), agentID)
	if err != nil {
		return nil, apperr.Internal(err, "agent links")
	}
	defer rows.Close()
	var out []Link
	for rows.Next() {
		l, err := scanLink(rows)
		if err != nil {
			return nil, apperr.Internal(err, "agent links")
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// linkLockSpace keeps this domain's advisory locks apart from others'.
const linkLockSpace int64 = 0x6167656e << 32

// errLinkCode: the drawn code is taken (the caller draws another).
var errLinkCode = errors.New("agent: link code taken")

// CreateLink adds a link unless the agent has max already (counted in the
// same transaction, so parallel creations cannot pass the cap).
func (s *Store) CreateLink(ctx context.Context, l *Link, max int) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if tx.Dialect() == db.Postgres {
			// Serialise one agent's creations: the count below must see the others.
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, linkLockSpace|(l.AgentID&0xffffffff)); err != nil {
				return apperr.Internal(err, "lock agent links")
			}
		}
		var n int
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*) FROM agent_link WHERE agent_id = ?`), l.AgentID).Scan(&n); err != nil {
			return apperr.Internal(err, "count agent links")
		}
		if n >= max {
			return apperr.Conflict("agent.too_many_links").With("max", max)
		}
		err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO agent_link (agent_id, code, member_type, label, status, created_at)
			VALUES (?, ?, ?, ?, 0, ?) RETURNING id`), l.AgentID, l.Code, l.MemberType, l.Label, l.CreatedAt).Scan(&l.ID)
		if err != nil {
			if strings.Contains(strings.ToLower(err.Error()), "unique") || strings.Contains(err.Error(), "duplicate") {
				return errLinkCode
			}
			return apperr.Internal(err, "insert agent link")
		}
		return nil
	})
}

// DisableLink disables one of the agent's links and returns it.
func (s *Store) DisableLink(ctx context.Context, agentID, id int64) (Link, error) {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE agent_link SET status = 1 WHERE id = ? AND agent_id = ?`), id, agentID); err != nil {
		return Link{}, apperr.Internal(err, "disable agent link")
	}
	l, err := scanLink(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+linkCols+` FROM agent_link WHERE id = ? AND agent_id = ?`), id, agentID))
	if db.IsNoRows(err) {
		return Link{}, apperr.NotFound("agent.link_not_found")
	}
	if err != nil {
		return Link{}, apperr.Internal(err, "agent link")
	}
	return l, nil
}

// ActiveLink finds a live link by code (case-insensitive).
func (s *Store) ActiveLink(ctx context.Context, code string) (Link, bool, error) {
	l, err := scanLink(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+linkCols+` FROM agent_link WHERE code = ? AND status = 0`), strings.ToUpper(code)))
	if db.IsNoRows(err) {
		return Link{}, false, nil
	}
	if err != nil {
		return Link{}, false, apperr.Internal(err, "agent link")
	}
	return l, true, nil
}

// parseID reads an id a fact carries as text ("" or anything else: 0).
func parseID(s string) int64 {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 0 {
		return 0
	}
	return id
}
