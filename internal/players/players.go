// Package players is the back office's view of the players (issue 30, part
// 4): search, the player page and the actions on a player under
// /ops/v1/players. It owns the operators' internal notes (player_note) and
// nothing else: members, sessions, balances, records, rounds, deposits,
// withdrawals and payout accounts come from their domains through the
// typed interfaces of Deps, which cmd/palaro wires. See
// docs/operator-api.md, "Players".
package players

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/cashier"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/inhouse"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/withdraw"
)

// Members is what the player page needs from the accounts (account.Service).
type Members interface {
	SearchMembers(ctx context.Context, q account.MemberSearch) ([]account.MemberSummary, int, error)
	MemberDetail(ctx context.Context, id int64) (account.MemberSummary, error)
	MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error)
	Logins(ctx context.Context, memberID int64, offset, limit int) ([]account.Login, int, error)
	FirstLogin(ctx context.Context, memberID int64) (account.Login, error)
	MembersSharingIP(ctx context.Context, memberID int64) ([]account.IPLink, error)
	SetStatus(ctx context.Context, memberID int64, status int) (account.StatusChange, error)
	LogoutEverywhere(ctx context.Context, memberID int64) (int, error)
	ResetToDefault(ctx context.Context, memberID int64) (string, error)
}

// Balances reads members' ledger balances (wallet.Service).
type Balances interface {
	BalancesOf(ctx context.Context, memberID int64) ([]wallet.MemberBalance, int, error)
	MainBalancesOf(ctx context.Context, memberIDs []int64) (map[int64]int64, string, error)
	Currency(ctx context.Context) (string, int, error)
}

// VendorBalances asks the transfer vendors (wallet.Transfers); optional.
type VendorBalances interface {
	VendorBalancesOf(ctx context.Context, memberID int64) ([]wallet.VendorWallet, error)
}

// Transactions is a member's account record (wallet.Records).
type Transactions interface {
	PageOf(ctx context.Context, memberID int64, q wallet.RecordQuery) (wallet.RecordPage, error)
}

// Bets is a member's betting record (records.Service).
type Bets interface {
	BetsOf(ctx context.Context, memberID int64, q records.BetQuery) (records.BetPage, error)
}

// Rounds reads one round (gamewallet.Service).
type Rounds interface {
	RoundByID(ctx context.Context, id int64) (gamewallet.Round, bool, error)
}

// Recall is the in-house games' recall of a round (inhouse.Service); optional.
type Recall interface {
	RecallOf(ctx context.Context, memberID int64, roundRef string) (inhouse.Round, error)
}

// Deposits is the cashier's deposit queue (cashier.Service).
type Deposits interface {
	OpsList(ctx context.Context, f cashier.Filter) (cashier.Page, error)
}

// Withdrawals is the withdrawal queue and the payout accounts (withdraw.Service).
type Withdrawals interface {
	OpsList(ctx context.Context, f withdraw.ListFilter) (withdraw.Page[withdraw.OpsWithdrawal], error)
	SharedPayoutAccounts(ctx context.Context, memberID int64) ([]withdraw.SharedPayout, error)
}

// Deps are the domains the player page reads through.
type Deps struct {
	Members        Members
	Balances       Balances
	VendorBalances VendorBalances // nil: no transfer vendors shown
	Transactions   Transactions
	Bets           Bets
	Rounds         Rounds
	Recall         Recall // nil: no in-house recall in the round detail
	Deposits       Deposits
	Withdrawals    Withdrawals
	Auditor        operator.Auditor
	Clock          clock.Clock
	Logger         *slog.Logger
}

// Service holds the player page's rules.
type Service struct {
	d     Deps
	store *Store
}

func NewService(store *Store, d Deps) *Service {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	return &Service{d: d, store: store}
}

// Limits.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
	MaxNote         = 2000 // runes
	minReason       = 3
	maxReason       = 200
)

// Statuses as the back office shows them.
const (
	StatusActive = "ACTIVE"
	StatusLocked = "LOCKED"
)

func statusName(s int) string {
	if s == account.StatusActive {
		return StatusActive
	}
	return StatusLocked
}

