import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TTwoStepSetup = { secret: string; otpauthUrl: string };

/** POST /api/user/mfa/setup: a new secret for the authenticator app (not active until enabled). */
export function setUpTwoStep(): Promise<TTwoStepSetup> {
  return apiRequest<TTwoStepSetup>('/user/mfa/setup', { body: {} });
}

/** POST /api/user/mfa/enable {code}: turns the second factor on and answers single-use recovery codes. */
export function enableTwoStep(code: string): Promise<{ recoveryCodes: string[] }> {
  return apiRequest<{ recoveryCodes: string[] }>('/user/mfa/enable', { body: { code } });
}

/** POST /api/user/mfa/disable {code}. */
export function disableTwoStep(code: string): Promise<object> {
  return apiRequest('/user/mfa/disable', { body: { code } });
}

export function useSetUpTwoStep() {
  return useMutation({ mutationFn: setUpTwoStep });
}

export function useEnableTwoStep() {
  return useMutation({ mutationFn: enableTwoStep });
}

export function useDisableTwoStep() {
  return useMutation({ mutationFn: disableTwoStep });
}
