import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BOOT_NAMESPACES, bootLocaleKeys, createI18n } from './index';

const root = join(__dirname, '..', 'locales');

test('the entry chunk lists exactly the boot namespaces of every language (the glob pattern is a literal)', () => {
  const want: string[] = [];
  for (const lang of readdirSync(root)) {
    for (const ns of BOOT_NAMESPACES) if (existsSync(join(root, lang, `${ns}.json`))) want.push(`../locales/${lang}/${ns}.json`);
  }
  expect(bootLocaleKeys().sort()).toEqual(want.sort());
});

test('lazy namespaces still load, through the lazily imported list', async () => {
  const i18n = await createI18n('EN', ['common']);
  await i18n.loadNamespaces(['wallet', 'member']);
  expect(i18n.t('wallet:transfer.main')).toBe('Main wallet');
  expect(i18n.hasResourceBundle('EN', 'member')).toBe(true);
  // A language without the file falls back to EN.
  const de = await createI18n('DE', ['common']);
  await de.loadNamespaces('wallet');
  expect(de.t('wallet:transfer.main')).toBe('Main wallet');
});
