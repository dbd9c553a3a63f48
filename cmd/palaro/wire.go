package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/account/feedbackops"
	"github.com/palaro/palaro/internal/brand"
	brandops "github.com/palaro/palaro/internal/brand/ops"
	"github.com/palaro/palaro/internal/content"
	contentops "github.com/palaro/palaro/internal/content/ops"
	"github.com/palaro/palaro/internal/favorite"
	"github.com/palaro/palaro/internal/game"
	gameops "github.com/palaro/palaro/internal/game/ops"
	"github.com/palaro/palaro/internal/launch"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/missions"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/platform/sealed"
	"github.com/palaro/palaro/internal/platform/secrets"
	"github.com/palaro/palaro/internal/points"
	"github.com/palaro/palaro/internal/promotions"
	"github.com/palaro/palaro/internal/realtime"
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/vip"
	"github.com/palaro/palaro/internal/wallet"
)

// registerDomains wires each domain's store, service and routes.
func (m *Main) registerDomains(ctx context.Context, mux *http.ServeMux) error {
	// --- brand and content (system endpoints, announcements, help) ---
	brands := brand.NewService(brand.NewStore(m.DB), m.Clock)
	brand.NewHandler(brands, brand.Edge{TrustedProxy: m.Config.TrustedProxy, CountryHeader: m.Config.CountryHeader}).Routes(mux)
	contents := content.NewService(content.NewStore(m.DB), m.Clock)
	content.NewHandler(contents).Routes(mux)
	brand.CDNAlias(mux, "/cdn/a", "/cdn/b")
	m.web.ImageSources = brandImageSources(brands)

	// --- activity stream: facts in commit order, consumers under leases, the daily figures (wire_activity.go);
	// started once every domain is wired, so each can register its consumers. The figures it returns are
	// what responsible gaming and the withdrawal turnover read. ---
	stream, figs := m.wireActivity(brands)

	// --- games catalogue (menus, lists, lanes, winners, art) ---
	games := game.NewService(game.NewStore(m.DB), m.Clock, m.Logger, game.DefaultRefreshInterval)
	if _, err := games.Catalog(ctx); err != nil { // load the first snapshot before serving
		return err
	}
	game.NewHandler(games, game.DefaultCacheEntries).Register(mux)

	// --- accounts and sessions (login, registration, passwords, captcha) ---
	var limiter account.Limiter = account.NewMemoryLimiter(m.Clock)
	if m.Redis != nil {
		limiter = account.NewRedisLimiter(m.Redis, "")
	}
	accountCfg := account.DefaultConfig
	accountCfg.BotCheck = !m.Config.BotCheckOff
	// The e2e suite registers more members from loopback in an hour than one visitor may.
	if v, err := strconv.ParseInt(os.Getenv("PALARO_REGISTER_PER_IP"), 10, 64); err == nil && v > 0 {
		accountCfg.RegisterPerIP = v
	}
	accounts := account.NewService(account.NewStore(m.DB), brands, limiter, m.Clock, accountCfg)
	// One argon2id bound for every password check of the process (members,
	// payment passwords, operators), sized from the soft memory limit tuneGC
	// set and the cores (account.HashSlots, docs/accounts.md).
	hasher := account.NewHasher(account.DefaultArgon2,
		account.HashSlots(debug.SetMemoryLimit(-1), account.DefaultArgon2, runtime.GOMAXPROCS(0)), account.HashWait)
	m.Logger.Info("password hashing", "slots", hasher.Slots(), "wait", account.HashWait.String())
	accounts.UseHasher(hasher)
	if err := wireMessaging(accounts, m); err != nil {
		return err
	}
	edge := brand.Edge{TrustedProxy: m.Config.TrustedProxy, CountryHeader: m.Config.CountryHeader}
	accountHTTP := account.NewHandler(accounts, func(r *http.Request) string { return brand.ClientFrom(r, edge).IP.String() })
	sealWrap := m.sealedPayloads(mux, brands).WrapRoutes(sealed.Routes...) // the E routes (docs/sealed-payloads.md)
	accountHTTP.Wrap = sealWrap
	accountHTTP.Routes(mux)
	m.wireOAuth(mux, accounts, func(r *http.Request) string { return brand.ClientFrom(r, edge).IP.String() }, sealWrap) // Google, Facebook (oauth.go)

	content.NewAgentHandler(contents, accounts).Routes(mux) // the agent centre's announcements, GET /wps/agent/announcements

	// --- favourite and recent games (relay paths); launches record recent games through favorites.RecordLaunch ---
	favorites := favorite.NewService(favorite.NewStore(m.DB), games, m.Clock)
	favorite.NewHandler(favorites, accounts).Routes(mux)

	// --- realtime: member events over a websocket (GET /wps/ws) ---
	hub := realtime.NewHub(realtime.DefaultConfig, m.Clock, m.Logger)
	accounts.OnRevoke(hub) // logout and password changes close the sessions' sockets
	if m.Redis != nil {    // sessions revoked and events published reach every instance
		accounts.UseRedis(ctx, m.Redis)
		if err := hub.UseRedis(ctx, m.Redis); err != nil {
			return fmt.Errorf("realtime redis: %w", err)
		}
	}
	context.AfterFunc(ctx, hub.Close)
	realtime.NewHandler(hub, accounts).Routes(mux) // later domains get hub as their realtime.Publisher

	// --- wallet: main balances on the ledger; its postings push balance events ---
	wallets := wallet.NewService(ledger.NewStore(m.DB, m.Clock), brands, hub, m.Logger)
	wallet.NewHandler(wallets, accounts).Routes(mux)
	rgService, rgHTTP := m.wireRG(mux, brands, accounts, wallets, rgFigures{figs}) // responsible gaming: /wps/rg/, login gate (wire_rg.go)
	m.rg = rgService
	transferRounds, err := m.wireTransfers(ctx, mux, wallets, games, accounts) // transfer wallets, account record (wire_transfer.go)
	if err != nil {
		return err
	}

	// --- operators: back-office sessions, permissions, audit, manual adjustments (/ops/v1) ---
	operators := operator.NewService(operator.NewStore(m.DB), m.Clock, operator.DefaultConfig, m.Logger)
	operators.SetClientIP(func(r *http.Request) string { return brand.ClientFrom(r, edge).IP.String() })
	operators.UseHasher(hasher)
	operators.UseLimiter(limiter) // per-IP login budgets, shared between instances through Redis when configured
	operators.UseWallet(wallets, account.NewStore(m.DB), brands)
	context.AfterFunc(ctx, operators.Close) // writes the queued audit rows
	operator.NewHandler(operators).Routes(mux)
	m.wireRGOps(mux, rgService, rgHTTP, operators)                    // /ops/v1/members/{id}/rg
	m.wireReports(mux, brands, figs, games, operators)                // dashboard and reports, /ops/v1/reports/ (wire_reports.go)
	brandops.NewHandler(brands, operators, operators).Routes(mux)     // the brand document and the maintenance switch, /ops/v1/brand
	gameops.NewHandler(games, operators, operators).Routes(mux)       // vendors and games: on and off, maintenance, order, /ops/v1/games
	contentops.NewHandler(contents, operators, operators).Routes(mux) // banners, notices, popups, promotions, help, /ops/v1/content
	mux.HandleFunc("/ops/", httpx.NotFoundJSON)                       // unknown /ops/ paths: JSON 404, not the web app

	// --- cashier: deposits, payments, notifications ---
	cash, err := m.wireCashier(ctx, mux, brands, accounts, wallets, hub, operators) // wire_cashier.go
	if err != nil {
		return err
	}
	// the feedback inbox: a reply reaches the player's messages (/ops/v1/feedback)
	feedbackops.NewHandler(account.NewStore(m.DB), cash.Notices, operators, operators, m.Clock).Routes(mux)
	// affiliate applications: the storefront's form and the console's review (wire_affiliate.go)
	m.wireAffiliate(mux, accounts, cash.Notices, operators, func(r *http.Request) string { return brand.ClientFrom(r, edge).IP.String() })

	// --- games: the game wallet (sessions, rounds, idle-round sweeper) and the vendor callback API over it (wire_seamless.go) ---
	gameWallet, vendorAPI, err := m.wireSeamless(ctx, mux, games, wallets)
	if err != nil {
		return err
	}

	// --- withdrawals: payment password, payout accounts, review, payout, receipts; turnover from the rounds' valid bets ---
	withdrawals := m.wireWithdrawals(ctx, mux, brands, accounts, wallets, operators, cash, figs, hasher) // wire_withdraw.go
	// A withdrawal forfeits a live bonus, once confirmed; the balance answer carries the bonus balance.
	withdrawals.UseBonus(withdrawBonus{gameWallet})
	wallets.UseBonuses(gameWallet)

	// --- rewards: the reward centre and the bonus balance's pages, the welcome promotion (wire_rewards.go) ---
	rewardCentre, promos := m.wireRewards(ctx, mux, stream, brands, accounts, wallets, gameWallet, operators, figs, contents)
	missionsSvc := m.wireMissions(mux, brands, accounts, rewardCentre, operators) // missions and leaderboards
	m.wireReferral(mux, stream, brands, accounts, rewardCentre, operators)        // wire_referral.go
	// --- the points mall: earning from the stream, items, redemptions sealed and password-checked (wire_points.go) ---
	m.wirePoints(mux, stream, brands, accounts, withdrawals, operators, sealWrap)

	// --- agents: contracts between uplines and direct downlines, commission bills and their settlement (wire_commission.go) ---
	m.commissions = m.wireCommission(mux, brands, accounts, wallets, operators, cash.Notices, figs)

	// --- games: betting record, profit and loss; the winner boards are a consumer of the activity stream ---
	stream.Register(records.NewWinners(games, account.NewStore(m.DB), m.Logger))
	rounds := m.wireVendorRounds(ctx, gameWallet, transferRounds) // transfer vendors' rounds pulled in (wire_vendor_rounds.go)
	betRecords := records.NewService(rounds, records.CatalogNames{Games: games}, m.Clock, brands)
	records.NewHandler(betRecords, accounts).Routes(mux)

	// --- games: launch (adapters per vendor, seamless sessions, recent games; wire_launch.go) ---
	sandboxGames, err := m.wireSandboxGames(ctx, mux, games, vendorAPI) // demo mode only; nil otherwise
	if err != nil {
		return err
	}
	// --- games: the in-house game server (issue 6; wire_inhouse.go): /wps/inhouse/*, recovery, jackpot ---
	inhouseServer, inhouseGames, err := m.wireInhouse(ctx, mux, games, brands, accounts, wallets, gameWallet, sandboxAdapter(sandboxGames))
	if err != nil {
		return err
	}
	var inhouseSettings gameops.InhouseSettings // stake ranges, jackpot shares, slot RTP: /ops/v1/games/inhouse
	if inhouseServer != nil {
		inhouseSettings = inhouseServer
	}
	gameops.NewInhouseHandler(inhouseSettings, operators, operators).Routes(mux)
	if err := m.wireCrash(ctx, mux, inhouseServer, accounts); err != nil { // Crash rounds, websocket, engine (wire_crash.go)
		return err
	}
	if err := m.wireLaunch(ctx, mux, games, brands, accounts, gameWallet, favorites, sandboxAdapter(sandboxGames), wallets, inhouseGames); err != nil {
		return err
	}
	// --- the back office's players: search, player page, lock, logout, password reset, notes (wire_players.go) ---
	m.wirePlayers(mux, playersWiring{Accounts: accounts, Wallets: wallets, Records: betRecords, GameWallet: gameWallet,
		Inhouse: inhouseServer, Deposits: cash.Deposits, Withdrawals: withdrawals, Operators: operators})

	// --- agents: the tree (a stream consumer, wire_activity.go), register centre, team, transfers,
	// the console's tree and moves (wire_agent.go) ---
	m.wireAgents(mux, agentWiring{Accounts: accounts, Wallets: wallets, Withdrawals: withdrawals, Brands: brands, Operators: operators,
		ClientIP: func(r *http.Request) string { return brand.ClientFrom(r, edge).IP.String() }})
	// --- agents: the reports (consumer agent.teamdaily in wire_activity.go; wire_agentreports.go) ---
	m.wireAgentReports(mux, accounts, wallets, betRecords, brands)

	if err := m.startActivity(ctx, stream); err != nil {
		return err
	}
	// --- scheduled jobs: every period of each job run once across instances, missed ones caught up (jobs.go, docs/jobs.md) ---
	if err := m.startJobs(ctx, jobDeps{DB: m.DB, Clock: m.Clock, Logger: m.Logger, Brands: brands, Commissions: m.commissions,
		Rewards: rewardCentre, Figures: figs, Missions: missionsSvc, Promotions: promos}); err != nil {
		return err
	}

	return nil
}

