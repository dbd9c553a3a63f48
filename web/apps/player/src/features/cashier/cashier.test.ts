import { describe, expect, test, vi } from 'vitest';
import { renderHook, act } from '@testing-library/react';
import { ApiError } from '@/lib/api';
import { checkAmount, minorToText, parseAmount } from './api/amount';
import { checkImage, imageTypeOf, MAX_IMAGE_BYTES } from './api/image';
import { quickAmounts } from './api/quick';
import { isUncertain, useSubmission } from './hooks/useSubmission';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);

describe('parseAmount mirrors money.Parse', () => {
  test.each([
    ['100', 2, 10000n],
    ['100.5', 2, 10050n],
    ['100.50', 2, 10050n],
    [' 7 ', 2, 700n],
    ['1.500', 2, 150n],
    ['+5', 2, 500n],
    ['007.01', 2, 701n],
    ['12', 0, 12n],
    ['999999999999999.99', 2, 99999999999999999n],
  ])('%s at %i decimals -> %s', (s, d, want) => {
    const p = parseAmount(s, d);
    expect(p.ok && p.minor).toBe(want);
  });

  test.each([
    ['', 2, 'required'],
    ['   ', 2, 'required'],
    ['abc', 2, 'invalid'],
    ['1,000', 2, 'invalid'],
    ['1.', 2, 'invalid'],
    ['.5', 2, 'invalid'],
    ['1e3', 2, 'invalid'],
    ['1.2.3', 2, 'invalid'],
    ['1.505', 2, 'tooManyDecimals'],
    ['1.5', 0, 'tooManyDecimals'],
    ['0', 2, 'notPositive'],
    ['0.00', 2, 'notPositive'],
    ['-5', 2, 'notPositive'],
    ['-0', 2, 'notPositive'],
    ['10000000000000000', 2, 'tooLarge'],
    ['1'.repeat(33), 2, 'invalid'],
  ])('%j at %i decimals is refused: %s', (s, d, code) => {
    const p = parseAmount(s, d);
    expect(p.ok ? 'ok' : p.problem.code).toBe(code);
  });

  test('too many decimals names the currency decimals', () => {
    const p = parseAmount('1.234', 2);
    expect(p).toEqual({ ok: false, problem: { code: 'tooManyDecimals', decimals: 2 } });
  });
});

describe('checkAmount bounds', () => {
  const limits = { decimals: 2, min: 10000, max: 5000000, balance: 20000 };
  test('inside the bounds', () => expect(checkAmount('150', limits)).toMatchObject({ ok: true, minor: 15000n }));
  test('exactly min and balance pass', () => {
    expect(checkAmount('100', limits).ok).toBe(true);
    expect(checkAmount('200.00', limits).ok).toBe(true);
  });
  test('below min', () => expect(checkAmount('99.99', limits)).toEqual({ ok: false, problem: { code: 'belowMin', min: 10000n } }));
  test('above max', () => expect(checkAmount('50000.01', { ...limits, balance: undefined })).toEqual({ ok: false, problem: { code: 'aboveMax', max: 5000000n } }));
  test('above balance', () => expect(checkAmount('200.01', limits)).toEqual({ ok: false, problem: { code: 'aboveBalance', balance: 20000n } }));
  test('parse errors come first', () => expect(checkAmount('1.001', limits)).toMatchObject({ ok: false, problem: { code: 'tooManyDecimals' } }));
});

test('minorToText formats like money.Format', () => {
  expect(minorToText(123456, 2)).toBe('1234.56');
  expect(minorToText(5, 2)).toBe('0.05');
  expect(minorToText(-5, 2)).toBe('-0.05');
  expect(minorToText(42, 0)).toBe('42');
});

test('quick amounts stay inside the bounds', () => {
  expect(quickAmounts(10000, 5000000, 2)).toEqual([10000, 20000, 50000, 100000, 200000, 500000]);
  expect(quickAmounts(30000, 60000, 2)).toEqual([50000]);
  expect(quickAmounts(1, 50, 2)).toEqual([1, 50]);
});

describe('images', () => {
  test('type by magic bytes', () => {
    expect(imageTypeOf(PNG)).toBe('image/png');
    expect(imageTypeOf(JPG)).toBe('image/jpeg');
    expect(imageTypeOf(new TextEncoder().encode('GIF89a'))).toBe('');
  });
  test('checkImage', async () => {
    expect(await checkImage(null)).toBe('missing');
    expect(await checkImage(new File([PNG], 'r.png', { type: 'image/png' }))).toBeNull();
    expect(await checkImage(new File([JPG], 'r.jpg'))).toBeNull();
    // A renamed text file is refused whatever its name or declared type.
    expect(await checkImage(new File(['hello'], 'r.png', { type: 'image/png' }))).toBe('wrongType');
    expect(await checkImage(new File([], 'empty.png'))).toBe('wrongType');
    const big = new File([PNG, new Uint8Array(MAX_IMAGE_BYTES)], 'big.png');
    expect(await checkImage(big)).toBe('tooLarge');
  });
});

describe('useSubmission', () => {
  test('uncertain answers are network errors and 5xx', () => {
    expect(isUncertain(new ApiError('network.offline', '', 0))).toBe(true);
    expect(isUncertain(new ApiError('server.internal', '', 502))).toBe(true);
    expect(isUncertain(new ApiError('money.below_min', '', 400))).toBe(false);
  });

  test('a retry after a network error reuses the key; a changed body or a definite answer gets a new one', async () => {
    const { result } = renderHook(() => useSubmission());
    const keys: string[] = [];
    const fail = (code: string, status: number) => (key: string) => {
      keys.push(key);
      return Promise.reject(new ApiError(code, '', status));
    };
    await act(() => expect(result.current.submit({ a: 1 }, fail('network.offline', 0))).rejects.toThrow());
    await act(() => expect(result.current.submit({ a: 1 }, fail('money.below_min', 400))).rejects.toThrow());
    await act(() => expect(result.current.submit({ a: 1 }, fail('network.offline', 0))).rejects.toThrow());
    await act(() => expect(result.current.submit({ a: 2 }, fail('network.offline', 0))).rejects.toThrow());
    await act(async () => {
      await result.current.submit({ a: 2 }, async (key) => keys.push(key));
    });
    await act(async () => {
      await result.current.submit({ a: 2 }, async (key) => keys.push(key));
    });
    expect(keys[1]).toBe(keys[0]); // same body after a lost answer
    expect(keys[2]).not.toBe(keys[1]); // after a definite 4xx: a new action
    expect(keys[3]).not.toBe(keys[2]); // changed body
    expect(keys[4]).toBe(keys[3]); // retry of the same body after a lost answer
    expect(keys[5]).not.toBe(keys[4]); // after success: a new action
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9-]{1,100}$/);
  });

  test('a second submit while one is in flight is ignored', async () => {
    const { result } = renderHook(() => useSubmission());
    let release!: () => void;
    const send = vi.fn(() => new Promise<string>((r) => (release = () => r('done'))));
    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = result.current.submit({}, send);
      second = result.current.submit({}, send);
    });
    expect(await second).toBeUndefined();
    release();
    await act(async () => expect(await first).toBe('done'));
    expect(send).toHaveBeenCalledTimes(1);
  });
});
