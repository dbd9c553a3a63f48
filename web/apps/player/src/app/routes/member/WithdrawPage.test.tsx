import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import WithdrawPage from './WithdrawPage';
import { pngFile, renderPage, stubApi, type Call } from './cashier/testkit';
import { turnoverPercent } from './cashier/WithdrawRecords';

const ACCOUNT = { id: 3, type: 'BANK', bankCode: 'BDO', bankName: 'BDO Unibank', accountName: 'Juan Dela Cruz', accountNumber: '******7890', createdAt: 1 };
const info = (over: object = {}) => ({
  balance: 250000,
  currency: 'PHP',
  decimals: 2,
  min: 10000,
  max: 5000000,
  dailyCount: 1,
  dailyLimit: 5,
  turnover: { required: 100000, done: 25000, remaining: 0 },
  hasPaymentPassword: true,
  accounts: [ACCOUNT],
  pending: 0,
  ...over,
});
const page = (list: object[] = []) => ({ list, total: list.length, page: 1, pageSize: 10 });
const withdrawal = (over: object = {}) => ({
  id: 11,
  orderNo: 'W11',
  status: 'PENDING_REVIEW',
  amount: 150000,
  receivedAmount: 0,
  remainingAmount: 0,
  currency: 'PHP',
  decimals: 2,
  account: { type: 'BANK', bankCode: 'BDO', bankName: 'BDO Unibank', accountName: 'Juan Dela Cruz', accountNumber: '******7890' },
  createdAt: Date.UTC(2026, 10, 22, 5),
  forcedReceiptAt: 0,
  ...over,
});
const BANKS = { list: [{ code: 'BDO', name: 'BDO Unibank', type: 'BANK' }, { code: 'BPI', name: 'BPI', type: 'BANK' }, { code: 'GCASH', name: 'GCash', type: 'EWALLET' }] };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('turnover percent is integer maths, capped', () => {
  expect(turnoverPercent(25000, 100000)).toBe(25);
  expect(turnoverPercent(5, 0)).toBe(100);
  expect(turnoverPercent(300, 100)).toBe(100);
});

