import { GamesScreen } from '@/features/games';
import { useOperator } from '../layout/operator';

export default function GamesRoute() {
  const op = useOperator();
  return <GamesScreen canWrite={op.permissions.includes('games.write')} />;
}
