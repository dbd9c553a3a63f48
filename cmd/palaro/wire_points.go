package main

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/points"
	"github.com/palaro/palaro/internal/withdraw"
)

// wirePoints serves the points mall (/wps/points, docs/rewards-api.md
// "Points mall") and its console routes (/ops/v1/points, a player's points),
// and registers the stream consumer that earns points from settled rounds
// and credited deposits. Redeeming and converting check the payment password
// through the withdrawal service (its tries and lock) and are sealed (E).
func (m *Main) wirePoints(mux *http.ServeMux, stream *activity.Service, brands *brand.Service, accounts *account.Service,
	withdrawals *withdraw.Service, operators *operator.Service, sealWrap func(string, http.Handler) http.Handler) {
	svc := points.NewService(m.DB, brands, withdrawals, m.Clock, m.Logger)
	h := points.NewHandler(svc, accounts)
	h.Wrap = sealWrap
	h.Routes(mux)
	points.NewOpsHandler(svc, accounts, operators, operators).Routes(mux)
	stream.Register(svc.EarnConsumer())
}
