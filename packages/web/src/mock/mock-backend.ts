import { createMockDatabase, type TMockDatabase, type TMockItem } from './mock-database.ts';
import { mockError, type TMockResponse } from './mock-errors.ts';

/** What the config command reads and changes. */
export type TMockConfig = {
  /** Milliseconds every collection answer waits (spec 9: 500). */
  delay: number;
  /** POST answers 204 without a body (spec 9: default); false answers 201 (new) or 200 (replaced) with the item. */
  post204: boolean;
  /** PUT of an existing item answers 204 (spec 9: default); false answers 200 with the item. */
  put204: boolean;
  /** POST to an existing id answers 409 (spec 8, optional) instead of replacing the item. */
  post409: boolean;
  /** PUT to a missing id answers 404 instead of creating the item. */
  put404: boolean;
  /** DELETE of a missing id answers 404 instead of 204. */
  delete404: boolean;
  /** The query filter compares case-sensitively. */
  caseSensitiveSearch: boolean;
};

export const DEFAULT_MOCK_CONFIG: TMockConfig = {
  delay: 500,
  post204: true,
  put204: true,
  post409: false,
  put404: false,
  delete404: false,
  caseSensitiveSearch: false,
};

/** The longest delay the config command accepts: one minute. */
const MAX_DELAY = 60_000;

/** The collection name that carries commands instead of data (`commands/resetDb`, `commands/config`). */
export const COMMANDS = 'commands';

export type TMockRequest = {
  method: string;
  collectionName: string;
  /** The id of the URL (`users/2`), as text; absent for the collection itself. */
  id?: string;
  /** Query filter: field name (dotted for nested fields) to pattern. */
  query?: ReadonlyArray<readonly [string, string]>;
  /** The parsed JSON body; undefined when there is none. */
  body?: unknown;
};

