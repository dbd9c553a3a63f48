// Contract requests: offer a contract to a direct downline agent (POST
// /wps/agent/contracts): type, dividend period, the tiers editor (add, remove,
// each tier's thresholds and rate) or the real-time rates.
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileSignature, Plus, Trash2 } from 'lucide-react';
import { Button, IconButton, errorMessage } from '@/components/ui';
import { DIVIDEND_PERIODS, offerContract, type Contract, type ContractType } from '@/features/agent/api/commission';
import { MAX_TIERS, offerSchema, toOffer, type OfferInput } from './contractSchema';
import s from './pages.module.css';

const EMPTY_TIER = { validBets: '', netLoss: '', activeMembers: '', rate: '' };

export function OfferForm({ downlineId, account, types, onDone }: { downlineId: number; account: string; types: ContractType[]; onDone: (c: Contract) => void }) {
  const { t } = useTranslation(['agent', 'errors', 'common'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const decimals = 2;
  const form = useForm<OfferInput>({
    resolver: zodResolver(offerSchema(decimals)),
    defaultValues: { type: types[0] ?? 'dividend', period: 'weekly', tiers: [{ ...EMPTY_TIER }], winRate: '', lossRate: '', betRate: '' },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const type = form.watch('type');
  const m = useMutation({
    mutationFn: (v: OfferInput) => offerContract(toOffer(v, downlineId, decimals)),
    onSuccess: (c) => {
      void qc.invalidateQueries({ queryKey: ['agent', 'contracts'] });
      onDone(c);
    },
  });
  const errs = form.formState.errors;
  const rule = (k?: string) => (k ? t(`agent:contracts.rules.${k}`, { max: MAX_TIERS }) : undefined);
  const input = (name: `tiers.${number}.${'validBets' | 'netLoss' | 'activeMembers' | 'rate'}` | 'winRate' | 'lossRate' | 'betRate', label: string, err?: string, mode: 'decimal' | 'numeric' = 'decimal') => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input id={`${id}-${name}`} className="input" inputMode={mode} autoComplete="off" aria-invalid={!!err} aria-describedby={err ? `${id}-${name}-e` : undefined} data-testid={`agent-offer-${name.replace(/\./g, '-')}`} {...form.register(name)} />
      {err && (
        <p id={`${id}-${name}-e`} className="field-error" role="alert">
          {err}
        </p>
      )}
    </div>
  );

  return (
    <section className={s.card} aria-labelledby={`${id}-t`} data-testid="agent-offer">
      <h2 id={`${id}-t`} className={s.cardTitle}>
        <FileSignature size={20} aria-hidden="true" />
        {t('agent:contracts.offerTitle', { account })}
      </h2>
      <p className={s.cardLead}>{t('agent:contracts.offerLead')}</p>
      <form className={s.form} noValidate onSubmit={form.handleSubmit((v) => m.mutate(v))}>
        <div className={s.formRow}>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-type`}>
              {t('agent:contracts.type')}
            </label>
            <select id={`${id}-type`} className="input" {...form.register('type')} data-testid="agent-offer-type">
              {types.map((ty) => (
                <option key={ty} value={ty}>
                  {t(`agent:contracts.types.${ty}`)}
                </option>
              ))}
            </select>
          </div>
          {type === 'dividend' && (
            <div className="field">
              <label className="field-label" htmlFor={`${id}-period`}>
                {t('agent:contracts.period')}
              </label>
              <select id={`${id}-period`} className="input" {...form.register('period')} data-testid="agent-offer-period">
                {DIVIDEND_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`agent:contracts.periods.${p}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {type === 'realtime' ? (
          <div className={s.formRow}>
            {input('winRate', t('agent:contracts.realtime.winRate'), rule(errs.winRate?.message))}
            {input('lossRate', t('agent:contracts.realtime.lossRate'), rule(errs.lossRate?.message))}
            {input('betRate', t('agent:contracts.realtime.betRate'), rule(errs.betRate?.message))}
          </div>
        ) : (
          <fieldset className={s.tiers}>
            <legend className={s.sectionTitle}>{t('agent:contracts.tiers')}</legend>
            {tiers.fields.map((f, i) => {
              const e = errs.tiers?.[i];
              return (
                <div key={f.id} className={s.tier} role="group" aria-label={t('agent:bills.tierN', { n: i + 1 })} data-testid={`agent-offer-tier-${i}`}>
                  <span className={s.tierN}>{i + 1}</span>
                  {input(`tiers.${i}.validBets`, t('agent:contracts.tier.validBets'), rule(e?.validBets?.message))}
                  {type === 'dividend' && input(`tiers.${i}.netLoss`, t('agent:contracts.tier.netLoss'), rule(e?.netLoss?.message))}
                  {input(`tiers.${i}.activeMembers`, t('agent:contracts.tier.activeMembers'), rule(e?.activeMembers?.message), 'numeric')}
                  {input(`tiers.${i}.rate`, t('agent:contracts.tier.rate'), rule(e?.rate?.message))}
                  <IconButton type="button" label={t('agent:contracts.removeTier', { n: i + 1 })} icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => tiers.remove(i)} disabled={tiers.fields.length === 1} />
                </div>
              );
            })}
            {errs.tiers?.message && (
              <p className="field-error" role="alert">
                {rule(errs.tiers.message)}
              </p>
            )}
            <div>
              <Button variant="outline" size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={() => tiers.append({ ...EMPTY_TIER })} disabled={tiers.fields.length >= MAX_TIERS} data-testid="agent-offer-add-tier">
                {t('agent:contracts.addTier')}
              </Button>
            </div>
          </fieldset>
        )}
        {m.isError && (
          <p className="field-error" role="alert" data-testid="agent-offer-error">
            {errorMessage(t, m.error)}
          </p>
        )}
        <div>
          <Button type="submit" loading={m.isPending} icon={<FileSignature size={18} aria-hidden="true" />} data-testid="agent-offer-submit">
            {t('agent:contracts.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
