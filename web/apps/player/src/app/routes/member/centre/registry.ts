// The personal centre's pages (spec section 2, "Personal center menu"). The
// router builds /member/<key> routes from this list and the centre menu shows
// only the entries listed here, in the spec's order (centre/menu.tsx).
// To add a page: add one line { key, load } below (and /member/<key> to
// internal/webui/routes.json, which app/routes.test.ts checks); the page
// module's default export is the page component. Keep it free of heavy imports: the router (and
// so the entry chunk) imports this file, the pages themselves are lazy.
import type { ComponentType } from 'react';

/** Every entry of the spec's personal centre menu, in order. securityCenter is /member itself. */
export const CENTRE_MENU_ORDER = [
  'securityCenter',
  'responsibleGaming',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const;
export type CentreKey = (typeof CENTRE_MENU_ORDER)[number];

/**
 * Member pages routed under /member/<key> but not in the centre menu: the
 * side menu opens them (VIP bonus and bonus bets are side-menu entries in
 * spec section 2).
 */
export const CENTRE_EXTRA_KEYS = ['vip', 'bonusBets'] as const;
export type CentreExtraKey = (typeof CENTRE_EXTRA_KEYS)[number];

export type CentrePage = { key: Exclude<CentreKey, 'securityCenter'> | CentreExtraKey; load: () => Promise<{ default: ComponentType }> };

/** Pages under /member/<key>. (/member, the security centre, is routed by the router itself.) */
export const CENTRE_PAGES: CentrePage[] = [
  { key: 'depositv2', load: () => import('../DepositPage') },
  { key: 'withdraw', load: () => import('../WithdrawPage') },
  { key: 'transferFund', load: () => import('../TransferFundPage') },
  { key: 'transactionHistory', load: () => import('../TransactionHistoryPage') },
  { key: 'personalHistoryCopy', load: () => import('../BettingRecordPage') },
  { key: 'personalProfit', load: () => import('../PersonalProfitPage') },
  { key: 'messageV2', load: () => import('../MessagesPage') },
  { key: 'responsibleGaming', load: () => import('../ResponsibleGamingPage') },
  { key: 'transferUpline', load: () => import('../TransferUplinePage') },
  { key: 'bonusDetails', load: () => import('../BonusDetailsPage') },
  { key: 'rewardCenter', load: () => import('../RewardCenterPage') },
  { key: 'referral', load: () => import('../ReferralPage') },
  { key: 'missionLeaderboard', load: () => import('../MissionLeaderboardPage') },
  { key: 'vip', load: () => import('../VipPage') },
  { key: 'bonusBets', load: () => import('../BonusBetsPage') },
];


/** The path of a centre menu entry. */
export function centrePath(key: CentreKey): string {
  return key === 'securityCenter' ? '/member' : `/member/${key}`;
}
