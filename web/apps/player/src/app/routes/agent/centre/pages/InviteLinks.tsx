// Register centre: invitation links (GET/POST /wps/agent/links): each link is
// a code that registers a member or a sub-agent under this agent; copy its
// share URL, see how many registered through it, disable it.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Ban, Copy, Link2, Plus } from 'lucide-react';
import { z } from '@/lib/zod';
import { Button, errorMessage } from '@/components/ui';
import { createLink, disableLink, linksQuery, type InviteLink } from '@/features/agent/api/team';
import { formatDateTime } from '@/lib/format';
import { copyText, registrationLink } from '../../copy';
import { ReportTable } from './kit';
import s from './pages.module.css';

/** The server's label limit (agent.label_too_long). */
export const LABEL_MAX = 40;
const schema = z.object({ kind: z.enum(['MEMBER', 'AGENT']), label: z.string().trim().max(LABEL_MAX, 'labelTooLong') });
type Values = z.input<typeof schema>;

export function InviteLinks() {
  const { t } = useTranslation(['agent', 'errors', 'common'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const list = useQuery(linksQuery());
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { kind: 'MEMBER', label: '' } });
  const [note, setNote] = useState<string>();
  const add = useMutation({
    mutationFn: (v: Values) => createLink({ kind: v.kind, label: v.label.trim() }),
    onSuccess: () => {
      form.reset({ kind: form.getValues('kind'), label: '' });
      void qc.invalidateQueries({ queryKey: linksQuery().queryKey });
    },
  });
  const off = useMutation({ mutationFn: disableLink, onSuccess: () => void qc.invalidateQueries({ queryKey: linksQuery().queryKey }) });
  const url = (l: InviteLink) => registrationLink(window.location.origin, l.code);
  const labelErr = form.formState.errors.label?.message;

  return (
    <section className={s.card} aria-labelledby={`${id}-t`} data-testid="agent-links">
      <h2 id={`${id}-t`} className={s.cardTitle}>
        <Link2 size={20} aria-hidden="true" />
        {t('agent:links.title')}
      </h2>
      <p className={s.cardLead}>{t('agent:links.lead')}</p>
      <form className={s.filterRow} noValidate onSubmit={form.handleSubmit((v) => add.mutate(v))}>
        <div className={s.field}>
          <label htmlFor={`${id}-k`}>{t('agent:links.kind')}</label>
          <select id={`${id}-k`} className="input" {...form.register('kind')} data-testid="agent-link-kind">
            <option value="MEMBER">{t('agent:register.kinds.MEMBER')}</option>
            <option value="AGENT">{t('agent:register.kinds.AGENT')}</option>
          </select>
        </div>
        <div className={s.field}>
          <label htmlFor={`${id}-l`}>{t('agent:links.label')}</label>
          <input id={`${id}-l`} className="input" maxLength={LABEL_MAX + 10} aria-invalid={!!labelErr} aria-describedby={labelErr ? `${id}-le` : undefined} {...form.register('label')} data-testid="agent-link-label" />
          {labelErr && (
            <p id={`${id}-le`} className="field-error" role="alert">
              {t('agent:links.labelTooLong', { max: LABEL_MAX })}
            </p>
          )}
        </div>
        <Button type="submit" loading={add.isPending} icon={<Plus size={16} aria-hidden="true" />} data-testid="agent-link-add">
          {t('agent:links.add')}
        </Button>
      </form>
      {(add.isError || off.isError) && (
        <p className="field-error" role="alert">
          {errorMessage(t, add.error ?? off.error)}
        </p>
      )}
      {note && (
        <p role="status" className={s.muted}>
          {note}
        </p>
      )}
      <ReportTable
        caption={t('agent:links.title')}
        testId="agent-links-table"
        rows={list.data?.list}
        rowKey={(l) => l.id}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={t('agent:links.empty')}
        cols={[
          { key: 'code', header: t('agent:links.code'), cell: (l) => <strong>{l.code}</strong> },
          { key: 'kind', header: t('agent:links.kind'), cell: (l) => t(`agent:register.kinds.${l.kind}`) },
          { key: 'label', header: t('agent:links.label'), cell: (l) => l.label || '—' },
          { key: 'reg', header: t('agent:links.registrations'), end: true, cell: (l) => l.registrations },
          { key: 'created', header: t('agent:links.created'), cell: (l) => formatDateTime(l.createdAt) },
          {
            key: 'status',
            header: t('agent:links.status'),
            cell: (l) => <span className={[s.tag, l.status === 'ACTIVE' ? '' : s.tagOff].join(' ')}>{t(`agent:links.statuses.${l.status}`, { defaultValue: l.status })}</span>,
          },
          {
            key: 'actions',
            header: t('agent:links.actions'),
            end: true,
            cell: (l) =>
              l.status === 'ACTIVE' ? (
                <div className={s.rowActions}>
                  <Button
                    size="sm"
                    variant="outline"
                    icon={<Copy size={14} aria-hidden="true" />}
                    aria-label={t('agent:links.copyOf', { code: l.code })}
                    onClick={async () => setNote((await copyText(url(l))) ? t('agent:links.copied', { code: l.code }) : `${t('agent:home.copyFailed')} ${url(l)}`)}
                  >
                    {t('agent:home.copyLink')}
                  </Button>
                  <Button size="sm" variant="ghost" icon={<Ban size={14} aria-hidden="true" />} aria-label={t('agent:links.disableOf', { code: l.code })} loading={off.isPending && off.variables === l.id} onClick={() => off.mutate(l.id)}>
                    {t('agent:links.disable')}
                  </Button>
                </div>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
