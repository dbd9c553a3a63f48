package records

import (
	"context"
	"log/slog"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// A settled round goes on the biggest-wins board when its win reaches
// BigWinMinimum (1,000.00 in a two-decimal currency) or BigWinMultiple
// times its bet; a round with a win the vendor flagged as a jackpot goes on
// the jackpot board whatever its size.
const (
	BigWinMinimum  = 1_000_00
	BigWinMultiple = 20
)

// ConsumerName is the winner boards' name among the activity stream's
// consumers (their cursor and lease).
const ConsumerName = "records.winners"

// WinnerBoard is the catalogue's winner feed (game.Service): it masks the
// names and adds an entry with a RoundKey once. RecordWinsIn writes in the
// caller's transaction; RecordWins (the in-process hook's) in its own,
// refreshing the catalogue snapshot once per call.
type WinnerBoard interface {
	RecordWinsIn(ctx context.Context, tx *db.Tx, ws []game.Winner) ([]game.Winner, error)
	RecordWins(ctx context.Context, ws []game.Winner) ([]game.Winner, error)
}

// Members finds a member's account name (account.Store).
type Members interface {
	MemberByID(ctx context.Context, id int64) (account.Member, error)
}

// Winners feeds the winner boards. It is an activity.Consumer of
// round.settled facts: the stream's runner hands it the facts after its
// cursor, and it adds the big and jackpot wins among them to the boards.
type Winners struct {
	board   WinnerBoard
	members Members
	logger  *slog.Logger
}

var _ activity.Selective = (*Winners)(nil)

func NewWinners(board WinnerBoard, members Members, logger *slog.Logger) *Winners {
	if logger == nil {
		logger = slog.Default()
	}
	return &Winners{board: board, members: members, logger: logger}
}

// Name is ConsumerName.
func (w *Winners) Name() string { return ConsumerName }

// Wants is what the runner reads for the boards: settled rounds with a
// win (most rounds win nothing, and are not even decoded).
func (w *Winners) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.RoundSettled}, Wins: true}
}

// FactWinnerKind is the board a fact's round belongs on, "" for none (any
// fact but a settled round with a win in a known game).
func FactWinnerKind(f activity.Fact) string {
	if f.Kind != activity.RoundSettled || f.Win <= 0 || f.Game == "" {
		return ""
	}
	if f.Detail == "jackpot" {
		return game.KindJackpot
	}
	if f.Win >= BigWinMinimum || (f.Amount > 0 && f.Win >= BigWinMultiple*f.Amount) {
		return game.KindBig
	}
	return ""
}

// Apply adds the winning rounds among events to the boards, with the
// members' masked account names, in tx (the transaction that moves the
// consumer's cursor past events), so each takes effect once; an entry also
// carries its fact's key as its RoundKey, so a replay from the start adds
// only the rounds missing. The catalogue snapshot shows the new entries at
// its next version check. An entry the board refuses (a game no longer in
// the catalogue, a member gone) is logged and left out; a database error is
// returned, and the runner gives the batch again.
func (w *Winners) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	var entries []game.Winner
	for _, e := range events {
		kind := FactWinnerKind(e.Fact)
		if kind == "" {
			continue
		}
		m, err := w.members.MemberByID(ctx, e.MemberID)
		if apperr.As(err).Kind == apperr.KindNotFound {
			w.logger.WarnContext(ctx, "winner board: member", "member", e.MemberID, "fact", e.Key, "err", err)
			continue
		}
		if err != nil {
			return err
		}
		entries = append(entries, game.Winner{Kind: kind, CustomerName: m.Account, WinAmount: e.Win, GameCode: e.Game,
			WonAt: e.At, RoundKey: e.Key})
	}
	if len(entries) == 0 {
		return nil
	}
	_, err := w.board.RecordWinsIn(ctx, tx, entries)
	if err != nil && apperr.As(err).Kind == apperr.KindInternal {
		return err
	}
	if err != nil {
		w.logger.WarnContext(ctx, "winner board: entries refused", "entries", len(entries), "err", err)
	}
	return nil
}

// Reset keeps the boards: they hold seeded entries as well as rounds', and
// a replay from the start of the stream adds only the rounds missing (an
// entry is keyed by its round).
func (w *Winners) Reset(context.Context, *db.Tx) error { return nil }
