import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';

export type TSendable = {
  hash: string;
  size: number;
  mimeType: string;
  /** Offered as the download's name (`Content-Disposition: attachment`); inline when absent. */
  fileName?: string;
  /** `Cache-Control` of the answer. */
  cacheControl: string;
  open: (range?: { start: number; end: number }) => Readable;
  /** Called when the file's body (or a range from its first byte) is sent, not for HEAD, 304 or later ranges. */
  onBody?: () => Promise<void>;
};

/** One `bytes=a-b` range of a file of `size` bytes: the range, 'unsatisfiable', or undefined for the whole. */
export function rangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answer the whole file, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `attachment; filename=…` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Whether an `If-None-Match` header matches the file's ETag: `*` matches any file that exists, a
 * list matches weakly (RFC 9110, 13.1.2).
 */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a stored file: its type, length and ETag (the content hash), 304 for a matching
 * `If-None-Match` (or `*`), 206 for one `Range`, 416 for a range past its end.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: TSendable,
): Promise<FastifyReply> {
  const etag = `"${file.hash}"`;
  void reply
    .header('etag', etag)
    .header('cache-control', file.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');
  if (file.fileName) void reply.header('content-disposition', contentDisposition(file.fileName));
  if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : rangeOf(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  void reply.type(file.mimeType);
  // HEAD (Fastify answers it through the GET route) sends no body: nothing was downloaded.
  if (request.method !== 'HEAD' && (!range || range.start === 0)) await file.onBody?.();
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(file.open(range));
  }
  return reply.header('content-length', file.size).send(file.open());
}
