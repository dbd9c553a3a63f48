package commission

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/wallet"
)

// tree is the agent tree in memory: member id → upline, agent flag.
type tree struct {
	mu sync.Mutex
	m  map[int64]Member
}

func (t *tree) Member(_ context.Context, id int64) (Member, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, ok := t.m[id]
	if !ok {
		return Member{}, apperr.NotFound("account.not_found")
	}
	return m, nil
}

func (t *tree) Members(_ context.Context, ids []int64) (map[int64]Member, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := map[int64]Member{}
	for _, id := range ids {
		if m, ok := t.m[id]; ok {
			out[id] = m
		}
	}
	return out, nil
}

func (t *tree) add(id, upline int64, agent bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.m[id] = Member{ID: id, Account: "m" + itoa(id), UplineID: upline, IsAgent: agent}
}

// below reports whether id is agentID or in its team, all levels.
func (t *tree) below(id, agentID int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	for id != 0 {
		if id == agentID {
			return true
		}
		id = t.m[id].UplineID
	}
	return false
}

// play is one settled round for the honest team figures below.
type play struct {
	member          int64
	at              time.Time
	bet, win, valid int64
}

// teamFigures sums the rounds of the agent's team (the agent and every
// member below it) in [from, to); a member is active with valid bets of at
// least activeMin.
type teamFigures struct {
	tree  *tree
	mu    sync.Mutex
	plays []play
}

func (f *teamFigures) Teams(ctx context.Context, agents []int64, _ string, from, to time.Time, _ *time.Location, activeMin int64) (map[int64]TeamTotals, error) {
	out := map[int64]TeamTotals{}
	for _, a := range agents {
		t, err := f.Totals(ctx, a, from, to, activeMin)
		if err != nil {
			return nil, err
		}
		out[a] = t
	}
	return out, nil
}

func (f *teamFigures) Totals(_ context.Context, agentID int64, from, to time.Time, activeMin int64) (TeamTotals, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var t TeamTotals
	valid := map[int64]int64{}
	for _, p := range f.plays {
		if p.at.Before(from) || !p.at.Before(to) || !f.tree.below(p.member, agentID) {
			continue
		}
		t.Bets += p.bet
		t.Wins += p.win
		t.ValidBets += p.valid
		valid[p.member] += p.valid
	}
	t.NetLoss = t.Bets - t.Wins
	for _, v := range valid {
		if v > 0 && v >= activeMin {
			t.ActiveMembers++
		}
	}
	return t, nil
}

func (f *teamFigures) add(p play) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.plays = append(f.plays, p)
}

type settingsFixed struct{ st Settings }

func (s *settingsFixed) CommissionSettings(context.Context) (Settings, error) { return s.st, nil }

type notes struct {
	mu   sync.Mutex
	sent map[int64][]string
}

func (n *notes) Notify(_ context.Context, memberID int64, x notify.Notice) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.sent[memberID] = append(n.sent[memberID], x.Kind)
	return nil
}

func (n *notes) NotifyMany(ctx context.Context, ns []notify.Addressed) error {
	for _, x := range ns {
		if err := n.Notify(ctx, x.MemberID, x.Notice); err != nil {
			return err
		}
	}
	return nil
}

func (n *notes) has(memberID int64, kind string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, k := range n.sent[memberID] {
		if k == kind {
			return true
		}
	}
	return false
}

type fixture struct {
	t      *testing.T
	ctx    context.Context
	db     *db.DB
	clk    *clock.Fixed
	tree   *tree
	figs   *teamFigures
	set    *settingsFixed
	notes  *notes
	ledger *ledger.Store
	wallet *wallet.Service
	svc    *Service
}

var manila = time.FixedZone("UTC+8", 8*3600)

