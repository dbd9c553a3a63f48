// Package ledger is the double-entry book of Palaro and the only writer of
// balances. Every movement of money is a posting: a balanced set of lines
// (signed integer minor units, each currency summing to zero) under an
// idempotency key. Postings are append-only; a mistake is corrected by a
// reversing posting. Balances are cached on the account rows and written only
// inside the posting transaction. See docs/ledger.md.
package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/charset"
	"github.com/palaro/palaro/internal/platform/db"
)

// Owner types.
const (
	OwnerMember = "member" // a player or an agent, OwnerID is the member id
	OwnerSystem = "system" // the operator itself, OwnerID 0
)

// Purposes of an account. A player's vendor wallet is PurposePlayerVendor
// with the vendor code in AccountSpec.Vendor; every other purpose has no vendor.
const (
	PurposePlayerMain      = "player_main"
	PurposePlayerVendor    = "player_vendor"
	PurposeBonus           = "bonus"
	PurposeAgentCommission = "agent_commission"
	PurposeHouse           = "house"
	PurposeCashierClearing = "cashier_clearing"
	PurposeWithdrawalHold  = "withdrawal_hold"  // a member's funds held for pending withdrawals
	PurposeVendorFloat     = "vendor_float"     // the platform's money at a transfer-wallet vendor
	PurposePaymentClearing = "payment_clearing" // money in transit at a payment provider
	PurposeJackpotPool     = "jackpot_pool"     // the in-house progressive jackpot (internal/inhouse)
	PurposePromotion       = "promotion"        // what bonuses and rewards cost the operator (issue 32)
)

// purposes maps each purpose to its owner type and whether its balance may
// go below zero. Only the operator's own accounts may: the house pays wins
// before it has taken bets, and clearing carries money in transit.
var purposes = map[string]struct {
	owner         string
	allowNegative bool
}{
	PurposePlayerMain:      {OwnerMember, false},
	PurposePlayerVendor:    {OwnerMember, false},
	PurposeBonus:           {OwnerMember, false},
	PurposeAgentCommission: {OwnerMember, false},
	PurposeHouse:           {OwnerSystem, true},
	PurposeCashierClearing: {OwnerSystem, true},
	PurposeWithdrawalHold:  {OwnerMember, false},
	PurposeVendorFloat:     {OwnerSystem, true},
	PurposePaymentClearing: {OwnerSystem, true},
	PurposeJackpotPool:     {OwnerSystem, false},
	PurposePromotion:       {OwnerSystem, true},
}

// Posting kinds.
const (
	KindDeposit           = "deposit"
	KindWithdrawalHold    = "withdrawal_hold"
	KindWithdrawalRelease = "withdrawal_release"
	KindWithdrawal        = "withdrawal"
	KindTransfer          = "transfer"
	KindBet               = "bet"
	KindWin               = "win"
	KindRefund            = "refund"
	KindBonusGrant        = "bonus_grant"
	KindCommission        = "commission"
	KindCorrection        = "correction"
	KindAdjustment        = "adjustment"     // an operator's credit or debit (opening balances, goodwill)
	KindAgentTransfer     = "agent_transfer" // main to main between an agent and its direct downline
	KindBonusConvert      = "bonus_convert"  // a bonus whose wagering is met, into the main balance
	KindBonusForfeit      = "bonus_forfeit"  // a bonus and its winnings removed (cancelled, expired, withdrawn)
	KindReward            = "reward"         // a cash reward claimed from the reward centre
)

var kinds = map[string]bool{
	KindDeposit: true, KindWithdrawalHold: true, KindWithdrawalRelease: true, KindWithdrawal: true,
	KindTransfer: true, KindBet: true, KindWin: true, KindRefund: true, KindBonusGrant: true,
	KindCommission: true, KindCorrection: true, KindAdjustment: true, KindAgentTransfer: true,
	KindBonusConvert: true, KindBonusForfeit: true, KindReward: true,
}

