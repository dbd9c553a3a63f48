// Betting record and personal profit and loss (personal centre).
export { BettingRecord } from './components/BettingRecord';
export { ProfitLoss } from './components/ProfitLoss';
export type { MoneyFormat } from './components/BettingRecord';
