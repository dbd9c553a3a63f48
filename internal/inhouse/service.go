package inhouse

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/inhouse/player"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/money"
)

// Service holds the game server's rules.
type Service struct {
	store    *Store
	wallet   Wallet
	sessions Sessions
	catalog  Catalog
	brand    Brand
	brands   BrandWriter // the operator's settings (settings.go); nil: none
	ledger   Ledger
	accounts Accounts
	bonuses  Bonuses // nil: none
	clock    clock.Clock
	logger   *slog.Logger
	cfg      Config

	gamesMu  sync.Mutex
	gamesGen uint64
	names    map[string]string        // slug -> catalogue name (inhouse_game)
	bySlug   map[string]game.GameView // slug -> catalogue game
	byCode   map[string]string        // game code -> slug

	sessMu   sync.Mutex
	sessList map[sessionKey]openSession

	pairs pairCache

	jp jackpotState
}

type sessionKey struct {
	member int64
	code   string
}

type openSession struct {
	token  string
	opened time.Time
}

// sessionReuse is how long a game session the server opened is used for
// bets (seamless sessions take bets for 12 h).
const sessionReuse = time.Hour

// maxSessions is when the session list is pruned of stale entries.
const maxSessions = 10000

// Deps are the service's collaborators.
type Deps struct {
	Store    *Store
	Wallet   Wallet
	Sessions Sessions
	Catalog  Catalog
	Brand    Brand
	Brands   BrandWriter // optional: the operator's settings
	Ledger   Ledger
	Accounts Accounts
	Bonuses  Bonuses // optional: the member's bonus balance, answered apart from the main one
	Clock    clock.Clock
	Logger   *slog.Logger
}

// Bonuses is the member's bonus balance while a bonus is active (the game
// wallet; 0 without one).
type Bonuses interface {
	BonusBalance(ctx context.Context, member int64, currency string) (int64, error)
}

// NewService wires the game server.
func NewService(d Deps, cfg Config) *Service {
	cfg.defaults()
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Store != nil {
		d.Store.done.logger = d.Logger
	}
	return &Service{store: d.Store, wallet: d.Wallet, sessions: d.Sessions, catalog: d.Catalog, brand: d.Brand, brands: d.Brands, ledger: d.Ledger,
		accounts: d.Accounts, bonuses: d.Bonuses, clock: d.Clock, logger: d.Logger, cfg: cfg, sessList: map[sessionKey]openSession{}}
}

// --- games of the catalogue ---

// games resolves the engines' catalogue games (once per catalogue snapshot).
func (s *Service) games(ctx context.Context) (map[string]game.GameView, map[string]string, error) {
	cat, err := s.catalog.Catalog(ctx)
	if err != nil {
		return nil, nil, err
	}
	s.gamesMu.Lock()
	defer s.gamesMu.Unlock()
	if s.bySlug != nil && s.gamesGen == cat.Generation {
		return s.bySlug, s.byCode, nil
	}
	if s.names == nil {
		if s.names, err = s.store.gameNames(ctx); err != nil {
			return nil, nil, err
		}
	}
	bySlug, byCode := map[string]game.GameView{}, map[string]string{}
	for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{Vendor}, PageNo: 1, PageSize: 1 << 30}).Games {
		for slug, name := range s.names {
			if g.GameName == name && g.Vassalage == Vendor {
				if _, dup := bySlug[slug]; !dup {
					bySlug[slug], byCode[g.GameCode] = g, slug
				}
			}
		}
	}
	s.gamesGen, s.bySlug, s.byCode = cat.Generation, bySlug, byCode
	return bySlug, byCode, nil
}

// SlugOf is the engine of a catalogue game code (ok false: not in-house).
func (s *Service) SlugOf(ctx context.Context, gameCode string) (string, bool, error) {
	_, byCode, err := s.games(ctx)
	if err != nil {
		return "", false, err
	}
	slug, ok := byCode[gameCode]
	return slug, ok, nil
}

func (s *Service) gameOf(ctx context.Context, slug string) (game.GameView, error) {
	bySlug, _, err := s.games(ctx)
	if err != nil {
		return game.GameView{}, err
	}
	g, ok := bySlug[slug]
	if !ok {
		return g, apperr.NotFound("inhouse.unknown_game")
	}
	if g.Maintenance {
		return g, apperr.Forbidden("inhouse.game_unavailable")
	}
	return g, nil
}

