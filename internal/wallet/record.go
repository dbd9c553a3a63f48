package wallet

import (
	"context"
	"github.com/palaro/palaro/internal/brand"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// The account record (docs/ledger.md, "Account record"): a member's own
// ledger lines in a date range, newest first, with the balance after each.

// Limits of the account record.
const (
	MaxRecordDays       = 92 // a range covers at most this many calendar days, both ends included
	DefaultRecordDays   = 7  // no dates: the last 7 days up to today
	DefaultRecordSize   = 20
	MaxRecordPageSize   = 100
	MaxRecordExportRows = ledger.MaxLinesLimit // 10,000
	recordDateLayout    = "2006-01-02"
)

// Record types the browser filters by, and the ledger kinds behind each.
var recordKinds = map[string][]string{
	"deposit":    {ledger.KindDeposit},
	"withdrawal": {ledger.KindWithdrawalHold, ledger.KindWithdrawalRelease, ledger.KindWithdrawal},
	"transfer":   {ledger.KindTransfer, ledger.KindAgentTransfer},
	"bet":        {ledger.KindBet},
	"win":        {ledger.KindWin},
	"bonus":      {ledger.KindBonusGrant, ledger.KindCommission, ledger.KindBonusConvert, ledger.KindBonusForfeit, ledger.KindReward},
	"adjustment": {ledger.KindAdjustment, ledger.KindCorrection},
	"refund":     {ledger.KindRefund},
}

// RecordTypes lists the filter values in display order.
var RecordTypes = []string{"deposit", "withdrawal", "transfer", "bet", "win", "bonus", "adjustment", "refund"}

// Reasons the system writes on its own postings; the record answers them as
// RemarkCode for the browser to translate, never as text.
const (
	ReasonDemoOpening     = "demo_opening"
	ReasonFreeplayOpening = "freeplay_opening"
	ReasonVendorRefused   = "vendor_refused"
)

// RemarkCodes lists every RemarkCode (the browser's translations are checked against it).
var RemarkCodes = []string{ReasonDemoOpening, ReasonFreeplayOpening, ReasonVendorRefused}

// recordType is the filter value a posting kind is shown under.
func recordType(kind string) string {
	for t, ks := range recordKinds {
		for _, k := range ks {
			if k == kind {
				return t
			}
		}
	}
	return "adjustment"
}

// RecordQuery is what the browser asks for; dates are calendar days in the
// brand timezone, both included.
type RecordQuery struct {
	From, To string // YYYY-MM-DD; both empty means the last DefaultRecordDays days
	Type     string // one of RecordTypes, or empty for all
	Page     int    // 1-based
	PageSize int
}

// RecordLine is one movement on one of the member's accounts.
type RecordLine struct {
	ID           string `json:"id"` // "<postingId>-<accountId>"
	PostingID    int64  `json:"postingId"`
	Time         int64  `json:"time"` // Unix millis
	Type         string `json:"type"`
	Kind         string `json:"kind"`   // the ledger kind (withdrawal_hold, ...)
	Wallet       string `json:"wallet"` // MAIN, HOLD, BONUS, COMMISSION or a vendor code
	Amount       int64  `json:"amount"` // signed minor units: positive came in
	BalanceAfter int64  `json:"balanceAfter"`
	Reference    string `json:"reference"`
	Remark       string `json:"remark"`               // free text: an operator's reason, a transfer's route
	RemarkCode   string `json:"remarkCode,omitempty"` // one of RemarkCodes, translated by the reader
	// MemberID is whose account it is, in a team's record (PageOfMembers) only.
	MemberID int64 `json:"memberId,omitempty"`
}

// RecordSums are the totals over every matching line (not only the page),
// both as non-negative minor units.
type RecordSums struct {
	In  int64 `json:"in"`
	Out int64 `json:"out"`
}

// RecordPage is the answer of GET /wps/v2/wallets/transactions.
type RecordPage struct {
	List     []RecordLine `json:"list"`
	Total    int          `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"pageSize"`
	Sums     RecordSums   `json:"sums"`
	From     string       `json:"from"`
	To       string       `json:"to"`
	Timezone string       `json:"timezone"`
	Currency string       `json:"currency"`
	Decimals int          `json:"decimals"`
}

// Records reads account records.
type Records struct {
	wallet *Service
	clock  interface{ Now() time.Time }
}

// NewRecords builds the account record over the wallet's ledger.
func NewRecords(w *Service, clk interface{ Now() time.Time }) *Records {
	return &Records{wallet: w, clock: clk}
}

// location is the brand time zone (brand.Info.Timezone), read per request so
// a brand change applies at once; days and CSV times are in it.
func (r *Records) location(ctx context.Context) *time.Location {
	if c, err := r.wallet.brand.Current(ctx); err == nil {
		return c.Info.Location()
	}
	return (&brand.Info{}).Location()
}

// span is a checked query: the time range and kinds to read.
type span struct {
	from, to   time.Time // [from, to)
	tz         *time.Location
	fromS, toS string
	kinds      []string
	page, size int
	accounts   []int64
	wallets    map[int64]string
	currency   string
	decimals   int
}

// resolve checks a query against the caller and the brand.
func (r *Records) resolve(ctx context.Context, c account.Caller, q RecordQuery, export bool) (span, error) {
	if err := requireReal(c); err != nil {
		return span{}, err
	}
	return r.resolveFor(ctx, c.MemberID, q, export)
}

// resolveFor checks a query for a member's record.
func (r *Records) resolveFor(ctx context.Context, memberID int64, q RecordQuery, export bool) (span, error) {
	var s span
	s.tz = r.location(ctx)
	today := r.clock.Now().In(s.tz)
	switch {
	case q.From == "" && q.To == "":
		end := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, s.tz)
		s.from, s.to = end.AddDate(0, 0, -(DefaultRecordDays-1)), end.AddDate(0, 0, 1)
	default:
		from, err1 := time.ParseInLocation(recordDateLayout, q.From, s.tz)
		to, err2 := time.ParseInLocation(recordDateLayout, q.To, s.tz)
		if err1 != nil || err2 != nil {
			return span{}, apperr.Invalid("wallet.invalid_range").With("reason", "date")
		}
		if to.Before(from) {
			return span{}, apperr.Invalid("wallet.invalid_range").With("reason", "order")
		}
		if to.AddDate(0, 0, 1-MaxRecordDays).After(from) {
			return span{}, apperr.Invalid("wallet.invalid_range").With("reason", "too_long")
		}
		s.from, s.to = from, to.AddDate(0, 0, 1)
	}
	s.fromS, s.toS = s.from.Format(recordDateLayout), s.to.AddDate(0, 0, -1).Format(recordDateLayout)
	if q.Type != "" {
		ks, ok := recordKinds[strings.ToLower(q.Type)]
		if !ok {
			return span{}, apperr.Invalid("request.invalid_param").With("name", "type")
		}
		s.kinds = ks
	}
	s.page, s.size = q.Page, q.PageSize
	if s.page == 0 {
		s.page = 1
	}
	if s.size == 0 {
		s.size = DefaultRecordSize
	}
	if s.page < 1 {
		return span{}, apperr.Invalid("request.invalid_page").With("name", "page")
	}
	if !export && (s.size < 1 || s.size > MaxRecordPageSize) {
		return span{}, apperr.Invalid("request.invalid_page_size").With("name", "pageSize").With("max", MaxRecordPageSize)
	}
	cur, err := r.wallet.currency(ctx)
	if err != nil {
		return span{}, err
	}
	s.currency, s.decimals = cur.Code, cur.Decimals
	accts, err := r.wallet.ledger.AccountsOf(ctx, ledger.OwnerMember, memberID)
	if err != nil {
		return span{}, err
	}
	s.wallets = map[int64]string{}
	for _, a := range accts {
		if a.Currency != cur.Code {
			continue // free play (FUN) and accounts of a former brand currency
		}
		s.accounts = append(s.accounts, a.ID)
		s.wallets[a.ID] = walletLabel(a)
	}
	return s, nil
}

