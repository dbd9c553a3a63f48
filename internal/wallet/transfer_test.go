package wallet

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
)

// TestTransferAuthorization walks every transfer-wallet route as every role:
// visitors 401, trial users 403, members and agents get past the guard.
func TestTransferAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		tokens := map[account.Role]func() string{
			account.RoleVisitor: func() string { return "" },
			account.RoleMember:  func() string { return s.login(t, "demo01") },
			account.RoleAgent:   func() string { return s.login(t, "agent01") },
			account.RoleTrial:   func() string { return s.trial(t) },
		}
		endpoints := []struct {
			method, pattern, path string
			body                  any
			ok                    int // status of a real user
		}{
			{"GET", "/wps/v2/wallets", "/wps/v2/wallets", nil, 200},
			{"POST", "/wps/v2/wallets/transfer", "/wps/v2/wallets/transfer", map[string]string{"from": "MAIN", "to": "JDB", "amount": "1"}, 200},
			{"POST", "/wps/v2/wallets/transfer/all-back", "/wps/v2/wallets/transfer/all-back", nil, 200},
			{"GET", "/wps/v2/wallets/transfer/{id}", "/wps/v2/wallets/transfer/999999", nil, 404},
			{"GET", "/wps/member/info/funds/consolidated", "/wps/member/info/funds/consolidated", nil, 200},
			{"GET", "/wps/v2/wallets/transactions", "/wps/v2/wallets/transactions", nil, 200},
			{"GET", "/wps/v2/wallets/transactions.csv", "/wps/v2/wallets/transactions.csv", nil, 200},
		}
		if len(endpoints) != len(transferRouteRoles) {
			t.Fatalf("matrix covers %d endpoints, the handler has %d", len(endpoints), len(transferRouteRoles))
		}
		for _, ep := range endpoints {
			roles, ok := transferRouteRoles[ep.method+" "+ep.pattern]
			if !ok {
				t.Fatalf("%s %s not routed", ep.method, ep.pattern)
			}
			for _, role := range []account.Role{account.RoleVisitor, account.RoleMember, account.RoleTrial, account.RoleAgent} {
				want := map[account.Role]int{account.RoleVisitor: 401, account.RoleTrial: 403, account.RoleMember: ep.ok, account.RoleAgent: ep.ok}[role]
				var status int
				var code string
				if ep.path == "/wps/v2/wallets/transactions.csv" && (role == account.RoleMember || role == account.RoleAgent) {
					status = s.csv(t, ep.path, tokens[role]()).status
				} else {
					r := s.call(t, ep.method, ep.path, tokens[role](), s.key(), ep.body)
					status, code = r.status, r.env.Code
				}
				if status != want {
					t.Errorf("%s %s as %s: got %d %s, want %d", ep.method, ep.path, role, status, code, want)
				}
				if role == account.RoleTrial && code != "auth.real_account_required" {
					t.Errorf("%s %s as trial: code %s", ep.method, ep.path, code)
				}
				if allowed := account.Allowed(callerOf(role), roles...) == nil; allowed != (role == account.RoleMember || role == account.RoleAgent) {
					t.Errorf("%s %s as %s: routeRoles says allowed=%v", ep.method, ep.pattern, role, allowed)
				}
			}
		}
	})
}

