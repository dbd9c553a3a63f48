// Game centres: vendor-list centres (/sports, /esports, /lott, /elott,
// /cockfight) and game-list centres (/live, /fish, /rng, /pvp, /bgs, /inHouse).
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClassName, EmptyState } from '@/components/ui';
import { useSystemStatus } from '@/features/system/api/status';
import { CatalogEnvProvider } from '@/features/catalog';
import { GameCentre, VendorCentre } from '@/features/catalog/centres';
import { pathCategory, paths, vendorListCategories, type CategoryCode } from '@/lib/paths';
import './pages.css';

export function centreCategory(pathname: string): CategoryCode | undefined {
  return pathCategory[pathname.toLowerCase().replace(/\/+$/, '')];
}

export default function CentreRoute() {
  const { t } = useTranslation('catalog');
  const { pathname } = useLocation();
  const info = useSystemStatus().data?.info;
  const code = centreCategory(pathname);

  return (
    <CatalogEnvProvider brand={info}>
      <div className="page page--centre">
        {!code ? (
          <EmptyState
            title={t('notFound')}
            action={
              <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={paths.home}>
                {t('category.HOME')}
              </Link>
            }
          />
        ) : vendorListCategories.includes(code) ? (
          <VendorCentre key={code} code={code} />
        ) : (
          <GameCentre key={code} code={code} />
        )}
      </div>
    </CatalogEnvProvider>
  );
}
