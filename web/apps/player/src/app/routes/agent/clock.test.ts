import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockText, gmtOffset, useNow } from './clock';

const offset = (minutes: number) => ({ getTimezoneOffset: () => minutes });

describe('gmtOffset', () => {
  it('east of Greenwich is plus', () => {
    expect(gmtOffset(offset(-480))).toBe('GMT+08:00');
    expect(gmtOffset(offset(-330))).toBe('GMT+05:30');
    expect(gmtOffset(offset(-345))).toBe('GMT+05:45');
  });
  it('west of Greenwich is minus', () => {
    expect(gmtOffset(offset(300))).toBe('GMT-05:00');
    expect(gmtOffset(offset(210))).toBe('GMT-03:30');
  });
  it('UTC is plus zero', () => {
    expect(gmtOffset(offset(0))).toBe('GMT+00:00');
  });
});

describe('clockText', () => {
  it('pads every part, 24-hour', () => {
    expect(clockText(new Date(2026, 0, 5, 7, 3, 9))).toBe('2026-01-05 07:03:09');
    expect(clockText(new Date(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31 23:59:59');
  });
});

describe('useNow', () => {
  afterEach(() => vi.useRealTimers());
  it('ticks every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0, 0));
    const { result, unmount } = renderHook(() => useNow());
    expect(clockText(result.current)).toBe('2026-11-22 12:00:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(clockText(result.current)).toBe('2026-11-22 12:00:01');
    act(() => vi.advanceTimersByTime(3000));
    expect(clockText(result.current)).toBe('2026-11-22 12:00:04');
    unmount();
  });
});