// sealedPayloads serves the sealing key and returns the guard for the E
// routes: the key pair lives in the database (account secrets) so every
// instance shares it; replays are caught in Redis when there is one.
func (m *Main) sealedPayloads(mux *http.ServeMux, brands *brand.Service) *sealed.Guard {
	var replay sealed.Replay
	if m.Redis != nil {
		replay = sealed.NewRedisReplay(m.Redis, "")
	}
	enforced := func(ctx context.Context) bool {
		c, err := brands.Current(ctx)
		return err == nil && c.SealedPayloads
	}
	g := sealed.NewGuard(sealed.NewKeyring(secrets.NewStore(m.DB), 0, 0), replay, enforced, m.Clock, m.Logger)
	sealed.NewHandler(g).Routes(mux)
	return g
}

// seedDemo loads the demo brand into an empty database; false when it already has one.
// demoTOTP (PALARO_DEMO=1) gives the demo ADMIN and FINANCE the known TOTP secret.
func seedDemo(ctx context.Context, store *db.DB, demoTOTP bool) (bool, error) {
	// --- brand and content seed ---
	brandSeeded, err := brand.NewService(brand.NewStore(store), clock.System{}).Seed(ctx, brand.Demo())
	if err != nil {
		return false, fmt.Errorf("brand seed: %w", err)
	}
	if brandSeeded {
		if _, err := content.NewService(content.NewStore(store), clock.System{}).Seed(ctx, content.Demo(time.Now())); err != nil {
			return false, fmt.Errorf("content seed: %w", err)
		}
		// the missions and the leaderboard the demo content advertises
		ms, bs := missions.Demo(time.Now())
		if _, err := missions.NewService(store, brand.NewService(brand.NewStore(store), clock.System{}), clock.System{}, nil).Seed(ctx, ms, bs); err != nil {
			return false, fmt.Errorf("missions seed: %w", err)
		}
		// the promotions engine's demo promotions, linked to the demo articles
		if _, err := promotions.Seed(ctx, store, promotions.Demo(time.Now()), time.Now()); err != nil {
			return false, err
		}
	}

	// --- games catalogue seed ---
	gamesSeeded, err := game.SeedDemo(ctx, game.NewStore(store), time.Now())
	if err != nil {
		return false, err
	}
	// --- free-play games: what trial accounts may launch (launch rules) ---
	freePlaySeeded, err := launch.SeedDemo(ctx, launch.NewStore(store), time.Now())
	if err != nil {
		return false, fmt.Errorf("launch rules seed: %w", err)
	}
	gamesSeeded = gamesSeeded || freePlaySeeded

	// --- demo accounts seed ---
	accountsSeeded, err := account.SeedDemo(ctx, account.NewStore(store), account.DefaultArgon2, time.Now())
	if err != nil {
		return false, fmt.Errorf("accounts seed: %w", err)
	}

	// --- demo operators (ops01 ADMIN, cashier01 CASHIER, finance01 FINANCE) ---
	operatorsSeeded, err := operator.SeedDemo(ctx, operator.NewStore(store), account.DefaultArgon2, time.Now(), demoTOTP)
	if err != nil {
		return false, fmt.Errorf("operators seed: %w", err)
	}
	accountsSeeded = accountsSeeded || operatorsSeeded

	// --- demo wallet opening balances (once per member, by idempotency key) ---
	walletSeeded, err := seedDemoWallets(ctx, store)
	if err != nil {
		return false, fmt.Errorf("wallet seed: %w", err)
	}
	// --- the demo agent's platform contracts (daily wage, weekly dividend) ---
	contractsSeeded, err := seedDemoContracts(ctx, store)
	if err != nil {
		return false, err
	}
	// --- the demo VIP club's levels (content promotion 103) ---
	vipSeeded, err := vip.SeedDemo(ctx, store, time.Now().UnixMilli())
	if err != nil {
		return false, fmt.Errorf("vip seed: %w", err)
	}
	// --- the demo points mall's items ---
	pointsSeeded, err := points.SeedDemo(ctx, store, time.Now())
	if err != nil {
		return false, fmt.Errorf("points seed: %w", err)
	}
	if gamesSeeded || accountsSeeded || walletSeeded || contractsSeeded || vipSeeded || pointsSeeded {
		return true, nil
	}

	return brandSeeded, nil
}

// seedDemoWallets credits demo01 and agent01 with their opening balance; a
// demo account an operator removed is skipped.
func seedDemoWallets(ctx context.Context, store *db.DB) (bool, error) {
	members := account.NewStore(store)
	var ids []int64
	for _, name := range []string{"demo01", "agent01"} {
		mem, err := members.MemberByAccount(ctx, name)
		if apperr.As(err).Kind == apperr.KindNotFound {
			continue
		}
		if err != nil {
			return false, err
		}
		ids = append(ids, mem.ID)
	}
	wallets := wallet.NewService(ledger.NewStore(store, clock.System{}), brand.NewService(brand.NewStore(store), clock.System{}), nil, nil)
	return wallets.SeedDemo(ctx, ids...)
}
