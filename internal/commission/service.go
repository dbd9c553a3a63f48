package commission

import (
	"context"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Poster posts to the ledger (wallet.Service.Post: balance events follow).
type Poster interface {
	Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error)
}

// Accounts finds or creates ledger accounts (ledger.Store).
type Accounts interface {
	EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error)
	AccountsOfOwners(ctx context.Context, ownerType string, ownerIDs []int64) ([]ledger.Account, error)
}

// Deps are what the service needs from the rest of the binary.
type Deps struct {
	Store    *Store
	Tree     Tree
	Figures  TeamFigures
	Settings SettingsSource
	Accounts Accounts
	Wallet   Poster
	Notifier notify.Notifier // nil: no messages
	Auditor  operator.Auditor
	Clock    clock.Clock
	Logger   *slog.Logger
}

// Service holds the contract and settlement rules.
type Service struct {
	Deps
	db *db.DB
}

// NewService wires the service.
func NewService(d Deps) *Service {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	return &Service{Deps: d, db: d.Store.db}
}

// MaxTiers bounds a contract's tiers.
const MaxTiers = 10

// OfferRequest is an offer's body.
type OfferRequest struct {
	DownlineID int64  `json:"downlineId"`
	Type       Type   `json:"type"`
	Period     Period `json:"period"`
	Tiers      []Tier `json:"tiers"`
	Realtime   *Rates `json:"realtime"`
}

// check validates the type, period and terms, and fills the period of the
// types that have a fixed one.
func (r *OfferRequest) check(st Settings) error {
	if !r.Type.valid() {
		return ErrTypeInvalid
	}
	if !st.Enabled[r.Type] {
		return ErrTypeDisabled
	}
	if r.Type == TypeDividend {
		if !slices.Contains(DividendPeriods, r.Period) {
			return ErrPeriodInvalid
		}
	} else {
		if r.Period != "" && r.Period != fixedPeriod(r.Type) {
			return ErrPeriodInvalid
		}
		r.Period = fixedPeriod(r.Type)
	}
	if r.Type == TypeRealtime {
		if len(r.Tiers) > 0 {
			return ErrTiersInvalid
		}
		return checkRates(r.Realtime)
	}
	if r.Realtime != nil {
		return ErrRatesInvalid
	}
	return checkTiers(r.Type, r.Tiers)
}

func checkRates(r *Rates) error {
	if r == nil {
		return ErrRatesInvalid
	}
	for _, v := range []int64{r.WinRate, r.LossRate, r.BetRate} {
		if v < 0 || v > BasisPoints {
			return ErrRatesInvalid
		}
	}
	if r.WinRate == 0 && r.LossRate == 0 && r.BetRate == 0 {
		return ErrRatesInvalid
	}
	return nil
}

// checkTiers: 1 to MaxTiers tiers; thresholds >= 0 (no net-loss threshold
// on a wage); rates 1..10,000 bp; each tier's thresholds at least the
// previous tier's and not all equal to them (else the two overlap); each
// rate above the previous one.
func checkTiers(t Type, tiers []Tier) error {
	if len(tiers) == 0 || len(tiers) > MaxTiers {
		return ErrTiersInvalid
	}
	for i, x := range tiers {
		if x.ValidBets < 0 || x.NetLoss < 0 || x.ActiveMembers < 0 || x.Rate < 1 || x.Rate > BasisPoints ||
			(t != TypeDividend && x.NetLoss != 0) {
			return ErrTiersInvalid.With("tier", i+1)
		}
		if i == 0 {
			continue
		}
		p := tiers[i-1]
		if x.ValidBets < p.ValidBets || x.NetLoss < p.NetLoss || x.ActiveMembers < p.ActiveMembers ||
			(x.ValidBets == p.ValidBets && x.NetLoss == p.NetLoss && x.ActiveMembers == p.ActiveMembers) {
			return ErrTiersOrder.With("tier", i+1)
		}
		if x.Rate <= p.Rate {
			return ErrTiersRate.With("tier", i+1)
		}
	}
	return nil
}

func (s *Service) settings(ctx context.Context) (Settings, error) {
	st, err := s.Settings.CommissionSettings(ctx)
	if err != nil {
		return st, apperr.Internal(err, "commission settings")
	}
	return st, nil
}

