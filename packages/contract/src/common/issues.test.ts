import { describe, expect, it } from 'vitest';
import { ZUserFindRequest } from '../users/users.schema.ts';
import { messageOfIssue } from './issues.ts';

const messagesOf = (body: unknown) => {
  const parsed = ZUserFindRequest.safeParse(body, { reportInput: true });
  return parsed.success ? [] : parsed.error.issues.map((issue) => messageOfIssue(issue));
};

describe('messageOfIssue', () => {
  it('names a sort field outside the list and the fields there are, on the sort', () => {
    expect(messagesOf({ sort: [{ field: 'passwordHash' }] })).toEqual([
      {
        key: 'sortFieldNotValid',
        values: { field: 'passwordHash', fields: expect.stringContaining('login, firstName') as string },
        field: 'sort',
      },
    ]);
  });

  it('names no value when the sort field is not a text, whatever its toString does', () => {
    const hostile = { toString: [1, 2], valueOf: () => ({}) };
    for (const field of [hostile, { __proto__: null }, 7, null]) {
      const [message] = messagesOf({ sort: [{ field }] });
      expect(message).toMatchObject({ key: 'sortFieldNotValid', values: { field: 'value' }, field: 'sort' });
    }
  });
});
