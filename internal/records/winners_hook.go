package records

import (
	"context"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/seamless"
)

// The in-process round hook of the seamless wallet (seamless.OnRoundEnded).
// The server feeds the boards from the activity stream instead (Winners as
// an activity.Consumer, winners.go); this path stays only while the
// seamless wallet still offers the hook, which its tests and the in-house
// game server's tests use.

// WinnerKind is the board a round belongs on, "" for none.
func WinnerKind(r seamless.Round) string {
	if r.Status != seamless.StatusCompleted || r.Win <= 0 || r.NodeID == 0 {
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
func (w *Winners) OnRoundEnded(_ context.Context, r seamless.Round) {
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
			batch := []seamless.Round{r}
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
func (w *Winners) Record(ctx context.Context, rounds ...seamless.Round) {
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
