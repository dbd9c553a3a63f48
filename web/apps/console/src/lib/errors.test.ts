import { ApiError } from '@palaro/api';
import { testI18n } from '@/test/harness';
import { errorText } from './errors';

describe('errorText', () => {
  const i18n = testI18n();
  i18n.addResourceBundle('EN', 'console-a', { errors: { x: { same_code: 'Said by screen A' } } });
  i18n.addResourceBundle('EN', 'console-b', { errors: { x: { same_code: 'Said by screen B' } } });
  const err = (code: string) => new ApiError(code, code, 409);

  it("prefers the caller's namespace when two screens word one code", () => {
    expect(errorText(i18n.getFixedT('EN', 'console-b'), err('x.same_code'))).toBe('Said by screen B');
    expect(errorText(i18n.getFixedT('EN', 'console-a'), err('x.same_code'))).toBe('Said by screen A');
  });

  it("falls back to the server's message, then a generic line", () => {
    expect(errorText(i18n.getFixedT('EN', 'console'), new ApiError('x.unknown_code', 'Server words', 400))).toBe('Server words');
    expect(errorText(i18n.getFixedT('EN', 'console'), new Error('x.unknown_code'))).not.toBe('');
  });
});
