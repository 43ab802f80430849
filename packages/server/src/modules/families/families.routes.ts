import {
  MAX_FAMILY_BULK_FILES,
  ZDownloadTicket,
  ZDownloadTicketRequest,
  ZFamilyBulkLine,
  ZFamilyBulkQuery,
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
import { z } from 'zod';
import { sendFile } from '../../lib/send-file.ts';
import { Json } from '../../lib/json-page.ts';
import { JsonText, routesOf } from '../../plugins/routes.ts';
import { acceptManyUploads, acceptUploads } from '../../plugins/uploads.ts';

/** Families travel base64 in JSON up to 50 MiB (base64 a third larger), with a picture beside. */
const SAVE_BODY_LIMIT = 80 * 1024 * 1024;
const ZDownloadQuery = z.object({
  versionId: ZPathId.optional(),
  ticket: z.string().max(1000).optional(),
});

/** The family library (spec 7, CONTRACT 4 and 5). */
export async function familiesRoutes(app: FastifyInstance): Promise<void> {
  const { families, familyDownloads } = app.services;
  const route = routesOf(app);

  route.post(
    '/family/find',
    {
      summary: 'Find families: filters, facets, search (trigram index), paging, sorting',
      permission: 'contentmanagement.read',
      body: ZFamilyFindRequest,
      response: ZRevitFamilyPage,
    },
    // The records go out as PostgreSQL wrote them (with thumbnails when asked).
    async ({ caller, body }) => {
      const { page, facets } = await families.find(caller, body);
      return JsonText.of({
        revitFamilyInfos: page.json(),
        totalCount: Json.of(page.total),
        ...(facets ? { facets: Json.of(facets) } : {}),
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
    async ({ caller, body }) => ({
      revitFamilyInfos: await families.save(caller, body.revitFamilyInfos),
    }),
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
    async ({ caller, body }) => ({
      revitFamilyInfos: await families.update(caller, body.revitFamilyInfos),
    }),
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
    ({ caller, body }) => familyDownloads.ticket(caller, body.revitFamilyId, body.versionId),
  );

  route.file(
    '/family/download/content/:id',
    {
      summary:
        'The family file (current or ?versionId=): bearer token with contentmanagement.read, an API token, or a ticket; ETag, 304, Range',
      permission: 'public',
      tokenScope: 'download',
      params: ZIdParams,
      query: ZDownloadQuery,
    },
    async ({ caller, params, query, request, reply }) => {
      const file = await familyDownloads.download(caller, params.id, query.versionId, query.ticket);
      return sendFile(request, reply, { ...file, onBody: file.counted });
    },
  );

  await app.register(uploadRoutes);
  await app.register(bulkRoutes);
}

/** Many families at once, in its own scope: its multipart bodies carry many files. */
async function bulkRoutes(app: FastifyInstance): Promise<void> {
  const { familyBulk } = app.services;
  const route = routesOf(app);
  const readFiles = await acceptManyUploads(app, {
    maxBytes: familyBulk.maxPartBytes,
    // Each family may come with its type catalog.
    maxFiles: MAX_FAMILY_BULK_FILES * 2,
    defaultName: 'family.rfa',
  });

  route.lines(
    '/family/bulk',
    {
      summary:
        'Save many families: multipart .rfa files, their .txt type catalogs and zips of both; answers NDJSON, a line per file',
      permission: 'contentmanagement.create',
      query: ZFamilyBulkQuery,
      line: ZFamilyBulkLine,
    },
    async ({ caller, query, request }) => {
      const companyId = await familyBulk.target(caller, query.companyId);
      return familyBulk.run(caller, await readFiles(request), companyId);
    },
  );
}

/** The streaming upload, in its own scope: only this route reads multipart bodies. */
async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { familyUploads } = app.services;
  const route = routesOf(app);
  const readUpload = await acceptUploads(app, {
    maxBytes: familyUploads.maxFileBytes,
    defaultName: 'family.rfa',
  });

  route.post(
    '/family/upload',
    {
      summary: 'Stream a family file (multipart field "file", up to 512 MiB); answers what was read from it',
      permission: 'contentmanagement.create',
      response: ZFamilyUpload,
    },
    async ({ caller, request }) => {
      const { fileName, stream } = await readUpload(request);
      return { upload: await familyUploads.upload(caller, stream, fileName) };
    },
  );
}
