import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadingZeroBits, solveProofOfWork } from './proof-of-work.ts';

function zeroBits(text: string): number {
  return leadingZeroBits(new Uint8Array(createHash('sha256').update(text).digest()));
}

describe('solveProofOfWork', () => {
  it('finds the smallest nonce with enough leading zero bits', async () => {
    const challenge = 'abc123';
    const difficulty = 10;
    const progress: number[] = [];
    const nonce = await solveProofOfWork(challenge, difficulty, {
      chunkSize: 100,
      onProgress: (p) => progress.push(p),
    });
    expect(zeroBits(`${challenge}:${nonce}`)).toBeGreaterThanOrEqual(difficulty);
    for (let n = 0; n < nonce; n++) expect(zeroBits(`${challenge}:${n}`)).toBeLessThan(difficulty);
    expect(progress.at(-1)).toBe(1);
  });

  it('counts leading zero bits across bytes', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });
});
