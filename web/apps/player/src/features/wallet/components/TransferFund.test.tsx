import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logout } from '@/lib/session';
import { loginDemo, renderPage, stubApi } from '@/test/wallet';
import { TransferFund } from './TransferFund';

const BAL = { balance: 1_000_000, currency: 'PHP', currencySymbol: '₱', decimals: 2, freePlay: false };
const wallets = (main: number, jdb: number, cq9 = 0) => ({
  main: { balance: main },
  vendors: [
    { vendor: 'JDB', name: 'JDB Gaming', balance: jdb, status: 'OK' },
    { vendor: 'CQ9', name: 'CQ9 Gaming', balance: cq9, status: 'OK' },
    { vendor: 'PT', name: 'Playtech', balance: 0, status: 'UNAVAILABLE' },
  ],
  total: main + jdb + cq9,
  currency: 'PHP',
  decimals: 2,
});

afterEach(async () => {
  await logout();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function state() {
  let main = 1_000_000;
  let jdb = 0;
  return {
    get main() {
      return main;
    },
    routes: {
      'GET /wps/v2/wallets/merchant': () => ({ isSingle: false }),
      'GET /wps/v2/wallets/balance': () => ({ ...BAL, balance: main }),
      'GET /wps/v2/wallets': () => wallets(main, jdb),
      'POST /wps/v2/wallets/transfer': (c: { body: unknown }) => {
        const b = c.body as { from: string; to: string; amount: string };
        const minor = Math.round(Number(b.amount) * 100);
        if (b.from === 'MAIN') {
          main -= minor;
          jdb += minor;
        } else {
          main += minor;
          jdb -= minor;
        }
        // The server answers the wallets the transfer touched.
        return { id: 7, status: 'SUCCESS', from: b.from, to: b.to, vendor: 'JDB', amount: minor, balances: { main, vendors: [wallets(main, jdb).vendors[0]] } };
      },
    },
  };
}

test('shows the main wallet and one card per vendor with formatted balances', async () => {
  const s = state();
  stubApi({ ...s.routes, 'GET /wps/v2/wallets': () => wallets(123_456_789, 50_000, 7) });
  await loginDemo();
  renderPage(<TransferFund />);
  expect(await screen.findByTestId('vendor-wallet-JDB')).toHaveTextContent('₱500.00');
  expect(screen.getByTestId('vendor-wallet-CQ9')).toHaveTextContent('₱0.07');
  expect(screen.getByTestId('vendor-wallet-PT')).toHaveTextContent('Unavailable');
  // The main balance follows the live header balance (10,000.00 here), the total adds the vendors.
  await waitFor(() => expect(screen.getByTestId('wallet-main-balance')).toHaveTextContent('₱10,000.00'));
  expect(screen.getByTestId('wallet-total')).toHaveTextContent('₱10,500.07');
  // An unavailable vendor cannot be picked.
  expect(within(screen.getByTestId('transfer-to')).getByRole('option', { name: 'Playtech' })).toBeDisabled();
});

test('a transfer sends the amount as a decimal string with an Idempotency-Key and updates the cards', async () => {
  const s = state();
  const api = stubApi(s.routes);
  await loginDemo();
  renderPage(<TransferFund />);
  await screen.findByTestId('transfer-form');
  expect(screen.getByTestId('transfer-from')).toHaveValue('MAIN');
  expect(screen.getByTestId('transfer-to')).toHaveValue('JDB');
  fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '1,250.5' } });
  fireEvent.click(screen.getByTestId('transfer-submit'));
  expect(await screen.findByTestId('transfer-note-ok')).toHaveTextContent('₱1,250.50 moved from Main wallet to JDB Gaming.');
  const [post] = api.to('POST', '/wps/v2/wallets/transfer');
  expect(post.body).toEqual({ from: 'MAIN', to: 'JDB', amount: '1250.50' });
  expect(post.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9-]{16,100}$/);
  await waitFor(() => expect(screen.getByTestId('vendor-wallet-JDB')).toHaveTextContent('₱1,250.50'));
  expect(screen.getByTestId('transfer-amount')).toHaveValue('');

  // Back with "All" from the vendor: a new action, a new key.
  fireEvent.click(within(screen.getByTestId('vendor-wallet-JDB')).getByTestId('vendor-transfer-out'));
  expect(screen.getByTestId('transfer-from')).toHaveValue('JDB');
  expect(screen.getByTestId('transfer-to')).toHaveValue('MAIN');
  expect(screen.getByTestId('transfer-amount')).toHaveValue('1250.50');
  fireEvent.click(screen.getByTestId('transfer-submit'));
  await waitFor(() => expect(api.to('POST', '/wps/v2/wallets/transfer')).toHaveLength(2));
  const second = api.to('POST', '/wps/v2/wallets/transfer')[1];
  expect(second.body).toEqual({ from: 'JDB', to: 'MAIN', amount: '1250.50' });
  expect(second.headers['Idempotency-Key']).not.toBe(post.headers['Idempotency-Key']);
  await waitFor(() => expect(screen.getByTestId('vendor-wallet-JDB')).toHaveTextContent('₱0.00'));
});

