// Idempotency keys for the mall's redeem and convert: a new key per
// click; the same key only when the same action is sent again after its
// answer was lost (network error or 5xx), so the server replays instead of
// redeeming twice.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';
import { SubmissionKeys } from '@/lib/idempotency';

/** The answer was lost or the server failed: the same action may be sent again with the same key. */
export function isUncertain(err: unknown): boolean {
  return err instanceof ApiError ? err.status === 0 || err.status >= 500 : !(err && typeof err === 'object' && 'code' in err);
}

/** Per-action keys: keyed by a string naming the action (`claim:12`, `claimAll`, `cancel:3`). */
export function useActionKeys() {
  const keys = useRef(new Map<string, SubmissionKeys>());
  return useCallback(async <T,>(action: string, send: (key: string) => Promise<T>): Promise<T> => {
    let k = keys.current.get(action);
    if (!k) keys.current.set(action, (k = new SubmissionKeys()));
    const key = k.keyFor(action);
    try {
      const out = await send(key);
      k.done();
      return out;
    } catch (err) {
      if (!isUncertain(err)) k.done();
      throw err;
    }
  }, []);
}

/** The current time, refreshed every `ms` (the bonus expiry countdown). */
export function useNow(ms = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
