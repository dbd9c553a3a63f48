import { AffiliateList } from '@/features/affiliates';

export default function AffiliatesRoute() {
  return <AffiliateList />;
}
