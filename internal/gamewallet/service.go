package gamewallet

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"hash/fnv"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Service is the game wallet.
type Service struct {
	store    *Store
	games    Games
	poster   Poster
	accounts Accounts
	clock    clock.Clock
	logger   *slog.Logger
	cfg      Config

	accIDs   sync.Map // accountKey -> int64
	sessions sync.Map // token hash -> session (cached once read; dropped by Sweep when expired)
	roundMu  [256]sync.Mutex
	rec      *recorder
	reads    *reader
	bonus    bonusState
	// guardFailures counts the guarded betwins played again with their
	// lookup (guard.go), for tests.
	guardFailures atomic.Int64
}

type accountKey struct {
	member   int64
	currency string
}

// NewService wires the game wallet.
func NewService(store *Store, games Games, poster Poster, accounts Accounts, clk clock.Clock, logger *slog.Logger, cfg Config) *Service {
	if clk == nil {
		clk = clock.System{}
	}
	if logger == nil {
		logger = slog.Default()
	}
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = DefaultSessionTTL
	}
	if cfg.IdleRound <= 0 {
		cfg.IdleRound = DefaultIdleRound
	}
	s := &Service{store: store, games: games, poster: poster, accounts: accounts, clock: clk, logger: logger, cfg: cfg, rec: newRecorder(store), reads: newReader(store)}
	s.bonus.kick = make(chan struct{}, 1)
	return s
}

// OpenSession opens a game session for a launch and returns the token the
// vendor gets (it is stored only as its SHA-256). The session takes bets
// for Config.SessionTTL (12 h); currency is the account's the member plays
// with (the brand currency, or FUN for a trial user in a free-play game).
func (s *Service) OpenSession(ctx context.Context, memberID int64, vendor, gameCode string, nodeID int64, currency string) (string, error) {
	if memberID <= 0 || !idRe.MatchString(vendor) || !codeRe.MatchString(gameCode) || !currencyRe.MatchString(currency) {
		return "", apperr.Invalid("gamewallet.invalid_session")
	}
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", apperr.Internal(err, "session token")
	}
	token := "gs_" + hex.EncodeToString(b[:])
	now := s.clock.Now()
	err := s.store.insertSession(ctx, tokenHash(token), session{
		MemberID: memberID, Vendor: vendor, GameCode: gameCode, NodeID: nodeID, Currency: currency,
		ExpiresAt: now.Add(s.cfg.SessionTTL).UnixMilli(),
	}, now.UnixMilli())
	if err != nil {
		return "", err
	}
	return token, nil
}

// Rounds lists a member's rounds (newest first) and how many match.
func (s *Service) Rounds(ctx context.Context, q RoundQuery) ([]Round, int, error) {
	if err := normaliseQuery(&q); err != nil {
		return nil, 0, err
	}
	return s.store.rounds(ctx, q)
}

// RoundTotals sums every round a query matches (its paging ignored).
func (s *Service) RoundTotals(ctx context.Context, q RoundQuery) (Totals, error) {
	if err := normaliseQuery(&q); err != nil {
		return Totals{}, err
	}
	return s.store.totals(ctx, q)
}

func normaliseQuery(q *RoundQuery) error {
	switch {
	case q.MemberID <= 0 && len(q.MemberIDs) == 0, q.MemberID > 0 && len(q.MemberIDs) > 0, len(q.MemberIDs) > MaxQueryMembers:
		return apperr.Invalid("gamewallet.invalid_query").With("reason", "member")
	case q.To.Before(q.From):
		return apperr.Invalid("gamewallet.invalid_query").With("reason", "range")
	case q.Offset < 0, q.Limit < 0, q.Limit > 500:
		return apperr.Invalid("gamewallet.invalid_query").With("reason", "page")
	}
	if q.Limit == 0 {
		q.Limit = 20
	}
	return nil
}

// ProfitByDay sums a member's COMPLETED rounds started in [from, to) by day
// in loc and category, newest day first. Days are cut at loc's offset at
// from (fixed-offset zones such as Asia/Manila are exact).
func (s *Service) ProfitByDay(ctx context.Context, memberID int64, from, to time.Time, loc *time.Location) ([]DayProfit, error) {
	if memberID <= 0 || to.Before(from) {
		return nil, apperr.Invalid("gamewallet.invalid_query")
	}
	if loc == nil {
		loc = time.UTC
	}
	_, off := from.In(loc).Zone()
	return s.store.profitByDay(ctx, memberID, from.UnixMilli(), to.UnixMilli(), int64(off)*1000)
}

