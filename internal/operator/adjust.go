package operator

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/money"
)

// Manual adjustments: an operator with ledger.adjust credits or debits a
// member's main wallet against the house account, with a reason. See
// docs/operator-api.md.

// Wallet is what adjustments need from the wallet (*wallet.Service).
type Wallet interface {
	Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error)
	MainAccountOf(ctx context.Context, memberID int64) (ledger.Account, error)
	SystemAccount(ctx context.Context, purpose string) (ledger.Account, error)
	AccountBalance(ctx context.Context, accountID int64) (int64, error)
}

// MemberSource finds members (*account.Store).
type MemberSource interface {
	MemberByID(ctx context.Context, id int64) (account.Member, error)
}

// BrandSource yields the brand configuration (*brand.Service, cached).
type BrandSource interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Directions of an adjustment.
const (
	DirectionCredit = "CREDIT" // house -> member
	DirectionDebit  = "DEBIT"  // member -> house
)

const (
	minReason = 3
	maxReason = 200
	// KeyPrefix starts the ledger idempotency key: adjust:<operatorID>:<Idempotency-Key>.
	KeyPrefix = "adjust:"
)

// AdjustRequest is the body of POST /ops/v1/adjustments.
type AdjustRequest struct {
	MemberID  int64  `json:"memberId"`
	Direction string `json:"direction"`
	Amount    string `json:"amount"` // major units, decimal string
	Reason    string `json:"reason"`
}

// adjustInput is a checked request.
type adjustInput struct {
	memberID  int64
	direction string
	amount    int64 // minor units, > 0
	reason    string
}

// check validates a request against the currency's decimals.
func (r AdjustRequest) check(decimals int) (adjustInput, error) {
	in := adjustInput{memberID: r.MemberID, direction: strings.ToUpper(strings.TrimSpace(r.Direction)), reason: strings.TrimSpace(r.Reason)}
	if in.memberID <= 0 {
		return in, apperr.Invalid("operator.invalid_member")
	}
	if in.direction != DirectionCredit && in.direction != DirectionDebit {
		return in, apperr.Invalid("operator.invalid_direction")
	}
	amount, err := money.Parse(r.Amount, decimals)
	if err != nil {
		return in, err
	}
	in.amount = amount
	if n := utf8.RuneCountInString(in.reason); n < minReason || n > maxReason || !utf8.ValidString(in.reason) {
		return in, apperr.Invalid("operator.invalid_reason").With("min", minReason).With("max", maxReason)
	}
	return in, nil
}

// hash identifies the request's content for the replay record.
func (in adjustInput) hash() string {
	sum := sha256.Sum256([]byte("palaro.adjust.v1\n" + strconv.FormatInt(in.memberID, 10) + "\n" + in.direction + "\n" +
		strconv.FormatInt(in.amount, 10) + "\n" + in.reason))
	return hex.EncodeToString(sum[:])
}

// AdjustResult is the answer of an adjustment, the same on a replay.
type AdjustResult struct {
	PostingID int64  `json:"postingId"`
	MemberID  int64  `json:"memberId"`
	Direction string `json:"direction"`
	Amount    int64  `json:"amount"`  // minor units
	Balance   int64  `json:"balance"` // the member's main balance right after the posting, minor units
	Currency  string `json:"currency"`
	Decimals  int    `json:"decimals"`
	Reason    string `json:"reason"`
	CreatedAt int64  `json:"createdAt"` // Unix ms
	Replay    bool   `json:"replay"`    // true when this key was answered before
}

// adjuster holds the adjustment dependencies and the caches that keep the
// hot path to one ledger transaction, one balance read and a share of one
// audit commit: account ids of member main and house accounts per
// currency (accounts are never deleted), and the members known to exist.
type adjuster struct {
	wallet  Wallet
	members MemberSource
	brand   BrandSource

	mu    sync.RWMutex
	mains map[mainKey]int64 // (member, currency) -> main account id
	house map[string]int64  // currency -> house account id
}

type mainKey struct {
	member   int64
	currency string
}

