package rewards

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/operator/optest"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/wallet"
)

var testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// trialID is a member the test's accounts answer as a trial player.
const trialID = 4242

type members struct{ *account.Service }

func (m members) MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error) {
	if len(ids) == 1 && ids[0] == trialID {
		return map[int64]account.Member{trialID: {ID: trialID, Type: account.TypeTrial}}, nil
	}
	return m.Service.MembersByID(ctx, ids)
}

// opsSite is the console's reward routes over one database: the demo
// brand, accounts and operators, the ledger, the game wallet's bonus
// balance, the reward centre on a fixed clock (the operators' sessions on
// the real one).
type opsSite struct {
	t      *testing.T
	d      *db.DB
	clk    *clock.Fixed
	svc    *Service
	gw     *gamewallet.Service
	l      *ledger.Store
	ops    *operator.Service
	srv    *httptest.Server
	member int64
	n      int
}

func newOpsSite(t *testing.T, d *db.DB) *opsSite {
	t.Helper()
	ctx := context.Background()
	clk := clock.NewFixed(time.Date(2026, 3, 10, 4, 0, 0, 0, time.UTC)) // 12:00 in Manila
	brands := brand.NewService(brand.NewStore(d), clk)
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	store := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, store, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	demo, err := store.MemberByAccount(ctx, account.DemoMember)
	if err != nil {
		t.Fatal(err)
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = testArgon2, false
	accounts := account.NewService(store, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	opsCfg := operator.DefaultConfig
	opsCfg.Argon2 = testArgon2
	opsStore := operator.NewStore(d)
	if _, err := operator.SeedDemo(ctx, opsStore, testArgon2, time.Now(), true); err != nil {
		t.Fatal(err)
	}
	ops := operator.NewService(opsStore, clock.System{}, opsCfg, nil)
	t.Cleanup(ops.Close)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	l := ledger.NewStore(d, clk)
	w := wallet.NewService(l, brands, nil, log)
	gw := gamewallet.NewService(gamewallet.NewStore(d), nil, w, l, clk, log, gamewallet.Config{})
	svc := NewService(d, gw, poster{w, l}, brands, clk, log)
	mux := http.NewServeMux()
	NewOpsHandler(NewOps(svc, gw, members{accounts}, ops), ops).Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &opsSite{t: t, d: d, clk: clk, svc: svc, gw: gw, l: l, ops: ops, srv: srv, member: demo.ID}
}

type opsReply struct {
	status int
	code   string
	hit    bool
	value  json.RawMessage
}

func (s *opsSite) call(user, method, path string, body any, key string) opsReply {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.srv.URL+path, rd)
	if user != "" {
		req.Header.Set("Authorization", "Bearer "+optest.Login(s.t, s.ops, user, account.DemoPassword, time.Now))
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var env struct {
		Code  string          `json:"code"`
		Value json.RawMessage `json:"value"`
	}
	raw, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(raw, &env); err != nil {
		s.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	return opsReply{status: res.StatusCode, code: env.Code, hit: res.Header.Get("Idempotency-Hit") == "true", value: env.Value}
}

func (s *opsSite) key() string {
	s.n++
	return fmt.Sprintf("k-%d", s.n)
}

func (s *opsSite) path(suffix string) string {
	return fmt.Sprintf("/ops/v1/players/%d%s", s.member, suffix)
}

func (s *opsSite) audits(action string) []string {
	s.t.Helper()
	rows, err := s.d.QueryContext(context.Background(), s.d.Rebind(`SELECT target_type || ':' || target_id || ' ' || reason || ' ' || before_json || ' ' || after_json FROM operator_audit WHERE action = ? ORDER BY id`), action)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			s.t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

func cashBody(amount string) map[string]any {
	return map[string]any{"kind": "CASH", "amount": amount, "titleEN": "Goodwill", "titleTY": "Pasasalamat", "claimDays": 7, "reason": "outage on 9 March"}
}

func with(b map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for kk, vv := range b {
		out[kk] = vv
	}
	if v == nil {
		delete(out, k)
	} else {
		out[k] = v
	}
	return out
}

// TestOpsPermissions: who may read and change a player's rewards.
func TestOpsPermissions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newOpsSite(t, d)
		for _, tc := range []struct {
			user, method, path string
			body               any
			want               int
		}{
			{"viewer01", "GET", s.path("/rewards"), nil, 200},
			{"support01", "GET", s.path("/rewards"), nil, 200},
			{"cashier01", "GET", "/ops/v1/rewards/costs", nil, 200},
			{"content01", "GET", s.path("/rewards"), nil, 403},
			{"content01", "GET", "/ops/v1/rewards/costs", nil, 403},
			{"viewer01", "POST", s.path("/rewards"), cashBody("1"), 403},
			{"support01", "POST", s.path("/bonus/forfeit"), map[string]any{"reason": "abuse"}, 403},
			{"finance01", "POST", s.path("/rewards"), cashBody("1"), 200},
			{"ops01", "POST", s.path("/bonus/forfeit"), map[string]any{"reason": "abuse"}, 404},
			{"", "GET", s.path("/rewards"), nil, 401},
		} {
			r := s.call(tc.user, tc.method, tc.path, tc.body, s.key())
			if r.status != tc.want || (tc.want == 403 && r.code != "operator.forbidden") {
				t.Errorf("%s %s %s: %d %s, want %d", tc.user, tc.method, tc.path, r.status, r.code, tc.want)
			}
		}
	})
}

// TestOpsIssueValidation: every field is checked with its own code, and
// nothing is issued.
func TestOpsIssueValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newOpsSite(t, d)
		bonus := with(with(with(with(cashBody("50"), "kind", "BONUS"), "wagerMultiple", 10), "maxBet", "5"), "validDays", 7)
		for _, tc := range []struct {
			name string
			path string
			body any
			key  string
			code string
		}{
			{"ErrKind", s.path("/rewards"), with(cashBody("1"), "kind", "GIFT"), "a", "reward.invalid_kind"},
			{"ErrAmountText", s.path("/rewards"), cashBody("abc"), "a", "money.invalid_amount"},
			{"ErrAmountZero", s.path("/rewards"), cashBody("0"), "a", "money.not_positive"},
			{"ErrAmountNegative", s.path("/rewards"), cashBody("-5"), "a", "money.not_positive"},
			{"ErrAmountDecimals", s.path("/rewards"), cashBody("1.234"), "a", "money.too_many_decimals"},
			{"ErrAboveApproval", s.path("/rewards"), cashBody("10000.01"), "a", "reward.above_limit"},
			{"ErrTitleEmpty", s.path("/rewards"), with(cashBody("1"), "titleEN", " "), "a", "reward.invalid_title"},
			{"ErrTitleLong", s.path("/rewards"), with(cashBody("1"), "titleTY", strings.Repeat("a", 81)), "a", "reward.invalid_title"},
			{"ErrClaimDays", s.path("/rewards"), with(cashBody("1"), "claimDays", 91), "a", "reward.invalid_days"},
			{"ErrNoClaimDays", s.path("/rewards"), with(cashBody("1"), "claimDays", nil), "a", "reward.invalid_days"},
			{"ErrWager", s.path("/rewards"), with(bonus, "wagerMultiple", 101), "a", "reward.invalid_wager"},
			{"ErrValidDays", s.path("/rewards"), with(bonus, "validDays", 0), "a", "reward.invalid_days"},
			{"ErrMaxBet", s.path("/rewards"), with(bonus, "maxBet", "five"), "a", "reward.invalid_max_bet"},
			{"ErrReason", s.path("/rewards"), with(cashBody("1"), "reason", "ok"), "a", "operator.invalid_reason"},
			{"ErrUnknownField", s.path("/rewards"), with(cashBody("1"), "amountMinor", 100), "a", "request.invalid_json"},
			{"ErrNoKey", s.path("/rewards"), cashBody("1"), "", "money.idempotency_key_required"},
			{"ErrNoPlayer", "/ops/v1/players/999999/rewards", cashBody("1"), "a", "players.not_found"},
			{"ErrTrial", fmt.Sprintf("/ops/v1/players/%d/rewards", trialID), cashBody("1"), "a", "reward.real_only"},
			{"ErrForfeitReason", s.path("/bonus/forfeit"), map[string]any{"reason": "  x "}, "", "operator.invalid_reason"},
			{"ErrForfeitNone", s.path("/bonus/forfeit"), map[string]any{"reason": "abuse"}, "", "bonus.none"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := s.call("ops01", "POST", tc.path, tc.body, tc.key)
				if r.code != tc.code || r.status < 400 {
					t.Fatalf("%d %s, want %s", r.status, r.code, tc.code)
				}
			})
		}
		for _, q := range []string{"?from=2026-03-10", "?from=2026-03-10&to=2026-03-09", "?from=2025-01-01&to=2026-03-10", "?from=10-03-2026&to=2026-03-10"} {
			if r := s.call("ops01", "GET", "/ops/v1/rewards/costs"+q, nil, ""); r.status != 400 || r.code != "request.invalid_range" {
				t.Errorf("costs%s: %d %s", q, r.status, r.code)
			}
		}
		var n int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM reward`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d rewards issued by refused requests (%v)", n, err)
		}
		if a := s.audits("reward.issue"); len(a) != 0 {
			t.Fatalf("audited %v", a)
		}
	})
}

// TestOpsIssueForfeitCosts: an operator issues a cash and a bonus reward
// (a repeated key answers the first), the player claims both, the operator
// forfeits the bonus the next day; each change is audited, and the costs
// per day are the figures worked out by hand.
func TestOpsIssueForfeitCosts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newOpsSite(t, d)
		ctx := context.Background()
		var cash IssueAnswer
		r := s.call("finance01", "POST", s.path("/rewards"), cashBody("100"), "cash-1")
		if r.status != 200 || json.Unmarshal(r.value, &cash) != nil || cash.Reward.Amount != 100_00 || cash.Reward.Kind != KindCash ||
			cash.Reward.Source != SourceOperator || cash.Reward.Status != StatusIssued || cash.Reward.TitleTY != "Pasasalamat" ||
			cash.Reward.ExpiresAt != s.clk.Now().Add(7*24*time.Hour).UnixMilli() {
			t.Fatalf("cash: %d %s %s", r.status, r.code, r.value)
		}
		var again IssueAnswer
		r = s.call("finance01", "POST", s.path("/rewards"), cashBody("100"), "cash-1")
		if r.status != 200 || !r.hit || json.Unmarshal(r.value, &again) != nil || again.Reward.ID != cash.Reward.ID || !again.Replayed {
			t.Fatalf("replay: %d %v %s", r.status, r.hit, r.value)
		}
		bonusBody := with(with(with(with(cashBody("50"), "kind", "BONUS"), "wagerMultiple", 10), "maxBet", "5.50"), "validDays", 7)
		var bonus IssueAnswer
		r = s.call("ops01", "POST", s.path("/rewards"), bonusBody, "bonus-1")
		if r.status != 200 || json.Unmarshal(r.value, &bonus) != nil || bonus.Reward.WagerRequired != 500_00 || bonus.Reward.MaxBet != 5_50 ||
			bonus.Reward.ValidDays != 7 || bonus.Reward.Weights["RNG"] != 10000 {
			t.Fatalf("bonus: %d %s %s", r.status, r.code, r.value)
		}
		if a := s.audits("reward.issue"); len(a) != 2 || !strings.Contains(a[0], `"amount":10000`) || !strings.Contains(a[0], "outage on 9 March") ||
			!strings.HasPrefix(a[0], fmt.Sprintf("member:%d ", s.member)) {
			t.Fatalf("issue audits %v", a)
		}
		for _, id := range []int64{cash.Reward.ID, bonus.Reward.ID} {
			if _, _, err := s.svc.Claim(ctx, s.member, id, "EN"); err != nil {
				t.Fatal(err)
			}
		}
		var page PlayerRewards
		r = s.call("viewer01", "GET", s.path("/rewards?pageSize=1"), nil, "")
		if r.status != 200 || json.Unmarshal(r.value, &page) != nil || page.Rewards.Total != 2 || len(page.Rewards.Items) != 1 ||
			page.Rewards.Items[0].ID != bonus.Reward.ID || page.Rewards.Items[0].Status != StatusClaimed || page.Active == nil ||
			page.Active.Balance != 50_00 || page.Balance != 50_00 || page.Active.MaxBet != 5_50 || page.Currency != "PHP" || page.Decimals != 2 {
			t.Fatalf("player: %d %s", r.status, r.value)
		}

		s.clk.Advance(24 * time.Hour) // 2026-03-11 in Manila
		var forfeit struct{ Grant gamewallet.Grant }
		r = s.call("finance01", "POST", s.path("/bonus/forfeit"), map[string]any{"reason": "bonus abuse"}, "")
		if r.status != 200 || json.Unmarshal(r.value, &forfeit) != nil || forfeit.Grant.Status != gamewallet.GrantForfeited ||
			forfeit.Grant.Reason != gamewallet.ReasonOperator || forfeit.Grant.Forfeited != 50_00 {
			t.Fatalf("forfeit: %d %s %s", r.status, r.code, r.value)
		}
		if a := s.audits("bonus.forfeit"); len(a) != 1 || !strings.Contains(a[0], "bonus abuse") || !strings.Contains(a[0], `"status":"FORFEITED"`) {
			t.Fatalf("forfeit audits %v", a)
		}
		if r := s.call("finance01", "POST", s.path("/bonus/forfeit"), map[string]any{"reason": "bonus abuse"}, ""); r.status != 404 || r.code != "bonus.none" {
			t.Fatalf("second forfeit: %d %s", r.status, r.code)
		}
		r = s.call("viewer01", "GET", s.path("/rewards"), nil, "")
		if json.Unmarshal(r.value, &page) != nil || page.Active != nil || len(page.History) != 1 || page.History[0].Forfeited != 50_00 {
			t.Fatalf("after forfeit: %s", r.value)
		}

		costs := func(q string) string {
			t.Helper()
			var c struct {
				From, To string
				Rows     []Cost
				Total    Cost
			}
			r := s.call("viewer01", "GET", "/ops/v1/rewards/costs"+q, nil, "")
			if r.status != 200 || json.Unmarshal(r.value, &c) != nil {
				t.Fatalf("costs%s: %d %s", q, r.status, r.value)
			}
			return fmt.Sprintf("%s..%s %v total %v", c.From, c.To, c.Rows, c.Total)
		}
		// Day 1: two rewards issued and claimed (150.00, 100.00 of it cash);
		// the bonus grant of 50.00 started. Day 2: it was forfeited, 50.00 back.
		// Cost: cash claimed + converted.
		for q, want := range map[string]string{
			"?from=2026-03-10&to=2026-03-10": "2026-03-10..2026-03-10 [{OPERATOR 2 15000 2 15000 10000 1 5000 0 0 0 10000}] total { 2 15000 2 15000 10000 1 5000 0 0 0 10000}",
			"?from=2026-03-11&to=2026-03-11": "2026-03-11..2026-03-11 [{OPERATOR 0 0 0 0 0 0 0 1 0 5000 0}] total { 0 0 0 0 0 0 0 1 0 5000 0}",
			"?from=2026-03-10&to=2026-03-11": "2026-03-10..2026-03-11 [{OPERATOR 2 15000 2 15000 10000 1 5000 1 0 5000 10000}] total { 2 15000 2 15000 10000 1 5000 1 0 5000 10000}",
			"?from=2026-03-12&to=2026-03-20": "2026-03-12..2026-03-20 [] total { 0 0 0 0 0 0 0 0 0 0 0}",
		} {
			if got := costs(q); got != want {
				t.Errorf("costs%s:\n got %s\nwant %s", q, got, want)
			}
		}
		if rep, err := s.l.Verify(ctx); err != nil || !rep.OK() {
			t.Fatalf("verify %+v %v", rep, err)
		}
	})
}
