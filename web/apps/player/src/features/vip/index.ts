// The VIP club (issue 32 part 4) and bonus bets, the manual rebate (part 5):
// member pages opened from the side menu's VIP and Bonus bets entries.
export { VipClub, type VipClubProps } from './components/VipClub';
export { BonusBets, type BonusBetsProps } from './components/BonusBets';
export { vipQuery, bonusBetsQuery, VIP_QUERY_ROOT } from './api/vip';
