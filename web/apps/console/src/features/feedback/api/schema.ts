// The reply's rules, the server's (account.CheckFeedbackReply): 1 to 1000
// characters after trimming, counted as code points like Go's runes.
import { z } from '@/lib/zod';

export const REPLY_MAX = 1000;
export const replyLength = (s: string) => [...s.trim()].length;

export const replySchema = z.object({
  text: z.string().refine((s) => replyLength(s) >= 1 && replyLength(s) <= REPLY_MAX, 'validation.reply'),
});
export type ReplyForm = z.infer<typeof replySchema>;
