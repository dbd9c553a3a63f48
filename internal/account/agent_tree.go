package account

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// The account domain stays the owner of parent_id (the upline); the agent
// domain (internal/agent) derives its tree from the member.registered and
// member.moved facts written here, and reaches these methods through an
// interface passed in wire.

// InviteCodes resolves an invitation code that is not an agent's own code:
// the agent domain's invitation links (UseInvites). ok false: no such live
// code.
type InviteCodes interface {
	ResolveInvite(ctx context.Context, code string) (agentID int64, memberType int, ok bool, err error)
}

// UseInvites tells registration where invitation links live; without it
// only the agents' own codes register under an agent.
func (s *Service) UseInvites(c InviteCodes) { s.invites = c }

// affiliate is what an invitation code registers: the agent it lands under
// and the account type it creates.
type affiliate struct {
	parentID   int64
	memberType int
}

// resolveAffiliate finds the agent behind an invitation code: an agent's
// own code registers a plain member, an invitation link's code the link's
// type under the link's agent (which must still be an active agent).
func (s *Service) resolveAffiliate(ctx context.Context, code string) (affiliate, error) {
	agent, err := s.store.AgentByAffiliateCode(ctx, code)
	if err == nil {
		return affiliate{parentID: agent.ID, memberType: TypeMember}, nil
	}
	if apperr.As(err).Kind != apperr.KindNotFound {
		return affiliate{}, err
	}
	if s.invites != nil {
		id, typ, ok, err := s.invites.ResolveInvite(ctx, code)
		if err != nil {
			return affiliate{}, err
		}
		if ok {
			m, err := s.store.MemberByID(ctx, id)
			if err == nil && m.Status == StatusActive && IsAgentType(m.Type) {
				return affiliate{parentID: id, memberType: typ}, nil
			}
			if err != nil && apperr.As(err).Kind != apperr.KindNotFound {
				return affiliate{}, err
			}
		}
	}
	return affiliate{}, apperr.Invalid("account.affiliate_invalid")
}

// newAgentCode is a new agent's own invitation code: 8 characters without
// look-alikes. A clash with another code is a conflict the caller retries.
func newAgentCode() string {
	const set = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	var b [8]byte
	_, _ = rand.Read(b[:])
	out := make([]byte, len(b))
	for i, c := range b {
		out[i] = set[int(c)%len(set)]
	}
	return string(out)
}

// createWithCode creates a registering member (and its session); a new
// agent (an invitation link of an agent type) gets its own invitation code,
// drawn again when it clashes with another agent's.
func (s *Service) createWithCode(ctx context.Context, m *Member, sess *Session) error {
	for try := 0; ; try++ {
		if IsAgentType(m.Type) {
			m.OwnAffiliateCode = newAgentCode()
		}
		err := s.store.CreateMemberWithSession(ctx, m, sess)
		if err != nil && IsAgentType(m.Type) && apperr.As(err).Code == "account.affiliate_invalid" && try < 5 {
			continue
		}
		return err
	}
}

// DownlineRequest is an agent's direct creation of a downline account.
type DownlineRequest struct {
	ParentID int64
	Username string
	Password string // "": one is generated and returned once
	Type     int    // TypeMember or an agent type
	IP       string
}

// CreateDownline creates a member or agent directly under an agent, with
// the registration rules for username and password and the default-password
// flag (the first login forces a change). It returns the member and the
// generated password ("" when the agent chose one).
func (s *Service) CreateDownline(ctx context.Context, req DownlineRequest) (Member, string, error) {
	req.Username = strings.TrimSpace(req.Username)
	if err := firstErr(maxLen("username", req.Username, MaxUsername), maxLen("password", req.Password, MaxPassword)); err != nil {
		return Member{}, "", err
	}
	if req.Username == "" {
		return Member{}, "", required("username")
	}
	if req.Type != TypeMember && !IsAgentType(req.Type) {
		return Member{}, "", invalidField("type")
	}
	parent, err := s.store.MemberByID(ctx, req.ParentID)
	if err != nil {
		return Member{}, "", err
	}
	if !IsAgentType(parent.Type) || parent.Status != StatusActive {
		return Member{}, "", apperr.Forbidden("auth.not_agent")
	}
	if bc := s.brandConfig(ctx); bc != nil {
		if rule, ok := bc.Rule("username"); ok && rule.Enabled && !rule.Accepts(req.Username) {
			return Member{}, "", apperr.Invalid("account.field_rule").With("field", "username").With("min", rule.MinLength).With("max", rule.MaxLength)
		}
		if req.Password != "" {
			if rule, ok := bc.Rule("password"); ok && rule.Enabled && !rule.Accepts(req.Password) {
				return Member{}, "", apperr.Invalid("account.password_rule").With("min", rule.MinLength).With("max", rule.MaxLength)
			}
		}
	}
	generated := ""
	pw := req.Password
	if pw == "" {
		pw = newDefaultPassword(req.Username)
		generated = pw
	}
	if err := s.checkPassword(ctx, req.Username, pw); err != nil {
		return Member{}, "", err
	}
	hash, err := s.hash(ctx, pw)
	if err != nil {
		return Member{}, "", err
	}
	now := s.clock.Now()
	for try := 0; ; try++ {
		m := Member{Account: req.Username, Nickname: req.Username, Type: req.Type, PasswordHash: hash,
			DefaultPassword: true, PasswordChangedAt: now, ParentID: parent.ID, RegisterMethod: "AGENT",
			RegisterIP: req.IP, CreatedAt: now}
		if IsAgentType(req.Type) {
			m.OwnAffiliateCode = newAgentCode()
		}
		err := s.store.CreateMember(ctx, &m)
		if err != nil && apperr.As(err).Code == "account.affiliate_invalid" && try < 5 {
			continue // the generated code clashed with another agent's
		}
		if err != nil {
			return Member{}, "", err
		}
		s.audit(ctx, AuditEvent{MemberID: m.ID, Account: m.Account, Event: EventRegister, IP: req.IP, Detail: "agent:" + strconv.FormatInt(parent.ID, 10)})
		return m, generated, nil
	}
}

