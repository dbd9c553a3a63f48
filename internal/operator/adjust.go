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
