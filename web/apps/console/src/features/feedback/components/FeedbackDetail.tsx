// One message: what the player (or visitor) wrote, who and where from, the
// reply (sent to the player's messages) and closing. Reply and close need
// feedback.reply; without it the page only reads.
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { Button, Dialog, Spinner, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { closeFeedback, feedbackItemQuery, feedbackKeys, replyFeedback, type FeedbackItem } from '../api/feedback';
import { ReplyForm } from './ReplyForm';
import { StatusBadge } from './StatusBadge';
import s from './Feedback.module.css';

const NS = 'console-feedback';

export function FeedbackDetail({ id, canReply }: { id: number; canReply: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const q = useQuery(feedbackItemQuery(id));
  const [confirmClose, setConfirmClose] = useState(false);

  const settle = (it: FeedbackItem) => {
    qc.setQueryData(feedbackItemQuery(id).queryKey, it);
    void qc.invalidateQueries({ queryKey: [...feedbackKeys.all, 'list'] });
  };
  const reply = useMutation({
    mutationFn: (text: string) => replyFeedback(id, text),
    onSuccess: (it) => {
      settle(it);
      toast('success', t('replied'));
    },
    onError: () => void q.refetch(),
  });
  const close = useMutation({
    mutationFn: () => closeFeedback(id),
    onSuccess: (it) => {
      settle(it);
      setConfirmClose(false);
      toast('success', t('closed'));
    },
    onError: (e) => toast('error', errorText(tc, e)),
  });

  const back = (
    <Link to={paths.feedback} className={s.back}>
      <ArrowLeft size={14} aria-hidden="true" /> {t('back')}
    </Link>
  );
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError)
    return (
      <>
        {back}
        <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />
      </>
    );
  const it = q.data;
  const typeName = t(`types.${it.type}`, { defaultValue: it.typeName });

  return (
    <>
      {back}
      <PageHeader
        title={t('itemTitle', { id: it.id })}
        intro={t('itemIntro', { type: typeName, at: formatDateTime(it.createdAt) })}
        actions={
          canReply && it.status !== 'CLOSED' ? (
            <Button variant="secondary" onClick={() => setConfirmClose(true)}>
              {t('close')}
            </Button>
          ) : undefined
        }
      />
      <div className={s.grid}>
        <div>
          <section className={s.card} aria-labelledby="fb-message">
            <h2 id="fb-message" className={s.cardTitle}>
              {t('message')}
            </h2>
            <p className={s.message}>{it.content}</p>
          </section>
          <section className={s.card} aria-labelledby="fb-reply">
            <h2 id="fb-reply" className={s.cardTitle}>
              {t('replyTitle')}
            </h2>
            {it.reply ? (
              <>
                <p className={s.reply}>{it.reply}</p>
                <p className={s.note}>{t('repliedAt', { at: formatDateTime(it.repliedAt) })}</p>
              </>
            ) : it.status === 'CLOSED' ? (
              <p className={s.note}>{t('closedNoReply')}</p>
            ) : !it.memberId ? (
              <p className={s.note}>{t('visitorNote', { contact: it.sender })}</p>
            ) : canReply ? (
              <ReplyForm onSend={(text) => reply.mutate(text)} pending={reply.isPending} error={reply.isError ? errorText(tc, reply.error) : undefined} />
            ) : (
              <p className={s.note}>{t('readOnly')}</p>
            )}
          </section>
        </div>
        <section className={s.card} aria-labelledby="fb-about">
          <h2 id="fb-about" className={s.cardTitle}>
            {t('about')}
          </h2>
          <dl className={s.meta}>
            <dt>{t('statusLabel')}</dt>
            <dd>
              <StatusBadge status={it.status} />
            </dd>
            <dt>{t('from')}</dt>
            <dd>{it.memberId ? it.account : t('visitor')}</dd>
            {it.sender && (
              <>
                <dt>{t('contact')}</dt>
                <dd>{it.sender}</dd>
              </>
            )}
            <dt>{t('type')}</dt>
            <dd>{typeName}</dd>
            <dt>{t('received')}</dt>
            <dd>{formatDateTime(it.createdAt)}</dd>
            {it.closedAt > 0 && (
              <>
                <dt>{t('closedAt')}</dt>
                <dd>{formatDateTime(it.closedAt)}</dd>
              </>
            )}
            <dt>{t('ip')}</dt>
            <dd>{it.ip || '—'}</dd>
            <dt>{t('device')}</dt>
            <dd>{it.userAgent || '—'}</dd>
          </dl>
        </section>
      </div>
      <Dialog
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        title={t('closeTitle')}
        description={it.status === 'NEW' ? t('closeUnanswered') : t('closeBody')}
        closeLabel={tc('common.close')}
        alert
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmClose(false)} disabled={close.isPending}>
              {t('cancel')}
            </Button>
            <Button loading={close.isPending} onClick={() => close.mutate()}>
              {t('close')}
            </Button>
          </>
        }
      />
    </>
  );
}
