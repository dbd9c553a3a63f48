// Reality checks (off, 15, 30, 60 minutes), a time-out (24 h, 7 d, 30 d,
// 6 weeks) and self-exclusion (6 months, 1 year, 5 years). Taking a break asks
// for confirmation in a dialog that spells out what follows: every session
// ends at once and login is refused until the date; self-exclusion cannot be
// taken back.
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlarmClock, Ban, Coffee } from 'lucide-react';
import { Button, Dialog, errorMessage } from '@/components/ui';
import { endSession } from '@/lib/session';
import { formatDateTime } from '@/lib/format';
import {
  EXCLUSION_PERIODS,
  REALITY_CHECK_MINUTES,
  RG_SETTINGS_KEY,
  selfExclude,
  setRealityCheck,
  takeTimeout,
  TIMEOUT_PERIODS,
  type ExclusionPeriod,
  type RgSettings,
  type TimeoutPeriod,
} from '../api/rg';
import s from './rg.module.css';

export function RealityCheckSection({ settings }: { settings: RgSettings }) {
  const { t } = useTranslation('rg', { useSuspense: true });
  const qc = useQueryClient();
  const current = settings.realityCheck.minutes ?? 0;
  const [busy, setBusy] = useState<number>();
  const [status, setStatus] = useState<{ ok: boolean; text: string }>();
  const choose = async (minutes: number) => {
    if (minutes === current || busy !== undefined) return;
    setBusy(minutes);
    setStatus(undefined);
    try {
      qc.setQueryData(RG_SETTINGS_KEY, await setRealityCheck(minutes));
      void qc.invalidateQueries({ queryKey: ['rg', 'history'] });
      setStatus({ ok: true, text: t('rg:reality.saved') });
    } catch (err) {
      setStatus({ ok: false, text: errorMessage(t, err) });
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section className={s.card} aria-labelledby="rg-reality" data-testid="rg-reality">
      <h2 id="rg-reality" className={s.cardTitle}>
        <AlarmClock size={18} aria-hidden="true" />
        {t('rg:reality.title')}
      </h2>
      <p className={s.muted}>{t('rg:reality.body')}</p>
      <div className={s.choices} role="radiogroup" aria-labelledby="rg-reality">
        {[0, ...REALITY_CHECK_MINUTES].map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === current}
            className={s.choice}
            disabled={busy !== undefined}
            onClick={() => void choose(m)}
            data-testid={`rg-reality-${m}`}
          >
            {m === 0 ? t('rg:reality.off') : t('rg:reality.every', { minutes: m })}
          </button>
        ))}
      </div>
      {status && (
        <p className={status.ok ? s.okText : 'field-error'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      )}
    </section>
  );
}

const DAY = 86_400_000;
/** When a break taken now would end (shown before confirming; the server's date is the one that counts). */
export function breakEnd(period: TimeoutPeriod | ExclusionPeriod, now: number): number {
  const d = new Date(now);
  switch (period) {
    case '24H':
      return now + DAY;
    case '7D':
      return now + 7 * DAY;
    case '30D':
      return now + 30 * DAY;
    case '6W':
      return now + 42 * DAY;
    case '6M':
      return new Date(d).setMonth(d.getMonth() + 6);
    case '1Y':
      return new Date(d).setFullYear(d.getFullYear() + 1);
    case '5Y':
      return new Date(d).setFullYear(d.getFullYear() + 5);
  }
}

type Kind = 'timeout' | 'exclusion';

