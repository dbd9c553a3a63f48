// The overview: what the operator's role lets them do, with a link to the
// screen where the console has one.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Check } from 'lucide-react';
import { EmptyState } from '@palaro/ui';
import { PERMISSIONS, permKey, canReadAudit } from '@/lib/permissions';
import { PageHeader } from '@/components/ui/PageHeader';
import s from './Capabilities.module.css';

export function Capabilities({
  username,
  role,
  permissions,
  screenFor,
}: {
  username: string;
  role: string;
  permissions: readonly string[];
  /** The console screen where a permission's work is done, if any. */
  screenFor: (perm: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const held = PERMISSIONS.filter((p) => permissions.includes(p) || (p === 'audit.read' && canReadAudit(permissions)));
  return (
    <>
      <PageHeader title={t('home.title', { username })} intro={t('home.intro', { role: t(`roles.${role}`, { defaultValue: role }) })} />
      {held.length === 0 ? (
        <EmptyState title={t('home.none')} />
      ) : (
        <ul className={s.list}>
          {held.map((p) => {
            const to = screenFor(p);
            return (
              <li key={p} className={s.item}>
                <Check size={16} aria-hidden="true" className={s.check} />
                <span className={s.text}>{t(permKey(p))}</span>
                {to && (
                  <Link to={to} className={s.link}>
                    {t('home.open')} <ArrowRight size={14} aria-hidden="true" />
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
