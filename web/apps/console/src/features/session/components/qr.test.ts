import { expect, test } from 'vitest';
import { qrPath } from './EnrolStep';

test('draws the otpauth URI as QR modules with a quiet zone', () => {
  const { size, d } = qrPath('otpauth://totp/Palaro:ops01?secret=JBSWY3DPEHPK3PXP&issuer=Palaro');
  expect(size).toBeGreaterThanOrEqual(21 + 8);
  // The top-left finder pattern starts at the quiet zone's edge.
  expect(d.startsWith('M4 4h1v1h-1z')).toBe(true);
  expect(d.match(/M/g)!.length).toBeGreaterThan(100);
});
