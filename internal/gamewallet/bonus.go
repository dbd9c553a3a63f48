package gamewallet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// The bonus balance (issue 32, docs/rewards.md "Bonus balance"). A member
// holds at most one grant at a time; its money sits in the member's bonus
// account (ledger purpose bonus), funded from the operator's promotion
// account. Bets spend the main balance first and the bonus balance only for
// what main lacks; a round's wins split in its stake's proportion. Wagering
// progress comes from the activity stream (BonusWagering); a grant ends by
// conversion (requirement met), forfeit or expiry, and its money then
// leaves the bonus account in postings keyed by the grant.

// Grant statuses. CONVERTING and FORFEITING hold the member's one grant
// while its money leaves the bonus account.
const (
	GrantActive     = "ACTIVE"
	GrantConverting = "CONVERTING"
	GrantForfeiting = "FORFEITING"
	GrantConverted  = "CONVERTED"
	GrantForfeited  = "FORFEITED"
	GrantExpired    = "EXPIRED"
)

// Why a grant was forfeited.
const (
	ReasonCancelled     = "CANCELLED"
	ReasonWithdrawal    = "WITHDRAWAL"
	ReasonSelfExclusion = "SELF_EXCLUSION"
	ReasonOperator      = "OPERATOR"
	ReasonExpired       = "EXPIRED"
)

var (
	// ErrBonusActive: the member holds a grant already.
	ErrBonusActive = apperr.Conflict("reward.bonus_active")
	// ErrNoBonus: the member holds no active grant.
	ErrNoBonus = apperr.NotFound("bonus.none")
	// ErrBonusMaxBet: a bet above the active grant's maximum (the stored
	// refusal BET_EXCEEDS_BONUS_MAX; Refusal.Max carries the maximum).
	ErrBonusMaxBet = errors.New("gamewallet: the bet exceeds the active bonus's maximum bet")
)

// GrantRequest asks for a bonus grant. Key makes it idempotent.
type GrantRequest struct {
	Key           string
	MemberID      int64
	Currency      string
	Source        string // what granted it (WELCOME, PROMOTION, OPERATOR...)
	Title         string
	Amount        int64
	WagerRequired int64
	MaxBet        int64            // 0: no limit
	MaxConvert    int64            // 0: no cap
	Weights       map[string]int64 // per game category, basis points
	ValidFor      time.Duration
}

// Grant is a bonus grant as the member and the console see it.
type Grant struct {
	ID            int64            `json:"id"`
	MemberID      int64            `json:"memberId"`
	Currency      string           `json:"currency"`
	Source        string           `json:"source"`
	Title         string           `json:"title"`
	Amount        int64            `json:"amount"`
	Balance       int64            `json:"balance"`
	WagerRequired int64            `json:"wagerRequired"`
	Wagered       int64            `json:"wagered"`
	MaxBet        int64            `json:"maxBet"`
	MaxConvert    int64            `json:"maxConvert"`
	Weights       map[string]int64 `json:"weights"`
	Status        string           `json:"status"`
	Reason        string           `json:"reason,omitempty"`
	Converted     int64            `json:"convertedAmount"`
	Forfeited     int64            `json:"forfeitedAmount"`
	CreatedAt     int64            `json:"createdAt"`
	ExpiresAt     int64            `json:"expiresAt"`
	EndedAt       *int64           `json:"endedAt"`
	posted        bool
}

// Live tells whether the grant still holds the member's one place.
func (g Grant) Live() bool {
	return g.Status == GrantActive || g.Status == GrantConverting || g.Status == GrantForfeiting
}

// InhouseWeight is the weights key of the in-house games (vendor BGS,
// whose rounds are of category RNG): set, it counts them apart from other
// slots.
const InhouseWeight = "BGS"

// contribution is what a valid bet adds to the wagering: the weight of its
// game ("game:<code>"), else of the in-house games for theirs, else of its
// category.
func (g Grant) contribution(category, vendor, game string, validBet int64) int64 {
	w, ok := g.Weights["game:"+game]
	if !ok && vendor == InhouseWeight {
		w, ok = g.Weights[InhouseWeight]
	}
	if !ok {
		w = g.Weights[category]
	}
	return validBet * w / 10000
}

// bonusCacheTTL bounds how long a bet trusts the cached answer to "which
// grant is active": a grant started or ended on another instance reaches
// this one's maximum-bet check within it (a bet that needs bonus money
// reads it fresh).
const bonusCacheTTL = time.Second

type bonusEntry struct {
	grant  *Grant // ACTIVE grant, nil for none
	bal    int64  // the bonus balance (bals)
	loaded time.Time
}

type bonusState struct {
	mu      sync.Mutex
	cache   map[int64]bonusEntry
	short   map[int64]struct{}   // members whose last bet here needed bonus money
	bals    map[int64]bonusEntry // bonus balances read for answers (grant unused), for bonusCacheTTL
	ids     sync.Map             // accountKey -> bonus account id
	kick    chan struct{}
	running bool
}

func (b *bonusState) get(member int64, now time.Time) (*Grant, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e, ok := b.cache[member]
	if !ok || now.Sub(e.loaded) > bonusCacheTTL {
		return nil, false
	}
	return e.grant, true
}