// MaxKeyLength bounds an idempotency key.
const MaxKeyLength = 200

var (
	currencyRe = charset.New([]string{"A-Z"}, "A-Z0-9", 3, 8) // ^[A-Z][A-Z0-9]{2,7}$
	vendorRe   = charset.New(nil, "A-Za-z0-9_.-", 1, 64)      // ^[A-Za-z0-9_.-]{1,64}$
)

// AccountSpec names an account: unique per owner, purpose, vendor and currency.
type AccountSpec struct {
	OwnerType string
	OwnerID   int64
	Purpose   string
	Vendor    string
	Currency  string
}

// PlayerMain is the spec of a member's main wallet in a currency.
func PlayerMain(memberID int64, currency string) AccountSpec {
	return AccountSpec{OwnerType: OwnerMember, OwnerID: memberID, Purpose: PurposePlayerMain, Currency: currency}
}

// PlayerBonus is the spec of a member's bonus balance (issue 32).
func PlayerBonus(memberID int64, currency string) AccountSpec {
	return AccountSpec{OwnerType: OwnerMember, OwnerID: memberID, Purpose: PurposeBonus, Currency: currency}
}

// PlayerVendor is the spec of a member's wallet at one game vendor.
func PlayerVendor(memberID int64, vendor, currency string) AccountSpec {
	return AccountSpec{OwnerType: OwnerMember, OwnerID: memberID, Purpose: PurposePlayerVendor, Vendor: vendor, Currency: currency}
}

// System is the spec of one of the operator's accounts (house, cashier clearing).
func System(purpose, currency string) AccountSpec {
	return AccountSpec{OwnerType: OwnerSystem, Purpose: purpose, Currency: currency}
}

// Validate checks the spec against the purpose table.
func (s AccountSpec) Validate() error {
	p, ok := purposes[s.Purpose]
	switch {
	case !ok:
		return ErrInvalidAccount.With("reason", "purpose")
	case s.OwnerType != p.owner:
		return ErrInvalidAccount.With("reason", "owner_type")
	case s.OwnerType == OwnerMember && s.OwnerID <= 0, s.OwnerType == OwnerSystem && s.OwnerID != 0:
		return ErrInvalidAccount.With("reason", "owner_id")
	case (s.Purpose == PurposePlayerVendor) != (s.Vendor != ""):
		return ErrInvalidAccount.With("reason", "vendor")
	case s.Vendor != "" && !vendorRe.MatchString(s.Vendor):
		return ErrInvalidAccount.With("reason", "vendor")
	case !currencyRe.MatchString(s.Currency):
		return ErrInvalidAccount.With("reason", "currency")
	}
	return nil
}

