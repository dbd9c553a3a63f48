import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi, beforeEach } from 'vitest';
import { WithAuthI18n } from '@/features/auth/testI18n';

const establishSession = vi.fn().mockResolvedValue(undefined);
vi.mock('@/lib/session', () => ({ establishSession: (...a: unknown[]) => establishSession(...a) }));
const exchangeCode = vi.fn();
const registerWithProvider = vi.fn();
vi.mock('./api', () => ({
  exchangeCode: (c: string) => exchangeCode(c),
  registerWithProvider: (t: string, codes: unknown) => registerWithProvider(t, codes),
  pageReferralCode: () => 'FRIEND77',
  linkAccount: vi.fn(),
}));

import OAuthDialogs from './OAuthDialogs';
import { hasOAuthAnswer, OAuthReturn } from './OAuthReturn';

const code = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const result = { token: 't', firstTimeLogin: true, passwordExpired: false, defaultPassword: false, previousLoginTime: null, expiresAt: 1, userInfo: { account: 'juandelacr1234' } };

describe('OAuthDialogs', () => {
  beforeEach(() => {
    establishSession.mockClear();
  });

  test('a cancel at the provider says login failure, try again', async () => {
    render(
      <WithAuthI18n>
        <OAuthDialogs answer={{ kind: 'error', reason: 'cancelled' }} onDone={() => {}} />
      </WithAuthI18n>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failure, please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('a linked login exchanges its code and starts a third-party session', async () => {
    exchangeCode.mockResolvedValue(result);
    const onDone = vi.fn();
    render(
      <WithAuthI18n>
        <OAuthDialogs answer={{ kind: 'login', code }} onDone={onDone} />
      </WithAuthI18n>,
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(exchangeCode).toHaveBeenCalledTimes(1);
    expect(exchangeCode).toHaveBeenCalledWith(code);
    expect(establishSession).toHaveBeenCalledWith(result, { loginType: 'thirdParty' });
  });

  test('a spent code says the login expired', async () => {
    exchangeCode.mockRejectedValue(Object.assign(new Error('x'), { code: 'oauth.ticket_invalid' }));
    render(
      <WithAuthI18n>
        <OAuthDialogs answer={{ kind: 'login', code }} onDone={() => {}} />
      </WithAuthI18n>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This login has expired. Please start again.');
    expect(establishSession).not.toHaveBeenCalled();
  });

  test('a new account shows its username before the session starts', async () => {
    registerWithProvider.mockResolvedValue(result);
    render(
      <WithAuthI18n>
        <OAuthDialogs answer={{ kind: 'link', ticket: code, provider: 'google' }} onDone={() => {}} />
      </WithAuthI18n>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Create a new account/ }));
    expect(await screen.findByText('juandelacr1234')).toBeInTheDocument();
    // The referral link's code of the page the provider sent the browser back to goes with it.
    expect(registerWithProvider).toHaveBeenCalledWith(code, { referralCode: 'FRIEND77' });
    expect(establishSession).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(establishSession).toHaveBeenCalledWith(result, { loginType: 'thirdParty' }));
  });
});

describe('OAuthReturn', () => {
  test('recognises only the provider answers in the fragment', () => {
    expect(hasOAuthAnswer('#oauth=abc')).toBe(true);
    expect(hasOAuthAnswer('#oauthLink=abc&provider=google')).toBe(true);
    expect(hasOAuthAnswer('#x=1&oauthError=cancelled')).toBe(true);
    expect(hasOAuthAnswer('#term')).toBe(false);
    expect(hasOAuthAnswer('#myoauth=1')).toBe(false);
  });

  test('takes the answer out of the address and opens the dialog', async () => {
    window.history.replaceState(null, '', '/games?x=1#oauthError=cancelled');
    render(
      <WithAuthI18n>
        <OAuthReturn />
      </WithAuthI18n>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failure, please try again.');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/games?x=1');
  });
});
