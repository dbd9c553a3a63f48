// Responsible gaming across the whole session (its own chunk, mounted by the
// storefront layout once a real session exists):
// - reality check: every N minutes from the session's start, a dialog with the
//   time played and this session's net result, "continue" or "log out";
// - session time limit: at its end the player is logged out and told why (a
//   401 rg.session_limit on any call ends the session the same way, lib/api);
// - a time-out or self-exclusion just taken: the "logged out" dialog says until when;
// - a withdrawal-only session (self-excluded with a balance): only the
//   withdraw page, with a banner saying why, and logout.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LogOut, ShieldAlert } from 'lucide-react';
import { Button, Dialog } from '@/components/ui';
import { clearSessionEnd, endSession, logout, useSession } from '@/lib/session';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { rgSettingsQuery, RG_SETTINGS_KEY, type RgSettings } from '../api/rg';
import { formatDuration, formatMoney, nextRealityCheck } from '../lib/rules';
import s from './rg.module.css';

/** The settings are read again now and then, so a change made in another tab reaches this one. */
const REFRESH_MS = 5 * 60_000;

export default function RgShell() {
  const session = useSession();
  const active = session.loggedIn && !session.isTrial && !!session.token;
  const settings = useQuery({ ...rgSettingsQuery(), enabled: active, refetchInterval: active ? REFRESH_MS : false, retry: false });
  const data = active ? settings.data : undefined;
  return (
    <>
      {data?.session && <RealityCheck settings={data} />}
      {data?.session?.endsAt ? <SessionEnd endsAt={data.session.endsAt} /> : null}
      {active && (session.info?.rgRestricted || data?.restricted) && <Restricted settings={data} />}
      {!session.loggedIn && session.ended && <Ended code={session.ended.code} until={session.ended.until} />}
    </>
  );
}

function RealityCheck({ settings }: { settings: RgSettings }) {
  const { t } = useTranslation(['rg', 'common'], { useSuspense: true });
  const qc = useQueryClient();
  const navigate = useNavigate();
  const startedAt = settings.session!.startedAt;
  const minutes = settings.realityCheck.minutes;
  const [due, setDue] = useState<number | null>(null);
  const seen = useRef(0);
  const [bump, setBump] = useState(0);

  useEffect(() => {
    if (due !== null) return;
    const next = nextRealityCheck(startedAt, minutes, Date.now(), seen.current);
    if (next === null) return;
    const timer = setTimeout(
      () => {
        seen.current = next;
        setDue(next);
        // The net result shown is the server's, as of now.
        void qc.invalidateQueries({ queryKey: RG_SETTINGS_KEY });
      },
      Math.max(0, next - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [startedAt, minutes, due, bump, qc]);

  const close = useCallback(() => {
    setDue(null);
    setBump((b) => b + 1);
  }, []);
  if (due === null) return null;
  const net = settings.session!.netResult;
  return (
    <Dialog
      open
      alert
      onClose={close}
      closeOnOverlay={false}
      title={t('rg:shell.realityTitle')}
      size="sm"
      data-testid="rg-reality-dialog"
      footer={
        <div className={s.formActions}>
          <Button onClick={close} data-autofocus data-testid="rg-reality-continue">
            {t('rg:shell.continue')}
          </Button>
          <Button
            variant="secondary"
            icon={<LogOut size={16} aria-hidden="true" />}
            onClick={() => {
              setDue(null);
              void logout().then(() => navigate(paths.home, { replace: true }));
            }}
            data-testid="rg-reality-logout"
          >
            {t('rg:shell.logout')}
          </Button>
        </div>
      }
    >
      <p className={s.muted}>{t('rg:shell.realityBody', { minutes: minutes ?? 0 })}</p>
      <dl className={s.figures}>
        <div className={s.figure}>
          <dt>{t('rg:shell.played')}</dt>
          <dd data-testid="rg-reality-played">{formatDuration(Date.now() - startedAt)}</dd>
        </div>
        <div className={s.figure}>
          <dt>{t('rg:shell.net')}</dt>
          <dd data-testid="rg-reality-net" data-sign={net < 0 ? 'neg' : net > 0 ? 'pos' : undefined}>
            {net > 0 ? '+' : ''}
            {formatMoney(net, settings.currency)}
          </dd>
        </div>
      </dl>
    </Dialog>
  );
}

/** Logs the player out when the session time limit ends. */
function SessionEnd({ endsAt }: { endsAt: number }) {
  useEffect(() => {
    const timer = setTimeout(() => void endSession({ code: 'rg.session_limit' }), Math.max(0, endsAt - Date.now()));
    return () => clearTimeout(timer);
  }, [endsAt]);
  return null;
}

function Ended({ code, until }: { code: string; until?: number }) {
  const { t } = useTranslation(['rg', 'common'], { useSuspense: true });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Off the member pages (which would send a visitor to the login form under this dialog).
  useEffect(() => {
    if (pathname.toLowerCase().startsWith(paths.member.toLowerCase())) navigate(paths.home, { replace: true });
  }, [pathname, navigate]);
  const key = code === 'rg.session_limit' ? 'sessionLimit' : code === 'rg.self_excluded' ? 'exclusion' : 'timeout';
  return (
    <Dialog open alert onClose={clearSessionEnd} title={t('rg:shell.endedTitle')} size="sm" data-testid="rg-ended-dialog" footer={<Button onClick={clearSessionEnd}>{t('rg:shell.ok')}</Button>}>
      <p className={s.muted} data-testid="rg-ended-reason">
        {until ? t(`rg:shell.ended.${key}`, { date: formatDateTime(until) }) : t(`rg:shell.endedNoDate.${key}`)}
      </p>
    </Dialog>
  );
}

function Restricted({ settings }: { settings?: RgSettings }) {
  const { t } = useTranslation(['rg', 'common'], { useSuspense: true });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const allowed = pathname.toLowerCase() === paths.withdraw.toLowerCase();
  useEffect(() => {
    if (!allowed) navigate(paths.withdraw, { replace: true });
  }, [allowed, navigate]);
  const until = settings?.block?.until;
  return (
    <div className={s.banner} role="status" data-testid="rg-restricted-banner">
      <ShieldAlert size={20} aria-hidden="true" />
      <p className={s.bannerText}>
        <strong>{t('rg:shell.restrictedTitle')}</strong> · {until ? t('rg:shell.restrictedBody', { date: formatDateTime(until) }) : t('rg:shell.restrictedNoDate')}
      </p>
      <Button size="sm" variant="secondary" icon={<LogOut size={16} aria-hidden="true" />} onClick={() => void logout().then(() => navigate(paths.home, { replace: true }))} data-testid="rg-restricted-logout">
        {t('rg:shell.logout')}
      </Button>
    </div>
  );
}

