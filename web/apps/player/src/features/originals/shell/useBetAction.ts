// A money POST from a game: one at a time, an Idempotency-Key per user action
// (reused only when the very same submission is retried after a lost answer),
// never retried automatically; errors go to the frame's alert bar.
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';
import { SubmissionKeys } from '@/lib/idempotency';
import { postInhouse } from '../api';
import { useGameShell } from './context';

export function useBetAction() {
  const shell = useGameShell();
  const keys = useRef(new SubmissionKeys());
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T,>(path: string, body: unknown): Promise<T | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      shell.clearError();
      const key = keys.current.keyFor({ path, body });
      try {
        const v = await postInhouse<T>(path, body, key);
        keys.current.done();
        return v;
      } catch (e) {
        // A definite refusal ends the action; a lost answer keeps the key for the retry.
        if (e instanceof ApiError && e.status > 0) keys.current.done();
        shell.showError(e);
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [shell],
  );
  return { run, busy };
}
