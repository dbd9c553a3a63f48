package payment

import "html/template"

type pageData struct {
	Lang     string
	T        map[string]string
	Merchant string
	OrderNo  string
	Amount   string
	Currency string
	Return   string
	Token    string
	Open     bool
	Message  string
}

// pageTexts are the hosted page's words (EN and TY, by ?lang=).
var pageTexts = map[string]map[string]string{
	"EN": {
		"title": "Sandbox payment", "badge": "SANDBOX", "note": "Test payment page. No real money moves.",
		"merchant": "Merchant", "order": "Order", "amount": "Amount", "pay": "Pay", "fail": "Fail",
		"back": "Back to the site", "unknown": "This payment does not exist.", "error": "Something went wrong. Please try again.",
		"used":      "This payment link was already used or opened in another tab. Reload the page.",
		"done_PAID": "This payment is complete.", "done_FAILED": "This payment failed.",
	},
	"TY": {
		"title": "Pansubok na bayad", "badge": "PANSUBOK", "note": "Pahina ng pansubok na bayad. Walang totoong perang gumagalaw.",
		"merchant": "Tindahan", "order": "Blg. ng order", "amount": "Halaga", "pay": "Magbayad", "fail": "Gawing bigo",
		"back": "Bumalik sa site", "unknown": "Walang ganitong bayad.", "error": "May nangyaring mali. Pakisubukang muli.",
		"used":      "Nagamit na ang link ng bayad na ito o nabuksan sa ibang tab. I-reload ang pahina.",
		"done_PAID": "Tapos na ang bayad na ito.", "done_FAILED": "Hindi natuloy ang bayad na ito.",
	},
}

var pageTemplate = template.Must(template.New("sandbox").Parse(`<!doctype html>
<html lang="{{if eq .Lang "TY"}}fil{{else}}en{{end}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.T.badge}} · {{.T.title}}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:24px;color:#111}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px #0002}
.badge{display:inline-block;background:#b91c1c;color:#fff;font-weight:700;letter-spacing:.1em;padding:4px 10px;border-radius:6px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#555}dd{margin:0;font-weight:600}
.row{display:flex;gap:12px;margin-top:20px}button{flex:1;padding:12px;font-size:16px;border:0;border-radius:8px;cursor:pointer}
.pay{background:#15803d;color:#fff}.fail{background:#e5e7eb}.msg{padding:12px;background:#fef3c7;border-radius:8px}
</style></head>
<body><main>
<p><span class="badge">{{.T.badge}}</span></p>
<h1>{{.T.title}}</h1>
<p>{{.T.note}}</p>
{{if .OrderNo}}<dl>
<dt>{{.T.merchant}}</dt><dd>{{.Merchant}}</dd>
<dt>{{.T.order}}</dt><dd id="order">{{.OrderNo}}</dd>
<dt>{{.T.amount}}</dt><dd id="amount">{{.Amount}} {{.Currency}}</dd>
</dl>{{end}}
{{if .Message}}<p class="msg" role="status">{{.Message}}</p>{{end}}
{{if .Open}}<form method="post">
<input type="hidden" name="token" value="{{.Token}}">
<div class="row"><button class="pay" name="action" value="pay" type="submit">{{.T.pay}}</button>
<button class="fail" name="action" value="fail" type="submit">{{.T.fail}}</button></div>
</form>{{else if .Return}}<p><a href="{{.Return}}">{{.T.back}}</a></p>{{end}}
</main></body></html>
`))
