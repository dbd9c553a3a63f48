package affiliate

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// Config holds the limits.
type Config struct {
	PerIP int64 // applications per IP (and per member) per hour
}

// DefaultConfig: an honest applicant sends one; a few more cover a typo
// and a second person behind the same address.
var DefaultConfig = Config{PerIP: 5}

// Deps are the other domains this one calls.
type Deps struct {
	Accounts Accounts
	Notifier notify.Notifier // nil: no platform messages
	Auditor  ChangeAuditor
	Clock    clock.Clock
	Logger   *slog.Logger
}

// Service holds the application rules.
type Service struct {
	store *Store
	d     Deps
	cfg   Config
}

func NewService(store *Store, d Deps, cfg Config) *Service {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if cfg.PerIP <= 0 {
		cfg.PerIP = DefaultConfig.PerIP
	}
	return &Service{store: store, d: d, cfg: cfg}
}

// Applied is the value of POST /wps/affiliate/apply.
type Applied struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
}

// Apply stores an application from a visitor or a member. An agent is
// told it is one already; a member or contact with an application under
// review is told so (affiliate.already_pending). Checks in order: the
// form, the bot check, the budget per IP and member, the visitor's captcha.
func (s *Service) Apply(ctx context.Context, c account.Caller, req ApplyRequest, cl account.Client, lang string) (Applied, error) {
	if account.IsAgentType(c.Type) && c.LoggedIn() {
		return Applied{}, ErrAlreadyAgent
	}
	if err := req.Normalize(!c.LoggedIn()); err != nil {
		return Applied{}, err
	}
	if err := s.d.Accounts.CheckForm(ctx, c, account.FormCheck{Name: "affiliate", PerHour: s.cfg.PerIP, Botcheck: req.Botcheck,
		CaptchaKey: req.CaptchaKey, Captcha: req.Captcha}, cl); err != nil {
		return Applied{}, err
	}
	a := Application{MemberID: c.MemberID, Account: c.Account, ContactName: req.ContactName, CountryDialingCode: req.CountryDialingCode,
		Mobile: req.Mobile, Email: req.Email, Channel: req.Channel, ChannelURL: req.ChannelURL, Audience: req.Audience,
		Message: req.Message, Username: req.Username, Language: lang, IP: cl.IP, UserAgent: truncate(cl.UserAgent, 256),
		CreatedAt: s.d.Clock.Now()}
	if err := s.store.Insert(ctx, &a); err != nil {
		return Applied{}, err
	}
	return Applied{ID: a.ID, Status: a.StatusName}, nil
}

// Mine is a member's newest application (nil: none), for the storefront page.
func (s *Service) Mine(ctx context.Context, memberID int64) (*Application, error) {
	a, ok, err := s.store.Latest(ctx, memberID)
	if err != nil || !ok {
		return nil, err
	}
	return &a, nil
}

// List and Get are the console's reads.
func (s *Service) List(ctx context.Context, f Filter) ([]Application, int, error) {
	return s.store.List(ctx, f)
}
func (s *Service) Get(ctx context.Context, id int64) (Application, error) {
	return s.store.Get(ctx, id)
}

// ApproveRequest is POST /ops/v1/affiliates/{id}/approve.
type ApproveRequest struct {
	AgentType int    `json:"agentType"`
	Upline    string `json:"upline"`   // the upline agent's username; "" none
	Username  string `json:"username"` // a visitor's new account; "": the username the visitor wished
}

// Approved is the value of an approval. Password is the new account's
// default password, shown to the operator once (as after a reset) so the
// applicant can be told if neither SMS nor e-mail reached them.
type Approved struct {
	Application Application `json:"application"`
	Password    string      `json:"password,omitempty"`
}

