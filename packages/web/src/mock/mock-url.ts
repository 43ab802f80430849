/**
 * The mock's URL space, under the app's API base (`<base>/api/`):
 * - `mock/<collection>[/<id>][?field=pattern...]`: the collections (spec 7), and
 *   `mock/commands/resetDb`, `mock/commands/config`: the commands;
 * - `user/<call>`: the portal's own user calls, answered from the users collection.
 * Anything else is not the mock's and goes to the real backend.
 */
export type TMockTarget =
  | {
      kind: 'collection';
      collectionName: string;
      id?: string;
      query: Array<readonly [string, string]>;
    }
  | { kind: 'user'; call: string };

/** Where a request URL lands in the mock's URL space, or undefined when it is not the mock's. */
export function mockTarget(requestUrl: string, apiBase: string): TMockTarget | undefined {
  const url = new URL(requestUrl);
  const base = new URL(apiBase);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return undefined;
  const segments = url.pathname
    .slice(base.pathname.length)
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  const [area, first, ...rest] = segments;
  if (area === 'user' && first !== undefined) return { kind: 'user', call: [first, ...rest].join('/') };
  if (area !== 'mock') return undefined;
  return {
    kind: 'collection',
    collectionName: first ?? '',
    id: rest.length > 0 ? rest.join('/') : undefined,
    query: [...url.searchParams.entries()],
  };
}
