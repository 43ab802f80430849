import { sha512Hex, toHex } from './sha512.ts';

/**
 * Lowercase hex SHA-512 of a password, the only form in which a password leaves the browser.
 * Uses the native digest when the page runs in a secure context, else the pure TS fallback.
 */
export async function hashPassword(password: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const digest = await subtle.digest('SHA-512', new TextEncoder().encode(password));
      return toHex(new Uint8Array(digest));
    } catch {
      // Some browsers expose subtle but refuse it outside secure contexts; fall through.
    }
  }
  return sha512Hex(password);
}
