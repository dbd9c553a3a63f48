// Building blocks of the agent-centre report pages: the period (spec section
// 9 presets and 7/30-day steps, brand days, kept in the URL so deep links and
// the back button work), a filter card, a money cell, a table with its
// loading, empty and error states, and the CSV button.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { Button, EmptyState, ErrorState, Pager, Skeleton, errorMessage } from '@/components/ui';
import { RangeFilter } from '@/features/records/components/RangeFilter';
import { addDays, isDay, rangeDays, type DateRange } from '@/lib/dateRange';
import { formatMinor, todayInBrand } from '@/lib/format';
import s from './pages.module.css';

/** The period in the URL (?from=&to=), the previous 7 days by default, at most maxDays long. */
export function usePeriod(maxDays: number): { range: DateRange; today: string; setRange: (r: DateRange) => void } {
  const [params, setParams] = useSearchParams();
  const today = todayInBrand();
  const from = params.get('from');
  const to = params.get('to');
  let range: DateRange = { from: addDays(today, -6), to: today };
  if (isDay(from) && isDay(to) && from <= to && to <= today) range = { from, to };
  if (rangeDays(range) > maxDays) range = { from: addDays(range.to, -(maxDays - 1)), to: range.to };
  const setRange = (r: DateRange) => {
    const next = rangeDays(r) > maxDays ? { from: addDays(r.to, -(maxDays - 1)), to: r.to } : r;
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('from', next.from);
        q.set('to', next.to);
        q.delete('page');
        return q;
      },
      { replace: false },
    );
  };
  return { range, today, setRange };
}

/** A page number in the URL (?page=). */
export function usePageParam(): [number, (n: number) => void] {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get('page'));
  const page = Number.isInteger(n) && n > 0 ? n : 1;
  return [
    page,
    (next: number) =>
      setParams((p) => {
        const q = new URLSearchParams(p);
        if (next > 1) q.set('page', String(next));
        else q.delete('page');
        return q;
      }),
  ];
}

export function Filters({ range, today, onRange, children, label }: { range?: DateRange; today?: string; onRange?: (r: DateRange) => void; children?: ReactNode; label: string }) {
  return (
    <section className={s.filters} aria-label={label}>
      {range && today && onRange && <RangeFilter range={range} today={today} onChange={onRange} />}
      {children && <div className={s.filterRow}>{children}</div>}
    </section>
  );
}

/** An amount in minor units; signed ones coloured (members' side: positive green, negative red). */
export function Amount({ value, decimals, signed }: { value: number; decimals: number; signed?: boolean }) {
  const cls = signed ? (value > 0 ? s.up : value < 0 ? s.down : '') : '';
  return (
    <span className={[s.amount, cls].join(' ')} dir="ltr">
      {signed && value > 0 ? '+' : ''}
      {formatMinor(value, decimals)}
    </span>
  );
}

export type Col<T> = { key: string; header: string; cell: (row: T) => ReactNode; end?: boolean };

/** A report table: skeleton while loading, an error with retry, an empty state, then rows, a footer and the pager. */
export function ReportTable<T>(p: {
  caption: string;
  cols: Col<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: string;
  foot?: ReactNode;
  page?: number;
  totalPages?: number;
  onPage?: (n: number) => void;
  busy?: boolean;
  testId: string;
}) {
  if (p.loading) {
    return (
      <div className={s.card} aria-busy="true">
        <Skeleton height={24} />
        <Skeleton height={24} />
        <Skeleton height={24} />
      </div>
    );
  }
  if (p.error) return <ErrorState error={p.error} onRetry={p.onRetry} />;
  if (!p.rows?.length) return <EmptyState title={p.empty} compact />;
  return (
    <div className={s.tableCard} data-testid={p.testId}>
      <div className={s.tableWrap} tabIndex={0} role="region" aria-label={p.caption}>
        <table className={s.table} aria-busy={p.busy || undefined}>
          <caption className="sr-only">{p.caption}</caption>
          <thead>
            <tr>
              {p.cols.map((c) => (
                <th key={c.key} scope="col" className={c.end ? s.end : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={p.rowKey(r)}>
                {p.cols.map((c) => (
                  <td key={c.key} className={c.end ? s.end : undefined} data-label={c.header}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {p.foot && <tfoot>{p.foot}</tfoot>}
        </table>
      </div>
      {p.page && p.totalPages && p.onPage ? <Pager page={p.page} totalPages={p.totalPages} onChange={p.onPage} className={s.pager} /> : null}
    </div>
  );
}

/** The CSV button: downloads through `run`, says what was saved or what went wrong. */
export function CsvButton({ run, disabled }: { run: () => Promise<string>; disabled?: boolean }) {
  const { t } = useTranslation(['agent', 'errors'], { useSuspense: true });
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string }>();
  return (
    <div className={s.csv}>
      <Button
        variant="outline"
        size="sm"
        icon={<Download size={16} aria-hidden="true" />}
        loading={busy}
        disabled={disabled}
        onClick={async () => {
          setBusy(true);
          setNote(undefined);
          try {
            setNote({ ok: true, text: t('agent:report.csvSaved', { name: await run() }) });
          } catch (e) {
            setNote({ ok: false, text: errorMessage(t, e) });
          } finally {
            setBusy(false);
          }
        }}
        data-testid="agent-csv"
      >
        {t('agent:report.csv')}
      </Button>
      {note && (
        <span role="status" className={note.ok ? s.muted : s.errorText}>
          {note.text}
        </span>
      )}
    </div>
  );
}

export const totalPagesOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / (pageSize || 20)));

/** The period line every report shows ("2026-11-21 – 2026-11-27 (Asia/Manila)"). */
export function PeriodNote({ from, to, timezone }: { from?: string; to?: string; timezone?: string }) {
  const { t } = useTranslation('agent', { useSuspense: true });
  if (!from || !to) return null;
  return <p className={s.muted}>{t('agent:report.period', { from, to, zone: timezone ?? '' })}</p>;
}
