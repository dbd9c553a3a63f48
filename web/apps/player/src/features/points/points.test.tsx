import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '@palaro/i18n/locales/EN/common.json';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enCashier from '@palaro/i18n/locales/EN/cashier.json';
import enPoints from '@palaro/i18n/locales/EN/points.json';
import { logout } from '@/lib/session';
import { loginDemo, renderRouted, stubApi } from '@/test/wallet';
import { PointsMall } from './components/PointsMall';

vi.mock('@/lib/socket', () => ({ startSocket: vi.fn(), stopSocket: vi.fn(), socketOpen: () => false, subscribe: vi.fn(() => () => undefined) }));

function pointsI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'EN',
    resources: { EN: { common: enCommon, errors: enErrors, cashier: enCashier, points: enPoints } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n;
}

afterEach(async () => {
  cleanup();
  await logout();
  vi.unstubAllGlobals();
});

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;
const item = (over: Record<string, unknown>) => ({ id: 1, kind: 'BONUS_CASH', name: 'Cash', description: '', imageUrl: '', points: 500, amount: 5000, spins: 0, wagerMultiple: 0, stock: -1, memberLimit: 0, redeemed: 0, ...over });
const config = { earn: [{ category: 'RNG', per: 10000, points: 1 }], convertPoints: 100, convertAmount: 1000, convertMin: 500, convertOn: true, claimDays: 7, maxQuantity: 10, currency: 'PHP', decimals: 2 };

function stub(balance: number) {
  return stubApi({
    'GET /wps/points/balance': () => ({ balance, earned: balance, spent: 0 }),
    'GET /wps/points/config': () => config,
    'GET /wps/points/items': () => ({
      list: [
        item({ id: 1, name: '₱50 bonus cash' }),
        item({ id: 2, kind: 'GOODS', name: 'Palaro cap', points: 2000, amount: 0, stock: 0 }),
        item({ id: 3, kind: 'GOODS', name: 'Palaro tumbler', points: 3000, amount: 0, stock: 5, memberLimit: 1 }),
      ],
    }),
  });
}

test('the items say what stops a redeem: sold out, not enough points', async () => {
  stub(2500);
  await loginDemo();
  renderRouted(<PointsMall formatMoney={money} />, pointsI18n());
  await waitFor(() => expect(screen.getByTestId('points-balance')).toHaveTextContent('2,500'));
  await screen.findAllByTestId('points-item');
  const cap = screen.getAllByTestId('points-item')[1];
  expect(within(cap).getByRole('button', { name: 'Redeem Palaro cap' })).toHaveTextContent('Sold out');
  expect(within(cap).getByRole('button', { name: 'Redeem Palaro cap' })).toBeDisabled();
  const tumbler = screen.getAllByTestId('points-item')[2];
  expect(within(tumbler).getByText('You need 500 more points.')).toBeInTheDocument();
  expect(within(screen.getAllByTestId('points-item')[0]).getByText('PHP 50.00')).toBeInTheDocument();
});

test('the redeem dialog checks the password before anything is sent', async () => {
  const api = stub(2500);
  await loginDemo();
  renderRouted(<PointsMall formatMoney={money} />, pointsI18n());
  fireEvent.click(await screen.findByRole('button', { name: 'Redeem ₱50 bonus cash' }));
  const dialog = await screen.findByRole('dialog', { name: 'Redeem ₱50 bonus cash' });
  fireEvent.change(within(dialog).getByLabelText('Payment password'), { target: { value: '12' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm redeem' }));
  expect(await within(dialog).findByText('The payment password is 6 digits.')).toBeInTheDocument();
  expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
});

test('the rules tab states the earning rules and the conversion rate', async () => {
  stub(0);
  await loginDemo();
  renderRouted(<PointsMall formatMoney={money} />, pointsI18n());
  fireEvent.click(await screen.findByRole('tab', { name: 'Rules' }));
  const rules = await screen.findByTestId('points-rules');
  expect(within(rules).getByText('1 pt per PHP 100.00 valid bet')).toBeInTheDocument();
  expect(within(rules).getByText('Convert points to cash at 100 points = PHP 10.00, from 500 points.')).toBeInTheDocument();
});
