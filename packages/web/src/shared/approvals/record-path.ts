import type { TApprovalRecordKind } from '@portal/contract';

/** Each kind of record's page in the app, as the server's notifications name it too. */
const PAGES: Record<TApprovalRecordKind, string> = {
  family: '/families',
  scenario: '/scenarios',
  placementRule: '/placement-rules',
};

/** The page of one record of a kind that goes through approvals ('/scenarios/12'). */
export function recordPath(kind: TApprovalRecordKind, id: number): string {
  return `${PAGES[kind]}/${id}`;
}
