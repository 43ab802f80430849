import type { TErrorEnvelope, TMessage } from '@portal/contract';
import { englishOf } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ERROR_TITLES, type TErrorStatus } from '../lib/app-error.ts';

/** The error envelope: `[Title]`, one English `[Detail]` per message, and the messages' keys beside them. */
export function errorEnvelope(status: number, title: string, messages: readonly TMessage[]): TErrorEnvelope {
  return {
    responseCode: status,
    errorMessages: [`[Title] ${title}`, ...messages.map((m) => `[Detail] ${englishOf(m)}`)],
    errorDetails: messages.map(({ key, values, field }) => ({
      key,
      ...(values ? { values } : {}),
      ...(field ? { field } : {}),
    })),
  };
}

const FASTIFY_CODES: Record<string, TMessage['key']> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bodyNotJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'contentTypeNotSupported',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bodyNotJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bodyRequired',
};

/** Fastify's own client errors (bad JSON, body too large, wrong content type, time-outs) as AppErrors. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  const known = status in ERROR_TITLES ? (status as TErrorStatus) : 400;
  const key =
    FASTIFY_CODES[error.code] ??
    (error instanceof SyntaxError ? 'bodyNotJson' : status === 408 ? 'requestTimeout' : undefined);
  return new AppError(known, key ? [{ key }] : [{ key: 'notValid', values: { name: 'request' } }]);
}

/** The PostgreSQL error behind a (possibly wrapped) driver error. */
function pgErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return e as { code: string; constraint?: string };
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Each unique index's message and the request field it concerns, so a taken name or code reads as
 * a sentence of its area and shows at its field (the field without its record's index: the index
 * does not say which record of the request met it).
 */
export const UNIQUE_INDEXES: Record<string, TMessage> = {
  categories_name_unique: { key: 'categoryNameTaken', field: 'categoryName' },
  companies_name_unique: { key: 'companyNameTaken', field: 'companyName' },
  licenses_code_unique: { key: 'licenceCodeTaken', field: 'licenseCode' },
  generic_lists_code_unique: { key: 'listCodeTaken', field: 'listCode' },
  generic_list_items_code_unique: { key: 'listItemCodeTaken', field: 'itemCode' },
  parameter_lists_code_unique: { key: 'parameterListCodeTaken', field: 'parameterListCode' },
  parameters_name_unique: { key: 'parameterNameTaken', field: 'parameterName' },
  price_lists_code_unique: { key: 'priceListCodeTaken', field: 'priceListCode' },
  price_items_order_unique: { key: 'orderNumberTaken', field: 'orderNumber' },
  roles_name_unique: { key: 'roleNameExists', field: 'roleName' },
  users_login_unique: { key: 'loginExists', field: 'login' },
};

/**
 * Races that slip past a service's checks end in the database's constraints: a unique violation
 * is a 409 (the same login or name saved twice at once), a row still referenced is a 409 too, and
 * so is a transaction PostgreSQL rolled back to end a deadlock (nothing of it was saved).
 */
function fromConstraint(error: unknown): AppError | undefined {
  const pgError = pgErrorOf(error);
  const name = pgError?.constraint?.replace(/_(unique|pkey|fkey|idx)$/, '').replace(/_/g, ' ') ?? 'record';
  if (pgError?.code === '23505') {
    const taken = pgError.constraint === undefined ? undefined : UNIQUE_INDEXES[pgError.constraint];
    return new AppError(409, [taken ?? { key: 'alreadyExists', values: { name } }]);
  }
  // 23503: a foreign key still points at it; 23001: the same under ON DELETE RESTRICT (PGlite).
  if (pgError?.code === '23503' || pgError?.code === '23001')
    return new AppError(409, [{ key: 'inUse', values: { name } }]);
  // 40P01: two transactions waited on each other (the record counts both change) and PostgreSQL
  // rolled this one back; 40001: the same under a serializable transaction.
  if (pgError?.code === '40P01' || pgError?.code === '40001')
    return new AppError(409, [{ key: 'changedAtOnce' }]);
  return undefined;
}

/**
 * A value the database refused (SQLSTATE class 22: numeric value out of range 22003, string too
 * long 22001, invalid text representation 22P02, ...) is the request's fault: 400, not 500. The
 * contract's limits should stop it first; this is the net for a limit the schemas miss.
 */
