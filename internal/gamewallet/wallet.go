package gamewallet

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/charset"
	"github.com/palaro/palaro/internal/platform/db"
)

// The kinds of money call, as stored with each answer (seamless_tx.kind)
// and hashed into what a transaction id stands for.
const (
	kindBet      = "bet"
	kindWin      = "win"
	kindRollback = "rollback"
	kindBetWin   = "betwin"
)

// call is one money call as the rules read it, whichever typed request it
// came from.
type call struct {
	SessionToken string
	MemberID     int64
	Currency     string
	TxID         string
	RefTxID      string
	RoundID      string
	GameCode     string
	Amount       *int64
	WinAmount    *int64 // betwin: the round's win
	Jackpot      bool
	EndRound     bool
}

// reply is an answer as stored for its transaction id and replayed to a
// repeat: Status "OK", or "ERROR" with a code. Its JSON is the stored
// format (seamless_tx.response), so it never changes.
type reply struct {
	Status       string `json:"status"`
	Code         string `json:"code,omitempty"`
	Message      string `json:"message,omitempty"`
	Balance      *int64 `json:"balance,omitempty"`
	Currency     string `json:"currency,omitempty"`
	TxID         string `json:"txId,omitempty"`
	PlatformTxID string `json:"platformTxId,omitempty"`
	RoundStatus  string `json:"roundStatus,omitempty"`
}

// The codes of stored refusals (the stored format; the vendor API happens
// to use the same words).
const (
	codeInvalidRequest      = "INVALID_REQUEST"
	codeUnknownPlayer       = "UNKNOWN_PLAYER"
	codeSessionExpired      = "SESSION_EXPIRED"
	codeInsufficientFunds   = "INSUFFICIENT_FUNDS"
	codeUnknownGame         = "UNKNOWN_GAME"
	codeGameDisabled        = "GAME_DISABLED"
	codeUnknownRound        = "UNKNOWN_ROUND"
	codeRoundClosed         = "ROUND_CLOSED"
	codeRollbackAfterWin    = "ROLLBACK_AFTER_WIN"
	codeBetRolledBack       = "BET_ROLLED_BACK"
	codeDuplicateTxMismatch = "DUPLICATE_TX_MISMATCH"
	codeCurrencyMismatch    = "CURRENCY_MISMATCH"
	codeLimitReached        = "PLAYER_LIMIT_REACHED"
	codePlayerBlocked       = "PLAYER_BLOCKED"
	codeBonusMaxBet         = "BET_EXCEEDS_BONUS_MAX"
	codeInternal            = "INTERNAL_ERROR"
)

// codes maps each code to its error value, the HTTP status stored with it
// (seamless_tx.http_status) and its message.
var codes = map[string]struct {
	err     error
	status  int
	message string
}{
	codeInvalidRequest:      {ErrInvalidRequest, http.StatusBadRequest, "the request is not valid"},
	codeUnknownPlayer:       {ErrUnknownPlayer, http.StatusNotFound, "unknown player"},
	codeSessionExpired:      {ErrSessionExpired, http.StatusUnauthorized, "the game session is unknown or has expired"},
	codeInsufficientFunds:   {ErrInsufficientFunds, http.StatusConflict, "insufficient funds"},
	codeUnknownGame:         {ErrUnknownGame, http.StatusNotFound, "unknown game"},
	codeGameDisabled:        {ErrGameDisabled, http.StatusForbidden, "the game is disabled or under maintenance"},
	codeUnknownRound:        {ErrUnknownRound, http.StatusNotFound, "unknown round"},
	codeRoundClosed:         {ErrRoundClosed, http.StatusConflict, "the round is closed"},
	codeRollbackAfterWin:    {ErrRollbackAfterWin, http.StatusConflict, "the bet's round has a win: it can no longer be rolled back"},
	codeBetRolledBack:       {ErrBetRolledBack, http.StatusConflict, "this bet was rolled back before it arrived"},
	codeDuplicateTxMismatch: {ErrDuplicateMismatch, http.StatusConflict, "this txId was used before with another request"},
	codeCurrencyMismatch:    {ErrCurrencyMismatch, http.StatusBadRequest, "the currency is not the player's"},
	codeLimitReached:        {ErrLimitReached, http.StatusConflict, "a responsible-gaming limit of the player refuses this bet"},
	codePlayerBlocked:       {ErrPlayerBlocked, http.StatusForbidden, "the player is excluded or on a time-out and cannot bet"},
	codeBonusMaxBet:         {ErrBonusMaxBet, http.StatusConflict, "the bet exceeds the maximum bet of the player's active bonus"},
	codeInternal:            {nil, http.StatusInternalServerError, "internal error; retry with the same txId"},
}

// encode is json.Marshal(r), written out by hand: every money call stores
// its answer, and reflection was most of that cost (TestReplyEncode holds
// it to json.Marshal's bytes).
func (r reply) encode() []byte {
	b := make([]byte, 0, 192)
	b = appendJSONString(append(b, `{"status":`...), r.Status)
	for _, f := range [...]struct{ name, v string }{{`,"code":`, r.Code}, {`,"message":`, r.Message}} {
		if f.v != "" {
			b = appendJSONString(append(b, f.name...), f.v)
		}
	}
	if r.Balance != nil {
		b = strconv.AppendInt(append(b, `,"balance":`...), *r.Balance, 10)
	}
	for _, f := range [...]struct{ name, v string }{{`,"currency":`, r.Currency}, {`,"txId":`, r.TxID}, {`,"platformTxId":`, r.PlatformTxID}, {`,"roundStatus":`, r.RoundStatus}} {
		if f.v != "" {
			b = appendJSONString(append(b, f.name...), f.v)
		}
	}
	return append(b, '}')
}

// appendJSONString appends s as a JSON string; anything but plain
// printable ASCII goes through encoding/json, for its escapes.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// statusOf is the HTTP status stored with a code (200 for OK).
func statusOf(code string) int {
	if code == "" {
		return http.StatusOK
	}
	if c, ok := codes[code]; ok {
		return c.status
	}
	return http.StatusInternalServerError
}

func fail(code, detail string) reply {
	msg := codes[code].message
	if detail != "" {
		msg += ": " + detail
	}
	return reply{Status: "ERROR", Code: code, Message: msg}
}

func ok(balance int64, currency string) reply {
	return reply{Status: "OK", Balance: &balance, Currency: currency}
}

