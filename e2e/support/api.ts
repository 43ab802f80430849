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
