package players

import (
	"net/http"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/cashier"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/csvx"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/platform/money"
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/withdraw"
)

// Handler serves /ops/v1/players.
type Handler struct {
	svc   *Service
	guard operator.Guard
}

func NewHandler(svc *Service, auth operator.Authenticator) *Handler {
	return &Handler{svc: svc, guard: operator.Guard{Auth: auth}}
}

// opsRoutePerms is the permission each route needs (the authorization
// test walks it for every role).
var opsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/players":                       operator.PermPlayersRead,
	"GET /ops/v1/players/{id}":                  operator.PermPlayersRead,
	"GET /ops/v1/players/{id}/logins":           operator.PermPlayersRead,
	"GET /ops/v1/players/{id}/linked":           operator.PermPlayersRead,
	"GET /ops/v1/players/{id}/transactions":     operator.PermPlayersRead,
	"GET /ops/v1/players/{id}/rounds":           operator.PermPlayersRead,
	"GET /ops/v1/players/{id}/rounds/{roundId}": operator.PermPlayersRead,
	"GET /ops/v1/players/{id}/deposits":         operator.PermPlayersRead,
	"GET /ops/v1/players/{id}/withdrawals":      operator.PermPlayersRead,
	"GET /ops/v1/players/{id}/notes":            operator.PermPlayersRead,
	"POST /ops/v1/players/{id}/notes":           operator.PermPlayersWrite,
	"POST /ops/v1/players/{id}/lock":            operator.PermPlayersWrite,
	"POST /ops/v1/players/{id}/unlock":          operator.PermPlayersWrite,
	"POST /ops/v1/players/{id}/logout":          operator.PermPlayersWrite,
	"POST /ops/v1/players/{id}/reset-password":  operator.PermPlayersWrite,
}

// RoutePerms is a copy of the route table (the cross-domain authorization
// test in cmd/palaro walks it).
func RoutePerms() map[string]operator.Permission {
	out := make(map[string]operator.Permission, len(opsRoutePerms))
	for k, v := range opsRoutePerms {
		out[k] = v
	}
	return out
}

type handlerFunc func(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64)

func (h *Handler) Routes(mux *http.ServeMux) {
	handlers := map[string]handlerFunc{
		"GET /ops/v1/players/{id}":                  h.get,
		"GET /ops/v1/players/{id}/logins":           h.logins,
		"GET /ops/v1/players/{id}/linked":           h.linked,
		"GET /ops/v1/players/{id}/transactions":     h.transactions,
		"GET /ops/v1/players/{id}/rounds":           h.rounds,
		"GET /ops/v1/players/{id}/rounds/{roundId}": h.round,
		"GET /ops/v1/players/{id}/deposits":         h.deposits,
		"GET /ops/v1/players/{id}/withdrawals":      h.withdrawals,
		"GET /ops/v1/players/{id}/notes":            h.notes,
		"POST /ops/v1/players/{id}/notes":           h.addNote,
		"POST /ops/v1/players/{id}/lock":            h.lock,
		"POST /ops/v1/players/{id}/unlock":          h.unlock,
		"POST /ops/v1/players/{id}/logout":          h.logout,
		"POST /ops/v1/players/{id}/reset-password":  h.resetPassword,
	}
	mux.HandleFunc("GET /ops/v1/players", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.guard.Require(w, r, opsRoutePerms["GET /ops/v1/players"]); ok {
			h.search(w, r)
		}
	})
	for pattern, fn := range handlers {
		perm := opsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			op, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			id, err := httpx.PathID(r, "id", "players.not_found")
			if err != nil {
				httpx.Fail(w, r, err)
				return
			}
			fn(w, r, op, id)
		})
	}
}

// paging reads page and pageSize.
func paging(q *httpx.Query) (page, size int) {
	return q.Int("page", 1, 1, 1_000_000), q.Int("pageSize", DefaultPageSize, 1, MaxPageSize)
}

func (h *Handler) search(w http.ResponseWriter, r *http.Request) {
	q := httpx.NewQuery(r)
	by := q.OneOf("by", account.ByUsername, account.SearchKeys...)
	page, size := paging(q)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	format := q.OneOf("format", "JSON", "JSON", "CSV")
	tz := q.Text("tz", "UTC", 64)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	// The text is checked by the search itself (length, shape per key);
	// q.Value trims it.
	search := account.MemberSearch{By: lower(by), Q: q.Value("q")}
	if format == "CSV" {
		h.searchCSV(w, r, search, tz)
		return
	}
	out, err := h.svc.Search(r.Context(), search, page, size)
	httpx.Respond(w, r, out, err)
}

// searchCSV answers every match of the search as a file (page and pageSize
// do not apply), times in the zone tz the console passes (the operator's own,
// as the list shows them; UTC without it).
func (h *Handler) searchCSV(w http.ResponseWriter, r *http.Request, search account.MemberSearch, tz string) {
	loc, err := time.LoadLocation(tz)
	if err != nil || tz == "Local" {
		httpx.Fail(w, r, apperr.Invalid("request.invalid_param").With("name", "tz"))
		return
	}
	items, decimals, capped, err := h.svc.Export(r.Context(), search)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	at := func(ms int64) string { return time.UnixMilli(ms).In(loc).Format(time.DateTime) }
	rows := make([][]string, len(items))
	for i, it := range items {
		last := ""
		if it.LastLoginAt != nil {
			last = at(*it.LastLoginAt)
		}
		rows[i] = []string{strconv.FormatInt(it.ID, 10), csvx.Text(it.Username), csvx.Text(it.CountryDialingCode), csvx.Text(it.Mobile), csvx.Text(it.Email), it.Status,
			money.Format(it.Balance, decimals), it.Currency, at(it.RegisteredAt), last, csvx.Text(it.LastLoginIP), csvx.Text(it.Agent)}
	}
	header, ok := searchHeader[httpx.Lang(r)]
	if !ok {
		header = searchHeader["EN"]
	}
	if capped {
		w.Header().Set("X-Truncated", "true") // the search's cap: narrow it for the rest
	}
	csvx.Serve(w, "players-"+search.By+".csv", csvx.Encode(header, rows))
}

