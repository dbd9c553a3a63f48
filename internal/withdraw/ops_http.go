package withdraw

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/csvx"
	"github.com/palaro/palaro/internal/platform/money"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// OpsHandler serves the operators' withdrawal queue under /ops/v1/.
type OpsHandler struct {
	svc   *Service
	guard operator.Guard
}

func NewOpsHandler(svc *Service, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{svc: svc, guard: operator.Guard{Auth: auth}}
}

// OpsRoutePerms: the permission each operator route needs (the
// authorization test walks this table).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/cashier/withdrawals":                    operator.PermCashierRead,
	"GET /ops/v1/cashier/withdrawals/report":             operator.PermCashierRead,
	"GET /ops/v1/cashier/withdrawals/{id}":               operator.PermCashierRead,
	"GET /ops/v1/cashier/withdrawals/{id}/proof":         operator.PermCashierRead,
	"POST /ops/v1/cashier/withdrawals/{id}/approve":      operator.PermCashierDecide,
	"POST /ops/v1/cashier/withdrawals/{id}/reject":       operator.PermCashierDecide,
	"POST /ops/v1/cashier/withdrawals/{id}/full-payment": operator.PermCashierDecide,
}

func (h *OpsHandler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/cashier/withdrawals":                    h.list,
		"GET /ops/v1/cashier/withdrawals/report":             h.report,
		"GET /ops/v1/cashier/withdrawals/{id}":               h.get,
		"GET /ops/v1/cashier/withdrawals/{id}/proof":         h.proof,
		"POST /ops/v1/cashier/withdrawals/{id}/approve":      h.approve,
		"POST /ops/v1/cashier/withdrawals/{id}/reject":       h.reject,
		"POST /ops/v1/cashier/withdrawals/{id}/full-payment": h.fullPayment,
	}
	for pattern, fn := range handlers {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

func (h *OpsHandler) list(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	f, asCSV, err := h.opsQuery(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if asCSV {
		h.csv(w, r, f)
		return
	}
	v, err := h.svc.OpsList(r.Context(), f)
	httpx.Respond(w, r, v, err)
}

// opsQuery reads the queue's filters: status, orderNo, memberId, member (a
// username), from/to (YYYY-MM-DD in the brand's days, both or neither, at
// most 366), page, pageSize, and format (json or csv).
func (h *OpsHandler) opsQuery(r *http.Request) (ListFilter, bool, error) {
	f, err := listFilter(r)
	if err != nil {
		return f, false, err
	}
	q := httpx.NewQuery(r)
	f.MemberID = int64(q.Int("memberId", 0, 1, 1<<53))
	f.OrderNo = q.Code("orderNo", "", 32)
	if err := q.Err(); err != nil {
		return f, false, err
	}
	if f.Member = q.Value("member"); len(f.Member) > 64 {
		return f, false, apperr.Invalid("request.invalid_param").With("name", "member")
	}
	if q.Value("from") != "" || q.Value("to") != "" {
		from, to, err := httpx.DayRange(r, h.svc.brandLocation(r.Context()), h.svc.clock.Now(), reportMaxDays)
		if err != nil {
			return f, false, err
		}
		f.From, f.To = from.UnixMilli(), to.UnixMilli()
	}
	switch q.Value("format") {
	case "", "json":
		return f, false, nil
	case "csv":
		return f, true, nil
	}
	return f, false, apperr.Invalid("request.invalid_param").With("name", "format")
}

// csvMaxRows bounds a CSV export of the queue.
const csvMaxRows = 10_000

var csvHeader = map[string][]string{
	"EN": {"Order no", "Created", "Member ID", "Username", "Amount", "Currency", "Status", "Account type", "Bank", "Account name", "Account number", "Risks", "Reject reason", "Reviewed by (operator ID)", "Reviewed", "Paid"},
	"TY": {"Order no", "Ginawa", "Member ID", "Username", "Halaga", "Currency", "Status", "Uri ng account", "Bangko", "Pangalan sa account", "Numero ng account", "Mga panganib", "Dahilan ng pagtanggi", "Nag-review (operator ID)", "Na-review", "Nabayaran"},
}

// csv answers the queue's filter as a file (every page, at most csvMaxRows;
// times as the brand's local "yyyy-MM-dd HH:mm:ss").
func (h *OpsHandler) csv(w http.ResponseWriter, r *http.Request, f ListFilter) {
	loc := h.svc.brandLocation(r.Context())
	var rows [][]string
	f.PageSize = 100
	for f.Page = 1; len(rows) < csvMaxRows; f.Page++ {
		p, err := h.svc.OpsList(r.Context(), f)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		for _, o := range p.List {
			rows = append(rows, []string{o.OrderNo, when(o.CreatedAt, loc), strconv.FormatInt(o.MemberID, 10), csvx.Text(o.MemberAccount),
				money.Format(o.Amount, o.Decimals), o.Currency, o.Status, o.Account.Type, csvx.Text(o.Account.BankName),
				csvx.Text(o.Account.AccountName), csvx.Text(o.Account.AccountNumber), strings.Join(o.Risks, " "), csvx.Text(o.RejectReason),
				idOrBlank(o.ReviewedBy), when(o.ReviewedAt, loc), when(o.PaidAt, loc)})
		}
		if len(p.List) < f.PageSize || f.Page*f.PageSize >= p.Total {
			break
		}
	}
	if len(rows) > csvMaxRows {
		rows = rows[:csvMaxRows]
	}
	head, ok := csvHeader[httpx.Lang(r)]
	if !ok {
		head = csvHeader["EN"]
	}
	csvx.Serve(w, "withdrawals-"+h.svc.clock.Now().In(loc).Format("20060102-150405")+".csv", csvx.Encode(head, rows))
}

func when(ms int64, loc *time.Location) string {
	if ms <= 0 {
		return ""
	}
	return time.UnixMilli(ms).In(loc).Format(time.DateTime)
}

func idOrBlank(id int64) string {
	if id <= 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

func (h *OpsHandler) get(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.OpsGet(r.Context(), id)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) proof(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.OpsProof(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.WriteImage(w, r, p.ContentType, p.Data)
}

func (h *OpsHandler) approve(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req struct {
		OTP string `json:"otp,omitempty"` // needed above the brand's ops.cashierConfirmAbove
	}
	if err := decodeOptional(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Approve(r.Context(), c, id, req.OTP)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) reject(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Reject(r.Context(), c, id, req.Reason)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) fullPayment(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.FullPayment(r.Context(), c, id)
	httpx.Respond(w, r, v, err)
}

// decodeOptional reads a strict JSON body into v; an empty body leaves v
// as it is (approvals were posted without a body before the code existed).
func decodeOptional(r *http.Request, v any) error {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return apperr.New(apperr.KindTooLarge, "request.too_large")
		}
		return apperr.Invalid("request.invalid_json")
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	r.Body = io.NopCloser(bytes.NewReader(raw))
	return httpx.DecodeJSONStrict(r, v)
}
