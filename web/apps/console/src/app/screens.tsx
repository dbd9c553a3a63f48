// The console's screens in one table: the sidebar, the router, the page
// title and the overview's links all read it. A screen names the namespace
// of its label, the permissions it serves (the overview links each to it)
// and who may open it; an operator without it is sent to the overview.
import type { LucideIcon } from 'lucide-react';
import { BadgePercent, Banknote, Crown, BarChart3, Gamepad2, Gift, Trophy, Handshake, LayoutDashboard, Megaphone, MessageSquareText, Network, Palette, ScrollText, Share2, Stamp, Store, UserCog, Users } from 'lucide-react';
import { canReadAudit } from '@/lib/permissions';
import { paths } from '@/lib/paths';

type Module = Promise<{ default: React.ComponentType }>;

export type Screen = {
  /** Where it lives; deeper pages of the screen are listed in `pages`. */
  path: string;
  /** Namespace and key of its name in the sidebar and the title. */
  ns: string;
  label: string;
  icon: LucideIcon;
  /** Permissions whose work is done on this screen. */
  serves: readonly string[];
  allowed: (permissions: readonly string[]) => boolean;
  load: () => Module;
  /** Further routes under the screen (e.g. a player's page), same guard. */
  pages?: readonly { path: string; load: () => Module }[];
};

export const SCREENS: readonly Screen[] = [
  {
    path: paths.dashboard,
    ns: 'console-reports',
    label: 'nav.dashboard',
    icon: LayoutDashboard,
    serves: ['reports.read'],
    allowed: (p) => p.includes('reports.read'),
    load: () => import('./routes/dashboard'),
  },
  {
    path: paths.players,
    ns: 'console-players',
    label: 'nav',
    icon: Users,
    serves: ['players.read', 'players.write'],
    allowed: (p) => p.includes('players.read'),
    load: () => import('./routes/players'),
    pages: [{ path: paths.player, load: () => import('./routes/player') }],
  },
  {
    path: paths.cashier,
    ns: 'console-cashier',
    label: 'nav',
    icon: Banknote,
    serves: ['cashier.read', 'cashier.decide'],
    allowed: (p) => p.includes('cashier.read'),
    load: () => import('./routes/cashier'),
  },
  {
    path: paths.approvals,
    ns: 'console-operators',
    label: 'nav.approvals',
    icon: Stamp,
    serves: ['ledger.adjust.approve'],
    // The pending list is read with ledger.adjust (every role that may approve has it).
    allowed: (p) => p.includes('ledger.adjust.approve') && p.includes('ledger.adjust'),
    load: () => import('./routes/approvals'),
  },
  {
    path: paths.reports,
    ns: 'console-reports',
    label: 'nav.reports',
    icon: BarChart3,
    serves: ['reports.read'],
    allowed: (p) => p.includes('reports.read'),
    load: () => import('./routes/reports'),
  },
  {
    path: paths.rewards,
    ns: 'console-rewards',
    label: 'nav',
    icon: Gift,
    serves: ['rewards.read', 'rewards.write'],
    allowed: (p) => p.includes('rewards.read'),
    load: () => import('./routes/rewards'),
  },
  {
    path: paths.promotions,
    ns: 'console-promotions',
    label: 'nav',
    icon: BadgePercent,
    // rewards.read and rewards.write are served by the rewards screen; this one does their promotions part.
    serves: [],
    allowed: (p) => p.includes('rewards.read'),
    load: () => import('./routes/promotions'),
  },
  {
    path: paths.vip,
    ns: 'console-vip',
    label: 'nav',
    icon: Crown,
    serves: ['rewards.read', 'rewards.write'],
    allowed: (p) => p.includes('rewards.read'),
    load: () => import('./routes/vip'),
  },
  {
    path: paths.missions,
    ns: 'console-missions',
    label: 'nav',
    icon: Trophy,
    serves: ['rewards.read', 'rewards.write'],
    allowed: (p) => p.includes('rewards.read'),
    load: () => import('./routes/missions'),
  },
  {
    path: paths.referral,
    ns: 'console-referral',
    label: 'nav',
    icon: Share2,
    serves: ['rewards.read', 'rewards.write'],
    allowed: (p) => p.includes('rewards.read'),
    load: () => import('./routes/referral'),
  },
  {
    path: paths.points,
    ns: 'console-points',
    label: 'nav',
    icon: Store,
    serves: ['rewards.read', 'rewards.write'],
    allowed: (p) => p.includes('rewards.read'),
    load: () => import('./routes/points'),
  },
  {
    path: paths.brand,
    ns: 'console-brand',
    label: 'nav',
    icon: Palette,
    serves: ['brand.read', 'brand.write'],
    allowed: (p) => p.includes('brand.read'),
    load: () => import('./routes/brand'),
  },
  {
    path: paths.games,
    ns: 'console-games',
    label: 'nav',
    icon: Gamepad2,
    serves: ['games.read', 'games.write'],
    allowed: (p) => p.includes('games.read'),
    load: () => import('./routes/games'),
  },
  {
    path: paths.content,
    ns: 'console-content',
    label: 'nav',
    icon: Megaphone,
    serves: ['content.write'],
    allowed: (p) => p.includes('content.write'),
    load: () => import('./routes/content'),
  },
  {
    path: paths.feedback,
    ns: 'console-feedback',
    label: 'nav.feedback',
    icon: MessageSquareText,
    serves: ['feedback.read', 'feedback.reply'],
    allowed: (p) => p.includes('feedback.read'),
    load: () => import('./routes/feedback'),
    pages: [{ path: paths.feedbackItem(':id'), load: () => import('./routes/feedback-item') }],
  },
  {
    path: paths.agents,
    ns: 'console-agents',
    label: 'nav',
    icon: Network,
    serves: ['agents.read', 'agents.write', 'commission.read', 'commission.write', 'commission.approve'],
    // The tree needs agents.read, the contracts and bills commission.read: either opens the screen.
    allowed: (p) => p.includes('agents.read') || p.includes('commission.read'),
    load: () => import('./routes/agents'),
    pages: [
      { path: paths.agentContracts, load: () => import('./routes/agents-contracts') },
      { path: paths.agentBills, load: () => import('./routes/agents-bills') },
    ],
  },
  {
    path: paths.affiliates,
    ns: 'console-affiliates',
    label: 'nav',
    icon: Handshake,
    serves: ['agents.read', 'agents.write'],
    allowed: (p) => p.includes('agents.read'),
    load: () => import('./routes/affiliates'),
    pages: [{ path: paths.affiliateItem(':id'), load: () => import('./routes/affiliates-item') }],
  },
  {
    path: paths.operators,
    ns: 'console-operators',
    label: 'nav.operators',
    icon: UserCog,
    serves: ['operators.manage'],
    allowed: (p) => p.includes('operators.manage'),
    load: () => import('./routes/operators'),
  },
  { path: paths.audit, ns: 'console', label: 'nav.audit', icon: ScrollText, serves: ['audit.read'], allowed: canReadAudit, load: () => import('./routes/audit') },
];

/** The screen that serves a permission, if the console has one the operator may open. */
export function screenFor(perm: string, permissions: readonly string[]): string | undefined {
  return SCREENS.find((s) => s.serves.includes(perm) && s.allowed(permissions))?.path;
}

/** The screen a location belongs to (longest matching path first). */
export function screenAt(pathname: string): Screen | undefined {
  return [...SCREENS].sort((a, b) => b.path.length - a.path.length).find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}
