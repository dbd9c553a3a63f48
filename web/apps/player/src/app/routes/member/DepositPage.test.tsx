import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import DepositPage from './DepositPage';
import { browser } from './cashier/DepositForm';
import { pngFile, renderPage, stubApi, type Call } from './cashier/testkit';

const METHODS = {
  currency: 'PHP',
  decimals: 2,
  methods: [
    { code: 'BDO_BANK', type: 'BANK', name: 'BDO bank transfer', min: 10000, max: 5000000, bank: { bankName: 'BDO Unibank', accountName: 'Palaro Demo Inc.', accountNumber: '001234567890', branch: 'Makati' } },
    { code: 'GCASH', type: 'ONLINE', name: 'GCash (sandbox)', min: 5000, max: 2000000, provider: 'sandbox' },
  ],
};
const empty = { list: [], total: 0, page: 1, pageSize: 10 };
const deposit = (over: object = {}) => ({ id: 7, orderNo: 'D20261122000007', method: 'BDO_BANK', type: 'BANK', amount: 150050, currency: 'PHP', decimals: 2, status: 'PENDING_REVIEW', createdAt: Date.UTC(2026, 10, 22, 5), ...over });

function stub(extra: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return stubApi({
    'GET /wps/cashier/deposit/methods': { value: METHODS },
    'GET /wps/cashier/deposits': { value: empty },
    ...extra,
  });
}

