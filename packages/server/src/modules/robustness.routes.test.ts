import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TTestApp } from '../../test/test-app.ts';

/** Odd bodies a careless or hostile client may send: none may ever cause a 500. */
const ODD_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  { ids: 'x' },
  { ids: [-1] },
  { ids: [1e20] },
  { page: 0 },
  { pageSize: 5000 },
  { sort: [{ field: 'nope' }] },
  { sort: 'login' },
  { search: 'a'.repeat(5000) },
  { search: "%_\\'" },
  { userInfos: [{}] },
  { userInfos: [{ login: 'abc', id: 'x' }] },
  { userInfos: null },
  {
    userInfos: [
      { id: 1, active: true },
      { id: 1, active: false },
    ],
  },
  { roleData: { roleName: 'x'.repeat(1000), rolePermissionInfos: [{ rolePermissionName: 'nope' }] } },
  { roleData: { roleId: 99_999, roleName: 'abc', rolePermissionInfos: [] } },
  { userLogin: { a: 1 } },
  { token: 'a'.repeat(300) },
  { username: 'admin', password: 'Z'.repeat(128) },
  { companyIds: [1, 2, 3], roleIds: [99_999], active: 'yes' },
];

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('bad input on every route', () => {
  it('answers a 4xx envelope and never a 500, whatever the body or path parameter', async () => {
    let token = await t.adminToken();
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter(
      (r) => !r.url.endsWith('/logout') && !r.url.endsWith('/openapi.json'),
    )) {
      for (const parameter of ['abc', '-1', '99999999999999999999']) {
        const url = route.url.replace(/:\w+/g, parameter);
        for (const body of route.method === 'POST' ? ODD_BODIES : [undefined]) {
          const send = () =>
            t.app.inject({
              method: route.method as 'GET' | 'POST',
              url,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
          let response = await send();
          if (response.statusCode === 401 && route.permission !== 'public') {
            token = (await t.login('admin', ADMIN_PASSWORD)).authToken;
            response = await send();
          }
          const envelope = response.json<{ responseCode: number; errorMessages: string[] }>();
          if (response.statusCode >= 500 || envelope.responseCode !== response.statusCode) {
            failures.push(
              `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 60)} → ${response.statusCode}`,
            );
          }
          if (response.statusCode >= 400) expect(envelope.errorMessages[0]).toMatch(/^\[Title\] /);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
