package seamless

import (
	"bytes"
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
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/charset"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Callback operations.
const (
	OpBalance  = "balance"
	OpBet      = "bet"
	OpWin      = "win"
	OpRollback = "rollback"
	OpEndRound = "endround"
	// OpBetWin plays a whole round in one call: its bet and its win (0 for
	// a loss), the round closed at once (docs/vendor-api.md).
	OpBetWin = "betwin"
)

// Request is the body of every callback; each op reads its fields.
type Request struct {
	SessionToken string `json:"sessionToken"`
	PlayerID     string `json:"playerId"`
	Currency     string `json:"currency,omitempty"`
	TxID         string `json:"txId,omitempty"`
	RefTxID      string `json:"refTxId,omitempty"`
	RoundID      string `json:"roundId,omitempty"`
	GameCode     string `json:"gameCode,omitempty"`
	Amount       *int64 `json:"amount,omitempty"`
	WinAmount    *int64 `json:"winAmount,omitempty"` // betwin: the round's win
	Jackpot      bool   `json:"jackpot,omitempty"`
	EndRound     bool   `json:"endRound,omitempty"`
}

// Response is every answer: Status "OK", or "ERROR" with a Code.
type Response struct {
	Status       string `json:"status"`
	Code         string `json:"code,omitempty"`
	Message      string `json:"message,omitempty"`
	Balance      *int64 `json:"balance,omitempty"`
	Currency     string `json:"currency,omitempty"`
	TxID         string `json:"txId,omitempty"`
	PlatformTxID string `json:"platformTxId,omitempty"`
	RoundStatus  string `json:"roundStatus,omitempty"`
}

// Error codes of the callback API (docs/vendor-api.md).
const (
	CodeInvalidSignature    = "INVALID_SIGNATURE"
	CodeInvalidRequest      = "INVALID_REQUEST"
	CodeUnknownVendor       = "UNKNOWN_VENDOR"
	CodeUnknownPlayer       = "UNKNOWN_PLAYER"
	CodeSessionExpired      = "SESSION_EXPIRED"
	CodeInsufficientFunds   = "INSUFFICIENT_FUNDS"
	CodeUnknownGame         = "UNKNOWN_GAME"
	CodeGameDisabled        = "GAME_DISABLED"
	CodeUnknownRound        = "UNKNOWN_ROUND"
	CodeRoundClosed         = "ROUND_CLOSED"
	CodeRollbackAfterWin    = "ROLLBACK_AFTER_WIN"
	CodeBetRolledBack       = "BET_ROLLED_BACK"
	CodeDuplicateTxMismatch = "DUPLICATE_TX_MISMATCH"
	CodeCurrencyMismatch    = "CURRENCY_MISMATCH"
	CodeInternal            = "INTERNAL_ERROR"
)

// codeStatus maps each code to its HTTP status, with the message sent.
var codeStatus = map[string]struct {
	status  int
	message string
}{
	CodeInvalidSignature:    {http.StatusUnauthorized, "missing, malformed, wrong or stale signature"},
	CodeInvalidRequest:      {http.StatusBadRequest, "the request is not valid"},
	CodeUnknownVendor:       {http.StatusNotFound, "unknown vendor"},
	CodeUnknownPlayer:       {http.StatusNotFound, "unknown player"},
	CodeSessionExpired:      {http.StatusUnauthorized, "the game session is unknown or has expired"},
	CodeInsufficientFunds:   {http.StatusConflict, "insufficient funds"},
	CodeUnknownGame:         {http.StatusNotFound, "unknown game"},
	CodeGameDisabled:        {http.StatusForbidden, "the game is disabled or under maintenance"},
	CodeUnknownRound:        {http.StatusNotFound, "unknown round"},
	CodeRoundClosed:         {http.StatusConflict, "the round is closed"},
	CodeRollbackAfterWin:    {http.StatusConflict, "the bet's round has a win: it can no longer be rolled back"},
	CodeBetRolledBack:       {http.StatusConflict, "this bet was rolled back before it arrived"},
	CodeDuplicateTxMismatch: {http.StatusConflict, "this txId was used before with another request"},
	CodeCurrencyMismatch:    {http.StatusBadRequest, "the currency is not the player's"},
	CodeInternal:            {http.StatusInternalServerError, "internal error; retry with the same txId"},
}

// StatusOf is the HTTP status of an error code (200 for OK).
func StatusOf(code string) int {
	if code == "" {
		return http.StatusOK
	}
	if c, ok := codeStatus[code]; ok {
		return c.status
	}
	return http.StatusInternalServerError
}

func fail(code, detail string) Response {
	msg := codeStatus[code].message
	if detail != "" {
		msg += ": " + detail
	}
	return Response{Status: "ERROR", Code: code, Message: msg}
}

func ok(balance int64, currency string) Response {
	return Response{Status: "OK", Balance: &balance, Currency: currency}
}

var (
	// The shapes of a callback's fields (as ^[A-Za-z0-9_.:-]{1,64}$ and so
	// on; charset checks them without the regexp engine).
	idRe       = charset.New(nil, "A-Za-z0-9_.:-", 1, 64)
	codeRe     = charset.New(nil, "A-Za-z0-9_.-", 1, 64)
	currencyRe = charset.New([]string{"A-Z"}, "A-Z0-9", 3, 8)
	playerRe   = charset.New([]string{"m", "1-9"}, "0-9", 2, 20)
	tokenRe    = charset.New(nil, "A-Za-z0-9_-", 1, 128)
)

// MaxAmount bounds one bet or win (minor units).
const MaxAmount = int64(1e15)

// MaxBody bounds a callback body.
const MaxBody = 8 << 10

// DecodeRequest parses and checks the shape of a callback body for op. The
// error is a detail for INVALID_REQUEST.
func DecodeRequest(op string, body []byte) (Request, error) {
	var r Request
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&r); err != nil {
		return r, fmt.Errorf("body: not a JSON object")
	}
	if dec.More() {
		return r, fmt.Errorf("body: trailing data")
	}
	need := func(name, v string, re *charset.Pattern) error {
		if !re.MatchString(v) {
			return fmt.Errorf("%s", name)
		}
		return nil
	}
	if err := need("playerId", r.PlayerID, playerRe); err != nil {
		return r, err
	}
	var checks []error
	switch op {
	case OpBalance:
		checks = append(checks, need("sessionToken", r.SessionToken, tokenRe), need("currency", r.Currency, currencyRe))
	case OpBet, OpWin, OpBetWin:
		checks = append(checks, need("txId", r.TxID, idRe), need("roundId", r.RoundID, idRe), need("gameCode", r.GameCode, codeRe), need("currency", r.Currency, currencyRe))
		if op != OpWin {
			checks = append(checks, need("sessionToken", r.SessionToken, tokenRe))
		}
		min := int64(1)
		if op == OpWin {
			min = 0
		}
		if r.Amount == nil || *r.Amount < min || *r.Amount > MaxAmount {
			checks = append(checks, fmt.Errorf("amount"))
		}
		if op == OpBetWin {
			if r.WinAmount == nil || *r.WinAmount < 0 || *r.WinAmount > MaxAmount {
				checks = append(checks, fmt.Errorf("winAmount"))
			}
			if r.Jackpot || r.EndRound {
				checks = append(checks, fmt.Errorf("betwin ends its round and carries no jackpot flag"))
			}
		} else if r.WinAmount != nil {
			checks = append(checks, fmt.Errorf("winAmount"))
		}
	case OpRollback:
		checks = append(checks, need("txId", r.TxID, idRe), need("refTxId", r.RefTxID, idRe), need("roundId", r.RoundID, idRe), need("gameCode", r.GameCode, codeRe))
	case OpEndRound:
		checks = append(checks, need("roundId", r.RoundID, idRe), need("gameCode", r.GameCode, codeRe))
	default:
		return r, fmt.Errorf("op")
	}
	if r.SessionToken != "" && !tokenRe.MatchString(r.SessionToken) {
		checks = append(checks, fmt.Errorf("sessionToken"))
	}
	for _, err := range checks {
		if err != nil {
			return r, err
		}
	}
	return r, nil
}

