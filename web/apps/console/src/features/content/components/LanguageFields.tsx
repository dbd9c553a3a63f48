// The texts of one item per language: EN and TY always (required), other
// languages added on demand (optional). One tab per language; a tab shows a
// mark when one of its fields has an error.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Tabs } from '@palaro/ui';
import { OPTIONAL_LANGS, REQUIRED_LANGS } from '../api/schema';
import s from './Content.module.css';

export type TextField = { name: string; label: string; multiline?: boolean; optional?: boolean };

type Props = {
  fields: TextField[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  register: UseFormRegister<any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  errors: FieldErrors<any>;
  /** Languages that already have text. */
  present: string[];
};

function fieldError(errors: FieldErrors<Record<string, unknown>>, name: string, lang: string): string | undefined {
  const e = (errors[name] as Record<string, { message?: string }> | undefined)?.[lang];
  return e?.message;
}

export function LanguageFields({ fields, register, errors, present }: Props) {
  const { t } = useTranslation('console-content');
  const [langs, setLangs] = useState<string[]>(() => [...REQUIRED_LANGS, ...OPTIONAL_LANGS.filter((l) => present.includes(l))]);
  const [lang, setLang] = useState<string>('EN');
  const addable = OPTIONAL_LANGS.filter((l) => !langs.includes(l));
  const tabs = langs.map((l) => {
    const bad = fields.some((f) => fieldError(errors as FieldErrors<Record<string, unknown>>, f.name, l));
    const req = (REQUIRED_LANGS as readonly string[]).includes(l);
    return { key: l, label: `${l}${req ? ' *' : ''}${bad ? ' !' : ''}` };
  });
  return (
    <div className={s.langs}>
      <div className={s.langBar}>
        <Tabs tabs={tabs} value={lang} onChange={setLang} label={t('editor.languages')}>
          <div className={s.langPanel}>
            {fields.map((f) => {
              const err = fieldError(errors as FieldErrors<Record<string, unknown>>, f.name, lang);
              const id = `f-${f.name}-${lang}`;
              const label = `${f.label} (${lang})`;
              return (
                <div key={`${f.name}-${lang}`} className={s.field}>
                  <label htmlFor={id} className={s.label}>
                    {label}
                  </label>
                  {f.multiline ? (
                    <textarea id={id} className={s.textarea} rows={6} dir="auto" aria-invalid={err ? true : undefined} aria-describedby={err ? `${id}-e` : undefined} {...register(`${f.name}.${lang}`)} />
                  ) : (
                    <input id={id} className={s.input} dir="auto" aria-invalid={err ? true : undefined} aria-describedby={err ? `${id}-e` : undefined} {...register(`${f.name}.${lang}`)} />
                  )}
                  {err && (
                    <p id={`${id}-e`} className={s.error} role="alert">
                      {t(err, { lang })}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </Tabs>
        {addable.length > 0 && (
          <label className={s.addLang}>
            <span className="sr-only">{t('editor.addLanguage')}</span>
            <select
              value=""
              aria-label={t('editor.addLanguage')}
              onChange={(e) => {
                const l = e.target.value;
                if (!l) return;
                setLangs((x) => [...x, l]);
                setLang(l);
              }}
            >
              <option value="">{t('editor.addLanguage')}</option>
              {addable.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
    </div>
  );
}
