package sealed

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Secrets stores named secrets shared by every instance on the database:
// Secret returns the stored value, storing candidate first when there is
// none (the first instance to ask wins). account.Store implements it.
type Secrets interface {
	Secret(ctx context.Context, name, candidate string, now time.Time) (string, error)
}

// Rotation defaults: a new key pair every 30 days; the previous one is still
// accepted for an hour after the switch (clients cache the public key for
// five minutes and a request may be five minutes old).
const (
	DefaultPeriod = 30 * 24 * time.Hour
	DefaultGrace  = time.Hour
)

const secretPrefix = "sealed_p256_"

// serverKey is one key pair of the ring.
type serverKey struct {
	epoch int64
	kid   string
	priv  *ecdh.PrivateKey
	pub   []byte
}

// Keyring holds the server's key pairs. Time is cut into periods; period n
// uses the secret "sealed_p256_<n>", created by whichever instance needs it
// first, so every instance on one database agrees without coordination and
// rotation needs no job: at a period boundary the next key simply appears.
type Keyring struct {
	secrets Secrets
	period  time.Duration
	grace   time.Duration

	mu   sync.Mutex
	keys map[int64]*serverKey
}

// NewKeyring uses DefaultPeriod and DefaultGrace when given zero.
func NewKeyring(secrets Secrets, period, grace time.Duration) *Keyring {
	if period <= 0 {
		period = DefaultPeriod
	}
	if grace <= 0 {
		grace = DefaultGrace
	}
	return &Keyring{secrets: secrets, period: period, grace: grace, keys: map[int64]*serverKey{}}
}

func (k *Keyring) epoch(now time.Time) int64 {
	return now.UnixNano() / int64(k.period)
}

func (k *Keyring) start(epoch int64) time.Time { return time.Unix(0, epoch*int64(k.period)) }

// Current is the key handed out now.
func (k *Keyring) Current(ctx context.Context, now time.Time) (*serverKey, error) {
	return k.load(ctx, k.epoch(now), now)
}

// Lookup finds the key a client used: the current one, the previous one
// within the grace period after the switch, or the next one shortly before
// it (another instance's clock may already be past the boundary).
func (k *Keyring) Lookup(ctx context.Context, kid string, now time.Time) (*serverKey, error) {
	e := k.epoch(now)
	cur, err := k.load(ctx, e, now)
	if err != nil {
		return nil, err
	}
	if cur.kid == kid {
		return cur, nil
	}
	if now.Before(k.start(e).Add(k.grace)) {
		prev, err := k.load(ctx, e-1, now)
		if err != nil {
			return nil, err
		}
		if prev.kid == kid {
			return prev, nil
		}
	}
	if !now.Before(k.start(e + 1).Add(-Window)) {
		next, err := k.load(ctx, e+1, now)
		if err != nil {
			return nil, err
		}
		if next.kid == kid {
			return next, nil
		}
	}
	return nil, ErrInvalid
}

func (k *Keyring) load(ctx context.Context, epoch int64, now time.Time) (*serverKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if key := k.keys[epoch]; key != nil {
		return key, nil
	}
	cand, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, apperr.Internal(err, "generate sealing key")
	}
	v, err := k.secrets.Secret(ctx, secretPrefix+strconv.FormatInt(epoch, 10), hex.EncodeToString(cand.Bytes()), now)
	if err != nil {
		return nil, err
	}
	raw, err := hex.DecodeString(v)
	if err != nil {
		return nil, apperr.Internal(err, "sealing key unreadable")
	}
	priv, err := ecdh.P256().NewPrivateKey(raw)
	if err != nil {
		return nil, apperr.Internal(err, "sealing key unreadable")
	}
	pub := priv.PublicKey().Bytes()
	sum := sha256.Sum256(pub)
	key := &serverKey{epoch: epoch, kid: b64.EncodeToString(sum[:9]), priv: priv, pub: pub}
	for e := range k.keys { // keep at most the neighbours of the newest period
		if e < epoch-1 {
			delete(k.keys, e)
		}
	}
	k.keys[epoch] = key
	return key, nil
}

// PublicKey is what GET /wps/system/sealkey shows for the current key.
func (k *Keyring) PublicKey(ctx context.Context, now time.Time) (PublicKey, error) {
	key, err := k.Current(ctx, now)
	if err != nil {
		return PublicKey{}, err
	}
	return PublicKey{Kid: key.kid, Alg: Alg, PublicKey: b64.EncodeToString(key.pub), Now: now.Unix()}, nil
}

// open checks and decrypts a sealed body for method and path.
func (k *Keyring) open(ctx context.Context, body []byte, method, path string, now time.Time) (*session, []byte, []byte, error) {
	env, epk, iv, ct, err := parseEnvelope(body)
	if err != nil {
		return nil, nil, nil, err
	}
	if d := now.Sub(time.Unix(env.TS, 0)); d > Window || d < -Window {
		return nil, nil, nil, ErrInvalid
	}
	key, err := k.Lookup(ctx, env.Kid, now)
	if err != nil {
		return nil, nil, nil, err
	}
	peer, err := ecdh.P256().NewPublicKey(epk)
	if err != nil {
		return nil, nil, nil, ErrInvalid
	}
	shared, err := key.priv.ECDH(peer)
	if err != nil {
		return nil, nil, nil, ErrInvalid
	}
	aead, err := deriveAEAD(shared, epk, key.pub, method, path)
	if err != nil {
		return nil, nil, nil, apperr.Internal(err, "derive sealing key")
	}
	s := &session{aead: aead, kid: env.Kid, method: method, path: path, ts: env.TS}
	pt, err := aead.Open(nil, iv, ct, aad("req", env.Kid, method, path, env.TS))
	if err != nil {
		return nil, nil, nil, ErrInvalid
	}
	// The replay id: the ephemeral key and IV (a client never reuses either).
	id := sha256.Sum256(append(append(make([]byte, 0, pointLen+ivLen), epk...), iv...))
	return s, pt, id[:16], nil
}
