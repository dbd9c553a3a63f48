package withdraw

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestPaymentPassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.login("demo01")
		put := func(body map[string]any) reply {
			return s.do("PUT", "/wps/member/payment-password", tok, body, nil)
		}

		if r := s.do("GET", "/wps/member/payment-password", tok, nil, nil).ok(t); r.value["set"] != false {
			t.Fatalf("%+v", r.value)
		}
		t.Run("FirstSetNeedsLoginPassword", func(t *testing.T) {
			put(map[string]any{"newPaymentPassword": "123456", "confirmPaymentPassword": "123456"}).fails(t, 400, "withdraw.login_password_required")
			r := put(map[string]any{"password": "wrong", "newPaymentPassword": "123456", "confirmPaymentPassword": "123456"})
			r.fails(t, 400, "withdraw.wrong_login_password")
			if !strings.Contains(r.env.Message, "4 tries left") {
				t.Fatalf("message %q", r.env.Message)
			}
		})
		t.Run("Format", func(t *testing.T) {
			for _, pin := range []string{"12345", "1234567", "12345a", "１２３４５６", " 123456", ""} {
				put(map[string]any{"password": account.DemoPassword, "newPaymentPassword": pin, "confirmPaymentPassword": pin}).
					fails(t, 400, "withdraw.payment_password_format")
			}
			put(map[string]any{"password": account.DemoPassword, "newPaymentPassword": "123456", "confirmPaymentPassword": "123457"}).
				fails(t, 400, "withdraw.payment_password_mismatch")
			s.do("PUT", "/wps/member/payment-password", tok, `{"newPaymentPassword":`, nil).fails(t, 400, "request.invalid_json")
		})
		t.Run("Set", func(t *testing.T) {
			r := put(map[string]any{"password": account.DemoPassword, "newPaymentPassword": "123456", "confirmPaymentPassword": "123456"}).ok(t)
			if r.value["set"] != true {
				t.Fatalf("%+v", r.value)
			}
			// Now the old payment password is the proof, not the login password.
			put(map[string]any{"password": account.DemoPassword, "newPaymentPassword": "654321", "confirmPaymentPassword": "654321"}).
				fails(t, 400, "withdraw.payment_password_required")
			put(map[string]any{"oldPaymentPassword": "123456", "newPaymentPassword": "123456", "confirmPaymentPassword": "123456"}).
				fails(t, 400, "withdraw.same_payment_password")
			put(map[string]any{"oldPaymentPassword": "123456", "newPaymentPassword": "654321", "confirmPaymentPassword": "654321"}).ok(t)
		})
		t.Run("Lockout", func(t *testing.T) {
			for i := 1; i <= 4; i++ {
				put(map[string]any{"oldPaymentPassword": "000000", "newPaymentPassword": "111111", "confirmPaymentPassword": "111111"}).
					fails(t, 400, "withdraw.wrong_payment_password")
			}
			put(map[string]any{"oldPaymentPassword": "000000", "newPaymentPassword": "111111", "confirmPaymentPassword": "111111"}).
				fails(t, 429, "withdraw.payment_password_locked")
			// Locked: even the right password is refused, and the state says until when.
			put(map[string]any{"oldPaymentPassword": "654321", "newPaymentPassword": "111111", "confirmPaymentPassword": "111111"}).
				fails(t, 429, "withdraw.payment_password_locked")
			st := s.do("GET", "/wps/member/payment-password", tok, nil, nil).ok(t)
			if want := s.clk.Now().Add(5 * time.Minute).UnixMilli(); st.value["lockedUntil"] != float64(want) {
				t.Fatalf("lockedUntil %v, want %d", st.value["lockedUntil"], want)
			}
			s.clk.Advance(5*time.Minute - time.Second)
			put(map[string]any{"oldPaymentPassword": "654321", "newPaymentPassword": "111111", "confirmPaymentPassword": "111111"}).
				fails(t, 429, "withdraw.payment_password_locked")
			s.clk.Advance(time.Second)
			put(map[string]any{"oldPaymentPassword": "654321", "newPaymentPassword": "111111", "confirmPaymentPassword": "111111"}).ok(t)
			if st := s.do("GET", "/wps/member/payment-password", tok, nil, nil).ok(t); st.value["lockedUntil"] != float64(0) {
				t.Fatalf("%+v", st.value)
			}
		})
		t.Run("WithdrawalCountsTowardsLock", func(t *testing.T) {
			p := s.newPlayer(100_000)
			for i := 1; i <= 4; i++ {
				r := s.do("POST", "/wps/cashier/withdrawals", p.token, map[string]any{"payoutAccountId": p.account, "amount": "100", "paymentPassword": "999999"},
					map[string]string{"Idempotency-Key": "lock-" + string(rune('a'+i))})
				r.fails(t, 400, "withdraw.wrong_payment_password")
			}
			// A right password resets the count.
			s.withdraw(p, "100").ok(t)
			for i := 1; i <= 4; i++ {
				s.do("DELETE", pathOf("/wps/member/payout-accounts/{id}", p.account), p.token, map[string]any{"paymentPassword": "999999"}, nil).
					fails(t, 400, "withdraw.wrong_payment_password")
			}
			s.do("DELETE", pathOf("/wps/member/payout-accounts/{id}", p.account), p.token, map[string]any{"paymentPassword": "999999"}, nil).
				fails(t, 429, "withdraw.payment_password_locked")
			s.withdraw(p, "100").fails(t, 429, "withdraw.payment_password_locked")
			if main, held := s.balances(p.id); main != 90_000 || held != 10_000 {
				t.Fatalf("main %d held %d", main, held)
			}
		})
		t.Run("NotSet", func(t *testing.T) {
			tok := s.login("agent01")
			s.do("POST", "/wps/member/payout-accounts", tok, map[string]any{"type": "EWALLET", "bankCode": "GCASH", "accountName": "Ana Reyes",
				"accountNumber": "09171234567", "paymentPassword": "123456"}, nil).fails(t, 400, "withdraw.payment_password_not_set")
		})
		t.Run("ChosenAtRegistration", func(t *testing.T) {
			// The register form's optional payment password is kept by accounts as a hash in extra.
			pin, _ := account.HashPassword("864200", testArgon2)
			login, _ := account.HashPassword(account.DemoPassword, testArgon2)
			m := account.Member{Account: "registered01", Type: account.TypeMember, PasswordHash: login, PayeeName: "Rosa Cruz",
				Extra: `{"paymentPasswordHash":"` + pin + `"}`, CreatedAt: time.Now(), PasswordChangedAt: time.Now()}
			if err := s.members.CreateMember(context.Background(), &m); err != nil {
				t.Fatal(err)
			}
			tok := s.login("registered01")
			if st := s.do("GET", "/wps/member/payment-password", tok, nil, nil).ok(t); st.value["set"] != true {
				t.Fatalf("%+v", st.value)
			}
			s.do("POST", "/wps/member/payout-accounts", tok, map[string]any{"type": "BANK", "bankCode": "PNB", "accountName": "Rosa Cruz",
				"accountNumber": "4444333322", "paymentPassword": "123456"}, nil).fails(t, 400, "withdraw.wrong_payment_password")
			s.do("POST", "/wps/member/payout-accounts", tok, map[string]any{"type": "BANK", "bankCode": "PNB", "accountName": "Rosa Cruz",
				"accountNumber": "4444333322", "paymentPassword": "864200"}, nil).ok(t)
		})
		// The stored hash is argon2id, never the digits.
		st, err := s.svc.store.MemberState(context.Background(), s.memberID("demo01"))
		if err != nil || !strings.HasPrefix(st.Hash, "$argon2id$") || strings.Contains(st.Hash, "111111") {
			t.Fatalf("%q %v", st.Hash, err)
		}
	})
}

