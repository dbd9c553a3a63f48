import { expect, test, vi } from 'vitest';
import { openCustomerService } from './customerService';

const chat = { id: 1, name: 'Live chat', type: 'LIVECHAT', path: 'cs-1', route: '/help#faq' };
const telegram = { id: 2, name: 'Telegram', type: 'TELEGRAM', path: 'cs-2' };

test('an in-app channel opens in this tab (the per-tab session stays), never a new tab', () => {
  const win = { open: vi.fn(), location: { assign: vi.fn() } };
  const navigate = vi.fn();
  expect(openCustomerService([chat, telegram], navigate, win as never)).toBe(true);
  expect(navigate).toHaveBeenCalledWith('/help#faq');
  expect(win.open).not.toHaveBeenCalled();
  expect(openCustomerService([chat], undefined, win as never)).toBe(true);
  expect(win.location.assign).toHaveBeenCalledWith('/help#faq');
  expect(win.open).not.toHaveBeenCalled();
});

test('another site opens through /cs/ in a new tab', () => {
  const win = { open: vi.fn(), location: { assign: vi.fn() } };
  const navigate = vi.fn();
  expect(openCustomerService([telegram], navigate, win as never)).toBe(true);
  expect(win.open).toHaveBeenCalledWith('/cs/cs-2', '_blank', 'noopener,noreferrer');
  expect(navigate).not.toHaveBeenCalled();
  expect(openCustomerService([], navigate, win as never)).toBe(false);
});