func (b *bonusState) put(member int64, g *Grant, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.cache == nil {
		b.cache = map[int64]bonusEntry{}
	}
	if len(b.cache) > 100_000 {
		clear(b.cache)
	}
	b.cache[member] = bonusEntry{grant: g, loaded: now}
}

// markShort records whether the member's last bet needed bonus money: the
// next one then reads main first and posts the split at once, rather than
// trying main alone and being refused.
func (b *bonusState) markShort(member int64, short bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !short {
		delete(b.short, member)
		return
	}
	if b.short == nil || len(b.short) > 100_000 {
		b.short = map[int64]struct{}{}
	}
	b.short[member] = struct{}{}
}

func (b *bonusState) isShort(member int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	_, ok := b.short[member]
	return ok
}

func (b *bonusState) drop(member int64) {
	b.mu.Lock()
	delete(b.cache, member)
	delete(b.bals, member)
	b.mu.Unlock()
}

// balance is the member's bonus balance as last read here, while fresh. It
// only serves the balance a game is answered: postings check the ledger's.
// This instance forgets it whenever it moves bonus money (forgetBalance);
// another instance's moves show within bonusCacheTTL.
func (b *bonusState) balance(member int64, now time.Time) (int64, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e, ok := b.bals[member]
	if !ok || now.Sub(e.loaded) > bonusCacheTTL {
		return 0, false
	}
	return e.bal, true
}

func (b *bonusState) setBalance(member, bal int64, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bals == nil || len(b.bals) > 100_000 {
		b.bals = map[int64]bonusEntry{}
	}
	b.bals[member] = bonusEntry{bal: bal, loaded: now}
}

func (b *bonusState) forgetBalance(member int64) {
	b.mu.Lock()
	delete(b.bals, member)
	b.mu.Unlock()
}

// activeBonus is the member's ACTIVE grant in currency, nil for none; fresh
// skips the cache.
func (s *Service) activeBonus(ctx context.Context, member int64, currency string, fresh bool) (*Grant, error) {
	now := s.clock.Now()
	if !fresh {
		if g, ok := s.bonus.get(member, now); ok {
			if g != nil && g.Currency != currency {
				return nil, nil
			}
			return g, nil
		}
	}
	g, found, err := s.store.liveGrant(ctx, s.store.db, member)
	if err != nil {
		return nil, err
	}
	var active *Grant
	if found && g.Status == GrantActive {
		active = &g
	}
	s.bonus.put(member, active, now)
	if active != nil && active.Currency != currency {
		return nil, nil
	}
	return active, nil
}

func (s *Service) bonusAccount(ctx context.Context, member int64, currency string) (int64, error) {
	k := accountKey{member, currency}
	if v, ok := s.bonus.ids.Load(k); ok {
		return v.(int64), nil
	}
	a, err := s.accounts.EnsureAccount(ctx, ledger.PlayerBonus(member, currency))
	if err != nil {
		return 0, err
	}
	s.bonus.ids.Store(k, a.ID)
	return a.ID, nil
}

func (s *Service) promotionAccount(ctx context.Context, currency string) (int64, error) {
	return s.accountID(ctx, -1, ledger.System(ledger.PurposePromotion, currency))
}

// BonusBalance is the member's bonus balance in currency while a grant is
// active, else 0 (no account is opened for a member who never had one).
func (s *Service) BonusBalance(ctx context.Context, member int64, currency string) (int64, error) {
	if g, err := s.activeBonus(ctx, member, currency, false); err != nil || g == nil {
		return 0, err
	}
	return s.bonusAccountBalance(ctx, member, currency)
}

func (s *Service) bonusAccountBalance(ctx context.Context, member int64, currency string) (int64, error) {
	id, err := s.bonusAccount(ctx, member, currency)
	if err != nil {
		return 0, err
	}
	a, err := s.accounts.Account(ctx, id)
	return a.Balance, err
}

// GrantBonus starts a grant: refused with ErrBonusActive while the member
// holds another. The same Key answers the grant it made before.
func (s *Service) GrantBonus(ctx context.Context, r GrantRequest) (Grant, error) {
	switch {
	case r.Key == "" || len(r.Key) > 150, r.MemberID <= 0, !currencyRe.MatchString(r.Currency), r.Currency == FreePlayCurrency,
		r.Amount <= 0, r.Amount > MaxAmount, r.WagerRequired < 0, r.MaxBet < 0, r.MaxConvert < 0, r.ValidFor <= 0, r.Source == "":
		return Grant{}, apperr.Invalid("gamewallet.invalid_grant")
	}
	for c, w := range r.Weights {
		if w < 0 || w > 10000 || c == "" {
			return Grant{}, apperr.Invalid("gamewallet.invalid_grant").With("reason", "weights")
		}
	}
	now := s.clock.Now()
	g, err := s.store.insertGrant(ctx, r, now)
	s.bonus.drop(r.MemberID)
	if err != nil {
		return Grant{}, err
	}
	if !g.posted {
		if err := s.postGrant(ctx, g); err != nil {
			return Grant{}, err
		}
		g.posted = true
	}
	return s.withBalance(ctx, g)
}

