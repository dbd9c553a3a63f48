import { webcrypto } from 'node:crypto';
import { encodeSolution, solveChallenge, type BotChallenge } from './botcheck';

async function challengeFor(salt: string, n: number): Promise<BotChallenge> {
  const d = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(salt + n));
  const challenge = Buffer.from(d).toString('hex');
  return { algorithm: 'SHA-256', challenge, maxnumber: 5000, salt, signature: 'sig' };
}

describe('bot check', () => {
  test('finds the number behind the challenge', async () => {
    const ch = await challengeFor('s4lt?expires=1', 1234);
    expect(await solveChallenge(ch, undefined)).toBe(1234);
  });

  test('answers null when no number in range matches', async () => {
    const ch = { ...(await challengeFor('x', 9000)), maxnumber: 300 };
    expect(await solveChallenge(ch, undefined)).toBeNull();
  });

  test('solves a full-size challenge (maxnumber 100000) quickly', async () => {
    const ch = { ...(await challengeFor('salt-of-realistic-length.1767225600', 99_999)), maxnumber: 100_000 };
    const t0 = performance.now();
    expect(await solveChallenge(ch)).toBe(99_999);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  test('stops when aborted', async () => {
    const ch = await challengeFor('y', 4999);
    const ac = new AbortController();
    ac.abort();
    await expect(solveChallenge(ch, ac.signal)).rejects.toThrow();
  });

  test('encodes the ALTCHA payload as base64 JSON', async () => {
    const ch = await challengeFor('z', 7);
    const decoded = JSON.parse(atob(encodeSolution(ch, 7, 12)));
    expect(decoded).toEqual({ algorithm: 'SHA-256', challenge: ch.challenge, number: 7, salt: 'z', signature: 'sig', took: 12 });
  });
});