// Offer makes a pending offer from an upline agent to one of its direct
// downline agents.
func (s *Service) Offer(ctx context.Context, uplineID int64, req OfferRequest) (Contract, error) {
	return s.offer(ctx, uplineID, req, "")
}

// OfferPlatform makes a platform contract offer to a top agent (an agent
// without an upline); an operator's action, audited.
func (s *Service) OfferPlatform(ctx context.Context, op operator.Caller, req OfferRequest) (Contract, error) {
	c, err := s.offer(ctx, 0, req, "operator:"+strconv.FormatInt(op.ID, 10))
	if err != nil {
		return c, err
	}
	if s.Auditor != nil {
		if err := s.Auditor.Audit(ctx, op, "commission.contract.offer", "member:"+strconv.FormatInt(c.DownlineID, 10),
			map[string]any{"after": c}); err != nil {
			return c, err
		}
	}
	return c, nil
}

func (s *Service) offer(ctx context.Context, uplineID int64, req OfferRequest, offeredBy string) (Contract, error) {
	st, err := s.settings(ctx)
	if err != nil {
		return Contract{}, err
	}
	if err := req.check(st); err != nil {
		return Contract{}, err
	}
	down, err := s.Tree.Member(ctx, req.DownlineID)
	if err != nil {
		if apperr.As(err).Kind == apperr.KindNotFound {
			return Contract{}, ErrNotDirectDownline
		}
		return Contract{}, err
	}
	switch {
	case !down.IsAgent || down.ID == uplineID:
		return Contract{}, ErrNotDirectDownline
	case uplineID == 0 && down.UplineID != 0:
		return Contract{}, ErrNotTopAgent
	case uplineID != 0 && down.UplineID != uplineID:
		return Contract{}, ErrNotDirectDownline
	}
	terms := Terms{Tiers: req.Tiers, Realtime: req.Realtime}
	c := Contract{Type: req.Type, Period: req.Period, UplineID: uplineID, DownlineID: down.ID, Terms: terms,
		Status: StatusPending, OfferedAt: s.Clock.Now().UnixMilli()}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.checkBound(ctx, tx, uplineID, req.Type, terms); err != nil {
			return err
		}
		if old, ok, err := activeOf(ctx, tx, down.ID, req.Type); err != nil {
			return err
		} else if ok {
			c.ReplacesID = old.ID
		}
		id, err := insertContract(ctx, tx, c, offeredBy)
		if err != nil {
			if isUnique(err) {
				return ErrOfferPending
			}
			return err
		}
		c.ID = id
		return nil
	})
	if err != nil {
		return Contract{}, err
	}
	s.notifyContract(ctx, c.DownlineID, notify.KindContractOffered, c)
	return s.named(ctx, c), nil
}

// checkBound: an upline agent passes on at most what its own active
// contract of the type pays (the platform is bounded by nothing but the
// rate limits).
func (s *Service) checkBound(ctx context.Context, q querier, uplineID int64, t Type, terms Terms) error {
	if uplineID == 0 {
		return nil
	}
	own, ok, err := activeOf(ctx, q, uplineID, t)
	if err != nil {
		return err
	}
	if !ok {
		return ErrUplineNoContract
	}
	if within, tier := withinBound(terms, own.Terms); !within {
		return ErrRateAboveUpline.With("tier", tier)
	}
	return nil
}

func isUnique(err error) bool {
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "unique") || strings.Contains(m, "duplicate key")
}

