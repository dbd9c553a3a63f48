package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
)

// The server runs the stream: facts appended are numbered and applied to
// the daily figures; `palaro events` shows it, verify is clean, a settled
// round the rounds table lacks is a difference (exit 1), and replay rebuilds.
func TestEventsCommand(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		m := startMain(t, d, false)
		at := time.Now()
		facts := []activity.Fact{
			{Key: "deposit:1", Kind: activity.DepositCredited, MemberID: 1, Currency: "PHP", Amount: 10000, Ref: "1", At: at},
			{Key: "withdrawal:1", Kind: activity.WithdrawalPaid, MemberID: 1, Currency: "PHP", Amount: 2500, Ref: "1", At: at},
		}
		if err := m.DB.InTx(ctx, func(tx *db.Tx) error { return activity.Append(ctx, tx, facts...) }); err != nil {
			t.Fatal(err)
		}
		st := activity.NewStore(m.DB)
		deadline := time.Now().Add(10 * time.Second)
		for p, _ := st.Position(ctx, "figures.daily"); p < 2; p, _ = st.Position(ctx, "figures.daily") {
			if time.Now().After(deadline) {
				t.Fatal("the figures did not apply the facts")
			}
			time.Sleep(20 * time.Millisecond)
		}
		code, out := runPalaro(t, m.DB.URL, "events")
		if code != 0 || !strings.Contains(out, "head 2") || !strings.Contains(out, "figures.daily") || !strings.Contains(out, "held by") {
			t.Fatalf("events status: %d\n%s", code, out)
		}
		if code, out := runPalaro(t, m.DB.URL, "events", "verify"); code != 0 || !strings.Contains(out, "clean") {
			t.Fatalf("events verify: %d\n%s", code, out)
		}
		if code, out := runPalaro(t, m.DB.URL, "events", "verify", "--since", "2020-01-01"); code != 0 || !strings.Contains(out, "clean") {
			t.Fatalf("events verify --since: %d\n%s", code, out)
		}
		if code, out := runPalaro(t, m.DB.URL, "events", "verify", "--since", "yesterday"); code != 1 || !strings.Contains(out, "--since") {
			t.Fatalf("events verify with a bad --since: %d\n%s", code, out)
		}
		if code, out := runPalaro(t, m.DB.URL, "events", "replay", "nope"); code != 1 || !strings.Contains(out, "figures.daily") {
			t.Fatalf("replay of an unknown consumer: %d\n%s", code, out)
		}
		if code, out := runPalaro(t, m.DB.URL, "events", "replay", "figures.daily"); code != 0 {
			t.Fatalf("replay: %d\n%s", code, out)
		}
		deadline = time.Now().Add(10 * time.Second)
		for p, _ := st.Position(ctx, "figures.daily"); p < 2; p, _ = st.Position(ctx, "figures.daily") {
			if time.Now().After(deadline) {
				t.Fatal("the figures were not rebuilt after the replay")
			}
			time.Sleep(20 * time.Millisecond)
		}
		round := activity.Fact{Key: "round:999", Kind: activity.RoundSettled, MemberID: 1, Currency: "PHP", Vendor: "BGS", Category: "SLOT",
			Amount: 100, ValidBet: 100, Ref: "999", StartedAt: time.Now(), At: time.Now()}
		if err := m.DB.InTx(ctx, func(tx *db.Tx) error { return activity.Append(ctx, tx, round) }); err != nil {
			t.Fatal(err)
		}
		deadline = time.Now().Add(10 * time.Second)
		for p, _ := st.Position(ctx, "figures.daily"); p < 3; p, _ = st.Position(ctx, "figures.daily") {
			if time.Now().After(deadline) {
				t.Fatal("the round was not applied")
			}
			time.Sleep(20 * time.Millisecond)
		}
		code, out = runPalaro(t, m.DB.URL, "events", "verify")
		if code != 1 || !strings.Contains(out, "rounds member 1") {
			t.Fatalf("verify with a round the rounds table lacks: %d\n%s", code, out)
		}
	})
}
