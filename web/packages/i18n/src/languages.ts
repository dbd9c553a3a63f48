// The interface languages Palaro knows (spec section 1: about 40), with native
// names. Codes follow the spec (CN, TY, ...). A brand lists which it supports.

export type LanguageInfo = { code: string; native: string; english: string; bcp47: string; dir: 'ltr' | 'rtl' };

export const LANGUAGES: LanguageInfo[] = [
  { code: 'TY', native: 'Tagalog', english: 'Tagalog', bcp47: 'fil', dir: 'ltr' },
  { code: 'EN', native: 'English', english: 'English', bcp47: 'en', dir: 'ltr' },
  { code: 'CN', native: '简体中文', english: 'Chinese (Simplified)', bcp47: 'zh-CN', dir: 'ltr' },
  { code: 'TW', native: '繁體中文', english: 'Chinese (Traditional)', bcp47: 'zh-TW', dir: 'ltr' },
  { code: 'JA', native: '日本語', english: 'Japanese', bcp47: 'ja', dir: 'ltr' },
  { code: 'KO', native: '한국어', english: 'Korean', bcp47: 'ko', dir: 'ltr' },
  { code: 'TH', native: 'ไทย', english: 'Thai', bcp47: 'th', dir: 'ltr' },
  { code: 'VI', native: 'Tiếng Việt', english: 'Vietnamese', bcp47: 'vi', dir: 'ltr' },
  { code: 'ID', native: 'Bahasa Indonesia', english: 'Indonesian', bcp47: 'id', dir: 'ltr' },
  { code: 'MS', native: 'Bahasa Melayu', english: 'Malay', bcp47: 'ms', dir: 'ltr' },
  { code: 'KM', native: 'ខ្មែរ', english: 'Khmer', bcp47: 'km', dir: 'ltr' },
  { code: 'LO', native: 'ລາວ', english: 'Lao', bcp47: 'lo', dir: 'ltr' },
  { code: 'MY', native: 'မြန်မာ', english: 'Burmese', bcp47: 'my', dir: 'ltr' },
  { code: 'HI', native: 'हिन्दी', english: 'Hindi', bcp47: 'hi', dir: 'ltr' },
  { code: 'BN', native: 'বাংলা', english: 'Bengali', bcp47: 'bn', dir: 'ltr' },
  { code: 'UR', native: 'اردو', english: 'Urdu', bcp47: 'ur', dir: 'rtl' },
  { code: 'TA', native: 'தமிழ்', english: 'Tamil', bcp47: 'ta', dir: 'ltr' },
  { code: 'NE', native: 'नेपाली', english: 'Nepali', bcp47: 'ne', dir: 'ltr' },
  { code: 'AR', native: 'العربية', english: 'Arabic', bcp47: 'ar', dir: 'rtl' },
  { code: 'FA', native: 'فارسی', english: 'Persian', bcp47: 'fa', dir: 'rtl' },
  { code: 'HE', native: 'עברית', english: 'Hebrew', bcp47: 'he', dir: 'rtl' },
  { code: 'TR', native: 'Türkçe', english: 'Turkish', bcp47: 'tr', dir: 'ltr' },
  { code: 'RU', native: 'Русский', english: 'Russian', bcp47: 'ru', dir: 'ltr' },
  { code: 'UK', native: 'Українська', english: 'Ukrainian', bcp47: 'uk', dir: 'ltr' },
  { code: 'PL', native: 'Polski', english: 'Polish', bcp47: 'pl', dir: 'ltr' },
  { code: 'CS', native: 'Čeština', english: 'Czech', bcp47: 'cs', dir: 'ltr' },
  { code: 'RO', native: 'Română', english: 'Romanian', bcp47: 'ro', dir: 'ltr' },
  { code: 'HU', native: 'Magyar', english: 'Hungarian', bcp47: 'hu', dir: 'ltr' },
  { code: 'EL', native: 'Ελληνικά', english: 'Greek', bcp47: 'el', dir: 'ltr' },
  { code: 'DE', native: 'Deutsch', english: 'German', bcp47: 'de', dir: 'ltr' },
  { code: 'FR', native: 'Français', english: 'French', bcp47: 'fr', dir: 'ltr' },
  { code: 'ES', native: 'Español', english: 'Spanish', bcp47: 'es', dir: 'ltr' },
  { code: 'PT', native: 'Português', english: 'Portuguese', bcp47: 'pt', dir: 'ltr' },
  { code: 'IT', native: 'Italiano', english: 'Italian', bcp47: 'it', dir: 'ltr' },
  { code: 'NL', native: 'Nederlands', english: 'Dutch', bcp47: 'nl', dir: 'ltr' },
  { code: 'SV', native: 'Svenska', english: 'Swedish', bcp47: 'sv', dir: 'ltr' },
  { code: 'DA', native: 'Dansk', english: 'Danish', bcp47: 'da', dir: 'ltr' },
  { code: 'NO', native: 'Norsk', english: 'Norwegian', bcp47: 'nb', dir: 'ltr' },
  { code: 'FI', native: 'Suomi', english: 'Finnish', bcp47: 'fi', dir: 'ltr' },
  { code: 'SW', native: 'Kiswahili', english: 'Swahili', bcp47: 'sw', dir: 'ltr' },
];

/** Languages whose every string this release ships; a test fails on a missing key in these. */
export const COMPLETE_LANGUAGES = ['TY', 'EN', 'CN', 'JA', 'TH', 'VI', 'ES', 'PT', 'KO', 'AR', 'RU', 'FR'] as const;

export const DEFAULT_LANGUAGE = 'TY';
export const FALLBACK_LANGUAGE = 'EN';

export function languageInfo(code: string): LanguageInfo | undefined {
  const c = code.toUpperCase();
  return LANGUAGES.find((l) => l.code === c);
}

/** Namespaces: one per area of the UI, each a JSON file per language under locales/<LANG>/. */
export const NAMESPACES = ['common', 'layout', 'catalog', 'content', 'system', 'errors', 'auth', 'member', 'agent', 'cashier', 'wallet', 'games', 'records', 'slotcrash', 'originals', 'rg', 'affiliate', 'rewards', 'vip', 'missions', 'referral', 'points', 'promotions'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/**
 * The operator console's namespaces (console.ts): the shell's own and one per
 * screen, all loaded at sign-in (they are small); the same completeness and
 * Tagalog tests cover them.
 */
export const CONSOLE_NAMESPACES = [
  'console',
  'console-players',
  'console-cashier',
  'console-reports',
  'console-brand',
  'console-games',
  'console-content',
  'console-feedback',
  'console-agents',
  'console-affiliates',
  'console-rewards',
  'console-vip',
  'console-missions',
  'console-referral',
  'console-points',
  'console-promotions',
  'console-operators',
] as const;
/**
 * Loaded before the first render. The rest (auth, member, agent) belong to
 * lazy modals and pages: those call useTranslation(ns, { useSuspense: true })
 * inside a Suspense boundary, so their strings arrive with their chunk.
 */
export const BOOT_NAMESPACES = ['common', 'layout', 'catalog', 'content', 'system', 'errors'] as const;