// postGrant moves the grant's money into the bonus account (idempotent by
// the grant) and marks it posted.
func (s *Service) postGrant(ctx context.Context, g Grant) error {
	promo, err := s.promotionAccount(ctx, g.Currency)
	if err != nil {
		return err
	}
	bonus, err := s.bonusAccount(ctx, g.MemberID, g.Currency)
	if err != nil {
		return err
	}
	id := strconv.FormatInt(g.ID, 10)
	_, err = s.poster.Post(ctx, ledger.PostingRequest{
		Key:      "bonus:grant:" + id,
		Kind:     ledger.KindBonusGrant,
		Lines:    move(promo, bonus, g.Amount, g.Currency),
		Metadata: map[string]string{"grant": id, "source": g.Source},
		Facts: []activity.Fact{{Key: "bonus:" + id, Kind: activity.BonusGranted, MemberID: g.MemberID, Currency: g.Currency,
			Amount: g.Amount, Ref: id, Detail: g.Source, At: s.clock.Now()}},
	})
	if err != nil {
		return err
	}
	return s.store.markPosted(ctx, g.ID)
}

func (s *Service) withBalance(ctx context.Context, g Grant) (Grant, error) {
	if !g.Live() {
		return g, nil
	}
	b, err := s.bonusAccountBalance(ctx, g.MemberID, g.Currency)
	g.Balance = b
	return g, err
}

// Bonus is the member's live grant (with its balance), ok=false for none.
func (s *Service) Bonus(ctx context.Context, member int64) (Grant, bool, error) {
	g, found, err := s.store.liveGrant(ctx, s.store.db, member)
	if err != nil || !found {
		return Grant{}, false, err
	}
	g, err = s.withBalance(ctx, g)
	return g, err == nil, err
}

// BonusHistory is the member's ended grants, newest first.
func (s *Service) BonusHistory(ctx context.Context, member int64, limit int) ([]Grant, error) {
	return s.store.endedGrants(ctx, member, limit)
}

// ForfeitBonus ends the member's active grant: the bonus balance (the bonus
// and what it won) goes back to the promotion account.
func (s *Service) ForfeitBonus(ctx context.Context, member int64, reason string) (Grant, error) {
	g, found, err := s.store.liveGrant(ctx, s.store.db, member)
	if err != nil {
		return Grant{}, err
	}
	if !found {
		return Grant{}, ErrNoBonus
	}
	if g.Status == GrantActive {
		ok, err := s.store.moveGrant(ctx, g.ID, GrantActive, GrantForfeiting, reason)
		if err != nil {
			return Grant{}, err
		}
		if !ok { // converted or forfeited meanwhile: finish what it became
			if g, _, err = s.store.grantByID(ctx, g.ID); err != nil {
				return Grant{}, err
			}
		} else {
			g.Status, g.Reason = GrantForfeiting, reason
		}
	}
	s.bonus.drop(member)
	return s.finish(ctx, g)
}

// finish moves what is left in the bonus account out of it for a grant
// that is CONVERTING (to main, up to the conversion cap; the rest back to
// the promotion account) or FORFEITING (all back), then records the end.
// Each posting is keyed by the grant and its turn, so a retry after a crash
// adds nothing; a win credited by a round that started before the grant
// ended is swept up by a later turn.
func (s *Service) finish(ctx context.Context, g Grant) (Grant, error) {
	if !g.Live() {
		return g, nil
	}
	if g.Status == GrantActive {
		return g, fmt.Errorf("gamewallet: finish of an active grant %d", g.ID)
	}
	bonus, err := s.bonusAccount(ctx, g.MemberID, g.Currency)
	if err != nil {
		return g, err
	}
	main, err := s.accountID(ctx, g.MemberID, ledger.PlayerMain(g.MemberID, g.Currency))
	if err != nil {
		return g, err
	}
	promo, err := s.promotionAccount(ctx, g.Currency)
	if err != nil {
		return g, err
	}
	id := strconv.FormatInt(g.ID, 10)
	converted, forfeited := g.Converted, g.Forfeited
	for turn, tries := 0, 0; turn < 6 && tries < 20; tries++ {
		a, err := s.accounts.Account(ctx, bonus)
		if err != nil {
			return g, err
		}
		if a.Balance <= 0 {
			break
		}
		conv := int64(0)
		if g.Status == GrantConverting {
			conv = a.Balance
			if g.MaxConvert > 0 && converted+conv > g.MaxConvert {
				conv = max(0, g.MaxConvert-converted)
			}
		}
		lost := a.Balance - conv
		lines := []ledger.Line{{AccountID: bonus, Amount: -a.Balance, Currency: g.Currency}}
		kind := ledger.KindBonusForfeit
		if conv > 0 {
			lines = append(lines, ledger.Line{AccountID: main, Amount: conv, Currency: g.Currency})
			kind = ledger.KindBonusConvert
		}
		if lost > 0 {
			lines = append(lines, ledger.Line{AccountID: promo, Amount: lost, Currency: g.Currency})
		}
		endKey := "bonus:end:" + id + ":" + strconv.Itoa(turn)
		p, err := s.poster.Post(ctx, ledger.PostingRequest{
			Key: endKey, Kind: kind, Lines: lines,
			Metadata: map[string]string{"grant": id, "status": g.Status},
			Facts:    convertedFacts(endKey, g, conv, s.clock.Now()),
		})
		switch {
		case errors.Is(err, ledger.ErrInsufficientFunds):
			continue // spent meanwhile: read it again
		case errors.Is(err, ledger.ErrIdempotencyMismatch):
			turn++ // an earlier run's turn: the next one takes what is left
			continue
		case err != nil:
			return g, err
		}
		for _, l := range p.Lines {
			switch l.AccountID {
			case main:
				converted += l.Amount
			case promo:
				forfeited += l.Amount
			}
		}
		turn++
	}
	final := GrantForfeited
	switch {
	case g.Status == GrantConverting:
		final = GrantConverted
	case g.Reason == ReasonExpired:
		final = GrantExpired
	}
	now := s.clock.Now().UnixMilli()
	if err := s.store.endGrant(ctx, g.ID, g.Status, final, converted, forfeited, now); err != nil {
		return g, err
	}
	s.bonus.drop(g.MemberID)
	g.Status, g.Converted, g.Forfeited, g.EndedAt, g.Balance = final, converted, forfeited, &now, 0
	return g, nil
}

