// The application form's rules, as the server checks them (spec section 5,
// internal/promotions): a remark of 1 to 140 characters and up to 3 PNG or
// JPG images of at most 5 MB each. The server reads the type from the bytes;
// here the browser's type stands in, so a mislabelled file is refused there.
import { z } from '@/lib/zod';

export const MAX_REMARK = 140;
export const MAX_IMAGES = 3;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** Why a picked file cannot be attached, or undefined. */
export function fileProblem(f: File): 'type' | 'size' | undefined {
  if (!IMAGE_TYPES.includes(f.type)) return 'type';
  if (f.size > MAX_IMAGE_BYTES) return 'size';
  return undefined;
}

export const applySchema = z.object({
  remark: z
    .string()
    .trim()
    .min(1, { message: 'remarkRequired' })
    .max(MAX_REMARK, { message: 'remarkTooLong' }),
  images: z
    .array(z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File))
    .max(MAX_IMAGES, { message: 'tooMany' })
    .refine((fs) => fs.every((f) => fileProblem(f) !== 'type'), { message: 'wrongType' })
    .refine((fs) => fs.every((f) => fileProblem(f) !== 'size'), { message: 'tooLarge' }),
});

export type ApplyInput = z.infer<typeof applySchema>;
