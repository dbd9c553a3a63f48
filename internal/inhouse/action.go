package inhouse

import (
	"context"
	"encoding/json"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/money"
)

// action runs a game action on an existing round (Mines reveal and
// cash-out, the next free spin) once per member and Idempotency-Key: the
// key is claimed first, the answer stored after, and a repeat with the same
// request gets that first answer (waiting a little if it is still running).
// A refused action frees its key.
func (s *Service) action(ctx context.Context, c account.Caller, key, hash string, fn func() (Play, error)) (Play, error) {
	if err := requireReal(c); err != nil {
		return Play{}, err
	}
	if err := money.CheckIdempotencyKey(key); err != nil {
		return Play{}, err
	}
	deadline := time.Now().Add(replayWait)
	for {
		claimed, prev, err := s.store.claimRequest(ctx, c.MemberID, key, hash, s.clock.Now().UnixMilli())
		if err != nil {
			return Play{}, err
		}
		if claimed {
			break
		}
		if prev.Hash != hash {
			return Play{}, apperr.Conflict("inhouse.idempotency_mismatch")
		}
		if prev.Response != "" {
			var p Play
			if err := json.Unmarshal([]byte(prev.Response), &p); err != nil {
				return Play{}, apperr.Internal(err, "stored answer")
			}
			return p, nil
		}
		if time.Now().After(deadline) {
			return Play{}, apperr.Conflict("inhouse.in_progress")
		}
		select {
		case <-ctx.Done():
			return Play{}, apperr.Conflict("inhouse.in_progress")
		case <-time.After(20 * time.Millisecond):
		}
	}
	p, err := fn()
	bg := context.WithoutCancel(ctx)
	if err != nil {
		if derr := s.store.dropRequest(bg, c.MemberID, key); derr != nil {
			s.logger.ErrorContext(ctx, "free idempotency key", "err", derr)
		}
		return Play{}, err
	}
	b, err := json.Marshal(p)
	if err != nil {
		return Play{}, err
	}
	if err := s.store.finishRequest(bg, c.MemberID, key, string(b)); err != nil {
		return Play{}, err
	}
	return p, nil
}
