// The limits: one card per kind (deposit, loss, wager: per day, week and
// month; the session time limit), each period with what is used, what is left
// and when it resets, an operator's limit marked as such, and a pending raise
// with its live countdown, then "confirm" once the cooling-off is over.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Clock, Hourglass, PiggyBank, ShieldAlert, TrendingDown, Coins } from 'lucide-react';
import { Button, errorMessage } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { cancelLimit, confirmLimit, LIMIT_PERIODS, LIMIT_TYPES, RG_SETTINGS_KEY, type Limit, type LimitType, type RgSettings } from '../api/rg';
import { formatCountdown, formatMoney } from '../lib/rules';
import { LimitEditor } from './LimitEditor';
import { useNow } from './useNow';
import s from './rg.module.css';

const ICONS: Record<LimitType, typeof Coins> = { DEPOSIT: PiggyBank, LOSS: TrendingDown, WAGER: Coins, SESSION: Clock };

export function Limits({ settings }: { settings: RgSettings }) {
  const [editing, setEditing] = useState<Limit | null>(null);
  const [note, setNote] = useState<string>();
  const find = (type: LimitType, period: string) => settings.limits.find((l) => l.type === type && l.period === period);
  const session = find('SESSION', 'SESSION');
  return (
    <>
      {note && (
        <p className={s.note} role="status" data-testid="rg-note">
          {note}
        </p>
      )}
      <div className={s.limitGrid}>
        {LIMIT_TYPES.map((type) => (
          <LimitCard key={type} type={type} settings={settings} limits={LIMIT_PERIODS.map((p) => find(type, p)).filter((l): l is Limit => !!l)} onEdit={setEditing} onNote={setNote} />
        ))}
        {session && <LimitCard type="SESSION" settings={settings} limits={[session]} onEdit={setEditing} onNote={setNote} />}
      </div>
      {editing && (
        <LimitEditor
          key={`${editing.type}-${editing.period}`}
          limit={editing}
          settings={settings}
          onClose={() => setEditing(null)}
          onSaved={(n) => {
            setEditing(null);
            setNote(n);
          }}
        />
      )}
    </>
  );
}

type CardProps = { type: LimitType; settings: RgSettings; limits: Limit[]; onEdit: (l: Limit) => void; onNote: (n: string) => void };

function LimitCard({ type, settings, limits, onEdit, onNote }: CardProps) {
  const { t } = useTranslation('rg', { useSuspense: true });
  const Icon = ICONS[type];
  const titleId = `rg-card-${type}`;
  return (
    <section className={s.card} aria-labelledby={titleId} data-testid={`rg-card-${type}`}>
      <h3 id={titleId} className={s.cardTitle}>
        <Icon size={18} aria-hidden="true" />
        {t(`rg:types.${type}`)}
      </h3>
      <p className={s.muted}>{t(`rg:typeHelp.${type}`)}</p>
      <ul className={s.rows}>
        {limits.map((l) => (
          <LimitRow key={l.period} limit={l} settings={settings} onEdit={() => onEdit(l)} onNote={onNote} />
        ))}
      </ul>
    </section>
  );
}