// lockRound serialises the callbacks of one round in this process, so a
// round's checks and its update see each other, and concurrent duplicates
// of one transaction id answer one after the other.
func (s *Service) lockRound(vendor, roundID string) func() {
	h := fnv.New32a()
	h.Write([]byte(vendor))
	h.Write([]byte{0})
	h.Write([]byte(roundID))
	m := &s.roundMu[h.Sum32()%uint32(len(s.roundMu))]
	m.Lock()
	return m.Unlock
}

// roundAccounts is the one place that decides which ledger accounts a
// round's money moves between: a bet debits player and credits house, a
// win (and a refund) the other way. The player's side is the main balance
// today; a bonus balance plugs in here, no caller changing. Both are
// opened on first use.
func (s *Service) roundAccounts(ctx context.Context, memberID int64, currency string) (player, house int64, err error) {
	player, err = s.accountID(ctx, memberID, ledger.PlayerMain(memberID, currency))
	if err != nil {
		return 0, 0, err
	}
	house, err = s.accountID(ctx, 0, ledger.System(ledger.PurposeHouse, currency))
	return player, house, err
}

func (s *Service) accountID(ctx context.Context, owner int64, spec ledger.AccountSpec) (int64, error) {
	k := accountKey{owner, spec.Currency}
	if v, ok := s.accIDs.Load(k); ok {
		return v.(int64), nil
	}
	a, err := s.accounts.EnsureAccount(ctx, spec)
	if err != nil {
		return 0, err
	}
	s.accIDs.Store(k, a.ID)
	return a.ID, nil
}

// balance is what the member can bet: the main balance, and the bonus
// balance while a grant is active.
func (s *Service) balance(ctx context.Context, memberID int64, currency string) (int64, error) {
	main, err := s.accountID(ctx, memberID, ledger.PlayerMain(memberID, currency))
	if err != nil {
		return 0, err
	}
	a, err := s.accounts.Account(ctx, main)
	if err != nil {
		return 0, err
	}
	return s.withBonus(ctx, memberID, currency, a.Balance)
}

func (s *Service) withBonus(ctx context.Context, memberID int64, currency string, main int64) (int64, error) {
	if currency == FreePlayCurrency {
		return main, nil
	}
	g, err := s.activeBonus(ctx, memberID, currency, false)
	if err != nil || g == nil {
		return main, err
	}
	b, err := s.BonusBalance(ctx, memberID, currency)
	return main + b, err
}

// playable is the balance a money callback answers after its postings ps:
// main after the last of them that moved it, with the bonus balance after
// the last that moved bonus money, else the bonus balance read before them
// (extra; 0 without an active grant). It runs in the ledger's batch, so it
// reads nothing.
func playable(ps []ledger.Posting, main, bonusAcct, extra int64) int64 {
	var bal int64
	mainSeen, bonusSeen := false, false
	for i := len(ps) - 1; i >= 0; i-- {
		for j, l := range ps[i].Lines {
			if j >= len(ps[i].BalancesAfter) {
				break
			}
			switch {
			case l.AccountID == main && !mainSeen:
				mainSeen, bal = true, bal+ps[i].BalancesAfter[j]
			case bonusAcct != 0 && l.AccountID == bonusAcct && !bonusSeen:
				bonusSeen, bal = true, bal+ps[i].BalancesAfter[j]
			}
		}
	}
	if !bonusSeen {
		bal += extra
	}
	return bal
}

