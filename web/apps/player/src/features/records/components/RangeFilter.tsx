// The date range of the records pages, as the account record has it: presets
// (today, the previous 7 and 30 days), steppers moving the window back or
// forward by 7 or 30 days (never past today) and two date inputs.
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { atToday, isDay, matchingPreset, presetRange, shiftRange, type DateRange, type Preset } from '@/lib/dateRange';
import s from './records.module.css';

const PRESETS: Preset[] = ['today', 'last7', 'last30'];

export function RangeFilter({ range, today, onChange }: { range: DateRange; today: string; onChange: (r: DateRange) => void }) {
  const { t } = useTranslation('records');
  const preset = matchingPreset(range, today);
  const step = (days: number, testId: string) => {
    const back = days < 0;
    const n = Math.abs(days);
    const label = t(back ? 'range.back' : 'range.forward', { days: n });
    const Icon = n === 30 ? (back ? ChevronsLeft : ChevronsRight) : back ? ChevronLeft : ChevronRight;
    return (
      <button type="button" className={s.step} onClick={() => onChange(shiftRange(range, days, today))} disabled={!back && atToday(range, today)} aria-label={label} title={label} data-testid={testId}>
        {back && <Icon size={16} aria-hidden="true" className="flip-rtl" />}
        <span>{n}</span>
        {!back && <Icon size={16} aria-hidden="true" className="flip-rtl" />}
      </button>
    );
  };
  return (
    <>
      <div className={s.presetRow} role="group" aria-label={t('range.presets')}>
        {PRESETS.map((k) => (
          <button key={k} type="button" className={s.chip} aria-pressed={preset === k} onClick={() => onChange(presetRange(k, today))} data-testid={`records-preset-${k}`}>
            {t(`range.preset.${k}`)}
          </button>
        ))}
      </div>
      <div className={s.rangeRow}>
        {step(-30, 'records-back-30')}
        {step(-7, 'records-back-7')}
        <div className={s.dates}>
          <label className={s.date}>
            <span className="sr-only">{t('range.from')}</span>
            <input type="date" className="input" value={range.from} max={range.to} onChange={(e) => isDay(e.target.value) && onChange({ from: e.target.value, to: range.to })} data-testid="records-from" />
          </label>
          <span className={s.dash} aria-hidden="true">
            –
          </span>
          <label className={s.date}>
            <span className="sr-only">{t('range.to')}</span>
            <input type="date" className="input" value={range.to} min={range.from} max={today} onChange={(e) => isDay(e.target.value) && onChange({ from: range.from, to: e.target.value })} data-testid="records-to" />
          </label>
        </div>
        {step(7, 'records-forward-7')}
        {step(30, 'records-forward-30')}
      </div>
    </>
  );
}
