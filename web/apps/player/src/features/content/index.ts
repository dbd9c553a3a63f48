// Public surface of the content feature, for routes.
import './content.css';
export { BannerCarousel } from './components/BannerCarousel';
export { NoticeMarquee, NoticeMarqueeSkeleton } from './components/NoticeMarquee';
export { announcementsQuery, useAnnouncements, bannersOf, type Banner, type Promotion } from './api/announcements';
