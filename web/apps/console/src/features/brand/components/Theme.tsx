// Theme colours and logo with a live preview: a mini storefront (header,
// buttons, a card) drawn with the storefront's own colour variables, its
// defaults under the unsaved overrides. The preview lives only in this page:
// players see a change after it is saved. A logo upload is stored at once
// (checked by content on the server) but shown to players only when a saved
// theme names it.
import { useState, type CSSProperties } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2, Upload } from 'lucide-react';
import { Button, SelectField, TextField, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { uploadLogo } from '../api/brand';
import { STOREFRONT_DEFAULTS, THEME_VARS, type BrandForm } from '../api/form';
import { Section } from './Fields';
import { useErr } from './Sections';
import s from './Brand.module.css';

type Mode = 'dark' | 'light';
export const MAX_LOGO_BYTES = 1 << 20;
const LOGO_TYPES = ['image/png', 'image/jpeg'];
const HEX = /^#[0-9a-fA-F]{6}$/;

export function ThemeTab({ disabled, brandName }: { disabled: boolean; brandName: string }) {
  const { t } = useTranslation('console-brand');
  const [mode, setMode] = useState<Mode>('dark');
  const { register, formState, control } = useFormContext<BrandForm>();
  const err = useErr();
  const e = formState.errors.theme;
  return (
    <Section title={t('tabs.theme')} intro={t('theme.intro')}>
      <div className={s.themeGrid}>
        <div className={s.stack}>
          <fieldset className={s.stack} disabled={disabled}>
            <legend className={s.legend}>{t('theme.logos')}</legend>
            <LogoField name="theme.logoUrl" label={t('theme.logo')} disabled={disabled} />
            <LogoField name="theme.logoLightUrl" label={t('theme.logoLight')} hint={t('theme.logoLightHint')} disabled={disabled} />
            <TextField label={t('theme.favicon')} error={err(e?.faviconUrl)} {...register('theme.faviconUrl')} />
          </fieldset>
          <div className={s.modeSwitch} role="radiogroup" aria-label={t('theme.mode')}>
            {(['dark', 'light'] as const).map((m) => (
              <label key={m} className={[s.modeOption, mode === m ? s.modeOn : ''].join(' ')}>
                <input type="radio" name="theme-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
                {t(`theme.${m}`)}
              </label>
            ))}
          </div>
          <Colours key={mode} mode={mode} disabled={disabled} />
        </div>
        <Preview mode={mode} control={control} brandName={brandName} />
      </div>
    </Section>
  );
}

function LogoField({ name, label, hint, disabled }: { name: 'theme.logoUrl' | 'theme.logoLightUrl'; label: string; hint?: string; disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { toast } = useToast();
  const { register, setValue, formState, getFieldState } = useFormContext<BrandForm>();
  const [local, setLocal] = useState<string>();
  const err = useErr();
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: (a) => {
      setValue(name, a.url, { shouldDirty: true, shouldValidate: true });
      toast('success', t('theme.uploaded', { width: a.width, height: a.height }));
    },
    onError: (e) => toast('error', errorText(t, e)),
  });
  const pick = (file: File | undefined) => {
    setLocal(undefined);
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setLocal(t('v.logoType'));
    if (file.size > MAX_LOGO_BYTES) return setLocal(t('v.logoSize'));
    upload.mutate(file);
  };
  void formState.errors;
  return (
    <div className={s.logoRow}>
      <TextField className={s.grow} label={label} hint={hint} error={err(getFieldState(name).error)} {...register(name)} />
      <label className={[s.upload, disabled || upload.isPending ? s.uploadOff : ''].join(' ')}>
        <Upload size={14} aria-hidden="true" />
        <span>{upload.isPending ? t('theme.uploading') : t('theme.upload')}</span>
        <input
          className="sr-only"
          type="file"
          accept="image/png,image/jpeg"
          aria-label={t('theme.uploadFor', { name: label })}
          disabled={disabled || upload.isPending}
          onChange={(ev) => {
            pick(ev.target.files?.[0]);
            ev.target.value = '';
          }}
        />
      </label>
      {local && (
        <p className={s.error} role="alert">
          {local}
        </p>
      )}
    </div>
  );
}

