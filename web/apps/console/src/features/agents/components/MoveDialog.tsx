// Moving a member (with its team) to another upline: the new upline's
// username, or no upline at all, and a reason for the audit log. The
// server's refusals (no such agent, not an agent, a loop, nothing changes)
// are worded in the dialog; nothing changes when one comes back.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, TextField, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { agentKeys, moveMember, type Moved, type TreeNode } from '../api/agents';
import { moveSchema, REASON_MAX, USERNAME_MAX, type MoveForm } from '../api/schema';
import { NS } from './shared';
import s from './Agents.module.css';

const EMPTY: MoveForm = { parentAccount: '', detach: false, reason: '' };

export function MoveDialog({ member, onClose, onMoved }: { member: TreeNode | null; onClose: () => void; onMoved: (m: Moved) => void }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const form = useForm<MoveForm>({ resolver: zodResolver(moveSchema), defaultValues: EMPTY });
  const detach = form.watch('detach');
  const e = form.formState.errors;
  const close = () => {
    form.reset(EMPTY);
    setError('');
    onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    if (!member) return;
    setError('');
    try {
      const upline = v.detach ? '' : v.parentAccount.trim();
      const res = await moveMember({ memberId: member.id, parentAccount: upline, reason: v.reason });
      await qc.invalidateQueries({ queryKey: agentKeys.all });
      toast('success', upline ? t('move.done', { account: member.account, upline }) : t('move.detached', { account: member.account }));
      form.reset(EMPTY);
      onMoved(res);
    } catch (err) {
      setError(errorText(t, err));
    }
  });
  return (
    <Dialog
      open={member !== null}
      onClose={close}
      title={t('move.title', { account: member?.account ?? '' })}
      description={t('move.intro')}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="agent-move-form" loading={form.formState.isSubmitting}>
            {t('move.submit')}
          </Button>
        </div>
      }
    >
      <form id="agent-move-form" className={s.form} noValidate onSubmit={submit}>
        <TextField
          label={t('move.upline')}
          hint={t('move.uplineHint', { account: member?.account ?? '' })}
          maxLength={USERNAME_MAX}
          autoComplete="off"
          spellCheck={false}
          disabled={detach}
          error={e.parentAccount ? t('validation.upline') : undefined}
          {...form.register('parentAccount')}
        />
        <label className={s.check}>
          <input type="checkbox" {...form.register('detach')} />
          {t('move.detach')}
        </label>
        <TextField
          label={t('move.reason')}
          hint={t('move.reasonHint')}
          maxLength={REASON_MAX}
          autoComplete="off"
          error={e.reason ? t('validation.reason', { max: REASON_MAX }) : undefined}
          {...form.register('reason')}
        />
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
