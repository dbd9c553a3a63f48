package wallet

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/platform/csvx"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/platform/money"
)

// recordQuery reads the account record's query string.
func recordQuery(r *http.Request, export bool) (RecordQuery, error) {
	q := httpx.NewQuery(r)
	out := RecordQuery{From: q.Value("from"), To: q.Value("to"), Type: q.Code("type", "", 20)}
	if !export {
		out.Page = q.Int("page", 1, 1, 1_000_000)
		out.PageSize = q.Int("pageSize", DefaultRecordSize, 1, MaxRecordPageSize)
	}
	return out, q.Err()
}

func (h *TransferHandler) transactions(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, transferRouteRoles["GET /wps/v2/wallets/transactions"]...)
	if !ok {
		return
	}
	q, err := recordQuery(r, false)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.records.Page(r.Context(), c, q)
	httpx.Respond(w, r, out, err)
}

// CSV texts: the header row and the type names, in EN and TY (other
// languages get EN).
var (
	csvHeader = map[string][]string{
		"EN": {"Time", "Type", "Wallet", "Amount", "Balance after", "Reference", "Remark"},
		"TY": {"Oras", "Uri", "Wallet", "Halaga", "Balanse pagkatapos", "Reference", "Paalala"},
	}
	csvTypes = map[string]map[string]string{
		"EN": {"deposit": "Deposit", "withdrawal": "Withdrawal", "transfer": "Transfer", "bet": "Bet", "win": "Win", "bonus": "Bonus", "adjustment": "Adjustment", "refund": "Refund"},
		"TY": {"deposit": "Deposito", "withdrawal": "Pag-withdraw", "transfer": "Paglipat", "bet": "Taya", "win": "Panalo", "bonus": "Bonus", "adjustment": "Pagsasaayos", "refund": "Refund"},
	}
	// The system's reasons (RemarkCodes) in the CSV's language.
	csvRemarks = map[string]map[string]string{
		"EN": {ReasonDemoOpening: "Demo opening balance", ReasonFreeplayOpening: "Free-play opening balance", ReasonVendorRefused: "Returned: the game provider refused the transfer"},
		"TY": {ReasonDemoOpening: "Panimulang balanse ng demo", ReasonFreeplayOpening: "Panimulang balanse ng libreng laro", ReasonVendorRefused: "Ibinalik: tinanggihan ng provider ng laro ang paglipat"},
	}
)

func (h *TransferHandler) transactionsCSV(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, transferRouteRoles["GET /wps/v2/wallets/transactions.csv"]...)
	if !ok {
		return
	}
	q, err := recordQuery(r, true)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	lines, page, truncated, err := h.records.Export(r.Context(), c, q)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	lang := httpx.Lang(r)
	if _, ok := csvHeader[lang]; !ok {
		lang = "EN"
	}
	tz := h.records.location(r.Context())
	var buf bytes.Buffer
	buf.WriteString("\ufeff") // UTF-8 BOM: spreadsheet programs then read the file as UTF-8
	cw := csv.NewWriter(&buf)
	_ = cw.Write(csvHeader[lang])
	for _, l := range lines {
		_ = cw.Write([]string{
			time.UnixMilli(l.Time).In(tz).Format("2006-01-02 15:04:05"),
			csvTypes[lang][l.Type],
			l.Wallet,
			money.Format(l.Amount, page.Decimals),
			money.Format(l.BalanceAfter, page.Decimals),
			csvx.Text(l.Reference),
			csvx.Text(csvRemark(lang, l)),
		})
	}
	cw.Flush()
	hd := w.Header()
	hd.Set("Content-Type", "text/csv; charset=utf-8")
	hd.Set("Content-Disposition", `attachment; filename="account-record-`+page.From+`-`+page.To+`.csv"`)
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Total-Count", strconv.Itoa(page.Total))
	if truncated {
		hd.Set("X-Truncated", "true") // only the newest MaxRecordExportRows lines are in the file
	}
	hd.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

// csvRemark is the remark cell: the system's reason translated, then any free text.
func csvRemark(lang string, l RecordLine) string {
	code := csvRemarks[lang][l.RemarkCode]
	switch {
	case code == "":
		return l.Remark
	case l.Remark == "":
		return code
	default:
		return code + " · " + l.Remark
	}
}
