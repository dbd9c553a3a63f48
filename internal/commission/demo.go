package commission

import (
	"context"
)

// DemoContracts are the platform contracts the demo general agent holds
// (PALARO_DEMO=1; cmd/palaro seedDemo): a daily wage whose first tier a
// single active member reaches (valid bets of 100.00 in the day), so one
// downline's play shows a bill the next day, and a weekly dividend. Both
// leave the agent room to offer its sub-agents lower rates.
func DemoContracts() []OfferRequest {
	return []OfferRequest{
		{Type: TypeDailyWage, Tiers: []Tier{
			{ValidBets: 10_000, ActiveMembers: 1, Rate: 100},      // 100.00, 1 active: 1 %
			{ValidBets: 1_000_000, ActiveMembers: 5, Rate: 150},   // 10,000.00, 5 active: 1.5 %
			{ValidBets: 10_000_000, ActiveMembers: 20, Rate: 200}, // 100,000.00, 20 active: 2 %
		}},
		{Type: TypeDividend, Period: PeriodWeekly, Tiers: []Tier{
			{ValidBets: 100_000, NetLoss: 10_000, ActiveMembers: 1, Rate: 1_000},        // 1,000.00 / 100.00 / 1: 10 %
			{ValidBets: 5_000_000, NetLoss: 500_000, ActiveMembers: 5, Rate: 2_000},     // 50,000.00 / 5,000.00 / 5: 20 %
			{ValidBets: 50_000_000, NetLoss: 5_000_000, ActiveMembers: 20, Rate: 3_000}, // 500,000.00 / 50,000.00 / 20: 30 %
		}},
	}
}

// SeedPlatform gives a top agent the platform contracts offers, accepted at
// once, unless it already is a party to a contract (so a restart, or an
// operator's later changes, are left alone). It goes through the same rules
// as an operator's offer and the agent's acceptance; it reports whether it
// made any. Build the service without a Notifier to send no messages.
func (s *Service) SeedPlatform(ctx context.Context, agentID int64, offers []OfferRequest) (bool, error) {
	existing, _, err := s.Store.listContracts(ctx, ContractFilter{MemberID: agentID, Limit: 1})
	if err != nil {
		return false, err
	}
	if len(existing) > 0 {
		return false, nil
	}
	for _, req := range offers {
		req.DownlineID = agentID
		c, err := s.offer(ctx, 0, req, "seed")
		if err != nil {
			return false, err
		}
		if _, err := s.Accept(ctx, agentID, c.ID); err != nil {
			return false, err
		}
	}
	return len(offers) > 0, nil
}
