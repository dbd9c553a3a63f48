package reports

import (
	"net/http"
	"strconv"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/csvx"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/platform/money"
)

// Handler serves /ops/v1/reports/.
type Handler struct {
	svc   *Service
	guard operator.Guard
}

func NewHandler(svc *Service, auth operator.Authenticator) *Handler {
	return &Handler{svc: svc, guard: operator.Guard{Auth: auth}}
}

// RoutePerms is the permission each route needs (the authorization test
// walks it for every role).
var RoutePerms = map[string]operator.Permission{
	"GET /ops/v1/reports/dashboard": operator.PermReportsRead,
	"GET /ops/v1/reports/daily":     operator.PermReportsRead,
	"GET /ops/v1/reports/games":     operator.PermReportsRead,
	"GET /ops/v1/reports/players":   operator.PermReportsRead,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	routes := map[string]func(http.ResponseWriter, *http.Request, Period){
		"GET /ops/v1/reports/dashboard": h.dashboard,
		"GET /ops/v1/reports/daily":     h.daily,
		"GET /ops/v1/reports/games":     h.games,
		"GET /ops/v1/reports/players":   h.players,
	}
	for pattern, fn := range routes {
		perm, fn := RoutePerms[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if _, ok := h.guard.Require(w, r, perm); !ok {
				return
			}
			q := r.URL.Query()
			p, err := h.svc.ParsePeriod(r.Context(), q.Get("from"), q.Get("to"))
			if err != nil {
				httpx.Fail(w, r, err)
				return
			}
			fn(w, r, p)
		})
	}
}

// csvWanted: ?format=csv answers the list as a file, else JSON.
func csvWanted(r *http.Request) (bool, error) {
	switch r.URL.Query().Get("format") {
	case "", "json":
		return false, nil
	case "csv":
		return true, nil
	}
	return false, ErrInvalidFormat
}

func (h *Handler) dashboard(w http.ResponseWriter, r *http.Request, p Period) {
	d, err := h.svc.Dashboard(r.Context(), p)
	httpx.Respond(w, r, d, err)
}

func (h *Handler) daily(w http.ResponseWriter, r *http.Request, p Period) {
	asCSV, err := csvWanted(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	group := r.URL.Query().Get("group")
	if group == "" {
		group = GroupDay
	}
	days, err := h.svc.Daily(r.Context(), p, group)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if !asCSV {
		cur, dec := h.svc.currency(r.Context())
		httpx.OK(w, r, map[string]any{"period": p, "group": group, "items": days, "currency": cur, "decimals": dec})
		return
	}
	dec := h.svc.decimals(r.Context())
	rows := make([][]string, len(days))
	for i, d := range days {
		m := d.Metrics
		rows[i] = []string{d.Day, n(m.Registrations), n(m.FirstDeposits), money.Format(m.FirstDepositAmount, dec), money.Format(m.Deposits, dec),
			n(m.DepositCount), money.Format(m.Withdrawals, dec), n(m.WithdrawalCount), money.Format(m.NetCash, dec),
			money.Format(m.Turnover, dec), money.Format(m.ValidBets, dec), money.Format(m.Wins, dec), money.Format(m.GGR, dec),
			bp(m.HoldBP), money.Format(m.BonusCost, dec), money.Format(m.NGR, dec), n(m.ActivePlayers), money.Format(m.ARPU, dec)}
	}
	csvx.Serve(w, "daily-"+p.From+"-"+p.To+".csv", csvx.Encode(header(r, dailyHeader), rows))
}

func (h *Handler) games(w http.ResponseWriter, r *http.Request, p Period) {
	asCSV, err := csvWanted(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	q := r.URL.Query()
	group, by := q.Get("group"), q.Get("by")
	if group == "" {
		group = GroupTotal
	}
	if by == "" {
		by = ByVendor
	}
	items, truncated, err := h.svc.Games(r.Context(), p, group, by)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if !asCSV {
		cur, dec := h.svc.currency(r.Context())
		httpx.OK(w, r, map[string]any{"period": p, "group": group, "by": by, "items": items, "truncated": truncated, "currency": cur, "decimals": dec})
		return
	}
	dec := h.svc.decimals(r.Context())
	rows := make([][]string, len(items))
	for i, g := range items {
		rows[i] = []string{g.Period, csvx.Text(g.Vendor), csvx.Text(g.Category), csvx.Text(g.Game), csvx.Text(g.Name),
			money.Format(g.Turnover, dec), money.Format(g.ValidBets, dec), money.Format(g.Wins, dec), money.Format(g.GGR, dec),
			bp(g.HoldBP), n(g.Rounds)}
	}
	if truncated {
		w.Header().Set("X-Truncated", "true")
	}
	csvx.Serve(w, "games-"+by+"-"+p.From+"-"+p.To+".csv", csvx.Encode(header(r, gamesHeader), rows))
}

// maxPlayerExport bounds the players ranking's file.
const maxPlayerExport = 10_000

func (h *Handler) players(w http.ResponseWriter, r *http.Request, p Period) {
	asCSV, err := csvWanted(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 100_000)
	size := q.Int("pageSize", 20, 1, 100)
	rank := q.Code("rank", "pnl", 16)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if asCSV {
		page, size = 1, maxPlayerExport
	}
	pp, err := h.svc.Players(r.Context(), p, rank, page, size)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if !asCSV {
		httpx.OK(w, r, pp)
		return
	}
	dec := pp.Decimals
	rows := make([][]string, len(pp.Items))
	for i, m := range pp.Items {
		rows[i] = []string{strconv.Itoa(m.Rank), strconv.FormatInt(m.MemberID, 10), csvx.Text(m.Username), money.Format(m.Turnover, dec),
			money.Format(m.ValidBets, dec), money.Format(m.Wins, dec), money.Format(m.PnL, dec), n(m.Rounds),
			money.Format(m.Deposits, dec), money.Format(m.Withdrawals, dec), money.Format(m.Bonus, dec)}
	}
	if pp.Total > int64(len(pp.Items)) {
		w.Header().Set("X-Truncated", "true")
	}
	csvx.Serve(w, "players-"+rank+"-"+p.From+"-"+p.To+".csv", csvx.Encode(header(r, playersHeader), rows))
}

func n(v int64) string { return strconv.FormatInt(v, 10) }

// bp writes basis points as a percentage with two decimals (1234 -> 12.34).
func bp(v int64) string { return money.Format(v, 2) }
