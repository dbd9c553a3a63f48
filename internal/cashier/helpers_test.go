package cashier

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/operator/optest"
	"github.com/palaro/palaro/internal/payment"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/realtime"
	"github.com/palaro/palaro/internal/wallet"
)

var testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

const testSecret = "test-sandbox-secret"

// site is the whole deposit path over real HTTP: real sessions, the real
// brand, ledger, wallet, realtime hub, operators, notices and the sandbox
// provider reached over HTTP on the same test server.
type site struct {
	t         testing.TB
	d         *db.DB
	clk       *clock.Fixed
	oclk      *clock.Fixed
	svc       *Service
	accounts  *account.Service
	members   *account.Store
	ledger    *ledger.Store
	hub       *realtime.Hub
	operators *operator.Service
	notices   *notify.Service
	sandbox   *payment.SandboxServer
	srv       *httptest.Server
	base      *string // where the adapter reaches the sandbox (tests may break it)
	trials    int
}

func newSite(t testing.TB, d *db.DB) *site {
	t.Helper()
	ctx := context.Background()
	clk := clock.NewFixed(time.Now())
	members := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	acfg := account.DefaultConfig
	acfg.Argon2, acfg.BotCheck = testArgon2, false
	accounts := account.NewService(members, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, acfg)
	hub := realtime.NewHub(realtime.DefaultConfig, clock.System{}, nil)
	t.Cleanup(hub.Close)
	l := ledger.NewStore(d, nil)
	w := wallet.NewService(l, brands, hub, nil)

	ocfg := operator.DefaultConfig
	ocfg.Argon2 = testArgon2
	ostore := operator.NewStore(d)
	oclk := clock.NewFixed(time.Now()) // the operators' clock: TOTP steps move with it
	ops := operator.NewService(ostore, oclk, ocfg, nil)
	t.Cleanup(ops.Close)
	if _, err := operator.SeedDemo(ctx, ostore, testArgon2, time.Now(), true); err != nil {
		t.Fatal(err)
	}

	notices := notify.NewService(notify.NewStore(d), hub, clk, nil)
	sb := payment.NewSandboxServer(d, testSecret, clk, nil)
	sb.Backoff = []time.Duration{20 * time.Millisecond, 40 * time.Millisecond}
	t.Cleanup(sb.Close)

	var base string
	baseFn := func() string { return base }
	svc := NewService(NewStore(d), Deps{Brand: brands, Wallet: w, Accounts: l,
		Providers: []payment.Provider{payment.NewSandbox(testSecret, baseFn, clk)},
		Notifier:  notices, Auditor: ops, Clock: clk, NotifyBase: baseFn,
		Members: testMembers{accounts, members}, Reconfirm: ops})

	mux := http.NewServeMux()
	NewHandler(svc, accounts).Routes(mux)
	NewOpsHandler(svc, ops).Routes(mux)
	notify.NewHandler(notices, accounts).Routes(mux)
	realtime.NewHandler(hub, accounts).Routes(mux)
	sb.Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	mux.HandleFunc("/ops/", httpx.NotFoundJSON)
	srv := httptest.NewServer(httpx.Edge(mux, slog.New(slog.DiscardHandler), nil))
	t.Cleanup(srv.Close)
	base = srv.URL
	return &site{t: t, d: d, clk: clk, oclk: oclk, svc: svc, accounts: accounts, members: members, ledger: l, hub: hub,
		operators: ops, notices: notices, sandbox: sb, srv: srv, base: &base}
}

func (s *site) login(user string) string {
	s.t.Helper()
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: account.DemoPassword}, account.Client{IP: "192.0.2.1", UserAgent: "test"})
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

func (s *site) opLogin(user string) string {
	s.t.Helper()
	return optest.Login(s.t, s.operators, user, account.DemoPassword, s.oclk.Now)
}

func (s *site) memberID(name string) int64 {
	s.t.Helper()
	m, err := s.members.MemberByAccount(context.Background(), name)
	if err != nil {
		s.t.Fatal(err)
	}
	return m.ID
}

// balance is the member's main balance in PHP (0 before the account exists).
func (s *site) balance(name string) int64 {
	s.t.Helper()
	a, err := s.ledger.FindAccount(context.Background(), ledger.PlayerMain(s.memberID(name), "PHP"))
	if err != nil {
		return 0
	}
	return a.Balance
}

type reply struct {
	status int
	header http.Header
	env    httpx.Envelope
	value  map[string]any
	raw    []byte
}

// do sends a request; body is nil, a string (sent as is), a *form, or JSON.
func (s *site) do(method, path, token string, body any, hdr map[string]string) reply {
	s.t.Helper()
	var rd io.Reader = http.NoBody
	ct := "application/json"
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case *form:
		rd, ct = bytes.NewReader(b.buf.Bytes()), b.ct
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, s.srv.URL+path, rd)
	req.Header.Set("Content-Type", ct)
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
	out.raw, _ = io.ReadAll(res.Body)
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(out.raw, &out.env); err != nil {
			s.t.Fatalf("%s %s: not an envelope: %v", method, path, err)
		}
		out.value, _ = out.env.Value.(map[string]any)
	}
	return out
}

// form is a multipart body under construction.
type form struct {
	buf bytes.Buffer
	w   *multipart.Writer
	ct  string
}

