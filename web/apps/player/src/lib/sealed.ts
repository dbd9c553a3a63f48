// Sealed payloads (docs/sealed-payloads.md): the bodies of the endpoints the
// spec marks E travel encrypted. Per request the browser makes an ephemeral
// ECDH P-256 key pair, agrees a secret with the server's public key
// (GET /wps/system/sealkey), derives an AES-256-GCM key with HKDF-SHA256 and
// sends {v, kid, epk, iv, ts, ct}; the server answers {v, iv, ct} under the
// same key. apiRequest calls sealedFetch instead of fetch, so its callers
// see the ordinary JSON envelope either way. internal/platform/sealed is the
// server side; sealed.vector.json proves both produce the same bytes.

export const SEALED_TYPE = 'application/vnd.palaro.sealed+json';
export const SEALED_ALG = 'ECDH-P256+HKDF-SHA256+A256GCM';
const LABEL = 'palaro-sealed-v1';

import { NONCE_ROUTES, SEALED_ROUTES } from './sealedRoutes';

export { NONCE_ROUTES, SEALED_ROUTES };

/** The value of GET /wps/system/sealkey. */
export type SealKey = { kid: string; alg: string; publicKey: string; enforced: boolean; now: number };

export type ServerKey = { kid: string; raw: Uint8Array<ArrayBuffer>; key: CryptoKey; offsetMs: number };

/** One sealed request: the key its answer is sealed with and what the AAD binds. */
export type SealSession = { key: CryptoKey; kid: string; method: string; path: string; ts: number };

const enc = new TextEncoder();

export function b64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromB64url(s: string): Uint8Array<ArrayBuffer> {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function aad(dir: 'req' | 'res', s: Omit<SealSession, 'key'>): Uint8Array<ArrayBuffer> {
  return enc.encode(`${LABEL} ${dir}\n${s.kid}\n${s.method}\n${s.path}\n${s.ts}`);
}

/** Reads a sealkey value; receivedAt is the local time it arrived (clock correction). */
export async function importServerKey(subtle: SubtleCrypto, pk: SealKey, receivedAt = Date.now()): Promise<ServerKey> {
  if (pk.alg !== SEALED_ALG) throw new Error(`sealed: unknown alg ${pk.alg}`);
  const raw = fromB64url(pk.publicKey);
  const key = await subtle.importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
  return { kid: pk.kid, raw, key, offsetMs: pk.now ? pk.now * 1000 - receivedAt : 0 };
}

/** Seals a JSON body with a given ephemeral key pair and IV (sealRequest picks fresh ones). */
export async function sealWith(
  subtle: SubtleCrypto,
  server: ServerKey,
  ephemeral: CryptoKeyPair,
  iv: Uint8Array<ArrayBuffer>,
  method: string,
  path: string,
  plaintext: string,
  ts: number,
): Promise<{ body: string; session: SealSession }> {
  const shared = await subtle.deriveBits({ name: 'ECDH', public: server.key }, ephemeral.privateKey, 256);
  const epk = new Uint8Array(await subtle.exportKey('raw', ephemeral.publicKey));
  const salt = new Uint8Array(epk.length + server.raw.length);
  salt.set(epk);
  salt.set(server.raw, epk.length);
  const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: enc.encode(`${LABEL} ${method} ${path}`) },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const session: SealSession = { key, kid: server.kid, method, path, ts };
  const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad('req', session) }, key, enc.encode(plaintext));
  const body = JSON.stringify({ v: 1, kid: server.kid, epk: b64url(epk), iv: b64url(iv), ts, ct: b64url(new Uint8Array(ct)) });
  return { body, session };
}

export async function sealRequest(subtle: SubtleCrypto, server: ServerKey, method: string, path: string, plaintext: string) {
  const ephemeral = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ts = Math.floor((Date.now() + server.offsetMs) / 1000);
  return sealWith(subtle, server, ephemeral, iv, method, path, plaintext, ts);
}

