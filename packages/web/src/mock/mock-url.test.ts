import { describe, expect, it } from 'vitest';
import { mockTarget } from './mock-url.ts';

const BASE = 'http://portal.test/app/api/';

describe('mockTarget', () => {
  it('reads a collection, an id and the query filter', () => {
    expect(mockTarget('http://portal.test/app/api/mock/users', BASE)).toEqual({
      kind: 'collection',
      collectionName: 'users',
      id: undefined,
      query: [],
    });
    expect(mockTarget('http://portal.test/app/api/mock/users/2?username=ad&city=z%C3%BC', BASE)).toEqual({
      kind: 'collection',
      collectionName: 'users',
      id: '2',
      query: [
        ['username', 'ad'],
        ['city', 'zü'],
      ],
    });
  });

  it('reads the commands as a collection with the command as id', () => {
    expect(mockTarget('http://portal.test/app/api/mock/commands/resetDb', BASE)).toMatchObject({
      collectionName: 'commands',
      id: 'resetDb',
    });
  });

  it('answers an empty collection name for the bare mock path (then 404 Collection not found)', () => {
    expect(mockTarget('http://portal.test/app/api/mock/', BASE)).toMatchObject({ collectionName: '' });
  });

  it('reads the user calls with their sub-paths, without a trailing slash', () => {
    expect(mockTarget('http://portal.test/app/api/user/login/', BASE)).toEqual({
      kind: 'user',
      call: 'login',
    });
    expect(mockTarget('http://portal.test/app/api/user/selfcare/activate', BASE)).toEqual({
      kind: 'user',
      call: 'selfcare/activate',
    });
  });

  it('leaves every other address to the real backend', () => {
    expect(mockTarget('http://portal.test/app/api/family/find', BASE)).toBeUndefined();
    expect(mockTarget('http://portal.test/app/api/user', BASE)).toBeUndefined();
    expect(mockTarget('http://portal.test/other/api/mock/users', BASE)).toBeUndefined();
    expect(mockTarget('http://elsewhere.test/app/api/mock/users', BASE)).toBeUndefined();
  });
});
