package cashier

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

// OpsHandler serves the operator deposit queue under /ops/v1/cashier/.
type OpsHandler struct {
	svc   *Service
	guard operator.Guard
}

func NewOpsHandler(svc *Service, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{svc: svc, guard: operator.Guard{Auth: auth}}
}

// OpsRoutePerms is the permission each operator route needs (the
// authorization test walks it for every role).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/cashier/deposits":               operator.PermCashierRead,
	"GET /ops/v1/cashier/deposits/report":        operator.PermCashierRead,
	"GET /ops/v1/cashier/deposits/{id}":          operator.PermCashierRead,
	"GET /ops/v1/cashier/deposits/{id}/receipt":  operator.PermCashierRead,
	"POST /ops/v1/cashier/deposits/{id}/approve": operator.PermCashierDecide,
	"POST /ops/v1/cashier/deposits/{id}/reject":  operator.PermCashierDecide,
}

func (h *OpsHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /ops/v1/cashier/deposits", h.list)
	mux.HandleFunc("GET /ops/v1/cashier/deposits/report", h.report)
	mux.HandleFunc("GET /ops/v1/cashier/deposits/{id}", h.get)
	mux.HandleFunc("GET /ops/v1/cashier/deposits/{id}/receipt", h.receipt)
	mux.HandleFunc("POST /ops/v1/cashier/deposits/{id}/approve", h.approve)
	mux.HandleFunc("POST /ops/v1/cashier/deposits/{id}/reject", h.reject)
}

func (h *OpsHandler) list(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/cashier/deposits"]); !ok {
		return
	}
	f, asCSV, err := h.opsQuery(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if asCSV {
		h.csv(w, r, f)
		return
	}
	p, err := h.svc.OpsList(r.Context(), f)
	httpx.Respond(w, r, p, err)
}

// opsQuery reads the queue's filters: status, orderNo, memberId, member (a
// username), from/to (YYYY-MM-DD in the brand's days, both or neither, at
// most 366), page, pageSize, and format (json or csv).
func (h *OpsHandler) opsQuery(r *http.Request) (Filter, bool, error) {
	f, err := listQuery(r)
	if err != nil {
		return f, false, err
	}
	q := httpx.NewQuery(r)
	f.MemberID = int64(q.Int("memberId", 0, 1, 1<<53))
	if err := q.Err(); err != nil {
		return f, false, err
	}
	if f.Member = q.Value("member"); len(f.Member) > 64 {
		return f, false, apperr.Invalid("request.invalid_param").With("name", "member")
	}
	if q.Value("from") != "" || q.Value("to") != "" {
		from, to, err := httpx.DayRange(r, h.svc.location(r.Context()), h.svc.now(), reportMaxDays)
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
	"EN": {"Order no", "Created", "Member ID", "Username", "Method", "Type", "Amount", "Currency", "Status", "Reference", "Risks", "Reject reason", "Decided by (operator ID)", "Updated"},
	"TY": {"Order no", "Ginawa", "Member ID", "Username", "Paraan", "Uri", "Halaga", "Currency", "Status", "Reference", "Mga panganib", "Dahilan ng pagtanggi", "Nagpasya (operator ID)", "Binago"},
}

// csv answers the queue's filter as a file (every page, at most csvMaxRows;
// times as the brand's local "yyyy-MM-dd HH:mm:ss").
func (h *OpsHandler) csv(w http.ResponseWriter, r *http.Request, f Filter) {
	loc := h.svc.location(r.Context())
	var rows [][]string
	f.PageSize = MaxPageSize
	for f.Page = 1; len(rows) < csvMaxRows; f.Page++ {
		p, err := h.svc.OpsList(r.Context(), f)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		for _, d := range p.List {
			rows = append(rows, []string{d.OrderNo, when(d.CreatedAt, loc), strconv.FormatInt(d.MemberID, 10), csvx.Text(d.MemberAccount),
				d.Method, d.Type, money.Format(d.Amount, d.Decimals), d.Currency, d.Status, csvx.Text(d.Reference),
				strings.Join(d.Risks, " "), csvx.Text(d.RejectReason), decider(d.DecidedBy), when(d.UpdatedAt, loc)})
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
	csvx.Serve(w, "deposits-"+h.svc.now().In(loc).Format("20060102-150405")+".csv", csvx.Encode(head, rows))
}

func when(ms int64, loc *time.Location) string {
	if ms <= 0 {
		return ""
	}
	return time.UnixMilli(ms).In(loc).Format(time.DateTime)
}

func decider(id int64) string {
	if id <= 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

func (h *OpsHandler) get(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/cashier/deposits/{id}"]); !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	d, err := h.svc.OpsGet(r.Context(), id)
	httpx.Respond(w, r, d, err)
}

func (h *OpsHandler) receipt(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/cashier/deposits/{id}/receipt"]); !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	rc, err := h.svc.OpsReceipt(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.WriteImage(w, r, rc.ContentType, rc.Data)
}

func (h *OpsHandler) approve(w http.ResponseWriter, r *http.Request) {
	op, ok := h.guard.Require(w, r, OpsRoutePerms["POST /ops/v1/cashier/deposits/{id}/approve"])
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req ApproveRequest
	if err := decodeOptional(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	d, err := h.svc.Approve(r.Context(), op, id, req.OTP)
	httpx.Respond(w, r, d, err)
}

// ApproveRequest is the body of .../approve (optional): the operator's
// authenticator code, needed above the brand's ops.cashierConfirmAbove.
type ApproveRequest struct {
	OTP string `json:"otp,omitempty"`
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

// RejectRequest is the body of .../reject.
type RejectRequest struct {
	Reason string `json:"reason"`
}

func (h *OpsHandler) reject(w http.ResponseWriter, r *http.Request) {
	op, ok := h.guard.Require(w, r, OpsRoutePerms["POST /ops/v1/cashier/deposits/{id}/reject"])
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req RejectRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	d, err := h.svc.Reject(r.Context(), op, id, req.Reason)
	httpx.Respond(w, r, d, err)
}
