package gamewallet

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Demo catalogue games of the transfer vendor JDB.
const (
	jdbSlot = "JDB_BAHAY_KUBO_BONANZA"     // RNG
	jdbFish = "JDB_DAGAT_KARAGATAN_HUNTER" // FISH
)

func vround(id string, member int64, game string, bet, win int64, at time.Time) vendorwallet.VendorRound {
	return vendorwallet.VendorRound{RoundID: id, Player: PlayerID(member), GameCode: game, Currency: "PHP", Bet: bet, ValidBet: bet, Win: win,
		Status: vendorwallet.RoundCompleted, StartedAt: at.UnixMilli(), EndedAt: at.Add(time.Second).UnixMilli()}
}

func (s *site) allRounds(member int64) []Round {
	s.t.Helper()
	list, _, err := s.svc.Rounds(context.Background(), RoundQuery{MemberID: member, From: s.clk.Now().Add(-30 * 24 * time.Hour), To: s.clk.Now().Add(time.Hour), Limit: 500})
	if err != nil {
		s.t.Fatal(err)
	}
	return list
}

// TestImportRounds: a page of a transfer vendor's rounds lands in the
// rounds the records read, once per round id, with the vendor's cursor
// moved in the same step; what breaks the protocol is skipped, a page
// asked from an old cursor is refused, and seamless vendors cannot import.
func TestImportRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		if g, ok, err := s.svc.games.FindGame(ctx, "JDB", jdbSlot); err != nil || !ok || g.GameType != "RNG" {
			t.Fatalf("demo game %s: %+v %v %v", jdbSlot, g, ok, err)
		}
		now := s.clk.Now()
		bad := vround("jr-bad", 31, jdbSlot, 100, 0, now)
		bad.ValidBet = 200
		page := []vendorwallet.VendorRound{
			vround("jr-1", 31, jdbSlot, 10_00, 25_00, now.Add(-3*time.Minute)),
			vround("jr-2", 31, jdbFish, 5_00, 0, now.Add(-2*time.Minute)),
			vround("jr-1", 31, jdbSlot, 10_00, 25_00, now.Add(-3*time.Minute)), // repeated in the page
			vround("jr-3", 31, "JDB_GONE", 1_00, 0, now.Add(-time.Minute)),     // not in the catalogue
			vround("jr-x", 0, jdbSlot, 1_00, 0, now),                           // player set below: not one of ours
			bad,
		}
		page[4].Player = "player9"
		res, err := s.svc.ImportRounds(ctx, "JDB", "", "c1", page)
		if err != nil || res.Stored != 3 || res.Duplicates != 1 || res.Skipped != 2 || res.Cursor != "c1" {
			t.Fatalf("import %+v %v", res, err)
		}
		if c, _ := s.svc.RoundCursor(ctx, "JDB"); c != "c1" {
			t.Fatalf("cursor %q", c)
		}
		ended := map[string]bool{}
		for i := 0; i < 3; i++ {
			r, ok := s.nextEnded()
			if !ok {
				t.Fatalf("round facts %v", ended)
			}
			ended[r.RoundID] = true
		}
		list := s.allRounds(31)
		if len(list) != 3 || list[0].RoundID != "jr-3" || list[2].RoundID != "jr-1" {
			t.Fatalf("rounds %+v", list)
		}
		r1 := list[2]
		if r1.Vendor != "JDB" || r1.GameType != "RNG" || r1.NodeID == 0 || r1.Bet != 10_00 || r1.ValidBet != 10_00 || r1.Win != 25_00 ||
			r1.Status != StatusCompleted || r1.Profit() != 15_00 || !r1.StartedAt.Equal(now.Add(-3*time.Minute).Truncate(time.Millisecond)) {
			t.Fatalf("round %+v", r1)
		}
		if list[1].GameType != "FISH" || list[0].NodeID != 0 || list[0].GameType != "" || list[0].GameCode != "JDB_GONE" {
			t.Fatalf("fish / unknown game %+v %+v", list[1], list[0])
		}
		if !ended["jr-1"] || !ended["jr-2"] || !ended["jr-3"] {
			t.Fatalf("round facts %v", ended)
		}

		// The same page again from the cursor it was asked from: another
		// instance stored it; nothing changes.
		if _, err := s.svc.ImportRounds(ctx, "JDB", "", "c1", page); !errors.Is(err, ErrCursorMoved) {
			t.Fatalf("stale cursor: %v", err)
		}
		// The vendor sends rounds again (and one late, older round): only the new one counts.
		late := vround("jr-0", 31, jdbSlot, 2_00, 0, now.Add(-time.Hour))
		res, err = s.svc.ImportRounds(ctx, "JDB", "c1", "c2", []vendorwallet.VendorRound{page[0], page[1], late})
		if err != nil || res.Stored != 1 || res.Duplicates != 2 {
			t.Fatalf("repeat %+v %v", res, err)
		}
		list = s.allRounds(31)
		if len(list) != 4 || list[3].RoundID != "jr-0" {
			t.Fatalf("after late round %+v", list)
		}
		tot, err := s.svc.RoundTotals(ctx, RoundQuery{MemberID: 31, From: now.Add(-24 * time.Hour), To: now.Add(time.Hour)})
		if err != nil || tot.Rounds != 4 || tot.Bet != 18_00 || tot.Win != 25_00 {
			t.Fatalf("totals %+v %v", tot, err)
		}
		if r, ok := s.nextEnded(); !ok || r.RoundID != "jr-0" {
			t.Fatalf("round fact for the late round: %+v %v", r, ok)
		}
		if r, ok := s.nextEnded(); ok {
			t.Fatalf("a duplicate reached the stream: %s", r.RoundID)
		}

		// Refused outright, nothing stored.
		for name, c := range map[string]struct {
			vendor, since, next string
		}{
			"SeamlessVendor": {"PG", "", "x"},
			"BadSince":       {"JDB", "c2 ", "c3"},
			"BadNext":        {"JDB", "c2", "c\n3"},
			"BadVendor":      {"J D B", "", "x"},
		} {
			_, err := s.svc.ImportRounds(ctx, c.vendor, c.since, c.next, []vendorwallet.VendorRound{vround("jr-9", 31, jdbSlot, 1, 0, now)})
			if apperr.As(err).Code != "gamewallet.invalid_import" {
				t.Errorf("%s: %v", name, err)
			}
		}
		if c, _ := s.svc.RoundCursor(ctx, "JDB"); c != "c2" || len(s.allRounds(31)) != 4 {
			t.Fatalf("refused imports changed something: cursor %q", c)
		}
	})
}