func newForm(fields map[string]string, fileField string, file []byte, fileType string) *form {
	f := &form{}
	f.w = multipart.NewWriter(&f.buf)
	for k, v := range fields {
		_ = f.w.WriteField(k, v)
	}
	if file != nil {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="`+fileField+`"; filename="receipt"`)
		h.Set("Content-Type", fileType)
		part, _ := f.w.CreatePart(h)
		_, _ = part.Write(file)
	}
	_ = f.w.Close()
	f.ct = f.w.FormDataContentType()
	return f
}

// pngBytes is a small PNG (signature plus padding: only the magic bytes are checked).
var pngBytes = append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 200)...)

func key(s string) map[string]string { return map[string]string{"Idempotency-Key": s} }

// bankDeposit submits a BDO bank deposit and returns the reply.
func (s *site) bankDeposit(token, idem, amount, ref string) reply {
	s.t.Helper()
	return s.do("POST", "/wps/cashier/deposits", token,
		newForm(map[string]string{"method": "BDO_BANK", "amount": amount, "reference": ref}, "receipt", pngBytes, "image/png"), key(idem))
}

func id(r reply) string { return strconv.FormatInt(int64(r.value["id"].(float64)), 10) }

// socket is an open realtime connection collecting events.
type socket struct {
	ws     *websocket.Conn
	events chan realtime.Event
}

func (s *site) socket(name, token string) *socket {
	s.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s.t.Cleanup(cancel)
	url := "ws" + strings.TrimPrefix(s.srv.URL, "http") + "/wps/ws"
	ws, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{realtime.Subprotocol, "bearer." + token}})
	if err != nil {
		s.t.Fatalf("dial: %v (%v)", err, resp)
	}
	s.t.Cleanup(func() { ws.CloseNow() })
	mid := s.memberID(name)
	for i := 0; i < 300 && s.hub.Count(mid) < 1; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	sock := &socket{ws: ws, events: make(chan realtime.Event, 32)}
	go func() {
		for {
			_, data, err := ws.Read(ctx)
			if err != nil {
				return
			}
			var ev realtime.Event
			if json.Unmarshal(data, &ev) == nil {
				sock.events <- ev
			}
		}
	}()
	return sock
}

// waitFor returns the first event of the type within 5 s.
func (k *socket) waitFor(t *testing.T, typ string) realtime.Event {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case ev := <-k.events:
			if ev.Type == typ {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %q event", typ)
		}
	}
}

var tokenRE = regexp.MustCompile(`name="token" value="([^"]+)"`)

// payPage opens the hosted page and returns its HTML and form token; lang ""
// opens payURL as the browser does.
func (s *site) payPage(payURL, lang string) (string, string) {
	s.t.Helper()
	u := s.srv.URL + payURL
	if lang != "" {
		u += "?lang=" + lang
	}
	res, err := http.Get(u)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	m := tokenRE.FindStringSubmatch(string(b))
	if res.StatusCode != 200 || m == nil {
		s.t.Fatalf("pay page %d: %s", res.StatusCode, b)
	}
	return string(b), m[1]
}

// submitPay posts the hosted page's form without following the redirect.
func (s *site) submitPay(payURL, token, action string) *http.Response {
	s.t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.PostForm(s.srv.URL+payURL+"?lang=EN", map[string][]string{"token": {token}, "action": {action}})
	if err != nil {
		s.t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// webhook posts a signed sandbox webhook at the given signing time.
func (s *site) webhook(cb payment.Callback, secret string, at time.Time) reply {
	s.t.Helper()
	body := payment.EncodeWebhook(cb)
	return s.do("POST", "/wps/cashier/callback/sandbox", "", string(body),
		map[string]string{payment.SignatureHeader: payment.Sign([]byte(secret), body, at)})
}

// onlineDeposit opens a GCash deposit and returns it.
func (s *site) onlineDeposit(token, idem, amount string) map[string]any {
	s.t.Helper()
	r := s.do("POST", "/wps/cashier/deposits", token, map[string]string{"method": "GCASH", "amount": amount}, key(idem))
	if r.status != 200 || r.value["status"] != StatusPendingPayment || r.value["payUrl"] == "" {
		s.t.Fatalf("online deposit: %d %+v", r.status, r.env)
	}
	return r.value
}

func httpGet(url string) (int, error) {
	res, err := http.Get(url)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

func randHex() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// wantFact checks that the activity stream holds exactly one fact under key,
// of kind, for member and amount.
func (s *site) wantFact(key, kind string, member, amount int64) {
	s.t.Helper()
	rows, err := s.d.QueryContext(context.Background(), s.d.Rebind(`SELECT kind, member_id, amount FROM activity_event WHERE fact_key = ?`), key)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var k string
		var m, a int64
		if err := rows.Scan(&k, &m, &a); err != nil {
			s.t.Fatal(err)
		}
		if k != kind || m != member || a != amount {
			s.t.Errorf("fact %s: %s member %d amount %d, want %s %d %d", key, k, m, a, kind, member, amount)
		}
		n++
	}
	if n != 1 {
		s.t.Errorf("fact %s: %d rows, want 1", key, n)
	}
}

// testMembers is cmd/palaro's depositMembers over the test's accounts.
type testMembers struct {
	accounts *account.Service
	store    *account.Store
}

func (m testMembers) Usernames(ctx context.Context, ids []int64) (map[int64]string, error) {
	ms, err := m.accounts.MembersByID(ctx, ids)
	out := map[int64]string{}
	for id, mem := range ms {
		out[id] = mem.Account
	}
	return out, err
}

func (m testMembers) MemberIDByUsername(ctx context.Context, username string) (int64, bool, error) {
	mem, err := m.store.MemberByAccount(ctx, username)
	if err != nil {
		return 0, false, nil
	}
	return mem.ID, true, nil
}
