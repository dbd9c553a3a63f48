// /member/transferUpline (spec personal centre "transferUpline"): a member
// sends money from the main wallet to their direct upline agent
// (GET/POST /wps/transfer/upline, docs/agents-api.md), with the payment
// password, the brand's limits and an Idempotency-Key. A member without an
// upline is told so.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Send, UserRoundX } from 'lucide-react';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui';
import { transferToUpline, uplineInfoQuery, type TransferResult } from '@/features/agent/api/team';
import { formatMinor } from '@/lib/format';
import { TransferForm } from '../agent/centre/pages/TransferForm';
import s from './cashier/page.module.css';

export default function TransferUplinePage() {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const info = useQuery(uplineInfoQuery());
  const [done, setDone] = useState<TransferResult>();
  const up = info.data?.upline;
  return (
    <div className={s.page} data-testid="transfer-upline-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <Send size={22} />
        </span>
        <div>
          <h1 className={s.title}>{t('agent:upline.title')}</h1>
          <p className={s.subtitle}>{up ? t('agent:upline.subtitle', { account: up.nickname || up.account }) : t('agent:upline.lead')}</p>
        </div>
      </header>
      {info.isPending ? (
        <Skeleton height={260} radius="card" />
      ) : info.isError ? (
        <ErrorState error={info.error} onRetry={() => void info.refetch()} />
      ) : !up ? (
        <EmptyState icon={<UserRoundX size={28} strokeWidth={1.75} />} title={t('agent:upline.none')} description={t('agent:upline.noneBody')} />
      ) : (
        <div className={s.card}>
          {done && (
            <p role="status" className={s.muted} data-testid="transfer-upline-done">
              {t('agent:transfer.done', { amount: formatMinor(done.amount, info.data.decimals), to: done.to })} {t('agent:transfer.reference', { reference: done.reference })}
            </p>
          )}
          <TransferForm info={info.data} send={transferToUpline} onDone={setDone} submitLabel={t('agent:upline.submit', { account: up.account })} testId="transfer-upline" />
        </div>
      )}
    </div>
  );
}
