import { useParams } from 'react-router';
import { PlayerPage } from '@/features/players';
import { paths, playerPath } from '@/lib/paths';
import { useOperator } from '../layout/operator';
import NotFound from './not-found';

export default function PlayerRoute() {
  const { id } = useParams();
  const op = useOperator();
  const n = Number(id);
  if (!/^\d{1,18}$/.test(id ?? '') || !n) return <NotFound />;
  return <PlayerPage key={n} id={n} permissions={op.permissions} playerPath={playerPath} searchPath={paths.players} />;
}
