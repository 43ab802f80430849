import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenewalScheduler, isExpired, renewalDelay } from './token-renewal.ts';

describe('renewalDelay', () => {
  it('plans the renewal 60 s before expiry', () => {
    expect(renewalDelay(1_000, 100_000)).toBe(1_000_000 - 60_000 - 100_000);
  });

  it('renews at once when the token is about to expire or already expired', () => {
    expect(renewalDelay(100, 90_000)).toBe(0);
    expect(renewalDelay(100, 500_000)).toBe(0);
  });

  it('compares the expiry in seconds', () => {
    expect(isExpired(100, 99_999)).toBe(false);
    expect(isExpired(100, 100_000)).toBe(true);
  });
});

describe('createRenewalScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('calls renew about a minute before a 15-minute token expires', () => {
    const renew = vi.fn(() => Promise.resolve());
    const scheduler = createRenewalScheduler(renew);
    scheduler.schedule(nowSeconds() + 15 * 60);
    vi.advanceTimersByTime(14 * 60 * 1000 - 1);
    expect(renew).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('replaces the previous plan when a renewed token arrives', () => {
    const renew = vi.fn(() => Promise.resolve());
    const scheduler = createRenewalScheduler(renew);
    scheduler.schedule(nowSeconds() + 120);
    vi.advanceTimersByTime(30_000);
    scheduler.schedule(nowSeconds() + 15 * 60);
    vi.advanceTimersByTime(60_000);
    expect(renew).not.toHaveBeenCalled();
    vi.advanceTimersByTime(14 * 60 * 1000);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('does nothing after cancel', () => {
    const renew = vi.fn(() => Promise.resolve());
    const scheduler = createRenewalScheduler(renew);
    scheduler.schedule(nowSeconds() + 120);
    scheduler.cancel();
    vi.advanceTimersByTime(10 * 60 * 1000);
    expect(renew).not.toHaveBeenCalled();
  });

  it('renews immediately for an expired token', () => {
    const renew = vi.fn(() => Promise.resolve());
    createRenewalScheduler(renew).schedule(nowSeconds() - 5);
    vi.advanceTimersByTime(0);
    expect(renew).toHaveBeenCalledTimes(1);
  });
});