// MemberIDByAccount finds a member's id by username, case-insensitively.
func (s *Service) MemberIDByAccount(ctx context.Context, username string) (int64, error) {
	m, err := s.store.MemberByAccount(ctx, strings.TrimSpace(username))
	if err != nil {
		return 0, err
	}
	return m.ID, nil
}

// RegistrationsByCode counts the members registered under agentID with each
// of codes (the invitation code they registered with, upper case).
func (s *Service) RegistrationsByCode(ctx context.Context, agentID int64, codes []string) (map[string]int64, error) {
	out := make(map[string]int64, len(codes))
	if len(codes) == 0 {
		return out, nil
	}
	args := []any{agentID}
	for _, c := range codes {
		args = append(args, strings.ToUpper(c))
	}
	rows, err := s.store.db.QueryContext(ctx, s.store.db.Rebind(`SELECT affiliate_code, COUNT(*) FROM account_member
		WHERE parent_id = ? AND affiliate_code IN (?`+strings.Repeat(`, ?`, len(codes)-1)+`) GROUP BY affiliate_code`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "registrations by code")
	}
	defer rows.Close()
	for rows.Next() {
		var code string
		var n int64
		if err := rows.Scan(&code, &n); err != nil {
			return nil, apperr.Internal(err, "registrations by code")
		}
		out[code] = n
	}
	return out, rows.Err()
}

// ErrMoveCycle: the new upline is the member itself or in its team.
var ErrMoveCycle = apperr.Conflict("agent.move_cycle")

// SetParent moves a member under another upline (0: none) and, in the same
// transaction, writes the member.moved fact (Ref the new upline's id,
// Detail the old one's). The new upline must be an agent; a move under the
// member itself or anyone in its team is refused, checked on parent_id in
// the transaction, so two racing moves cannot make a cycle (on SQLite the
// write lock orders them; on PostgreSQL the chain's rows are locked).
// It returns the old upline's id.
func (s *Service) SetParent(ctx context.Context, memberID, parentID int64) (int64, error) {
	var from int64
	err := s.store.db.InTx(ctx, func(tx *db.Tx) error {
		lock := ""
		if tx.Dialect() == db.Postgres {
			lock = " FOR UPDATE"
		}
		var cur, typ int64
		err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COALESCE(parent_id, 0), type FROM account_member WHERE id = ?`+lock), memberID).Scan(&cur, &typ)
		if db.IsNoRows(err) {
			return apperr.NotFound("agent.member_not_found")
		}
		if err != nil {
			return apperr.Internal(err, "read member")
		}
		if typ == TypeTrial {
			return apperr.NotFound("agent.member_not_found")
		}
		from = cur
		if cur == parentID {
			return apperr.Conflict("agent.move_same")
		}
		if parentID != 0 {
			var ptype, pstatus int
			err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT type, status FROM account_member WHERE id = ?`+lock), parentID).Scan(&ptype, &pstatus)
			if db.IsNoRows(err) {
				return apperr.NotFound("agent.parent_not_found")
			}
			if err != nil {
				return apperr.Internal(err, "read parent")
			}
			if !IsAgentType(ptype) {
				return apperr.Conflict("agent.parent_not_agent")
			}
			// Walk up from the new upline: meeting the member is a cycle.
			for at, steps := parentID, 0; at != 0; steps++ {
				if at == memberID {
					return ErrMoveCycle
				}
				if steps > 1_000_000 {
					return apperr.Internal(errors.New("upline chain does not end"), "move member")
				}
				var up int64
				if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COALESCE(parent_id, 0) FROM account_member WHERE id = ?`+lock), at).Scan(&up); err != nil {
					return apperr.Internal(err, "read upline chain")
				}
				at = up
			}
		}
		now := s.clock.Now()
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET parent_id = ?, updated_at = ? WHERE id = ?`),
			nullableID(parentID), ms(now), memberID); err != nil {
			return apperr.Internal(err, "move member")
		}
		var nonce [6]byte
		_, _ = rand.Read(nonce[:])
		return activity.Append(ctx, tx, activity.Fact{
			Key:  "member-moved:" + strconv.FormatInt(memberID, 10) + ":" + strconv.FormatInt(now.UnixMilli(), 10) + ":" + hex.EncodeToString(nonce[:]),
			Kind: activity.Moved, MemberID: memberID, Ref: idText(parentID), Detail: idText(from), At: now})
	})
	return from, err
}

// idText is an upline id as a fact carries it ("" for none).
func idText(id int64) string {
	if id == 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}
