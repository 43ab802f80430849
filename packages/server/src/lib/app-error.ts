import { englishOf, type TMessage, type TMessageKey, type TMessageValues } from '@portal/contract';

/** Every status an AppError may carry, with its `[Title]`. */
export const ERROR_TITLES = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  422: 'Unprocessable content',
  429: 'Too many requests',
  503: 'Service unavailable',
  507: 'Insufficient storage',
} as const;
export type TErrorStatus = keyof typeof ERROR_TITLES;

/**
 * The one error type services throw: a status and keyed messages (CONTRACT 1); the error
 * handler turns it into the envelope, English `[Detail]`s beside their keys.
 */
export class AppError extends Error {
  readonly status: TErrorStatus;
  readonly title: string;
  readonly messages: TMessage[];

  constructor(status: TErrorStatus, messages: TMessage[] = [], title: string = ERROR_TITLES[status]) {
    super(`${title}${messages.length ? `: ${messages.map(englishOf).join('; ')}` : ''}`);
    this.status = status;
    this.title = title;
    this.messages = messages;
  }

  /** The English `[Detail]` texts. */
  get details(): string[] {
    return this.messages.map(englishOf);
  }
}

function failing(status: TErrorStatus) {
  return (key: TMessageKey, values?: TMessageValues, field?: string) =>
    new AppError(status, [{ key, ...(values ? { values } : {}), ...(field ? { field } : {}) }]);
}

export const badRequest = failing(400);
export const unauthorized = failing(401);
export const forbidden = failing(403);
export const notFound = failing(404);
export const conflict = failing(409);
export const tooLarge = failing(413);
export const unsupportedType = failing(415);
export const unprocessable = failing(422);
export const tooManyRequests = failing(429);
