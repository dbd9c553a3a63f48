// A mobile number with its country dialing code (PH +63 first and default),
// as the SMS and mobile-registration endpoints take them.
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageInfo } from '@palaro/i18n';
import { countryName, DIALING_CODES } from './dialingCodes';
import s from './fields.module.css';

export type MobileFieldProps = {
  id: string;
  label: ReactNode;
  dialingCode: string;
  onDialingCode: (code: string) => void;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  required?: boolean;
  maxLength?: number;
  className?: string;
};

export function MobileField({ id, label, dialingCode, onDialingCode, value, onChange, error, required, maxLength, className }: MobileFieldProps) {
  const { t, i18n } = useTranslation('auth', { useSuspense: true });
  const bcp47 = languageInfo(i18n.language)?.bcp47 ?? 'en';
  const options = useMemo(
    () => DIALING_CODES.map((c) => ({ ...c, name: countryName(c.countryCode, bcp47) })),
    [bcp47],
  );
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required && (
          <span className={s.req} aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      <div className={s.row}>
        <select
          className={['input', s.dial].join(' ')}
          value={dialingCode}
          onChange={(e) => onDialingCode(e.target.value)}
          aria-label={t('field.countryDialingCode')}
          data-testid="dialing-code"
        >
          {options.map((c) => (
            <option key={c.countryCode} value={c.countryDialingCode} title={c.name}>
              {`${c.countryCode} +${c.countryDialingCode}`}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))}
          aria-invalid={!!error}
          aria-required={required || undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          placeholder="9171234567"
        />
      </div>
      {error && (
        <p id={`${id}-e`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
