// "My sessions": where the operator is signed in, each revocable after a
// confirmation; revoking the current one signs out.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, DataTable, Dialog, EmptyState, Spinner, useToast, type Column } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { tableLabels } from '@/components/ui/labels';
import { QueryError } from '@/components/ui/QueryError';
import { revokeSession, sessionsQuery, type OperatorSession } from '../api/sessions';
import s from './SessionsPanel.module.css';

export function SessionsPanel({ onRevokedCurrent }: { onRevokedCurrent: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { toast } = useToast();
  const q = useQuery(sessionsQuery());
  const [confirm, setConfirm] = useState<OperatorSession | null>(null);
  const revoke = useMutation({
    mutationFn: (x: OperatorSession) => revokeSession(x.id),
    onSuccess: (_, x) => {
      setConfirm(null);
      toast('success', t('sessions.revoked'));
      if (x.current) onRevokedCurrent();
      else void qc.invalidateQueries({ queryKey: sessionsQuery().queryKey });
    },
    onError: (e) => toast('error', errorText(t, e)),
  });

  if (q.isPending) return <Spinner label={t('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;

  const columns: Column<OperatorSession>[] = [
    { key: 'createdAt', header: t('sessions.started'), cell: (r) => formatDateTime(r.createdAt), sortValue: (r) => r.createdAt, nowrap: true },
    { key: 'lastSeenAt', header: t('sessions.lastSeen'), cell: (r) => formatDateTime(r.lastSeenAt), sortValue: (r) => r.lastSeenAt, nowrap: true },
    { key: 'ip', header: t('sessions.ip'), cell: (r) => r.ip, sortValue: (r) => r.ip, nowrap: true },
    { key: 'device', header: t('sessions.device'), cell: (r) => <span className={s.ua}>{r.userAgent}</span> },
    {
      key: 'actions',
      header: <span className="sr-only">{t('sessions.revoke')}</span>,
      align: 'end',
      cell: (r) => (
        <span className={s.actions}>
          {r.current && <span className={s.badge}>{t('sessions.current')}</span>}
          <Button size="sm" variant="secondary" onClick={() => setConfirm(r)}>
            {t('sessions.revoke')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <>
      <DataTable caption={t('sessions.caption')} columns={columns} rows={q.data} rowKey={(r) => r.id} labels={tableLabels(t)} empty={<EmptyState compact title={t('sessions.empty')} />} />
      <Dialog
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title={t('sessions.revokeTitle')}
        description={confirm?.current ? t('sessions.revokeCurrent') : t('sessions.revokeBody')}
        closeLabel={t('common.close')}
        alert
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirm(null)} disabled={revoke.isPending}>
              {t('sessions.cancel')}
            </Button>
            <Button variant="danger" loading={revoke.isPending} onClick={() => confirm && revoke.mutate(confirm)}>
              {t('sessions.revoke')}
            </Button>
          </>
        }
      />
    </>
  );
}
