import { type TApiTokenScope, ZEnvelope, ZErrorEnvelope } from '@portal/contract';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TClient } from '../lib/client.ts';
import type { Json } from '../lib/json-page.ts';
import { callerOf, type TCallerOf, type TRoutePermission } from './auth.ts';

type TOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route declares: its permission, its schemas from the contract, and a line for the docs. */
export type TRouteSpec<
  P extends TRoutePermission,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  A extends z.ZodType | undefined,
  R extends z.ZodType,
> = {
  /** One line for the API reference and the route table in docs/api.md. */
  summary: string;
  permission: P;
  /** An API token with this scope may call it too (CONTRACT 8); any other API token is refused. */
  tokenScope?: TApiTokenScope;
  body?: B;
  query?: Q;
  params?: A;
  /** The payload beside responseCode and errorMessages. */
  response: R;
  /** Only routes that take files raise Fastify's 1 MiB default. */
  bodyLimit?: number;
  /** 'warn' on a route machines poll (health): its answers are logged only when they fail. */
  logLevel?: 'warn';
};

/** What a handler gets: its typed caller and validated parts, plus the raw request and reply. */
export type TRouteContext<P extends TRoutePermission, B, Q, A> = {
  caller: TCallerOf<P>;
  body: TOut<B>;
  query: TOut<Q>;
  params: TOut<A>;
  client: TClient;
  request: FastifyRequest;
  reply: FastifyReply;
};

type THandler<P extends TRoutePermission, B, Q, A, R extends z.ZodType> = (
  context: TRouteContext<P, B, Q, A>,
) => Promise<z.input<R> | JsonText<z.input<R>>>;

/**
 * A payload already written as JSON text: the members of the payload object without its braces
 * (`"priceListInfos":[…]`), in pieces that go out as they are. For answers whose records
 * PostgreSQL writes as JSON (a find's page, a price list of 100,000 items), so they never become
 * objects and then text again. `P` is the payload it stands for, checked against the route's
 * response type; in tests (`checkResponses`) the text is also parsed and checked against the schema.
 */
export class JsonText<P = unknown> {
  declare private readonly payload: P;
  readonly members: readonly string[];
  /** Sent as a stream of its pieces (a large answer), not joined into one string first. */
  readonly stream: boolean;

  constructor(members: readonly string[], options: { stream?: boolean } = {}) {
    this.members = members;
    this.stream = options.stream ?? false;
  }

  /** A payload of named members, each one's value JSON text of that member's type. */
  static of<P extends object>(members: { [K in keyof P]: Json<P[K]> }): JsonText<P> {
    return new JsonText<P>([
      Object.entries(members as Record<string, Json<unknown> | undefined>)
        .flatMap(([key, value]) => (value ? [`${JSON.stringify(key)}:${value.text}`] : []))
        .join(','),
    ]);
  }

  /** The whole answer, `{responseCode, errorMessages, …members}`, as one string. */
  text(): string {
    return [...envelopedText(this)].join('');
  }
}

/** The envelope around a payload of JSON text. */
function* envelopedText(payload: JsonText<unknown>): Generator<string> {
  yield '{"responseCode":200,"errorMessages":[],';
  yield* payload.members;
  yield '}';
}

/** `{responseCode, errorMessages, ...payload}` as a schema. */
export function envelopeOf(payload: z.ZodType): z.ZodType {
  return payload instanceof z.ZodObject ? ZEnvelope.extend(payload.shape) : ZEnvelope.and(payload);
}

/** The empty payload of an answer that carries only the envelope. */
export const ZNoPayload = z.object({});

/**
 * Registers a module's routes. Each one names its permission and contract schemas; Fastify
 * validates the parts, the handler gets its typed caller and answers the payload, which is
 * wrapped in the envelope (CONTRACT 1).
 */
