package teamreport

import (
	"net/http"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/csvx"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/platform/money"
)

// Handler serves the agent reports (docs/agent-reports-api.md).
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

// Who may call what (TestAuthorization walks this table): agents only.
var routeRoles = map[string][]account.Role{
	"GET /wps/agent/report/overview":     {account.RoleAgent},
	"GET /wps/agent/report/loss":         {account.RoleAgent},
	"GET /wps/agent/report/bets":         {account.RoleAgent},
	"GET /wps/agent/report/transactions": {account.RoleAgent},
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/agent/report/overview", h.overview)
	mux.HandleFunc("GET /wps/agent/report/loss", h.loss)
	mux.HandleFunc("GET /wps/agent/report/bets", h.bets)
	mux.HandleFunc("GET /wps/agent/report/transactions", h.transactions)
}

// ErrInvalidFormat: format is neither json nor csv.
var ErrInvalidFormat = apperr.Invalid("request.invalid_param").With("name", "format")

func periodQuery(q *httpx.Query) PeriodQuery {
	return PeriodQuery{From: q.Value("from"), To: q.Value("to"), Preset: q.Code("preset", "", 20), Step: q.Code("step", "", 20)}
}

func exportFormat(q *httpx.Query) (bool, error) {
	switch q.Code("format", "json", 10) {
	case "json":
		return false, nil
	case "csv":
		return true, nil
	}
	return false, ErrInvalidFormat
}

func (h *Handler) overview(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/agent/report/overview"]...)
	if !ok {
		return
	}
	q := httpx.NewQuery(r)
	pq := periodQuery(q)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Overview(r.Context(), c, pq)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) loss(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/agent/report/loss"]...)
	if !ok {
		return
	}
	q := httpx.NewQuery(r)
	lq := LossQuery{PeriodQuery: periodQuery(q), Parent: int64(q.Int("parent", 0, 0, 1<<62)), Sort: q.Code("sort", "", 20), Order: q.Code("order", "", 10),
		PageNo: q.Int("pageNo", 1, 1, 1_000_000), Size: q.Int("pageSize", DefaultPageSize, 1, MaxPageSize)}
	export, ferr := exportFormat(q)
	if err := q.Err(); err != nil || ferr != nil {
		httpx.Fail(w, r, firstErr(err, ferr))
		return
	}
	lq.Export = export
	out, err := h.svc.Loss(r.Context(), c, lq)
	if err != nil || !export {
		httpx.Respond(w, r, out, err)
		return
	}
	rows := make([][]string, len(out.List))
	for i, l := range out.List {
		rows[i] = []string{csvx.Text(l.Username), typeName(r, l.IsAgent), money.Format(l.Bets, out.Decimals), money.Format(l.ValidBets, out.Decimals),
			money.Format(l.Wins, out.Decimals), strconv.FormatInt(l.Rounds, 10), money.Format(l.Profit, out.Decimals),
			money.Format(l.Deposits, out.Decimals), money.Format(l.Withdrawals, out.Decimals)}
	}
	serveCSV(w, out.Truncated, "user-loss-"+out.From+"-"+out.To+".csv", header(r, lossHeader), rows)
}

func (h *Handler) bets(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/agent/report/bets"]...)
	if !ok {
		return
	}
	q := httpx.NewQuery(r)
	bq := BetsQuery{PeriodQuery: periodQuery(q), Username: q.Value("username"), GameType: q.Code("gameType", "", 20), Vendor: q.Code("vendor", "", 40),
		Status: q.Code("status", "", 20), PageNo: q.Int("pageNo", 1, 1, 1_000_000), Size: q.Int("pageSize", DefaultPageSize, 1, MaxPageSize)}
	export, ferr := exportFormat(q)
	if err := q.Err(); err != nil || ferr != nil {
		httpx.Fail(w, r, firstErr(err, ferr))
		return
	}
	bq.Export = export
	out, err := h.svc.Bets(r.Context(), c, bq)
	if err != nil || !export {
		httpx.Respond(w, r, out, err)
		return
	}
	loc := h.svc.brand.Location(r.Context())
	rows := make([][]string, len(out.List))
	for i, b := range out.List {
		rows[i] = []string{time.UnixMilli(b.StartedAt).In(loc).Format(time.DateTime), csvx.Text(b.Username), csvx.Text(b.RoundID), csvx.Text(b.Vendor),
			csvx.Text(b.GameName), csvx.Text(b.GameType), money.Format(b.Bet.Bet, out.Decimals), money.Format(b.ValidBet, out.Decimals),
			money.Format(b.Win, out.Decimals), money.Format(b.Profit, out.Decimals), b.Status}
	}
	serveCSV(w, out.Truncated, "team-bets-"+out.From+"-"+out.To+".csv", header(r, betsHeader), rows)
}