func newFixture(t *testing.T, d *db.DB) *fixture {
	ctx := context.Background()
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, ctx: ctx, db: d, clk: clock.NewFixed(time.Date(2026, 11, 27, 9, 0, 0, 0, manila)),
		tree: &tree{m: map[int64]Member{}}, notes: &notes{sent: map[int64][]string{}}}
	f.figs = &teamFigures{tree: f.tree}
	f.set = &settingsFixed{st: Settings{Enabled: map[Type]bool{TypeDividend: true, TypeDailyWage: true, TypeHourlyWage: true, TypeRealtime: true},
		ActiveMin: 10_000, ExpireAfter: 7 * 24 * time.Hour, Currency: "PHP", Decimals: 2, Location: manila}}
	f.ledger = ledger.NewStore(d, f.clk)
	f.wallet = wallet.NewService(f.ledger, brands, nil, nil)
	f.svc = NewService(Deps{Store: NewStore(d), Tree: f.tree, Figures: f.figs, Settings: f.set, Accounts: f.ledger,
		Wallet: f.wallet, Notifier: f.notes, Clock: f.clk})
	// Platform → 1 (top agent) → 2 (agent) → 3 (agent) → 4 (player); 5 is
	// an agent under 1 too; 6 a player under 1.
	f.tree.add(1, 0, true)
	f.tree.add(2, 1, true)
	f.tree.add(3, 2, true)
	f.tree.add(4, 3, false)
	f.tree.add(5, 1, true)
	f.tree.add(6, 1, false)
	return f
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func (f *fixture) setNow(t time.Time) { f.clk.Advance(t.Sub(f.clk.Now())) }

func opCaller() operator.Caller {
	return operator.Caller{ID: 1, Username: "ops01", Role: operator.RoleAdmin}
}

func (f *fixture) code(err error, want string) {
	f.t.Helper()
	if err == nil || apperr.As(err).Code != want {
		f.t.Fatalf("got %v, want %s", err, want)
	}
}

func (f *fixture) must(c Contract, err error) Contract {
	f.t.Helper()
	if err != nil {
		f.t.Fatal(err)
	}
	return c
}

func (f *fixture) platformOffer(req OfferRequest) Contract {
	f.t.Helper()
	c, err := f.svc.offer(f.ctx, 0, req, "operator:1")
	return f.must(c, err)
}

func daily(tiers ...Tier) OfferRequest {
	return OfferRequest{Type: TypeDailyWage, Tiers: tiers}
}

func (f *fixture) balance(spec ledger.AccountSpec) int64 {
	f.t.Helper()
	a, err := f.ledger.EnsureAccount(f.ctx, spec)
	if err != nil {
		f.t.Fatal(err)
	}
	return a.Balance
}

func (f *fixture) verify() {
	f.t.Helper()
	rep, err := f.ledger.Verify(f.ctx)
	if err != nil || len(rep.Problems) > 0 {
		f.t.Fatalf("ledger verify: %v %+v", err, rep.Problems)
	}
}

// fund credits a member's main balance (as a deposit would).
func (f *fixture) fund(member, amount int64, key string) {
	f.t.Helper()
	clr, err := f.ledger.EnsureAccount(f.ctx, ledger.System(ledger.PurposeCashierClearing, "PHP"))
	if err != nil {
		f.t.Fatal(err)
	}
	main, err := f.ledger.EnsureAccount(f.ctx, ledger.PlayerMain(member, "PHP"))
	if err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.wallet.Post(f.ctx, ledger.PostingRequest{Key: key, Kind: ledger.KindDeposit,
		Lines: []ledger.Line{{AccountID: clr.ID, Amount: -amount, Currency: "PHP"}, {AccountID: main.ID, Amount: amount, Currency: "PHP"}}}); err != nil {
		f.t.Fatal(err)
	}
}