const maxCachedMains = 500_000

// UseWallet enables adjustments.
func (s *Service) UseWallet(w Wallet, members MemberSource, brands BrandSource) {
	s.adj = &adjuster{wallet: w, members: members, brand: brands, mains: map[mainKey]int64{}, house: map[string]int64{}}
	s.UseBrand(brands)
}

// Adjust posts a manual credit or debit under the caller's Idempotency-Key.
// The ledger key adjust:<operatorID>:<key> makes a repeated request a
// replay (the first answer again) and the same key with another body
// ledger.idempotency_mismatch (409). The audit row and the replay record
// are committed before it returns.
func (s *Service) Adjust(ctx context.Context, c Caller, key string, req AdjustRequest) (AdjustResult, error) {
	a := s.adj
	if a == nil {
		return AdjustResult{}, apperr.New(apperr.KindUnavailable, "operator.adjustments_unavailable")
	}
	bc, err := a.brand.Current(ctx)
	if err != nil {
		return AdjustResult{}, apperr.Internal(err, "brand")
	}
	cur := bc.Currency
	in, err := req.check(cur.Decimals)
	if err != nil {
		return AdjustResult{}, err
	}
	mainID, err := a.mainAccount(ctx, in.memberID, cur.Code)
	if err != nil {
		return AdjustResult{}, err
	}
	houseID, err := a.houseAccount(ctx, cur.Code)
	if err != nil {
		return AdjustResult{}, err
	}
	amt := in.amount
	if in.direction == DirectionDebit {
		amt = -amt
	}
	opID := strconv.FormatInt(c.ID, 10)
	ledgerKey := KeyPrefix + opID + ":" + key
	p, err := a.wallet.Post(ctx, ledger.PostingRequest{
		Key:  ledgerKey,
		Kind: ledger.KindAdjustment,
		Lines: []ledger.Line{
			{AccountID: houseID, Amount: -amt, Currency: cur.Code},
			{AccountID: mainID, Amount: amt, Currency: cur.Code},
		},
		Metadata: map[string]string{"reason": in.reason, "operator": opID, "operatorName": c.Username,
			"member": strconv.FormatInt(in.memberID, 10), "direction": in.direction},
		Facts: []activity.Fact{{Key: ledgerKey, Kind: activity.Adjustment, MemberID: in.memberID, Currency: cur.Code,
			Amount: amt, Ref: opID, Detail: in.reason, At: s.clock.Now()}},
	})
	if err != nil {
		return AdjustResult{}, err
	}
	if p.Replay {
		return s.replay(ctx, c, key, in, mainID, cur, p)
	}
	bal, ok := balanceAfter(p, mainID)
	if !ok { // a ledger that does not report balances: read it
		if bal, err = a.wallet.AccountBalance(ctx, mainID); err != nil {
			return AdjustResult{}, err
		}
	}
	res := AdjustResult{PostingID: p.ID, MemberID: in.memberID, Direction: in.direction, Amount: in.amount, Balance: bal,
		Currency: cur.Code, Decimals: cur.Decimals, Reason: in.reason, CreatedAt: p.CreatedAt.UnixMilli()}
	if err := s.record(ctx, c, key, in, res); err != nil {
		return AdjustResult{}, err
	}
	return res, nil
}

// balanceAfter is the account's balance right after the posting, as the
// ledger reports it (exact under concurrent postings).
func balanceAfter(p ledger.Posting, accountID int64) (int64, bool) {
	if len(p.BalancesAfter) != len(p.Lines) {
		return 0, false
	}
	for i, l := range p.Lines {
		if l.AccountID == accountID {
			return p.BalancesAfter[i], true
		}
	}
	return 0, false
}

