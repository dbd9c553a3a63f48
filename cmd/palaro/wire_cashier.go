package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/cashier"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/payment"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/secrets"
	"github.com/palaro/palaro/internal/realtime"
	"github.com/palaro/palaro/internal/wallet"
)

// cashierWiring is what the deposit side hands to the withdrawal side.
type cashierWiring struct {
	Notices   *notify.Service    // notify.Notifier for withdrawal notices
	Providers []payment.Provider // payout providers (the sandbox in demo mode)
	Deposits  *cashier.Service   // the deposit queue (the player page's deposits)
}

// wireCashier serves deposits, provider callbacks, member messages and, in
// demo mode only, the sandbox payment provider at /sandbox/ (docs/payments.md).
// The sandbox secret is PALARO_SANDBOX_PAY_SECRET (or _FILE), else one
// generated once and kept in the database (account secrets) so every
// instance shares it. The adapter reaches the sandbox, and the sandbox the
// callback, at PALARO_SANDBOX_PAY_URL, by default http://127.0.0.1:<port>.
func (m *Main) wireCashier(ctx context.Context, mux *http.ServeMux, brands *brand.Service, accounts *account.Service,
	wallets *wallet.Service, hub realtime.Publisher, operators *operator.Service) (cashierWiring, error) {
	notices := notify.NewService(notify.NewStore(m.DB), hub, m.Clock, m.Logger)
	notify.NewHandler(notices, accounts).Routes(mux)

	base := m.selfBaseURL
	var providers []payment.Provider
	if m.Config.Demo {
		secret, err := m.sandboxSecret(ctx)
		if err != nil {
			return cashierWiring{}, err
		}
		sb := payment.NewSandboxServer(m.DB, secret, m.Clock, m.Logger)
		sb.Merchant = func(ctx context.Context) string {
			if c, err := brands.Current(ctx); err == nil {
				return c.BrandName
			}
			return "Palaro"
		}
		sb.Routes(mux)
		context.AfterFunc(ctx, sb.Close)
		providers = append(providers, payment.NewSandbox(secret, base, m.Clock))
		m.Logger.Info("demo: sandbox payment provider mounted", "path", "/sandbox/")
	}

	deposits := cashier.NewService(cashier.NewStore(m.DB), cashier.Deps{
		Brand: brands, Wallet: wallets, Accounts: ledger.NewStore(m.DB, m.Clock), Providers: providers,
		Notifier: notices, Auditor: operators, Clock: m.Clock, Logger: m.Logger, NotifyBase: base,
		Limits:    m.rg, // responsible gaming: refused before any order or payment page
		Members:   depositMembers{accounts: accounts, store: account.NewStore(m.DB)},
		Reconfirm: operators, // the authenticator again above the brand's ops.cashierConfirmAbove
	})
	cashier.NewHandler(deposits, accounts).Routes(mux)
	cashier.NewOpsHandler(deposits, operators).Routes(mux)
	go deposits.Run(ctx) // expiry of unpaid online deposits, recovery of interrupted credits
	return cashierWiring{Notices: notices, Providers: providers, Deposits: deposits}, nil
}

// selfBaseURL is where this server reaches itself over HTTP.
func (m *Main) selfBaseURL() string {
	if v := m.Config.SandboxPayURL; v != "" {
		return strings.TrimRight(v, "/")
	}
	host, port, err := net.SplitHostPort(m.Addr())
	if err != nil {
		host, port, _ = net.SplitHostPort(m.Config.Addr)
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1" // listening on every interface: loopback reaches it
	}
	return "http://" + net.JoinHostPort(host, port)
}

func (m *Main) sandboxSecret(ctx context.Context) (string, error) {
	if v := m.Config.SandboxPaySecret; v != "" {
		return v, nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	v, err := secrets.NewStore(m.DB).Secret(ctx, "sandbox_pay", hex.EncodeToString(b), m.Clock.Now())
	if err != nil {
		return "", fmt.Errorf("sandbox secret: %w", err)
	}
	return v, nil
}

// depositMembers names the members of the deposit queue and finds one by
// username, through the account domain.
type depositMembers struct {
	accounts *account.Service
	store    *account.Store
}

func (d depositMembers) Usernames(ctx context.Context, ids []int64) (map[int64]string, error) {
	ms, err := d.accounts.MembersByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(ms))
	for id, m := range ms {
		out[id] = m.Account
	}
	return out, nil
}

func (d depositMembers) MemberIDByUsername(ctx context.Context, username string) (int64, bool, error) {
	mem, err := d.store.MemberByAccount(ctx, username)
	if apperr.As(err).Kind == apperr.KindNotFound {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return mem.ID, true, nil
}
