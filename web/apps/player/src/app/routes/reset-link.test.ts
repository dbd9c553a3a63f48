import { describe, expect, test } from 'vitest';
import { clearResetToken, pendingResetToken, resetRouteLoader, resetTokenOf, withResetToken } from './reset-link';

const args = (url: string) => ({ request: new Request(url), params: {}, context: undefined }) as never;

describe('reset link', () => {
  test('reads the token of the e-mailed link', () => {
    expect(resetTokenOf('http://palaro.example/?resetToken=abc_-1')).toBe('abc_-1');
    expect(resetTokenOf('/')).toBe('');
  });

  test('the home route moves the token into memory and redirects to the clean reset page', async () => {
    clearResetToken();
    const home = withResetToken({ id: 'home', index: true, loader: () => 'home' });
    const loader = home.loader as (a: unknown) => unknown;
    let thrown: unknown;
    try {
      loader(args('http://x/?resetToken=tok123'));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/resetPassword');
    expect(pendingResetToken()).toBe('tok123');
    // Without a token the home loader runs as before.
    expect(loader(args('http://x/'))).toBe('home');
  });

  test('the reset page does the same for /resetPassword?resetToken=', async () => {
    clearResetToken();
    const loader = resetRouteLoader(async () => null);
    expect(() => loader(args('http://x/resetPassword?resetToken=t2'))).toThrow();
    expect(pendingResetToken()).toBe('t2');
    await expect(loader(args('http://x/resetPassword'))).resolves.toBeNull();
  });
});
