// The browser side of the bot check (docs/accounts.md "Bot check", ALTCHA's
// protocol): fetch a challenge, find the number n with SHA-256(salt + n) equal
// to the challenge, and send base64(JSON) as the request's "botcheck" field.
// Login (not SMS login), registration, SMS codes and feedback require it.
import { apiGet } from './api';

export type BotChallenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

const BATCH = 256;

function hex(buf: ArrayBuffer): string {
  const b = new Uint8Array(buf);
  let s = '';
  for (let i = 0; i < b.length; i++) s += b[i].toString(16).padStart(2, '0');
  return s;
}

/** Searches 0..maxnumber in parallel batches of WebCrypto digests; null when no number matches. */
export async function solveChallenge(ch: BotChallenge, signal?: AbortSignal, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<number | null> {
  const enc = new TextEncoder();
  for (let start = 0; start <= ch.maxnumber; start += BATCH) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const end = Math.min(start + BATCH - 1, ch.maxnumber);
    const digests = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) => subtle.digest('SHA-256', enc.encode(ch.salt + (start + i)))),
    );
    for (let i = 0; i < digests.length; i++) if (hex(digests[i]) === ch.challenge) return start + i;
  }
  return null;
}

/** The payload for a request's "botcheck" field. */
export function encodeSolution(ch: BotChallenge, number: number, took: number): string {
  const json = JSON.stringify({ algorithm: ch.algorithm, challenge: ch.challenge, number, salt: ch.salt, signature: ch.signature, took });
  return btoa(json);
}

/** Fetches a fresh challenge and solves it (about maxnumber/2 hashes; well under a second on a phone). */
export async function solveBotCheck(signal?: AbortSignal): Promise<string> {
  const ch = await apiGet<BotChallenge>('/wps/botcheck/challenge', undefined, signal);
  const t0 = performance.now();
  const n = await solveChallenge(ch, signal);
  if (n === null) throw new Error('botcheck: no solution');
  return encodeSolution(ch, n, Math.round(performance.now() - t0));
}
