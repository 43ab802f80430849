import {
  ZPlacementRuleDeleteRequest,
  ZPlacementRuleFindRequest,
  ZPlacementRuleInfos,
  ZPlacementRuleLookup,
  ZLookupQuery,
  ZPlacementRulePage,
  ZPlacementRuleSaveRequest,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { Json } from '../../lib/json-page.ts';
import { JsonText, routesOf } from '../../plugins/routes.ts';

/** Placement rules (spec 7, CONTRACT 4): which scenario a service takes, through the approval workflow. */
export async function placementRulesRoutes(app: FastifyInstance): Promise<void> {
  const { placementRules, placementLookup } = app.services;
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
    ({ caller, query }) => placementLookup.rules(caller, query),
  );
}
