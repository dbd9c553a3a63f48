import { launchRoute } from './launch';

test('lotteries open their pages with the game code (and the vendor for /lottery)', () => {
  expect(launchRoute({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT', gameCode: 'VN1' })).toEqual({ kind: 'page', to: '/vnLottery?gameCode=VN1' });
  expect(launchRoute({ vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: 'S 5' })).toEqual({ kind: 'page', to: '/seaLottery?gameCode=S%205' });
  expect(launchRoute({ vassalage: 'PLT', gameType: 'LOTT', gameCode: 'L642' })).toEqual({ kind: 'page', to: '/lottery?gameCode=L642&vendor=PLT&gameType=LOTT' });
  // The header's new-style launch of a lottery vendor (no game code) goes to the page too.
  expect(launchRoute({ vassalage: 'ELT', gameType: 'ELOTT', header: true })).toEqual({ kind: 'page', to: '/lottery?gameCode=&vendor=ELT&gameType=ELOTT' });
});

test('a VASSALAGE vendor lists its games; its games and new-style launches start directly', () => {
  expect(launchRoute({ vassalage: 'KYQ', gameType: 'PVP', isGame: 'VASSALAGE' })).toEqual({ kind: 'vendorGames', vassalage: 'KYQ' });
  expect(launchRoute({ vassalage: 'KYQ', gameType: 'PVP', isGame: 'VASSALAGE', gameCode: 'KYQ_1' })).toEqual({ kind: 'direct' });
  // From the header: a PVP vendor still lists its games; a SPORTS one (new-style) launches its lobby.
  expect(launchRoute({ vassalage: 'KYQ', gameType: 'PVP', isGame: 'VASSALAGE', header: true })).toEqual({ kind: 'vendorGames', vassalage: 'KYQ' });
  expect(launchRoute({ vassalage: 'XSB', gameType: 'SPORTS', isGame: 'VASSALAGE', header: true })).toEqual({ kind: 'direct' });
  expect(launchRoute({ vassalage: 'XSB', gameType: 'SPORTS', isGame: 'VASSALAGE' })).toEqual({ kind: 'vendorGames', vassalage: 'XSB' });
  expect(launchRoute({ vassalage: 'PG', gameType: 'RNG', gameCode: 'PG_1' })).toEqual({ kind: 'direct' });
  expect(launchRoute({ vassalage: 'PSB', gameType: 'SPORTS', header: true })).toEqual({ kind: 'direct' });
});
