// Package transfervendor is the demo's sandbox transfer-wallet vendor,
// served by the binary itself under /sandbox/vendor/transfer/{vendor}/ in
// demo mode only. It speaks the protocol of docs/vendor-transfer.md exactly
// as a real vendor would (signed requests and answers, idempotent on txId,
// its own balance table) and can be told to misbehave: lose the answer after
// applying, lose the request before applying, decline, or be unavailable.
package transfervendor

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Prefix is where the sandbox vendors are mounted; a vendor's base URL is
// Prefix + "/" + code.
const Prefix = "/sandbox/vendor/transfer"

// Fault is a way the sandbox vendor misbehaves on one request.
type Fault int

const (
	FaultNone        Fault = iota
	FaultLoseAnswer        // apply, then drop the connection without answering
	FaultLoseRequest       // drop the connection without applying
	FaultDecline           // refuse the transaction (FAILED, code declined)
	FaultUnavailable       // answer 503 without doing anything
)

// Demo triggers by amount (minor units modulo 100, so the cents of a
// 2-decimal currency): x.91 loses the answer, x.92 loses the request,
// x.93 is declined. Documented in docs/vendor-transfer.md.
var amountFaults = map[int64]Fault{91: FaultLoseAnswer, 92: FaultLoseRequest, 93: FaultDecline}

// Server serves the sandbox vendors.
type Server struct {
	store   *Store
	secret  []byte
	clock   clock.Clock
	logger  *slog.Logger
	vendors map[string]bool

	mu     sync.Mutex
	faults []injected
}

type injected struct {
	ops   map[string]bool
	fault Fault
}

// New serves the given vendor codes, verifying and signing with secret.
func New(d *db.DB, secret []byte, vendors []string, clk clock.Clock, logger *slog.Logger) *Server {
	if clk == nil {
		clk = clock.System{}
	}
	if logger == nil {
		logger = slog.Default()
	}
	s := &Server{store: NewStore(d), secret: secret, clock: clk, logger: logger, vendors: map[string]bool{}}
	for _, v := range vendors {
		s.vendors[v] = true
	}
	return s
}

// BaseURL is the base URL of one sandbox vendor at a server origin
// ("http://127.0.0.1:8080").
func BaseURL(origin, vendor string) string { return origin + Prefix + "/" + vendor }

// Routes mounts the vendor API.
func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST "+Prefix+"/{vendor}/{op}", s.serve)
}

// Inject makes the next request for one of ops ("deposit", "withdraw",
// "balance", "status", "rounds"; none means deposit and withdraw) misbehave
// with f.
// Injected faults are used up in order, one per matching request.
func (s *Server) Inject(f Fault, ops ...string) {
	if len(ops) == 0 {
		ops = []string{"deposit", "withdraw"}
	}
	in := injected{ops: map[string]bool{}, fault: f}
	for _, op := range ops {
		in.ops[op] = true
	}
	s.mu.Lock()
	s.faults = append(s.faults, in)
	s.mu.Unlock()
}

// Pending is the number of injected faults not used yet.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.faults)
}

func (s *Server) take(op string) Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, in := range s.faults {
		if in.ops[op] {
			s.faults = append(s.faults[:i], s.faults[i+1:]...)
			return in.fault
		}
	}
	return FaultNone
}

