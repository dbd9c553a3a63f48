package withdraw

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/operator/optest"
	"github.com/palaro/palaro/internal/payment"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/wallet"
)

var testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

const sandboxSecret = "withdraw-test-sandbox-secret"

// site is the real thing over one database: accounts with real sessions,
// the brand service, ledger and wallet, operators, notices, the sandbox
// payment provider over HTTP, and the withdrawal routes on an httptest
// server. Only the withdrawal clock is a fixed clock tests move.
type site struct {
	t        testing.TB
	db       *db.DB
	clk      *clock.Fixed
	oclk     *clock.Fixed
	brands   *brand.Service
	accounts *account.Service
	members  *account.Store
	ledger   *ledger.Store
	wallet   *wallet.Service
	ops      *operator.Service
	notes    *notify.Service
	svc      *Service
	srv      *httptest.Server
	seamless *games // the seamless wallet, made on first use (rounds_test.go)
	trials   int
	users    int
}

func newSite(t testing.TB, d *db.DB) *site {
	t.Helper()
	ctx := context.Background()
	s := &site{t: t, db: d, clk: clock.NewFixed(time.Now())}
	s.brands = brand.NewService(brand.NewStore(d), clock.System{})
	if _, err := s.brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	s.members = account.NewStore(d)
	if _, err := account.SeedDemo(ctx, s.members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = testArgon2, false
	s.accounts = account.NewService(s.members, s.brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	s.ledger = ledger.NewStore(d, s.clk)
	s.wallet = wallet.NewService(s.ledger, s.brands, nil, nil)

	opsCfg := operator.DefaultConfig
	opsCfg.Argon2 = testArgon2
	opsStore := operator.NewStore(d)
	if _, err := operator.SeedDemo(ctx, opsStore, testArgon2, time.Now(), true); err != nil {
		t.Fatal(err)
	}
	s.oclk = clock.NewFixed(time.Now()) // the operators' clock: TOTP steps move with it
	s.ops = operator.NewService(opsStore, s.oclk, opsCfg, nil)
	t.Cleanup(s.ops.Close)
	s.notes = notify.NewService(notify.NewStore(d), nil, clock.System{}, nil)

	mux := http.NewServeMux()
	sandbox := payment.NewSandboxServer(d, sandboxSecret, clock.System{}, nil)
	t.Cleanup(sandbox.Close)
	sandbox.Routes(mux)
	s.srv = httptest.NewServer(mux)
	t.Cleanup(s.srv.Close)
	provider := payment.NewSandbox(sandboxSecret, func() string { return s.srv.URL }, clock.System{})

	wcfg := DefaultConfig
	wcfg.Argon2 = testArgon2
	s.svc = NewService(Deps{Store: NewStore(d), Members: s.members, Ledger: s.ledger, Wallet: s.wallet, Brand: s.brands,
		Payouts: provider, Figures: testFigures{figures.New(d, activity.NewStore(d), s.brands.Location)}, Notifier: s.notes, Auditor: s.ops, Clock: s.clk}, wcfg)
	s.svc.UseReconfirm(s.ops)
	NewHandler(s.svc, s.accounts).Routes(mux)
	NewOpsHandler(s.svc, s.ops).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	return s
}

// setBrand changes the stored brand (as `palaro brand import` would).
func (s *site) setBrand(f func(c *brand.Config)) {
	s.t.Helper()
	ctx := context.Background()
	c, err := s.brands.Export(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	f(&c)
	if err := s.brands.Import(ctx, c); err != nil {
		s.t.Fatal(err)
	}
}

func (s *site) login(user string) string {
	s.t.Helper()
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: account.DemoPassword},
		account.Client{IP: "192.0.2.1", UserAgent: "test"})
	if err != nil {
		s.t.Fatalf("login %s: %v", user, err)
	}
	return res.Token
}

func (s *site) trial() string {
	s.t.Helper()
	s.trials++
	res, err := s.accounts.Freeplay(context.Background(), account.Client{IP: "203.0.113." + strconv.Itoa(s.trials), UserAgent: "test"})
	if err != nil {
		s.t.Fatal(err)
	}
	return res.Token
}

func (s *site) opsLogin(user string) string {
	s.t.Helper()
	return optest.Login(s.t, s.ops, user, account.DemoPassword, s.oclk.Now)
}

// player is a member with a session, a balance, a payment password and
// one payout account, ready to withdraw.
type player struct {
	id      int64
	name    string
	token   string
	account int64 // payout account id
}

const (
	testPayee = "Juan Dela Cruz"
	testPIN   = "135790"
)

// newPlayer registers a member with a real name, credits balance (minor
// units, kind adjustment: no turnover), sets the payment password and binds
// one BDO account.
func (s *site) newPlayer(balance int64) player {
	s.t.Helper()
	ctx := context.Background()
	s.users++
	name := "player" + strconv.Itoa(s.users) + strconv.FormatInt(time.Now().UnixNano()%1000, 10)
	hash, err := account.HashPassword(account.DemoPassword, testArgon2)
	if err != nil {
		s.t.Fatal(err)
	}
	m := account.Member{Account: name, Nickname: name, Type: account.TypeMember, PasswordHash: hash, PayeeName: testPayee,
		PasswordChangedAt: time.Now(), CreatedAt: time.Now(), RegisterMethod: "TEST"}
	if err := s.members.CreateMember(ctx, &m); err != nil {
		s.t.Fatal(err)
	}
	p := player{id: m.ID, name: name, token: s.login(name)}
	if balance > 0 {
		s.credit(p.id, balance, ledger.KindAdjustment)
	}
	r := s.do("PUT", "/wps/member/payment-password", p.token, map[string]any{
		"password": account.DemoPassword, "newPaymentPassword": testPIN, "confirmPaymentPassword": testPIN}, nil)
	r.ok(s.t)
	r = s.do("POST", "/wps/member/payout-accounts", p.token, map[string]any{
		"type": "BANK", "bankCode": "BDO", "accountName": testPayee, "accountNumber": "001234567890", "paymentPassword": testPIN}, nil)
	r.ok(s.t)
	p.account = int64(r.value["id"].(float64))
	return p
}

var postings int

// credit moves money onto a member's main account from clearing with the
// given kind (adjustment, deposit, bonus_grant), as the cashier would.
func (s *site) credit(memberID, amount int64, kind string) {
	s.t.Helper()
	ctx := context.Background()
	main, err := s.ledger.EnsureAccount(ctx, ledger.PlayerMain(memberID, "PHP"))
	if err != nil {
		s.t.Fatal(err)
	}
	from, err := s.ledger.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, "PHP"))
	if err != nil {
		s.t.Fatal(err)
	}
	postings++
	key := "test-credit:" + strconv.Itoa(postings) + ":" + strconv.FormatInt(time.Now().UnixNano(), 10)
	req := ledger.PostingRequest{Key: key, Kind: kind,
		Lines: []ledger.Line{{AccountID: from.ID, Amount: -amount, Currency: "PHP"}, {AccountID: main.ID, Amount: amount, Currency: "PHP"}}}
	switch kind { // a credited deposit or a bonus is a fact in the stream, written with its posting
	case ledger.KindDeposit:
		req.Facts = []activity.Fact{{Key: key, Kind: activity.DepositCredited, MemberID: memberID, Currency: "PHP", Amount: amount, At: s.clk.Now()}}
	case ledger.KindBonusGrant:
		req.Facts = []activity.Fact{{Key: key, Kind: activity.BonusGranted, MemberID: memberID, Currency: "PHP", Amount: amount, At: s.clk.Now()}}
	}
	if _, err := s.wallet.Post(ctx, req); err != nil {
		s.t.Fatal(err)
	}
}

