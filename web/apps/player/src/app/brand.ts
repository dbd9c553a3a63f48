import { useQuery } from '@tanstack/react-query';
import { statusQuery, type BrandInfo } from '@/features/system/api/status';

/** Brand configuration; boot fetched the status before the first render, so it is always there. */
export function useBrandInfo(): BrandInfo {
  const q = useQuery(statusQuery());
  return q.data!.info;
}
