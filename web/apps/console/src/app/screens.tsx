// The console's screens in one table: the sidebar, the router, the page
// title and the overview's links all read it. A screen names the namespace
// of its label, the permissions it serves (the overview links each to it)
// and who may open it; an operator without it is sent to the overview.
import type { LucideIcon } from 'lucide-react';
import { BarChart3, Gamepad2, LayoutDashboard, Megaphone, ScrollText } from 'lucide-react';
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
  { path: paths.dashboard, ns: 'console-reports', label: 'nav.dashboard', icon: LayoutDashboard, serves: ['reports.read'], allowed: (p) => p.includes('reports.read'), load: () => import('./routes/dashboard') },
  { path: paths.reports, ns: 'console-reports', label: 'nav.reports', icon: BarChart3, serves: ['reports.read'], allowed: (p) => p.includes('reports.read'), load: () => import('./routes/reports') },
  { path: paths.audit, ns: 'console', label: 'nav.audit', icon: ScrollText, serves: ['audit.read'], allowed: canReadAudit, load: () => import('./routes/audit') },
  {
    path: paths.content,
    ns: 'console-content',
    label: 'nav',
    icon: Megaphone,
    serves: ['content.write'],
    allowed: (p) => p.includes('content.write'),
    load: () => import('./routes/content'),
  },
  { path: paths.games, ns: 'console-games', label: 'nav', icon: Gamepad2, serves: ['games.read', 'games.write'], allowed: (p) => p.includes('games.read'), load: () => import('./routes/games') },
];

/** The screen that serves a permission, if the console has one the operator may open. */
export function screenFor(perm: string, permissions: readonly string[]): string | undefined {
  return SCREENS.find((s) => s.serves.includes(perm) && s.allowed(permissions))?.path;
}

/** The screen a location belongs to (longest matching path first). */
export function screenAt(pathname: string): Screen | undefined {
  return [...SCREENS].sort((a, b) => b.path.length - a.path.length).find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}
