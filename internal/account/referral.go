package account

import (
	"context"
	"strings"

	"github.com/palaro/palaro/internal/brand"
)

// Referrals resolves members' referral codes (internal/referral): the member
// a code belongs to, 0 for a code that is nobody's.
type Referrals interface {
	ReferrerOf(ctx context.Context, code string) (int64, error)
}

// UseReferrals sets who resolves referral codes at registration.
func (s *Service) UseReferrals(r Referrals) { s.referrals = r }

// referrer resolves the registration's referralCode (the register page's
// ?referralCode= query parameter): the registration then carries the
// referrer on the member.referred fact. With the brand's REFERRAL switch
// off, no resolver, or a code that is nobody's, the code is kept as given
// but refers nobody: it comes from a link, not a field the visitor could
// correct, so it never stops a registration.
func (s *Service) referrer(ctx context.Context, bc *brand.Config, req *RegisterRequest) (int64, error) {
	req.ReferralCode = strings.ToUpper(strings.TrimSpace(req.ReferralCode))
	return s.referrerOf(ctx, bc, req.ReferralCode)
}

// referrerOf is the member whose referral code code is, by the rules above;
// a Google or Facebook sign-up (OAuth.Register) asks it as a form
// registration does.
func (s *Service) referrerOf(ctx context.Context, bc *brand.Config, code string) (int64, error) {
	if code == "" || s.referrals == nil || !bc.SwitchOn("REFERRAL") {
		return 0, nil
	}
	return s.referrals.ReferrerOf(ctx, code)
}
