package reports_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/reports"
)

var manila = time.FixedZone("Asia/Manila", 8*3600)

func inManila(context.Context) *time.Location { return manila }

type fakeBrand struct{}

func (fakeBrand) Current(context.Context) (*brand.Config, error) {
	return &brand.Config{Info: brand.Info{Currency: brand.Currency{Code: "PHP", Symbol: "₱", Decimals: 2}, Timezone: "Asia/Manila"}}, nil
}
func (fakeBrand) Location(context.Context) *time.Location { return manila }

type fakeNames struct{}

func (fakeNames) GameName(_ context.Context, _, game string) string { return "Game " + game }
func (fakeNames) VendorName(_ context.Context, v string) string     { return "Vendor " + v }
func (fakeNames) Usernames(_ context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	for _, id := range ids {
		out[id] = map[int64]string{1: "=alice", 2: "bob"}[id]
	}
	return out, nil
}

// at is a time on a day of November 2026 in Manila.
func at(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, manila) }

func settled(key string, member int64, vendor, game, category string, bet, win int64, t time.Time) activity.Fact {
	return activity.Fact{Key: key, Kind: activity.RoundSettled, MemberID: member, Currency: "PHP", Vendor: vendor, Game: game,
		Category: category, Amount: bet, Win: win, ValidBet: bet, Ref: key, StartedAt: t.Add(-time.Second), At: t}
}

func facts() []activity.Fact {
	f := []activity.Fact{
		{Key: "member:1", Kind: activity.Registered, MemberID: 1, Detail: "password", At: at(20, 9)},
		{Key: "member:2", Kind: activity.Registered, MemberID: 2, Detail: "password", At: at(20, 10)},
		{Key: "member:3", Kind: activity.Registered, MemberID: 3, Detail: "trial", At: at(20, 10)},
		{Key: "deposit:0", Kind: activity.DepositCredited, MemberID: 1, Currency: "PHP", Amount: 700, At: at(19, 12)},
		{Key: "deposit:1", Kind: activity.DepositCredited, MemberID: 1, Currency: "PHP", Amount: 1000, At: at(20, 11)},
		{Key: "deposit:2", Kind: activity.DepositCredited, MemberID: 1, Currency: "PHP", Amount: 500, At: at(20, 12)},
		{Key: "deposit:3", Kind: activity.DepositCredited, MemberID: 2, Currency: "PHP", Amount: 300, At: at(21, 12)},
		{Key: "withdrawal:1", Kind: activity.WithdrawalPaid, MemberID: 1, Currency: "PHP", Amount: 200, At: at(21, 13)},
		settled("round:1", 1, "BGS", "slot", "SLOT", 100, 50, at(20, 14)),
		settled("round:2", 1, "BGS", "slot", "SLOT", 300, 600, at(20, 15)),
		settled("round:3", 2, "PALARO", "dice", "ORIGINALS", 200, 0, at(21, 16)),
		settled("round:4", 2, "PALARO", "dice", "ORIGINALS", 40, 0, at(18, 16)),
	}
	rb := settled("round:2:rollback", 1, "BGS", "slot", "SLOT", -300, -600, at(20, 15))
	rb.Kind, rb.Detail, rb.ValidBet = activity.RoundCancelled, "rollback", -300
	return append(f, rb)
}

// run appends the facts and runs the stream until both consumers hold them.
func run(t *testing.T, d *db.DB, fs []activity.Fact) *reports.Service {
	t.Helper()
	return runTo(t, d, fs, int64(len(fs)))
}

