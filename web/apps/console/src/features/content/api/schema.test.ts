import { describe, expect, it } from 'vitest';
import { announcementSchema, bannerSchema, helpSchema } from './schema';

const text = { EN: 'a', TY: 'b' };
const banner = { groupName: 'w_home', title: text, url: '/art/upload/x.png', linkageType: 'NONE' as const, linkTarget: '', active: true, startTime: '', endTime: '' };

describe('content schemas mirror the server', () => {
  it('banner: TY and EN, link by type, picture, schedule', () => {
    expect(bannerSchema.safeParse(banner).success).toBe(true);
    expect(bannerSchema.safeParse({ ...banner, title: { EN: 'a' } }).success).toBe(false);
    expect(bannerSchema.safeParse({ ...banner, url: '//evil.example/x.png' }).success).toBe(false);
    expect(bannerSchema.safeParse({ ...banner, url: 'http://x.example/x.png' }).success).toBe(false);
    expect(bannerSchema.safeParse({ ...banner, linkageType: 'ROUTE', linkTarget: '//evil' }).success).toBe(false);
    expect(bannerSchema.safeParse({ ...banner, linkageType: 'ROUTE', linkTarget: '/rng' }).success).toBe(true);
    expect(bannerSchema.safeParse({ ...banner, linkageType: 'GAME', linkTarget: '12a' }).success).toBe(false);
    expect(bannerSchema.safeParse({ ...banner, linkageType: 'NONE', linkTarget: 'x' }).success).toBe(false);
    expect(bannerSchema.safeParse({ ...banner, startTime: '2026-12-01T10:00', endTime: '2026-12-01T10:00' }).success).toBe(false);
    expect(bannerSchema.safeParse({ ...banner, title: { EN: 'x'.repeat(201), TY: 'b' } }).success).toBe(false);
  });
  it('announcements: content unless a headline, popups need A/B/F, promotions a summary, category and picture', () => {
    const base = { type: 'PL' as const, execution: '', title: text, content: text, summary: {}, category: '', image: '', startTime: '', endTime: '', agentTypes: [], active: true };
    expect(announcementSchema.safeParse(base).success).toBe(true);
    expect(announcementSchema.safeParse({ ...base, content: { EN: 'a' } }).success).toBe(false);
    expect(announcementSchema.safeParse({ ...base, type: 'H', content: {} }).success).toBe(true);
    expect(announcementSchema.safeParse({ ...base, type: 'PU' }).success).toBe(false);
    expect(announcementSchema.safeParse({ ...base, type: 'PU', execution: 'F' }).success).toBe(true);
    expect(announcementSchema.safeParse({ ...base, type: 'PR', category: 'EVENT', image: '/art/promo/1.svg' }).success).toBe(false);
    expect(announcementSchema.safeParse({ ...base, type: 'PR', category: 'EVENT', image: '/art/promo/1.svg', summary: text }).success).toBe(true);
    expect(announcementSchema.safeParse({ ...base, type: 'AG', agentTypes: ['41'], active: false }).success).toBe(true);
    expect(announcementSchema.safeParse({ ...base, type: 'AG', content: {} }).success).toBe(false);
  });
  it('help: title and content in TY and EN', () => {
    expect(helpSchema.safeParse({ sort: 1, title: text, content: text }).success).toBe(true);
    expect(helpSchema.safeParse({ sort: 1, title: text, content: { TY: 'x' } }).success).toBe(false);
  });
});
