import { headerCategories, headerItemAction, prizeMode, reshapeLanes } from './reshape';
import type { Lane, VendorCard } from './types';

const card = (vassalage: string, gameType: string, sort = 1): VendorCard => ({
  vassalage, gameType, displayName: vassalage, lagerIcon: '', isGame: '', launchMode: 'iframe', isNew: 0, maintenance: false, sort, gameCount: 1,
});
const cfg = { esportsVendors: ['IMES'], cockfightVendors: ['CF1'], rngExcludedVendors: ['BGS'] };

test('SPORTS splits into SPORTS, ESPORTS, COCKFIGHT in that order', () => {
  const lanes: Lane[] = [
    { title: 'LIVE', cards: [card('DGL', 'LIVE')], gameClassify: [] },
    { title: 'SPORTS', cards: [card('IMES', 'SPORTS'), card('PSB', 'SPORTS'), card('CF1', 'SPORTS')], gameClassify: [] },
    { title: 'FISH', cards: [card('JDB', 'FISH')], gameClassify: [] },
  ];
  const out = reshapeLanes(lanes, cfg);
  expect(out.map((c) => c.code)).toEqual(['LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'FISH']);
  expect(out[2].vendors[0]).toMatchObject({ vassalage: 'IMES', gameType: 'ESPORTS' });
});

test('RNG moves excluded vendors to INHOUSE right after RNG', () => {
  const out = reshapeLanes(
    [
      { title: 'RNG', cards: [card('PG', 'RNG', 2), card('BGS', 'RNG'), card('JL', 'RNG', 1)], gameClassify: [] },
      { title: 'PVP', cards: [card('KYQ', 'PVP')], gameClassify: [] },
    ],
    cfg,
  );
  expect(out.map((c) => c.code)).toEqual(['RNG', 'INHOUSE', 'PVP']);
  expect(out[0].vendors.map((v) => v.vassalage)).toEqual(['JL', 'PG']);
});

test('empty categories disappear and duplicates merge', () => {
  const out = reshapeLanes(
    [
      { title: 'SPORTS', cards: [card('IMES', 'SPORTS')], gameClassify: [] },
      { title: 'ESPORTS', cards: [card('IMES', 'ESPORTS'), card('EX2', 'ESPORTS')], gameClassify: [] },
      { title: 'NOPE', cards: [card('X', 'NOPE')], gameClassify: [] },
    ],
    cfg,
  );
  expect(out.map((c) => c.code)).toEqual(['ESPORTS']);
  expect(out[0].vendors.map((v) => v.vassalage)).toEqual(['IMES', 'EX2']);
});

test('header follows the spec order and action rules', () => {
  const cats = reshapeLanes(
    [
      { title: 'RNG', cards: [card('PG', 'RNG')], gameClassify: [] },
      { title: 'ELOTT', cards: [card('TCG_LOTTO_VN', 'ELOTT')], gameClassify: [] },
      { title: 'LOTT', cards: [card('TCG_SEA', 'LOTT'), card('L2', 'LOTT')], gameClassify: [] },
    ],
    cfg,
  );
  const h = headerCategories(cats);
  expect(h.map((c) => c.code)).toEqual(['ELOTT', 'LOTT', 'RNG']);
  expect(headerItemAction(h[0])).toBe('launch'); // single ELOTT vendor launches directly
  expect(headerItemAction(h[1])).toBe('navigate');
  expect(headerItemAction(h[2])).toBe('navigate'); // RNG always navigates even with one vendor
  expect(prizeMode(cats)).toBe('ELOTT');
  expect(prizeMode(cats.filter((c) => c.code !== 'ELOTT'))).toBe('LOTT');
});
