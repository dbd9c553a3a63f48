// The slot's two money calls (docs/games/server.md): a base spin, and the
// next free spin of an OPEN round. Each carries its own Idempotency-Key and
// is never retried automatically.
import { postInhouse, type BetAnswer } from '../api';

export const spinSlot = (amount: number, key: string) => postInhouse<BetAnswer>('slot/spin', { amount }, key);

export const playFreeSpin = (roundId: number | string, key: string) => postInhouse<BetAnswer>('slot/free', { roundId }, key);
