// Create or edit a promotion: its type's terms, schedule, budget,
// eligibility, reward and linked article, checked as the server checks them;
// the server's refusal (naming the field) is shown in the dialog.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, SelectField, TextField, useToast } from '@palaro/ui';
import { errorText } from '@/lib/errors';
import { createPromotion, PROMOS_KEY, TYPES, updatePromotion, type Promotion } from '../api/promotions';
import { formSchema, toDraft, toForm, type FormInput } from '../api/schema';
import s from './Promotions.module.css';

export const NS = 'console-promotions';

export function PromotionForm({ promotion, decimals, currency, categories, vip, onClose }: { promotion?: Promotion; decimals: number; currency: string; categories: string[]; vip: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { toast } = useToast();
  const qc = useQueryClient();
  const [error, setError] = useState('');
  const form = useForm<FormInput>({ resolver: zodResolver(formSchema), defaultValues: toForm(promotion, decimals, categories) });
  const type = form.watch('type');
  const kind = form.watch('rewardKind');
  const m = useMutation({
    mutationFn: (v: FormInput) => (promotion ? updatePromotion(promotion.id, toDraft(v, decimals)) : createPromotion(toDraft(v, decimals))),
    onSuccess: (p) => {
      void qc.invalidateQueries({ queryKey: PROMOS_KEY });
      toast('success', t(promotion ? 'form.updated' : 'form.created', { title: p.titleEN }));
      onClose();
    },
    onError: (e) => setError(errorText(t, e)),
  });
  const errs = form.formState.errors;
  const e = (k: keyof FormInput) => {
    const msg = (errs[k] as { message?: string } | undefined)?.message;
    return msg ? t(msg) : undefined;
  };
  const money = (k: 'amount' | 'cap' | 'minDeposit' | 'maxBet' | 'budget', hint?: string) => (
    <TextField label={t(`form.${k}`, { currency })} hint={hint} error={e(k)} inputMode="decimal" autoComplete="off" {...form.register(k)} />
  );
  const frequencies = type === 'CASHBACK' ? ['DAILY', 'WEEKLY'] : ['ONCE', 'DAILY'];

  return (
    <Dialog
      open
      onClose={onClose}
      title={promotion ? t('form.editTitle', { title: promotion.titleEN }) : t('form.newTitle')}
      closeLabel={t('close')}
      size="lg"
      footer={
        <div className={s.buttons}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="promo-form" loading={m.isPending}>
            {t('form.save')}
          </Button>
        </div>
      }
    >
      <form id="promo-form" className={s.form} noValidate onSubmit={form.handleSubmit((v) => { setError(''); m.mutate(v); })}>
        <fieldset className={s.group}>
          <legend>{t('form.basics')}</legend>
          <SelectField label={t('form.type')} disabled={!!promotion} {...form.register('type')}>
            {TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`type.${ty}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('form.titleEN')} error={e('titleEN')} autoComplete="off" {...form.register('titleEN')} />
          <TextField label={t('form.titleTY')} error={e('titleTY')} autoComplete="off" {...form.register('titleTY')} />
          <TextField label={t('form.articleId')} hint={t('form.articleHint')} error={e('articleId')} inputMode="numeric" autoComplete="off" {...form.register('articleId')} />
        </fieldset>
        <fieldset className={s.group}>
          <legend>{t('form.terms')}</legend>
          {type === 'RELOAD' && (
            <>
              <TextField label={t('form.percent')} error={e('percent')} inputMode="decimal" autoComplete="off" {...form.register('percent')} />
              {money('cap')}
              {money('minDeposit')}
            </>
          )}
          {type === 'FIXED' && money('amount')}
          {type === 'CASHBACK' && (
            <>
              <TextField label={t('form.defaultRate')} hint={t('form.defaultRateHint')} error={e('percent')} inputMode="decimal" autoComplete="off" {...form.register('percent')} />
              <div className={s.rates}>
                {categories.map((c) => (
                  <TextField
                    key={c}
                    label={t('form.rate', { category: c })}
                    error={(errs.rates as Record<string, { message?: string }> | undefined)?.[c]?.message ? t('v.percent') : undefined}
                    inputMode="decimal"
                    autoComplete="off"
                    {...form.register(`rates.${c}`)}
                  />
                ))}
              </div>
              {money('cap')}
            </>
          )}
          {type === 'APPLICATION' && money('cap', t('form.capHint'))}
          {type === 'RAFFLE' && (
            <>
              <TextField label={t('form.prize', { currency })} error={e('amount')} inputMode="decimal" autoComplete="off" {...form.register('amount')} />
              <TextField label={t('form.winners')} hint={t('form.drawHint')} error={e('winners')} inputMode="numeric" autoComplete="off" {...form.register('winners')} />
            </>
          )}
          <SelectField label={t(type === 'CASHBACK' ? 'form.period' : 'form.frequency')} error={e('frequency')} {...form.register('frequency')}>
            {frequencies.map((f) => (
              <option key={f} value={f}>
                {t(`frequency.${f}`)}
              </option>
            ))}
          </SelectField>
          {(type === 'RELOAD' || type === 'CASHBACK') && (
            <label className={s.check}>
              <input type="checkbox" {...form.register('joinRequired')} />
              {t('form.joinRequired')}
            </label>
          )}
        </fieldset>
        <fieldset className={s.group}>
          <legend>{t('form.schedule')}</legend>
          <TextField type="datetime-local" label={t('form.startsAt')} error={e('startsAt')} {...form.register('startsAt')} />
          <TextField type="datetime-local" label={t(type === 'RAFFLE' ? 'form.endsAtDraw' : 'form.endsAt')} error={e('endsAt')} {...form.register('endsAt')} />
          {money('budget', t('form.budgetHint'))}
        </fieldset>
        <fieldset className={s.group}>
          <legend>{t('form.eligibility')}</legend>
          <TextField label={t('form.newWithinDays')} hint={t('form.zeroAnyone')} error={e('newWithinDays')} inputMode="numeric" autoComplete="off" {...form.register('newWithinDays')} />
          <TextField label={t('form.agentId')} hint={t('form.zeroAnyone')} error={e('agentId')} inputMode="numeric" autoComplete="off" {...form.register('agentId')} />
          <TextField label={t('form.vipMinLevel')} hint={vip ? t('form.zeroAnyone') : t('form.vipHook')} disabled={!vip} error={e('vipMinLevel')} inputMode="numeric" autoComplete="off" {...form.register('vipMinLevel')} />
        </fieldset>
        <fieldset className={s.group}>
          <legend>{t('form.reward')}</legend>
          <SelectField label={t('form.rewardKind')} {...form.register('rewardKind')}>
            <option value="BONUS">{t('kind.BONUS')}</option>
            <option value="CASH">{t('kind.CASH')}</option>
          </SelectField>
          {kind === 'BONUS' && (
            <>
              <TextField label={t('form.wagerMultiple')} error={e('wagerMultiple')} inputMode="numeric" autoComplete="off" {...form.register('wagerMultiple')} />
              {money('maxBet', t('form.zeroNoLimit'))}
              <TextField label={t('form.validDays')} error={e('validDays')} inputMode="numeric" autoComplete="off" {...form.register('validDays')} />
            </>
          )}
          <TextField label={t('form.claimDays')} error={e('claimDays')} inputMode="numeric" autoComplete="off" {...form.register('claimDays')} />
        </fieldset>
        {error && (
          <p className={s.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
