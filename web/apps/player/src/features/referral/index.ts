// Referral (issue 32 part 8, docs/rewards-api.md "Referral"): the member's
// refer-and-earn page in the personal centre, reached also from the side menu
// while the brand's REFERRAL switch is on.
export { ReferEarn, type ReferEarnProps } from './components/ReferEarn';
export { referralQuery, referralLink, FRIEND_STATUSES } from './api/referral';
export type { ReferralPage, Friend, FriendStatus, ReferralRule, ReferralTotals } from './api/referral';
