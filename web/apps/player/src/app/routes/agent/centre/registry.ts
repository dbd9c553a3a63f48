// The agent centre's pages (spec section 2, "Agent center menu" and the agent
// centre's left nav). The router serves /agentHome/<key> from this list and
// the nav shows only the entries listed here, in the spec's order.
// To add a page: one line { key, load } in AGENT_PAGES (and /agentHome/<key>
// in internal/webui/routes.json, which app/routes.test.ts checks). Keep this
// file free of heavy imports: the router imports it; the pages are lazy.
import type { ComponentType } from 'react';

/** The left nav of the agent centre, in the spec's order. */
export const AGENT_MENU_ORDER = [
  'deposit',
  'withdraw',
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'messageV2',
  'customerService',
] as const;
export type AgentMenuKey = (typeof AGENT_MENU_ORDER)[number];
/**
 * Pages of the centre outside the spec's nav list: contract requests (one of
 * the spec's "other screens"), shown at the end of the nav and reached from
 * team management's "offer contract".
 */
export const AGENT_EXTRA_PAGES = ['contractRequests'] as const;
export type AgentPageKey = AgentMenuKey | (typeof AGENT_EXTRA_PAGES)[number];

/**
 * The contract type each bill page needs (a flag of the consolidated contract
 * info, spec section 3): the entry shows only when the brand enables it.
 */
export const CONTRACT_PAGE_FLAG = {
  agentDividendRecordCopy2: 'divtypereq',
  agentDailyWages2: 'dailysalreqtype',
  agentHourSalary: 'contracthoursalreq',
  agentRealtimeSalary: 'realtimesalreqtype',
} as const satisfies Partial<Record<AgentMenuKey, string>>;
export type ContractFlag = (typeof CONTRACT_PAGE_FLAG)[keyof typeof CONTRACT_PAGE_FLAG];

export type AgentPage = { key: AgentPageKey; load: () => Promise<{ default: ComponentType }> };

/** Pages under /agentHome/<key>; /agentHome itself is the centre's start page. */
export const AGENT_PAGES: AgentPage[] = [
  { key: 'deposit', load: () => import('./pages/DepositPage') },
  { key: 'withdraw', load: () => import('./pages/WithdrawPage') },
  { key: 'agentAnnouncement', load: () => import('./pages/AnnouncementsPage') },
  { key: 'agentTeamOverview', load: () => import('./pages/TeamOverviewPage') },
  { key: 'registerCenter', load: () => import('./pages/RegisterCenterPage') },
  { key: 'downlineManagmentView', load: () => import('./pages/TeamManagementPage') },
  { key: 'personalHistoryCopy', load: () => import('./pages/TeamBettingPage') },
  { key: 'palStatementsAgentCopy', load: () => import('./pages/UserLossPage') },
  { key: 'agentRevenueReport', load: () => import('./pages/MyIncomePage') },
  { key: 'agentDownlineTransactionDetailsCopy', load: () => import('./pages/AccountDetailsPage') },
  { key: 'agentDividendRecordCopy2', load: () => import('./pages/DividendPage') },
  { key: 'agentDailyWages2', load: () => import('./pages/DailyWagesPage') },
  { key: 'agentHourSalary', load: () => import('./pages/HourSalaryPage') },
  { key: 'agentRealtimeSalary', load: () => import('./pages/RealtimeSalaryPage') },
  { key: 'messageV2', load: () => import('./pages/MessagesPage') },
  { key: 'customerService', load: () => import('./pages/CustomerServicePage') },
  { key: 'contractRequests', load: () => import('./pages/ContractRequestsPage') },
];

/** Pages built but not served yet (none: every backend is wired). */
export const PENDING_AGENT_PAGES: AgentPage[] = [];

export function agentPath(key: AgentPageKey): string {
  return `/agentHome/${key}`;
}

export function contractFlagOf(key: AgentPageKey): ContractFlag | undefined {
  return (CONTRACT_PAGE_FLAG as Partial<Record<AgentPageKey, ContractFlag>>)[key];
}

/** Whether a page is served (a link to a pending page is not shown). */
export function hasAgentPage(key: AgentPageKey): boolean {
  return AGENT_PAGES.some((p) => p.key === key);
}
