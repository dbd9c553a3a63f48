package sealed

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/httpx"
)

func redisOrSkip(t *testing.T) *redis.Client {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379", DialTimeout: 300 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		rdb.Close()
		t.Skipf("redis at 127.0.0.1:6379 does not answer: %v", err)
	}
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

// Two instances sharing Redis (and the key through the database): a body
// accepted by one is a replay on the other. With Redis unreachable the
// instance still refuses replays it saw itself.
func TestRedisReplayShared(t *testing.T) {
	rdb := redisOrSkip(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "palaro:test:sealed:" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		if keys, _ := rdb.Keys(context.Background(), prefix+"*").Result(); len(keys) > 0 {
			rdb.Del(context.Background(), keys...)
		}
	})
	clk := clock.NewFixed(t0)
	secrets := &memSecrets{}
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { httpx.OK(w, r, nil) })
	instance := func(replay Replay) http.Handler {
		return NewGuard(NewKeyring(secrets, 0, 0), replay, nil, clk, nil).Wrap(ok)
	}
	a, other := instance(NewRedisReplay(rdb, prefix)), instance(NewRedisReplay(rdb, prefix))
	pk, _ := NewKeyring(secrets, 0, 0).PublicKey(context.Background(), clk.Now())
	c, _ := NewClient(pk, clk.Now())
	body, _, _ := c.Seal("POST", "/wps/session/login", []byte(`{}`), clk.Now())
	serve := func(h http.Handler) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, sealedReq("POST", "/wps/session/login", body))
		return rec.Code
	}
	if got := serve(a); got != 200 {
		t.Fatalf("first: %d", got)
	}
	if got := serve(other); got != 400 {
		t.Fatalf("replay on the other instance: %d", got)
	}

	t.Run("RedisDownFallsBackToLocal", func(t *testing.T) {
		down := instance(NewRedisReplay(redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DialTimeout: 50 * time.Millisecond, MaxRetries: -1}), prefix))
		body, _, _ = c.Seal("POST", "/wps/session/login", []byte(`{}`), clk.Now())
		if got := serve(down); got != 200 {
			t.Fatalf("first: %d", got)
		}
		if got := serve(down); got != 400 {
			t.Fatalf("replay: %d", got)
		}
	})
}
