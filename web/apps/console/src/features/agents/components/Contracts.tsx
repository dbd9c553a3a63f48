// Contracts: by agent (a username, either party), type and status, kept in
// the URL, server-paged; a contract's terms open in a dialog, worded as
// money and percentages. With commission.write the platform offers a
// contract to a top agent (?offer=<username> opens the form for that
// agent) and ends its own contracts.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FilePlus2 } from 'lucide-react';
import { Button, DataTable, EmptyState, SelectField, Spinner, TextField, type Column } from '@palaro/ui';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { CONTRACT_STATUSES, CONTRACT_TYPES, PAGE_SIZE, contractsQuery, type Contract, type ContractFilter } from '../api/commission';
import { USERNAME_MAX, formatRate } from '../api/schema';
import { ContractDialog } from './ContractDialog';
import { OfferDialog } from './OfferDialog';
import { Badge, NS } from './shared';
import s from './Agents.module.css';

const EMPTY: ContractFilter = { agent: '', type: '', status: '' };

function readFilter(sp: URLSearchParams): ContractFilter {
  const type = sp.get('type') ?? '';
  const status = sp.get('status') ?? '';
  return {
    agent: (sp.get('agent') ?? '').trim().slice(0, USERNAME_MAX),
    type: (CONTRACT_TYPES as readonly string[]).includes(type) ? type : '',
    status: (CONTRACT_STATUSES as readonly string[]).includes(status) ? status : '',
  };
}

/** "Tiers: 3 · 0.5% to 1.2%" or the three real-time rates. */
export function useTerms() {
  const { t } = useTranslation(NS);
  return (c: Contract) => {
    if (c.realtime) return t('contracts.realtimeTerms', { win: formatRate(c.realtime.winRate), loss: formatRate(c.realtime.lossRate), bet: formatRate(c.realtime.betRate) });
    const tiers = c.tiers ?? [];
    if (tiers.length === 0) return '—';
    return t('contracts.tierTerms', { n: tiers.length, from: formatRate(tiers[0].rate), to: formatRate(tiers[tiers.length - 1].rate) });
  };
}

