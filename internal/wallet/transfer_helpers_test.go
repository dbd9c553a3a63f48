package wallet

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
	"github.com/palaro/palaro/internal/vendorwallet"
)

var testVendorSecret = []byte("test-vendor-secret")

// tsite is the transfer-wallet routes over real accounts, the real games
// catalogue (demo: JDB and CQ9 are TRANSFER vendors) and the sandbox
// transfer vendor reached over real HTTP on the same test server.
type tsite struct {
	*env
	accounts  *account.Service
	members   *account.Store
	games     *game.Service
	vendor    *transfervendor.Server
	transfers *Transfers
	srv       *httptest.Server
	trials    int
	keys      atomic.Int64
	db        *db.DB
}

func newTransferSite(t testing.TB, d *db.DB) *tsite {
	t.Helper()
	ctx := context.Background()
	e := newEnv(t, d)
	members := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = testArgon2, false
	accounts := account.NewService(members, e.brand, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	gstore := game.NewStore(d)
	if _, err := game.SeedDemo(ctx, gstore, time.Now()); err != nil {
		t.Fatal(err)
	}
	games := game.NewService(gstore, clock.System{}, nil, time.Nanosecond)
	cat, err := games.Catalog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	codes := TransferVendorCodes(cat)
	if len(codes) != 2 || codes[0] != "CQ9" || codes[1] != "JDB" {
		t.Fatalf("demo transfer vendors %v", codes)
	}
	mux := http.NewServeMux()
	srv := httptest.NewServer(httpx.Edge(mux, discardLogger(), nil))
	t.Cleanup(srv.Close)
	sandbox := transfervendor.New(d, testVendorSecret, codes, clock.System{}, discardLogger())
	sandbox.Routes(mux)
	adapters := map[string]vendorwallet.Wallet{}
	for _, code := range codes {
		base := transfervendor.BaseURL(srv.URL, code)
		adapters[code] = vendorwallet.NewClient(func() string { return base }, testVendorSecret, &http.Client{Timeout: 5 * time.Second}, nil)
	}
	e.svc.UseCatalog(games)
	transfers := NewTransfers(e.svc, d, games, adapters, clock.System{}, discardLogger())
	NewHandler(e.svc, accounts).Routes(mux)
	NewTransferHandler(transfers, NewRecords(e.svc, clock.System{}), accounts).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)

	s := &tsite{env: e, accounts: accounts, members: members, games: games, vendor: sandbox, transfers: transfers, srv: srv, db: d}
	if _, err := e.svc.SeedDemo(ctx, s.memberID(t, "demo01"), s.memberID(t, "agent01")); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *tsite) login(t testing.TB, user string) string {
	t.Helper()
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: account.DemoPassword}, account.Client{IP: "192.0.2.1", UserAgent: "test"})
	if err != nil {
		t.Fatalf("login %s: %v", user, err)
	}
	return res.Token
}

func (s *tsite) trial(t *testing.T) string {
	t.Helper()
	s.trials++
	res, err := s.accounts.Freeplay(context.Background(), account.Client{IP: "203.0.113." + strconv.Itoa(s.trials), UserAgent: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return res.Token
}

func (s *tsite) memberID(t testing.TB, name string) int64 {
	t.Helper()
	m, err := s.members.MemberByAccount(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// key is a fresh Idempotency-Key.
func (s *tsite) key() string {
	return "k-" + strconv.FormatInt(s.keys.Add(1), 10) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
}

// call sends a request; key "" sends no Idempotency-Key.
func (s *tsite) call(t *testing.T, method, path, token, key string, body any) reply {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewReader([]byte(b))
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, s.srv.URL+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set(httpx.IdempotencyHeader, key)
	}
	req.Header.Set("X-Lang", "EN")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := reply{status: res.StatusCode, header: res.Header}
	if err := json.NewDecoder(res.Body).Decode(&out.env); err != nil {
		t.Fatalf("%s %s: not an envelope: %v", method, path, err)
	}
	out.value, _ = out.env.Value.(map[string]any)
	return out
}

func (s *tsite) transfer(t *testing.T, token, key, from, to, amount string) reply {
	t.Helper()
	return s.call(t, "POST", "/wps/v2/wallets/transfer", token, key, map[string]string{"from": from, "to": to, "amount": amount})
}

// mainBalance is a member's main balance straight from the ledger.
func (s *tsite) mainBalance(t *testing.T, memberID int64) int64 {
	t.Helper()
	a, err := s.ledger.FindAccount(context.Background(), ledger.PlayerMain(memberID, "PHP"))
	if err != nil {
		t.Fatal(err)
	}
	return a.Balance
}

// vendorBalance is a member's balance at a sandbox vendor, asked over HTTP.
func (s *tsite) vendorBalance(t *testing.T, memberID int64, vendor string) int64 {
	t.Helper()
	bal, err := s.transfers.vendors[vendor].Balance(context.Background(), playerOf(memberID, "PHP"))
	if err != nil {
		t.Fatal(err)
	}
	return bal
}

// float is the platform's vendor_float balance.
func (s *tsite) float(t *testing.T) int64 {
	t.Helper()
	a, err := s.ledger.FindAccount(context.Background(), ledger.System(ledger.PurposeVendorFloat, "PHP"))
	if apperrNotFound(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return a.Balance
}

func (s *tsite) setSwitch(id string, on bool) {
	s.brand.mu.Lock()
	defer s.brand.mu.Unlock()
	var out []brand.Switch
	for _, sw := range s.brand.c.Whitelabel {
		if sw.ModID == id {
			sw.Enabled = on
		}
		out = append(out, sw)
	}
	s.brand.c.Whitelabel = out
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func apperrNotFound(err error) bool { return err != nil && apperr.As(err).Kind == apperr.KindNotFound }

// transferFacts are the member's transfer facts in the activity stream, in
// order, as "kind vendor amount detail".
func (s *tsite) transferFacts(t testing.TB, memberID int64) []string {
	t.Helper()
	rows, err := s.db.QueryContext(context.Background(), s.db.Rebind(`SELECT kind, vendor, amount, detail FROM activity_event
		WHERE member_id = ? AND kind IN ('transfer.out', 'transfer.in') ORDER BY id`), memberID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var kind, vendor, detail string
		var amount int64
		if err := rows.Scan(&kind, &vendor, &amount, &detail); err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.TrimSpace(fmt.Sprintf("%s %s %d %s", kind, vendor, amount, detail)))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
