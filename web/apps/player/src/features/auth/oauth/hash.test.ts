import { describe, expect, it, vi } from 'vitest';
import { parseOAuthHash, providerName, stripHash } from './hash';

const code = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('parseOAuthHash', () => {
  it('reads a linked login code', () => {
    expect(parseOAuthHash(`#oauth=${code}`)).toEqual({ kind: 'login', code });
  });
  it('reads a link ticket with its provider', () => {
    expect(parseOAuthHash(`#oauthLink=${code}&provider=google`)).toEqual({ kind: 'link', ticket: code, provider: 'google' });
  });
  it('reads the cancelled error (spec: login failure, try again)', () => {
    expect(parseOAuthHash('#oauthError=cancelled')).toEqual({ kind: 'error', reason: 'cancelled' });
  });
  it('turns unknown reasons and malformed codes into a plain failure', () => {
    expect(parseOAuthHash('#oauthError=<script>')).toEqual({ kind: 'error', reason: 'failed' });
    expect(parseOAuthHash('#oauth=short')).toEqual({ kind: 'error', reason: 'failed' });
    expect(parseOAuthHash(`#oauthLink=${code}&provider=Evil%20Corp`)).toEqual({ kind: 'error', reason: 'failed' });
  });
  it('ignores other fragments', () => {
    expect(parseOAuthHash('')).toBeNull();
    expect(parseOAuthHash('#faq')).toBeNull();
    expect(parseOAuthHash('#section=oauth')).toBeNull();
  });
});

describe('stripHash', () => {
  it('replaces the address without the fragment and keeps the state', () => {
    const replaceState = vi.fn();
    stripHash({ pathname: '/games', search: '?cat=slots' }, { replaceState, state: { idx: 3 } });
    expect(replaceState).toHaveBeenCalledWith({ idx: 3 }, '', '/games?cat=slots');
  });
});

describe('providerName', () => {
  it('names the known providers', () => {
    expect(providerName('google')).toBe('Google');
    expect(providerName('facebook')).toBe('Facebook');
    expect(providerName('line')).toBe('Line');
  });
});
