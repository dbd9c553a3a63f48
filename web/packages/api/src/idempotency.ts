// Idempotency keys for money mutations (contract: every POST that moves or
// holds money sends Idempotency-Key). One key per user action: the same key is
// reused only when the user retries the very same submission (a lost answer
// then returns the first result instead of moving money twice); a changed
// submission, or one that succeeded, gets a fresh key. Nothing is retried
// automatically.

/** A random key of [A-Za-z0-9-] (crypto.randomUUID where the page is a secure context). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps the key of the last submission so a user's retry of the same body reuses it. */
export class SubmissionKeys {
  private body = '';
  private key = '';
  /** The key for this submission: the previous one when the body is unchanged and it did not succeed. */
  keyFor(body: unknown): string {
    const b = JSON.stringify(body ?? null);
    if (!this.key || b !== this.body) {
      this.body = b;
      this.key = newIdempotencyKey();
    }
    return this.key;
  }
  /** The submission got a definite answer: the next one is a new action. */
  done() {
    this.key = '';
    this.body = '';
  }
}
