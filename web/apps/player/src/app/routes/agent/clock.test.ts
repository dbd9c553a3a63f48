import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBrandTimeZone } from '@/lib/format';
import { clockText, gmtOffset, useNow } from './clock';

// The clock shows the brand's zone (Asia/Manila in the demo), not the browser's.
afterEach(() => setBrandTimeZone(undefined));

describe('gmtOffset', () => {
  it('is the brand zone offset', () => {
    setBrandTimeZone('Asia/Manila');
    expect(gmtOffset(new Date(Date.UTC(2026, 0, 5)))).toBe('GMT+08:00');
    setBrandTimeZone('Asia/Kathmandu');
    expect(gmtOffset(new Date(Date.UTC(2026, 0, 5)))).toBe('GMT+05:45');
    setBrandTimeZone('America/St_Johns');
    expect(gmtOffset(new Date(Date.UTC(2026, 0, 5)))).toBe('GMT-03:30');
    setBrandTimeZone('UTC');
    expect(gmtOffset(new Date(Date.UTC(2026, 0, 5)))).toBe('GMT+00:00');
  });
});

describe('clockText', () => {
  it('pads every part, 24-hour, in the brand zone', () => {
    setBrandTimeZone('Asia/Manila');
    expect(clockText(new Date(Date.UTC(2026, 0, 4, 23, 3, 9)))).toBe('2026-01-05 07:03:09');
    expect(clockText(new Date(Date.UTC(2026, 11, 31, 15, 59, 59)))).toBe('2026-12-31 23:59:59');
  });
});

describe('useNow', () => {
  afterEach(() => vi.useRealTimers());
  it('ticks every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 22, 4, 0, 0, 0)));
    const { result, unmount } = renderHook(() => useNow());
    expect(clockText(result.current)).toBe('2026-11-22 12:00:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(clockText(result.current)).toBe('2026-11-22 12:00:01');
    act(() => vi.advanceTimersByTime(3000));
    expect(clockText(result.current)).toBe('2026-11-22 12:00:04');
    unmount();
  });
});
