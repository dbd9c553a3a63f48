package account

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Agents made by the back office (issue 31, part 8: an approved affiliate
// application, internal/affiliate). Permissions and the audit row are the
// caller's; these methods keep the account rules: only an active, real,
// non-agent account becomes an agent, an upline must be an active agent,
// and every agent gets an invitation code no other account holds.

// AgentState is an account's agent fields, before or after a change.
type AgentState struct {
	MemberID int64  `json:"memberId"`
	Account  string `json:"account"`
	Type     int    `json:"type"`
	ParentID int64  `json:"parentId,omitempty"`
	Code     string `json:"invitationCode,omitempty"`
}

// InvitationCodeLen is the length of a generated invitation code: 8 of 31
// unambiguous letters and digits, about 8.5e11 codes, so a clash is rare
// and is retried.
const InvitationCodeLen = 8

func newInvitationCode() string {
	const set = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, InvitationCodeLen)
	for i := range b {
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(set))))
		b[i] = set[n.Int64()]
	}
	return string(b)
}

func state(m Member) AgentState {
	return AgentState{MemberID: m.ID, Account: m.Account, Type: m.Type, ParentID: m.ParentID, Code: m.OwnAffiliateCode}
}

// checkUpline reads the upline an operator chose (0: none) in tx.
func checkUpline(ctx context.Context, tx *db.Tx, uplineID, self int64) error {
	if uplineID == 0 {
		return nil
	}
	if uplineID == self {
		return apperr.Invalid("account.upline_invalid")
	}
	var typ, status int
	err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT type, status FROM account_member WHERE id = ?`), uplineID).Scan(&typ, &status)
	if db.IsNoRows(err) || (err == nil && (!IsAgentType(typ) || status != StatusActive)) {
		return apperr.Invalid("account.upline_invalid")
	}
	if err != nil {
		return apperr.Internal(err, "read upline")
	}
	return nil
}

// MakeAgent turns an active real member into an agent of agentType with a
// new invitation code, under uplineID when given (0: the member keeps the
// upline it registered under, if any). The row is read and written in one
// transaction under its lock, so of two parallel calls one finds an agent
// and answers account.already_agent.
func (s *Service) MakeAgent(ctx context.Context, memberID int64, agentType int, uplineID int64) (before, after AgentState, err error) {
	if !IsAgentType(agentType) {
		return before, after, apperr.Invalid("account.agent_type_invalid")
	}
	now := s.clock.Now()
	for attempt := 0; ; attempt++ {
		err = s.store.db.InTx(ctx, func(tx *db.Tx) error {
			lock := ""
			if tx.Dialect() == db.Postgres {
				lock = ` FOR UPDATE`
			}
			var m Member
			if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT id, account, type, status, COALESCE(parent_id, 0), COALESCE(own_affiliate_code, '')
				FROM account_member WHERE id = ?`+lock), memberID).Scan(&m.ID, &m.Account, &m.Type, &m.Status, &m.ParentID, &m.OwnAffiliateCode); err != nil {
				if db.IsNoRows(err) {
					return apperr.NotFound("account.not_found")
				}
				return apperr.Internal(err, "read member")
			}
			before = state(m)
			switch {
			case IsAgentType(m.Type):
				return apperr.Conflict("account.already_agent")
			case m.Type == TypeTrial:
				return apperr.Forbidden("auth.real_account_required")
			case m.Status != StatusActive:
				return apperr.Forbidden("auth.account_disabled")
			}
			if err := checkUpline(ctx, tx, uplineID, m.ID); err != nil {
				return err
			}
			m.Type, m.OwnAffiliateCode = agentType, newInvitationCode()
			if uplineID != 0 {
				m.ParentID = uplineID
			}
			if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE account_member SET type = ?, own_affiliate_code = ?, parent_id = ?, updated_at = ?
				WHERE id = ?`), m.Type, m.OwnAffiliateCode, nullableID(m.ParentID), ms(now), m.ID); err != nil {
				if strings.Contains(err.Error(), "own_affiliate") {
					return errCodeClash
				}
				return apperr.Internal(err, "make agent")
			}
			after = state(m)
			return nil
		})
		if !errors.Is(err, errCodeClash) || attempt >= 4 {
			break
		}
	}
	if err != nil {
		return AgentState{}, AgentState{}, err
	}
	// The cached sessions hold the old type: drop them so the next request
	// (and the agent centre's login) sees an agent.
	s.revoked(ctx, memberID, "", "")
	return before, after, nil
}

var errCodeClash = apperr.Conflict("account.invitation_code_clash")

// NewAgent is an agent account the back office creates for a visitor.
type NewAgent struct {
	Username           string
	Nickname           string
	Email              string
	Mobile             string // national number
	CountryDialingCode string
	Type               int
	UplineID           int64
}

// CreateAgent creates an agent account with a random default password
// (returned once: the first login must change it, as after an operator's
// reset) and a new invitation code. The username follows the brand's rule.
func (s *Service) CreateAgent(ctx context.Context, n NewAgent) (AgentState, string, error) {
	n.Username = strings.TrimSpace(n.Username)
	n.Nickname = strings.TrimSpace(n.Nickname)
	if err := firstErr(maxLen("username", n.Username, MaxUsername), maxLen("nickname", n.Nickname, MaxField),
		maxLen("email", n.Email, MaxField), maxLen("mobileNum", n.Mobile, 32)); err != nil {
		return AgentState{}, "", err
	}
	if !IsAgentType(n.Type) {
		return AgentState{}, "", apperr.Invalid("account.agent_type_invalid")
	}
	if n.Username == "" {
		return AgentState{}, "", required("username")
	}
	if bc := s.brandConfig(ctx); bc != nil {
		if rule, ok := bc.Rule("username"); ok && rule.Enabled && !rule.Accepts(n.Username) {
			return AgentState{}, "", apperr.Invalid("account.field_rule").With("field", "username").With("min", rule.MinLength).With("max", rule.MaxLength)
		}
	}
	if n.Nickname == "" || utf8.RuneCountInString(n.Nickname) > 32 {
		n.Nickname = n.Username
	}
	pw := newDefaultPassword(n.Username)
	hash, err := s.hash(ctx, pw)
	if err != nil {
		return AgentState{}, "", err
	}
	now := s.clock.Now()
	var m Member
	for attempt := 0; ; attempt++ {
		m = Member{Account: n.Username, Nickname: n.Nickname, Type: n.Type, PasswordHash: hash, DefaultPassword: true,
			PasswordChangedAt: now, Email: n.Email, Mobile: n.Mobile, CountryDialingCode: n.CountryDialingCode,
			OwnAffiliateCode: newInvitationCode(), ParentID: n.UplineID, RegisterMethod: "AFFILIATE", CreatedAt: now}
		err = s.store.db.InTx(ctx, func(tx *db.Tx) error {
			if err := checkUpline(ctx, tx, n.UplineID, 0); err != nil {
				return err
			}
			return createMember(ctx, tx, &m, "affiliate")
		})
		// createMember words a clash of own_affiliate_code as an invalid
		// code: here it is a new code meeting an old one, so try another.
		if ae := apperr.As(err); ae == nil || ae.Code != "account.affiliate_invalid" || attempt >= 4 {
			break
		}
	}
	if err != nil {
		return AgentState{}, "", err
	}
	return state(m), pw, nil
}

// SignInDetails are an account's first sign-in details sent to its owner.
type SignInDetails struct {
	MemberID int64
	Password string // the default password, sent once
	URL      string // where to sign in; "": the agent login of the reset links' base (Messaging) or the brand's main domain
	Language string // one of the twelve; else TY
}

// Delivery channels of SendSignInDetails.
const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"
)

// SendSignInDetails texts and mails a new account its username, default
// password and sign-in address, through the configured SMS provider and
// mailer, to the mobile and e-mail on the account. It answers the channels
// that took the message; none is not an error (no contact, or no provider
// configured): the caller shows the password to the operator instead.
func (s *Service) SendSignInDetails(ctx context.Context, d SignInDetails) ([]string, error) {
	m, err := s.store.MemberByID(ctx, d.MemberID)
	if err != nil {
		return nil, err
	}
	t, ok := signInTexts[d.Language]
	if !ok {
		t = signInTexts["TY"]
	}
	if d.URL == "" {
		base := s.resetBaseURL
		if base == "" {
			if bc := s.brandConfig(ctx); bc != nil && bc.MainDomain != "" {
				base = "http://" + bc.MainDomain
			}
		}
		d.URL = base + "/agent"
	}
	body := fmt.Sprintf(t.body, m.Account, d.Password, d.URL)
	sent := []string{}
	if m.Mobile != "" && s.sms != nil {
		if err := s.sms.SendSMS(ctx, m.CountryDialingCode, m.Mobile, body); err == nil {
			sent = append(sent, ChannelSMS)
		} else {
			slog.ErrorContext(ctx, "sign-in details sms not sent", "member", m.ID, "err", err)
		}
	}
	if m.Email != "" && s.mailer != nil {
		if err := s.mailer.SendMail(ctx, m.Email, t.subject, body); err == nil {
			sent = append(sent, ChannelEmail)
		} else {
			slog.ErrorContext(ctx, "sign-in details mail not sent", "member", m.ID, "err", err)
		}
	}
	return sent, nil
}

// signInTexts: subject, and the body (username, password, address).
var signInTexts = map[string]struct{ subject, body string }{
	"EN": {"Your agent account is ready",
		"Welcome! Your agent account is ready. Username: %s. Temporary password: %s. Sign in at %s and set your own password."},
	"TY": {"Handa na ang iyong account bilang ahente",
		"Maligayang pagdating! Handa na ang iyong account bilang ahente. Username: %s. Pansamantalang password: %s. Mag-sign in sa %s at magtakda ng sarili mong password."},
	"CN": {"您的代理账号已开通", "欢迎！您的代理账号已开通。用户名：%s。临时密码：%s。请在 %s 登录并设置您自己的密码。"},
	"JA": {"エージェントアカウントの準備ができました", "ようこそ！エージェントアカウントの準備ができました。ユーザー名：%s。仮パスワード：%s。%s でサインインし、ご自身のパスワードを設定してください。"},
	"KO": {"에이전트 계정이 준비되었습니다", "환영합니다! 에이전트 계정이 준비되었습니다. 사용자 이름: %s. 임시 비밀번호: %s. %s 에서 로그인한 뒤 비밀번호를 새로 설정하세요."},
	"TH": {"บัญชีเอเจนต์ของคุณพร้อมใช้งานแล้ว", "ยินดีต้อนรับ! บัญชีเอเจนต์ของคุณพร้อมใช้งานแล้ว ชื่อผู้ใช้: %s รหัสผ่านชั่วคราว: %s เข้าสู่ระบบที่ %s แล้วตั้งรหัสผ่านของคุณเอง"},
	"VI": {"Tài khoản đại lý của bạn đã sẵn sàng", "Chào mừng! Tài khoản đại lý của bạn đã sẵn sàng. Tên đăng nhập: %s. Mật khẩu tạm thời: %s. Hãy đăng nhập tại %s và đặt mật khẩu của riêng bạn."},
	"ES": {"Tu cuenta de agente está lista", "¡Bienvenido! Tu cuenta de agente está lista. Usuario: %s. Contraseña temporal: %s. Inicia sesión en %s y crea tu propia contraseña."},
	"PT": {"Sua conta de agente está pronta", "Bem-vindo! Sua conta de agente está pronta. Usuário: %s. Senha temporária: %s. Entre em %s e defina sua própria senha."},
	"FR": {"Votre compte d'agent est prêt", "Bienvenue ! Votre compte d'agent est prêt. Identifiant : %s. Mot de passe provisoire : %s. Connectez-vous sur %s et choisissez votre propre mot de passe."},
	"RU": {"Ваш агентский аккаунт готов", "Добро пожаловать! Ваш агентский аккаунт готов. Логин: %s. Временный пароль: %s. Войдите на %s и задайте собственный пароль."},
	"AR": {"حساب الوكيل الخاص بك جاهز", "مرحبًا! حساب الوكيل الخاص بك جاهز. اسم المستخدم: %s. كلمة المرور المؤقتة: %s. سجّل الدخول عبر %s ثم عيّن كلمة مرورك الخاصة."},
}

// MemberByUsername finds an account by username, case-insensitively (the
// console names an upline agent by username).
func (s *Service) MemberByUsername(ctx context.Context, username string) (Member, error) {
	username = strings.TrimSpace(username)
	if username == "" || utf8.RuneCountInString(username) > MaxUsername {
		return Member{}, apperr.NotFound("account.not_found")
	}
	return s.store.MemberByAccount(ctx, username)
}
