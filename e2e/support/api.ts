import { createHash } from 'node:crypto';

/** A call to the portal's API as one signed-in person: the route under /api and its JSON body. */
export type TApiPost = (route: string, body: object) => Promise<Record<string, unknown>>;

/**
 * Signs `login` in through the API and answers a poster for its calls, for a test's set-up: no
 * cookies, so no CSRF header is needed. Anything but a 2xx fails the test with the answer.
 */
export async function postAs(baseUrl: string, login: string, password: string): Promise<TApiPost> {
  const call = async (route: string, body: object, token?: string) => {
    const response = await fetch(new URL(`api${route}`, baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const hashed = createHash('sha512').update(password).digest('hex');
  const { authToken } = (await call('/user/login', { username: login, password: hashed })) as {
    authToken: string;
  };
  return (route, body) => call(route, body, authToken);
}

const DAY_MS = 86_400_000;

/** A company with a licence of five seats valid for `days`, made by the admin; its id. */
export async function licensedCompany(
  admin: TApiPost,
  companyName: string,
  licenseCode: string,
  days = 30,
): Promise<number> {
  const { licenseInfos } = (await admin('/license/save', {
    licenseInfos: [
      {
        licenseCode,
        maxNumberOfUsers: 5,
        licenseValidUntil: new Date(Date.now() + days * DAY_MS).toISOString(),
      },
    ],
  })) as { licenseInfos: { licenseInfoId: number }[] };
  const { companyInfos } = (await admin('/company/save', {
    companyInfos: [{ companyName, companyLicense: { licenseInfoId: licenseInfos[0]!.licenseInfoId } }],
  })) as { companyInfos: { companyId: number }[] };
  return companyInfos[0]!.companyId;
}

/**
 * A maker of people as `/user/save` takes them: registered, signing in with `password`, in the
 * built-in role named (`partnerrole`, `userrole`); `extra` adds or overrides fields.
 */
export async function peopleOf(
  admin: TApiPost,
  password: string,
): Promise<(login: string, role: string, extra?: object) => Record<string, unknown>> {
  const { roleInfos } = (await admin('/role/find', {})) as {
    roleInfos: { roleId: number; roleName: string }[];
  };
  const passwordHash = createHash('sha512').update(password).digest('hex');
  return (login, role, extra = {}) => ({
    login,
    passwordHash,
    firstName: 'Test',
    lastName: role === 'userrole' ? 'Reader' : 'Partner',
    email: `${login}@example.com`,
    registrationCompleted: true,
    roles: [{ roleId: roleInfos.find((r) => r.roleName === role)!.roleId }],
    ...extra,
  });
}

/**
 * A licensed company (see licensedCompany) and one partner of it who signs in with `password`:
 * the company's id.
 */
export async function partnerCompany(
  admin: TApiPost,
  company: { name: string; licenseCode: string },
  partner: { login: string; password: string },
): Promise<number> {
  const companyId = await licensedCompany(admin, company.name, company.licenseCode);
  const person = await peopleOf(admin, partner.password);
  await admin('/user/save', {
    userInfos: [person(partner.login, 'partnerrole', { company: { companyId } })],
  });
  return companyId;
}