// TestTransferInOut: money goes to a vendor wallet and back; the ledger
// sees it leave to vendor_float and return; replays post nothing.
func TestTransferInOut(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")

		inKey := s.key()
		r := s.transfer(t, token, inKey, "MAIN", "JDB", "100.50")
		if r.status != 200 || r.value["status"] != TransferSuccess || r.value["from"] != "MAIN" || r.value["to"] != "JDB" || num(r.value["amount"]) != 10_050 {
			t.Fatalf("in: %d %+v", r.status, r.env)
		}
		bal := r.value["balances"].(map[string]any)
		vendors := bal["vendors"].([]any)
		if num(bal["main"]) != DemoOpening-10_050 || len(vendors) != 1 || num(vendors[0].(map[string]any)["balance"]) != 10_050 {
			t.Fatalf("balances %+v", bal)
		}
		if s.mainBalance(t, demo01) != DemoOpening-10_050 || s.vendorBalance(t, demo01, "JDB") != 10_050 || s.float(t) != 10_050 {
			t.Fatalf("main %d vendor %d float %d", s.mainBalance(t, demo01), s.vendorBalance(t, demo01, "JDB"), s.float(t))
		}
		id := num(r.value["id"])

		t.Run("ReplaySameBody", func(t *testing.T) {
			again := s.transfer(t, token, inKey, "main", "jdb", "100.5")
			if again.status != 200 || num(again.value["id"]) != id || again.value["status"] != TransferSuccess {
				t.Fatalf("%d %+v", again.status, again.env)
			}
			if s.mainBalance(t, demo01) != DemoOpening-10_050 || s.vendorBalance(t, demo01, "JDB") != 10_050 {
				t.Fatal("replay moved money")
			}
			if f := s.transferFacts(t, demo01); !slices.Equal(f, []string{"transfer.out JDB 10050"}) {
				t.Fatalf("facts %v", f)
			}
		})
		t.Run("ErrSameKeyOtherBody", func(t *testing.T) {
			again := s.transfer(t, token, inKey, "MAIN", "JDB", "100.51")
			if again.status != 409 || again.env.Code != "wallet.idempotency_mismatch" {
				t.Fatalf("%d %+v", again.status, again.env)
			}
			allBack := s.call(t, "POST", "/wps/v2/wallets/transfer/all-back", token, inKey, nil)
			if allBack.status != 409 || allBack.env.Code != "wallet.idempotency_mismatch" {
				t.Fatalf("all-back under a transfer's key: %d %+v", allBack.status, allBack.env)
			}
		})
		t.Run("KeyIsPerMember", func(t *testing.T) {
			other := s.transfer(t, s.login(t, "agent01"), inKey, "MAIN", "JDB", "1")
			if other.status != 200 || other.value["status"] != TransferSuccess || num(other.value["id"]) == id {
				t.Fatalf("%d %+v", other.status, other.env)
			}
		})
		t.Run("Out", func(t *testing.T) {
			out := s.transfer(t, token, s.key(), "JDB", "MAIN", "40")
			if out.status != 200 || out.value["status"] != TransferSuccess || out.value["from"] != "JDB" || out.value["to"] != "MAIN" {
				t.Fatalf("%d %+v", out.status, out.env)
			}
			if s.mainBalance(t, demo01) != DemoOpening-6_050 || s.vendorBalance(t, demo01, "JDB") != 6_050 {
				t.Fatalf("main %d vendor %d", s.mainBalance(t, demo01), s.vendorBalance(t, demo01, "JDB"))
			}
			if f := s.transferFacts(t, demo01); !slices.Equal(f, []string{"transfer.out JDB 10050", "transfer.in JDB 4000"}) {
				t.Fatalf("facts %v", f)
			}
		})
		t.Run("Check", func(t *testing.T) {
			c := s.call(t, "GET", "/wps/v2/wallets/transfer/"+strconv.FormatInt(id, 10), token, "", nil)
			if c.status != 200 || c.value["status"] != TransferSuccess || num(c.value["id"]) != id {
				t.Fatalf("%d %+v", c.status, c.env)
			}
			other := s.call(t, "GET", "/wps/v2/wallets/transfer/"+strconv.FormatInt(id, 10), s.login(t, "agent01"), "", nil)
			if other.status != 404 || other.env.Code != "wallet.transfer_not_found" {
				t.Fatalf("someone else's transfer: %d %+v", other.status, other.env)
			}
			for _, bad := range []string{"0", "-1", "abc", "99999999999999999999"} {
				if c := s.call(t, "GET", "/wps/v2/wallets/transfer/"+bad, token, "", nil); c.status != 404 {
					t.Fatalf("%s: %d %+v", bad, c.status, c.env)
				}
			}
		})
		t.Run("Wallets", func(t *testing.T) {
			w := s.call(t, "GET", "/wps/v2/wallets", token, "", nil)
			vs := w.value["vendors"].([]any)
			if w.status != 200 || len(vs) != 2 || w.value["currency"] != "PHP" || num(w.value["decimals"]) != 2 {
				t.Fatalf("%d %+v", w.status, w.env)
			}
			got := map[string]int64{}
			for _, v := range vs {
				m := v.(map[string]any)
				if m["status"] != VendorOK || m["name"] == "" {
					t.Fatalf("vendor %+v", m)
				}
				got[m["vendor"].(string)] = num(m["balance"])
			}
			main := num(w.value["main"].(map[string]any)["balance"])
			if got["JDB"] != 6_050 || got["CQ9"] != 0 || main != DemoOpening-6_050 || num(w.value["total"]) != DemoOpening {
				t.Fatalf("wallets %+v", w.value)
			}
		})
		s.verifyClean()
	})
}

