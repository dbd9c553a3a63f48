// Public surface of the catalogue feature, for routes (the category centres: centres.ts).
import './catalog.css';
export { CatalogEnvProvider, type CatalogBrand } from './env';
export { CategoryTiles, GameSection, VendorSection, AccountSections } from './components/HomeSections';
export { WinnerBoards } from './components/WinnerBoards';
export { GameTile } from './components/GameTile';
export { VendorTile } from './components/VendorTile';
export { useCategories } from './hooks/useCategories';
export { useLanguage } from './hooks/useLanguage';