test('bad amounts are refused before any request', async () => {
  const s = state();
  const api = stubApi(s.routes);
  await loginDemo();
  renderPage(<TransferFund />);
  await screen.findByTestId('transfer-form');
  const amount = screen.getByTestId('transfer-amount');
  for (const [v, msg] of [
    ['1.234', 'Use at most 2 decimal places.'],
    ['abc', 'Enter a number'],
    ['0', 'more than zero'],
    ['10000.01', 'more than the wallet holds (₱10,000.00)'],
  ]) {
    fireEvent.change(amount, { target: { value: v } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-amount-error')).toHaveTextContent(msg);
  }
  // "All" fills the whole balance of the source wallet.
  fireEvent.click(screen.getByTestId('transfer-all'));
  expect(amount).toHaveValue('10000.00');
  expect(screen.queryByTestId('transfer-amount-error')).toBeNull();
  expect(api.to('POST', '/wps/v2/wallets/transfer')).toHaveLength(0);
});

test('the button is disabled while pending; a failed request is not retried, and the user retry reuses the key', async () => {
  const s = state();
  let release!: (v: unknown) => void;
  let n = 0;
  const api = stubApi({
    ...s.routes,
    'POST /wps/v2/wallets/transfer': () => {
      n++;
      if (n === 1) return new Promise((r) => (release = r));
      return { id: 9, status: 'SUCCESS' };
    },
  });
  await loginDemo();
  renderPage(<TransferFund />);
  await screen.findByTestId('transfer-form');
  fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '100' } });
  fireEvent.click(screen.getByTestId('transfer-submit'));
  await waitFor(() => expect(screen.getByTestId('transfer-submit')).toBeDisabled());
  expect(screen.getByTestId('transfer-all-back')).toBeDisabled();
  fireEvent.click(screen.getByTestId('transfer-submit'));
  expect(api.to('POST', '/wps/v2/wallets/transfer')).toHaveLength(1);
  await act(async () => release({ status: 500, code: 'server.internal' }));
  expect(await screen.findByTestId('transfer-note-error')).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 50));
  expect(api.to('POST', '/wps/v2/wallets/transfer')).toHaveLength(1);
  // The user tries the same submission again: same key (the server replays the first answer if it did act).
  fireEvent.click(screen.getByTestId('transfer-submit'));
  await screen.findByTestId('transfer-note-ok');
  const [a, b] = api.to('POST', '/wps/v2/wallets/transfer');
  expect(b.headers['Idempotency-Key']).toBe(a.headers['Idempotency-Key']);
});

