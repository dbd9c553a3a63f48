package notify

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/realtime"
)

var testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// recorder is a realtime.Publisher that keeps what was published.
type recorder struct {
	mu     sync.Mutex
	events map[int64][]realtime.Event
}

func (r *recorder) Publish(_ context.Context, memberID int64, ev realtime.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events[memberID] = append(r.events[memberID], ev)
	return nil
}

type site struct {
	t        *testing.T
	svc      *Service
	pub      *recorder
	accounts *account.Service
	members  *account.Store
	srv      *httptest.Server
}

func newSite(t *testing.T, d *db.DB) *site {
	ctx := context.Background()
	members := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = testArgon2, false
	accounts := account.NewService(members, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	pub := &recorder{events: map[int64][]realtime.Event{}}
	svc := NewService(NewStore(d), pub, clock.System{}, nil)
	mux := http.NewServeMux()
	NewHandler(svc, accounts).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &site{t: t, svc: svc, pub: pub, accounts: accounts, members: members, srv: srv}
}

func (s *site) login(user string) string {
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: account.DemoPassword}, account.Client{IP: "192.0.2.1", UserAgent: "test"})
	if err != nil {
		s.t.Fatal(err)
	}
	return res.Token
}

func (s *site) memberID(name string) int64 {
	m, err := s.members.MemberByAccount(context.Background(), name)
	if err != nil {
		s.t.Fatal(err)
	}
	return m.ID
}

func (s *site) do(method, path, token string) (int, httpx.Envelope) {
	s.t.Helper()
	req, _ := http.NewRequest(method, s.srv.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var env httpx.Envelope
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		s.t.Fatal(err)
	}
	return res.StatusCode, env
}

func TestMessages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		demo, agent := s.memberID("demo01"), s.memberID("agent01")
		params := map[string]string{"amount": "1500.50", "currency": "PHP", "orderNo": "D1", "reason": "Receipt unreadable"}
		if err := s.svc.Notify(ctx, demo, Notice{Kind: KindDepositCredited, Params: params}); err != nil {
			t.Fatal(err)
		}
		if err := s.svc.Notify(ctx, demo, Notice{Kind: KindWithdrawalRejected, Params: params}); err != nil {
			t.Fatal(err)
		}
		if err := s.svc.Notify(ctx, agent, Notice{Kind: KindDepositFailed, Params: params}); err != nil {
			t.Fatal(err)
		}
		if err := s.svc.Notify(ctx, demo, Notice{Kind: "nope"}); apperr.As(err).Code != "message.unknown_kind" {
			t.Fatalf("unknown kind: %v", err)
		}
		evs := s.pub.events[demo]
		if len(evs) != 2 || evs[0].Type != EventNotice {
			t.Fatalf("events %+v", evs)
		}
		var ne NoticeEvent
		_ = json.Unmarshal(evs[0].Data, &ne)
		if ne.ID == 0 || ne.Kind != KindDepositCredited || ne.Params["orderNo"] != "D1" {
			t.Fatalf("event data %s", evs[0].Data)
		}

		tok := s.login("demo01")
		if st, env := s.do("GET", "/wps/message/unread", tok); st != 200 || env.Value.(map[string]any)["count"] != float64(2) {
			t.Fatalf("unread %d %+v", st, env)
		}
		for lang, want := range map[string]string{"EN": "Withdrawal rejected", "TY": "Tinanggihan ang pag-withdraw", "JA": "Withdrawal rejected"} {
			st, env := s.do("GET", "/wps/message/list?pageSize=10&lang="+lang, tok)
			v := env.Value.(map[string]any)
			list := v["list"].([]any)
			first := list[0].(map[string]any)
			if st != 200 || v["total"] != float64(2) || len(list) != 2 || first["title"] != want || first["read"] != false ||
				!strings.Contains(first["body"].(string), "Receipt unreadable") || first["params"].(map[string]any)["amount"] != "1500.50" {
				t.Fatalf("%s list %+v", lang, v)
			}
		}
		_, env := s.do("GET", "/wps/message/list?page=2&pageSize=1", tok)
		second := env.Value.(map[string]any)["list"].([]any)[0].(map[string]any)
		if second["kind"] != KindDepositCredited {
			t.Fatalf("page 2 %+v", env.Value)
		}
		firstID := strconv.FormatInt(int64(second["id"].(float64)), 10)
		if st, _ := s.do("POST", "/wps/message/"+firstID+"/read", tok); st != 200 {
			t.Fatalf("read %d", st)
		}
		if st, _ := s.do("POST", "/wps/message/"+firstID+"/read", tok); st != 200 { // again is fine
			t.Fatalf("read again %d", st)
		}
		if _, env := s.do("GET", "/wps/message/unread", tok); env.Value.(map[string]any)["count"] != float64(1) {
			t.Fatalf("unread after read %+v", env)
		}
		// The agent's message is not demo01's to read.
		_, env = s.do("GET", "/wps/message/list", s.login("agent01"))
		agentMsg := strconv.FormatInt(int64(env.Value.(map[string]any)["list"].([]any)[0].(map[string]any)["id"].(float64)), 10)
		if st, env := s.do("POST", "/wps/message/"+agentMsg+"/read", tok); st != 404 || env.Code != "message.not_found" {
			t.Fatalf("other's message %d %+v", st, env)
		}
		for _, bad := range []string{"0", "x", "-1"} {
			if st, _ := s.do("POST", "/wps/message/"+bad+"/read", tok); st != 400 {
				t.Fatalf("id %q: %d", bad, st)
			}
		}
		if st, _ := s.do("GET", "/wps/message/list?pageSize=101", tok); st != 400 {
			t.Fatalf("pageSize 101: %d", st)
		}
		if st, env := s.do("POST", "/wps/message/read-all", tok); st != 200 || env.Value.(map[string]any)["updated"] != float64(1) {
			t.Fatalf("read-all %d %+v", st, env)
		}
		if _, env := s.do("GET", "/wps/message/unread", tok); env.Value.(map[string]any)["count"] != float64(0) {
			t.Fatalf("unread after read-all %+v", env)
		}
		if _, env := s.do("GET", "/wps/message/unread", s.login("agent01")); env.Value.(map[string]any)["count"] != float64(1) {
			t.Fatalf("agent's unread touched: %+v", env)
		}
	})
}

