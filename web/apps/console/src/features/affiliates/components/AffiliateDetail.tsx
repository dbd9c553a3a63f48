// One application: what the applicant sent, and the decision. With
// agents.write a pending application is approved (agent type, an optional
// upline, and for a visitor the new account's username) or rejected with a
// reason; a visitor's new password is shown once, for when neither SMS nor
// e-mail reached them.
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { Spinner, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { QueryError } from '@/components/ui/QueryError';
import { PageHeader } from '@/components/ui/PageHeader';
import { affiliateItemQuery, affiliateKeys, approveApplication, rejectApplication, type Application, type Approval } from '../api/affiliates';
import { ApproveForm, RejectForm } from './DecisionForms';
import { StatusBadge } from './StatusBadge';
import s from './Affiliates.module.css';

const NS = 'console-affiliates';

export function AffiliateDetail({ id, canDecide }: { id: number; canDecide: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const q = useQuery(affiliateItemQuery(id));
  const [password, setPassword] = useState('');

  const settle = (a: Application) => {
    qc.setQueryData(affiliateItemQuery(id).queryKey, a);
    void qc.invalidateQueries({ queryKey: [...affiliateKeys.all, 'list'] });
  };
  const approve = useMutation({
    mutationFn: (a: Approval) => approveApplication(id, a),
    onSuccess: (v) => {
      settle(v.application);
      setPassword(v.password ?? '');
      toast('success', t('approved'));
    },
    onError: () => void q.refetch(),
  });
  const reject = useMutation({
    mutationFn: (reason: string) => rejectApplication(id, reason),
    onSuccess: (a) => {
      settle(a);
      toast('success', t('rejected'));
    },
    onError: () => void q.refetch(),
  });

  const back = (
    <Link to={paths.affiliates} className={s.back}>
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
  const a = q.data;
  const visitor = !a.memberId;

  return (
    <>
      {back}
      <PageHeader title={t('itemTitle', { id: a.id })} intro={t('itemIntro', { name: a.contactName, at: formatDateTime(a.createdAt) })} />
      <div className={s.grid}>
        <div>
          <section className={s.card} aria-labelledby="af-message">
            <h2 id="af-message" className={s.cardTitle}>
              {t('message')}
            </h2>
            <p className={s.message}>{a.message || t('noMessage')}</p>
          </section>
          <section className={s.card} aria-labelledby="af-decision">
            <h2 id="af-decision" className={s.cardTitle}>
              {t('decision')}
            </h2>
            {a.status === 'APPROVED' ? (
              <>
                <p className={s.decided}>
                  {t('approvedAs', { account: a.agentAccount, type: t(`agentTypes.${a.agentType}`), code: a.invitationCode })}
                </p>
                {password && (
                  <div role="status">
                    <p className={s.note}>{a.delivered ? t('passwordSent', { channels: deliveredNames(t, a.delivered) }) : t('passwordNotSent')}</p>
                    <p className={s.secret}>{t('password', { password })}</p>
                  </div>
                )}
                <p className={s.note}>{t('decidedBy', { name: a.decidedBy, at: formatDateTime(a.decidedAt ?? 0) })}</p>
              </>
            ) : a.status === 'REJECTED' ? (
              <>
                <p className={s.reply}>{a.reason}</p>
                <p className={s.note}>{t('decidedBy', { name: a.decidedBy, at: formatDateTime(a.decidedAt ?? 0) })}</p>
              </>
            ) : canDecide ? (
              <div className={s.formGrid}>
                <ApproveForm
                  visitor={visitor}
                  wished={a.username ?? ''}
                  pending={approve.isPending}
                  error={approve.isError ? errorText(tc, approve.error) : undefined}
                  onApprove={(v) => approve.mutate(v)}
                />
                <RejectForm pending={reject.isPending} error={reject.isError ? errorText(tc, reject.error) : undefined} onReject={(r) => reject.mutate(r)} />
              </div>
            ) : (
              <p className={s.note}>{t('readOnly')}</p>
            )}
          </section>
        </div>
        <section className={s.card} aria-labelledby="af-about">
          <h2 id="af-about" className={s.cardTitle}>
            {t('about')}
          </h2>
          <dl className={s.meta}>
            <dt>{t('statusLabel')}</dt>
            <dd>
              <StatusBadge status={a.status} />
            </dd>
            <dt>{t('applicant')}</dt>
            <dd>{a.account ? t('member', { account: a.account }) : t('visitor')}</dd>
            <dt>{t('contactName')}</dt>
            <dd>{a.contactName}</dd>
            <dt>{t('mobile')}</dt>
            <dd>{a.mobileNum ? `+${a.countryDialingCode ?? ''} ${a.mobileNum}` : '—'}</dd>
            <dt>{t('email')}</dt>
            <dd>{a.email || '—'}</dd>
            <dt>{t('channel')}</dt>
            <dd>{t(`channels.${a.channel}`, { defaultValue: a.channel })}</dd>
            <dt>{t('channelUrl')}</dt>
            <dd>{a.channelUrl}</dd>
            <dt>{t('audience')}</dt>
            <dd>{a.audience.toLocaleString()}</dd>
            {visitor && a.username && (
              <>
                <dt>{t('wishedUsername')}</dt>
                <dd>{a.username}</dd>
              </>
            )}
            <dt>{t('received')}</dt>
            <dd>{formatDateTime(a.createdAt)}</dd>
            <dt>{t('ip')}</dt>
            <dd>{a.ip || '—'}</dd>
            <dt>{t('device')}</dt>
            <dd>{a.userAgent || '—'}</dd>
          </dl>
        </section>
      </div>
    </>
  );
}

function deliveredNames(t: (k: string) => string, delivered: string) {
  return delivered
    .split(',')
    .map((c) => t(`channelsSent.${c}`))
    .join(', ');
}
