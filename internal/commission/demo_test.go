package commission

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestSeedPlatform: the demo agent gets its platform contracts, active,
// once; its sub-agent may then be offered lower rates, never higher.
func TestSeedPlatform(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		// As cmd/palaro seeds: a service without a notifier.
		quiet := *f.svc
		quiet.Notifier = nil
		made, err := quiet.SeedPlatform(f.ctx, 1, DemoContracts())
		if err != nil || !made {
			t.Fatalf("seed: %v %v", made, err)
		}
		page, err := f.svc.Contracts(f.ctx, ContractFilter{MemberID: 1}, 1, 10)
		if err != nil || page.Total != 2 {
			t.Fatalf("contracts: %+v %v", page, err)
		}
		for _, c := range page.List {
			if c.Status != StatusActive || c.UplineID != 0 || c.DownlineID != 1 {
				t.Fatalf("seeded contract: %+v", c)
			}
		}
		// Again: nothing more.
		if made, err := quiet.SeedPlatform(f.ctx, 1, DemoContracts()); err != nil || made {
			t.Fatalf("second seed: %v %v", made, err)
		}
		if page, _ := f.svc.Contracts(f.ctx, ContractFilter{MemberID: 1}, 1, 10); page.Total != 2 {
			t.Fatalf("after the second seed: %d contracts", page.Total)
		}
		// The demo agent passes a lower daily wage on to its sub-agent (2), not a higher one.
		if f.notes.has(1, "contract_offered") {
			t.Fatal("the seed told the agent of an offer")
		}
		f.must(f.svc.Offer(f.ctx, 1, OfferRequest{DownlineID: 2, Type: TypeDailyWage, Tiers: []Tier{{ValidBets: 10_000, ActiveMembers: 1, Rate: 50}}}))
		_, err = f.svc.Offer(f.ctx, 1, OfferRequest{DownlineID: 5, Type: TypeDailyWage, Tiers: []Tier{{ValidBets: 10_000, ActiveMembers: 1, Rate: 500}}})
		f.code(err, "commission.rate_above_upline")
	})
}