func TestLifecycle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := f.ctx
		// The platform's contract with the top agent.
		top := f.platformOffer(OfferRequest{DownlineID: 1, Type: TypeDailyWage, Tiers: dailyTiers})
		if top.Status != StatusPending || top.Period != PeriodDaily {
			t.Fatalf("%+v", top)
		}
		// Bad offers change nothing.
		_, err := f.svc.Offer(ctx, 1, daily(Tier{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 40}))
		f.code(err, "commission.not_direct_downline") // no downline named
		_, err = f.svc.offer(ctx, 0, OfferRequest{DownlineID: 2, Type: TypeDailyWage, Tiers: dailyTiers}, "operator:1")
		f.code(err, "commission.not_top_agent")
		req := daily(Tier{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 40})
		req.DownlineID = 2
		_, err = f.svc.Offer(ctx, 1, req)
		f.code(err, "commission.upline_no_contract") // 1 has not accepted yet
		_, err = f.svc.Offer(ctx, 2, OfferRequest{DownlineID: 4, Type: TypeDailyWage, Tiers: req.Tiers})
		f.code(err, "commission.not_direct_downline") // 4 is a player, and not 2's direct downline
		_, err = f.svc.Offer(ctx, 1, OfferRequest{DownlineID: 6, Type: TypeDailyWage, Tiers: req.Tiers})
		f.code(err, "commission.not_direct_downline") // 6 is a player
		_, err = f.svc.Offer(ctx, 1, OfferRequest{DownlineID: 2, Type: TypeDividend, Period: "yearly", Tiers: dividendTiers})
		f.code(err, "commission.period_invalid")
		_, err = f.svc.Offer(ctx, 1, OfferRequest{DownlineID: 2, Type: "bonus"})
		f.code(err, "commission.type_invalid")
		f.set.st.Enabled[TypeHourlyWage] = false
		_, err = f.svc.Offer(ctx, 1, OfferRequest{DownlineID: 2, Type: TypeHourlyWage, Tiers: req.Tiers})
		f.code(err, "commission.type_disabled")
		f.set.st.Enabled[TypeHourlyWage] = true
		_, err = f.svc.Offer(ctx, 1, OfferRequest{DownlineID: 2, Type: TypeRealtime, Realtime: &Rates{}})
		f.code(err, "commission.rates_invalid")

		// 1 accepts; the upline (platform) is not told, the offer is active.
		_, err = f.svc.Accept(ctx, 2, top.ID)
		f.code(err, "commission.contract_not_found") // not a party
		top = f.must(f.svc.Accept(ctx, 1, top.ID))
		if top.Status != StatusActive {
			t.Fatalf("%+v", top)
		}
		_, err = f.svc.Accept(ctx, 1, top.ID)
		f.code(err, "commission.not_pending") // accepting twice
		_, err = f.svc.Reject(ctx, 1, top.ID)
		f.code(err, "commission.not_pending")

		// 1 offers 2: above its own contract at tier 1's thresholds is refused.
		high := daily(Tier{ValidBets: 20_000_000, ActiveMembers: 15, Rate: 90})
		high.DownlineID = 2
		_, err = f.svc.Offer(ctx, 1, high)
		f.code(err, "commission.rate_above_upline")
		if apperr.As(err).Params["tier"] != 1 {
			t.Fatalf("params %v", apperr.As(err).Params)
		}
		off := f.must(f.svc.Offer(ctx, 1, req))
		if !f.notes.has(2, notify.KindContractOffered) {
			t.Fatal("downline not told of the offer")
		}
		_, err = f.svc.Offer(ctx, 1, req)
		f.code(err, "commission.offer_pending")
		_, err = f.svc.Accept(ctx, 1, off.ID)
		f.code(err, "commission.not_party") // the upline cannot accept its own offer
		rej := f.must(f.svc.Reject(ctx, 2, off.ID))
		if rej.Status != StatusRejected || !f.notes.has(1, notify.KindContractRejected) {
			t.Fatalf("%+v", rej)
		}
		_, err = f.svc.Accept(ctx, 2, off.ID)
		f.code(err, "commission.not_pending") // accepting a rejected offer

		// A new offer, accepted; 2 offers 3 at 0.3 %, accepted.
		c2 := f.must(f.svc.Offer(ctx, 1, req))
		c2 = f.must(f.svc.Accept(ctx, 2, c2.ID))
		if !f.notes.has(1, notify.KindContractAccepted) {
			t.Fatal("upline not told of the acceptance")
		}
		c3 := f.must(f.svc.Offer(ctx, 2, OfferRequest{DownlineID: 3, Type: TypeDailyWage, Tiers: []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 30}}}))
		c3 = f.must(f.svc.Accept(ctx, 3, c3.ID))

		// Replacing 2's contract with one at 0.35 %: 3's 0.3 % stays.
		rep := req
		rep.Tiers = []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 35}}
		c2b := f.must(f.svc.Offer(ctx, 1, rep))
		if c2b.ReplacesID != c2.ID {
			t.Fatalf("replaces %d", c2b.ReplacesID)
		}
		c2b = f.must(f.svc.Accept(ctx, 2, c2b.ID))
		if old := f.must(f.svc.Contract(ctx, 2, c2.ID)); old.Status != StatusTerminated || old.EndReason != EndReplaced {
			t.Fatalf("old %+v", old)
		}
		if x := f.must(f.svc.Contract(ctx, 3, c3.ID)); x.Status != StatusActive {
			t.Fatalf("3's contract %+v", x)
		}
		// Now one at 0.25 %: below 3's 0.3 %, so 3's contract ends with it, both told.
		rep.Tiers = []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 25}}
		c2c := f.must(f.svc.Offer(ctx, 1, rep))
		f.must(f.svc.Accept(ctx, 2, c2c.ID))
		if x := f.must(f.svc.Contract(ctx, 3, c3.ID)); x.Status != StatusTerminated || x.EndReason != EndAuto {
			t.Fatalf("3's contract %+v", x)
		}
		if !f.notes.has(3, notify.KindContractAutoEnded) || !f.notes.has(2, notify.KindContractAutoEnded) {
			t.Fatalf("auto termination not told: %v", f.notes.sent)
		}

		// Either party terminates; twice is refused; a stranger sees nothing.
		_, err = f.svc.Terminate(ctx, 5, c2c.ID)
		f.code(err, "commission.contract_not_found")
		x := f.must(f.svc.Terminate(ctx, 2, c2c.ID))
		if x.Status != StatusTerminated || x.EndReason != EndDownline {
			t.Fatalf("%+v", x)
		}
		_, err = f.svc.Terminate(ctx, 1, c2c.ID)
		f.code(err, "commission.not_active")

		// Lists by side.
		p, err := f.svc.Contracts(ctx, ContractFilter{MemberID: 2, Side: "downline"}, 1, 20)
		if err != nil || p.Total != 4 { // rejected, replaced twice, terminated
			t.Fatalf("%d %v", p.Total, err)
		}
		p, err = f.svc.Contracts(ctx, ContractFilter{MemberID: 2, Side: "upline"}, 1, 20)
		if err != nil || p.Total != 1 || p.List[0].DownlineAccount != "m3" || p.List[0].UplineAccount != "m2" {
			t.Fatalf("%+v %v", p, err)
		}
	})
}

