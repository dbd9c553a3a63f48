package agent_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/withdraw"
)

const payPW = "246810"

func (s *site) setPaymentPassword(c account.Caller, login string) {
	s.t.Helper()
	if err := s.wd.SetPassword(context.Background(), c, withdraw.SetPasswordRequest{Password: login, NewPaymentPassword: payPW,
		ConfirmPaymentPassword: payPW}); err != nil {
		s.t.Fatal(err)
	}
}

func (s *site) balance(id int64) int64 {
	s.t.Helper()
	b, _, err := s.wallet.MainBalancesOf(context.Background(), []int64{id})
	if err != nil {
		s.t.Fatal(err)
	}
	return b[id]
}

func (s *site) verifyLedger() {
	s.t.Helper()
	rep, err := s.ledger.Verify(context.Background())
	if err != nil {
		s.t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		s.t.Fatalf("ledger problems: %+v", rep.Problems)
	}
}

func TestTransfers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tr := buildTree(t, s)
		s.setPaymentPassword(tr.agentC, account.DemoPassword)
		s.setPaymentPassword(tr.play2C, memberPassword)
		if _, err := s.wallet.SeedDemo(ctx, tr.agentC.MemberID); err != nil {
			t.Fatal(err)
		}
		start := s.balance(tr.agentC.MemberID)
		ok := agent.TransferRequest{Username: "play02x", Amount: 10_000, PaymentPassword: payPW, Remark: "float"}
		cases := []struct {
			name string
			mod  func(r *agent.TransferRequest)
			code string
		}{
			{"ErrSelf", func(r *agent.TransferRequest) { r.Username = account.DemoAgent }, "agent.transfer_self"},
			{"ErrZero", func(r *agent.TransferRequest) { r.Amount = 0 }, "agent.amount_invalid"},
			{"ErrNegative", func(r *agent.TransferRequest) { r.Amount = -5 }, "agent.amount_invalid"},
			{"ErrBelowMin", func(r *agent.TransferRequest) { r.Amount = 99 }, "agent.amount_below_min"},
			{"ErrAboveMax", func(r *agent.TransferRequest) { r.Amount = 5_000_001 }, "agent.amount_above_max"},
			{"ErrAboveBalance", func(r *agent.TransferRequest) { r.Amount = start + 1 }, "agent.insufficient_balance"},
			{"ErrUnknown", func(r *agent.TransferRequest) { r.Username = "nobody99" }, "agent.not_in_team"},
			{"ErrNotDirect", func(r *agent.TransferRequest) { r.Username = "play01x" }, "agent.not_in_team"},
			{"ErrWrongPassword", func(r *agent.TransferRequest) { r.PaymentPassword = "000000" }, "withdraw.wrong_payment_password"},
		}
		for _, c := range cases {
			req := ok
			c.mod(&req)
			if _, err := s.svc.ToDownlineMember(ctx, tr.agentC, req, "bad-"+c.name); codeOf(err) != c.code {
				t.Fatalf("%s: %v, want %s", c.name, err, c.code)
			}
		}
		if s.balance(tr.agentC.MemberID) != start || s.balance(tr.pl2) != 0 {
			t.Fatal("a refused transfer moved money")
		}
		if _, err := s.svc.ToDownlineMember(ctx, tr.play2C, ok, "m1"); codeOf(err) != "agent.not_agent" {
			t.Fatalf("member to downline: %v", err)
		}

		// By HTTP: the key is required; the same key applies once.
		if r := s.call("POST", "/wps/agent/transfer", tr.agentTok, ok, nil); r.status != 400 {
			t.Fatalf("no key: %d %s", r.status, r.env.Code)
		}
		r := s.call("POST", "/wps/agent/transfer", tr.agentTok, ok, map[string]string{"Idempotency-Key": "t-1"})
		if r.status != 200 || r.value["balance"] != float64(start-10_000) || r.value["to"] != "play02x" {
			t.Fatalf("transfer: %d %+v", r.status, r.env)
		}
		again := s.call("POST", "/wps/agent/transfer", tr.agentTok, ok, map[string]string{"Idempotency-Key": "t-1"})
		if again.status != 200 || again.value["replay"] != true || again.value["postingId"] != r.value["postingId"] {
			t.Fatalf("replay: %d %+v", again.status, again.env)
		}
		other := ok
		other.Amount = 20_000
		if r := s.call("POST", "/wps/agent/transfer", tr.agentTok, other, map[string]string{"Idempotency-Key": "t-1"}); r.status != 409 || r.env.Code != "ledger.idempotency_mismatch" {
			t.Fatalf("key reused: %d %s", r.status, r.env.Code)
		}
		if s.balance(tr.pl2) != 10_000 {
			t.Fatalf("play02x has %d", s.balance(tr.pl2))
		}

		// The member sends some back to its upline.
		back, err := s.svc.ToUpline(ctx, tr.play2C, agent.TransferRequest{Amount: 4_000, PaymentPassword: payPW}, "u-1")
		if err != nil || back.To != account.DemoAgent || back.Balance != 6_000 {
			t.Fatalf("to upline: %+v %v", back, err)
		}
		if _, err := s.svc.ToUpline(ctx, tr.agentC, agent.TransferRequest{Amount: 4_000, PaymentPassword: payPW}, "u-2"); codeOf(err) != "agent.no_upline" {
			t.Fatalf("agent01 has no upline: %v", err)
		}
		info, err := s.svc.UplineInfo(ctx, tr.play2C)
		if err != nil || info.Upline == nil || info.Upline.Account != account.DemoAgent || info.Min != 100 || info.Balance != 6_000 {
			t.Fatalf("upline info %+v %v", info, err)
		}

		// Both parties see both transfers in their account record.
		recs := wallet.NewRecords(s.wallet, s.clockNow())
		for _, id := range []int64{tr.agentC.MemberID, tr.pl2} {
			page, err := recs.PageOf(ctx, id, wallet.RecordQuery{Type: "transfer", Page: 1, PageSize: 20})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range page.List {
				got = append(got, fmt.Sprintf("%s %d %s", l.Kind, l.Amount, l.Remark))
			}
			want := map[int64]string{
				tr.agentC.MemberID: "[agent_transfer 4000 play02x → agent01 agent_transfer -10000 agent01 → play02x (float)]",
				tr.pl2:             "[agent_transfer -4000 play02x → agent01 agent_transfer 10000 agent01 → play02x (float)]",
			}[id]
			if fmt.Sprint(got) != want {
				t.Fatalf("record of %d: %v\nwant %s", id, got, want)
			}
		}
		s.verifyLedger()
	})
}

