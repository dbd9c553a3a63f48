// The cashier feature: deposits, withdrawals, payout accounts and the payment
// password (docs/api.md "Cashier"). Pages under app/routes/member compose it.
export * from './api/amount';
export * from './api/image';
export * from './api/quick';
export * from './api/deposit';
export * from './api/withdraw';
export { useSubmission, isUncertain, fileFingerprint } from './hooks/useSubmission';
export { Field, type FieldProps } from './components/Field';
export { AmountField } from './components/AmountField';
export { ImagePicker } from './components/ImagePicker';
export { StatusChip, toneOf, type Tone } from './components/StatusChip';
export { amountMessage, imageMessage, money } from './components/messages';
export { PaymentPasswordForm } from './components/PaymentPasswordForm';
export { PayoutAccountForm } from './components/PayoutAccountForm';
export { default as cashierStyles } from './components/cashier.module.css';
