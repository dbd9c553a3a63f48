import { createHash } from 'node:crypto';
import { hexWords, sha256Hex } from './sha256';

describe('sha256', () => {
  test('known answers (FIPS 180-4 examples)', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  test('agrees with node:crypto on every length across block boundaries', () => {
    for (let n = 0; n < 200; n++) {
      const s = Array.from({ length: n }, (_, i) => String.fromCharCode(33 + ((i * 7 + n) % 90))).join('');
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s).digest('hex'));
    }
  });

  test('hexWords parses a digest and refuses anything else', () => {
    const hex = sha256Hex('x');
    const words = hexWords(hex)!;
    expect(Array.from(words, (v) => v.toString(16).padStart(8, '0')).join('')).toBe(hex);
    expect(hexWords('zz')).toBeNull();
    expect(hexWords(hex.slice(1))).toBeNull();
  });
});