// TestTransferBadInput: every refusal is a 4xx with a stable code and moves nothing.
func TestTransferBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")
		if r := s.transfer(t, token, s.key(), "MAIN", "CQ9", "50"); r.value["status"] != TransferSuccess {
			t.Fatalf("setup: %+v", r.env)
		}
		cases := []struct {
			name, key, body string
			status          int
			code            string
		}{
			{"TooManyDecimals", "", `{"from":"MAIN","to":"JDB","amount":"1.005"}`, 400, "money.too_many_decimals"},
			{"Zero", "", `{"from":"MAIN","to":"JDB","amount":"0"}`, 400, "money.not_positive"},
			{"Negative", "", `{"from":"MAIN","to":"JDB","amount":"-5"}`, 400, "money.not_positive"},
			{"NotANumber", "", `{"from":"MAIN","to":"JDB","amount":"ten"}`, 400, "money.invalid_amount"},
			{"NumberNotString", "", `{"from":"MAIN","to":"JDB","amount":10}`, 400, "request.invalid_json"},
			{"AboveMain", "", `{"from":"MAIN","to":"JDB","amount":"10000.01"}`, 409, "ledger.insufficient_funds"},
			{"AboveVendor", "", `{"from":"CQ9","to":"MAIN","amount":"50.01"}`, 409, "wallet.vendor_insufficient_funds"},
			{"UnknownVendor", "", `{"from":"MAIN","to":"NOPE","amount":"1"}`, 400, "wallet.unknown_vendor"},
			{"SeamlessVendor", "", `{"from":"MAIN","to":"PG","amount":"1"}`, 400, "wallet.unknown_vendor"},
			{"MainToMain", "", `{"from":"MAIN","to":"MAIN","amount":"1"}`, 400, "wallet.invalid_transfer"},
			{"VendorToVendor", "", `{"from":"CQ9","to":"JDB","amount":"1"}`, 400, "wallet.invalid_transfer"},
			{"MissingTo", "", `{"from":"MAIN","amount":"1"}`, 400, "wallet.invalid_transfer"},
			{"BadJSON", "", `{"from":`, 400, "request.invalid_json"},
			{"NoKey", "-", `{"from":"MAIN","to":"JDB","amount":"1"}`, 400, "money.idempotency_key_required"},
			{"BadKey", "bad key!", `{"from":"MAIN","to":"JDB","amount":"1"}`, 400, "money.idempotency_key_required"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				key := tc.key
				switch key {
				case "":
					key = s.key()
				case "-":
					key = ""
				}
				r := s.call(t, "POST", "/wps/v2/wallets/transfer", token, key, tc.body)
				if r.status != tc.status || r.env.Code != tc.code || r.env.Message == "" {
					t.Fatalf("%d %+v", r.status, r.env)
				}
			})
		}
		t.Run("AllBackNeedsKey", func(t *testing.T) {
			r := s.call(t, "POST", "/wps/v2/wallets/transfer/all-back", token, "", nil)
			if r.status != 400 || r.env.Code != "money.idempotency_key_required" {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
		t.Run("RefusedKeyStaysFree", func(t *testing.T) {
			key := s.key()
			if r := s.transfer(t, token, key, "MAIN", "JDB", "20000"); r.status != 409 {
				t.Fatalf("%d %+v", r.status, r.env)
			}
			if r := s.transfer(t, token, key, "MAIN", "JDB", "20"); r.status != 200 || r.value["status"] != TransferSuccess {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
		if s.mainBalance(t, demo01) != DemoOpening-7_000 || s.vendorBalance(t, demo01, "CQ9") != 5_000 || s.vendorBalance(t, demo01, "JDB") != 2_000 {
			t.Fatalf("main %d", s.mainBalance(t, demo01))
		}
		s.verifyClean()
	})
}

// TestTransferMaintenance: a vendor in maintenance takes no transfers.
func TestTransferMaintenance(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		ctx := context.Background()
		cat, _ := s.games.Catalog(ctx)
		for _, code := range []string{"RNG", "FISH"} {
			v, _ := cat.Vendor("JDB")
			v.GameType, v.Maintenance = code, true
			if code == "FISH" {
				v.DisplayName = "JDB Fishing"
			}
			if _, err := s.games.PutVendor(ctx, v); err != nil {
				t.Fatal(err)
			}
		}
		r := s.transfer(t, s.login(t, "demo01"), s.key(), "MAIN", "JDB", "1")
		if r.status != 409 || r.env.Code != "wallet.vendor_maintenance" {
			t.Fatalf("%d %+v", r.status, r.env)
		}
	})
}

// TestAllBack: every vendor balance comes back to main in one request.
func TestAllBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")
		for _, v := range []string{"JDB", "CQ9"} {
			if r := s.transfer(t, token, s.key(), "MAIN", v, "250"); r.value["status"] != TransferSuccess {
				t.Fatalf("%s: %+v", v, r.env)
			}
		}
		key := s.key()
		r := s.call(t, "POST", "/wps/v2/wallets/transfer/all-back", token, key, nil)
		trs, _ := r.value["transfers"].([]any)
		if r.status != 200 || len(trs) != 2 {
			t.Fatalf("%d %+v", r.status, r.env)
		}
		for _, tr := range trs {
			m := tr.(map[string]any)
			if m["status"] != TransferSuccess || m["to"] != "MAIN" || num(m["amount"]) != 25_000 {
				t.Fatalf("transfer %+v", m)
			}
		}
		if main := num(r.value["balances"].(map[string]any)["main"]); main != DemoOpening {
			t.Fatalf("main after all-back %d", main)
		}
		if s.mainBalance(t, demo01) != DemoOpening || s.vendorBalance(t, demo01, "JDB") != 0 || s.vendorBalance(t, demo01, "CQ9") != 0 || s.float(t) != 0 {
			t.Fatal("balances after all-back")
		}
		t.Run("Replay", func(t *testing.T) {
			again := s.call(t, "POST", "/wps/v2/wallets/transfer/all-back", token, key, nil)
			if again.status != 200 || len(again.value["transfers"].([]any)) != 2 || s.mainBalance(t, demo01) != DemoOpening {
				t.Fatalf("%d %+v", again.status, again.env)
			}
		})
		t.Run("NothingToMove", func(t *testing.T) {
			empty := s.call(t, "POST", "/wps/v2/wallets/transfer/all-back", token, s.key(), nil)
			if empty.status != 200 || len(empty.value["transfers"].([]any)) != 0 {
				t.Fatalf("%d %+v", empty.status, empty.env)
			}
		})
		s.verifyClean()
	})
}

