// Toasts: short notices of what an action did. Success and info are read out
// politely (role status), errors at once (role alert); each closes by itself
// after a while or by its button; the app passes the button's label.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import s from './Toast.module.css';

export type ToastKind = 'success' | 'error' | 'info';
type Item = { id: number; kind: ToastKind; message: ReactNode };
type Api = { toast: (kind: ToastKind, message: ReactNode) => void };

const Ctx = createContext<Api>({ toast: () => {} });

export function useToast(): Api {
  return useContext(Ctx);
}

export function ToastProvider({ children, dismissLabel, timeoutMs = 5000 }: { children: ReactNode; dismissLabel: string; timeoutMs?: number }) {
  const [items, setItems] = useState<Item[]>([]);
  const next = useRef(1);
  const close = useCallback((id: number) => setItems((l) => l.filter((i) => i.id !== id)), []);
  const toast = useCallback(
    (kind: ToastKind, message: ReactNode) => {
      const id = next.current++;
      setItems((l) => [...l.slice(-3), { id, kind, message }]);
      setTimeout(() => close(id), kind === 'error' ? timeoutMs * 2 : timeoutMs);
    },
    [close, timeoutMs],
  );
  const api = useMemo(() => ({ toast }), [toast]);
  return (
    <Ctx.Provider value={api}>
      {children}
      <div className={s.region}>
        {items.map((i) => (
          <div key={i.id} role={i.kind === 'error' ? 'alert' : 'status'} className={[s.toast, s[i.kind]].join(' ')}>
            <span className={s.message}>{i.message}</span>
            <button type="button" className={s.close} aria-label={dismissLabel} onClick={() => close(i.id)}>
              <X size={16} aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
    </Ctx.Provider>
  );
}