func (h *Handler) transactions(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/agent/report/transactions"]...)
	if !ok {
		return
	}
	q := httpx.NewQuery(r)
	tq := TransactionsQuery{PeriodQuery: periodQuery(q), Username: q.Value("username"), Type: q.Code("type", "", 20),
		PageNo: q.Int("pageNo", 1, 1, 1_000_000), Size: q.Int("pageSize", DefaultPageSize, 1, MaxPageSize)}
	export, ferr := exportFormat(q)
	if err := q.Err(); err != nil || ferr != nil {
		httpx.Fail(w, r, firstErr(err, ferr))
		return
	}
	tq.Export = export
	out, err := h.svc.Transactions(r.Context(), c, tq)
	if err != nil || !export {
		httpx.Respond(w, r, out, err)
		return
	}
	loc := h.svc.brand.Location(r.Context())
	rows := make([][]string, len(out.List))
	for i, l := range out.List {
		rows[i] = []string{time.UnixMilli(l.Time).In(loc).Format(time.DateTime), csvx.Text(l.Username), l.Type, csvx.Text(l.Wallet),
			money.Format(l.Amount, out.Decimals), money.Format(l.BalanceAfter, out.Decimals), csvx.Text(l.Reference), csvx.Text(l.Remark)}
	}
	serveCSV(w, out.Truncated, "team-transactions-"+out.From+"-"+out.To+".csv", header(r, transactionsHeader), rows)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func serveCSV(w http.ResponseWriter, truncated bool, name string, header []string, rows [][]string) {
	if truncated {
		w.Header().Set("X-Truncated", "true")
	}
	csvx.Serve(w, name, csvx.Encode(header, rows))
}

// The files' column names in the caller's language (EN and TY; other
// languages get EN).
var (
	lossHeader = map[string][]string{
		"EN": {"Username", "Type", "Bets", "Valid bets", "Wins", "Rounds", "Profit", "Deposits", "Withdrawals"},
		"TY": {"Username", "Uri", "Mga taya", "Mga balidong taya", "Mga panalo", "Mga round", "Kita o lugi", "Mga deposito", "Mga withdrawal"},
	}
	betsHeader = map[string][]string{
		"EN": {"Time", "Username", "Round", "Vendor", "Game", "Category", "Bet", "Valid bet", "Win", "Profit", "Status"},
		"TY": {"Oras", "Username", "Round", "Vendor", "Laro", "Kategorya", "Taya", "Balidong taya", "Panalo", "Kita o lugi", "Katayuan"},
	}
	transactionsHeader = map[string][]string{
		"EN": {"Time", "Username", "Type", "Wallet", "Amount", "Balance after", "Reference", "Remark"},
		"TY": {"Oras", "Username", "Uri", "Wallet", "Halaga", "Balanse pagkatapos", "Reference", "Paalala"},
	}
	typeNames = map[string][2]string{"EN": {"Member", "Agent"}, "TY": {"Miyembro", "Ahente"}}
)

func header(r *http.Request, h map[string][]string) []string {
	if v, ok := h[httpx.Lang(r)]; ok {
		return v
	}
	return h["EN"]
}

func typeName(r *http.Request, agent bool) string {
	names, ok := typeNames[httpx.Lang(r)]
	if !ok {
		names = typeNames["EN"]
	}
	if agent {
		return names[1]
	}
	return names[0]
}
