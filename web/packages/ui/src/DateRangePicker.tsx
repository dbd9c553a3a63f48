// A from/to day range as two native date inputs in a labelled group (the
// browser's own picker: keyboard and screen reader support come with it),
// with optional presets. Days are yyyy-mm-dd strings; the app turns them into
// instants in its time zone. A from after to is marked invalid.
import { useId } from 'react';
import s from './DateRangePicker.module.css';

export type DateRange = { from: string; to: string };
export type DateRangeLabels = { legend: string; from: string; to: string; invalid: string };

export type DateRangePickerProps = {
  value: DateRange;
  onChange: (r: DateRange) => void;
  labels: DateRangeLabels;
  presets?: { label: string; range: DateRange }[];
  min?: string;
  max?: string;
  className?: string;
};

export function isRangeValid(r: DateRange): boolean {
  return !r.from || !r.to || r.from <= r.to;
}

export function DateRangePicker({ value, onChange, labels, presets, min, max, className }: DateRangePickerProps) {
  const id = useId();
  const invalid = !isRangeValid(value);
  return (
    <fieldset className={[s.range, className ?? ''].filter(Boolean).join(' ')} aria-describedby={invalid ? `${id}-err` : undefined}>
      <legend className={s.legend}>{labels.legend}</legend>
      <div className={s.inputs}>
        <label className={s.part}>
          <span>{labels.from}</span>
          <input type="date" className={s.input} value={value.from} min={min} max={value.to || max} aria-invalid={invalid || undefined} onChange={(e) => onChange({ ...value, from: e.target.value })} />
        </label>
        <label className={s.part}>
          <span>{labels.to}</span>
          <input type="date" className={s.input} value={value.to} min={value.from || min} max={max} aria-invalid={invalid || undefined} onChange={(e) => onChange({ ...value, to: e.target.value })} />
        </label>
        {presets?.map((p) => (
          <button key={p.label} type="button" className={s.preset} aria-pressed={p.range.from === value.from && p.range.to === value.to} onClick={() => onChange(p.range)}>
            {p.label}
          </button>
        ))}
      </div>
      {invalid && (
        <p id={`${id}-err`} role="alert" className={s.error}>
          {labels.invalid}
        </p>
      )}
    </fieldset>
  );
}
