package main

import (
	"context"
	"fmt"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/inhouse"
	"github.com/palaro/palaro/internal/inhouse/crashgame"
)

// wireCrash serves Crash (/wps/inhouse/crash/*, docs/games/crash-server.md):
// the websocket hub (relayed through Redis when there is one), the bets and
// cash-outs, and the engine loop, which plays only on the instance holding
// the lease. Every bet is an in-house round of the in-house game server, so
// without it (no BGS secret) Crash is off too.
//
// Configuration: PALARO_CRASH_BETTING (betting phase, default 7s),
// PALARO_CRASH_COOLDOWN (crashed round shown before the next, default 3s),
// PALARO_CRASH_SALT (public salt of a new chain, default random, fixed when
// the chain is made), PALARO_CRASH_CHAIN_LENGTH (default 1000000),
// PALARO_CRASH_CLIENT_QUEUE (frames queued per socket, default 64),
// PALARO_CRASH_FRAME_EVERY (shortest time between two frames to the
// sockets, default 25ms), PALARO_CRASH_WRITES_PER_SECOND (socket writes a
// second before the time between frames stretches up to 60 ms, default
// 70000, 0: never).
func (m *Main) wireCrash(ctx context.Context, mux *http.ServeMux, games *inhouse.Service, accounts *account.Service) error {
	if games == nil {
		m.Logger.Warn("crash off: the in-house game server is off")
		return nil
	}
	env := m.Config.Crash
	cfg := crashgame.Config{Betting: env.Betting, Cooldown: env.Cooldown, ChainLength: env.ChainLength, Salt: env.Salt}
	hub := crashgame.NewHub(m.Clock, m.Logger, cfg.History, env.ClientQueue)
	if env.WritesPerSecondSet {
		hub.WritesPerSecond = env.WritesPerSecond
	}
	if env.FrameEvery > 0 {
		hub.FlushEvery = env.FrameEvery
	}
	if m.Redis != nil {
		if err := hub.UseRedis(ctx, m.Redis, crashgame.RedisChannel); err != nil {
			return fmt.Errorf("crash redis: %w", err)
		}
	}
	go hub.Run(ctx)
	svc := crashgame.NewService(crashgame.NewStore(m.DB), crashBank{games}, hub, m.Clock, m.Logger, cfg)
	if err := svc.LoadView(ctx); err != nil {
		return fmt.Errorf("crash state: %w", err)
	}
	crashgame.NewHandler(svc, accounts, crashgame.DefaultWSConfig).Routes(mux)
	go svc.Run(ctx)
	return nil
}

// crashBank is the in-house game server as Crash's Bank: each bet is an
// external in-house round (game "crash") moved through the seamless
// callbacks as vendor BGS.
type crashBank struct{ svc *inhouse.Service }

var _ crashgame.ProofWriter = crashBank{}

func (b crashBank) Open(ctx context.Context, c account.Caller, amount int64, params crashgame.Params, key string) (int64, int64, string, error) {
	p, err := b.svc.OpenExternal(ctx, c, "crash", key, amount, params)
	if err != nil {
		return 0, 0, "", err
	}
	return p.Round.ID, p.Balance, p.Round.Currency, nil
}

func (b crashBank) Settle(ctx context.Context, _, inhouseID, win, multiplier int64, out crashgame.Outcome) (int64, error) {
	p, err := b.svc.SettleExternal(ctx, inhouseID, win, multiplier, out)
	return p.Balance, err
}

func (b crashBank) Cancel(ctx context.Context, memberID int64, key string) error {
	return b.svc.CancelExternalKey(ctx, memberID, key)
}

// Reveal writes a crashed round's proof into a bet paid before the crash
// (crashgame.ProofWriter).
func (b crashBank) Reveal(ctx context.Context, _, inhouseID int64, out crashgame.Outcome) error {
	return b.svc.SetExternalOutcome(ctx, inhouseID, out)
}
