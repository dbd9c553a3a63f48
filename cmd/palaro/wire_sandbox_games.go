package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/secrets"
	"github.com/palaro/palaro/internal/sandbox/gamevendor"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
)

// sandboxGamesFlushEvery is how often the sandbox game vendor redelivers
// wins and rollbacks whose answers were lost.
const sandboxGamesFlushEvery = 30 * time.Second

// wireSandboxGames mounts, in demo mode only, the sandbox game vendor at
// /sandbox/games/ (docs/sandbox-games.md): the game page every demo vendor
// launches, playing through the seamless callback API at this server's own
// address (selfBaseURL, signed with secrets.VendorSecret) or, for transfer
// vendors, against the sandbox transfer vendor's wallets. Its ticket key is
// generated once and kept in the database (internal/platform/secrets), so every
// instance opens every other's launch tickets. Outside demo mode it returns
// nil and mounts nothing.
func (m *Main) wireSandboxGames(ctx context.Context, mux *http.ServeMux, games *game.Service, vendorSecrets gamevendor.Secrets) (*gamevendor.Vendor, error) {
	if !m.Config.Demo {
		return nil, nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	key, err := secrets.NewStore(m.DB).Secret(ctx, "sandbox_games_ticket", hex.EncodeToString(b), m.Clock.Now())
	if err != nil {
		return nil, fmt.Errorf("sandbox games ticket key: %w", err)
	}
	v, err := gamevendor.New(gamevendor.Config{
		BaseURL: m.selfBaseURL, Secrets: vendorSecrets, TicketKey: []byte(key), Catalog: games,
		Transfer: transfervendor.NewStore(m.DB), Clock: m.Clock, Logger: m.Logger,
	})
	if err != nil {
		return nil, err
	}
	v.Routes(mux)
	go v.Run(ctx, sandboxGamesFlushEvery)
	m.Logger.Info("demo: sandbox game vendor mounted", "path", gamevendor.Prefix+"/")
	return v, nil
}
