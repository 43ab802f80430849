import multipart from '@fastify/multipart';
import {
  MAX_FAMILY_FILE_BYTES,
  ZDownloadTicket,
  ZDownloadTicketRequest,
  ZFamilyDeleteRequest,
  ZFamilyFindRequest,
  ZFamilySaveRequest,
  ZFamilyUpload,
  ZFamilyVersionRequest,
  ZPendingCount,
  ZRevitFamilyInfos,
  ZRevitFamilyPage,
  ZIdParams,
  ZPathId,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError, badRequest, tooLarge } from '../../lib/app-error.ts';
import { sendFile } from '../../lib/send-file.ts';
import { JsonText, routesOf } from '../../plugins/routes.ts';

/** Families travel base64 in JSON up to 50 MiB (base64 a third larger), with a picture beside. */
const SAVE_BODY_LIMIT = 80 * 1024 * 1024;
const ZDownloadQuery = z.object({
  versionId: ZPathId.optional(),
  ticket: z.string().max(1000).optional(),
});

/** The family library (spec 7, CONTRACT 4 and 5). */
export async function familiesRoutes(app: FastifyInstance): Promise<void> {
  const { families } = app.services;
  const route = routesOf(app);

  route.post(
    '/family/find',
    {
      summary: 'Find families: filters, facets, search (trigram index), paging, sorting',
      permission: 'contentmanagement.read',
      body: ZFamilyFindRequest,
      response: ZRevitFamilyPage,
    },
    // The records go out as PostgreSQL wrote them (with thumbnails, as the service wrote them).
    async ({ caller, body }) => {
      const page = await families.find(caller, body);
      return JsonText.of({
        revitFamilyInfos: page.recordsJson,
        totalCount: String(page.totalCount),
        ...(page.facets ? { facets: JSON.stringify(page.facets) } : {}),
      });
    },
  );

  route.get(
    '/family/get/:id',
    {
      summary: 'One family with its types and file versions',
      permission: 'contentmanagement.read',
      params: ZIdParams,
      response: ZRevitFamilyInfos,
    },
    async ({ caller, params }) => ({ revitFamilyInfos: [await families.get(caller, params.id)] }),
  );

  route.get(
    '/family/pending-count',
    {
      summary: 'Requests waiting for an admin (the caller tree for non-admins)',
      permission: 'contentmanagement.read',
      response: ZPendingCount,
    },
    async ({ caller }) => ({ pendingCount: await families.pendingCount(caller) }),
  );

  route.post(
    '/family/save',
    {
      summary: 'Create families (non-admins: requests for approval), file base64 or an upload id',
      permission: 'contentmanagement.create',
      body: ZFamilySaveRequest,
      response: ZRevitFamilyInfos,
      bodyLimit: SAVE_BODY_LIMIT,
    },
    async ({ caller, body }) => ({ revitFamilyInfos: await families.save(caller, body.revitFamilyInfos) }),
  );

  route.post(
    '/family/update',
    {
      summary: 'Update families (non-admins: change requests; admins act with tifAction)',
      permission: 'contentmanagement.update',
      body: ZFamilySaveRequest,
      response: ZRevitFamilyInfos,
      bodyLimit: SAVE_BODY_LIMIT,
    },
    async ({ caller, body }) => ({ revitFamilyInfos: await families.update(caller, body.revitFamilyInfos) }),
  );

  route.post(
    '/family/delete',
    {
      summary: 'Delete families (non-admins: removal requests)',
      permission: 'contentmanagement.delete',
      body: ZFamilyDeleteRequest,
      response: ZRevitFamilyInfos,
    },
    async ({ caller, body }) => ({
      revitFamilyInfos: await families.delete(
        caller,
        body.revitFamilyInfos.map((family) => family.revitFamilyId),
      ),
    }),
  );

  route.post(
    '/family/version/current',
    {
      summary: 'Make an earlier file version current again (non-admins: a change request)',
      permission: 'contentmanagement.update',
      body: ZFamilyVersionRequest,
      response: ZRevitFamilyInfos,
    },
    async ({ caller, body }) => ({
      revitFamilyInfos: await families.makeCurrent(caller, body.revitFamilyId, body.versionId),
    }),
  );

  route.post(
    '/family/download/ticket',
    {
      summary: 'A one-minute signed link to download a family file in a browser',
      permission: 'contentmanagement.read',
      body: ZDownloadTicketRequest,
      response: ZDownloadTicket,
    },
    ({ caller, body }) => families.ticket(caller, body.revitFamilyId, body.versionId),
  );

  route.file(
    '/family/download/content/:id',
    {
      summary:
        'The family file (current or ?versionId=): bearer token with contentmanagement.read, or a ticket; ETag, 304, Range',
      permission: 'public',
      params: ZIdParams,
      query: ZDownloadQuery,
    },
    async ({ caller, params, query, request, reply }) => {
      const file = await families.download(caller, params.id, query.versionId, query.ticket);
      return sendFile(request, reply, { ...file, onBody: file.counted });
    },
  );

  await app.register(uploadRoutes);
}

/** The streaming upload, in its own scope: only this route reads multipart bodies. */
async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { families } = app.services;
  const route = routesOf(app);
  await app.register(multipart, {
    limits: { files: 1, fileSize: MAX_FAMILY_FILE_BYTES, fields: 5, fieldSize: 1024, parts: 6 },
  });

  route.post(
    '/family/upload',
    {
      summary: 'Stream a family file (multipart field "file", up to 512 MiB); answers what was read from it',
      permission: 'contentmanagement.create',
      response: ZFamilyUpload,
    },
    async ({ caller, request }) => {
      if (!request.isMultipart()) throw badRequest('multipartFileRequired', undefined, 'file');
      const part = await request.file().catch(malformedBody);
      if (!part) throw badRequest('multipartFileRequired', undefined, 'file');
      const fileName = safeFileName(part.filename);
      const upload = await families.upload(caller, Readable.from(partBytes(part.file)), fileName);
      if (part.file.truncated)
        throw tooLarge('tooLargeFile', { name: 'file', max: MAX_FAMILY_FILE_BYTES / 1024 }, 'file');
      return { upload };
    },
  );
}

/**
 * The multipart parser's own failures (no boundary, another boundary than the header's, a body cut
 * short) are the client's: 400 on the body. busboy throws them as bare Errors, with no code or
 * status the error handler could tell apart, hence here, where the route reads the body; ours and
 * @fastify/multipart's (which carry a status: limits, a closed request) pass as they are.
 */
function malformedBody(error: unknown): never {
  if (error instanceof AppError || (error instanceof Error && 'statusCode' in error)) throw error;
  throw badRequest('notValid', { name: 'body' }, 'body');
}

/** A part's bytes, a body that breaks off inside it (the parser's stream error) as the same 400. */
async function* partBytes(file: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file) yield chunk as Buffer;
  } catch (error) {
    malformedBody(error);
  }
}

/** A file name as sent, without control characters or folders, at most 255 characters. */
function safeFileName(name: string): string {
  const clean = [...name].map((c) => (c.charCodeAt(0) < 32 || c === '/' || c === '\\' ? '_' : c)).join('');
  return clean.slice(0, 255) || 'family.rfa';
}