test('a PENDING transfer is listed with a status check that settles it', async () => {
  const s = state();
  let status = 'PENDING';
  const api = stubApi({
    ...s.routes,
    'POST /wps/v2/wallets/transfer': () => ({ id: 41, status: 'PENDING' }),
    'GET /wps/v2/wallets/transfer/41': () => ({ id: 41, status }),
  });
  await loginDemo();
  renderPage(<TransferFund />);
  await screen.findByTestId('transfer-form');
  fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '300' } });
  fireEvent.click(screen.getByTestId('transfer-submit'));
  expect(await screen.findByTestId('transfer-note-wait')).toHaveTextContent('waiting for the provider');
  const item = await screen.findByTestId('pending-transfer');
  expect(item).toHaveTextContent('₱300.00: Main wallet → JDB Gaming');
  expect(item).toHaveTextContent('#41');
  // Kept for the session: a reload would still offer the check.
  expect(JSON.parse(sessionStorage.getItem('pendingTransfers:demo01') ?? '[]')).toHaveLength(1);

  fireEvent.click(within(item).getByTestId('pending-check'));
  expect(await screen.findByText('Still waiting for the provider. Try again in a moment.')).toBeInTheDocument();
  status = 'FAILED';
  fireEvent.click(within(screen.getByTestId('pending-transfer')).getByTestId('pending-check'));
  expect(await screen.findByTestId('transfer-note-error')).toHaveTextContent('did not go through');
  expect(screen.queryByTestId('pending-transfers')).toBeNull();
  expect(sessionStorage.getItem('pendingTransfers:demo01')).toBeNull();
  expect(api.to('GET', '/wps/v2/wallets/transfer/41')).toHaveLength(2);
});

test('transfer all back sends its own key and reports the result', async () => {
  const s = state();
  let jdb = 100_000;
  const api = stubApi({
    ...s.routes,
    'GET /wps/v2/wallets': () => wallets(1_000_000 - jdb, jdb),
    'POST /wps/v2/wallets/transfer/all-back': () => {
      jdb = 0;
      return { transfers: [{ id: 5, status: 'SUCCESS', from: 'JDB', to: 'MAIN', amount: 100_000 }], balances: { main: 1_000_000, vendors: [{ vendor: 'JDB', name: 'JDB Gaming', balance: 0, status: 'OK' }] } };
    },
  });
  await loginDemo();
  renderPage(<TransferFund />);
  await screen.findByTestId('vendor-wallet-JDB');
  await waitFor(() => expect(screen.getByTestId('transfer-all-back')).toBeEnabled());
  fireEvent.click(screen.getByTestId('transfer-all-back'));
  expect(await screen.findByTestId('transfer-note-ok')).toHaveTextContent('Every provider wallet was moved back');
  const [post] = api.to('POST', '/wps/v2/wallets/transfer/all-back');
  expect(post.headers['Idempotency-Key']).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId('vendor-wallet-JDB')).toHaveTextContent('₱0.00'));
  // Nothing left in vendor wallets: the button rests.
  expect(screen.getByTestId('transfer-all-back')).toBeDisabled();
});

test('server errors are translated (insufficient funds)', async () => {
  const s = state();
  stubApi({ ...s.routes, 'POST /wps/v2/wallets/transfer': () => ({ status: 409, code: 'ledger.insufficient_funds' }) });
  await loginDemo();
  renderPage(<TransferFund />);
  await screen.findByTestId('transfer-form');
  fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '5' } });
  fireEvent.click(screen.getByTestId('transfer-submit'));
  // Money codes live in the wallet namespace (wallet:errors.<code>), loaded with the page.
  expect(await screen.findByTestId('transfer-note-error')).toHaveTextContent('Insufficient balance.');
});

test('a single-wallet brand explains that there is one wallet and shows only the main balance', async () => {
  const api = stubApi({
    'GET /wps/v2/wallets/merchant': () => ({ isSingle: true }),
    'GET /wps/v2/wallets/balance': () => BAL,
  });
  await loginDemo();
  renderPage(<TransferFund />);
  expect(await screen.findByTestId('transfer-single')).toHaveTextContent('One wallet for everything');
  await waitFor(() => expect(screen.getByTestId('wallet-main-balance')).toHaveTextContent('₱10,000.00'));
  expect(screen.queryByTestId('transfer-form')).toBeNull();
  expect(api.to('GET', '/wps/v2/wallets')).toHaveLength(0);
});

test('an error loading the wallets offers a retry', async () => {
  let fail = true;
  stubApi({
    'GET /wps/v2/wallets/merchant': () => ({ isSingle: false }),
    'GET /wps/v2/wallets/balance': () => BAL,
    'GET /wps/v2/wallets': () => (fail ? { status: 500, code: 'server.internal' } : wallets(1_000_000, 0)),
  });
  await loginDemo();
  renderPage(<TransferFund />);
  const retry = await screen.findByRole('button', { name: /try again/i });
  fail = false;
  fireEvent.click(retry);
  expect(await screen.findByTestId('vendor-wallet-JDB')).toBeInTheDocument();
});
