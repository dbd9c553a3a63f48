// Redeem one item: quantity, the delivery address for physical goods, and
// the payment password (react-hook-form with lib/schemas.ts). The request is
// sealed and password-checked by the server; a wrong password moves nothing
// and counts towards the withdrawal's lock (its message says how many tries
// are left). Without a payment password the member is sent to set one.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, Dialog, errorCode, errorMessage } from '@/components/ui';
import { paths } from '@/lib/paths';
import { useActionKeys } from '../lib/submit';
import { redeemItem, type PointsItem, type Redemption } from '../api/points';
import { redeemSchema, type RedeemValues } from '../lib/schemas';
import s from './points.module.css';

type Props = {
  item: PointsItem;
  balance: number;
  maxQuantity: number;
  money: (minor: number) => string;
  onClose: () => void;
  onDone: (r: Redemption) => void;
};

export function RedeemDialog({ item, balance, maxQuantity, money, onClose, onDone }: Props) {
  const { t } = useTranslation(['points', 'errors', 'cashier', 'common'], { useSuspense: true });
  const id = useId();
  const goods = item.kind === 'GOODS';
  const left = item.memberLimit > 0 ? item.memberLimit - item.redeemed : maxQuantity;
  const max = Math.max(1, Math.min(maxQuantity, left, item.stock < 0 ? maxQuantity : item.stock, Math.floor(balance / item.points)));
  const form = useForm<RedeemValues>({
    resolver: zodResolver(redeemSchema({ goods, maxQuantity: max })),
    defaultValues: { quantity: '1', paymentPassword: '', address: { name: '', phone: '', address: '' } },
  });
  const [serverError, setServerError] = useState<{ text: string; setPassword: boolean }>();
  const [busy, setBusy] = useState(false);
  const send = useActionKeys();
  const qty = Number(form.watch('quantity')) || 0;
  const total = item.points * Math.max(qty, 0);

  const submit = async (v: RedeemValues) => {
    setServerError(undefined);
    setBusy(true);
    try {
      const body = {
        itemId: item.id,
        quantity: Number(v.quantity),
        paymentPassword: v.paymentPassword,
        ...(goods ? { address: { name: v.address.name.trim(), phone: v.address.phone.replace(/\s+/g, ''), address: v.address.address.trim() } } : {}),
      };
      onDone(await send(`redeem:${item.id}`, (key) => redeemItem(body, key)));
    } catch (err) {
      setServerError({ text: errorMessage(t, err), setPassword: errorCode(err) === 'withdraw.payment_password_not_set' });
      form.setValue('paymentPassword', '');
    } finally {
      setBusy(false);
    }
  };

  const err = form.formState.errors;
  const msg = (m: string | undefined) => (m ? t(`points:form.${m}`, { max, min: 1 }) : undefined);
  const field = (name: string, label: string, issue: string | undefined, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {input}
      {issue ? (
        <p className="field-error" id={`${id}-${name}-err`} role="alert">
          {issue}
        </p>
      ) : (
        hint && (
          <p className="field-hint" id={`${id}-${name}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );

  return (
    <Dialog open onClose={onClose} title={t('points:dialog.title', { name: item.name })} size="sm" data-testid="points-redeem-dialog">
      <form className={s.form} noValidate onSubmit={form.handleSubmit(submit)}>
        <dl className={s.summary}>
          <div>
            <dt>{t('points:dialog.worth')}</dt>
            <dd>
              {item.kind === 'BONUS_CASH' && money(item.amount * Math.max(qty, 1))}
              {item.kind === 'FREE_SPINS' && t('points:spinsWorth', { spins: item.spins * Math.max(qty, 1), bet: money(item.amount) })}
              {item.kind === 'GOODS' && t('points:delivered')}
            </dd>
          </div>
          <div>
            <dt>{t('points:dialog.cost')}</dt>
            <dd data-testid="points-redeem-cost">
              {total.toLocaleString('en-US')} {t('points:pts')}
            </dd>
          </div>
          <div>
            <dt>{t('points:dialog.after')}</dt>
            <dd>
              {Math.max(balance - total, 0).toLocaleString('en-US')} {t('points:pts')}
            </dd>
          </div>
        </dl>
        <p className={s.muted}>{goods ? t('points:dialog.goodsNote') : t('points:dialog.rewardNote')}</p>
        {field(
          'quantity',
          t('points:form.quantity'),
          msg(err.quantity?.message),
          <input id={`${id}-quantity`} className="input" inputMode="numeric" autoComplete="off" aria-invalid={!!err.quantity} {...form.register('quantity')} />,
          t('points:form.quantityHint', { max }),
        )}
        {goods && (
          <fieldset className={s.fieldset}>
            <legend>{t('points:form.addressTitle')}</legend>
            {field(
              'name',
              t('points:form.name'),
              msg(err.address?.name?.message),
              <input id={`${id}-name`} className="input" autoComplete="name" aria-invalid={!!err.address?.name} {...form.register('address.name')} />,
            )}
            {field(
              'phone',
              t('points:form.phone'),
              msg(err.address?.phone?.message),
              <input id={`${id}-phone`} className="input" type="tel" autoComplete="tel" aria-invalid={!!err.address?.phone} {...form.register('address.phone')} />,
            )}
            {field(
              'address',
              t('points:form.address'),
              msg(err.address?.address?.message),
              <textarea id={`${id}-address`} className="input" rows={3} autoComplete="street-address" aria-invalid={!!err.address?.address} {...form.register('address.address')} />,
            )}
          </fieldset>
        )}
        {field(
          'password',
          t('points:form.paymentPassword'),
          msg(err.paymentPassword?.message),
          <input
            id={`${id}-password`}
            className="input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            aria-invalid={!!err.paymentPassword}
            {...form.register('paymentPassword')}
          />,
          t('points:form.paymentPasswordHint'),
        )}
        {serverError && (
          <div className={s.formError} role="alert" data-testid="points-redeem-error">
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
          <Button type="submit" loading={busy} data-testid="points-redeem-submit">
            {t('points:dialog.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
