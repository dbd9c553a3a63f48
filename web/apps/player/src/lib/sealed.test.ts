// @vitest-environment node
import { webcrypto } from 'node:crypto';
import vector from './sealed.vector.json';
import {
  SEALED_TYPE,
  b64url,
  fromB64url,
  importServerKey,
  openReply,
  resetSealKey,
  sealWith,
  sealedFetch,
  type SealKey,
} from './sealed';

const subtle = webcrypto.subtle as SubtleCrypto;

describe('sealed payloads', () => {
  test('seal the Go test vector to the same bytes and open its reply', async () => {
    const server = await importServerKey(subtle, vector.server, vector.server.now * 1000);
    const { d: _d, ...pub } = vector.ephemeralPrivateJwk;
    const ephemeral = {
      privateKey: await subtle.importKey('jwk', vector.ephemeralPrivateJwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']),
      publicKey: await subtle.importKey('jwk', pub, { name: 'ECDH', namedCurve: 'P-256' }, true, []),
    };
    const { body, session } = await sealWith(
      subtle,
      server,
      ephemeral,
      fromB64url(vector.iv),
      vector.method,
      vector.path,
      vector.plaintext,
      vector.ts,
    );
    expect(JSON.parse(body)).toEqual(vector.request);
    expect(await openReply(subtle, session, JSON.stringify(vector.reply))).toBe(vector.replyPlaintext);

    const tampered = { ...vector.reply, ct: vector.reply.ct.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
    await expect(openReply(subtle, session, JSON.stringify(tampered))).rejects.toThrow();
  });

  test('base64url round trip', () => {
    const bytes = new Uint8Array([0, 251, 255, 62, 63, 1]);
    expect(b64url(bytes)).not.toMatch(/[+/=]/);
    expect(Array.from(fromB64url(b64url(bytes)))).toEqual(Array.from(bytes));
  });
});

// A small server in the test (the Go package is the real one; these check
// what sealedFetch sends and how it reads the answers).
describe('sealedFetch', () => {
  let serverPair: CryptoKeyPair;
  let sealKey: SealKey;
  const seen: { url: string; type: string | null; body: string }[] = [];
  let refuseFirst = false;

  async function openRequest(body: string, method: string, path: string) {
    const env = JSON.parse(body) as { kid: string; epk: string; iv: string; ts: number; ct: string };
    const peer = await subtle.importKey('raw', fromB64url(env.epk), { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    const shared = await subtle.deriveBits({ name: 'ECDH', public: peer }, serverPair.privateKey, 256);
    const spk = fromB64url(sealKey.publicKey);
    const salt = new Uint8Array([...fromB64url(env.epk), ...spk]);
    const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
    const key = await subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt, info: new TextEncoder().encode(`palaro-sealed-v1 ${method} ${path}`) },
      hkdf,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
    const ad = (dir: string) => new TextEncoder().encode(`palaro-sealed-v1 ${dir}\n${env.kid}\n${method}\n${path}\n${env.ts}`);
    const pt = await subtle.decrypt({ name: 'AES-GCM', iv: fromB64url(env.iv), additionalData: ad('req') }, key, fromB64url(env.ct));
    return { plain: new TextDecoder().decode(pt), key, ad, ts: env.ts };
  }

  beforeEach(async () => {
    resetSealKey();
    seen.length = 0;
    refuseFirst = false;
    serverPair = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    const raw = new Uint8Array(await subtle.exportKey('raw', serverPair.publicKey));
    sealKey = { kid: 'k1', alg: 'ECDH-P256+HKDF-SHA256+A256GCM', publicKey: b64url(raw), enforced: true, now: Math.floor(Date.now() / 1000) + 3600 };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (url === '/wps/system/sealkey') return Response.json({ success: true, code: 'ok', message: '', value: sealKey });
      seen.push({ url, type: headers.get('Content-Type'), body: String(init.body) });
      const nonceHeader = headers.get('X-Sealed-Nonce');
      if (nonceHeader) {
        const { plain, key, ad } = await openRequest(new TextDecoder().decode(fromB64url(nonceHeader)), init.method!, url);
        const iv = webcrypto.getRandomValues(new Uint8Array(12));
        const reply = JSON.stringify({ success: true, code: 'ok', message: '', value: { nonce: plain, body: init.body, gw: headers.get('X-Gateway-Version') } });
        const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: ad('res') }, key, new TextEncoder().encode(reply));
        return new Response(JSON.stringify({ v: 1, iv: b64url(iv), ct: b64url(new Uint8Array(ct)) }), { headers: { 'Content-Type': SEALED_TYPE } });
      }
      if (headers.get('Content-Type') !== SEALED_TYPE) return Response.json({ success: true, code: 'ok', message: '', value: 'plain' });
      if (refuseFirst) {
        refuseFirst = false;
        return Response.json({ success: false, code: 'request.sealed_invalid', message: '', value: null }, { status: 400 });
      }
      const { plain, key, ad, ts } = await openRequest(String(init.body), init.method!, url);
      const iv = webcrypto.getRandomValues(new Uint8Array(12));
      const reply = JSON.stringify({ success: true, code: 'ok', message: '', value: { echo: JSON.parse(plain), ts } });
      const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: ad('res') }, key, new TextEncoder().encode(reply));
      return new Response(JSON.stringify({ v: 1, iv: b64url(iv), ct: b64url(new Uint8Array(ct)) }), {
        headers: { 'Content-Type': SEALED_TYPE },
      });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  test('seals an E route and opens the answer', async () => {
    const res = await sealedFetch('/wps/session/login', { method: 'POST', body: '{"password":"Palaro2026"}', headers: { 'Content-Type': 'application/json' } });
    expect(seen[0].type).toBe(SEALED_TYPE);
    expect(seen[0].body).not.toContain('Palaro2026');
    const env = (await res.json()) as { value: { echo: { password: string }; ts: number } };
    expect(env.value.echo.password).toBe('Palaro2026');
    // The timestamp follows the server's clock (an hour ahead here), not the local one.
    expect(Math.abs(env.value.ts - sealKey.now)).toBeLessThan(5);
  });

  test('leaves other routes alone', async () => {
    const res = await sealedFetch('/wps/feedback', { method: 'PUT', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
    expect(seen[0]).toMatchObject({ type: 'application/json', body: '{"a":1}' });
    expect(((await res.json()) as { value: string }).value).toBe('plain');
  });

  test('the free-play login sends a sealed random string in a header and reads a sealed answer', async () => {
    const res = await sealedFetch('/wps/session/login/freeplay', { method: 'POST', body: '{"os":"web","platform":"W"}' });
    const env = (await res.json()) as { value: { nonce: string; body: string; gw: string } };
    expect(env.value.nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(env.value.body).toBe('{"os":"web","platform":"W"}');
    expect(env.value.gw).toBe('3');
  });

  test('tries once more with a fresh key when the server cannot open the body', async () => {
    refuseFirst = true;
    const res = await sealedFetch('/wps/member/register', { method: 'PUT', body: '{"username":"x"}' });
    expect(seen).toHaveLength(2);
    expect(res.ok).toBe(true);
  });
});
