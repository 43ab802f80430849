import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Methods that change nothing: their requests queue no jobs, so they carry no request id. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * How long request ids stay readable after the last write request answered, so work a request
 * leaves running past its answer (the forgot-password mail) still finds its id.
 */
const LINGER_MS = 10_000;

/**
 * The id of the request whose work runs in this async context, for the jobs it starts (a mail in
 * the outbox carries it, and the worker logs it), without passing it through every service.
 *
 * On Node 20 an enabled AsyncLocalStorage hooks the creation of every promise in the process (see
 * DbContext.transaction), so only write requests carry an id, and the storage is disabled again
 * once none has been under way for LINGER_MS: a load of reads pays nothing for it.
 */
class RequestContext {
  readonly #storage = new AsyncLocalStorage<string>();
  readonly #carrying = new WeakSet<FastifyRequest>();
  #inFlight = 0;
  #idle: NodeJS.Timeout | undefined;

  /** The id of the request under way in this async context, if it is a write request. */
  get requestId(): string | undefined {
    return this.#storage.getStore();
  }

  /** Runs `work` (the rest of the request) with its id readable; `leave` ends it. */
  enter(request: FastifyRequest, work: () => void): void {
    if (this.#carrying.has(request)) return work();
    this.#carrying.add(request);
    this.#inFlight += 1;
    clearTimeout(this.#idle);
    this.#idle = undefined;
    this.#storage.run(request.id, work);
  }

  /** Marks the request done (once, whichever hook comes first). */
  leave(request: FastifyRequest): void {
    if (!this.#carrying.delete(request)) return;
    this.#inFlight -= 1;
    if (this.#inFlight > 0) return;
    this.#idle = setTimeout(() => {
      if (this.#inFlight === 0) this.#storage.disable();
    }, LINGER_MS);
    this.#idle.unref();
  }
}

/** The one request context of the process: every app in it enters its write requests here. */
export const requestContext = new RequestContext();

/**
 * Makes each write request's id readable to the work it runs (`requestContext.requestId`).
 * Entered in preValidation, not onRequest: a body's handler runs from the body stream's events,
 * outside the async context onRequest ran in.
 */
export function carryRequestIds(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (READ_METHODS.has(request.method)) return done();
    requestContext.enter(request, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    requestContext.leave(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    requestContext.leave(request);
    done();
  });
}