// Approve decides a pending application: the application is claimed first
// (of parallel approvals and rejections one wins; the others answer
// affiliate.already_decided), then the account becomes an agent (a member)
// or a new agent account is made (a visitor); when that fails the claim is
// undone and the application stays pending. Audited with before and after.
func (s *Service) Approve(ctx context.Context, op operator.Caller, id int64, req ApproveRequest) (Approved, error) {
	if !account.IsAgentType(req.AgentType) {
		return Approved{}, apperr.Invalid("account.agent_type_invalid")
	}
	req.Upline, req.Username = strings.TrimSpace(req.Upline), strings.TrimSpace(req.Username)
	before, err := s.store.Get(ctx, id)
	if err != nil {
		return Approved{}, err
	}
	if before.Status != StatusPending {
		return Approved{}, ErrDecided
	}
	var uplineID int64
	if req.Upline != "" {
		up, err := s.d.Accounts.MemberByUsername(ctx, req.Upline)
		if err != nil || !account.IsAgentType(up.Type) {
			return Approved{}, apperr.Invalid("affiliate.upline_not_found").With("upline", req.Upline)
		}
		uplineID = up.ID
	}
	username := req.Username
	if before.MemberID == 0 {
		if username == "" {
			username = before.Username
		}
		if username == "" {
			return Approved{}, apperr.Invalid("affiliate.username_required")
		}
	}
	won, err := s.store.Claim(ctx, id, Decision{Status: StatusApproved, AgentType: req.AgentType, UplineID: uplineID,
		By: op.ID, ByName: op.Username, At: s.d.Clock.Now()})
	if err != nil {
		return Approved{}, err
	}
	if !won {
		return Approved{}, ErrDecided
	}
	var acctBefore, acctAfter account.AgentState
	var password string
	if before.MemberID != 0 {
		acctBefore, acctAfter, err = s.d.Accounts.MakeAgent(ctx, before.MemberID, req.AgentType, uplineID)
	} else {
		acctAfter, password, err = s.d.Accounts.CreateAgent(ctx, account.NewAgent{Username: username, Nickname: before.ContactName,
			Email: before.Email, Mobile: before.Mobile, CountryDialingCode: before.CountryDialingCode, Type: req.AgentType, UplineID: uplineID})
	}
	if err != nil {
		if uerr := s.store.Unclaim(context.WithoutCancel(ctx), before); uerr != nil {
			s.d.Logger.ErrorContext(ctx, "affiliate approval not undone", "id", id, "err", uerr)
		}
		if errors.Is(err, apperr.Conflict("account.already_agent")) {
			return Approved{}, ErrAlreadyAgent
		}
		return Approved{}, err
	}
	// From here the account change has committed: what follows is recorded
	// and reported, never undone.
	ctx = context.WithoutCancel(ctx)
	if err := s.store.SetAgent(ctx, id, acctAfter.MemberID, acctAfter.Account, acctAfter.Code); err != nil {
		s.d.Logger.ErrorContext(ctx, "affiliate agent not recorded", "id", id, "agent", acctAfter.MemberID, "err", err)
	}
	s.notify(ctx, acctAfter.MemberID, notify.Notice{Kind: KindApproved, Params: map[string]string{
		"code": acctAfter.Code, "type": strconv.Itoa(req.AgentType)}})
	if password != "" {
		sent, err := s.d.Accounts.SendSignInDetails(ctx, account.SignInDetails{MemberID: acctAfter.MemberID, Password: password,
			Language: before.Language})
		if err != nil {
			s.d.Logger.ErrorContext(ctx, "affiliate sign-in details not sent", "id", id, "err", err)
		}
		if len(sent) > 0 {
			if err := s.store.SetDelivered(ctx, id, sent); err != nil {
				s.d.Logger.ErrorContext(ctx, "affiliate delivery not recorded", "id", id, "err", err)
			}
		}
	}
	after, err := s.store.Get(ctx, id)
	if err != nil {
		return Approved{}, err
	}
	s.audit(ctx, op, "affiliate.approve", id, "", map[string]any{"application": auditView(before), "account": acctBefore},
		map[string]any{"application": auditView(after), "account": acctAfter})
	return Approved{Application: after, Password: password}, nil
}

// RejectRequest is POST /ops/v1/affiliates/{id}/reject.
type RejectRequest struct {
	Reason string `json:"reason"`
}

// Reject decides a pending application with a reason the applicant reads
// (a member in its messages; a visitor has no account to write to).
func (s *Service) Reject(ctx context.Context, op operator.Caller, id int64, req RejectRequest) (Application, error) {
	req.Reason = strings.TrimSpace(req.Reason)
	if req.Reason == "" || !utf8.ValidString(req.Reason) || utf8.RuneCountInString(req.Reason) > MaxReason {
		return Application{}, apperr.Invalid("affiliate.reason_required").With("max", MaxReason)
	}
	before, err := s.store.Get(ctx, id)
	if err != nil {
		return Application{}, err
	}
	won, err := s.store.Claim(ctx, id, Decision{Status: StatusRejected, Reason: req.Reason, By: op.ID, ByName: op.Username, At: s.d.Clock.Now()})
	if err != nil {
		return Application{}, err
	}
	if !won {
		return Application{}, ErrDecided
	}
	ctx = context.WithoutCancel(ctx)
	if before.MemberID != 0 {
		s.notify(ctx, before.MemberID, notify.Notice{Kind: KindRejected, Params: map[string]string{"reason": req.Reason}})
	}
	after, err := s.store.Get(ctx, id)
	if err != nil {
		return Application{}, err
	}
	s.audit(ctx, op, "affiliate.reject", id, req.Reason, auditView(before), auditView(after))
	return after, nil
}

func (s *Service) notify(ctx context.Context, memberID int64, n notify.Notice) {
	if s.d.Notifier == nil {
		return
	}
	if err := s.d.Notifier.Notify(ctx, memberID, n); err != nil {
		s.d.Logger.ErrorContext(ctx, "affiliate notice not sent", "member", memberID, "kind", n.Kind, "err", err)
	}
}

func (s *Service) audit(ctx context.Context, op operator.Caller, action string, id int64, reason string, before, after any) {
	if s.d.Auditor == nil {
		return
	}
	if err := s.d.Auditor.AuditChange(ctx, op, action, "affiliate_application", strconv.FormatInt(id, 10), reason, before, after); err != nil {
		// The decision has committed; a lost audit row is logged loudly rather than undone.
		s.d.Logger.ErrorContext(ctx, "affiliate audit not written", "action", action, "err", err)
	}
}

// auditView is the decision's fields of an application (the applicant's
// own words stay on the application).
func auditView(a Application) map[string]any {
	return map[string]any{"status": a.StatusName, "agentType": a.AgentType, "uplineId": a.UplineID, "agentId": a.AgentID,
		"agentAccount": a.AgentAccount, "invitationCode": a.InvitationCode, "reason": a.Reason, "delivered": a.Delivered}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
