import { webcrypto } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

// Calls an endpoint the spec marks E (login, registration, passwords) from a
// test's API context with its body sealed, as the storefront does
// (docs/sealed-payloads.md). The demo brand refuses plaintext there with
// 400 request.sealed_required, so API-level logins in specs go through this:
//
//   const { status, body } = await sealedApi(request, 'POST', '/wps/session/login', { username, password, botcheck });
//   body.value.token

export const SEALED_TYPE = 'application/vnd.palaro.sealed+json';
const LABEL = 'palaro-sealed-v1';
const subtle = webcrypto.subtle;
const enc = new TextEncoder();
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));
const aad = (dir: string, kid: string, method: string, path: string, ts: number) =>
  enc.encode(`${LABEL} ${dir}\n${kid}\n${method}\n${path}\n${ts}`);

export async function sealedApi(
  request: APIRequestContext,
  method: 'POST' | 'PUT',
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; sealed: boolean }> {
  const pk = (await (await request.get('/wps/system/sealkey')).json()).value as { kid: string; publicKey: string; now: number };
  const spk = unb64(pk.publicKey);
  const server = await subtle.importKey('raw', spk, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const eph = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
  const epk = new Uint8Array(await subtle.exportKey('raw', eph.publicKey));
  const shared = await subtle.deriveBits({ name: 'ECDH', public: server }, eph.privateKey, 256);
  const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array([...epk, ...spk]), info: enc.encode(`${LABEL} ${method} ${path}`) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const ts = pk.now;
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad('req', pk.kid, method, path, ts) }, key, enc.encode(JSON.stringify(data)));
  const res = await request.fetch(path, {
    method,
    headers: { ...headers, 'Content-Type': SEALED_TYPE },
    data: JSON.stringify({ v: 1, kid: pk.kid, epk: b64(epk), iv: b64(iv), ts, ct: b64(new Uint8Array(ct)) }),
  });
  const text = await res.text();
  if (!(res.headers()['content-type'] ?? '').startsWith(SEALED_TYPE)) return { status: res.status(), body: JSON.parse(text), sealed: false };
  const rep = JSON.parse(text) as { iv: string; ct: string };
  const pt = await subtle.decrypt({ name: 'AES-GCM', iv: unb64(rep.iv), additionalData: aad('res', pk.kid, method, path, ts) }, key, unb64(rep.ct));
  return { status: res.status(), body: JSON.parse(new TextDecoder().decode(pt)), sealed: true };
}