// SweepBonuses finishes what a crash or another instance left half done and
// ends the grants that are due: grants not yet posted, grants converting or
// forfeiting, active grants past their expiry (EXPIRED) and active grants
// whose wagering is met (CONVERTED). It returns how many grants it moved.
func (s *Service) SweepBonuses(ctx context.Context) (int, error) {
	now := s.clock.Now()
	due, err := s.store.dueGrants(ctx, now.UnixMilli(), 200)
	if err != nil {
		return 0, err
	}
	n := 0
	if err := s.settleLateWins(ctx, now); err != nil {
		return n, err
	}
	for _, g := range due {
		if !g.posted {
			if now.Sub(time.UnixMilli(g.CreatedAt)) < 10*time.Second {
				continue // its GrantBonus may still be posting it
			}
			if err := s.postGrant(ctx, g); err != nil {
				return n, err
			}
			g.posted = true
		}
		switch {
		case g.Status == GrantActive && g.WagerRequired <= g.Wagered:
			ok, err := s.store.moveGrant(ctx, g.ID, GrantActive, GrantConverting, "")
			if err != nil || !ok {
				if err != nil {
					return n, err
				}
				continue
			}
			g.Status = GrantConverting
		case g.Status == GrantActive && g.ExpiresAt <= now.UnixMilli():
			ok, err := s.store.moveGrant(ctx, g.ID, GrantActive, GrantForfeiting, ReasonExpired)
			if err != nil || !ok {
				if err != nil {
					return n, err
				}
				continue
			}
			g.Status, g.Reason = GrantForfeiting, ReasonExpired
		case g.Status == GrantActive:
			continue
		}
		s.bonus.drop(g.MemberID)
		if _, err := s.finish(ctx, g); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// lateWindow is how long after its end a grant's bonus account is watched
// for late wins: a win reads its grant, then posts through the ledger's group
// commit, so one that read the grant as active can land milliseconds after
// the grant ended.
const lateWindow = 10 * time.Minute

// settleLateWins settles what reached the bonus account of a member with no
// live grant after their last grant ended (a win that read the grant as
// active before it ended): by that grant's outcome, to main if it converted
// (within its cap), to the promotion account otherwise. The key names the
// account's version, so two sweeps that see the same balance post once.
func (s *Service) settleLateWins(ctx context.Context, now time.Time) error {
	ended, err := s.store.lastEndedWithoutLive(ctx, now.Add(-lateWindow).UnixMilli(), 500)
	if err != nil {
		return err
	}
	for _, g := range ended {
		if err := s.settleLate(ctx, g); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) settleLate(ctx context.Context, g Grant) error {
	bonus, err := s.bonusAccount(ctx, g.MemberID, g.Currency)
	if err != nil {
		return err
	}
	a, err := s.accounts.Account(ctx, bonus)
	if err != nil || a.Balance <= 0 {
		return err
	}
	conv := int64(0)
	if g.Status == GrantConverted {
		conv = a.Balance
		if g.MaxConvert > 0 && g.Converted+conv > g.MaxConvert {
			conv = max(0, g.MaxConvert-g.Converted)
		}
	}
	lines := []ledger.Line{{AccountID: bonus, Amount: -a.Balance, Currency: g.Currency}}
	kind := ledger.KindBonusForfeit
	if conv > 0 {
		main, err := s.accountID(ctx, g.MemberID, ledger.PlayerMain(g.MemberID, g.Currency))
		if err != nil {
			return err
		}
		lines = append(lines, ledger.Line{AccountID: main, Amount: conv, Currency: g.Currency})
		kind = ledger.KindBonusConvert
	}
	if lost := a.Balance - conv; lost > 0 {
		promo, err := s.promotionAccount(ctx, g.Currency)
		if err != nil {
			return err
		}
		lines = append(lines, ledger.Line{AccountID: promo, Amount: lost, Currency: g.Currency})
	}
	id := strconv.FormatInt(g.ID, 10)
	lateKey := "bonus:late:" + id + ":" + strconv.FormatInt(a.Version, 10)
	p, err := s.poster.Post(ctx, ledger.PostingRequest{
		Key: lateKey, Kind: kind, Lines: lines,
		Metadata: map[string]string{"grant": id, "status": g.Status, "late": "1"},
		Facts:    convertedFacts(lateKey, g, conv, s.clock.Now()),
	})
	switch {
	case errors.Is(err, ledger.ErrInsufficientFunds), errors.Is(err, ledger.ErrIdempotencyMismatch):
		return nil // it moved meanwhile: the next sweep reads it again
	case err != nil:
		return err
	case p.Replay:
		return nil
	}
	return s.store.addEnded(ctx, g.ID, conv, a.Balance-conv)
}

// convertedFacts is the bonus.converted fact of a posting that moves conv
// to main (none when it converts nothing): the dashboard's bonus cost.
func convertedFacts(key string, g Grant, conv int64, at time.Time) []activity.Fact {
	if conv <= 0 {
		return nil
	}
	return []activity.Fact{{Key: key, Kind: activity.BonusConverted, MemberID: g.MemberID, Currency: g.Currency, Amount: conv,
		Ref: strconv.FormatInt(g.ID, 10), Detail: g.Source, At: at}}
}

// RunBonuses sweeps every interval, and at once when the wagering consumer
// saw a requirement met, until ctx ends.
func (s *Service) RunBonuses(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.bonus.kick:
		}
		if _, err := s.SweepBonuses(ctx); err != nil && ctx.Err() == nil {
			s.logger.ErrorContext(ctx, "bonus sweep", "err", err)
		}
	}
}

func (s *Service) kickBonuses() {
	select {
	case s.bonus.kick <- struct{}{}:
	default:
	}
}

// BonusWagering is the stream consumer "bonus.wagering": each settled
// round of a member with an active grant, started after the grant, adds its
// valid bet times its category's weight to the grant's progress; a rolled
// back round takes it back. A grant whose requirement is met is converted
// by the sweep (RunBonuses), woken at once.
type BonusWagering struct{ s *Service }

// WageringConsumer is the service's wagering consumer.
func (s *Service) WageringConsumer() *BonusWagering { return &BonusWagering{s} }

// Name implements activity.Consumer.
func (*BonusWagering) Name() string { return "bonus.wagering" }

// Wants implements activity.Selective.
func (*BonusWagering) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.RoundSettled, activity.RoundCancelled}}
}