// result is a reply as the typed methods give it: an Answer, or a *Refusal
// wrapping the code's error value.
func result(r reply) (Answer, error) {
	if r.Code == "" {
		a := Answer{Currency: r.Currency, TxID: r.TxID, PlatformTxID: r.PlatformTxID, RoundStatus: r.RoundStatus}
		if r.Balance != nil {
			a.Balance, a.HasBalance = *r.Balance, true
		}
		return a, nil
	}
	c, known := codes[r.Code]
	if !known || c.err == nil {
		return Answer{}, fmt.Errorf("gamewallet: stored answer %s: %s", r.Code, r.Message)
	}
	ref := &Refusal{Err: c.err, Message: r.Message, Currency: r.Currency}
	if r.Code == codeBonusMaxBet {
		ref.MaxBet = maxBetOf(r.Message)
	}
	if r.Balance != nil {
		ref.Balance, ref.HasBalance = *r.Balance, true
	}
	return Answer{}, ref
}

var (
	// The shapes of a call's fields (as ^[A-Za-z0-9_.:-]{1,64}$ and so on;
	// charset checks them without the regexp engine).
	idRe       = charset.New(nil, "A-Za-z0-9_.:-", 1, 64)
	codeRe     = charset.New(nil, "A-Za-z0-9_.-", 1, 64)
	currencyRe = charset.New([]string{"A-Z"}, "A-Z0-9", 3, 8)
	tokenRe    = charset.New(nil, "A-Za-z0-9_-", 1, 128)
)

// MaxAmount bounds one bet or win (minor units).
const MaxAmount = int64(1e15)

// invalid is the refusal of a malformed request: it is not stored (the
// request never reached the rules).
func invalid(field string) error {
	return &Refusal{Err: ErrInvalidRequest, Message: codes[codeInvalidRequest].message + ": " + field}
}

// check checks a call's shape for its kind (the typed methods' input):
// the first field that is wrong is the refusal's detail.
func (c call) check(kind string, vendor string) error {
	switch {
	case !idRe.MatchString(vendor):
		return invalid("vendor")
	case c.MemberID <= 0:
		return invalid("member")
	}
	switch kind {
	case kindBet, kindWin, kindBetWin:
		switch {
		case !idRe.MatchString(c.TxID):
			return invalid("txId")
		case !idRe.MatchString(c.RoundID):
			return invalid("roundId")
		case !codeRe.MatchString(c.GameCode):
			return invalid("gameCode")
		case !currencyRe.MatchString(c.Currency):
			return invalid("currency")
		case kind != kindWin && !tokenRe.MatchString(c.SessionToken):
			return invalid("sessionToken")
		case c.Amount == nil || *c.Amount < 0 || *c.Amount > MaxAmount || (kind != kindWin && *c.Amount == 0):
			return invalid("amount")
		case kind == kindBetWin && (c.WinAmount == nil || *c.WinAmount < 0 || *c.WinAmount > MaxAmount):
			return invalid("winAmount")
		}
	case kindRollback:
		switch {
		case !idRe.MatchString(c.TxID):
			return invalid("txId")
		case !idRe.MatchString(c.RefTxID):
			return invalid("refTxId")
		case !idRe.MatchString(c.RoundID):
			return invalid("roundId")
		case !codeRe.MatchString(c.GameCode):
			return invalid("gameCode")
		}
	case "balance":
		switch {
		case !tokenRe.MatchString(c.SessionToken):
			return invalid("sessionToken")
		case !currencyRe.MatchString(c.Currency):
			return invalid("currency")
		}
	case "endround":
		switch {
		case !idRe.MatchString(c.RoundID):
			return invalid("roundId")
		case !codeRe.MatchString(c.GameCode):
			return invalid("gameCode")
		}
	}
	if c.SessionToken != "" && !tokenRe.MatchString(c.SessionToken) {
		return invalid("sessionToken")
	}
	return nil
}