describe('withdraw page', () => {
  test('first step: no payment password -> set it with the login password', async () => {
    let set = false;
    const api = stubApi({
      'GET /wps/cashier/withdraw/info': () => ({ value: info({ hasPaymentPassword: set, accounts: [] }) }),
      'GET /wps/cashier/withdrawals': { value: page() },
      'PUT /wps/member/payment-password': () => {
        set = true;
        return { value: { set: true, lockedUntil: 0 } };
      },
      'GET /wps/member/payout-banks': { value: BANKS },
    });
    renderPage(<WithdrawPage />);
    const step = await screen.findByTestId('withdraw-step-password');
    fireEvent.change(within(step).getByLabelText('Login password'), { target: { value: 'Secret123' } });
    fireEvent.change(within(step).getByLabelText('New payment password'), { target: { value: '12a34' } });
    fireEvent.click(within(step).getByTestId('pp-submit'));
    expect(await within(step).findByText('The payment password has exactly 6 digits.')).toBeInTheDocument();
    fireEvent.change(within(step).getByLabelText('New payment password'), { target: { value: '123456' } });
    fireEvent.change(within(step).getByLabelText('Repeat new payment password'), { target: { value: '123457' } });
    fireEvent.click(within(step).getByTestId('pp-submit'));
    expect(await within(step).findByText('The two payment passwords do not match.')).toBeInTheDocument();
    fireEvent.change(within(step).getByLabelText('Repeat new payment password'), { target: { value: '123456' } });
    fireEvent.click(within(step).getByTestId('pp-submit'));
    await waitFor(() => expect(api.to('PUT /wps/member/payment-password')).toHaveLength(1));
    expect(api.to('PUT /wps/member/payment-password')[0].body).toEqual({ password: 'Secret123', newPaymentPassword: '123456', confirmPaymentPassword: '123456' });
    // Then the next step: a payout account.
    expect(await screen.findByTestId('withdraw-step-account')).toBeInTheDocument();
  });

  test('second step: bind a payout account (type, bank, number shape, payment password)', async () => {
    let accounts: object[] = [];
    const api = stubApi({
      'GET /wps/cashier/withdraw/info': () => ({ value: info({ accounts }) }),
      'GET /wps/cashier/withdrawals': { value: page() },
      'GET /wps/member/payout-banks': { value: BANKS },
      'POST /wps/member/payout-accounts': (c: Call) => {
        accounts = [{ ...ACCOUNT, ...(c.body as object), id: 9 }];
        return { value: accounts[0] };
      },
    });
    renderPage(<WithdrawPage />);
    const step = await screen.findByTestId('withdraw-step-account');
    expect(within(step).getByText(/first payout account sets your registered real name/)).toBeInTheDocument();
    fireEvent.click(within(step).getByTestId('pa-type-EWALLET'));
    await waitFor(() => expect(within(step).getByRole('option', { name: 'GCash' })).toBeInTheDocument());
    expect(within(step).queryByRole('option', { name: 'BPI' })).not.toBeInTheDocument();
    fireEvent.change(within(step).getByTestId('pa-bank'), { target: { value: 'GCASH' } });
    fireEvent.change(within(step).getByLabelText('Account holder name'), { target: { value: 'Juan Dela Cruz' } });
    fireEvent.change(within(step).getByLabelText('E-wallet number'), { target: { value: '0917123' } });
    fireEvent.change(within(step).getByLabelText('Payment password'), { target: { value: '123456' } });
    fireEvent.click(within(step).getByTestId('pa-submit'));
    expect(await within(step).findByText(/as 09XXXXXXXXX or 639XXXXXXXXX/)).toBeInTheDocument();
    expect(api.to('POST /wps/member/payout-accounts')).toHaveLength(0);
    fireEvent.change(within(step).getByLabelText('E-wallet number'), { target: { value: '0917 123 4567' } });
    fireEvent.click(within(step).getByTestId('pa-submit'));
    await waitFor(() => expect(api.to('POST /wps/member/payout-accounts')).toHaveLength(1));
    expect(api.to('POST /wps/member/payout-accounts')[0].body).toEqual({ type: 'EWALLET', bankCode: 'GCASH', accountName: 'Juan Dela Cruz', accountNumber: '09171234567', paymentPassword: '123456' });
    expect(await screen.findByTestId('withdraw-form')).toBeInTheDocument();
  });

  test('a second account must carry the real name (case and spaces do not matter)', async () => {
    stubApi({
      'GET /wps/cashier/withdraw/info': { value: info() },
      'GET /wps/cashier/withdrawals': { value: page() },
      'GET /wps/member/payout-banks': { value: BANKS },
    });
    renderPage(<WithdrawPage />);
    fireEvent.click(await screen.findByTestId('withdraw-add-account'));
    const step = await screen.findByTestId('withdraw-step-account');
    expect(within(step).getByText('Must be your registered real name (Juan Dela Cruz).')).toBeInTheDocument();
    fireEvent.change(within(step).getByTestId('pa-bank'), { target: { value: 'BPI' } });
    fireEvent.change(within(step).getByLabelText('Account holder name'), { target: { value: 'Pedro Penduko' } });
    fireEvent.change(within(step).getByLabelText('Account number'), { target: { value: '1234567890' } });
    fireEvent.change(within(step).getByLabelText('Payment password'), { target: { value: '123456' } });
    fireEvent.click(within(step).getByTestId('pa-submit'));
    expect(await within(step).findByText('The account holder name must be your registered real name (Juan Dela Cruz).')).toBeInTheDocument();
  });

  test('summary shows balance, limits and turnover; withdrawing holds the money with an Idempotency-Key', async () => {
    const api = stubApi({
      'GET /wps/cashier/withdraw/info': { value: info() },
      'GET /wps/cashier/withdrawals': { value: page() },
      'POST /wps/cashier/withdrawals': { value: withdrawal() },
    });
    renderPage(<WithdrawPage />);
    expect(await screen.findByTestId('withdraw-balance')).toHaveTextContent('PHP2,500.00');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('withdraw-daily')).toHaveTextContent('1 of 5');
    const amount = screen.getByLabelText('Withdrawal amount');
    fireEvent.change(amount, { target: { value: '2500.01' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('The amount is more than your balance (2,500.00).')).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(api.to('POST /wps/cashier/withdrawals')).toHaveLength(1));
    const [post] = api.to('POST /wps/cashier/withdrawals');
    expect(post.body).toEqual({ payoutAccountId: 3, amount: '1500', paymentPassword: '123456' });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByTestId('withdraw-held')).toHaveTextContent('PHP 1,500.00 is on hold');
  });

  test('turnover not met blocks the form and says how much is left', async () => {
    stubApi({
      'GET /wps/cashier/withdraw/info': { value: info({ turnover: { required: 100000, done: 25000, remaining: 75000 } }) },
      'GET /wps/cashier/withdrawals': { value: page() },
    });
    renderPage(<WithdrawPage />);
    expect(await screen.findByTestId('withdraw-turnover-block')).toHaveTextContent('PHP 750.00 more in valid bets');
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
  });

  test('a paid withdrawal asks for confirmation: partly received needs a smaller amount, not received needs proof', async () => {
    const api = stubApi({
      'GET /wps/cashier/withdraw/info': { value: info() },
      'GET /wps/cashier/withdrawals': { value: page([withdrawal({ status: 'PAID', forcedReceiptAt: Date.UTC(2026, 10, 23, 5) })]) },
      'POST /wps/cashier/withdrawals/11/confirm': { value: withdrawal({ status: 'PARTIALLY_RECEIVED' }) },
    });
    renderPage(<WithdrawPage />);
    const row = await screen.findByTestId('withdraw-row');
    expect(within(row).getByTestId('withdraw-row-status')).toHaveTextContent('Paid, please confirm');
    expect(row).toHaveTextContent('Counts as received after');
    fireEvent.click(within(row).getByTestId('withdraw-confirm-open'));
    const dialog = await screen.findByTestId('withdraw-confirm');
    expect(dialog).toHaveTextContent('Withdrawal W11 of PHP 1,500.00 was paid to BDO Unibank · ******7890.');

    fireEvent.click(within(dialog).getByTestId('confirm-NOT_RECEIVED'));
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    expect(await within(dialog).findByText('Please upload an image.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByTestId('confirm-PARTIAL'));
    fireEvent.change(within(dialog).getByLabelText('Amount received'), { target: { value: '1500' } });
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    expect(await within(dialog).findByText('The amount received must be less than PHP 1,500.00.')).toBeInTheDocument();
    expect(api.to('POST /wps/cashier/withdrawals/11/confirm')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Amount received'), { target: { value: '1000.50' } });
    await act(async () => {
      fireEvent.change(within(dialog).getByTestId('confirm-proof-input'), { target: { files: [pngFile('proof.png')] } });
    });
    fireEvent.click(within(dialog).getByTestId('confirm-submit'));
    await waitFor(() => expect(api.to('POST /wps/cashier/withdrawals/11/confirm')).toHaveLength(1));
    const form = api.to('POST /wps/cashier/withdrawals/11/confirm')[0].body as FormData;
    expect(form.get('result')).toBe('PARTIAL');
    expect(form.get('receivedAmount')).toBe('1000.50');
    expect((form.get('proof') as File).name).toBe('proof.png');
    expect(await screen.findByTestId('withdraw-confirm-done')).toBeInTheDocument();
  });

  test('an active bonus: the server refuses, the member confirms losing the bonus, the same request goes again with forfeitBonus', async () => {
    const api = stubApi({
      'GET /wps/cashier/withdraw/info': { value: info() },
      'GET /wps/cashier/withdrawals': { value: page() },
      'POST /wps/cashier/withdrawals': (c) =>
        (c.body as { forfeitBonus?: boolean }).forfeitBonus ? { value: withdrawal() } : { status: 409, code: 'withdraw.bonus_active', params: { bonus: '1,234.50' } },
    });
    renderPage(<WithdrawPage />);
    fireEvent.change(await screen.findByLabelText('Withdrawal amount'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdrawing cancels your bonus' });
    expect(dialog).toHaveTextContent('You have an active bonus of PHP 1,234.50. Withdrawing now cancels it: the bonus and its winnings are removed; your real money is not affected.');
    // Keeping the bonus sends nothing more.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.to('POST /wps/cashier/withdrawals')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('withdraw-submit'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw and cancel the bonus' }));
    expect(await screen.findByTestId('withdraw-held')).toHaveTextContent('PHP 1,500.00 is on hold');
    const posts = api.to('POST /wps/cashier/withdrawals');
    expect(posts).toHaveLength(3);
    expect(posts[1].body).toEqual({ payoutAccountId: 3, amount: '1500', paymentPassword: '123456' });
    expect(posts[2].body).toEqual({ payoutAccountId: 3, amount: '1500', paymentPassword: '123456', forfeitBonus: true });
    // A new action (a different body): its own key.
    expect(posts[2].headers.get('Idempotency-Key')).toBeTruthy();
    expect(posts[2].headers.get('Idempotency-Key')).not.toBe(posts[1].headers.get('Idempotency-Key'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
