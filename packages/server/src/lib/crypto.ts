import { type KeyObject, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A CSPRNG token of `bytes` bytes (default 32: 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A CSPRNG code of `bytes` bytes as hex in groups of eight, for people to type (recovery codes). */
export function randomCode(bytes = 16): string {
  return (
    randomBytes(bytes)
      .toString('hex')
      .match(/.{1,8}/g) ?? []
  ).join('-');
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * HMAC-SHA256 of `value`, base64url. A key used on every request is best given as a KeyObject made
 * once (`createSecretKey`): a string key is imported again on each call.
 */
export function hmacBase64Url(key: string | KeyObject, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
