package withdraw

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Risk flags an operator sees on a withdrawal waiting for review (or
// decided): what a careful cashier would check before paying. A waiting
// order's are worked out when it is read, from this domain's own records,
// the daily figures and, for shared IPs, the accounts (Linked); a decision
// keeps the flags the operator saw (withdraw_order.risks), and a decided
// order shows those from then on. Orders decided before the flags were
// kept have them worked out when read, as a waiting order's but for the
// turnover.
const (
	// RiskTurnoverNotMet: the betting requirement is not met now (a round
	// counted when it was asked for was rolled back since, say).
	RiskTurnoverNotMet = "turnover_not_met"
	// RiskNewPayoutAccount: the payout account was added less than 24 hours
	// before the withdrawal was asked for.
	RiskNewPayoutAccount = "new_payout_account"
	// RiskPayeeMismatch: the payout account's holder is not the member's
	// real name (as it stands now).
	RiskPayeeMismatch = "payee_mismatch"
	// RiskSharedPayoutAccount: another member has or had the same account.
	RiskSharedPayoutAccount = "shared_payout_account"
	// RiskSharedIP: another member registered or logged in from one of this
	// member's IP addresses.
	RiskSharedIP = "shared_ip"
	// RiskFirstWithdrawal: no withdrawal of this member was paid before.
	RiskFirstWithdrawal = "first_withdrawal"
	// RiskUnusualAmount: at least UnusualFactor times the average of the
	// member's last paid withdrawals (when there are UnusualMinHistory).
	RiskUnusualAmount = "unusual_amount"
)

// RiskFlags lists every flag in the order they are shown.
var RiskFlags = []string{RiskTurnoverNotMet, RiskPayeeMismatch, RiskSharedPayoutAccount, RiskSharedIP, RiskNewPayoutAccount,
	RiskUnusualAmount, RiskFirstWithdrawal}

const (
	newAccountWindow  = 24 * time.Hour
	UnusualFactor     = 3
	UnusualMinHistory = 3
	unusualHistory    = 10 // paid withdrawals the average is taken over
)

// Linked tells, for each of the members, whether another member shares one
// of their IPs (the accounts' registrations and logins); nil: not asked.
type Linked interface {
	SharingIP(ctx context.Context, memberIDs []int64) (map[int64]bool, error)
}

// UseLinked sets who answers the shared-IP flag.
func (s *Service) UseLinked(l Linked) { s.linked = l }

// Bonus is the member's bonus balance (the game wallet): a withdrawal with a
// live bonus forfeits it, once the member confirms.
type Bonus interface {
	LiveBonus(ctx context.Context, member int64) (balance int64, live bool, err error)
	ForfeitForWithdrawal(ctx context.Context, member int64) error
}

// UseBonus sets the bonus balance a withdrawal checks.
func (s *Service) UseBonus(b Bonus) { s.bonus = b }

// riskPage is what the flags of one page's orders are worked out from,
// read once per page with one statement (or a few) per kind whatever the
// number of orders: the brand's settings, the members, their shared-IP
// answers and turnovers, the payout accounts' ages and holders, and each
// order's paid history. Orders whose flags were kept at their decision
// need none of it but their member (the operator sees the name).
type riskPage struct {
	cfg      *brand.Config
	members  map[int64]account.Member
	ip       map[int64]bool
	added    map[int64]int64 // payout account id -> created_at
	shared   map[payee]map[int64]bool
	turnover map[memberCurrency]Turnover // members with an order waiting for review
	paid     map[int64]paidHistory       // order id -> the member's last paid withdrawals before it
}

// payee is a payout account as the sharing check sees it.
type payee struct{ bank, number string }

type memberCurrency struct {
	member   int64
	currency string
}

// newRiskPage reads what list's flags are worked out from.
func (s *Service) newRiskPage(ctx context.Context, list []order) (*riskPage, error) {
	p := &riskPage{ip: map[int64]bool{}, turnover: map[memberCurrency]Turnover{}}
	cfg, err := s.brandConfig(ctx)
	if err != nil {
		return nil, err
	}
	p.cfg = cfg
	var all, ids, waiting []int64
	var accounts []int64
	var payees []payee
	var open []order
	byCurrency := map[string][]int64{}
	seen, seenOpen, seenWaiting := map[int64]bool{}, map[int64]bool{}, map[memberCurrency]bool{}
	for _, o := range list {
		if !seen[o.MemberID] {
			seen[o.MemberID] = true
			all = append(all, o.MemberID)
		}
		if o.Decided {
			continue
		}
		open = append(open, o)
		accounts = append(accounts, o.AccountID)
		payees = append(payees, payee{o.BankCode, o.AccountNumber})
		if !seenOpen[o.MemberID] {
			seenOpen[o.MemberID] = true
			ids = append(ids, o.MemberID)
		}
		if k := (memberCurrency{o.MemberID, o.Currency}); o.Status == StatusPendingReview && !seenWaiting[k] {
			seenWaiting[k] = true
			byCurrency[o.Currency] = append(byCurrency[o.Currency], o.MemberID)
			waiting = append(waiting, o.MemberID)
		}
	}
	if p.members, err = s.members.MembersByID(ctx, all); err != nil {
		return nil, err
	}
	if len(open) == 0 {
		return p, nil
	}
	if p.added, err = s.store.AccountsAddedAt(ctx, accounts); err != nil {
		return nil, err
	}
	if p.shared, err = s.store.AccountHolders(ctx, payees); err != nil {
		return nil, err
	}
	if s.linked != nil {
		if p.ip, err = s.linked.SharingIP(ctx, ids); err != nil {
			return nil, err
		}
	}
	for currency, members := range byCurrency {
		t, err := s.turnovers(ctx, members, currency, cfg.Cashier.Turnover())
		if err != nil {
			return nil, err
		}
		for id, v := range t {
			p.turnover[memberCurrency{id, currency}] = v
		}
	}
	orderIDs := make([]int64, len(open))
	for i, o := range open {
		orderIDs[i] = o.ID
	}
	if p.paid, err = s.store.PaidBefore(ctx, orderIDs, unusualHistory); err != nil {
		return nil, err
	}
	return p, nil
}

// risks is o's flags: those kept at its decision, or worked out from p.
func (s *Service) risks(o order, p *riskPage) ([]string, error) {
	if o.Decided {
		return o.Risks, nil
	}
	flags := []string{}
	add := func(on bool, flag string) {
		if on {
			flags = append(flags, flag)
		}
	}
	// Only a pending order can still be held back by the requirement.
	if o.Status == StatusPendingReview {
		add(p.turnover[memberCurrency{o.MemberID, o.Currency}].Remaining > 0, RiskTurnoverNotMet)
	}
	m, ok := p.members[o.MemberID]
	if !ok {
		return nil, apperr.NotFound("account.not_found")
	}
	add(normalName(m.PayeeName) != normalName(o.AccountName), RiskPayeeMismatch)
	holders := p.shared[payee{o.BankCode, o.AccountNumber}]
	shared := false
	for id := range holders {
		shared = shared || id != o.MemberID
	}
	add(shared, RiskSharedPayoutAccount)
	if s.linked != nil {
		add(p.ip[o.MemberID], RiskSharedIP)
	}
	added := p.added[o.AccountID]
	add(added > 0 && o.CreatedAt-added < newAccountWindow.Milliseconds(), RiskNewPayoutAccount)
	paid := p.paid[o.ID]
	if paid.count >= UnusualMinHistory {
		add(o.Amount*paid.count >= UnusualFactor*paid.sum, RiskUnusualAmount)
	}
	add(paid.count == 0, RiskFirstWithdrawal)
	return flags, nil
}

// The page's reads on PostgreSQL, in a Fixed session (docs/ledger.md,
// "Sessions"): their values travel as arrays, so each is planned once per
// connection, with index lookups, where an IN list of the page's values
// is a new statement for PostgreSQL to plan at every page.
const (
	sqlAccountsAddedSet  = `SELECT id, created_at FROM withdraw_account WHERE id = ANY($1::bigint[])`
	sqlAccountHoldersSet = `SELECT DISTINCT bank_code, account_number, member_id FROM withdraw_account
 WHERE account_number = ANY($1::text[]) AND bank_code = ANY($2::text[])`
	// paidLast is an order's member's last $1 paid-out withdrawals before it.
	paidLast = `FROM (SELECT amount FROM withdraw_order w WHERE w.member_id = o.member_id AND w.id < o.id AND w.paid_at > 0
 ORDER BY w.id DESC LIMIT $1) x`
	sqlPaidBeforeSet = `SELECT o.id, (SELECT COUNT(*) ` + paidLast + `), (SELECT COALESCE(SUM(amount), 0) ` + paidLast + `)
 FROM withdraw_order o WHERE o.id = ANY($2::bigint[])`
	sqlLastPaidSet = `SELECT member_id, MAX(paid_at) FROM withdraw_order
 WHERE member_id = ANY($1::bigint[]) AND status = ANY($2::text[]) GROUP BY member_id`
)

// strs is values (strings) as a []string.
func strs(values []any) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = v.(string)
	}
	return out
}

