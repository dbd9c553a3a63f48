package gamevendor

import (
	"html/template"
	"strconv"
)

type betOption struct {
	Value int64
	Text  string
}

type pageData struct {
	Lang     string
	T        map[string]string
	Nonce    string
	Token    string
	Name     string
	NodeID   int64
	Vendor   string
	Currency string
	Balance  string
	Table    bool
	Bets     []betOption
	Lobby    string
	Message  string
}

// Art is the game's tile art, served by the catalogue.
func (d pageData) Art() string { return "/art/game/" + strconv.FormatInt(d.NodeID, 10) + ".svg" }

// texts are the page's words and its error messages (EN and TY, by ?lang=).
var texts = map[string]map[string]string{
	"EN": {
		"badge": "SANDBOX GAME", "note": "Test game. Bets and wins move your real demo balance through the platform's game wallet.",
		"balance": "Balance", "bet": "Bet", "spin": "Spin", "deal": "Deal", "lobby": "Back to lobby",
		"slot_rules":  "Three of a kind: 7 ×500, BAR ×100, ★ ×40, ♥ ×10, ♦ ×9, ♣ ×1; two ♥ ×3. Return to player 96.33%.",
		"table_rules": "High card: your card against the dealer's. Higher wins ×2; a tie returns half the bet. Return to player 96.15%.",
		"playing":     "Playing…", "win": "You win", "nowin": "No win this time.", "you": "You", "dealer": "Dealer",
		"pending": "Your win is being credited.", "neterr": "Connection lost. Check your balance and try again.",
		"expired":                         "This game link has expired. Launch the game again from the site.",
		"unavailable":                     "The game is unavailable right now. Please try again later.",
		"err_" + ErrCodeBadToken:          "This game session has ended. Launch the game again from the site.",
		"err_" + ErrCodeBadBet:            "Choose a bet from the list.",
		"err_" + ErrCodeInsufficientFunds: "Insufficient balance for this bet.",
		"err_" + ErrCodeSessionExpired:    "Your game session has expired. Launch the game again from the site.",
		"err_" + ErrCodeGameUnavailable:   "This game is closed for maintenance.",
		"err_" + ErrCodeBetCancelled:      "The bet could not be confirmed and was cancelled. Your money was returned.",
		"err_" + ErrCodeUnavailable:       "The game is unavailable right now. Please try again later.",
	},
	"TY": {
		"badge": "PANSUBOK NA LARO", "note": "Pansubok na laro. Ang taya at panalo ay gumagalaw sa iyong demo na balanse sa wallet ng laro ng platform.",
		"balance": "Balanse", "bet": "Taya", "spin": "Paikutin", "deal": "Ibigay", "lobby": "Bumalik sa lobby",
		"slot_rules":  "Tatlong magkapareho: 7 ×500, BAR ×100, ★ ×40, ♥ ×10, ♦ ×9, ♣ ×1; dalawang ♥ ×3. Balik sa manlalaro (RTP): 96.33%.",
		"table_rules": "Mataas na baraha: ang baraha mo laban sa bangka. Mas mataas ay panalo ×2; kapag tabla, ibinabalik ang kalahati ng taya. Balik sa manlalaro (RTP): 96.15%.",
		"playing":     "Naglalaro…", "win": "Panalo ka ng", "nowin": "Walang panalo ngayon.", "you": "Ikaw", "dealer": "Bangka",
		"pending": "Ikinikredito pa ang iyong panalo.", "neterr": "Naputol ang koneksyon. Tingnan ang balanse at subukang muli.",
		"expired":                         "Nag-expire na ang link ng larong ito. Buksan muli ang laro mula sa site.",
		"unavailable":                     "Hindi available ang laro ngayon. Pakisubukang muli mamaya.",
		"err_" + ErrCodeBadToken:          "Natapos na ang game session na ito. Buksan muli ang laro mula sa site.",
		"err_" + ErrCodeBadBet:            "Pumili ng taya mula sa listahan.",
		"err_" + ErrCodeInsufficientFunds: "Kulang ang balanse para sa tayang ito.",
		"err_" + ErrCodeSessionExpired:    "Nag-expire na ang iyong game session. Buksan muli ang laro mula sa site.",
		"err_" + ErrCodeGameUnavailable:   "Sarado ang larong ito para sa maintenance.",
		"err_" + ErrCodeBetCancelled:      "Hindi nakumpirma ang taya kaya kinansela ito. Naibalik ang iyong pera.",
		"err_" + ErrCodeUnavailable:       "Hindi available ang laro ngayon. Pakisubukang muli mamaya.",
	},
}