// requestHash is what a transaction id stands for: the same id with another
// hash is another request (ErrDuplicateMismatch). The session token is left
// out: a retry may carry a refreshed one.
func requestHash(op string, r call) string {
	var amount int64 = -1
	if r.Amount != nil {
		amount = *r.Amount
	}
	// The text is fixed (stored hashes are compared with it): what
	// fmt.Appendf with "seamless.v1\n%s\n%q\n%q\n%q\n%q\n%q\n%d\n%t\n%t" gave,
	// built with strconv, which fmt's verbs use (TestRequestHashText).
	b := make([]byte, 0, 160)
	b = append(append(b, "seamless.v1\n"...), op...)
	b = strconv.AppendQuote(append(b, '\n'), PlayerID(r.MemberID))
	for _, v := range [...]string{r.Currency, r.RefTxID, r.RoundID, r.GameCode} {
		b = strconv.AppendQuote(append(b, '\n'), v)
	}
	b = strconv.AppendInt(append(b, '\n'), amount, 10)
	b = strconv.AppendBool(append(b, '\n'), r.Jackpot)
	b = strconv.AppendBool(append(b, '\n'), r.EndRound)
	if r.WinAmount != nil { // betwin only: the other kinds keep the hashes stored before it existed
		b = strconv.AppendInt(append(b, "\nwin="...), *r.WinAmount, 10)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// Bet debits a bet: the player's live session in the request's currency,
// an open game of the vendor's, the pre-bet checks (BetChecker), then the
// money and the round in one commit. A transaction id seen before gets its
// first answer (or refusal) again.
func (s *Service) Bet(ctx context.Context, r BetRequest) (Answer, error) {
	amount := r.Amount
	c := call{SessionToken: r.SessionToken, MemberID: r.MemberID, Currency: r.Currency, TxID: r.TxID, RoundID: r.RoundID, GameCode: r.GameCode, Amount: &amount}
	if err := c.check(kindBet, r.Vendor); err != nil {
		return Answer{}, err
	}
	return result2(s.opBet(ctx, r.Vendor, c))
}

// BetWin plays a whole new round in one call: its bet (checked as Bet's,
// against the balance before the win) and its win as one ledger chain, the
// round opened COMPLETED, all in one commit.
func (s *Service) BetWin(ctx context.Context, r BetWinRequest) (Answer, error) {
	amount, win := r.Amount, r.Win
	c := call{SessionToken: r.SessionToken, MemberID: r.MemberID, Currency: r.Currency, TxID: r.TxID, RoundID: r.RoundID, GameCode: r.GameCode, Amount: &amount, WinAmount: &win}
	if err := c.check(kindBetWin, r.Vendor); err != nil {
		return Answer{}, err
	}
	return result2(s.opBetWin(ctx, r.Vendor, c))
}

// Win credits a win (0 for a loss) to an open round and, with EndRound,
// completes it. Never refused for an expired session: the round decides.
// ErrUnknownRound (no bet seen yet) is not remembered: a retry may succeed.
func (s *Service) Win(ctx context.Context, r WinRequest) (Answer, error) {
	amount := r.Amount
	c := call{SessionToken: r.SessionToken, MemberID: r.MemberID, Currency: r.Currency, TxID: r.TxID, RoundID: r.RoundID, GameCode: r.GameCode, Amount: &amount,
		Jackpot: r.Jackpot, EndRound: r.EndRound}
	if err := c.check(kindWin, r.Vendor); err != nil {
		return Answer{}, err
	}
	return result2(s.opWin(ctx, r.Vendor, c))
}

// Rollback refunds one bet (RefTxID); a bet and win's round is cancelled
// whole (its win taken back). A rollback of a bet never seen moves nothing
// and bars that bet.
func (s *Service) Rollback(ctx context.Context, r RollbackRequest) (Answer, error) {
	c := call{SessionToken: r.SessionToken, MemberID: r.MemberID, Currency: r.Currency, TxID: r.TxID, RefTxID: r.RefTxID, RoundID: r.RoundID, GameCode: r.GameCode}
	if err := c.check(kindRollback, r.Vendor); err != nil {
		return Answer{}, err
	}
	return result2(s.opRollback(ctx, r.Vendor, c))
}

// EndRound closes an open round (COMPLETED when a bet stands or something
// was won, else CANCELLED); an ended round answers its status again.
func (s *Service) EndRound(ctx context.Context, r EndRoundRequest) (Answer, error) {
	c := call{MemberID: r.MemberID, RoundID: r.RoundID, GameCode: r.GameCode}
	if err := c.check("endround", r.Vendor); err != nil {
		return Answer{}, err
	}
	return result2(s.opEndRound(ctx, r.Vendor, c))
}

// Balance is the player's balance in the session's currency (an expired
// session is fine here).
func (s *Service) Balance(ctx context.Context, r BalanceRequest) (Answer, error) {
	c := call{SessionToken: r.SessionToken, MemberID: r.MemberID, Currency: r.Currency}
	if err := c.check("balance", r.Vendor); err != nil {
		return Answer{}, err
	}
	return result2(s.opBalance(ctx, r.Vendor, c))
}

func result2(r reply, err error) (Answer, error) {
	if err != nil {
		return Answer{}, err
	}
	return result(r)
}

// liveSession finds the session of a token for vendor; ok=false when it is
// unknown, another vendor's or (when live) expired.
func (s *Service) liveSession(ctx context.Context, vendor, token string, live bool) (session, bool, error) {
	if token == "" {
		return session{}, false, nil
	}
	h := tokenHash(token)
	var ss session
	if v, ok := s.sessions.Load(h); ok { // sessions never change but for last_seen
		ss = v.(session)
	} else {
		var found bool
		var err error
		if ss, found, err = s.store.session(ctx, h); err != nil || !found {
			return ss, false, err
		}
		s.sessions.Store(h, ss)
	}
	if ss.Vendor != vendor {
		return ss, false, nil
	}
	if live && ss.ExpiresAt <= s.clock.Now().UnixMilli() {
		return ss, false, nil
	}
	return ss, true, nil
}

func (s *Service) opBalance(ctx context.Context, vendor string, req call) (reply, error) {
	ss, found, err := s.liveSession(ctx, vendor, req.SessionToken, false)
	if err != nil {
		return reply{}, err
	}
	if !found {
		return fail(codeSessionExpired, ""), nil
	}
	if ss.MemberID != req.MemberID {
		return fail(codeUnknownPlayer, ""), nil
	}
	if req.Currency != ss.Currency {
		return fail(codeCurrencyMismatch, ""), nil
	}
	bal, err := s.balance(ctx, ss.MemberID, ss.Currency)
	if err != nil {
		return reply{}, err
	}
	return ok(bal, ss.Currency), nil
}

// replay answers a transaction id seen before: the stored answer when the
// request is the same, else a mismatch.
func replay(prior txRow, hash string) reply {
	if prior.Status == txRolledBack {
		return fail(codeBetRolledBack, "")
	}
	if prior.RequestHash != hash {
		return fail(codeDuplicateTxMismatch, "")
	}
	var r reply
	if err := json.Unmarshal([]byte(prior.Response), &r); err != nil {
		return fail(codeInternal, "")
	}
	return r
}

// record stores an answer with its round write (and runs fn in the same
// transaction when this call stored it). When a concurrent duplicate stored
// its answer first, that answer is returned instead and nothing else is
// written. Records of concurrent callbacks are committed together
// (recorder.go).
func (s *Service) record(ctx context.Context, t txRow, resp reply, w roundWrite, fn func(tx *db.Tx) error) (reply, error) {
	p, err := s.commit(ctx, t, resp, w, fn)
	if err != nil {
		return reply{}, err
	}
	return p.out, nil
}

// commit queues the record and waits for its group's commit.
func (s *Service) commit(_ context.Context, t txRow, resp reply, w roundWrite, fn func(tx *db.Tx) error) (*pendingRecord, error) {
	p := &pendingRecord{t: t, round: w, fn: fn}
	if err := s.answer(p, resp); err != nil {
		return nil, err
	}
	return s.wait(p)
}

// answer sets the answer p stores.
func (s *Service) answer(p *pendingRecord, resp reply) error {
	b := resp.encode()
	p.resp = resp
	p.t.Response, p.t.HTTPStatus, p.t.CreatedAt = string(b), statusOf(resp.Code), s.clock.Now().UnixMilli()
	p.t.Status = txOK
	if resp.Code != "" {
		p.t.Status = txError
	}
	return nil
}

// wait queues p on the recorder and waits for its group's commit.
func (s *Service) wait(p *pendingRecord) (*pendingRecord, error) {
	p.done = make(chan struct{})
	s.rec.enqueue(p)
	<-p.done // not cut short by ctx: once queued, the commit's outcome is the answer
	return p, p.err
}

// post books a money callback's posting with its answer: req carries the
// record (fill makes the answer from the posting), which the ledger writes
// in the posting's transaction (recorder.WritePosted), so the callback
// waits for one commit. When the posting is a replay (its key was posted
// before: a concurrent duplicate, whose answer is then stored, or a
// posting whose answer was never stored) or the poster runs no hooks, the
// record is stored on its own now, as any refusal.
func (s *Service) post(ctx context.Context, req ledger.PostingRequest, p *pendingRecord) (*pendingRecord, ledger.Posting, error) {
	out, ps, err := s.postChain(ctx, []ledger.PostingRequest{req}, p)
	if err != nil {
		return nil, ledger.Posting{}, err
	}
	return out, ps[0], nil
}

// postChain is post for postings written together (PostChain): the record
// rides with the last one and is filled from all of them.
func (s *Service) postChain(ctx context.Context, reqs []ledger.PostingRequest, p *pendingRecord) (*pendingRecord, []ledger.Posting, error) {
	last := &reqs[len(reqs)-1]
	if s.cfg.AnswersInPosting {
		last.Hook, last.HookData, last.Guarded = s.rec, p, p.guard
	}
	var ps []ledger.Posting
	var err error
	if len(reqs) == 1 {
		var one ledger.Posting
		one, err = s.poster.Post(ctx, reqs[0])
		ps = []ledger.Posting{one}
	} else {
		ps, err = s.poster.PostChain(ctx, reqs)
	}
	if err != nil {
		return nil, ps, err
	}
	if !ps[len(ps)-1].Replay && p.hooked {
		return p, ps, nil
	}
	p.hooked = false
	if err := p.fill(ps); err != nil {
		return nil, ps, err
	}
	p, err = s.wait(p)
	return p, ps, err
}

// refuse stores a refusal for a transaction id, so a repeat gets it again.
func (s *Service) refuse(ctx context.Context, t txRow, resp reply) (reply, error) {
	return s.record(ctx, t, resp, roundWrite{}, nil)
}

// betStart is what a bet and a bet and win find before their own round
// checks: the request's record (t), and its live session and open game.
type betStart struct {
	hash   string
	t      txRow
	ss     session
	g      Game
	r      roundRow
	exists bool
}

// startBet runs the checks bet and betwin share: a txId seen before gets
// its first answer, a request refused for its session, player, currency or
// game gets that refusal stored; done is then true and resp the answer.
// Without lookup (a guarded betwin) the txId and round are not read: a
// refusal stored for a txId seen before is its first answer all the same
// (the recorder stores a txId's answer once and replays it).
func (s *Service) startBet(ctx context.Context, vendor, op string, req call, lookup bool) (b betStart, resp reply, done bool, err error) {
	b.hash = requestHash(op, req)
	if lookup {
		prior, seen, r, exists, err := s.lookup(ctx, vendor, req.TxID, req.RoundID)
		if err != nil {
			return b, reply{}, true, err
		}
		if seen {
			return b, replay(prior, b.hash), true, nil
		}
		b.r, b.exists = r, exists
	}
	b.t = txRow{Vendor: vendor, TxID: req.TxID, Kind: op, MemberID: req.MemberID, RoundID: req.RoundID, Amount: *req.Amount, RequestHash: b.hash}
	var refusal string
	if b.ss, b.g, refusal, err = s.betCheck(ctx, vendor, req); err != nil {
		return b, reply{}, true, err
	}
	if refusal == "" {
		if refusal, err = s.checkBet(ctx, vendor, b.ss, *req.Amount); err != nil {
			return b, reply{}, true, err
		}
	}
	detail := ""
	if refusal == "" {
		if refusal, detail, err = s.checkBonusBet(ctx, b.ss.MemberID, b.ss.Currency, *req.Amount); err != nil {
			return b, reply{}, true, err
		}
	}
	if refusal != "" {
		resp, err = s.refuse(ctx, b.t, fail(refusal, detail))
		return b, resp, true, err
	}
	return b, reply{}, false, nil
}

// checkBet runs the pre-bet checks (Config.BetChecker): refusal is the
// code of a limit or a block, stored for the transaction id like any
// refusal; another error leaves the outcome to a retry.
func (s *Service) checkBet(ctx context.Context, vendor string, ss session, amount int64) (refusal string, err error) {
	if s.cfg.BetChecker == nil {
		return "", nil
	}
	err = s.cfg.BetChecker.CheckBet(ctx, ss.MemberID, ss.Currency, vendor, amount)
	switch {
	case err == nil:
		return "", nil
	case errors.Is(err, ErrPlayerBlocked):
		return codePlayerBlocked, nil
	case errors.Is(err, ErrLimitReached):
		return codeLimitReached, nil
	}
	return "", err
}

func (s *Service) opBet(ctx context.Context, vendor string, req call) (reply, error) {
	defer s.lockRound(vendor, req.RoundID)()
	b, resp, done, err := s.startBet(ctx, vendor, kindBet, req, true)
	if done {
		return resp, err
	}
	amount, hash, t, ss, g, r := *req.Amount, b.hash, b.t, b.ss, b.g, b.r
	if b.exists {
		switch {
		case r.Status != StatusOpen:
			return s.refuse(ctx, t, fail(codeRoundClosed, ""))
		case r.MemberID != ss.MemberID:
			return s.refuse(ctx, t, fail(codeInvalidRequest, "roundId belongs to another player"))
		case r.GameCode != req.GameCode:
			return s.refuse(ctx, t, fail(codeInvalidRequest, "roundId belongs to another game"))
		}
	}
	main, house, err := s.roundAccounts(ctx, ss.MemberID, ss.Currency)
	if err != nil {
		return reply{}, err
	}
	now := s.clock.Now()
	rec := &pendingRecord{t: t, round: roundWrite{op: roundBet, amount: amount, at: now.UnixMilli(),
		round: Round{Vendor: vendor, RoundID: req.RoundID, MemberID: ss.MemberID, NodeID: g.NodeID, GameCode: g.Code, GameType: g.GameType, Currency: ss.Currency}}}
	br, err := s.bonusBefore(ctx, ss.MemberID, ss.Currency, main)
	if err != nil {
		return reply{}, err
	}
	active, bonusAcct, bonusBal := br.grant, br.acct, br.bal
	var split bonusSplit
	rec.fill = func(ps []ledger.Posting) error {
		p := ps[0]
		resp := ok(playable(ps, main, max(bonusAcct, split.acct), bonusBal), ss.Currency)
		resp.TxID, resp.PlatformTxID = req.TxID, strconv.FormatInt(p.ID, 10)
		rec.t.MemberID, rec.t.PostingID = ss.MemberID, p.ID
		return s.answer(rec, resp)
	}
	betReq := ledger.PostingRequest{
		Key:      ledgerKey(vendor, req.TxID),
		Kind:     ledger.KindBet,
		Lines:    move(main, house, amount, ss.Currency),
		Metadata: map[string]string{"vendor": vendor, "round": req.RoundID, "game": req.GameCode, "tx": req.TxID, "req": hash},
	}
	plain := func() {
		split = bonusSplit{}
		betReq.Lines = move(main, house, amount, ss.Currency)
		delete(betReq.Metadata, "grant")
		delete(betReq.Metadata, "bonus")
		rec.stake = stakeWrite{}
		if active != nil {
			// A plain bet on a round with a bonus stake keeps the stake's proportion.
			rec.stake = stakeWrite{kind: stakePlain, bet: amount}
		}
	}
	withSplit := func(sp bonusSplit) {
		split = sp
		betReq.Lines = split.betLines(main, house, amount, ss.Currency)
		betReq.Metadata["grant"], betReq.Metadata["bonus"] = strconv.FormatInt(split.grant.ID, 10), strconv.FormatInt(split.bonus, 10)
		rec.stake = stakeWrite{kind: stakeBonus, grant: split.grant.ID, bet: amount, bonus: split.bonus}
	}
	plain()
	quick, can, err := s.quickSplit(ctx, ss.MemberID, br, main, amount)
	if err != nil {
		return reply{}, err
	}
	if can {
		withSplit(quick)
	}
	out, _, err := s.post(ctx, betReq, rec)
	if can && errors.Is(err, ledger.ErrInsufficientFunds) {
		plain() // the balances moved since they were read: main alone, then the split read afresh
		out, _, err = s.post(ctx, betReq, rec)
	}
	if errors.Is(err, ledger.ErrInsufficientFunds) {
		var sp bonusSplit
		if sp, can, err = s.splitBet(ctx, ss.MemberID, ss.Currency, main, amount); err != nil {
			return reply{}, err
		}
		if can {
			withSplit(sp)
			out, _, err = s.post(ctx, betReq, rec)
		} else {
			err = ledger.ErrInsufficientFunds
		}
	}
	if err != nil {
		return s.betRefused(ctx, t, ss, err)
	}
	if active != nil {
		s.bonus.markShort(ss.MemberID, split.bonus > 0)
		if split.bonus > 0 {
			s.bonus.forgetBalance(ss.MemberID)
		}
	}
	s.touch(ctx, req.SessionToken, ss, now)
	return out.out, nil
}

// refuseFunds stores and answers INSUFFICIENT_FUNDS for t, with the
// member's balance.
func (s *Service) refuseFunds(ctx context.Context, t txRow, member int64, currency, message string) (reply, error) {
	bal, err := s.balance(ctx, member, currency)
	if err != nil {
		return reply{}, err
	}
	resp := fail(codeInsufficientFunds, message)
	resp.Balance, resp.Currency = &bal, currency
	return s.refuse(ctx, t, resp)
}

// betRefused answers a bet whose posting failed: a refusal for lack of
// funds (with the balance) is stored for its txId, a key posted before with
// another request is a mismatch, anything else an error.
func (s *Service) betRefused(ctx context.Context, t txRow, ss session, err error) (reply, error) {
	switch {
	case errors.Is(err, ledger.ErrInsufficientFunds):
		return s.refuseFunds(ctx, t, ss.MemberID, ss.Currency, "")
	case errors.Is(err, ledger.ErrIdempotencyMismatch):
		return fail(codeDuplicateTxMismatch, ""), nil
	}
	return reply{}, err
}

// betCheck is what a bet needs before its money moves: a live session of
// the player in the request's currency, and a game of the vendor's that is
// open. refusal is the error code when one fails.
func (s *Service) betCheck(ctx context.Context, vendor string, req call) (ss session, g Game, refusal string, err error) {
	ss, live, err := s.liveSession(ctx, vendor, req.SessionToken, true)
	switch {
	case err != nil:
		return ss, g, "", err
	case !live:
		return ss, g, codeSessionExpired, nil
	case ss.MemberID != req.MemberID:
		return ss, g, codeUnknownPlayer, nil
	case req.Currency != ss.Currency:
		return ss, g, codeCurrencyMismatch, nil
	}
	g, found, err := s.games.FindGame(ctx, vendor, req.GameCode)
	switch {
	case err != nil:
		return ss, g, "", err
	case !found:
		return ss, g, codeUnknownGame, nil
	case g.Maintenance:
		return ss, g, codeGameDisabled, nil
	}
	return ss, g, "", nil
}

// touch notes a session's use, at most once a minute.
func (s *Service) touch(ctx context.Context, token string, ss session, now time.Time) {
	if now.UnixMilli()-ss.LastSeen <= 60_000 {
		return
	}
	h := tokenHash(token)
	if err := s.store.touchSession(ctx, h, now.UnixMilli()); err != nil {
		s.logger.WarnContext(ctx, "touch game session", "err", err)
	}
	ss.LastSeen = now.UnixMilli()
	s.sessions.Store(h, ss)
}

// opBetWin plays a whole round in one call: the bet and its win as one
// ledger chain (the bet checked against the balance before the win), the
// answer and the round, opened COMPLETED, in the same commit. The round
// must be new. With GuardBetWin (and the answer riding with the posting),
// the betwin first goes guarded, without a lookup (guard.go); if its txId
// or round exists, it is played again with the lookup, which answers it.
func (s *Service) opBetWin(ctx context.Context, vendor string, req call) (reply, error) {
	defer s.lockRound(vendor, req.RoundID)()
	if s.cfg.AnswersInPosting && s.cfg.GuardBetWin {
		resp, err := s.betWin(ctx, vendor, req, true)
		if !errors.Is(err, ledger.ErrGuardFailed) {
			return resp, err
		}
		s.guardFailures.Add(1)
	}
	return s.betWin(ctx, vendor, req, false)
}

// betWin is opBetWin under the round's lock, guarded or with the lookup.
func (s *Service) betWin(ctx context.Context, vendor string, req call, guarded bool) (reply, error) {
	b, resp, done, err := s.startBet(ctx, vendor, kindBetWin, req, !guarded)
	if done {
		return resp, err
	}
	bet, win, hash, t, ss, g := *req.Amount, *req.WinAmount, b.hash, b.t, b.ss, b.g
	if b.exists {
		if b.r.Status != StatusOpen {
			return s.refuse(ctx, t, fail(codeRoundClosed, ""))
		}
		return s.refuse(ctx, t, fail(codeInvalidRequest, "betwin plays a new round; roundId exists"))
	}
	main, house, err := s.roundAccounts(ctx, ss.MemberID, ss.Currency)
	if err != nil {
		return reply{}, err
	}
	now := s.clock.Now()
	rec := &pendingRecord{t: t, guard: guarded, round: roundWrite{op: roundBetWin, amount: bet, win: win, at: now.UnixMilli(),
		round: Round{Vendor: vendor, RoundID: req.RoundID, MemberID: ss.MemberID, NodeID: g.NodeID, GameCode: g.Code, GameType: g.GameType, Currency: ss.Currency}}}
	br, err := s.bonusBefore(ctx, ss.MemberID, ss.Currency, main)
	if err != nil {
		return reply{}, err
	}
	active, bonusAcct, bonusBal := br.grant, br.acct, br.bal
	var split bonusSplit
	rec.fill = func(ps []ledger.Posting) error {
		resp := ok(playable(ps, main, max(bonusAcct, split.acct), bonusBal), ss.Currency)
		resp.TxID, resp.PlatformTxID, resp.RoundStatus = req.TxID, strconv.FormatInt(ps[0].ID, 10), StatusCompleted
		rec.t.MemberID, rec.t.PostingID = ss.MemberID, ps[0].ID
		return s.answer(rec, resp)
	}
	meta := map[string]string{"vendor": vendor, "round": req.RoundID, "game": req.GameCode, "tx": req.TxID, "req": hash}
	reqs := []ledger.PostingRequest{{
		Key:      ledgerKey(vendor, req.TxID),
		Kind:     ledger.KindBet,
		Lines:    move(main, house, bet, ss.Currency),
		Metadata: meta,
	}}
	if win > 0 {
		reqs = append(reqs, ledger.PostingRequest{
			Key:      ledgerKey(vendor, req.TxID) + ":win",
			Kind:     ledger.KindWin,
			Lines:    move(house, main, win, ss.Currency),
			Metadata: meta,
		})
	}
	plain := func() {
		split = bonusSplit{}
		reqs[0].Lines = move(main, house, bet, ss.Currency)
		if win > 0 {
			reqs[1].Lines = move(house, main, win, ss.Currency)
		}
		delete(meta, "grant")
		delete(meta, "bonus")
		rec.stake = stakeWrite{}
	}
	withSplit := func(sp bonusSplit) {
		split = sp
		reqs[0].Lines = split.betLines(main, house, bet, ss.Currency)
		meta["grant"], meta["bonus"] = strconv.FormatInt(split.grant.ID, 10), strconv.FormatInt(split.bonus, 10)
		if win > 0 {
			if share := winShare(win, bet, split.bonus); share > 0 {
				reqs[1].Lines = []ledger.Line{{AccountID: house, Amount: -win, Currency: ss.Currency}, {AccountID: split.acct, Amount: share, Currency: ss.Currency}}
				if win > share {
					reqs[1].Lines = append(reqs[1].Lines, ledger.Line{AccountID: main, Amount: win - share, Currency: ss.Currency})
				}
			}
		}
		rec.stake = stakeWrite{kind: stakeBonus, grant: split.grant.ID, bet: bet, bonus: split.bonus}
	}
	quick, can, err := s.quickSplit(ctx, ss.MemberID, br, main, bet)
	if err != nil {
		return reply{}, err
	}
	if can {
		withSplit(quick)
	}
	out, _, err := s.postChain(ctx, reqs, rec)
	if can && errors.Is(err, ledger.ErrInsufficientFunds) {
		plain() // the balances moved since they were read: main alone, then the split read afresh
		out, _, err = s.postChain(ctx, reqs, rec)
	}
	if errors.Is(err, ledger.ErrInsufficientFunds) {
		var sp bonusSplit
		if sp, can, err = s.splitBet(ctx, ss.MemberID, ss.Currency, main, bet); err != nil {
			return reply{}, err
		}
		if can {
			withSplit(sp)
			out, _, err = s.postChain(ctx, reqs, rec)
		} else {
			err = ledger.ErrInsufficientFunds
		}
	}
	if err != nil {
		return s.betRefused(ctx, t, ss, err)
	}
	if active != nil {
		s.bonus.markShort(ss.MemberID, split.bonus > 0)
		if split.bonus > 0 {
			s.bonus.forgetBalance(ss.MemberID)
		}
	}
	s.touch(ctx, req.SessionToken, ss, now)
	return out.out, nil
}

func (s *Service) opWin(ctx context.Context, vendor string, req call) (reply, error) {
	defer s.lockRound(vendor, req.RoundID)()
	hash := requestHash(kindWin, req)
	prior, seen, r, exists, err := s.lookup(ctx, vendor, req.TxID, req.RoundID)
	if err != nil {
		return reply{}, err
	}
	if seen {
		return replay(prior, hash), nil
	}
	amount := *req.Amount
	t := txRow{Vendor: vendor, TxID: req.TxID, Kind: kindWin, MemberID: req.MemberID, RoundID: req.RoundID, Amount: amount, RequestHash: hash}
	// Wins are never refused for an expired session: the round decides.
	switch {
	case !exists:
		// Not stored: the bet may still be on its way (out of order), and
		// the vendor's retry of this win must then succeed.
		return fail(codeUnknownRound, ""), nil
	case r.MemberID != req.MemberID:
		return s.refuse(ctx, t, fail(codeUnknownPlayer, ""))
	case r.GameCode != req.GameCode:
		return s.refuse(ctx, t, fail(codeInvalidRequest, "roundId belongs to another game"))
	case r.Currency != req.Currency:
		return s.refuse(ctx, t, fail(codeCurrencyMismatch, ""))
	case r.Status != StatusOpen:
		return s.refuse(ctx, t, fail(codeRoundClosed, ""))
	}
	main, house, err := s.roundAccounts(ctx, r.MemberID, r.Currency)
	if err != nil {
		return reply{}, err
	}
	t.MemberID = r.MemberID
	rec := &pendingRecord{t: t, round: roundWrite{op: roundWin, id: r.ID, amount: amount, jackpot: req.Jackpot, end: req.EndRound, at: s.clock.Now().UnixMilli()}}
	answerWith := func(bal, postingID int64) error {
		resp := ok(bal, r.Currency)
		resp.TxID = req.TxID
		if postingID > 0 {
			resp.PlatformTxID = strconv.FormatInt(postingID, 10)
		}
		resp.RoundStatus = StatusOpen
		if req.EndRound {
			resp.RoundStatus = StatusCompleted
		}
		rec.t.PostingID = postingID
		return s.answer(rec, resp)
	}
	var p *pendingRecord
	if amount > 0 {
		meta := map[string]string{"vendor": vendor, "round": req.RoundID, "game": req.GameCode, "tx": req.TxID, "req": hash}
		if req.Jackpot {
			meta["jackpot"] = "true"
		}
		stake, err := s.store.stake(ctx, vendor, req.RoundID)
		if err != nil {
			return reply{}, err
		}
		lines, err := s.creditLines(ctx, stake, r.MemberID, r.Currency, main, house, amount)
		if err != nil {
			return reply{}, err
		}
		if lines == nil { // all of it was the forfeited bonus's: nothing to pay
			bal, err := s.balance(ctx, r.MemberID, r.Currency)
			if err != nil {
				return reply{}, err
			}
			if err := answerWith(bal, 0); err != nil {
				return reply{}, err
			}
			p, err := s.wait(rec)
			if err != nil {
				return reply{}, err
			}
			return p.out, nil
		}
		br, err := s.bonusBefore(ctx, r.MemberID, r.Currency, 0)
		bonusAcct, bonusBal := br.acct, br.bal
		if err != nil {
			return reply{}, err
		}
		rec.fill = func(ps []ledger.Posting) error { return answerWith(playable(ps, main, bonusAcct, bonusBal), ps[0].ID) }
		p, _, err = s.post(ctx, ledger.PostingRequest{
			Key:      ledgerKey(vendor, req.TxID),
			Kind:     ledger.KindWin,
			Lines:    lines,
			Metadata: meta,
		}, rec)
		if errors.Is(err, ledger.ErrIdempotencyMismatch) {
			return fail(codeDuplicateTxMismatch, ""), nil
		}
		if err != nil {
			return reply{}, err
		}
	} else {
		bal, err := s.balance(ctx, r.MemberID, r.Currency)
		if err != nil {
			return reply{}, err
		}
		if err := answerWith(bal, 0); err != nil {
			return reply{}, err
		}
		if p, err = s.wait(rec); err != nil {
			return reply{}, err
		}
	}
	return p.out, nil
}

func (s *Service) opRollback(ctx context.Context, vendor string, req call) (reply, error) {
	defer s.lockRound(vendor, req.RoundID)()
	hash := requestHash(kindRollback, req)
	prior, seen, r, roundExists, err := s.lookup(ctx, vendor, req.TxID, req.RoundID)
	if err != nil {
		return reply{}, err
	}
	if seen {
		return replay(prior, hash), nil
	}
	member := req.MemberID
	t := txRow{Vendor: vendor, TxID: req.TxID, Kind: kindRollback, MemberID: member, RoundID: req.RoundID, RequestHash: hash}
	if req.RefTxID == req.TxID {
		return fail(codeInvalidRequest, "refTxId"), nil
	}
	// The balance answered: in the round's currency, else the session's.
	currency := ""
	if ss, found, err := s.liveSession(ctx, vendor, req.SessionToken, false); err != nil {
		return reply{}, err
	} else if found && ss.MemberID == member {
		currency = ss.Currency
	}
	if roundExists {
		if r.MemberID != member {
			return s.refuse(ctx, t, fail(codeUnknownPlayer, ""))
		}
		currency = r.Currency
	}
	currentBalance := func() (reply, error) {
		if currency == "" {
			return reply{Status: "OK", TxID: req.TxID}, nil
		}
		bal, err := s.balance(ctx, member, currency)
		if err != nil {
			return reply{}, err
		}
		resp := ok(bal, currency)
		resp.TxID = req.TxID
		return resp, nil
	}
	bet, betSeen, err := s.store.tx(ctx, s.store.db, vendor, req.RefTxID)
	if err != nil {
		return reply{}, err
	}
	if !betSeen {
		// Unknown bet: nothing moves, and the bet is refused if it comes later.
		resp, err := currentBalance()
		if err != nil {
			return reply{}, err
		}
		return s.record(ctx, t, resp, roundWrite{}, func(q *db.Tx) error {
			_, err := s.store.insertTx(ctx, q, txRow{Vendor: vendor, TxID: req.RefTxID, Kind: kindBet, MemberID: member, RoundID: req.RoundID,
				RequestHash: "", Status: txRolledBack, HTTPStatus: statusOf(codeBetRolledBack), Response: "{}", CreatedAt: s.clock.Now().UnixMilli()})
			return err
		})
	}
	switch {
	case bet.Kind != kindBet && bet.Kind != kindBetWin:
		return s.refuse(ctx, t, fail(codeInvalidRequest, "refTxId is not a bet"))
	case bet.RoundID != req.RoundID:
		return s.refuse(ctx, t, fail(codeInvalidRequest, "refTxId belongs to another round"))
	case bet.Status != txOK || bet.RolledBack:
		// A refused bet moved nothing; a rolled back one moved back already.
		resp, err := currentBalance()
		if err != nil {
			return reply{}, err
		}
		return s.record(ctx, t, resp, roundWrite{}, nil)
	case bet.MemberID != member:
		return s.refuse(ctx, t, fail(codeUnknownPlayer, ""))
	case bet.Kind == kindBetWin && roundExists:
		return s.rollbackBetWin(ctx, vendor, req, t, bet, r)
	case !roundExists:
		return reply{}, fmt.Errorf("seamless: bet %s/%s without its round", vendor, req.RefTxID)
	case r.Wins > 0:
		return s.refuse(ctx, t, fail(codeRollbackAfterWin, ""))
	case r.Status != StatusOpen:
		return s.refuse(ctx, t, fail(codeRoundClosed, ""))
	}
	main, house, err := s.roundAccounts(ctx, member, r.Currency)
	if err != nil {
		return reply{}, err
	}
	// One refund per bet whatever the rollback's own id: the key is the bet's.
	t.Amount = bet.Amount
	// fn runs in the posting's batch, which no one caller's end may fail.
	at, bctx := s.clock.Now().UnixMilli(), context.WithoutCancel(ctx)
	rec := &pendingRecord{t: t, fn: func(q *db.Tx) error {
		if err := s.store.markRolledBack(bctx, q, vendor, req.RefTxID); err != nil {
			return err
		}
		return s.store.refund(bctx, q, r.ID, bet.Amount, at)
	}}
	rec.fill = func(ps []ledger.Posting) error {
		p := ps[0]
		resp := ok(balanceAfter(p, main), r.Currency)
		resp.TxID, resp.PlatformTxID = req.TxID, strconv.FormatInt(p.ID, 10)
		rec.t.PostingID = p.ID
		return s.answer(rec, resp)
	}
	stake, err := s.store.stake(ctx, vendor, req.RoundID)
	if err != nil {
		return reply{}, err
	}
	lines, err := s.creditLines(ctx, stake, member, r.Currency, main, house, bet.Amount)
	if err != nil {
		return reply{}, err
	}
	if lines == nil { // a forfeited bonus's stake: the house keeps it, and the round is refunded
		resp, err := currentBalance()
		if err != nil {
			return reply{}, err
		}
		return s.record(ctx, t, resp, roundWrite{}, rec.fn)
	}
	out, _, err := s.post(ctx, ledger.PostingRequest{
		Key:      ledgerKey(vendor, req.RefTxID) + ":rollback",
		Kind:     ledger.KindRefund,
		Lines:    lines,
		Metadata: map[string]string{"vendor": vendor, "round": req.RoundID, "tx": req.RefTxID},
	}, rec)
	if err != nil {
		return reply{}, err
	}
	return out.out, nil
}

// rollbackBetWin undoes a round played in one call: its bet is refunded
// and its win taken back, as one ledger chain, and the round is CANCELLED.
// When the player's balance no longer holds the win (spent meanwhile), the
// rollback is refused with INSUFFICIENT_FUNDS and the round stands.
func (s *Service) rollbackBetWin(ctx context.Context, vendor string, req call, t txRow, bet txRow, r roundRow) (reply, error) {
	main, house, err := s.roundAccounts(ctx, r.MemberID, r.Currency)
	if err != nil {
		return reply{}, err
	}
	t.Amount = bet.Amount
	at, bctx := s.clock.Now().UnixMilli(), context.WithoutCancel(ctx)
	rec := &pendingRecord{t: t, fn: func(q *db.Tx) error {
		if err := s.store.markRolledBack(bctx, q, vendor, req.RefTxID); err != nil {
			return err
		}
		return s.store.cancelRound(bctx, q, r.ID, at)
	}}
	rec.fill = func(ps []ledger.Posting) error {
		resp := ok(balanceAfter(ps[len(ps)-1], main), r.Currency)
		resp.TxID, resp.PlatformTxID = req.TxID, strconv.FormatInt(ps[0].ID, 10)
		rec.t.PostingID = ps[0].ID
		return s.answer(rec, resp)
	}
	meta := map[string]string{"vendor": vendor, "round": req.RoundID, "tx": req.RefTxID}
	// A round played partly with bonus money is undone along its stake: the
	// bonus part back to the bonus balance while its grant is active.
	stake, err := s.store.stake(ctx, vendor, req.RoundID)
	if err != nil {
		return reply{}, err
	}
	refund, err := s.creditLines(ctx, stake, r.MemberID, r.Currency, main, house, bet.Amount)
	if err != nil {
		return reply{}, err
	}
	takeBack := move(main, house, r.Win, r.Currency)
	for _, l := range refund {
		if l.AccountID != house && l.AccountID != main && r.Win > 0 { // the bonus account: its grant is active
			share := winShare(r.Win, stake.Bet, stake.BonusBet)
			takeBack = []ledger.Line{{AccountID: house, Amount: r.Win, Currency: r.Currency}, {AccountID: l.AccountID, Amount: -share, Currency: r.Currency}}
			if r.Win > share {
				takeBack = append(takeBack, ledger.Line{AccountID: main, Amount: -(r.Win - share), Currency: r.Currency})
			}
		}
	}
	var reqs []ledger.PostingRequest
	if refund != nil {
		reqs = append(reqs, ledger.PostingRequest{
			Key:      ledgerKey(vendor, req.RefTxID) + ":rollback",
			Kind:     ledger.KindRefund,
			Lines:    refund,
			Metadata: meta,
		})
	}
	if r.Win > 0 {
		reqs = append(reqs, ledger.PostingRequest{
			Key:      ledgerKey(vendor, req.RefTxID) + ":win:rollback",
			Kind:     ledger.KindCorrection,
			Lines:    takeBack,
			Metadata: meta,
		})
	}
	if len(reqs) == 0 {
		bal, err := s.balance(ctx, r.MemberID, r.Currency)
		if err != nil {
			return reply{}, err
		}
		resp := ok(bal, r.Currency)
		resp.TxID = req.TxID
		return s.record(ctx, t, resp, roundWrite{}, rec.fn)
	}
	out, _, err := s.postChain(ctx, reqs, rec)
	if err != nil {
		if errors.Is(err, ledger.ErrInsufficientFunds) {
			return s.refuseFunds(ctx, t, r.MemberID, r.Currency, "the round's win is no longer in the balance; the round stands")
		}
		return reply{}, err
	}
	return out.out, nil
}

func (s *Service) opEndRound(ctx context.Context, vendor string, req call) (reply, error) {
	defer s.lockRound(vendor, req.RoundID)()
	r, exists, err := s.store.round(ctx, s.store.db, vendor, req.RoundID)
	if err != nil {
		return reply{}, err
	}
	switch {
	case !exists:
		return fail(codeUnknownRound, ""), nil
	case r.MemberID != req.MemberID:
		return fail(codeUnknownPlayer, ""), nil
	case r.GameCode != req.GameCode:
		return fail(codeInvalidRequest, "roundId belongs to another game"), nil
	}
	if r.Status == StatusOpen {
		ended, closed, err := s.store.endRound(ctx, r.ID, s.clock.Now().UnixMilli(), 0)
		if err != nil {
			return reply{}, err
		}
		if !closed { // ended meanwhile by another instance's sweeper
			ended, err = s.store.roundByID(ctx, r.ID)
			if err != nil {
				return reply{}, err
			}
		}
		r = ended
	}
	bal, err := s.balance(ctx, r.MemberID, r.Currency)
	if err != nil {
		return reply{}, err
	}
	resp := ok(bal, r.Currency)
	resp.RoundStatus = r.Status
	return resp, nil
}

// move is a posting's lines: amount from one account to another.
func move(from, to, amount int64, currency string) []ledger.Line {
	return []ledger.Line{{AccountID: from, Amount: -amount, Currency: currency}, {AccountID: to, Amount: amount, Currency: currency}}
}

// ledgerKey is the idempotency key of a callback's posting.
func ledgerKey(vendor, txID string) string { return "seamless:" + vendor + ":" + txID }

func balanceAfter(p ledger.Posting, account int64) int64 {
	for i, l := range p.Lines {
		if l.AccountID == account && i < len(p.BalancesAfter) {
			return p.BalancesAfter[i]
		}
	}
	return 0
}