// runTo appends fs and runs the stream until both consumers are at want.
func runTo(t *testing.T, d *db.DB, fs []activity.Fact, want int64) *reports.Service {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := d.InTx(ctx, func(tx *db.Tx) error { return activity.Append(ctx, tx, fs...) }); err != nil {
		t.Fatal(err)
	}
	st := activity.NewStore(d)
	figs := figures.New(d, st, inManila)
	svc := activity.NewService(st, clock.System{}, slog.New(slog.DiscardHandler),
		activity.Config{Renew: 50 * time.Millisecond, SequenceEvery: 10 * time.Millisecond, PollEvery: 10 * time.Millisecond})
	svc.Register(figs, reports.NewConsumer(d, inManila))
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for _, name := range []string{figures.Name, reports.Name} {
		for {
			p, err := st.Position(ctx, name)
			if err == nil && p >= want {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s at %d (%v)", name, p, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	cancel()
	_ = svc.Wait(context.Background())
	return reports.NewService(d, figs, fakeBrand{}, fakeNames{}, clock.NewFixed(at(21, 20)))
}

func TestDashboard(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := run(t, d, facts())
		p, err := svc.ParsePeriod(ctx, "2026-11-20", "2026-11-21")
		if err != nil {
			t.Fatal(err)
		}
		dash, err := svc.Dashboard(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		want := reports.Metrics{Registrations: 2, FirstDeposits: 2, FirstDepositAmount: 300 + 0, Deposits: 1800, DepositCount: 3,
			Withdrawals: 200, WithdrawalCount: 1, NetCash: 1600, Turnover: 300, ValidBets: 300, Wins: 50, Rounds: 2, GGR: 250,
			HoldBP: 8333, NGR: 250, ActivePlayers: 2, ARPU: 125}
		// member 1's first deposit was on the 19th (before the period): only member 2's counts here.
		want.FirstDeposits, want.FirstDepositAmount = 1, 300
		if dash.Current != want {
			t.Fatalf("current\n got %+v\nwant %+v", dash.Current, want)
		}
		if dash.Previous != (reports.Period{From: "2026-11-18", To: "2026-11-19"}) || dash.Prior.Deposits != 700 ||
			dash.Prior.FirstDeposits != 1 || dash.Prior.Turnover != 40 || dash.Prior.ActivePlayers != 1 {
			t.Fatalf("prior %+v %+v", dash.Previous, dash.Prior)
		}
		if len(dash.Days) != 2 || dash.Days[0].Day != "2026-11-20" || dash.Days[0].Turnover != 100 || dash.Days[0].Registrations != 2 ||
			dash.Days[1].Deposits != 300 || dash.Days[1].ActivePlayers != 1 {
			t.Fatalf("days %+v", dash.Days)
		}
		if len(dash.TopGames) != 2 || dash.TopGames[0].Game != "dice" || dash.TopGames[0].GGR != 200 || dash.TopGames[0].Name != "Game dice" ||
			dash.TopGames[1].GGR != 50 || len(dash.TopVendors) != 2 || dash.TopVendors[0].Vendor != "PALARO" {
			t.Fatalf("top %+v %+v", dash.TopGames, dash.TopVendors)
		}
		if dash.Currency != "PHP" || dash.Decimals != 2 || dash.Timezone != "Asia/Manila" {
			t.Fatalf("%+v", dash)
		}

		// A replay from the start of the stream rebuilds the same rows.
		if err := activity.NewStore(d).Replay(ctx, reports.NewConsumer(d, inManila), time.Now()); err != nil {
			t.Fatal(err)
		}
		runTo(t, d, nil, int64(len(facts())))
		again, err := svc.Dashboard(ctx, p)
		if err != nil || again.Current != dash.Current || again.Prior != dash.Prior {
			t.Fatalf("after replay %+v %v", again.Current, err)
		}
	})
}

func TestReportsLists(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := run(t, d, facts())
		p := reports.Period{From: "2026-11-01", To: "2026-11-30"}
		games, truncated, err := svc.Games(ctx, p, reports.GroupTotal, reports.ByVendor)
		if err != nil || truncated || len(games) != 2 || games[0].Vendor != "PALARO" || games[0].Turnover != 240 || games[0].Name != "Vendor PALARO" ||
			games[1].GGR != 50 || games[1].HoldBP != 5000 {
			t.Fatalf("by vendor %+v %v", games, err)
		}
		byDay, _, err := svc.Games(ctx, p, reports.GroupDay, reports.ByGame)
		if err != nil || len(byDay) != 3 || byDay[0].Period != "2026-11-18" || byDay[1].Game != "slot" || byDay[1].Rounds != 1 {
			t.Fatalf("by game per day %+v %v", byDay, err)
		}
		months, err := svc.Daily(ctx, p, reports.GroupMonth)
		if err != nil || len(months) != 1 || months[0].Day != "2026-11" || months[0].Deposits != 2500 || months[0].ActivePlayers != 2 || months[0].FirstDeposits != 2 {
			t.Fatalf("months %+v %v", months, err)
		}
		days, err := svc.Daily(ctx, p, reports.GroupDay)
		if err != nil || len(days) != 30 || days[18].Deposits != 700 {
			t.Fatalf("days %d %v", len(days), err)
		}
		ranked, err := svc.Players(ctx, p, "pnl", 1, 10)
		if err != nil || ranked.Total != 2 || ranked.Items[0].MemberID != 2 || ranked.Items[0].PnL != 240 || ranked.Items[1].Username != "=alice" {
			t.Fatalf("pnl %+v %v", ranked, err)
		}
		ranked, err = svc.Players(ctx, p, "deposits", 1, 1)
		if err != nil || len(ranked.Items) != 1 || ranked.Items[0].MemberID != 1 || ranked.Items[0].Deposits != 2200 {
			t.Fatalf("deposits %+v %v", ranked, err)
		}
		ranked, err = svc.Players(ctx, p, "deposits", 2, 1)
		if err != nil || len(ranked.Items) != 1 || ranked.Items[0].Rank != 2 || ranked.Items[0].MemberID != 2 {
			t.Fatalf("page 2 %+v %v", ranked, err)
		}

		for _, bad := range []func() error{
			func() error { _, err := svc.ParsePeriod(ctx, "2026-11-30", "2026-11-01"); return err },
			func() error { _, err := svc.ParsePeriod(ctx, "2025-01-01", "2026-11-01"); return err },
			func() error { _, err := svc.ParsePeriod(ctx, "2026-13-01", "2026-11-01"); return err },
			func() error { _, err := svc.ParsePeriod(ctx, "yesterday", ""); return err },
		} {
			if err := bad(); !errors.Is(err, reports.ErrInvalidRange) {
				t.Fatalf("bad period: %v", err)
			}
		}
		if _, _, err := svc.Games(ctx, p, "week", reports.ByGame); !errors.Is(err, reports.ErrInvalidGroup) {
			t.Fatalf("group: %v", err)
		}
		if _, _, err := svc.Games(ctx, p, reports.GroupDay, "member"); !errors.Is(err, reports.ErrInvalidGroup) {
			t.Fatalf("by: %v", err)
		}
		if _, err := svc.Players(ctx, p, "wins", 1, 10); !errors.Is(err, reports.ErrInvalidRank) {
			t.Fatalf("rank: %v", err)
		}
		def, err := svc.ParsePeriod(ctx, "", "")
		if err != nil || def != (reports.Period{From: "2026-10-23", To: "2026-11-21"}) {
			t.Fatalf("default period %+v %v", def, err)
		}
	})
}

