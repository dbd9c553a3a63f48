import type { Category, VendorCard } from '@/features/catalog/types';
import { isSideMenuCollapsedPath } from '@/lib/paths';
import { dropdownFor, headerNav, launchStyle } from './nav';

const vendor = (code: string, gameType = 'RNG'): VendorCard => ({
  vassalage: code, gameType, displayName: code, lagerIcon: `/art/vendor/${code}.svg`, isGame: '', launchMode: 'iframe', isNew: 0, maintenance: false, sort: 1, gameCount: 1,
});
const cat = (code: Category['code'], n: number): Category => ({ code, vendors: Array.from({ length: n }, (_, i) => vendor(`${code}${i}`, code)) });

test('header order: Home, categories in spec order, Promotions', () => {
  const nav = headerNav([cat('RNG', 3), cat('SPORTS', 2), cat('ELOTT', 2), cat('ESPORTS', 1), cat('LIVE', 2)]);
  expect(nav.map((i) => i.key)).toEqual(['HOME', 'ELOTT', 'LIVE', 'SPORTS', 'RNG', 'PROMOTIONS']);
});

test('a single-vendor category launches its vendor unless it always navigates', () => {
  const nav = headerNav([cat('LOTT', 1), cat('ELOTT', 1), cat('FISH', 1), cat('RNG', 1), cat('SPORTS', 1), cat('LIVE', 1), cat('PVP', 1), cat('BGS', 2)]);
  const action = Object.fromEntries(nav.flatMap((i) => (i.kind === 'category' ? [[i.key, i.action]] : [])));
  expect(action).toEqual({ ELOTT: 'launch', BGS: 'navigate', LOTT: 'launch', LIVE: 'navigate', SPORTS: 'navigate', FISH: 'navigate', RNG: 'navigate', PVP: 'navigate' });
});

test('drop-down: up to 11 vendors, a more tile when 11 are present', () => {
  expect(dropdownFor(cat('RNG', 10).vendors)).toMatchObject({ more: false });
  expect(dropdownFor(cat('RNG', 10).vendors).tiles).toHaveLength(10);
  expect(dropdownFor(cat('RNG', 11).vendors)).toMatchObject({ more: true });
  expect(dropdownFor(cat('RNG', 11).vendors).tiles).toHaveLength(11);
  expect(dropdownFor(cat('RNG', 15).vendors).tiles).toHaveLength(11);
});

test('launch style: new-style for lottery and sports families', () => {
  expect(['ELOTT', 'LOTT', 'SPORTS', 'ESPORTS', 'COCKFIGHT'].map((c) => launchStyle(c as never))).toEqual(['new', 'new', 'new', 'new', 'new']);
  expect(launchStyle('RNG')).toBe('vendor');
});

test('side menu collapses on seamless and lottery pages', () => {
  expect(isSideMenuCollapsedPath('/seamless')).toBe(true);
  expect(isSideMenuCollapsedPath('/vnLottery')).toBe(true);
  expect(isSideMenuCollapsedPath('/seaLottery?gameCode=X')).toBe(true);
  expect(isSideMenuCollapsedPath('/lottert')).toBe(true);
  expect(isSideMenuCollapsedPath('/')).toBe(false);
  expect(isSideMenuCollapsedPath('/rng')).toBe(false);
  expect(isSideMenuCollapsedPath('/lott')).toBe(false);
});
