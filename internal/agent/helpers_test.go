package agent_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/operator/optest"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/withdraw"
)

var testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// recAuditor records the operators' audit rows the agent domain writes.
type recAuditor struct {
	mu   sync.Mutex
	rows []auditRow
}

type auditRow struct {
	action, target string
	detail         map[string]any
}

func (a *recAuditor) Audit(_ context.Context, _ operator.Caller, action, target string, detail map[string]any) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.rows = append(a.rows, auditRow{action, target, detail})
	return nil
}

// site is the real thing over one database: the demo brand (captcha off),
// accounts with sessions, ledger and wallet, payment passwords, operators,
// the activity stream running the tree consumer, and the agent routes on an
// httptest server.
type site struct {
	t        *testing.T
	db       *db.DB
	brands   *brand.Service
	accounts *account.Service
	ledger   *ledger.Store
	wallet   *wallet.Service
	wd       *withdraw.Service
	ops      *operator.Service
	audits   *recAuditor
	svc      *agent.Service
	srv      *httptest.Server
	stream   *activity.Store
}

func newSite(t *testing.T, d *db.DB) *site {
	t.Helper()
	ctx := context.Background()
	s := &site{t: t, db: d, audits: &recAuditor{}, stream: activity.NewStore(d)}
	s.brands = brand.NewService(brand.NewStore(d), clock.System{})
	if _, err := s.brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	c, err := s.brands.Export(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range c.Info.Register.Fields {
		if f.Field == "captcha" {
			c.Info.Register.Fields[i].Enabled = false
		}
	}
	if err := s.brands.Import(ctx, c); err != nil {
		t.Fatal(err)
	}
	members := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = testArgon2, false
	s.accounts = account.NewService(members, s.brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	s.ledger = ledger.NewStore(d, clock.System{})
	s.wallet = wallet.NewService(s.ledger, s.brands, nil, nil)
	wcfg := withdraw.DefaultConfig
	wcfg.Argon2 = testArgon2
	s.wd = withdraw.NewService(withdraw.Deps{Store: withdraw.NewStore(d), Members: members, Ledger: s.ledger, Wallet: s.wallet, Brand: s.brands}, wcfg)

	opsCfg := operator.DefaultConfig
	opsCfg.Argon2 = testArgon2
	opsStore := operator.NewStore(d)
	if _, err := operator.SeedDemo(ctx, opsStore, testArgon2, time.Now(), true); err != nil {
		t.Fatal(err)
	}
	s.ops = operator.NewService(opsStore, clock.System{}, opsCfg, nil)
	t.Cleanup(s.ops.Close)

	s.svc = agent.NewService(agent.Deps{Store: agent.NewStore(d), Members: s.accounts, Wallet: s.wallet, Passwords: s.wd,
		Brand: s.brands, Auditor: s.audits, Logger: quiet})
	s.accounts.UseInvites(s.svc)
	mux := http.NewServeMux()
	agent.NewHandler(s.svc, s.accounts, func(*http.Request) string { return "192.0.2.1" }).Routes(mux)
	agent.NewOpsHandler(s.svc, s.ops).Routes(mux)
	s.srv = httptest.NewServer(mux)
	t.Cleanup(s.srv.Close)

	run, cancel := context.WithCancel(ctx)
	stream := activity.NewService(s.stream, clock.System{}, quiet, activity.Config{Renew: 50 * time.Millisecond, SequenceEvery: 10 * time.Millisecond, PollEvery: 10 * time.Millisecond})
	stream.Register(agent.NewTree())
	if err := stream.Start(run); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = stream.Wait(context.Background()) })
	return s
}

// settle waits until the tree holds every fact appended so far.
func (s *site) settle() {
	s.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ctx := context.Background()
		var n int
		// Facts not yet numbered (PostgreSQL's sequencer) or not yet applied.
		err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM activity_event WHERE seq IS NULL`).Scan(&n)
		head, herr := s.stream.Head(ctx)
		pos, perr := s.stream.Position(ctx, agent.TreeName)
		if err == nil && herr == nil && perr == nil && n == 0 && pos >= head {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("tree at %d of %d (%d unnumbered)", pos, head, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// login signs a member in and returns its token and caller.
func (s *site) login(user, password string) (string, account.Caller) {
	s.t.Helper()
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: password}, account.Client{IP: "192.0.2.1"})
	if err != nil {
		s.t.Fatalf("login %s: %v", user, err)
	}
	c, err := s.accounts.Authenticate(context.Background(), res.Token)
	if err != nil {
		s.t.Fatal(err)
	}
	return res.Token, c
}

const memberPassword = "Malakas99"

// register signs a member up with an invitation code.
func (s *site) register(user, code string) (account.LoginResult, error) {
	return s.accounts.Register(context.Background(), account.RegisterRequest{Username: user, Password: memberPassword,
		ConfirmPassword: memberPassword, AffiliateCode: code}, account.Client{IP: "192.0.2.1"})
}

func (s *site) mustRegister(user, code string) account.LoginResult {
	s.t.Helper()
	res, err := s.register(user, code)
	if err != nil {
		s.t.Fatalf("register %s with %s: %v", user, code, err)
	}
	return res
}

func codeOf(err error) string {
	if err == nil {
		return ""
	}
	return apperr.As(err).Code
}

type reply struct {
	status int
	env    httpx.Envelope
	value  map[string]any
}

// call sends a request with a member token (or an operator's, as op).
func (s *site) call(method, path, token string, body any, header map[string]string) reply {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.srv.URL+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var r reply
	r.status = res.StatusCode
	if err := json.Unmarshal(raw, &r.env); err != nil {
		s.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	if v, ok := r.env.Value.(map[string]any); ok {
		r.value = v
	}
	return r
}

func (s *site) opToken(user string) string {
	s.t.Helper()
	return optest.Login(s.t, s.ops, user, account.DemoPassword, time.Now)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func (s *site) now() time.Time { return time.Now() }

func (s *site) clockNow() clock.Clock { return clock.System{} }
