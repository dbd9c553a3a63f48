// The brand's welcome and rebate terms, edited in the brand document (GET/PUT
// /ops/v1/brand under its version, as the brand screen saves it): money in
// major units, weights and rates as percentages, stored as the brand stores
// them (minor units, basis points). A save asks for a reason; a change by
// someone else meanwhile is reported with a reload.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCode } from '@palaro/api/src/envelope';
import { Button, Spinner, TextField, useToast } from '@palaro/ui';
import { api } from '@/lib/api';
import { errorText } from '@/lib/errors';
import { QueryError } from '@/components/ui/QueryError';
import { categoriesOf, fromTermsForm, termsSchema, toTermsForm, type RewardTerms, type TermsForm } from '../api/schemas';
import { NS, ReasonDialog } from './shared';
import s from './Rewards.module.css';

type BrandDoc = { version: number; config: { currency: { code: string; decimals: number }; rewards?: Partial<RewardTerms>; [k: string]: unknown } };
const brandKey = ['ops', 'brand'] as const;
const brandQuery = { queryKey: brandKey, queryFn: ({ signal }: { signal: AbortSignal }) => api.get<BrandDoc>('/ops/v1/brand', undefined, signal) };

const emptyTerms: RewardTerms = {
  welcome: { percent: 0, cap: 0, minDeposit: 0, wagerMultiple: 0, wagerWithDeposit: false, maxBet: 0, claimDays: 0, validDays: 0, weights: {}, startsAt: 0 },
  rebate: { rates: {}, at: '05:00', minAmount: 0, claimDays: 0, startsAt: 0 },
};
const termsOf = (d: BrandDoc): RewardTerms => ({ welcome: { ...emptyTerms.welcome, ...d.config.rewards?.welcome }, rebate: { ...emptyTerms.rebate, ...d.config.rewards?.rebate } });

