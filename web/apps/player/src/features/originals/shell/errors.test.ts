import i18next from 'i18next';
import enErrors from '@palaro/i18n/locales/EN/errors.json';
import enOriginals from '@palaro/i18n/locales/EN/originals.json';
import tyOriginals from '@palaro/i18n/locales/TY/originals.json';
import { ApiError } from '@/lib/api';
import { originalsError } from './errors';

function t(lng: string) {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    resources: { EN: { errors: enErrors, originals: enOriginals }, TY: { errors: enErrors, originals: tyOriginals } },
    interpolation: { escapeValue: false },
    initAsync: false,
  } as Parameters<typeof i18n.init>[0]);
  return i18n.t.bind(i18n);
}

test('a bet refused by a responsible-gaming limit or block shows translated, not the server text', () => {
  const limit = new ApiError('inhouse.limit_reached', 'server text', 403);
  const blocked = new ApiError('inhouse.player_blocked', 'server text', 403);
  expect(originalsError(t('EN') as never, limit)).toBe('This bet would go over one of your limits (responsible gaming).');
  expect(originalsError(t('EN') as never, blocked)).toBe('Your account cannot play right now (time-out or self-exclusion).');
  expect(originalsError(t('TY') as never, limit)).toMatch(/hangganan/);
});
