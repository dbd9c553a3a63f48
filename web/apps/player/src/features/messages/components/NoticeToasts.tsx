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
import type { NoticeEvent } from '../api/messages';
import { currencySymbols, noticeText } from '../noticeText';
import s from './NoticeToasts.module.css';

export const NOTICE_TOAST_MS = 8000;
/** At most this many toasts at once; older ones give way. */
const MAX_TOASTS = 3;
export const MESSAGES_PATH = '/member/messageV2';

type Toast = NoticeEvent & { key: number; leaving?: boolean };

const FAILED_KINDS = new Set([
  'deposit_failed',
  'deposit_rejected',
  'withdrawal_rejected',
  'contract_rejected',
  'commission_unpaid',
  'commission_payer_short',
  'commission_rejected',
  'commission_expired',
  'affiliate_rejected',
]);
const DONE_KINDS = new Set(['deposit_credited', 'withdrawal_paid', 'contract_accepted', 'commission_paid', 'affiliate_approved']);

/** Queries a notice may have made stale. */
export function refreshAfterNotice(qc: QueryClient, kind: string) {
  void qc.invalidateQueries({ queryKey: ['messages'] });
  void qc.invalidateQueries({ queryKey: ['wallet', 'wallets'] });
  void qc.invalidateQueries({ queryKey: ['wallet', 'transactions'] });
  if (kind.startsWith('deposit')) void qc.invalidateQueries({ queryKey: ['cashier'] });
  if (kind.startsWith('withdrawal')) void qc.invalidateQueries({ queryKey: ['cashier'] });
  // The agent centre's contract and commission pages (query keys of features/agent).
  if (kind.startsWith('contract_')) void qc.invalidateQueries({ queryKey: ['agent', 'contracts'] });
  if (kind.startsWith('commission_')) {
    void qc.invalidateQueries({ queryKey: ['agent', 'bills'] });
    void qc.invalidateQueries({ queryKey: ['agent', 'income'] });
  }
}

/** The toasts; messagesPath is where "open messages" goes (the agent centre has its own page). */
export function NoticeToasts({ messagesPath = MESSAGES_PATH }: { messagesPath?: string }) {
  const { token, isTrial } = useSession();
  const qc = useQueryClient();
  const { t, ready } = useTranslation(['wallet', 'common'], { useSuspense: false });
  const [toasts, setToasts] = useState<Toast[]>([]);
  const symbols = currencySymbols(qc, token);
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
        const text = noticeText(t, n.kind, n.params, symbols);
        return (
          <div key={n.key} className={s.toast} role="status" data-kind={n.kind} data-failed={failed || undefined} data-leaving={n.leaving || undefined} data-testid="notice-toast">
            <span className={s.icon} aria-hidden="true">
              {failed ? <CircleX size={20} /> : DONE_KINDS.has(n.kind) ? <CircleCheck size={20} /> : <BellRing size={20} />}
            </span>
            <div className={s.text}>
              <p className={s.title}>{text ? text.title : t('wallet:notice.generic')}</p>
              {text && <p className={s.body}>{text.body}</p>}
              <Link className={s.link} to={messagesPath} onClick={() => dismiss(n.key)} data-testid="notice-toast-open">
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
