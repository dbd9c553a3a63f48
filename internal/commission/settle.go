package commission

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/jobs"
	"github.com/palaro/palaro/internal/platform/money"
)

// ErrPeriodOpen: a settlement asked for a period that has not ended, or
// for bounds that are not one period.
var ErrPeriodOpen = apperr.Invalid("commission.period_open")

// PeriodBounds is the period of kind p that holds t, in the brand's zone:
// [start, end). Weeks start on Monday; semi-monthly periods are the 1st to
// the 15th and the 16th to the month's end.
func PeriodBounds(p Period, t time.Time, loc *time.Location) (time.Time, time.Time) {
	t = t.In(loc)
	y, m, d := t.Date()
	switch p {
	case PeriodFiveMinutes:
		s := time.Date(y, m, d, t.Hour(), t.Minute()-t.Minute()%5, 0, 0, loc)
		return s, s.Add(5 * time.Minute)
	case PeriodHourly:
		s := time.Date(y, m, d, t.Hour(), 0, 0, 0, loc)
		return s, s.Add(time.Hour)
	case PeriodWeekly:
		s := time.Date(y, m, d-(int(t.Weekday())+6)%7, 0, 0, 0, 0, loc)
		return s, s.AddDate(0, 0, 7)
	case PeriodSemiMonthly:
		if d < 16 {
			return time.Date(y, m, 1, 0, 0, 0, 0, loc), time.Date(y, m, 16, 0, 0, 0, 0, loc)
		}
		return time.Date(y, m, 16, 0, 0, 0, 0, loc), time.Date(y, m+1, 1, 0, 0, 0, 0, loc)
	case PeriodMonthly:
		return time.Date(y, m, 1, 0, 0, 0, 0, loc), time.Date(y, m+1, 1, 0, 0, 0, 0, loc)
	default: // daily
		s := time.Date(y, m, d, 0, 0, 0, 0, loc)
		return s, s.AddDate(0, 0, 1)
	}
}

// Summary tells what one settlement run did.
type Summary struct {
	Contracts  int `json:"contracts"`  // contracts settled for the period
	Created    int `json:"created"`    // bills recorded by this run (the others existed)
	Paid       int `json:"paid"`       // bills paid by this run (also retries of earlier periods)
	Unpaid     int `json:"unpaid"`     // bills left for lack of funds
	NotReached int `json:"notReached"` // bills of this run with nothing to pay
	Awaiting   int `json:"awaiting"`   // bills waiting for an operator
}

