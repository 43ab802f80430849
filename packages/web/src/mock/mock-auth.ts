import {
  ALL_PERMISSIONS,
  INTERFACE_LANGUAGES,
  type TAuthClaims,
  type TInterfaceLanguage,
  type TPermission,
  type TUser,
  ZLoginRequest,
  ZUserFindRequest,
} from '@portal/contract';
import { sha512Hex } from '../shared/crypto/sha512.ts';
import { DEMO_ROLE_IDS, seedRefreshToken, type TDemoUser } from './demo-users.ts';
import type { TMockItem } from './mock-database.ts';
import type { TMockResponse } from './mock-errors.ts';

/**
 * The sign-in bridge: the app's own user calls (CONTRACT 2: login, me, token-renew, logout, find)
 * answered from the mock's users collection, so a front-end developer signs in as a demo user
 * with no server behind /api/user.
 */

/** How long a minted authToken lives, like the server's default (CONTRACT 2). */
const TOKEN_SECONDS = 15 * 60;

/** Every mock sign-in id starts so: the pass-through guard knows a mock token by it. */
export const MOCK_SID_PREFIX = 'mock-';

/** When the demo users joined (a fixed date, so the profile reads the same on every start). */
const DEMO_JOIN_DATE = '2026-01-05T08:00:00.000Z';

type TRole = { roleName: string; permissions: readonly TPermission[] };

/** Demo role ids as the portal's roles: 1 the administrator, 2 an end user, 3 a read-only guest. */
const ROLES: Readonly<Record<number, TRole>> = {
  [DEMO_ROLE_IDS.admin]: { roleName: 'adminrole', permissions: ALL_PERMISSIONS },
  [DEMO_ROLE_IDS.user]: { roleName: 'userrole', permissions: ['contentmanagement.read'] },
  [DEMO_ROLE_IDS.guest]: { roleName: 'guestrole', permissions: ['contentmanagement.read'] },
};

/** A stored demo user: the profile plus what sign-ins record on it. */
type TStoredUser = TDemoUser & { lastLogin?: string; joinDate?: string; signedOutSids?: string[] };

function envelope(status: number, payload: object = {}): TMockResponse {
  return { status, body: { responseCode: status, errorMessages: [], ...payload } };
}

function refused(status: number, title: string, detail: string): TMockResponse {
  return {
    status,
    body: { responseCode: status, errorMessages: [`[Title] ${title}`, `[Detail] ${detail}`] },
  };
}

function asUser(item: TMockItem): TStoredUser | undefined {
  return typeof item.id === 'number' && typeof item.username === 'string' ? (item as TStoredUser) : undefined;
}

function storedUsers(items: readonly TMockItem[]): TStoredUser[] {
  return items.map(asUser).filter((user): user is TStoredUser => user !== undefined);
}

