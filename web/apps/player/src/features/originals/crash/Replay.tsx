// A Crash bet on the recall page: the round's curve up to its crash point,
// the member's cash-out marked on it, and the proof link.
import { useTranslation } from 'react-i18next';
import type { Round } from '../api';
import { formatMinor } from '@/lib/format';
import { formatPoint, multiplierAt, timeTo } from './maths';
import { crashVerifyQuery } from './CrashGame';
import { useVerifyLink } from '../verify/link';
import s from './crash.module.css';

const W = 320;
const H = 160;

export function CrashReplay({ round }: { round: Round }) {
  const { t } = useTranslation('slotcrash', { useSuspense: true });
  const o = round.outcome as { point?: number; hash?: string; cashedOutAt?: number };
  const p = round.params as { autoCashout?: number };
  const point = o.point ?? 0;
  const span = Math.max(timeTo(Math.max(point, 101)), 1000);
  const top = Math.max(point, o.cashedOutAt ?? 0, 110);
  const x = (ms: number) => 10 + (ms / span) * (W - 20);
  const y = (m: number) => H - 10 - ((m - 100) / (top - 100)) * (H - 20);
  const pts = Array.from({ length: 41 }, (_, i) => (span * i) / 40).map((ms) => `${x(ms).toFixed(1)},${y(Math.min(multiplierAt(ms), point || 100)).toFixed(1)}`);
  const cash = o.cashedOutAt ? { cx: x(timeTo(o.cashedOutAt)), cy: y(o.cashedOutAt) } : null;
  return (
    <div className={s.replay} data-testid="crash-replay">
      {point > 0 && (
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('crash.crashedAt', { point: formatPoint(point) })}>
          <polyline points={pts.join(' ')} fill="none" stroke="#ffd86b" strokeWidth="3" strokeLinejoin="round" />
          <circle cx={x(span)} cy={y(point)} r="6" fill="#ff4d5e" />
          {cash && <circle cx={cash.cx} cy={cash.cy} r="6" fill="#1fc3a7" stroke="#fff" strokeWidth="2" />}
        </svg>
      )}
      <div className={s.replayFacts}>
        <div>
          <span>{t('crash.replay.point')}</span>
          <strong>{point ? formatPoint(point) : '—'}</strong>
        </div>
        <div>
          <span>{t('crash.replay.cashedOut')}</span>
          <strong>{o.cashedOutAt ? formatPoint(o.cashedOutAt) : '—'}</strong>
        </div>
        <div>
          <span>{t('crash.replay.auto')}</span>
          <strong>{p.autoCashout ? formatPoint(p.autoCashout) : '—'}</strong>
        </div>
        <div>
          <span>{t('crash.col.win')}</span>
          <strong>
            {formatMinor(round.win ?? 0)} {round.currency}
          </strong>
        </div>
      </div>
      {o.hash && (
        <VerifyHashLink hash={o.hash} label={t('crash.verifyHash', { hash: o.hash })} className={s.hash} />
      )}
    </div>
  );
}

function VerifyHashLink({ hash, label, className }: { hash: string; label: string; className: string }) {
  const link = useVerifyLink(crashVerifyQuery(hash));
  return (
    <a {...link} className={className}>
      {label}
    </a>
  );
}