// Settle settles one (type, period): for every contract of the type and
// period active at the period's end it records a bill (once: a contract
// has one bill per period) with its inputs and pays it; then it retries the
// type's bills still waiting for funds, of any period. Running it again
// pays nothing twice: the bills exist, and each payment is a ledger posting
// under the bill's key. A type switched off in the brand is not settled.
// Dividend periods settle in order (the carry of a team win goes from one
// bill to the next).
func (s *Service) Settle(ctx context.Context, t Type, p Period, start, end time.Time) (Summary, error) {
	var sum Summary
	if !t.valid() {
		return sum, ErrTypeInvalid
	}
	if (t == TypeDividend && !isDividendPeriod(p)) || (t != TypeDividend && p != fixedPeriod(t)) {
		return sum, ErrPeriodInvalid
	}
	st, err := s.settings(ctx)
	if err != nil {
		return sum, err
	}
	if !st.Enabled[t] {
		return sum, nil
	}
	ws, we := PeriodBounds(p, start, st.Location)
	if !ws.Equal(start) || !we.Equal(end) || end.After(s.Clock.Now()) {
		return sum, ErrPeriodOpen
	}
	contracts, err := s.Store.settleable(ctx, t, p, end.UnixMilli())
	if err != nil {
		return sum, err
	}
	agents := make([]int64, len(contracts))
	ids := make([]int64, len(contracts))
	for i, c := range contracts {
		agents[i], ids[i] = c.DownlineID, c.ID
	}
	teams, err := s.Figures.Teams(ctx, agents, st.Currency, start, end, st.Location, st.ActiveMin)
	if err != nil {
		return sum, err
	}
	var carries map[int64]int64
	if t == TypeDividend {
		if carries, err = s.Store.previousCarries(ctx, ids, start.UnixMilli()); err != nil {
			return sum, err
		}
	}
	bills := make([]Bill, len(contracts))
	for i, c := range contracts {
		bills[i] = s.compute(c, st, start, end, teams[c.DownlineID], carries[c.ID])
	}
	// Recorded a few hundred a statement: a tree's bills are one write
	// per chunk, not one each.
	created, err := s.Store.createBills(ctx, bills)
	if err != nil {
		return sum, err
	}
	var notes []billNote
	for i, b := range bills {
		sum.Contracts++
		if !created[i] {
			continue
		}
		sum.Created++
		switch b.Status {
		case BillNotReached:
			sum.NotReached++
			notes = append(notes, billNote{b.PayeeID, notify.KindCommissionNotReached, b})
		case BillAwaitingApproval:
			sum.Awaiting++
			notes = append(notes, billNote{b.PayeeID, notify.KindCommissionAwaiting, b})
		}
	}
	s.notifyBills(ctx, st, notes)
	unpaid, err := s.Store.unpaid(ctx, t)
	if err != nil {
		return sum, err
	}
	accts, err := s.billAccounts(ctx, unpaid)
	if err != nil {
		return sum, err
	}
	// Down the tree: the platform's bills first, then those of the agents
	// they paid, and so on (an agent pays its downlines from what it was
	// just paid); each payer's bills in the order recorded (its balance
	// decides which it can pay), the payers of one level side by side.
	// The postings of a level go through the ledger's group commit; the
	// paid bills' status and messages are then written together (a run
	// that dies between the two finds the bills unpaid, and the postings'
	// keys make the next run move nothing twice).
	var mu sync.Mutex
	for _, level := range payerLevels(unpaid) {
		var paid []Bill
		err = forEach(ctx, len(level), func(i int) error {
			for _, b := range level[i] {
				status, posted, err := s.payment(ctx, b, st, accts[b.PayerID], accts[b.PayeeID])
				if err != nil {
					return err
				}
				mu.Lock()
				switch status {
				case BillPaid, BillPartlyPaid:
					sum.Paid++
				case BillInsufficientFunds:
					sum.Unpaid++
				}
				if posted {
					paid = append(paid, b)
				}
				mu.Unlock()
			}
			return nil
		})
		if err != nil {
			return sum, err
		}
		if err := s.markPaid(ctx, st, paid); err != nil {
			return sum, err
		}
	}
	return sum, nil
}

// markPaid records bills whose postings are done as paid and tells their
// payees (only the bills this call moved: another settler may have).
func (s *Service) markPaid(ctx context.Context, st Settings, bills []Bill) error {
	if len(bills) == 0 {
		return nil
	}
	ids := make([]int64, len(bills))
	for i, b := range bills {
		ids[i] = b.ID
	}
	moved, err := s.Store.setPaid(ctx, ids, s.Clock.Now().UnixMilli())
	if err != nil {
		return err
	}
	notes := make([]billNote, 0, len(moved))
	for _, b := range bills {
		if moved[b.ID] {
			b.Paid = b.Amount
			notes = append(notes, billNote{b.PayeeID, notify.KindCommissionPaid, b})
		}
	}
	s.notifyBills(ctx, st, notes)
	return nil
}