func (s *Service) currency(ctx context.Context) (code string, decimals int, err error) {
	b, err := s.brand.Current(ctx)
	if err != nil {
		return "", 0, err
	}
	return b.Currency.Code, b.Currency.Decimals, nil
}

// rules are the brand's in-house money rules (stake ranges, jackpot share)
// with its currency: brand data, so an operator's change applies to the
// next round.
func (s *Service) rules(ctx context.Context) (code string, decimals int, r brand.Inhouse, err error) {
	b, err := s.brand.Current(ctx)
	if err != nil {
		return "", 0, brand.Inhouse{}, err
	}
	return b.Currency.Code, b.Currency.Decimals, b.Inhouse, nil
}

// --- checks ---

// requireReal is the in-house games' one rule (player.Check).
func requireReal(c account.Caller) error { return player.Check(c) }

// checkAmount applies a game's stake range.
func checkAmount(rules brand.Inhouse, slug string, amount int64, decimals int) error {
	l := rules.Range(slug)
	switch {
	case amount <= 0:
		return apperr.Invalid("inhouse.bad_amount").With("min", money.Format(l.MinBet, decimals))
	case amount < l.MinBet:
		return apperr.Invalid("inhouse.below_min").With("min", money.Format(l.MinBet, decimals))
	case amount > l.MaxBet:
		return apperr.Invalid("inhouse.above_max").With("max", money.Format(l.MaxBet, decimals))
	}
	return nil
}

