// The browser half of the provably fair scheme (internal/fair, spec in
// docs/games/fairness.md), on WebCrypto. Block i of a bet's byte stream is
// HMAC-SHA256(key = serverSeed ASCII, msg = clientSeed:nonce:i); integers in
// [0, n) are floor(u32 * n / 2^32), computed with BigInt exactly as Go's
// (uint64(u) * uint64(n)) >> 32.

const enc = new TextEncoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available (the page must be served over HTTPS or localhost)');
  return s;
}

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = '';
  for (const x of b) out += x.toString(16).padStart(2, '0');
  return out;
}

/** hex(SHA-256(s as ASCII)): the commitment of a server seed, and one link of the crash chain. */
export async function sha256Hex(s: string): Promise<string> {
  return toHex(await subtle().digest('SHA-256', enc.encode(s)));
}

export async function hmacSha256(key: string, msg: string): Promise<Uint8Array> {
  const k = await subtle().importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', k, enc.encode(msg)));
}

export const BLOCK_SIZE = 32;

/** The first `count` bytes of the stream of (serverSeed, clientSeed, nonce). */
export async function streamBytes(serverSeed: string, clientSeed: string, nonce: number | bigint, count: number): Promise<Uint8Array> {
  const blocks = Math.ceil(count / BLOCK_SIZE);
  const k = await subtle().importKey('raw', enc.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const out = new Uint8Array(blocks * BLOCK_SIZE);
  const parts = await Promise.all(
    Array.from({ length: blocks }, (_, i) => subtle().sign('HMAC', k, enc.encode(`${clientSeed}:${nonce.toString()}:${i}`))),
  );
  parts.forEach((p, i) => out.set(new Uint8Array(p), i * BLOCK_SIZE));
  return out.subarray(0, count);
}

/** floor(u * n / 2^32) for u a uint32 and n in 1..2^31-1: Go's fair.Scale. */
export function scale(u: number, n: number): number {
  if (!Number.isInteger(n) || n <= 0 || n > 0x7fffffff) throw new RangeError('Intn argument out of range');
  return Number((BigInt(u >>> 0) * BigInt(n)) >> 32n);
}

/** The Source the outcome functions draw from (Go's fair.Source). */
export interface Source {
  uint32(): number;
  intn(n: number): number;
}

/** A synchronous reader over bytes already computed; it throws if a game asks for more. */
export class ByteSource implements Source {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}
  get cursor() {
    return this.pos;
  }
  uint32(): number {
    if (this.pos + 4 > this.bytes.length) throw new RangeError('byte stream exhausted');
    const b = this.bytes;
    const p = this.pos;
    this.pos += 4;
    return ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;
  }
  /** b0/256 + b1/256^2 + b2/256^3 + b3/256^4, exact in a double. */
  float(): number {
    return this.uint32() / 2 ** 32;
  }
  intn(n: number): number {
    return scale(this.uint32(), n);
  }
}

/** A Source over the first `draws` 32-bit numbers of a bet's stream. */
export async function fairSource(serverSeed: string, clientSeed: string, nonce: number | bigint, draws: number): Promise<ByteSource> {
  return new ByteSource(await streamBytes(serverSeed, clientSeed, nonce, Math.max(1, draws) * 4));
}

// Crash (a shared hash chain): r = first 52 bits of HMAC-SHA256(key = hash, msg = salt);
// r % 33 == 0 busts at 1.00x, else floor((100e - r) / (e - r)) hundredths, e = 2^52.
const CRASH_E = 1n << 52n;
export const CRASH_BUST_MODULUS = 33n;

export async function crashNumber(hash: string, salt: string): Promise<bigint> {
  return BigInt('0x' + toHex(await hmacSha256(hash, salt)).slice(0, 13));
}

export function crashPointFromNumber(r: bigint): number {
  if (r % CRASH_BUST_MODULUS === 0n) return 100;
  return Number((100n * CRASH_E - r) / (CRASH_E - r));
}

export async function crashPoint(hash: string, salt: string): Promise<number> {
  return crashPointFromNumber(await crashNumber(hash, salt));
}

/** SHA-256(next) == hash: the hash revealed after a crash round proves the previous one. */
export async function verifyChainLink(hash: string, next: string): Promise<boolean> {
  return (await sha256Hex(next)) === hash;
}