// searchHeader names the file's columns in the operator's language (EN and
// TY; others get EN).
var searchHeader = map[string][]string{
	"EN": {"ID", "Username", "Country code", "Mobile", "E-mail", "Status", "Balance", "Currency", "Registered", "Last login", "Last login IP", "Agent"},
	"TY": {"ID", "Username", "Code ng bansa", "Mobile", "E-mail", "Status", "Balanse", "Salapi", "Nagparehistro", "Huling login", "IP ng huling login", "Ahente"},
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	out, err := h.svc.Get(r.Context(), id)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) logins(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	q := httpx.NewQuery(r)
	page, size := paging(q)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Logins(r.Context(), id, page, size)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) linked(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	out, err := h.svc.Linked(r.Context(), id)
	httpx.Respond(w, r, out, err)
}

// recordPage is the account record in the console's list shape.
type recordPage struct {
	Items    []wallet.RecordLine `json:"items"`
	Total    int                 `json:"total"`
	Page     int                 `json:"page"`
	PageSize int                 `json:"pageSize"`
	Sums     wallet.RecordSums   `json:"sums"`
	From     string              `json:"from"`
	To       string              `json:"to"`
	Timezone string              `json:"timezone"`
	Currency string              `json:"currency"`
	Decimals int                 `json:"decimals"`
}

func (h *Handler) transactions(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	q := httpx.NewQuery(r)
	page, size := paging(q)
	rq := wallet.RecordQuery{From: q.Text("from", "", 10), To: q.Text("to", "", 10), Type: q.Code("type", "", 32), Page: page, PageSize: size}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.Transactions(r.Context(), id, rq)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, recordPage{Items: p.List, Total: p.Total, Page: p.Page, PageSize: p.PageSize, Sums: p.Sums, From: p.From, To: p.To,
		Timezone: p.Timezone, Currency: p.Currency, Decimals: p.Decimals})
}

// betPage is the betting record in the console's list shape.
type betPage struct {
	Items    []records.Bet `json:"items"`
	Total    int           `json:"total"`
	Page     int           `json:"page"`
	PageSize int           `json:"pageSize"`
	Sums     records.Sums  `json:"sums"`
	From     string        `json:"from"`
	To       string        `json:"to"`
	Timezone string        `json:"timezone"`
}

func (h *Handler) rounds(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	q := httpx.NewQuery(r)
	page, size := paging(q)
	bq := records.BetQuery{From: q.Text("from", "", 10), To: q.Text("to", "", 10), GameType: q.Code("gameType", "", 16),
		Vendor: q.Code("vendor", "", 32), Status: q.Code("status", "", 16), Page: page, PageSize: size}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.Rounds(r.Context(), id, bq)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, betPage{Items: p.List, Total: p.Total, Page: p.Page, PageSize: p.PageSize, Sums: p.Sums, From: p.From, To: p.To, Timezone: p.Timezone})
}

func (h *Handler) round(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	roundID, err := httpx.PathID(r, "roundId", "players.round_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Round(r.Context(), id, roundID)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) deposits(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	q := httpx.NewQuery(r)
	page, size := paging(q)
	f := cashier.Filter{Status: q.OneOf("status", "", cashier.Statuses...), Page: page, PageSize: size}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.Deposits(r.Context(), id, f)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, Page[cashier.Deposit]{Items: p.List, Total: p.Total, Page: p.Page, PageSize: p.PageSize})
}

func (h *Handler) withdrawals(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	q := httpx.NewQuery(r)
	page, size := paging(q)
	f := withdraw.ListFilter{Status: q.OneOf("status", "", withdraw.Statuses...), Page: page, PageSize: size}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.Withdrawals(r.Context(), id, f)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, Page[withdraw.OpsWithdrawal]{Items: p.List, Total: p.Total, Page: p.Page, PageSize: p.PageSize})
}

func (h *Handler) notes(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	q := httpx.NewQuery(r)
	page, size := paging(q)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Notes(r.Context(), id, page, size)
	httpx.Respond(w, r, out, err)
}

// NoteRequest is the body of POST .../notes.
type NoteRequest struct {
	Text string `json:"text"`
}

func (h *Handler) addNote(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	var req NoteRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	n, err := h.svc.AddNote(r.Context(), op, id, req.Text)
	httpx.Respond(w, r, map[string]any{"note": n}, err)
}

// ActionRequest is the body of every action: the reason is required.
type ActionRequest struct {
	Reason string `json:"reason"`
}

func action(r *http.Request) (string, error) {
	var req ActionRequest
	err := httpx.DecodeJSON(r, &req)
	return req.Reason, err
}

func (h *Handler) lock(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	h.setLocked(w, r, op, id, true)
}

func (h *Handler) unlock(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	h.setLocked(w, r, op, id, false)
}

func (h *Handler) setLocked(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64, locked bool) {
	reason, err := action(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.SetLocked(r.Context(), op, id, locked, reason)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	reason, err := action(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Logout(r.Context(), op, id, reason)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) resetPassword(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	reason, err := action(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.ResetPassword(r.Context(), op, id, reason)
	httpx.Respond(w, r, out, err)
}
