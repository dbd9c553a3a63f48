package rg

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// entry is one dated amount of the fake activity.
type entry struct {
	member int64
	at     time.Time
	sums   Sums
}

// fakeActivity sums its entries over a window, as the daily figures would.
type fakeActivity struct {
	mu      sync.Mutex
	entries []entry
	calls   int
}

func (f *fakeActivity) add(member int64, at time.Time, s Sums) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.entries = append(f.entries, entry{member, at, s})
}

func (f *fakeActivity) Totals(_ context.Context, memberID int64, _ string, from, to time.Time) (Sums, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	var out Sums
	for _, e := range f.entries {
		if e.member != memberID || e.at.Before(from) || !e.at.Before(to) {
			continue
		}
		out.Deposits += e.sums.Deposits
		out.Bets += e.sums.Bets
		out.Wins += e.sums.Wins
		out.TransfersOut += e.sums.TransfersOut
		out.TransfersIn += e.sums.TransfersIn
	}
	return out, nil
}

type fakeBrand struct{}

func (fakeBrand) Current(context.Context) (*brand.Config, error) {
	return &brand.Config{Info: brand.Info{Currency: brand.Currency{Code: "PHP", Symbol: "₱", Decimals: 2}, Timezone: "Asia/Manila"}}, nil
}

type fakeBalances struct {
	mu  sync.Mutex
	bal map[int64]int64
}

func (f *fakeBalances) Withdrawable(_ context.Context, memberID int64) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.bal[memberID], nil
}

type fakeSessions struct {
	mu    sync.Mutex
	ended map[int64]int
}

func (f *fakeSessions) EndSessions(_ context.Context, memberID int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ended[memberID]++
	return nil
}

func (f *fakeSessions) count(memberID int64) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ended[memberID]
}

// fakeMembers knows members 1..99.
type fakeMembers struct{}

func (fakeMembers) MemberExists(_ context.Context, memberID int64) error {
	if memberID < 1 || memberID > 99 {
		return apperr.NotFound("operator.member_not_found")
	}
	return nil
}

type auditRow struct {
	op     operator.Caller
	action string
	target string
	detail map[string]any
}

type fakeAuditor struct {
	mu   sync.Mutex
	rows []auditRow
}

func (f *fakeAuditor) Audit(_ context.Context, c operator.Caller, action, target string, detail map[string]any) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rows = append(f.rows, auditRow{c, action, target, detail})
	return nil
}

type fixture struct {
	db       *db.DB
	svc      *Service
	clock    *clock.Fixed
	activity *fakeActivity
	balances *fakeBalances
	sessions *fakeSessions
	audit    *fakeAuditor
}

// start is a Wednesday, 10:00 in Manila.
var start = time.Date(2026, 3, 11, 2, 0, 0, 0, time.UTC)

func newFixture(t *testing.T, store *db.DB) *fixture {
	t.Helper()
	f := &fixture{db: store, clock: clock.NewFixed(start), activity: &fakeActivity{},
		balances: &fakeBalances{bal: map[int64]int64{}}, sessions: &fakeSessions{ended: map[int64]int{}}, audit: &fakeAuditor{}}
	f.svc = NewService(NewStore(store), Deps{Brand: fakeBrand{}, Activity: f.activity, Balances: f.balances,
		Sessions: f.sessions, Members: fakeMembers{}, Auditor: f.audit, Clock: f.clock}, Config{MaxAmount: 1_000_000})
	return f
}

func player(id int64) Player { return Player{MemberID: id, SessionStart: start} }

func amt(v int64) *int64 { return &v }

// wantCode fails unless err carries code.
func wantCode(t *testing.T, err error, code string) *apperr.Error {
	t.Helper()
	if err == nil {
		t.Fatalf("want %s, got success", code)
	}
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("want %s, got %v", code, err)
	}
	return e
}

// ok fails on an error.
func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// limitOf finds one limit in the settings.
func limitOf(t *testing.T, s Settings, typ Type, p Period) Limit {
	t.Helper()
	if len(s.Limits) != 10 {
		t.Fatalf("settings list %d limits, want all ten", len(s.Limits))
	}
	for _, l := range s.Limits {
		if l.Type == typ && l.Period == p {
			return l
		}
	}
	t.Fatalf("no %s %s limit", typ, p)
	return Limit{}
}

func val(p *int64) any {
	if p == nil {
		return nil
	}
	return *p
}

// changes lists the history's changes, oldest first.
func changes(t *testing.T, f *fixture, member int64) []string {
	t.Helper()
	page, err := f.svc.History(context.Background(), member, 1, 100)
	ok(t, err)
	out := make([]string, len(page.List))
	for i, h := range page.List {
		out[len(out)-1-i] = h.Change
	}
	return out
}

// facts counts the stream's rg.changed facts of a member.
func facts(t *testing.T, f *fixture, member int64) int {
	t.Helper()
	var n int
	if err := f.db.QueryRowContext(context.Background(), f.db.Rebind(`SELECT COUNT(*) FROM activity_event WHERE kind = 'rg.changed' AND member_id = ?`), member).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
