import {
  ZScenarioLookup,
  ZScenarioLookupQuery,
  ZScenarioDeleteRequest,
  ZScenarioFindRequest,
  ZScenarioInfos,
  ZScenarioPage,
  ZScenarioSaveRequest,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { Json } from '../../lib/json-page.ts';
import { JsonText, routesOf } from '../../plugins/routes.ts';

/** Scenarios (spec 7, CONTRACT 4): tested details, through the approval workflow. */
export async function scenariosRoutes(app: FastifyInstance): Promise<void> {
  const { scenarios, placementLookup } = app.services;
  const route = routesOf(app);

  route.post(
    '/scenario/find',
    {
      summary:
        'Find scenarios: includeTempItems, active, ids, companies, families, search on name, paging, sorting',
      permission: 'contentmanagement.read',
      body: ZScenarioFindRequest,
      response: ZScenarioPage,
    },
    // The records go out as PostgreSQL wrote them.
    async ({ caller, body }) => {
      const page = await scenarios.find(caller, body);
      return JsonText.of({ scenarioInfos: page.json(), totalCount: Json.of(page.total) });
    },
  );

  route.post(
    '/scenario/save',
    {
      summary: 'Create scenarios (non-admins: requests for approval)',
      permission: 'contentmanagement.create',
      body: ZScenarioSaveRequest,
      response: ZScenarioInfos,
    },
    async ({ caller, body }) => ({ scenarioInfos: await scenarios.save(caller, body.scenarioInfos) }),
  );

  route.post(
    '/scenario/update',
    {
      summary: 'Update scenarios (non-admins: change requests; admins act with tifAction)',
      permission: 'contentmanagement.update',
      body: ZScenarioSaveRequest,
      response: ZScenarioInfos,
    },
    async ({ caller, body }) => ({ scenarioInfos: await scenarios.update(caller, body.scenarioInfos) }),
  );

  route.post(
    '/scenario/delete',
    {
      summary: 'Delete scenarios no placement rule uses (non-admins: removal requests)',
      permission: 'contentmanagement.delete',
      body: ZScenarioDeleteRequest,
      response: ZScenarioInfos,
    },
    async ({ caller, body }) => ({
      scenarioInfos: await scenarios.delete(
        caller,
        body.scenarioInfos.map((scenario) => scenario.scenarioId),
      ),
    }),
  );

  route.get(
    '/scenario/diKeeperGet',
    {
      summary:
        "The lookup for design tools: published scenarios of the caller's tree matching ConstructionElement, ConstructionMaterialCode, ConstructionThickness, FireRating, ApertureWidth, ApertureHeight, AcousticPerformance, CompanyId; best first (limit); near misses when none",
      permission: 'contentmanagement.read',
      tokenScope: 'lookup',
      query: ZScenarioLookupQuery,
      response: ZScenarioLookup,
    },
    async ({ caller, query }) => JsonText.of(await placementLookup.scenarios(caller, query)),
  );
}
