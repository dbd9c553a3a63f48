package records

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
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

func (b *countingBoard) RecordWinsIn(ctx context.Context, _ *db.Tx, ws []game.Winner) ([]game.Winner, error) {
	return b.RecordWins(ctx, ws)
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

// TestWinnersConsumer drives the winner boards as the stream's runner does:
// round.settled facts appended in a transaction, then Apply with their
// events. The big and jackpot wins go on the boards with masked names, the
// rest do not; the same events applied again (a batch given again after a
// crash) add nothing.
func TestWinnersConsumer(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 22, 17, 0, 0, 0, time.UTC)
		clk := clock.NewFixed(start)
		members := account.NewStore(d)
		if _, err := account.SeedDemo(ctx, members, testArgon2, start.Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
		demo, err := members.MemberByAccount(ctx, "demo01")
		if err != nil {
			t.Fatal(err)
		}
		gstore := game.NewStore(d)
		if _, err := game.SeedDemo(ctx, gstore, start); err != nil {
			t.Fatal(err)
		}
		games := game.NewService(gstore, clk, discard(), time.Hour)
		cat, err := games.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		slot := cat.ListGames(game.ListFilter{Vendors: []string{"PG"}, GameType: "RNG", PageNo: 1, PageSize: 1}).Games[0]
		w := NewWinners(games, members, discard())
		if w.Name() != "records.winners" {
			t.Fatalf("name %q", w.Name())
		}

		settled := func(key string, bet, win int64, detail string) activity.Fact {
			return activity.Fact{Key: key, Kind: activity.RoundSettled, MemberID: demo.ID, Currency: "PHP", Vendor: "PG",
				Game: slot.GameCode, Category: "RNG", Amount: bet, Win: win, ValidBet: bet, Detail: detail,
				StartedAt: start, At: start.Add(time.Minute)}
		}
		facts := []activity.Fact{
			settled("round:1", 500_00, 7_777_777_00, ""), // big by its size (a record, so it tops the board)
			settled("round:2", 10, 3, "jackpot"),         // jackpot whatever its size
			settled("round:3", 100_00, 150_00, ""),       // no board
			settled("round:4", 1_00, 6_666_666_00, ""),   // big
			{Key: "deposit:9", Kind: activity.DepositCredited, MemberID: demo.ID, Amount: 5_000_000_00, At: start}, // not a round
			settled("round:5", 10, 0, "jackpot"), // no win
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error { return activity.Append(ctx, tx, facts...) }); err != nil {
			t.Fatal(err)
		}
		events := make([]activity.Event, len(facts))
		for i, f := range facts {
			events[i] = activity.Event{Seq: int64(i + 1), Fact: f}
		}
		apply := func() {
			t.Helper()
			if err := d.InTx(ctx, func(tx *db.Tx) error { return w.Apply(ctx, tx, events) }); err != nil {
				t.Fatal(err)
			}
		}
		count := func() map[string]string {
			t.Helper()
			rows, err := d.QueryContext(ctx, `SELECT round_key, kind FROM game_winner WHERE round_key IS NOT NULL`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			got := map[string]string{}
			for rows.Next() {
				var key, kind string
				if err := rows.Scan(&key, &kind); err != nil {
					t.Fatal(err)
				}
				if _, dup := got[key]; dup {
					t.Errorf("round %s on the boards twice", key)
				}
				got[key] = kind
			}
			return got
		}
		want := map[string]string{"round:1": game.KindBig, "round:2": game.KindJackpot, "round:4": game.KindBig}

		// A batch whose transaction does not commit (the process dies before
		// the cursor moves) leaves no entry.
		crash := errors.New("crash")
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := w.Apply(ctx, tx, events); err != nil {
				return err
			}
			return crash
		}); !errors.Is(err, crash) {
			t.Fatal(err)
		}
		if got := count(); len(got) != 0 {
			t.Fatalf("entries of a batch rolled back: %v", got)
		}

		apply()
		if got := count(); len(got) != len(want) || got["round:1"] != want["round:1"] || got["round:2"] != want["round:2"] || got["round:4"] != want["round:4"] {
			t.Fatalf("board entries %v, want %v", got, want)
		}
		clk.Advance(2 * time.Hour) // the snapshot's next version check
		cat, _ = games.Catalog(ctx)
		top := cat.Winners(game.KindBig, "ALL", 1)
		if len(top) == 0 || top[0].Vo.CustomerName != game.MaskName("demo01") || top[0].Vo.WinAmount != 7_777_777_00 {
			t.Fatalf("big board top %+v", top)
		}
		version := cat.WinnersVersion

		apply() // the same batch again
		if got := count(); len(got) != len(want) {
			t.Fatalf("after applying again: %v", got)
		}
		clk.Advance(2 * time.Hour)
		cat, _ = games.Catalog(ctx)
		if cat.WinnersVersion != version {
			t.Fatalf("boards version %d -> %d: applying again changed them", version, cat.WinnersVersion)
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error { return w.Reset(ctx, tx) }); err != nil {
			t.Fatal(err)
		}
		apply() // a replay from the start
		if got := count(); len(got) != len(want) {
			t.Fatalf("after a replay: %v", got)
		}
	})
}

func TestFactWinnerKind(t *testing.T) {
	f := func(bet, win int64, detail string) activity.Fact {
		return activity.Fact{Kind: activity.RoundSettled, Game: "g", Amount: bet, Win: win, Detail: detail}
	}
	cancelled := f(10, 5_000_00, "")
	cancelled.Kind = activity.RoundCancelled
	noGame := f(10, 5_000_00, "")
	noGame.Game = ""
	for _, tc := range []struct {
		name string
		f    activity.Fact
		want string
	}{
		{"BigByMinimum", f(500_00, BigWinMinimum, ""), game.KindBig},
		{"NotBigJustUnder", f(500_00, BigWinMinimum-1, ""), ""},
		{"BigByMultiple", f(10, 200, ""), game.KindBig},
		{"NotBigUnderMultiple", f(10, 199, ""), ""},
		{"Jackpot", f(10, 1, "jackpot"), game.KindJackpot},
		{"NoWin", f(10, 0, "jackpot"), ""},
		{"Cancelled", cancelled, ""},
		{"FreeWinNoBet", f(0, 5, ""), ""},
		{"UnknownGame", noGame, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := FactWinnerKind(tc.f); got != tc.want {
				t.Errorf("FactWinnerKind = %q, want %q", got, tc.want)
			}
		})
	}
}
