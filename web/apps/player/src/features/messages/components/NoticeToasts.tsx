// Pushed notices (realtime 'notice' events from internal/notify): each shows a
// toast rendered from kind + params in the user's language, and refreshes the
// unread count, the message list and the money pages the notice concerns
// (the header balance follows its own 'balance' events). Mounted with the
// member menu, so it loads only for logged-in users.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellRing, CircleCheck, CircleX, X } from 'lucide-react';
import { useSession } from '@/lib/session';
import { NOTICE_KINDS, type NoticeEvent } from '../api/messages';
import s from './NoticeToasts.module.css';

export const NOTICE_TOAST_MS = 8000;
/** At most this many toasts at once; older ones give way. */
const MAX_TOASTS = 3;
export const MESSAGES_PATH = '/member/messageV2';

type Toast = NoticeEvent & { key: number; leaving?: boolean };

const FAILED_KINDS = new Set(['deposit_failed', 'deposit_rejected', 'withdrawal_rejected']);
const KNOWN_KINDS = new Set<string>(NOTICE_KINDS);

/**
 * The notice's params for display: the amount ("1000.50", money.Format) gets
 * thousands separators and its currency ("1,000.50 PHP", or "₱1,000.50" when
 * the currency has a symbol), a missing reason shows as a dash.
 */
export function displayParams(params: Record<string, string> | null | undefined, symbols: Record<string, string> = {}): Record<string, string> {
  const p = { ...(params ?? {}) };
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(p.amount ?? '');
  if (m) {
    const n = `${m[1]}${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
    const cur = p.currency ?? '';
    const sym = symbols[cur];
    p.amount = sym ? `${sym}${n}` : cur ? `${n} ${cur}` : n;
  }
  p.reason = p.reason || '—';
  p.orderNo = p.orderNo || '—';
  return p;
}

/** Queries a notice may have made stale. */
export function refreshAfterNotice(qc: QueryClient, kind: string) {
  void qc.invalidateQueries({ queryKey: ['messages'] });
  void qc.invalidateQueries({ queryKey: ['wallet', 'wallets'] });
  void qc.invalidateQueries({ queryKey: ['wallet', 'transactions'] });
  if (kind.startsWith('deposit')) void qc.invalidateQueries({ queryKey: ['cashier'] });
  if (kind.startsWith('withdrawal')) void qc.invalidateQueries({ queryKey: ['cashier'] });
}

export function NoticeToasts() {
  const { token, isTrial } = useSession();
  const qc = useQueryClient();
  const { t, ready } = useTranslation(['wallet', 'common'], { useSuspense: false });
  const [toasts, setToasts] = useState<Toast[]>([]);
  // The header balance's currency symbol (already cached): "₱1,000.50" rather than "1,000.50 PHP".
  const balance = qc.getQueryData<{ currency?: string; currencySymbol?: string }>(['wallet', 'balance', token ?? '']);
  const symbols: Record<string, string> = balance?.currency && balance.currencySymbol ? { [balance.currency]: balance.currencySymbol } : {};
  const seq = useRef(0);

  const dismiss = useCallback((key: number) => {
    setToasts((all) => all.map((x) => (x.key === key ? { ...x, leaving: true } : x)));
    setTimeout(() => setToasts((all) => all.filter((x) => x.key !== key)), 250);
  }, []);

  useEffect(() => {
    if (!token || isTrial) return;
    let dead = false;
    let off: (() => void) | undefined;
    void import('@/lib/socket').then((m) => {
      if (dead) return;
      // After a reconnect notices may have been missed: ask for the unread count again.
      let initial = !m.socketOpen();
      const offOpen = m.subscribe('open', () => {
        if (initial) {
          initial = false;
          return;
        }
        void qc.invalidateQueries({ queryKey: ['messages'] });
      });
      const offNotice = m.subscribe<NoticeEvent>('notice', (ev) => {
        const n = ev.data;
        if (!n || typeof n.kind !== 'string') return;
        refreshAfterNotice(qc, n.kind);
        const key = ++seq.current;
        setToasts((all) => [...all.filter((x) => x.id !== n.id || n.id === undefined), { ...n, key }].slice(-MAX_TOASTS));
        setTimeout(() => dismiss(key), NOTICE_TOAST_MS);
      });
      off = () => {
        offOpen();
        offNotice();
      };
    });
    return () => {
      dead = true;
      off?.();
    };
  }, [token, isTrial, qc, dismiss]);

  if (!toasts.length || !ready) return null;
  return (
    <div className={s.stack} aria-live="polite" data-testid="notice-toasts">
      {toasts.map((n) => {
        const failed = FAILED_KINDS.has(n.kind);
        const params = displayParams(n.params, symbols);
        const known = KNOWN_KINDS.has(n.kind);
        return (
          <div key={n.key} className={s.toast} role="status" data-kind={n.kind} data-failed={failed || undefined} data-leaving={n.leaving || undefined} data-testid="notice-toast">
            <span className={s.icon} aria-hidden="true">
              {failed ? <CircleX size={20} /> : n.kind.endsWith('credited') || n.kind.endsWith('paid') ? <CircleCheck size={20} /> : <BellRing size={20} />}
            </span>
            <div className={s.text}>
              <p className={s.title}>{known ? t(`wallet:notice.${n.kind}.title`, params) : t('wallet:notice.generic')}</p>
              {known && <p className={s.body}>{t(`wallet:notice.${n.kind}.body`, params)}</p>}
              <Link className={s.link} to={MESSAGES_PATH} onClick={() => dismiss(n.key)} data-testid="notice-toast-open">
                {t('wallet:notice.open')}
              </Link>
            </div>
            <button type="button" className={s.close} onClick={() => dismiss(n.key)} aria-label={t('common:close')}>
              <X size={16} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