function LimitRow({ limit, settings, onEdit, onNote }: { limit: Limit; settings: RgSettings; onEdit: () => void; onNote: (n: string) => void }) {
  const { t } = useTranslation(['rg', 'common'], { useSuspense: true });
  const session = limit.type === 'SESSION';
  const value = (v: number) => (session ? t('rg:limit.minutes', { minutes: v }) : formatMoney(v, settings.currency));
  const eff = limit.effective;
  const ratio = eff && eff > 0 ? Math.min(1, limit.used / eff) : 0;
  const label = `${t(`rg:types.${limit.type}`)} · ${t(`rg:periods.${limit.period}`)}`;
  return (
    <li className={s.row} data-testid={`rg-limit-${limit.type}-${limit.period}`}>
      <div className={s.rowHead}>
        <span className={s.period}>{t(`rg:periods.${limit.period}`)}</span>
        <strong className={s.amount} data-testid="rg-limit-value">
          {eff === null ? t('rg:limit.none') : value(eff)}
        </strong>
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`${eff === null ? t('rg:limit.set') : t('rg:limit.edit')}: ${label}`} data-testid="rg-limit-edit">
          {eff === null ? t('rg:limit.set') : t('rg:limit.edit')}
        </Button>
      </div>
      {eff !== null && (
        <>
          <div
            className={s.meter}
            role="meter"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={eff}
            aria-valuenow={Math.min(limit.used, eff)}
            aria-valuetext={t('rg:limit.usedOf', { used: value(limit.used), limit: value(eff) })}
            data-full={ratio >= 1 || undefined}
          >
            <span style={{ inlineSize: `${ratio * 100}%` }} />
          </div>
          <p className={s.rowMeta}>
            <span data-testid="rg-limit-used">{t('rg:limit.usedOf', { used: value(limit.used), limit: value(eff) })}</span>
            <span data-testid="rg-limit-remaining">{t('rg:limit.remaining', { amount: value(Math.max(0, eff - limit.used)) })}</span>
            {limit.resetsAt !== null && <span>{t('rg:limit.resets', { date: formatDateTime(limit.resetsAt) })}</span>}
          </p>
        </>
      )}
      {eff === null && session && limit.used > 0 && <p className={s.rowMeta}>{t('rg:limit.sessionUsed', { minutes: limit.used })}</p>}
      {limit.operatorAmount !== null && (
        <p className={s.operator} data-testid="rg-limit-operator">
          <ShieldAlert size={15} aria-hidden="true" />
          {t('rg:limit.operator', { amount: value(limit.operatorAmount) })}
          {limit.amount !== null && limit.amount < limit.operatorAmount && <> · {t('rg:limit.yours', { amount: value(limit.amount) })}</>}
        </p>
      )}
      {limit.pending && <PendingChange limit={limit} value={value} onNote={onNote} />}
    </li>
  );
}

function PendingChange({ limit, value, onNote }: { limit: Limit; value: (v: number) => string; onNote: (n: string) => void }) {
  const { t } = useTranslation(['rg', 'common'], { useSuspense: true });
  const qc = useQueryClient();
  const pending = limit.pending!;
  const now = useNow(1000, !pending.confirmable);
  const left = pending.effectiveAt - now;
  const ready = pending.confirmable;
  const [busy, setBusy] = useState<'confirm' | 'cancel'>();
  const [error, setError] = useState<string>();
  // The countdown reached zero: ask the server, which says whether it is confirmable now.
  const asked = useRef(false);
  useEffect(() => {
    if (!ready && left <= 0 && !asked.current) {
      asked.current = true;
      void qc.invalidateQueries({ queryKey: RG_SETTINGS_KEY });
    }
  }, [ready, left, qc]);

  const act = async (what: 'confirm' | 'cancel') => {
    setBusy(what);
    setError(undefined);
    try {
      const next = await (what === 'confirm' ? confirmLimit : cancelLimit)(limit.type, limit.period);
      qc.setQueryData<RgSettings>(RG_SETTINGS_KEY, next);
      void qc.invalidateQueries({ queryKey: ['rg', 'history'] });
      onNote(what === 'confirm' ? t('rg:limit.confirmed') : t('rg:limit.cancelled'));
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className={s.pending} data-testid="rg-pending" data-ready={ready || undefined}>
      <p className={s.pendingTitle}>
        <Hourglass size={15} aria-hidden="true" />
        {pending.amount === null ? t('rg:limit.pendingRemoval') : t('rg:limit.pending', { amount: value(pending.amount) })}
      </p>
      {ready ? (
        <p className={s.rowMeta}>{t('rg:limit.confirmNow')}</p>
      ) : (
        <p className={s.rowMeta}>
          {t('rg:limit.confirmIn')}{' '}
          <time className={s.countdown} dateTime={new Date(pending.effectiveAt).toISOString()} data-testid="rg-countdown">
            {formatCountdown(left)}
          </time>
        </p>
      )}
      <div className={s.pendingActions}>
        {ready && (
          <Button size="sm" loading={busy === 'confirm'} disabled={!!busy} onClick={() => void act('confirm')} data-testid="rg-pending-confirm">
            {t('rg:limit.confirm')}
          </Button>
        )}
        <Button size="sm" variant="ghost" loading={busy === 'cancel'} disabled={!!busy} onClick={() => void act('cancel')} data-testid="rg-pending-cancel">
          {t('rg:limit.cancel')}
        </Button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