func (s *site) memberID(name string) int64 {
	s.t.Helper()
	m, err := s.members.MemberByAccount(context.Background(), name)
	if err != nil {
		s.t.Fatal(err)
	}
	return m.ID
}

func TestPayoutAccounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tok := s.login("demo01")
		s.do("PUT", "/wps/member/payment-password", tok, map[string]any{"password": account.DemoPassword, "newPaymentPassword": testPIN, "confirmPaymentPassword": testPIN}, nil).ok(t)
		add := func(body map[string]any) reply {
			if _, ok := body["paymentPassword"]; !ok {
				body["paymentPassword"] = testPIN
			}
			return s.do("POST", "/wps/member/payout-accounts", tok, body, nil)
		}

		banks := s.do("GET", "/wps/member/payout-banks", tok, nil, nil).ok(t)
		if list := banks.value["list"].([]any); len(list) != len(Banks) || list[0].(map[string]any)["code"] != "BDO" {
			t.Fatalf("%+v", banks.value)
		}

		t.Run("BadInput", func(t *testing.T) {
			cases := []struct {
				body map[string]any
				code string
			}{
				{map[string]any{"type": "CARD", "bankCode": "BDO", "accountName": "Maria Santos", "accountNumber": "1234567890"}, "withdraw.invalid_account_type"},
				{map[string]any{"type": "BANK", "bankCode": "XYZ", "accountName": "Maria Santos", "accountNumber": "1234567890"}, "withdraw.invalid_bank"},
				{map[string]any{"type": "BANK", "bankCode": "GCASH", "accountName": "Maria Santos", "accountNumber": "1234567890"}, "withdraw.invalid_bank"},
				{map[string]any{"type": "BANK", "bankCode": "BDO", "accountName": "M", "accountNumber": "1234567890"}, "withdraw.invalid_account_name"},
				{map[string]any{"type": "BANK", "bankCode": "BDO", "accountName": "<script>", "accountNumber": "1234567890"}, "withdraw.invalid_account_name"},
				{map[string]any{"type": "BANK", "bankCode": "BDO", "accountName": strings.Repeat("a", 61), "accountNumber": "1234567890"}, "withdraw.invalid_account_name"},
				{map[string]any{"type": "BANK", "bankCode": "BDO", "accountName": "Maria Santos", "accountNumber": "12345"}, "withdraw.invalid_account_number"},
				{map[string]any{"type": "BANK", "bankCode": "BDO", "accountName": "Maria Santos", "accountNumber": "12345abc90"}, "withdraw.invalid_account_number"},
				{map[string]any{"type": "EWALLET", "bankCode": "GCASH", "accountName": "Maria Santos", "accountNumber": "1234567890"}, "withdraw.invalid_account_number"},
				{map[string]any{"type": "BANK", "bankCode": "BDO", "accountName": "Maria Santos", "accountNumber": "1234567890", "paymentPassword": ""}, "withdraw.payment_password_required"},
			}
			for _, c := range cases {
				add(c.body).fails(t, 400, c.code)
			}
			s.do("POST", "/wps/member/payout-accounts", tok, `[]`, nil).fails(t, 400, "request.invalid_json")
			if m, _ := s.members.MemberByAccount(ctx, "demo01"); m.PayeeName != "" {
				t.Fatalf("a refused binding set the name %q", m.PayeeName)
			}
		})
		t.Run("FirstBindingSetsRealName", func(t *testing.T) {
			r := add(map[string]any{"type": "EWALLET", "bankCode": "gcash", "accountName": "  Maria   Santos ", "accountNumber": "09171234567"}).ok(t)
			if r.value["accountName"] != "Maria Santos" || r.value["accountNumber"] != "*******4567" || r.value["bankName"] != "GCash" {
				t.Fatalf("%+v", r.value)
			}
			if m, _ := s.members.MemberByAccount(ctx, "demo01"); m.PayeeName != "Maria Santos" {
				t.Fatalf("payee %q", m.PayeeName)
			}
			// Case and spacing do not matter; another name does.
			add(map[string]any{"type": "BANK", "bankCode": "BPI", "accountName": "MARIA santos", "accountNumber": "1234567890"}).ok(t)
			add(map[string]any{"type": "BANK", "bankCode": "BPI", "accountName": "Pedro Santos", "accountNumber": "1234567891"}).fails(t, 400, "withdraw.payout_name_mismatch")
			add(map[string]any{"type": "BANK", "bankCode": "BPI", "accountName": "Maria Santos", "accountNumber": "1234567890"}).fails(t, 409, "withdraw.payout_account_exists")
		})
		t.Run("RegisteredNameRules", func(t *testing.T) {
			p := s.newPlayer(0) // registered as Juan Dela Cruz
			s.do("POST", "/wps/member/payout-accounts", p.token, map[string]any{"type": "BANK", "bankCode": "UBP", "accountName": "Maria Santos",
				"accountNumber": "5555666677", "paymentPassword": testPIN}, nil).fails(t, 400, "withdraw.payout_name_mismatch")
		})
		t.Run("Limit", func(t *testing.T) {
			for i := 0; i < 3; i++ {
				add(map[string]any{"type": "BANK", "bankCode": "MBTC", "accountName": "Maria Santos", "accountNumber": "99990000" + string(rune('0'+i))}).ok(t)
			}
			add(map[string]any{"type": "BANK", "bankCode": "MBTC", "accountName": "Maria Santos", "accountNumber": "999900009"}).fails(t, 409, "withdraw.payout_account_limit")
			l := s.do("GET", "/wps/member/payout-accounts", tok, nil, nil).ok(t)
			list := l.value["list"].([]any)
			if len(list) != MaxAccounts || l.value["max"] != float64(MaxAccounts) {
				t.Fatalf("%+v", l.value)
			}
			first := int64(list[0].(map[string]any)["id"].(float64))
			// Removing needs the payment password and frees a place.
			s.do("DELETE", pathOf("/wps/member/payout-accounts/{id}", first), tok, map[string]any{}, nil).fails(t, 400, "withdraw.payment_password_required")
			other := s.newPlayer(0)
			s.do("DELETE", pathOf("/wps/member/payout-accounts/{id}", first), other.token, map[string]any{"paymentPassword": testPIN}, nil).
				fails(t, 404, "withdraw.payout_account_not_found")
			s.do("DELETE", "/wps/member/payout-accounts/abc", tok, map[string]any{"paymentPassword": testPIN}, nil).fails(t, 404, "withdraw.payout_account_not_found")
			s.do("DELETE", pathOf("/wps/member/payout-accounts/{id}", first), tok, map[string]any{"paymentPassword": testPIN}, nil).ok(t)
			s.do("DELETE", pathOf("/wps/member/payout-accounts/{id}", first), tok, map[string]any{"paymentPassword": testPIN}, nil).
				fails(t, 404, "withdraw.payout_account_not_found")
			add(map[string]any{"type": "BANK", "bankCode": "MBTC", "accountName": "Maria Santos", "accountNumber": "999900009"}).ok(t)
			// The removed account cannot be withdrawn to.
			s.do("POST", "/wps/cashier/withdrawals", tok, map[string]any{"payoutAccountId": first, "amount": "100", "paymentPassword": testPIN},
				map[string]string{"Idempotency-Key": "removed-account"}).fails(t, 404, "withdraw.payout_account_not_found")
		})
	})
}
