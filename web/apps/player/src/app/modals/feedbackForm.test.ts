import { describe, expect, it } from 'vitest';
import { charCount, checkFeedback, feedbackBody, limitChars, type FeedbackDraft } from './feedbackForm';

const ok: FeedbackDraft = { type: 1, content: 'My deposit has not arrived after an hour.', captcha: 'K7PQ', sender: '' };

describe('checkFeedback', () => {
  it('accepts a complete draft from a member', () => {
    expect(checkFeedback(ok, { visitor: false })).toBeNull();
  });
  it('names every empty field in the form order', () => {
    expect(checkFeedback({ type: null, content: '  ', captcha: '', sender: '' }, { visitor: false })).toEqual({
      kind: 'missing',
      fields: ['type', 'content', 'captcha'],
    });
    expect(checkFeedback({ ...ok, captcha: ' ' }, { visitor: false })).toEqual({ kind: 'missing', fields: ['captcha'] });
  });
  it('type 0 (others) is a choice, not empty', () => {
    expect(checkFeedback({ ...ok, type: 0 }, { visitor: false })).toBeNull();
  });
  it('visitors must leave a contact', () => {
    expect(checkFeedback(ok, { visitor: true })).toEqual({ kind: 'missing', fields: ['sender'] });
    expect(checkFeedback({ ...ok, sender: 'juan@example.com' }, { visitor: true })).toBeNull();
  });
  it('description is 20 to 200 characters after trimming', () => {
    expect(checkFeedback({ ...ok, content: '   ' + 'a'.repeat(19) + '   ' }, { visitor: false })).toEqual({ kind: 'length', length: 19 });
    expect(checkFeedback({ ...ok, content: 'a'.repeat(20) }, { visitor: false })).toBeNull();
    expect(checkFeedback({ ...ok, content: 'a'.repeat(200) }, { visitor: false })).toBeNull();
    expect(checkFeedback({ ...ok, content: 'a'.repeat(201) }, { visitor: false })).toEqual({ kind: 'length', length: 201 });
  });
  it('counts characters as the server does (code points)', () => {
    expect(charCount('😀'.repeat(20))).toBe(20);
    expect(checkFeedback({ ...ok, content: '😀'.repeat(20) }, { visitor: false })).toBeNull();
    expect(checkFeedback({ ...ok, content: 'ก'.repeat(19) }, { visitor: false })).toEqual({ kind: 'length', length: 19 });
  });
});

describe('limitChars', () => {
  it('keeps text within 200 characters without splitting one', () => {
    expect(limitChars('a'.repeat(250))).toHaveLength(200);
    const emoji = limitChars('😀'.repeat(201));
    expect(charCount(emoji)).toBe(200);
    expect(limitChars('short')).toBe('short');
  });
});

describe('feedbackBody', () => {
  it('trims and leaves out an empty contact', () => {
    expect(feedbackBody({ ...ok, content: `  ${ok.content}  `, captcha: ' k7pq ' }, 'KEY', 'BOT')).toEqual({
      type: 1,
      content: ok.content,
      captcha: 'k7pq',
      captchaKey: 'KEY',
      botcheck: 'BOT',
    });
    expect(feedbackBody({ ...ok, sender: ' a@b.c ' }, 'KEY', 'BOT').sender).toBe('a@b.c');
  });
});
