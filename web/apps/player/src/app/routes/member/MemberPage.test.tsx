import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import enAuth from '@palaro/i18n/locales/EN/auth.json';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enMember from '@palaro/i18n/locales/EN/member.json';
import { mockActions } from '@/test/harness';
import { UiActionsContext, type UiActions } from '@/lib/ui-actions';
import MemberPage from './MemberPage';
import type { Security } from './api';

const session = vi.hoisted(() => ({ current: { loggedIn: true, isTrial: false, isAgent: false, loading: false } }));
vi.mock('@/lib/session', () => ({
  useSession: () => session.current,
  refreshMemberInfo: vi.fn(async () => undefined),
}));

function i18n() {
  const inst = i18next.createInstance();
  void inst.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { auth: enAuth, common: enCommon, errors: enErrors, member: enMember } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof inst.init>[0]);
  return inst;
}

const SECURITY: Security = {
  account: 'demo01',
  nickname: 'Demo Player',
  mobileBound: false,
  mobileNum: '',
  countryDialingCode: '',
  emailBound: true,
  email: 'de****@palaro.example',
  passwordChangedTime: null,
  lastLoginTime: new Date(2026, 10, 21, 9, 5, 7).getTime(),
  lastLoginIp: '203.0.113.9',
  changePasswordNeedsCode: true,
};

function stub(value: Security) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://t').pathname;
      if (path === '/wps/member/security') return Response.json({ success: true, code: 'ok', message: '', value });
      if (path === '/wps/member/info/icon') return Response.json({ success: true, code: 'ok', message: '', value: { icon: 'data:image/svg+xml;base64,PHN2Zy8+', custom: false } });
      return Response.json({ success: false, code: 'request.not_found', message: '', value: null }, { status: 404 });
    }),
  );
}

function renderPage() {
  const actions = {
    ...mockActions(),
    openChangePassword: vi.fn(),
    openRegister: vi.fn(),
    requireRealAccount: vi.fn(() => false),
  };
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <I18nextProvider i18n={i18n()}>
        <UiActionsContext.Provider value={actions as unknown as UiActions}>
          <MemoryRouter initialEntries={['/member']}>
            <Suspense fallback={null}>
              <MemberPage />
            </Suspense>
          </MemoryRouter>
        </UiActionsContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return actions;
}

describe('MemberPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.current = { loggedIn: true, isTrial: false, isAgent: false, loading: false };
  });

  test('shows the summary, masked bound values and the code hint; change password opens the modal', async () => {
    stub(SECURITY);
    const actions = renderPage();
    expect(await screen.findByTestId('member-account')).toHaveTextContent('demo01');
    expect(screen.getByTestId('member-nickname')).toHaveTextContent('Demo Player');
    expect(screen.getByTestId('member-last-login')).toHaveTextContent('2026-11-21 09:05:07');
    expect(screen.getByTestId('member-last-ip')).toHaveTextContent('203.0.113.9');
    expect(screen.getByTestId('member-item-email-status')).toHaveTextContent('de****@palaro.example');
    expect(screen.getByTestId('member-item-mobile-status')).toHaveTextContent('Not bound');
    expect(screen.getByTestId('member-bind-email')).toHaveTextContent('Change');
    expect(screen.getByTestId('member-bind-mobile')).toHaveTextContent('Bind');
    expect(screen.getByTestId('member-item-password-hint')).toHaveTextContent('verification code');
    fireEvent.click(screen.getByTestId('member-change-password'));
    expect(actions.openChangePassword).toHaveBeenCalled();
  });

  test('a first login has no previous login to show', async () => {
    stub({ ...SECURITY, lastLoginTime: null, lastLoginIp: '', changePasswordNeedsCode: false, mobileBound: true, mobileNum: '917***4567', countryDialingCode: '63' });
    renderPage();
    await screen.findByTestId('member-account');
    expect(screen.getByTestId('member-last-login')).toHaveTextContent('First login');
    expect(screen.getByTestId('member-last-ip')).toHaveTextContent('—');
    expect(screen.getByTestId('member-item-mobile-status')).toHaveTextContent('+63 917***4567');
    expect(screen.queryByTestId('member-item-password-hint')).toBeNull();
  });

  test('trial players get the real-account notice and no security data is asked for', async () => {
    session.current = { loggedIn: true, isTrial: true, isAgent: false, loading: false };
    stub(SECURITY);
    const actions = renderPage();
    expect(await screen.findByText('A real account is needed')).toBeInTheDocument();
    expect(actions.requireRealAccount).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('member-summary')).toBeNull();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
