// Security centre, "Payments": the payment password (set or change) and the
// payout accounts (list, remove with the payment password, add). The same
// forms serve the withdraw page's first steps.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, KeyRound, Landmark, Smartphone, Trash2, WalletCards } from 'lucide-react';
import { Button, Dialog, ErrorState, Skeleton, errorMessage } from '@/components/ui';
import {
  deletePayoutAccount,
  Field,
  PAYMENT_PASSWORD_RE,
  paymentPasswordQuery,
  PaymentPasswordForm,
  PayoutAccountForm,
  payoutAccountsQuery,
  type PayoutAccount,
} from '@/features/cashier';
import { MAX_PAYOUT_ACCOUNTS, accountLabel } from './cashier/WithdrawForm';
import s from './MemberPage.module.css';

export function PaymentsSection() {
  const { t } = useTranslation(['cashier', 'member'], { useSuspense: true });
  const pw = useQuery(paymentPasswordQuery());
  const accounts = useQuery(payoutAccountsQuery());
  const [open, setOpen] = useState<'password' | 'accounts' | null>(null);
  const [done, setDone] = useState<string>();
  const hasPassword = pw.data?.set ?? false;
  const list = accounts.data ?? [];

  return (
    <section className={s.items} aria-labelledby="member-payments" data-testid="member-payments">
      <h2 id="member-payments" className={s.sectionTitle}>
        {t('cashier:accounts.sectionTitle')}
      </h2>
      {done && (
        <p className={s.success} role="status" data-testid="member-payments-done" style={{ marginBlockEnd: 10 }}>
          <CheckCircle2 size={18} aria-hidden="true" />
          {done}
        </p>
      )}
      <Row
        icon={<KeyRound size={20} />}
        title={t('cashier:password.title')}
        status={pw.isError ? '—' : pw.data ? (hasPassword ? t('cashier:password.set') : t('cashier:password.notSet')) : undefined}
        ok={hasPassword}
        action={
          <Button variant="outline" size="sm" onClick={() => { setDone(undefined); setOpen(open === 'password' ? null : 'password'); }} aria-expanded={open === 'password'} disabled={!pw.data} data-testid="member-payment-password">
            {hasPassword ? t('cashier:password.change') : t('cashier:password.setNow')}
          </Button>
        }
        testId="member-item-payment-password"
      >
        {open === 'password' && (
          <div className={s.bindForm}>
            <PaymentPasswordForm
              hasPassword={hasPassword}
              onDone={() => {
                setOpen(null);
                setDone(t('cashier:password.saved'));
              }}
              onCancel={() => setOpen(null)}
            />
          </div>
        )}
      </Row>
      <Row
        icon={<WalletCards size={20} />}
        title={t('cashier:accounts.title')}
        status={accounts.isError ? '—' : accounts.data ? (list.length ? t('cashier:accounts.count', { count: list.length, max: MAX_PAYOUT_ACCOUNTS }) : t('cashier:accounts.none')) : undefined}
        ok={list.length > 0}
        action={
          <Button variant="outline" size="sm" onClick={() => { setDone(undefined); setOpen(open === 'accounts' ? null : 'accounts'); }} aria-expanded={open === 'accounts'} disabled={!accounts.data} data-testid="member-payout-accounts">
            {t('cashier:accounts.manage')}
          </Button>
        }
        testId="member-item-payout-accounts"
      >
        {open === 'accounts' &&
          (accounts.isError ? (
            <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} compact />
          ) : (
            <AccountsManager accounts={list} hasPassword={hasPassword} onChanged={setDone} />
          ))}
      </Row>
    </section>
  );
}