// TestAuthorization walks every message route as every role.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		trial, err := s.accounts.Freeplay(context.Background(), account.Client{IP: "203.0.113.7", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		tokens := map[account.Role]string{account.RoleVisitor: "", account.RoleMember: s.login("demo01"),
			account.RoleAgent: s.login("agent01"), account.RoleTrial: trial.Token}
		if err := s.svc.Notify(context.Background(), s.memberID("demo01"), Notice{Kind: KindDepositCredited}); err != nil {
			t.Fatal(err)
		}
		_, env := s.do("GET", "/wps/message/list", tokens[account.RoleMember])
		msgID := strconv.FormatInt(int64(env.Value.(map[string]any)["list"].([]any)[0].(map[string]any)["id"].(float64)), 10)
		calls := map[string]string{
			"GET /wps/message/unread":     "/wps/message/unread",
			"GET /wps/message/list":       "/wps/message/list",
			"POST /wps/message/{id}/read": "/wps/message/" + msgID + "/read",
			"POST /wps/message/read-all":  "/wps/message/read-all",
		}
		if len(calls) != len(routeRoles) {
			t.Fatalf("matrix covers %d routes, the handler has %d", len(calls), len(routeRoles))
		}
		for route, path := range calls {
			method := strings.Fields(route)[0]
			for role, tok := range tokens {
				want := 200
				switch role {
				case account.RoleVisitor:
					want = 401
				case account.RoleTrial:
					want = 403
				case account.RoleAgent:
					if route == "POST /wps/message/{id}/read" {
						want = 404 // demo01's message
					}
				}
				if st, env := s.do(method, path, tok); st != want {
					t.Errorf("%s as %s: %d %s, want %d", route, role, st, env.Code, want)
				}
			}
		}
	})
}

func TestRenderEveryKind(t *testing.T) {
	p := map[string]string{"amount": "1.00", "currency": "PHP", "orderNo": "X", "reason": "because", "reply": "thank you",
		"contractId": "3", "type": "dividend", "upline": "agent01", "downline": "sub01", "period": "2026-11-27 00:00", "paid": "0.50", "code": "AB12CD34"}
	for _, k := range Kinds() {
		for _, lang := range []string{"EN", "TY"} {
			title, body := Render(k, lang, p)
			if title == "" || body == "" || strings.Contains(body, "{") {
				t.Errorf("%s %s: %q %q", k, lang, title, body)
			}
		}
	}
}

// TestNotifyMany: more messages than one statement holds, two members,
// identical messages among them; each event carries the id of a row with
// its own member, kind and parameters, every id once.
func TestNotifyMany(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		demo, agent := s.memberID("demo01"), s.memberID("agent01")
		var ns []Addressed
		for i := range insertChunk + 37 {
			to, kind := demo, KindDepositCredited
			if i%3 == 0 {
				to, kind = agent, KindDepositFailed
			}
			orderNo := "D" + strconv.Itoa(i%50) // repeats: identical messages
			ns = append(ns, Addressed{MemberID: to, Notice: Notice{Kind: kind, Params: map[string]string{"orderNo": orderNo, "amount": "1.00", "currency": "PHP"}}})
		}
		if err := s.svc.NotifyMany(ctx, append(ns, Addressed{MemberID: demo, Notice: Notice{Kind: "nope"}})); apperr.As(err).Code != "message.unknown_kind" {
			t.Fatalf("unknown kind: %v", err)
		}
		if n, _ := s.svc.Unread(ctx, demo); n != 0 {
			t.Fatalf("an unknown kind stored %d messages", n)
		}
		if err := s.svc.NotifyMany(ctx, ns); err != nil {
			t.Fatal(err)
		}
		seen := map[int64]bool{}
		for _, m := range []int64{demo, agent} {
			for _, ev := range s.pub.events[m] {
				var ne NoticeEvent
				if err := json.Unmarshal(ev.Data, &ne); err != nil {
					t.Fatal(err)
				}
				if ne.ID == 0 || seen[ne.ID] {
					t.Fatalf("id %d twice or zero", ne.ID)
				}
				seen[ne.ID] = true
				var member int64
				var kind, params string
				if err := d.QueryRowContext(ctx, d.Rebind(`SELECT member_id, kind, params FROM member_message WHERE id = ?`), ne.ID).Scan(&member, &kind, &params); err != nil {
					t.Fatal(err)
				}
				var p map[string]string
				_ = json.Unmarshal([]byte(params), &p)
				if member != m || kind != ne.Kind || p["orderNo"] != ne.Params["orderNo"] {
					t.Fatalf("event %+v to %d is row (%d, %s, %s)", ne, m, member, kind, params)
				}
			}
		}
		if len(seen) != len(ns) {
			t.Fatalf("%d events for %d messages", len(seen), len(ns))
		}
		nd, _ := s.svc.Unread(ctx, demo)
		na, _ := s.svc.Unread(ctx, agent)
		if nd+na != len(ns) || na != (len(ns)+2)/3 {
			t.Fatalf("unread demo %d agent %d", nd, na)
		}
	})
}
