// The dialog that sets, changes or removes one limit: react-hook-form with the
// zod rules of lib/rules.ts. A lower limit applies at once; a higher one or a
// removal waits for the cooling-off (the server decides; the dialog says which).
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, errorMessage } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { RG_SETTINGS_KEY, setLimit, type Limit, type RgSettings } from '../api/rg';
import { currencyDecimals, formatMoney, minorToInput } from '../lib/rules';
import { moneyLimitSchema, sessionLimitSchema } from '../lib/schemas';
import s from './rg.module.css';

type Props = { limit: Limit; settings: RgSettings; onClose: () => void; onSaved: (note: string) => void };

export function LimitEditor({ limit, settings, onClose, onSaved }: Props) {
  const { t } = useTranslation(['rg', 'common'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const session = limit.type === 'SESSION';
  const decimals = currencyDecimals(settings.currency);
  const schema = session ? sessionLimitSchema({ operatorMax: limit.operatorAmount }) : moneyLimitSchema({ decimals, max: settings.maxAmount, operatorMax: limit.operatorAmount });
  const form = useForm<{ amount: string }, unknown, { amount: number }>({
    resolver: zodResolver(schema),
    defaultValues: { amount: limit.amount === null ? '' : session ? String(limit.amount) : minorToInput(limit.amount, decimals) },
  });
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value = (v: number | null) => (v === null ? t('rg:limit.none') : session ? t('rg:limit.minutes', { minutes: v }) : formatMoney(v, settings.currency));

  const save = async (amount: number | null) => {
    setServerError(undefined);
    setBusy(true);
    try {
      const next = await setLimit(limit.type, limit.period, amount);
      qc.setQueryData(RG_SETTINGS_KEY, next);
      void qc.invalidateQueries({ queryKey: ['rg', 'history'] });
      const now = next.limits.find((l) => l.type === limit.type && l.period === limit.period);
      onSaved(now?.pending ? t('rg:form.savedPending', { date: formatDateTime(now.pending.effectiveAt) }) : t('rg:form.savedNow'));
    } catch (err) {
      setServerError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const issue = form.formState.errors.amount?.message;
  const issueText =
    issue &&
    t(`rg:form.${issue}`, {
      decimals,
      max: session ? limit.operatorAmount : formatMoney(issue === 'aboveOperator' ? (limit.operatorAmount ?? 0) : settings.maxAmount, settings.currency),
    });
  const title = `${t(`rg:types.${limit.type}`)} · ${t(`rg:periods.${limit.period}`)}`;
  return (
    <Dialog open onClose={onClose} title={title} size="sm" data-testid="rg-limit-dialog">
      <form className={s.form} noValidate onSubmit={form.handleSubmit((v) => save(v.amount))}>
        <p className={s.muted}>{t(`rg:typeHelp.${limit.type}`)}</p>
        <p className={s.formNow}>
          {t('rg:form.current')}: <strong>{value(limit.amount)}</strong>
        </p>
        {limit.operatorAmount !== null && <p className={s.formNote}>{t('rg:limit.operator', { amount: value(limit.operatorAmount) })}</p>}
        <div className="field">
          <label className="field-label" htmlFor={`${id}-amount`}>
            {session ? t('rg:form.minutesLabel') : t('rg:form.amountLabel', { currency: settings.currency })}
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            inputMode={session ? 'numeric' : 'decimal'}
            autoComplete="off"
            data-autofocus
            aria-invalid={!!issue}
            aria-describedby={issue ? `${id}-err` : `${id}-hint`}
            data-testid="rg-limit-amount"
            {...form.register('amount')}
          />
          {issue ? (
            <p id={`${id}-err`} className="field-error" role="alert" data-testid="rg-limit-error">
              {issueText}
            </p>
          ) : (
            <p id={`${id}-hint`} className={s.hint}>
              {t('rg:form.rules')}
            </p>
          )}
        </div>
        {serverError && (
          <p className="field-error" role="alert" data-testid="rg-limit-server-error">
            {serverError}
          </p>
        )}
        <div className={s.formActions}>
          <Button type="submit" loading={busy} data-testid="rg-limit-save">
            {t('rg:form.save')}
          </Button>
          {limit.amount !== null && !limit.pending && (
            <Button variant="ghost" disabled={busy} onClick={() => void save(null)} data-testid="rg-limit-remove">
              {t('rg:form.remove')}
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {t('common:cancel')}
          </Button>
        </div>
        <p className={s.hint}>{t('rg:form.coolingOff')}</p>
      </form>
    </Dialog>
  );
}
