// The editor's rules, the server's (internal/content/content.go): TY and EN
// required, other languages optional; lengths; link target by type; the
// schedule's end after its start; pictures uploaded or https.
import { z } from '@/lib/zod';
import { LINKAGE_TYPES } from './content';

export const REQUIRED_LANGS = ['EN', 'TY'] as const;
export const OPTIONAL_LANGS = ['CN', 'ES', 'FR', 'JA', 'KO', 'PT', 'RU', 'TH', 'VI', 'AR'] as const;
export const TITLE_MAX = { banner: 200, announcement: 300, help: 200 } as const;
export const CONTENT_MAX = 65536;
export const SUMMARY_MAX = 500;

const len = (s: string) => Array.from(s).length;

/** A text per language: the required ones present, none longer than max (message keys of console-content). */
export function textSchema(max: number, required = true) {
  return z.record(z.string(), z.string()).superRefine((t, ctx) => {
    if (required) {
      for (const l of REQUIRED_LANGS) {
        if (!(t[l] ?? '').trim()) ctx.addIssue({ code: 'custom', path: [l], message: 'form.required' });
      }
    }
    for (const [l, v] of Object.entries(t)) {
      if (len(v.trim()) > max) ctx.addIssue({ code: 'custom', path: [l], message: 'form.tooLong' });
    }
  });
}

const imageUrl = z.string().trim().refine((u) => (u.startsWith('/') && !u.startsWith('//')) || u.startsWith('https://'), 'form.image');

/** datetime-local strings; end after start when both are set. */
const schedule = { startTime: z.string(), endTime: z.string() };
function scheduleRule(v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) {
  if (v.startTime && v.endTime && new Date(v.endTime).getTime() <= new Date(v.startTime).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'form.schedule' });
  }
}

export const bannerSchema = z
  .object({
    groupName: z.string(),
    title: textSchema(TITLE_MAX.banner),
    url: imageUrl,
    linkageType: z.enum(LINKAGE_TYPES),
    linkTarget: z.string().trim().max(2048, 'form.tooLong'),
    active: z.boolean(),
    ...schedule,
  })
  .superRefine((v, ctx) => {
    scheduleRule(v, ctx);
    const t = v.linkTarget;
    const bad =
      (v.linkageType === 'NONE' && t !== '') ||
      (v.linkageType === 'URL' && !/^https?:\/\//.test(t)) ||
      (v.linkageType === 'ROUTE' && (!t.startsWith('/') || t.startsWith('//'))) ||
      ((v.linkageType === 'PROMOTION' || v.linkageType === 'GAME') && !/^\d{1,18}$/.test(t));
    if (bad) ctx.addIssue({ code: 'custom', path: ['linkTarget'], message: `form.link.${v.linkageType}` });
  });
export type BannerForm = z.infer<typeof bannerSchema>;

export const announcementSchema = z
  .object({
    type: z.enum(['PL', 'H', 'PU', 'PR', 'AG']),
    agentTypes: z.array(z.string()),
    active: z.boolean(),
    execution: z.string(),
    title: textSchema(TITLE_MAX.announcement),
    content: textSchema(CONTENT_MAX, false),
    summary: textSchema(SUMMARY_MAX, false),
    category: z.string(),
    image: z.string().trim(),
    ...schedule,
  })
  .superRefine((v, ctx) => {
    scheduleRule(v, ctx);
    if (v.type !== 'H') {
      for (const l of REQUIRED_LANGS) if (!(v.content[l] ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['content', l], message: 'form.required' });
    }
    if (v.type === 'PU' && !['A', 'B', 'F'].includes(v.execution)) ctx.addIssue({ code: 'custom', path: ['execution'], message: 'form.required' });
    if (v.type === 'PR') {
      for (const l of REQUIRED_LANGS) if (!(v.summary[l] ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['summary', l], message: 'form.required' });
      if (!v.category) ctx.addIssue({ code: 'custom', path: ['category'], message: 'form.required' });
      if (!imageUrl.safeParse(v.image).success) ctx.addIssue({ code: 'custom', path: ['image'], message: 'form.image' });
    }
  });
export type AnnouncementForm = z.infer<typeof announcementSchema>;

export const helpSchema = z.object({
  sort: z.number().int().min(0).max(1000),
  title: textSchema(TITLE_MAX.help),
  content: textSchema(CONTENT_MAX),
});
export type HelpForm = z.infer<typeof helpSchema>;

/** Unix ms <-> the datetime-local value in the browser's zone; 0 is empty. */
export function toLocalInput(ms: number | undefined): string {
  if (!ms) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
export function fromLocalInput(v: string): number {
  return v ? new Date(v).getTime() : 0;
}

/** Drops blank languages before sending (the server does the same). */
export function cleanText(t: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(t).filter(([, v]) => v.trim() !== ''));
}
