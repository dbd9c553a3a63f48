import { Play, Wrench } from 'lucide-react';
import { memo, useState } from 'react';
import { LazyImg } from '@/components/ui/LazyImg';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/lib/cdn';
import { useUiActions } from '@/lib/ui-actions';
import { Button } from '@/components/ui/Button';
import { useCatalogEnv } from '../env';
import type { VendorCard } from '../types';

/** Vendor tile (spec section 2): large icon, name, play-now (hidden for the RNG type). */
export const VendorTile = memo(function VendorTile({ vendor, eager }: { vendor: VendorCard; eager?: boolean }) {
  const { t } = useTranslation('catalog');
  const { launch } = useUiActions();
  const { imageBase } = useCatalogEnv();
  const [failed, setFailed] = useState(false);
  const src = cdnUrl(imageBase, vendor.lagerIcon);
  const canPlay = vendor.gameType !== 'RNG' && !vendor.maintenance;
  const start = () =>
    launch({ vassalage: vendor.vassalage, gameType: vendor.gameType, isGame: vendor.isGame, launchMode: vendor.launchMode, name: vendor.displayName });

  return (
    <article className="cat-vendor" data-maintenance={vendor.maintenance || undefined}>
      <div className="cat-vendor__art">
        {src && !failed ? (
          <LazyImg src={src} alt="" width={320} height={200} eager={eager} decoding="async" onError={() => setFailed(true)} />
        ) : (
          <span className="cat-vendor__mark" aria-hidden="true">
            {vendor.vassalage}
          </span>
        )}
        {vendor.isNew === 1 && <span className="cat-badge cat-badge--new">{t('badge.new')}</span>}
        {vendor.maintenance && (
          <div className="cat-tile__maint" role="status">
            <Wrench size={20} aria-hidden="true" />
            <span>{t('maintenance')}</span>
          </div>
        )}
      </div>
      <div className="cat-vendor__body">
        <h3 className="cat-vendor__name" title={vendor.displayName}>
          {vendor.displayName}
        </h3>
        {canPlay && (
          <Button
            size="sm"
            className="cat-vendor__play"
            onClick={start}
            aria-label={t('playGame', { name: vendor.displayName })}
            icon={<Play size={14} fill="currentColor" aria-hidden="true" />}
          >
            {t('playNow')}
          </Button>
        )}
      </div>
    </article>
  );
});
