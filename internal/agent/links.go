package agent

import (
	"context"
	"crypto/rand"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Limits of the register centre.
const (
	MaxLinks     = 100 // invitation links per agent
	MaxLinkLabel = 40  // characters
)

// LinkView is a link as the agent sees it.
type LinkView struct {
	ID            int64  `json:"id"`
	Code          string `json:"code"`
	Kind          string `json:"kind"`
	Type          int    `json:"type"`
	Label         string `json:"label"`
	Status        string `json:"status"`
	CreatedAt     int64  `json:"createdAt"`
	Registrations int64  `json:"registrations"`
}

func linkView(l Link, regs int64) LinkView {
	st := "ACTIVE"
	if l.Status != 0 {
		st = "DISABLED"
	}
	return LinkView{ID: l.ID, Code: l.Code, Kind: kindOf(l.MemberType), Type: l.MemberType, Label: l.Label, Status: st,
		CreatedAt: l.CreatedAt, Registrations: regs}
}

// LinkList answers GET /wps/agent/links.
type LinkList struct {
	List []LinkView `json:"list"`
}

// Links lists the caller's invitation links with their registrations.
func (s *Service) Links(ctx context.Context, c account.Caller) (LinkList, error) {
	if err := requireAgent(c); err != nil {
		return LinkList{}, err
	}
	ls, err := s.d.Store.Links(ctx, c.MemberID)
	if err != nil {
		return LinkList{}, err
	}
	codes := make([]string, len(ls))
	for i, l := range ls {
		codes[i] = l.Code
	}
	regs, err := s.d.Members.RegistrationsByCode(ctx, c.MemberID, codes)
	if err != nil {
		return LinkList{}, err
	}
	out := LinkList{List: make([]LinkView, len(ls))}
	for i, l := range ls {
		out.List[i] = linkView(l, regs[l.Code])
	}
	return out, nil
}

// LinkRequest is the body of POST /wps/agent/links.
type LinkRequest struct {
	Kind  string `json:"kind"`
	Label string `json:"label"`
}

// CreateLink adds an invitation link registering kind under the caller.
func (s *Service) CreateLink(ctx context.Context, c account.Caller, req LinkRequest) (LinkView, error) {
	if err := requireAgent(c); err != nil {
		return LinkView{}, err
	}
	typ, ok := childType(c.Type, strings.ToUpper(strings.TrimSpace(req.Kind)))
	if !ok {
		return LinkView{}, apperr.Invalid("agent.bad_kind")
	}
	label := strings.TrimSpace(req.Label)
	if utf8.RuneCountInString(label) > MaxLinkLabel {
		return LinkView{}, apperr.Invalid("agent.label_too_long").With("max", MaxLinkLabel)
	}
	for try := 0; ; try++ {
		l := Link{AgentID: c.MemberID, Code: newCode(), MemberType: typ, Label: label, CreatedAt: s.d.Clock.Now().UnixMilli()}
		err := s.d.Store.CreateLink(ctx, &l, MaxLinks)
		if err == errLinkCode && try < 5 {
			continue
		}
		if err != nil {
			return LinkView{}, err
		}
		return linkView(l, 0), nil
	}
}

// DisableLink stops one of the caller's links from registering.
func (s *Service) DisableLink(ctx context.Context, c account.Caller, id int64) (LinkView, error) {
	if err := requireAgent(c); err != nil {
		return LinkView{}, err
	}
	l, err := s.d.Store.DisableLink(ctx, c.MemberID, id)
	if err != nil {
		return LinkView{}, err
	}
	regs, err := s.d.Members.RegistrationsByCode(ctx, c.MemberID, []string{l.Code})
	if err != nil {
		return LinkView{}, err
	}
	return linkView(l, regs[l.Code]), nil
}

// ResolveInvite is what registration asks (account.InviteCodes): the agent
// and account type behind a live link code.
func (s *Service) ResolveInvite(ctx context.Context, code string) (int64, int, bool, error) {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 32 {
		return 0, 0, false, nil
	}
	l, ok, err := s.d.Store.ActiveLink(ctx, code)
	if err != nil || !ok {
		return 0, 0, false, err
	}
	return l.AgentID, l.MemberType, true, nil
}

// newCode is a link code: "L" and 8 characters without look-alikes, 9 in
// all (the codes account draws for agents have 8, so the two never meet).
func newCode() string {
	const set = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	var b [8]byte
	_, _ = rand.Read(b[:])
	out := []byte{'L'}
	for _, c := range b {
		out = append(out, set[int(c)%len(set)])
	}
	return string(out)
}

// DownlineRequest is the body of POST /wps/agent/downline.
type DownlineRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Kind     string `json:"kind"`
}

// Created answers POST /wps/agent/downline.
type Created struct {
	ID            int64  `json:"id"`
	Account       string `json:"account"`
	Type          int    `json:"type"`
	Password      string `json:"password,omitempty"` // only when generated: shown once
	MustChange    bool   `json:"mustChange"`
	AffiliateCode string `json:"affiliateCode"`
}

// CreateDownline creates a member or sub-agent directly under the caller.
func (s *Service) CreateDownline(ctx context.Context, c account.Caller, req DownlineRequest, ip string) (Created, error) {
	if err := requireAgent(c); err != nil {
		return Created{}, err
	}
	kind := strings.ToUpper(strings.TrimSpace(req.Kind))
	if kind == "" {
		kind = KindMember
	}
	typ, ok := childType(c.Type, kind)
	if !ok {
		return Created{}, apperr.Invalid("agent.bad_kind")
	}
	m, pw, err := s.d.Members.CreateDownline(ctx, account.DownlineRequest{ParentID: c.MemberID, Username: req.Username,
		Password: req.Password, Type: typ, IP: ip})
	if err != nil {
		return Created{}, err
	}
	return Created{ID: m.ID, Account: m.Account, Type: m.Type, Password: pw, MustChange: true, AffiliateCode: m.OwnAffiliateCode}, nil
}