// payerLevels groups bills (in their order) by payer, and the payers by
// level: the platform's first, then each payer one below the payer of the
// bills paying it (a payer no bill here pays is at level 1).
func payerLevels(bills []Bill) [][][]Bill {
	byPayer := map[int64][]Bill{}
	var payers []int64
	paidBy := map[int64]int64{} // payee → its payer (the last seen: one upline per agent)
	for _, b := range bills {
		if _, ok := byPayer[b.PayerID]; !ok {
			payers = append(payers, b.PayerID)
		}
		byPayer[b.PayerID] = append(byPayer[b.PayerID], b)
		paidBy[b.PayeeID] = b.PayerID
	}
	memo := map[int64]int{0: 0}
	var level func(id int64, depth int) int
	level = func(id int64, depth int) int {
		if l, ok := memo[id]; ok {
			return l
		}
		l := 1
		if up, ok := paidBy[id]; ok && depth < len(bills) { // depth bounds a cycle, which a tree never has
			l = level(up, depth+1) + 1
		}
		memo[id] = l
		return l
	}
	var out [][][]Bill
	for _, p := range payers {
		l := level(p, 0)
		for len(out) <= l {
			out = append(out, nil)
		}
		out[l] = append(out[l], byPayer[p])
	}
	return out
}

// settleWorkers bounds a settlement's payers in flight: a payment waits
// for the ledger's group commit, which writes the postings queued side by
// side with one flush, so a tree of thousands of contracts is not a
// sequence of thousands of disk flushes.
const settleWorkers = 64