// TestParallelAccept: of many parallel accepts of one offer exactly one
// succeeds, the rest are not_pending; and of two different offers... one
// contract is active at a time.
func TestParallelAccept(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		top := f.platformOffer(OfferRequest{DownlineID: 1, Type: TypeDailyWage, Tiers: dailyTiers})
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.svc.Accept(f.ctx, 1, top.ID)
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case apperr.As(err).Code != "commission.not_pending":
				t.Fatalf("unexpected %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d accepts succeeded", ok)
		}
		p, err := f.svc.Contracts(f.ctx, ContractFilter{MemberID: 1, Status: StatusActive}, 1, 20)
		if err != nil || p.Total != 1 {
			t.Fatalf("%d active, %v", p.Total, err)
		}
	})
}

func (f *fixture) dailyChain() (c1, c2 Contract) {
	f.t.Helper()
	c1 = f.platformOffer(OfferRequest{DownlineID: 1, Type: TypeDailyWage, Tiers: dailyTiers})
	c1 = f.must(f.svc.Accept(f.ctx, 1, c1.ID))
	c2 = f.must(f.svc.Offer(f.ctx, 1, OfferRequest{DownlineID: 2, Type: TypeDailyWage,
		Tiers: []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 40}, {ValidBets: 20_000_000, ActiveMembers: 15, Rate: 60}}}))
	c2 = f.must(f.svc.Accept(f.ctx, 2, c2.ID))
	return
}

