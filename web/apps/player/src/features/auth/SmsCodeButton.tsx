// The "send code" button beside a verification-code field (spec sections 4
// and 9): clicks are throttled to one per second; after the server accepts,
// the button is disabled for expiredMinutes x 60 s and shows the seconds
// left. The caller sends the request (with its own bot check) and shows any
// error in its own error slot through onError.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui';

export type SmsCodeSendResult = { expiredMinutes: number };

export type SmsCodeButtonProps = {
  /** Requests a code; resolves with the code's lifetime in minutes. */
  send: () => Promise<SmsCodeSendResult>;
  /** Also disabled while counting down or sending. */
  disabled?: boolean;
  /** The server's (or bot check's) error; the button goes back to its idle state. */
  onError?: (err: unknown) => void;
  /** Called after a code was sent, with the countdown length in seconds. */
  onSent?: (seconds: number) => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
  'data-testid'?: string;
};

/** Minimum time between two clicks that reach `send` (spec section 9). */
export const SMS_CLICK_THROTTLE_MS = 1000;
/** Countdown when the server names no lifetime (spec section 4: default 1 minute). */
export const SMS_DEFAULT_MINUTES = 1;

export function countdownSeconds(expiredMinutes: number | undefined): number {
  const m = Number(expiredMinutes);
  return Math.round((Number.isFinite(m) && m > 0 ? m : SMS_DEFAULT_MINUTES) * 60);
}

export function SmsCodeButton({ send, disabled, onError, onSent, size = 'md', variant = 'outline', className, ...rest }: SmsCodeButtonProps) {
  const { t } = useTranslation('auth', { useSuspense: true });
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const lastClick = useRef(-Infinity);
  const endsAt = useRef(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // One tick a second from the end time, so a throttled background tab still shows the truth.
  useEffect(() => {
    if (left <= 0) return;
    const id = setInterval(() => {
      const rest = Math.max(0, Math.ceil((endsAt.current - Date.now()) / 1000));
      setLeft(rest);
    }, 1000);
    return () => clearInterval(id);
  }, [left > 0]); // eslint-disable-line react-hooks/exhaustive-deps

  const click = useCallback(async () => {
    const now = Date.now();
    if (sending || left > 0 || now - lastClick.current < SMS_CLICK_THROTTLE_MS) return;
    lastClick.current = now;
    setSending(true);
    try {
      const res = await send();
      if (!mounted.current) return;
      const seconds = countdownSeconds(res?.expiredMinutes);
      endsAt.current = Date.now() + seconds * 1000;
      setLeft(seconds);
      setSentOnce(true);
      onSent?.(seconds);
    } catch (err) {
      if (mounted.current) onError?.(err);
    } finally {
      if (mounted.current) setSending(false);
    }
  }, [send, sending, left, onError, onSent]);

  const counting = left > 0;
  return (
    <Button
      type="button"
      size={size}
      variant={variant}
      className={className}
      loading={sending}
      disabled={disabled || counting}
      onClick={click}
      icon={counting ? undefined : <Send size={16} aria-hidden="true" />}
      aria-live="polite"
      data-testid={rest['data-testid'] ?? 'sms-code-button'}
    >
      {counting ? t('smsButton.countdown', { seconds: left }) : sentOnce ? t('smsButton.resend') : t('smsButton.send')}
    </Button>
  );
}
