package inhouse

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"strconv"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// newPair makes a seed pair: a fresh server seed and its commitment, the
// client seed given (checked) or a random one.
func newPair(memberID int64, clientSeed string) (seedRow, error) {
	if clientSeed == "" {
		cs, err := fair.NewClientSeed()
		if err != nil {
			return seedRow{}, apperr.Internal(err, "client seed")
		}
		clientSeed = cs
	} else if err := fair.CheckClientSeed(clientSeed); err != nil {
		return seedRow{}, err
	}
	ss, err := fair.NewServerSeed()
	if err != nil {
		return seedRow{}, apperr.Internal(err, "server seed")
	}
	return seedRow{MemberID: memberID, ServerSeed: ss, Hash: fair.Commit(ss), ClientSeed: clientSeed}, nil
}

// Seeds is the member's seed state, creating the pair on first use.
func (s *Service) Seeds(ctx context.Context, c account.Caller) (Seeds, error) {
	if err := requireReal(c); err != nil {
		return Seeds{}, err
	}
	active, err := s.store.activeSeed(ctx, s.store.db, c.MemberID)
	if err == errNoSeed {
		pair, perr := newPair(c.MemberID, "")
		if perr != nil {
			return Seeds{}, perr
		}
		if err = s.store.insertSeed(ctx, s.store.db, pair, s.clock.Now().UnixMilli()); err != nil {
			return Seeds{}, err
		}
		active, err = s.store.activeSeed(ctx, s.store.db, c.MemberID)
	}
	if err != nil {
		return Seeds{}, err
	}
	out := Seeds{ServerSeedHash: active.Hash, ClientSeed: active.ClientSeed, Nonce: active.Nonce}
	prev, ok, err := s.store.lastRevealed(ctx, c.MemberID)
	if err != nil {
		return Seeds{}, err
	}
	if ok {
		out.Previous = &Revealed{ServerSeed: prev.ServerSeed, ServerSeedHash: prev.Hash, ClientSeed: prev.ClientSeed, Nonce: prev.Nonce}
	}
	return out, nil
}

// Rotate reveals the active pair and starts a new one with clientSeed (""
// = random). It is refused while a Mines board or slot free spins are
// unfinished: their outcomes come from the active pair.
func (s *Service) Rotate(ctx context.Context, c account.Caller, clientSeed string) (Seeds, error) {
	if err := requireReal(c); err != nil {
		return Seeds{}, err
	}
	pair, err := newPair(c.MemberID, clientSeed)
	if err != nil {
		return Seeds{}, err
	}
	// A slot spin answered a moment ago is finished: its completion is
	// committed before the count of unfinished rounds (and outside the
	// transaction, which on SQLite holds the write turn it needs).
	if err := s.Settle(ctx); err != nil {
		return Seeds{}, err
	}
	err = s.store.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.clock.Now().UnixMilli()
		if _, err := s.store.revealActive(ctx, tx, c.MemberID, now); err != nil {
			return err
		}
		n, err := s.store.unfinished(ctx, tx, c.MemberID, GameMines, GameSlot)
		if err != nil {
			return err
		}
		if n > 0 {
			return apperr.Conflict("inhouse.round_open")
		}
		return s.store.insertSeed(ctx, tx, pair, now)
	})
	s.pairs.forget(c.MemberID)
	if err != nil {
		return Seeds{}, err
	}
	return s.Seeds(ctx, c)
}

// jackpotHit draws the round's jackpot: u = the first 8 bytes (big-endian)
// of HMAC-SHA256(key = serverSeed, msg = clientSeed + ":" + nonce +
// ":jackpot"); a bet of amount hits when u mod divisor < amount, i.e. with
// probability amount/divisor, whatever the pool holds. The message cannot
// be a game block's ("...:<digits>"), so the draw is independent of the
// game's outcome and verifiable once the seed is revealed.
func jackpotHit(serverSeed, clientSeed string, nonce, amount, divisor int64) bool {
	if amount <= 0 || divisor <= 0 {
		return false
	}
	m := hmac.New(sha256.New, []byte(serverSeed))
	m.Write([]byte(clientSeed + ":" + strconv.FormatInt(nonce, 10) + ":jackpot"))
	u := binary.BigEndian.Uint64(m.Sum(nil)[:8])
	return u%uint64(divisor) < uint64(amount)
}