const maxRequestBytes = 16 << 10

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	vendor, op := r.PathValue("vendor"), r.PathValue("op")
	if !s.vendors[vendor] {
		s.fail(w, http.StatusNotFound, "unknown_vendor")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBytes+1))
	if err != nil || len(body) > maxRequestBytes {
		s.fail(w, http.StatusBadRequest, "bad_request")
		return
	}
	if vendorwallet.Verify(s.secret, r.Header.Get(vendorwallet.SignatureHeader), body, s.clock.Now()) != nil {
		s.fail(w, http.StatusUnauthorized, "bad_signature")
		return
	}
	fault := s.take(op)
	if fault == FaultUnavailable {
		s.fail(w, http.StatusServiceUnavailable, "unavailable")
		return
	}
	ctx := r.Context()
	switch op {
	case "deposit", "withdraw":
		var req vendorwallet.TxRequest
		if err := decode(body, &req); err != nil || !vendorwallet.ValidTxID(req.TxID) || !vendorwallet.ValidPlayer(req.Player) ||
			req.Amount <= 0 || req.Currency == "" || len(req.Currency) > 8 {
			s.fail(w, http.StatusBadRequest, "bad_request")
			return
		}
		if fault == FaultNone {
			fault = amountFaults[req.Amount%100]
		}
		if fault == FaultLoseRequest {
			drop(w)
			return
		}
		kind := kindDeposit
		if op == "withdraw" {
			kind = kindWithdraw
		}
		a, err := s.store.apply(ctx, vendor, kind, req, fault == FaultDecline, s.clock.Now())
		if err != nil {
			s.logger.ErrorContext(ctx, "sandbox vendor", "op", op, "err", err)
			s.fail(w, http.StatusInternalServerError, "internal")
			return
		}
		if fault == FaultLoseAnswer {
			drop(w)
			return
		}
		s.answer(w, a)
	case "balance":
		var req vendorwallet.BalanceRequest
		if err := decode(body, &req); err != nil || !vendorwallet.ValidPlayer(req.Player) {
			s.fail(w, http.StatusBadRequest, "bad_request")
			return
		}
		bal, err := s.store.balance(ctx, vendor, req.Player)
		if err != nil {
			s.logger.ErrorContext(ctx, "sandbox vendor", "op", op, "err", err)
			s.fail(w, http.StatusInternalServerError, "internal")
			return
		}
		s.answer(w, vendorwallet.BalanceAnswer{Player: req.Player, Currency: req.Currency, Balance: bal})
	case "status":
		var req vendorwallet.StatusRequest
		if err := decode(body, &req); err != nil || !vendorwallet.ValidTxID(req.TxID) {
			s.fail(w, http.StatusBadRequest, "bad_request")
			return
		}
		a, err := s.store.status(ctx, vendor, req.TxID, s.clock.Now())
		if err != nil {
			s.logger.ErrorContext(ctx, "sandbox vendor", "op", op, "err", err)
			s.fail(w, http.StatusInternalServerError, "internal")
			return
		}
		s.answer(w, a)
	case "rounds":
		var req vendorwallet.RoundsRequest
		if err := decode(body, &req); err != nil || !vendorwallet.ValidCursor(req.Since) || req.Limit < 1 || req.Limit > vendorwallet.MaxRoundsLimit {
			s.fail(w, http.StatusBadRequest, "bad_request")
			return
		}
		if fault == FaultLoseRequest || fault == FaultLoseAnswer { // a read: either way nothing changes
			drop(w)
			return
		}
		a, err := s.store.rounds(ctx, vendor, req.Since, req.Limit)
		if errors.Is(err, errBadCursor) {
			s.fail(w, http.StatusBadRequest, "bad_cursor")
			return
		}
		if err != nil {
			s.logger.ErrorContext(ctx, "sandbox vendor", "op", op, "err", err)
			s.fail(w, http.StatusInternalServerError, "internal")
			return
		}
		s.answer(w, a)
	default:
		s.fail(w, http.StatusNotFound, "unknown_operation")
	}
}

// decode refuses unknown fields and trailing data.
func decode(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return io.ErrUnexpectedEOF
	}
	return nil
}

// answer writes a signed 200 answer.
func (s *Server) answer(w http.ResponseWriter, v any) {
	body, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set(vendorwallet.SignatureHeader, vendorwallet.Sign(s.secret, s.clock.Now(), body))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// fail writes an unsigned error answer (the client treats it as unknown).
func (s *Server) fail(w http.ResponseWriter, status int, code string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(`{"code":"` + code + `"}`))
}

// drop closes the connection without an answer: the caller cannot tell
// whether the request was applied.
func drop(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler) // HTTP/2: abort the stream
	}
	_ = conn.Close()
}
