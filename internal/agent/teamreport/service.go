package teamreport

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/wallet"
)

// MaxTeamScan bounds "all team" in team betting and account details: the
// rounds and ledger lines of at most this many members are read together,
// each through its own index; a bigger team names a member.
const MaxTeamScan = gamewallet.MaxQueryMembers

// Team is what the reports need from the agent tree (internal/agent).
type Team interface {
	// InTeam: member is below agent, at any depth (never the agent itself).
	InTeam(ctx context.Context, agent, member int64) (bool, error)
	// TeamSize: how many members are below agent now, at every level and
	// directly.
	TeamSize(ctx context.Context, agent int64) (all, direct int64, err error)
	// TeamMembers: the members below agent, every level, at most limit.
	TeamMembers(ctx context.Context, agent int64, limit int) ([]int64, error)
}

// Member is what a report shows of a member.
type Member struct {
	Username string
	IsAgent  bool
}

// Directory names members and finds one by username (internal/account).
type Directory interface {
	Members(ctx context.Context, ids []int64) (map[int64]Member, error)
	// Lookup finds a member by username, case-insensitively; 0 when none.
	Lookup(ctx context.Context, username string) (int64, error)
}

// BetSource is the records' team betting record (*records.Service).
type BetSource interface {
	BetsOfMembers(ctx context.Context, memberIDs []int64, q records.BetQuery) (records.BetPage, error)
}

// RecordSource is the wallet's team account record (*wallet.Records).
type RecordSource interface {
	PageOfMembers(ctx context.Context, memberIDs []int64, q wallet.RecordQuery, export bool) (wallet.RecordPage, bool, error)
}

// Brand yields the brand's currency and zone (*brand.Service).
type Brand interface {
	Current(ctx context.Context) (*brand.Config, error)
	Location(ctx context.Context) *time.Location
}

// Service answers the agent reports.
type Service struct {
	db      *db.DB
	team    Team
	members Directory
	bets    BetSource
	records RecordSource
	brand   Brand
	clock   interface{ Now() time.Time }
}

// Deps are the service's collaborators.
type Deps struct {
	Team    Team
	Members Directory
	Bets    BetSource
	Records RecordSource
	Brand   Brand
	Clock   interface{ Now() time.Time }
}

func NewService(d *db.DB, deps Deps) *Service {
	return &Service{db: d, team: deps.Team, members: deps.Members, bets: deps.Bets, records: deps.Records, brand: deps.Brand, clock: deps.Clock}
}

// requireAgent: the reports are an agent's, of its own team.
func requireAgent(c account.Caller) error {
	return account.Allowed(c, account.RoleAgent)
}

type context_ struct {
	period   Period
	currency string
	decimals int
}

func (s *Service) resolve(ctx context.Context, q PeriodQuery) (context_, error) {
	cfg, err := s.brand.Current(ctx)
	if err != nil {
		return context_{}, err
	}
	p, err := resolvePeriod(q, s.clock.Now(), s.brand.Location(ctx))
	if err != nil {
		return context_{}, err
	}
	return context_{period: p, currency: cfg.Info.Currency.Code, decimals: cfg.Info.Currency.Decimals}, nil
}

// Head is what every report answers about its period and money.
type Head struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Timezone string `json:"timezone"`
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

func (c context_) head() Head {
	return Head{From: c.period.First, To: c.period.Last, Timezone: c.period.Loc.String(), Currency: c.currency, Decimals: c.decimals}
}

// Figures are a team's totals for a period or a day. Profit is the
// members' side: wins − bets.
type Figures struct {
	NewMembers         int64 `json:"newMembers"`
	ActiveMembers      int64 `json:"activeMembers"`
	FirstDepositors    int64 `json:"firstDepositors"`
	FirstDepositAmount int64 `json:"firstDepositAmount"`
	Deposits           int64 `json:"deposits"`
	DepositCount       int64 `json:"depositCount"`
	Withdrawals        int64 `json:"withdrawals"`
	WithdrawalCount    int64 `json:"withdrawalCount"`
	Bets               int64 `json:"bets"`
	ValidBets          int64 `json:"validBets"`
	Wins               int64 `json:"wins"`
	Rounds             int64 `json:"rounds"`
	Profit             int64 `json:"profit"`
}

