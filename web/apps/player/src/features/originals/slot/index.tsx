// Palaro Parol Spins (route /originals/slot, its own lazy chunk): the game
// for the frame's registry, and the replay for the recall page.
import type { ReplayProps } from '../shell';
import { SlotGame } from './SlotGame';
import { SlotReplay } from './Replay';

export default function SlotGameEntry() {
  return <SlotGame />;
}

export function Replay({ round }: ReplayProps) {
  return <SlotReplay round={round} />;
}
