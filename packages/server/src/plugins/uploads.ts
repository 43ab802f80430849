import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
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
async function* partBytes(file: MultipartFile['file'], maxBytes: number): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file) yield chunk as Buffer;
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