function Colours({ mode, disabled }: { mode: Mode; disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState, control, setValue } = useFormContext<BrandForm>();
  const { fields, append, remove } = useFieldArray({ control, name: `theme.${mode}` });
  const values = useWatch({ control, name: `theme.${mode}` }) ?? [];
  const err = useErr();
  const e = formState.errors.theme?.[mode];
  const [adding, setAdding] = useState('');
  const unused = THEME_VARS.filter((k) => !values.some((v) => v.key === k));
  return (
    <fieldset className={s.stack} disabled={disabled}>
      <legend className={s.legend}>{t('theme.colours', { mode: t(`theme.${mode}`) })}</legend>
      {fields.map((f, i) => {
        const value = values[i]?.value ?? '';
        return (
          <div key={f.id} className={s.colourRow} role="group" aria-label={values[i]?.key || t('theme.newColour')}>
            <TextField label={t('theme.variable')} inputClassName={s.mono} error={err(e?.[i]?.key)} {...register(`theme.${mode}.${i}.key`)} />
            <TextField label={t('theme.value')} inputClassName={s.mono} error={err(e?.[i]?.value)} {...register(`theme.${mode}.${i}.value`)} />
            <input
              className={s.swatch}
              type="color"
              aria-label={t('theme.pick', { name: values[i]?.key ?? '' })}
              value={HEX.test(value.trim()) ? value.trim().toLowerCase() : '#000000'}
              onChange={(ev) => setValue(`theme.${mode}.${i}.value`, ev.target.value, { shouldDirty: true, shouldValidate: true })}
            />
            <Button size="sm" variant="ghost" aria-label={t('theme.remove', { name: values[i]?.key ?? '' })} icon={<Trash2 size={14} aria-hidden="true" />} onClick={() => remove(i)} />
          </div>
        );
      })}
      <div className={s.row}>
        <SelectField label={t('theme.addVariable')} value={adding} onChange={(ev) => setAdding(ev.target.value)}>
          <option value="">{t('theme.custom')}</option>
          {unused.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </SelectField>
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus size={14} aria-hidden="true" />}
          onClick={() => {
            append({ key: adding || '--c-', value: adding ? STOREFRONT_DEFAULTS[mode][adding] ?? '' : '' });
            setAdding('');
          }}
        >
          {t('theme.add')}
        </Button>
      </div>
    </fieldset>
  );
}

const SAFE_VALUE = /^[^;{}<>\\]{1,200}$/;

function Preview({ mode, control, brandName }: { mode: Mode; control: ReturnType<typeof useFormContext<BrandForm>>['control']; brandName: string }) {
  const { t } = useTranslation('console-brand');
  const theme = useWatch({ control, name: 'theme' });
  const vars: Record<string, string> = { ...STOREFRONT_DEFAULTS[mode] };
  for (const { key, value } of theme?.[mode] ?? []) if (/^--[A-Za-z0-9-]{1,64}$/.test(key) && SAFE_VALUE.test(value.trim())) vars[key] = value.trim();
  const logo = mode === 'light' ? theme?.logoLightUrl || theme?.logoUrl : theme?.logoUrl;
  return (
    <figure className={s.previewFrame}>
      <figcaption className={s.legend}>{t('theme.preview', { mode: t(`theme.${mode}`) })}</figcaption>
      <div className={s.preview} style={vars as CSSProperties} data-testid="brand-preview" data-mode={mode}>
        <div className={s.pvHeader}>
          {logo && /^(\/(?!\/)|https?:\/\/)/.test(logo) ? <img src={logo} alt={brandName} className={s.pvLogo} /> : <span className={s.pvName}>{brandName}</span>}
          <span className={s.pvNav}>{t('preview.nav')}</span>
          <span className={s.pvOutline}>{t('preview.login')}</span>
          <span className={s.pvPrimary} data-testid="preview-primary">
            {t('preview.register')}
          </span>
        </div>
        <div className={s.pvBody}>
          <div className={s.pvCard}>
            <span className={s.pvBadge}>{t('preview.badge')}</span>
            <strong className={s.pvTitle}>{t('preview.title')}</strong>
            <span className={s.pvText}>{t('preview.text')}</span>
            <span className={s.pvPrimary}>{t('preview.cta')}</span>
          </div>
          <div className={s.pvTiles}>
            {[1, 2, 3].map((n) => (
              <span key={n} className={s.pvTile}>
                <span className={s.pvTileArt} />
                <span className={s.pvText}>{t('preview.game', { n })}</span>
              </span>
            ))}
          </div>
        </div>
      </div>
    </figure>
  );
}
