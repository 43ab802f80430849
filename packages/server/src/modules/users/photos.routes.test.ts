import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sha512Hex, type TTestApp } from '../../../test/test-app.ts';
import { makeCompany, unique } from '../../../test/factories.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A picture of one colour, as sharp writes it in `format`. */
async function solidPicture(format: 'jpeg' | 'png', width: number, height: number): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .toFormat(format)
    .toBuffer();
}

describe('photos', () => {
  it('stores a 256 px PNG answered in me when a photo is uploaded, and refuses what is not a picture', async () => {
    const sharp = (await import('sharp')).default;
    const jpeg = await solidPicture('jpeg', 640, 480);
    const admin = await t.adminToken();
    const login = unique('pictured');
    const base = {
      login,
      passwordHash: sha512Hex('Pic-Passw0rd!'),
      firstName: 'Pia',
      lastName: 'Picture',
      email: `${login}@example.com`,
      company: { companyId: (await makeCompany(t)).id },
      registrationCompleted: true,
    };
    const notPicture = await t.call('POST', '/api/user/save', {
      token: admin,
      body: { userInfos: [{ ...base, photoBase64: Buffer.from('hello').toString('base64') }] },
    });
    expect(notPicture.status).toBe(415);
    expect(
      (await t.call('POST', '/api/user/find', { token: admin, body: { logins: [login] } })).body.totalCount,
    ).toBe(0);

    const saved = await t.call('POST', '/api/user/save', {
      token: admin,
      body: { userInfos: [{ ...base, photoFileName: 'me.jpg', photoBase64: jpeg.toString('base64') }] },
    });
    expect(saved.status).toBe(200);
    const { authToken } = await t.login(login, 'Pic-Passw0rd!');
    const me = (await t.call('GET', '/api/user/me', { token: authToken })).body.userInfos as Array<{
      photoFileName: string;
      photoBase64: string;
    }>;
    expect(me[0]?.photoFileName).toBe('me.jpg');
    const meta = await sharp(Buffer.from(me[0]!.photoBase64, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
  });

  it('answers each user of a page with its own photo, in the page order, when photos are asked', async () => {
    const png = await solidPicture('png', 64, 64);
    const admin = await t.adminToken();
    const companyId = (await makeCompany(t)).id;
    const prefix = unique('page');
    const user = (suffix: string, photo: boolean) => ({
      login: `${prefix}-${suffix}`,
      passwordHash: sha512Hex('Pic-Passw0rd!'),
      firstName: suffix,
      lastName: 'Paged',
      email: `${prefix}-${suffix}@example.com`,
      company: { companyId },
      registrationCompleted: true,
      ...(photo ? { photoFileName: `${suffix}.png`, photoBase64: png.toString('base64') } : {}),
    });
    const saved = await t.call('POST', '/api/user/save', {
      token: admin,
      body: { userInfos: [user('c', false), user('a', false), user('b', true)] },
    });
    expect(saved.status).toBe(200);
    const page = await t.call('POST', '/api/user/find', {
      token: admin,
      body: { companyIds: [companyId], includePhotos: true, sort: [{ field: 'login', dir: 'desc' }] },
    });
    const users = page.body.userInfos as Array<{
      login: string;
      photoFileName: string | null;
      photoBase64: string | null;
    }>;
    expect(page.body.totalCount).toBe(3);
    expect(users.map((u) => u.login)).toEqual([`${prefix}-c`, `${prefix}-b`, `${prefix}-a`]);
    expect(users.map((u) => u.photoFileName)).toEqual([null, 'b.png', null]);
    expect(users.map((u) => u.photoBase64 !== null)).toEqual([false, true, false]);
  });
});
