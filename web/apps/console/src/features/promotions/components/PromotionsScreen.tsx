// The "Promotions" screen: every promotion of the engine with its schedule,
// state and budget spent; create, edit, pause and resume (rewards.write);
// a raffle's tickets and draw; the bonus cost per promotion for a period;
// and the applications' review queue.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Spinner, useToast } from '@palaro/ui';
import { formatMinor } from '@palaro/api/src/money';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { PageHeader } from '@/components/ui/PageHeader';
import { QueryError } from '@/components/ui/QueryError';
import { PROMOS_KEY, promotionsQuery, setPaused, type Promotion } from '../api/promotions';
import { ApplicationsQueue } from './ApplicationsQueue';
import { PromotionCosts } from './PromotionCosts';
import { NS, PromotionForm } from './PromotionForm';
import { RaffleDialog } from './RaffleDialog';
import s from './Promotions.module.css';

/** What a promotion is doing now: paused, scheduled, ended, out of budget, or live. */
function stateOf(p: Promotion, now: number): string {
  if (p.paused) return 'paused';
  if (now < p.startsAt) return 'scheduled';
  if (now >= p.endsAt) return 'ended';
  if (p.budget > 0 && p.spent >= p.budget) return 'spent';
  return 'live';
}

export function PromotionsScreen({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const q = useQuery(promotionsQuery());
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const [raffle, setRaffle] = useState<Promotion | null>(null);
  const pause = useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) => setPaused(id, paused),
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: PROMOS_KEY });
      toast('success', t(p.paused ? 'list.pausedToast' : 'list.resumedToast', { title: p.titleEN }));
    },
    onError: (e) => toast('error', errorText(t, e)),
  });
  const now = Date.now();
  return (
    <>
      <PageHeader
        title={t('screen.title')}
        intro={t('screen.intro')}
        actions={
          canWrite && q.data ? (
            <Button onClick={() => setEditing('new')} data-testid="promo-new">
              {t('list.new')}
            </Button>
          ) : undefined
        }
      />
      <section aria-labelledby="promo-list" className={s.section}>
        <h2 id="promo-list" className={s.sectionTitle}>
          {t('list.title')}
        </h2>
        {q.isPending ? (
          <Spinner label={t('loading')} />
        ) : q.isError ? (
          <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
        ) : q.data.items.length === 0 ? (
          <EmptyState title={t('list.empty')} />
        ) : (
          <div className={s.tableWrap}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th scope="col">{t('list.promotion')}</th>
                  <th scope="col">{t('list.type')}</th>
                  <th scope="col">{t('list.schedule')}</th>
                  <th scope="col">{t('list.state')}</th>
                  <th scope="col" className={s.num}>
                    {t('list.spent', { currency: q.data.currency })}
                  </th>
                  {canWrite && <th scope="col">{t('list.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {q.data.items.map((p) => {
                  const st = stateOf(p, now);
                  return (
                    <tr key={p.id} data-testid={`promo-row-${p.id}`}>
                      <td>
                        <strong>{p.titleEN}</strong>
                        <div className={s.sub}>{p.articleId ? t('list.article', { id: p.articleId }) : t('list.noArticle')}</div>
                        {p.type === 'RAFFLE' && (
                          <button type="button" className={s.link} onClick={() => setRaffle(p)}>
                            {t(p.drawnAt ? 'raffle.openDrawn' : 'raffle.open', { winners: p.winners })}
                          </button>
                        )}
                      </td>
                      <td>{t(`type.${p.type}`)}</td>
                      <td className={s.sub}>
                        {formatDateTime(p.startsAt)} – {formatDateTime(p.endsAt)}
                      </td>
                      <td>
                        <span className={s.badge} data-state={st}>
                          {t(`state.${st}`)}
                        </span>
                      </td>
                      <td className={s.num}>
                        {formatMinor(p.spent, q.data.decimals)}
                        {p.budget > 0 ? ` / ${formatMinor(p.budget, q.data.decimals)}` : ` / ${t('list.noBudget')}`}
                      </td>
                      {canWrite && (
                        <td>
                          <div className={s.buttons}>
                            <Button size="sm" variant="secondary" onClick={() => setEditing(p)}>
                              {t('list.edit')}
                            </Button>
                            <Button size="sm" variant="ghost" loading={pause.isPending && pause.variables?.id === p.id} onClick={() => pause.mutate({ id: p.id, paused: !p.paused })}>
                              {t(p.paused ? 'list.resume' : 'list.pause')}
                            </Button>
                          </div>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <PromotionCosts />
      <ApplicationsQueue canWrite={canWrite} />
      {raffle && <RaffleDialog promotion={raffle} canWrite={canWrite} onClose={() => setRaffle(null)} />}
      {editing && q.data && (
        <PromotionForm
          promotion={editing === 'new' ? undefined : editing}
          decimals={q.data.decimals}
          currency={q.data.currency}
          categories={q.data.categories}
          vip={q.data.vip}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
