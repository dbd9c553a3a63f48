// The browser side of the bot check (docs/accounts.md "Bot check", ALTCHA's
// protocol): fetch a challenge, find the number n with SHA-256(salt + n) equal
// to the challenge, and send base64(JSON) as the request's "botcheck" field.
// Login (not SMS login), registration, SMS codes and feedback require it.
import { apiGet } from './api';
import { hexWords, sha256Words } from './sha256';

export type BotChallenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

/** Hashes between yields to the event loop, so typing and animations stay smooth. */
const SLICE = 4000;

/**
 * Searches 0..maxnumber for SHA-256(salt + n) == challenge with the synchronous
 * hash in lib/sha256 (one WebCrypto call per hash is far slower), yielding
 * every SLICE hashes. Null when no number matches.
 */
export async function solveChallenge(ch: BotChallenge, signal?: AbortSignal): Promise<number | null> {
  const want = hexWords(ch.challenge);
  if (!want) return null;
  const enc = new TextEncoder();
  const prefix = enc.encode(ch.salt);
  const buf = new Uint8Array(prefix.length + 20);
  buf.set(prefix);
  for (let start = 0; start <= ch.maxnumber; start += SLICE) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const end = Math.min(start + SLICE - 1, ch.maxnumber);
    for (let n = start; n <= end; n++) {
      const digits = enc.encodeInto(String(n), buf.subarray(prefix.length)).written;
      const got = sha256Words(buf.subarray(0, prefix.length + digits));
      if (got[0] === want[0] && got[1] === want[1] && got[2] === want[2] && got[3] === want[3] &&
          got[4] === want[4] && got[5] === want[5] && got[6] === want[6] && got[7] === want[7]) return n; // prettier-ignore
    }
    if (end < ch.maxnumber) await new Promise((r) => setTimeout(r, 0));
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
