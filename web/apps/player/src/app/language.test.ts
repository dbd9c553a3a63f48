import { QueryClient } from '@tanstack/react-query';
import { createI18n, HIS_LANG_KEY, LANG_KEY } from '@palaro/i18n';
import { getApiLanguage } from '@/lib/api';
import { selectableLanguages, startLanguage, switchLanguage } from './language';

beforeEach(() => localStorage.clear());

describe('language storage', () => {
  test('first visit stores the brand default as lang and hisLang', () => {
    expect(startLanguage(['TY', 'EN'], 'TY')).toBe('TY');
    expect(localStorage.getItem(LANG_KEY)).toBe('TY');
    expect(localStorage.getItem(HIS_LANG_KEY)).toBe('TY');
  });
  test('a stored language the storefront offers is kept', () => {
    localStorage.setItem(LANG_KEY, 'EN');
    localStorage.setItem(HIS_LANG_KEY, 'TY');
    expect(startLanguage(['TY', 'EN'], 'TY')).toBe('EN');
    expect(localStorage.getItem(HIS_LANG_KEY)).toBe('TY');
  });
  test('garbage in storage falls back to the brand default', () => {
    localStorage.setItem(LANG_KEY, 'XX');
    expect(startLanguage(['TY', 'EN'], 'TY')).toBe('TY');
  });
  test('switching remembers the previous language, sets dir and the API language, reloads content', async () => {
    startLanguage(['TY', 'EN'], 'TY');
    const i18n = await createI18n('TY', ['common']);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['catalog', 'menus'], []);
    queryClient.setQueryData(['system', 'status'], {});
    await switchLanguage('EN', { i18n, queryClient });
    expect(localStorage.getItem(LANG_KEY)).toBe('EN');
    expect(localStorage.getItem(HIS_LANG_KEY)).toBe('TY');
    expect(getApiLanguage()).toBe('EN');
    expect(queryClient.getQueryState(['catalog', 'menus'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['system', 'status'])?.isInvalidated).toBe(false);
    await switchLanguage('AR', { i18n, queryClient });
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(HIS_LANG_KEY)).toBe('EN');
    await switchLanguage('TY', { i18n, queryClient });
    expect(document.documentElement.dir).toBe('ltr');
  });
});

test('the selector lists brand languages first, then the rest by native name', () => {
  const list = selectableLanguages(['TY', 'EN']);
  expect(list.slice(0, 2).map((l) => l.code)).toEqual(['TY', 'EN']);
  expect(list.length).toBeGreaterThanOrEqual(40);
  const rest = list.slice(2).map((l) => l.native);
  expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
});