// Accept: the downline accepts a pending offer. In one transaction: the
// offer is claimed (a second accept finds it no longer pending), the
// downline's previous contract of the type ends (replaced), the offer is
// checked against the upline's contract as it is now, and each of the
// downline's own downline contracts of the type that now pays more than
// the new contract ends (auto). Both parties of every ended contract are told.
func (s *Service) Accept(ctx context.Context, memberID, id int64) (Contract, error) {
	var c Contract
	var autoEnded []Contract
	now := s.Clock.Now().UnixMilli()
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if c, err = s.partyContract(ctx, tx, memberID, id); err != nil {
			return err
		}
		if c.DownlineID != memberID {
			return ErrNotParty
		}
		// The claim: the row is written (and locked on PostgreSQL) only while
		// it is pending, so of two parallel accepts the second finds it taken.
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE commission_contract SET decided_at = ? WHERE id = ? AND status = 'pending'`), now, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrNotPending
		}
		if err := s.checkUpline(ctx, c); err != nil {
			return err
		}
		if err := s.checkBound(ctx, tx, c.UplineID, c.Type, c.Terms); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE commission_contract SET status = 'terminated', end_reason = ?, ended_at = ?
 WHERE downline_id = ? AND type = ? AND status = 'active'`), EndReplaced, now, c.DownlineID, string(c.Type)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE commission_contract SET status = 'active' WHERE id = ?`), id); err != nil {
			return err
		}
		below, err := queryContracts(ctx, tx, `SELECT `+contractCols+` FROM commission_contract
 WHERE upline_id = ? AND type = ? AND status = 'active' ORDER BY id`, c.DownlineID, string(c.Type))
		if err != nil {
			return err
		}
		for _, d := range below {
			if ok, _ := withinBound(d.Terms, c.Terms); ok {
				continue
			}
			if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE commission_contract SET status = 'terminated', end_reason = ?, ended_at = ?
 WHERE id = ? AND status = 'active'`), EndAuto, now, d.ID); err != nil {
				return err
			}
			d.Status, d.EndReason, d.EndedAt = StatusTerminated, EndAuto, now
			autoEnded = append(autoEnded, d)
		}
		c.Status, c.DecidedAt = StatusActive, now
		return nil
	})
	if err != nil {
		return Contract{}, err
	}
	if c.UplineID != 0 {
		s.notifyContract(ctx, c.UplineID, notify.KindContractAccepted, c)
	}
	for _, d := range autoEnded {
		s.notifyContract(ctx, d.DownlineID, notify.KindContractAutoEnded, d)
		s.notifyContract(ctx, d.UplineID, notify.KindContractAutoEnded, d)
	}
	return s.named(ctx, c), nil
}

// checkUpline: the downline is still the upline's direct downline agent
// (an operator may have moved it since the offer).
func (s *Service) checkUpline(ctx context.Context, c Contract) error {
	m, err := s.Tree.Member(ctx, c.DownlineID)
	if err != nil {
		return err
	}
	if !m.IsAgent || m.UplineID != c.UplineID {
		return ErrNotDirectDownline
	}
	return nil
}

// Reject: the downline turns a pending offer down.
func (s *Service) Reject(ctx context.Context, memberID, id int64) (Contract, error) {
	var c Contract
	now := s.Clock.Now().UnixMilli()
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if c, err = s.partyContract(ctx, tx, memberID, id); err != nil {
			return err
		}
		if c.DownlineID != memberID {
			return ErrNotParty
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE commission_contract SET status = 'rejected', decided_at = ?
 WHERE id = ? AND status = 'pending'`), now, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrNotPending
		}
		c.Status, c.DecidedAt = StatusRejected, now
		return nil
	})
	if err != nil {
		return Contract{}, err
	}
	if c.UplineID != 0 {
		s.notifyContract(ctx, c.UplineID, notify.KindContractRejected, c)
	}
	return s.named(ctx, c), nil
}

// Terminate: either party ends an active contract; the upline may also
// withdraw its pending offer.
func (s *Service) Terminate(ctx context.Context, memberID, id int64) (Contract, error) {
	c, err := getContract(ctx, s.Store.db, id)
	if err != nil {
		return Contract{}, err
	}
	if c.UplineID != memberID && c.DownlineID != memberID {
		return Contract{}, ErrContractNotFound
	}
	reason := EndDownline
	if c.UplineID == memberID {
		reason = EndUpline
	}
	return s.end(ctx, c, reason, reason == EndUpline)
}

// TerminatePlatform: an operator ends a platform contract (or withdraws
// the platform's pending offer); audited.
func (s *Service) TerminatePlatform(ctx context.Context, op operator.Caller, id int64) (Contract, error) {
	c, err := getContract(ctx, s.Store.db, id)
	if err != nil {
		return Contract{}, err
	}
	if c.UplineID != 0 {
		return Contract{}, ErrNotParty
	}
	out, err := s.end(ctx, c, EndOperator, true)
	if err != nil {
		return out, err
	}
	if s.Auditor != nil {
		if err := s.Auditor.Audit(ctx, op, "commission.contract.terminate", "member:"+strconv.FormatInt(c.DownlineID, 10),
			map[string]any{"before": c, "after": out}); err != nil {
			return out, err
		}
	}
	return out, nil
}

func (s *Service) end(ctx context.Context, c Contract, reason string, mayWithdraw bool) (Contract, error) {
	now := s.Clock.Now().UnixMilli()
	from := "'active'"
	if mayWithdraw {
		from = "'active', 'pending'"
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE commission_contract SET status = 'terminated', end_reason = ?, ended_at = ?
 WHERE id = ? AND status IN (`+from+`)`), reason, now, c.ID)
	if err != nil {
		return Contract{}, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return Contract{}, ErrNotActive
	}
	c.Status, c.EndReason, c.EndedAt = StatusTerminated, reason, now
	for _, m := range []int64{c.UplineID, c.DownlineID} {
		if m != 0 {
			s.notifyContract(ctx, m, notify.KindContractTerminated, c)
		}
	}
	return s.named(ctx, c), nil
}