// Reset implements activity.Consumer: progress is counted again from the
// stream.
func (*BonusWagering) Reset(ctx context.Context, tx *db.Tx) error {
	_, err := tx.ExecContext(ctx, `UPDATE bonus_grant SET wagered = 0 WHERE status = 'ACTIVE'`)
	return err
}

// Apply implements activity.Consumer.
func (c *BonusWagering) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	members := make([]int64, 0, len(events))
	seen := map[int64]bool{}
	for _, e := range events {
		if e.MemberID > 0 && e.ValidBet != 0 && !seen[e.MemberID] {
			seen[e.MemberID] = true
			members = append(members, e.MemberID)
		}
	}
	if len(members) == 0 {
		return nil
	}
	grants, err := c.s.store.activeGrantsOf(ctx, tx, members)
	if err != nil || len(grants) == 0 {
		return err
	}
	add := map[int64]int64{}
	for _, e := range events {
		g, ok := grants[e.MemberID]
		if !ok || g.Currency != e.Currency || e.StartedAt.UnixMilli() < g.CreatedAt {
			continue
		}
		add[g.ID] += g.contribution(e.Category, e.Vendor, e.Game, e.ValidBet)
	}
	met := false
	for _, g := range grants {
		d := add[g.ID]
		if d == 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE bonus_grant SET wagered = wagered + ? WHERE id = ? AND status = 'ACTIVE'`), d, g.ID); err != nil {
			return err
		}
		met = met || g.Wagered+d >= g.WagerRequired
	}
	if met {
		c.s.kickBonuses()
	}
	return nil
}

// --- the bet side ---

// bonusSplit is how a bet's amount is paid: main first, the rest (bonus)
// from the bonus balance of grant.
type bonusSplit struct {
	grant *Grant
	bonus int64
	acct  int64 // the bonus account
}

// checkBonusBet refuses a bet above the active grant's maximum bet; the
// refusal's detail states the maximum (maxBetOf reads it back).
func (s *Service) checkBonusBet(ctx context.Context, member int64, currency string, amount int64) (code, detail string, err error) {
	if currency == FreePlayCurrency {
		return "", "", nil
	}
	g, err := s.activeBonus(ctx, member, currency, false)
	if err != nil {
		return "", "", err
	}
	if g != nil && g.MaxBet > 0 && amount > g.MaxBet {
		return codeBonusMaxBet, maxBetPrefix + strconv.FormatInt(g.MaxBet, 10), nil
	}
	return "", "", nil
}

const maxBetPrefix = "the active bonus allows bets up to "

// maxBetOf reads the maximum bet back from a stored refusal's detail.
func maxBetOf(detail string) int64 {
	v, _ := strconv.ParseInt(strings.TrimPrefix(detail, maxBetPrefix), 10, 64)
	return v
}

// splitBet decides, for a bet main alone could not pay, how much the
// active grant's bonus balance pays. ok=false: no active grant, or main
// and bonus together are short too.
func (s *Service) splitBet(ctx context.Context, member int64, currency string, main, amount int64) (bonusSplit, bool, error) {
	if currency == FreePlayCurrency {
		return bonusSplit{}, false, nil
	}
	g, err := s.activeBonus(ctx, member, currency, true)
	if err != nil || g == nil {
		return bonusSplit{}, false, err
	}
	if g.MaxBet > 0 && amount > g.MaxBet {
		return bonusSplit{}, false, nil
	}
	acct, err := s.bonusAccount(ctx, member, currency)
	if err != nil {
		return bonusSplit{}, false, err
	}
	m, err := s.accounts.Account(ctx, main)
	if err != nil {
		return bonusSplit{}, false, err
	}
	b, err := s.accounts.Account(ctx, acct)
	if err != nil {
		return bonusSplit{}, false, err
	}
	need := amount - max(0, m.Balance)
	if need <= 0 || need > b.Balance {
		return bonusSplit{}, false, nil
	}
	return bonusSplit{grant: g, bonus: need, acct: acct}, true, nil
}

// quickSplit is the split of a bet by a member whose last bet needed bonus
// money, from the grant and the balances the bet already read (bonusBefore):
// ok=false when main pays it alone (the hint is cleared) or the two are
// short. A posting it refuses falls back to splitBet.
func (s *Service) quickSplit(ctx context.Context, member int64, br bonusRead, main, amount int64) (bonusSplit, bool, error) {
	g := br.grant
	if g == nil || br.acct == 0 || !s.bonus.isShort(member) || (g.MaxBet > 0 && amount > g.MaxBet) {
		return bonusSplit{}, false, nil
	}
	mainBal := br.main
	if mainBal < 0 {
		m, err := s.accounts.Account(ctx, main)
		if err != nil {
			return bonusSplit{}, false, err
		}
		mainBal = m.Balance
	}
	need := amount - max(0, mainBal)
	if need <= 0 {
		s.bonus.markShort(member, false)
		return bonusSplit{}, false, nil
	}
	if need > br.bal {
		return bonusSplit{}, false, nil
	}
	return bonusSplit{grant: g, bonus: need, acct: br.acct}, true, nil
}

// betLines are a split bet's lines: main and bonus to house.
func (b bonusSplit) betLines(main, house, amount int64, currency string) []ledger.Line {
	lines := []ledger.Line{{AccountID: b.acct, Amount: -b.bonus, Currency: currency}, {AccountID: house, Amount: amount, Currency: currency}}
	if amount > b.bonus {
		lines = append(lines, ledger.Line{AccountID: main, Amount: -(amount - b.bonus), Currency: currency})
	}
	return lines
}

// winShare is the part of a win that belongs to the bonus: the stake's
// proportion.
func winShare(win, bet, bonusBet int64) int64 {
	if bet <= 0 || bonusBet <= 0 {
		return 0
	}
	if bonusBet >= bet {
		return win
	}
	return win * bonusBet / bet
}

// creditLines pays amount from house to the player: the bonus share to the
// bonus account while its grant is active, to main once it converted, and
// not at all (the house keeps it) once it was forfeited or expired.
func (s *Service) creditLines(ctx context.Context, stake bonusStake, member int64, currency string, main, house, amount int64) ([]ledger.Line, error) {
	share := winShare(amount, stake.Bet, stake.BonusBet)
	if share == 0 {
		return move(house, main, amount, currency), nil
	}
	s.bonus.forgetBalance(member)
	g, found, err := s.store.grantByID(ctx, stake.GrantID)
	if err != nil {
		return nil, err
	}
	real := amount - share
	switch {
	case found && g.Status == GrantActive:
		acct, err := s.bonusAccount(ctx, member, currency)
		if err != nil {
			return nil, err
		}
		lines := []ledger.Line{{AccountID: house, Amount: -amount, Currency: currency}, {AccountID: acct, Amount: share, Currency: currency}}
		if real > 0 {
			lines = append(lines, ledger.Line{AccountID: main, Amount: real, Currency: currency})
		}
		return lines, nil
	case found && (g.Status == GrantConverting || g.Status == GrantConverted):
		return move(house, main, amount, currency), nil
	}
	if real == 0 {
		return nil, nil
	}
	return move(house, main, real, currency), nil
}

// bonusStake is the bonus part of an open round's stake.
type bonusStake struct {
	GrantID  int64
	Bet      int64
	BonusBet int64
}

// --- the store ---

const grantCols = `id, member_id, currency, source, title, amount, wager_required, wagered, max_bet, max_convert, weights, status, reason, posted, converted, forfeited, created_at, expires_at, ended_at`

func scanGrant(row interface{ Scan(...any) error }) (Grant, error) {
	var g Grant
	var weights string
	var posted int
	var ended int64
	err := row.Scan(&g.ID, &g.MemberID, &g.Currency, &g.Source, &g.Title, &g.Amount, &g.WagerRequired, &g.Wagered, &g.MaxBet, &g.MaxConvert,
		&weights, &g.Status, &g.Reason, &posted, &g.Converted, &g.Forfeited, &g.CreatedAt, &g.ExpiresAt, &ended)
	if err != nil {
		return g, err
	}
	g.posted = posted == 1
	if ended > 0 {
		g.EndedAt = &ended
	}
	g.Weights = map[string]int64{}
	if err := json.Unmarshal([]byte(weights), &g.Weights); err != nil {
		return g, fmt.Errorf("grant %d weights: %w", g.ID, err)
	}
	return g, nil
}

func (s *Store) grantByKey(ctx context.Context, q db.Querier, key string) (Grant, bool, error) {
	g, err := scanGrant(q.QueryRowContext(ctx, s.db.Rebind(`SELECT `+grantCols+` FROM bonus_grant WHERE grant_key = ?`), key))
	if db.IsNoRows(err) {
		return Grant{}, false, nil
	}
	if err != nil {
		return Grant{}, false, apperr.Internal(err, "select bonus grant")
	}
	return g, true, nil
}

func (s *Store) grantByID(ctx context.Context, id int64) (Grant, bool, error) {
	g, err := scanGrant(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+grantCols+` FROM bonus_grant WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return Grant{}, false, nil
	}
	if err != nil {
		return Grant{}, false, apperr.Internal(err, "select bonus grant")
	}
	return g, true, nil
}

