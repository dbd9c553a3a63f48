import { BrandSettings } from '@/features/brand';
import { useOperator } from '../layout/operator';

export default function BrandRoute() {
  const op = useOperator();
  return <BrandSettings canWrite={op.permissions.includes('brand.write')} />;
}
