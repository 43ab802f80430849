import { randomBytes } from 'node:crypto';
/**
 * Small factories for API tests: each call makes fresh rows with a name no other call answers, so
 * a test that builds its own data with them passes alone and in any order.
 */
import { unique, type TTestApp } from './test-app.ts';

export { unique };

/** The password every factory user gets unless a test names another. */
export const PASSWORD = 'User-Passw0rd!';

export type TMadeCompany = { id: number; name: string };
export type TMadeRole = { roleId: number; roleName: string };
export type TMadeUser = {
  id: number;
  login: string;
  email: string;
  password: string;
  companyId: number | null;
};
export type TSignedIn = TMadeUser & { authToken: string; refreshToken: string };

type TCompanyOptions = { parentId?: number | null; active?: boolean; prefix?: string };

/** Creates an active company with a unique name (under `parentId`, or inactive, when asked). */
export async function makeCompany(t: TTestApp, options: TCompanyOptions = {}): Promise<TMadeCompany> {
  const name = unique(options.prefix ?? 'company');
  const id = await t.company(name, options.parentId ?? null, { active: options.active ?? true });
  return { id, name };
}

/** Creates a custom role with a unique name granting exactly the given permissions. */
export async function makeRole(
  t: TTestApp,
  permissions: readonly string[],
  prefix = 'role',
): Promise<TMadeRole> {
  const roleName = unique(prefix);
  return { roleId: await t.role(roleName, permissions), roleName };
}

type TUserOptions = {
  /** A built-in role or the name of a role the test made; userrole when left out. */
  role?: string;
  /** The user's company; a fresh company when left out, none when null. */
  companyId?: number | null;
  password?: string;
  prefix?: string;
  /** Further user fields, e.g. `{ active: false }` or `{ registrationCompleted: false }`. */
  extra?: Record<string, unknown>;
};

/** Creates an active, activated user with a unique login, as the admin would. */
export async function makeUser(t: TTestApp, options: TUserOptions = {}): Promise<TMadeUser> {
  const login = unique(options.prefix ?? 'user');
  const password = options.password ?? PASSWORD;
  const companyId = options.companyId === undefined ? (await makeCompany(t)).id : options.companyId;
  const id = await t.user(login, options.role ?? 'userrole', companyId, password, options.extra);
  return { id, login, email: `${login}@example.com`, password, companyId };
}

/** Creates a user as `makeUser` does and signs it in. */
export async function signedInUser(t: TTestApp, options: TUserOptions = {}): Promise<TSignedIn> {
  const user = await makeUser(t, options);
  const { authToken, refreshToken } = await t.login(user.login, user.password);
  return { ...user, authToken, refreshToken };
}

/** A multipart body with one file field, written by hand as a browser would send it. */
export function multipartFile(content: Buffer, fileName: string, field = 'file') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