const liveStatuses = `('ACTIVE', 'CONVERTING', 'FORFEITING')`

func (s *Store) liveGrant(ctx context.Context, q db.Querier, member int64) (Grant, bool, error) {
	g, err := scanGrant(q.QueryRowContext(ctx, s.db.Rebind(`SELECT `+grantCols+` FROM bonus_grant WHERE member_id = ? AND status IN `+liveStatuses), member))
	if db.IsNoRows(err) {
		return Grant{}, false, nil
	}
	if err != nil {
		return Grant{}, false, apperr.Internal(err, "select live bonus grant")
	}
	return g, true, nil
}

// insertGrant stores a new ACTIVE grant, or answers the one of the same key.
func (s *Store) insertGrant(ctx context.Context, r GrantRequest, now time.Time) (Grant, error) {
	if g, found, err := s.grantByKey(ctx, s.db, r.Key); err != nil || found {
		return g, err
	}
	weights, err := json.Marshal(r.Weights)
	if err != nil {
		return Grant{}, apperr.Internal(err, "grant weights")
	}
	var out Grant
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, live, err := s.liveGrant(ctx, tx, r.MemberID); err != nil {
			return err
		} else if live {
			return ErrBonusActive
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO bonus_grant (grant_key, member_id, currency, source, title, amount, wager_required, max_bet, max_convert, weights, status, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?, ?)`),
			r.Key, r.MemberID, r.Currency, r.Source, r.Title, r.Amount, r.WagerRequired, r.MaxBet, r.MaxConvert, string(weights),
			now.UnixMilli(), now.Add(r.ValidFor).UnixMilli())
		if err != nil {
			return err
		}
		g, _, err := s.grantByKey(ctx, tx, r.Key)
		out = g
		return err
	})
	if err != nil && !errors.Is(err, ErrBonusActive) && db.IsUniqueViolation(err) {
		// A concurrent grant won: the same key's, or another live one.
		if g, found, err2 := s.grantByKey(ctx, s.db, r.Key); err2 == nil && found {
			return g, nil
		}
		return Grant{}, ErrBonusActive
	}
	if err != nil {
		if errors.Is(err, ErrBonusActive) {
			return Grant{}, err
		}
		return Grant{}, apperr.Internal(err, "insert bonus grant")
	}
	return out, nil
}

func (s *Store) markPosted(ctx context.Context, id int64) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE bonus_grant SET posted = 1 WHERE id = ?`), id); err != nil {
		return apperr.Internal(err, "mark bonus grant posted")
	}
	return nil
}