// record commits the audit row and the replay record together.
func (s *Service) record(ctx context.Context, c Caller, key string, in adjustInput, res AdjustResult) error {
	adj := &Adjustment{OperatorID: c.ID, Key: key, RequestHash: in.hash(), MemberID: in.memberID, Direction: in.direction,
		Amount: in.amount, Currency: res.Currency, Reason: in.reason, PostingID: res.PostingID, Balance: res.Balance,
		CreatedAt: time.UnixMilli(res.CreatedAt)}
	detail := map[string]any{"memberId": in.memberID, "direction": in.direction, "amount": in.amount, "currency": res.Currency,
		"reason": in.reason, "postingId": res.PostingID, "balance": res.Balance, "idempotencyKey": key}
	row := auditRow(c.ID, ActionAdjust, "member:"+strconv.FormatInt(in.memberID, 10), detail, c.ipOr(ctx), s.clock.Now())
	return s.audit.write(ctx, row, adj)
}

// replay answers a key the ledger had posted: the recorded first answer.
// A concurrent first request may still be committing its record, so the
// record is awaited briefly; if it never appears (the process stopped
// between the posting and the record) it is written now, with the balance
// the ledger reports for the posting, and audited then.
func (s *Service) replay(ctx context.Context, c Caller, key string, in adjustInput, mainID int64, cur brand.Currency, p ledger.Posting) (AdjustResult, error) {
	deadline := time.Now().Add(2 * time.Second)
	for wait := time.Millisecond; ; wait *= 2 {
		rec, err := s.store.AdjustmentByKey(ctx, c.ID, key)
		if err == nil {
			if rec.RequestHash != in.hash() {
				return AdjustResult{}, apperr.Conflict("operator.idempotency_mismatch")
			}
			return AdjustResult{PostingID: rec.PostingID, MemberID: rec.MemberID, Direction: rec.Direction, Amount: rec.Amount,
				Balance: rec.Balance, Currency: rec.Currency, Decimals: cur.Decimals, Reason: rec.Reason,
				CreatedAt: rec.CreatedAt.UnixMilli(), Replay: true}, nil
		}
		if !errors.Is(err, apperr.NotFound("operator.adjustment_not_found")) {
			return AdjustResult{}, err
		}
		if time.Now().After(deadline) {
			break
		}
		select {
		case <-time.After(min(wait, 100*time.Millisecond)):
		case <-ctx.Done():
			return AdjustResult{}, ctx.Err()
		}
	}
	bal, ok := balanceAfter(p, mainID) // a replay reports the first posting's balances
	if !ok {
		var err error
		if bal, err = s.adj.wallet.AccountBalance(ctx, mainID); err != nil {
			return AdjustResult{}, err
		}
	}
	res := AdjustResult{PostingID: p.ID, MemberID: in.memberID, Direction: in.direction, Amount: in.amount, Balance: bal,
		Currency: cur.Code, Decimals: cur.Decimals, Reason: in.reason, CreatedAt: p.CreatedAt.UnixMilli()}
	if err := s.record(ctx, c, key, in, res); err != nil {
		return AdjustResult{}, err
	}
	rec, err := s.store.AdjustmentByKey(ctx, c.ID, key) // a racing repair may have won
	if err != nil {
		return AdjustResult{}, err
	}
	res.Balance, res.Replay = rec.Balance, true
	return res, nil
}

// mainAccount returns the id of a real member's main account, checking
// once that the member exists (trial users have no real-money wallet).
func (a *adjuster) mainAccount(ctx context.Context, memberID int64, currency string) (int64, error) {
	k := mainKey{memberID, currency}
	a.mu.RLock()
	id, ok := a.mains[k]
	a.mu.RUnlock()
	if ok {
		return id, nil
	}
	m, err := a.members.MemberByID(ctx, memberID)
	if errors.Is(err, apperr.NotFound("account.not_found")) || (err == nil && m.Type == account.TypeTrial) {
		return 0, apperr.NotFound("operator.member_not_found").With("id", memberID)
	}
	if err != nil {
		return 0, err
	}
	acct, err := a.wallet.MainAccountOf(ctx, memberID)
	if err != nil {
		return 0, err
	}
	if acct.Currency != currency { // the brand currency changed in between: do not cache
		return 0, ledger.ErrCurrencyMismatch.With("id", acct.ID)
	}
	a.mu.Lock()
	if len(a.mains) >= maxCachedMains {
		clear(a.mains)
	}
	a.mains[k] = acct.ID
	a.mu.Unlock()
	return acct.ID, nil
}