func walletLabel(a ledger.Account) string {
	switch a.Purpose {
	case ledger.PurposePlayerMain:
		return "MAIN"
	case ledger.PurposeWithdrawalHold:
		return "HOLD"
	case ledger.PurposeBonus:
		return "BONUS"
	case ledger.PurposeAgentCommission:
		return "COMMISSION"
	case ledger.PurposePlayerVendor:
		return a.Vendor
	}
	return strings.ToUpper(a.Purpose)
}

// Page is one page of the caller's account record.
func (r *Records) Page(ctx context.Context, c account.Caller, q RecordQuery) (RecordPage, error) {
	s, err := r.resolve(ctx, c, q, false)
	if err != nil {
		return RecordPage{}, err
	}
	return r.page(ctx, s)
}

// PageOf is one page of a member's account record for the back office
// (the same lines, filters and limits as the member's own).
func (r *Records) PageOf(ctx context.Context, memberID int64, q RecordQuery) (RecordPage, error) {
	s, err := r.resolveFor(ctx, memberID, q, false)
	if err != nil {
		return RecordPage{}, err
	}
	return r.page(ctx, s)
}

// PageOfMembers is one page of several members' account records together
// (an agent's team, internal/agent/teamreport; the caller checked the
// members are its team), each line with its member; export reads up to
// MaxRecordExportRows lines and says whether there were more. The same
// filters and limits as the member's own record.
func (r *Records) PageOfMembers(ctx context.Context, memberIDs []int64, q RecordQuery, export bool) (RecordPage, bool, error) {
	if export {
		q.Page, q.PageSize = 1, MaxRecordExportRows
	}
	s, err := r.resolveFor(ctx, 0, q, export)
	if err != nil {
		return RecordPage{}, false, err
	}
	accts, err := r.wallet.ledger.AccountsOfOwners(ctx, ledger.OwnerMember, memberIDs)
	if err != nil {
		return RecordPage{}, false, err
	}
	owner := map[int64]int64{}
	for _, a := range accts {
		if a.Currency != s.currency {
			continue
		}
		s.accounts = append(s.accounts, a.ID)
		s.wallets[a.ID] = walletLabel(a)
		owner[a.ID] = a.OwnerID
	}
	var out RecordPage
	if export {
		out = RecordPage{List: []RecordLine{}, Page: 1, PageSize: s.size, From: s.fromS, To: s.toS, Timezone: s.tz.String(), Currency: s.currency, Decimals: s.decimals}
		if len(s.accounts) > 0 {
			rows, total, err := r.wallet.ledger.Lines(ctx, ledger.LinesQuery{AccountIDs: s.accounts, From: s.from, To: s.to, Kinds: s.kinds, Limit: MaxRecordExportRows})
			if err != nil {
				return RecordPage{}, false, err
			}
			out.Total = total
			for _, l := range rows {
				out.List = append(out.List, recordLine(l, s.wallets))
			}
		}
	} else if out, err = r.page(ctx, s); err != nil {
		return RecordPage{}, false, err
	}
	for i := range out.List {
		out.List[i].MemberID = owner[out.List[i].accountID()]
	}
	return out, out.Total > len(out.List) && export, nil
}

