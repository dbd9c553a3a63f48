// /agentHome: the agent centre's start page: who is signed in (account, this
// login, agent since) and one tile per page of the nav, for a quick start.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useBrandInfo } from '../../../../brand';
import { useContractFlags } from '../contractFlags';
import { NAV_ICONS, visibleAgentEntries } from '../nav';
import { agentPath } from '../registry';
import s from './pages.module.css';

export default function StartPage() {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const { info } = useSession();
  const brand = useBrandInfo();
  const { flags } = useContractFlags();
  const entries = visibleAgentEntries(flags, brand.customerService.length > 0);
  return (
    <>
      <section className={s.welcome} aria-labelledby="agent-welcome">
        <h1 id="agent-welcome" className={s.welcomeTitle}>
          {info ? t('agent:home.welcome', { name: info.nickname || info.account }) : <Skeleton width={260} height={28} />}
        </h1>
        <dl className={s.facts}>
          <Fact label={t('agent:home.account')} value={info?.account} testId="agent-account" />
          <Fact label={t('agent:home.lastLogin')} value={info ? (info.lastLoginTime ? formatDateTime(info.lastLoginTime) : '—') : undefined} testId="agent-last-login" />
          <Fact label={t('agent:home.memberSince')} value={info ? formatDateTime(info.createdTime).slice(0, 10) : undefined} testId="agent-since" />
        </dl>
      </section>
      <section aria-labelledby="agent-tiles">
        <h2 id="agent-tiles" className={s.sectionTitle}>
          {t('agent:centre.quickStart')}
        </h2>
        <ul className={s.tiles}>
          {entries.map((key) => {
            const Icon = NAV_ICONS[key];
            return (
              <li key={key}>
                <Link to={agentPath(key)} className={s.tile} data-testid={`agent-tile-${key}`}>
                  <span className={s.tileIcon} aria-hidden="true">
                    <Icon size={20} />
                  </span>
                  <span>{t(`agent:menu.${key}`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

function Fact({ label, value, testId }: { label: string; value?: string; testId: string }) {
  return (
    <div className={s.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value ?? <Skeleton width={120} height={16} />}</dd>
    </div>
  );
}
