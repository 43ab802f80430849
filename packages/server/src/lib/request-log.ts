import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * One log line per request, written when it completes (method, path, status, milliseconds),
 * instead of Fastify's two (one on arrival, one on completion without the path).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // A server-side failure answered without an error (a 503 from the health check) is a warning
    // even on a route that logs only those (health's logLevel is warn).
    else if (reply.statusCode >= 500) reply.log.warn(line, 'request failed');
    else reply.log.info(line, 'request');
  }
}

/** The longest text of a logged error kept whole (a message, a stack, a query). */
export const MAX_LOGGED_CHARS = 4_000;

/** A value with every long text cut, long lists shortened and nesting bounded. */
function bounded(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.length <= MAX_LOGGED_CHARS
      ? value
      : `${value.slice(0, MAX_LOGGED_CHARS)}… (${value.length - MAX_LOGGED_CHARS} more characters)`;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth === 0) return '[…]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, 20).map((item) => bounded(item, depth - 1));
    return value.length > 20 ? [...kept, `… (${value.length - 20} more)`] : kept;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, bounded(item, depth - 1)]));
}

/**
 * An error as the log writes it: pino's own serialisation, with every text cut to
 * MAX_LOGGED_CHARS. A failed query's message carries the statement and every parameter: a save
 * of ten megabytes that fails would otherwise write a line of a gigabyte.
 */
export function loggedError(error: Error): ReturnType<typeof stdSerializers.err> {
  return bounded(stdSerializers.err(error), 4) as ReturnType<typeof stdSerializers.err>;
}
