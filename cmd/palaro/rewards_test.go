package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// memberClient calls the wired server as a signed-in member.
type memberClient struct {
	t     *testing.T
	base  string
	token string
	n     int
	mu    sync.Mutex
}

func (c *memberClient) do(method, path string, body any) (int, string, map[string]any) {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Lang", "EN")
	c.mu.Lock()
	c.n++
	req.Header.Set("Idempotency-Key", fmt.Sprintf("rw-test-%d-%d", time.Now().UnixNano(), c.n))
	c.mu.Unlock()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	var env struct {
		Code  string         `json:"code"`
		Value map[string]any `json:"value"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	return res.StatusCode, env.Code, env.Value
}

// payDeposit makes an online deposit through the demo sandbox provider.
func (c *memberClient) payDeposit(amount string) {
	c.t.Helper()
	code, errCode, dep := c.do("POST", "/wps/cashier/deposits", map[string]any{"method": "GCASH", "amount": amount})
	if code != 200 {
		c.t.Fatalf("deposit: %d %s", code, errCode)
	}
	payURL, _ := dep["payUrl"].(string)
	res, err := http.Get(c.base + payURL)
	if err != nil {
		c.t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m1 := regexp.MustCompile(`name="token" value="([^"]+)"`).FindSubmatch(page)
	if m1 == nil {
		c.t.Fatalf("pay page %d", res.StatusCode)
	}
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err = hc.PostForm(c.base+payURL, url.Values{"token": {string(m1[1])}, "action": {"pay"}})
	if err != nil {
		c.t.Fatal(err)
	}
	res.Body.Close()
}

// TestWelcomeBonusWired drives the wired server: demo01's first deposit
// issues the welcome bonus in the reward centre (through the stream), two
// concurrent claims grant it once, the bonus pages answer its terms, a spin
// above its maximum bet is refused with nothing moved, a withdrawal asks
// for confirmation, and cancelling forfeits exactly the bonus balance.
func TestWelcomeBonusWired(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		members := account.NewStore(m.DB)
		cfg := account.DefaultConfig
		cfg.BotCheck = false
		accounts := account.NewService(members, brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		login, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "192.0.2.7", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		c := &memberClient{t: t, base: "http://" + m.Addr(), token: login.Token}
		c.payDeposit("1000")

		var reward map[string]any
		for deadline := time.Now().Add(15 * time.Second); reward == nil; {
			_, _, page := c.do("GET", "/wps/rewards", nil)
			// The demo's missions (log in, deposit) issue theirs too; every reward is in the brand's currency.
			list, _ := page["list"].([]any)
			for _, it := range list {
				r, _ := it.(map[string]any)
				if r["currency"] != "PHP" {
					t.Fatalf("a reward without the brand's currency: %+v", r)
				}
				if r["source"] == "WELCOME" {
					reward = r
				}
			}
			if reward != nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no welcome reward: %+v", page)
			}
			time.Sleep(100 * time.Millisecond)
		}
		if reward["amount"] != float64(100000) || reward["kind"] != "BONUS" || reward["wagerRequired"] != float64(3000000) || reward["maxBet"] != float64(50000) {
			t.Fatalf("reward %+v", reward)
		}
		// The demo's missions issue their rewards from the stream, so a list
		// and a summary read a moment apart may count different rewards:
		// they agree once the stream is applied.
		for deadline := time.Now().Add(15 * time.Second); ; {
			_, _, page := c.do("GET", "/wps/rewards", nil)
			_, _, s := c.do("GET", "/wps/rewards/summary", nil)
			_, _, again := c.do("GET", "/wps/rewards", nil)
			if page["waiting"] == again["waiting"] && s["availablePromoCount"] == page["waiting"] && page["waiting"].(float64) >= 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("summary %+v, list %+v", s, page)
			}
			time.Sleep(100 * time.Millisecond)
		}
		id := jsonNumber(reward["id"])
		codes := make([]string, 2)
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, codes[i], _ = c.do("POST", "/wps/rewards/"+id+"/claim", nil)
			}()
		}
		wg.Wait()
		if !(codes[0] == "ok" && codes[1] == "reward.claimed" || codes[1] == "ok" && codes[0] == "reward.claimed") {
			t.Fatalf("concurrent claims: %q", codes)
		}
		_, _, b := c.do("GET", "/wps/bonus", nil)
		active, _ := b["active"].(map[string]any)
		if active == nil || active["balance"] != float64(100000) || active["status"] != "ACTIVE" || b["balance"] != float64(100000) {
			t.Fatalf("bonus %+v", b)
		}
		mem, _ := members.MemberByAccount(ctx, "demo01")
		led := ledger.NewStore(m.DB, nil)
		mainBefore, _ := led.FindAccount(ctx, ledger.PlayerMain(mem.ID, "PHP"))
		if code, errCode, _ := c.do("POST", "/wps/inhouse/slot/spin", map[string]any{"amount": 60000}); code != 409 || errCode != "inhouse.bonus_max_bet" {
			t.Fatalf("spin above the max bet: %d %s", code, errCode)
		}
		if a, _ := led.FindAccount(ctx, ledger.PlayerMain(mem.ID, "PHP")); a.Balance != mainBefore.Balance {
			t.Fatalf("a refused spin moved money: %d -> %d", mainBefore.Balance, a.Balance)
		}
		if code, errCode, _ := c.do("POST", "/wps/inhouse/slot/spin", map[string]any{"amount": 100}); code != 200 {
			t.Fatalf("spin: %d %s", code, errCode)
		}
		if code, errCode, v := c.do("POST", "/wps/bonus/cancel", nil); code != 200 {
			t.Fatalf("cancel: %d %s %+v", code, errCode, v)
		}
		_, _, b = c.do("GET", "/wps/bonus", nil)
		hist, _ := b["history"].([]any)
		if b["active"] != nil || len(hist) != 1 || hist[0].(map[string]any)["status"] != "FORFEITED" || hist[0].(map[string]any)["reason"] != "CANCELLED" {
			t.Fatalf("after cancel %+v", b)
		}
		if bonus, err := led.FindAccount(ctx, ledger.PlayerBonus(mem.ID, "PHP")); err != nil || bonus.Balance != 0 {
			t.Fatalf("bonus account %+v %v", bonus, err)
		}
		if code, errCode, _ := c.do("POST", "/wps/bonus/cancel", nil); code != 404 || errCode != "bonus.none" {
			t.Fatalf("second cancel: %d %s", code, errCode)
		}
		rep, err := led.Verify(ctx)
		if err != nil || !rep.OK() {
			t.Fatalf("verify %+v %v", rep.Problems, err)
		}
	})
}