// Parallel transfers never overdraw the agent, and one key applies once.
func TestTransfersInParallel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tr := buildTree(t, s)
		s.setPaymentPassword(tr.agentC, account.DemoPassword)
		if _, err := s.wallet.SeedDemo(ctx, tr.agentC.MemberID); err != nil {
			t.Fatal(err)
		}
		start := s.balance(tr.agentC.MemberID) // 1,000,000
		amount := start / 4                    // only four fit
		var wg sync.WaitGroup
		var mu sync.Mutex
		okN, poorN := 0, 0
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				to := []string{"play02x", "sub01x", "subtwo"}[i%3]
				_, err := s.svc.ToDownlineMember(ctx, tr.agentC, agent.TransferRequest{Username: to, Amount: amount, PaymentPassword: payPW}, fmt.Sprintf("p-%d", i))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					okN++
				case codeOf(err) == "agent.insufficient_balance":
					poorN++
				default:
					t.Errorf("transfer %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		if okN != 4 || poorN != 4 || s.balance(tr.agentC.MemberID) != 0 {
			t.Fatalf("%d done, %d refused, balance %d", okN, poorN, s.balance(tr.agentC.MemberID))
		}
		// One key sent five times at once moves the money once.
		if _, err := s.svc.ToUpline(ctx, tr.play2C, agent.TransferRequest{Amount: 100, PaymentPassword: payPW}, "x"); err == nil {
			t.Fatal("play02x has no payment password yet")
		}
		s.setPaymentPassword(tr.play2C, memberPassword)
		before := s.balance(tr.pl2)
		var posted sync.Map
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := s.svc.ToUpline(ctx, tr.play2C, agent.TransferRequest{Amount: 1_000, PaymentPassword: payPW}, "same-key")
				if err != nil && !errors.Is(err, ledger.ErrIdempotencyMismatch) {
					t.Errorf("same key: %v", err)
					return
				}
				posted.Store(res.PostingID, true)
			}()
		}
		wg.Wait()
		n := 0
		posted.Range(func(_, _ any) bool { n++; return true })
		if n != 1 || s.balance(tr.pl2) != before-1_000 {
			t.Fatalf("%d postings, balance %d (was %d)", n, s.balance(tr.pl2), before)
		}
		s.verifyLedger()
	})
}
