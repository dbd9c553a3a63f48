// Solves the server's proof-of-work bot check for API calls made by a test
// (docs/accounts.md, "Bot check"): the browser does the same in
// web/apps/player/src/lib/botcheck.ts.
import { createHash } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** The value of a request's "botcheck" field: a fresh challenge, solved. */
export async function botcheck(request: APIRequestContext): Promise<string> {
  const ch = (await (await request.get('/wps/botcheck/challenge')).json()).value;
  for (let n = 0; n <= ch.maxnumber; n++) {
    if (createHash('sha256').update(ch.salt + n).digest('hex') === ch.challenge) {
      const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: n, salt: ch.salt, signature: ch.signature };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('challenge without solution');
}
