// The originals game frame's public parts, for the games (dice, plinko,
// mines, and WEB2's slot and crash).
export { GameFrame, type GameFrameProps, type FrameBalance } from './GameFrame';
export { useGameShell, GameShellContext, type GameShell } from './context';
export { BetInput, betProblem } from './BetInput';
export { GameLayout, Stat } from './GameLayout';
export { playEffect, readMuted, writeMuted, type Effect } from './sound';
export { parseAmount, amountText, adjustBet, clampBet, formatMultiplier, payout } from './money';
export { originalsError } from './errors';
export { useBetAction } from './useBetAction';
export type { ReplayProps } from './registry';
export { default as layoutStyles } from './Layout.module.css';
