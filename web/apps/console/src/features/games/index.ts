export { GamesScreen } from './components/GamesScreen';