// TestLostAnswerAfterApply: the vendor applied the transfer but its answer
// was lost; the transfer stays PENDING until the status check settles it
// SUCCESS (IN: nothing more moves; OUT: main is credited then).
func TestLostAnswerAfterApply(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")

		s.vendor.Inject(transfervendor.FaultLoseAnswer)
		r := s.transfer(t, token, s.key(), "MAIN", "JDB", "300")
		if r.status != 200 || r.value["status"] != TransferPending {
			t.Fatalf("%d %+v", r.status, r.env)
		}
		id := strconv.FormatInt(num(r.value["id"]), 10)
		if s.mainBalance(t, demo01) != DemoOpening-30_000 || s.vendorBalance(t, demo01, "JDB") != 30_000 {
			t.Fatal("the debit and the vendor's credit both happened")
		}
		c := s.call(t, "GET", "/wps/v2/wallets/transfer/"+id, token, "", nil)
		if c.status != 200 || c.value["status"] != TransferSuccess || num(c.value["settledAt"]) == 0 {
			t.Fatalf("check: %d %+v", c.status, c.env)
		}
		if s.mainBalance(t, demo01) != DemoOpening-30_000 || s.float(t) != 30_000 {
			t.Fatal("settling moved money again")
		}

		s.vendor.Inject(transfervendor.FaultLoseAnswer)
		out := s.transfer(t, token, s.key(), "JDB", "MAIN", "100")
		if out.status != 200 || out.value["status"] != TransferPending {
			t.Fatalf("out: %d %+v", out.status, out.env)
		}
		if s.mainBalance(t, demo01) != DemoOpening-30_000 || s.vendorBalance(t, demo01, "JDB") != 20_000 {
			t.Fatal("out: the vendor paid, main waits for the status check")
		}
		c = s.call(t, "GET", "/wps/v2/wallets/transfer/"+strconv.FormatInt(num(out.value["id"]), 10), token, "", nil)
		if c.status != 200 || c.value["status"] != TransferSuccess {
			t.Fatalf("out check: %d %+v", c.status, c.env)
		}
		if s.mainBalance(t, demo01) != DemoOpening-20_000 || s.float(t) != 20_000 {
			t.Fatalf("out settled: main %d", s.mainBalance(t, demo01))
		}
		s.verifyClean()
	})
}

