package wallet

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

type csvReply struct {
	status int
	header http.Header
	body   []byte
}

func (s *tsite) csv(t *testing.T, path, token string, lang ...string) csvReply {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if len(lang) > 0 {
		req.Header.Set("X-Lang", lang[0])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return csvReply{status: res.StatusCode, header: res.Header, body: b}
}

// TestAccountRecord: the caller's own ledger lines by date range and type,
// paged, with sums, and as a CSV download.
func TestAccountRecord(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		ctx := context.Background()
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")
		main := s.account(ledger.PlayerMain(demo01, "PHP"))
		clearing := s.account(ledger.System(ledger.PurposeCashierClearing, "PHP"))
		// demo opening (adjustment, +10,000.00), a deposit, two transfers.
		if _, err := s.svc.Post(ctx, ledger.PostingRequest{Key: "deposit:rec-1", Kind: ledger.KindDeposit, Metadata: map[string]string{"orderNo": "D123"}, Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -50_000, Currency: "PHP"}, {AccountID: main.ID, Amount: 50_000, Currency: "PHP"}}}); err != nil {
			t.Fatal(err)
		}
		if r := s.transfer(t, token, s.key(), "MAIN", "JDB", "=1+1"); r.status != 400 {
			t.Fatal("a formula is not an amount")
		}
		for _, tr := range [][3]string{{"MAIN", "JDB", "200"}, {"JDB", "MAIN", "50"}} {
			if r := s.transfer(t, token, s.key(), tr[0], tr[1], tr[2]); r.value["status"] != TransferSuccess {
				t.Fatal(r.env)
			}
		}
		// Someone else's movement never shows.
		if r := s.transfer(t, s.login(t, "agent01"), s.key(), "MAIN", "JDB", "1"); r.value["status"] != TransferSuccess {
			t.Fatal(r.env)
		}
		manila, _ := time.LoadLocation(brand.DefaultTimezone)
		today := time.Now().In(manila).Format("2006-01-02")
		q := "/wps/v2/wallets/transactions?from=" + today + "&to=" + today

		t.Run("All", func(t *testing.T) {
			r := s.call(t, "GET", q, token, "", nil)
			list, _ := r.value["list"].([]any)
			if r.status != 200 || num(r.value["total"]) != 4 || len(list) != 4 || num(r.value["page"]) != 1 || num(r.value["pageSize"]) != 20 {
				t.Fatalf("%d %+v", r.status, r.env)
			}
			newest := list[0].(map[string]any)
			if newest["type"] != "transfer" || num(newest["amount"]) != 5_000 || num(newest["balanceAfter"]) != s.mainBalance(t, demo01) || newest["wallet"] != "MAIN" ||
				!strings.HasPrefix(newest["reference"].(string), "T") || newest["remark"] != "JDB → MAIN" {
				t.Fatalf("newest %+v", newest)
			}
			oldest := list[3].(map[string]any)
			// The system's reason is a code the browser translates, never text.
			if oldest["type"] != "adjustment" || num(oldest["amount"]) != DemoOpening || num(oldest["balanceAfter"]) != DemoOpening ||
				oldest["remarkCode"] != ReasonDemoOpening || oldest["remark"] != "" {
				t.Fatalf("oldest %+v", oldest)
			}
			deposit := list[2].(map[string]any)
			if deposit["type"] != "deposit" || deposit["reference"] != "D123" || num(deposit["balanceAfter"]) != DemoOpening+50_000 {
				t.Fatalf("deposit %+v", deposit)
			}
			sums := r.value["sums"].(map[string]any)
			if num(sums["in"]) != DemoOpening+50_000+5_000 || num(sums["out"]) != 20_000 {
				t.Fatalf("sums %+v", sums)
			}
			if r.value["from"] != today || r.value["to"] != today || r.value["timezone"] != brand.DefaultTimezone {
				t.Fatalf("range %+v", r.value)
			}
		})
		t.Run("DefaultRangeIsLastWeek", func(t *testing.T) {
			r := s.call(t, "GET", "/wps/v2/wallets/transactions", token, "", nil)
			if r.status != 200 || num(r.value["total"]) != 4 || r.value["to"] != today {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
		t.Run("Type", func(t *testing.T) {
			r := s.call(t, "GET", q+"&type=transfer", token, "", nil)
			if r.status != 200 || num(r.value["total"]) != 2 {
				t.Fatalf("%d %+v", r.status, r.env)
			}
			sums := r.value["sums"].(map[string]any)
			if num(sums["in"]) != 5_000 || num(sums["out"]) != 20_000 {
				t.Fatalf("sums %+v", sums)
			}
			for typ, want := range map[string]int64{"deposit": 1, "adjustment": 1, "bet": 0, "withdrawal": 0} {
				if r := s.call(t, "GET", q+"&type="+typ, token, "", nil); num(r.value["total"]) != want {
					t.Fatalf("%s: %+v", typ, r.env)
				}
			}
		})
		t.Run("Pages", func(t *testing.T) {
			var ids []string
			for page := 1; page <= 3; page++ {
				r := s.call(t, "GET", q+"&pageSize=3&page="+strconv.Itoa(page), token, "", nil)
				list := r.value["list"].([]any)
				if r.status != 200 || num(r.value["total"]) != 4 || len(list) != []int{3, 1, 0}[page-1] {
					t.Fatalf("page %d: %d %+v", page, r.status, r.env)
				}
				for _, l := range list {
					ids = append(ids, l.(map[string]any)["id"].(string))
				}
			}
			seen := map[string]bool{}
			for _, id := range ids {
				seen[id] = true
			}
			if len(ids) != 4 || len(seen) != 4 {
				t.Fatalf("ids %v", ids)
			}
		})
		t.Run("PastRangeIsEmpty", func(t *testing.T) {
			r := s.call(t, "GET", "/wps/v2/wallets/transactions?from=2020-01-01&to=2020-03-31", token, "", nil)
			if r.status != 200 || num(r.value["total"]) != 0 || len(r.value["list"].([]any)) != 0 {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
		t.Run("ErrBadInput", func(t *testing.T) {
			for query, code := range map[string]string{
				"from=2026-13-01&to=2026-12-01": "wallet.invalid_range",
				"from=yesterday&to=today":       "wallet.invalid_range",
				"from=2026-01-01":               "wallet.invalid_range",
				"from=2026-02-01&to=2026-01-01": "wallet.invalid_range",
				"from=2026-01-01&to=2026-04-03": "wallet.invalid_range", // 93 days
				"type=lottery":                  "request.invalid_param",
				"type=a%27b":                    "request.invalid_param",
				"page=0":                        "request.invalid_page",
				"pageSize=101":                  "request.invalid_page_size",
				"pageSize=abc":                  "request.invalid_page_size",
			} {
				r := s.call(t, "GET", "/wps/v2/wallets/transactions?"+query, token, "", nil)
				if r.status != 400 || r.env.Code != code || r.env.Message == "" {
					t.Errorf("%s: %d %+v", query, r.status, r.env)
				}
			}
			if r := s.call(t, "GET", "/wps/v2/wallets/transactions?from=2026-01-01&to=2026-04-02", token, "", nil); r.status != 200 {
				t.Errorf("92 days: %d %+v", r.status, r.env)
			}
			if c := s.csv(t, "/wps/v2/wallets/transactions.csv?from=2026-02-01&to=2026-01-01", token); c.status != 400 {
				t.Errorf("csv bad range: %d", c.status)
			}
		})
		t.Run("CSV", func(t *testing.T) {
			c := s.csv(t, "/wps/v2/wallets/transactions.csv?from="+today+"&to="+today, token, "EN")
			if c.status != 200 || !strings.HasPrefix(c.header.Get("Content-Type"), "text/csv") ||
				c.header.Get("Content-Disposition") != `attachment; filename="account-record-`+today+`-`+today+`.csv"` {
				t.Fatalf("%d %v", c.status, c.header)
			}
			if !bytes.HasPrefix(c.body, []byte("\ufeff")) {
				t.Fatal("no BOM")
			}
			rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(c.body, []byte("\ufeff")))).ReadAll()
			if err != nil || len(rows) != 5 {
				t.Fatalf("%v %q", err, c.body)
			}
			if strings.Join(rows[0], "|") != "Time|Type|Wallet|Amount|Balance after|Reference|Remark" {
				t.Fatalf("header %q", rows[0])
			}
			if rows[4][6] != "Demo opening balance" {
				t.Fatalf("remark of the opening %q", rows[4])
			}
			if rows[1][1] != "Transfer" || rows[1][3] != "50.00" || rows[2][3] != "-200.00" || rows[3][1] != "Deposit" || rows[3][4] != "10500.00" || rows[4][3] != "10000.00" {
				t.Fatalf("rows %q", rows)
			}
			ty := s.csv(t, "/wps/v2/wallets/transactions.csv?type=deposit&from="+today+"&to="+today, token, "TY")
			rows, _ = csv.NewReader(bytes.NewReader(bytes.TrimPrefix(ty.body, []byte("\ufeff")))).ReadAll()
			if len(rows) != 2 || rows[0][0] != "Oras" || rows[1][1] != "Deposito" {
				t.Fatalf("TY %q", rows)
			}
		})
		// The brand's one time zone: the list says it and the CSV's times are in it.
		t.Run("BrandTimezone", func(t *testing.T) {
			s.brand.mu.Lock()
			s.brand.c.Timezone = "America/New_York"
			s.brand.mu.Unlock()
			defer func() {
				s.brand.mu.Lock()
				s.brand.c.Timezone = brand.DefaultTimezone
				s.brand.mu.Unlock()
			}()
			ny, _ := time.LoadLocation("America/New_York")
			nyToday := time.Now().In(ny).Format("2006-01-02")
			r := s.call(t, "GET", "/wps/v2/wallets/transactions?from="+nyToday+"&to="+nyToday, token, "", nil)
			list, _ := r.value["list"].([]any)
			if r.status != 200 || r.value["timezone"] != "America/New_York" || len(list) == 0 {
				t.Fatalf("%d %+v", r.status, r.env)
			}
			newest := time.UnixMilli(int64(list[0].(map[string]any)["time"].(float64)))
			c := s.csv(t, "/wps/v2/wallets/transactions.csv?from="+nyToday+"&to="+nyToday, token, "EN")
			rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(c.body, []byte("\ufeff")))).ReadAll()
			if err != nil || len(rows) < 2 || rows[1][0] != newest.In(ny).Format("2006-01-02 15:04:05") {
				t.Fatalf("csv time %q, want %s", rows, newest.In(ny).Format("2006-01-02 15:04:05"))
			}
		})
	})
}