// fakeOps authenticates "Bearer <ROLE>" as an operator of that role.
type fakeOps struct{}

func (fakeOps) Authenticate(_ context.Context, token string) (operator.Caller, error) {
	r := operator.Role(token)
	if !r.Valid() {
		return operator.Caller{}, apperr.Unauthorized("operator.unauthorized")
	}
	return operator.Caller{ID: 1, Role: r}, nil
}

func TestHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		svc := run(t, d, facts())
		mux := http.NewServeMux()
		reports.NewHandler(svc, fakeOps{}).Routes(mux)
		get := func(path, role string) *httptest.ResponseRecorder {
			req := httptest.NewRequest("GET", path, nil)
			if role != "" {
				req.Header.Set("Authorization", "Bearer "+role)
			}
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			return rec
		}
		for pattern, perm := range reports.RoutePerms {
			path := strings.TrimPrefix(pattern, "GET ") + "?from=2026-11-01&to=2026-11-30"
			if rec := get(path, ""); rec.Code != 401 {
				t.Errorf("%s without a token: %d", pattern, rec.Code)
			}
			for _, role := range operator.Roles {
				rec := get(path, string(role))
				if want := map[bool]int{true: 200, false: 403}[role.Can(perm)]; rec.Code != want {
					t.Errorf("%s as %s: %d, want %d", pattern, role, rec.Code, want)
				}
			}
		}
		rec := get("/ops/v1/reports/players?from=2026-11-01&to=2026-11-30&format=csv&language=EN", "VIEWER")
		body := rec.Body.String()
		if rec.Code != 200 || !strings.HasPrefix(body, "\ufeffRank,Member ID,Username") || !strings.Contains(body, "'=alice") ||
			!strings.Contains(body, "2.40") || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("csv %d %q", rec.Code, body)
		}
		rec = get("/ops/v1/reports/games?from=2026-11-01&to=2026-11-30&format=csv&by=game&group=month&language=TY", "ADMIN")
		if rec.Code != 200 || !strings.HasPrefix(rec.Body.String(), "\ufeffPanahon,Vendor") || !strings.Contains(rec.Body.String(), "2026-11,PALARO,ORIGINALS,dice") {
			t.Fatalf("games csv %d %q", rec.Code, rec.Body.String())
		}
		for _, bad := range []string{"?from=2026-11-30&to=2026-11-01", "?from=x&to=y", "?format=xml", "?rank=wins", "?pageSize=1000"} {
			if rec := get("/ops/v1/reports/players"+bad, "ADMIN"); rec.Code != 400 {
				t.Errorf("%s: %d %s", bad, rec.Code, rec.Body.String())
			}
		}
	})
}

