package records

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
)

// countingBoard records the calls the worker makes.
type countingBoard struct {
	mu    sync.Mutex
	calls [][]game.Winner
}

func (b *countingBoard) RecordWins(_ context.Context, ws []game.Winner) ([]game.Winner, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls = append(b.calls, ws)
	return ws, nil
}

func (b *countingBoard) snapshot() [][]game.Winner {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([][]game.Winner(nil), b.calls...)
}

type namedMembers struct{}

func (namedMembers) MemberByID(_ context.Context, id int64) (account.Member, error) {
	return account.Member{ID: id, Account: "member" + string(rune('a'+id))}, nil
}

// TestWinnersBatch: the rounds queued while the worker is busy go to the
// board in one call (one catalogue refresh), rounds that belong on no board
// are left out, and each entry keeps its kind and amount.
func TestWinnersBatch(t *testing.T) {
	board := &countingBoard{}
	w := NewWinners(board, namedMembers{}, discard())
	ended := time.Date(2026, 11, 22, 17, 0, 0, 0, time.UTC)
	big := gamewallet.Round{MemberID: 1, RoundID: "big", NodeID: 7, GameType: "RNG", Bet: 100, Win: BigWinMinimum, EndedAt: ended, Status: gamewallet.StatusCompleted}
	jackpot := gamewallet.Round{MemberID: 2, RoundID: "jp", NodeID: 7, GameType: "RNG", Bet: 100, Win: 500, Jackpot: true, EndedAt: ended, Status: gamewallet.StatusCompleted}
	small := gamewallet.Round{MemberID: 3, RoundID: "small", NodeID: 7, GameType: "RNG", Bet: 100, Win: 150, EndedAt: ended, Status: gamewallet.StatusCompleted}
	multiple := gamewallet.Round{MemberID: 4, RoundID: "x20", NodeID: 7, GameType: "FISH", Bet: 10, Win: 10 * BigWinMultiple, EndedAt: ended, Status: gamewallet.StatusCompleted}
	for _, r := range []gamewallet.Round{big, jackpot, small, multiple} {
		w.OnRoundEnded(context.Background(), r) // queued before the worker runs
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	deadline := time.Now().Add(5 * time.Second)
	for len(board.snapshot()) == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	calls := board.snapshot()
	if len(calls) != 1 {
		t.Fatalf("%d calls to the board, want 1 for the rounds queued together", len(calls))
	}
	got := calls[0]
	want := []game.Winner{
		{Kind: game.KindBig, CustomerName: "memberb", WinAmount: BigWinMinimum, NodeID: 7, GameType: "RNG", WonAt: ended},
		{Kind: game.KindJackpot, CustomerName: "memberc", WinAmount: 500, NodeID: 7, GameType: "RNG", WonAt: ended},
		{Kind: game.KindBig, CustomerName: "membere", WinAmount: 10 * BigWinMultiple, NodeID: 7, GameType: "FISH", WonAt: ended},
	}
	if len(got) != len(want) {
		t.Fatalf("entries %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