// requestHash identifies a request under one idempotency key.
func requestHash(op string, parts ...any) string {
	h := sha256.New()
	fmt.Fprintf(h, "inhouse.v1\n%s", op)
	for _, p := range parts {
		fmt.Fprintf(h, "\n%v", p)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// --- opening a round ---

// opening is what a game contributes to a new round.
type opening struct {
	slug   string
	amount int64
	params any // public inputs (JSON)
	hash   string
	// play decides the outcome from the round's stream: the stored outcome,
	// the state (stateOpen when the player still acts, else settled), the
	// win and multiplier when settled.
	play func(src *fair.Stream) (outcome any, state string, win, mult int64)
	// external rounds (Crash) have no seed pair: outcome fixed by the caller.
	external bool
	check    error // the game's own validation of its inputs, reported after the common checks
}

// open runs a new round: checks, nonce and outcome, the PENDING row, the
// bet and, for a round decided at once, the win. key is the member's
// Idempotency-Key; a repeat answers with the round it opened.
func (s *Service) open(ctx context.Context, c account.Caller, key string, o opening) (Play, error) {
	if err := requireReal(c); err != nil {
		return Play{}, err
	}
	if err := money.CheckIdempotencyKey(key); err != nil {
		return Play{}, err
	}
	cur, decimals, rules, err := s.rules(ctx)
	if err != nil {
		return Play{}, err
	}
	if err := checkAmount(rules, o.slug, o.amount, decimals); err != nil {
		return Play{}, err
	}
	if o.check != nil {
		return Play{}, o.check
	}
	g, err := s.gameOf(ctx, o.slug)
	if err != nil {
		return Play{}, err
	}
	params, err := json.Marshal(o.params)
	if err != nil {
		return Play{}, err
	}
	now := s.clock.Now().UnixMilli()
	r := roundRow{MemberID: c.MemberID, Game: o.slug, GameCode: g.GameCode, NodeID: g.NodeID, Currency: cur, Amount: o.amount,
		Params: string(params), Key: key, RequestHash: o.hash, CreatedAt: now, State: statePending}
	r.JPContribution = o.amount * rules.ContributionBpOf(o.slug) / 10000

	var final string // the state after the bet
	// decide fixes the outcome for a seed pair and nonce.
	decide := func(seed *seedRow) error {
		var src *fair.Stream
		if seed != nil {
			r.SeedID, r.Nonce, r.SeedHash, r.ClientSeed = seed.ID, seed.Nonce, seed.Hash, seed.ClientSeed
			src = fair.NewStream(seed.ServerSeed, seed.ClientSeed, uint64(seed.Nonce))
			r.JPHit = jackpotHit(seed.ServerSeed, seed.ClientSeed, seed.Nonce, o.amount, s.cfg.Jackpot.HitDivisor)
		}
		out, state, win, mult := o.play(src)
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		r.Outcome, r.Win, r.Multiplier, final = string(b), win, mult, state
		return nil
	}
	bg := context.WithoutCancel(ctx) // the batch's transaction is not this request's to cancel
	if done, err := s.openFast(bg, &r, o.external, decide); done || err != nil {
		if err == errReplay {
			return s.replayRound(ctx, c.MemberID, key, o.hash)
		}
		if err != nil {
			return Play{}, err
		}
		return s.afterInsert(ctx, &r, final)
	}
	err = s.store.openRound(ctx, c.MemberID, func(tx *db.Tx) error {
		var seed *seedRow
		if !o.external {
			sr, err := s.nonce(bg, tx, c.MemberID)
			if err != nil {
				return err
			}
			seed = &sr
		}
		if err := decide(seed); err != nil {
			return err
		}
		inserted, err := s.store.insertRound(bg, tx, &r)
		if err != nil {
			return err
		}
		if !inserted {
			if r.SeedID > 0 { // give the nonce back: the key's round exists
				if err := s.store.returnNonce(bg, tx, r.SeedID); err != nil {
					return err
				}
			}
			return errReplay
		}
		if seed != nil {
			s.pairs.remember(*seed)
		}
		return nil
	})
	if err == errReplay {
		return s.replayRound(ctx, c.MemberID, key, o.hash)
	}
	if err != nil {
		return Play{}, err
	}
	return s.afterInsert(ctx, &r, final)
}

// nonce takes the next nonce of the member's active pair, creating the
// pair on first use.
func (s *Service) nonce(ctx context.Context, q *db.Tx, memberID int64) (seedRow, error) {
	seed, err := s.store.takeNonce(ctx, q, memberID)
	if err != errNoSeed {
		return seed, err
	}
	pair, err := newPair(memberID, "")
	if err != nil {
		return seed, err
	}
	if err := s.store.insertSeed(ctx, q, pair, s.clock.Now().UnixMilli()); err != nil {
		return seed, err
	}
	seed, err = s.store.takeNonce(ctx, q, memberID)
	if err == errNoSeed {
		return seed, apperr.Conflict("inhouse.in_progress") // a rotation raced in; the player retries
	}
	return seed, err
}

// afterInsert sends the bet and finishes what can be finished at once: a
// round decided at once without a jackpot hit is played in one callback
// (bet and win), the others bet first.
func (s *Service) afterInsert(ctx context.Context, r *roundRow, final string) (Play, error) {
	oneCall := final != stateOpen && !r.JPHit && r.SeedID != 0
	bet := s.bet
	if oneCall {
		bet = s.betWin
	}
	res, bal, err := bet(ctx, r)
	switch res {
	case betRefused:
		if derr := s.store.deletePending(context.WithoutCancel(ctx), r.ID); derr != nil {
			s.logger.ErrorContext(ctx, "delete refused round", "round", r.ID, "err", derr)
		}
		return Play{}, err
	case betUnknown:
		// Settle by rule now if we can (refund); else recovery does it.
		s.recoverPending(context.WithoutCancel(ctx), *r)
		return Play{}, err
	}
	r.Balance = bal
	if oneCall {
		return s.completeAnswered(ctx, r, bal)
	}
	if final == stateOpen {
		ok, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{statePending}, Version: -1, State: stateOpen, Balance: &bal, Now: s.clock.Now().UnixMilli()})
		if err != nil {
			return Play{}, err
		}
		if !ok {
			return Play{}, apperr.Conflict("inhouse.round_closed")
		}
		r.State = stateOpen
		r.Version++
		return s.play(ctx, *r)
	}
	return s.settle(ctx, r, []string{statePending})
}

