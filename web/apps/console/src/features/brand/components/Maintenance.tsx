// Maintenance: the state now (switch, or a scheduled window in force), the
// switch (at once, with a reason, POST /ops/v1/brand/maintenance) and the
// scheduled windows, saved with the rest of the brand.
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { Button, TextField } from '@palaro/ui';
import { formatDateTime } from '@/lib/format';
import { maintenanceAt, type BrandConfig } from '../api/brand';
import { toLocalInput, type BrandForm } from '../api/form';
import { Section } from './Fields';
import { useErr } from './Sections';
import s from './Brand.module.css';

export function Maintenance({ config, disabled, onSwitch }: { config: BrandConfig; disabled: boolean; onSwitch: (on: boolean) => void }) {
  const { t } = useTranslation('console-brand');
  const { register, formState, control } = useFormContext<BrandForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'windows' });
  const err = useErr();
  const now = maintenanceAt(config);
  const e = formState.errors.windows;
  const hour = 3_600_000;
  const start = Math.ceil(Date.now() / hour) * hour;
  return (
    <Section title={t('tabs.maintenance')} intro={t('maintenance.intro')}>
      <div className={[s.state, now.on ? s.stateOn : s.stateOff].join(' ')} role="status">
        <strong>{now.on ? t('maintenance.on') : t('maintenance.off')}</strong>
        <span>
          {config.maintenance ? t('maintenance.bySwitch') : now.on ? t('maintenance.byWindow', { until: formatDateTime(now.until) }) : t('maintenance.open')}
        </span>
        <Button variant={config.maintenance ? 'primary' : 'secondary'} disabled={disabled} onClick={() => onSwitch(!config.maintenance)}>
          {config.maintenance ? t('maintenance.switchOff') : t('maintenance.switchOn')}
        </Button>
      </div>
      <div className={s.sectionHead}>
        <h3 className={s.h3}>{t('maintenance.windows')}</h3>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || fields.length >= 20}
          icon={<Plus size={14} aria-hidden="true" />}
          onClick={() => append({ from: toLocalInput(start), to: toLocalInput(start + hour) })}
        >
          {t('maintenance.addWindow')}
        </Button>
      </div>
      {e?.message && (
        <p className={s.error} role="alert">
          {t(e.message)}
        </p>
      )}
      <fieldset className={s.stack} disabled={disabled}>
        <legend className="sr-only">{t('maintenance.windows')}</legend>
        {fields.length === 0 && <p className={s.intro}>{t('maintenance.noWindows')}</p>}
        {fields.map((f, i) => (
          <div key={f.id} className={s.row} role="group" aria-label={t('maintenance.window', { n: i + 1 })}>
            <TextField type="datetime-local" label={t('maintenance.from')} error={err(e?.[i]?.from)} {...register(`windows.${i}.from`)} />
            <TextField type="datetime-local" label={t('maintenance.to')} error={err(e?.[i]?.to)} {...register(`windows.${i}.to`)} />
            <Button size="sm" variant="ghost" aria-label={t('maintenance.removeWindow', { n: i + 1 })} icon={<Trash2 size={14} aria-hidden="true" />} onClick={() => remove(i)} />
          </div>
        ))}
      </fieldset>
    </Section>
  );
}
