// Agent centre: contract requests (spec "contract requests"; GET/POST
// /wps/agent/contracts): offers received (accept or reject), contracts in
// force on both sides (terminate; an upline may withdraw a pending offer),
// and, opened from team management on a direct downline agent, the offer form.
import { Fragment, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Check, FileSignature, X } from 'lucide-react';
import { Button, Dialog, errorMessage } from '@/components/ui';
import { contractInfoQuery, contractsQuery, decideContract, CONTRACT_TYPES, type Contract } from '@/features/agent/api/commission';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { ReportTable, totalPagesOf, usePageParam } from './kit';
import { OfferForm } from './OfferForm';
import { PageHead } from './PageHead';
import { pct } from './BillsPage';
import s from './pages.module.css';

type Action = 'accept' | 'reject' | 'terminate';

export default function ContractRequestsPage() {
  const { t } = useTranslation(['agent', 'errors', 'common'], { useSuspense: true });
  const [params, setParams] = useSearchParams();
  const { info } = useSession();
  const qc = useQueryClient();
  const [page, setPage] = usePageParam();
  const offerTo = Number(params.get('offerTo')) || 0;
  const offerAccount = params.get('account') ?? '';
  const types = useQuery(contractInfoQuery());
  const received = useQuery(contractsQuery({ side: 'downline', status: 'pending', page: 1 }));
  const all = useQuery(contractsQuery({ page }));
  const [confirm, setConfirm] = useState<{ c: Contract; action: Action }>();
  const [note, setNote] = useState<string>();
  const act = useMutation({
    mutationFn: ({ c, action }: { c: Contract; action: Action }) => decideContract(c.id, action),
    onSuccess: (c, v) => {
      setConfirm(undefined);
      setNote(t(`agent:contracts.done.${v.action}`, { type: t(`agent:contracts.types.${c.type}`) }));
      void qc.invalidateQueries({ queryKey: ['agent', 'contracts'] });
    },
  });
  const enabled = CONTRACT_TYPES.filter((ty) => {
    const d = types.data;
    if (!d) return false;
    return { dividend: d.divtypereq, daily_wage: d.dailysalreqtype, hourly_wage: d.contracthoursalreq, realtime: d.realtimesalreqtype }[ty];
  });
  const terms = (c: Contract) =>
    c.type === 'realtime' && c.realtime
      ? t('agent:contracts.realtimeTerms', { win: pct(c.realtime.winRate), loss: pct(c.realtime.lossRate), bet: pct(c.realtime.betRate) })
      : c.tiers.map((x, i) => `${i + 1}: ${pct(x.rate)}`).join(' · ');
  const other = (c: Contract) => (c.uplineId === info?.id ? c.downlineAccount : c.uplineAccount || t('agent:contracts.platform'));
  const iAmDownline = (c: Contract) => c.downlineId === info?.id;

  const cols = [
    { key: 'type', header: t('agent:contracts.type'), cell: (c: Contract) => `${t(`agent:contracts.types.${c.type}`)}${c.type === 'dividend' ? ` · ${t(`agent:contracts.periods.${c.period}`, { defaultValue: c.period })}` : ''}` },
    { key: 'with', header: t('agent:contracts.with'), cell: (c: Contract) => <span>{other(c)} <span className={s.muted}>({iAmDownline(c) ? t('agent:contracts.fromUpline') : t('agent:contracts.toDownline')})</span></span> },
    {
      key: 'terms',
      header: t('agent:contracts.terms'),
      // Each tier's "n: rate" kept on one line, so a narrow column breaks between tiers only.
      cell: (c: Contract) =>
        c.type === 'realtime'
          ? terms(c)
          : c.tiers.map((x, i) => (
              <Fragment key={i}>
                {i > 0 && ' · '}
                <span className={s.nowrap}>{`${i + 1}: ${pct(x.rate)}`}</span>
              </Fragment>
            )),
    },
    { key: 'status', header: t('agent:contracts.status'), cell: (c: Contract) => <span className={[s.tag, c.status === 'active' ? s.tagAgent : c.status === 'pending' ? '' : s.tagOff].join(' ')}>{t(`agent:contracts.statuses.${c.status}`)}</span> },
    { key: 'time', header: t('agent:contracts.offeredAt'), cell: (c: Contract) => formatDateTime(c.offeredAt) },
  ];
  const actions = (c: Contract) => (
    <div className={s.rowActions}>
      {c.status === 'pending' && iAmDownline(c) && (
        <>
          <Button size="sm" icon={<Check size={14} aria-hidden="true" />} onClick={() => setConfirm({ c, action: 'accept' })} data-testid={`agent-contract-accept-${c.id}`}>
            {t('agent:contracts.accept')}
          </Button>
          <Button size="sm" variant="outline" icon={<X size={14} aria-hidden="true" />} onClick={() => setConfirm({ c, action: 'reject' })} data-testid={`agent-contract-reject-${c.id}`}>
            {t('agent:contracts.reject')}
          </Button>
        </>
      )}
      {(c.status === 'active' || (c.status === 'pending' && !iAmDownline(c))) && (
        <Button size="sm" variant="ghost" onClick={() => setConfirm({ c, action: 'terminate' })} data-testid={`agent-contract-terminate-${c.id}`}>
          {c.status === 'pending' ? t('agent:contracts.withdraw') : t('agent:contracts.terminate')}
        </Button>
      )}
    </div>
  );

  return (
    <>
      <PageHead icon={<FileSignature size={22} />} title={t('agent:menu.contractRequests')} lead={t('agent:contracts.lead')} />
      {note && (
        <p className={s.result} role="status" data-testid="agent-contract-note">
          {note}
        </p>
      )}
      {offerTo > 0 && enabled.length > 0 && (
        <OfferForm
          downlineId={offerTo}
          account={offerAccount}
          types={enabled}
          onDone={() => {
            setNote(t('agent:contracts.sent', { account: offerAccount }));
            setParams({}, { replace: true });
          }}
        />
      )}
      {offerTo > 0 && types.data && enabled.length === 0 && <p className={s.muted}>{t('agent:contracts.noneEnabled')}</p>}
      <section className={s.card} aria-labelledby="agent-received">
        <h2 id="agent-received" className={s.cardTitle}>
          {t('agent:contracts.received')}
        </h2>
        <ReportTable<Contract>
          caption={t('agent:contracts.received')}
          testId="agent-contracts-received"
          rows={received.data?.list}
          rowKey={(c) => c.id}
          loading={received.isPending}
          error={received.error}
          onRetry={() => void received.refetch()}
          empty={t('agent:contracts.noneReceived')}
          cols={[...cols, { key: 'actions', header: t('agent:links.actions'), end: true, cell: actions }]}
        />
      </section>
      <section className={s.card} aria-labelledby="agent-all-contracts">
        <h2 id="agent-all-contracts" className={s.cardTitle}>
          {t('agent:contracts.all')}
        </h2>
        <p className={s.cardLead}>
          {t('agent:contracts.howToOffer')} <Link to={paths.agentPage('downlineManagmentView')}>{t('agent:menu.downlineManagmentView')}</Link>
        </p>
        <ReportTable<Contract>
          caption={t('agent:contracts.all')}
          testId="agent-contracts-all"
          rows={all.data?.list}
          rowKey={(c) => c.id}
          loading={all.isPending}
          busy={all.isFetching}
          error={all.error}
          onRetry={() => void all.refetch()}
          empty={t('agent:contracts.none')}
          page={page}
          totalPages={all.data ? totalPagesOf(all.data.total, all.data.pageSize) : 1}
          onPage={setPage}
          cols={[...cols, { key: 'actions', header: t('agent:links.actions'), end: true, cell: actions }]}
        />
      </section>
      {confirm && (
        <Dialog
          open
          onClose={() => !act.isPending && setConfirm(undefined)}
          title={t(`agent:contracts.confirm.${confirm.action}`)}
          size="sm"
          alert
          data-testid="agent-contract-confirm"
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirm(undefined)} disabled={act.isPending}>
                {t('common:cancel')}
              </Button>
              <Button onClick={() => act.mutate(confirm)} loading={act.isPending} data-autofocus data-testid="agent-contract-confirm-ok">
                {t('common:confirm')}
              </Button>
            </>
          }
        >
          <p>{t('agent:contracts.confirmBody', { type: t(`agent:contracts.types.${confirm.c.type}`), account: other(confirm.c), terms: terms(confirm.c) })}</p>
          {act.isError && (
            <p className="field-error" role="alert">
              {errorMessage(t, act.error)}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