function fromDataError(error: unknown): AppError | undefined {
  return pgErrorOf(error)?.code.startsWith('22')
    ? new AppError(400, [{ key: 'valueNotStorable' }])
    : undefined;
}

/**
 * The disk (or the quota) of the data folder is full: 507, nothing saved (the upload's temporary
 * file is removed on the way out), logged as an error for the operator. Reads go on being served.
 */
function fromFullDisk(error: unknown): AppError | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return new AppError(507, [{ key: 'storageFull' }]);
    e = e.cause as typeof e;
  }
  return undefined;
}

/** SQLSTATEs of a database server that is gone, going or not yet back (class 08, shutdowns, start-up). */
const DATABASE_DOWN_STATES = /^(08...|57P0[1-3]|53300)$/;
/** node-postgres's own words when its connection ends under it, and the pool's when none comes. */
const DATABASE_DOWN_TEXTS =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection is closed)/;
/** A socket the operating system refused or cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * A part a request needs is down: the database server (restarting, failed over, out of
 * connections: 503 databaseDown) or the object store (unreachable, timing out or failing: 503
 * naming storage, as readiness does). A load balancer and a client may retry a 503; it is no 500.
 * The AWS SDK's errors carry `$metadata`; anything else that matches is the database's.
 */
function fromPartDown(error: unknown): AppError | undefined {
  const seen: unknown[] = [error];
  for (let i = 0; i < seen.length && i < 8; i++) {
    const e = seen[i] as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
      $metadata?: { httpStatusCode?: number };
    };
    if (!e || typeof e !== 'object') continue;
    const socket = typeof e.code === 'string' && SOCKET_CODES.has(e.code);
    if (e.$metadata) {
      if (socket || e.name === 'TimeoutError' || (e.$metadata.httpStatusCode ?? 0) >= 500)
        return new AppError(503, [{ key: 'notReady', values: { parts: 'storage' } }]);
      continue;
    }
    if (
      socket ||
      (typeof e.code === 'string' && DATABASE_DOWN_STATES.test(e.code)) ||
      (typeof e.message === 'string' && DATABASE_DOWN_TEXTS.test(e.message))
    )
      return new AppError(503, [{ key: 'databaseDown' }]);
    seen.push(e.cause, ...(Array.isArray(e.errors) ? (e.errors as unknown[]) : []));
  }
  return undefined;
}

/**
 * Headers a file answer sets before its body (send-file.ts): an error after them (its file gone
 * between the check and the read) would go out typed as the file, outside the envelope, with the
 * file's ETag and its Cache-Control, so a cache could keep the error for a year.
 */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-range',
  'accept-ranges',
  'etag',
] as const;

/** One error handler: AppError and client errors become the envelope; genuine faults are hidden and logged. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    for (const name of FILE_HEADERS) reply.removeHeader(name);
    void reply.header('cache-control', 'no-store');
    const dataError = error instanceof AppError ? undefined : fromDataError(error);
    // Logged: a value that reaches the database only to be refused there is a limit missing from the contract.
    if (dataError) request.log.warn({ err: error }, 'database refused a value');
    const fullDisk = error instanceof AppError ? undefined : fromFullDisk(error);
    if (fullDisk) request.log.error({ err: error }, 'no room left on the data folder');
    const partDown = error instanceof AppError || fullDisk ? undefined : fromPartDown(error);
    if (partDown) request.log.error({ err: error }, 'a part the request needs does not answer');
    const appError =
      error instanceof AppError
        ? error
        : (fullDisk ?? partDown ?? fromConstraint(error) ?? dataError ?? fromFastifyError(error));
    if (appError) {
      if (appError.status === 401 || appError.status === 403 || appError.status === 429) {
        request.log.info({ status: appError.status, details: appError.details }, 'request refused');
      }
      return reply
        .status(appError.status)
        .send(errorEnvelope(appError.status, appError.title, appError.messages));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(
        errorEnvelope(500, 'Internal server error', [
          { key: 'internalError', values: { reference: request.id } },
        ]),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send(
        errorEnvelope(404, ERROR_TITLES[404], [
          { key: 'routeNotFound', values: { method: request.method, path: request.url.split('?')[0] ?? '' } },
        ]),
      );
  });
});
