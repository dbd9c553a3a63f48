import { useParams } from 'react-router';
import { AffiliateDetail } from '@/features/affiliates';
import { useOperator } from '../layout/operator';
import NotFound from './not-found';

export default function AffiliateItemRoute() {
  const { id } = useParams();
  const op = useOperator();
  const n = Number(id);
  if (!/^\d{1,18}$/.test(id ?? '') || n <= 0) return <NotFound />;
  return <AffiliateDetail key={n} id={n} canDecide={op.permissions.includes('agents.write')} />;
}
