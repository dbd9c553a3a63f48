// The operator's receiving account of a BANK deposit method, each value with a
// copy button; the result is confirmed in a dialog (as on the agent centre).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { Button, Dialog } from '@/components/ui';
import type { BankDetails as Bank } from '@/features/cashier';
import { copyText } from '../../agent/copy';
import s from './page.module.css';

export function BankDetails({ bank }: { bank: Bank }) {
  const { t } = useTranslation(['cashier', 'common'], { useSuspense: true });
  const [copied, setCopied] = useState<{ label: string; value: string; ok: boolean } | null>(null);
  const rows = [
    { key: 'bankName', label: t('cashier:deposit.bankName'), value: bank.bankName },
    { key: 'accountName', label: t('cashier:deposit.accountName'), value: bank.accountName },
    { key: 'accountNumber', label: t('cashier:deposit.accountNumber'), value: bank.accountNumber },
    ...(bank.branch ? [{ key: 'branch', label: t('cashier:deposit.branch'), value: bank.branch }] : []),
  ];
  const copy = async (label: string, value: string) => setCopied({ label, value, ok: await copyText(value) });
  return (
    <>
      <div className={s.bank} data-testid="deposit-bank">
        {rows.map((r) => (
          <div key={r.key} className={s.bankRow}>
            <span className={s.bankLabel}>{r.label}</span>
            <span className={s.bankValue} data-testid={`deposit-bank-${r.key}`}>
              {/* Isolated so digit groups and punctuation keep their order in right-to-left pages. */}
              <bdi dir="auto">{r.value}</bdi>
            </span>
            <button type="button" className={s.copyBtn} onClick={() => void copy(r.label, r.value)} aria-label={t('cashier:common.copy', { what: r.label })} data-testid={`deposit-copy-${r.key}`}>
              <Copy size={14} aria-hidden="true" />
              <span>{t('cashier:common.copyShort')}</span>
            </button>
          </div>
        ))}
      </div>
      <Dialog
        open={copied !== null}
        onClose={() => setCopied(null)}
        title={copied?.ok === false ? t('cashier:common.copyFailedTitle') : t('cashier:common.copiedTitle')}
        size="sm"
        alert
        data-testid="deposit-copied"
        footer={
          <Button onClick={() => setCopied(null)} data-autofocus>
            {t('cashier:common.confirm')}
          </Button>
        }
      >
        <p className={s.copiedText}>{copied?.ok === false ? t('cashier:common.copyFailed') : t('cashier:common.copied', { what: copied?.label })}</p>
        {copied && (
          <p className={s.copiedValue}>
            <bdi dir="auto">{copied.value}</bdi>
          </p>
        )}
      </Dialog>
    </>
  );
}
