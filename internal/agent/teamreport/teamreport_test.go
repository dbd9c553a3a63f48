package teamreport_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/agent/teamreport"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/wallet"
)

var manila = time.FixedZone("Asia/Manila", 8*3600)

func inManila(context.Context) *time.Location { return manila }

// at is a time on a day of November 2026 in Manila.
func at(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, manila) }

// tree is the agent tree the tests move members in: member -> upline.
type tree struct {
	mu     sync.Mutex
	parent map[int64]int64
	agents map[int64]bool
}

func (t *tree) chain(m int64) []int64 {
	var out []int64
	for p := t.parent[m]; p != 0; p = t.parent[p] {
		out = append(out, p)
	}
	return out
}

func (t *tree) Ancestors(_ context.Context, _ *db.Tx, ids []int64) (map[int64][]int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := map[int64][]int64{}
	for _, id := range ids {
		if c := t.chain(id); len(c) > 0 {
			out[id] = c
		}
	}
	return out, nil
}

func (t *tree) InTeam(_ context.Context, agent, member int64) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Contains(t.chain(member), agent), nil
}

func (t *tree) team(agent int64) []int64 {
	var out []int64
	for m := range t.parent {
		if slices.Contains(t.chain(m), agent) {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

func (t *tree) TeamSize(_ context.Context, agent int64) (int64, int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var direct int64
	for _, p := range t.parent {
		if p == agent {
			direct++
		}
	}
	return int64(len(t.team(agent))), direct, nil
}

func (t *tree) TeamMembers(_ context.Context, agent int64, limit int) ([]int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m := t.team(agent)
	return m[:min(limit, len(m))], nil
}

func (t *tree) move(member, to int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.parent[member] = to
}

func (t *tree) Members(_ context.Context, ids []int64) (map[int64]teamreport.Member, error) {
	out := map[int64]teamreport.Member{}
	for _, id := range ids {
		out[id] = teamreport.Member{Username: fmt.Sprintf("u%d", id), IsAgent: t.agents[id]}
	}
	return out, nil
}

func (t *tree) Lookup(_ context.Context, username string) (int64, error) {
	var id int64
	if _, err := fmt.Sscanf(strings.ToLower(username), "u%d", &id); err != nil {
		return 0, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.parent[id]; !ok && !t.agents[id] {
		return 0, nil
	}
	return id, nil
}

// The team: agent 1 -> agents 2 and 3; 2 -> agent 4; members 10 (under 1),
// 11 (under 2), 12 and 14 (under 4), 13 (under 3). Member 20 has no upline;
// agent 5 is another top agent with member 21.
func newTree() *tree {
	return &tree{
		parent: map[int64]int64{2: 1, 3: 1, 4: 2, 10: 1, 11: 2, 12: 4, 14: 4, 13: 3, 20: 0, 21: 5},
		agents: map[int64]bool{1: true, 2: true, 3: true, 4: true, 5: true},
	}
}

type fakeBrand struct{}

func (fakeBrand) Current(context.Context) (*brand.Config, error) {
	return &brand.Config{Info: brand.Info{Currency: brand.Currency{Code: "PHP", Symbol: "₱", Decimals: 2}, Timezone: "Asia/Manila"}}, nil
}
func (fakeBrand) Location(context.Context) *time.Location { return manila }

// bets and records capture which members the service asked for.
type sources struct {
	mu   sync.Mutex
	asks [][]int64
}

func (s *sources) BetsOfMembers(_ context.Context, ids []int64, q records.BetQuery) (records.BetPage, error) {
	s.mu.Lock()
	s.asks = append(s.asks, slices.Clone(ids))
	s.mu.Unlock()
	out := records.BetPage{Total: len(ids), Page: q.Page, PageSize: q.PageSize, From: q.From, To: q.To}
	for _, id := range ids {
		out.List = append(out.List, records.Bet{ID: id * 100, MemberID: id, RoundID: "=r" + fmt.Sprint(id), Bet: 1000, ValidBet: 1000, Win: 500, Profit: -500,
			Status: "COMPLETED", StartedAt: at(20, 10).UnixMilli()})
	}
	return out, nil
}

func (s *sources) PageOfMembers(_ context.Context, ids []int64, q wallet.RecordQuery, export bool) (wallet.RecordPage, bool, error) {
	s.mu.Lock()
	s.asks = append(s.asks, slices.Clone(ids))
	s.mu.Unlock()
	out := wallet.RecordPage{Total: len(ids), Page: q.Page, PageSize: q.PageSize}
	for _, id := range ids {
		out.List = append(out.List, wallet.RecordLine{ID: fmt.Sprintf("%d-1", id), MemberID: id, Type: "deposit", Amount: 2000, Time: at(20, 10).UnixMilli()})
	}
	return out, false, nil
}

type site struct {
	d     *db.DB
	tree  *tree
	src   *sources
	svc   *teamreport.Service
	figs  *figures.Figures
	count int64
}

func newSite(t *testing.T, d *db.DB) *site {
	tr := newTree()
	src := &sources{}
	s := &site{d: d, tree: tr, src: src, figs: figures.New(d, activity.NewStore(d), inManila)}
	s.svc = teamreport.NewService(d, teamreport.Deps{Team: tr, Members: tr, Bets: src, Records: src, Brand: fakeBrand{}, Clock: clock.NewFixed(at(25, 20))})
	return s
}

// run appends fs and runs the stream until both consumers hold them.
func (s *site) run(t *testing.T, fs ...activity.Fact) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := s.d.InTx(ctx, func(tx *db.Tx) error { return activity.Append(ctx, tx, fs...) }); err != nil {
		t.Fatal(err)
	}
	s.count += int64(len(fs))
	st := activity.NewStore(s.d)
	svc := activity.NewService(st, clock.System{}, slog.New(slog.DiscardHandler),
		activity.Config{Renew: 50 * time.Millisecond, SequenceEvery: 10 * time.Millisecond, PollEvery: 10 * time.Millisecond})
	svc.Register(s.figs, teamreport.NewConsumer(s.tree, inManila))
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, name := range []string{figures.Name, teamreport.Name} {
		for {
			p, err := st.Position(ctx, name)
			if err == nil && p >= s.count {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s at %d of %d (%v)", name, p, s.count, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	cancel()
	_ = svc.Wait(context.Background())
}

var keys int

func round(member int64, bet, win int64, t time.Time) activity.Fact {
	keys++
	k := fmt.Sprintf("round:%d", keys)
	return activity.Fact{Key: k, Kind: activity.RoundSettled, MemberID: member, Currency: "PHP", Vendor: "BGS", Game: "slot", Category: "RNG",
		Amount: bet, Win: win, ValidBet: bet, Ref: k, StartedAt: t.Add(-time.Second), At: t}
}

func deposit(member, amount int64, t time.Time) activity.Fact {
	keys++
	return activity.Fact{Key: fmt.Sprintf("deposit:%d", keys), Kind: activity.DepositCredited, MemberID: member, Currency: "PHP", Amount: amount, At: t}
}

func withdrawal(member, amount int64, t time.Time) activity.Fact {
	keys++
	return activity.Fact{Key: fmt.Sprintf("withdraw-payout:%d", keys), Kind: activity.WithdrawalPaid, MemberID: member, Currency: "PHP", Amount: amount, At: t}
}

func registered(member int64, detail string, t time.Time) activity.Fact {
	return activity.Fact{Key: fmt.Sprintf("member:%d", member), Kind: activity.Registered, MemberID: member, Detail: detail, At: t}
}

func agentCaller(id int64) account.Caller {
	return account.Caller{MemberID: id, Account: fmt.Sprintf("u%d", id), Type: 1}
}

func period(from, to string) teamreport.PeriodQuery {
	return teamreport.PeriodQuery{From: from, To: to}
}

// TestTotalsAgainstFigures: random rounds, deposits and withdrawals over a
// team of several levels; every agent's overview equals the sum of its
// team's daily figures, its distinct active members and first depositors
// equal a count over the facts, and its user-loss lines add up to the
// overview.
func TestTotalsAgainstFigures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newSite(t, d)
		r := rand.New(rand.NewPCG(7, 9))
		members := []int64{10, 11, 12, 13, 14, 20, 21, 2, 4}
		var fs []activity.Fact
		for _, m := range []int64{10, 11, 12, 13, 14} {
			fs = append(fs, registered(m, "password", at(15, 9)))
		}
		fs = append(fs, registered(30, "trial", at(15, 9)))
		type md struct {
			m   int64
			day int
		}
		active := map[md]bool{}
		firstDep := map[int64]int{}
		for i := 0; i < 400; i++ {
			m := members[r.IntN(len(members))]
			day := 15 + r.IntN(10)
			when := at(day, r.IntN(24))
			switch r.IntN(6) {
			case 0:
				fs = append(fs, deposit(m, int64(1+r.IntN(50))*100, when))
			case 1:
				fs = append(fs, withdrawal(m, int64(1+r.IntN(20))*100, when))
			default:
				fs = append(fs, round(m, int64(1+r.IntN(100))*10, int64(r.IntN(3))*int64(r.IntN(100))*10, when))
			}
		}
		// Stream order is time order here, as the first deposit is decided in stream order.
		slices.SortStableFunc(fs, func(a, b activity.Fact) int { return a.At.Compare(b.At) })
		for _, f := range fs {
			switch f.Kind {
			case activity.RoundSettled:
				active[md{f.MemberID, f.At.In(manila).Day()}] = true
			case activity.DepositCredited:
				if _, ok := firstDep[f.MemberID]; !ok {
					firstDep[f.MemberID] = f.At.In(manila).Day()
				}
			}
		}
		s.run(t, fs...)
		for _, agent := range []int64{1, 2, 3, 4, 5} {
			for _, p := range [][2]int{{15, 24}, {17, 19}, {20, 20}} {
				from, to := fmt.Sprintf("2026-11-%d", p[0]), fmt.Sprintf("2026-11-%d", p[1])
				ov, err := s.svc.Overview(ctx, agentCaller(agent), period(from, to))
				if err != nil {
					t.Fatal(err)
				}
				var want teamreport.Figures
				team := s.tree.team(agent)
				for _, m := range team {
					days, err := s.figs.Days(ctx, m, at(p[0], 0), at(p[1]+1, 0))
					if err != nil {
						t.Fatal(err)
					}
					for _, dd := range days {
						want.Bets += dd.Bets
						want.ValidBets += dd.ValidBets
						want.Wins += dd.Wins
						want.Rounds += dd.Rounds
						want.Deposits += dd.Deposits
						want.DepositCount += dd.DepositCount
						want.Withdrawals += dd.Withdrawals
						want.WithdrawalCount += dd.WithdrawalCount
					}
					for day := p[0]; day <= p[1]; day++ {
						if active[md{m, day}] {
							want.ActiveMembers++
							break
						}
					}
					if day, ok := firstDep[m]; ok && day >= p[0] && day <= p[1] {
						want.FirstDepositors++
					}
					if p[0] <= 15 && 15 <= p[1] && slices.Contains([]int64{10, 11, 12, 13, 14}, m) {
						want.NewMembers++
					}
				}
				want.Profit = want.Wins - want.Bets
				got := ov.Figures
				got.FirstDepositAmount = 0
				if got != want {
					t.Fatalf("agent %d %s..%s\n got %+v\nwant %+v", agent, from, to, got, want)
				}
				if ov.TeamSize != int64(len(team)) || len(ov.Days) != p[1]-p[0]+1 {
					t.Fatalf("agent %d: team %d days %d", agent, ov.TeamSize, len(ov.Days))
				}
				var perDay teamreport.Figures
				for _, dd := range ov.Days {
					perDay.Bets += dd.Bets
					perDay.Deposits += dd.Deposits
				}
				if perDay.Bets != want.Bets || perDay.Deposits != want.Deposits {
					t.Fatalf("agent %d: days add to %+v", agent, perDay)
				}
				loss, err := s.svc.Loss(ctx, agentCaller(agent), teamreport.LossQuery{PeriodQuery: period(from, to), Export: true})
				if err != nil {
					t.Fatal(err)
				}
				if loss.Sums.Bets != want.Bets || loss.Sums.Wins != want.Wins || loss.Sums.Profit != want.Profit || loss.Sums.Deposits != want.Deposits {
					t.Fatalf("agent %d: loss sums %+v want %+v", agent, loss.Sums, want)
				}
			}
		}
		// The lines of agent 1: member 10 itself, agent 2's team (11, 12, 14 and 4, 2's own play), agent 3's (13).
		loss, err := s.svc.Loss(ctx, agentCaller(1), teamreport.LossQuery{PeriodQuery: period("2026-11-15", "2026-11-24"), Sort: "profit", Order: "asc"})
		if err != nil {
			t.Fatal(err)
		}
		lines := map[int64]teamreport.LossLine{}
		for i, l := range loss.List {
			lines[l.MemberID] = l
			if i > 0 && loss.List[i-1].Profit > l.Profit {
				t.Fatalf("not sorted by profit: %+v", loss.List)
			}
		}
		if len(lines) != 3 || !lines[2].IsAgent || lines[10].IsAgent || lines[2].Username != "u2" {
			t.Fatalf("lines %+v", loss.List)
		}
		ov2, _ := s.svc.Overview(ctx, agentCaller(2), period("2026-11-15", "2026-11-24"))
		own, err := s.figs.Totals(ctx, 2, "PHP", at(15, 0), at(25, 0))
		if err != nil {
			t.Fatal(err)
		}
		if lines[2].Bets != ov2.Bets+own.Bets { // a downline agent's line: its team and its own play
			t.Fatalf("agent 2's line %d, its team %d and own %d", lines[2].Bets, ov2.Bets, own.Bets)
		}
		// Drill down into agent 2: its lines 11 and agent 4.
		down, err := s.svc.Loss(ctx, agentCaller(1), teamreport.LossQuery{PeriodQuery: period("2026-11-15", "2026-11-24"), Parent: 2})
		if err != nil {
			t.Fatal(err)
		}
		if down.Parent != 2 || down.Sums.Bets != ov2.Bets || len(down.List) != 2 { // 11 and agent 4's line
			t.Fatalf("drill-down %+v", down)
		}
	})
}

// TestMoveKeepsThePast: a member moved to another upline keeps its past
// under the old one; its later facts count under the new one, distinct
// active members included.
func TestMoveKeepsThePast(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newSite(t, d)
		s.run(t, round(12, 1000, 0, at(20, 10)), deposit(12, 5000, at(20, 11)))
		s.tree.move(12, 3) // from agent 4 (under 2) to agent 3
		s.run(t, round(12, 300, 100, at(21, 10)), round(12, 200, 0, at(20, 23)), deposit(12, 700, at(21, 11)))
		get := func(agent int64, from, to string) teamreport.Overview {
			ov, err := s.svc.Overview(ctx, agentCaller(agent), period(from, to))
			if err != nil {
				t.Fatal(err)
			}
			return ov
		}
		for _, c := range []struct {
			agent                         int64
			from, to                      string
			bets, active, first, deposits int64
		}{
			{4, "2026-11-20", "2026-11-21", 1000, 1, 1, 5000},
			{2, "2026-11-20", "2026-11-21", 1000, 1, 1, 5000},
			{3, "2026-11-20", "2026-11-21", 500, 1, 0, 700},
			{3, "2026-11-20", "2026-11-20", 200, 1, 0, 0}, // the late round of the 20th came after the move
			{1, "2026-11-20", "2026-11-21", 1500, 1, 1, 5700},
			{1, "2026-11-21", "2026-11-21", 300, 1, 0, 700},
		} {
			ov := get(c.agent, c.from, c.to)
			if ov.Bets != c.bets || ov.ActiveMembers != c.active || ov.FirstDepositors != c.first || ov.Deposits != c.deposits {
				t.Fatalf("agent %d %s..%s: bets %d active %d first %d deposits %d, want %+v", c.agent, c.from, c.to, ov.Bets, ov.ActiveMembers,
					ov.FirstDepositors, ov.Deposits, c)
			}
		}
		// Agent 1's lines: 12's past through agent 2, its present through agent 3.
		loss, err := s.svc.Loss(ctx, agentCaller(1), teamreport.LossQuery{PeriodQuery: period("2026-11-20", "2026-11-21")})
		if err != nil {
			t.Fatal(err)
		}
		got := map[int64]int64{}
		for _, l := range loss.List {
			got[l.MemberID] = l.Bets
		}
		if len(got) != 2 || got[2] != 1000 || got[3] != 500 {
			t.Fatalf("lines %v", got)
		}
	})
}

// TestNoOtherTeams: an agent reads its own team only; anything else is
// the same 404 whether it exists or not; members may not call at all.
func TestNoOtherTeams(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newSite(t, d)
		s.run(t, round(11, 1000, 0, at(20, 10)), round(21, 500, 0, at(20, 10)))
		p := period("2026-11-20", "2026-11-20")
		notInTeam := func(err error) {
			t.Helper()
			if e := apperr.As(err); e == nil || e.Code != "teamreport.not_in_team" || e.Kind != apperr.KindNotFound {
				t.Fatalf("want not_in_team, got %v", err)
			}
		}
		// Agent 3 is beside 2, agent 5 is another tree.
		_, err := s.svc.Loss(ctx, agentCaller(3), teamreport.LossQuery{PeriodQuery: p, Parent: 2})
		notInTeam(err)
		_, err = s.svc.Loss(ctx, agentCaller(5), teamreport.LossQuery{PeriodQuery: p, Parent: 4})
		notInTeam(err)
		_, err = s.svc.Loss(ctx, agentCaller(4), teamreport.LossQuery{PeriodQuery: p, Parent: 2}) // its own upline
		notInTeam(err)
		for _, u := range []string{"u11", "u1", "u3", "nobody", "u999"} {
			_, err = s.svc.Bets(ctx, agentCaller(3), teamreport.BetsQuery{PeriodQuery: p, Username: u})
			notInTeam(err)
			_, err = s.svc.Transactions(ctx, agentCaller(3), teamreport.TransactionsQuery{PeriodQuery: p, Username: u})
			notInTeam(err)
		}
		s.src.asks = nil
		// Its own: the named member only, or the whole team.
		if _, err := s.svc.Bets(ctx, agentCaller(2), teamreport.BetsQuery{PeriodQuery: p, Username: "U12"}); err != nil {
			t.Fatal(err)
		}
		page, err := s.svc.Transactions(ctx, agentCaller(2), teamreport.TransactionsQuery{PeriodQuery: p})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(s.src.asks[0], []int64{12}) || !slices.Equal(s.src.asks[1], []int64{4, 11, 12, 14}) || page.List[0].Username != "u4" {
			t.Fatalf("asked %v, page %+v", s.src.asks, page.List)
		}
		// Members, trial accounts and visitors may not read reports.
		for _, c := range []account.Caller{{MemberID: 11, Type: 0}, {MemberID: 30, Type: account.TypeTrial}, {}} {
			if _, err := s.svc.Overview(ctx, c, p); err == nil {
				t.Fatalf("%+v read an overview", c)
			}
		}
		// Over HTTP: another team's member is the same 404.
		h := httptest.NewServer(s.mux())
		defer h.Close()
		res := s.get(t, h.URL+"/wps/agent/report/bets?username=u21&from=2026-11-20&to=2026-11-20", "agent3")
		if res.StatusCode != http.StatusNotFound {
			t.Fatalf("status %d", res.StatusCode)
		}
		if res := s.get(t, h.URL+"/wps/agent/report/overview", "member11"); res.StatusCode != http.StatusForbidden {
			t.Fatalf("member: status %d", res.StatusCode)
		}
	})
}

