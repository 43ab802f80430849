import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BotCheck, leadingZeroBits } from './bot-check.ts';

function solve(challenge: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++) {
    if (leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest()) >= difficulty)
      return String(nonce);
  }
}

describe('bot check', async () => {
  it('counts leading zero bits', async () => {
    expect(leadingZeroBits(Buffer.from([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(Buffer.from([0, 0x0f]))).toBe(12);
    expect(leadingZeroBits(Buffer.from([0xff]))).toBe(0);
  });

  it('accepts a solved challenge once and refuses forged, unsolved and expired ones', async () => {
    const check = new BotCheck('key', { enabled: true, difficulty: 6 });
    const { challenge } = check.issue();
    await expect(check.verify({ challenge, nonce: solve(challenge, 6) })).resolves.toBeUndefined();
    await expect(check.verify({ challenge, nonce: solve(challenge, 6) })).rejects.toThrow(/already used/);
    const other = check.issue().challenge;
    const wrongNonce = ['a', 'b', 'c', 'd', 'e'].find(
      (n) => leadingZeroBits(createHash('sha256').update(`${other}:${n}`).digest()) < 6,
    )!;
    await expect(check.verify({ challenge: other, nonce: wrongNonce })).rejects.toThrow(/not valid/);
    const forged = other.replace(/\.6\./, '.0.');
    await expect(check.verify({ challenge: forged, nonce: '0' })).rejects.toThrow(/not valid/);
    const old = check.issue(Date.now() - 3_600_000).challenge;
    await expect(check.verify({ challenge: old, nonce: solve(old, 6) })).rejects.toThrow(/expired/);
    await expect(check.verify(undefined)).rejects.toThrow(/required/);
  });

  it('lets everything through when switched off', async () => {
    await expect(
      new BotCheck('key', { enabled: false, difficulty: 6 }).verify(undefined),
    ).resolves.toBeUndefined();
  });
});