// balances reads a member's main and hold balances.
func (s *site) balances(memberID int64) (main, held int64) {
	s.t.Helper()
	ctx := context.Background()
	if a, err := s.ledger.FindAccount(ctx, ledger.PlayerMain(memberID, "PHP")); err == nil {
		main = a.Balance
	}
	if a, err := s.ledger.FindAccount(ctx, ledger.AccountSpec{OwnerType: ledger.OwnerMember, OwnerID: memberID, Purpose: ledger.PurposeWithdrawalHold, Currency: "PHP"}); err == nil {
		held = a.Balance
	}
	return main, held
}

func (s *site) verifyLedger() {
	s.t.Helper()
	rep, err := s.ledger.Verify(context.Background())
	if err != nil {
		s.t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		s.t.Fatalf("ledger problems: %+v", rep.Problems)
	}
}

type reply struct {
	status int
	header http.Header
	env    httpx.Envelope
	value  map[string]any
	body   []byte
}

func (r reply) ok(t testing.TB) reply {
	t.Helper()
	if r.status != 200 || !r.env.Success {
		t.Fatalf("want 200, got %d %s %s", r.status, r.env.Code, r.env.Message)
	}
	return r
}

func (r reply) fails(t testing.TB, status int, code string) {
	t.Helper()
	if r.status != status || r.env.Code != code {
		t.Fatalf("want %d %s, got %d %s (%s)", status, code, r.status, r.env.Code, r.env.Message)
	}
}

