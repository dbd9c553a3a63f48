// A coloured status label for deposits and withdrawals.
import s from './cashier.module.css';

export type Tone = 'pending' | 'ok' | 'bad' | 'info' | 'neutral';

export function StatusChip({ tone, label, testId }: { tone: Tone; label: string; testId?: string }) {
  return (
    <span className={s.status} data-tone={tone} data-testid={testId}>
      {label}
    </span>
  );
}

const TONES: Record<string, Tone> = {
  PENDING_PAYMENT: 'pending',
  PENDING_REVIEW: 'pending',
  APPROVED: 'info',
  PAYING: 'info',
  PAID: 'info',
  CREDITED: 'ok',
  RECEIVED: 'ok',
  FORCED_RECEIVED: 'ok',
  FULL_PAYMENT: 'ok',
  PARTIALLY_RECEIVED: 'bad',
  NOT_RECEIVED: 'bad',
  FAILED: 'bad',
  REJECTED: 'bad',
  PAYOUT_FAILED: 'bad',
  EXPIRED: 'neutral',
};

export function toneOf(status: string): Tone {
  return TONES[status] ?? 'neutral';
}
