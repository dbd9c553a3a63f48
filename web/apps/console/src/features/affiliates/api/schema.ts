// The decision forms' rules, the server's (internal/affiliate): a reason of
// 1 to 500 characters after trimming (code points, like Go's runes); an
// agent type of the four; a username of at most 32 characters (the brand's
// rule is checked by the server).
import { z } from '@/lib/zod';

export const REASON_MAX = 500;
const length = (s: string) => [...s.trim()].length;

export const rejectSchema = z.object({
  reason: z.string().refine((s) => length(s) >= 1 && length(s) <= REASON_MAX, 'validation.reason'),
});
export type RejectForm = z.infer<typeof rejectSchema>;

export const approveSchema = (visitor: boolean) =>
  z.object({
    agentType: z.enum(['41', '42', '1', '2'], { message: 'validation.agentType' }),
    upline: z.string().refine((s) => length(s) <= 32, 'validation.upline'),
    username: z.string().refine((s) => (visitor ? length(s) >= 1 : true) && length(s) <= 32, 'validation.username'),
  });
export type ApproveForm = z.infer<ReturnType<typeof approveSchema>>;
