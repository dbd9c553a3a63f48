// The period of a report: presets counted in the brand's time zone, or a
// custom range of days. The custom range is applied with its button (a
// half-typed date never fires a request).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, DateRangePicker } from '@palaro/ui';
import { isPeriodValid, MAX_DAYS, presetPeriod, previousPeriod, PRESETS, type Period, type Preset } from '../api/period';
import s from './Reports.module.css';

type Props = {
  value: Period;
  timeZone: string | undefined;
  onChange: (p: Period) => void;
  /** Shows the period it is compared with (the dashboard). */
  compare?: boolean;
};

export function PeriodPicker({ value, timeZone, onChange, compare }: Props) {
  const { t } = useTranslation('console-reports');
  const [draft, setDraft] = useState<Period>(value);
  const [shown, setShown] = useState(value);
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value);
    setDraft(value);
  }
  const valid = isPeriodValid(draft);
  const prev = previousPeriod(value);
  return (
    <div className={s.period}>
      <div className={s.presets} role="group" aria-label={t('period.presets')}>
        {PRESETS.map((k: Preset) => {
          const p = presetPeriod(k, timeZone);
          const on = p.from === value.from && p.to === value.to;
          return (
            <Button key={k} size="sm" variant={on ? 'primary' : 'secondary'} aria-pressed={on} onClick={() => onChange(p)}>
              {t(`period.${k}`)}
            </Button>
          );
        })}
      </div>
      <form
        className={s.custom}
        noValidate
        aria-label={t('period.custom')}
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onChange(draft);
        }}
      >
        <DateRangePicker
          value={draft}
          onChange={setDraft}
          labels={{ legend: t('period.custom'), from: t('period.from'), to: t('period.to'), invalid: t('period.invalid', { max: MAX_DAYS }) }}
        />
        <Button type="submit" size="sm" variant="secondary" disabled={!valid}>
          {t('period.apply')}
        </Button>
      </form>
      {!valid && draft.from && draft.to && draft.from <= draft.to && (
        <p role="alert" className={s.error}>
          {t('period.invalid', { max: MAX_DAYS })}
        </p>
      )}
      <p className={s.periodNote}>
        {compare ? t('period.comparedWith', { from: value.from, to: value.to, prevFrom: prev.from, prevTo: prev.to }) : t('period.showing', { from: value.from, to: value.to })}
        {timeZone ? ` ${t('period.zone', { zone: timeZone })}` : ''}
      </p>
    </div>
  );
}
