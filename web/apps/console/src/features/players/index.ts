// Players: the search and the player page (issue 30, part 4).
export { PlayerSearch } from './components/PlayerSearch';
export { PlayerPage, type ExtraTab } from './components/PlayerPage';