// moveGrant changes a grant's status from one to another; false when it was
// no longer in from.
func (s *Store) moveGrant(ctx context.Context, id int64, from, to, reason string) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE bonus_grant SET status = ?, reason = ? WHERE id = ? AND status = ?`), to, reason, id, from)
	if err != nil {
		return false, apperr.Internal(err, "move bonus grant")
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) endGrant(ctx context.Context, id int64, from, to string, converted, forfeited, at int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE bonus_grant SET status = ?, converted = ?, forfeited = ?, ended_at = ? WHERE id = ? AND status = ?`),
		to, converted, forfeited, at, id, from)
	if err != nil {
		return apperr.Internal(err, "end bonus grant")
	}
	return nil
}

// lastEndedWithoutLive is, for each member with no live grant whose last
// grant ended since `since`, that grant.
func (s *Store) lastEndedWithoutLive(ctx context.Context, since int64, limit int) ([]Grant, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+grantCols+` FROM bonus_grant g
		WHERE g.ended_at >= ? AND g.status NOT IN `+liveStatuses+`
		AND NOT EXISTS (SELECT 1 FROM bonus_grant n WHERE n.member_id = g.member_id AND n.id > g.id)
		ORDER BY g.id LIMIT ?`), since, limit)
	if err != nil {
		return nil, apperr.Internal(err, "select ended bonus grants")
	}
	defer rows.Close()
	var out []Grant
	for rows.Next() {
		g, err := scanGrant(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan bonus grant")
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// addEnded adds a late settlement to an ended grant's totals.
func (s *Store) addEnded(ctx context.Context, id, converted, forfeited int64) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE bonus_grant SET converted = converted + ?, forfeited = forfeited + ? WHERE id = ?`),
		converted, forfeited, id); err != nil {
		return apperr.Internal(err, "add to ended bonus grant")
	}
	return nil
}

func (s *Store) endedGrants(ctx context.Context, member int64, limit int) ([]Grant, error) {
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+grantCols+` FROM bonus_grant WHERE member_id = ? AND status NOT IN `+liveStatuses+` ORDER BY id DESC LIMIT ?`), member, limit)
	if err != nil {
		return nil, apperr.Internal(err, "select bonus grants")
	}
	defer rows.Close()
	out := []Grant{}
	for rows.Next() {
		g, err := scanGrant(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan bonus grant")
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// dueGrants are grants a sweep may have work on.
func (s *Store) dueGrants(ctx context.Context, now int64, limit int) ([]Grant, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+grantCols+` FROM bonus_grant
		WHERE status IN ('CONVERTING', 'FORFEITING') OR (status = 'ACTIVE' AND (posted = 0 OR wagered >= wager_required OR expires_at <= ?))
		ORDER BY id LIMIT ?`), now, limit)
	if err != nil {
		return nil, apperr.Internal(err, "select due bonus grants")
	}
	defer rows.Close()
	var out []Grant
	for rows.Next() {
		g, err := scanGrant(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan bonus grant")
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// activeGrantsOf reads the ACTIVE grants of members, in tx, by member.
func (s *Store) activeGrantsOf(ctx context.Context, tx *db.Tx, members []int64) (map[int64]Grant, error) {
	sort.Slice(members, func(i, j int) bool { return members[i] < members[j] })
	out := map[int64]Grant{}
	for start := 0; start < len(members); start += 500 {
		part := members[start:min(start+500, len(members))]
		args := make([]any, len(part))
		for i, m := range part {
			args[i] = m
		}
		rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT `+grantCols+` FROM bonus_grant WHERE status = 'ACTIVE' AND member_id IN (?`+strings.Repeat(", ?", len(part)-1)+`)`), args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			g, err := scanGrant(rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			out[g.MemberID] = g
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// addStake records the bonus part of a bet on its round (in the bet's
// transaction).
func (s *Store) addStake(ctx context.Context, tx *db.Tx, vendor, roundID string, member, grant, bet, bonusBet, at int64) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO bonus_round (vendor, round_id, member_id, grant_id, bet, bonus_bet, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (vendor, round_id) DO UPDATE SET bet = bonus_round.bet + excluded.bet, bonus_bet = bonus_round.bonus_bet + excluded.bonus_bet`),
		vendor, roundID, member, grant, bet, bonusBet, at)
	return err
}

// addPlainBet adds a bet paid from main alone to a round that has a bonus
// stake, so the proportion stays right (in the bet's transaction).
func (s *Store) addPlainBet(ctx context.Context, tx *db.Tx, vendor, roundID string, bet int64) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE bonus_round SET bet = bet + ? WHERE vendor = ? AND round_id = ?`), bet, vendor, roundID)
	return err
}

