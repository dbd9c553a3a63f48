// The permissions the server names (internal/operator and the console contract), in
// the order the overview lists them, with the console screen that serves each
// (none yet for most: later parts of the console add them).
import { paths } from './paths';

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
  'operators.manage',
  'audit.read',
] as const;

/** The audit log needs audit.read; today's server asks operators.manage for it. */
export function canReadAudit(perms: readonly string[]): boolean {
  return perms.includes('audit.read') || perms.includes('operators.manage');
}

export function screenFor(perm: string): string | undefined {
  return perm === 'audit.read' ? paths.audit : undefined;
}

/** i18n key of a permission's description (dots are key separators). */
export const permKey = (perm: string) => `perms.${perm.replace(/\./g, '_')}`;
