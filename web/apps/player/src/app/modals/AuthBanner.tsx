import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { announcementsQuery, bannersOf } from '@/features/content/api/announcements';
import { cdnUrl, pickBase } from '@/lib/cdn';
import { useSessionState } from '@/lib/ui-actions';
import { useBrandInfo } from '../brand';
import s from './forms.module.css';
import { BrandLogo } from '@/components/ui/BrandLogo';

/** The banner group shown at the top of the login and register popups (w_login). */
export function AuthBanner({ group = 'w_login' }: { group?: string }) {
  const { i18n } = useTranslation();
  const info = useBrandInfo();
  const { loggedIn } = useSessionState();
  const q = useQuery(announcementsQuery((i18n.language || 'TY').toUpperCase(), loggedIn ? 'A' : 'B'));
  const banner = bannersOf(q.data, group)[0];
  return (
    <div className={s.banner} data-testid="auth-banner">
      {banner ? (
        <img src={cdnUrl(pickBase('image', info.imageCDNs), banner.url)} alt={banner.title} width={520} height={180} />
      ) : (
        info.theme?.logoUrl && <BrandLogo className={s.bannerLogo} theme={info.theme} alt={info.brandName} height={40} />
      )}
    </div>
  );
}