// partyContract reads a contract the member is a party to (else not found:
// a stranger learns nothing about it).
func (s *Service) partyContract(ctx context.Context, q querier, memberID, id int64) (Contract, error) {
	c, err := getContract(ctx, q, id)
	if err != nil {
		return c, err
	}
	if c.UplineID != memberID && c.DownlineID != memberID {
		return Contract{}, ErrContractNotFound
	}
	return c, nil
}

// Contract is one contract the member is a party to.
func (s *Service) Contract(ctx context.Context, memberID, id int64) (Contract, error) {
	c, err := s.partyContract(ctx, s.Store.db, memberID, id)
	if err != nil {
		return c, err
	}
	return s.named(ctx, c), nil
}

// Page is a page of a list.
type Page[T any] struct {
	List     []T `json:"list"`
	Total    int `json:"total"`
	Page     int `json:"page"`
	PageSize int `json:"pageSize"`
}

// Contracts lists contracts (an agent's own: set f.MemberID).
func (s *Service) Contracts(ctx context.Context, f ContractFilter, page, pageSize int) (Page[Contract], error) {
	f.Offset, f.Limit = (page-1)*pageSize, pageSize
	list, total, err := s.Store.listContracts(ctx, f)
	if err != nil {
		return Page[Contract]{}, err
	}
	for i := range list {
		list[i] = s.named(ctx, list[i])
	}
	if list == nil {
		list = []Contract{}
	}
	return Page[Contract]{List: list, Total: total, Page: page, PageSize: pageSize}, nil
}

// named fills the parties' account names (best effort: a lookup failure
// leaves them empty rather than failing a read).
func (s *Service) named(ctx context.Context, c Contract) Contract {
	c.UplineAccount = s.accountName(ctx, c.UplineID)
	c.DownlineAccount = s.accountName(ctx, c.DownlineID)
	return c
}

func (s *Service) accountName(ctx context.Context, id int64) string {
	if id == 0 {
		return ""
	}
	m, err := s.Tree.Member(ctx, id)
	if err != nil {
		return ""
	}
	return m.Account
}

// names reads the account names of members (0 and unknown ids: none).
func (s *Service) names(ctx context.Context, ids []int64) (map[int64]string, error) {
	seen := map[int64]bool{0: true}
	var want []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			want = append(want, id)
		}
	}
	out := make(map[int64]string, len(want))
	const chunk = 500 // bound the statement's parameters
	for lo := 0; lo < len(want); lo += chunk {
		ms, err := s.Tree.Members(ctx, want[lo:min(lo+chunk, len(want))])
		if err != nil {
			return out, err
		}
		for id, m := range ms {
			out[id] = m.Account
		}
	}
	return out, nil
}

func (s *Service) notifyContract(ctx context.Context, memberID int64, kind string, c Contract) {
	s.notice(ctx, memberID, notify.Notice{Kind: kind, Params: map[string]string{
		"contractId": strconv.FormatInt(c.ID, 10), "type": string(c.Type),
		"upline": s.accountName(ctx, c.UplineID), "downline": s.accountName(ctx, c.DownlineID),
	}})
}

// notice sends a message; a failure is logged, never returned (the change
// it tells of is committed).
func (s *Service) notice(ctx context.Context, memberID int64, n notify.Notice) {
	if s.Notifier == nil || memberID == 0 {
		return
	}
	if err := s.Notifier.Notify(ctx, memberID, n); err != nil {
		s.Logger.WarnContext(ctx, "commission notice", "member", memberID, "kind", n.Kind, "err", err)
	}
}
