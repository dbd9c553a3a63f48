// Rewards (issue 32, docs/rewards-api.md): the reward centre (claim what was
// issued), the bonus balance with its wagering, and the count for the red
// badges. Members only: reached from the personal centre and the member menu.
export { useRewardCount } from './hooks/useRewardCount';
export { RewardCentre, type RewardCentreProps } from './components/RewardCentre';
export { BonusDetails, type BonusDetailsProps } from './components/BonusDetails';
export { REWARDS_QUERY_ROOT, rewardsQuery, rewardSummaryQuery, claimReward, claimAllRewards, REWARD_SOURCES, REWARDS_PAGE_SIZE } from './api/rewards';
export type { Reward, RewardPage, RewardSummary, RewardKind, RewardSource, RewardStatus, RewardTab, ClaimResult } from './api/rewards';
export { bonusQuery, cancelBonus } from './api/bonus';
export type { BonusState, Grant, GrantStatus, ForfeitReason } from './api/bonus';
export type { FormatMoney } from './lib/money';