export function Contracts(p: { canWrite: boolean; treePath: (account: string) => string }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const terms = useTerms();
  const [sp, setSp] = useSearchParams();
  const filter = readFilter(sp);
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const offerTo = p.canWrite ? sp.get('offer') : null;
  const q = useQuery(contractsQuery(filter, page));
  const [openId, setOpenId] = useState<number | null>(null);
  const [offering, setOffering] = useState(false);

  const apply = (f: ContractFilter, pg = 1) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(f)) if (v.trim()) next.set(k, v.trim());
    if (pg > 1) next.set('page', String(pg));
    setSp(next);
  };
  const closeOffer = () => {
    setOffering(false);
    if (offerTo !== null) {
      const next = new URLSearchParams(sp);
      next.delete('offer');
      setSp(next, { replace: true });
    }
  };

  const party = (id: number, account: string) =>
    id === 0 ? (
      <span className={s.muted}>{t('common.platform')}</span>
    ) : (
      <Link to={p.treePath(account)} className={s.rowLink}>
        {account}
      </Link>
    );
  const columns: Column<Contract>[] = [
    { key: 'id', header: t('contracts.col.id'), cell: (c) => c.id, align: 'end', nowrap: true },
    {
      key: 'type',
      header: t('contracts.col.type'),
      cell: (c) => (
        <span className={s.stack}>
          <span>{t(`contractTypes.${c.type}`, { defaultValue: c.type })}</span>
          <span className={s.muted}>{t(`periods.${c.period}`, { defaultValue: c.period })}</span>
        </span>
      ),
    },
    {
      key: 'parties',
      header: t('contracts.col.parties'),
      cell: (c) => (
        <span className={s.stack}>
          <span>{party(c.downlineId, c.downlineAccount)}</span>
          <span className={s.muted}>{t('contracts.offeredBy', { account: c.uplineId === 0 ? t('common.platform') : c.uplineAccount })}</span>
        </span>
      ),
    },
    { key: 'terms', header: t('contracts.col.terms'), cell: (c) => terms(c) },
    {
      key: 'status',
      header: t('contracts.col.status'),
      cell: (c) => (
        <span className={s.statusCell}>
          <Badge group="contractStatus" value={c.status} />
          {c.endReason && <span className={s.muted}>{t(`endReasons.${c.endReason}`, { defaultValue: c.endReason })}</span>}
        </span>
      ),
    },
    { key: 'offered', header: t('contracts.col.offered'), cell: (c) => formatDateTime(c.offeredAt), nowrap: true },
    {
      key: 'open',
      header: <span className="sr-only">{t('contracts.col.actions')}</span>,
      cell: (c) => (
        <Button size="sm" variant="ghost" aria-label={t('contracts.detailsOf', { id: c.id })} onClick={() => setOpenId(c.id)}>
          {t('contracts.details')}
        </Button>
      ),
    },
  ];
  const open = q.data?.list.find((c) => c.id === openId) ?? null;

  return (
    <>
      <PageHeader
        title={t('contracts.title')}
        intro={t('contracts.intro')}
        actions={
          p.canWrite ? (
            <Button icon={<FilePlus2 size={16} aria-hidden="true" />} onClick={() => setOffering(true)}>
              {t('contracts.offer')}
            </Button>
          ) : undefined
        }
      />
      <Filters key={`filters:${sp.toString()}`} value={filter} onApply={(f) => apply(f)} />
      {q.isPending ? (
        <Spinner label={tc('common.loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <p className={s.total} aria-live="polite">
            {t('contracts.total', { count: q.data.total })}
          </p>
          <DataTable
            caption={t('contracts.caption')}
            hideCaption
            columns={columns}
            rows={q.data.list}
            rowKey={(c) => c.id}
            labels={tableLabels(tc)}
            page={page}
            onPageChange={(pg) => apply(filter, pg)}
            manual={{ totalPages: Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) }}
            busy={q.isFetching}
            empty={<EmptyState compact title={t('contracts.empty')} />}
          />
        </>
      )}
      <ContractDialog contract={open} decimals={q.data?.decimals ?? 2} currency={q.data?.currency ?? ''} canWrite={p.canWrite} onClose={() => setOpenId(null)} />
      {p.canWrite && (
        <OfferDialog
          key={`offer:${offerTo ?? ''}`}
          open={offering || offerTo !== null}
          agent={offerTo ?? ''}
          decimals={q.data?.decimals ?? 2}
          currency={q.data?.currency ?? ''}
          onClose={closeOffer}
        />
      )}
    </>
  );
}

function Filters({ value, onApply }: { value: ContractFilter; onApply: (f: ContractFilter) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<ContractFilter>({ defaultValues: value });
  return (
    <form className={s.filters} aria-label={t('contracts.filters')} noValidate onSubmit={form.handleSubmit(onApply)}>
      <TextField className={s.search} label={t('filters.agent')} hint={t('filters.agentHint')} maxLength={USERNAME_MAX} autoComplete="off" spellCheck={false} {...form.register('agent')} />
      <SelectField className={s.small} label={t('filters.type')} {...form.register('type')}>
        <option value="">{t('filters.allTypes')}</option>
        {CONTRACT_TYPES.map((c) => (
          <option key={c} value={c}>
            {t(`contractTypes.${c}`)}
          </option>
        ))}
      </SelectField>
      <SelectField className={s.small} label={t('filters.status')} {...form.register('status')}>
        <option value="">{t('filters.allStatuses')}</option>
        {CONTRACT_STATUSES.map((c) => (
          <option key={c} value={c}>
            {t(`contractStatus.${c}`)}
          </option>
        ))}
      </SelectField>
      <div className={s.buttons}>
        <Button type="submit">{t('filters.apply')}</Button>
        <Button variant="ghost" onClick={() => onApply(EMPTY)}>
          {t('filters.reset')}
        </Button>
      </div>
    </form>
  );
}
