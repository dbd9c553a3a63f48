// /member/transactionHistory (account record, spec sections 2 and 9): every
// movement of the member's money in a date range (presets: today, the previous
// 7 and 30 days; steppers move the window back or forward by 7 or 30 days,
// never past today), filtered by type, paged, with the totals in and out of
// the whole filter and a CSV export of the same filter. The filter lives in
// the URL so a reload or a shared link keeps it.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Download, ReceiptText, TrendingDown, TrendingUp } from 'lucide-react';
import { Button, EmptyState, ErrorState, Pager, Skeleton, errorMessage } from '@/components/ui';
import { useSession } from '@/lib/session';
import { balanceQuery } from '../api/balance';
import { formatBalance } from '../api/format';
import { PAGE_SIZE, TRANSACTION_TYPES, downloadTransactionsCsv, transactionsQuery, type TransactionType } from '../api/transactions';
import { atToday, clampRange, formatInZone, isDay, matchingPreset, presetRange, shiftRange, todayIn, type DateRange, type Preset } from '../lib/dateRange';
import p from './page.module.css';
import s from './TransactionHistory.module.css';

const PRESETS: Preset[] = ['today', 'last7', 'last30'];

/** Reads the filter from the URL; anything missing or malformed falls back to the previous 7 days, all types, page 1. */
export function readFilter(params: URLSearchParams, today: string): { range: DateRange; type: TransactionType | ''; page: number } {
  const from = params.get('from');
  const to = params.get('to');
  const range = isDay(from) && isDay(to) ? clampRange({ from, to }, today) : presetRange('last7', today);
  const t = params.get('type') ?? '';
  const type = (TRANSACTION_TYPES as readonly string[]).includes(t) ? (t as TransactionType) : '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { range, type, page };
}

