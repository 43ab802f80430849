import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { AppError, badRequest } from '../lib/app-error.ts';
import { fileTooLarge, limitBytes } from '../lib/file-store.ts';

/** The one file of a multipart request: its name made safe, and its bytes held to the limit. */
export type TUpload = { fileName: string; stream: Readable };

export type TUploadReader = (request: FastifyRequest) => Promise<TUpload>;

/**
 * Lets the routes of this scope (register it inside the routes' own plugin, so no other route
 * takes multipart bodies) receive one file streamed as multipart/form-data, and answers the reader
 * each of them calls. Every upload route reads its body this one way:
 * - not multipart, or no file part: 400 `multipartFileRequired`;
 * - the parser's own failures (no boundary, another boundary than the header's, a body cut short): 400;
 * - a file past `maxBytes`: 413 raised inside the stream, so whatever consumes it (the file store's
 *   pipeline, an import's temporary file) fails before it keeps anything.
 */
export async function acceptUploads(
  app: FastifyInstance,
  { maxBytes, defaultName }: { maxBytes: number; defaultName: string },
): Promise<TUploadReader> {
  // One byte past the limit reaches the stream, so a part over it is refused by the count below
  // rather than cut at exactly the limit by the parser and mistaken for a whole file.
  await app.register(multipart, {
    limits: { files: 1, fileSize: maxBytes + 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  return async (request) => {
    if (!request.isMultipart()) throw badRequest('multipartFileRequired', undefined, 'file');
    const part = await request.file().catch(malformedBody);
    if (!part) throw badRequest('multipartFileRequired', undefined, 'file');
    return {
      fileName: safeFileName(part.filename, defaultName),
      stream: Readable.from(limitBytes(maxBytes, 'file')(partBytes(part.file, maxBytes))),
    };
  };
}

/** Reads the files of one multipart request in order, each one's bytes held to the limit. */
export type TUploadsReader = (request: FastifyRequest) => Promise<AsyncGenerator<TUpload>>;

/**
 * The same for routes that take many files in one body (registered in their own scope): the
 * reader answers each file part in turn, as `acceptUploads` would but named without its folders;
 * fields are skipped, and a part's stream must be read or drained before the next is asked for.
 * Not multipart, no file part, or a body the parser refuses before its first file: 400 before the
 * route answers anything; past `maxFiles` parts, the parser's 413 as the reader goes.
 */
export async function acceptManyUploads(
  app: FastifyInstance,
  { maxBytes, maxFiles, defaultName }: { maxBytes: number; maxFiles: number; defaultName: string },
): Promise<TUploadsReader> {
  await app.register(multipart, {
    limits: { files: maxFiles, fileSize: maxBytes + 1, fields: 5, fieldSize: 1024, parts: maxFiles + 5 },
  });
  async function* files(request: FastifyRequest): AsyncGenerator<TUpload> {
    const parts = request.parts()[Symbol.asyncIterator]();
    for (;;) {
      const next = await parts.next().catch(malformedBody);
      if (next.done) return;
      const part = next.value;
      if (part.type !== 'file') continue;
      yield {
        fileName: safeFileName(part.filename.split(/[/\\]/).pop() ?? '', defaultName),
        stream: Readable.from(limitBytes(maxBytes, 'file')(partBytes(part.file, maxBytes, false))),
      };
      // What its reader left of a part (it stopped at an error) is skipped, so the next can be read.
      if (!part.file.readableEnded) {
        part.file.resume();
        await finished(part.file).catch(malformedBody);
      }
    }
  }
  return async (request) => {
    if (!request.isMultipart()) throw badRequest('multipartFileRequired', undefined, 'file');
    const all = files(request);
    // The first part is read now, so a body without one or that the parser refuses is a 400 before
    // the route answers anything.
    const first = await all.next();
    if (first.done) throw badRequest('multipartFileRequired', undefined, 'file');
    return (async function* () {
      yield first.value;
      yield* all;
    })();
  };
}

/**
 * The multipart parser's own failures are the client's: 400 on the body. busboy throws them as
 * bare Errors, with no code or status the error handler could tell apart, hence here, where the
 * body is read; ours and @fastify/multipart's (which carry a status: limits, a closed request)
 * pass as they are.
 */
function malformedBody(error: unknown): never {
  if (error instanceof AppError || (error instanceof Error && 'statusCode' in error)) throw error;
  throw badRequest('notValid', { name: 'body' }, 'body');
}

/** A part's bytes; a body that breaks off inside it is the same 400, a part the parser cut a 413. */
async function* partBytes(
  file: MultipartFile['file'],
  maxBytes: number,
  destroyOnReturn = true,
): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file.iterator({ destroyOnReturn })) yield chunk as Buffer;
  } catch (error) {
    malformedBody(error);
  }
  if (file.truncated) throw fileTooLarge('file', maxBytes);
}

/** A file name as sent, without control characters or folders, at most 255 characters. */
export function safeFileName(name: string, fallback: string): string {
  const clean = [...name].map((c) => (c.charCodeAt(0) < 32 || c === '/' || c === '\\' ? '_' : c)).join('');
  return clean.slice(0, 255) || fallback;
}
