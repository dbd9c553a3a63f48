// Issuing a reward to a player: cash, or a bonus with its wagering
// multiple, maximum bet and days; a title in English and Tagalog, the days
// to claim it, and the reason for the audit. One Idempotency-Key per
// submission (a retry of the same body reuses it).
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, SelectField, TextField, useToast } from '@palaro/ui';
import { SubmissionKeys } from '@palaro/api/src/idempotency';
import { formatMinor } from '@palaro/api/src/money';
import { errorText } from '@/lib/errors';
import { issueReward } from '../api/rewards';
import { CLAIM_DAYS_MAX, issueDefaults, issueSchema, TITLE_MAX, toIssueBody, VALID_DAYS_MAX, WAGER_MAX, type IssueForm } from '../api/schemas';
import { NS } from './shared';
import s from './Rewards.module.css';

export type IssueDialogProps = { open: boolean; memberId: number; currency: string; decimals: number; onClose: () => void; onDone: () => unknown };

export function IssueDialog(p: IssueDialogProps) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const keys = useRef(new SubmissionKeys());
  const [error, setError] = useState('');
  const form = useForm<IssueForm>({ resolver: zodResolver(issueSchema(p.decimals)), defaultValues: issueDefaults });
  const kind = form.watch('kind');
  const close = () => {
    form.reset(issueDefaults);
    setError('');
    p.onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    setError('');
    const body = toIssueBody(v);
    try {
      const res = await issueReward(p.memberId, body, keys.current.keyFor(body));
      keys.current.done();
      toast('success', t('issue.done', { amount: `${formatMinor(res.reward.amount, p.decimals)} ${p.currency}` }));
      form.reset(issueDefaults);
      p.onClose();
      await p.onDone();
    } catch (e) {
      setError(errorText(t, e));
    }
  });
  const err = form.formState.errors;
  const msg = (m?: string) => m && t(m, { decimals: p.decimals, max: TITLE_MAX, claimMax: CLAIM_DAYS_MAX, validMax: VALID_DAYS_MAX, wagerMax: WAGER_MAX });
  return (
    <Dialog
      open={p.open}
      onClose={close}
      title={t('issue.title')}
      description={t('issue.description')}
      closeLabel={t('close')}
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="issue-form" loading={form.formState.isSubmitting}>
            {t('issue.confirm')}
          </Button>
        </div>
      }
    >
      <form id="issue-form" className={s.stack} noValidate onSubmit={submit}>
        <div className={s.row2}>
          <SelectField label={t('issue.kind')} {...form.register('kind')}>
            <option value="CASH">{t('kind.CASH')}</option>
            <option value="BONUS">{t('kind.BONUS')}</option>
          </SelectField>
          <TextField label={t('issue.amount', { currency: p.currency })} inputMode="decimal" autoComplete="off" error={msg(err.amount?.message)} {...form.register('amount')} />
        </div>
        <TextField label={t('issue.titleEN')} autoComplete="off" error={msg(err.titleEN?.message)} {...form.register('titleEN')} />
        <TextField label={t('issue.titleTY')} hint={t('issue.titleTYHint')} autoComplete="off" error={msg(err.titleTY?.message)} {...form.register('titleTY')} />
        <TextField label={t('issue.claimDays')} hint={t('issue.claimDaysHint', { max: CLAIM_DAYS_MAX })} inputMode="numeric" autoComplete="off" error={msg(err.claimDays?.message)} {...form.register('claimDays')} />
        {kind === 'BONUS' && (
          <div className={s.row2}>
            <TextField label={t('issue.wagerMultiple')} hint={t('issue.wagerHint')} inputMode="numeric" autoComplete="off" error={msg(err.wagerMultiple?.message)} {...form.register('wagerMultiple')} />
            <TextField label={t('issue.maxBet', { currency: p.currency })} hint={t('issue.maxBetHint')} inputMode="decimal" autoComplete="off" error={msg(err.maxBet?.message)} {...form.register('maxBet')} />
            <TextField label={t('issue.validDays')} hint={t('issue.validDaysHint', { max: VALID_DAYS_MAX })} inputMode="numeric" autoComplete="off" error={msg(err.validDays?.message)} {...form.register('validDays')} />
          </div>
        )}
        <TextField label={t('reason')} hint={t('reasonHint')} autoComplete="off" error={msg(err.reason?.message)} {...form.register('reason')} />
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