// Account is one ledger account with its cached balance.
type Account struct {
	ID int64
	AccountSpec
	AllowNegative bool
	Balance       int64 // minor units; equal to the sum of the account's lines
	Version       int64 // number of postings that touched the account
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Line is one leg of a posting: a signed amount on one account.
type Line struct {
	AccountID int64
	Amount    int64 // minor units; negative debits the account, positive credits it
	Currency  string
}

// PostingRequest is what a caller asks the ledger to post.
type PostingRequest struct {
	Key      string // idempotency key, unique across the ledger
	Kind     string
	Lines    []Line
	Metadata map[string]string // free-form references (order id, round id, operator)
	// Hook, when set, writes more rows in the posting's own transaction
	// when the posting is written (not when it is a replay or refused), so
	// one commit covers the money and what the caller records with it (the
	// seamless callback's answer and round). HookData is handed back with
	// the posting. Neither is part of the input hash.
	Hook     Hook
	HookData any
	// Guarded asks Hook (then a GuardedHook) to check its guard for this
	// posting in the batch's transaction, before anything is applied: when
	// the guard does not hold, the posting (with the rest of its chain) is
	// not written and the caller gets ErrGuardFailed. Not part of the input
	// hash either.
	Guarded bool
	// Facts go into the activity stream in the posting's own transaction
	// when (and only when) the posting is written: not on a replay of its
	// key, not when it is refused or its guard fails, and for a chain only
	// when the whole chain is written. A fact whose key is in the stream
	// already is skipped. Not part of the input hash. See docs/ledger.md,
	// "Facts".
	Facts []activity.Fact
}

// The ledger's refusals, for errors.Is (an answer carries them with its
// parameters, e.g. the account, which errors.Is ignores: it matches codes).
var (
	// ErrInsufficientFunds: a line would take an account that may not go
	// below zero below zero.
	ErrInsufficientFunds = apperr.Conflict("ledger.insufficient_funds")
	// ErrIdempotencyMismatch: the key was posted before with another input.
	ErrIdempotencyMismatch = apperr.Conflict("ledger.idempotency_mismatch")
	// ErrAlreadyReversed: the posting was reversed before.
	ErrAlreadyReversed = apperr.Conflict("ledger.already_reversed")
	// ErrUnknownAccount: a line names no account.
	ErrUnknownAccount = apperr.NotFound("ledger.unknown_account")
	// ErrCurrencyMismatch: a line's currency is not its account's.
	ErrCurrencyMismatch = apperr.Invalid("ledger.currency_mismatch")
	// ErrInvalidPosting: the request is malformed (its reason parameter says how).
	ErrInvalidPosting = apperr.Invalid("ledger.invalid_posting")
	// ErrInvalidAccount: an account spec breaks the purpose table.
	ErrInvalidAccount = apperr.Invalid("ledger.invalid_account")
	// ErrUnbalanced: the lines do not sum to zero in a currency.
	ErrUnbalanced = apperr.Invalid("ledger.unbalanced")
)

// ErrGuardFailed answers a Guarded posting whose hook's guard did not hold:
// nothing of it (or of its chain) was written.
var ErrGuardFailed = apperr.Conflict("ledger.guard_failed")

// GuardedHook is a Hook that can guard the postings that carry it: a
// condition on the hook's own rows (the seamless betwin's: its transaction
// id and round are new), read in the batch's transaction before any posting
// is applied. On PostgreSQL the guard is one statement sent with the
// batch's read, in the same round trip. A guarded posting whose condition
// does not hold is left out of the batch, with the rest of its chain, and
// its caller gets ErrGuardFailed; the other postings go on. A caller guards
// a posting that nearly always goes through to skip a read of its own
// before posting, and on ErrGuardFailed does that read and answers from it.
// Guard and GuardStatement get the HookData of the batch's guarded postings
// that carry this hook, in batch order; their reads must not fail for one
// posting alone (an error fails the whole batch, as WritePosted's does).
type GuardedHook interface {
	Hook
	// Guard tells, in tx (the batch's transaction), which of data hold.
	Guard(ctx context.Context, tx *db.Tx, data []any) (holds []bool, err error)
	// GuardStatement is Guard as one PostgreSQL statement (of a fixed text,
	// as a HookStatement's).
	GuardStatement(data []any) GuardStatement
}

// GuardStatement is a GuardedHook's statement for a pipelined batch: Failed
// reads its rows into the positions (in data) whose condition does not hold.
type GuardStatement struct {
	Query  string
	Args   []any
	Failed func(rows HookRows) ([]int, error)
}

// Hook writes rows that belong with postings in their transaction. A batch
// calls WritePosted once per distinct Hook with every written posting that
// carries it, in apply order, after the postings, lines and balances are
// written. Its writes must not fail for one posting alone (write them
// conflict-free, e.g. INSERT ... ON CONFLICT DO NOTHING, and tell the
// caller through HookData): an error fails the whole batch, and every
// caller in it gets that error (a retryable one, a lost race, retries the
// whole batch, so WritePosted may run more than once for a posting; only
// the last run commits). See docs/ledger.md, "Hooks".
type Hook interface {
	WritePosted(ctx context.Context, tx *db.Tx, posted []Hooked) error
}

// PipelinedHook is a Hook that a PostgreSQL batch can also run in its
// pipeline (pipe.go), where there is no *db.Tx: its statement travels with
// the batch's write and COMMIT, in the same round trip. PipelineStatement
// is called, like WritePosted, once per distinct hook with the written
// postings that carry it; ok false means this group needs WritePosted (the
// batch then runs again in a database/sql transaction). The statement's
// failure fails the batch as WritePosted's error would; Done gets its rows
// after COMMIT, and an error from Done is the answer to that hook's
// postings only (they are committed: as with an answer lost on the way,
// the caller's retry finds them).
type PipelinedHook interface {
	Hook
	PipelineStatement(ctx context.Context, posted []Hooked) (st HookStatement, ok bool, err error)
}

// HookStatement is a PipelinedHook's statement: PostgreSQL text with $n
// placeholders and its arguments (nil, int, int64, string, []int64 or
// []string; sent in the text format). The text must be one of a few fixed
// ones (values travel in the arguments): each connection prepares it once
// and keeps it.
type HookStatement struct {
	Query string
	Args  []any
	Done  func(ctx context.Context, rows HookRows) error
}

// HookRows are a HookStatement's result rows.
type HookRows interface {
	Len() int
	// Scan reads row i into dest (one per column), as database/sql's Scan
	// does for the common types (string, int64, int, bool, pointers to them).
	Scan(i int, dest ...any) error
}

// Hooked is one written posting handed to its Hook.
type Hooked struct {
	Posting Posting
	Data    any       // the request's HookData
	Chain   []Posting // PostChain: the chain's postings before this one, in order
}

// Posting is a stored posting.
type Posting struct {
	ID         int64
	Key        string
	InputHash  string
	Kind       string
	ReversesID int64 // 0 unless this posting reverses another
	Metadata   map[string]string
	CreatedAt  time.Time
	Lines      []Line // ordered by account id
	// BalancesAfter[i] is the balance of Lines[i].AccountID right after this
	// posting (the line's balance_after), exact even under concurrent postings.
	BalancesAfter []int64
	Replay        bool // true when the key had been posted before and this is the first result
}

// validate checks the shape of a request and returns its lines sorted by
// account id (the canonical order, also the lock order).
func (r PostingRequest) validate() ([]Line, error) {
	if r.Key == "" || len(r.Key) > MaxKeyLength {
		return nil, ErrInvalidPosting.With("reason", "key")
	}
	if !kinds[r.Kind] {
		return nil, ErrInvalidPosting.With("reason", "kind")
	}
	if len(r.Lines) < 2 {
		return nil, ErrInvalidPosting.With("reason", "lines")
	}
	if _, ok := r.Hook.(GuardedHook); r.Guarded && !ok {
		return nil, ErrInvalidPosting.With("reason", "guard")
	}
	for _, f := range r.Facts {
		if f.Key == "" || f.Kind == "" || f.At.IsZero() || !storableText(f.Key, string(f.Kind), f.Currency, f.Vendor, f.Game, f.Category, f.Ref, f.Detail) {
			return nil, ErrInvalidPosting.With("reason", "fact")
		}
	}
	lines := append([]Line(nil), r.Lines...)
	sort.Slice(lines, func(i, j int) bool { return lines[i].AccountID < lines[j].AccountID })
	sums := map[string]int64{}
	for i, l := range lines {
		switch {
		case l.AccountID <= 0:
			return nil, ErrUnknownAccount.With("id", l.AccountID)
		case l.Amount == 0:
			return nil, ErrInvalidPosting.With("reason", "zero_amount")
		case !currencyRe.MatchString(l.Currency):
			return nil, ErrInvalidPosting.With("reason", "currency")
		case i > 0 && lines[i-1].AccountID == l.AccountID:
			return nil, ErrInvalidPosting.With("reason", "duplicate_account")
		}
		// Overflow-safe sum: refuse amounts whose sum would wrap.
		s := sums[l.Currency]
		if (l.Amount > 0 && s > maxInt64-l.Amount) || (l.Amount < 0 && s < minInt64-l.Amount) {
			return nil, ErrInvalidPosting.With("reason", "amount_range")
		}
		sums[l.Currency] = s + l.Amount
	}
	for cur, s := range sums {
		if s != 0 {
			return nil, ErrUnbalanced.With("currency", cur)
		}
	}
	return lines, nil
}

// storableText tells whether every s is text PostgreSQL stores (UTF-8
// without NUL): a fact that is not would fail its whole batch there, every
// caller in it with it.
func storableText(ss ...string) bool {
	for _, s := range ss {
		if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
			return false
		}
	}
	return true
}

