// Convert points to cash at the brand's rate: a whole number of the rate's
// points, at least the minimum; the cash waits in the reward centre. Sealed
// and password-checked like a redemption.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Dialog, errorCode, errorMessage } from '@/components/ui';
import { paths } from '@/lib/paths';
import { useActionKeys } from '../lib/submit';
import { convertPoints, type PointsConfig, type Redemption } from '../api/points';
import { convertSchema, type ConvertValues } from '../lib/schemas';
import s from './points.module.css';

type Props = { cfg: PointsConfig; balance: number; money: (minor: number) => string; onClose: () => void; onDone: (r: Redemption) => void };

export function ConvertDialog({ cfg, balance, money, onClose, onDone }: Props) {
  const { t } = useTranslation(['points', 'errors', 'cashier', 'common'], { useSuspense: true });
  const id = useId();
  const step = cfg.convertPoints;
  const most = Math.floor(balance / step) * step;
  const form = useForm<ConvertValues>({
    resolver: zodResolver(convertSchema({ min: cfg.convertMin, step, balance })),
    defaultValues: { points: most >= cfg.convertMin ? String(most) : '', paymentPassword: '' },
  });
  const [serverError, setServerError] = useState<{ text: string; setPassword: boolean }>();
  const [busy, setBusy] = useState(false);
  const send = useActionKeys();
  const n = Number(form.watch('points'));
  const cash = Number.isInteger(n) && n > 0 ? Math.floor(n / step) * cfg.convertAmount : 0;
  const err = form.formState.errors;
  const msg = (m: string | undefined) =>
    m ? t(`points:form.${m}`, { min: cfg.convertMin.toLocaleString('en-US'), step: step.toLocaleString('en-US'), balance: balance.toLocaleString('en-US') }) : undefined;

  const submit = async (v: ConvertValues) => {
    setServerError(undefined);
    setBusy(true);
    try {
      onDone(await send('convert', (key) => convertPoints({ points: Number(v.points), paymentPassword: v.paymentPassword }, key)));
    } catch (e) {
      setServerError({ text: errorMessage(t, e), setPassword: errorCode(e) === 'withdraw.payment_password_not_set' });
      form.setValue('paymentPassword', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t('points:convert.title')} size="sm" data-testid="points-convert-dialog">
      <form className={s.form} noValidate onSubmit={form.handleSubmit(submit)}>
        <p className={s.muted}>{t('points:convert.rate', { points: step.toLocaleString('en-US'), amount: money(cfg.convertAmount), min: cfg.convertMin.toLocaleString('en-US') })}</p>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-points`}>
            {t('points:convert.points')}
          </label>
          <input id={`${id}-points`} className="input" inputMode="numeric" autoComplete="off" aria-invalid={!!err.points} {...form.register('points')} />
          {err.points ? (
            <p className="field-error" role="alert">
              {msg(err.points.message)}
            </p>
          ) : (
            <p className="field-hint">{t('points:convert.youGet', { amount: money(cash) })}</p>
          )}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-password`}>
            {t('points:form.paymentPassword')}
          </label>
          <input
            id={`${id}-password`}
            className="input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            aria-invalid={!!err.paymentPassword}
            {...form.register('paymentPassword')}
          />
          {err.paymentPassword && (
            <p className="field-error" role="alert">
              {msg(err.paymentPassword.message)}
            </p>
          )}
        </div>
        {serverError && (
          <div className={s.formError} role="alert">
            <span>{serverError.text}</span>
            {serverError.setPassword && (
              <Link to={paths.withdraw} className={s.noticeLink}>
                {t('points:setPassword')}
              </Link>
            )}
          </div>
        )}
        <div className={s.formActions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="points-convert-submit">
            {t('points:convert.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
