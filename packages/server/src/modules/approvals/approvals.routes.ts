import {
  ZApprovalActAnswer,
  ZApprovalActRequest,
  ZApprovalDecisionFindRequest,
  ZApprovalDecisionPage,
  ZApprovalFindRequest,
  ZApprovalPage,
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
