package records

import (
	"context"
	"log/slog"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
)

// A finished round goes on the biggest-wins board when its win reaches
// BigWinMinimum (1,000.00 in a two-decimal currency) or BigWinMultiple
// times its bet; a win the vendor flagged as a jackpot goes on the jackpot
// board whatever its size.
const (
	BigWinMinimum  = 1_000_00
	BigWinMultiple = 20
)

// WinnerBoard is the catalogue's winner feed (game.Service.RecordWins masks the names
// and refreshes the catalogue snapshot once per call).
type WinnerBoard interface {
	RecordWins(ctx context.Context, ws []game.Winner) ([]game.Winner, error)
}

// Members finds a member's account name (account.Store).
type Members interface {
	MemberByID(ctx context.Context, id int64) (account.Member, error)
}

// Winners feeds the winner boards from ended rounds. The seamless wallet
// calls OnRoundEnded synchronously inside a vendor's callback, and adding a
// winner rebuilds the catalogue snapshot, so the work is queued to one
// background worker (Run); a full queue drops the entry (logged): a board is
// a showcase, not a ledger.
type Winners struct {
	board   WinnerBoard
	members Members
	logger  *slog.Logger
	queue   chan gamewallet.Round
}

// QueueSize is how many winners may wait for the worker.
const QueueSize = 256

func NewWinners(board WinnerBoard, members Members, logger *slog.Logger) *Winners {
	if logger == nil {
		logger = slog.Default()
	}
	return &Winners{board: board, members: members, logger: logger, queue: make(chan gamewallet.Round, QueueSize)}
}

// WinnerKind is the board a round belongs on, "" for none.
func WinnerKind(r gamewallet.Round) string {
	if r.Status != gamewallet.StatusCompleted || r.Win <= 0 || r.NodeID == 0 {
		return ""
	}
	if r.Jackpot {
		return game.KindJackpot
	}
	if r.Win >= BigWinMinimum || (r.Bet > 0 && r.Win >= BigWinMultiple*r.Bet) {
		return game.KindBig
	}
	return ""
}

// OnRoundEnded is the seamless wallet's round hook: a big or jackpot win is
// queued for the boards; other rounds cost nothing.
func (w *Winners) OnRoundEnded(_ context.Context, r gamewallet.Round) {
	if WinnerKind(r) == "" {
		return
	}
	select {
	case w.queue <- r:
	default:
		w.logger.Warn("winner board: queue full, entry dropped", "member", r.MemberID, "round", r.RoundID)
	}
}

// Run records queued winners until ctx ends.
func (w *Winners) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case r := <-w.queue:
			// Everything queued meanwhile goes with it: the board refreshes
			// the catalogue snapshot once per call.
			batch := []gamewallet.Round{r}
		more:
			for len(batch) < maxWinnerBatch {
				select {
				case r := <-w.queue:
					batch = append(batch, r)
				default:
					break more
				}
			}
			w.Record(ctx, batch...)
		}
	}
}

// maxWinnerBatch bounds the entries recorded together.
const maxWinnerBatch = 256

// Record puts rounds on their boards with the members' masked account
// names, in one call to the board. Failures are logged, never returned: the
// rounds themselves are settled already.
func (w *Winners) Record(ctx context.Context, rounds ...gamewallet.Round) {
	var entries []game.Winner
	for _, r := range rounds {
		kind := WinnerKind(r)
		if kind == "" {
			continue
		}
		m, err := w.members.MemberByID(ctx, r.MemberID)
		if err != nil {
			w.logger.Warn("winner board: member", "member", r.MemberID, "round", r.RoundID, "err", err)
			continue
		}
		won := r.EndedAt
		if won.IsZero() {
			won = r.StartedAt
		}
		entries = append(entries, game.Winner{Kind: kind, CustomerName: m.Account, WinAmount: r.Win, NodeID: r.NodeID, GameType: r.GameType, WonAt: won})
	}
	if len(entries) == 0 {
		return
	}
	if _, err := w.board.RecordWins(ctx, entries); err != nil {
		w.logger.Warn("winner board: record", "entries", len(entries), "err", err)
	}
}
