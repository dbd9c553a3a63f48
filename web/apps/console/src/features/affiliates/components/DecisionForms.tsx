// Approve (agent type, optional upline, a visitor's username) and reject
// (a reason the member reads in its messages). The server's refusal
// (decided meanwhile, username taken, no such upline) is shown under each.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Check, X } from 'lucide-react';
import { Button, SelectField, TextField } from '@palaro/ui';
import { AGENT_TYPES, type Approval } from '../api/affiliates';
import { REASON_MAX, approveSchema, rejectSchema, type ApproveForm as AForm, type RejectForm as RForm } from '../api/schema';
import s from './Affiliates.module.css';

const NS = 'console-affiliates';

export function ApproveForm(props: { visitor: boolean; wished: string; pending: boolean; error?: string; onApprove: (a: Approval) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<AForm>({
    resolver: zodResolver(approveSchema(props.visitor)),
    defaultValues: { agentType: '41', upline: '', username: props.wished },
  });
  const e = form.formState.errors;
  return (
    <form
      className={s.formGrid}
      aria-label={t('approveTitle')}
      noValidate
      onSubmit={form.handleSubmit((v) => props.onApprove({ agentType: Number(v.agentType), upline: v.upline, username: v.username }))}
    >
      <SelectField label={t('agentType')} error={e.agentType ? t('validation.agentType') : undefined} {...form.register('agentType')}>
        {AGENT_TYPES.map((n) => (
          <option key={n} value={String(n)}>
            {t(`agentTypes.${n}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('upline')} hint={t('uplineHint')} maxLength={32} autoComplete="off" error={e.upline ? t('validation.upline') : undefined} {...form.register('upline')} />
      {props.visitor && (
        <TextField
          label={t('username')}
          hint={t('usernameHint')}
          maxLength={32}
          autoComplete="off"
          error={e.username ? t('validation.username') : undefined}
          {...form.register('username')}
        />
      )}
      {props.error && (
        <p className={s.error} role="alert">
          {props.error}
        </p>
      )}
      <div className={s.actions}>
        <Button type="submit" loading={props.pending} icon={<Check size={16} aria-hidden="true" />}>
          {t('approve')}
        </Button>
      </div>
    </form>
  );
}

export function RejectForm(props: { pending: boolean; error?: string; onReject: (reason: string) => void }) {
  const { t } = useTranslation(NS);
  const form = useForm<RForm>({ resolver: zodResolver(rejectSchema), defaultValues: { reason: '' } });
  const invalid = form.formState.errors.reason;
  return (
    <form className={s.formGrid} aria-label={t('rejectTitle')} noValidate onSubmit={form.handleSubmit((v) => props.onReject(v.reason.trim()))}>
      <div className={s.field}>
        <label className={s.label} htmlFor="af-reason">
          {t('reason')}
        </label>
        <textarea
          id="af-reason"
          className={s.textarea}
          maxLength={REASON_MAX}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? 'af-reason-error' : undefined}
          {...form.register('reason')}
        />
      </div>
      {invalid && (
        <p id="af-reason-error" className={s.error} role="alert">
          {t('validation.reason', { max: REASON_MAX })}
        </p>
      )}
      {props.error && (
        <p className={s.error} role="alert">
          {props.error}
        </p>
      )}
      <div className={s.actions}>
        <Button type="submit" variant="secondary" loading={props.pending} icon={<X size={16} aria-hidden="true" />}>
          {t('reject')}
        </Button>
      </div>
    </form>
  );
}
