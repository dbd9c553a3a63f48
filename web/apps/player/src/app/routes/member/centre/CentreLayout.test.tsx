import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { UiActionsContext } from '@/lib/ui-actions';
import { mockActions } from '@/test/harness';
import { cashierI18n, stubApi } from '../cashier/testkit';
import CentreLayout, { CentreMenu, visibleEntries } from './CentreLayout';
import { centrePageFor } from './CentreRoute';
import { CENTRE_MENU_ORDER, centrePath } from './registry';

const session = vi.hoisted(() => ({ current: { loggedIn: true, isTrial: false, isAgent: false } }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));

afterEach(() => {
  vi.unstubAllGlobals();
  session.current = { loggedIn: true, isTrial: false, isAgent: false };
});

function renderCentre(path: string, actions = mockActions()) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { path: '/member', element: <CentreLayout><p>security centre</p></CentreLayout> },
      { path: '/member/depositv2', element: <CentreLayout><p>deposit page</p></CentreLayout> },
    ],
    { initialEntries: [path] },
  );
  stubApi({ 'GET /wps/message/unread': { value: { count: 0 } } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <I18nextProvider i18n={cashierI18n()}>
      <UiActionsContext.Provider value={{ ...actions, requireRealAccount: actions.requireRealAccount ?? vi.fn() }}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </UiActionsContext.Provider>
    </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

test('the path picks the page: "" is the security centre, unknown or nested paths have none', () => {
  expect(centrePageFor('')).toBeDefined();
  expect(centrePageFor('depositv2')).toBe(centrePageFor('DepositV2'));
  expect(centrePageFor('withdraw/')).toBe(centrePageFor('withdraw'));
  expect(centrePageFor('nope')).toBeUndefined();
  expect(centrePageFor('withdraw/x')).toBeUndefined();
});

test('menu entries follow the spec order and only registered pages are shown', () => {
  expect(visibleEntries([{ key: 'messageV2' }, { key: 'depositv2' }, { key: 'transferFund' }])).toEqual(['securityCenter', 'transferFund', 'depositv2', 'messageV2']);
  expect(visibleEntries([])).toEqual(['securityCenter']);
  const all = visibleEntries(CENTRE_MENU_ORDER.filter((k) => k !== 'securityCenter').map((key) => ({ key })));
  expect(all).toEqual([...CENTRE_MENU_ORDER]);
  expect(centrePath('securityCenter')).toBe('/member');
  expect(centrePath('withdraw')).toBe('/member/withdraw');
});

test('the layout marks the current page and renders it; badges appear only above zero', async () => {
  renderCentre('/member/depositv2');
  expect(await screen.findByText('deposit page')).toBeInTheDocument();
  const menu = screen.getByTestId('centre-menu');
  expect(within(menu).getByTestId('centre-menu-depositv2')).toHaveAttribute('aria-current', 'page');
  expect(within(menu).getByTestId('centre-menu-securityCenter')).not.toHaveAttribute('aria-current');
  expect(within(menu).getByText('My account')).toBeInTheDocument();
  expect(within(menu).getByText('Withdraw')).toBeInTheDocument();
});

test('the unread badge shows the count and hides at zero', () => {
  const router = createMemoryRouter([{ path: '*', element: <CentreMenu badges={{ depositv2: 3, withdraw: 0 }} /> }]);
  render(
    <I18nextProvider i18n={cashierI18n()}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  expect(screen.getByTestId('centre-badge-depositv2')).toHaveTextContent('3');
  expect(screen.getByTestId('centre-badge-depositv2')).toHaveAccessibleName('3 new');
  expect(screen.queryByTestId('centre-badge-withdraw')).not.toBeInTheDocument();
});

test('trial users get the real-account dialog and no page', async () => {
  session.current = { loggedIn: true, isTrial: true, isAgent: false };
  const actions = mockActions();
  const requireRealAccount = vi.fn(() => false);
  renderCentre('/member/depositv2', { ...actions, requireRealAccount });
  expect(await screen.findByText('A real account is needed')).toBeInTheDocument();
  expect(screen.queryByText('deposit page')).not.toBeInTheDocument();
  expect(requireRealAccount).toHaveBeenCalledTimes(1);
});

test('a session that ends sends the user to /login', async () => {
  session.current = { loggedIn: false, isTrial: false, isAgent: false };
  const router = renderCentre('/member/depositv2');
  expect(await screen.findByText('login page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
});