// TestActivePlayersAnyPeriod: the active players of every period of a
// fortnight, from the report's own rows, equal the distinct members of the
// daily figures, with rounds arriving out of day order (late rounds between
// known days) and rolled-back rounds.
func TestActivePlayersAnyPeriod(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// member, day of November: arrival order is the slice order.
		plays := [][2]int{{1, 10}, {1, 14}, {2, 12}, {1, 12}, {3, 3}, {1, 11}, {2, 5}, {3, 14}, {1, 3}, {4, 7}, {2, 12}, {4, 16}, {4, 9}, {5, 9}}
		var fs []activity.Fact
		for i, p := range plays {
			fs = append(fs, settled(fmt.Sprintf("r:%d", i), int64(p[0]), "BGS", "slot", "SLOT", 100, 0, at(p[1], 12)))
		}
		rb := settled("r:5:rollback", 5, "BGS", "slot", "SLOT", -100, 0, at(9, 13))
		rb.Kind, rb.Detail = activity.RoundCancelled, "rollback"
		fs = append(fs, rb)
		svc := run(t, d, fs)
		figs := figures.New(d, activity.NewStore(d), inManila)
		for a := 1; a <= 17; a++ {
			for b := a; b <= 17; b++ {
				from, to := fmt.Sprintf("2026-11-%02d", a), fmt.Sprintf("2026-11-%02d", b)
				want, err := figs.ActivePlayers(ctx, from, to)
				if err != nil {
					t.Fatal(err)
				}
				got, err := svc.Daily(ctx, reports.Period{From: from, To: to}, reports.GroupMonth)
				if err != nil {
					t.Fatal(err)
				}
				n := int64(0)
				if len(got) == 1 {
					n = got[0].ActivePlayers
				}
				if n != want {
					t.Fatalf("%s..%s: %d active, figures say %d", from, to, n, want)
				}
			}
		}
		days, err := svc.Daily(ctx, reports.Period{From: "2026-11-01", To: "2026-11-17"}, reports.GroupDay)
		if err != nil {
			t.Fatal(err)
		}
		byDay, _ := figs.ActivePlayersByDay(ctx, "2026-11-01", "2026-11-17")
		for _, p := range days {
			if p.ActivePlayers != byDay[p.Day] {
				t.Fatalf("%s: %d active, figures say %d", p.Day, p.ActivePlayers, byDay[p.Day])
			}
		}
	})
}