// TestSettleDaily: the three-level example settled through the ledger;
// settling twice pays once; a bill its payer cannot pay waits and is paid
// by a later run after a deposit.
func TestSettleDaily(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		f.setNow(time.Date(2026, 11, 25, 8, 0, 0, 0, manila))
		f.dailyChain()
		day, end := time.Date(2026, 11, 26, 0, 0, 0, 0, manila), time.Date(2026, 11, 27, 0, 0, 0, 0, manila)
		// Team of 2: 20 members below 3 with 12,500.00 valid each (250,000.00);
		// team of 1: those plus 15 under 5 with 10,000.00 each (400,000.00).
		for i := int64(0); i < 20; i++ {
			id := 100 + i
			f.tree.add(id, 3, false)
			f.figs.add(play{member: id, at: day.Add(time.Hour), bet: 1_250_000, win: 1_000_000, valid: 1_250_000})
		}
		for i := int64(0); i < 15; i++ {
			id := 200 + i
			f.tree.add(id, 5, false)
			f.figs.add(play{member: id, at: day.Add(2 * time.Hour), bet: 1_000_000, win: 900_000, valid: 1_000_000})
		}
		f.figs.add(play{member: 120, at: end, bet: 99_999_999, valid: 99_999_999}) // the next day: not counted

		_, err := f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, day, end)
		f.code(err, "commission.period_open") // the day has not ended yet
		f.setNow(end.Add(10 * time.Minute))
		_, err = f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, day, end.Add(time.Hour))
		f.code(err, "commission.period_open") // not one period

		// Bills are paid in the order they were recorded, the platform's to
		// 1 first (its contract is older), so 1 can pay 2 from it.
		sum, err := f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, day, end)
		if err != nil {
			t.Fatal(err)
		}
		if sum.Contracts != 2 || sum.Created != 2 || sum.Paid != 2 || sum.Unpaid != 0 {
			t.Fatalf("%+v", sum)
		}
		bills, err := f.svc.Bills(f.ctx, BillFilter{Type: TypeDailyWage}, 1, 20)
		if err != nil || bills.Total != 2 {
			t.Fatalf("%+v %v", bills, err)
		}
		byPayee := map[int64]Bill{}
		for _, b := range bills.List {
			byPayee[b.PayeeID] = b
		}
		b1, b2 := byPayee[1], byPayee[2]
		if b1.Amount != 320_000 || b1.Inputs.Tier != 2 || b1.Inputs.ValidBets != 40_000_000 || b1.Inputs.ActiveMembers != 35 || b1.PayerID != 0 {
			t.Fatalf("bill of 1: %+v", b1)
		}
		if b2.Amount != 150_000 || b2.Inputs.Tier != 2 || b2.Inputs.Rate != 60 || b2.PayerID != 1 {
			t.Fatalf("bill of 2: %+v", b2)
		}
		if b1.Status != BillPaid {
			t.Fatalf("bill of 1 %s", b1.Status)
		}
		if b2.Status != BillPaid {
			t.Fatalf("bill of 2 %s", b2.Status)
		}
		if got := f.balance(ledger.PlayerMain(1, "PHP")); got != 320_000-150_000 {
			t.Fatalf("1 holds %d", got)
		}
		if got := f.balance(ledger.PlayerMain(2, "PHP")); got != 150_000 {
			t.Fatalf("2 holds %d", got)
		}
		// Running again pays nothing more.
		if sum, err := f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, day, end); err != nil || sum.Created != 0 || sum.Paid != 0 {
			t.Fatalf("%+v %v", sum, err)
		}
		if got := f.balance(ledger.PlayerMain(2, "PHP")); got != 150_000 {
			t.Fatalf("2 holds %d after a second run", got)
		}
		if !f.notes.has(2, notify.KindCommissionPaid) || !f.notes.has(1, notify.KindCommissionPaid) {
			t.Fatalf("%v", f.notes.sent)
		}
		// One commission.paid fact per paid bill.
		evs, err := activity.NewStore(d).MemberEventsAfter(f.ctx, 2, 0, 100, true)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, e := range evs {
			if e.Kind == activity.CommissionPaid && e.Amount == 150_000 {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d commission.paid facts for 2", n)
		}
		f.verify()
	})
}