export function Terms({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const q = useQuery({ ...brandQuery, refetchOnWindowFocus: false });
  if (q.isPending) return <Spinner label={tc('common.loading')} />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  return <TermsEditor key={q.data.version} doc={q.data} canWrite={canWrite} onReload={() => q.refetch()} label={t('termsForm.title')} />;
}

function TermsEditor({ doc, canWrite, onReload, label }: { doc: BrandDoc; canWrite: boolean; onReload: () => unknown; label: string }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const dec = doc.config.currency.decimals;
  const cur = doc.config.currency.code;
  const terms = termsOf(doc);
  const cats = categoriesOf(terms);
  const [asking, setAsking] = useState(false);
  const [conflict, setConflict] = useState(false);
  const form = useForm<TermsForm>({ resolver: zodResolver(termsSchema(dec)), defaultValues: toTermsForm(terms, dec), mode: 'onTouched' });
  const save = useMutation({
    mutationFn: ({ values, reason }: { values: TermsForm; reason: string }) =>
      api.request<BrandDoc>('PUT', '/ops/v1/brand', { body: { version: doc.version, config: { ...doc.config, rewards: fromTermsForm(values, terms, dec) }, reason } }),
    onSuccess: (d) => {
      qc.setQueryData(brandKey, d);
      setAsking(false);
      toast('success', t('termsForm.saved'));
    },
  });
  const err = form.formState.errors;
  const msg = (m?: string) => m && t(m, { decimals: dec });
  const disabled = !canWrite;
  const money = (name: 'welcomeCap' | 'welcomeMinDeposit' | 'welcomeMaxBet' | 'welcomeMaxConvert' | 'rebateMinAmount', hint?: string) => (
    <TextField label={t(`termsForm.${name}`, { currency: cur })} hint={hint} inputMode="decimal" autoComplete="off" disabled={disabled} error={msg(err[name]?.message)} {...form.register(name)} />
  );
  const num = (name: 'welcomePercent' | 'welcomeWagerMultiple' | 'welcomeClaimDays' | 'welcomeValidDays' | 'rebateClaimDays', hint?: string) => (
    <TextField label={t(`termsForm.${name}`)} hint={hint} inputMode="numeric" autoComplete="off" disabled={disabled} error={msg(err[name]?.message)} {...form.register(name)} />
  );
  return (
    <>
    <form className={s.terms} aria-label={label} noValidate onSubmit={form.handleSubmit(() => setAsking(true))}>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>{t('termsForm.welcome')}</legend>
        <p className={s.hint}>{t('termsForm.welcomeHint')}</p>
        <div className={s.grid3}>
          {num('welcomePercent', t('termsForm.percentHint'))}
          {money('welcomeCap')}
          {money('welcomeMinDeposit')}
          {num('welcomeWagerMultiple')}
          {money('welcomeMaxBet', t('termsForm.zeroNoLimit'))}
          {money('welcomeMaxConvert', t('termsForm.zeroNoLimit'))}
          {num('welcomeClaimDays')}
          {num('welcomeValidDays')}
        </div>
        <label className={s.check}>
          <input type="checkbox" disabled={disabled} {...form.register('welcomeWagerWithDeposit')} />
          {t('termsForm.welcomeWagerWithDeposit')}
        </label>
      </fieldset>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>{t('termsForm.rebate')}</legend>
        <p className={s.hint}>{t('termsForm.rebateHint')}</p>
        <div className={s.grid3}>
          <TextField label={t('termsForm.rebateAt')} hint={t('termsForm.rebateAtHint')} autoComplete="off" disabled={disabled} error={msg(err.rebateAt?.message)} {...form.register('rebateAt')} />
          {money('rebateMinAmount')}
          {num('rebateClaimDays')}
        </div>
      </fieldset>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>{t('termsForm.categories')}</legend>
        <p className={s.hint}>{t('termsForm.categoriesHint')}</p>
        <table className={s.catTable}>
          <thead>
            <tr>
              <th scope="col">{t('termsForm.category')}</th>
              <th scope="col">{t('termsForm.weight')}</th>
              <th scope="col">{t('termsForm.rate')}</th>
            </tr>
          </thead>
          <tbody>
            {cats.map((c) => {
              const we = err.weights?.[c]?.message;
              const re = err.rebateRates?.[c]?.message;
              const name = t(`category.${c}`, { defaultValue: c });
              return (
                <tr key={c}>
                  <th scope="row">{name}</th>
                  <td>
                    <input aria-label={t('termsForm.weightOf', { category: name })} inputMode="decimal" disabled={disabled} aria-invalid={!!we} {...form.register(`weights.${c}`)} /> %
                    {we && <div className={s.formError}>{msg(we)}</div>}
                  </td>
                  <td>
                    <input aria-label={t('termsForm.rateOf', { category: name })} inputMode="decimal" disabled={disabled} aria-invalid={!!re} {...form.register(`rebateRates.${c}`)} /> %
                    {re && <div className={s.formError}>{msg(re)}</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>
      {conflict && (
        <div role="alert" className={s.formError}>
          {t('termsForm.conflict')}{' '}
          <Button size="sm" variant="ghost" onClick={() => { setConflict(false); void onReload(); }}>
            {t('termsForm.reload')}
          </Button>
        </div>
      )}
      {canWrite && (
        <div className={s.bar2}>
          <Button variant="ghost" disabled={!form.formState.isDirty} onClick={() => form.reset(toTermsForm(terms, dec))}>
            {t('termsForm.discard')}
          </Button>
          <Button type="submit" disabled={!form.formState.isDirty}>
            {t('termsForm.save')}
          </Button>
        </div>
      )}
    </form>
      <ReasonDialog
        open={asking}
        title={t('termsForm.confirm')}
        confirm={t('termsForm.save')}
        onClose={() => setAsking(false)}
        onSubmit={async (reason) => {
          try {
            await save.mutateAsync({ values: form.getValues(), reason });
          } catch (e) {
            if (errorCode(e) === 'brand.version_conflict') {
              setAsking(false);
              setConflict(true);
              return;
            }
            throw new Error(errorText(t, e));
          }
        }}
      />
    </>
  );
}
