import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from './password-hash.ts';
import { sha256Bytes } from './sha256.ts';
import { sha512Hex, toHex } from './sha512.ts';

describe('sha512Hex', () => {
  it('matches the FIPS 180-4 vectors', () => {
    expect(sha512Hex('')).toBe(
      'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
    );
    expect(sha512Hex('abc')).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
    expect(
      sha512Hex(
        'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      ),
    ).toBe(
      '8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909',
    );
  });

  it('agrees with node for unicode text and every padding boundary', () => {
    const samples = ['Passw0rd!', 'Ünïcødé 密码 パスワード 🔑'];
    for (let n = 100; n < 260; n++) samples.push('x'.repeat(n));
    for (const text of samples) {
      expect(sha512Hex(text)).toBe(createHash('sha512').update(text, 'utf8').digest('hex'));
    }
  });

  afterEach(() => vi.unstubAllGlobals());

  it('gives the same 128 lowercase hex characters through hashPassword with crypto.subtle', async () => {
    const native = await hashPassword('Admin-Passw0rd!');
    expect(native).toMatch(/^[0-9a-f]{128}$/);
    expect(native).toBe(createHash('sha512').update('Admin-Passw0rd!').digest('hex'));
  });

  it('falls back to the pure implementation where crypto.subtle is missing (plain-http LAN)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint32Array) => a });
    expect(await hashPassword('Admin-Passw0rd!')).toBe(
      createHash('sha512').update('Admin-Passw0rd!').digest('hex'),
    );
  });
});

describe('sha256Bytes', () => {
  it('agrees with node across padding boundaries', () => {
    expect(toHex(sha256Bytes(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    for (let n = 0; n < 140; n++) {
      const text = `challenge:${'y'.repeat(n)}`;
      expect(toHex(sha256Bytes(new TextEncoder().encode(text)))).toBe(
        createHash('sha256').update(text).digest('hex'),
      );
    }
  });
});
