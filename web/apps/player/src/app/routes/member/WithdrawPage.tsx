// /member/withdraw (spec section 2, personal centre "withdraw"): the balance,
// the turnover still needed and the limits; then, in steps, the payment
// password, a payout account, and the withdrawal itself (held for review);
// below, the withdrawals, where a paid one asks whether the money arrived.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowUpFromLine, Hourglass, Info, KeyRound, Landmark } from 'lucide-react';
import { Button, ErrorState, Skeleton } from '@/components/ui';
import { money, PaymentPasswordForm, PayoutAccountForm, withdrawInfoQuery, type Withdrawal, type WithdrawInfo } from '@/features/cashier';
import { WithdrawForm } from './cashier/WithdrawForm';
import { WithdrawList, WithdrawSummary } from './cashier/WithdrawRecords';
import s from './cashier/page.module.css';

export default function WithdrawPage() {
  const { t } = useTranslation(['cashier', 'common'], { useSuspense: true });
  const info = useQuery(withdrawInfoQuery());
  return (
    <div className={s.page} data-testid="withdraw-page">
      <header className={s.head}>
        <span className={s.headIcon} aria-hidden="true">
          <ArrowUpFromLine size={22} />
        </span>
        <div>
          <h1 className={s.title}>{t('cashier:withdraw.title')}</h1>
          <p className={s.subtitle}>{t('cashier:withdraw.subtitle')}</p>
        </div>
      </header>
      {info.isPending ? (
        <>
          <Skeleton height={168} radius="card" />
          <Skeleton height={280} radius="card" />
        </>
      ) : info.isError ? (
        <ErrorState error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <>
          <WithdrawSummary info={info.data} />
          <WithdrawSteps info={info.data} />
          <WithdrawList decimals={info.data.decimals} currency={info.data.currency} />
        </>
      )}
    </div>
  );
}

function WithdrawSteps({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation('cashier', { useSuspense: true });
  const [adding, setAdding] = useState(false);
  const [held, setHeld] = useState<Withdrawal | null>(null);
  const step = !info.hasPaymentPassword ? 0 : info.accounts.length === 0 ? 1 : 2;
  const labels = [t('cashier:withdraw.stepPassword'), t('cashier:withdraw.stepAccount'), t('cashier:withdraw.stepWithdraw')];
  return (
    <>
      {step < 2 && (
        <ol className={s.steps} data-testid="withdraw-steps">
          {labels.map((l, i) => (
            <li key={l} className={s.step} data-state={i < step ? 'done' : i === step ? 'current' : undefined} aria-current={i === step ? 'step' : undefined}>
              <span className={s.stepNum}>{i + 1}</span>
              {l}
            </li>
          ))}
        </ol>
      )}
      {step === 0 ? (
        <section className={s.card} aria-labelledby="withdraw-step-pw" data-testid="withdraw-step-password">
          <h2 id="withdraw-step-pw" className={s.cardTitle}>
            <KeyRound size={18} aria-hidden="true" />
            {t('cashier:withdraw.stepPassword')}
          </h2>
          <PaymentPasswordForm hasPassword={false} onDone={() => undefined} />
        </section>
      ) : step === 1 || adding ? (
        <section className={s.card} aria-labelledby="withdraw-step-acc" data-testid="withdraw-step-account">
          <h2 id="withdraw-step-acc" className={s.cardTitle}>
            <Landmark size={18} aria-hidden="true" />
            {t('cashier:withdraw.stepAccount')}
          </h2>
          <p className={s.muted}>{t('cashier:withdraw.needAccount')}</p>
          <PayoutAccountForm realName={info.accounts[0]?.accountName} onDone={() => setAdding(false)} onCancel={adding ? () => setAdding(false) : undefined} />
        </section>
      ) : (
        <>
          {held && (
            <div className={s.result} data-tone="pending" role="status" data-testid="withdraw-held">
              <span className={s.resultIcon} aria-hidden="true">
                <Hourglass size={22} />
              </span>
              <p className={s.resultTitle}>{t('cashier:withdraw.heldTitle')}</p>
              <p className={s.resultBody}>{t('cashier:withdraw.heldBody', { amount: money(held.amount, info.decimals, info.currency) })}</p>
              <p className={s.resultMeta}>
                {t('cashier:common.orderNo')}: {held.orderNo}
              </p>
              <div className={s.resultActions}>
                <Button variant="secondary" size="sm" onClick={() => setHeld(null)}>
                  {t('cashier:common.close')}
                </Button>
              </div>
            </div>
          )}
          {info.turnover.remaining > 0 && (
            <p className={s.notice} data-testid="withdraw-turnover-block">
              <Info size={18} aria-hidden="true" />
              {t('cashier:withdraw.turnoverRemaining', { remaining: money(info.turnover.remaining, info.decimals, info.currency) })}
            </p>
          )}
          {info.dailyLimit > 0 && info.dailyCount >= info.dailyLimit && (
            <p className={s.notice} data-testid="withdraw-daily-block">
              <Info size={18} aria-hidden="true" />
              {t('cashier:withdraw.dailyReached', { limit: info.dailyLimit })}
            </p>
          )}
          <WithdrawForm info={info} onAddAccount={() => setAdding(true)} onHeld={setHeld} />
        </>
      )}
    </>
  );
}
