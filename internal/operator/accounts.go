package operator

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/session"
)

// Operator accounts (issue 30): the TOTP second factor at login, the
// operator's own sessions, operator management and audit rows with the
// state before and after. See docs/operator-api.md.

// More audit actions.
const (
	ActionEnrolStart        = "totp.enrolment_started"
	ActionEnrolled          = "totp.enrolled"
	ActionTOTPReset         = "operator.totp_reset"
	ActionOperatorCreate    = "operator.create"
	ActionOperatorUpdate    = "operator.update"
	ActionSessionRevoke     = "session.revoke"
	ActionSessionsRevoke    = "operator.sessions_revoke"
	ActionAdjustRequest     = "adjustment.request"
	ActionAdjustApprove     = "adjustment.approve"
	ActionAdjustReject      = "adjustment.reject"
	enrolmentTTL            = 10 * time.Minute
	statusActive, statusOff = 0, 1
)

// UseBrand sets where the TOTP requirement and the adjustment approval
// amount are read (UseWallet sets it too).
func (s *Service) UseBrand(b BrandSource) {
	if b != nil {
		s.brand = b
	}
}

// totpRequired: ADMIN and FINANCE always; other roles when the brand says.
func (s *Service) totpRequired(ctx context.Context, r Role) (bool, error) {
	if r.TOTPAlways() {
		return true, nil
	}
	if s.brand == nil {
		return false, nil
	}
	bc, err := s.brand.Current(ctx)
	if err != nil {
		return false, apperr.Internal(err, "brand")
	}
	return bc.Ops.TOTPRequired, nil
}

// checkCode checks a TOTP code of o against a sealed secret, with the
// operator's login claim held: a wrong or replayed code counts as a failed
// login (ops.otp_invalid, or operator.locked once the budget is spent).
func (s *Service) checkCode(ctx context.Context, o Operator, sealedSecret, code string, now time.Time, cl Client) error {
	return s.checkCodeFor(ctx, o, sealedSecret, code, now, cl, "")
}

// checkCodeFor is checkCode with a prefix for the audited failure reason
// ("" at login, "reconfirm" before a large decision).
func (s *Service) checkCodeFor(ctx context.Context, o Operator, sealedSecret, code string, now time.Time, cl Client, why string) error {
	secret, err := s.store.OpenTOTP(ctx, o.ID, sealedSecret)
	if err != nil {
		_ = s.store.UnclaimLogin(ctx, o.ID)
		return err
	}
	step, ok := matchStep(secret, strings.TrimSpace(code), now)
	reason := "otp"
	if ok {
		if ok, err = s.store.AcceptStep(ctx, o.ID, step); err != nil {
			_ = s.store.UnclaimLogin(ctx, o.ID)
			return err
		}
		if !ok {
			reason = "otp_replay"
		}
	}
	if ok {
		return nil
	}
	if why != "" {
		reason = why + "_" + reason
	}
	return s.codeFailed(ctx, o, reason, now, cl)
}

// codeFailed records a wrong code like a wrong password.
func (s *Service) codeFailed(ctx context.Context, o Operator, reason string, now time.Time, cl Client) error {
	until := now.Add(s.cfg.LockoutFor)
	isLocked, err := s.store.LoginFailed(ctx, o.ID, s.cfg.LockoutAfter, until)
	if err != nil {
		return err
	}
	s.auditQuiet(ctx, o.ID, ActionLoginFailed, target(o.ID), map[string]any{"username": o.Username, "reason": reason, "locked": isLocked}, cl.IP)
	if isLocked {
		return locked(until, now)
	}
	return apperr.Unauthorized("ops.otp_invalid")
}

