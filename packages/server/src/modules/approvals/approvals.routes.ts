import {
  ZApprovalActAnswer,
  ZApprovalActRequest,
  ZApprovalDecisionFindRequest,
  ZApprovalDecisionPage,
  ZApprovalFindRequest,
  ZApprovalPage,
  ZPendingCount,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** The approvals inbox: pending requests, an admin's decisions on them, and the decisions kept. */
export async function approvalsRoutes(app: FastifyInstance): Promise<void> {
  const { approvalsInbox } = app.services;
  const route = routesOf(app);

  route.post(
    '/approvals/find',
    {
      summary:
        'Pending requests with their record, original, changed fields and allowed actions (admins: all; contributors: their tree, read-only)',
      permission: 'contentmanagement.update',
      body: ZApprovalFindRequest,
      response: ZApprovalPage,
    },
    ({ caller, body }) => approvalsInbox.find(caller, body),
  );

  route.get(
    '/approvals/pending-count',
    {
      summary:
        'Requests of every kind (families, scenarios, placement rules) waiting for an admin (contributors: their tree; end users: 0)',
      permission: 'contentmanagement.read',
      response: ZPendingCount,
    },
    async ({ caller }) => ({ pendingCount: await approvalsInbox.pendingCount(caller) }),
  );

  route.post(
    '/approvals/act',
    {
      summary:
        'Decide requests with one tifAction, all or nothing (a reason to disapprove); 409 changedAtOnce when one is no longer pending',
      permission: 'adminmanagement.update',
      body: ZApprovalActRequest,
      response: ZApprovalActAnswer,
    },
    ({ caller, body }) => approvalsInbox.act(caller, body),
  );

  route.post(
    '/approvals/decisions',
    {
      summary:
        'Decisions on requests with their reasons and comments (admins: all; contributors: their tree)',
      permission: 'contentmanagement.update',
      body: ZApprovalDecisionFindRequest,
      response: ZApprovalDecisionPage,
    },
    ({ caller, body }) => approvalsInbox.decisions(caller, body),
  );
}