export function routesOf(app: FastifyInstance) {
  const add =
    (method: 'GET' | 'POST') =>
    <
      P extends TRoutePermission,
      R extends z.ZodType,
      B extends z.ZodType | undefined = undefined,
      Q extends z.ZodType | undefined = undefined,
      A extends z.ZodType | undefined = undefined,
    >(
      url: string,
      spec: TRouteSpec<P, B, Q, A, R>,
      handler: THandler<P, B, Q, A, R>,
    ): void => {
      app.route({
        method,
        url,
        config: { permission: spec.permission, tokenScope: spec.tokenScope },
        ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
        ...(spec.logLevel ? { logLevel: spec.logLevel } : {}),
        schema: {
          summary: spec.summary,
          ...(spec.body ? { body: spec.body } : {}),
          ...(spec.query ? { querystring: spec.query } : {}),
          ...(spec.params ? { params: spec.params } : {}),
          response: { 200: envelopeOf(spec.response), '4xx': ZErrorEnvelope },
        },
        handler: async (request, reply) => {
          const payload = await handler({
            caller: callerOf(request, spec.permission),
            body: request.body as TOut<B>,
            query: request.query as TOut<Q>,
            params: request.params as TOut<A>,
            client: { ip: request.ip, userAgent: request.headers['user-agent'] },
            request,
            reply,
          });
          if (payload instanceof JsonText) {
            if (!payload.stream) return payload;
            return reply.type('application/json; charset=utf-8').send(Readable.from(envelopedText(payload)));
          }
          return { responseCode: 200, errorMessages: [], ...(payload as object) };
        },
      });
    };
  /**
   * A route that answers a file (or a 304/206) itself through `reply`: same permission and input
   * checks, errors still as the envelope. A GET, or a POST when it takes a body (an export whose
   * filters are a find's body).
   */
  const file = <
    P extends TRoutePermission,
    B extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    A extends z.ZodType | undefined = undefined,
  >(
    url: string,
    spec: Omit<TRouteSpec<P, B, Q, A, z.ZodType>, 'response' | 'bodyLimit'>,
    handler: (context: TRouteContext<P, B, Q, A>) => Promise<FastifyReply>,
  ): void => {
    app.route({
      method: spec.body ? 'POST' : 'GET',
      url,
      config: { permission: spec.permission, tokenScope: spec.tokenScope },
      schema: {
        summary: spec.summary,
        ...(spec.body ? { body: spec.body } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        response: { '4xx': ZErrorEnvelope },
      },
      handler: (request, reply) =>
        handler({
          caller: callerOf(request, spec.permission),
          body: request.body as TOut<B>,
          query: request.query as TOut<Q>,
          params: request.params as TOut<A>,
          client: { ip: request.ip, userAgent: request.headers['user-agent'] },
          request,
          reply,
        }),
    });
  };
  /**
   * A POST route that answers NDJSON (`application/x-ndjson`): one JSON value per line, each of the
   * `line` schema, written as the handler's lines come (a long job reports as it goes). The same
   * permission and input checks; errors before the first line go out as the envelope, so a handler
   * checks everything it can before it answers its lines.
   */
  const lines = <
    P extends TRoutePermission,
    L extends z.ZodType,
    Q extends z.ZodType | undefined = undefined,
    A extends z.ZodType | undefined = undefined,
  >(
    url: string,
    spec: Omit<TRouteSpec<P, undefined, Q, A, L>, 'response' | 'body' | 'bodyLimit'> & { line: L },
    handler: (context: TRouteContext<P, undefined, Q, A>) => Promise<AsyncIterable<z.input<L>>>,
  ): void => {
    app.route({
      method: 'POST',
      url,
      config: { permission: spec.permission, tokenScope: spec.tokenScope },
      schema: {
        summary: spec.summary,
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        response: { '4xx': ZErrorEnvelope },
      },
      handler: async (request, reply) => {
        const answer = await handler({
          caller: callerOf(request, spec.permission),
          body: undefined,
          query: request.query as TOut<Q>,
          params: request.params as TOut<A>,
          client: { ip: request.ip, userAgent: request.headers['user-agent'] },
          request,
          reply,
        });
        return reply
          .type('application/x-ndjson; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(Readable.from(ndjson(answer)));
      },
    });
  };
  return { get: add('GET'), post: add('POST'), file, lines };
}

async function* ndjson(lines: AsyncIterable<unknown>): AsyncGenerator<string> {
  for await (const line of lines) yield `${JSON.stringify(line)}\n`;
}
