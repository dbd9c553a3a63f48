// The promotions engine for players (issue 32, docs/rewards-api.md
// "Promotions"): each promotion's real status and its action (join, apply
// with images, claim in the reward centre) on /promotions.
export { PromotionActionBar, type PromotionActionBarProps } from './components/PromotionActionBar';
export { promotionStatusQuery, joinPromotion, applyPromotion, PROMOTION_STATUSES, PROMOTIONS_QUERY_ROOT } from './api/promotions';
export type { PromotionView, PromotionStatuses, PromotionStatus, PromotionAction, PromotionType } from './api/promotions';
