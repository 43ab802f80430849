import { ZStatisticsAnswer, ZStatisticsRequest } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Statistics (CONTRACT 7): the dashboard's figures for a range of days, for admins and partners. */
export async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  const { statistics } = app.services;
  const route = routesOf(app);

  route.post(
    '/statistics/get',
    {
      summary:
        "Sign-ins, active users, registrations and downloads per day of a range in a time zone, with totals, the period before, top families and categories, downloads per company, pending approvals and expiring licences (admins: all or one company's tree; partners: their tree)",
      permission: 'partnermanagement.read',
      body: ZStatisticsRequest,
      response: ZStatisticsAnswer,
    },
    ({ caller, body }) => statistics.get(caller, body),
  );
}