// requestHash is what a transaction id stands for: the same id with another
// hash is another request (DUPLICATE_TX_MISMATCH). The session token is left
// out: a retry may carry a refreshed one.
func requestHash(op string, r Request) string {
	var amount int64 = -1
	if r.Amount != nil {
		amount = *r.Amount
	}
	// The text is fixed (stored hashes are compared with it): what
	// fmt.Appendf with "seamless.v1\n%s\n%q\n%q\n%q\n%q\n%q\n%d\n%t\n%t" gave,
	// built with strconv, which fmt's verbs use (TestRequestHashText).
	b := make([]byte, 0, 160)
	b = append(append(b, "seamless.v1\n"...), op...)
	for _, v := range [...]string{r.PlayerID, r.Currency, r.RefTxID, r.RoundID, r.GameCode} {
		b = strconv.AppendQuote(append(b, '\n'), v)
	}
	b = strconv.AppendInt(append(b, '\n'), amount, 10)
	b = strconv.AppendBool(append(b, '\n'), r.Jackpot)
	b = strconv.AppendBool(append(b, '\n'), r.EndRound)
	if r.WinAmount != nil { // betwin only: the other ops keep the hashes stored before it existed
		b = strconv.AppendInt(append(b, "\nwin="...), *r.WinAmount, 10)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// Serve answers one signed callback: it checks the vendor and the
// signature, decodes the body and runs the op. It returns the HTTP status
// and the answer.
func (s *Service) Serve(ctx context.Context, vendor, op, signature string, body []byte) (int, Response) {
	if !idRe.MatchString(vendor) {
		return answer(fail(CodeUnknownVendor, ""))
	}
	isSeamless, err := s.games.SeamlessVendor(ctx, vendor)
	if err != nil {
		return s.internal(ctx, err)
	}
	if !isSeamless {
		return answer(fail(CodeUnknownVendor, ""))
	}
	secret, err := s.VendorSecret(ctx, vendor)
	if err != nil {
		if apperr.As(err).Kind == apperr.KindNotFound {
			return answer(fail(CodeInvalidSignature, "no secret configured for this vendor"))
		}
		return s.internal(ctx, err)
	}
	if err := vendorwallet.Verify(secret, signature, body, s.clock.Now()); err != nil {
		return answer(fail(CodeInvalidSignature, ""))
	}
	req, err := DecodeRequest(op, body)
	if err != nil {
		return answer(fail(CodeInvalidRequest, err.Error()))
	}
	var resp Response
	switch op {
	case OpBalance:
		resp, err = s.opBalance(ctx, vendor, req)
	case OpBet:
		resp, err = s.opBet(ctx, vendor, req)
	case OpBetWin:
		resp, err = s.opBetWin(ctx, vendor, req)
	case OpWin:
		resp, err = s.opWin(ctx, vendor, req)
	case OpRollback:
		resp, err = s.opRollback(ctx, vendor, req)
	case OpEndRound:
		resp, err = s.opEndRound(ctx, vendor, req)
	}
	if err != nil {
		return s.internal(ctx, err)
	}
	return answer(resp)
}

func answer(r Response) (int, Response) { return StatusOf(r.Code), r }

func (s *Service) internal(ctx context.Context, err error) (int, Response) {
	s.logger.ErrorContext(ctx, "seamless callback", "err", err)
	return answer(fail(CodeInternal, ""))
}

// memberOf parses a player id.
func memberOf(playerID string) int64 {
	n, err := strconv.ParseInt(playerID[1:], 10, 64)
	if err != nil {
		return 0
	}
	return n
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

func (s *Service) opBalance(ctx context.Context, vendor string, req Request) (Response, error) {
	ss, found, err := s.liveSession(ctx, vendor, req.SessionToken, false)
	if err != nil {
		return Response{}, err
	}
	if !found {
		return fail(CodeSessionExpired, ""), nil
	}
	if PlayerID(ss.MemberID) != req.PlayerID {
		return fail(CodeUnknownPlayer, ""), nil
	}
	if req.Currency != ss.Currency {
		return fail(CodeCurrencyMismatch, ""), nil
	}
	bal, err := s.balance(ctx, ss.MemberID, ss.Currency)
	if err != nil {
		return Response{}, err
	}
	return ok(bal, ss.Currency), nil
}

// replay answers a transaction id seen before: the stored answer when the
// request is the same, else a mismatch.
func replay(prior txRow, hash string) Response {
	if prior.Status == txRolledBack {
		return fail(CodeBetRolledBack, "")
	}
	if prior.RequestHash != hash {
		return fail(CodeDuplicateTxMismatch, "")
	}
	var r Response
	if err := json.Unmarshal([]byte(prior.Response), &r); err != nil {
		return fail(CodeInternal, "")
	}
	return r
}

// record stores an answer with its round write (and runs fn in the same
// transaction when this call stored it). When a concurrent duplicate stored
// its answer first, that answer is returned instead and nothing else is
// written. Records of concurrent callbacks are committed together
// (recorder.go).
func (s *Service) record(ctx context.Context, t txRow, resp Response, w roundWrite, fn func(q db.Querier) error) (Response, error) {
	p, err := s.commit(ctx, t, resp, w, fn)
	if err != nil {
		return Response{}, err
	}
	return p.out, nil
}

// commit queues the record and waits for its group's commit.
func (s *Service) commit(_ context.Context, t txRow, resp Response, w roundWrite, fn func(q db.Querier) error) (*pendingRecord, error) {
	p := &pendingRecord{t: t, round: w, fn: fn}
	if err := s.answer(p, resp); err != nil {
		return nil, err
	}
	return s.wait(p)
}

// answer sets the answer p stores.
func (s *Service) answer(p *pendingRecord, resp Response) error {
	b, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	p.resp = resp
	p.t.Response, p.t.HTTPStatus, p.t.CreatedAt = string(b), StatusOf(resp.Code), s.clock.Now().UnixMilli()
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
func (s *Service) refuse(ctx context.Context, t txRow, resp Response) (Response, error) {
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
func (s *Service) startBet(ctx context.Context, vendor, op string, req Request, lookup bool) (b betStart, resp Response, done bool, err error) {
	b.hash = requestHash(op, req)
	if lookup {
		prior, seen, r, exists, err := s.lookup(ctx, vendor, req.TxID, req.RoundID)
		if err != nil {
			return b, Response{}, true, err
		}
		if seen {
			return b, replay(prior, b.hash), true, nil
		}
		b.r, b.exists = r, exists
	}
	b.t = txRow{Vendor: vendor, TxID: req.TxID, Kind: op, MemberID: memberOf(req.PlayerID), RoundID: req.RoundID, Amount: *req.Amount, RequestHash: b.hash}
	var refusal string
	if b.ss, b.g, refusal, err = s.betCheck(ctx, vendor, req); err != nil {
		return b, Response{}, true, err
	}
	if refusal != "" {
		resp, err = s.refuse(ctx, b.t, fail(refusal, ""))
		return b, resp, true, err
	}
	return b, Response{}, false, nil
}

func (s *Service) opBet(ctx context.Context, vendor string, req Request) (Response, error) {
	defer s.lockRound(vendor, req.RoundID)()
	b, resp, done, err := s.startBet(ctx, vendor, OpBet, req, true)
	if done {
		return resp, err
	}
	amount, hash, t, ss, g, r := *req.Amount, b.hash, b.t, b.ss, b.g, b.r
	if b.exists {
		switch {
		case r.Status != StatusOpen:
			return s.refuse(ctx, t, fail(CodeRoundClosed, ""))
		case r.MemberID != ss.MemberID:
			return s.refuse(ctx, t, fail(CodeInvalidRequest, "roundId belongs to another player"))
		case r.GameCode != req.GameCode:
			return s.refuse(ctx, t, fail(CodeInvalidRequest, "roundId belongs to another game"))
		}
	}
	main, house, err := s.accountIDs(ctx, ss.MemberID, ss.Currency)
	if err != nil {
		return Response{}, err
	}
	now := s.clock.Now()
	rec := &pendingRecord{t: t, round: roundWrite{op: roundBet, amount: amount, at: now.UnixMilli(),
		round: Round{Vendor: vendor, RoundID: req.RoundID, MemberID: ss.MemberID, NodeID: g.NodeID, GameCode: g.Code, GameType: g.GameType, Currency: ss.Currency}}}
	rec.fill = func(ps []ledger.Posting) error {
		p := ps[0]
		resp := ok(balanceAfter(p, main), ss.Currency)
		resp.TxID, resp.PlatformTxID = req.TxID, strconv.FormatInt(p.ID, 10)
		rec.t.MemberID, rec.t.PostingID = ss.MemberID, p.ID
		return s.answer(rec, resp)
	}
	out, _, err := s.post(ctx, ledger.PostingRequest{
		Key:      ledgerKey(vendor, req.TxID),
		Kind:     ledger.KindBet,
		Lines:    move(main, house, amount, ss.Currency),
		Metadata: map[string]string{"vendor": vendor, "round": req.RoundID, "game": req.GameCode, "tx": req.TxID, "req": hash},
	}, rec)
	if err != nil {
		return s.betRefused(ctx, t, ss, err)
	}
	s.touch(ctx, req.SessionToken, ss, now)
	return out.out, nil
}

// refuseFunds stores and answers INSUFFICIENT_FUNDS for t, with the
// member's balance.
func (s *Service) refuseFunds(ctx context.Context, t txRow, member int64, currency, message string) (Response, error) {
	bal, err := s.balance(ctx, member, currency)
	if err != nil {
		return Response{}, err
	}
	resp := fail(CodeInsufficientFunds, message)
	resp.Balance, resp.Currency = &bal, currency
	return s.refuse(ctx, t, resp)
}

// betRefused answers a bet whose posting failed: a refusal for lack of
// funds (with the balance) is stored for its txId, a key posted before with
// another request is a mismatch, anything else an error.
func (s *Service) betRefused(ctx context.Context, t txRow, ss session, err error) (Response, error) {
	switch apperr.As(err).Code {
	case "ledger.insufficient_funds":
		return s.refuseFunds(ctx, t, ss.MemberID, ss.Currency, "")
	case "ledger.idempotency_mismatch":
		return fail(CodeDuplicateTxMismatch, ""), nil
	}
	return Response{}, err
}

// betCheck is what a bet needs before its money moves: a live session of
// the player in the request's currency, and a game of the vendor's that is
// open. refusal is the error code when one fails.
func (s *Service) betCheck(ctx context.Context, vendor string, req Request) (ss session, g Game, refusal string, err error) {
	ss, live, err := s.liveSession(ctx, vendor, req.SessionToken, true)
	switch {
	case err != nil:
		return ss, g, "", err
	case !live:
		return ss, g, CodeSessionExpired, nil
	case PlayerID(ss.MemberID) != req.PlayerID:
		return ss, g, CodeUnknownPlayer, nil
	case req.Currency != ss.Currency:
		return ss, g, CodeCurrencyMismatch, nil
	}
	g, found, err := s.games.FindGame(ctx, vendor, req.GameCode)
	switch {
	case err != nil:
		return ss, g, "", err
	case !found:
		return ss, g, CodeUnknownGame, nil
	case g.Maintenance:
		return ss, g, CodeGameDisabled, nil
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
func (s *Service) opBetWin(ctx context.Context, vendor string, req Request) (Response, error) {
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
func (s *Service) betWin(ctx context.Context, vendor string, req Request, guarded bool) (Response, error) {
	b, resp, done, err := s.startBet(ctx, vendor, OpBetWin, req, !guarded)
	if done {
		return resp, err
	}
	bet, win, hash, t, ss, g := *req.Amount, *req.WinAmount, b.hash, b.t, b.ss, b.g
	if b.exists {
		if b.r.Status != StatusOpen {
			return s.refuse(ctx, t, fail(CodeRoundClosed, ""))
		}
		return s.refuse(ctx, t, fail(CodeInvalidRequest, "betwin plays a new round; roundId exists"))
	}
	main, house, err := s.accountIDs(ctx, ss.MemberID, ss.Currency)
	if err != nil {
		return Response{}, err
	}
	now := s.clock.Now()
	rec := &pendingRecord{t: t, guard: guarded, round: roundWrite{op: roundBetWin, amount: bet, win: win, at: now.UnixMilli(),
		round: Round{Vendor: vendor, RoundID: req.RoundID, MemberID: ss.MemberID, NodeID: g.NodeID, GameCode: g.Code, GameType: g.GameType, Currency: ss.Currency}}}
	rec.fill = func(ps []ledger.Posting) error {
		resp := ok(balanceAfter(ps[len(ps)-1], main), ss.Currency)
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
	out, _, err := s.postChain(ctx, reqs, rec)
	if err != nil {
		return s.betRefused(ctx, t, ss, err)
	}
	s.touch(ctx, req.SessionToken, ss, now)
	if out.stored {
		round := out.after.Round
		if out.after.ID == 0 { // the round as the call left it, when not read back
			round = rec.round.round
			round.Bet, round.ValidBet, round.Win, round.Status = bet, bet, win, StatusCompleted
			round.StartedAt, round.EndedAt = now, now
		}
		s.runRoundHooks(ctx, round)
	}
	return out.out, nil
}

func (s *Service) opWin(ctx context.Context, vendor string, req Request) (Response, error) {
	defer s.lockRound(vendor, req.RoundID)()
	hash := requestHash(OpWin, req)
	prior, seen, r, exists, err := s.lookup(ctx, vendor, req.TxID, req.RoundID)
	if err != nil {
		return Response{}, err
	}
	if seen {
		return replay(prior, hash), nil
	}
	amount := *req.Amount
	t := txRow{Vendor: vendor, TxID: req.TxID, Kind: OpWin, MemberID: memberOf(req.PlayerID), RoundID: req.RoundID, Amount: amount, RequestHash: hash}
	// Wins are never refused for an expired session: the round decides.
	switch {
	case !exists:
		// Not stored: the bet may still be on its way (out of order), and
		// the vendor's retry of this win must then succeed.
		return fail(CodeUnknownRound, ""), nil
	case PlayerID(r.MemberID) != req.PlayerID:
		return s.refuse(ctx, t, fail(CodeUnknownPlayer, ""))
	case r.GameCode != req.GameCode:
		return s.refuse(ctx, t, fail(CodeInvalidRequest, "roundId belongs to another game"))
	case r.Currency != req.Currency:
		return s.refuse(ctx, t, fail(CodeCurrencyMismatch, ""))
	case r.Status != StatusOpen:
		return s.refuse(ctx, t, fail(CodeRoundClosed, ""))
	}
	main, house, err := s.accountIDs(ctx, r.MemberID, r.Currency)
	if err != nil {
		return Response{}, err
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
		rec.fill = func(ps []ledger.Posting) error { return answerWith(balanceAfter(ps[0], main), ps[0].ID) }
		p, _, err = s.post(ctx, ledger.PostingRequest{
			Key:      ledgerKey(vendor, req.TxID),
			Kind:     ledger.KindWin,
			Lines:    move(house, main, amount, r.Currency),
			Metadata: meta,
		}, rec)
		if apperr.As(err).Code == "ledger.idempotency_mismatch" {
			return fail(CodeDuplicateTxMismatch, ""), nil
		}
		if err != nil {
			return Response{}, err
		}
	} else {
		bal, err := s.balance(ctx, r.MemberID, r.Currency)
		if err != nil {
			return Response{}, err
		}
		if err := answerWith(bal, 0); err != nil {
			return Response{}, err
		}
		if p, err = s.wait(rec); err != nil {
			return Response{}, err
		}
	}
	switch {
	case !p.stored || !req.EndRound:
	case p.after.ID == r.ID: // the round as the win left it (RETURNING)
		s.runRoundHooks(ctx, p.after.Round)
	default:
		s.roundEnded(ctx, r.ID)
	}
	return p.out, nil
}

func (s *Service) opRollback(ctx context.Context, vendor string, req Request) (Response, error) {
	defer s.lockRound(vendor, req.RoundID)()
	hash := requestHash(OpRollback, req)
	prior, seen, r, roundExists, err := s.lookup(ctx, vendor, req.TxID, req.RoundID)
	if err != nil {
		return Response{}, err
	}
	if seen {
		return replay(prior, hash), nil
	}
	member := memberOf(req.PlayerID)
	t := txRow{Vendor: vendor, TxID: req.TxID, Kind: OpRollback, MemberID: member, RoundID: req.RoundID, RequestHash: hash}
	if req.RefTxID == req.TxID {
		return fail(CodeInvalidRequest, "refTxId"), nil
	}
	// The balance answered: in the round's currency, else the session's.
	currency := ""
	if ss, found, err := s.liveSession(ctx, vendor, req.SessionToken, false); err != nil {
		return Response{}, err
	} else if found && ss.MemberID == member {
		currency = ss.Currency
	}
	if roundExists {
		if r.MemberID != member {
			return s.refuse(ctx, t, fail(CodeUnknownPlayer, ""))
		}
		currency = r.Currency
	}
	currentBalance := func() (Response, error) {
		if currency == "" {
			return Response{Status: "OK", TxID: req.TxID}, nil
		}
		bal, err := s.balance(ctx, member, currency)
		if err != nil {
			return Response{}, err
		}
		resp := ok(bal, currency)
		resp.TxID = req.TxID
		return resp, nil
	}
	bet, betSeen, err := s.store.tx(ctx, s.store.db, vendor, req.RefTxID)
	if err != nil {
		return Response{}, err
	}
	if !betSeen {
		// Unknown bet: nothing moves, and the bet is refused if it comes later.
		resp, err := currentBalance()
		if err != nil {
			return Response{}, err
		}
		return s.record(ctx, t, resp, roundWrite{}, func(q db.Querier) error {
			_, err := s.store.insertTx(ctx, q, txRow{Vendor: vendor, TxID: req.RefTxID, Kind: OpBet, MemberID: member, RoundID: req.RoundID,
				RequestHash: "", Status: txRolledBack, HTTPStatus: StatusOf(CodeBetRolledBack), Response: "{}", CreatedAt: s.clock.Now().UnixMilli()})
			return err
		})
	}
	switch {
	case bet.Kind != OpBet && bet.Kind != OpBetWin:
		return s.refuse(ctx, t, fail(CodeInvalidRequest, "refTxId is not a bet"))
	case bet.RoundID != req.RoundID:
		return s.refuse(ctx, t, fail(CodeInvalidRequest, "refTxId belongs to another round"))
	case bet.Status != txOK || bet.RolledBack:
		// A refused bet moved nothing; a rolled back one moved back already.
		resp, err := currentBalance()
		if err != nil {
			return Response{}, err
		}
		return s.record(ctx, t, resp, roundWrite{}, nil)
	case bet.MemberID != member:
		return s.refuse(ctx, t, fail(CodeUnknownPlayer, ""))
	case bet.Kind == OpBetWin && roundExists:
		return s.rollbackBetWin(ctx, vendor, req, t, bet, r)
	case !roundExists:
		return Response{}, fmt.Errorf("seamless: bet %s/%s without its round", vendor, req.RefTxID)
	case r.Wins > 0:
		return s.refuse(ctx, t, fail(CodeRollbackAfterWin, ""))
	case r.Status != StatusOpen:
		return s.refuse(ctx, t, fail(CodeRoundClosed, ""))
	}
	main, house, err := s.accountIDs(ctx, member, r.Currency)
	if err != nil {
		return Response{}, err
	}
	// One refund per bet whatever the rollback's own id: the key is the bet's.
	t.Amount = bet.Amount
	// fn runs in the posting's batch, which no one caller's end may fail.
	at, bctx := s.clock.Now().UnixMilli(), context.WithoutCancel(ctx)
	rec := &pendingRecord{t: t, fn: func(q db.Querier) error {
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
	out, _, err := s.post(ctx, ledger.PostingRequest{
		Key:      ledgerKey(vendor, req.RefTxID) + ":rollback",
		Kind:     ledger.KindRefund,
		Lines:    move(house, main, bet.Amount, r.Currency),
		Metadata: map[string]string{"vendor": vendor, "round": req.RoundID, "tx": req.RefTxID},
	}, rec)
	if err != nil {
		return Response{}, err
	}
	return out.out, nil
}

// rollbackBetWin undoes a round played in one call: its bet is refunded
// and its win taken back, as one ledger chain, and the round is CANCELLED.
// When the player's balance no longer holds the win (spent meanwhile), the
// rollback is refused with INSUFFICIENT_FUNDS and the round stands.
func (s *Service) rollbackBetWin(ctx context.Context, vendor string, req Request, t txRow, bet txRow, r roundRow) (Response, error) {
	main, house, err := s.accountIDs(ctx, r.MemberID, r.Currency)
	if err != nil {
		return Response{}, err
	}
	t.Amount = bet.Amount
	at, bctx := s.clock.Now().UnixMilli(), context.WithoutCancel(ctx)
	rec := &pendingRecord{t: t, fn: func(q db.Querier) error {
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
	reqs := []ledger.PostingRequest{{
		Key:      ledgerKey(vendor, req.RefTxID) + ":rollback",
		Kind:     ledger.KindRefund,
		Lines:    move(house, main, bet.Amount, r.Currency),
		Metadata: meta,
	}}
	if r.Win > 0 {
		reqs = append(reqs, ledger.PostingRequest{
			Key:      ledgerKey(vendor, req.RefTxID) + ":win:rollback",
			Kind:     ledger.KindCorrection,
			Lines:    move(main, house, r.Win, r.Currency),
			Metadata: meta,
		})
	}
	out, _, err := s.postChain(ctx, reqs, rec)
	if err != nil {
		if apperr.As(err).Code == "ledger.insufficient_funds" {
			return s.refuseFunds(ctx, t, r.MemberID, r.Currency, "the round's win is no longer in the balance; the round stands")
		}
		return Response{}, err
	}
	return out.out, nil
}

func (s *Service) opEndRound(ctx context.Context, vendor string, req Request) (Response, error) {
	defer s.lockRound(vendor, req.RoundID)()
	r, exists, err := s.store.round(ctx, s.store.db, vendor, req.RoundID)
	if err != nil {
		return Response{}, err
	}
	switch {
	case !exists:
		return fail(CodeUnknownRound, ""), nil
	case PlayerID(r.MemberID) != req.PlayerID:
		return fail(CodeUnknownPlayer, ""), nil
	case r.GameCode != req.GameCode:
		return fail(CodeInvalidRequest, "roundId belongs to another game"), nil
	}
	closed := false
	if r.Status == StatusOpen {
		if closed, err = s.store.endRound(ctx, s.store.db, r.ID, s.clock.Now().UnixMilli(), 0); err != nil {
			return Response{}, err
		}
		if r, err = s.store.roundByID(ctx, r.ID); err != nil {
			return Response{}, err
		}
	}
	bal, err := s.balance(ctx, r.MemberID, r.Currency)
	if err != nil {
		return Response{}, err
	}
	if closed {
		s.runRoundHooks(ctx, r.Round)
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
