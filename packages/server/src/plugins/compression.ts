import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: a compressed frame would save less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** Text the API answers (JSON, CSV, SVG); files that are archives already (xlsx, zip, rfa) are not. */
const COMPRESSIBLE = /^(application\/(json|problem\+json|xml)|text\/|image\/svg\+xml)/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli's quality 4 squeezes a page of families (75 KB of JSON) to about a tenth in about a
 * millisecond; its default (11) takes fifty times longer for a few per cent more.
 */
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

export type TEncoding = 'br' | 'gzip';

/**
 * The encoding to answer in, from an Accept-Encoding header: brotli when it is accepted, else
 * gzip, else none. A coding with `q=0` is refused; `*` accepts both unless they are named with q=0.
 */
export function negotiatedEncoding(header: string | undefined): TEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: TEncoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses the API's text answers of 1 KB or more for a browser that accepts brotli or gzip
 * (issue 27: a page of families is 75 KB of JSON, 9 KB in brotli). The web app's own files are
 * compressed at build time (web-app.ts); streamed files and answers already encoded pass as they
 * are. The work runs on libuv's thread pool, so the request thread goes on meanwhile. BREACH
 * needs a secret and text an attacker chose in one answer to a request the browser authenticates
 * by itself; the API authenticates by a bearer token a forged request cannot carry.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
      // A text's UTF-8 length is counted only when its length in characters leaves it in doubt:
      // counting walks the whole text (a page of families is 66 KB).
      if (payload.length < COMPRESS_MIN_BYTES && Buffer.byteLength(payload) < COMPRESS_MIN_BYTES)
        return payload;
      // Whatever is chosen, a cache must keep one answer per Accept-Encoding.
      const vary = reply.getHeader('vary');
      if (typeof vary !== 'string' || !/\baccept-encoding\b/i.test(vary))
        void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      const encoding = negotiatedEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed =
        encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload, { level: 6 });
      void reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compression' },
);
