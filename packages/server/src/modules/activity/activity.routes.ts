import { ZActivityFindRequest, ZActivityPage } from '@portal/contract';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Json } from '../../lib/json-page.ts';
import { contentDisposition } from '../../lib/send-file.ts';
import { JsonText, routesOf } from '../../plugins/routes.ts';

const PERMISSION = 'partnermanagement.read';

/** The activity log (issue 24): admins read every row, partners their company tree's. */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  const { activityLog } = app.services;
  const route = routesOf(app);

  route.post(
    '/activity/find',
    {
      summary:
        "Activity log rows of the caller's tree (admins: all), newest first: filters by user, company, kind, record and time range",
      permission: PERMISSION,
      body: ZActivityFindRequest,
      response: ZActivityPage,
    },
    async ({ caller, body }) => {
      const page = await activityLog.find(caller, body);
      return JsonText.of({ activityInfos: page.json(), totalCount: Json.of(page.total) });
    },
  );

  route.file(
    '/activity/export',
    {
      summary: 'The whole filtered activity log (same filters as find, no paging) as CSV',
      permission: PERMISSION,
      body: ZActivityFindRequest,
    },
    async ({ caller, body, reply }) => {
      const lines = await activityLog.exportCsv(caller, body);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`activity-${date}.csv`))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(lines));
    },
  );
}