func (f *Figures) add(o Figures) {
	f.NewMembers += o.NewMembers
	f.FirstDepositors += o.FirstDepositors
	f.FirstDepositAmount += o.FirstDepositAmount
	f.Deposits += o.Deposits
	f.DepositCount += o.DepositCount
	f.Withdrawals += o.Withdrawals
	f.WithdrawalCount += o.WithdrawalCount
	f.Bets += o.Bets
	f.ValidBets += o.ValidBets
	f.Wins += o.Wins
	f.Rounds += o.Rounds
	f.Profit += o.Profit
}

// DayFigures are one day's figures.
type DayFigures struct {
	Day string `json:"day"`
	Figures
}

// Overview is the answer of GET /wps/agent/report/overview.
type Overview struct {
	Head
	TeamSize   int64 `json:"teamSize"`
	DirectSize int64 `json:"directSize"`
	Figures
	// Balance is not summed here (docs/agents.md, "Reports"): always null.
	Balance *int64       `json:"balance"`
	Days    []DayFigures `json:"days"`
}

// Overview is the caller's team at a glance for a period.
func (s *Service) Overview(ctx context.Context, c account.Caller, q PeriodQuery) (Overview, error) {
	if err := requireAgent(c); err != nil {
		return Overview{}, err
	}
	rc, err := s.resolve(ctx, q)
	if err != nil {
		return Overview{}, err
	}
	out := Overview{Head: rc.head()}
	if out.TeamSize, out.DirectSize, err = s.team.TeamSize(ctx, c.MemberID); err != nil {
		return Overview{}, err
	}
	p := rc.period
	byDay := map[string]*Figures{}
	for _, d := range p.Days() {
		byDay[d] = &Figures{}
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT day, currency, `+teamCols+` FROM agent_team_daily
 WHERE agent_id = ? AND day >= ? AND day <= ?`), c.MemberID, p.First, p.Last)
	if err != nil {
		return Overview{}, apperr.Internal(err, "team daily")
	}
	defer rows.Close()
	for rows.Next() {
		var day, cur string
		var t teamSums
		if err := rows.Scan(&day, &cur, &t.registrations, &t.firstDeposits, &t.firstDepositAmount, &t.deposits, &t.depositCount,
			&t.withdrawals, &t.withdrawalCount, &t.bets, &t.validBets, &t.wins, &t.rounds); err != nil {
			return Overview{}, apperr.Internal(err, "scan team daily")
		}
		f := byDay[day]
		if f == nil {
			continue
		}
		f.NewMembers += t.registrations // a registration carries no currency of its own
		if cur != rc.currency {
			continue // a former brand currency's money
		}
		f.add(Figures{FirstDepositors: t.firstDeposits, FirstDepositAmount: t.firstDepositAmount, Deposits: t.deposits, DepositCount: t.depositCount,
			Withdrawals: t.withdrawals, WithdrawalCount: t.withdrawalCount, Bets: t.bets, ValidBets: t.validBets, Wins: t.wins, Rounds: t.rounds,
			Profit: t.wins - t.bets})
	}
	if err := rows.Err(); err != nil {
		return Overview{}, apperr.Internal(err, "team daily")
	}
	active, err := s.activeByDay(ctx, c.MemberID, p)
	if err != nil {
		return Overview{}, err
	}
	for _, d := range p.Days() {
		f := byDay[d]
		f.ActiveMembers = active.perDay[d]
		out.Figures.add(*f)
		out.Days = append(out.Days, DayFigures{Day: d, Figures: *f})
	}
	out.ActiveMembers = active.period
	return out, nil
}

type activeCounts struct {
	period int64
	perDay map[string]int64
}

// activeByDay reads agent_active_daily for the period: the distinct
// members active in it (each counted on its first active day of the
// period, prev_day before the period) and each day's.
func (s *Service) activeByDay(ctx context.Context, agent int64, p Period) (activeCounts, error) {
	out := activeCounts{perDay: map[string]int64{}}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT day, prev_day, members FROM agent_active_daily
 WHERE agent_id = ? AND day >= ? AND day <= ?`), agent, p.First, p.Last)
	if err != nil {
		return out, apperr.Internal(err, "team active")
	}
	defer rows.Close()
	for rows.Next() {
		var day, prev string
		var n int64
		if err := rows.Scan(&day, &prev, &n); err != nil {
			return out, apperr.Internal(err, "scan team active")
		}
		out.perDay[day] += n
		if prev < p.First {
			out.period += n
		}
	}
	return out, rows.Err()
}