type auth struct{}

func (auth) Authenticate(_ context.Context, token string) (account.Caller, error) {
	switch {
	case strings.HasPrefix(token, "agent"):
		var id int64
		fmt.Sscanf(token, "agent%d", &id)
		return agentCaller(id), nil
	case strings.HasPrefix(token, "member"):
		var id int64
		fmt.Sscanf(token, "member%d", &id)
		return account.Caller{MemberID: id, Account: fmt.Sprintf("u%d", id)}, nil
	}
	return account.Caller{}, nil
}

func (s *site) mux() *http.ServeMux {
	mux := http.NewServeMux()
	teamreport.NewHandler(s.svc, auth{}).Routes(mux)
	return mux
}

func (s *site) get(t *testing.T, url, token string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// TestCSV: the loss and bets files, in EN and TY, formula-guarded.
func TestCSV(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		s.run(t, round(11, 1000, 250, at(20, 10)), round(10, 500, 0, at(20, 10)))
		h := httptest.NewServer(s.mux())
		defer h.Close()
		res := s.get(t, h.URL+"/wps/agent/report/loss?from=2026-11-20&to=2026-11-20&format=csv&sort=bets&order=desc&lang=en", "agent1")
		body := readAll(t, res)
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("status %d %s", res.StatusCode, body)
		}
		want := "\ufeffUsername,Type,Bets,Valid bets,Wins,Rounds,Profit,Deposits,Withdrawals\nu2,Agent,10.00,10.00,2.50,1,-7.50,0.00,0.00\nu10,Member,5.00,5.00,0.00,1,-5.00,0.00,0.00\n"
		if body != want {
			t.Fatalf("loss csv\n%q\nwant\n%q", body, want)
		}
		req, _ := http.NewRequest(http.MethodGet, h.URL+"/wps/agent/report/bets?from=2026-11-20&to=2026-11-20&format=csv&username=u11", nil)
		req.Header.Set("Authorization", "Bearer agent1")
		req.Header.Set("X-Lang", "TY")
		res2, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body = readAll(t, res2)
		if !strings.HasPrefix(body, "\ufeffOras,Username,Round") || !strings.Contains(body, "'=r11") {
			t.Fatalf("bets csv not guarded: %q", body)
		}
		if res := s.get(t, h.URL+"/wps/agent/report/loss?format=xml", "agent1"); res.StatusCode != 400 {
			t.Fatalf("format xml: %d", res.StatusCode)
		}
		if res := s.get(t, h.URL+"/wps/agent/report/loss?sort=nope", "agent1"); res.StatusCode != 400 {
			t.Fatalf("sort: %d", res.StatusCode)
		}
	})
}

func readAll(t *testing.T, res *http.Response) string {
	t.Helper()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return b.String()
}

// TestTeamTooLarge: "all team" beyond MaxTeamScan members asks for a username.
func TestTeamTooLarge(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		for i := int64(0); i <= teamreport.MaxTeamScan; i++ {
			s.tree.parent[1000+i] = 4
		}
		_, err := s.svc.Bets(context.Background(), agentCaller(2), teamreport.BetsQuery{})
		if e := apperr.As(err); e == nil || e.Code != "teamreport.team_too_large" {
			t.Fatalf("got %v", err)
		}
		if _, err := s.svc.Bets(context.Background(), agentCaller(2), teamreport.BetsQuery{Username: "u1005"}); err != nil {
			t.Fatal(err)
		}
	})
}
