export { BrandSettings } from './components/BrandSettings';
