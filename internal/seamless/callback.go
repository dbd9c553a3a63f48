package seamless

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/charset"
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

// Round statuses, as answers' roundStatus gives them.
const (
	StatusOpen      = gamewallet.StatusOpen
	StatusCompleted = gamewallet.StatusCompleted
	StatusCancelled = gamewallet.StatusCancelled
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
	CodeLimitReached        = "PLAYER_LIMIT_REACHED"
	CodePlayerBlocked       = "PLAYER_BLOCKED"
	CodeInternal            = "INTERNAL_ERROR"
)

// codeStatus maps each code to its HTTP status, with the message sent for
// the refusals the adapter makes itself.
var codeStatus = map[string]struct {
	status  int
	message string
}{
	CodeInvalidSignature:    {http.StatusUnauthorized, "missing, malformed, wrong or stale signature"},
	CodeInvalidRequest:      {http.StatusBadRequest, "the request is not valid"},
	CodeUnknownVendor:       {http.StatusNotFound, "unknown vendor"},
	CodeUnknownPlayer:       {http.StatusNotFound, "unknown player"},
	CodeSessionExpired:      {http.StatusUnauthorized, ""},
	CodeInsufficientFunds:   {http.StatusConflict, ""},
	CodeUnknownGame:         {http.StatusNotFound, ""},
	CodeGameDisabled:        {http.StatusForbidden, ""},
	CodeUnknownRound:        {http.StatusNotFound, ""},
	CodeRoundClosed:         {http.StatusConflict, ""},
	CodeRollbackAfterWin:    {http.StatusConflict, ""},
	CodeBetRolledBack:       {http.StatusConflict, ""},
	CodeDuplicateTxMismatch: {http.StatusConflict, ""},
	CodeCurrencyMismatch:    {http.StatusBadRequest, ""},
	CodeLimitReached:        {http.StatusConflict, ""},
	CodePlayerBlocked:       {http.StatusForbidden, ""},
	CodeInternal:            {http.StatusInternalServerError, "internal error; retry with the same txId"},
}

// refusals maps the game wallet's refusals to the protocol's codes.
var refusals = []struct {
	err  error
	code string
}{
	{gamewallet.ErrInvalidRequest, CodeInvalidRequest},
	{gamewallet.ErrUnknownPlayer, CodeUnknownPlayer},
	{gamewallet.ErrSessionExpired, CodeSessionExpired},
	{gamewallet.ErrInsufficientFunds, CodeInsufficientFunds},
	{gamewallet.ErrUnknownGame, CodeUnknownGame},
	{gamewallet.ErrGameDisabled, CodeGameDisabled},
	{gamewallet.ErrUnknownRound, CodeUnknownRound},
	{gamewallet.ErrRoundClosed, CodeRoundClosed},
	{gamewallet.ErrRollbackAfterWin, CodeRollbackAfterWin},
	{gamewallet.ErrBetRolledBack, CodeBetRolledBack},
	{gamewallet.ErrDuplicateMismatch, CodeDuplicateTxMismatch},
	{gamewallet.ErrCurrencyMismatch, CodeCurrencyMismatch},
	{gamewallet.ErrLimitReached, CodeLimitReached},
	{gamewallet.ErrPlayerBlocked, CodePlayerBlocked},
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
const MaxAmount = gamewallet.MaxAmount

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

// Serve answers one signed callback: it checks the vendor and the
// signature, decodes the body and calls the game wallet. It returns the
// HTTP status and the answer.
func (s *Service) Serve(ctx context.Context, vendor, op, signature string, body []byte) (int, Response) {
	if !idRe.MatchString(vendor) {
		return answer(fail(CodeUnknownVendor, ""))
	}
	isSeamless, err := s.vendors.SeamlessVendor(ctx, vendor)
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
	member := memberOf(req.PlayerID)
	if member <= 0 { // a player id beyond int64: no member of ours
		return answer(fail(CodeUnknownPlayer, ""))
	}
	var a gamewallet.Answer
	w := s.wallet
	switch op {
	case OpBalance:
		a, err = w.Balance(ctx, gamewallet.BalanceRequest{Vendor: vendor, SessionToken: req.SessionToken, MemberID: member, Currency: req.Currency})
	case OpBet:
		a, err = w.Bet(ctx, gamewallet.BetRequest{Vendor: vendor, SessionToken: req.SessionToken, MemberID: member, Currency: req.Currency,
			TxID: req.TxID, RoundID: req.RoundID, GameCode: req.GameCode, Amount: *req.Amount})
	case OpBetWin:
		a, err = w.BetWin(ctx, gamewallet.BetWinRequest{Vendor: vendor, SessionToken: req.SessionToken, MemberID: member, Currency: req.Currency,
			TxID: req.TxID, RoundID: req.RoundID, GameCode: req.GameCode, Amount: *req.Amount, Win: *req.WinAmount})
	case OpWin:
		a, err = w.Win(ctx, gamewallet.WinRequest{Vendor: vendor, SessionToken: req.SessionToken, MemberID: member, Currency: req.Currency,
			TxID: req.TxID, RoundID: req.RoundID, GameCode: req.GameCode, Amount: *req.Amount, Jackpot: req.Jackpot, EndRound: req.EndRound})
	case OpRollback:
		a, err = w.Rollback(ctx, gamewallet.RollbackRequest{Vendor: vendor, SessionToken: req.SessionToken, MemberID: member, Currency: req.Currency,
			TxID: req.TxID, RefTxID: req.RefTxID, RoundID: req.RoundID, GameCode: req.GameCode})
	case OpEndRound:
		a, err = w.EndRound(ctx, gamewallet.EndRoundRequest{Vendor: vendor, MemberID: member, RoundID: req.RoundID, GameCode: req.GameCode})
	}
	if err != nil {
		return s.refused(ctx, err)
	}
	resp := Response{Status: "OK", Currency: a.Currency, TxID: a.TxID, PlatformTxID: a.PlatformTxID, RoundStatus: a.RoundStatus}
	if a.HasBalance {
		resp.Balance = &a.Balance
	}
	return answer(resp)
}

// refused encodes a game wallet error: a refusal in its code, with the
// message (and balance) stored for the transaction id; anything else is
// INTERNAL_ERROR (the outcome is unknown: the vendor retries).
func (s *Service) refused(ctx context.Context, err error) (int, Response) {
	var ref *gamewallet.Refusal
	if !errors.As(err, &ref) {
		return s.internal(ctx, err)
	}
	for _, r := range refusals {
		if errors.Is(ref.Err, r.err) {
			resp := Response{Status: "ERROR", Code: r.code, Message: ref.Message, Currency: ref.Currency}
			if ref.HasBalance {
				resp.Balance = &ref.Balance
			}
			return answer(resp)
		}
	}
	return s.internal(ctx, err)
}

func answer(r Response) (int, Response) { return StatusOf(r.Code), r }

func (s *Service) internal(ctx context.Context, err error) (int, Response) {
	s.logger.ErrorContext(ctx, "seamless callback", "err", err)
	return answer(fail(CodeInternal, ""))
}

// memberOf parses a player id (0 when it does not fit).
func memberOf(playerID string) int64 {
	n, err := strconv.ParseInt(playerID[1:], 10, 64)
	if err != nil {
		return 0
	}
	return n
}
