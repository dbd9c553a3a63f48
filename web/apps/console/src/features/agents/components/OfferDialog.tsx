// The platform's contract offer to a top agent: the agent's username, the
// type, a dividend's period, then 1 to 10 rising tiers (thresholds in the
// brand currency, rates in percent) or the three real-time rates. The form
// checks the server's rules before sending; what only the server knows (not
// a top agent, type switched off, an offer already pending) is worded under
// the form.
import { useState } from 'react';
import { useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { Button, Dialog, SelectField, TextField, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { CONTRACT_TYPES, DIVIDEND_PERIODS, commissionKeys, offerContract } from '../api/commission';
import { MAX_TIERS, USERNAME_MAX, emptyTier, offerSchema, toOffer, type OfferInput } from '../api/schema';
import { NS } from './shared';
import s from './Agents.module.css';

const defaults = (agent: string): OfferInput => ({ agent, type: 'daily_wage', period: 'weekly', tiers: [{ ...emptyTier }], winRate: '', lossRate: '', betRate: '' });

export function OfferDialog(p: { open: boolean; agent: string; decimals: number; currency: string; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const form = useForm<OfferInput>({ resolver: zodResolver(offerSchema(p.decimals)), defaultValues: defaults(p.agent) });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const type = form.watch('type');
  const e = form.formState.errors;
  const msg = (err: FieldError | undefined) => (err?.message ? t(`validation.${err.message}`, { max: MAX_TIERS }) : undefined);

  const close = () => {
    form.reset(defaults(p.agent));
    setError('');
    p.onClose();
  };
  const submit = form.handleSubmit(async (v) => {
    setError('');
    try {
      await offerContract(v.agent, toOffer(v, p.decimals));
      await qc.invalidateQueries({ queryKey: commissionKeys.contracts });
      toast('success', t('offer.sent', { account: v.agent.trim() }));
      close();
    } catch (err) {
      setError(errorText(t, err));
    }
  });
  const money = (label: string) => (p.currency ? `${label} (${p.currency})` : label);

  return (
    <Dialog
      open={p.open}
      onClose={close}
      title={t('offer.title')}
      description={t('offer.intro')}
      closeLabel={t('common.close')}
      size="lg"
      footer={
        <div className={s.dialogButtons}>
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="agent-offer-form" loading={form.formState.isSubmitting}>
            {t('offer.send')}
          </Button>
        </div>
      }
    >
      <form id="agent-offer-form" className={s.form} noValidate onSubmit={submit}>
        <div className={s.row2}>
          <TextField label={t('offer.agent')} hint={t('offer.agentHint')} maxLength={USERNAME_MAX} autoComplete="off" spellCheck={false} error={msg(e.agent)} {...form.register('agent')} />
          <SelectField label={t('offer.type')} {...form.register('type')}>
            {CONTRACT_TYPES.map((c) => (
              <option key={c} value={c}>
                {t(`contractTypes.${c}`)}
              </option>
            ))}
          </SelectField>
          {type === 'dividend' && (
            <SelectField label={t('offer.period')} error={msg(e.period)} {...form.register('period')}>
              {DIVIDEND_PERIODS.map((c) => (
                <option key={c} value={c}>
                  {t(`periods.${c}`)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {type === 'realtime' ? (
          <>
            <p className={s.hint}>{t('offer.realtimeRule')}</p>
            <div className={s.row2}>
              <TextField label={t('offer.betRate')} inputMode="decimal" autoComplete="off" error={msg(e.betRate)} {...form.register('betRate')} />
              <TextField label={t('offer.lossRate')} inputMode="decimal" autoComplete="off" error={msg(e.lossRate)} {...form.register('lossRate')} />
              <TextField label={t('offer.winRate')} inputMode="decimal" autoComplete="off" error={msg(e.winRate)} {...form.register('winRate')} />
            </div>
          </>
        ) : (
          <>
            <p className={s.hint}>{t('offer.tiersRule')}</p>
            {tiers.fields.map((f, i) => {
              const te = e.tiers?.[i];
              return (
                <fieldset key={f.id} className={s.tierBox}>
                  <legend>{t('offer.tierN', { n: i + 1 })}</legend>
                  <div className={s.tierFields}>
                    <TextField label={money(t('offer.validBets'))} inputMode="decimal" autoComplete="off" error={msg(te?.validBets)} {...form.register(`tiers.${i}.validBets`)} />
                    {type === 'dividend' && (
                      <TextField label={money(t('offer.netLoss'))} inputMode="decimal" autoComplete="off" error={msg(te?.netLoss)} {...form.register(`tiers.${i}.netLoss`)} />
                    )}
                    <TextField label={t('offer.activeMembers')} inputMode="numeric" autoComplete="off" error={msg(te?.activeMembers)} {...form.register(`tiers.${i}.activeMembers`)} />
                    <TextField label={t('offer.rate')} inputMode="decimal" autoComplete="off" error={msg(te?.rate)} {...form.register(`tiers.${i}.rate`)} />
                  </div>
                  {tiers.fields.length > 1 && (
                    <div className={s.tierHead}>
                      <Button size="sm" variant="ghost" icon={<Trash2 size={14} aria-hidden="true" />} onClick={() => tiers.remove(i)}>
                        {t('offer.removeTier', { n: i + 1 })}
                      </Button>
                    </div>
                  )}
                </fieldset>
              );
            })}
            {(e.tiers?.root ?? e.tiers)?.message && (
              <p role="alert" className={s.formError}>
                {msg((e.tiers?.root ?? e.tiers) as FieldError)}
              </p>
            )}
            {tiers.fields.length < MAX_TIERS && (
              <div>
                <Button size="sm" variant="secondary" icon={<Plus size={14} aria-hidden="true" />} onClick={() => tiers.append({ ...emptyTier })}>
                  {t('offer.addTier')}
                </Button>
              </div>
            )}
          </>
        )}
        {error && (
          <p role="alert" className={s.formError}>
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