/** Opens a sealed answer {v, iv, ct}; throws when it is not one of ours. */
export async function openReply(subtle: SubtleCrypto, session: SealSession, text: string): Promise<string> {
  const rep = JSON.parse(text) as { v: number; iv: string; ct: string };
  if (rep.v !== 1) throw new Error('sealed: unknown reply version');
  const pt = await subtle.decrypt(
    { name: 'AES-GCM', iv: fromB64url(rep.iv), additionalData: aad('res', session) },
    session.key,
    fromB64url(rep.ct),
  );
  return new TextDecoder().decode(pt);
}

// The public key, kept for a few minutes (the server accepts the previous
// key for an hour after a rotation).
const KEY_TTL_MS = 5 * 60_000;
let cachedKey: { at: number; key: Promise<ServerKey | null> } | undefined;

function serverKey(subtle: SubtleCrypto, fresh: boolean): Promise<ServerKey | null> {
  if (!fresh && cachedKey && Date.now() - cachedKey.at < KEY_TTL_MS) return cachedKey.key;
  const key = fetch('/wps/system/sealkey', { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then((res) => (res.ok ? (res.json() as Promise<{ value: SealKey }>) : null))
    .then((env) => (env ? importServerKey(subtle, env.value) : null))
    .catch(() => null);
  cachedKey = { at: Date.now(), key };
  void key.then((k) => {
    if (!k && cachedKey?.key === key) cachedKey = undefined; // do not keep a failure
  });
  return key;
}

function failure(code: string, status = 400): Response {
  return new Response(JSON.stringify({ success: false, code, message: '', value: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function codeOf(res: Response): Promise<string | undefined> {
  try {
    return ((await res.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/**
 * fetch, with the body of an E route sealed and its answer opened. Other
 * routes, and browsers without WebCrypto (plain-HTTP pages), go through
 * unchanged; a server that enforces sealing then refuses with
 * request.sealed_required, which the UI translates.
 */
export async function sealedFetch(url: string, init: RequestInit): Promise<Response> {
  const method = (init.method || 'GET').toUpperCase();
  const path = new URL(url, globalThis.location?.href ?? 'http://localhost/').pathname;
  const subtle = globalThis.crypto?.subtle;
  const route = `${method} ${path}`;
  const nonce = NONCE_ROUTES.has(route);
  if (!subtle || !(nonce || (SEALED_ROUTES.has(route) && typeof init.body === 'string'))) return fetch(url, init);
  for (let attempt = 0; ; attempt++) {
    const server = await serverKey(subtle, attempt > 0);
    if (!server) return fetch(url, init);
    const headers = new Headers(init.headers);
    let body = init.body;
    let session: SealSession;
    if (nonce) {
      const random = b64url(crypto.getRandomValues(new Uint8Array(24)));
      const sealed = await sealRequest(subtle, server, method, path, random);
      headers.set('X-Sealed-Nonce', b64url(enc.encode(sealed.body)));
      headers.set('X-Gateway-Version', '3');
      session = sealed.session;
    } else {
      const sealed = await sealRequest(subtle, server, method, path, init.body as string);
      headers.set('Content-Type', SEALED_TYPE);
      body = sealed.body;
      session = sealed.session;
    }
    const res = await fetch(url, { ...init, headers, body });
    if ((res.headers.get('Content-Type') || '').startsWith(SEALED_TYPE)) {
      try {
        const text = await openReply(subtle, session, await res.text());
        return new Response(text, { status: res.status, statusText: res.statusText, headers: { 'Content-Type': 'application/json' } });
      } catch {
        return failure('request.sealed_invalid');
      }
    }
    // Refused before any handler ran (a rotated key, say): once more with a fresh key.
    if (attempt === 0 && res.status === 400 && (await codeOf(res)) === 'request.sealed_invalid') continue;
    return res;
  }
}

/** Forget the cached public key (tests). */
export function resetSealKey() {
  cachedKey = undefined;
}
