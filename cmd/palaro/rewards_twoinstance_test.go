package main

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/rewards"
)

// TestRewardClaimTwoInstances: two server processes on one PostgreSQL; a
// member's claims of one cash reward sent to both at once pay it exactly
// once, and the ledger balances.
func TestRewardClaimTwoInstances(t *testing.T) {
	if os.Getenv(dbtest.EnvPostgres) == "" {
		t.Skip(dbtest.EnvPostgres + " not set: the two instances share a PostgreSQL")
	}
	t.Parallel()
	ctx := context.Background()
	url := dbtest.URL(t, db.Postgres)
	m := startMainAt(t, url, true)
	other := startProcess(t, url)

	members := account.NewStore(m.DB)
	cfg := account.DefaultConfig
	cfg.BotCheck = false
	accounts := account.NewService(members, brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	login, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "192.0.2.8", UserAgent: "test"})
	if err != nil {
		t.Fatal(err)
	}
	mem, err := members.MemberByAccount(ctx, "demo01")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.DB.InTx(ctx, func(tx *db.Tx) error {
		return rewards.IssueTx(ctx, tx, rewards.Issue{Key: "two-instances:" + strconv.FormatInt(mem.ID, 10), MemberID: mem.ID, Currency: "PHP", Source: "OPERATOR",
			TitleEN: "Goodwill", TitleTY: "Pasasalamat", Amount: 12_345, Kind: rewards.KindCash, ClaimBy: time.Now().Add(24 * time.Hour)}, time.Now())
	}); err != nil {
		t.Fatal(err)
	}
	led := ledger.NewStore(m.DB, nil)
	before, _ := led.FindAccount(ctx, ledger.PlayerMain(mem.ID, "PHP"))

	a := &memberClient{t: t, base: "http://" + m.Addr(), token: login.Token}
	b := &memberClient{t: t, base: "http://" + other, token: login.Token}
	_, _, page := a.do("GET", "/wps/rewards", nil)
	var id string
	for _, it := range page["list"].([]any) {
		if r := it.(map[string]any); r["title"] == "Goodwill" {
			id = jsonNumber(r["id"])
		}
	}
	if id == "" {
		t.Fatalf("no reward: %+v", page)
	}
	codes := make([]string, 12)
	var wg sync.WaitGroup
	for i := range codes {
		c := a
		if i%2 == 1 {
			c = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, codes[i], _ = c.do("POST", "/wps/rewards/"+id+"/claim", nil)
		}()
	}
	wg.Wait()
	ok := 0
	for _, c := range codes {
		switch c {
		case "ok":
			ok++
		case "reward.claimed":
		default:
			t.Fatalf("claim answered %q (all: %q)", c, codes)
		}
	}
	if ok != 1 {
		t.Fatalf("%d claims paid: %q", ok, codes)
	}
	after, _ := led.FindAccount(ctx, ledger.PlayerMain(mem.ID, "PHP"))
	if after.Balance-before.Balance != 12_345 {
		t.Fatalf("main moved by %d, want 12345", after.Balance-before.Balance)
	}
	if rep, err := led.Verify(ctx); err != nil || !rep.OK() {
		t.Fatalf("verify %+v %v", rep.Problems, err)
	}
}

// startProcess starts `palaro serve` (this test binary as palaro) on url and
// returns its address once it is ready.
func startProcess(t *testing.T, url string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMainProcess$", "--", "serve")
	cmd.Env = append(os.Environ(), envRunMain+"=1", "PALARO_DATABASE_URL="+url, "PALARO_LOG_LEVEL=error", "PALARO_DEMO=1",
		"PALARO_ADDR="+addr, "PALARO_METRICS_ADDR=off")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	for deadline := time.Now().Add(60 * time.Second); ; {
		if res, err := http.Get("http://" + addr + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return addr
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the second instance did not get ready")
		}
		time.Sleep(200 * time.Millisecond)
	}
}
