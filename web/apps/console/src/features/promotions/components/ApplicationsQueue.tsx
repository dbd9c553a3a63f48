// The applications' review queue: each application's member, remark and
// images; approve with an amount (up to the promotion's cap) or reject with
// a reason. A second approval of one application is refused by the server.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Pager, Spinner, Tabs, TextField, useToast } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { z } from '@/lib/zod';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { QueryError } from '@/components/ui/QueryError';
import { APP_STATUSES, APPS_PAGE_SIZE, applicationsQuery, approveApplication, fetchApplicationImage, PROMOS_KEY, rejectApplication, type Application, type AppStatus } from '../api/promotions';
import { amountSchema, fromMinor, toMinor } from '../api/schema';
import { NS } from './PromotionForm';
import s from './Promotions.module.css';

function AppImage({ app, seq }: { app: Application; seq: number }) {
  const { t } = useTranslation(NS);
  const q = useQuery({ queryKey: [...PROMOS_KEY, 'image', app.id, seq], queryFn: ({ signal }) => fetchApplicationImage(app.id, seq, signal), staleTime: Infinity, gcTime: 0 });
  const url = q.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (q.isPending) return <Spinner label={t('queue.loadingImage')} />;
  if (q.isError) return <p className={s.note}>{errorText(t, q.error)}</p>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className={s.image}>
      <img src={url} alt={t('queue.imageAlt', { n: seq, account: app.account ?? app.memberId })} />
    </a>
  );
}

const reasonSchema = z.object({ reason: z.string().trim().min(3, { message: 'v.reason' }).max(200, { message: 'v.reason' }) });

function Decide({ app, decimals, currency }: { app: Application; decimals: number; currency: string }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState('');
  const max = app.cap / 10 ** decimals;
  const approve = useForm<{ amount: string }>({ resolver: zodResolver(amountSchema(max)), defaultValues: { amount: fromMinor(app.cap, decimals) } });
  const reject = useForm<{ reason: string }>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const done = (key: string) => () => {
    void qc.invalidateQueries({ queryKey: PROMOS_KEY });
    toast('success', t(key, { account: app.account ?? app.memberId }));
  };
  const fail = (e: unknown) => {
    setError(errorText(t, e));
    void qc.invalidateQueries({ queryKey: PROMOS_KEY });
  };
  const a = useMutation({ mutationFn: (v: { amount: string }) => approveApplication(app.id, toMinor(v.amount, decimals)), onSuccess: done('queue.approved'), onError: fail });
  const r = useMutation({ mutationFn: (v: { reason: string }) => rejectApplication(app.id, v.reason.trim()), onSuccess: done('queue.rejected'), onError: fail });
  const amountErr = approve.formState.errors.amount?.message;
  const reasonErr = reject.formState.errors.reason?.message;
  return (
    <div className={s.decide}>
      {!rejecting ? (
        <form className={s.inline} noValidate onSubmit={approve.handleSubmit((v) => { setError(''); a.mutate(v); })}>
          <TextField label={t('queue.amount', { currency })} hint={t('queue.upTo', { max: formatMinor(app.cap, decimals) })} error={amountErr && t(amountErr, { max: formatMinor(app.cap, decimals) })} inputMode="decimal" autoComplete="off" {...approve.register('amount')} />
          <div className={s.buttons}>
            <Button type="submit" loading={a.isPending}>
              {t('queue.approve')}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(true)}>
              {t('queue.reject')}
            </Button>
          </div>
        </form>
      ) : (
        <form className={s.inline} noValidate onSubmit={reject.handleSubmit((v) => { setError(''); r.mutate(v); })}>
          <TextField label={t('queue.reason')} hint={t('queue.reasonHint')} error={reasonErr && t(reasonErr)} autoComplete="off" autoFocus {...reject.register('reason')} />
          <div className={s.buttons}>
            <Button type="submit" variant="danger" loading={r.isPending}>
              {t('queue.confirmReject')}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p className={s.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function ApplicationsQueue({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const [status, setStatus] = useState<AppStatus>('PENDING');
  const [page, setPage] = useState(1);
  const q = useQuery(applicationsQuery(status, page));
  return (
    <section aria-labelledby="promo-apps" className={s.section}>
      <h2 id="promo-apps" className={s.sectionTitle}>
        {t('queue.title')}
      </h2>
      <Tabs
        label={t('queue.title')}
        tabs={APP_STATUSES.map((k) => ({ key: k, label: t(`appStatus.${k}`) }))}
        value={status}
        onChange={(k) => {
          setStatus(k as AppStatus);
          setPage(1);
        }}
      >
        {q.isPending ? (
          <Spinner label={t('loading')} />
        ) : q.isError ? (
          <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
        ) : q.data.items.length === 0 ? (
          <EmptyState title={t('queue.empty')} />
        ) : (
          <>
            <ul className={s.apps}>
              {q.data.items.map((app) => (
                <li key={app.id} className={s.app} data-testid={`promo-app-${app.id}`}>
                  <div className={s.appHead}>
                    <strong>{app.account ?? app.memberId}</strong>
                    <span className={s.sub}>{app.promotion}</span>
                    <span className={s.sub}>{formatDateTime(app.createdAt)}</span>
                  </div>
                  <p className={s.remark}>{app.remark}</p>
                  {app.images > 0 && (
                    <div className={s.images}>
                      {Array.from({ length: app.images }, (_, i) => (
                        <AppImage key={i} app={app} seq={i + 1} />
                      ))}
                    </div>
                  )}
                  {app.status === 'PENDING' && canWrite && <Decide app={app} decimals={q.data.decimals} currency={q.data.currency} />}
                  {app.status === 'APPROVED' && <p className={s.note}>{t('queue.approvedWith', { amount: formatMinor(app.amount, q.data.decimals), currency: q.data.currency, at: formatDateTime(app.decidedAt) })}</p>}
                  {app.status === 'REJECTED' && <p className={s.note}>{t('queue.rejectedWith', { reason: app.reason, at: formatDateTime(app.decidedAt) })}</p>}
                </li>
              ))}
            </ul>
            {q.data.total > APPS_PAGE_SIZE && (
              <Pager
                page={page}
                totalPages={Math.ceil(q.data.total / APPS_PAGE_SIZE)}
                onChange={setPage}
                labels={{ label: t('queue.pages'), previous: t('previous'), next: t('next'), page: (n: number) => t('page', { n }) }}
              />
            )}
          </>
        )}
      </Tabs>
    </section>
  );
}