func (a *adjuster) houseAccount(ctx context.Context, currency string) (int64, error) {
	a.mu.RLock()
	id, ok := a.house[currency]
	a.mu.RUnlock()
	if ok {
		return id, nil
	}
	acct, err := a.wallet.SystemAccount(ctx, ledger.PurposeHouse)
	if err != nil {
		return 0, err
	}
	if acct.Currency != currency {
		return 0, ledger.ErrCurrencyMismatch.With("id", acct.ID)
	}
	a.mu.Lock()
	a.house[currency] = acct.ID
	a.mu.Unlock()
	return acct.ID, nil
}

// AdjustmentItem is an adjustment in the approval lists and the 202 answer.
type AdjustmentItem struct {
	ID           int64  `json:"id"`
	Status       string `json:"status"` // PENDING_APPROVAL, POSTED, REJECTED (APPROVING while one approval posts)
	MemberID     int64  `json:"memberId"`
	Direction    string `json:"direction"`
	Amount       int64  `json:"amount"` // minor units
	Currency     string `json:"currency"`
	Decimals     int    `json:"decimals"`
	Reason       string `json:"reason"`
	MakerID      int64  `json:"makerId"`
	CheckerID    int64  `json:"checkerId"`              // 0 until decided
	RejectReason string `json:"rejectReason,omitempty"` // the checker's reason of a rejection
	PostingID    int64  `json:"postingId"`              // 0 until posted
	Balance      int64  `json:"balance"`                // the member's main balance right after the posting
	CreatedAt    int64  `json:"createdAt"`              // Unix ms
	DecidedAt    int64  `json:"decidedAt"`              // Unix ms, 0 until decided
	// Names for the approval list only (GET /ops/v1/adjustments): the
	// maker's and checker's usernames and the member's account.
	MakerName     string `json:"makerName,omitempty"`
	CheckerName   string `json:"checkerName,omitempty"`
	MemberAccount string `json:"memberAccount,omitempty"`
}

func (s *Service) adjustmentItem(ctx context.Context, a Adjustment) AdjustmentItem {
	dec := 2
	if s.brand != nil {
		if bc, err := s.brand.Current(ctx); err == nil && bc.Currency.Code == a.Currency {
			dec = bc.Currency.Decimals
		}
	}
	return AdjustmentItem{ID: a.ID, Status: a.Status, MemberID: a.MemberID, Direction: a.Direction, Amount: a.Amount, Currency: a.Currency,
		Decimals: dec, Reason: a.Reason, MakerID: a.OperatorID, CheckerID: a.CheckerID, RejectReason: a.Decision, PostingID: a.PostingID,
		Balance: a.Balance, CreatedAt: ms(a.CreatedAt), DecidedAt: ms(a.DecidedAt)}
}

// Submission is the answer of POST /ops/v1/adjustments: posted at once
// (Posted) or waiting for a second operator (Pending, HTTP 202).
type Submission struct {
	Posted  *AdjustResult
	Pending *AdjustmentItem
}

