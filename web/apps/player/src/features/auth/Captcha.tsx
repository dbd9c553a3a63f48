// The captcha field (spec sections 7 and 9): GET /wps/captcha gives a base64
// PNG and its key; clicking the image loads a new one, at most once a second.
// Each captcha is single use: after a failed submit the caller remounts this
// component (key) or bumps `reload` to fetch a fresh one.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '@/components/ui';
import { apiGet } from '@/lib/api';
import s from './Captcha.module.css';

export type CaptchaAnswer = { captchaKey: string; image: string; expiresIn: number };

export type CaptchaProps = {
  value: string;
  onChange: (value: string) => void;
  /** The key of the captcha on show ('' while none is loaded); send it as captchaKey. */
  onKeyChange: (key: string) => void;
  /** A validation message for the field. */
  error?: string;
  /** Change this number to load a new captcha (e.g. after the server spent one). */
  reload?: number;
  autoFocus?: boolean;
  'data-testid'?: string;
};

/** Captcha refreshes are allowed at most this often (spec section 9). */
export const CAPTCHA_REFRESH_MS = 1000;

/** A clock-based gate: `try()` is true at most once per `ms`. */
export function createThrottle(ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  return {
    try(): boolean {
      const t = now();
      if (t - last < ms) return false;
      last = t;
      return true;
    },
  };
}

export function Captcha({ value, onChange, onKeyChange, error, reload = 0, autoFocus, ...rest }: CaptchaProps) {
  const { t } = useTranslation(['auth', 'errors'], { useSuspense: true });
  const id = useId();
  const [image, setImage] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  const throttle = useRef(createThrottle(CAPTCHA_REFRESH_MS));
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const abort = useRef<AbortController>(undefined);
  const keyCb = useRef(onKeyChange);
  keyCb.current = onKeyChange;

  const load = useCallback(async () => {
    if (!throttle.current.try()) {
      // Too soon: load once the second is over instead of dropping the click.
      clearTimeout(pending.current);
      pending.current = setTimeout(() => void load(), CAPTCHA_REFRESH_MS);
      return;
    }
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setLoading(true);
    setLoadError(undefined);
    keyCb.current('');
    try {
      const v = await apiGet<CaptchaAnswer>('/wps/captcha', undefined, ctl.signal);
      if (ctl.signal.aborted) return;
      setImage(`data:image/png;base64,${v.image}`);
      keyCb.current(v.captchaKey);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      setLoadError(errorMessage(t, e));
    } finally {
      if (abort.current === ctl) setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
    return () => {
      abort.current?.abort();
      clearTimeout(pending.current);
    };
  }, [load, reload]);

  const refresh = () => {
    onChange('');
    void load();
  };

  const describedBy = [error ? `${id}-e` : '', loadError ? `${id}-le` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field" data-testid={rest['data-testid'] ?? 'captcha'}>
      <label className="field-label" htmlFor={`${id}-c`}>
        {t('auth:captcha.label')}
      </label>
      <div className={s.row}>
        <input
          id={`${id}-c`}
          className="input"
          name="captcha"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={8}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={t('auth:captcha.placeholder')}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          aria-required="true"
          autoFocus={autoFocus}
        />
        <button
          type="button"
          className={s.image}
          onClick={refresh}
          aria-label={t('auth:captcha.refresh')}
          title={t('auth:captcha.refresh')}
          aria-busy={loading || undefined}
          data-testid="captcha-refresh"
        >
          {image ? <img src={image} alt={t('auth:captcha.imageAlt')} width={150} height={50} data-testid="captcha-image" /> : <span className={s.placeholder} />}
          <span className={s.icon} data-spin={loading || undefined} aria-hidden="true">
            <RefreshCw size={14} />
          </span>
        </button>
      </div>
      {loadError && (
        <p id={`${id}-le`} className="field-error" role="alert">
          {loadError}
        </p>
      )}
      {error && (
        <p id={`${id}-e`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
