package main

import (
	"context"
	"errors"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/reports"
)

// wireReports serves the operator dashboard and reports (/ops/v1/reports/,
// docs/reports.md): the report rows the "reports.daily" consumer keeps
// (registered in streamConsumers) and the daily figures.
func (m *Main) wireReports(mux *http.ServeMux, brands *brand.Service, figs *figures.Figures, games *game.Service, operators *operator.Service) {
	svc := reports.NewService(m.DB, figs, brands, reportNames{games: games, members: account.NewStore(m.DB)}, m.Clock)
	reports.NewHandler(svc, operators).Routes(mux)
}

// reportNames labels the reports' games, vendors and members.
type reportNames struct {
	games   *game.Service
	members *account.Store
}

func (n reportNames) GameName(ctx context.Context, _, code string) string {
	c, err := n.games.Catalog(ctx)
	if err != nil || c == nil {
		return ""
	}
	if g, ok := c.GameByCode(code); ok {
		return g.GameName
	}
	return ""
}

func (n reportNames) VendorName(ctx context.Context, code string) string {
	c, err := n.games.Catalog(ctx)
	if err != nil || c == nil {
		return ""
	}
	if v, ok := c.Vendor(code); ok {
		return v.DisplayName
	}
	return ""
}

func (n reportNames) Usernames(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	for _, id := range ids {
		mem, err := n.members.MemberByID(ctx, id)
		if errors.Is(err, apperr.NotFound("account.not_found")) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[id] = mem.Account
	}
	return out, nil
}