// TestLostBeforeApply: the request never reached the vendor; the status
// check finds nothing, closes the id at the vendor and the transfer FAILS
// with the money back in main. A late copy of the request is refused.
func TestLostBeforeApply(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		ctx := context.Background()
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")

		s.vendor.Inject(transfervendor.FaultLoseRequest)
		r := s.transfer(t, token, s.key(), "MAIN", "CQ9", "123.45")
		if r.status != 200 || r.value["status"] != TransferPending {
			t.Fatalf("%d %+v", r.status, r.env)
		}
		if s.mainBalance(t, demo01) != DemoOpening-12_345 || s.vendorBalance(t, demo01, "CQ9") != 0 {
			t.Fatal("debited, vendor never got it")
		}
		id := num(r.value["id"])
		c := s.call(t, "GET", "/wps/v2/wallets/transfer/"+strconv.FormatInt(id, 10), token, "", nil)
		if c.status != 200 || c.value["status"] != TransferFailed || c.value["failureCode"] != "wallet.vendor_not_received" {
			t.Fatalf("check: %d %+v", c.status, c.env)
		}
		if s.mainBalance(t, demo01) != DemoOpening || s.float(t) != 0 {
			t.Fatalf("money back: main %d float %d", s.mainBalance(t, demo01), s.float(t))
		}
		tr, err := s.transfers.store.byID(ctx, demo01, id)
		if err != nil {
			t.Fatal(err)
		}
		late, err := s.transfers.vendors["CQ9"].Deposit(ctx, playerOf(demo01, "PHP"), tr.Amount, tr.txID)
		if err != nil || late.Status != "FAILED" || late.Code != "tx_closed" || s.vendorBalance(t, demo01, "CQ9") != 0 {
			t.Fatalf("late request: %+v %v", late, err)
		}
		// Checking again changes nothing.
		if c := s.call(t, "GET", "/wps/v2/wallets/transfer/"+strconv.FormatInt(id, 10), token, "", nil); c.value["status"] != TransferFailed || s.mainBalance(t, demo01) != DemoOpening {
			t.Fatalf("again: %+v", c.env)
		}
		// The debit and its refund are in the stream once each.
		if f := s.transferFacts(t, demo01); !slices.Equal(f, []string{"transfer.out CQ9 12345", "transfer.in CQ9 12345 " + ReasonVendorRefused}) {
			t.Fatalf("facts %v", f)
		}

		// OUT lost before apply: nothing moved anywhere, FAILED.
		if r := s.transfer(t, token, s.key(), "MAIN", "CQ9", "10"); r.value["status"] != TransferSuccess {
			t.Fatal(r.env)
		}
		s.vendor.Inject(transfervendor.FaultLoseRequest)
		out := s.transfer(t, token, s.key(), "CQ9", "MAIN", "10")
		if out.value["status"] != TransferPending {
			t.Fatal(out.env)
		}
		c = s.call(t, "GET", "/wps/v2/wallets/transfer/"+strconv.FormatInt(num(out.value["id"]), 10), token, "", nil)
		if c.value["status"] != TransferFailed || s.vendorBalance(t, demo01, "CQ9") != 1_000 || s.mainBalance(t, demo01) != DemoOpening-1_000 {
			t.Fatalf("out: %+v", c.env)
		}
		s.verifyClean()
	})
}

