package main

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/referral"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/withdraw"
)

// wireReferral serves the referral program (/wps/referral, the console's
// /ops/v1/referral/rule and /ops/v1/players/{id}/referrals; docs/rewards-api.md),
// lets registration resolve referral codes, registers its stream consumer
// and gives the reward centre the abuse flags: the referral reward and the
// welcome bonus are held for review when the members share a device, IP,
// payout account or phone (docs/rewards.md "Abuse flags").
func (m *Main) wireReferral(mux *http.ServeMux, stream *activity.Service, brands *brand.Service, accounts *account.Service,
	centre *rewards.Service, operators *operator.Service) *referral.Service {
	links := memberLinks{}
	centre.UseLinker(links)
	svc := referral.NewService(m.DB, brands, centre, accounts, links, m.Clock, m.Logger)
	accounts.UseReferrals(svc)
	referral.NewHandler(svc, accounts).Routes(mux)
	referral.NewOpsHandler(svc, brands, operators, operators).Routes(mux)
	stream.Register(svc.Consumer())
	return svc
}

// memberLinks are the members linked to a member, read in a consumer's
// transaction: shared IPs, devices and phones from the accounts, shared
// payout accounts from the withdrawals.
type memberLinks struct{}

func (memberLinks) LinkedTx(ctx context.Context, tx *db.Tx, member int64) (map[int64][]string, error) {
	out, err := account.LinkedTx(ctx, tx, member)
	if err != nil {
		return nil, err
	}
	payout, err := withdraw.SharedPayoutTx(ctx, tx, member, account.MaxLinked)
	if err != nil {
		return nil, err
	}
	for _, id := range payout {
		out[id] = append(out[id], withdraw.RiskSharedPayoutAccount)
	}
	return out, nil
}
