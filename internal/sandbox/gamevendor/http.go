package gamevendor

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/palaro/palaro/internal/platform/money"
)

// Routes mounts the game page and its play endpoint.
func (v *Vendor) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET "+Prefix+"/play", v.servePage)
	mux.HandleFunc("POST "+Prefix+"/api/play", v.servePlay)
}

// servePage opens the launch ticket and renders the game with a play token.
func (v *Vendor) servePage(w http.ResponseWriter, r *http.Request) {
	lang := pageLang(r.URL.Query().Get("lang"))
	t, err := v.open(r.URL.Query().Get("t"), "launch")
	if err != nil {
		v.render(w, http.StatusForbidden, pageData{Lang: lang, T: texts[lang], Message: texts[lang]["expired"]})
		return
	}
	if r.URL.Query().Get("lang") == "" {
		lang = t.Language
	}
	play := t
	play.Kind = "play"
	play.Expires = v.clock.Now().Add(PlayTokenTTL).Unix()
	token, err := v.seal(play)
	if err != nil {
		v.logger.ErrorContext(r.Context(), "sandbox game: seal", "err", err)
		v.render(w, http.StatusInternalServerError, pageData{Lang: lang, T: texts[lang], Message: texts[lang]["unavailable"]})
		return
	}
	d := pageData{Lang: lang, T: texts[lang], Token: token, Name: t.Name, NodeID: t.NodeID, Vendor: t.Vendor,
		Currency: t.Currency, Table: t.Game == KindTable, Lobby: t.Lobby, Balance: "—"}
	for _, b := range Bets {
		d.Bets = append(d.Bets, betOption{Value: b, Text: formatAmount(b)})
	}
	if bal, err := v.Balance(r.Context(), t); err == nil {
		d.Balance = formatAmount(bal)
	} else {
		v.logger.WarnContext(r.Context(), "sandbox game: balance", "vendor", t.Vendor, "err", err)
		var refused *RefusedError
		if errors.As(err, &refused) && refused.Code == CodeSessionExpired {
			d.Message = texts[lang]["err_"+ErrCodeSessionExpired]
		}
	}
	v.render(w, http.StatusOK, d)
}

type playRequest struct {
	Token string `json:"token"`
	Bet   int64  `json:"bet"`
	Lang  string `json:"lang"`
}

type playAnswer struct {
	PlayResult
	BalanceText string `json:"balanceText"`
	WinText     string `json:"winText"`
	Board       string `json:"board"`
	Message     string `json:"message"`
}

type errorAnswer struct {
	Error       string `json:"error"`
	Message     string `json:"message"`
	Balance     *int64 `json:"balance,omitempty"`
	BalanceText string `json:"balanceText,omitempty"`
}

var errorStatus = map[string]int{
	ErrCodeBadToken: http.StatusUnauthorized, ErrCodeBadBet: http.StatusBadRequest,
	ErrCodeInsufficientFunds: http.StatusConflict, ErrCodeSessionExpired: http.StatusUnauthorized,
	ErrCodeGameUnavailable: http.StatusForbidden, ErrCodeBetCancelled: http.StatusConflict,
	ErrCodeUnavailable: http.StatusServiceUnavailable,
}

// servePlay plays one round (JSON in, JSON out).
func (v *Vendor) servePlay(w http.ResponseWriter, r *http.Request) {
	lang := pageLang(r.URL.Query().Get("lang"))
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		writeJSON(w, http.StatusUnsupportedMediaType, errorAnswer{Error: ErrCodeBadBet, Message: texts[lang]["err_"+ErrCodeBadBet]})
		return
	}
	var req playRequest
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<10+1))
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err != nil || len(body) > 4<<10 || dec.Decode(&req) != nil {
		writeJSON(w, http.StatusBadRequest, errorAnswer{Error: ErrCodeBadBet, Message: texts[lang]["err_"+ErrCodeBadBet]})
		return
	}
	if req.Lang != "" {
		lang = pageLang(req.Lang)
	}
	res, err := v.Play(r.Context(), req.Token, req.Bet)
	if err != nil {
		var pe *PlayError
		if !errors.As(err, &pe) {
			v.logger.ErrorContext(r.Context(), "sandbox game: play", "err", err)
			pe = &PlayError{Code: ErrCodeUnavailable}
		}
		a := errorAnswer{Error: pe.Code, Message: texts[lang]["err_"+pe.Code], Balance: pe.Balance}
		if pe.Balance != nil {
			a.BalanceText = formatAmount(*pe.Balance)
		}
		writeJSON(w, errorStatus[pe.Code], a)
		return
	}
	a := playAnswer{PlayResult: res, BalanceText: formatAmount(res.Balance), WinText: formatAmount(res.Win)}
	if res.Game == KindTable {
		a.Board = texts[lang]["you"] + " " + res.Player + " · " + texts[lang]["dealer"] + " " + res.Dealer
	} else {
		a.Board = strings.Join(res.Reels, " | ")
	}
	switch {
	case res.Win > 0:
		a.Message = texts[lang]["win"] + " " + a.WinText
	default:
		a.Message = texts[lang]["nowin"]
	}
	if res.Pending {
		a.Message += " " + texts[lang]["pending"]
	}
	writeJSON(w, http.StatusOK, a)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (v *Vendor) render(w http.ResponseWriter, status int, d pageData) {
	nonce := make([]byte, 16)
	_, _ = rand.Read(nonce)
	d.Nonce = hex.EncodeToString(nonce)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "SAMEORIGIN") // the storefront's game popup frames it
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'nonce-"+d.Nonce+"'; script-src 'nonce-"+d.Nonce+
		"'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'")
	w.WriteHeader(status)
	if err := pageTemplate.Execute(w, d); err != nil {
		v.logger.Error("sandbox game page", "err", err)
	}
}

// pageLang is EN or TY (the page's two languages; others read English).
func pageLang(s string) string {
	if strings.EqualFold(s, "TY") {
		return "TY"
	}
	return "EN"
}

func pageLangOf(s string) string { return pageLang(s) }

// formatAmount shows minor units with 2 decimals and thousands separators.
func formatAmount(v int64) string {
	s := money.Format(v, 2)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	out := b.String() + "." + frac
	if neg {
		out = "-" + out
	}
	return out
}
