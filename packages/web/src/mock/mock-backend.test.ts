import { describe, expect, it } from 'vitest';
import {
  answerCollection,
  applyQuery,
  createMockBackend,
  DEFAULT_MOCK_CONFIG,
  generateId,
  readConfigChange,
  type TMockConfig,
  type TMockRequest,
} from './mock-backend.ts';
import { createMockDatabase, type TMockCollections } from './mock-database.ts';

/** A database with a numeric-id collection and a text-id one, fresh for each test. */
function freshDb() {
  return createMockDatabase((): TMockCollections => ({
    users: [
      { id: 1, username: 'admin', address: { city: 'Zurich' }, roles: [1] },
      { id: 2, username: 'user', address: { city: 'Berlin' }, roles: [2] },
      { id: 3, username: 'guest', address: { city: 'Paris' }, roles: [3] },
    ],
    codes: [{ id: 'a', label: 'Alpha' }],
  }));
}

function run(request: Partial<TMockRequest>, config: Partial<TMockConfig> = {}) {
  const db = freshDb();
  const answer = answerCollection(
    db,
    { ...DEFAULT_MOCK_CONFIG, ...config },
    { method: 'GET', collectionName: 'users', ...request },
  );
  return { answer, users: db.collection('users') ?? [], db };
}

function messages(body: unknown): string[] {
  return (body as { errorMessages: string[] }).errorMessages;
}

describe('mock backend defaults', () => {
  it('waits 500 ms and answers 204 to POST and PUT (spec 9)', () => {
    expect(DEFAULT_MOCK_CONFIG).toMatchObject({ delay: 500, post204: true, put204: true, post409: false });
  });
});

describe('GET', () => {
  it('answers the whole collection', () => {
    const { answer } = run({});
    expect(answer.status).toBe(200);
    expect((answer.body as unknown[]).length).toBe(3);
  });

  it('answers one item by id', () => {
    expect(run({ id: '2' }).answer).toEqual({
      status: 200,
      body: { id: 2, username: 'user', address: { city: 'Berlin' }, roles: [2] },
    });
  });

  it('answers a copy, so changing it does not change the database', () => {
    const { answer, users } = run({ id: '1' });
    (answer.body as { username: string }).username = 'changed';
    expect(users[0]?.username).toBe('admin');
  });

  it('filters by a query, case-insensitive regular expressions', () => {
    const { answer } = run({ query: [['username', '^AD']] });
    expect(answer.body).toEqual([expect.objectContaining({ id: 1 })]);
  });

  it('filters by nested fields, array values and every condition at once', () => {
    expect(applyQuery(freshDb().collection('users') ?? [], [['address.city', 'ur']])).toEqual([
      expect.objectContaining({ id: 1 }),
    ]);
    expect(applyQuery(freshDb().collection('users') ?? [], [['roles', '^2$']])).toEqual([
      expect.objectContaining({ id: 2 }),
    ]);
    expect(
      applyQuery(freshDb().collection('users') ?? [], [
        ['username', 'e'],
        ['address.city', 'Paris'],
      ]),
    ).toEqual([expect.objectContaining({ id: 3 })]);
  });

  it('compares case-sensitively when configured', () => {
    expect(run({ query: [['username', 'ADMIN']] }, { caseSensitiveSearch: true }).answer.body).toEqual([]);
  });

  it('matches a query that is not a valid regular expression as plain text', () => {
    const { answer } = run({ query: [['username', '(']] });
    expect(answer).toEqual({ status: 200, body: [] });
  });

  it('answers an empty list when nothing matches', () => {
    expect(run({ query: [['username', 'nobody']] }).answer).toEqual({ status: 200, body: [] });
  });

  it("answers 404 'Collection not found' for an unknown collection", () => {
    const { answer } = run({ collectionName: 'heroes' });
    expect(answer.status).toBe(404);
    expect(messages(answer.body)).toEqual([
      '[Title] Collection not found',
      "[Detail] Collection 'heroes' not found",
    ]);
    expect((answer.body as { responseCode: number }).responseCode).toBe(404);
  });

  it('answers 404 item not found for an id that is not there', () => {
    const { answer } = run({ id: '42' });
    expect(answer.status).toBe(404);
    expect(messages(answer.body)).toEqual([
      '[Title] Item not found',
      "[Detail] 'users' with id='42' not found",
    ]);
  });
});