function rolesOf(user: TDemoUser): TRole[] {
  return (Array.isArray(user.roles) ? user.roles : [])
    .map((roleId) => ROLES[roleId])
    .filter((role): role is TRole => role !== undefined);
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A refresh token names its user, so one minted before a page reload can still be honoured. */
function mintRefreshToken(user: TDemoUser): string {
  return `${MOCK_SID_PREFIX}refresh-${user.id}-${randomToken()}`;
}

const REFRESH_TOKEN = /^mock-refresh-(\d+)-[0-9a-f]{32}$/;

/**
 * An unsigned JWT (alg "none") with the portal's claims: the app reads who is signed in and what
 * they may do from it. The real server accepts no such token, which is the point.
 */
export function mintAuthToken(user: TDemoUser, nowSeconds: number): string {
  const roles = rolesOf(user);
  const claims: TAuthClaims = {
    sub: String(user.id),
    sid: `${MOCK_SID_PREFIX}${user.id}-${randomToken()}`,
    login: user.username,
    roles: roles.map((role) => role.roleName),
    companyId: null,
    permissions: [...new Set(roles.flatMap((role) => role.permissions))],
    iat: nowSeconds,
    exp: nowSeconds + TOKEN_SECONDS,
  };
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.`;
}

/** The claims of a token this mock minted; undefined for any other token. */
function mockClaims(token: string | undefined): { sub: string; sid: string; exp: number } | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const { sub, sid, exp } = claims;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
    return sid.startsWith(MOCK_SID_PREFIX) ? { sub, sid, exp } : undefined;
  } catch {
    return undefined;
  }
}

/** True for a bearer token this mock minted (read without trusting it, like the app does). */
export function isMockToken(token: string | undefined): boolean {
  return mockClaims(token) !== undefined;
}

function languageOf(language: string): TInterfaceLanguage {
  return (INTERFACE_LANGUAGES as readonly string[]).includes(language)
    ? (language as TInterfaceLanguage)
    : 'en';
}

function textOr(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function roleIdsOf(user: TStoredUser): number[] {
  return Array.isArray(user.roles) ? user.roles.filter((roleId) => ROLES[roleId] !== undefined) : [];
}

/**
 * A demo profile as the portal's user record (contract ZUser). Read defensively: anyone may have
 * replaced the record through PUT /api/mock/users/{id} with fewer or other fields.
 */
export function toPortalUser(user: TStoredUser): TUser {
  return {
    id: user.id,
    login: user.username,
    active: true,
    roles: roleIdsOf(user).map((roleId) => ({ roleId, roleName: ROLES[roleId]?.roleName ?? '' })),
    firstName: textOr(user.firstname),
    lastName: textOr(user.lastname),
    email: textOr(user.email),
    phone: textOr(user.phone) || null,
    companyName: textOr(user.companyName) || null,
    company: null,
    // A demo user counts as e-mail activated (spec 4) from the start.
    lastLogin: textOr(user.lastLogin, DEMO_JOIN_DATE),
    joinDate: textOr(user.joinDate, DEMO_JOIN_DATE),
    registrationCompleted: true,
    licenseInfo: null,
    licenseAcceptanceDate: null,
    termsId: 0,
    photoFileName: null,
    photoBase64: null,
    mfaEnabled: false,
    language: languageOf(textOr(user.language)),
  };
}

function bearerOf(authorization: string | null): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1];
}

function badBody(issues: ReadonlyArray<{ message: string }>): TMockResponse {
  return {
    status: 400,
    body: {
      responseCode: 400,
      errorMessages: ['[Title] Bad request', ...issues.map((issue) => `[Detail] ${issue.message}`)],
    },
  };
}

/** POST /api/user/login: a demo username and the SHA-512 of its password (CONTRACT 2). */
export function mockLogin(items: TMockItem[], body: unknown, now: Date): TMockResponse {
  const parsed = ZLoginRequest.safeParse(body);
  if (!parsed.success) return badBody(parsed.error.issues);
  const user = storedUsers(items).find((candidate) => candidate.username === parsed.data.username);
  if (!user || sha512Hex(String(user.password)) !== parsed.data.password.toLowerCase()) {
    return refused(401, 'Sign-in failed', 'The login detail is incorrect');
  }
  user.authToken = mintAuthToken(user, Math.floor(now.getTime() / 1000));
  user.refreshToken = mintRefreshToken(user);
  user.lastLogin = now.toISOString();
  return envelope(200, {
    id: user.id,
    authToken: user.authToken,
    refreshToken: user.refreshToken,
    userInfos: [toPortalUser(user)],
  });
}

/**
 * The user of a bearer authToken. The database is rebuilt with every page load, so besides the
 * token stored by the last sign-in, any unexpired token this mock minted for a user counts,
 * unless that sign-in was signed out: a reload keeps a mock sign-in, as it keeps a real one.
 */
function signedIn(items: TMockItem[], authorization: string | null, now: Date): TStoredUser | undefined {
  const token = bearerOf(authorization);
  if (!token) return undefined;
  const users = storedUsers(items);
  const stored = users.find((user) => user.authToken === token);
  if (stored) return stored;
  const claims = mockClaims(token);
  if (!claims || claims.exp * 1000 <= now.getTime()) return undefined;
  const user = users.find((candidate) => String(candidate.id) === claims.sub);
  return user && !(user.signedOutSids ?? []).includes(claims.sid) ? user : undefined;
}

/**
 * The user of a refresh token: the one stored by the last sign-in or renewal, or one minted before
 * a page reload while this page has not yet signed that user in or renewed (single use either way).
 */
function refreshedBy(items: TMockItem[], authorization: string | null): TStoredUser | undefined {
  const token = bearerOf(authorization);
  if (!token) return undefined;
  const users = storedUsers(items);
  const stored = users.find((user) => user.refreshToken === token);
  if (stored) return stored;
  const id = REFRESH_TOKEN.exec(token)?.[1];
  const user = users.find((candidate) => String(candidate.id) === id);
  return user && user.refreshToken === seedRefreshToken(user.id) ? user : undefined;
}

const NOT_SIGNED_IN = refused(401, 'Not signed in', 'The mock backend knows no sign-in with this token');

/** GET /api/user/me: the user of the bearer authToken. */
export function mockMe(items: TMockItem[], authorization: string | null, now: Date): TMockResponse {
  const user = signedIn(items, authorization, now);
  return user ? envelope(200, { userInfos: [toPortalUser(user)] }) : NOT_SIGNED_IN;
}

/** GET /api/user/token-renew with the refresh token: a new pair, the old refresh token spent. */
export function mockRenew(items: TMockItem[], authorization: string | null, now: Date): TMockResponse {
  const user = refreshedBy(items, authorization);
  if (!user) return NOT_SIGNED_IN;
  user.authToken = mintAuthToken(user, Math.floor(now.getTime() / 1000));
  user.refreshToken = mintRefreshToken(user);
  return envelope(200, { authToken: user.authToken, refreshToken: user.refreshToken });
}

/** GET /api/user/logout: forgets the sign-in's tokens. */
export function mockLogout(items: TMockItem[], authorization: string | null, now: Date): TMockResponse {
  const user = signedIn(items, authorization, now);
  if (!user) return NOT_SIGNED_IN;
  const sid = mockClaims(bearerOf(authorization))?.sid;
  if (sid) user.signedOutSids = [...(user.signedOutSids ?? []), sid];
  user.authToken = `${MOCK_SID_PREFIX}signed-out-${user.id}`;
  user.refreshToken = `${MOCK_SID_PREFIX}signed-out-${user.id}`;
  return envelope(200);
}

/** POST /api/user/find: the demo users through the contract's filters and paging. */
export function mockFindUsers(
  items: TMockItem[],
  authorization: string | null,
  body: unknown,
  now: Date,
): TMockResponse {
  const caller = signedIn(items, authorization, now);
  if (!caller) return NOT_SIGNED_IN;
  if (!rolesOf(caller).some((role) => role.permissions.includes('usermanagement.read'))) {
    return refused(403, 'Not allowed', 'Finding users needs the usermanagement.read permission');
  }
  const parsed = ZUserFindRequest.safeParse(body ?? {});
  if (!parsed.success) return badBody(parsed.error.issues);
  const { ids, logins, roleIds, active, search, page = 1, pageSize = 1000 } = parsed.data;
  const needle = search?.trim().toLowerCase();
  const found = storedUsers(items)
    .map(toPortalUser)
    .filter((user) => !ids || ids.includes(user.id))
    .filter((user) => !logins || logins.includes(user.login))
    .filter((user) => !roleIds || user.roles.some((role) => roleIds.includes(role.roleId)))
    .filter((user) => active === undefined || user.active === active)
    .filter(
      (user) =>
        !needle ||
        [user.login, user.firstName, user.lastName, user.email].some((text) =>
          text.toLowerCase().includes(needle),
        ),
    );
  return envelope(200, {
    userInfos: found.slice((page - 1) * pageSize, page * pageSize),
    totalCount: found.length,
  });
}

/** Which user call a path under /api/user names, or undefined for one the mock does not answer. */
export type TUserCall = 'login' | 'me' | 'token-renew' | 'logout' | 'find';

const USER_CALLS: ReadonlyArray<readonly [TUserCall, string]> = [
  ['login', 'POST'],
  ['me', 'GET'],
  ['token-renew', 'GET'],
  ['logout', 'GET'],
  ['find', 'POST'],
];

/**
 * Answers one call under /api/user (`call` is the rest of the path, e.g. "login"): the five the
 * sign-in needs; any other user call is 405, so it never reaches a server the mock stands in for.
 */
export function answerUserCall(
  items: TMockItem[],
  call: string,
  method: string,
  authorization: string | null,
  body: unknown,
  now: Date,
): TMockResponse {
  const known = USER_CALLS.find(([name]) => name === call);
  if (!known || known[1] !== method.toUpperCase()) {
    return refused(
      405,
      'Method not allowed',
      `The mock backend answers ${USER_CALLS.map(([name, verb]) => `${verb} /user/${name}`).join(', ')}; not ${method.toUpperCase()} /user/${call}`,
    );
  }
  switch (known[0]) {
    case 'login':
      return mockLogin(items, body, now);
    case 'me':
      return mockMe(items, authorization, now);
    case 'token-renew':
      return mockRenew(items, authorization, now);
    case 'logout':
      return mockLogout(items, authorization, now);
    case 'find':
      return mockFindUsers(items, authorization, body, now);
  }
}