// bonusBefore is what a callback needs before posting to answer its
// balance: the bonus account and balance while a grant is active.
func (s *Service) bonusBefore(ctx context.Context, memberID int64, currency string, main int64) (b bonusRead, err error) {
	b.main = -1
	if currency == FreePlayCurrency {
		return b, nil
	}
	if b.grant, err = s.activeBonus(ctx, memberID, currency, false); err != nil || b.grant == nil {
		return bonusRead{main: -1}, err
	}
	if b.acct, err = s.bonusAccount(ctx, memberID, currency); err != nil {
		return bonusRead{main: -1}, err
	}
	if main > 0 && s.bonus.isShort(memberID) {
		// The bet will likely need the bonus: main's balance in the same read (quickSplit).
		bals, err := s.accounts.Balances(ctx, b.acct, main)
		if err != nil {
			return bonusRead{main: -1}, err
		}
		b.bal, b.main = bals[b.acct], bals[main]
		return b, nil
	}
	now := s.clock.Now()
	if bal, ok := s.bonus.balance(memberID, now); ok {
		b.bal = bal
		return b, nil
	}
	a, err := s.accounts.Account(ctx, b.acct)
	if err != nil {
		return bonusRead{main: -1}, err
	}
	b.bal = a.Balance
	s.bonus.setBalance(memberID, a.Balance, now)
	return b, nil
}

// bonusRead is what a bet reads of the member's bonus before posting: the
// active grant (nil: none), its account and balance, and main's balance
// when it was read with them (-1 otherwise).
type bonusRead struct {
	grant           *Grant
	acct, bal, main int64
}

func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Sweep closes the rounds idle for longer than Config.IdleRound (a vendor
// that vanished before ending them): COMPLETED when a bet stands or
// something was won, else CANCELLED. It also deletes sessions expired for a
// day. It returns how many rounds it closed.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	now := s.clock.Now()
	cutoff := now.Add(-s.cfg.IdleRound).UnixMilli()
	closed := 0
	for {
		rounds, err := s.store.idleRounds(ctx, cutoff, 200)
		if err != nil {
			return closed, err
		}
		for _, r := range rounds {
			unlock := s.lockRound(r.Vendor, r.RoundID)
			_, done, err := s.store.endRound(ctx, r.ID, s.clock.Now().UnixMilli(), cutoff)
			unlock()
			if err != nil {
				return closed, err
			}
			if done {
				closed++
				s.logger.InfoContext(ctx, "game wallet: idle round closed", "vendor", r.Vendor, "round", r.RoundID)
			}
		}
		if len(rounds) < 200 {
			break
		}
	}
	nowMs := now.UnixMilli()
	s.sessions.Range(func(k, v any) bool {
		if v.(session).ExpiresAt < nowMs {
			s.sessions.Delete(k)
		}
		return true
	})
	return closed, s.store.purgeSessions(ctx, now.Add(-24*time.Hour).UnixMilli())
}

// Run sweeps every interval until ctx ends.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
				s.logger.ErrorContext(ctx, "game wallet sweep", "err", err)
			}
		}
	}
}

// FreePlayCurrency is the trial users' play money: never a valid bet.
const FreePlayCurrency = "FUN"

// ValidBets is the sum of a member's valid bets in a currency over the
// rounds settled at or after since: the one definition of a valid bet
// (docs/valid-bet.md) that the withdrawal turnover, and later commissions
// and rewards, count. A round counts once it is COMPLETED, with its
// ValidBet (every accepted bet minus what was rolled back); an OPEN round
// counts nothing yet and a CANCELLED one (refunded, rolled back, a Mines
// board cashed out with nothing revealed, a refunded Crash bet) never does.
// Free play (FUN) is never counted.
func (s *Service) ValidBets(ctx context.Context, memberID int64, currency string, since time.Time) (int64, error) {
	if memberID <= 0 || currency == "" {
		return 0, apperr.Invalid("gamewallet.invalid_query")
	}
	if currency == FreePlayCurrency {
		return 0, nil
	}
	return s.store.validBets(ctx, memberID, currency, since.UnixMilli())
}

// RoundByID reads one round by its row id (a round fact's Ref); ok=false
// when there is none.
func (s *Service) RoundByID(ctx context.Context, id int64) (Round, bool, error) {
	r, err := scanRound(s.store.queryRow(ctx, s.store.db, `SELECT `+roundCols+` FROM game_round WHERE id = ?`, id))
	if db.IsNoRows(err) {
		return Round{}, false, nil
	}
	if err != nil {
		return Round{}, false, apperr.Internal(err, "select game round")
	}
	return r.Round, true, nil
}

// GuardRetries counts the guarded betwins played again with their lookup
// because their txId or round existed (guard.go).
func (s *Service) GuardRetries() int64 { return s.guardFailures.Load() }
