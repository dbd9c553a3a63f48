import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { PaymentsSection } from './PaymentsSection';
import { renderPage, stubApi } from './cashier/testkit';

const ACCOUNT = { id: 4, type: 'EWALLET', bankCode: 'GCASH', bankName: 'GCash', accountName: 'Juan Dela Cruz', accountNumber: '*******4567', createdAt: 1 };

afterEach(() => vi.unstubAllGlobals());

test('payment password: changing it needs the current one', async () => {
  const api = stubApi({
    'GET /wps/member/payment-password': { value: { set: true, lockedUntil: 0 } },
    'GET /wps/member/payout-accounts': { value: { list: [ACCOUNT], max: 5 } },
    'PUT /wps/member/payment-password': { value: { set: true, lockedUntil: 0 } },
  });
  renderPage(<PaymentsSection />);
  await waitFor(() => expect(screen.getByTestId('member-item-payment-password-status')).toHaveTextContent('Set'));
  await waitFor(() => expect(screen.getByTestId('member-item-payout-accounts-status')).toHaveTextContent('1 of 5'));
  fireEvent.click(screen.getByTestId('member-payment-password'));
  const form = await screen.findByTestId('payment-password-form');
  fireEvent.change(within(form).getByLabelText('Current payment password'), { target: { value: '111111' } });
  fireEvent.change(within(form).getByLabelText('New payment password'), { target: { value: '222222' } });
  fireEvent.change(within(form).getByLabelText('Repeat new payment password'), { target: { value: '222222' } });
  fireEvent.click(within(form).getByTestId('pp-submit'));
  await waitFor(() => expect(api.to('PUT /wps/member/payment-password')).toHaveLength(1));
  expect(api.to('PUT /wps/member/payment-password')[0].body).toEqual({ oldPaymentPassword: '111111', newPaymentPassword: '222222', confirmPaymentPassword: '222222' });
  expect(await screen.findByTestId('member-payments-done')).toHaveTextContent('Your payment password was saved.');
});

test('payout accounts: removing one asks for the payment password; a wrong one is shown in the dialog', async () => {
  let n = 0;
  const api = stubApi({
    'GET /wps/member/payment-password': { value: { set: true, lockedUntil: 0 } },
    'GET /wps/member/payout-accounts': () => ({ value: { list: n > 1 ? [] : [ACCOUNT], max: 5 } }),
    'DELETE /wps/member/payout-accounts/4': () => (++n === 1 ? { status: 400, code: 'withdraw.wrong_payment_password' } : { value: { id: 4 } }),
  });
  renderPage(<PaymentsSection />);
  await waitFor(() => expect(screen.getByTestId('member-payout-accounts')).toBeEnabled());
  fireEvent.click(screen.getByTestId('member-payout-accounts'));
  expect(await screen.findByTestId('payout-account')).toHaveTextContent('GCash');
  fireEvent.click(screen.getByTestId('payout-account-remove'));
  const dialog = await screen.findByTestId('payout-account-remove-dialog');
  expect(dialog).toHaveTextContent('GCash · *******4567 will no longer receive withdrawals.');
  fireEvent.click(within(dialog).getByTestId('payout-account-remove-confirm'));
  expect(await within(dialog).findByText('The payment password has exactly 6 digits.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Payment password'), { target: { value: '123456' } });
  fireEvent.click(within(dialog).getByTestId('payout-account-remove-confirm'));
  await waitFor(() => expect(api.to('DELETE /wps/member/payout-accounts/4')).toHaveLength(1));
  // The answer is shown in the dialog, and only then is the button free again.
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment password is wrong.');
  await waitFor(() => expect(within(dialog).getByTestId('payout-account-remove-confirm')).toBeEnabled());
  fireEvent.click(within(dialog).getByTestId('payout-account-remove-confirm'));
  await waitFor(() => expect(api.to('DELETE /wps/member/payout-accounts/4')).toHaveLength(2));
  expect(api.to('DELETE /wps/member/payout-accounts/4')[1].body).toEqual({ paymentPassword: '123456' });
  expect(await screen.findByTestId('member-payments-done')).toHaveTextContent('The payout account was removed.');
  await waitFor(() => expect(screen.queryByTestId('payout-account')).not.toBeInTheDocument());
});
