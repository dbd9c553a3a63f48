export { AffiliateList } from './components/AffiliateList';
export { AffiliateDetail } from './components/AffiliateDetail';