function isObject(value: unknown): value is TMockItem {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field value as text: scalars as written, objects and arrays as JSON; nothing for null. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

function sameId(itemId: unknown, id: string): boolean {
  return textOf(itemId) === id;
}

function valueAt(item: TMockItem, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split('.')) {
    if (!isObject(value)) return undefined;
    value = value[part];
  }
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A query value is a regular expression; one that is not valid is matched as plain text. */
function patternOf(value: string, caseSensitive: boolean): RegExp {
  const flags = caseSensitive ? '' : 'i';
  try {
    return new RegExp(value, flags);
  } catch {
    return new RegExp(escapeRegExp(value), flags);
  }
}

/** Items whose every queried field matches its pattern (a field given twice must match both). */
export function applyQuery(
  items: readonly TMockItem[],
  query: ReadonlyArray<readonly [string, string]>,
  caseSensitive = false,
): TMockItem[] {
  const tests = query.map(([field, value]) => [field, patternOf(value, caseSensitive)] as const);
  return items.filter((item) =>
    tests.every(([field, pattern]) => {
      const value = valueAt(item, field);
      const values: unknown[] = Array.isArray(value) ? value : [value];
      return values.some((entry) => {
        const text = textOf(entry);
        return text !== undefined && pattern.test(text);
      });
    }),
  );
}

/** True when every item's id is a number (an empty collection counts as numeric). */
function hasNumericIds(items: readonly TMockItem[]): boolean {
  return items.every((item) => typeof item.id === 'number');
}

/** The id a new item gets: one more than the highest; undefined when the ids are not numbers. */
export function generateId(items: readonly TMockItem[]): number | undefined {
  if (!hasNumericIds(items)) return undefined;
  return items.reduce((max, item) => Math.max(max, item.id as number), 0) + 1;
}

/** The URL's id in the collection's type: a number where the collection's ids are numbers. */
function typedId(items: readonly TMockItem[], id: string): string | number {
  return hasNumericIds(items) && /^-?\d+(\.\d+)?$/.test(id) ? Number(id) : id;
}

function get(items: TMockItem[], request: TMockRequest, config: TMockConfig): TMockResponse {
  if (request.id !== undefined) {
    const item = items.find((candidate) => sameId(candidate.id, request.id as string));
    if (!item)
      return mockError('itemNotFound', `'${request.collectionName}' with id='${request.id}' not found`);
    return { status: 200, body: structuredClone(item) };
  }
  const found = request.query?.length ? applyQuery(items, request.query, config.caseSensitiveSearch) : items;
  return { status: 200, body: structuredClone(found) };
}

/** The request's item and the id it speaks of, or the 400 that says why there is none. */
function itemOf(
  items: TMockItem[],
  request: TMockRequest,
): { item: TMockItem; id: string | undefined } | TMockResponse {
  if (!isObject(request.body)) {
    return mockError('badBody', `The body must be one '${request.collectionName}' item as a JSON object`);
  }
  const item = structuredClone(request.body);
  const bodyId = textOf(item.id);
  if (request.id !== undefined && bodyId !== undefined && bodyId !== request.id) {
    return mockError('idMismatch', `Request id '${request.id}' does not match item.id '${bodyId}'`);
  }
  if (bodyId === undefined && request.id !== undefined) item.id = typedId(items, request.id);
  return { item, id: request.id ?? bodyId };
}

function post(items: TMockItem[], request: TMockRequest, config: TMockConfig): TMockResponse {
  const read = itemOf(items, request);
  if (!('item' in read)) return read;
  const { item, id } = read;
  if (id === undefined) {
    const generated = generateId(items);
    if (generated === undefined) {
      return mockError(
        'idNotGenerated',
        `Collection '${request.collectionName}' id type is non-numeric or unknown. Can only generate numeric ids.`,
      );
    }
    item.id = generated;
  }
  const index = id === undefined ? -1 : items.findIndex((candidate) => sameId(candidate.id, id));
  if (index >= 0) {
    if (config.post409) {
      return mockError(
        'itemExists',
        `'${request.collectionName}' item with id='${id}' exists and cannot be updated with POST; use PUT instead`,
      );
    }
    items[index] = item;
    return config.post204 ? { status: 204 } : { status: 200, body: structuredClone(item) };
  }
  items.push(item);
  return config.post204 ? { status: 204 } : { status: 201, body: structuredClone(item) };
}

function put(items: TMockItem[], request: TMockRequest, config: TMockConfig): TMockResponse {
  const read = itemOf(items, request);
  if (!('item' in read)) return read;
  const { item, id } = read;
  if (id === undefined) return mockError('missingId', `Missing '${request.collectionName}' id`);
  const index = items.findIndex((candidate) => sameId(candidate.id, id));
  if (index >= 0) {
    items[index] = item;
    return config.put204 ? { status: 204 } : { status: 200, body: structuredClone(item) };
  }
  if (config.put404) {
    return mockError(
      'itemNotFound',
      `'${request.collectionName}' item with id='${id}' not found and may not be created with PUT; use POST instead`,
    );
  }
  items.push(item);
  return { status: 201, body: structuredClone(item) };
}

function remove(items: TMockItem[], request: TMockRequest, config: TMockConfig): TMockResponse {
  const id = request.id;
  if (id === undefined) return mockError('missingId', `Missing '${request.collectionName}' id`);
  const index = items.findIndex((candidate) => sameId(candidate.id, id));
  if (index >= 0) {
    items.splice(index, 1);
    return { status: 204 };
  }
  if (config.delete404)
    return mockError('itemNotFound', `'${request.collectionName}' with id='${id}' not found`);
  return { status: 204 };
}

/**
 * One request on a collection of `db`, answered at once: GET (list, by id, with the query
 * filter), POST, PUT and DELETE, with spec 8's errors. The database must be ready.
 */
export function answerCollection(
  db: TMockDatabase,
  config: TMockConfig,
  request: TMockRequest,
): TMockResponse {
  const items = db.collection(request.collectionName);
  if (!items) return mockError('collectionNotFound', `Collection '${request.collectionName}' not found`);
  switch (request.method.toUpperCase()) {
    case 'GET':
      return get(items, request, config);
    case 'POST':
      return post(items, request, config);
    case 'PUT':
      return put(items, request, config);
    case 'DELETE':
      return remove(items, request, config);
    default:
      return mockError(
        'methodNotAllowed',
        `${request.method.toUpperCase()} is not allowed on '${request.collectionName}': use GET, POST, PUT or DELETE`,
      );
  }
}

/** The config command's body checked field by field; a wrong field is named in a 400. */
export function readConfigChange(body: unknown): { change: Partial<TMockConfig> } | TMockResponse {
  if (!isObject(body)) return mockError('badBody', 'The config must be a JSON object');
  const change: Partial<TMockConfig> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'delay') {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_DELAY) {
        change.delay = value;
      } else problems.push(`delay must be a whole number of milliseconds from 0 to ${MAX_DELAY}`);
    } else if (key in DEFAULT_MOCK_CONFIG) {
      if (typeof value === 'boolean') change[key as Exclude<keyof TMockConfig, 'delay'>] = value;
      else problems.push(`${key} must be true or false`);
    } else {
      problems.push(`${key} is not a setting of the mock backend`);
    }
  }
  return problems.length > 0 ? mockError('badBody', ...problems) : { change };
}

export type TMockBackend = {
  readonly db: TMockDatabase;
  readonly config: () => TMockConfig;
  /** Answers a request, waiting for the database to be ready first. Never throws. */
  readonly handle: (request: TMockRequest) => Promise<TMockResponse>;
};

/** The mock backend: an in-memory database, its config and the commands on both. */
export function createMockBackend(db: TMockDatabase = createMockDatabase()): TMockBackend {
  let config: TMockConfig = { ...DEFAULT_MOCK_CONFIG };

  async function command(request: TMockRequest): Promise<TMockResponse> {
    const name = request.id?.toLowerCase();
    if (name === 'resetdb') {
      await db.reset();
      return { status: 204 };
    }
    if (name === 'config') {
      if (request.method.toUpperCase() === 'GET') return { status: 200, body: { ...config } };
      const read = readConfigChange(request.body);
      if (!('change' in read)) return read;
      config = { ...config, ...read.change };
      return { status: 204 };
    }
    return mockError('unknownCommand', `Unknown command "${request.id ?? ''}"`);
  }

  return {
    db,
    config: () => config,
    async handle(request) {
      try {
        if (request.collectionName.toLowerCase() === COMMANDS) return await command(request);
        await db.whenReady();
        return answerCollection(db, config, request);
      } catch (error) {
        return mockError('failure', error instanceof Error ? error.message : String(error));
      }
    },
  };
}
