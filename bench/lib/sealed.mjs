#!/usr/bin/env node
// Sends one request with a sealed body, as the storefront does for the
// endpoints the spec marks E (docs/sealed-payloads.md; the browser side is
// web/apps/player/src/lib/sealed.ts, the server internal/platform/sealed).
//
//   echo '{"username":"demo01",...}' | node sealed.mjs POST http://127.0.0.1:8080/wps/session/login
//
// prints the opened JSON answer on stdout; exits 1 when the request fails.
// Also importable: sealedRequest(method, url, bodyText) -> {status, text}.
import { webcrypto as crypto } from 'node:crypto';

const TYPE = 'application/vnd.palaro.sealed+json';
const ALG = 'ECDH-P256+HKDF-SHA256+A256GCM';
const LABEL = 'palaro-sealed-v1';
const subtle = crypto.subtle;
const enc = new TextEncoder();
const b64 = (b) => Buffer.from(b).toString('base64url');
const unb64 = (s) => new Uint8Array(Buffer.from(s, 'base64url'));
const aad = (dir, kid, method, path, ts) => enc.encode(`${LABEL} ${dir}\n${kid}\n${method}\n${path}\n${ts}`);

export async function sealedRequest(method, url, bodyText, headers = {}) {
  const u = new URL(url);
  const keyRes = await fetch(new URL('/wps/system/sealkey', u));
  const { value: pk } = await keyRes.json();
  if (pk.alg !== ALG) throw new Error(`unknown sealing alg ${pk.alg}`);
  const spk = unb64(pk.publicKey);
  const server = await subtle.importKey('raw', spk, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const eph = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const epk = new Uint8Array(await subtle.exportKey('raw', eph.publicKey));
  const shared = await subtle.deriveBits({ name: 'ECDH', public: server }, eph.privateKey, 256);
  const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const path = u.pathname;
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array([...epk, ...spk]), info: enc.encode(`${LABEL} ${method} ${path}`) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const ts = pk.now || Math.floor(Date.now() / 1000);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad('req', pk.kid, method, path, ts) }, key, enc.encode(bodyText));
  const res = await fetch(u, {
    method,
    headers: { ...headers, 'Content-Type': TYPE },
    body: JSON.stringify({ v: 1, kid: pk.kid, epk: b64(epk), iv: b64(iv), ts, ct: b64(new Uint8Array(ct)) }),
  });
  const text = await res.text();
  if (!(res.headers.get('Content-Type') || '').startsWith(TYPE)) return { status: res.status, text };
  const rep = JSON.parse(text);
  const pt = await subtle.decrypt({ name: 'AES-GCM', iv: unb64(rep.iv), additionalData: aad('res', pk.kid, method, path, ts) }, key, unb64(rep.ct));
  return { status: res.status, text: new TextDecoder().decode(pt) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [method, url] = process.argv.slice(2);
  let body = '';
  process.stdin.on('data', (d) => (body += d)).on('end', async () => {
    try {
      const { status, text } = await sealedRequest(method, url, body.trim());
      process.stdout.write(text);
      process.exit(status >= 200 && status < 300 ? 0 : 1);
    } catch (e) {
      process.stderr.write(`sealed request failed: ${e.message}\n`);
      process.exit(1);
    }
  });
}
