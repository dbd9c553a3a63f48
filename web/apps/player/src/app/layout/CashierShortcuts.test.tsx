import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { UiActionsContext } from '@/lib/ui-actions';
import { mockActions } from '@/test/harness';
import { cashierI18n } from '../routes/member/cashier/testkit';
import { CashierShortcuts } from './CashierShortcuts';

const session = vi.hoisted(() => ({ current: { loggedIn: true, isTrial: false, isAgent: false } }));
vi.mock('@/lib/session', () => ({ useSession: () => session.current }));
afterEach(() => {
  session.current = { loggedIn: true, isTrial: false, isAgent: false };
});

function renderIt(compact: boolean, requireRealAccount = vi.fn(() => false)) {
  render(
    <I18nextProvider i18n={cashierI18n()}>
      <UiActionsContext.Provider value={{ ...mockActions(), requireRealAccount }}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<CashierShortcuts compact={compact} />} />
            <Route path="/member/depositv2" element={<p>deposit page</p>} />
          </Routes>
        </MemoryRouter>
      </UiActionsContext.Provider>
    </I18nextProvider>,
  );
  return requireRealAccount;
}

test('desktop: deposit and withdraw links to the centre pages', () => {
  renderIt(false);
  expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/member/depositv2');
  expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/member/withdraw');
  fireEvent.click(screen.getByTestId('header-deposit'));
  expect(screen.getByText('deposit page')).toBeInTheDocument();
});

test('phones get the deposit shortcut only', () => {
  renderIt(true);
  expect(screen.getByRole('link', { name: 'Deposit' })).toBeInTheDocument();
  expect(screen.queryByTestId('header-withdraw')).not.toBeInTheDocument();
});

test('trial users get the real-account dialog instead of the page', () => {
  session.current = { loggedIn: true, isTrial: true, isAgent: false };
  const ask = renderIt(false);
  fireEvent.click(screen.getByTestId('header-withdraw'));
  expect(ask).toHaveBeenCalledTimes(1);
  expect(screen.queryByText('deposit page')).not.toBeInTheDocument();
});
