package agent

import (
	"context"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Page sizes of team lists.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Scopes of a team list.
const (
	ScopeDirect = "direct"
	ScopeAll    = "all"
)

// TeamMember is one row of a team list.
type TeamMember struct {
	ID           int64  `json:"id"`
	Account      string `json:"account"`
	Nickname     string `json:"nickname"`
	Type         int    `json:"type"`
	Agent        bool   `json:"agent"`
	Status       string `json:"status"`
	ParentID     int64  `json:"parentId"`
	Level        int    `json:"level"`
	Balance      int64  `json:"balance"`
	RegisteredAt int64  `json:"registeredAt"`
	LastLoginAt  int64  `json:"lastLoginAt"`
	DirectCount  int    `json:"directCount"`
	TeamCount    int    `json:"teamCount"`
}

// Ref names a member briefly.
type Ref struct {
	ID       int64  `json:"id"`
	Account  string `json:"account"`
	Nickname string `json:"nickname,omitempty"`
	Type     int    `json:"type"`
}

// TeamQuery is what an agent asks for.
type TeamQuery struct {
	Parent   int64 // 0: the caller
	Scope    string
	Username string
	Page     int
	PageSize int
}

// TeamPage answers GET /wps/agent/team.
type TeamPage struct {
	Parent   Ref          `json:"parent"`
	Path     []Ref        `json:"path"`
	Scope    string       `json:"scope"`
	List     []TeamMember `json:"list"`
	Total    int          `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"pageSize"`
	Currency string       `json:"currency"`
	Decimals int          `json:"decimals"`
}

// requireAgent refuses callers that are not agents.
func requireAgent(c account.Caller) error {
	if err := account.Allowed(c, account.RoleMember, account.RoleAgent); err != nil {
		return err
	}
	if !account.IsAgentType(c.Type) {
		return apperr.Forbidden("agent.not_agent")
	}
	return nil
}

// notInTeam is the one answer for an id outside the caller's team and an
// id that does not exist, so ids outside it cannot be probed.
func notInTeam() error { return apperr.NotFound("agent.not_in_team") }

// Team lists the caller's team, or a downline agent's team within it.
func (s *Service) Team(ctx context.Context, c account.Caller, q TeamQuery) (TeamPage, error) {
	if err := requireAgent(c); err != nil {
		return TeamPage{}, err
	}
	if q.Page < 1 {
		q.Page = 1
	}
	if q.PageSize < 1 || q.PageSize > MaxPageSize {
		q.PageSize = DefaultPageSize
	}
	if q.Scope != ScopeAll {
		q.Scope = ScopeDirect
	}
	parent := q.Parent
	if parent == 0 {
		parent = c.MemberID
	}
	base, ok, err := s.d.Store.InTeam(ctx, c.MemberID, parent)
	if err != nil {
		return TeamPage{}, err
	}
	if !ok && parent != c.MemberID {
		return TeamPage{}, notInTeam()
	}
	out := TeamPage{Scope: q.Scope, Page: q.Page, PageSize: q.PageSize, List: []TeamMember{}}
	out.Currency, out.Decimals, err = s.d.Wallet.Currency(ctx)
	if err != nil {
		return TeamPage{}, err
	}
	// The path from the caller down to parent: parent's ancestors up to the caller.
	chain := []int64{parent}
	if parent != c.MemberID {
		anc, err := s.d.Store.Ancestors(ctx, parent)
		if err != nil {
			return TeamPage{}, err
		}
		for _, a := range anc {
			if a.Depth > base {
				break
			}
			chain = append(chain, a.MemberID)
		}
	}
	var only int64
	if q.Username != "" {
		id, err := s.d.Members.MemberIDByAccount(ctx, q.Username)
		if err != nil {
			if apperr.As(err).Kind != apperr.KindNotFound {
				return TeamPage{}, err
			}
			id = -1 // matches nobody
		}
		only = id
	}
	nodes, total, err := s.d.Store.TeamPage(ctx, parent, q.Scope == ScopeDirect, only, (q.Page-1)*q.PageSize, q.PageSize)
	if err != nil {
		return TeamPage{}, err
	}
	out.Total = total
	ids := append([]int64{}, chain...)
	for _, n := range nodes {
		ids = append(ids, n.MemberID)
	}
	members, err := s.d.Members.MembersByID(ctx, ids)
	if err != nil {
		return TeamPage{}, err
	}
	for i := len(chain) - 1; i >= 0; i-- {
		m := members[chain[i]]
		out.Path = append(out.Path, Ref{ID: chain[i], Account: m.Account, Nickname: m.Nickname, Type: m.Type})
	}
	pm := members[parent]
	out.Parent = Ref{ID: parent, Account: pm.Account, Nickname: pm.Nickname, Type: pm.Type}
	rows, err := s.rows(ctx, nodes, members, base)
	if err != nil {
		return TeamPage{}, err
	}
	out.List = rows
	return out, nil
}

// rows fills team rows for nodes (depth below some member that is itself
// base levels below the caller) with account data, balances and counts.
func (s *Service) rows(ctx context.Context, nodes []Node, members map[int64]account.Member, base int) ([]TeamMember, error) {
	out := make([]TeamMember, 0, len(nodes))
	if len(nodes) == 0 {
		return out, nil
	}
	ids := make([]int64, len(nodes))
	for i, n := range nodes {
		ids[i] = n.MemberID
	}
	balances, _, err := s.d.Wallet.MainBalancesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	counts, err := s.d.Store.CountsOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, n := range nodes {
		m, ok := members[n.MemberID]
		if !ok {
			continue // not (yet) readable from the account domain
		}
		r := TeamMember{ID: m.ID, Account: m.Account, Nickname: m.Nickname, Type: m.Type, Agent: account.IsAgentType(m.Type),
			Status: statusText(m.Status), ParentID: m.ParentID, Level: base + n.Depth, Balance: balances[m.ID],
			RegisteredAt: m.CreatedAt.UnixMilli(), DirectCount: counts[m.ID].Direct, TeamCount: counts[m.ID].Team}
		if !m.LastLoginAt.IsZero() && m.LastLoginAt.UnixMilli() > 0 {
			r.LastLoginAt = m.LastLoginAt.UnixMilli()
		}
		out = append(out, r)
	}
	return out, nil
}
