// The referral program in the console (issue 32 parts 8 and 11): the rule,
// the held rewards' review and a member's referrals.
export { ReferralScreen } from './components/ReferralScreen';
