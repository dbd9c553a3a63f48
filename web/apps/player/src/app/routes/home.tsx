// Home (spec section 2): banners, notice marquee, category tiles, winner
// boards, account lists for members, and the category sections.
import { useSystemStatus } from '@/features/system/api/status';
import {
  AccountSections,
  CatalogEnvProvider,
  CategoryTiles,
  GameSection,
  useLanguage,
  VendorSection,
  WinnerBoards,
} from '@/features/catalog';
import { BannerCarousel, bannersOf, NoticeMarquee, useAnnouncements } from '@/features/content';
import { pickBase } from '@/lib/cdn';
import { useSessionState } from '@/lib/ui-actions';
import './pages.css';

export default function HomeRoute() {
  const info = useSystemStatus().data?.info;
  const language = useLanguage();
  const { loggedIn } = useSessionState();
  const announcements = useAnnouncements(language, loggedIn ? 'A' : 'B');
  const imageBase = pickBase('image', info?.imageCDNs);
  const data = announcements.data;

  return (
    <CatalogEnvProvider brand={info}>
      <div className="page page--home">
        {announcements.isPending ? (
          <div className="cnt-carousel cnt-carousel--skel" aria-hidden="true" />
        ) : (
          <BannerCarousel banners={bannersOf(data, 'w_home')} imageBase={imageBase} />
        )}
        <NoticeMarquee headlines={data?.headline ?? []} notices={data?.player ?? []} />
        <CategoryTiles />
        <WinnerBoards />
        {loggedIn && <AccountSections />}
        <GameSection code="RNG" />
        <GameSection code="LIVE" />
        <GameSection code="FISH" />
        <GameSection code="PVP" />
        <div className="page__pair">
          <VendorSection code="SPORTS" />
          <VendorSection code="ELOTT" />
        </div>
      </div>
    </CatalogEnvProvider>
  );
}