// forEach runs fn for 0..n-1 on settleWorkers goroutines; the first error
// stops the rest from starting and is returned.
func forEach(ctx context.Context, n int, fn func(i int) error) error {
	var (
		wg    sync.WaitGroup
		next  atomic.Int64
		first error
		once  sync.Once
		stop  atomic.Bool
	)
	for range min(settleWorkers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() && ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(i); err != nil {
					once.Do(func() { first = err })
					stop.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}

func isDividendPeriod(p Period) bool {
	for _, x := range DividendPeriods {
		if x == p {
			return true
		}
	}
	return false
}

// compute works out a contract's bill for the period; carry is what the
// contract's previous dividend bill left.
func (s *Service) compute(c Contract, st Settings, start, end time.Time, figs TeamTotals, carry int64) Bill {
	in := BillInputs{TeamTotals: figs}
	var r Result
	switch c.Type {
	case TypeDividend:
		r = Dividend(figs, c.Tiers, carry)
	case TypeRealtime:
		r = Realtime(figs, *c.Realtime)
		in.WinRate, in.LossRate, in.BetRate = c.Realtime.WinRate, c.Realtime.LossRate, c.Realtime.BetRate
	default:
		r = Wage(figs, c.Tiers)
	}
	in.CarryIn, in.CarryOut, in.Tier, in.Rate = r.CarryIn, r.CarryOut, r.Tier, r.Rate
	b := Bill{ContractID: c.ID, Type: c.Type, PayerID: c.UplineID, PayeeID: c.DownlineID, PeriodStart: start.UnixMilli(),
		PeriodEnd: end.UnixMilli(), Inputs: in, Amount: r.Amount, Currency: st.Currency, CreatedAt: s.Clock.Now().UnixMilli()}
	switch {
	case r.Amount == 0:
		b.Status = BillNotReached
	case c.UplineID == 0 && st.PlatformApproval:
		b.Status = BillAwaitingApproval
	default:
		b.Status = BillDue
	}
	return b
}

// billAccounts finds the main accounts (the house's for the platform,
// under id 0) of the bills' payers and payees, creating the missing ones.
func (s *Service) billAccounts(ctx context.Context, bills []Bill) (map[int64]ledger.Account, error) {
	out := map[int64]ledger.Account{}
	if len(bills) == 0 {
		return out, nil
	}
	cur := bills[0].Currency // one brand, one currency
	seen := map[int64]bool{}
	var owners []int64
	for _, b := range bills {
		for _, id := range []int64{b.PayerID, b.PayeeID} {
			if id != 0 && !seen[id] {
				seen[id] = true
				owners = append(owners, id)
			}
		}
	}
	found, err := s.Accounts.AccountsOfOwners(ctx, ledger.OwnerMember, owners)
	if err != nil {
		return nil, err
	}
	for _, a := range found {
		if a.Purpose == ledger.PurposePlayerMain && a.Currency == cur {
			out[a.OwnerID] = a
		}
	}
	for _, b := range bills {
		for _, id := range []int64{b.PayerID, b.PayeeID} {
			if _, ok := out[id]; ok {
				continue
			}
			spec := ledger.PlayerMain(id, cur)
			if id == 0 {
				spec = ledger.System(ledger.PurposeHouse, cur)
			}
			a, err := s.Accounts.EnsureAccount(ctx, spec)
			if err != nil {
				return nil, err
			}
			out[id] = a
		}
	}
	return out, nil
}

// payerAccount is where a bill is paid from: the house for the platform,
// the upline's main balance otherwise.
func (s *Service) accounts(ctx context.Context, b Bill) (payer, payee ledger.Account, err error) {
	spec := ledger.System(ledger.PurposeHouse, b.Currency)
	if b.PayerID != 0 {
		spec = ledger.PlayerMain(b.PayerID, b.Currency)
	}
	if payer, err = s.Accounts.EnsureAccount(ctx, spec); err != nil {
		return
	}
	payee, err = s.Accounts.EnsureAccount(ctx, ledger.PlayerMain(b.PayeeID, b.Currency))
	return
}

func billKey(id int64) string { return "commission:bill:" + strconv.FormatInt(id, 10) }

// post pays amount of a bill under key, with its commission.paid fact.
func (s *Service) post(ctx context.Context, b Bill, key string, amount int64) error {
	payer, payee, err := s.accounts(ctx, b)
	if err != nil {
		return err
	}
	return s.postTo(ctx, b, key, amount, payer, payee)
}

func (s *Service) postTo(ctx context.Context, b Bill, key string, amount int64, payer, payee ledger.Account) error {
	_, err := s.Wallet.Post(ctx, ledger.PostingRequest{
		Key: key, Kind: ledger.KindCommission,
		Lines:    []ledger.Line{{AccountID: payer.ID, Amount: -amount, Currency: b.Currency}, {AccountID: payee.ID, Amount: amount, Currency: b.Currency}},
		Metadata: map[string]string{"bill": strconv.FormatInt(b.ID, 10), "contract": strconv.FormatInt(b.ContractID, 10), "type": string(b.Type)},
		Facts: []activity.Fact{{Key: key, Kind: activity.CommissionPaid, MemberID: b.PayeeID, Currency: b.Currency, Amount: amount,
			Ref: strconv.FormatInt(b.ID, 10), Detail: string(b.Type), At: s.Clock.Now()}},
	})
	return err
}

// payment tries to pay a due or unpaid bill and returns its status after.
// Paid in full, the posting is done and posted is true: the caller
// records the status (markPaid). Refused for insufficient funds it stays
// insufficient_funds (payee and payer told the first time) until the bill
// is ExpireAfter past its period's end; then what the payer has is paid
// (partly_paid) or, with nothing, the bill expires. The partial amount is
// written on the bill before it is posted, so a run that dies between the
// two posts the same amount under the same key again.
func (s *Service) payment(ctx context.Context, b Bill, st Settings, payer, payee ledger.Account) (status string, posted bool, err error) {
	now := s.Clock.Now()
	err = s.postTo(ctx, b, billKey(b.ID), b.Amount, payer, payee)
	switch {
	case err == nil:
		return BillPaid, true, nil
	case !errors.Is(err, ledger.ErrInsufficientFunds):
		return "", false, err
	}
	if now.Before(time.UnixMilli(b.PeriodEnd).Add(st.ExpireAfter)) {
		moved, err := s.Store.setBillStatus(ctx, b.ID, BillInsufficientFunds, 0, 0, "", BillDue)
		if err != nil {
			return "", false, err
		}
		if moved {
			s.notifyBills(ctx, st, []billNote{{b.PayeeID, notify.KindCommissionUnpaid, b}, {b.PayerID, notify.KindCommissionPayerShort, b}})
		}
		return BillInsufficientFunds, false, nil
	}
	status, err = s.expire(ctx, b, st)
	return status, false, err
}

func (s *Service) expire(ctx context.Context, b Bill, st Settings) (string, error) {
	now := s.Clock.Now().UnixMilli()
	if b.Status == BillDue { // expiry comes from the insufficient_funds state
		if _, err := s.Store.setBillStatus(ctx, b.ID, BillInsufficientFunds, 0, 0, "", BillDue); err != nil {
			return "", err
		}
		b.Status = BillInsufficientFunds
	}
	part := b.PartAmount
	if part == 0 {
		payer, _, err := s.accounts(ctx, b)
		if err != nil {
			return "", err
		}
		part = min(payer.Balance, b.Amount-1)
		if part > 0 {
			if _, err := s.Store.setPart(ctx, b.ID, 0, part); err != nil {
				return "", err
			}
			if fresh, err := s.Store.bill(ctx, b.ID); err != nil {
				return "", err
			} else {
				part = fresh.PartAmount // another settler may have decided first
			}
		}
	}
	if part <= 0 {
		if moved, err := s.Store.setBillStatus(ctx, b.ID, BillExpired, 0, 0, "", BillInsufficientFunds); err != nil {
			return "", err
		} else if moved {
			s.notifyBill(ctx, b.PayeeID, notify.KindCommissionExpired, b, st, "")
		}
		return BillExpired, nil
	}
	err := s.post(ctx, b, billKey(b.ID)+":part", part)
	if errors.Is(err, ledger.ErrInsufficientFunds) {
		// Spent meanwhile: nothing was posted, decide again next run.
		_, err = s.Store.setPart(ctx, b.ID, part, 0)
		return BillInsufficientFunds, err
	}
	if err != nil {
		return "", err
	}
	moved, err := s.Store.setBillStatus(ctx, b.ID, BillPartlyPaid, part, now, "", BillInsufficientFunds)
	if err != nil {
		return "", err
	}
	if moved {
		b.Paid = part
		s.notifyBill(ctx, b.PayeeID, notify.KindCommissionPartlyPaid, b, st, "")
	}
	return BillPartlyPaid, nil
}

func (s *Service) notifyBill(ctx context.Context, memberID int64, kind string, b Bill, st Settings, reason string) {
	if memberID == 0 {
		return
	}
	p := billParams(b, st, s.accountName(ctx, b.PayerID), s.accountName(ctx, b.PayeeID))
	if reason != "" {
		p["reason"] = reason
	}
	s.notice(ctx, memberID, notify.Notice{Kind: kind, Params: p})
}

func billParams(b Bill, st Settings, upline, downline string) map[string]string {
	return map[string]string{
		"billId": strconv.FormatInt(b.ID, 10), "contractId": strconv.FormatInt(b.ContractID, 10), "type": string(b.Type),
		"amount": money.Format(b.Amount, st.Decimals), "paid": money.Format(b.Paid, st.Decimals), "currency": b.Currency,
		"period": time.UnixMilli(b.PeriodStart).In(st.Location).Format("2006-01-02 15:04"),
		"upline": upline, "downline": downline,
	}
}

// billNote is a message about a bill to one of its parties.
type billNote struct {
	to   int64
	kind string
	bill Bill
}

// notifyBills sends the messages with the parties' names read together;
// a failure is logged (the change they tell of is committed).
func (s *Service) notifyBills(ctx context.Context, st Settings, notes []billNote) {
	if s.Notifier == nil || len(notes) == 0 {
		return
	}
	var ids []int64
	for _, n := range notes {
		ids = append(ids, n.bill.PayerID, n.bill.PayeeID)
	}
	names, err := s.names(ctx, ids)
	if err != nil {
		s.Logger.WarnContext(ctx, "commission notices: names", "err", err)
	}
	out := make([]notify.Addressed, 0, len(notes))
	for _, n := range notes {
		if n.to == 0 {
			continue
		}
		out = append(out, notify.Addressed{MemberID: n.to, Notice: notify.Notice{Kind: n.kind,
			Params: billParams(n.bill, st, names[n.bill.PayerID], names[n.bill.PayeeID])}})
	}
	if err := s.Notifier.NotifyMany(ctx, out); err != nil {
		s.Logger.WarnContext(ctx, "commission notices", "count", len(out), "err", err)
	}
}

// Approve pays a platform-paid bill that waits for an operator; audited.
func (s *Service) Approve(ctx context.Context, op operator.Caller, id int64) (Bill, error) {
	b, err := s.Store.bill(ctx, id)
	if err != nil {
		return b, err
	}
	if b.Status != BillAwaitingApproval {
		return b, ErrBillNotAwaiting
	}
	st, err := s.settings(ctx)
	if err != nil {
		return b, err
	}
	if err := s.post(ctx, b, billKey(b.ID), b.Amount); err != nil {
		return b, err
	}
	moved, err := s.Store.setBillStatus(ctx, b.ID, BillPaid, b.Amount, s.Clock.Now().UnixMilli(), "", BillAwaitingApproval)
	if err != nil {
		return b, err
	}
	if !moved {
		return b, ErrBillNotAwaiting
	}
	before := b
	b, err = s.Store.bill(ctx, id)
	if err != nil {
		return b, err
	}
	s.notifyBill(ctx, b.PayeeID, notify.KindCommissionPaid, b, st, "")
	return b, s.audit(ctx, op, "commission.bill.approve", before, b)
}

// MaxReason bounds a rejection's reason.
const MaxReason = 200

// Reject a platform-paid bill that waits for an operator: nothing is paid.
func (s *Service) RejectBill(ctx context.Context, op operator.Caller, id int64, reason string) (Bill, error) {
	if reason == "" || len([]rune(reason)) > MaxReason {
		return Bill{}, apperr.Invalid("request.invalid_param").With("name", "reason")
	}
	b, err := s.Store.bill(ctx, id)
	if err != nil {
		return b, err
	}
	moved, err := s.Store.setBillStatus(ctx, id, BillRejected, 0, 0, reason, BillAwaitingApproval)
	if err != nil {
		return b, err
	}
	if !moved {
		return b, ErrBillNotAwaiting
	}
	st, err := s.settings(ctx)
	if err != nil {
		return b, err
	}
	before := b
	b.Status = BillRejected
	s.notifyBill(ctx, b.PayeeID, notify.KindCommissionRejected, b, st, reason)
	return b, s.audit(ctx, op, "commission.bill.reject", before, b)
}

func (s *Service) audit(ctx context.Context, op operator.Caller, action string, before, after Bill) error {
	if s.Auditor == nil {
		return nil
	}
	return s.Auditor.Audit(ctx, op, action, "member:"+strconv.FormatInt(after.PayeeID, 10), map[string]any{"before": before, "after": after})
}

// Bills lists bills.
func (s *Service) Bills(ctx context.Context, f BillFilter, page, pageSize int) (BillPage, error) {
	f.Offset, f.Limit = (page-1)*pageSize, pageSize
	list, total, sums, err := s.Store.listBills(ctx, f)
	if err != nil {
		return BillPage{}, err
	}
	for i := range list {
		list[i].PayerAccount = s.accountName(ctx, list[i].PayerID)
		list[i].PayeeAccount = s.accountName(ctx, list[i].PayeeID)
	}
	if list == nil {
		list = []Bill{}
	}
	return BillPage{Page: Page[Bill]{List: list, Total: total, Page: page, PageSize: pageSize}, Sums: sums}, nil
}

// BillPage is a page of bills with the sums of every matching bill.
type BillPage struct {
	Page[Bill]
	Sums BillSums `json:"sums"`
}

// Income is the "my income" report.
type Income struct {
	List   []IncomeRow `json:"list"`
	Totals struct {
		Earned  int64 `json:"earned"`
		Paid    int64 `json:"paid"`
		Pending int64 `json:"pending"`
		PaidOut int64 `json:"paidOut"`
	} `json:"totals"`
}

// Income sums an agent's bills per contract for periods starting in [from, to).
func (s *Service) Income(ctx context.Context, agentID int64, from, to time.Time) (Income, error) {
	rows, paidOut, err := s.Store.income(ctx, agentID, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return Income{}, err
	}
	var out Income
	out.List = []IncomeRow{}
	for _, r := range rows {
		r.UplineAccount = s.accountName(ctx, r.UplineID)
		out.List = append(out.List, r)
		out.Totals.Earned += r.Earned
		out.Totals.Paid += r.Paid
		out.Totals.Pending += r.Pending
	}
	out.Totals.PaidOut = paidOut
	return out, nil
}

// Info is the brand's contract switches (the spec's consolidated contract
// info) with the active-member minimum.
type Info struct {
	DailySalary     bool     `json:"dailysalreqtype"`
	Dividend        bool     `json:"divtypereq"`
	HourlySalary    bool     `json:"contracthoursalreq"`
	RealtimeSalary  bool     `json:"realtimesalreqtype"`
	ActiveMemberMin int64    `json:"activeMemberMin"`
	DividendPeriods []Period `json:"dividendPeriods"`
}

// Info reads the brand's switches.
func (s *Service) Info(ctx context.Context) (Info, error) {
	st, err := s.settings(ctx)
	if err != nil {
		return Info{}, err
	}
	return Info{DailySalary: st.Enabled[TypeDailyWage], Dividend: st.Enabled[TypeDividend], HourlySalary: st.Enabled[TypeHourlyWage],
		RealtimeSalary: st.Enabled[TypeRealtime], ActiveMemberMin: st.ActiveMin, DividendPeriods: DividendPeriods}, nil
}

// Delays after a period's end before it is settled, for rounds settled
// a little late (a round counts in the period its settlement time falls
// in). Days settle at the brand's settlement time instead.
const (
	RealtimeDelay = time.Minute
	HourlyDelay   = 5 * time.Minute
	LongDelay     = 30 * time.Minute // weeks, half-months, months
)

// Jobs are the settlements to schedule (docs/jobs.md): each wage and
// salary type on its period, and the dividend once per dividend period, in
// the brand's zone; settleAt is the brand's time of day for days. Each run
// is idempotent, so a re-run or a catch-up pays nothing twice. Dividends
// run in order: a period's bill carries the previous one's team win.
func (s *Service) Jobs(zone jobs.Zone, settleAt func(context.Context) time.Duration) []jobs.Job {
	run := func(t Type, p Period) func(ctx context.Context, per jobs.Period) error {
		return func(ctx context.Context, per jobs.Period) error {
			_, err := s.Settle(ctx, t, p, per.Start, per.End)
			return err
		}
	}
	out := []jobs.Job{
		{Name: "commission.realtime", Schedule: jobs.EveryMinutes(5, zone), Delay: RealtimeDelay, Run: run(TypeRealtime, PeriodFiveMinutes)},
		{Name: "commission.hourly_wage", Schedule: jobs.Hourly(zone), Delay: HourlyDelay, Run: run(TypeHourlyWage, PeriodHourly)},
		{Name: "commission.daily_wage", Schedule: jobs.DailyAt(settleAt, zone), Run: run(TypeDailyWage, PeriodDaily)},
	}
	for _, p := range DividendPeriods {
		j := jobs.Job{Name: "commission.dividend." + string(p), Delay: LongDelay, Sequential: true, Run: run(TypeDividend, p)}
		switch p {
		case PeriodDaily:
			j.Schedule, j.Delay = jobs.DailyAt(settleAt, zone), 0
		case PeriodWeekly:
			j.Schedule = jobs.Weekly(zone)
		case PeriodSemiMonthly:
			j.Schedule = jobs.SemiMonthly(zone)
		default:
			j.Schedule = jobs.Monthly(zone)
		}
		out = append(out, j)
	}
	return out
}
