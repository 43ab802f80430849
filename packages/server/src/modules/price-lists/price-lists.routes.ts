import {
  INTERFACE_LANGUAGES,
  languageOfHeader,
  ZId,
  ZPriceListCopyRequest,
  ZPriceListDeleteRequest,
  ZPriceListFindRequest,
  ZPriceListGetAnswer,
  ZPriceListGetRequest,
  ZPriceListImportAnswer,
  ZPriceListInfos,
  ZPriceListPage,
  ZPriceListSaveRequest,
  ZIdParams,
} from '@portal/contract';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decodeBase64 } from '../../lib/file-store.ts';
import { contentDisposition } from '../../lib/send-file.ts';
import { routesOf } from '../../plugins/routes.ts';
import { acceptUploads } from '../../plugins/uploads.ts';
import { MAX_IMPORT_BYTES } from './price-lists.service.ts';

const ZLanguageQuery = z.object({ language: z.enum(INTERFACE_LANGUAGES).optional() });
/**
 * The spec's import payload: the workbook base64 beside its file name; `dryRun` checks the sheet
 * and answers what it would change (`importPreview`) without changing anything.
 */
const ZImportRequest = z.object({
  priceListId: ZId,
  excelFile: z.object({ fileName: z.string().max(255), base64FileContent: z.string() }),
  dryRun: z.boolean().optional(),
});
/** `?dryRun=true` on the streamed import: the same check and answer as the JSON route's `dryRun`. */
const ZImportQuery = z.object({ dryRun: z.enum(['true', 'false']).optional() });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A list of 100,000 items is about 40 MB of JSON. */
const SAVE_BODY_LIMIT = 64 * 1024 * 1024;

/** Price lists and part lists (spec 7). */
export async function priceListsRoutes(app: FastifyInstance): Promise<void> {
  const { priceLists } = app.services;
  const route = routesOf(app);

  // Served both as /prices/get/pricelist/42 and /prices/get/pricelist42 (CONTRACT 1).
  for (const url of ['/prices/get/pricelist/:id', '/prices/get/pricelist:id']) {
    route.post(
      url,
      {
        summary:
          'One price list with a page of its items (page, pageSize up to 1000, sort, search; by default the first 1000) and totalCount',
        permission: 'contentmanagement.read',
        params: ZIdParams,
        body: ZPriceListGetRequest,
        response: ZPriceListGetAnswer,
      },
      ({ caller, params, body }) => priceLists.getPage(caller, params.id, body),
    );
  }

  route.post(
    '/prices/find/pricelist',
    {
      summary: 'Price lists of the caller tree and the portal-wide ones, without items (itemCount)',
      permission: 'contentmanagement.read',
      body: ZPriceListFindRequest,
      response: ZPriceListPage,
    },
    ({ caller, body }) => priceLists.find(caller, body),
  );

  for (const [url, permission] of [
    ['/prices/save/pricelist', 'contentmanagement.create'],
    ['/prices/update/pricelist', 'contentmanagement.update'],
  ] as const) {
    route.post(
      url,
      {
        summary:
          'Create or update price lists; priceItemInfos replace the items, priceItemChanges change some; answers the first 1000 items',
        permission,
        body: ZPriceListSaveRequest,
        response: ZPriceListInfos,
        bodyLimit: SAVE_BODY_LIMIT,
      },
      async ({ caller, body }) => ({ priceListInfos: await priceLists.save(caller, body.priceListInfos) }),
    );
  }

  route.post(
    '/prices/delete/pricelist',
    {
      summary: 'Delete price lists with their items',
      permission: 'contentmanagement.delete',
      body: ZPriceListDeleteRequest,
      response: ZPriceListInfos,
    },
    async ({ caller, body }) => ({
      priceListInfos: await priceLists.delete(
        caller,
        body.priceListInfos.map((l) => l.priceListId),
      ),
    }),
  );

  route.post(
    '/prices/copy/pricelist',
    {
      summary: 'Copy a price list with its items as <code>-copy (then -copy-2, …)',
      permission: 'contentmanagement.create',
      body: ZPriceListCopyRequest,
      response: ZPriceListInfos,
    },
    async ({ caller, body }) => {
      const copies = [];
      // One after another: copies of one list must not pick the same name.
      for (const id of body.priceListIds) copies.push(await priceLists.copy(caller, id));
      return { priceListInfos: copies };
    },
  );

  for (const kind of ['pricelist', 'partlist'] as const) {
    route.file(
      `/prices/export/${kind}/:id`,
      {
        summary: `The ${kind === 'pricelist' ? 'price' : 'part'} list as an .xlsx (column titles in ?language= or Accept-Language)`,
        permission: 'contentmanagement.read',
        params: ZIdParams,
        query: ZLanguageQuery,
      },
      async ({ caller, params, query, request, reply }) => {
        const code = await priceLists.codeOf(caller, params.id, kind);
        const language = query.language ?? languageOfHeader(request.headers['accept-language']);
        const body = new PassThrough();
        void priceLists
          .exportSheet(caller, params.id, kind, language, body)
          .catch((error: unknown) => body.destroy(error as Error));
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', contentDisposition(`${code}.xlsx`))
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );

    route.post(
      `/prices/import/${kind}`,
      {
        summary: `Replace the ${kind === 'pricelist' ? 'price' : 'part'} list items from an .xlsx sent base64 (all or nothing: 422 names every bad row); dryRun answers the counts it would add, change and remove`,
        permission: 'contentmanagement.update',
        body: ZImportRequest,
        response: ZPriceListImportAnswer,
        bodyLimit: Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 1024 * 1024,
      },
      async ({ caller, body }) => {
        const content = decodeBase64('excelFile', body.excelFile.base64FileContent, MAX_IMPORT_BYTES);
        return priceLists.importSheet(
          caller,
          body.priceListId,
          kind,
          Readable.from([content]),
          'excelFile',
          body.dryRun === true,
        );
      },
    );
  }

  await app.register(uploadRoutes);
}

/** The streaming import, in its own scope: only these routes read multipart bodies. */
async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { priceLists } = app.services;
  const route = routesOf(app);
  const readUpload = await acceptUploads(app, { maxBytes: MAX_IMPORT_BYTES, defaultName: 'import.xlsx' });
  for (const kind of ['pricelist', 'partlist'] as const) {
    route.post(
      `/prices/import/${kind}/:id/upload`,
      {
        summary: `Replace the ${kind === 'pricelist' ? 'price' : 'part'} list items from an .xlsx streamed as multipart (field "file"), all or nothing; ?dryRun=true answers the counts only`,
        permission: 'contentmanagement.update',
        params: ZIdParams,
        query: ZImportQuery,
        response: ZPriceListImportAnswer,
      },
      async ({ caller, params, query, request }) => {
        const { stream } = await readUpload(request);
        return priceLists.importSheet(caller, params.id, kind, stream, 'file', query.dryRun === 'true');
      },
    );
  }
}
