// Public surface of the catalogue's category centres, for the centre route.
// Apart from index.ts so the home route's chunk does not carry them.
import './catalog.css';
export { GameCentre } from './components/GameCentre';
export { VendorCentre } from './components/VendorCentre';
