// One operator's settings: role (with an optional reason), disable or
// enable, reset the authenticator, end every session. Each change is
// confirmed; the server decides what is allowed (e.g. never leaving the
// brand without an active administrator) and its refusal is shown here.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, SelectField, TextField, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { ROLES, operatorKeys, patchOperator, resetTotp, revokeSessions, type OperatorRow, type Role } from '../api/operators';
import { REASON_MAX, roleChangeSchema, statusChangeSchema, type RoleChangeForm, type StatusChangeForm } from '../api/schemas';
import s from './Operators.module.css';

const NS = 'console-operators';
type Confirm = 'disable' | 'enable' | 'resetTotp' | 'revoke' | null;

export function ManageOperatorDialog({ operator, self, onClose }: { operator: OperatorRow | null; self: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [current, setCurrent] = useState<OperatorRow | null>(operator);
  const op = current ?? operator;

  const done = (msg: string, row?: OperatorRow) => {
    toast('success', msg);
    if (row) setCurrent(row);
    void qc.invalidateQueries({ queryKey: operatorKeys.all });
  };

  const roleForm = useForm<RoleChangeForm>({ resolver: zodResolver(roleChangeSchema), defaultValues: { role: operator?.role ?? 'VIEWER', reason: '' } });
  const changeRole = useMutation({
    mutationFn: (v: RoleChangeForm) => patchOperator(op!.id, { role: v.role as Role, reason: v.reason.trim() || undefined }),
    onSuccess: (row) => {
      roleForm.reset({ role: row.role, reason: '' });
      done(t('roleChanged', { username: row.username, role: tc(`roles.${row.role}`) }), row);
    },
  });

  if (!op) return null;
  const newRole = roleForm.watch('role');
  const roleErr = roleForm.formState.errors;

  return (
    <>
      <Dialog open={!!operator} onClose={onClose} title={t('manageTitle', { username: op.username })} closeLabel={tc('common.close')} size="md" data-testid="manage-operator">
        <dl className={s.facts}>
          <dt>{t('role')}</dt>
          <dd>{tc(`roles.${op.role}`, { defaultValue: op.role })}</dd>
          <dt>{t('status')}</dt>
          <dd>{t(`statuses.${op.status}`)}</dd>
          <dt>{t('totp')}</dt>
          <dd>{op.totpEnrolled ? t('totpYes') : t('totpNo')}</dd>
          <dt>{t('lastLogin')}</dt>
          <dd>{op.lastLoginAt ? formatDateTime(op.lastLoginAt) : t('never')}</dd>
        </dl>
        {self && <p className={s.note}>{t('selfNote')}</p>}

        <section className={s.section} aria-labelledby="op-role">
          <h3 id="op-role">{t('roleSection')}</h3>
          <form className={s.inline} noValidate onSubmit={roleForm.handleSubmit((v) => changeRole.mutate(v))}>
            <SelectField label={t('newRole')} error={roleErr.role?.message && t(roleErr.role.message)} {...roleForm.register('role')}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {tc(`roles.${r}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              className={s.grow}
              label={t('reasonOptional')}
              maxLength={REASON_MAX}
              error={roleErr.reason?.message && t(roleErr.reason.message, { max: REASON_MAX })}
              {...roleForm.register('reason')}
            />
            <Button type="submit" loading={changeRole.isPending} disabled={newRole === op.role}>
              {t('saveRole')}
            </Button>
          </form>
          {changeRole.isError && (
            <p className={s.error} role="alert">
              {errorText(tc, changeRole.error)}
            </p>
          )}
        </section>

        <section className={s.section} aria-labelledby="op-access">
          <h3 id="op-access">{t('accessSection')}</h3>
          <div className={s.inline}>
            {op.status === 'ACTIVE' ? (
              <Button variant="secondary" onClick={() => setConfirm('disable')}>
                {t('disable')}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setConfirm('enable')}>
                {t('enable')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => setConfirm('resetTotp')}>
              {t('resetTotp')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirm('revoke')}>
              {t('revoke')}
            </Button>
          </div>
        </section>
      </Dialog>
      <ConfirmChange
        kind={confirm}
        operator={op}
        onClose={() => setConfirm(null)}
        onDone={(msg, row) => {
          setConfirm(null);
          done(msg, row);
        }}
      />
    </>
  );
}

function ConfirmChange({ kind, operator, onClose, onDone }: { kind: Confirm; operator: OperatorRow; onClose: () => void; onDone: (msg: string, row?: OperatorRow) => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const form = useForm<StatusChangeForm>({ resolver: zodResolver(statusChangeSchema), defaultValues: { reason: '' } });
  const m = useMutation({
    mutationFn: async (v: StatusChangeForm): Promise<[string, OperatorRow?]> => {
      const u = operator.username;
      switch (kind) {
        case 'disable':
        case 'enable': {
          const row = await patchOperator(operator.id, { status: kind === 'disable' ? 'DISABLED' : 'ACTIVE', reason: v.reason.trim() || undefined });
          return [t(kind === 'disable' ? 'disabled' : 'enabled', { username: u }), row];
        }
        case 'resetTotp':
          return [t('totpReset', { username: u }), await resetTotp(operator.id)];
        default:
          return [t('revoked', { username: u, count: await revokeSessions(operator.id) })];
      }
    },
    onSuccess: ([msg, row]) => {
      form.reset();
      onDone(msg, row);
    },
  });
  const close = () => {
    if (m.isPending) return;
    form.reset();
    m.reset();
    onClose();
  };
  const withReason = kind === 'disable' || kind === 'enable';
  const err = form.formState.errors.reason;
  const FORM = 'confirm-operator-change';
  return (
    <Dialog
      open={!!kind}
      onClose={close}
      title={kind ? t(`confirm.${kind}.title`, { username: operator.username }) : ''}
      description={kind ? t(`confirm.${kind}.body`, { username: operator.username }) : undefined}
      closeLabel={tc('common.close')}
      alert
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={m.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={FORM} variant="primary" loading={m.isPending}>
            {kind ? t(`confirm.${kind}.action`) : ''}
          </Button>
        </>
      }
    >
      <form id={FORM} className={s.form} noValidate onSubmit={form.handleSubmit((v) => m.mutate(v))}>
        {withReason && <TextField label={t('reasonOptional')} maxLength={REASON_MAX} error={err?.message && t(err.message, { max: REASON_MAX })} {...form.register('reason')} />}
        {m.isError && (
          <p className={s.error} role="alert">
            {errorText(tc, m.error)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
