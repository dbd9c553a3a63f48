package account

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestMemoryLimiter(t *testing.T) {
	ctx := context.Background()
	clk := clock.NewFixed(t0)
	l := NewMemoryLimiter(clk)
	for i := int64(1); i <= 3; i++ {
		if n, _ := l.Hit(ctx, "k", time.Minute); n != i {
			t.Fatalf("hit %d: %d", i, n)
		}
	}
	if n, _ := l.Count(ctx, "k"); n != 3 {
		t.Fatalf("count %d", n)
	}
	_ = l.Undo(ctx, "k")
	if n, _ := l.Count(ctx, "k"); n != 2 {
		t.Fatalf("count after undo %d", n)
	}
	clk.Advance(time.Minute)
	if n, _ := l.Count(ctx, "k"); n != 0 {
		t.Fatalf("window over, count %d", n)
	}
	t.Run("Sweep", func(t *testing.T) {
		for i := 0; i < 100; i++ {
			_, _ = l.Hit(ctx, "sweep"+itoa(int64(i)), time.Second)
		}
		clk.Advance(2 * sweepEvery)
		_, _ = l.Hit(ctx, "fresh", time.Minute)
		if l.Len() != 1 {
			t.Fatalf("%d keys kept after sweep", l.Len())
		}
	})
	t.Run("Concurrent", func(t *testing.T) {
		var wg sync.WaitGroup
		seen := make([]bool, 201)
		var mu sync.Mutex
		for i := 0; i < 200; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, _ := l.Hit(ctx, "par", time.Minute)
				mu.Lock()
				seen[n] = true
				mu.Unlock()
			}()
		}
		wg.Wait()
		for i := 1; i <= 200; i++ {
			if !seen[i] {
				t.Fatalf("count %d never returned", i)
			}
		}
	})
}

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

// Two limiter instances (two servers) sharing Redis share one budget.
func TestRedisLimiterShared(t *testing.T) {
	rdb := redisOrSkip(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "palaro:test:" + hex.EncodeToString(b[:]) + ":"
	t.Cleanup(func() {
		keys, _ := rdb.Keys(context.Background(), prefix+"*").Result()
		if len(keys) > 0 {
			rdb.Del(context.Background(), keys...)
		}
	})
	ctx := context.Background()
	a, c := NewRedisLimiter(rdb, prefix), NewRedisLimiter(redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379"}), prefix)
	for i := 0; i < 3; i++ {
		_, _ = a.Hit(ctx, "acct", time.Minute)
		_, _ = c.Hit(ctx, "acct", time.Minute)
	}
	if n, err := a.Count(ctx, "acct"); err != nil || n != 6 {
		t.Fatalf("shared count %d %v", n, err)
	}
	if ttl := rdb.PTTL(ctx, prefix+"acct").Val(); ttl <= 0 || ttl > time.Minute {
		t.Fatalf("ttl %v", ttl)
	}
	_ = c.Undo(ctx, "acct")
	if n, _ := a.Count(ctx, "acct"); n != 5 {
		t.Fatalf("after undo %d", n)
	}
	_ = c.Undo(ctx, "never")
	if n, _ := a.Count(ctx, "never"); n != 0 {
		t.Fatalf("undo of a missing key %d", n)
	}
	_ = c.Reset(ctx, "acct")
	if n, _ := a.Count(ctx, "acct"); n != 0 {
		t.Fatalf("after reset %d", n)
	}
	if n, _ := a.Count(ctx, "never"); n != 0 {
		t.Fatalf("missing key %d", n)
	}

	t.Run("LockoutAcrossInstances", func(t *testing.T) {
		e := newEnv(t, dbtest.Open(t, db.SQLite))
		cfg := testConfig
		cfg.CaptchaAfter, cfg.CaptchaAfterIP, cfg.LockoutAfterIP = 1000, 1000, 1000
		one := NewService(e.store, e.brand, a, e.clock, cfg)
		two := NewService(e.store, e.brand, c, e.clock, cfg)
		var wg sync.WaitGroup
		var mu sync.Mutex
		locked := 0
		for i := 0; i < 30; i++ {
			wg.Add(1)
			svc := one
			if i%2 == 1 {
				svc = two
			}
			go func() {
				defer wg.Done()
				_, err := svc.Login(ctx, botLogin(t, svc, LoginRequest{Username: "demo01", Password: "wrong123"}), cl)
				if codeOf(err) == "auth.locked" {
					mu.Lock()
					locked++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		// Budget 10 across both instances: attempts 10..30 answer locked.
		if locked != 30-int(cfg.LockoutAfter)+1 {
			t.Fatalf("locked %d of 30", locked)
		}
	})
}