// TestInsufficientFundsRetried: an upline without the funds leaves the bill
// insufficient_funds (both told); after a deposit the next run pays it.
func TestInsufficientFundsRetried(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		f.setNow(time.Date(2026, 11, 25, 8, 0, 0, 0, manila))
		f.dailyChain()
		f.set.st.Enabled[TypeDailyWage] = true
		day, end := time.Date(2026, 11, 26, 0, 0, 0, 0, manila), time.Date(2026, 11, 27, 0, 0, 0, 0, manila)
		for i := int64(0); i < 6; i++ {
			f.tree.add(300+i, 3, false)
			f.figs.add(play{member: 300 + i, at: day.Add(time.Hour), bet: 1_000_000, win: 0, valid: 1_000_000})
		}
		// The platform bill waits for an operator, so 1 has no money to pay 2.
		f.set.st.PlatformApproval = true
		f.setNow(end.Add(time.Minute))
		sum, err := f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, day, end)
		if err != nil || sum.Awaiting != 1 || sum.Unpaid != 1 {
			t.Fatalf("%+v %v", sum, err)
		}
		if !f.notes.has(2, notify.KindCommissionUnpaid) || !f.notes.has(1, notify.KindCommissionPayerShort) || !f.notes.has(1, notify.KindCommissionAwaiting) {
			t.Fatalf("%v", f.notes.sent)
		}
		bills, _ := f.svc.Bills(f.ctx, BillFilter{PayeeID: 2}, 1, 20)
		b2 := bills.List[0]
		if b2.Status != BillInsufficientFunds || b2.Amount != 24_000 { // 60,000.00 valid at 0.4 %
			t.Fatalf("%+v", b2)
		}
		f.fund(1, 10_000, "dep-1") // not enough yet
		if _, err := f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, day, end); err != nil {
			t.Fatal(err)
		}
		if b, _ := f.svc.Store.bill(f.ctx, b2.ID); b.Status != BillInsufficientFunds {
			t.Fatalf("%s", b.Status)
		}
		f.fund(1, 20_000, "dep-2")
		f.setNow(end.Add(6 * time.Minute))
		// The next day's run retries the earlier bill.
		if _, err := f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, day, end); err != nil {
			t.Fatal(err)
		}
		if b, _ := f.svc.Store.bill(f.ctx, b2.ID); b.Status != BillPaid || b.Paid != 24_000 {
			t.Fatalf("%+v", b)
		}
		if got := f.balance(ledger.PlayerMain(1, "PHP")); got != 30_000-24_000 {
			t.Fatalf("1 holds %d", got)
		}
		f.verify()
	})
}

// TestApprovalAndExpiry: a platform bill waits for an operator (approve
// pays, reject pays nothing, twice refused); an upline bill unpaid past the
// expiry is paid in part from what the payer has, or expires.
func TestApprovalAndExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		f.setNow(time.Date(2026, 11, 1, 8, 0, 0, 0, manila))
		f.dailyChain()
		f.set.st.PlatformApproval = true
		for i := int64(0); i < 6; i++ {
			f.tree.add(300+i, 3, false)
			for day := 2; day <= 3; day++ {
				f.figs.add(play{member: 300 + i, at: time.Date(2026, 11, day, 12, 0, 0, 0, manila), bet: 1_000_000, valid: 1_000_000})
			}
		}
		settle := func(day int) {
			t.Helper()
			s := time.Date(2026, 11, day, 0, 0, 0, 0, manila)
			if _, err := f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, s, s.AddDate(0, 0, 1)); err != nil {
				t.Fatal(err)
			}
		}
		f.setNow(time.Date(2026, 11, 4, 1, 0, 0, 0, manila))
		settle(2)
		settle(3)
		platform, _ := f.svc.Bills(f.ctx, BillFilter{Platform: true, Status: BillAwaitingApproval}, 1, 20)
		if platform.Total != 2 {
			t.Fatalf("%+v", platform)
		}
		op := opCaller()
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.svc.Approve(f.ctx, op, platform.List[0].ID)
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if !errors.Is(err, ErrBillNotAwaiting) {
				t.Fatal(err)
			}
		}
		if ok != 1 || f.balance(ledger.PlayerMain(1, "PHP")) != platform.List[0].Amount {
			t.Fatalf("%d approvals, balance %d", ok, f.balance(ledger.PlayerMain(1, "PHP")))
		}
		_, err := f.svc.RejectBill(f.ctx, op, platform.List[0].ID, "late")
		f.code(err, "commission.bill_not_awaiting")
		if b, err := f.svc.RejectBill(f.ctx, op, platform.List[1].ID, "duplicate team"); err != nil || b.Status != BillRejected {
			t.Fatalf("%+v %v", b, err)
		}
		// 1 now holds 60,000.00 × 0.8 %... of the approved day: 480.00 from
		// the platform for its team of 6 at tier 1 (0.5 %: 300.00).
		held := f.balance(ledger.PlayerMain(1, "PHP"))
		// 2's two bills (240.00 each) are paid in turn: the first fully.
		settle(3)
		owed, _ := f.svc.Bills(f.ctx, BillFilter{PayeeID: 2}, 1, 20)
		paid := 0
		for _, b := range owed.List {
			if b.Status == BillPaid {
				paid++
			}
		}
		if held != 30_000 || paid != 1 {
			t.Fatalf("held %d, %d paid: %+v", held, paid, owed.List)
		}
		// Past the expiry: what is left (60.00) is paid in part.
		f.setNow(time.Date(2026, 11, 20, 1, 0, 0, 0, manila))
		settle(3)
		owed, _ = f.svc.Bills(f.ctx, BillFilter{PayeeID: 2, Status: BillPartlyPaid}, 1, 20)
		if owed.Total != 1 || owed.List[0].Paid != 6_000 || f.balance(ledger.PlayerMain(1, "PHP")) != 0 {
			t.Fatalf("%+v", owed)
		}
		if !f.notes.has(2, notify.KindCommissionPartlyPaid) {
			t.Fatal("not told")
		}
		f.verify()
	})
}

