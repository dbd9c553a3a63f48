// /member/rewardCenter: rewards issued to the member wait here until claimed
// (or expired). Each shows where it came from, what it pays and, for a bonus,
// its terms (wagering, max bet, days valid) before the member claims it.
// Claim one or all; the header balance and the red badges follow.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Award, Gift } from 'lucide-react';
import { Button, EmptyState, ErrorState, Pager, Skeleton, Tabs, buttonClassName, errorCode, errorMessage } from '@/components/ui';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';
import { claimAllRewards, claimReward, REWARDS_PAGE_SIZE, REWARDS_QUERY_ROOT, rewardsQuery, type Reward, type RewardTab } from '../api/rewards';
import { defaultFormatMoney, type FormatMoney } from '../lib/money';
import { useActionKeys } from '../lib/submit';
import { RewardCard } from './RewardCard';
import s from './rewards.module.css';

export type RewardCentreProps = {
  formatMoney?: FormatMoney;
  /** Called after a claim moved money (the route refreshes the header balance). */
  onMoneyMoved?: () => void;
};

type Notice = { tone: 'ok' | 'error'; text: string; bonusActive?: boolean };

export function RewardCentre({ formatMoney = defaultFormatMoney, onMoneyMoved }: RewardCentreProps) {
  const { t } = useTranslation(['rewards', 'common', 'errors'], { useSuspense: true });
  const { token } = useSession();
  const qc = useQueryClient();
  const [tab, setTab] = useState<RewardTab>('waiting');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [cardError, setCardError] = useState<{ id: number; text: string; bonusActive: boolean } | null>(null);
  const list = useQuery(rewardsQuery(token, tab, page));
  const send = useActionKeys();
  const data = list.data;
  const fmt = (minor: number) => formatMoney(minor, data?.currency ?? '', data?.decimals ?? 2);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: REWARDS_QUERY_ROOT });
    onMoneyMoved?.();
  };

  const claim = useMutation({
    mutationFn: (r: Reward) => send(`claim:${r.id}`, (key) => claimReward(r.id, key)),
    onMutate: () => {
      setNotice(null);
      setCardError(null);
    },
    onSuccess: (res, r) => {
      const amount = fmt(res.reward?.amount ?? r.amount);
      setNotice({ tone: 'ok', text: (res.reward?.kind ?? r.kind) === 'BONUS' ? t('rewards:claimed.bonus', { amount }) : t('rewards:claimed.cash', { amount }) });
      refresh();
    },
    onError: (err, r) => {
      const code = errorCode(err);
      setCardError({ id: r.id, text: errorMessage(t, err), bonusActive: code === 'reward.bonus_active' });
      // Claimed or expired meanwhile (another tab, the clock): the list is stale.
      if (code === 'reward.claimed' || code === 'reward.expired' || code === 'reward.not_found') void qc.invalidateQueries({ queryKey: REWARDS_QUERY_ROOT });
    },
  });

  const claimAll = useMutation({
    mutationFn: () => send('claimAll', (key) => claimAllRewards(key)),
    onMutate: () => {
      setNotice(null);
      setCardError(null);
    },
    onSuccess: (res) => {
      const parts = [t('rewards:claimedAll', { n: res.claimed })];
      if (res.skipped > 0) parts.push(t('rewards:claimedAllSkipped', { n: res.skipped }));
      setNotice({ tone: 'ok', text: parts.join(' '), bonusActive: res.skipped > 0 });
      refresh();
    },
    onError: (err) => setNotice({ tone: 'error', text: errorMessage(t, err), bonusActive: errorCode(err) === 'reward.bonus_active' }),
  });

  const busy = claim.isPending || claimAll.isPending;
  const waiting = tab === 'waiting' ? (data?.list.length ?? 0) : 0;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / REWARDS_PAGE_SIZE)) : 1;

  return (
    <div className={s.page} data-testid="reward-centre">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <Award size={22} />
        </span>
        <div className={s.headText}>
          <h1 className={s.title}>{t('rewards:centre.title')}</h1>
          <p className={s.subtitle}>{t('rewards:centre.subtitle')}</p>
        </div>
        {tab === 'waiting' && (
          <Button onClick={() => claimAll.mutate()} loading={claimAll.isPending} disabled={busy || waiting === 0} icon={<Gift size={16} />} data-testid="reward-claim-all">
            {t('rewards:claimAll')}
          </Button>
        )}
      </header>

      {notice && (
        <div className={s.notice} data-tone={notice.tone} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="reward-notice">
          <span>{notice.text}</span>
          {notice.bonusActive && (
            <Link to={paths.bonusDetails} className={s.noticeLink}>
              {t('rewards:toBonusDetails')}
            </Link>
          )}
        </div>
      )}

      <Tabs
        label={t('rewards:tabs.label')}
        value={tab}
        onChange={(k) => {
          setTab(k as RewardTab);
          setPage(1);
          setCardError(null);
        }}
        tabs={[
          { key: 'waiting', label: data && tab === 'waiting' && data.waiting > 0 ? `${t('rewards:tabs.waiting')} (${data.waiting})` : t('rewards:tabs.waiting') },
          { key: 'history', label: t('rewards:tabs.history') },
        ]}
        panelClassName={s.panel}
      >
        {list.isError && !data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : !data ? (
          <ul className={s.grid} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <li key={i}>
                <Skeleton height={176} radius="card" />
              </li>
            ))}
          </ul>
        ) : data.list.length === 0 ? (
          tab === 'waiting' ? (
            <EmptyState
              icon={<Gift size={28} strokeWidth={1.75} />}
              title={t('rewards:empty.waitingTitle')}
              description={t('rewards:empty.waitingBody')}
              action={
                <Link to={paths.promotions()} className={buttonClassName({ variant: 'secondary' })}>
                  {t('rewards:seePromotions')}
                </Link>
              }
            />
          ) : (
            <EmptyState icon={<Award size={28} strokeWidth={1.75} />} title={t('rewards:empty.historyTitle')} description={t('rewards:empty.historyBody')} />
          )
        ) : (
          <>
            <ul className={s.grid} data-testid="reward-list" aria-busy={list.isFetching || undefined}>
              {data.list.map((r) => (
                <RewardCard
                  key={r.id}
                  reward={r}
                  fmt={fmt}
                  onClaim={tab === 'waiting' && r.status === 'ISSUED' ? () => claim.mutate(r) : undefined}
                  claiming={claim.isPending && claim.variables?.id === r.id}
                  disabled={busy}
                  error={cardError?.id === r.id ? cardError : null}
                />
              ))}
            </ul>
            <Pager page={page} totalPages={totalPages} onChange={setPage} />
          </>
        )}
      </Tabs>
    </div>
  );
}
