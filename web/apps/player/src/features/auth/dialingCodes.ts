// Country dialing codes offered beside a mobile number. The brand has no
// country list (spec section 3 names one; the server accepts any 1-4 digit
// code), so these are the markets of the complete languages, the brand's
// home (PH, +63, the server's default) first. Names come from
// Intl.DisplayNames in the user's language.
export type DialingCode = { countryCode: string; countryDialingCode: string };

export const DEFAULT_DIALING_CODE = '63';

export const DIALING_CODES: DialingCode[] = [
  { countryCode: 'PH', countryDialingCode: '63' },
  { countryCode: 'VN', countryDialingCode: '84' },
  { countryCode: 'TH', countryDialingCode: '66' },
  { countryCode: 'ID', countryDialingCode: '62' },
  { countryCode: 'MY', countryDialingCode: '60' },
  { countryCode: 'SG', countryDialingCode: '65' },
  { countryCode: 'CN', countryDialingCode: '86' },
  { countryCode: 'HK', countryDialingCode: '852' },
  { countryCode: 'TW', countryDialingCode: '886' },
  { countryCode: 'JP', countryDialingCode: '81' },
  { countryCode: 'KR', countryDialingCode: '82' },
  { countryCode: 'IN', countryDialingCode: '91' },
  { countryCode: 'AE', countryDialingCode: '971' },
  { countryCode: 'SA', countryDialingCode: '966' },
  { countryCode: 'RU', countryDialingCode: '7' },
  { countryCode: 'FR', countryDialingCode: '33' },
  { countryCode: 'ES', countryDialingCode: '34' },
  { countryCode: 'BR', countryDialingCode: '55' },
  { countryCode: 'PT', countryDialingCode: '351' },
  { countryCode: 'GB', countryDialingCode: '44' },
];

export function countryName(countryCode: string, bcp47: string): string {
  try {
    return new Intl.DisplayNames([bcp47, 'en'], { type: 'region' }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}
