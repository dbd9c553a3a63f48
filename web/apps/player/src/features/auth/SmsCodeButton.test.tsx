import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { countdownSeconds, SmsCodeButton } from './SmsCodeButton';
import { WithAuthI18n } from './testI18n';

function setup(send: () => Promise<{ expiredMinutes: number }>, onError = vi.fn()) {
  render(
    <WithAuthI18n>
      <SmsCodeButton send={send} onError={onError} />
    </WithAuthI18n>,
  );
  return { button: () => screen.getByTestId('sms-code-button'), onError };
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('SmsCodeButton', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  test('counts down expiredMinutes x 60 seconds, disabled meanwhile, then offers to send again', async () => {
    const send = vi.fn().mockResolvedValue({ expiredMinutes: 2 });
    const { button } = setup(send);
    expect(button()).toHaveTextContent('Send code');
    fireEvent.click(button());
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(button()).toBeDisabled();
    expect(button()).toHaveTextContent('120 s');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button()).toHaveTextContent('119 s');
    // Clicking a disabled, counting button sends nothing.
    fireEvent.click(button());
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(119_000);
    });
    expect(button()).toBeEnabled();
    expect(button()).toHaveTextContent('Send again');
  });

  test('clicks are throttled to one per second', async () => {
    const send = vi.fn().mockRejectedValue(Object.assign(new Error('x'), { code: 'sms.too_soon' }));
    const { button, onError } = setup(send);
    fireEvent.click(button());
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
    // The failed send leaves the button enabled, but a second click within a second is dropped.
    expect(button()).toBeEnabled();
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.click(button());
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    fireEvent.click(button());
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError.mock.calls[1][0]).toMatchObject({ code: 'sms.too_soon' });
  });

  test('the countdown defaults to one minute', () => {
    expect(countdownSeconds(5)).toBe(300);
    expect(countdownSeconds(0)).toBe(60);
    expect(countdownSeconds(undefined)).toBe(60);
  });
});
