// Public surface of the catalogue feature, for routes.
import './catalog.css';
export { CatalogEnvProvider, type CatalogBrand } from './env';
export { GameCentre } from './components/GameCentre';
export { VendorCentre } from './components/VendorCentre';
export { CategoryTiles, GameSection, VendorSection, AccountSections } from './components/HomeSections';
export { WinnerBoards } from './components/WinnerBoards';
export { GameTile } from './components/GameTile';
export { VendorTile } from './components/VendorTile';
export { useCategories } from './hooks/useCategories';
export { useLanguage } from './hooks/useLanguage';
