// /member/depositv2 (spec section 2, personal centre "depositv2"): payment
// methods as cards, the amount with quick chips and the method's bounds, a
// bank transfer with receipt (reviewed by an operator) or an online payment on
// the provider's page; back from it with ?order=<orderNo>, the order's status
// is polled until final. Below, the recent deposits.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ArrowDownToLine, CircleCheck, CreditCard, Landmark } from 'lucide-react';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui';
import { depositMethodsQuery, type Deposit, type DepositMethod } from '@/features/cashier';
import { formatMinor } from '@/lib/format';
import { DepositForm } from './cashier/DepositForm';
import { DepositList, OrderStatus, PendingCard } from './cashier/DepositRecords';
import s from './cashier/page.module.css';

/** returnTo "agent": the agent centre's deposit page (online payments come back there). */
export default function DepositPage({ returnTo }: { returnTo?: 'agent' } = {}) {
  const { t } = useTranslation(['cashier', 'common'], { useSuspense: true });
  const [params, setParams] = useSearchParams();
  const order = params.get('order');
  const methods = useQuery(depositMethodsQuery());
  const [code, setCode] = useState<string>();
  const [submitted, setSubmitted] = useState<Deposit | null>(null);

  const list = methods.data?.methods ?? [];
  const method = list.find((m) => m.code === code) ?? list[0];
  const decimals = methods.data?.decimals ?? 2;
  const currency = methods.data?.currency ?? '';
  useEffect(() => {
    if (order) setSubmitted(null);
  }, [order]);

  return (
    <div className={s.page} data-testid="deposit-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <ArrowDownToLine size={22} />
        </span>
        <div>
          <h1 className={s.title}>{t('cashier:deposit.title')}</h1>
          <p className={s.subtitle}>{t('cashier:deposit.subtitle')}</p>
        </div>
      </header>

      {order && methods.data && <OrderStatus orderNo={order} decimals={decimals} currency={currency} onClose={() => setParams({}, { replace: true })} />}

      {methods.isPending ? (
        <div className={s.card} aria-busy="true">
          <Skeleton width={160} height={20} />
          <div className={s.methods}>
            <Skeleton height={72} />
            <Skeleton height={72} />
            <Skeleton height={72} />
          </div>
          <Skeleton height={120} />
        </div>
      ) : methods.isError ? (
        <ErrorState error={methods.error} onRetry={() => void methods.refetch()} />
      ) : submitted ? (
        <PendingCard deposit={submitted} decimals={decimals} currency={currency} onAnother={() => setSubmitted(null)} />
      ) : !method ? (
        <EmptyState icon={<Landmark size={28} strokeWidth={1.75} />} title={t('cashier:deposit.noMethods')} />
      ) : (
        <>
          <section className={s.card} aria-labelledby="deposit-methods">
            <h2 id="deposit-methods" className={s.cardTitle}>
              {t('cashier:deposit.methods')}
            </h2>
            <MethodCards methods={list} value={method.code} onChange={setCode} decimals={decimals} />
          </section>
          <DepositForm key={method.code} method={method} decimals={decimals} currency={currency} onSubmitted={setSubmitted} returnTo={returnTo} />
        </>
      )}

      {methods.data && <DepositList decimals={decimals} methodName={(c) => list.find((m) => m.code === c)?.name ?? c} />}
    </div>
  );
}

function MethodCards({ methods, value, onChange, decimals }: { methods: DepositMethod[]; value: string; onChange: (code: string) => void; decimals: number }) {
  const { t } = useTranslation('cashier', { useSuspense: true });
  const idx = Math.max(0, methods.findIndex((m) => m.code === value));
  const move = (to: number, el: HTMLElement) => {
    const i = (to + methods.length) % methods.length;
    onChange(methods[i].code);
    (el.parentElement?.children[i] as HTMLElement | undefined)?.focus();
  };
  return (
    <div
      className={s.methods}
      role="radiogroup"
      aria-label={t('cashier:deposit.methods')}
      onKeyDown={(e) => {
        const rtl = (e.currentTarget as HTMLElement).closest('[dir="rtl"]') !== null;
        const next = ['ArrowDown', rtl ? 'ArrowLeft' : 'ArrowRight'];
        const prev = ['ArrowUp', rtl ? 'ArrowRight' : 'ArrowLeft'];
        if (next.includes(e.key)) move(idx + 1, e.target as HTMLElement);
        else if (prev.includes(e.key)) move(idx - 1, e.target as HTMLElement);
        else return;
        e.preventDefault();
      }}
    >
      {methods.map((m, i) => {
        const on = i === idx;
        const Icon = m.type === 'BANK' ? Landmark : CreditCard;
        return (
          <button key={m.code} type="button" role="radio" aria-checked={on} tabIndex={on ? 0 : -1} className={s.method} onClick={() => onChange(m.code)} data-testid={`deposit-method-${m.code}`}>
            <span className={s.methodIcon} aria-hidden="true">
              <Icon size={20} />
            </span>
            <span className={s.methodName}>{m.name}</span>
            <span className={s.methodMeta}>
              {t(`cashier:deposit.type${m.type}`)} · {formatMinor(m.min, decimals)} – {formatMinor(m.max, decimals)}
            </span>
            {on && <CircleCheck size={18} className={s.methodCheck} aria-hidden="true" />}
          </button>
        );
      })}
    </div>
  );
}
