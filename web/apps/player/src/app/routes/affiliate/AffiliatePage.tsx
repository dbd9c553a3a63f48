// The affiliate application (spec "affiliate application", issue 31 part 8):
// visitors and members tell us who they are, where they promote and to how
// many people; visitors also pass the captcha (everyone the bot check),
// then POST /wps/affiliate/apply. A member with an application on file sees
// its state instead of the form. An operator reviews it in the console.
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Handshake, Send } from 'lucide-react';
import { Link } from 'react-router';
import { Button, errorCode, errorMessage } from '@/components/ui';
import { Captcha } from '@/features/auth/Captcha';
import { apiGet, apiRequest } from '@/lib/api';
import { solveBotCheck } from '@/lib/botcheck';
import { paths } from '@/lib/paths';
import { useSessionState } from '@/lib/ui-actions';
import { CHANNELS, FIELD_OF_CODE, MESSAGE_MAX, applyBody, applyResolver, type ApplyForm } from './form';
import f from '../../modals/forms.module.css';
import s from './AffiliatePage.module.css';

type Mine = { id: number; status: 'PENDING' | 'APPROVED' | 'REJECTED'; createdAt: number; reason?: string; invitationCode?: string } | null;

const EMPTY: ApplyForm = { contactName: '', mobileNum: '', email: '', channel: '', channelUrl: '', audience: '', message: '', username: '' };