describe('POST', () => {
  it('adds an item with the next numeric id and answers 204 by default', () => {
    const { answer, users } = run({ method: 'POST', body: { username: 'new' } });
    expect(answer).toEqual({ status: 204 });
    expect(users.at(-1)).toEqual({ id: 4, username: 'new' });
  });

  it('answers 201 with the item when post204 is off', () => {
    const { answer } = run({ method: 'POST', body: { username: 'new' } }, { post204: false });
    expect(answer).toEqual({ status: 201, body: { id: 4, username: 'new' } });
  });

  it('takes the id from the URL when the body has none, in the collection id type', () => {
    const { users } = run({ method: 'POST', id: '9', body: { username: 'nine' } });
    expect(users.at(-1)).toEqual({ id: 9, username: 'nine' });
  });

  it('replaces an item posted with an existing id when post409 is off', () => {
    const { answer, users } = run({ method: 'POST', body: { id: 2, username: 'replaced' } });
    expect(answer).toEqual({ status: 204 });
    expect(users[1]).toEqual({ id: 2, username: 'replaced' });
    expect(users).toHaveLength(3);
  });

  it('answers 200 with the replaced item when post204 is off', () => {
    const { answer } = run({ method: 'POST', body: { id: 2, username: 'replaced' } }, { post204: false });
    expect(answer).toEqual({ status: 200, body: { id: 2, username: 'replaced' } });
  });

  it('answers 409 to an existing id when post409 is on, and changes nothing', () => {
    const { answer, users } = run({ method: 'POST', body: { id: 2, username: 'x' } }, { post409: true });
    expect(answer.status).toBe(409);
    expect(messages(answer.body)[0]).toBe('[Title] Item exists');
    expect(messages(answer.body)[1]).toContain("'users' item with id='2' exists");
    expect(users[1]?.username).toBe('user');
  });

  it('answers 400 when the URL id and the body id differ', () => {
    const { answer } = run({ method: 'POST', id: '2', body: { id: 3 } });
    expect(answer.status).toBe(400);
    expect(messages(answer.body)).toEqual([
      '[Title] Id mismatch',
      "[Detail] Request id '2' does not match item.id '3'",
    ]);
  });

  it('answers 422 when a new id cannot be generated for non-numeric ids', () => {
    const { answer, db } = run({ method: 'POST', collectionName: 'codes', body: { label: 'Beta' } });
    expect(answer.status).toBe(422);
    expect(messages(answer.body)[0]).toBe('[Title] Id cannot be generated');
    expect(messages(answer.body)[1]).toContain("Collection 'codes' id type is non-numeric");
    expect(db.collection('codes')).toHaveLength(1);
  });

  it('accepts a text id given by the client in a text-id collection', () => {
    const { answer, db } = run({ method: 'POST', collectionName: 'codes', body: { id: 'b', label: 'Beta' } });
    expect(answer.status).toBe(204);
    expect(db.collection('codes')?.at(-1)).toEqual({ id: 'b', label: 'Beta' });
  });

  it('answers 400 for a body that is not a JSON object', () => {
    for (const body of [undefined, 'text', [1, 2], null]) {
      const { answer } = run({ method: 'POST', body });
      expect(answer.status).toBe(400);
      expect(messages(answer.body)[0]).toBe('[Title] Bad request');
    }
  });

  it("answers 404 'Collection not found' on an unknown collection", () => {
    expect(run({ method: 'POST', collectionName: 'heroes', body: {} }).answer.status).toBe(404);
  });
});

