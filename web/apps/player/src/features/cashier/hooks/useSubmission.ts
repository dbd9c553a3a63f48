// One money submission at a time, with its Idempotency-Key (lib/idempotency):
// a fresh key per user action; the same key only when the user presses submit
// again for the very same body after the answer was lost (network error or a
// 5xx, where the server may have acted). Nothing is retried automatically, and
// a second click while a request is in flight does nothing.
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';
import { SubmissionKeys } from '@/lib/idempotency';

/** An answer was lost or the server failed: the same submission may be sent again with the same key. */
export function isUncertain(err: unknown): boolean {
  return err instanceof ApiError ? err.status === 0 || err.status >= 500 : !(err && typeof err === 'object' && 'code' in err);
}

export function useSubmission() {
  const keys = useRef(new SubmissionKeys());
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  /** Runs send(key) unless a submission is in flight; resolves to its result, or undefined when skipped. */
  const submit = useCallback(async <T,>(fingerprint: unknown, send: (key: string) => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setPending(true);
    const key = keys.current.keyFor(fingerprint);
    try {
      const out = await send(key);
      keys.current.done();
      return out;
    } catch (err) {
      if (!isUncertain(err)) keys.current.done();
      throw err;
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);

  return { submit, pending };
}

/** A stable description of a file for the fingerprint (the bytes are not hashed). */
export function fileFingerprint(f: File | null | undefined) {
  return f ? { name: f.name, size: f.size, type: f.type, lastModified: f.lastModified } : null;
}
