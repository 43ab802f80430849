/** The mock backend's errors (spec 8), each with its HTTP status and title. */
export const MOCK_ERRORS = {
  collectionNotFound: { status: 404, title: 'Collection not found' },
  missingId: { status: 404, title: 'Missing id' },
  itemNotFound: { status: 404, title: 'Item not found' },
  badBody: { status: 400, title: 'Bad request' },
  idMismatch: { status: 400, title: 'Id mismatch' },
  methodNotAllowed: { status: 405, title: 'Method not allowed' },
  itemExists: { status: 409, title: 'Item exists' },
  idNotGenerated: { status: 422, title: 'Id cannot be generated' },
  unknownCommand: { status: 500, title: 'Unknown command' },
  failure: { status: 500, title: 'Mock backend failure' },
} as const;

export type TMockErrorKind = keyof typeof MOCK_ERRORS;

/** The portal's envelope (CONTRACT 1), so the app shows a mock error like a server's. */
export type TMockErrorBody = { responseCode: number; errorMessages: string[] };

export type TMockResponse = { status: number; body?: unknown };

/** An error answer: `[Title] <title>` then one `[Detail]` line per detail. */
export function mockError(
  kind: TMockErrorKind,
  ...details: string[]
): TMockResponse & { body: TMockErrorBody } {
  const { status, title } = MOCK_ERRORS[kind];
  return {
    status,
    body: {
      responseCode: status,
      errorMessages: [`[Title] ${title}`, ...details.map((d) => `[Detail] ${d}`)],
    },
  };
}
