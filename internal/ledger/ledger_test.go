package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

const php = "PHP"

// book is a ledger with a cashier clearing account, a house account and
// players, for tests.
type book struct {
	t        testing.TB
	db       *db.DB
	s        *ledger.Store
	clearing ledger.Account
	house    ledger.Account
}

func newBook(t testing.TB, d *db.DB) *book {
	t.Helper()
	s := ledger.NewStore(d, nil)
	b := &book{t: t, db: d, s: s}
	b.clearing = b.ensure(ledger.System(ledger.PurposeCashierClearing, php))
	b.house = b.ensure(ledger.System(ledger.PurposeHouse, php))
	return b
}

func (b *book) ensure(spec ledger.AccountSpec) ledger.Account {
	b.t.Helper()
	a, err := b.s.EnsureAccount(context.Background(), spec)
	if err != nil {
		b.t.Fatalf("ensure %+v: %v", spec, err)
	}
	return a
}

// player creates a member's main wallet holding amount, deposited through clearing.
func (b *book) player(memberID, amount int64) ledger.Account {
	b.t.Helper()
	a := b.ensure(ledger.PlayerMain(memberID, php))
	if amount > 0 {
		b.post(fmt.Sprintf("deposit-%d", memberID), ledger.KindDeposit, b.clearing.ID, a.ID, amount)
	}
	return a
}

// post moves amount from one account to another and fails the test on error.
func (b *book) post(key, kind string, from, to, amount int64) ledger.Posting {
	b.t.Helper()
	p, err := b.s.Post(context.Background(), transfer(key, kind, from, to, amount))
	if err != nil {
		b.t.Fatalf("post %s: %v", key, err)
	}
	return p
}

func (b *book) balance(id int64) int64 {
	b.t.Helper()
	v, err := b.s.Balance(context.Background(), id)
	if err != nil {
		b.t.Fatalf("balance %d: %v", id, err)
	}
	return v
}

func (b *book) verifyClean() {
	b.t.Helper()
	rep, err := b.s.Verify(context.Background())
	if err != nil {
		b.t.Fatalf("verify: %v", err)
	}
	if !rep.OK() {
		b.t.Fatalf("verify found problems: %v", rep.Problems)
	}
}

// waitQueued waits until want postings are queued (HoldBatches) after call i.
func waitQueued(t testing.TB, queued func() int, want, i int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for queued() != want {
		if time.Now().After(deadline) {
			t.Fatalf("call %d was not queued", i)
		}
		time.Sleep(time.Millisecond)
	}
}

func transfer(key, kind string, from, to, amount int64) ledger.PostingRequest {
	return ledger.PostingRequest{Key: key, Kind: kind, Lines: []ledger.Line{
		{AccountID: from, Amount: -amount, Currency: php},
		{AccountID: to, Amount: amount, Currency: php},
	}}
}

func wantCode(t testing.TB, err error, code string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want %s, got nil", code)
	}
	if !errors.Is(err, apperr.New(apperr.KindInternal, code)) {
		t.Fatalf("want %s, got %v", code, err)
	}
}

func TestAccounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		t.Run("EnsureIsIdempotent", func(t *testing.T) {
			a1 := b.ensure(ledger.PlayerMain(7, php))
			a2 := b.ensure(ledger.PlayerMain(7, php))
			if a1.ID != a2.ID || a1.AllowNegative || a1.Balance != 0 {
				t.Fatalf("got %+v and %+v", a1, a2)
			}
			v := b.ensure(ledger.PlayerVendor(7, "JILI", php))
			if v.ID == a1.ID || v.Vendor != "JILI" {
				t.Fatalf("vendor wallet %+v", v)
			}
			if !b.house.AllowNegative || !b.clearing.AllowNegative {
				t.Fatal("house and clearing may go negative")
			}
			list, err := b.s.AccountsOf(ctx, ledger.OwnerMember, 7)
			if err != nil || len(list) != 2 {
				t.Fatalf("accounts of 7: %v %v", list, err)
			}
		})
		t.Run("ErrInvalidAccount", func(t *testing.T) {
			for _, spec := range []ledger.AccountSpec{
				{OwnerType: ledger.OwnerMember, OwnerID: 1, Purpose: "nope", Currency: php},
				{OwnerType: ledger.OwnerMember, OwnerID: 0, Purpose: ledger.PurposePlayerMain, Currency: php},
				{OwnerType: ledger.OwnerSystem, Purpose: ledger.PurposePlayerMain, Currency: php},
				{OwnerType: ledger.OwnerMember, OwnerID: 1, Purpose: ledger.PurposePlayerVendor, Currency: php},
				{OwnerType: ledger.OwnerMember, OwnerID: 1, Purpose: ledger.PurposePlayerMain, Vendor: "X", Currency: php},
				{OwnerType: ledger.OwnerMember, OwnerID: 1, Purpose: ledger.PurposePlayerMain, Currency: "php"},
			} {
				_, err := b.s.EnsureAccount(ctx, spec)
				wantCode(t, err, "ledger.invalid_account")
			}
		})
		t.Run("ErrUnknownAccount", func(t *testing.T) {
			_, err := b.s.FindAccount(ctx, ledger.PlayerMain(999, php))
			wantCode(t, err, "ledger.unknown_account")
			_, err = b.s.Balance(ctx, 123456)
			wantCode(t, err, "ledger.unknown_account")
		})
	})
}