// Loss sorting.
var lossSorts = map[string]func(LossLine) int64{
	"profit":      func(l LossLine) int64 { return l.Profit },
	"validBets":   func(l LossLine) int64 { return l.ValidBets },
	"bets":        func(l LossLine) int64 { return l.Bets },
	"wins":        func(l LossLine) int64 { return l.Wins },
	"deposits":    func(l LossLine) int64 { return l.Deposits },
	"withdrawals": func(l LossLine) int64 { return l.Withdrawals },
}

// LossQuery asks for the user loss.
type LossQuery struct {
	PeriodQuery
	Parent       int64  // a downline agent to drill into; 0: the caller
	Sort, Order  string // see lossSorts; asc or desc
	PageNo, Size int
	Export       bool // every line (at most MaxExportRows)
}

// LossSums are the totals of a user loss's lines.
type LossSums struct {
	Bets        int64 `json:"bets"`
	ValidBets   int64 `json:"validBets"`
	Wins        int64 `json:"wins"`
	Rounds      int64 `json:"rounds"`
	Profit      int64 `json:"profit"` // members' side: wins − bets
	Loss        int64 `json:"loss"`   // the house's side: bets − wins
	Deposits    int64 `json:"deposits"`
	Withdrawals int64 `json:"withdrawals"`
}

func (s *LossSums) add(o LossSums) {
	s.Bets += o.Bets
	s.ValidBets += o.ValidBets
	s.Wins += o.Wins
	s.Rounds += o.Rounds
	s.Profit += o.Profit
	s.Loss += o.Loss
	s.Deposits += o.Deposits
	s.Withdrawals += o.Withdrawals
}

// LossLine is one line of the user loss.
type LossLine struct {
	MemberID int64  `json:"memberId"`
	Username string `json:"username"`
	IsAgent  bool   `json:"isAgent"`
	LossSums
}

// LossPage is the answer of GET /wps/agent/report/loss.
type LossPage struct {
	Head
	Parent   int64      `json:"parent"`
	Total    int        `json:"total"`
	PageNo   int        `json:"pageNo"`
	PageSize int        `json:"pageSize"`
	Sums     LossSums   `json:"sums"`
	List     []LossLine `json:"list"`
	// Truncated: an export held the first MaxExportRows lines only.
	Truncated bool `json:"-"`
}

// MaxExportRows bounds a CSV file.
const MaxExportRows = 10_000

// Paging defaults and limits.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

func checkPage(pageNo, size int) (int, int, error) {
	if pageNo == 0 {
		pageNo = 1
	}
	if size == 0 {
		size = DefaultPageSize
	}
	if pageNo < 1 {
		return 0, 0, apperr.Invalid("request.invalid_page").With("name", "pageNo")
	}
	if size < 1 || size > MaxPageSize {
		return 0, 0, apperr.Invalid("request.invalid_page_size").With("name", "pageSize").With("max", MaxPageSize)
	}
	return pageNo, size, nil
}

// inTeam is the caller's check of a member it names: 404 whether the
// member is elsewhere or does not exist.
func (s *Service) inTeam(ctx context.Context, agent, member int64) error {
	if member <= 0 || member == agent {
		return apperr.NotFound("teamreport.not_in_team")
	}
	ok, err := s.team.InTeam(ctx, agent, member)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.NotFound("teamreport.not_in_team")
	}
	return nil
}

