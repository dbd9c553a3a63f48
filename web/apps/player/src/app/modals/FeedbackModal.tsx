// Feedback and complaints (feedbackModal, spec sections 3, 5 and 8): a type,
// a description of 20 to 200 characters with a live counter, a contact
// (required from visitors; the server attaches a member's account), the
// captcha and the bot check, then PUT /wps/feedback. Empty fields are named
// together in one warning before anything is sent.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, Send } from 'lucide-react';
import { Button, Dialog, errorCode, errorMessage } from '@/components/ui';
import { Captcha } from '@/features/auth/Captcha';
import { apiRequest } from '@/lib/api';
import { solveBotCheck } from '@/lib/botcheck';
import { useSessionState } from '@/lib/ui-actions';
import {
  FEEDBACK_MAX,
  FEEDBACK_MIN,
  FEEDBACK_TYPES,
  FIELD_OF_CODE,
  SENDER_MAX,
  charCount,
  checkFeedback,
  feedbackBody,
  limitChars,
  type FeedbackDraft,
  type FeedbackField,
  type FeedbackType,
} from './feedbackForm';
import f from './forms.module.css';
import s from './FeedbackModal.module.css';

export type FeedbackModalProps = { open: boolean; onClose: () => void };

const EMPTY: FeedbackDraft = { type: null, content: '', captcha: '', sender: '' };

