// Jeepney Crash (route /originals/crash, its own lazy chunk): the game for
// the frame's registry, and the replay for the recall page.
import type { ReplayProps } from '../shell';
import { CrashGame } from './CrashGame';
import { CrashReplay } from './Replay';

export default function CrashGameEntry() {
  return <CrashGame />;
}

export function Replay({ round }: ReplayProps) {
  return <CrashReplay round={round} />;
}
