package agent

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// MaxReason bounds an operator's reason (characters).
const MaxReason = 200

// MoveRequest is the body of POST /ops/v1/agents/move. The new upline is
// ParentID or, as an operator types it, ParentAccount (its username); both
// empty detaches the member.
type MoveRequest struct {
	MemberID      int64  `json:"memberId"`
	ParentID      int64  `json:"parentId"`
	ParentAccount string `json:"parentAccount,omitempty"`
	Reason        string `json:"reason"`
}

// MoveResult answers a move.
type MoveResult struct {
	MemberID     int64 `json:"memberId"`
	FromParentID int64 `json:"fromParentId"`
	ToParentID   int64 `json:"toParentId"`
}

// Move puts a member (with its team) under another upline, audited. The
// account domain checks the new upline and refuses cycles in the same
// transaction as the change; the tree follows from the member.moved fact.
// Past figures and commissions stay as they were: they were computed for
// the upline of their time.
func (s *Service) Move(ctx context.Context, op operator.Caller, req MoveRequest) (MoveResult, error) {
	reason := strings.TrimSpace(req.Reason)
	if reason == "" || utf8.RuneCountInString(reason) > MaxReason {
		return MoveResult{}, apperr.Invalid("agent.reason_required").With("max", MaxReason)
	}
	if req.MemberID <= 0 {
		return MoveResult{}, apperr.NotFound("agent.member_not_found")
	}
	if req.ParentID < 0 {
		return MoveResult{}, apperr.NotFound("agent.parent_not_found")
	}
	if name := strings.TrimSpace(req.ParentAccount); name != "" {
		if req.ParentID != 0 {
			return MoveResult{}, apperr.Invalid("request.invalid_param").With("name", "parentAccount")
		}
		id, err := s.LookupMember(ctx, name)
		if err != nil {
			if apperr.As(err).Kind == apperr.KindNotFound {
				return MoveResult{}, apperr.NotFound("agent.parent_not_found")
			}
			return MoveResult{}, err
		}
		req.ParentID = id
	}
	if req.ParentID == req.MemberID {
		return MoveResult{}, apperr.Conflict("agent.move_cycle")
	}
	from, err := s.d.Members.SetParent(ctx, req.MemberID, req.ParentID)
	if err != nil {
		return MoveResult{}, err
	}
	if s.d.Auditor != nil {
		detail := map[string]any{"memberId": req.MemberID, "reason": reason,
			"before": map[string]any{"parentId": from}, "after": map[string]any{"parentId": req.ParentID}}
		if err := s.d.Auditor.Audit(context.WithoutCancel(ctx), op, "agent.move", "member:"+strconv.FormatInt(req.MemberID, 10), detail); err != nil {
			s.d.Logger.ErrorContext(ctx, "operator audit not written", "action", "agent.move", "member", req.MemberID, "err", err)
		}
	}
	return MoveResult{MemberID: req.MemberID, FromParentID: from, ToParentID: req.ParentID}, nil
}

// OpsNode is a member in the console's tree view. Balance is the main
// balance in the brand currency (OpsTree.Currency).
type OpsNode struct {
	ID           int64  `json:"id"`
	Account      string `json:"account"`
	Type         int    `json:"type"`
	Agent        bool   `json:"agent"`
	Status       string `json:"status"`
	ParentID     int64  `json:"parentId"`
	DirectCount  int    `json:"directCount"`
	TeamCount    int    `json:"teamCount"`
	Balance      int64  `json:"balance"`
	RegisteredAt int64  `json:"registeredAt"`
}

// OpsTree answers GET /ops/v1/agents/tree.
type OpsTree struct {
	Member   OpsNode   `json:"member"`
	Upline   []OpsNode `json:"upline"`
	Downline []OpsNode `json:"downline"`
	Total    int       `json:"total"`
	Page     int       `json:"page"`
	PageSize int       `json:"pageSize"`
	Currency string    `json:"currency"`
	Decimals int       `json:"decimals"`
}

// LookupMember finds a member (or agent) by username, case-insensitive;
// not found (agent.member_not_found) for none or a trial account, which is
// never part of a tree.
func (s *Service) LookupMember(ctx context.Context, username string) (int64, error) {
	name := strings.TrimSpace(username)
	if name == "" || utf8.RuneCountInString(name) > maxUsername {
		return 0, apperr.NotFound("agent.member_not_found")
	}
	id, err := s.d.Members.MemberIDByAccount(ctx, name)
	if err != nil {
		if apperr.As(err).Kind == apperr.KindNotFound {
			return 0, apperr.NotFound("agent.member_not_found")
		}
		return 0, err
	}
	ms, err := s.d.Members.MembersByID(ctx, []int64{id})
	if err != nil {
		return 0, err
	}
	if m, ok := ms[id]; !ok || m.Type == account.TypeTrial {
		return 0, apperr.NotFound("agent.member_not_found")
	}
	return id, nil
}

// maxUsername bounds a looked-up username (longer ones exist nowhere).
const maxUsername = 64

// MemberTree is a member's upline chain (top first) and direct downline.
func (s *Service) MemberTree(ctx context.Context, id int64, page, size int) (OpsTree, error) {
	if page < 1 {
		page = 1
	}
	if size < 1 || size > MaxPageSize {
		size = 50
	}
	anc, err := s.d.Store.Ancestors(ctx, id)
	if err != nil {
		return OpsTree{}, err
	}
	nodes, total, err := s.d.Store.TeamPage(ctx, id, true, 0, (page-1)*size, size)
	if err != nil {
		return OpsTree{}, err
	}
	ids := []int64{id}
	for _, a := range anc {
		ids = append(ids, a.MemberID)
	}
	for _, n := range nodes {
		ids = append(ids, n.MemberID)
	}
	members, err := s.d.Members.MembersByID(ctx, ids)
	if err != nil {
		return OpsTree{}, err
	}
	m, ok := members[id]
	if !ok || m.Type == account.TypeTrial {
		return OpsTree{}, apperr.NotFound("agent.member_not_found")
	}
	counts, err := s.d.Store.CountsOf(ctx, ids)
	if err != nil {
		return OpsTree{}, err
	}
	balances, _, err := s.d.Wallet.MainBalancesOf(ctx, ids)
	if err != nil {
		return OpsTree{}, err
	}
	cur, dec, err := s.d.Wallet.Currency(ctx)
	if err != nil {
		return OpsTree{}, err
	}
	node := func(m account.Member) OpsNode {
		return OpsNode{ID: m.ID, Account: m.Account, Type: m.Type, Agent: account.IsAgentType(m.Type), Status: statusText(m.Status),
			ParentID: m.ParentID, DirectCount: counts[m.ID].Direct, TeamCount: counts[m.ID].Team, Balance: balances[m.ID],
			RegisteredAt: m.CreatedAt.UnixMilli()}
	}
	out := OpsTree{Member: node(m), Upline: []OpsNode{}, Downline: []OpsNode{}, Total: total, Page: page, PageSize: size,
		Currency: cur, Decimals: dec}
	for i := len(anc) - 1; i >= 0; i-- {
		if a, ok := members[anc[i].MemberID]; ok {
			out.Upline = append(out.Upline, node(a))
		}
	}
	for _, n := range nodes {
		if d, ok := members[n.MemberID]; ok {
			out.Downline = append(out.Downline, node(d))
		}
	}
	return out, nil
}