// placeholders is "?, ?, …" for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// AccountsAddedAt is when each of the payout accounts was added (absent:
// unknown).
func (s *Store) AccountsAddedAt(ctx context.Context, ids []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows *sql.Rows
	var err error
	if s.db.Dialect == db.Postgres {
		rows, err = s.db.Fixed().QueryContext(ctx, sqlAccountsAddedSet, ids)
	} else {
		args := make([]any, len(ids))
		for i, id := range ids {
			args[i] = id
		}
		rows, err = s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, created_at FROM withdraw_account WHERE id IN (`+placeholders(len(ids))+`)`), args...)
	}
	if err != nil {
		return nil, fmt.Errorf("accounts added: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, at int64
		if err := rows.Scan(&id, &at); err != nil {
			return nil, fmt.Errorf("accounts added: %w", err)
		}
		out[id] = at
	}
	return out, rows.Err()
}

// AccountHolders is, for each payout account (bank and number), the members
// who have or had it.
func (s *Store) AccountHolders(ctx context.Context, payees []payee) (map[payee]map[int64]bool, error) {
	out := map[payee]map[int64]bool{}
	if len(payees) == 0 {
		return out, nil
	}
	banks, numbers := map[string]bool{}, map[string]bool{}
	var bankArgs, numberArgs []any
	for _, p := range payees {
		if !banks[p.bank] {
			banks[p.bank] = true
			bankArgs = append(bankArgs, p.bank)
		}
		if !numbers[p.number] {
			numbers[p.number] = true
			numberArgs = append(numberArgs, p.number)
		}
	}
	// The index (account_number, bank_code) answers both lists; pairs the
	// page did not ask about are dropped below.
	var rows *sql.Rows
	var err error
	if s.db.Dialect == db.Postgres {
		rows, err = s.db.Fixed().QueryContext(ctx, sqlAccountHoldersSet, strs(numberArgs), strs(bankArgs))
	} else {
		rows, err = s.db.QueryContext(ctx, s.db.Rebind(`SELECT DISTINCT bank_code, account_number, member_id FROM withdraw_account
 WHERE account_number IN (`+placeholders(len(numberArgs))+`) AND bank_code IN (`+placeholders(len(bankArgs))+`)`),
			append(numberArgs, bankArgs...)...)
	}
	if err != nil {
		return nil, fmt.Errorf("account holders: %w", err)
	}
	defer rows.Close()
	want := map[payee]bool{}
	for _, p := range payees {
		want[p] = true
	}
	for rows.Next() {
		var p payee
		var member int64
		if err := rows.Scan(&p.bank, &p.number, &member); err != nil {
			return nil, fmt.Errorf("account holders: %w", err)
		}
		if !want[p] {
			continue
		}
		if out[p] == nil {
			out[p] = map[int64]bool{}
		}
		out[p][member] = true
	}
	return out, rows.Err()
}

// paidHistory is how many of a member's last paid-out withdrawals before
// an order there are (at most the n asked for) and their sum.
type paidHistory struct{ count, sum int64 }

// PaidBefore is, for each of the orders, its member's last n paid-out
// withdrawals older than it: one statement, planned once, an index range
// per order.
func (s *Store) PaidBefore(ctx context.Context, orderIDs []int64, n int) (map[int64]paidHistory, error) {
	out := map[int64]paidHistory{}
	if len(orderIDs) == 0 {
		return out, nil
	}
	var rows *sql.Rows
	var err error
	if s.db.Dialect == db.Postgres {
		rows, err = s.db.Fixed().QueryContext(ctx, sqlPaidBeforeSet, n, orderIDs)
	} else {
		args := []any{n, n}
		for _, id := range orderIDs {
			args = append(args, id)
		}
		last := strings.ReplaceAll(paidLast, "$1", "?")
		rows, err = s.db.QueryContext(ctx, s.db.Rebind(`SELECT o.id, (SELECT COUNT(*) `+last+`), (SELECT COALESCE(SUM(amount), 0) `+last+`)
 FROM withdraw_order o WHERE o.id IN (`+placeholders(len(orderIDs))+`)`), args...)
	}
	if err != nil {
		return nil, fmt.Errorf("paid before: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var h paidHistory
		if err := rows.Scan(&id, &h.count, &h.sum); err != nil {
			return nil, fmt.Errorf("paid before: %w", err)
		}
		out[id] = h
	}
	return out, rows.Err()
}
