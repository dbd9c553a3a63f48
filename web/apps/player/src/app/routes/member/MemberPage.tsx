// /member: the member page with the security centre (spec sections 2 and 6,
// header menu "my account"): the account summary (account, nickname, avatar,
// last login time and IP), change password, and binding a mobile number and
// an e-mail, shown masked once bound. Visitors never get here (the route
// guard sends them to /login); trial users get the "real account needed" dialog.
// Below the security settings: the payment password and payout accounts.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, KeyRound, Mail, ShieldCheck, Smartphone, UserRound } from 'lucide-react';
import { Button, EmptyState, ErrorState, Skeleton } from '@/components/ui';
import { refreshMemberInfo, useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useUiActions } from '@/lib/ui-actions';
import { useAppNavigate } from '../../navigation';
import { BindForm } from './BindForm';
import { PaymentsSection } from './PaymentsSection';
import { avatarQuery, securityQuery, type Security } from './api';
import s from './MemberPage.module.css';

export default function MemberPage() {
  const { t } = useTranslation(['member', 'common'], { useSuspense: true });
  const session = useSession();
  const actions = useUiActions();
  const navigate = useAppNavigate();
  const real = session.loggedIn && !session.isTrial;

  // The session can end while the page is open (logout, expiry): back to /login.
  useEffect(() => {
    if (!session.loggedIn) navigate(paths.login, { replace: true });
  }, [session.loggedIn, navigate]);

  const asked = useRef(false);
  useEffect(() => {
    if (session.loggedIn && session.isTrial && !asked.current) {
      asked.current = true;
      actions.requireRealAccount();
    }
  }, [session.loggedIn, session.isTrial, actions]);

  if (session.loggedIn && session.isTrial) {
    return (
      <div className={s.page} data-testid="member-page">
        <EmptyState
          icon={<ShieldCheck size={28} strokeWidth={1.75} />}
          title={t('member:trialTitle')}
          description={t('member:trialBody')}
          action={<Button onClick={() => actions.openRegister()}>{t('member:trialRegister')}</Button>}
        />
      </div>
    );
  }
  if (!real) return null;
  return <SecurityCentre />;
}

