import { ZCustomerFindRequest, ZCustomerPage } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Customers: everyone the portal serves in one list. */
export async function customersRoutes(app: FastifyInstance): Promise<void> {
  const { customers } = app.services;
  const route = routesOf(app);

  route.post(
    '/customer/find',
    {
      summary:
        'Companies (Business) and users without a company (Individual, admins only), Active or Suspended',
      permission: 'companymanagement.read',
      body: ZCustomerFindRequest,
      response: ZCustomerPage,
    },
    ({ caller, body }) => customers.find(caller, body),
  );
}
