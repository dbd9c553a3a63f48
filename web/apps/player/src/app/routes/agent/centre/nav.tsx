// The agent centre's nav entries: icon and label per page, the ones shown
// (registered pages, contract-type pages only when enabled, customer service
// only when the brand has a channel), in the spec's order.
import type { ComponentType } from 'react';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BarChart3,
  Clock4,
  FileSignature,
  Gift,
  Headset,
  Megaphone,
  MessageSquare,
  ReceiptText,
  ScrollText,
  TrendingDown,
  UserPlus,
  Users,
  Wallet,
  Zap,
  CalendarDays,
  type LucideProps,
} from 'lucide-react';
import { AGENT_EXTRA_PAGES, AGENT_MENU_ORDER, AGENT_PAGES, contractFlagOf, type AgentPageKey } from './registry';
import type { ContractFlags } from './contractFlags';

export const NAV_ICONS: Record<AgentPageKey, ComponentType<LucideProps>> = {
  deposit: ArrowDownToLine,
  withdraw: ArrowUpFromLine,
  agentAnnouncement: Megaphone,
  agentTeamOverview: BarChart3,
  registerCenter: UserPlus,
  downlineManagmentView: Users,
  personalHistoryCopy: ScrollText,
  palStatementsAgentCopy: TrendingDown,
  agentRevenueReport: Wallet,
  agentDownlineTransactionDetailsCopy: ReceiptText,
  agentDividendRecordCopy2: Gift,
  agentDailyWages2: CalendarDays,
  agentHourSalary: Clock4,
  agentRealtimeSalary: Zap,
  messageV2: MessageSquare,
  customerService: Headset,
  contractRequests: FileSignature,
};

/** The entries to show: the spec's nav in its order, then the extra pages. */
export function visibleAgentEntries(flags: ContractFlags, hasCustomerService: boolean, pages: readonly { key: AgentPageKey }[] = AGENT_PAGES): AgentPageKey[] {
  const have = new Set<AgentPageKey>(pages.map((p) => p.key));
  return [...AGENT_MENU_ORDER, ...AGENT_EXTRA_PAGES].filter((k) => {
    if (!have.has(k)) return false;
    if (k === 'customerService' && !hasCustomerService) return false;
    const flag = contractFlagOf(k);
    return flag ? flags[flag] : true;
  });
}
