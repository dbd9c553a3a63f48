import { describe, expect, test } from 'vitest';
import { pageReferralCode } from './api';

describe('pageReferralCode', () => {
  test('reads the referral link\'s code of the page the provider sent the browser back to', () => {
    expect(pageReferralCode('?referralCode=AB23CD45')).toBe('AB23CD45');
    expect(pageReferralCode('?ref=%20XY23ZW45%20')).toBe('XY23ZW45');
    expect(pageReferralCode('?affiliateCode=AGENT01')).toBe('');
    expect(pageReferralCode('')).toBe('');
    expect(pageReferralCode(`?referralCode=${'A'.repeat(40)}`)).toHaveLength(32);
  });
});