func (s *Store) stake(ctx context.Context, vendor, roundID string) (bonusStake, error) {
	var b bonusStake
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT grant_id, bet, bonus_bet FROM bonus_round WHERE vendor = ? AND round_id = ?`), vendor, roundID).
		Scan(&b.GrantID, &b.Bet, &b.BonusBet)
	if db.IsNoRows(err) {
		return bonusStake{}, nil
	}
	if err != nil {
		return bonusStake{}, apperr.Internal(err, "select bonus stake")
	}
	return b, nil
}

// BonusExclusions is the stream consumer "bonus.exclusions": a member's
// self-exclusion (fact rg.changed, Ref EXCLUSION) forfeits the member's
// active grant; the sweep, woken at once, moves its money out.
type BonusExclusions struct{ s *Service }

// ExclusionConsumer is the service's self-exclusion consumer.
func (s *Service) ExclusionConsumer() *BonusExclusions { return &BonusExclusions{s} }

// Name implements activity.Consumer.
func (*BonusExclusions) Name() string { return "bonus.exclusions" }

// Wants implements activity.Selective.
func (*BonusExclusions) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.LimitChanged}}
}

// Reset implements activity.Consumer: a forfeit is not undone.
func (*BonusExclusions) Reset(context.Context, *db.Tx) error { return nil }

// exclusionChange is responsible gaming's Ref of a self-exclusion.
const exclusionChange = "EXCLUSION"

// Apply implements activity.Consumer.
func (c *BonusExclusions) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	moved := false
	for _, e := range events {
		if e.Ref != exclusionChange || e.MemberID <= 0 {
			continue
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE bonus_grant SET status = 'FORFEITING', reason = ? WHERE member_id = ? AND status = 'ACTIVE'`),
			ReasonSelfExclusion, e.MemberID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n > 0 {
			moved = true
			c.s.bonus.drop(e.MemberID)
		}
	}
	if moved {
		c.s.kickBonuses()
	}
	return nil
}