const (
	maxInt64 = 1<<63 - 1
	minInt64 = -1 << 63
)

// inputHash is the SHA-256 of a canonical encoding of what a posting says:
// kind, the posting it reverses, lines in account order and metadata in key
// order. The same key with another hash is a different request.
func inputHash(kind string, reverses int64, lines []Line, meta map[string]string) string {
	// The text is fixed (stored hashes are compared with it): what
	// fmt.Fprintf with "palaro.ledger.v1\nkind=%q\nreverses=%d\n", then
	// "line=%d,%q,%d\n" per line and "meta=%q=%q\n" per key in order, gave;
	// built with strconv, which fmt's verbs use, without fmt's reflection
	// (TestInputHashText).
	b := make([]byte, 0, 128+48*len(lines)+64*len(meta))
	b = append(b, "palaro.ledger.v1\nkind="...)
	b = strconv.AppendQuote(b, kind)
	b = append(b, "\nreverses="...)
	b = strconv.AppendInt(b, reverses, 10)
	b = append(b, '\n')
	for _, l := range lines {
		b = append(b, "line="...)
		b = strconv.AppendInt(b, l.AccountID, 10)
		b = append(b, ',')
		b = strconv.AppendQuote(b, l.Currency)
		b = append(b, ',')
		b = strconv.AppendInt(b, l.Amount, 10)
		b = append(b, '\n')
	}
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b = append(b, "meta="...)
		b = strconv.AppendQuote(b, k)
		b = append(b, '=')
		b = strconv.AppendQuote(b, meta[k])
		b = append(b, '\n')
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func init() {
	apperr.Register("ledger.insufficient_funds", map[string]string{
		"EN": "Insufficient balance.",
		"TY": "Kulang ang balanse.",
	})
	apperr.Register("ledger.idempotency_mismatch", map[string]string{
		"EN": "This request key was already used for a different request.",
		"TY": "Nagamit na ang key ng kahilingang ito para sa ibang kahilingan.",
	})
	apperr.Register("ledger.unbalanced", map[string]string{
		"EN": "The entry does not balance in {currency}.",
		"TY": "Hindi balanse ang entry sa {currency}.",
	})
	apperr.Register("ledger.unknown_account", map[string]string{
		"EN": "The account does not exist.",
		"TY": "Walang ganitong account.",
	})
	apperr.Register("ledger.currency_mismatch", map[string]string{
		"EN": "The currency does not match the account.",
		"TY": "Hindi tugma ang currency sa account.",
	})
	apperr.Register("ledger.already_reversed", map[string]string{
		"EN": "This entry has already been reversed.",
		"TY": "Nabaligtad na ang entry na ito.",
	})
	apperr.Register("ledger.unknown_posting", map[string]string{
		"EN": "The entry does not exist.",
		"TY": "Walang ganitong entry.",
	})
	apperr.Register("ledger.invalid_posting", map[string]string{
		"EN": "The entry is not valid ({reason}).",
		"TY": "Hindi wasto ang entry ({reason}).",
	})
	apperr.Register("ledger.invalid_account", map[string]string{
		"EN": "The account is not valid ({reason}).",
		"TY": "Hindi wasto ang account ({reason}).",
	})
}