// accountID is the account of a line, from its id "<postingId>-<accountId>".
func (l RecordLine) accountID() int64 {
	_, a, _ := strings.Cut(l.ID, "-")
	id, _ := strconv.ParseInt(a, 10, 64)
	return id
}

func (r *Records) page(ctx context.Context, s span) (RecordPage, error) {
	out := RecordPage{List: []RecordLine{}, Page: s.page, PageSize: s.size, From: s.fromS, To: s.toS, Timezone: s.tz.String(), Currency: s.currency, Decimals: s.decimals}
	lq := ledger.LinesQuery{AccountIDs: s.accounts, From: s.from, To: s.to, Kinds: s.kinds, Offset: (s.page - 1) * s.size, Limit: s.size}
	rows, total, err := r.wallet.ledger.Lines(ctx, lq)
	if err != nil {
		return RecordPage{}, err
	}
	out.Total = total
	for _, l := range rows {
		out.List = append(out.List, recordLine(l, s.wallets))
	}
	if out.Sums, err = r.sums(ctx, lq, total); err != nil {
		return RecordPage{}, err
	}
	return out, nil
}

// sums totals every matching line.
func (r *Records) sums(ctx context.Context, lq ledger.LinesQuery, total int) (RecordSums, error) {
	var out RecordSums
	if total == 0 {
		return out, nil
	}
	lq.Offset, lq.Limit = 0, ledger.MaxLinesLimit
	for lq.Offset < total {
		rows, _, err := r.wallet.ledger.Lines(ctx, lq)
		if err != nil {
			return out, err
		}
		if len(rows) == 0 {
			break
		}
		for _, l := range rows {
			if l.Amount > 0 {
				out.In += l.Amount
			} else {
				out.Out -= l.Amount
			}
		}
		lq.Offset += len(rows)
	}
	return out, nil
}

