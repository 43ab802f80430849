import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BotCheck, leadingZeroBits } from './bot-check.ts';

function solve(challenge: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++) {
    if (leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest()) >= difficulty)
      return String(nonce);
  }
}

describe('bot check', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(Buffer.from([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(Buffer.from([0, 0x0f]))).toBe(12);
    expect(leadingZeroBits(Buffer.from([0xff]))).toBe(0);
  });

  it('accepts a solved challenge once and refuses forged, unsolved and expired ones', () => {
    const check = new BotCheck('key', { enabled: true, difficulty: 6 });
    const { challenge } = check.issue();
    expect(() => check.verify({ challenge, nonce: solve(challenge, 6) })).not.toThrow();
    expect(() => check.verify({ challenge, nonce: solve(challenge, 6) })).toThrow(/already used/);
    const other = check.issue().challenge;
    const wrongNonce = ['a', 'b', 'c', 'd', 'e'].find(
      (n) => leadingZeroBits(createHash('sha256').update(`${other}:${n}`).digest()) < 6,
    )!;
    expect(() => check.verify({ challenge: other, nonce: wrongNonce })).toThrow(/not valid/);
    const forged = other.replace(/\.6\./, '.0.');
    expect(() => check.verify({ challenge: forged, nonce: '0' })).toThrow(/not valid/);
    const old = check.issue(Date.now() - 3_600_000).challenge;
    expect(() => check.verify({ challenge: old, nonce: solve(old, 6) })).toThrow(/expired/);
    expect(() => check.verify(undefined)).toThrow(/required/);
  });

  it('lets everything through when switched off', () => {
    expect(() => new BotCheck('key', { enabled: false, difficulty: 6 }).verify(undefined)).not.toThrow();
  });
});