// Page is a list page: items, the total and where it is.
type Page[T any] struct {
	Items    []T `json:"items"`
	Total    int `json:"total"`
	Page     int `json:"page"`
	PageSize int `json:"pageSize"`
}

// SearchPage is the search's page: the total is capped at
// account.MaxSearchCount (TotalCapped true: there are more; narrow the search).
type SearchPage struct {
	Page[Item]
	TotalCapped bool `json:"totalCapped"`
	Decimals    int  `json:"decimals"` // of the balances' currency
}

// Item is one player in the search results.
type Item struct {
	ID                 int64  `json:"id"`
	Username           string `json:"username"`
	Type               int    `json:"type"`
	Mobile             string `json:"mobile"`
	CountryDialingCode string `json:"countryDialingCode"`
	Email              string `json:"email"`
	Status             string `json:"status"`
	Currency           string `json:"currency"`
	Balance            int64  `json:"balance"`
	RegisteredAt       int64  `json:"registeredAt"`
	LastLoginAt        *int64 `json:"lastLoginAt"`
	LastLoginIP        string `json:"lastLoginIp"`
	Agent              string `json:"agent"`
}

func unixMS(t time.Time) *int64 {
	if t.IsZero() {
		return nil
	}
	v := t.UnixMilli()
	return &v
}

// notFound turns the account's unknown member into this API's code.
func notFound(err error, id int64) error {
	if errors.Is(err, apperr.NotFound("account.not_found")) {
		return apperr.NotFound("players.not_found").With("id", id)
	}
	return err
}

