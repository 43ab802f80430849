import { describe, expect, it } from 'vitest';
import { daysLeft, licenceStatus } from './licence-status.ts';

const now = new Date('2026-11-23T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
const licence = (over: Partial<Parameters<typeof licenceStatus>[0]> = {}) => ({
  active: true,
  licenseValidUntil: inDays(200),
  currentNumberOfUsers: 3,
  maxNumberOfUsers: 10,
  ...over,
});

describe('licenceStatus', () => {
  it('is active when active, far from its end and with seats left', () => {
    expect(licenceStatus(licence(), now)).toBe('active');
    expect(licenceStatus(licence({ licenseValidUntil: null }), now)).toBe('active');
  });

  it('is expiring when it ends within 30 days, and not on day 31', () => {
    expect(licenceStatus(licence({ licenseValidUntil: inDays(30) }), now)).toBe('expiring');
    expect(licenceStatus(licence({ licenseValidUntil: inDays(0.5) }), now)).toBe('expiring');
    expect(licenceStatus(licence({ licenseValidUntil: inDays(31) }), now)).toBe('active');
  });

  it('is expired once its end has passed, even by a minute', () => {
    expect(licenceStatus(licence({ licenseValidUntil: inDays(-1 / 1440) }), now)).toBe('expired');
    expect(licenceStatus(licence({ licenseValidUntil: inDays(-400) }), now)).toBe('expired');
  });

  it('is full when no seat is left for another active user (used equals or exceeds allowed)', () => {
    expect(licenceStatus(licence({ currentNumberOfUsers: 10 }), now)).toBe('full');
    expect(licenceStatus(licence({ currentNumberOfUsers: 12 }), now)).toBe('full');
    expect(licenceStatus(licence({ currentNumberOfUsers: 9 }), now)).toBe('active');
  });

  it('says the worst first: inactive over expired over full over expiring', () => {
    const everything = { licenseValidUntil: inDays(-3), currentNumberOfUsers: 10 };
    expect(licenceStatus(licence({ ...everything, active: false }), now)).toBe('inactive');
    expect(licenceStatus(licence(everything), now)).toBe('expired');
    expect(licenceStatus(licence({ currentNumberOfUsers: 10, licenseValidUntil: inDays(5) }), now)).toBe(
      'full',
    );
  });
});

describe('daysLeft', () => {
  it('counts whole days left, 0 on the last day, negative once over, null without an end', () => {
    expect(daysLeft(inDays(12.5), now)).toBe(12);
    expect(daysLeft(inDays(0.2), now)).toBe(0);
    expect(daysLeft(inDays(-2.5), now)).toBe(-3);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
  });
});
