import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import type { TStoredFile } from '../../lib/file-store.ts';
import { sendFile, type TSendable } from '../../lib/send-file.ts';
import { routesOf } from '../../plugins/routes.ts';

const ZPictureParams = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/, 'hash is not valid') });
/** A picture's address is its content hash: the answer never changes, so caches keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Pictures of categories and families by content hash. Public like any image on a web page: the
 * address is a SHA-256 of the content, known only from a record its reader was allowed to see, and
 * only pictures are served here (never family files).
 */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const { files } = app.services;
  const route = routesOf(app);

  const picture = async (hash: string) => {
    const file = await files.describe(hash);
    if (!file?.mimeType.startsWith('image/')) throw notFound('notFound', { name: 'picture' });
    return file;
  };
  /** A stored file to send, 404 when it is gone from the data folder (before any caching header is set). */
  const sendable = async (file: TStoredFile): Promise<TSendable> => {
    const size = await files.sizeOf(file.hash);
    if (size === null) throw notFound('fileMissing');
    return { ...file, size, cacheControl: IMMUTABLE, open: (range) => files.openRead(file.hash, range) };
  };

  route.file(
    '/picture/:hash',
    { summary: 'A picture by its SHA-256', permission: 'public', params: ZPictureParams },
    async ({ params, request, reply }) =>
      sendFile(request, reply, await sendable(await picture(params.hash))),
  );

  route.file(
    '/picture/:hash/thumbnail',
    { summary: "A picture's thumbnail (PNG, at most 256 px)", permission: 'public', params: ZPictureParams },
    async ({ params, request, reply }) => {
      await picture(params.hash);
      const thumbnailHash = await files.thumbnail(params.hash);
      const file = thumbnailHash ? await files.describe(thumbnailHash) : undefined;
      if (!file) throw notFound('notFound', { name: 'picture' });
      return sendFile(request, reply, await sendable(file));
    },
  );
}