// startEnrolment hands out a fresh secret and the token that exchanges it,
// with the first code, for a session.
func (s *Service) startEnrolment(ctx context.Context, o Operator, cl Client, now time.Time) (LoginResult, error) {
	secret, uri, err := newTOTPKey(o.Username)
	if err != nil {
		return LoginResult{}, apperr.Internal(err, "totp key")
	}
	sealedSecret, err := s.store.SealTOTP(ctx, o.ID, secret)
	if err != nil {
		return LoginResult{}, err
	}
	token, hash := session.NewToken()
	e := Enrolment{TokenHash: hash, OperatorID: o.ID, Secret: sealedSecret, CreatedAt: now, ExpiresAt: now.Add(enrolmentTTL)}
	if err := s.store.CreateEnrolment(ctx, e); err != nil {
		return LoginResult{}, err
	}
	s.auditQuiet(ctx, o.ID, ActionEnrolStart, target(o.ID), map[string]any{"username": o.Username}, cl.IP)
	return LoginResult{Enrolment: &Enrolling{Token: token, Secret: secret, OTPAuthURI: uri, ExpiresAt: e.ExpiresAt.UnixMilli()}}, nil
}

// EnrolRequest is the body of POST /ops/v1/login/enrol.
type EnrolRequest struct {
	Token string `json:"token"`
	OTP   string `json:"otp"`
}

// Enrol completes an enrolment with the first code from the app: the
// secret becomes the operator's and a session starts. An unknown, used or
// expired token is ops.enrolment_invalid; a wrong code ops.otp_invalid,
// counted toward the lockout like a wrong password.
func (s *Service) Enrol(ctx context.Context, req EnrolRequest, cl Client) (LoginResult, error) {
	if len(req.Token) != session.TokenLen {
		return LoginResult{}, apperr.Unauthorized("ops.enrolment_invalid")
	}
	now := s.clock.Now()
	hash := session.Hash(req.Token)
	e, err := s.store.EnrolmentByHash(ctx, hash)
	if err != nil {
		return LoginResult{}, err
	}
	if !e.UsedAt.IsZero() || !now.Before(e.ExpiresAt) {
		return LoginResult{}, apperr.Unauthorized("ops.enrolment_invalid")
	}
	o, err := s.store.OperatorByID(ctx, e.OperatorID)
	if err != nil {
		return LoginResult{}, err
	}
	if o.Status != statusActive || !o.Role.Valid() {
		return LoginResult{}, apperr.Forbidden("operator.disabled")
	}
	if now.Before(o.LockedUntil) {
		return LoginResult{}, locked(o.LockedUntil, now)
	}
	release, err := s.gates.Enter(ctx, o.ID, claimWait)
	if err != nil {
		return LoginResult{}, err
	}
	defer release()
	if err := s.claimLogin(ctx, o.ID); err != nil {
		return LoginResult{}, err
	}
	secret, err := s.store.OpenTOTP(ctx, o.ID, e.Secret)
	if err != nil {
		_ = s.store.UnclaimLogin(ctx, o.ID)
		return LoginResult{}, err
	}
	step, ok := matchStep(secret, strings.TrimSpace(req.OTP), now)
	if !ok {
		return LoginResult{}, s.codeFailed(ctx, o, "enrol_otp", now, cl)
	}
	done, err := s.store.CompleteEnrolment(ctx, hash, o.ID, e.Secret, step, now)
	if err != nil || !done {
		_ = s.store.UnclaimLogin(ctx, o.ID)
		if err == nil {
			err = apperr.Unauthorized("ops.enrolment_invalid")
		}
		return LoginResult{}, err
	}
	o.TOTPSecret = e.Secret
	c := Caller{ID: o.ID, Username: o.Username, Role: o.Role, ip: cl.IP}
	if err := s.AuditChange(ctx, c, ActionEnrolled, "operator", strconv.FormatInt(o.ID, 10), "",
		map[string]any{"totpEnrolled": false}, map[string]any{"totpEnrolled": true}); err != nil {
		return LoginResult{}, err
	}
	return s.startSession(ctx, o, cl, now)
}

// AuditChange writes one audit row with the target, the reason and the
// state before and after (JSON objects; nil for none) and returns once it
// is committed.
func (s *Service) AuditChange(ctx context.Context, c Caller, action, targetType, targetID, reason string, before, after any) error {
	if action == "" {
		return apperr.Internal(errors.New("empty audit action"), "audit")
	}
	return s.audit.write(ctx, changeRow(c.ID, action, targetType, targetID, reason, before, after, c.ipOr(ctx), s.clock.Now()), nil)
}