describe('PUT', () => {
  it('replaces an existing item and answers 204 by default', () => {
    const { answer, users } = run({ method: 'PUT', id: '3', body: { id: 3, username: 'visitor' } });
    expect(answer).toEqual({ status: 204 });
    expect(users[2]).toEqual({ id: 3, username: 'visitor' });
  });

  it('answers 200 with the item when put204 is off', () => {
    const { answer } = run({ method: 'PUT', id: '3', body: { username: 'visitor' } }, { put204: false });
    expect(answer).toEqual({ status: 200, body: { id: 3, username: 'visitor' } });
  });

  it('creates a missing item with 201 by default', () => {
    const { answer, users } = run({ method: 'PUT', id: '7', body: { username: 'seven' } });
    expect(answer).toEqual({ status: 201, body: { id: 7, username: 'seven' } });
    expect(users).toHaveLength(4);
  });

  it('answers 404 item not found for a missing item when put404 is on', () => {
    const { answer, users } = run({ method: 'PUT', id: '7', body: { username: 'seven' } }, { put404: true });
    expect(answer.status).toBe(404);
    expect(messages(answer.body)[0]).toBe('[Title] Item not found');
    expect(users).toHaveLength(3);
  });

  it('answers 404 missing id when neither the URL nor the body has an id', () => {
    const { answer } = run({ method: 'PUT', body: { username: 'x' } });
    expect(answer.status).toBe(404);
    expect(messages(answer.body)).toEqual(['[Title] Missing id', "[Detail] Missing 'users' id"]);
  });

  it('takes the id from the body when the URL has none', () => {
    const { answer, users } = run({ method: 'PUT', body: { id: 1, username: 'root' } });
    expect(answer.status).toBe(204);
    expect(users[0]).toEqual({ id: 1, username: 'root' });
  });

  it('answers 400 when the URL id and the body id differ', () => {
    const { answer } = run({ method: 'PUT', id: '1', body: { id: 2 } });
    expect(answer.status).toBe(400);
    expect(messages(answer.body)[0]).toBe('[Title] Id mismatch');
  });

  it('answers 400 for a body that is not a JSON object', () => {
    expect(run({ method: 'PUT', id: '1', body: 'x' }).answer.status).toBe(400);
  });
});

describe('DELETE', () => {
  it('removes an item and answers 204', () => {
    const { answer, users } = run({ method: 'DELETE', id: '2' });
    expect(answer).toEqual({ status: 204 });
    expect(users.map((user) => user.id)).toEqual([1, 3]);
  });

  it('answers 204 for a missing item by default', () => {
    expect(run({ method: 'DELETE', id: '9' }).answer).toEqual({ status: 204 });
  });

  it('answers 404 item not found for a missing item when delete404 is on', () => {
    const { answer } = run({ method: 'DELETE', id: '9' }, { delete404: true });
    expect(answer.status).toBe(404);
    expect(messages(answer.body)[0]).toBe('[Title] Item not found');
  });

  it('answers 404 missing id without an id', () => {
    const { answer, users } = run({ method: 'DELETE' });
    expect(answer.status).toBe(404);
    expect(messages(answer.body)[0]).toBe('[Title] Missing id');
    expect(users).toHaveLength(3);
  });
});

describe('other methods', () => {
  it('answers 405 method not allowed', () => {
    for (const method of ['PATCH', 'HEAD', 'OPTIONS']) {
      const { answer } = run({ method, id: '1' });
      expect(answer.status).toBe(405);
      expect(messages(answer.body)[0]).toBe('[Title] Method not allowed');
    }
  });
});

describe('generateId', () => {
  it('answers one more than the highest id, 1 for an empty collection, nothing for text ids', () => {
    expect(generateId([{ id: 5 }, { id: 2 }])).toBe(6);
    expect(generateId([])).toBe(1);
    expect(generateId([{ id: 1 }, { id: 'x' }])).toBeUndefined();
  });
});

