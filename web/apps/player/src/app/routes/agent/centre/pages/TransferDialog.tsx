// Team management: transfer to a direct downline (POST /wps/agent/transfer).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, ErrorState, Skeleton } from '@/components/ui';
import { agentTransferInfoQuery, transferToDownline, type TransferResult } from '@/features/agent/api/team';
import { formatMinor } from '@/lib/format';
import { TransferForm } from './TransferForm';
import s from './pages.module.css';

export function TransferDialog({ to, onClose }: { to: string; onClose: () => void }) {
  const { t } = useTranslation(['agent', 'common'], { useSuspense: true });
  const info = useQuery(agentTransferInfoQuery());
  const [done, setDone] = useState<TransferResult>();
  return (
    <Dialog open onClose={onClose} title={t('agent:transfer.toTitle', { account: to })} size="sm" data-testid="agent-transfer-dialog">
      {done ? (
        <div className={s.form}>
          <div className={s.result} role="status" data-testid="agent-transfer-done">
            <strong>{t('agent:transfer.done', { amount: formatMinor(done.amount, info.data?.decimals ?? 2), to: done.to })}</strong>
            <span>{t('agent:transfer.reference', { reference: done.reference })}</span>
          </div>
          <Button onClick={onClose} data-autofocus>
            {t('common:close')}
          </Button>
        </div>
      ) : info.isPending ? (
        <Skeleton height={220} />
      ) : info.isError ? (
        <ErrorState error={info.error} onRetry={() => void info.refetch()} compact />
      ) : (
        <TransferForm info={info.data} send={(key, body) => transferToDownline(key, { ...body, username: to })} onDone={setDone} submitLabel={t('agent:transfer.submit')} testId="agent-transfer" />
      )}
    </Dialog>
  );
}
