import { useMutation } from '@tanstack/react-query';
import { endSession } from '../../../shared/api/session.ts';

/** Sign out: GET /api/user/logout, then the local session is cleared whatever the answer. */
export function useLogout() {
  return useMutation({ mutationFn: endSession });
}
