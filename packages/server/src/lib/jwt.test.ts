import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from './jwt.ts';

const SECRET = 'a-test-secret-of-some-length-0123456789';
const claims = {
  sub: '7',
  sid: '00000000-0000-0000-0000-000000000000',
  login: 'x',
  roles: [],
  companyId: null,
  permissions: [],
};

describe('TokenSigner', () => {
  const signer = new TokenSigner(SECRET, 900);

  it('verifies a token it signed and answers its claims', async () => {
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toMatchObject({ sub: '7', login: 'x' });
  });

  it('refuses a token that is expired, tampered with, or signed with another key', async () => {
    expect(await signer.verify(await signer.sign(claims, Math.floor(Date.now() / 1000) - 3600))).toBeNull();
    const token = await signer.sign(claims);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1', iat: 1, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await signer.verify(`${h}.${forged}.${s}`)).toBeNull();
    expect(await signer.verify(`${h}.${p}.${s}x`)).toBeNull();
    expect(await new TokenSigner('another-secret', 900).verify(token)).toBeNull();
  });

  it('refuses a token without exp, with another algorithm or header, or with too many parts', async () => {
    const key = new TextEncoder().encode(SECRET);
    const { sub, ...rest } = claims;
    const noExp = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt()
      .sign(key);
    expect(await signer.verify(noExp)).toBeNull();
    const hs512 = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect(await signer.verify(hs512)).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iat: 1, exp: 9_999_999_999 })).toString('base64url')}.`;
    expect(await signer.verify(none)).toBeNull();
    expect(await signer.verify(`${await signer.sign(claims)}.extra`)).toBeNull();
  });

  it('remembers a verified token until it expires, and never a tampered copy of it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signer.sign(claims, now);
    expect(await signer.verify(token, now)).toMatchObject({ sub: '7' });
    // The same token again, from memory: still refused once its expiry has passed.
    expect(await signer.verify(token, now + 899)).toMatchObject({ sub: '7' });
    expect(await signer.verify(token, now + 900)).toBeNull();
    expect(await signer.verify(token, now)).toMatchObject({ sub: '7' });
    const [h, , sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...claims, sub: '1', iat: now, exp: now + 900 })).toString(
      'base64url',
    );
    expect(await signer.verify(`${h}.${other}.${sig}`, now)).toBeNull();
  });
});