func TestPost(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 10_000)
		bob := b.player(2, 0)
		usd := b.ensure(ledger.PlayerMain(1, "USD"))

		t.Run("OK", func(t *testing.T) {
			p := b.post("bet-1", ledger.KindBet, alice.ID, b.house.ID, 2_500)
			if p.ID == 0 || p.Replay || len(p.Lines) != 2 || p.InputHash == "" {
				t.Fatalf("posting %+v", p)
			}
			if got := b.balance(alice.ID); got != 7_500 {
				t.Fatalf("alice %d", got)
			}
			if got := b.balance(b.house.ID); got != 2_500 {
				t.Fatalf("house %d", got)
			}
			if got := b.balance(b.clearing.ID); got != -10_000 {
				t.Fatalf("clearing %d", got)
			}
			a, _ := b.s.Account(ctx, alice.ID)
			if a.Version != 2 {
				t.Fatalf("alice version %d, want 2", a.Version)
			}
			got, err := b.s.Posting(ctx, p.ID)
			if err != nil || got.Key != "bet-1" || got.Kind != ledger.KindBet || len(got.Lines) != 2 || got.InputHash != p.InputHash {
				t.Fatalf("read back %+v %v", got, err)
			}
		})
		t.Run("MultiCurrencyBalancedPerCurrency", func(t *testing.T) {
			usdClearing := b.ensure(ledger.System(ledger.PurposeCashierClearing, "USD"))
			_, err := b.s.Post(ctx, ledger.PostingRequest{Key: "fx-1", Kind: ledger.KindDeposit, Lines: []ledger.Line{
				{AccountID: b.clearing.ID, Amount: -100, Currency: php},
				{AccountID: bob.ID, Amount: 100, Currency: php},
				{AccountID: usdClearing.ID, Amount: -3, Currency: "USD"},
				{AccountID: usd.ID, Amount: 3, Currency: "USD"},
			}})
			if err != nil {
				t.Fatal(err)
			}
			if b.balance(usd.ID) != 3 || b.balance(bob.ID) != 100 {
				t.Fatal("multi-currency balances")
			}
		})
		t.Run("ErrUnbalanced", func(t *testing.T) {
			_, err := b.s.Post(ctx, ledger.PostingRequest{Key: "u-1", Kind: ledger.KindTransfer, Lines: []ledger.Line{
				{AccountID: alice.ID, Amount: -100, Currency: php},
				{AccountID: bob.ID, Amount: 99, Currency: php},
			}})
			wantCode(t, err, "ledger.unbalanced")
			// Balanced in total but not per currency.
			_, err = b.s.Post(ctx, ledger.PostingRequest{Key: "u-2", Kind: ledger.KindTransfer, Lines: []ledger.Line{
				{AccountID: alice.ID, Amount: -100, Currency: php},
				{AccountID: usd.ID, Amount: 100, Currency: "USD"},
			}})
			wantCode(t, err, "ledger.unbalanced")
		})
		t.Run("ErrInvalidPosting", func(t *testing.T) {
			for name, req := range map[string]ledger.PostingRequest{
				"one line":     {Key: "i-1", Kind: ledger.KindTransfer, Lines: []ledger.Line{{AccountID: alice.ID, Amount: 0, Currency: php}}},
				"zero amount":  {Key: "i-2", Kind: ledger.KindTransfer, Lines: []ledger.Line{{AccountID: alice.ID, Currency: php}, {AccountID: bob.ID, Currency: php}}},
				"same account": transfer("i-3", ledger.KindTransfer, alice.ID, alice.ID, 5),
				"no key":       transfer("", ledger.KindTransfer, alice.ID, bob.ID, 5),
				"unknown kind": transfer("i-4", "gift", alice.ID, bob.ID, 5),
			} {
				_, err := b.s.Post(ctx, req)
				if err == nil || apperr.As(err).Code != "ledger.invalid_posting" {
					t.Errorf("%s: got %v", name, err)
				}
			}
		})
		t.Run("ErrUnknownAccount", func(t *testing.T) {
			_, err := b.s.Post(ctx, transfer("k-1", ledger.KindTransfer, alice.ID, 987654, 5))
			wantCode(t, err, "ledger.unknown_account")
		})
		t.Run("ErrCurrencyMismatch", func(t *testing.T) {
			_, err := b.s.Post(ctx, ledger.PostingRequest{Key: "c-1", Kind: ledger.KindTransfer, Lines: []ledger.Line{
				{AccountID: alice.ID, Amount: -5, Currency: "USD"},
				{AccountID: usd.ID, Amount: 5, Currency: "USD"},
			}})
			wantCode(t, err, "ledger.currency_mismatch")
		})
		t.Run("ErrInsufficientFunds", func(t *testing.T) {
			before := b.balance(alice.ID)
			_, err := b.s.Post(ctx, transfer("f-1", ledger.KindBet, alice.ID, b.house.ID, before+1))
			wantCode(t, err, "ledger.insufficient_funds")
			if b.balance(alice.ID) != before {
				t.Fatal("refused posting changed the balance")
			}
			// A refused key is not burnt: the same key posts once funds allow.
			if _, err := b.s.Post(ctx, transfer("f-1", ledger.KindBet, alice.ID, b.house.ID, before)); err != nil {
				t.Fatal(err)
			}
			if b.balance(alice.ID) != 0 {
				t.Fatal("alice should be at zero")
			}
		})
		t.Run("HouseMayGoNegative", func(t *testing.T) {
			b.post("win-1", ledger.KindWin, b.house.ID, bob.ID, 1_000_000)
			if b.balance(b.house.ID) >= 0 {
				t.Fatal("house should be negative after a big win")
			}
		})
		b.verifyClean()
	})
}