// settle pays a round whose result is fixed (the jackpot first when it
// hit) and completes it. from are the states it may complete from.
func (s *Service) settle(ctx context.Context, r *roundRow, from []string) (Play, error) {
	var err error
	switch {
	case r.JPHit && r.JPWin == 0:
		if err = s.claimJackpot(ctx, r, from); err == nil {
			from = []string{stateSettling}
		}
	case r.JPWin > 0:
		err = s.finishJackpot(ctx, r)
	}
	if err == nil {
		var bal int64
		if bal, err = s.pay(ctx, r); err == nil {
			return s.complete(ctx, r, bal)
		}
	}
	if apperr.As(err).Code == "inhouse.round_closed" {
		return Play{}, err
	}
	s.logger.ErrorContext(ctx, "in-house settlement: not confirmed; recovery retries it", "round", r.ID, "err", err)
	if r.State != stateSettling { // recovery then pays the round rather than refunding its bet
		win, mult := r.Win, r.Multiplier
		_, _ = s.store.apply(context.WithoutCancel(ctx), s.store.db, change{ID: r.ID, From: from, Version: -1, State: stateSettling,
			Win: &win, Multiplier: &mult, Outcome: &r.Outcome, Now: s.clock.Now().UnixMilli()})
	}
	return Play{}, apperr.New(apperr.KindUnavailable, "inhouse.wallet_unavailable")
}

// complete marks a paid round COMPLETED (from PENDING or SETTLING).
func (s *Service) complete(ctx context.Context, r *roundRow, bal int64) (Play, error) {
	now := s.clock.Now().UnixMilli()
	win, mult := r.Win, r.Multiplier
	ok, err := s.store.completeRound(ctx, r.ID, win, mult, bal, now)
	if err != nil {
		return Play{}, err
	}
	if !ok { // completed by someone else (recovery): show the stored round
		cur, err := s.store.round(ctx, r.ID)
		if err != nil {
			return Play{}, err
		}
		return s.play(ctx, cur)
	}
	return s.playCompleted(ctx, r, bal, now)
}

// completeAnswered completes a round played in one wallet call without
// waiting for the statement (Store.completeAnswered): the answer is the
// round as the wallet's commit left it.
func (s *Service) completeAnswered(ctx context.Context, r *roundRow, bal int64) (Play, error) {
	now := s.clock.Now().UnixMilli()
	s.store.completeAnswered(r.ID, r.Win, r.Multiplier, bal, now)
	return s.playCompleted(ctx, r, bal, now)
}

// playCompleted is the answer for r completed at now with balance bal.
func (s *Service) playCompleted(ctx context.Context, r *roundRow, bal, now int64) (Play, error) {
	r.State, r.Balance, r.EndedAt, r.UpdatedAt = stateCompleted, bal, now, now
	r.Version++
	return s.play(ctx, *r)
}

// Settle waits until the completions of rounds already answered are
// committed: reads that list or show rounds call it first, and the server
// calls it when it stops, after the last request and before the database
// closes.
func (s *Service) Settle(ctx context.Context) error { return s.store.settled(ctx) }

// replayRound answers a repeated key of a round-opening request: the round
// it opened once its bet is settled, or a mismatch.
func (s *Service) replayRound(ctx context.Context, memberID int64, key, hash string) (Play, error) {
	if err := s.Settle(ctx); err != nil {
		return Play{}, apperr.Conflict("inhouse.in_progress")
	}
	deadline := time.Now().Add(replayWait)
	for {
		r, err := s.store.roundByKey(ctx, memberID, key)
		if apperr.As(err).Kind == apperr.KindNotFound { // the first request was refused meanwhile
			return Play{}, apperr.Conflict("inhouse.in_progress")
		}
		if err != nil {
			return Play{}, err
		}
		if r.RequestHash != hash {
			return Play{}, apperr.Conflict("inhouse.idempotency_mismatch")
		}
		if r.State != statePending {
			return s.play(ctx, r)
		}
		if time.Now().After(deadline) {
			return Play{}, apperr.Conflict("inhouse.in_progress")
		}
		select {
		case <-ctx.Done():
			return Play{}, apperr.Conflict("inhouse.in_progress")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// replayWait bounds how long a repeat waits for the first request.
const replayWait = 5 * time.Second

// play is the answer for a round.
func (s *Service) play(ctx context.Context, r roundRow) (Play, error) {
	v, err := s.view(r)
	if err != nil {
		return Play{}, err
	}
	p := Play{Round: v, Balance: r.Balance}
	// The wallet answers what the member can stake, main and bonus
	// together; Bonus tells the bonus part (the header shows main).
	if s.bonuses != nil && r.Currency != "" {
		b, err := s.bonuses.BonusBalance(ctx, r.MemberID, r.Currency)
		if err != nil {
			return Play{}, err
		}
		p.Bonus = min(b, r.Balance)
	}
	return p, nil
}
