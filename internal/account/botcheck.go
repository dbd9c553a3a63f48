package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// The bot check is a self-hosted proof of work in the ALTCHA format
// (docs/accounts.md, "Bot check"): the server hands out a signed challenge,
// the browser searches the number n in [0, maxnumber] with
// SHA-256(salt + n) == challenge, and sends the solution back base64-encoded
// in the request's "botcheck" field. Issuing stores nothing; the HMAC
// signature proves the challenge is ours and the salt carries its expiry.
// A solution is single use (account_botcheck_spent).

// BotChallenge is the value of GET /wps/botcheck/challenge (ALTCHA's challenge).
type BotChallenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int64  `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// BotSolution is what the client sends back, as base64 of this JSON (ALTCHA's payload).
type BotSolution struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    int64  `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
	Took      int64  `json:"took,omitempty"`
}

const (
	botAlgorithm   = "SHA-256"
	botSecretName  = "botcheck_hmac"
	maxBotcheckLen = 1024
)

// botKey loads the HMAC key shared by every instance on the database,
// creating it on first use.
type botKey struct {
	store *Store
	mu    sync.Mutex
	key   []byte
}

func (k *botKey) get(ctx context.Context, now time.Time) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.key != nil {
		return k.key, nil
	}
	var b [32]byte
	_, _ = rand.Read(b[:])
	v, err := k.store.Secret(ctx, botSecretName, hex.EncodeToString(b[:]), now)
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(v)
	if err != nil || len(key) < 16 {
		return nil, apperr.Internal(err, "bot-check key unreadable")
	}
	k.key = key
	return key, nil
}

func botHash(salt string, n int64) string {
	sum := sha256.Sum256([]byte(salt + strconv.FormatInt(n, 10)))
	return hex.EncodeToString(sum[:])
}

func botSign(key []byte, challenge string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(challenge))
	return hex.EncodeToString(m.Sum(nil))
}

// BotChallenge issues a new challenge.
func (s *Service) BotChallenge(ctx context.Context) (BotChallenge, error) {
	key, err := s.botKey.get(ctx, s.clock.Now())
	if err != nil {
		return BotChallenge{}, err
	}
	var b [12]byte
	_, _ = rand.Read(b[:])
	expires := s.clock.Now().Add(s.cfg.BotCheckTTL).Unix()
	salt := hex.EncodeToString(b[:]) + "?expires=" + strconv.FormatInt(expires, 10) + "&"
	n, _ := rand.Int(rand.Reader, big.NewInt(s.cfg.BotCheckMaxNumber+1))
	ch := botHash(salt, n.Int64())
	return BotChallenge{Algorithm: botAlgorithm, Challenge: ch, MaxNumber: s.cfg.BotCheckMaxNumber, Salt: salt,
		Signature: botSign(key, ch)}, nil
}

// checkBot verifies and spends a solution; a no-op when the check is off.
func (s *Service) checkBot(ctx context.Context, payload string) error {
	if !s.cfg.BotCheck {
		return nil
	}
	payload = strings.TrimSpace(payload)
	if payload == "" {
		return apperr.Invalid("auth.botcheck_required")
	}
	invalid := apperr.Invalid("auth.botcheck_invalid")
	if len(payload) > maxBotcheckLen {
		return invalid
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		if raw, err = base64.RawURLEncoding.DecodeString(strings.TrimRight(payload, "=")); err != nil {
			return invalid
		}
	}
	var sol BotSolution
	if err := json.Unmarshal(raw, &sol); err != nil {
		return invalid
	}
	now := s.clock.Now()
	expires, ok := saltExpiry(sol.Salt)
	if sol.Algorithm != botAlgorithm || !ok || !now.Before(expires) || sol.Number < 0 ||
		sol.Number > s.cfg.BotCheckMaxNumber || len(sol.Challenge) != 64 {
		return invalid
	}
	key, err := s.botKey.get(ctx, now)
	if err != nil {
		return err
	}
	if !hmac.Equal([]byte(botSign(key, sol.Challenge)), []byte(strings.ToLower(sol.Signature))) ||
		botHash(sol.Salt, sol.Number) != sol.Challenge {
		return invalid
	}
	fresh, err := s.store.SpendBotChallenge(ctx, sol.Challenge, expires, now)
	if err != nil {
		return err
	}
	if !fresh {
		return invalid
	}
	return nil
}

// saltExpiry reads the "expires" parameter (Unix seconds) of an ALTCHA salt.
func saltExpiry(salt string) (time.Time, bool) {
	i := strings.IndexByte(salt, '?')
	if i < 0 || len(salt) > 200 {
		return time.Time{}, false
	}
	q, err := url.ParseQuery(salt[i+1:])
	if err != nil {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(q.Get("expires"), 10, 64)
	if err != nil || sec <= 0 {
		return time.Time{}, false
	}
	return time.Unix(sec, 0), true
}

// SolveBotChallenge finds the number by brute force, as the browser does
// (tests, benchmarks and scripted clients), and returns the payload.
func SolveBotChallenge(ch BotChallenge) (string, bool) {
	for n := int64(0); n <= ch.MaxNumber; n++ {
		if botHash(ch.Salt, n) == ch.Challenge {
			b, _ := json.Marshal(BotSolution{Algorithm: ch.Algorithm, Challenge: ch.Challenge, Number: n,
				Salt: ch.Salt, Signature: ch.Signature})
			return base64.StdEncoding.EncodeToString(b), true
		}
	}
	return "", false
}
