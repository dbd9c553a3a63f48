// Feedback form rules (spec sections 3, 5, 8; server: internal/account/feedback.go).
// Type, description and captcha are required (visitors also leave a contact);
// the description is 20 to 200 characters, counted as the server counts them
// (Unicode code points after trimming).

/** Types in the order the form lists them; 0 "others" last. */
export const FEEDBACK_TYPES = [1, 2, 3, 4, 6, 0] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_MIN = 20;
export const FEEDBACK_MAX = 200;
/** The server's limit for the contact field. */
export const SENDER_MAX = 128;

export type FeedbackField = 'type' | 'content' | 'captcha' | 'sender';

export type FeedbackDraft = { type: FeedbackType | null; content: string; captcha: string; sender: string };

export type FeedbackProblem =
  | { kind: 'missing'; fields: FeedbackField[] }
  | { kind: 'length'; length: number };

/** Characters as the server counts them (runes). */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Cuts input to the limit without splitting a character (the input limit of 200). */
export function limitChars(text: string, max = FEEDBACK_MAX): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

/** The first problem with a draft, or null when it can be sent. Empty fields are all named at once, in the form's order. */
export function checkFeedback(d: FeedbackDraft, opts: { visitor: boolean }): FeedbackProblem | null {
  const missing: FeedbackField[] = [];
  if (d.type === null) missing.push('type');
  const content = d.content.trim();
  if (!content) missing.push('content');
  if (!d.captcha.trim()) missing.push('captcha');
  if (opts.visitor && !d.sender.trim()) missing.push('sender');
  if (missing.length) return { kind: 'missing', fields: missing };
  const length = charCount(content);
  if (length < FEEDBACK_MIN || length > FEEDBACK_MAX) return { kind: 'length', length };
  return null;
}

/** PUT /wps/feedback body (docs/api.md). */
export function feedbackBody(d: FeedbackDraft, captchaKey: string, botcheck: string) {
  const body: Record<string, unknown> = {
    type: d.type,
    content: d.content.trim(),
    captcha: d.captcha.trim(),
    captchaKey,
    botcheck,
  };
  if (d.sender.trim()) body.sender = d.sender.trim();
  return body;
}

/** Server codes that name one field, so the form can mark it. */
export const FIELD_OF_CODE: Record<string, FeedbackField> = {
  'feedback.type_required': 'type',
  'feedback.invalid_type': 'type',
  'feedback.content_required': 'content',
  'feedback.content_length': 'content',
  'feedback.captcha_required': 'captcha',
  'auth.captcha_invalid': 'captcha',
  'feedback.sender_required': 'sender',
};
