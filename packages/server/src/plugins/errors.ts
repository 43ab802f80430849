import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { errorEnvelope } from '../lib/envelope.ts';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
};

/** Maps Fastify's own errors (bad JSON, body too large, wrong content type) to the envelope. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  const detail =
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
      ? 'body is not valid JSON'
      : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'body is too large'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'content type is not supported; send application/json'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'body is required'
            : error.message;
  return new AppError(status, TITLES[status] ?? 'Error', [detail]);
}

/** One error handler: AppError and client errors become the envelope; genuine faults are hidden and logged. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? error : fromFastifyError(error);
    if (appError) {
      if (appError.status === 401 || appError.status === 403 || appError.status === 429) {
        request.log.info({ status: appError.status, details: appError.details }, 'request refused');
      }
      return reply
        .status(appError.status)
        .send(errorEnvelope(appError.status, appError.title, appError.details));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(
        errorEnvelope(500, 'Internal server error', [`Something went wrong; the reference is ${request.id}`]),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send(
        errorEnvelope(404, 'Not found', [
          `The requested route ${request.method} ${request.url.split('?')[0]} is not found`,
        ]),
      );
  });
});
