// The affiliate application's rules, the server's (internal/affiliate
// ApplyRequest.Normalize): a name, a mobile number or an e-mail address, a
// channel with its address or handle, an audience from 0 to 1e9, a message
// of at most 500 characters; a visitor may wish a username. Lengths count
// code points, like Go's runes.
import { z } from 'zod';

export const CHANNELS = ['FACEBOOK', 'TIKTOK', 'YOUTUBE', 'TELEGRAM', 'INSTAGRAM', 'WEBSITE', 'OTHER'] as const;
export const MESSAGE_MAX = 500;
const len = (s: string) => [...s.trim()].length;
const max = (n: number) => (s: string) => len(s) <= n;

export const applySchema = z
  .object({
    contactName: z.string().refine((s) => len(s) >= 1, 'nameRequired').refine(max(64), 'tooLong'),
    mobileNum: z.string().refine((s) => s.trim() === '' || /^[0-9 -]{6,20}$/.test(s.trim()), 'mobileInvalid'),
    email: z.string().refine((s) => s.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim()), 'emailInvalid').refine(max(128), 'tooLong'),
    channel: z.enum(CHANNELS, { message: 'channelRequired' }),
    channelUrl: z.string().refine((s) => len(s) >= 1, 'channelUrlRequired').refine(max(256), 'tooLong'),
    audience: z.string().refine((s) => /^\d{1,10}$/.test(s.trim()) && Number(s) <= 1_000_000_000, 'audienceInvalid'),
    message: z.string().refine(max(MESSAGE_MAX), 'tooLong'),
    username: z.string().refine(max(32), 'tooLong'),
  })
  .superRefine((v, ctx) => {
    if (!v.mobileNum.trim() && !v.email.trim()) ctx.addIssue({ code: 'custom', path: ['mobileNum'], message: 'contactRequired' });
  });
export type ApplyForm = z.infer<typeof applySchema>;

/** The server's codes that name one field of the form. */
export const FIELD_OF_CODE: Record<string, keyof ApplyForm> = {
  'affiliate.contact_name_required': 'contactName',
  'affiliate.contact_required': 'mobileNum',
  'affiliate.invalid_mobile': 'mobileNum',
  'affiliate.invalid_email': 'email',
  'affiliate.channel_invalid': 'channel',
  'affiliate.channel_url_required': 'channelUrl',
  'affiliate.audience_invalid': 'audience',
};

export const applyBody = (v: ApplyForm, visitor: boolean, captcha: { key: string; value: string }, botcheck: string) => ({
  contactName: v.contactName.trim(),
  mobileNum: v.mobileNum.trim(),
  email: v.email.trim(),
  channel: v.channel,
  channelUrl: v.channelUrl.trim(),
  audience: Number(v.audience),
  message: v.message.trim(),
  ...(visitor ? { username: v.username.trim(), captcha: captcha.value.trim(), captchaKey: captcha.key } : {}),
  botcheck,
});
