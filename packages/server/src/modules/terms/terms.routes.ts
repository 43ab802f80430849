import { ZTermsInfos, ZUserInfos, ZId } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOf } from '../../plugins/routes.ts';

const ZTermsParams = z.object({ termsId: z.coerce.number().pipe(ZId) });

/** The terms a signed-in user must accept, and accepting them. */
export async function termsRoutes(app: FastifyInstance): Promise<void> {
  const { terms } = app.services;
  const route = routesOf(app);

  route.get(
    '/terms/current',
    {
      summary:
        "The terms the caller must accept (company's own, nearest ancestor's, else portal-wide); empty when none",
      permission: 'signed-in',
      response: ZTermsInfos,
    },
    async ({ caller }) => {
      const current = await terms.currentFor(caller.companyId);
      return { termsInfos: current ? [current] : [] };
    },
  );

  route.get(
    '/user/acceptterms/:termsId',
    {
      summary: 'Accept the current terms',
      permission: 'signed-in',
      params: ZTermsParams,
      response: ZUserInfos,
    },
    async ({ caller, params }) => ({ userInfos: [await terms.accept(caller, params.termsId)] }),
  );
}
