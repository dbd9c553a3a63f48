// /member/responsibleGaming (issue 29 part 4): the player's limits, reality
// checks, time-out, self-exclusion and their history (features/rg).
import { ResponsibleGaming } from '@/features/rg';

export default function ResponsibleGamingPage() {
  return <ResponsibleGaming />;
}
