// An accessible modal dialog: portal, aria-modal, labelled by its title, focus
// trapped inside, Esc and overlay click close it (unless disabled), focus goes
// back where it was, and a short fade that respects reduced motion. Dialogs
// stack: only the topmost reacts to Esc and traps focus. The app passes its
// translated labels (the package holds no strings). The page's stylesheet
// defines html.scroll-locked (overflow hidden) and .sr-only.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import s from './Dialog.module.css';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Accessible name and visible heading. */
  title: ReactNode;
  /** Keep the title for assistive tech only. */
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  /** Sticky footer area, e.g. buttons. */
  footer?: ReactNode;
  size?: DialogSize;
  /** Clicking the dimmed cover closes the dialog (default true). */
  closeOnOverlay?: boolean;
  /** Esc closes the dialog (default true). */
  closeOnEsc?: boolean;
  /** Hide the X button. */
  hideClose?: boolean;
  /** Element to focus on open; otherwise [data-autofocus], then the first field or button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Content above the title bar (e.g. a banner image) that scrolls with the body. */
  hero?: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** role="alertdialog" for confirmations. */
  alert?: boolean;
  /** Test id or other data attribute for the panel. */
  'data-testid'?: string;
  /** Accessible name of the X button (the app's translation of "Close"). */
  closeLabel: string;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const stack: string[] = [];
let scrollLocks = 0;

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true' && (el.offsetParent !== null || el === document.activeElement || !('offsetParent' in el) || isJsdom()),
  );
}
function isJsdom() {
  return typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export const DIALOG_FADE_MS = 200;

export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  description,
  children,
  footer,
  size = 'md',
  closeOnOverlay = true,
  closeOnEsc = true,
  hideClose = false,
  initialFocusRef,
  hero,
  className,
  bodyClassName,
  alert = false,
  'data-testid': testId,
  closeLabel,
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const panelRef = useRef<HTMLDivElement>(null);
  const restoreRef = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const [mounted, setMounted] = useState(open);
  const [visible, setVisible] = useState(false);

  // Mount on open; fade out, then unmount on close.
  useEffect(() => {
    if (open) {
      setMounted(true);
      const raf = requestAnimationFrame(() => setVisible(true));
      return () => cancelAnimationFrame(raf);
    }
    setVisible(false);
    const ms = prefersReducedMotion() ? 0 : DIALOG_FADE_MS;
    const timer = setTimeout(() => setMounted(false), ms);
    return () => clearTimeout(timer);
  }, [open]);

  // Stack, scroll lock, initial focus and focus restore.
  useLayoutEffect(() => {
    if (!open || !mounted) return;
    restoreRef.current = document.activeElement as HTMLElement | null;
    stack.push(id);
    if (scrollLocks++ === 0) document.documentElement.classList.add('scroll-locked');
    const panel = panelRef.current;
    if (panel) {
      const preferred =
        initialFocusRef?.current ??
        panel.querySelector<HTMLElement>('[data-autofocus]') ??
        focusables(panel).find((el) => !el.hasAttribute('data-dialog-close')) ??
        null;
      (preferred ?? panel).focus({ preventScroll: true });
    }
    return () => {
      const i = stack.lastIndexOf(id);
      if (i >= 0) stack.splice(i, 1);
      if (--scrollLocks === 0) document.documentElement.classList.remove('scroll-locked');
      const back = restoreRef.current;
      // After the closing event has finished (a key or click handler may still move focus).
      if (back && typeof back.focus === 'function') {
        setTimeout(() => document.contains(back) && back.focus({ preventScroll: true }), 0);
      }
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- initialFocusRef is a ref, read when the dialog opens
  }, [open, mounted, id]);

  // A layout effect, so the keys work from the first painted frame (an Escape
  // pressed the moment the dialog appears must close it).
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== id) return;
      const panel = panelRef.current;
      if (!panel) return;
      if (e.key === 'Escape' && closeOnEsc) {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key === 'Tab') {
        const items = focusables(panel);
        if (items.length === 0) {
          e.preventDefault();
          panel.focus();
          return;
        }
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement as HTMLElement | null;
        const inside = active && panel.contains(active);
        if (e.shiftKey && (active === first || !inside || active === panel)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (active === last || !inside)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open, id, closeOnEsc]);

  if (!mounted) return null;

  return createPortal(
    <div className={s.root} data-state={visible && open ? 'open' : 'closed'}>
      <div
        className={s.overlay}
        aria-hidden="true"
        data-testid="dialog-overlay"
        onMouseDown={(e) => {
          if (e.target === e.currentTarget && closeOnOverlay) onCloseRef.current();
        }}
      />
      <div className={s.viewport} onMouseDown={(e) => {
          if (e.target === e.currentTarget && closeOnOverlay) onCloseRef.current();
        }}>
        <div
          ref={panelRef}
          role={alert ? 'alertdialog' : 'dialog'}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descId : undefined}
          tabIndex={-1}
          data-testid={testId}
          className={[s.panel, s[size], className ?? ''].filter(Boolean).join(' ')}
        >
          {hero}
          <div className={[s.head, hideTitle ? s.headBare : ''].join(' ')}>
            <h2 id={titleId} className={hideTitle ? 'sr-only' : s.title}>
              {title}
            </h2>
            {!hideClose && (
              <button type="button" className={s.close} onClick={() => onCloseRef.current()} aria-label={closeLabel} data-dialog-close>
                <X size={20} aria-hidden="true" />
              </button>
            )}
          </div>
          <div className={[s.body, bodyClassName ?? ''].filter(Boolean).join(' ')}>
            {description && (
              <p id={descId} className={s.desc}>
                {description}
              </p>
            )}
            {children}
          </div>
          {footer && <div className={s.footer}>{footer}</div>}
        </div>
      </div>
    </div>,
    document.body,
  );
}