// feed is a scripted transfer vendor: its rounds in settlement order,
// served after an index cursor, or an error while down.
type feed struct {
	mu     sync.Mutex
	rounds []vendorwallet.VendorRound
	asked  []string
	down   error
	block  bool // hold every call until its context ends
}

func (f *feed) Rounds(ctx context.Context, since string, limit int) (vendorwallet.RoundsAnswer, error) {
	f.mu.Lock()
	f.asked = append(f.asked, since)
	down, block := f.down, f.block
	f.mu.Unlock()
	if block {
		<-ctx.Done()
		return vendorwallet.RoundsAnswer{}, fmt.Errorf("%w: %v", vendorwallet.ErrUnknown, ctx.Err())
	}
	if down != nil {
		return vendorwallet.RoundsAnswer{}, down
	}
	from := 0
	if since != "" {
		fmt.Sscanf(since, "i%d", &from)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	to := min(from+limit, len(f.rounds))
	a := vendorwallet.RoundsAnswer{Rounds: f.rounds[from:to], Next: since, More: to < len(f.rounds)}
	if to > from {
		a.Next = fmt.Sprintf("i%d", to)
	}
	return a, nil
}

func (f *feed) calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.asked...)
}

// TestImporterPull: pages are pulled until the vendor has no more; a
// restarted importer resumes from the stored cursor; a vendor that is down
// keeps its cursor, pauses, does not stop the others and is caught up
// once back; reads pull first unless a pull just finished, and a hanging
// vendor holds a read up for FreshWait at most.
func TestImporterPull(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		now := s.clk.Now()
		jdb := &feed{}
		for i := 0; i < 5; i++ {
			jdb.rounds = append(jdb.rounds, vround(fmt.Sprintf("p-%d", i), 41, jdbSlot, 1_00, int64(i)*1_00, now.Add(time.Duration(i)*time.Second)))
		}
		cq9 := &feed{}
		cfg := ImportConfig{Every: time.Minute, PageSize: 2, FreshWait: 200 * time.Millisecond}
		im := NewImporter(s.svc, map[string]vendorwallet.RoundFeed{"JDB": jdb, "CQ9": cq9}, cfg)
		res, err := im.Pull(ctx, "JDB")
		if err != nil || res.Stored != 5 || res.Cursor != "i5" {
			t.Fatalf("pull %+v %v", res, err)
		}
		if got := fmt.Sprint(jdb.calls()); got != "[ i2 i4]" {
			t.Fatalf("pages asked %s", got)
		}
		if n := len(s.allRounds(41)); n != 5 {
			t.Fatalf("%d rounds", n)
		}

		// Restart: a new service and importer on the same database ask from i5.
		jdb.rounds = append(jdb.rounds, vround("p-5", 41, jdbSlot, 3_00, 0, now.Add(10*time.Second)))
		svc2 := NewService(NewStore(d), s.svc.games, s.wallet, s.ledger, s.clk, discard(), Config{})
		jdb.asked = nil
		res, err = NewImporter(svc2, map[string]vendorwallet.RoundFeed{"JDB": jdb}, cfg).Pull(ctx, "JDB")
		if err != nil || res.Stored != 1 || fmt.Sprint(jdb.calls()) != "[i5]" {
			t.Fatalf("restart %+v %v %v", res, err, jdb.calls())
		}

		// JDB goes down: its cursor stays, CQ9 is still pulled, JDB pauses.
		jdb.down = fmt.Errorf("%w: connection refused", vendorwallet.ErrUnknown)
		jdb.rounds = append(jdb.rounds, vround("p-6", 41, jdbSlot, 4_00, 0, now.Add(11*time.Second)))
		cq9.rounds = []vendorwallet.VendorRound{vround("q-1", 41, "CQ9_TARSIER_TREASURE", 2_00, 0, now)}
		jdb.asked, cq9.asked = nil, nil
		if err := im.PullAll(ctx); err == nil || !errors.Is(err, vendorwallet.ErrUnknown) {
			t.Fatalf("pull all with JDB down: %v", err)
		}
		if c, _ := s.svc.RoundCursor(ctx, "JDB"); c != "i6" {
			t.Fatalf("JDB cursor %q", c)
		}
		if c, _ := s.svc.RoundCursor(ctx, "CQ9"); c != "i1" || len(s.allRounds(41)) != 7 {
			t.Fatalf("CQ9 cursor %q", c)
		}
		if im.LastError("JDB") == nil {
			t.Fatal("no last error")
		}
		// Within the pause JDB is not asked, not even by a read.
		jdb.asked = nil
		_ = im.PullAll(ctx)
		im.Refresh(ctx)
		if len(jdb.calls()) != 0 {
			t.Fatalf("asked during the pause: %v", jdb.calls())
		}
		// Back up after the pause: caught up from where it stopped.
		jdb.down = nil
		s.clk.Advance(time.Minute + time.Second)
		if err := im.PullAll(ctx); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(jdb.calls()) != "[i6]" || len(s.allRounds(41)) != 8 || im.LastError("JDB") != nil {
			t.Fatalf("after recovery: asked %v, %d rounds", jdb.calls(), len(s.allRounds(41)))
		}

		// Reads: a complete pull started at the read's instant, so the read does
		// not ask; one a second later does (that pull may have asked before the
		// round played in between ended), and the round is in the answer.
		jdb.asked, cq9.asked = nil, nil
		if _, _, err := im.Rounds(ctx, RoundQuery{MemberID: 41, From: now.Add(-time.Hour), To: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if len(jdb.calls())+len(cq9.calls()) != 0 {
			t.Fatalf("fresh rounds pulled again: %v %v", jdb.calls(), cq9.calls())
		}
		s.clk.Advance(time.Second)
		jdb.mu.Lock()
		jdb.rounds = append(jdb.rounds, vround("p-7", 41, jdbSlot, 5_00, 0, s.clk.Now()))
		jdb.mu.Unlock()
		list, total, err := im.Rounds(ctx, RoundQuery{MemberID: 41, From: now.Add(-time.Hour), To: now.Add(time.Hour)})
		if err != nil || total != 9 || list[0].RoundID != "p-7" {
			t.Fatalf("read after play: %d %v", total, err)
		}
		days, err := im.ProfitByDay(ctx, 41, now.Add(-24*time.Hour), now.Add(time.Hour), time.UTC)
		if err != nil || len(days) != 1 || days[0].Rounds != 9 {
			t.Fatalf("profit %+v %v", days, err)
		}

		// A hanging vendor: the read waits FreshWait, then answers from the store.
		s.clk.Advance(3 * time.Second)
		jdb.block = true
		start := time.Now()
		if _, total, err := im.Rounds(ctx, RoundQuery{MemberID: 41, From: now.Add(-time.Hour), To: now.Add(time.Hour)}); err != nil || total != 9 {
			t.Fatalf("read with a hanging vendor: %d %v", total, err)
		}
		if waited := time.Since(start); waited > 2*time.Second {
			t.Fatalf("read waited %v", waited)
		}
		if im.LastError("JDB") == nil {
			t.Fatal("a hanging vendor is not a failure")
		}
	})
}

