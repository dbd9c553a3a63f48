import { describe, expect, it } from 'vitest';
import { applySchema, fileProblem, MAX_IMAGE_BYTES } from './schema';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('application form rules (spec section 5)', () => {
  it('names what is wrong with a file', () => {
    expect(fileProblem(file('a.png', 'image/png', 10))).toBeUndefined();
    expect(fileProblem(file('a.jpg', 'image/jpeg', MAX_IMAGE_BYTES))).toBeUndefined();
    expect(fileProblem(file('a.gif', 'image/gif', 10))).toBe('type');
    expect(fileProblem(file('a.png', 'image/png', MAX_IMAGE_BYTES + 1))).toBe('size');
  });
  it('checks the remark length and the image count', () => {
    const ok = file('a.png', 'image/png', 10);
    expect(applySchema.safeParse({ remark: 'x'.repeat(140), images: [ok, ok, ok] }).success).toBe(true);
    const long = applySchema.safeParse({ remark: 'x'.repeat(141), images: [] });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe('remarkTooLong');
    expect(applySchema.safeParse({ remark: '   ', images: [] }).error?.issues[0].message).toBe('remarkRequired');
    expect(applySchema.safeParse({ remark: 'hi', images: [ok, ok, ok, ok] }).error?.issues[0].message).toBe('tooMany');
  });
});
