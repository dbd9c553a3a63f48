// The brand screen's simpler tabs: general, languages, switches,
// registration, region, resources, customer service, CDNs, operator
// settings and the advanced JSON. Each edits its part of the one form.
import { useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { Button, SelectField, TextField } from '@palaro/ui';
import type { Switch } from '../api/brand';
import { KNOWN_LANGUAGES, OPS_SETTINGS, PATTERN_DEFAULTS, PATTERN_IDS, RESOURCE_TYPES, type BrandForm } from '../api/form';
import { Area, Check, Section } from './Fields';
import s from './Brand.module.css';

/** The translated message of a field's error (messages are keys of this namespace). */
export function useErr() {
  const { t } = useTranslation('console-brand');
  return (e: FieldError | { message?: string } | undefined) => (e?.message ? t(e.message) : undefined);
}

export function General({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState } = useFormContext<BrandForm>();
  const err = useErr();
  const e = formState.errors;
  return (
    <Section title={t('tabs.general')} intro={t('general.intro')}>
      <fieldset className={s.grid} disabled={disabled}>
        <TextField label={t('general.brandName')} error={err(e.brandName)} {...register('brandName')} />
        <TextField label={t('general.mainDomain')} error={err(e.mainDomain)} {...register('mainDomain')} />
        <TextField label={t('general.timezone')} hint={t('general.timezoneHint')} error={err(e.timezone)} {...register('timezone')} />
        <TextField label={t('general.ageLimit')} type="number" min={18} max={25} error={err(e.ageLimit)} {...register('ageLimit', { valueAsNumber: true })} />
        <TextField label={t('general.currencyCode')} error={err(e.currency?.code)} {...register('currency.code')} />
        <TextField label={t('general.currencySymbol')} error={err(e.currency?.symbol)} {...register('currency.symbol')} />
        <TextField label={t('general.decimals')} type="number" min={0} max={4} error={err(e.currency?.decimals)} {...register('currency.decimals', { valueAsNumber: true })} />
        <TextField label={t('general.gtagId')} error={err(e.gtagId)} {...register('gtagId')} />
        <TextField className={s.wide} label={t('general.licence')} error={err(e.licence)} {...register('licence')} />
      </fieldset>
    </Section>
  );
}

export function Languages({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState, control } = useFormContext<BrandForm>();
  const err = useErr();
  const chosen = useWatch({ control, name: 'languages' }) ?? [];
  return (
    <Section title={t('tabs.languages')} intro={t('languages.intro')}>
      <fieldset className={s.stack} disabled={disabled}>
        <legend className={s.legend}>{t('languages.offered')}</legend>
        <div className={s.chips}>
          {KNOWN_LANGUAGES.map((code) => (
            <Check key={code} value={code} label={`${code} · ${t(`lang.${code}`)}`} {...register('languages')} />
          ))}
        </div>
        {err(formState.errors.languages as FieldError | undefined) && (
          <p className={s.error} role="alert">
            {err(formState.errors.languages as FieldError)}
          </p>
        )}
        <SelectField className={s.narrow} label={t('languages.default')} error={err(formState.errors.defaultLanguage)} {...register('defaultLanguage')}>
          {chosen.map((code) => (
            <option key={code} value={code}>
              {code} · {t(`lang.${code}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>
    </Section>
  );
}

export function Switches({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { control } = useFormContext<BrandForm>();
  const tree = useWatch({ control, name: 'whitelabel' }) ?? [];
  return (
    <Section title={t('tabs.switches')} intro={t('switches.intro')}>
      <fieldset className={s.stack} disabled={disabled}>
        <legend className="sr-only">{t('tabs.switches')}</legend>
        <SwitchList nodes={tree} prefix="whitelabel" parentOn />
      </fieldset>
    </Section>
  );
}

function SwitchList({ nodes, prefix, parentOn }: { nodes: Switch[]; prefix: string; parentOn: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register } = useFormContext<BrandForm>();
  return (
    <ul className={s.tree}>
      {nodes.map((n, i) => {
        const path = `${prefix}.${i}`;
        return (
          <li key={n.modId}>
            <Check
              label={
                <>
                  <strong>{t(`switches.${n.modId}`, { defaultValue: n.modId })}</strong> <code className={s.code}>{n.modId}</code>
                </>
              }
              hint={!parentOn && n.enabled ? t('switches.parentOff') : undefined}
              {...register(`${path}.enabled` as 'whitelabel.0.enabled')}
            />
            {n.childrenNodes?.length > 0 && <SwitchList nodes={n.childrenNodes} prefix={`${path}.childrenNodes`} parentOn={parentOn && n.enabled} />}
          </li>
        );
      })}
    </ul>
  );
}

export function Registration({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState, control, setValue } = useFormContext<BrandForm>();
  const { fields } = useFieldArray({ control, name: 'register' });
  const err = useErr();
  const e = formState.errors.register;
  return (
    <Section title={t('tabs.registration')} intro={t('registration.intro')}>
      <fieldset className={s.stack} disabled={disabled}>
        <legend className="sr-only">{t('tabs.registration')}</legend>
        {e?.message && (
          <p className={s.error} role="alert">
            {t(e.message)}
          </p>
        )}
        {fields.map((f, i) => (
          <div key={f.id} className={s.rule} role="group" aria-label={f.field}>
            <div className={s.ruleHead}>
              <code className={s.code}>{f.field}</code>
              <Check label={t('registration.enabled')} {...register(`register.${i}.enabled`)} />
              <Check label={t('registration.required')} {...register(`register.${i}.required`)} />
            </div>
            <div className={s.ruleGrid}>
              <SelectField
                label={t('registration.patternId')}
                error={err(e?.[i]?.patternId)}
                {...register(`register.${i}.patternId`, {
                  onChange: (ev: { target: { value: string } }) => {
                    const id = ev.target.value as keyof typeof PATTERN_DEFAULTS;
                    if (PATTERN_DEFAULTS[id] !== undefined) setValue(`register.${i}.acceptedPattern`, PATTERN_DEFAULTS[id], { shouldDirty: true });
                  },
                })}
              >
                {PATTERN_IDS.map((p) => (
                  <option key={p} value={p}>
                    {t(`patterns.${p}`)}
                  </option>
                ))}
              </SelectField>
              <TextField label={t('registration.pattern')} inputClassName={s.mono} error={err(e?.[i]?.acceptedPattern)} {...register(`register.${i}.acceptedPattern`)} />
              <TextField label={t('registration.min')} type="number" min={0} max={256} error={err(e?.[i]?.minLength)} {...register(`register.${i}.minLength`, { valueAsNumber: true })} />
              <TextField label={t('registration.max')} type="number" min={0} max={256} error={err(e?.[i]?.maxLength)} {...register(`register.${i}.maxLength`, { valueAsNumber: true })} />
            </div>
          </div>
        ))}
      </fieldset>
    </Section>
  );
}

export function Region({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState } = useFormContext<BrandForm>();
  const err = useErr();
  const e = formState.errors.region;
  return (
    <Section title={t('tabs.region')} intro={t('region.intro')}>
      <fieldset className={s.grid} disabled={disabled}>
        <Area label={t('region.countries')} hint={t('region.countriesHint')} rows={3} error={err(e?.blockedCountries)} {...register('region.blockedCountries')} />
        <Area label={t('region.blocked')} hint={t('region.cidrHint')} rows={3} error={err(e?.blockedCIDRs)} {...register('region.blockedCIDRs')} />
        <Area label={t('region.allowed')} hint={t('region.allowedHint')} rows={3} error={err(e?.allowedCIDRs)} {...register('region.allowedCIDRs')} />
      </fieldset>
    </Section>
  );
}

export function Resources({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState, control } = useFormContext<BrandForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'resources' });
  const err = useErr();
  const e = formState.errors.resources;
  return (
    <Section
      title={t('tabs.resources')}
      intro={t('resources.intro')}
      actions={
        <Button size="sm" variant="secondary" disabled={disabled} icon={<Plus size={14} aria-hidden="true" />} onClick={() => append({ resourceType: 'FACEBOOK', url: '', labelNameEn: '', labelNameTy: '' })}>
          {t('resources.add')}
        </Button>
      }
    >
      <fieldset className={s.stack} disabled={disabled}>
        <legend className="sr-only">{t('tabs.resources')}</legend>
        {fields.map((f, i) => (
          <div key={f.id} className={s.row} role="group" aria-label={t('resources.item', { n: i + 1 })}>
            <SelectField label={t('resources.type')} error={err(e?.[i]?.resourceType)} {...register(`resources.${i}.resourceType`)}>
              {RESOURCE_TYPES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </SelectField>
            <TextField className={s.grow} label={t('resources.url')} error={err(e?.[i]?.url)} {...register(`resources.${i}.url`)} />
            <TextField label={t('resources.labelEn')} error={err(e?.[i]?.labelNameEn)} {...register(`resources.${i}.labelNameEn`)} />
            <TextField label={t('resources.labelTy')} error={err(e?.[i]?.labelNameTy)} {...register(`resources.${i}.labelNameTy`)} />
            <Button size="sm" variant="ghost" aria-label={t('resources.remove', { n: i + 1 })} icon={<Trash2 size={14} aria-hidden="true" />} onClick={() => remove(i)} />
          </div>
        ))}
      </fieldset>
    </Section>
  );
}

export function Service({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState, control, getValues } = useFormContext<BrandForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'customerService' });
  const err = useErr();
  const e = formState.errors.customerService;
  const add = () => {
    const id = Math.max(0, ...getValues('customerService').map((c) => c.id)) + 1;
    const rnd = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('');
    append({ id, name: '', type: 'LIVECHAT', path: `cs-${rnd}`, target: '' });
  };
  return (
    <Section
      title={t('tabs.service')}
      intro={t('service.intro')}
      actions={
        <Button size="sm" variant="secondary" disabled={disabled} icon={<Plus size={14} aria-hidden="true" />} onClick={add}>
          {t('service.add')}
        </Button>
      }
    >
      <fieldset className={s.stack} disabled={disabled}>
        <legend className="sr-only">{t('tabs.service')}</legend>
        {fields.map((f, i) => (
          <div key={f.id} className={s.row} role="group" aria-label={t('service.item', { n: i + 1 })}>
            <TextField label={t('service.name')} error={err(e?.[i]?.name)} {...register(`customerService.${i}.name`)} />
            <TextField label={t('service.type')} error={err(e?.[i]?.type)} {...register(`customerService.${i}.type`)} />
            <TextField className={s.grow} label={t('service.target')} hint={t('service.targetHint')} error={err(e?.[i]?.target)} {...register(`customerService.${i}.target`)} />
            <TextField label={t('service.path')} inputClassName={s.mono} error={err(e?.[i]?.path)} {...register(`customerService.${i}.path`)} />
            <Button size="sm" variant="ghost" aria-label={t('service.remove', { n: i + 1 })} icon={<Trash2 size={14} aria-hidden="true" />} onClick={() => remove(i)} />
          </div>
        ))}
      </fieldset>
    </Section>
  );
}

export function Cdns({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState } = useFormContext<BrandForm>();
  const err = useErr();
  return (
    <Section title={t('tabs.cdn')} intro={t('cdn.intro')}>
      <fieldset className={s.grid} disabled={disabled}>
        <Area label={t('cdn.image')} hint={t('cdn.hint')} rows={4} className={s.mono} error={err(formState.errors.imageCDNs)} {...register('imageCDNs')} />
        <Area label={t('cdn.launch')} hint={t('cdn.hint')} rows={4} className={s.mono} error={err(formState.errors.launchGameCDNs)} {...register('launchGameCDNs')} />
      </fieldset>
    </Section>
  );
}

export function OpsSettings({ disabled, currency }: { disabled: boolean; currency: string }) {
  const { t } = useTranslation('console-brand');
  const { register, formState } = useFormContext<BrandForm>();
  const err = useErr();
  return (
    <Section title={t('tabs.ops')} intro={t('ops.intro')}>
      <fieldset className={s.stack} disabled={disabled}>
        <legend className="sr-only">{t('tabs.ops')}</legend>
        {OPS_SETTINGS.map((o) =>
          o.kind === 'bool' ? (
            <Check key={o.key} label={t(`ops.${o.key}`)} hint={t(`ops.${o.key}Hint`)} {...register(`ops.${o.key}` as 'ops.totpRequired')} />
          ) : (
            <TextField
              key={o.key}
              className={s.narrow}
              label={`${t(`ops.${o.key}`)} (${currency})`}
              hint={t(`ops.${o.key}Hint`)}
              inputMode="decimal"
              error={err(formState.errors.ops?.[o.key as 'adjustApprovalAbove'])}
              {...register(`ops.${o.key}` as 'ops.adjustApprovalAbove')}
            />
          ),
        )}
      </fieldset>
    </Section>
  );
}

export function Advanced({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('console-brand');
  const { register, formState } = useFormContext<BrandForm>();
  const err = useErr();
  return (
    <Section title={t('tabs.advanced')} intro={t('advanced.intro')}>
      <fieldset className={s.stack} disabled={disabled}>
        <Area label={t('advanced.json')} rows={18} spellCheck={false} className={s.mono} error={err(formState.errors.advanced)} {...register('advanced')} />
      </fieldset>
    </Section>
  );
}