func TestIdempotency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 1_000)
		req := transfer("bet-r1", ledger.KindBet, alice.ID, b.house.ID, 100)
		req.Metadata = map[string]string{"round": "r1", "game": "g9"}
		first, err := b.s.Post(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("SameInputReplays", func(t *testing.T) {
			// Same content, lines in another order and metadata rebuilt: same hash.
			again := transfer("bet-r1", ledger.KindBet, alice.ID, b.house.ID, 100)
			again.Lines[0], again.Lines[1] = again.Lines[1], again.Lines[0]
			again.Metadata = map[string]string{"game": "g9", "round": "r1"}
			p, err := b.s.Post(ctx, again)
			if err != nil {
				t.Fatal(err)
			}
			if !p.Replay || p.ID != first.ID || p.InputHash != first.InputHash || p.Metadata["round"] != "r1" {
				t.Fatalf("replay %+v, first %+v", p, first)
			}
			if b.balance(alice.ID) != 900 {
				t.Fatalf("replay moved money: %d", b.balance(alice.ID))
			}
		})
		t.Run("ErrIdempotencyMismatch", func(t *testing.T) {
			for name, r := range map[string]ledger.PostingRequest{
				"amount": transfer("bet-r1", ledger.KindBet, alice.ID, b.house.ID, 101),
				"kind":   transfer("bet-r1", ledger.KindTransfer, alice.ID, b.house.ID, 100),
				"meta":   {Key: "bet-r1", Kind: ledger.KindBet, Lines: req.Lines, Metadata: map[string]string{"round": "r2", "game": "g9"}},
			} {
				_, err := b.s.Post(ctx, r)
				if err == nil || apperr.As(err).Code != "ledger.idempotency_mismatch" {
					t.Errorf("%s: got %v", name, err)
				}
			}
			if b.balance(alice.ID) != 900 {
				t.Fatal("mismatch moved money")
			}
		})
		b.verifyClean()
	})
}

func TestReverse(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 1_000)
		bet := b.post("bet-x", ledger.KindBet, alice.ID, b.house.ID, 300)

		rev, err := b.s.Reverse(ctx, bet.ID, "rev-bet-x", "round voided")
		if err != nil {
			t.Fatal(err)
		}
		if rev.Kind != ledger.KindCorrection || rev.ReversesID != bet.ID || rev.Metadata["reason"] != "round voided" {
			t.Fatalf("reversal %+v", rev)
		}
		if b.balance(alice.ID) != 1_000 || b.balance(b.house.ID) != 0 {
			t.Fatal("reversal did not restore balances")
		}
		t.Run("SameKeyReplays", func(t *testing.T) {
			p, err := b.s.Reverse(ctx, bet.ID, "rev-bet-x", "round voided")
			if err != nil || !p.Replay || p.ID != rev.ID {
				t.Fatalf("got %+v %v", p, err)
			}
		})
		t.Run("ErrAlreadyReversed", func(t *testing.T) {
			_, err := b.s.Reverse(ctx, bet.ID, "rev-bet-x-2", "again")
			wantCode(t, err, "ledger.already_reversed")
		})
		t.Run("ErrUnknownPosting", func(t *testing.T) {
			_, err := b.s.Reverse(ctx, 999999, "rev-none", "x")
			wantCode(t, err, "ledger.unknown_posting")
		})
		t.Run("ErrInsufficientFundsWhenSpent", func(t *testing.T) {
			dep := b.post("deposit-2", ledger.KindDeposit, b.clearing.ID, alice.ID, 500)
			b.post("bet-all", ledger.KindBet, alice.ID, b.house.ID, 1_500)
			_, err := b.s.Reverse(ctx, dep.ID, "rev-dep-2", "chargeback")
			wantCode(t, err, "ledger.insufficient_funds")
		})
		t.Run("AppendOnly", func(t *testing.T) {
			for _, q := range []string{
				`UPDATE ledger_line SET amount = amount + 1`,
				`DELETE FROM ledger_line`,
				`UPDATE ledger_posting SET kind = 'win'`,
				`DELETE FROM ledger_posting`,
			} {
				if _, err := d.ExecContext(ctx, q); err == nil {
					t.Errorf("%s: want refusal", q)
				}
			}
		})
		b.verifyClean()
	})
}