// Export is the caller's account record for a CSV download: at most
// MaxRecordExportRows lines, newest first; truncated tells there were more.
func (r *Records) Export(ctx context.Context, c account.Caller, q RecordQuery) (lines []RecordLine, page RecordPage, truncated bool, err error) {
	q.Page, q.PageSize = 1, MaxRecordExportRows
	s, err := r.resolve(ctx, c, q, true)
	if err != nil {
		return nil, RecordPage{}, false, err
	}
	rows, total, err := r.wallet.ledger.Lines(ctx, ledger.LinesQuery{AccountIDs: s.accounts, From: s.from, To: s.to, Kinds: s.kinds, Limit: MaxRecordExportRows})
	if err != nil {
		return nil, RecordPage{}, false, err
	}
	for _, l := range rows {
		lines = append(lines, recordLine(l, s.wallets))
	}
	page = RecordPage{Total: total, From: s.fromS, To: s.toS, Timezone: s.tz.String(), Currency: s.currency, Decimals: s.decimals}
	return lines, page, total > len(rows), nil
}

func recordLine(l ledger.LineRow, wallets map[int64]string) RecordLine {
	text, code := remark(l)
	return RecordLine{
		ID:           strconv.FormatInt(l.PostingID, 10) + "-" + strconv.FormatInt(l.AccountID, 10),
		PostingID:    l.PostingID,
		Time:         l.CreatedAt.UnixMilli(),
		Type:         recordType(l.Kind),
		Kind:         l.Kind,
		Wallet:       wallets[l.AccountID],
		Amount:       l.Amount,
		BalanceAfter: l.BalanceAfter,
		Reference:    reference(l),
		Remark:       text,
		RemarkCode:   code,
	}
}

// reference is the business id a posting names (order, withdrawal,
// transfer, round), or the posting id.
func reference(l ledger.LineRow) string {
	for _, k := range []string{"orderNo", "depositId", "withdrawalId", "transferId", "roundId", "round", "reference"} {
		if v := l.Metadata[k]; v != "" {
			if k == "transferId" {
				return "T" + v
			}
			return v
		}
	}
	return "P" + strconv.FormatInt(l.PostingID, 10)
}

// remark is what a posting says about itself: a transfer's route, an
// operator's reason (free text), and the system's reason as a code.
func remark(l ledger.LineRow) (text, code string) {
	why := l.Metadata["reason"]
	if slices.Contains(RemarkCodes, why) {
		code, why = why, ""
	}
	if v := l.Metadata["vendor"]; v != "" && l.Kind == ledger.KindTransfer {
		from, to := "MAIN", v
		if l.Metadata["direction"] == DirectionOut {
			from, to = v, "MAIN"
		}
		r := from + " → " + to
		if why != "" {
			r += " (" + why + ")"
		}
		return r, code
	}
	if v := l.Metadata["remark"]; v != "" {
		return v, code
	}
	return why, code
}
