package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/players"
)

var cheapArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// opsSite drives the wired server as operators and players.
type opsSite struct {
	t        *testing.T
	m        *Main
	base     string
	accounts *account.Service // a second account service on the same store: logs players in without the bot check
	ops      map[operator.Role]string
}

type opsReply struct {
	status int
	code   string
	value  map[string]any
}

func (s *opsSite) do(method, path, token string, body any, hdr map[string]string) opsReply {
	s.t.Helper()
	var rd *bytes.Reader
	switch b := body.(type) {
	case nil:
		rd = bytes.NewReader(nil)
	case string:
		rd = bytes.NewReader([]byte(b))
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, s.base+path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var env struct {
		Code  string         `json:"code"`
		Value map[string]any `json:"value"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	return opsReply{res.StatusCode, env.Code, env.Value}
}

// ok calls and fails the test unless the answer is 200.
func (s *opsSite) ok(method, path, token string, body any) map[string]any {
	s.t.Helper()
	r := s.do(method, path, token, body, nil)
	if r.status != 200 {
		s.t.Fatalf("%s %s: %d %s", method, path, r.status, r.code)
	}
	return r.value
}

func (s *opsSite) login(user, password, ip string) (account.LoginResult, error) {
	return s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: password},
		account.Client{IP: ip, UserAgent: "UA-" + user})
}

func (s *opsSite) mustLogin(user, password, ip string) string {
	s.t.Helper()
	res, err := s.login(user, password, ip)
	if err != nil {
		s.t.Fatalf("login %s: %v", user, err)
	}
	return res.Token
}

func newOpsSite(t *testing.T, d db.Dialect) *opsSite {
	m := startMain(t, d, true)
	cfg := account.DefaultConfig
	cfg.BotCheck = false
	clk := clock.System{}
	s := &opsSite{t: t, m: m, base: "http://" + m.Addr(), ops: map[operator.Role]string{},
		accounts: account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clk), account.NewMemoryLimiter(clk), clk, cfg)}
	// One operator per role (every role the table knows, so a new role is
	// walked by the authorization test without touching it).
	h, _ := account.HashPassword(account.DemoPassword, cheapArgon2)
	for _, role := range operator.Roles {
		user := "pl_" + strings.ToLower(string(role))
		if _, err := operator.NewStore(m.DB).CreateOperator(context.Background(), user, h, role, time.Now()); err != nil {
			t.Fatal(err)
		}
		v := s.ok("POST", "/ops/v1/login", "", map[string]string{"username": user, "password": account.DemoPassword})
		if e, ok := v["enrolment"].(map[string]any); ok { // ADMIN and FINANCE enrol a second factor first
			code, err := operator.TOTPCode(e["secret"].(string), time.Now())
			if err != nil {
				t.Fatal(err)
			}
			v = s.ok("POST", "/ops/v1/login/enrol", "", map[string]string{"token": e["token"].(string), "otp": code})
		}
		s.ops[role] = v["token"].(string)
	}
	return s
}

// member creates a member with the demo password.
func (s *opsSite) member(name, mobile, email, ip string, parent int64) int64 {
	s.t.Helper()
	h, _ := account.HashPassword(account.DemoPassword, cheapArgon2)
	m := account.Member{Account: name, Nickname: name, PasswordHash: h, Mobile: mobile, Email: email, RegisterIP: ip, ParentID: parent,
		RegisterMethod: "WEB", CreatedAt: time.Now(), PasswordChangedAt: time.Now()}
	if mobile != "" {
		m.CountryDialingCode = "63"
	}
	if err := account.NewStore(s.m.DB).CreateMember(context.Background(), &m); err != nil {
		s.t.Fatal(err)
	}
	return m.ID
}

func idStr(v int64) string { return strconv.FormatInt(v, 10) }

func items(v map[string]any) []map[string]any {
	var out []map[string]any
	for _, x := range v["items"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func usernames(v map[string]any) string {
	var out []string
	for _, it := range items(v) {
		out = append(out, it["username"].(string))
	}
	return strings.Join(out, ",")
}

// TestPlayersSearch finds players by every key, pages, and refuses bad input.
func TestPlayersSearch(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := newOpsSite(t, d)
		ctx := context.Background()
		agent, err := account.NewStore(s.m.DB).MemberByAccount(ctx, account.DemoAgent)
		if err != nil {
			t.Fatal(err)
		}
		a := s.member("zeta_alpha", "9170000001", "Zeta.Alpha@Example.com", "198.51.100.7", agent.ID)
		b := s.member("zeta_beta", "9170000002", "", "198.51.100.8", 0)
		s.member("zeta%_x", "", "=1+2@example.com", "", 0) // a formula-like e-mail for the CSV
		s.member("zetb", "", "", "", 0)
		s.mustLogin("zeta_beta", account.DemoPassword, "198.51.100.7") // b seen at a's registration IP
		admin := s.ops[operator.RoleViewer]                            // reading needs players.read only
		search := func(by, q string, extra string) map[string]any {
			t.Helper()
			return s.ok("GET", "/ops/v1/players?by="+by+"&q="+urlq(q)+extra, admin, nil)
		}
		for _, c := range []struct{ by, q, extra, want string }{
			{"username", "zeta", "", "zeta%_x,zeta_alpha,zeta_beta"},
			{"username", "ZETA_", "", "zeta_alpha,zeta_beta"}, // '_' is a plain character, case does not matter
			{"username", "zeta%", "", "zeta%_x"},              // so is '%'
			{"username", "zeta", "&page=2&pageSize=2", "zeta_beta"},
			{"username", "nobody", "", ""},
			{"mobile", "9170000001", "", "zeta_alpha"},
			{"mobile", "09170000001", "", "zeta_alpha"},
			{"mobile", "+63 917 000 0001", "", "zeta_alpha"},
			{"mobile", "+1 917 000 0001", "", ""}, // another dialing code
			{"email", "zeta.alpha@example.COM", "", "zeta_alpha"},
			{"id", idStr(b), "", "zeta_beta"},
			{"ip", "198.51.100.7", "", "zeta_beta,zeta_alpha"}, // a registered there, b logged in there
			{"ip", "198.51.100.8", "", "zeta_beta"},
			{"agent", "AGENT01", "", "zeta_alpha"},
		} {
			v := search(c.by, c.q, c.extra)
			if got := usernames(v); got != c.want {
				t.Errorf("by %s %q%s: %q, want %q", c.by, c.q, c.extra, got, c.want)
			}
		}
		v := search("username", "zeta", "&page=2&pageSize=2")
		if v["total"] != float64(3) || v["page"] != float64(2) || v["pageSize"] != float64(2) || v["decimals"] != float64(2) {
			t.Errorf("paging: %+v", v)
		}
		// The list as a file: every match (paging ignored), BOM, formula-safe,
		// balances in major units, times in the zone asked for.
		hdr, body := s.file("/ops/v1/players?by=username&q=zeta&format=csv&pageSize=1&tz=Asia/Manila", admin, "EN")
		lines := strings.Split(strings.TrimSpace(body), "\n")
		if !strings.HasPrefix(body, "\ufeffID,Username,Country code,Mobile,E-mail,Status,Balance,Currency,Registered,Last login,Last login IP,Agent\n") || len(lines) != 4 ||
			hdr.Get("Content-Type") != "text/csv; charset=utf-8" || !strings.Contains(hdr.Get("Content-Disposition"), "players-username.csv") || hdr.Get("X-Truncated") != "" {
			t.Errorf("csv %v:\n%s", hdr, body)
		}
		if !strings.Contains(body, ",'=1+2@example.com,ACTIVE,0.00,PHP,") {
			t.Errorf("csv formula cell or balance:\n%s", body)
		}
		alpha := ""
		for _, l := range lines {
			if strings.HasPrefix(l, idStr(a)+",") {
				alpha = l
			}
		}
		if !strings.HasPrefix(alpha, idStr(a)+",zeta_alpha,63,9170000001,Zeta.Alpha@Example.com,ACTIVE,0.00,PHP,") || !strings.HasSuffix(alpha, ",agent01") {
			t.Errorf("csv alpha row %q:\n%s", alpha, body)
		}
		if _, ty := s.file("/ops/v1/players?by=id&q="+idStr(a)+"&format=csv", admin, "TY"); !strings.Contains(ty, "Nagparehistro") {
			t.Errorf("TY header:\n%s", ty)
		}
		// The zone shifts the registration time (Manila is UTC+8, no DST).
		_, utc := s.file("/ops/v1/players?by=id&q="+idStr(a)+"&format=csv", admin, "EN")
		_, mnl := s.file("/ops/v1/players?by=id&q="+idStr(a)+"&format=csv&tz=Asia/Manila", admin, "EN")
		if regAt(t, utc).Add(8*time.Hour) != regAt(t, mnl) {
			t.Errorf("zones: %s / %s", utc, mnl)
		}
		it := items(search("id", idStr(a), ""))[0]
		if it["agent"] != "agent01" || it["status"] != "ACTIVE" || it["mobile"] != "9170000001" || it["currency"] != "PHP" {
			t.Errorf("item %+v", it)
		}
		if it := items(search("username", "demo01", ""))[0]; it["balance"].(float64) <= 0 || it["lastLoginAt"] == nil {
			t.Errorf("demo01 item %+v", it)
		}
		// A prefix matching more than the count cap (the bench generator's members u0..u10000).
		if _, err := account.NewStore(s.m.DB).BenchSeedMembers(ctx, account.MaxSearchCount+1, 4000, "x", time.Now()); err != nil {
			t.Fatal(err)
		}
		v = search("username", "u", "&pageSize=100")
		if v["total"] != float64(account.MaxSearchCount) || v["totalCapped"] != true || len(items(v)) != 100 || items(v)[0]["username"] != "u0" {
			t.Errorf("capped: total %v capped %v, %d items", v["total"], v["totalCapped"], len(items(v)))
		}
		if v = search("username", "u", "&page=100&pageSize=100"); len(items(v)) != 100 {
			t.Errorf("last page under the cap: %d items", len(items(v)))
		}
		if v = search("username", "u", "&page=101&pageSize=100"); len(items(v)) != 0 || v["total"] != float64(account.MaxSearchCount) {
			t.Errorf("past the cap: %d items, total %v", len(items(v)), v["total"])
		}
		if v = search("username", "u1000", ""); v["total"] != float64(2) || v["totalCapped"] != false { // u1000 and u10000
			t.Errorf("exact under the cap: %+v", v["total"])
		}
		if v = search("agent", "u1000", ""); v["total"] != float64(999) {
			t.Errorf("generated agent's members: %v", v["total"])
		}
		for _, c := range []struct{ path, code string }{
			{"/ops/v1/players?by=nickname&q=x", "request.invalid_param"},
			{"/ops/v1/players?by=username", "players.query_required"},
			{"/ops/v1/players?by=username&q=" + strings.Repeat("z", account.MaxSearchText+1), "players.query_too_long"},
			{"/ops/v1/players?by=mobile&q=abc", "players.invalid_query"},
			{"/ops/v1/players?by=id&q=x1", "players.invalid_query"},
			{"/ops/v1/players?q=zeta&pageSize=101", "request.invalid_page_size"},
			{"/ops/v1/players?q=zeta&page=0", "request.invalid_page"},
			{"/ops/v1/players?q=zeta&format=xml", "request.invalid_param"},
			{"/ops/v1/players?q=zeta&format=csv&tz=Mars/Olympus", "request.invalid_param"},
			{"/ops/v1/players?q=zeta&format=csv&tz=Local", "request.invalid_param"},
			{"/ops/v1/players?by=mobile&q=abc&format=csv", "players.invalid_query"},
		} {
			if r := s.do("GET", c.path, admin, nil, nil); r.status != 400 || r.code != c.code {
				t.Errorf("%s: %d %s, want 400 %s", c.path, r.status, r.code, c.code)
			}
		}
	})
}

// file GETs a CSV file in a language: its headers and body (200 required).
func (s *opsSite) file(path, token, lang string) (http.Header, string) {
	s.t.Helper()
	req, _ := http.NewRequest("GET", s.base+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Lang", lang)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		s.t.Fatalf("GET %s: %d %s", path, res.StatusCode, b)
	}
	return res.Header, string(b)
}

// regAt is the registration time of a one-row players CSV.
func regAt(t *testing.T, body string) time.Time {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\ufeff"))).ReadAll()
	if err != nil || len(rows) != 2 {
		t.Fatalf("csv %v: %q", err, body)
	}
	at, err := time.Parse(time.DateTime, rows[1][8])
	if err != nil {
		t.Fatal(err)
	}
	return at
}

func urlq(s string) string {
	return strings.NewReplacer("%", "%25", "+", "%2B", " ", "%20", "@", "%40").Replace(s)
}

// TestPlayerPage reads every piece of the player page.
func TestPlayerPage(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := newOpsSite(t, d)
		ctx := context.Background()
		demo, err := account.NewStore(s.m.DB).MemberByAccount(ctx, account.DemoMember)
		if err != nil {
			t.Fatal(err)
		}
		a := s.member("page_a", "", "", "203.0.113.5", 0)
		b := s.member("page_b", "", "", "203.0.113.9", 0)
		c := s.member("page_c", "", "", "203.0.113.10", 0)
		viewer := s.ops[operator.RoleViewer]
		ta := s.mustLogin("page_a", account.DemoPassword, "203.0.113.5")
		s.mustLogin("page_b", account.DemoPassword, "203.0.113.5")

		// The header.
		v := s.ok("GET", "/ops/v1/players/"+idStr(a), viewer, nil)
		p, reg, bal, flags := v["player"].(map[string]any), v["registration"].(map[string]any), v["balances"].(map[string]any), v["flags"].(map[string]any)
		if p["username"] != "page_a" || p["status"] != "ACTIVE" || p["lastLoginIp"] != "203.0.113.5" || reg["ip"] != "203.0.113.5" ||
			reg["device"] != "UA-page_a" || reg["channel"] != "WEB" || flags["locked"] != false || bal["decimals"] != float64(2) ||
			bal["main"] != float64(0) || bal["currency"] != "PHP" { // no ledger account yet: 0 in the brand currency
			t.Errorf("player page %+v", v)
		}
		v = s.ok("GET", "/ops/v1/players/"+idStr(demo.ID), viewer, nil)
		if bal := v["balances"].(map[string]any); bal["main"].(float64) <= 0 || bal["currency"] != "PHP" {
			t.Errorf("demo01 balances %+v", bal)
		}
		if v["flags"].(map[string]any)["defaultPassword"] != false {
			t.Errorf("demo01 flags %+v", v["flags"])
		}

		// Logins, paged.
		s.mustLogin("page_a", account.DemoPassword, "203.0.113.6")
		v = s.ok("GET", "/ops/v1/players/"+idStr(a)+"/logins?pageSize=1", viewer, nil)
		if l := items(v); v["total"] != float64(2) || len(l) != 1 || l[0]["ip"] != "203.0.113.6" || l[0]["device"] != "UA-page_a" || l[0]["endedAt"] != nil {
			t.Errorf("logins %+v", v)
		}
		if l := items(s.ok("GET", "/ops/v1/players/"+idStr(a)+"/logins?page=2&pageSize=1", viewer, nil)); len(l) != 1 || l[0]["ip"] != "203.0.113.5" {
			t.Errorf("logins page 2 %+v", l)
		}

		// Linked accounts: b logged in from a's IP; c shares a payout account with a.
		for _, who := range []struct {
			name string
			tok  string
		}{{"page_a", ta}, {"page_c", s.mustLogin("page_c", account.DemoPassword, "203.0.113.10")}} {
			s.ok("PUT", "/wps/member/payment-password", who.tok, map[string]string{"password": account.DemoPassword, "newPaymentPassword": "246810", "confirmPaymentPassword": "246810"})
			s.ok("POST", "/wps/member/payout-accounts", who.tok, map[string]string{"type": "EWALLET", "bankCode": "GCASH", "accountName": "Same Payee",
				"accountNumber": "09175550000", "paymentPassword": "246810"})
		}
		v = s.ok("GET", "/ops/v1/players/"+idStr(a)+"/linked", viewer, nil)
		links := map[string]string{}
		for _, l := range items(v) {
			r := l["reasons"].([]any)[0].(map[string]any)
			links[l["username"].(string)] = fmt.Sprint(r["kind"], " ", r["ip"], r["accountNumber"])
		}
		if links["page_b"] != "IP 203.0.113.5<nil>" || links["page_c"] != "PAYOUT_ACCOUNT <nil>09175550000" || len(links) != 2 {
			t.Errorf("linked %+v", links)
		}
		_ = b
		_ = c

		// Transactions, rounds (an in-house dice round with its recall), deposits, withdrawals.
		tok := s.mustLogin(account.DemoMember, account.DemoPassword, "203.0.113.20")
		if r := s.do("POST", "/wps/inhouse/dice/bet", tok, map[string]any{"amount": 1000, "target": 5000}, map[string]string{"Idempotency-Key": "players-dice"}); r.status != 200 {
			t.Fatalf("dice: %d %s", r.status, r.code)
		}
		// A transfer into a vendor: the page asks that vendor (and only it) for the balance.
		if v := s.ok("GET", "/ops/v1/players/"+idStr(demo.ID), viewer, nil); len(v["balances"].(map[string]any)["vendors"].([]any)) != 0 {
			t.Errorf("vendors before any transfer %+v", v["balances"])
		}
		if r := s.do("POST", "/wps/v2/wallets/transfer", tok, map[string]string{"from": "MAIN", "to": "JDB", "amount": "250.00"},
			map[string]string{"Idempotency-Key": "players-jdb"}); r.status != 200 || r.value["status"] != "SUCCESS" {
			t.Fatalf("transfer: %d %s %+v", r.status, r.code, r.value)
		}
		vendors := s.ok("GET", "/ops/v1/players/"+idStr(demo.ID), viewer, nil)["balances"].(map[string]any)["vendors"].([]any)
		if len(vendors) != 1 || vendors[0].(map[string]any)["vendor"] != "JDB" || vendors[0].(map[string]any)["balance"] != float64(25000) {
			t.Errorf("vendors %+v", vendors)
		}
		v = s.ok("GET", "/ops/v1/players/"+idStr(demo.ID)+"/transactions", viewer, nil)
		if v["total"].(float64) < 2 || v["currency"] != "PHP" {
			t.Errorf("transactions %+v", v)
		}
		if r := s.do("GET", "/ops/v1/players/"+idStr(demo.ID)+"/transactions?type=nothing", viewer, nil, nil); r.status != 400 {
			t.Errorf("bad type: %d %s", r.status, r.code)
		}
		var rounds map[string]any
		for i := 0; i < 50; i++ { // the round's record lands as its completion is written
			if rounds = s.ok("GET", "/ops/v1/players/"+idStr(demo.ID)+"/rounds", viewer, nil); rounds["total"] == float64(1) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if rounds["total"] != float64(1) {
			t.Fatalf("rounds %+v", rounds)
		}
		rid := jsonNumber(items(rounds)[0]["id"])
		v = s.ok("GET", "/ops/v1/players/"+idStr(demo.ID)+"/rounds/"+rid, viewer, nil)
		if v["vendor"] != "BGS" || v["recall"] == nil || v["recall"].(map[string]any)["game"] != "dice" {
			t.Errorf("round detail %+v", v)
		}
		if r := s.do("GET", "/ops/v1/players/"+idStr(a)+"/rounds/"+rid, viewer, nil, nil); r.status != 404 || r.code != "players.round_not_found" {
			t.Errorf("another player's round: %d %s", r.status, r.code)
		}
		if v := s.ok("GET", "/ops/v1/players/"+idStr(demo.ID)+"/deposits", viewer, nil); v["total"] == nil {
			t.Errorf("deposits %+v", v)
		}
		if v := s.ok("GET", "/ops/v1/players/"+idStr(a)+"/withdrawals?status=PAID", viewer, nil); v["total"] != float64(0) {
			t.Errorf("withdrawals %+v", v)
		}
		if v := s.ok("GET", "/ops/v1/cashier/deposits?memberId="+idStr(a), viewer, nil); v["total"] != float64(0) {
			t.Errorf("deposit queue of a %+v", v)
		}
		// demo01 withdraws: its page and the queue filtered on it list it, a's do not.
		s.ok("PUT", "/wps/member/payment-password", tok, map[string]string{"password": account.DemoPassword, "newPaymentPassword": "246810", "confirmPaymentPassword": "246810"})
		acct := s.ok("POST", "/wps/member/payout-accounts", tok, map[string]string{"type": "EWALLET", "bankCode": "GCASH", "accountName": "Demo Player",
			"accountNumber": "09171234567", "paymentPassword": "246810"})
		if r := s.do("POST", "/wps/cashier/withdrawals", tok, `{"payoutAccountId":`+jsonNumber(acct["id"])+`,"amount":"100.00","paymentPassword":"246810"}`,
			map[string]string{"Idempotency-Key": "players-w1"}); r.status != 200 {
			t.Fatalf("withdrawal: %d %s", r.status, r.code)
		}
		for path, want := range map[string]float64{
			"/ops/v1/players/" + idStr(demo.ID) + "/withdrawals":     1,
			"/ops/v1/cashier/withdrawals?memberId=" + idStr(demo.ID): 1,
			"/ops/v1/cashier/withdrawals?memberId=" + idStr(a):       0,
			"/ops/v1/players/" + idStr(a) + "/withdrawals":           0,
		} {
			if v := s.ok("GET", path, viewer, nil); v["total"] != want {
				t.Errorf("%s: total %v, want %v", path, v["total"], want)
			}
		}
		for _, q := range []string{"/ops/v1/cashier/deposits?memberId=x", "/ops/v1/cashier/withdrawals?memberId=0"} {
			if r := s.do("GET", q, viewer, nil, nil); r.status != 400 || r.code != "request.invalid_param" {
				t.Errorf("%s: %d %s", q, r.status, r.code)
			}
		}

		// Notes.
		admin := s.ops[operator.RoleAdmin]
		for _, bad := range []string{"", "   ", strings.Repeat("é", players.MaxNote+1)} {
			if r := s.do("POST", "/ops/v1/players/"+idStr(a)+"/notes", admin, map[string]string{"text": bad}, nil); r.status != 400 || r.code != "players.invalid_note" {
				t.Errorf("note %d runes: %d %s", len([]rune(bad)), r.status, r.code)
			}
		}
		s.ok("POST", "/ops/v1/players/"+idStr(a)+"/notes", admin, map[string]string{"text": "Called the player."})
		s.ok("POST", "/ops/v1/players/"+idStr(a)+"/notes", admin, map[string]string{"text": strings.Repeat("é", players.MaxNote)})
		v = s.ok("GET", "/ops/v1/players/"+idStr(a)+"/notes?pageSize=1&page=2", viewer, nil)
		if n := items(v); v["total"] != float64(2) || len(n) != 1 || n[0]["text"] != "Called the player." || n[0]["operatorUsername"] != "pl_admin" {
			t.Errorf("notes %+v", v)
		}

		// Unknown players.
		for _, path := range []string{"/ops/v1/players/999999", "/ops/v1/players/abc", "/ops/v1/players/999999/logins",
			"/ops/v1/players/999999/linked", "/ops/v1/players/999999/notes", "/ops/v1/players/999999/rounds/1"} {
			if r := s.do("GET", path, viewer, nil, nil); r.status != 404 || r.code != "players.not_found" {
				t.Errorf("%s: %d %s", path, r.status, r.code)
			}
		}
		if r := s.do("POST", "/ops/v1/players/999999/notes", admin, map[string]string{"text": "x"}, nil); r.status != 404 || r.code != "players.not_found" {
			t.Errorf("note on nobody: %d %s", r.status, r.code)
		}
	})
}

// TestPlayerActions locks, unlocks, logs out and resets a player, each
// audited; bad input changes nothing; parallel locks and unlocks agree.
func TestPlayerActions(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := newOpsSite(t, d)
		admin := s.ops[operator.RoleAdmin]
		a := s.member("act_a", "", "", "", 0)
		ta := s.mustLogin("act_a", account.DemoPassword, "203.0.113.30")
		if r := s.do("GET", "/wps/member/info", ta, nil, nil); r.status != 200 {
			t.Fatalf("info: %d", r.status)
		}
		status := func() string {
			return s.ok("GET", "/ops/v1/players/"+idStr(a), admin, nil)["player"].(map[string]any)["status"].(string)
		}

		// A reason is required; nothing changes without one.
		for _, body := range []any{nil, map[string]string{}, map[string]string{"reason": "ab"}, map[string]string{"reason": strings.Repeat("x", 201)}, "{bad"} {
			r := s.do("POST", "/ops/v1/players/"+idStr(a)+"/lock", admin, body, nil)
			if r.status != 400 {
				t.Errorf("lock with %v: %d %s", body, r.status, r.code)
			}
		}
		if status() != "ACTIVE" || s.do("GET", "/wps/member/info", ta, nil, nil).status != 200 {
			t.Fatal("a refused lock changed something")
		}
		if r := s.do("POST", "/ops/v1/players/999999/lock", admin, map[string]string{"reason": "fraud check"}, nil); r.status != 404 || r.code != "players.not_found" {
			t.Errorf("lock nobody: %d %s", r.status, r.code)
		}

		// Lock: the session ends at once and login is refused; unlock lets it in again.
		v := s.ok("POST", "/ops/v1/players/"+idStr(a)+"/lock", admin, map[string]string{"reason": "fraud check"})
		if v["before"] != "ACTIVE" || v["status"] != "LOCKED" {
			t.Errorf("lock %+v", v)
		}
		if r := s.do("GET", "/wps/member/info", ta, nil, nil); r.status != 401 {
			t.Errorf("locked member's session: %d %s", r.status, r.code)
		}
		if _, err := s.login("act_a", account.DemoPassword, "203.0.113.30"); apperrCode(err) != "auth.account_disabled" {
			t.Errorf("locked login: %v", err)
		}
		audit := s.ok("GET", "/ops/v1/audit?action=player.lock", admin, nil)
		row := audit["items"].([]any)[0].(map[string]any)
		if row["targetType"] != "member" || row["targetId"] != idStr(a) || row["reason"] != "fraud check" || row["before"].(map[string]any)["status"] != "ACTIVE" ||
			row["after"].(map[string]any)["status"] != "LOCKED" {
			t.Errorf("audit %+v", row)
		}
		v = s.ok("POST", "/ops/v1/players/"+idStr(a)+"/unlock", admin, map[string]string{"reason": "cleared"})
		if v["before"] != "LOCKED" || v["status"] != "ACTIVE" {
			t.Errorf("unlock %+v", v)
		}
		ta = s.mustLogin("act_a", account.DemoPassword, "203.0.113.30")

		// Parallel locks and unlocks: each saw the state the previous left.
		var mu sync.Mutex
		var toLocked, toActive int
		var wg sync.WaitGroup
		for i := 0; i < 16; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				path := "/ops/v1/players/" + idStr(a) + "/lock"
				if i%2 == 1 {
					path = "/ops/v1/players/" + idStr(a) + "/unlock"
				}
				r := s.do("POST", path, admin, map[string]string{"reason": "race " + strconv.Itoa(i)}, nil)
				if r.status != 200 {
					t.Errorf("race %d: %d %s", i, r.status, r.code)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				switch {
				case r.value["before"] == "ACTIVE" && r.value["status"] == "LOCKED":
					toLocked++
				case r.value["before"] == "LOCKED" && r.value["status"] == "ACTIVE":
					toActive++
				}
			}(i)
		}
		wg.Wait()
		want := 0
		if status() == "LOCKED" {
			want = 1
		}
		if toLocked-toActive != want {
			t.Errorf("parallel: %d locks and %d unlocks that changed the state, final %s", toLocked, toActive, status())
		}
		s.ok("POST", "/ops/v1/players/"+idStr(a)+"/unlock", admin, map[string]string{"reason": "after the race"})

		// Log out everywhere.
		t1 := s.mustLogin("act_a", account.DemoPassword, "203.0.113.31")
		t2 := s.mustLogin("act_a", account.DemoPassword, "203.0.113.32")
		v = s.ok("POST", "/ops/v1/players/"+idStr(a)+"/logout", admin, map[string]string{"reason": "lost phone"})
		if v["sessionsEnded"].(float64) < 2 {
			t.Errorf("logout %+v", v)
		}
		for _, tok := range []string{t1, t2} {
			if r := s.do("GET", "/wps/member/info", tok, nil, nil); r.status != 401 {
				t.Errorf("session after logout: %d", r.status)
			}
		}

		// Reset the password: shown once, the old one stops working, the
		// next login must change it, and the change clears the flag.
		t3 := s.mustLogin("act_a", account.DemoPassword, "203.0.113.33")
		v = s.ok("POST", "/ops/v1/players/"+idStr(a)+"/reset-password", admin, map[string]string{"reason": "player asked by phone"})
		pw, _ := v["password"].(string)
		if len(pw) != account.DefaultPasswordLen || v["mustChange"] != true {
			t.Fatalf("reset %+v", v)
		}
		if r := s.do("GET", "/wps/member/info", t3, nil, nil); r.status != 401 {
			t.Errorf("session after reset: %d", r.status)
		}
		if _, err := s.login("act_a", account.DemoPassword, "203.0.113.33"); err == nil {
			t.Error("the old password still works")
		}
		res, err := s.login("act_a", pw, "203.0.113.33")
		if err != nil || !res.PasswordExpired || !res.DefaultPassword {
			t.Fatalf("login with the default password: %+v %v", res, err)
		}
		if fl := s.ok("GET", "/ops/v1/players/"+idStr(a), admin, nil)["flags"].(map[string]any); fl["defaultPassword"] != true {
			t.Errorf("flags %+v", fl)
		}
		caller, err := s.accounts.Authenticate(context.Background(), res.Token) // the route itself is sealed (docs/sealed-payloads.md)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.accounts.ChangePassword(context.Background(), caller, account.ChangePasswordRequest{OldPassword: pw, NewPassword: "Fresh2026x",
			ConfirmNewPassword: "Fresh2026x"}, account.Client{IP: "203.0.113.33"}); err != nil {
			t.Fatalf("change: %v", err)
		}
		if res, err := s.login("act_a", "Fresh2026x", "203.0.113.33"); err != nil || res.PasswordExpired || res.DefaultPassword {
			t.Errorf("login after the change: %+v %v", res, err)
		}
		audit = s.ok("GET", "/ops/v1/audit?action=player.reset_password", admin, nil)
		row = audit["items"].([]any)[0].(map[string]any)
		if b, _ := json.Marshal(row); strings.Contains(string(b), pw) || row["targetType"] != "member" || row["targetId"] != idStr(a) {
			t.Errorf("reset audit %s", b)
		}
		if r := s.do("POST", "/ops/v1/players/999999/reset-password", admin, map[string]string{"reason": "nobody"}, nil); r.status != 404 {
			t.Errorf("reset nobody: %d %s", r.status, r.code)
		}
	})
}

func apperrCode(err error) string {
	if err == nil {
		return ""
	}
	return apperr.As(err).Code
}

// TestPlayersAuthorization walks every /ops/v1/players route as every
// operator role, with no token, a member's token and a garbage one.
func TestPlayersAuthorization(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := newOpsSite(t, d)
		a := s.member("auth_a", "", "", "", 0)
		member := s.mustLogin("auth_a", account.DemoPassword, "203.0.113.40")
		p := "/ops/v1/players/" + idStr(a)
		reason := map[string]string{"reason": "authorization test"}
		calls := map[string]struct {
			method, path string
			body         any
		}{
			"GET /ops/v1/players":                       {"GET", "/ops/v1/players?q=auth", nil},
			"GET /ops/v1/players/{id}":                  {"GET", p, nil},
			"GET /ops/v1/players/{id}/logins":           {"GET", p + "/logins", nil},
			"GET /ops/v1/players/{id}/linked":           {"GET", p + "/linked", nil},
			"GET /ops/v1/players/{id}/transactions":     {"GET", p + "/transactions", nil},
			"GET /ops/v1/players/{id}/rounds":           {"GET", p + "/rounds", nil},
			"GET /ops/v1/players/{id}/rounds/{roundId}": {"GET", p + "/rounds/999999", nil}, // allowed: 404 players.round_not_found
			"GET /ops/v1/players/{id}/deposits":         {"GET", p + "/deposits", nil},
			"GET /ops/v1/players/{id}/withdrawals":      {"GET", p + "/withdrawals", nil},
			"GET /ops/v1/players/{id}/notes":            {"GET", p + "/notes", nil},
			"POST /ops/v1/players/{id}/notes":           {"POST", p + "/notes", map[string]string{"text": "authorization test"}},
			"POST /ops/v1/players/{id}/lock":            {"POST", p + "/lock", reason},
			"POST /ops/v1/players/{id}/unlock":          {"POST", p + "/unlock", reason},
			"POST /ops/v1/players/{id}/logout":          {"POST", p + "/logout", reason},
			"POST /ops/v1/players/{id}/reset-password":  {"POST", p + "/reset-password", reason},
		}
		perms := players.RoutePerms()
		if len(calls) != len(perms) {
			t.Fatalf("matrix covers %d routes, the handler has %d", len(calls), len(perms))
		}
		for route, perm := range perms {
			c, ok := calls[route]
			if !ok {
				t.Fatalf("%s not in the matrix", route)
			}
			for _, role := range operator.Roles {
				r := s.do(c.method, c.path, s.ops[role], c.body, nil)
				want := 403
				if role.Can(perm) {
					want = 200
					if strings.HasSuffix(route, "{roundId}") {
						want = 404
					}
				}
				if r.status != want {
					t.Errorf("%s as %s: %d %s, want %d", route, role, r.status, r.code, want)
				}
				if want == 403 && r.code != "operator.forbidden" {
					t.Errorf("%s as %s: code %s", route, role, r.code)
				}
			}
			for name, tok := range map[string]string{"none": "", "member": member, "garbage": "x"} {
				if r := s.do(c.method, c.path, tok, c.body, nil); r.status != 401 {
					t.Errorf("%s with %s token: %d", route, name, r.status)
				}
			}
		}
		// Only the roles with players.write acted (ADMIN, SUPPORT): their
		// notes are all the player got (the refused roles changed nothing).
		writers := 0
		for _, role := range operator.Roles {
			if role.Can(operator.PermPlayersWrite) {
				writers++
			}
		}
		v := s.ok("GET", p+"/notes", s.ops[operator.RoleAdmin], nil)
		if v["total"] != float64(writers) {
			t.Errorf("notes after the matrix: %+v, want %d", v, writers)
		}
	})
}
