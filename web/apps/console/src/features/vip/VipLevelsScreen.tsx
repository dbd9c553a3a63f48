// The console's VIP screen: the brand's levels table (thresholds, keep rule,
// rewards, bonus-bets rates per category) edited as a whole, validated here
// and again by the server, saved with rewards.write (audited). Amounts are
// in major units of the brand's currency; rates in percent. Each level has
// an EN and a TY name and optionally one per other storefront language.
import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { Button, EmptyState, ErrorState, Spinner, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { LANGUAGES } from '@palaro/i18n/src/languages';
import { fromRow, levelsSchema, MONEY_FIELDS, OTHER_NAME_LANGS, saveVipLevels, toRow, vipLevelsQuery, type LevelRow } from './api';
import s from './VipLevels.module.css';

const NS = 'console-vip';

export function VipLevelsScreen({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation([NS, 'console']);
  const q = useQuery(vipLevelsQuery());
  const d = q.data;
  if (q.isError) return <ErrorState title={t('error')} message={errorText(t, q.error)} />;
  if (!d) return <Spinner />;
  return <Editor key={JSON.stringify(d.levels)} canEdit={canEdit} />;
}

function Editor({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation([NS, 'console']);
  const qc = useQueryClient();
  const { toast } = useToast();
  const d = useQuery(vipLevelsQuery()).data!;
  const cats = Array.from(new Set(['RNG', 'LIVE', ...d.levels.flatMap((l) => Object.keys(l.rates))])).sort();
  const form = useForm<{ levels: LevelRow[] }>({ resolver: zodResolver(levelsSchema), defaultValues: { levels: d.levels.map((l) => toRow(l, d.decimals, cats)) } });
  const rows = useFieldArray({ control: form.control, name: 'levels' });
  useEffect(() => form.clearErrors(), [form]);
  const save = useMutation({
    mutationFn: (v: { levels: LevelRow[] }) => saveVipLevels(v.levels.map((r, i) => fromRow(r, i, d.decimals))),
    onSuccess: () => {
      toast('success', t('saved'));
      void qc.invalidateQueries({ queryKey: ['vip'] });
    },
    onError: (err) => form.setError('root', { message: errorText(t, err) }),
  });
  const err = (i: number, f: string) => {
    const e = (form.formState.errors.levels?.[i] as Record<string, { message?: string }> | undefined)?.[f];
    return e?.message ? t(`invalid.${e.message}`) : undefined;
  };
  const nameErr = (i: number, lang: string) => {
    const e = (form.formState.errors.levels?.[i]?.names as Record<string, { message?: string }> | undefined)?.[lang];
    return e?.message ? t(`invalid.${e.message}`) : undefined;
  };
  const native = (code: string) => LANGUAGES.find((l) => l.code === code)?.native ?? code;
  const blank = (): LevelRow => ({ names: { EN: '', TY: '', ...Object.fromEntries(OTHER_NAME_LANGS.map((l) => [l, ''])) }, minValidBets: '', minDeposits: '0', keepValidBets: '0', upgradeReward: '0', weeklyReward: '0', monthlyReward: '0', rates: Object.fromEntries(cats.map((c) => [c, '0.00'])) });

  return (
    <form className={s.screen} onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate aria-label={t('title')}>
      <header className={s.head}>
        <div>
          <h1 className={s.title}>{t('title')}</h1>
          <p className={s.muted}>{t('intro', { currency: d.currency })}</p>
          {!d.enabled && <p className={s.warn}>{t('switchOff')}</p>}
        </div>
        {canEdit && (
          <div className={s.actions}>
            <Button type="button" variant="secondary" icon={<Plus size={16} />} onClick={() => rows.append(blank())} disabled={rows.fields.length >= d.maxLevels}>
              {t('add')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </div>
        )}
      </header>
      {form.formState.errors.root?.message && (
        <p role="alert" className={s.alert}>
          {form.formState.errors.root.message}
        </p>
      )}
      {form.formState.errors.levels?.message && (
        <p role="alert" className={s.alert}>
          {t('invalid.levels')}
        </p>
      )}
      {rows.fields.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <div className={s.wrap}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">{t('col.level')}</th>
                <th scope="col">{t('col.nameEN')}</th>
                <th scope="col">{t('col.nameTY')}</th>
                <th scope="col">{t('col.otherNames')}</th>
                {MONEY_FIELDS.map((f) => (
                  <th scope="col" key={f}>
                    {t(`col.${f}`)}
                  </th>
                ))}
                {cats.map((c) => (
                  <th scope="col" key={c}>
                    {t('col.rate', { category: c })}
                  </th>
                ))}
                {canEdit && <th scope="col">{t('col.remove')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.fields.map((row, i) => (
                <tr key={row.id}>
                  <th scope="row">{i + 1}</th>
                  {(['EN', 'TY'] as const).map((lang) => (
                    <td key={lang}>
                      <input
                        className={s.input}
                        aria-label={t(`aria.name${lang}`, { level: i + 1 })}
                        disabled={!canEdit}
                        aria-invalid={!!nameErr(i, lang)}
                        {...form.register(`levels.${i}.names.${lang}`)}
                      />
                      {nameErr(i, lang) && <span className={s.fieldError}>{nameErr(i, lang)}</span>}
                    </td>
                  ))}
                  <td>
                    <details className={s.names}>
                      <summary>{t('otherNames', { count: OTHER_NAME_LANGS.filter((l) => (form.watch(`levels.${i}.names.${l}`) ?? '').trim() !== '').length })}</summary>
                      <div className={s.namesGrid}>
                        {OTHER_NAME_LANGS.map((lang) => (
                          <label key={lang} className={s.nameField}>
                            <span lang={LANGUAGES.find((l) => l.code === lang)?.bcp47}>{native(lang)}</span>
                            <input
                              className={s.input}
                              aria-label={t('aria.nameOther', { level: i + 1, language: native(lang) })}
                              disabled={!canEdit}
                              aria-invalid={!!nameErr(i, lang)}
                              {...form.register(`levels.${i}.names.${lang}`)}
                            />
                            {nameErr(i, lang) && <span className={s.fieldError}>{nameErr(i, lang)}</span>}
                          </label>
                        ))}
                      </div>
                    </details>
                  </td>
                  {MONEY_FIELDS.map((f) => (
                    <td key={f}>
                      <input
                        className={s.input}
                        inputMode="decimal"
                        aria-label={t('aria.field', { level: i + 1, field: t(`col.${f}`) })}
                        disabled={!canEdit}
                        aria-invalid={!!err(i, f)}
                        {...form.register(`levels.${i}.${f}`)}
                      />
                      {err(i, f) && <span className={s.fieldError}>{err(i, f)}</span>}
                    </td>
                  ))}
                  {cats.map((c) => (
                    <td key={c}>
                      <input
                        className={s.input}
                        inputMode="decimal"
                        aria-label={t('aria.rate', { level: i + 1, category: c })}
                        disabled={!canEdit}
                        {...form.register(`levels.${i}.rates.${c}` as const)}
                      />
                    </td>
                  ))}
                  {canEdit && (
                    <td>
                      <Button type="button" variant="ghost" size="sm" icon={<Trash2 size={14} />} onClick={() => rows.remove(i)} disabled={i === 0} aria-label={t('aria.remove', { level: i + 1 })}>
                        {''}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={s.muted}>{t('rules')}</p>
    </form>
  );
}