export default function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  const { t } = useTranslation(['member', 'errors', 'common', 'auth'], { useSuspense: true });
  const { loggedIn } = useSessionState();
  const visitor = !loggedIn;
  const id = useId();
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY);
  const [captchaKey, setCaptchaKey] = useState('');
  // Bumped to load a new captcha (each is single use).
  const [captchaRound, setCaptchaRound] = useState(0);
  const [invalid, setInvalid] = useState<FeedbackField[]>([]);
  const [warning, setWarning] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const abort = useRef<AbortController | null>(null);

  // A fresh form each time the modal opens.
  useEffect(() => {
    if (!open) {
      abort.current?.abort();
      return;
    }
    setDraft(EMPTY);
    setInvalid([]);
    setWarning(undefined);
    setServerError(undefined);
    setSent(false);
    setBusy(false);
    // The captcha unmounts with the closed dialog and loads a new one on opening.
  }, [open]);

  const fieldName = (k: FeedbackField) => t(`member:feedback.field.${k}`);

  const update = (patch: Partial<FeedbackDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    const touched = Object.keys(patch) as FeedbackField[];
    setInvalid((list) => list.filter((k) => !touched.includes(k)));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setServerError(undefined);
    const problem = checkFeedback(draft, { visitor });
    if (problem?.kind === 'missing') {
      setInvalid(problem.fields);
      setWarning(t('member:feedback.missing', { fields: problem.fields.map(fieldName).join(t('member:feedback.listSeparator')) }));
      return;
    }
    if (problem?.kind === 'length') {
      setInvalid(['content']);
      setWarning(t('member:feedback.length', { min: FEEDBACK_MIN, max: FEEDBACK_MAX }));
      return;
    }
    setInvalid([]);
    setWarning(undefined);
    setBusy(true);
    const ctl = new AbortController();
    abort.current = ctl;
    try {
      const botcheck = await solveBotCheck(ctl.signal);
      await apiRequest('PUT', '/wps/feedback', { body: feedbackBody(draft, captchaKey, botcheck), signal: ctl.signal });
      setSent(true);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      const code = errorCode(err);
      const field = code ? FIELD_OF_CODE[code] : undefined;
      if (field) setInvalid([field]);
      setServerError(errorMessage(t, err));
      // The server spends a captcha once it checks it: ask for a new one.
      setDraft((d) => ({ ...d, captcha: '' }));
      setCaptchaRound((n) => n + 1);
    } finally {
      if (abort.current === ctl) abort.current = null;
      setBusy(false);
    }
  };

  const count = charCount(draft.content.trim());
  const counterState = count >= FEEDBACK_MAX ? 'full' : count >= FEEDBACK_MIN ? 'ok' : 'short';
  const bad = (k: FeedbackField) => invalid.includes(k);

  return (
    <Dialog open={open} onClose={onClose} title={t('member:feedback.title')} size="md" data-testid="feedback-modal">
      {sent ? (
        <div className={s.done} role="status" data-testid="feedback-sent">
          <span className={s.doneIcon} aria-hidden="true">
            <CheckCircle2 size={30} />
          </span>
          <h3>{t('member:feedback.sentTitle')}</h3>
          <p>{t('member:feedback.sentBody')}</p>
          <Button onClick={onClose} data-autofocus>
            {t('common:close')}
          </Button>
        </div>
      ) : (
        <form className={f.form} onSubmit={submit} noValidate data-testid="feedback-form">
          <p className={f.lead}>{t('member:feedback.lead')}</p>
          <fieldset className={s.types} aria-invalid={bad('type')} data-testid="feedback-types">
            <legend className="field-label">
              {fieldName('type')} <span className={f.req}>*</span>
            </legend>
            {FEEDBACK_TYPES.map((type: FeedbackType) => (
              <label key={type} className={s.type}>
                <input type="radio" name={`${id}-type`} value={type} checked={draft.type === type} onChange={() => update({ type })} />
                <span>{t(`member:feedback.type.${type}`)}</span>
              </label>
            ))}
          </fieldset>

          <div className="field">
            <label className="field-label" htmlFor={`${id}-c`}>
              {fieldName('content')} <span className={f.req}>*</span>
            </label>
            <textarea
              id={`${id}-c`}
              className={`input ${s.textarea}`}
              name="content"
              value={draft.content}
              onChange={(e) => update({ content: limitChars(e.target.value) })}
              aria-invalid={bad('content')}
              aria-describedby={`${id}-cc`}
              aria-required="true"
              placeholder={t('member:feedback.contentPlaceholder', { min: FEEDBACK_MIN, max: FEEDBACK_MAX })}
              rows={5}
              data-testid="feedback-content"
            />
            <div className={s.counterRow}>
              <span>{t('member:feedback.lengthHint', { min: FEEDBACK_MIN, max: FEEDBACK_MAX })}</span>
              <span id={`${id}-cc`} className={s.counter} data-state={counterState} data-testid="feedback-counter" aria-live="polite">
                {count}/{FEEDBACK_MAX}
              </span>
            </div>
          </div>

          <div className="field">
            <label className="field-label" htmlFor={`${id}-s`}>
              {fieldName('sender')}{' '}
              {visitor ? <span className={f.req}>*</span> : <span className={s.optional}>{t('member:feedback.optional')}</span>}
            </label>
            <input
              id={`${id}-s`}
              className="input"
              name="sender"
              autoComplete="email"
              maxLength={SENDER_MAX}
              value={draft.sender}
              onChange={(e) => update({ sender: e.target.value })}
              aria-invalid={bad('sender')}
              aria-required={visitor}
              placeholder={t('member:feedback.senderPlaceholder')}
              data-testid="feedback-sender"
            />
          </div>

          <Captcha
            reload={captchaRound}
            value={draft.captcha}
            onChange={(captcha: string) => update({ captcha })}
            onKeyChange={setCaptchaKey}
            error={bad('captcha') ? t('member:feedback.captchaError') : undefined}
            data-testid="feedback-captcha"
          />

          {warning && (
            <p className={s.warning} role="alert" data-testid="feedback-warning">
              <AlertTriangle size={18} aria-hidden="true" />
              <span>{warning}</span>
            </p>
          )}
          {serverError && (
            <p className={f.serverError} role="alert" data-testid="feedback-error">
              {serverError}
            </p>
          )}
          <Button type="submit" size="lg" block loading={busy} icon={<Send size={18} aria-hidden="true" />} data-testid="feedback-submit">
            {t('member:feedback.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