// Search finds players by one key.
func (s *Service) Search(ctx context.Context, q account.MemberSearch, page, size int) (SearchPage, error) {
	q.Offset, q.Limit = (page-1)*size, size
	if q.Offset >= account.MaxSearchCount {
		q.Offset = account.MaxSearchCount // past the cap: an empty page, still checked and counted
	}
	rows, total, err := s.d.Members.SearchMembers(ctx, q)
	if err != nil {
		return SearchPage{}, err
	}
	capped := total > account.MaxSearchCount
	if capped {
		total = account.MaxSearchCount
		if len(rows) > 0 && q.Offset+len(rows) > total {
			rows = rows[:max(total-q.Offset, 0)]
		}
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	bals, cur, err := s.d.Balances.MainBalancesOf(ctx, ids)
	if err != nil {
		return SearchPage{}, err
	}
	_, decimals, err := s.d.Balances.Currency(ctx)
	if err != nil {
		return SearchPage{}, err
	}
	out := SearchPage{Page: Page[Item]{Items: make([]Item, 0, len(rows)), Total: total, Page: page, PageSize: size}, TotalCapped: capped, Decimals: decimals}
	for _, r := range rows {
		out.Items = append(out.Items, Item{ID: r.ID, Username: r.Account, Type: r.Type, Mobile: r.Mobile, CountryDialingCode: r.CountryDialingCode,
			Email: r.Email, Status: statusName(r.Status), Currency: cur, Balance: bals[r.ID], RegisteredAt: r.CreatedAt.UnixMilli(),
			LastLoginAt: unixMS(r.LastLoginAt), LastLoginIP: r.LastLoginIP, Agent: r.Agent})
	}
	return out, nil
}

// exportChunk is how many rows the export reads per search.
const exportChunk = 1000

// Export is every match of a search (at most account.MaxSearchCount, the
// search's own cap: capped says there were more), for the CSV file.
func (s *Service) Export(ctx context.Context, q account.MemberSearch) (items []Item, decimals int, capped bool, err error) {
	for page := 1; ; page++ {
		p, err := s.Search(ctx, q, page, exportChunk)
		if err != nil {
			return nil, 0, false, err
		}
		items, decimals, capped = append(items, p.Items...), p.Decimals, p.TotalCapped
		if len(p.Items) < exportChunk || len(items) >= p.Total {
			return items, decimals, capped, nil
		}
	}
}

// Detail is the player page's header: who, how they came, what they hold.
type Detail struct {
	Player       Profile      `json:"player"`
	Registration Registration `json:"registration"`
	Balances     BalanceSet   `json:"balances"`
	Flags        Flags        `json:"flags"`
}

// Profile is the member's own data.
type Profile struct {
	ID                 int64  `json:"id"`
	Username           string `json:"username"`
	Nickname           string `json:"nickname"`
	Type               int    `json:"type"`
	Status             string `json:"status"`
	Mobile             string `json:"mobile"`
	CountryDialingCode string `json:"countryDialingCode"`
	Email              string `json:"email"`
	PayeeName          string `json:"payeeName"`
	CreatedAt          int64  `json:"createdAt"`
	LastLoginAt        *int64 `json:"lastLoginAt"`
	LastLoginIP        string `json:"lastLoginIp"`
	PasswordChangedAt  *int64 `json:"passwordChangedAt"`
}

// Registration is how the member registered. Device is the user agent of
// its first login (registration logs in; nothing else records a device).
type Registration struct {
	IP            string `json:"ip"`
	Device        string `json:"device"`
	Channel       string `json:"channel"` // the registration method (WEB)
	Domain        string `json:"domain"`
	URL           string `json:"url"`
	ReferralCode  string `json:"referralCode"`
	AffiliateCode string `json:"affiliateCode"`
	Agent         string `json:"agent"`
	AgentID       int64  `json:"agentId"`
}

// BalanceSet is the main balance, every ledger account of the member and,
// when there are transfer vendors, their balances.
type BalanceSet struct {
	Main     int64                  `json:"main"`
	Currency string                 `json:"currency"`
	Decimals int                    `json:"decimals"`
	Wallets  []wallet.MemberBalance `json:"wallets"`
	Vendors  []wallet.VendorWallet  `json:"vendors"`
}

// Flags are the yes/no facts the console shows as badges.
type Flags struct {
	Locked          bool `json:"locked"`
	DefaultPassword bool `json:"defaultPassword"` // must change the password at the next login
	Trial           bool `json:"trial"`
	Agent           bool `json:"agent"`
}

// Get is the player page's header.
func (s *Service) Get(ctx context.Context, id int64) (Detail, error) {
	m, err := s.d.Members.MemberDetail(ctx, id)
	if err != nil {
		return Detail{}, notFound(err, id)
	}
	first, err := s.d.Members.FirstLogin(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	wallets, decimals, err := s.d.Balances.BalancesOf(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	out := Detail{
		Player: Profile{ID: m.ID, Username: m.Account, Nickname: m.Nickname, Type: m.Type, Status: statusName(m.Status), Mobile: m.Mobile,
			CountryDialingCode: m.CountryDialingCode, Email: m.Email, PayeeName: m.PayeeName, CreatedAt: m.CreatedAt.UnixMilli(),
			LastLoginAt: unixMS(m.LastLoginAt), LastLoginIP: m.LastLoginIP, PasswordChangedAt: unixMS(m.PasswordChangedAt)},
		Registration: Registration{IP: m.RegisterIP, Device: first.UserAgent, Channel: m.RegisterMethod, Domain: m.Domain, URL: m.RegisterURL,
			ReferralCode: m.ReferralCode, AffiliateCode: m.AffiliateCode, Agent: m.Agent, AgentID: m.ParentID},
		Balances: BalanceSet{Decimals: decimals, Wallets: wallets, Vendors: []wallet.VendorWallet{}},
		Flags: Flags{Locked: m.Status != account.StatusActive, DefaultPassword: m.DefaultPassword, Trial: m.Type == account.TypeTrial,
			Agent: account.IsAgentType(m.Type)},
	}
	if len(wallets) > 0 && wallets[0].Wallet == "MAIN" {
		out.Balances.Main, out.Balances.Currency = wallets[0].Balance, wallets[0].Currency
	} else if out.Balances.Currency, _, err = s.d.Balances.Currency(ctx); err != nil { // no main account yet: 0 in the brand currency
		return Detail{}, err
	}
	if s.d.VendorBalances != nil && m.Type != account.TypeTrial {
		if out.Balances.Vendors, err = s.d.VendorBalances.VendorBalancesOf(ctx, id); err != nil {
			return Detail{}, err
		}
	}
	return out, nil
}

// exists answers players.not_found for an unknown member.
func (s *Service) exists(ctx context.Context, id int64) (account.MemberSummary, error) {
	m, err := s.d.Members.MemberDetail(ctx, id)
	return m, notFound(err, id)
}

// Login is one login as the console lists it.
type Login struct {
	At         int64  `json:"at"`
	IP         string `json:"ip"`
	Device     string `json:"device"`
	LoginType  string `json:"loginType"`
	LastSeenAt int64  `json:"lastSeenAt"`
	EndedAt    *int64 `json:"endedAt"` // revoked (logout, lock, password change); null while it may still be live
	ExpiresAt  int64  `json:"expiresAt"`
}

// Logins pages a player's logins, newest first.
func (s *Service) Logins(ctx context.Context, id int64, page, size int) (Page[Login], error) {
	if _, err := s.exists(ctx, id); err != nil {
		return Page[Login]{}, err
	}
	rows, total, err := s.d.Members.Logins(ctx, id, (page-1)*size, size)
	if err != nil {
		return Page[Login]{}, err
	}
	out := Page[Login]{Items: make([]Login, 0, len(rows)), Total: total, Page: page, PageSize: size}
	for _, l := range rows {
		out.Items = append(out.Items, Login{At: l.At.UnixMilli(), IP: l.IP, Device: l.UserAgent, LoginType: l.LoginType,
			LastSeenAt: l.LastSeenAt.UnixMilli(), EndedAt: unixMS(l.RevokedAt), ExpiresAt: l.ExpiresAt.UnixMilli()})
	}
	return out, nil
}

// Link is another account linked to the player, with every reason found.
type Link struct {
	ID       int64    `json:"id"`
	Username string   `json:"username"`
	Status   string   `json:"status"`
	Reasons  []Reason `json:"reasons"`
}

// Reason is why two accounts are linked: kind IP (ip set) or PAYOUT_ACCOUNT
// (bankCode and accountNumber set).
type Reason struct {
	Kind          string `json:"kind"`
	IP            string `json:"ip,omitempty"`
	BankCode      string `json:"bankCode,omitempty"`
	AccountNumber string `json:"accountNumber,omitempty"`
}

// Link reasons.
const (
	LinkIP     = "IP"
	LinkPayout = "PAYOUT_ACCOUNT"
)

// Linked lists the accounts sharing a registration or login IP or a payout
// account with the player.
func (s *Service) Linked(ctx context.Context, id int64) (Page[Link], error) {
	if _, err := s.exists(ctx, id); err != nil {
		return Page[Link]{}, err
	}
	byIP, err := s.d.Members.MembersSharingIP(ctx, id)
	if err != nil {
		return Page[Link]{}, err
	}
	byPayout, err := s.d.Withdrawals.SharedPayoutAccounts(ctx, id)
	if err != nil {
		return Page[Link]{}, err
	}
	links := map[int64]*Link{}
	var order []int64
	add := func(member int64, r Reason) {
		l := links[member]
		if l == nil {
			l = &Link{ID: member, Reasons: []Reason{}}
			links[member] = l
			order = append(order, member)
		}
		l.Reasons = append(l.Reasons, r)
	}
	for _, p := range byPayout { // the stronger link first
		add(p.MemberID, Reason{Kind: LinkPayout, BankCode: p.BankCode, AccountNumber: p.AccountNumber})
	}
	for _, l := range byIP {
		add(l.MemberID, Reason{Kind: LinkIP, IP: l.IP})
	}
	members, err := s.d.Members.MembersByID(ctx, order)
	if err != nil {
		return Page[Link]{}, err
	}
	out := Page[Link]{Items: make([]Link, 0, len(order)), Page: 1}
	for _, mid := range order {
		m, ok := members[mid]
		if !ok {
			continue
		}
		l := links[mid]
		l.Username, l.Status = m.Account, statusName(m.Status)
		out.Items = append(out.Items, *l)
	}
	out.Total, out.PageSize = len(out.Items), len(out.Items)
	return out, nil
}

// Transactions is a page of the player's account record.
func (s *Service) Transactions(ctx context.Context, id int64, q wallet.RecordQuery) (wallet.RecordPage, error) {
	if _, err := s.exists(ctx, id); err != nil {
		return wallet.RecordPage{}, err
	}
	return s.d.Transactions.PageOf(ctx, id, q)
}

// Rounds is a page of the player's betting record.
func (s *Service) Rounds(ctx context.Context, id int64, q records.BetQuery) (records.BetPage, error) {
	if _, err := s.exists(ctx, id); err != nil {
		return records.BetPage{}, err
	}
	return s.d.Bets.BetsOf(ctx, id, q)
}

// RoundDetail is one round of the player and, for an in-house game, its
// recall (outcome and fairness data as the player's own recall shows them).
type RoundDetail struct {
	ID        int64          `json:"id"`
	Vendor    string         `json:"vendor"`
	RoundID   string         `json:"roundId"`
	GameCode  string         `json:"gameCode"`
	GameType  string         `json:"gameType"`
	Currency  string         `json:"currency"`
	Bet       int64          `json:"bet"`
	ValidBet  int64          `json:"validBet"`
	Win       int64          `json:"win"`
	Profit    int64          `json:"profit"`
	Jackpot   bool           `json:"jackpot"`
	Status    string         `json:"status"`
	StartedAt int64          `json:"startedAt"`
	EndedAt   *int64         `json:"endedAt"`
	Recall    *inhouse.Round `json:"recall"`
}

// Round is one of the player's rounds by its row id (another member's is not found).
func (s *Service) Round(ctx context.Context, id, roundID int64) (RoundDetail, error) {
	if _, err := s.exists(ctx, id); err != nil {
		return RoundDetail{}, err
	}
	r, ok, err := s.d.Rounds.RoundByID(ctx, roundID)
	if err != nil {
		return RoundDetail{}, err
	}
	if !ok || r.MemberID != id {
		return RoundDetail{}, apperr.NotFound("players.round_not_found")
	}
	out := RoundDetail{ID: r.ID, Vendor: r.Vendor, RoundID: r.RoundID, GameCode: r.GameCode, GameType: r.GameType, Currency: r.Currency,
		Bet: r.Bet, ValidBet: r.ValidBet, Win: r.Win, Profit: r.Profit(), Jackpot: r.Jackpot, Status: r.Status,
		StartedAt: r.StartedAt.UnixMilli(), EndedAt: unixMS(r.EndedAt)}
	if s.d.Recall != nil && r.Vendor == inhouse.Vendor {
		rc, err := s.d.Recall.RecallOf(ctx, id, r.RoundID)
		switch {
		case err == nil:
			out.Recall = &rc
		case apperr.As(err).Kind != apperr.KindNotFound:
			return RoundDetail{}, err
		}
	}
	return out, nil
}

// Deposits is a page of the player's deposits as the cashier queue shows them.
func (s *Service) Deposits(ctx context.Context, id int64, f cashier.Filter) (cashier.Page, error) {
	if _, err := s.exists(ctx, id); err != nil {
		return cashier.Page{}, err
	}
	f.MemberID = id
	return s.d.Deposits.OpsList(ctx, f)
}

// Withdrawals is a page of the player's withdrawals as the cashier queue shows them.
func (s *Service) Withdrawals(ctx context.Context, id int64, f withdraw.ListFilter) (withdraw.Page[withdraw.OpsWithdrawal], error) {
	if _, err := s.exists(ctx, id); err != nil {
		return withdraw.Page[withdraw.OpsWithdrawal]{}, err
	}
	f.MemberID = id
	return s.d.Withdrawals.OpsList(ctx, f)
}

// Notes pages the player's internal notes, newest first.
func (s *Service) Notes(ctx context.Context, id int64, page, size int) (Page[Note], error) {
	if _, err := s.exists(ctx, id); err != nil {
		return Page[Note]{}, err
	}
	items, total, err := s.store.Notes(ctx, id, (page-1)*size, size)
	if err != nil {
		return Page[Note]{}, err
	}
	return Page[Note]{Items: items, Total: total, Page: page, PageSize: size}, nil
}

// AddNote stores an internal note by the operator.
func (s *Service) AddNote(ctx context.Context, op operator.Caller, id int64, text string) (Note, error) {
	text = strings.TrimSpace(text)
	if text == "" || !utf8.ValidString(text) || utf8.RuneCountInString(text) > MaxNote {
		return Note{}, apperr.Invalid("players.invalid_note").With("max", MaxNote)
	}
	if _, err := s.exists(ctx, id); err != nil {
		return Note{}, err
	}
	n := Note{MemberID: id, OperatorID: op.ID, OperatorUsername: op.Username, Text: text, CreatedAt: s.d.Clock.Now().UnixMilli()}
	if err := s.store.AddNote(ctx, &n); err != nil {
		return Note{}, err
	}
	s.audit(ctx, op, "player.note", id, "", nil, map[string]any{"noteId": n.ID, "text": n.Text})
	return n, nil
}

// checkReason is the rule every action's reason follows.
func checkReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if n := utf8.RuneCountInString(reason); n < minReason || n > maxReason || !utf8.ValidString(reason) {
		return "", apperr.Invalid("operator.invalid_reason").With("min", minReason).With("max", maxReason)
	}
	return reason, nil
}

// StatusResult answers a lock or unlock.
type StatusResult struct {
	ID     int64  `json:"id"`
	Before string `json:"before"`
	Status string `json:"status"`
}

// SetLocked locks or unlocks the player. A lock ends every session at
// once; parallel locks and unlocks are applied one after the other, each
// audited with the state it found.
func (s *Service) SetLocked(ctx context.Context, op operator.Caller, id int64, locked bool, reason string) (StatusResult, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return StatusResult{}, err
	}
	status, action := account.StatusActive, "player.unlock"
	if locked {
		status, action = account.StatusDisabled, "player.lock"
	}
	ch, err := s.d.Members.SetStatus(ctx, id, status)
	if err != nil {
		return StatusResult{}, notFound(err, id)
	}
	out := StatusResult{ID: id, Before: statusName(ch.Before), Status: statusName(ch.After)}
	s.audit(ctx, op, action, id, reason, map[string]any{"status": out.Before}, map[string]any{"status": out.Status})
	return out, nil
}

// LogoutResult answers a log-out-everywhere.
type LogoutResult struct {
	ID            int64 `json:"id"`
	SessionsEnded int   `json:"sessionsEnded"`
}

// Logout ends every session of the player.
func (s *Service) Logout(ctx context.Context, op operator.Caller, id int64, reason string) (LogoutResult, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return LogoutResult{}, err
	}
	n, err := s.d.Members.LogoutEverywhere(ctx, id)
	if err != nil {
		return LogoutResult{}, notFound(err, id)
	}
	s.audit(ctx, op, "player.logout", id, reason, map[string]any{"liveSessions": n}, map[string]any{"liveSessions": 0})
	return LogoutResult{ID: id, SessionsEnded: n}, nil
}

