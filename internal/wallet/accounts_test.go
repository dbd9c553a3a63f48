package wallet

import (
	"context"
	"testing"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// demoBrandOnly serves the demo brand (PHP) to the account lookups.
type demoBrandOnly struct{}

func (demoBrandOnly) Current(context.Context) (*brand.Config, error) {
	c := brand.Demo()
	return &c, nil
}

func TestAccountLookups(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		l := ledger.NewStore(d, nil)
		svc := NewService(l, demoBrandOnly{}, nil, nil)
		main, err := svc.MainAccountOf(ctx, 7)
		if err != nil || main.Purpose != ledger.PurposePlayerMain || main.OwnerID != 7 || main.Currency != "PHP" {
			t.Fatalf("main: %+v %v", main, err)
		}
		again, err := svc.MainAccountOf(ctx, 7)
		if err != nil || again.ID != main.ID {
			t.Fatalf("second lookup: %+v %v", again, err)
		}
		if _, err := svc.MainAccountOf(ctx, 0); err == nil {
			t.Fatal("member 0 accepted")
		}
		house, err := svc.SystemAccount(ctx, ledger.PurposeHouse)
		if err != nil || house.OwnerType != ledger.OwnerSystem || !house.AllowNegative || house.Currency != "PHP" {
			t.Fatalf("house: %+v %v", house, err)
		}
		if _, err := svc.SystemAccount(ctx, ledger.PurposePlayerMain); err == nil {
			t.Fatal("a member purpose as a system account")
		}
		if _, err := svc.Post(ctx, ledger.PostingRequest{Key: "lookup-1", Kind: ledger.KindAdjustment, Lines: []ledger.Line{
			{AccountID: house.ID, Amount: -250, Currency: "PHP"}, {AccountID: main.ID, Amount: 250, Currency: "PHP"},
		}}); err != nil {
			t.Fatal(err)
		}
		if b, err := svc.AccountBalance(ctx, main.ID); err != nil || b != 250 {
			t.Fatalf("balance %d %v", b, err)
		}
		if b, err := svc.AccountBalance(ctx, house.ID); err != nil || b != -250 {
			t.Fatalf("house balance %d %v", b, err)
		}
	})
}
