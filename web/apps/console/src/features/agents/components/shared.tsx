// Pieces the agents screens share: money in the brand's decimals, the
// badges, the words of account types and the sub-navigation between the
// tree, the contracts and the bills.
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@palaro/api/src/money';
import s from './Agents.module.css';

export const NS = 'console-agents';

export function Money({ minor, decimals, currency }: { minor: number; decimals: number; currency?: string }) {
  return (
    <span className={[s.money, minor < 0 ? s.negative : ''].join(' ')}>
      {formatMinor(minor, decimals)}
      {currency ? ` ${currency}` : ''}
    </span>
  );
}

const TONE: Record<string, string> = {
  ACTIVE: s.ok,
  DISABLED: s.bad,
  active: s.ok,
  paid: s.ok,
  pending: s.wait,
  awaiting_approval: s.wait,
  insufficient_funds: s.bad,
  partly_paid: s.bad,
  rejected: s.bad,
  expired: s.bad,
};

/** A status word in a coloured pill; `group` is the key group of its words. */
export function Badge({ group, value }: { group: 'memberStatus' | 'contractStatus' | 'billStatus'; value: string }) {
  const { t } = useTranslation(NS);
  return <span className={[s.badge, TONE[value] ?? s.neutral].join(' ')}>{t(`${group}.${value}`, { defaultValue: value })}</span>;
}

/** The word of an account type (0, 1, 2, 41, 42). */
export function useTypeName() {
  const { t } = useTranslation(NS);
  return (type: number) => t(`types.${type}`, { defaultValue: String(type) });
}

export type ViewPaths = { tree: string; contracts: string; bills: string };

/** Links between the three views the operator may open (the current one marked). */
export function AgentsViews({ paths, canTree, canCommission }: { paths: ViewPaths; canTree: boolean; canCommission: boolean }) {
  const { t } = useTranslation(NS);
  const links = [
    canTree && { to: paths.tree, label: t('views.tree') },
    canCommission && { to: paths.contracts, label: t('views.contracts') },
    canCommission && { to: paths.bills, label: t('views.bills') },
  ].filter(Boolean) as { to: string; label: string }[];
  if (links.length < 2) return null;
  return (
    <nav aria-label={t('views.label')} className={s.views}>
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} end className={s.view}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