export function TransactionHistory() {
  const { t } = useTranslation(['wallet', 'common', 'errors'], { useSuspense: true });
  const { token } = useSession();
  const id = useId();
  const [params, setParams] = useSearchParams();
  // Dates are the brand's calendar days: "today" follows its time zone once an answer named it.
  const [timeZone, setTimeZone] = useState<string>();
  const today = todayIn(timeZone);
  const { range, type, page } = readFilter(params, today);
  const filter = useMemo(() => ({ from: range.from, to: range.to, type, page, pageSize: PAGE_SIZE }), [range.from, range.to, type, page]);
  const q = useQuery(transactionsQuery(token, filter));
  const money = useQuery(balanceQuery(token)).data;
  const answeredZone = q.data?.timezone;
  useEffect(() => {
    if (answeredZone) setTimeZone(answeredZone);
  }, [answeredZone]);
  const [exporting, setExporting] = useState(false);
  const [exportNote, setExportNote] = useState<{ ok: boolean; text: string }>();

  // Filters written but not rendered yet: two changes in a row (before the
  // address updates) build on each other instead of the second undoing the first.
  const pending = useRef<URLSearchParams | null>(null);
  const paramsKey = params.toString();
  useEffect(() => {
    pending.current = null;
  }, [paramsKey]);
  const update = (next: { range?: DateRange; type?: TransactionType | ''; page?: number }) => {
    const base = pending.current ?? params;
    const cur = readFilter(base, today);
    const r = clampRange(next.range ?? cur.range, today);
    const n = new URLSearchParams(base);
    n.set('from', r.from);
    n.set('to', r.to);
    const ty = next.type ?? cur.type;
    if (ty) n.set('type', ty);
    else n.delete('type');
    const pg = next.page ?? 1;
    if (pg > 1) n.set('page', String(pg));
    else n.delete('page');
    setExportNote(undefined);
    pending.current = n;
    setParams(n, { replace: true });
  };

  const data = q.data;
  const decimals = data?.decimals ?? money?.decimals ?? 2;
  const cur = { currency: data?.currency ?? money?.currency ?? '', currencySymbol: money?.currencySymbol ?? '', decimals };
  const fmt = (minor: number) => formatBalance({ ...cur, balance: minor });
  const signed = (minor: number) => (minor > 0 ? `+${fmt(minor)}` : minor < 0 ? `-${fmt(-minor)}` : fmt(0));
  const totalPages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || PAGE_SIZE))) : 1;
  const preset = matchingPreset(range, today);
  const typeLabel = (ty: string) => t(`wallet:record.types.${ty}`, { defaultValue: ty });

  const exportCsv = async () => {
    if (!token || exporting) return;
    setExporting(true);
    setExportNote(undefined);
    try {
      const name = await downloadTransactionsCsv(token, filter);
      setExportNote({ ok: true, text: t('wallet:record.exported', { name }) });
    } catch (e) {
      setExportNote({ ok: false, text: errorMessage(t, e) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className={p.page} data-testid="record-page">
      <header className={p.head}>
        <span className={p.headIcon} aria-hidden="true">
          <ReceiptText size={22} />
        </span>
        <div className={p.headText}>
          <h1 className={p.title}>{t('wallet:record.title')}</h1>
          <p className={p.subtitle}>{t('wallet:record.subtitle')}</p>
        </div>
        <Button variant="outline" icon={<Download size={16} />} onClick={() => void exportCsv()} loading={exporting} disabled={!token} data-testid="record-export">
          {t('wallet:record.export')}
        </Button>
      </header>

      <section className={s.filters} aria-label={t('wallet:record.filters')}>
        <div className={s.presetRow} role="group" aria-label={t('wallet:record.presets')}>
          {PRESETS.map((k) => (
            <button key={k} type="button" className={s.chip} aria-pressed={preset === k} onClick={() => update({ range: presetRange(k, today) })} data-testid={`record-preset-${k}`}>
              {t(`wallet:record.preset.${k}`)}
            </button>
          ))}
        </div>
        <div className={s.rangeRow}>
          <button type="button" className={s.step} onClick={() => update({ range: shiftRange(range, -30, today) })} aria-label={t('wallet:record.back', { days: 30 })} title={t('wallet:record.back', { days: 30 })} data-testid="record-back-30">
            <ChevronsLeft size={16} aria-hidden="true" className="flip-rtl" />
            <span>30</span>
          </button>
          <button type="button" className={s.step} onClick={() => update({ range: shiftRange(range, -7, today) })} aria-label={t('wallet:record.back', { days: 7 })} title={t('wallet:record.back', { days: 7 })} data-testid="record-back-7">
            <ChevronLeft size={16} aria-hidden="true" className="flip-rtl" />
            <span>7</span>
          </button>
          <div className={s.dates}>
            <label className={s.date}>
              <span className="sr-only">{t('wallet:record.from')}</span>
              <input
                type="date"
                className="input"
                value={range.from}
                max={range.to}
                onChange={(e) => isDay(e.target.value) && update({ range: { from: e.target.value, to: range.to } })}
                data-testid="record-from"
              />
            </label>
            <span className={s.dash} aria-hidden="true">
              –
            </span>
            <label className={s.date}>
              <span className="sr-only">{t('wallet:record.to')}</span>
              <input
                type="date"
                className="input"
                value={range.to}
                min={range.from}
                max={today}
                onChange={(e) => isDay(e.target.value) && update({ range: { from: range.from, to: e.target.value } })}
                data-testid="record-to"
              />
            </label>
          </div>
          <button type="button" className={s.step} onClick={() => update({ range: shiftRange(range, 7, today) })} disabled={atToday(range, today)} aria-label={t('wallet:record.forward', { days: 7 })} title={t('wallet:record.forward', { days: 7 })} data-testid="record-forward-7">
            <span>7</span>
            <ChevronRight size={16} aria-hidden="true" className="flip-rtl" />
          </button>
          <button type="button" className={s.step} onClick={() => update({ range: shiftRange(range, 30, today) })} disabled={atToday(range, today)} aria-label={t('wallet:record.forward', { days: 30 })} title={t('wallet:record.forward', { days: 30 })} data-testid="record-forward-30">
            <span>30</span>
            <ChevronsRight size={16} aria-hidden="true" className="flip-rtl" />
          </button>
        </div>
        <div className={s.types} role="group" aria-label={t('wallet:record.type')}>
          {(['', ...TRANSACTION_TYPES] as const).map((k) => (
            <button key={k || 'all'} type="button" className={s.chip} aria-pressed={type === k} onClick={() => update({ type: k })} data-testid={`record-type-${k || 'all'}`}>
              {k ? typeLabel(k) : t('wallet:record.allTypes')}
            </button>
          ))}
        </div>
      </section>

      {exportNote && (
        <p className={s.note} data-ok={exportNote.ok || undefined} role={exportNote.ok ? 'status' : 'alert'} data-testid={exportNote.ok ? 'record-export-done' : 'record-export-error'}>
          {exportNote.text}
        </p>
      )}

      <section className={s.sums} aria-label={t('wallet:record.totals')} data-testid="record-sums">
        <div className={s.sum} data-dir="in">
          <TrendingUp size={18} aria-hidden="true" />
          <span className={s.sumLabel}>{t('wallet:record.totalIn')}</span>
          <strong className={s.sumValue} data-testid="record-sum-in">
            {data ? <span dir="ltr">{`+${fmt(Math.abs(data.sums?.in ?? 0))}`}</span> : <Skeleton width={90} height={18} />}
          </strong>
        </div>
        <div className={s.sum} data-dir="out">
          <TrendingDown size={18} aria-hidden="true" />
          <span className={s.sumLabel}>{t('wallet:record.totalOut')}</span>
          <strong className={s.sumValue} data-testid="record-sum-out">
            {data ? <span dir="ltr">{`-${fmt(Math.abs(data.sums?.out ?? 0))}`}</span> : <Skeleton width={90} height={18} />}
          </strong>
        </div>
        <div className={s.sum}>
          <span className={s.sumLabel}>{t('wallet:record.count')}</span>
          <strong className={s.sumValue} data-testid="record-count">
            {data ? data.total : <Skeleton width={40} height={18} />}
          </strong>
        </div>
      </section>

      {q.isError && !data ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !data ? (
        <div className={s.tableWrap} aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className={s.skeletonRow}>
              <Skeleton height={18} />
            </div>
          ))}
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState icon={<ReceiptText size={28} strokeWidth={1.75} />} title={t('wallet:record.emptyTitle')} description={t('wallet:record.emptyBody')} />
      ) : (
        <>
          <div className={s.tableWrap} data-fetching={q.isFetching || undefined}>
            <table className={s.table} aria-describedby={`${id}-caption`} data-testid="record-table">
              <caption id={`${id}-caption`} className="sr-only">
                {t('wallet:record.caption', { from: range.from, to: range.to })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('wallet:record.col.time')}</th>
                  <th scope="col">{t('wallet:record.col.type')}</th>
                  <th scope="col" className={s.num}>
                    {t('wallet:record.col.amount')}
                  </th>
                  <th scope="col" className={s.num}>
                    {t('wallet:record.col.balanceAfter')}
                  </th>
                  <th scope="col">{t('wallet:record.col.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((row) => (
                  <tr key={row.id} data-testid="record-row" data-type={row.type}>
                    <td data-label={t('wallet:record.col.time')} className={s.time}>
                      <time dateTime={new Date(row.time).toISOString()} dir="ltr">{formatInZone(row.time, timeZone)}</time>
                    </td>
                    <td data-label={t('wallet:record.col.type')} className={s.typeCell}>
                      <span className={s.typeTag} data-type={row.type} data-testid="record-type">
                        {/* A commission is filed under "bonus" (the filter); the line names it for what it is. */}
                        {row.kind === 'commission' ? t('wallet:record.kinds.commission') : typeLabel(row.type)}
                      </span>
                      {/* Most lines are the main wallet's: only the others (withdrawal hold, bonus, ...) are named. */}
                      {row.wallet && row.wallet !== 'MAIN' && (
                        <small className={s.wallet} data-testid="record-wallet">
                          {t(`wallet:record.wallet.${row.wallet}`, { defaultValue: row.wallet })}
                        </small>
                      )}
                    </td>
                    <td data-label={t('wallet:record.col.amount')} className={[s.num, s.amount].join(' ')} data-sign={row.amount > 0 ? 'in' : row.amount < 0 ? 'out' : undefined} data-testid="record-amount">
                      <span dir="ltr">{signed(row.amount)}</span>
                    </td>
                    <td data-label={t('wallet:record.col.balanceAfter')} className={s.num} data-testid="record-balance-after">
                      <span dir="ltr">{fmt(row.balanceAfter)}</span>
                    </td>
                    <td data-label={t('wallet:record.col.reference')} className={s.ref}>
                      <span data-testid="record-reference">{row.reference || '—'}</span>
                      {(row.remarkCode || row.remark) && (
                        <small className={s.remark} data-testid="record-remark">
                          {[row.remarkCode ? t(`wallet:record.remarks.${row.remarkCode}`) : '', row.remark].filter(Boolean).join(' · ')}
                        </small>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={Math.min(page, totalPages)} totalPages={totalPages} onChange={(pg) => update({ page: pg })} />
        </>
      )}
    </div>
  );
}