var pageTemplate = template.Must(template.New("game").Parse(`<!doctype html>
<html lang="{{if eq .Lang "TY"}}fil{{else}}en{{end}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.T.badge}}{{if .Name}} · {{.Name}}{{end}}</title>
<style nonce="{{.Nonce}}">
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;background:#0f172a;color:#f8fafc;margin:0;padding:12px;min-height:100vh}
main{max-width:440px;margin:0 auto;background:#1e293b;border-radius:14px;padding:16px;box-shadow:0 4px 16px #0006}
.badge{display:inline-block;background:#dc2626;color:#fff;font-weight:800;letter-spacing:.12em;padding:4px 10px;border-radius:6px;font-size:13px}
header{display:flex;gap:12px;align-items:center;margin:10px 0}
header img{width:72px;height:72px;border-radius:10px;background:#334155;flex:none}
h1{font-size:20px;margin:0;overflow-wrap:anywhere}.vendor{color:#94a3b8;font-size:13px}
.note{color:#cbd5e1;font-size:13px;margin:6px 0 12px}
.bal{display:flex;justify-content:space-between;background:#0f172a;border-radius:10px;padding:10px 12px;font-size:16px}
.bal strong{font-variant-numeric:tabular-nums}
#board{margin:14px 0;min-height:84px;color:#fde68a;display:flex;align-items:center;justify-content:center;font-size:34px;font-weight:700;background:#020617;border-radius:12px;padding:10px;text-align:center;overflow-wrap:anywhere}
#board.table{font-size:24px}
.row{display:flex;gap:10px;align-items:center}
label{font-size:14px;color:#cbd5e1}
select{flex:1;font-size:16px;padding:10px;border-radius:8px;border:0;min-height:44px}
button{width:100%;margin-top:12px;min-height:48px;font-size:18px;font-weight:700;border:0;border-radius:10px;background:#16a34a;color:#fff;cursor:pointer}
button:disabled{opacity:.6;cursor:wait}
.msg{min-height:1.5em;margin:12px 0 4px;font-size:15px}.msg.win{color:#4ade80;font-weight:700}.msg.err{color:#fca5a5}
.rules{color:#94a3b8;font-size:12px}
a{color:#93c5fd}
</style></head>
<body><main id="game" data-token="{{.Token}}" data-lang="{{.Lang}}" data-playing="{{.T.playing}}" data-neterr="{{.T.neterr}}">
<span class="badge">{{.T.badge}}</span>
{{if .Token}}<header><img src="{{.Art}}" alt="" width="72" height="72">
<div><h1>{{.Name}}</h1><div class="vendor">{{.Vendor}}</div></div></header>
<p class="note">{{.T.note}}</p>
<div class="bal"><span>{{.T.balance}}</span><strong><span id="balance">{{.Balance}}</span> {{.Currency}}</strong></div>
<div id="board" class="{{if .Table}}table{{end}}" aria-live="polite">{{if .Table}}🂠 🂠{{else}}7 | 7 | 7{{end}}</div>
<div class="row"><label for="bet">{{.T.bet}}</label>
<select id="bet">{{range .Bets}}<option value="{{.Value}}">{{.Text}}</option>{{end}}</select></div>
<button id="play" type="button">{{if .Table}}{{.T.deal}}{{else}}{{.T.spin}}{{end}}</button>
<p id="result" class="msg{{if .Message}} err{{end}}" role="status">{{.Message}}</p>
<p class="rules">{{if .Table}}{{.T.table_rules}}{{else}}{{.T.slot_rules}}{{end}}</p>
{{if .Lobby}}<p><a href="{{.Lobby}}" target="_top">{{.T.lobby}}</a></p>{{end}}
<script nonce="{{.Nonce}}">
(function(){
var d=document,m=d.getElementById('game'),btn=d.getElementById('play'),sel=d.getElementById('bet'),
out=d.getElementById('result'),bal=d.getElementById('balance'),board=d.getElementById('board');
btn.addEventListener('click',function(){
btn.disabled=true;out.className='msg';out.textContent=m.dataset.playing;
fetch('/sandbox/games/api/play',{method:'POST',credentials:'omit',headers:{'Content-Type':'application/json'},
body:JSON.stringify({token:m.dataset.token,bet:parseInt(sel.value,10),lang:m.dataset.lang})})
.then(function(r){return r.json()})
.then(function(a){
if(a.balanceText){bal.textContent=a.balanceText}
if(a.error){out.className='msg err';out.textContent=a.message;return}
board.textContent=a.board;out.className=a.win>0?'msg win':'msg';out.textContent=a.message})
.catch(function(){out.className='msg err';out.textContent=m.dataset.neterr})
.then(function(){btn.disabled=false})})})();
</script>
{{else}}<p class="msg err" role="alert">{{.Message}}</p>{{end}}
</main></body></html>
`))
