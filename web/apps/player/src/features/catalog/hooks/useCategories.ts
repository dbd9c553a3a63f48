import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CategoryCode } from '@/lib/paths';
import { vendorLanesQuery } from '../api/catalog';
import { useCatalogEnv } from '../env';
import { reshapeLanes } from '../reshape';
import type { Category } from '../types';
import { useLanguage } from './useLanguage';

/** Storefront categories: vendor lanes after reshaping (spec section 4). */
export function useCategories() {
  const language = useLanguage();
  const { brand } = useCatalogEnv();
  const lanes = useQuery(vendorLanesQuery(language));
  // Reshaping needs the brand's vendor lists, so categories wait for both.
  const categories = useMemo(() => (brand && lanes.data ? reshapeLanes(lanes.data.lanes, brand) : []), [lanes.data, brand]);
  return { ...lanes, isPending: lanes.isPending || !brand, categories };
}

/** BGS and INHOUSE are one storefront centre (/bgs and /inHouse). */
export function categoryVendors(categories: Category[], code: CategoryCode): Category['vendors'] {
  const codes: CategoryCode[] = code === 'BGS' || code === 'INHOUSE' ? ['INHOUSE', 'BGS'] : [code];
  const out: Category['vendors'] = [];
  for (const c of categories) {
    if (!codes.includes(c.code)) continue;
    for (const v of c.vendors) if (!out.some((o) => o.vassalage === v.vassalage)) out.push(v);
  }
  return out;
}