func TestVerify(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 1_000)
		bet := b.post("bet-v", ledger.KindBet, alice.ID, b.house.ID, 400)
		b.verifyClean()

		t.Run("TamperedBalance", func(t *testing.T) {
			if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE ledger_account SET balance = balance + 50 WHERE id = ?`), alice.ID); err != nil {
				t.Fatal(err)
			}
			rep, err := b.s.Verify(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() || len(rep.Problems) != 1 || rep.Problems[0].Kind != ledger.ProblemBalance ||
				rep.Problems[0].AccountID != alice.ID || rep.Problems[0].Want != 600 || rep.Problems[0].Got != 650 {
				t.Fatalf("report %+v", rep)
			}
			if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE ledger_account SET balance = balance - 50 WHERE id = ?`), alice.ID); err != nil {
				t.Fatal(err)
			}
			b.verifyClean()
		})
		t.Run("OrphanLine", func(t *testing.T) {
			// A line of no posting: PostgreSQL keeps no foreign keys on lines
			// (migration 0022), so Verify must find it; SQLite refuses it.
			_, err := d.ExecContext(ctx, d.Rebind(`INSERT INTO ledger_line (posting_id, account_id, amount, currency, balance_after, created_at) VALUES (?, ?, 0, ?, 0, 0)`),
				int64(1_000_000_000), alice.ID, php)
			if d.Dialect != db.Postgres {
				if err == nil {
					t.Fatal("sqlite accepted a line of no posting")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			rep, err := b.s.Verify(ctx)
			if err != nil {
				t.Fatal(err)
			}
			orphans := 0
			for _, p := range rep.Problems {
				if p.Kind == ledger.ProblemOrphan {
					orphans++
					if p.PostingID != 1_000_000_000 || p.AccountID != alice.ID {
						t.Errorf("orphan problem %+v", p)
					}
				}
			}
			if orphans != 1 {
				t.Fatalf("report %v", rep.Problems)
			}
			if _, err := d.ExecContext(ctx, `ALTER TABLE ledger_line DISABLE TRIGGER ledger_line_append_only`); err != nil {
				t.Fatal(err)
			}
			if _, err := d.ExecContext(ctx, `DELETE FROM ledger_line WHERE posting_id = 1000000000`); err != nil {
				t.Fatal(err)
			}
			if _, err := d.ExecContext(ctx, `ALTER TABLE ledger_line ENABLE TRIGGER ledger_line_append_only`); err != nil {
				t.Fatal(err)
			}
			b.verifyClean()
		})
		t.Run("TamperedLine", func(t *testing.T) {
			// Someone with DDL rights gets past the append-only trigger.
			disable := `DROP TRIGGER ledger_line_no_update`
			if d.Dialect == db.Postgres {
				disable = `ALTER TABLE ledger_line DISABLE TRIGGER ledger_line_append_only`
			}
			if _, err := d.ExecContext(ctx, disable); err != nil {
				t.Fatal(err)
			}
			if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE ledger_line SET amount = amount - 1 WHERE posting_id = ? AND account_id = ?`), bet.ID, b.house.ID); err != nil {
				t.Fatal(err)
			}
			rep, err := b.s.Verify(ctx)
			if err != nil {
				t.Fatal(err)
			}
			kinds := map[string]int{}
			for _, p := range rep.Problems {
				kinds[p.Kind]++
				if p.Kind == ledger.ProblemUnbalanced && (p.PostingID != bet.ID || p.Got != -1 || p.Currency != php) {
					t.Errorf("unbalanced problem %+v", p)
				}
				if p.Kind == ledger.ProblemBalance && p.AccountID != b.house.ID {
					t.Errorf("balance problem %+v", p)
				}
				if p.Kind == ledger.ProblemBalanceAfter && (p.PostingID != bet.ID || p.AccountID != b.house.ID || p.Want != 399 || p.Got != 400) {
					t.Errorf("balance_after problem %+v", p)
				}
			}
			if kinds[ledger.ProblemUnbalanced] != 1 || kinds[ledger.ProblemBalance] != 1 || kinds[ledger.ProblemBalanceAfter] != 1 || len(rep.Problems) != 3 {
				t.Fatalf("report %v", rep.Problems)
			}
			if rep.Accounts != 3 || rep.Postings != 2 || rep.Lines != 4 {
				t.Fatalf("counts %+v", rep)
			}
		})
	})
}