// do sends a request; body is JSON unless it is a *form.
func (s *site) do(method, path, token string, body any, header map[string]string) reply {
	s.t.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case *form:
		rd, ct = bytes.NewReader(b.buf.Bytes()), b.ct
	case string:
		rd, ct = strings.NewReader(b), "application/json"
	default:
		raw, _ := json.Marshal(b)
		rd, ct = bytes.NewReader(raw), "application/json"
	}
	req, err := http.NewRequest(method, s.srv.URL+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("X-Lang", "EN")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	out := reply{status: res.StatusCode, header: res.Header}
	out.body, _ = io.ReadAll(res.Body)
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(out.body, &out.env); err != nil {
			s.t.Fatalf("%s %s: not an envelope: %v", method, path, err)
		}
		out.value, _ = out.env.Value.(map[string]any)
	}
	return out
}

// withdraw asks for a withdrawal with a fresh key.
var keys int

func (s *site) withdraw(p player, amount string) reply {
	s.t.Helper()
	keys++
	return s.do("POST", "/wps/cashier/withdrawals", p.token, map[string]any{"payoutAccountId": p.account, "amount": amount, "paymentPassword": testPIN},
		map[string]string{"Idempotency-Key": "k" + strconv.Itoa(keys) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)})
}

func idOf(r reply) int64 { return int64(r.value["id"].(float64)) }

func pathOf(format string, id int64) string {
	return strings.Replace(format, "{id}", strconv.FormatInt(id, 10), 1)
}

// form is a multipart body.
type form struct {
	buf bytes.Buffer
	ct  string
}

func newForm(fields map[string]string, file string, data []byte) *form {
	f := &form{}
	w := multipart.NewWriter(&f.buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if file != "" {
		fw, _ := w.CreateFormFile(file, "proof.png")
		_, _ = fw.Write(data)
	}
	_ = w.Close()
	f.ct = w.FormDataContentType()
	return f
}

var pngBytes = append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 64)...)

// notices lists the kinds of a member's messages, newest first.
func (s *site) notices(memberID int64) []string {
	s.t.Helper()
	p, err := s.notes.List(context.Background(), memberID, "EN", 1, 100)
	if err != nil {
		s.t.Fatal(err)
	}
	var out []string
	for _, m := range p.List {
		out = append(out, m.Kind)
	}
	return out
}

// caller resolves a player's session as the handlers do.
func (s *site) caller(p player) account.Caller {
	s.t.Helper()
	c, err := s.accounts.Authenticate(context.Background(), p.token)
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

func codeOf(err error) string { return apperr.As(err).Code }

// facts are the activity stream's facts of kind for member, as "key amount ref".
func (s *site) facts(kind string, member int64) []string {
	s.t.Helper()
	rows, err := s.db.QueryContext(context.Background(), s.db.Rebind(`SELECT fact_key, amount, ref FROM activity_event
		WHERE kind = ? AND member_id = ? ORDER BY id`), kind, member)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var key, ref string
		var amount int64
		if err := rows.Scan(&key, &amount, &ref); err != nil {
			s.t.Fatal(err)
		}
		out = append(out, key+" "+strconv.FormatInt(amount, 10)+" "+ref)
	}
	if err := rows.Err(); err != nil {
		s.t.Fatal(err)
	}
	return out
}

// testFigures is the server's adapter (cmd/palaro, turnoverFigures): the
// turnover reads the daily figures, which count every committed fact.
type testFigures struct{ f *figures.Figures }

func (t testFigures) TurnoverSums(ctx context.Context, currency string, since map[int64]time.Time) (map[int64]TurnoverSums, error) {
	all, err := t.f.TotalsMany(ctx, currency, since, time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC))
	out := map[int64]TurnoverSums{}
	for id, s := range all {
		out[id] = TurnoverSums{Deposits: s.Deposits, Bonus: s.Bonus, ValidBets: s.ValidBets}
	}
	return out, err
}