// Submit posts an adjustment, or, above the brand's ops.adjustApprovalAbove,
// records it as PENDING_APPROVAL for another operator with
// ledger.adjust.approve. The maker's Idempotency-Key makes a repeated
// request answer the same record.
func (s *Service) Submit(ctx context.Context, c Caller, key string, req AdjustRequest) (Submission, error) {
	a := s.adj
	if a == nil {
		return Submission{}, apperr.New(apperr.KindUnavailable, "operator.adjustments_unavailable")
	}
	bc, err := a.brand.Current(ctx)
	if err != nil {
		return Submission{}, apperr.Internal(err, "brand")
	}
	in, err := req.check(bc.Currency.Decimals)
	if err != nil {
		return Submission{}, err
	}
	if lim := bc.Ops.AdjustApprovalAbove; lim <= 0 || in.amount <= lim {
		res, err := s.Adjust(ctx, c, key, req)
		return Submission{Posted: &res}, err
	}
	if _, err := a.mainAccount(ctx, in.memberID, bc.Currency.Code); err != nil {
		return Submission{}, err
	}
	rec, created, err := s.store.CreatePending(ctx, Adjustment{OperatorID: c.ID, Key: key, RequestHash: in.hash(), MemberID: in.memberID,
		Direction: in.direction, Amount: in.amount, Currency: bc.Currency.Code, Reason: in.reason, CreatedAt: s.clock.Now()})
	if err != nil {
		return Submission{}, err
	}
	if rec.RequestHash != in.hash() {
		return Submission{}, apperr.Conflict("operator.idempotency_mismatch")
	}
	item := s.adjustmentItem(ctx, rec)
	if created {
		if err := s.AuditChange(ctx, c, ActionAdjustRequest, "adjustment", strconv.FormatInt(rec.ID, 10), in.reason, nil, item); err != nil {
			return Submission{}, err
		}
	}
	return Submission{Pending: &item}, nil
}

// AdjustmentList is the answer of GET /ops/v1/adjustments.
type AdjustmentList struct {
	Items    []AdjustmentItem `json:"items"`
	Total    int              `json:"total"`
	Page     int              `json:"page"`
	PageSize int              `json:"pageSize"`
}

// Adjustments lists adjustments newest first, of one status or all.
func (s *Service) Adjustments(ctx context.Context, status string, page, pageSize int) (AdjustmentList, error) {
	list, total, err := s.store.ListAdjustments(ctx, status, (page-1)*pageSize, pageSize)
	if err != nil {
		return AdjustmentList{}, err
	}
	out := AdjustmentList{Items: make([]AdjustmentItem, 0, len(list)), Total: total, Page: page, PageSize: pageSize}
	operators, members := map[int64]string{}, map[int64]string{}
	operatorName := func(id int64) string {
		if id == 0 {
			return ""
		}
		if n, ok := operators[id]; ok {
			return n
		}
		if o, err := s.store.OperatorByID(ctx, id); err == nil {
			operators[id] = o.Username
		} else {
			operators[id] = "" // deleted or unreadable: the id still shows
		}
		return operators[id]
	}
	for _, a := range list {
		it := s.adjustmentItem(ctx, a)
		it.MakerName, it.CheckerName = operatorName(a.OperatorID), operatorName(a.CheckerID)
		if s.adj != nil && s.adj.members != nil {
			name, ok := members[a.MemberID]
			if !ok {
				if m, err := s.adj.members.MemberByID(ctx, a.MemberID); err == nil {
					name = m.Account
				}
				members[a.MemberID] = name
			}
			it.MemberAccount = name
		}
		out.Items = append(out.Items, it)
	}
	return out, nil
}

// pendingFor reads a pending adjustment another operator than c may decide.
func (s *Service) pendingFor(ctx context.Context, c Caller, id int64) (Adjustment, error) {
	rec, err := s.store.AdjustmentByID(ctx, id)
	if err != nil {
		return rec, err
	}
	if rec.Status != StatusPending {
		return rec, apperr.Conflict("operator.adjustment_decided").With("status", rec.Status)
	}
	if rec.OperatorID == c.ID {
		return rec, apperr.Forbidden("ops.four_eyes")
	}
	return rec, nil
}

