import {
  ZCategoryDeleteRequest,
  ZCategoryFindRequest,
  ZCategoryInfos,
  ZCategoryPage,
  ZCategorySaveRequest,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Pictures travel base64 in the body (5 MiB each, base64 a third larger). */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

/** Categories (spec 7): read by everyone who reads content, kept by admins. */
export async function categoriesRoutes(app: FastifyInstance): Promise<void> {
  const { categories } = app.services;
  const route = routesOf(app);

  route.post(
    '/category/find',
    {
      summary: "Find categories, with how many published families each holds in the caller's library",
      permission: 'contentmanagement.read',
      body: ZCategoryFindRequest,
      response: ZCategoryPage,
    },
    ({ caller, body }) => categories.find(caller, body),
  );

  route.post(
    '/category/save',
    {
      summary: 'Create or update categories with their pictures, all or nothing',
      permission: 'adminmanagement.update',
      body: ZCategorySaveRequest,
      response: ZCategoryInfos,
      bodyLimit: SAVE_BODY_LIMIT,
    },
    async ({ caller, body }) => ({ categoryInfos: await categories.save(caller, body.categoryInfos) }),
  );

  route.post(
    '/category/delete',
    {
      summary: 'Delete categories that no family uses (409 says how many do)',
      permission: 'adminmanagement.delete',
      body: ZCategoryDeleteRequest,
      response: ZCategoryInfos,
    },
    async ({ caller, body }) => ({
      categoryInfos: await categories.delete(
        caller,
        body.categoryInfos.map((c) => c.categoryId),
      ),
    }),
  );
}
