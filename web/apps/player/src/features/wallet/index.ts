// The wallet feature: the member's balance (GET /wps/v2/wallets/balance) kept
// live by socket 'balance' events, and its display. Members only: reached
// through the lazily loaded member menu, never from the entry chunk.
export { BalanceDisplay } from './components/BalanceDisplay';
export type { BalanceDisplayProps } from './components/BalanceDisplay';
export { balanceQuery, applyBalanceEvent } from './api/balance';
export type { Balance, BalanceEvent } from './api/balance';
export { formatBalance, HIDDEN_AMOUNT } from './api/format';
export { useBalance, REFRESH_THROTTLE_MS } from './hooks/useBalance';
export { useBalanceHidden, setBalanceHidden, BALANCE_HIDDEN_KEY } from './hooks/hidden';
export { isGamePagePath } from './gamePages';
