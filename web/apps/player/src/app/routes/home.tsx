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
import { BannerCarousel, bannersOf, NoticeMarquee, NoticeMarqueeSkeleton, useAnnouncements } from '@/features/content';
import { firstBase } from '@/lib/cdn';
import { useAfterFirstPaint } from '@/lib/motion';
import { useSessionState } from '@/lib/ui-actions';
import './pages.css';

export default function HomeRoute() {
  const info = useSystemStatus().data?.info;
  const language = useLanguage();
  const { loggedIn } = useSessionState();
  const announcements = useAnnouncements(language, loggedIn ? 'A' : 'B');
  // Banners are above the fold: the first CDN, so index.html can preload the first one.
  const bannerBase = firstBase(info?.imageCDNs);
  const data = announcements.data;
  // The category sections are below the fold: they render right after the first paint.
  const below = useAfterFirstPaint();

  return (
    <CatalogEnvProvider brand={info}>
      <div className="page page--home">
        {announcements.isPending ? (
          <>
            <div className="cnt-carousel cnt-carousel--skel skeleton" aria-hidden="true" />
            <NoticeMarqueeSkeleton />
          </>
        ) : (
          <>
            <BannerCarousel banners={bannersOf(data, 'w_home')} imageBase={bannerBase} />
            <NoticeMarquee headlines={data?.headline ?? []} notices={data?.player ?? []} />
          </>
        )}
        <CategoryTiles />
        <WinnerBoards />
        {below && (
          <>
            {loggedIn && <AccountSections />}
            <GameSection code="RNG" />
            <GameSection code="LIVE" />
            <GameSection code="FISH" />
            <GameSection code="PVP" />
            <div className="page__pair">
              <VendorSection code="SPORTS" />
              <VendorSection code="ELOTT" />
            </div>
          </>
        )}
      </div>
    </CatalogEnvProvider>
  );
}
