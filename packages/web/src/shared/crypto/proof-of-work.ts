import { sha256Bytes } from './sha256.ts';

/** Number of leading zero bits of a digest. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export type TProofOfWorkOptions = {
  /** Candidates hashed before yielding to the event loop, so the page stays responsive. */
  chunkSize?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

const encoder = new TextEncoder();

/** True when SHA-256 of `${challenge}:${nonce}` has at least `difficulty` leading zero bits. */
export function isSolution(challenge: string, nonce: number, difficulty: number): boolean {
  return leadingZeroBits(sha256Bytes(encoder.encode(`${challenge}:${nonce}`))) >= difficulty;
}

/**
 * Finds the smallest decimal nonce solving the server's bot-check challenge, in chunks.
 * Progress is an estimate: on average 2^difficulty candidates are needed.
 */
export async function solveProofOfWork(
  challenge: string,
  difficulty: number,
  { chunkSize = 2000, onProgress, signal }: TProofOfWorkOptions = {},
): Promise<number> {
  const expected = 2 ** Math.max(0, difficulty);
  for (let nonce = 0; ;) {
    const end = nonce + chunkSize;
    for (; nonce < end; nonce++) {
      if (isSolution(challenge, nonce, difficulty)) {
        onProgress?.(1);
        return nonce;
      }
    }
    onProgress?.(Math.min(0.99, 1 - Math.exp(-nonce / expected)));
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  }
}