// changeRow builds an audit row with before and after; the after state is
// also the row's detail.
func changeRow(operatorID int64, action, targetType, targetID, reason string, before, after any, ip string, at time.Time) AuditRow {
	a := AuditRow{OperatorID: operatorID, Action: action, TargetType: targetType, TargetID: targetID, Reason: reason, IP: ip,
		CreatedAt: at.UnixMilli(), detailJSON: "{}"}
	if targetType != "" {
		a.Target = targetType + ":" + targetID
	}
	a.beforeJSON, a.afterJSON = jsonObject(before), jsonObject(after)
	if a.afterJSON != "" {
		a.detailJSON = a.afterJSON
	}
	return a
}

// jsonObject encodes v as JSON, "" for nil.
func jsonObject(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return ""
	}
	return string(b)
}

// AuditFilter narrows GET /ops/v1/audit.
type AuditFilter struct {
	Action     string
	OperatorID int64
	TargetType string
	TargetID   string
	From, To   int64 // Unix ms
}

// AuditList is the answer of GET /ops/v1/audit.
type AuditList struct {
	Items    []AuditRow `json:"items"`
	Total    int        `json:"total"`
	Page     int        `json:"page"`
	PageSize int        `json:"pageSize"`
}

// AuditPage lists audit rows newest first.
func (s *Service) AuditPage(ctx context.Context, f AuditFilter, page, pageSize int) (AuditList, error) {
	rows, total, err := s.store.AuditRows(ctx, AuditQuery{Action: f.Action, OperatorID: f.OperatorID, TargetType: f.TargetType,
		TargetID: f.TargetID, From: f.From, To: f.To, Offset: (page - 1) * pageSize, Limit: pageSize})
	if err != nil {
		return AuditList{}, err
	}
	return AuditList{Items: rows, Total: total, Page: page, PageSize: pageSize}, nil
}

// SessionItem is one of the caller's sessions.
type SessionItem struct {
	ID         string `json:"id"`
	CreatedAt  int64  `json:"createdAt"`
	LastSeenAt int64  `json:"lastSeenAt"`
	IP         string `json:"ip"`
	UserAgent  string `json:"userAgent"`
	Current    bool   `json:"current"`
}

// SessionList is the answer of GET /ops/v1/me/sessions.
type SessionList struct {
	Items []SessionItem `json:"items"`
}

// MySessions lists the caller's live sessions; current marks the one of token.
func (s *Service) MySessions(ctx context.Context, c Caller, token string) (SessionList, error) {
	list, err := s.store.LiveSessions(ctx, c.ID, s.clock.Now(), s.cfg.IdleTimeout)
	if err != nil {
		return SessionList{}, err
	}
	cur := session.Hash(token)
	out := SessionList{Items: make([]SessionItem, 0, len(list))}
	for _, x := range list {
		out.Items = append(out.Items, SessionItem{ID: SessionID(x.TokenHash), CreatedAt: ms(x.CreatedAt), LastSeenAt: ms(x.LastSeenAt),
			IP: x.IP, UserAgent: x.UserAgent, Current: x.TokenHash == cur})
	}
	return out, nil
}

