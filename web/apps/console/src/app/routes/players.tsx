import { PlayerSearch } from '@/features/players';
import { playerPath } from '@/lib/paths';

export default function PlayersRoute() {
  return <PlayerSearch playerPath={playerPath} />;
}