beforeEach(() => {
  Object.assign(navigator, { clipboard: { writeText: vi.fn(async () => undefined) } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function chooseFile(input: HTMLElement, file: File) {
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('deposit page', () => {
  test('methods are cards; the bank method shows the receiving account with copy buttons and the copy dialog', async () => {
    stub();
    renderPage(<DepositPage />);
    const bdo = await screen.findByTestId('deposit-method-BDO_BANK');
    expect(bdo).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('deposit-method-GCASH')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('deposit-bank-accountNumber')).toHaveTextContent('001234567890');
    expect(screen.getByText('PHP')).toBeInTheDocument();
    expect(screen.getByText(/Min 100\.00 · Max 50,000\.00/)).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('deposit-copy-accountNumber'));
    const dialog = await screen.findByTestId('deposit-copied');
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('001234567890');
    expect(within(dialog).getByText('Account number was copied to the clipboard.')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('deposit-method-GCASH'));
    expect(screen.queryByTestId('deposit-bank')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deposit-reference')).not.toBeInTheDocument();
  });

  test('client checks match the server: decimals, min, reference, wrong file type; nothing is sent', async () => {
    const api = stub();
    renderPage(<DepositPage />);
    const amount = await screen.findByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '150.505' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('The amount can have at most 2 decimal places.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the transfer reference.')).toBeInTheDocument();
    expect(screen.getByText('Please upload an image.')).toBeInTheDocument();

    fireEvent.change(amount, { target: { value: '99.99' } });
    fireEvent.blur(amount);
    expect(await screen.findByText('The minimum amount is 100.00.')).toBeInTheDocument();

    await chooseFile(screen.getByTestId('deposit-receipt-input'), new File(['not an image'], 'receipt.png', { type: 'image/png' }));
    expect(await screen.findByText('Only PNG or JPG images can be uploaded.')).toBeInTheDocument();
    expect(screen.queryByTestId('deposit-receipt-preview')).not.toBeInTheDocument();
    expect(api.to('POST /wps/cashier/deposits')).toHaveLength(0);
  });

  test('bank deposit: multipart with an Idempotency-Key, once even on a double click, then the pending card', async () => {
    let release!: () => void;
    const api = stub({
      'POST /wps/cashier/deposits': () => new Promise((r) => (release = () => r({ value: deposit() }))) as never,
    });
    renderPage(<DepositPage />);
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '1500.50' } });
    fireEvent.change(screen.getByLabelText('Transfer reference'), { target: { value: 'BDO-REF-7788' } });
    await chooseFile(screen.getByTestId('deposit-receipt-input'), pngFile());
    expect(await screen.findByTestId('deposit-receipt-preview')).toBeInTheDocument();

    const submit = screen.getByTestId('deposit-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('POST /wps/cashier/deposits')).toHaveLength(1));
    expect(submit).toBeDisabled();
    await act(async () => release());

    const [post] = api.to('POST /wps/cashier/deposits');
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9-]{8,100}$/);
    const form = post.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('method')).toBe('BDO_BANK');
    expect(form.get('amount')).toBe('1500.50');
    expect(form.get('reference')).toBe('BDO-REF-7788');
    expect((form.get('receipt') as File).name).toBe('receipt.png');
    const card = await screen.findByTestId('deposit-pending');
    expect(card).toHaveTextContent('PHP 1,500.50');
    expect(screen.getByTestId('deposit-pending-order')).toHaveTextContent('D20261122000007');
    expect(api.to('POST /wps/cashier/deposits')).toHaveLength(1);
  });

  test('a lost answer keeps the key for the user retry; a server verdict on the amount shows at the field', async () => {
    let n = 0;
    const keys: string[] = [];
    const api = stub({
      'POST /wps/cashier/deposits': (c: Call) => {
        keys.push(c.headers.get('Idempotency-Key')!);
        n++;
        if (n === 1) return Promise.reject(new TypeError('Failed to fetch')) as never;
        return { status: 400, code: 'money.below_min' };
      },
    });
    renderPage(<DepositPage />);
    fireEvent.click(await screen.findByTestId('deposit-method-GCASH'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('deposit-error')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(api.to('POST /wps/cashier/deposits')).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    // money.* codes belong to the amount field.
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByTestId('deposit-error')).not.toBeInTheDocument();
  });

  test('online deposit sends the browser to the payment page', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const api = stub({
      'POST /wps/cashier/deposits': { value: deposit({ type: 'ONLINE', method: 'GCASH', status: 'PENDING_PAYMENT', payUrl: '/sandbox/pay/abc' }) },
    });
    renderPage(<DepositPage />);
    fireEvent.click(await screen.findByTestId('deposit-method-GCASH'));
    fireEvent.click(screen.getAllByTestId('amount-chip')[0]);
    expect(screen.getByLabelText('Amount')).toHaveValue('100');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/sandbox/pay/abc'));
    const [post] = api.to('POST /wps/cashier/deposits');
    expect(post.body).toEqual({ method: 'GCASH', amount: '100' });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByTestId('deposit-submit')).toBeDisabled();
  });

  test('from the agent centre, the payment page is asked to come back there', async () => {
    vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const api = stub({
      'POST /wps/cashier/deposits': { value: deposit({ type: 'ONLINE', method: 'GCASH', status: 'PENDING_PAYMENT', payUrl: '/sandbox/pay/abc' }) },
    });
    renderPage(<DepositPage returnTo="agent" />);
    fireEvent.click(await screen.findByTestId('deposit-method-GCASH'));
    fireEvent.click(screen.getAllByTestId('amount-chip')[0]);
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(api.to('POST /wps/cashier/deposits')).toHaveLength(1));
    expect(api.to('POST /wps/cashier/deposits')[0].body).toEqual({ method: 'GCASH', amount: '100', return: 'agent' });
  });

  test('a deposit refused by a deposit limit stays on the page with the limit notice, no payment page', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const api = stub({
      'POST /wps/cashier/deposits': { status: 403, code: 'rg.deposit_limit' },
      'GET /wps/rg/settings': { value: { currency: 'PHP', maxAmount: 100000000, limits: [], realityCheck: { minutes: null }, block: null, restricted: false } },
    });
    renderPage(<DepositPage />);
    fireEvent.click(await screen.findByTestId('deposit-method-GCASH'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByTestId('rg-deposit-limit')).toBeInTheDocument();
    expect(api.to('POST /wps/cashier/deposits')).toHaveLength(1);
    expect(go).not.toHaveBeenCalled();
    expect(screen.queryByTestId('deposit-error')).toBeNull();
  });

  test('back from the payment page: the order is polled until credited', async () => {
    let status = 'PENDING_PAYMENT';
    stub({
      'GET /wps/cashier/deposits': () => ({ value: { ...empty, list: [deposit({ orderNo: 'D1', type: 'ONLINE', method: 'GCASH', status })], total: 1 } }),
    });
    renderPage(<DepositPage />, '/member/depositv2?order=D1');
    const card = await screen.findByTestId('deposit-order');
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'PENDING_PAYMENT'));
    expect(card).toHaveTextContent('Waiting for the payment provider');
    status = 'CREDITED';
    await waitFor(() => expect(screen.getByTestId('deposit-order')).toHaveAttribute('data-status', 'CREDITED'), { timeout: 4000 });
    expect(screen.getByTestId('deposit-order')).toHaveTextContent('PHP 1,500.50 was credited to your balance.');
    fireEvent.click(screen.getByTestId('deposit-order-close'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/member\/depositv2$/));
  });

  test('recent deposits show status chips', async () => {
    stub({
      'GET /wps/cashier/deposits': { value: { ...empty, total: 2, list: [deposit(), deposit({ id: 8, orderNo: 'D8', status: 'REJECTED', rejectReason: 'Receipt unreadable' })] } },
    });
    renderPage(<DepositPage />);
    const rows = await screen.findAllByTestId('deposit-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('deposit-row-status')).toHaveTextContent('Under review');
    expect(within(rows[1]).getByTestId('deposit-row-status')).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('Reason: Receipt unreadable');
    expect(rows[0]).toHaveTextContent('BDO bank transfer');
  });
});