function AccountsManager({ accounts, hasPassword, onChanged }: { accounts: PayoutAccount[]; hasPassword: boolean; onChanged: (msg: string) => void }) {
  const { t } = useTranslation('cashier', { useSuspense: true });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PayoutAccount | null>(null);
  return (
    <div className={s.bindForm} data-testid="payout-accounts">
      <p className={s.hint} style={{ margin: 0 }}>
        {t('cashier:accounts.lead', { max: MAX_PAYOUT_ACCOUNTS })}
      </p>
      {accounts.length > 0 && (
        <ul className={s.accountList}>
          {accounts.map((a) => (
            <li key={a.id} className={s.accountRow} data-testid="payout-account">
              <span className={s.itemIcon} aria-hidden="true">
                {a.type === 'EWALLET' ? <Smartphone size={18} /> : <Landmark size={18} />}
              </span>
              <span className={s.itemText}>
                <strong className={s.itemTitle}>{a.bankName || a.bankCode}</strong>
                <span className={s.itemStatus}>
                  {a.accountName} · {a.accountNumber}
                </span>
              </span>
              <Button variant="ghost" size="sm" icon={<Trash2 size={14} />} onClick={() => setRemoving(a)} disabled={!hasPassword} data-testid="payout-account-remove">
                {t('cashier:accounts.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!hasPassword ? (
        <p className={s.hint} style={{ margin: 0 }}>
          {t('cashier:withdraw.needPassword')}
        </p>
      ) : adding ? (
        <PayoutAccountForm
          realName={accounts[0]?.accountName}
          onDone={() => {
            setAdding(false);
            onChanged(t('cashier:accounts.added'));
          }}
          onCancel={() => setAdding(false)}
        />
      ) : accounts.length < MAX_PAYOUT_ACCOUNTS ? (
        <div className={s.bindActions}>
          <Button size="sm" onClick={() => setAdding(true)} data-testid="payout-account-add">
            {t('cashier:accounts.add')}
          </Button>
        </div>
      ) : (
        <p className={s.hint} style={{ margin: 0 }}>
          {t('cashier:accounts.max', { max: MAX_PAYOUT_ACCOUNTS })}
        </p>
      )}
      <RemoveDialog account={removing} onClose={() => setRemoving(null)} onRemoved={() => { setRemoving(null); onChanged(t('cashier:accounts.deleted')); }} />
    </div>
  );
}

function RemoveDialog({ account, onClose, onRemoved }: { account: PayoutAccount | null; onClose: () => void; onRemoved: () => void }) {
  const { t } = useTranslation(['cashier', 'errors'], { useSuspense: true });
  const id = useId();
  const qc = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!account || busy) return;
    if (!PAYMENT_PASSWORD_RE.test(password)) {
      setError(t('cashier:password.format'));
      return;
    }
    setBusy(true);
    try {
      await deletePayoutAccount(account.id, password);
      await qc.invalidateQueries({ queryKey: ['cashier'] });
      setPassword('');
      setError(undefined);
      onRemoved();
    } catch (err) {
      setError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={account !== null} onClose={close} title={t('cashier:accounts.deleteTitle')} size="sm" alert data-testid="payout-account-remove-dialog">
      <form onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }}>
        <p style={{ margin: 0 }}>{t('cashier:accounts.deleteBody', { account: account ? accountLabel(account) : '' })}</p>
        <Field
          id={`${id}-pw`}
          label={t('cashier:withdraw.paymentPassword')}
          value={password}
          onChange={(v) => setPassword(v.replace(/\D/g, '').slice(0, 6))}
          secret
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          error={error}
          data-testid="payout-account-remove-password"
        />
        <div className={s.bindActions}>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t('cashier:common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={busy} data-testid="payout-account-remove-confirm">
            {t('cashier:accounts.delete')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Row({ icon, title, status, ok, action, children, testId }: { icon: ReactNode; title: string; status?: string; ok?: boolean; action: ReactNode; children?: ReactNode; testId: string }) {
  return (
    <div className={s.item} data-testid={testId}>
      <div className={s.itemRow}>
        <span className={s.itemIcon} data-ok={ok || undefined} aria-hidden="true">
          {icon}
        </span>
        <div className={s.itemText}>
          <h3 className={s.itemTitle}>{title}</h3>
          <p className={s.itemStatus} data-testid={`${testId}-status`}>
            {status ?? <Skeleton width={120} height={14} />}
          </p>
        </div>
        <div className={s.itemAction}>{action}</div>
      </div>
      {children}
    </div>
  );
}