export function BreakSection() {
  const { t } = useTranslation('rg', { useSuspense: true });
  const [timeout, setTimeoutPeriod] = useState<TimeoutPeriod>('24H');
  const [exclusion, setExclusion] = useState<ExclusionPeriod>('6M');
  const [asking, setAsking] = useState<Kind>();
  return (
    <section className={s.card} aria-labelledby="rg-break" data-testid="rg-break">
      <h2 id="rg-break" className={s.cardTitle}>
        <Coffee size={18} aria-hidden="true" />
        {t('rg:break.title')}
      </h2>
      <div className={s.breakGrid}>
        <div className={s.breakBox}>
          <h3 className={s.breakTitle}>{t('rg:timeout.title')}</h3>
          <p className={s.muted}>{t('rg:timeout.body')}</p>
          <PeriodChoice name="timeout" periods={TIMEOUT_PERIODS} value={timeout} onChange={setTimeoutPeriod} label={t('rg:timeout.title')} />
          <Button variant="outline" icon={<Coffee size={16} />} onClick={() => setAsking('timeout')} data-testid="rg-timeout-take">
            {t('rg:timeout.take')}
          </Button>
        </div>
        <div className={s.breakBox}>
          <h3 className={s.breakTitle}>{t('rg:exclusion.title')}</h3>
          <p className={s.muted}>{t('rg:exclusion.body')}</p>
          <PeriodChoice name="exclusion" periods={EXCLUSION_PERIODS} value={exclusion} onChange={setExclusion} label={t('rg:exclusion.title')} />
          <Button variant="danger" icon={<Ban size={16} />} onClick={() => setAsking('exclusion')} data-testid="rg-exclusion-take">
            {t('rg:exclusion.take')}
          </Button>
        </div>
      </div>
      {asking && <ConfirmBreak kind={asking} period={asking === 'timeout' ? timeout : exclusion} onClose={() => setAsking(undefined)} />}
    </section>
  );
}

function PeriodChoice<P extends string>({ name, periods, value, onChange, label }: { name: string; periods: readonly P[]; value: P; onChange: (p: P) => void; label: string }) {
  const { t } = useTranslation('rg', { useSuspense: true });
  return (
    <fieldset className={s.periods}>
      <legend className="sr-only">{label}</legend>
      {periods.map((p) => (
        <label key={p} className={s.periodOption}>
          <input type="radio" name={`rg-${name}`} value={p} checked={value === p} onChange={() => onChange(p)} data-testid={`rg-${name}-${p}`} />
          <span>{t(`rg:periodsBreak.${p}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function ConfirmBreak({ kind, period, onClose }: { kind: Kind; period: TimeoutPeriod | ExclusionPeriod; onClose: () => void }) {
  const { t } = useTranslation(['rg', 'common'], { useSuspense: true });
  const id = useId();
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const until = breakEnd(period, Date.now());
  const exclusion = kind === 'exclusion';
  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if (exclusion) await selfExclude(period as ExclusionPeriod);
      else await takeTimeout(period as TimeoutPeriod);
      // Every session of the player has ended on the server; this one says why.
      await endSession({ code: exclusion ? 'rg.self_excluded' : 'rg.timeout', until });
    } catch (err) {
      setError(errorMessage(t, err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      alert
      onClose={busy ? () => undefined : onClose}
      title={exclusion ? t('rg:confirm.exclusionTitle', { period: t(`rg:periodsBreak.${period}`) }) : t('rg:confirm.timeoutTitle', { period: t(`rg:periodsBreak.${period}`) })}
      size="sm"
      data-testid="rg-break-dialog"
      footer={
        <div className={s.formActions}>
          <Button variant={exclusion ? 'danger' : 'primary'} disabled={!understood} loading={busy} onClick={() => void go()} data-testid="rg-break-confirm">
            {exclusion ? t('rg:exclusion.take') : t('rg:timeout.take')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {t('common:cancel')}
          </Button>
        </div>
      }
    >
      <ul className={s.consequences}>
        <li>{t('rg:confirm.until', { date: formatDateTime(until) })}</li>
        <li>{t('rg:confirm.loggedOut')}</li>
        <li>{t('rg:confirm.noLogin')}</li>
        {exclusion && <li>{t('rg:confirm.notRevocable')}</li>}
        {exclusion && <li>{t('rg:confirm.withdraw')}</li>}
      </ul>
      <label className={s.understand} htmlFor={`${id}-ok`}>
        <input id={`${id}-ok`} type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} data-testid="rg-break-understand" />
        <span>{t('rg:confirm.understand')}</span>
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