export default function AffiliatePage() {
  const { t } = useTranslation(['affiliate', 'errors', 'common', 'auth'], { useSuspense: true });
  const { loggedIn } = useSessionState();
  const visitor = !loggedIn;
  const qc = useQueryClient();
  const mine = useQuery({
    queryKey: ['affiliate', 'mine'],
    queryFn: ({ signal }) => apiGet<Mine>('/wps/affiliate/application', undefined, signal),
    enabled: loggedIn,
  });
  const form = useForm<ApplyForm>({ resolver: applyResolver, defaultValues: EMPTY });
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaError, setCaptchaError] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const e = form.formState.errors;
  const err = (k: keyof ApplyForm) => (e[k]?.message ? t(`affiliate:v.${e[k]?.message}`, { max: MESSAGE_MAX }) : undefined);

  const submit = form.handleSubmit(async (v) => {
    if (busy) return;
    setServerError(undefined);
    if (visitor && !captcha.trim()) {
      setCaptchaError(true);
      return;
    }
    setBusy(true);
    const ctl = new AbortController();
    abort.current = ctl;
    try {
      const botcheck = await solveBotCheck(ctl.signal);
      await apiRequest('POST', '/wps/affiliate/apply', { body: applyBody(v, visitor, { key: captchaKey, value: captcha }, botcheck), signal: ctl.signal });
      setSent(true);
      void qc.invalidateQueries({ queryKey: ['affiliate', 'mine'] });
    } catch (x) {
      if ((x as Error).name === 'AbortError') return;
      const field = FIELD_OF_CODE[errorCode(x) ?? ''];
      if (field) form.setError(field, { message: 'server' });
      const code = errorCode(x) ?? '';
      setServerError(code.startsWith('affiliate.') ? t(`affiliate:errors.${code.slice(10)}`, { defaultValue: errorMessage(t, x) }) : errorMessage(t, x));
      setCaptcha('');
      setCaptchaRound((n) => n + 1);
    } finally {
      if (abort.current === ctl) abort.current = null;
      setBusy(false);
    }
  });

  const head = (
    <header className={s.head}>
      <span className={s.icon} aria-hidden="true">
        <Handshake size={28} />
      </span>
      <div>
        <h1>{t('affiliate:title')}</h1>
        <p className={s.lead}>{t('affiliate:lead')}</p>
      </div>
    </header>
  );

  const existing = loggedIn && !sent ? mine.data : null;
  let body;
  if (sent) {
    body = (
      <div className={s.done} role="status" data-testid="affiliate-sent">
        <CheckCircle2 size={32} aria-hidden="true" />
        <h2>{t('affiliate:sentTitle')}</h2>
        <p>{t('affiliate:sentBody')}</p>
        <Link to={paths.home}>{t('affiliate:backHome')}</Link>
      </div>
    );
  } else if (existing && existing.status !== 'REJECTED') {
    body = (
      <div className={s.done} role="status">
        <h2>{t(`affiliate:state.${existing.status}.title`)}</h2>
        <p>{t(`affiliate:state.${existing.status}.body`, { code: existing.invitationCode ?? '' })}</p>
        {existing.status === 'APPROVED' && <Link to={paths.agent}>{t('affiliate:openAgentCentre')}</Link>}
      </div>
    );
  } else {
    body = (
      <form className={`${f.form} ${s.form}`} onSubmit={submit} noValidate aria-label={t('affiliate:formLabel')}>
        {existing?.status === 'REJECTED' && (
          <p className={s.note} role="status">
            {t('affiliate:state.REJECTED.body', { reason: existing.reason ?? '' })}
          </p>
        )}
        <p className={s.note}>{visitor ? t('affiliate:visitorNote') : t('affiliate:memberNote')}</p>
        <div className={f.grid}>
          <Field id="af-name" label={t('affiliate:f.contactName')} required error={err('contactName')}>
            <input id="af-name" className="input" autoComplete="name" maxLength={64} {...form.register('contactName')} aria-invalid={!!e.contactName} />
          </Field>
          {visitor && (
            <Field id="af-user" label={t('affiliate:f.username')} hint={t('affiliate:f.usernameHint')} error={err('username')}>
              <input id="af-user" className="input" autoComplete="username" maxLength={32} {...form.register('username')} aria-invalid={!!e.username} />
            </Field>
          )}
          <Field id="af-mobile" label={t('affiliate:f.mobile')} hint={t('affiliate:f.contactHint')} error={err('mobileNum')}>
            <input id="af-mobile" className="input" type="tel" inputMode="tel" autoComplete="tel-national" maxLength={20} {...form.register('mobileNum')} aria-invalid={!!e.mobileNum} />
          </Field>
          <Field id="af-email" label={t('affiliate:f.email')} error={err('email')}>
            <input id="af-email" className="input" type="email" autoComplete="email" maxLength={128} {...form.register('email')} aria-invalid={!!e.email} />
          </Field>
          <Field id="af-channel" label={t('affiliate:f.channel')} required error={err('channel')}>
            <select id="af-channel" className="input" {...form.register('channel')} aria-invalid={!!e.channel}>
              <option value="">{t('affiliate:f.choose')}</option>
              {CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {t(`affiliate:channels.${c}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="af-url" label={t('affiliate:f.channelUrl')} required error={err('channelUrl')}>
            <input id="af-url" className="input" maxLength={256} placeholder={t('affiliate:f.channelUrlPlaceholder')} {...form.register('channelUrl')} aria-invalid={!!e.channelUrl} />
          </Field>
          <Field id="af-aud" label={t('affiliate:f.audience')} required hint={t('affiliate:f.audienceHint')} error={err('audience')}>
            <input id="af-aud" className="input" inputMode="numeric" maxLength={10} {...form.register('audience')} aria-invalid={!!e.audience} />
          </Field>
          <div className={f.wide}>
            <Field id="af-msg" label={t('affiliate:f.message')} error={err('message')}>
              <textarea id="af-msg" className={`input ${s.textarea}`} rows={4} maxLength={MESSAGE_MAX} {...form.register('message')} aria-invalid={!!e.message} />
            </Field>
          </div>
        </div>
        {visitor && (
          <Captcha
            reload={captchaRound}
            value={captcha}
            onChange={(v: string) => {
              setCaptcha(v);
              setCaptchaError(false);
            }}
            onKeyChange={setCaptchaKey}
            error={captchaError ? t('affiliate:v.captchaRequired') : undefined}
            data-testid="affiliate-captcha"
          />
        )}
        {serverError && (
          <p className={f.serverError} role="alert">
            {serverError}
          </p>
        )}
        <Button type="submit" size="lg" loading={busy} icon={<Send size={18} aria-hidden="true" />}>
          {t('affiliate:submit')}
        </Button>
      </form>
    );
  }

  return (
    <div className={`page ${s.page}`}>
      {head}
      {body}
    </div>
  );
}

function Field(props: { id: string; label: string; required?: boolean; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={props.id}>
        {props.label} {props.required && <span className={f.req}>*</span>}
      </label>
      {props.children}
      {props.error ? (
        <p className={s.error} role="alert">
          {props.error}
        </p>
      ) : (
        props.hint && <p className={s.hint}>{props.hint}</p>
      )}
    </div>
  );
}
