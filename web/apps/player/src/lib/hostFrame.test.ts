import { expect, test } from 'vitest';
import { HOST_NAVIGATE, hostNavigateTarget, isInAppPath } from './hostFrame';

test('only in-app paths count', () => {
  expect(isInAppPath('/help#faq')).toBe(true);
  expect(isInAppPath('//evil.example/x')).toBe(false);
  expect(isInAppPath('/\\evil.example')).toBe(false);
  expect(isInAppPath('https://evil.example')).toBe(false);
  expect(isInAppPath(42)).toBe(false);
});

test('the storefront honours same-origin messages naming an in-app path only', () => {
  const origin = 'https://palaro.example';
  expect(hostNavigateTarget({ origin, data: { type: HOST_NAVIGATE, to: '/help#faq' } }, origin)).toBe('/help#faq');
  expect(hostNavigateTarget({ origin: 'https://evil.example', data: { type: HOST_NAVIGATE, to: '/help' } }, origin)).toBeNull();
  expect(hostNavigateTarget({ origin, data: { type: HOST_NAVIGATE, to: 'javascript:alert(1)' } }, origin)).toBeNull();
  expect(hostNavigateTarget({ origin, data: { type: 'other', to: '/help' } }, origin)).toBeNull();
  expect(hostNavigateTarget({ origin, data: null }, origin)).toBeNull();
});
