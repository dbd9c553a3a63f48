package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoTransferRoundsInRecord: in demo mode a round of a transfer-wallet
// vendor's game (JDB, played by the sandbox game vendor against the sandbox
// transfer vendor's wallet) is in the member's betting record and profit
// and loss as soon as the record is opened: the platform pulls the vendor's
// rounds over the signed rounds call at its own address.
func TestDemoTransferRoundsInRecord(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		cfg := account.DefaultConfig
		cfg.BotCheck = false
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		res, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "127.0.0.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		call := func(method, path, key, body string) (int, json.RawMessage, string) {
			t.Helper()
			req, _ := http.NewRequest(method, "http://"+m.Addr()+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+res.Token)
			if key != "" {
				req.Header.Set("Idempotency-Key", key)
			}
			r, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			b, _ := io.ReadAll(r.Body)
			var env struct {
				Value json.RawMessage `json:"value"`
			}
			_ = json.Unmarshal(b, &env)
			return r.StatusCode, env.Value, string(b)
		}
		if code, _, body := call("POST", "/wps/v2/wallets/transfer", "rounds-in-1", `{"from":"MAIN","to":"JDB","amount":"100.00"}`); code != 200 {
			t.Fatalf("transfer: %s", body)
		}
		code, v, body := call("GET", "/wps/game/launchGame?vendor=JDB&gameCode=JDB_BAHAY_KUBO_BONANZA&gameType=RNG&language=EN", "", "")
		var launch struct {
			URL string `json:"url"`
		}
		if err := json.Unmarshal(v, &launch); err != nil || code != 200 {
			t.Fatalf("launch: %s", body)
		}
		_, page := get(t, m, launch.URL)
		tok := regexp.MustCompile(`data-token="([^"]+)"`).FindStringSubmatch(page)
		if tok == nil || !strings.Contains(page, "100.00") {
			t.Fatalf("page: %s", page)
		}
		b, _ := json.Marshal(map[string]any{"token": tok[1], "bet": 500})
		r, err := http.Post("http://"+m.Addr()+"/sandbox/games/api/play", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var play struct {
			RoundID string `json:"roundId"`
			Win     int64  `json:"win"`
			Error   string `json:"error"`
		}
		_ = json.NewDecoder(r.Body).Decode(&play)
		r.Body.Close()
		if r.StatusCode != 200 || play.RoundID == "" {
			t.Fatalf("play: %d %+v", r.StatusCode, play)
		}

		code, v, body = call("GET", "/wps/records/bets", "", "")
		var bets struct {
			List []struct {
				RoundID, Vendor, GameName, GameType, Status string
				Bet, ValidBet, Win, Profit                  int64
			} `json:"list"`
			Total int `json:"total"`
		}
		if err := json.Unmarshal(v, &bets); err != nil || code != 200 || bets.Total != 1 || len(bets.List) != 1 {
			t.Fatalf("bets: %s", body)
		}
		got := bets.List[0]
		if got.RoundID != play.RoundID || got.Vendor != "JDB" || got.GameName != "Bahay Kubo Bonanza" || got.GameType != "RNG" ||
			got.Status != "COMPLETED" || got.Bet != 500 || got.ValidBet != 500 || got.Win != play.Win || got.Profit != play.Win-500 {
			t.Fatalf("round %+v, played %+v", got, play)
		}
		code, v, body = call("GET", "/wps/records/profit", "", "")
		var profit struct {
			Total struct {
				Profit int64 `json:"profit"`
				Rounds int   `json:"rounds"`
			} `json:"total"`
		}
		if err := json.Unmarshal(v, &profit); err != nil || code != 200 || profit.Total.Rounds != 1 || profit.Total.Profit != play.Win-500 {
			t.Fatalf("profit: %s", body)
		}
	})
}