// TestSettleDividendCarry: a weekly dividend through Settle: the winning
// week pays nothing and its win is carried into the next bill's inputs.
func TestSettleDividendCarry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		f.setNow(time.Date(2026, 11, 1, 8, 0, 0, 0, manila))
		c := f.platformOffer(OfferRequest{DownlineID: 1, Type: TypeDividend, Period: PeriodWeekly, Tiers: dividendTiers})
		f.must(f.svc.Accept(f.ctx, 1, c.ID))
		w1 := time.Date(2026, 11, 2, 0, 0, 0, 0, manila) // a Monday
		w2 := w1.AddDate(0, 0, 7)
		// 15 active players: week 1 they win 30,000.00 in all, week 2 lose 90,000.00.
		for i := int64(0); i < 15; i++ {
			f.tree.add(400+i, 6, false)
			f.figs.add(play{member: 400 + i, at: w1.Add(time.Hour), bet: 4_000_000, win: 4_200_000, valid: 4_000_000})
			f.figs.add(play{member: 400 + i, at: w2.Add(time.Hour), bet: 5_000_000, win: 4_400_000, valid: 5_000_000})
		}
		f.setNow(w2.AddDate(0, 0, 7).Add(time.Hour))
		if _, err := f.svc.Settle(f.ctx, TypeDividend, PeriodWeekly, w1, w2); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Settle(f.ctx, TypeDividend, PeriodWeekly, w2, w2.AddDate(0, 0, 7)); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.Settle(f.ctx, TypeDividend, PeriodMonthly, w1, w2)
		f.code(err, "commission.period_open") // not a month
		bills, err := f.svc.Bills(f.ctx, BillFilter{PayeeID: 1}, 1, 20)
		if err != nil || bills.Total != 2 {
			t.Fatalf("%+v %v", bills, err)
		}
		second, first := bills.List[0], bills.List[1] // newest first
		if first.Status != BillNotReached || first.Inputs.NetLoss != -3_000_000 || first.Inputs.CarryOut != -3_000_000 {
			t.Fatalf("week 1: %+v", first)
		}
		// 90,000.00 − 30,000.00 = 60,000.00 at tier 2 (valid 750,000.00, 15 active): 25 %.
		if second.Status != BillPaid || second.Inputs.CarryIn != -3_000_000 || second.Inputs.Tier != 2 || second.Amount != 1_500_000 {
			t.Fatalf("week 2: %+v", second)
		}
		if got := f.balance(ledger.PlayerMain(1, "PHP")); got != 1_500_000 {
			t.Fatalf("1 holds %d", got)
		}
		f.verify()
	})
}