describe('commands', () => {
  it('resetDb brings back the seed and answers 204', async () => {
    const backend = createMockBackend(freshDb());
    await backend.handle({ method: 'DELETE', collectionName: 'users', id: '1' });
    expect(await backend.handle({ method: 'POST', collectionName: 'commands', id: 'resetDb' })).toEqual({
      status: 204,
    });
    const list = await backend.handle({ method: 'GET', collectionName: 'users' });
    expect((list.body as unknown[]).length).toBe(3);
  });

  it('config answers the current config to GET', async () => {
    const backend = createMockBackend(freshDb());
    expect(await backend.handle({ method: 'GET', collectionName: 'commands', id: 'config' })).toEqual({
      status: 200,
      body: DEFAULT_MOCK_CONFIG,
    });
  });

  it('config changes the delay, the POST and PUT status and 409 on existing ids', async () => {
    const backend = createMockBackend(freshDb());
    const change = { delay: 0, post204: false, put204: false, post409: true };
    expect(
      await backend.handle({ method: 'POST', collectionName: 'commands', id: 'config', body: change }),
    ).toEqual({
      status: 204,
    });
    expect(backend.config()).toMatchObject(change);
    const posted = await backend.handle({ method: 'POST', collectionName: 'users', body: { id: 1 } });
    expect(posted.status).toBe(409);
  });

  it('config refuses a wrong setting with 400 naming it, and keeps the config', async () => {
    const backend = createMockBackend(freshDb());
    const answer = await backend.handle({
      method: 'PUT',
      collectionName: 'commands',
      id: 'config',
      body: { delay: -1, post204: 'yes', colour: 'red' },
    });
    expect(answer.status).toBe(400);
    expect(messages(answer.body)).toEqual([
      '[Title] Bad request',
      '[Detail] delay must be a whole number of milliseconds from 0 to 60000',
      '[Detail] post204 must be true or false',
      '[Detail] colour is not a setting of the mock backend',
    ]);
    expect(backend.config()).toEqual(DEFAULT_MOCK_CONFIG);
  });

  it('config refuses a body that is not an object', () => {
    expect(readConfigChange([])).toMatchObject({ status: 400 });
    expect(readConfigChange('delay=0')).toMatchObject({ status: 400 });
  });

  it('answers 500 for an unknown command', async () => {
    const backend = createMockBackend(freshDb());
    const answer = await backend.handle({ method: 'POST', collectionName: 'commands', id: 'dropAll' });
    expect(answer.status).toBe(500);
    expect(messages(answer.body)).toEqual(['[Title] Unknown command', '[Detail] Unknown command "dropAll"']);
  });

  it('answers 500 for a command without a name', async () => {
    const backend = createMockBackend(freshDb());
    expect((await backend.handle({ method: 'GET', collectionName: 'commands' })).status).toBe(500);
  });

  it('answers a generic failure with 500 instead of throwing', async () => {
    const broken = {
      ...freshDb(),
      collection: () => {
        throw new Error('disk on fire');
      },
    };
    const answer = await createMockBackend(broken).handle({ method: 'GET', collectionName: 'users' });
    expect(answer.status).toBe(500);
    expect(messages(answer.body)).toEqual(['[Title] Mock backend failure', '[Detail] disk on fire']);
  });
});

describe('database-ready state', () => {
  it('waits for a reset to finish before answering a collection request', async () => {
    const backend = createMockBackend(freshDb());
    await backend.handle({ method: 'DELETE', collectionName: 'users', id: '1' });
    const reset = backend.db.reset();
    expect(backend.db.state()).toBe('resetting');
    // Sent while resetting: answered from the rebuilt database, never the old or an empty one.
    const list = backend.handle({ method: 'GET', collectionName: 'users' });
    await reset;
    expect(backend.db.state()).toBe('ready');
    expect(((await list).body as unknown[]).length).toBe(3);
  });
});
