// The reply to one message: 1 to 1000 characters (the server's rule, same
// message), a live count, sending state; the server's refusal (answered or
// closed meanwhile) is shown under the form.
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { Button } from '@palaro/ui';
import { REPLY_MAX, replyLength, replySchema, type ReplyForm as Form } from '../api/schema';
import s from './Feedback.module.css';

export function ReplyForm({ onSend, pending, error }: { onSend: (text: string) => void; pending: boolean; error?: string }) {
  const { t } = useTranslation('console-feedback');
  const id = useId();
  const form = useForm<Form>({ resolver: zodResolver(replySchema), defaultValues: { text: '' } });
  const text = form.watch('text');
  const invalid = form.formState.errors.text;
  const describedBy = [invalid ? `${id}-error` : '', `${id}-count`].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => onSend(v.text.trim()))} aria-label={t('replyTitle')}>
      <div className={s.field}>
        <label className={s.label} htmlFor={id}>
          {t('replyLabel')}
        </label>
        <textarea id={id} className={s.textarea} aria-invalid={invalid ? true : undefined} aria-describedby={describedBy} {...form.register('text')} />
      </div>
      {invalid && (
        <p id={`${id}-error`} className={s.error} role="alert">
          {t('validation.reply', { max: REPLY_MAX })}
        </p>
      )}
      {error && (
        <p className={s.error} role="alert">
          {error}
        </p>
      )}
      <div className={s.row}>
        <span id={`${id}-count`} className={s.counter}>
          {t('count', { count: replyLength(text), max: REPLY_MAX })}
        </span>
        <Button type="submit" loading={pending} icon={<Send size={16} aria-hidden="true" />}>
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