// TestImportSandboxVendor: rounds played at the sandbox transfer vendor
// reach the rounds store over the real, signed rounds call; the vendor
// being unavailable loses nothing.
func TestImportSandboxVendor(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		secret := []byte("sandbox-rounds-secret")
		vendor := transfervendor.New(d, secret, []string{"JDB"}, clock.System{}, discard())
		mux := http.NewServeMux()
		vendor.Routes(mux)
		hs := httptest.NewServer(mux)
		t.Cleanup(hs.Close)
		client := vendorwallet.NewClient(func() string { return transfervendor.BaseURL(hs.URL, "JDB") }, secret, nil, nil)
		if r, err := client.Deposit(ctx, vendorwallet.Player{ID: PlayerID(51), Currency: "PHP"}, 100_00, "trimport000000000000000001"); err != nil || r.Status != vendorwallet.StatusSuccess {
			t.Fatalf("deposit %+v %v", r, err)
		}
		books := transfervendor.NewStore(d)
		var bets, wins int64
		for i := 0; i < 3; i++ {
			win := int64(i) * 7_00
			if _, err := books.Play(ctx, "JDB", PlayerID(51), "PHP", jdbSlot, fmt.Sprintf("sgimport%02d", i), 5_00, win, time.Now()); err != nil {
				t.Fatal(err)
			}
			bets, wins = bets+5_00, wins+win
		}
		im := NewImporter(s.svc, map[string]vendorwallet.RoundFeed{"JDB": client}, ImportConfig{PageSize: 2})
		vendor.Inject(transfervendor.FaultUnavailable, "rounds")
		if _, err := im.Pull(ctx, "JDB"); !errors.Is(err, vendorwallet.ErrUnknown) {
			t.Fatalf("unavailable vendor: %v", err)
		}
		if n := len(s.allRounds(51)); n != 0 {
			t.Fatalf("%d rounds while down", n)
		}
		s.clk.Advance(time.Hour)
		if res, err := im.Pull(ctx, "JDB"); err != nil || res.Stored != 3 || res.Cursor != "3" {
			t.Fatalf("pull %+v %v", res, err)
		}
		from, to := time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
		tot, err := s.svc.RoundTotals(ctx, RoundQuery{MemberID: 51, From: from, To: to})
		if err != nil || tot.Rounds != 3 || tot.Bet != bets || tot.ValidBet != bets || tot.Win != wins {
			t.Fatalf("totals %+v %v (bets %d wins %d)", tot, err, bets, wins)
		}
		list, _, _ := s.svc.Rounds(ctx, RoundQuery{MemberID: 51, From: from, To: to})
		for _, r := range list {
			if r.Vendor != "JDB" || r.GameCode != jdbSlot || r.GameType != "RNG" || r.Status != StatusCompleted || r.Currency != "PHP" {
				t.Fatalf("round %+v", r)
			}
		}
		// Nothing new: the next pull stores nothing and keeps the cursor.
		if res, err := im.Pull(ctx, "JDB"); err != nil || res.Stored != 0 || res.Cursor != "3" {
			t.Fatalf("idle pull %+v %v", res, err)
		}
	})
}