// Loss is the P&L per line under the caller (or a downline agent of it).
func (s *Service) Loss(ctx context.Context, c account.Caller, q LossQuery) (LossPage, error) {
	if err := requireAgent(c); err != nil {
		return LossPage{}, err
	}
	key, ok := lossSorts[cmp.Or(q.Sort, "profit")]
	order := cmp.Or(q.Order, "asc")
	if !ok || (order != "asc" && order != "desc") {
		return LossPage{}, apperr.Invalid("teamreport.invalid_sort")
	}
	pageNo, size := 1, MaxExportRows
	if !q.Export {
		var err error
		if pageNo, size, err = checkPage(q.PageNo, q.Size); err != nil {
			return LossPage{}, err
		}
	}
	rc, err := s.resolve(ctx, q.PeriodQuery)
	if err != nil {
		return LossPage{}, err
	}
	parent := c.MemberID
	if q.Parent != 0 && q.Parent != c.MemberID {
		if err := s.inTeam(ctx, c.MemberID, q.Parent); err != nil {
			return LossPage{}, err
		}
		parent = q.Parent
	}
	p := rc.period
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT line_id, SUM(bets), SUM(valid_bets), SUM(wins), SUM(rounds), SUM(deposits), SUM(withdrawals)
 FROM agent_line_daily WHERE agent_id = ? AND day >= ? AND day <= ? AND currency = ? GROUP BY line_id`), parent, p.First, p.Last, rc.currency)
	if err != nil {
		return LossPage{}, apperr.Internal(err, "line daily")
	}
	var all []LossLine
	for rows.Next() {
		var l LossLine
		if err := rows.Scan(&l.MemberID, &l.Bets, &l.ValidBets, &l.Wins, &l.Rounds, &l.Deposits, &l.Withdrawals); err != nil {
			rows.Close()
			return LossPage{}, apperr.Internal(err, "scan line daily")
		}
		l.Profit, l.Loss = l.Wins-l.Bets, l.Bets-l.Wins
		all = append(all, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return LossPage{}, apperr.Internal(err, "line daily")
	}
	out := LossPage{Head: rc.head(), Parent: parent, Total: len(all), PageNo: pageNo, PageSize: size, List: []LossLine{}}
	for _, l := range all {
		out.Sums.add(l.LossSums)
	}
	slices.SortFunc(all, func(a, b LossLine) int {
		r := cmp.Compare(key(a), key(b))
		if order == "desc" {
			r = -r
		}
		return cmp.Or(r, cmp.Compare(a.MemberID, b.MemberID))
	})
	start := min((pageNo-1)*size, len(all))
	page := all[start:min(start+size, len(all))]
	out.Truncated = q.Export && len(all) > len(page)
	ids := make([]int64, len(page))
	for i, l := range page {
		ids[i] = l.MemberID
	}
	names, err := s.members.Members(ctx, ids)
	if err != nil {
		return LossPage{}, err
	}
	for _, l := range page {
		m := names[l.MemberID]
		l.Username, l.IsAgent = m.Username, m.IsAgent
		out.List = append(out.List, l)
	}
	return out, nil
}

// scope is the members a bets or transactions query covers: one named
// member of the caller's team, or the whole team when it is small enough.
func (s *Service) scope(ctx context.Context, c account.Caller, username string) ([]int64, error) {
	if username = strings.TrimSpace(username); username != "" {
		id, err := s.members.Lookup(ctx, username)
		if err != nil {
			return nil, err
		}
		if err := s.inTeam(ctx, c.MemberID, id); err != nil {
			return nil, err
		}
		return []int64{id}, nil
	}
	ids, err := s.team.TeamMembers(ctx, c.MemberID, MaxTeamScan+1)
	if err != nil {
		return nil, err
	}
	if len(ids) > MaxTeamScan {
		return nil, apperr.Invalid("teamreport.team_too_large").With("max", MaxTeamScan)
	}
	return ids, nil
}

// BetsQuery asks for the team's rounds.
type BetsQuery struct {
	PeriodQuery
	Username                 string
	GameType, Vendor, Status string
	PageNo, Size             int
	Export                   bool
}

// TeamBet is a round of the team's betting record.
type TeamBet struct {
	records.Bet
	Username string `json:"username"`
}

// BetsPage is the answer of GET /wps/agent/report/bets.
type BetsPage struct {
	Head
	Total     int          `json:"total"`
	PageNo    int          `json:"pageNo"`
	PageSize  int          `json:"pageSize"`
	Sums      records.Sums `json:"sums"`
	List      []TeamBet    `json:"list"`
	Truncated bool         `json:"-"`
}

// Bets is a page of the caller's team's rounds, newest first.
func (s *Service) Bets(ctx context.Context, c account.Caller, q BetsQuery) (BetsPage, error) {
	if err := requireAgent(c); err != nil {
		return BetsPage{}, err
	}
	pageNo, size := 1, records.MaxPageSize
	if !q.Export {
		var err error
		if pageNo, size, err = checkPage(q.PageNo, q.Size); err != nil {
			return BetsPage{}, err
		}
	}
	rc, err := s.resolve(ctx, q.PeriodQuery)
	if err != nil {
		return BetsPage{}, err
	}
	ids, err := s.scope(ctx, c, q.Username)
	if err != nil {
		return BetsPage{}, err
	}
	out := BetsPage{Head: rc.head(), PageNo: pageNo, PageSize: size, List: []TeamBet{}}
	bq := records.BetQuery{From: rc.period.First, To: rc.period.Last, GameType: q.GameType, Vendor: q.Vendor, Status: q.Status, Page: pageNo, PageSize: size}
	var list []records.Bet
	for {
		page, err := s.bets.BetsOfMembers(ctx, ids, bq)
		if err != nil {
			return BetsPage{}, err
		}
		out.Total, out.Sums = page.Total, page.Sums
		list = append(list, page.List...)
		// An export reads page after page of the records' largest size.
		if !q.Export || len(page.List) < bq.PageSize || len(list) >= MaxExportRows {
			break
		}
		bq.Page++
	}
	out.Truncated = q.Export && out.Total > len(list)
	if err := s.nameBets(ctx, list, &out); err != nil {
		return BetsPage{}, err
	}
	return out, nil
}

func (s *Service) nameBets(ctx context.Context, list []records.Bet, out *BetsPage) error {
	ids := make([]int64, 0, len(list))
	for _, b := range list {
		ids = append(ids, b.MemberID)
	}
	names, err := s.members.Members(ctx, ids)
	if err != nil {
		return err
	}
	for _, b := range list {
		out.List = append(out.List, TeamBet{Bet: b, Username: names[b.MemberID].Username})
	}
	return nil
}

// TransactionsQuery asks for the team's account records.
type TransactionsQuery struct {
	PeriodQuery
	Username     string
	Type         string
	PageNo, Size int
	Export       bool
}

// TeamLine is a line of the team's account records.
type TeamLine struct {
	wallet.RecordLine
	Username string `json:"username"`
}

// TransactionsPage is the answer of GET /wps/agent/report/transactions.
type TransactionsPage struct {
	Head
	Total     int               `json:"total"`
	PageNo    int               `json:"pageNo"`
	PageSize  int               `json:"pageSize"`
	Sums      wallet.RecordSums `json:"sums"`
	List      []TeamLine        `json:"list"`
	Truncated bool              `json:"-"`
}

// Transactions is a page of the caller's team's account records.
func (s *Service) Transactions(ctx context.Context, c account.Caller, q TransactionsQuery) (TransactionsPage, error) {
	if err := requireAgent(c); err != nil {
		return TransactionsPage{}, err
	}
	pageNo, size := 1, MaxExportRows
	if !q.Export {
		var err error
		if pageNo, size, err = checkPage(q.PageNo, q.Size); err != nil {
			return TransactionsPage{}, err
		}
	}
	rc, err := s.resolve(ctx, q.PeriodQuery)
	if err != nil {
		return TransactionsPage{}, err
	}
	ids, err := s.scope(ctx, c, q.Username)
	if err != nil {
		return TransactionsPage{}, err
	}
	page, truncated, err := s.records.PageOfMembers(ctx, ids, wallet.RecordQuery{From: rc.period.First, To: rc.period.Last, Type: q.Type, Page: pageNo, PageSize: size}, q.Export)
	if err != nil {
		return TransactionsPage{}, err
	}
	out := TransactionsPage{Head: rc.head(), Total: page.Total, PageNo: pageNo, PageSize: size, Sums: page.Sums, List: []TeamLine{}, Truncated: truncated}
	mids := make([]int64, 0, len(page.List))
	for _, l := range page.List {
		mids = append(mids, l.MemberID)
	}
	names, err := s.members.Members(ctx, mids)
	if err != nil {
		return TransactionsPage{}, err
	}
	for _, l := range page.List {
		out.List = append(out.List, TeamLine{RecordLine: l, Username: names[l.MemberID].Username})
	}
	return out, nil
}