function SecurityCentre() {
  const { t } = useTranslation(['member', 'common'], { useSuspense: true });
  const actions = useUiActions();
  const qc = useQueryClient();
  const security = useQuery(securityQuery());
  const avatar = useQuery(avatarQuery());
  const [editing, setEditing] = useState<'mobile' | 'email' | null>(null);
  const [done, setDone] = useState<string>();

  const bound = (kind: 'mobile' | 'email') => (value: Security) => {
    qc.setQueryData(securityQuery().queryKey, value);
    setEditing(null);
    setDone(kind === 'email' ? t('member:bind.emailDone') : t('member:bind.mobileDone'));
    void refreshMemberInfo();
  };

  const v = security.data;
  return (
    <div className={s.page} data-testid="member-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <ShieldCheck size={22} />
        </span>
        <div>
          <h1 className={s.title}>{t('member:title')}</h1>
          <p className={s.subtitle}>{t('member:subtitle')}</p>
        </div>
      </header>

      {security.isError ? (
        <ErrorState error={security.error} onRetry={() => void security.refetch()} />
      ) : (
        <>
          <section className={s.summary} aria-labelledby="member-summary" data-testid="member-summary">
            <h2 id="member-summary" className="sr-only">
              {t('member:summary')}
            </h2>
            <div className={s.avatar}>
              {avatar.data?.icon ? <img src={avatar.data.icon} alt="" width={72} height={72} /> : <UserRound size={34} aria-hidden="true" />}
            </div>
            <div className={s.who}>
              {v ? (
                <>
                  <p className={s.nickname} data-testid="member-nickname">
                    {v.nickname || v.account}
                  </p>
                  <p className={s.account}>
                    {t('member:account')}: <strong data-testid="member-account">{v.account}</strong>
                  </p>
                </>
              ) : (
                <>
                  <Skeleton width={160} height={22} />
                  <Skeleton width={120} height={16} />
                </>
              )}
            </div>
            <dl className={s.facts}>
              <Fact label={t('member:lastLoginTime')} value={v ? (v.lastLoginTime ? formatDateTime(v.lastLoginTime) : t('member:never')) : undefined} testId="member-last-login" />
              <Fact label={t('member:lastLoginIp')} value={v ? (v.lastLoginTime ? v.lastLoginIp || t('member:unknown') : '—') : undefined} testId="member-last-ip" />
            </dl>
          </section>

          {done && (
            <p className={s.success} role="status" data-testid="member-bind-done">
              <CheckCircle2 size={18} aria-hidden="true" />
              {done}
            </p>
          )}

          <section className={s.items} aria-labelledby="member-security">
            <h2 id="member-security" className={s.sectionTitle}>
              {t('member:security')}
            </h2>

            <Item
              icon={<KeyRound size={20} />}
              title={t('member:password')}
              status={v ? (v.passwordChangedTime ? t('member:passwordChanged', { time: formatDateTime(v.passwordChangedTime) }) : t('member:passwordSet')) : undefined}
              ok
              hint={v?.changePasswordNeedsCode ? t('member:changePasswordNeedsCode') : undefined}
              action={
                <Button variant="outline" size="sm" onClick={() => actions.openChangePassword()} data-testid="member-change-password">
                  {t('member:changePassword')}
                </Button>
              }
              testId="member-item-password"
            />

            <Item
              icon={<Smartphone size={20} />}
              title={t('member:mobile')}
              status={v ? (v.mobileBound ? `+${v.countryDialingCode} ${v.mobileNum}` : t('member:notBound')) : undefined}
              ok={v?.mobileBound}
              action={
                <Button variant="outline" size="sm" onClick={() => { setDone(undefined); setEditing(editing === 'mobile' ? null : 'mobile'); }} aria-expanded={editing === 'mobile'} disabled={!v} data-testid="member-bind-mobile">
                  {v?.mobileBound ? t('member:change') : t('member:bindNow')}
                </Button>
              }
              testId="member-item-mobile"
            >
              {editing === 'mobile' && v && (
                <BindForm kind="mobile" defaultDial={v.countryDialingCode || '63'} onBound={bound('mobile')} onCancel={() => setEditing(null)} />
              )}
            </Item>

            <Item
              icon={<Mail size={20} />}
              title={t('member:email')}
              status={v ? (v.emailBound ? v.email : t('member:notBound')) : undefined}
              ok={v?.emailBound}
              action={
                <Button variant="outline" size="sm" onClick={() => { setDone(undefined); setEditing(editing === 'email' ? null : 'email'); }} aria-expanded={editing === 'email'} disabled={!v} data-testid="member-bind-email">
                  {v?.emailBound ? t('member:change') : t('member:bindNow')}
                </Button>
              }
              testId="member-item-email"
            >
              {editing === 'email' && v && <BindForm kind="email" onBound={bound('email')} onCancel={() => setEditing(null)} />}
            </Item>
          </section>

          <Suspense fallback={<Skeleton height={150} radius="card" />}>
            <PaymentsSection />
          </Suspense>
        </>
      )}
    </div>
  );
}

function Fact({ label, value, testId }: { label: string; value?: string; testId: string }) {
  return (
    <div className={s.fact}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value ?? <Skeleton width={140} height={16} />}</dd>
    </div>
  );
}

function Item({
  icon,
  title,
  status,
  ok,
  hint,
  action,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  status?: string;
  ok?: boolean;
  hint?: string;
  action: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className={s.item} data-testid={testId}>
      <div className={s.itemRow}>
        <span className={s.itemIcon} data-ok={ok || undefined} aria-hidden="true">
          {icon}
        </span>
        <div className={s.itemText}>
          <h3 className={s.itemTitle}>{title}</h3>
          <p className={s.itemStatus} data-testid={`${testId}-status`}>
            {status ?? <Skeleton width={120} height={14} />}
          </p>
          {hint && (
            <p className={s.hint} data-testid={`${testId}-hint`}>
              {hint}
            </p>
          )}
        </div>
        <div className={s.itemAction}>{action}</div>
      </div>
      {children}
    </div>
  );
}
