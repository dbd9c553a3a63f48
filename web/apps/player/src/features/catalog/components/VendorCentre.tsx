import { useTranslation } from 'react-i18next';
import type { CategoryCode } from '@/lib/paths';
import { categoryVendors, useCategories } from '../hooks/useCategories';
import { CentreHero } from './CentreHero';
import { VendorGrid } from './Grids';
import { CatalogEmpty, CatalogError } from './States';

/** Vendor-list centre (/sports, /esports, /lott, /elott, /cockfight). */
export function VendorCentre({ code }: { code: CategoryCode }) {
  const { t } = useTranslation('catalog');
  const { categories, isPending, isError, refetch } = useCategories();
  const vendors = categoryVendors(categories, code);
  return (
    <section className="cat-centre" aria-labelledby="cat-centre-title">
      <CentreHero code={code} />
      {isError ? (
        <CatalogError onRetry={() => refetch()} />
      ) : !isPending && vendors.length === 0 ? (
        <CatalogEmpty title={t('emptyVendors.title')} body={t('emptyVendors.body')} />
      ) : (
        <VendorGrid vendors={vendors} loading={isPending} skeletons={4} large />
      )}
    </section>
  );
}
