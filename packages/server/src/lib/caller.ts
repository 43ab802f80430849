import type { TApiTokenScope } from '@portal/contract';

/**
 * The caller, as the verified token and a live session say: what services decide on. It lives
 * here, not in plugins/auth.ts which fills it in, so services stay below the HTTP layer.
 */
export type TAuth = {
  userId: number;
  sessionId: string;
  login: string;
  companyId: number | null;
  roles: string[];
  permissions: ReadonlySet<string>;
  selfcare: boolean;
  /** An administrator who must enable the second factor before anything else. */
  mfaSetup: boolean;
  /** Admins see every company (CONTRACT 3); the mark of one is the adminmanagement.read permission. */
  isAdmin: boolean;
  /** Set when the caller is an API token acting for its creator (CONTRACT 8): which, and its scopes. */
  apiToken?: { id: number; scopes: readonly TApiTokenScope[] };
};