// validSessionID: 16 lower-case hex digits.
func validSessionID(id string) bool {
	if len(id) != 16 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// RevokeMySession ends one of the caller's sessions.
func (s *Service) RevokeMySession(ctx context.Context, c Caller, id string) error {
	if !validSessionID(id) {
		return apperr.NotFound("operator.session_not_found")
	}
	hash, err := s.store.RevokeSessionByID(ctx, c.ID, id, s.clock.Now())
	if err != nil {
		return err
	}
	s.sessions.Drop(hash)
	return s.AuditChange(ctx, c, ActionSessionRevoke, "session", id, "", map[string]any{"revoked": false}, map[string]any{"revoked": true})
}

// endSessions revokes every session of an operator and forgets them here;
// other instances stop accepting them within SessionCacheTTL.
func (s *Service) endSessions(ctx context.Context, id int64) (int, error) {
	hashes, err := s.store.RevokeAllSessions(ctx, id, s.clock.Now())
	for _, h := range hashes {
		s.sessions.Drop(h)
	}
	return len(hashes), err
}

// OperatorItem is one operator in the management list.
type OperatorItem struct {
	ID           int64  `json:"id"`
	Username     string `json:"username"`
	Role         Role   `json:"role"`
	Status       string `json:"status"` // ACTIVE or DISABLED
	TOTPEnrolled bool   `json:"totpEnrolled"`
	LastLoginAt  int64  `json:"lastLoginAt"` // Unix ms, 0: never
	CreatedAt    int64  `json:"createdAt"`
}

func itemOf(o Operator) OperatorItem {
	st := "ACTIVE"
	if o.Status != statusActive {
		st = "DISABLED"
	}
	return OperatorItem{ID: o.ID, Username: o.Username, Role: o.Role, Status: st, TOTPEnrolled: o.TOTPEnrolled(),
		LastLoginAt: ms(o.LastLoginAt), CreatedAt: ms(o.CreatedAt)}
}

// OperatorList is the answer of GET /ops/v1/operators.
type OperatorList struct {
	Items    []OperatorItem `json:"items"`
	Total    int            `json:"total"`
	Page     int            `json:"page"`
	PageSize int            `json:"pageSize"`
}

// Operators lists operators; q matches part of the username.
func (s *Service) Operators(ctx context.Context, q string, page, pageSize int) (OperatorList, error) {
	list, total, err := s.store.ListOperators(ctx, strings.TrimSpace(q), (page-1)*pageSize, pageSize)
	if err != nil {
		return OperatorList{}, err
	}
	out := OperatorList{Items: make([]OperatorItem, 0, len(list)), Total: total, Page: page, PageSize: pageSize}
	for _, o := range list {
		out.Items = append(out.Items, itemOf(o))
	}
	return out, nil
}

// NewOperator is the body of POST /ops/v1/operators.
type NewOperator struct {
	Username string `json:"username"`
	Password string `json:"password"`
	Role     Role   `json:"role"`
}

// AddOperator creates an operator (operators.manage), audited.
func (s *Service) AddOperator(ctx context.Context, c Caller, req NewOperator) (OperatorItem, error) {
	id, err := s.CreateOperator(ctx, req.Username, req.Password, Role(strings.ToUpper(strings.TrimSpace(string(req.Role)))))
	if err != nil {
		return OperatorItem{}, err
	}
	o, err := s.store.OperatorByID(ctx, id)
	if err != nil {
		return OperatorItem{}, err
	}
	it := itemOf(o)
	if err := s.AuditChange(ctx, c, ActionOperatorCreate, "operator", strconv.FormatInt(id, 10), "", nil, auditState(it)); err != nil {
		return OperatorItem{}, err
	}
	return it, nil
}

func auditState(it OperatorItem) map[string]any {
	return map[string]any{"username": it.Username, "role": it.Role, "status": it.Status, "totpEnrolled": it.TOTPEnrolled}
}

// OperatorPatch is the body of PATCH /ops/v1/operators/{id}.
type OperatorPatch struct {
	Role   *string `json:"role"`
	Status *string `json:"status"` // ACTIVE or DISABLED
	Reason string  `json:"reason"`
}

// PatchOperator changes an operator's role or status. No change may leave
// the brand without an active ADMIN (operator.last_admin); disabling ends
// every session of the operator.
func (s *Service) PatchOperator(ctx context.Context, c Caller, id int64, p OperatorPatch) (OperatorItem, error) {
	o, err := s.store.OperatorByID(ctx, id)
	if err != nil {
		return OperatorItem{}, err
	}
	before := itemOf(o)
	role, status := o.Role, o.Status
	if p.Role != nil {
		role = Role(strings.ToUpper(strings.TrimSpace(*p.Role)))
		if !role.Valid() {
			return OperatorItem{}, apperr.Invalid("operator.invalid_role")
		}
	}
	if p.Status != nil {
		switch strings.ToUpper(strings.TrimSpace(*p.Status)) {
		case "ACTIVE":
			status = statusActive
		case "DISABLED":
			status = statusOff
		default:
			return OperatorItem{}, apperr.Invalid("operator.invalid_status")
		}
	}
	reason := strings.TrimSpace(p.Reason)
	if len(reason) > maxReason {
		return OperatorItem{}, apperr.Invalid("operator.invalid_reason").With("min", 0).With("max", maxReason)
	}
	if role == o.Role && status == o.Status {
		return before, nil
	}
	if err := s.store.UpdateOperator(ctx, id, role, status, s.clock.Now()); err != nil {
		return OperatorItem{}, err
	}
	if status != statusActive {
		if _, err := s.endSessions(ctx, id); err != nil {
			return OperatorItem{}, err
		}
	} else if live, err := s.store.LiveSessions(ctx, id, s.clock.Now(), s.cfg.IdleTimeout); err == nil {
		for _, x := range live { // the new role applies at the next request here
			s.sessions.Drop(x.TokenHash)
		}
	}
	o.Role, o.Status = role, status
	after := itemOf(o)
	if err := s.AuditChange(ctx, c, ActionOperatorUpdate, "operator", strconv.FormatInt(id, 10), reason, auditState(before), auditState(after)); err != nil {
		return OperatorItem{}, err
	}
	return after, nil
}

// ResetTOTP removes an operator's second factor and ends their sessions:
// the next login enrols a new one (or needs none, for a role and brand
// that do not require it).
func (s *Service) ResetTOTP(ctx context.Context, c Caller, id int64) (OperatorItem, error) {
	o, err := s.store.OperatorByID(ctx, id)
	if err != nil {
		return OperatorItem{}, err
	}
	if _, err := s.store.ResetTOTP(ctx, id, s.clock.Now()); err != nil {
		return OperatorItem{}, err
	}
	if _, err := s.endSessions(ctx, id); err != nil {
		return OperatorItem{}, err
	}
	before := itemOf(o)
	o.TOTPSecret = ""
	after := itemOf(o)
	if err := s.AuditChange(ctx, c, ActionTOTPReset, "operator", strconv.FormatInt(id, 10), "", auditState(before), auditState(after)); err != nil {
		return OperatorItem{}, err
	}
	return after, nil
}

// Revoked is the answer of POST /ops/v1/operators/{id}/sessions/revoke.
type Revoked struct {
	Revoked int `json:"revoked"`
}

// RevokeOperatorSessions ends every session of an operator.
func (s *Service) RevokeOperatorSessions(ctx context.Context, c Caller, id int64) (Revoked, error) {
	if _, err := s.store.OperatorByID(ctx, id); err != nil {
		return Revoked{}, err
	}
	n, err := s.endSessions(ctx, id)
	if err != nil {
		return Revoked{}, err
	}
	if err := s.AuditChange(ctx, c, ActionSessionsRevoke, "operator", strconv.FormatInt(id, 10), "", nil, map[string]any{"revoked": n}); err != nil {
		return Revoked{}, err
	}
	return Revoked{Revoked: n}, nil
}

// CurrentCode is the current TOTP code of an operator's stored secret: the
// demo's `palaro operator otp USERNAME` (the caller checks demo mode).
func (s *Service) CurrentCode(ctx context.Context, username string) (string, error) {
	o, err := s.store.OperatorByUsername(ctx, username)
	if err != nil {
		return "", err
	}
	if !o.TOTPEnrolled() {
		return "", apperr.Invalid("operator.totp_not_enrolled")
	}
	secret, err := s.store.OpenTOTP(ctx, o.ID, o.TOTPSecret)
	if err != nil {
		return "", err
	}
	return TOTPCode(secret, s.clock.Now())
}

// checkPassword is the operator password policy: 8 to 128 characters, not
// a common password, not the username.
func checkPassword(username, password string) error {
	if len(password) < 8 || len(password) > maxPassword || strings.EqualFold(password, username) || account.IsCommonPassword(password) {
		return apperr.Invalid("operator.weak_password").With("min", 8).With("max", maxPassword)
	}
	return nil
}