// ResetResult answers a password reset: the default password, shown once.
type ResetResult struct {
	ID         int64  `json:"id"`
	Password   string `json:"password"`
	MustChange bool   `json:"mustChange"`
}

// ResetPassword gives the player a one-time default password (never
// stored in clear nor audited); the player must change it at the next login.
func (s *Service) ResetPassword(ctx context.Context, op operator.Caller, id int64, reason string) (ResetResult, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return ResetResult{}, err
	}
	m, err := s.exists(ctx, id)
	if err != nil {
		return ResetResult{}, err
	}
	pw, err := s.d.Members.ResetToDefault(ctx, id)
	if err != nil {
		return ResetResult{}, notFound(err, id)
	}
	s.audit(ctx, op, "player.reset_password", id, reason, map[string]any{"defaultPassword": m.DefaultPassword},
		map[string]any{"defaultPassword": true, "sessionsEnded": true})
	return ResetResult{ID: id, Password: pw, MustChange: true}, nil
}

// audit writes the operator's audit row (target member:<id>, before and
// after); the change has committed by then, so a failure is logged loudly
// rather than undoing it.
func (s *Service) audit(ctx context.Context, op operator.Caller, action string, id int64, reason string, before, after map[string]any) {
	if s.d.Auditor == nil {
		return
	}
	detail := map[string]any{"memberId": id, "before": before, "after": after}
	if reason != "" {
		detail["reason"] = reason
	}
	if err := s.d.Auditor.Audit(context.WithoutCancel(ctx), op, action, "member:"+strconv.FormatInt(id, 10), detail); err != nil {
		s.d.Logger.ErrorContext(ctx, "operator audit not written", "action", action, "member", id, "err", err)
	}
}
