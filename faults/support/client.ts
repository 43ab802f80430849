/**
 * The clients of the fault tests: sign-in, one API call, a mixed load of reads and writes whose
 * acknowledged writes are remembered, and the count of what the database holds afterwards.
 */
import { createHash } from 'node:crypto';
import { ADMIN_PASSWORD } from './processes.ts';

export type TAnswer = { status: number; json: Record<string, unknown> };

/** One POST to /api`route` with a JSON body; a refused connection answers status 0. */
export async function call(
  base: string,
  route: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<TAnswer> {
  try {
    const response = await fetch(`${base}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = { text };
    }
    return { status: response.status, json };
  } catch {
    return { status: 0, json: {} };
  }
}

export const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

/** Signs `login` in (the admin by default) and answers its bearer token. */
export async function signIn(base: string, login = 'admin', password = ADMIN_PASSWORD, ip?: string) {
  const answer = await call(
    base,
    '/user/login',
    { username: login, password: sha512(password) },
    ip ? { 'x-forwarded-for': ip } : {},
  );
  if (answer.status !== 200)
    throw new Error(`sign-in of ${login} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json.authToken as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type TLoadResult = {
  /** Titles of the notifications whose save answered 200. */
  acknowledged: Set<string>;
  /** Titles whose save got no answer or a 502/504 (the instance died with it): may or may not be saved. */
  unknown: Set<string>;
  /** Answers by status (0: no answer). */
  statuses: Map<number, number>;
  reads: number;
  writes: number;
  latenciesMs: number[];
};

/**
 * `clients` clients, each calling in a loop until `stop()` answers true: two reads (notifications,
 * families) for every write (a notification titled `<prefix>-<client>-<n>`), through `base()`.
 */
export async function mixedLoad(options: {
  base: () => string;
  token: string;
  clients: number;
  prefix: string;
  stop: () => boolean;
}): Promise<TLoadResult> {
  const result: TLoadResult = {
    acknowledged: new Set(),
    unknown: new Set(),
    statuses: new Map(),
    reads: 0,
    writes: 0,
    latenciesMs: [],
  };
  const headers = bearer(options.token);
  const count = (status: number) => result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
  const client = async (id: number) => {
    for (let n = 0; !options.stop(); n++) {
      const started = performance.now();
      if (n % 3 === 2) {
        const title = `${options.prefix}-${id}-${n}`;
        const answer = await call(
          options.base(),
          '/notification/save',
          { notificationInfos: [{ notificationTitle: title }] },
          headers,
        );
        count(answer.status);
        result.writes++;
        if (answer.status === 200) result.acknowledged.add(title);
        else if (answer.status === 0 || answer.status >= 500) result.unknown.add(title);
      } else {
        const route = n % 3 === 0 ? '/notification/find' : '/family/find';
        const answer = await call(
          options.base(),
          route,
          { pageSize: 20, ...(n % 3 === 0 ? { manage: true } : {}) },
          headers,
        );
        count(answer.status);
        result.reads++;
      }
      result.latenciesMs.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, id) => client(id)));
  return result;
}

/**
 * A mixed load (see mixedLoad) that runs while `fault` does and stops when it ends: the load's
 * result once its last requests are answered.
 */
export async function loadDuring(
  options: Omit<Parameters<typeof mixedLoad>[0], 'stop'>,
  fault: () => Promise<void>,
): Promise<TLoadResult> {
  let stopping = false;
  const load = mixedLoad({ ...options, stop: () => stopping });
  try {
    await fault();
  } finally {
    stopping = true;
  }
  return load;
}

/** How many notifications each title starting with `prefix` has, read page by page through the API. */
export async function savedTitles(base: string, token: string, prefix: string): Promise<Map<string, number>> {
  const titles = new Map<string, number>();
  const ids = new Set<number>();
  let total: number;
  for (let page = 1; ; page++) {
    const answer = await call(
      base,
      '/notification/find',
      { manage: true, page, pageSize: 1000, sort: [{ field: 'createdOn', dir: 'asc' }] },
      bearer(token),
    );
    if (answer.status !== 200) throw new Error(`/notification/find answered ${answer.status}`);
    const infos = answer.json.notificationInfos as { notificationId: number; notificationTitle: string }[];
    total = answer.json.totalCount as number;
    for (const info of infos) {
      ids.add(info.notificationId);
      if (info.notificationTitle.startsWith(`${prefix}-`))
        titles.set(info.notificationTitle, (titles.get(info.notificationTitle) ?? 0) + 1);
    }
    if (infos.length < 1000) break;
  }
  if (ids.size !== total) throw new Error(`paging read ${ids.size} notifications of ${total}`);
  return titles;
}

/**
 * Checks a load's writes against what was saved: every acknowledged title once, no title twice,
 * and nothing saved that was never sent. Answers a line saying so.
 */
export function checkWrites(load: TLoadResult, saved: Map<string, number>): string {
  const lost = [...load.acknowledged].filter((title) => saved.get(title) !== 1);
  const doubled = [...saved].filter(([, n]) => n > 1).map(([title]) => title);
  const strays = [...saved.keys()].filter((t) => !load.acknowledged.has(t) && !load.unknown.has(t));
  if (lost.length || doubled.length || strays.length)
    throw new Error(
      `writes: ${lost.length} acknowledged but not saved once (${lost.slice(0, 5).join(', ')}), ` +
        `${doubled.length} doubled, ${strays.length} saved that were never acknowledged nor cut off`,
    );
  const cutOffSaved = [...load.unknown].filter((t) => saved.has(t)).length;
  return (
    `${load.acknowledged.size} acknowledged writes all saved exactly once, none doubled; ` +
    `of ${load.unknown.size} cut off by the fault, ${cutOffSaved} were saved before it`
  );
}

/** The p-th percentile (0–100) of `values`, in ms with one decimal. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** "200: 1234, 502: 3" */
export const statusLine = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');

/** Prints one line of what a fault test proved (collected in the suite's output). */
export function proved(line: string): void {
  console.log(`faults: PROVED ${line}`);
}
