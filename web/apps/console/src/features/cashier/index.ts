export { Cashier, type CashierProps } from './components/Cashier';
