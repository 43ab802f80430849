import {
  languageOfHeader,
  PLACEMENT_RULE_IMPORT_MAX_BYTES,
  ZPlacementRuleDeleteRequest,
  ZPlacementRuleExportQuery,
  ZPlacementRuleImportAnswer,
  ZPlacementRuleImportRequest,
  ZPlacementRuleFindRequest,
  ZPlacementRuleInfos,
  ZPlacementRuleLookup,
  ZLookupQuery,
  ZPlacementRulePage,
  ZPlacementRuleSaveRequest,
} from '@portal/contract';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { decodeBase64 } from '../../lib/file-store.ts';
import { Json } from '../../lib/json-page.ts';
import { contentDisposition } from '../../lib/send-file.ts';
import { sheetLanguage } from '../../lib/sheet-file.ts';
import { JsonText, routesOf } from '../../plugins/routes.ts';

const SHEET_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** Placement rules (spec 7, CONTRACT 4): which scenario a service takes, through the approval workflow. */
export async function placementRulesRoutes(app: FastifyInstance): Promise<void> {
  const { placementRules, placementLookup, placementRulesTransfer: transfer } = app.services;
  const route = routesOf(app);

  route.post(
    '/placement-rules/find',
    {
      summary:
        'Find placement rules: includeTempItems, active, ids, companies, scenarios, search on name, paging, sorting',
      permission: 'contentmanagement.read',
      body: ZPlacementRuleFindRequest,
      response: ZPlacementRulePage,
    },
    // The records go out as PostgreSQL wrote them.
    async ({ caller, body }) => {
      const page = await placementRules.find(caller, body);
      return JsonText.of({ placementRuleInfos: page.json(), totalCount: Json.of(page.total) });
    },
  );

  route.post(
    '/placement-rules/save',
    {
      summary: 'Create placement rules (non-admins: requests for approval)',
      permission: 'contentmanagement.create',
      body: ZPlacementRuleSaveRequest,
      response: ZPlacementRuleInfos,
    },
    async ({ caller, body }) => ({
      placementRuleInfos: await placementRules.save(caller, body.placementRuleInfos),
    }),
  );

  route.post(
    '/placement-rules/update',
    {
      summary: 'Update placement rules (non-admins: change requests; admins act with tifAction)',
      permission: 'contentmanagement.update',
      body: ZPlacementRuleSaveRequest,
      response: ZPlacementRuleInfos,
    },
    async ({ caller, body }) => ({
      placementRuleInfos: await placementRules.update(caller, body.placementRuleInfos),
    }),
  );

  route.post(
    '/placement-rules/delete',
    {
      summary: 'Delete placement rules (non-admins: removal requests)',
      permission: 'contentmanagement.delete',
      body: ZPlacementRuleDeleteRequest,
      response: ZPlacementRuleInfos,
    },
    async ({ caller, body }) => ({
      placementRuleInfos: await placementRules.delete(
        caller,
        body.placementRuleInfos.map((rule) => rule.placementRuleId),
      ),
    }),
  );

  route.get(
    '/placement-rules/diKeeperGet',
    {
      summary:
        "The lookup for design tools: published rules of the caller's tree matching TypeCode, MaterialCode, ServiceSize, ConstructionElement, ConstructionMaterialCode, ConstructionThickness, FireRating, ApertureWidth, ApertureHeight, AcousticPerformance, ClosureDeviceSystemType, AdditionalInsulationTypeCode, CompanyId; best first (limit); near misses when none",
      permission: 'contentmanagement.read',
      tokenScope: 'lookup',
      query: ZLookupQuery,
      response: ZPlacementRuleLookup,
    },
    async ({ caller, query }) => JsonText.of(await placementLookup.rules(caller, query)),
  );

  route.post(
    '/placement-rules/diKeeperimport',
    {
      summary:
        'Import rules from an .xlsx or CSV sent base64 (loadedFile): a row with placementRuleId updates it, one without creates; all or nothing (422 names every bad row and column); rows equal to their rule are left; dryRun answers the counts only',
      permission: 'contentmanagement.create',
      body: ZPlacementRuleImportRequest,
      response: ZPlacementRuleImportAnswer,
      bodyLimit: Math.ceil((PLACEMENT_RULE_IMPORT_MAX_BYTES * 4) / 3) + 1024 * 1024,
    },
    ({ caller, body }) =>
      transfer.importFile(
        caller,
        decodeBase64('loadedFile', body.loadedFile.base64FileContent, PLACEMENT_RULE_IMPORT_MAX_BYTES),
        'loadedFile',
        body.dryRun === true,
      ),
  );

  route.file(
    '/placement-rules/export',
    {
      summary:
        'The visible published rules as ?format=xlsx (default) or csv, column titles in ?language= or Accept-Language, filtered by active, search, companyId, scenarioId; the import takes the file back',
      permission: 'contentmanagement.read',
      query: ZPlacementRuleExportQuery,
    },
    async ({ caller, query, request, reply }) => {
      const format = query.format ?? 'xlsx';
      const language = sheetLanguage(query.language ?? languageOfHeader(request.headers['accept-language']));
      const body = new PassThrough();
      void transfer
        .exportFile(caller, query, format, language, body)
        .catch((error: unknown) => body.destroy(error as Error));
      return reply
        .type(SHEET_TYPES[format])
        .header('content-disposition', contentDisposition(`placement-rules.${format}`))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
