// The affiliate application's rules, the server's (internal/affiliate
// ApplyRequest.Normalize): a name, a mobile number or an e-mail address, a
// channel with its address or handle, an audience from 0 to 1e9, a message
// of at most 500 characters; a visitor may wish a username. Lengths count
// code points, like Go's runes.
import type { Resolver } from 'react-hook-form';

// Checked by hand rather than with Zod: Zod probes for eval when a schema is
// made, which the storefront's policy forbids, and it would weigh on the
// shared chunks the home page loads.
export const CHANNELS = ['FACEBOOK', 'TIKTOK', 'YOUTUBE', 'TELEGRAM', 'INSTAGRAM', 'WEBSITE', 'OTHER'] as const;
export const MESSAGE_MAX = 500;
const len = (s: string) => [...s.trim()].length;

export type ApplyForm = {
  contactName: string;
  mobileNum: string;
  email: string;
  channel: (typeof CHANNELS)[number] | '';
  channelUrl: string;
  audience: string;
  message: string;
  username: string;
};

/** The first problem of each field, as a key of affiliate:v. */
export function checkApply(v: ApplyForm): Partial<Record<keyof ApplyForm, string>> {
  const e: Partial<Record<keyof ApplyForm, string>> = {};
  if (len(v.contactName) < 1) e.contactName = 'nameRequired';
  else if (len(v.contactName) > 64) e.contactName = 'tooLong';
  if (v.mobileNum.trim() && !/^[0-9 -]{6,20}$/.test(v.mobileNum.trim())) e.mobileNum = 'mobileInvalid';
  if (v.email.trim() && (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()) || len(v.email) > 128)) e.email = 'emailInvalid';
  if (!v.mobileNum.trim() && !v.email.trim()) e.mobileNum = 'contactRequired';
  if (!(CHANNELS as readonly string[]).includes(v.channel)) e.channel = 'channelRequired';
  if (len(v.channelUrl) < 1) e.channelUrl = 'channelUrlRequired';
  else if (len(v.channelUrl) > 256) e.channelUrl = 'tooLong';
  if (!/^\d{1,10}$/.test(v.audience.trim()) || Number(v.audience) > 1_000_000_000) e.audience = 'audienceInvalid';
  if (len(v.message) > MESSAGE_MAX) e.message = 'tooLong';
  if (len(v.username) > 32) e.username = 'tooLong';
  return e;
}

export const applyResolver: Resolver<ApplyForm> = async (values) => {
  const problems = checkApply(values);
  const keys = Object.keys(problems) as (keyof ApplyForm)[];
  if (keys.length === 0) return { values, errors: {} };
  return { values: {}, errors: Object.fromEntries(keys.map((k) => [k, { type: 'validate', message: problems[k] }])) };
};

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