// Approve posts a pending adjustment made by another operator. The
// approval is claimed first (one conditional update), so two approvals at
// once post once: the other is operator.adjustment_decided. The posting
// has the key the maker's direct adjustment would have had; if the ledger
// refuses it (a debit beyond the balance) the adjustment stays pending.
func (s *Service) Approve(ctx context.Context, c Caller, id int64) (AdjustmentItem, error) {
	a := s.adj
	if a == nil {
		return AdjustmentItem{}, apperr.New(apperr.KindUnavailable, "operator.adjustments_unavailable")
	}
	rec, err := s.pendingFor(ctx, c, id)
	if err != nil {
		return AdjustmentItem{}, err
	}
	mainID, err := a.mainAccount(ctx, rec.MemberID, rec.Currency)
	if err != nil {
		return AdjustmentItem{}, err
	}
	houseID, err := a.houseAccount(ctx, rec.Currency)
	if err != nil {
		return AdjustmentItem{}, err
	}
	now := s.clock.Now()
	claimed, err := s.store.Decide(ctx, id, c.ID, StatusApproving, "", now)
	if err != nil {
		return AdjustmentItem{}, err
	}
	if !claimed {
		return AdjustmentItem{}, apperr.Conflict("operator.adjustment_decided")
	}
	amt := rec.Amount
	if rec.Direction == DirectionDebit {
		amt = -amt
	}
	maker := strconv.FormatInt(rec.OperatorID, 10)
	ledgerKey := KeyPrefix + maker + ":" + rec.Key
	p, err := a.wallet.Post(ctx, ledger.PostingRequest{
		Key:  ledgerKey,
		Kind: ledger.KindAdjustment,
		Lines: []ledger.Line{
			{AccountID: houseID, Amount: -amt, Currency: rec.Currency},
			{AccountID: mainID, Amount: amt, Currency: rec.Currency},
		},
		Metadata: map[string]string{"reason": rec.Reason, "operator": maker, "approvedBy": strconv.FormatInt(c.ID, 10),
			"approverName": c.Username, "member": strconv.FormatInt(rec.MemberID, 10), "direction": rec.Direction},
		Facts: []activity.Fact{{Key: ledgerKey, Kind: activity.Adjustment, MemberID: rec.MemberID, Currency: rec.Currency,
			Amount: amt, Ref: maker, Detail: rec.Reason, At: now}},
	})
	if err != nil {
		_ = s.store.Unclaim(context.WithoutCancel(ctx), id)
		return AdjustmentItem{}, err
	}
	bal, ok := balanceAfter(p, mainID)
	if !ok {
		if bal, err = a.wallet.AccountBalance(ctx, mainID); err != nil {
			return AdjustmentItem{}, err
		}
	}
	if err := s.store.Posted(ctx, id, p.ID, bal); err != nil {
		return AdjustmentItem{}, err
	}
	before := s.adjustmentItem(ctx, rec)
	rec.Status, rec.CheckerID, rec.DecidedAt, rec.PostingID, rec.Balance = StatusPosted, c.ID, now, p.ID, bal
	after := s.adjustmentItem(ctx, rec)
	if err := s.AuditChange(ctx, c, ActionAdjustApprove, "adjustment", strconv.FormatInt(id, 10), rec.Reason, before, after); err != nil {
		return AdjustmentItem{}, err
	}
	return after, nil
}

// Reject refuses a pending adjustment made by another operator, with a reason.
func (s *Service) Reject(ctx context.Context, c Caller, id int64, reason string) (AdjustmentItem, error) {
	reason = strings.TrimSpace(reason)
	if n := utf8.RuneCountInString(reason); n < minReason || n > maxReason || !utf8.ValidString(reason) {
		return AdjustmentItem{}, apperr.Invalid("operator.invalid_reason").With("min", minReason).With("max", maxReason)
	}
	rec, err := s.pendingFor(ctx, c, id)
	if err != nil {
		return AdjustmentItem{}, err
	}
	now := s.clock.Now()
	done, err := s.store.Decide(ctx, id, c.ID, StatusRejected, reason, now)
	if err != nil {
		return AdjustmentItem{}, err
	}
	if !done {
		return AdjustmentItem{}, apperr.Conflict("operator.adjustment_decided")
	}
	before := s.adjustmentItem(ctx, rec)
	rec.Status, rec.CheckerID, rec.DecidedAt, rec.Decision = StatusRejected, c.ID, now, reason
	after := s.adjustmentItem(ctx, rec)
	if err := s.AuditChange(ctx, c, ActionAdjustReject, "adjustment", strconv.FormatInt(id, 10), reason, before, after); err != nil {
		return AdjustmentItem{}, err
	}
	return after, nil
}