// TestVendorDeclines: a definite refusal fails the transfer at once and
// returns the money (IN) or moves nothing (OUT).
func TestVendorDeclines(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")
		r := s.transfer(t, token, s.key(), "MAIN", "JDB", "5.93") // the sandbox declines amounts ending .93
		if r.status != 200 || r.value["status"] != TransferFailed || r.value["failureCode"] != "wallet.vendor_declined" {
			t.Fatalf("%d %+v", r.status, r.env)
		}
		if s.mainBalance(t, demo01) != DemoOpening || s.float(t) != 0 {
			t.Fatal("declined IN kept money")
		}
		s.verifyClean()
	})
}

// TestSweeper: the background sweep settles due PENDING transfers, and a
// status call that gets no answer leaves the transfer PENDING for later.
func TestSweeper(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		ctx := context.Background()
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")

		s.vendor.Inject(transfervendor.FaultLoseAnswer)
		a := s.transfer(t, token, s.key(), "MAIN", "JDB", "10")
		s.vendor.Inject(transfervendor.FaultLoseRequest)
		b := s.transfer(t, token, s.key(), "MAIN", "CQ9", "20")
		if a.value["status"] != TransferPending || b.value["status"] != TransferPending {
			t.Fatal(a.env, b.env)
		}
		// The vendor's status call is down: nothing settles, both wait RetryAfter.
		s.vendor.Inject(transfervendor.FaultUnavailable, "status")
		s.vendor.Inject(transfervendor.FaultUnavailable, "status")
		if n, err := s.transfers.SettleDue(ctx, 10); err != nil || n != 2 {
			t.Fatalf("first sweep: %d %v", n, err)
		}
		if n, err := s.transfers.SettleDue(ctx, 10); err != nil || n != 0 {
			t.Fatalf("rescheduled: %d %v", n, err)
		}
		for _, id := range []int64{num(a.value["id"]), num(b.value["id"])} {
			tr, _ := s.transfers.store.byID(ctx, demo01, id)
			if tr.Status != TransferPending {
				t.Fatalf("%d settled without an answer: %+v", id, tr)
			}
			if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE wallet_transfer SET check_after = 0 WHERE id = ?`), id); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := s.transfers.SettleDue(ctx, 10); err != nil || n != 2 {
			t.Fatalf("second sweep: %d %v", n, err)
		}
		ta, _ := s.transfers.store.byID(ctx, demo01, num(a.value["id"]))
		tb, _ := s.transfers.store.byID(ctx, demo01, num(b.value["id"]))
		if ta.Status != TransferSuccess || tb.Status != TransferFailed {
			t.Fatalf("a %s b %s", ta.Status, tb.Status)
		}
		if s.mainBalance(t, demo01) != DemoOpening-1_000 || s.float(t) != 1_000 {
			t.Fatalf("main %d", s.mainBalance(t, demo01))
		}
		s.verifyClean()
	})
}

// TestConcurrentTransfers: parallel transfers of one member never overdraw
// the main wallet or the vendor wallet, and the books stay balanced.
func TestConcurrentTransfers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		demo01 := s.memberID(t, "demo01")
		token := s.login(t, "demo01")
		var mu sync.Mutex
		statuses := map[string]int{}
		record := func(r reply) {
			mu.Lock()
			defer mu.Unlock()
			if r.status == 200 {
				statuses[r.value["status"].(string)]++
			} else {
				statuses[r.env.Code]++
			}
		}
		parallel(16, func(i int) { record(s.transfer(t, token, s.key(), "MAIN", "JDB", "1000")) })
		if statuses[TransferSuccess] != 10 || s.mainBalance(t, demo01) != 0 || s.vendorBalance(t, demo01, "JDB") != DemoOpening {
			t.Fatalf("in: %v main %d", statuses, s.mainBalance(t, demo01))
		}
		statuses = map[string]int{}
		parallel(16, func(i int) { record(s.transfer(t, token, s.key(), "JDB", "MAIN", "2500")) })
		if statuses[TransferSuccess] != 4 || s.mainBalance(t, demo01) != DemoOpening || s.vendorBalance(t, demo01, "JDB") != 0 {
			t.Fatalf("out: %v main %d", statuses, s.mainBalance(t, demo01))
		}
		// The same key sent many times at once moves money once.
		key := s.key()
		parallel(8, func(i int) { s.transfer(t, token, key, "MAIN", "CQ9", "10") })
		if s.mainBalance(t, demo01) != DemoOpening-1_000 || s.vendorBalance(t, demo01, "CQ9") != 1_000 {
			t.Fatalf("same key: main %d", s.mainBalance(t, demo01))
		}
		// One fact per transfer that moved money, the same key's once.
		counts := map[string]int{}
		for _, f := range s.transferFacts(t, demo01) {
			counts[f]++
		}
		if counts["transfer.out JDB 100000"] != 10 || counts["transfer.in JDB 250000"] != 4 || counts["transfer.out CQ9 1000"] != 1 || len(counts) != 3 {
			t.Fatalf("facts %v", counts)
		}
		s.verifyClean()
	})
}

// TestConsolidated: main + vendors + holds, for real users while
// AGENTPOLICY3 is on.
func TestConsolidated(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newTransferSite(t, d)
		token := s.login(t, "demo01")
		if r := s.transfer(t, token, s.key(), "MAIN", "JDB", "75"); r.value["status"] != TransferSuccess {
			t.Fatal(r.env)
		}
		r := s.call(t, "GET", "/wps/member/info/funds/consolidated", token, "", nil)
		if r.status != 200 || num(r.value["main"]) != DemoOpening-7_500 || num(r.value["vendors"]) != 7_500 || num(r.value["withdrawalHolds"]) != 0 ||
			num(r.value["total"]) != DemoOpening || r.value["complete"] != true || r.value["currency"] != "PHP" {
			t.Fatalf("%d %+v", r.status, r.env)
		}
		// The consolidated contract info: the demo brand offers every type.
		for _, k := range []string{"dailysalreqtype", "divtypereq", "contracthoursalreq", "realtimesalreqtype"} {
			if r.value[k] != true {
				t.Fatalf("%s: %v", k, r.value[k])
			}
		}
		s.setSwitch(SwitchAgentPolicy, false)
		off := s.call(t, "GET", "/wps/member/info/funds/consolidated", token, "", nil)
		if off.status != 403 || off.env.Code != "wallet.consolidated_off" {
			t.Fatalf("off: %d %+v", off.status, off.env)
		}
		trial := s.call(t, "GET", "/wps/member/info/funds/consolidated", s.trial(t), "", nil)
		if trial.status != 403 || trial.env.Code != "auth.real_account_required" {
			t.Fatalf("trial: %d %+v", trial.status, trial.env)
		}
	})
}
