// A raffle's tickets and draw: how many tickets were taken, the seed's
// SHA-256 committed before the start, and after the draw the revealed seed
// and the winners in draw order with their HMAC scores (docs/rewards.md
// "Raffle" tells how anyone can check them). An ended raffle not drawn yet
// can be drawn at once (rewards.write) instead of at the job's next run.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, Spinner, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { QueryError } from '@/components/ui/QueryError';
import { drawRaffle, PROMOS_KEY, raffleQuery, type Promotion } from '../api/promotions';
import { NS } from './PromotionForm';
import s from './Promotions.module.css';

export function RaffleDialog({ promotion, canWrite, onClose }: { promotion: Promotion; canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const q = useQuery(raffleQuery(promotion.id));
  const draw = useMutation({
    mutationFn: () => drawRaffle(promotion.id),
    onSuccess: (v) => {
      qc.setQueryData(raffleQuery(promotion.id).queryKey, v);
      void qc.invalidateQueries({ queryKey: PROMOS_KEY });
      toast('success', t('raffle.drawnToast', { count: v.winners.length }));
    },
    onError: (e) => toast('error', errorText(t, e)),
  });
  return (
    <Dialog open onClose={onClose} title={t('raffle.title', { title: promotion.titleEN })} closeLabel={t('close')} size="lg">
      {q.isPending ? (
        <Spinner label={t('loading')} />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      ) : (
        <div className={s.form}>
          <dl className={s.facts}>
            <dt>{t('raffle.tickets')}</dt>
            <dd data-testid="raffle-tickets">{q.data.tickets}</dd>
            <dt>{t('raffle.drawAt')}</dt>
            <dd>{q.data.drawnAt ? t('raffle.drawnAt', { at: formatDateTime(q.data.drawnAt) }) : formatDateTime(q.data.endsAt)}</dd>
            <dt>{t('raffle.seedHash')}</dt>
            <dd className={s.mono}>{q.data.seedHash}</dd>
            <dt>{t('raffle.seed')}</dt>
            <dd className={q.data.seed ? s.mono : s.note}>{q.data.seed ?? t('raffle.notDrawn')}</dd>
          </dl>
          {canWrite && q.data.drawnAt === 0 && !promotion.paused && q.data.endsAt <= Date.now() && (
            <div>
              <Button onClick={() => draw.mutate()} loading={draw.isPending} data-testid="raffle-draw">
                {t('raffle.drawNow')}
              </Button>
              <p className={s.note}>{t('raffle.drawNowHint')}</p>
            </div>
          )}
          {q.data.drawnAt > 0 && (
            <section aria-labelledby="raffle-winners">
              <h3 id="raffle-winners" className={s.sectionTitle}>
                {t('raffle.winners')}
              </h3>
              {q.data.winners.length === 0 ? (
                <p className={s.note}>{t('raffle.noWinners')}</p>
              ) : (
                <ol className={s.winners}>
                  {q.data.winners.map((w) => (
                    <li key={w.id}>
                      <strong>{w.account ?? w.memberId}</strong> · {t('raffle.ticket', { id: w.id })}
                      <div className={`${s.sub} ${s.mono}`}>{t('raffle.score', { score: w.score })}</div>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}
