package account

import (
	"context"
	"strings"

	"github.com/palaro/palaro/internal/brand"
)

// Referrals resolves members' referral codes (internal/referral): the member
// a code belongs to, or its error (an unknown code is refused with a code of
// its own, nothing created).
type Referrals interface {
	ReferrerByCode(ctx context.Context, code string) (int64, error)
}

// UseReferrals sets who resolves referral codes at registration.
func (s *Service) UseReferrals(r Referrals) { s.referrals = r }

// referrer resolves the registration's referralCode (the register page's
// ?referralCode= query parameter): with the brand's REFERRAL switch off, or
// no resolver, the code is kept as given but refers nobody; otherwise an
// unknown code refuses the registration. The registration then carries the
// referrer on the member.referred fact.
func (s *Service) referrer(ctx context.Context, bc *brand.Config, req *RegisterRequest) (int64, error) {
	req.ReferralCode = strings.ToUpper(strings.TrimSpace(req.ReferralCode))
	if req.ReferralCode == "" || s.referrals == nil || !bc.SwitchOn("REFERRAL") {
		return 0, nil
	}
	return s.referrals.ReferrerByCode(ctx, req.ReferralCode)
}
