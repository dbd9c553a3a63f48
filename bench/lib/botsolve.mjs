// Solves a Palaro bot-check challenge (ALTCHA format, docs/accounts.md "Bot
// check") read as the JSON answer of GET /wps/botcheck/challenge on stdin,
// and prints the base64 payload to send as "botcheck". Used by bench/run.sh
// to log in; the browser does the same with WebCrypto.
import { createHash } from 'node:crypto';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const doc = JSON.parse(input);
const ch = doc.value ?? doc;
for (let n = 0; n <= ch.maxnumber; n++) {
  if (createHash('sha256').update(ch.salt + n).digest('hex') === ch.challenge) {
    const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: n, salt: ch.salt, signature: ch.signature };
    process.stdout.write(Buffer.from(JSON.stringify(payload)).toString('base64'));
    process.exit(0);
  }
}
console.error('botsolve: no solution');
process.exit(1);
