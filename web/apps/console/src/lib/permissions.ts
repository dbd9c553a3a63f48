// The permissions the server names (internal/operator and the console contract), in
// the order the overview lists them (app/screens.tsx says which screen serves each).

export const PERMISSIONS = [
  'cashier.read',
  'cashier.decide',
  'ledger.adjust',
  'ledger.adjust.approve',
  'players.read',
  'players.write',
  'rg.read',
  'rg.write',
  'reports.read',
  'brand.read',
  'brand.write',
  'content.write',
  'feedback.read',
  'feedback.reply',
  'games.read',
  'games.write',
  'agents.read',
  'agents.write',
  'commission.read',
  'commission.write',
  'commission.approve',
  'rewards.read',
  'rewards.write',
  'operators.manage',
  'audit.read',
] as const;

/** The audit log needs audit.read; today's server asks operators.manage for it. */
export function canReadAudit(perms: readonly string[]): boolean {
  return perms.includes('audit.read') || perms.includes('operators.manage');
}

/** i18n key of a permission's description (dots are key separators). */
export const permKey = (perm: string) => `perms.${perm.replace(/\./g, '_')}`;
