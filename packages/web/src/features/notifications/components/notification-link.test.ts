import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-link.ts';
import { relativeTime } from './relative-time.ts';

describe('notificationTarget', () => {
  it('opens portal paths in place, with or without the hash', () => {
    expect(notificationTarget('/families/12')).toEqual({ kind: 'internal', path: '/families/12' });
    expect(notificationTarget('#/families/12?tab=types')).toEqual({
      kind: 'internal',
      path: '/families/12?tab=types',
    });
  });

  it('opens web addresses in a new tab', () => {
    expect(notificationTarget('https://example.com/news')).toEqual({
      kind: 'external',
      href: 'https://example.com/news',
    });
    expect(notificationTarget('HTTP://example.com')).toMatchObject({ kind: 'external' });
  });

  it('leads nowhere for nothing, scheme-relative or other schemes', () => {
    expect(notificationTarget(null)).toBeNull();
    expect(notificationTarget('')).toBeNull();
    expect(notificationTarget('//evil.example')).toBeNull();
    expect(notificationTarget('javascript:alert(1)')).toBeNull();
    expect(notificationTarget('families/12')).toBeNull();
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('says how long ago in the reader language', () => {
    expect(relativeTime('2026-11-23T11:59:40Z', 'en', now)).toBe('now');
    expect(relativeTime('2026-11-23T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-22T11:00:00Z', 'en', now)).toBe('yesterday');
    expect(relativeTime('2026-11-21T12:00:00Z', 'de', now)).toBe('vorgestern');
    expect(relativeTime('not a date', 'en', now)).toBe('');
  });
});
