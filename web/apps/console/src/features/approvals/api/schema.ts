// A rejection's reason: 3 to 200 characters after trimming (the server's
// rule for adjustment reasons, counted as code points like Go's runes).
import { z } from '@/lib/zod';

export const REASON_MIN = 3;
export const REASON_MAX = 200;
const length = (s: string) => [...s.trim()].length;

export const rejectSchema = z.object({
  reason: z.string().refine((s) => length(s) >= REASON_MIN && length(s) <= REASON_MAX, 'validation.rejectReason'),
});
export type RejectForm = z.infer<typeof rejectSchema>;
