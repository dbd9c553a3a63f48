// A new operator: username, role and an initial password by the server's
// rules (same messages); the server's refusals (name taken, a common
// password) land on their field.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, SelectField, TextField, useToast } from '@palaro/ui';
import { errorCode } from '@palaro/api/src/envelope';
import { errorText } from '@/lib/errors';
import { ROLES, createOperator, operatorKeys, type Role } from '../api/operators';
import { PASSWORD_MAX, PASSWORD_MIN, createSchema, type CreateForm } from '../api/schemas';
import s from './Operators.module.css';

const NS = 'console-operators';
const FORM_ID = 'create-operator-form';

export function CreateOperatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { toast } = useToast();
  const qc = useQueryClient();
  const form = useForm<CreateForm>({ resolver: zodResolver(createSchema), defaultValues: { username: '', role: 'VIEWER', password: '', confirm: '' } });
  const err = form.formState.errors;
  const create = useMutation({
    mutationFn: (v: CreateForm) => createOperator({ username: v.username.trim(), password: v.password, role: v.role as Role }),
    onSuccess: (op) => {
      toast('success', t('created', { username: op.username }));
      void qc.invalidateQueries({ queryKey: operatorKeys.all });
      form.reset();
      onClose();
    },
    onError: (e) => {
      const code = errorCode(e);
      if (code === 'operator.username_taken' || code === 'operator.invalid_username') form.setError('username', { message: errorText(tc, e) });
      else if (code === 'operator.weak_password') form.setError('password', { message: errorText(tc, e) });
    },
  });
  const fieldError = (m?: string) => (m ? (m.startsWith('validation.') ? t(m, { min: PASSWORD_MIN, max: PASSWORD_MAX }) : m) : undefined);
  const other = create.isError && !['operator.username_taken', 'operator.invalid_username', 'operator.weak_password'].includes(errorCode(create.error) ?? '');
  const close = () => {
    if (create.isPending) return;
    form.reset();
    create.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('createTitle')}
      description={t('createIntro')}
      closeLabel={tc('common.close')}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={create.isPending}>
            {t('create')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className={s.form} noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))}>
        <TextField label={t('username')} autoComplete="off" spellCheck={false} error={fieldError(err.username?.message)} {...form.register('username')} />
        <SelectField label={t('role')} error={fieldError(err.role?.message)} {...form.register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {tc(`roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('password')}
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          error={fieldError(err.password?.message)}
          {...form.register('password')}
        />
        <TextField label={t('confirmPassword')} type="password" autoComplete="new-password" error={fieldError(err.confirm?.message)} {...form.register('confirm')} />
        {other && (
          <p className={s.error} role="alert">
            {errorText(tc, create.error)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
