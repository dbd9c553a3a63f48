package operator

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/wallet"
)

var testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// staticBrand serves the demo brand (PHP, 2 decimals).
type staticBrand struct {
	mu sync.Mutex
	c  brand.Config
}

func (b *staticBrand) Current(context.Context) (*brand.Config, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.c
	return &c, nil
}

// site is the operator routes over real services: the operator service
// on a settable clock, the account service (member sessions, for the
// "member token" column of the matrix), the wallet on the ledger.
type site struct {
	t        testing.TB
	d        *db.DB
	clk      *clock.Fixed
	svc      *Service
	store    *Store
	accounts *account.Service
	members  *account.Store
	ledger   *ledger.Store
	wallet   *wallet.Service
	brand    *staticBrand
	srv      *httptest.Server
}

func newSite(t testing.TB, d *db.DB) *site {
	t.Helper()
	ctx := context.Background()
	members := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	b := &staticBrand{c: brand.Demo()}
	acfg := account.DefaultConfig
	acfg.Argon2, acfg.BotCheck = testArgon2, false
	accounts := account.NewService(members, b, account.NewMemoryLimiter(clock.System{}), clock.System{}, acfg)
	l := ledger.NewStore(d, nil)
	w := wallet.NewService(l, b, nil, nil)

	clk := clock.NewFixed(time.Now())
	cfg := DefaultConfig
	cfg.Argon2 = testArgon2
	store := NewStore(d)
	svc := NewService(store, clk, cfg, nil)
	t.Cleanup(svc.Close)
	svc.UseWallet(w, members, b)
	if _, err := SeedDemo(ctx, store, testArgon2, clk.Now(), true); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	NewHandler(svc).Routes(mux)
	mux.HandleFunc("/ops/", httpx.NotFoundJSON)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &site{t: t, d: d, clk: clk, svc: svc, store: store, accounts: accounts, members: members, ledger: l, wallet: w, brand: b, srv: srv}
}

// roleUsers maps each role to its seeded operator.
var roleUsers = func() map[Role]string {
	m := map[Role]string{}
	for _, d := range DemoOperators {
		m[d.Role] = d.Username
	}
	return m
}()

type reply struct {
	status int
	header http.Header
	env    httpx.Envelope
	value  map[string]any
}

func (s *site) do(method, path, token string, body any, hdr map[string]string) reply {
	s.t.Helper()
	var rd *bytes.Reader
	switch b := body.(type) {
	case nil:
		rd = bytes.NewReader(nil)
	case string:
		rd = bytes.NewReader([]byte(b))
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, s.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	out := reply{status: res.StatusCode, header: res.Header}
	if err := json.NewDecoder(res.Body).Decode(&out.env); err != nil {
		s.t.Fatalf("%s %s: not an envelope: %v", method, path, err)
	}
	out.value, _ = out.env.Value.(map[string]any)
	return out
}

// login returns a fresh operator token: with the demo TOTP code when the
// operator has a second factor; a code is good once, so when this step's
// was used the clock moves to the next step.
func (s *site) login(user string) string {
	s.t.Helper()
	body := map[string]string{"username": user, "password": account.DemoPassword}
	r := s.do("POST", "/ops/v1/login", "", body, nil)
	if r.status == 401 && r.env.Code == "ops.otp_required" {
		body["otp"] = s.code(DemoTOTPSecret)
		if r = s.do("POST", "/ops/v1/login", "", body, nil); r.env.Code == "ops.otp_invalid" {
			s.clk.Advance(totpPeriod * time.Second)
			body["otp"] = s.code(DemoTOTPSecret)
			r = s.do("POST", "/ops/v1/login", "", body, nil)
		}
	}
	if r.status != 200 || r.value["token"] == nil {
		s.t.Fatalf("login %s: %d %s", user, r.status, r.env.Code)
	}
	return r.value["token"].(string)
}

// code is the TOTP code of secret now on the site's clock.
func (s *site) code(secret string) string {
	s.t.Helper()
	c, err := TOTPCode(secret, s.clk.Now())
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

// memberToken is a real player session token (never an operator token).
func (s *site) memberToken() string {
	s.t.Helper()
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "192.0.2.1"})
	if err != nil {
		s.t.Fatal(err)
	}
	return res.Token
}

func (s *site) memberID(name string) int64 {
	s.t.Helper()
	m, err := s.members.MemberByAccount(context.Background(), name)
	if err != nil {
		s.t.Fatal(err)
	}
	return m.ID
}

// balance reads the member's main balance from the ledger.
func (s *site) balance(memberID int64) int64 {
	s.t.Helper()
	a, err := s.wallet.MainAccountOf(context.Background(), memberID)
	if err != nil {
		s.t.Fatal(err)
	}
	return a.Balance
}

// auditCount counts audit rows of an action.
func (s *site) auditCount(action string) int {
	s.t.Helper()
	var n int
	if err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT COUNT(*) FROM operator_audit WHERE action = ?`), action).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

// adjustFacts are the member's adjustment facts in the activity stream, in
// order, as "amount reason".
func (s *site) adjustFacts(memberID int64) []string {
	s.t.Helper()
	rows, err := s.d.QueryContext(context.Background(), s.d.Rebind(`SELECT amount, detail FROM activity_event
		WHERE member_id = ? AND kind = 'adjustment' ORDER BY id`), memberID)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var amount int64
		var reason string
		if err := rows.Scan(&amount, &reason); err != nil {
			s.t.Fatal(err)
		}
		out = append(out, jsonNum(amount)+" "+reason)
	}
	if err := rows.Err(); err != nil {
		s.t.Fatal(err)
	}
	return out
}
